"""Run history: the recorded runs, trends over them and diffs between two.

    from evaluator.history import open_history, render_diff
    history = open_history(".projeval/history.duckdb")
    history.runs().to_pandas()                      # one row per run
    history.trend("support-desk", "compact_v2").to_pandas()
    print(render_diff(history.diff()))              # the last two runs

A thin layer over :mod:`evaluator.store`, which owns the SQL: this module pairs
two runs' rows up, names what changed and renders plain text. Every query opens
the store read-only and closes it again, so a writer can take turns with it.
The library never prints; the CLI prints what the ``render_*`` functions return.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd

from evaluator.errors import StoreError
from evaluator.store import DEFAULT_LOCK_TIMEOUT, Store, StoreReader

#: A run as the user names it: its id, or a negative index from the latest (-1).
RunRef = int | str

#: Metrics ``trend(metric=...)`` accepts. The last three are per run (from traces).
TREND_METRICS = ("coverage", "answerable", "tokens", "bytes", "followups", "duplicates", "hedges")
_RUN_METRICS = ("followups", "duplicates", "hedges")
_TRACE_TOTALS = (
    "turns",
    "tool_calls",
    "followups",
    "duplicates",
    "hedges",
    "result_tokens",
    "billed_input_tokens",
)

#: Order of the sections of a diff: regressions first.
DIRECTIONS = ("regression", "improvement", "change")
_KINDS = (
    "projection error",
    "question",
    "field",
    "coverage",
    "tokens",
    "follow-ups",
    "duplicate calls",
    "hedges",
    "finding",
    "suite",
    "projection",
    "suite file",
    "fixture",
    "projection source",
    "projection target",
    "source field",
    "traces",
    "tokenizer",
    "projeval",
    "commit",
)
CHANGE_COLUMNS = (
    "direction",
    "kind",
    "suite",
    "projection",
    "subject",
    "before",
    "after",
    "delta",
    "weight",
    "description",
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


class HistoryQueryError(StoreError):
    """A query names a run, suite, projection or metric the store does not have."""


# --------------------------------------------------------------------------------------
# Small helpers


def _missing(value: Any) -> bool:
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    return isinstance(value, float) and math.isnan(value)


def _plain(value: Any) -> Any:
    """A frame cell as plain JSON-ready Python."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "tolist") and not isinstance(value, str):
        return _plain(value.tolist())  # numpy scalars and arrays
    if _missing(value):
        return None
    if isinstance(value, pd.Timestamp | datetime):
        return _iso(value)
    return value


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    return [{str(k): _plain(v) for k, v in row.items()} for row in frame.to_dict(orient="records")]


def _iso(value: datetime) -> str:
    stamp = pd.Timestamp(value)
    stamp = stamp.tz_localize(UTC) if stamp.tzinfo is None else stamp.tz_convert(UTC)
    return stamp.strftime("%Y-%m-%dT%H:%M:%SZ")


def _when(value: Any) -> str:
    """``2026-11-28 12:00:00`` (UTC)."""
    return "-" if _missing(value) else _iso(value).replace("T", " ").removesuffix("Z")


def _utc(frame: pd.DataFrame) -> pd.DataFrame:
    """The store keeps UTC without a zone; hand frames out zone-aware."""
    if "started_at" in frame.columns and len(frame):
        frame = frame.assign(started_at=pd.to_datetime(frame["started_at"]).dt.tz_localize(UTC))
    return frame


def _commit(commit: Any, dirty: Any) -> str:
    if _missing(commit):
        return "-"
    return str(commit)[:8] + ("+dirty" if dirty is True else "")


def _pct(value: Any) -> str:
    return "-" if _missing(value) else f"{float(value):.1%}"


def _int(value: Any) -> str:
    return "-" if _missing(value) else f"{int(value):,}"


def _num(value: Any) -> str:
    return "-" if _missing(value) else f"{float(value):g}"


def _same(a: Any, b: Any) -> bool:
    if _missing(a) and _missing(b):
        return True
    if _missing(a) or _missing(b):
        return False
    return bool(a == b)


