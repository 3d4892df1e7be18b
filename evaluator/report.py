"""The HTML coverage report: one self-contained file.

The report is built in two steps, as coverage.py does: plain dataclass view
models from a run's document (what ``projeval score --format json`` writes,
plus costs, findings and traces when they were recorded), then one jinja2
render with autoescaping on and undefined names as errors. Everything that
came from fixtures, traces or suites is text to escape; the only markup not
written by the templates is the SVG of the charts, which matplotlib writes
and escapes.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.resources
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import markupsafe

from evaluator import __version__

#: Status word -> (icon, css class). Icons and words, never colour alone.
STATUS_ICONS = {
    "ok": ("✓", "ok"),
    "dropped": ("✗", "bad"),
    "lossy": ("≈", "warn"),
    "needs-lookup": ("↪", "warn"),
    "partial": ("◐", "warn"),
    "not-in-fixture": ("∅", "muted"),
    "inconclusive": ("?", "muted"),
    "error": ("!", "bad"),
    "kept": ("✓", "ok"),
    "resolved": ("✓", "ok"),
    "no-sample": ("∅", "muted"),
}

_ANCHOR = re.compile(r"[^a-z0-9]+")


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


def _num(value: float) -> str:
    return f"{value:g}"


def _pct(value: float | None) -> str:
    return "error" if value is None else f"{value * 100:.1f}%"


def _icon(status: str) -> tuple[str, str]:
    return STATUS_ICONS.get(status, ("·", "muted"))


def build_view(
    document: dict[str, Any],
    *,
    generated_at: str,
    run_id: str | None = None,
    title: str = "projeval report",
) -> ReportView:
    """View models from a run document (see ``evaluator.score.score_document``)."""
    suites: list[SuiteView] = []
    dropping: dict[tuple[str, str], tuple[float, list, list[tuple[str, str]]]] = {}
    for suite in sorted(document.get("suites", []), key=lambda s: s["name"]):
        suite_anchor = anchor("suite", suite["name"])
        projections = []
        for p in sorted(suite["projections"], key=lambda p: p["name"]):
            p_anchor = anchor("proj", suite["name"], p["name"])
            view = ProjectionView(
                name=p["name"],
                anchor=p_anchor,
                target=p["target"],
                coverage=_pct(p["coverage"]),
                coverage_value=-1.0 if p["coverage"] is None else p["coverage"],
                answerable=f"{p['answerable']}/{p['questions_total']}",
                error=p["error"],
            )
            for q in p["questions"]:
                needs = []
                for n in q["needs"]:
                    icon, css = _icon(n["status"])
                    needs.append(
                        NeedRow(
                            n["field"],
                            n["status"],
                            icon,
                            css,
                            n["detail"],
                            ", ".join(n["outputs"]) or "-",
                        )
                    )
                view.questions.append(
                    QuestionView(
                        q["id"],
                        q["text"],
                        _num(q["weight"]),
                        q["answerable"],
                        anchor("q", suite["name"], p["name"], q["id"]),
                        tuple(needs),
                    )
                )
            for fl in p["lineage"]:
                icon, css = _icon(fl["status"])
                view.lineage.append(
                    LineageRow(
                        fl["field"] or "",
                        fl["source"],
                        ", ".join(fl["outputs"]) or "-",
                        fl["status"],
                        icon,
                        css,
                        fl["detail"],
                    )
                )
            for dropped in p["dropped_needed"]:
                entry = dropping.setdefault(
                    (suite["name"], dropped["field"]),
                    (dropped["weight"], dropped["questions"], []),
                )
                entry[2].append((p["name"], "#" + p_anchor))
            projections.append(view)
        suites.append(
            SuiteView(
                name=suite["name"],
                anchor=suite_anchor,
                tool=suite["tool"],
                file=suite["file"],
                total_weight=_num(suite["total_weight"]),
                projections=projections,
                matrix=_matrix(suite, projections),
                diagnostics=list(suite.get("diagnostics", [])),
            )
        )
    callouts = [
        Callout(
            suite_name,
            field_name,
            _num(weight),
            tuple(sorted(projs)),
            tuple(
                (q["id"], _num(q["weight"]), "#" + anchor("row", suite_name, q["id"]))
                for q in questions
            ),
        )
        for (suite_name, field_name), (weight, questions, projs) in dropping.items()
    ]
    callouts.sort(key=lambda c: (-float(c.weight), c.suite, c.field))
    return ReportView(
        title=title,
        generated_at=generated_at,
        version=document.get("projeval", __version__),
        run_id=run_id,
        suites=suites,
        callouts=callouts,
        errors=list(document.get("errors", [])),
    )


def _matrix(suite: dict[str, Any], projections: list[ProjectionView]) -> list[MatrixRow]:
    rows: dict[str, tuple[str, str, str, list[Cell]]] = {}
    order: list[str] = []
    for p in projections:
        if p.error:
            continue
        for q in p.questions:
            if q.id not in rows:
                rows[q.id] = (q.text, q.weight, anchor("row", suite["name"], q.id), [])
                order.append(q.id)
    for p in projections:
        by_id = {q.id: q for q in p.questions}
        for qid in order:
            q = by_id.get(qid)
            if q is None:
                icon, css = _icon("error")
                cell = Cell("error", icon, css, "#" + p.anchor, p.error or "")
            else:
                status = "ok" if q.answerable else _worst(q.needs)
                icon, css = _icon(status)
                reasons = "; ".join(f"{n.field}: {n.status}" for n in q.needs if n.status != "ok")
                cell = Cell(status, icon, css, "#" + q.anchor, reasons or "answerable")
            rows[qid][3].append(cell)
    return [
        MatrixRow(qid, rows[qid][0], rows[qid][1], rows[qid][2], tuple(rows[qid][3]))
        for qid in order
    ]


_SEVERITY = ("dropped", "partial", "lossy", "needs-lookup", "inconclusive", "not-in-fixture")


def _worst(needs: tuple[NeedRow, ...]) -> str:
    statuses = {n.status for n in needs}
    return next((s for s in _SEVERITY if s in statuses), "ok")


def environment() -> jinja2.Environment:
    """The one jinja2 environment: package templates, autoescape on, strict undefined."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("evaluator", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _script() -> tuple[str, str]:
    """The report's one inline script and its CSP hash."""
    text = importlib.resources.files("evaluator").joinpath("templates", "_script.js").read_text()
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    return text, f"sha256-{digest}"


def render_report(view: ReportView) -> str:
    """Render the report to one HTML string."""
    script, script_hash = _script()
    template = environment().get_template("report.html.j2")
    # The script is our own static file, so it is the one thing not escaped.
    return template.render(view=view, script=markupsafe.Markup(script), script_hash=script_hash)


def write_report(view: ReportView, path: str | Path) -> Path:
    """Render and write the report; returns the path written."""
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_report(view), encoding="utf-8")
    return out
