"""One evaluation run: score, cost and contract checks for every suite.

This is the pipeline behind ``projeval score``, ``projeval run`` and the
Python API. One suite that cannot be loaded is an error line in the result;
the other suites are still evaluated. The run's typed record
(:mod:`projeval.runrecord`) is what the history store keeps and the report
reads; its document is what ``projeval score --format json`` prints.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import progress
from .checks import Finding, check_suite, summarize
from .config import Project
from .cost import SuiteCost, cost_suite
from .errors import ProjevalError
from .projections import Limits
from .runrecord import RECORD_VERSION, RunRecord, SuiteRecord
from .score import SuiteScore, score_suite
from .suites import Suite, load_suite
from .text.paths import display_path
from .tokens import prepare as prepare_tokenizer

if TYPE_CHECKING:
    from .lineage import FieldLineage
    from .traces import TraceAnalysis

#: Version of the run document (``projeval score --format json``); see RECORD_VERSION.
DOC_VERSION = RECORD_VERSION


@dataclass
class SuiteRun:
    """One suite's coverage, cost and findings."""

    score: SuiteScore
    cost: SuiteCost | None = None
    findings: list[Finding] = field(default_factory=list)
    cost_error: str | None = None

    @property
    def name(self) -> str:
        """The suite's name."""
        return self.score.suite.name

    def to_record(self) -> SuiteRecord:
        """The typed record of this suite (see :mod:`projeval.runrecord`)."""
        return SuiteRecord.from_run(self)

    def to_dict(self) -> dict[str, Any]:
        """The suite's part of the run document."""
        return self.to_record().to_dict()

    def to_pandas(self) -> Any:
        """One row per projection: coverage, dropped needed fields, tokens, findings."""
        import pandas as pd

        costs = self.cost.projections if self.cost else {}
        rows = []
        for name in sorted(self.score.projections):
            p = self.score.projections[name]
            cost = costs.get(name)
            counts = summarize([f for f in self.findings if f.projection == name])
            ok_cost = cost if cost is not None and not cost.error else None
            rows.append(
                {
                    "suite": self.name,
                    "projection": name,
                    "coverage": p.coverage,
                    "answerable": p.answerable,
                    "questions_total": len(p.questions),
                    "dropped_needed": ", ".join(d.field for d in p.dropped_needed),
                    "tokens": ok_cost.tokens if ok_cost else None,
                    "ratio_to_raw": ok_cost.ratio_to_raw if ok_cost else None,
                    **{f"findings_{s}": n for s, n in counts.items()},
                    "error": p.error,
                }
            )
        return pd.DataFrame(rows, columns=_PROJECTION_COLUMNS)

    def __repr__(self) -> str:
        tokens = ", ".join(f"{n}={t}" for n, t in self.cost.ranking()) if self.cost else "-"
        return (
            f"<SuiteRun {self.name!r}: {len(self.score.projections)} projections, "
            f"tokens {tokens}, {len(self.findings)} findings>"
        )


_PROJECTION_COLUMNS = [
    "suite",
    "projection",
    "coverage",
    "answerable",
    "questions_total",
    "dropped_needed",
    "tokens",
    "ratio_to_raw",
    "findings_error",
    "findings_warning",
    "findings_info",
    "error",
]


