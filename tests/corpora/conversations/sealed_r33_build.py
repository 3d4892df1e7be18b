"""Rebuild the unlabelled rows of sealed round 33 (``hedges_sealed_r33.jsonl``, ``turns_sealed_r33.jsonl``).

Usage: ``python sealed_r33_build.py RECLLMSIM_GIT HEDGES_OUT TURNS_OUT``.

- ``RECLLMSIM_GIT``: a clone (or ``fetch`` mirror) of wzf2000/RecLLMSim ("Human Vs. Agent: task-oriented
  conversations with LLMs"). At ``RECLLMSIM[1]`` each conversation is one ``.json`` file whose ``history`` is a
  list of ``user`` and ``assistant`` messages (``content``; the LLM-user part adds ``content_zh``, a
  translation, which is not taken). No tool is called: the assistant answers from what it knows.

  - ``LLM_agent_user/new travel planning/<n>.json`` (English): gpt-4-turbo-preview prompted as "a helpful travel
    advisor" serving a client, and an LLM (the same model, per ``RecUserSim/config/gen_chat_new.json``) playing
    the client from a profile and a trip brief. The first ``EN_CONVERSATIONS`` files by number are taken.
  - ``real_human_user/User_<u>/<task>/<n>.json`` (Chinese): real people (the authors' user study) planning a trip
    (``旅行规划``) or choosing a gift (``礼物准备``) with an LLM assistant. The first ``ZH_CONVERSATIONS`` files of
    each of the two tasks, ordered by user number then file number, are taken.

Hedge rows (``kind`` ``message``): every assistant message of the taken conversations, in that order; none drawn
or skipped by any cue (no cue list is used). ``latest_result`` is ``""`` (no tool result exists). ``user`` is the
last user message before the assistant message (``""`` when none; session 32).

Turn rows: every user message of the same conversations; ``previous`` the assistant message before it (``""`` when
it opens), ``asked`` whether ``previous`` ends with a question mark (``?`` or ``？``).

Texts shorter than ``MIN_CHARS`` are skipped, a text already taken is not taken again, and a text another
unsealed file of this folder holds is dropped. If an output file exists, its hand-written ``hedge`` / ``label``
and ``note`` are kept by ``id``. The labels were written by hand with GUIDELINE.md before any projeval detector
or classifier ran on the rows. The still-sealed files (rounds 23, 24b, 25, 26) are never opened (not even to
check for overlap).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

RECLLMSIM = ("wzf2000/RecLLMSim", "d680f2f9d5b8caba6174b4deeef854ea4a8f4b20")
EN_DIR = "LLM_agent_user/new travel planning/"
ZH_DIR = "real_human_user/"
ZH_TASKS = ("旅行规划", "礼物准备")
EN_CONVERSATIONS = 32
ZH_CONVERSATIONS = 15
MIN_CHARS = 2
# still sealed (never opened) and this round itself
SEALED_ROUNDS = ("sealed_r23", "sealed_r24b", "sealed_r25", "sealed_r26", "sealed_r33")
NUMBER = re.compile(r"\d+")
HERE = Path(__file__).parent


def git(repo: str, *args: str) -> bytes:
    """The output of a git command in ``repo``."""
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, check=True).stdout


def folder_texts() -> set[str]:
    """Texts the other (unsealed) files of this folder hold."""
    out: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if any(s in path.name for s in SEALED_ROUNDS):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    out.add(text.strip())
    return out


def asked(previous: str) -> bool:
    """Whether the assistant message before the turn ends with a question mark."""
    return previous.rstrip().endswith(("?", "？"))


def numbers(path: str) -> tuple[int, ...]:
    """The numbers in a path, to order ``User_2/…/10.json`` after ``User_2/…/9.json``."""
    return tuple(int(n) for n in NUMBER.findall(path))


def taken_files(repo: str) -> list[tuple[str, str]]:
    """(language, path) of every conversation taken, in row order."""
    names = (
        git(repo, "ls-tree", "-r", "--name-only", "-z", RECLLMSIM[1]).decode("utf-8").split("\0")
    )
    english = sorted(
        (n for n in names if n.startswith(EN_DIR) and n.endswith(".json")), key=numbers
    )
    out = [("en", n) for n in english[:EN_CONVERSATIONS]]
    for task in ZH_TASKS:
        chinese = [
            n for n in names if n.startswith(ZH_DIR) and f"/{task}/" in n and n.endswith(".json")
        ]
        out += [("zh", n) for n in sorted(chinese, key=numbers)[:ZH_CONVERSATIONS]]
    return out


def messages(repo: str, path: str) -> list[dict]:
    """A conversation's messages with text: role, text and index."""
    data = json.loads(git(repo, "show", f"{RECLLMSIM[1]}:{path}"))
    out: list[dict] = []
    for i, m in enumerate(data["history"]):
        text = m.get("content")
        if isinstance(text, str) and text.strip():
            out.append({"role": m["role"], "text": text.strip(), "index": i})
    return out


def keep_labels(out_file: str, rows: list[dict], fields: tuple[str, ...]) -> None:
    """Write rows, keeping the hand-written fields of an existing file by id."""
    old: dict[str, dict] = {}
    out = Path(out_file)
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                old[row["id"]] = row
    with out.open("w", encoding="utf-8") as f:
        for r in rows:
            for field in fields:
                if field in old.get(r["id"], {}):
                    r[field] = old[r["id"]][field]
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main(repo: str, hedges_out: str, turns_out: str) -> None:
    """Take the rows and write them (labels kept from existing outputs)."""
    taken = folder_texts()
    hedges: list[dict] = []
    turns: list[dict] = []
    count = {"en": [0, 0], "zh": [0, 0]}
    for lang, path in taken_files(repo):
        previous = user = ""
        for m in messages(repo, path):
            text, where = m["text"], f"{path}#{m['index']}"
            if m["role"] == "assistant":
                previous = text
                if len(text) < MIN_CHARS or text in taken:
                    continue
                taken.add(text)
                hedges.append(
                    {
                        "id": f"s33-{lang}-{count[lang][0]:03d}",
                        "source": RECLLMSIM[0],
                        "commit": RECLLMSIM[1],
                        "path": where,
                        "lang": lang,
                        "kind": "message",
                        "text": text,
                        "latest_result": "",
                        "user": user,
                    }
                )
                count[lang][0] += 1
            elif m["role"] == "user":
                user = text  # the last user turn, taken as a row or not
                if len(text) < MIN_CHARS or text in taken:
                    continue
                taken.add(text)
                turns.append(
                    {
                        "id": f"s33-{lang}-t{count[lang][1]:03d}",
                        "source": RECLLMSIM[0],
                        "commit": RECLLMSIM[1],
                        "lang": lang,
                        "path": where,
                        "text": text,
                        "previous": previous,
                        "asked": asked(previous),
                    }
                )
                count[lang][1] += 1
    keep_labels(hedges_out, hedges, ("hedge", "note"))
    keep_labels(turns_out, turns, ("label", "note"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
