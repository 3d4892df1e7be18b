"""Streamed responses, assembled into the response a call without streaming returns.

A request log or a VCR cassette records a streamed call's response as the raw
body: server-sent events (``data: {...}`` lines), or, for Gemini's
``streamGenerateContent`` without ``alt=sse``, a JSON list of chunks. Each
format streams differently (see ``TRACE_FORMATS.md``):

- OpenAI Chat: ``chat.completion.chunk`` deltas; a tool call's ``id`` and ``name``
  arrive in its first fragment, its ``arguments`` in pieces keyed by ``index``;
  usage only in the last chunk.
- OpenAI Responses: typed events; ``response.completed`` (or ``.incomplete`` /
  ``.failed``) holds the whole response, else the ``response.output_item.done`` items.
- Anthropic: ``message_start``, then ``content_block_start`` / ``_delta`` /
  ``_stop`` per block (``input_json_delta`` pieces of a tool's input), and
  ``message_delta`` with the cumulative output tokens.
- Gemini: each chunk is a whole ``GenerateContentResponse`` holding the next parts.
- Bedrock Converse: AWS's binary event stream (:mod:`.eventstream`; recorded as bytes,
  or base64 text): ``messageStart``, ``contentBlockStart`` / ``Delta`` / ``Stop`` per
  block (a tool's ``input`` in pieces), ``messageStop`` with the stop reason, and
  ``metadata`` with the usage. Bedrock's InvokeModel stream wraps the model's own
  events (Anthropic's, for Claude) in ``chunk`` messages, read as that model's stream.

:func:`assemble` is called only on a response that is not already an object, so
the records of an unstreamed log never pay for it.
"""

from __future__ import annotations

from typing import Any

from .. import _json
from . import eventstream


def sse_events(text: str) -> tuple[list[Any], int]:
    """The JSON payloads of the ``data:`` fields of a server-sent event stream, and how
    many payloads were not JSON (``[DONE]`` is the end marker, not a payload)."""
    events: list[Any] = []
    bad = 0
    data: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.strip():
            if line.startswith("data:"):
                value = line[5:]
                data.append(value[1:] if value.startswith(" ") else value)
            continue  # event:, id:, retry: and comments carry nothing the payloads lack
        if not data:
            continue
        payload = "\n".join(data)
        data = []
        if payload.strip() == "[DONE]":
            continue
        try:
            events.append(_json.loads(payload))
        except (ValueError, RecursionError):
            bad += 1
    return events, bad


def is_stream(value: Any) -> bool:
    """Whether a recorded response body looks like a server-sent event stream."""
    return isinstance(value, str) and ("data:" in value[:4096])


def assemble(fmt: str, body: Any) -> dict[str, Any] | str:
    """The response a streamed body adds up to, or why it holds none.

    ``body`` is the raw text of an event stream, a list of chunks, or the bytes (or
    base64 text) of an AWS event stream; ``fmt`` the trace format (``openai_chat``,
    ``openai_responses``, ``anthropic``, ``gemini``, ``bedrock_converse``).
    """
    if isinstance(body, str) and not is_stream(body):
        binary = eventstream.from_base64(body)  # an AWS event stream kept as base64
        if binary is None:
            return "the response is text but not a server-sent event stream (no 'data:' lines)"
        body = binary
    if isinstance(body, bytes | bytearray):
        read = eventstream.events(bytes(body))
        if isinstance(read, str):
            return read
        chunks, bad = list(read), 0
        failed = next((c["exception"] for c in read if "exception" in c), None)
        if isinstance(failed, dict):
            return (
                f"the stream ended with {failed['type']}: {failed['message']!r}"
                if failed["message"]
                else f"the stream ended with {failed['type']}"
            )
    elif isinstance(body, str):
        chunks, bad = sse_events(body)
    elif isinstance(body, list):
        chunks, bad = body, 0
    else:
        return "the response is neither an object, an event stream nor a list of chunks"
    chunks = [c for c in chunks if isinstance(c, dict)]
    if not chunks:
        return "the streamed response holds no JSON events" + (
            f" ({bad} 'data:' payloads are not JSON)" if bad else ""
        )
    joined: dict[str, Any] | str | None = _ASSEMBLERS[fmt](chunks)
    if joined is None and fmt == "openai_chat":
        joined = _cohere_chat(chunks)  # Cohere's v2 chat, read as Chat Completions
    if joined is None:
        return f"the streamed response holds no {fmt} events (is the format right?)"
    return joined


