"""Pydantic AI message histories: what ``ModelMessagesTypeAdapter.dump_json`` (or
``result.all_messages_json()``) writes, a JSON list of messages.

Each message is a ``request`` (what Pydantic AI sent the model) or a ``response`` (what
the model answered), its ``parts`` told apart by ``part_kind``:

- a request's ``system-prompt`` is a system message, its ``user-prompt`` the user's turn,
  its ``tool-return`` a tool's result (``outcome`` ``failed``, ``denied`` or
  ``interrupted`` a failed call), and its ``retry-prompt`` Pydantic AI telling the model
  to try again: a failed call where it names the tool it answers, else (the model's
  output was refused) a system message, since no person wrote it;
- a request's ``instructions`` (sent with every request, recorded on each) are a system
  message where they first appear or change;
- a response is one model call with its ``usage``: its ``text`` parts the answer,
  ``tool-call`` and ``builtin-tool-call`` parts calls, ``builtin-tool-return`` the
  provider's own tool answering in the same response, ``thinking`` the model's reasoning
  (not read as text), a ``compaction`` summary the context it answers from.

A record is such a list (a whole history, or a run's new messages), one message a line,
or ``{"messages": [...]}``; a conversation is named by its messages' ``conversation_id``
where Pydantic AI recorded one.

A run cut short is reported: a history (or a run's last row, or a conversation's last line)
that ends on a prompt the model never answered, and a message whose ``state`` says Pydantic
AI recorded it cut short (a request ``interrupted`` while it was assembled, a response
``interrupted`` or ``incomplete``).
"""

from __future__ import annotations

import json
from typing import Any

from .conversations import (
    CONVERTERS,
    Converter,
    Snapshot,
    _add_text,
    _attach_usage,
    _int,
    as_call_id,
    trace_id_of,
)
from .events import Event, Usage, call_event

#: ``ModelMessage.kind``.
KINDS = frozenset(("request", "response"))
# Tool outcomes (``BaseToolReturnPart.outcome``) in which the tool did not return a value.
_FAILED_OUTCOMES = frozenset(("failed", "denied", "interrupted"))
# User content and tool-return items that hold no text by design (``ImageUrl``,
# ``BinaryContent``, ...): passed over, as Chat's media parts are.
_MEDIA_KINDS = frozenset(
    (
        "image-url",
        "audio-url",
        "video-url",
        "document-url",
        "binary",
        "cache-point",
        "uploaded-file",
    )
)
# Parts that carry nothing this analysis reads: a file the model made, the tools a
# request newly offers.
_IGNORED_PARTS = frozenset(("file", "tool-availability-delta"))
# User content items: media, and text given as an item (``TextContent``).
_ITEM_KINDS = _MEDIA_KINDS | {"text-content"}


def is_message(value: Any) -> bool:
    """A Pydantic AI ``ModelMessage``: ``kind`` request or response, and a ``parts`` list."""
    return (
        isinstance(value, dict)
        and _kind(value, "kind") in KINDS
        and isinstance(value.get("parts"), list)
    )


def _kind(value: dict[str, Any], key: str) -> str | None:
    """A ``kind``-like field when it is text (any other value names no kind)."""
    kind = value.get(key)
    return kind if isinstance(kind, str) else None


def usage_of(raw: Any) -> Usage | None:
    """A response's ``RequestUsage`` (``input_tokens`` already counts the cache's; older
    dumps say ``request_tokens``/``response_tokens``). All zeros is Pydantic AI's default
    for a response that recorded none, so it is read as none."""
    if not isinstance(raw, dict):
        return None
    read = _int(raw.get("input_tokens", raw.get("request_tokens")))
    wrote = _int(raw.get("output_tokens", raw.get("response_tokens")))
    if not read and not wrote:
        return None
    return Usage(
        input_total=read,
        output=wrote,
        cache_read=_int(raw.get("cache_read_tokens")) or None,
        cache_creation=_int(raw.get("cache_write_tokens")) or None,
    )


