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


def test_bare_numbers_and_counts_are_not_claims() -> None:
    assert claims("There are 3 tickets and 12 replies.") == []
    assert claims(None) == [] and ungrounded("", "x") == []
