"""The streaming pass over the traces, then grouping and needs: mine_questions and its shards."""

from __future__ import annotations

import functools
import math
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import paths
from ..errors import TraceError
from ..traces import drift
from ..traces.actions import WRITE, ToolKinds, read_tools_file, suite_tool_defs, tool_hints
from ..traces.autogen import python_value
from ..traces.events import Event, Problem, Trace, fast_loads
from ..traces.findings import field_at
from ..traces.headers import notes_call
from ..traces.hedges import Lexicon, ResultsRead, find_hedges
from ..traces.metrics import lookup_plan, user_said, without_model_text
from ..traces.parsers import make_parser, open_file, parse_records
from ..traces.partitions import Partition
from ..traces.readers import (
    DEFAULT_MAX_JSON_BYTES,
    expand_paths,
    range_lines,
    read_lines,
)
from ..traces.turns import agent_context, classify_turn, is_query, request_answered
from ..traces.values import in_words, is_code
from ..traces.wrappers import user_words
from .answers import _Quotes, build_quotes, quoted, said_numbers
from .draft import _times, suite_path
from .evidence import (
    Evidence,
    MinedNeed,
    MinedQuestion,
    MinedSuite,
    MiningError,
    named_needs,
    unique_id,
)

#: Groups join at or above this similarity (the drift threshold).
DEFAULT_THRESHOLD = drift.DEFAULT_THRESHOLD
#: Share of a group's conversations a need's evidence must cover.
DEFAULT_MIN_SUPPORT = 0.1
#: Example questions listed per group.
MAX_EXAMPLES = 5

# Tokens with digits (ids, dates): not what a question is about. Chinese writes no spaces,
# so a token ends at a Chinese character or punctuation mark too: "订单123456到哪里了" masks
# the number, not the sentence (every such question's key was "#", one key for all).
_NOT_IN_TOKEN = r"\s\u3000-\u303f\u4e00-\u9fff\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
_MASK = re.compile(rf"[^{_NOT_IN_TOKEN}]*\d[^{_NOT_IN_TOKEN}]*")
_SMALL = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")  # a count or an ordinal: wording
_PUNCT = ".,;:!?()[]\"'“”‘’"
_GENERIC_LEAF = {"id", "name", "value", "type", "code", "key", "text", "label"}
_CONTAINERS = {"data", "attributes", "relationships", "items", "results", "result", "meta"}
_KIND_ORDER = ("followup", "action", "quoted", "suite", "absent")
_PRECISION_RANK = {"day": 0, "hour": 1, "minute": 2, "second": 3}


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


def question_key(text: str, results: str | None = None) -> str:
    """Exact-duplicate key: lower case, ids and numbers masked, spaces folded.

    A small count or ordinal ("lane 4", "2 bags", "the 3rd") is part of the question's
    wording and stays, unless ``results`` (the text of the results the question led to,
    lower case) hold it: then it is a value the question names, masked as an id is."""

    def mask(m: re.Match[str]) -> str:
        token = m.group()
        small = _SMALL.fullmatch(token.strip(_PUNCT))
        if small is not None and (results is None or not in_words(small.group(1), results)):
            return token
        return "#"

    return " ".join(_MASK.sub(mask, text.lower()).split())


