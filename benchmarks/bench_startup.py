"""Benchmark: how long the ``projeval`` command takes to start.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_startup.py``.
Goal (issue 19): ``projeval --help`` under 0.3 s and ``projeval score`` on the
shipped example under 1.5 s. Each command runs in a fresh interpreter
(``python -m projeval``), as a user's shell would start it; prints the best and
the median of the runs, and for ``--help`` the heavy modules it imported.

Also timed, with no goal: ``score`` with the meter's MCP server too
(``question_sets/meter_mcp.yaml``, which the default suites leave out for its start-up
cost, and ``make run`` includes). The load average is printed before and after: on a
shared machine, compare runs taken at the same load.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7
HEAVY = ("pandas", "duckdb", "matplotlib", "numpy", "jinja2", "jsonschema", "tiktoken", "rich")

EXAMPLE = ["question_sets/support_desk.yaml", "question_sets/meter.yaml"]
COMMANDS: dict[str, tuple[list[str], float | None]] = {
    "--help": (["--help"], 0.3),
    "score": (["score"], 1.5),
    "score +mcp": (["score", *EXAMPLE, "question_sets/meter_mcp.yaml"], None),
}


def timed(args: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "projeval", *args],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
        env={**os.environ, "NO_COLOR": "1"},
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def heavy_imports(args: list[str]) -> list[str]:
    code = (
        "import sys\nfrom projeval.cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stderr.strip().splitlines()[-1:] or []


def main() -> None:
    load = os.getloadavg()[0]
    print(
        f"{RUNS} runs each, fresh interpreter per run (python -m projeval); "
        f"load average {load:.1f} on {os.cpu_count()} cores"
    )
    for label, (args, goal) in COMMANDS.items():
        timed(args)  # warm the OS file cache and the tokenizer's rank cache first
        runs = [timed(args) for _ in range(RUNS)]
        walls, cpus = [w for w, _ in runs], [c for _, c in runs]
        best, median = min(walls), statistics.median(walls)
        verdict = (
            "no goal" if goal is None else f"goal {goal} s  " + ("ok" if best < goal else "OVER")
        )
        print(
            f"projeval {label:<10} wall best {best:.3f} s  median {median:.3f} s  "
            f"cpu best {min(cpus):.3f} s  {verdict}"
        )
    print("heavy modules imported by --help:", " ".join(heavy_imports(["--help"])) or "none")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
