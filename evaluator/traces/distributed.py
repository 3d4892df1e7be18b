"""Trace analysis on a Dask distributed cluster: the same analysis, partition by partition.

``analyse_traces(paths, engine="dask")`` (or ``projeval traces --engine
dask``) runs here. The corpus is cut into partitions
(:mod:`projeval.traces.partitions`): every file, and large plain JSON Lines
files into byte ranges of about :data:`PARTITION_BYTES` that never split a
conversation. Each partition is one task running
:func:`~projeval.traces.partitions.analyse_partition`, the function the
local run calls, on a worker that reads the partition's file itself: only
file names, byte offsets and the settings travel from the client, and only
rows come back. The client lists nothing and opens nothing: listing and
planning are tasks too, so the paths must name files as the workers see them
(a shared file system, as for Dask's own readers).

The client merges the partitions file by file in the order given
(:func:`~projeval.traces.partitions.merge_file`: lists concatenated,
counts summed, sets united), then sorts every table, so the result is
identical to the local run whatever the number of workers or the order in
which tasks finish. A worker that dies is replaced and its tasks rerun by the
scheduler (``distributed.scheduler.allowed-failures``, 3 by default); each
partition has exactly one future whose result is merged once, so a rerun
never counts a partition twice.

Which cluster: the ``address`` given (``--address``), else
``$PROJEVAL_DASK_ADDRESS``, else ``$DASK_SCHEDULER_ADDRESS``, else the
config's ``dask_address``; with none, a local cluster of ``workers`` (default
:data:`DEFAULT_WORKERS`) processes of one thread each is started for the call
and stopped after it.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .. import progress
from ..errors import ProjevalError, TraceError
from .findings import FollowupTally
from .partitions import (
    Partition,
    PartitionResult,
    analyse_partition,
    merge_file,
    plan_file,
)
from .pipeline import Collected, Settings
from .readers import expand_paths

#: Environment variables naming a scheduler, in the order they are looked at.
ADDRESS_ENVS = ("PROJEVAL_DASK_ADDRESS", "DASK_SCHEDULER_ADDRESS")
#: Worker processes of the local cluster started when no address is given.
DEFAULT_WORKERS = 2
#: Plain JSON Lines files larger than this are cut into partitions of about this size.
PARTITION_BYTES = 64 * 1024 * 1024
#: Seconds to wait for a scheduler to answer.
CONNECT_TIMEOUT = 30

_INSTALL = "pip install 'projeval[dask]'"

PartitionTask = Callable[[Partition, Settings], PartitionResult]


def scheduler_address(explicit: str | None = None, configured: str | None = None) -> str | None:
    """The scheduler to use: ``explicit``, else the environment, else ``configured``.

    ``None`` means: start a local cluster.
    """
    if explicit:
        return explicit
    for name in ADDRESS_ENVS:
        if os.environ.get(name):
            return os.environ[name]
    return configured or None


def require_distributed() -> Any:
    """The ``distributed`` module, or a :class:`ProjevalError` naming the extra to install."""
    try:
        import distributed
    except ImportError as exc:
        raise ProjevalError(
            "the dask engine needs Dask distributed, which is not installed.",
            fix=f"{_INSTALL}, or use the local engine (--engine local)",
        ) from exc
    return distributed


@contextmanager
def connect(address: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A ``distributed.Client``: to the scheduler at ``address``, or to a local cluster.

    The local cluster has ``workers`` processes (default :data:`DEFAULT_WORKERS`)
    of one thread each and lives as long as the ``with`` block.
    """
    dist = require_distributed()
    cluster = None
    if address:
        try:
            client = dist.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise ProjevalError(
                f"cannot reach the Dask scheduler at {address} ({exc}).",
                fix="check the address (--address, $PROJEVAL_DASK_ADDRESS, "
                "$DASK_SCHEDULER_ADDRESS or dask_address in the config), "
                "or leave it out to start a local cluster",
            ) from exc
    else:
        cluster = dist.LocalCluster(
            n_workers=max(1, workers or DEFAULT_WORKERS),
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.CRITICAL,  # the library never prints
        )
        client = dist.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def list_files(paths: Sequence[str | Path]) -> list[tuple[str, int]]:
    """Every file to read, with its size (run on a worker: the client opens nothing)."""
    return [(str(p), p.stat().st_size) for p in expand_paths(paths)]


class _UserError:
    """A :class:`ProjevalError` a task met, carried back as a value, not as a failed task.

    A failed task is logged by the worker and, across processes, an exception
    keeps only its message; this keeps the class, the place and the fix.
    """

    def __init__(self, exc: ProjevalError) -> None:
        self.cls = type(exc)
        self.fields = (exc.message, exc.file, exc.position, exc.fix)

    def error(self) -> ProjevalError:
        message, file, position, fix = self.fields
        return self.cls(message, file=file, position=position, fix=fix)


def _guarded(fn: Callable[..., Any], *args: Any) -> Any:
    """Run ``fn`` in a task; a user error comes back as a :class:`_UserError`."""
    try:
        return fn(*args)
    except ProjevalError as exc:
        return _UserError(exc)


