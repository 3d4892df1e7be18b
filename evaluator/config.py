"""The project config: which suites to score, where the history and report go.

Read from ``projeval.toml`` (top-level keys) or from ``[tool.projeval]`` in
``pyproject.toml``: the nearest one, looking in the current folder and then in
each parent up to the repository root (the first folder holding ``.git``; the
filesystem root outside a repository). Every key is optional; paths are
relative to the config file. The environment variable ``PROJEVAL_DB``
overrides ``db``; command-line options override both.
"""

from __future__ import annotations

import difflib
import math
import os
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ConfigError, ProjevalError
from .projections import (
    DEFAULT_BUDGET,
    DEFAULT_MAX_MEMORY_MB,
    DEFAULT_MAX_OUTPUT_BYTES,
    DEFAULT_TIMEOUT,
    Limits,
)
from .tokens import DEFAULT_ENCODING, ENCODINGS

DEFAULT_DB = ".projeval/history.duckdb"
DEFAULT_REPORT = "reports/index.html"
DB_ENV = "PROJEVAL_DB"

_KEYS: dict[str, type | tuple[type, ...]] = {
    "suites": list,
    "traces": list,
    "db": str,
    "report": str,
    "tokenizer": str,
    "timeout": (int, float),
    "max_output_bytes": int,
    "max_memory_mb": int,
    "budget": (int, float),
    "check": dict,
    "dask_address": str,
}


@dataclass
class Project:
    """A project's settings, resolved to absolute paths."""

    root: Path
    suites: list[Path] = field(default_factory=list)
    traces: list[str] = field(default_factory=list)
    db: Path = Path(DEFAULT_DB)
    report: Path = Path(DEFAULT_REPORT)
    tokenizer: str = DEFAULT_ENCODING
    timeout: float = DEFAULT_TIMEOUT
    max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES
    max_memory_mb: int = DEFAULT_MAX_MEMORY_MB
    budget: float = DEFAULT_BUDGET
    check: dict[str, Any] = field(default_factory=dict)
    dask_address: str | None = None  # the Dask scheduler for ``--engine dask``
    source: Path | None = None

    @property
    def limits(self) -> Limits:
        """The limits every projection call of a suite runs under."""
        return Limits(self.timeout, self.max_output_bytes, self.max_memory_mb, self.budget)

    def suite_files(self, names: Sequence[str] = ()) -> list[Path]:
        """Suite files from names given by the user (paths, or names of configured suites:
        ``support-desk`` for ``question_sets/support_desk.yaml``), or the configured ones."""
        if not names:
            if not self.suites:
                raise ProjevalError(
                    "no suites given and none configured.",
                    fix="pass a suite file (projeval score question_sets/x.yaml) or list "
                    "suites under [tool.projeval] in pyproject.toml or in projeval.toml",
                )
            return list(self.suites)
        out = []
        for name in names:
            path = Path(name)
            if path.suffix in (".yaml", ".yml") or path.exists():
                out.append(path)
                continue
            matches = [p for p in self.suites if name in (p.stem, p.stem.replace("_", "-"))]
            if not matches:
                known = ", ".join(p.stem for p in self.suites) or "none configured"
                raise ProjevalError(
                    f"no suite named {name!r}.", fix=f"use a suite file or one of: {known}"
                )
            out.extend(matches)
        return out


def find_config(start: Path | None = None) -> Path | None:
    """The nearest config from ``start`` (default: the current folder) up to the repository root.

    In each folder, ``projeval.toml`` wins over a ``pyproject.toml`` with
    ``[tool.projeval]``; the walk stops at the first folder holding ``.git``.
    """
    folder = (start or Path.cwd()).resolve()
    for candidate in (folder, *folder.parents):
        found = _config_in(candidate)
        if found is not None or (candidate / ".git").exists():
            return found
    return None


def _config_in(folder: Path) -> Path | None:
    candidate = folder / "projeval.toml"
    if candidate.is_file():
        return candidate
    pyproject = folder / "pyproject.toml"
    if pyproject.is_file():
        # A pyproject.toml that does not parse is fatal: skipping it would drop its
        # [tool.projeval.check] thresholds without a word and turn the gate green.
        data = _read_toml(pyproject)
        if "projeval" in data.get("tool", {}):
            return pyproject
    return None


