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
    ],
)
def test_classify_by_value(value: object, key: str | None, kind: str) -> None:
    assert kinds.classify(value, key) == kind


def test_infer_kind_declaration_wins_when_the_values_fit() -> None:
    assert kinds.infer_kind(("data", "[]", "status"), ["open", "paid", "open"]) == ("enum", None)
    assert kinds.infer_kind(("x",), [3, 4], "code") == ("code", None)
    assert kinds.infer_kind(("x",), ["abc"], "time") == ("text", None)  # contradicted: ignored
