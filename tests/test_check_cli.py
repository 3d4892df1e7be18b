"""``projeval check``, the CI gate, through click's runner with exact text."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from projeval.cli import cli
from projeval.errors import EXIT_GATE, EXIT_INPUT, EXIT_OK

COMPACT_V1 = """\
FAILED support-desk / compact_v1: coverage 70.0% < 90.0%; 4 dropped needed fields (max 0)
  dropped needed field sla_due_at: breach-soon (weight 6), sla-report (weight 2)
  dropped needed field description: whats-the-problem (weight 3)
  dropped needed field customer_note: customer-note (weight 2)
  dropped needed field total: match-count (weight 2)
  lossy field created_at: hours-open (weight 3)
    kept to the day only; the question needs hour precision

projeval check: failed: 1 of 1 projection in 1 suite (coverage >= 90.0%, at most 0 dropped needed fields)
"""

SUITE = """\
suite: tiny
tool: get_tickets
fixtures: [page.json]
fields:
  ticket_id: {path: "items[].id", kind: id}
  due: items[].due
projections:
  shipped: proj.py:TARGET
questions:
  - {id: due-soon, text: Which tickets are due in the next hour?, weight: 3,
     needs: [ticket_id, {field: due, precision: minute}]}
  - {id: list, text: Which tickets are open?, weight: 1, needs: [ticket_id]}
"""

PAGE = {"items": [{"id": "t1", "due": "2026-11-28T12:30:00Z"}, {"id": "t2", "due": None}]}

CODE = """\
def full(page):
    return page["items"]

def slim(page):
    return [{"id": i["id"], "due": (i["due"] or "")[:10]} for i in page["items"]]
