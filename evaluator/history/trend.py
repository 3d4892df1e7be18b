"""Trends: metrics over runs per suite and projection, and run-wide trace totals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from ..vocabulary import RUN_TREND_METRICS
from ._helpers import DOC_VERSION, _records

_RUN_METRICS = RUN_TREND_METRICS
_TRACE_TOTALS = (
    "turns",
    "calls",
    "errors",
    "retries",
    "followups",
    "duplicates",
    "hedges",
    "result_tokens",
    "billed_input_tokens",
)
# What a trend row compares with the previous run of the same suite and projection.
_CHANGED = (
    ("suite_digest", "suite"),
    ("fixtures_digest", "fixtures"),
    ("target", "target"),
    ("projection_digest", "projection"),
    ("tokenizer", "tokenizer"),
    ("projeval_version", "projeval"),
    ("git_commit", "commit"),
)

_TREND_COLUMNS = [
    "run_id",
    "started_at",
    "git_commit",
    "git_dirty",
    "tokenizer",
    "projeval_version",
    "suite",
    "projection",
    "coverage",
    "answerable",
    "questions_total",
    "error",
    "tokens",
    "bytes",
    "changed",
    "suite_digest",
    "fixtures_digest",
    "target",
    "projection_digest",
]


@dataclass
class Trend:
    """Metrics over runs: ``projections`` per run, suite and projection; ``traces`` per run.

    The ``changed`` column of ``projections`` names what differs from the
    previous run of the same suite and projection: suite, fixtures, target,
    projection (its source), tokenizer, projeval, commit.
    """

    suite: str | None
    projection: str | None
    metric: str | None
    projections: pd.DataFrame
    traces: pd.DataFrame

    def to_pandas(self) -> pd.DataFrame:
        """One frame: per-projection rows with the run-wide trace totals joined on.

        With ``metric`` set, only the keys and that metric (a trace metric gives
        one row per run).
        """
        keys = ["run_id", "started_at", "git_commit", "git_dirty"]
        if self.metric in _RUN_METRICS:
            return self.traces[[*keys, self.metric]].reset_index(drop=True)
        run_wide = self.traces[["run_id", *_RUN_METRICS]] if len(self.traces) else None
        frame = self.projections
        if run_wide is not None:
            frame = frame.merge(run_wide, on="run_id", how="left")
        if self.metric:
            return frame[[*keys, "suite", "projection", self.metric, "changed"]].reset_index(
                drop=True
            )
        return frame.reset_index(drop=True)

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "version": DOC_VERSION,
            "suite": self.suite,
            "projection": self.projection,
            "metric": self.metric,
            "projections": _records(self.projections),
            "traces": _records(self.traces),
        }

    def __repr__(self) -> str:
        runs = self.projections["run_id"].nunique() if len(self.projections) else 0
        what = ", ".join(
            f"{k}={v!r}"
            for k, v in (
                ("suite", self.suite),
                ("projection", self.projection),
                ("metric", self.metric),
            )
            if v is not None
        )
        return f"<Trend {what + ' ' if what else ''}runs={runs} rows={len(self.projections)}>"


def _changed(frame: pd.DataFrame) -> pd.Series:
    """What differs from the previous row of the same suite and projection."""
    if not len(frame):
        return pd.Series([], dtype=object)
    group = frame.groupby(["suite", "projection"], sort=False)
    first = group.cumcount() == 0
    flags = []
    for column, label in _CHANGED:
        current = frame[column].astype(object).where(frame[column].notna(), "")
        previous = group[column].shift().astype(object)
        previous = previous.where(previous.notna(), "")
        flags.append(((current != previous) & ~first).rename(label))
    matrix = pd.concat(flags, axis=1)
    labels = list(matrix.columns)
    return pd.Series(
        [
            ", ".join(lab for lab, hit in zip(labels, row, strict=True) if hit)
            for row in matrix.values
        ],
        index=frame.index,
        dtype=object,
    )
