"""Question sets from recorded traces: a draft suite for one tool, or a merge into a suite.

:func:`mine_questions` reads the traces once (it counts no tokens) and keeps,
for every user question whose turn called the tool, what the agent did with
that turn's results of the tool. Questions that differ only in ids and
numbers (``Who owns tkt_3e7b91a0?``) are one distinct question; distinct
questions are grouped by :func:`evaluator.traces.drift.similarity` with
leader clustering: most frequent first (then alphabetically), each joins the
group whose leader it is most similar to at or above the threshold (ties: the
older group), else leads a new one. A group's weight is how often its
questions were asked; its text is its leader's most frequent spelling.

Evidence: a group *needs* the field at a schema path when, in its turns,

1. **quoted**: an assistant message after the tool's result quotes a value of
   that result. Case is ignored; a prefixed id also matches its short form
   (``tkt_3e7b91a0``); an ISO time also matches its date (``2024-05-22``,
   ``May 22``, ``22 May``: day precision) and its time of day (``13:45``:
   minute precision; ``13:45:07``: second). Text with spaces matches on its
   first 24 characters, and the words inside quoted text are not values
   themselves. A quoted form found at several schema paths of the result is
   ambiguous and counts for none. Short or common values (under 4
   characters, integers under 1000, booleans, plain words such as ``phone``
   and the words of :data:`evaluator.traces.values.COMMON_VALUES` such as
   ``yes``, ``open``) count only when they sit at one single place in the
   result (``meta.page.total``). What the user wrote in the question is not
   evidence.
2. **passed on** (a follow-up lookup): a later call in the turn passes a value
   whose first source is the tool's result (the rule of
   :mod:`evaluator.traces.metrics`). The need is ``readable: true``: the agent
   needed what the handle stands for (an assignee's name, not ``usr_…``).
3. **hedged, field absent**: the answer hedges (the hedge lexicon), the turn's
   results lack a path that other results of the tool in the traces (or a
   reference suite's field dictionary) have, and a word of that path's last
   key (``sla`` of ``sla_due_at``; the owner's key for a generic ``id``) is a
   content word of the question.
4. **hedged, suite question**: with a reference suite, the hedged question
   matches one of its questions (the same similarity and threshold): that
   question's needs absent from the turn's results are evidence, with the
   suite's precision and readability.

A need is kept when its evidence covers at least ``min_support`` of the
group's conversations (and at least one). A time need's precision is the
finest a quote showed. Field names come from a reference suite's field
dictionary where a field's path matches, else from the path (``sla_due_at``;
``assignee_id`` for ``...assignee.data.id``).

:func:`merge_suite` edits a suite's text (see its rules): matched questions
get new weights, new groups and fields are appended, every other byte stays.
The library never prints or exits.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import re
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from evaluator import paths
from evaluator.errors import ProjevalError
from evaluator.kinds import ISO_RE
from evaluator.traces import drift
from evaluator.traces.events import Event, Problem, Trace, fast_loads
from evaluator.traces.findings import field_at
from evaluator.traces.hedges import Lexicon
from evaluator.traces.metrics import lookup_plan
from evaluator.traces.parsers import make_parser, open_file, parse_records
from evaluator.traces.readers import (
    DEFAULT_MAX_JSON_BYTES,
    expand_paths,
    range_lines,
    read_lines,
)
from evaluator.traces.values import (
    COMMON_VALUES,
    MIN_INTEGER,
    MIN_VALUE_LENGTH,
    short_form,
)

#: Groups join at or above this similarity (the drift threshold).
DEFAULT_THRESHOLD = drift.DEFAULT_THRESHOLD
#: Share of a group's conversations a need's evidence must cover.
DEFAULT_MIN_SUPPORT = 0.1
#: Example questions listed per group.
MAX_EXAMPLES = 5
#: Characters of text-with-spaces that must be quoted to count.
PHRASE_PREFIX = 24

_TOKEN = re.compile(r"\w[\w\-.:@/+]*")
_TRAILING = ".:-/+"
_SPACES = frozenset(" \t\r\n\f\v")
_ORDINAL = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)$")
_MASK = re.compile(r"\S*\d\S*")  # tokens with digits (ids, dates): not what a question is about
_MONTHS = tuple(
    "january february march april may june july august september october november december".split()  # noqa: SIM905
)
_GENERIC_LEAF = {"id", "name", "value", "type", "code", "key", "text", "label"}
_CONTAINERS = {"data", "attributes", "relationships", "items", "results", "result", "meta"}
_KIND_ORDER = ("followup", "quoted", "suite", "absent")
_PRECISION_RANK = {"day": 0, "hour": 1, "minute": 2, "second": 3}


class MiningError(ProjevalError):
    """Traces that cannot be mined for the tool asked (e.g. it was never called)."""


# Evidence -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Evidence:
    """One kind of evidence for a need: how many conversations, and one example."""

    kind: str  # followup | quoted | suite | absent
    conversations: int
    example: str  # the quoted or passed value, or the hedged question
    detail: str = ""  # the consuming tool, or the suite question

    def describe(self) -> str:
        """``passed to get_user in 3``: the kind and its number of conversations."""
        return {
            "followup": f"passed to {self.detail} in {self.conversations}",
            "quoted": f"quoted in the answer in {self.conversations}",
            "suite": f"hedged in {self.conversations}, needed by {self.detail}",
            "absent": f"hedged without it in {self.conversations}",
        }[self.kind]


@dataclass(frozen=True)
class MinedNeed:
    """A field a group needs, inferred from evidence."""

    field: str
    path: str
    conversations: int
    evidence: tuple[Evidence, ...]
    readable: bool = False
    precision: str | int | None = None
    items: str = "all"

    @property
    def comment(self) -> str:
        """``inferred: 3 conversations (passed to get_user in 3), e.g. "usr_…" from <path>``."""
        n = self.conversations
        kinds = ", ".join(e.describe() for e in self.evidence)
        first = self.evidence[0]
        if first.kind in ("followup", "quoted"):
            example = f'e.g. "{_clip(first.example)}" from {self.path}'
        else:
            example = f'e.g. "{_clip(first.example)}" while {self.path} was absent'
        return f"inferred: {n} conversation{'s' * (n != 1)} ({kinds}), {example}"

    def to_yaml(self) -> str:
        """The need as one YAML flow item."""
        opts = []
        if self.precision is not None:
            opts.append(f"precision: {self.precision}")
        if self.readable:
            opts.append("readable: true")
        if self.items != "all":
            opts.append(f"items: {self.items}")
        return f"{{field: {self.field}, {', '.join(opts)}}}" if opts else self.field


@dataclass(frozen=True)
class MinedQuestion:
    """A group of similar user questions that called the tool."""

    id: str
    text: str
    weight: int
    conversations: int
    examples: tuple[str, ...]
    needs: tuple[MinedNeed, ...]
    members: tuple[tuple[str, int], ...] = field(repr=False, default=())  # (text, count)
    match: drift.Match | None = None  # nearest reference-suite question


@dataclass
class MinedSuite:
    """A draft suite for one tool, mined from traces (render it with :meth:`to_yaml`)."""

    tool: str
    questions: list[MinedQuestion]
    fields: dict[str, str]  # name -> schema path
    field_specs: dict[str, dict[str, Any]]  # name -> extra keys from a reference suite
    files: int
    traces: int
    turns: int  # user questions whose turn called the tool
    threshold: float
    min_support: float

    @property
    def drafted(self) -> list[MinedQuestion]:
        """Groups with at least one inferred need (the others cannot be a suite question yet)."""
        return [q for q in self.questions if q.needs]

    def to_yaml(self) -> str:
        """The draft suite file: loadable once fixtures and projections are filled in."""
        return render_draft(self)


# Answer matching ------------------------------------------------------------------------------


@dataclass
class _Quotes:
    """The quotable forms of one tool result and its schema paths.

    ``tokens`` maps a lower-case form to ``{schema path: places}`` (insertion
    order is document order, so the first path is the first occurrence);
    ``meta`` gives each form's original value, precision and whether it is a
    short or common value.
    """

    tokens: dict[str, dict[str, int]]
    meta: dict[str, tuple[str, str | None, bool]]
    phrases: list[tuple[str, str, str]]  # (lower-case needle, path, value)
    seen: frozenset[str]

    def first_path(self, value: str) -> str | None:
        """Where a value (any case) first sits in the result, for follow-up lookups."""
        found = self.tokens.get(value.lower())
        return next(iter(found)) if found else None


def build_quotes(doc: Any) -> _Quotes:
    """Index every value of a tool result by the forms an answer may quote it in.

    Times are indexed by canonical forms (``@d:05-22``, ``@t:13:45``) that the
    answer's spellings are normalised to, so each time costs a few entries.
    """
    q = _Quotes({}, {}, [], frozenset())
    seen: set[str] = set()
    try:
        _index(doc, "", q, seen)
    except RecursionError:  # absurdly deep: nothing to learn from it
        return _Quotes({}, {}, [], frozenset())
    q.seen = frozenset(seen)
    return q


def _put(q: _Quotes, form: str, path: str, value: str, precision: str | None, short: bool) -> None:
    found = q.tokens.get(form)
    if found is None:
        q.tokens[form] = {path: 1}
        q.meta[form] = (value, precision, short)
    else:
        found[path] = found.get(path, 0) + 1


def _index(node: Any, prefix: str, q: _Quotes, seen: set[str]) -> None:
    """Recursive walk (the hot loop): paths as :func:`evaluator.traces.values.leaves` gives them."""
    kind = type(node)
    if kind is dict:
        star = False
        if len(node) > 1:
            first = type(next(iter(node.values())))
            star = (first is dict or first is list) and paths.is_id_keyed_map(node)
        dot = prefix + "." if prefix else ""
        for k, v in node.items():
            tv = type(v)
            path = dot + ("*" if star else k)
            if tv is dict or tv is list:
                _index(v, path, q, seen)
            else:
                seen.add(path)
                if tv is str:
                    _index_text(v, path, q)
                elif v is not None:
                    _index_scalar(v, path, q)
    elif kind is list:
        path = prefix + "[]"
        for v in node:
            tv = type(v)
            if tv is dict or tv is list:
                _index(v, path, q, seen)
            else:
                seen.add(path)
                if tv is str:
                    _index_text(v, path, q)
                elif v is not None:
                    _index_scalar(v, path, q)
    else:
        seen.add(prefix or "$")
        if kind is str:
            _index_text(node, prefix or "$", q)
        elif node is not None:
            _index_scalar(node, prefix or "$", q)


def _index_scalar(value: Any, path: str, q: _Quotes) -> None:
    kind = type(value)
    if kind is bool:
        _put(q, "true" if value else "false", path, str(value).lower(), None, True)
    elif kind is int or kind is float:
        s = str(int(value)) if kind is float and value.is_integer() else str(value)
        short = len(s) < MIN_VALUE_LENGTH or (kind is int and abs(value) < MIN_INTEGER)
        _put(q, s, path, s, None, short)


def _index_text(value: str, path: str, q: _Quotes) -> None:
    n = len(value)
    if not n:
        return
    if value[0] in _SPACES or value[-1] in _SPACES:
        value = value.strip()
        n = len(value)
        if not n:
            return
    if " " in value or "\n" in value or "\t" in value:
        if n >= MIN_VALUE_LENGTH:  # text: matched by its start
            q.phrases.append((value[:PHRASE_PREFIX].lower(), path, value))
        return
    if 10 <= n <= 40 and value[4:5] == "-" and value[:4].isdigit():
        iso = ISO_RE.match(value)
        if iso is not None:
            _index_time(value, iso, path, q)
            return
    low = value.lower()
    if not low.isalnum() and (_TOKEN.fullmatch(low) is None or low[-1] in _TRAILING):
        if n >= MIN_VALUE_LENGTH:
            q.phrases.append((low[:PHRASE_PREFIX], path, value))
        return
    # A plain word (``ticket``, ``phone``) is an enum or a tag: prose says it by chance.
    short = n < MIN_VALUE_LENGTH or low.isalpha() or low in COMMON_VALUES
    found = q.tokens.get(low)
    if found is None:
        q.tokens[low] = {path: 1}
        q.meta[low] = (value, None, short)
    else:
        found[path] = found.get(path, 0) + 1
    if "-" in value:
        sf = short_form(value)
        if sf is not None:
            _put(q, sf.lower(), path, value, None, False)


def _index_time(value: str, iso: re.Match[str], path: str, q: _Quotes) -> None:
    _put(q, value.lower(), path, value, None, False)
    _, month, day = iso.group("date").split("-")
    _put(q, f"@d:{month}-{day}", path, value, "day", False)
    h, mi, sec = iso.group("h"), iso.group("m"), iso.group("s")
    if h is not None:
        _put(q, f"@t:{h}:{mi}", path, value, "minute", False)
        if sec is not None and sec != "00":
            _put(q, f"@t:{h}:{mi}:{sec}", path, value, "second", False)


_DATE = re.compile(r"^\d{4}-(\d{2})-(\d{2})$")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$")
_MONTH_NUMBER = {m: f"{i:02d}" for i, m in enumerate(_MONTHS, 1)} | {
    m[:3]: f"{i:02d}" for i, m in enumerate(_MONTHS, 1)
}


def _answer_tokens(text: str) -> list[tuple[str, int, int]]:
    """Lower-case tokens of a text with their spans; dates and times in canonical form."""
    out: list[tuple[str, int, int]] = []
    for m in _TOKEN.finditer(text.lower()):
        tok = m.group().rstrip(_TRAILING)
        o = _ORDINAL.match(tok)
        if o:
            tok = o.group(1)
        a, b = m.start(), m.start() + len(tok)
        out.append((tok, a, b))
        if tok[:1].isdigit():
            d = _DATE.match(tok)
            c = _CLOCK.match(tok) if d is None else None
            if d is not None:
                out.append((f"@d:{d.group(1)}-{d.group(2)}", a, b))
            elif c is not None:
                out.append((f"@t:{int(c.group(1)):02d}:{c.group(2)}", a, b))
                if c.group(3):
                    out.append((f"@t:{int(c.group(1)):02d}:{c.group(2)}:{c.group(3)}", a, b))
    words = [t for t in out if not t[0].startswith("@")]
    for (x, a, _), (y, _, b) in itertools.pairwise(words):
        # "May 22" and "22 May": a month name beside a day number.
        month, day = (_MONTH_NUMBER.get(x), y) if x in _MONTH_NUMBER else (_MONTH_NUMBER.get(y), x)
        if month is not None and day.isdigit() and 1 <= int(day) <= 31:
            out.append((f"@d:{month}-{int(day):02d}", a, b))
    return out


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def quoted(q: _Quotes, answer: str, question: str) -> list[tuple[str, str, str | None]]:
    """``(path, example, precision)`` for each value of the result the answer quotes."""
    found: list[tuple[str, str, str | None]] = []
    spans: list[tuple[int, int]] = []  # quoted text: the words inside it are not values
    low = answer.lower()
    qlow = question.lower()
    if q.phrases:
        by_needle: dict[str, set[str]] = {}
        for needle, path, _value in q.phrases:
            by_needle.setdefault(needle, set()).add(path)
        for needle, path, value in q.phrases:
            if len(by_needle[needle]) != 1 or needle in qlow:
                continue
            at = low.find(needle)
            if at >= 0 and (at == 0 or not low[at - 1].isalnum()):
                spans.append((at, at + _common_prefix(low[at:], value.lower())))
                found.append((path, value, None))
                by_needle[needle] = set()  # one hit per needle
    asked = {t for t, _, _ in _answer_tokens(question)}
    tokens = q.tokens
    for tok, a, b in _answer_tokens(answer):
        where = tokens.get(tok)
        if where is None or tok in asked or any(s <= a and b <= e for s, e in spans):
            continue
        value, precision, short = q.meta[tok]
        if short:
            # A short or common value is evidence only where it sits at one place.
            if len(where) != 1 or sum(where.values()) != 1:
                continue
        elif len(where) != 1:
            continue  # ambiguous: the same form at several paths
        (path,) = where
        example = value if tok == value.lower() else answer[a:b]
        found.append((path, example, precision))
    return sorted(set(found))


# The streaming pass -----------------------------------------------------------------------------


@dataclass
class _EvAcc:
    convs: set[int] = field(default_factory=set)
    example: tuple[Any, ...] | None = None  # (sort key, example, detail)
    precision: str | None = None
    need: Any = None  # the suite need (suite evidence)

    def add(self, conv: int, key: tuple[Any, ...], example: str, detail: str) -> None:
        self.convs.add(conv)
        cand = (key, example, detail)
        if self.example is None or cand < self.example:
            self.example = cand


@dataclass
class _QAcc:
    """Everything known about one distinct (masked) question text."""

    count: int = 0
    texts: Counter[str] = field(default_factory=Counter)
    convs: set[int] = field(default_factory=set)
    evidence: dict[tuple[str, str], _EvAcc] = field(default_factory=dict)  # (path, kind)
    hedged: list[tuple[frozenset[str], int, tuple[Any, ...], str]] = field(default_factory=list)


def question_key(text: str) -> str:
    """Exact-duplicate key: lower case, ids and numbers masked, spaces folded."""
    return " ".join(_MASK.sub("#", text.lower()).split())


class _Miner:
    """What one process gathers from the traces it reads (picklable, for the shards)."""

    def __init__(self, tool: str, languages: tuple[str, ...], extra: tuple[str, ...]) -> None:
        self.tool = tool
        self.languages = languages
        self.extra = extra
        self.lexicon = Lexicon.load(languages, extra)
        self.quotes: dict[tuple[int, int], _Quotes | None] = {}
        self.questions: dict[str, _QAcc] = {}
        self.tool_paths: set[str] = set()
        self.conv_ids: dict[tuple[str, str], int] = {}
        self.traces = 0
        self.tool_calls = 0

    def _quotes(self, ev: Event) -> _Quotes | None:
        if ev.structured is not None:
            return build_quotes(ev.structured)
        text = ev.text
        if not text or text.lstrip()[:1] not in ("{", "["):
            return None
        key = (hash(text), len(text))
        if key not in self.quotes:
            try:
                doc = fast_loads(text)
            except ValueError:
                doc = None
            if len(self.quotes) >= 1024:
                self.quotes.clear()
            self.quotes[key] = None if doc is None else build_quotes(doc)
        return self.quotes[key]

    def __getstate__(self) -> dict[str, Any]:
        # The result cache is large and the lexicon is rebuilt from its languages.
        return {k: v for k, v in self.__dict__.items() if k not in ("quotes", "lexicon")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.quotes = {}
        self.lexicon = Lexicon.load(self.languages, self.extra)

    def absorb(self, other: _Miner) -> None:
        """Add what another process gathered (a shard of a file read after this one's part)."""
        ids = {
            local: self.conv_ids.setdefault(key, len(self.conv_ids))
            for key, local in other.conv_ids.items()
        }
        self.traces += other.traces
        self.tool_calls += other.tool_calls
        self.tool_paths |= other.tool_paths
        for key, theirs in other.questions.items():
            mine = self.questions.setdefault(key, _QAcc())
            mine.count += theirs.count
            mine.texts.update(theirs.texts)
            mine.convs |= {ids[c] for c in theirs.convs}
            for k, e in theirs.evidence.items():
                e.convs = {ids[c] for c in e.convs}
                _merge_acc(mine.evidence.setdefault(k, _EvAcc()), e)
            mine.hedged += [(seen, ids[c], sk, q) for seen, c, sk, q in theirs.hedged]

    def add_trace(self, trace: Trace) -> None:
        self.traces += 1
        said: list[str] = []
        turn: list[Event] = []
        current = 0
        for ev in trace.events:
            if ev.kind == "call" and ev.tool == self.tool:
                self.tool_calls += 1
            if ev.turn != current:
                if turn:
                    self._turn(trace, turn, "\n".join(said))
                turn, current = [], ev.turn
            if ev.kind == "message" and ev.role in ("user", "system") and ev.text:
                said.append(ev.text)
            if ev.turn > 0:
                turn.append(ev)
        if turn:
            self._turn(trace, turn, "\n".join(said))

    def _turn(self, trace: Trace, events: list[Event], said: str) -> None:
        tool = self.tool
        if not any(e.kind == "call" and e.tool == tool for e in events):
            return
        question = next((e.text for e in events if e.role == "user" and e.kind == "message"), "")
        if not question:
            return
        conv = self.conv_ids.setdefault((trace.file, trace.trace_id), len(self.conv_ids))
        sort_key = (trace.file, trace.trace_id, events[0].turn)
        acc = self.questions.setdefault(question_key(question), _QAcc())
        acc.count += 1
        acc.texts[question] += 1
        acc.convs.add(conv)
        # Results so far in the turn: the tool's as an index, others as text (as metrics does).
        earlier: list[tuple[Event, _Quotes | None]] = []
        results: list[_Quotes] = []
        unknown = False  # a result of the tool we could not read: absence proves nothing
        answers: list[str] = []
        for ev in events:
            if ev.kind == "result":
                q = None
                if ev.tool == tool:
                    q = None if ev.is_error else self._quotes(ev)
                    if q is None:
                        unknown = True
                    else:
                        results.append(q)
                        self.tool_paths |= q.seen
                earlier.append((ev, q))
            elif ev.kind == "call" and ev.args is not None and results:
                for _arg, value, path in _passed(ev, earlier, said, tool):
                    ev_acc = acc.evidence.setdefault((path, "followup"), _EvAcc())
                    ev_acc.add(conv, sort_key, value, ev.tool or "?")
            elif ev.kind == "message" and ev.role == "assistant" and ev.text and results:
                answers.append(ev.text)
        answer = "\n".join(answers)
        for q in results:
            for path, example, precision in quoted(q, answer, question):
                ev_acc = acc.evidence.setdefault((path, "quoted"), _EvAcc())
                ev_acc.add(conv, sort_key, example, "")
                if precision is not None and _PRECISION_RANK[precision] > _PRECISION_RANK.get(
                    ev_acc.precision or "", -1
                ):
                    ev_acc.precision = precision
        if results and not unknown and answer and self.lexicon.find(answer):
            seen = frozenset().union(*(q.seen for q in results))
            acc.hedged.append((seen, conv, sort_key, question))


def _passed(
    call: Event, earlier: list[tuple[Event, _Quotes | None]], said: str, tool: str
) -> list[tuple[str, str, str]]:
    """``(argument, value, source path)`` for arguments first seen in a result of ``tool``.

    The rule of :mod:`evaluator.traces.metrics`: the first earlier result that
    holds the value is its source; a value the user or system said is none.
    """
    out = []
    for argument, candidates in lookup_plan(call.args):
        for cand in candidates:
            if cand in said:
                continue  # the user said it first
            source = _source(cand, earlier)
            if source is not None:
                if source[0] == tool and source[1] is not None:
                    out.append((argument, cand, source[1]))
                break
    return out


def _source(
    value: str, earlier: list[tuple[Event, _Quotes | None]]
) -> tuple[str, str | None] | None:
    for ev, q in earlier:
        if q is not None:
            path = q.first_path(value)
            if path is not None:
                return ev.tool or "", path
        elif ev.text and value in ev.text:
            return ev.tool or "", None
    return None


# Grouping and needs -----------------------------------------------------------------------------


def _key_words(path: str) -> frozenset[str]:
    """Content words of a path's last meaningful key (``sla`` of ``sla_due_at``)."""
    keys = [k for k in path.replace("[]", ".").split(".") if k and k not in ("*", "$")]
    if not keys:
        return frozenset()
    name = keys[-1]
    if name.lower() in _GENERIC_LEAF:
        before = [k for k in keys[:-1] if k.lower() not in _CONTAINERS]
        name = before[-1] if before else name
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).replace("_", " ").replace("-", " ")
    return drift.words(spaced)


