"""The :class:`History` over one store and :func:`open_history`, which opens it."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..errors import StoreError
from ..runrecord import RunRecord
from ..store import DEFAULT_LOCK_TIMEOUT, Store
from ..vocabulary import TREND_METRICS
from ._helpers import _utc
from .diff import RunDiff, _compute_diff
from .runs import RunList, RunRef, RunSummary
from .trend import (
    _TRACE_TOTALS,
    _TREND_COLUMNS,
    Trend,
    _changed,
)


class HistoryQueryError(StoreError):
    """A query names a run, suite, projection or metric the store does not have."""


class History:
    """Read-only queries over one history store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def path(self) -> Path:
        """The store file."""
        return self.store.path

    def __repr__(self) -> str:
        return f"<History {str(self.path)!r}>"

    def runs(self, limit: int | None = None) -> RunList:
        """The recorded runs, oldest first (only the last ``limit`` when given)."""
        with self.store.read() as reader:
            frame = reader.run_list()
        total = len(frame)
        if limit is not None:
            frame = frame.tail(max(limit, 0))
        return RunList([RunSummary.from_row(r) for r in frame.to_dict("records")], total)

    def trend(
        self,
        suite: str | None = None,
        projection: str | None = None,
        metric: str | None = None,
        *,
        last: int | None = None,
    ) -> Trend:
        """Coverage, tokens and the traces' totals over the runs (the last ``last`` ones)."""
        if metric is not None and metric not in TREND_METRICS:
            raise HistoryQueryError(
                f"unknown trend metric {metric!r}.", fix=f"use one of: {', '.join(TREND_METRICS)}"
            )
        with self.store.read() as reader:
            names = reader.names()
            _check_names(names, suite, projection, self.path)
            frame = reader.projection_trend(suite, projection)
            traces = reader.trace_trend()
            order = reader.run_order()
        if not len(frame):
            frame = pd.DataFrame(columns=_TREND_COLUMNS)
        frame = frame.assign(changed=_changed(frame))
        frame = frame[[c for c in _TREND_COLUMNS if c in frame.columns]]
        if not len(traces):
            traces = pd.DataFrame(
                columns=[
                    "run_id",
                    "started_at",
                    "git_commit",
                    "git_dirty",
                    "traces",
                    *_TRACE_TOTALS,
                    "lookups",
                ]
            )
        keep: set[int] | None = None
        if last is not None:
            keep = set(order[-last:]) if last > 0 else set()
        if suite is not None or projection is not None:
            scored = set(frame["run_id"])
            keep = scored if keep is None else keep & scored
        if keep is not None:
            frame = frame[frame["run_id"].isin(keep)]
            traces = traces[traces["run_id"].isin(keep)]
        return Trend(
            suite,
            projection,
            metric,
            _utc(frame).reset_index(drop=True),
            _utc(traces).reset_index(drop=True),
        )

    def diff(self, run_a: RunRef | None = None, run_b: RunRef | None = None) -> RunDiff:
        """Compare two runs; by default the last two. ``run_a`` alone compares it with the latest."""
        with self.store.read() as reader:
            order = reader.run_order()
            b = self._resolve(order, run_b) if run_b is not None else (order[-1] if order else None)
            if run_a is not None:
                a = self._resolve(order, run_a)
            elif b is not None and order.index(b) > 0:
                a = order[order.index(b) - 1]
            else:
                a = None
            if a is None or b is None:
                raise HistoryQueryError(
                    f"the store holds {len(order)} run{'s' if len(order) != 1 else ''}"
                    + ("" if b is None else f" up to run {b}")
                    + "; a diff needs two.",
                    file=self.path,
                    fix="record another run (projeval run), or name two runs",
                )
            summaries = {
                int(r["run_id"]): RunSummary.from_row(r)
                for r in reader.run_list([a, b]).to_dict("records")
            }
            return _compute_diff(reader, summaries[a], summaries[b])

    def run(self, run: RunRef | None = None) -> tuple[int, RunRecord]:
        """``(run_id, record)`` of one run (default: the latest), read back typed.

        Runs recorded before the store kept documents (schema version 2 and older)
        have none: they are in the trend and the diff, not in a report.
        """
        with self.store.read() as reader:
            order = reader.run_order()
            if not order:
                raise HistoryQueryError(
                    "the store holds no runs yet.", file=self.path, fix="record one: projeval run"
                )
            run_id = self._resolve(order, run) if run is not None else order[-1]
            try:
                record = reader.run(run_id)
            except ValueError as exc:
                raise HistoryQueryError(
                    f"run {run_id}: {exc}.", file=self.path, fix="upgrade projeval"
                ) from None
        if record is None:
            raise HistoryQueryError(
                f"run {run_id} was recorded without its document, so it has no report.",
                file=self.path,
                fix="pick a run recorded by `projeval run` (projeval history lists them)",
            )
        return run_id, record

    def _resolve(self, order: list[int], ref: RunRef) -> int:
        text = str(ref).strip()
        try:
            number = int(text)
        except ValueError:
            number = 0
        if number < 0 and -number <= len(order):
            return order[number]
        if number > 0 and number in set(order):
            return number
        raise HistoryQueryError(
            f"no run {text} in the store.",
            file=self.path,
            fix="see the runs with `projeval history`; -1 is the latest, -2 the one before",
        )

    def _frame(self, table: str, run: RunRef | None) -> pd.DataFrame:
        with self.store.read() as reader:
            runs = None if run is None else [self._resolve(reader.run_order(), run)]
            return _utc(reader.table(table, runs)).reset_index(drop=True)

    def results(self, run: RunRef | None = None) -> pd.DataFrame:
        """Projection results (coverage, answerable, error) of every run, or of one."""
        return self._frame("projection_results", run)

    def suites(self, run: RunRef | None = None) -> pd.DataFrame:
        """Suites per run, with their file digests."""
        return self._frame("run_suites", run)

    def fixtures(self, run: RunRef | None = None) -> pd.DataFrame:
        """Fixtures per run and suite, with their digests."""
        return self._frame("run_fixtures", run)

    def questions(self, run: RunRef | None = None) -> pd.DataFrame:
        """Question results: answerable per question and projection."""
        return self._frame("question_results", run)

    def needs(self, run: RunRef | None = None) -> pd.DataFrame:
        """Need results: the status of each needed field per question and projection."""
        return self._frame("need_results", run)

    def lineage(self, run: RunRef | None = None) -> pd.DataFrame:
        """Lineage of every source field per projection."""
        return self._frame("lineage", run)

    def costs(self, run: RunRef | None = None) -> pd.DataFrame:
        """Token costs per projection and fixture."""
        return self._frame("costs", run)

    def findings(self, run: RunRef | None = None) -> pd.DataFrame:
        """Contract findings."""
        return self._frame("findings", run)

    def trace_summaries(self, run: RunRef | None = None) -> pd.DataFrame:
        """One row per analysed trace."""
        return self._frame("trace_summaries", run)

    def followups(self, run: RunRef | None = None) -> pd.DataFrame:
        """Follow-up calls found in traces."""
        return self._frame("followups", run)

    def hedges(self, run: RunRef | None = None) -> pd.DataFrame:
        """Hedging phrases found in traces."""
        return self._frame("hedges", run)


def _check_names(
    names: pd.DataFrame, suite: str | None, projection: str | None, path: Path
) -> None:
    if suite is not None:
        known = sorted(set(names["suite"]))
        if suite not in known:
            raise HistoryQueryError(
                f"no recorded run scored suite {suite!r}.",
                file=path,
                fix=f"use one of: {', '.join(known)}" if known else "record a run first",
            )
    if projection is not None:
        rows = names if suite is None else names[names["suite"] == suite]
        known = sorted(set(rows["projection"]))
        if projection not in known:
            where = f" of suite {suite!r}" if suite else ""
            raise HistoryQueryError(
                f"no recorded run scored projection {projection!r}{where}.",
                file=path,
                fix=f"use one of: {', '.join(known)}" if known else "record a run first",
            )


def open_history(path: str | Path, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> History:
    """Open the store at ``path`` for queries; checks it now (and migrates an older one)."""
    history = History(Store(path, lock_timeout=lock_timeout))
    with history.store.read():
        pass
    return history
