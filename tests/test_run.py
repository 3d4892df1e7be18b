"""The run pipeline and its document (version 2)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from projeval.config import load_project
from projeval.run import DOC_VERSION, RunResult, evaluate
from projeval.store import RunInfo, record_rows


@pytest.fixture(scope="module")
def run() -> RunResult:
    root = Path(__file__).resolve().parent.parent
    return evaluate(load_project(root / "pyproject.toml"))


def test_document_shape(run: RunResult) -> None:
    doc = json.loads(json.dumps(run.document()))
    assert doc["version"] == DOC_VERSION == 3
    assert doc["tokenizer"] == "o200k_base"
    assert [s["name"] for s in doc["suites"]] == ["meter", "support-desk"]
    support = doc["suites"][1]
    assert [p["name"] for p in support["projections"]] == [
        "compact_v1",
        "compact_v2",
        "compact_v2_node",
        "pruned",
        "raw",
    ]
    v1 = support["projections"][0]
    breach = next(q for q in v1["questions"] if q["id"] == "breach-soon")
    assert breach["answerable"] is False
    assert breach["needs"][1] == {
        "field": "sla_due_at",
        "status": "dropped",
        "detail": "the projection drops it",
        "lineage": "dropped",
        "outputs": [],
        "precision": "minute",
        "readable": False,
        "defects": [],
    }
    assert support["fixtures"][2]["error"] == "rate_limited"
    assert support["findings_summary"] == {"error": 2, "warning": 12, "info": 0}
    assert set(support["cost"]) >= {
        "projections",
        "field_values",
        "drop_candidates",
        "add_candidates",
    }
    assert doc["errors"] == []


def test_store_rows_hold_data_fixture_costs(run: RunResult, tmp_path: Path) -> None:
    info = RunInfo.capture(datetime(2026, 11, 29, 12, tzinfo=UTC), tmp_path)
    rows = record_rows(info, run.to_record())
    support = [r for r in rows["costs"] if r["suite"] == "support-desk"]
    assert {r["fixture"] for r in support} == {"search_tickets", "empty_page"}
    by_projection = {}
    for r in support:
        by_projection[r["projection"]] = by_projection.get(r["projection"], 0) + r["tokens"]
    assert by_projection == {
        p.name: p.tokens for p in run.suite("support-desk").cost.projections.values()
    }
    assert len(rows["findings"]) == sum(len(s.findings) for s in run.suites)


def test_one_broken_suite_does_not_stop_the_rest(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent
    project = load_project(root / "pyproject.toml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("suite: [unclosed\n", encoding="utf-8")
    result = evaluate(project, [broken, root / "question_sets/meter.yaml"])
    assert [s.name for s in result.suites] == ["meter"]
    assert len(result.errors) == 1 and result.errors[0].startswith(f"{broken}:2:1: invalid YAML")
    assert result.failed
