"""Parquet files of normalised trace events: the layout a pipeline can write for us.

One row per event (message, tool call or tool result), with the columns of
the events table (:data:`~projeval.traces.events.EVENT_COLUMNS`); the
layout is documented in ``docs/parquet_layout.md``. A file is read with
DuckDB, already a dependency (no pyarrow needed), sorted by trace and
position, and rebuilt into the same :class:`~projeval.traces.events.Trace`
objects a parser yields, so a Parquet partition goes through the same
per-partition analysis as a JSON Lines one. Columns the analysis computes
(``turn``, ``link``, ``tokens``, ``context_tokens``) are recomputed, never
trusted.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import duckdb

from ..errors import TraceError
from .columns import EVENTS
from .events import (
    KINDS,
    ROLES,
    Event,
    Problem,
    Trace,
    Usage,
    event_row,
    fast_loads,
    finish_trace,
    parse_args,
)

#: Columns every file must have (the layout is declared in :data:`~.columns.EVENTS`).
REQUIRED_COLUMNS = tuple(c.name for c in EVENTS.columns if c.parquet == "required")
#: Columns read when present (``structured``: a result's structured form as JSON text).
OPTIONAL_COLUMNS = tuple(c.name for c in EVENTS.columns if c.parquet in ("written", "read"))
#: Column types of the files :func:`write_events` writes, in their order.
COLUMN_TYPES = {c.name: c.sql_type for c in EVENTS.columns if c.parquet in ("required", "written")}
# Where each written column sits in an events row.
_WRITTEN_AT = tuple(EVENTS.index(c) for c in COLUMN_TYPES)
_STRUCTURED_AT = EVENTS.index("structured")
_BATCH = 8192
_LAYOUT = "see docs/parquet_layout.md for the columns"


def read_traces(path: str | Path) -> Iterator[Trace | Problem]:
    """Yield the traces of one Parquet file of events, and a :class:`Problem` per bad row.

    Rows are grouped by (``file``, ``trace_id``) and ordered by ``seq``. Two
    source files that used the same trace id give ``id`` and ``id#2``.
    Raises :class:`TraceError` when the file cannot be read or lacks a
    required column.
    """
    name = str(path)
    con = duckdb.connect()
    try:
        try:
            present = {
                row[0]
                for row in con.execute("DESCRIBE SELECT * FROM read_parquet(?)", [name]).fetchall()
            }
        except duckdb.Error as exc:
            raise TraceError(f"cannot read this Parquet file ({exc}).", file=name) from exc
        missing = [c for c in REQUIRED_COLUMNS if c not in present]
        if missing:
            raise TraceError(
                f"this Parquet file has no column {', '.join(map(repr, missing))}.",
                file=name,
                fix=f"write the normalised event columns ({_LAYOUT})",
            )
        columns = [*REQUIRED_COLUMNS, *(c for c in OPTIONAL_COLUMNS if c in present)]
        order = "file, trace_id, seq" if "file" in present else "trace_id, seq"
        cursor = con.execute(
            f"SELECT {', '.join(columns)} FROM read_parquet(?) ORDER BY {order}", [name]
        )
        yield from _traces(_rows(cursor, columns), name)
    finally:
        con.close()


def _rows(cursor: Any, columns: list[str]) -> Iterator[dict[str, Any]]:
    while batch := cursor.fetchmany(_BATCH):
        for values in batch:
            yield dict(zip(columns, values, strict=True))


def _traces(rows: Iterable[dict[str, Any]], name: str) -> Iterator[Trace | Problem]:
    used: set[str] = set()
    current: Trace | None = None
    key: tuple[Any, Any] | None = None
    for row in rows:
        tid = row["trace_id"]
        if tid is None:
            yield Problem(name, None, "an event has no trace_id; event skipped")
            continue
        if (row.get("file"), tid) != key:
            if current is not None:
                yield finish_trace(current)
            key = (row.get("file"), tid)
            unique, n = str(tid), 1
            while unique in used:  # the same id from two source files
                n += 1
                unique = f"{tid}#{n}"
            used.add(unique)
            current = Trace(unique, name, row.get("line"), row.get("format") or "parquet")
        assert current is not None
        event = _event(row)
        if isinstance(event, str):
            yield Problem(name, row.get("line"), f"trace {tid!r} seq {row['seq']}: {event}")
            continue
        current.events.append(event)
    if current is not None:
        yield finish_trace(current)


def _event(row: dict[str, Any]) -> Event | str:
    role, kind, msg = row["role"], row["kind"], row["msg"]
    if role not in ROLES:
        return f"unknown role {role!r}; event skipped"
    if kind not in KINDS:
        return f"unknown kind {kind!r}; event skipped"
    if msg is None:
        return "no msg; event skipped"
    args_raw, args = parse_args(row.get("args_raw") or row.get("args"))
    structured = row.get("structured")
    if structured is not None:
        try:
            structured = fast_loads(structured)
        except ValueError:
            structured = None
    usage = None
    parts = [
        row.get(f"usage_{k}") for k in ("input_total", "output", "cache_read", "cache_creation")
    ]
    if any(p is not None for p in parts):
        usage = Usage(*parts)
    return Event(
        role=role,
        kind=kind,
        msg=int(msg),
        text=row.get("text"),
        tool=row.get("tool"),
        call_id=row.get("call_id"),
        args_raw=args_raw,
        args=args,
        structured=structured,
        is_error=row.get("is_error"),
        usage=usage,
        line=row.get("line"),
    )


def event_record(ev: Event) -> tuple[Any, ...]:
    """One row of the layout (``COLUMN_TYPES`` order) for a finished trace's event."""
    import json

    row = list(event_row(ev))
    if ev.structured is not None:
        row[_STRUCTURED_AT] = json.dumps(ev.structured, ensure_ascii=False, separators=(",", ":"))
    return tuple(row[i] for i in _WRITTEN_AT)


def write_events(traces: Iterable[Trace | Problem], out: str | Path) -> int:
    """Write the events of parsed traces as one Parquet file in the layout; return the rows.

    ``traces`` is what :func:`~projeval.traces.parsers.parse_file` yields
    (problems are skipped), so any supported format converts to the layout.
    """
    import pandas as pd

    rows = [event_record(ev) for t in traces if isinstance(t, Trace) for ev in t.events]
    frame = pd.DataFrame.from_records(rows, columns=list(COLUMN_TYPES)).astype(object)
    frame = frame.where(frame.notna(), None)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    select = ", ".join(f"CAST({c} AS {t}) AS {c}" for c, t in COLUMN_TYPES.items())
    con = duckdb.connect()
    try:
        con.register("events", frame)
        target = str(out).replace("'", "''")
        con.execute(f"COPY (SELECT {select} FROM events) TO '{target}' (FORMAT parquet)")
    finally:
        con.close()
    return len(rows)
