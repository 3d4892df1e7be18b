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

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("date", re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2})?Z?)?")),
    (
        "date",
        re.compile(
            rf"(?<![\w])({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?(?!\d)", re.I
        ),
    ),
    (
        "date",
        re.compile(
            rf"(?<![\w\d])(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH})\.?(?:,?\s+(\d{{4}}))?(?![\w])",
            re.I,
        ),
    ),
    ("date", re.compile(r"(?:(\d{4})年)?(\d{1,2})月(\d{1,2})[日号號]")),
    ("date", re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?(?![\d/])")),
    ("time", re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?(?![\d:])", re.I)),
    ("time", re.compile(r"(?<![\d:.])(\d{1,2})\s*([ap]\.?m\.?)(?![\w])", re.I)),
    (
        "amount",
        re.compile(r"[$€£¥￥]\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"),
    ),
    (
        "amount",
        re.compile(
            r"(?<![A-Za-z0-9_.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?(?:USD|EUR|GBP|CNY|RMB|JPY|dollars|euros|元|块|美元)(?![A-Za-z])"
        ),
    ),
    (
        "duration",
        re.compile(
            rf"(?<![A-Za-z0-9_.])(\d+(?:\.\d+)?)(?:\s?[-–~到至]\s?(\d+(?:\.\d+)?))?\s?(?:{_UNITS})(?![A-Za-z])",
            re.I,
        ),
    ),
    (
        "id",
        re.compile(
            r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])(?:[A-Za-z]+[-_][\w-]*[A-Za-z0-9]|[A-Z]{2,}\d{2,}[A-Z0-9]*)(?![\w-])"
        ),
    ),
    ("name", re.compile(r"[\"“「『]([^\"”」』\n]{3,60})[\"”」』]")),
]


@dataclass(frozen=True, slots=True)
class Claim:
    """A value stated in an assistant text, with the spellings that would ground it."""

    kind: str
    value: str
    start: int
    end: int
    forms: tuple[str, ...]


def claims(text: str | None) -> list[Claim]:
    """Every value :data:`CLAIM_KINDS` names in ``text``, in order, one claim per span
    (the first pattern wins where two overlap)."""
    if not text:
        return []
    found: list[Claim] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            start, end = m.span()
            if any(s < end and start < e for s, e in taken):
                continue
            forms = _forms(kind, m)
            if not forms:
                continue
            taken.append((start, end))
            found.append(Claim(kind, m.group().strip(), start, end, forms))
    found.sort(key=lambda c: c.start)
    return found


def ungrounded(text: str | None, known: str) -> list[Claim]:
    """The claims of ``text`` that ``known`` (what the agent read before: tool results,
    user and system messages) holds in none of their spellings."""
    if not text:
        return []
    low = known.lower()
    return [c for c in claims(text) if not any(f.lower() in low for f in c.forms)]


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
    g = m.groups()
    if kind == "date":
        if m.re.pattern.startswith("(?<!\\d)(\\d{4})-"):
            return _date_forms(int(g[1]), int(g[2]), int(g[0]))
        if g and g[0] and not g[0].isdigit():  # "May 27"
            return _date_forms(_MONTHS[g[0].lower()], int(g[1]), int(g[2]) if g[2] else None)
        if len(g) == 3 and g[1] and not g[1].isdigit():  # "27 May"
            return _date_forms(_MONTHS[g[1].lower()], int(g[0]), int(g[2]) if g[2] else None)
        if "月" in m.group():
            return _date_forms(int(g[1]), int(g[2]), int(g[0]) if g[0] else None)
        year = int(g[2]) if g[2] and len(g[2]) == 4 else None
        return _date_forms(int(g[0]), int(g[1]), year)
    if kind == "time":
        hour = int(g[0])
        minute = int(g[1]) if len(g) == 3 and g[1] else 0
        suffix = (g[-1] or "").lower().replace(".", "")
        if hour > 23 or minute > 59:
            return ()
        h24 = hour % 12 + (12 if suffix == "pm" else 0) if suffix else hour
        h12 = h24 % 12 or 12
        half = "pm" if h24 >= 12 else "am"
        return (
            f"{h24:02d}:{minute:02d}",
            f"{h24}:{minute:02d}" if h24 < 10 else f"{h24:02d}:{minute:02d}",
            f"{h12}:{minute:02d} {half}",
            f"{h12}:{minute:02d}{half}",
            *((f"{h12} {half}", f"{h12}{half}") if minute == 0 else ()),
        )
    if kind == "amount":
        return tuple(_number_forms(g[0]))
    if kind == "duration":
        unit = m.group()[
            len(
                m.group().rstrip(
                    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ小时時分钟鐘秒天晚周週个個月年"
                )
            ) :
        ]
        numbers = [n for n in g if n]
        units = sorted({unit.strip(), unit.strip().rstrip("sS")})
        return tuple(f"{n}{sep}{u}" for n in numbers for u in units for sep in (" ", ""))
    if kind == "name":
        return (g[0].strip(),)
    return (m.group(),)
