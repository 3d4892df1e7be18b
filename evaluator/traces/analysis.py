"""``analyse_traces`` and the :class:`TraceAnalysis` it returns.

The work is done by :mod:`projeval.traces.pipeline` (parsing, measuring,
counting tokens beside it), one partition at a time
(:mod:`projeval.traces.partitions`): on this machine, with large JSON Lines
files in shards (:mod:`projeval.traces.shards`, one process per core), or on
a Dask cluster (:mod:`projeval.traces.distributed`). This module decides
which files go where, then turns the merged rows into DataFrames, findings
and the versioned JSON document.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import pandas as pd

from .. import progress
from ..errors import TraceError
from ..tokens import DEFAULT_ENCODING
from . import cuts, shards
from . import drift as drift_mod
from .actions import (
    given_tools_hints,
    read_tools_file,
    suite_tool_defs,
    tool_hints,
    tool_statements,
)
from .columns import (
    CALLS,
    CLAIMS,
    DOCUMENT_VERSION,
    DRIFT,
    DUPLICATES,
    FOLLOWUPS,
    HEDGES,
    PROBLEMS,
    STORED_TABLES,
    SUMMARY,
    TURNS,
    TURNS_DOCUMENT,
    Table,
)
from .copies import drop_copies
from .events import Problem, events_frame
from .findings import (
    Fanout,
    FieldFinding,
    FollowupTally,
    HedgedAnswer,
    UnsupportedAnswer,
    hedged_answers,
    unsupported_answers,
)
from .parsers import open_file
from .partitions import Partition, merge_file, open_partition
from .pipeline import (
    Collected,
    Collector,
    FileInfo,
    Settings,
    fewer_collections,
    refuse_unread,
    sort_rows,
)
from .readers import DEFAULT_MAX_JSON_BYTES, expand_paths
from .turns import TURN_CLASSES

#: Version of the document :meth:`TraceAnalysis.to_dict` returns (its history
#: is in columns.py, beside :func:`~.columns.upgrade_document`).
SCHEMA_VERSION = DOCUMENT_VERSION

# Summary columns summed over traces: the counts, always present, then the token totals
# a trace may lack (None when no trace has them).
_TOTAL_KEYS = SUMMARY.names[SUMMARY.index("events") : SUMMARY.index("billed_input_tokens")]
_OPTIONAL_TOTAL_KEYS = SUMMARY.names[
    SUMMARY.index("billed_input_tokens") : SUMMARY.index("recorded_model_calls")
]


@dataclass
class TraceAnalysis:
    """The result of :func:`analyse_traces`: tables as DataFrames, findings as objects."""

    encoding: str
    threshold: float
    files: list[FileInfo]
    suites: list[str]
    findings: list[FieldFinding]
    hedged_answers: list[HedgedAnswer]
    unsupported_answers: list[UnsupportedAnswer]
    _rows: dict[str, list[tuple[Any, ...]]] = field(repr=False)
    _problems: list[Problem] = field(repr=False)
    events_kept: bool = True
    #: The per-field aggregate of follow-ups, most calls first (see :class:`Fanout`).
    fanout: list[Fanout] = field(default_factory=list)
    #: Suites whose tool appears in the traces: drift is measured against these only.
    drift_suites: list[str] = field(default_factory=list)

    @cached_property
    def summary(self) -> pd.DataFrame:
        """One row per trace (see :data:`~.columns.SUMMARY`)."""
        return SUMMARY.frame(self._rows["summary"])

    @cached_property
    def events(self) -> pd.DataFrame:
        """One row per message, tool call and tool result (empty unless ``keep_events``)."""
        return events_frame(self._rows["events"])

    @cached_property
    def calls(self) -> pd.DataFrame:
        """One row per tool call, with its result, duplicate and follow-up flags."""
        return CALLS.frame(self._rows["calls"])

    @cached_property
    def followups(self) -> pd.DataFrame:
        """One row per (follow-up call, argument): the value and where it came from."""
        return FOLLOWUPS.frame(self._rows["followups"])

    @cached_property
    def hedges(self) -> pd.DataFrame:
        """One row per hedge phrase found in assistant text, with its context."""
        return HEDGES.frame(self._rows["hedges"])

    @cached_property
    def turns(self) -> pd.DataFrame:
        """One row per user turn: its class (``kind``), calls, follow-ups and hedges in its
        turn, the answer."""
        return TURNS.frame(self._rows["turns"])

    @cached_property
    def claims(self) -> pd.DataFrame:
        """One row per value an answer stated that no result, user or system text held."""
        return CLAIMS.frame(self._rows["claims"])

    @cached_property
    def turn_classes(self) -> dict[str, int]:
        """How many user turns of each class (:data:`~projeval.traces.turns.TURN_CLASSES`)."""
        counts = dict.fromkeys(TURN_CLASSES, 0)
        kind = TURNS.index("kind")
        for row in self._rows["turns"]:
            counts[row[kind]] = counts.get(row[kind], 0) + 1
        return counts

    @cached_property
    def drift(self) -> pd.DataFrame:
        """One row per user question: its nearest question-set question (empty without suites)."""
        return DRIFT.frame(self._rows["drift"])

    @property
    def uncovered(self) -> pd.DataFrame:
        """User questions that no question-set question covers."""
        d = self.drift
        return d[~d["covered"].astype(bool)].reset_index(drop=True)

    @cached_property
    def problems(self) -> pd.DataFrame:
        """Records skipped or repaired: file, line, reason."""
        return PROBLEMS.frame([tuple(p) for p in self._problems])

    @cached_property
    def totals(self) -> dict[str, Any]:
        """Sums over all traces; optional token totals are ``None`` when no trace has them."""
        rows = SUMMARY.records(self._rows["summary"])
        out: dict[str, Any] = {
            "files": len(self.files),
            "traces": len(rows),
            "problems": len(self._problems),
        }
        for key in _TOTAL_KEYS:
            out[key] = sum(r[key] for r in rows)
        for key in _OPTIONAL_TOTAL_KEYS:
            vals = [r[key] for r in rows if r[key] is not None]
            out[key] = sum(vals) if vals else None
        at = DRIFT.index("covered")
        covered = [r for r in self._rows["drift"] if r[at]]
        out["questions"] = len(self._rows["drift"])
        out["questions_covered"] = len(covered)
        return out

    def to_dict(self) -> dict[str, Any]:
        """The analysis as a JSON-ready document, ``{"version": 2, ...}``.

        Top-level keys, in order:

        - ``version`` (:data:`SCHEMA_VERSION`), ``encoding``, ``threshold``,
          ``suites`` (names);
        - ``files``: ``{path, format, traces, problems}`` per file read;
        - ``totals``: sums over traces (``None`` for token totals no trace has),
          plus ``files``, ``traces``, ``problems``, ``questions``, ``questions_covered``;
        - ``traces``: one object per trace, keys those of :data:`~.columns.SUMMARY`;
        - ``followups``: keys of :data:`~.columns.FOLLOWUPS` (empty in summary mode);
        - ``duplicates``: calls repeating an earlier call, keys of
          :data:`~.columns.DUPLICATES` (empty in summary mode);
        - ``hedges``: keys of :data:`~.columns.HEDGES` (each with its ``kind`` and ``sentence``);
        - ``turns``: each user turn, keys of :data:`~.columns.TURNS_DOCUMENT`;
        - ``turn_classes``: how many turns of each class;
        - ``claims``: ungrounded claims, keys of :data:`~.columns.CLAIMS`;
        - ``drift_suites``: the suites whose tool appears in the traces;
        - ``questions``: user questions and their nearest question-set entry,
          keys of :data:`~.columns.DRIFT` (empty without suites);
        - ``fanout``: the per-field aggregate of follow-ups, :meth:`Fanout.to_dict`
          (keys ``FANOUT_COLUMNS`` and ``text``), most calls first;
        - ``findings``: :meth:`FieldFinding.to_dict`, with its one-line ``text``;
        - ``hedged_answers``: :meth:`HedgedAnswer.to_dict`, with ``text``;
        - ``unsupported_answers``: :meth:`UnsupportedAnswer.to_dict`, with ``text``;
        - ``problems``: ``{file, line, reason}`` for each record skipped or repaired.

        Every list is sorted (by file, trace id, position), so the document of
        the same input is byte-for-byte the same.
        """

        def records(table: Table, rows: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
            return [_jsonable(r) for r in table.records(rows)]

        turn_at = [TURNS.index(c) for c in TURNS_DOCUMENT.names]
        picked = [CALLS.index(c) for c in DUPLICATES.names]
        is_dup = CALLS.index("duplicate_of")
        duplicates = [
            tuple(r[i] for i in picked) for r in self._rows["calls"] if r[is_dup] is not None
        ]
        return {
            "version": SCHEMA_VERSION,
            "encoding": self.encoding,
            "threshold": self.threshold,
            "suites": list(self.suites),
            "files": [
                {"path": f.path, "format": f.format, "traces": f.traces, "problems": f.problems}
                for f in self.files
            ],
            "totals": dict(self.totals),
            "traces": records(SUMMARY, self._rows["summary"]),
            "followups": records(FOLLOWUPS, self._rows["followups"]),
            "duplicates": records(DUPLICATES, duplicates),
            "hedges": records(HEDGES, self._rows["hedges"]),
            "turns": records(
                TURNS_DOCUMENT, [tuple(r[i] for i in turn_at) for r in self._rows["turns"]]
            ),
            "turn_classes": dict(self.turn_classes),
            "claims": records(CLAIMS, self._rows["claims"]),
            "drift_suites": list(self.drift_suites),
            "questions": records(DRIFT, self._rows["drift"]),
            "fanout": [f.to_dict() for f in self.fanout],
            "findings": [f.to_dict() for f in self.findings],
            "hedged_answers": [h.to_dict() for h in self.hedged_answers],
            "unsupported_answers": [u.to_dict() for u in self.unsupported_answers],
            "problems": PROBLEMS.records(tuple(p) for p in self._problems),
        }

    def store_rows(self) -> dict[str, list[dict[str, Any]]]:
        """Rows of the history store's trace tables, by table (``Table.stored`` columns)."""
        questions = {(h.file, h.trace_id, h.turn): h.question_id for h in self.hedged_answers}
        key = [HEDGES.index(c) for c in ("file", "trace_id", "turn")]
        answered = [
            {"question_id": questions.get(tuple(r[i] for i in key))} for r in self._rows["hedges"]
        ]
        out = {}
        for table in STORED_TABLES:
            assert table.store_table is not None
            extra = answered if table is HEDGES else None
            out[table.store_table] = table.store_rows(self._rows[table.name], extra)
        return out

    def trace_rows(self) -> list[dict[str, Any]]:
        """One dict per trace, keys those of :data:`~.columns.SUMMARY` (plain Python values)."""
        return SUMMARY.records(self._rows["summary"])

    def render(self) -> str:
        """The plain-text summary (see :func:`projeval.text.traces.render_summary`)."""
        from ..text.traces import render_summary

        return render_summary(self)

    def __repr__(self) -> str:
        t = self.totals
        return (
            f"<TraceAnalysis files={t['files']} traces={t['traces']} calls={t['calls']} "
            f"followups={t['followups']} duplicates={t['duplicates']} hedges={t['hedges']} "
            f"problems={t['problems']} findings={len(self.findings)}>"
        )


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in row.items():
        if v is None or isinstance(v, str | int | float | bool | list | dict):
            out[k] = v
        else:
            out[k] = json.loads(json.dumps(v, default=str))
    return out


