"""Rebuild the rows of ``turns_sim24.jsonl`` (session 24) from its source.

Usage: ``python turns_sim24_build.py ORDERING_GIT OUT``.

- ``ORDERING_GIT``: a clone (or ``fetch`` mirror) of
  HareeshwarKarthikeyan/agentic-human-user-simulation-for-ordering. ``experiments/exp{1..5}/logs/*.csv``
  at ``COMMIT`` hold 300 recorded conversations (60 order test cases under five simulator
  configurations) between an LLM order-taking agent of a restaurant ("The Garden Bistro") and an
  LLM-simulated guest with a persona (GPT-4o; exp1 a single-prompt simulator, exp2 to exp5 the
  authors' multi-agent simulator and its ablations). Each CSV row is one message: ``role``
  ``assistant`` is the agent, ``role`` ``agent`` the simulated guest, ``role`` ``system`` the test
  case (not a message).

Rows are drawn by a fixed seed from the conversations' places, never by their words: the 300 files
are shuffled with ``SEED`` and taken in that order, each contributing every guest message, until the
set holds at least ``N_TURNS`` rows. A guest message is skipped when it is empty, repeats a text
already taken, or is held by a row of another unsealed turn file of this folder. ``previous`` is the
agent message right before the guest message (``""`` when the guest opens) and ``asked`` whether
``previous`` ends with a question mark.

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

REPO = "HareeshwarKarthikeyan/agentic-human-user-simulation-for-ordering"
COMMIT = "cad52edbb4b31b5bd28e46124cc1e077b96b9021"
SEED = 2424
N_TURNS = 300
HERE = Path(__file__).parent
#: Sealed files are never read (not even to check for overlap).
SEALED = re.compile(r"sealed_r2[3-9]")
EXP = re.compile(r"experiments/exp(\d)/logs/.*_test_case_number_(\d+)\.csv$")


def git(repo: str, *args: str) -> str:
    """A git command's output."""
    out = subprocess.run(["git", "-C", repo, *args], capture_output=True, check=True).stdout
    return out.decode("utf-8-sig")


def held_texts() -> set[str]:
    """Texts that unsealed turn files of this folder already hold."""
    held: set[str] = set()
    for f in sorted(HERE.glob("turns*.jsonl")):
        if SEALED.search(f.name) or f.name == "turns_sim24.jsonl":
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.strip():
                held.add(json.loads(line)["text"].strip())
    return held


def main(repo: str, out_path: str) -> None:
    """Write the rows (labels kept from an existing OUT)."""
    files = sorted(
        f
        for f in git(repo, "ls-tree", "-r", "--name-only", COMMIT, "experiments").split("\n")
        if EXP.search(f)
    )
    rng = random.Random(SEED)
    rng.shuffle(files)
    held = held_texts()
    old: dict[str, dict[str, object]] = {}
    out = Path(out_path)
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                old[row["id"]] = row
    rows: list[dict[str, object]] = []
    for path in files:
        if len(rows) >= N_TURNS:
            break
        m = EXP.search(path)
        assert m is not None
        exp, case = m.group(1), int(m.group(2))
        csv.field_size_limit(10**9)
        msgs = list(csv.DictReader(io.StringIO(git(repo, "show", f"{COMMIT}:{path}"))))
        previous = ""
        for idx, msg in enumerate(msgs):
            role, text = msg["role"], (msg["content"] or "").strip()
            if role == "assistant":
                previous = text
                continue
            if role != "agent":
                continue
            if text and text not in held:
                held.add(text)
                rid = f"s24-or-e{exp}c{case:02d}-t{idx:02d}"
                row: dict[str, object] = {
                    "id": rid,
                    "source": REPO,
                    "commit": COMMIT,
                    "lang": "en",
                    "path": f"{path}#{idx}",
                    "text": text,
                    "previous": previous,
                    "asked": previous.rstrip().endswith(("?", "？")),
                }
                for key in ("label", "note"):
                    if key in old.get(rid, {}):
                        row[key] = old[rid][key]
                rows.append(row)
    out.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )


if __name__ == "__main__":
    main(*sys.argv[1:3])
