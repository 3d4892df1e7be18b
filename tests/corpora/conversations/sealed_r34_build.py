"""Rebuild the unlabelled rows of sealed round 34 (``hedges_sealed_r34.jsonl``, ``turns_sealed_r34.jsonl``).

Usage: ``python sealed_r34_build.py LOOKFOR_GIT EEV_GIT CKM_GIT HEDGES_OUT TURNS_OUT`` (run with the project's
``.venv/bin/python``: the LangGraph checkpoints are msgpack, read with ``msgpack``).

Three repositories, each a clone (or ``fetch`` mirror); every file is read with ``git show`` at the commit below:

- ``LOOKFOR`` (``lf``): EminDurmuSS/lookfor-hackathon, a Lookfor hackathon team's multi-agent LLM customer-support
  system for NATPAT (a shop selling patches): LangGraph agents on Claude calling Shopify and Skio tools (order
  details, tags, draft orders, subscriptions) against the hackathon's mock API. ``history.db`` (with its
  ``history.db-wal``) is the LangGraph SQLite checkpointer of the team's own runs: the team typing customer messages
  and test scenarios, the agent's replies, and the state's ``tool_calls_log`` (each call's ``tool_name``, ``params``
  and ``result``).
- ``EEV`` (``ev``): McNoblesse/EEV_AI, an LLM customer-support and enquiry assistant for Optimus AI Labs (a
  retrieval tool over the company's documents, then the answer; some replies are preceded by the model's own
  "Analysis" of intent and sentiment). ``checkpoints.sqlite`` (with its ``-wal``) is its LangGraph checkpointer:
  people of the team talking to it, ``ToolMessage`` results recorded.
- ``CKM`` (``it``): microsoft/Conversation-Knowledge-Mining-Solution-Accelerator. ``CKM_PATH`` holds 188 processed
  calls of the accelerator's "Contact Center" use case: LLM-generated transcripts of the Woodgrove IT helpdesk (an
  agent troubleshooting a caller's laptop, Wi-Fi, printer, peripherals, passwords, shared drives, updates), turns
  marked ``**Agent:**`` and ``**Customer:**``; no tool. The calls repeat a few scenarios nearly word for word, so
  most of their turns are taken once only.

LangGraph checkpointers: each thread's checkpoints are read in the order they were written; a message is taken the
first time it appears (by id and text), so drafts that the graph later replaced are kept beside the final replies.
A row's ``path`` is ``<file>#<thread or call>/<n>``, ``n`` counting the thread's user and assistant messages with
text (tool results not counted) from 0.

Hedge rows (``kind`` ``message``): every assistant message with text, sources in the order above. ``records`` (only
where earlier results exist) are the tool results the thread had read before the message, the last
``MAX_RECORDS``, each ``[arguments, result]`` cut at ``RECORD_CHARS`` (as ``sopbench_records.py`` gives them);
``latest_result`` is the last record's result cut at ``RESULT_CHARS`` (``""`` when none). ``user`` is the last user
message before the assistant message in its conversation (``""`` when none).

Turn rows: every user message of the same conversations; ``previous`` the assistant message before it (``""`` when
it opens), ``asked`` whether ``previous`` ends with a question mark.

No row is drawn or skipped by any cue. Texts shorter than ``MIN_CHARS`` are skipped, a text already taken is not
taken again, and a text another unsealed file of this folder holds is dropped. If an output file exists, its
hand-written ``hedge`` / ``label`` and ``note`` are kept by ``id``. The labels were written by hand with
GUIDELINE.md before any projeval detector or classifier ran on the rows. The still-sealed files (rounds 23, 24b, 25,
26) are never opened (not even to check for overlap).
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack

LOOKFOR = (
    "EminDurmuSS/lookfor-hackathon",
    "8ab61a0fd0b822febcd7ffec7e3285f5ee157db3",
    "history.db",
)
EEV = ("McNoblesse/EEV_AI", "64c20d784b2b5754be400b45d138fa8f4d61f01d", "checkpoints.sqlite")
CKM = (
    "microsoft/Conversation-Knowledge-Mining-Solution-Accelerator",
    "1d31d12a431043e51b7d66f75603b75702d8255a",
)
CKM_PATH = "data/ContactCenter_usecase/sample_processed_data.json"
MIN_CHARS = 2
RESULT_CHARS = 2000
RECORD_CHARS = 1500
MAX_RECORDS = 16
HEADER = "**Customer Service Call Transcript**"
SPEAKER = re.compile(r"\*\*(Agent|Customer):\*\*")
# still sealed (never opened) and this round itself
SEALED_ROUNDS = ("sealed_r23", "sealed_r24b", "sealed_r25", "sealed_r26", "sealed_r34")
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
    """Whether the assistant message before the user's ends with a question mark."""
    return previous.rstrip().endswith("?")


def _ext(code: int, data: bytes) -> Any:
    """LangGraph's msgpack extension types, unpacked as plain lists."""
    return msgpack.unpackb(data, ext_hook=_ext, strict_map_key=False)


