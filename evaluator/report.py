"""The HTML coverage report: one self-contained file.

The report is built in two steps, as coverage.py does: plain dataclass view
models from a run's document (what ``projeval score --format json`` writes,
plus costs, findings and traces when they were recorded), then one jinja2
render with autoescaping on and undefined names as errors. Everything that
came from fixtures, traces or suites is text to escape; the only markup not
written by the templates is the SVG of the charts, which matplotlib writes
and escapes.

What grows with the question set (the matrix and each projection's questions
table) is written once as data, in a JSON script block per suite (inert: the
page's policy runs only its one inline script), and drawn by that script: the
first :data:`MATRIX_PAGE` rows of each matrix are in the HTML too, the rest and
the questions tables are drawn when asked for. So 5,000 questions x 5
projections stay one self-contained file of under 2 MB that opens at once.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.resources
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
import markupsafe

from ._files import write_atomic
from ._version import __version__
from .cost import Candidate, round_ratio
from .coverage import DroppedNeed
from .runrecord import RunRecord, SuiteRecord, TracesRecord
from .text.numbers import count, fixed, integer, num, pct, signed_pct
from .text.traces import counts_line, drift_note, problem_line, recorded_input, turns_line
from .verdict import Verdict, decide
from .vocabulary import (
    CELL_STATUSES,
    FINDING_SEVERITIES,
    PROJECTION_ERROR,
    status_icon,
)

if TYPE_CHECKING:
    from .history import History

_ANCHOR = re.compile(r"[^a-z0-9]+")
#: The matrix rows written into the HTML; the script draws the rest on demand.
MATRIX_PAGE = 100
#: The questions a callout or a verdict's miss names before "and N more".
QUESTIONS_SHOWN = 10
_SEPARATOR = re.compile(r"([./_])")


def breakable(text: object) -> markupsafe.Markup:
    """Escaped text with a line break opportunity after each ``.``, ``/`` and ``_``.

    Paths and names break there (``organization.<wbr>data``) rather than mid-word,
    which a narrow screen would otherwise do (``organizatio`` / ``n``).
    """
    escaped = str(markupsafe.escape(text))
    return markupsafe.Markup(_SEPARATOR.sub(r"\1<wbr>", escaped))


def anchor(*parts: str) -> str:
    """A stable HTML id from names (``suite-support-desk--compact-v1``)."""
    return "--".join(_ANCHOR.sub("-", p.lower()).strip("-") or "x" for p in parts)


@dataclass(frozen=True)
class Cell:
    """One question x projection cell of the matrix."""

    status: str
    icon: str
    css: str
    href: str
    title: str


@dataclass(frozen=True)
class MatrixRow:
    """One question across every projection."""

    id: str
    text: str
    weight: str
    anchor: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class NeedRow:
    """One need of one question for one projection."""

    field: str
    status: str
    icon: str
    css: str
    detail: str
    outputs: str


@dataclass(frozen=True)
class QuestionView:
    """One question's verdict for one projection."""

    id: str
    text: str
    weight: str
    answerable: bool
    anchor: str
    needs: tuple[NeedRow, ...]
    #: ``ok``, or the most severe status of the needs (the matrix cell shows it).
    status: str = "ok"


@dataclass(frozen=True)
class LineageRow:
    """One source field of the lineage table."""

    field: str
    source: str
    outputs: str
    status: str
    icon: str
    css: str
    detail: str


@dataclass(frozen=True)
class Callout:
    """A needed field that projections drop: the SLA case."""

    suite: str
    field: str
    weight: str
    projections: tuple[tuple[str, str], ...]  # (name, href)
    questions: tuple[tuple[str, str, str], ...]  # (id, weight, href)