class _Miner:
    """What one process gathers from the traces it reads (picklable, for the shards)."""

    def __init__(
        self,
        tool: str,
        languages: tuple[str, ...],
        extra: tuple[str, ...],
        tool_hints: tuple[tuple[str, bool], ...] = (),
    ) -> None:
        self.tool = tool
        self.languages = languages
        self.extra = extra
        self.tool_hints = tool_hints
        self.lexicon = Lexicon.load(languages, extra)
        # Whether the tool writes: by a trace's hints, then the suites' and --tools files'
        # (as the trace analysis reads them), else its verb.
        self.kinds = ToolKinds(tool_hints)
        self.quotes: dict[tuple[int, int], _Quotes | None] = {}
        self.questions: dict[str, _QAcc] = {}
        self.tool_paths: set[str] = set()
        self.conv_ids: dict[tuple[str, str], int] = {}
        self.traces = 0
        self.tool_calls = 0
        # The classes of the user turns that called the tool but ask nothing (answers,
        # greetings, other): said when no question is left to mine.
        self.unasked: Counter[str] = Counter()
        # Files no reader could read: (file, message, position, fix) of each one's error.
        self.unread: list[tuple[str, str, str | None, str | None]] = []
        # Records a reader skipped (a bad line, a cut-off file): kept to be reported.
        self.skipped: list[Problem] = []

    def _quotes(self, ev: Event) -> _Quotes | None:
        if ev.structured is not None:
            return build_quotes(ev.structured)
        text = ev.text
        if not text or text.lstrip()[:1] not in ("{", "[", "("):
            return None
        key = (hash(text), len(text))
        if key not in self.quotes:
            try:
                doc = fast_loads(text)
            except ValueError:
                # A Python tool's repr of what it returned, read as traces read it.
                doc = python_value(text)
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
        self.unasked.update(other.unasked)
        self.unread += other.unread
        self.skipped += other.skipped
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
        # Each turn's events, how many user and system texts were said by its end, and the
        # assistant's last text before it.
        turns: list[tuple[list[Event], int, str]] = []
        turn: list[Event] = []
        current = 0
        previous = turn_previous = ""  # the assistant's last text (before the turn)
        for ev in trace.events:
            if ev.kind == "call" and ev.tool == self.tool:
                self.tool_calls += 1
            if ev.turn != current:
                if turn:
                    turns.append((turn, len(said), turn_previous))
                turn, current, turn_previous = [], ev.turn, previous
            if ev.kind == "message" and ev.role == "assistant" and ev.text:
                previous = ev.text
            if ev.kind == "message" and ev.role in ("user", "system") and ev.text:
                said.append(ev.text)
            if ev.turn > 0:
                turn.append(ev)
        if turn:
            turns.append((turn, len(said), turn_previous))
        # Each earlier turn's user text and the agent's message before it: the request an
        # answer to the agent's question continues is the latest of them that asks.
        before: list[tuple[str, str]] = []
        for i, (events, end, turn_previous) in enumerate(turns):
            if self._calls_tool(events):
                # The agent lists what the tool returned and asks the user to choose ("Which
                # of these times?"): the turns that answer it, and call the tool no more,
                # continue this one, and what they pass on of its results is its evidence.
                for following, following_end, asked in turns[i + 1 :]:
                    if self._calls_tool(following) or not _answers(following, asked):
                        break
                    events, end = events + following, following_end
            self._turn(trace, events, "\n".join(said[:end]), turn_previous, before)
            before.append((_user_text(turns[i][0]), turn_previous))

    def _calls_tool(self, events: list[Event]) -> bool:
        return any(e.kind == "call" and e.tool == self.tool for e in events)

    def _turn(
        self,
        trace: Trace,
        events: list[Event],
        said: str,
        previous: str = "",
        before: list[tuple[str, str]] | None = None,
    ) -> None:
        tool = self.tool
        if not self._calls_tool(events):
            return
        question = _user_text(events)
        if not question:
            return
        kind = classify_turn(question, previous=previous)
        continued = False
        if not is_query(kind):
            # A customer-service agent asks for what it needs first ("What's the email on
            # the order?") and calls the tool after the answer: that turn serves the
            # request the answer continues, the latest earlier turn that asked. A tool that
            # writes answers no information question: its call serves the latest request
            # whose agent's ask is still open (the ask after that request's turn solicits),
            # though questions came between, each answered in its own turn.
            turns = before or []

            def pending(i: int) -> bool:
                ask = turns[i + 1][1] if i + 1 < len(turns) else previous
                return agent_context(ask) == "solicit"

            writes = self.kinds.kind(tool, trace.tool_hints) == WRITE
            asked = request_answered(kind, turns, _earlier_kind, pending if writes else None)
            if asked is None:
                self.unasked[kind] += 1
                return  # an answer to nothing asked, a confirmation or a greeting
            question, continued = asked[0], True
        conv = self.conv_ids.setdefault((trace.file, trace.trace_id), len(self.conv_ids))
        sort_key = (trace.file, trace.trace_id, events[0].turn)
        said_results = None  # the turn's results, for the small numbers a question says
        if any(c.isdigit() for c in question):
            said_results = "\n".join(e.text for e in events if e.kind == "result" and e.text)
            said_results = said_results.lower()
        acc = self.questions.setdefault(question_key(question, said_results), _QAcc())
        if not (continued and conv in acc.convs):  # a request is asked once, however long
            acc.count += 1
            acc.texts[question] += 1
        acc.convs.add(conv)
        # Results so far in the turn: the tool's as an index, others as text (as metrics does).
        earlier: list[tuple[Event, _Quotes | None]] = []
        results: list[_Quotes] = []
        unknown = False  # a result of the tool we could not read: absence proves nothing
        answers: list[str] = []
        hedged = False  # an answer hedged about the task's facts (find_hedges)
        read = ResultsRead()  # the results an answer is read after (a softener restates)
        for ev in events:
            if ev.kind == "result":
                read.add(ev.text)
                q = None
                if ev.tool == tool:
                    q = None if ev.is_error else self._quotes(ev)
                    if q is None:
                        unknown = True
                    else:
                        results.append(q)
                        self.tool_paths |= {paths.generalise_instances(p) for p in q.seen}
                earlier.append((ev, q))
            elif ev.kind == "call" and ev.args is not None and results:
                # A value passed to a tool that writes is the ordinary use of an id (a
                # return of the item ids an order listed): the question needs the value,
                # not a readable name for it, as a lookup's would.
                to_write = (
                    ev.tool is not None and self.kinds.kind(ev.tool, trace.tool_hints) == WRITE
                )
                passed = "action" if to_write else "followup"
                for _arg, value, path in _passed(ev, earlier, said, tool):
                    path = paths.generalise_instances(path)
                    ev_acc = acc.evidence.setdefault((path, passed), _EvAcc())
                    ev_acc.add(conv, sort_key, value, ev.tool or "?")
            elif ev.kind == "message" and ev.role == "user" and ev.text:
                # What the user asked decides some hedges, as in the trace analysis
                # (find_hedges' user: the last user message's words before the text).
                read.user = user_words(ev.text)
            elif ev.kind == "message" and ev.role == "assistant" and ev.text:
                if results:
                    answers.append(ev.text)
                    hedged = hedged or bool(
                        find_hedges(
                            self.lexicon,
                            ev.text,
                            read.latest,
                            other_results=read.others(),
                            user=read.user,
                        )
                    )
                read.wrote()
        answer = "\n".join(answers)
        numbers = frozenset[str]()
        if results and answer:
            numbers = said_numbers(
                "\n".join(
                    e.text for e in events if e.role == "user" and e.kind == "message" and e.text
                )
            )
        for q in results:
            for path, example, precision in quoted(q, answer, question, numbers):
                path = paths.generalise_instances(path)
                ev_acc = acc.evidence.setdefault((path, "quoted"), _EvAcc())
                ev_acc.add(conv, sort_key, example, "")
                if precision is not None and _PRECISION_RANK[precision] > _PRECISION_RANK.get(
                    ev_acc.precision or "", -1
                ):
                    ev_acc.precision = precision
        if results and not unknown and hedged:
            seen = frozenset(paths.generalise_instances(p) for q in results for p in q.seen)
            acc.hedged.append((seen, conv, sort_key, question))


