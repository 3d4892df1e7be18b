"""Benchmark: the shipped example's score time, before and after projections ran in workers.

Run by hand (not a test)::

    git worktree add --detach ../base 97fab7e      # the last commit before isolation
    make -C ../base .venv/.installed               # its own virtualenv
    .venv/bin/python benchmarks/bench_isolation.py --base ../base

Goal (issue 17): isolation makes scoring at most 1.5x slower. Both trees score the same
suites: the base's ``question_sets/support_desk.yaml`` and ``meter.yaml`` (the shipped
example as it was, without the projections added since, ``compact_v2_node`` and
``compact_mcp``), with the base's fixtures and projection modules. Each tree runs in its
own interpreter (its own ``.venv``), one after the other in alternating order, ``--rounds``
times; each run scores both suites ``--runs`` times after one warm-up (imports, the fork
server, the tokenizer). A score's workers are stopped within its time (``close()``).
Prints every time, the best of each tree and the ratio of the bests, and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run by each tree's interpreter, in the base tree's folder: prints the seconds of each run.
DRIVER = r"""
import json, sys, time
from pathlib import Path
from projeval.score import score_suite
from projeval.suites import load_suite

root, runs = Path(sys.argv[1]), int(sys.argv[2])
suites = [load_suite(root / "question_sets" / n, root=root) for n in ("support_desk.yaml", "meter.yaml")]

def once():
    start = time.perf_counter()
    for suite in suites:
        score = score_suite(suite)
        close = getattr(score, "close", None)  # the workers (the base has none)
        if close is not None:
            close()
    return time.perf_counter() - start

once()
print(json.dumps([once() for _ in range(runs)]))
"""


def _times(python: Path, base: Path, runs: int) -> list[float]:
    done = subprocess.run(
        [str(python), "-c", DRIVER, str(base), str(runs)],
        cwd=base,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"{python} failed:\n{done.stderr}")
    return [float(t) for t in json.loads(done.stdout.strip().splitlines()[-1])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--base", type=Path, required=True, help="a worktree of 97fab7e with its .venv"
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    base = args.base.resolve()
    pythons = {"base": base / ".venv/bin/python", "now": ROOT / ".venv/bin/python"}
    for name, python in pythons.items():
        if not python.exists():
            sys.exit(f"no {python}: run `make .venv/.installed` in the {name} tree")
    head = subprocess.run(
        ["git", "-C", str(base), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    print(f"base: {base} at {head}; now: {ROOT}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    times: dict[str, list[float]] = {"base": [], "now": []}
    for round_ in range(args.rounds):
        order = ["base", "now"] if round_ % 2 == 0 else ["now", "base"]
        for name in order:
            got = _times(pythons[name], base, args.runs)
            times[name] += got
            print(
                f"round {round_ + 1} {name:4}: " + " ".join(f"{t * 1000:5.0f}" for t in got) + " ms"
            )
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    best = {name: min(ts) for name, ts in times.items()}
    median = {name: statistics.median(ts) for name, ts in times.items()}
    for name in ("base", "now"):
        print(f"{name:4}: best {best[name] * 1000:.0f} ms, median {median[name] * 1000:.0f} ms")
    print(
        f"ratio now/base: best {best['now'] / best['base']:.2f}x, "
        f"median {median['now'] / median['base']:.2f}x (goal: at most 1.5x)"
    )


if __name__ == "__main__":
    main()
