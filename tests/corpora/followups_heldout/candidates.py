"""List the candidate follow-ups of ``conversations.jsonl``: every call argument (list items
included, 3 characters or more) whose value occurs, as text, in an earlier tool result.

This is a plain substring scan, independent of projeval: it is what the labels are written
against (``labels.jsonl`` labels every candidate it prints).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


def _leaves(path: str, value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(f"{path}.{k}" if path else k, v)
    elif isinstance(value, list):
        for v in value:
            yield from _leaves(path + "[]", v)
    else:
        yield path or "$", value


def candidates() -> Iterator[dict[str, Any]]:
    """``{trace, call, tool, argument, value}`` of each candidate; ``call`` counts from 1."""
    for line in (HERE / "conversations.jsonl").read_text().splitlines():
        conv = json.loads(line)
        results: list[str] = []
        n = 0
        for m in conv["messages"]:
            if m["role"] == "tool":
                results.append(m["content"] or "")
            for tc in m.get("tool_calls") or []:
                n += 1
                args = json.loads(tc["function"]["arguments"])
                for argument, value in _leaves("", args):
                    text = str(value)
                    if len(text) >= 3 and any(text in r for r in results):
                        yield {
                            "trace": conv["id"],
                            "call": n,
                            "tool": tc["function"]["name"],
                            "argument": argument,
                            "value": text,
                        }


if __name__ == "__main__":
    for c in candidates():
        print(json.dumps(c))
