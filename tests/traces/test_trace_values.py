"""The result index: which values a result holds and at which generalised path."""

from __future__ import annotations

import json

import pytest
from projeval.traces.events import Event
from projeval.traces.values import (
    HeldValues,
    ResultIndex,
    date_spellings,
    first_source,
    leaves,
    prose_id,
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
        # The ids an id-keyed map is keyed by are values the result gave.
        "usr_41c2be09": "included.*",
        "usr_77777777": "included.*",
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


def _earlier(*docs: object) -> list[tuple[Event, dict[str, str] | None]]:
    """Results ``docs`` (JSON values, or text for a prose result) as a trace's earlier list."""
    index, earlier = ResultIndex(), []
    for seq, doc in enumerate(docs):
        text = doc if isinstance(doc, str) else json.dumps(doc)
        ev = Event("tool", "result", seq, text=text, tool=f"t{seq}", seq=seq)
        built = index.of(ev)
        earlier.append((ev, built[0] if built is not None else None))
    return earlier


def test_an_id_inside_a_prose_field_is_credited_to_that_field() -> None:
    order = {
        "status": "cancelled",
        "message": "Your order #W2378156 was cancelled; refund in 5 days.",
        "notes": ["Related integration ID: INT-2041.", "Contact ops_desk@example.com"],
    }
    earlier = _earlier(order)
    assert first_source("W2378156", earlier) == (0, "t0", "message", None)
    assert first_source("INT-2041", earlier)[2] == "notes[]"
    assert first_source("ops_desk@example.com", earlier)[2] == "notes[]"
    # Plain words, quantities and small numbers of prose are not ids.
    assert [first_source(v, earlier) for v in ("refund", "order", "2378", "W23781")] == [None] * 4
    # The whole word only: "W2378156" is not in "W23781567".
    glued = _earlier({"message": "Order W23781567 shipped"})
    assert first_source("W2378156", glued) is None


def test_a_word_inside_a_prose_result_still_gives_no_path() -> None:
    text = "Your order #W2378156 was cancelled."
    for earlier in (_earlier(text), _earlier(json.dumps(text))):
        assert earlier[0][1] is None
        assert first_source("W2378156", earlier) == (0, "t0", None, None)


def test_a_result_written_as_yaml_gives_paths() -> None:
    # A tool returning yaml.safe_dump text inside an OpenAI Chat tool message.
    earlier = _earlier("reservation:\n  id: NO6JO3\n  flights:\n  - number: HAT001\n")
    assert first_source("NO6JO3", earlier)[:3] == (0, "t0", "reservation.id")
    assert first_source("HAT001", earlier)[:3] == (0, "t0", "reservation.flights[].number")


def test_a_plain_word_or_a_flag_in_a_prose_result_is_no_source() -> None:
    # A shell's output holds "content" and "--set-upstream" by chance, as prose does.
    earlier = _earlier("Use --set-upstream to push; the content of W2378156 changed.")
    assert first_source("content", earlier) is None
    assert first_source("--set-upstream", earlier) is None
    assert first_source("W2378156", earlier) == (0, "t0", None, None)


def test_a_field_whole_value_comes_before_the_prose_of_a_later_result() -> None:
    earlier = _earlier({"id": "usr_ab12"}, {"note": "owner usr_ab12 and usr_cd34"})
    assert first_source("usr_ab12", earlier)[:3] == (0, "t0", "id")
    # The first result holding the id wins, prose or not.
    assert first_source("usr_cd34", earlier)[:3] == (1, "t1", "note")


def test_an_id_inside_a_long_text_field_is_found() -> None:
    body = "Dear customer, " + "thank you for flying with us. " * 10 + "Booking ref BK-77120."
    assert len(body) > 200  # too long to be a value of its own
    earlier = _earlier({"emails": [{"subject": "Trip", "body": body}]})
    assert first_source("BK-77120", earlier)[2] == "emails[].body"


def test_short_codes_in_prose_fields_count_at_one_place_only() -> None:
    one = _earlier({"notice": "Flights leave ORD at noon.", "legs": [{"note": "via ORD"}]})
    assert first_source("ORD", one) is None  # two places: notice and legs[].note
    earlier = _earlier(
        {"notice": "Flights leave ORD at noon; ORD gate B.", "origin": "SFO", "seen": "SFO"},
        {"note": "Boarding at SFO gate 4", "from": "SFO", "legs": [{"to": "SFO"}]},
        {"note": "Connect in DEN, the hub"},
    )
    assert first_source("ORD", earlier)[:3] == (0, "t0", "notice")  # twice, one field
    # SFO sits at two fields of the first result and beside its own field in the second.
    assert first_source("SFO", earlier) is None
    assert first_source("DEN", earlier)[:3] == (2, "t2", "note")
    assert first_source("the", earlier) is None  # a lowercase word is not a code
    # A field's whole value and a word of another field are two places (issue 16's
    # made-up order: the carrier, and the service named after it).
    shipped = _earlier({"fulfillments": [{"carrier": "UPS", "service": "UPS Ground"}]})
    assert first_source("UPS", shipped) is None
    assert first_source("UPS", _earlier({"carrier": "UPS", "note": "ups ground"}))[2] == "carrier"


def test_which_values_are_looked_for_inside_prose() -> None:
    ids = ["W2378156", "INT-2041", "usr_ab12", "a@b.co", "https://x.io/p", "JFK", "A12", "2378156"]
    assert [prose_id(v) for v in ids] == [True] * len(ids)
    words = ["cancelled", "2024", "12.50", "10:30", "48-hour", "2nd", "jfk", "123", "two words 1"]
    assert [prose_id(v) for v in words] == [False] * len(words)


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
    # A long text the index keeps (for ids inside it) counts one per 100 characters.
    ResultIndex.__init__(index)
    index.of(Event("tool", "result", 0, text=json.dumps({"body": "word " * 100})))
    assert index._values == 1 + 5


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
    note = Event("tool", "result", 3, text=json.dumps({"note": "Moved to tkt_55aa11bb."}), seq=3)
    asked = [
        "tkt_9f3a71c4-2d18",
        "tkt_9f3a71c4",  # a short form
        "Dana Whitfield",
        "4821",
        "JFK",
        "LHR",
        "usr_abcdef",
        "usr_abc",  # not a whole word of the prose
        "tkt_55aa11bb",  # inside a prose field
        "owner is",
        "nothing here",
        "open",
    ]
    earlier: list[tuple[Event, dict[str, str] | None]] = []
    held = HeldValues(earlier)
    for ev in (page, codes, prose, note):
        assert [v in held for v in asked] == [first_source(v, earlier) is not None for v in asked]
        built = index.of(ev)
        earlier.append((ev, built[0] if built is not None else None))
    assert [v in held for v in asked] == [first_source(v, earlier) is not None for v in asked]
    assert [v for v in asked if v in held] == [*asked[:7], "tkt_55aa11bb", "owner is"]


def test_an_index_without_paths_holds_the_same_values() -> None:
    ev = Event("tool", "result", 0, text=json.dumps(PAGE))
    where, seen = ResultIndex().of(ev)
    bare, no_paths = ResultIndex(paths=False).of(ev)
    assert bare == where and bare.short("tkt_9f3a71c4") == "data[].id"
    assert seen and no_paths == frozenset()


def test_held_values_are_verbatim_only_while_every_index_is_spelled_as_its_text() -> None:
    index = ResultIndex()
    plain = Event("tool", "result", 0, text=json.dumps({"id": "usr_41c2be09"}), seq=0)
    escaped = Event("tool", "result", 1, text='{"note": "Moved to tkt\\u005f55aa11bb."}', seq=1)
    structured = Event("tool", "result", 2, text="done", structured={"id": "ORD-2041"}, seq=2)
    earlier: list[tuple[Event, dict[str, str] | None]] = []
    held = HeldValues(earlier)
    assert held.verbatim()  # nothing read yet
    for ev, verbatim in ((plain, True), (escaped, False)):
        built = index.of(ev)
        earlier.append((ev, built[0] if built is not None else None))
        assert held.verbatim() is verbatim
    # The escaped id is held (inside a prose field) although its text spells it otherwise.
    assert "tkt_55aa11bb" in held and not held.quick("tkt_55aa11bb")
    assert held.quick("usr_41c2be09")
    other: list[tuple[Event, dict[str, str] | None]] = []
    held = HeldValues(other)
    built = index.of(structured)
    other.append((structured, built[0] if built is not None else None))
    assert not held.verbatim() and held.quick("ORD-2041")


def test_the_ids_a_map_is_keyed_by_are_values_at_the_map_path() -> None:
    # Issue 16 (items 4 and 5): a profile's payment methods keyed by their ids, an order's
    # items keyed by item id. An agent passing such an id on copied it from the key.
    # Made-up records, shaped as the support runs in /work/notes/tau45.
    profile = {
        "payment_methods": {
            "credit_card_7781203": {"brand": "visa", "last_four": "0031"},
            "gift_card_3390012": {"balance": 2500},
        }
    }
    earlier = _earlier(profile)
    assert first_source("gift_card_3390012", earlier)[2] == "payment_methods.*"
    # An id the entry holds too keeps its field's path.
    held = {"payment_methods": {"credit_card_1": {"id": "credit_card_1"}, "gift_card_2": {}}}
    assert first_source("credit_card_1", _earlier(held))[2] == "payment_methods.*.id"
    # A record's field names are no values.
    assert first_source("last_four", earlier) is None


@pytest.mark.parametrize(
    ("typed", "same_day"),
    [
        ("27/05", True),  # day first, as most of the world writes it
        ("on 27/05/2024", True),
        ("5/27", True),
        ("27.05.", True),
        ("27.05.2024", True),
        ("$27.05.", False),  # an amount, not a date
        ("27.5 kg", False),
        ("127/05", False),
        ("28/05", False),
    ],
)
def test_a_day_is_read_in_the_users_spellings(typed: str, same_day: bool) -> None:
    # Issue 16 (item 4): /work/notes/tau58's users type "27/05" before the agent searches
    # 2024-05-27; the day-first form was not read, so the date was credited to a result.
    pattern = date_spellings("2024-05-27")
    assert pattern is not None
    assert (pattern.search(typed) is not None) is same_day
