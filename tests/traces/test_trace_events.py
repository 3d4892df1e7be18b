"""The event record: argument parsing and call/result linking."""

from __future__ import annotations

from projeval.traces.events import Event, Trace, canonical_args, finish_trace, parse_args


def test_parse_args_keeps_invalid_json_raw() -> None:
    assert parse_args('{"city": "Paris"}') == ('{"city": "Paris"}', {"city": "Paris"})
    assert parse_args('{"city": "Par') == ('{"city": "Par', None)
    assert parse_args({"b": 1, "a": "é"}) == ('{"b":1,"a":"é"}', {"b": 1, "a": "é"})
    assert parse_args(None) == (None, None)


def test_canonical_args_ignores_key_order_and_spacing() -> None:
    one = Event("assistant", "call", 0, args_raw='{"b": 1, "a": 2}', args={"b": 1, "a": 2})
    two = Event("assistant", "call", 0, args_raw='{"a":2,"b":1}', args={"a": 2, "b": 1})
    bad = Event("assistant", "call", 0, args_raw=" not json ", args=None)
    assert canonical_args(one) == canonical_args(two) == '{"a":2,"b":1}'
    assert canonical_args(bad) == "not json"


def _trace(*events: Event) -> Trace:
    return finish_trace(Trace("t", "f.jsonl", 1, "openai_chat", list(events)))


def test_parallel_results_link_by_id_not_position() -> None:
    t = _trace(
        Event("user", "message", 0, text="q"),
        Event("assistant", "call", 1, tool="a", call_id="c1"),
        Event("assistant", "call", 1, tool="b", call_id="c2"),
        Event("tool", "result", 2, call_id="c2", text="B"),
        Event("tool", "result", 3, call_id="c1", text="A"),
    )
    assert [(e.seq, e.link) for e in t.events] == [(0, None), (1, 4), (2, 3), (3, 2), (4, 1)]
    assert [e.tool for e in t.events[3:]] == ["b", "a"]  # results learn their tool


def test_calls_without_id_link_by_name_then_order() -> None:
    t = _trace(
        Event("assistant", "call", 0, tool="get"),
        Event("assistant", "call", 1, tool="put"),
        Event("assistant", "call", 2, tool="get"),
        Event("tool", "result", 3, tool="get"),
        Event("tool", "result", 4, tool="put"),
        Event("tool", "result", 5, tool="get"),
    )
    assert [e.link for e in t.events] == [3, 4, 5, 0, 1, 2]


def test_an_id_two_waiting_calls_share_links_its_results_in_order() -> None:
    # Issue 16, /work/notes/tau60: a recorder gave two parallel calls the same id; the
    # second result was an orphan and the second call unanswered. Reused one after another,
    # an id is no problem: each result answers the call waiting then.
    t = _trace(
        Event("assistant", "call", 0, tool="get", call_id="c1"),
        Event("assistant", "call", 0, tool="get", call_id="c1"),
        Event("tool", "result", 1, call_id="c1", text="A"),
        Event("tool", "result", 2, call_id="c1", text="B"),
        Event("assistant", "call", 3, tool="get", call_id="c2"),
        Event("tool", "result", 4, call_id="c2", text="C"),
        Event("assistant", "call", 5, tool="get", call_id="c2"),
        Event("tool", "result", 6, call_id="c2", text="D"),
    )
    assert [e.link for e in t.events] == [2, 3, 0, 1, 5, 4, 7, 6]
    assert t.reused_call_ids == ["c1"]


def test_orphans_stay_unlinked() -> None:
    t = _trace(
        Event("assistant", "call", 0, tool="x", call_id="c1"),
        Event("tool", "result", 1, call_id="zzz", text="nobody asked"),
    )
    assert [e.link for e in t.events] == [None, None]


def test_turns_count_only_human_messages() -> None:
    t = _trace(
        Event("system", "message", 0, text="s"),
        Event("user", "message", 1, text="q1"),
        Event("assistant", "call", 2, tool="x", call_id="c"),
        Event("tool", "result", 3, call_id="c"),
        Event("user", "message", 4, text="q2"),
    )
    assert [e.turn for e in t.events] == [0, 1, 1, 1, 2]


def test_parse_args_reads_what_orjson_refuses() -> None:
    _, parsed = parse_args('{"x": NaN, "y": 1}')
    assert parsed["x"] != parsed["x"] and parsed["y"] == 1  # NaN, read by the fallback


def test_parse_args_keeps_arguments_nested_past_what_a_reader_can_walk_as_text() -> None:
    # Found by benchmarks/fuzz_traces.py: arguments written as a JSON string nested 1,000
    # deep parsed, and every later walk of them overflowed the stack.
    text = "[" * 1_000 + "]" * 1_000
    assert parse_args(text) == (text, None)
    assert parse_args("[[[1]]]") == ("[[[1]]]", [[[1]]])
