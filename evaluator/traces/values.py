"""Where values sit in a tool result: the index follow-up detection looks values up in.

A result is parsed once per distinct text (results repeat across traces) and
walked once; every value worth tracking is mapped to the JSON path of its
first occurrence, with list indices generalised to ``[]`` and the keys of
id-keyed maps to ``*`` (see :mod:`projeval.paths`), so that the path can be
matched against a suite's field dictionary. Short and common values are not
tracked: they recur by chance, not because an agent copied them; short codes
(three letters or digits: ``JFK``) are, where they sit at one place of a JSON result.
An id inside a prose field of a JSON result (``"message": "Order #W2378156 was
cancelled"``) is found as a whole word of that field, and credited to the field's path.
A result written as YAML (lines of ``key: value``, :func:`.yamltext.looks_like_yaml`) is
read as its mapping or list, with paths. A prose result (text, or a JSON string) gives no
JSON path: a value in it is matched as a whole word of the text.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from typing import Any

from .. import _json, paths
from .autogen import python_value
from .events import Event, fast_loads
from .headers import payload_start
from .yamltext import looks_like_yaml, yaml_structure

#: Shortest string value a follow-up is counted on.
MIN_VALUE_LENGTH = 4
#: Smallest integer a follow-up is counted on.
MIN_INTEGER = 1000
#: Longest string value looked at (longer ones are prose, not handles).
MAX_VALUE_LENGTH = 200
#: Length of the short codes matched only at one place of a JSON result (``JFK``).
CODE_LENGTH = 3
#: Values too common to mean anything when they recur.
COMMON_VALUES = frozenset(
    [
        "true",
        "false",
        "null",
        "none",
        "nil",
        "open",
        "closed",
        "close",
        "pending",
        "new",
        "high",
        "low",
        "medium",
        "normal",
        "urgent",
        "active",
        "inactive",
        "enabled",
        "disabled",
        "yes",
        "no",
        "asc",
        "desc",
        "name",
        "type",
        "data",
        "user",
        "users",
        "email",
        "text",
        "json",
        "page",
        "next",
        "prev",
        "last",
        "first",
        "today",
        "default",
        "error",
        "success",
        "ok",
        "done",
    ]
)

_LONGEST_COMMON = max(map(len, COMMON_VALUES))
_SPACES = frozenset(" \t\r\n\f\v")
# The cache holds at most this many indexed values (about 100 bytes each), over
# all its results; the oldest results go first. A count of results would be the
# wrong bound: one result may hold ten values or ten thousand.
_CACHE_VALUES = 400_000


def worth(value: Any) -> str | None:
    """The string form of a value worth tracking, or ``None`` for noise."""
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return None
    if isinstance(value, int):
        return str(value) if abs(value) >= MIN_INTEGER else None
    if isinstance(value, str):
        s = value.strip()
        if MIN_VALUE_LENGTH <= len(s) <= MAX_VALUE_LENGTH and s.lower() not in COMMON_VALUES:
            return s
    return None


def is_code(value: Any) -> bool:
    """A short code (``JFK``, ``A12``): three letters or digits, not all digits."""
    return (
        type(value) is str
        and len(value) == CODE_LENGTH
        and value.isalnum()
        and not value.isdigit()
        and value.lower() not in COMMON_VALUES
    )


def leaves(doc: Any) -> Iterator[tuple[str, Any]]:
    """``(path, value)`` of every scalar, in document order; ``[]`` for list items."""
    stack: list[tuple[str, Any]] = [("", doc)]
    while stack:
        prefix, node = stack.pop()
        if isinstance(node, dict):
            star = paths.is_id_keyed_map(node) or paths.is_data_keyed_map(node)
            items = [("*" if star else str(k), v) for k, v in node.items()]
            stack.extend((f"{prefix}.{k}" if prefix else k, v) for k, v in reversed(items))
        elif isinstance(node, list):
            stack.extend((prefix + "[]", v) for v in reversed(node))
        else:
            yield prefix or "$", node


def arg_leaves(doc: Any) -> Iterable[tuple[str, Any]]:
    """:func:`leaves` of a call's arguments, with a shortcut for the usual flat object.

    A map of scalars is never id-keyed (that takes container values), so its
    leaves are its items, in order; the walk is only needed for nested ones.
    """
    if type(doc) is dict:
        items = list(doc.items())
        if all(type(v) is not dict and type(v) is not list for _, v in items):
            return [(str(k) or "$", v) for k, v in items]
    return leaves(doc)


class ResultIndex:
    """Values of a result and where they sit, cached by text (results repeat across traces).

    Each entry maps a value (and the short form of a prefixed id) to the path
    of its first occurrence, with the set of every leaf path of the result
    (empty with ``paths=False``: only results of a suite's tool are asked for it).
    """

    def __init__(self, paths: bool = True) -> None:
        self.cache: OrderedDict[tuple[int, int], _Built | None] = OrderedDict()
        self._values = 0  # indexed values held by the cache
        self.paths = paths

    def of(self, ev: Event) -> _Built | None:
        """The index of a result, or ``None`` when it is neither JSON nor laid out as YAML
        (matched as text then)."""
        if ev.structured is not None:
            return self._build(ev.structured, self.paths)
        text = ev.text
        if not text:
            return None
        head = text.lstrip()[:1]
        is_json = head in ("{", "[", '"')
        # A Python tuple's repr: str() of what a tool function returned, ``(True, {...})``.
        is_tuple = head == "("
        # YAML text (a tool returning yaml.safe_dump) has lines and colons; prose with
        # neither is turned away before any hashing.
        if not is_json and not is_tuple and ("\n" not in text or ":" not in text):
            return None
        key = (hash(text), len(text))
        if key in self.cache:
            return self.cache[key]
        if is_json:
            try:
                doc = fast_loads(text)
            except ValueError:
                try:
                    doc = _json.loads(text)
                except (ValueError, RecursionError):
                    # str() of a returned dict or list (a Python tool's repr,
                    # ``{'major': 'Computer Science'}``): fields as JSON's are.
                    doc = python_value(text)
        elif is_tuple:
            doc = python_value(text)
        else:
            doc = yaml_structure(text) if looks_like_yaml(text) else None
        # A JSON string is prose too: matched as text, with no path.
        built = None if doc is None or isinstance(doc, str) else self._build(doc, self.paths)
        size = _weight(built)
        cache = self.cache
        while cache and self._values + size > _CACHE_VALUES:
            # Evict the oldest: popular results, such as a shared search page, are met
            # again and re-enter; clearing everything would rebuild them all.
            self._values -= _weight(cache.popitem(last=False)[1])
        cache[key] = built
        self._values += size
        return built

    @staticmethod
    def _build(doc: Any, paths: bool = True) -> _Built:
        values: list[tuple[str, str]] = []
        codes: list[tuple[str, str]] = []
        long: list[tuple[str, str]] = []
        seen_paths: set[str] = set()
        try:
            _walk(doc, "", values, seen_paths if paths else None, codes, long)
        except RecursionError:  # absurdly deep: the iterative walker has no depth limit
            values.clear()
            codes.clear()
            long.clear()
            seen_paths.clear()
            for path, value in leaves(doc):
                seen_paths.add(path)
                s = worth(value)
                if s is not None:
                    values.append((s, path))
                elif is_code(value):
                    codes.append((value, path))
                elif type(value) is str and len(value) > MAX_VALUE_LENGTH:
                    long.append((value, path))
        # Each value maps to the path of its first occurrence: filled backwards, the
        # first occurrence is written last (one C loop instead of a setdefault a value).
        where = Where(reversed(values))
        where.dashed = [vp for vp in values if "-" in vp[0]]
        where.shorts = None
        where.codes = _places(codes) if codes else None
        where.long = long
        where.prose = None
        where.dates = None
        return where, frozenset(seen_paths)


class Where(dict[str, str]):
    """Each value of a result -> the path of its first occurrence.

    Short forms of prefixed ids (:func:`short_form`) are looked up with
    :meth:`short`, and worked out only the first time one is asked for: few
    calls use them, and most results are never asked. Ids inside the result's prose
    fields are looked up with :meth:`in_prose`, the fields gathered the first time.
    """

    __slots__ = ("codes", "dashed", "dates", "long", "prose", "shorts")
    # Set by ResultIndex._build (no __init__ of its own: dict's is faster).
    dashed: list[tuple[str, str]]  # (value, path) of the values with a dash, in order
    shorts: dict[str, str] | None  # worked out on the first call of short()
    # Each short code -> its one path, or None where it sits at several.
    codes: dict[str, str | None] | None
    long: list[tuple[str, str]]  # (text, path) of the strings too long to be values
    prose: tuple[str, list[tuple[str, str]]] | None  # see prose_fields()
    dates: dict[str, int] | None  # see dates_at(), counted on its first call

    def dates_at(self, path: str) -> int:
        """How many distinct days (``2026-07-01``, no time of day) the result holds under
        ``path``: a calendar (a daily timeline, a forecast, an availability list) holds
        many, a booking one."""
        if self.dates is None:
            counts: dict[str, int] = {}
            for value, where in self.items():
                if is_day(value):
                    counts[where] = counts.get(where, 0) + 1
            self.dates = counts
        return self.dates.get(path, 0)

    def short(self, value: str) -> str | None:
        """The path of the first value whose short form is ``value``, unless ``value`` is
        itself a value here."""
        return self.short_forms().get(value)

    def short_forms(self) -> dict[str, str]:
        """Every short form :meth:`short` answers for -> its path."""
        if self.shorts is None:
            shorts: dict[str, str] = {}
            for full, path in reversed(self.dashed):  # the first occurrence is written last
                head = full.partition("-")[0]
                if len(head) >= 8 and "_" in head and head not in self:
                    shorts[head] = path
            self.shorts, self.dashed = shorts, []
        return self.shorts

    def prose_fields(self) -> tuple[str, list[tuple[str, str]]]:
        """``(joined, [(text, path)])``: the string fields holding words (a space), in
        document order as far as the index keeps it, and their texts joined, for one
        substring test before the fields are searched one by one. A text that sits
        under several paths is kept under its first (the index keeps no more)."""
        if self.prose is None:
            fields = [(v, p) for v, p in self.items() if " " in v]
            fields.reverse()  # the dict was filled backwards (see ResultIndex._build)
            fields += self.long
            self.prose = ("\n".join(t for t, _ in fields), fields)
        return self.prose

    def word_elsewhere(self, value: str, path: str) -> bool:
        """Whether ``value`` is a whole word of a prose field under another path than
        ``path`` (``UPS`` in ``"service": "UPS Ground"`` beside ``"carrier": "UPS"``)."""
        joined, fields = self.prose if self.prose is not None else self.prose_fields()
        if value not in joined:
            return False
        return any(p != path and value in t and in_words(value, t) for t, p in fields)

    def in_prose(self, value: str) -> str | None:
        """The path of the prose field ``value`` sits in as a whole word; a short code
        only where it sits at one place of the result (not also as a field's whole
        value). The caller asks only for ids (:func:`prose_id`)."""
        joined, fields = self.prose if self.prose is not None else self.prose_fields()
        if value not in joined:
            return None
        code = len(value) == CODE_LENGTH
        if code and self.codes is not None and value in self.codes:
            return None  # a field's whole value too: not at one place
        found: str | None = None
        for text, path in fields:
            if value in text and in_words(value, text):
                if not code:
                    return path  # the first occurrence, as for a field's whole value
                if found is not None and found != path:
                    return None
                found = path
        return found


# A quantity with its unit (``48-hour``, ``30day``, ``2nd``): a number, not an id.
_QUANTITY = re.compile(r"\d+-?[a-z]+")
_NUMBER = re.compile(r"[\d.,:/-]+")
_ASCII_DIGIT = re.compile(r"[0-9]")


def prose_id(value: str) -> bool:
    """Whether a value is looked for inside prose fields: a short code in capitals
    (``JFK``, ``A12``), or one word with a digit, ``_``, ``@`` or ``://`` in it
    (``W2378156``, ``INT-2041``, ``usr_ab12``), but neither a number of fewer than five
    digits (a year, an amount: ``2024``, ``12.50``) nor a quantity (``48-hour``). A
    plain word of prose (``cancelled``) recurs in a later call by chance, not because
    it was copied."""
    if len(value) == CODE_LENGTH:
        return is_code(value) and value.upper() == value
    if " " in value or "\n" in value:
        return False
    # In ASCII only 0-9 are digits: one scan of the regex engine instead of a generator.
    if value.isascii():
        digit = _ASCII_DIGIT.search(value) is not None
    else:
        digit = any(c.isdigit() for c in value)
    if not digit:
        return "_" in value or "@" in value or "://" in value
    if _NUMBER.fullmatch(value):
        return sum(c.isdigit() for c in value) >= 5
    return _QUANTITY.fullmatch(value) is None


_Built = tuple[Where, frozenset[str]]


def _weight(built: _Built | None) -> int:
    """What a cache entry counts against the cache's budget: one, and one per indexed
    value and per 100 characters of the long strings it keeps."""
    if built is None:
        return 1
    where = built[0]
    return 1 + len(where) + sum(len(t) for t, _ in where.long) // 100


def _places(codes: list[tuple[str, str]]) -> dict[str, str | None]:
    """Each code -> the one path it sits under (a list's items share theirs), or ``None``
    when it sits under several."""
    where: dict[str, str | None] = {}
    for code, path in codes:
        if where.setdefault(code, path) != path:
            where[code] = None
    return where


# Whether a map's keys look like ids (the key half of paths.is_id_keyed_map), by key
# tuple: records of one shape repeat their keys across a result and across results.
_ID_KEYS_MEMO: dict[tuple[str, ...], bool] = {}
_ID_KEYS_MEMO_MAX = 4096
_MEMO_KEYS = 32  # longest key tuple remembered


def _id_keyed(node: dict[str, Any]) -> bool:
    """``paths.is_id_keyed_map`` or ``paths.is_data_keyed_map``, with the key test of the
    first remembered per key tuple."""
    if len(node) > _MEMO_KEYS:  # big maps (often id-keyed ones) do not repeat: no memo
        return paths.is_id_keyed_map(node) or paths.is_data_keyed_map(node)
    keys = tuple(node)
    ids = _ID_KEYS_MEMO.get(keys)
    if ids is None:
        if len(_ID_KEYS_MEMO) >= _ID_KEYS_MEMO_MAX:
            _ID_KEYS_MEMO.clear()
        ids = _ID_KEYS_MEMO[keys] = sum(1 for k in keys if paths.ID_KEY.search(k)) * 2 > len(keys)
    # Keys of no id shape may still be data (paths.is_data_keyed_map): records of one
    # structure, so the memo's key half alone cannot say no.
    return (ids and paths.is_id_keyed_map(node)) or paths.is_data_keyed_map(node)


def _walk(
    node: Any,
    prefix: str,
    values: list[tuple[str, str]],
    seen: set[str] | None,
    codes: list[tuple[str, str]],
    long: list[tuple[str, str]],
) -> None:
    """Recursive form of :func:`leaves` for the result index: it is the hot loop.
    ``seen`` (``None``: not wanted) gets every leaf's path; ``long`` the strings too long
    to be values (prose a field may hold an id in). A path is made only for a value kept,
    a container gone into, or ``seen``: not for the short numbers and nulls most leaves
    are."""
    kind = type(node)
    if kind is dict:
        star = False
        if node:
            # Only maps whose values are all containers can be id-keyed: test one first. A
            # map of one entry may be (paths.is_data_keyed_map: {"credit_card_7815826": {...}}).
            first = type(next(iter(node.values())))
            star = (first is dict or first is list) and _id_keyed(node)
        dot = prefix + "." if prefix else ""
        for k, v in node.items():
            tv = type(v)
            if tv is str:
                n = len(v)
                # _worth inlined: common values are all short, so long strings skip the lookup.
                if MIN_VALUE_LENGTH <= n <= MAX_VALUE_LENGTH:
                    if v[0] in _SPACES or v[-1] in _SPACES:
                        sv = worth(v)
                        if sv is not None:
                            values.append((sv, dot + ("*" if star else k)))
                    elif n > _LONGEST_COMMON or v.lower() not in COMMON_VALUES:
                        values.append((v, dot + ("*" if star else k)))
                elif n == CODE_LENGTH and v.isalnum() and is_code(v):
                    codes.append((v, dot + ("*" if star else k)))
                elif n > MAX_VALUE_LENGTH:
                    long.append((v, dot + ("*" if star else k)))
            elif tv is dict or tv is list:
                _walk(v, dot + ("*" if star else k), values, seen, codes, long)
                continue  # a container is no leaf of ``seen``
            elif tv is int and abs(v) >= MIN_INTEGER:
                values.append((str(v), dot + ("*" if star else k)))
            if seen is not None:
                seen.add(dot + ("*" if star else k))
        if star:
            # The ids a map is keyed by are values the result gave (a profile's
            # {"credit_card_7781203": {...}}, an order's items by item id): an agent passing
            # one on copied it from here. After the entries, so an id the entry also holds
            # keeps its field's path (payment_methods.*.id).
            for k in node:
                if paths.ID_KEY.search(k) and worth(k) is not None:
                    values.append((k.strip(), dot + "*"))
    elif kind is list:
        path = prefix + "[]"
        for v in node:
            tv = type(v)
            if tv is dict or tv is list:
                _walk(v, path, values, seen, codes, long)
                continue
            if seen is not None:
                seen.add(path)
            sv = worth(v)
            if sv is not None:
                values.append((sv, path))
            elif tv is str:
                if len(v) == CODE_LENGTH and is_code(v):
                    codes.append((v, path))
                elif len(v) > MAX_VALUE_LENGTH:
                    long.append((v, path))
    else:
        if seen is not None:
            seen.add(prefix or "$")
        sv = worth(node)
        if sv is not None:
            values.append((sv, prefix or "$"))


_PLAIN_WORD = re.compile(r"-{0,2}[a-z]+(?:-[a-z]+)*")
# Words (a tier, a class, a status): the same word under two keys can mean two things,
# where an id under two keys is one thing named twice.
_WORDS = re.compile(r"[A-Za-z]+(?: [A-Za-z]+)*")


def key_of(path: str) -> str:
    """The last key of a JSON or argument path: ``price_tier`` of ``data[].price_tier``."""
    return path.rsplit(".", 1)[-1].replace("[]", "")


def first_source(
    value: str, earlier: list[tuple[Event, dict[str, str] | None]], name: str | None = None
) -> tuple[int, str | None, str | None, str | None] | None:
    """``(seq, tool, path, call_id)`` of the first earlier result holding ``value``
    (or holding an id whose short form it is).

    With ``name`` (the key of the argument passing it on), a later JSON result holding
    a word (no digits or signs: not an id) under that same key is its source rather than an
    earlier one holding it under another: a car rental's ``price_tier`` "Economy" rather than
    the ticket's ``fare_conditions`` (keys sharing no word), where the same word means another
    thing. An id stays with the first result that gave it, whatever its key there
    (``booking_id``), as does a word under a key akin to the argument's (``merchant_name``
    for ``biller_name``).

    A short code counts only where it sits at one place of a JSON result; an id inside
    a prose field of a JSON result counts as a whole word of it, at the field's path; in a
    prose result a value counts as a whole word (``W2378156``, not in ``W23781567``),
    with no path, unless it is a plain lower-case word or a flag (``content``,
    ``--set-upstream``), which prose holds by chance, or the header a harness wrote above
    the tool's output or its notice of a command sent to the background holds it
    (:func:`~.headers.payload_start`).
    """
    # Whether the value is looked for inside prose fields too (prose_id), worked out the
    # first time a result does not hold it as a field's value: most are found at once.
    prose: bool | None = None
    if len(value) == CODE_LENGTH:
        for ev, where in earlier:
            if isinstance(where, Where):
                path = where.codes.get(value) if where.codes else None
                if path is not None and where.word_elsewhere(value, path):
                    continue  # a field's value and a word of another field: two places
                if path is None:
                    if prose is None:
                        prose = prose_id(value)
                    if prose:
                        path = where.in_prose(value)
                if path is not None:
                    return ev.seq, ev.tool, path, ev.call_id
        return None
    # Only a value like "tkt_3e7b91a0" can be a short form (see short_form).
    shortish = len(value) >= 8 and "_" in value and "-" not in value
    # A plain lower-case word or a command-line flag ("content", "--set-upstream") is in
    # a prose result by chance, as it would be in a prose field: no source. Worked out at
    # the first prose result: most results are JSON, and most values are looked up there.
    plain: bool | None = None
    for ev, where in earlier:
        if where is None:
            if plain is None:
                plain = _PLAIN_WORD.fullmatch(value) is not None
            if plain:
                continue
            text = ev.text
            if text and value in text and in_words(value, text):
                # Not when only the header a harness wrote above the output holds it (the
                # session id Codex gives a command still running, which the agent polls),
                # nor Claude Code's notice of a command sent to the background (its id and
                # output file, read back by TaskOutput or tail): the harness's handle, no
                # value the tool returned.
                start = payload_start(text)
                if not start or in_words(value, text[start:]):
                    return ev.seq, ev.tool, None, ev.call_id
        else:
            path = where.get(value)
            if path is None and isinstance(where, Where):
                if shortish:
                    path = where.short(value)
                if path is None:
                    if prose is None:
                        prose = prose_id(value)
                    if prose:
                        path = where.in_prose(value)
            if path is not None:
                if name is None or _akin(key_of(path), name) or not _WORDS.fullmatch(value):
                    return ev.seq, ev.tool, path, ev.call_id
                named = _named_source(value, earlier, name, ev.seq)
                return named or (ev.seq, ev.tool, path, ev.call_id)
    return None


def _akin(key: str, name: str) -> bool:
    """Whether two keys share a word (``merchant_name`` and ``biller_name``): then the
    first result's field may well be the argument's, named otherwise."""
    return bool(set(key.lower().split("_")) & set(name.lower().split("_")))


def _named_source(
    value: str, earlier: list[tuple[Event, dict[str, str] | None]], name: str, after: int
) -> tuple[int, str | None, str | None, str | None] | None:
    """The first JSON result after ``after`` holding ``value`` under the key ``name``."""
    for ev, where in earlier:
        if ev.seq > after and where is not None:
            path = where.get(value)
            if path is not None and key_of(path) == name:
                return ev.seq, ev.tool, path, ev.call_id
    return None


class HeldValues:
    """Whether any of a trace's earlier results holds a value: ``first_source(value,
    earlier) is not None``, answered from one set of the values the results index.

    ``earlier`` is the trace's own list, growing; results are taken into the set as
    they are asked about. An answer asks about every id and name it states, and a
    lookup in one set costs less than one in each result's index.
    """

    __slots__ = (
        "_indexes",
        "_opaque",
        "_prose",
        "_shorts",
        "_taken",
        "_values",
        "_wheres",
        "earlier",
    )

    def __init__(self, earlier: list[tuple[Event, dict[str, str] | None]]) -> None:
        self.earlier = earlier
        self._taken = 0  # results of ``earlier`` taken in so far
        self._values: set[str] = set()
        self._wheres: list[Where] = []  # whose short forms are not in _shorts yet
        self._indexes: list[Where] = []  # every one, for ids inside their prose fields
        self._shorts: set[str] = set()
        self._prose: list[str] = []  # texts of the results that are not JSON
        self._opaque = False  # see verbatim()

    def _take(self) -> None:
        for ev, where in self.earlier[self._taken :]:
            if where is None:
                if ev.text:
                    self._prose.append(ev.text)
            else:
                self._values.update(where)
                if isinstance(where, Where):
                    self._wheres.append(where)
                    self._indexes.append(where)
                if ev.structured is not None or ev.text is None or "\\" in ev.text:
                    self._opaque = True
        self._taken = len(self.earlier)

    def quick(self, value: str) -> bool:
        """Whether a result holds ``value`` as a field's whole value, or an id whose short
        form it is: the answer of ``value in self`` when it is True, in set lookups; a
        False here still leaves the texts' prose to search (``in``)."""
        if self._taken < len(self.earlier):
            self._take()
        if value in self._values:  # never a code: a value has at least 4 characters
            return True
        if len(value) >= 8 and "_" in value and "-" not in value:  # first_source's shortish
            if self._wheres:
                for where in self._wheres:
                    self._shorts.update(where.short_forms())
                self._wheres = []
            return value in self._shorts
        return False

    def verbatim(self) -> bool:
        """Whether every value the results' indexes hold is written as it is in its
        result's text: no index was built from structured content, and no JSON text
        escapes a character (no backslash). Then whatever ``in`` finds is also a substring
        of some result's text."""
        if self._taken < len(self.earlier):
            self._take()
        return not self._opaque

    def __contains__(self, value: str) -> bool:
        if len(value) == CODE_LENGTH:  # a code counts only at one place of one result
            return first_source(value, self.earlier) is not None
        if self.quick(value):
            return True
        if any(value in text and in_words(value, text) for text in self._prose):
            return True
        return prose_id(value) and any(w.in_prose(value) is not None for w in self._indexes)


