"""The normalised event record every trace format is parsed into.

One :class:`Event` is one message, one tool call or one tool result. Parsers
build events in conversation order; :func:`finish_trace` then numbers them,
assigns human turns and links each call to its result. The link is by call id
wherever the format records one, and by tool name plus order only where it
does not (legacy OpenAI ``function_call``, some spans): linking by position
would pair parallel calls with the wrong results.
"""

from __future__ import annotations

import json
from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pandas as pd

from .. import _json
from .columns import EVENTS

# orjson is optional and 2-3x faster. It reads the same values, except integers
# beyond 64 bits, which it turns into floats (the standard library keeps them).
try:
    from orjson import loads as fast_loads
except ImportError:  # pragma: no cover - depends on the environment

    def fast_loads(data: bytes | bytearray | memoryview | str, /) -> Any:
        """``json.loads``, which takes no memoryview (the readers hand out views)."""
        return json.loads(bytes(data) if isinstance(data, memoryview) else data)


#: Roles after normalisation. Tool results are always ``tool``, even where the
#: format carries them in a user message (Anthropic), so they never count as turns.
ROLES = ("system", "user", "assistant", "tool")
#: Event kinds.
KINDS = ("message", "call", "result")


class Problem(NamedTuple):
    """A record that was skipped or repaired: where it was and why."""

    file: str
    line: int | None
    reason: str


@dataclass(slots=True)
class Usage:
    """Token usage a model call recorded. ``input_total`` includes cache tokens."""

    input_total: int | None = None
    output: int | None = None
    cache_read: int | None = None
    cache_creation: int | None = None


@dataclass(slots=True)
class Event:
    """One message, tool call or tool result of a trace.

    ``msg`` numbers the source messages of the trace: the calls of one
    assistant message (parallel calls) share it, and one model call produced
    each distinct assistant ``msg``. ``link`` is the ``seq`` of the matching
    call (on a result) or result (on a call), or ``None`` when there is none.
    """

    role: str
    kind: str
    msg: int
    text: str | None = None
    tool: str | None = None
    call_id: str | None = None
    args_raw: str | None = None
    args: Any = None
    structured: Any = None  # a result's structured form (MCP structuredContent); not a column
    is_error: bool | None = None
    usage: Usage | None = None
    trace_id: str = ""
    file: str = ""
    line: int | None = None
    format: str = ""
    seq: int = 0
    turn: int = 0
    link: int | None = None
    tokens: int = 0
    context_tokens: int | None = None  # on the first event of each model call: tokens re-read


@dataclass(slots=True)
class Trace:
    """The events of one conversation (or one MCP session), in order."""

    trace_id: str
    file: str
    line: int | None
    format: str
    events: list[Event] = field(default_factory=list)
    truncated: bool = False
    #: ``readOnlyHint`` of the tools a ``tools/list`` answer in the trace annotated.
    tool_hints: dict[str, bool] = field(default_factory=dict)
    #: ``name -> text`` of what the tool definitions the trace records tell the agent
    #: (:func:`~.actions.tool_statements`: an OpenAI or Anthropic request's ``tools``, a
    #: ``tools/list`` answer): values they state ground its claims, as the system prompt's do.
    tool_text: dict[str, str] = field(default_factory=dict)
    #: Call ids given to a call while another call holding the same id still waited for its
    #: result (:func:`finish_trace` pairs them in order; the reader reports it).
    reused_call_ids: list[str] = field(default_factory=list)


def parse_args(value: Any) -> tuple[str | None, Any]:
    """``(raw, parsed)`` for tool-call arguments given as a JSON string or a value.

    Invalid JSON keeps its raw text and parses to ``None``; arguments given as
    an object (Anthropic, MCP, some OpenAI-compatible servers) get a compact
    JSON rendering as their raw text.
    """
    if value is None:
        return None, None
    if isinstance(value, str):
        try:
            parsed = fast_loads(value)
        except ValueError:
            try:  # what orjson refuses (NaN, huge integers) the standard library may read
                parsed = _json.loads(value)
            except (ValueError, RecursionError):
                return value, None
        # Arguments nested past what any reader can walk are kept as their text only.
        return value, None if _json.nested_deeper(parsed) else parsed
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")), value
    except (TypeError, ValueError):
        return str(value), None


