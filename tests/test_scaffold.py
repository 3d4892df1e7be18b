"""``projeval init``: a draft project that ``projeval score`` runs on at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from projeval.cli import cli
from projeval.errors import ConfigError
from projeval.scaffold import init_project

PAGE = {
    "items": [
        {"id": "tkt_a41c0d5e", "subject": "Card declined", "opened": "2026-11-28T09:14:22Z"},
        {"id": "tkt_77b0e2f3", "subject": "Refund", "opened": None, "owner": {"id": "usr_91"}},
    ],
    "total": 2,
}

SUITE = """\
# A draft written by `projeval init`: pick the fields your questions need,
# write the questions, add your projections; then run `projeval score`.
version: 1
suite: "search-tickets"
tool: "search_tickets"
fixtures:
  - "../page.json"
fields:
  # Every leaf of the fixtures, with the kind projeval infers (id, code, enum, time,
  # url, text, name, number, bool) and a sample value. Uncomment the ones your
  # questions need; the kind may go (it is inferred anyway) or be corrected.
  items_id: {path: "items[].id", kind: id}   # e.g. "tkt_a41c0d5e"
  # subject: {path: "items[].subject", kind: text}   # e.g. "Card declined"
  # opened: {path: "items[].opened", kind: time}   # e.g. "2026-11-28T09:14:22Z"
  # owner_id: {path: "items[].owner.id", kind: id}   # e.g. "usr_91"
  # total: {path: "total", kind: number}   # e.g. 2
projections:
  raw: "../projections/search_tickets.py:raw"
questions:
  # One example question, so that the draft scores: replace it with the questions
  # your agent is asked about this tool's results, each naming the fields it needs.
  - id: "which-items-id"
    text: "Which items_id does the result hold?"
    needs: [items_id]
"""

NEXT = """\
Wrote projeval.toml, question_sets/search_tickets.yaml, projections/search_tickets.py.

Next:
  1. In question_sets/search_tickets.yaml, uncomment the fields your agent's questions need (all 5 are listed, with their kinds) and write those questions.
  2. Write the projection your tool returns to the model beside `raw` and list it under projections:.
  3. projeval score                  # coverage, tokens and findings per projection
  4. projeval check --fail-under 90  # the same as a CI gate
"""


@pytest.fixture
def empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PROJEVAL_DB", raising=False)
    return tmp_path


def test_init_then_score_runs_at_once(empty: Path) -> None:
    (empty / "page.json").write_text(json.dumps(PAGE), encoding="utf-8")
    runner = CliRunner()
    init = runner.invoke(cli, ["init", "page.json", "--tool", "search_tickets"])
    assert init.exit_code == 0, init.output
    assert init.stdout == NEXT
    assert (empty / "question_sets" / "search_tickets.yaml").read_text(encoding="utf-8") == SUITE
    assert (empty / "projeval.toml").read_text(encoding="utf-8").splitlines()[-1] == (
        'suites = ["question_sets/search_tickets.yaml"]'
    )
    score = runner.invoke(cli, ["score"])
    assert score.exit_code == 0, score.output
    lines = score.stdout.splitlines()
    assert lines[0] == (
        "search-tickets (question_sets/search_tickets.yaml): tool search_tickets, "
        "1 question, total weight 1"
    )
    assert lines[2].split()[:3] == ["raw", "100.0%", "1/1"]
    assert score.stderr == ""
    # Every commented field is a valid entry: uncommented, the suite still scores.
    text = SUITE.replace("  # subject:", "  subject:").replace("  # opened:", "  opened:")
    (empty / "question_sets" / "search_tickets.yaml").write_text(text, encoding="utf-8")
    assert runner.invoke(cli, ["score"]).exit_code == 0


def test_init_without_a_fixture_writes_an_example_that_scores(empty: Path) -> None:
    runner = CliRunner()
    init = runner.invoke(cli, ["init"])
    assert init.exit_code == 0, init.output
    assert init.stdout.splitlines()[0] == (
        "Wrote projeval.toml, question_sets/example_tool.yaml, projections/example_tool.py, "
        "fixtures/example.json."
    )
    score = runner.invoke(cli, ["score", "-q"])
    assert score.exit_code == 0, score.output
    assert score.stdout.splitlines()[2].split()[:3] == ["raw", "100.0%", "1/1"]


def test_init_never_overwrites(empty: Path) -> None:
    assert CliRunner().invoke(cli, ["init"]).exit_code == 0
    again = CliRunner().invoke(cli, ["init"])
    assert again.exit_code == 1
    assert again.stderr == (
        f"Error: {empty.resolve() / 'projeval.toml'}: this folder already has a projeval "
        "config. Fix: add a suite to its `suites` list by hand, or run projeval init in "
        "another folder\n"
    )
    (empty / "projeval.toml").unlink()
    with pytest.raises(ConfigError, match="would overwrite this file"):
        init_project(empty)


def test_a_fixture_that_is_not_json(empty: Path) -> None:
    (empty / "page.json").write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(cli, ["init", "page.json"])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: page.json: not a JSON file (")
    assert not (empty / "projeval.toml").exists()