def field_name(path: str) -> str:
    """A field name for a schema path: the last key, with its owner for a generic key."""
    keys = [k for k in path.replace("[]", ".").split(".") if k and k not in ("*", "$")]
    if not keys:
        return "value"
    name = keys[-1]
    if name.lower() in _GENERIC_LEAF:
        before = [k for k in keys[:-1] if k.lower() not in _CONTAINERS]
        if before:
            name = f"{before[-1]}_{name}"
    name = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name).lower()
    return re.sub(r"[^0-9a-z_]+", "_", name).strip("_") or "value"


def slug(text: str) -> str:
    """A question id from its content words: ``breach-sla-next-four-hours``."""
    content = drift.words(text)
    kept = []
    for w in re.findall(r"[^\W_]+", text.lower()):
        singular = w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
        if (w in content or singular in content) and not w.isdigit() and w not in kept:
            kept.append(w)
    return "-".join(kept[:5]) or "question"


def cluster(items: Sequence[tuple[str, int]], threshold: float) -> list[list[int]]:
    """Leader clustering of ``(text, count)``: indices of each group, leader first.

    Items are visited most frequent first (then by text); each joins the group
    whose leader it is most similar to, at or above ``threshold`` (ties: the
    older group), else starts one. Deterministic, and O(items x groups).
    """
    order = sorted(range(len(items)), key=lambda i: (-items[i][1], items[i][0]))
    groups: list[list[int]] = []
    for i in order:
        best, best_score = -1, -1.0
        for g, members in enumerate(groups):
            score = drift.similarity(items[i][0], items[members[0]][0])
            if score > best_score:
                best, best_score = g, score
        if best >= 0 and best_score >= threshold:
            groups[best].append(i)
        else:
            groups.append([i])
    return groups


