"""Rebuild the unlabelled rows of sealed round 25 from its two sources.

Usage: ``python sealed_r25_build.py CHATCHECKER_GIT CRSA_GIT OUT_DIR``.

- ``CHATCHECKER_GIT``: a clone (or ``fetch`` mirror) of chat-checker-coder/eval-of-chat-checker-anon
  at ``CHATCHECKER_COMMIT``. Its ``chatbots/autotod_multiwoz/runs/*/*/dialogue_*.yaml`` files are
  recorded conversations of AutoTOD (GPT-4 Turbo calling the MultiWOZ database APIs for restaurants,
  hotels, attractions, trains and taxis in Cambridge) with LLM-simulated users (AutoTOD's own
  simulator replaying MultiWOZ goals, "standard" personas and "challenging" personas). The runs keep
  the messages (``chat_history``: ``user`` and ``dialogue_system``), not the API results, so English
  rows carry no ``latest_result``.
- ``CRSA_GIT``: a clone (or mirror) of RealRook1ee/CRSA at ``CRSA_COMMIT``. ``data/test.json.zip``
  and ``data/train.json.zip`` hold Chinese airline-ticket booking dialogues (a booking system and a
  customer, with user anomalies: pushback, changes of mind, off-task asks), each sample a prefix of
  a dialogue with its annotation; a dialogue is rebuilt from the longest sample of which the others
  are prefixes. The flights the system's searches returned are the annotation's ``ticket_options``:
  they are the ``latest_result`` of every system message from the search on (ticket selection and
  booking stages).

Writes ``hedges_draft.jsonl`` and ``turns_draft.jsonl`` to OUT_DIR: the rows of
``hedges_sealed_r25.jsonl`` and ``turns_sealed_r25.jsonl`` without their labels (``hedge``,
``label``, ``note`` were written by hand afterwards). Dialogues are drawn in an order fixed by the
seed from their places (file paths, sample indices), never by their words; messages and turns are
taken in dialogue order until each language has ``PER_LANG`` rows of each kind. A text that a row of
another file of this folder holds, or an earlier row of this round, is dropped (the sealed files of
rounds 23-25 are not read). The runner's failure placeholder (``chatbot_error``) is not model text
and is left out.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import yaml

CHATCHECKER = "chat-checker-coder/eval-of-chat-checker-anon"
CHATCHECKER_COMMIT = "7fe4b0634927bc0c037426f0e251347aad19bd7d"
RUNS = "chatbots/autotod_multiwoz/runs/"
CRSA = "RealRook1ee/CRSA"
CRSA_COMMIT = "aef3cd7598a0c0467f078fac183f97a2c7be48f1"
#: (zip path, member) of the two annotated files, in the order they are read.
CRSA_FILES = (("data/test.json.zip", "test .json"), ("data/train.json.zip", "train.json"))
STAGES = ("basic_information", "ticket_selection", "booking_information")
SEED = 25
PER_LANG = 150
HERE = Path(__file__).parent
#: Placeholders the ChatChecker runner records when the chatbot call failed: no model text.
NOT_MODEL_TEXT = frozenset({"chatbot_error"})


def git(repo: str, *args: str) -> bytes:
    """Output of a git command in ``repo``."""
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, check=True).stdout


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (the sealed files of rounds 23-25 unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if any(f"sealed_r{r}" in path.name for r in ("23", "24", "25")):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def english_dialogues(repo: str) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """(path, [(place, role, text)]) of every AutoTOD run dialogue, in the seed's order."""
    names = git(repo, "ls-tree", "-r", "--name-only", CHATCHECKER_COMMIT, RUNS).decode().split()
    paths = sorted(
        p for p in names if p.rsplit("/", 1)[-1].startswith("dialogue_") and p.endswith(".yaml")
    )
    random.Random(SEED).shuffle(paths)
    dialogues = []
    for path in paths:
        data = yaml.safe_load(git(repo, "show", f"{CHATCHECKER_COMMIT}:{path}"))
        turns = [
            (str(t["turn_id"]), "user" if t["role"] == "user" else "assistant", str(t["content"]))
            for t in data["chat_history"]
        ]
        dialogues.append((path, turns))
    return dialogues


