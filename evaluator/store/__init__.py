"""The history store: every recorded run, in one embedded DuckDB file.

This package owns all of projeval's SQL. It writes runs (:meth:`Store.record_run`)
and answers the read queries that :mod:`projeval.history` turns into trends and
diffs (:meth:`Store.read`). Nothing else in projeval talks to DuckDB.

Layout: ``schema`` (SCHEMA_VERSION and the DDL of a new store), ``migrations``
(the frozen upgrade steps), ``files`` (opening, locking, refusing corrupt,
foreign or newer files), ``run_info`` (RunInfo, git state), ``rows`` (a run as
typed rows per table), ``write`` (the Store: one transaction per run, schema
creation and migration), ``read`` (the StoreReader queries), ``errors``.

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

from ..errors import StoreError
from .errors import (
    NotAStoreError,
    StoreBusyError,
    StoreVersionError,
    StoreWriteError,
)
from .files import DEFAULT_LOCK_TIMEOUT
from .read import StoreReader
from .rows import record_rows, run_rows, schema_columns
from .run_info import RunInfo, git_state
from .schema import RUN_TABLES, SCHEMA, SCHEMA_VERSION
from .write import PAUSE_ENV, Store, records_reader

__all__ = [
    "DEFAULT_LOCK_TIMEOUT",
    "PAUSE_ENV",
    "RUN_TABLES",
    "SCHEMA",
    "SCHEMA_VERSION",
    "NotAStoreError",
    "RunInfo",
    "Store",
    "StoreBusyError",
    "StoreError",
    "StoreReader",
    "StoreVersionError",
    "StoreWriteError",
    "git_state",
    "record_rows",
    "records_reader",
    "run_rows",
    "schema_columns",
]
