"""Ungrounded claims: values an answer states that nothing the agent read held.

When a field the answer needs was dropped by a projection, an agent rarely
says so: it answers anyway, from what it has (a breach time worked out from
the opened date and the priority, a flight duration nobody returned). Such
an answer states a value that no tool result, user message or system prompt
of the conversation held before it. This module finds the values an
assistant text states, in English and Chinese:

- ``date``: ``2024-05-27``, ``May 27``, ``27 May 2024``, ``5/27``, ``6月21日``;
- ``time``: ``14:05``, ``7 pm``, ``7:30am``;
- ``amount``: ``$12.50``, ``€40``, ``¥3,000``, ``299元``, ``120 USD``;
- ``duration``: ``5 hours``, ``30 min``, ``3-4小时``, ``7天``;
- ``id``: a token of letters and digits with a separator or a code shape
  (``ORD-2024-5678``, ``tkt_3e7b91a0``, ``CA1234``);
- ``name``: a quoted name (``"Hellraiser: Deader"``, ``“粤膳坊”``).

and :func:`ungrounded` keeps those that no earlier text of the conversation
holds in any of the value's usual spellings (``May 27`` is held by
``2024-05-27``, ``$12.50`` by ``12.5``, ``7 pm`` by ``19:00``). Bare numbers
and counts are left alone: small numbers recur by chance.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

#: Kinds of value a claim can be.
CLAIM_KINDS = ("date", "time", "amount", "duration", "id", "name")

_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for m in names
}
_MONTH_NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_UNITS = (
    r"hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|nights?|weeks?|months?|years?|"
    r"小时|小時|分钟|分鐘|秒钟|天|晚|周|週|个月|個月|年"
)

_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_NOT_AFTER_WORD = r"(?<![A-Za-z0-9_.])"  # CJK may come before a number: not \w
_ORDINAL = r"(?:st|nd|rd|th)?"
# Named groups: y, m (month number) or mon (month name), d; h, mi, ap; n, n2; v.
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "date",
        re.compile(
            r"(?<!\d)(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2})?Z?)?"
        ),
    ),
    ("date", re.compile(r"(?:(?P<y>\d{4})年)?(?P<m>\d{1,2})月(?P<d>\d{1,2})[日号號]")),
    (
        "date",
        re.compile(r"(?<![\d/])(?P<m>\d{1,2})/(?P<d>\d{1,2})(?:/(?P<y>\d{4}|\d{2}))?(?![\d/])"),
    ),
    (
        "time",
        re.compile(
            r"(?<![\d:])(?P<h>\d{1,2}):(?P<mi>\d{2})(?::\d{2})?\s*(?P<ap>[ap]\.?m\.?)?(?![\d:])",
            re.I,
        ),
    ),
    ("time", re.compile(r"(?<![\d:.])(?P<h>\d{1,2})\s*(?P<ap>[ap]\.?m\.?)(?![\w])", re.I)),
    ("amount", re.compile(rf"[$€£¥￥]\s?(?P<n>{_NUMBER})")),
    (
        "amount",
        re.compile(
            rf"{_NOT_AFTER_WORD}(?P<n>{_NUMBER})\s?"
            r"(?:USD|EUR|GBP|CNY|RMB|JPY|dollars|euros|元|块|美元)(?![A-Za-z])"
        ),
    ),
    (
        "duration",
        re.compile(
            rf"{_NOT_AFTER_WORD}(?P<n>\d+(?:\.\d+)?)(?:\s?[-–~到至]\s?(?P<n2>\d+(?:\.\d+)?))?"
            rf"\s?(?P<unit>{_UNITS})(?![A-Za-z])",
            re.I,
        ),
    ),
    (
        "id",
        re.compile(
            # \b first: a lookbehind first would be tried at every position. The
            # first form needs a digit somewhere (checked in _forms).
            r"\b(?<!-)(?:[A-Za-z][A-Za-z0-9]*[-_][\w-]*[A-Za-z0-9]|[A-Z]{2,}\d{2,}[A-Z0-9]*)(?![\w-])"
        ),
    ),
    ("name", re.compile(r"[\"“「『](?P<v>[^\"”」』\n]{3,60})[\"”」』]")),
]


@dataclass(frozen=True, slots=True)
class Claim:
    """A value stated in an assistant text, with the spellings that would ground it."""

    kind: str
    value: str
    start: int
    end: int
    forms: tuple[str, ...]


# A day number, then the month name before it ("May 27") or after it ("27 May").
_DAY = re.compile(r"\d{1,2}(?:st|nd|rd|th)?(?![\w:/-])")  # and no word char before
_DAY_BEFORE = frozenset("_.:/-")
_MONTH_BEFORE = re.compile(rf"(?i)(?<![a-z])({_MONTH})\.?\s+$")
_MONTH_AFTER = re.compile(rf"(?i)\s+({_MONTH})(?![a-z])\.?")
_YEAR_AFTER = re.compile(r",?\s+(\d{4})(?!\d)")
_DIGIT = re.compile(r"\d")
#: ``held(kind, spelling)``: whether what was read before held that spelling of a value.
Held = Callable[[str, str], bool]

_RUN = re.compile(r"\d+")
_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
_CURRENCY = frozenset("$€£¥￥")
_BY_KIND: dict[str, list[re.Pattern[str]]] = {}
for _kind, _pattern in _PATTERNS:
    _BY_KIND.setdefault(_kind, []).append(_pattern)
_ISO, *_OTHER_DATES = _BY_KIND["date"]
_CURRENCY_AMOUNT, _UNIT_AMOUNT = _BY_KIND["amount"]
_ID = _BY_KIND["id"][0]
_NAME = _BY_KIND["name"][0]
# Tried in order at a number that starts a value (ISO dates and month names first).
_AT_NUMBER = (
    *(("date", p) for p in _OTHER_DATES),
    *(("time", p) for p in _BY_KIND["time"]),
    ("amount", _UNIT_AMOUNT),
    ("duration", _BY_KIND["duration"][0]),
)


def claims(text: str | None, held: Held | None = None) -> list[Claim]:
    """Every value :data:`CLAIM_KINDS` names in ``text``, in order, one claim per span;
    with ``held``, only the values it holds in none of their spellings.

    Every value but a quoted name holds a digit, so the text is scanned once for runs
    of digits and each value's pattern is tried only where one starts: a run inside a
    word is an id's, the others start dates, times, amounts and durations.
    """
    if not text:
        return []
    found: list[Claim] = []
    taken: list[tuple[int, int]] = []

    def add(kind: str, start: int, end: int, forms: tuple[str, ...], value: str) -> None:
        taken.append((start, end))  # a held value still takes its span
        if held is None or not any(held(kind, f) for f in forms):
            found.append(Claim(kind, value.strip(), start, end, forms))

    covered = 0  # runs before this position belong to a value already read
    for run in _RUN.finditer(text):
        start = run.start()
        if start < covered:
            continue
        before = text[start - 1] if start else ""
        after = text[run.end()] if run.end() < len(text) else ""
        if before in _ID_CHARS or (after.isascii() and after.isalpha()):
            # A run inside a word: the word may be an id ("tkt_3e7b91a0", "ORD-2024-5678").
            lo, hi = start, run.end()
            while lo and text[lo - 1] in _ID_CHARS:
                lo -= 1
            while hi < len(text) and text[hi] in _ID_CHARS:
                hi += 1
            covered = hi
            if held is not None and held("id", text[lo:hi].rstrip("-_")):
                continue  # most ids an answer quotes were read: no need to parse them
            m = _ID.match(text, lo)
            if m is not None and m.end() <= hi and (forms := _forms("id", m)):
                covered = m.end()
                add("id", m.start(), m.end(), forms, m.group())
                continue
        m = _ISO.match(text, start)
        if m is not None:
            covered = m.end()
            add("date", m.start(), m.end(), _forms("date", m), m.group())
            continue
        day = _month_date(text, run)
        if day is not None:
            lo, hi, forms = day
            covered = hi
            add("date", lo, hi, forms, text[lo:hi])
            continue
        sign = start - 1 if before in _CURRENCY else start - 2
        if sign >= 0 and text[sign] in _CURRENCY:
            m = _CURRENCY_AMOUNT.match(text, sign)
            if m is not None:
                covered = m.end()
                add("amount", m.start(), m.end(), _forms("amount", m), m.group())
                continue
        for kind, pattern in _AT_NUMBER:
            m = pattern.match(text, start)
            if m is not None:
                forms = _forms(kind, m)
                if forms:
                    covered = m.end()
                    add(kind, m.start(), m.end(), forms, m.group())
                    break
    if _NAME_HINT.search(text) is not None:
        for m in _NAME.finditer(text):
            start, end = m.span()
            if not any(s < end and start < e for s, e in taken):
                add("name", start, end, _forms("name", m), m.group())
    found.sort(key=lambda c: c.start)
    return found


_NAME_HINT = re.compile('["“「『]')


def _month_date(text: str, run: re.Match[str]) -> tuple[int, int, tuple[str, ...]] | None:
    """``(start, end, spellings)`` of "May 27", "May 27, 2024" or "27 May" around a run
    of one or two digits, or ``None``."""
    start, end = run.span()
    if end - start > 2:
        return None
    m = _DAY.match(text, start)
    if m is None or (start and (text[start - 1].isalnum() or text[start - 1] in _DAY_BEFORE)):
        return None
    end = m.end()
    day = int(run.group())
    before = _MONTH_BEFORE.search(text, max(0, start - 12), start)
    if before is not None:
        start = before.start()
        month = _MONTHS[before.group(1).lower()]
    else:
        after = _MONTH_AFTER.match(text, end)
        if after is None:
            return None
        end = after.end()
        month = _MONTHS[after.group(1).lower()]
    year_m = _YEAR_AFTER.match(text, end)
    year = int(year_m.group(1)) if year_m else None
    if year_m:
        end = year_m.end()
    forms = _date_forms(month, day, year)
    return (start, end, forms) if forms else None


def ungrounded(text: str | None, known: str | Held) -> list[Claim]:
    """The claims of ``text`` that what the agent read before (tool results, user and
    system messages) holds in none of their spellings. ``known`` is that text, or a
    :data:`Held` function."""
    if not text:
        return []
    if isinstance(known, str):
        low = known.lower()

        def in_text(_kind: str, form: str) -> bool:
            return form.lower() in low

        return claims(text, in_text)
    return claims(text, known)


def _number_forms(raw: str) -> list[str]:
    plain = raw.replace(",", "")
    forms = {raw, plain}
    if "." in plain:
        whole, frac = plain.split(".", 1)
        frac = frac.rstrip("0")
        forms.add(f"{whole}.{frac}" if frac else whole)
    return sorted(forms, key=len, reverse=True)


def _date_forms(month: int, day: int, year: int | None) -> tuple[str, ...]:
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return ()
    name = _MONTH_NAMES[month - 1]
    forms = [
        f"-{month:02d}-{day:02d}",
        f"{name} {day}",
        f"{name[:3]} {day}",
        f"{day} {name}",
        f"{day} {name[:3]}",
        f"{month}/{day}",
        f"{month:02d}/{day:02d}",
        f"{month}月{day}日",
        f"{month}月{day}号",
    ]
    if year is not None:
        forms.insert(0, f"{year}-{month:02d}-{day:02d}")
    return tuple(forms)


def _forms(kind: str, m: re.Match[str]) -> tuple[str, ...]:
    g = m.groupdict()
    if kind == "date":
        month = _MONTHS[g["mon"].lower()] if g.get("mon") else int(g["m"])
        year = int(g["y"]) if g.get("y") and len(g["y"]) == 4 else None
        return _date_forms(month, int(g["d"]), year)
    if kind == "time":
        hour, minute = int(g["h"]), int(g.get("mi") or 0)
        suffix = (g.get("ap") or "").lower().replace(".", "")
        if hour > 23 or minute > 59 or (suffix and hour > 12):
            return ()
        h24 = hour % 12 + (12 if suffix == "pm" else 0) if suffix else hour
        h12 = h24 % 12 or 12
        half = "pm" if h24 >= 12 else "am"
        return (
            f"{h24:02d}:{minute:02d}",
            f"{h24}:{minute:02d}",
            f"{h12}:{minute:02d} {half}",
            f"{h12}:{minute:02d}{half}",
            *((f"{h12} {half}", f"{h12}{half}") if minute == 0 else ()),
        )
    if kind == "amount":
        return tuple(_number_forms(g["n"]))
    if kind == "duration":
        unit = g["unit"]
        units = sorted({unit, unit.rstrip("sS")})
        numbers = [n for n in (g["n"], g.get("n2")) if n]
        return tuple(f"{n}{sep}{u}" for n in numbers for u in units for sep in (" ", ""))
    if kind == "name":
        return (g["v"].strip(),)
    value = m.group()  # an id: it holds a digit
    return (value,) if any(c.isdigit() for c in value) else ()
