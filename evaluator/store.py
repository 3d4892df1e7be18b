"""The history store: every recorded run, in one embedded DuckDB file.

This module owns all of projeval's SQL. It writes runs (:meth:`Store.record_run`)
and answers the read queries that :mod:`evaluator.history` turns into trends and
diffs (:meth:`Store.read`). Nothing else in projeval talks to DuckDB.

Durability: a run is written in ONE transaction, so a process killed while
writing (SIGKILL included) leaves the store exactly as it was; DuckDB drops the
uncommitted rows when the file is next opened.

Concurrency: DuckDB lets one process open a file read-write, and while it does,
no other process can open that file at all, read-only included (checked with
DuckDB 2.0); read-only opens share the file with each other. So every operation
here opens the file, does its work and closes it straight away, and a process
that finds the file locked retries with backoff for up to ``lock_timeout``
seconds before it raises :class:`StoreBusyError`.

Safety: a file at the store path that is not a DuckDB database, or a DuckDB
database that is not a projeval store, is refused and never written to. A store
written by a newer projeval is refused; an older one is migrated in place, in one
transaction.

Test hook (for tests only, documented so it is not a surprise): when the
environment variable ``PROJEVAL_STORE_TEST_PAUSE`` is ``"<table>:<seconds>"``
(optionally ``"<table>:<seconds>:<release file>"``), :meth:`Store.record_run`
writes ``projeval-store: paused after <table>`` to stderr after inserting into
``<table>`` and sleeps inside the open transaction for up to ``<seconds>``, or
until the release file exists. The tests use it to kill a writer mid-run and to
hold the lock deterministically.
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb
import pandas as pd

from evaluator import __version__
from evaluator.errors import StoreError

if TYPE_CHECKING:
    from evaluator.score import SuiteScore

# Schema changelog (bump SCHEMA_VERSION and add a _MIGRATIONS entry for every change):
#   1  projeval 0.1.0 dev: runs, run_suites, run_fixtures, projection_results,
#      question_results, need_results, lineage, costs, findings.
#   2  trace tables trace_summaries, followups and hedges; runs.tokenizer;
#      findings.field.
#   3  run_documents: the run's whole JSON document (score, cost, findings,
#      traces), so a report can be rendered for any recorded run.
SCHEMA_VERSION = 3

#: Seconds a process waits for another projeval process to release the store.
DEFAULT_LOCK_TIMEOUT = 10.0

#: Test-only hook, see the module docstring.
PAUSE_ENV = "PROJEVAL_STORE_TEST_PAUSE"

# The current schema, used as is for a new store. Times are UTC (TIMESTAMP
# without a zone, so reading never depends on the session's time zone).
# Precision is VARCHAR because a need asks for either a time unit ("minute") or
# a character count ("120"). Only runs and run_suites carry primary keys: the
# writer builds every other table from one run's in-memory objects, and an ART
# index on the result tables would slow bulk writes without speeding the
# run_id-filtered reads (DuckDB prunes those with its per-row-group min/max).
SCHEMA = """
CREATE TABLE projeval_meta (
    key VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

-- One row per recorded run.
CREATE TABLE runs (
    run_id INTEGER PRIMARY KEY,
    started_at TIMESTAMP NOT NULL,
    projeval_version VARCHAR NOT NULL,
    git_commit VARCHAR,
    git_dirty BOOLEAN,
    tokenizer VARCHAR
);

-- The suites scored in a run, with the digest of the suite file.
CREATE TABLE run_suites (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    tool VARCHAR,
    file VARCHAR,
    digest VARCHAR,
    total_weight DOUBLE,
    diagnostics VARCHAR[],
    PRIMARY KEY (run_id, suite)
);

-- Each fixture of a suite in a run, with its content digest.
CREATE TABLE run_fixtures (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    fixture VARCHAR NOT NULL,
    digest VARCHAR,
    error VARCHAR
);

-- One row per projection of a suite in a run; coverage is NULL when it failed.
CREATE TABLE projection_results (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    projection VARCHAR NOT NULL,
    target VARCHAR,
    digest VARCHAR,
    coverage DOUBLE,
    answerable INTEGER,
    questions_total INTEGER,
    error VARCHAR,
    error_kind VARCHAR
);

CREATE TABLE question_results (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    projection VARCHAR NOT NULL,
    question VARCHAR NOT NULL,
    text VARCHAR,
    weight DOUBLE,
    answerable BOOLEAN
);

-- The status of each field a question needs, per projection.
CREATE TABLE need_results (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    projection VARCHAR NOT NULL,
    question VARCHAR NOT NULL,
    field VARCHAR NOT NULL,
    status VARCHAR NOT NULL,
    detail VARCHAR,
    lineage VARCHAR,
    outputs VARCHAR[],
    precision VARCHAR,
    readable BOOLEAN
);

-- Where each source field lands in a projection's output.
CREATE TABLE lineage (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    projection VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    field VARCHAR,
    status VARCHAR NOT NULL,
    detail VARCHAR,
    outputs VARCHAR[],
    kind VARCHAR,
    precision VARCHAR,
    opaque BOOLEAN
);

-- Token cost of a projection's output per fixture.
CREATE TABLE costs (
    run_id INTEGER NOT NULL,
    suite VARCHAR,
    projection VARCHAR,
    fixture VARCHAR,
    tokens BIGINT,
    bytes BIGINT,
    tokens_per_item DOUBLE,
    ratio_to_raw DOUBLE,
    estimate_bytes4 BIGINT
);

-- Contract findings; field is the field-dictionary name when one applies.
CREATE TABLE findings (
    run_id INTEGER NOT NULL,
    rule VARCHAR,
    severity VARCHAR,
    suite VARCHAR,
    projection VARCHAR,
    fixture VARCHAR,
    path VARCHAR,
    message VARCHAR,
    field VARCHAR
);

-- One row per analysed agent trace.
CREATE TABLE trace_summaries (
    run_id INTEGER NOT NULL,
    trace_id VARCHAR,
    source_file VARCHAR,
    format VARCHAR,
    turns INTEGER,
    tool_calls INTEGER,
    followups INTEGER,
    duplicates INTEGER,
    hedges INTEGER,
    result_tokens BIGINT,
    billed_input_tokens BIGINT,
    recorded_input_tokens BIGINT
);

-- A tool call whose argument came from an earlier tool result.
CREATE TABLE followups (
    run_id INTEGER NOT NULL,
    trace_id VARCHAR,
    source_file VARCHAR,
    turn INTEGER,
    producer_tool VARCHAR,
    producer_path VARCHAR,
    consumer_tool VARCHAR,
    consumer_arg VARCHAR,
    value VARCHAR,
    duplicate BOOLEAN
);

-- A hedging phrase in an agent's answer.
CREATE TABLE hedges (
    run_id INTEGER NOT NULL,
    trace_id VARCHAR,
    source_file VARCHAR,
    turn INTEGER,
    phrase VARCHAR,
    language VARCHAR,
    excerpt VARCHAR,
    question_id VARCHAR
);

-- The run's whole document, as ``projeval run --format json`` writes it.
CREATE TABLE run_documents (
    run_id INTEGER NOT NULL,
    document VARCHAR NOT NULL
);
"""

# Migrations, frozen: _MIGRATIONS[n] takes a store from version n to n + 1. Never
# edit one after release; a later change gets a new entry.
_MIGRATIONS: dict[int, str] = {
    1: """
ALTER TABLE runs ADD COLUMN tokenizer VARCHAR;
ALTER TABLE findings ADD COLUMN field VARCHAR;
CREATE TABLE trace_summaries (
    run_id INTEGER NOT NULL,
    trace_id VARCHAR,
    source_file VARCHAR,
    format VARCHAR,
    turns INTEGER,
    tool_calls INTEGER,
    followups INTEGER,
    duplicates INTEGER,
    hedges INTEGER,
    result_tokens BIGINT,
    billed_input_tokens BIGINT,
    recorded_input_tokens BIGINT
);
CREATE TABLE followups (
    run_id INTEGER NOT NULL,
    trace_id VARCHAR,
    source_file VARCHAR,
    turn INTEGER,
    producer_tool VARCHAR,
    producer_path VARCHAR,
    consumer_tool VARCHAR,
    consumer_arg VARCHAR,
    value VARCHAR,
    duplicate BOOLEAN
);
CREATE TABLE hedges (
    run_id INTEGER NOT NULL,
    trace_id VARCHAR,
    source_file VARCHAR,
    turn INTEGER,
    phrase VARCHAR,
    language VARCHAR,
    excerpt VARCHAR,
    question_id VARCHAR
);
""",
    2: """
CREATE TABLE run_documents (
    run_id INTEGER NOT NULL,
    document VARCHAR NOT NULL
);
""",
}

#: Tables that hold a run's rows, in the order a run is written.
RUN_TABLES = (
    "runs",
    "run_suites",
    "run_fixtures",
    "projection_results",
    "question_results",
    "need_results",
    "lineage",
    "costs",
    "findings",
    "trace_summaries",
    "followups",
    "hedges",
    "run_documents",
)

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
    "trace_summaries": "run_id, source_file, trace_id",
    "followups": "run_id, source_file, trace_id, turn, consumer_tool, consumer_arg, value",
    "hedges": "run_id, source_file, trace_id, turn, phrase, excerpt",
    "run_documents": "run_id",
}

_MAGIC = b"DUCK"  # bytes 8-11 of every DuckDB database file
_LOCK_RE = re.compile(r"Could not set lock on file|Conflicting lock", re.IGNORECASE)
_PID_RE = re.compile(r"\(PID (\d+)\)")
# One writer per process at a time: two threads would race for the next run id.
_WRITE_LOCK = threading.Lock()
# Never let DuckDB fetch extensions: opening a SQLite file would try to download one.
_DUCKDB_CONFIG: dict[str, str | bool] = {
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
}
# 16 KiB blocks for a new store (an existing file keeps its own): a store of a few
# runs takes ~0.3 MB instead of ~5 MB, and 10,000 runs answer as fast (measured
# with benchmarks/bench_history.py). DuckDB reads the option from 1.2 on.
if tuple(int(p) for p in re.findall(r"\d+", duckdb.__version__)[:2]) >= (1, 2):
    _DUCKDB_CONFIG["default_block_size"] = "16384"


class StoreBusyError(StoreError):
    """Another projeval process holds the store for longer than the lock timeout."""


class StoreVersionError(StoreError):
    """The store was written by a newer projeval."""


class NotAStoreError(StoreError):
    """The file at the store path is not a projeval history store; it is left untouched."""


class StoreWriteError(StoreError):
    """A run (or a migration) could not be written; the store is as it was before."""


# --------------------------------------------------------------------------------------
# Run metadata


@dataclass(frozen=True)
class RunInfo:
    """What a run records besides its scores. ``started_at`` is injected, never read here."""

    started_at: datetime
    projeval_version: str = __version__
    tokenizer: str | None = None
    git_commit: str | None = None
    git_dirty: bool | None = None

    def __post_init__(self) -> None:
        if self.started_at.tzinfo is None:
            raise ValueError("RunInfo.started_at must be timezone-aware, e.g. datetime.now(UTC)")

    @classmethod
    def capture(
        cls, started_at: datetime, root: str | Path, tokenizer: str | None = None
    ) -> RunInfo:
        """Run metadata for a project folder: its git commit and dirty flag, if any."""
        commit, dirty = git_state(root)
        return cls(started_at=started_at, tokenizer=tokenizer, git_commit=commit, git_dirty=dirty)

    @property
    def started_at_utc(self) -> datetime:
        """``started_at`` in UTC, without a zone, as the store keeps it."""
        return self.started_at.astimezone(UTC).replace(tzinfo=None)


def git_state(path: str | Path) -> tuple[str | None, bool | None]:
    """The commit checked out at ``path`` and whether tracked files differ from it.

    ``(None, None)`` when ``path`` is not in a git work tree, the repository has
    no commit yet, or git is not installed. Untracked files do not make a tree
    dirty (as with ``git describe --dirty``).
    """
    # No optional locks: a concurrent git command in the user's tree must not fail.
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}

    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["git", "-C", str(path), *args],
            capture_output=True,
            text=True,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=30,
            check=False,
        )

    try:
        head = git("rev-parse", "--verify", "--quiet", "HEAD")
        if head.returncode != 0 or not head.stdout.strip():
            return None, None
        status = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return None, None
    dirty = bool(status.stdout.strip()) if status.returncode == 0 else None
    return head.stdout.strip(), dirty


# --------------------------------------------------------------------------------------
# Rows of a run


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


def run_rows(
    info: RunInfo,
    suite_scores: Sequence[SuiteScore],
    *,
    costs: Sequence[Mapping[str, Any]] = (),
    findings: Sequence[Mapping[str, Any]] = (),
    trace_summaries: Sequence[Mapping[str, Any]] = (),
    followups: Sequence[Mapping[str, Any]] = (),
    hedges: Sequence[Mapping[str, Any]] = (),
) -> dict[str, list[dict[str, Any]]]:
    """One run as plain rows per table (without ``run_id``), ready to write."""
    names = [s.suite.name for s in suite_scores]
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
    for score in sorted(suite_scores, key=lambda s: s.suite.name):
        _suite_rows(score, rows)
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


def _suite_rows(score: SuiteScore, rows: dict[str, list[dict[str, Any]]]) -> None:
    suite = score.suite
    name = suite.name
    rows["run_suites"].append(
        {
            "suite": name,
            "tool": suite.tool,
            "file": str(suite.path),
            "digest": suite.digest or None,
            "total_weight": suite.total_weight,
            "diagnostics": list(score.diagnostics),
        }
    )
    errors = {f.name: f.error for f in suite.fixtures}
    for fixture in sorted(set(errors) | set(score.fixture_digests)):
        rows["run_fixtures"].append(
            {
                "suite": name,
                "fixture": fixture,
                "digest": score.fixture_digests.get(fixture),
                "error": errors.get(fixture),
            }
        )
    for pname in sorted(score.projections):
        p = score.projections[pname]
        key = {"suite": name, "projection": pname}
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
        for fl in p.lineage.rows() if p.lineage else []:
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
        # "source file" and "source-file" both mean source_file.
        column = str(key).strip().replace(" ", "_").replace("-", "_")
        if column not in allowed:
            raise ValueError(
                f"{table}[{index}]: unknown column {key!r}; the store's {table} columns are: "
                + ", ".join(allowed)
            )
        out[column] = value
    return out


_PANDAS_DTYPES = {
    "INTEGER": "Int64",
    "BIGINT": "Int64",
    "DOUBLE": "Float64",
    "BOOLEAN": "boolean",
    "VARCHAR": object,
    "VARCHAR[]": object,
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
            return value
        if isinstance(value, int | float) and not isinstance(value, bool):
            return str(value)
        raise ValueError("is not a string")
    if data_type == "VARCHAR[]":
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return list(value)
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


# --------------------------------------------------------------------------------------
# Opening the file


def _check_file(path: Path, wait: float) -> None:
    """Refuse a file that is not a DuckDB database before DuckDB ever opens it."""
    try:
        head = _head(path)
        # An empty file may be a store another process is creating this instant.
        deadline = time.monotonic() + min(wait, 2.0)
        while not head and time.monotonic() < deadline:
            time.sleep(0.05)
            head = _head(path)
    except IsADirectoryError:
        raise NotAStoreError(
            "the store path is a folder, not a file.",
            file=path,
            fix="use --db to name a file, e.g. .projeval/history.duckdb",
        ) from None
    except OSError as exc:
        raise StoreError(
            f"cannot read the store: {exc.strerror}.", file=path, fix="check its permissions"
        ) from None
    if head[8:12] != _MAGIC:
        raise NotAStoreError(
            "this file is not a DuckDB database, so not a projeval history store; "
            "it was left untouched.",
            file=path,
            fix="move it away, or use --db (or PROJEVAL_DB) to pick another path",
        )


def _head(path: Path) -> bytes:
    with path.open("rb") as fh:
        return fh.read(12)


def _is_lock_conflict(exc: BaseException) -> bool:
    return isinstance(exc, duckdb.IOException) and bool(_LOCK_RE.search(str(exc)))


def _duckdb_message(exc: BaseException) -> str:
    text = str(exc).split("\n", 1)[0].strip()
    for prefix in (
        "IO Error: ",
        "Connection Error: ",
        "Invalid Input Error: ",
        "TransactionContext Error: ",
        "Failed to commit: ",
    ):
        text = text.removeprefix(prefix)
    return text.rstrip(".")


def _connect(path: Path, *, read_only: bool, timeout: float) -> duckdb.DuckDBPyConnection:
    """Open the store, waiting (with backoff) while another process holds it."""
    deadline = time.monotonic() + timeout
    delay = 0.02
    while True:
        try:
            return duckdb.connect(str(path), read_only=read_only, config=_DUCKDB_CONFIG)
        except duckdb.Error as exc:
            if not _is_lock_conflict(exc):
                raise _open_error(path, exc, read_only) from None
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                pid = _PID_RE.search(str(exc))
                holder = f" (PID {pid.group(1)})" if pid else ""
                raise StoreBusyError(
                    f"the store is in use by another projeval process{holder}; "
                    f"gave up after waiting {timeout:g} s.",
                    file=path,
                    fix="try again when it has finished, or use --db to pick another store",
                ) from None
            time.sleep(min(delay, remaining))
            delay = min(delay * 2, 0.5)


def _open_error(path: Path, exc: BaseException, read_only: bool) -> StoreError:
    message = _duckdb_message(exc)
    if "not a valid DuckDB database" in message:
        return NotAStoreError(
            "this file is not a DuckDB database, so not a projeval history store; "
            "it was left untouched.",
            file=path,
            fix="move it away, or use --db (or PROJEVAL_DB) to pick another path",
        )
    if "different configuration" in message:
        return StoreError(
            "the store is already open in this process with other settings.",
            file=path,
            fix="close your own DuckDB connection to it first",
        )
    if "version" in message.lower():
        return StoreError(
            f"this DuckDB cannot read the store ({message}).",
            file=path,
            fix="upgrade duckdb (pip install -U duckdb), or use --db to pick another store",
        )
    if read_only:
        return StoreError(
            f"cannot read the store: {message}.", file=path, fix="check the file's permissions"
        )
    return StoreWriteError(
        f"cannot write to the store: {message}.",
        file=path,
        fix="check that the file and its folder are writable, or use --db to pick another store",
    )


def _schema_version(con: duckdb.DuckDBPyConnection, path: Path) -> int | None:
    """The store's schema version; None for an empty database; refuses a foreign one."""
    tables = {
        name
        for (name,) in con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database()"
        ).fetchall()
    }
    if "projeval_meta" not in tables:
        if not tables:
            return None
        raise NotAStoreError(
            "this DuckDB database is not a projeval history store (it has no projeval_meta "
            "table); it was left untouched.",
            file=path,
            fix="use --db (or PROJEVAL_DB) to pick another path",
        )
    # fetchall, never fetchone: DuckDB 2 refuses new work on a half-read result.
    rows = con.execute("SELECT value FROM projeval_meta WHERE key = 'schema_version'").fetchall()
    try:
        return int(rows[0][0]) if rows else -1
    except ValueError:
        return -1


