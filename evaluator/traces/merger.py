"""Building one conversation from successive snapshots of it (the merger).

A chat log records the whole history again at every call; a span trace records
each model call's messages. :class:`Merger` appends only what a snapshot adds,
so history is counted once. The conversation parsers (:mod:`.parsers`) and the
span parser (:mod:`.spans`) both build their traces with it, which is why it
lives apart from either.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from .conversations import Converter, Snapshot
from .events import Event, Trace, canonical_args


def fingerprint(message: Any) -> str:
    """A stable spelling of one message, to check that a snapshot extends the last one."""
    return json.dumps(message, sort_keys=True, ensure_ascii=False, default=str)


def same_value(a: Any, b: Any) -> bool:
    """True when ``a`` and ``b`` are surely the same JSON value (so their fingerprints agree).

    ``False`` only means "not sure": floats are left to :func:`fingerprint`
    (``0.0 == -0.0`` and ``1 == 1.0`` compare equal but are spelled differently),
    and so is anything that is not plain JSON.
    """
    if a is b:  # a line read as an extension shares its history
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is str or kind is int or kind is bool or a is None:
        return a == b
    if kind is dict:
        if len(a) != len(b):
            return False
        for key, value in a.items():
            if type(key) is not str or key not in b or not same_value(value, b[key]):
                return False
        return True
    if kind is list:
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    return False


class Merger:
    """Builds one conversation from successive snapshots of it."""

    def __init__(self, trace: Trace, converter: Converter) -> None:
        self.trace = trace
        self.converter = converter
        self.count = 0  # source messages consumed so far
        self.last: Any = None  # the last one; fingerprinted only when a snapshot follows
        self.next_msg = 0
        # One message per line (agent session logs): each response id -> its message's
        # number, and the event that holds its usage (see add).
        self.reply_msg: dict[str, int] = {}
        self.replies: dict[str, Event] = {}

    def extends(self, snap: Snapshot) -> bool:
        """Whether ``snap`` continues this conversation rather than starting another."""
        if snap.append or self.count == 0:
            return True
        if len(snap.messages) < self.count:
            return False
        return same_message(self.converter, self.last, snap.messages[self.count - 1])

    def resync(self, snap: Snapshot) -> bool:
        """Whether ``snap`` re-sends this whole conversation spelled another way (the
        Responses API's parallel calls one input message each, after an output message
        that held them all; an empty assistant message a client inserted): then the
        messages after that history are the new ones, and ``True``.

        Checked only when :meth:`extends` says no: a branch or a restart, which does not
        re-send everything the conversation holds, stays a conversation of its own.
        """
        have = Counter(g for g in map(gist, self.trace.events) if not _silent(g))
        known = 0
        for message in snap.messages:
            if not +have:
                break  # all of the conversation so far is re-sent: the rest is new
            made = Counter(_gists(self.converter, message))
            if all(map(_silent, made)):
                known += 1  # says nothing (an empty message, a reasoning item)
                continue
            if any(have[g] < n for g, n in made.items()):
                return False
            have.subtract(made)
            known += 1
        if +have:
            return False
        self.count = known
        self.last = snap.messages[known - 1] if known else None
        return True

    def add(self, snap: Snapshot, line: int | None, problems: list[str]) -> None:
        """Convert the messages ``snap`` adds and append their events."""
        new = snap.messages if snap.append else snap.messages[self.count :]
        # Claude Code writes each content block of one response as a line of its own, each
        # with the response's id and usage, and may write a call's result before the
        # response's next call: the lines of one response are one message (one model
        # call), its calls before the results that came between, and its usage counts once.
        reply = _reply_id(new) if snap.append else None
        at = None if reply is None else self._after_reply(reply)
        start = self.next_msg if at is None else self.reply_msg[str(reply)]
        events = self.converter.convert(new, start, line, problems)
        if at is None:
            self.next_msg = max((e.msg for e in events), default=start + len(new) - 1) + 1
            if reply is not None:
                self.reply_msg[reply] = start
        if reply is not None:
            self._usage_once(reply, events)
        self.count += len(new)
        if snap.messages:
            self.last = snap.messages[-1] if not snap.append else None
        if snap.usage is not None:
            attach_usage(events, snap.usage)
        if at is None:
            self.trace.events.extend(events)
        else:
            self.trace.events[at:at] = events

    def _after_reply(self, reply: str) -> int | None:
        """Where the events of another line of response ``reply`` go: after that response's
        events and before the results written since (``None``: it is no such line)."""
        msg = self.reply_msg.get(reply)
        if msg is None:
            return None
        events = self.trace.events
        at = len(events)
        while at and events[at - 1].kind == "result":
            at -= 1
        return at if at and events[at - 1].msg == msg else None

    def _usage_once(self, reply: str, events: list[Event]) -> None:
        """Keep one usage for response ``reply``: on its first line's event, the latest
        line's figures (a streamed response's output tokens grow as its lines are written)."""
        mine = next((e for e in events if e.usage is not None), None)
        first = self.replies.get(reply)
        if first is None:
            if mine is not None:
                self.replies[reply] = mine
        elif mine is not None:
            first.usage, mine.usage = mine.usage, None


def _reply_id(messages: list[Any]) -> str | None:
    """The response id of a line's one assistant message (an agent session log's line)."""
    if len(messages) != 1 or not isinstance(messages[0], dict):
        return None
    message = messages[0]
    reply = message.get("id")
    return reply if message.get("role") == "assistant" and isinstance(reply, str) else None


def same_message(converter: Converter, before: Any, now: Any) -> bool:
    """Whether ``now`` is the message ``before`` re-sent as history."""
    # Re-sent history is almost always an exact copy: comparing values is far
    # cheaper than spelling out both (a tool result can be a large page).
    if same_value(now, before) or fingerprint(now) == fingerprint(before):
        return True
    # A response re-sent as the next request's history may differ in fields that say
    # nothing here (refusal: null, annotations: [], a signature, an id the client added
    # to a call): the same events are the same message. A message that made tool calls
    # is the one that made those calls, though a client may drop its text (crewAI).
    was, is_ = _gists(converter, before), _gists(converter, now)
    if was == is_:
        return True
    calls = [g for g in was if g[1] == "call"]
    return bool(calls) and calls == [g for g in is_ if g[1] == "call"]


def extends_line(converter: Converter, before: list[Any], after: list[Any]) -> bool:
    """Whether the messages of a record with no conversation id, ``after``, extend those of
    the record before it, ``before``: more of them, the first of ``before`` re-sent as it
    was and its last at its place (spelled as re-sent history may be). A request log without ids records each request's
    whole history so far, so that record is the same conversation, further on."""
    n = len(before)
    # The first message (a system prompt, the user's opening) is re-sent as it was: an
    # exact comparison, which fails fast on the next line of a file of conversations.
    return (
        0 < n < len(after)
        and same_value(before[0], after[0])
        and (n == 1 or same_message(converter, before[-1], after[n - 1]))
    )


def shares_opening(before: list[Any], after: list[Any]) -> bool:
    """Whether a record with no conversation id, ``after``, has more messages than the one
    before it and opens as it does (its first two messages re-sent as they were): it may
    re-send that conversation grouped another way (:meth:`Merger.resync` decides)."""
    return (
        2 <= len(before) < len(after)
        and same_value(before[0], after[0])
        and same_value(before[1], after[1])
    )


def _gists(converter: Converter, message: Any) -> list[tuple[Any, ...]]:
    return [gist(e) for e in converter.convert([message], 0, None, [])]


def attach_usage(events: list[Event], usage: Any) -> None:
    """Give a record's usage to the model call that wrote its last assistant message."""
    last = next((e.msg for e in reversed(events) if e.role == "assistant"), None)
    if last is None:
        return
    first = next(e for e in events if e.msg == last)
    if first.usage is None:
        first.usage = usage


def gist(e: Event) -> tuple[Any, ...]:
    """What an event says, not how it was spelled: no ids, lines or usage."""
    return (e.role, e.kind, e.tool, canonical_args(e), e.text)


def _silent(g: tuple[Any, ...]) -> bool:
    # A message without text (an empty system prompt, an empty assistant message).
    return bool(g[1] == "message" and not g[4])