@dataclass
class ProjectionView:
    """A projection's drill-down."""

    name: str
    anchor: str
    target: str
    coverage: str
    coverage_value: float
    answerable: str
    error: str | None
    questions: list[QuestionView] = field(default_factory=list)
    lineage: list[LineageRow] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class SuiteView:
    """One suite: summary rows, matrix and drill-downs."""

    name: str
    anchor: str
    tool: str
    file: str
    total_weight: str
    projections: list[ProjectionView]
    matrix: list[MatrixRow]
    diagnostics: list[str]
    extra: dict[str, Any] = field(default_factory=dict)
    #: The matrix and the questions tables as data, for the report's script (see
    #: :func:`_suite_data`); written into the page as JSON.
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class ReportView:
    """Everything the template reads; built before rendering."""

    title: str
    generated_at: str
    version: str
    run_id: str | None
    suites: list[SuiteView]
    callouts: list[Callout]
    errors: list[str]
    sections: dict[str, Any] = field(default_factory=dict)


def _icon(status: str) -> tuple[str, str]:
    s = status_icon(status)
    return s.icon, s.css


def build_view(
    run: RunRecord,
    *,
    generated_at: str,
    run_id: str | None = None,
    title: str = "projeval report",
    trend: Any = None,
    diff: Any = None,
) -> ReportView:
    """View models from a run's record (in memory, or read back from the store)."""
    suites: list[SuiteView] = []
    summary_columns = ["Tokens", "vs raw", "Findings"]
    dropping: dict[tuple[str, str], tuple[DroppedNeed, list[tuple[str, str]]]] = {}
    for suite in sorted(run.suites, key=lambda s: s.name):
        suite_anchor = anchor("suite", suite.name)
        projections = []
        for p in sorted(suite.projections, key=lambda p: p.name):
            p_anchor = anchor("proj", suite.name, p.name)
            coverage = p.coverage
            view = ProjectionView(
                name=p.name,
                anchor=p_anchor,
                target=p.target,
                coverage=pct(coverage),
                coverage_value=-1.0 if coverage is None else round(coverage, 6),
                answerable=f"{p.answerable}/{len(p.questions)}",
                error=p.error,
            )
            for q in p.questions:
                needs = []
                for n in q.needs:
                    icon, css = _icon(n.status)
                    needs.append(
                        NeedRow(n.field, n.status, icon, css, n.detail, ", ".join(n.outputs) or "-")
                    )
                view.questions.append(
                    QuestionView(
                        q.id,
                        q.text,
                        num(q.weight),
                        q.answerable,
                        anchor("q", suite.name, p.name, q.id),
                        tuple(needs),
                        q.status,
                    )
                )
            for fl in p.lineage:
                icon, css = _icon(fl.status)
                view.lineage.append(
                    LineageRow(
                        fl.field or "",
                        fl.source,
                        ", ".join(fl.outputs) or "-",
                        fl.status,
                        icon,
                        css,
                        fl.detail,
                    )
                )
            for dropped in p.dropped_needed:
                entry = dropping.setdefault((suite.name, dropped.field), (dropped, []))
                entry[1].append((p.name, "#" + p_anchor))
            _cost_and_findings(view, suite, p.name)
            projections.append(view)
        verdict = decide(suite)
        matrix = _matrix(suite, projections)
        suites.append(
            SuiteView(
                name=suite.name,
                anchor=suite_anchor,
                tool=suite.tool,
                file=suite.file,
                total_weight=num(suite.total_weight),
                projections=projections,
                matrix=matrix,
                diagnostics=list(suite.diagnostics),
                extra={**_suite_cost(suite), "verdict": verdict, "pareto": _pareto(verdict)},
                data=_suite_data(suite.name, projections, matrix),
            )
        )
    callouts = [
        Callout(
            suite_name,
            field_name,
            num(dropped.weight),
            tuple(sorted(projs)),
            tuple(
                (qid, num(weight), "#" + anchor("row", suite_name, qid))
                for qid, weight in dropped.questions
            ),
        )
        for (suite_name, field_name), (dropped, projs) in dropping.items()
    ]
    callouts.sort(key=lambda c: (-float(c.weight), c.suite, c.field))
    report = ReportView(
        title=title,
        generated_at=generated_at,
        version=run.projeval or __version__,
        run_id=run_id,
        suites=suites,
        callouts=callouts,
        errors=list(run.errors),
    )
    report.sections["summary_columns"] = summary_columns
    nav: list[tuple[str, str]] = []
    if trend is not None:
        report.sections["trends"] = _trends(trend)
        nav.append(("trends", "Trends"))
    if diff is not None:
        report.sections["diff"] = _diff(diff)
        nav.append(("diff", "Changes since the previous run"))
    if run.traces is not None:
        report.sections["traces"] = _traces(run.traces)
        nav.append(("traces", "Traces"))
    report.sections["nav"] = nav
    return report


