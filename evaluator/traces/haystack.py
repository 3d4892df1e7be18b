"""Haystack's chat messages, as ``ChatMessage.to_dict`` writes them, rewritten as OpenAI Chat.

Haystack 2's ``ChatMessage`` serialises as ``{"role", "content": [...], "name", "meta"}``
whose content parts carry no ``type``: each holds one key, ``text``, ``tool_call``
(``{"tool_name", "arguments", "id"}``) or ``tool_call_result`` (``{"result", "origin":
<the call>, "error"}``), besides ``reasoning`` and media. Read as Chat, its calls and
results were content parts of unknown type: no call, the results orphans, one problem a
message (tau59's ``haystack_messages.json``).
"""

from __future__ import annotations

import json
from typing import Any

#: The keys of Haystack's content parts: one a part.
_PART_KEYS = frozenset(("text", "tool_call", "tool_call_result", "reasoning", "image", "file"))


def _is_part(part: Any) -> bool:
    return isinstance(part, dict) and "type" not in part and len(part.keys() & _PART_KEYS) == 1


def is_haystack_message(m: Any) -> bool:
    """Whether ``m`` is a Haystack ``ChatMessage`` dict holding a call or a result (a message
    of text alone reads the same as Chat's parts already)."""
    if not (isinstance(m, dict) and isinstance(m.get("role"), str)):
        return False
    content = m.get("content")
    return (
        isinstance(content, list)
        and bool(content)
        and all(_is_part(p) for p in content)
        and any("tool_call" in p or "tool_call_result" in p for p in content)
    )


def _arguments(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def chat_messages(messages: list[Any]) -> list[Any]:
    """The messages with each Haystack one holding calls or results rewritten as Chat: an
    assistant's text and ``tool_calls``, and one ``tool`` message a result, naming its call
    by the origin's id, a failed one flagged ``"error": true``. Others are kept as they are."""
    out: list[Any] = []
    for m in messages:
        if not is_haystack_message(m):
            out.append(m)
            continue
        texts = [p["text"] for p in m["content"] if isinstance(p.get("text"), str)]
        calls = [
            {
                "id": call.get("id"),
                "type": "function",
                "function": {
                    "name": call.get("tool_name"),
                    "arguments": _arguments(call.get("arguments")),
                },
            }
            for p in m["content"]
            if isinstance(call := p.get("tool_call"), dict)
        ]
        if texts or calls:
            message: dict[str, Any] = {"role": m["role"], "content": "\n".join(texts) or None}
            if calls:
                message["tool_calls"] = calls
            out.append(message)
        for p in m["content"]:
            result = p.get("tool_call_result")
            if not isinstance(result, dict):
                continue
            origin = o_ if isinstance(o_ := result.get("origin"), dict) else {}
            body = result.get("result")
            out.append(
                {
                    "role": "tool",
                    "tool_call_id": origin.get("id"),
                    "content": body if isinstance(body, str) else _arguments(body),
                    "error": result.get("error") is True,
                }
            )
    return out
