"""The same trace in two files: counted once, and said so.

A session log copied beside its original (a fixture saved under two names, a
folder of exports that overlap) would otherwise be measured twice, doubling
every total with no word about it. Each measured trace leaves one row in the
collector's ``copies`` table, ``(file, trace id, digest, events, tag)``; once
every file, shard and partition is merged, :func:`drop_copies` compares the
rows whose trace id is in more than one file:

- the same id and the same events: a copy. The trace of the first file given
  is kept; each other file's copy leaves every table and total, with a problem
  on it naming the file kept.
- the same id, other events, where the id is one that names a single
  conversation (a UUID or a like generated token: a session's id): both are
  counted, and a problem on the later file says the ids match and the events
  do not (an earlier copy of the session, or a branch of it). Ids that runs
  reuse by design (``task 3``, ``sample 1 epoch 1``) and ids projeval made from
  the file's name say nothing of the kind, so their differing traces pass
  without a word.

The digest is Python's hash of the events' texts, tools and arguments, taken
where the trace is measured: the strings' hashes are cached by then (token
counting hashed them), so it costs a tuple of pointers per event. Hashes agree
between the processes forked from one (the shards of a file) and between Dask
workers (their nanny gives them one ``PYTHONHASHSEED``); ``tag`` is this
process's hash of a fixed text, so rows hashed under different seeds are never
taken for different contents.
"""

from __future__ import annotations

import re
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .events import Problem, Trace

if TYPE_CHECKING:  # the pipeline makes the rows: it imports this module
    from .findings import FollowupTally
    from .pipeline import Collected

#: This process's hash of a fixed text: rows whose tags differ were hashed under
#: different seeds, so their digests cannot be compared.
TAG = hash("projeval: the same trace in two files")

_TEXT, _TOOL, _ARGS = attrgetter("text"), attrgetter("tool"), attrgetter("args_raw")

# The column of the trace id in each table (the others: 1), and of the summary's line.
_ID_COLUMN = {"summary": 2, "events": 3}
_SUMMARY_LINE = 3

#: An id that names one conversation only: a UUID, or a generated token of 16 or more
#: letters and digits mixed (OpenTelemetry trace ids, ``resp_...``, ULIDs).
_UNIQUE_ID = re.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"|(?=[0-9A-Za-z]*[0-9])(?=[0-9A-Za-z]*[A-Za-z])[0-9A-Za-z]{16,}"
)


def copy_row(trace: Trace) -> tuple[Any, ...]:
    """The ``copies`` row of a measured trace: ``(file, trace id, digest, events, tag)``."""
    evs = trace.events
    digest = hash((tuple(map(_TEXT, evs)), tuple(map(_TOOL, evs)), tuple(map(_ARGS, evs))))
    return (trace.file, trace.trace_id, digest, len(evs), TAG)


def names_one_conversation(trace_id: str, file: str) -> bool:
    """Whether an id can name one conversation only (so another file's trace under it,
    with other events, is news): one the recording generated, not a task's name, nor an
    id projeval made from the file's name (``rows.jsonl``, ``rows.jsonl:3``)."""
    name = Path(file).name
    if trace_id == name or trace_id.startswith(name + ":"):
        return False
    return _UNIQUE_ID.search(trace_id) is not None


def drop_copies(out: Collected, tally: FollowupTally) -> None:
    """Keep one trace of each id that several files hold with the same events; note the
    ids several files hold with other events (see the module's docstring). In place:
    rows, follow-up tally, files' counts and problems."""
    rows = out.rows["copies"]
    files_of: dict[str, list[tuple[Any, ...]]] = {}
    for row in rows:
        files_of.setdefault(row[1], []).append(row)
    shared = {tid: found for tid, found in files_of.items() if len(found) > 1}
    if not shared:
        return
    order = {info.path: i for i, info in enumerate(out.infos)}
    at = _ID_COLUMN["summary"]
    lines = {(r[0], r[at]): r[_SUMMARY_LINE] for r in out.rows["summary"] if r[at] in shared}
    dropped: set[tuple[str, str]] = set()
    notes: list[Problem] = []
    for tid, found in shared.items():
        found.sort(key=lambda r: order.get(r[0], len(order)))
        first = found[0]
        kept: list[tuple[Any, ...]] = [first]  # one trace per distinct content
        for row in found[1:]:
            same = next((k for k in kept if _same(k, row)), None)
            if same is not None:
                dropped.add((row[0], tid))
                reason: str | None = (
                    f"trace {tid!r} is also in {same[0]}{_line(lines.get((same[0], tid)))}, "
                    "with the same events: counted once, from there; this file's copy is "
                    "left out"
                )
            else:
                kept.append(row)
                reason = _differ(tid, row, first, f"{first[0]}{_line(lines.get((first[0], tid)))}")
            if reason is not None:
                notes.append(Problem(row[0], lines.get((row[0], tid)), reason))
    out.problems.extend(notes)
    _recount(out, dropped, notes)
    if dropped:
        _remove(out, dropped)
        tally.forget(dropped)


def _differ(tid: str, row: tuple[Any, ...], first: tuple[Any, ...], where: str) -> str | None:
    """What to say of a trace under the id of the first file's with other events (``None``:
    nothing, the id being one that runs reuse)."""
    if row[4] != first[4]:
        return (
            f"trace id {tid!r} is also in {where}; whether the two hold the same events could "
            "not be told (the processes that read them hash texts differently: give every "
            "worker the same PYTHONHASHSEED): both are counted"
        )
    if not names_one_conversation(tid, row[0]):
        return None
    return (
        f"trace id {tid!r} is also the id of a trace in {where} whose events differ "
        f"({row[3]:,} events here, {first[3]:,} there): both are counted; one may be an "
        "earlier copy of the other's session, or a branch of it"
    )


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Whether two ``copies`` rows hold the same events (hashed under one seed)."""
    return a[2] == b[2] and a[3] == b[3] and a[4] == b[4]


def _line(line: int | None) -> str:
    return f" (line {line:,})" if line is not None else ""


def _recount(out: Collected, dropped: set[tuple[str, str]], notes: list[Problem]) -> None:
    """The files' trace and problem counts, less the copies left out, plus the notes."""
    if not notes:
        return
    less: dict[str, int] = {}
    for file, _ in dropped:
        less[file] = less.get(file, 0) + 1
    more: dict[str, int] = {}
    for p in notes:
        more[p.file] = more.get(p.file, 0) + 1
    out.infos = [
        info._replace(
            traces=info.traces - less.get(info.path, 0),
            problems=info.problems + more.get(info.path, 0),
        )
        for info in out.infos
    ]


def _remove(out: Collected, dropped: set[tuple[str, str]]) -> None:
    """Every row of the traces ``dropped`` (``(file, trace id)``) out of every table."""
    for name, table in out.rows.items():
        col = _ID_COLUMN.get(name, 1)
        table[:] = [r for r in table if (r[0], r[col]) not in dropped]
    for key in dropped & out.result_paths.keys():
        del out.result_paths[key]
