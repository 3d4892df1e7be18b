"""Rebuild ``claims_heldout_r19_traces.jsonl`` from a git mirror of tally-evals/tally.

Usage: ``python claims_heldout_r19_build.py TALLY_GIT_DIR``.

tally (an evaluation framework for multi-turn agents) commits recorded conversations of its
example agents under ``apps/examples/<framework>/.tally/conversations/<name>/conversation.jsonl``:
one JSON line per step, the LLM-simulated user's message (``input``) and what the agent did in
answer (``output``: AI SDK / Mastra model messages, tool calls and their results, the agent's
texts). Each file version listed below becomes one OpenAI Chat trace (the user's message, each
tool call as an assistant ``tool_calls`` entry and its result as a ``tool`` message, each text as
an assistant message); every assistant text is an answer (``answers``). The agents' system prompts
live in the examples' source, not in the record, and are not added.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = "tally-evals/tally"

#: (commit, path) of each conversation version used, in the order of the traces.
FILES = [
    (
        "2b712df260ccc4a3bf0beaa349f291fd89906ed9",
        "apps/examples/ai-sdk/.tally/conversations/travel-planner-golden/conversation.jsonl",
    ),
    (
        "743a2a135d52d2814c64ce2ae5157656c4a37f1c",
        "apps/examples/ai-sdk/.tally/conversations/travel-planner-golden/conversation.jsonl",
    ),
    (
        "e35db9052b3287c6240d2e8e71eb525874e2d16b",
        "apps/examples/mastra/.tally/conversations/travel-planner-golden/conversation.jsonl",
    ),
    (
        "2b712df260ccc4a3bf0beaa349f291fd89906ed9",
        "apps/examples/ai-sdk/.tally/conversations/weather-golden/conversation.jsonl",
    ),
    (
        "e368b8644d64ee35851026195b508e3ce09154d0",
        "apps/examples/ai-sdk/.tally/conversations/cashflow-golden/conversation.jsonl",
    ),
    (
        "a876a63aa240e3133eaf5edc36ecd14e3a96fa68",
        "apps/examples/ai-sdk/.tally/conversations/travel-planner-golden/conversation.jsonl",
    ),
    (
        "7a0d8ab8df68cac99f7589ed33eb972360127433",
        "apps/examples/mastra/.tally/conversations/travel-planner-golden/conversation.jsonl",
    ),
]


def _git_show(git_dir: str, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def _parts(content: Any) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return list(content or [])


def _result_text(output: Any) -> str:
    if isinstance(output, dict) and "value" in output:
        value = output["value"]
        return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)


def convert(text: str) -> list[dict[str, Any]]:
    """One conversation.jsonl as OpenAI Chat messages."""
    messages: list[dict[str, Any]] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        step = json.loads(line)
        user = step["input"]
        messages.append({"role": "user", "content": user["content"]})
        for msg in step["output"]:
            for part in _parts(msg["content"]):
                kind = part.get("type")
                if kind == "text" and part.get("text", "").strip():
                    messages.append({"role": "assistant", "content": part["text"]})
                elif kind == "tool-call":
                    call = {
                        "id": part["toolCallId"],
                        "type": "function",
                        "function": {
                            "name": part["toolName"],
                            "arguments": json.dumps(part.get("input", {}), ensure_ascii=False),
                        },
                    }
                    messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
                elif kind == "tool-result":
                    messages.append(
                        {
                            "role": "tool",
                            "tool_call_id": part["toolCallId"],
                            "content": _result_text(part.get("output")),
                        }
                    )
    return messages


def main(git_dir: str) -> None:
    out = Path(__file__).with_name("claims_heldout_r19_traces.jsonl")
    rows = []
    for commit, path in FILES:
        messages = convert(_git_show(git_dir, commit, path))
        name = path.split("/")[2] + "/" + path.split("/")[-2]
        answers = [
            i
            for i, m in enumerate(messages)
            if m["role"] == "assistant" and isinstance(m.get("content"), str)
        ]
        rows.append(
            {
                "id": f"tally/{name}@{commit[:8]}",
                "source": REPO,
                "commit": commit,
                "path": path,
                "answers": answers,
                "messages": messages,
            }
        )
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))


if __name__ == "__main__":
    main(sys.argv[1])
