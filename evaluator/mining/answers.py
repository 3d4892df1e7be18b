"""Answer matching: the quotable forms of a tool result, and the values an answer quotes."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from .. import paths
from ..kinds import ISO_RE
from ..traces.claims import _NUMBER_WORDS, EPOCH_HIGH, EPOCH_LOW, MONEY_FIELD, NOT_A_TIME
from ..traces.values import (
    COMMON_VALUES,
    MIN_INTEGER,
    MIN_VALUE_LENGTH,
    short_form,
)

#: Characters of text-with-spaces that must be quoted to count.
PHRASE_PREFIX = 24

_TOKEN = re.compile(r"\w[\w\-.:@/+]*")
# An answer's tokens: a number with thousands separators ("$1,284.35") is one, read
# without them, not a "1" and a "284.35".
_ANSWER_TOKEN = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d|,\d)|\w[\w\-.:@/+]*")
_TRAILING = ".:-/+"
_SPACES = frozenset(" \t\r\n\f\v")
_ORDINAL = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)$")
_MONTHS = tuple(
    "january february march april may june july august september october november december".split()  # noqa: SIM905
)


# Answer matching ------------------------------------------------------------------------------


@dataclass
class _Quotes:
    """The quotable forms of one tool result and its schema paths.

    ``tokens`` maps a lower-case form to ``{schema path: places}`` (insertion
    order is document order, so the first path is the first occurrence);
    ``meta`` gives each form's original value, precision and whether it is a
    short or common value.
    """

    tokens: dict[str, dict[str, int]]
    meta: dict[str, tuple[str, str | None, bool]]
    phrases: list[tuple[str, str, str]]  # (lower-case needle, path, value)
    seen: frozenset[str]

    def first_path(self, value: str) -> str | None:
        """Where a value (any case) first sits in the result, for follow-up lookups."""
        found = self.tokens.get(value.lower())
        return next(iter(found)) if found else None

    def places(self, low: str) -> int:
        """How many places a lower-case value sits at: as a field's value, and as a whole
        word of a text field ("ups" in "UPS Ground")."""
        found = self.tokens.get(low)
        word = re.compile(rf"(?<!\w){re.escape(low)}(?!\w)")
        return (sum(found.values()) if found else 0) + sum(
            1 for _needle, _path, value in self.phrases if word.search(value.lower())
        )


def build_quotes(doc: Any) -> _Quotes:
    """Index every value of a tool result by the forms an answer may quote it in.

    Times are indexed by canonical forms (``@d:05-22``, ``@t:13:45``) that the
    answer's spellings are normalised to, so each time costs a few entries.
    """
    q = _Quotes({}, {}, [], frozenset())
    seen: set[str] = set()
    try:
        _index(doc, "", q, seen)
    except RecursionError:  # absurdly deep: nothing to learn from it
        return _Quotes({}, {}, [], frozenset())
    q.seen = frozenset(seen)
    return q


def _put(q: _Quotes, form: str, path: str, value: str, precision: str | None, short: bool) -> None:
    found = q.tokens.get(form)
    if found is None:
        q.tokens[form] = {path: 1}
        q.meta[form] = (value, precision, short)
    else:
        found[path] = found.get(path, 0) + 1


def _index(node: Any, prefix: str, q: _Quotes, seen: set[str]) -> None:
    """Recursive walk (the hot loop): paths as :func:`projeval.traces.values.leaves` gives them."""
    kind = type(node)
    if kind is dict:
        star = False
        if node:
            # As the trace analysis keys maps (values._walk): by ids, or by data, one entry
            # too ({"credit_card_7815826": {...}}).
            first = type(next(iter(node.values())))
            star = (first is dict or first is list) and (
                paths.is_id_keyed_map(node) or paths.is_data_keyed_map(node)
            )
        dot = prefix + "." if prefix else ""
        for k, v in node.items():
            tv = type(v)
            path = dot + ("*" if star else k)
            if tv is dict or tv is list:
                _index(v, path, q, seen)
            else:
                seen.add(path)
                if tv is str:
                    _index_text(v, path, q)
                elif v is not None:
                    _index_scalar(v, path, q)
        if star:
            # The ids a map is keyed by are values at the map's path, as the trace analysis
            # credits them (payment_methods.*): an agent passing one on copied it from the
            # key. An entry holding its id too keeps that field's path (payment_methods.*.id),
            # so the id is not at two places.
            for k, v in node.items():
                if paths.ID_KEY.search(k) and not (type(v) is dict and k in v.values()):
                    seen.add(dot + "*")
                    _index_text(k, dot + "*", q)
    elif kind is list:
        path = prefix + "[]"
        for v in node:
            tv = type(v)
            if tv is dict or tv is list:
                _index(v, path, q, seen)
            else:
                seen.add(path)
                if tv is str:
                    _index_text(v, path, q)
                elif v is not None:
                    _index_scalar(v, path, q)
    else:
        seen.add(prefix or "$")
        if kind is str:
            _index_text(node, prefix or "$", q)
        elif node is not None:
            _index_scalar(node, prefix or "$", q)


def _index_scalar(value: Any, path: str, q: _Quotes) -> None:
    kind = type(value)
    if kind is bool:
        _put(q, "true" if value else "false", path, str(value).lower(), None, True)
    elif kind is int or kind is float:
        s = str(int(value)) if kind is float and value.is_integer() else str(value)
        short = len(s) < MIN_VALUE_LENGTH or (kind is int and abs(value) < MIN_INTEGER)
        _put(q, s, path, s, None, short)
        if kind is int and value > 0:
            _index_whole_number(value, path, q)


def _index_whole_number(value: int, path: str, q: _Quotes) -> None:
    """The other forms an answer quotes a whole number in: an epoch time as its UTC day
    (``"delivered_at": 1716217320``, "May 20, 2024"), an amount in minor units of a money
    field as its whole units with cents (``"amount": 18499``, "$184.99"), as the trace
    analysis grounds them (:func:`~projeval.traces.claims.epoch_days_in`)."""
    key = path.rsplit(".", 1)[-1]
    seconds = value // 1000 if value >= EPOCH_HIGH * 10 else value
    if EPOCH_LOW <= seconds < EPOCH_HIGH and not NOT_A_TIME.search(key):
        day = (date(1970, 1, 1) + timedelta(seconds=seconds)).isoformat()
        _put(q, f"@d:{day[5:]}", path, day, "day", False)
        _put(q, f"@d:{day}", path, day, "day", False)
    elif value >= 100 and MONEY_FIELD.search(key):
        whole = f"{value // 100}.{value % 100:02d}"
        _put(q, whole, path, whole, None, False)


def _index_text(value: str, path: str, q: _Quotes) -> None:
    n = len(value)
    if not n:
        return
    if value[0] in _SPACES or value[-1] in _SPACES:
        value = value.strip()
        n = len(value)
        if not n:
            return
    if " " in value or "\n" in value or "\t" in value or (n >= 2 and _CJK.search(value)):
        # Chinese writes no spaces between words: a name in it ("蓝牙耳机") is quoted
        # inside a run of characters, found as text is.
        if n >= MIN_VALUE_LENGTH or _CJK.search(value):  # text: matched by its start
            q.phrases.append((value[:PHRASE_PREFIX].lower(), path, value))
        return
    if 10 <= n <= 40 and value[4:5] == "-" and value[:4].isdigit():
        iso = ISO_RE.match(value)
        if iso is not None:
            _index_time(value, iso, path, q)
            return
    low = value.lower()
    if not low.isalnum() and (_TOKEN.fullmatch(low) is None or low[-1] in _TRAILING):
        if n >= MIN_VALUE_LENGTH:
            q.phrases.append((low[:PHRASE_PREFIX], path, value))
        return
    # A plain word (``ticket``, ``phone``) is an enum or a tag: prose says it by chance.
    short = n < MIN_VALUE_LENGTH or low.isalpha() or low in COMMON_VALUES
    found = q.tokens.get(low)
    if found is None:
        q.tokens[low] = {path: 1}
        q.meta[low] = (value, None, short)
    else:
        found[path] = found.get(path, 0) + 1
    if "-" in value:
        sf = short_form(value)
        if sf is not None:
            _put(q, sf.lower(), path, value, None, False)


def _index_time(value: str, iso: re.Match[str], path: str, q: _Quotes) -> None:
    _put(q, value.lower(), path, value, None, False)
    _, month, day = iso.group("date").split("-")
    _put(q, f"@d:{month}-{day}", path, value, "day", False)
    # The answer's own ISO day names its year: "2024-05-18" quotes no birth date 1987-05-18.
    _put(q, f"@d:{iso.group('date')}", path, value, "day", False)
    h, mi, sec = iso.group("h"), iso.group("m"), iso.group("s")
    if h is not None:
        _put(q, f"@t:{h}:{mi}", path, value, "minute", False)
        if sec is not None and sec != "00":
            _put(q, f"@t:{h}:{mi}:{sec}", path, value, "second", False)


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$")
_MONTH_NUMBER = {m: f"{i:02d}" for i, m in enumerate(_MONTHS, 1)} | {
    m[:3]: f"{i:02d}" for i, m in enumerate(_MONTHS, 1)
}


def _answer_tokens(text: str) -> list[tuple[str, int, int]]:
    """Lower-case tokens of a text with their spans; dates and times in canonical form."""
    out: list[tuple[str, int, int]] = []
    for m in _ANSWER_TOKEN.finditer(text.lower()):
        tok = m.group().rstrip(_TRAILING)
        o = _ORDINAL.match(tok)
        if o:
            tok = o.group(1)
        a, b = m.start(), m.start() + len(tok)
        if "," in tok:
            tok = tok.replace(",", "")
        out.append((tok, a, b))
        if tok[:1].isdigit():
            d = _DATE.match(tok)
            c = _CLOCK.match(tok) if d is None else None
            if d is not None:
                out.append((f"@d:{tok}", a, b))
            elif c is not None:
                out.append((f"@t:{int(c.group(1)):02d}:{c.group(2)}", a, b))
                if c.group(3):
                    out.append((f"@t:{int(c.group(1)):02d}:{c.group(2)}:{c.group(3)}", a, b))
    words = [t for t in out if not t[0].startswith("@")]
    for (x, a, _), (y, _, b) in itertools.pairwise(words):
        # "May 22" and "22 May": a month name beside a day number.
        month, day = (_MONTH_NUMBER.get(x), y) if x in _MONTH_NUMBER else (_MONTH_NUMBER.get(y), x)
        if month is not None and day.isdigit() and 1 <= int(day) <= 31:
            out.append((f"@d:{month}-{int(day):02d}", a, b))
    return out


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _list_marker(text: str, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]`` numbers a list item: it opens its line
    (after spaces or markdown emphasis) and a ``.`` or ``)`` follows it."""
    if text[end : end + 1] not in (".", ")"):
        return False
    line = text.rfind("\n", 0, start) + 1
    return not text[line:start].strip(" \t*#>")