def _matrix(suite: SuiteRecord, projections: list[ProjectionView]) -> list[MatrixRow]:
    rows: dict[str, tuple[str, str, str, list[Cell]]] = {}
    order: list[str] = []
    for p in projections:
        if p.error:
            continue
        for q in p.questions:
            if q.id not in rows:
                rows[q.id] = (q.text, q.weight, anchor("row", suite.name, q.id), [])
                order.append(q.id)
    for p in projections:
        by_id = {q.id: q for q in p.questions}
        for qid in order:
            question = by_id.get(qid)
            if question is None:
                icon, css = _icon(PROJECTION_ERROR.word)
                cell = Cell(PROJECTION_ERROR.word, icon, css, "#" + p.anchor, p.error or "")
            else:
                status = question.status
                icon, css = _icon(status)
                reasons = "; ".join(
                    f"{n.field}: {n.status}" for n in question.needs if n.status != "ok"
                )
                cell = Cell(status, icon, css, "#" + question.anchor, reasons or "answerable")
            rows[qid][3].append(cell)
    return [
        MatrixRow(qid, rows[qid][0], rows[qid][1], rows[qid][2], tuple(rows[qid][3]))
        for qid in order
    ]


def _suite_data(
    suite: str, projections: Sequence[ProjectionView], matrix: Sequence[MatrixRow]
) -> dict[str, Any]:
    """The suite's matrix and questions tables, compact, for the report's script.

    Strings that repeat (statuses, and whole need rows: a field's verdict is the same
    in every question that needs it the same way) are written once and referred to by
    index, which keeps 5,000 questions x 5 projections well under a megabyte.
    ``cells`` holds one character per projection and question: the index of its status
    in ``statuses``, in base 36.
    """
    statuses: dict[str, int] = {}
    needs: dict[tuple[str, int, str, str], int] = {}

    def status(word: str) -> int:
        return statuses.setdefault(word, len(statuses))

    def need(n: NeedRow) -> int:
        return needs.setdefault((n.field, status(n.status), n.detail, n.outputs), len(needs))

    order = {row.id: i for i, row in enumerate(matrix)}
    answers: list[list[list[int]] | None] = []
    for p in projections:
        if p.error:
            answers.append(None)
            continue
        rows: list[list[int]] = [[] for _ in matrix]
        for q in p.questions:
            if q.id in order:
                rows[order[q.id]] = [need(n) for n in q.needs]
        answers.append(rows)
    cells = ["".join(_base36(status(c.status)) for c in row.cells) for row in matrix]
    return {
        "suite": anchor(suite),
        "statuses": [[w, *_icon(w)] for w in statuses],
        "projections": [[p.name, anchor(p.name), p.error] for p in projections],
        "questions": [[r.id, r.text, r.weight, anchor(r.id)] for r in matrix],
        "cells": cells,
        "needs": [list(n) for n in needs],
        "answers": answers,
        "page": MATRIX_PAGE,
    }


def _base36(i: int) -> str:
    if i >= 36:
        raise ValueError("more than 36 cell statuses")  # the vocabulary has a dozen
    return "0123456789abcdefghijklmnopqrstuvwxyz"[i]


def _pareto(verdict: Verdict) -> dict[str, Any] | None:
    """The coverage-against-tokens chart of a verdict, and its caption's front."""
    if not verdict.points:
        return None
    from .charts import pareto_svg

    blocked = {b.projection for b in verdict.blocked}
    by_name = {n: (t, c) for n, t, c in verdict.points}
    return {
        "svg": pareto_svg(
            verdict.points,
            verdict.front,
            blocked,
            verdict.ship,
            f"{verdict.suite}: coverage against tokens",
        ),
        "front": [
            (n, pct(by_name[n][1]), _int(by_name[n][0]), n in blocked) for n in verdict.front
        ],
    }