def _chat(chunks: list[dict[str, Any]]) -> dict[str, Any] | None:
    text: list[str] = []
    calls: dict[int, dict[str, Any]] = {}
    usage = None
    seen = False
    for chunk in chunks:
        if isinstance(chunk.get("usage"), dict):
            usage = chunk["usage"]
        choices = chunk.get("choices")
        if not isinstance(choices, list):
            continue
        for choice in choices:
            if not isinstance(choice, dict) or choice.get("index", 0) != 0:
                continue  # n > 1: the first choice, as the converters read
            delta = choice.get("delta")
            if not isinstance(delta, dict):
                continue
            seen = True
            if isinstance(delta.get("content"), str):
                text.append(delta["content"])
            for tc in delta.get("tool_calls") or []:
                if not isinstance(tc, dict):
                    continue
                slot = calls.setdefault(
                    tc.get("index", len(calls)),
                    {"id": None, "type": "function", "function": {"name": None, "arguments": ""}},
                )
                if tc.get("id"):
                    slot["id"] = tc["id"]
                fn = tc.get("function")
                if isinstance(fn, dict):
                    if fn.get("name"):
                        slot["function"]["name"] = fn["name"]
                    if isinstance(fn.get("arguments"), str):
                        slot["function"]["arguments"] += fn["arguments"]
    if not seen:
        return None
    message: dict[str, Any] = {"role": "assistant", "content": "".join(text) or None}
    if calls:
        message["tool_calls"] = [calls[k] for k in sorted(calls)]
    out: dict[str, Any] = {"choices": [{"index": 0, "message": message}]}
    if usage is not None:
        out["usage"] = usage
    return out


def _cohere_chat(chunks: list[dict[str, Any]]) -> dict[str, Any] | str | None:
    """Cohere's v2 chat stream (``message-start``, ``tool-plan-delta``, ``content-delta``,
    ``tool-call-start``/``-delta``, ``message-end``) as the one ``message`` its unstreamed
    response holds; a stream that ended in an error says so."""
    plan: list[str] = []
    text: list[str] = []
    calls: dict[int, dict[str, Any]] = {}
    usage = None
    seen = False
    for chunk in chunks:
        kind = chunk.get("type")
        message = _get_dict(_get_dict(chunk, "delta"), "message") or {}
        if kind == "message-start":
            seen = True
        elif kind == "tool-plan-delta" and isinstance(message.get("tool_plan"), str):
            plan.append(message["tool_plan"])
        elif kind == "content-delta":
            content = _get_dict(message, "content") or {}
            if isinstance(content.get("text"), str):
                text.append(content["text"])
        elif kind in ("tool-call-start", "tool-call-delta"):
            call = _get_dict(message, "tool_calls") or {}
            index = chunk.get("index", len(calls))
            slot = calls.setdefault(
                index if isinstance(index, int) else len(calls),
                {"id": None, "type": "function", "function": {"name": None, "arguments": ""}},
            )
            if call.get("id"):
                slot["id"] = call["id"]
            fn = _get_dict(call, "function") or {}
            if fn.get("name"):
                slot["function"]["name"] = fn["name"]
            if isinstance(fn.get("arguments"), str):
                slot["function"]["arguments"] += fn["arguments"]
        elif kind == "message-end":
            end = _get_dict(chunk, "delta") or {}
            if end.get("finish_reason") == "ERROR":
                error = " ".join(str(end.get("error") or "").split())
                return f"the stream ended with an error{': ' + repr(error) if error else ''}"
            usage = end.get("usage")
    if not seen:
        return None
    answer: dict[str, Any] = {"role": "assistant", "content": "".join(text) or None}
    if plan:
        answer["tool_plan"] = "".join(plan)
    if calls:
        answer["tool_calls"] = [calls[k] for k in sorted(calls)]
    return {"message": answer, "usage": usage}


