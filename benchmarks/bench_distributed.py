"""Benchmark the Dask engine against the local run on the trace benchmark's corpus.

    .venv/bin/python benchmarks/bench_distributed.py            # 200 MB corpus
    .venv/bin/python benchmarks/bench_distributed.py --mb 50    # a quicker run

Uses the corpus of ``benchmarks/bench_traces.py`` (generated into
``benchmarks/out/`` when missing) and times ``analyse_traces(...,
keep_events=False)``:

1. ``local``: this machine's engine (one forked process per core);
2. ``dask-1`` and ``dask-2``: a ``LocalCluster`` of 1 and 2 worker processes
   of one thread each, started (and the tokenizer loaded in each worker)
   before the clock, its start reported apart, with the file cut into
   partitions of ``--partition-mb``. Workers keep token counts across the
   partitions they run; they are cleared before every run, so each run is cold.

Every run must give the local run's totals and findings, or the script
stops. Prints one JSON line per phase and a summary: the speed-up from 1 to
2 workers, and the overhead of the Dask engine against the local run on the
same cores. Not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def _timed(
    fn: Any, repeat: int, cpu: Any, before: Any = None
) -> tuple[float, list[float], float, Any]:
    """The fastest of ``repeat`` runs (a shared machine only ever adds time), all of them,
    and the CPU seconds (every process involved) of the fastest."""
    times, cpus, result = [], [], None
    for _ in range(repeat):
        if before is not None:
            before()
        start, cpu0 = time.perf_counter(), cpu()
        result = fn()
        times.append(round(time.perf_counter() - start, 3))
        cpus.append(round(cpu() - cpu0, 2))
    best = min(range(repeat), key=times.__getitem__)
    return times[best], times, cpus[best], result


def _local_cpu() -> float:
    t = os.times()  # this process and its finished children (the forked shards)
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    from bench_traces import OUT, generate

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=200, help="corpus size in MB (default 200)")
    ap.add_argument("--page-pool", type=int, default=2000, help="as in bench_traces.py")
    ap.add_argument("--partition-mb", type=int, default=64, help="partition size (default 64)")
    ap.add_argument("--repeat", type=int, default=2, help="runs per phase; the fastest counts")
    args = ap.parse_args()

    import distributed
    from projeval.tokens import get_encoding
    from projeval.traces import analyse_traces
    from projeval.traces import distributed as engine
    from projeval.traces.partitions import clear_worker_cache

    path = OUT / f"corpus_{args.mb}mb_{args.page_pool}p.jsonl"
    if not path.exists():
        stats = generate(path, args.mb, args.page_pool)
        sys.stdout.write(json.dumps({"phase": "generate", **stats}) + "\n")
    mb = path.stat().st_size / 1e6
    engine.PARTITION_BYTES = args.partition_mb * 1024 * 1024
    get_encoding("o200k_base")
    cores = os.cpu_count() or 1

    # The local run first: it forks its shards only while this process has no other thread.
    seconds, runs, cpu, local = _timed(
        lambda: analyse_traces([path], keep_events=False, workers=cores), args.repeat, _local_cpu
    )
    expected = (local.totals, local.findings)
    results: dict[str, dict[str, Any]] = {
        "local": {
            "phase": "local",
            "seconds": seconds,
            "runs": runs,
            "cpu_s": cpu,
            "workers": cores,
        }
    }
    for n in (1, 2):
        start = time.perf_counter()
        cluster = distributed.LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = distributed.Client(cluster)
        # Load the tokenizer in every worker before the clock, as the local run does: a
        # long-lived cluster pays this once per worker, not once per analysis.
        client.run(get_encoding, "o200k_base")
        started = round(time.perf_counter() - start, 3)
        try:
            address = cluster.scheduler_address
            seconds, runs, cpu, got = _timed(
                lambda a=address: analyse_traces(
                    [path], keep_events=False, engine="dask", address=a
                ),
                args.repeat,
                lambda c=client: sum(c.run(time.process_time).values()) + _local_cpu(),
                # Workers keep token counts across partitions; every run starts cold.
                before=lambda c=client: c.run(clear_worker_cache),
            )
        finally:
            client.close()
            cluster.close()
        if (got.totals, got.findings) != expected:
            raise SystemExit(f"dask-{n} differs from the local run")
        results[f"dask-{n}"] = {
            "phase": f"dask-{n}",
            "seconds": seconds,
            "runs": runs,
            "cpu_s": cpu,
            "workers": n,
            "cluster_start_s": started,
        }
    for r in results.values():
        r["mb_per_s"] = round(mb / r["seconds"], 1)
        sys.stdout.write(json.dumps(r) + "\n")
    local_s, one, two = (results[k]["seconds"] for k in ("local", "dask-1", "dask-2"))
    summary = {
        "phase": "summary",
        "corpus_mb": round(mb, 1),
        "partition_mb": args.partition_mb,
        "partitions": -(-path.stat().st_size // engine.PARTITION_BYTES),
        "cores": cores,
        "traces": local.totals["traces"],
        "local_s": local_s,
        "dask1_s": one,
        "dask2_s": two,
        "speedup_2_vs_1": round(one / two, 2),
        "overhead_vs_local": round(two / local_s - 1, 3),
        "cpu_overhead_vs_local": round(
            results["dask-2"]["cpu_s"] / results["local"]["cpu_s"] - 1, 3
        ),
        "per_worker_mb_per_s": round(mb / one, 1),
    }
    sys.stdout.write(json.dumps(summary) + "\n")


if __name__ == "__main__":
    main()
