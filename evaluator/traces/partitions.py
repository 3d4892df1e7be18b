"""One partition of a trace corpus, and the pure function that analyses it.

A *partition* is what one task reads: a whole trace file (JSON, JSON Lines,
gzip or Parquet), or a byte range of a large plain JSON Lines file cut at a
change of conversation (:mod:`projeval.traces.cuts`). Every trace lies in
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
from typing import Any, NamedTuple

from ..errors import TraceError
from . import cuts
from .events import Problem, Trace
from .findings import FollowupTally
from .metrics import TokenCache
from .parsers import make_parser, open_file, parse_records
from .pipeline import UNREAD, Collected, Collector, FileInfo, Settings
from .readers import WHOLE_SUFFIXES, is_gzip, range_lines, read_lines, stem_suffix


class PartitionResult(NamedTuple):
    """What one partition returns; the last four let :func:`merge_file` name and
    number as one pass over the file would have."""

    collected: Collected
    #: Its follow-up tally groups.
    groups: dict[Any, Any]
    #: Each trace it named -> (the id the records carry, its occurrence), in order.
    names: dict[str, tuple[str, int]]
    #: The partition's ``first_line`` (``None``: its lines were numbered from 1).
    first_line: int | None
    #: Lines it read.
    lines: int
    #: Traces named after their first line (records without an id) -> that line.
    line_ids: dict[str, int]


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
    of the range's first line, or ``None`` when it was not counted: lines are
    then numbered from 1 here and :func:`merge_file` moves them to their place.
    """

    path: str
    format: str | None = None
    start: int = 0
    end: int | None = None
    first_line: int | None = 1

    @property
    def whole(self) -> bool:
        """True when the partition is the whole file."""
        return self.start == 0 and self.end is None


def is_parquet(path: str | Path) -> bool:
    """Whether a path is a Parquet file of normalised events (by its suffix)."""
    return stem_suffix(Path(path)) == ".parquet"


def plan_file(
    path: str | Path,
    format: str | None,
    partition_bytes: int,
    max_json_bytes: int,
    number_lines: bool = False,
) -> list[Partition]:
    """The partitions of one file: byte ranges of about ``partition_bytes`` where it can be cut.

    Only a plain (not gzip) JSON Lines file in a conversation format is cut;
    any other file, or one that has no safe cut, is one partition.
    ``number_lines`` counts the first line of every partition (question mining
    needs them); by default :func:`merge_file` numbers them after.
    """
    p = Path(path)
    size = p.stat().st_size
    if size <= partition_bytes or is_parquet(p) or stem_suffix(p) in WHOLE_SUFFIXES or is_gzip(p):
        return [Partition(str(path), format)]
    try:
        opened = open_file(p, format=format, max_json_bytes=max_json_bytes)
    except TraceError:
        return [Partition(str(path), format)]  # its task reports it (analyse_partition)
    opened.items.close()
    # By default the lines are numbered by merge_file: counting them here would read the
    # whole file.
    cut = cuts.plan(p, opened.format, math.ceil(size / partition_bytes), number_lines)
    if not cut:
        return [Partition(str(path), format)]
    return [Partition(str(path), opened.format, s.start, s.end, s.first_line) for s in cut]


def open_partition(
    part: Partition, settings: Settings, lines: list[int] | None = None
) -> tuple[str, Iterator[Trace | Problem], Any]:
    """``(format, traces and problems, parser or None)`` of one partition; a byte
    range adds the number of lines it read to ``lines[0]``."""
    if is_parquet(part.path):
        from .parquet import read_traces

        return PARQUET, read_traces(part.path), None
    if part.whole:
        parsed = open_file(part.path, format=part.format, max_json_bytes=settings.max_json_bytes)
        return parsed.format, parsed.items, None
    assert part.format is not None and part.end is not None
    parser = make_parser(part.format, part.path)
    return part.format, parse_records(parser, _range_records(part, lines)), parser


def _range_records(part: Partition, tally: list[int] | None) -> Iterator[Any]:
    assert part.end is not None
    lines = range_lines(part.path, part.start, part.end)
    yield from read_lines(_counted(lines, tally), part.path, part.first_line or 1)


