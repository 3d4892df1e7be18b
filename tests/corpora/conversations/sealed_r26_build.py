"""Rebuild the unlabelled rows of sealed round 26 from its two sources' git mirrors.

Usage: ``python sealed_r26_build.py DUAL_LLM_GIT AGICLASS_GIT OUT_DIR``.

- ``DUAL_LLM_GIT``: a clone (or ``fetch`` mirror) of thewyveo/dual-LLM-dialogue at ``DUAL_LLM_COMMIT``.
  ``logs/individual_logs/conv_*.json`` are recorded runs of a hotel-booking assistant
  (Qwen2.5-1.5B-Instruct, prompted, PEFT- or fine-tuned) that answers from retrieved Amsterdam hotel
  candidates (the retrieval is not logged) against an LLM traveller with a persona. Round 18 took the
  runs ``conv_{explorer,minimalist}_{prompt,peft}_{0,4,8,12,16}.json``; they are left out here.
  English.
- ``AGICLASS_GIT``: a clone (or ``fetch`` mirror) of agiclass/fine-tuning-lab at ``AGICLASS_COMMIT``.
  ``data/enhanced_hotel_data/*.json`` are dialogues of a Chinese hotel-booking assistant (``user``,
  ``search`` with its arguments, ``return`` with the hotel records found, ``assistant``) on
  CrossWOZ's Beijing hotel database. Round 13 took every 40th file in name order (0, 40, 80, ...);
  those are left out here. Chinese.

Writes ``hedges_draft.jsonl`` and ``turns_draft.jsonl`` to OUT_DIR: the rows of
``hedges_sealed_r26.jsonl`` and ``turns_sealed_r26.jsonl`` without their labels (``hedge``,
``label``, ``note`` were written by hand afterwards). Conversations are drawn by a fixed seed from
their places in the files, never by their words; every assistant message and user turn of a drawn
conversation is taken until the source has ``PER_SOURCE`` rows of each kind. A text that a row of
another file of this folder holds, or an earlier row of this round, is dropped (the sealed files of
rounds 23 to 26 are not read).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

DUAL_LLM = "thewyveo/dual-LLM-dialogue"
DUAL_LLM_COMMIT = "30f6119db17baad021034ed79cd4a24e47758936"
DUAL_LLM_DIR = "logs/individual_logs/"
#: The runs round 18 took (its sources table).
DUAL_LLM_TAKEN = {
    f"{DUAL_LLM_DIR}conv_{persona}_{variant}_{run}.json"
    for persona in ("explorer", "minimalist")
    for variant in ("prompt", "peft")
    for run in (0, 4, 8, 12, 16)
}
AGICLASS = "agiclass/fine-tuning-lab"
AGICLASS_COMMIT = "adab507e8994608845602cb2dcf0ec5801df1d0d"
AGICLASS_DIR = "data/enhanced_hotel_data/"
SEED = 26
PER_SOURCE = 150
HERE = Path(__file__).parent
SEALED = ("sealed_r23", "sealed_r24", "sealed_r25", "sealed_r26")


def git(repo: str, *args: str) -> str:
    """The output of a git command in ``repo``."""
    return subprocess.run(
        ["git", "-C", repo, *args], capture_output=True, text=True, check=True
    ).stdout


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (the sealed files of rounds 23 to 26 unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if any(name in path.name for name in SEALED):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def files(repo: str, commit: str, folder: str) -> list[str]:
    """The ``.json`` files under ``folder`` at ``commit``, in name order."""
    names = git(repo, "ls-tree", "-r", "--name-only", commit, folder).split("\n")
    return sorted(n for n in names if n.endswith(".json"))


def take(
    entries: list[tuple[str, str, str]],
    path: str,
    base: dict,
    prefix: str,
    seen: set[str],
    messages: list[dict],
    turns: list[dict],
) -> None:
    """Append one conversation's assistant messages and user turns (``(role, text, result)``)."""
    previous = ""
    for index, (role, content, latest) in enumerate(entries):
        text = content.strip()
        place = f"{path}#/{index}"
        if role == "assistant":
            if text and text not in seen and len(messages) < PER_SOURCE:
                seen.add(text)
                messages.append(
                    {
                        "id": f"s26-{prefix}-{len(messages):03d}",
                        **base,
                        "path": place,
                        "kind": "message",
                        "text": text,
                        "latest_result": latest,
                    }
                )
            previous = text
        elif role == "user" and text and text not in seen and len(turns) < PER_SOURCE:
            seen.add(text)
            turns.append(
                {
                    "id": f"s26-{prefix}-t{len(turns):03d}",
                    **base,
                    "path": place,
                    "text": text,
                    "previous": previous,
                    "asked": previous.endswith(("?", "？")),
                }
            )


def dual_llm_rows(repo: str, seen: set[str]) -> tuple[list[dict], list[dict]]:
    """The hotel assistant's runs round 18 left, drawn by the seed."""
    paths = [p for p in files(repo, DUAL_LLM_COMMIT, DUAL_LLM_DIR) if p not in DUAL_LLM_TAKEN]
    random.Random(SEED).shuffle(paths)
    base = {"source": DUAL_LLM, "commit": DUAL_LLM_COMMIT, "lang": "en"}
    messages: list[dict] = []
    turns: list[dict] = []
    for path in paths:
        if len(messages) >= PER_SOURCE and len(turns) >= PER_SOURCE:
            break
        log = json.loads(git(repo, "show", f"{DUAL_LLM_COMMIT}:{path}"))
        # The retrieval is not logged: no message has a result.
        entries = [(m["role"], m.get("content") or "", "") for m in log.get("history", [])]
        take(entries, path, base, "dl", seen, messages, turns)
    return messages, turns


def agiclass_rows(repo: str, seen: set[str]) -> tuple[list[dict], list[dict]]:
    """The Chinese hotel assistant's dialogues round 13 left, drawn by the seed."""
    every = files(repo, AGICLASS_COMMIT, AGICLASS_DIR)
    paths = [p for i, p in enumerate(every) if i % 40 != 0]
    random.Random(SEED).shuffle(paths)
    base = {"source": AGICLASS, "commit": AGICLASS_COMMIT, "lang": "zh"}
    messages: list[dict] = []
    turns: list[dict] = []
    for path in paths:
        if len(messages) >= PER_SOURCE and len(turns) >= PER_SOURCE:
            break
        dialogue = json.loads(git(repo, "show", f"{AGICLASS_COMMIT}:{path}"))
        entries: list[tuple[str, str, str]] = []
        latest = ""
        for entry in dialogue:
            if entry.get("role") == "return":
                latest = json.dumps(entry.get("records"), ensure_ascii=False, separators=(",", ":"))
            # Placeholders keep each entry's index in the file for ``path``.
            content = entry.get("content") if entry.get("role") in ("user", "assistant") else ""
            entries.append((entry.get("role", ""), content or "", latest))
        take(entries, path, base, "ag", seen, messages, turns)
    return messages, turns


def main(dual_llm_git: str, agiclass_git: str, out_dir: str) -> None:
    """Write the draft rows of the two sources."""
    seen = known_texts()
    en_messages, en_turns = dual_llm_rows(dual_llm_git, seen)
    zh_messages, zh_turns = agiclass_rows(agiclass_git, seen)
    out = Path(out_dir)
    for name, data in (
        ("hedges_draft.jsonl", en_messages + zh_messages),
        ("turns_draft.jsonl", en_turns + zh_turns),
    ):
        (out / name).write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in data), encoding="utf-8"
        )


if __name__ == "__main__":
    main(*sys.argv[1:4])