@dataclass
class RunResult:
    """Everything one run produced."""

    suites: list[SuiteRun]
    errors: list[str] = field(default_factory=list)
    tokenizer: str = "o200k_base"
    traces: TraceAnalysis | None = None

    @property
    def scores(self) -> list[SuiteScore]:
        """The suites' scores."""
        return [s.score for s in self.suites]

    @property
    def failed(self) -> bool:
        """True when a suite could not be loaded or a projection failed."""
        return bool(self.errors) or any(s.score.failed for s in self.suites)

    @property
    def scored_nothing(self) -> bool:
        """True when no projection of any suite was scored: such a run is never recorded.
        A run of traces alone (no suite given) that read a trace is not empty: it is recorded."""
        if any(p.ok for s in self.suites for p in s.score.projections.values()):
            return False
        return bool(self.suites) or self.traces is None or not self.traces.totals["traces"]

    @property
    def findings(self) -> list[Finding]:
        """Every suite's contract findings, suite by suite."""
        return [f for s in sorted(self.suites, key=lambda s: s.name) for f in s.findings]

    def to_pandas(self) -> Any:
        """One row per suite and projection: coverage, dropped needed fields, tokens, findings."""
        import pandas as pd

        frames = [s.to_pandas() for s in sorted(self.suites, key=lambda s: s.name)]
        if not frames:
            return pd.DataFrame(columns=_PROJECTION_COLUMNS)
        return pd.concat(frames, ignore_index=True)

    def to_record(self) -> RunRecord:
        """The typed record of this run: what the store keeps and the report reads."""
        return RunRecord.from_result(self)

    def record(self, db: str | Path, *, started_at: datetime, root: str | Path = ".") -> int:
        """Record this run in the history store at ``db``; returns its run id.

        ``started_at`` (timezone-aware) is injected so that callers own the
        clock; ``root`` is the folder whose git commit is recorded.
        """
        from .store import RunInfo, Store

        refuse_empty(self)
        info = RunInfo.capture(started_at, Path(root), self.tokenizer)
        return Store(db).record(info, self.to_record())

    def suite(self, name: str) -> SuiteRun:
        """One suite's results, by name."""
        for s in self.suites:
            if s.name == name:
                return s
        raise KeyError(name)

    def document(self) -> dict[str, Any]:
        """The versioned JSON document of the run (:meth:`RunRecord.to_dict`)."""
        return self.to_record().to_dict()

    def cost_document(self) -> dict[str, Any]:
        """The token cost of every suite that was costed (``projeval cost --format json``)."""
        return {"version": 1, "suites": {s.name: s.cost.to_dict() for s in self.suites if s.cost}}

    def error_lines(self) -> list[str]:
        """The run's errors (projections that failed, then suites that failed to load)."""
        failed = [
            p.error
            for s in sorted(self.suites, key=lambda s: s.name)
            for _, p in sorted(s.score.projections.items())
            if not p.ok and p.error
        ]
        return [*failed, *self.errors]

    def __repr__(self) -> str:
        names = ", ".join(repr(s.score) for s in self.suites)
        return f"<RunResult suites=[{names}] errors={len(self.errors)}>"


def refuse_empty(run: RunResult) -> None:
    """Raise when ``run`` scored nothing, so that it is not recorded (nor used as a baseline)."""
    if run.scored_nothing:
        raise ProjevalError(
            "nothing was scored (every suite or projection failed), so no run was recorded.",
            fix="correct the errors above and run again",
        )


def evaluate_suite(
    suite: Suite,
    projections: Iterable[str] | None = None,
    *,
    tokenizer: str = "o200k_base",
    timeout: float | None = None,
    max_output_bytes: int | None = None,
    limits: Limits | None = None,
) -> SuiteRun:
    """Score, cost and check one loaded suite, under ``limits`` (or the defaults).

    ``timeout`` and ``max_output_bytes`` override those of ``limits``.
    """
    chosen = limits or Limits()
    if timeout is not None:
        chosen = replace(chosen, timeout=timeout)
    if max_output_bytes is not None:
        chosen = replace(chosen, max_output_bytes=max_output_bytes)
    score = score_suite(
        suite,
        projections,
        timeout=chosen.timeout,
        max_output_bytes=chosen.max_output_bytes,
        max_memory_mb=chosen.max_memory_mb,
        budget=chosen.budget,
    )
    result = SuiteRun(score)
    try:
        result.cost = cost_suite(score, tokenizer)
        result.findings = check_suite(score)
    except ProjevalError as exc:
        result.cost_error = exc.render()
    finally:
        score.close()  # the checks were the last to call the projections
    return result


