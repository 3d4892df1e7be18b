"""Rebuild the unlabelled rows of ``hedges_answers.jsonl`` from the two sources' git mirrors.

Usage: ``python hedges_answers_build.py ALPACA_EVAL_GIT BELLE_GIT OUT_FILE`` (clones of
tatsu-lab/alpaca_eval and LianjiaTech/BELLE). Writes the rows of ``hedges_answers.jsonl``
without their labels (``hedge`` and ``note`` were written by hand afterwards, before any
detector ran on the rows). Session 22's set of chat answers to open prompts, no tool results:

- English: Claude 3.5 Sonnet (2024-06-20) answering AlpacaEval's instructions (the
  leaderboard's recorded outputs); the instructions round 21 drew (GPT-3.5's answers, rows of
  ``hedges_sealed_r21.jsonl``) are skipped, so no instruction is answered twice in the folder;
- Chinese: ChatGPT's answers in BELLE's evaluation set, of the open classes (open qa,
  brainstorming, generation: explanations, advice, writing); the items round 21 drew are skipped.

Items are drawn by a fixed seed from their places in the files, never by their words; an answer
longer than its source's ``MAX_CHARS`` (so that each row can be read whole by hand) or shorter
than ``MIN_CHARS`` (a bare word is no explanation) is skipped, and a text that a row of another
file of this folder holds is dropped. The sealed files of rounds 23-25 are never opened. Each draft
row carries the instruction in ``prompt`` for the labeller; the committed rows drop it (the fields of
``hedges_sealed_r22.jsonl``: ``hedge`` on every row, ``note`` on the hedges).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

ALPACA = ("tatsu-lab/alpaca_eval", "cd543a149df89434d8a54582c0151c0b945c3d20")
BELLE = ("LianjiaTech/BELLE", "645084d36454cdeb4e7f1ce9b2f3426bac39f1f9")
#: Claude 3.5 Sonnet's recorded answers to AlpacaEval's 805 instructions.
ALPACA_PATH = "results/claude-3-5-sonnet-20240620/model_outputs.json"
#: BELLE's 1,000-item Chinese evaluation set: instructions and ChatGPT's answers.
BELLE_PATH = "eval/eval_set.json"
BELLE_CLASSES = frozenset({"open qa", "brainstorming", "generation"})
SEED = 2222
PER_SOURCE = 155
MAX_CHARS = {"en": 1500, "zh": 900}
MIN_CHARS = {"en": 80, "zh": 30}
SEALED = ("sealed_r23", "sealed_r24", "sealed_r25")
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def folder_rows() -> list[dict]:
    """Rows of the other files of this folder (the sealed files of rounds 23-25 unopened)."""
    out: list[dict] = []
    for path in sorted(HERE.glob("*.jsonl")):
        if any(s in path.name for s in SEALED) or path.name == "hedges_answers.jsonl":
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.append(json.loads(line))
    return out


def alpaca_items(git: str) -> list[tuple[str, str, str]]:
    """(place, instruction, answer) of every AlpacaEval item."""
    data = json.loads(show(git, ALPACA[1], ALPACA_PATH))
    return [(f"{ALPACA_PATH}#{i}", d["instruction"], d["output"]) for i, d in enumerate(data)]


def belle_items(git: str) -> list[tuple[str, str, str]]:
    """(place, question, answer) of BELLE's evaluation items of the open classes."""
    lines = [x for x in show(git, BELLE[1], BELLE_PATH).splitlines() if x.strip()]
    out = []
    for i, line in enumerate(lines):
        d = json.loads(line)
        if d["class"] in BELLE_CLASSES:
            out.append((f"{BELLE_PATH}#{i}", d["question"], d["std_answer"]))
    return out


def rows(
    tag: str,
    source: tuple[str, str],
    lang: str,
    items: list[tuple[str, str, str]],
    seen: set[str],
    used_index: set[str],
) -> list[dict]:
    """PER_SOURCE items drawn by the seed, one message row each."""
    order = list(range(len(items)))
    random.Random(SEED).shuffle(order)
    messages: list[dict] = []
    for index in order:
        if len(messages) >= PER_SOURCE:
            break
        place, asked_text, answer = items[index]
        asked_text, answer = asked_text.strip(), answer.strip()
        if place.split("#")[1] in used_index or asked_text in seen or answer in seen:
            continue
        if not MIN_CHARS[lang] <= len(answer) <= MAX_CHARS[lang]:
            continue
        seen.add(answer)
        messages.append(
            {
                "id": f"ans-{tag}-{len(messages):03d}",
                "source": source[0],
                "commit": source[1],
                "lang": lang,
                "path": f"{place}/answer",
                "kind": "message",
                "text": answer,
                "latest_result": "",
                "prompt": asked_text,
            }
        )
    return messages


def main(alpaca_git: str, belle_git: str, out_file: str) -> None:
    """Write the draft rows of the two sources."""
    folder = folder_rows()
    seen = {r["text"].strip() for r in folder if isinstance(r.get("text"), str)}
    used: dict[str, set[str]] = {ALPACA[0]: set(), BELLE[0]: set()}
    for r in folder:
        if r.get("source") in used and "#" in str(r.get("path", "")):
            used[r["source"]].add(r["path"].split("#")[1].split("/")[0])
    out: list[dict] = []
    for tag, source, lang, items in (
        ("cs", ALPACA, "en", alpaca_items(alpaca_git)),
        ("bl", BELLE, "zh", belle_items(belle_git)),
    ):
        out += rows(tag, source, lang, items, seen, used[source[0]])
    Path(out_file).write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out), encoding="utf-8"
    )


if __name__ == "__main__":
    main(*sys.argv[1:4])