_RESPONSE_DONE = ("response.completed", "response.incomplete", "response.failed", "response.done")


def _responses(chunks: list[dict[str, Any]]) -> dict[str, Any] | None:
    items: dict[int, Any] = {}
    first: dict[str, Any] | None = None
    for chunk in chunks:
        kind = chunk.get("type")
        if kind in _RESPONSE_DONE and isinstance(chunk.get("response"), dict):
            return chunk["response"]
        if kind == "response.created" and isinstance(chunk.get("response"), dict):
            first = chunk["response"]
        elif kind == "response.output_item.done" and isinstance(chunk.get("item"), dict):
            items[chunk.get("output_index", len(items))] = chunk["item"]
    if first is None and not items:
        return None
    # A stream cut short: the items it finished.
    return {**(first or {}), "output": [items[k] for k in sorted(items)]}


def _anthropic(chunks: list[dict[str, Any]]) -> dict[str, Any] | None:
    message: dict[str, Any] | None = None
    blocks: dict[int, dict[str, Any]] = {}
    partial: dict[int, list[str]] = {}
    for chunk in chunks:
        kind = chunk.get("type")
        if kind == "message_start" and isinstance(chunk.get("message"), dict):
            message = dict(chunk["message"])
            message["usage"] = dict(message.get("usage") or {})
        elif kind == "content_block_start" and isinstance(chunk.get("content_block"), dict):
            blocks[chunk.get("index", len(blocks))] = dict(chunk["content_block"])
        elif kind == "content_block_delta" and isinstance(chunk.get("delta"), dict):
            block = blocks.setdefault(chunk.get("index", 0), {"type": "text", "text": ""})
            delta = chunk["delta"]
            if delta.get("type") == "text_delta":
                block["text"] = str(block.get("text") or "") + str(delta.get("text", ""))
            elif delta.get("type") == "input_json_delta":
                partial.setdefault(chunk.get("index", 0), []).append(
                    str(delta.get("partial_json", ""))
                )
        elif kind == "message_delta" and message is not None:
            usage = chunk.get("usage")
            if isinstance(usage, dict):  # cumulative: the last value is the total
                message["usage"].update({k: v for k, v in usage.items() if v is not None})
            delta = chunk.get("delta")
            if isinstance(delta, dict) and delta.get("stop_reason"):
                message["stop_reason"] = delta["stop_reason"]
    if message is None and not blocks:
        return None
    for index, pieces in partial.items():
        raw = "".join(pieces)
        if not raw.strip():
            continue  # a tool called with no input streams no pieces
        try:
            blocks[index]["input"] = _json.loads(raw)
        except (ValueError, RecursionError):
            blocks[index]["input"] = raw  # kept as text: parse_args reports it as invalid
    out = message or {"type": "message", "role": "assistant"}
    out["content"] = [blocks[k] for k in sorted(blocks)]
    return out


def _gemini(chunks: list[dict[str, Any]]) -> dict[str, Any] | None:
    parts: list[Any] = []
    usage = None
    seen = False
    for chunk in chunks:
        meta = chunk.get("usageMetadata", chunk.get("usage_metadata"))
        if isinstance(meta, dict):
            usage = meta  # each chunk repeats the running total
        candidates = chunk.get("candidates")
        if not isinstance(candidates, list) or not candidates:
            continue
        content = candidates[0].get("content") if isinstance(candidates[0], dict) else None
        if not isinstance(content, dict):
            continue
        seen = True
        for part in content.get("parts") or []:
            last = parts[-1] if parts else None
            if (
                isinstance(part, dict)
                and isinstance(last, dict)
                and set(part) <= {"text", "thought"}
                and set(last) <= {"text", "thought"}
                and isinstance(part.get("text"), str)
                and isinstance(last.get("text"), str)
                and bool(part.get("thought")) == bool(last.get("thought"))
            ):
                parts[-1] = {**last, "text": last["text"] + part["text"]}
            else:
                parts.append(part)
    if not seen:
        return None
    out: dict[str, Any] = {"candidates": [{"content": {"role": "model", "parts": parts}}]}
    if usage is not None:
        out["usageMetadata"] = usage
    return out


