"""Scoring: run every projection of a suite, infer lineage, judge coverage.

This is the pipeline the ``score`` command and the Python API share. One
projection that cannot be imported or misbehaves gets an error of its own;
the others are still scored.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from dataclasses import dataclass, field
from typing import Any

from . import progress
from ._digest import digest_json
from .coverage import (
    DroppedNeed,
    QuestionResult,
    dropped_needed,
    judge_question,
    weighted_coverage,
)
from .errors import ProjectionLoadError, ProjevalError
from .lineage import LineageResult, infer_lineage, plan_probes
from .projections import (
    DEFAULT_BUDGET,
    DEFAULT_MAX_MEMORY_MB,
    DEFAULT_MAX_OUTPUT_BYTES,
    DEFAULT_TIMEOUT,
    Limits,
    ProjectionFault,
    Runner,
)
from .suites import Suite
from .workers import PendingRunner, launch_runner


@dataclass(frozen=True)
class Outcome:
    """A projection's output on one fixture, or the fault it gave instead."""

    output: Any = None
    fault: str | None = None


@dataclass
class ProjectionScore:
    """Coverage of one projection over one suite's questions."""

    name: str
    target: str
    questions: list[QuestionResult] = field(default_factory=list)
    lineage: LineageResult | None = None
    error: str | None = None
    error_kind: str | None = None
    digest: str = ""
    #: The output (or fault) on every fixture, data and error fixtures alike: each
    #: fixture runs once, in scoring, and cost and the checks read these.
    outputs: dict[str, Outcome] = field(default_factory=dict, repr=False)

    @property
    def ok(self) -> bool:
        """False when the projection could not be imported or misbehaved."""
        return self.error is None

    @property
    def coverage(self) -> float | None:
        """Weighted share of answerable questions (None when the projection failed)."""
        return weighted_coverage(self.questions) if self.ok else None

    @property
    def answerable(self) -> int:
        """How many questions are answerable."""
        return sum(1 for q in self.questions if q.answerable)

    @property
    def dropped_needed(self) -> list[DroppedNeed]:
        """Needed fields this projection drops, heaviest first."""
        return dropped_needed(self.questions)

    def to_dict(self) -> dict[str, Any]:
        """The projection's part of the score document."""
        return {
            "name": self.name,
            "target": self.target,
            "error": self.error,
            "error_kind": self.error_kind,
            "coverage": None if self.coverage is None else round(self.coverage, 6),
            "answerable": self.answerable,
            "questions_total": len(self.questions),
            "dropped_needed": [d.to_dict() for d in self.dropped_needed],
            "questions": [q.to_dict() for q in self.questions],
            "lineage": [fl.to_dict() for fl in self.lineage.rows()] if self.lineage else [],
        }

    def __repr__(self) -> str:
        cov = "error" if self.coverage is None else f"{self.coverage:.0%}"
        return f"<ProjectionScore {self.name!r} coverage={cov} answerable={self.answerable}/{len(self.questions)}>"