@dataclass(frozen=True)
class Table:
    """A plain table for the template: headers, rows, and which columns are numbers."""

    headers: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    numeric: tuple[int, ...] = ()


# The report writes numbers as every text output does (projeval.text.numbers).
_int = integer


def _ratio(value: Any) -> str:
    return fixed(value, 2)


def _signed_pct(value: Any) -> str:
    return signed_pct(value, 0)


def _cost_and_findings(view: ProjectionView, suite: SuiteRecord, name: str) -> None:
    cost = suite.cost.projections.get(name) if suite.cost else None
    findings = [f for f in suite.findings if f.projection == name]
    counts = {s: sum(1 for f in findings if f.severity == s) for s in FINDING_SEVERITIES}
    label = ", ".join(count(n, s) for s, n in counts.items() if n) or "-"
    if cost is not None:
        ratio = round_ratio(cost.ratio_to_raw)
        view.extra["summary"] = [
            (_int(cost.tokens), cost.tokens),
            (_ratio(ratio), ratio if ratio is not None else -1),
            (label, _severity_sort_key(counts)),
        ]
        view.extra["outputs"] = Table(
            (
                "Fixture",
                "Form",
                "Tokens",
                "Bytes",
                "Wire bytes",
                "bytes/4",
                "bytes/4 error",
                "Items",
                "Tokens/item",
                "vs raw",
            ),
            tuple(
                (
                    o.fixture + (f" ({o.error})" if o.error else ""),
                    o.form if not o.fault else f"fault: {o.fault}",
                    _int(o.tokens),
                    _int(o.bytes),
                    _int(o.wire_bytes),
                    _int(o.estimate),
                    _signed_pct(round_ratio(o.estimate_error)),
                    _int(o.items),
                    "-" if o.tokens_per_item is None else f"{round_ratio(o.tokens_per_item):.1f}",
                    _ratio(round_ratio(o.ratio_to_raw)),
                )
                for o in cost.outputs
            ),
            numeric=(2, 3, 4, 5, 6, 7, 8, 9),
        )
        fields: dict[str, list[int]] = {}
        for o in cost.outputs:
            if o.error or o.fault:
                continue
            for f in o.fields:
                slot = fields.setdefault(f.path, [0, 0])
                slot[0] += f.tokens
                slot[1] += f.values
        view.extra["fields"] = Table(
            ("Output field", "Tokens", "Values"),
            tuple(
                (path, _int(t), _int(v))
                for path, (t, v) in sorted(fields.items(), key=lambda kv: (-kv[1][0], kv[0]))
            ),
            numeric=(1, 2),
        )
    else:
        view.extra["summary"] = [("-", -1), ("-", -1), (label, 0)]
    view.extra["findings"] = Table(
        ("Rule", "Severity", "Fixture", "Output path", "Message"),
        tuple((f.rule, f.severity, f.fixture or "-", f.path or "-", f.message) for f in findings),
    )


