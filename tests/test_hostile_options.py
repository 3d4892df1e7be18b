"""Hostile config files and options: every mistake is fatal, with one clear sentence.

A config or option that is silently ignored, or a number that is NaN, infinite,
negative or zero where that makes no sense, would turn the gate green or a
limit off; each one here must stop the command instead.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

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
