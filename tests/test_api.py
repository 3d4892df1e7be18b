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
