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

from evaluator.errors import ConfigError

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
    data = importlib.resources.files("evaluator").joinpath("data")
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


def _compile(phrases: Iterable[str], flags: int = re.IGNORECASE) -> re.Pattern[str] | None:
    # Longest first, so at one position the longer phrase wins ("I'm not sure" over "not sure").
    ordered = sorted(set(phrases), key=lambda p: (-len(p), p))
    if not ordered:
        return None
    spaced = [_body(p) for p in ordered if not _CJK.search(p)]
    cjk = [_body(p) for p in ordered if _CJK.search(p)]
    parts = []
    if spaced:
        # One boundary check for the whole group: inside a word the match fails at once.
        parts.append(rf"(?<!\w)(?:{'|'.join(spaced)})(?!\w)")
    if cjk:
        parts.append("|".join(cjk))  # no word boundaries in Chinese: the phrase itself
    return re.compile("|".join(parts), flags)


class Lexicon:
    """A compiled set of hedge phrases with their languages and exclusions."""

    def __init__(self, phrases: dict[str, str], exclusions: Iterable[str] = ()) -> None:
        self.phrases = {_normal(p): (p, lang) for p, lang in phrases.items() if p.strip()}
        self.exclusions = tuple(sorted({e for e in exclusions if e.strip()}))
        self._regex = _compile(p for p, _ in self.phrases.values())
        self._exclude = _compile(self.exclusions)
        # Matching lower-cased text case-sensitively is twice as fast as IGNORECASE.
        self._lower = _compile((p.lower() for p, _ in self.phrases.values()), 0)
        self._lower_exclude = _compile((e.lower() for e in self.exclusions), 0)

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
        regex, exclude, subject = self._regex, self._exclude, text
        lowered = text.lower()
        if len(lowered) == len(text) and self._lower is not None:
            # Offsets agree, so the faster lower-case patterns apply.
            regex, exclude, subject = self._lower, self._lower_exclude, lowered
        excluded: list[tuple[int, int]] = []
        if exclude is not None:
            excluded = [m.span() for m in exclude.finditer(subject)]
        out: list[HedgeMatch] = []
        for m in regex.finditer(subject):
            start, end = m.span()
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
    data = importlib.resources.files("evaluator").joinpath("data")
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
