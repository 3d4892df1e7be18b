"""The CI gate: thresholds on a fresh run, checked by one pure function.

``projeval check`` evaluates the suites, then :func:`check_gate` compares every
gated projection with the thresholds of a :class:`GateConfig`:

``fail_under``          minimum weighted coverage, in percent (like coverage.py's)
``max_dropped_needed``  most needed fields a projection may drop (default 0)
``max_token_ratio``     largest tokens-to-raw ratio over the data fixtures
``no_regressions``      no question answerable in the baseline run may stop being answerable
``fail_on``             no contract finding of this severity or worse (``error``, ``warning``)
``max_tokens``          most tokens each projected data fixture may take (a token budget)

``projections`` names the projections the gate applies to (``name`` or
``suite/name``); empty means every projection. The result renders as plain
text, JUnit XML and pull-request summaries in :mod:`projeval.gatereport`. Nothing
here prints, exits or reads the clock.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .coverage import DroppedNeed, QuestionResult
from .errors import ConfigError, ProjevalError
from .runrecord import RunRecord, SuiteRecord
from .text.numbers import count, pct
from .vocabulary import FINDING_SEVERITIES

if TYPE_CHECKING:
    from .config import Project
    from .run import RunResult

#: Version of the document :func:`summary_json` returns.
#: 1: first version. 2: the gate's ``fail_on`` and ``max_tokens``; failures' ``details``.
SUMMARY_VERSION = 2

#: Kinds of :class:`GateFailure`, in the order a block lists them.
FAILURE_KINDS = (
    "error",
    "coverage",
    "dropped-needed",
    "token-ratio",
    "max-tokens",
    "findings",
    "regression",
)

_CONFIG_TYPES: dict[str, tuple[type, ...]] = {
    "fail_under": (int, float),
    "max_dropped_needed": (int,),
    "max_token_ratio": (int, float),
    "no_regressions": (bool,),
    "fail_on": (str,),
    "max_tokens": (int,),
    "projections": (list,),
}


@dataclass(frozen=True)
class GateConfig:
    """The thresholds of one gate; ``None`` (or ``False``) leaves a threshold off."""

    fail_under: float | None = None
    max_dropped_needed: int | None = 0
    max_token_ratio: float | None = None
    no_regressions: bool = False
    fail_on: str | None = None
    max_tokens: int | None = None
    projections: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.fail_on is not None and self.fail_on not in FINDING_SEVERITIES:
            raise ConfigError(
                f"fail_on must be a finding severity, not {self.fail_on!r}.",
                fix=f"use one of: {', '.join(FINDING_SEVERITIES)}",
            )
        if self.max_tokens is not None and self.max_tokens < 1:
            raise ConfigError(
                f"max_tokens must be 1 or more, not {self.max_tokens}.",
                fix="e.g. max_tokens = 2000 for at most 2,000 tokens per projected fixture",
            )
        # Written so NaN fails each test: NaN compares false to everything.
        if self.fail_under is not None and not 0 <= self.fail_under <= 100:
            raise ConfigError(
                f"fail_under must be a percentage from 0 to 100, not {self.fail_under:g}.",
                fix="e.g. fail_under = 90 for 90%",
            )
        if self.max_dropped_needed is not None and self.max_dropped_needed < 0:
            raise ConfigError(
                f"max_dropped_needed must be 0 or more, not {self.max_dropped_needed}.",
                fix="use 0 to allow no dropped needed field",
            )
        if self.max_token_ratio is not None and not 0 < self.max_token_ratio < math.inf:
            raise ConfigError(
                f"max_token_ratio must be a finite number above 0, not {self.max_token_ratio:g}.",
                fix="e.g. max_token_ratio = 0.5 for at most half the raw tokens",
            )

    @classmethod
    def from_table(cls, table: Mapping[str, Any], *, file: str | Path | None = None) -> GateConfig:
        """From a ``[tool.projeval.check]`` table (``Project.check``), checked key by key."""
        where = (
            "[tool.projeval.check]"
            if file is None or Path(file).name == "pyproject.toml"
            else "[check]"
        )
        values: dict[str, Any] = {}
        for key, value in table.items():
            expected = _CONFIG_TYPES.get(key)
            if expected is None:
                hint = difflib.get_close_matches(key, list(_CONFIG_TYPES), n=1)
                raise ConfigError(
                    f"unknown key {key!r} in {where}.",
                    file=file,
                    fix=f"did you mean {hint[0]!r}?"
                    if hint
                    else f"use one of: {', '.join(_CONFIG_TYPES)}",
                )
            # A TOML true is an int to isinstance; only no_regressions takes a bool.
            wrong_bool = isinstance(value, bool) and bool not in expected
            if not isinstance(value, expected) or wrong_bool:
                raise ConfigError(f"key {key!r} in {where} has the wrong type.", file=file)
            if key == "projections" and isinstance(value, list):
                if not all(isinstance(p, str) for p in value):
                    raise ConfigError(
                        f"key 'projections' in {where} must list projection names.", file=file
                    )
                value = tuple(value)
            values[key] = value
        try:
            return cls(**values)
        except ConfigError as exc:
            raise ConfigError(f"{where}: {exc.message}", file=file, fix=exc.fix) from None

    def merged(self, **overrides: Any) -> GateConfig:
        """A copy with the overrides that are not ``None`` (command-line options win)."""
        known = {f.name for f in fields(self)}
        return replace(self, **{k: v for k, v in overrides.items() if k in known and v is not None})

    def describe(self, baseline: str | None = None) -> str:
        """``coverage >= 90.0%, at most 0 dropped needed fields, ...``."""
        parts = []
        if self.fail_under is not None:
            parts.append(f"coverage >= {self.fail_under:.1f}%")
        if self.max_dropped_needed is not None:
            parts.append(f"at most {self.max_dropped_needed} dropped needed fields")
        if self.max_token_ratio is not None:
            parts.append(f"token ratio <= {self.max_token_ratio:.2f}")
        if self.max_tokens is not None:
            parts.append(f"at most {self.max_tokens:,} tokens per fixture")
        if self.fail_on is not None:
            worse = " or worse" if self.fail_on != FINDING_SEVERITIES[0] else ""
            parts.append(f"no {self.fail_on}{worse} findings")
        if self.no_regressions:
            parts.append(f"no regressions vs {baseline or 'the baseline'}")
        return ", ".join(parts) or "no thresholds"

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "fail_under": self.fail_under,
            "max_dropped_needed": self.max_dropped_needed,
            "max_token_ratio": self.max_token_ratio,
            "no_regressions": self.no_regressions,
            "fail_on": self.fail_on,
            "max_tokens": self.max_tokens,
            "projections": list(self.projections),
        }


@dataclass(frozen=True)
class Baseline:
    """The run a regression check compares with: its label and its record."""

    label: str
    run: RunRecord

    @classmethod
    def from_history(cls, db: str | Path, run: int | str | None = None) -> Baseline:
        """The run ``run`` of the store at ``db`` (default: the latest complete run).

        A partial run (a suite that failed to load, a projection that failed)
        is never a baseline: its missing answers would hide real regressions.
        """
        from .history import open_history

        history = open_history(db)
        if run is not None:
            run_id, record = history.run(run)
            problems = partial_reasons(record)
            if problems:
                raise ProjevalError(
                    f"run {run_id} is partial ({count(len(problems), 'error')}, the first: "
                    f"{problems[0]}), so it cannot be a baseline.",
                    file=history.path,
                    fix="name a complete run (projeval history lists them), or record one "
                    "with `projeval run`",
                )
            return cls(f"run {run_id}", record)
        for summary in reversed(history.runs().runs):
            try:
                run_id, record = history.run(summary.run_id)
            except ProjevalError:
                continue  # recorded without its document (by the API): nothing to compare
            if not partial_reasons(record):
                return cls(f"run {run_id}", record)
        raise ProjevalError(
            "the store holds no complete run to compare with.",
            file=history.path,
            fix="record one with `projeval run` once every suite loads and every projection runs",
        )

    def answerable(self) -> dict[tuple[str, str], dict[str, bool]]:
        """``{(suite, projection): {question id: answerable}}``."""
        return self.run.answerable()


def partial_reasons(run: RunRecord) -> list[str]:
    """Why a run is partial: its errors, then each projection that failed."""
    reasons = list(run.errors)
    if not run.suites:  # a run of traces alone: no answer to compare with
        reasons.append("it scored no suite (a run of traces alone)")
    for s in run.suites:
        reasons.extend(p.error for p in s.projections if p.error is not None)
    return reasons


@dataclass(frozen=True)
class GateFailure:
    """One threshold one projection fails; ``questions`` and ``fields`` say which.

    ``details`` are lines that say why when questions and fields do not (the
    findings, the fixtures over the token budget).
    """

    suite: str
    projection: str
    kind: str
    message: str
    questions: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()
    details: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "suite": self.suite,
            "projection": self.projection,
            "kind": self.kind,
            "message": self.message,
            "questions": list(self.questions),
            "fields": list(self.fields),
            "details": list(self.details),
        }


@dataclass(frozen=True)
class ProjectionCheck:
    """One gated projection: its numbers and the thresholds it fails."""

    suite: str
    projection: str
    coverage: float | None
    answerable: int
    questions: tuple[QuestionResult, ...]
    dropped_needed: tuple[DroppedNeed, ...]
    tokens: int | None
    token_ratio: float | None
    failures: tuple[GateFailure, ...]
    regressed: tuple[str, ...] = ()
    error: str | None = None

    @property
    def passed(self) -> bool:
        """True when the projection meets every threshold."""
        return not self.failures

    @property
    def name(self) -> str:
        """``suite / projection``."""
        return f"{self.suite} / {self.projection}"

    def __repr__(self) -> str:
        verdict = (
            "passed" if self.passed else "failed: " + "; ".join(f.message for f in self.failures)
        )
        return f"<ProjectionCheck {self.name} {verdict}>"

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (one entry of :func:`summary_json`)."""
        return {
            "suite": self.suite,
            "projection": self.projection,
            "passed": self.passed,
            "coverage": None if self.coverage is None else round(self.coverage, 6),
            "answerable": self.answerable,
            "questions_total": len(self.questions),
            "dropped_needed": [d.to_dict() for d in self.dropped_needed],
            "tokens": self.tokens,
            "token_ratio": None if self.token_ratio is None else round(self.token_ratio, 4),
            "regressed": list(self.regressed),
            "error": self.error,
            "failures": [f.to_dict() for f in self.failures],
        }


