"""Write what ``analyse_traces`` makes of every trace file, to compare two commits byte for byte.

    .venv/bin/python benchmarks/compare_traces.py OUT_DIR          # at one commit
    .venv/bin/python benchmarks/compare_traces.py OUT_DIR2         # at the other
    diff -r OUT_DIR OUT_DIR2                                       # nothing: the same output

A speed change must leave the analysis as it was. For each input this writes one
file: the analysis's JSON document (``to_dict``) and, where the events are kept,
every row of every table (the events and calls tables are not in the document).
Inputs: the benchmark corpora of ``bench_traces.py`` that exist under
``benchmarks/out`` (the 200 MB one sharded across processes in summary mode, the
20 MB one in one process with its events), and every JSON, JSON Lines, log and
trajectory file under ``traces/`` and ``tests/corpora/`` (each alone, with its
events), but for the sealed sets, which are never read outside their tests. A file
no reader takes is recorded with its error. Not a test: it compares nothing itself.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SUFFIXES = (".json", ".jsonl", ".log", ".traj")


def inputs() -> list[tuple[Path, bool, int]]:
    """``(path, keep_events, workers)`` of every input, in a fixed order."""
    out: list[tuple[Path, bool, int]] = []
    big = ROOT / "benchmarks" / "out" / "corpus_200mb_2000p.jsonl"
    if big.exists():
        out.append((big, False, 2))
    small = ROOT / "benchmarks" / "out" / "corpus_20mb_2000p.jsonl"
    if small.exists():
        out.append((small, True, 1))
    for folder in ("traces", "tests/corpora"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES and "_sealed_" not in path.name:
                out.append((path, True, 1))
    return out


def document(path: Path, keep_events: bool, workers: int) -> str:
    """The analysis of one file as text: its JSON document, then every table's rows."""
    from projeval.errors import TraceError
    from projeval.traces import analyse_traces

    try:
        result = analyse_traces([path], keep_events=keep_events, workers=workers)
    except TraceError as exc:
        return f"TraceError: {exc}\n"
    doc: dict[str, Any] = result.to_dict()
    text = json.dumps(doc, sort_keys=False, default=str) + "\n"
    if keep_events:
        for name, rows in sorted(result._rows.items()):
            text += f"## {name}\n" + "".join(repr(r) + "\n" for r in rows)
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="folder to write one file per input into")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for path, keep, workers in inputs():
        rel = path.relative_to(ROOT).as_posix()
        text = document(path, keep, workers)
        (args.out / (rel.replace("/", "__") + ".txt")).write_text(text, encoding="utf-8")
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        sys.stdout.write(f"{digest}  {rel}\n")


if __name__ == "__main__":
    main()
