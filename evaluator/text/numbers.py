"""Numbers and cells as every text output shows them, and the HTML report too.

One formatter per way of writing a number; a missing value (None, and pandas'
NA or NaN in a frame cell) reads ``-`` unless said otherwise.
"""

from __future__ import annotations

import math
import sys
from datetime import UTC, datetime
from typing import Any

#: What a missing value reads as.
MISSING = "-"


def missing(value: Any) -> bool:
    """True for None, NaN and pandas' missing markers (NA, NaT)."""
    if value is None:
        return True
    if isinstance(value, float):
        return math.isnan(value)
    # A pandas marker can only exist once pandas is imported; never import it here.
    pd = sys.modules.get("pandas")
    return pd is not None and (value is pd.NA or value is pd.NaT)


def pct(value: float | None, missing_text: str = "error") -> str:
    """``0.7`` -> ``70.0%``; a missing coverage is a projection that failed: ``error``."""
    if value is None or missing(value):
        return missing_text
    return f"{float(value) * 100:.1f}%"


def signed_pct(value: float | None, places: int = 1) -> str:
    """A change as a signed percentage: ``-0.125`` -> ``-12.5%`` (``places`` decimals)."""
    if value is None or missing(value):
        return MISSING
    return f"{float(value) * 100:+.{places}f}%"


def num(value: float | None) -> str:
    """A weight or a count without a needless ``.0`` (``%g``: six significant digits)."""
    if value is None or missing(value):
        return MISSING
    return f"{float(value):g}"


def exact(value: float) -> str:
    """A number in full (``0.3333333333333333``), whole numbers without ``.0``: a YAML value."""
    return str(int(value)) if float(value).is_integer() else str(value)


def integer(value: float | None) -> str:
    """A whole number with thousands separators: ``12,345``."""
    if value is None or missing(value):
        return MISSING
    return f"{int(value):,}"


def fixed(value: float | None, places: int) -> str:
    """A number with ``places`` decimals: a ratio (``0.42``)."""
    if value is None or missing(value):
        return MISSING
    return f"{float(value):.{places}f}"


def count(n: int, noun: str) -> str:
    """``1 question``, ``2 questions``: a count with its noun, plural when not one."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def when(value: datetime | str | None) -> str:
    """A time stamp in UTC to the second: ``2026-11-28 12:00:00`` (naive times are UTC)."""
    if value is None or missing(value):
        return MISSING
    stamp = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    stamp = stamp.replace(tzinfo=UTC) if stamp.tzinfo is None else stamp.astimezone(UTC)
    return stamp.strftime("%Y-%m-%d %H:%M:%S")


def commit(sha: str | None, dirty: bool | None) -> str:
    """A git commit cut to 8 characters, ``+dirty`` when the tree had changes."""
    if sha is None or missing(sha):
        return MISSING
    return str(sha)[:8] + ("+dirty" if dirty is True else "")


#: What a quote on one line spells out: line breaks and tabs, nothing else.
_ONE_LINE = str.maketrans({"\n": "\\n", "\r": "\\r", "\t": "\\t"})


def quote_line(text: str) -> str:
    """``text`` in single quotes on one line, as written: repr() would write "I'll" as
    'I\\'ll' and a backslash twice, which a reader takes for the text's own."""
    return "'" + text.translate(_ONE_LINE) + "'"