def call_event(msg: int, tool: str | None, call_id: str | None, arguments: Any) -> Event:
    """An assistant's tool call, its arguments read by :func:`parse_args`."""
    raw, parsed = parse_args(arguments)
    # Positional (role, kind, msg, text, tool, call_id, args_raw, args): this runs once per
    # call of a corpus, and keyword arguments make an event a third dearer to build.
    return Event("assistant", "call", msg, None, tool, call_id, raw, parsed)


def canonical_args(event: Event) -> str | None:
    """Arguments in one canonical spelling (sorted keys), for spotting duplicate calls."""
    if event.args is not None:
        try:
            return json.dumps(event.args, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        except (TypeError, ValueError):
            pass
    return event.args_raw.strip() if event.args_raw is not None else None


def finish_trace(trace: Trace) -> Trace:
    """Number the events, assign turns and link calls to results (in place)."""
    turn = 0
    by_id: dict[str, Event] = {}
    # Calls without an id wait here, per tool name, oldest first.
    by_name: defaultdict[str | None, deque[Event]] = defaultdict(deque)
    for seq, ev in enumerate(trace.events):
        ev.seq = seq
        ev.trace_id = trace.trace_id
        ev.file = trace.file
        ev.format = trace.format
        if ev.line is None:
            ev.line = trace.line
        if ev.role == "user" and ev.kind == "message":
            turn += 1
        ev.turn = turn
        if ev.kind == "call":
            if ev.call_id is not None and ev.call_id not in by_id:
                by_id[ev.call_id] = ev
            else:
                if ev.call_id is not None and ev.call_id not in trace.reused_call_ids:
                    trace.reused_call_ids.append(ev.call_id)
                by_name[ev.tool].append(ev)
        elif ev.kind == "result":
            call = None
            if ev.call_id is not None:
                call = by_id.pop(ev.call_id, None)
                if call is None and ev.call_id in trace.reused_call_ids:
                    # An id two calls were given at once: its next result answers the
                    # oldest call still waiting under it.
                    call = _oldest_with_id(by_name, ev.call_id)
                if call is None and ev.tool is not None and by_name[ev.tool]:
                    # An id a client gave a call recorded without one (Gemini's
                    # functionCall, answered with the id pydantic-ai added): name and order.
                    call = by_name[ev.tool].popleft()
            elif by_name[ev.tool]:
                call = by_name[ev.tool].popleft()
            elif ev.tool is not None:
                # An id-less result (a span) may answer a call that had an id.
                call = next((c for c in by_id.values() if c.tool == ev.tool), None)
                if call is not None:
                    del by_id[call.call_id]  # type: ignore[arg-type]
            elif ev.tool is None:
                # A result that names neither id nor tool takes the oldest id-less call.
                waiting = [q for q in by_name.values() if q]
                if waiting:
                    call = min(waiting, key=lambda q: q[0].seq).popleft()
            if call is not None:
                call.link = seq
                ev.link = call.seq
                if ev.tool is None:
                    ev.tool = call.tool
    return trace


def _oldest_with_id(waiting: defaultdict[str | None, deque[Event]], call_id: str) -> Event | None:
    """Take the oldest call waiting in ``waiting`` whose id is ``call_id``, if any."""
    found = min(
        (c for q in waiting.values() for c in q if c.call_id == call_id),
        key=lambda c: c.seq,
        default=None,
    )
    if found is not None:
        waiting[found.tool].remove(found)
    return found


#: Columns of :func:`events_frame`, in order (declared in :data:`~.columns.EVENTS`).
EVENT_COLUMNS = tuple(c.name for c in EVENTS.columns if c.in_frame)


def event_row(ev: Event) -> tuple[Any, ...]:
    """One row of the events table (in the order of :data:`~.columns.EVENTS`)."""
    u = ev.usage
    return (
        ev.file,
        ev.line,
        ev.format,
        ev.trace_id,
        ev.seq,
        ev.msg,
        ev.turn,
        ev.role,
        ev.kind,
        ev.tool,
        ev.call_id,
        ev.link,
        ev.args_raw,
        ev.args,
        ev.text,
        ev.is_error,
        ev.structured,
        ev.tokens,
        ev.context_tokens,
        u.input_total if u else None,
        u.output if u else None,
        u.cache_read if u else None,
        u.cache_creation if u else None,
    )


def events_frame(rows: list[tuple[Any, ...]]) -> pd.DataFrame:
    """The events table, with the dtypes :data:`~.columns.EVENTS` declares."""
    return EVENTS.frame(rows)