@dataclass
class GateResult:
    """What :func:`check_gate` found: ``passed``, the ``failures``, every check."""

    config: GateConfig
    checks: list[ProjectionCheck]
    baseline: str | None = None
    errors: list[str] = field(default_factory=list)
    #: What the suites' loads warned about (a declaration that changes nothing...): shown,
    #: never failing the gate.
    warnings: list[str] = field(default_factory=list)

    @property
    def failures(self) -> list[GateFailure]:
        """Every failed threshold, by suite and projection."""
        return [f for c in self.checks for f in c.failures]

    @property
    def failed_checks(self) -> list[ProjectionCheck]:
        """The projections that fail the gate."""
        return [c for c in self.checks if not c.passed]

    @property
    def passed(self) -> bool:
        """True when no threshold failed and the run had no input errors."""
        return not self.failures and not self.errors

    @property
    def input_errors(self) -> bool:
        """True when a suite could not be loaded or a gated projection failed to run.

        The CLI exits 1 for these (the numbers cannot be trusted), 2 for a failed threshold.
        """
        return bool(self.errors) or any(c.error is not None for c in self.checks)

    def to_dict(self) -> dict[str, Any]:
        """The versioned summary document (see :func:`summary_json`)."""
        return {
            "version": SUMMARY_VERSION,
            "passed": self.passed,
            "gate": self.config.to_dict(),
            "baseline": self.baseline,
            "projections": [c.to_dict() for c in self.checks],
            "errors": list(self.errors),
        }

    def to_pandas(self) -> Any:
        """One row per gated projection."""
        import pandas as pd

        columns = [
            "suite",
            "projection",
            "passed",
            "coverage",
            "answerable",
            "questions_total",
            "dropped_needed",
            "tokens",
            "token_ratio",
            "regressed",
            "failures",
        ]
        rows = [
            {
                "suite": c.suite,
                "projection": c.projection,
                "passed": c.passed,
                "coverage": c.coverage,
                "answerable": c.answerable,
                "questions_total": len(c.questions),
                "dropped_needed": len(c.dropped_needed),
                "tokens": c.tokens,
                "token_ratio": c.token_ratio,
                "regressed": len(c.regressed),
                "failures": "; ".join(f.message for f in c.failures),
            }
            for c in self.checks
        ]
        return pd.DataFrame(rows, columns=columns)

    def __repr__(self) -> str:
        state = "passed" if self.passed else "failed"
        return (
            f"<GateResult {state}: {len(self.failed_checks)} of {len(self.checks)} "
            f"projections failed, {len(self.errors)} errors>"
        )