def _user_text(events: list[Event]) -> str:
    """The user's words in the message that opens a turn, without the harness's wrapping
    (:func:`~projeval.traces.wrappers.user_words`; empty when it has none)."""
    text = next((e.text for e in events if e.role == "user" and e.kind == "message" and e.text), "")
    return user_words(text) if text else ""


def _answers(events: list[Event], asked: str) -> bool:
    """Whether a turn's user text answers the agent's message before it, ``asked``."""
    text = _user_text(events)
    return bool(text) and classify_turn(text, previous=asked) == "answer"


def _earlier_kind(turn: tuple[str, str]) -> str:
    """The class of an earlier turn, ``(user text, the agent's message before it)``."""
    text, previous = turn
    return classify_turn(text, previous=previous) if text else "other"


def _passed(
    call: Event, earlier: list[tuple[Event, _Quotes | None]], said: str, tool: str
) -> list[tuple[str, str, str]]:
    """``(argument, value, source path)`` for arguments first seen in a result of ``tool``.

    The rule of :mod:`projeval.traces.metrics`: the first earlier result that
    holds the value is its source; a value the user or system said is none, and neither
    the model's own text nor its notes pass anything on.
    """
    if notes_call(call.tool, call.args):
        return []  # the agent's plan or to-do list: the harness's plumbing, no use of a field
    out = []
    said_lower = said.lower()
    # A think tool's thought, an ``answer`` argument: the model's own text, which names what
    # it read but hands it to no tool.
    for argument, candidates in without_model_text(call.tool, lookup_plan(call.args)):
        for cand in candidates:
            if user_said(cand, said, said_lower):
                continue  # the user said it first (in any spelling)
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
                if is_code(value) and q.places(value.lower()) != 1:
                    # A short code counts where it sits at one place of the result, as the
                    # trace analysis credits it: "UPS" beside "UPS Ground" is at two.
                    return ev.tool or "", None
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
    words = drift.words(spaced)
    # A word saying which one, not what ("last" of last_name and last_four): the question
    # "... from my last order ...?" hedged about a restock asks for neither (tau59 hand-09).
    return words - _WHICH_WORDS or words


