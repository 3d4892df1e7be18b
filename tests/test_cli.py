"""The CLI through click's runner, with exact text."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from projeval import __version__
from projeval.cli import cli

SUPPORT_TABLE = """\
support-desk (question_sets/support_desk.yaml): tool search_tickets, 16 questions, total weight 60
projection       coverage  answerable  tokens  vs raw  findings    dropped needed fields
compact_v1          70.0%       10/16   1,141    0.25  2 errors    sla_due_at, description, customer_note, total
compact_v2          91.7%       14/16   1,785    0.40  none        description, customer_note
compact_v2_node     91.7%       14/16   1,785    0.40  none        description, customer_note
pruned              50.0%        8/16   3,512    0.78  7 warnings  total
raw                 53.3%        9/16   4,499    1.00  5 warnings  -
  compact_v1: dropped: sla_due_at, needed by breach-soon (weight 6), sla-report (weight 2)
  compact_v1: dropped: description, needed by whats-the-problem (weight 3)
  compact_v1: dropped: customer_note, needed by customer-note (weight 2)
  compact_v1: dropped: total, needed by match-count (weight 2)
  compact_v2: dropped: description, needed by whats-the-problem (weight 3)
  compact_v2: dropped: customer_note, needed by customer-note (weight 2)
  compact_v2_node: dropped: description, needed by whats-the-problem (weight 3)
  compact_v2_node: dropped: customer_note, needed by customer-note (weight 2)
  pruned: dropped: total, needed by match-count (weight 2)
"""


@pytest.fixture
def in_repo(repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(repo)
    return repo


def test_score_one_suite_by_name(in_repo: Path) -> None:
    result = CliRunner().invoke(cli, ["score", "support_desk"])
    assert result.exit_code == 0, result.output
    assert result.output == SUPPORT_TABLE


def test_score_json_document(in_repo: Path) -> None:
    result = CliRunner().invoke(cli, ["score", "--format", "json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["version"] == 3
    assert [s["name"] for s in doc["suites"]] == ["meter", "support-desk"]
    assert doc["errors"] == []


def test_lineage_table(in_repo: Path) -> None:
    result = CliRunner().invoke(cli, ["lineage", "support_desk", "compact_v1"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("support-desk / compact_v1: lineage of every source field (")
    assert lines[1].split() == ["field", "source", "path", "output", "path", "status", "detail"]
    sla = next(line for line in lines if line.startswith("sla_due_at"))
    assert sla.split(None, 4) == [
        "sla_due_at",
        "data[].attributes.sla_due_at",
        "-",
        "dropped",
        "no change to the value is visible",
    ]


def test_unknown_suite_name(in_repo: Path) -> None:
    result = CliRunner().invoke(cli, ["score", "nosuch"])
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: no suite named 'nosuch'. Fix: use a suite file or one of: support_desk, meter\n"
    )


def test_usage_error_exits_1(in_repo: Path) -> None:
    result = CliRunner().invoke(cli, ["score", "--bogus"])
    assert result.exit_code == 1
    assert "No such option '--bogus'" in result.stderr


BROKEN = """\
suite: broken
tool: t
fixtures: [page.json]
fields: {name: "items[].name"}
projections:
  good: proj.py:good
  missing: no_such_module_xyz:f
  noisy: proj.py:noisy
questions:
  - {id: q, text: Whose ticket, needs: [name]}
"""

CODE = """\
def good(page):
    return [i["name"] for i in page["items"]]

def noisy(page):
    print("hello from a projection")
    return {"names": [i["name"] for i in page["items"]]}
