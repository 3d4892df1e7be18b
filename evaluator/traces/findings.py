"""Tie traces back to projections: follow-ups and hedges as findings about fields.

A follow-up whose producing result belongs to a tool with a suite names a
place in that tool's response; the suite's field dictionary names the field
there. ``search_tickets: assignee (opaque id) -> get_user x12, 4 duplicates``
says which field the projection hands over as a handle instead of a fact.
A hedged answer, matched to its question-set question, lists the fields that
question needs and which of them the traced results never contained.

Suites are duck-typed (``name``, ``tool``, ``fields`` with ``path`` and
``kind``, ``questions`` with ``id``, ``text`` and ``needs``), so any object
with those attributes works as well as :class:`projeval.suites.Suite`.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from .. import paths
from ..text.numbers import quote_line
from .actions import WRITE
from .columns import CLAIMS, DRIFT, FOLLOWUPS, HEDGES, TURNS, Table
from .turns import is_query, request_answered

#: How a field's declared kind reads in a finding.
KIND_LABELS = {"id": "opaque id", "code": "code"}

# Positions of the columns read here, by name (rows are tuples; see columns.py).
_F_FILE, _F_TRACE, _F_SEQ = (FOLLOWUPS.index(c) for c in ("file", "trace_id", "seq"))
_F_CONSUMER, _F_VALUE = FOLLOWUPS.index("consumer_tool"), FOLLOWUPS.index("value")
_F_ARG, _F_KIND = FOLLOWUPS.index("consumer_arg"), FOLLOWUPS.index("kind")
_F_PRODUCER, _F_PATH = FOLLOWUPS.index("producer_tool"), FOLLOWUPS.index("producer_path")
_F_DUPLICATE = FOLLOWUPS.index("duplicate")
_H_PHRASE, _H_SENTENCE = HEDGES.index("phrase"), HEDGES.index("sentence")
_C_VALUE, _C_SENTENCE = CLAIMS.index("value"), CLAIMS.index("sentence")
_T_KEY = tuple(TURNS.index(c) for c in ("file", "trace_id", "turn", "question", "kind"))
_T_WRITES, _T_ASKS = TURNS.index("writes"), TURNS.index("asks")
_D_KEY = tuple(DRIFT.index(c) for c in ("file", "trace_id", "turn"))
_D_SUITE, _D_QUESTION = DRIFT.index("suite"), DRIFT.index("question_id")
_D_SCORE, _D_COVERED = DRIFT.index("score"), DRIFT.index("covered")


@functools.lru_cache(maxsize=4096)
def _segments(path: str) -> paths.SchemaPath | None:
    try:
        return paths.parse_path(path)
    except paths.PathSyntaxError:
        return None


def field_at(suite: Any, path: str | None) -> Any | None:
    """The suite field whose path matches a result path, or ``None``."""
    found = _segments(path) if path and path != "$" else None
    if found is None:
        return None
    for fdef in suite.fields.values():
        pattern = getattr(fdef, "segments", None) or _segments(fdef.path)
        if pattern is not None and paths.matches(pattern, found):
            return fdef
    if path is not None and path.endswith("*"):
        # An id a map is keyed by sits at the map's path (``items.*``: trace values have no
        # other place), which a suite names as the map's keys (``items.*~``).
        return field_at(suite, path + "~")
    return None


#: Where a value of a prose result sits, which has no JSON path: its text.
PROSE_PATH = "text"


@dataclass(frozen=True, slots=True)
class FieldFinding:
    """Follow-up calls that one place in a suite tool's result caused."""

    suite: str
    tool: str
    field: str | None
    kind: str | None
    path: str | None
    consumer: str | None
    calls: int
    duplicates: int
    values: int
    traces: int
    lookups: int = 0
    actions: int = 0

    @property
    def text(self) -> str:
        """``search_tickets: assignee (opaque id) -> get_user x12, 4 duplicates``."""
        if self.field is not None:
            label = self.field
            kind = KIND_LABELS.get(self.kind or "", self.kind)
            if kind:
                label += f" ({kind})"
        else:
            label = f"{self.path or PROSE_PATH} (no field of the suite)"
        dups = "1 duplicate" if self.duplicates == 1 else f"{self.duplicates} duplicates"
        where = f", in {self.traces} traces" if self.traces > 1 else ""
        acts = ""
        if self.actions:
            acts = " (all actions)" if self.actions == self.calls else f" ({self.actions} actions)"
        return f"{self.tool}: {label} -> {self.consumer} x{self.calls}{acts}, {dups}{where}"

    def to_dict(self) -> dict[str, Any]:
        """JSON form (``text`` included)."""
        return {
            "suite": self.suite,
            "tool": self.tool,
            "field": self.field,
            "kind": self.kind,
            "path": self.path,
            "consumer": self.consumer,
            "calls": self.calls,
            "duplicates": self.duplicates,
            "values": self.values,
            "traces": self.traces,
            "lookups": self.lookups,
            "actions": self.actions,
            "text": self.text,
        }


