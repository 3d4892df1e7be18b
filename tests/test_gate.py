"""The CI gate as a library: thresholds, the failure block, JUnit XML and summaries."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from projeval.checks import Finding
from projeval.config import Project
from projeval.errors import ConfigError, ProjevalError
from projeval.gate import Baseline, GateConfig, check_gate, partial_reasons
from projeval.gatereport import (
    junit_xml,
    parse_summary_target,
    render_gate_text,
    summary_json,
    summary_markdown,
)
from projeval.run import RunResult, evaluate
from projeval.runrecord import RunRecord

SUITE = """\
suite: tiny
tool: get_tickets
fixtures: [page.json]
fields:
  ticket_id: {path: "items[].id", kind: id}
  due: items[].due
  note: items[].note
projections:
  full: proj.py:full
  slim: proj.py:slim
questions:
  - {id: due-soon, text: Which tickets are due in the next hour?, weight: 3,
     needs: [ticket_id, {field: due, precision: minute}]}
  - {id: notes, text: What did the customer say?, weight: 1, needs: [ticket_id, note]}
  - {id: list, text: Which tickets are open?, weight: 2, needs: [ticket_id]}
"""

PAGE = {
    "items": [
        {"id": "t1", "due": "2026-11-28T12:30:00Z", "note": "Please call back"},
        {"id": "t2", "due": "2026-11-29T08:15:00Z", "note": "Urgent: the <b>app</b> & the site"},
    ]
}

CODE = """\
def full(page):
    return page["items"]

def slim(page):
    return [{"id": i["id"], "due": i["due"][:10]} for i in page["items"]]
