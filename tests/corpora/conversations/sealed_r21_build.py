"""Rebuild the unlabelled rows of sealed round 21 from the two sources' git mirrors.

Usage: ``python sealed_r21_build.py ALPACA_EVAL_GIT BELLE_GIT OUT_DIR`` (clones of
tatsu-lab/alpaca_eval and LianjiaTech/BELLE). Writes ``hedges_draft.jsonl`` and
``turns_draft.jsonl`` to OUT_DIR: the rows of ``hedges_sealed_r21.jsonl`` and
``turns_sealed_r21.jsonl`` without their labels (``hedge``, ``label``, ``note`` were written by
hand afterwards). Items are drawn by a fixed seed from their places in the files, never by their
words; an item whose answer is longer than ``MAX_CHARS`` is skipped (so that each row can be read
whole by hand), and a text that a row of another file of this folder holds is dropped (round 20's
and 21's sealed files are not read). Each item gives one user turn (the instruction, opening the
conversation) and one assistant message (the model's answer; neither source has a tool result, so
``latest_result`` is empty).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

ALPACA = ("tatsu-lab/alpaca_eval", "cd543a149df89434d8a54582c0151c0b945c3d20")
BELLE = ("LianjiaTech/BELLE", "645084d36454cdeb4e7f1ce9b2f3426bac39f1f9")
#: GPT-3.5 Turbo (1106, the leaderboard's "concise" prompt) answering AlpacaEval's 805 instructions.
ALPACA_PATH = "results/gpt-3.5-turbo-1106_concise/model_outputs.json"
#: BELLE's 1,000-item Chinese evaluation set: instructions and ChatGPT's reference answers.
BELLE_PATH = "eval/eval_set.json"
SEED = 21
PER_SOURCE = 150
MAX_CHARS = 900
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (round 20's and 21's sealed files unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if "sealed_r20" in path.name or "sealed_r21" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def alpaca_items(git: str) -> list[tuple[str, str, str]]:
    """(place, instruction, answer) of every AlpacaEval item."""
    data = json.loads(show(git, ALPACA[1], ALPACA_PATH))
    return [(f"{ALPACA_PATH}#{i}", d["instruction"], d["output"]) for i, d in enumerate(data)]


def belle_items(git: str) -> list[tuple[str, str, str]]:
    """(place, question, reference answer) of every BELLE evaluation item (one JSON a line)."""
    lines = [x for x in show(git, BELLE[1], BELLE_PATH).splitlines() if x.strip()]
    out = []
    for i, line in enumerate(lines):
        d = json.loads(line)
        out.append((f"{BELLE_PATH}#{i}", d["question"], d["std_answer"]))
    return out


def rows(
    tag: str, source: tuple[str, str], lang: str, items: list[tuple[str, str, str]], seen: set[str]
) -> tuple[list[dict], list[dict]]:
    """PER_SOURCE items drawn by the seed: a message row and a turn row each."""
    order = list(range(len(items)))
    random.Random(SEED).shuffle(order)
    messages: list[dict] = []
    turns: list[dict] = []
    for index in order:
        if len(messages) >= PER_SOURCE:
            break
        place, asked_text, answer = items[index]
        asked_text, answer = asked_text.strip(), answer.strip()
        if len(answer) > MAX_CHARS or not answer or asked_text in seen or answer in seen:
            continue
        seen.update((asked_text, answer))
        base = {"source": source[0], "commit": source[1], "lang": lang}
        turns.append(
            {
                "id": f"s21-{tag}-t{len(turns):03d}",
                **base,
                "path": f"{place}/instruction",
                "text": asked_text,
                "previous": "",
                "asked": False,
            }
        )
        messages.append(
            {
                "id": f"s21-{tag}-{len(messages):03d}",
                **base,
                "path": f"{place}/answer",
                "kind": "message",
                "text": answer,
                "latest_result": "",
            }
        )
    return messages, turns


def main(alpaca_git: str, belle_git: str, out_dir: str) -> None:
    """Write the draft rows of the two sources."""
    seen = known_texts()
    hedges: list[dict] = []
    turns: list[dict] = []
    for tag, source, lang, items in (
        ("ae", ALPACA, "en", alpaca_items(alpaca_git)),
        ("bl", BELLE, "zh", belle_items(belle_git)),
    ):
        m, t = rows(tag, source, lang, items, seen)
        hedges += m
        turns += t
    out = Path(out_dir)
    for name, data in (("hedges_draft.jsonl", hedges), ("turns_draft.jsonl", turns)):
        (out / name).write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in data), encoding="utf-8"
        )


if __name__ == "__main__":
    main(*sys.argv[1:4])