#: Words of a key that pick an instance or an order, not the thing a question names.
_WHICH_WORDS = frozenset(("last", "first", "next", "previous", "current", "new", "old", "latest"))


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


#: Words a request opens with that say nothing of what it asks ("Hello! I'd like to ...").
_GREETINGS = frozenset(("hello", "hi", "hey", "greetings"))


#: Chinese greetings and openings that say nothing of what a request asks.
_ZH_GREETINGS = frozenset(("你好", "您好", "嗨", "哈喽", "在吗", "你好呀", "您好呀"))
_ZH_OPENINGS = ("请问", "麻烦你", "麻烦", "请", "我想", "我要", "想")
_ZH_RUN = re.compile(r"[\u4e00-\u9fff]+")
#: Characters of Chinese a question id keeps.
_ZH_ID_CHARS = 12


def _zh_slug(text: str) -> str:
    """A Chinese question's id: its runs of characters less greetings, the opening "请问"
    or "我想" and the numbers between them (ids, dates): ``查一下我的订单什么时候到``, not the
    greeting ``你好`` every customer opens with."""
    kept: list[str] = []
    size = 0
    for run in _ZH_RUN.findall(text):
        if run in _ZH_GREETINGS or (len(run) < 2 and kept):
            continue
        if not kept:
            for opening in _ZH_OPENINGS:
                if run.startswith(opening) and len(run) > len(opening) + 1:
                    run = run[len(opening) :]
                    break
        run = run[: _ZH_ID_CHARS - size]
        if run:
            kept.append(run)
            size += len(run)
        if size >= _ZH_ID_CHARS:
            break
    return "-".join(kept)


def slug(text: str) -> str:
    """A question id from its content words: ``breach-sla-next-four-hours``; a greeting and
    the "like" of "I'd like to" are left out (``submit-new-claim``, not
    ``hello-like-submit-new``). A Chinese question keeps its characters (:func:`_zh_slug`)."""
    if _ZH_RUN.search(text):
        zh = _zh_slug(text)
        if zh:
            return zh
    content = drift.words(text)
    kept = []
    before = ""
    for w in re.findall(r"[^\W_]+", text.lower()):
        singular = w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
        wanted = w not in _GREETINGS and not (w == "like" and before in ("would", "d"))
        before = w
        if wanted and (w in content or singular in content) and not w.isdigit() and w not in kept:
            kept.append(w)
    return "-".join(kept[:5]) or "question"


