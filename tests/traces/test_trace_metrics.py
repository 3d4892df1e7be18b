"""Follow-ups, duplicates, billed tokens and turns on hand-built traces."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from projeval.tokens import count_tokens
from projeval.traces.columns import CALLS, FOLLOWUPS
from projeval.traces.events import Event, Trace, finish_trace
from projeval.traces.findings import tally_rows
from projeval.traces.hedges import Lexicon
from projeval.traces.metrics import (
    TokenCache,
    TraceAnalyser,
    asks_the_user,
    event_texts,
    is_prose,
    prose_argument,
)
from trace_helpers import REPO, write_jsonl

PAGE = {
    "data": [
        {
            "id": "tkt_9f3a71c4-2d18",
            "attributes": {"status": "open", "count": 7},
            "relationships": {"assignee": {"data": {"id": "usr_41c2be09"}}},
        },
        {
            "id": "tkt_0000aaaa-1111",
            "attributes": {"status": "open", "count": 7},
            "relationships": {"assignee": {"data": {"id": "usr_41c2be09"}}},
        },
    ],
    "included": {"usr_41c2be09": {"name": "Dana"}, "usr_77777777": {"name": "Sam"}},
}


def call(msg: int, tool: str, args: Any, cid: str) -> Event:
    return Event(
        "assistant", "call", msg, tool=tool, call_id=cid, args_raw=json.dumps(args), args=args
    )


def result(msg: int, cid: str, value: Any) -> Event:
    text = value if isinstance(value, str) else json.dumps(value)
    return Event("tool", "result", msg, call_id=cid, text=text)


def measure(*events: Event, tools: tuple[str, ...] = ("search",)) -> Any:
    trace = finish_trace(Trace("t", "f", 1, "openai_chat", list(events)))
    cache = TokenCache("o200k_base")
    cache.count([t for e in trace.events for t in event_texts(e)])
    return trace, TraceAnalyser(cache, Lexicon.load(["en"]), tools).measure(trace)


def test_followups_duplicates_and_noise() -> None:
    _, m = measure(
        Event("user", "message", 0, text="Who owns tkt_0000aaaa-1111?"),
        call(1, "search", {"q": "open"}, "c1"),
        result(2, "c1", PAGE),
        call(3, "get_user", {"user_id": "usr_41c2be09", "verbose": True}, "c2"),
        result(4, "c2", {"name": "Dana"}),
        call(5, "get_user", {"verbose": True, "user_id": "usr_41c2be09"}, "c3"),
        result(6, "c3", {"name": "Dana"}),
        call(7, "get_ticket", {"id": "tkt_0000aaaa-1111"}, "c4"),  # the user said it first
        call(8, "get_ticket", {"id": "tkt_9f3a71c4", "n": 7}, "c5"),  # short form; 7 is noise
        call(9, "find", {"query": "assignee:usr_41c2be09 status:open"}, "c6"),
    )
    rows = FOLLOWUPS.records(m.followups)
    assert [
        (
            r["seq"],
            r["consumer_tool"],
            r["consumer_arg"],
            r["value"],
            r["producer_tool"],
            r["producer_path"],
            r["duplicate"],
        )
        for r in rows
    ] == [
        (
            3,
            "get_user",
            "user_id",
            "usr_41c2be09",
            "search",
            "data[].relationships.assignee.data.id",
            False,
        ),
        (
            5,
            "get_user",
            "user_id",
            "usr_41c2be09",
            "search",
            "data[].relationships.assignee.data.id",
            True,
        ),
        (8, "get_ticket", "id", "tkt_9f3a71c4", "search", "data[].id", False),
        (
            9,
            "find",
            "query",
            "usr_41c2be09",
            "search",
            "data[].relationships.assignee.data.id",
            False,
        ),
    ]
    assert [(c[2], c[12], c[13]) for c in m.calls] == [
        (1, None, False),
        (3, None, True),
        (5, 3, True),
        (7, None, False),
        (8, None, True),
        (9, None, True),
    ]
    s = m.summary
    assert (s["calls"], s["duplicates"], s["followups"], s["unanswered_calls"]) == (6, 1, 4, 3)
    assert m.result_paths["search"] >= {"data[].id", "included.*.name"}


def test_prose_results_are_matched_as_text() -> None:
    _, m = measure(
        call(0, "search", {"q": "x"}, "c1"),
        result(1, "c1", "Found: ticket 8812345 owned by usr_abcdef."),
        call(2, "get_user", {"id": "usr_abcdef", "n": 8812345}, "c2"),
    )
    assert [(r[5], r[6], r[10]) for r in m.followups] == [
        ("id", "usr_abcdef", None),
        ("n", "8812345", None),
    ]


def test_a_day_picked_from_a_calendar_is_no_followup() -> None:
    # The shape of a cash-flow agent's projection (tally-evals/tally, Mastra runProjection):
    # a daily timeline holds every day of its range, so the day the agent picks for "from
    # July" is in it by construction. A day a booking result holds once is passed on.
    timeline = {
        "timeline": [{"date": f"2026-06-{d:02d}", "balance": 155700} for d in range(25, 31)]
    }
    timeline["timeline"] += [{"date": "2026-07-01", "balance": 155700}]
    _, m = measure(
        Event("user", "message", 0, text="What if I save 2,000 more a month from July?"),
        call(1, "runProjection", {"startDate": "today"}, "c1"),
        result(2, "c1", timeline),
        call(3, "runProjection", {"adjustments": [{"date": "2026-07-01", "amount": 2000}]}, "c2"),
        result(4, "c2", timeline),
        call(5, "book", {"room": "deluxe"}, "c3"),
        result(6, "c3", {"booking": {"id": "bk_7711aa", "check_in": "2026-08-14"}}),
        call(7, "get_weather", {"date": "2026-08-14"}, "c4"),
        tools=("runProjection",),
    )
    rows = FOLLOWUPS.records(m.followups)
    assert [(r["seq"], r["value"], r["producer_path"]) for r in rows] == [
        (7, "2026-08-14", "booking.check_in")
    ]


def test_a_day_the_agent_named_before_the_result_is_its_own() -> None:
    # "Tomorrow" worked out by the agent, then a result that happens to hold that day once.
    bookings = {"bookings": [{"id": "bk_7711aa", "date": "2026-06-05"}]}
    events = [
        Event("user", "message", 0, text="Find me a room for tomorrow."),
        Event("assistant", "message", 1, text="Tomorrow is June 5, 2026: let me look."),
        call(2, "list_bookings", {"user": "alex"}, "c1"),
        result(3, "c1", bookings),
        call(4, "search_rooms", {"check_in": "2026-06-05"}, "c2"),
    ]
    _, m = measure(*events)
    assert FOLLOWUPS.records(m.followups) == []
    _, m = measure(events[0], *events[2:])  # no text of its own: the result gave the day
    assert [r["value"] for r in FOLLOWUPS.records(m.followups)] == ["2026-06-05"]


def test_billed_input_re_reads_history() -> None:
    system, question = "You help.", "Weather in Paris?"
    args, answer = '{"city":"Paris"}', "It is 14 degrees."
    res = '{"temp_c":14,"sky":"rain"}'
    trace, m = measure(
        Event("system", "message", 0, text=system),
        Event("user", "message", 1, text=question),
        Event(
            "assistant",
            "call",
            2,
            tool="get_weather",
            call_id="c",
            args_raw=args,
            args={"city": "Paris"},
        ),
        Event("tool", "result", 3, call_id="c", text=res),
        Event("assistant", "message", 4, text=answer),
    )
    first = count_tokens(system) + count_tokens(question)
    second = first + count_tokens("get_weather") + count_tokens(args) + count_tokens(res)
    assert [e.context_tokens for e in trace.events] == [None, None, first, None, second]
    assert (m.summary["billed_input_tokens"], m.summary["model_calls"]) == (first + second, 2)
    assert m.summary["result_tokens"] == count_tokens(res)
    assert m.summary["recorded_input_tokens"] is None


def test_no_conversation_means_no_billing() -> None:
    _, m = measure(call(0, "search", {"q": "x"}, "c1"), result(1, "c1", "ok"))
    assert (m.summary["billed_input_tokens"], m.summary["model_calls"]) == (None, 0)


def test_turns_hedges_and_flags() -> None:
    _, m = measure(
        Event("user", "message", 0, text="Which tickets breach soon?"),
        call(1, "search", {"q": "open"}, "c1"),
        result(2, "c1", PAGE),
        Event("assistant", "message", 3, text="Probably tkt_9f3a71c4; I think so."),
        Event("user", "message", 4, text="Who is Dana?"),
        call(5, "get_user", {"id": "usr_41c2be09"}, "c2"),
        result(6, "c2", {"name": "Dana"}),
        Event("assistant", "message", 7, text="Dana works in billing."),
    )
    assert [t[2:] for t in m.turns] == [
        (
            1,
            "Which tickets breach soon?",
            "question",
            1,
            0,
            1,
            False,
            False,
            "Probably tkt_9f3a71c4; I think so.",
        ),
        (2, "Who is Dana?", "question", 1, 1, 0, False, False, "Dana works in billing."),
    ]
    assert [(h[4], h[9], h[10], h[11]) for h in m.hedges] == [
        ("probably", "[Probably] tkt_9f3a71c4; I think so.", "guess", "Probably tkt_9f3a71c4;"),
        ("I think", "Probably tkt_9f3a71c4; [I think] so.", "guess", "I think so."),
    ]
    s = m.summary
    assert (
        s["turns"],
        s["hedges"],
        s["hedged_turns"],
        s["followup_turns"],
        s["flagged_turns"],
    ) == (2, 2, 1, 1, 2)


def test_hedge_after_a_result_that_says_so_is_no_hedge_and_claims_are_checked() -> None:
    _, m = measure(
        Event("user", "message", 0, text="Any nonstop flights on May 6?"),
        call(1, "search_flights", {"date": "2024-05-06"}, "c1"),
        result(2, "c1", {"flights": []}),
        Event("assistant", "message", 3, text="It seems there are no nonstop flights on May 6."),
        Event("user", "message", 4, text="Ok, then book HAT123 on May 7."),
        call(5, "book", {"flight": "HAT123"}, "c2"),
        result(6, "c2", {"status": "booked", "depart": "2024-05-07T09:00"}),
        Event("assistant", "message", 7, text="Booked HAT123, leaving May 7 at 9 am, 5 hours."),
    )
    assert m.hedges == []  # the empty result already says there are none
    assert [t[4] for t in m.turns] == ["question", "request"]
    # May 6, HAT123, May 7 and 9 am were read before; the duration was not.
    assert [(c[4], c[5], c[8]) for c in m.claims] == [
        ("duration", "5 hours", "Booked HAT123, leaving May 7 at 9 am, 5 hours.")
    ]
    assert m.summary["ungrounded_claims"] == 1


def test_a_count_of_the_items_the_user_listed_is_held() -> None:
    _, m = measure(
        Event("user", "message", 0, text="Weather for these: new york, denver, chicago"),
        Event("assistant", "message", 1, text="Here are 3 cities; 4 cities would cost more."),
    )
    assert [c[5] for c in m.claims] == ["4 cities"]


def test_token_cache_counts_each_text_once() -> None:
    cache = TokenCache("o200k_base")
    assert cache.claim(["a b", "a b", "c"]) == ["a b", "c"]
    assert cache.claim(["a b"]) == []  # in flight counts as known
    cache.fill(["a b", "c"], [2, 1])
    assert cache.count(["c", "hello world"]) == [1, count_tokens("hello world")]


def _fu(m: Any) -> list[tuple[Any, ...]]:
    """(consumer tool, argument, value, producer tool, path, kind) of each follow-up row."""
    names = ("consumer_tool", "consumer_arg", "value", "producer_tool", "producer_path", "kind")
    return [tuple(r[FOLLOWUPS.index(k)] for k in names) for r in m.followups]


def test_lookups_are_reads_and_actions_are_writes() -> None:
    page = {"reservations": ["8JX2QF", "ZZ9Q01"], "user": "sophia_martin_4574"}
    _, m = measure(
        call(0, "get_user_details", {"user_id": "abc_1234"}, "c1"),
        result(1, "c1", page),
        call(2, "get_reservation_details", {"reservation_id": "8JX2QF"}, "c2"),
        result(3, "c2", {"status": "ok"}),
        call(4, "cancel_reservation", {"reservation_id": "ZZ9Q01"}, "c3"),
        result(5, "c3", {"status": "ok"}),
    )
    assert _fu(m) == [
        (
            "get_reservation_details",
            "reservation_id",
            "8JX2QF",
            "get_user_details",
            "reservations[]",
            "read",
        ),
        (
            "cancel_reservation",
            "reservation_id",
            "ZZ9Q01",
            "get_user_details",
            "reservations[]",
            "write",
        ),
    ]
    assert (m.summary["followups"], m.summary["lookups"], m.summary["actions"]) == (2, 1, 1)


def test_user_typed_values_in_any_spelling_are_not_credited() -> None:
    flights = {"flights": [{"date": "2024-05-27", "origin": "JFK", "number": "HAT170"}]}
    _, m = measure(
        Event("user", "message", 0, text="I'd like to fly on May 27th from jfk, flight hat170."),
        call(1, "search_flights", {"date": "2024-05-20"}, "c1"),
        result(2, "c1", flights),
        call(3, "get_flight", {"date": "2024-05-27", "origin": "JFK", "number": "HAT170"}, "c2"),
    )
    assert m.followups == [] and m.summary["followups"] == 0


def test_a_capitalised_word_spelling_a_short_code_is_not_the_users_code() -> None:
    # /work/notes/tau58: "The Las Vegas one" made LAS the user's, so the reservation's
    # origin passed to a flight search was not credited. "las" typed as a code still is.
    reservation = {"reservation_id": "U27898", "origin": "LAS", "destination": "MIA"}
    for typed, credited in (("The Las Vegas one.", 1), ("from las please", 0), ("LAS", 0)):
        _, m = measure(
            Event("user", "message", 0, text=typed),
            call(1, "get_reservation_details", {"reservation_id": "U27898"}, "c1"),
            result(2, "c1", reservation),
            call(3, "search_direct_flight", {"origin": "LAS"}, "c2"),
        )
        assert m.summary["followups"] == credited, typed


def test_a_date_the_user_typed_day_first_is_not_credited() -> None:
    # Made-up airline runs (/work/notes/tau58, h02): "upgrade my flight on 27/05", then the
    # reservation holding 2024-05-27 and a search on that day: the user's day, not a lookup.
    reservation = {"reservation_id": "JX4M7P", "flights": [{"date": "2024-05-27"}]}
    for typed, credited in (("my flight on 27/05", 0), ("my flight on 28/05", 1)):
        _, m = measure(
            Event("user", "message", 0, text=typed),
            call(1, "get_reservation_details", {"reservation_id": "JX4M7P"}, "c1"),
            result(2, "c1", reservation),
            call(3, "search_direct_flight", {"date": "2024-05-27"}, "c2"),
        )
        assert m.summary["followups"] == credited, typed


def test_a_date_the_user_typed_in_chinese_is_not_credited() -> None:
    # A made-up Chinese rebooking (/work/notes/tau45/probe2.py): "改到6月12日", then a
    # booking whose alternative dates hold 2024-06-12, then a search on that day: the user's
    # day, not a lookup the booking forced. Another day of the list still is.
    booking = {"booking_id": "BK7781", "alt_dates": ["2024-06-12", "2024-06-13"]}
    for typed, credited in (("我想把航班改到6月12日", 0), ("我想把航班改到6月13号", 1)):
        _, m = measure(
            Event("user", "message", 0, text=typed),
            call(1, "get_booking", {"booking_id": "BK7781"}, "c1"),
            result(2, "c1", booking),
            call(3, "search_flights", {"date": "2024-06-12"}, "c2"),
        )
        assert m.summary["followups"] == credited, typed


def test_a_number_the_user_wrote_in_thousands_is_not_credited() -> None:
    # SOPBench's health-insurance runs (tests/corpora/service_agents/): the customer writes
    # "Annual Income: 1,000,000", the policy holds 1000000, and update_policy passes it on.
    policy = {"type": "Health", "coverage_amount": 5000, "annual_income": 1000000}
    _, m = measure(
        Event("user", "message", 0, text="Annual Income: 1,000,000 and coverage $5,000."),
        call(1, "get_policy_details", {"username": "zjm"}, "c1"),
        result(2, "c1", policy),
        call(3, "update_policy", {"annual_income": 1000000, "coverage_amount": 5000}, "c2"),
    )
    assert m.followups == [] and m.summary["followups"] == 0
    # Another number that only shares digits with the user's is still the result's.
    _, m = measure(
        Event("user", "message", 0, text="My income is 11,000,000 or 1,000,0000."),
        call(1, "get_policy_details", {"username": "zjm"}, "c1"),
        result(2, "c1", policy),
        call(3, "update_policy", {"annual_income": 1000000}, "c2"),
    )
    assert [(r[1], r[4]) for r in _fu(m)] == [("annual_income", "annual_income")]


def test_a_python_repr_result_gives_paths() -> None:
    # A Python tool's result is its str(): a dict's repr, or a (success, value) tuple's,
    # whose fields are its value's.
    info = "{'major': 'Computer Science', 'enrolled_courses': ['CS101'], 'gpa': 3.8}"
    _, m = measure(
        call(0, "internal_get_student_info", {"username": "alice"}, "c1"),
        result(1, "c1", info),
        call(2, "internal_get_major_info", {"major": "Computer Science"}, "c2"),
        result(3, "c2", "(True, {'required_courses': ['CS201'], 'min_gpa': 2.5})"),
        call(4, "internal_get_course_info", {"course_code": "CS201"}, "c3"),
    )
    assert [(r[1], r[2], r[4]) for r in _fu(m)] == [
        ("major", "Computer Science", "major"),
        ("course_code", "CS201", "required_courses[]"),
    ]


def test_a_corrected_call_with_a_list_argument_after_an_error_is_a_retry() -> None:
    # SOPBench's library assistant: reserve_room failed on its ISO date ("KeyError:
    # '2024-10-10'") and was called again with the date spelled as the rooms list it.
    args = {"username": "pepperoni", "resv_date": "2024-10-10", "slots": ["11:00", "13:00"]}
    _, m = measure(
        call(0, "reserve_room", args, "c1"),
        result(1, "c1", "KeyError: '2024-10-10'"),
        call(2, "reserve_room", dict(args, resv_date="October 10th, 2024"), "c2"),
        result(3, "c2", "True"),
    )
    assert (m.summary["errors"], m.summary["retries"]) == (1, 1)
    retry_of, is_error = CALLS.index("retry_of"), CALLS.index("is_error")
    assert [r[retry_of] for r in m.calls] == [None, 0]
    # The calls table says which call's result was an error, read from its text.
    assert [r[is_error] for r in m.calls] == [True, None]


def test_a_value_in_two_results_comes_from_the_field_named_like_the_argument() -> None:
    # LangGraph's customer-support tutorial (tests/corpora/followups_heldout): the ticket's
    # fare class and a car rental's price tier are both "Economy"; a car-rental search by
    # price tier takes it from the rentals listed, not from the ticket read first.
    ticket = [{"ticket_no": "7240005432906569", "fare_conditions": "Economy"}]
    cars = [
        {"id": 1, "name": "Europcar", "price_tier": "Economy"},
        {"id": 2, "price_tier": "Luxury"},
    ]
    _, m = measure(
        call(0, "fetch_user_flight_information", {}, "c1"),
        result(1, "c1", ticket),
        call(2, "search_car_rentals", {"location": "Basel"}, "c2"),
        result(3, "c2", cars),
        call(4, "search_car_rentals", {"location": "Basel", "price_tier": "Economy"}, "c3"),
        call(5, "get_fare", {"fare_class": "Economy"}, "c4"),
    )
    assert [r[1:5] for r in _fu(m)] == [
        ("price_tier", "Economy", "search_car_rentals", "[].price_tier"),
        ("fare_class", "Economy", "fetch_user_flight_information", "[].fare_conditions"),
    ]


def test_an_id_or_an_akin_key_keeps_the_first_result_as_source() -> None:
    # An id under two keys is one thing named twice (AgentDojo-style runs: booking_id, then
    # booking_reference); a word under a key akin to the argument's is the argument's.
    _, m = measure(
        call(0, "get_booking", {}, "c1"),
        result(1, "c1", {"booking_id": "BK-HKG-0601", "merchant_name": "City Power"}),
        call(2, "inspect_status", {}, "c2"),
        result(3, "c2", {"booking_reference": "BK-HKG-0601", "biller_name": "City Power"}),
        call(4, "check_window", {"booking_reference": "BK-HKG-0601"}, "c3"),
        call(5, "find_bill", {"biller_name": "City Power"}, "c4"),
    )
    assert [r[1:5] for r in _fu(m)] == [
        ("booking_reference", "BK-HKG-0601", "get_booking", "booking_id"),
        ("biller_name", "City Power", "get_booking", "merchant_name"),
    ]


def test_echoes_of_the_agents_own_arguments_are_not_credited() -> None:
    _, m = measure(
        call(0, "search_orders", {"customer": "cus_88123411"}, "c1"),
        result(1, "c1", {"customer": "cus_88123411", "orders": ["ord_77110022"]}),
        call(2, "get_customer", {"customer_id": "cus_88123411"}, "c2"),
        call(3, "get_order", {"order_id": "ord_77110022"}, "c3"),
    )
    assert [r[1:3] for r in _fu(m)] == [("order_id", "ord_77110022")]


def test_a_value_the_agent_wrote_in_a_long_argument_and_a_result_echoed_is_its_own() -> None:
    # MINT's code actions (xingyaoww/mint-bench 3f7f12c1, data/outputs/claude-2/...): the
    # traceback quotes the code that failed, and the next action uses the variable it had
    # named. The code was too long to be tracked, so nothing remembered the agent wrote
    # `desklamp_loc` first: 9 of claude-2's 19 follow-ups were such echoes.
    code = (
        'for loc in ["desk 1", "desk 2", "shelf 1", "shelf 2", "shelf 3", "shelf 4"]:\n'
        "  res = goto(loc)\n"
        '  if "desklamp" in res:\n'
        "    desklamp_loc = loc\n"
        "    break\n"
        'use(f"desklamp {desklamp_loc[-1]}")\n'
        'examine("book", f"desklamp {desklamp_loc[-1]}")'
    )
    traceback = (
        "-" * 75 + "\nNameError                                 Traceback (most recent call last)\n"
        '---> 7 examine("book", f"desklamp {desklamp_loc[-1]}")\n\n'
        "NameError: name 'examine' is not defined"
    )
    _, m = measure(
        call(0, "execute", {"code": code}, "c1"),
        result(1, "c1", traceback),
        call(2, "execute", {"code": 'use(f"desklamp {desklamp_loc[-1]}")'}, "c2"),
        result(3, "c2", "You turn on the desklamp 1.\nsum = 22.903765548431192"),
        call(4, "execute", {"code": "s = 22.903765548431192\nprint(s * 2)"}, "c3"),
    )
    assert m.summary["errors"] == 1
    # The number the second result printed is the result's: a follow-up.
    assert [r[1:3] for r in _fu(m)] == [("code", "22.903765548431192")]


def test_a_number_given_to_a_setting_is_not_credited_to_a_result() -> None:
    # Claude Code's logs (marot/spotter 8cc42b0b, session 11's trial): a build's output
    # printed 30000 and a later ``Bash(timeout=30000)`` was credited to it. A setting's
    # number is the agent's choice; an id under a bound's name still pages (``max_id``).
    _, m = measure(
        call(0, "Bash", {"command": "mix test"}, "c1"),
        result(1, "c1", "Finished in 3.1 seconds\nRan with timeout 30000 and seed 48211"),
        call(2, "Bash", {"command": "mix test --failed", "timeout": 30000}, "c2"),
        call(3, "search", {"q": "x"}, "c3"),
        result(4, "c3", {"statuses": [{"id": 1855220199}], "next": {"max_id": 1855220198}}),
        call(5, "search", {"q": "x", "max_id": 1855220198, "max_results": 1855220199}, "c4"),
    )
    assert [r[1:3] for r in _fu(m)] == [("max_id", "1855220198")]


def test_short_codes_count_at_one_place_and_never_in_prose() -> None:
    airports = {"airports": [{"code": "SFO", "city": "San Francisco"}, {"code": "LAX"}]}
    mixed = {"origin": "SEA", "destination": "BOS", "via": ["SEA"]}
    _, m = measure(
        call(0, "list_airports", {}, "c1"),
        result(1, "c1", airports),
        call(2, "list_routes", {}, "c2"),
        result(3, "c2", mixed),
        call(4, "search_flights", {"origin": "SFO", "destination": "BOS", "via": "SEA"}, "c3"),
        call(5, "search_text", {"q": "x"}, "c4"),
        result(6, "c4", "Flights leave ORD at noon."),
        call(7, "get_airport", {"code": "ORD"}, "c5"),
    )
    # SFO: one place (airports[].code); BOS: one place; SEA sits at two: not counted; ORD in prose.
    assert [(r[1], r[2], r[4]) for r in _fu(m)] == [
        ("origin", "SFO", "airports[].code"),
        ("destination", "BOS", "destination"),
    ]


def test_prose_gives_no_path_and_counts_whole_words_only() -> None:
    _, m = measure(
        call(0, "search", {"q": "x"}, "c1"),
        result(1, "c1", json.dumps("Upgrade to economyplus for flight 8812345 today.")),
        call(2, "get_fare", {"cabin": "economy", "flight": "8812345"}, "c2"),
    )
    assert [(r[1], r[2], r[4]) for r in _fu(m)] == [("flight", "8812345", None)]


def test_tool_errors_are_counted_and_a_repeat_after_one_is_a_retry() -> None:
    _, m = measure(
        call(0, "get_user", {"id": "usr_1"}, "c1"),
        result(1, "c1", "Error: user not found, try again later"),
        call(2, "get_user", {"id": "usr_1"}, "c2"),
        result(3, "c2", {"error": {"code": 503, "message": "busy"}}),
        call(4, "get_user", {"id": "usr_1"}, "c3"),
        result(5, "c3", {"name": "Dana"}),
        call(6, "get_user", {"id": "usr_1"}, "c4"),
        result(7, "c4", {"name": "Dana", "error": None}),
    )
    s = m.summary
    assert (s["errors"], s["retries"], s["duplicates"]) == (2, 2, 1)
    retry_of, duplicate_of = CALLS.index("retry_of"), CALLS.index("duplicate_of")
    assert [(r[retry_of], r[duplicate_of]) for r in m.calls] == [
        (None, None),
        (0, None),
        (2, None),
        (None, 0),
    ]


def test_a_call_with_corrected_arguments_after_an_error_is_a_retry() -> None:
    # As in the AgentDojo runs (tests/corpora/agentdojo/): the error names the valid
    # value and the agent calls the same tool again with it.
    _, m = measure(
        call(0, "get_case", {"case_type": "police record"}, "c1"),
        result(1, "c1", "ValueError: No record for case_type='police record'. Available: ['crs']"),
        call(2, "get_case", {"case_type": "crs"}, "c2"),
        result(3, "c2", {"case_type": "crs"}),
        call(4, "get_case", {"case_type": "other"}, "c3"),
        result(5, "c3", {"case_type": "other"}),
    )
    s = m.summary
    assert (s["errors"], s["retries"], s["duplicates"]) == (1, 1, 0)
    retry_of = CALLS.index("retry_of")
    assert [r[retry_of] for r in m.calls] == [None, 0, None]  # the last one follows a success


def test_the_next_item_after_an_error_is_no_retry() -> None:
    _, m = measure(
        call(0, "get_user", {"user_id": "usr_1"}, "c1"),
        result(1, "c1", "Error: user service busy"),
        call(2, "get_user", {"user_id": "usr_2"}, "c2"),
        result(3, "c2", {"name": "Ann"}),
        call(4, "get_user", {"user_id": "usr_1"}, "c3"),
        result(5, "c3", {"name": "Bo"}),
    )
    retry_of = CALLS.index("retry_of")
    assert [r[retry_of] for r in m.calls] == [None, None, 0]  # usr_1 again: its retry


def test_another_item_named_by_an_id_argument_is_no_retry_whatever_settings_it_keeps() -> None:
    # Codex CLI polls its running commands with write_stdin (tests/corpora/formats/codex/
    # rollout-2026-05-11T11-26-55-019e1625.jsonl): after session 59181's poll failed (exit 2),
    # polling session 25857 with the same yield_time_ms is another process's poll, no retry; a
    # zip corrected beside the same user_id is one.
    _, m = measure(
        call(0, "write_stdin", {"session_id": 59181, "chars": "", "yield_time_ms": 1000}, "c1"),
        result(1, "c1", "Error: the command exited with code 2 (rg: no such file)"),
        call(2, "write_stdin", {"session_id": 25857, "chars": "", "yield_time_ms": 1000}, "c2"),
        result(
            3,
            "c2",
            "Chunk ID: eddc0c\nWall time: 0.7 seconds\nProcess exited with code 0\nOutput:\nok",
        ),
        call(4, "update_address", {"user_id": "u1", "zip": "9410"}, "c3"),
        result(5, "c3", "Error: invalid zip"),
        call(6, "update_address", {"user_id": "u1", "zip": "94103"}, "c4"),
        result(7, "c4", {"zip": "94103"}),
    )
    retry_of = CALLS.index("retry_of")
    assert [r[retry_of] for r in m.calls] == [None, None, None, 4]


def test_the_same_id_respelt_after_an_error_is_a_retry() -> None:
    # Issue 16's travel-and-shop runs (made-up, /work/notes/tau60): "Error: order W2240716
    # not found", then the order as the store writes it, "#W2240716": the same order, a
    # retry. Before, another value of the first id argument was always another item.
    _, m = measure(
        call(0, "get_order_details", {"order_id": "W2240716"}, "c1"),
        result(1, "c1", "Error: order W2240716 not found"),
        call(2, "get_order_details", {"order_id": "#W2240716"}, "c2"),
        result(3, "c2", {"status": "shipped"}),
        call(4, "get_order", {"order_id": "W1"}, "c3"),
        result(5, "c3", "Error: order W1 not found"),
        call(6, "get_order", {"order_id": "#W2"}, "c4"),
        result(7, "c4", {"status": "shipped"}),
    )
    assert (m.summary["errors"], m.summary["retries"], m.summary["duplicates"]) == (2, 1, 0)
    retry_of = CALLS.index("retry_of")
    assert [r[retry_of] for r in m.calls] == [None, 0, None, None]


def test_another_payment_method_for_the_same_order_after_an_error_is_a_retry() -> None:
    # A shop agent's return of the same order's items (a list argument) to the card's id
    # after "Error: payment method not found" retries it; a return of another order with the
    # same payment method is a call for that order. The item list made the arguments a
    # nested walk, which was read once and found empty the second time: no retry was seen.
    ret = "return_delivered_order_items"
    _, m = measure(
        call(0, ret, {"order_id": "#W1", "item_ids": ["11"], "payment_method_id": "cc_2478"}, "c1"),
        result(1, "c1", "Error: payment method not found"),
        call(2, ret, {"order_id": "#W1", "item_ids": ["11"], "payment_method_id": "cc_95"}, "c2"),
        result(3, "c2", {"status": "return requested"}),
        call(4, ret, {"order_id": "#W2", "item_ids": ["12"], "payment_method_id": "gc_1"}, "c3"),
        result(5, "c3", "Error: order #W2 is not delivered"),
        call(6, ret, {"order_id": "#W3", "item_ids": ["13"], "payment_method_id": "gc_1"}, "c4"),
        result(7, "c4", {"status": "return requested"}),
    )
    assert (m.summary["errors"], m.summary["retries"]) == (2, 1)
    retry_of = CALLS.index("retry_of")
    assert [r[retry_of] for r in m.calls] == [None, 0, None, None]


def test_a_call_keeping_only_the_failed_calls_settings_is_no_retry() -> None:
    # A real Codex Desktop session (CLI 0.128.0-alpha.1; codemie-ai/codemie-code 60fbed2c,
    # excerpt in tests/corpora/formats/codex/rollout-2026-05-11T13-28-45-019e1695.jsonl):
    # the browser's js call opening http://localhost:5173 (line 13) is refused by its
    # security policy (line 14); the next js call (line 16) opens another page with other
    # code and title, keeping only "timeout_ms": 30000. Was a retry of line 13.
    from projeval.traces import analyse_traces

    path = REPO / "tests/corpora/formats/codex/rollout-2026-05-11T13-28-45-019e1695.jsonl"
    a = analyse_traces([path], workers=1)
    assert int(a.summary["retries"].sum()) == 0
    assert a.calls["retry_of"].isna().all()
    # Settings are numbers given to a wait or a bound, switches, where a command runs;
    # beside them a kept command, path or id still makes a retry.
    _, m = measure(
        call(0, "exec_command", {"cmd": "ps", "workdir": "/w", "tty": True}, "c1"),
        result(1, "c1", "Error: the command exited with code 1 (operation not permitted)"),
        call(2, "exec_command", {"cmd": "ls", "workdir": "/w", "tty": True}, "c2"),
        result(3, "c2", "ok"),
        call(4, "exec_command", {"cmd": "npm test", "yield_time_ms": 1000}, "c3"),
        result(5, "c3", "Error: the command exited with code 1"),
        call(6, "exec_command", {"cmd": "npm test", "yield_time_ms": 5000}, "c4"),
        result(7, "c4", "ok"),
        call(8, "poll", {"max_wait": 10}, "c5"),
        result(9, "c5", "Error: timed out"),
        call(10, "poll", {"max_wait": 10, "page": 2}, "c6"),
        result(11, "c6", "ok"),
        # Claude Code sessions of marot/spotter 8cc42b0 (test/fixtures/transcripts/): a push
        # with no upstream, then the command git names, with or without a timeout kept.
        call(12, "Bash", {"command": "git push 2>&1", "timeout": 30000}, "c7"),
        result(13, "c7", "Error: fatal: The current branch b has no upstream branch."),
        call(14, "Bash", {"command": "git push --set-upstream origin b 2>&1"}, "c8"),
        result(15, "c8", "ok"),
    )
    retry_of = CALLS.index("retry_of")
    # ls after ps is another command; npm test again is its retry; a call whose failed
    # try passed settings only keeps all it could; a command given words is edited.
    assert [r[retry_of] for r in m.calls] == [None, None, None, 4, None, 8, None, 12]


def test_a_command_run_from_the_directory_its_path_named_is_a_retry(tmp_path: Path) -> None:
    # Codex CLI's unified exec (the header of tests/corpora/formats/codex/rollout-2026-05-
    # 11T11-26-55-019e1625.jsonl): `node scripts/build.js` exits 1 (the script reads
    # ./config.json from where it runs), then `cd scripts && node build.js`, the same
    # command in effect, succeeds: a retry. A cd into that directory to run another
    # script is another command, and so is a cd into another directory.
    from projeval.traces import analyse_traces

    def output(code: int, text: str) -> str:
        return f"Chunk ID: 1d\nWall time: 0.1 seconds\nProcess exited with code {code}\nOriginal token count: 9\nOutput:\n{text}\n"

    def shell(code: int, text: str) -> str:  # the 2025 shell tool's output object
        return json.dumps(
            {"output": text, "metadata": {"exit_code": code, "duration_seconds": 1.2}},
            separators=(",", ":"),
        )

    commands = [
        ({"cmd": "node scripts/build.js", "workdir": "/w", "yield_time_ms": 1000}, output(1, "Error: Cannot find module './config.json'")),
        ({"cmd": "cd scripts && node build.js", "workdir": "/w", "yield_time_ms": 1000}, output(0, "built")),
        ({"cmd": "node scripts/lint.js", "workdir": "/w", "yield_time_ms": 1000}, output(1, "Error: Cannot find module './rules.json'")),
        ({"cmd": "cd scripts && node check.js", "workdir": "/w", "yield_time_ms": 1000}, output(0, "ok")),
        ({"cmd": "node scripts/test.js", "workdir": "/w", "yield_time_ms": 1000}, output(1, "Error: Cannot find module './cases.json'")),
        ({"cmd": "cd tools && node test.js", "workdir": "/w", "yield_time_ms": 1000}, output(0, "ok")),
        # The older shell tool, a script given to bash, the other way round.
        ({"command": ["bash", "-lc", "cd web; npx tsc -p ./tsconfig.json"]}, shell(2, "error TS5058")),
        ({"command": ["bash", "-lc", "npx tsc -p web/tsconfig.json"]}, shell(0, "")),
    ]  # fmt: skip
    lines: list[Any] = [{"timestamp": "t", "type": "session_meta", "payload": {"id": "s1"}}]
    for n, (args, text) in enumerate(commands):
        name = "exec_command" if "cmd" in args else "shell"
        lines += [
            {"timestamp": "t", "type": "response_item", "payload": {"type": "function_call", "name": name, "arguments": json.dumps(args), "call_id": f"c{n}"}},
            {"timestamp": "t", "type": "response_item", "payload": {"type": "function_call_output", "call_id": f"c{n}", "output": text}},
        ]  # fmt: skip
    a = analyse_traces([write_jsonl(tmp_path / "rollout.jsonl", lines)], workers=1)
    got = [None if pd.isna(r) else int(r) for r in a.calls["retry_of"]]
    assert got == [None, 0, None, None, None, None, None, 12]
    assert int(a.summary["retries"].sum()) == 2


def test_an_argument_that_only_ends_in_id_letters_names_no_item() -> None:
    # "paid", "valid": a flag changed beside the same order_id corrects the failed call
    _, m = measure(
        call(0, "charge", {"order_id": "o1", "paid": "no", "valid": "no"}, "c1"),
        result(1, "c1", "Error: declined"),
        call(2, "charge", {"order_id": "o1", "paid": "yes", "valid": "yes"}, "c2"),
        result(3, "c2", {"ok": True}),
    )
    retry_of = CALLS.index("retry_of")
    assert [r[retry_of] for r in m.calls] == [None, 0]


def test_grounds_find_what_only_an_index_holds_when_a_text_spells_it_otherwise() -> None:
    from projeval.traces.metrics import Grounds
    from projeval.traces.values import ResultIndex

    index = ResultIndex()
    escaped = Event("tool", "result", 0, text='{"note": "Moved to tkt\\u005f55aa11bb."}', seq=0)
    plain = Event("tool", "result", 1, text=json.dumps({"note": "Seat 14C is free."}), seq=1)
    for ev, ids in ((escaped, ["tkt_55aa11bb"]), (plain, ["14C"])):
        earlier: list[tuple[Event, dict[str, str] | None]] = []
        grounds = Grounds(earlier, ["hello"])
        built = index.of(ev)
        earlier.append((ev, built[0] if built is not None else None))
        assert [grounds.held("id", i) for i in ids] == [True]
        assert not grounds.held("id", "tkt_99aa11bb") and not grounds.held("name", "Dana")


def test_grounds_hold_a_duration_field_and_an_hour_range_of_the_system_prompt() -> None:
    # A customer profile in the system prompt: "2 years" by its "years_as_customer": 2,
    # "9 AM" by the shop's hours "9-17"; a result's hour range "13-16" holds "1 PM".
    from projeval.traces.metrics import Grounds

    said = ['{"years_as_customer": 2, "hours": "9-17"}']
    result = Event("tool", "result", 0, text='{"slots": ["13-16"]}', seq=0)
    grounds = Grounds([(result, None)], said)
    assert grounds.held("duration", "2 years") and grounds.held("time", "09:00")
    assert grounds.held("time", "13:00") and not grounds.held("duration", "3 years")
    assert not grounds.held("time", "10:00")


def test_grounds_work_out_a_fare_difference_the_message_shows_and_count_a_list_of_ids() -> None:
    # An upgrade priced from a search's fare and the reservation's (session 29's made-up
    # airline run): "$455 ... you paid $118 ... $337" and "$171 ... about $53" are worked out;
    # "$53" said again later was worked out before; "$60" is no difference of what is stated.
    from projeval.traces.claims import ungrounded
    from projeval.traces.metrics import Grounds

    booked = Event("tool", "result", 0, text='{"flights": [{"price": 118}]}', seq=0)
    search = Event(
        "tool", "result", 1, text='[{"prices": {"economy": 171, "business": 455}}]', seq=1
    )
    grounds = Grounds([(booked, None), (search, None)], ["Upgrade me. My orders?"])
    text = "Business is $455, and you paid $118, so the upgrade costs $337."
    # The difference of two prices the results hold is held as it is (a fare difference,
    # session 32); worked out from the amounts the message states, it is too.
    assert ungrounded(text, grounds.held) == [] and grounds.worked(text, [], "337")
    text = "Economy is $171, so the upgrade would cost about $53, or $60 with a bag."
    found = ungrounded(text, grounds.held)
    assert grounds.worked(text, found, "53") and not grounds.worked(text, found, "60")
    assert grounds.worked("Charged $53.", [], "53")
    # "补差价¥80": the new fare less the one paid, each in its own result (session 30's
    # made-up rebooking, /work/notes/tau35), held with no amount stated beside it; before,
    # only by the "80" inside "1180". Among many prices no difference holds an amount.
    paid = Event("tool", "result", 0, text='{"order_id": "MU8823451", "price": 1180}', seq=0)
    found = Event("tool", "result", 1, text='[{"price": 1260}, {"price": 1090}]', seq=1)
    assert Grounds([(paid, None), (found, None)], ["改签"]).held("amount", "80")
    assert not Grounds([(paid, None), (found, None)], ["改签"]).held("amount", "81")
    fares = [1260, *range(2000, 4000, 97)]  # no two of them 80 apart
    many = Event("tool", "result", 2, text=json.dumps([{"price": p} for p in fares]))
    assert not Grounds([(paid, None), (many, None)], ["改签"]).held("amount", "80")
    # A profile's list of order ids lists two orders.
    profile = Event("tool", "result", 2, text='{"orders": ["#W5501873", "#W8821460"]}', seq=2)
    assert Grounds([(profile, None)], ["hi"]).held("count", "2")


def test_grounds_hold_a_code_of_letters_as_a_word_or_a_held_names_initials() -> None:
    # "DUB" is no part of a result's "Dublin"; "LHR" standing alone is held; "UK" and "NSC"
    # are the initials of a name a result holds in full ("United Kingdom", "National
    # Student Clearinghouse"); "UAE" the initials of none.
    from projeval.traces.metrics import Grounds

    result = Event(
        "tool",
        "result",
        0,
        text="London, United Kingdom: (IATA: LHR) Heathrow. Anna: London -> Dublin. "
        "Transcripts: National Student Clearinghouse.",
        seq=0,
    )
    grounds = Grounds([(result, None)], ["Which airports can Anna use?"])
    assert grounds.held("id", "LHR") and grounds.held("name", "UK")
    assert grounds.held("id", "NSC") and grounds.held("name", "Dublin")
    assert not grounds.held("id", "DUB") and not grounds.held("name", "UAE")


def test_a_command_run_again_with_another_outcome_is_no_duplicate() -> None:
    # mini-SWE-agent runs (SWE-agent/mini-swe-agent 3c7d1d7f, output/*/*.traj.json): the
    # agent re-runs `python reproduce_issue.py` after each edit; 287 of 528 such repeats
    # printed something else, and all were duplicates. A read that answers otherwise the
    # second time is still a repeated lookup.
    run = {"command": "python reproduce_issue.py"}
    _, m = measure(
        call(0, "bash", run, "c1"),
        result(1, "c1", "<returncode>0</returncode>\n<output>\nmatrix [[1, 1]]\n</output>"),
        call(2, "bash", {"command": "sed -i 's/= 1/= right/' separable.py"}, "c2"),
        result(3, "c2", "<returncode>0</returncode>\n<output>\n</output>"),
        call(4, "bash", run, "c3"),  # after the edit, another outcome: a re-run
        result(5, "c3", "<returncode>0</returncode>\n<output>\nmatrix [[1, 0]]\n</output>"),
        call(6, "bash", run, "c4"),  # the same outcome again: a duplicate
        result(7, "c4", "<returncode>0</returncode>\n<output>\nmatrix [[1, 0]]\n</output>"),
        call(8, "get_order", {"id": "ord_77c1e0"}, "c5"),
        result(9, "c5", {"status": "open"}),
        call(10, "get_order", {"id": "ord_77c1e0"}, "c6"),  # a read: a duplicate all the same
        result(11, "c6", {"status": "shipped"}),
    )
    assert (m.summary["duplicates"], m.summary["retries"]) == (2, 0)
    dups = [r for r in CALLS.records(m.calls) if r["duplicate_of"] is not None]
    assert [(r["seq"], r["duplicate_of"]) for r in dups] == [(6, 0), (10, 8)]


def test_a_lookup_read_back_after_a_write_is_no_duplicate() -> None:
    # A support agent reads the order, changes it, and reads it again to confirm: the second
    # read learns what the write changed. With no write between, or the same answer, a
    # repeated lookup is a duplicate.
    order = {"order_id": "ord_77c1e0"}
    _, m = measure(
        call(0, "get_order", order, "c1"),
        result(1, "c1", {"status": "open", "address": "12 Elm St"}),
        call(2, "update_order_address", {**order, "address": "4 Oak Ave"}, "c2"),
        result(3, "c2", {"ok": True}),
        call(4, "get_order", order, "c3"),  # read back: another answer after the write
        result(5, "c3", {"status": "open", "address": "4 Oak Ave"}),
        call(6, "get_order", order, "c4"),  # no write since: a duplicate
        result(7, "c4", {"status": "open", "address": "4 Oak Ave"}),
        call(8, "cancel_order", order, "c5"),
        result(9, "c5", {"ok": False}),
        call(10, "get_order", order, "c6"),  # a write came between, the same answer: duplicate
        result(11, "c6", {"status": "open", "address": "4 Oak Ave"}),
    )
    dups = [r for r in CALLS.records(m.calls) if r["duplicate_of"] is not None]
    assert [(r["seq"], r["duplicate_of"]) for r in dups] == [(6, 0), (10, 0)]
    assert (m.summary["duplicates"], m.summary["retries"]) == (2, 0)


def test_a_lookup_checked_again_in_a_later_turn_with_another_answer_is_no_duplicate() -> None:
    # "Can you check why it's still only at label created?": the customer asks again, the
    # parcel's status has moved on, and the second read learns it. Within one turn, or with
    # the same answer, a repeated lookup is a duplicate.
    parcel = {"shipment_id": "SHP-555001"}
    _, m = measure(
        Event("user", "message", 0, text="Where is my order?"),
        call(1, "get_shipment_status", parcel, "c1"),
        result(2, "c1", {"current_status": "label_created"}),
        Event("assistant", "message", 3, text="A label was created."),
        Event("user", "message", 4, text="Can you check again why it's still at label created?"),
        call(5, "get_shipment_status", parcel, "c2"),  # a later turn, another answer
        result(6, "c2", {"current_status": "in_transit"}),
        call(7, "get_shipment_status", parcel, "c3"),  # the same turn: a duplicate
        result(8, "c3", {"current_status": "in_transit"}),
        Event("assistant", "message", 9, text="It is in transit now."),
        Event("user", "message", 10, text="And now?"),
        call(11, "get_shipment_status", parcel, "c4"),  # a later turn, the same answer
        result(12, "c4", {"current_status": "in_transit"}),
    )
    dups = [r for r in CALLS.records(m.calls) if r["duplicate_of"] is not None]
    assert [(r["seq"], r["duplicate_of"]) for r in dups] == [(7, 1), (11, 1)]
    assert m.summary["duplicates"] == 2


def test_a_signal_given_again_after_other_calls_is_no_duplicate() -> None:
    # Letta's sleep-time agents (letta-ai/agent-file a1e10475 and e661de57,
    # agents/@letta-ai/ezra/ezra.af and lettabot-builder/lettabot-builder.af) end each run
    # over the conversation they watch with memory_finish_edits({}) -> "None": 13 and 58
    # duplicates of the first one. A call that passes nothing and gets nothing back looks
    # nothing up; given again after other calls or in a later turn, or after the system's
    # next message (the group's hand-off a sleep-time agent is given), it signals again. The
    # same signal twice in a row, a read given no arguments, and a call that gets a value
    # back (an empty list is an answer) stay duplicates.
    def finish(seq: int) -> list[Event]:
        return [call(seq, "memory_finish_edits", {}, f"c{seq}"), result(seq + 1, f"c{seq}", "None")]

    _, m = measure(
        Event("user", "message", 0, text="user: I moved to Berlin.\nassistant: Noted."),
        call(1, "memory_insert", {"label": "human", "new_str": "Lives in Berlin."}, "c1"),
        result(2, "c1", "The core memory block with label `human` has been edited."),
        *finish(3),
        Event("user", "message", 5, text="user: Thanks.\nassistant: You're welcome."),
        *finish(6),  # a later run: a signal again
        *finish(8),  # nothing between: a duplicate
        call(10, "memory_search", {"query": "Berlin"}, "c10"),
        result(11, "c10", "[]"),
        *finish(12),  # after another call: a signal again
        call(14, "get_player_name", {}, "c14"),
        result(15, "c14", ""),
        call(16, "get_player_name", {}, "c16"),  # a read, however empty: a duplicate
        result(17, "c16", ""),
        call(18, "list_reminders", {}, "c18"),
        result(19, "c18", "[]"),
        call(20, "memory_search", {"query": "moved"}, "c20"),
        result(21, "c20", "[]"),
        call(22, "list_reminders", {}, "c22"),  # an answer came back: a duplicate
        result(23, "c22", "[]"),
        *finish(24),  # after other calls: a signal again
        # The group's next hand-off, a system message (a sleep-time agent has no user):
        Event("system", "message", 26, text="user: Bye.\nassistant: Bye!"),
        *finish(27),  # told something new: a signal again
        *finish(29),  # nothing between: a duplicate
    )
    dups = [r for r in CALLS.records(m.calls) if r["duplicate_of"] is not None]
    assert [(r["seq"], r["duplicate_of"]) for r in dups] == [(8, 3), (16, 14), (22, 18), (29, 3)]
    assert (m.summary["duplicates"], m.summary["followups"]) == (4, 0)


def test_a_letta_sleep_time_agent_s_runs_each_end_with_a_signal() -> None:
    # Both agents of lettabot-builder.af (letta-ai/agent-file e661de57; the excerpt's
    # first 10 of the sleep-time agent's 188 messages): each run over the watched
    # conversation ends with memory_finish_edits({}) -> "None". Before: 2 duplicates here,
    # 58 of the whole file's 62 calls. The runs are over the group's hand-offs, system
    # messages, not user turns: every call is in turn 0 and none is a duplicate.
    from projeval.traces import analyse_traces

    path = REPO / "tests/corpora/formats/letta/lettabot_builder_excerpt.af"
    a = analyse_traces([path], workers=1)
    calls = a.calls
    assert calls["tool"].tolist() == ["memory_finish_edits"] * 3
    assert calls["turn"].tolist() == [0, 0, 0]
    assert calls["duplicate_of"].isna().all()
    assert a.summary[["duplicates", "followups", "retries"]].sum().tolist() == [0, 0, 0]


def test_a_turn_is_read_for_the_user_s_words_not_the_harness_s_wrapping() -> None:
    # Letta Code's first message opens with two <system-reminder> parts (lettabot-builder.af,
    # letta-ai/agent-file e661de57), Ezra's Discord bridge sends "From: … Mentions: …" over
    # "Content: <the words>" (ezra.af a1e10475). The turn's class and the question drift
    # and mining match are of the words; the events keep the text as the file holds it.
    # Before: the Letta Code turn "other", its question the environment reminder's text.
    from projeval.traces import analyse_traces

    letta = REPO / "tests/corpora/formats/letta"
    a = analyse_traces(
        [letta / "lettabot_builder_excerpt.af", letta / "ezra_excerpt.af"], workers=1
    )
    turns = {(r.trace_id, r.turn): (r.question, r.kind) for r in a.turns.itertuples()}
    assert turns[("lettabot-builder", 1)] == ("What do you know about me?", "question")
    question, kind = turns[("Ezra", 3)]
    assert question.startswith("Hi all, I was wondering why previously connected Remote MCP")
    assert kind == "question"
    assert not any(q.startswith(("From:", "<system-reminder>")) for q, _ in turns.values())
    users = a.events[a.events["role"] == "user"]["text"].tolist()
    assert sum(t.startswith("From: cameron_pfiffer") for t in users) == 3
    assert sum(t.startswith("<system-reminder>") for t in users) == 1  # Letta Code's


def test_a_handoff_made_again_after_another_is_routing_not_a_duplicate() -> None:
    # An invoicing assistant on the OpenAI Agents SDK (lapth/aichat-openai-agent 18def87a,
    # tests/corpora/formats/agents_js/): its orchestrator hands the conversation to the
    # invoice agent, which hands it back, and later to the invoice agent again. Each handoff
    # is routing, and the same handoff again after another, or in the user's next turn (each
    # run may start at the entry agent), is no wasted call; a handoff to the agent the
    # conversation is already with in the same turn is a duplicate.
    to_invoice = "transfer_to_InvoiceAgent"
    _, m = measure(
        Event("user", "message", 0, text="Create customer Bob and invoice for him."),
        call(1, to_invoice, {}, "c1"),
        result(2, "c1", {"assistant": "InvoiceAgent"}),
        call(3, "transfer_to_Orchestrator", {}, "c2"),
        result(4, "c2", {"assistant": "Orchestrator"}),
        call(5, to_invoice, {}, "c3"),  # back to the invoice agent: routing
        result(6, "c3", {"assistant": "InvoiceAgent"}),
        call(7, to_invoice, {}, "c4"),  # already with it: a duplicate
        result(8, "c4", {"assistant": "InvoiceAgent"}),
        Event("assistant", "message", 9, text="Which items?"),
        Event("user", "message", 10, text="Web Hosting."),
        call(11, to_invoice, {}, "c5"),  # the next turn: routing
        result(12, "c5", {"assistant": "InvoiceAgent"}),
    )
    dups = [r for r in CALLS.records(m.calls) if r["duplicate_of"] is not None]
    assert [(r["seq"], r["duplicate_of"]) for r in dups] == [(7, 1)]
    assert m.summary["duplicates"] == 1


def test_a_handoff_naming_its_agent_in_its_arguments_is_routed_by_that_agent() -> None:
    # Google ADK's one handoff tool, transfer_to_agent(agent_name=...) (trial 15: the
    # customer_service agents of jcarah/accelerate_context_engineering_workshop 2ff8dbd2,
    # customer-service/eval/results/optimization_03a/raw/processed_interaction_sim.jsonl,
    # session a2885327, turn 5, where the agents passed a return between them). Each
    # handoff back to an agent after another had the conversation is routing, as for
    # transfer_to_<Agent> tools: the agent is in the arguments, not the name. They were
    # 3 duplicates (of the turn's first handoff to sales and to triage).
    def to(agent: str, seq: int) -> list[Event]:
        return [
            call(seq, "transfer_to_agent", {"agentName": agent}, f"c{seq}"),
            result(seq + 1, f"c{seq}", {"result": None}),
        ]

    _, m = measure(
        Event("user", "message", 0, text="I'm trying to return a product."),
        *to("sales_agent", 1),
        *to("fulfillment_agent", 3),
        *to("sales_agent", 5),
        *to("triage_agent", 7),
        *to("sales_agent", 9),
        *to("triage_agent", 11),
        *to("triage_agent", 13),  # already with it: a duplicate
    )
    dups = [r for r in CALLS.records(m.calls) if r["duplicate_of"] is not None]
    assert [(r["seq"], r["duplicate_of"]) for r in dups] == [(13, 7)]
    assert m.summary["duplicates"] == 1


def test_a_turn_whose_only_follow_up_is_an_action_is_not_flagged() -> None:
    # Cancelling the order a search just found passes on an id it was given: a follow-up,
    # but an action, and no sign the result lacked anything. A lookup flags its turn.
    _, m = measure(
        Event("user", "message", 0, text="Cancel my order for the lamp, please."),
        call(1, "find_orders", {"q": "lamp"}, "c1"),
        result(2, "c1", [{"order_id": "ODR-120123"}]),
        call(3, "cancel_order", {"order_id": "ODR-120123"}, "c2"),
        result(4, "c2", {"cancelled": True}),
        Event("assistant", "message", 5, text="Cancelled."),
        Event("user", "message", 6, text="When will the refund arrive?"),
        call(7, "get_refund_estimate", {"order_id": "ODR-120123"}, "c3"),
        result(8, "c3", {"days": 5}),
        Event("assistant", "message", 9, text="In 5 days."),
    )
    s = m.summary
    assert (s["lookups"], s["actions"], s["followup_turns"], s["flagged_turns"]) == (1, 1, 2, 1)


def test_grounds_read_a_typed_non_breaking_hyphen_as_a_hyphen() -> None:
    # The user typed "3\u2011day" (U+2011, as a phone keyboard may): "3 days" is theirs.
    from projeval.traces.metrics import Grounds

    grounds = Grounds([], ["I want the 3\u2011day pass"])
    assert grounds.held("duration", "3-day") and not grounds.held("duration", "4-day")


def _said(msg: int, role: str, text: str) -> Event:
    return Event(role, "message", msg, text=text)


PATCH = (
    "*** Begin Patch\n*** Update File: src/App.tsx\n@@\n"
    '+      <div className="font-medium">Workspace Sessions</div>\n'
    "+      {/* synced ORD-88231 on 2025-03-14 */}\n*** End Patch\n"
)


def _claimed(*events: Event) -> list[str]:
    _, m = measure(*events)
    return [row[5] for row in m.claims]


def test_a_name_the_agent_wrote_into_a_file_grounds_its_report() -> None:
    # Codex wrote a UI label in a patch, then said it added it (trial 14, finding 8). Not
    # "a “Workspace Sessions” list": a quoted label before a screen noun is no name at all.
    answer = "Added “Workspace Sessions”; it synced ORD-88231 on 2025-03-14."
    wrote = _claimed(
        _said(0, "user", "Add a list of sessions."),
        call(1, "shell", {"command": ["apply_patch", PATCH]}, "c1"),
        result(2, "c1", "Success. Updated the following files:\nM src/App.tsx"),
        _said(3, "assistant", answer),
    )
    # The id and the date it wrote there are facts it still has to have read.
    assert wrote == ["ORD-88231", "2025-03-14"]
    # The same text passed to a command that reads, or the name as a value on one line
    # (a title set by a write), grounds nothing: only text it wrote out.
    for args in (
        {"command": ["bash", "-lc", f"python - <<'EOF'\n{PATCH}\nEOF"]},
        {"title": "Workspace Sessions", "id": "ORD-88231"},
    ):
        said = _claimed(
            _said(0, "user", "Add a list of sessions."),
            call(1, "create_page" if "title" in args else "shell", args, "c1"),
            result(2, "c1", "ok"),
            _said(3, "assistant", answer),
        )
        assert said[0] == "“Workspace Sessions”", args


def test_the_program_a_command_runs_is_no_followup_value() -> None:
    # A search printed a source line holding 'apply_patch'; Codex then ran apply_patch:
    # the program it runs is the call's verb, not a value the result handed it.
    _, m = measure(
        _said(0, "user", "Fix the viewer."),
        call(1, "shell", {"command": ["bash", "-lc", "rg -n scan src"]}, "c1"),
        result(2, "c1", "src/List.tsx:114: onClick={() => setScanQuery('apply_patch')}"),
        call(3, "shell", {"command": ["apply_patch", PATCH]}, "c2"),
        call(
            4, "shell", {"command": ["bash", "-lc", "apply_patch << 'P'\n*** End Patch\nP"]}, "c3"
        ),
    )
    assert m.followups == []


def test_a_real_codex_session_its_patches_and_its_report() -> None:
    # AcidicSoil/codex-session-viewer's example.jsonl, lines cited in the formats corpus
    # README (codex_patches/rollout-2025-09-10-cf4def41-patches.jsonl): an rg output holding
    # 'apply_patch', a patch (fed to apply_patch on a here-document) adding the "Connect
    # Workspace", "Rescan" and "Workspace Sessions" controls, the answer saying so, and a
    # later apply_patch run as an argument vector. Before: the later patch was a follow-up
    # of the rg output (its value 'apply_patch'), and the three labels were ungrounded.
    from projeval.traces import analyse_traces

    path = REPO / "tests/corpora/formats/codex_patches/rollout-2025-09-10-cf4def41-patches.jsonl"
    a = analyse_traces([path], workers=1)
    assert len(a.followups) == 0
    claimed = set(a.claims["value"])
    assert not claimed & {"“Workspace Sessions”", "“Connect Workspace”", "“Rescan”", "ChangeSet"}
    assert a.calls["kind"].tolist() == ["read", "write", "write"]


def test_the_agents_own_plan_copying_a_result_is_no_followup() -> None:
    # A real Codex CLI session (CLI 0.125.0; codemie-ai/codemie-code 60fbed2c, the whole
    # rollout 019e1625, line 241): update_plan({"plan": [{"step", "status"}], "explanation"})
    # names OPENCODE_CONFIG_CONTENT, which a write_stdin poll printed, and "in_progress",
    # which another printed: 5 follow-ups (actions) of the session's 35 at two update_plan
    # calls. The plan is the harness's bookkeeping of the agent's own notes, as Claude Code's
    # TodoWrite is; a service's update_plan (a phone plan, by ids) is no such list.
    poll = "Chunk ID: 9a\nWall time: 1.0 seconds\nProcess exited with code 0\nOutput:\n"
    printed = poll + "src/env.ts:12: OPENCODE_CONFIG_CONTENT=... status in_progress\n"
    plan = [
        {"step": "Add failing tests for default compaction threshold", "status": "in_progress"},
        {
            "step": "Set default compaction threshold in OPENCODE_CONFIG_CONTENT",
            "status": "pending",
        },
    ]
    todos = [{"content": "Set OPENCODE_CONFIG_CONTENT", "status": "pending", "activeForm": "x"}]
    _, m = measure(
        call(0, "write_stdin", {"session_id": 1, "chars": ""}, "c1"),
        result(1, "c1", printed),
        call(2, "update_plan", {"plan": plan, "explanation": "`OPENCODE_CONFIG_CONTENT`"}, "c2"),
        result(3, "c2", "Plan updated"),
        call(4, "TodoWrite", {"todos": todos}, "c3"),
        result(5, "c3", "Todos have been modified successfully."),
        call(6, "list_plans", {}, "c4"),
        result(7, "c4", {"plans": [{"plan_id": "pl_unlimited_5g", "price": 40}]}),
        call(8, "update_plan", {"customer_id": "cu_1", "plan_id": "pl_unlimited_5g"}, "c5"),
        result(9, "c5", {"ok": True}),
    )
    rows = FOLLOWUPS.records(m.followups)
    assert [(r["consumer_tool"], r["value"]) for r in rows] == [("update_plan", "pl_unlimited_5g")]


def test_claude_codes_background_shell_handle_feeds_no_followup() -> None:
    # A real Claude Code 2.1.39 session (marot/spotter 8cc42b0, excerpt in tests/corpora/
    # formats/claude_code_background/): a mix test outran its timeout and Claude Code
    # answered "Command running in background with ID: be613ab. Output is being written to:
    # /tmp/claude-1000/.../tasks/be613ab.output" (excerpt line 4, session line 263); the
    # agent read it with tail of that file and three TaskOutput(task_id="be613ab") (lines
    # 5, 7, 10, 13). The id and the file are the harness's handle: were all 4 follow-ups.
    from projeval.traces import analyse_traces

    path = REPO / "tests/corpora/formats/claude_code_background"
    a = analyse_traces([path], workers=1)
    assert len(a.followups) == 0
    assert a.calls["tool"].tolist() == ["Bash", "Bash", "TaskOutput", "TaskOutput", "TaskOutput"]
    # Claude Code 2.0's shorter notice, read by BashOutput(bash_id) and ended by
    # KillShell(shell_id); a value the command itself printed is still the output's.
    _, m = measure(
        call(0, "Bash", {"command": "python scrape.py", "run_in_background": True}, "c1"),
        result(1, "c1", "Command running in background with ID: b2f8b9"),
        call(2, "BashOutput", {"bash_id": "b2f8b9"}, "c2"),
        result(3, "c2", "<status>running</status>\n\n<stdout>\nworker pid w_77f1 up\n</stdout>"),
        call(4, "KillShell", {"shell_id": "b2f8b9"}, "c3"),
        result(5, "c3", '{"message":"Successfully killed shell: b2f8b9","shell_id":"b2f8b9"}'),
        call(6, "Bash", {"command": "kill w_77f1"}, "c4"),
        result(7, "c4", "ok"),
    )
    rows = FOLLOWUPS.records(m.followups)
    assert [(r["consumer_tool"], r["value"]) for r in rows] == [("Bash", "w_77f1")]


def test_claude_codes_plan_mode_exit_is_no_followup() -> None:
    # Claude Code's ExitPlanMode (its input {"plan": markdown, "planFilePath"}, as in the
    # Claude Code 2.0.29 session of tests/corpora/formats/claude_code_agentcmd/) hands the
    # user the plan to approve: the agent's notes, as TodoWrite's, not a lookup a result
    # fed. A service's plan tool passed a value a result gave still is one.
    grep = "src/auth/session.ts:14:export const SESSION_TTL_MS = 15 * 60 * 1000;\n"
    plan = (
        "## Plan: Longer sessions\n\n1. Raise SESSION_TTL_MS in src/auth/session.ts to 8"
        " hours.\n2. Add a test in `src/auth/session.test.ts`.\n"
    )
    _, m = measure(
        Event("user", "message", 0, text="Sessions expire too fast, plan a fix"),
        call(1, "Grep", {"pattern": "TTL", "path": "src/auth"}, "c1"),
        result(2, "c1", grep),
        call(3, "ExitPlanMode", {"plan": plan}, "c2"),
        result(4, "c2", "User has approved your plan. You can now start coding."),
        call(5, "exit_plan_mode", {"plan": plan, "planFilePath": "/h/.claude/plans/a.md"}, "c3"),
        result(6, "c3", "ok"),
        call(7, "list_plans", {}, "c4"),
        result(8, "c4", {"plans": [{"plan_id": "pl_unlimited_5g", "price": 40}]}),
        call(9, "change_plan", {"plan": "pl_unlimited_5g", "customer_id": "cu_1"}, "c5"),
        result(10, "c5", {"ok": True}),
    )
    rows = FOLLOWUPS.records(m.followups)
    assert [(r["consumer_tool"], r["value"]) for r in rows] == [("change_plan", "pl_unlimited_5g")]


def test_an_id_quoted_in_a_prose_argument_feeds_no_followup() -> None:
    # A handoff's summary is what the agent tells the human agent: the reservation id it
    # quotes was read, not handed to the tool to work from. The same id as an argument
    # of its own, or inside a search query, still is; and so is the id typed by itself.
    found = {"reservations": ["ZFA04Y", "8JX2WO"]}
    summary = "The customer wants to cancel reservation ZFA04Y, booked 30 days ago."
    _, m = measure(
        Event("user", "message", 0, text="Cancel my trip, I am sara_doe_496"),
        call(1, "get_user_details", {"user_id": "sara_doe_496"}, "c1"),
        result(2, "c1", found),
        call(3, "transfer_to_human_agents", {"summary": summary}, "c2"),
        result(4, "c2", "Transfer successful"),
        call(5, "log_note", {"note": "Customer asks for a refund of 8JX2WO and ZFA04Y"}, "c3"),
        result(6, "c3", "ok"),
        call(7, "get_reservation_details", {"reservation_id": "8JX2WO"}, "c4"),
        result(8, "c4", {"status": "booked"}),
        call(
            9, "search_help", {"query": "Can reservation ZFA04Y be cancelled for a refund?"}, "c5"
        ),
    )
    rows = FOLLOWUPS.records(m.followups)
    assert [(r["consumer_tool"], r["consumer_arg"], r["value"]) for r in rows] == [
        ("get_reservation_details", "reservation_id", "8JX2WO"),
        ("search_help", "query", "ZFA04Y"),
    ]


def test_an_id_quoted_in_a_short_summary_without_a_stop_feeds_no_followup() -> None:
    # A handoff's summary of six words and no full stop is still what the agent tells; the
    # order id handed as an argument of its own still feeds the lookup.
    _, m = measure(
        Event("user", "message", 0, text="I want a refund, I am sara_doe_496"),
        call(1, "get_user_details", {"user_id": "sara_doe_496"}, "c1"),
        result(2, "c1", {"orders": ["W123", "W456"]}),
        call(3, "transfer_to_human_agents", {"summary": "User wants refund for order W123"}, "c2"),
        result(4, "c2", "Transfer successful"),
        call(5, "log_note", {"reason": "Refund asked for W456"}, "c3"),
        result(6, "c3", "ok"),
        call(7, "get_order_details", {"order_id": "W123"}, "c4"),
    )
    rows = FOLLOWUPS.records(m.followups)
    assert [(r["consumer_tool"], r["consumer_arg"], r["value"]) for r in rows] == [
        ("get_order_details", "order_id", "W123"),
    ]


@pytest.mark.parametrize(
    ("argument", "text", "prose"),
    [
        ("summary", "User wants refund for order W123", True),
        ("note", "Customer asks for refund of W123", True),
        # An argument named as what the agent tells: a short phrase joined by a function word.
        ("summary", "Refund request for W123", True),
        ("credit_reason", "In-home service visit fee", False),
        ("item_description", "Dark navy zippered travel-document wallet.", False),
        # A query is the search's input, written as a sentence or not.
        ("query", "User wants refund for order W123", False),
        ("title", "Ticket W123 for user", False),
    ],
)
def test_what_reads_as_a_prose_argument(argument: str, text: str, prose: bool) -> None:
    assert prose_argument(argument, text) is prose


@pytest.mark.parametrize(
    ("text", "prose"),
    [
        ("The customer wants to cancel reservation ZFA04Y, booked 30 days ago.", True),
        ("User asks for a refund of order #W2378156, delivered last week", True),
        ("用户想取消订单W2378156，但已超过退款期限。", True),
        # Keywords, an address, a list of ids, a name: no sentence.
        ("NHTSA 24V-554 Tesla Model 3 recall campaign free remedy", False),
        ("Flat 14, Larch Court, 22 Dockside Way, London SE16 7QJ", False),
        ("ids: A1, B2, C3, D4, E5, F6.", False),
        ("Health Information Management Department - Release of Information", False),
    ],
)
def test_what_reads_as_prose(text: str, prose: bool) -> None:
    assert is_prose(text) is prose


def test_the_plan_a_plan_mode_is_left_with_is_read_for_hedges() -> None:
    # Claude Code's ExitPlanMode({"plan": markdown}) hands the user a plan the model wrote:
    # its text is the model's, read for hedges as a think tool's thought is, while the
    # place the harness keeps it (planFilePath) and a service's plan id are not.
    plan = (
        "## Plan\n\n1. The expiry is likely caused by SESSION_TTL_MS in src/auth/session.ts.\n"
        "2. Raise it and add a test.\n"
    )
    _, m = measure(
        Event("user", "message", 0, text="Sessions expire too fast, plan a fix"),
        call(1, "ExitPlanMode", {"plan": plan, "planFilePath": "/h/plans/maybe.md"}, "c1"),
        result(2, "c1", "User has approved your plan."),
        call(3, "change_plan", {"plan": "probably the cheapest one"}, "c2"),
    )
    assert [(h[2], h[4], h[11]) for h in m.hedges] == [
        (1, "likely", "The expiry is likely caused by SESSION_TTL_MS in src/auth/session.ts.")
    ]


def test_a_session_id_the_harness_gives_a_running_command_feeds_no_followup() -> None:
    # A real Codex CLI session (CLI 0.125.0; codemie-ai/codemie-code 60fbed2c, excerpt in
    # tests/corpora/formats/codex/rollout-2026-05-11T11-26-55-019e1625.jsonl): exec_command's
    # result header says "Process running with session ID 20936" and the agent polls it with
    # write_stdin(session_id=20936). The handle is the harness's, above the output, no value
    # the command returned: was 8 of the excerpt's 9 follow-ups (54 of 88 in the whole
    # session), "exec_command: text -> write_stdin(session_id)" in the fan-out.
    from projeval.traces import analyse_traces

    path = REPO / "tests/corpora/formats/codex/rollout-2026-05-11T11-26-55-019e1625.jsonl"
    a = analyse_traces([path], workers=1)
    assert a.followups[["consumer_tool", "consumer_arg", "producer_tool"]].values.tolist() == [
        ["exec_command", "cmd", "write_stdin"]  # a test file a command printed, then run
    ]
    assert [f.text for f in a.fanout] == [
        "write_stdin: text -> exec_command(cmd) x1 in 1 trace: 1 lookup"
    ]
    # The same id printed by the command itself, below `Output:`, is the command's output.
    header = "Chunk ID: 1d\nWall time: 1.0 seconds\nProcess running with session ID 4242\n"
    _, m = measure(
        call(0, "exec_command", {"cmd": "npm run dev"}, "c1"),
        result(1, "c1", header + "Original token count: 3\nOutput:\nstarting\n"),
        call(2, "write_stdin", {"session_id": 4242, "chars": ""}, "c2"),
        result(3, "c2", header + "Output:\nserver pid 7777 on :3000\n"),
        call(4, "exec_command", {"cmd": "kill 7777"}, "c3"),
        result(
            5, "c3", "Chunk ID: 2e\nWall time: 0 seconds\nProcess exited with code 0\nOutput:\n"
        ),
        call(6, "write_stdin", {"session_id": 4242, "chars": ""}, "c4"),
        result(7, "c4", "ok"),
        call(8, "inspect", {"pid": 4242}, "c5"),
        result(9, "c5", "ok"),
        call(10, "exec_command", {"cmd": "ps -p 4242"}, "c6"),
    )
    rows = FOLLOWUPS.records(m.followups)
    assert [(r["seq"], r["consumer_arg"], r["value"]) for r in rows] == [(4, "cmd", "7777")]


def test_a_day_the_user_picked_from_a_result_is_the_users() -> None:
    # The agent's offer and the user's pick are real (tests/corpora/conversations/
    # turns_sealed_r20.jsonl s20-kv-t165: HLTCHKUST/Mem2Seq, KVRET); the result holding the
    # two appointments is written to match them. The user typed the day ("The 9th"), so it
    # is theirs, as "May 9" would be, whether the result lists two days or a month of them.
    offer = "Which one? I have two, one  with your Father on the 3rd, and one with Tom on the 9th."
    two = {
        "events": [
            {"party": "father", "date": "2024-05-03"},
            {"party": "Tom", "date": "2024-05-09"},
        ]
    }
    month = {"free": [f"2024-05-{d:02d}" for d in range(1, 32)]}

    def followups(listed: Any, pick: str) -> list[str]:
        _, m = measure(
            Event("user", "message", 0, text="Move my appointment, please."),
            call(1, "search", {"what": "appointments"}, "c1"),
            result(2, "c1", listed),
            Event("assistant", "message", 3, text=offer),
            Event("user", "message", 4, text=pick),
            call(5, "search", {"date": "2024-05-09"}, "c2"),
        )
        return [r["value"] for r in FOLLOWUPS.records(m.followups)]

    for listed in (two, month):
        assert followups(listed, "The 9th. Thank you.") == []
        assert followups(listed, "May 9, thank you.") == []
        assert followups(listed, "May the 9th.") == []
    # The agent's own pick from two days is the result's; from a month's calendar, its own.
    assert followups(two, "Tom's one. Thank you.") == ["2024-05-09"]
    assert followups(month, "Tom's one. Thank you.") == []
    # Another month's 9th is not this day.
    assert followups(two, "June 9th. Thank you.") == ["2024-05-09"]


def test_a_map_of_one_entry_keyed_by_data_is_a_keyed_map() -> None:
    # Real results keyed by data with one entry: API-Bank's QueryRegistration (hedges_sealed_r8
    # s8-ab-094, s8-ab-098: AlibabaResearch/DAMO-ConvAI) keys an appointment by its id, and
    # Amadeus' flight order (tests/corpora/payloads/amadeus/flight_order.json, amadeus4dev/
    # amadeus-java) its locations by airport code (cut to one entry in the second trace).
    # Each key is one instance: the per-field aggregate gets one row per place, not per key.
    order = json.loads((REPO / "tests/corpora/payloads/amadeus/flight_order.json").read_text())
    locations = order["dictionaries"]["locations"]
    rows = []
    for n, (registration, doctor, airport) in enumerate(
        [
            (
                {
                    "34567890": {
                        "patient_name": "Robert Lee",
                        "date": "2023-03-25",
                        "doctor_name": "Dr. Kim",
                    }
                },
                "Dr. Kim",
                "CDG",
            ),
            (
                {
                    "90123456": {
                        "patient_name": "Olivia Davis",
                        "date": "2023-10-10",
                        "doctor_name": "Dr. Smith",
                    }
                },
                "Dr. Smith",
                "GIG",
            ),
        ]
    ):
        places = {"dictionaries": {"locations": locations if n == 0 else {"GIG": locations["GIG"]}}}
        _, m = measure(
            Event("user", "message", 0, text="When is my next appointment, and where do I fly?"),
            call(1, "QueryRegistration", {"patient_name": "me"}, "c1"),
            result(2, "c1", registration),
            call(3, "get_doctor", {"name": doctor}, "c2"),
            call(4, "get_order", {"id": "MLG5X7"}, "c3"),
            result(5, "c3", places),
            call(6, "get_city", {"city_code": locations[airport]["cityCode"]}, "c4"),
        )
        rows += [(*r[:1], f"t{n}", *r[2:]) for r in m.followups]
    assert sorted({r["producer_path"] for r in FOLLOWUPS.records(rows)}) == [
        "*.doctor_name",
        "dictionaries.locations.*.cityCode",
    ]
    fanout = tally_rows(rows).fanout()
    assert [(f.path, f.calls, f.traces) for f in fanout] == [
        ("*.doctor_name", 2, 2),
        ("dictionaries.locations.*.cityCode", 2, 2),
    ]
    # A map of one entry under a field's name stays a field (Shopify's totalPriceSet,
    # tests/corpora/payloads/shopify/orders_graphql.json: danialbagheri/Core-API).
    _, m = measure(
        Event("user", "message", 0, text="What did my last order cost?"),
        call(1, "get_order", {"id": "1001"}, "c1"),
        result(
            2, "c1", {"totalPriceSet": {"shopMoney": {"amount": "49.95", "currencyCode": "GBP"}}}
        ),
        call(3, "refund", {"amount": "49.95"}, "c2"),
    )
    assert [r["producer_path"] for r in FOLLOWUPS.records(m.followups)] == [
        "totalPriceSet.shopMoney.amount"
    ]


def test_a_think_tool_naming_what_it_read_is_no_followup() -> None:
    # A support agent with a think tool (issue 16's airline conversations): its thought
    # names the reservations a profile listed. That is the model's writing about what it
    # read, not a value handed to a lookup: before, "get_user_details: reservations[] ->
    # think(thought)" was a follow-up lookup. The lookup by the id after it still is one,
    # as is a value of a tool's other argument beside an answer it writes.
    profile = {"user_id": "mia_li_3668", "reservations": ["NO6JO3", "AIXC49"]}
    _, m = measure(
        _said(0, "user", "I want to cancel a trip. My user id is mia_li_3668."),
        call(1, "get_user_details", {"user_id": "mia_li_3668"}, "c1"),
        result(2, "c1", profile),
        call(3, "think", {"thought": "Reservations NO6JO3 and AIXC49; ask which."}, "c2"),
        result(4, "c2", ""),
        call(5, "get_reservation_details", {"reservation_id": "NO6JO3"}, "c3"),
        result(6, "c3", {"reservation_id": "NO6JO3", "origin": "JFK"}),
        call(7, "respond", {"answer": "AIXC49 is the other one.", "ticket": "AIXC49"}, "c4"),
    )
    rows = FOLLOWUPS.records(m.followups)
    assert [(r["consumer_tool"], r["consumer_arg"], r["value"]) for r in rows] == [
        ("get_reservation_details", "reservation_id", "NO6JO3"),
        ("respond", "ticket", "AIXC49"),
    ]


def test_a_question_to_the_user_naming_what_a_result_gave_is_no_followup() -> None:
    # Claude Code's AskUserQuestion after a Task (tests/corpora/formats/claude_code_agentcmd):
    # its options named what the Task returned, read as three follow-up lookups. A question
    # the model writes to the user fetches nothing; asking a database still is a lookup.
    found = "Two options: use Redis for the cache, or keep it in memory."
    _, m = measure(
        call(0, "Task", {"prompt": "survey caches"}, "c1"),
        result(1, "c1", found),
        call(2, "AskUserQuestion", {"questions": [{"options": [{"label": "Redis"}]}]}, "c2"),
        result(3, "c2", "User chose Redis"),
        call(4, "ask_database", {"query": "Redis"}, "c3"),
    )
    rows = FOLLOWUPS.records(m.followups)
    assert [(r["consumer_tool"], r["value"]) for r in rows] == [("ask_database", "Redis")]
    assert [asks_the_user(t) for t in ("AskUserQuestion", "ask_followup_question")] == [True] * 2
    assert [asks_the_user(t) for t in ("ask_database", "ask_question", None)] == [False] * 3


def test_a_tool_is_think_style_by_its_name_s_first_or_last_word() -> None:
    # AgentDojo's inspect_return_reason_intake(item_id=...) is a lookup (tests/corpora/
    # agentdojo/followups.jsonl labels it one); "reason" inside its name made it a think
    # tool, its item_id the model's writing.
    from projeval.traces.metrics import is_think_tool

    thinking = ["think", "ThinkTool", "functions.think", "reasoning", "reason", "record_thought"]
    thinking += ["mcp__sequential-thinking__sequentialthinking", "scratchpad_write"]
    assert all(is_think_tool(t) for t in thinking)
    lookups = ["inspect_return_reason_intake", "reason_for_return", "get_reason_codes", None]
    assert not any(is_think_tool(t) for t in lookups)


def test_a_total_of_a_results_list_is_grounded() -> None:
    # A flight agent adds up the two legs of a one-stop itinerary (142 + 171) and doubles
    # it for two passengers; a fare no arithmetic of the list gives is still claimed.
    legs = [
        [
            {"flight_number": "HAT100", "prices": {"economy": 142}},
            {"flight_number": "HAT222", "prices": {"economy": 171}},
        ]
    ]
    claimed = _claimed(
        _said(0, "user", "Two seats from JFK to SEA on May 20, please."),
        call(1, "search_onestop_flight", {"origin": "JFK", "destination": "SEA"}, "c1"),
        result(2, "c1", legs),
        _said(3, "assistant", "Economy is $313 per person, $626 for both. A seat upgrade is $99."),
    )
    assert claimed == ["$99"]


def test_a_difference_or_a_length_the_results_give_is_grounded_and_no_guess() -> None:
    # A retail agent states an exchange's price difference (144.95 - 139.99); a flight
    # agent, after booking, the flight's length from the search's departure and arrival.
    variants = {"variants": {"41": {"price": 139.99}, "17": {"price": 144.95}}}
    flights = [{"flight_number": "HAT037", "departs": "06:00:00", "arrives": "08:40:00"}]
    events = (
        _said(0, "user", "Swap my shoes for a size 9, and book HAT037."),
        call(1, "get_product_details", {"product_id": "6938111410"}, "c1"),
        result(2, "c1", variants),
        call(3, "search_direct_flight", {"origin": "SEA", "destination": "DEN"}, "c2"),
        result(4, "c2", flights),
        call(5, "book_reservation", {"flight_number": "HAT037"}, "c3"),
        result(6, "c3", {"reservation_id": "Q7P4TT"}),
        _said(
            7,
            "assistant",
            "The difference is $4.96. The flight takes about 2 hours and 40 minutes.",
        ),
    )
    _, m = measure(*events)
    assert [row[5] for row in m.claims] == [] and m.hedges == []
    # A length no record gives stays a claim and a guess.
    guessed = (
        *events[:-1],
        _said(7, "assistant", "The flight takes about 3 hours and 10 minutes."),
    )
    _, m = measure(*guessed)
    assert [row[5] for row in m.claims] == ["3 hours and 10 minutes"]
    assert [h[4] for h in m.hedges] == ["about"]


def test_a_length_between_dated_times_a_search_gave_is_grounded_and_no_guess() -> None:
    # The search gives an overnight flight east with its zones; a booking comes between.
    flights = [
        {
            "flight_number": "HAT201",
            "departure": "2024-05-01T22:00:00-04:00",
            "arrival": "2024-05-02T12:30:00+02:00",
        }
    ]
    events = (
        _said(0, "user", "Book HAT201 from JFK to CDG on May 1."),
        call(1, "search_direct_flight", {"origin": "JFK", "destination": "CDG"}, "c1"),
        result(2, "c1", flights),
        call(3, "book_reservation", {"flight_number": "HAT201"}, "c2"),
        result(4, "c2", {"reservation_id": "Q7P4TT"}),
        _said(5, "assistant", "The flight takes about 8 hours and 30 minutes."),
    )
    _, m = measure(*events)
    assert [row[5] for row in m.claims] == [] and m.hedges == []
    # The times of day alone (22:00 to 12:30) are no length the record gives.
    wall = (*events[:-1], _said(5, "assistant", "The flight takes about 14 hours and 30 minutes."))
    _, m = measure(*wall)
    assert [row[5] for row in m.claims] == ["14 hours and 30 minutes"]
    assert [h[4] for h in m.hedges] == ["about"]


def test_a_softener_before_what_an_earlier_record_states_is_no_hedge() -> None:
    # The card's record came before the agent last wrote; a logout's True is the latest
    # result. The address read back behind "it looks like" is a fact the agent read; a
    # state the record does not give stays a softened claim.
    events = (
        _said(0, "user", "Please update the billing address of card C4417 to 12 Birch Lane."),
        call(1, "get_card_details", {"card_id": "C4417"}, "c1"),
        result(2, "c1", {"holder": "Ana Ruiz", "address": "12 Birch Lane", "status": "active"}),
        _said(3, "assistant", "I have found the card. Let me sign you out first."),
        call(4, "logout_user", {"username": "ana_r"}, "c2"),
        result(5, "c2", "True"),
        _said(6, "assistant", "It looks like the billing address for card C4417 is 12 Birch Lane."),
    )
    _, m = measure(*events)
    assert m.hedges == []
    unread = (
        *events[:-1],
        _said(6, "assistant", "It looks like card C4417 was blocked last week."),
    )
    _, m = measure(*unread)
    assert [h[4] for h in m.hedges] == ["looks like"]
