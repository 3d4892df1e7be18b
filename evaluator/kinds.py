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

#: Kinds a field dictionary may declare with ``kind:``. ``code`` is an integer code or a
#: string enumeration; ``enum`` says the latter explicitly.
KINDS = ("id", "code", "enum", "time", "url", "text", "name", "number", "bool")

ISO_RE = re.compile(
    r"^(?P<date>\d{4}-\d{2}-\d{2})"
    r"(?:(?P<sep>[T ])(?P<h>\d{2}):(?P<m>\d{2})(?::(?P<s>\d{2})(?P<frac>\.\d{1,9})?)?"
    r"(?P<tz>Z|[+-]\d{2}:?\d{2})?)?$"
)
# A time of day alone, 24-hour (a timetable's "06:00:00", an opening hour's "21:30"): a time
# whose day is not part of the value, so it is shifted by its second, minute and hour only.
CLOCK_RE = re.compile(
    r"^(?P<h>[01]\d|2[0-3]):(?P<m>[0-5]\d)(?::(?P<s>[0-5]\d)(?P<frac>\.\d{1,9})?)?$"
)
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# A short type prefix and a suffix with digits: usr_41c2be09, tkt_9f3a71c4 (not voltage_sag).
_PREFIXED_ID = re.compile(r"^[A-Za-z]{1,12}_(?=[0-9A-Za-z_-]*\d)[0-9A-Za-z][0-9A-Za-z_-]{3,}$")
_HEX = re.compile(r"^[0-9a-fA-F]{12,}$")
_URL = re.compile(r"^(?:https?|ftp)://|^mailto:", re.IGNORECASE)
_TIME_KEY = re.compile(
    r"(_at|_on|time|date|timestamp|_ts|_end|_start|seen|created|updated|expires?)$"
    r"|^(ts|at|when|end|start|created|updated|expires?|date)$",
    re.IGNORECASE,
)
# Keys that say a number is not a time, even in the epoch range (an id, an amount, a count).
_NOT_TIME_KEY = re.compile(
    r"(^id$|_id$|Id$|ID$|amount|count|total|size|bytes|price|number|balance|quantity|phone)",
    re.IGNORECASE,
)
# Mixed letter-digit codes (QVH2BX, NO6JO3, AROAJIKPFTA72SWU4L7T4) and long mixed-case tokens
# (base64 ids such as MlpZVkFMfFdBVFNPTnwyMDE1LTExLTAy) are opaque, whatever their key.
_CODE_ID = re.compile(r"^(?=[A-Z0-9]*[A-Z])(?=[A-Z0-9]*\d)[A-Z0-9]{5,40}$")
_TOKEN_ID = re.compile(r"^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z0-9+/=_-]{16,120}$")
_NUMERIC_TEXT = re.compile(r"^-?\d{1,15}(\.\d{1,8})?$")
# Epoch seconds written as text with a fraction (Slack's `ts`: "1749715986.702899").
_EPOCH_TEXT = re.compile(r"^\d{10}\.\d{1,9}$")
# ISO 8601 durations (PT2H45M, P1DT3H, PT30S): a span of time, precise to its finest part.
DURATION_RE = re.compile(
    r"^P(?!$)(?:(?P<W>\d+)W)?(?:(?P<D>\d+)D)?"
    r"(?:T(?=\d)(?:(?P<H>\d+)H)?(?:(?P<M>\d+)M)?(?:(?P<S>\d+)S)?)?$"
)
_ID_KEY = re.compile(r"(^id$|_id$|Id$|^uuid$|_uuid$)")
_CODE_KEY = re.compile(r"(_code$|^code$|status|priority|severity|state|level|type_id)", re.I)

# Epoch bounds: 2001-09-09 .. 2096-10-02, in seconds and milliseconds.
_EPOCH_S = (1_000_000_000, 4_000_000_000)
_EPOCH_MS = (1_000_000_000_000, 4_000_000_000_000)


