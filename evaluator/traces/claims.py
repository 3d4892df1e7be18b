"""Ungrounded claims: values an answer states that nothing the agent read held.

When a field the answer needs was dropped by a projection, an agent rarely
says so: it answers anyway, from what it has (a breach time worked out from
the opened date and the priority, a flight duration nobody returned). Such
an answer states a value that no tool result, user message or system prompt
of the conversation held before it. This module finds the values an
assistant text states, in English and Chinese:

- ``date``: ``2024-05-27``, ``May 27``, ``27 May 2024``, ``5/27``, ``6月21日``, and to the
  month, ``January 2026``;
- ``time``: ``14:05``, ``7 pm``, ``7:30am``;
- ``amount``: ``$12.50``, ``€40``, ``¥3,000``, ``299元``, ``120 USD``;
- ``duration``: ``5 hours``, ``30 min``, ``3-4小时``, ``7天``;
- ``id``: a token of letters and digits with a separator or a code shape
  (``ORD-2024-5678``, ``tkt_3e7b91a0``, ``CA1234``), an e-mail address, a phone number
  (``1-800-123-4567``, ``(949) 404-2989``);
- ``count``: a number of things (``3 tickets``, ``two flights``, ``3张票``);
- ``name``: a quoted name (``"Hellraiser: Deader"``, ``“粤膳坊”``), or an unquoted
  proper name stated as a fact (``Jose Garcia``, ``Hotel Dealz``): a run of
  capitalised words not at the start of a sentence (or of two or more there). A quoted
  phrase in lower or sentence case (``"worst-case"``, ``"Budget-friendly"``) is a term or
  a label the agent words itself, no name; so is one in title case that labels a screen's
  part or a record (:func:`quoted_labels`: ``the "Save Changes" button``, ``click
  "Save"``, ``the "Perfect Storm" scenario``, ``an event titled "Birthday Party"``).

and :func:`ungrounded` keeps those that no earlier text of the conversation
holds in any of the value's usual spellings (a quoted name in any case or spacing,
``"Perfect Storm"`` by ``perfect_storm``; ``May 27`` by
``2024-05-27``, ``$12.50`` by ``12.5`` or by ``12.4999``, ``10%`` by a tax of 1 on a
subtotal of 10, ``7 pm`` by ``19:00``; a count by the
number standing alone, or by a result listing that many items or that many
items sharing a value). A bare number with no noun is left alone.
"""

from __future__ import annotations

import bisect
import itertools
import json
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from itertools import pairwise
from typing import Any, NamedTuple

from .values import MONTH_NAMES, WEEKDAY_NAMES, in_words


class _Patterns:
    """Patterns compiled per value ("83" in a percentage field, "14:00" on a clock), kept
    up to a bound: a long run meets many values, and ``re``'s own cache is shared with
    every other pattern of the process."""

    __slots__ = ("_by_key",)
    _BOUND = 1024

    def __init__(self) -> None:
        self._by_key: dict[object, re.Pattern[str]] = {}

    def get(self, key: object, source: Callable[[], str]) -> re.Pattern[str]:
        """The pattern for ``key``, compiling ``source()`` the first time it is asked."""
        pattern = self._by_key.get(key)
        if pattern is None:
            if len(self._by_key) > self._BOUND:
                self._by_key.clear()
            pattern = self._by_key[key] = re.compile(source())
        return pattern


#: Kinds of value a claim can be.
CLAIM_KINDS = ("date", "time", "amount", "duration", "id", "count", "name")

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
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_UNITS = (
    r"hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|nights?|weeks?|months?|years?|"
    r"小时|小時|分钟|分鐘|秒钟|天|晚|周|週|个月|個月|年"
)