def _load_suites(suites: Iterable[Any]) -> list[Any]:
    out = []
    for s in suites:
        if isinstance(s, str | Path):
            from ..suites import load_suite

            out.append(load_suite(s))
        else:
            out.append(s)
    return out


#: Engines :func:`analyse_traces` runs on.
ENGINES = ("local", "dask")


def analyse_traces(
    paths: Iterable[str | Path] | str | Path,
    suites: Iterable[Any] = (),
    format: str | None = None,
    encoding: str = DEFAULT_ENCODING,
    *,
    hedges: Iterable[str] = (),
    languages: Iterable[str] = ("en", "zh"),
    threshold: float = drift_mod.DEFAULT_THRESHOLD,
    tools: Iterable[str | Path] = (),
    keep_events: bool = True,
    max_json_bytes: int = DEFAULT_MAX_JSON_BYTES,
    workers: int | None = None,
    engine: str = "local",
    address: str | None = None,
) -> TraceAnalysis:
    """Parse and measure trace files (or directories or globs of them).

    ``paths`` are files (JSON, JSON Lines, gzip, or Parquet files of
    normalised events, see ``docs/parquet_layout.md``), directories (searched
    for them) or glob patterns. ``suites`` are loaded suites or suite file
    paths: their tools turn follow-ups into field findings, their questions
    are matched against the users' questions, and their ``hedges`` extend the
    lexicon, as do ``hedges`` here (``!phrase`` excludes). ``tools`` are tools
    files (MCP ``tools/list`` JSON, OpenAI function definitions, OpenAPI) whose
    ``annotations.readOnlyHint`` say which tools only read, as the suites' tools files
    do; other tools go by the verb in their name, then by the one their description
    starts with (see :mod:`projeval.traces.actions`); what their definitions state
    (descriptions, parameters' descriptions, defaults, enums) grounds claims, as the
    ``tools`` a trace's own requests give do. A tools file that says nothing
    the names did not is listed in ``problems``. ``format`` forces
    one format for every file. ``keep_events=False`` is the summary mode for
    large corpora: the events, calls and follow-ups tables stay empty
    (findings, totals and the summary are complete) and turns keep no answer
    text.

    ``engine="local"`` (the default) runs on this machine: ``workers``
    (default: the number of cores) is how many threads count tokens beside
    the parsing, and how many processes share a JSON Lines file larger than
    ``cuts.SHARD_MIN_BYTES``; ``1`` does everything in this thread.
    ``engine="dask"`` runs on a Dask cluster (``pip install 'projeval[dask]'``):
    the one at ``address``, else at ``$PROJEVAL_DASK_ADDRESS`` or
    ``$DASK_SCHEDULER_ADDRESS``, else a local cluster of ``workers``
    (default 2) processes started for the call (see
    :mod:`projeval.traces.distributed`). The result does not depend on the
    engine or on ``workers``.

    Raises :class:`~projeval.errors.TraceError` for a file that cannot be
    read at all or is in no known format; bad records inside a file are
    skipped and listed in ``problems``.
    """
    if engine not in ENGINES:
        raise TraceError(f"unknown engine {engine!r}.", fix=f"use one of: {', '.join(ENGINES)}")
    if isinstance(paths, str | Path):
        paths = [paths]
    paths = list(paths)
    suite_objs = _load_suites(suites)
    extra = [h for s in suite_objs for h in getattr(s, "hedges", ())] + list(hedges)
    hints: dict[str, bool] = {}
    stated: dict[str, str] = {}  # what the tools' definitions tell the agent (grounds)
    for s in suite_objs:  # the suites' tools (file or MCP server) first, then the ones given here
        defs = suite_tool_defs(s)
        hints.update(tool_hints(defs))
        stated.update(tool_statements(defs))
    given: list[Problem] = []
    for path in tools:
        defs = read_tools_file(path)
        found, unannotated = given_tools_hints(defs)
        hints.update(found)
        stated.update(tool_statements(defs))
        if unannotated is not None:
            given.append(Problem(str(path), None, unannotated))
    local_workers = workers if workers is not None else os.cpu_count() or 1
    settings = Settings(
        encoding=encoding,
        keep_events=keep_events,
        workers=max(1, local_workers if engine == "local" else 1),
        languages=tuple(languages),
        hedges=tuple(extra),
        suites=tuple(suite_objs),
        max_json_bytes=max_json_bytes,
        threshold=threshold,
        tool_hints=tuple(sorted(hints.items())),
        tool_text=tuple(sorted(stated.items())),
    )
    collector = Collector(settings)  # checks the tokenizer and lexicon before any file
    try:
        if engine == "dask":
            from .distributed import collect_on_dask

            collector.close()
            out, tally = collect_on_dask(paths, format, settings, address=address, workers=workers)
        else:
            with fewer_collections():  # the shards' rows arrive and merge here too
                _collect(expand_paths(paths), format, settings, collector)
            out, tally = collector.out, collector.tally
        refuse_unread(out)
        out.problems.extend(given)  # sorted with the rest by assemble
        with fewer_collections():
            return assemble(out, tally, settings)
    finally:
        collector.close()
        shards.reap()  # no process of this call outlives it