def mine_questions(
    trace_paths: Iterable[str | Path] | str | Path,
    tool: str,
    *,
    suites: Iterable[Any] = (),
    threshold: float = DEFAULT_THRESHOLD,
    min_support: float = DEFAULT_MIN_SUPPORT,
    format: str | None = None,
    hedges: Iterable[str] = (),
    languages: Iterable[str] = ("en", "zh"),
    max_json_bytes: int = DEFAULT_MAX_JSON_BYTES,
    workers: int | None = None,
) -> MinedSuite:
    """Mine the traces for the questions that led to calls of ``tool``, with their needs.

    ``suites`` (loaded suites or suite files) are references: their questions
    are evidence for hedged answers and their field names are reused.
    ``workers`` (default: the number of cores) processes share a large JSON
    Lines file, cut where the trace analysis cuts it; the result does not
    depend on it. Raises
    :class:`MiningError` when no user question led to a call of ``tool``, and
    :class:`~evaluator.errors.TraceError` for a file that cannot be read.
    """
    if isinstance(trace_paths, str | Path):
        trace_paths = [trace_paths]
    # Parquet event tables (the Dask engine's output) hold no raw conversations to mine.
    files = [f for f in expand_paths(trace_paths) if f.suffix.lower() != ".parquet"]
    refs = []
    for s in suites:
        if isinstance(s, str | Path):
            from evaluator.suites import load_suite

            s = load_suite(s)
        refs.append(s)
    refs = [s for s in refs if s.tool == tool]  # another tool's questions are no evidence
    extra = [h for s in refs for h in getattr(s, "hedges", ())] + list(hedges)
    miner = _Miner(tool, tuple(languages), tuple(extra))
    _mine_files(miner, files, format, max_json_bytes, workers)
    if not miner.questions:
        where = f"in {len(files)} trace file(s)"
        if miner.tool_calls:
            raise MiningError(
                f"tool {tool!r} is called {_times(miner.tool_calls)} {where}, but never after "
                "a user question.",
                fix="pass traces that record the conversation (an MCP log has no user questions)",
            )
        raise MiningError(
            f"tool {tool!r} is never called {where}.",
            fix="check the tool name, as the traces spell it",
        )
    return _assemble(miner, refs, threshold, min_support, len(files))


