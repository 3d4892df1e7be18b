"""Hedges: the phrases an answer reaches for when it has no evidence.

The lexicon is data: ``evaluator/data/hedges_<lang>.txt``, one phrase a line,
``#`` comments, ``!phrase`` for an exclusion. A suite (its ``hedges:`` list)
or a caller (``extra=``) can add phrases.

Matching is on word boundaries for scripts that separate words with spaces,
so ``likely`` never matches inside ``unlikely``. Chinese has no spaces, so a
Chinese phrase matches wherever its characters occur; exclusions (``!不可能``)
take back the matches that are part of a longer word with another meaning.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import ConfigError

#: Characters either side of a match shown as its context.
DEFAULT_WINDOW = 40
#: Language label of phrases added by a suite or a caller.
EXTRA = "extra"

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class HedgeMatch:
    """One hedge found in a text: the lexicon phrase, where, and the text around it."""

    phrase: str
    language: str
    start: int
    end: int
    match: str
    context: str


def available_languages() -> tuple[str, ...]:
    """Languages that have a shipped lexicon file."""
    data = importlib.resources.files("projeval").joinpath("data")
    names = [p.name for p in data.iterdir() if p.name.startswith("hedges_")]
    return tuple(sorted(n[len("hedges_") : -len(".txt")] for n in names if n.endswith(".txt")))


def read_lexicon_file(text: str) -> tuple[list[str], list[str]]:
    """``(phrases, exclusions)`` from a lexicon file's text."""
    phrases: list[str] = []
    exclusions: list[str] = []
    for line in text.splitlines():
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        if entry.startswith("!"):
            exclusions.append(entry[1:].strip())
        else:
            phrases.append(entry)
    return phrases, exclusions


def _normal(text: str) -> str:
    return _SPACE.sub(" ", text.replace("\u2019", "'").strip()).lower()


def _body(phrase: str) -> str:
    words = phrase.replace("\u2019", "'").split()
    return r"\s+".join(re.escape(w).replace("'", "['\u2019]") for w in words)


def _atoms(phrase: str) -> list[str]:
    """The pieces of :func:`_body`: one per character, ``\\s+`` between words."""
    out: list[str] = []
    for i, word in enumerate(phrase.replace("\u2019", "'").split()):
        if i:
            out.append(r"\s+")
        out.extend("['\u2019]" if ch == "'" else re.escape(ch) for ch in word)
    return out


def _trie_branches(phrases: list[str]) -> list[str]:
    """``phrases`` as a prefix tree, one alternative per first character, each bounded
    by word boundaries: ``c(?<!\\w.)<rest>(?!\\w)``.

    Two things make this fast. Every alternative starts with a literal, so the
    regex engine skips ahead to the characters a phrase can start with instead
    of trying each position (the lookbehind comes after the first character for
    that reason; it looks at the character before it). And at each point the
    engine tries one branch per next character instead of every phrase.

    It matches what the flat longest-first alternation matches: the branches of
    a node start with different characters, so a text follows one path, and
    along it the greedy optional groups take the deepest phrase end that the
    word boundary accepts (the longest phrase), backing off to shorter ones.
    """
    root: dict[str, Any] = {}
    for phrase in phrases:
        node = root
        for atom in _atoms(phrase):
            node = node.setdefault(atom, {})
        node[""] = {}  # a phrase ends here

    def render(node: dict[str, Any]) -> str:
        branches = [atom + render(child) for atom, child in node.items() if atom]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
        if "" in node:  # a phrase may end here: the longer ones are tried first
            return f"(?:{body})?"
        return body

    # The first atom is always one character (words hold no space), so ``\\w.``
    # behind it tests the character before the phrase; at the start of the text
    # there is none, and the negative lookbehind holds, as ``(?<!\\w)`` would.
    return [rf"{atom}(?<!\w.){render(child)}(?!\w)" for atom, child in root.items()]


def _compile(phrases: Iterable[str], flags: int = re.IGNORECASE) -> re.Pattern[str] | None:
    # Longest first, so at one position the longer phrase wins ("I'm not sure" over "not sure").
    ordered = sorted(set(phrases), key=lambda p: (-len(p), p))
    if not ordered:
        return None
    spaced = [p for p in ordered if not _CJK.search(p)]
    cjk = [_body(p) for p in ordered if _CJK.search(p)]
    parts = []
    if spaced:
        if flags & re.IGNORECASE:
            # One boundary check for the whole group: inside a word the match fails at once.
            parts.append(rf"(?<!\w)(?:{'|'.join(map(_body, spaced))})(?!\w)")
        else:
            # A prefix tree only for case-sensitive patterns: under IGNORECASE two
            # branches ("I", "i") could both match, and the flat order would decide.
            # At one position only one branch can match, and all are tried before
            # the Chinese phrases, as the flat group is.
            parts.extend(_trie_branches(spaced))
    if cjk:
        parts.append("|".join(cjk))  # no word boundaries in Chinese: the phrase itself
    return re.compile("|".join(parts), flags)


def _compile_lowered(phrases: list[str]) -> tuple[re.Pattern[str], ...]:
    """Case-sensitive patterns for lower-cased text: the spaced phrases and the Chinese
    ones apart when that cannot change the matches, else one pattern.

    Apart, each pattern starts with literals only, so the regex engine skips to
    the characters a phrase can start with (together it tries every position).
    When every Chinese phrase is Chinese characters only, no match of one
    pattern can overlap a match of the other (they share no character), so the
    two lists of matches, merged, are what the single alternation finds.
    """
    cjk = [p for p in phrases if _CJK.search(p)]
    if cjk and len(cjk) < len(phrases) and all(_all_cjk(p) for p in cjk):
        spaced = _compile([p for p in phrases if not _CJK.search(p)], 0)
        chinese = _compile(cjk, 0)
        return tuple(p for p in (spaced, chinese) if p is not None)
    one = _compile(phrases, 0)
    return () if one is None else (one,)


