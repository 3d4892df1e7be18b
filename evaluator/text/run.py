"""The summary ``projeval score`` and ``projeval run`` print: one table per suite."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..vocabulary import FINDING_SEVERITIES
from .numbers import count, fixed, num, pct
from .paths import display_path
from .tables import table
from .traces import render_summary

if TYPE_CHECKING:
    from pathlib import Path

    from ..run import RunResult

_HEADERS = (
    "projection",
    "coverage",
    "answerable",
    "tokens",
    "vs raw",
    "findings",
    "dropped needed fields",
)


def severities(counts: dict[str, int], checked: bool) -> str:
    """The findings cell: ``2 errors, 1 warning``, ``none``, or ``not run`` (checks failed)."""
    if not checked:
        return "not run"
    parts = [count(counts[s], s) for s in FINDING_SEVERITIES if counts.get(s)]
    return ", ".join(parts) or "none"


def render_run_text(run: RunResult) -> str:
    """The summary ``projeval score`` and ``projeval run`` print."""
    blocks = []
    for s in sorted(run.suites, key=lambda s: s.name):
        suite = s.score.suite
        head = (
            f"{suite.name} ({display_path(suite.path)}): tool {suite.tool}, "
            f"{count(len(suite.questions), 'question')}, total weight {num(suite.total_weight)}"
        )
        costs = s.cost.projections if s.cost else {}
        findings: dict[str, dict[str, int]] = {}
        for f in s.findings:
            counts = findings.setdefault(f.projection, {})
            counts[f.severity] = counts.get(f.severity, 0) + 1
        rows = []
        notes: list[str] = []
        for name in sorted(s.score.projections):
            p = s.score.projections[name]
            if not p.ok:
                rows.append((name, "error", "-", "-", "-", "-", p.error_kind or ""))
                continue
            cost = costs.get(name)
            rows.append(
                (
                    name,
                    pct(p.coverage),
                    f"{p.answerable}/{len(p.questions)}",
                    f"{cost.tokens:,}" if cost else "-",
                    fixed(cost.ratio_to_raw, 2) if cost else "-",
                    severities(findings.get(name, {}), checked=s.cost_error is None),
                    ", ".join(d.field for d in p.dropped_needed) or "-",
                )
            )
            notes.extend(f"  {name}: {d.describe()}" for d in p.dropped_needed)
        block = [head, table(_HEADERS, rows, right=(1, 2, 3, 4))]
        if notes:
            block.append("\n".join(notes))
        block.extend(f"warning: {d}" for d in s.score.diagnostics)
        blocks.append("\n".join(block))
    return "\n\n".join(blocks)


def render_run_summary(run: RunResult) -> str:
    """What ``projeval run`` prints first: the suites' tables, then the traces' summary."""
    summary = render_run_text(run)
    if run.traces is not None:
        summary += "\n\n" + render_summary(run.traces).rstrip("\n")
    return summary.strip("\n")


def render_recorded(run_id: int, errors: int, store: Path | str) -> str:
    """``Recorded run 3 in .projeval/history.duckdb.``, saying when the run is partial."""
    partial = f" as partial ({count(errors, 'error')}; never a baseline)" if errors else ""
    return f"Recorded run {run_id}{partial} in {display_path(store)}."