#: Word 3-grams asked in at least this share of the conversations (and in
#: ``SHARED_MIN`` of them, in as many distinct questions) are shared text, not a question.
SHARED_SHARE = 0.2
SHARED_MIN = 3
#: Words a question keeps without its shared text for the rest to be compared alone.
_RESIDUE_WORDS = 3
_WORDS = re.compile(r"[^\W_]+|#")


def _word_grams(text: str) -> set[tuple[str, ...]]:
    w = _WORDS.findall(text)
    return {tuple(w[i : i + 3]) for i in range(len(w) - 2)}


def shared_phrases(keys: Sequence[str], convs: Sequence[set[int]]) -> set[tuple[str, ...]]:
    """Word 3-grams that many users' questions share (a greeting, a simulated user's stock
    sentence): in ``SHARED_SHARE`` of all conversations, and in ``SHARED_MIN`` distinct
    questions and conversations at least."""
    total = len(set().union(*convs)) if convs else 0
    need = max(SHARED_MIN, math.ceil(SHARED_SHARE * total))
    seen: dict[tuple[str, ...], set[int]] = {}
    keys_with: Counter[tuple[str, ...]] = Counter()
    for key, cs in zip(keys, convs, strict=True):
        for gram in _word_grams(key):
            seen.setdefault(gram, set()).update(cs)
            keys_with[gram] += 1
    return {g for g, cs in seen.items() if len(cs) >= need and keys_with[g] >= SHARED_MIN}