def in_words(value: str, text: str) -> bool:
    """Whether ``value`` occurs in ``text`` as a whole word (no letter or digit glued on)."""
    start = text.find(value)
    while start != -1:
        end = start + len(value)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
            return True
        start = text.find(value, start + 1)
    return False


#: The months' names, lower-case, January first: the one list the trace signals spell
#: dates with (values' user spellings, claims' date forms, hedges' restated results).
MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
#: The weekdays' names, lower-case, Monday first (``date.weekday()``'s order).
WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:$|[T ])")


_DAY = re.compile(r"\d{4}-[01]\d-[0-3]\d")


def is_day(value: str) -> bool:
    """Whether a value is a day alone (``2026-07-01``): no time of day, which would make it
    a moment a result named (a slot, a timestamp) rather than a day one can pick."""
    return len(value) == 10 and _DAY.fullmatch(value) is not None


def date_spellings(value: str) -> re.Pattern[str] | None:
    """A pattern for the ways a user writes the date an ISO value starts with (``May 27``,
    ``27 May``, ``May 27th``, ``5/27``, ``27/05``, ``27.05.``, ``2024-05-27``, ``5月27日``),
    lowercase; ``None`` for no date."""
    m = _ISO_DATE.match(value)
    if m is None:
        return None
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    name = MONTH_NAMES[month - 1]
    names = f"(?:{name}|{name[:3]}\\.?)"
    d = f"0?{day}(?:st|nd|rd|th)?"
    forms = [
        f"{names}\\s+{d}\\b",
        f"\\b{d}(?:\\s+of)?\\s+{names}",
        f"\\b0?{month}/0?{day}\\b",
        # Day first, as most of the world writes it ("27/05", "27/05/2024"; "05/06" read
        # both ways is the user's either way), and the dotted form ("27.05.", "27.05.2024"),
        # its month in two digits and no currency before it, so "$27.05" is no date.
        f"\\b0?{day}/0?{month}\\b",
        f"(?<![$€£\\d.,])\\b0?{day}\\.{month:02d}\\.(?:\\d{{4}}|\\d{{2}})?(?!\\d)",
        f"\\b{year}-{month:02d}-{day:02d}\\b",
        # Chinese, where no space or word boundary sets it apart: "改到6月12日", "6月12号".
        f"(?<!\\d)0?{month}月0?{day}[日号](?!\\d)",
    ]
    return re.compile("|".join(forms))