# --------------------------------------------------------------------------------------
# The check


def _selected(run: RunRecord, names: Sequence[str]) -> list[tuple[SuiteRecord, str]]:
    """``(suite, projection name)`` pairs the gate applies to, sorted."""
    pairs = [
        (s, p)
        for s in sorted(run.suites, key=lambda s: s.name)
        for p in sorted(p.name for p in s.projections)
    ]
    if not names:
        return pairs
    chosen = [(s, p) for s, p in pairs if p in names or f"{s.name}/{p}" in names]
    matched = {p for _, p in chosen} | {f"{s.name}/{p}" for s, p in chosen}
    unknown = [n for n in names if n not in matched]
    # With a suite that failed to load, the name may be in it: its error says more.
    if unknown and not run.errors:
        known = sorted({p for _, p in pairs})
        hint = difflib.get_close_matches(unknown[0], known, n=1)
        raise ProjevalError(
            f"the gate names projection {unknown[0]!r}, which no suite has.",
            fix=f"did you mean {hint[0]!r}?" if hint else f"use one of: {', '.join(known)}",
        )
    return chosen


def check_gate(
    run: RunResult | RunRecord, config: GateConfig, baseline: Baseline | None = None
) -> GateResult:
    """Check a run (a :class:`~projeval.run.RunResult` or its record) against the thresholds.

    ``baseline`` is needed when ``config.no_regressions`` is set: a question
    answerable in it and not answerable now fails the gate. Raises
    :class:`~projeval.errors.ProjevalError` when the config names a
    projection no suite has, or asks for regressions without a baseline.
    """
    if config.no_regressions and baseline is None:
        raise ProjevalError(
            "the regression check needs a baseline run.",
            fix="record one with `projeval run`, or drop no_regressions",
        )
    if not isinstance(run, RunRecord):
        run = run.to_record()
    before = baseline.answerable() if baseline is not None else {}
    checks = [
        _check_projection(s, name, config, before, baseline)
        for s, name in _selected(run, config.projections)
    ]
    return GateResult(
        config=config,
        checks=checks,
        baseline=baseline.label if baseline is not None else None,
        errors=list(run.errors),
        warnings=[d for s in run.suites for d in s.diagnostics],
    )


