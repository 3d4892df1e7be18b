"""The read queries :mod:`projeval.history` calls, over one read-only connection."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import duckdb
import pandas as pd

from ..errors import StoreError
from ..runrecord import RunRecord
from .rows import schema_columns

# Deterministic row order of each table when read back.
_ORDER_BY = {
    "runs": "started_at, run_id",
    "run_suites": "run_id, suite",
    "run_fixtures": "run_id, suite, fixture",
    "projection_results": "run_id, suite, projection",
    "question_results": "run_id, suite, projection, question",
    "need_results": "run_id, suite, projection, question, field",
    "lineage": "run_id, suite, projection, source",
    "costs": "run_id, suite, projection, fixture",
    "findings": "run_id, suite, projection, fixture, rule, path, message",
    "trace_summaries": "run_id, file, trace_id",
    "followups": "run_id, file, trace_id, turn, consumer_tool, consumer_arg, value",
    "hedges": "run_id, file, trace_id, turn, phrase, sentence",
    "run_documents": "run_id",
}


def _in(values: Sequence[Any]) -> str:
    """``(?, ?, ?)``: placeholders only, the values are bound as parameters."""
    return "(" + ", ".join("?" for _ in values) + ")"


class StoreReader:
    """Read queries over one open, read-only connection (a consistent snapshot)."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self._con = con
        self._empty = not con.execute(
            "SELECT count(*) FROM duckdb_tables() "
            "WHERE database_name = current_database() AND table_name = 'runs'"
        ).fetchall()[0][0]

    def _df(self, sql: str, params: Sequence[Any] = ()) -> pd.DataFrame:
        return self._con.execute(sql, list(params)).df()

    def _empty_frame(self, table: str) -> pd.DataFrame:
        return pd.DataFrame(columns=[c for c, _ in schema_columns()[table]])

    def run_order(self) -> list[int]:
        """Every run id, oldest first (by start time, then id)."""
        if self._empty:
            return []
        rows = self._con.execute("SELECT run_id FROM runs ORDER BY started_at, run_id").fetchall()
        return [r[0] for r in rows]

    def table(self, table: str, runs: Sequence[int] | None = None) -> pd.DataFrame:
        """All rows of one run table, or those of the given runs, in a fixed order."""
        if table not in _ORDER_BY:
            raise ValueError(f"not a store table: {table!r}")
        if self._empty:
            return self._empty_frame(table)
        # The table name is checked against _ORDER_BY above: never user text.
        sql = f'SELECT * FROM "{table}"'
        params: list[Any] = []
        if runs is not None:
            if not runs:
                return self._empty_frame(table)
            sql += f" WHERE run_id IN {_in(runs)}"
            params = list(runs)
        return self._df(sql + f" ORDER BY {_ORDER_BY[table]}", params)

    def document(self, run_id: int) -> dict[str, Any] | None:
        """The whole document recorded with a run, as stored (None for runs without one)."""
        if self._empty:
            return None
        rows = self._con.execute(
            "SELECT document FROM run_documents WHERE run_id = ?", [run_id]
        ).fetchall()
        if not rows:
            return None
        try:
            document = json.loads(rows[0][0])
        except ValueError as exc:  # a document edited by hand
            raise StoreError(
                f"the stored document of run {run_id} is not valid JSON ({exc}).",
                fix="record the run again; stored documents are not meant to be edited",
            ) from None
        if not isinstance(document, dict):
            raise StoreError(
                f"the stored document of run {run_id} is not a JSON object.",
                fix="record the run again; stored documents are not meant to be edited",
            )
        return document

    def run(self, run_id: int) -> RunRecord | None:
        """The run's record, read back typed (older documents upgraded); None without one."""
        doc = self.document(run_id)
        if doc is None:
            return None
        try:
            return RunRecord.from_dict(doc)
        except (AttributeError, IndexError, KeyError, TypeError) as exc:  # edited by hand
            raise StoreError(
                f"the stored document of run {run_id} is not one projeval wrote "
                f"({type(exc).__name__}: {exc}).",
                fix="record the run again; stored documents are not meant to be edited",
            ) from None

    def run_list(self, runs: Sequence[int] | None = None) -> pd.DataFrame:
        """One row per run (all, or those given), oldest first: the names of its suites, its
        projections and traces, and its ``errors`` (a run with any is partial: its own
        errors, then the projections that failed, as :func:`projeval.gate.partial_reasons`)."""
        if self._empty:
            return pd.DataFrame(
                columns=[
                    "run_id",
                    "started_at",
                    "projeval_version",
                    "git_commit",
                    "git_dirty",
                    "tokenizer",
                    "suites",
                    "projections",
                    "traces",
                    "errors",
                ]
            )
        # An empty list binds as "no filter"; None keeps every run.
        ids = list(runs) if runs is not None else []
        return self._df(
            """
            WITH s AS (
                SELECT run_id, string_agg(suite, ',' ORDER BY suite) AS suites
                FROM run_suites GROUP BY run_id
            ), p AS (
                SELECT run_id, count(*) AS projections FROM projection_results GROUP BY run_id
            ), t AS (
                SELECT run_id, count(*) AS traces FROM trace_summaries GROUP BY run_id
            ), f AS (
                SELECT run_id, count(*) AS failed FROM projection_results
                WHERE error IS NOT NULL GROUP BY run_id
            ), d AS (
                -- The run's own errors (suites that failed to load) are in its document.
                -- Documents are written with sorted keys, so "errors" comes first: a
                -- complete run's is read off its first bytes, not parsed (they are large).
                SELECT run_id, CASE WHEN starts_with(document, '{"errors": []')
                    THEN 0 ELSE json_array_length(json_extract(document, '$.errors'))
                    END AS errors
                FROM run_documents
            )
            SELECT r.run_id, r.started_at, r.projeval_version, r.git_commit, r.git_dirty,
                   r.tokenizer, coalesce(s.suites, '') AS suites,
                   coalesce(p.projections, 0) AS projections, coalesce(t.traces, 0) AS traces,
                   coalesce(d.errors, 0) + coalesce(f.failed, 0) AS errors
            FROM runs r
            LEFT JOIN s USING (run_id) LEFT JOIN p USING (run_id) LEFT JOIN t USING (run_id)
            LEFT JOIN f USING (run_id) LEFT JOIN d USING (run_id)
            WHERE ? OR list_contains(CAST(? AS INTEGER[]), r.run_id)
            ORDER BY r.started_at, r.run_id
            """,
            [runs is None, ids],
        )

    def projection_trend(self, suite: str | None, projection: str | None) -> pd.DataFrame:
        """One row per run, suite and projection: coverage, tokens and the digests."""
        if self._empty:
            return pd.DataFrame()
        return self._df(
            """
            WITH tok AS (
                SELECT run_id, suite, projection, sum(tokens) AS tokens, sum(bytes) AS bytes
                FROM costs GROUP BY run_id, suite, projection
            ), fx AS (
                SELECT run_id, suite,
                       string_agg(fixture || '=' || coalesce(digest, ''), ',' ORDER BY fixture)
                           AS fixtures_digest
                FROM run_fixtures GROUP BY run_id, suite
            )
            SELECT r.run_id, r.started_at, r.git_commit, r.git_dirty, r.tokenizer,
                   r.projeval_version, p.suite, p.projection, p.coverage, p.answerable,
                   p.questions_total, p.error, tok.tokens, tok.bytes,
                   s.digest AS suite_digest, fx.fixtures_digest, p.target,
                   p.digest AS projection_digest
            FROM projection_results p
            JOIN runs r USING (run_id)
            LEFT JOIN run_suites s USING (run_id, suite)
            LEFT JOIN tok USING (run_id, suite, projection)
            LEFT JOIN fx USING (run_id, suite)
            WHERE (CAST(? AS VARCHAR) IS NULL OR p.suite = ?)
              AND (CAST(? AS VARCHAR) IS NULL OR p.projection = ?)
            ORDER BY p.suite, p.projection, r.started_at, r.run_id
            """,
            [suite, suite, projection, projection],
        )

    def trace_trend(self) -> pd.DataFrame:
        """One row per run: totals over its analysed traces (NULL when it has none, and
        ``errors`` and ``retries`` NULL in runs recorded before schema 5 kept them)."""
        if self._empty:
            return pd.DataFrame()
        return self._df(
            """
            SELECT r.run_id, r.started_at, r.git_commit, r.git_dirty,
                   count(t.run_id) AS traces, sum(t.turns) AS turns,
                   sum(t.calls) AS calls, sum(t.errors) AS errors,
                   sum(t.retries) AS retries, sum(t.followups) AS followups,
                   sum(t.lookups) AS lookups,
                   sum(t.duplicates) AS duplicates, sum(t.hedges) AS hedges,
                   sum(t.result_tokens) AS result_tokens,
                   sum(t.billed_input_tokens) AS billed_input_tokens
            FROM runs r LEFT JOIN trace_summaries t USING (run_id)
            GROUP BY r.run_id, r.started_at, r.git_commit, r.git_dirty
            ORDER BY r.started_at, r.run_id
            """
        )

    def names(self) -> pd.DataFrame:
        """Every (suite, projection) pair ever recorded, sorted."""
        if self._empty:
            return pd.DataFrame(columns=["suite", "projection"])
        return self._df(
            "SELECT DISTINCT suite, projection FROM projection_results ORDER BY suite, projection"
        )