@dataclass
class SuiteScore:
    """Every projection of one suite, scored."""

    suite: Suite
    projections: dict[str, ProjectionScore]
    diagnostics: list[str] = field(default_factory=list)
    fixture_digests: dict[str, str] = field(default_factory=dict)
    limits: Limits = field(default_factory=Limits)
    #: The running worker of each projection that scored, kept for the checks' calls.
    runners: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def failed(self) -> list[ProjectionScore]:
        """Projections that could not be imported or misbehaved."""
        return [p for p in self.projections.values() if not p.ok]

    def scored(self) -> list[ProjectionScore]:
        """Projections that ran without a fault, by name."""
        return [p for _name, p in sorted(self.projections.items()) if p.ok]

    def call(self, projection: str, raw: Any) -> Any:
        """Run one scored projection on ``raw`` (the checks' probes): its output, or raise.

        The call goes to the projection's worker, under the suite's limits and
        within its budget. A fault other than ``raised`` makes the projection an
        error, as it would have in scoring.
        """
        p = self.projections[projection]
        runner = self.runners.get(projection)
        if runner is None or not p.ok:
            raise ProjectionFault("exit", "is not running (it was not scored)")
        try:
            output, _text = runner(raw, serialise=False)
        except ProjectionFault as fault:
            if fault.fatal:
                _fail(p, fault, "on a probe of the contract checks")
                self._stop(projection)
            raise
        return output

    def close(self) -> None:
        """Stop every projection's worker."""
        for name in list(self.runners):
            self._stop(name)

    def _stop(self, name: str) -> None:
        runner = self.runners.pop(name, None)
        if runner is not None and hasattr(runner, "close"):
            runner.close()

    def to_dict(self) -> dict[str, Any]:
        """The suite's part of the score document."""
        s = self.suite
        return {
            "name": s.name,
            "tool": s.tool,
            "file": str(s.path),
            "digest": s.digest,
            "total_weight": s.total_weight,
            "fixtures": [
                {"name": f.name, "error": f.error, "digest": self.fixture_digests.get(f.name, "")}
                for f in s.fixtures
            ],
            "diagnostics": list(self.diagnostics),
            "projections": [self.projections[n].to_dict() for n in sorted(self.projections)],
        }

    def to_pandas(self) -> Any:
        """One row per projection, question and need."""
        import pandas as pd

        rows = []
        for p in self.projections.values():
            for q in p.questions:
                for n in q.needs:
                    rows.append(
                        {
                            "suite": self.suite.name,
                            "projection": p.name,
                            "question": q.id,
                            "weight": q.weight,
                            "answerable": q.answerable,
                            "field": n.field,
                            "status": n.status,
                            "detail": n.detail,
                        }
                    )
        columns = [
            "suite",
            "projection",
            "question",
            "weight",
            "answerable",
            "field",
            "status",
            "detail",
        ]
        return pd.DataFrame(rows, columns=columns)

    def __repr__(self) -> str:
        parts = ", ".join(
            f"{n}={'error' if p.coverage is None else format(p.coverage, '.0%')}"
            for n, p in sorted(self.projections.items())
        )
        return f"<SuiteScore {self.suite.name!r}: {parts}>"


def _fail(p: ProjectionScore, fault: ProjectionFault, where: str) -> None:
    p.error_kind = fault.kind
    p.error = f"projection {p.name!r} {fault.kind} {where}: {fault.message}"
    p.questions = []


