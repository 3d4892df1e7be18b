"""The measuring pipeline: traces in, result rows out, tokens counted beside it.

Traces are measured in batches. While the main thread parses and measures
one batch, worker threads count the new texts of the next one with tiktoken,
which releases the GIL while it encodes; every distinct text is counted once
(traces re-send whole histories). Only rows leave a batch, never trace
objects. In summary mode (``keep_events=False``) only one row per trace, per
user question and per hedge is kept, and follow-ups are tallied as they
stream past, so memory stays flat on a large corpus; a text no reported
number reads (an answer no later model call re-reads) is not even counted.

A :class:`Collector` is what one process accumulates; the shards of a large
file (:mod:`projeval.traces.shards`) each fill one and are merged into the
parent's.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import operator
import re
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import TraceError
from ..tokens import get_encoding, segment_counter
from . import drift as drift_mod
from .actions import ToolKinds
from .columns import SUMMARY
from .copies import copy_row
from .events import Problem, Trace, event_row
from .findings import FollowupTally
from .hedges import Lexicon, context_patterns
from .metrics import TokenCache, TraceAnalyser, unbilled_tail
from .turns import classify_turn

# A batch is measured once it holds this many traces or this many characters of new text
# (small enough that shards trade their token counts soon after making them).
BATCH_TRACES = 512
BATCH_CHARS = 1_000_000
# Allocations between two young-generation collections while traces are measured.
GC_YOUNG_THRESHOLD = 50_000

#: Names of the row lists a collector keeps.
#: ``claims``: ungrounded claims; ``suite_tools``: (file, trace id, tool) for each suite
#: tool a trace called, so drift is measured only against suites whose tool appears;
#: ``copies``: each trace's digest, so a trace two files hold is counted once (copies.py).
TABLES = (
    "summary",
    "events",
    "calls",
    "followups",
    "hedges",
    "turns",
    "drift",
    "claims",
    "suite_tools",
    "copies",
)


class FileInfo(NamedTuple):
    """One file read: its detected format, the traces in it and the problems found."""

    path: str
    format: str
    traces: int
    problems: int


@dataclass(frozen=True)
class Settings:
    """Everything a collector needs; picklable, so a shard process gets the same."""

    encoding: str
    keep_events: bool
    workers: int
    languages: tuple[str, ...]
    hedges: tuple[str, ...]
    suites: tuple[Any, ...] = ()
    max_json_bytes: int = 0
    threshold: float = drift_mod.DEFAULT_THRESHOLD
    #: ``(tool, readOnlyHint)`` from the tools files (see :mod:`projeval.traces.actions`).
    tool_hints: tuple[tuple[str, bool], ...] = ()
    #: ``(tool, text)`` of what the suites' and tools files' definitions state
    #: (:func:`~projeval.traces.actions.tool_statements`), which ground claims.
    tool_text: tuple[tuple[str, str], ...] = ()


#: Problems listed per file (or partition); the others are counted.
MAX_PROBLEMS_KEPT = 1000


@dataclass
class Collected:
    """What a collector has gathered (the part that crosses a process boundary)."""

    rows: dict[str, list[tuple[Any, ...]]] = field(default_factory=lambda: {k: [] for k in TABLES})
    problems: list[Problem] = field(default_factory=list)
    result_paths: dict[tuple[str, str], dict[str, set[str]]] = field(default_factory=dict)
    infos: list[FileInfo] = field(default_factory=list)
    #: The files no reader could read: ``(file, message, position, fix)`` of each one's
    #: error, raised as it is when no file at all could be read (see :func:`refuse_unread`).
    unread: list[tuple[str, str, str | None, str | None]] = field(default_factory=list)


#: The format a file no reader could read is listed with.
UNREAD = "unread"


def refuse_unread(out: Collected) -> None:
    """Raise the first file's error when no file could be read at all: a run of one bad
    file fails as that file's error, while one bad file among others is a problem. When
    several were given, the error says how many and names the others: it stops the run,
    so the problems that would name them are never printed."""
    if out.unread and len(out.unread) == len(out.infos):
        file, message, position, fix = out.unread[0]
        others = [Path(f).name for f, *_ in out.unread[1:]]
        if others:
            more = f" and {len(others) - 3:,} more" if len(others) > 3 else ""
            message = (
                f"{message.rstrip('.')}; no other file given could be read either "
                f"({', '.join(others[:3])}{more})."
            )
        raise TraceError(message, file=file, position=position, fix=fix)


class Collector:
    """Measures traces and keeps their rows; one per process."""

    def __init__(
        self, settings: Settings, cache: TokenCache | None = None, exchange: Any = None
    ) -> None:
        self.settings = settings
        # Trades token counts with peer processes (shards.CountExchange), or None.
        self.exchange = exchange
        lexicon = Lexicon.load(settings.languages, settings.hedges)
        get_encoding(settings.encoding)  # fail early on a bad name
        # Build the turn classifier's and the hedge contexts' patterns now (a tenth of a
        # second): the shard processes forked from this one after would each build them.
        classify_turn("?")
        context_patterns()
        self.cache = cache if cache is not None else TokenCache(settings.encoding)
        self.analyser = TraceAnalyser(
            self.cache,
            lexicon,
            tools=[s.tool for s in settings.suites],
            kinds=ToolKinds(settings.tool_hints),
            tool_text=settings.tool_text,
        )
        self.analyser.keep_events = settings.keep_events
        self.tally = FollowupTally(settings.suites)
        # Each user question is matched here, trace by trace: a pure function of the question.
        self.questions = drift_mod.candidates(settings.suites)
        self.out = Collected()
        self._pool: ThreadPoolExecutor | None = None

    def close(self) -> None:
        """Stop the token-counting threads."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def add_file(self, path: str | Path, fmt: str, items: Iterable[Trace | Problem]) -> None:
        """Measure every trace of one file's parse stream; record its problems."""
        n_traces, n_problems = self.run(items)
        if n_problems > MAX_PROBLEMS_KEPT:
            self.out.problems.append(
                Problem(
                    str(path),
                    None,
                    f"{n_problems - MAX_PROBLEMS_KEPT:,} more problems in this file are "
                    "counted, not listed",
                )
            )
        self.out.infos.append(FileInfo(str(path), fmt, n_traces, n_problems))

    def add_unread(self, path: str | Path, error: TraceError) -> None:
        """Record a file that no reader could read (its format unknown, no record of it
        readable): one problem naming it and the fix; the other files are still read."""
        line = int(error.position) if error.position and error.position.isdigit() else None
        reason = error.message.rstrip(".") + "; the file is not read"
        if error.fix:
            reason += f". Fix: {error.fix}"
        self.out.problems.append(Problem(str(path), line, reason))
        self.out.infos.append(FileInfo(str(path), UNREAD, 0, 1))
        self.out.unread.append((str(path), error.message, error.position, error.fix))

    def run(self, items: Iterable[Trace | Problem]) -> tuple[int, int]:
        """Measure a stream of traces (problems are kept); return both counts."""
        with fewer_collections():
            return self._run(items)

    def _run(self, items: Iterable[Trace | Problem]) -> tuple[int, int]:
        workers = self.settings.workers
        if workers > 1 and self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=workers)
        pending: tuple[list[Trace], list[str], list[Future[list[int]]]] | None = None
        n_traces = n_problems = 0
        batch: list[Trace] = []
        chars = 0

        every = self.settings.keep_events
        texts: list[str] = []  # the batch's new texts, claimed trace by trace

        def submit(batch: list[Trace], texts: list[str]) -> None:
            nonlocal pending
            futures: list[Future[list[int]]] = []
            if texts and self._pool is not None:
                # One chunk per thread (per-text tasks cost more than they save), dealt
                # round-robin so that long texts do not pile up in one chunk.
                enc = self.settings.encoding
                futures = [
                    self._pool.submit(count_texts, texts[i::workers], enc) for i in range(workers)
                ]
            elif texts:  # in this thread (tiktoken's batch encoder would start eight)
                counts = count_texts(texts, self.settings.encoding)
                self.cache.fill(texts, counts)
                if self.exchange is not None:
                    self.exchange.send(self.settings.encoding, texts, counts)
            if pending is not None:
                self._finish(*pending)
            pending = (batch, texts, futures)
            if self.exchange is not None:
                self.exchange.receive(self.cache)  # what peers counted need not be counted here

        for item in items:
            if isinstance(item, Problem):
                n_problems += 1
                if n_problems <= MAX_PROBLEMS_KEPT:  # beyond, counted only: memory stays flat
                    self.out.problems.append(item)
                continue
            n_traces += 1
            batch.append(item)
            new = claim_batch(self.cache, [item], every)
            texts.extend(new)
            chars += sum(map(len, new))
            if len(batch) >= BATCH_TRACES or chars >= BATCH_CHARS:
                submit(batch, texts)
                batch, texts, chars = [], [], 0
        if batch:
            submit(batch, texts)
        if pending is not None:
            self._finish(*pending)
        return n_traces, n_problems

    def _finish(
        self, batch: list[Trace], texts: list[str], futures: list[Future[list[int]]]
    ) -> None:
        if futures:
            counts = [0] * len(texts)
            for i, f in enumerate(futures):
                counts[i :: len(futures)] = f.result()
            self.cache.fill(texts, counts)
            if self.exchange is not None:
                self.exchange.send(self.settings.encoding, texts, counts)
        for trace in batch:
            self._measure(trace)

    def _measure(self, trace: Trace) -> None:
        m = self.analyser.measure(trace)
        rows = self.out.rows
        rows["summary"].append(_summary_row(m.summary))
        self.tally.add_trace(m.followups)
        rows["hedges"].extend(m.hedges)
        rows["claims"].extend(m.claims)
        rows["suite_tools"].extend((trace.file, trace.trace_id, t) for t in sorted(m.suite_tools))
        rows["copies"].append(copy_row(trace))
        if m.result_paths and (m.hedges or m.claims):
            # Only a hedged or unsupported answer asks which fields were seen.
            self.out.result_paths[(trace.file, trace.trace_id)] = m.result_paths
        if self.settings.keep_events:
            rows["calls"].extend(m.calls)
            rows["followups"].extend(m.followups)
            rows["turns"].extend(m.turns)
            rows["events"].extend(event_row(ev) for ev in trace.events)
        else:  # summary mode: per-call rows and answer texts are not kept
            rows["turns"].extend((*t[:-1], None) for t in m.turns)
        if self.questions:
            rows["drift"].extend(
                drift_mod.drift_rows(m.turns, self.questions, self.settings.threshold)
            )


