"""``projeval.testing``: assert_covers and the pytest plugin (through pytester)."""

from __future__ import annotations

import textwrap
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from projeval.suites import load_suite
from projeval.testing import assert_covers

pytest_plugins = ["pytester"]

COMPACT_V1 = """\
FAILED support-desk / compact_v1: coverage 70.0% < 90.0%; 4 dropped needed fields (max 0)
  dropped needed field sla_due_at: breach-soon (weight 6), sla-report (weight 2)
  dropped needed field description: whats-the-problem (weight 3)
  dropped needed field customer_note: customer-note (weight 2)
  dropped needed field total: match-count (weight 2)
  lossy field created_at: hours-open (weight 3)
    kept to the day only; the question needs hour precision"""

# A project in one folder: its config, suite, fixture and projections, and a test file.
PROJECT = {
    "projeval.toml": 'suites = ["suite.yaml"]\n',
    "suite.yaml": """\
        suite: tiny
        tool: get_tickets
        fixtures: [page.json]
        fields:
          ticket_id: {path: "items[].id", kind: id}
          due: items[].due
        projections:
          full: proj.py:full
          slim: proj.py:slim
        questions:
          - {id: due-soon, text: Which tickets are due soon?, weight: 3,
             needs: [ticket_id, {field: due, precision: minute}]}
          - {id: list, text: Which tickets are open?, weight: 1, needs: [ticket_id]}
        """,
    "page.json": '{"items": [{"id": "t1", "due": "2026-11-28T12:30:00Z"}]}\n',
    "proj.py": """\
        def full(page):
            return page["items"]

        def slim(page):
            return [{"id": i["id"], "due": i["due"][:10]} for i in page["items"]]
        """,
    "test_user_projections.py": """\
        from projeval.testing import assert_covers

        def test_config(projeval_project):
            assert [p.name for p in projeval_project.suites] == ["suite.yaml"]

        def test_full(projeval_project):
            assert_covers(projeval_project.suites[0], "full", root=projeval_project.root)

        def test_slim(projeval_project):
            assert_covers(projeval_project.suites[0], "slim", 0.9, root=projeval_project.root)
        """,
}

SLIM_FAILURE = [
    "E   *AssertionError: FAILED tiny / slim: coverage 25.0% < 90.0%",
    "E   *  lossy field due: due-soon (weight 3)",
    "E   *    kept to the day only; the question needs minute precision",
]


def _plugin_installed() -> bool:
    return bool(entry_points(group="pytest11", name="projeval"))


def _write_project(folder: Path) -> None:
    for name, text in PROJECT.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")


def test_assert_covers_passes_and_returns_the_check(repo: Path) -> None:
    suite = repo / "question_sets/support_desk.yaml"
    check = assert_covers(suite, "compact_v2", 0.9, max_dropped_needed=2, root=repo)
    assert (check.projection, check.answerable, check.passed) == ("compact_v2", 14, True)


def test_assert_covers_fails_with_the_cli_block(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(repo)
    suite = load_suite("question_sets/support_desk.yaml")
    with pytest.raises(AssertionError) as info:
        assert_covers(suite, "compact_v1", min_coverage=0.9)
    assert str(info.value) == COMPACT_V1


def test_assert_covers_rejects_a_percentage(repo: Path) -> None:
    with pytest.raises(ValueError, match="min_coverage is a fraction from 0 to 1, not 90"):
        assert_covers(repo / "question_sets/support_desk.yaml", "compact_v2", 90)


def test_plugin_fixture_and_failure_output(pytester: pytest.Pytester) -> None:
    _write_project(pytester.path)
    # Once installed, the plugin loads from its entry point; before, it is named here.
    args = [] if _plugin_installed() else ["-p", "projeval.testing"]
    # In process, the module is already imported, so pytest cannot rewrite it (harmless).
    result = pytester.runpytest(*args, "-W", "ignore::pytest.PytestAssertRewriteWarning")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(SLIM_FAILURE, consecutive=True)


def test_entry_point_provides_the_fixture(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The ``pytest11`` entry point line proposed for pyproject.toml, as an installed package has it."""
    site = tmp_path / "site"
    dist = site / "projeval_plugin_probe-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: projeval-plugin-probe\nVersion: 0\n", encoding="utf-8"
    )
    (dist / "entry_points.txt").write_text(
        "[pytest11]\nprojeval = projeval.testing\n", encoding="utf-8"
    )
    monkeypatch.setenv("PYTHONPATH", str(site))
    _write_project(pytester.path)
    result = pytester.runpytest_subprocess("-k", "config or full")
    result.assert_outcomes(passed=2, deselected=1)
