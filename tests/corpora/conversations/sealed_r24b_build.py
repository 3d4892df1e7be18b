"""Rebuild the unlabelled rows of sealed round 24b from its one source.

Usage: ``python sealed_r24b_build.py LIVEMCPBENCH_GIT OUT_DIR``.

- ``LIVEMCPBENCH_GIT``: a clone (or ``fetch`` mirror) of icip-cas/LiveMCPBench at ``COMMIT``. Its
  ``RUN`` file is a recorded run of claude-sonnet-4-20250514 as a tool-using assistant (MCP Copilot
  baseline: a retrieval tool finds MCP tools, an execution tool calls them) on the benchmark's 95
  daily tasks (travel, shopping, finance, office files, lifestyle, news...). Each task keeps the
  run's ``messages``: system prompt, the user's task, assistant messages (text and tool calls) and
  tool results.

Message rows are every assistant message with text (its tool calls left out), drawn by a fixed
seed from their places in the run, never by their words, until ``MESSAGES`` rows; each carries
``latest_result``, the content of the last tool message before it in its task (``""`` where none
came before), cut to ``RESULT_CHARS`` characters. Turn rows are the user's task of every task a
drawn message comes from (the run holds one user message per task: ``previous`` ``""``). A text
that a row of another file of this folder holds, or a row drawn before, is dropped (rounds 23, 24
and 24b's sealed files are not read).

Writes ``hedges_draft.jsonl`` and ``turns_draft.jsonl`` to OUT_DIR: the rows of
``hedges_sealed_r24b.jsonl`` and ``turns_sealed_r24b.jsonl`` without their labels (``hedge``,
``label``, ``note`` were written by hand afterwards).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

SOURCE = "icip-cas/LiveMCPBench"
COMMIT = "a928e57d1ee7a25579b9a7036030faffff72d15b"
RUN = "baseline/output/claude-sonnet-4-20250514_Qwen3-Embedding-0.6B.json"
SEED = 2424
MESSAGES = 200
RESULT_CHARS = 4000
HERE = Path(__file__).parent


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (sealed rounds 23, 24 and 24b unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if any(s in path.name for s in ("sealed_r23", "sealed_r24")):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def text_of(content: object) -> str:
    """A message's text: the string itself, or the text parts of a list."""
    if isinstance(content, str):
        return content.strip()
    if isinstance(content, list):
        parts = [p.get("text", "") for p in content if isinstance(p, dict)]
        return "\n".join(p for p in parts if p).strip()
    return ""


def main(git: str, out_dir: str) -> None:
    """Write the draft rows."""
    seen = known_texts()
    run = json.loads(
        subprocess.run(
            ["git", "-C", git, "show", f"{COMMIT}:{RUN}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    places: list[tuple[int, int, str, str]] = []
    for t, task in enumerate(run):
        latest = ""
        for m, message in enumerate(task["messages"]):
            if message["role"] == "tool":
                latest = text_of(message.get("content"))[:RESULT_CHARS]
            elif message["role"] == "assistant":
                text = text_of(message.get("content"))
                if text:
                    places.append((t, m, text, latest))
    order = list(range(len(places)))
    random.Random(SEED).shuffle(order)
    base = {"source": SOURCE, "commit": COMMIT, "lang": "en"}
    messages: list[dict] = []
    tasks: list[int] = []
    for index in order:
        if len(messages) == MESSAGES:
            break
        t, m, text, latest = places[index]
        if text in seen:
            continue
        seen.add(text)
        messages.append(
            {
                "id": f"s24b-{len(messages):03d}",
                **base,
                "path": f"{RUN}#{t}/messages/{m}",
                "kind": "message",
                "text": text,
                "latest_result": latest,
            }
        )
        if t not in tasks:
            tasks.append(t)
    turns: list[dict] = []
    for t in sorted(tasks):
        task = run[t]
        m, question = next(
            (i, text_of(x.get("content")))
            for i, x in enumerate(task["messages"])
            if x["role"] == "user"
        )
        if question and question not in seen:
            seen.add(question)
            turns.append(
                {
                    "id": f"s24b-t{len(turns):03d}",
                    **base,
                    "path": f"{RUN}#{t}/messages/{m}",
                    "text": question,
                    "previous": "",
                    "asked": False,
                }
            )
    out = Path(out_dir)
    for name, rows in (("hedges_draft.jsonl", messages), ("turns_draft.jsonl", turns)):
        (out / name).write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
        )


if __name__ == "__main__":
    main(*sys.argv[1:3])
