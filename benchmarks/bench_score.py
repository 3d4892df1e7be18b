"""Benchmark: lineage + coverage + cost + contract checks, the whole pipeline per suite.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_score.py``.
Goal (issue: cost and checks): the whole shipped example (both suites) well under 3 s.
Prints the best of 5 runs per stage, after one warm-up run that loads the tokenizer (its
load time is printed on its own line).
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from projeval.checks import check_suite  # noqa: E402
from projeval.cost import cost_suite  # noqa: E402
from projeval.score import score_suite  # noqa: E402
from projeval.suites import Fixture, Suite, load_suite  # noqa: E402
from projeval.tokens import get_encoding  # noqa: E402
from ticket_page import make_page  # noqa: E402

RUNS = 5


def best_of(runs: int, func: Callable[[], Any]) -> tuple[float, Any]:
    """Fastest of ``runs`` calls, in seconds, and the last result."""
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result


def stages(suite: Suite) -> tuple[float, float, float, float]:
    """Best-of-5 seconds for scoring, cost, checks, and the three in a row."""
    score_s, score = best_of(RUNS, lambda: score_suite(suite))
    cost_s, _ = best_of(RUNS, lambda: cost_suite(score))
    checks_s, _ = best_of(RUNS, lambda: check_suite(score))

    def everything() -> None:
        scored = score_suite(suite)
        cost_suite(scored)
        check_suite(scored)

    total_s, _ = best_of(RUNS, everything)
    return score_s, cost_s, checks_s, total_s


def main() -> None:
    start = time.perf_counter()
    get_encoding()
    print(
        f"tokenizer load (o200k_base, once per process): {(time.perf_counter() - start) * 1000:.0f} ms"
    )
    support = load_suite(ROOT / "question_sets/support_desk.yaml", root=ROOT)
    meter = load_suite(ROOT / "question_sets/meter.yaml", root=ROOT)
    page = dataclasses.replace(
        support,
        fixtures=(Fixture("tickets_100", Path("tickets_100.json"), make_page(100)),),
    )
    cases = [
        ("support-desk, shipped fixtures (14 tickets + 2)", support),
        ("meter, shipped fixture (40 KB)", meter),
        ("support-desk, one 100-ticket page", page),
    ]
    print(f"{'case':48} {'score':>8} {'cost':>8} {'checks':>8} {'all':>8}  (ms, best of {RUNS})")
    example = 0.0
    for label, suite in cases:
        score_s, cost_s, checks_s, total_s = stages(suite)
        if suite is not page:
            example += total_s
        print(
            f"{label:48} {score_s * 1000:8.0f} {cost_s * 1000:8.0f} "
            f"{checks_s * 1000:8.0f} {total_s * 1000:8.0f}"
        )
    print(f"{'whole shipped example (both suites)':48} {'':8} {'':8} {'':8} {example * 1000:8.0f}")


if __name__ == "__main__":
    main()
