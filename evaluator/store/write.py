"""The :class:`Store`: writing a run in one transaction, creating and migrating the schema."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb
import pandas as pd

from .._version import __version__
from ..errors import StoreError
from .errors import StoreWriteError
from .files import (
    _DUCKDB_CONFIG,
    DEFAULT_LOCK_TIMEOUT,
    _check_file,
    _connect,
    _duckdb_message,
    _refuse_version,
    _schema_version,
    _transaction,
)
from .migrations import _MIGRATIONS
from .read import StoreReader
from .rows import _frame, record_rows, run_rows, schema_columns
from .run_info import RunInfo
from .schema import RUN_TABLES, SCHEMA, SCHEMA_VERSION

if TYPE_CHECKING:
    from ..runrecord import RunRecord, SuiteRecord
    from ..score import SuiteScore

#: Test-only hook, see the package docstring.
PAUSE_ENV = "PROJEVAL_STORE_TEST_PAUSE"

# One writer per process at a time: two threads would race for the next run id.
_WRITE_LOCK = threading.Lock()


def _test_pause(table: str) -> None:
    """The test-only pause inside the write transaction (see the package docstring)."""
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

    def record(self, info: RunInfo, run: RunRecord) -> int:
        """Write one run record in one transaction and return its id (1, 2, 3, ... per store).

        The record is kept twice, from the one object: as rows of the query tables
        and whole, as its document, which :meth:`StoreReader.run` reads back typed.
        """
        rows = record_rows(info, run)
        # Built and checked before the file is locked, so bad input never holds the lock.
        frames = {t: _frame(t, r) for t, r in rows.items() if r}
        return self._append_run(frames)

    def record_run(
        self,
        info: RunInfo,
        suite_scores: Sequence[SuiteRecord | SuiteScore],
        *,
        costs: Sequence[Mapping[str, Any]] = (),
        findings: Sequence[Mapping[str, Any]] = (),
        trace_summaries: Sequence[Mapping[str, Any]] = (),
        followups: Sequence[Mapping[str, Any]] = (),
        hedges: Sequence[Mapping[str, Any]] = (),
        document: Mapping[str, Any] | None = None,
    ) -> int:
        """Write one run from rows in one transaction and return its id.

        The low-level writer behind :meth:`record` (tests, benchmarks and imports
        use it to build stores). ``costs``, ``findings``, ``trace_summaries``, ``followups`` and ``hedges``
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
                # Only a failed write is about the disk; anything else is the true reason
                # to report (a value DuckDB refused), not advice to free space.
                disk = isinstance(exc, duckdb.IOException | duckdb.PermissionException)
                raise StoreWriteError(
                    f"could not record the run: {_duckdb_message(exc)}. Nothing of this run "
                    "was written; the earlier runs are intact.",
                    file=self.path,
                    fix="free some disk space, or check that the store and its folder are "
                    "writable, or use --db to pick another store"
                    if disk
                    else "this is a bug in projeval: please report it with this message",
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
        """A read-only view for the queries of :mod:`projeval.history`.

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


@contextmanager
def records_reader(records: Mapping[int, RunRecord]) -> Iterator[StoreReader]:
    """A reader over the tables these typed run records (by run id) are kept in.

    An in-memory database of the store's schema, filled from each record by the
    writer's own code (:func:`record_rows`, the typed frames, the casts of the
    insert): its tables read exactly as a store's would, had the records been
    recorded under those ids. The run diff reads its two runs this way, from
    their typed records, rather than from the store's row tables.
    """
    con = duckdb.connect(":memory:", config=_DUCKDB_CONFIG)
    try:
        con.execute(SCHEMA)
        for run_id, record in records.items():
            # Only the run tables are read: the runs row's time and git state are not.
            info = RunInfo(datetime.fromtimestamp(0, UTC), tokenizer=record.tokenizer)
            for table, rows in record_rows(info, record).items():
                if rows:
                    _insert(con, table, _frame(table, rows).assign(run_id=run_id))
        yield StoreReader(con)
    finally:
        con.close()


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
