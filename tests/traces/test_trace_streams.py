"""Streamed responses assembled from their recorded events."""

from __future__ import annotations

import json
from typing import Any

from projeval.traces.streams import assemble, sse_events


def sse(*events: Any) -> str:
    return "".join(f"data: {json.dumps(e)}\n\n" for e in events)


def test_sse_events_reads_data_fields_and_counts_bad_ones() -> None:
    text = 'event: a\ndata: {"x": 1}\n\n: comment\ndata: {"y":\ndata: 2}\n\ndata: nope\n\ndata: [DONE]\n\n'
    assert sse_events(text) == ([{"x": 1}, {"y": 2}], 1)


def test_responses_stream_cut_before_completed_keeps_the_finished_items() -> None:
    item = {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}
    text = sse(
        {"type": "response.created", "response": {"id": "resp_1", "output": []}},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
    )
    assert assemble("openai_responses", text) == {"id": "resp_1", "output": [item]}


def test_anthropic_tool_input_that_is_not_json_stays_text() -> None:
    text = sse(
        {"type": "message_start", "message": {"role": "assistant", "usage": {"input_tokens": 5}}},
        {
            "type": "content_block_start",
            "index": 0,
            "content_block": {"type": "tool_use", "id": "t1", "name": "f", "input": {}},
        },
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "input_json_delta", "partial_json": '{"a": '},
        },
        {"type": "message_delta", "usage": {"output_tokens": 7}},
    )
    assert assemble("anthropic", text) == {
        "role": "assistant",
        "usage": {"input_tokens": 5, "output_tokens": 7},
        "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": '{"a": '}],
    }


def test_chat_parallel_calls_are_assembled_per_index() -> None:
    def delta(**kw: Any) -> dict[str, Any]:
        return {"choices": [{"index": 0, "delta": kw}]}

    text = sse(
        delta(role="assistant", tool_calls=[{"index": 0, "id": "a", "function": {"name": "f"}}]),
        delta(tool_calls=[{"index": 1, "id": "b", "function": {"name": "g", "arguments": "{"}}]),
        delta(tool_calls=[{"index": 0, "function": {"arguments": "{}"}}]),
        delta(tool_calls=[{"index": 1, "function": {"arguments": "}"}}]),
        {"choices": [], "usage": {"prompt_tokens": 3}},
    )
    joined = assemble("openai_chat", text)
    assert isinstance(joined, dict)
    calls = joined["choices"][0]["message"]["tool_calls"]
    assert [(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in calls] == [
        ("a", "f", "{}"),
        ("b", "g", "{}"),
    ]
    assert joined["usage"] == {"prompt_tokens": 3}


def test_a_stream_of_another_format_says_so() -> None:
    text = sse({"type": "message_start", "message": {}})
    assert assemble("gemini", text) == (
        "the streamed response holds no gemini events (is the format right?)"
    )
