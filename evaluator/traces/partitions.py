"""One partition of a trace corpus, and the pure function that analyses it.

A *partition* is what one task reads: a whole trace file (JSON, JSON Lines,
gzip or Parquet), or a byte range of a large plain JSON Lines file cut at a
change of conversation (:mod:`evaluator.traces.shards`). Every trace lies in
exactly one partition, so everything that is not additive (the distinct texts
a tokenizer counts once, the duplicate calls of a trace, the follow-ups that
look back through a trace's earlier results) is settled inside one task.

:func:`analyse_partition` is the one function both engines call: the local
run in forked processes (shards of a big file), the Dask engine on its
workers. It returns rows and counts only; :func:`merge_file` adds the
partitions of one file to a total in file order, with associative merges
(lists concatenated, counts summed, sets united), so the total does not
depend on where or in which order the partitions ran.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evaluator.traces.events import Problem, Trace
from evaluator.traces.findings import FollowupTally
from evaluator.traces.metrics import TokenCache
from evaluator.traces.parsers import make_parser, open_file, parse_records
from evaluator.traces.pipeline import Collected, Collector, FileInfo, Settings
from evaluator.traces.readers import is_gzip, range_lines, read_lines, stem_suffix

#: What one partition returns: its rows, its follow-up tally groups, and the
#: (id, occurrence) of each trace it named (so shards of one file can be named
#: as one pass over the file would have named them).
PartitionResult = tuple[Collected, dict[Any, Any], dict[str, tuple[str, int]]]

#: The format reported for a Parquet file of normalised events.
PARQUET = "parquet"
#: Token counts a worker process keeps across its partitions, at most this many.
WORKER_CACHE_TEXTS = 1_000_000

# Token counts by encoding, shared by the partitions one process runs: the same
# texts (system prompts, popular results) recur across partitions, and a count
# depends on the text alone, so sharing changes nothing but the time.
_worker_caches: dict[str, TokenCache] = {}


@dataclass(frozen=True)
class Partition:
    """A whole file (``start`` 0, ``end`` ``None``) or bytes ``[start, end)`` of one.

    ``format`` is the trace format (``None``: detect it from the first
    records); a byte range always has it. ``first_line`` is the line number
    of the range's first line.
    """

    path: str
    format: str | None = None
    start: int = 0
    end: int | None = None
    first_line: int = 1

    @property
    def whole(self) -> bool:
        """True when the partition is the whole file."""
        return self.start == 0 and self.end is None


def is_parquet(path: str | Path) -> bool:
    """Whether a path is a Parquet file of normalised events (by its suffix)."""
    return stem_suffix(Path(path)) == ".parquet"


def plan_file(
    path: str | Path, format: str | None, partition_bytes: int, max_json_bytes: int
) -> list[Partition]:
    """The partitions of one file: byte ranges of about ``partition_bytes`` where it can be cut.

    Only a plain (not gzip) JSON Lines file in a conversation format is cut;
    any other file, or one that has no safe cut, is one partition.
    """
    from evaluator.traces import shards

    p = Path(path)
    size = p.stat().st_size
    if size <= partition_bytes or is_parquet(p) or stem_suffix(p) == ".json" or is_gzip(p):
        return [Partition(str(path), format)]
    fmt = open_file(p, format=format, max_json_bytes=max_json_bytes)
    fmt.items.close()
    cut = shards.plan(p, fmt.format, math.ceil(size / partition_bytes))
    if not cut:
        return [Partition(str(path), format)]
    return [Partition(str(path), fmt.format, s.start, s.end, s.first_line) for s in cut]


def open_partition(
    part: Partition, settings: Settings
) -> tuple[str, Iterator[Trace | Problem], Any]:
    """``(format, traces and problems, parser or None)`` of one partition."""
    if is_parquet(part.path):
        from evaluator.traces.parquet import read_traces

        return PARQUET, read_traces(part.path), None
    if part.whole:
        parsed = open_file(part.path, format=part.format, max_json_bytes=settings.max_json_bytes)
        return parsed.format, parsed.items, None
    assert part.format is not None and part.end is not None
    parser = make_parser(part.format, part.path)
    return part.format, parse_records(parser, _range_records(part)), parser


def _range_records(part: Partition) -> Iterator[Any]:
    assert part.end is not None
    yield from read_lines(range_lines(part.path, part.start, part.end), part.path, part.first_line)


def clear_worker_cache() -> None:
    """Forget the token counts this process kept (benchmarks time cold runs with it)."""
    _worker_caches.clear()


def analyse_partition(part: Partition, settings: Settings, exchange: Any = None) -> PartitionResult:
    """Parse and measure one partition; the pure function both engines run.

    Reads the partition's file where it runs (only the partition's name and
    the settings travel to it) and returns rows, never trace objects.
    ``exchange`` (a :class:`~evaluator.traces.shards.CountExchange`) trades
    token counts with the other processes of a local run; it saves time only.
    """
    cache = _worker_caches.get(settings.encoding)
    if cache is None or len(cache.counts) > WORKER_CACHE_TEXTS:
        cache = _worker_caches[settings.encoding] = TokenCache(settings.encoding)
    collector = Collector(settings, cache, exchange)
    try:
        fmt, items, parser = open_partition(part, settings)
        collector.add_file(part.path, fmt, items)
    except BaseException:
        # Texts claimed but not yet counted would read as -1 in the next partition.
        _worker_caches.pop(settings.encoding, None)
        raise
    finally:
        collector.close()
    names = getattr(parser, "names", {}) if parser is not None else {}
    return collector.out, collector.tally.groups, names


def merge_file(
    out: Collected, tally: FollowupTally, path: str, results: list[PartitionResult]
) -> None:
    """Add the partitions of one file to ``out`` and ``tally``, in file order.

    A partition numbers the conversations that reuse an id from its own start
    (``id``, ``id#2``, ...); here the occurrences in earlier partitions are
    added, which gives the names one pass over the file would have given.
    """
    earlier: dict[str, int] = {}
    traces = problems = 0
    fmt = ""
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
        if rename:
            for group in groups.values():
                group.traces = {(f, rename.get(t, t)) for f, t in group.traces}
        tally.merge(groups)
        out.problems.extend(collected.problems)
        for info in collected.infos:
            fmt = fmt or info.format
            traces += info.traces
            problems += info.problems
    out.infos.append(FileInfo(path, fmt, traces, problems))


def _renamed(row: tuple[Any, ...], col: int, rename: dict[str, str]) -> tuple[Any, ...]:
    tid = row[col]
    if tid not in rename:
        return row
    return (*row[:col], rename[tid], *row[col + 1 :])