def _bedrock(chunks: list[dict[str, Any]]) -> dict[str, Any] | None:
    role = None
    blocks: dict[int, dict[str, Any]] = {}
    partial: dict[int, list[str]] = {}
    out: dict[str, Any] = {}
    seen = False
    for chunk in chunks:
        if isinstance(chunk.get("messageStart"), dict):
            seen = True
            role = chunk["messageStart"].get("role")
        elif isinstance(chunk.get("contentBlockStart"), dict):
            seen = True
            start = chunk["contentBlockStart"]
            use = _get_dict(start.get("start"), "toolUse")
            if use is not None:
                index = start.get("contentBlockIndex", len(blocks))
                blocks[index] = {"toolUse": {k: v for k, v in use.items() if k != "input"}}
        elif isinstance(chunk.get("contentBlockDelta"), dict):
            seen = True
            delta = chunk["contentBlockDelta"]
            index = delta.get("contentBlockIndex", 0)
            piece = delta.get("delta")
            if not isinstance(piece, dict):
                continue
            if isinstance(piece.get("text"), str):
                block = blocks.setdefault(index, {"text": ""})
                block["text"] = str(block.get("text") or "") + piece["text"]
            elif _get_dict(piece, "toolUse") is not None:
                blocks.setdefault(index, {"toolUse": {}})
                partial.setdefault(index, []).append(str(piece["toolUse"].get("input", "")))
            elif _get_dict(piece, "reasoningContent") is not None:
                block = blocks.setdefault(index, {"reasoningContent": {"reasoningText": {}}})
                said = block.get("reasoningContent", {}).get("reasoningText")
                if isinstance(said, dict) and isinstance(
                    piece["reasoningContent"].get("text"), str
                ):
                    said["text"] = str(said.get("text") or "") + piece["reasoningContent"]["text"]
        elif isinstance(chunk.get("messageStop"), dict):
            seen = True
            if chunk["messageStop"].get("stopReason"):
                out["stopReason"] = chunk["messageStop"]["stopReason"]
        elif isinstance(chunk.get("metadata"), dict):
            seen = True
            if isinstance(chunk["metadata"].get("usage"), dict):
                out["usage"] = chunk["metadata"]["usage"]
    if not seen:
        return None
    for index, pieces in partial.items():
        raw = "".join(pieces)
        use = blocks[index].setdefault("toolUse", {})
        try:
            use["input"] = _json.loads(raw) if raw.strip() else {}
        except (ValueError, RecursionError):
            use["input"] = raw  # kept as text: parse_args reports it as invalid
    # A text block that never got a character (an empty delta) says nothing.
    content = [blocks[k] for k in sorted(blocks) if blocks[k].get("text", True) != ""]
    out["output"] = {"message": {"role": role or "assistant", "content": content}}
    return out


def _get_dict(holder: Any, key: str) -> dict[str, Any] | None:
    value = holder.get(key) if isinstance(holder, dict) else None
    return value if isinstance(value, dict) else None


#: Formats whose streamed responses are assembled.
ASSEMBLED = ("openai_chat", "openai_responses", "anthropic", "gemini", "bedrock_converse")

_ASSEMBLERS = {
    "openai_chat": _chat,
    "openai_responses": _responses,
    "anthropic": _anthropic,
    "gemini": _gemini,
    "bedrock_converse": _bedrock,
}
