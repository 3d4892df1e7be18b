"""Assertions for a project's own test suite, and a pytest plugin.

::

    from .testing import assert_covers

    def test_compact_v2_answers_the_questions():
        assert_covers("question_sets/support_desk.yaml", "compact_v2", min_coverage=0.9,
                      max_dropped_needed=2)

A failure raises ``AssertionError`` with the same block ``projeval check``
prints. Installed, projeval registers this module as the pytest plugin
``projeval`` (entry point ``pytest11``), which adds the ``projeval_project``
fixture. Imports are deferred so that loading the plugin costs nothing in
test sessions that do not use it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .config import Project
    from .gate import ProjectionCheck
    from .suites import Suite

__all__ = ["assert_covers", "projeval_project"]


def assert_covers(
    suite: str | Path | Suite,
    projection: str,
    min_coverage: float = 0.95,
    *,
    max_dropped_needed: int | None = 0,
    root: str | Path | None = None,
) -> ProjectionCheck:
    """Fail unless ``projection`` answers at least ``min_coverage`` (0 to 1) of ``suite``'s weight.

    ``suite`` is a suite file or a loaded :class:`~projeval.suites.Suite`;
    ``root`` is where ``module:function`` projections import from (default:
    the current folder). ``max_dropped_needed=None`` allows any number of
    dropped needed fields. Returns the projection's check when it passes.
    """
    __tracebackhide__ = True  # pytest shows the caller's line, not this one
    from .gate import GateConfig, check_gate
    from .gatereport import render_failure
    from .run import RunResult, SuiteRun, choose_projections
    from .score import score_suite
    from .suites import Suite, load_suite

    if not 0 <= min_coverage <= 1:
        raise ValueError(f"min_coverage is a fraction from 0 to 1, not {min_coverage!r}")
    loaded = suite if isinstance(suite, Suite) else load_suite(suite, root=root)
    scored = score_suite(loaded, choose_projections(loaded, [projection]))
    scored.close()
    # Coverage and dropped fields only: no cost or contract checks, so it stays quick.
    run = RunResult([SuiteRun(scored)])
    config = GateConfig(
        fail_under=min_coverage * 100,
        max_dropped_needed=max_dropped_needed,
        projections=(projection,),
    )
    (check,) = check_gate(run, config).checks
    if not check.passed:
        raise AssertionError(render_failure(check))
    return check


try:
    import pytest
except ImportError:  # used without pytest: assert_covers still works
    pytest = None  # type: ignore[assignment]

if pytest is not None:

    @pytest.fixture
    def projeval_project(request: pytest.FixtureRequest) -> Project:
        """The project config of the test run's root folder (projeval.toml or pyproject.toml)."""
        from .config import load_project

        return load_project(root=Path(request.config.rootpath))
