"""Opening the store file: locking, and refusing corrupt, foreign or newer files."""

from __future__ import annotations

import os
import re
import struct
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import duckdb

from .._files import regular_file
from .._version import __version__
from ..errors import StoreError
from .errors import (
    NotAStoreError,
    StoreBusyError,
    StoreVersionError,
    StoreWriteError,
)
from .schema import SCHEMA_VERSION

#: Seconds a process waits for another projeval process to release the store.
DEFAULT_LOCK_TIMEOUT = 10.0

_MAGIC = b"DUCK"  # bytes 8-11 of every DuckDB database file
_LOCK_RE = re.compile(r"Could not set lock on file|Conflicting lock", re.IGNORECASE)
_PID_RE = re.compile(r"\(PID (\d+)\)")
# Never let DuckDB fetch extensions: opening a SQLite file would try to download one.
# Typed as duckdb.connect's parameter is (its dict is invariant in the value type).
_DUCKDB_CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
}
# 16 KiB blocks for a new store (an existing file keeps its own): a store of a few
# runs takes ~0.3 MB instead of ~5 MB, and 10,000 runs answer as fast (measured
# with benchmarks/bench_history.py). DuckDB reads the option from 1.2 on.
if tuple(int(p) for p in re.findall(r"\d+", duckdb.__version__)[:2]) >= (1, 2):
    _DUCKDB_CONFIG["default_block_size"] = "16384"


def _check_file(path: Path, wait: float) -> None:
    """Refuse a file that is not a DuckDB database, or one cut short, before DuckDB opens it."""
    try:
        if not path.is_dir():
            # A FIFO would block the read below; a device is no store either.
            regular_file(path, NotAStoreError, "the store path", fix=_ELSEWHERE)
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
            fix=_ELSEWHERE,
        )
    _refuse_cut_short(path)


_ELSEWHERE = "move it away, or use --db (or PROJEVAL_DB) to pick another path"
# DuckDB's file: a main header, then two database headers (one per checkpoint, the one
# with the higher iteration is current), each 4 KiB, then the blocks. A database header
# is little-endian u64s: checksum, iteration, meta block, free list, block count, block size.
_HEADERS = 3 * 4096


def _refuse_cut_short(path: Path) -> None:
    """A store that ends inside a block was cut short: refuse it.

    DuckDB would open it, append a run, and then fail to read it back. Its
    file is the headers and whole blocks (trailing free blocks may be cut off
    at a checkpoint, so the header's block count is no lower bound; the
    alignment is).
    """
    for attempt in range(3):
        if attempt:
            time.sleep(0.1)  # a checkpoint of another process may be between two writes
        with path.open("rb") as fh:
            head = fh.read(_HEADERS)
            size = os.fstat(fh.fileno()).st_size
        if len(head) < _HEADERS:
            return  # a store being created: DuckDB writes its headers first
        current = max(
            (struct.unpack_from("<6Q", head, offset) for offset in (4096, 8192)),
            key=lambda h: h[1],
        )
        block_size = current[5]
        if not (4096 <= block_size <= 1 << 30 and block_size & (block_size - 1) == 0):
            return  # a layout this check does not know: DuckDB judges it
        if (size - _HEADERS) % block_size == 0:
            return
    raise NotAStoreError(
        f"the store is cut short: it ends inside its last block ({size:,} bytes is not a "
        f"whole number of {block_size:,}-byte blocks), so no run is appended to it; it was "
        "left untouched.",
        file=path,
        fix="restore the file from a backup, or move it away and record runs in a new "
        "store (--db or PROJEVAL_DB)",
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
