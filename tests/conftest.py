"""Shared test helpers: build tiny suites, fixtures and projections in a folder."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def repo() -> Path:
    """The repository root (the shipped example lives here)."""
    return REPO


@pytest.fixture
def make_suite(tmp_path: Path) -> Callable[..., Path]:
    """Write a suite YAML, its fixtures and a projections module; return the YAML path.

    ``fixtures`` maps file names to JSON values; ``code`` is the source of
    ``proj.py`` (projections are referenced as ``proj.py:<name>``).
    """

    def build(
        yaml_text: str,
        fixtures: dict[str, Any] | None = None,
        code: str = "",
        name: str = "suite.yaml",
    ) -> Path:
        for fname, value in (fixtures or {}).items():
            (tmp_path / fname).write_text(json.dumps(value), encoding="utf-8")
        if code:
            (tmp_path / "proj.py").write_text(textwrap.dedent(code), encoding="utf-8")
        path = tmp_path / name
        path.write_text(textwrap.dedent(yaml_text).lstrip(), encoding="utf-8")
        return path

    return build
