"""Where a large JSON Lines file can be cut: byte ranges that keep each conversation whole.

The planner of both engines: the local engine runs the ranges in forked
processes (:mod:`projeval.traces.shards`), the Dask engine as partitions
(:func:`projeval.traces.partitions.plan_file`). A cut never falls between two
lines of the same conversation, so the snapshots of a request log stay together
(conversations whose lines are interleaved with others' across a cut are the
one case this cannot see), nor between two lines with no conversation id where the
second re-sends the first's messages with more after them (the parser joins them). Nor between an OpenAI Responses record and a later
one that continues its response by ``previous_response_id`` (which the parser
joins into one conversation), when the two are within :data:`CHAIN_LINES` lines.
"""

from __future__ import annotations

import multiprocessing
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, NamedTuple

from .conversations import CONVERTERS
from .events import fast_loads
from .merger import extends_line, shares_opening
from .readers import WHOLE_SUFFIXES, is_gzip, stem_suffix

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
        and stem_suffix(path) not in (*WHOLE_SUFFIXES, ".parquet")
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


def _conversation(raw: bytes, fmt: str) -> tuple[Any, list[Any] | None]:
    """The key a line's record is merged under (``None``: a trace of its own, unless it
    extends the line before), and the messages of a record with no conversation id
    (``None`` for any other), which the next line may extend (:func:`~.merger.extends_line`)."""
    try:
        value = fast_loads(raw)
    except ValueError:
        return None, None
    snap = CONVERTERS[fmt].unpack(value)
    if isinstance(snap, str):
        return None, None
    if snap.trace_id is not None:
        return snap.trace_id, None
    return (_SAME_FILE, None) if snap.append else (None, snap.messages)


def _joined(fmt: str, before: list[Any] | None, after: list[Any] | None) -> bool:
    """Whether a line with no conversation id continues the one before it, as the
    parser joins them: no cut between the two."""
    # Where the parser would ask Merger.resync (which needs the events) the lines stay
    # together too: a cut there could split what one process joins.
    return (
        before is not None
        and after is not None
        and (extends_line(CONVERTERS[fmt], before, after) or shares_opening(before, after))
    )


def _cut_after(fh: IO[bytes], pos: int, fmt: str) -> int | None:
    """The first line start at or after ``pos`` where the conversation changes."""
    if fmt in _CHAINED:
        return _chain_cut_after(fh, pos, fmt)
    fh.seek(pos)
    offset = pos
    if pos:
        offset += len(fh.readline())  # finish the line ``pos`` falls in
    first = fh.readline()
    if not first:
        return offset
    previous, loose = _conversation(first, fmt)
    offset += len(first)
    for _ in range(_SCAN_LINES):
        raw = fh.readline()
        if not raw:
            return offset
        key, messages = _conversation(raw, fmt)
        if (key is None or key != previous) and not _joined(fmt, loose, messages):
            return offset
        previous, loose = key, messages
        offset += len(raw)
    return None


#: Formats whose records may continue the response of an earlier record, with only the
#: new items (OpenAI Responses' ``previous_response_id``): the parser joins the two, so a
#: cut must not fall between them.
_CHAINED = frozenset({"openai_responses"})
#: Lines looked at before a cut for the responses a later line may continue, and after it
#: for a line that continues one of them. A longer link is the case the cut cannot see.
CHAIN_LINES = 1024


class _Line(NamedTuple):
    size: int
    key: Any  # as _conversation
    response: str | None  # the response id the record carries
    previous: str | None  # the response id it continues
    messages: list[Any] | None = None  # as _conversation


def _line(raw: bytes, fmt: str) -> _Line:
    try:
        value = fast_loads(raw)
    except ValueError:
        return _Line(len(raw), None, None, None)
    snap = CONVERTERS[fmt].unpack(value)
    if isinstance(snap, str):
        return _Line(len(raw), None, None, None)
    if snap.trace_id is not None:
        return _Line(len(raw), snap.trace_id, snap.response_id, snap.previous_id)
    if snap.append:
        return _Line(len(raw), _SAME_FILE, snap.response_id, snap.previous_id)
    return _Line(len(raw), None, snap.response_id, snap.previous_id, snap.messages)


def _chain_cut_after(fh: IO[bytes], pos: int, fmt: str) -> int | None:
    """:func:`_cut_after` for a chained format: also never between a response and a
    later line that continues it (within :data:`CHAIN_LINES` lines either side).

    Lines are read from up to :data:`CHAIN_LINES` lines before ``pos`` (in a window
    of bytes), so that the responses answered just before the first possible cut are
    known; a cut is taken where the conversation changes and no line of the next
    :data:`CHAIN_LINES` continues a response of a line before it.
    """
    start = max(0, pos - _CHAIN_BACK_BYTES)
    fh.seek(start)
    offset = start
    if start:
        offset += len(fh.readline())  # finish the line ``start`` falls in
    before: list[str] = []  # response ids of the lines up to the one ``pos`` falls in
    while pos and offset <= pos:  # as _cut_after, no cut before the end of ``pos``'s line
        raw = fh.readline()
        if not raw:
            return offset
        info = _line(raw, fmt)
        offset += len(raw)
        if info.response is not None:
            before.append(info.response)
    answered = set(before[-CHAIN_LINES:])
    lines: list[_Line] = []  # the lines from ``offset`` on, read as they are needed

    def line(i: int) -> _Line | None:
        while len(lines) <= i:
            raw = fh.readline()
            if not raw:
                return None
            lines.append(_line(raw, fmt))
        return lines[i]

    first = line(0)
    if first is None:
        return offset
    offset += first.size
    if first.response is not None:
        answered.add(first.response)
    previous, loose = first.key, first.messages
    i = 1
    while i <= _SCAN_LINES:
        here = line(i)
        if here is None:
            return offset
        if (here.key is None or here.key != previous) and not _joined(fmt, loose, here.messages):
            # The last line of the next CHAIN_LINES that continues a response before this
            # one: every cut up to it would split that conversation.
            last = None
            for j in range(i, i + CHAIN_LINES):
                ahead = line(j)
                if ahead is None:
                    break
                if ahead.previous is not None and ahead.previous in answered:
                    last = j
            if last is None:
                return offset
            while i <= last:
                passed = lines[i]
                offset += passed.size
                if passed.response is not None:
                    answered.add(passed.response)
                previous, loose = passed.key, passed.messages
                i += 1
            continue
        previous, loose = here.key, here.messages
        offset += here.size
        if here.response is not None:
            answered.add(here.response)
        i += 1
    return None


# Bytes read before a cut for the responses that lines after it may continue.
_CHAIN_BACK_BYTES = 16 * 1024 * 1024
