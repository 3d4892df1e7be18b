from __future__ import annotations

import pytest
from projeval import paths
from projeval.coverage import (
    NeedResult,
    QuestionResult,
    dropped_needed,
    judge_need,
    weighted_coverage,
)
from projeval.lineage import FieldLineage
from projeval.suites import FieldDef, Need

FIELD = FieldDef("due", "data[].due", paths.parse_path("data[].due"))


def lineage(status: str, **kw: object) -> FieldLineage:
    return FieldLineage(source="data[].due", status=status, detail=f"lineage {status}", **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("need", "fl", "status", "detail"),
    [
        (Need("due"), lineage("kept"), "ok", "lineage kept"),
        (Need("due"), lineage("dropped"), "dropped", "the projection drops it"),
        (
            Need("due", "minute"),
            lineage("lossy", kind="time", precision="day"),
            "lossy",
            "kept to the day only; the question needs minute precision",
        ),
        (
            Need("due", "day"),
            lineage("lossy", kind="time", precision="day"),
            "ok",
            "enough for this question (lineage lossy)",
        ),
        (
            Need("due", "hour"),
            lineage("lossy", kind="time", precision="minute"),
            "ok",
            "enough for this question (lineage lossy)",
        ),
        (
            # A time of day alone: the minute shows, the day does not; no moment is known.
            Need("due", "minute"),
            FieldLineage(
                source="data[].due",
                status="lossy",
                detail="minute precision, but a change of a day is not visible",
                kind="time",
                precision="minute",
                how="time-coarse-hidden",
            ),
            "lossy",
            "minute precision, but a change of a day is not visible; the question needs "
            "minute precision",
        ),
        (
            Need("due", 120),
            lineage("lossy", kind="text", precision=80),
            "lossy",
            "cut after 80 characters; the question needs 120",
        ),
        (
            Need("due", 50),
            lineage("lossy", kind="text", precision=80),
            "ok",
            "enough for this question (lineage lossy)",
        ),
        (
            Need("due", readable=True),
            lineage("kept", kind="id", opaque=True),
            "needs-lookup",
            "carried only as an opaque id; the question needs a readable name or label",
        ),
        (
            Need("due", readable=True),
            lineage("kept", kind="code", opaque=True),
            "needs-lookup",
            "carried only as an integer code; the question needs a readable name or label",
        ),
        (
            Need("due", readable=True),
            lineage("lossy", kind="id", opaque=True, precision=12),
            "needs-lookup",
            "carried only as an opaque id; the question needs a readable name or label",
        ),
        (Need("due", readable=True), lineage("resolved", kind="id"), "ok", "lineage resolved"),
        (Need("due"), lineage("partial"), "partial", "lineage partial"),
        (
            Need("due", items="some"),
            lineage("partial"),
            "ok",
            "a selection is enough here (lineage partial)",
        ),
        (Need("due"), lineage("inconclusive"), "inconclusive", "lineage inconclusive"),
        (
            Need("due"),
            lineage("no-sample"),
            "not-in-fixture",
            "every value of it in the fixtures is null. Add a fixture that holds it, or fix its path (data[].due).",
        ),
    ],
)
def test_judge_need(need: Need, fl: FieldLineage, status: str, detail: str) -> None:
    result = judge_need(need, FIELD, fl, None)
    assert (result.status, result.detail) == (status, detail)


def test_not_in_fixture_is_told_apart_from_dropped() -> None:
    reason = "field 'due' (data[].due) matches nothing in any fixture (searched: page.json)."
    result = judge_need(Need("due"), FIELD, None, reason)
    assert result.status == "not-in-fixture"
    assert result.detail == reason + " Add a fixture that holds it, or fix its path (data[].due)."


def q(qid: str, weight: float, *statuses: str) -> QuestionResult:
    needs = tuple(NeedResult(f"f{i}", s, "") for i, s in enumerate(statuses))
    return QuestionResult(qid, qid, weight, needs)


def test_weighted_coverage_and_dropped_flags() -> None:
    results = [
        q("breach-soon", 6, "ok", "dropped"),
        q("sla-report", 2, "dropped"),
        q("who-owns", 4, "ok", "ok"),
        q("hours-open", 3, "lossy"),
    ]
    assert weighted_coverage(results) == pytest.approx(4 / 15)
    assert weighted_coverage([]) == 0.0
    (f1, f0) = dropped_needed(results)
    assert f1.describe() == "dropped: f1, needed by breach-soon (weight 6)"
    assert f0.describe() == "dropped: f0, needed by sla-report (weight 2)"