def crsa_samples(repo: str) -> list[tuple[str, int, list[tuple[str, str]], str]]:
    """(path, index, [(role, text)], ticket_options JSON) of every annotated sample."""
    samples = []
    for zip_path, member in CRSA_FILES:
        blob = git(repo, "show", f"{CRSA_COMMIT}:{zip_path}")
        data = json.loads(zipfile.ZipFile(io.BytesIO(blob)).read(member))
        for i, sample in enumerate(data):
            record = json.loads(sample["input"])
            context = record["Context"]
            seq: list[tuple[str, str]] = []
            for stage in STAGES:
                for u in (context.get(stage) or {}).get("utterances") or []:
                    seq.append(("assistant" if u["speaker"] == "系统" else "user", u["text"]))
            dialogue = record.get("Dialogue") or {}
            asked = (dialogue.get("agenda") or {}).get("utterances") or ""
            said = (dialogue.get("user") or {}).get("utterances") or ""
            if asked:
                seq.append(("assistant", asked))
            if said:
                seq.append(("user", said))
            seq.append(("assistant", sample["output"]))
            options = (context.get("ticket_selection") or {}).get("ticket_options") or []
            result = (
                json.dumps(options, ensure_ascii=False, separators=(",", ":")) if options else ""
            )
            samples.append((f"{zip_path}:{member.strip()}", i, seq, result))
    return samples


def chinese_dialogues(repo: str) -> list[tuple[str, list[tuple[str, str, str]], str]]:
    """Whole dialogues: samples that no longer sample extends, in the seed's order."""
    samples = crsa_samples(repo)
    by_length = sorted(samples, key=lambda s: (-len(s[2]), s[0], s[1]))
    kept: list[tuple[str, int, list[tuple[str, str]], str]] = []
    for sample in by_length:
        if not any(k[2][: len(sample[2])] == sample[2] for k in kept):
            kept.append(sample)
    kept.sort(key=lambda s: (s[0], s[1]))
    random.Random(SEED).shuffle(kept)
    dialogues = []
    for path, index, seq, result in kept:
        turns = [(str(m), role, text) for m, (role, text) in enumerate(seq)]
        dialogues.append((f"{path}#{index}", turns, result))
    return dialogues


def add_rows(
    dialogues: list[tuple[str, list[tuple[str, str, str]], str]],
    base: dict,
    prefix: str,
    seen: set[str],
    messages: list[dict],
    turns: list[dict],
) -> None:
    """Append messages and turns of the dialogues, in order, until ``PER_LANG`` of each."""
    for path, seq, result in dialogues:
        if len(messages) >= PER_LANG and len(turns) >= PER_LANG:
            return
        previous = ""
        searched = False
        for place, role, raw in seq:
            text = raw.strip()
            if role == "assistant" and text in NOT_MODEL_TEXT:
                # Not a message row, but it is what the user answered: it stays ``previous``.
                previous = text
                continue
            if role == "assistant":
                # Results exist only once the system has searched (its listing of flights).
                searched = searched or "查询到" in text
                if text and text not in seen and len(messages) < PER_LANG:
                    seen.add(text)
                    messages.append(
                        {
                            "id": f"{prefix}-{len(messages):03d}",
                            **base,
                            "path": f"{path}/{place}",
                            "kind": "message",
                            "text": text,
                            "latest_result": result if searched else "",
                        }
                    )
                previous = text
            elif text and text not in seen and len(turns) < PER_LANG:
                seen.add(text)
                turns.append(
                    {
                        "id": f"{prefix}-t{len(turns):03d}",
                        **base,
                        "path": f"{path}/{place}",
                        "text": text,
                        "previous": previous,
                        "asked": previous.endswith(("?", "？")),
                    }
                )


def main(chatchecker_git: str, crsa_git: str, out_dir: str) -> None:
    """Write the draft rows (no labels) to ``out_dir``."""
    seen = known_texts()
    en_messages: list[dict] = []
    en_turns: list[dict] = []
    english = [(p, seq, "") for p, seq in english_dialogues(chatchecker_git)]
    base_en = {"source": CHATCHECKER, "commit": CHATCHECKER_COMMIT, "lang": "en"}
    add_rows(english, base_en, "s25-cc", seen, en_messages, en_turns)
    zh_messages: list[dict] = []
    zh_turns: list[dict] = []
    base_zh = {"source": CRSA, "commit": CRSA_COMMIT, "lang": "zh"}
    add_rows(chinese_dialogues(crsa_git), base_zh, "s25-cr", seen, zh_messages, zh_turns)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for name, rows in (
        ("hedges_draft.jsonl", en_messages + zh_messages),
        ("turns_draft.jsonl", en_turns + zh_turns),
    ):
        with (out / name).open("w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