_summary_row = operator.itemgetter(*SUMMARY.names)


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the cyclic garbage collector less often for the duration (restored after).

    Measuring allocates millions of short-lived containers (parsed records,
    events, rows) that hold no reference cycles; at the default threshold the
    collector would walk the young ones every 700 allocations, which cost
    about a twelfth of the run. Memory is still reclaimed by reference counting
    as it always is; cycles are still collected, only later.
    """
    young, *older = gc.get_threshold()
    if young == 0 or young >= GC_YOUNG_THRESHOLD:  # disabled, or already raised by the caller
        yield
        return
    gc.set_threshold(GC_YOUNG_THRESHOLD, *older)
    try:
        yield
    finally:
        gc.set_threshold(young, *older)


def claim_batch(cache: TokenCache, batch: list[Trace], every: bool = True) -> list[str]:
    """``cache.claim`` of the :func:`~projeval.traces.metrics.event_texts` of every event
    of a batch, in order (inlined: this runs once per event of the corpus). With
    ``every=False``, past each trace's last model call only results' texts
    (:func:`~projeval.traces.metrics.unbilled_tail`): no reported number reads
    the others' tokens."""
    counts = cache.counts
    out: list[str] = []
    for trace in batch:
        events = trace.events
        tail = len(events) if every else unbilled_tail(events)
        for i, ev in enumerate(events):
            if i >= tail and ev.kind != "result":
                continue
            if ev.kind == "call":
                texts: tuple[str | None, ...] = (ev.tool, ev.args_raw)
            else:
                texts = (ev.text,)
            for text in texts:
                if text:
                    key = (hash(text), len(text))
                    if key not in counts:
                        counts[key] = -1
                        out.append(text)
    return out