def _opening_text(leaders: Sequence[str]) -> set[tuple[str, ...]]:
    """Word 3-grams in more than half of ``leaders`` (``SHARED_MIN`` at least): text they
    all open with, which tells none of them apart."""
    counts: Counter[tuple[str, ...]] = Counter(g for k in leaders for g in _word_grams(k))
    need = max(SHARED_MIN, len(leaders) // 2 + 1)
    return {g for g, n in counts.items() if n >= need}


def residue(text: str, shared: set[tuple[str, ...]]) -> str:
    """``text`` without the words of its shared 3-grams."""
    w = _WORDS.findall(text)
    drop: set[int] = set()
    for i in range(len(w) - 2):
        if tuple(w[i : i + 3]) in shared:
            drop.update((i, i + 1, i + 2))
    return " ".join(x for i, x in enumerate(w) if i not in drop)


def cluster(
    items: Sequence[tuple[str, int]], threshold: float, residues: Sequence[str] | None = None
) -> list[list[int]]:
    """Leader clustering of ``(text, count)``: indices of each group, leader first.

    Items are visited most frequent first (then by text); each joins the group
    whose leader it is most similar to, at or above ``threshold`` (ties: the
    older group), else starts one. Deterministic, and O(items x groups).
    With ``residues`` (each text without the text many users share, see
    :func:`shared_phrases`), two texts whose residues both keep a few words are
    compared by their residues: a shared greeting does not make them one question.
    """
    order = sorted(range(len(items)), key=lambda i: (-items[i][1], items[i][0]))
    groups: list[list[int]] = []

    def alike(i: int, j: int) -> float:
        if residues is not None:
            a, b = residues[i], residues[j]
            if len(a.split()) >= _RESIDUE_WORDS and len(b.split()) >= _RESIDUE_WORDS:
                return drift.similarity(a, b)
        return drift.similarity(items[i][0], items[j][0])

    for i in order:
        best, best_score = -1, -1.0
        for g, members in enumerate(groups):
            score = alike(i, members[0])
            if score > best_score:
                best, best_score = g, score
        if best >= 0 and best_score >= threshold:
            groups[best].append(i)
        else:
            groups.append([i])
    return groups


def group_questions(
    keys: Sequence[str], convs: Sequence[set[int]], threshold: float
) -> list[list[int]]:
    """Groups of the distinct questions ``keys`` (asked in ``convs``) by :func:`cluster`,
    with the text many conversations share (:func:`shared_phrases`) left out of the
    comparison where both texts keep a few words without it (:func:`residue`): first
    over all the questions, then within each group of ``SHARED_MIN`` or more, by the
    text its own conversations share, until no group parts.

    Within a group the rule is the one over the corpus: a phrase in a fifth of the
    group's conversations, in as many distinct questions, is not what they ask, so the
    group holds only where what is left agrees too. One benchmark's task template
    (``Write a python function to ... assert ...``: 16% of a corpus mixing benchmarks,
    under the corpus's share) is in every conversation of the group it makes of its
    different tasks, so that group parts, as a corpus of that benchmark alone would never
    have grouped them. A question asked in several spellings stays one group: the text
    they share is the question itself, and what is left of its leader is too short to be
    compared alone. Groups only part, so this ends.
    """
    items = [(k, len(c)) for k, c in zip(keys, convs, strict=True)]

    def part(members: list[int], whole: bool = False) -> list[list[int]]:
        local = [keys[i] for i in members]
        shared = shared_phrases(local, [convs[i] for i in members])
        if not shared and not whole:
            return [members]  # nothing its conversations share: the group stands
        residues = [residue(k, shared) for k in local] if shared else None
        groups = cluster([items[i] for i in members], threshold, residues)
        return [[members[j] for j in g] for g in groups]

    done: list[list[int]] = []
    todo = part(list(range(len(keys))), whole=True)
    while todo:
        group = todo.pop()
        parts = part(group) if len(group) >= SHARED_MIN else [group]
        if len(parts) == 1:
            done.append(group)
        else:
            todo.extend(parts)
    # In cluster()'s order: the most asked leader first, then by text.
    return sorted(done, key=lambda g: (-items[g[0]][1], items[g[0]][0]))


@dataclass(frozen=True)
class MineSettings:
    """What mining one partition needs; picklable, so a shard process or a Dask worker
    gets the same."""

    tool: str
    languages: tuple[str, ...]
    hedges: tuple[str, ...]
    max_json_bytes: int = DEFAULT_MAX_JSON_BYTES
    #: ``(tool, reads)`` from the suites' tools and ``tools`` files: whether a tool writes.
    tool_hints: tuple[tuple[str, bool], ...] = ()


#: Engines :func:`mine_questions` runs on (those of the trace analysis).
ENGINES = ("local", "dask")


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
    engine: str = "local",
    address: str | None = None,
    tools: Iterable[str | Path] = (),
) -> MinedSuite:
    """Mine the traces for the questions that led to calls of ``tool``, with their needs.

    ``suites`` (loaded suites or suite files) are references: their questions
    are evidence for hedged answers and their field names are reused. Whether the mined
    tool writes (which request an answer's call serves) comes from a trace's own hints,
    then the suites' tools files and ``tools`` files (``readOnlyHint``, as
    :func:`~projeval.traces.analyse_traces` reads them), else the verb in its name.

    The traces are read partition by partition, as the trace analysis reads
    them (:mod:`projeval.traces.partitions`), with :func:`mine_partition` as
    the task. ``engine="local"``: ``workers`` (default: the number of cores)
    forked processes share a large JSON Lines file, cut where the trace analysis
    cuts it. ``engine="dask"``: every partition is a task on the Dask cluster
    the trace analysis would use (``address``, the environment, else a local
    cluster of ``workers`` processes; see :mod:`projeval.traces.distributed`).
    The result depends on neither. Raises :class:`MiningError` when no user
    question led to a call of ``tool``, and :class:`~projeval.errors.TraceError`
    for a file that cannot be read or an unknown engine.
    """
    if engine not in ENGINES:
        raise TraceError(f"unknown engine {engine!r}.", fix=f"use one of: {', '.join(ENGINES)}")
    if isinstance(trace_paths, str | Path):
        trace_paths = [trace_paths]
    trace_paths = list(trace_paths)
    refs = []
    for s in suites:
        if isinstance(s, str | Path):
            from ..suites import load_suite

            s = load_suite(s)
        refs.append(s)
    hints: dict[str, bool] = {}
    for s in refs:  # any suite's tools file says which tools write, then the ones given
        hints.update(tool_hints(suite_tool_defs(s)))
    for path in tools:
        hints.update(tool_hints(read_tools_file(path)))
    refs = [s for s in refs if s.tool == tool]  # another tool's questions are no evidence
    extra = [h for s in refs for h in getattr(s, "hedges", ())] + list(hedges)
    settings = MineSettings(
        tool, tuple(languages), tuple(extra), max_json_bytes, tuple(sorted(hints.items()))
    )
    miner = _Miner(tool, settings.languages, settings.hedges, settings.tool_hints)
    if engine == "dask":
        n_files = _mine_on_dask(miner, trace_paths, format, settings, address, workers)
    else:
        files = [f for f in expand_paths(trace_paths) if not _is_parquet(f)]
        _mine_here(miner, files, format, settings, workers)
        n_files = len(files)
    if miner.unread and len(miner.unread) >= n_files:
        # No file could be read at all: that file's error, as the trace analysis gives it.
        file, message, position, fix = miner.unread[0]
        raise TraceError(message, file=file, position=position, fix=fix)
    if not miner.questions:
        where = f"in {n_files} trace file(s)"
        if miner.tool_calls and miner.unasked:
            # The turns are there, but none reads as a question or a request: say how they read.
            classes = ", ".join(f"{k} {n}" for k, n in sorted(miner.unasked.items()))
            turns = sum(miner.unasked.values())
            raise MiningError(
                f"tool {tool!r} is called {_times(miner.tool_calls)} {where}, but never after "
                f"a user question or request: the {turns} user turn(s) before its calls read "
                f"as {classes}.",
                fix="mining drafts only what users ask (questions and requests); "
                "`projeval traces --format json` gives each turn's class ('kind') under 'turns'",
            )
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
    return _assemble(miner, refs, threshold, min_support, n_files)


