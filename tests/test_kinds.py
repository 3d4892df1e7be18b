from __future__ import annotations

from datetime import timedelta

import pytest
from projeval import kinds


@pytest.mark.parametrize(
    ("value", "key", "kind"),
    [
        ("usr_41c2be09-77aa-4f31-8d2c-1e5b6c9042af", "id", "id"),
        ("tkt_9f3a71c4", None, "id"),
        ("voltage_sag", "kind", "text"),
        (3, "status_code", "code"),
        (2, "priority", "code"),
        (250, "status_code", "number"),
        (12345, "user_id", "id"),
        ("2026-02-11T09:14:22.481Z", "created_at", "time"),
        ("2026-02-11", None, "time"),
        # A time of day alone (a timetable's departure), with or without seconds.
        ("06:00:00", "scheduled_departure_time_est", "time"),
        ("21:30", None, "time"),
        ("24:00", None, "text"),
        ("16:9", "aspect", "text"),
        (1_770_800_000, "created_at", "time"),
        (1_770_800_000, "count", "number"),
        ("https://api.example.com/v1/x", "self", "url"),
        ("Card declined at checkout", "subject", "text"),
        (None, "x", "null"),
        (True, "x", "bool"),
    ],
)
def test_classify(value: object, key: str | None, kind: str) -> None:
    assert kinds.classify(value, key) == kind


@pytest.mark.parametrize(
    ("value", "delta", "shifted"),
    [
        ("2026-02-11T09:14:22.481Z", timedelta(seconds=1), "2026-02-11T09:14:23.481Z"),
        ("2026-02-11T09:14:22.481Z", timedelta(days=1), "2026-02-12T09:14:22.481Z"),
        ("2024-05-02T03:10:19", timedelta(minutes=-1), "2024-05-02T03:09:19"),
        ("2024-05-02", timedelta(days=1), "2024-05-03"),
        ("2026-02-11T09:14+02:00", timedelta(hours=1), "2026-02-11T10:14+02:00"),
        ("2026-02-11 09:14:22", timedelta(hours=1), "2026-02-11 10:14:22"),
    ],
)
def test_shift_iso_keeps_the_format(value: str, delta: timedelta, shifted: str) -> None:
    assert kinds.shift_iso(value, delta) == shifted


@pytest.mark.parametrize(
    ("value", "key", "kind"),
    [
        (1700000000, "created", "time"),
        (1700000000, "current_period_end", "time"),
        (1700000000123, "x", "time"),
        (1700000000, "user_id", "id"),
        (1700000000, "amount", "number"),
        ("QVH2BX", "reference", "id"),
        ("MlpZVkFMfFdBVFNPTnwyMDE1LTExLTAy", "x", "id"),
        ("8514.96", "grandTotal", "number"),
        ("CDG", "iataCode", "text"),
        # Epoch seconds written as text: with a fraction (Slack's ts) whatever the key, whole
        # ones under a time-like key only; an amount never.
        ("1749715986.702899", "latest_reply", "time"),
        ("1749715986", "ts", "time"),
        ("1749715986", "uniqueIdentifier", "number"),
        ("1749715986.70", "amount", "number"),
        # ISO 8601 durations are spans of time.
        ("PT2H45M", "duration", "time"),
        ("P1DT3H", "x", "time"),
        ("PT", "x", "text"),
    ],
)
def test_classify_by_value(value: object, key: str | None, kind: str) -> None:
    assert kinds.classify(value, key) == kind


def test_infer_kind_declaration_wins_when_the_values_fit() -> None:
    assert kinds.infer_kind(("data", "[]", "status"), ["open", "paid", "open"]) == ("enum", None)
    assert kinds.infer_kind(("x",), [3, 4], "code") == ("code", None)
    assert kinds.infer_kind(("x",), ["abc"], "time") == ("text", None)  # contradicted: ignored


@pytest.mark.parametrize(
    ("value", "seconds", "shifted"),
    [
        ("PT2H45M", 60, "PT2H46M"),
        ("PT2H45M", 3600, "PT3H45M"),
        ("PT2H45M", 86400, "PT26H45M"),  # no D part is added: a parser of PTnHnM still reads it
        ("PT2H45M", 1, "PT2H45M"),  # no S part: the value cannot show a second
        ("PT02H26M", 60, "PT02H27M"),  # zero-padding kept
        ("PT59M", 60, "PT60M"),
        ("P1DT3H", 86400, "P2DT3H"),
    ],
)
def test_shift_duration_keeps_the_parts_it_has(value: str, seconds: int, shifted: str) -> None:
    assert kinds.shift_duration(value, seconds) == shifted


def test_string_epochs_and_durations_are_times_of_their_path() -> None:
    slack = ["1749715986.702899", "1749718946.615909"]
    assert kinds.infer_kind(("messages", "[]", "ts"), slack) == ("time", "s")
    assert kinds.infer_kind(("data", "[]", "duration"), ["PT2H45M", "PT02H26M"]) == ("time", None)
    assert kinds.fits("time", "1749715986.702899", "s")
    assert kinds.fits("time", "PT2H45M", None)


@pytest.mark.parametrize(
    ("value", "seconds", "shifted"),
    [
        ("06:00:00", 60, "06:01:00"),
        ("06:00:00", 1, "06:00:01"),
        ("23:30:00", 3600, "00:30:00"),
        ("06:00", 60, "06:01"),
        ("06:00", 1, "06:00"),  # no seconds shown: a second cannot show
        ("09:15:07.250", -1, "09:15:06.250"),
    ],
)
def test_shift_clock_keeps_the_format(value: str, seconds: int, shifted: str) -> None:
    assert kinds.shift_clock(value, seconds) == shifted


def test_a_path_of_times_of_day_is_a_time() -> None:
    assert kinds.infer_kind(("flights", "[]", "departs"), ["06:00:00", "18:45:00"]) == (
        "time",
        None,
    )