"""

SLIM_BLOCK = """\
FAILED tiny / slim: coverage 33.3% < 80.0%; 1 dropped needed field (max 0)
  dropped needed field note: notes (weight 1)
  lossy field due: due-soon (weight 3)
    kept to the day only; the question needs minute precision"""


@pytest.fixture
def tiny(make_suite: Callable[..., Path]) -> RunResult:
    path = make_suite(SUITE, {"page.json": PAGE}, CODE)
    return evaluate(Project(root=path.parent), [path])


def test_failure_block_and_verdict(tiny: RunResult) -> None:
    result = check_gate(tiny, GateConfig(fail_under=80))
    assert not result.passed
    assert not result.input_errors
    assert [(f.projection, f.kind) for f in result.failures] == [
        ("slim", "coverage"),
        ("slim", "dropped-needed"),
    ]
    assert result.failures[0].questions == ("due-soon", "notes")
    assert result.failures[0].fields == ("due", "note")
    assert render_gate_text(result) == (
        SLIM_BLOCK + "\n\n"
        "projeval check: failed: 1 of 2 projections in 1 suite "
        "(coverage >= 80.0%, at most 0 dropped needed fields)"
    )
    assert repr(result) == "<GateResult failed: 1 of 2 projections failed, 0 errors>"
    assert repr(result.checks[1]) == (
        "<ProjectionCheck tiny / slim failed: coverage 33.3% < 80.0%; 1 dropped needed field (max 0)>"
    )


def test_dropped_needed_alone_lists_only_dropped_fields(tiny: RunResult) -> None:
    result = check_gate(tiny, GateConfig())
    assert render_gate_text(result).splitlines()[:2] == [
        "FAILED tiny / slim: 1 dropped needed field (max 0)",
        "  dropped needed field note: notes (weight 1)",
    ]


def test_passes_within_thresholds(tiny: RunResult) -> None:
    result = check_gate(tiny, GateConfig(fail_under=30, max_dropped_needed=1))
    assert result.passed
    assert render_gate_text(result) == (
        "projeval check: passed: 2 projections in 1 suite "
        "(coverage >= 30.0%, at most 1 dropped needed fields)"
    )


def test_projections_scope_the_gate(tiny: RunResult) -> None:
    assert check_gate(tiny, GateConfig(fail_under=100, projections=("full",))).passed
    scoped = check_gate(tiny, GateConfig(fail_under=100, projections=("tiny/slim",)))
    assert [c.projection for c in scoped.checks] == ["slim"]
    with pytest.raises(ProjevalError) as info:
        check_gate(tiny, GateConfig(projections=("slimm",)))
    assert info.value.render() == (
        "the gate names projection 'slimm', which no suite has. Fix: did you mean 'slim'?"
    )


def test_token_ratio(tiny: RunResult) -> None:
    result = check_gate(tiny, GateConfig(max_dropped_needed=None, max_token_ratio=0.5))
    assert [f.message for f in result.failures] == ["token ratio 0.97 > 0.50"]
    assert render_gate_text(result).splitlines()[0] == "FAILED tiny / full: token ratio 0.97 > 0.50"


def test_regressions_against_a_baseline_document(tiny: RunResult) -> None:
    document = tiny.document()
    # Pretend slim answered every question in the baseline run.
    for p in document["suites"][0]["projections"]:
        for q in p["questions"]:
            for n in q["needs"]:
                n["status"] = "ok"
    config = GateConfig(max_dropped_needed=None, no_regressions=True)
    result = check_gate(tiny, config, Baseline("run 7", RunRecord.from_dict(document)))
    assert render_gate_text(result) == (
        "FAILED tiny / slim: 2 questions no longer answerable (vs run 7)\n"
        "  dropped needed field note: notes (weight 1)\n"
        "  lossy field due: due-soon (weight 3)\n"
        "    kept to the day only; the question needs minute precision\n"
        "  no longer answerable: due-soon (weight 3), notes (weight 1)\n"
        "\n"
        "projeval check: failed: 1 of 2 projections in 1 suite (no regressions vs run 7)"
    )
    unchanged = check_gate(tiny, config, Baseline("run 8", tiny.to_record()))
    assert unchanged.passed


def test_regressions_need_a_baseline(tiny: RunResult) -> None:
    with pytest.raises(ProjevalError, match="needs a baseline run"):
        check_gate(tiny, GateConfig(no_regressions=True))


def test_junit_xml(tiny: RunResult) -> None:
    text = junit_xml(check_gate(tiny, GateConfig(fail_under=80)))
    root = ET.fromstring(text)
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("8", "3", "0")
    cases = {(c.get("classname"), c.get("name")): c for c in root.iter("testcase")}
    assert sorted(cases) == [
        ("tiny.full", "due-soon"),
        ("tiny.full", "gate"),
        ("tiny.full", "list"),
        ("tiny.full", "notes"),
        ("tiny.slim", "due-soon"),
        ("tiny.slim", "gate"),
        ("tiny.slim", "list"),
        ("tiny.slim", "notes"),
    ]
    failure = cases[("tiny.slim", "due-soon")].find("failure")
    assert failure is not None
    assert failure.get("type") == "lossy"
    assert failure.get("message") == (
        "not answerable: due lossy (kept to the day only; the question needs minute precision)"
    )
    assert failure.text == (
        "Which tickets are due in the next hour? (weight 3)\n"
        "due: lossy: kept to the day only; the question needs minute precision"
    )
    gate = cases[("tiny.slim", "gate")].find("failure")
    assert gate is not None and gate.text == SLIM_BLOCK
    assert cases[("tiny.full", "notes")].find("failure") is None


def test_summaries(tiny: RunResult) -> None:
    result = check_gate(tiny, GateConfig(fail_under=80))
    assert summary_markdown(result) == (
        "### projeval check: failed\n"
        "\n"
        "Gate: coverage >= 80.0%, at most 0 dropped needed fields.\n"
        "\n"
        "| suite | projection | coverage | answerable | dropped needed | token ratio | result |\n"
        "| --- | --- | ---: | ---: | ---: | ---: | --- |\n"
        "| tiny | full | 100.0% | 3/3 | 0 | 0.97 | ok |\n"
        "| tiny | slim | 33.3% | 1/3 | 1 | 0.44 | **FAILED**: coverage 33.3% < 80.0%; "
        "1 dropped needed field (max 0) |\n"
        "\n"
        "<details><summary>Why</summary>\n"
        "\n"
        "```text\n" + SLIM_BLOCK + "\n```\n"
        "\n"
        "</details>\n"
    )
    doc = json.loads(summary_json(result))
    assert doc["version"] == 2
    assert doc["passed"] is False
    assert doc["gate"]["fail_under"] == 80
    slim = doc["projections"][1]
    assert (slim["projection"], slim["coverage"], slim["passed"]) == ("slim", 0.333333, False)
    assert [f["kind"] for f in slim["failures"]] == ["coverage", "dropped-needed"]
    assert summary_json(result) == summary_json(check_gate(tiny, GateConfig(fail_under=80)))


def test_broken_projection_is_an_input_error(make_suite: Callable[..., Path]) -> None:
    text = SUITE.replace("slim: proj.py:slim", "slim: proj.py:nosuch")
    path = make_suite(text, {"page.json": PAGE}, CODE)
    result = check_gate(evaluate(Project(root=path.parent), [path]), GateConfig())
    assert result.input_errors
    assert result.failures[0].kind == "error"
    assert render_gate_text(result).startswith("FAILED tiny / slim: projection error: ")


def test_config_table() -> None:
    config = GateConfig.from_table(
        {"fail_under": 90, "max_token_ratio": 0.5, "no_regressions": True, "projections": ["a"]}
    )
    assert config == GateConfig(
        fail_under=90, max_token_ratio=0.5, no_regressions=True, projections=("a",)
    )
    assert config.merged(fail_under=95.0, projections=None).fail_under == 95.0
    assert config.merged(projections=None).projections == ("a",)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (
            {"fail_undr": 90},
            "pyproject.toml: unknown key 'fail_undr' in [tool.projeval.check]. "
            "Fix: did you mean 'fail_under'?",
        ),
        (
            {"no_regressions": "yes"},
            "pyproject.toml: key 'no_regressions' in [tool.projeval.check] has the wrong type.",
        ),
        (
            {"max_dropped_needed": True},
            "pyproject.toml: key 'max_dropped_needed' in [tool.projeval.check] has the wrong type.",
        ),
        (
            {"fail_under": 120},
            "pyproject.toml: [tool.projeval.check]: fail_under must be a percentage from 0 to "
            "100, not 120. Fix: e.g. fail_under = 90 for 90%",
        ),
    ],
)
def test_config_table_errors(table: dict, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        GateConfig.from_table(table, file="pyproject.toml")
    assert info.value.render() == message


def test_parse_summary_target() -> None:
    assert parse_summary_target("markdown:out/s.md") == ("markdown", Path("out/s.md"))
    assert parse_summary_target("json:C:/x.json") == ("json", Path("C:/x.json"))
    with pytest.raises(ProjevalError, match="is not FORMAT:PATH"):
        parse_summary_target("html:x")


def test_max_tokens_is_a_budget_per_projected_fixture(tiny: RunResult) -> None:
    # full keeps every field of the page (68 tokens), slim two of them (31 tokens).
    result = check_gate(tiny, GateConfig(max_dropped_needed=None, max_tokens=50))
    assert [(f.projection, f.kind, f.details) for f in result.failures] == [
        ("full", "max-tokens", ("page: 68 tokens",))
    ]
    assert render_gate_text(result) == (
        "FAILED tiny / full: 1 fixture over 50 tokens\n"
        "  page: 68 tokens\n"
        "\n"
        "projeval check: failed: 1 of 2 projections in 1 suite (at most 50 tokens per fixture)"
    )
    assert check_gate(tiny, GateConfig(max_dropped_needed=None, max_tokens=68)).passed


def test_fail_on_counts_findings_at_that_severity_or_worse(tiny: RunResult) -> None:
    suite_run = tiny.suites[0]
    suite_run.findings = [
        Finding("TRUNCATION", "error", "tiny", "slim", "page", "items", "cut at 2 items"),
        Finding("UNTRUSTED-TEXT", "warning", "tiny", "full", "page", "items[].note", "raw text"),
    ]
    on_error = check_gate(tiny, GateConfig(max_dropped_needed=None, fail_on="error"))
    assert [(f.projection, f.message) for f in on_error.failures] == [
        ("slim", "1 error finding (fail on error)")
    ]
    assert on_error.failures[0].details == ("[error] TRUNCATION at items (page): cut at 2 items",)
    on_warning = check_gate(tiny, GateConfig(max_dropped_needed=None, fail_on="warning"))
    assert [(f.projection, f.message) for f in on_warning.failures] == [
        ("full", "1 warning finding (fail on warning)"),
        ("slim", "1 error finding (fail on warning)"),
    ]
    assert render_gate_text(on_warning).splitlines()[-1] == (
        "projeval check: failed: 2 of 2 projections in 1 suite (no warning or worse findings)"
    )
    # When the checks did not run, the gate cannot say "no findings".
    suite_run.findings, suite_run.cost_error = [], "tools.json: holds no list of tools."
    unknown = check_gate(tiny, GateConfig(max_dropped_needed=None, fail_on="error"))
    assert {f.message for f in unknown.failures} == {
        "findings unknown: the contract checks did not run"
    }


def test_fail_on_and_max_tokens_from_the_config_table() -> None:
    config = GateConfig.from_table({"fail_on": "warning", "max_tokens": 500})
    assert (config.fail_on, config.max_tokens) == ("warning", 500)
    with pytest.raises(ConfigError, match=r"fail_on must be a finding severity, not 'fatal'"):
        GateConfig.from_table({"fail_on": "fatal"})
    with pytest.raises(ConfigError, match=r"max_tokens must be 1 or more, not 0"):
        GateConfig.from_table({"max_tokens": 0})


def test_a_partial_run_is_never_a_baseline(tiny: RunResult, tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    when = datetime(2026, 11, 28, 12, tzinfo=UTC)
    assert tiny.record(db, started_at=when) == 1
    tiny.errors.append("other.yaml: suite file not found.")
    assert tiny.record(db, started_at=when + timedelta(hours=1)) == 2
    assert Baseline.from_history(db).label == "run 1"
    with pytest.raises(ProjevalError) as err:
        Baseline.from_history(db, "2")
    assert err.value.message == (
        "run 2 is partial (1 error, the first: other.yaml: suite file not found.), "
        "so it cannot be a baseline."
    )
    assert partial_reasons(Baseline.from_history(db).run) == []


def test_a_run_that_scored_nothing_is_never_recorded(tmp_path: Path) -> None:
    empty = RunResult([], errors=["nosuch.yaml: suite file not found."])
    with pytest.raises(ProjevalError, match="nothing was scored"):
        empty.record(tmp_path / "h.duckdb", started_at=datetime(2026, 11, 28, tzinfo=UTC))
    assert not (tmp_path / "h.duckdb").exists()


def test_a_run_of_traces_alone_is_recorded_but_never_a_baseline(
    repo: Path, tiny: RunResult, tmp_path: Path
) -> None:
    db = tmp_path / "h.duckdb"
    when = datetime(2026, 11, 28, 12, tzinfo=UTC)
    traces_only = evaluate(Project(root=repo), [], traces=[repo / "traces"])
    assert not traces_only.scored_nothing  # traces were read: worth recording
    assert tiny.record(db, started_at=when) == 1
    assert traces_only.record(db, started_at=when + timedelta(hours=1)) == 2
    assert Baseline.from_history(db).label == "run 1"  # the latest run that answered questions
    with pytest.raises(ProjevalError) as err:
        Baseline.from_history(db, "2")
    assert err.value.message == (
        "run 2 is partial (1 error, the first: it scored no suite (a run of traces alone)), "
        "so it cannot be a baseline."
    )
    nothing = evaluate(Project(root=repo), [], traces=[])
    assert nothing.scored_nothing
