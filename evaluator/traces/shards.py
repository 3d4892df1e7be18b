"""A large JSON Lines file, analysed across processes: one shard per core.

On a big corpus most of the time goes to Python work per event (building
events, following values through results, matching hedges), which threads
cannot share. So a plain JSON Lines file in a conversation format, above
:data:`SHARD_MIN_BYTES`, is cut at line boundaries into one shard per worker;
each shard is a :class:`~projeval.traces.partitions.Partition`, parsed and
measured by :func:`~projeval.traces.partitions.analyse_partition` in a
forked process, and the rows merged by
:func:`~projeval.traces.partitions.merge_file`.

- A cut never falls between two lines of the same conversation, so the
  snapshots of a request log stay together (conversations whose lines are
  interleaved with others' across a cut are the one case this cannot see).
- Trace ids that two shards both produced are renamed the way one process
  would have named them (``id#2``).
- Forking happens only while the process has no other thread, so no lock is
  copied in a held state; otherwise the file is read in this process.

Where a file may be cut is :mod:`projeval.traces.cuts` (the planner, which
:mod:`~projeval.traces.partitions` also uses for the Dask engine); this module
is the executor that runs the shards.
"""

from __future__ import annotations

import dataclasses
import gc
import multiprocessing
import os
import pickle
import queue
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import connection as mp_connection
from typing import Any, cast

from ..errors import TraceError
from .cuts import Shard
from .metrics import TokenCache
from .partitions import Partition, PartitionResult, analyse_partition
from .pipeline import Settings


def run(shards: list[Shard], fmt: str, settings: Settings) -> list[PartitionResult]:
    """Analyse the shards of one file, each in a process forked for it; results in file order.

    Each process starts with its shard in hand (nothing to send it), posts its
    result through a pipe and ends at once, skipping the interpreter's
    teardown; results are read as they come. Raises :class:`TraceError` when a
    process ends without a result (killed, out of memory) or with an error.
    """
    ctx = multiprocessing.get_context("fork")
    # One process per core already fills the cores: each counts its tokens in its own thread.
    single = dataclasses.replace(settings, workers=1)
    inboxes = [ctx.Queue() for _ in shards] if len(shards) > 1 else []
    procs: list[Any] = []
    readers: dict[Any, int] = {}
    done = False
    try:
        for i, s in enumerate(shards):
            part = Partition(s.path, fmt, s.start, s.end, s.first_line)
            reader, writer = ctx.Pipe(duplex=False)
            proc = ctx.Process(
                target=_shard_process, args=(part, single, inboxes, i, writer), daemon=True
            )
            proc.start()
            writer.close()
            procs.append(proc)
            readers[reader] = i
        results: dict[int, PartitionResult] = {}
        while readers:
            for ready in mp_connection.wait(list(readers)):
                i = readers.pop(ready)
                results[i] = _result(ready, procs[i], shards[i])
        done = True
        return [results[i] for i in range(len(shards))]
    finally:
        if done:
            # Each has sent its result and is exiting; giving its memory back takes a
            # moment, which the caller spends merging: reap() waits for them after.
            _exiting.extend(procs)
        else:
            for proc in procs:
                if proc.is_alive():
                    proc.kill()  # a sibling failed: this one's work is wasted
                proc.join()


# Shard processes that sent their results and are exiting (see reap()).
_exiting: list[Any] = []


def reap() -> None:
    """Wait for the shard processes of earlier runs to finish exiting."""
    while _exiting:
        _exiting.pop().join()


def _result(reader: Any, proc: Any, shard: Shard) -> PartitionResult:
    try:
        status, payload = pickle.loads(reader.recv_bytes())
    except (EOFError, OSError):
        proc.join()
        raise TraceError(
            f"the process reading bytes {shard.start}-{shard.end} of this file stopped without "
            f"a result (exit code {proc.exitcode}).",
            file=shard.path,
            fix="check the memory available, or read the file in one process (workers=1)",
        ) from None
    finally:
        reader.close()
    if status != "ok":
        raise payload
    return cast(PartitionResult, payload)


def _shard_process(
    part: Partition, settings: Settings, inboxes: list[Any], me: int, writer: Any
) -> None:
    """The body of a shard's process: analyse, post the result, end."""
    try:
        # This process ends with its task, and what it builds holds no reference cycles:
        # the cyclic collector would only walk memory that is freed at exit anyway.
        gc.disable()
        exchange = CountExchange(inboxes, me) if inboxes else None
        message: tuple[str, Any] = ("ok", analyse_partition(part, settings, exchange=exchange))
    except BaseException as exc:  # reported to the parent, which raises it
        message = ("error", exc)
    try:
        try:
            data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # an error that cannot cross: say what it was
            data = pickle.dumps(("error", TraceError(f"{type(exc).__name__}: {exc}")))
        writer.send_bytes(data)
    finally:
        # Nothing here needs the interpreter's teardown: no file to flush, and the
        # peers' counts that were not delivered cost time only.
        os._exit(0)


class CountExchange:
    """Token counts passed between the shard processes of one file, as they are made.

    The shards of a file see many of the same texts (system prompts, popular
    results): without this each would tokenize them again. After counting a
    batch, a worker posts the counts to every peer's inbox; before claiming the
    next batch's texts it takes what its peers posted. A count depends on the
    text alone, so what arrives (or when, or whether) changes nothing but the
    time. Keys are the :class:`~projeval.traces.metrics.TokenCache` keys;
    string hashes agree because the workers are forked from one process.
    """

    def __init__(self, inboxes: list[Any], me: int) -> None:
        self.inboxes = inboxes
        self.me = me
        for inbox in inboxes:
            # Never wait at exit for counts a peer will not read any more.
            inbox.cancel_join_thread()

    def send(self, encoding: str, texts: list[str], counts: list[int]) -> None:
        """Post the counts of ``texts`` to every peer."""
        if not texts:
            return
        message = (encoding, [(hash(t), len(t)) for t in texts], counts)
        for i, inbox in enumerate(self.inboxes):
            if i != self.me:
                inbox.put(message)

    def receive(self, cache: TokenCache) -> None:
        """Add to ``cache`` every count the peers have posted so far (never waits)."""
        inbox = self.inboxes[self.me]
        counts = cache.counts
        while True:
            try:
                encoding, keys, values = inbox.get_nowait()
            except queue.Empty:
                return
            if encoding == cache.encoding:
                counts.update(zip(keys, values, strict=True))


def fork_pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes forked now (all at once, before any thread of ours starts)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"))