def _suite_cost(suite: SuiteRecord) -> dict[str, Any]:
    cost = suite.cost
    if not cost:
        return {}
    from .charts import breakdown_svg
    from .tool_result import CLASSES

    rows: list[tuple[str, dict[str, int]]] = []
    raw: dict[str, int] = dict.fromkeys(CLASSES, 0)
    for o in cost.raw:
        if not o.error:
            for cls, n in o.breakdown.items():
                raw[cls] = raw.get(cls, 0) + n
    rows.append(("raw response", raw))
    names = sorted(cost.projections)
    rows.extend((n, cost.projections[n].breakdown) for n in names if not cost.projections[n].error)
    values = Table(
        ("Field", "Source path", "Weight", "Raw tokens", *names),
        tuple(
            (
                fv.field or "",
                fv.source,
                num(fv.weight),
                _int(fv.raw_tokens),
                *(f"{fv.status.get(n, '-')} · {_int(fv.tokens.get(n))}" for n in names),
            )
            for fv in cost.field_values
        ),
        numeric=(2, 3),
    )

    def candidates(items: Sequence[Candidate]) -> Table:
        return Table(
            ("Projection", "Field", "Source path", "Status", "Weight", "Tokens", "Why"),
            tuple(
                (
                    c.projection,
                    c.field or "",
                    c.source,
                    c.status,
                    num(c.weight),
                    _int(c.tokens),
                    c.reason,
                )
                for c in items
            ),
            numeric=(4, 5),
        )

    return {
        "chart": breakdown_svg(rows, CLASSES, f"Where the tokens go ({cost.encoding})"),
        "values": values,
        "drop": candidates(cost.drop_candidates),
        "add": candidates(cost.add_candidates),
        "raw_basis": cost.raw_basis,
    }


def _trends(trend: Any) -> dict[str, Any]:
    from .charts import trend_svg

    frame = trend.projections
    # One chart per suite: a suite's projections share a question set and a scale.
    coverage: dict[str, dict[str, list[tuple[int, float]]]] = {}
    tokens: dict[str, dict[str, list[tuple[int, float]]]] = {}
    for row in frame.sort_values(["suite", "projection", "run_id"]).to_dict("records"):
        suite, name, run = row["suite"], row["projection"], int(row["run_id"])
        if row["coverage"] == row["coverage"] and row["coverage"] is not None:  # not NaN
            coverage.setdefault(suite, {}).setdefault(name, []).append(
                (run, float(row["coverage"]))
            )
        if row["tokens"] == row["tokens"] and row["tokens"] is not None:
            tokens.setdefault(suite, {}).setdefault(name, []).append((run, float(row["tokens"])))
    traces = trend.traces
    trace_series: dict[str, list[tuple[int, float]]] = {}
    for row in traces.sort_values("run_id").to_dict("records"):
        # the follow-ups read calls made, where the run kept them (store schema 5), else all
        lookups = row.get("lookups")
        followed = "lookups" if lookups == lookups and lookups is not None else "followups"
        for metric in (followed, "errors", "hedges"):
            value = row.get(metric)
            if value == value and value is not None:
                name = "follow-ups" if metric == "followups" else metric
                trace_series.setdefault(name, []).append((int(row["run_id"]), float(value)))
    # Runs of traces alone (no suite configured) count too.
    runs = {int(r) for t in (frame, traces) if len(t) for r in t["run_id"]}
    return {
        "runs": len(runs),
        "charts": [
            (
                suite,
                trend_svg(
                    coverage.get(suite, {}),
                    "coverage (%)",
                    f"{suite}: coverage by run",
                    percent=True,
                ),
                trend_svg(tokens.get(suite, {}), "tokens", f"{suite}: tokens by run"),
            )
            for suite in sorted(set(coverage) | set(tokens))
        ],
        "traces": trend_svg(
            trace_series, "count", "Follow-up lookups, tool errors and hedges by run"
        )
        if trace_series
        else None,
    }


def _fanout(traces: TracesRecord) -> list[Mapping[str, Any]]:
    """The analysis's per-field aggregate; one recorded before it had one gets it
    from its follow-up rows, by the same tally."""
    if "fanout" in traces.parts:
        return list(traces.rows("fanout"))
    from .traces.columns import FOLLOWUPS
    from .traces.findings import tally_rows

    rows = [tuple(r.get(c) for c in FOLLOWUPS.names) for r in traces.rows("followups")]
    return [f.to_dict() for f in tally_rows(rows).fanout()]


