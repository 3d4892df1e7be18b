"""The trace analysis's tables, declared once: each column's name, type and meaning.

Everything else derives from these declarations: the DataFrames of
:class:`~projeval.traces.analysis.TraceAnalysis` (their dtypes), the keys of
its JSON document, the Parquet layout of the events table
(:mod:`projeval.traces.parquet`, ``docs/parquet_layout.md``) and the history
store's trace tables (:mod:`projeval.store.schema` builds their DDL from
:attr:`Table.stored`). One name per column end to end: a follow-up's
``producer_tool`` is ``producer_tool`` in the frame, the JSON and the store.

Rows stay plain tuples in declaration order (the analysis builds millions of
them); code that picks a column by name asks :meth:`Table.index`.

Adding a column to a table is adding a :class:`Column` here (and producing its
value where the rows are built); ``tests/traces/test_trace_columns.py`` checks
that every derived place agrees.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import pandas as pd

#: Column types, in DuckDB's words (the strictest of the three targets). ``ANY``
#: is a JSON scalar as the trace wrote it (a string, number or bool), stored as text.
ColumnType = Literal["VARCHAR", "INTEGER", "BIGINT", "BOOLEAN", "DOUBLE", "ANY"]

#: Where an events column stands in the Parquet layout: required, written by
#: ``write_events`` (and read when present), or read when present only.
ParquetRole = Literal["required", "written", "read"]

#: The pandas dtypes the types map to (nullable ones where a column may be None).
Dtype = Literal["Int64", "int64", "boolean", "bool", "float64", "str", "object"]

_INT_TYPES = ("INTEGER", "BIGINT")


@dataclass(frozen=True)
class Column:
    """One column of a trace table."""

    name: str
    type: ColumnType
    doc: str
    #: May be None (nullable pandas dtypes: ``Int64``, ``boolean``).
    nullable: bool = False
    #: Events only: the column's role in the Parquet layout, None when the
    #: analysis computes it (then it is ignored in a file).
    parquet: ParquetRole | None = None
    #: False for a Parquet-only column that the events frame does not show.
    in_frame: bool = True

    @property
    def dtype(self) -> Dtype:
        """The pandas dtype of the column in a :class:`TraceAnalysis` frame."""
        if self.type in _INT_TYPES:
            return "Int64" if self.nullable else "int64"
        if self.type == "BOOLEAN":
            return "boolean" if self.nullable else "bool"
        if self.type == "DOUBLE":
            return "float64"
        if self.type == "VARCHAR":
            return "str"
        return "object"

    @property
    def sql_type(self) -> str:
        """The DuckDB (and Parquet) type: ``ANY`` values are stored as their text."""
        return "VARCHAR" if self.type == "ANY" else self.type


@dataclass(frozen=True)
class Table:
    """A table of the trace analysis: its columns, and which of them the store keeps."""

    #: The key of the table in the analysis (``TraceAnalysis._rows``).
    name: str
    doc: str
    columns: tuple[Column, ...]
    #: The history store's table, or None when runs do not store this table.
    store_table: str | None = None
    #: The columns the store keeps, in the store table's order (after ``run_id``).
    stored: tuple[str, ...] = ()
    #: Columns only the store has (filled from elsewhere in the analysis).
    store_only: tuple[Column, ...] = ()

    def __post_init__(self) -> None:
        names = [c.name for c in self.columns]
        if len(set(names)) != len(names):
            raise ValueError(f"table {self.name}: a column is declared twice")
        unknown = set(self.stored) - set(names)
        if unknown:
            raise ValueError(f"table {self.name}: stored columns {sorted(unknown)} undeclared")

    @property
    def names(self) -> tuple[str, ...]:
        """Column names, in row order."""
        return tuple(c.name for c in self.columns)

    def column(self, name: str) -> Column:
        """The column called ``name``."""
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(f"table {self.name} has no column {name!r}")

    def index(self, name: str) -> int:
        """Position of column ``name`` in a row."""
        return self.names.index(name)

    def frame(self, rows: Iterable[tuple[Any, ...]]) -> pd.DataFrame:
        """The rows as a DataFrame with the declared dtypes (the frame's columns only)."""
        frame = pd.DataFrame.from_records(list(rows), columns=list(self.names))
        shown = [c for c in self.columns if c.in_frame]
        for c in shown:
            frame[c.name] = frame[c.name].astype(c.dtype)
        return frame[[c.name for c in shown]] if len(shown) < len(self.columns) else frame

    def records(self, rows: Iterable[Sequence[Any]]) -> list[dict[str, Any]]:
        """The rows as JSON objects, keyed by column name."""
        names = self.names
        return [dict(zip(names, r, strict=True)) for r in rows]

    def store_columns(self) -> tuple[Column, ...]:
        """The store table's columns (after ``run_id``), in its order."""
        return (*(self.column(n) for n in self.stored), *self.store_only)

    def store_rows(
        self, rows: Iterable[Sequence[Any]], extra: Sequence[dict[str, Any]] | None = None
    ) -> list[dict[str, Any]]:
        """Rows for the store table: the stored columns (``ANY`` as text), plus ``extra``."""
        at = [(n, self.index(n), self.column(n).type == "ANY") for n in self.stored]
        out = []
        for i, r in enumerate(rows):
            row = {n: _stored(r[k], text) for n, k, text in at}
            if extra is not None:
                row.update(extra[i])
            out.append(row)
        return out


def _stored(value: Any, text: bool) -> Any:
    if value is None:
        return None
    if isinstance(value, float) and value != value:  # pandas' NaN for a missing number
        return None
    return str(value) if text else value


def _c(name: str, type: ColumnType, doc: str, **kw: Any) -> Column:
    return Column(name, type, doc, **kw)


_FILE = _c("file", "VARCHAR", "the source the trace came from (part of a trace's identity)")
_TRACE = _c("trace_id", "VARCHAR", "the conversation (or MCP session)")
_TURN = _c("turn", "INTEGER", "the user question it belongs to, from 1 (0: before the first)")

EVENTS = Table(
    "events",
    "One row per message, tool call and tool result: the normalised trace.",
    (
        _c("file", "VARCHAR", _FILE.doc, nullable=True, parquet="written"),
        _c("line", "BIGINT", "the event's line in that source", nullable=True, parquet="written"),
        _c("format", "VARCHAR", "the source format", nullable=True, parquet="written"),
        _c("trace_id", "VARCHAR", _TRACE.doc, parquet="required"),
        _c("seq", "BIGINT", "position of the event in its trace, from 0", parquet="required"),
        _c("msg", "BIGINT", "the source message the event came from", parquet="required"),
        _c("turn", "INTEGER", _TURN.doc),
        _c("role", "VARCHAR", "system, user, assistant or tool", parquet="required"),
        _c("kind", "VARCHAR", "message, call or result", parquet="required"),
        _c("tool", "VARCHAR", "the tool called", nullable=True, parquet="written"),
        _c("call_id", "VARCHAR", "links a call to its result", nullable=True, parquet="written"),
        _c("link", "BIGINT", "the seq of the call's result, or result's call", nullable=True),
        _c("args_raw", "VARCHAR", "a call's arguments as JSON text", nullable=True, parquet="written"),
        _c("args", "ANY", "a call's arguments, parsed", nullable=True, parquet="read"),
        _c("text", "VARCHAR", "a message's text, or a result's content as text", nullable=True, parquet="written"),
        _c("is_error", "BOOLEAN", "a result that is an error", nullable=True, parquet="written"),
        _c("structured", "ANY", "a result's structured form (JSON text in Parquet)", nullable=True, parquet="written", in_frame=False),
        _c("tokens", "BIGINT", "tokens of the event's text"),
        _c("context_tokens", "BIGINT", "tokens in the context at a model call", nullable=True),
        _c("usage_input_total", "BIGINT", "input tokens the model call recorded", nullable=True, parquet="written"),
        _c("usage_output", "BIGINT", "output tokens recorded", nullable=True, parquet="written"),
        _c("usage_cache_read", "BIGINT", "cache-read input tokens recorded", nullable=True, parquet="written"),
        _c("usage_cache_creation", "BIGINT", "cache-write input tokens recorded", nullable=True, parquet="written"),
    ),
)  # fmt: skip

CALLS = Table(
    "calls",
    "One row per tool call, with its result, duplicate and follow-up flags.",
    (
        _FILE,
        _TRACE,
        _c("seq", "BIGINT", "the call's position in its trace"),
        _c("msg", "BIGINT", "the assistant message that made the call"),
        _TURN,
        _c("tool", "VARCHAR", "the tool called", nullable=True),
        _c("call_id", "VARCHAR", "the call's id", nullable=True),
        _c("args_raw", "VARCHAR", "the arguments as JSON text", nullable=True),
        _c("args_canonical", "VARCHAR", "the arguments, canonical (sorted keys)", nullable=True),
        _c("result_seq", "BIGINT", "the seq of its result", nullable=True),
        _c("is_error", "BOOLEAN", "its result is an error", nullable=True),
        _c("result_tokens", "BIGINT", "tokens of its result", nullable=True),
        _c("duplicate_of", "BIGINT", "seq of an earlier call with the same tool and arguments", nullable=True),
        _c("followup", "BOOLEAN", "an argument came from an earlier tool result"),
        _c("kind", "VARCHAR", "the tool reads or writes: read, write, or None (unknown)", nullable=True),
        _c("retry_of", "BIGINT", "seq of an earlier call with the same tool and arguments whose result was an error", nullable=True),
    ),
)  # fmt: skip

#: The ``duplicates`` list of the JSON document: the calls that repeat an earlier one.
DUPLICATES = Table(
    "duplicates",
    "One row per call that repeats an earlier call's tool and canonical arguments.",
    tuple(
        CALLS.column(n)
        for n in ("file", "trace_id", "seq", "turn", "tool", "args_canonical", "duplicate_of")
    ),
)

FOLLOWUPS = Table(
    "followups",
    "One row per (follow-up call, argument): a value the model read in an earlier result.",
    (
        _FILE,
        _TRACE,
        _c("seq", "BIGINT", "the follow-up call's position in its trace"),
        _TURN,
        _c("consumer_tool", "VARCHAR", "the tool of the follow-up call", nullable=True),
        _c("consumer_arg", "VARCHAR", "the argument that carries the value"),
        _c("value", "ANY", "the value"),
        _c("producer_seq", "BIGINT", "the seq of the result it was read from", nullable=True),
        _c("producer_tool", "VARCHAR", "the tool whose result held the value", nullable=True),
        _c("producer_call_id", "VARCHAR", "that result's call id", nullable=True),
        _c("producer_path", "VARCHAR", "where in that result (a schema path)", nullable=True),
        _c("duplicate", "BOOLEAN", "the follow-up call repeats an earlier call"),
        _c(
            "kind",
            "VARCHAR",
            "the consumer tool reads or writes: read, write, or None (unknown)",
            nullable=True,
        ),
    ),
    store_table="followups",
    stored=(
        "trace_id",
        "file",
        "turn",
        "producer_tool",
        "producer_path",
        "consumer_tool",
        "consumer_arg",
        "value",
        "duplicate",
        "kind",
    ),
)

HEDGES = Table(
    "hedges",
    "One row per hedge phrase found in assistant text, with its context.",
    (
        _FILE,
        _TRACE,
        _c("seq", "BIGINT", "the assistant message's position in its trace"),
        _TURN,
        _c("phrase", "VARCHAR", "the lexicon's phrase"),
        _c("language", "VARCHAR", "the lexicon's language"),
        _c("match", "VARCHAR", "the text matched"),
        _c("start", "BIGINT", "offset of the match in the text"),
        _c("end", "BIGINT", "offset after the match"),
        _c("context", "VARCHAR", "the text around the match"),
        _c("kind", "VARCHAR", "the phrase's kind in the lexicon"),
        _c("sentence", "VARCHAR", "the sentence that hedges"),
    ),
    store_table="hedges",
    stored=("trace_id", "file", "turn", "phrase", "language", "sentence"),
    store_only=(_c("question_id", "VARCHAR", "the question the hedged answer answered"),),
)

TURNS = Table(
    "turns",
    "One row per user turn: its class, calls, follow-ups and hedges in its turn, the answer.",
    (
        _FILE,
        _TRACE,
        _TURN,
        _c("question", "VARCHAR", "the user's question"),
        _c("kind", "VARCHAR", "the turn's class (projeval.traces.turns.TURN_CLASSES)"),
        _c("calls", "BIGINT", "tool calls in the turn"),
        _c("followups", "BIGINT", "follow-up calls in the turn"),
        _c("hedges", "BIGINT", "hedged assistant messages in the turn"),
        _c("writes", "BOOLEAN", "a tool that writes was called in the turn"),
        _c(
            "asks",
            "BOOLEAN",
            "a request whose agent, at the turn's end, asked the user for something (turns.agent_context: solicit)",
        ),
        _c("answer", "VARCHAR", "the last assistant text of the turn", nullable=True),
    ),
)

#: The ``turns`` list of the JSON document: each user turn and its class.
TURNS_DOCUMENT = Table(
    "turns_document",
    "One object per user turn in the JSON document: the question and its class.",
    tuple(TURNS.column(n) for n in ("file", "trace_id", "turn", "question", "kind")),
)

CLAIMS = Table(
    "claims",
    "One row per value an assistant text stated that nothing read before held.",
    (
        _FILE,
        _TRACE,
        _c("seq", "BIGINT", "the assistant message's position in its trace"),
        _TURN,
        _c("kind", "VARCHAR", "what the value is: a date, time, amount, duration, id, name"),
        _c("value", "VARCHAR", "the value as the text states it"),
        _c("start", "BIGINT", "offset of the value in the text"),
        _c("end", "BIGINT", "offset after the value"),
        _c("sentence", "VARCHAR", "the sentence that states it"),
    ),
)

#: Internal: the suite tools each trace called (drift is measured against those suites).
SUITE_TOOLS = Table(
    "suite_tools",
    "One row per (trace, suite tool it called).",
    (_FILE, _TRACE, _c("tool", "VARCHAR", "the suite's tool")),
)

COPIES = Table(
    "copies",
    "One row per trace: what tells a copy of it in another file (copies.py).",
    (
        _FILE,
        _TRACE,
        _c("digest", "BIGINT", "a hash of its events' texts, tools and arguments"),
        _c("events", "BIGINT", "its events"),
        _c("tag", "BIGINT", "the hash of a fixed text in the process that hashed it"),
    ),
)

#: Counts per trace are INTEGER (32 bits, as the store has them), token totals BIGINT.
#: ``turns`` counts user questions (an MCP log has none); ``model_calls`` counts
#: assistant messages (parallel calls are one); ``recorded_*`` sum the usage the
#: trace recorded, over ``recorded_model_calls`` model calls (Anthropic input
#: includes cache reads and writes).
SUMMARY = Table(
    "summary",
    "One row per trace.",
    (
        _FILE,
        _c("format", "VARCHAR", "the source format"),
        _TRACE,
        _c("line", "BIGINT", "the line the trace starts at", nullable=True),
        _c("events", "INTEGER", "events in the trace"),
        _c("messages", "INTEGER", "messages"),
        _c("turns", "INTEGER", "user questions"),
        _c("model_calls", "INTEGER", "assistant messages (parallel calls are one)"),
        _c("calls", "INTEGER", "tool calls"),
        _c("results", "INTEGER", "tool results"),
        _c("errors", "INTEGER", "error results (flagged, an error object or an Error: text)"),
        _c("unanswered_calls", "INTEGER", "calls without a result"),
        _c("orphan_results", "INTEGER", "results without a call"),
        _c("duplicates", "INTEGER", "calls that repeat an earlier call's tool and arguments"),
        _c("retries", "INTEGER", "duplicates whose earlier call's result was an error"),
        _c("followups", "INTEGER", "follow-up calls"),
        _c("lookups", "INTEGER", "follow-up calls to tools that do not write"),
        _c("actions", "INTEGER", "follow-up calls to tools that write"),
        _c("followup_turns", "INTEGER", "turns with a follow-up call"),
        _c("hedges", "INTEGER", "hedge phrases"),
        _c("hedged_turns", "INTEGER", "turns with hedged assistant text"),
        _c("flagged_turns", "INTEGER", "turns with a follow-up lookup or a hedge"),
        _c("ungrounded_claims", "INTEGER", "values answers stated that nothing read before held"),
        _c("result_tokens", "BIGINT", "tokens of the tool results"),
        _c("billed_input_tokens", "BIGINT", "input tokens billed over the conversation (None: no conversation recorded)", nullable=True),
        _c("recorded_input_tokens", "BIGINT", "input tokens the trace recorded", nullable=True),
        _c("recorded_output_tokens", "BIGINT", "output tokens recorded", nullable=True),
        _c("recorded_cache_read_tokens", "BIGINT", "cache-read tokens recorded", nullable=True),
        _c("recorded_cache_creation_tokens", "BIGINT", "cache-write tokens recorded", nullable=True),
        _c("recorded_model_calls", "INTEGER", "model calls that recorded usage"),
    ),
    store_table="trace_summaries",
    stored=(
        "trace_id",
        "file",
        "format",
        "turns",
        "calls",
        "followups",
        "duplicates",
        "hedges",
        "result_tokens",
        "billed_input_tokens",
        "recorded_input_tokens",
        "errors",
        "retries",
        "lookups",
        "actions",
    ),
)  # fmt: skip

DRIFT = Table(
    "drift",
    "One row per user question: its nearest question-set question (empty without suites).",
    (
        _FILE,
        _TRACE,
        _TURN,
        _c("question", "VARCHAR", "the user's question"),
        _c("suite", "VARCHAR", "the suite of the nearest question", nullable=True),
        _c("question_id", "VARCHAR", "the nearest question", nullable=True),
        _c("score", "DOUBLE", "its similarity, 0 to 1"),
        _c("covered", "BOOLEAN", "the score reaches the threshold"),
    ),
)

PROBLEMS = Table(
    "problems",
    "Records skipped or repaired.",
    (
        _c("file", "VARCHAR", "the file"),
        _c("line", "BIGINT", "the line, when known", nullable=True),
        _c("reason", "VARCHAR", "what was wrong"),
    ),
)

#: Every table, by name.
TABLES: dict[str, Table] = {
    t.name: t
    for t in (
        EVENTS,
        CALLS,
        DUPLICATES,
        FOLLOWUPS,
        HEDGES,
        TURNS,
        TURNS_DOCUMENT,
        CLAIMS,
        SUITE_TOOLS,
        COPIES,
        SUMMARY,
        DRIFT,
        PROBLEMS,
    )
}
#: The tables a run keeps in the history store, in the order a run writes them.
STORED_TABLES = (SUMMARY, FOLLOWUPS, HEDGES)

#: Version of the JSON document of a trace analysis (``TraceAnalysis.to_dict``).
#: 1: first version.
#: 2: hedges carry ``kind`` and ``sentence``; ``turns``, ``turn_classes``, ``claims``,
#:    ``unsupported_answers`` and ``drift_suites`` added.
#: 3: one naming with the store: follow-ups name ``consumer_tool``, ``consumer_arg``
#:    and ``producer_seq``/``_tool``/``_call_id``/``_path`` (were ``tool``, ``argument``
#:    and ``source_*``).
DOCUMENT_VERSION = 3

#: The follow-up keys of versions 1 and 2, by their name since version 3.
_OLD_FOLLOWUP_KEYS = {
    "tool": "consumer_tool",
    "argument": "consumer_arg",
    "source_seq": "producer_seq",
    "source_tool": "producer_tool",
    "source_call_id": "producer_call_id",
    "source_path": "producer_path",
}


def upgrade_document(doc: dict[str, Any]) -> dict[str, Any]:
    """A trace analysis document of any version, as the current version.

    The history store keeps old runs' documents; their reports read them through this.
    """
    version = doc.get("version", 1)
    if not isinstance(version, int) or version >= DOCUMENT_VERSION:
        return doc
    out = dict(doc)
    out["followups"] = [
        {_OLD_FOLLOWUP_KEYS.get(k, k): v for k, v in row.items()}
        for row in doc.get("followups", [])
    ]  # versions 1 and 2 differ in nothing else a reader of old runs needs
    out["version"] = DOCUMENT_VERSION
    return out
