"""Time :func:`projeval.traces.hedges.find_hedges` per message.

    .venv/bin/python benchmarks/bench_hedges.py            # best of 7 rounds
    .venv/bin/python benchmarks/bench_hedges.py --rounds 15
    git show HEAD~1:evaluator/traces/hedges.py > /tmp/old_hedges.py
    .venv/bin/python benchmarks/bench_hedges.py --against /tmp/old_hedges.py

The messages are the labelled assistant messages of ``tests/corpora/conversations/``
(every ``hedges*.jsonl`` file whose name does not say ``sealed``), each read after its
``latest_result`` with the default gate, in three groups: no cue (nothing the lexicon or
an approximate number matches), a cue the rules read, and a message the rules call
hedged. Prints microseconds per message for each group and all together: the best round,
as the machine is shared and a round can only be slowed by others. With ``--against``,
another version of ``hedges.py`` (an older commit's) is timed in the same process, its
rounds alternating with this one's, so both see the same load.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from types import ModuleType

from projeval.traces import hedges
from projeval.traces.hedges import Lexicon, find_hedges, hedge_candidates

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpora" / "conversations"


def messages() -> list[tuple[str, str | None]]:
    """``(text, latest_result)`` of every labelled message of the unsealed hedge sets."""
    out = []
    for path in sorted(CORPUS.glob("hedges*.jsonl")):
        if "sealed" in path.name:
            continue
        with path.open(encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        out += [(r["text"], r["latest_result"]) for r in rows]
    return out


def per_message(module: ModuleType, group: list[tuple[str, str | None]]) -> float:
    """One round's microseconds per message of ``group`` with ``module``'s find_hedges."""
    lexicon = module.Lexicon.load(["en", "zh"])
    start = time.perf_counter()
    for text, result in group:
        module.find_hedges(lexicon, text, result)
    return (time.perf_counter() - start) / max(1, len(group)) * 1e6


def other_version(path: Path) -> ModuleType:
    """``hedges.py`` of another version, loaded beside this one (in the same package, so its
    relative imports resolve)."""
    name = "projeval.traces._hedges_against"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another version's hedges.py to time too")
    args = parser.parse_args(argv)
    lexicon = Lexicon.load(["en", "zh"])
    every = messages()
    groups = {
        "no cue": [m for m in every if not hedge_candidates(lexicon, *m)],
        "a cue": [m for m in every if hedge_candidates(lexicon, *m)],
        "hedged": [m for m in every if find_hedges(lexicon, *m)],
        "all": every,
    }
    against = other_version(args.against) if args.against else None
    for name, group in groups.items():
        ours = theirs = float("inf")
        for _ in range(args.rounds):
            ours = min(ours, per_message(hedges, group))
            if against is not None:
                theirs = min(theirs, per_message(against, group))
        line = f"{name:<8} {len(group):>5} messages  {ours:7.1f} µs per message"
        if against is not None:
            line += f"  (against: {theirs:7.1f} µs, {(ours - theirs) / theirs:+.0%})"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
