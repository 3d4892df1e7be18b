"""Trace signals scored against the labelled sets under ``tests/corpora/``.

    .venv/bin/python benchmarks/bench_signals.py

Follow-up precision and recall: ``tests/corpora/followups/`` labels every call argument
that could be credited to an earlier tool result (see its README). A call is a true
follow-up lookup when one of its arguments is labelled ``lookup``. projeval's follow-up
calls (every call it credits to a result) and its follow-up *lookups* (those not to a
tool that writes) are scored against that, with the corpus's tools file (``--tools``)
and without it (the verb in the tool's name only). Prints one JSON line per measure and
a summary. Not a test: nothing here asserts a number.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FOLLOWUPS = ROOT / "tests" / "corpora" / "followups"


def _truth() -> tuple[set[tuple[str, int]], dict[tuple[str, int], set[str]]]:
    """Calls labelled as follow-up lookups, and each such call's producing tools."""
    lookups: set[tuple[str, int]] = set()
    producers: dict[tuple[str, int], set[str]] = {}
    for line in (FOLLOWUPS / "labels.jsonl").read_text().splitlines():
        row = json.loads(line)
        if row["label"] == "lookup":
            key = (row["trace"], row["call"])
            lookups.add(key)
            producers.setdefault(key, set()).add(row["producer_tool"])
    return lookups, producers


def _score(reported: set[tuple[str, int]], truth: set[tuple[str, int]]) -> dict[str, Any]:
    hits = len(reported & truth)
    return {
        "reported": len(reported),
        "true": len(truth),
        "hits": hits,
        "precision": round(hits / len(reported), 3) if reported else None,
        "recall": round(hits / len(truth), 3) if truth else None,
    }


def followup_precision(tools: bool) -> dict[str, Any]:
    """Scores of projeval's follow-ups and follow-up lookups on the labelled set."""
    import projeval as pe

    extra: dict[str, Any] = {"tools": [FOLLOWUPS / "tools.json"]} if tools else {}
    analysis = pe.analyse_traces([FOLLOWUPS / "conversations.jsonl"], workers=1, **extra)
    calls = analysis.calls.sort_values(["trace_id", "seq"])
    number = {
        (r.trace_id, r.seq): i + 1
        for _, group in calls.groupby("trace_id", sort=False)
        for i, r in enumerate(group.itertuples())
    }
    followups = analysis.followups
    kind = followups.get("kind")
    every: set[tuple[str, int]] = set()
    lookups: set[tuple[str, int]] = set()
    producer: dict[tuple[str, int], str] = {}
    for i, r in enumerate(followups.itertuples()):
        key = (r.trace_id, number[(r.trace_id, r.seq)])
        every.add(key)
        producer.setdefault(key, r.source_tool)
        if kind is None or kind.iloc[i] != "write":
            lookups.add(key)
    truth, producers = _truth()
    out = {
        "followups": _score(every, truth),
        "lookups": _score(lookups, truth),
        "tools_file": tools,
    }
    hits = lookups & truth
    out["producer_right"] = sum(1 for k in hits if producer[k] in producers[k])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    for tools in (False, True):
        result = followup_precision(tools)
        print(json.dumps({"measure": "followup_precision", **result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
