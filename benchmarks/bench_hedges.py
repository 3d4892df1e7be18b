"""Time :func:`projeval.traces.hedges.find_hedges` per message.

    .venv/bin/python benchmarks/bench_hedges.py            # best of 7 rounds
    .venv/bin/python benchmarks/bench_hedges.py --rounds 15

The messages are the labelled assistant messages of ``tests/corpora/conversations/``
(every ``hedges*.jsonl`` file whose name does not say ``sealed``), each read after its
``latest_result`` with the default gate, in three groups: no cue (nothing the lexicon or
an approximate number matches), a cue the rules read, and a message the rules call
hedged. Prints microseconds per message for each group and all together: the best round,
as the machine is shared and a round can only be slowed by others.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

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


def per_message(lexicon: Lexicon, group: list[tuple[str, str | None]], rounds: int) -> float:
    """The best round's microseconds per message of ``group``."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for text, result in group:
            find_hedges(lexicon, text, result)
        best = min(best, time.perf_counter() - start)
    return best / max(1, len(group)) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    lexicon = Lexicon.load(["en", "zh"])
    every = messages()
    groups = {
        "no cue": [m for m in every if not hedge_candidates(lexicon, *m)],
        "a cue": [m for m in every if hedge_candidates(lexicon, *m)],
        "hedged": [m for m in every if find_hedges(lexicon, *m)],
        "all": every,
    }
    for name, group in groups.items():
        us = per_message(lexicon, group, args.rounds)
        print(f"{name:<8} {len(group):>5} messages  {us:7.1f} µs per message")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
