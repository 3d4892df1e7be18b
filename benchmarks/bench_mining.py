"""Benchmark question mining against the trace analysis, on the trace benchmark's corpus.

    .venv/bin/python benchmarks/bench_mining.py            # 200 MB corpus
    .venv/bin/python benchmarks/bench_mining.py --mb 20    # a quick run

Generates (or reuses) ``benchmarks/out/corpus_<mb>mb_<pool>p.jsonl`` with
``bench_traces.generate``, then times, each in its own process so its peak
RSS is its own, ``--repeat`` times (the fastest run counts: a shared machine
only ever adds time):

- ``analyse``: ``analyse_traces(..., keep_events=False)``, as ``bench_traces``;
- ``mine``: ``mine_questions(..., "search_tickets")``, which parses the traces
  again but counts no tokens.

Prints one JSON line per phase and a summary with ``mine_vs_analyse`` (the
ratio of the two times). Not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def _best(fn: Any, repeat: int) -> tuple[float, list[float], Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(round(time.perf_counter() - start, 3))
    return min(times), times, result


def phase(name: str, path: Path, workers: int, repeat: int) -> dict[str, Any]:
    """Run one phase in this process and describe it."""
    if name == "analyse":
        from projeval.tokens import get_encoding
        from projeval.traces import analyse_traces

        get_encoding("o200k_base")  # the rank file loads before the clock
        seconds, times, result = _best(
            lambda: analyse_traces([path], keep_events=False, workers=workers), repeat
        )
        extra = {"traces": result.totals["traces"], "followups": result.totals["followups"]}
    else:
        from projeval.mining import mine_questions

        seconds, times, result = _best(
            lambda: mine_questions([path], "search_tickets", workers=workers), repeat
        )
        extra = {
            "traces": result.traces,
            "questions": result.turns,
            "groups": len(result.questions),
            "needs": sum(len(q.needs) for q in result.questions),
        }
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {
        "phase": name,
        "seconds": seconds,
        "runs": times,
        "maxrss_mb": round(rss, 1),
        "shard_maxrss_mb": round(children, 1),
        **extra,
    }


def _run(name: str, path: Path, workers: int, repeat: int) -> dict[str, Any]:
    args = [sys.executable, __file__, "--phase", name, "--path", str(path)]
    args += ["--workers", str(workers), "--repeat", str(repeat)]
    out = subprocess.run(args, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=200, help="corpus size in MB (default 200)")
    ap.add_argument("--page-pool", type=int, default=2000, help="distinct search pages")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--repeat", type=int, default=3, help="runs per phase; the fastest counts")
    ap.add_argument("--phase", choices=("analyse", "mine"), help=argparse.SUPPRESS)
    ap.add_argument("--path", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.phase:
        result = phase(args.phase, args.path, args.workers, args.repeat)
        sys.stdout.write(json.dumps(result) + "\n")
        return
    from bench_traces import OUT, generate

    path = OUT / f"corpus_{args.mb}mb_{args.page_pool}p.jsonl"
    if not path.exists():
        stats = generate(path, args.mb, args.page_pool)
        sys.stdout.write(json.dumps({"phase": "generate", **stats}) + "\n")
    results = {}
    for name in ("analyse", "mine"):
        results[name] = _run(name, path, args.workers, args.repeat)
        sys.stdout.write(json.dumps(results[name]) + "\n")
    analyse, mine = results["analyse"], results["mine"]
    summary = {
        "phase": "summary",
        "corpus_mb": round(path.stat().st_size / 1e6, 1),
        "workers": args.workers,
        "load_average": round(os.getloadavg()[0], 2),
        "analyse_s": analyse["seconds"],
        "mine_s": mine["seconds"],
        "mine_vs_analyse": round(mine["seconds"] / analyse["seconds"], 2),
    }
    sys.stdout.write(json.dumps(summary) + "\n")


if __name__ == "__main__":
    main()