def score_suite(
    suite: Suite,
    projections: Iterable[str] | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES,
    max_memory_mb: int = DEFAULT_MAX_MEMORY_MB,
    budget: float = DEFAULT_BUDGET,
) -> SuiteScore:
    """Score the suite's projections (all of them, or those named).

    Each projection runs in a worker process of its own, under these limits:
    ``timeout`` seconds per call, ``max_output_bytes`` per output,
    ``max_memory_mb`` of address space, ``budget`` seconds over all its calls.
    Every fixture, error fixtures included, runs here once; the workers of the
    projections that scored stay up for the contract checks' probes until
    :meth:`SuiteScore.close` (or until the score is garbage-collected).

    Progress goes to the installed :mod:`~projeval.progress` reporter, if any: schema paths
    probed of those planned (paths x projections).
    """
    limits = Limits(timeout, max_output_bytes, max_memory_mb, budget)
    names = sorted(suite.projections) if projections is None else list(projections)
    unmatched = {f.name: suite.unmatched_message(f) for f in suite.unmatched_fields()}
    diagnostics = [f"{suite.path}: {msg}" for msg in unmatched.values()]
    diagnostics += [f"{suite.path}: {msg}" for msg in suite.warnings]
    fixtures = [(f.name, f.data) for f in suite.data_fixtures]
    result = SuiteScore(
        suite,
        {},
        diagnostics,
        {f.name: digest_json(f.data) for f in suite.fixtures},
        limits,
    )
    weakref.finalize(result, _close_all, result.runners)
    enums = _tool_enums(suite)
    # What lineage probes is the same for every projection: planned once.
    plan = plan_probes(fixtures, suite.fields, suite.leaves, enums=enums)
    per_projection = plan.paths
    bar = progress.task(f"scoring {suite.name}", total=per_projection * len(names), unit="paths")
    # Every worker starts now, each importing its projection.
    launched = [launch_runner(suite.projections[name], suite, limits) for name in names]
    for name in names:
        result.projections[name] = ProjectionScore(name, suite.projections[name].target)
    running = _Running(bar, f"scoring {suite.name}")

    def score_one(name: str, launch: PendingRunner) -> None:
        scored = result.projections[name]
        runner: Runner
        try:
            runner = launch.start()
        except ProjectionLoadError as exc:
            scored.error, scored.error_kind = exc.render(), "import"
            return
        except ProjectionFault as fault:
            _fail(scored, fault, "while starting")
            return
        result.runners[name] = runner
        scored.digest = getattr(runner, "digest", "")
        lineage = infer_lineage(
            name,
            runner,
            fixtures,
            suite.fields,
            suite.leaves,
            enums=enums,
            on_probed=bar.advance,
            plan=plan,
        )
        scored.lineage = lineage
        if lineage.fault is not None:
            _fail(scored, lineage.fault, f"on fixture {lineage.fault_fixture!r}")
            result._stop(name)
            return
        if not _run_fixtures(scored, runner, suite, lineage):
            result._stop(name)
            return
        scored.questions = [
            judge_question(q, suite, lineage.named, unmatched) for q in suite.questions
        ]

    # The projections are scored side by side, a thread each: while one waits on its
    # worker (a batch of probes, a program booting, an MCP server's answers), projeval
    # works on another's outputs and the other workers compute on the other cores. Each
    # fills its own ProjectionScore, made above in the names' order.
    with ThreadPoolExecutor(
        max_workers=max(1, min(len(names), _AT_ONCE)), thread_name_prefix="projeval-score"
    ) as pool:
        futures = [
            pool.submit(copy_context().run, running.run, name, score_one, name, launch)
            for name, launch in zip(names, launched, strict=True)
        ]
        for future in futures:
            future.result()  # projeval's own failure, raised here
    bar.close()
    return result


#: Projections of one suite scored at once (each mostly waits on its worker).
_AT_ONCE = 8


class _Running:
    """The progress bar's description: the projections being scored now, in name order."""

    def __init__(self, bar: progress.Task, title: str) -> None:
        self.bar, self.title = bar, title
        self.names: list[str] = []
        self.lock = threading.Lock()

    def run(self, name: str, work: Callable[..., None], *args: Any) -> None:
        self._show(name, True)
        try:
            work(*args)
        finally:
            self._show(name, False)

    def _show(self, name: str, starting: bool) -> None:
        with self.lock:
            if starting:
                self.names.append(name)
            else:
                self.names.remove(name)
            if self.names:
                self.bar.advance(0, description=f"{self.title}: {', '.join(sorted(self.names))}")


def _tool_enums(suite: Suite) -> dict[str, tuple[tuple[Any, ...], ...]]:
    """The enums of the suite's tools file (lineage swaps a lone value with them); none when
    the file cannot be read: the contract checks report its problem."""
    if suite.tools_file is None:
        return {}
    from .toolfile import tool_enums

    try:
        return tool_enums(suite.tools_file)
    except ProjevalError:
        return {}


def _run_fixtures(p: ProjectionScore, runner: Runner, suite: Suite, lineage: LineageResult) -> bool:
    """Every fixture's outcome: lineage's baselines, then each error fixture, run once."""
    for fx in suite.fixtures:
        if fx.name in lineage.outputs:
            p.outputs[fx.name] = Outcome(lineage.outputs[fx.name])
            continue
        try:
            output, _text = runner(fx.data)
        except ProjectionFault as fault:
            if fault.fatal:
                _fail(p, fault, f"on fixture {fx.name!r}")
                return False
            p.outputs[fx.name] = Outcome(fault=f"{fault.kind}: {fault.message}")
            continue
        p.outputs[fx.name] = Outcome(output)
    return True


def _close_all(runners: dict[str, Any]) -> None:
    for runner in runners.values():
        if hasattr(runner, "close"):
            runner.close()
    runners.clear()