def assemble(out: Collected, tally: FollowupTally, settings: Settings) -> TraceAnalysis:
    """The analysis from every partition's rows, merged: a trace several files hold
    counted once (:mod:`~projeval.traces.copies`), sorted, with findings attached."""
    drop_copies(out, tally)
    sort_rows(out)
    rows = out.rows
    suites = list(settings.suites)
    # Drift only against the suites whose tool appears in the traces.
    called = {r[2] for r in rows["suite_tools"]}
    drift_suites = sorted(s.name for s in suites if s.tool in called)
    rows["drift"] = drift_mod.pick(rows["drift"], drift_suites)
    return TraceAnalysis(
        encoding=settings.encoding,
        threshold=settings.threshold,
        files=out.infos,
        suites=sorted(s.name for s in suites),
        findings=tally.findings(),
        fanout=tally.fanout(),
        hedged_answers=hedged_answers(
            rows["turns"], rows["hedges"], rows["drift"], suites, out.result_paths
        ),
        unsupported_answers=unsupported_answers(
            rows["turns"], rows["claims"], rows["drift"], suites, out.result_paths
        ),
        _rows=rows,
        _problems=out.problems,
        events_kept=settings.keep_events,
        drift_suites=drift_suites,
    )


def _collect(
    files: list[Path], format: str | None, settings: Settings, collector: Collector
) -> None:
    """Measure every file; big JSON Lines files in shards, each in a process of its own.

    A file that is not sharded is one partition read in this process, into
    the one collector, so that its token counts are shared across files.
    """
    planned: dict[Path, tuple[str, list[cuts.Shard]]] = {}
    for path in files:
        if cuts.shardable(path, settings.workers):
            try:
                opened = open_file(path, format=format, max_json_bytes=settings.max_json_bytes)
            except TraceError:
                continue  # reported when the file's turn comes, below
            opened.items.close()
            # Lines not counted before the shards start: merge_file numbers them.
            cut = cuts.plan(path, opened.format, settings.workers, number_lines=False)
            if cut:
                planned[path] = (opened.format, cut)
    for path in files:  # in order, so the file list reads as given
        if path in planned:
            # The counting threads of a file read here stop first: forking needs no thread.
            collector.close()
            if threading.active_count() == 1:
                planned_format, cut = planned[path]
                size = path.stat().st_size
                with progress.task(f"reading {path.name} in {len(cut)} processes", size, "bytes"):
                    results = shards.run(cut, planned_format, settings)
                merge_file(collector.out, collector.tally, str(path), results)
                continue
        try:
            fmt, items, _ = open_partition(Partition(str(path), format), settings)
        except TraceError as exc:
            collector.add_unread(path, exc)  # in no format a reader knows: the others are read
            continue
        collector.add_file(path, fmt, items)
