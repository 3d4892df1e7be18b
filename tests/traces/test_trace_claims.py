"""Ungrounded claims: the values an answer states, and the spellings that ground them."""

from __future__ import annotations

from projeval.traces.claims import claims, ungrounded


def test_values_of_each_kind_in_english_and_chinese() -> None:
    text = (
        "Flight HAT123 leaves May 27 at 7 pm, lasts 5 hours and costs $120.50 (order "
        'ORD-2024-5678, "Bridge of the Doomed"). 订单2025年6月21日下单，约3-4小时送达，共299元。'
    )
    assert [(c.kind, c.value) for c in claims(text)] == [
        ("id", "HAT123"),
        ("date", "May 27"),
        ("time", "7 pm"),
        ("duration", "5 hours"),
        ("amount", "$120.50"),
        ("id", "ORD-2024-5678"),
        ("name", '"Bridge of the Doomed"'),
        ("date", "2025年6月21日"),
        ("duration", "3-4小时"),
        ("amount", "299元"),
    ]


def test_a_value_read_before_in_another_spelling_is_grounded() -> None:
    known = '{"depart": "2024-05-27T19:00:00Z", "price": 120.5, "id": "HAT123"}'
    text = "HAT123 leaves May 27 at 7 pm and costs $120.50; the flight takes 5 hours."
    assert [c.value for c in ungrounded(text, known)] == ["5 hours"]
    assert [c.value for c in ungrounded("Due 6月21日 at 14:05.", "2025-06-21 14:05")] == []


def test_counts_are_claims_and_bare_numbers_are_not() -> None:
    assert [(c.kind, c.value) for c in claims("There are 3 tickets and two flights, 共3张票.")] == [
        ("count", "3 tickets"),
        ("count", "two flights"),
        ("count", "3张"),
    ]
    assert claims("Pick 3, or one of the others; version 2.5 of 12.") == []
    assert claims(None) == [] and ungrounded("", "x") == []


def test_a_count_is_held_by_its_number_alone_not_inside_another() -> None:
    assert ungrounded("You have 3 meetings.", '{"total": 3}') == []
    assert [c.value for c in ungrounded("You have 3 meetings.", "2023-09-13, 13:00")] == [
        "3 meetings"
    ]


def test_unquoted_proper_names_not_opening_a_sentence() -> None:
    # ToolTalk golden_conversation_3's gold answer (microsoft/ToolTalk @ 6c6ab1ef,
    # data/tooltalk/golden_conversation_3.json): the result listed Hugo, not Jose Garcia.
    text = "Sure. Your meeting with Hugo and Jose Garcia is set; Mr. Smith sent a FLASH SALE."
    assert [(c.kind, c.value) for c in claims(text)] == [
        ("name", "Hugo"),
        ("name", "Jose Garcia"),
        ("name", "Smith"),
        ("name", "FLASH SALE"),
    ]
    assert claims("Sure I can help you with that. Lucy said yes on Monday.") == []
    known = '{"attendees": ["hugo", "mstein"], "subject": "FLASH SALE", "from": "smith@x.com"}'
    assert [c.value for c in ungrounded(text, known)] == ["Jose Garcia"]


def test_a_number_word_in_another_script_case_is_read_not_a_crash() -> None:
    # The case-blind match takes "ſix" (long s) and "TWO" for number words; .lower() left
    # "ſix" unknown and the lookup raised KeyError on a real-looking answer.
    assert [(c.kind, c.value) for c in claims("ſix tickets and TWO flights.")] == [
        ("count", "ſix tickets"),
        ("count", "TWO flights"),
    ]
