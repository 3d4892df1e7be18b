"""The summary ``projeval traces`` prints of a :class:`~projeval.traces.TraceAnalysis`.

Returned as a string: the library never prints. Its layout is fixed so tests can
compare it exactly. The analysis is read by its attributes only (``projeval.traces``
hands this renderer out, so importing that package here would be a circle).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .numbers import MISSING, count, integer, quote_line
from .tables import MAX_ROWS, table

if TYPE_CHECKING:
    from ..traces.analysis import TraceAnalysis

_COLUMNS = (
    ("trace", "trace_id", "<"),
    ("format", "format", "<"),
    ("turns", "turns", ">"),
    ("calls", "calls", ">"),
    ("errors", "errors", ">"),
    ("dups", "duplicates", ">"),
    ("follow-ups", "followups", ">"),
    ("hedges", "hedges", ">"),
    ("flagged", "flagged_turns", ">"),
    ("result tok", "result_tokens", ">"),
    ("billed in", "billed_input_tokens", ">"),
    ("recorded in", "recorded_input_tokens", ">"),
)


#: Each turn class as the summary counts it: ``(one, many)``.
_NOUNS = {
    "question": ("question", "questions"),
    "request": ("request", "requests"),
    "answer": ("answer", "answers"),
    "greeting": ("greeting or closing", "greetings or closings"),
    "other": ("other", "other"),
}


def _cell(value: Any) -> str:
    if value is None:
        return MISSING
    if isinstance(value, int):
        return integer(value)
    return str(value)


def _row_cell(row: dict[str, Any], key: str) -> str:
    return recorded_input(row) if key == "recorded_input_tokens" else _cell(row[key])


def recorded_input(row: Mapping[str, Any]) -> str:
    """A trace's recorded input tokens, as the CLI and the report both show them: with
    how many of its model calls recorded usage when not all did, since such a figure is
    not comparable to the billed one."""
    text = _cell(row["recorded_input_tokens"])
    recorded, calls = row.get("recorded_model_calls"), row.get("model_calls")
    if row["recorded_input_tokens"] is not None and isinstance(recorded, int) and calls:
        text += f" ({recorded}/{calls} calls)" if recorded < calls else ""
    return text


def _table(rows: list[dict[str, Any]]) -> list[str]:
    right = [i for i, (_, _, align) in enumerate(_COLUMNS) if align == ">"]
    cells = [[_row_cell(r, key) for _, key, _ in _COLUMNS] for r in rows]
    return table([h for h, _, _ in _COLUMNS], cells, right=right).split("\n")


def _more(lines: list[str], items: list[Any]) -> None:
    if len(items) > MAX_ROWS:
        lines.append(f"  ... and {len(items) - MAX_ROWS} more")


def turns_line(classes: Mapping[str, int], totals: Mapping[str, Any]) -> str | None:
    """The user turns by class and the ungrounded claims, as the CLI and the report both
    show them; ``None`` when there is no user turn (or a stored run did not count them)."""
    if not totals.get("turns") or not classes:
        return None
    claims = totals.get("ungrounded_claims")
    return (
        "user turns: "
        # In the classes' own order: a stored run gives them back in the store's.
        + ", ".join(f"{classes[c]:,} {_NOUNS[c][classes[c] != 1]}" for c in _NOUNS if c in classes)
        + f"; ungrounded claims {'-' if claims is None else f'{claims:,}'}"
    )


def drift_note(
    suites: Sequence[str], drift_suites: Sequence[str], totals: Mapping[str, Any]
) -> str | None:
    """The line saying question drift was not measured because no configured suite's tool
    appears in the traces; ``None`` when it was, or when nothing could be."""
    if not suites or drift_suites or not totals.get("turns"):
        return None
    return (
        "Question drift not measured: no configured suite's tool appears in these traces "
        f"(suites: {', '.join(suites)})."
    )


def problem_line(file: str, line: int | None, reason: str) -> str:
    """A problem as ``file:line: reason``; a whole file's (a tools file, a file that cannot
    be read) has no line."""
    return f"{file}{'' if line is None else f':{line}'}: {reason}"


def counts_line(totals: Mapping[str, Any]) -> str:
    """The totals' counts in one line, as the CLI and the report both show them: calls
    (with those no result answered and the results no call asked for, if any), errors,
    duplicates, retries, follow-ups (lookups and actions), hedges and turns. A
    count a stored run does not hold (one recorded before it was counted) reads ``-``."""

    def n(key: str) -> str:
        return integer(totals.get(key))

    # Calls with no result and results with no call are said only when there are some:
    # they are how a half-read format shows (a chain split in two, a result under another
    # id), and a count of calls alone hides them.
    loose = []
    if totals.get("unanswered_calls"):
        loose.append(f"{integer(totals['unanswered_calls'])} unanswered")
    if totals.get("orphan_results"):
        loose.append(f"{count(totals['orphan_results'], 'result')} with no call")
    calls = f"calls {n('calls')}" + (f" ({', '.join(loose)})" if loose else "")
    return (
        f"{calls}, errors {n('errors')}, duplicates {n('duplicates')}, "
        f"retries {n('retries')}, follow-ups {n('followups')} "
        f"(lookups {n('lookups')}, actions {n('actions')}), "
        f"hedges {n('hedges')}; turns {n('turns')}, of which {n('flagged_turns')} end "
        "in a follow-up lookup or a hedge"
    )


def render_summary(analysis: TraceAnalysis) -> str:
    """The summary the CLI prints: totals, per-trace table, findings, drift, problems."""
    t = analysis.totals
    lines = [
        f"{count(t['traces'], 'trace')} in {count(t['files'], 'file')}, "
        f"{count(t['problems'], 'problem')} (tokens: {analysis.encoding})",
        counts_line(t),
        f"result tokens {t['result_tokens']:,}; billed input {_cell(t['billed_input_tokens'])}; "
        f"recorded input {_cell(t['recorded_input_tokens'])}",
    ]
    turns = turns_line(analysis.turn_classes, t)
    if turns is not None:
        lines.append(turns)
    summary = analysis.trace_rows()
    if summary:
        lines.append("")
        by_file: dict[str, list[dict[str, Any]]] = {}
        for r in summary:
            by_file.setdefault(r["file"], []).append(r)
        # At most MAX_ROWS traces in all: a folder of one-run files (AgentDojo's, SWE-agent's
        # trajectories) would otherwise print a table per file and bury the findings below.
        shown = 0
        for i, (file, rows) in enumerate(by_file.items()):
            room = MAX_ROWS - shown
            if room <= 0:
                rest = list(by_file.values())[i:]
                traces = sum(len(r) for r in rest)
                lines.append(
                    f"... and {count(traces, 'more trace')} in {count(len(rest), 'more file')}"
                )
                break
            lines.append(file)
            lines += ["  " + ln for ln in _table(rows[:room])]
            if len(rows) > room:
                lines.append(f"  ... and {len(rows) - room} more")
            shown += min(len(rows), room)
    if analysis.fanout:
        lines += ["", "Follow-ups by result field (producer: path -> consumer(argument)):"]
        lines += [f"  {f.text}" for f in analysis.fanout[:MAX_ROWS]]
        _more(lines, analysis.fanout)
    # A field whose every follow-up wrote (an id passed on to cancel or book) forced no
    # lookup: the aggregate above lists it, this section does not (tau59: three of the six
    # rows under this heading were all actions).
    lookups = [f for f in analysis.findings if f.actions < f.calls]
    if lookups:
        lines += ["", "Follow-up lookups by field:"]
        lines += [f"  {f.text}" for f in lookups[:MAX_ROWS]]
        _more(lines, lookups)
    if analysis.hedged_answers:
        lines += ["", "Hedged answers:"]
        lines += [f"  {h.text}" for h in analysis.hedged_answers[:MAX_ROWS]]
        _more(lines, analysis.hedged_answers)
    if analysis.unsupported_answers:
        lines += ["", "Answers stating values no result held:"]
        lines += [f"  {u.text}" for u in analysis.unsupported_answers[:MAX_ROWS]]
        _more(lines, analysis.unsupported_answers)
    drift = drift_note(analysis.suites, analysis.drift_suites, t)
    if drift is not None:
        lines += ["", drift]
    uncovered = [r for r in analysis._rows["drift"] if not r[7]]
    if uncovered:
        lines += ["", "Questions no question set covers:"]
        lines += [
            f"  {r[1]} turn {r[2]}: {quote_line(r[3])} (nearest: {r[5]}, {r[6]:.2f})"
            for r in uncovered[:MAX_ROWS]
        ]
        _more(lines, uncovered)
    problems = analysis._problems
    if problems:
        lines += ["", "Problems (records skipped or repaired):"]
        lines += [f"  {problem_line(p.file, p.line, p.reason)}" for p in problems[:MAX_ROWS]]
        _more(lines, problems)
    return "\n".join(lines) + "\n"
