"""Haystack's ChatMessage dicts, read as OpenAI Chat (evaluator/traces/haystack.py)."""

from __future__ import annotations

from pathlib import Path

from projeval.traces.events import Problem, Trace
from projeval.traces.haystack import chat_messages, is_haystack_message
from projeval.traces.parsers import open_file
from trace_helpers import write_json

# Invented content, in the shape Haystack 2's ChatMessage.to_dict writes.
_CALL = {"tool_name": "get_order", "arguments": {"order_id": "#L1"}, "id": "c1"}
_MESSAGES = [
    {"role": "user", "meta": {}, "name": None, "content": [{"text": "Where is #L1?"}]},
    {"role": "assistant", "meta": {}, "name": None, "content": [{"tool_call": _CALL}]},
    {"role": "tool", "meta": {}, "name": None,
     "content": [{"tool_call_result": {"result": '{"status": "shipped"}', "origin": _CALL,
                                       "error": False}}]},
    {"role": "assistant", "meta": {}, "name": None,
     "content": [{"text": "Let me retry."}, {"tool_call": dict(_CALL, id="c2")}]},
    {"role": "tool", "meta": {}, "name": None,
     "content": [{"tool_call_result": {"result": "timeout", "origin": dict(_CALL, id="c2"),
                                       "error": True}}]},
    {"role": "assistant", "meta": {}, "name": None, "content": [{"text": "It shipped."}]},
]  # fmt: skip


def test_calls_and_results_become_chat_messages() -> None:
    assert [is_haystack_message(m) for m in _MESSAGES] == [False, True, True, True, True, False]
    out = chat_messages(_MESSAGES)
    assert out[1] == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "get_order", "arguments": '{"order_id": "#L1"}'},
            }
        ],
    }
    assert out[2] == {
        "role": "tool",
        "tool_call_id": "c1",
        "content": '{"status": "shipped"}',
        "error": False,
    }
    assert (out[3]["content"], out[4]["error"]) == ("Let me retry.", True)
    assert out[0] is _MESSAGES[0] and out[5] is _MESSAGES[5]  # text alone reads as Chat


def test_a_haystack_history_is_read_with_its_calls_and_failures(tmp_path: Path) -> None:
    # Issue 16 (item 7), /work/notes/tau59/formats/haystack_messages.json: read as Chat, every
    # call and result was a content part "of unknown type None": no call, five orphan
    # results, ten problems.
    parsed = open_file(write_json(tmp_path / "h.json", _MESSAGES))
    items = list(parsed.items)
    (trace,) = [t for t in items if isinstance(t, Trace)]
    assert parsed.format == "openai_chat"
    assert [(e.role, e.kind, e.tool, e.is_error) for e in trace.events] == [
        ("user", "message", None, None),
        ("assistant", "call", "get_order", None),
        ("tool", "result", "get_order", None),
        ("assistant", "message", None, None),
        ("assistant", "call", "get_order", None),
        ("tool", "result", "get_order", True),
        ("assistant", "message", None, None),
    ]
    assert [p for p in items if isinstance(p, Problem)] == []