def _mine_files(
    miner: _Miner, files: list[Path], format: str | None, max_json_bytes: int, workers: int | None
) -> None:
    """Read every file; a large JSON Lines file in shards, one forked process each."""
    from evaluator.traces import shards

    n = max(1, workers if workers is not None else os.cpu_count() or 1)
    for path in files:
        cut = None
        if shards.shardable(path, n):
            fmt = format or open_file(path, max_json_bytes=max_json_bytes).format
            cut = shards.plan(path, fmt, n)
        if not cut:
            parsed = open_file(path, format=format, max_json_bytes=max_json_bytes)
            for item in parsed.items:
                if not isinstance(item, Problem):
                    miner.add_trace(item)
            continue
        with shards.fork_pool(n) as pool:
            futures = [
                pool.submit(
                    _mine_shard,
                    (str(path), s.start, s.end, s.first_line),
                    fmt,
                    miner.tool,
                    miner.languages,
                    miner.extra,
                )
                for s in cut
            ]
            for f in futures:  # in file order, so conversation numbers follow the file
                miner.absorb(f.result())


def _mine_shard(
    shard: tuple[str, int, int, int],
    fmt: str,
    tool: str,
    languages: tuple[str, ...],
    extra: tuple[str, ...],
) -> _Miner:
    """In a worker process: mine bytes ``[start, end)`` of a JSON Lines file."""
    path, start, end, first_line = shard
    miner = _Miner(tool, languages, extra)
    records = read_lines(range_lines(path, start, end), path, first=first_line)
    for item in parse_records(make_parser(fmt, path), records):
        if not isinstance(item, Problem):
            miner.add_trace(item)
    return miner


