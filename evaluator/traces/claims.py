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
            r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])"
            r"(?:[A-Za-z]+[-_][\w-]*[A-Za-z0-9]|[A-Z]{2,}\d{2,}[A-Z0-9]*)(?![\w-])"
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


# Cheap tests that say a pattern cannot match, so most texts skip most patterns: each
# pattern runs only when one of its hint strings is in the text (a substring test runs
# at C speed; an empty tuple: always run).
_HINTS: list[tuple[str, ...]] = [
    ("-",),
    ("月",),
    ("/",),
    (":",),
    ("am", "pm", "AM", "PM", "a.m", "p.m", "A.M", "P.M"),
    ("$", "€", "£", "¥", "￥"),
    ("USD", "EUR", "GBP", "CNY", "RMB", "JPY", "dollar", "euro", "元", "块"),
    (
        *("hour", "hr", "min", "sec", "day", "night", "week", "month", "year"),
        *("Hour", "Day", "Week", "Month", "Year", "小时", "小時", "分钟", "分鐘", "秒"),
        *("天", "晚", "周", "週", "月", "年"),
    ),
    (),
    ('"', "“", "「", "『"),
]
# A day number, then the month name before it ("May 27") or after it ("27 May").
_DAY = re.compile(r"(?<![\w.:/-])(\d{1,2})(?:st|nd|rd|th)?(?![\w:/-])")
_MONTH_BEFORE = re.compile(rf"(?i)(?<![a-z])({_MONTH})\.?\s+$")
_MONTH_AFTER = re.compile(rf"(?i)\s+({_MONTH})(?![a-z])\.?")
_YEAR_AFTER = re.compile(r",?\s+(\d{4})(?!\d)")
_DIGIT = re.compile(r"\d")


#: ``held(kind, spelling)``: whether what was read before held that spelling of a value.
Held = Callable[[str, str], bool]


def claims(text: str | None, held: Held | None = None) -> list[Claim]:
    """Every value :data:`CLAIM_KINDS` names in ``text``, in order, one claim per span
    (the first pattern wins where two overlap); with ``held``, only the values it holds
    in none of their spellings."""
    if not text:
        return []
    patterns: list[tuple[tuple[str, re.Pattern[str]], tuple[str, ...]]]
    if _DIGIT.search(text) is None:
        patterns = [(_PATTERNS[-1], _HINTS[-1])]  # every value but a quoted name holds a digit
    else:
        patterns = list(zip(_PATTERNS, _HINTS, strict=True))
    found: list[Claim] = []
    taken: list[tuple[int, int]] = []
    for i, ((kind, pattern), hint) in enumerate(patterns):
        if i == 1:  # after ISO dates, before the others
            _month_dates(text, found, taken, held)
        if hint and not any(h in text for h in hint):
            continue
        prior = list(taken)  # one pattern's matches never overlap each other
        for m in pattern.finditer(text):
            start, end = m.span()
            if prior and any(s < end and start < e for s, e in prior):
                continue
            forms = _forms(kind, m)
            if not forms:
                continue
            taken.append((start, end))  # a held value still takes its span
            if held is None or not any(held(kind, f) for f in forms):
                found.append(Claim(kind, m.group().strip(), start, end, forms))
    found.sort(key=lambda c: c.start)
    return found


def _month_dates(
    text: str, found: list[Claim], taken: list[tuple[int, int]], held: Held | None
) -> None:
    """Add "May 27", "May 27, 2024" and "27 May" to ``found``: a day number with a month
    name next to it (found from the numbers, which are few, not from every word)."""
    for m in _DAY.finditer(text):
        day = int(m.group(1))
        start, end = m.span()
        before = _MONTH_BEFORE.search(text, max(0, start - 12), start)
        if before is not None:
            start = before.start()
            month = _MONTHS[before.group(1).lower()]
        else:
            after = _MONTH_AFTER.match(text, end)
            if after is None:
                continue
            end = after.end()
            month = _MONTHS[after.group(1).lower()]
        year_m = _YEAR_AFTER.match(text, end)
        year = int(year_m.group(1)) if year_m else None
        if year_m:
            end = year_m.end()
        forms = _date_forms(month, day, year)
        if not forms or any(s < end and start < e for s, e in taken):
            continue
        taken.append((start, end))
        if held is None or not any(held("date", f) for f in forms):
            found.append(Claim("date", text[start:end].strip(), start, end, forms))


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
    return (m.group(),)
