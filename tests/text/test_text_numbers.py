"""The one set of number and cell formats every text output (and the HTML report) uses."""

from __future__ import annotations

import ast
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pandas as pd
import pytest
from projeval.text.numbers import (
    commit,
    count,
    exact,
    fixed,
    integer,
    missing,
    num,
    pct,
    signed_pct,
    when,
)
from projeval.text.tables import table

PACKAGE = Path(__file__).resolve().parents[2] / "evaluator"


@pytest.mark.parametrize("value", [None, float("nan"), pd.NA, pd.NaT])
def test_every_missing_marker_reads_as_a_dash(value: object) -> None:
    assert missing(value)
    assert (num(value), integer(value), fixed(value, 2), signed_pct(value)) == ("-",) * 4  # type: ignore[arg-type]
    assert pct(value) == "error"  # type: ignore[arg-type]
    assert pct(value, "-") == "-"  # type: ignore[arg-type]


def test_the_formats() -> None:
    assert not missing(0) and not missing("")
    assert pct(0.7) == "70.0%"
    assert pct(1) == "100.0%"
    assert signed_pct(-0.125) == "-12.5%"
    assert signed_pct(0.125, 0) == "+12%"
    assert num(3.0) == "3" and num(0.333333333) == "0.333333"
    assert exact(3.0) == "3" and exact(0.5) == "0.5"
    assert integer(12345) == "12,345" and integer(12345.0) == "12,345"
    assert fixed(0.4166, 2) == "0.42" and fixed(2, 3) == "2.000"
    assert count(1, "error") == "1 error" and count(0, "error") == "0 errors"
    assert commit("e552f63a1234", True) == "e552f63a+dirty"
    assert commit("e552f63a1234", None) == "e552f63a" and commit(None, True) == "-"


def test_times_are_utc_to_the_second() -> None:
    aware = datetime(2026, 11, 28, 13, 0, 5, 999, tzinfo=timezone(timedelta(hours=1)))
    assert when(aware) == "2026-11-28 12:00:05"
    assert when(datetime(2026, 11, 28, 12, 0, 5)) == "2026-11-28 12:00:05"  # naive: UTC
    assert when(pd.Timestamp("2026-11-28 12:00:05", tz=UTC)) == "2026-11-28 12:00:05"
    assert when("2026-11-28T12:00:05+00:00") == "2026-11-28 12:00:05"
    assert when(None) == "-"


def test_a_table_pads_columns_and_aligns_the_right_ones() -> None:
    text = table(("name", "n"), [("a", 1), ("long", None), ("b", 22)], right=(1,))
    assert text == "name   n\na      1\nlong\nb     22"


def test_no_module_writes_its_own_number_formatter() -> None:
    # The copies numbers.py replaced (history, report, cost, coverage, mining): a helper of
    # that name that formats with an f-string of its own is a new copy.
    copies = {"_pct", "_int", "_num", "_ratio", "_signed_pct"}
    found = [
        f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "numbers.py"
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.FunctionDef)
        and node.name in copies
        and any(isinstance(n, ast.JoinedStr) for n in ast.walk(node))
    ]
    assert not found, found