def _counted(items: Iterator[Any], tally: list[int] | None) -> Iterator[Any]:
    if tally is None:
        yield from items
        return
    for item in items:
        tally[0] += 1
        yield item


def clear_worker_cache() -> None:
    """Forget the token counts this process kept (benchmarks time cold runs with it)."""
    _worker_caches.clear()


def analyse_partition(part: Partition, settings: Settings, exchange: Any = None) -> PartitionResult:
    """Parse and measure one partition; the pure function both engines run.

    Reads the partition's file where it runs (only the partition's name and
    the settings travel to it) and returns rows, never trace objects.
    ``exchange`` (a :class:`~projeval.traces.shards.CountExchange`) trades
    token counts with the other processes of a local run; it saves time only.
    """
    cache = _worker_caches.get(settings.encoding)
    if cache is None or len(cache.counts) > WORKER_CACHE_TEXTS:
        cache = _worker_caches[settings.encoding] = TokenCache(settings.encoding)
    collector = Collector(settings, cache, exchange)
    lines = [0]
    try:
        try:
            fmt, items, parser = open_partition(part, settings, lines)
        except TraceError as exc:
            if not part.whole:
                raise
            collector.add_unread(part.path, exc)  # in no format a reader knows
            fmt, items, parser = UNREAD, iter(()), None
        else:
            collector.add_file(part.path, fmt, items)
    except BaseException:
        # Texts claimed but not yet counted would read as -1 in the next partition.
        _worker_caches.pop(settings.encoding, None)
        raise
    finally:
        collector.close()
    names = getattr(parser, "names", {}) if parser is not None else {}
    line_ids = getattr(parser, "line_ids", {}) if parser is not None else {}
    return PartitionResult(
        collector.out, collector.tally.groups, names, part.first_line, lines[0], line_ids
    )


# The column of the trace id, and of the line number (None: no line), in each table.
_ID_COLUMN = {"summary": 2, "events": 3}
_LINE_COLUMN = {"summary": 3, "events": 1}


def merge_file(
    out: Collected,
    tally: FollowupTally,
    path: str,
    results: list[PartitionResult],
) -> None:
    """Add the partitions of one file to ``out`` and ``tally``, in file order.

    A partition numbers the conversations that reuse an id from its own start
    (``id``, ``id#2``, ...); here each trace is named again in the order the
    traces started, counting the occurrences in earlier partitions, which
    gives the names one pass over the file would have given. A partition
    with no ``first_line`` numbered its lines from 1: its lines move down by
    the lines of the partitions before it, and so do the names of traces
    named after their line.
    """
    stem = Path(path).name
    seen: dict[str, int] = {}  # id -> traces so far under it
    traces = problems = 0
    line = 1  # the first line of the next partition
    fmt = ""
    for result in results:
        collected, groups = result.collected, result.groups
        shift = 0 if result.first_line is not None else line - 1
        line = (result.first_line or line) + result.lines
        rename: dict[str, str] = {}
        for local, (base, _) in result.names.items():
            if shift and local in result.line_ids:
                base = f"{stem}:{result.line_ids[local] + shift}"
            k = seen[base] = seen.get(base, 0) + 1
            name = base if k == 1 else f"{base}#{k}"
            if name != local:
                rename[local] = name
        for table, rows in collected.rows.items():
            if rename:
                col = _ID_COLUMN.get(table, 1)
                rows = [_renamed(r, col, rename) for r in rows]
            if shift and table in _LINE_COLUMN:
                rows = [_shifted(r, _LINE_COLUMN[table], shift) for r in rows]
            out.rows[table].extend(rows)
        for (file, tid), paths_ in collected.result_paths.items():
            out.result_paths[(file, rename.get(tid, tid))] = paths_
        if rename:
            for group in groups.values():
                group.traces = {(f, rename.get(t, t)): n for (f, t), n in group.traces.items()}
        tally.merge(groups)
        out.unread.extend(collected.unread)
        out.problems.extend(
            p._replace(line=p.line + shift) if shift and p.line is not None else p
            for p in collected.problems
        )
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


def _shifted(row: tuple[Any, ...], col: int, shift: int) -> tuple[Any, ...]:
    if row[col] is None:
        return row
    return (*row[:col], row[col] + shift, *row[col + 1 :])
