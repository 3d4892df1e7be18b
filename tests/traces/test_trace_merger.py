"""The merger: one conversation from successive records of it."""

from __future__ import annotations

from typing import Any

from projeval.traces.conversations import CONVERTERS, Snapshot
from projeval.traces.events import Trace, finish_trace
from projeval.traces.merger import Merger


def _line(message: dict[str, Any]) -> Snapshot:
    return Snapshot("s", [message], append=True)


def _reply(rid: str, block: dict[str, Any], output: int) -> dict[str, Any]:
    usage = {"input_tokens": 10, "output_tokens": output}
    return {"id": rid, "role": "assistant", "content": [block], "usage": usage}


def _call(cid: str) -> dict[str, Any]:
    return {"type": "tool_use", "id": cid, "name": "ls", "input": {"dir": cid}}


def _result(cid: str) -> dict[str, Any]:
    block = {"type": "tool_result", "tool_use_id": cid, "content": "ok"}
    return {"role": "user", "content": [block]}


def test_lines_of_one_response_are_one_message_with_its_usage_once() -> None:
    # An agent session log writes each block of one response as a line of its own,
    # repeating the response's id and usage, and may write a result before the next call.
    merger = Merger(Trace("s", "f", 1, "anthropic"), CONVERTERS["anthropic"])
    lines = [
        {"role": "user", "content": "list both"},
        _reply("r1", {"type": "text", "text": "Listing."}, 1),
        _reply("r1", _call("a"), 2),
        _result("a"),
        _reply("r1", _call("b"), 3),
        _result("b"),
        _reply("r2", {"type": "text", "text": "Done."}, 1),
    ]
    for n, message in enumerate(lines, 1):
        merger.add(_line(message), n, [])
    trace = finish_trace(merger.trace)
    assert [(e.msg, e.kind, e.call_id, e.link) for e in trace.events] == [
        (0, "message", None, None),
        (1, "message", None, None),
        (1, "call", "a", 4),
        (1, "call", "b", 5),
        (2, "result", "a", 2),
        (3, "result", "b", 3),
        (4, "message", None, None),
    ]
    usage = [(e.msg, e.usage.output) for e in trace.events if e.usage is not None]
    assert usage == [(1, 3), (4, 1)]  # r1's latest figures, once