def _text(content: Any) -> str:
    """A part's content as text: a string as it is, a user prompt's list of items read for
    its strings and ``text-content`` (media left out), any other value as JSON, as Pydantic
    AI sends a tool's return value to the model."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, dict) and _kind(content, "kind") in _MEDIA_KINDS:
        return ""
    if isinstance(content, list) and any(
        isinstance(c, dict) and _kind(c, "kind") in _ITEM_KINDS for c in content
    ):
        texts = [
            c if isinstance(c, str) else _text(c.get("content"))
            for c in content
            if isinstance(c, str) or (isinstance(c, dict) and c.get("kind") == "text-content")
        ]
        return "\n".join(t for t in texts if t)
    return json.dumps(content, ensure_ascii=False, default=str)


def _retry_text(content: Any) -> str:
    """A retry prompt's reason: its text, or its validation errors one a line
    (``loc: msg``), as the ``ErrorDetails`` Pydantic AI recorded them."""
    if isinstance(content, list) and all(isinstance(e, dict) and "msg" in e for e in content):
        lines = []
        for error in content:
            loc = error.get("loc")
            where = ".".join(map(str, loc)) if isinstance(loc, list) and loc else ""
            lines.append(f"{where}: {error['msg']}" if where else str(error["msg"]))
        return "\n".join(lines)
    return _text(content)


def _instructions_once(messages: list[Any]) -> list[Any]:
    """The messages with each request's ``instructions`` kept only where they first appear
    or change: Pydantic AI records them on every request it sent them with, and they are
    one system message, not one a request. Requests are copied, never changed in place
    (a record's history is compared with the next record's)."""
    out: list[Any] = []
    last: str | None = None
    for m in messages:
        if is_message(m) and m["kind"] == "request":
            now = m.get("instructions")
            if isinstance(now, str) and now == last:
                m = {k: v for k, v in m.items() if k != "instructions"}
            elif isinstance(now, str):
                last = now
        out.append(m)
    return out


def _conversation_id(messages: list[Any]) -> str | None:
    for m in messages:
        if isinstance(m, dict) and isinstance(m.get("conversation_id"), str):
            return str(m["conversation_id"])
    return None


def _run_ids(messages: list[Any]) -> list[str | None]:
    return [
        m.get("run_id") if isinstance(m, dict) and isinstance(m.get("run_id"), str) else None
        for m in messages
    ]


def _one_run(messages: list[Any]) -> str | None:
    """The ``run_id`` every message carries, when they carry one and the same: one run's
    messages, not a history of several runs (``all_messages_json()`` after the first)."""
    runs = set(_run_ids(messages))
    return runs.pop() if len(runs) == 1 else None


def _interrupted(messages: list[Any], where: str | None = None) -> str | None:
    """The problem of a history that ends on a request the model never answered: a user's
    prompt, or Pydantic AI asking the model to retry, with no response after it. A run
    that finished ends on a response, or on the request that acknowledges its output
    tool's call (a ``tool-return``), so only those two part kinds say the run stopped.
    ``where`` names the request (its message's number by default)."""
    if not messages or not is_message(messages[-1]) or messages[-1]["kind"] != "request":
        return None
    kinds = {_kind(part, "part_kind") for part in messages[-1]["parts"] if isinstance(part, dict)}
    if not kinds & {"user-prompt", "retry-prompt"}:
        return None
    run = _run_ids(messages)[-1]
    which = f"run {run!r}" if run is not None else "the run"
    return (
        f"{which} ends on a request the model never answered "
        f"({where or f'message {len(messages) - 1}'}, "
        "a user prompt or retry prompt with no response after it): the run was interrupted "
        "or its response was not saved"
    )


#: The states in which Pydantic AI records a message cut short (``ModelRequestState``,
#: ``ModelResponseState`` of ``pydantic_ai/messages.py``): a request the run was still
#: assembling (collecting tool returns) when an exception or a cancellation stopped it, a
#: streamed response cancelled (``interrupted``) or stopped before it completed
#: (``incomplete``). ``suspended`` is left out: Pydantic AI continues such a response
#: itself, and what it recorded is a pause, not a stop.
_CUT_STATES = {
    "request": frozenset(("interrupted",)),
    "response": frozenset(("interrupted", "incomplete")),
}
_CUT_WHAT = {
    "request": "the run was stopped while it assembled the request (its tool returns), "
    "which was never sent to the model",
    "response": "the model's generation was stopped before it finished",
}


class PydanticAI(Converter):
    """Pydantic AI message histories (``ModelMessagesTypeAdapter``'s dump)."""

    name = "pydantic_ai"

    def unpack(self, value: Any) -> Snapshot | str:
        if is_message(value):
            # One message a line (a store's rows): it continues its conversation, whose
            # last line says whether its run was cut short.
            return Snapshot(
                trace_id_of(value),
                [value],
                append=True,
                unanswered=_interrupted([value], "this line"),
            )
        if isinstance(value, list):
            tid = _conversation_id(value)
            return Snapshot(
                tid,
                _instructions_once(value),
                unanswered=_interrupted(value),
                # One run's new messages (``new_messages_json()``, stored a run a row as
                # Pydantic AI's chat app does): they continue their conversation.
                run_id=_one_run(value) if tid is not None else None,
            )
        if isinstance(value, dict) and isinstance(value.get("messages"), list):
            messages = value["messages"]
            tid = trace_id_of(value) or _conversation_id(messages)
            return Snapshot(tid, _instructions_once(messages))
        return (
            "record is not a Pydantic AI message history: no list of messages with 'kind' "
            "request/response and 'parts' (write ModelMessagesTypeAdapter.dump_json(messages), "
            "one history a file or a line)"
        )

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:
        events: list[Event] = []
        for msg, m in self.objects(messages, start, problems):
            kind, parts = _kind(m, "kind"), m.get("parts")
            if kind not in KINDS or not isinstance(parts, list):
                problems.append(
                    f"message {msg} is not a request or response with 'parts' "
                    f"(kind {kind!r}); skipped"
                )
                continue
            state = m.get("state")
            if isinstance(state, str) and state in _CUT_STATES[kind]:
                # Pydantic AI's own word that the message was cut short. Only new messages
                # are converted, so a history saved again reports it once.
                problems.append(
                    f"message {msg}: a {kind} cut short (state {state!r}): {_CUT_WHAT[kind]}; "
                    "read as far as it was recorded"
                )
            if kind == "request":
                self._request(m, parts, msg, events, problems)
                continue
            first = len(events)
            self._response(parts, msg, events, problems)
            if len(events) == first:
                events.append(Event("assistant", "message", msg, text=""))  # still a model call
            _attach_usage(events, first, usage_of(m.get("usage")))
        for ev in events:
            ev.line = line
        return events

    @staticmethod
    def _request(
        m: dict[str, Any], parts: list[Any], msg: int, out: list[Event], problems: list[str]
    ) -> None:
        first = len(out)
        for part in parts:
            kind = _kind(part, "part_kind") if isinstance(part, dict) else None
            if not isinstance(part, dict):
                problems.append(f"message {msg}: a part is not an object; skipped")
            elif kind == "system-prompt":
                out.append(Event("system", "message", msg, text=_text(part.get("content"))))
            elif kind == "user-prompt":
                out.append(Event("user", "message", msg, text=_text(part.get("content"))))
            elif kind == "speech":
                out.append(Event("user", "message", msg, text=_text(part.get("transcript"))))
            elif kind == "tool-return":
                out.append(_result(part, msg))
            elif kind == "retry-prompt":
                text = _retry_text(part.get("content"))
                tool = part.get("tool_name")
                if isinstance(tool, str) and tool:
                    # The call it answers failed: bad arguments, the tool raised ModelRetry,
                    # or no tool has that name.
                    cid = as_call_id(part.get("tool_call_id"))
                    out.append(Event("tool", "result", msg, text, tool, cid, is_error=True))
                else:
                    out.append(Event("system", "message", msg, text=text))
            elif kind not in _IGNORED_PARTS:
                problems.append(f"message {msg}: unknown request part {kind!r}; skipped")
        instructions = m.get("instructions")
        if isinstance(instructions, str) and instructions:
            # After the results that answer the last response's calls (Pydantic AI puts
            # those first), before what the request says anew.
            at = next((i for i in range(first, len(out)) if out[i].role != "tool"), len(out))
            out.insert(at, Event("system", "message", msg, text=instructions))

    @staticmethod
    def _response(parts: list[Any], msg: int, out: list[Event], problems: list[str]) -> None:
        text_event: Event | None = None
        adjacent = False  # text parts side by side join with nothing between, as in .text
        for part in parts:
            kind = _kind(part, "part_kind") if isinstance(part, dict) else None
            if not isinstance(part, dict):
                problems.append(f"message {msg}: a part is not an object; skipped")
                continue
            if kind in ("text", "speech"):
                text = _text(part.get("content" if kind == "text" else "transcript"))
                sep = "" if adjacent else "\n\n"
                text_event = _add_text(out, text_event, "assistant", msg, text, sep)
                adjacent = True
                continue
            adjacent = False
            if kind in ("tool-call", "builtin-tool-call"):
                tool, cid = part.get("tool_name"), as_call_id(part.get("tool_call_id"))
                name = tool if isinstance(tool, str) else None
                out.append(call_event(msg, name, cid, part.get("args")))
            elif kind == "builtin-tool-return":
                out.append(_result(part, msg))
                # What the model writes after the provider's tool answered is read after that
                # answer, not joined to what it wrote before the call.
                text_event = None
            elif kind == "compaction":
                if isinstance(part.get("content"), str) and part["content"]:
                    out.append(Event("system", "message", msg, text=part["content"]))
                    text_event = None
            elif kind != "thinking" and kind not in _IGNORED_PARTS:
                problems.append(f"message {msg}: unknown response part {kind!r}; skipped")


def _result(part: dict[str, Any], msg: int) -> Event:
    """A ``tool-return`` (or ``builtin-tool-return``): failed unless its outcome says it
    returned (dumps before ``outcome`` existed hold returns only)."""
    tool = part.get("tool_name")
    return Event(
        "tool",
        "result",
        msg,
        _text(part.get("content")),
        tool if isinstance(tool, str) else None,
        as_call_id(part.get("tool_call_id")),
        is_error=_kind(part, "outcome") in _FAILED_OUTCOMES,
    )


# Registered beside the other message-list converters (the parsers and the shard cutter
# look formats up there); importing :mod:`.parsers` imports this module.
CONVERTERS[PydanticAI.name] = PydanticAI()
