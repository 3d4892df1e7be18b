"""A file whose one marker value is broken: read from the rest of its evidence with the
broken value reported, or refused with one error naming the file, the position and what
was expected (the 16 cases benchmarks/fuzz_traces.py, seed 25, found refused whole)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from projeval.errors import TraceError
from projeval.traces.events import Problem, Trace
from projeval.traces.parsers import open_file, sniff
from trace_helpers import write_json, write_jsonl


def parse(path: Path) -> tuple[str, list[Trace], list[Problem]]:
    parsed = open_file(path)
    items = list(parsed.items)
    return (
        parsed.format,
        [i for i in items if isinstance(i, Trace)],
        [i for i in items if isinstance(i, Problem)],
    )


TURNS: list[Any] = [
    {"from": "system", "value": "You call tools."},
    {"from": "human", "value": "Weather in Paris?"},
    {"from": "gpt", "value": '<tool_call>{"name": "weather", "arguments": {}}</tool_call>'},
    {"from": "tool", "value": "<tool_response>rain</tool_response>"},
    {"from": "gpt", "value": "Rain."},
]


@pytest.mark.parametrize(
    ("first", "problem"),
    [([], "turn 1 is not an object; skipped"), ({"from": "system"}, "turn 1 has no 'value'")],
)
def test_sharegpt_with_a_broken_first_turn_is_read_and_the_turn_reported(
    tmp_path: Path, first: Any, problem: str
) -> None:
    path = write_jsonl(tmp_path / "t.jsonl", [{"conversations": [first, *TURNS[1:]]}])
    fmt, traces, problems = parse(path)
    assert fmt == "sharegpt" and len(traces) == 1
    assert [e.tool for e in traces[0].events if e.kind == "call"] == ["weather"]
    assert len(problems) == 1 and problems[0].line == 1 and problem in problems[0].reason


def test_sharegpt_mostly_broken_is_not_sharegpt() -> None:
    assert sniff({"conversations": [[], [], {"from": "human", "value": "hi"}]}) == (None, False)


INTERACTION = {
    "id": "v1_x",
    "status": "requires_action",
    "usage": {"total_input_tokens": 53, "total_output_tokens": 15},
    "steps": [
        {"type": "thought", "signature": "s"},
        {"id": "c1", "type": "function_call", "name": "getWeather", "arguments": {"city": "SF"}},
    ],
    "model": "gemini-2.5-flash",
}


@pytest.mark.parametrize(("marker", "said"), [({}, "missing"), ({"object": 7}, "not a text")])
def test_an_interaction_without_its_object_marker_is_read_and_reported(
    tmp_path: Path, marker: dict[str, Any], said: str
) -> None:
    path = write_json(tmp_path / "i.json", {**INTERACTION, **marker})
    fmt, traces, problems = parse(path)
    assert fmt == "gemini"
    assert [e.tool for e in traces[0].events if e.kind == "call"] == ["getWeather"]
    assert len(problems) == 1 and problems[0].line == 1
    assert f"'object' is {said}" in problems[0].reason and "'interaction'" in problems[0].reason


def test_an_interaction_shape_is_not_taken_for_another_formats_marker() -> None:
    # Another API's intact marker stays that API's; steps of other types are no interaction.
    assert sniff({**INTERACTION, "object": "response"}) == ("openai_responses", True)
    other = {**INTERACTION, "steps": [{"type": "message"}]}
    assert sniff(other)[0] != "gemini"


STREAM = (
    "event: message_start\n"
    'data: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant",'
    '"content":[],"model":"claude","usage":{"input_tokens":5,"output_tokens":1}}}\n\n'
    "event: content_block_start\n"
    'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
    "event: content_block_delta\n"
    'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Rain."}}'
    "\n\nevent: content_block_stop\n"
    'data: {"type":"content_block_stop","index":0}\n\n'
    "event: message_stop\n"
    'data: {"type":"message_stop"}\n\n'
)


@pytest.mark.parametrize(("request_", "said"), [({}, "is missing"), ({"request": 3}, "is not an")])
def test_a_recorded_stream_whose_request_is_lost_is_read_and_reported(
    tmp_path: Path, request_: dict[str, Any], said: str
) -> None:
    path = write_jsonl(tmp_path / "s.jsonl", [{**request_, "response": STREAM}])
    fmt, traces, problems = parse(path)
    assert fmt == "anthropic" and len(traces) == 1
    assert [e.text for e in traces[0].events if e.role == "assistant"] == ["Rain."]
    assert len(problems) == 1 and problems[0].line == 1
    assert f"'request' {said}" in problems[0].reason


def test_a_response_text_that_is_no_stream_decides_nothing() -> None:
    assert sniff({"response": "I said message_start twice"}) == (None, False)


def test_a_cohere_stream_whose_request_lost_its_messages_is_read_and_reported(
    tmp_path: Path,
) -> None:
    stream = (
        "event: message-start\n"
        'data: {"id":"x","type":"message-start","delta":{"message":{"role":"assistant",'
        '"content":[]}}}\n\n'
        "event: content-start\n"
        'data: {"type":"content-start","index":0,"delta":{"message":{"content":{"type":"text",'
        '"text":""}}}}\n\n'
        "event: content-delta\n"
        'data: {"type":"content-delta","index":0,"delta":{"message":{"content":{"text":"Hi."}}}}'
        "\n\nevent: message-end\n"
        'data: {"type":"message-end","delta":{"finish_reason":"COMPLETE"}}\n\n'
    )
    path = write_jsonl(
        tmp_path / "c.jsonl",
        [{"request": {"model": "command-r", "stream": True}, "response": stream}],
    )
    fmt, traces, problems = parse(path)
    assert fmt == "openai_chat" and len(traces) == 1
    assert len(problems) == 1 and "no 'messages' list" in problems[0].reason


def test_a_format_key_of_another_shape_is_one_error_naming_its_position(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "t.jsonl", [{"conversations": None, "model": "hermes"}])
    with pytest.raises(TraceError) as err:
        open_file(path)
    assert str(err.value).startswith(
        f"{path}:1: the record's 'conversations' is null, where a ShareGPT record holds a "
        "list of {'from', 'value'} turns"
    )
    assert err.value.fix and "make 'conversations' a list" in err.value.fix


@pytest.mark.parametrize(
    ("text", "kind"),
    [("10599", "a number"), ('"word maybe"', "a text"), ("{}", "an empty object")],
)
def test_a_file_of_no_record_is_one_error_saying_what_it_holds(
    tmp_path: Path, text: str, kind: str
) -> None:
    path = tmp_path / "x.json"
    path.write_text(text, "utf-8")
    with pytest.raises(TraceError) as err:
        open_file(path)
    assert str(err.value).startswith(f"{path}:1: the file holds no record, only {kind}")


def test_a_cassette_of_no_mapping_names_the_cassette_in_its_fix(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("interactions:\n- - a\n  - b\nversion: 1\n", "utf-8")
    with pytest.raises(TraceError) as err:
        open_file(path)
    assert err.value.fix and "cassette's 'interactions' list" in err.value.fix
    assert json.dumps(str(err.value)).count(str(path)) == 1