def _names_a_thing(text: str, start: int) -> bool:
    """Whether the number at ``start`` is part of a name: it follows a capitalised word
    ("Terminal 1", "Model 3", "Step 2")."""
    before = text[:start].rstrip(" ")
    if len(before) == start or not before:
        return False  # glued to what precedes it, or nothing does
    word = before.rsplit(None, 1)[-1].strip("*_(")
    return word[:1].isupper() and word.isalpha()


_CURRENCY = frozenset("$€£¥₹")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_KEY_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _names_field(low: str, start: int, end: int, path: str) -> bool:
    """Whether the words around the number at ``low[start:end]`` name the field at
    ``path`` (``rank 1``, ``2 seats`` for ``seats``, ``position: 4``)."""
    leaf = path.rsplit(".", 1)[-1].replace("[]", "").replace("*", "")
    words = {w.lower() for w in _KEY_WORDS.findall(leaf) if len(w) >= 3}
    if not words:
        return False
    near = set(re.findall(r"[a-z]+", low[max(0, start - 24) : end + 24]))
    return any(w in near or w.rstrip("s") in near or w + "s" in near for w in words)


#: A count's noun after a number: one or two words, the last a plural ("2 checked bags").
_COUNTED = re.compile(r"\s+(?:[a-z]+\s+)?[a-z]{2,}s\b")


