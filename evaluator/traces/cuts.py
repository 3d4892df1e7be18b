"""Where a large JSON Lines file can be cut: byte ranges that keep each conversation whole.

The planner of both engines: the local engine runs the ranges in forked
processes (:mod:`projeval.traces.shards`), the Dask engine as partitions
(:func:`projeval.traces.partitions.plan_file`). A cut never falls between two
lines of the same conversation, so the snapshots of a request log stay together
(conversations whose lines are interleaved with others' across a cut are the
one case this cannot see).
"""

from __future__ import annotations

import multiprocessing
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .conversations import CONVERTERS
from .events import fast_loads
from .readers import is_gzip, stem_suffix

#: Files smaller than this are read in one process: forking costs more than it saves.
SHARD_MIN_BYTES = 64 * 1024 * 1024
# Lines looked at past a cut for a change of conversation before giving up sharding.
_SCAN_LINES = 100_000
_SAME_FILE = "\0file"  # merge key of id-less one-message-per-line records: the whole file


@dataclass(frozen=True)
class Shard:
    """Bytes ``[start, end)`` of a file, whose first line is line ``first_line``
    (``None``: not counted; the partitions' merge numbers the lines)."""

    path: str
    start: int
    end: int
    first_line: int | None


def shardable(path: Path, workers: int) -> bool:
    """Whether a file is big enough, plain JSON Lines, and this process may fork now."""
    return (
        workers > 1
        and stem_suffix(path) not in (".json", ".parquet")
        and not is_gzip(path)
        and path.stat().st_size >= SHARD_MIN_BYTES
        and "fork" in multiprocessing.get_all_start_methods()
        and threading.active_count() == 1
    )


def plan(path: Path, fmt: str, parts: int, number_lines: bool = True) -> list[Shard] | None:
    """Cut ``path`` into up to ``parts`` shards, or ``None`` when it cannot be cut safely.

    ``number_lines=False`` leaves the first line of every shard but the first
    uncounted (``None``): counting reads the file up to the last cut before
    any shard can start, and :func:`~projeval.traces.partitions.merge_file`
    can number them from the line counts the shards report instead.
    """
    if fmt not in CONVERTERS or parts < 2:
        return None
    size = path.stat().st_size
    cuts = [0]
    with path.open("rb") as fh:
        for i in range(1, parts):
            cut = _cut_after(fh, max(cuts[-1], size * i // parts), fmt)
            if cut is None:
                return None
            if cut >= size:
                break
            if cut > cuts[-1]:
                cuts.append(cut)
        cuts.append(size)
    if len(cuts) < 3:
        return None
    if number_lines:
        firsts: list[int | None] = list(_first_lines(path, cuts[1:-1]))
    else:
        firsts = [1] + [None] * (len(cuts) - 2)
    return [Shard(str(path), a, b, f) for a, b, f in zip(cuts, cuts[1:], firsts, strict=False)]


def _first_lines(path: Path, cuts: list[int]) -> list[int]:
    """Line numbers at the start of the file and at each cut: the newlines before them.

    This runs before the shards start, so its time is the whole run's: the file
    is read into one reused buffer (no new bytes object a chunk) and numpy
    counts the newlines. Not through a memory map: the mapped pages of the file
    would count as this process's memory.
    """
    import numpy as np

    firsts, line, pos = [1], 1, 0
    buf = bytearray(_COUNT_CHUNK)
    view, data = memoryview(buf), np.frombuffer(buf, dtype=np.uint8)
    with path.open("rb", buffering=0) as fh:
        for cut in cuts:
            while pos < cut:
                n = fh.readinto(view[: min(_COUNT_CHUNK, cut - pos)])
                if not n:
                    break
                line += int(np.count_nonzero(data[:n] == _NEWLINE))
                pos += n
            firsts.append(line)
    return firsts


_COUNT_CHUNK = 1 << 24
_NEWLINE = ord("\n")


def _conversation(raw: bytes, fmt: str) -> Any:
    """The key a line's record is merged under (``None``: a trace of its own)."""
    try:
        value = fast_loads(raw)
    except ValueError:
        return None
    snap = CONVERTERS[fmt].unpack(value)
    if isinstance(snap, str):
        return None
    if snap.trace_id is not None:
        return snap.trace_id
    return _SAME_FILE if snap.append else None


def _cut_after(fh: IO[bytes], pos: int, fmt: str) -> int | None:
    """The first line start at or after ``pos`` where the conversation changes."""
    fh.seek(pos)
    offset = pos
    if pos:
        offset += len(fh.readline())  # finish the line ``pos`` falls in
    first = fh.readline()
    if not first:
        return offset
    previous = _conversation(first, fmt)
    offset += len(first)
    for _ in range(_SCAN_LINES):
        raw = fh.readline()
        if not raw:
            return offset
        key = _conversation(raw, fmt)
        if key is None or key != previous:
            return offset
        previous = key
        offset += len(raw)
    return None
