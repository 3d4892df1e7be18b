"""Rebuild the unlabelled rows of sealed round 32 (``hedges_sealed_r32.jsonl``, ``turns_sealed_r32.jsonl``).

Usage: ``python sealed_r32_build.py RECIPE_GIT HEDGES_OUT TURNS_OUT``.

- ``RECIPE_GIT``: a clone (or ``fetch`` mirror) of ai-evals-course/recipe-chatbot. At ``NURTURE[1]``,
  ``lesson-4/nurtureboss_traces.json`` holds 100 production traces (LangSmith exports, January 2025) of
  NurtureBoss's AI leasing assistant: an LLM playing a named leasing team member of an apartment community,
  answering prospects and residents by text or e-mail, and calling tools (the prospect's record, the
  community's facts, apartment availability, tour booking, text-message consent, resident questions). Each
  trace is a ``messages`` list (``system``, ``user``, ``tool``, ``assistant``; two messages have the role
  spelled ``asssistant``), the course's open-coding ``Notes`` beside it.

Hedge rows (``kind`` ``message``): every assistant message with text, traces in file order, message order
within them, all 100 traces; none drawn or
skipped by any cue (no cue list is used). ``latest_result`` is the last ``tool`` message before it in its
trace (``""`` when none came before), cut at ``RESULT_CHARS``. ``user`` is the last ``user`` message before
it in its trace (``""`` when none; session 32).

Turn rows: every user message of the same traces; ``previous`` the assistant message before it (``""``
when it opens), ``asked`` whether ``previous`` ends with a question mark.

Texts shorter than ``MIN_CHARS`` are skipped, a text already taken is not taken again, and a text another
unsealed file of this folder holds is dropped. If an output file exists, its hand-written ``hedge`` /
``label`` and ``note`` are kept by ``id``. The labels were written by hand with GUIDELINE.md before any
projeval detector or classifier ran on the rows. The still-sealed files (rounds 23, 24b, 25, 26) are never
opened (not even to check for overlap).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

NURTURE = ("ai-evals-course/recipe-chatbot", "e08dec083c32e4e300dd87d9439661cf815039c4")
PATH = "lesson-4/nurtureboss_traces.json"
MIN_CHARS = 2
RESULT_CHARS = 2000
AGENT_ROLES = ("assistant", "asssistant")
# still sealed (never opened) and this round itself
SEALED_ROUNDS = ("sealed_r23", "sealed_r24b", "sealed_r25", "sealed_r26", "sealed_r32")
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> bytes:
    """A file's bytes at a commit."""
    done = subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, check=True
    )
    return done.stdout


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
    """Whether the agent message before the turn ends with a question mark."""
    return previous.rstrip().endswith("?")


def content(message: dict) -> str:
    """A message's text ('' when it has none)."""
    text = message.get("content")
    return text.strip() if isinstance(text, str) else ""


def conversations(git: str) -> list[tuple[list[dict], list[dict]]]:
    """Each trace's assistant and user messages, in order."""
    out: list[tuple[list[dict], list[dict]]] = []
    for i, trace in enumerate(json.loads(show(git, NURTURE[1], PATH))):
        agent: list[dict] = []
        user: list[dict] = []
        out.append((agent, user))
        result, previous, asker = "", "", ""
        for j, m in enumerate(trace["messages"]):
            text = content(m)
            where = f"{PATH}#{i}/{j}"
            if m["role"] == "tool":
                result = text[:RESULT_CHARS]
            elif m["role"] in AGENT_ROLES and text:
                agent.append(
                    {
                        "trace": i,
                        "path": where,
                        "text": text,
                        "latest_result": result,
                        "user": asker,
                    }
                )
                previous = text
            elif m["role"] == "user":
                asker = text
                user.append({"trace": i, "path": where, "text": text, "previous": previous})
    return out


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


def main(recipe_git: str, hedges_out: str, turns_out: str) -> None:
    """Take the rows and write them (labels kept from existing outputs)."""
    taken = folder_texts()
    agent: list[dict] = []
    user: list[dict] = []
    hedges: list[dict] = []
    turns: list[dict] = []
    for trace_agent, trace_user in conversations(recipe_git):
        agent += trace_agent
        user += trace_user
    for m in agent:
        if len(m["text"]) < MIN_CHARS or m["text"] in taken:
            continue
        taken.add(m["text"])
        hedges.append(
            {
                "id": f"s32-nb-{len(hedges):03d}",
                "source": NURTURE[0],
                "commit": NURTURE[1],
                "path": m["path"],
                "lang": "en",
                "kind": "message",
                "text": m["text"],
                "latest_result": m["latest_result"],
                "user": m["user"],
            }
        )
    for t in user:
        if len(t["text"]) < MIN_CHARS or t["text"] in taken:
            continue
        taken.add(t["text"])
        turns.append(
            {
                "id": f"s32-nb-t{len(turns):03d}",
                "source": NURTURE[0],
                "commit": NURTURE[1],
                "lang": "en",
                "path": t["path"],
                "text": t["text"],
                "previous": t["previous"],
                "asked": asked(t["previous"]),
            }
        )
    keep_labels(hedges_out, hedges, ("hedge", "note"))
    keep_labels(turns_out, turns, ("label", "note"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
