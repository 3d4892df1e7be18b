"""Rebuild the unlabelled rows of sealed round 27 (``hedges_sealed_r27.jsonl``, ``turns_sealed_r27.jsonl``).

Usage: ``python sealed_r27_build.py SYNTOD_GIT DEFLECTION_GIT HEDGES_OUT TURNS_OUT``.

- ``SYNTOD_GIT``: a clone (or ``fetch`` mirror) of algoprog/SynTOD. ``data/ecommerce/oasst/test_{gemini,
  llama,mistral}_v3.jsonl`` at ``SYNTOD[1]`` hold 306 recorded conversations of an LLM shopping assistant
  ("MarunaShopper", a retail task bot over a product catalogue) with an LLM-simulated shopper; each file was
  generated with the LLM its name gives. Every line is one conversation serialised as ``### ASSISTANT:``,
  ``### HUMAN:`` and ``### RESULTS:`` blocks (the last holds the catalogue search the assistant read);
  ``## {...}`` after a block is the generator's intent annotation, not a message, and is dropped.
- ``DEFLECTION_GIT``: a clone (or mirror) of neeshykha/deflection-audit. ``data/conversations.jsonl`` at
  ``DEFLECTION[1]`` holds 40 closed tickets of a resident-support AI for a smart-home apartment app: the
  resident's message (``ticket_text``) and the AI's reply (``ai_response``); no tool result is recorded.

Hedge rows (``kind`` ``message``, ``latest_result`` the content of the last ``### RESULTS:`` block before
the message in its conversation, ``""`` when none; ``user`` the last ``### HUMAN:`` block before it, or the
ticket's ``ticket_text``, ``""`` when none: session 32): every AI reply of the deflection audit, and
``N_SYNTOD_HEDGES`` assistant messages of SynTOD drawn by ``SEED``, a third from each generator file; in
each file half of the draw comes from the messages that hold a word of ``CUES`` (English uncertainty
words written for this draw, not projeval's detector: most assistant messages are product blurbs, and a
set with no hedge measures nothing), half from the rest. Texts shorter than ``MIN_CHARS`` or longer than
``MAX_CHARS`` are skipped, a text already drawn is not drawn again, and a text another file of this folder
holds is dropped.

Turn rows: every resident message of the deflection audit (``previous`` ``""``), and ``N_SYNTOD_TURNS``
shopper messages drawn by ``SEED`` from the conversations that gave a hedge row, a third from each file.
``previous`` is the assistant message right before the turn (``""`` when the turn opens), ``asked``
whether ``previous`` ends with a question mark.

If an output file exists, its hand-written ``hedge`` / ``label`` and ``note`` are kept by ``id``. The
labels were written by hand with GUIDELINE.md before any projeval detector or classifier ran on the
rows. The sealed files of rounds 23-28 are never opened (not even to check for overlap).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

SYNTOD = ("algoprog/SynTOD", "3e44f10535619137a8641cd33036eb6fb3d3417d")
DEFLECTION = ("neeshykha/deflection-audit", "caa0b38c45b0a6ef7153369d116fbaae04293e20")
SYNTOD_FILES = {
    "gem": "data/ecommerce/oasst/test_gemini_v3.jsonl",
    "lla": "data/ecommerce/oasst/test_llama_v3.jsonl",
    "mis": "data/ecommerce/oasst/test_mistral_v3.jsonl",
}
DEFLECTION_FILE = "data/conversations.jsonl"
SEED = 2727
N_SYNTOD_HEDGES = 260
N_SYNTOD_TURNS = 260
MIN_CHARS = 30
MAX_CHARS = 1500
RESULT_CHARS = 2000
CUES = re.compile(
    r"\b(seems?|appears?|apparently|likely|unlikely|probably|possibly|perhaps|maybe|might|may|could|"
    r"should|presumably|assum\w+|not sure|unsure|unclear|uncertain|unable to|couldn't|could not|"
    r"cannot|can't|don't have|do not have|no information|not available|unfortunately|approximately|"
    r"about \d|around \d|roughly|typically|usually|generally|I think|I believe|guess|estimate)\b",
    re.I,
)
BLOCK = re.compile(r"### (ASSISTANT|HUMAN|RESULTS):")
ANNOTATION = re.compile(r"\s*## \{.*$", re.S)
SEALED = re.compile(r"sealed_r2[3-8]")
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    done = subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, check=True
    )
    return done.stdout.decode("utf-8")


def folder_texts() -> set[str]:
    """Texts the other (unsealed) files of this folder hold."""
    out: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if SEALED.search(path.name):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    out.add(text.strip())
    return out


def blocks(serialised: str) -> list[tuple[str, str]]:
    """The (role, text) blocks of one SynTOD conversation, annotations dropped."""
    parts = BLOCK.split(serialised)
    out: list[tuple[str, str]] = []
    for role, body in zip(parts[1::2], parts[2::2], strict=True):
        text = ANNOTATION.sub("", body).strip()
        out.append((role.lower(), text))
    return out


def syntod_messages(git: str) -> tuple[dict[str, list[dict]], dict[str, list[dict]]]:
    """Every assistant message and shopper message of the three files, with their context."""
    assistant: dict[str, list[dict]] = {}
    human: dict[str, list[dict]] = {}
    for key, path in SYNTOD_FILES.items():
        assistant[key], human[key] = [], []
        for ci, line in enumerate(show(git, SYNTOD[1], path).splitlines()):
            if not line.strip():
                continue
            latest, previous, asker = "", "", ""
            for mi, (role, text) in enumerate(blocks(json.loads(line)["text"])):
                where = f"{path}#{ci}/{mi}"
                if role == "results":
                    latest = text
                elif role == "assistant":
                    assistant[key].append(
                        {
                            "path": where,
                            "conv": ci,
                            "text": text,
                            "latest_result": latest[:RESULT_CHARS],
                            "user": asker,
                        }
                    )
                    previous = text
                else:
                    asker = text
                    human[key].append(
                        {"path": where, "conv": ci, "text": text, "previous": previous}
                    )
    return assistant, human


def asked(previous: str) -> bool:
    """Whether the agent message before the turn ends with a question mark."""
    return previous.rstrip().endswith(("?", "？"))


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


def main(syntod_git: str, deflection_git: str, hedges_out: str, turns_out: str) -> None:
    """Draw the rows and write them (labels kept from existing outputs)."""
    taken = folder_texts()
    rng = random.Random(SEED)
    tickets = [
        json.loads(x)
        for x in show(deflection_git, DEFLECTION[1], DEFLECTION_FILE).splitlines()
        if x
    ]
    hedges: list[dict] = []
    turns: list[dict] = []
    for t in tickets:
        where = f"{DEFLECTION_FILE}#{t['id']}"
        common = {"source": DEFLECTION[0], "commit": DEFLECTION[1]}
        hedges.append(
            {
                "id": f"s27-dfl-{t['id']}",
                **common,
                "path": where,
                "lang": "en",
                "kind": "message",
                "text": t["ai_response"].strip(),
                "latest_result": "",
                "user": t["ticket_text"].strip(),
            }
        )
        turns.append(
            {
                "id": f"s27-dfl-t{t['id']}",
                **common,
                "lang": "en",
                "path": where,
                "text": t["ticket_text"].strip(),
                "previous": "",
                "asked": False,
            }
        )
    assistant, human = syntod_messages(syntod_git)
    per_file = N_SYNTOD_HEDGES // len(SYNTOD_FILES)
    for k, key in enumerate(SYNTOD_FILES):
        n = per_file + (1 if k < N_SYNTOD_HEDGES % len(SYNTOD_FILES) else 0)
        pool, seen = [], set()
        for m in assistant[key]:
            if (
                MIN_CHARS <= len(m["text"]) <= MAX_CHARS
                and m["text"] not in taken
                and m["text"] not in seen
            ):
                seen.add(m["text"])
                pool.append(m)
        cue = [m for m in pool if CUES.search(m["text"])]
        rest = [m for m in pool if not CUES.search(m["text"])]
        pick = rng.sample(cue, min(n // 2, len(cue)))
        pick += rng.sample(rest, min(n - len(pick), len(rest)))
        pick.sort(key=lambda m: (m["conv"], int(m["path"].rsplit("/", 1)[1])))
        taken.update(m["text"] for m in pick)
        for i, m in enumerate(pick):
            hedges.append(
                {
                    "id": f"s27-syn-{key}-{i:03d}",
                    "source": SYNTOD[0],
                    "commit": SYNTOD[1],
                    "path": m["path"],
                    "lang": "en",
                    "kind": "message",
                    "text": m["text"],
                    "latest_result": m["latest_result"],
                    "user": m["user"],
                }
            )
        convs = {m["conv"] for m in pick}
        n_turns = N_SYNTOD_TURNS // len(SYNTOD_FILES) + (
            1 if k < N_SYNTOD_TURNS % len(SYNTOD_FILES) else 0
        )
        tpool, tseen = [], set()
        for h in human[key]:
            if (
                h["conv"] in convs
                and h["text"]
                and h["text"] not in taken
                and h["text"] not in tseen
            ):
                tseen.add(h["text"])
                tpool.append(h)
        tpick = rng.sample(tpool, min(n_turns, len(tpool)))
        tpick.sort(key=lambda h: (h["conv"], int(h["path"].rsplit("/", 1)[1])))
        taken.update(h["text"] for h in tpick)
        for i, h in enumerate(tpick):
            turns.append(
                {
                    "id": f"s27-syn-{key}-t{i:03d}",
                    "source": SYNTOD[0],
                    "commit": SYNTOD[1],
                    "lang": "en",
                    "path": h["path"],
                    "text": h["text"],
                    "previous": h["previous"],
                    "asked": asked(h["previous"]),
                }
            )
    keep_labels(hedges_out, hedges, ("hedge", "note"))
    keep_labels(turns_out, turns, ("label", "note"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4])
