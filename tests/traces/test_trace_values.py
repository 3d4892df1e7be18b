"""The result index: which values a result holds and at which generalised path."""

from __future__ import annotations

import json

import pytest
from projeval.traces.events import Event
from projeval.traces.values import (
    HeldValues,
    ResultIndex,
    first_source,
    leaves,
    short_form,
    worth,
)

PAGE = {
    "data": [
        {"id": "tkt_9f3a71c4-2d18", "attributes": {"status": "open", "count": 7, "n": 4821}},
        {"id": "tkt_0000aaaa-1111", "attributes": {"status": " Pending ", "count": 7.5}},
    ],
    "included": {"usr_41c2be09": {"name": "Dana Whitfield"}, "usr_77777777": {"name": "Sam"}},
}


def test_worth_filters_noise() -> None:
    assert [worth(v) for v in (True, None, 7, 4821, -1000, 2.5, "abc", " OPEN ", " usr_1 ")] == [
        None,
        None,
        None,
        "4821",
        "-1000",
        None,
        None,
        None,
        "usr_1",
    ]
    assert worth("x" * 201) is None


def test_leaves_generalise_lists_and_id_keyed_maps() -> None:
    assert list(leaves(PAGE))[:4] == [
        ("data[].id", "tkt_9f3a71c4-2d18"),
        ("data[].attributes.status", "open"),
        ("data[].attributes.count", 7),
        ("data[].attributes.n", 4821),
    ]
    assert ("included.*.name", "Dana Whitfield") in list(leaves(PAGE))
    assert list(leaves([["a"]])) == [("[][]", "a")]
    assert list(leaves("x")) == [("$", "x")]


def test_result_index_maps_values_short_forms_and_paths() -> None:
    ev = Event("tool", "result", 0, text=json.dumps(PAGE))
    index = ResultIndex()
    where, seen = index.of(ev)
    assert where == {
        "tkt_9f3a71c4-2d18": "data[].id",
        "4821": "data[].attributes.n",
        "tkt_0000aaaa-1111": "data[].id",
        "Dana Whitfield": "included.*.name",
    }
    # Short forms of prefixed ids, worked out when first asked for.
    assert where.shorts is None
    assert where.short("tkt_9f3a71c4") == where.short("tkt_0000aaaa") == "data[].id"
    assert where.short("tkt_9f3a71c4-2d18") is None and where.short("Dana") is None
    assert first_source("tkt_0000aaaa", [(ev, where)]) == (0, None, "data[].id", None)
    assert seen == {
        "data[].id",
        "data[].attributes.status",
        "data[].attributes.count",
        "data[].attributes.n",
        "included.*.name",
    }
    assert index.of(ev) is index.of(Event("tool", "result", 9, text=json.dumps(PAGE)))
    assert index.of(Event("tool", "result", 0, text="plain words")) is None
    assert index.of(Event("tool", "result", 0, text="{broken")) is None
    structured = Event("tool", "result", 0, text="", structured={"id": "usr_12345"})
    assert index.of(structured)[0] == {"usr_12345": "id"}


def test_deep_documents_fall_back_to_the_iterative_walker() -> None:
    deep: object = "usr_deep_value"
    for _ in range(5000):
        deep = [deep]
    where, _ = ResultIndex().of(Event("tool", "result", 0, structured=deep))
    assert where == {"usr_deep_value": "[]" * 5000}


def test_first_source_takes_the_earliest_result_json_or_text() -> None:
    prose = Event(
        "tool", "result", 1, text="owner is usr_abcdef", tool="notes", call_id="c1", seq=1
    )
    page = Event("tool", "result", 2, text="", tool="search", call_id="c2", seq=2)
    earlier = [(prose, None), (page, {"usr_abcdef": "data[].owner", "tkt_1234": "data[].id"})]
    assert first_source("usr_abcdef", earlier) == (1, "notes", None, "c1")
    assert first_source("tkt_1234", earlier) == (2, "search", "data[].id", "c2")
    assert first_source("nothing", earlier) is None


def test_short_form() -> None:
    assert short_form("tkt_3e7b91a0-48bb-4761") == "tkt_3e7b91a0"
    assert short_form("2026-11-27") is None and short_form("usr_41c2be09") is None


def test_the_cache_evicts_the_oldest_results_within_its_value_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from projeval.traces import values

    monkeypatch.setattr(values, "_CACHE_VALUES", 10)
    index = ResultIndex()
    texts = [json.dumps({"ids": [f"usr_{i}{k:04d}" for k in range(3)]}) for i in range(4)]
    built = [index.of(Event("tool", "result", 0, text=t)) for t in texts]
    assert all(b is not None and len(b[0]) == 3 for b in built)
    # Each entry counts its 3 values plus 1: two fit in 10, the two oldest went first.
    assert list(index.cache) == [(hash(t), len(t)) for t in texts[2:]]
    assert index._values == 8
    again = index.of(Event("tool", "result", 0, text=texts[3]))
    assert again is built[3]  # served from the cache, not rebuilt


def test_a_short_form_never_shadows_a_full_value() -> None:
    # "usr_0000abcd" is a value of its own (under "owner") and the short form of an id
    # that comes first: the value wins, wherever it sits.
    doc = {"ids": ["usr_0000abcd-77", "usr_1111abcd-88"], "owner": "usr_0000abcd"}
    where, _ = ResultIndex().of(Event("tool", "result", 0, text=json.dumps(doc)))
    earlier = [(Event("tool", "result", 0, seq=0), where)]
    assert first_source("usr_0000abcd", earlier)[2] == "owner"
    assert first_source("usr_1111abcd", earlier)[2] == "ids[]"
    assert first_source("usr_2222abcd", earlier) is None


def test_held_values_answer_as_first_source_does_while_results_arrive() -> None:
    index = ResultIndex()
    page = Event("tool", "result", 0, text=json.dumps(PAGE), seq=0)
    codes = Event("tool", "result", 1, text=json.dumps({"from": "JFK", "to": ["LHR"]}), seq=1)
    prose = Event("tool", "result", 2, text="owner is usr_abcdef, seat 14C", seq=2)
    asked = [
        "tkt_9f3a71c4-2d18",
        "tkt_9f3a71c4",  # a short form
        "Dana Whitfield",
        "4821",
        "JFK",
        "LHR",
        "usr_abcdef",
        "usr_abc",  # not a whole word of the prose
        "owner is",
        "nothing here",
        "open",
    ]
    earlier: list[tuple[Event, dict[str, str] | None]] = []
    held = HeldValues(earlier)
    for ev in (page, codes, prose):
        assert [v in held for v in asked] == [first_source(v, earlier) is not None for v in asked]
        built = index.of(ev)
        earlier.append((ev, built[0] if built is not None else None))
    assert [v in held for v in asked] == [first_source(v, earlier) is not None for v in asked]
    assert [v for v in asked if v in held] == [*asked[:7], "owner is"]


def test_an_index_without_paths_holds_the_same_values() -> None:
    ev = Event("tool", "result", 0, text=json.dumps(PAGE))
    where, seen = ResultIndex().of(ev)
    bare, no_paths = ResultIndex(paths=False).of(ev)
    assert bare == where and bare.short("tkt_9f3a71c4") == "data[].id"
    assert seen and no_paths == frozenset()