def _shared(value: Any) -> Any:
    """The settings every partition reads, as a task's result (see :func:`map_partitions`)."""
    return value


def _value(result: Any) -> Any:
    if isinstance(result, _UserError):
        raise result.error()
    return result


def collect_on_dask(
    paths: Sequence[str | Path],
    format: str | None,
    settings: Settings,
    *,
    address: str | None = None,
    workers: int | None = None,
    partition_bytes: int | None = None,
    client: Any = None,
    task: PartitionTask | None = None,
) -> tuple[Collected, FollowupTally]:
    """Analyse every partition of ``paths`` on a cluster; return the merged rows and tally.

    ``client`` is an existing ``distributed.Client`` to use as is; otherwise
    one is opened with :func:`connect` (``address``, ``workers``) and closed
    after. ``partition_bytes`` defaults to :data:`PARTITION_BYTES`. ``task``
    defaults to :func:`~projeval.traces.partitions.analyse_partition` (tests
    replace it).
    """
    partition_bytes = partition_bytes or PARTITION_BYTES
    task = task or analyse_partition
    if client is None:
        with connect(scheduler_address(address), workers) as opened:
            return _run(opened, paths, format, settings, partition_bytes, task)
    return _run(client, paths, format, settings, partition_bytes, task)


def _run(
    client: Any,
    paths: Sequence[str | Path],
    format: str | None,
    settings: Settings,
    partition_bytes: int,
    task: PartitionTask,
) -> tuple[Collected, FollowupTally]:
    # Each task counts its tokens in its own thread: a worker's one thread is its core.
    settings = dataclasses.replace(settings, workers=1)
    out, tally = Collected(), FollowupTally(settings.suites)

    def merge(path: str, results: list[Any]) -> None:
        merge_file(out, tally, path, results)

    map_partitions(
        client,
        paths,
        format,
        task,
        settings,
        merge,
        partition_bytes=partition_bytes,
        max_json_bytes=settings.max_json_bytes,
        label="traces",
    )
    return out, tally


def map_partitions(
    client: Any,
    paths: Sequence[str | Path],
    format: str | None,
    task: Callable[[Partition, Any], Any],
    shared: Any,
    merge: Callable[[str, list[Any]], None],
    *,
    partition_bytes: int | None = None,
    max_json_bytes: int,
    label: str,
    number_lines: bool = False,
    keep: Callable[[str], bool] | None = None,
) -> None:
    """Run ``task(partition, shared)`` on every partition of ``paths`` on the cluster.

    The runner of both the trace analysis and question mining. Listing and
    planning are tasks too (the client opens nothing); ``keep`` picks among
    the files listed. ``shared`` is sent to every worker once. Each file's
    results, in partition order, go to ``merge(path, results)``, file by file
    in the order given, whatever order the tasks finish in. ``number_lines``
    asks the planner for the first line of every partition (reading the file
    up to its last cut), for tasks that cannot be renumbered after.
    """
    dist = require_distributed()
    partition_bytes = partition_bytes or PARTITION_BYTES
    listed = client.submit(_guarded, list_files, [str(p) for p in paths], pure=False)
    files = [(p, size) for p, size in _value(listed.result()) if keep is None or keep(p)]
    planned: dict[str, Any] = {
        path: client.submit(
            _guarded,
            plan_file,
            path,
            format,
            partition_bytes,
            max_json_bytes,
            number_lines,
            pure=False,
        )
        for path, size in files
        if size > partition_bytes
    }
    parts = {
        path: _value(planned[path].result()) if path in planned else [Partition(path, format)]
        for path, _ in files
    }
    # A task's result, not scattered data: Dask's memory manager keeps one copy of a
    # broadcast value, and a value scattered is lost with the worker holding it, failing
    # every partition left ("cancelled: already forgotten"); a task's is computed again.
    sent = client.submit(_shared, shared, pure=False)
    futures = {
        path: [client.submit(_guarded, task, part, sent, pure=False) for part in file_parts]
        for path, file_parts in parts.items()
    }
    sizes = dict(files)
    reading = progress.task(f"{label} on Dask ({len(files)} files)", sum(sizes.values()), "bytes")
    for path, file_parts in parts.items():
        for part, future in zip(file_parts, futures[path], strict=True):
            done = (part.end if part.end is not None else sizes[path]) - part.start
            # Called in the client's thread as each partition finishes, in any order.
            future.add_done_callback(lambda _f, n=done: reading.advance(n))
    try:
        for path, _ in files:  # in the order given, so the file list reads as locally
            try:
                results = client.gather(futures.pop(path))
            except dist.KilledWorker as exc:
                raise TraceError(
                    f"a partition of this file stopped its worker repeatedly ({exc}).",
                    file=path,
                    fix="give the workers more memory, or check the worker logs",
                ) from exc
            merge(path, [_value(r) for r in results])
    finally:
        reading.close()
        left = [f for fs in futures.values() for f in fs]
        if left:
            client.cancel(left)
