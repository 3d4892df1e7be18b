"""Benchmark: lineage and coverage for the shipped example and for a 100-ticket page.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_lineage.py``.
Goal (issue: foundation): well under 2 s for all four support-desk projections,
on the shipped page and on a 100-ticket page. Prints the best of 5 runs.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from projeval.score import score_suite  # noqa: E402
from projeval.suites import Fixture, load_suite  # noqa: E402
from ticket_page import make_page  # noqa: E402


def best_of(runs: int, func) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    support = load_suite(ROOT / "question_sets/support_desk.yaml", root=ROOT)
    meter = load_suite(ROOT / "question_sets/meter.yaml", root=ROOT)
    page = make_page(100)
    big = dataclasses.replace(
        support,
        fixtures=(Fixture("tickets_100", Path("tickets_100.json"), page),),
    )
    cases = [
        ("support-desk, shipped fixtures (14 tickets)", support),
        ("support-desk, one 100-ticket page", big),
        ("meter, shipped fixture (40 KB)", meter),
    ]
    print(f"{'case':46} {'best of 5':>10} {'calls':>7}  projections")
    for label, suite in cases:
        seconds, result = best_of(5, lambda s=suite: score_suite(s))
        calls = sum(p.lineage.calls for p in result.projections.values() if p.lineage)
        print(f"{label:46} {seconds * 1000:8.0f} ms {calls:7d}  {len(result.projections)}")


if __name__ == "__main__":
    main()
