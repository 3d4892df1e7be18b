"""Benchmark: resource bounds of hostile input (run by hand, not a test).

    .venv/bin/python benchmarks/bench_bounds.py [--gb 2]

1. A trace file of --gb gigabytes (OpenAI Chat JSONL, the shipped conversations
   repeated under new ids, so histories repeat as in real exports).
2. One 100 MB single-line trace record.
3. A suite of 10,000 questions.

Each case runs in a fresh process; the figures are wall time and that
process's peak resident memory (ru_maxrss).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).resolve().parent / "out"

CHILD = textwrap.dedent(
    """
    import json, resource, sys, time
    start = time.perf_counter()
    kind, arg = sys.argv[1], sys.argv[2]
    if kind == "traces":
        from projeval.traces import analyse_traces
        a = analyse_traces([arg], keep_events=False)
        result = {"traces": int(a.totals["traces"]), "calls": int(a.totals["calls"]),
                  "problems": int(a.totals["problems"])}
    else:
        from projeval.config import load_project
        from projeval.run import evaluate
        from pathlib import Path
        r = evaluate(load_project(root=Path(arg).parent), [Path(arg)])
        result = {"questions": len(r.suites[0].score.suite.questions), "errors": r.errors}
    result["seconds"] = round(time.perf_counter() - start, 1)
    result["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    # The largest of the processes a big file was sharded into (0: none was forked).
    result["shard_peak_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(json.dumps(result))
    """
)


def measure(kind: str, arg: Path) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, kind, str(arg)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def big_trace_file(gigabytes: float) -> Path:
    path = OUT / f"traces_{gigabytes:g}gb.jsonl"
    target = int(gigabytes * 1024**3)
    if path.exists() and path.stat().st_size >= target:
        return path
    lines = [
        json.loads(line)
        for line in (ROOT / "traces" / "support_openai.jsonl")
        .read_text(encoding="utf-8")
        .splitlines()
        if line.strip()
    ]
    OUT.mkdir(exist_ok=True)
    written = 0
    n = 0
    with path.open("w", encoding="utf-8") as handle:
        while written < target:
            for record in lines:
                record = dict(record, id=f"bulk-{n}")
                text = json.dumps(record) + "\n"
                handle.write(text)
                written += len(text)
                n += 1
    return path


def big_line() -> Path:
    path = OUT / "one_100mb_record.jsonl"
    if not path.exists():
        OUT.mkdir(exist_ok=True)
        record = {
            "messages": [
                {"role": "user", "content": "Export everything?"},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "c1",
                            "type": "function",
                            "function": {"name": "export", "arguments": "{}"},
                        }
                    ],
                },
                {"role": "tool", "tool_call_id": "c1", "content": "x" * (100 * 1024 * 1024)},
                {"role": "assistant", "content": "Done."},
            ]
        }
        path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return path


def big_suite() -> Path:
    folder = OUT / "suite_10k"
    folder.mkdir(parents=True, exist_ok=True)
    page = {"data": [{"id": f"tkt_{i:08x}", "due": "2026-01-02T03:04:05Z"} for i in range(25)]}
    (folder / "page.json").write_text(json.dumps(page), encoding="utf-8")
    (folder / "proj.py").write_text(
        "def compact(page):\n    return [{'id': t['id'], 'due': t['due'][:13]} for t in page['data']]\n",
        encoding="utf-8",
    )
    questions = "".join(
        f"  - {{id: q{i}, text: Question {i}, weight: {1 + i % 5}, needs: [ticket_id, {{field: due, precision: {'day' if i % 2 else 'minute'}}}]}}\n"
        for i in range(10_000)
    )
    (folder / "suite.yaml").write_text(
        "suite: big\ntool: t\nfixtures: [page.json]\nfields:\n  ticket_id: data[].id\n  due: data[].due\n"
        "projections:\n  compact: proj.py:compact\nquestions:\n" + questions,
        encoding="utf-8",
    )
    return folder / "suite.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gb", type=float, default=2.0)
    args = parser.parse_args()
    start = time.perf_counter()
    path = big_trace_file(args.gb)
    print(
        f"trace file {path.stat().st_size / 1024**3:.2f} GB written in {time.perf_counter() - start:.0f} s"
    )
    for label, kind, arg in [
        (f"{args.gb:g} GB trace file", "traces", path),
        ("100 MB single-line record", "traces", big_line()),
        ("10,000-question suite", "suite", big_suite()),
    ]:
        print(f"{label:28} {json.dumps(measure(kind, arg))}")


if __name__ == "__main__":
    main()
