"""The typed run record: every to_dict has a from_dict, older documents upgrade, the store
reads the record back typed."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from projeval.checks import Finding
from projeval.config import load_project
from projeval.coverage import DroppedNeed, NeedResult, QuestionResult
from projeval.history import HistoryQueryError, open_history
from projeval.lineage import Defect, FieldLineage
from projeval.run import RunResult, evaluate
from projeval.runrecord import RECORD_VERSION, RunRecord, upgrade_document
from projeval.store import RunInfo, Store, record_rows
from projeval.vocabulary import FINDING_SEVERITIES, LINEAGE_STATUSES, NEED_STATUSES

ROOT = Path(__file__).resolve().parent.parent
WHEN = datetime(2026, 11, 29, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def shipped_run() -> RunResult:
    """The shipped example, traces included, as ``projeval run`` evaluates it."""
    project = load_project(ROOT / "pyproject.toml")
    return evaluate(project, traces=project.traces)


@pytest.fixture(scope="module")
def shipped(shipped_run: RunResult) -> RunRecord:
    return shipped_run.to_record()


def test_the_shipped_run_round_trips_through_json(shipped: RunRecord) -> None:
    doc = json.loads(json.dumps(shipped.to_dict()))
    assert doc["version"] == RECORD_VERSION
    back = RunRecord.from_dict(doc)
    assert back == shipped
    assert back.to_dict() == shipped.to_dict()
    assert shipped.traces is not None and shipped.traces.rows("followups")
    support = back.suite("support-desk")
    assert support.cost is not None and support.findings
    assert support.projection("compact_v2").coverage == pytest.approx(55 / 60)


def test_a_version_2_document_is_upgraded(shipped: RunRecord) -> None:
    doc = copy.deepcopy(shipped.to_dict())
    # What a version 2 document (projeval 0.1.0 before the typed record) did not hold.
    doc["version"] = 2
    for s in doc["suites"]:
        for p in s["projections"]:
            del p["digest"]
            for fl in p["lineage"]:
                del fl["samples"], fl["first_n"]
        for p in s["cost"]["projections"]:
            for o in p["outputs"]:
                del o["list_tokens"]
        for o in s["cost"]["raw"]:
            del o["list_tokens"]
    back = RunRecord.from_dict(doc)
    assert back.version == RECORD_VERSION
    for old, new in zip(shipped.suites, back.suites, strict=True):
        assert [p.digest for p in new.projections] == [""] * len(new.projections)
        assert [q for p in new.projections for q in p.questions] == [
            q for p in old.projections for q in p.questions
        ]
        assert old.cost is not None and new.cost is not None
        for name, cost in old.cost.projections.items():
            # list_tokens comes back from tokens_per_item x items.
            assert [o.tokens_per_item for o in new.cost.projections[name].outputs] == [
                pytest.approx(o.tokens_per_item) if o.tokens_per_item else o.tokens_per_item
                for o in cost.outputs
            ]
    assert upgrade_document({"version": 1, "suites": [{"name": "x"}]})["suites"] == [
        {"name": "x", "cost": None, "cost_error": None, "findings": []}
    ]


def test_a_newer_document_is_refused() -> None:
    with pytest.raises(ValueError, match="version 99 is newer than this projeval reads"):
        RunRecord.from_dict({"version": 99, "suites": []})


def test_the_store_reads_the_record_back_typed(shipped: RunRecord, tmp_path: Path) -> None:
    store = Store(tmp_path / "history.duckdb")
    run_id = store.record(RunInfo.capture(WHEN, tmp_path), shipped)
    history = open_history(store.path)
    assert history.run() == (run_id, shipped)
    # The rows are written from the same record.
    results = history.results(run_id)
    by_name = {(r["suite"], r["projection"]): r for r in results.to_dict("records")}
    for s in shipped.suites:
        for p in s.projections:
            row = by_name[(s.name, p.name)]
            assert row["coverage"] == pytest.approx(p.coverage)
            assert row["digest"] == (p.digest or None)


def test_trace_rows_from_the_record_are_the_analysis_rows(
    shipped_run: RunResult, shipped: RunRecord, tmp_path: Path
) -> None:
    assert shipped_run.traces is not None
    rows = record_rows(RunInfo.capture(WHEN, tmp_path), shipped)
    expected = shipped_run.traces.store_rows()
    assert {t: rows[t] for t in expected} == expected
    assert expected["followups"] and expected["hedges"]


def test_an_older_stored_document_reads_as_a_record(shipped: RunRecord, tmp_path: Path) -> None:
    store = Store(tmp_path / "history.duckdb")
    old = shipped.to_dict()
    old["version"] = 2
    store.record_run(RunInfo.capture(WHEN, tmp_path), [], document=old)
    run_id, record = open_history(store.path).run()
    assert record.version == RECORD_VERSION and record.suites == shipped.suites
    newer = dict(old, version=RECORD_VERSION + 1)
    store.record_run(RunInfo.capture(WHEN, tmp_path), [], document=newer)
    with pytest.raises(HistoryQueryError, match=f"run {run_id + 1}: run document version"):
        open_history(store.path).run()


def test_runs_of_a_version_1_store_have_no_record(tmp_path: Path) -> None:
    db = tmp_path / "v1.duckdb"
    db.write_bytes((ROOT / "tests/data/history_v1.duckdb").read_bytes())
    with pytest.raises(HistoryQueryError, match="recorded without its document"):
        open_history(db).run()


text = st.text(max_size=12)
maybe = st.none() | text
paths = st.lists(text, max_size=3).map(tuple)
precision = st.none() | st.sampled_from(["minute", "day"]) | st.integers(1, 500)
pairs = st.none() | st.tuples(st.integers(0, 9), st.integers(10, 99))
defects = st.builds(
    Defect,
    status=st.sampled_from(["lossy", "partial"]),
    detail=text,
    how=maybe,
    precision=precision,
    first_n=pairs,
)
needs = st.builds(
    NeedResult,
    defects=st.lists(defects, max_size=2).map(tuple),
    field=text,
    status=st.sampled_from(NEED_STATUSES),
    detail=text,
    lineage=st.none() | st.sampled_from(LINEAGE_STATUSES),
    outputs=paths,
    precision=precision,
    readable=st.booleans(),
)
weights = st.floats(0, 100, allow_nan=False)
questions = st.builds(
    QuestionResult, id=text, text=text, weight=weights, needs=st.lists(needs, max_size=4).map(tuple)
)
lineages = st.builds(
    FieldLineage,
    source=text,
    status=st.sampled_from(LINEAGE_STATUSES),
    detail=text,
    outputs=paths,
    kind=st.sampled_from(["id", "code", "time", "text", "number"]),
    precision=precision,
    opaque=st.booleans(),
    field=maybe,
    samples=st.integers(0, 50),
    how=maybe,
    first_n=pairs,
    defects=st.lists(defects, max_size=2).map(tuple),
    resolved_beside=st.booleans(),
    labels_wrong=st.lists(st.tuples(st.integers() | text, text, text), max_size=2).map(tuple),
)
findings = st.builds(
    Finding,
    rule=text,
    severity=st.sampled_from(FINDING_SEVERITIES),
    suite=text,
    projection=text,
    fixture=maybe,
    path=maybe,
    message=text,
    field=maybe,
)
dropped = st.builds(
    DroppedNeed, field=text, questions=st.lists(st.tuples(text, weights), max_size=3).map(tuple)
)


def _through_json(value: Any) -> Any:
    return json.loads(json.dumps(value.to_dict()))


@given(questions)
def test_question_round_trip(q: QuestionResult) -> None:
    assert QuestionResult.from_dict(_through_json(q)) == q


@given(lineages)
def test_lineage_round_trip(fl: FieldLineage) -> None:
    assert FieldLineage.from_dict(_through_json(fl)) == fl


@given(findings)
def test_finding_round_trip(f: Finding) -> None:
    assert Finding.from_dict(_through_json(f)) == f


@given(dropped)
def test_dropped_need_round_trip(d: DroppedNeed) -> None:
    assert DroppedNeed.from_dict(_through_json(d)) == d