def _traces(traces: TracesRecord) -> dict[str, Any]:
    """The traces section: fan-outs, hedged answers, billed tokens, uncovered questions."""
    from .traces.findings import PROSE_PATH  # the text output's name for a prose result

    # The trace analysis's one per-field aggregate (``TraceAnalysis.fanout``), as it sorts it.
    fanout = Table(
        (
            "Producing tool",
            "Path in its result",
            "Follow-up call",
            "Argument",
            "Calls",
            "Lookups",
            "Actions",
            "Distinct values",
            "Duplicates",
            "Traces",
        ),
        tuple(
            (
                f["producer"] or "?",
                f["path"] or PROSE_PATH,
                f["consumer"] or "?",
                f["argument"],
                f["calls"],
                f["lookups"],
                f["actions"],
                f["values"],
                f["duplicates"],
                f["traces"],
            )
            for f in _fanout(traces)
        ),
        numeric=(4, 5, 6, 7, 8, 9),
    )
    hedged = [
        {
            "trace": f"{h['trace_id']} turn {h['turn']}",
            "question": h["question"],
            "question_id": h["question_id"],
            "href": "#" + anchor("row", h["suite"], h["question_id"])
            if h.get("suite") and h.get("question_id")
            else None,
            "score": f"{h['score']:.2f}" if h.get("score") is not None else "-",
            "phrases": ", ".join(h.get("phrases") or ()),
            "needs": ", ".join(h.get("needs") or ()) or "-",
            "missing": ", ".join(h.get("missing") or ()) or "-",
            "example": h["example"],
        }
        for h in traces.rows("hedged_answers")
    ]
    billed = Table(
        (
            "File",
            "Trace",
            "Format",
            "Calls",
            "Errors",
            "Duplicates",
            "Follow-ups",
            "Hedges",
            "Result tokens",
            "Billed input",
            "Recorded input",
        ),
        tuple(
            (
                t["file"],
                t["trace_id"],
                t["format"],
                t["calls"],
                t.get("errors"),
                t["duplicates"],
                t["followups"],
                t["hedges"],
                _int(t["result_tokens"]),
                _int(t["billed_input_tokens"]),
                recorded_input(t),
            )
            for t in traces.rows("traces")
        ),
        numeric=(3, 4, 5, 6, 7, 8, 9, 10),
    )
    uncovered = [
        (
            f"{q['trace_id']} turn {q['turn']}",
            q["question"],
            q.get("question_id") or "-",
            f"{q['score']:.2f}",
        )
        for q in traces.rows("questions")
        if not q["covered"]
    ]
    t = traces.totals
    return {
        # The CLI's counts, read from the same totals: follow-ups split into lookups and
        # actions, and the tool errors and retries beside the duplicates.
        "headline": f"{count(t.get('traces', 0), 'trace')} in "
        f"{count(t.get('files', 0), 'file')}: {counts_line(t)}.",
        # The user turns by class and the drift note, worded as the CLI words them.
        "turns": turns_line(traces.parts.get("turn_classes") or {}, t),
        "drift_note": drift_note(traces.suites, traces.parts.get("drift_suites") or (), t),
        "findings": [f["text"] for f in traces.rows("findings")],
        "fanout": fanout,
        "hedged": hedged,
        "unsupported": [u["text"] for u in traces.rows("unsupported_answers")],
        "billed": billed,
        "uncovered": uncovered,
        "problems": [
            problem_line(p["file"], p["line"], p["reason"]) for p in traces.rows("problems")
        ],
    }


#: How a regression callout names the metric a change is of, and which way is better.
_METRICS = {
    "coverage": ("weighted coverage", "higher is better"),
    "tokens": ("tokens", "fewer is better"),
}


def _blank(value: Any) -> str:
    """A cell's text; None and pandas' missing values (NaN) read as nothing."""
    return "" if value is None or value != value else str(value)


def _metric(row: dict[str, Any]) -> str:
    """A change of coverage or tokens named with its metric and whether it is better."""
    if row["kind"] not in _METRICS:
        return str(row["description"])
    name, better = _METRICS[row["kind"]]
    way = {"regression": "worse", "improvement": "better"}.get(row["direction"])
    return f"{name} {row['description']}" + (f", {way} ({better})" if way else "")