def _all_cjk(phrase: str) -> bool:
    return all(_CJK.match(ch) for ch in phrase if not ch.isspace())


def _spans(patterns: tuple[re.Pattern[str], ...], text: str) -> list[tuple[int, int]]:
    """Spans of the matches of ``patterns`` (see :func:`_compile_lowered`), in order."""
    if len(patterns) == 1:
        return [m.span() for m in patterns[0].finditer(text)]
    spans = [m.span() for pattern in patterns for m in pattern.finditer(text)]
    spans.sort()
    return spans


class Lexicon:
    """A compiled set of hedge phrases with their languages and exclusions."""

    def __init__(self, phrases: dict[str, str], exclusions: Iterable[str] = ()) -> None:
        self.phrases = {_normal(p): (p, lang) for p, lang in phrases.items() if p.strip()}
        self.exclusions = tuple(sorted({e for e in exclusions if e.strip()}))
        self._regex = _compile(p for p, _ in self.phrases.values())
        self._exclude = _compile(self.exclusions)
        # Matching lower-cased text case-sensitively is twice as fast as IGNORECASE.
        self._lower = _compile_lowered([p.lower() for p, _ in self.phrases.values()])
        self._lower_exclude = _compile_lowered([e.lower() for e in self.exclusions])
        # Two patterns means the second holds Chinese phrases only, each with a CJK
        # character: ASCII text (most answers) cannot match it and skips it.
        self._ascii = self._lower[:1] if len(self._lower) == 2 else self._lower
        self._ascii_exclude = (
            self._lower_exclude[:1] if len(self._lower_exclude) == 2 else self._lower_exclude
        )

    @classmethod
    def load(cls, languages: Iterable[str] = ("en", "zh"), extra: Iterable[str] = ()) -> Lexicon:
        """The shipped lexicons of ``languages`` plus ``extra`` phrases (``!x`` excludes x)."""
        return _load(tuple(sorted(set(languages))), tuple(sorted(set(extra))))

    def extended(self, extra: Iterable[str]) -> Lexicon:
        """A copy with more phrases (a suite's ``hedges:``); ``!phrase`` adds an exclusion."""
        extra = [e.strip() for e in extra if e and e.strip()]
        if not extra:
            return self
        phrases = {p: lang for p, lang in self.phrases.values()}
        exclusions = list(self.exclusions)
        for entry in extra:
            if entry.startswith("!"):
                exclusions.append(entry[1:].strip())
            else:
                phrases.setdefault(entry, EXTRA)
        return Lexicon(phrases, exclusions)

    def __len__(self) -> int:
        return len(self.phrases)

    def __repr__(self) -> str:
        langs = sorted({lang for _, lang in self.phrases.values()})
        return f"<Lexicon phrases={len(self)} exclusions={len(self.exclusions)} languages={langs}>"

    def find(self, text: str | None, window: int = DEFAULT_WINDOW) -> list[HedgeMatch]:
        """Every hedge in ``text``, in order, each with ``window`` characters of context."""
        if not text or self._regex is None:
            return []
        lowered = text.lower()
        if len(lowered) == len(text) and self._lower:
            # Offsets agree, so the faster lower-case patterns apply.
            ascii_only = text.isascii()
            spans = _spans(self._ascii if ascii_only else self._lower, lowered)
            if not spans:
                return []
            excluded = _spans(self._ascii_exclude if ascii_only else self._lower_exclude, lowered)
        else:
            spans = [m.span() for m in self._regex.finditer(text)]
            excluded = [] if self._exclude is None else _spans((self._exclude,), text)
        out: list[HedgeMatch] = []
        for start, end in spans:
            if any(s <= start and end <= e for s, e in excluded):
                continue
            found = text[start:end]
            phrase, lang = self.phrases.get(_normal(found), (found, EXTRA))
            out.append(
                HedgeMatch(phrase, lang, start, end, found, context(text, start, end, window))
            )
        return out


def context(text: str, start: int, end: int, window: int = DEFAULT_WINDOW) -> str:
    """``…before [match] after…`` on one line."""
    lo, hi = max(0, start - window), min(len(text), end + window)
    snippet = f"{text[lo:start]}[{text[start:end]}]{text[end:hi]}"
    snippet = _SPACE.sub(" ", snippet)
    return ("…" if lo > 0 else "") + snippet + ("…" if hi < len(text) else "")


@functools.cache
def _load(languages: tuple[str, ...], extra: tuple[str, ...]) -> Lexicon:
    known = available_languages()
    phrases: dict[str, str] = {}
    exclusions: list[str] = []
    data = importlib.resources.files("projeval").joinpath("data")
    for lang in languages:
        if lang not in known:
            raise ConfigError(
                f"no hedge lexicon for language {lang!r}.",
                fix=f"use one of: {', '.join(known)}, or pass the phrases as extra hedges",
            )
        found, excl = read_lexicon_file(data.joinpath(f"hedges_{lang}.txt").read_text("utf-8"))
        for p in found:
            phrases.setdefault(p, lang)
        exclusions.extend(excl)
    return Lexicon(phrases, exclusions).extended(extra)
