"""What a JSON value is, judged from the value and its key.

Lineage uses the kind to choose a perturbation that keeps the value valid for
the code that reads it; coverage uses it to tell an opaque id or an integer
code (which a person cannot read) from a name or a label; the cost breakdown
uses it to say what the tokens carry.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

#: Kinds a field dictionary may declare with ``kind:``.
KINDS = ("id", "code", "time", "url", "text", "name", "number", "bool")

ISO_RE = re.compile(
    r"^(?P<date>\d{4}-\d{2}-\d{2})"
    r"(?:(?P<sep>[T ])(?P<h>\d{2}):(?P<m>\d{2})(?::(?P<s>\d{2})(?P<frac>\.\d{1,9})?)?"
    r"(?P<tz>Z|[+-]\d{2}:?\d{2})?)?$"
)
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# A short type prefix and a suffix with digits: usr_41c2be09, tkt_9f3a71c4 (not voltage_sag).
_PREFIXED_ID = re.compile(r"^[A-Za-z]{1,12}_(?=[0-9A-Za-z_-]*\d)[0-9A-Za-z][0-9A-Za-z_-]{3,}$")
_HEX = re.compile(r"^[0-9a-fA-F]{12,}$")
_URL = re.compile(r"^(?:https?|ftp)://|^mailto:", re.IGNORECASE)
_TIME_KEY = re.compile(r"(_at|_on|time|date|timestamp|_ts)$|^(ts|at|when)$", re.IGNORECASE)
_ID_KEY = re.compile(r"(^id$|_id$|Id$|^uuid$|_uuid$)")
_CODE_KEY = re.compile(r"(_code$|^code$|status|priority|severity|state|level|type_id)", re.I)

# Epoch bounds: 2001-09-09 .. 2096-10-02, in seconds and milliseconds.
_EPOCH_S = (1_000_000_000, 4_000_000_000)
_EPOCH_MS = (1_000_000_000_000, 4_000_000_000_000)


def is_iso_time(value: Any) -> bool:
    """True for ISO 8601 dates and date-times (``2026-02-11``, ``...T09:14:22.481Z``)."""
    return isinstance(value, str) and len(value) <= 40 and ISO_RE.match(value) is not None


def epoch_unit(key: str | None, value: Any) -> str | None:
    """``"s"`` or ``"ms"`` when a number under a time-like key is an epoch time."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not key:
        return None
    if not _TIME_KEY.search(key):
        return None
    if _EPOCH_S[0] <= value < _EPOCH_S[1]:
        return "s"
    if _EPOCH_MS[0] <= value < _EPOCH_MS[1]:
        return "ms"
    return None


def is_opaque_id(value: Any, key: str | None = None) -> bool:
    """True for values a person cannot read: uuids, ``usr_41c2be09…``, long hex, id keys."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int):
        return bool(key and _ID_KEY.search(key))
    if not isinstance(value, str) or " " in value or len(value) > 120:
        return False
    if _UUID.search(value) or _PREFIXED_ID.match(value) or _HEX.match(value):
        return True
    return bool(key and _ID_KEY.search(key)) and any(c.isdigit() for c in value)


def is_url(value: Any) -> bool:
    """True for http(s), ftp and mailto URLs."""
    return isinstance(value, str) and _URL.match(value) is not None


def classify(value: Any, key: str | None = None) -> str:
    """Best-guess kind of one value; see :data:`KINDS` (plus ``"null"``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        if epoch_unit(key, value):
            return "time"
        if is_opaque_id(value, key):
            return "id"
        if isinstance(value, int) and key and _CODE_KEY.search(key) and -1 <= value <= 99:
            return "code"
        return "number"
    if isinstance(value, str):
        if is_iso_time(value):
            return "time"
        if is_url(value):
            return "url"
        if is_opaque_id(value, key):
            return "id"
        return "text"
    return "text"


def parse_iso(value: str) -> tuple[datetime, re.Match[str]]:
    """Parse an ISO string matched by :data:`ISO_RE`; naive values are taken as UTC."""
    match = ISO_RE.match(value)
    if match is None:
        raise ValueError(value)
    text = value.replace("Z", "+00:00").replace(" ", "T", 1)
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment, match


def shift_iso(value: str, delta: timedelta) -> str:
    """Shift an ISO date or date-time, keeping its exact format (precision, zone, separator)."""
    moment, match = parse_iso(value)
    shifted = moment + delta
    if match.group("h") is None:
        return shifted.date().isoformat()
    tz = match.group("tz")
    if tz and tz != "Z":
        shifted = shifted.astimezone(moment.tzinfo)
    out = shifted.strftime("%Y-%m-%d") + match.group("sep") + shifted.strftime("%H:%M")
    if match.group("s") is not None:
        out += shifted.strftime(":%S")
        frac = match.group("frac")
        if frac:
            digits = len(frac) - 1
            micro = f"{shifted.microsecond:06d}"
            out += "." + (micro + "000")[:digits]
    if tz:
        out += tz
    return out


def iso_precision(value: str) -> str:
    """The finest unit an ISO string can show: ``second``, ``minute`` or ``day``."""
    match = ISO_RE.match(value)
    if match is None or match.group("h") is None:
        return "day"
    return "minute" if match.group("s") is None else "second"
