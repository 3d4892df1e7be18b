"""Rebuild the unlabelled rows of the customer-service round cs16 from its source's git mirror.

Usage: ``python cs16_build.py GENIE_GIT OUT_DIR`` (a clone of stanford-oval/genie-worksheets).
Writes ``hedges_draft.jsonl`` and ``turns_draft.jsonl`` to OUT_DIR: the rows of
``hedges_cs16.jsonl`` and ``turns_cs16.jsonl`` without their labels (``hedge``, ``label``,
``note`` were written by hand afterwards). Conversations are taken by their place in the sorted
list of files (every ``STRIDE``-th), turns by their place in the conversation (the first
``MAX_TURNS``), never by their words; a text that an earlier row of the round or a row of another
file of this folder holds is dropped (the sealed files of rounds 18 and 19 are not read).

Each record of a ``conversation.json`` is one turn: the student's ``user`` text, the agent's
``bot`` reply, and ``turn_context``, the agent's state after the turn, in which a query or an
API call the turn made writes ``<name>.result = ...``. A message's ``latest_result`` is the query
and result lines (``x = answer(...)``, ``x.result = ...``) of the latest turn up to and including
its own whose context holds a result, cut at ``RESULT_CHARS``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

GENIE = ("stanford-oval/genie-worksheets", "cb29e72a4fc9e45745ddf49d49cfb0f406804c0c")
FOLDER = "experiments/domain_agents/course_enroll/frontend/data/user_conversation/"
#: Every fourth conversation of the sorted list, from the first.
STRIDE = 4
#: At most this many turns of one conversation (the long ones would fill the round alone).
MAX_TURNS = 14
#: Results are cut at this many characters (`` …`` marks the cut).
RESULT_CHARS = 1000
HERE = Path(__file__).parent


def git(repo: str, *args: str) -> str:
    """Output of a git command in the mirror."""
    return subprocess.run(
        ["git", "-C", repo, *args], capture_output=True, text=True, check=True
    ).stdout


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (rounds 18 and 19's sealed files unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if "sealed_r18" in path.name or "sealed_r19" in path.name or "cs16" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def conversations(repo: str) -> list[tuple[str, list[dict]]]:
    """The conversations at the stride as (path, turns)."""
    paths = sorted(
        p
        for p in git(repo, "ls-tree", "-r", "--name-only", GENIE[1], FOLDER).split("\n")
        if p.endswith("/conversation.json")
    )
    out = []
    for index, path in enumerate(paths):
        if index % STRIDE:
            continue
        turns = json.loads(git(repo, "show", f"{GENIE[1]}:{path}"))
        out.append((path, turns[:MAX_TURNS]))
    return out


def result_text(context: str) -> str:
    """The query and result lines of a turn's context, cut at ``RESULT_CHARS``."""
    kept = "\n".join(
        line for line in context.splitlines() if " = answer(" in line or ".result = " in line
    )
    return kept if len(kept) <= RESULT_CHARS else kept[:RESULT_CHARS] + " …"


def rows(dialogues: list[tuple[str, list[dict]]], seen: set[str]) -> tuple[list[dict], list[dict]]:
    """Message rows and turn rows in file order, repeats dropped."""
    messages: list[dict] = []
    turns: list[dict] = []
    for path, dialogue in dialogues:
        previous = ""
        latest = ""
        for place, turn in enumerate(dialogue):
            base = {"source": GENIE[0], "path": f"{path}#{place}", "commit": GENIE[1]}
            user = (turn.get("user") or "").strip()
            bot = (turn.get("bot") or "").strip()
            context = turn.get("turn_context") or ""
            if ".result = " in context:
                latest = result_text(context)
            if user and user not in seen:
                seen.add(user)
                turns.append(
                    {
                        "id": f"cs16-ge-t{len(turns):03d}",
                        **base,
                        "lang": "en",
                        "text": user,
                        "previous": previous,
                        "asked": previous.rstrip().endswith(("?", "？")),
                    }
                )
            if bot and bot not in seen:
                seen.add(bot)
                messages.append(
                    {
                        "id": f"cs16-ge-{len(messages):03d}",
                        **base,
                        "lang": "en",
                        "kind": "message",
                        "text": bot,
                        "latest_result": latest,
                    }
                )
            previous = bot
    return messages, turns


def main(genie_git: str, out_dir: str) -> None:
    """Write the draft rows."""
    hedges, turns = rows(conversations(genie_git), known_texts())
    out = Path(out_dir)
    for name, data in (("hedges_draft.jsonl", hedges), ("turns_draft.jsonl", turns)):
        (out / name).write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in data), encoding="utf-8"
        )


if __name__ == "__main__":
    main(*sys.argv[1:3])
