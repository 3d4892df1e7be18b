"""Paths as projeval shows them: relative to the current folder when below it."""

from __future__ import annotations

from pathlib import Path


def display_path(path: Path | str) -> str:
    """A path relative to the current folder when it is below it (shorter, and stable)."""
    try:
        return Path(path).resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()