"""


def test_broken_projection_does_not_stop_the_others(
    make_suite: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make_suite(BROKEN, {"page.json": {"items": [{"name": "Dana Whitfield"}]}}, CODE)
    monkeypatch.chdir(path.parent)
    result = CliRunner().invoke(cli, ["score", str(path), "--format", "json"])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)  # printing projections must not corrupt it
    projections = {p["name"]: p for p in doc["suites"][0]["projections"]}
    assert projections["good"]["coverage"] == 1.0
    assert projections["noisy"]["coverage"] == 1.0
    assert projections["missing"]["error"] == (
        f"{path}:7:12: suite 'broken': projection 'missing' (no_such_module_xyz:f) cannot be "
        "imported: ModuleNotFoundError: No module named 'no_such_module_xyz'. "
        f"Fix: make 'no_such_module_xyz' importable from {path.parent} or use "
        "'path/to/file.py:f'"
    )


def test_suite_error_is_one_line_without_traceback(
    make_suite: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make_suite(BROKEN.replace("needs: [name]", "needs: [nam]"), {"page.json": {"items": []}})
    monkeypatch.chdir(path.parent)
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"Error: {path}:10:41: need 'nam' names no field in the field dictionary. "
        "Fix: did you mean 'name'? Or add 'nam' under 'fields:'\n"
    )
    assert "Traceback" not in result.output


def test_run_records_history_and_writes_the_report(
    in_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, out = tmp_path / "h.duckdb", tmp_path / "report.html"
    runner = CliRunner()
    first = runner.invoke(cli, ["run", "--db", str(db), "--out", str(out)])
    assert first.exit_code == 0, first.output
    assert first.output.startswith("meter (question_sets/meter.yaml)")
    assert f"\nRecorded run 1 in {db}.\nReport: {out}\n" in first.output
    assert "<h1>projeval report</h1>" in out.read_text(encoding="utf-8")
    assert runner.invoke(cli, ["run", "--db", str(db), "--no-report"]).exit_code == 0

    listed = runner.invoke(cli, ["history", "--db", str(db)])
    assert listed.exit_code == 0
    assert [line.split()[0] for line in listed.output.splitlines() if line] == ["run", "1", "2"]

    trend = runner.invoke(
        cli, ["trend", "--db", str(db), "--suite", "support-desk", "--projection", "compact_v1"]
    )
    assert trend.exit_code == 0
    assert trend.output.splitlines()[0] == "support-desk / compact_v1"
    coverage_block, traces_block = trend.output.split("\n\n")
    assert [line.split()[4] for line in coverage_block.splitlines()[2:]] == ["70.0%", "70.0%"]
    assert [line.split()[4] for line in traces_block.splitlines()[2:]] == [
        "7",
        "7",
    ]  # traces per run

    diff = runner.invoke(cli, ["diff", "--db", str(db)])
    assert diff.exit_code == 0
    assert diff.output.splitlines()[1:] == [
        "0 regressions, 0 improvements, 0 other changes",
        "",
        "No changes.",
    ]

    again = runner.invoke(
        cli, ["report", "--db", str(db), "--run", "1", "--out", str(tmp_path / "r1.html")]
    )
    assert again.exit_code == 0
    assert again.output == f"Report: {tmp_path / 'r1.html'}\n"


def test_run_of_traces_alone_records_and_reports_them(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A team with recorded traces and no question set yet: `projeval run` still records the
    # trace findings (the per-field aggregate among them) and writes the report.
    import shutil

    shutil.copytree(repo / "traces", tmp_path / "traces")
    (tmp_path / "projeval.toml").write_text('traces = ["traces/"]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    first = runner.invoke(cli, ["run", "--db", "h.duckdb", "--out", "r.html"])
    assert first.exit_code == 0, first.output
    lines = first.stdout.splitlines()
    assert lines[0] == "7 traces in 5 files, 0 problems (tokens: o200k_base)"
    assert (
        "  search_tickets: data[].relationships.assignee.data.id -> get_user(user_id) x36 in "
        "4 traces: 36 lookups, 15 duplicates"
    ) in lines
    assert lines[-2:] == ["Recorded run 1 in h.duckdb.", "Report: r.html"]
    report = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "Follow-up fan-outs" in report and "Trends over 1 run<" in report
    # The trend chart of the traces' totals draws tool errors beside follow-up lookups (the
    # follow-ups read calls made, issue 16) and hedges.
    assert "Follow-up lookups, tool errors and hedges by run" in report
    assert ">lookups<" in report and ">follow-ups<" not in report
    assert runner.invoke(cli, ["run", "--db", "h.duckdb", "--no-report"]).exit_code == 0

    listed = runner.invoke(cli, ["history", "--db", "h.duckdb"])
    assert [line.split()[0] for line in listed.stdout.splitlines()] == ["run", "1", "2"]
    trend = runner.invoke(cli, ["trend", "--db", "h.duckdb"])
    assert trend.exit_code == 0, trend.output
    assert trend.stdout.splitlines()[0] == "traces (all runs' totals)"
    # traces, tool errors, duplicates, retries, follow-ups, lookups, hedges
    assert [line.split()[4:] for line in trend.stdout.splitlines()[2:]] == [
        ["7", "3", "15", "2", "38", "38", "3"],
        ["7", "3", "15", "2", "38", "38", "3"],
    ]
    assert trend.stdout.splitlines()[1].split()[4:] == [
        "traces",
        "errors",
        "duplicates",
        "retries",
        "follow-ups",
        "lookups",
        "hedges",
    ]
    as_json = runner.invoke(cli, ["trend", "--db", "h.duckdb", "--format", "json"])
    assert [(r["errors"], r["retries"]) for r in json.loads(as_json.stdout)["traces"]] == [
        (3, 2),
        (3, 2),
    ]
    # Such a run answers no question, so the gate never takes it for a baseline.
    gate = runner.invoke(cli, ["check", "--db", "h.duckdb", "--no-regressions"])
    assert gate.exit_code == 1
    assert "no suites given and none configured" in gate.stderr


def test_run_with_a_broken_trace_records_the_rest_and_exits_1(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As `projeval traces` does: the problem is listed, everything else is recorded.
    import shutil

    shutil.copytree(repo / "traces", tmp_path / "traces")
    (tmp_path / "traces" / "cut.jsonl").write_text('{"messages": [\n', encoding="utf-8")
    (tmp_path / "projeval.toml").write_text('traces = ["traces/"]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["run", "--db", "h.duckdb", "--no-report"])
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "7 traces in 6 files, 1 problem (tokens: o200k_base)"
    assert lines[-1] == "Recorded run 1 in h.duckdb."
    assert any(line.startswith("  traces/cut.jsonl:1: ") for line in lines)


def test_run_with_neither_suites_nor_traces_says_what_to_configure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "projeval.toml").write_text('report = "r.html"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["run", "--db", "h.duckdb"])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: no suites given and none configured.")
    assert not (tmp_path / "h.duckdb").exists()


def test_history_of_a_missing_store(in_repo: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["diff", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ")
    assert "Traceback" not in result.output


def test_cost_text(in_repo: Path) -> None:
    result = CliRunner().invoke(cli, ["cost", "meter"])
    assert result.exit_code == 0
    assert "markdown" in result.output and "structured" in result.output


def test_errors_go_to_stderr_and_the_table_to_stdout(
    make_suite: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make_suite(BROKEN, {"page.json": {"items": [{"name": "Dana Whitfield"}]}}, CODE)
    monkeypatch.chdir(path.parent)
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1:5] == [
        "projection  coverage  answerable  tokens  vs raw  findings  dropped needed fields",
        "good          100.0%         1/1       5    0.45  none      -",
        "missing        error           -       -       -  -         import",
        "noisy         100.0%         1/1       8    0.73  none      -",
    ]
    assert "Error" not in result.stdout
    assert result.stderr == (
        f"Error: {path}:7:12: suite 'broken': projection 'missing' (no_such_module_xyz:f) cannot "
        "be imported: ModuleNotFoundError: No module named 'no_such_module_xyz'. "
        f"Fix: make 'no_such_module_xyz' importable from {path.parent} or use "
        "'path/to/file.py:f'\n"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--config", "elsewhere.toml", "score"],
        ["score", "--config", "elsewhere.toml"],
        ["score", "--config=elsewhere.toml", "-q"],
    ],
)
def test_config_before_or_after_the_subcommand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    (tmp_path / "elsewhere.toml").write_text("suites = []\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: no suites given and none configured.")


def test_config_found_in_a_parent_folder_up_to_the_repository_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "projeval.toml").write_text('suites = ["nope.yaml"]\n', encoding="utf-8")
    repo_root = tmp_path / "repo"
    (repo_root / ".git").mkdir(parents=True)
    (repo_root / "pyproject.toml").write_text(
        '[tool.projeval]\nsuites = ["question_sets/a.yaml"]\n', encoding="utf-8"
    )
    deep = repo_root / "src" / "pkg"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    result = CliRunner().invoke(cli, ["-v", "score"])
    assert result.stderr.splitlines()[0] == (
        f"projeval: config: {(repo_root / 'pyproject.toml').resolve()}"
    )
    # The suite path is relative to the config file, not to the current folder.
    assert f"{repo_root.resolve() / 'question_sets' / 'a.yaml'}" in result.stderr
    # Without a config below it, the walk stops at the repository root.
    (repo_root / "pyproject.toml").unlink()
    result = CliRunner().invoke(cli, ["score", "-v"])
    assert result.stderr.splitlines()[0] == "projeval: config: none found; using the defaults"


def test_verbose_times_each_stage_and_quiet_hides_notes(in_repo: Path) -> None:
    verbose = CliRunner().invoke(cli, ["score", "meter", "-v"])
    assert verbose.exit_code == 0
    lines = verbose.stderr.splitlines()
    assert lines[0] == "projeval: config: pyproject.toml"
    assert re.fullmatch(r"projeval: evaluate: \d+\.\d\d s", lines[1])
    quiet = CliRunner().invoke(cli, ["-q", "-v", "score", "meter"])
    assert (quiet.exit_code, quiet.stderr) == (0, "")
    assert quiet.stdout == verbose.stdout


def test_python_dash_m_projeval(repo: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "projeval", "--version"],
        cwd=repo,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        f"projeval, version {__version__}\n",
        "",
    )


def test_every_json_output_has_a_version(in_repo: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "h.duckdb")
    runner = CliRunner()
    for _ in range(2):
        assert runner.invoke(cli, ["run", "meter", "--db", db, "--no-report"]).exit_code == 0
    for args in (["history"], ["trend"], ["diff"]):
        result = runner.invoke(cli, [*args, "--db", db, "--format", "json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["version"] == 1, args
    for args in (["score", "meter"], ["cost", "meter"], ["lineage", "meter", "raw"]):
        result = runner.invoke(cli, [*args, "--format", "json"])
        assert isinstance(json.loads(result.stdout)["version"], int), args


def test_findings_column_tells_none_from_not_run(
    make_suite: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = BROKEN.replace("  missing: no_such_module_xyz:f\n", "").replace(
        "fixtures: [page.json]", "fixtures: [page.json]\ntools: tools.json"
    )
    path = make_suite(text, {"page.json": {"items": [{"name": "Dana"}]}, "tools.json": {}}, CODE)
    monkeypatch.chdir(path.parent)
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 1
    assert [line.split()[-2] for line in result.stdout.splitlines()[2:4]] == ["run", "run"]
    assert "  not run  " in result.stdout.splitlines()[2]
    assert result.stderr == (
        f"Error: {path.parent / 'tools.json'}: the tools file holds no list of tools. "
        'Fix: write {"tools": [{"name": ..., "inputSchema": {...}}]}, a list of input schemas, '
        "or an OpenAPI document\n"
    )
    openapi = {"openapi": "3.0.3", "paths": {"/t/{t_id}": {"get": {"operationId": "GetT"}}}}
    path.with_name("tools.json").write_text(json.dumps(openapi), encoding="utf-8")
    fine = CliRunner().invoke(cli, ["score", str(path)])
    assert [line.split()[5] for line in fine.stdout.splitlines()[2:4]] == ["none", "none"]


def test_lineage_filters_by_field_pattern_and_status(in_repo: Path) -> None:
    result = CliRunner().invoke(
        cli,
        [
            "lineage",
            "support_desk",
            "compact_v1",
            "--status",
            "dropped",
            "--field",
            "sla*",
            "--field",
            "data[].attributes.desc*",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert re.fullmatch(
        r"support-desk / compact_v1: lineage of 2 of \d+ source fields \(\d+ projection calls\)",
        lines[0],
    )
    assert lines[1:] == [
        "field        source path                    output path  status   detail",
        "description  data[].attributes.description  -            dropped  no change to the value is visible",
        "sla_due_at   data[].attributes.sla_due_at   -            dropped  no change to the value is visible",
    ]
    as_json = CliRunner().invoke(
        cli, ["lineage", "support_desk", "compact_v1", "--status", "kept", "--format", "json"]
    )
    statuses = {row["status"] for row in json.loads(as_json.stdout)["lineage"]}
    assert statuses == {"kept"}
    bad = CliRunner().invoke(cli, ["lineage", "support_desk", "compact_v1", "--status", "gone"])
    assert bad.exit_code == 1
    assert "'gone' is not one of 'kept', 'resolved', 'lossy'" in bad.stderr


def test_traces_reads_a_benchmark_results_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A tau-bench-style results file (invented content): a JSON list of runs, each with its
    # OpenAI Chat conversation under "traj"; the run that crashed holds none.
    traj = [
        {"role": "system", "content": "Policy: be brief."},
        {"role": "user", "content": "Hi, change my flight, user id mia_1"},
        {"role": "assistant", "content": None, "tool_calls": [_call("c1", "get_user_details", "user_id", "mia_1")]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"reservations": ["NO6JO3"]}'},
        {"role": "assistant", "content": None, "tool_calls": [_call("c2", "get_reservation_details", "reservation_id", "NO6JO3")]},
        {"role": "tool", "tool_call_id": "c2", "content": '{"flight": "HAT001"}'},
        {"role": "assistant", "content": "Your reservation NO6JO3 is on flight HAT001. Which date?"},
    ]  # fmt: skip
    runs = [
        {"task_id": 0, "reward": 0.0, "info": {}, "traj": traj, "trial": 0},
        {"task_id": 0, "reward": 0.0, "info": {"error": "timeout"}, "trial": 1},
        {"task_id": 0, "reward": 1.0, "info": {}, "traj": traj, "trial": 2},
    ]
    (tmp_path / "results.json").write_text(json.dumps(runs, indent=2), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["traces", "results.json"])
    assert result.exit_code == 1  # a record was skipped
    assert result.stdout.splitlines() == [
        "2 traces in 1 file, 1 problem (tokens: o200k_base)",
        "calls 4, errors 0, duplicates 0, retries 0, follow-ups 2 (lookups 2, actions 0), "
        "hedges 0; turns 2, of which 2 end in a follow-up lookup or a hedge",
        "result tokens 38; billed input 232; recorded input -",
        "user turns: 0 questions, 2 requests, 0 answers, 0 greetings or closings, 0 other; "
        "ungrounded claims 0",
        "",
        "results.json",
        "  trace           format       turns  calls  errors  dups  follow-ups  hedges  "
        "flagged  result tok  billed in  recorded in",
        "  task 0 trial 0  openai_chat      1      2       0     0           1       0  "
        "      1          19        116            -",
        "  task 0 trial 2  openai_chat      1      2       0     0           1       0  "
        "      1          19        116            -",
        "",
        "Follow-ups by result field (producer: path -> consumer(argument)):",
        "  get_user_details: reservations[] -> get_reservation_details(reservation_id) x2 in "
        "2 traces: 2 lookups",
        "",
        "Problems (records skipped or repaired):",
        "  results.json:1: item 1 of the top-level list: record has no 'messages' list, no "
        "'choices' and no 'role', nor a run's messages under 'traj' or 'history' (put its "
        "conversation under 'messages': a list of messages with a 'role'); record skipped",
    ]


def test_traces_reads_a_simulation_results_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A tau2-bench-style results document (invented content): runs listed under
    # "simulations", flat tool calls, tool messages naming their call by "id" and flagging
    # a failure with "error"; the simulated user's own tool call is not the agent's. The
    # second run recorded ticks, not messages.
    def flat(cid: str, tool: str, arg: str, value: str, by: str = "assistant") -> dict:
        return {"id": cid, "name": tool, "arguments": {arg: value}, "requestor": by}

    messages = [
        {"role": "assistant", "content": "Hi! How can I help you today?", "tool_calls": None},
        {"role": "user", "content": "Please move my booking BK-220.", "tool_calls": None},
        {"role": "assistant", "content": None, "tool_calls": [flat("c1", "get_booking", "booking_id", "BK-220")]},
        {"role": "tool", "id": "c1", "content": '{"room_id": "RM-9"}', "requestor": "assistant", "error": False},
        {"role": "assistant", "content": None, "tool_calls": [flat("c2", "get_room", "room_id", "RM-9")]},
        {"role": "tool", "id": "c2", "content": "room RM-9 is under repair", "requestor": "assistant", "error": True},
        {"role": "user", "content": None, "tool_calls": [flat("u1", "open_app", "screen", "bookings", "user")]},
        {"role": "tool", "id": "u1", "content": "bookings screen open", "requestor": "user", "error": False},
        {"role": "assistant", "content": "Room RM-9 is under repair; I can offer another room.", "tool_calls": None},
    ]  # fmt: skip
    doc = {
        "info": {"num_trials": 1},
        "tasks": [{"id": "12"}],
        "simulations": [
            {"id": "3c9e", "task_id": "12", "trial": 0, "messages": messages},
            {"id": "77ab", "task_id": "12", "trial": 1, "messages": None, "ticks": []},
        ],
    }
    (tmp_path / "results.json").write_text(json.dumps(doc, indent=2), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["traces", "results.json"])
    assert result.exit_code == 1  # a run was skipped
    assert result.stdout.splitlines() == [
        "1 trace in 1 file, 1 problem (tokens: o200k_base)",
        "calls 2, errors 1, duplicates 0, retries 0, follow-ups 1 (lookups 1, actions 0), "
        "hedges 0; turns 1, of which 1 end in a follow-up lookup or a hedge",
        "result tokens 16; billed input 106; recorded input -",
        "user turns: 0 questions, 1 request, 0 answers, 0 greetings or closings, 0 other; "
        "ungrounded claims 0",
        "",
        "results.json",
        "  trace  format       turns  calls  errors  dups  follow-ups  hedges  flagged  "
        "result tok  billed in  recorded in",
        "  3c9e   openai_chat      1      2       1     0           1       0        1  "
        "        16        106            -",
        "",
        "Follow-ups by result field (producer: path -> consumer(argument)):",
        "  get_booking: room_id -> get_room(room_id) x1 in 1 trace: 1 lookup",
        "",
        "Problems (records skipped or repaired):",
        "  results.json:1: item 1 of the 'simulations' list: record has no 'messages' list, no "
        "'choices' and no 'role', nor a run's messages under 'traj' or 'history' (put its "
        "conversation under 'messages': a list of messages with a 'role'); record skipped",
    ]


def test_traces_reads_a_swe_agent_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A SWE-agent output folder (tests/corpora/formats/README.md): a trajectory whose
    # commands are text actions, its predictions file and (as SWE-agent 1.x writes) a text
    # log. The trajectory is read; the other two hold no conversation and are left out.
    import shutil

    corpus = Path(__file__).resolve().parent / "corpora" / "formats" / "swe_agent_output"
    shutil.copytree(corpus, tmp_path / "out")
    (tmp_path / "out" / "run_batch.log").write_text("2024-11-29 22:50:43 INFO Starting run\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["traces", "out"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "1 trace in 1 file, 0 problems (tokens: o200k_base)"
    # Errors: the reproduction's traceback and three edits SWE-agent's linter rejected; the
    # rejected edit sent again unchanged is a retry, not a duplicate, as is the rejected edit
    # sent again corrected (session 26: a retry may edit what the failed call was about).
    # The last command got no output in the trajectory: one call unanswered.
    assert lines[1].startswith("calls 12 (1 unanswered), errors 4, duplicates 0, retries 3, ")
    assert lines[1].endswith("; turns 1, of which 0 end in a follow-up lookup or a hedge")
    assert lines[3] == (
        "user turns: 0 questions, 1 request, 0 answers, 0 greetings or closings, 0 other; "
        "ungrounded claims 0"
    )
    assert lines[5:8] == [
        "out/pydicom__pydicom-1458.traj",
        "  trace                         format       turns  calls  errors  dups  follow-ups  "
        "hedges  flagged  result tok  billed in  recorded in",
        "  pydicom__pydicom-1458.traj:1  openai_chat      1     12       4     0           0  "
        "     0        0       2,724     33,636            -",
    ]
    assert "Problems" not in result.stdout
    # The predictions file named on its own says what it is and where the runs are.
    alone = CliRunner().invoke(cli, ["traces", "out/all_preds.jsonl"])
    assert alone.exit_code == 1
    assert alone.stderr.startswith(
        "Error: out/all_preds.jsonl:1: this is a file of SWE-bench predictions"
    )


def _call(cid: str, tool: str, arg: str, value: str) -> dict[str, object]:
    arguments = json.dumps({arg: value})
    return {"id": cid, "type": "function", "function": {"name": tool, "arguments": arguments}}


def test_traces_on_a_support_conversation_that_asks_before_it_looks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Shaped on azernik/multi-agent-dialogue-generator's recorded support conversations
    # (0a3423d1, data/valid_outputs/v2/*__os_co_*.json; the content here is invented): the
    # agent asks for the email before it looks; a cancel that fails says so with
    # "success": false; the customer asks to check again and the answer has moved on.
    def call(cid: str, tool: str, args: dict) -> dict:
        fn = {"name": tool, "arguments": json.dumps(args)}
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": cid, "type": "function", "function": fn}],
        }

    def returned(cid: str, value: object) -> dict:
        return {"role": "tool", "tool_call_id": cid, "content": json.dumps(value)}

    order = {"order_id": "ODR-116789"}
    messages = [
        {"role": "user", "content": "Need to cancel the monitor I ordered last week."},
        {"role": "assistant", "content": "Sure. What's the email on the order?"},
        {"role": "user", "content": "it's kim@example.com"},
        call("c1", "find_orders", {"email": "kim@example.com"}),
        returned("c1", [{"order_id": "ODR-116789", "status": "processing"}]),
        call("c2", "cancel_order", order),
        returned("c2", {"success": False, "canceled_items": [], "message": "Order ODR-116789 has shipped."}),
        call("c3", "get_shipment_status", order),
        returned("c3", {"status": "label_created"}),
        {"role": "assistant", "content": "It has probably not left the warehouse yet."},
        {"role": "user", "content": "Can you check the shipment again?"},
        call("c4", "get_shipment_status", order),
        returned("c4", {"status": "in_transit"}),
        {"role": "assistant", "content": "It is in transit now."},
    ]  # fmt: skip
    (tmp_path / "chat.jsonl").write_text(json.dumps({"id": "s1", "messages": messages}) + "\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["traces", "chat.jsonl"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == (
        "calls 4, errors 1, duplicates 0, retries 0, follow-ups 3 (lookups 2, actions 1), "
        "hedges 1; turns 3, of which 2 end in a follow-up lookup or a hedge"
    )
    hedged = lines[lines.index("Hedged answers:") + 1]
    assert hedged == (
        "  s1 turn 2: 'It has probably not left the warehouse yet.' (asked: 'Need to cancel "
        "the monitor I ordered last week.'); hedges: probably"
    )


def test_traces_says_when_a_tools_file_adds_nothing_to_the_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # OpenAI function definitions carry no readOnlyHint; these names all start with a
    # verb, so the file given on purpose would change nothing: one problem says so.
    traj = [
        {"role": "user", "content": "Cancel order 7"},
        {"role": "assistant", "content": None, "tool_calls": [_call("c1", "cancel_order", "order_id", "7")]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"status": "cancelled"}'},
        {"role": "assistant", "content": "Order 7 is cancelled."},
    ]  # fmt: skip
    (tmp_path / "run.json").write_text(json.dumps({"messages": traj}), encoding="utf-8")
    fn = {"name": "cancel_order", "description": "Cancel an order.", "parameters": {}}
    (tmp_path / "tools.json").write_text(json.dumps([{"type": "function", "function": fn}]))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["traces", "run.json", "--tools", "tools.json"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-2:] == [
        "Problems (records skipped or repaired):",
        "  tools.json: tools file: none of its 1 tools carries annotations.readOnlyHint, so "
        "it says nothing about which tools only read, and their kinds come from the verbs in "
        'their names; add "annotations": {"readOnlyHint": true} to each tool that only reads '
        "(false to each that changes something)",
    ]
