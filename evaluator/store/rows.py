"""One run as typed rows per table, checked against the schema before the file is opened."""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import duckdb
import pandas as pd

from .._json import scrub_surrogates
from ..runrecord import RunRecord, SuiteRecord, TracesRecord
from ..traces.columns import HEDGES, STORED_TABLES
from .files import _DUCKDB_CONFIG
from .schema import RUN_TABLES, SCHEMA

if TYPE_CHECKING:
    from ..score import SuiteScore
    from .run_info import RunInfo


@functools.cache
def schema_columns() -> dict[str, tuple[tuple[str, str], ...]]:
    """Each table's ``(column, DuckDB type)`` pairs, read from :data:`SCHEMA` itself."""
    con = duckdb.connect(":memory:", config=_DUCKDB_CONFIG)
    try:
        con.execute(SCHEMA)
        rows = con.execute(
            "SELECT table_name, column_name, data_type FROM duckdb_columns() "
            "WHERE database_name = current_database() ORDER BY table_name, column_index"
        ).fetchall()
    finally:
        con.close()
    out: dict[str, list[tuple[str, str]]] = {}
    for table, column, data_type in rows:
        out.setdefault(table, []).append((column, data_type))
    return {t: tuple(cols) for t, cols in out.items()}


def record_rows(info: RunInfo, run: RunRecord) -> dict[str, list[dict[str, Any]]]:
    """A run record as plain rows per table (without ``run_id``), its document included."""
    costs = [
        {
            "suite": s.name,
            "projection": p.name,
            "fixture": o.fixture,
            "tokens": o.tokens,
            "bytes": o.bytes,
            "tokens_per_item": o.tokens_per_item,
            "ratio_to_raw": o.ratio_to_raw,
            "estimate_bytes4": o.estimate,
        }
        for s in run.suites
        if s.cost is not None
        for p in s.cost.projections.values()
        # Data fixtures only, as in the summary: error responses are checked, not costed.
        for o in p.data_outputs
    ]
    rows = run_rows(
        info,
        run.suites,
        costs=costs,
        findings=[f.to_dict() for s in run.suites for f in s.findings],
        **(_trace_rows(run.traces) if run.traces is not None else {}),
    )
    text = json.dumps(run.to_dict(), sort_keys=True, ensure_ascii=False, default=str)
    rows["run_documents"] = [{"document": text}]
    return rows


def _trace_rows(traces: TracesRecord) -> dict[str, list[dict[str, Any]]]:
    """The trace analysis's rows for the store's trace tables, by their declarations.

    The same rows as :meth:`projeval.traces.TraceAnalysis.store_rows`, read from the
    record (its document's tables are keyed by column name) instead of the live analysis.
    """
    questions = {
        (h["file"], h["trace_id"], h["turn"]): h["question_id"]
        for h in traces.rows("hedged_answers")
    }
    out: dict[str, list[dict[str, Any]]] = {}
    for table in STORED_TABLES:
        assert table.store_table is not None
        records = traces.rows(_DOCUMENT_KEY.get(table.name, table.name))
        rows = [tuple(r.get(n) for n in table.names) for r in records]
        extra = None
        if table is HEDGES:
            extra = [
                {"question_id": questions.get((r["file"], r["trace_id"], r["turn"]))}
                for r in records
            ]
        out[table.store_table] = table.store_rows(rows, extra)
    return out


#: Where a stored trace table's rows are in the analysis's document, when not under its name.
_DOCUMENT_KEY = {"summary": "traces"}


def run_rows(
    info: RunInfo,
    suite_scores: Sequence[SuiteRecord | SuiteScore],
    *,
    costs: Sequence[Mapping[str, Any]] = (),
    findings: Sequence[Mapping[str, Any]] = (),
    trace_summaries: Sequence[Mapping[str, Any]] = (),
    followups: Sequence[Mapping[str, Any]] = (),
    hedges: Sequence[Mapping[str, Any]] = (),
) -> dict[str, list[dict[str, Any]]]:
    """One run as plain rows per table (without ``run_id``), ready to write.

    Suites are records (or scores, turned into records: tests and benchmarks build
    those); the other tables come as dicts keyed by their columns.
    """
    suites = [s if isinstance(s, SuiteRecord) else SuiteRecord.from_score(s) for s in suite_scores]
    names = [s.name for s in suites]
    if len(set(names)) != len(names):
        raise ValueError(f"a run cannot hold a suite twice: {sorted(names)}")
    rows: dict[str, list[dict[str, Any]]] = {t: [] for t in RUN_TABLES}
    rows["runs"].append(
        {
            "started_at": info.started_at_utc,
            "projeval_version": info.projeval_version,
            "git_commit": info.git_commit,
            "git_dirty": info.git_dirty,
            "tokenizer": info.tokenizer,
        }
    )
    for suite in sorted(suites, key=lambda s: s.name):
        _suite_rows(suite, rows)
    extra = {
        "costs": costs,
        "findings": findings,
        "trace_summaries": trace_summaries,
        "followups": followups,
        "hedges": hedges,
    }
    for table, items in extra.items():
        rows[table] = [_plain(item, table, i) for i, item in enumerate(items)]
    return rows


