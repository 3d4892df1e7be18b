"""Fixed-width text columns, the layout of every table projeval prints."""

from __future__ import annotations

from collections.abc import Collection, Sequence

#: Rows of a list shown before "... and N more" (the rest stay in the JSON and the API).
MAX_ROWS = 20


def table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], right: Collection[int] = ()
) -> str:
    """Columns padded to their widest cell; columns in ``right`` are right-aligned.

    A cell of None is empty; each line loses its trailing blanks.
    """
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