#: The aggregate's columns, in order (``TraceAnalysis.fanout``, the report, the history).
FANOUT_COLUMNS = (
    "producer",
    "path",
    "consumer",
    "argument",
    "calls",
    "traces",
    "duplicates",
    "lookups",
    "actions",
    "values",
    "suite",
    "field",
)


@dataclass(frozen=True, slots=True)
class Fanout:
    """Follow-up calls from one place of one tool's result to one argument of another:
    ``(producer tool, path) -> (consumer tool, argument)``."""

    producer: str | None
    path: str | None
    consumer: str | None
    argument: str
    calls: int
    traces: int
    duplicates: int
    lookups: int
    actions: int
    values: int
    suite: str | None = None  # the first suite (by name) whose tool is the producer
    field: str | None = None  # that suite's field at ``path``

    @property
    def text(self) -> str:
        """``get_user_details: reservations[] -> get_reservation_details(reservation_id)
        x259 in 40 traces: 259 lookups, 12 duplicates``."""
        where = self.path or PROSE_PATH
        if self.field is not None:
            where += f" ({self.field})"
        traces = "1 trace" if self.traces == 1 else f"{self.traces} traces"
        parts = []
        if self.lookups:
            parts.append("1 lookup" if self.lookups == 1 else f"{self.lookups} lookups")
        if self.actions:
            parts.append("1 action" if self.actions == 1 else f"{self.actions} actions")
        if self.duplicates:
            parts.append("1 duplicate" if self.duplicates == 1 else f"{self.duplicates} duplicates")
        return (
            f"{self.producer or '?'}: {where} -> {self.consumer or '?'}({self.argument}) "
            f"x{self.calls} in {traces}: {', '.join(parts)}"
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form (``text`` included)."""
        return {name: getattr(self, name) for name in FANOUT_COLUMNS} | {"text": self.text}


def fanout_key(
    producer: str | None, path: str | None, consumer: str | None, argument: str
) -> tuple[str, str, str, str]:
    """The aggregate's sort-and-join key of a follow-up (``None`` as ``""``)."""
    return (producer or "", path or "", consumer or "", argument)


class FollowupTally:
    """Follow-up rows folded, trace by trace, into the per-field aggregate.

    The one aggregate of follow-ups: ``(producer tool, path) -> (consumer tool, argument)``
    with calls, traces, duplicates, lookups, actions and distinct values, with or without
    a suite (:meth:`fanout`); a suite's field findings fold it by field (:meth:`findings`).
    Streaming: a large corpus keeps one small record per group, not one row per
    follow-up. Rows are tuples of the ``followups`` table (columns.py).
    """

    def __init__(self, suites: Sequence[Any]) -> None:
        self.by_tool: defaultdict[str, list[Any]] = defaultdict(list)
        for suite in sorted(suites, key=lambda s: s.name):
            self.by_tool[suite.tool].append(suite)
        self.fields: dict[tuple[str, str | None], Any] = {}
        self.groups: dict[tuple[str | None, str | None, str | None, str], _Group] = {}
        self._general: dict[str, str] = {}  # paths.generalise_instances, remembered

    def _field(self, suite: Any, path: str | None) -> Any:
        key = (suite.name, path)
        if key not in self.fields:
            self.fields[key] = field_at(suite, path)
        return self.fields[key]

    def add_trace(self, rows: Iterable[tuple[Any, ...]]) -> None:
        """Count the follow-up rows of one trace."""
        counted: set[tuple[Any, ...]] = set()
        for row in rows:
            file, trace_id, seq = row[_F_FILE], row[_F_TRACE], row[_F_SEQ]
            tool, arg, value = row[_F_CONSUMER], row[_F_ARG], row[_F_VALUE]
            stool, spath, dup, kind = (
                row[_F_PRODUCER],
                row[_F_PATH],
                row[_F_DUPLICATE],
                row[_F_KIND],
            )
            # One user's card_4065275 and another's card_118 are one place, in a result
            # and in the arguments (a map of one entry is not seen as id-keyed).
            if spath:
                spath = self._generalised(spath)
            if arg:
                arg = self._generalised(arg)
            key = (stool, spath, tool, arg)
            g = self.groups.get(key)
            if g is None:
                g = self.groups[key] = _Group()
            own = g.traces.get((file, trace_id))  # this trace's share, see forget()
            if own is None:
                own = g.traces[(file, trace_id)] = [0, 0, 0, 0]
            if (key, seq) not in counted:  # a call with two matching values counts once
                counted.add((key, seq))
                g.calls += 1
                own[0] += 1
                if dup:
                    g.duplicates += 1
                    own[1] += 1
                if kind == WRITE:
                    g.actions += 1
                    own[3] += 1
                else:
                    g.lookups += 1
                    own[2] += 1
            g.values.add(value)

    def _generalised(self, path: str) -> str:
        """:func:`paths.generalise_instances` of a path, remembered."""
        general = self._general.get(path)
        if general is None:
            if len(self._general) > 65_536:
                self._general.clear()
            general = self._general[path] = paths.generalise_instances(path)
        return general

    def forget(self, traces: set[tuple[str, str]]) -> None:
        """Take the follow-ups of ``traces`` (``(file, trace id)``) out of the aggregate:
        copies of traces counted elsewhere (:mod:`~projeval.traces.copies`). A copy's
        values are its original's, so the distinct values stay as they are."""
        for key, g in list(self.groups.items()):
            for trace in traces & g.traces.keys():
                calls, duplicates, lookups, actions = g.traces.pop(trace)
                g.calls -= calls
                g.duplicates -= duplicates
                g.lookups -= lookups
                g.actions -= actions
            if not g.traces:
                del self.groups[key]

    def merge(self, groups: dict[Any, _Group]) -> None:
        """Add the groups another tally counted (a shard of the same corpus)."""
        for key, g in groups.items():
            mine = self.groups.get(key)
            if mine is None:
                self.groups[key] = g
            else:
                mine.calls += g.calls
                mine.duplicates += g.duplicates
                mine.lookups += g.lookups
                mine.actions += g.actions
                mine.values |= g.values
                mine.traces |= g.traces

    def fanout(self) -> list[Fanout]:
        """The aggregate, most calls first (then by key)."""
        out = []
        for (producer, path, consumer, argument), g in self.groups.items():
            suite = fdef = None
            for s in self.by_tool.get(producer or "", ()):
                suite, fdef = s, self._field(s, path)
                break
            out.append(
                Fanout(
                    producer,
                    path,
                    consumer,
                    argument,
                    g.calls,
                    len(g.traces),
                    g.duplicates,
                    g.lookups,
                    g.actions,
                    len(g.values),
                    suite.name if suite is not None else None,
                    fdef.name if fdef is not None else None,
                )
            )
        out.sort(key=lambda f: (-f.calls, fanout_key(f.producer, f.path, f.consumer, f.argument)))
        return out

    def findings(self) -> list[FieldFinding]:
        """The aggregate folded by suite field: one finding per (suite, producing tool,
        field or path, consuming tool), most calls first."""
        folded: dict[tuple[str, str, str | None, str | None], _Group] = {}
        labels: dict[tuple[str, str, str | None, str | None], tuple[bool, str | None]] = {}
        for (producer, path, consumer, _argument), g in self.groups.items():
            for suite in self.by_tool.get(producer or "", ()):
                fdef = self._field(suite, path)
                key = (
                    suite.name,
                    producer or "",
                    fdef.name if fdef is not None else path,
                    consumer,
                )
                if key not in folded:
                    folded[key] = _Group()
                    labels[key] = (fdef is not None, getattr(fdef, "kind", None) if fdef else None)
                f = folded[key]
                f.calls += g.calls
                f.duplicates += g.duplicates
                f.lookups += g.lookups
                f.actions += g.actions
                f.values |= g.values
                f.traces |= g.traces
        out = [
            FieldFinding(
                suite,
                tool,
                where if labels[key][0] else None,
                labels[key][1],
                None if labels[key][0] else where,
                consumer,
                g.calls,
                g.duplicates,
                len(g.values),
                len(g.traces),
                g.lookups,
                g.actions,
            )
            for key, g in folded.items()
            for suite, tool, where, consumer in [key]
        ]
        out.sort(
            key=lambda f: (-f.calls, f.suite, f.tool, f.field or "", f.path or "", f.consumer or "")
        )
        return out


@dataclass(slots=True)
class _Group:
    calls: int = 0
    duplicates: int = 0
    lookups: int = 0
    actions: int = 0
    values: set[str] = field(default_factory=set)
    #: ``(file, trace id) -> [calls, duplicates, lookups, actions]`` that trace added,
    #: so that a copy of a trace can be taken out again (:meth:`FollowupTally.forget`).
    traces: dict[tuple[str, str], list[int]] = field(default_factory=dict)


def field_findings(
    followups: Iterable[tuple[Any, ...]], suites: Sequence[Any]
) -> list[FieldFinding]:
    """Findings from follow-up rows (tuples of the ``followups`` table), grouped by trace here."""
    return tally_rows(followups, suites).findings()


def tally_rows(followups: Iterable[tuple[Any, ...]], suites: Sequence[Any] = ()) -> FollowupTally:
    """The aggregate of follow-up rows (tuples of the ``followups`` table), by trace here."""
    by_trace: defaultdict[tuple[Any, Any], list[tuple[Any, ...]]] = defaultdict(list)
    for row in followups:
        by_trace[(row[_F_FILE], row[_F_TRACE])].append(row)
    tally = FollowupTally(suites)
    for rows in by_trace.values():
        tally.add_trace(rows)
    return tally


@dataclass(frozen=True, slots=True)
class HedgedAnswer:
    """An answer that hedged, beside the question it answered and the fields that needs."""

    file: str
    trace_id: str
    turn: int
    question: str
    suite: str | None
    question_id: str | None
    score: float | None  # None: matched against no suite (none's tool is in the trace)
    phrases: tuple[str, ...]
    needs: tuple[str, ...]
    missing: tuple[str, ...] | None  # None: the suite's tool was not called in this trace
    example: str  # the first hedged sentence

    @property
    def text(self) -> str:
        """One line: the hedged sentence, the question, its match, needed and missing fields."""
        head = (
            f"{self.trace_id} turn {self.turn}: {quote_line(self.example)} "
            f"(asked: {_asked(self.question)})"
        )
        return _with_needs(head, "hedges", self.phrases, self)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (``text`` included)."""
        return _answer_dict(self)


@dataclass(frozen=True, slots=True)
class UnsupportedAnswer:
    """An answer stating values nothing the agent read held, beside its question and the
    needed fields the suite's tool never returned: what an agent says when a field it
    needed was dropped."""

    file: str
    trace_id: str
    turn: int
    question: str
    suite: str | None
    question_id: str | None
    score: float | None  # None: matched against no suite (none's tool is in the trace)
    values: tuple[str, ...]
    needs: tuple[str, ...]
    missing: tuple[str, ...] | None  # None: the suite's tool was not called in this trace
    example: str  # the sentence of the first such value

    @property
    def text(self) -> str:
        """One line: the sentence, the question, the values, needed and missing fields."""
        head = (
            f"{self.trace_id} turn {self.turn}: {quote_line(self.example)} "
            f"(asked: {_asked(self.question)})"
        )
        return _with_needs(head, "states", self.values, self)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (``text`` included)."""
        return _answer_dict(self)


#: How much of the user's turn an answer's line quotes: a turn can be a whole pasted
#: document (an agent session's compaction summary runs to pages); JSON keeps it all.
_ASKED_CHARS = 160


def _asked(question: str) -> str:
    """The user's turn quoted for one line: cut at :data:`_ASKED_CHARS`, marked by "…"."""
    if len(question) > _ASKED_CHARS:
        question = question[: _ASKED_CHARS - 1] + "…"
    return quote_line(question)


def _answer_dict(answer: HedgedAnswer | UnsupportedAnswer) -> dict[str, Any]:
    """An answer row's JSON form: its fields in declaration order, tuples as lists, then ``text``."""
    out: dict[str, Any] = {}
    for spec in fields(answer):
        value = getattr(answer, spec.name)
        out[spec.name] = list(value) if isinstance(value, tuple) else value
    out["text"] = answer.text
    return out


def _with_needs(head: str, label: str, items: Sequence[str], a: Any) -> str:
    if a.question_id is None:
        if a.score is None:  # no suite was in play: nothing was matched
            return f"{head}; {label}: {', '.join(items)}"
        return f"{head}; no question-set question matches; {label}: {', '.join(items)}"
    line = (
        f"{head} ~ {a.question_id} ({a.score:.2f}); {label}: {', '.join(items)}; "
        f"needs: {', '.join(a.needs) or '-'}"
    )
    if a.missing:
        line += f"; never in the results: {', '.join(a.missing)}"
    elif a.missing is None:
        line += "; the suite's tool was not called"
    return line


def hedged_answers(
    turns: Iterable[tuple[Any, ...]],
    hedges: Iterable[tuple[Any, ...]],
    drift: Iterable[tuple[Any, ...]],
    suites: Sequence[Any],
    result_paths: dict[tuple[str, str], dict[str, set[str]]],
) -> list[HedgedAnswer]:
    """Hedged answers to questions and requests, with their matched question, its needs,
    and the needs never seen.

    Rows are tuples of the ``turns``, ``hedges`` and ``drift`` tables (columns.py).
    A need is *missing* when no result of the suite's tool in that trace had a
    value at the field's path. A turn that greets is left out: it asked nothing of
    the tools; one that answers the agent's question ("my email is ...") continues the
    request before it, and is listed with that request.
    """
    out = []
    for turn, found, (suite, qid, score, needs, missing) in _answered(
        turns, HEDGES, hedges, drift, suites, result_paths
    ):
        file, trace_id, number, question, _kind = (turn[i] for i in _T_KEY)
        out.append(
            HedgedAnswer(
                file,
                trace_id,
                number,
                question,
                suite,
                qid,
                score,
                tuple(sorted({h[_H_PHRASE] for h in found})),
                needs,
                missing,
                found[0][_H_SENTENCE],
            )
        )
    return out


def unsupported_answers(
    turns: Iterable[tuple[Any, ...]],
    claims: Iterable[tuple[Any, ...]],
    drift: Iterable[tuple[Any, ...]],
    suites: Sequence[Any],
    result_paths: dict[tuple[str, str], dict[str, set[str]]],
) -> list[UnsupportedAnswer]:
    """Answers to questions and requests that state ungrounded values (claims table rows),
    with the matched question and the needed fields never returned."""
    out = []
    for turn, found, (suite, qid, score, needs, missing) in _answered(
        turns, CLAIMS, claims, drift, suites, result_paths
    ):
        file, trace_id, number, question, _kind = (turn[i] for i in _T_KEY)
        values = tuple(dict.fromkeys(c[_C_VALUE] for c in found))
        out.append(
            UnsupportedAnswer(
                file,
                trace_id,
                number,
                question,
                suite,
                qid,
                score,
                values,
                needs,
                missing,
                found[0][_C_SENTENCE],
            )
        )
    return out


_Match = tuple[str | None, str | None, float | None, tuple[str, ...], tuple[str, ...] | None]


def _answered(
    turns: Iterable[tuple[Any, ...]],
    table: Table,
    signals: Iterable[tuple[Any, ...]],
    drift: Iterable[tuple[Any, ...]],
    suites: Sequence[Any],
    result_paths: dict[tuple[str, str], dict[str, set[str]]],
) -> Iterator[tuple[tuple[Any, ...], list[tuple[Any, ...]], _Match]]:
    """Each question or request turn with signal rows (of ``table``: hedges or claims),
    those rows, and (suite, question id, score, needs, needs never seen). An answer to the
    agent with signal rows comes as the latest earlier question or request of its trace
    (its number kept, its question and kind the request's), or, when the answer's turn
    called a tool that writes, as the latest request whose ask was still open
    (:func:`~projeval.traces.turns.request_answered` with ``pending``)."""
    key = [table.index(c) for c in ("file", "trace_id", "turn")]
    by_turn: defaultdict[tuple[Any, ...], list[tuple[Any, ...]]] = defaultdict(list)
    for row in signals:
        by_turn[tuple(row[i] for i in key)].append(row)
    matches = {tuple(d[i] for i in _D_KEY): d for d in drift}
    suite_by_name = {s.name: s for s in suites}
    turns = list(turns)
    # Each trace's turns by number: an answer continues the request before it.
    by_trace: defaultdict[tuple[Any, Any], list[tuple[Any, ...]]] = defaultdict(list)
    for turn in turns:
        by_trace[(turn[_T_KEY[0]], turn[_T_KEY[1]])].append(turn)
    for listed in by_trace.values():
        listed.sort(key=lambda t: t[_T_KEY[2]])
    for turn in turns:
        file, trace_id, number, _question, kind = (turn[i] for i in _T_KEY)
        found = by_turn.get((file, trace_id, number))
        if not found:
            continue
        request = number
        if not is_query(kind):
            before = [t for t in by_trace[(file, trace_id)] if t[_T_KEY[2]] < number]
            # An answer that led to a write serves the request whose ask was still open,
            # though questions came between (as mining reads it); otherwise the latest
            # turn that asked.
            pending = None
            if turn[_T_WRITES]:
                pending = [bool(t[_T_ASKS]) for t in before].__getitem__
            opened = request_answered(kind, before, lambda t: t[_T_KEY[4]], pending)
            if opened is None:
                continue
            request = opened[_T_KEY[2]]
            turn = tuple(
                opened[i] if i in (_T_KEY[3], _T_KEY[4]) else v for i, v in enumerate(turn)
            )
        d = matches.get((file, trace_id, request))
        suite = suite_by_name.get(d[_D_SUITE]) if d is not None and d[_D_COVERED] else None
        needs: tuple[str, ...] = ()
        missing: tuple[str, ...] | None = None
        qid = None
        if suite is not None and d is not None:
            qid = d[_D_QUESTION]
            q = next(q for q in suite.questions if q.id == qid)
            needs = tuple(n.field for n in q.needs)
            seen = result_paths.get((file, trace_id), {}).get(suite.tool)
            if seen is not None:
                seen_segments = [s for s in map(_segments, seen) if s is not None]
                missing = tuple(
                    name
                    for name in needs
                    if name in suite.fields and not _present(suite.fields[name], seen_segments)
                )
        score = d[_D_SCORE] if d is not None else None
        yield turn, found, (suite.name if suite else None, qid, score, needs, missing)


def _present(fdef: Any, seen: list[paths.SchemaPath]) -> bool:
    pattern = getattr(fdef, "segments", None) or _segments(fdef.path)
    return pattern is not None and any(paths.matches(pattern, s) for s in seen)