def _refuse_version(version: int, path: Path) -> None:
    if version > SCHEMA_VERSION:
        raise StoreVersionError(
            f"this store was written by a newer projeval (store schema version {version}; "
            f"projeval {__version__} reads versions 1 to {SCHEMA_VERSION}).",
            file=path,
            fix="upgrade projeval (pip install -U projeval), or use --db to pick another store",
        )
    if version < 1:
        raise NotAStoreError(
            "this store's schema version is missing or unreadable; it was left untouched.",
            file=path,
            fix="use --db (or PROJEVAL_DB) to pick another path",
        )


@contextmanager
def _transaction(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    con.execute("BEGIN TRANSACTION")
    try:
        yield
        con.execute("COMMIT")
    except BaseException:
        # A failed COMMIT has already rolled back; DuckDB then refuses ROLLBACK.
        with suppress(duckdb.Error):
            con.execute("ROLLBACK")
        raise


def _test_pause(table: str) -> None:
    """The test-only pause inside the write transaction (see the module docstring)."""
    spec = os.environ.get(PAUSE_ENV)
    if not spec:
        return
    where, _, rest = spec.partition(":")
    if where != table:
        return
    seconds, _, release = rest.partition(":")
    sys.stderr.write(f"projeval-store: paused after {table}\n")
    sys.stderr.flush()
    deadline = time.monotonic() + float(seconds or 60)
    while time.monotonic() < deadline and not (release and os.path.exists(release)):
        time.sleep(0.02)


# --------------------------------------------------------------------------------------
# The store


class Store:
    """The history store at ``path``; each call opens the file and closes it again."""

    def __init__(self, path: str | Path, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> None:
        self.path = Path(path)
        self.lock_timeout = lock_timeout

    def __repr__(self) -> str:
        return f"<Store {str(self.path)!r}>"

    @contextmanager
    def _open(self, *, read_only: bool) -> Iterator[duckdb.DuckDBPyConnection]:
        if self.path.exists():
            _check_file(self.path, self.lock_timeout)
        elif read_only:
            raise StoreError(
                "no history store here yet.",
                file=self.path,
                fix="record a run first (projeval run), or use --db / PROJEVAL_DB to point "
                "at an existing store",
            )
        else:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreWriteError(
                    f"cannot create the store's folder: {exc.strerror}.",
                    file=self.path,
                    fix="use --db to pick a writable path",
                ) from None
        con = _connect(self.path, read_only=read_only, timeout=self.lock_timeout)
        try:
            yield con
        finally:
            # After a COMMIT the run is safe in the WAL; a failing checkpoint on close
            # (e.g. disk full) only delays merging it into the file.
            with suppress(duckdb.Error):
                con.close()

    def _prepare(self, con: duckdb.DuckDBPyConnection) -> int:
        """Create the schema in a new store or migrate an older one; return the old version."""
        version = _schema_version(con, self.path)
        if version is None:
            try:
                with _transaction(con):
                    con.execute(SCHEMA)
                    con.execute(
                        "INSERT INTO projeval_meta VALUES ('schema_version', ?), ('created_by', ?)",
                        [str(SCHEMA_VERSION), __version__],
                    )
            except duckdb.Error as exc:
                raise StoreWriteError(
                    f"cannot create the store: {_duckdb_message(exc)}.",
                    file=self.path,
                    fix="check that the file and its folder are writable, or use --db",
                ) from None
            return SCHEMA_VERSION
        _refuse_version(version, self.path)
        if version < SCHEMA_VERSION:
            try:
                # All steps in one transaction: a failure leaves the old version whole.
                with _transaction(con):
                    for step in range(version, SCHEMA_VERSION):
                        con.execute(_MIGRATIONS[step])
                    con.execute(
                        "UPDATE projeval_meta SET value = ? WHERE key = 'schema_version'",
                        [str(SCHEMA_VERSION)],
                    )
                    con.execute(
                        "INSERT OR REPLACE INTO projeval_meta VALUES ('migrated_by', ?)",
                        [__version__],
                    )
            except duckdb.Error as exc:
                raise StoreWriteError(
                    f"could not upgrade the store from schema version {version} to "
                    f"{SCHEMA_VERSION}: {_duckdb_message(exc)}; it was left at version {version}.",
                    file=self.path,
                    fix="check that the store is writable, then run again",
                ) from None
        return version

    def migrate(self) -> int:
        """Bring the store to :data:`SCHEMA_VERSION` (creating it if missing); return the old version."""
        with _WRITE_LOCK, self._open(read_only=False) as con:
            return self._prepare(con)

    def schema_version(self) -> int:
        """The schema version of the file, read without changing it."""
        with self._open(read_only=True) as con:
            version = _schema_version(con, self.path)
        if version is None:
            raise StoreError(
                "the store holds no projeval data yet.",
                file=self.path,
                fix="record a run first (projeval run)",
            )
        return version

    def record_run(
        self,
        info: RunInfo,
        suite_scores: Sequence[SuiteScore],
        *,
        costs: Sequence[Mapping[str, Any]] = (),
        findings: Sequence[Mapping[str, Any]] = (),
        trace_summaries: Sequence[Mapping[str, Any]] = (),
        followups: Sequence[Mapping[str, Any]] = (),
        hedges: Sequence[Mapping[str, Any]] = (),
        document: Mapping[str, Any] | None = None,
    ) -> int:
        """Write one run in one transaction and return its id (1, 2, 3, ... per store).

        ``costs``, ``findings``, ``trace_summaries``, ``followups`` and ``hedges``
        are lists of dicts keyed by the columns of their tables (see
        :data:`SCHEMA`); a missing key is NULL, an unknown key is a ValueError.
        """
        rows = run_rows(
            info,
            suite_scores,
            costs=costs,
            findings=findings,
            trace_summaries=trace_summaries,
            followups=followups,
            hedges=hedges,
        )
        if document is not None:
            text = json.dumps(document, sort_keys=True, ensure_ascii=False, default=str)
            rows["run_documents"] = [{"document": text}]
        # Built and checked before the file is locked, so bad input never holds the lock.
        frames = {t: _frame(t, r) for t, r in rows.items() if r}
        return self._append_run(frames)

    def _append_run(self, frames: Mapping[str, pd.DataFrame]) -> int:
        """Append ONE new run from per-table frames (no run_id column) in one transaction."""
        unknown = sorted(set(frames) - set(RUN_TABLES))
        if unknown:
            raise ValueError(f"not a run table: {', '.join(unknown)}")
        if "runs" not in frames or len(frames["runs"]) != 1:
            raise ValueError("a run needs exactly one row in 'runs'")
        with _WRITE_LOCK, self._open(read_only=False) as con:
            self._prepare(con)
            try:
                with _transaction(con):
                    run_id = con.execute(
                        "SELECT coalesce(max(run_id), 0) + 1 FROM runs"
                    ).fetchall()[0][0]
                    for table in RUN_TABLES:
                        frame = frames.get(table)
                        if frame is not None and len(frame):
                            _insert(con, table, frame.assign(run_id=run_id))
                        _test_pause(table)
            except duckdb.Error as exc:
                raise StoreWriteError(
                    f"could not record the run: {_duckdb_message(exc)}. Nothing of this run "
                    "was written; the earlier runs are intact.",
                    file=self.path,
                    fix="free some disk space, or check that the store and its folder are "
                    "writable, or use --db to pick another store",
                ) from None
        return int(run_id)

    def bulk_load(self, frames: Mapping[str, pd.DataFrame]) -> None:
        """Append many runs at once from frames that carry their own run_id (benchmarks, imports).

        One transaction; the run ids must not exist in the store yet.
        """
        unknown = sorted(set(frames) - set(RUN_TABLES))
        if unknown:
            raise ValueError(f"not a run table: {', '.join(unknown)}")
        with _WRITE_LOCK, self._open(read_only=False) as con:
            self._prepare(con)
            try:
                with _transaction(con):
                    for table in RUN_TABLES:
                        if table in frames and len(frames[table]):
                            _insert(con, table, frames[table])
            except duckdb.Error as exc:
                raise StoreWriteError(
                    f"could not load the runs: {_duckdb_message(exc)}. Nothing was written.",
                    file=self.path,
                ) from None

    @contextmanager
    def read(self) -> Iterator[StoreReader]:
        """A read-only view for the queries of :mod:`evaluator.history`.

        An older store is migrated first (that needs write access once).
        """
        with self._open(read_only=True) as con:
            version = _schema_version(con, self.path)
            if version is not None:
                _refuse_version(version, self.path)
            if version is None or version == SCHEMA_VERSION:
                yield StoreReader(con)
                return
        self.migrate()
        with self._open(read_only=True) as con:
            yield StoreReader(con)


def _insert(con: duckdb.DuckDBPyConnection, table: str, frame: pd.DataFrame) -> None:
    types = dict(schema_columns()[table])
    unknown = [c for c in frame.columns if c not in types]
    if unknown:
        raise ValueError(f"{table}: unknown columns {unknown}")
    # Identifiers come from SCHEMA, never from input; the values travel in the frame.
    names = ", ".join(f'"{c}"' for c in frame.columns)
    casts = ", ".join(f'CAST("{c}" AS {types[c]})' for c in frame.columns)
    con.register("_projeval_rows", frame)
    try:
        con.execute(f'INSERT INTO "{table}" ({names}) SELECT {casts} FROM _projeval_rows')
    finally:
        con.unregister("_projeval_rows")


# --------------------------------------------------------------------------------------
# Read queries


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
        """The whole document recorded with a run (None for runs recorded without one)."""
        if self._empty:
            return None
        rows = self._con.execute(
            "SELECT document FROM run_documents WHERE run_id = ?", [run_id]
        ).fetchall()
        return json.loads(rows[0][0]) if rows else None

    def run_list(self, runs: Sequence[int] | None = None) -> pd.DataFrame:
        """One row per run (all, or those given) with the names of its suites, oldest first."""
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
            )
            SELECT r.run_id, r.started_at, r.projeval_version, r.git_commit, r.git_dirty,
                   r.tokenizer, coalesce(s.suites, '') AS suites,
                   coalesce(p.projections, 0) AS projections, coalesce(t.traces, 0) AS traces
            FROM runs r
            LEFT JOIN s USING (run_id) LEFT JOIN p USING (run_id) LEFT JOIN t USING (run_id)
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
        """One row per run: totals over its analysed traces (NULL when it has none)."""
        if self._empty:
            return pd.DataFrame()
        return self._df(
            """
            SELECT r.run_id, r.started_at, r.git_commit, r.git_dirty,
                   count(t.run_id) AS traces, sum(t.turns) AS turns,
                   sum(t.tool_calls) AS tool_calls, sum(t.followups) AS followups,
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