def gate_project(
    project: Project,
    suites: Sequence[Path],
    *,
    db: str | Path | None = None,
    baseline: str | None = None,
    **overrides: Any,
) -> tuple[GateResult, RunResult]:
    """``projeval check``: evaluate ``suites`` fresh and check them (nothing is recorded).

    The thresholds are the project's ``[check]`` table with ``overrides`` (the
    :class:`GateConfig` fields; None keeps the table's); naming a ``baseline``
    run implies ``no_regressions``, whose baseline is read from the store at
    ``db`` (default: the project's) before any suite is scored, so that a
    missing store fails in a second, not after minutes of scoring.
    """
    from .run import evaluate

    if baseline and overrides.get("no_regressions") is None:
        overrides["no_regressions"] = True
    config = GateConfig.from_table(project.check, file=project.source).merged(**overrides)
    base = None
    if config.no_regressions:
        base = Baseline.from_history(db if db is not None else project.db, baseline)
    result = evaluate(project, suites)
    return check_gate(result, config, base), result


def _check_projection(
    suite_run: SuiteRecord,
    name: str,
    config: GateConfig,
    before: dict[tuple[str, str], dict[str, bool]],
    baseline: Baseline | None,
) -> ProjectionCheck:
    suite = suite_run.name
    p = suite_run.projection(name)
    cost = suite_run.cost.projections.get(name) if suite_run.cost else None
    tokens = cost.tokens if cost is not None and not cost.error else None
    ratio = cost.ratio_to_raw if cost is not None and not cost.error else None
    failures: list[GateFailure] = []

    def fail(
        kind: str,
        message: str,
        questions: Sequence[str] = (),
        fields: Sequence[str] = (),
        details: Sequence[str] = (),
    ) -> None:
        failures.append(
            GateFailure(suite, name, kind, message, tuple(questions), tuple(fields), tuple(details))
        )

    if not p.ok:
        fail("error", f"projection error: {p.error}")
        return ProjectionCheck(
            suite, name, None, 0, (), (), tokens, ratio, tuple(failures), error=p.error
        )

    questions = tuple(p.questions)
    unanswerable = [q for q in questions if not q.answerable]
    coverage = p.coverage
    if (
        config.fail_under is not None
        and coverage is not None
        and coverage * 100 < config.fail_under
    ):
        fail(
            "coverage",
            f"coverage {pct(coverage)} < {config.fail_under:.1f}%",
            [q.id for q in unanswerable],
            sorted({n.field for q in unanswerable for n in q.failing}),
        )
    dropped = tuple(p.dropped_needed)
    if config.max_dropped_needed is not None and len(dropped) > config.max_dropped_needed:
        fail(
            "dropped-needed",
            f"{count(len(dropped), 'dropped needed field')} (max {config.max_dropped_needed})",
            sorted({q for d in dropped for q, _ in d.questions}),
            [d.field for d in dropped],
        )
    if config.max_token_ratio is not None:
        if ratio is None:
            fail("token-ratio", "token ratio unknown: the cost could not be measured")
        elif ratio > config.max_token_ratio:
            fail("token-ratio", f"token ratio {ratio:.2f} > {config.max_token_ratio:.2f}")
    if config.max_tokens is not None:
        if cost is None or cost.error:
            fail("max-tokens", "tokens unknown: the cost could not be measured")
        else:
            over = [o for o in cost.data_outputs if o.tokens > config.max_tokens]
            if over:
                fail(
                    "max-tokens",
                    f"{count(len(over), 'fixture')} over {config.max_tokens:,} tokens",
                    details=[f"{o.fixture}: {o.tokens:,} tokens" for o in over],
                )
    if config.fail_on is not None:
        if suite_run.cost_error:
            fail("findings", "findings unknown: the contract checks did not run")
        else:
            worst = FINDING_SEVERITIES.index(config.fail_on)
            found = [
                f
                for f in suite_run.findings
                if f.projection == name
                and f.severity in FINDING_SEVERITIES
                and FINDING_SEVERITIES.index(f.severity) <= worst
            ]
            if found:
                counts = [
                    count(n, f"{sev} finding")
                    for sev in FINDING_SEVERITIES
                    if (n := sum(f.severity == sev for f in found))
                ]
                fail(
                    "findings",
                    ", ".join(counts) + f" (fail on {config.fail_on})",
                    details=[_finding_line(f) for f in found],
                )
    regressed: tuple[str, ...] = ()
    if config.no_regressions and baseline is not None:
        was = before.get((suite, name), {})
        regressed = tuple(q.id for q in unanswerable if was.get(q.id))
        if regressed:
            lost = [q for q in unanswerable if q.id in regressed]
            fail(
                "regression",
                f"{count(len(regressed), 'question')} no longer answerable (vs {baseline.label})",
                regressed,
                sorted({n.field for q in lost for n in q.failing}),
            )
    return ProjectionCheck(
        suite,
        name,
        coverage,
        p.answerable,
        questions,
        dropped,
        tokens,
        ratio,
        tuple(failures),
        regressed,
    )


def _finding_line(finding: Any) -> str:
    at = f" at {finding.path}" if finding.path else ""
    on = f" ({finding.fixture})" if finding.fixture else ""
    return f"[{finding.severity}] {finding.rule}{at}{on}: {finding.message}"
