"""The public API: ``import projeval`` stays light, and docs/api.md's examples run."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import projeval
import pytest


def test_docs_api_examples_run(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(repo)  # the examples use the shipped example's relative paths
    monkeypatch.delenv("PROJEVAL_DB", raising=False)
    result = doctest.testfile(
        str(repo / "docs/api.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        raise_on_error=False,
    )
    assert result.attempted > 40
    assert result.failed == 0


def test_all_names_resolve() -> None:
    for name in projeval.__all__:
        assert getattr(projeval, name) is not None, name
    assert set(dir(projeval)) >= set(projeval.__all__)
    with pytest.raises(AttributeError, match="has no attribute 'nosuch'"):
        projeval.nosuch  # noqa: B018


def test_all_matches_the_lazy_table() -> None:
    assert projeval.__all__ == sorted(["__version__", *projeval._EXPORTS])


def test_import_is_light() -> None:
    # A fresh interpreter: pandas, DuckDB and tiktoken load only when a name needs them.
    code = (
        "import sys, projeval\n"
        "heavy = [m for m in ('pandas', 'duckdb', 'tiktoken', 'jinja2', 'click') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out == "[]\n"


def test_score_on_the_shipped_example_loads_no_table_or_chart_library() -> None:
    # ``projeval score`` starts in under 1.5 s only if it leaves pandas, DuckDB and
    # matplotlib alone (benchmarks/bench_startup.py measures it; this keeps it true).
    code = (
        "import sys\nfrom projeval.cli import main\n"
        "try:\n    main(['score', '-q'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('pandas', 'duckdb', 'matplotlib', 'jinja2') if m in sys.modules]\n"
        "print(heavy, file=sys.stderr)\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert "support-desk" in done.stdout  # it scored
    assert done.stderr.splitlines()[-1] == "[]"
