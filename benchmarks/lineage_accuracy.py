"""Accuracy of lineage and contract verdicts on the real-payload corpus (issue 15).

Run by hand: ``.venv/bin/python benchmarks/lineage_accuracy.py [-v]``. Prints, per API, the
planted problems projeval finds exactly, the fields it calls ``dropped`` that the projection
carries, and how many pinned verdicts it gets wrong, with subtotals for the APIs the fixes
were written on and for those held out (written after the fixes, truth committed first);
``-v`` lists the misses. The truth is
``tests/corpora/payloads/expected.yaml``; the table is quoted in ``docs/lineage_accuracy.md``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from corpus_verdicts import table  # noqa: E402


def main() -> None:
    rows, misses = table()
    print(f"| {'API':28} | planted found exactly | false `dropped` | verdicts wrong |")
    print(f"|{'-' * 30}|----------------------:|----------------:|---------------:|")
    for name, found, planted, false_dropped, wrong in rows:
        print(f"| {name:28} | {found:>12} / {planted:<6} | {false_dropped:>15} | {wrong:>14} |")
    groups = (
        ("written with the fixes", [r for r in rows if "(held out)" not in r[0]]),
        ("held out", [r for r in rows if "(held out)" in r[0]]),
        ("all", rows),
    )
    for label, group in groups:
        t = [sum(r[i] for r in group) for i in range(1, 5)]
        print(f"| {label:28} | {t[0]:>12} / {t[1]:<6} | {t[2]:>15} | {t[3]:>14} |")
    if "-v" in sys.argv:
        for v in misses:
            print(f"missed {v.key}: expected {v.expected}, projeval says {v.actual}")


if __name__ == "__main__":
    main()