"""


@pytest.fixture
def in_repo(repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(repo)
    return repo


@pytest.fixture
def tiny(make_suite: Callable[..., Path], monkeypatch: pytest.MonkeyPatch) -> Path:
    """A one-projection project whose projection target ``set_target`` can swap."""
    path = make_suite(SUITE.replace("TARGET", "full"), {"page.json": PAGE}, CODE)
    (path.parent / "projeval.toml").write_text('suites = ["suite.yaml"]\n', encoding="utf-8")
    monkeypatch.chdir(path.parent)
    monkeypatch.delenv("PROJEVAL_DB", raising=False)
    return path.parent


def set_target(folder: Path, target: str) -> None:
    (folder / "suite.yaml").write_text(SUITE.replace("TARGET", target), encoding="utf-8")


def test_failure_block_on_the_shipped_example(in_repo: Path) -> None:
    args = ["check", "support_desk", "-p", "compact_v1", "--fail-under", "90"]
    # Every threshold on the command line, whatever the config's check table says.
    result = CliRunner().invoke(cli, [*args, "--max-dropped-needed", "0", "--allow-regressions"])
    assert result.exit_code == EXIT_GATE
    assert result.stdout == COMPACT_V1
    assert result.stderr == ""


def test_passing_gate_exits_0(in_repo: Path) -> None:
    args = ["check", "support_desk", "-p", "compact_v2", "--fail-under", "90"]
    result = CliRunner().invoke(cli, [*args, "--max-dropped-needed", "2", "--allow-regressions"])
    assert result.exit_code == EXIT_OK
    assert result.stdout == (
        "projeval check: passed: 1 projection in 1 suite "
        "(coverage >= 90.0%, at most 2 dropped needed fields)\n"
    )


def test_config_table_and_command_line_overrides(tiny: Path) -> None:
    set_target(tiny, "slim")
    with (tiny / "projeval.toml").open("a", encoding="utf-8") as f:
        f.write("[check]\nfail_under = 80\nmax_dropped_needed = 0\n")
    failed = CliRunner().invoke(cli, ["check"])
    assert failed.exit_code == EXIT_GATE
    assert failed.stdout.splitlines()[0] == "FAILED tiny / shipped: coverage 25.0% < 80.0%"
    passed = CliRunner().invoke(cli, ["check", "--fail-under", "25"])
    assert passed.exit_code == EXIT_OK, passed.output


def test_bad_config_key_is_an_input_error(tiny: Path) -> None:
    with (tiny / "projeval.toml").open("a", encoding="utf-8") as f:
        f.write("[check]\nmax_ratio = 0.5\n")
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == EXIT_INPUT
    assert result.stderr == (
        f"Error: {tiny / 'projeval.toml'}: unknown key 'max_ratio' in [check]. "
        "Fix: did you mean 'max_token_ratio'?\n"
    )


def test_junit_and_summaries_are_written(tiny: Path) -> None:
    set_target(tiny, "slim")
    result = CliRunner().invoke(
        cli,
        [
            "check",
            "--junit-xml",
            "out/junit.xml",
            "--summary",
            "markdown:out/summary.md",
            "--summary",
            "json:out/summary.json",
        ],
    )
    assert result.exit_code == EXIT_OK, result.output
    cases = ET.parse(tiny / "out/junit.xml").getroot().iter("testcase")
    failed = {c.get("name"): c.find("failure") is not None for c in cases}
    assert failed == {"due-soon": True, "list": False, "gate": False}
    markdown = (tiny / "out/summary.md").read_text(encoding="utf-8")
    assert markdown.startswith("### projeval check: passed\n")
    assert "| tiny | shipped | 25.0% | 1/2 | 0 |" in markdown
    assert json.loads((tiny / "out/summary.json").read_text(encoding="utf-8"))["passed"] is True


def test_bad_summary_option(tiny: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "--summary", "html:x.html"])
    assert result.exit_code == EXIT_INPUT
    assert result.stderr == (
        "Error: --summary 'html:x.html' is not FORMAT:PATH. "
        "Fix: use markdown:PATH or json:PATH, e.g. --summary markdown:check-summary.md\n"
    )


def test_no_regressions_against_the_latest_run(tiny: Path) -> None:
    runner = CliRunner()
    recorded = runner.invoke(cli, ["run", "--db", "h.duckdb", "--no-report"])
    assert recorded.exit_code == 0, recorded.output
    # The same projection name now points at a function that keeps the day only.
    set_target(tiny, "slim")
    result = runner.invoke(cli, ["check", "--no-regressions", "--db", "h.duckdb"])
    assert result.exit_code == EXIT_GATE
    assert result.stdout == (
        "FAILED tiny / shipped: 1 question no longer answerable (vs run 1)\n"
        "  lossy field due: due-soon (weight 3)\n"
        "    kept to the day only; the question needs minute precision\n"
        "  no longer answerable: due-soon (weight 3)\n"
        "\n"
        "projeval check: failed: 1 of 1 projection in 1 suite "
        "(at most 0 dropped needed fields, no regressions vs run 1)\n"
    )
    # --baseline names the run and implies --no-regressions; check records nothing.
    named = runner.invoke(cli, ["check", "--baseline", "1", "--db", "h.duckdb"])
    assert named.exit_code == EXIT_GATE
    assert named.stdout == result.stdout
    allowed = runner.invoke(
        cli, ["check", "--baseline", "1", "--allow-regressions", "--db", "h.duckdb"]
    )
    assert allowed.exit_code == EXIT_OK, allowed.output
    history = runner.invoke(cli, ["history", "--db", "h.duckdb", "--format", "json"])
    assert json.loads(history.stdout)["total"] == 1


def test_no_regressions_without_a_store(tiny: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "--no-regressions", "--db", "none.duckdb"])
    assert result.exit_code == EXIT_INPUT
    assert result.stdout == ""
    assert result.stderr.startswith("Error: none.duckdb: no history store here yet.")


def test_unknown_projection(in_repo: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "-p", "compact_v9"])
    assert result.exit_code == EXIT_INPUT
    assert result.stderr == (
        "Error: the gate names projection 'compact_v9', which no suite has. "
        "Fix: did you mean 'compact_v2'?\n"
    )


def test_out_of_range_threshold_is_a_usage_error(in_repo: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "--fail-under", "150"])
    assert result.exit_code == EXIT_INPUT
    assert "150.0 is not in the range 0<=x<=100" in result.stderr


def test_a_run_whose_suites_all_failed_is_not_recorded(tiny: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["run", "--db", "h.duckdb", "--out", "r.html"]).exit_code == 0
    report = (tiny / "r.html").read_text(encoding="utf-8")
    result = runner.invoke(cli, ["run", "nosuch.yaml", "--db", "h.duckdb", "--out", "r.html"])
    assert result.exit_code == EXIT_INPUT
    assert result.stdout == ""
    assert result.stderr == (
        "Error: nosuch.yaml: suite file not found. Fix: check the path and its spelling\n"
        "Error: nothing was scored (every suite or projection failed), so no run was "
        "recorded. Fix: correct the errors above and run again\n"
    )
    assert (tiny / "r.html").read_text(encoding="utf-8") == report
    history = runner.invoke(cli, ["history", "--db", "h.duckdb", "--format", "json"])
    assert json.loads(history.stdout)["total"] == 1


def test_a_partly_failed_run_is_recorded_as_partial_and_skipped_as_baseline(tiny: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["run", "--db", "h.duckdb", "--no-report"]).exit_code == 0
    partial = runner.invoke(cli, ["run", "suite.yaml", "nosuch.yaml", "--db", "h.duckdb"])
    assert partial.exit_code == EXIT_INPUT
    assert partial.stdout.splitlines()[-2:] == [
        "Recorded run 2 as partial (1 error; never a baseline) in h.duckdb.",
        "Report: reports/index.html",
    ]
    set_target(tiny, "slim")
    result = runner.invoke(cli, ["check", "--no-regressions", "--db", "h.duckdb"])
    assert result.exit_code == EXIT_GATE
    assert result.stdout.splitlines()[0] == (
        "FAILED tiny / shipped: 1 question no longer answerable (vs run 1)"
    )
    named = runner.invoke(cli, ["check", "--baseline", "2", "--db", "h.duckdb"])
    assert named.exit_code == EXIT_INPUT
    assert named.stderr == (
        "Error: h.duckdb: run 2 is partial (1 error, the first: nosuch.yaml: suite file not "
        "found. Fix: check the path and its spelling), so it cannot be a baseline. Fix: name "
        "a complete run (projeval history lists them), or record one with `projeval run`\n"
    )
    # The history marks it: the suite that failed to load is in the run's stored errors.
    listed = runner.invoke(cli, ["history", "--db", "h.duckdb"])
    assert [line.split("  ")[-1] for line in listed.stdout.splitlines()] == [
        "status",
        "complete",
        "partial (1 error)",
    ]
    runs = json.loads(
        runner.invoke(cli, ["history", "--db", "h.duckdb", "--format", "json"]).stdout
    )
    assert [(r["partial"], r["errors"]) for r in runs["runs"]] == [(False, 0), (True, 1)]


def test_fail_on_and_max_tokens_from_the_config_and_the_command_line(in_repo: Path) -> None:
    result = CliRunner().invoke(
        cli, ["check", "-p", "compact_v1", "--max-dropped-needed", "9", "--fail-on", "error"]
    )
    assert result.exit_code == EXIT_GATE
    lines = result.stdout.splitlines()
    assert lines[0] == "FAILED support-desk / compact_v1: 2 error findings (fail on error)"
    assert [line.split(":")[0] for line in lines[1:3]] == [
        "  [error] ERROR-AS-EMPTY at tickets (rate_limited)",
        "  [error] ID-ARG at tickets[].org",
    ]
    assert lines[-1] == (
        "projeval check: failed: 1 of 1 projection in 1 suite "
        "(at most 9 dropped needed fields, no error findings)"
    )


def test_fail_on_in_the_config_table(tiny: Path) -> None:
    (tiny / "projeval.toml").write_text(
        'suites = ["suite.yaml"]\n[check]\nfail_on = "warning"\nmax_tokens = 10\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == EXIT_GATE
    assert result.stdout.splitlines()[0] == "FAILED tiny / shipped: 1 fixture over 10 tokens"
    assert result.stdout.splitlines()[-1].endswith(
        "(at most 0 dropped needed fields, at most 10 tokens per fixture, "
        "no warning or worse findings)"
    )
    bad = CliRunner().invoke(cli, ["check", "--fail-on", "fatal"])
    assert bad.exit_code == EXIT_INPUT
    assert "'fatal' is not one of 'error', 'warning', 'info'" in bad.stderr


def test_a_declaration_that_changes_nothing_is_shown_by_the_gate_and_lineage(tiny: Path) -> None:
    """A warning names the field wherever verdicts are read, and fails nothing."""
    ignored = SUITE.replace("TARGET", "full").replace(
        "  due: items[].due", '  due: items[].due\n  owner: {path: "items[].owner", kind: name}'
    )
    (tiny / "suite.yaml").write_text(ignored, encoding="utf-8")
    page = {"items": [{**item, "owner": None} for item in PAGE["items"]]}
    (tiny / "page.json").write_text(json.dumps(page), encoding="utf-8")
    message = (
        "suite.yaml: field `owner` (items[].owner) is null in every fixture, so its "
        "`kind: name` changes nothing. Fix: add a fixture where it holds a value."
    )
    gate = CliRunner().invoke(cli, ["check", "--fail-under", "50"])
    assert gate.exit_code == 0, gate.output
    *_, warned, blank, verdict = gate.stdout.splitlines()
    assert warned.startswith("warning: /") and warned.endswith("/" + message)
    assert (blank, verdict) == (
        "",
        "projeval check: passed: 1 projection in 1 suite (coverage >= 50.0%, at most 0 dropped "
        "needed fields)",
    )
    table = CliRunner().invoke(cli, ["lineage", "suite.yaml", "shipped"])
    assert table.exit_code == 0 and table.stdout.splitlines()[-1] == f"warning: {message}"
    doc = json.loads(
        CliRunner().invoke(cli, ["lineage", "suite.yaml", "shipped", "--format", "json"]).stdout
    )
    assert doc["warnings"] == [message]
