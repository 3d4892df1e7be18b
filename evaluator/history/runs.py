"""The recorded runs: one :class:`RunSummary` per run and the :class:`RunList` of them."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pandas as pd

from ..text.numbers import commit, when
from ._helpers import DOC_VERSION, _iso, _missing

#: A run as the user names it: its id, or a negative index from the latest (-1).
RunRef = int | str


@dataclass(frozen=True)
class RunSummary:
    """One recorded run: when, from which commit, with which suites."""

    run_id: int
    started_at: datetime
    projeval_version: str
    git_commit: str | None
    git_dirty: bool | None
    tokenizer: str | None
    suites: tuple[str, ...]
    projections: int = 0
    traces: int = 0
    #: Suites that failed to load and projections that failed: a run with any is partial
    #: (recorded, never a baseline).
    errors: int = 0

    @property
    def partial(self) -> bool:
        """True when a suite failed to load or a projection failed in this run."""
        return self.errors > 0

    @classmethod
    def from_row(cls, row: Mapping[Hashable, Any]) -> RunSummary:
        """From a row of :meth:`StoreReader.run_list`."""
        started = pd.Timestamp(row["started_at"])
        started = started.tz_localize(UTC) if started.tzinfo is None else started
        suites = "" if _missing(row["suites"]) else str(row["suites"])
        return cls(
            run_id=int(row["run_id"]),
            started_at=started.to_pydatetime(),
            projeval_version=str(row["projeval_version"]),
            git_commit=None if _missing(row["git_commit"]) else str(row["git_commit"]),
            git_dirty=None if _missing(row["git_dirty"]) else bool(row["git_dirty"]),
            tokenizer=None if _missing(row["tokenizer"]) else str(row["tokenizer"]),
            suites=tuple(s for s in suites.split(",") if s),
            projections=int(row["projections"]),
            traces=int(row["traces"]),
            errors=int(row["errors"]),
        )

    def label(self) -> str:
        """``run 3 (2026-11-28 12:00:00 UTC, commit e552f63a)``."""
        sha = commit(self.git_commit, self.git_dirty)
        return f"run {self.run_id} ({when(self.started_at)} UTC, commit {sha})"

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "run_id": self.run_id,
            "started_at": _iso(self.started_at),
            "projeval_version": self.projeval_version,
            "git_commit": self.git_commit,
            "git_dirty": self.git_dirty,
            "tokenizer": self.tokenizer,
            "suites": list(self.suites),
            "projections": self.projections,
            "traces": self.traces,
            "errors": self.errors,
            "partial": self.partial,
        }


@dataclass
class RunList:
    """The recorded runs, oldest first."""

    runs: list[RunSummary]
    total: int = 0

    def to_pandas(self) -> pd.DataFrame:
        """One row per run."""
        columns = [*RunSummary.__dataclass_fields__, "partial"]
        frame = pd.DataFrame([r.to_dict() for r in self.runs], columns=columns)
        if len(frame):
            frame["started_at"] = pd.to_datetime(frame["started_at"], utc=True)
            frame["suites"] = frame["suites"].map(lambda s: ",".join(s))
        return frame

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "version": DOC_VERSION,
            "total": self.total,
            "runs": [r.to_dict() for r in self.runs],
        }

    def __repr__(self) -> str:
        ids = ", ".join(str(r.run_id) for r in self.runs)
        return f"<RunList {len(self.runs)} of {self.total} runs: [{ids}]>"
