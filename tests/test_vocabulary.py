"""The vocabularies: one declaration each, which the report, the template and the gate read."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import projeval
from projeval.config import load_project
from projeval.coverage import NeedResult, QuestionResult
from projeval.gate import GateFailure, ProjectionCheck
from projeval.gatereport import render_failure
from projeval.report import build_view, render_report
from projeval.run import evaluate
from projeval.vocabulary import (
    CELL_STATUSES,
    FINDING_SEVERITIES,
    LINEAGE_STATUSES,
    NEED_STATUSES,
    SEVERITY_SETTINGS,
    severity_rank,
    status_icon,
    worst_need_status,
)
from test_report import CODE, ORDERS, TINY

PACKAGE = Path(projeval.__file__).resolve().parent


def test_need_statuses_in_severity_order() -> None:
    assert NEED_STATUSES[0] == "ok"
    failing = NEED_STATUSES[1:]
    assert sorted(failing, key=severity_rank) == list(failing)
    assert worst_need_status(["ok", "lossy", "partial"]) == "partial"
    assert worst_need_status(["not-in-fixture", "needs-lookup"]) == "needs-lookup"
    assert worst_need_status(["ok", "ok"]) == "ok"
    assert worst_need_status([]) == "ok"


def test_every_status_has_an_icon_and_a_class() -> None:
    for word in (*CELL_STATUSES, *LINEAGE_STATUSES):
        s = status_icon(word)
        assert s.word == word
        assert s.icon and s.css in ("ok", "warn", "bad", "muted")
    assert status_icon("no-such-status").icon == "·"


def test_severity_settings_follow_finding_severities() -> None:
    assert FINDING_SEVERITIES == ("error", "warning", "info")
    assert SEVERITY_SETTINGS == ("off", "info", "warning", "error")


def _gate_check(statuses: list[str]) -> ProjectionCheck:
    needs = tuple(NeedResult(f"f_{s}", s, f"why {s}") for s in statuses)
    question = QuestionResult("q", "Q?", 1.0, needs)
    failure = GateFailure("tiny", "p", "coverage", "coverage 0.0% < 90%")
    return ProjectionCheck("tiny", "p", 0.0, 0, (question,), (), None, None, (failure,))


def test_gate_orders_reasons_by_severity() -> None:
    text = render_failure(_gate_check(["not-in-fixture", "lossy", "partial", "dropped"]))
    fields = [line.split(":")[0].split()[-1] for line in text.splitlines() if "field" in line]
    assert fields == ["f_dropped", "f_partial", "f_lossy", "f_not-in-fixture"]


def test_report_draws_from_the_vocabulary(make_suite: Callable[..., Path]) -> None:
    path = make_suite(TINY, {"orders.json": ORDERS}, CODE)
    record = evaluate(load_project(root=path.parent), [path]).to_record()
    html = render_report(build_view(record, generated_at="now", run_id="1"))
    options = "".join(f"<option>{s}</option>" for s in CELL_STATUSES)
    assert options in html


# Added to the copy's vocabulary, and nowhere else, by the test below.
NEW_STATUS = '    Status("stale", "⌛", "bad", "the value is older than the question allows"),\n'
PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from pvcopy.coverage import NeedResult, QuestionResult
from pvcopy.gate import GateFailure, ProjectionCheck
from pvcopy.gatereport import render_failure
from pvcopy.report import build_view, render_report
from pvcopy.runrecord import RunRecord

doc = json.loads(open(sys.argv[2], encoding="utf-8").read())
projection = next(p for p in doc["suites"][0]["projections"] if p["name"] == "compact")
question = next(q for q in projection["questions"] if q["id"] == "placed")
question["needs"][1]["status"] = "stale"
html = render_report(build_view(RunRecord.from_dict(doc), generated_at="now", run_id="1"))

needs = (NeedResult("a", "lossy", "coarse"), NeedResult("b", "stale", "old"))
check = ProjectionCheck(
    "tiny", "p", 0.0, 0, (QuestionResult("q", "Q?", 1.0, needs),), (), None, None,
    (GateFailure("tiny", "p", "coverage", "coverage 0.0% < 90%"),),
)
print(json.dumps({"html": html, "gate": render_failure(check)}))
"""


def test_a_new_need_status_is_one_line_in_the_vocabulary(
    make_suite: Callable[..., Path], tmp_path: Path
) -> None:
    """Adding a need status to NEED_STATUS_TABLE alone reaches the template, report and gate."""
    copy = tmp_path / "pvcopy"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    vocabulary = copy / "vocabulary.py"
    text = vocabulary.read_text(encoding="utf-8")
    # Right after "ok": the most severe status of all.
    anchor = text.index("    Status(", text.index("NEED_STATUS_TABLE"))
    anchor = text.index("\n", anchor) + 1
    vocabulary.write_text(text[:anchor] + NEW_STATUS + text[anchor:], encoding="utf-8")

    path = make_suite(TINY, {"orders.json": ORDERS}, CODE)
    doc = evaluate(load_project(root=path.parent), [path]).document()
    doc_path = tmp_path / "doc.json"
    doc_path.write_text(json.dumps(doc), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path), str(doc_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    html, gate = result["html"], result["gate"]
    # The template's filter offers it, in severity order after "ok".
    assert "<option>ok</option><option>stale</option><option>dropped</option>" in html
    # The matrix cell shows it with its icon and class, as the worst of the question's needs.
    assert 'data-status="stale"' in html
    assert 'class="cell bad" data-status="stale"' in html
    assert "⌛</span> stale" in html
    # The gate lists it before a less severe status.
    assert gate.index("stale field b") < gate.index("lossy field a")
