"""MCP JSON-RPC logs: ``tools/call`` requests and their responses.

MCP carries only the tool leg of a conversation: there are no user questions,
answers or token usage in it, so an MCP trace has calls and results only.
A call and its result are linked by the JSON-RPC ``id``. Both kinds of error
count: a JSON-RPC ``error`` (protocol) and a result with ``isError: true``
(tool). Log lines may wrap the JSON-RPC message (``{"message": {...}}``) and
may carry a session id; sessions become separate traces.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .actions import is_error_text, tool_hints, tool_statements
from .events import Event, Problem, Trace, call_event, finish_trace

if TYPE_CHECKING:  # the readers import the converters, which read MCP content from here
    from .readers import Record

_WRAPPER_KEYS = ("message", "payload", "data", "body", "msg")
_TOOL_RESULT_KEYS = {"content", "isError", "structuredContent"}
_SESSION_KEYS = ("session_id", "sessionId", "session", "mcp.session.id")


def unwrap_jsonrpc(value: Any) -> dict[str, Any] | None:
    """The JSON-RPC message in a log record (bare or wrapped), or ``None``."""
    if not isinstance(value, dict):
        return None
    if value.get("jsonrpc") == "2.0":
        return value
    for key in _WRAPPER_KEYS:
        inner = value.get(key)
        if isinstance(inner, dict) and inner.get("jsonrpc") == "2.0":
            return inner
    return None


def _session_of(value: dict[str, Any]) -> str | None:
    for key in _SESSION_KEYS:
        sid = value.get(key)
        if isinstance(sid, str | int) and not isinstance(sid, bool):
            return str(sid)
    return None


def result_text(result: dict[str, Any]) -> str:
    """The text a model reads from a CallToolResult: its text blocks, joined."""
    parts: list[str] = []
    content = result.get("content")
    for block in content if isinstance(content, list) else []:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text" and isinstance(block.get("text"), str):
            parts.append(block["text"])
        elif block.get("type") == "resource" and isinstance(block.get("resource"), dict):
            text = block["resource"].get("text")
            if isinstance(text, str):
                parts.append(text)
    if not parts and "structuredContent" in result:
        return json.dumps(result["structuredContent"], ensure_ascii=False)
    return "\n".join(parts)


# MCP content block types (the protocol's ContentBlock): what a tool result's content holds.
_BLOCK_TYPES = frozenset(["text", "image", "audio", "resource", "resource_link"])


def content_output(text: str) -> tuple[str, bool] | None:
    """``(text, is_error)`` of a tool output written as MCP content JSON, or ``None`` for any
    other output.

    The OpenAI Agents SDK hands an MCP tool's result to the model as its content blocks'
    JSON (``content[0].model_dump_json()``, or a JSON list of several: openai/openai-agents-
    python ``src/agents/mcp/util.py``, ``MCPUtil.invoke_mcp_tool``), and some servers (proxies)
    return their whole ``CallToolResult`` as one text block. The blocks' text is what the
    tool answered (the model reads it wrapped): a ``CallToolResult`` inside says with
    ``isError`` whether the call failed, else the text says so as any result's would
    (:func:`~.actions.is_error_text`).
    """
    if text[:1] not in ("{", "[") or '"type"' not in text[:64]:
        return None
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    blocks = doc if isinstance(doc, list) else [doc]
    if not blocks or not all(
        isinstance(b, dict)
        and b.get("type") in _BLOCK_TYPES
        and (b["type"] != "text" or isinstance(b.get("text"), str))
        for b in blocks
    ):
        return None
    inner = result_text({"content": blocks})
    if inner[:1] == "{" and '"isError"' in inner:
        try:
            wrapped = json.loads(inner)
        except (ValueError, RecursionError):
            wrapped = None
        if (
            isinstance(wrapped, dict)
            and isinstance(wrapped.get("content"), list)
            and "isError" in wrapped
        ):
            inner = result_text(wrapped)
            return inner, bool(wrapped.get("isError")) or is_error_text(inner)
    return inner, is_error_text(inner)


def call_tool_result_output(text: str) -> tuple[str, bool] | None:
    """``(text, is_error)`` of a tool output that is a whole MCP ``CallToolResult`` as JSON,
    ``{"content": [blocks], "isError": ...}``, as an agent relaying an MCP server's answer
    into a Chat ``tool`` message writes it; ``None`` for any other output. Its ``isError``
    says whether the call failed (issue 16: such results were no errors)."""
    if text[:1] != "{" or '"isError"' not in text:
        return None
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if (
        not isinstance(doc, dict)
        or not isinstance(doc.get("isError"), bool)
        or not isinstance(doc.get("content"), list)
        or not set(doc) <= _CALL_TOOL_RESULT_KEYS
        or not all(isinstance(b, dict) and b.get("type") in _BLOCK_TYPES for b in doc["content"])
    ):
        return None
    inner = result_text(doc)
    return inner, doc["isError"] or is_error_text(inner)


#: The keys of a ``CallToolResult`` (``_meta`` the protocol's own).
_CALL_TOOL_RESULT_KEYS = frozenset(["content", "isError", "structuredContent", "_meta"])


class _Session:
    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.calls: set[str] = set()  # open tools/call request ids
        self.others: set[str] = set()  # open requests of other methods


class McpParser:
    """Collects ``tools/call`` traffic per session; finishes the sessions at end of file."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.stem = Path(name).name
        self.sessions: dict[str, _Session] = {}

    def feed(self, record: Record) -> Iterator[Trace | Problem]:
        """Consume one record; yield the traces it finishes and its problems."""
        values = record.value if isinstance(record.value, list) else [record.value]
        for value in values:  # a JSON-RPC batch is a list
            msg = unwrap_jsonrpc(value)
            if msg is None:
                yield Problem(self.name, record.line, "not a JSON-RPC 2.0 message; skipped")
                continue
            sid = _session_of(value) or self.stem
            session = self.sessions.get(sid)
            if session is None:
                session = self.sessions[sid] = _Session(Trace(sid, self.name, record.line, "mcp"))
            reason = self._message(msg, session, record.line)
            if reason:
                yield Problem(self.name, record.line, reason)

    def _message(self, msg: dict[str, Any], session: _Session, line: int) -> str | None:
        events = session.trace.events
        n = len(events)
        rid = None if msg.get("id") is None else str(msg["id"])
        if "method" in msg:
            if msg["method"] != "tools/call":
                if rid is not None:
                    session.others.add(rid)
                return None
            params = p_ if isinstance(p_ := msg.get("params"), dict) else {}
            name = params.get("name")
            call = call_event(n, str(name) if name else None, rid, params.get("arguments"))
            call.line = line
            events.append(call)
            if rid is not None:
                session.calls.add(rid)
            if not name:
                return "tools/call request without a tool name; kept with no name"
            return None
        if "result" not in msg and "error" not in msg:
            return "JSON-RPC message is neither a request nor a response; skipped"
        if rid in session.others:
            session.others.discard(rid)
            if isinstance(msg.get("result"), dict) and "tools" in msg["result"]:
                # tools/list: its annotations say which tools only read, and what its
                # definitions state grounds claims.
                session.trace.tool_hints.update(tool_hints(msg["result"]))
                session.trace.tool_text.update(tool_statements(msg["result"]))
            return None
        known = rid in session.calls
        session.calls.discard(rid or "")
        result = msg.get("result")
        if not known and isinstance(result, dict) and not _TOOL_RESULT_KEYS & result.keys():
            return None  # the answer to a request the log did not record, not a tool result
        if "error" in msg:
            err = msg["error"] if isinstance(msg["error"], dict) else {"message": msg["error"]}
            text = f"JSON-RPC error {err.get('code')}: {err.get('message')}"
            events.append(
                Event("tool", "result", n, text=text, call_id=rid, is_error=True, line=line)
            )
            return None
        if not isinstance(result, dict):
            return "tools/call result is not an object; skipped"
        events.append(
            Event(
                "tool",
                "result",
                n,
                text=result_text(result),
                call_id=rid,
                structured=result.get("structuredContent"),
                is_error=bool(result.get("isError", False)),
                line=line,
            )
        )
        return None

    def close(self) -> Iterator[Trace | Problem]:
        """Finish every trace still open at the end of the file."""
        for sid in sorted(self.sessions):
            yield finish_trace(self.sessions[sid].trace)
        self.sessions = {}