def text_of(content: Any) -> str:
    """A message's text: a string, or the text parts of a list of blocks."""
    if isinstance(content, str):
        return content.strip()
    if isinstance(content, list):
        parts = [b.get("text", "") for b in content if isinstance(b, dict)]
        return "\n".join(p for p in parts if isinstance(p, str)).strip()
    return ""


def dumps(value: Any) -> str:
    """A value as the rows give it: JSON, or the text itself."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def checkpointer_events(git: str, commit: str, db: str) -> Iterator[tuple[str, str, str, list]]:
    """(thread, role, text, records) of every message of a LangGraph SQLite checkpointer, in order."""
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, db).write_bytes(show(git, commit, db))
        Path(tmp, db + "-wal").write_bytes(show(git, commit, db + "-wal"))
        con = sqlite3.connect(Path(tmp, db))  # opening it applies the WAL
        threads = con.execute(
            "SELECT thread_id FROM checkpoints GROUP BY thread_id ORDER BY MIN(rowid)"
        ).fetchall()
        for (thread,) in threads:
            seen: set[tuple[str, str]] = set()
            calls: dict[str, str] = {}
            tool_records: list[list[str]] = []
            for (blob,) in con.execute(
                "SELECT checkpoint FROM checkpoints WHERE thread_id = ? AND type = 'msgpack' "
                "ORDER BY rowid",
                (thread,),
            ):
                values = msgpack.unpackb(blob, ext_hook=_ext, strict_map_key=False)[
                    "channel_values"
                ]
                log = [
                    [dumps(c.get("params")), dumps(c.get("result"))]
                    for c in values.get("tool_calls_log") or []
                    if isinstance(c, dict)
                ]
                for m in values.get("messages") or []:
                    body = m[2] if isinstance(m, list) and len(m) > 2 else None
                    if not isinstance(body, dict):
                        continue
                    text = text_of(body.get("content"))
                    key = (str(body.get("id")), text)
                    if key in seen:
                        continue
                    seen.add(key)
                    for call in body.get("tool_calls") or []:
                        calls[str(call.get("id"))] = dumps(call.get("args"))
                    if body.get("type") == "tool":
                        tool_records.append([calls.get(str(body.get("tool_call_id")), ""), text])
                    elif body.get("type") in ("human", "ai") and text:
                        role = "user" if body["type"] == "human" else "assistant"
                        yield thread, role, text, tool_records + log
        con.close()


def ckm_events(git: str) -> Iterator[tuple[str, str, str, list]]:
    """(call, role, text, records) of every turn of the IT helpdesk calls, in order."""
    for i, call in enumerate(json.loads(show(git, CKM[1], CKM_PATH))):
        parts = SPEAKER.split(call["Content"].replace(HEADER, " "))
        for j in range(1, len(parts) - 1, 2):
            text = " ".join(parts[j + 1].split())
            if text:
                yield str(i), "assistant" if parts[j] == "Agent" else "user", text, []


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


def main(lookfor_git: str, eev_git: str, ckm_git: str, hedges_out: str, turns_out: str) -> None:
    """Take the rows and write them (labels kept from existing outputs)."""
    taken = folder_texts()
    hedges: list[dict] = []
    turns: list[dict] = []
    sources = (
        ("lf", LOOKFOR[0], LOOKFOR[1], LOOKFOR[2], checkpointer_events(lookfor_git, *LOOKFOR[1:])),
        ("ev", EEV[0], EEV[1], EEV[2], checkpointer_events(eev_git, *EEV[1:])),
        ("it", CKM[0], CKM[1], CKM_PATH, ckm_events(ckm_git)),
    )
    for tag, repo, commit, path, events in sources:
        count = [0, 0]
        # the conversation, its last user text and its last assistant text
        last: tuple[str, str, str] = ("", "", "")
        n = 0
        for conversation, role, text, records in events:
            if conversation != last[0]:
                last, n = (conversation, "", ""), 0
            else:
                n += 1
            fresh = len(text) >= MIN_CHARS and text not in taken
            if fresh:
                taken.add(text)
            where = f"{path}#{conversation}/{n}"
            if role == "assistant":
                if fresh:
                    row: dict = {
                        "id": f"s34-{tag}-{count[0]:03d}",
                        "source": repo,
                        "commit": commit,
                        "path": where,
                        "lang": "en",
                        "kind": "message",
                        "text": text,
                        "latest_result": records[-1][1][:RESULT_CHARS] if records else "",
                        "user": last[1],
                    }
                    if records:
                        row["records"] = [
                            [a[:RECORD_CHARS], c[:RECORD_CHARS]] for a, c in records[-MAX_RECORDS:]
                        ]
                    hedges.append(row)
                    count[0] += 1
                last = (conversation, last[1], text)
            else:
                if fresh:
                    turns.append(
                        {
                            "id": f"s34-{tag}-t{count[1]:03d}",
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
                last = (conversation, text, last[2])
    keep_labels(hedges_out, hedges, ("hedge", "note"))
    keep_labels(turns_out, turns, ("label", "note"))


if __name__ == "__main__":
    main(*sys.argv[1:6])
