"""The trace tables' one declaration (traces/columns.py) and every place that derives from it.

Each test builds the derived thing for real (an analysis of the shipped traces, a
fresh store, a Parquet file, the layout document) and compares it with the
declaration, so a column added in one place and not the others fails here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
import pytest
from projeval.store import Store
from projeval.store.rows import schema_columns
from projeval.traces import analyse_traces
from projeval.traces.columns import (
    CALLS,
    CLAIMS,
    DOCUMENT_VERSION,
    DRIFT,
    DUPLICATES,
    EVENTS,
    FOLLOWUPS,
    HEDGES,
    PROBLEMS,
    STORED_TABLES,
    SUMMARY,
    TABLES,
    TURNS,
    TURNS_DOCUMENT,
    Column,
    Table,
    upgrade_document,
)
from projeval.traces.parquet import COLUMN_TYPES, OPTIONAL_COLUMNS, REQUIRED_COLUMNS, write_events
from projeval.traces.parsers import parse_file
from trace_helpers import REPO, SHIPPED, desk_suite

#: The frames of a TraceAnalysis, by table.
FRAMES = {
    "summary": SUMMARY,
    "events": EVENTS,
    "calls": CALLS,
    "followups": FOLLOWUPS,
    "hedges": HEDGES,
    "turns": TURNS,
    "drift": DRIFT,
    "problems": PROBLEMS,
    "claims": CLAIMS,
}
#: The lists of TraceAnalysis.to_dict, by table.
DOCUMENT_LISTS = {
    "traces": SUMMARY,
    "followups": FOLLOWUPS,
    "duplicates": DUPLICATES,
    "hedges": HEDGES,
    "questions": DRIFT,
    "problems": PROBLEMS,
    "turns": TURNS_DOCUMENT,
    "claims": CLAIMS,
}


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory):
    # The shipped traces, and one file with an ungrounded claim and a bad record, so the
    # claims and problems tables have rows too.
    bad = tmp_path_factory.mktemp("bad") / "bad.jsonl"
    claim = [
        {"role": "user", "content": "When is my refund due?"},
        {"role": "assistant", "content": "Your refund of $42.50 is due on 2024-05-27."},
    ]
    bad.write_text(json.dumps({"messages": claim}) + "\n{not json\n")
    return analyse_traces([SHIPPED, bad], suites=[desk_suite()], keep_events=True)


def test_every_table_of_the_analysis_is_declared(shipped) -> None:
    assert set(shipped._rows) <= set(TABLES)
    # Rows the analysis keeps for drift and for telling copies, never shown.
    internal = {TABLES["suite_tools"], TABLES["copies"]}
    assert set(FRAMES.values()) | set(DOCUMENT_LISTS.values()) | internal == set(TABLES.values())


@pytest.mark.parametrize("name", sorted(FRAMES))
def test_frames_have_the_declared_columns_and_dtypes(shipped, name: str) -> None:
    table = FRAMES[name]
    frame = getattr(shipped, name)
    shown = [c for c in table.columns if c.in_frame]
    assert list(frame.columns) == [c.name for c in shown]
    assert {c: str(t) for c, t in frame.dtypes.items()} == {c.name: c.dtype for c in shown}


@pytest.mark.parametrize("name", sorted(set(FRAMES) - {"problems"}))
def test_rows_are_built_in_the_declared_order(shipped, name: str) -> None:
    # The producers build tuples by position: each must have one value per column.
    rows = shipped._rows[name]
    assert rows, f"the shipped traces give no {name} row to check"
    assert {len(r) for r in rows} == {len(FRAMES[name].columns)}


def test_row_values_have_the_declared_types(shipped) -> None:
    python = {"VARCHAR": str, "INTEGER": int, "BIGINT": int, "BOOLEAN": bool, "DOUBLE": float}
    for name, table in FRAMES.items():
        for row in shipped._rows.get(name, [tuple(p) for p in shipped._problems]):
            for column, value in zip(table.columns, row, strict=True):
                if value is None:
                    assert column.nullable or column.type == "ANY", (name, column.name)
                elif column.type in python:
                    assert isinstance(value, python[column.type]), (name, column.name, value)


@pytest.mark.parametrize("key", sorted(DOCUMENT_LISTS))
def test_document_keys_are_the_declared_columns(shipped, key: str) -> None:
    doc = shipped.to_dict()
    assert doc[key], f"the shipped traces give no {key} to check"
    assert {tuple(r) for r in doc[key]} == {DOCUMENT_LISTS[key].names}


def test_store_tables_are_built_from_the_declaration() -> None:
    columns = schema_columns()
    for table in STORED_TABLES:
        assert columns[table.store_table] == (
            ("run_id", "INTEGER"),
            *((c.name, c.sql_type) for c in table.store_columns()),
        )


def test_a_run_stores_the_declared_columns_and_reads_them_back(shipped, tmp_path: Path) -> None:
    from history_builders import info, small_suite
    from projeval.history import open_history

    rows = shipped.store_rows()
    assert set(rows) == {t.store_table for t in STORED_TABLES}
    for table in STORED_TABLES:
        assert rows[table.store_table], table.name
        assert {tuple(r) for r in rows[table.store_table]} == {
            (*table.stored, *(c.name for c in table.store_only))
        }
    db = tmp_path / "history.duckdb"
    Store(db).record_run(info(), [small_suite()], **rows)
    history = open_history(db)
    followups = history.followups(1)
    assert list(followups.columns) == ["run_id", *FOLLOWUPS.stored]
    # The same naming end to end: the stored follow-ups are the analysis's, column by column.
    stored = followups[["producer_tool", "producer_path", "consumer_tool", "consumer_arg"]]
    analysed = shipped.followups.sort_values(["file", "trace_id", "turn", "consumer_tool"])
    assert sorted(map(tuple, stored.values.tolist())) == sorted(
        map(tuple, analysed[list(stored.columns)].values.tolist())
    )
    assert len(history.hedges(1)) == len(shipped.hedges)
    assert history.trace_summaries(1)["calls"].sum() == shipped.summary["calls"].sum()


def test_parquet_layout_is_the_declared_events_columns(tmp_path: Path) -> None:
    declared = {c.name: c for c in EVENTS.columns}
    assert tuple(n for n, c in declared.items() if c.parquet == "required") == REQUIRED_COLUMNS
    assert set(OPTIONAL_COLUMNS) == {
        n for n, c in declared.items() if c.parquet in ("written", "read")
    }
    out = tmp_path / "events.parquet"
    write_events(parse_file(SHIPPED / "support_mcp.jsonl"), out)
    described = duckdb.sql(f"DESCRIBE SELECT * FROM read_parquet('{out}')").fetchall()
    written = [(n, c.sql_type) for n, c in declared.items() if c.parquet in ("required", "written")]
    assert [(r[0], r[1]) for r in described] == written == list(COLUMN_TYPES.items())


def test_the_layout_document_lists_the_declared_columns() -> None:
    text = (REPO / "docs/parquet_layout.md").read_text("utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\w+) \| (yes|no) \|", text, flags=re.M)
    parquet_type = {"VARCHAR": "string", "ANY": "string", "BIGINT": "int64", "BOOLEAN": "boolean"}
    declared = {
        c.name: (parquet_type[c.type], "yes" if c.parquet == "required" else "no")
        for c in EVENTS.columns
        if c.parquet is not None
    }
    assert {name: (t, req) for name, t, req in rows} == declared
    computed = re.search(
        r"Columns the analysis computes itself are ignored when present: (.*?)\(", text, re.S
    )
    assert computed is not None
    assert set(re.findall(r"`(\w+)`", computed.group(1))) == {
        c.name for c in EVENTS.columns if c.parquet is None
    }


def test_a_version_1_document_reads_with_the_current_names() -> None:
    old = {
        "version": 1,
        "followups": [
            {
                "file": "a.jsonl",
                "tool": "get_user",
                "argument": "user_id",
                "source_tool": "search",
                "source_path": "data[].id",
                "source_seq": 2,
                "source_call_id": "c1",
            }
        ],
    }
    new = upgrade_document(old)
    assert new["version"] == DOCUMENT_VERSION == 3
    assert new["followups"] == [
        {
            "file": "a.jsonl",
            "consumer_tool": "get_user",
            "consumer_arg": "user_id",
            "producer_tool": "search",
            "producer_path": "data[].id",
            "producer_seq": 2,
            "producer_call_id": "c1",
        }
    ]
    assert upgrade_document(new) is new


def test_a_table_refuses_a_column_declared_twice_or_stored_undeclared() -> None:
    col = Column("a", "VARCHAR", "a")
    with pytest.raises(ValueError, match="declared twice"):
        Table("t", "t", (col, col))
    with pytest.raises(ValueError, match=r"\['b'\] undeclared"):
        Table("t", "t", (col,), store_table="t", stored=("a", "b"))
