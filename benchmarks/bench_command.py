"""Benchmark: a `command:` projection (node) against its Python twin, scored the same way.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_command.py``.
Goal (issue 17): scoring the JavaScript twin of compact_v2 (projections/support_desk.js, listed
in the shipped suite as compact_v2_node) stays within 2x of the Python compact_v2. Prints the best of 5 runs of each, alternated so that a
shared machine's load falls on both alike.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from projeval.score import score_suite  # noqa: E402
from projeval.suites import load_suite  # noqa: E402

RUNS = 5


def main() -> None:
    suite = load_suite(ROOT / "question_sets/support_desk.yaml", root=ROOT)
    best = {"compact_v2": float("inf"), "compact_v2_node": float("inf")}
    calls = {}
    for _ in range(RUNS):
        for name in best:
            start = time.perf_counter()
            score = score_suite(suite, [name])
            best[name] = min(best[name], time.perf_counter() - start)
            lineage = score.projections[name].lineage
            calls[name] = lineage.calls if lineage else 0
            score.close()
    python, js = best["compact_v2"], best["compact_v2_node"]
    for name, seconds in best.items():
        print(f"{name:14} {seconds * 1000:7.0f} ms  ({calls[name]} calls, best of {RUNS})")
    print(f"JavaScript / Python: {js / python:.2f}x (goal: at most 2x)")


if __name__ == "__main__":
    main()
