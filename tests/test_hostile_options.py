"""Hostile config files and options: every mistake is fatal, with one clear sentence.

A config or option that is silently ignored, or a number that is NaN, infinite,
negative or zero where that makes no sense, would turn the gate green or a
limit off; each one here must stop the command instead.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner
from projeval.cli import cli
from projeval.config import load_project
from projeval.errors import ConfigError
from projeval.gate import GateConfig

SUITE = """\
suite: tiny
tool: search
fixtures: [page.json]
fields:
  ticket_id: {path: "data[].id", kind: id}
projections:
  raw: proj.py:raw
questions:
  - id: q1
    text: Which ticket?
    needs: [ticket_id]
"""
PAGE = {"data": [{"id": "tkt_1a2b3c4d"}]}
CODE = "def raw(page):\n    return page\n"


@pytest.fixture
def project(make_suite: Callable[..., Path], monkeypatch: pytest.MonkeyPatch) -> Path:
    """A one-suite project, the current folder."""
    path = make_suite(SUITE, {"page.json": PAGE}, CODE)
    monkeypatch.chdir(path.parent)
    monkeypatch.delenv("PROJEVAL_DB", raising=False)
    return path.parent


def test_a_toml_syntax_error_in_pyproject_is_fatal_with_its_line(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.projeval]\nsuites = ["suite.yaml"\n[tool.projeval.check]\nfail_under = 90\n',
        encoding="utf-8",
    )
    with pytest.raises(ConfigError) as info:
        load_project()
    assert info.value.file == str(project / "pyproject.toml")
    assert info.value.position == "3:1"
    assert info.value.render().endswith("Fix: correct the TOML syntax")
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == 1
    assert f"{project / 'pyproject.toml'}:3:1: invalid TOML: unclosed array." in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("timeout = nan", "timeout must be a finite number of seconds above 0, not nan"),
        ("timeout = inf", "timeout must be a finite number of seconds above 0, not inf"),
        ("timeout = 0", "timeout must be a finite number of seconds above 0, not 0"),
        ("timeout = -1", "timeout must be a finite number of seconds above 0, not -1"),
        ("max_output_bytes = 0", "max_output_bytes must be 1 or more, not 0"),
        ("max_output_bytes = -5", "max_output_bytes must be 1 or more, not -5"),
    ],
)
def test_config_numbers_must_be_finite_and_in_range(project: Path, line: str, message: str) -> None:
    (project / "projeval.toml").write_text(f"{line}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_project()
    assert info.value.render().startswith(f"{project / 'projeval.toml'}: {message} (top level).")


@pytest.mark.parametrize(
    "line",
    ["fail_under = nan", "max_token_ratio = nan", "max_token_ratio = inf", "fail_under = -inf"],
)
def test_gate_thresholds_must_be_finite(project: Path, line: str) -> None:
    (project / "projeval.toml").write_text(f"[check]\n{line}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        GateConfig.from_table(load_project().check, file=project / "projeval.toml")
    assert "must be" in info.value.message
    result = CliRunner().invoke(cli, ["check", "suite.yaml"])
    assert result.exit_code == 1, result.output
    assert "Error: " in result.output and "passed" not in result.output


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["check", "suite.yaml", "--max-token-ratio", "nan"], "--max-token-ratio"),
        (["check", "suite.yaml", "--max-token-ratio", "inf"], "--max-token-ratio"),
        (["check", "suite.yaml", "--fail-under", "nan"], "--fail-under"),
        (["questions", "mine", "x.jsonl", "--tool", "t", "--threshold", "-1"], "--threshold"),
        (["questions", "mine", "x.jsonl", "--tool", "t", "--threshold", "nan"], "--threshold"),
        (["questions", "mine", "x.jsonl", "--tool", "t", "--min-support", "-5"], "--min-support"),
        (["cost", "suite.yaml", "--fields", "-1"], "--fields"),
        (["history", "--limit", "-1"], "--limit"),
        (["history", "--limit", "0"], "--limit"),
        (["trend", "--last", "-1"], "--last"),
    ],
)
def test_numeric_options_must_be_finite_and_in_range(
    project: Path, args: list[str], option: str
) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert f"Invalid value for '{option}'" in result.output


# --------------------------------------------------------------------------------------
# Arguments: run ids, "-", empty and over-long paths, a hand-edited stored document


@pytest.fixture
def recorded(project: Path) -> Path:
    """The project with two runs recorded in its store."""
    (project / "projeval.toml").write_text('suites = ["suite.yaml"]\n', encoding="utf-8")
    for _ in range(2):
        result = CliRunner().invoke(cli, ["run", "--no-report"])
        assert result.exit_code == 0, result.output
    return project / ".projeval" / "history.duckdb"


def test_run_ids_are_validated(recorded: Path) -> None:
    for bad in ("abc", "0", "-3", "99"):
        result = CliRunner().invoke(cli, ["report", "--run", bad])
        assert result.exit_code == 1, result.output
        assert f"Error: {recorded}: no run {bad} in the store." in result.output
    result = CliRunner().invoke(cli, ["report", "--run", "-1", "--out", "-"])
    assert result.exit_code == 0, result.output
    assert result.output.lower().startswith("<!doctype html>")


def test_diff_takes_negative_run_ids_as_the_help_says(recorded: Path) -> None:
    by_id = CliRunner().invoke(cli, ["diff", "1", "2"])
    by_offset = CliRunner().invoke(cli, ["diff", "-2", "-1"])
    assert by_offset.exit_code == 0, by_offset.output
    assert by_offset.output == by_id.output


def test_out_dash_is_standard_output(project: Path) -> None:
    result = CliRunner().invoke(cli, ["score", "suite.yaml", "--format", "json", "--out", "-"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["suites"][0]["name"] == "tiny"
    assert not (project / "-").exists()


def test_an_empty_config_path_is_one_clear_error(project: Path) -> None:
    result = CliRunner().invoke(cli, ["--config", "", "score", "suite.yaml"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: .: config path is a folder.")


@pytest.mark.parametrize("where", [["score", "{long}.yaml"], ["history", "--db", "{long}.duckdb"]])
def test_a_path_too_long_for_the_filesystem_is_one_clear_error(
    project: Path, where: list[str]
) -> None:
    long = "x" * 5000
    result = CliRunner().invoke(cli, [w.format(long=long) for w in where])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "too long" in result.output.lower()


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("{not json", "the stored document of run 2 is not valid JSON"),
        ("[1, 2]", "the stored document of run 2 is not a JSON object."),
        ('{"suites": [{"name": "x"}]}', "the stored document of run 2 is not one projeval wrote"),
        ('{"suites": 5}', "the stored document of run 2 is not one projeval wrote"),
    ],
)
def test_a_hand_edited_stored_document_is_one_clear_error(
    recorded: Path, document: str, message: str
) -> None:
    con = duckdb.connect(str(recorded))
    con.execute("UPDATE run_documents SET document = ? WHERE run_id = 2", [document])
    con.close()
    result = CliRunner().invoke(cli, ["report"])
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert "Traceback" not in result.output
