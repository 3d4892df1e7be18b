"""Rebuild the rows of ``turns_helpdesk28.jsonl`` (session 28) from its source.

Usage: ``python turns_helpdesk28_build.py FLODIAL_GIT OUT``.

- ``FLODIAL_GIT``: a clone (or ``fetch`` mirror) of dair-iitd/FloDial. ``dialogs/test_dialogs.json``
  at ``COMMIT`` holds 894 troubleshooting dialogs (car electrical faults, brakes, steering, a car
  that will not start, an overheating engine; a laptop's battery, drive, overheating, LCD, power,
  ticking and wireless faults) between a user and an agent, collected on Amazon Mechanical Turk:
  one crowd worker played the user with a fault to report, another the agent following a
  troubleshooting flowchart and its FAQ (Raghu et al., EMNLP 2021). Each dialog is a list of
  utterances with ``speaker`` ``user`` or ``agent``.

Rows are drawn by a fixed seed from the dialogs' places, never by their words: the dialog ids are
sorted, shuffled with ``SEED`` and taken in that order, each contributing every user utterance,
until the set holds at least ``N_TURNS`` rows. A user utterance is skipped when it is empty,
repeats a text already taken, or is held by a row of another unsealed turn file of this folder.
``previous`` is the agent utterance right before it (``""`` when the user opens) and ``asked``
whether ``previous`` ends with a question mark.

If OUT already exists, the hand-written ``label`` and ``note`` of each row are kept by ``id``; new
rows are written without them. The labels were written by hand with GUIDELINE.md before any
classifier ran on the rows.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

REPO = "dair-iitd/FloDial"
COMMIT = "71c782e1d7297d50aff186c77b0921113b6277d0"
PATH = "dialogs/test_dialogs.json"
SEED = 2828
N_TURNS = 250
HERE = Path(__file__).parent
#: Sealed files are never read (not even to check for overlap).
SEALED = re.compile(r"sealed_r2[3-9]")


def held_texts() -> set[str]:
    """Texts that unsealed turn files of this folder already hold."""
    held: set[str] = set()
    for f in sorted(HERE.glob("turns*.jsonl")):
        if SEALED.search(f.name) or f.name == "turns_helpdesk28.jsonl":
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.strip():
                held.add(json.loads(line)["text"].strip())
    return held


def main(repo: str, out_path: str) -> None:
    """Write the rows (labels kept from an existing OUT)."""
    raw = subprocess.run(
        ["git", "-C", repo, "show", f"{COMMIT}:{PATH}"], capture_output=True, check=True
    ).stdout
    dialogs = json.loads(raw.decode("utf-8"))
    ids = sorted(dialogs, key=int)
    rng = random.Random(SEED)
    rng.shuffle(ids)
    held = held_texts()
    old: dict[str, dict[str, object]] = {}
    out = Path(out_path)
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                old[row["id"]] = row
    rows: list[dict[str, object]] = []
    for did in ids:
        if len(rows) >= N_TURNS:
            break
        previous = ""
        for idx, utt in enumerate(dialogs[did]["utterences"]):
            text = " ".join((utt["utterance"] or "").split())
            if utt["speaker"] == "agent":
                previous = text
                continue
            if text and text not in held:
                held.add(text)
                rid = f"s28-hd-d{int(did):03d}-t{idx:02d}"
                row: dict[str, object] = {
                    "id": rid,
                    "source": REPO,
                    "commit": COMMIT,
                    "lang": "en",
                    "path": f"{PATH}#{did}/{idx}",
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
