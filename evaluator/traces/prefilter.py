"""Literal prefilters for the trace signals' regexes: a cheap test that a text cannot match.

Python's regex engine tries an alternation of words at every position of a text, so a
pattern that rejects a long sentence still reads all of it, branch by branch. Most
patterns of the rules need some literal text to match (``sorry``, ``___``, one of a
list of words), and a substring test (``in``) finds a literal far faster than the engine
fails. :func:`gate` reads a compiled pattern's syntax tree once and keeps a set of
literals of which every match holds at least one; :meth:`Gated.search` answers ``None``
at once for a text holding none of them and asks the pattern otherwise, so the answer is
always the pattern's own. A pattern with no such literals (a branch with none, only
character classes) gets no prefilter and costs one attribute look-up more.

Case: literals read under ``IGNORECASE`` are compared with the text in lower case. That
is exact for ASCII letters and for characters without case (Chinese), except for the
four non-ASCII letters that match an ASCII letter only under ``IGNORECASE`` (``İ ı ſ K``):
a text holding one of them always goes to the pattern. A cased non-ASCII letter under
``IGNORECASE`` breaks a literal (its case variants are not followed here).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Iterator
from typing import Any

# The standard library's own regex parser and case table, private and without type stubs:
# the same parse the engine compiles, so the literals read here are the ones it matches.
# Anything they cannot read gets no prefilter (required_literals answers None).
_parser: Any = importlib.import_module("re._parser")
_c: Any = importlib.import_module("re._constants")
_sre: Any = importlib.import_module("_sre")

#: The non-ASCII letters that match an ASCII letter under IGNORECASE (``İ ı ſ K``); a
#: text holding one is never rejected by a case-blind literal.
_FOLDS_TO_ASCII = re.compile("[\u0130\u0131\u017f\u212a]")
#: Most literals a prefilter tests: past this, the ``in`` tests cost what the pattern does.
MAX_LITERALS = 64
#: A set of literals whose shortest is shorter than this rejects too little to pay.
MIN_LITERAL = 3
# What a short ASCII literal may not hold to be worth testing: characters every text has.
_COMMON_CHARS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \t\n.,;:'\"-!?()/"
)
# Copies of a repeated literal written into a run at most (``_{3,}``: three).
_MAX_COPIES = 8

# A literal with whether it is compared case-blind (with the text in lower case).
_Literal = tuple[str, bool]
# Literals of which every match holds one, or None: no such set is known.
_Need = frozenset[_Literal] | None


def required_literals(pattern: re.Pattern[str]) -> frozenset[tuple[str, bool]] | None:
    """Literals, each with whether it is compared case-blind (lower case), of which every
    match of ``pattern`` holds at least one; ``None`` when no useful set is found."""
    try:
        tree = _parser.parse(pattern.pattern, pattern.flags)
    except Exception:  # a private parser: whatever it cannot read gets no prefilter
        return None
    need = _sequence(list(tree), bool(pattern.flags & re.IGNORECASE))
    if need is None or not _useful(need):
        return None
    return need


def _useful(need: frozenset[_Literal]) -> bool:
    """Whether testing the literals costs less than the pattern and rejects enough: few
    enough, and none a short ASCII one of letters, digits, spaces or common punctuation
    (a letter or two recurs in any English text; a ``~`` or one Chinese character
    seldom does)."""
    return 0 < len(need) <= MAX_LITERALS and all(
        len(s) >= MIN_LITERAL or not s.isascii() or not _COMMON_CHARS.intersection(s)
        for s, _ in need
    )


def _char(code: int, fold: bool) -> str | None:
    """The character of a literal as compared, or ``None`` when it cannot be one."""
    ch = chr(code)
    if not fold:
        return ch
    if ch.isascii():
        return ch.lower()
    return None if _sre.unicode_iscased(code) else ch


def _better(a: _Need, b: _Need) -> _Need:
    """Of two sets every match needs one literal of, the one likely to reject more: a
    useful one (:func:`_useful`), then the longer shortest literal, then fewer literals.
    Any set is kept over none: a branch's short literals still make its alternation's."""
    if a is None:
        return b
    if b is None:
        return a
    ka = (_useful(a), min(len(s) for s, _ in a), -len(a))
    kb = (_useful(b), min(len(s) for s, _ in b), -len(b))
    return b if kb > ka else a


def _sequence(items: list[Any], fold: bool) -> _Need:
    """Literals every match of a sequence of nodes holds one of (the best set found)."""
    best: _Need = None
    run: list[str] = []  # the current run of consecutive literal characters
    run_fold = fold

    def close() -> None:
        nonlocal best
        if run:
            best = _better(best, frozenset({("".join(run), run_fold)}))
            run.clear()

    def walk(nodes: list[Any], fold: bool) -> None:
        nonlocal best, run_fold
        for op, av in nodes:
            if op is _c.LITERAL:
                ch = _char(av, fold)
                if ch is None:
                    close()
                    continue
                if run and run_fold != fold:
                    close()
                run_fold = fold
                run.append(ch)
            elif op is _c.AT or op is _c.ASSERT or op is _c.ASSERT_NOT:
                continue  # zero width: the characters on either side stay adjacent
            elif op is _c.SUBPATTERN:
                _group, add, remove, sub = av
                inner = fold
                if add & re.IGNORECASE:
                    inner = True
                if remove & re.IGNORECASE:
                    inner = False
                walk(list(sub), inner)  # a group is its sequence, in line
            elif op is _c.ATOMIC_GROUP:
                walk(list(av), fold)
            elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
                low, _high, sub = av
                pure = _pure(list(sub), fold)
                if pure is not None and 1 <= low <= _MAX_COPIES:
                    # "x_{3,}": the run goes on with the least copies ("x___"), then ends
                    # (more copies may follow)
                    if run and run_fold != fold:
                        close()
                    run_fold = fold
                    run.append(pure * low)
                    close()
                    continue
                close()
                if low >= 1:  # matched at least once: what its one match needs
                    best = _better(best, _sequence(list(sub), fold))
            elif op is _c.BRANCH:
                close()
                union: set[_Literal] = set()
                for branch in av[1]:
                    need = _sequence(list(branch), fold)
                    if need is None:
                        union = set()
                        break
                    union |= need
                else:
                    best = _better(best, frozenset(union))
            else:  # a class, any character, a back reference: no literal
                close()

    walk(items, fold)
    close()
    return best


def _pure(nodes: list[Any], fold: bool) -> str | None:
    """The text a sequence of literal characters matches, or ``None`` for anything else."""
    out = []
    for op, av in nodes:
        ch = _char(av, fold) if op is _c.LITERAL else None
        if ch is None:
            return None
        out.append(ch)
    return "".join(out) or None


class Gated:
    """A compiled pattern behind its literal prefilter: :meth:`search` of a whole text
    answers as the pattern does (``None`` at once when the text holds no literal the
    pattern needs). Everything else is the pattern's own (``.pattern``)."""

    __slots__ = ("_ascii_exact", "_exact", "_folded", "pattern")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        need = required_literals(pattern)
        self._exact = tuple(s for s, f in need or () if not f)
        self._folded = tuple(s for s, f in need or () if f)
        if need is None:
            self._exact = self._folded = ()
        # an ASCII text holds no other literal: it is tested for these alone
        self._ascii_exact = tuple(s for s in self._exact if s.isascii())

    @property
    def gated(self) -> bool:
        """Whether a prefilter was found (else :meth:`search` is the pattern's)."""
        return bool(self._exact or self._folded)

    def may_match(self, text: str, lowered: str | None = None) -> bool:
        """False only when ``text`` cannot hold a match of the pattern (``lowered``: the
        text in lower case, when the caller has it)."""
        if not (self._exact or self._folded):
            return True
        for s in self._ascii_exact if text.isascii() else self._exact:
            if s in text:
                return True
        if self._folded:
            if not text.isascii() and _FOLDS_TO_ASCII.search(text):
                return True
            low = text.lower() if lowered is None else lowered
            for s in self._folded:
                if s in low:
                    return True
        return False

    def search(self, text: str) -> re.Match[str] | None:
        """``pattern.search(text)``, without reading a text that cannot match."""
        if self.may_match(text):
            return self.pattern.search(text)
        return None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """``pattern.finditer(text)``, without reading a text that cannot match."""
        if self.may_match(text):
            return self.pattern.finditer(text)
        return iter(())


