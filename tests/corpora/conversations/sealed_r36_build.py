"""Rebuild the unlabelled rows of sealed round 36 (``hedges_sealed_r36.jsonl``, ``turns_sealed_r36.jsonl``).

Usage: ``python sealed_r36_build.py CSCI_GIT HEDGES_OUT TURNS_OUT`` (``CSCI_GIT`` a clone or ``fetch`` mirror of the
repository below; every file is read with ``git show`` at the commit below).

``CSCI`` (``tr``): microsoft/Customer-Service-Conversational-Insights-with-Azure-OpenAI-Services. At ``CSCI[1]`` the
folder ``CALLS`` holds 100 LLM-generated sample calls to "Woodgrove Travel", a travel agency's contact centre
(flights and hotels booked; complaints about delayed flights, lost reservations, dirty rooms and rude staff, with
compensation asked and offered; praise): each file one call,
``Conversation.Messages`` in order, ``EventType`` ``MessageFromBotOrAgent`` for the agent (an LLM writing the agent's
side) and ``MessageFromUser`` for the caller (an LLM writing the customer's side). No tool is called and no result is
recorded: the agent states bookings, fares and times itself.

Calls are read in path order, and only the first ``TAKE`` of them (the fewest whose rows reach 300 hedge rows and 300
turn rows; the set's size was fixed so that every row could be read in full and labelled by hand). Hedge rows
(``kind`` ``message``): every agent message with text. No tool result is recorded, so ``latest_result`` is ``""`` and
there are no ``records``; ``user`` is the last caller message before the agent's in its call (``""`` when none).
Turn rows: every caller message of the same calls; ``previous`` the agent message before it (``""`` when the caller
speaks first), ``asked`` whether ``previous`` ends with a question mark. A row's ``path`` is ``<file>#<n>``, ``n``
counting the call's messages from 0.

No row is drawn or skipped by any cue. Texts shorter than ``MIN_CHARS`` are skipped, a text already taken is not
taken again, and a text another unsealed file of this folder holds is dropped. If an output file exists, its
hand-written ``hedge`` / ``label`` and ``note`` are kept by ``id``. The labels were written by hand with
GUIDELINE.md before any projeval detector or classifier ran on the rows. The still-sealed files (rounds 23, 24b, 25,
26, 35) are never opened (not even to check for overlap).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

CSCI = (
    "microsoft/Customer-Service-Conversational-Insights-with-Azure-OpenAI-Services",
    "deda82e3193f86f56e67e0d0560e64538659437a",
)
CALLS = "ConversationKnowledgeMining/Deployment/scripts/fabric_scripts/data/conversation_input/"
TAKE = 55
MIN_CHARS = 2
AGENT = "MessageFromBotOrAgent"
# still sealed (never opened) and this round itself
SEALED_ROUNDS = (
    "sealed_r23",
    "sealed_r24b",
    "sealed_r25",
    "sealed_r26",
    "sealed_r35",
    "sealed_r36",
)
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> bytes:
    """A file's bytes at a commit."""
    done = subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, check=True
    )
    return done.stdout


def calls(git: str, commit: str) -> list[str]:
    """The call files at a commit, sorted by path."""
    done = subprocess.run(
        ["git", "-C", git, "ls-tree", "-r", "--name-only", commit],
        capture_output=True,
        check=True,
        text=True,
    )
    return sorted(
        p for p in done.stdout.splitlines() if p.startswith(CALLS) and p.endswith(".json")
    )


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
    """Whether the agent message before the caller's ends with a question mark."""
    return previous.rstrip().endswith("?")


def travel_events(git: str) -> Iterator[tuple[str, str, str]]:
    """(file, role, text) of every message of the first TAKE calls, in order."""
    for path in calls(git, CSCI[1])[:TAKE]:
        for m in json.loads(show(git, CSCI[1], path))["Conversation"]["Messages"]:
            role = "assistant" if m["EventType"] == AGENT else "user"
            yield path, role, " ".join(str(m.get("Value") or "").split())


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


def main(csci_git: str, hedges_out: str, turns_out: str) -> None:
    """Take the rows and write them (labels kept from existing outputs)."""
    taken = folder_texts()
    hedges: list[dict] = []
    turns: list[dict] = []
    tag, repo, commit = "tr", CSCI[0], CSCI[1]
    count = [0, 0]
    # the call, its last user text and its last assistant text
    last: tuple[str, str, str] = ("", "", "")
    n = 0
    for call, role, text in travel_events(csci_git):
        if call != last[0]:
            last, n = (call, "", ""), 0
        else:
            n += 1
        fresh = len(text) >= MIN_CHARS and text not in taken
        if fresh:
            taken.add(text)
        where = f"{call}#{n}"
        if role == "assistant":
            if fresh:
                hedges.append(
                    {
                        "id": f"s36-{tag}-{count[0]:03d}",
                        "source": repo,
                        "commit": commit,
                        "path": where,
                        "lang": "en",
                        "kind": "message",
                        "text": text,
                        "latest_result": "",
                        "user": last[1],
                    }
                )
                count[0] += 1
            last = (call, last[1], text)
        else:
            if fresh:
                turns.append(
                    {
                        "id": f"s36-{tag}-t{count[1]:03d}",
                        "source": repo,
                        "commit": commit,
                        "lang": "en",
                        "path": where,
                        "text": text,
                        "previous": last[2],
                        "asked": asked(last[2]),
                    }
                )
                count[1] += 1
            last = (call, text, last[2])
    keep_labels(hedges_out, hedges, ("hedge", "note"))
    keep_labels(turns_out, turns, ("label", "note"))


if __name__ == "__main__":
    main(*sys.argv[1:4])