def _assemble(
    miner: _Miner, refs: list[Any], threshold: float, min_support: float, n_files: int
) -> MinedSuite:
    keys = sorted(miner.questions)
    accs = [miner.questions[k] for k in keys]
    # A key's text is its most frequent spelling (ties: the smallest), whatever the order read.
    reps = [min(a.texts.items(), key=lambda kv: (-kv[1], kv[0]))[0] for a in accs]
    # Grouped by their keys: ids and numbers say which ticket, not what is asked.
    groups = cluster([(keys[i], accs[i].count) for i in range(len(keys))], threshold)
    pool = drift.candidates(refs)
    known_paths = set(miner.tool_paths)
    for s in refs:
        known_paths |= {f.path for f in s.fields.values()}
    names: dict[str, str] = {}
    specs: dict[str, dict[str, Any]] = {}
    drafts = []
    for members in groups:
        convs: set[int] = set()
        texts: Counter[str] = Counter()
        evidence: dict[tuple[str, str], _EvAcc] = {}
        for i in members:
            a = accs[i]
            convs |= a.convs
            texts.update(a.texts)
            for k, e in a.evidence.items():
                _merge_acc(evidence.setdefault(k, _EvAcc()), e)
            _hedge_evidence(a, evidence, known_paths, pool, refs, threshold)
        need_min = max(1, math.ceil(min_support * len(convs)))
        by_path: dict[str, list[tuple[str, _EvAcc]]] = {}
        for (path, kind), e in evidence.items():
            by_path.setdefault(path, []).append((kind, e))
        needs = []
        for path, kinds in by_path.items():
            covered = set().union(*(e.convs for _, e in kinds))
            if len(covered) < need_min:
                continue
            kinds.sort(key=lambda ke: (_KIND_ORDER.index(ke[0]), -len(ke[1].convs)))
            needs.append(_need(path, covered, kinds))
        needs.sort(key=lambda n: (-n.conversations, n.path))
        leader = reps[members[0]]
        examples = tuple(t for t, _ in sorted(texts.items(), key=lambda kv: (-kv[1], kv[0])))
        match = drift.best_match(leader, pool, threshold) if pool else None
        members_ = tuple(sorted(texts.items()))
        drafts.append((leader, sum(texts.values()), len(convs), examples, needs, match, members_))
    # Field names: a reference suite's where a field's path matches, else from the path.
    taken: set[str] = set()
    for s in refs:
        taken |= set(s.fields)
    for _l, _w, _c, _e, needs, _m, _t in drafts:
        for n in needs:
            if n.path in names:
                continue
            fdef = next((f for s in refs if (f := field_at(s, n.path)) is not None), None)
            if fdef is not None:
                names[n.path] = fdef.name
                extra = {}
                if fdef.kind:
                    extra["kind"] = fdef.kind
                if fdef.untrusted:
                    extra["untrusted"] = True
                specs[fdef.name] = extra
                continue
            base = name = field_name(n.path)
            k = 2
            while name in taken:
                name, k = f"{base}_{k}", k + 1
            taken.add(name)
            names[n.path] = name
    questions = []
    ids: set[str] = set()
    for leader, weight, nconv, examples, needs, match, members in sorted(
        drafts, key=lambda d: (-d[1], d[0])
    ):
        qid = base = slug(question_key(leader))  # ids are not what is asked
        k = 2
        while qid in ids:
            qid, k = f"{base}-{k}", k + 1
        ids.add(qid)
        named = tuple(
            MinedNeed(
                names[n.path],
                n.path,
                n.conversations,
                n.evidence,
                n.readable,
                n.precision,
                n.items,
            )
            for n in needs
        )
        questions.append(
            MinedQuestion(
                qid,
                leader,
                weight,
                nconv,
                examples[:MAX_EXAMPLES],
                named,
                members=members,
                match=match,
            )
        )
    used = {n.field: n.path for q in questions for n in q.needs}
    return MinedSuite(
        tool=miner.tool,
        questions=questions,
        fields=dict(sorted(used.items(), key=lambda kv: (kv[1], kv[0]))),
        field_specs={k: v for k, v in specs.items() if k in used},
        files=n_files,
        traces=miner.traces,
        turns=sum(a.count for a in accs),
        threshold=threshold,
        min_support=min_support,
    )