def count_texts(texts: list[str], encoding: str) -> list[int]:
    """Token counts of ``texts`` in this thread (tiktoken releases the GIL while encoding);
    JSON results reuse the counts of their repeated segments (:class:`SegmentCounter`)."""
    count = segment_counter(encoding).count
    return [count(t) for t in texts]


def sort_rows(collected: Collected) -> None:
    """Sort every table by file, trace id and position, and the problems by place."""
    for name, rows in collected.rows.items():
        rows.sort(key=_sort_key(name))
    collected.problems.sort(
        key=lambda p: (p.file, p.line if p.line is not None else -1, _by_position(p.reason))
    )


_DIGITS = re.compile(r"(\d+)")


def _by_position(reason: str) -> list[Any]:
    """A problem's reason with its numbers read as numbers ("item 2" before "item 10"):
    the problems of one record come in the order of the places they name. The parts
    alternate text and digits, so two keys compare text with text and number with number."""
    return [int(t) if i % 2 else t for i, t in enumerate(_DIGITS.split(reason))]


def _sort_key(name: str) -> Any:
    if name == "summary":
        return lambda r: (r[0], trace_order(r[2]))
    if name == "events":
        return lambda r: (r[0], trace_order(r[3]), r[4])
    if name == "hedges":
        return lambda r: (r[0], trace_order(r[1]), r[2], r[7])
    # stable: a call's arguments keep their order
    return lambda r: (r[0], trace_order(r[1]), r[2])


@functools.lru_cache(maxsize=65536)
def trace_order(trace_id: Any) -> tuple[Any, ...]:
    """A trace id's place in the tables: its numbers compared as numbers, so the traces
    named after their lines read ``rows.jsonl:2`` before ``rows.jsonl:10`` (and ``task 9``
    before ``task 10``); the id itself breaks ties (``t01`` and ``t1``)."""
    if not isinstance(trace_id, str):
        return ((), trace_id)
    parts = _DIGITS.split(trace_id)
    return (tuple(int(p) if i % 2 else p for i, p in enumerate(parts)), trace_id)
