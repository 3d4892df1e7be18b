"""Per-trace metrics: tokens, billed input, duplicates, follow-up lookups, hedges, turns.

A *follow-up lookup* is a tool call whose arguments hold a value that first
appeared in an earlier tool result of the same trace: the agent had to call
again because the result gave it a handle instead of the fact. The producing
result's JSON path is kept with list indices generalised to ``[]`` (and the
keys of id-keyed maps to ``*``), so it can be matched against a suite's field
dictionary. Short and common values (under 4 characters, booleans, integers
under 1000, floats, words like ``open``) are ignored: they recur by chance.

*Billed input* is what the conversation costs when every model call re-sends
everything so far: the sum, over model calls, of the tokens of all messages
before that call. Counts are of content only (per-message framing and tool
definitions vary by provider and are left out); the recorded usage sits
beside it where the trace has one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from evaluator.tokens import count_many
from evaluator.traces.events import Event, Trace, canonical_args
from evaluator.traces.hedges import Lexicon
from evaluator.traces.values import ResultIndex, arg_leaves, first_source, worth

_ARGS_CACHE_MAX = 20_000
_SPLIT = re.compile(r"[\s,;:=()\"'<>\[\]{}|]+")


class TokenCache:
    """Token counts by text, so each distinct text is tokenized once.

    Keyed by ``(hash, length)`` rather than by the text, so the cache does not
    keep every text of a large corpus alive.
    """

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding
        self.counts: dict[tuple[int, int], int] = {}

    @staticmethod
    def key(text: str) -> tuple[int, int]:
        """The cache key of ``text``."""
        return hash(text), len(text)

    def claim(self, texts: Iterable[str]) -> list[str]:
        """The distinct texts not counted yet; they are marked as in flight."""
        out: list[str] = []
        counts = self.counts
        for text in texts:
            k = (hash(text), len(text))
            if k not in counts:
                counts[k] = -1
                out.append(text)
        return out

    def fill(self, texts: list[str], counts: list[int]) -> None:
        """Store the counts of texts returned by :meth:`claim`."""
        for text, n in zip(texts, counts, strict=True):
            self.counts[(hash(text), len(text))] = n

    def count(self, texts: list[str]) -> list[int]:
        """Counts of ``texts``, tokenizing the new ones now (single-threaded path)."""
        new = self.claim(texts)
        if new:
            self.fill(new, count_many(new, self.encoding))
        return [self.counts[(hash(t), len(t))] for t in texts]

    def get(self, text: str) -> int:
        """The count of a text already filled."""
        return self.counts[(hash(text), len(text))]


def event_texts(ev: Event) -> Iterator[str]:
    """The texts an event puts into the prompt: its text, or a call's name and arguments."""
    if ev.kind == "call":
        if ev.tool:
            yield ev.tool
        if ev.args_raw:
            yield ev.args_raw
    elif ev.text:
        yield ev.text


@dataclass(slots=True)
class TraceMetrics:
    """Everything measured on one trace, as rows for the result tables."""

    summary: dict[str, Any]
    calls: list[tuple[Any, ...]] = field(default_factory=list)
    followups: list[tuple[Any, ...]] = field(default_factory=list)
    hedges: list[tuple[Any, ...]] = field(default_factory=list)
    turns: list[tuple[Any, ...]] = field(default_factory=list)
    result_paths: dict[str, set[str]] = field(default_factory=dict)


CALL_COLUMNS = (
    "file",
    "trace_id",
    "seq",
    "msg",
    "turn",
    "tool",
    "call_id",
    "args_raw",
    "args_canonical",
    "result_seq",
    "is_error",
    "result_tokens",
    "duplicate_of",
    "followup",
)
FOLLOWUP_COLUMNS = (
    "file",
    "trace_id",
    "seq",
    "turn",
    "tool",
    "argument",
    "value",
    "source_seq",
    "source_tool",
    "source_call_id",
    "source_path",
    "duplicate",
)
HEDGE_COLUMNS = (
    "file",
    "trace_id",
    "seq",
    "turn",
    "phrase",
    "language",
    "match",
    "start",
    "end",
    "context",
)
TURN_COLUMNS = ("file", "trace_id", "turn", "question", "calls", "followups", "hedges", "answer")
#: Per-trace summary. ``turns`` counts user questions (an MCP log has none);
#: ``model_calls`` counts assistant messages (parallel calls are one);
#: ``duplicates`` calls repeat an earlier call's tool and canonical arguments;
#: ``followups`` counts follow-up calls; ``followup_turns`` / ``hedged_turns``
#: are turns with at least one follow-up call / hedged assistant text, and
#: ``flagged_turns`` turns with either; ``unanswered_calls`` and
#: ``orphan_results`` are calls without a result and results without a call;
#: ``billed_input_tokens`` is ``None`` when the trace records no conversation;
#: ``recorded_*`` sum the usage the trace recorded, over ``recorded_model_calls``
#: model calls (Anthropic input includes cache reads and writes).
SUMMARY_COLUMNS = (
    "file",
    "format",
    "trace_id",
    "line",
    "events",
    "messages",
    "turns",
    "model_calls",
    "calls",
    "results",
    "errors",
    "unanswered_calls",
    "orphan_results",
    "duplicates",
    "followups",
    "followup_turns",
    "hedges",
    "hedged_turns",
    "flagged_turns",
    "result_tokens",
    "billed_input_tokens",
    "recorded_input_tokens",
    "recorded_output_tokens",
    "recorded_cache_read_tokens",
    "recorded_cache_creation_tokens",
    "recorded_model_calls",
)