def _table(header: Sequence[str], rows: list[list[str]], right: Sequence[int] = ()) -> list[str]:
    """Fixed-width text columns; ``right`` are the indexes of right-aligned ones."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(header)]

    def line(cells: Sequence[str]) -> str:
        out = [
            c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(cells)
        ]
        return "  ".join(out).rstrip()

    return [line(header)] + [line(r) for r in rows]


# --------------------------------------------------------------------------------------
# Runs


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

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> RunSummary:
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
        )

    def label(self) -> str:
        """``run 3 (2026-11-28 12:00:00 UTC, commit e552f63a)``."""
        commit = _commit(self.git_commit, self.git_dirty)
        return f"run {self.run_id} ({_when(self.started_at)} UTC, commit {commit})"

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
        }


@dataclass
class RunList:
    """The recorded runs, oldest first."""

    runs: list[RunSummary]
    total: int = 0

    def to_pandas(self) -> pd.DataFrame:
        """One row per run."""
        columns = list(RunSummary.__dataclass_fields__)
        frame = pd.DataFrame([r.to_dict() for r in self.runs], columns=columns)
        if len(frame):
            frame["started_at"] = pd.to_datetime(frame["started_at"], utc=True)
            frame["suites"] = frame["suites"].map(lambda s: ",".join(s))
        return frame

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {"total": self.total, "runs": [r.to_dict() for r in self.runs]}

    def __repr__(self) -> str:
        ids = ", ".join(str(r.run_id) for r in self.runs)
        return f"<RunList {len(self.runs)} of {self.total} runs: [{ids}]>"


# --------------------------------------------------------------------------------------
# Trends


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


# --------------------------------------------------------------------------------------
# Diffs


@dataclass
class RunDiff:
    """What changed from ``run_a`` to ``run_b``; ``changes`` lists regressions first.

    The other frames hold the detail: ``projections`` (every projection of
    either run, paired), ``questions`` and ``needs`` (changed ones only),
    ``lineage`` (source fields whose lineage changed), ``tokens`` (per fixture),
    ``traces`` (run totals), ``followups`` and ``hedges`` (counts by kind) and
    ``findings`` (new and resolved).
    """

    run_a: RunSummary
    run_b: RunSummary
    changes: pd.DataFrame
    projections: pd.DataFrame
    questions: pd.DataFrame
    needs: pd.DataFrame
    lineage: pd.DataFrame
    tokens: pd.DataFrame
    traces: pd.DataFrame
    followups: pd.DataFrame
    hedges: pd.DataFrame
    findings: pd.DataFrame

    @property
    def regressions(self) -> pd.DataFrame:
        """The changes for the worse."""
        return self.changes[self.changes["direction"] == "regression"].reset_index(drop=True)

    @property
    def improvements(self) -> pd.DataFrame:
        """The changes for the better."""
        return self.changes[self.changes["direction"] == "improvement"].reset_index(drop=True)

    def to_pandas(self) -> pd.DataFrame:
        """The changes, one row each, regressions first."""
        return self.changes

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "run_a": self.run_a.to_dict(),
            "run_b": self.run_b.to_dict(),
            "changes": _records(self.changes),
            "projections": _records(self.projections),
            "questions": _records(self.questions),
            "needs": _records(self.needs),
            "lineage": _records(self.lineage),
            "tokens": _records(self.tokens),
            "traces": _records(self.traces),
            "followups": _records(self.followups),
            "hedges": _records(self.hedges),
            "findings": _records(self.findings),
        }

    def __repr__(self) -> str:
        counts = self.changes["direction"].value_counts() if len(self.changes) else {}
        numbers = {d: int(counts.get(d, 0)) for d in DIRECTIONS}
        parts = ", ".join(f"{n} {d}{'' if n == 1 else 's'}" for d, n in numbers.items())
        return f"<RunDiff run {self.run_a.run_id} -> run {self.run_b.run_id}: {parts}>"


@dataclass
class _Changes:
    rows: list[dict[str, Any]] = field(default_factory=list)

    def add(
        self,
        direction: str,
        kind: str,
        description: str,
        *,
        suite: str | None = None,
        projection: str | None = None,
        subject: str | None = None,
        before: Any = None,
        after: Any = None,
        delta: float | None = None,
        weight: float | None = None,
    ) -> None:
        self.rows.append(
            {
                "direction": direction,
                "kind": kind,
                "suite": suite,
                "projection": projection,
                "subject": subject,
                "before": None if _missing(before) else str(before),
                "after": None if _missing(after) else str(after),
                "delta": None if delta is None or _missing(delta) else float(delta),
                "weight": None if weight is None or _missing(weight) else float(weight),
                "description": description,
            }
        )

    def frame(self) -> pd.DataFrame:
        rank = {k: i for i, k in enumerate(_KINDS)}
        order = {d: i for i, d in enumerate(DIRECTIONS)}
        rows = sorted(
            self.rows,
            key=lambda r: (
                order[r["direction"]],
                rank[r["kind"]],
                r["suite"] or "",
                r["projection"] or "",
                -(r["weight"] or 0.0),
                r["subject"] or "",
                r["description"],
            ),
        )
        return pd.DataFrame(rows, columns=list(CHANGE_COLUMNS)).astype(
            {"delta": "Float64", "weight": "Float64"}
        )


def _pair(frame: pd.DataFrame, a: int, b: int, keys: list[str], values: list[str]) -> pd.DataFrame:
    """Rows of run ``a`` and run ``b`` side by side on ``keys``; ``presence`` says which."""
    cols = keys + values
    left = frame.loc[frame["run_id"] == a, cols].astype(object)
    right = frame.loc[frame["run_id"] == b, cols].astype(object)
    # Missing keys would never match each other in a merge: make them equal strings.
    left[keys] = left[keys].where(left[keys].notna(), "")
    right[keys] = right[keys].where(right[keys].notna(), "")
    out = left.merge(right, on=keys, how="outer", suffixes=("_a", "_b"), indicator=True)
    out["presence"] = (
        out["_merge"]
        .astype(object)
        .map({"left_only": "removed", "right_only": "added", "both": "both"})
    )
    out = out.drop(columns="_merge").sort_values(keys, kind="stable").reset_index(drop=True)
    if not values:
        return out
    ordered = keys + [f"{v}_{s}" for v in values for s in ("a", "b")] + ["presence"]
    return out[ordered]


def _compute_diff(reader: StoreReader, run_a: RunSummary, run_b: RunSummary) -> RunDiff:
    a, b = run_a.run_id, run_b.run_id
    ids = [a, b] if a != b else [a]
    t = {
        name: reader.table(name, ids)
        for name in (
            "run_suites",
            "run_fixtures",
            "projection_results",
            "question_results",
            "need_results",
            "lineage",
            "costs",
            "findings",
            "trace_summaries",
            "followups",
            "hedges",
        )
    }
    changes = _Changes()
    _diff_run(run_a, run_b, changes)
    _diff_suites(t["run_suites"], t["run_fixtures"], a, b, changes)
    projections = _diff_projections(t["projection_results"], a, b, changes)
    questions = _diff_questions(t["question_results"], a, b, changes)
    needs = _diff_needs(t["need_results"], t["question_results"], a, b, changes)
    lineage = _diff_lineage(t["lineage"], needs, a, b, changes)
    tokens = _diff_tokens(t["costs"], a, b, changes)
    traces = _diff_traces(t["trace_summaries"], a, b, changes)
    followups = _count_pairs(
        t["followups"], a, b, ["producer_tool", "consumer_tool", "consumer_arg"]
    )
    hedges = _count_pairs(t["hedges"], a, b, ["phrase", "language"])
    findings = _diff_findings(t["findings"], a, b, changes)
    return RunDiff(
        run_a=run_a,
        run_b=run_b,
        changes=changes.frame(),
        projections=projections,
        questions=questions,
        needs=needs,
        lineage=lineage,
        tokens=tokens,
        traces=traces,
        followups=followups,
        hedges=hedges,
        findings=findings,
    )


def _diff_run(run_a: RunSummary, run_b: RunSummary, changes: _Changes) -> None:
    pairs = (
        ("tokenizer", run_a.tokenizer, run_b.tokenizer),
        ("projeval", run_a.projeval_version, run_b.projeval_version),
        (
            "commit",
            _commit(run_a.git_commit, run_a.git_dirty),
            _commit(run_b.git_commit, run_b.git_dirty),
        ),
    )
    for kind, before, after in pairs:
        if not _same(before, after):
            changes.add(
                "change", kind, f"{before or '-'} -> {after or '-'}", before=before, after=after
            )


def _diff_suites(
    suites: pd.DataFrame, fixtures: pd.DataFrame, a: int, b: int, changes: _Changes
) -> None:
    for row in _records(_pair(suites, a, b, ["suite"], ["digest"])):
        suite = row["suite"]
        if row["presence"] != "both":
            changes.add("change", "suite", row["presence"], suite=suite, subject=suite)
        elif not _same(row["digest_a"], row["digest_b"]):
            changes.add(
                "change",
                "suite file",
                f"changed ({row['digest_a']} -> {row['digest_b']})",
                suite=suite,
                before=row["digest_a"],
                after=row["digest_b"],
            )
    both = set(suites.loc[suites["run_id"] == a, "suite"]) & set(
        suites.loc[suites["run_id"] == b, "suite"]
    )
    for row in _records(_pair(fixtures, a, b, ["suite", "fixture"], ["digest"])):
        if row["suite"] not in both:
            continue  # an added or removed suite says it all
        name = row["fixture"]
        if row["presence"] != "both":
            text = f"{name} {row['presence']}"
        elif not _same(row["digest_a"], row["digest_b"]):
            text = f"{name} changed ({row['digest_a']} -> {row['digest_b']})"
        else:
            continue
        changes.add(
            "change",
            "fixture",
            text,
            suite=row["suite"],
            subject=name,
            before=row["digest_a"],
            after=row["digest_b"],
        )


def _diff_projections(frame: pd.DataFrame, a: int, b: int, changes: _Changes) -> pd.DataFrame:
    values = ["coverage", "answerable", "questions_total", "error", "target", "digest"]
    paired = _pair(frame, a, b, ["suite", "projection"], values)
    paired["coverage_delta"] = [
        None if _missing(x) or _missing(y) else float(y) - float(x)
        for x, y in zip(paired["coverage_a"], paired["coverage_b"], strict=True)
    ]
    for row in _records(paired):
        where = {"suite": row["suite"], "projection": row["projection"]}
        if row["presence"] != "both":
            target = f" ({row['target_b']})" if row["presence"] == "added" else ""
            changes.add(
                "change", "projection", row["presence"] + target, subject=row["projection"], **where
            )
            continue
        err_a, err_b = row["error_a"], row["error_b"]
        if err_a is None and err_b is not None:
            changes.add(
                "regression", "projection error", f"now fails: {err_b}", after=err_b, **where
            )
        elif err_a is not None and err_b is None:
            changes.add(
                "improvement",
                "projection error",
                f"runs again (was: {err_a})",
                before=err_a,
                **where,
            )
        delta = row["coverage_delta"]
        if delta is not None and abs(delta) > 1e-9:
            changes.add(
                "regression" if delta < 0 else "improvement",
                "coverage",
                f"{_pct(row['coverage_a'])} -> {_pct(row['coverage_b'])} ({delta * 100:+.1f} points)",
                before=_pct(row["coverage_a"]),
                after=_pct(row["coverage_b"]),
                delta=delta,
                **where,
            )
        if not _same(row["target_a"], row["target_b"]):
            changes.add(
                "change",
                "projection target",
                f"{row['target_a']} -> {row['target_b']}",
                before=row["target_a"],
                after=row["target_b"],
                **where,
            )
        if not _same(row["digest_a"], row["digest_b"]):
            changes.add(
                "change",
                "projection source",
                f"source changed ({row['digest_a'] or '-'} -> {row['digest_b'] or '-'})",
                before=row["digest_a"],
                after=row["digest_b"],
                **where,
            )
    return paired


def _diff_questions(frame: pd.DataFrame, a: int, b: int, changes: _Changes) -> pd.DataFrame:
    paired = _pair(
        frame, a, b, ["suite", "projection", "question"], ["text", "weight", "answerable"]
    )
    both = paired[paired["presence"] == "both"]
    flipped = both[both["answerable_a"].astype(bool) != both["answerable_b"].astype(bool)]
    out = pd.DataFrame(
        {
            "suite": flipped["suite"],
            "projection": flipped["projection"],
            "question": flipped["question"],
            "text": flipped["text_b"],
            "weight": flipped["weight_b"],
            "answerable_a": flipped["answerable_a"].astype(bool),
            "answerable_b": flipped["answerable_b"].astype(bool),
        }
    ).reset_index(drop=True)
    out["change"] = ["newly answerable" if v else "newly unanswerable" for v in out["answerable_b"]]
    for row in _records(out):
        weight = row["weight"]
        now = row["answerable_b"]
        changes.add(
            "improvement" if now else "regression",
            "question",
            f"{row['question']} is {'now' if now else 'no longer'} answerable (weight {_num(weight)})",
            suite=row["suite"],
            projection=row["projection"],
            subject=row["question"],
            before="answerable" if row["answerable_a"] else "unanswerable",
            after="answerable" if now else "unanswerable",
            weight=weight,
        )
    return out


def _diff_needs(
    frame: pd.DataFrame, questions: pd.DataFrame, a: int, b: int, changes: _Changes
) -> pd.DataFrame:
    keys = ["suite", "projection", "question", "field"]
    paired = _pair(frame, a, b, keys, ["status", "detail"])
    both = paired[(paired["presence"] == "both") & (paired["status_a"] != paired["status_b"])]
    out = both[[*keys, "status_a", "status_b", "detail_b"]].reset_index(drop=True)
    out["direction"] = [
        "improvement" if sb == "ok" else "regression" if sa == "ok" else "change"
        for sa, sb in zip(out["status_a"], out["status_b"], strict=True)
    ]
    # One change per field and status move, naming the questions it affects.
    current = questions[questions["run_id"] == b]
    weights = {
        (r["suite"], r["projection"], r["question"]): float(r["weight"])
        for r in current[["suite", "projection", "question", "weight"]].to_dict("records")
    }
    grouped: dict[tuple[str, str, str, str, str], list[str]] = {}
    for row in _records(out):
        key = (row["suite"], row["projection"], row["field"], row["status_a"], row["status_b"])
        grouped.setdefault(key, []).append(row["question"])
    for (suite, projection, fname, sa, sb), qs in grouped.items():
        weight = sum(weights.get((suite, projection, q), 0.0) for q in qs)
        direction = "improvement" if sb == "ok" else "regression" if sa == "ok" else "change"
        changes.add(
            direction,
            "field",
            f"{fname}: {sa} -> {sb}, needed by {', '.join(sorted(qs))} (weight {_num(weight)})",
            suite=suite,
            projection=projection,
            subject=fname,
            before=sa,
            after=sb,
            weight=weight,
        )
    return out


def _diff_lineage(
    frame: pd.DataFrame, needs: pd.DataFrame, a: int, b: int, changes: _Changes
) -> pd.DataFrame:
    keys = ["suite", "projection", "source"]
    paired = _pair(frame, a, b, keys, ["field", "status"])
    both = paired[(paired["presence"] == "both") & (paired["status_a"] != paired["status_b"])]
    out = pd.DataFrame(
        {
            "suite": both["suite"],
            "projection": both["projection"],
            "source": both["source"],
            "field": both["field_b"],
            "status_a": both["status_a"],
            "status_b": both["status_b"],
        }
    ).reset_index(drop=True)
    # A field a question needs is already reported, with its questions, as a field change.
    reported = {(r["suite"], r["projection"], r["field"]) for r in _records(needs)}
    for row in _records(out):
        if (row["suite"], row["projection"], row["field"]) in reported:
            continue
        name = f" ({row['field']})" if row["field"] else ""
        changes.add(
            "change",
            "source field",
            f"{row['source']}{name}: {row['status_a']} -> {row['status_b']}",
            suite=row["suite"],
            projection=row["projection"],
            subject=row["source"],
            before=row["status_a"],
            after=row["status_b"],
        )
    return out


def _diff_tokens(frame: pd.DataFrame, a: int, b: int, changes: _Changes) -> pd.DataFrame:
    paired = _pair(frame, a, b, ["suite", "projection", "fixture"], ["tokens", "bytes"])
    paired["delta"] = [
        None if _missing(x) or _missing(y) else int(y) - int(x)
        for x, y in zip(paired["tokens_a"], paired["tokens_b"], strict=True)
    ]
    both = paired[paired["presence"] == "both"]
    totals: dict[tuple[str, str], list[int]] = {}
    for row in _records(both):
        if row["tokens_a"] is None or row["tokens_b"] is None:
            continue
        acc = totals.setdefault((row["suite"], row["projection"]), [0, 0])
        acc[0] += int(row["tokens_a"])
        acc[1] += int(row["tokens_b"])
    for (suite, projection), (before, after) in sorted(totals.items()):
        if before == after:
            continue
        delta = after - before
        share = f", {delta / before:+.1%}" if before else ""
        changes.add(
            "regression" if delta > 0 else "improvement",
            "tokens",
            f"{before:,} -> {after:,} ({delta:+,}{share})",
            suite=suite or None,
            projection=projection or None,
            before=before,
            after=after,
            delta=delta,
        )
    return paired


def _diff_traces(frame: pd.DataFrame, a: int, b: int, changes: _Changes) -> pd.DataFrame:
    counts = {run: int((frame["run_id"] == run).sum()) for run in (a, b)}
    rows = [{"metric": "traces", "a": counts[a], "b": counts[b], "delta": counts[b] - counts[a]}]
    for metric in _TRACE_TOTALS:
        va = frame.loc[frame["run_id"] == a, metric].dropna()
        vb = frame.loc[frame["run_id"] == b, metric].dropna()
        sa = int(va.sum()) if len(va) else None
        sb = int(vb.sum()) if len(vb) else None
        rows.append(
            {
                "metric": metric,
                "a": sa,
                "b": sb,
                "delta": None if sa is None or sb is None else sb - sa,
            }
        )
    out = pd.DataFrame(rows, columns=["metric", "a", "b", "delta"]).astype(
        {"a": "Int64", "b": "Int64", "delta": "Int64"}
    )
    if counts[a] != counts[b]:
        changes.add(
            "change",
            "traces",
            f"traces analysed: {counts[a]} -> {counts[b]}",
            before=counts[a],
            after=counts[b],
        )
    if not (counts[a] and counts[b]):
        return out  # totals of no traces compare nothing
    over = f" over {counts[a]} -> {counts[b]} traces" if counts[a] != counts[b] else ""
    for metric, kind in (
        ("followups", "follow-ups"),
        ("duplicates", "duplicate calls"),
        ("hedges", "hedges"),
    ):
        row = out[out["metric"] == metric].iloc[0]
        if _missing(row["delta"]) or row["delta"] == 0:
            continue
        delta = int(row["delta"])
        changes.add(
            "regression" if delta > 0 else "improvement",
            kind,
            f"{int(row['a'])} -> {int(row['b'])} ({delta:+d}){over}",
            subject=metric,
            before=int(row["a"]),
            after=int(row["b"]),
            delta=delta,
        )
    return out


def _count_pairs(frame: pd.DataFrame, a: int, b: int, keys: list[str]) -> pd.DataFrame:
    """How many rows of each kind (``keys``) each run has, side by side."""
    data = frame[["run_id", *keys]].astype(object)
    data[keys] = data[keys].where(data[keys].notna(), "")
    counts = data.groupby(["run_id", *keys], sort=True).size().rename("count").reset_index()
    paired = _pair(counts, a, b, keys, ["count"])
    for side in ("count_a", "count_b"):
        paired[side] = paired[side].fillna(0).astype(int)
    paired["delta"] = paired["count_b"] - paired["count_a"]
    return paired.drop(columns="presence")


def _diff_findings(frame: pd.DataFrame, a: int, b: int, changes: _Changes) -> pd.DataFrame:
    keys = ["rule", "severity", "suite", "projection", "fixture", "path", "message"]
    paired = _pair(frame.drop_duplicates(["run_id", *keys]), a, b, keys, [])
    out = paired[paired["presence"] != "both"].reset_index(drop=True)
    out["change"] = out["presence"].map({"added": "new", "removed": "resolved"})
    out = out.drop(columns="presence")
    for row in _records(out):
        where = f" at {row['path']}" if row["path"] else ""
        text = f"[{row['severity'] or '-'}] {row['rule']}{where}: {row['message']}"
        new = row["change"] == "new"
        changes.add(
            "regression" if new else "improvement",
            "finding",
            text if new else f"resolved: {text}",
            suite=row["suite"] or None,
            projection=row["projection"] or None,
            subject=row["rule"],
        )
    return out


# --------------------------------------------------------------------------------------
# The history


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
        """Coverage, tokens, follow-ups and hedges over the runs (the last ``last`` ones)."""
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

    def document(self, run: RunRef | None = None) -> tuple[int, dict[str, Any]]:
        """``(run_id, document)`` of one run (default: the latest) for the report."""
        with self.store.read() as reader:
            order = reader.run_order()
            if not order:
                raise HistoryQueryError(
                    "the store holds no runs yet.", file=self.path, fix="record one: projeval run"
                )
            run_id = self._resolve(order, run) if run is not None else order[-1]
            doc = reader.document(run_id)
        if doc is None:
            raise HistoryQueryError(
                f"run {run_id} was recorded without its document, so it has no report.",
                file=self.path,
                fix="pick a run recorded by `projeval run` (projeval history lists them)",
            )
        return run_id, doc

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


# --------------------------------------------------------------------------------------
# Plain-text renderers (the CLI prints these)


def render_history(runs: RunList) -> str:
    """The runs as a table, oldest first."""
    if not runs.runs:
        return "No runs recorded yet.\n"
    rows = [
        [
            str(r.run_id),
            _when(r.started_at),
            _commit(r.git_commit, r.git_dirty),
            r.tokenizer or "-",
            r.projeval_version,
            ", ".join(r.suites) or "-",
        ]
        for r in runs.runs
    ]
    lines = _table(
        ["run", "started (UTC)", "commit", "tokenizer", "projeval", "suites"], rows, right=(0,)
    )
    if runs.total > len(runs.runs):
        lines.append(f"({len(runs.runs)} of {runs.total} runs shown)")
    return "\n".join(lines) + "\n"


def _trend_cell(row: dict[str, Any], metric: str) -> str:
    failed = not _missing(row["error"])
    if metric == "coverage":
        return "error" if failed else _pct(row["coverage"])
    if metric == "answerable":
        if failed or _missing(row["answerable"]):
            return "-"
        return f"{int(row['answerable'])}/{int(row['questions_total'])}"
    return _int(row[metric])


def render_trend(trend: Trend) -> str:
    """One table per suite and projection, then the run-wide trace totals."""
    frame = trend.projections
    metric = trend.metric
    out: list[str] = []
    if metric not in _RUN_METRICS:
        if not len(frame):
            return "No runs recorded yet.\n"
        shown = [metric] if metric else ["coverage", "answerable", "tokens"]
        for (suite, projection), group in frame.groupby(["suite", "projection"], sort=True):
            rows = [
                [str(r["run_id"]), _when(r["started_at"]), _commit(r["git_commit"], r["git_dirty"])]
                + [_trend_cell(r, m) for m in shown]
                + [r["changed"] or ""]
                for r in group.to_dict("records")
            ]
            header = ["run", "started (UTC)", "commit", *shown, "changed"]
            right = (0, *range(3, 3 + len(shown)))
            out.append(f"{suite} / {projection}")
            out.extend("  " + line for line in _table(header, rows, right=right))
            out.append("")
    traces = trend.traces
    if metric in _RUN_METRICS or (metric is None and len(traces) and traces["traces"].sum() > 0):
        shown = [metric] if metric else ["traces", "followups", "duplicates", "hedges"]
        rows = [
            [str(r["run_id"]), _when(r["started_at"]), _commit(r["git_commit"], r["git_dirty"])]
            + [_int(r[m]) for m in shown]
            for r in traces.to_dict("records")
        ]
        header = [
            "run",
            "started (UTC)",
            "commit",
            *[m.replace("followups", "follow-ups") for m in shown],
        ]
        out.append("traces (all runs' totals)")
        out.extend(
            "  " + line for line in _table(header, rows, right=(0, *range(3, 3 + len(shown))))
        )
        out.append("")
    if not out:
        return "No runs recorded yet.\n"
    return "\n".join(out).rstrip("\n") + "\n"


def render_diff(diff: RunDiff) -> str:
    """What changed between two runs, regressions first."""
    changes = diff.changes
    counts = {d: int((changes["direction"] == d).sum()) for d in DIRECTIONS}
    lines = [
        f"{diff.run_a.label()} -> {diff.run_b.label()}",
        f"{counts['regression']} regression{'s' if counts['regression'] != 1 else ''}, "
        f"{counts['improvement']} improvement{'s' if counts['improvement'] != 1 else ''}, "
        f"{counts['change']} other change{'s' if counts['change'] != 1 else ''}",
    ]
    titles = {"regression": "Regressions", "improvement": "Improvements", "change": "Other changes"}
    rows = []
    for r in changes.to_dict("records"):
        where = "run"
        if not _missing(r["suite"]) and r["suite"]:
            where = r["suite"]
            if not _missing(r["projection"]) and r["projection"]:
                where += f" / {r['projection']}"
        rows.append([where, r["kind"], r["description"]])
    # One table for all sections, so their columns line up.
    body = _table(["where", "what", "change"], rows)[1:]
    section = None
    for direction, line in zip(changes["direction"], body, strict=True):
        if direction != section:
            section = direction
            lines.extend(["", titles[direction]])
        lines.append("  " + line)
    if not rows:
        lines.extend(["", "No changes."])
    return "\n".join(lines) + "\n"
