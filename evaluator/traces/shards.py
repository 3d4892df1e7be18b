"""A large JSON Lines file, split across processes: one shard per core.

On a big corpus most of the time goes to Python work per event (building
events, following values through results, matching hedges), which threads
cannot share. So a plain JSON Lines file in a conversation format, above
:data:`SHARD_MIN_BYTES`, is cut at line boundaries into one shard per worker;
each shard is parsed and measured in a forked process, and the rows merged.

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
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from evaluator.traces.conversations import CONVERTERS
from evaluator.traces.events import fast_loads
from evaluator.traces.parsers import make_parser, parse_records
from evaluator.traces.pipeline import Collected, Collector, FileInfo, Settings
from evaluator.traces.readers import is_gzip, read_lines, stem_suffix

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
        and stem_suffix(path) != ".json"
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


def _lines(fh: IO[bytes], end: int) -> Iterator[bytes]:
    pos = fh.tell()
    while pos < end:
        raw = fh.readline()
        if not raw:
            return
        pos += len(raw)
        yield raw


ShardResult = tuple[Collected, dict[Any, Any], dict[str, tuple[str, int]]]


def run_shard(shard: Shard, fmt: str, settings: Settings) -> ShardResult:
    """In a worker process: parse and measure one shard.

    Returns its rows, its follow-up tally and the (id, occurrence) of each
    trace it named, so the parent can name them as one pass would have.
    """
    collector = Collector(settings)
    parser = make_parser(fmt, shard.path)
    try:
        with open(shard.path, "rb") as fh:
            fh.seek(shard.start)
            records = read_lines(_lines(fh, shard.end), shard.path, first=shard.first_line)
            collector.add_file(shard.path, fmt, parse_records(parser, records))
    finally:
        collector.close()
    return collector.out, collector.tally.groups, getattr(parser, "names", {})


def submit(
    pool: ProcessPoolExecutor, shards: list[Shard], fmt: str, settings: Settings
) -> list[Future[ShardResult]]:
    """Start every shard of one file."""
    # One process per core already fills the cores: each counts its tokens in its own thread.
    single = dataclasses.replace(settings, workers=1)
    return [pool.submit(run_shard, s, fmt, single) for s in shards]


def fork_pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes forked now (all at once, before any thread of ours starts)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"))


def merge(into: Collector, path: Path, fmt: str, results: list[ShardResult]) -> None:
    """Add the shards of one file to ``into``, in order.

    A shard numbers the conversations that reuse an id from its own start
    (``id``, ``id#2``, ...); here the occurrences in earlier shards are added,
    which gives the names one pass over the file would have given.
    """
    earlier: dict[str, int] = {}
    traces = problems = 0
    out = into.out
    for collected, groups, names in results:
        rename: dict[str, str] = {}
        here: dict[str, int] = {}
        for local, (base, n) in names.items():
            here[base] = max(here.get(base, 0), n)
            k = n + earlier.get(base, 0)
            name = base if k == 1 else f"{base}#{k}"
            if name != local:
                rename[local] = name
        for base, n in here.items():
            earlier[base] = earlier.get(base, 0) + n
        for table, rows in collected.rows.items():
            col = 2 if table == "summary" else 3 if table == "events" else 1
            if rename:
                rows = [_renamed(r, col, rename) for r in rows]
            out.rows[table].extend(rows)
        for (file, tid), paths_ in collected.result_paths.items():
            out.result_paths[(file, rename.get(tid, tid))] = paths_
        for group in groups.values():
            group.traces = {(f, rename.get(t, t)) for f, t in group.traces}
        into.tally.merge(groups)
        out.problems.extend(collected.problems)
        for info in collected.infos:
            traces += info.traces
            problems += info.problems
    out.infos.append(FileInfo(str(path), fmt, traces, problems))


def _renamed(row: tuple[Any, ...], col: int, rename: dict[str, str]) -> tuple[Any, ...]:
    tid = row[col]
    if tid not in rename:
        return row
    return (*row[:col], rename[tid], *row[col + 1 :])