def _suite_rows(suite: SuiteRecord, rows: dict[str, list[dict[str, Any]]]) -> None:
    name = suite.name
    rows["run_suites"].append(
        {
            "suite": name,
            "tool": suite.tool,
            "file": suite.file,
            "digest": suite.digest or None,
            "total_weight": suite.total_weight,
            "diagnostics": list(suite.diagnostics),
        }
    )
    for fixture in sorted(suite.fixtures, key=lambda f: f.name):
        rows["run_fixtures"].append(
            {
                "suite": name,
                "fixture": fixture.name,
                "digest": fixture.digest or None,
                "error": fixture.error,
            }
        )
    for p in sorted(suite.projections, key=lambda p: p.name):
        key = {"suite": name, "projection": p.name}
        rows["projection_results"].append(
            {
                **key,
                "target": p.target,
                "digest": p.digest or None,
                "coverage": p.coverage,
                "answerable": p.answerable,
                "questions_total": len(p.questions),
                "error": p.error,
                "error_kind": p.error_kind,
            }
        )
        for q in p.questions:
            rows["question_results"].append(
                {
                    **key,
                    "question": q.id,
                    "text": q.text,
                    "weight": q.weight,
                    "answerable": q.answerable,
                }
            )
            for n in q.needs:
                rows["need_results"].append(
                    {
                        **key,
                        "question": q.id,
                        "field": n.field,
                        "status": n.status,
                        "detail": n.detail,
                        "lineage": n.lineage,
                        "outputs": list(n.outputs),
                        "precision": None if n.precision is None else str(n.precision),
                        "readable": n.readable,
                    }
                )
        for fl in p.lineage:
            rows["lineage"].append(
                {
                    **key,
                    "source": fl.source,
                    "field": fl.field,
                    "status": fl.status,
                    "detail": fl.detail,
                    "outputs": list(fl.outputs),
                    "kind": fl.kind,
                    "precision": None if fl.precision is None else str(fl.precision),
                    "opaque": fl.opaque,
                }
            )


def _plain(item: Any, table: str, index: int) -> dict[str, Any]:
    """A caller's row as a dict whose keys are this table's column names."""
    if not isinstance(item, Mapping):
        to_dict = getattr(item, "to_dict", None)
        if not callable(to_dict):
            raise TypeError(f"{table}[{index}]: expected a dict, got {type(item).__name__}")
        item = to_dict()
    allowed = [c for c, _ in schema_columns()[table] if c != "run_id"]
    out: dict[str, Any] = {}
    for key, value in item.items():
        # "producer tool" and "producer-tool" both mean producer_tool.
        column = str(key).strip().replace(" ", "_").replace("-", "_")
        if column not in allowed:
            raise ValueError(
                f"{table}[{index}]: unknown column {key!r}; the store's {table} columns are: "
                + ", ".join(allowed)
            )
        out[column] = value
    return out


_PANDAS_DTYPES: dict[str, str] = {
    "INTEGER": "Int64",
    "BIGINT": "Int64",
    "DOUBLE": "Float64",
    "BOOLEAN": "boolean",
    "VARCHAR": "object",
    "VARCHAR[]": "object",
    "TIMESTAMP": "datetime64[us]",
}


def _cell(value: Any, data_type: str) -> Any:
    """``value`` checked and converted for a column of ``data_type``; raises ValueError."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if data_type in ("INTEGER", "BIGINT"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("is not an integer")
        if isinstance(value, float) and not value.is_integer():
            raise ValueError("is not an integer")
        return int(value)
    if data_type == "DOUBLE":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("is not a number")
        return float(value)
    if data_type == "BOOLEAN":
        if isinstance(value, bool) or value in (0, 1):
            return bool(value)
        raise ValueError("is not a boolean")
    if data_type == "VARCHAR":
        if isinstance(value, str):
            # DuckDB stores UTF-8: a lone surrogate (in a projection's error message,
            # say) would abort the whole run's transaction, so it is stored as U+FFFD.
            return scrub_surrogates(value)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return str(value)
        raise ValueError("is not a string")
    if data_type == "VARCHAR[]":
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return [scrub_surrogates(v) for v in value]
        raise ValueError("is not a list of strings")
    if data_type == "TIMESTAMP" and isinstance(value, datetime):
        return value
    raise ValueError(f"cannot be stored as {data_type}")


def _frame(table: str, rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Typed DataFrame of a table's rows (every column but run_id)."""
    columns = [(c, t) for c, t in schema_columns()[table] if c != "run_id"]
    data: dict[str, Any] = {}
    for column, data_type in columns:
        values = []
        for i, row in enumerate(rows):
            value = row.get(column)
            try:
                values.append(_cell(value, data_type))
            except ValueError as exc:
                raise ValueError(f"{table}[{i}].{column}: {value!r} {exc}") from None
        data[column] = pd.Series(values, dtype=_PANDAS_DTYPES[data_type])
    return pd.DataFrame(data)
