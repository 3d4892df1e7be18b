"""Benchmark: the meter's `mcp:` projection (a real MCP server over stdio, real HTTP
upstream; ``question_sets/meter_mcp.yaml``) against its Python twin `structured`, scored
the same way.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_mcp.py``. Prints, for each,
the best of 3 scorings (alternated, so a shared machine's load falls on both alike), the
calls, and for the MCP projection the time to start its server (SDK client import, server
start, initialize, tools/list), the time per call after that, one call at a time and in a
batch (``call_many``, as lineage sends a fixture's probes), and the time to close it.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from projeval.projections import Limits  # noqa: E402
from projeval.score import score_suite  # noqa: E402
from projeval.suites import load_suite  # noqa: E402
from projeval.workers import start_runner  # noqa: E402

RUNS = 3


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    suite = load_suite(ROOT / "question_sets" / "meter_mcp.yaml", root=ROOT)
    best = {"structured": float("inf"), "compact_mcp": float("inf")}
    calls = {}
    for _ in range(RUNS):
        for name in best:
            start = time.perf_counter()
            score = score_suite(suite, [name])
            score.close()
            best[name] = min(best[name], time.perf_counter() - start)
            projection = score.projections[name]
            assert projection.error is None, projection.error
            calls[name] = projection.lineage.calls if projection.lineage else 0
    start = time.perf_counter()
    runner = start_runner(suite.projections["compact_mcp"], suite, Limits())
    started = time.perf_counter() - start
    fixture = suite.data_fixtures[0].data
    start = time.perf_counter()
    for _ in range(100):
        runner(fixture)
    per_call = (time.perf_counter() - start) / 100
    start = time.perf_counter()
    runner.call_many([fixture] * 100)  # type: ignore[attr-defined]
    per_batched = (time.perf_counter() - start) / 100
    start = time.perf_counter()
    runner.close()  # type: ignore[attr-defined]
    closed = time.perf_counter() - start
    for name, seconds in best.items():
        print(f"{name:12} {seconds * 1000:8.0f} ms  {calls[name]} calls")
    print(
        f"compact_mcp server start {started * 1000:.0f} ms, then {per_call * 1000:.1f} ms a call "
        f"({per_batched * 1000:.1f} ms in a batch), close {closed * 1000:.0f} ms"
    )
    print(f"ratio {best['compact_mcp'] / best['structured']:.1f}x")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
