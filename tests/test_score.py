"""The shipped example's expected outcome, pinned."""

from __future__ import annotations

from pathlib import Path

import pytest
from projeval.score import SuiteScore, score_suite
from projeval.suites import load_suite


@pytest.fixture(scope="module")
def support(request: pytest.FixtureRequest) -> SuiteScore:
    root = Path(__file__).resolve().parent.parent
    return score_suite(load_suite(root / "question_sets/support_desk.yaml", root=root))


@pytest.fixture(scope="module")
def meter() -> SuiteScore:
    root = Path(__file__).resolve().parent.parent
    return score_suite(load_suite(root / "question_sets/meter.yaml", root=root))


def failing(score: SuiteScore, projection: str) -> dict[str, list[tuple[str, str]]]:
    return {
        q.id: [(n.field, n.status) for n in q.failing]
        for q in score.projections[projection].questions
        if not q.answerable
    }


def test_compact_v1_fails_sla_and_hours_open(support: SuiteScore) -> None:
    assert failing(support, "compact_v1") == {
        "breach-soon": [("sla_due_at", "dropped")],
        "hours-open": [("created_at", "lossy")],
        "whats-the-problem": [("description", "dropped")],
        "sla-report": [("sla_due_at", "dropped")],
        "customer-note": [("customer_note", "dropped")],
        "match-count": [("total", "dropped")],
    }
    p = support.projections["compact_v1"]
    assert p.coverage == pytest.approx(42 / 60)
    assert p.dropped_needed[0].describe() == (
        "dropped: sla_due_at, needed by breach-soon (weight 6), sla-report (weight 2)"
    )


def test_compact_v2_passes_sla_and_hours_open(support: SuiteScore) -> None:
    assert failing(support, "compact_v2") == {
        "whats-the-problem": [("description", "dropped")],
        "customer-note": [("customer_note", "dropped")],
    }
    assert support.projections["compact_v2"].coverage == pytest.approx(55 / 60)


def test_raw_carries_everything_but_only_as_ids_and_codes(support: SuiteScore) -> None:
    statuses = {s for needs in failing(support, "raw").values() for _f, s in needs}
    assert statuses == {"needs-lookup"}
    assert failing(support, "raw")["who-owns"] == [("assignee", "needs-lookup")]
    assert failing(support, "raw")["queue-overview"] == [
        ("status", "needs-lookup"),
        ("priority", "needs-lookup"),
    ]
    assert support.projections["raw"].dropped_needed == []
    assert support.projections["raw"].coverage == pytest.approx(32 / 60)


def test_pruned_drops_meta_total(support: SuiteScore) -> None:
    assert [d.field for d in support.projections["pruned"].dropped_needed] == ["total"]
    assert support.projections["pruned"].coverage == pytest.approx(30 / 60)


def test_meter_summaries_drop_alert_ids(meter: SuiteScore) -> None:
    for name in ("json", "markdown", "structured"):
        assert [d.field for d in meter.projections[name].dropped_needed] == [
            "alert_id",
            "reading_quality",
            "reading_voltage",
        ]
        assert meter.projections[name].coverage == pytest.approx(39 / 43)
    assert meter.projections["raw"].coverage == 1.0


def test_to_pandas(support: SuiteScore) -> None:
    frame = support.to_pandas()
    assert list(frame.columns) == [
        "suite",
        "projection",
        "question",
        "weight",
        "answerable",
        "field",
        "status",
        "detail",
    ]
    row = frame[
        (frame.projection == "compact_v1")
        & (frame.question == "breach-soon")
        & (frame.field == "sla_due_at")
    ]
    assert row.status.tolist() == ["dropped"]
