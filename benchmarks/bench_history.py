"""How fast do history queries answer over a big store?

Builds (once) a store of synthetic runs in benchmarks/out/ with
:meth:`Store.bulk_load`, then times ``open_history``, ``runs``, ``trend`` and
``diff`` on it, best and median of several repeats.

    .venv/bin/python benchmarks/bench_history.py                 # 10,000 runs x 100 questions
    .venv/bin/python benchmarks/bench_history.py --runs 1000 --rebuild

Each run scores one suite with ``--projections`` projections; every question
needs 3 fields, and a field drops out for a while now and then, so diffs have
something to find. Every run also has 20 lineage rows, 3 fixtures' costs, 2
trace summaries, 3 follow-ups, 1 hedge and 2 findings per projection.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from projeval.history import open_history, render_diff, render_trend  # noqa: E402
from projeval.store import Store  # noqa: E402

OUT = Path(__file__).resolve().parent / "out"
SUITE = "support-desk"
NEEDS = 3
FIELDS = 20
FIXTURES = ("search_tickets", "empty_page", "rate_limited")
START = datetime(2025, 1, 1)


def _cat(values: np.ndarray, names: list[str]) -> pd.Categorical:
    """Strings as a categorical: millions of rows without millions of Python strings."""
    return pd.Categorical.from_codes(values, categories=names)


def _chunk(first: int, count: int, questions: int, projections: int) -> dict[str, pd.DataFrame]:
    """Frames for runs ``first`` .. ``first + count - 1`` (ids start at 1)."""
    runs = np.arange(first, first + count)
    epoch = runs // 50  # statuses change every 50 runs
    proj_names = [f"proj_{p}" for p in range(projections)]
    q_names = [f"q{q:03d}" for q in range(questions)]
    f_names = [f"field_{f:02d}" for f in range(FIELDS)]

    # need rows: run x projection x question x need
    r, p, q, n = (
        a.ravel()
        for a in np.meshgrid(
            np.arange(count),
            np.arange(projections),
            np.arange(questions),
            np.arange(NEEDS),
            indexing="ij",
        )
    )
    field = (q * 7 + n * 3) % FIELDS
    dropped = (q * 7 + field * 13 + p * 5 + epoch[r] * 11) % 17 == 0
    needs = pd.DataFrame(
        {
            "run_id": runs[r],
            "suite": _cat(np.zeros(len(r), dtype=np.int8), [SUITE]),
            "projection": _cat(p.astype(np.int8), proj_names),
            "question": _cat(q.astype(np.int16), q_names),
            "field": _cat(field.astype(np.int8), f_names),
            "status": _cat(dropped.astype(np.int8), ["ok", "dropped"]),
            "detail": _cat(dropped.astype(np.int8), ["carried as is", "the projection drops it"]),
            "lineage": _cat(dropped.astype(np.int8), ["kept", "dropped"]),
        }
    )
    # question rows: answerable when no need dropped
    blocked = dropped.reshape(count, projections, questions, NEEDS).any(axis=3)
    r2, p2, q2 = (
        a.ravel()
        for a in np.meshgrid(
            np.arange(count), np.arange(projections), np.arange(questions), indexing="ij"
        )
    )
    weight = (q2 % 8 + 1).astype(float)
    answerable = ~blocked.ravel()
    questions_frame = pd.DataFrame(
        {
            "run_id": runs[r2],
            "suite": _cat(np.zeros(len(r2), dtype=np.int8), [SUITE]),
            "projection": _cat(p2.astype(np.int8), proj_names),
            "question": _cat(q2.astype(np.int16), q_names),
            "text": _cat(q2.astype(np.int16), [f"Question {i}?" for i in range(questions)]),
            "weight": weight,
            "answerable": answerable,
        }
    )
    per_proj = pd.DataFrame({"run": r2, "p": p2, "w": weight, "ok": weight * answerable})
    sums = per_proj.groupby(["run", "p"], sort=True)[["w", "ok"]].sum()
    counts = per_proj.assign(a=answerable).groupby(["run", "p"], sort=True)["a"].sum()
    r3, p3 = (
        a.ravel() for a in np.meshgrid(np.arange(count), np.arange(projections), indexing="ij")
    )
    results = pd.DataFrame(
        {
            "run_id": runs[r3],
            "suite": SUITE,
            "projection": [proj_names[i] for i in p3],
            "target": [f"projections.bench:{proj_names[i]}" for i in p3],
            "digest": [f"src{(runs[i] // 200) % 7}" for i in r3],
            "coverage": (sums["ok"] / sums["w"]).to_numpy(),
            "answerable": counts.to_numpy(),
            "questions_total": questions,
        }
    )
    # lineage: run x projection x field
    r4, p4, f4 = (
        a.ravel()
        for a in np.meshgrid(
            np.arange(count), np.arange(projections), np.arange(FIELDS), indexing="ij"
        )
    )
    lineage = pd.DataFrame(
        {
            "run_id": runs[r4],
            "suite": SUITE,
            "projection": _cat(p4.astype(np.int8), proj_names),
            "source": _cat(f4.astype(np.int8), [f"data[].{f}" for f in f_names]),
            "field": _cat(f4.astype(np.int8), f_names),
            "status": "kept",
        }
    )
    # costs: run x projection x fixture
    r5, p5, x5 = (
        a.ravel()
        for a in np.meshgrid(
            np.arange(count), np.arange(projections), np.arange(len(FIXTURES)), indexing="ij"
        )
    )
    costs = pd.DataFrame(
        {
            "run_id": runs[r5],
            "suite": SUITE,
            "projection": _cat(p5.astype(np.int8), proj_names),
            "fixture": _cat(x5.astype(np.int8), list(FIXTURES)),
            "tokens": 1000 + 100 * p5 + (runs[r5] % 37),
            "bytes": 4000 + 400 * p5,
        }
    )
    trace_runs = np.repeat(runs, 2)
    traces = pd.DataFrame(
        {
            "run_id": trace_runs,
            "trace_id": np.tile(["t1", "t2"], count),
            "file": "traces/agent.jsonl",
            "format": "openai",
            "turns": 6,
            "calls": 9,
            "followups": (trace_runs % 5).astype(int),
            "duplicates": (trace_runs % 2).astype(int),
            "hedges": (trace_runs % 3 == 0).astype(int),
        }
    )
    followup_runs = np.repeat(runs, 3)
    followups = pd.DataFrame(
        {
            "run_id": followup_runs,
            "trace_id": "t1",
            "producer_tool": "search_tickets",
            "producer_path": "tickets[].id",
            "consumer_tool": "get_ticket",
            "consumer_arg": "id",
            "value": "tkt_1",
            "duplicate": False,
        }
    )
    hedges = pd.DataFrame(
        {"run_id": runs, "trace_id": "t2", "turn": 3, "phrase": "I think", "language": "en"}
    )
    finding_runs = np.repeat(runs, 2 * projections)
    findings = pd.DataFrame(
        {
            "run_id": finding_runs,
            "rule": "error-hidden",
            "severity": "error",
            "suite": SUITE,
            "projection": np.tile(np.repeat(proj_names, 2), count),
            "fixture": "rate_limited",
            "path": np.tile(["error", "tickets"], count * projections),
            "message": "the error response is hidden",
        }
    )
    run_frame = pd.DataFrame(
        {
            "run_id": runs,
            "started_at": [START + timedelta(hours=int(i)) for i in runs],
            "projeval_version": "0.1.0",
            "git_commit": [f"{i // 10:040x}" for i in runs],
            "git_dirty": runs % 10 == 0,
            "tokenizer": "o200k_base",
        }
    )
    suites = pd.DataFrame(
        {"run_id": runs, "suite": SUITE, "digest": [f"suite{i // 500}" for i in runs]}
    )
    fixture_runs = np.repeat(runs, len(FIXTURES))
    fixtures = pd.DataFrame(
        {
            "run_id": fixture_runs,
            "suite": SUITE,
            "fixture": np.tile(FIXTURES, count),
            "digest": [f"fx{i // 1000}" for i in fixture_runs],
        }
    )
    return {
        "runs": run_frame,
        "run_suites": suites,
        "run_fixtures": fixtures,
        "projection_results": results,
        "question_results": questions_frame,
        "need_results": needs,
        "lineage": lineage,
        "costs": costs,
        "findings": findings,
        "trace_summaries": traces,
        "followups": followups,
        "hedges": hedges,
    }


def build(path: Path, runs: int, questions: int, projections: int) -> float:
    """Write the store in chunks of 1,000 runs; return the seconds it took."""
    for stale in (path, path.with_name(path.name + ".wal")):
        stale.unlink(missing_ok=True)
    store = Store(path)
    started = time.perf_counter()
    for first in range(1, runs + 1, 1000):
        store.bulk_load(_chunk(first, min(1000, runs - first + 1), questions, projections))
    return time.perf_counter() - started


def measure(name: str, func: Callable[[], Any], repeat: int) -> tuple[str, float, float]:
    """Best and median wall time of ``func`` over ``repeat`` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        func()
        times.append((time.perf_counter() - started) * 1000)
    return name, min(times), statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    """Build the store if needed, then time the queries."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--questions", type=int, default=100)
    parser.add_argument("--projections", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rebuild", action="store_true", help="build the store even if it exists")
    args = parser.parse_args(argv)

    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"history_{args.runs}x{args.questions}x{args.projections}.duckdb"
    if args.rebuild or not path.exists():
        seconds = build(path, args.runs, args.questions, args.projections)
        print(f"built {path.name} in {seconds:.1f} s")
    size = path.stat().st_size / 1e6
    need_rows = args.runs * args.projections * args.questions * NEEDS
    print(f"store: {args.runs:,} runs, {need_rows:,} need rows, {size:.0f} MB")

    history = open_history(path)
    middle = args.runs // 2
    cases = [
        ("open_history", lambda: open_history(path)),
        ("runs()", history.runs),
        ("trend()", history.trend),
        ("trend(suite, projection)", lambda: history.trend(SUITE, "proj_0")),
        ("trend(metric='hedges')", lambda: history.trend(metric="hedges")),
        ("trend(last=50)", lambda: history.trend(last=50)),
        ("diff()  (last two)", history.diff),
        (f"diff({middle}, {middle + 1})", lambda: history.diff(middle, middle + 1)),
        (f"diff(1, {args.runs})", lambda: history.diff(1, args.runs)),
        ("render_diff(diff(1, last))", lambda: render_diff(history.diff(1, -1))),
        ("render_trend(trend(last=50))", lambda: render_trend(history.trend(last=50))),
    ]
    print(f"{'query':<32} {'best ms':>9} {'median ms':>10}")
    for name, func in cases:
        label, best, median = measure(name, func, args.repeat)
        print(f"{label:<32} {best:>9.1f} {median:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
