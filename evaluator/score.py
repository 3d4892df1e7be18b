"""Scoring: run every projection of a suite, infer lineage, judge coverage.

This is the pipeline the ``score`` command and the Python API share. One
projection that cannot be imported or misbehaves gets an error of its own;
the others are still scored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ._digest import digest_json
from .coverage import (
    DroppedNeed,
    QuestionResult,
    dropped_needed,
    judge_question,
    weighted_coverage,
)
from .errors import ProjectionLoadError
from .lineage import LineageResult, infer_lineage
from .projections import (
    DEFAULT_MAX_OUTPUT_BYTES,
    DEFAULT_TIMEOUT,
    ProjectionRunner,
    load_projection,
    projection_source_digest,
)
from .suites import Suite


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

    @property
    def failed(self) -> list[ProjectionScore]:
        """Projections that could not be imported or misbehaved."""
        return [p for p in self.projections.values() if not p.ok]

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


def score_suite(
    suite: Suite,
    projections: Iterable[str] | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES,
) -> SuiteScore:
    """Score the suite's projections (all of them, or those named)."""
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
    )
    for name in names:
        spec = suite.projections[name]
        scored = ProjectionScore(name, spec.target)
        result.projections[name] = scored
        try:
            func = load_projection(spec, suite)
        except ProjectionLoadError as exc:
            scored.error, scored.error_kind = exc.render(), "import"
            continue
        scored.digest = projection_source_digest(func)
        runner = ProjectionRunner(func, timeout=timeout, max_output_bytes=max_output_bytes)
        lineage = infer_lineage(name, runner, fixtures, suite.fields, suite.leaves)
        scored.lineage = lineage
        if lineage.fault is not None:
            scored.error_kind = lineage.fault.kind
            scored.error = (
                f"projection {name!r} {lineage.fault.kind} on fixture "
                f"{lineage.fault_fixture!r}: {lineage.fault.message}"
            )
            continue
        scored.questions = [
            judge_question(q, suite, lineage.named, unmatched) for q in suite.questions
        ]
    return result
