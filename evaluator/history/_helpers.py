"""Small helpers of the history package: missing values, plain data, time stamps, text cells."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import pandas as pd

#: Version of the history's JSON documents (``projeval history``, ``trend`` and ``diff``
#: ``--format json``). 1: first version.
DOC_VERSION = 1


def _missing(value: Any) -> bool:
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    return isinstance(value, float) and math.isnan(value)


def _plain(value: Any) -> Any:
    """A frame cell as plain JSON-ready Python."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "tolist") and not isinstance(value, str):
        return _plain(value.tolist())  # numpy scalars and arrays
    if _missing(value):
        return None
    if isinstance(value, pd.Timestamp | datetime):
        return _iso(value)
    return value


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    return [{str(k): _plain(v) for k, v in row.items()} for row in frame.to_dict(orient="records")]


def _iso(value: datetime) -> str:
    stamp = pd.Timestamp(value)
    stamp = stamp.tz_localize(UTC) if stamp.tzinfo is None else stamp.tz_convert(UTC)
    return stamp.strftime("%Y-%m-%dT%H:%M:%SZ")


def _when(value: Any) -> str:
    """``2026-11-28 12:00:00`` (UTC)."""
    return "-" if _missing(value) else _iso(value).replace("T", " ").removesuffix("Z")


def _utc(frame: pd.DataFrame) -> pd.DataFrame:
    """The store keeps UTC without a zone; hand frames out zone-aware."""
    if "started_at" in frame.columns and len(frame):
        frame = frame.assign(started_at=pd.to_datetime(frame["started_at"]).dt.tz_localize(UTC))
    return frame


def _commit(commit: Any, dirty: Any) -> str:
    if _missing(commit):
        return "-"
    return str(commit)[:8] + ("+dirty" if dirty is True else "")


def _pct(value: Any) -> str:
    return "-" if _missing(value) else f"{float(value):.1%}"


def _int(value: Any) -> str:
    return "-" if _missing(value) else f"{int(value):,}"


def _num(value: Any) -> str:
    return "-" if _missing(value) else f"{float(value):g}"


def _same(a: Any, b: Any) -> bool:
    if _missing(a) and _missing(b):
        return True
    if _missing(a) or _missing(b):
        return False
    return bool(a == b)


def _table(header: Sequence[str], rows: list[list[str]], right: Sequence[int] = ()) -> list[str]:
    """Fixed-width text columns; ``right`` are the indexes of right-aligned ones."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(header)]

    def line(cells: Sequence[str]) -> str:
        out = [
            c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(cells)
        ]
        return "  ".join(out).rstrip()

    return [line(header)] + [line(r) for r in rows]