def _merge_acc(into: _EvAcc, other: _EvAcc) -> None:
    into.convs |= other.convs
    if other.example is not None and (into.example is None or other.example < into.example):
        into.example = other.example
    if other.precision is not None and _PRECISION_RANK[other.precision] > _PRECISION_RANK.get(
        into.precision or "", -1
    ):
        into.precision = other.precision
    if into.need is None:
        into.need = other.need


def _hedge_evidence(
    a: _QAcc,
    evidence: dict[tuple[str, str], _EvAcc],
    known_paths: set[str],
    pool: list[drift.Candidate],
    refs: list[Any],
    threshold: float,
) -> None:
    """Rules 3 and 4: what a hedged turn's results lacked, tied to the question."""
    ordered = sorted(known_paths)
    done: dict[tuple[frozenset[str], str], list[tuple[str, str, str, Any]]] = {}
    for seen, conv, key, question in a.hedged:
        found = done.get((seen, question))
        if found is None:  # results and questions repeat: work each pair out once
            found = done[(seen, question)] = _lacking(
                seen, question, ordered, pool, refs, threshold
            )
        for path, kind, detail, need in found:
            acc = evidence.setdefault((path, kind), _EvAcc())
            acc.add(conv, key, question, detail)
            acc.need = acc.need or need


def _lacking(
    seen: frozenset[str],
    question: str,
    known: list[str],
    pool: list[drift.Candidate],
    refs: list[Any],
    threshold: float,
) -> list[tuple[str, str, str, Any]]:
    """``(path, kind, detail, suite need)`` of what a hedged turn's results lacked."""
    out: list[tuple[str, str, str, Any]] = []
    qwords = drift.words(question)
    seen_segments = [s for s in map(_parse, seen) if s is not None]
    for path in known:
        segs = _parse(path)
        if segs is None or any(paths.matches(segs, s) for s in seen_segments):
            continue
        if _key_words(path) & qwords:
            out.append((path, "absent", "", None))
    if not pool:
        return out
    m = drift.best_match(question, pool, threshold)
    if not m.covered:
        return out
    suite = next(s for s in refs if s.name == m.suite)
    for need in suite.question(m.question_id).needs:
        fdef = suite.fields.get(need.field)
        if fdef is None or any(paths.matches(fdef.segments, s) for s in seen_segments):
            continue
        out.append((fdef.path, "suite", f"{suite.name}/{m.question_id}", need))
    return out


@functools.lru_cache(maxsize=4096)
def _parse(path: str) -> paths.SchemaPath | None:
    try:
        return paths.parse_path(path) if path != "$" else None
    except paths.PathSyntaxError:
        return None


def _need(path: str, covered: set[int], kinds: list[tuple[str, _EvAcc]]) -> MinedNeed:
    evidence = []
    readable = False
    precision: str | int | None = None
    items = "all"
    for kind, e in kinds:
        assert e.example is not None
        _key, example, detail = e.example
        evidence.append(Evidence(kind, len(e.convs), example, detail))
        readable |= kind == "followup"
        if e.need is not None:
            readable |= bool(e.need.readable)
            items = e.need.items
            if e.need.precision is not None:
                precision = e.need.precision
        if e.precision is not None and (
            precision is None
            or (
                isinstance(precision, str)
                and _PRECISION_RANK[e.precision] > _PRECISION_RANK.get(precision, -1)
            )
        ):
            precision = e.precision
    return MinedNeed("", path, len(covered), tuple(evidence), readable, precision, items)


