"""The typed record of one run: what every reader of a run consumes.

A run is evaluated once (:func:`projeval.run.evaluate` gives a live
:class:`~projeval.run.RunResult`, which still holds the loaded suites and the
trace frames); :meth:`RunResult.to_record` turns it into a :class:`RunRecord`, plain
frozen data in one direction: suites, their projections with questions, needs
and lineage, cost, findings, and the trace analysis. The history store writes
the record (as rows for the queries and as its document) and reads it back
typed; the report, the gate's baseline, the history API and the notebooks read
records, never the JSON.

``to_dict`` gives the run document (what ``projeval score --format json``
prints); :meth:`RunRecord.from_dict` reads any version of it back, upgrading
older documents step by step (see :data:`RECORD_VERSION`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ._version import __version__
from .checks.base import Finding, summarize
from .cost import SuiteCost
from .coverage import DroppedNeed, QuestionResult, dropped_needed, weighted_coverage
from .lineage import FieldLineage

if TYPE_CHECKING:
    from .run import RunResult, SuiteRun
    from .score import ProjectionScore, SuiteScore

#: Version of the run document.
#: 1: coverage and lineage. 2: adds cost, field values and findings per suite.
#: 3: what the typed record needs to be read back whole: each projection's source
#:    ``digest``; each lineage row's ``samples``, ``first_n``, ``defects``,
#:    ``resolved_beside`` and ``labels_wrong``; each need's ``defects`` in full; each
#:    cost output's ``list_tokens``.
RECORD_VERSION = 3


@dataclass(frozen=True)
class FixtureRecord:
    """One fixture of a suite: its name, its load error and its content digest."""

    name: str
    error: str | None = None
    digest: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {"name": self.name, "error": self.error, "digest": self.digest}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FixtureRecord:
        """The fixture back from :meth:`to_dict`."""
        return cls(data["name"], data.get("error"), data.get("digest") or "")


@dataclass(frozen=True)
class ProjectionRecord:
    """One projection of a suite: its verdicts per question and its lineage.

    ``coverage``, ``answerable`` and ``dropped_needed`` follow from the questions,
    so they are never stored apart from them.
    """

    name: str
    target: str
    questions: tuple[QuestionResult, ...] = ()
    lineage: tuple[FieldLineage, ...] = ()
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
        return weighted_coverage(list(self.questions)) if self.ok else None

    @property
    def answerable(self) -> int:
        """How many questions are answerable."""
        return sum(1 for q in self.questions if q.answerable)

    @property
    def dropped_needed(self) -> tuple[DroppedNeed, ...]:
        """Needed fields this projection drops, heaviest first."""
        return tuple(dropped_needed(list(self.questions)))

    @classmethod
    def from_score(cls, score: ProjectionScore) -> ProjectionRecord:
        """The record of a freshly scored projection."""
        return cls(
            name=score.name,
            target=score.target,
            questions=tuple(score.questions),
            lineage=tuple(score.lineage.rows()) if score.lineage else (),
            error=score.error,
            error_kind=score.error_kind,
            digest=score.digest,
        )

    def to_dict(self) -> dict[str, Any]:
        """The projection's part of the run document."""
        coverage = self.coverage
        return {
            "name": self.name,
            "target": self.target,
            "digest": self.digest,
            "error": self.error,
            "error_kind": self.error_kind,
            "coverage": None if coverage is None else round(coverage, 6),
            "answerable": self.answerable,
            "questions_total": len(self.questions),
            "dropped_needed": [d.to_dict() for d in self.dropped_needed],
            "questions": [q.to_dict() for q in self.questions],
            "lineage": [fl.to_dict() for fl in self.lineage],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ProjectionRecord:
        """The projection back from :meth:`to_dict` (derived numbers are recomputed)."""
        return cls(
            name=data["name"],
            target=data["target"],
            questions=tuple(QuestionResult.from_dict(q) for q in data.get("questions", ())),
            lineage=tuple(FieldLineage.from_dict(fl) for fl in data.get("lineage", ())),
            error=data.get("error"),
            error_kind=data.get("error_kind"),
            digest=data.get("digest") or "",
        )


@dataclass(frozen=True)
class SuiteRecord:
    """One suite of a run: its projections, cost and contract findings."""

    name: str
    tool: str
    file: str
    digest: str
    total_weight: float
    fixtures: tuple[FixtureRecord, ...] = ()
    diagnostics: tuple[str, ...] = ()
    projections: tuple[ProjectionRecord, ...] = ()
    cost: SuiteCost | None = None
    cost_error: str | None = None
    findings: tuple[Finding, ...] = ()

    def projection(self, name: str) -> ProjectionRecord:
        """One projection, by name."""
        for p in self.projections:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def findings_summary(self) -> dict[str, int]:
        """Number of findings per severity, most severe first."""
        return summarize(list(self.findings))

    @classmethod
    def from_score(cls, score: SuiteScore) -> SuiteRecord:
        """The record of a freshly scored suite (no cost, no findings)."""
        s = score.suite
        return cls(
            name=s.name,
            tool=s.tool,
            file=str(s.path),
            digest=s.digest,
            total_weight=s.total_weight,
            fixtures=tuple(
                FixtureRecord(f.name, f.error, score.fixture_digests.get(f.name, ""))
                for f in s.fixtures
            ),
            diagnostics=tuple(score.diagnostics),
            projections=tuple(
                ProjectionRecord.from_score(score.projections[n]) for n in sorted(score.projections)
            ),
        )

    @classmethod
    def from_run(cls, run: SuiteRun) -> SuiteRecord:
        """The record of one evaluated suite: its score, cost and findings."""
        return replace(
            cls.from_score(run.score),
            cost=run.cost,
            cost_error=run.cost_error,
            findings=tuple(run.findings),
        )

    def to_dict(self) -> dict[str, Any]:
        """The suite's part of the run document."""
        return {
            "name": self.name,
            "tool": self.tool,
            "file": self.file,
            "digest": self.digest,
            "total_weight": self.total_weight,
            "fixtures": [f.to_dict() for f in self.fixtures],
            "diagnostics": list(self.diagnostics),
            "projections": [p.to_dict() for p in self.projections],
            "cost": self.cost.to_dict() if self.cost else None,
            "cost_error": self.cost_error,
            "findings": [f.to_dict() for f in self.findings],
            "findings_summary": self.findings_summary,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SuiteRecord:
        """The suite back from :meth:`to_dict`."""
        cost = data.get("cost")
        return cls(
            name=data["name"],
            tool=data["tool"],
            file=data["file"],
            digest=data.get("digest") or "",
            total_weight=float(data["total_weight"]),
            fixtures=tuple(FixtureRecord.from_dict(f) for f in data.get("fixtures", ())),
            diagnostics=tuple(data.get("diagnostics", ())),
            projections=tuple(ProjectionRecord.from_dict(p) for p in data.get("projections", ())),
            cost=SuiteCost.from_dict(data["name"], cost) if cost else None,
            cost_error=data.get("cost_error"),
            findings=tuple(Finding.from_dict(f) for f in data.get("findings", ())),
        )


@dataclass(frozen=True)
class TraceFileRecord:
    """One trace file read: its path, format, how many traces and problems."""

    path: str
    format: str
    traces: int
    problems: int

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "path": self.path,
            "format": self.format,
            "traces": self.traces,
            "problems": self.problems,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TraceFileRecord:
        """The file back from :meth:`to_dict`."""
        return cls(data["path"], data["format"], int(data["traces"]), int(data["problems"]))


@dataclass(frozen=True)
class TracesRecord:
    """The trace analysis of a run (see :meth:`projeval.traces.TraceAnalysis.to_dict`).

    The header is typed; ``parts`` holds the rest of the analysis's document by key,
    in its order: row tables (``traces``, ``followups``, ``fanout``, ``hedges``, ...,
    each row keyed by the columns the trace tables declare) and a few summaries
    (``turn_classes``, ``drift_suites``). The trace tables own those columns.
    """

    version: int
    encoding: str
    threshold: float
    suites: tuple[str, ...]
    files: tuple[TraceFileRecord, ...]
    totals: Mapping[str, Any]
    parts: Mapping[str, Any]

    def rows(self, table: str) -> tuple[Mapping[str, Any], ...]:
        """The rows of one trace table (empty when the analysis has none)."""
        return tuple(self.parts.get(table) or ())

    def to_dict(self) -> dict[str, Any]:
        """The ``traces`` part of the run document."""
        return {
            "version": self.version,
            "encoding": self.encoding,
            "threshold": self.threshold,
            "suites": list(self.suites),
            "files": [f.to_dict() for f in self.files],
            "totals": dict(self.totals),
            **copy.deepcopy(dict(self.parts)),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TracesRecord:
        """The analysis back from :meth:`to_dict` (or ``TraceAnalysis.to_dict``), of any
        version of the trace document (older ones upgraded by the trace tables' owner)."""
        # Imported here: the trace tables bring pandas, which scoring never needs.
        from .traces.columns import upgrade_document as upgrade_trace_document

        data = upgrade_trace_document(dict(data))
        return cls(
            version=int(data.get("version", 1)),
            encoding=data.get("encoding") or "",
            threshold=float(data.get("threshold") or 0.0),
            suites=tuple(data.get("suites", ())),
            files=tuple(TraceFileRecord.from_dict(f) for f in data.get("files", ())),
            totals=dict(data.get("totals", {})),
            parts=copy.deepcopy({k: v for k, v in data.items() if k not in _TRACE_HEADER}),
        )


_TRACE_HEADER = frozenset({"version", "encoding", "threshold", "suites", "files", "totals"})


@dataclass(frozen=True)
class RunRecord:
    """One whole run, typed: what the store keeps and every reader consumes."""

    suites: tuple[SuiteRecord, ...] = ()
    errors: tuple[str, ...] = ()
    tokenizer: str = "o200k_base"
    traces: TracesRecord | None = None
    projeval: str = __version__
    version: int = RECORD_VERSION

    def suite(self, name: str) -> SuiteRecord:
        """One suite, by name."""
        for s in self.suites:
            if s.name == name:
                return s
        raise KeyError(name)

    def __iter__(self) -> Iterator[SuiteRecord]:
        return iter(self.suites)

    @property
    def failed(self) -> bool:
        """True when a suite could not be loaded or a projection failed."""
        return bool(self.errors) or any(not p.ok for s in self.suites for p in s.projections)

    @property
    def findings(self) -> list[Finding]:
        """Every suite's contract findings, suite by suite."""
        return [f for s in self.suites for f in s.findings]

    def answerable(self) -> dict[tuple[str, str], dict[str, bool]]:
        """``{(suite, projection): {question id: answerable}}`` (the gate's baseline)."""
        return {
            (s.name, p.name): {q.id: q.answerable for q in p.questions}
            for s in self.suites
            for p in s.projections
        }

    @classmethod
    def from_result(cls, result: RunResult) -> RunRecord:
        """The record of a live run (see :meth:`projeval.run.RunResult.to_record`)."""
        traces = result.traces
        return cls(
            suites=tuple(SuiteRecord.from_run(s) for s in sorted(result.suites, key=_name)),
            errors=tuple(result.errors),
            tokenizer=result.tokenizer,
            traces=None if traces is None else TracesRecord.from_dict(traces.to_dict()),
        )

    def to_dict(self) -> dict[str, Any]:
        """The versioned run document (``projeval score --format json``)."""
        doc: dict[str, Any] = {
            "version": self.version,
            "projeval": self.projeval,
            "tokenizer": self.tokenizer,
            "suites": [s.to_dict() for s in self.suites],
            "errors": list(self.errors),
        }
        if self.traces is not None:
            doc["traces"] = self.traces.to_dict()
        return doc

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunRecord:
        """A run back from its document, of this version or an older one (upgraded first).

        Raises ValueError for a document newer than this projeval reads.
        """
        doc = upgrade_document(data)
        traces = doc.get("traces")
        return cls(
            suites=tuple(SuiteRecord.from_dict(s) for s in doc.get("suites", ())),
            errors=tuple(doc.get("errors", ())),
            tokenizer=doc.get("tokenizer") or "o200k_base",
            traces=TracesRecord.from_dict(traces) if traces else None,
            projeval=doc.get("projeval") or "",
            version=RECORD_VERSION,
        )


def _name(s: SuiteRun) -> str:
    return s.name


# --------------------------------------------------------------------------------------
# Upgrading older documents. Frozen like the store's migrations: _UPGRADES[n] takes a
# document from version n to n + 1; never edit one, add the next.


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    # Version 1 had no cost and no findings.
    for s in doc.get("suites", []):
        s.setdefault("cost", None)
        s.setdefault("cost_error", None)
        s.setdefault("findings", [])
    return doc


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    # Version 2 kept no projection digest (unknown: ""), no lineage samples or first_n
    # (0 and None, as for a field never sampled), and no list_tokens: the tokens per
    # item it kept (rounded to 4 places) times the items give them back.
    for s in doc.get("suites", []):
        for p in s.get("projections", []):
            p.setdefault("digest", "")
        cost = s.get("cost") or {}
        outputs = [*cost.get("raw", [])]
        for p in cost.get("projections", []):
            outputs += p.get("outputs", [])
        for o in outputs:
            per_item, items = o.get("tokens_per_item"), o.get("items")
            known = per_item is not None and items
            o.setdefault("list_tokens", round(per_item * items) if known else None)
    return doc


_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}


def upgrade_document(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a run document brought to :data:`RECORD_VERSION`."""
    doc = copy.deepcopy(dict(data))
    version = int(doc.get("version", 1))
    if version > RECORD_VERSION:
        raise ValueError(
            f"run document version {version} is newer than this projeval reads ({RECORD_VERSION})"
        )
    for step in range(version, RECORD_VERSION):
        doc = _UPGRADES[step](doc)
    doc["version"] = RECORD_VERSION
    return doc