def _is_parquet(path: str | Path) -> bool:
    # Parquet event tables (the Dask engine's output) hold no raw conversations to mine.
    return Path(path).suffix.lower() == ".parquet"


def mine_partition(part: Partition, settings: MineSettings) -> _Miner:
    """Mine one partition (a whole file, or a byte range of a JSON Lines file): the task
    both engines run, where the partition's file is."""
    miner = _Miner(settings.tool, settings.languages, settings.hedges, settings.tool_hints)
    _add_partition(miner, part, settings)
    return miner


def _add_partition(miner: _Miner, part: Partition, settings: MineSettings) -> None:
    if part.whole:
        try:
            opened = open_file(
                part.path, format=part.format, max_json_bytes=settings.max_json_bytes
            )
        except TraceError as exc:  # in no format a reader knows: the other files are mined
            miner.unread.append((part.path, exc.message, exc.position, exc.fix))
            return
        items: Iterable[Trace | Problem] = opened.items
    else:
        assert part.format is not None and part.end is not None
        # The planner numbered the lines (number_lines), so first_line is known.
        lines = range_lines(part.path, part.start, part.end)
        records = read_lines(lines, part.path, first=part.first_line or 1)
        items = parse_records(make_parser(part.format, part.path), records)
    for item in items:
        if isinstance(item, Problem):
            miner.skipped.append(item)
        else:
            miner.add_trace(item)