def is_iso_time(value: Any) -> bool:
    """True for ISO 8601 dates and date-times (``2026-02-11``, ``...T09:14:22.481Z``)."""
    return isinstance(value, str) and len(value) <= 40 and ISO_RE.match(value) is not None


def is_clock_time(value: Any) -> bool:
    """True for a time of day alone, 24-hour: ``06:00``, ``06:00:00``, ``21:30:05.250``."""
    return isinstance(value, str) and len(value) <= 18 and CLOCK_RE.match(value) is not None


def shift_clock(value: str, seconds: int) -> str:
    """Shift a time of day by ``seconds`` (within the day, wrapping at midnight), keeping its
    format: ``06:00:00`` + 60 is ``06:01:00``; a value without seconds moves by whole minutes
    only (a shift it cannot show returns it unchanged)."""
    match = CLOCK_RE.match(value)
    if match is None:
        raise ValueError(value)
    has_s = match.group("s") is not None
    if not has_s and seconds % 60:
        return value
    total = int(match.group("h")) * 3600 + int(match.group("m")) * 60
    total = (total + (int(match.group("s")) if has_s else 0) + seconds) % 86400
    out = f"{total // 3600:02d}:{total // 60 % 60:02d}"
    if has_s:
        out += f":{total % 60:02d}" + (match.group("frac") or "")
    return out


def is_iso_duration(value: Any) -> bool:
    """True for ISO 8601 durations (``PT2H45M``, ``P1DT3H``, ``PT30S``)."""
    return isinstance(value, str) and len(value) <= 32 and DURATION_RE.match(value) is not None


