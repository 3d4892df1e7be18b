"""A large JSON Lines file, split across processes: one shard per core.

On a big corpus most of the time goes to Python work per event (building
events, following values through results, matching hedges), which threads
cannot share. So a plain JSON Lines file in a conversation format, above
:data:`SHARD_MIN_BYTES`, is cut at line boundaries into one shard per worker;
each shard is a :class:`~evaluator.traces.partitions.Partition`, parsed and
measured by :func:`~evaluator.traces.partitions.analyse_partition` in a
forked process, and the rows merged by
:func:`~evaluator.traces.partitions.merge_file`.

- A cut never falls between two lines of the same conversation, so the
  snapshots of a request log stay together (conversations whose lines are
  interleaved with others' across a cut are the one case this cannot see).
- Trace ids that two shards both produced are renamed the way one process
  would have named them (``id#2``).
- Forking happens only while the process has no other thread, so no lock is
  copied in a held state; otherwise the file is read in this process.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from evaluator.traces.conversations import CONVERTERS
from evaluator.traces.events import fast_loads
from evaluator.traces.partitions import Partition, PartitionResult, analyse_partition
from evaluator.traces.pipeline import Settings
from evaluator.traces.readers import is_gzip, stem_suffix

#: Files smaller than this are read in one process: forking costs more than it saves.
SHARD_MIN_BYTES = 64 * 1024 * 1024
# Lines looked at past a cut for a change of conversation before giving up sharding.
_SCAN_LINES = 100_000
_SAME_FILE = "\0file"  # merge key of id-less one-message-per-line records: the whole file


@dataclass(frozen=True)
class Shard:
    """Bytes ``[start, end)`` of a file, whose first line is line ``first_line``."""

    path: str
    start: int
    end: int
    first_line: int


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


def plan(path: Path, fmt: str, parts: int) -> list[Shard] | None:
    """Cut ``path`` into up to ``parts`` shards, or ``None`` when it cannot be cut safely."""
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
        firsts, line, pos = [1], 1, 0
        fh.seek(0)
        for cut in cuts[1:-1]:  # line numbers at the cuts: count the newlines before them
            while pos < cut:
                chunk = fh.read(min(1 << 24, cut - pos))
                line += chunk.count(b"\n")
                pos += len(chunk)
            firsts.append(line)
    if len(cuts) < 3:
        return None
    return [Shard(str(path), a, b, f) for a, b, f in zip(cuts, cuts[1:], firsts, strict=False)]


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


def submit(
    pool: ProcessPoolExecutor, shards: list[Shard], fmt: str, settings: Settings
) -> list[Future[PartitionResult]]:
    """Start every shard of one file, each as a partition (:func:`analyse_partition`)."""
    # One process per core already fills the cores: each counts its tokens in its own thread.
    single = dataclasses.replace(settings, workers=1)
    return [
        pool.submit(analyse_partition, Partition(s.path, fmt, s.start, s.end, s.first_line), single)
        for s in shards
    ]


def fork_pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes forked now (all at once, before any thread of ours starts)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"))