#: Field names that count whatever a result lists ("meta.total": "2 tickets" quotes it).
_COUNT_WORDS = frozenset(("total", "count", "num", "number", "size", "quantity", "qty", "length"))


def _counts_anything(path: str) -> bool:
    """Whether the field at ``path`` is a count of no named thing (``meta.total``)."""
    leaf = path.rsplit(".", 1)[-1].replace("[]", "").replace("*", "")
    return any(w.lower() in _COUNT_WORDS for w in _KEY_WORDS.findall(leaf)) or len(leaf) <= 1


def said_numbers(said: str) -> frozenset[str]:
    """The whole numbers a text says, in digits or as number words ("Two, please." says
    2): a small number the user said first is theirs, not a result's value quoted."""
    low = said.lower()
    found = set(re.findall(r"(?<![\w.])\d+(?![\w.])", low))
    found.update(str(_NUMBER_WORDS[w]) for w in re.findall(r"[a-z]+", low) if w in _NUMBER_WORDS)
    return frozenset(found)


def quoted(
    q: _Quotes, answer: str, question: str, said: frozenset[str] = frozenset()
) -> list[tuple[str, str, str | None]]:
    """``(path, example, precision)`` for each value of the result the answer quotes. A
    small number in ``said`` (:func:`said_numbers` of what the user said first) is none."""
    found: list[tuple[str, str, str | None]] = []
    spans: list[tuple[int, int]] = []  # quoted text: the words inside it are not values
    low = answer.lower()
    qlow = question.lower()
    if q.phrases:
        by_needle: dict[str, set[str]] = {}
        for needle, path, _value in q.phrases:
            by_needle.setdefault(needle, set()).add(path)
        for needle, path, value in q.phrases:
            if len(by_needle[needle]) != 1 or needle in qlow:
                continue
            at = low.find(needle)
            if at >= 0 and (at == 0 or not low[at - 1].isalnum() or _CJK.match(needle)):
                spans.append((at, at + _common_prefix(low[at:], value.lower())))
                found.append((path, value, None))
                by_needle[needle] = set()  # one hit per needle
    asked = {t for t, _, _ in _answer_tokens(question)}
    tokens = q.tokens
    for tok, a, b in _answer_tokens(answer):
        where = tokens.get(tok)
        if where is None or tok in asked or any(s <= a and b <= e for s, e in spans):
            continue
        value, precision, short = q.meta[tok]
        if short:
            # A short or common value is evidence only where it sits at one place, a word of
            # a text field counted (a carrier "UPS" beside the service "UPS Ground").
            if len(where) != 1 or q.places(tok) != 1:
                continue
            if tok.isdigit() and (
                _list_marker(answer, a, b)
                or _names_a_thing(answer, a)
                or (
                    "[]" in next(iter(where))
                    and answer[a - 1 : a] not in _CURRENCY  # "$34": an amount, said as one
                    and not _names_field(low, a, b, next(iter(where)))
                    and not _counts_anything(next(iter(where)))
                )
            ):
                # "1. Check", "Terminal 1": the answer's numbering or a name's number; or
                # one of a list item's small numbers (a rank) the answer does not name:
                # "3 days", "lane 4" (a booking's) are no rank 3 or 4.
                continue
            if tok.isdigit() and (
                tok in said
                or (
                    _COUNTED.match(low, b) is not None
                    and answer[a - 1 : a] not in _CURRENCY
                    and not _names_field(low, a, b, next(iter(where)))
                    and not _counts_anything(next(iter(where)))
                )
            ):
                # A number the user said first ("Two, please." -> "2 checked bags"), or a
                # count of another thing: "2 checked bags" quotes no passengers: 2.
                continue
        elif len(where) != 1:
            continue  # ambiguous: the same form at several paths
        (path,) = where
        example = value if tok == value.lower() else answer[a:b]
        found.append((path, example, precision))
    # A value quoted both verbatim (no precision) and as a date gives both; None sorts first.
    return sorted(set(found), key=lambda f: (f[0], f[1], f[2] or ""))
