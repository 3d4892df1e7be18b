"""Plain-text tables and numbers for terminal output.

Deliberately plain (no colour, no terminal-width guessing) so that what the
CLI prints is the same on every machine and tests can pin it exactly.
"""

from __future__ import annotations

from collections.abc import Sequence


def table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], right: Sequence[int] = ()
) -> str:
    """Columns padded to their widest cell; columns in ``right`` are right-aligned."""
    cells = [[str(h) for h in headers]] + [
        ["" if c is None else str(c) for c in row] for row in rows
    ]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = []
    for row in cells:
        parts = []
        for i, cell in enumerate(row):
            parts.append(cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]))
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)


def pct(value: float | None) -> str:
    """``0.7`` -> ``70.0%``; None -> ``error``."""
    return "error" if value is None else f"{value * 100:.1f}%"


def num(value: float) -> str:
    """A weight or count without a needless ``.0``."""
    return f"{value:g}"


def count(n: int, noun: str) -> str:
    """``1 question``, ``2 questions``: a count with its noun, plural when not one."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