def load_project(config: str | Path | None = None, root: Path | None = None) -> Project:
    """Load the project config (or defaults when there is none)."""
    path = Path(config) if config is not None else find_config(root)
    if path is None:
        base = (root or Path.cwd()).resolve()
        return _finish(Project(root=base), {})
    data = _read_toml(path)
    tool = data.get("tool")
    if path.name == "pyproject.toml" or (
        # The README's example pasted into projeval.toml: its one table is read, as in
        # pyproject.toml, rather than refused as an unknown key "tool".
        set(data) == {"tool"} and isinstance(tool, dict) and set(tool) == {"projeval"}
    ):
        data = data.get("tool", {}).get("projeval", {})
        where = "[tool.projeval]"
    else:
        where = "top level"
    project = Project(root=path.parent.resolve(), source=path)
    for key, value in data.items():
        expected = _KEYS.get(key)
        if expected is None:
            hint = difflib.get_close_matches(key, list(_KEYS), n=1)
            raise ConfigError(
                f"unknown key {key!r} ({where}).",
                file=path,
                fix=f"did you mean {hint[0]!r}?" if hint else f"use one of: {', '.join(_KEYS)}",
            )
        if not isinstance(value, expected) or isinstance(value, bool):
            raise ConfigError(f"key {key!r} has the wrong type ({where}).", file=path)
        problem = _out_of_range(key, value)
        if problem:
            raise ConfigError(f"{problem} ({where}).", file=path, fix=_RANGE_FIXES[key])
    return _finish(project, data)


# A TOML file is small; a bigger one is a mistake (or /dev/zero), not a config.
_MAX_CONFIG_BYTES = 1 << 20
_TOML_POSITION = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$")
_RANGE_FIXES = {
    "timeout": "e.g. timeout = 10 (seconds per projection call)",
    "max_output_bytes": "e.g. max_output_bytes = 1000000",
}


def _read_toml(path: Path) -> dict[str, Any]:
    """Parse one TOML file; every failure is a ConfigError naming the file (and line)."""
    try:
        if not path.is_file():
            what = "a folder" if path.is_dir() else "not a regular file"
            if not path.exists():
                raise FileNotFoundError(path)
            raise ConfigError(
                f"config path is {what}.", file=path, fix="point --config at a .toml file"
            )
        with path.open("rb") as handle:
            raw = handle.read(_MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        raise ConfigError(
            "config file not found.", file=path, fix="check the --config path"
        ) from None
    except OSError as exc:
        raise ConfigError(
            f"config file cannot be read ({exc.strerror or exc}).", file=path
        ) from None
    if len(raw) > _MAX_CONFIG_BYTES:
        raise ConfigError(
            "config file is larger than 1 MB.", file=path, fix="point --config at a .toml file"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ConfigError("config file is not UTF-8.", file=path, fix="save it as UTF-8") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _TOML_POSITION.search(message)
        position = None
        if found:
            position = f"{found[1]}:{found[2]}" if found[1] else str(text.count("\n") + 1)
        message = message[: found.start()] if found else message
        raise ConfigError(
            f"invalid TOML: {message[:1].lower()}{message[1:]}.",
            file=path,
            position=position,
            fix="correct the TOML syntax",
        ) from None


def _out_of_range(key: str, value: Any) -> str | None:
    """Why a numeric config value cannot be used (NaN, infinite, zero or negative)."""
    if key == "timeout" and not (math.isfinite(value) and value > 0):
        return f"timeout must be a finite number of seconds above 0, not {value:g}"
    if key == "max_output_bytes" and value < 1:
        return f"max_output_bytes must be 1 or more, not {value}"
    return None


def _finish(project: Project, data: dict[str, Any]) -> Project:
    root = project.root
    project.suites = [root / s for s in data.get("suites", [])]
    project.traces = [str(root / t) for t in data.get("traces", [])]
    project.db = root / data.get("db", DEFAULT_DB)
    if os.environ.get(DB_ENV):
        project.db = Path(os.environ[DB_ENV])
    project.report = root / data.get("report", DEFAULT_REPORT)
    project.tokenizer = data.get("tokenizer", DEFAULT_ENCODING)
    if project.tokenizer not in ENCODINGS:
        raise ConfigError(
            f"unknown tokenizer {project.tokenizer!r}.",
            file=project.source,
            fix=f"use one of: {', '.join(ENCODINGS)}",
        )
    project.timeout = float(data.get("timeout", DEFAULT_TIMEOUT))
    project.max_output_bytes = int(data.get("max_output_bytes", DEFAULT_MAX_OUTPUT_BYTES))
    project.max_memory_mb = int(data.get("max_memory_mb", DEFAULT_MAX_MEMORY_MB))
    project.budget = float(data.get("budget", DEFAULT_BUDGET))
    project.check = dict(data.get("check", {}))
    project.dask_address = data.get("dask_address")
    return project