def epoch_unit(key: str | None, value: Any) -> str | None:
    """``"s"`` or ``"ms"`` when a number is an epoch time.

    Times are recognised by their values (seconds or milliseconds in 2001..2096); the key
    only breaks ties: a time-like key (``created``, ``period_end``) confirms, a key that names
    an id, an amount or a count (``user_id``, ``amount``) rules a time out. Epoch seconds
    written as text count when they carry a fraction (Slack's ``"1749715986.702899"``) or
    sit under a time-like key.
    """
    if isinstance(value, str):
        if not _NUMERIC_TEXT.match(value):
            return None
        if not (_EPOCH_TEXT.match(value) or (key and _TIME_KEY.search(key))):
            return None
        value = float(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if key and _NOT_TIME_KEY.search(key) and not _TIME_KEY.search(key):
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
    if _CODE_ID.match(value) or _TOKEN_ID.match(value):
        return True
    return bool(key and _ID_KEY.search(key)) and any(c.isdigit() for c in value)


def is_numeric_text(value: Any) -> bool:
    """True for a number written as text (``"25"``, ``"8514.96"``)."""
    return isinstance(value, str) and _NUMERIC_TEXT.match(value) is not None


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
        if (
            is_iso_time(value)
            or is_clock_time(value)
            or is_iso_duration(value)
            or epoch_unit(key, value)
        ):
            return "time"
        if is_url(value):
            return "url"
        if is_opaque_id(value, key):
            return "id"
        if is_numeric_text(value):
            return "number"
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


_DURATION_PARTS = (("W", 7 * 86400), ("D", 86400), ("H", 3600), ("M", 60), ("S", 1))


def shift_duration(value: str, seconds: int) -> str:
    """Add ``seconds`` to an ISO 8601 duration, in the parts it already has: ``PT2H45M`` + 1 h
    is ``PT3H45M``, + 1 day ``PT26H45M`` (no ``D`` part is added), + 1 s nothing (no ``S``
    part: the value cannot show it). Zero-padding is kept (``PT02H26M``)."""
    match = DURATION_RE.match(value)
    if match is None:
        raise ValueError(value)
    present = [(part, size) for part, size in _DURATION_PARTS if match.group(part) is not None]
    total = sum(int(match.group(part)) * size for part, size in present) + seconds
    if total < 0 or seconds % present[-1][1]:
        return value
    out, time_started = "P", False
    for i, (part, size) in enumerate(present):
        count, total = divmod(total, size) if i < len(present) - 1 else (total // size, 0)
        if part in "HMS" and not time_started:
            out, time_started = out + "T", True
        out += str(count).zfill(len(match.group(part))) + part
    return out


def iso_precision(value: str) -> str:
    """The finest unit an ISO string can show: ``second``, ``minute`` or ``day``."""
    match = ISO_RE.match(value)
    if match is None or match.group("h") is None:
        return "day"
    return "minute" if match.group("s") is None else "second"


#: Values that mean yes or no: the other one is the value to swap in.
YES_NO = {
    "yes": "no", "no": "yes", "Yes": "No", "No": "Yes", "YES": "NO", "NO": "YES",
    "y": "n", "n": "y", "Y": "N", "N": "Y", "true": "false", "false": "true",
    "True": "False", "False": "True", "on": "off", "off": "on",
}  # fmt: skip


def fits(kind: str, value: Any, epoch: str | None) -> bool:
    """Whether a perturbation for ``kind`` is valid for this value."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "time":
        if is_iso_time(value) or is_clock_time(value) or is_iso_duration(value):
            return True
        return epoch is not None and (number or is_numeric_text(value))
    if kind == "code":
        return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, str)
    if kind == "enum":
        return isinstance(value, str | int) and not isinstance(value, bool)
    if kind == "id":
        return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))
    if kind == "number":
        return number or is_numeric_text(value)
    if kind == "bool":
        return isinstance(value, bool)
    return isinstance(value, str)


# Uppercase codes (ADULT, BUSINESS, GDS) read as enumerations even when each occurs once.
_CODE_TOKEN = re.compile(r"^[A-Z][A-Z0-9_]{1,31}$")
_TOKEN = re.compile(r"^[^\s]{1,32}$")
ENUM_MAX = 12


def is_enum(values: list[Any]) -> bool:
    """A string path with few distinct short values: repeated, uppercase codes, or yes/no."""
    if not values or not all(isinstance(v, str) and _TOKEN.match(v) for v in values):
        return False
    distinct = set(values)
    if len(distinct) > ENUM_MAX:
        return False
    return (
        len(distinct) < len(values)
        or all(_CODE_TOKEN.match(v) for v in distinct)
        or distinct <= set(YES_NO)
    )


def infer_kind(
    schema: tuple[str, ...], values: list[Any], declared: str | None = None
) -> tuple[str, str | None]:
    """The kind of a schema path from its values (and the epoch unit of a time), ``declared``
    winning when the values fit it. The key only breaks ties."""
    key = next(
        (s for s in reversed(schema) if s not in ("[]", "*", "*~")),
        None,
    )
    present = [v for v in values if v is not None]
    if declared:
        kind = (
            "enum" if declared == "code" and any(isinstance(v, str) for v in present) else declared
        )
        epoch = _epoch_of(key, present) if kind == "time" else None
        if all(fits(kind, v, epoch) for v in present[:50]):
            return kind, epoch
    counts: dict[str, int] = {}
    for v in present[:50]:
        k = classify(v, key)
        counts[k] = counts.get(k, 0) + 1
    if not counts:
        return "text", None
    kind = max(sorted(counts), key=counts.__getitem__)
    if kind == "time":
        epoch = _epoch_of(key, present)
        if epoch is None and not all(
            is_iso_time(v) or is_clock_time(v) or is_iso_duration(v) for v in present
        ):
            kind = "number" if all(isinstance(v, int | float) for v in present) else "text"
        return kind, epoch
    if kind == "text" and is_enum(present):
        return "enum", None
    return kind, None


def _epoch_of(key: str | None, values: list[Any]) -> str | None:
    units = {epoch_unit(key, v) for v in values if isinstance(v, int | float | str)}
    return units.pop() if len(units) == 1 and None not in units else None
