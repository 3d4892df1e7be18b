"""Rebuild the rows of ``turns_prompts.jsonl`` (session 22) from its two sources.

Usage: ``python turns_prompts_build.py URS_GIT ARENA_HARD_GIT OUT``.

- ``URS_GIT``: a clone (or ``fetch`` mirror) of Alice1998/URS. ``data/data_all.csv`` at
  ``URS_COMMIT`` holds 1,846 questions that real users reported asking chat assistants (ChatGPT,
  ERNIE Bot and others), collected by the URS survey, each with the reporter's intent class and
  language (``CN`` or ``EN``). Only the ``question`` column (the user's prompt) is read.
- ``ARENA_HARD_GIT``: a clone (or ``fetch`` mirror) of lmarena/arena-hard-auto.
  ``data/arena-hard-v0.1/question.jsonl`` at ``ARENA_COMMIT`` holds Arena-Hard's 500 prompts,
  chosen from real users' Chatbot Arena prompts; only ``prompt`` is read.

Rows are drawn by a fixed seed from their places in the files, never by their words: each source's
items are shuffled with ``SEED`` and taken in that order, skipping an item whose prompt is longer
than ``MAX_CHARS`` characters (so that every row can be read whole by hand), is empty, repeats a
prompt already taken, or is held by a row of another unsealed turn file of this folder; URS gives
``N_URS_ZH`` Chinese and ``N_URS_EN`` English rows, Arena-Hard ``N_ARENA`` English rows. Every prompt
opens its conversation, so ``previous`` is ``""`` and ``asked`` false.

If OUT already exists, the hand-written ``label`` and ``note`` of each row are kept by ``id``; new
rows are written without them. The labels were written by hand with GUIDELINE.md before any
classifier ran on the rows.
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

URS = "Alice1998/URS"
URS_COMMIT = "325eca97c45041b8d4bda6fefaf1975df12c75cd"
URS_PATH = "data/data_all.csv"
ARENA = "lmarena/arena-hard-auto"
ARENA_COMMIT = "196f6b826783b3da7310e361a805fa36f0be83f3"
ARENA_PATH = "data/arena-hard-v0.1/question.jsonl"
SEED = 2222
MAX_CHARS = 900
N_URS_ZH = 160
N_URS_EN = 80
N_ARENA = 80
HERE = Path(__file__).parent
#: Sealed files are never read (not even to check for overlap).
SEALED = re.compile(r"sealed_r2[3-9]")


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    out = subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, check=True
    ).stdout
    return out.decode("utf-8-sig")


def held_texts() -> set[str]:
    """Texts that unsealed turn files of this folder already hold."""
    held: set[str] = set()
    for f in sorted(HERE.glob("turns*.jsonl")):
        if SEALED.search(f.name) or f.name == "turns_prompts.jsonl":
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.strip():
                held.add(json.loads(line)["text"].strip())
    return held


def draw(
    items: list[tuple[int, str]], n: int, held: set[str], rng: random.Random
) -> list[tuple[int, str]]:
    """``n`` items in the seed's order, skipping long, empty, repeated or held prompts."""
    order = list(items)
    rng.shuffle(order)
    out: list[tuple[int, str]] = []
    for idx, text in order:
        t = text.strip()
        if not t or len(t) > MAX_CHARS or t in held:
            continue
        held.add(t)
        out.append((idx, t))
        if len(out) == n:
            break
    return sorted(out)


def main(urs_git: str, arena_git: str, out_path: str) -> None:
    """Write the rows (labels kept from an existing OUT)."""
    csv.field_size_limit(10**9)
    rows_csv = list(csv.DictReader(io.StringIO(show(urs_git, URS_COMMIT, URS_PATH))))
    zh = [(i, r["question"]) for i, r in enumerate(rows_csv) if r["language"] == "CN"]
    en = [(i, r["question"]) for i, r in enumerate(rows_csv) if r["language"] == "EN"]
    arena_lines = show(arena_git, ARENA_COMMIT, ARENA_PATH).splitlines()
    arena = [(i, json.loads(line)["prompt"]) for i, line in enumerate(arena_lines) if line.strip()]
    held = held_texts()
    rng = random.Random(SEED)
    picks = [
        ("urs", URS, URS_COMMIT, URS_PATH, "zh", draw(zh, N_URS_ZH, held, rng), "question"),
        ("urs", URS, URS_COMMIT, URS_PATH, "en", draw(en, N_URS_EN, held, rng), "question"),
        ("ah", ARENA, ARENA_COMMIT, ARENA_PATH, "en", draw(arena, N_ARENA, held, rng), "prompt"),
    ]
    old: dict[str, dict[str, object]] = {}
    out = Path(out_path)
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                old[row["id"]] = row
    rows = []
    for tag, repo, commit, path, lang, items, field in picks:
        for idx, text in items:
            # URS rows are data rows of the CSV (header not counted); Arena-Hard rows are lines.
            rid = f"tp-{tag}{lang}-t{idx:04d}"
            row: dict[str, object] = {
                "id": rid,
                "source": repo,
                "commit": commit,
                "lang": lang,
                "path": f"{path}#{idx}/{field}",
                "text": text,
                "previous": "",
                "asked": False,
            }
            for key in ("label", "note"):
                if key in old.get(rid, {}):
                    row[key] = old[rid][key]
            rows.append(row)
    out.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )


if __name__ == "__main__":
    main(*sys.argv[1:4])