_MONTH_WORD = "|".join([*MONTH_NAMES, *(m[:3] for m in MONTH_NAMES), "sept"])
# A day of the month said alone: "the 15th", "15th", "on the 9th", or "the 15" ending a
# phrase ("the 15." "the 15, please"); a month's name after it makes it a full date, which
# date_spellings reads.
_DAY_ALONE = re.compile(
    r"(?<![\w/.:-])(?:(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)|the\s+(?P<n>\d{1,2})(?=\s*(?:[.,;!?)]|$)))"
    rf"(?![\w/:-])(?!\s+(?:of\s+)?(?:{_MONTH_WORD})\b)"
)


def day_said_alone(value: str, text_lower: str) -> bool:
    """Whether lower-cased ``text_lower`` names the day of the month of ISO ``value``
    (``2024-05-15``) alone, as one picks a day from dates a result offered: "the 15th",
    "15th", "the 15", "May the 15th"; not with another month's name before or after it
    ("June 15th", "the 15th of June": another date; a full date is read by
    :func:`date_spellings`)."""
    if not is_day(value):
        return False
    day = int(value[8:10])
    for m in _DAY_ALONE.finditer(text_lower):
        if int(m.group("d") or m.group("n")) != day:
            continue
        before = text_lower[max(0, m.start() - 12) : m.start()].split()
        month = _MONTH_OF.get(before[-1].strip(".,")) if before else None
        if month is None or month == int(value[5:7]):
            return True  # "june 15th" is another month's day; "may the 15th" this one's
    return False


_MONTH_OF = {
    **{m: i + 1 for i, m in enumerate(MONTH_NAMES)},
    **{m[:3]: i + 1 for i, m in enumerate(MONTH_NAMES)},
    "sept": 9,
}


def short_form(value: str) -> str | None:
    """``tkt_3e7b91a0`` for ``tkt_3e7b91a0-48bb-…``: APIs often accept the short form."""
    head, sep, _ = value.partition("-")
    return head if sep and len(head) >= 8 and "_" in head else None