_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
#: Words between a length's number and its unit that leave the length as it is: "2 extra
#: days" is 2 days (read as a count of "extra" things, its value "2 extra", before).
_LENGTH_ADJECTIVES = r"(?:extra|additional|more|full)"
_NOT_AFTER_WORD = r"(?<![A-Za-z0-9_.])"  # CJK may come before a number: not \w
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
            r"(?<![\d:])(?P<h>\d{1,2}):(?P<mi>\d{2})(?::\d{2})?\s*(?P<ap>[ap]\.m\.?|[ap]m)?(?![\d:])",
            re.I,
        ),
    ),
    # "pm." at a sentence's end keeps its full stop out of the value ("4 PM", not "4 PM."); the
    # stops of "p.m." are its own.
    ("time", re.compile(r"(?<![\d:.])(?P<h>\d{1,2})\s*(?P<ap>[ap]\.m\.?|[ap]m)(?![\w])", re.I)),
    ("amount", re.compile(rf"[$€£¥￥]\s?(?P<n>{_NUMBER})")),
    (
        "amount",
        re.compile(
            rf"{_NOT_AFTER_WORD}(?P<n>{_NUMBER})\s?"
            # A percentage is an amount too: a discount, a rate ("15% off", "10 percent").
            r"(?:USD|EUR|GBP|CNY|RMB|JPY|dollars|euros|元|块|美元|(?P<pct>%|percent))(?![A-Za-z])"
        ),
    ),
    (
        "duration",
        re.compile(
            rf"{_NOT_AFTER_WORD}(?P<n>{_NUMBER})(?:\s?[-–~到至]\s?(?P<n2>\d+(?:\.\d+)?))?"
            # "1-hour window", "3-hour blocks": a unit joined by a hyphen is an adjective of time.
            rf"[\s-]?(?:(?P<q>business|working|calendar|school)\s+|{_LENGTH_ADJECTIVES}\s+)?"
            rf"(?P<unit>{_UNITS})(?![A-Za-z])"
            # "7 hours and 30 minutes" is one length: its minutes belong to its hours; so are
            # "2小时15分钟" and "2小时零5分" (session 30's made-up Chinese rebooking).
            r"(?:(?:,?\s+(?:and\s+)?|(?<=[时時])零?)(?P<n3>\d{1,2})\s?"
            r"(?P<unit3>minutes?|mins?|分钟|分鐘|分)(?![A-Za-z]))?",
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


_NUMBER_WORDS = {
    w: i + 1
    for i, w in enumerate(
        [
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}
#: Words after a number that do not make it a count of things.
_NOT_COUNTED = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "to",
        "on",
        "in",
        "at",
        "by",
        "for",
        "from",
        "with",
        "as",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "am",
        "pm",
        "more",
        "less",
        "other",
        "others",
        "another",
        "of",
        "than",
        "times",
        "time",
        "way",
        "thing",
        "things",
        "moment",
        "second",
        "percent",
        "per",
        "out",
        "off",
        "up",
        "down",
        "if",
        "so",
        "but",
        "not",
        "no",
        "yes",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "i",
        "you",
        "he",
        "she",
        "we",
        "they",
        "me",
        "us",
        "them",
        "my",
        "your",
        "our",
        "their",
        "his",
        "her",
        "which",
        "who",
        "what",
        "when",
        "where",
        "how",
        "point",
        "points",
        "st",
        "nd",
        "rd",
        "th",
        # A format's length, not things counted: "the last 4 digits of the card".
        "digit",
        "digits",
        "character",
        "characters",
        "chars",
    ]
)
#: Modal and auxiliary verbs, written in lower case: after a number they make it the
#: subject of a verb ("greater than 2 can be expressed", "3 has none"), not a count of
#: things; "a can of beans" is the noun, told by its "of".
_VERBS_AFTER = frozenset(
    ["can", "could", "will", "would", "shall", "should", "may", "might", "must", "has",
     "have", "had", "does", "did"]
)  # fmt: skip
_OF_NEXT = re.compile(r"\s+of\b")
#: Words after a number that make it a term of arithmetic, not a count ("Split 37 into 30
#: + 7", "2 plus 2 equals 4").
_ARITHMETIC_WORDS = frozenset(["into", "onto", "equals", "plus", "minus"])
#: Kinds of number: a count of them is mathematics ("the sum of two prime numbers", "3
#: consecutive integers", "we need two numbers with product 6"), not a number of the task's
#: things ("2 phone numbers" still counts phones' numbers).
_MATH_KINDS = frozenset(["number", "numbers", "integer", "integers", "prime", "primes"])
_MATH_ADJECTIVES = frozenset(
    ["prime", "even", "odd", "consecutive", "natural", "whole", "rational", "irrational",
     "real", "complex", "positive", "negative", "random", "decimal"]
)  # fmt: skip
_NUMBER_NOUN_NEXT = re.compile(r"\s+(?:numbers?|integers?|digits?)\b", re.IGNORECASE)
# An arithmetic operator and a number beside a number: "2 + 2", "30 + 7", "6 × 7 = 42".
_OPERATOR_BEFORE = re.compile(r"[\d)][ \t]*[-+*/×÷=][ \t]*\Z")
_OPERATOR_AFTER = re.compile(r"[ \t]*[-+*/×÷=][ \t]*[\d(]")
# A capitalised word right before a number, mid-sentence: a label's number ("Player 2",
# "Terminal 1"), not a count.
_LABEL_BEFORE = re.compile(r"[a-z,;]\s+[A-Z][a-z]+\s+\Z")


def _no_count(text: str, m: re.Match[str]) -> bool:
    """Whether a number and the word after it count nothing (:func:`claims`): the word is
    a verb of its clause, a word of arithmetic or another number ("6 three times"), the
    number a term of arithmetic or a mid-sentence label's, or the things counted are
    numbers ("two prime numbers")."""
    noun = m.group("noun").lower()
    if _verb_after(text, m) or noun in _ARITHMETIC_WORDS or noun in _NUMBER_WORDS:
        return True
    if noun in _MATH_KINDS or (
        noun in _MATH_ADJECTIVES and _NUMBER_NOUN_NEXT.match(text, m.end()) is not None
    ):
        return True
    lo = m.start()
    head = text[max(0, lo - 40) : lo]
    if _OPERATOR_BEFORE.search(head) or _OPERATOR_AFTER.match(
        text, m.start("n") + len(m.group("n"))
    ):
        return True
    return _LABEL_BEFORE.search(head) is not None


def _verb_after(text: str, m: re.Match[str]) -> bool:
    """Whether a count's noun is a verb of its clause (:data:`_VERBS_AFTER`)."""
    return m.group("noun") in _VERBS_AFTER and _OF_NEXT.match(text, m.end()) is None


_COUNT = re.compile(r"(?P<n>\d{1,3})\s?(?P<noun>[A-Za-z]{3,})(?![\w-])")
#: A length of time in words ("about two weeks", "three business days"): a duration, not a
#: count of weeks a list of two things grounds.
_WORD_DURATION = re.compile(
    r"(?i)(?<![\w-])(?P<n>" + "|".join(_NUMBER_WORDS) + r")\s+"
    rf"(?:(?P<q>business|working|calendar|school)\s+|{_LENGTH_ADJECTIVES}\s+)?"
    r"(?P<unit>hours?|minutes?|days?|nights?|weeks?|months?|years?)(?![\w-])"
)
_WORD_COUNT = re.compile(
    r"(?i)(?<![\w-])(?P<n>" + "|".join(_NUMBER_WORDS) + r")\s+(?P<noun>[a-z]{3,})(?![\w-])"
)
_ZH_COUNT = re.compile(r"(?P<n>\d{1,3})\s?(?P<noun>[个張张条條件封次位家项項班趟份本部间間台])")
# A run of capitalised words ("Jose Garcia", "Matt's Birthday", "FLASH SALE", "Rolls-Royce":
# capitalised words a hyphen joins are one word of it), and words
# that start one or stand in it without making it a name.
# The lookahead first restates that a match starts with a capital (a title does too): it
# lets the regex engine skip to the capitals instead of trying the lookbehind everywhere.
_CAPS = re.compile(
    r"(?=[A-Z])(?<![\w'’@./#-])(?:(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)?[A-Z][A-Za-z'’&]*(?:-[A-Z][A-Za-z'’&]*)*"
    r"(?:[ ](?:(?:of|the|de|van|von)[ ])?[A-Z][A-Za-z'’&]*(?:-[A-Z][A-Za-z'’&]*)*)*(?![\w@-])"
)
_NOT_NAMES = frozenset(
    [
        # number words in capitals are emphasis ("choose ONE of these options")
        *_NUMBER_WORDS,
        "i",
        "i'm",
        "i'll",
        "i've",
        "i'd",
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        # quantifiers opening a sentence: "Many Maglemosian sites", "Most Marriott hotels"
        "many",
        "most",
        "several",
        "few",
        "there",
        "here",
        "it",
        "its",
        "it's",
        "you",
        "your",
        "you're",
        "we",
        "our",
        "they",
        "their",
        "he",
        "she",
        "his",
        "her",
        "my",
        "me",
        "us",
        "ok",
        "okay",
        "yes",
        "no",
        "not",
        "sure",
        "hello",
        "hi",
        "hey",
        "dear",
        "thanks",
        "thank",
        "please",
        "sorry",
        "great",
        "good",
        "also",
        "however",
        "unfortunately",
        "let",
        "do",
        "does",
        "did",
        "would",
        "could",
        "can",
        "will",
        "shall",
        "should",
        "may",
        "might",
        "must",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "have",
        "has",
        "had",
        "if",
        "so",
        "but",
        "and",
        "or",
        "as",
        "at",
        "by",
        "for",
        "from",
        "in",
        "into",
        "of",
        "on",
        "to",
        "with",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "how",
        "all",
        "any",
        "each",
        "every",
        "some",
        "none",
        "both",
        "either",
        "neither",
        "just",
        "only",
        "then",
        "now",
        # units of measure, capitalised after the people they are named for ("in Fahrenheit")
        "fahrenheit",
        "celsius",
        "kelvin",
        *WEEKDAY_NAMES,
        "today",
        "tomorrow",
        "yesterday",
        *MONTH_NAMES,  # "may" is above too, as a modal
        "am",
        "pm",
        "utc",
        "gmt",
        "est",
        "pst",
        # Time zones: stated with a time the result gave as an offset (-07:00), not names.
        "pt",
        "et",
        "ct",
        "mt",
        "pdt",
        "edt",
        "cst",
        "cdt",
        "mst",
        "mdt",
        "akst",
        "hst",
        "bst",
        "cet",
        "cest",
        "eet",
        "ist",
        "jst",
        "aest",
        "nzst",
        "usd",
        "eur",
        "gbp",
        "cny",
        "rmb",
        "jpy",
        "id",
        "ids",
        # Common abbreviations, not names: what a ZIP, a SIM or a PIN is needs no source.
        "zip",
        "sim",
        "pin",
        "qr",
        "gps",
        "usb",
        "wi-fi",  # a hotel room's amenity, no brand ("Free Wi-Fi")
        "diy",
        "ai",  # "as an AI assistant"
        # a date's or time's format, spelled in letters ("MM/DD/YYYY", "HH:MM")
        "mm",
        "dd",
        "yyyy",
        "hh",
        "vpn",
        "sms",
        "otp",
        "atm",
        "hr",
        "dm",
        "dms",
        "pto",
        "vin",
        "eta",
        "api",
        "url",
        "json",
        "http",
        "https",
        "pdf",
        # the languages and formats code and files are written in, which a coding agent
        # names as it writes them ("a game in Python", "the main HTML file")
        "python",
        "javascript",
        "typescript",
        "html",
        "css",
        "sql",
        "xml",
        "csv",
        "yaml",
        "markdown",
        "bash",
        "faq",
        "n/a",
        "tbd",
        "etc",
        "note",
        "step",
        "first",
        "next",
        "last",
        "final",
        "done",
        "error",
    ]
)
#: Adjectives of a people, a region or a cuisine ("American restaurants", "Italian
#: food"): alone they name no person, place or store; in a longer name ("American
#: Airlines") they stay.
_PEOPLES = frozenset(
    [
        "african",
        "american",
        "asian",
        "australian",
        "brazilian",
        "british",
        "canadian",
        "caribbean",
        "chinese",
        "dutch",
        "english",
        "european",
        "french",
        "german",
        "greek",
        "indian",
        "irish",
        "italian",
        "japanese",
        "korean",
        "latin",
        "mediterranean",
        "mexican",
        "middle-eastern",
        "portuguese",
        "russian",
        "scandinavian",
        "spanish",
        "thai",
        "turkish",
        "vietnamese",
    ]
)
# An abbreviation in the plural ("SUVs", "ATMs", "PDFs"): a common noun's, no name.
_PLURAL_CAPS = re.compile(r"[A-Z]{2,5}s")
#: Words that open a sentence in front of a name ("Contact EE", "Once Chase confirms"):
#: an instruction's verb or a conjunction, capitalised only by the sentence.
_OPENERS = frozenset(
    [
        "accept",
        "add",
        "after",
        "apply",
        "ask",
        "attach",
        "avoid",
        "because",
        "before",
        "bring",
        "call",
        "cancel",
        "check",
        "choose",
        "click",
        "complete",
        "confirm",
        "consider",
        "contact",
        "continue",
        "download",
        "email",
        "ensure",
        "enter",
        "file",
        "follow",
        "give",
        "go",
        "include",
        "install",
        "keep",
        "log",
        "make",
        "once",
        "open",
        "pay",
        "post",
        "print",
        "provide",
        "read",
        "remove",
        "report",
        "request",
        "restart",
        "review",
        "see",
        "select",
        "send",
        "share",
        "sign",
        "since",
        "start",
        "submit",
        "tap",
        "tell",
        "text",
        "try",
        "unless",
        "until",
        "update",
        "use",
        "visit",
        "wait",
        "while",
    ]
)
_TITLES = re.compile(r"(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+")
_TITLE_INITIALS = frozenset("MDP")
_SENTENCE_START = frozenset(".!?;:\n\"'“”‘’(*-•>#|")


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
#: ``held(kind, spelling)``: whether what was read before held that spelling of a value.
Held = Callable[[str, str], bool]

_RUN = re.compile(r"\d+")
# The same for ASCII text, where \d is [0-9]: the regex engine scans for a range of
# characters far faster than for a Unicode category.
_ASCII_RUN = re.compile(r"[0-9]+")
_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
_ID_TAIL = re.compile(r"[A-Za-z0-9_-]*")  # the characters of _ID_CHARS, from a position on
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


#: A phone number of ten digits, North American style, its country code optional:
#: ``1-800-123-4567``, ``+1-702-555-1212``, ``(949) 404-2989``, ``415.555.0199``. Its digits
#: hold no letter, so the id pattern never reads one.
_PHONE = re.compile(r"(?:\+?1[-. ]?)?(?:\(\d{3}\)[ ]?|\d{3}[-.])\d{3}[-.]\d{4}(?![\w-])")


def _phone_start(text: str, start: int, end: int, before: str, after: str) -> bool:
    """Whether the run of digits ``text[start:end]`` may open a phone number: three digits
    followed by a separator, a "1" country code, or digits after "+" or "(" (a cheap test
    before the pattern is tried at every number)."""
    size = end - start
    if before in _ID_CHARS or before == ".":
        return False
    return (
        (size == 3 and after in "-.)")
        or (size == 1 and text[start] == "1" and after in "-. ")
        or before in "+("
    )


#: A UK phone number in groups of digits separated by spaces, national ("020 7946 0958",
#: "0161 496 0000", "07700 900 123") or international ("+44 20 7946 0958", "+44 (0)20 ...");
#: its ten digits after the 0 or the 44 are checked apart.
_UK_PHONE = re.compile(
    r"(?:\+44[ ]?(?:\(0\)[ ]?)?|0)(?P<rest>\d{2,4}(?:[ ]\d{3,4}){1,2})(?![\w-]|[ ]\d)"
)


def _uk_phone(text: str, start: int, before: str, after: str) -> re.Match[str] | None:
    """The UK phone number opening at the run of digits at ``start`` (or at the "+"
    before it), when its digits after the trunk 0 or the country code 44 are ten."""
    if after != " " or (before in _ID_CHARS and before != "+"):
        return None
    if before == "+":
        if not text.startswith("44", start):
            return None
        start -= 1
    elif text[start] != "0":
        return None
    m = _UK_PHONE.match(text, start)
    if m is None or sum(c.isdigit() for c in m.group("rest")) != 10:
        return None
    return m


#: Another country's number after its "+" code, in groups of digits a space or a hyphen
#: separates: "+81 3-5555-0100", "+33 1 42 68 53 00", "+86 571-8888-1234".
_INTL_PHONE = re.compile(r"\+\d{1,3}(?:[ -]\d{1,4}){2,5}(?![\w-]|[ ]\d)")


def _intl_phone(text: str, start: int) -> re.Match[str] | None:
    """The international number opening at the "+" before ``start``, when it holds 8 to
    15 digits (E.164's bound): what an answer states as a number to call."""
    m = _INTL_PHONE.match(text, start - 1)
    if m is None or not 8 <= sum(c.isdigit() for c in m.group()) <= 15:
        return None
    return m


def _intl_phone_forms(value: str) -> tuple[str, ...]:
    """An international number's spellings: as stated, its digits with and without the
    "+", and the national part as stated after the country code."""
    digits = "".join(c for c in value if c.isdigit())
    national = value.split(" ", 1)[1] if " " in value else value
    return tuple(dict.fromkeys([value, f"+{digits}", digits, national]))


def _uk_phone_forms(m: re.Match[str]) -> tuple[str, ...]:
    """A UK number's spellings: as stated, its digits, and its national and international
    forms, spaced as stated and unspaced."""
    rest = m.group("rest")
    digits = rest.replace(" ", "")
    return tuple(
        dict.fromkeys(
            [m.group(), f"0{rest}", f"+44 {rest}", f"0{digits}", f"+44{digits}", f"44{digits}"]
        )
    )


def _phone_forms(value: str) -> tuple[str, ...]:
    """A phone number's spellings: as stated, its digits alone, and its last ten digits in
    the usual separators (held with or without the country code)."""
    digits = "".join(c for c in value if c.isdigit())
    a, b, c = digits[-10:-7], digits[-7:-4], digits[-4:]
    return tuple(
        dict.fromkeys(
            [value, digits, digits[-10:], f"{a}-{b}-{c}", f"({a}) {b}-{c}", f"{a}.{b}.{c}"]
        )
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
    # The characters of the values read so far (a held value still takes its span): one
    # byte a character, so that whether a span overlaps one is a single find().
    taken = bytearray(len(text))

    seen: dict[tuple[str, tuple[str, ...]], bool] = {}  # a value a text repeats is looked up once

    def add(
        kind: str, start: int, end: int, forms: tuple[str, ...], value: str, run: bool = False
    ) -> None:
        taken[start:end] = b"\x01" * (end - start)
        if held is not None:
            key = (kind, forms)
            known = seen.get(key)
            if known is None:
                # A run of capitalised words is held as it is stated, or as two held values
                # side by side, or in another spelling: the same answer in any order (held
                # reads what was read before the text, which asking does not change), and a
                # run that misses as stated is more often two values than hyphenated.
                known = bool(forms) and held(kind, forms[0])
                if not known and run:
                    known = _held_in_two(value, held)
                if not known and kind == "name":
                    known = _codes_held(value, held)
                if not known:
                    for form in forms[1:]:  # a loop, not any(): once per value stated
                        if held(kind, form):
                            known = True
                            break
                seen[key] = known
            if known:
                return
        found.append(Claim(kind, value.strip(), start, end, forms))

    covered = 0  # runs before this position belong to a value already read
    pos = 0  # where the next run is looked for (the runs are the maximal runs of digits)
    runs = _ASCII_RUN if text.isascii() else _RUN
    while True:
        if pos < covered:
            # Jump over the runs inside the value just read, and the rest of a run it ends in.
            pos = covered
            if runs.match(text, pos - 1) is not None and (tail := runs.match(text, pos)):
                pos = tail.end()
        if (run := runs.search(text, pos)) is None:
            break
        start, pos = run.span()
        before = text[start - 1] if start else ""
        after = text[pos] if pos < len(text) else ""
        # A minus sign opening a word signs the number ("is -10.71%"): not an id's hyphen.
        signed = before == "-" and (start < 2 or text[start - 2] not in _ID_CHARS)
        if (before in _ID_CHARS and not signed) or (after.isascii() and after.isalpha()):
            # A run inside a word: the word may be an id ("tkt_3e7b91a0", "ORD-2024-5678").
            lo = start
            while lo and text[lo - 1] in _ID_CHARS:
                lo -= 1
            tail = _ID_TAIL.match(text, pos)  # never None: the pattern matches nothing too
            hi = covered = tail.end() if tail is not None else pos
            if held is not None and held("id", text[lo:hi].rstrip("-_")):
                continue  # most ids an answer quotes were read: no need to parse them
            m = _ID.match(text, lo)
            if m is not None and m.end() <= hi and (forms := _forms("id", m)):
                covered = m.end()
                add("id", m.start(), m.end(), forms, m.group())
                continue
        if (before == "+" or text[start] == "0") and (m := _uk_phone(text, start, before, after)):
            covered = m.end()
            add("id", m.start(), m.end(), _uk_phone_forms(m), m.group())
            continue
        if _phone_start(text, start, pos, before, after):
            m = _PHONE.match(text, start - 1 if before in "+(" else start)
            if m is not None:
                covered = m.end()
                add("id", m.start(), m.end(), _phone_forms(m.group()), m.group())
                continue
        if before == "+" and (m := _intl_phone(text, start)):
            covered = m.end()
            add("id", m.start(), m.end(), _intl_phone_forms(m.group()), m.group())
            continue
        m = _ISO.match(text, start)
        if m is not None:
            covered = m.end()
            add("date", m.start(), m.end(), _forms("date", m), m.group())
            continue
        day = _month_date(text, run) or _month_year(text, run)
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
        else:
            if before not in _NOT_BEFORE_COUNT:
                m = _COUNT.match(text, start) or _ZH_COUNT.match(text, start)
                if (
                    m is not None
                    and not (before.isascii() and before.isalnum())  # "html2pptx", "R1 model"
                    and m.group("noun").lower() not in _NOT_COUNTED
                    and not _no_count(text, m)
                ):
                    covered = m.end()
                    add("count", m.start(), m.end(), (str(int(m.group("n"))),), m.group())
    if (
        not _NUMBER_WORD_SET.isdisjoint(_ASCII_WORD.findall(text.lower()))
        if text.isascii()
        else _WORD_HINT.search(text) is not None
    ):
        for m in _WORD_DURATION.finditer(text):
            start, end = m.span()
            if not _overlaps(taken, start, end):
                word = m.group("n").casefold()
                n = _NUMBER_WORDS.get(word)
                if n is not None:
                    forms = _duration_forms([str(n)], m.group("unit"), m.group("q"))
                    add("duration", start, end, (*forms, m.group().lower()), m.group())
        for m in _WORD_COUNT.finditer(text):
            start, end = m.span()
            if _names_on(text, m):
                continue  # "the Three Rivers Hotel": a name, not three rivers
            if (
                m.group("noun").lower() not in _NOT_COUNTED
                and not _no_count(text, m)
                and not _overlaps(taken, start, end)
            ):
                # casefold, not lower: the case-blind match takes "ſix" (long s) for "six"
                word = m.group("n").casefold()
                n = _NUMBER_WORDS.get(word)
                if n is not None:
                    add("count", start, end, (str(n), word), m.group())
    if "@" in text:
        # An e-mail address is an id: one the agent wrote itself ("dmitri@example.com" for
        # "dmitri") is held nowhere. Read before quoted names, which would take it whole.
        for m in _EMAIL.finditer(text):
            start, end = m.span()
            if not _overlaps(taken, start, end):
                add("id", start, end, (m.group(),), m.group())
    if "(" in text:
        # A place's code in capitals after its name ("New York (JFK)", "Heathrow (LHR)"):
        # an airport's or a station's code, an id the agent may know but no source gave.
        for m in _PLACE_CODE.finditer(text):
            start, end = m.span(1)
            if not _overlaps(taken, start, end):
                add("id", start, end, (m.group(1),), m.group(1))
    if _NAME_HINT.search(text) is not None:
        quoted = list(_NAME.finditer(text))
        labels = quoted_labels(text, quoted)
        for m in quoted:
            start, end = m.span()
            # A quoted code word ("assigned_to_email") is a field's or a value's key; a
            # quoted phrase in lower or sentence case ("worst-case", "Budget-friendly") a
            # term, a label or a search the agent words itself; one in title case beside a
            # screen's or a record's noun ('the "Save Changes" button', 'a scenario called
            # "Perfect Storm"') a label.
            v = m.group("v")
            if start in labels:
                # Its words are no proper name either, quoted or not.
                taken[start:end] = b"\x01" * (end - start)
            elif (
                not _overlaps(taken, start, end)
                and _CODE_WORD.fullmatch(v) is None
                and not quoted_term(v)
            ):
                add("name", start, end, _forms("name", m), m.group())
    lines: dict[int, _Line] = {}  # what _typographic reads of a line, by where it starts
    for m in _CAPS.finditer(text):
        at = m.start()
        if _typographic(text, at, m.end(), lines):
            continue
        for lo, hi, value, spellings in _name_parts(text, m):
            lo += at
            hi += at
            if not _overlaps(taken, lo, hi):
                add("name", lo, hi, spellings, value, run=True)
    if "(" in text and found:
        # Values in an aside giving examples of what the agent asks the user for ("please
        # share the state code (e.g., "CA" for California)") show its form: they state
        # nothing about the task's data. An example the agent offers ("would a morning
        # slot (e.g., 9 AM - 12 PM) work") or describes ("a midsize car (e.g., Toyota
        # Corolla or similar)") is a value it states.
        for aside in _EXAMPLE_ASIDE.finditer(text):
            lo, hi = aside.span()
            opens = max(text.rfind(end, 0, lo) for end in (". ", "? ", "! ", "\n")) + 1
            if _ASKS_FOR.search(text, opens, lo) is not None:
                found = [c for c in found if not (lo <= c.start and c.end <= hi)]
    found.sort(key=lambda c: c.start)
    return found


#: A parenthesis opening with "e.g." or "for example": examples of what the agent asks for.
_EXAMPLE_ASIDE = re.compile(r"\((?:e\.g\.|eg\.|e\.g,|for example|for instance)[^()]*\)", re.I)
#: An ask for the user's input before such an aside, in its sentence.
_ASKS_FOR = re.compile(
    r"(?i)\b(?:provide|share|enter|specify|give|tell|type|send|let me know|know which)\b"
)
_NAME_HINT = re.compile('["“「『]')
# The words of a quoted phrase, split at spaces, hyphens and slashes ("Budget-friendly").
_PHRASE_WORDS = re.compile(r"[^\W\d_][\w'’.]*")
#: Small words a title in title case keeps in lower case ("Bridge of the Doomed").
_TITLE_SMALL_WORDS = frozenset((
    "a", "an", "and", "as", "at", "but", "by", "de", "del", "der", "des", "di", "du", "for",
    "from", "in", "into", "la", "le", "les", "nor", "of", "on", "or", "per", "the", "to",
    "upon", "van", "via", "von", "vs", "with", "y",
))  # fmt: skip


def quoted_term(phrase: str) -> bool:
    """Whether a quoted phrase is a term, not a name: written in a script with cases, it
    has no capital ("worst-case", "yes", "perfect storm": a word the agent puts in scare
    quotes, a search term), or only its first word has one and a later word other than
    a title's small words has none (sentence case: "Budget-friendly", "Stress test": a
    label the agent words). A name in title case ("Bridge of the Doomed", "Risk Forum"),
    one capitalised word ("Hilton"), and a name in a script without cases ("粤膳坊") stay."""
    words = _PHRASE_WORDS.findall(phrase)
    if not words or not any(c.isupper() or c.islower() for c in phrase):
        return False  # no letters with cases: a name in Chinese or Japanese, or none
    if not any(c.isupper() for c in phrase):
        return True
    first, rest = words[0], words[1:]
    if not first[0].isupper() or any(c.isupper() for w in rest for c in w):
        return False
    return any(w[0].islower() and w.lower() not in _TITLE_SMALL_WORDS for w in rest)


#: A screen's parts: what a label names in a user interface ('the "Save Changes" button',
#: 'the "Delivery Settings" section', 'the "Account Settings" tab').
_SCREEN_NOUNS = frozenset((
    "button", "tab", "link", "menu", "submenu", "option", "section", "field", "page",
    "panel", "pane", "screen", "window", "dialog", "dialogue", "popup", "modal", "checkbox",
    "toggle", "switch", "dropdown", "icon", "box", "column", "row", "heading", "header",
    "label", "badge", "banner", "sidebar", "toolbar", "widget", "setting", "view", "mode",
    "filter", "step", "prompt", "message", "notification", "command", "shortcut",
))  # fmt: skip
#: Nouns of what carries a label, not a name (GUIDELINE.md, "Ungrounded claims": a record's
#: title names no person, place, store, product or plant): a screen's parts, and records a
#: user or an agent titles (a plan, a scenario, an event, a dashboard, a role).
_LABEL_NOUNS = _SCREEN_NOUNS | frozenset((
    "plan", "scenario", "template", "event", "meeting", "survey", "dashboard", "chart",
    "report", "role", "task", "list", "folder", "category", "tier", "status", "stage", "tag",
    "project", "board", "channel", "workflow", "campaign", "playlist", "reminder", "note",
    "sheet", "slide", "subject", "title",
))  # fmt: skip
# The words before a quoted phrase that make it a label: a verb that works a screen ('click
# "Save"', 'tap "Continue"'), or a label's noun, with a word naming it
# ('a dashboard "Sales Overview"', 'an event titled "Birthday Party"'), or "labelled as".
_QUOTE_LABEL_BEFORE = re.compile(
    # Not "select" or "choose": one picks a hotel or a product so too.
    r"(?:\b(?:click(?:ed|ing)?|tap(?:ped|ping)?|press(?:ed|ing)?|hit|toggle|open|"
    r"navigate\s+to)(?:\s+on)?(?:\s+(?:the|an?|your))?"
    r"|\b(?P<noun>[a-z]+)(?:\s+(?:titled|named|called|labell?ed)|\s*:)?"
    r"|\b(?:labell?ed|marked)(?:\s+as)?)"
    r"[\s*_]*$",
    re.I,
)
# The word after a quoted phrase (after emphasis marks): the noun it labels.
_QUOTE_LABEL_AFTER = re.compile(r"[*_]*\s*([A-Za-z]+)")
# What joins the quoted phrases of one list ('the "Control" and "Operators" sections').
_LIST_JOIN = re.compile(r"[*_]*\s*(?:,|/|&|\band\b|\bor\b|,\s*(?:and|or)\b)\s*[*_]*\s*$")


def _label_noun(word: str | None, nouns: frozenset[str] = _LABEL_NOUNS) -> bool:
    """Whether ``word`` (a noun, maybe plural) is one of ``nouns``."""
    if not word:
        return False
    word = word.lower()
    return word in nouns or (word.endswith("s") and word[:-1] in nouns)


def quoted_labels(text: str, quoted: list[re.Match[str]]) -> set[int]:
    """Where the quoted phrases of ``text`` that are labels start: those a screen's or a
    record's noun follows ('the "Save Changes" button', 'the "Perfect Storm" scenario') or
    precedes with its name-giving word ('a scenario called "Perfect Storm"', 'the dashboard
    "Sales Overview"'), those after a verb that works a screen ('click "Continue"'), or
    after "labelled as", and those that end in a screen's part ('go to "Settings"'); a
    list of quoted phrases joined by commas, "and" or "or" ('the "Control" and "Operators"
    sections') is read as one. A product, a place or a person ('recommend the "Organic
    Indoor Potting Mix"', 'a movie called "Arrival"') has no such noun and stays a name."""
    found: set[int] = set()
    i = 0
    while i < len(quoted):
        j = i  # the list of quoted phrases starting at i ends at j
        while j + 1 < len(quoted) and _LIST_JOIN.match(
            text[quoted[j].end() : quoted[j + 1].start()]
        ):
            j += 1
        lo, hi = quoted[i].start(), quoted[j].end()
        before = _QUOTE_LABEL_BEFORE.search(text, max(0, lo - 40), lo)
        after = _QUOTE_LABEL_AFTER.match(text, hi)
        if (
            before is not None and (before.group("noun") is None or _label_noun(before["noun"]))
        ) or (after is not None and _label_noun(after.group(1))):
            found.update(m.start() for m in quoted[i : j + 1])
        else:
            # A phrase that names a screen's part itself ('go to "Account Settings"'); a
            # name opening with "The" ("The View", "The Corner Tab") is a place's or a work's.
            found.update(
                m.start()
                for m in quoted[i : j + 1]
                if (words := _PHRASE_WORDS.findall(m.group("v")))
                and words[0] != "The"
                and _label_noun(words[-1], _SCREEN_NOUNS)
            )
        i = j + 1
    return found


# Three capitals in brackets after a capitalised word: a place's code ("Paris (CDG)").
_PLACE_CODE = re.compile(r"(?<![\w'’-])[A-Z][a-z][\w'’.-]* \(([A-Z]{3})\)")
# What may open a line before a label: indentation, a bullet or a number, emphasis marks.
_LINE_OPENING = re.compile(r"[ \t]*(?:[-*+•][ \t]+|\d{1,2}[.)][ \t]+)?[*_]{0,3}")
# A line that is one bold phrase ("**Current Weather Snapshot**", "__Summary__:"), no bullet
# or number before it: an item of a list in bold ("1. **Grand Hotel**") may name a thing.
_HEADING = re.compile(r"[ \t]*(?:#{1,6}[ \t]|(\*\*|__)[^*_\n]+\1:?[ \t]*(?:\n|$))")
# A markdown table's separator row, under its header row: "|---|:---:|".
_TABLE_RULE = re.compile(
    r"[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*(?:\n|$)"
)


# Function words in capitals. A line that holds two of them and no lower-case letter is
# shouted ("YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.", a support
# agent's fixed hand-off line): its capitals are emphasis, not names. Codes alone on a
# line ("JFK - SEA") hold no function word and stay names.
_SHOUTED_WORD = re.compile(
    r"(?<![\w'’])(?:YOU|YOUR|ARE|IS|BE|BEING|TO|A|THE|OF|ON|IN|AND|OR|FOR|PLEASE|NOT|WILL"
    r"|WE|IT|THIS|WITH|NO|NOW)(?![\w'’])"
)

#: What :func:`_typographic` reads of a line: whether it is a heading or shouted (every
#: word in capitals), where its opening (indentation, bullet, emphasis) ends, and whether
#: it is a markdown table's header row (its first non-space character a "|", a separator
#: row under it), from where "|" is.
_Line = tuple[bool, int, int]


def _typographic(text: str, start: int, end: int, lines: dict[int, _Line]) -> bool:
    """Whether a run of capitalised words is capitalised by layout, not by being a name:
    a heading (``### Reservation Summary``), a label opening its line (``- **Trip Type:**
    One way``, ``Order Details:``), or a cell of a markdown table's header row (``| City |
    Current Temperature |``). Title case there says nothing about the words. ``lines``
    keeps what was read of each line of ``text`` (an answer's runs share their lines)."""
    line_start = text.rfind("\n", 0, start) + 1
    line = lines.get(line_start)
    if line is None:
        line = lines[line_start] = _read_line(text, line_start)
    heading, opening_end, header_from = line
    if heading:
        # every word of a heading ("### Reservation Summary", "**Weather for U.S. Cities**")
        # or of a shouted line
        return True
    if opening_end == start and text.startswith((":", "*:", "**:", "_:", "__:"), end):
        return True  # a label: "Trip Type:", "**Trip Type**:", "**Trip Type:**"
    # a column's name in a table's header row (after its opening "|")
    return header_from < start


def _read_line(text: str, line_start: int) -> _Line:
    """:data:`_Line` of the line starting at ``line_start`` (``header_from`` is
    ``len(text)`` for a line that is no table's header row)."""
    heading = _HEADING.match(text, line_start) is not None
    opening = _LINE_OPENING.match(text, line_start)  # never None: it matches nothing too
    opening_end = opening.end() if opening is not None else -1
    header_from = len(text)
    line_end = text.find("\n", line_start)
    if not heading:
        line = text[line_start : line_end if line_end != -1 else len(text)]
        heading = line.upper() == line and len(_SHOUTED_WORD.findall(line)) >= 2
    # The first character that is no whitespace (str.isspace, as lstrip() reads it).
    first = line_start
    stop = line_end if line_end != -1 else len(text)
    while first < stop and text[first].isspace():
        first += 1
    if (
        first < stop
        and text[first] == "|"
        and line_end != -1
        and _TABLE_RULE.match(text, line_end + 1) is not None
    ):
        header_from = first
    return heading, opening_end, header_from


_CODE_WORD = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
# A local part, "@", and a domain of dot-joined labels (the sentence's period left out).
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]*\w@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*")
_WORD_HINT = re.compile(r"(?i)\b(?:" + "|".join(_NUMBER_WORDS) + r")\b")
# The same test for ASCII text once lower-cased: in ASCII text only a letter's own capital
# matches it under IGNORECASE, and a number word stands between word boundaries exactly
# when it is a whole run of word characters ([a-z0-9_] once lower-cased). The runs are
# found in one scan of a character class, which the regex engine skips through, where the
# alternation above was tried at every position (three times slower on an answer).
_ASCII_WORD = re.compile(r"[a-z0-9_]+")
_NUMBER_WORD_SET = frozenset(_NUMBER_WORDS)
_NOT_BEFORE_COUNT = frozenset(".,$€£¥￥#:/+-")


# The capitalised word after a count's noun, with a joining word before it ("of the").
_NEXT_CAP = re.compile(r"[ ](?:(?:of|the|de)[ ])?([A-Z][a-z][\w'’&]*)")


def _title_word(word: str) -> bool:
    return word[:1].isupper() and word[1:] == word[1:].lower()


def _names_on(text: str, m: re.Match[str]) -> bool:
    """Whether a number word and its noun, both in title case, are the start of a longer
    name ("Three Rivers Hotel", "Seven Seas Cruises"): another capitalised word, no common
    one, follows the noun. "Two Adults" alone stays a count."""
    if not (_title_word(m.group("n")) and _title_word(m.group("noun"))):
        return False
    nxt = _NEXT_CAP.match(text, m.end())
    return nxt is not None and _plain(nxt.group(1)) not in _NOT_NAMES


def _overlaps(taken: bytearray, start: int, end: int) -> bool:
    """Whether a value already read takes a character of ``start:end`` (values are never
    empty, so this is whether their spans overlap)."""
    return taken.find(1, start, end) != -1


#: A name in a run of capitalised words: start and end (from the run's start), value, spellings.
_NamePart = tuple[int, int, str, tuple[str, ...]]


def _name_parts(text: str, m: re.Match[str]) -> tuple[_NamePart, ...]:
    """The names a run of capitalised words states (:func:`_proper_name`, cut by
    :func:`_possessive_parts`): ``(start, end, value, spellings)`` of each, with offsets
    from the run's start. Remembered: they depend on the run's words, on a title before
    them and on whether the run opens a sentence, and names recur across answers."""
    start = m.start()
    title = _TITLES.match(text, start) if text[start] in _TITLE_INITIALS else None
    key = (
        m.group(),
        title.end() - start if title is not None else -1,
        title is None
        and _opens_sentence(text, start)
        and not _NAME_LIST.match(text, m.end())
        and not _after_label(text, start, m.end()),
    )
    parts = _NAME_PARTS.get(key)
    if parts is None:
        if len(_NAME_PARTS) > _NAME_PARTS_KEPT:
            _NAME_PARTS.clear()
        span = _proper_name(text, m, key[2])
        found: list[_NamePart] = []
        if span is not None:
            for lo, hi in _possessive_parts(text, *span):
                value = text[lo:hi]
                found.append((lo - start, hi - start, value, _name_forms(value)))
        parts = _NAME_PARTS[key] = tuple(found)
    return parts


# A label opening its line, up to where its value starts: "Departure: ", "- **Hotel:** ",
# "Arrival Airport: " (one to four words, no sentence's end in them).
_LABEL_THEN = re.compile(
    r"[A-Za-z][\w'’/&-]*(?:[ ][\w'’/&()-]+){0,3}(?:\*\*|__)?:(?:\*\*|__)?[ \t]+\Z"
)


def _after_label(text: str, at: int, end: int) -> bool:
    """Whether the run of capitalised words from ``at`` to ``end`` is the whole value of a
    label opening its line ("Departure: Paris (CDG)", "Location: Basel"): the colon ends the
    label, not a sentence, so the run is no sentence's first word and a place or person it
    names is a name like any other. A value that goes on as a sentence ("**SkyWings
    Airlines:** Departs June 15th at ...") opens one: only a run the line's end, a bracket,
    a comma or a dash follows is the label's value; and one word in -ed or -ing is a state
    the label reports ("Status: Confirmed"), read as before."""
    line_start = text.rfind("\n", 0, at) + 1
    opening = _LINE_OPENING.match(text, line_start)
    begin = opening.end() if opening is not None else line_start
    if at - begin > 48 or _LABEL_THEN.match(text, begin, at) is None:
        return False
    if " " not in text[at:end] and text[at:end].endswith(("ed", "ing")):
        return False  # a state ("Status: Confirmed", "Pending"), no place or person
    return _VALUE_ENDS.match(text, end) is not None


# What may follow a label's whole value on its line: the line's end, a code or note in
# brackets ("Paris (CDG)"), a comma or a dash before more.
_VALUE_ENDS = re.compile(r"[ \t]*(?:\n|\Z|\(|,|[-–—][ \t])|[*_]{1,3}[ \t]*(?:\n|\Z)")


# The rest of a list of capitalised words after its first ("John, Mike, or Sarah"): a word
# opening a sentence that heads such a list is a name like the others, not the sentence's.
_NAME_LIST = re.compile(r"(?:,[ ][A-Z][\w'’]*)+,?[ ](?:or|and)[ ][A-Z]")
# _name_parts by (run, title length or -1, opens a sentence), at most this many.
_NAME_PARTS: dict[tuple[str, int, bool], tuple[_NamePart, ...]] = {}
_NAME_PARTS_KEPT = 4096


def _proper_name(text: str, m: re.Match[str], opens: bool) -> tuple[int, int] | None:
    """The span of the proper name a run of capitalised words states, or ``None``: the
    words that open a sentence (``opens``: the run does) or are common words are dropped
    from its ends."""
    start, end = m.span()
    title = _TITLES.match(text, start) if text[start] in _TITLE_INITIALS else None
    at = title.end() if title is not None else start
    words = text[at:end].split(" ")
    # Common words at either end ("The", "I", "Monday") are no part of the name.
    i, j = 0, len(words)
    while i < j and (_common(words[i]) or _PLURAL_CAPS.fullmatch(words[i])):
        i += 1
    while j > i and (_common(words[j - 1]) or _PLURAL_CAPS.fullmatch(words[j - 1])):
        j -= 1
    if j - i == 1 and _plain(words[i]) in _PEOPLES:
        return None  # "American restaurants": an adjective, not a name
    if i == 1 and j - i >= 2 and _plain(words[0]) in _NUMBER_WORDS and _title_word(words[0]):
        i = 0  # a name opening with a number word in title case ("Three Rivers Hotel")
    if i == j:
        return None
    if i == j - 1 and any(_plain(w) in _NUMBER_WORDS for w in words[:i]):
        return None  # "One Way", "Two Adults": a count in title case, its noun no name
    if opens and i == 0 and j > 1 and _plain(words[0]) in _OPENERS:
        i = 1  # "Contact EE and quote ...": the sentence's verb, then the name
        while i < j and _plain(words[i]) in _NOT_NAMES:
            i += 1  # "Check the EOB"
    if j - i == 1 and opens and i == 0:
        return None  # one capitalised word opening a sentence: any word is
    lo = at
    for w in words[:i]:
        lo += len(w) + 1
    hi = lo + len(words[i])
    for w in words[i + 1 : j]:
        hi += len(w) + 1
    while hi > lo and text[hi - 1] in "'’":
        hi -= 1  # a closing single quote ('Justin')
    if hi - lo < 2 or _common(text[lo:hi]):
        return None
    return lo, hi


def _possessive_parts(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """A name's span cut at each possessive: "Tesla's Wheel" is Tesla and a Wheel, not one
    name, and "Sophia's" is Sophia; a part left a common word is dropped."""
    parts: list[tuple[int, int]] = []
    start = at = lo
    for word in text[lo:hi].split(" "):
        at += len(word)
        if at < hi and word.endswith(("'s", "’s")):
            parts.append((start, at - 2))  # the name without its possessive
            start = at + 1
        at += 1
    if text[start:hi].endswith(("'s", "’s")):
        hi -= 2  # "Sophia's": the name is Sophia
    parts.append((start, hi))
    return [(a, b) for a, b in parts if b - a >= 2 and not _common(text[a:b])]


def _plain(word: str) -> str:
    """A word lower-cased, its curly apostrophes straight (``I’ll`` is ``i'll``)."""
    return word.lower().replace("’", "'")


def _common(word: str) -> bool:
    """Whether a word is no part of a name: a common word, or common words a hyphen joins
    (a range of days or months, "Tuesday-Sunday", "April-October"; a date's format,
    "YYYY-MM-DD")."""
    plain = _plain(word)
    if plain in _NOT_NAMES:
        return True
    if plain[-1:] == "s" and plain[:-1] in WEEKDAY_NAMES:
        return True  # "meets on Tuesdays and Thursdays": days of the week, no name
    return "-" in plain and all(part in _NOT_NAMES for part in plain.split("-"))


def _held_in_two(value: str, held: Held) -> bool:
    """Whether a run of capitalised words is two held values side by side: "Tesla Model X"
    (a manufacturer and a model field), "Contact Tesla Service" (the verb opening a
    sentence, and a held name), "UCLA Drop". Each part is held as a name (a possessive
    stripped); a part that is only a connecting word does not count."""
    words = value.split(" ")
    for i in range(1, len(words)):
        left, right = words[:i], words[i:]
        while left and left[-1].lower() in _CONNECTORS:
            left = left[:-1]  # "Accept the | Ticketmaster": the connector joins, it is no part
        while right and right[0].lower() in _CONNECTORS:
            right = right[1:]
        if not left or not right:
            continue
        if all(held("name", _strip_possessive(" ".join(part))) for part in (left, right)):
            return True
    return False


_CONNECTORS = frozenset(["of", "the", "de", "van", "von", "and", "&"])

#: Codes in capitals joined by hyphens or slashes: a route, "BOS-DEN", "JFK/SEA".
_JOINED_CODES = re.compile(r"[A-Z][A-Z0-9]{1,4}(?:[-/][A-Z][A-Z0-9]{1,4})+")


def _codes_held(value: str, held: Held) -> bool:
    """Whether a "name" is held codes joined: "BOS-DEN" (a route from a reservation's
    ``origin`` and ``destination``), each part held as an id."""
    if _JOINED_CODES.fullmatch(value) is None:
        return False
    return all(held("id", part) for part in re.split(r"[-/]", value))


def _strip_possessive(part: str) -> str:
    return part[:-2] if part.endswith(("'s", "’s")) else part


def _opens_sentence(text: str, at: int) -> bool:
    i = at - 1
    while i >= 0 and text[i] in " \t\ufe0f":  # an emoji's variation selector too ("▶️ Next")
        i -= 1
    if i > 0 and text[i] == ")":
        return _list_marker(text, i)
    if i >= 0 and text[i] in "–—":
        # a dash opens a sentence as a bullet at its line's start ("– Show the code"),
        # not between two names ("Paris – Lyon")
        j = i - 1
        while j >= 0 and text[j] in " \t":
            j -= 1
        return j < 0 or text[j] == "\n"
    if i >= 0 and not text[i].isascii() and unicodedata.category(text[i]) == "So":
        return True  # after an emoji or a tree's box-drawing lines ("❌ Always", "└─ Sets")
    return i < 0 or text[i] in _SENTENCE_START or text[i].isdigit()


def _list_marker(text: str, close: int) -> bool:
    """Whether the ``)`` at ``close`` ends a list item's marker at the start of its line
    ("6) Therefore, ...", "(a) Check ..."), not a parenthesis closing a name."""
    j = close - 1
    while j >= 0 and close - j <= 3 and text[j].isalnum():
        j -= 1
    if j == close - 1:
        return False
    if j >= 0 and text[j] == "(":
        j -= 1
    while j >= 0 and text[j] in " \t":
        j -= 1
    return j < 0 or text[j] == "\n"


def _name_forms(value: str) -> tuple[str, ...]:
    forms = [value]
    for end in ("'s", "’s"):
        if value.endswith(end):
            forms.append(value[: -len(end)])
    forms.extend([f.replace(" ", "-") for f in forms if " " in f])
    forms.extend([f.replace(" ", "_") for f in forms if " " in f and "-" not in f])
    return tuple(dict.fromkeys(forms))


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


def _month_year(text: str, run: re.Match[str]) -> tuple[int, int, tuple[str, ...]] | None:
    """``(start, end, spellings)`` of "January 2026" or "Mar. 2024" at a run of four digits
    (a year, 1900-2099, after a month's name), or ``None``: a date stated to the month."""
    start, end = run.span()
    if end - start != 4 or (end < len(text) and (text[end].isalnum() or text[end] in "-/")):
        return None
    year = int(run.group())
    before = _MONTH_BEFORE.search(text, max(0, start - 12), start)
    if before is None or not 1900 <= year <= 2099:
        return None
    month = _MONTHS[before.group(1).lower()]
    name = MONTH_NAMES[month - 1].capitalize()
    forms = (
        f"{year}-{month:02d}",
        f"{name} {year}",
        f"{name[:3]} {year}",
        f"{month:02d}/{year}",
        f"{month}/{year}",
        f"{year}年{month}月",
    )
    return before.start(), end, forms


def ungrounded(text: str | None, known: str | Held) -> list[Claim]:
    """The claims of ``text`` that what the agent read before (tool results, user and
    system messages) holds in none of their spellings. ``known`` is that text, or a
    :data:`Held` function."""
    if not text:
        return []
    if isinstance(known, str):
        low = known.lower()
        squeezed: list[str] = []  # squeeze(low), worked out on the first name that needs it

        def in_text(kind: str, form: str) -> bool:
            if kind == "count":
                return count_in(form, low)
            if kind == "duration" and (
                duration_in_fields(form, low)
                or duration_in_text(form, low)
                or (spoken_length(form) is not None and duration_of(form, durations_in(known)))
            ):
                return True
            if kind == "amount" and (
                amount_in_text(form, low) or minor_units_held(form, minor_amounts_in(known))
            ):
                return True
            if kind == "time" and (
                time_in_text(form, low) or _line_in(form, epoch_clocks_in(known))
            ):
                return True
            if kind == "date" and (
                date_in_text(form, low)
                or date_from_held(form, low, low)
                or form.lower() in epoch_days_in(known)
            ):
                return True
            if code_of_letters(kind, form):
                return in_words(form.lower(), low) or initials_in(form, known)
            if kind == "amount" and is_amount_form(form):
                return number_in(form, low)
            if form.lower() in low:
                return True
            if kind != "name":
                return False
            if not squeezed:
                squeezed.append(squeeze(low))
            return name_squeezed_in(form, squeezed[0]) or initials_in(form, known)

        return claims(text, in_text)
    return claims(text, known)


# An amount's plain form ("12", "184.99", "1,200").
_AMOUNT_FORM = re.compile(r"\d[\d,]*(?:\.\d+)?")


def is_amount_form(form: str) -> bool:
    """Whether ``form`` is an amount's plain number ("12", "184.99", "1,200")."""
    return _AMOUNT_FORM.fullmatch(form) is not None


def number_in(number: str, text: str) -> bool:
    """Whether ``text`` holds ``number`` as a number of its own: not inside a longer number
    or an ASCII word ("12" is not in "SKU88120", "2012" or "12345"; it is in "库存12件" and
    "12.5")."""
    if number not in text:
        return False
    return _own_number(number).search(text) is not None


@lru_cache(maxsize=1024)
def _own_number(number: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![0-9A-Za-z_])(?<![0-9]\.){re.escape(number)}(?![0-9A-Za-z_])")


def code_of_letters(kind: str, form: str) -> bool:
    """Whether an id is a code of letters alone ("DUB", "SFO"): held only as a word of its
    own, since a word may spell it inside ("Dublin" holds "dub", not the airport's code),
    or as the initials of a name held in full (:func:`initials_in`)."""
    return kind == "id" and form.isascii() and form.isalpha()


@lru_cache(maxsize=256)
def _initials_pattern(form: str) -> re.Pattern[str]:
    # Each capital opens a word of the name, "of", "the" or "and" may join two words.
    words = r"[ ](?:(?:of|the|and|de)[ ])?".join(f"{c}[a-z]+" for c in form)
    return re.compile(rf"(?<![\w]){words}(?![\w])")


def initials_in(form: str, text: str) -> bool:
    """Whether ``text`` (in its own case) holds a name whose words' initials spell ``form``,
    two to five capitals: "United Kingdom" for "UK", "United States of America" for "USA",
    the same place in its initials."""
    if not (2 <= len(form) <= 5 and form.isascii() and form.isalpha() and form.isupper()):
        return False
    return _initials_pattern(form).search(text) is not None


# What "any spacing" leaves out of a name: spaces, hyphens, underscores ("Save Changes",
# "save-changes", "save_changes", "SaveChanges").
_SPACING = re.compile(r"[\s_-]+")
# The ASCII characters _SPACING matches (the str pattern's \s: what str.isspace() holds,
# 0x1c-0x1f among them): deleting them from ASCII bytes is one C table pass, about twenty
# times faster than the regex on a large result (squeeze runs over every result a trace
# read once a name is not found as spelled).
_ASCII_SPACING = bytes(c for c in range(128) if chr(c).isspace() or chr(c) in "_-")
#: Fewest characters a name keeps once squeezed (:func:`squeeze`) for it to be looked up
#: so: a short one would be found across the words of any text.
SQUEEZED_MIN = 6


def squeeze(text: str) -> str:
    """``text`` lower-cased without spaces, hyphens or underscores: where a name is looked
    up in any case or spacing."""
    low = text.lower()
    if low.isascii():  # a flag CPython keeps: no scan
        return low.encode("ascii").translate(None, _ASCII_SPACING).decode("ascii")
    return _SPACING.sub("", low)


def name_squeezed_in(form: str, squeezed: str) -> bool:
    """Whether a name is in ``squeezed`` (a text :func:`squeeze` made) in any case or spacing:
    "Save Changes" in a result's ``saveChanges`` or ``SAVE_CHANGES``; only a name of
    :data:`SQUEEZED_MIN` characters or more once squeezed, and one with a separator or a
    capital inside it (a single plain word is looked up as it is)."""
    if not (" " in form or "-" in form or "_" in form or any(c.isupper() for c in form[1:])):
        return False
    want = squeeze(form)
    return len(want) >= SQUEEZED_MIN and want in squeezed


# The record's own date: "Today's date is Thursday, 2023-11-30", "The current time is
# 2024-05-15 15:00:00" (a system prompt's, lower-cased).
_TODAY = re.compile(
    r"(?:today(?:'s date)?|(?:the )?current (?:date|time|date and time)) is\s+"
    r"(?:[a-z]+,?\s+)?(\d{4})-(\d{2})-(\d{2})"
)
_RELATIVE_DAY = re.compile(
    r"(?<![a-z])(?:(next|last|this|coming)\s+)?(tomorrow|yesterday|today|"
    + "|".join(WEEKDAY_NAMES)
    + r")(?![a-z])"
)
_ISO_FORM = re.compile(r"^(\d{4})?-(\d{2})-(\d{2})$")


def date_in_text(form: str, low: str) -> bool:
    """Whether lower-cased ``low`` holds a date as a day named relative to the record's
    own date ("tomorrow", "Wednesday", "next Friday" when it also says "today's date is
    2023-11-30"): the day named, counted from that date. A weekday may be the one before
    or after it (and "next" the one a week later). ``form`` is a date's ISO spelling
    (``YYYY-MM-DD`` or ``-MM-DD``); other forms are not looked at."""
    spelled = _ISO_FORM.match(form)
    if spelled is None or "day" not in low:
        return False
    today = _TODAY.search(low)
    if today is None:
        return False
    try:
        now = date(int(today.group(1)), int(today.group(2)), int(today.group(3)))
    except ValueError:
        return False
    said = low[: today.start()] + low[today.end() :]  # its own weekday names no other day
    for m in _RELATIVE_DAY.finditer(said):
        word, which = m.group(2), m.group(1)
        if word in ("tomorrow", "yesterday", "today"):
            days = [{"tomorrow": 1, "yesterday": -1, "today": 0}[word]]
        else:
            # The weekday's next and last dates; "next Friday" may also be the one after.
            ahead = (WEEKDAY_NAMES.index(word) - now.weekday()) % 7 or 7
            days = {
                None: [ahead, ahead - 7],
                "this": [ahead, ahead - 7],
                "next": [ahead, ahead + 7],
                "coming": [ahead, ahead + 7],
                "last": [ahead - 7],
            }[which]
        for n in days:
            day = now + timedelta(days=n)
            if (int(spelled.group(2)), int(spelled.group(3))) == (day.month, day.day) and (
                spelled.group(1) is None or int(spelled.group(1)) == day.year
            ):
                return True
    return False


# A date as a lower-cased text writes it: "2025-06-15", "june 15th, 2025", "jun 15".
_HELD_DATE = re.compile(
    r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)"
    rf"|(?<![a-z])({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?![\d:])(?:,?\s+(\d{{4}})(?!\d))?"
)
# A number of nights or days ("5 nights", "a 3-day stay"): what a stay or a rental lasts.
_HELD_DAYS = re.compile(r"(?<![\w.])(\d{1,2})[\s-]?(nights?|days?|weeks?)(?![a-z])")
# A move by days in words ("a day later", "two days earlier", "the next day"): a date the
# agent works out from a held one when the user asks to shift it.
_SHIFT_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_HELD_SHIFT = re.compile(
    r"(?<![a-z])(?:(a|one|two|three|four|five|six|seven|\d{1,2}) (days?|weeks?) (later|after|earlier|before|sooner)"
    r"|the (next|following|previous) day|the day (after|before))(?![a-z])"
)
_SAID_WEEKDAY = re.compile(r"(?<![a-z])(" + "|".join(WEEKDAY_NAMES) + r")(?![a-z])")
# The longest span of held dates a weekday is read in: a trip's, a booking's (a weekday
# must also fall once in it).
_SPAN_DAYS = 31


@lru_cache(maxsize=16)
def _held_dates(low: str) -> tuple[tuple[tuple[int, int, int | None], ...], frozenset[int]]:
    """The (month, day, year or None) of each date ``low`` spells, and the numbers of days
    its lengths in nights, days or weeks give. Cached: an answer's dates are checked
    against the same texts, read once."""
    found: list[tuple[int, int, int | None]] = []
    for m in _HELD_DATE.finditer(low):
        if m.group(1):
            found.append((int(m.group(2)), int(m.group(3)), int(m.group(1))))
        else:
            year = m.group(6)
            found.append((_MONTHS[m.group(4)], int(m.group(5)), int(year) if year else None))
    lengths = {
        int(m.group(1)) * (7 if m.group(2).startswith("week") else 1)
        for m in _HELD_DAYS.finditer(low)
    }
    lengths.update(map(_shift_days, _HELD_SHIFT.finditer(low)))
    return tuple(found), frozenset(lengths)


def _shift_days(m: re.Match[str]) -> int:
    """The days a move in words gives, earlier ones negative ("two days earlier": -2)."""
    if m.group(1):
        n = _SHIFT_WORDS.get(m.group(1)) or int(m.group(1))
        n *= 7 if m.group(2).startswith("week") else 1
        back = m.group(3) in ("earlier", "before", "sooner")
    else:
        back = (m.group(4) or m.group(5)) in ("previous", "before")
        n = 1
    return -n if back else n


def date_from_held(form: str, said: str, low: str) -> bool:
    """Whether a date follows from dates the record holds, with no date of the record's
    own: a weekday the user named (``said``) that falls once inside the span of the held
    dates ("this Saturday" on a June 15-22, 2025 trip: June 21st), or a held date moved by
    a number of nights, days or weeks the record holds (June 15th "for 5 nights": a
    check-out on June 20th), or a move the user asked for in words (a trip on May 18th
    moved "a day later": May 19th). ``said`` and ``low`` are what the user and system said and
    what the results hold, lower-cased (``low`` may be ``said`` again); ``form`` is the
    date's ISO spelling (``YYYY-MM-DD`` or ``-MM-DD``): other forms are not looked at."""
    spelled = _ISO_FORM.match(form)
    if spelled is None:
        return False
    month, day = int(spelled.group(2)), int(spelled.group(3))
    year = int(spelled.group(1)) if spelled.group(1) else None
    read = [_held_dates(said)] if low is said else [_held_dates(said), _held_dates(low)]
    held = [d for dates, _ in read for d in dates]
    if not held:
        return False
    # A held date moved by a held length in days: the year does not change the sum.
    lengths = {n for _, ns in read for n in ns}
    for m_, d_, y_ in held:
        try:
            start = date(y_ or year or 2001, m_, d_)  # 2001: not a leap year
        except ValueError:
            continue
        for n in lengths:
            end = start + timedelta(days=n)
            if (end.month, end.day) == (month, day) and (
                year is None or y_ is None or end.year == year
            ):
                return True
    named = {m.group(1) for m in _SAID_WEEKDAY.finditer(said)}
    known = [date(y_, m_, d_) for m_, d_, y_ in held if y_ is not None and _valid(y_, m_, d_)]
    if not named or not known:
        return False
    first, last = min(known), max(known)
    if (last - first).days > _SPAN_DAYS:
        return False
    for y_ in {year} if year else {first.year, last.year}:
        if not _valid(y_, month, day):
            continue
        when = date(y_, month, day)
        if not first <= when <= last or WEEKDAY_NAMES[when.weekday()] not in named:
            continue
        # The one day of that weekday in the span: in a longer one the user's weekday
        # may be either week's.
        if when - timedelta(days=7) < first and when + timedelta(days=7) > last:
            return True
    return False


def _valid(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def duration_in_fields(form: str, low: str) -> bool:
    """Whether lower-cased ``low`` holds a duration's number as the value of a field
    named by its unit: "29 months" in ``service_months: 29``, "13 days" in
    ``"days_remaining": 13``, "1,568 hours" in ``hours_in_period: 1568``, "60 years" in
    ``"age": 60``; or holds a word that names it ("2 weeks" for "fortnight", "30 minutes"
    for "half an hour")."""
    low_form = form.lower()
    for word, meant in _DURATION_WORDS:
        if low_form in meant and word in low:
            return True
    m = _DURATION_FORM.match(low_form)
    if m is None:
        return False
    number, unit = m.group(1).replace(",", ""), m.group(2).split()[-1]
    stem = unit[:-1] if unit.endswith("s") and len(unit) > 3 else unit
    # A Chinese unit names its field in English ("24小时" in "sla_hours": 24).
    stem = _UNIT_STEMS.get(stem, stem)
    if not stem.isascii():
        return False
    # An age is counted in years: "age": 60 holds "60 years (old)"; "page" or "usage" none.
    # Starting at a word's start only: from inside a long word the search would try every
    # position of it, each to its end (a result of one 4 MB word took minutes).
    name = rf"(?<![\w-])[\w-]*{re.escape(stem)}[\w-]*"
    if stem == "year":
        name = rf"(?:{name}|(?<![a-z0-9])(?:\w+[_-])?age(?:[_-]\w+)?)"
    pattern = _FIELD_VALUE.get(
        (stem, number),
        lambda: rf"{name}[\"']?\s*[:=]\s*[\"']?{re.escape(number)}(?:\.0+)?(?![\w.])",
    )
    return pattern.search(low) is not None


#: The English stem a field is named by, of a Chinese unit of time.
_UNIT_STEMS = {
    **dict.fromkeys(("小时", "小時", "个小时", "個小時"), "hour"),
    **dict.fromkeys(("天", "日"), "day"),
    **dict.fromkeys(("分钟", "分鐘"), "minute"),
    **dict.fromkeys(("周", "週", "星期", "个星期"), "week"),
    **dict.fromkeys(("个月", "個月"), "month"),
    "年": "year",
}

#: Minutes in a unit of a length of time spelled out or shortened ("h", "hr", "min").
_MINUTES_IN = {
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours", "小时", "小時"), 60),
    **dict.fromkeys(("m", "min", "mins", "minute", "minutes", "分钟", "分鐘"), 1),
}
# A length in hours and minutes as a result writes it: "7h 30m", "1 hr 5 min", "15-20 min".
_LENGTH = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)(?:\s?[-–]\s?(\d+(?:\.\d+)?))?\s?(h|hrs?|hours?|m|mins?|minutes?)"
    r"(?![a-z])(?:\s*(\d{1,2})\s?(?:m|mins?|minutes?)(?![a-z]))?"
)


def duration_in_text(form: str, low: str) -> bool:
    """Whether lower-cased ``low`` holds a duration in hours or minutes as another
    spelling of the same length: "7.5 hours" or "450 minutes" for "7h 30m", "6.5 hours"
    for "6h 30m", "15 minutes" for either end of "15-20 min"."""
    m = _DURATION_FORM.match(form.lower())
    if m is None:
        return False
    per = _MINUTES_IN.get(m.group(2).strip())
    if per is None or not any(c.isdigit() for c in low):
        return False
    want = Decimal(m.group(1).replace(",", "")) * per
    for held in _LENGTH.finditer(low):
        unit = _MINUTES_IN[held.group(3)]
        if held.group(4) and unit == 60:  # "7h 30m": one length
            ends = [Decimal(held.group(1)) * 60 + int(held.group(4))]
        else:
            ends = [Decimal(n) * unit for n in (held.group(1), held.group(2)) if n]
        if want in ends:
            return True
    return False


#: Field names that say their number is a percentage ("humidity": 83 holds "83%").
#: (From a word's start only, as a duration's field name: see duration_in_fields.)
_PERCENT_FIELD = r"(?<![\w-])[\w-]*(?:percent|pct|humidity|probability|chance)[\w-]*"
_PERCENT_FORM = re.compile(r"(\d+(?:\.\d+)?)\s?(?:%|percent)$")
_PERCENT_VALUE = _Patterns()


def percent_in_fields(form: str, low: str) -> bool:
    """Whether lower-cased ``low`` holds a percentage's number as the value of a field
    whose name says it is one: "83%" in ``'humidity': 83``, "40%" in
    ``"chance_of_rain": 40``, "12.5%" in ``discount_pct: 12.5``. A bare number elsewhere
    does not hold it (any "10" in a date would hold "10% off")."""
    m = _PERCENT_FORM.match(form.lower())
    if m is None:
        return False
    number = m.group(1)
    pattern = _PERCENT_VALUE.get(
        number,
        lambda: rf"{_PERCENT_FIELD}[\"']?\s*[:=]\s*[\"']?{re.escape(number)}(?:\.0+)?(?![\w.])",
    )
    return pattern.search(low) is not None


def amount_in_text(form: str, low: str) -> bool:
    """Whether lower-cased ``low`` holds an amount in a spelling other than its own
    digits: a percentage as a field that says it is one (:func:`percent_in_fields`), or
    a decimal as a longer one it rounds from (:func:`rounded_in_text`), a percentage as
    the share one field's number is of a sibling's (:func:`share_in_fields`)."""
    return percent_in_fields(form, low) or rounded_in_text(form, low) or share_in_fields(form, low)


#: What a JSON text's numbers belong to: an object or array opening or closing, or a
#: field's number (``"tax": 1``, or a Python dict's ``'tax': 1``).
_JSON_TOKEN = re.compile(
    r"""[{}\[\]]|(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*:\s*(-?\d+(?:\.\d+)?)(?![\w.])"""
)


def share_in_fields(form: str, low: str) -> bool:
    """Whether JSON text in ``low`` holds a percentage as the share one field's number is
    of another's in the same object: "10%" for ``"subtotal": 10, "tax": 1`` (an invoice's
    tax rate), "15%" for ``"subtotal": 80, "discount": 12``. Fields of nested objects or of
    other objects are not paired (an item's price is no share of the order's total), and
    the share must round to the form's own places."""
    m = _PERCENT_FORM.match(form.lower())
    if m is None or "{" not in low:
        return False
    number = m.group(1)
    places = len(number.split(".")[1]) if "." in number else 0
    want = Decimal(number)
    stack: list[list[Decimal] | None] = []  # per open object its numbers; None for an array
    for token in _JSON_TOKEN.finditer(low):
        mark = token.group()
        if mark in ("{", "["):
            stack.append([] if mark == "{" else None)
        elif mark in ("}", "]"):
            numbers = stack.pop() if stack else None
            if numbers and _a_share(numbers, want, places):
                return True
        elif stack and stack[-1] is not None:
            stack[-1].append(Decimal(token.group(1)))
    return False


def _a_share(numbers: list[Decimal], want: Decimal, places: int) -> bool:
    """Whether one of ``numbers`` is ``want`` percent of a larger one, to ``places``."""
    step = Decimal(1).scaleb(-places)
    for part in numbers:
        if part <= 0:
            continue
        for whole in numbers:
            if whole > part and (part * 100 / whole).quantize(step) == want:
                return True
    return False


#: The most items whose totals :func:`totals_in` adds, and the most passengers, nights or
#: units a total is multiplied by: a booking's or an order's size, not any product.
_TOTAL_ITEMS = 64
_TOTAL_TIMES = 9
#: A number field named as a price per unit: a fare, a rate, a price (``prices.economy``).
_PER_UNIT = re.compile(
    r"(?:^|[._])(?:prices?|fares?|rates?|costs?|unit_price)(?:$|[._])", re.IGNORECASE
)
#: Results longer than this are not parsed for totals (an amount missing from one that
#: size is no total of its lines).
_TOTAL_TEXT = 1 << 20


@dataclass(frozen=True, slots=True)
class ListArithmetic:
    """What a JSON result's lists give by arithmetic a reader does at a glance
    (:func:`totals_in`): ``totals``, each list's sums times 1 to 9, and ``columns``, each
    list's values of one number field, sorted, whose pairwise differences count too."""

    totals: frozenset[Decimal]
    columns: tuple[tuple[Decimal, ...], ...]

    def gives(
        self, value: Decimal, within: Decimal = Decimal(0), *, differences: bool = True
    ) -> bool:
        """Whether ``value`` is a total or (with ``differences``) a difference, give or
        take ``within``."""
        if value in self.totals or (within and any(abs(t - value) <= within for t in self.totals)):
            return True
        if value < 0 or not differences:
            return False
        if value == 0:
            # Two rows of one price ("the price difference is $0.00" between variants priced
            # alike): a zero difference needs two rows, not a row and itself.
            return any(
                b - a <= within for column in self.columns for a, b in itertools.pairwise(column)
            )
        # Differences are looked up, not listed: a list of 64 rows has 2,016 pairs a field.
        for column in self.columns:
            for a in column:
                i = bisect.bisect_left(column, a + value - within)
                if i < len(column) and column[i] <= a + value + within:
                    return True
        return False


NO_ARITHMETIC = ListArithmetic(frozenset(), ())


# Remembered by text: the hedge rules ask it of the latest result once per approximate
# number, and one result stays the latest across several messages of a trace.
@lru_cache(maxsize=64)
def totals_in(text: str) -> ListArithmetic:
    """The totals a JSON result's lists give by arithmetic a reader does at a glance: per
    list of objects and per number field the objects share (``price``, ``prices.economy``),
    the sum over all the list's objects, that sum times 2 to 9 (passengers, nights,
    units), and the difference between any two of the objects. A one-stop itinerary's legs
    priced 142 and 171 total 313, 626 for two; an order's items add up to what it cost; a
    product's variants priced 139.99 and 144.95 differ by 4.96 (an exchange's price
    difference, a fare difference); a field named as a price, one row's value times 2 to 9 (two
    seats at 320: 640); two fares of one price map, their difference times 1 to 9
    (:func:`_fare_steps`: a cabin upgrade). A map of objects keyed by their ids (a product's
    ``variants``) is a list too. The GUIDELINE grounds "a total of held prices"; sums of a
    list's chosen few are not made (too many coincide with any amount)."""
    found: set[Decimal] = set()
    sorted_columns: list[tuple[Decimal, ...]] = []
    for node in _json_nodes(text):
        if type(node) is dict:
            found.update(_fare_steps(node))
        items: list[Any] = list(node.values()) if type(node) is dict else node
        rows = [item for item in items[:_TOTAL_ITEMS] if type(item) is dict]
        # A map of objects keyed by their ids, not an object whose fields hold objects
        # (a reservation's ``address`` and ``name``): most of its values are objects.
        if type(node) is dict and len(rows) * 2 < len(items):
            continue
        if len(rows) < 2 and not (rows and type(node) is list):
            continue  # a list of one row (a reservation's one flight) keeps its fares' multiples
        columns: dict[str, list[Decimal]] = {}
        for row in rows:
            for key, value in _number_fields(row):
                columns.setdefault(key, []).append(value)
        for key, column in columns.items():
            if len(column) >= 2:
                total = sum(column, Decimal(0))
                found.update(total * k for k in range(1, _TOTAL_TIMES + 1))
                sorted_columns.append(tuple(sorted(column)))
            if _PER_UNIT.search(key):
                # One row's fare for each of 2 to 9 passengers, nights or units ("$640" for
                # two seats at 320): only a field named as a price, since any number times
                # a small one coincides with too many amounts.
                found.update(v * k for v in column for k in range(2, _TOTAL_TIMES + 1))
    if not found:
        return NO_ARITHMETIC
    return ListArithmetic(frozenset(found), tuple(sorted_columns))


#: The most values of one price map whose differences :func:`_fare_steps` takes (a
#: flight's cabins, a plan's tiers).
_FARE_STEPS = 6


def _fare_steps(node: dict[Any, Any]) -> Iterator[Decimal]:
    """The differences between two prices of one map named as prices (a flight's
    ``prices``: ``{"basic_economy": 98, "economy": 142}``), times 1 to 9: a cabin upgrade's
    cost for each of 1 to 9 passengers ("$44 each, $88 for both")."""
    for key, value in node.items():
        if type(value) is not dict or not _PER_UNIT.search(str(key)):
            continue
        fares = sorted({Decimal(str(v)) for v in value.values() if type(v) in (int, float)})
        if not 2 <= len(fares) <= _FARE_STEPS:
            continue
        for i, low in enumerate(fares):
            for high in fares[i + 1 :]:
                yield from ((high - low) * k for k in range(1, _TOTAL_TIMES + 1))


#: A number field named as what something costs or was paid: what a message's arithmetic
#: across results starts from (:func:`prices_in`).
_PRICE_FIELD = re.compile(
    r"(?:^|[._])(?:prices?|fares?|rates?|costs?|amounts?|totals?|balances?|unit_price)(?:$|[._])",
    re.IGNORECASE,
)


def _json_nodes(text: str) -> Iterator[Any]:
    """Every list and object of a JSON result, each once, a container before what it holds;
    nothing for a text that is not JSON or longer than the arithmetic reads
    (:func:`totals_in`, :func:`prices_in` and :func:`durations_in` walk results with it)."""
    if len(text) > _TOTAL_TEXT or not text.lstrip().startswith(("[", "{")):
        return
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return
    stack: list[Any] = [doc]
    while stack:
        node = stack.pop()
        if type(node) is list:
            stack.extend(node)
        elif type(node) is dict:
            stack.extend(node.values())
        else:
            continue
        yield node


#: A field holding money, for amounts in minor units (``"amount": 18499`` beside
#: ``"currency": "USD"``, a bill's ``total``, a plan's ``monthly_fee``, a balance's
#: ``available``).
MONEY_FIELD = re.compile(
    r"(?:^|[._])(?:prices?|fares?|rates?|costs?|amounts?|totals?|balances?|fees?|charges?|"
    r"available|refunds?|credits?|subtotal|tax|paid|cents|minor)(?:$|[._])",
    re.IGNORECASE,
)


@lru_cache(maxsize=64)
def minor_amounts_in(text: str) -> frozenset[int]:
    """The whole numbers a JSON result holds in money fields (:data:`MONEY_FIELD`): an
    amount stated with its cents, "$184.99", is held by ``18499`` in such a field, as
    payment APIs write amounts in minor units (issue 16's retail orders)."""
    found: set[int] = set()
    for node in _json_nodes(text):
        if type(node) is dict:
            for key, value in node.items():
                if type(value) is int and value > 0 and MONEY_FIELD.search(str(key)):
                    found.add(value)
    return frozenset(found)


_WHOLE_OR_CENTS = re.compile(r"\d+(?:\.\d\d)?")


def minor_units_held(form: str, minor: frozenset[int]) -> bool:
    """Whether an amount's plain form ("184.99", "35") is held in minor units."""
    if not minor or _WHOLE_OR_CENTS.fullmatch(form) is None:
        return False
    return int(Decimal(form) * 100) in minor


#: Epoch seconds from 2000 to 2100 (milliseconds are a thousand times these).
EPOCH_LOW, EPOCH_HIGH = 946_684_800, 4_102_444_800
#: Keys whose whole numbers are no times though they fall in that range.
NOT_A_TIME = re.compile(
    r"(?:^|[._])(?:id|ids|phone|number|msisdn|code|zip)(?:$|[._])|_id$", re.IGNORECASE
)


def _line_in(form: str, lines: str) -> bool:
    """Whether ``form`` is one whole line of ``lines``."""
    return bool(lines) and form in lines.split("\n")


@lru_cache(maxsize=64)
def epoch_days_in(text: str) -> str:
    """The UTC days (``2024-05-20``, one a line) of the epoch times a JSON result holds, in
    seconds or milliseconds under any key but an id's (``"delivered_at": 1716217320``):
    what an answer reads back as "May 20, 2024"."""
    days: list[str] = []
    for node in _json_nodes(text):
        if type(node) is not dict:
            continue
        for key, value in node.items():
            if type(value) is not int or NOT_A_TIME.search(str(key)):
                continue
            seconds = value // 1000 if value >= EPOCH_HIGH * 10 else value
            if EPOCH_LOW <= seconds < EPOCH_HIGH:
                days.append((date(1970, 1, 1) + timedelta(seconds=seconds)).isoformat())
    return "\n".join(days)


# Remembered by text, like totals_in: the results of a trace are read once each.
@lru_cache(maxsize=64)
def prices_in(text: str) -> frozenset[Decimal]:
    """The numbers a JSON result holds in fields named as a price, fare, rate, cost, amount,
    total or balance, at any depth (a reservation's ``flights[].price``, a search's
    ``prices.economy``)."""
    found: set[Decimal] = set()
    for node in _json_nodes(text):
        if type(node) is dict:
            found.update(v for key, v in _number_fields(node) if _PRICE_FIELD.search(key))
    return frozenset(found)


def worked_amount(value: Decimal, stated: Iterable[Decimal], held: Collection[Decimal]) -> bool:
    """Whether ``value`` is the difference or the sum of an amount the same message states
    (``stated``, each grounded) and another it states or a result's price holds (``held``):
    "Business class is $455, and you paid $118, so the upgrade costs $337", or "The economy
    fare is $171, so the upgrade costs about $53" after a reservation's fare of 118 (the
    GUIDELINE's arithmetic the message shows). The arithmetic starts from what the message
    states, so a price no sentence names adds no coincidences of its own."""
    for a in stated:
        if a == value:
            continue
        for b in (a - value, value - a, value + a):
            if b > 0 and b != a and b in held:
                return True
    return False


#: A time of day as a result writes it ("06:00:00", "14:30"), alone or after an ISO date,
#: with its zone's offset or none ("2024-05-01T22:00:00-04:00", "…T12:30:00Z").
_TIME_OF_DAY = re.compile(
    r"(?:(\d{4})-(\d{2})-(\d{2})[T ])?([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?"
    r"(Z|([+-])(\d{2}):?(\d{2}))?"
    # a next day's arrival marked after the time ("01:10:00+1"): read as a bare time, which
    # :func:`_minutes_between` already takes to the next day when it is the earlier clock
    r"(?:\+1)?"
)
#: The most time fields of one object whose differences :func:`durations_in` takes.
_CLOCK_FIELDS = 8
_DAY_MINUTES = 24 * 60


class _Clock(NamedTuple):
    """A time a result gives: its day (a proleptic ordinal) when dated, its minute of the
    day, and its zone's offset in minutes when given."""

    day: int | None
    minute: int
    offset: int | None


def _clock(m: re.Match[str]) -> _Clock | None:
    """The time a :data:`_TIME_OF_DAY` match gives, or None for a date no calendar has."""
    day = None
    if m.group(1):
        try:
            day = date(int(m.group(1)), int(m.group(2)), int(m.group(3))).toordinal()
        except ValueError:
            return None
    offset = None
    if m.group(6) == "Z":
        offset = 0
    elif m.group(6):
        offset = (int(m.group(8)) * 60 + int(m.group(9))) * (-1 if m.group(7) == "-" else 1)
    return _Clock(day, int(m.group(4)) * 60 + int(m.group(5)), offset)


def _minutes_between(a: _Clock, b: _Clock) -> int:
    """The minutes from ``a`` to ``b``: exact when both are dated (across days, in either
    order), the next day's when a bare time of day is earlier; zones count when both
    give one (10:00 +02:00 to 12:30 Z is 4 h 30), else the clocks are read as written."""
    start, end = a.minute, b.minute
    if a.offset is not None and b.offset is not None:
        start, end = start - a.offset, end - b.offset
    if a.day is not None and b.day is not None:
        return abs((b.day - a.day) * _DAY_MINUTES + end - start)
    return (end - start) % _DAY_MINUTES


# Remembered by text, like totals_in: a result stays the latest across several messages.
@lru_cache(maxsize=64)
def durations_in(text: str) -> frozenset[int]:
    """The lengths of time, in minutes, between two times one object of a JSON result
    gives (a flight's ``scheduled_departure_time_est`` "06:00:00" and its arrival
    "08:40:00": 160), and of a journey a short list of such objects makes, leg after leg
    (:func:`_connection_lengths`). Times after ISO dates are read exactly, across days and
    zones ("2024-05-01T22:00:00-04:00" to "2024-05-02T12:30:00+02:00": 510); of a bare time
    of day, an arrival earlier than the departure is the next day's."""
    found: set[int] = set()
    for node in _json_nodes(text):
        if type(node) is list:
            if 2 <= len(node) <= _LEGS:
                found.update(n for n in _connection_lengths(node) if n)
            continue
        clocks = _clocks(node)
        if not 2 <= len(clocks) <= _CLOCK_FIELDS:
            continue
        for i, a in enumerate(clocks):
            for b in clocks[i + 1 :]:
                length = _minutes_between(a, b)
                if length:
                    found.add(length)
    return frozenset(found)


#: The most records a list may hold to be read as the legs of one journey.
_LEGS = 4


def _clocks(node: dict[Any, Any]) -> list[_Clock]:
    """The times an object's fields give (:func:`_clock`, and epoch times read in UTC:
    a flight's ``"departs_at": 1718190000``), in field order."""
    clocks: list[_Clock] = []
    for key, value in node.items():
        if type(value) is str and len(value) <= 32:
            m = _TIME_OF_DAY.fullmatch(value)
            clock = _clock(m) if m is not None else None
            if clock is not None:
                clocks.append(clock)
        elif type(value) is int:
            seconds = _epoch_seconds(key, value)
            if seconds is not None:
                day, rest = divmod(seconds, 86400)
                clocks.append(_Clock(_EPOCH_ORDINAL + day, rest // 60, 0))
    return clocks


#: The proleptic ordinal of 1970-01-01, the day epoch times count from.
_EPOCH_ORDINAL = date(1970, 1, 1).toordinal()


def _epoch_seconds(key: Any, value: int) -> int | None:
    """The epoch seconds a whole number under ``key`` gives (milliseconds read as seconds),
    or None when it is no time: out of 2000-2100, or under an id's or a phone's key."""
    if NOT_A_TIME.search(str(key)):
        return None
    seconds = value // 1000 if value >= EPOCH_HIGH * 10 else value
    return seconds if EPOCH_LOW <= seconds < EPOCH_HIGH else None


@lru_cache(maxsize=64)
def epoch_clocks_in(text: str) -> str:
    """The UTC times of day (``14:00``, one a line) of the epoch times a JSON result holds,
    as :func:`epoch_days_in` reads them: what an answer reads back as "2:00 PM"."""
    clocks: list[str] = []
    for node in _json_nodes(text):
        if type(node) is not dict:
            continue
        for key, value in node.items():
            seconds = _epoch_seconds(key, value) if type(value) is int else None
            if seconds is not None:
                rest = seconds % 86400
                clocks.append(f"{rest // 3600:02d}:{rest % 3600 // 60:02d}")
    return "\n".join(clocks)


def _chained(first: dict[Any, Any], then: dict[Any, Any]) -> bool:
    """Whether ``then`` starts where ``first`` ends: a text value of one field of ``first``
    is the value of another field of ``then`` (a leg's destination "ATL" the next leg's
    origin). The same field holding the same value (two flights from one airport) is no
    chain."""
    ends = {v: k for k, v in first.items() if type(v) is str and v}
    return any(type(v) is str and ends.get(v, k) != k for k, v in then.items())


def _connection_lengths(legs: list[Any]) -> Iterator[int]:
    """The lengths of a journey whose legs a short list holds in order, each leg an object
    with its times and starting where the one before ends (a one-stop search's pair of
    flights): the whole journey, first departure to last arrival, and each wait between
    two legs (a layover), in minutes. A list of flights that do not chain gives nothing."""
    if any(type(leg) is not dict for leg in legs):
        return
    clocks = [_clocks(leg) for leg in legs]
    if any(not 2 <= len(c) <= _CLOCK_FIELDS for c in clocks):
        return
    if not all(_chained(a, b) for a, b in pairwise(legs)):
        return
    yield _minutes_between(clocks[0][0], clocks[-1][-1])
    for before, after in pairwise(clocks):
        yield _minutes_between(before[-1], after[0])


#: A length of time in hours and minutes as an answer states it: "2 hours and 40 minutes",
#: "2h 40m", "2.5 hours", "160 minutes", "2 hrs".
_SPOKEN_LENGTH = re.compile(
    r"(\d+(?:\.\d+)?)\s?(?:hours?|hrs?|h|(?:个|個)?(?:小时|小時|钟头|鐘頭))(?![a-z])"
    r"(?:,?\s*(?:and\s+)?(\d{1,2})\s?(?:minutes?|mins?|m|分钟|分鐘|分)(?![a-z]))?"
    r"|(\d+)\s?(?:minutes?|mins?|分钟|分鐘)(?![a-z])"
    # Chinese "three and a half hours" ("3个半小时"), written to the half hour
    r"|(\d+)(?:个|個)半(?:小时|小時|钟头|鐘頭)",
    re.IGNORECASE,
)


def spoken_length(text: str, pos: int = 0) -> str | None:
    """The length of time in hours or minutes ``text`` states at ``pos`` ("2 hours and 40
    minutes", "2h 40m", "160 minutes", "3小时40分钟", "3个半小时"), as written, or None."""
    m = _SPOKEN_LENGTH.match(text, pos)
    return m.group() if m else None


def _spoken_minutes(form: str) -> tuple[Decimal, Decimal] | None:
    """A stated length of time in minutes, and the step it is written to (60 for whole
    hours, 6 for "2.5 hours", 30 for "3个半小时", 1 with minutes), or None."""
    m = _SPOKEN_LENGTH.match(form)
    if m is None:
        return None
    if m.group(3):
        return Decimal(m.group(3)), Decimal(1)
    if m.group(4):
        return Decimal(m.group(4)) * 60 + 30, Decimal(30)
    hours = Decimal(m.group(1))
    if m.group(2):
        return hours * 60 + int(m.group(2)), Decimal(1)
    step = Decimal(60) if hours == hours.to_integral_value() else Decimal(6)
    return hours * 60, step


def duration_of(form: str, durations: frozenset[int]) -> bool:
    """Whether a stated length of time (``"2 hours and 40 minutes"``) is one of
    ``durations`` (minutes), to the precision it is written in ("3 hours" for 2:40)."""
    spoken = _spoken_minutes(form) if durations else None
    if spoken is None:
        return False
    minutes, step = spoken
    return any(abs(minutes - d) * 2 <= step for d in durations)


def _number_fields(row: dict[Any, Any]) -> Iterator[tuple[str, Decimal]]:
    """A row's numbers and their fields, one level of nesting read (``prices.economy``)."""
    for key, value in row.items():
        if type(value) is dict:
            for sub, inner in value.items():
                if type(inner) in (int, float):
                    yield f"{key}.{sub}", Decimal(str(inner))
        elif type(value) in (int, float):
            yield str(key), Decimal(str(value))


def total_of(form: str, totals: ListArithmetic) -> bool:
    """Whether an amount's plain form (``"313"``, ``"534.80"``) is a total or a difference
    ``totals`` gives."""
    m = _CENTS_FORM.match(form)
    if m is None or form.endswith("%") or not totals.totals:
        return False
    return totals.gives(Decimal(form))


#: An amount's plain form ("118726350.29", "2000", "10%"): the whole part and up to two
#: places.
_CENTS_FORM = re.compile(r"(\d+)(?:\.(\d{1,2}))?%?$")
_ROUNDED = _Patterns()


def rounded_in_text(form: str, low: str) -> bool:
    """Whether ``low`` holds a number with more decimal places that ``form`` rounds:
    "118726350.29" for a code result's float 118726350.28999999, "7.50" for 7.4999999,
    "2045.68" for 2045.6789, and a rounding that carries into the next whole number:
    "10%" for 9.96, "2000" for 1999.5, "8.00" for 7.996. A number rounded down is
    already held as a prefix of its digits; this finds the ones rounded up."""
    m = _CENTS_FORM.match(form)
    if m is None:
        return False
    whole, places = m.group(1), len(m.group(2) or "")
    try:
        value = Decimal(form.rstrip("%"))
    except InvalidOperation:
        return False
    half = Decimal(5).scaleb(-(places + 1))
    # The whole part is the form's own, or the one below it when the rounding carried.
    wholes = (whole,) if int(whole) == 0 else (whole, str(int(whole) - 1))
    for part in wholes:
        if any(
            abs(Decimal(f"{part}.{found.group(1)}") - value) <= half
            for found in _longer(part, places).finditer(low)
        ):
            return True
    return False


def _longer(whole: str, places: int) -> re.Pattern[str]:
    """Numbers of the whole part ``whole`` with more than ``places`` decimal places."""
    return _ROUNDED.get(
        (whole, places),
        lambda: rf"(?<![\w.]){re.escape(whole)}\.(\d{{{places + 1},}})(?![\w.])",
    )


def time_in_text(form: str, low: str) -> bool:
    """Whether lower-cased ``low`` holds a time by its clock reading where a substring
    would not tell: the 12-hour reading with no am/pm standing alone ("2:00 PM" in a result's
    ``2:00 - John``), or, for a whole hour, an end of an hour range (``"9-12"``, ``"13-16"``
    for "9 AM - 12 PM", "1 PM - 4 PM"). ``form`` is a time's first spelling, ``HH:MM``;
    other forms are not looked at."""
    if len(form) != 5 or form[2] != ":" or not (form[:2] + form[3:]).isdigit():
        return False
    if form.endswith(":00") and _hour_said(int(form[:2])).search(low) is not None:
        return True
    pattern = _CLOCK.get(form, lambda: _clock_source(form))
    for m in pattern.finditer(low):
        if ":" in m.group():
            return True
        first, second = (int(x) for x in re.split(r"\s?[-–]\s?", m.group()))
        if first < second:
            return True
    return False


_CLOCK = _Patterns()


def _clock_source(form: str) -> str:
    """The pattern of :func:`time_in_text` for ``HH:MM``: its 12-hour reading standing
    alone, and for a whole hour either end of an hour range."""
    hour, minute = int(form[:2]), int(form[3:])
    h12 = hour % 12 or 12
    ways = [rf"(?<![\d:.]){h12}:{minute:02d}(?![\d:])"]
    if minute == 0:
        # An hour range of a result: both ends hours of a day, the first the smaller;
        # not a date's or a phone number's digits, not a count's range ("1-2 days").
        end = r"(?:[01]?\d|2[0-4])"
        ways.append(rf"(?<![\d:./-]){hour}\s?[-–]\s?{end}(?![\d:./-]|\s?[a-z])")
        ways.append(rf"(?<![\d:./-]){end}\s?[-–]\s?{hour}(?![\d:./-]|\s?[a-z])")
    return "|".join(ways)


_HOURS: dict[int, re.Pattern[str]] = {}
# Words after a bare number that make it no hour ("by 3 days", "at 10% off", "for 4 people").
_NOT_HOUR_AFTER = (
    r"(?!\s?(?:%|percent|days?|nights?|weeks?|months?|years?|hours?|hrs?|minutes?|mins?|"
    r"people|persons?|guests?|items?|units?|times)(?![a-z]))"
)


def _hour_said(hour: int) -> re.Pattern[str]:
    """A whole hour said as a bare number after a word of time ("at 11", "after 3",
    "by 17"): the 12-hour reading, and the 24-hour one for the afternoon."""
    pattern = _HOURS.get(hour)
    if pattern is None:
        numbers = sorted({str(hour % 12 or 12), str(hour)}, key=len, reverse=True)
        pattern = _HOURS[hour] = re.compile(
            r"(?<![\w-])(?:at|after|before|by|from|until|till|around|about)\s+"
            rf"(?:{'|'.join(numbers)})(?![\d:.,]\d|\d){_NOT_HOUR_AFTER}"
        )
    return pattern


_DURATION_FORM = re.compile(r"^(\d[\d,]*(?:\.\d+)?)\s?([^\d]+)$")
# Words that name a duration without its number: "fortnight" is 2 weeks or 14 days.
_DURATION_WORDS = tuple(
    (word, frozenset(f"{n}{sep}{unit}" for n, unit in meant for sep in (" ", "", "-")))
    for word, meant in (
        ("fortnight", (("2", "week"), ("14", "day"))),
        ("half an hour", (("30", "minute"),)),
        ("half-hour", (("30", "minute"),)),
        ("half hour", (("30", "minute"),)),
        ("hour and a half", (("90", "minute"), ("1.5", "hour"))),
        ("quarter of an hour", (("15", "minute"),)),
    )
)
_FIELD_VALUE = _Patterns()


# Where a list the user wrote ends: a sentence's or a clause's end, a line's, a colon.
_LIST_BREAK = re.compile(r"[.;:!?\n]+(?:\s|$)|[;:!?\n]")
_LAST_ITEMS = re.compile(r"\s+(?:and|or|&)\s+")


def listed_items(text: str) -> frozenset[int]:
    """How many items each list a user wrote holds, of three or more: "new york, denver,
    chicago" (3), "a, b and c" (3), "the following cities: ..." (the items after the
    colon). Items are at most four words with no digit; a sentence with commas that is no
    list has a longer part, or a date or a number in one."""
    found: set[int] = set()
    if text.count(",") < 2 and not (text.count(",") == 1 and _LAST_ITEMS.search(text)):
        return frozenset()
    for segment in _LIST_BREAK.split(text):
        parts = [p.strip() for p in segment.split(",")]
        if len(parts) < 2:
            continue
        last = _LAST_ITEMS.split(parts[-1])
        if len(last) == 2:
            parts[-1:] = last  # "b and c": two items
        elif parts[-1][:4] in ("and ", "or ") or parts[-1][:2] == "& ":
            parts[-1] = parts[-1].split(" ", 1)[1]  # "a, b, and c"
        parts = [p for p in parts if p]
        if parts:
            # The first item ends its clause ("I want to return the lamp, the bottle and the
            # backpack"): its last words.
            parts[0] = " ".join(parts[0].split()[-2:])
        # Items are short and hold no digit: a clause with a date or a number ("Today's
        # date is Thursday, 2023-11-30 and ...") is no item.
        if len(parts) >= 3 and all(
            len(p.split()) <= 4 and not any(c.isdigit() for c in p) for p in parts
        ):
            found.add(len(parts))
    return frozenset(found)


def count_in(form: str, low: str) -> bool:
    """Whether lower-cased ``low`` holds a count's number (``"3"``, ``"3.0"``,
    ``"three"``) as a word of its own, not inside a longer number, a date or a decimal;
    two, also as "both" ("both of my boys" for "two haircuts")."""
    if form in ("2", "two") and _BOTH.search(low) is not None:
        return True
    pattern = _STANDALONE.get(
        # a JSON value written without a space after its key's colon counts ("units":42)
        form,
        lambda: rf"(?:(?<![\w.:/-])|(?<=\":)){re.escape(form)}(?:\.0+)?(?![\w:/-]|\.\d)",
    )
    return pattern.search(low) is not None


_STANDALONE = _Patterns()
_BOTH = re.compile(r"(?<![a-z])both(?![a-z])")


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
    name = MONTH_NAMES[month - 1].capitalize()
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


def _duration_forms(numbers: list[str], unit: str, qualifier: str | None) -> tuple[str, ...]:
    """A length's spellings: each number with its unit, singular or plural, and the unit's
    qualifier ("7 business days")."""
    units = sorted({unit, unit.rstrip("sS")})
    kinds = [f"{qualifier} {u}" for u in units] if qualifier else units
    return tuple(f"{n}{sep}{u}" for n in numbers for u in kinds for sep in (" ", "", "-"))


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
        dotted = f"{half[0]}.m."  # "9 a.m.", "11:30 p.m."
        return (
            f"{h24:02d}:{minute:02d}",
            f"{h24}:{minute:02d}",
            f"{h12}:{minute:02d} {half}",
            f"{h12}:{minute:02d}{half}",
            f"{h12}:{minute:02d} {dotted}",
            *((f"{h12} {half}", f"{h12}{half}", f"{h12} {dotted}") if minute == 0 else ()),
            # "1:30" with no am/pm may be the afternoon's 13:30: a shop's hours are read so.
            *((f"{hour + 12}:{minute:02d}",) if not suffix and 1 <= hour <= 11 else ()),
        )
    if kind == "amount":
        if g.get("pct"):
            # A percentage is held as one, not by its number alone (any "10" in a date).
            return tuple(
                f"{n}{sep}" for n in _number_forms(g["n"]) for sep in ("%", " %", " percent")
            )
        return tuple(_number_forms(g["n"]))
    if kind == "duration":
        unit = g["unit"]
        if g.get("n3"):
            if _MINUTES_IN.get(unit.lower()) != 60:
                return ()  # "2 days and 3 minutes" is no one length
            minutes = Decimal(g["n"].replace(",", "")) * 60 + int(g["n3"])
            # Read as its total: "7 hours and 30 minutes" is 7.5 hours, 450 minutes.
            hours = f"{minutes / 60:f}".rstrip("0").rstrip(".")
            return (f"{hours} hours", f"{minutes:f}".split(".")[0] + " minutes")
        numbers = [f for n in (g["n"], g.get("n2")) if n for f in _number_forms(n)]
        return _duration_forms(numbers, unit, g.get("q"))
    if kind == "name":
        # American style puts the sentence's comma or period inside the quotes.
        quoted = g["v"].strip()
        bare = quoted.rstrip(".,;:!? ")
        # A status quoted in words is held by its code: "waiting for return" (waiting_for_return).
        return tuple(dict.fromkeys([quoted, bare, bare.replace(" ", "_"), bare.replace(" ", "-")]))
    value = m.group()  # an id: it holds a digit
    return (value,) if any(c.isdigit() for c in value) else ()
