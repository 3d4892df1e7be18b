"""What ``projeval history``, ``trend`` and ``diff`` print: runs, trends and diffs as text.

``projeval.history`` hands these out, so the history's objects are read by their
attributes and imported only for typing (no import circle).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..vocabulary import DIFF_DIRECTIONS, RUN_TREND_METRICS
from .numbers import MISSING, commit, count, integer, missing, pct, when
from .tables import table

if TYPE_CHECKING:
    from ..history.diff import RunDiff
    from ..history.runs import RunList
    from ..history.trend import Trend


def _table(header: Sequence[str], rows: list[list[str]], right: Sequence[int] = ()) -> list[str]:
    return table(header, rows, right=right).split("\n")


def _pct(value: Any) -> str:
    return pct(value, missing_text=MISSING)


def render_history(runs: RunList) -> str:
    """The runs as a table, oldest first."""
    if not runs.runs:
        return "No runs recorded yet.\n"
    rows = [
        [
            str(r.run_id),
            when(r.started_at),
            commit(r.git_commit, r.git_dirty),
            r.tokenizer or "-",
            r.projeval_version,
            ", ".join(r.suites) or "-",
        ]
        for r in runs.runs
    ]
    header = ["run", "started (UTC)", "commit", "tokenizer", "projeval", "suites"]
    if any(r.partial for r in runs.runs):
        # Only then: a store of complete runs reads as it always has.
        header.append("status")
        for row, r in zip(rows, runs.runs, strict=True):
            row.append(f"partial ({count(r.errors, 'error')})" if r.partial else "complete")
    lines = _table(header, rows, right=(0,))
    if runs.total > len(runs.runs):
        lines.append(f"({len(runs.runs)} of {runs.total} runs shown)")
    return "\n".join(lines) + "\n"


def _trend_cell(row: Mapping[Hashable, Any], metric: str) -> str:
    failed = not missing(row["error"])
    if metric == "coverage":
        return "error" if failed else _pct(row["coverage"])
    if metric == "answerable":
        if failed or missing(row["answerable"]):
            return "-"
        return f"{int(row['answerable'])}/{int(row['questions_total'])}"
    return integer(row[metric])


def render_trend(trend: Trend) -> str:
    """One table per suite and projection, then the run-wide trace totals."""
    frame = trend.projections
    metric = trend.metric
    out: list[str] = []
    if metric not in RUN_TREND_METRICS:
        # No suite scored (runs of traces alone): the trace totals below still show.
        shown = [metric] if metric else ["coverage", "answerable", "tokens"]
        for (suite, projection), group in frame.groupby(["suite", "projection"], sort=True):
            rows = [
                [str(r["run_id"]), when(r["started_at"]), commit(r["git_commit"], r["git_dirty"])]
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
    if metric in RUN_TREND_METRICS or (
        metric is None and len(traces) and traces["traces"].sum() > 0
    ):
        shown = [metric] if metric else ["traces", *RUN_TREND_METRICS]
        rows = [
            [str(r["run_id"]), when(r["started_at"]), commit(r["git_commit"], r["git_dirty"])]
            + [integer(r[m]) for m in shown]
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
    counts = {d: int((changes["direction"] == d).sum()) for d in DIFF_DIRECTIONS}
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
        if not missing(r["suite"]) and r["suite"]:
            where = r["suite"]
            if not missing(r["projection"]) and r["projection"]:
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
    lines.extend(_fanout_changes(diff.followups))
    return "\n".join(lines) + "\n"


#: Rows of the per-field follow-up changes a text diff shows; the JSON has them all.
DIFF_FANOUT_ROWS = 10


def _fanout_changes(followups: Any) -> list[str]:
    """The per-field aggregate's rows whose calls changed (issue 16: the per-field view in
    the history too), most calls first: ``producer: path -> consumer(argument)``."""
    if followups is None or not len(followups):
        return []
    changed = [r for r in followups.to_dict("records") if int(r["delta"]) != 0]
    if not changed:
        return []
    changed.sort(
        key=lambda r: (
            -max(int(r["count_a"]), int(r["count_b"])),
            str(r["producer_tool"]),
            str(r["producer_path"]),
            str(r["consumer_tool"]),
            str(r["consumer_arg"]),
        )
    )
    out = ["", "Follow-ups by result field that changed (producer: path -> consumer(argument)):"]
    for r in changed[:DIFF_FANOUT_ROWS]:
        producer = r["producer_tool"] or "?"
        path = r["producer_path"] or "text"
        out.append(
            f"  {producer}: {path} -> {r['consumer_tool'] or '?'}({r['consumer_arg']}) "
            f"{int(r['count_a'])} -> {int(r['count_b'])} (lookups {int(r['lookups_a'])} -> "
            f"{int(r['lookups_b'])}, actions {int(r['actions_a'])} -> {int(r['actions_b'])})"
        )
    if len(changed) > DIFF_FANOUT_ROWS:
        out.append(f"  ... and {len(changed) - DIFF_FANOUT_ROWS} more (--format json lists them)")
    return out
