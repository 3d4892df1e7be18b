"""Benchmark: a `command:` projection (node) against its Python twin, scored the same way.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_command.py``.
Goal (issue 17): scoring the JavaScript twin of compact_v2 (projections/support_desk.js, listed
in the shipped suite as compact_v2_node) stays within 2x of the Python compact_v2. Prints the
best of 5 runs of each, alternated so that a shared machine's load falls on both alike, the
bytes each call sent and read, and node's own start-up (``node -e 0``), which no projection
can make shorter: with ``NODE_EXTRA_CA_CERTS`` set, node reads and parses that certificate
bundle before it runs any code, so the start-up is also timed without it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from projeval.score import score_suite  # noqa: E402
from projeval.suites import load_suite  # noqa: E402

RUNS = 5


def node_start(env: dict[str, str]) -> float:
    """The best of RUNS wall times of ``node -e 0`` under ``env``."""
    node = shutil.which("node") or "node"
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([node, "-e", "0"], env=env, check=True)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    suite = load_suite(ROOT / "question_sets/support_desk.yaml", root=ROOT)
    best = {"compact_v2": float("inf"), "compact_v2_node": float("inf")}
    calls: dict[str, tuple[int, int, int]] = {}
    load = os.getloadavg()
    for _ in range(RUNS):
        for name in best:
            start = time.perf_counter()
            score = score_suite(suite, [name])
            best[name] = min(best[name], time.perf_counter() - start)
            runner = score.runners[name]
            calls[name] = (runner.calls, runner.sent, runner.received)
            score.close()
    python, js = best["compact_v2"], best["compact_v2_node"]
    for name, seconds in best.items():
        n, sent, received = calls[name]
        print(
            f"{name:16} {seconds * 1000:5.0f} ms  ({n} calls, {sent / n:,.0f} B sent and "
            f"{received / n:,.0f} B read per call, best of {RUNS})"
        )
    print(f"JavaScript / Python: {js / python:.2f}x (goal: at most 2x)")
    started = node_start(dict(os.environ))
    line = f"node -e 0: {started * 1000:.0f} ms"
    if os.environ.get("NODE_EXTRA_CA_CERTS"):
        bare = {k: v for k, v in os.environ.items() if k != "NODE_EXTRA_CA_CERTS"}
        line += f" (NODE_EXTRA_CA_CERTS is set; without it: {node_start(bare) * 1000:.0f} ms)"
    after = os.getloadavg()
    print(f"{line}; load average {load[0]:.2f} before, {after[0]:.2f} after")


if __name__ == "__main__":
    main()
