"""Parquet files of normalised events, globs and folders: the inputs of a partitioned corpus."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pandas as pd
import pytest
from projeval.errors import TraceError
from projeval.traces import analyse_traces
from projeval.traces.parquet import COLUMN_TYPES, write_events
from projeval.traces.parsers import parse_file
from projeval.traces.readers import expand_paths
from trace_helpers import SHIPPED, desk_suite


def _convert(folder: Path) -> Path:
    for path in sorted(SHIPPED.glob("support_*")):
        write_events(parse_file(path), folder / "date=2026-11-29" / f"{path.name}.parquet")
    return folder


def test_parquet_events_give_the_same_metrics_as_their_source(tmp_path: Path) -> None:
    source = analyse_traces([SHIPPED], suites=[desk_suite()])
    parquet = analyse_traces([_convert(tmp_path)], suites=[desk_suite()])
    assert parquet.totals == source.totals
    assert parquet.findings == source.findings and parquet.findings
    assert {f.format for f in parquet.files} == {"parquet"}
    # Every table but the file names (and a trace's first line, which the layout does not hold).
    for name in ("events", "calls", "followups", "hedges", "turns", "summary"):
        a = getattr(source, name).drop(columns=["file", "line"], errors="ignore")
        b = getattr(parquet, name).drop(columns=["file", "line"], errors="ignore")
        a = a.sort_values("trace_id", kind="stable").reset_index(drop=True)
        b = b.sort_values("trace_id", kind="stable").reset_index(drop=True)
        pd.testing.assert_frame_equal(a, b, obj=name)


def _write(path: Path, sql: str) -> Path:
    con = duckdb.connect()
    con.execute(f"COPY ({sql}) TO '{path}' (FORMAT parquet)")
    con.close()
    return path


def test_a_minimal_file_with_a_bad_row(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "events.parquet",
        "SELECT * FROM (VALUES "
        "('t1', 0, 0, 'user', 'message', 'Who owns tkt_12345678?', NULL, NULL, NULL),"
        "('t1', 1, 1, 'assistant', 'call', NULL, 'get_user', 'c1', '{\"id\": \"usr_00001234\"}'),"
        "('t1', 2, 2, 'tool', 'result', '{\"name\": \"Dana\"}', NULL, 'c1', NULL),"
        "('t1', 3, 3, 'robot', 'message', 'beep', NULL, NULL, NULL),"
        "('t2', 0, 0, 'user', 'message', 'Hello there', NULL, NULL, NULL)"
        ") AS v(trace_id, seq, msg, role, kind, text, tool, call_id, args_raw)",
    )
    result = analyse_traces([path])
    assert result.summary[["trace_id", "calls", "results", "unanswered_calls"]].values.tolist() == [
        ["t1", 1, 1, 0],
        ["t2", 0, 0, 0],
    ]
    assert result.calls["tool"].tolist() == ["get_user"]
    assert result.problems["reason"].tolist() == [
        "trace 't1' seq 3: unknown role 'robot'; event skipped"
    ]


def test_a_file_without_the_required_columns_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path / "bad.parquet", "SELECT 't1' AS trace_id, 'user' AS role")
    with pytest.raises(TraceError) as info:
        analyse_traces([path])
    assert info.value.render() == (
        f"{path}: this Parquet file has no column 'seq', 'msg', 'kind'. "
        "Fix: write the normalised event columns (see docs/parquet_layout.md for the columns)"
    )


def test_the_writer_writes_the_documented_types(tmp_path: Path) -> None:
    rows = write_events(parse_file(SHIPPED / "support_openai.jsonl"), tmp_path / "o.parquet")
    assert rows == 40
    con = duckdb.connect()
    described = con.execute(
        "DESCRIBE SELECT * FROM read_parquet(?)", [str(tmp_path / "o.parquet")]
    ).fetchall()
    assert {r[0]: r[1] for r in described} == COLUMN_TYPES


def test_globs_and_folders(tmp_path: Path) -> None:
    for day in ("2026-11-28", "2026-11-29"):
        folder = tmp_path / f"date={day}"
        folder.mkdir()
        (folder / "part-0.jsonl").write_text("{}\n", "utf-8")
        (folder / "notes.txt").write_text("not a trace", "utf-8")
    names = [p.relative_to(tmp_path).as_posix() for p in expand_paths([tmp_path / "date=*"])]
    assert names == ["date=2026-11-28/part-0.jsonl", "date=2026-11-29/part-0.jsonl"]
    pattern = str(tmp_path / "**" / "*.jsonl")
    assert len(expand_paths([pattern])) == 2
    with pytest.raises(TraceError, match="no file matches this pattern"):
        expand_paths([str(tmp_path / "date=2027-*")])