# Rendering -------------------------------------------------------------------------------------


def _scalar(value: Any) -> str:
    """One YAML scalar on one line, quoted only where YAML needs it."""
    out = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**9)
    return out.strip().removesuffix("...").strip()


def _clip(text: str, n: int = 48) -> str:
    text = " ".join(text.split()).replace('"', "'")
    return text if len(text) <= n else text[: n - 1] + "…"


def _field_line(name: str, path: str, spec: dict[str, Any]) -> str:
    if not spec:
        return f"  {name}: {_scalar(path)}"
    extra = ", ".join(f"{k}: {_scalar(v)}" for k, v in spec.items())
    return f"  {name}: {{path: {_scalar(path)}, {extra}}}"


def question_lines(q: MinedQuestion, indent: str = "  ") -> list[str]:
    """A mined question as block YAML lines (``indent`` before the dash)."""
    pad = indent + "  "
    times = f"asked {_times(q.weight)} in {q.conversations} conversation"
    times += "s" * (q.conversations != 1)
    lines = [
        f"{indent}- id: {q.id}",
        f"{pad}text: {_scalar(q.text)}",
        f"{pad}weight: {q.weight}  # {times}",
    ]
    if q.match is not None and q.match.covered:
        lines.append(
            f"{pad}# nearest suite question: {q.match.suite}/{q.match.question_id} "
            f"({q.match.score:.2f})"
        )
    elif q.match is not None:
        lines.append(f"{pad}# question drift: no suite question matches (best {q.match.score:.2f})")
    lines.append(f"{pad}# examples:")
    lines += [f"{pad}#   - {_clip(t, 96)}" for t in q.examples]
    lines.append(f"{pad}needs:")
    lines += [f"{pad}  - {n.to_yaml()}  # {n.comment}" for n in q.needs]
    return lines


def render_draft(mined: MinedSuite) -> str:
    """The draft suite's text (see the module docstring for what each part means)."""
    tool = mined.tool
    shown = mined.drafted
    head = [
        f"# Draft question set for the tool {tool}, mined from recorded traces by",
        f"# `projeval questions mine`: {mined.traces} traces in {mined.files} files, "
        f"{mined.turns} user questions that called {tool}, in {len(mined.questions)} groups.",
        "#",
        "# Valid input for `projeval score` once you fill in the two placeholders below:",
        f"#   fixtures:    at least one raw response of {tool}, as a JSON file;",
        "#   projections: at least one candidate projection (name: module:function).",
        "# Every need is inferred from what the agent did with the results; the comment",
        "# beside it gives the evidence. Review each need before you trust a score.",
        "# Weights are how often each group of questions was asked in the traces.",
        "version: 1",
        f"suite: {_scalar(re.sub(r'[^0-9a-z]+', '-', tool.lower()).strip('-') + '-draft')}",
        f"tool: {_scalar(tool)}",
        f"description: {_scalar(f'Draft mined from {mined.traces} traces; review every need.')}",
        "fixtures: []      # FILL IN: raw responses, e.g. [../fixtures/" + tool + ".json]",
    ]
    if mined.fields:
        head.append("fields:")
        head += [
            _field_line(name, path, mined.field_specs.get(name, {}))
            for name, path in mined.fields.items()
        ]
    else:
        head.append("fields: {}        # FILL IN: no need could be inferred")
    head.append("projections: {}   # FILL IN: e.g. {raw: my_tools.projections:raw}")
    if shown:
        head.append("questions:")
    else:
        head.append("questions: []     # FILL IN: no group has an inferred need")
    for i, q in enumerate(shown):
        if i:
            head.append("")
        head += question_lines(q)
    rest = [q for q in mined.questions if not q.needs]
    if rest:
        head += [
            "",
            "# Groups with no evidence of the fields they need: add needs, then move them up.",
        ]
        head += [f"#   - {_clip(q.text, 96)} (asked {_times(q.weight)})" for q in rest]
    return "\n".join(head) + "\n"


# Merging ---------------------------------------------------------------------------------------


