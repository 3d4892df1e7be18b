"""Run history: the recorded runs, trends over them and diffs between two.

    from . import open_history, render_diff
    history = open_history(".projeval/history.duckdb")
    history.runs().to_pandas()                      # one row per run
    history.trend("support-desk", "compact_v2").to_pandas()
    print(render_diff(history.diff()))              # the last two runs

A thin layer over :mod:`projeval.store`, which owns the SQL: this module pairs
two runs' rows up, names what changed and renders plain text. Every query opens
the store read-only and closes it again, so a writer can take turns with it.
The library never prints; the CLI prints what the ``render_*`` functions return.
"""

from __future__ import annotations

from ..text.history import render_diff, render_history, render_trend
from ..vocabulary import TREND_METRICS
from .diff import CHANGE_COLUMNS, DIRECTIONS, RunDiff
from .history import History, HistoryQueryError, open_history
from .runs import RunList, RunRef, RunSummary
from .trend import Trend

__all__ = [
    "CHANGE_COLUMNS",
    "DIRECTIONS",
    "TREND_METRICS",
    "History",
    "HistoryQueryError",
    "RunDiff",
    "RunList",
    "RunRef",
    "RunSummary",
    "Trend",
    "open_history",
    "render_diff",
    "render_history",
    "render_trend",
]