class GatedAny:
    """Several patterns behind one prefilter: :meth:`may_match` is False only when none of
    them can match a text, their literals tested together with one lower-casing of the
    text, and an ASCII text tested for the ASCII literals alone (no other is in it). For a
    group of patterns most texts match none of, one test instead of one a pattern."""

    __slots__ = ("_ascii_exact", "_ascii_folded", "_exact", "_folded", "_open")

    def __init__(self, patterns: Iterable[re.Pattern[str]]) -> None:
        gates = [gated(p) for p in patterns]
        # one pattern with no prefilter may match any text
        self._open = not all(g.gated for g in gates)
        self._exact = tuple(dict.fromkeys(s for g in gates for s in g._exact))
        self._folded = tuple(dict.fromkeys(s for g in gates for s in g._folded))
        self._ascii_exact = tuple(s for s in self._exact if s.isascii())
        self._ascii_folded = tuple(s for s in self._folded if s.isascii())

    def may_match(self, text: str, lowered: str | None = None) -> bool:
        """False only when ``text`` cannot hold a match of any of the patterns (``lowered``:
        the text in lower case, when the caller has it)."""
        if self._open:
            return True
        if text.isascii():
            exact, folded = self._ascii_exact, self._ascii_folded
        elif _FOLDS_TO_ASCII.search(text):
            return True
        else:
            exact, folded = self._exact, self._folded
        for s in exact:
            if s in text:
                return True
        if folded:
            low = text.lower() if lowered is None else lowered
            for s in folded:
                if s in low:
                    return True
        return False


def gate(pattern: re.Pattern[str]) -> Gated:
    """``pattern`` behind a literal prefilter (see :class:`Gated`)."""
    return Gated(pattern)


# Each pattern's prefilter, by the pattern's id (with the pattern, so that a new pattern
# at a freed id is not taken for the old one): built on first use.
_GATES: dict[int, tuple[re.Pattern[str], Gated]] = {}


def gated(pattern: re.Pattern[str]) -> Gated:
    """The pattern's :class:`Gated`, built the first time it is asked for."""
    entry = _GATES.get(id(pattern))
    if entry is None or entry[0] is not pattern:
        entry = _GATES[id(pattern)] = (pattern, Gated(pattern))
    return entry[1]


def search(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern.search(text)``, the text first tested against the pattern's literals
    (:class:`Gated`)."""
    return gated(pattern).search(text)


def finditer(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)``, the text first tested against the pattern's literals
    (:class:`Gated`)."""
    return gated(pattern).finditer(text)