def _diff(diff: Any) -> dict[str, Any]:
    changes = [
        {k: (_blank(v) if k in ("suite", "projection") else v) for k, v in r.items()}
        for r in diff.changes.to_dict("records")
    ]
    rows = tuple(
        (r["direction"], r["kind"], r["suite"], r["projection"], r["description"]) for r in changes
    )
    # Coverage and tokens go together: a token regression is shown beside the coverage
    # change of the same projection (what the tokens bought), and the other way round.
    by_metric = {
        (r["suite"], r["projection"], r["kind"]): r for r in changes if r["kind"] in _METRICS
    }
    regressions = []
    for r in changes:
        if r["direction"] != "regression":
            continue
        where = f"{r['suite']} / {r['projection']}: " if r["suite"] and r["projection"] else ""
        text = _metric(r)
        for kind in _METRICS:
            other = by_metric.get((r["suite"], r["projection"], kind))
            if kind != r["kind"] and r["kind"] in _METRICS and other is not None:
                text += " · " + _metric(other)
        regressions.append(where + text)
    return {
        "base": str(diff.run_a.run_id),
        "head": str(diff.run_b.run_id),
        "regressions": regressions,
        "table": Table(("Direction", "Kind", "Suite", "Projection", "Change"), rows),
    }


def _severity_sort_key(counts: dict[str, int]) -> int:
    """One number that sorts by the most severe findings first (then the next severity)."""
    key = 0
    for s in FINDING_SEVERITIES:
        key = key * 100 + counts[s]
    return key


def environment() -> jinja2.Environment:
    """The one jinja2 environment: package templates, autoescape on, strict undefined."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("projeval", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    # The status filter offers every status a cell can show, from the one vocabulary.
    env.globals["cell_statuses"] = CELL_STATUSES
    env.globals["questions_shown"] = QUESTIONS_SHOWN
    env.globals["matrix_page"] = MATRIX_PAGE
    env.filters["breakable"] = breakable
    # Data blocks: compact, in the order written (`tojson` escapes <, >, & and ').
    env.policies["json.dumps_kwargs"] = {
        "sort_keys": False,
        "separators": (",", ":"),
        "ensure_ascii": False,
    }
    return env


def _script() -> tuple[str, str]:
    """The report's one inline script and its CSP hash."""
    text = importlib.resources.files("projeval").joinpath("templates", "_script.js").read_text()
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    return text, f"sha256-{digest}"


def render_report(view: ReportView) -> str:
    """Render the report to one HTML string."""
    script, script_hash = _script()
    template = environment().get_template("report.html.j2")
    # The script is our own static file, so it is the one thing not escaped.
    return template.render(view=view, script=markupsafe.Markup(script), script_hash=script_hash)


def write_run_report(
    history: History,
    path: str | Path,
    *,
    run_id: int | str | None = None,
    record: RunRecord | None = None,
) -> Path:
    """Write the report of one recorded run (default: the latest); returns the path written.

    ``record`` is the run's record when the caller has it in memory (``projeval run``
    just recorded it as ``run_id``); otherwise it is read back typed from the store.
    The report shows the store's trends and the changes since the run before, and
    is dated by the run's recorded start.
    """
    return write_report(run_report_view(history, run_id=run_id, record=record), path)


def run_report_view(
    history: History, *, run_id: int | str | None = None, record: RunRecord | None = None
) -> ReportView:
    """The view of one recorded run's report (``run_id`` as the history resolves it)."""
    if record is None or not isinstance(run_id, int):
        rid, record = history.run(run_id)
    else:
        rid = run_id
    runs = history.runs()
    recorded = next((r for r in runs.runs if r.run_id == rid), None)
    when = recorded.started_at.astimezone(UTC) if recorded else None
    previous = [r.run_id for r in runs.runs if r.run_id < rid]
    view = build_view(
        record,
        generated_at=when.strftime("%Y-%m-%d %H:%M:%S UTC") if when else "-",
        run_id=str(rid),
        trend=history.trend(),
        diff=history.diff(previous[-1], rid) if previous else None,
    )
    return view


def write_report(view: ReportView, path: str | Path) -> Path:
    """Render and write the report; returns the path written."""
    return write_atomic(path, render_report(view))