class TraceAnalyser:
    """Measures finished traces whose event tokens are known."""

    def __init__(self, tokens: TokenCache, lexicon: Lexicon, tools: Iterable[str] = ()) -> None:
        self.tokens = tokens
        self.lexicon = lexicon
        self.tools = frozenset(tools)  # tools with a suite: remember their result paths
        self.leaf_index = ResultIndex()
        self._canonical: dict[str, str | None] = {}  # by raw arguments: calls repeat
        # False: leave TraceMetrics.calls empty (a summary-mode run keeps no call rows).
        self.keep_calls = True

    def measure(self, trace: Trace) -> TraceMetrics:
        """All metrics of one trace; also fills each event's ``tokens`` and ``context_tokens``."""
        events = trace.events
        counts = self.tokens.counts
        for ev in events:  # event_texts inlined: this runs once per event of the corpus
            if ev.kind == "call":
                n = 0
                if ev.tool:
                    n = counts[(hash(ev.tool), len(ev.tool))]
                if ev.args_raw:
                    n += counts[(hash(ev.args_raw), len(ev.args_raw))]
                ev.tokens = n
            elif ev.text:
                ev.tokens = counts[(hash(ev.text), len(ev.text))]
        billed, model_calls = self._billing(events)
        m = TraceMetrics(summary={})
        followup_calls, dup_count = self._calls(trace, m)
        hedged_seqs = self._hedges(trace, m)
        self._turns(trace, m, followup_calls, hedged_seqs)
        self._summary(trace, m, billed, model_calls, followup_calls, dup_count, hedged_seqs)
        return m

    def _canonical_args(self, ev: Event) -> str | None:
        raw = ev.args_raw
        if raw is None or ev.args is None:
            return canonical_args(ev)
        cached = self._canonical.get(raw)
        if cached is None:
            if len(self._canonical) >= _ARGS_CACHE_MAX:
                self._canonical.clear()
            cached = self._canonical[raw] = canonical_args(ev)
        return cached

    @staticmethod
    def _billing(events: list[Event]) -> tuple[int | None, int]:
        if not any(e.kind == "message" and e.text is not None for e in events):
            return None, 0  # no conversation recorded (an MCP log): nothing to bill
        before = 0  # tokens of all source messages before the current one
        current, current_tokens = None, 0
        billed = calls = 0
        for ev in events:
            if ev.msg != current:
                before += current_tokens
                current, current_tokens = ev.msg, 0
                if ev.role == "assistant":
                    ev.context_tokens = before
                    billed += before
                    calls += 1
            current_tokens += ev.tokens
        return billed, calls

    def _calls(self, trace: Trace, m: TraceMetrics) -> tuple[set[int], int]:
        events = trace.events
        # Earlier results in order, with their value index (None: not JSON, matched as text).
        earlier: list[tuple[Event, dict[str, str] | None]] = []
        known_text: list[str] = []  # what the user and system said: not a tool's handle
        first_call: dict[tuple[str | None, str | None], int] = {}
        followup_calls: set[int] = set()
        dup_count = 0
        said, said_parts = "", 0
        for ev in events:
            if ev.kind == "message":
                if ev.role in ("user", "system") and ev.text:
                    known_text.append(ev.text)
            elif ev.kind == "result":
                built = self.leaf_index.of(ev)
                if built is None:
                    if ev.text:
                        earlier.append((ev, None))
                    continue
                where, seen = built
                if ev.tool in self.tools:
                    m.result_paths.setdefault(ev.tool, set()).update(seen)
                earlier.append((ev, where))
            elif ev.kind == "call":
                canon = self._canonical_args(ev)
                key = (ev.tool, canon)
                dup_of = first_call.get(key)
                if dup_of is None:
                    first_call[key] = ev.seq
                else:
                    dup_count += 1
                if len(known_text) != said_parts:
                    said, said_parts = "\n".join(known_text), len(known_text)
                hits = list(self._followups(ev, earlier, said))
                for argument, value, src in hits:
                    m.followups.append(
                        (
                            trace.file,
                            trace.trace_id,
                            ev.seq,
                            ev.turn,
                            ev.tool,
                            argument,
                            value,
                            src[0],
                            src[1],
                            src[3],
                            src[2],
                            dup_of is not None,
                        )
                    )
                if hits:
                    followup_calls.add(ev.seq)
                if not self.keep_calls:
                    continue
                result = events[ev.link] if ev.link is not None else None
                m.calls.append(
                    (
                        trace.file,
                        trace.trace_id,
                        ev.seq,
                        ev.msg,
                        ev.turn,
                        ev.tool,
                        ev.call_id,
                        ev.args_raw,
                        canon,
                        ev.link,
                        result.is_error if result else None,
                        result.tokens if result else None,
                        dup_of,
                        bool(hits),
                    )
                )
        return followup_calls, dup_count

    @staticmethod
    def _followups(
        call: Event,
        earlier: list[tuple[Event, dict[str, str] | None]],
        said: str,
    ) -> Iterator[tuple[str, str, tuple[int, str | None, str | None, str | None]]]:
        if call.args is None or not earlier:
            return
        for argument, raw in arg_leaves(call.args):
            value = worth(raw)
            if value is None:
                continue
            candidates = [value]
            if isinstance(raw, str) and _SPLIT.search(value):
                candidates += [t for t in _SPLIT.split(value) if worth(t) is not None]
            for cand in candidates:
                if cand in said:
                    continue  # the user said it first
                src = first_source(cand, earlier)
                if src is not None:
                    yield argument, cand, src
                    break

    def _hedges(self, trace: Trace, m: TraceMetrics) -> set[int]:
        hedged: set[int] = set()
        for ev in trace.events:
            if ev.role != "assistant" or ev.kind != "message" or not ev.text:
                continue
            for h in self.lexicon.find(ev.text):
                hedged.add(ev.seq)
                m.hedges.append(
                    (
                        trace.file,
                        trace.trace_id,
                        ev.seq,
                        ev.turn,
                        h.phrase,
                        h.language,
                        h.match,
                        h.start,
                        h.end,
                        h.context,
                    )
                )
        return hedged

    @staticmethod
    def _turns(trace: Trace, m: TraceMetrics, followups: set[int], hedged: set[int]) -> None:
        by_turn: dict[int, list[Event]] = {}
        for ev in trace.events:
            if ev.turn > 0:
                by_turn.setdefault(ev.turn, []).append(ev)
        for turn, evs in by_turn.items():
            question = next(e.text for e in evs if e.role == "user" and e.kind == "message")
            answers = [
                e.text for e in evs if e.role == "assistant" and e.kind == "message" and e.text
            ]
            m.turns.append(
                (
                    trace.file,
                    trace.trace_id,
                    turn,
                    question or "",
                    sum(1 for e in evs if e.kind == "call"),
                    sum(1 for e in evs if e.seq in followups),
                    sum(1 for e in evs if e.seq in hedged),
                    answers[-1] if answers else None,
                )
            )

    @staticmethod
    def _summary(
        trace: Trace,
        m: TraceMetrics,
        billed: int | None,
        model_calls: int,
        followups: set[int],
        duplicates: int,
        hedged: set[int],
    ) -> None:
        events = trace.events
        calls = [e for e in events if e.kind == "call"]
        results = [e for e in events if e.kind == "result"]
        usages = [e.usage for e in events if e.usage is not None]

        def total(attr: str) -> int | None:
            vals = [getattr(u, attr) for u in usages if getattr(u, attr) is not None]
            return sum(vals) if vals else None

        followup_turns = {t[2] for t in m.turns if t[5] > 0}
        hedged_turns = {t[2] for t in m.turns if t[6] > 0}
        m.summary = {
            "file": trace.file,
            "format": trace.format,
            "trace_id": trace.trace_id,
            "line": trace.line,
            "events": len(events),
            "messages": sum(1 for e in events if e.kind == "message"),
            "turns": len(m.turns),
            "model_calls": model_calls,
            "calls": len(calls),
            "results": len(results),
            "errors": sum(1 for e in results if e.is_error),
            "unanswered_calls": sum(1 for e in calls if e.link is None),
            "orphan_results": sum(1 for e in results if e.link is None),
            "duplicates": duplicates,
            "followups": len(followups),
            "followup_turns": len(followup_turns),
            "hedges": len(m.hedges),
            "hedged_turns": len(hedged_turns),
            "flagged_turns": len(followup_turns | hedged_turns),
            "result_tokens": sum(e.tokens for e in results),
            "billed_input_tokens": billed,
            "recorded_input_tokens": total("input_total"),
            "recorded_output_tokens": total("output"),
            "recorded_cache_read_tokens": total("cache_read"),
            "recorded_cache_creation_tokens": total("cache_creation"),
            "recorded_model_calls": len(usages),
        }