def _mine_here(
    miner: _Miner,
    files: list[Path],
    format: str | None,
    settings: MineSettings,
    workers: int | None,
) -> None:
    """The local engine: every file in turn; a large JSON Lines file in partitions, one
    forked process each (the trace analysis's planner and fork pool)."""
    from ..traces import cuts, shards

    n = max(1, workers if workers is not None else os.cpu_count() or 1)
    for path in files:
        parts = [Partition(str(path), format)]
        if cuts.shardable(path, n):
            try:
                fmt = format or open_file(path, max_json_bytes=settings.max_json_bytes).format
            except TraceError:
                fmt = None  # reported as the whole file is read, below
            cut = cuts.plan(path, fmt, n) if fmt is not None else None
            if cut:
                parts = [Partition(str(path), fmt, s.start, s.end, s.first_line) for s in cut]
        if len(parts) == 1:
            _add_partition(miner, parts[0], settings)
            continue
        with shards.fork_pool(n) as pool:
            futures = [pool.submit(mine_partition, part, settings) for part in parts]
            for f in futures:  # in file order, so conversation numbers follow the file
                miner.absorb(f.result())


def _mine_on_dask(
    miner: _Miner,
    paths: list[str | Path],
    format: str | None,
    settings: MineSettings,
    address: str | None,
    workers: int | None,
) -> int:
    """The Dask engine: the trace analysis's runner with :func:`mine_partition` as the
    task; the partitions' miners are absorbed file by file, in file order. Returns the
    number of files read."""
    from ..traces import distributed

    files: list[str] = []

    def absorb(path: str, results: list[Any]) -> None:
        files.append(path)
        for part in results:
            miner.absorb(part)

    with distributed.connect(distributed.scheduler_address(address), workers) as client:
        distributed.map_partitions(
            client,
            paths,
            format,
            mine_partition,
            settings,
            absorb,
            max_json_bytes=settings.max_json_bytes,
            label="mining",
            number_lines=True,
            keep=lambda path: not _is_parquet(path),
        )
    return len(files)


def _assemble(
    miner: _Miner, refs: list[Any], threshold: float, min_support: float, n_files: int
) -> MinedSuite:
    keys = sorted(miner.questions)
    accs = [miner.questions[k] for k in keys]
    # A key's text is its most frequent spelling (ties: the smallest), whatever the order read.
    reps = [min(a.texts.items(), key=lambda kv: (-kv[1], kv[0]))[0] for a in accs]
    # Grouped by their keys: ids and numbers say which ticket, not what is asked.
    groups = group_questions(keys, [a.convs for a in accs], threshold)
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
        # The weight counts conversations: one user asking three times is one user.
        drafts.append((leader, len(convs), len(convs), examples, needs, match, members_))
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
            suffix = 2
            while name in taken:
                name, suffix = f"{base}_{suffix}", suffix + 1
            taken.add(name)
            names[n.path] = name
    questions = []
    ids: set[str] = set()
    # The text most leaders share (a simulated user's opening sentence) names none of them:
    # each id is made from what is left of its leader, when a few words are.
    shared = _opening_text([question_key(d[0]) for d in drafts])
    for leader, weight, nconv, examples, needs, match, spellings in sorted(
        drafts, key=lambda d: (-d[1], d[0])
    ):
        key = question_key(leader)
        rest = residue(key, shared) if shared else key
        base = slug(rest) if len(rest.split()) >= _RESIDUE_WORDS else "question"
        qid = unique_id(base if base != "question" else slug(key), ids)  # not what is asked
        named = named_needs(needs, names)
        questions.append(
            MinedQuestion(
                qid,
                leader,
                weight,
                nconv,
                examples[:MAX_EXAMPLES],
                named,
                members=spellings,
                match=match,
            )
        )
    used = {n.field: suite_path(n.path) for q in questions for n in q.needs}
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
        unread=tuple(
            f"{file}: {message.rstrip('.')}" + (f". Fix: {fix}" if fix else "")
            for file, message, _, fix in miner.unread
        ),
        skipped=tuple(
            f"{p.file}" + (f":{p.line}" if p.line is not None else "") + f": {p.reason}"
            for p in miner.skipped
        ),
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