@dataclass
class MergeResult:
    """A suite's text with the mined groups merged in, and what changed."""

    file: Path
    text: str
    weights: list[tuple[str, float, int]]  # (question id, old, new) for matched questions
    added: list[MinedQuestion]  # the question drift: groups that match no question
    fields_added: list[str]
    suggestions: list[tuple[str, str]]  # (question id, field): inferred, not in the suite

    def write(self, out: str | Path | None = None) -> Path:
        """Write the merged text (default: over the suite), only if it loads as a suite."""
        from evaluator.suites import load_suite

        target = Path(out) if out is not None else self.file
        target.parent.mkdir(parents=True, exist_ok=True)
        # Beside the target, so the suite's relative fixture paths resolve as they will.
        fd, tmp = tempfile.mkstemp(suffix=".yaml", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(self.text)
            load_suite(tmp)
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return target

    def render(self) -> str:
        """The plain-text report the CLI prints."""
        lines = [
            f"{len(self.weights)} suite questions matched, {len(self.added)} groups added, "
            f"{len(self.fields_added)} fields added"
        ]
        for qid, old, new in self.weights:
            lines.append(f"  weight {qid}: {_num(old)} -> {new}")
        if self.added:
            lines.append("question drift (groups that match no suite question, added):")
            lines += [f"  {q.id} (weight {q.weight}): {q.text}" for q in self.added]
        if self.suggestions:
            lines.append("needs the traces suggest but the suite question lacks (not added):")
            lines += [f"  {qid}: {f}" for qid, f in self.suggestions]
        return "\n".join(lines)


def _times(n: int) -> str:
    return f"{n} time{'s' * (n != 1)}"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _half_up(x: float) -> int:
    return max(1, math.floor(x + 0.5))


def merge_suite(suite_file: str | Path, mined: MinedSuite) -> MergeResult:
    """Merge mined groups into a suite file's text, leaving hand-written entries as written.

    Rules: a group matches the suite question that most of its askings match
    (drift similarity at or above the mining threshold; ties to the earlier
    question). Matched questions get the weight ``count x s``, rounded half up
    (at least 1), where ``s`` = (sum of the matched questions' weights) /
    (sum of their counts): the matched questions keep their total weight,
    shared by how often each was asked. New groups get ``count x s`` too
    (``s`` = 1 when nothing matched) and are appended with their needs; fields
    they need that the suite lacks are appended to ``fields``. Needs the
    traces suggest for a matched question are reported, never written.
    """
    from evaluator.suites import load_suite

    file = Path(suite_file)
    suite = load_suite(file)
    text = file.read_text("utf-8-sig")
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    top = {k.value: v for k, v in root.value}
    qnode, fnode = top["questions"], top["fields"]
    for node, key in ((qnode, "questions"), (fnode, "fields")):
        if node.flow_style:
            raise MiningError(
                f"'{key}' is written in flow style ([...] or {{...}}); merging appends lines.",
                file=file,
                position=f"{node.start_mark.line + 1}:{node.start_mark.column + 1}",
                fix=f"write '{key}' as a block (one entry a line), then merge again",
            )
    pool = drift.candidates([suite])
    votes: dict[str, int] = {}
    matched: dict[str, list[MinedQuestion]] = {}
    added: list[MinedQuestion] = []
    for q in mined.questions:
        tally: Counter[str] = Counter()
        for asked, n in q.members or ((q.text, q.weight),):
            m = drift.best_match(asked, pool, mined.threshold)
            if m.covered and m.question_id is not None:
                tally[m.question_id] += n
        if not tally:
            if q.needs:
                added.append(q)
            continue
        order = [c.question_id for c in pool]
        best = max(tally, key=lambda qid: (tally[qid], -order.index(qid)))
        matched.setdefault(best, []).append(q)
        votes[best] = votes.get(best, 0) + q.weight
    hand = sum(suite.question(qid).weight for qid in votes)
    scale = hand / sum(votes.values()) if votes else 1.0
    edits: list[tuple[int, int, str]] = []
    weights = []
    items = {_value(item, "id"): item for item in qnode.value}
    for qid in [q.id for q in suite.questions if q.id in votes]:
        new = _half_up(votes[qid] * scale)
        old = suite.question(qid).weight
        weights.append((qid, old, new))
        if new != old:
            edits.append(_weight_edit(text, items[qid], new))
    suggestions = []
    for qid, groups in matched.items():
        have = {n.field for n in suite.question(qid).needs}
        for g in groups:
            for n in g.needs:
                name = _suite_field(suite, n.path)
                if name not in have:
                    suggestions.append((qid, name or n.path))
                    have.add(name or n.path)
    # New fields and questions, appended after the last entry of each block.
    fields_added: list[str] = []
    rename: dict[str, str] = {}
    new_fields: list[str] = []
    for q in added:
        for n in q.needs:
            if n.path in rename:
                continue
            name = _suite_field(suite, n.path)
            if name is None:
                name, k = n.field, 2
                while name in suite.fields or name in fields_added:
                    name, k = f"{n.field}_{k}", k + 1
                fields_added.append(name)
                indent = " " * fnode.value[0][0].start_mark.column
                new_fields.append(f"{indent}{name}: {_scalar(n.path)}  # mined from traces")
            rename[n.path] = name
    if new_fields:
        edits.append((_after(text, fnode), _after(text, fnode), "\n".join(new_fields) + "\n"))
    taken = {q.id for q in suite.questions}
    out_q: list[MinedQuestion] = []
    for q in added:
        qid, k = q.id, 2
        while qid in taken:
            qid, k = f"{q.id}-{k}", k + 1
        taken.add(qid)
        needs = tuple(
            MinedNeed(
                rename[n.path],
                n.path,
                n.conversations,
                n.evidence,
                n.readable,
                n.precision,
                n.items,
            )
            for n in q.needs
        )
        out_q.append(
            MinedQuestion(
                qid,
                q.text,
                _half_up(q.weight * scale),
                q.conversations,
                q.examples,
                needs,
                q.members,
                None,
            )
        )
    if out_q:
        first = qnode.value[0]
        col = first.start_mark.column
        line_start = text.rfind("\n", 0, first.start_mark.index) + 1
        dash = text.rfind("-", line_start, first.start_mark.index)
        indent = " " * (dash - line_start if dash >= 0 else max(0, col - 2))
        block = ["", f"{indent}# Mined from traces by `projeval questions mine`: review the needs."]
        for q in out_q:
            block += question_lines(q, indent)
        at = _after(text, qnode)
        edits.append((at, at, "\n".join(block) + "\n"))
    merged = text
    for start, end, new_text in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        merged = merged[:start] + new_text + merged[end:]
    return MergeResult(file, merged, weights, out_q, fields_added, suggestions)


def _suite_field(suite: Any, path: str) -> str | None:
    fdef = field_at(suite, path)
    return fdef.name if fdef is not None else None


def _value(node: yaml.Node, key: str) -> Any:
    for k, v in node.value:
        if k.value == key:
            return v.value
    return None


def _weight_edit(text: str, item: yaml.MappingNode, new: int) -> tuple[int, int, str]:
    for k, v in item.value:
        if k.value == "weight":
            return (v.start_mark.index, v.end_mark.index, str(new))
    id_node = next(v for k, v in item.value if k.value == "id")
    if item.flow_style:
        return (id_node.end_mark.index, id_node.end_mark.index, f", weight: {new}")
    at = _line_end(text, id_node.end_mark.index)
    indent = " " * item.value[0][0].start_mark.column
    return (at, at, f"{indent}weight: {new}\n")


def _last_scalar(node: yaml.Node) -> yaml.Node:
    while (
        isinstance(node, yaml.MappingNode | yaml.SequenceNode)
        and node.value
        and not (node.flow_style)
    ):
        last = node.value[-1]
        node = last[1] if isinstance(last, tuple) else last
    return node


def _after(text: str, node: yaml.Node) -> int:
    """The start of the line after a block node's last value."""
    return _line_end(text, _last_scalar(node).end_mark.index)


def _line_end(text: str, index: int) -> int:
    if index > 0 and text[index - 1] == "\n":
        return index  # a block scalar ends at the start of the next line
    nl = text.find("\n", index)
    return len(text) if nl < 0 else nl + 1
