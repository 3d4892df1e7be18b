"""Small helpers of the history package: missing values, plain data, time stamps.

Cells are written by :mod:`projeval.text.numbers`, as in every other output.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pandas as pd

from ..text.numbers import missing as _missing

#: Version of the history's JSON documents (``projeval history``, ``trend`` and ``diff``
#: ``--format json``). 1: first version.
DOC_VERSION = 1


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


def _utc(frame: pd.DataFrame) -> pd.DataFrame:
    """The store keeps UTC without a zone; hand frames out zone-aware."""
    if "started_at" in frame.columns and len(frame):
        frame = frame.assign(started_at=pd.to_datetime(frame["started_at"]).dt.tz_localize(UTC))
    return frame


def _same(a: Any, b: Any) -> bool:
    if _missing(a) and _missing(b):
        return True
    if _missing(a) or _missing(b):
        return False
    return bool(a == b)