def evaluate(
    project: Project,
    suites: Sequence[Path] | None = None,
    projections: Sequence[str] = (),
    traces: Sequence[str | Path] | None = None,
    *,
    trace_engine: str = "local",
    trace_address: str | None = None,
) -> RunResult:
    """Evaluate suite files (default: the project's); one broken suite never stops the rest.

    ``traces`` (default: none) are trace files, folders or globs to analyse
    against the loaded suites; ``projeval run`` passes the project's.
    ``trace_engine`` is ``local`` or ``dask`` (at ``trace_address``, or a
    local cluster); both give the same analysis.
    """
    result = RunResult([], tokenizer=project.tokenizer)
    chosen_suites = list(suites if suites is not None else project.suites)
    prepare_tokenizer(project.tokenizer)  # built while the first suite is scored
    loaded: list[tuple[Suite, list[str] | None] | str] = []
    for path in chosen_suites:
        try:
            suite = load_suite(path, root=project.root)
            loaded.append((suite, choose_projections(suite, projections)))
        except ProjevalError as exc:
            loaded.append(exc.render())
    # The suites are evaluated side by side, each in a thread (as many at once as there are
    # cores, at least two): their workers (and MCP servers) start together, and one suite
    # is scored while another waits on its projections. Results, errors and progress are
    # then taken in the suites' order.
    at_once = max(1, min(len(loaded), max(2, os.cpu_count() or 1)))
    with ThreadPoolExecutor(max_workers=at_once, thread_name_prefix="projeval-suite") as pool:
        running = [
            item
            if isinstance(item, str)
            else pool.submit(
                copy_context().run,  # the progress reporter, in each thread
                evaluate_suite,
                item[0],
                item[1],
                tokenizer=project.tokenizer,
                limits=project.limits,
            )
            for item in loaded
        ]
        scoring = progress.task("scoring", total=len(chosen_suites))
        for path, suite_running in zip(chosen_suites, running, strict=True):
            scoring.update(scoring.completed, description=f"scoring {Path(path).stem}")
            try:
                if isinstance(suite_running, str):
                    result.errors.append(suite_running)
                else:
                    suite_run = suite_running.result()
                    result.suites.append(suite_run)
                    if suite_run.cost_error:
                        result.errors.append(suite_run.cost_error)
            except ProjevalError as exc:
                result.errors.append(exc.render())
            scoring.advance()
        scoring.close()
    if traces:
        from .traces import analyse_traces

        try:
            with progress.task("analysing traces"):
                result.traces = analyse_traces(
                    [display_path(t) for t in traces],
                    suites=[s.score.suite for s in result.suites],
                    encoding=project.tokenizer,
                    engine=trace_engine,
                    address=trace_address,
                )
        except ProjevalError as exc:
            result.errors.append(exc.render())
    return result


def choose_projections(suite: Suite, projections: Sequence[str]) -> list[str] | None:
    """The projections named (checked against the suite), or None for all of them."""
    if not projections:
        return None
    unknown = [p for p in projections if p not in suite.projections]
    if unknown:
        raise ProjevalError(
            f"suite {suite.name!r} has no projection {unknown[0]!r}.",
            file=suite.path,
            fix=f"use one of: {', '.join(sorted(suite.projections))}",
        )
    return list(projections)


@dataclass(frozen=True)
class LineageView:
    """One projection's lineage in one suite (``projeval lineage``), filtered."""

    score: SuiteScore
    projection: str
    rows: list[FieldLineage]

    @property
    def error(self) -> str | None:
        """Why the projection could not be traced (None when it ran)."""
        return self.score.projections[self.projection].error

    @property
    def ok(self) -> bool:
        """True when the projection ran."""
        return self.score.projections[self.projection].ok

    def to_dict(self) -> dict[str, Any]:
        """The JSON document ``projeval lineage --format json`` prints."""
        return {
            "version": 1,
            "suite": self.score.suite.name,
            "projection": self.projection,
            "error": self.error,
            "lineage": [fl.to_dict() for fl in self.rows],
            "warnings": list(self.score.diagnostics),
        }


def trace_lineage(
    project: Project,
    suite: Path,
    projection: str,
    fields: Sequence[str] = (),
    statuses: Sequence[str] = (),
) -> LineageView:
    """Score one projection of one suite under the project's limits and keep the lineage
    rows :func:`select_lineage` picks."""
    loaded = load_suite(suite, root=project.root)
    limits = project.limits
    scored = score_suite(
        loaded,
        choose_projections(loaded, [projection]),
        timeout=limits.timeout,
        max_output_bytes=limits.max_output_bytes,
        max_memory_mb=limits.max_memory_mb,
        budget=limits.budget,
    )
    scored.close()
    p = scored.projections[projection]
    rows = select_lineage(p.lineage.rows(), fields, statuses) if p.lineage else []
    return LineageView(scored, projection, rows)


def select_lineage(
    rows: Sequence[FieldLineage], fields: Sequence[str], statuses: Sequence[str]
) -> list[FieldLineage]:
    """The rows whose field name or source path matches a ``fields`` pattern (shell-style:
    ``customer*``, ``data[].attributes.*``) and whose status is one of ``statuses``; an
    empty filter keeps every row."""
    from fnmatch import fnmatchcase

    def wanted(fl: FieldLineage) -> bool:
        names = [n for n in (fl.field, fl.source) if n]
        # [] in a path is literal, not a character class: escape it for fnmatch.
        return not fields or any(
            fnmatchcase(n, f.replace("[]", "[[]]")) for f in fields for n in names
        )

    return [fl for fl in rows if wanted(fl) and (not statuses or fl.status in statuses)]
