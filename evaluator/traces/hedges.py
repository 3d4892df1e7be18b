"""Hedges: the phrases an answer reaches for when it has no evidence.

The lexicon is data: ``evaluator/data/hedges_<lang>.txt``, one phrase a line,
``#`` comments, ``!phrase`` for an exclusion, ``## kind`` lines for the kind of
the phrases below them. A suite (its ``hedges:`` list) or a caller
(``extra=``) can add phrases.

:meth:`Lexicon.find` returns every phrase found; :func:`find_hedges` keeps the
ones that mean uncertainty about the task's facts, each with its sentence
(see its rules).

Matching is on word boundaries for scripts that separate words with spaces,
so ``likely`` never matches inside ``unlikely``. Chinese has no spaces, so a
Chinese phrase matches wherever its characters occur; exclusions (``!不可能``)
take back the matches that are part of a longer word with another meaning.
"""

from __future__ import annotations

import bisect
import datetime
import functools
import importlib.resources
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from ..errors import ConfigError
from . import linear
from .claims import duration_of, durations_in, spoken_length, totals_in
from .drift import words as content_words
from .prefilter import GatedAny, gated
from .prefilter import finditer as gated_finditer
from .prefilter import search as gated_search
from .values import MONTH_NAMES, WEEKDAY_NAMES, date_spellings

#: Characters either side of a match shown as its context.
DEFAULT_WINDOW = 40
#: Language label of phrases added by a suite or a caller.
EXTRA = "extra"
#: Kinds of phrase (``## kind`` lines of a lexicon file); see :func:`find_hedges`.
KINDS = ("guess", "softener", "missing", "doubt", "general")
#: Kind of a phrase with no ``## kind`` line above it, and of added phrases.
DEFAULT_KIND = "guess"
#: The learned gate's model file (``projeval/data/<name>.json``).
GATE_MODEL = "hedge_model"
#: Which cues :func:`find_hedges` keeps unless told: ``"model"`` or ``"rules"``.
DEFAULT_GATE = "rules"

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_SPACE = re.compile(r"\s+")
_WORD_START = re.compile(r"\w")


@dataclass(frozen=True, slots=True)
class HedgeMatch:
    """One hedge found in a text: the lexicon phrase, where, and the text around it."""

    phrase: str
    language: str
    start: int
    end: int
    match: str
    context: str
    kind: str = DEFAULT_KIND


def available_languages() -> tuple[str, ...]:
    """Languages that have a shipped lexicon file."""
    data = importlib.resources.files("projeval").joinpath("data")
    names = [p.name for p in data.iterdir() if p.name.startswith("hedges_")]
    return tuple(sorted(n[len("hedges_") : -len(".txt")] for n in names if n.endswith(".txt")))


def read_lexicon_file(text: str) -> tuple[list[str], list[str]]:
    """``(phrases, exclusions)`` from a lexicon file's text."""
    phrases, exclusions, _ = read_lexicon_kinds(text)
    return phrases, exclusions


def read_lexicon_kinds(text: str) -> tuple[list[str], list[str], dict[str, str]]:
    """``(phrases, exclusions, kind of each phrase)`` from a lexicon file's text."""
    phrases: list[str] = []
    exclusions: list[str] = []
    kinds: dict[str, str] = {}
    kind = DEFAULT_KIND
    for line in text.splitlines():
        entry = line.strip()
        if entry.startswith("## ") and entry[3:].strip() in KINDS:
            kind = entry[3:].strip()
            continue
        if not entry or entry.startswith("#"):
            continue
        if entry.startswith("!"):
            exclusions.append(entry[1:].strip())
        else:
            phrases.append(entry)
            kinds.setdefault(entry, kind)
    return phrases, exclusions, kinds


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
    by word boundaries: ``c(?<!\\w.)<rest>(?!\\w)``, or all of them in one
    ``\\b(?:c<rest>(?!\\w)|...)`` when every phrase starts with a word character.

    Two things make this fast. At each point the engine tries one branch per next
    character instead of every phrase. And a position where no phrase can start is
    left at once: with the word boundary first, at the one test of it (most positions
    are inside a word), else by skipping ahead to the characters a phrase can start
    with (every alternative starts with a literal; the lookbehind comes after the
    first character for that reason, and looks at the character before it). A word
    character's word boundary is no word character before it, so both find the same.

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

    if all(_WORD_START.match(atom) for atom in root):
        # twice as fast on long English texts as the literals first (most letters
        # start some phrase, so skipping ahead to them skips little)
        branches = [atom + render(child) + r"(?!\w)" for atom, child in root.items()]
        return [rf"\b(?:{'|'.join(branches)})"]
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

    def __init__(
        self,
        phrases: dict[str, str],
        exclusions: Iterable[str] = (),
        kinds: dict[str, str] | None = None,
    ) -> None:
        self.phrases = {_normal(p): (p, lang) for p, lang in phrases.items() if p.strip()}
        kinds = kinds or {}
        self.kinds = {_normal(p): kinds.get(p, DEFAULT_KIND) for p in phrases if p.strip()}
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
        kinds = {p: self.kinds[n] for n, (p, _) in self.phrases.items()}
        exclusions = list(self.exclusions)
        for entry in extra:
            if entry.startswith("!"):
                exclusions.append(entry[1:].strip())
            else:
                phrases.setdefault(entry, EXTRA)
        return Lexicon(phrases, exclusions, kinds)

    def __len__(self) -> int:
        return len(self.phrases)

    def __repr__(self) -> str:
        langs = sorted({lang for _, lang in self.phrases.values()})
        return f"<Lexicon phrases={len(self)} exclusions={len(self.exclusions)} languages={langs}>"

    def find(self, text: str | None, window: int = DEFAULT_WINDOW) -> list[HedgeMatch]:
        """Every hedge in ``text``, in order, each with ``window`` characters of context."""
        if not text or self._regex is None:
            return []
        return self._find(text, text.lower(), window)

    def _find(self, text: str, lowered: str, window: int) -> list[HedgeMatch]:
        """:meth:`find` of a non-empty ``text`` whose lower case is ``lowered``."""
        if self._regex is None:
            return []
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
            key = _normal(found)
            phrase, lang = self.phrases.get(key, (found, EXTRA))
            out.append(
                HedgeMatch(
                    phrase,
                    lang,
                    start,
                    end,
                    found,
                    context(text, start, end, window),
                    self.kinds.get(key, DEFAULT_KIND),
                )
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
    kinds: dict[str, str] = {}
    exclusions: list[str] = []
    data = importlib.resources.files("projeval").joinpath("data")
    for lang in languages:
        if lang not in known:
            raise ConfigError(
                f"no hedge lexicon for language {lang!r}.",
                fix=f"use one of: {', '.join(known)}, or pass the phrases as extra hedges",
            )
        text = data.joinpath(f"hedges_{lang}.txt").read_text("utf-8")
        found, excl, found_kinds = read_lexicon_kinds(text)
        for p in found:
            phrases.setdefault(p, lang)
            kinds.setdefault(p, found_kinds[p])
        exclusions.extend(excl)
    return Lexicon(phrases, exclusions, kinds).extended(extra)


# ---------------------------------------------------------------------------
# Hedges that mean uncertainty about the task's facts


@dataclass(frozen=True, slots=True)
class Hedge:
    """A phrase that qualifies a claim about the task's facts, with its sentence."""

    phrase: str
    language: str
    kind: str
    start: int
    end: int
    match: str
    sentence: str
    context: str


# A sentence ends at . ! ? (before a space or the end), a Chinese stop, or a line break;
# in Chinese chat, which often has no stops, at a space between Chinese characters ("我帮您
# 联系一下站点哦 今天可能到不了哦": two sentences). Text with no Chinese in it is split with
# the first pattern only, so the spaces of English text cost nothing more.
# A stop before a closing quote ends the sentence too ('…everlasting life." The verse…'),
# and a stop typed with no space before the next sentence's capitalised word ('the "common
# cold".If you have had…'), after a lower-case letter or a quote, so "Dr.Smith" and "U.S."
# stay whole.
_SENTENCE_END = re.compile(
    r"[.!?](?:[\"\u201d']?(?=\s|$)|(?<=[a-z\"\u201d)][.!?])(?=[A-Z]))|[。！？；;]|\n"
)
_SENTENCE_END_ZH = re.compile(
    r"[.!?](?:[\"\u201d']?(?=\s|$)|(?<=[a-z\"\u201d)][.!?])(?=[A-Z]))|[。！？；;]|\n|"
    r"(?<=[\u3400-\u9fff])[ \t\u3000]+(?=[\u3400-\u9fff【\[])"
)


def _sentence_end(text: str) -> re.Pattern[str]:
    """The sentence boundaries to split ``text`` on (see ``_SENTENCE_END_ZH``)."""
    return _SENTENCE_END if text.isascii() or not _CJK.search(text) else _SENTENCE_END_ZH


# A clause ends at a comma, colon or dash, or before "but"/"however" (and their Chinese).
# The enumeration comma 、 separates the items of a list, not clauses; a comma or colon
# between digits is part of a number or a time ("1,162", "8:37 PM").
# A comma before "who" opens a relative clause that belongs to the noun before it ("a human
# agent, who may be able to review your case": the offer's clause; session 30's made-up run).
_CLAUSE_END = re.compile(
    r"(?<!\d)(?:,(?!\s+who\b)|:)|(?:,(?!\s+who\b)|:)(?!\d)|[，：—–]|\s(?:but|however|although|though|whereas|so|and then|since|because)\s|但是|但|不过|然而|因为|所以"
)


def _words_re(words: Iterable[str]) -> re.Pattern[str]:
    spaced = sorted((w for w in words if not _CJK.search(w)), key=len, reverse=True)
    cjk = sorted((w for w in words if _CJK.search(w)), key=len, reverse=True)
    parts = []
    if spaced:
        # a straight apostrophe matches a curly one too ("I'll" and "I’ll"), as in the lexicon
        body = "|".join(re.escape(w).replace("'", "['\u2019]") for w in spaced)
        # A Chinese character right after a word ends it ("Wolfram Alpha API应该能完成"); the
        # test behind stays the plain one, which is what makes the pattern fast.
        parts.append(rf"(?<![\w-])(?:{body})(?![-])(?!{_LATIN_WORD})")
    if cjk:
        parts.append("|".join(map(re.escape, cjk)))
    return re.compile("|".join(parts), re.IGNORECASE)


#: A word character that is not Chinese, Japanese or Korean.
_LATIN_WORD = r"[^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]"


#: Sections of a ``hedge_context_<lang>.txt`` file.
CONTEXT_LISTS = (
    "process",
    "plan",
    "user",
    "negation",
    "subject",
    "meaning",
    "clarify",
    "connector",
    "step",
)


@functools.cache
def context_words() -> dict[str, tuple[str, ...]]:
    """The words of each section of the shipped ``hedge_context_<lang>.txt`` files,
    every language together."""
    lists: dict[str, list[str]] = {name: [] for name in CONTEXT_LISTS}
    data = importlib.resources.files("projeval").joinpath("data")
    for entry in sorted(data.iterdir(), key=lambda p: p.name):
        if not (entry.name.startswith("hedge_context_") and entry.name.endswith(".txt")):
            continue
        section = None
        for line in entry.read_text("utf-8").splitlines():
            word = line.strip()
            if word.startswith("## ") and word[3:].strip() in lists:
                section = word[3:].strip()
            elif word and not word.startswith("#") and section is not None:
                lists[section].append(word)
    return {name: tuple(words) for name, words in lists.items()}


@functools.cache
def context_patterns() -> dict[str, re.Pattern[str]]:
    """The shipped context lists of every language, one pattern per section: words
    saying a clause is about the agent's process, a plan, the user, or a negation;
    the user as a sentence's subject; words about what something means; the
    "need to clarify" phrases that count only with one of those; the words that
    start a clause continuing the one before it ("which", "including"); and the verbs
    that open a step of a plan or an instruction ("identify", "explain")."""
    return {name: _words_re(words) for name, words in context_words().items()}


# What may come before a step's verb at the start of its sentence: a list marker or bold,
# a leading phrase closed by a comma ("From the results, identify…", "If you're not sure,
# tell me…"), and sequencing words ("Then", "please").
_STEP_LEAD = (
    r"\s*(?:[-*•]|\d+[.)])?\s*\**\s*(?:[^,.;:!?\n]{1,60},\s*)?"
    r"(?:(?:then|next|first|finally|also|and|please|just|still|so)\s+)*"
)
# A verb in the step list that is the subject's noun instead ("Search results may be
# stale", "Use of the lounge is…"): a word after it, then a modal or a verb.
_NOT_IMPERATIVE = (
    r"(?!\s+of\b)(?!\s+(?:[\w-]+\s+)?(?:may|might|could|can|will|would|should|must|is|are|was|"
    r"were|has|have|had|seems?|appears?|looks?)\b)"
)


@functools.cache
def _step_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A sentence that opens with a step: an imperative verb of the ``step`` list ("1.
    Identify the card that appears to be…", "Tell me roughly how much it cost") or a
    thought's subjectless "Need…" ("Need to retry, then pick likely primary checking");
    and an epistemic adverb right before such a verb ("then likely cancel the order")."""
    verbs = "|".join(re.escape(w) for w in sorted(context_words()["step"], key=len, reverse=True))
    opening = re.compile(
        rf"{_STEP_LEAD}(?:(?:{verbs})(?![\w-]){_NOT_IMPERATIVE}|needs?\b(?!\s+(?:is|are|was|were)\b))",
        re.IGNORECASE,
    )
    # mk35 (made-up, session 33): an order word may stand between ("Maybe first ask what they
    # want", "perhaps just confirm the date"): the step is still the adverb's
    adverb_verb = re.compile(
        rf"\s+(?:(?:first|just|then|also|instead)\s+)?(?:{verbs})(?![\w-]){_NOT_IMPERATIVE}",
        re.IGNORECASE,
    )
    return opening, adverb_verb


# A clause of its own inside a step, which claims what it says: "Avoid filing it, since
# it is likely to be denied", "Keep the window free—the technician may arrive…", an aside
# ("Ask whether to prefer Sakura (later hours, maybe nicer)"); an aside that branches the
# step ("pick the main account (if several, maybe the one named 'main')") is the step's.
_OWN_CLAUSE = re.compile(
    r"\b(?:since|because|although|though|whereas)\b|[—–;]|"
    r"\((?!\s*(?:if|when|unless|once|or|e\.g\.|i\.e\.)\W)",
    re.IGNORECASE,
)
# What may stand before an adverb that qualifies a step and not a claim: nothing (it opens
# its clause), or a word joining it to the step before ("…, then likely cancel it").
# A space alone is no join: "The refund will probably show up" has a subject and a modal before
# the adverb, a claim about the case.
_STEP_JOIN = re.compile(
    r"(?:^[\s,(;:]*|[,(;:][\s,(;:]*|(?:^|[\s,(;:])(?:and|or|then|also|so)\s+)$", re.IGNORECASE
)
# "to possibly beat what the sites show": an adverb splitting an infinitive qualifies an action.
_SPLIT_INFINITIVE = re.compile(r"\bto\s+$", re.IGNORECASE)
_NOT_BE = re.compile(r"\s+(?!(?:be|have|been)\b)[a-z]", re.IGNORECASE)


def _step(text: str, s_lo: int, c_lo: int, start: int, end: int, phrase: str) -> bool:
    """True when the cue at ``[start, end)`` qualifies a step the agent plans or an
    instruction, not a claim: its sentence opens with a step (see :func:`_step_patterns`)
    and no clause of its own ("since…") comes between; or it is an epistemic adverb
    before a step's verb with no subject ("then likely cancel the order", "maybe convert
    the ETA") or inside an infinitive ("to possibly beat")."""
    opening, adverb_verb = _step_patterns()
    m = opening.match(text, s_lo)
    if m is not None and m.end() <= start and _OWN_CLAUSE.search(text, m.end(), start) is None:
        return True
    if phrase.lower() not in _EPISTEMIC_ADVERBS:
        return False
    if _SPLIT_INFINITIVE.search(text, max(s_lo, start - 8), start):
        return _NOT_BE.match(text, end) is not None
    return _STEP_JOIN.search(text[max(s_lo, c_lo) : start]) is not None and (
        adverb_verb.match(text, end) is not None
    )


# The agent's own tools or chat named as the limit of what it lacks ("from Cartwheel's tools",
# "from my tools", "a … lookup available here", "a … list available in this chat"); a store
# named "… Tools" is no such limit.
_OWN_TOOLS_LIMIT = re.compile(
    r"\b(?:from|with|through|using|via)\s+(?:my|our|the|[A-Z]\w+['’]s)\s+(?:own\s+)?tools\b"
    r"|\b(?:lookup|list|feature|tool|option)[\"”']?\s+available\s+(?:to\s+me\s+)?"
    r"(?:in\s+this\s+chat|here)\b",
)
# A status a record may hold, named in what the agent says it does not see ("I don't see any
# active/pending orders awaiting shipment in the recent order list"), and a status field of a
# result ('"status": "cancelled"').
_STATUS_WORD = re.compile(
    r"\b(?:active|pending|open|unshipped|processing|awaiting|shipped|delivered|cancell?ed|refunded)\b",
    re.IGNORECASE,
)
_STATUS_FIELD = re.compile(r"""["']status["']\s*:\s*["']([\w -]+)["']""", re.IGNORECASE)
_STATUS_RECORDS = 2  # records with a status: a list, not one record's status


def _status_absent(text: str, end: int, s_hi: int, result: str | None) -> bool:
    """True when the statuses the sentence says it does not see (after the cue at ``end``) are
    held by none of the records the latest result lists, each with its status: the list
    states the absence, read back (the softener case; session 30)."""
    if not result or "status" not in result:
        return False
    held = {m.group(1).lower() for m in _STATUS_FIELD.finditer(result)}
    named = {m.group().lower() for m in _STATUS_WORD.finditer(text, end, s_hi)}
    records = sum(1 for _ in _STATUS_FIELD.finditer(result))
    return records >= _STATUS_RECORDS and bool(named) and not named & held


# The process verbs a "missing" phrase can govern without stating a missing fact.
_PROCESS_VERB = re.compile(
    r"^\s*(?:to\s+)?(?:proceed|continue|complete|handle|perform|execute|authenticate|"
    # "matches" the noun ("no matches"), not the verb ("nothing I found matches your criteria")
    r"access the (?:api|function|tool)|search|(?:any\s+)?(?:results?|matches)\b"
    r"(?!\s+(?:your|the|what|any|all)\b))|"
    # what the agent can do: "I do not have the capability to book hotels", "I don't
    # have direct access to availability calendars", "enough details to search"
    r"^\s*(?:(?:actually|currently|any|the|a|direct|real-time|the\s+necessary)\s+)*"
    # access to a system is the process; access to data about a task fact is not: "I don't
    # have access to specific data about the frequency of new posts" (round 15) states
    # missing information, as "I couldn't get…" does; "access to weather data tools" does not
    r"(?:capabilit|functionalit|abilit|"
    # prices and availability are task facts too ("I don't have access to real-time pricing or
    # discounts for specific hotels": round 18's hotel assistant); their calendars a system
    r"access\b(?!\s+to\s+(?:[\w-]+\s+){0,6}?(?:data|details|information|info|statistics|figures|"
    r"pricing|prices|rates|discounts|fares|availability|"
    # "I don't have access to a specific list of the top 100 tech categories" (round 21)
    r"lists?|rankings?|records?|"
    # a service's own facts: "I don't have access to the baggage allowance for this cabin"
    # (session 31's made-up support runs)
    r"allowances?|polic(?:y|ies)|fees?|charges?|balances?|schedules?|itinerar(?:y|ies)|"
    # a place's own hours and address (round 35's receptionist: "I don't have access to the
    # specific office hours for this week", the fact asked out of reach)
    r"hours|(?<!your\s)(?<!home\s)(?<!mail\s)address(?:es)?|"
    r"(?:flight|order|delivery|shipping|refund|claim)\s+status)\b"
    r"(?!\s+(?:tools?|systems?|bases?|apis?|feeds?|sources?|calendars?)\b))|"
    r"integration|permission|authori[sz]ation|"
    r"(?:a\s+)?way\s+to|means\s+to|tools?\b)|"
    r"^\s*(?:enough|sufficient|the\s+necessary)\s+(?:\w+\s+){0,2}to\s+(?:even\s+|\w+ly\s+)?"
    r"(?:search|proceed|book|look|query|check|continue|complete|start|initiate|find|attempt)\b|"
    r"^(?:继续|完成|执行|处理|任何结果|能力|权限|功能)",
    re.IGNORECASE,
)
# A result that holds nothing: an empty list or object, or only empty values. Not an empty
# text: an empty response (or a source that records no result, round 9b's AutoTOD rows)
# states nothing, so "it seems that there are no show times available" after it is the
# agent's own statement of missing information, as "I couldn't find…" is (GUIDELINE: after
# an empty response or an error it does not restate).
_EMPTY_RESULT = re.compile(
    r"""^\s*(?:\[\s*\]|\{\s*\}|null|none)\s*$|^\s*\[\s*\]\s*\n|['"][^'"]{1,40}['"]\s*:\s*(?:\[\s*\]|""|''|\{\s*\})""",
    re.IGNORECASE,
)
_RESTATE_SHARE = 0.5  # share of a clause's words the latest result holds: a restatement
# Only a short result with an empty list or value is empty: a long one merely has a gap.
_EMPTY_RESULT_CHARS = 200


def _span(
    text: str, start: int, end: int, pattern: re.Pattern[str], lo: int = 0, hi: int = -1
) -> tuple[int, int]:
    """The stretch of ``text`` around ``[start, end)`` between two matches of ``pattern``,
    within ``[lo, hi)`` (the whole text unless told: a clause is looked for in its sentence)."""
    hi = len(text) if hi < 0 else hi
    # one character past ``start`` and ``hi``, so a lookahead of the pattern sees what follows
    for m in pattern.finditer(text, lo, start + 1):
        if m.end() <= start:
            lo = m.end()
    after = pattern.search(text, end, hi + 1)
    if after is not None and after.start() >= hi:
        after = None
    hi = after.start() if after else hi
    if after and after.group().strip() in ".!?。！？；;":
        hi = after.end()
    return lo, hi


def sentence_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence of ``text`` around ``[start, end)``: between . ! ? (before a space),
    Chinese stops and line breaks."""
    return _span(text, start, end, _sentence_end(text))


# A record's status in Chinese words and the English value a record gives it: a Chinese
# answer reads back an English-keyed record ('"status": "shipped"' as "已经发货").
_ZH_STATUS = (
    (re.compile(r"已(?:经)?(?:发货|發貨|寄出|发出|發出)"), ("shipped",)),
    (re.compile(r"已(?:经)?(?:送达|送達|签收|簽收|妥投)"), ("delivered",)),
    (re.compile(r"已(?:经)?(?:取消)"), ("cancelled", "canceled")),
    (re.compile(r"已(?:经)?(?:退款)"), ("refunded",)),
    (re.compile(r"已(?:经)?(?:退货|退貨)"), ("returned",)),
    (
        re.compile(r"(?:待处理|待處理|尚未发货|尚未發貨|还没(?:有)?发货|還沒(?:有)?發貨)"),
        ("pending",),
    ),
    (re.compile(r"(?:处理中|處理中|正在处理|正在處理)"), ("processing", "pending")),
)


# A field the record gives as none ('"insurance": "no"') and its Chinese denial ("没有购买保险").
def _none_field(key: str) -> re.Pattern[str]:
    """A record's field ``key`` (a regex) given as none: "no", "none", false, 0, null or []."""
    return re.compile(
        rf"""["']{key}["']\s*:\s*(?:["'](?:no|none)["']|false|0\b|null|\[\])""", re.IGNORECASE
    )


_ZH_FIELD_NONE = (
    # mk39zh (made-up, session 34): a kind of insurance named by its short form ("没有购买行程险",
    # "没买意外险") denies the same field: the null insurance read back, as "没有购买保险" is
    (
        re.compile(
            r"(?:没有|沒有|没|沒|未|无|無)(?:购买|購買|买|買|办理|辦理|选择|選擇|包含|含)?"
            r"(?:行程|旅行|旅游|旅遊|航空|延误|延誤|意外|退票|取消)(?:险|險)"
        ),
        _none_field("insurance"),
    ),
    (
        re.compile(
            r"(?:没有|沒有|没|沒|未|无|無)(?:购买|購買|买|買|办理|辦理|选择|選擇|包含|含)?(?:旅行|旅游|旅遊)?(?:保险|保險)"
        ),
        _none_field("insurance"),
    ),
    (
        re.compile(r"(?:没有|沒有|没|沒|未|无|無)(?:任何)?(?:托运|託運|付费|付費)?行李"),
        _none_field(r"\w*baggages?"),
    ),
    # "公务舱已经没有余票了" after a cabin's '"left": 0'
    (
        re.compile(r"(?:没有|沒有|没|沒|无|無)(?:余票|餘票|座位|空位)|(?:售罄|售完|满座|滿座)"),
        _none_field(r"(?:left|seats_left|remaining|余票|餘票)"),
    ),
)


def _zh_record_held(clause: str, result: str) -> bool:
    """True when a Chinese clause names a status ("已经发货") that a record of the result
    gives in English ("status": "shipped") or in Chinese ("status": "已发货"), or denies a
    field the record gives as none ("没有购买保险" after '"insurance": "no"')."""
    if not _CJK.search(clause):
        return False
    values = {m.group(1).lower() for m in _STATUS_FIELD.finditer(result)}
    if values and any(
        pattern.search(clause) is not None
        and (
            values.intersection(english)
            # a Chinese record's own status in other words ("已经发货了" for "已发货")
            or any(pattern.search(value) is not None for value in values)
        )
        for pattern, english in _ZH_STATUS
    ):
        return True
    return any(
        pattern.search(clause) is not None and none.search(result) is not None
        for pattern, none in _ZH_FIELD_NONE
    )


# mk39zh (made-up, session 34): a Chinese softener before a name the result holds word for word
# ("看起来快递现在在杭州转运中心" after a tracking event "到达【杭州转运中心】"): the issue's
# "softener in front of a fact the latest tool result states". A run of four or more Chinese
# characters of the clause found in the result is the result's own value (a place, a product
# name); shorter runs are everyday words any result may share.
_MK39ZH_HELD_RUN = 4
_MK39ZH_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{4,}")
# a modal or a reason in the clause makes it say more than the value ("看起来应该是…")
_MK39ZH_SAYS_MORE = re.compile(r"应该|應該|可能|大概|也许|也許|估计|估計|因为|因為|所以|会|會")


def _mk39zh_value_held(clause: str, result: str) -> bool:
    """True when the Chinese softener ``clause`` names, in four or more Chinese characters, a
    value ``result`` holds word for word, and says nothing more (no modal, no reason)."""
    if not _CJK.search(clause) or _MK39ZH_SAYS_MORE.search(clause):
        return False
    for m in _MK39ZH_CJK_RUN.finditer(clause):
        run = m.group()
        for i in range(len(run) - _MK39ZH_HELD_RUN + 1):
            if run[i : i + _MK39ZH_HELD_RUN] in result:
                return True
    return False


# A clause that is the softener alone ("Apparently, the card on file is…") or one that a colon
# ends ("there are two reservations under your profile: M20IZO and 4WQ9ZL"): what it says
# runs on to its sentence's end.
_ONLY_PUNCT = re.compile(r"[\W_]*", re.UNICODE)


def _clause_runs_on(text: str, h: HedgeMatch, c_lo: int, c_hi: int) -> bool:
    """True when the softener's clause says nothing of its own: the cue alone, or a
    lead-in that a colon ends."""
    if _ONLY_PUNCT.fullmatch(text[c_lo : h.start] + text[h.end : c_hi]):
        return True
    return text[c_hi : c_hi + 1] in (":", "：")


def _restates(
    clause: str, result: str | None, kind: str = "softener", inference: bool = False
) -> bool:
    """True when the clause says what the latest tool result already says: a negation
    after a result that holds nothing or says it found nothing, or (for a softener)
    mostly the result's own words.

    A statement of missing information ("I couldn't find any hotels") restates only a
    result that says it found nothing or holds an empty list; after an empty response
    or an error it reports data the tool failed to give, which is the hedge. A clause
    that draws a conclusion (``inference``: "so it appears to be outside the return
    period") says more than the result's words, though it shares them."""
    if result is None:
        return False
    # A statement of missing information is a negation itself ("couldn't find").
    negation = kind == "missing" or any(
        # "only" before an amount is "merely" ("adult tickets are only $6"), no negation
        m.group().lower() != "only" or not _ONLY_AMOUNT.match(clause, m.end())
        for m in context_patterns()["negation"].finditer(clause)
    )
    if (
        not negation
        and kind == "softener"
        and _FALSE_CHECK.search(result)
        and _FAILED_OUTCOME.search(clause)
    ):
        negation = True  # "the admin password seems to be incorrect" after the check's False
    if (
        negation
        and kind == "softener"
        and _PROPERTY_DENIED.search(clause)
        # a check that came out false states that the property it checked does not hold
        # ("the slots are not available" after the availability check's False)
        and not _FALSE_CHECK.search(result)
    ):
        # "It seems that the system of equations is not solvable" after "No result.": a
        # reason for the empty result that denies a property of the task's thing, not the
        # absence the result states (session 18's guess at why it is empty)
        negation = False
    if negation and _no_result(result):
        return True
    if kind == "softener" and _NOT_THEIRS.search(clause) and _PERMISSION_DENIED.search(result):
        # "It doesn't appear to belong to your store" after "permission_denied … may not view
        # order #4127": the refusal the result states, read back (session 30)
        return True
    if kind == "missing" and _names_null_field(clause, result):
        return True  # "There are no prerequisites listed" after "'prerequisites': None"
    if kind == "missing":
        # "It seems I'm unable to retrieve hotel information" after a short failure that
        # says "we cannot retrieve hotel information": the result's own words. After
        # "Error: 500", or a result that holds data, it counts.
        failure = len(result) <= _NO_RESULT_CHARS and _FAILURE.search(result)
        if failure and _UNSUPPORTED.search(result) and _AVAILABILITY.search(clause):
            return True  # "the verse is not available in Spanish" after "language is not supported"
        if (
            failure
            and _AVAILABILITY.search(clause)
            and _AVAILABILITY.search(result)
            and not _OUTAGE.search(result)
        ):
            # "It seems the colour you selected is not available" after "Error: new item
            # 6695092337 is not available": the item's status the result gives, read back
            # (session 29); a service that is unavailable gave no fact to read back
            return True
        return bool(failure) and _mostly_held(clause, result)
    if kind != "softener":
        return False
    if _zh_record_held(clause, result):
        return True  # "看起来您的订单已经发货了" after '"status": "shipped"': the record's status
    if not inference and _mk39zh_value_held(clause, result):
        return True  # "看起来包裹现在在杭州转运中心" after an event "到达【杭州转运中心】"
    # "It appears there's a discrepancy: the reservation lists only one passenger, but you
    # mentioned two": the user's words set against the record are the user's, and the
    # discrepancy named is the comparison itself; what is left is read against the result
    clause = _USER_CONTRAST.sub(" ", _DISCREPANCY.sub(" ", clause))
    value = _BARE_VALUE.match(result)
    if value is not None and not inference:
        # "It seems your balance is $1000.00" after "(True, 1000.0)": a check's bare value
        # read back (session 24's check outcome, the softener case)
        held = fact_words(value.group(1))
        if held and held <= fact_words(clause):
            return True
    empty = len(result) <= _EMPTY_RESULT_CHARS and _EMPTY_RESULT.search(result)
    if empty and negation:
        return True
    return not inference and _mostly_held(clause, result)


# A discrepancy named before what it is between ("there's a discrepancy:"), and the user's own
# words set against the record ("but you mentioned two", "while you said May 20").
_DISCREPANCY = re.compile(
    r"\bthere(?:['’]s|\s+is)\s+(?:a|some)\s+(?:slight\s+)?(?:discrepancy|mismatch)\b", re.IGNORECASE
)
_USER_CONTRAST = re.compile(
    r"\b(?:but|while|whereas)\s+you\s+(?:mentioned|said|told\s+me|stated|indicated|wrote)\b[^.;!?]*",
    re.IGNORECASE,
)
# A result that refuses the user the record ("permission_denied", "may not view order #4127"),
# and a clause that says the record is not the user's ("doesn't appear to belong to your store").
_PERMISSION_DENIED = re.compile(
    r"permission[_\s]denied|\bmay\s+not\s+(?:view|access|see)\b|\bnot\s+authori[sz]ed\b",
    re.IGNORECASE,
)
_NOT_THEIRS = re.compile(
    r"\b(?:does|do)(?:n['’]t|\s+not)\s+(?:appear|seem)\s+to\s+(?:belong\s+to|be\s+associated\s+with)"
    r"\s+(?:your|this)\b",
    re.IGNORECASE,
)
# A property denied of the task's thing, not an absence: "is not solvable", "doesn't have a
# unique solution", "has no real roots".
_PROPERTY_DENIED = re.compile(
    r"\b(?:is|are)\s+not\s+(?:\w+able|\w+ible)\b|"
    r"\b(?:does|do)\s*n[o']t\s+have\s+(?:a|an)\s+(?:unique|single|real|valid|exact)\b|"
    r"\bhas\s+no\s+(?:unique|single|real|valid|exact)\s+solutions?\b",
    re.IGNORECASE,
)
# A result that is one value, bare or as a check's status pair: "1000.0", "(True, 1000.0)",
# "2023-11-15T10:00:00".
_BARE_VALUE = re.compile(
    r"""^\s*(?:\(\s*true\s*,\s*)?['"]?([$€£]?-?\d[\d.,:T -]{0,30}?)['"]?\s*\)?\s*$""",
    re.IGNORECASE,
)
_ONLY_AMOUNT = re.compile(r"\s+(?:about\s+)?[$€£¥]?\d")

# A field of a result that holds nothing ("'prerequisite_course_codes': None", '"prerequisites":
# []'): the record states the absence, so a statement of absence that names the field reads it
# back, the softener case (round cs16's course agent: "There are no prerequisites listed for
# this course"); a result without the field, or with a value in it, states nothing of it.
_NULL_FIELD = re.compile(
    r"""['"]([A-Za-z][\w ]{2,40})['"]\s*:\s*(?:None|null|\[\s*\]|""|''|\{\s*\}|'\{\}')"""
)
# Words of a key that name no fact of their own ("course" of "prerequisite_course_codes").
_FIELD_GENERIC = frozenset(
    {"course", "courses", "code", "codes", "name", "names", "title", "type", "value", "values"}
    | {"data", "info", "information", "details", "list", "item", "items", "result", "results"}
)
_FIELD_WORD = re.compile(r"[a-z]+")
# The words that read a record's field back ("no prerequisites listed", "not specified").
_READ_BACK = re.compile(r"\b(?:listed|specified|mentioned|stated|recorded)\b", re.IGNORECASE)
_FIELD_MIN = 4  # letters of a key's word that may name a field ("tags" yes, "id" no)


def _names_null_field(clause: str, result: str) -> bool:
    """True when ``clause`` names a field that ``result`` holds empty (a word of the key, a
    plural "s" aside, among the clause's words)."""
    if ":" not in result or _READ_BACK.search(clause) is None:
        return False  # no field at all, or no field read ("I don't have the details" counts)
    said = {w.rstrip("s") for w in _FIELD_WORD.findall(clause.lower())}
    for m in _NULL_FIELD.finditer(result):
        for word in _FIELD_WORD.findall(m.group(1).lower()):
            if len(word) >= _FIELD_MIN and word not in _FIELD_GENERIC and word.rstrip("s") in said:
                return True
    return False


def _mostly_held(clause: str, result: str) -> bool:
    """True when most of the clause's content words (softeners aside) are the result's,
    values compared in one spelling (:func:`fact_words`)."""
    said = fact_words(clause) - _SOFTENER_WORDS
    if not said:
        return False
    held = fact_words(result)
    return len(said & held) / len(said) >= _RESTATE_SHARE


# A date as a result writes it: "2024-05-15", "2024/05/15", "2024-05-15T09:00:00".
_FACT_DATE = re.compile(r"\b(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?!\d)")
# A day with its ordinal suffix ("May 2nd", "the 16th"): the day's number.
_FACT_ORDINAL = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\b", re.IGNORECASE)
# A clock time without am or pm ("18:42", "09:00:00"): on the twelve-hour clock.
_FACT_CLOCK = re.compile(
    r"(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?(?![\d:])(?!\s*[ap]\.?m\b)", re.IGNORECASE
)
_FACT_NUMBER = re.compile(r"\d+(?:,\d{3})+(?:\.\d+)?|\d+\.\d+")


def _iso_date(m: re.Match[str]) -> str:
    month = int(m.group(2))
    if not 1 <= month <= 12:
        return m.group()
    name = MONTH_NAMES[month - 1]
    return f" {name} {int(m.group(3))} {m.group(1)} "


def _clock(m: re.Match[str]) -> str:
    hour = int(m.group(1))
    return f" {hour % 12 or 12} {m.group(2)} {'pm' if hour >= 12 else 'am'} "


@functools.lru_cache(maxsize=1024)
def fact_words(text: str) -> frozenset[str]:
    """The content words of ``text`` with its values in one spelling, so a clause that
    restates a result in other words for the same values still matches it: a number with
    thousands commas or trailing decimal zeros as its plain key ("$1,450.00" and "1450.0"
    both give "1450"), an ISO date as its month's name, day and year
    ("2024-06-15" gives "june", "15", "2024", as "June 15th, 2024" does), a day's ordinal as
    its number, and a clock time on the twelve-hour clock ("18:42" gives "6", "42", "pm",
    as "6:42 PM" does)."""
    if _DIGIT.search(text):
        text = _FACT_DATE.sub(_iso_date, text)
        text = _FACT_CLOCK.sub(_clock, text)
        text = _FACT_ORDINAL.sub(r"\1", text)
        text = _FACT_NUMBER.sub(lambda m: _number_key(m.group()), text)
    return content_words(text)


# A check's whole result when it came out false: a bare false, a status pair whose value is
# false or empty, a pair that reports the call failed, a missing key.
_FALSE_CHECK = re.compile(
    r"""^\s*false\s*$|^\s*\(\s*true\s*,\s*(?:false|\[\s*\]|\{\s*\}|none|0)\s*\)\s*$|"""
    r"""^\s*\(\s*false\s*,[^\n]{0,80}\)\s*$|^\s*keyerror\b[^\n]{0,80}$""",
    re.IGNORECASE,
)
# The outcome a failed check states, said of what was checked: "the credentials appear to
# be incorrect" after a login's "False" restates it (no cause is named; "the details may
# be wrong, or we may need more" puts one forward: session 18's guess).
_FAILED_OUTCOME = re.compile(
    r"\b(?:incorrect|invalid|unsuccessful|wrong|denied|rejected)\b", re.IGNORECASE
)
# A result that says it found nothing ("No hotels match your criteria", "No results
# found", "未找到") or holds an empty list; only a short one: a long result that
# mentions "not found" somewhere still holds data.
_NO_RESULT = re.compile(
    r"""^\s*\[\s*\]\s*(?:$|\n)|['"][^'"]{1,40}['"]\s*:\s*\[\s*\]|"""
    # ... or an empty list assigned ("answer.result = []": round cs16's query results)
    r"""\.result\s*=\s*\[\s*\]\s*(?:$|\n)|"""
    r"""\bno\b(?!\s+more\s+results\b)[^.!?\n]{0,60}?\b(?:found|available|match(?:es|ed|ing)?|results?)\b|"""
    r"""\bnot\s+found\b|\bnothing\s+found\b|未找到|没有找到|沒有找到|无结果|無結果|查询不到|查不到|"""
    # a record said not to exist ("错误：订单不存在", "Error: user does not exist"): not found
    r"""不存在|\bdoes\s+not\s+exist\b|\bdoesn['’]t\s+exist\b|"""
    # a database agent's summary in words: "There is nothing that fits the criteria.",
    # "There are no rows in the dataframe where…", "The \"bangkok city restaurant\" is not
    # in the dataframe" (InstructTODS, round 10)
    r"""\bnothing\s+(?:that\s+)?(?:fits|matches|matched)\b|\bno\s+(?:rows?|records?|entries)\b|"""
    # "There is no column that contains booking information": the table holds no such field
    r"""\bno\s+(?:columns?|fields?)\s+(?:that\s+)?(?:contains?|holds?|has|have|with|for|named)\b|"""
    r"""\bnot\s+in\s+the\s+(?:database|dataframe|table|catalog(?:ue)?|records?)\b|"""
    # a check that came out false, the whole result (session 24's service agents: a
    # login or availability check's "False", "(True, False)", "(False, {})", a lookup's
    # "KeyError: 'CS101'"): what the agent checked does not hold (GUIDELINE, session 24)
    + _FALSE_CHECK.pattern,
    re.IGNORECASE,
)
_NO_RESULT_CHARS = 400
# A result that reports the tool itself down: its "unavailable" is no status of an item.
_OUTAGE = re.compile(
    r"\b(?:service|server|system|api|endpoint|temporarily|outage)\b", re.IGNORECASE
)
# An error that says a value is not supported: "not available" restates it.
_UNSUPPORTED = re.compile(r"\bnot\s+supported\b|\bunsupported\b|不支持", re.IGNORECASE)
# A result that reports a failure in words: also an outage ("The availability service is
# temporarily unavailable", "The request ... timed out").
_FAILURE = re.compile(
    r"\b(?:cannot|can't|could\s+not|couldn't|unable|failed|not|no|unavailable|timed\s+out)\b|"
    r"无法|未能|失败|不能",
    re.IGNORECASE,
)


#: Where a long result must say it is an error (``{"error": {…``) to be read as one.
_ERROR_HEAD_CHARS = 80
_ERROR_HEAD = re.compile(r"\berror\b", re.IGNORECASE)


# mk36 (made-up, session 33): an error code in snake case, {"error": "customer_not_found"},
# says it found nothing as "not found" in words does ("\bnot" fails after the underscore);
# "I couldn't find an account with that email" restates it (GUIDELINE: a result's own lack
# read back is no missing information). A pattern of its own keeps its literal prefilter.
_MK36_NOT_FOUND_CODE = re.compile(r"_not_found\b|\bnot_found_", re.IGNORECASE)


def _no_result(result: str) -> bool:
    """True when ``result`` says it found nothing: a short result, or an error of any length
    that says so (``{"error": {"code": "FLIGHT_NOT_FOUND", "message": "No scheduled flight
    found…", "details": …}}`` holds no data, however long its details)."""
    if len(result) <= _NO_RESULT_CHARS:
        return (
            _NO_RESULT.search(result) is not None or _MK36_NOT_FOUND_CODE.search(result) is not None
        )
    return (
        _ERROR_HEAD.search(result, 0, _ERROR_HEAD_CHARS) is not None
        and _NO_RESULT.search(result, 0, _NO_RESULT_CHARS) is not None
    )


# An approximate number: "approximately 5 hours", "约3-4小时", "~$40". A guess unless
# the latest result holds the number. A tilde between two numbers is a range ("疗程也就是
# 3~5天"), not an approximation.
# A Chinese approximation may be "约等于" before its number, or a numeral in characters
# before its unit ("省电模式最长约一周", "约两天": round 12's Vertu agent).
_ZH_ESTIMATE = (
    r"(?:大约|约|約)(?:\s*(?:等于|等於))?\s*[$€£¥￥]?\d|"
    # a date in history: "约公元前16世纪", "大约在公元前2800年" (session 22's answers set)
    r"(?:大约|大約|约|約)在?公元前?\d|"
    # (the match ends before the numeral, as a digit's ends on its first digit: the rules
    # read the number and its unit after it)
    r"(?:大约|约|約)(?=[一二三四五六七八九十两兩半几幾]+[个個]?"
    r"(?:周|星期|天|小时|小時|分钟|分鐘|个月|個月|月|年|公里|米|元|块|塊|倍))|"
    # "近四百万亿亿瓦特", "近30%" ("nearly", session 20; round 21): 近年, 近期 and 近十年 ("in
    # recent years") are times, and 接近, 最近, 附近 other words
    r"(?<![接最附将將靠逼贴貼临臨])近(?=(?:\d+(?:\.\d+)?|[一二三四五六七八九十两兩百千万萬亿億]+)"
    r"(?![\d.一二三四五六七八九十两兩百千万萬亿億])(?![个個]?(?:年|月|天|日|周|週|期|来|來|代|次|届|屆|"
    r"小时|小時|分钟|分鐘|秒|世纪|世紀|星期)))"
)
_ESTIMATE = re.compile(
    r"(?<![\w-])(?:approximately|approx\.|about|around|roughly|some)\s+[$€£¥]?\d|~(?<!\d~)(?<!\d\s~)\s*[$€£¥]?\d|"
    # "about a 2-hour drive", "around a 10-minute walk": a length as an adjective (session 31)
    r"(?<![\w-])(?:approximately|about|around|roughly)\s+an?\s+\d|" + _ZH_ESTIMATE,
    re.IGNORECASE,
)
# The same matches in the text's lower case, case-sensitively (several times faster), each
# word's first letter before the boundary test behind it, so the engine skips to those
# letters. Exact where lower-casing keeps every offset and the text has none of the four
# letters that match an ASCII letter only under IGNORECASE (_FOLDS_TO_ASCII).
_ESTIMATE_LOWER = re.compile(
    r"a(?<![\w-].)(?:pprox(?:imately|\.)|bout|round)\s+[$€£¥]?\d|r(?<![\w-].)oughly\s+[$€£¥]?\d|"
    r"s(?<![\w-].)ome\s+[$€£¥]?\d|~(?<!\d~)(?<!\d\s~)\s*[$€£¥]?\d|"
    r"a(?<![\w-].)(?:pproximately|bout|round)\s+an?\s+\d|r(?<![\w-].)oughly\s+an?\s+\d|"
    + _ZH_ESTIMATE
)
_ARTICLE_AFTER = re.compile(r"\s+an?$", re.IGNORECASE)
_FOLDS_TO_ASCII = re.compile("[\u0130\u0131\u017f\u212a]")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_DIGIT = re.compile(r"\d")
_ZH_APPROXIMATOR = re.compile(r"大约|约|約")
# What an approximate number needs: a digit, or 约 before a numeral in characters.
_ESTIMATE_GATE = re.compile(r"[\d约約近]")  # one class: faster than an alternation
# A number of a result that stands alone: not a piece of a date, a time or an id
# ("20" in "2024-04-20" or "12:20" holds no 20 minutes).
# A Chinese character beside it is no part of it ("约为3956.62万人": Chinese has no spaces).
_QUANTITY = re.compile(
    r"(?<![-:/])(?<![^\W\u3400-\u4dbf\u4e00-\u9fff])\d+(?:[.,]\d+)*(?![-:/]\d|\w*\d)"
)
# A number right after an approximation word ("approximately 3 days", "大约425.50").
_NUMBER_AFTER = re.compile(
    # markdown bold around it too: "approximately **35.36**"
    r"\s*(?:等于|等於|为|為|是|is|at|of|=)?\s*(?:\*\*|__)?[$€£¥￥]?\s*(\d+(?:[.,]\d+)*)",
    re.IGNORECASE,
)
# The number before "~" with its unit: "4.45元/方 ~ 4.55元/方" gives a range's ends.
_RANGE_BEFORE = re.compile(r"\d(?:\s*[^\s\d~]{1,5})?\s*$")
#: The approximation words written after their number ("4.00元/立方米左右").
_AFTER_NUMBER = frozenset({"左右", "上下"})
_NUMBER_BEFORE = re.compile(r"(\d+(?:[.,]\d+)*)\s*[^\s\d，,。；;]{0,6}\s*$")
# An average named: the approximated number is the mean of a result's values.
_AVERAGE = re.compile(r"平均|均价|均價|均值|average|\bmean\b|median|中位", re.IGNORECASE)


def _averaged(text: str, number: str, result: str | None) -> bool:
    """True when the text names an average and ``number`` lies between the least and the
    greatest of the result's values of its size ("月均价约为4.01元" after daily prices
    from 3.95 to 4.05): a computation on what the result holds, as a rounding is."""
    if not result or not _AVERAGE.search(text):
        return False
    try:
        value = float(number.replace(",", ""))
    except ValueError:
        return False
    values = []
    for m in _QUANTITY.finditer(result):
        try:
            v = float(m.group().replace(",", ""))
        except ValueError:
            continue
        if value / 10 <= v <= value * 10:  # the same order: not dates, ids or counts
            values.append(v)
    return len(values) >= 2 and min(values) <= value <= max(values)


#: Lexicon guesses that approximate the number after them; like an estimate, they
#: restate the latest result when it holds that number.
_APPROXIMATORS = frozenset(
    {"approximately", "about", "around", "roughly", "an estimated", "estimated"}
    | {
        "大约",
        "大約",
        "约为",
        "約為",
        "大概",
        "差不多",
        "约",
        "約",
        "大致",
        "大致为",
        "大致為",
        "近",
    }
)


def _number_key(number: str) -> str:
    """A number as a comparable string: no thousands commas, no trailing decimal
    zeros ("1,176.470" and "1176.47" are the same)."""
    n = number.replace(",", "")
    if "." in n:
        n = n.rstrip("0").rstrip(".")
    return n


def _held(number: str, result: str | None) -> bool:
    """True when ``result`` holds ``number`` (in any usual spelling)."""
    if not result:
        return False
    key = _number_key(number)
    return any(_number_key(m.group()) == key for m in _QUANTITY.finditer(result))


def _total_held(number: str, result: str | None, *, money: bool = False) -> bool:
    """True when ``number`` is, or rounds, a total of the JSON ``result``'s list
    (:func:`projeval.traces.claims.totals_in`: an order's items, a trip's legs), to the
    precision it is written in ("262" for 262.47); an amount of ``money`` also when it is
    the difference of two of the list's prices ("a refund of about $0.58" between variants
    priced 155.33 and 154.75: an exchange's price difference)."""
    if not result:
        return False
    try:
        value = Decimal(number.replace(",", ""))
    except InvalidOperation:
        return False
    places = len(number.partition(".")[2])
    # Totals only, but for money: the number after "about" may be of days or items, and the
    # differences of a list's small whole numbers would hold most of them.
    return totals_in(result).gives(value, Decimal(5).scaleb(-places - 1), differences=money)


def _length_held(text: str, pos: int, result: str | None) -> bool:
    """True when ``text`` states a length of time at ``pos`` that is the time between two
    times of one object of the JSON ``result`` (:func:`projeval.traces.claims.durations_in`),
    to the precision it is written in."""
    form = spoken_length(text, pos) if result else None
    return form is not None and result is not None and duration_of(form, durations_in(result))


# A clock time ("07:40", the "11:15" of "2025-05-20T11:15:00"), not the seconds of one.
_MK38ZH_CLOCK = re.compile(r"(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?!\d)")
_DAY_MINUTES = 24 * 60


def _mk38zh_clock_span(text: str, s_lo: int, pos: int, result: str | None) -> bool:
    """True when the length of time ``text`` states at ``pos`` is, to its precision, the span
    between a clock time its sentence states before it and another time that sentence or
    ``result`` states (a later time of day, or the next day's): mk38zh, session 34."""
    form = spoken_length(text, pos)
    # at most _CLOCKS times from each side, as _clock_held reads them: the pairs grow with
    # the product, and a hostile result can hold thousands of times
    own = [int(h) * 60 + int(m) for h, m in _MK38ZH_CLOCK.findall(text, s_lo, pos)][:_CLOCKS]
    if form is None or not own:
        return False
    held = (int(m.group(1)) * 60 + int(m.group(2)) for m in _MK38ZH_CLOCK.finditer(result or ""))
    others = own + list(itertools.islice(held, _CLOCKS))
    spans = frozenset((b - a) % _DAY_MINUTES for a in own for b in others if a != b)
    spans |= frozenset((a - b) % _DAY_MINUTES for a in own for b in others if a != b)
    # ... rounded to the half hour or the hour, as a span is said ("about 3.5 hours" for 3:35)
    rounded = {round(d / step) * step for d in spans for step in (30, 60)}
    return duration_of(form, spans | frozenset(rounded))


def _length_read(text: str, hedge: Hedge, held_length: Callable[[str], bool]) -> bool:
    """True when ``hedge`` approximates a length of time ("about 2 hours and 40 minutes")
    that ``held_length`` says what the agent read earlier gives."""
    if hedge.phrase.lower() not in _APPROXIMATORS:
        return False
    after = _NUMBER_AFTER.match(text, hedge.end - 1 if hedge.match[-1:].isdigit() else hedge.end)
    form = spoken_length(text, after.start(1)) if after else None
    return form is not None and held_length(form)


def _amount_worked(text: str, hedge: Hedge, held_amount: Callable[[str], bool]) -> bool:
    """True when ``hedge`` approximates an amount of money ("about $53") that
    ``held_amount`` says the message works out from amounts read earlier."""
    if hedge.phrase.lower() not in _APPROXIMATORS:
        return False
    after = _NUMBER_AFTER.match(text, hedge.end - 1 if hedge.match[-1:].isdigit() else hedge.end)
    if after is None or not _is_money(text, after):
        return False  # an amount of money only: "about 3 days" is no price worked out
    return held_amount(after.group(1))


# The currency sign right before an approximated number: "about $53", "约¥120".
_MONEY_BEFORE = re.compile(r"[$€£¥￥]\s?$")


def _is_money(text: str, number: re.Match[str]) -> bool:
    """True when a currency sign stands right before the number a :data:`_NUMBER_AFTER`
    match found ("about $53")."""
    return _MONEY_BEFORE.search(text, max(0, number.start(1) - 2), number.start(1)) is not None


_SOFTENER_WORDS = frozenset(
    {"seem", "seems", "seemingly", "appear", "appears", "apparently", "look", "looks", "like"}
    | {"似乎", "好像", "看起", "起来", "看来"}
)


def find_hedges(
    lexicon: Lexicon,
    text: str | None,
    latest_result: str | None = None,
    window: int = DEFAULT_WINDOW,
    *,
    gate: str = DEFAULT_GATE,
    source: str = "message",
    other_results: Sequence[str] = (),
    held_length: Callable[[str], bool] | None = None,
    held_amount: Callable[[str], bool] | None = None,
    records: Sequence[tuple[str, str]] = (),
    user: str | None = None,
) -> list[Hedge]:
    """The hedges of an assistant ``text`` that mean uncertainty about the task's facts.

    ``user`` is the text of the last user message before ``text`` (``None`` when unknown):
    what the user asked decides some cues (:func:`_user_context_reading`).

    ``held_length``, when given, says whether a length of time ("2 hours and 40 minutes")
    is one the results read earlier in the trace give (a flight's departure and arrival
    in a search several turns back): an approximation of it is worked out, not guessed.
    ``held_amount``, likewise, whether an amount of money ("53") is worked out by the text
    from amounts it states and prices the results hold (a fare difference).

    ``records`` are the results read earlier in the trace (the latest among them), each
    with the arguments of the call that asked for it (``('{"plate_num": "86XY120"}',
    "<the vehicle's record>")``): a softener before what one of them states ("It looks
    like the registered address for plate 86XY120 is already 789 New Street", after the
    record and a logout's ``True``) reads back a fact the agent read, no hedge, as it would
    not be after that record alone. The clause's words past those naming what was asked
    must be mostly the record's ("It looks like plate 86XY120 was suspended" names the
    plate, and states nothing the record holds). Only a softener: a guess at a value an
    earlier result holds (a modal, an approximate number) still counts, lengths aside.

    ``other_results`` are the other tool results the text was written after, besides
    ``latest_result``: those the agent received since it last wrote (parallel calls, or
    several lookups before one answer). A cue that any of them explains (a softener
    before what one of them states, a number one of them holds) does not count, as it
    would not after that result alone.

    ``gate`` decides which cues (:func:`hedge_candidates`) count: ``"model"``, the
    learned gate (``hedge_model.json``: a cue counts when its probability, from
    :func:`candidate_features`, reaches the threshold the model was cross-validated
    for), or ``"rules"``, the hand rules below alone. ``source`` says where ``text``
    sits: an assistant ``"message"`` or a ``"tool"``'s arguments the model wrote (a
    think tool).

    Under the rules, each phrase :meth:`Lexicon.find` finds is read in its clause (the stretch
    between commas, colons, "but"... inside its sentence) and counts when:

    - ``guess`` ("probably", "可能"): the sentence is no question ("...or maybe
      something else?"), the clause is not about the agent's own process (a
      tool, call, search or the network as its subject; a word such as "issue" or
      "connection" after the phrase only after a failed call: "this is likely a
      connection issue" is the user's line), not a plan or option ("let me try
      files that might hold it"; a clause opening with "which" or "including"
      is read with the one before it), not about the user or an offer ("an
      agent who may be able to help you"; "you likely don't need to print it"
      is a guess about this case), and the user is not its subject
      ("the user seems to be ready"; "the user might mean Tokyo" counts), nor the
      agent's own next step ("I think I can answer", "it looks like I can't
      reschedule"); an approximation ("approximately 3 days") counts unless
      ``latest_result`` holds the number (also more precisely: "around 15°C" after
      ``15.3``), it converts a stated value into another unit ("15°C, which is
      approximately 59°F"), or it is worked arithmetic on figures the text states
      ("from 81,797 to 82,959, an increase of around 1,162", "cos(45°)");
    - ``softener`` ("it seems", "看起来"): as a guess, and the clause does not
      restate ``latest_result`` (the last tool result before the text): a
      negation after a result that is empty or says it found nothing ("No
      flights available"), or mostly the result's own words, unless it draws a
      conclusion ("…, so it appears to be outside the return period");
    - ``missing`` ("I couldn't find", "not available"): no process word comes
      before it in the clause, it does not govern a process verb ("unable to
      proceed"), it does not restate a result that says it found nothing or
      holds an empty list ("I couldn't find any hotels" after "No hotels
      match"; after an empty response or an error it still counts), and "need
      to clarify" counts only about what something means; not in a condition ("if the
      option is unavailable"), as a field's whole value ("Aid status: Not available"),
      nor when an option, access or service is what is unavailable, or a record shows
      it so ("is now showing as unavailable"): a status; not
      when what is missing is the input of the agent's own call or its tool ("缺少
      seasonId", "no information about what functions are supported") or what the
      agent would give ("I don't have personal opinions", "无法提供医疗建议"), nor a "need to
      confirm whether" (a plan to check), nor a shop's flat absence ("I don't have
      anything like that available"); a search named as the source ("根据我的搜索，
      没有找到…") is no process subject;
    - ``doubt`` ("I'm not sure", "无法确定"): as ``missing``, but it never restates an
      empty result ("I am not sure if the claim is true" after a search that found
      nothing: the result says nothing was found, not whether the fact holds);
    - ``general`` ("typically"): never; how things usually are is a paraphrase
      of policy, not a claim about this task's data.

    Besides the lexicon's phrases, three patterns are cues: a field nothing states ("there
    is no specific signature dish mentioned", "the car type is not specified": ``missing``;
    not "in the snippet", the result the subject), the Chinese agent that cannot look up or
    confirm with an adverb between ("我目前无法直接确认": ``missing``), and a hope that the
    parcel comes by a day named ("Fingers crossed you'll have it this week": a guess, not a
    sentence about the user), and an entity or its listing that does not mention or give the
    fact ("The Harbour Inn doesn't specifically mention shuttles": ``missing``, when no
    ``latest_result`` shows the record; not with the user as its subject). "It should arrive
    by early next week" estimates when this order
    comes; "within 5-7 business days" after it is a processing time, and a date the result
    holds is read back.

    Round 13's and 15's tool dialogues add: what the user's request leaves out is the
    user's input ("the location is not specified by the user", "the time is not specified. I
    cannot call the API without it", "unclear what kind of trip they're interested in"), and a
    guess at what the user wants is about the user ("it's likely they want a hotel there"),
    while an assumption that fills the value ("We can assume they want the last train") and
    what a name the user gave denotes ("which could be the name of an artist") count; what a
    kind of thing tends to do ("Fans are likely to buy…", "Central banks might alter rates",
    "In some jurisdictions, there might be…", "there might still be some situations") is the
    general case, a modal after "depending on" a hypothetical; the agent's self and limits
    ("As an AI, I don't have personal tastes", "beyond my toolset's capabilities") claim no
    fact, while no access to data about one ("I don't have access to specific data about…")
    is missing information; a field the result holds empty read back ("Max Supply: not
    specified" after ``null``), an average of the result's values ("均价约为4.50元"), a range
    ("4.45 ~ 4.55"), "any inconvenience it may have caused" and a price that may move
    ("可能会…略有浮动") are no guesses.

    Round 16's consultations and snack bot add: a doctor's likelihood in a noun's words ("有这个
    可能性", "几率偏高了") and "只知道是…" count, as does a Chinese statement before a question
    joined by a comma ("不好说，心肌酶有多少？") and "you might discover new favorites like…" (what
    a product holds); 应该 or 有…可能性 under a condition is the hypothetical, a kind named by a
    threshold ("小于5毫米的室缺…有自愈的可能") the general case, "还应该检查…" and "3-6个月左右复查
    一次" advice, and "我不知道如何操作" the agent's ability; a process word inside the cue ("to
    my knowledge") narrates no process.

    Session 24's service agents add: a check's bare false outcome (``False``, ``(True,
    False)``, ``(False, {})``, ``KeyError: 'CS101'``) is a result that found nothing, so a
    softener or a missing cue that restates it ("it seems the slots are not available", "the
    password seems to be incorrect") does not count, across its sentence's commas; a cause
    put forward for it counts, also when it names the user's credentials ("might be due to
    incorrect identification", "The user might have entered incorrect credentials") or the
    user inside the cause ("or the fact that you might not have a scheduled test"), and a
    guess joined to a narrated failure by "which likely means" or "indicating that" is read
    on its own ("…a KeyError, which likely means the vehicle is not associated with the user").

    A guess mostly in the words of a short reply that states the caveat with its own modal
    repeats it ("availability may change" after "this could change…"); "I think" before a
    judgement of worth ("我认为SpaceX是一个非常出色的公司") is an opinion; a question after a
    colon leaves the claim before it.

    An approximate number ("approximately 5 hours", "约3-4小时") is a guess
    too, unless ``latest_result`` holds the number (a clock time in 12- or 24-hour
    form, or rounded: "around 6:42 PM" is held by ``18:42``, "around 10 AM" by
    ``10:05``). "The estimated delivery date" is a term, as is an estimate field the
    result holds read back ("Estimated refund: $199.99" after ``refund_estimate``), and
    what a policy or an organisation may do ("NSC may charge a fee", "the bag may be
    X-rayed", "可能需要3-5天"), a rule for a kind of thing ("Checked bags may incur a
    fee") or a caveat that a value may vary, a paraphrase of policy, not a guess, as is a
    modal in a sentence with a condition ("If Tesla confirms it, the appointment may need
    to be changed": a hypothetical; "if you change to a later flight" is the user's
    change, and "there might be a fare difference" a guess about this booking); a
    suggestion ("could be made more engaging") or a recommendation's superlative
    ("probably the can't-miss museums") is no guess. Under every kind, a cue in a step
    the agent plans or an instruction ("1. Identify which card appears to be…", "Need to
    retry, then pick likely primary checking", "tell me roughly how much it cost") or
    inside quotation marks (the user's note, text to be copied) claims nothing. Phrases
    a suite adds are guesses. Each hedge is reported with its sentence.

    Session 31 reads what every rule above keeps by the shape of its sentence: one that
    opens by asking or offering ("Would you like … or perhaps …"), the exchange as what went
    wrong ("there might have been a misunderstanding"), a cue that governs a judgement of
    worth ("seems to be the best option"), a softener in a negated clause after an error or
    a refusal, a thing (no piece of information) named as not available, and 应该 before an
    act are no hedges.

    Session 32 reads ``user``: a modal (no approximate figure) or a kind's lack (缺乏) in a
    sentence that speaks to no one and names nothing of ``latest_result``, after a question
    asked in general (why, how, what causes or what kinds, what a term means, the answerer's
    view: "疲劳可能是因为缺乏什么营养素吗？", "What causes fatigue?"), is the general case, no
    hedge. After the user's own case (the first person, an earlier thing taken up, a figure
    of theirs, a family member, a recommendation or a price asked), a yes-no question, a
    value asked ("How far is it?") or a long turn (a case told), and for a modal on what has
    happened ("may have provided") or a modal with no subject or a demonstrative one ("可能是
    因为…", "这可能…": the case the question describes), the rules above decide as without
    ``user``.

    Session 32 reads round 34's support agents: "Sometimes packages can get delayed …" for the
    order the message names as the customer's puts forward a cause of this case (a guess); "the
    issue" when no tool was read is the customer's fault, not the agent's process; an order id
    the listed orders do not hold, an overview the result says is not available, "memory of past
    conversations", "we couldn't get this resolved", a step's effect ("This may give …"), a step
    that "may be necessary" and a fix the user just reported are no hedges.
    """
    hedges = _gated(lexicon, text, latest_result, window, gate, source)
    for result in other_results:
        if not hedges:
            break
        # A cue counts only when it counts after each result: one that explains it wins.
        kept = {(h.start, h.end) for h in _gated(lexicon, text, result, window, gate, source)}
        hedges = [h for h in hedges if (h.start, h.end) in kept]
    if held_length is not None and hedges:
        assert text is not None  # there are hedges
        hedges = [h for h in hedges if not _length_read(text, h, held_length)]
    if held_amount is not None and hedges:
        assert text is not None  # there are hedges
        hedges = [h for h in hedges if not _amount_worked(text, h, held_amount)]

    for asked, record in records:
        if not any(h.kind == "softener" for h in hedges):
            break
        assert text is not None  # there are hedges
        read_back = {
            (c.match.start, c.match.end)
            for c in hedge_candidates(lexicon, text, f"{asked}\n{record}", window)
            if c.rule == "softener_restates" and _told_by(_softened(text, c), asked, record)
        }
        hedges = [h for h in hedges if h.kind != "softener" or (h.start, h.end) not in read_back]
    for asked, record in records:
        if not any(h.kind == "softener" for h in hedges):
            break
        if record.strip() not in _EMPTY_RECORDS:
            continue
        # mk35 (made-up, session 33): a softener before (or tagged after) "no nonstop flights
        # on June 16" restates an earlier search that came back empty, the one asked for that
        # date ("date": "2024-06-16"), though a later search is the latest result: the
        # issue's "It seems there are no nonstop flights on May 6" after an empty search
        assert text is not None  # there are hedges
        read_back = {
            (c.match.start, c.match.end)
            for c in hedge_candidates(lexicon, text, record, window)
            if c.rule == "softener_restates" and _asked_date_named(_softened(text, c), asked)
        }
        hedges = [h for h in hedges if h.kind != "softener" or (h.start, h.end) not in read_back]
    if records and any(h.phrase.lower() in _TERM_ADJECTIVES for h in hedges):
        # mk35 (made-up, session 33): an estimate an earlier record's estimate field holds
        # ("delayed to an estimated 12:05 PM" after the flight's status, a search read last)
        assert text is not None  # there are hedges
        hedges = [
            h
            for h in hedges
            if not any(_estimate_field_read(text, h.phrase, h.end, r) for _, r in records)
        ]
    if user is not None and hedges:
        assert text is not None  # there are hedges
        hedges = [h for h in hedges if not _user_context_reading(text, h, user, latest_result)]
        hedges = [h for h in hedges if not _mk38zh_null_read_back(text, h, user, latest_result)]
    if hedges:
        assert text is not None  # there are hedges
        hedges = [h for h in hedges if not _mk39zh_reading(text, h, user, latest_result)]
        hedges = [h for h in hedges if not _mk40zh_reading(text, h)]
    return hedges


# mk40zh (made-up Chinese support runs, session 34; tuned in session 35). Cues whose sentence
# shape says they qualify no claim of the agent's about the task's data (the GUIDELINE's line):
# - an approximate figure the agent attributes to the user ("按您说的大约三分之一坏果"): the
#   user's own estimate restated, a statement about what the user said, no doubt of the agent's;
_MK40ZH_USER_SAID = re.compile(
    r"(?:按|照|按照|根据|根據|据|據|如)?(?:您|你)(?:刚才|剛才|之前|上面)?"
    r"(?:说|說|讲|講|提到|描述|反馈|反饋|所说|所說)的?"
)
# - a guess whether the agent's own next attempt works, followed by the attempt announced ("地址
#   可能也改不了了，我试一下"): the agent's own process and its modal possibility (the GUIDELINE's
#   plans; session 21's predictions of the agent's next attempt), not a fact of the case.
_MK40ZH_TRIES = re.compile(
    r"[，,]\s*(?:不过|但是?|那)?\s*(?:我|我们|我們)(?:先|再|还是|還是|来|來|去|帮您|幫您|给您|給您)*"
    r"(?:试|試)(?:一下|一試|一试|试看|試看|试|試)?(?:吧)?\s*[。！!]?"
)


def _mk40zh_reading(text: str, h: Hedge) -> bool:
    """True when the Chinese cue ``h`` restates the user's own estimate or doubts the agent's
    own next attempt (the block above); mk40zh, session 35."""
    if h.language != "zh":
        return False
    lo, hi = sentence_span(text, h.start, h.end)
    c_lo = max((text.rfind(p, lo, h.start) + 1 for p in "，,；;："), default=lo)
    c_lo = max(c_lo, lo)
    if h.kind == "guess" and h.phrase in _ZH_APPROXIMATE:
        return _MK40ZH_USER_SAID.search(text, c_lo, h.start) is not None
    if h.kind == "guess" and h.phrase in ("可能", "可能会", "可能會"):
        c_hi = min((i for i in (text.find(p, h.end, hi) for p in "，,；;") if i >= 0), default=hi)
        return _MK40ZH_TRIES.match(text, c_hi) is not None
    return False


# mk39zh (made-up Chinese support runs, session 34). Cues whose sentence shape says they qualify
# no claim about the task's data (the GUIDELINE's line; issue 16's deliverable 1):
# - a statement of missing information made a supposition ("不知道的话，给我手机号也可以",
#   "如果系统里查不到的话"): the agent supposes, about the user or the lookup, and states nothing;
_MK39ZH_SUPPOSED_AFTER = re.compile(r"\s*的[话話]")
_MK39ZH_IF_BEFORE = re.compile(r"如果|假如|要是|若是|倘若|万一|萬一")
# - a refusal a rule concludes ("按规定…只适用于…，所以无法提供补偿"): what cannot be given is a
#   thing, not the fact asked; 无法提供 stays a hedge before information ("无法提供准确时间");
_MK39ZH_SO = re.compile(r"(?:所以|因此|因而|故而|这样的话|這樣的話)[^，,。；;！!？?\n]{0,6}$")
_MK39ZH_GIVE = re.compile(r"(?:无法|無法|不能|没法|沒法|没办法|沒辦法)(?:为您|為您|给您|給您)?提供")
_MK39ZH_INFO_NOUN = re.compile(
    r"信息|資訊|资料|資料|时间|時間|数据|數據|详情|詳情|具体|具體|准确|準確|确切|確切|答案|结果|結果|原因|记录|記錄"
)
# - an approximator before a value the result's estimate field holds ("大约需要等3分钟" after
#   "wait_estimate_min": 3): the record's estimate read back (the English "estimated" rule);
_MK39ZH_FIRST_NUMBER = re.compile(r"[^0-9。！？!?；;\n，,]{0,6}?(\d+(?:\.\d+)?)")
# - an approximator before a value given to the cent ("每期本金约1,071.70元"): a worked figure
#   rounded (a quotient of the result's amounts), no estimate of the agent's.
_MK39ZH_TO_THE_CENT = re.compile(
    r"\s*[¥￥$]?\s*\d{1,3}(?:,\d{3})*\.\d{2}(?!\d)|\s*[¥￥$]?\s*\d+\.\d{2}(?!\d)"
)


_MK39ZH_AMOUNT = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
_MK39ZH_SHARES = 60  # instalments, months: the most parts a worked amount is split into


def _mk39zh_worked(value: str, before: str, result: str) -> bool:
    """True when the amount ``value`` is worked from the result: a share of one of its amounts
    (12860.35 in 12 parts is about 1071.70), or the sum or difference of one of them and an
    amount the text gave before (1071.70 + 83.59). A figure the result gives no ground for
    ("面积约为109.86" after "No result.") stays an estimate."""
    target = float(_MK39ZH_AMOUNT.search(value).group().replace(",", ""))  # type: ignore[union-attr]
    held = {float(m.group().replace(",", "")) for m in _MK39ZH_AMOUNT.finditer(result, 0, 20_000)}
    given = {float(m.group().replace(",", "")) for m in _MK39ZH_AMOUNT.finditer(before)}
    held.discard(0.0)
    for a in held:
        if any(abs(a / k - target) <= 0.006 for k in range(2, _MK39ZH_SHARES + 1)):
            return True
        if any(
            abs(a + b - target) <= 0.006 or abs(abs(a - b) - target) <= 0.006 for b in given | held
        ):
            return True
    return False


def _mk39zh_gap(value: str, user: str, result: str) -> bool:
    """True when the fractional ``value`` is the gap between an amount the user gave and one
    the result holds, whole or halved ("85cm的位置两边各剩约2.5cm" for a user's 85 and an 80
    wide item): a figure worked from the two, rounded, not the agent's estimate."""
    target = float(value)
    mine = {float(m.group().replace(",", "")) for m in _MK39ZH_AMOUNT.finditer(user)}
    held = {float(m.group().replace(",", "")) for m in _MK39ZH_AMOUNT.finditer(result, 0, 20_000)}
    return any(
        abs(abs(a - b) - target) <= 0.006 or abs(abs(a - b) / 2 - target) <= 0.006
        for a in mine
        for b in held
    )


def _mk39zh_reading(text: str, h: Hedge, user: str | None, latest_result: str | None) -> bool:
    """True when the Chinese cue ``h`` is a supposition, a refusal by rule, or an approximator
    before a value read or worked (the block above); mk39zh, session 34."""
    if h.language != "zh":
        return False
    lo, hi = sentence_span(text, h.start, h.end)
    c_lo = max(
        (text.rfind(p, lo, h.start) + 1 for p in "，,；;："),
        default=lo,
    )
    c_lo = max(c_lo, lo)
    if h.kind == "missing":
        if _MK39ZH_SUPPOSED_AFTER.match(text, h.end) or _MK39ZH_IF_BEFORE.search(
            text, c_lo, h.start
        ):
            return True
        give = _MK39ZH_GIVE.search(text, max(c_lo, h.start - 6), h.end + 2)
        if give is not None and _MK39ZH_SO.search(text, c_lo, give.start()):
            c_hi = min(
                (i for i in (text.find(p, h.end, hi) for p in "，,；;") if i >= 0), default=hi
            )
            if _MK39ZH_INFO_NOUN.search(text, h.end, c_hi) is None:
                return True
        return False
    if h.kind != "guess" or h.phrase not in _ZH_APPROXIMATE:
        return False
    # the match may run into the number ("约1"): read from the cue's own end
    end = h.start + len(h.phrase) if text.startswith(h.phrase, h.start) else h.end
    cent = _MK39ZH_TO_THE_CENT.match(text, end)
    if (
        cent is not None
        and latest_result
        and _mk39zh_worked(cent.group(), text[:end], latest_result)
    ):
        return True
    if latest_result and user:
        number = _MK39ZH_FIRST_NUMBER.match(text, end)
        if (
            number is not None
            and "." in number.group(1)
            and _mk39zh_gap(number.group(1), user, latest_result)
        ):
            return True
    if latest_result:
        number = _MK39ZH_FIRST_NUMBER.match(text, end)
        values = " ".join(
            m.group(2) for m in _ESTIMATE_FIELD_VALUE.finditer(latest_result, 0, 20_000)
        )
        if number is not None and values and _held(number.group(1), values):
            return True
    return False


# mk38zh (made-up, session 34): a short sentence that says a thing is not out yet ("登机口暂未公布。")
# after a result whose field for it is null, the thing one the user did not ask about: the
# null field read back (the AgentDojo section's "Aid status: Not available"), not a statement of
# missing information about the fact asked (which the user's turn names: "登机口什么时候出来").
_MK38ZH_NULL_FIELD = re.compile(r'":\s*null\b')
_MK38ZH_ADVERBS = re.compile(r"暂时|暫時|目前|现在|現在|还|還|暂|暫|尚|也|都")
_MK38ZH_SHORT = 12


def _mk38zh_null_read_back(text: str, h: Hedge, user: str, latest_result: str | None) -> bool:
    """True when ``h`` is a Chinese missing-information cue in a short sentence naming a thing the
    user's turn does not, after a result with a null field."""
    if h.language != "zh" or h.kind != "missing" or not latest_result:
        return False
    if _MK38ZH_NULL_FIELD.search(latest_result) is None:
        return False
    lo, hi = sentence_span(text, h.start, h.end)
    if hi - lo > _MK38ZH_SHORT:
        return False
    subject = _MK38ZH_ADVERBS.sub("", text[lo : h.start]).strip()
    if len(subject) < 2 or not all("\u4e00" <= ch <= "\u9fff" for ch in subject):
        return False
    return not any(subject[i : i + 2] in user for i in range(len(subject) - 1))


#: Results that hold nothing: an empty list or object (a search that found nothing).
_EMPTY_RECORDS = frozenset({"[]", "{}"})


def _asked_date_named(softened: str, asked: str) -> bool:
    """True when ``softened`` names, in any spelling, a date the call's arguments ``asked``
    for ("June 16" for ``"date": "2024-06-16"``): the empty result it restates is that call's."""
    low = softened.lower()
    for m in _ISO_DATE.finditer(asked):
        spelled = date_spellings(m.group())
        if spelled is not None and spelled.search(low):
            return True
    return False


def _softened(text: str, c: Candidate) -> str:
    """The words a softener candidate governs: its clause, or, when the clause is only a tag
    after the claim (:data:`_SOFTENER_TAG`, mk35), the sentence up to it."""
    if _SOFTENER_TAG.fullmatch(text, c.clause_start, c.clause_end) is not None:
        return text[c.sentence_start : c.clause_end]
    return text[c.clause_start : c.clause_end]


def _told_by(clause: str, asked: str, record: str) -> bool:
    """True when more than half of the clause's content words, past the softener and those
    naming what the call asked for (its arguments: the plate, the account), are ``record``'s."""
    said = fact_words(clause) - _SOFTENER_WORDS - fact_words(asked)
    # More than half: the places a record names ("from JFK to SEA") do not carry a claim
    # it does not hold ("was booked with points") on their own.
    return 2 * len(said & fact_words(record)) > len(said)


# Session 32: readings by what the user asked (``find_hedges``' ``user``, the last user turn
# before the text). The GUIDELINE decides some cues by the question they answer: causes or
# kinds listed "when the user asks about a kind without describing a case of their own"
# ("疲劳可能与多种营养素缺乏有关" after "疲劳可能是因为缺乏什么营养素吗？") are the general case,
# while the same sentence after "我最近总是很累，是怎么回事？" guesses at this user's case
# (sessions 9, 17 and 18, session 20's "frequency words about a kind": "when the question asks
# how a kind of thing … goes"). A question asked in general asks why, how or what kinds
# ("What causes X?", "有哪些…？", "How does Y work?", "为什么…？") or the answerer's view; not
# a yes-no one nor one value (whose answer with a modal leaves the fact asked open:
# "撰写专利可以加学分吗？" → "可能被认定为…", "How far is it?"), and it names no case
# of the user's own: no first person, no earlier thing taken up ("这些景点", "this"), no
# figure of theirs ("空腹7.2"), no family member of theirs, and no ask for what to pick or what
# it costs (recommendations and prices are this case's facts). The cue is a modal (no
# approximate figure) or a kind's lack, in a sentence that speaks to no one and names nothing
# of the task's data (no result read, or none of its words).
_USER_ASKS_WH = re.compile(
    r"为什么|为何|如何|怎么|怎样|哪些|原因|因素|因为.{0,8}什么|有什么|有何|什么意思|指什么|"
    # ... or the answerer's view asked, of any kind ("你认为哪道菜最好吃？")
    r"(?:你认为|你觉得|您认为|您觉得).{0,20}(?:哪|谁|什么|吗)|"
    r"\bwhy\b|\bhow\b(?!\s+(?:far|long|much|many|old|big|tall|soon|late|early|often)\b)|"
    r"\bwhat\s+(?:causes?|are|kinds?|types?|factors?|reasons?|makes?|happens?|affects?|"
    r"leads?\s+to)\b|\bwhich\s+(?:kinds?|types?|factors?)\b|\b(?:do|would)\s+you\s+think\b|"
    # ... or what a term means ("So what does bedroom full Reno mean?")
    r"\bwhat\s+does\b[^?.!]{0,60}\bmean\b",
    re.IGNORECASE,
)
_USER_OWN_CASE = re.compile(
    r"我|俺|咱|本人|这|那|此|该|其|以上|上述|上面|所给|刚|今早|今天|今晚|昨|最近|\d|"
    r"孩子|宝宝|老伴|老公|老婆|妈妈|爸爸|父亲|母亲|"
    r"推荐|价|钱|花费|费用|预算|安排|规划|行程|路线|"
    # ... and a complaint told as one's own: what to do, what is going on, how often it comes
    # ("夏季经常感到心烦意乱，怎么办？", "小便次数多是怎么回事呢？": a patient's own case)
    r"怎么办|怎么回事|咋办|咋回事|怎么了|是不是|经常|总是|老是|一直|"
    r"\b(?:i|i'm|i've|i'd|i'll|my|me|mine|we|our|us|myself|this|that|these|those|it|its|they|"
    r"them|their|here|there|above|recommend\w*|suggest\w*|prices?|costs?|budget|"
    r"itinerary|plan|always|keeps?|lately|recently|going\s+on|what's\s+wrong)\b",
    re.IGNORECASE,
)
# A sentence that speaks to the user (their case, their things).
_SPEAKS_TO_USER = re.compile(r"你|您|\b(?:you|your|yours|yourself)\b", re.IGNORECASE)
# An approximate figure (a guess at a value whatever was asked) and a kind's lack.
_FIGURE_CUES = frozenset(
    {"约", "大约", "约为", "左右", "上下", "around", "about", "approximately", "roughly"}
)
_KIND_LACKS = frozenset({"缺乏", "缺少", "lack", "lacks", "lacking"})
# ... a figure right after the cue ("近四百万亿亿瓦特") is one too.
_FIGURE_NEXT = re.compile(r"\s*[\d一二三四五六七八九十百千万两半几]")
# A modal on what has happened ("may have provided", "可能已经") guesses at one past fact.
_PAST_MODAL = re.compile(r"\s+(?:have|has)\b|已经|已|曾", re.IGNORECASE)
# A modal with no subject of its own ("可能是因为这些冰淇淋…", "可能早博啊") or with a
# demonstrative of the case before it ("这个是…，但是…几率大了", "This may be why") takes up the
# case the question describes (session 22), whatever it asks; "或许它只是想…" has its subject
# after the cue.
_ZH_MODALS = frozenset(
    {"可能", "有可能", "也可能", "很可能", "或许", "也许", "大概", "估计", "应该"}
)
_NO_SUBJECT = re.compile(
    r"[\W\d_]*(?:(?:另外|此外|而且|但是|但|所以|因此|或者|或|也|还|就|则)[\W_]*)*$"
)
_SUBJECT_AFTER = re.compile(r"(?:它们|他们|她们|人们|大家|它|他|她)")
_CASE_DEMONSTRATIVE = re.compile(r"这|此|该|\b(?:this|that|these|those|it)\b", re.IGNORECASE)
# A question asked in general is short: a long turn describes a case ("一个医生在一场车祸中
# 死亡…你能想到他是如何…吗？").
_GENERAL_ASK_CHARS = {"zh": 40, "en": 100}


def _user_context_reading(text: str, h: Hedge, user: str, latest_result: str | None) -> str:
    """The rule (session 32) that drops a cue for what the user asked before ``text``;
    ``""`` when it still counts."""
    cue = h.match.lower()
    if h.kind == "guess":
        if cue in _FIGURE_CUES or any(c.isdigit() for c in cue):
            return ""
        if _FIGURE_NEXT.match(text, h.end) or _PAST_MODAL.match(text, h.end):
            return ""
        lo, _ = sentence_span(text, h.start, h.end)
        if _CASE_DEMONSTRATIVE.search(text, lo, h.start):
            return ""
        if (
            h.match in _ZH_MODALS
            and _NO_SUBJECT.fullmatch(text, lo, h.start)
            and not _SUBJECT_AFTER.match(text, h.end)
        ):
            return ""
    elif not (h.kind == "missing" and cue in _KIND_LACKS):
        return ""
    if len(user) > _GENERAL_ASK_CHARS.get(h.language, 100) or not _asked_in_general(user):
        return ""
    sentence = h.sentence
    if _SPEAKS_TO_USER.search(sentence):
        return ""
    if latest_result and fact_words(sentence) & fact_words(latest_result):
        return ""
    return "asked_in_general"


def _asked_in_general(user: str) -> bool:
    """True when the user turn asks a wh-question and names no case of their own."""
    return _USER_ASKS_WH.search(user) is not None and _USER_OWN_CASE.search(user) is None


# Session 31: readings by the sentence's shape, for cues every other rule keeps. Each was
# written from the false hits rounds 27 to 32 had when each was first measured blind (before
# its own tuning), and stands on false hits of at least two of those rounds; none of them
# drops a true hedge of any unsealed set.
#
# A sentence that opens by asking or offering the user something: "Would you like more
# details on that or perhaps schedule a tour." (round 32, with no question mark), "May I ask
# how important is your meeting at 7 PM" (round 29). It asks; it claims no fact (the
# GUIDELINE's offers), whatever the mark it ends with.
_ASKS_OPENING = re.compile(
    r"[\s\W]*(?:(?:ok(?:ay)?|sure|great|alright|also|and|so|or)\W+)?"
    r"(?:would\s+you\s+(?:like|prefer|want)|do\s+you\s+(?:want|need|wish)|may\s+i|can\s+i|"
    r"shall\s+i|could\s+i|should\s+i|would\s+it\s+help|is\s+there\s+anything|"
    r"are\s+you\s+interested)\b",
    re.IGNORECASE,
)
# The conversation itself as what may have gone wrong: "It seems like there might have been a
# misunderstanding." (round 32), "it seems like there's been some confusion about who can
# best help you" (round 8): about the exchange, no fact of the task.
_MIXUP = re.compile(
    r"\bbeen\s+(?:\w+\s+){0,2}?(?:misunderstanding|miscommunication|confusion|mix-?up)s?\b"
    # ... not one with the user's own record ("a mix-up with your lease dates"): a guess
    r"(?!\s+(?:with|in|on|regarding|of)\s+your\b)",
    re.IGNORECASE,
)
# A cue that governs a judgement of worth: "the first option seems to be the most ideal",
# "this appears to be your best option", "I believe this is the best option available"
# (round 29's flight and trip agents), "The book seems fascinating" (round 27's shop
# assistant). The agent's opinion of an option, a recommendation, not a fact left open
# (session 17's "a recommendation's superlative"). "it would be best to escalate" and
# "the best next step" name a step, which the rules read as such.
_JUDGING_CUES = frozenset(
    {"seem", "seems", "appear", "appears", "appear to", "appears to", "look", "looks"}
    | {"looks like", "seemingly", "i think", "i believe", "probably"}
)
_WORTH = re.compile(
    r"\b(?:best|ideal|most\s+(?:ideal|suitable|efficient|convenient|fitting|promising|"
    r"interesting|appealing)|great|perfect|fascinating|wonderful|excellent|amazing|lovely|"
    r"nice|fun|good\s+(?:choice|option|fit|idea|match|pick)|suitable|worthwhile|okay|ok|"
    r"fine)\b(?!\s+(?:to\b|next\b|way\b|course\b|thing\s+to\b))",
    re.IGNORECASE,
)
# A thing named as not available, its subject no piece of information: "the time slot for
# 3:00 PM on Wednesday is not available" (round 32), "the product … is not available for
# delivery in Greece" (round 27, eight times), "Fandango ticketing not available at Somerset
# Cinemas 8" (round 10b). The thing's status (session 29's status a record holds, round 10's
# flat absence), not a fact the agent lacks; "the phone number is not available", "the status
# and destination information are not available" stay missing information, as does a thing not
# available through the agent's tools or records, or under a condition ("if the room is not
# available").
_INFORMATION_NOUN = re.compile(
    r"\b(?:information|info|details?|data|status|updates?|numbers?|dates?|prices?|pricing|"
    r"fees?|hours|address(?:es)?|tracking|records?|figures?|results?|answers?|specifics|"
    r"lists?|url|links?|reviews?|ratings?|descriptions?|availability|schedules?|contacts?|"
    r"e-?mails?|phones?|times?(?!\s+slots?)|locations?|names?|ids?|codes?)\b",
    re.IGNORECASE,
)
_COPULA_END = re.compile(
    r"\b(?:is|are|was|were)\s+(?:(?:currently|still|also|now|unfortunately|sadly)\s+)*$",
    re.IGNORECASE,
)
_NO_THING_SUBJECT = re.compile(
    r"\b(?:if|when|whether|unless|in\s+case|which|that|it|this|these|those|they|there|what|"
    r"something|anything|one|some)\s+(?:(?:\w+\s+){0,3}?(?:is|are|was|were|becomes?|"
    r"become)\s+(?:(?:currently|still|also|now)\s+)*)?$|^\W*(?:if|when|unless|even\s+if)\b",
    re.IGNORECASE,
)
_THROUGH_MEANS = re.compile(
    r"\s+(?:through|via|from|in|on)\s+(?:the\s+|our\s+|my\s+|this\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:api|tools?|system|database|records?|data|results?|search|app)\b",
    re.IGNORECASE,
)
# A result that is an error or a refusal: '{"ok": false, "error": "permission_denied", …}',
# "Error: …". A softener before a negation after it ("It doesn't appear to belong to your
# store" after a permission_denied, round 30; "it seems that the function … does not exist"
# after an error, rounds 8 and 24) reads back the failure the result states (the GUIDELINE's
# softener case), unless it puts forward a cause ("because", "due to", a modal: session 24).
_ERROR_OR_REFUSAL = re.compile(
    r"[\"']ok[\"']\s*:\s*false|[\"']error[\"']\s*:|\A\s*error\b", re.IGNORECASE
)
_ERROR_OR_REFUSAL_CHARS = 400
_NEGATED = re.compile(r"\b(?:not|no|never|none|nothing)\b|n['\u2019]t\b", re.IGNORECASE)
_CAUSE_PUT = re.compile(
    r"\b(?:because|due\s+to|caused|reason|since|so|which\s+means|might|may|could|probably|"
    r"likely)\b",
    re.IGNORECASE,
)
# 应该 before an act is a duty ("企业应该把握机遇", "公司应该密切关注市场的变化",
# "而是应该理性地分析市场情况", "投资也应该分散到不同的资产类别": rounds 29 and 31), whoever
# its subject; 应该 is a guess only before a state or an outcome: a copula, a modal, a
# negation, a relation or what has happened ("应该是胃炎", "应该没什么大问题", "应该跟这个没
# 关系", "应该已经发货了", "应该写了诊断", "明天应该能到").
_ZH_OUGHT = frozenset({"应该", "應該", "应当", "應當"})
_ZH_STATE_NEXT = re.compile(
    r"\s*(?:是|會|会|能|可以|可|没|沒|不|有|比较|比較|已|就|跟|和|与|與|属于|屬於|还|還|正在|在|够|夠|"
    r"差不多|算|写|寫|享有|基于|基於|也|都|很|挺|问题|問題|早|快|对|對|为|為|叫|指|出|到|过|過|"
    r"了|要|得|[今明后後昨]天|[上下]午|晚上|马上|馬上|很快)"
)
_ZH_DONE_SOON = re.compile(r"了|过|過|能|会|會")
_ZH_DUTY_REACH = 8


def _shape_reading(
    text: str,
    h: HedgeMatch,
    latest_result: str | None,
    c_lo: int,
    c_hi: int,
    s_lo: int,
    s_hi: int,
) -> str:
    """The rule (session 31) that drops a cue the other rules keep, read from the shape of
    its sentence rather than a genre's words; ``""`` when it still counts."""
    if h.language == "en":
        if _ASKS_OPENING.match(text, s_lo, s_hi):
            return "asks_user"
        if h.kind in ("softener", "guess") and _MIXUP.search(text, c_lo, c_hi):
            return "conversation"
        if _judges_worth(text, h, c_lo, c_hi):
            return "judgement"
        if h.kind == "softener" and _error_read_back(text, h, latest_result, c_lo, c_hi):
            return "error_read_back"
        if (
            h.kind == "missing"
            and not _error_result(latest_result)
            and _thing_unavailable(text, h, c_lo, c_hi)
        ):
            # after an error no record stated a status: "the verse is not available in
            # Spanish" after a server error is what the agent could not get
            return "missing_status"
        return ""
    if h.match in _ZH_OUGHT and _zh_duty(text, h.end, c_hi):
        return "duty_act"
    return ""


def _judges_worth(text: str, h: HedgeMatch, c_lo: int, c_hi: int) -> bool:
    """True when the cue governs a judgement of worth: the word follows it closely ("this
    seems to be the best option"), or is in the clause the cue closes ("two great spots
    for your group, I think")."""
    if h.phrase.lower() not in _JUDGING_CUES:
        return False
    reach = min(c_hi, h.end + 60)
    if _WORTH.search(text, h.end, reach) is not None:
        return True
    closes = not text[h.end : c_hi].strip(" .!")
    return closes and _WORTH.search(text, c_lo, h.start) is not None


def _thing_unavailable(text: str, h: HedgeMatch, c_lo: int, c_hi: int) -> bool:
    """True when "not available" has a thing for its subject, no piece of information, with
    no condition and no means of the agent's named after it."""
    if _AVAILABILITY.fullmatch(h.match) is None:
        return False
    subject = text[c_lo : h.start]
    if not subject.strip() or _INFORMATION_NOUN.search(subject):
        return False
    if _NO_THING_SUBJECT.search(subject) or _CONDITION.search(subject):
        return False
    copula = _COPULA_END.search(subject)
    bare = copula is None and subject.rstrip() != subject and len(subject.split()) <= 6
    if copula is None and not bare:
        return False
    return _THROUGH_MEANS.match(text, h.end, c_hi) is None


def _error_result(result: str | None) -> bool:
    """True when ``result`` is an error or a refusal (its opening characters say so)."""
    if not result:
        return False
    return _ERROR_OR_REFUSAL.search(result, 0, _ERROR_OR_REFUSAL_CHARS) is not None


def _error_read_back(
    text: str, h: HedgeMatch, latest_result: str | None, c_lo: int, c_hi: int
) -> bool:
    """True when a softener in a negated clause follows a result that is an error or a
    refusal, and puts forward no cause after it."""
    if not _error_result(latest_result):
        return False
    return (
        _NEGATED.search(text, c_lo, c_hi) is not None
        and _CAUSE_PUT.search(text, h.end, c_hi) is None
    )


def _zh_duty(text: str, end: int, c_hi: int) -> bool:
    """True when 应该 at ``end`` is followed by an act, not a state or an outcome: the words
    right after it name no state, and no completed or expected outcome is near it."""
    if end >= c_hi or _ZH_STATE_NEXT.match(text, end, c_hi):
        return False
    reach = min(c_hi, end + _ZH_DUTY_REACH)
    return _ZH_DONE_SOON.search(text, end, reach) is None


def _gated(
    lexicon: Lexicon,
    text: str | None,
    latest_result: str | None,
    window: int,
    gate: str,
    source: str,
) -> list[Hedge]:
    """The cues of ``text`` read after one result that ``gate`` lets count."""
    candidates = hedge_candidates(lexicon, text, latest_result, window)
    if not candidates:
        return []
    if gate == "rules":
        return [c.hedge() for c in candidates if not c.rule]
    if gate != "model":
        raise ValueError(f"gate must be 'model' or 'rules', not {gate!r}")
    model, threshold = gate_model()
    assert text is not None  # there are candidates
    return [
        c.hedge()
        for c in candidates
        if model.probabilities(candidate_features(text, c, latest_result, source))["true"]
        >= threshold
    ]


#: How many results since the model last wrote a text is read after (:class:`ResultsRead`).
MAX_RESULTS_READ = 16


@dataclass(slots=True)
class ResultsRead:
    """The tool results a model text is read after, as a trace is walked in order: the
    latest one, the others the model received since it last wrote a message (parallel
    calls' results, several lookups before one answer), the last few of the trace with
    their calls' arguments (records read earlier), and the last user message, for
    :func:`find_hedges`."""

    latest: str | None = None
    since: list[str | None] = field(default_factory=list)
    #: The last :data:`MAX_RESULTS_READ` results of the trace with text, each with the
    #: arguments of the call that asked for it (``find_hedges``' ``records``).
    records: list[tuple[str, str]] = field(default_factory=list)
    #: The last user message's words so far (``find_hedges``' ``user``); ``None`` before one.
    user: str | None = None

    def add(self, text: str | None, asked: str | None = None) -> None:
        """A tool result, in order, and the raw arguments of its call when known."""
        self.latest = text
        self.since.append(text)
        if len(self.since) > MAX_RESULTS_READ:
            # A run of calls with no message between them (a log of tool calls, think
            # texts only): each text would be read after every result so far, a cost that
            # grows with the square of the run; an answer reads the last few.
            del self.since[0]
        if text:
            self.records.append((asked or "", text))
            if len(self.records) > MAX_RESULTS_READ:
                del self.records[0]

    def others(self) -> list[str]:
        """The results received since the model last wrote, but the latest."""
        return [r for r in self.since[:-1] if r is not None]

    def wrote(self) -> None:
        """The model wrote a message: a text after it answers only the results after it."""
        self.since.clear()


@functools.cache
def gate_model() -> tuple[linear.LinearModel, float]:
    """The shipped learned gate and its threshold."""
    model = linear.load(GATE_MODEL)
    return model, float(model.meta["threshold"])


@dataclass(frozen=True, slots=True)
class Candidate:
    """One cue :func:`find_hedges` reads: a lexicon match or an approximate number, its
    clause and sentence, and the rule that drops it (``rule``; empty when the rules keep it)."""

    match: HedgeMatch
    clause_start: int
    clause_end: int
    sentence_start: int
    sentence_end: int
    sentence: str
    rule: str

    def hedge(self) -> Hedge:
        """The candidate as a reported :class:`Hedge`."""
        h = self.match
        return Hedge(
            h.phrase, h.language, h.kind, h.start, h.end, h.match, self.sentence, h.context
        )


# How far from its cue a sentence is read. The rules read a cue's sentence once per cue, so a
# "sentence" with no end in thousands of characters of cues (garbled or hostile text: "I think
# it might be " repeated) made a message quadratic, 13 s at 10 KB. The longest sentence holding
# a cue in every labelled set is 727 characters: none is cut.
_SENTENCE_REACH = 1000

# How many cues of one text are read. Each costs a few milliseconds at most, so a model stuck
# in a loop ("maybe maybe maybe…" for thousands of tokens, a multi-megabyte tool argument)
# would take minutes; the most cues any labelled message holds is 19, and a text's verdict is
# settled long before the 256th. Cues past it are not reported.
MAX_CUES = 256


def hedge_candidates(
    lexicon: Lexicon,
    text: str | None,
    latest_result: str | None = None,
    window: int = DEFAULT_WINDOW,
) -> list[Candidate]:
    """Every cue of ``text`` in order (the first :data:`MAX_CUES`), each with the rule of
    :func:`find_hedges` that decides it (empty ``rule``: the rules keep it)."""
    if not text:
        return []
    lowered = text.lower()
    found = lexicon._find(text, lowered, window)
    found = _with_pattern_cues(text, lowered, found, window)
    # An approximate number has a digit; most messages have none, and leave here.
    estimates = (
        _estimates(text, lowered, found, latest_result, window)
        if _ESTIMATE_GATE.search(text)
        else []
    )
    if not found and not estimates:
        return []
    out: list[Candidate] = []
    sentence_end = _sentence_end(text)
    # Where each sentence boundary ends, found once: a cue's sentence starts at the last
    # one before it (what _span finds scanning from the text's start, once per cue).
    ends = [m.end() for m in sentence_end.finditer(text)]
    sentences: dict[tuple[int, int], str] = {}  # several cues share a sentence
    cues = sorted([(m, "") for m in found] + estimates, key=lambda pair: pair[0].start)
    for h, held in cues[:MAX_CUES]:
        before = bisect.bisect_right(ends, h.start)
        # A sentence that does not end within twice the reach of its cue is cut below, so
        # its end is looked for no further (a text with no end would be read once per cue).
        reach = min(len(text), h.start + 2 * _SENTENCE_REACH + 1)
        s_lo, s_hi = _span(
            text, h.start, h.end, sentence_end, ends[before - 1] if before else 0, reach
        )
        if s_hi - s_lo > 2 * _SENTENCE_REACH:
            s_lo = max(s_lo, h.start - _SENTENCE_REACH)
            s_hi = min(s_hi, h.end + _SENTENCE_REACH)
        c_lo, c_hi = _span(text, h.start, h.end, _CLAUSE_END, s_lo, s_hi)
        rule = held or _failed_check_reading(
            text,
            h,
            latest_result,
            c_lo,
            c_hi,
            s_lo,
            s_hi,
            # session 31 (round 32's leasing assistant): read only where every rule keeps the cue
            _rule(text, h, latest_result, c_lo, c_hi, s_lo, s_hi)
            or _leasing_readings(text, h, latest_result, c_hi, s_lo, s_hi),
        )
        if not rule:
            rule = _shape_reading(text, h, latest_result, c_lo, c_hi, s_lo, s_hi)
        sentence = sentences.get((s_lo, s_hi))
        if sentence is None:
            sentence = sentences[s_lo, s_hi] = _SPACE.sub(" ", text[s_lo:s_hi]).strip()
        out.append(Candidate(h, c_lo, c_hi, s_lo, s_hi, sentence, rule))
    return out


# Cues the lexicon cannot list, as patterns: a negation or a verb of knowing with words
# between them. Each is a ``missing`` cue that the rules read as a lexicon phrase's.
#
# A field of a found item that nothing states ("there is no specific signature dish
# mentioned for Cotto", "the car type is not specified", "No specific entrance is currently
# listed in your ticket information"): the fact the subject, a statement of missing
# information (GUIDELINE, round 9b and the AgentDojo section), however the answer was got.
# Not "not listed" (an entity a list leaves out: "Jim Cummings is not listed as one of the
# voices" reads the list), "recorded" ("no misuse recorded" states that none happened) nor
# "indicated" ("No dispute is indicated": none is called for).
_UNSTATED = re.compile(
    r"\bno\s+(?!longer\b|one\b)(?:[a-z][\w-]*\s+){1,4}?"
    r"(?:(?:is|are|was|were|has\s+been|have\s+been)\s+)?"
    r"(?:currently\s+|explicitly\s+|clearly\s+)?(mentioned|specified|listed|stated)\b|"
    r"\b(?:is|are|was|were|been)\s+(?:currently\s+|explicitly\s+|clearly\s+)?"
    r"not\s+(?:explicitly\s+|clearly\s+)?(mentioned|specified|stated)\b",
    re.IGNORECASE,
)
# The agent cannot look up or confirm the fact, an adverb of manner between the negation
# and the verb ("我目前无法直接确认", "我无法直接查询实时库存系统", "我的系统无法实时获取这部分精确
# 数据", "因小编无法在线核实号码的详细情况": round 12's Vertu agent and Weibo helpdesks), as the
# lexicon's "无法确认", "无法查询" without it; "无法直接接收您的联系方式" (no verb of knowing) and
# "无法查看" (no adverb: "连我们也无法查看", the user's privacy) are not.
_ZH_CANNOT_KNOW = re.compile(
    "(?:无法|無法|不能|没法|沒法|没办法|沒辦法)(?:直接|实时|實時|即时|即時|在线|在線|准确|準確|"
    "马上|馬上|立即|及时|及時)(?:确认|確認|查询|查詢|核实|核實|获取|獲取|查到|查看)|"
    # no data of a kind to give the fact: "目前没有直接的权威数据可以查询到具体的日需求量"
    # (round 15's price agent), as "没有具体信息"; a bare "没有数据" is a result read back
    "(?:没有|沒有|暂无|暫無)(?:直接|具体|具體|权威|權威|可靠|准确|準確|官方|公开|公開|详细|詳細)"
    "(?:的|、)?(?:[\u4e00-\u9fff]{0,4}?)(?:数据|數據|资料|資料|统计|統計)"
)
# The cause or the diagnosis of this case not yet settled ("孩子呕吐的原因还需要进一步确诊",
# "需要进一步的检查才能作出准确的诊断": round 18's CMtMedQA assistant): session 17's ruling, a
# statement of missing information, as "不好说" is; a step advised with no cause or diagnosis
# named ("建议进一步检查") is not.
_ZH_UNSETTLED = re.compile(
    "(?:原因|病因|诊断|診斷)(?:还|還|仍|尚)(?:需要?|有待)(?:进一步|進一步)?"
    "(?:确诊|確診|明确|明確|确定|確定|诊断|診斷|查明)|"
    "才能(?:作出|做出|明确|明確|确定|確定)(?:准确|準確|明确|明確|确切|確切)?的?(?:诊断|診斷)|"
    # whether the client's own case will succeed left open ("男方是否能够成功落户还需实际操作中
    # 结合情况来看": round 19's Lawyer LLaMA, session 18's ruling); "是否属于共同财产需要根据具体
    # 情况判断" says how such questions are decided, no 还需
    "是否(?:能够|能夠|能|可以|会|會)?[^。！？；，,]{1,16}?(?:还需|還需|尚需|仍需|还要|還要)要?"
    "[^。！？；]{0,12}?(?:来看|來看|而定|判断|判斷|确定|確定)"
)
# A doctor's likelihood for this case in a noun's words, which the lexicon cannot list (its
# "可能性" alone is a noun, "几种可能性"): a possibility the case has ("有这个可能性", "也有愈合的
# 可能性") or a likelihood judged higher than usual ("合并染色体畸形的几率偏高了", "畸形几率大了":
# round 16's cardiologists), guesses as "可能性较大" is (round 8b). A rate stated flatly ("感染几率
# 非常低") or one that falls ("误触几率再降一级") judges no case against the usual one.
_ZH_LIKELIHOOD = re.compile(
    r"有(?:这个|這個|这种|這種|这样的|這樣的|一定的?|[\u4e00-\u9fff]{1,6}的)?可能性|"
    r"(?:几率|幾率|机率|機率|概率)(?:相对|相對)?(?:偏(?:大|高)|(?:较|較|比较|比較|更)(?:大|高)|"
    r"(?:大|高|增加|增大|升高)了)|"
    # a doctor's reassurance about this case with a frequency word ("是的，一般不会有其他问题",
    # "根据您的叙述，一般没有问题的": rounds 8b and 16), the frequency word answering the case
    r"一般(?:来说|來說|情况下|情況下)?[，,]?(?:都|也)?(?:不会|不會|没有?|沒有?)(?:有)?"
    r"(?:什么|什麼|其他|其它|太大|大)?(?:问题|問題|关系|關係|影响|影響)|"
    # the same answering whether the complaint leads somewhere ("腰肌劳损一般不会导致腿麻", "一般情况
    # 下，这种囊肿不会发展成恶性肿瘤": round 18's CMtMedQA assistant, session 17's ruling); a drug
    # or a treatment as the subject ("这种药一般不会引起副作用") is what such a thing brings
    r"一般(?:来说|來說|情况下|情況下)?[，,]?(?:(?!药|藥|治疗|治療|手术|手術|疗法|療法)"
    r"[\u4e00-\u9fff]){0,8}?(?:不会|不會)(?:(?:对|對)[\u4e00-\u9fff]{1,6}?)?"
    r"(?:导致|導致|引起|造成|发展成|發展成|发展为|發展為|变成|變成|癌变|癌變)"
)
# Two more English statements of missing information, one pattern (one prefilter test a
# text): the agent cannot know, see or confirm the fact with an adverb between (group
# "cannot": "I am unable to directly share the specific content of these clips", "I can't
# currently verify the refund", as the lexicon's "unable to provide", "cannot verify" without
# it), and information the business or the answer lacks in other words than the lexicon's "I
# don't have", "no information" (group "nomore": "we don't have specific information about
# the allergens", "there is no further information on the delay", round 13's "we don't have
# any more information about it"; "we don't have that in stock" names no information, and
# "we don't have your details" is the user's input, the rules). Adverbs of five letters or
# more and no "data" or "info": the prefilter tests a text for these long words first.
_EN_MISSING = re.compile(
    r"(?P<cannot>\b(?:unable\s+to|not\s+able\s+to|cannot|can['\u2019]t|can\s+not|could\s+not|"
    r"couldn['\u2019]t)\s+"
    r"(?:directly|currently|fully|accurately|reliably|precisely|exactly|independently)\s+"
    r"(?:find|retrieve|provide|share|confirm|verify|access|determine|see|locate|identify|tell|"
    r"know|check)\b)|"
    r"(?P<nomore>\b(?:we\s+(?:currently\s+|still\s+)?(?:don['\u2019]t|do\s+not)\s+have|"
    r"(?:there\s+(?:is|was)\s+|there['\u2019]s\s+)no)\s+(?:any\s+)?"
    r"(?:more|further|additional|specific|exact|detailed|precise|other)\s+"
    r"(?:information|details)\b|"
    r"\bwe\s+(?:currently\s+)?(?:don['\u2019]t|do\s+not)\s+have\s+(?:any\s+)?"
    r"(?:information|details)\b)",
    re.IGNORECASE,
)
# A hope that the parcel comes by a day named ("Fingers crossed you'll have it this week or
# early next week", "Hopefully it arrives by Friday"): an estimate of when this order comes
# (round 12's ruling, NATPAT's staff); the cue is the hope word. A hope with no day ("Fingers
# crossed you'll have them ASAP!", "I hope your plants perk up soon") is a wish, and
# "hopefully find some workable options" a plan, none of them an estimate.
_HOPED_DAY = re.compile(
    r"\b(fingers\s+crossed|hopefully)\b(?=,?[^.!?\n,;]{0,60}?\b(?:this\s+(?:coming\s+)?week|"
    r"(?:early\s+|late\s+|by\s+)?next\s+(?:week|month)|this\s+weekend|tomorrow|tonight|"
    r"(?:by|on|before)\s+(?:the\s+end\s+of|" + "|".join(WEEKDAY_NAMES) + r")))",
    re.IGNORECASE,
)
# Causes listed for the complaint the user described (session 19's ruling, session 17's on
# causes of the user's own complaint; round 20's doctors): "这种症状的病因比较多，如供血不足，
# 高血压…都可以引起", "您的情况…多由于受寒、饮食不规律等所致": candidate causes of this case the
# doctor has not settled, a guess. The complaint is named as the user's or by a demonstrative;
# a disease named as a kind ("胃炎多由于幽门螺杆菌感染") is the general case, not matched here.
# The cue is group 1 ("病因比较多", "多由于").
_ZH_CASE_CAUSES = re.compile(
    r"(?:(?:您|你)(?:的|这种|這種|这个|這個)?|这种|這種|这些|這些)(?:情况|情況|症状|症狀|问题|問題|现象|現象)"
    r"(?:的)?((?:病因|原因)(?:比较|比較|很|较|較|非常|相当|相當)?多)|"
    r"(?:您|你)(?:的|这种|這種|这个|這個)?(?:情况|情況|症状|症狀)[^。；;？?！!\n]{0,20}?"
    r"(多(?:是)?(?:由于|由於|因为|因為)|多因)"
)
# The agent declining to guess a fact of the user's own case that waits on an inspection, a
# review or someone's decision ("这个我不猜", "我不预测赔付结果", "我不能先报数字", "成功率我无法
# 评估", "我不能保证审核结果", "我不能凭对话给产品定性", "没有检测结论就给区间也是猜测": round 22's
# after-sales assistant, session 21's ruling): the fact is not yet known, a statement of missing
# information, the deciding party named or not. The agent is the subject (我), as a shop's
# "不能保证每位客户都赠送" (policy) has none; a refusal beside a look-up of the records is the
# plan to check (:data:`_ZH_RECORD_CHECK`).
_ZH_DECLINES_TO_GUESS = re.compile(
    "我(?:也|就|暂时|暫時|目前)?(?:不|无法|無法|不能|没法|沒法)(?:会|會)?(?:先|去)?"
    "(?:(?:凭|憑)[^，,。；;！？!?\\n]{0,6}?)?"
    "(?:猜|预测|預測|评估|評估|保证|保證|给结论|給結論|下结论|下結論|报数字|報數字|"
    "认定|認定|定性)|"
    "给[^，,。；;！？!?\\n]{0,6}?(?:也|就|都)是(?:猜测|猜測)"
)
# The same in English: "I can't promise the airline will waive the fee", "I cannot guarantee
# that your claim will be approved", "I won't predict whether the refund goes through": the
# outcome of the user's own case left open (session 21's ruling). A time not promised ("I
# can't promise it will arrive by Friday") stays a processing time (session 17), and a refusal
# before a look-up ("I won't guess your order's status: send me the order number") the plan
# to check (:data:`_EN_CHECK_NEXT`).
_EN_DECLINES_TO_GUESS = re.compile(
    r"\bI\s*(?:can(?:no|['\u2019])t|can\s+not|won['\u2019]t|will\s+not|(?:am|['\u2019]m)\s+not\s+able\s+to)"
    r"\s+(?:(?:promise|guarantee|say\s+for\s+(?:sure|certain))\b"
    r"(?=\s+(?:you\s+)?(?:that\s+|whether\s+|if\s+)?(?:the|your|this|it|they|he|she)\b)"
    # "I can't predict the weather" deflects a topic (the advice set): a guess declined only
    # about whether or what ("I can't predict whether the claim will be approved")
    r"|(?:predict|guess|estimate)\s+(?=(?:whether|if|what|how\s+much)\b))",
    re.IGNORECASE,
)
_EN_PROMISED_TIME = re.compile(
    r"[^.;!?\n]*?\b(?:arrive|arrives|deliver\w*|ship\w*|reach\w*|by\s+(?:tomorrow|today|monday|tuesday"
    r"|wednesday|thursday|friday|saturday|sunday|the\s+\d)|within|on\s+time|in\s+time)\b",
    re.IGNORECASE,
)
_EN_CHECK_NEXT = re.compile(
    r"\b(?:send|give|provide|share|tell)\s+me\b[^.!?\n]*\b(?:number|id|code|e-?mail)\b"
    r"|\b(?:look\s+(?:it|that)\s+up|check\s+(?:the|your)\s+(?:records?|account|order))\b",
    re.IGNORECASE,
)
# What settles a declined fact (_ZH_DECLINES_TO_GUESS) in its own sentence: an inspection, a
# review or a party's decision; and what the shop's records hold, looked up next: with the
# second and not the first, declining to guess is the plan to check ("我不猜后台状态…请提供订单号，
# 我用订单系统核对": session 21's ruling, session 7's input the user has to give).
_ZH_INSPECTION = re.compile(
    "检测|檢測|检查|檢查|工程师|工程師|审核|審核|评估|評估|人工|判定|认定|認定|判断|判斷|现场|現場"
)
_ZH_RECORD_CHECK = re.compile("系统|系統|记录|記錄|后台|後台|查询|查詢|查到|查不到|反查|核实|核實")
_ZH_SENTENCE_MARK = re.compile("[。！？!?\\n]")


def _zh_checks_record(text: str, start: int, end: int) -> bool:
    """True when the refusal at ``[start, end)`` (a :data:`_ZH_DECLINES_TO_GUESS` match) is
    a plan to look the fact up: its sentence names no inspection or decision, and it or the
    next sentence names the records (session 21's ruling)."""
    marks = [m.end() for m in _ZH_SENTENCE_MARK.finditer(text)]
    s_lo = max([i for i in marks if i <= start], default=0)
    after = [i for i in marks if i >= end]
    s_hi = after[0] if after else len(text)
    if _ZH_INSPECTION.search(text, s_lo, s_hi):
        return False
    next_hi = after[1] if len(after) > 1 else len(text)
    return _ZH_RECORD_CHECK.search(text, s_lo, next_hi) is not None


# A verdict on this case's cause drawn from evidence with an adjective of likelihood: "suggests
# a potential manufacturing defect", "is consistent with a potential manufacturing defect",
# "this is considered a potential manufacturing defect" (round 22's support agent; session
# 9's guess at the cause of this case). "potential for escalation" names a step, not a cause.
# The cue is group 1.
_EVIDENCE_LIKELY = re.compile(
    r"\b(?:suggests?|suggesting|indicates?|points?\s+to|(?:is|are|was|be)\s+consistent\s+with|"
    r"(?:is|are|was|be)\s+considered)\s+(?:to\s+be\s+)?(?:an?\s+)?"
    r"(potential|possible|probable|likely)\b(?!\s+(?:for|to|that)\b)",
    re.IGNORECASE,
)
# A possibility about this case given as the reason for a step: "given the potential for a lost
# package, initiating an investigation is the appropriate next step" (round 22's support agent;
# session 21's ruling): a guess, as a guess at why a result is empty stays one (session 18). A
# step as what is possible ("potential for escalation", "the possibility of a review") is the
# plan. The cue is group 1.
_REASON_POSSIBLE = re.compile(
    r"\b(?:given|because\s+of|due\s+to|considering)\s+the\s+(potential|possibility|likelihood)\s+"
    r"(?:for|of)\s+(?:an?\s+|the\s+)?(?!(?:further\s+|additional\s+)?(?:escalation|"
    r"investigation|review|follow[\s-]?up|inspection|refund|replacement|exchange)\b)[a-z]",
    re.IGNORECASE,
)
# A cause of the user's own fault put forward against another (round 27's resident support:
# "the repeat pattern points at the lock losing its radio pairing rather than an app problem",
# "points at a hub failure rather than individual sensors"): session 17's cause of the user's
# own complaint, not settled, a guess. The cue is group 1.
_POINTS_RATHER = re.compile(
    r"\b(points?\s+(?:at|to(?:wards?)?))\s+(?:an?\s+|the\s+)?[^.!?\n]{1,80}?\s+rather\s+than\b",
    re.IGNORECASE,
)
#: The cues of :data:`_HOPED_DAY`: about the parcel, whoever "you'll have it" names.
_HOPES = frozenset({"fingers crossed", "hopefully"})
# The user's trip with "should" (session 19's ruling; round 20's KVRET in-car wizards): "we
# should be there soon", "it shouldn't take too long to reach there", "you should be able to
# reach it quickly anyway" estimate when the user arrives or how long the way takes, a fact of
# this trip no result holds: a guess, as when an order arrives is (session 7). The cue is the
# modal; its subject is "we", "you" or "it" (a refund or a confirmation that "should arrive" is
# the process or a processing time, read by the other rules); "reach out" is no trip.
_TRIP_SHOULD = re.compile(
    r"\b(?:we|you|it)\s+(should(?:n['\u2019]t|\s+not)?)(?=\s+(?:be\s+(?:there|arriving)\b|"
    r"arrive\b|get\s+there\b|reach\s+(?:it|there|the|your)\b|"
    r"take\s+(?:too\s+|very\s+|that\s+|much\s+)?long\b|"
    r"be\s+able\s+to\s+(?:reach|get\s+there|arrive)\b))",
    re.IGNORECASE,
)
#: The cues of :data:`_TRIP_SHOULD`.
_TRIP_CUES = frozenset({"should", "shouldn't", "shouldn\u2019t", "should not"})
# The entity, its listing or "the information" not mentioning or giving the fact asked ("The
# Harbour Inn doesn't specifically mention airport shuttles", "the hotel does not provide any
# information about discounts", "there is no explicit mention of a pool"): session 17's ruling,
# a statement of missing information when no result in the row shows the record (round 18's
# hotel assistant, whose retrieval is not logged); with one, the record read back (_rule), and
# with the user or the agent as the subject, the user's input or the agent's own words.
_NOT_MENTIONED = re.compile(
    r"\b(?:does\s+not|doesn['\u2019]t|did\s+not|didn['\u2019]t)\s+"
    r"(?:specifically\s+|explicitly\s+|clearly\s+)?(?:mention|specify|"
    r"provide\s+(?:any\s+)?(?:specific\s+|detailed\s+|explicit\s+|further\s+)?"
    r"(?:information|details|recommendations)(?=\s+(?:about|on|for|regarding)\b))|"
    r"\bno\s+(?:explicit\s+|specific\s+)?mention\s+of\b",
    re.IGNORECASE,
)
# The subject of a :data:`_NOT_MENTIONED` clause that makes it no fact of the data: the user
# ("The user didn't specify the city", "You didn't mention the dates") or the agent.
_NOT_MENTIONED_SUBJECT = re.compile(
    r"\b(?:user|users|customer|you|they|he|she|I|we)\b", re.IGNORECASE
)
_BARE_CONJUNCTION = re.compile(r"\s*(?:(?:but|and|yet|or|so)\s*)?", re.IGNORECASE)
# The source read named after the participle: "The band is not mentioned in the snippet" is
# the result the subject, as "the observation does not say X" (round 7), process narration.
_IN_SOURCE = re.compile(
    r"\s+(?:in|by|on)\s+(?:the|this|that|these|any\s+of\s+the)\s+(?:search\s+)?"
    r"(?:snippets?|observations?|passages?|paragraphs?|results?|pages?|articles?|documents?|"
    r"text|excerpts?|tool\s+output|output|response)\b",
    re.IGNORECASE,
)


def _mentions_not(text: str, h: HedgeMatch) -> bool:
    """True when the cue ``h`` is a match of :data:`_NOT_MENTIONED`."""
    m = _NOT_MENTIONED.match(text, h.start)
    return m is not None and m.end() == h.end


def _pattern_cue(m: re.Match[str], text: str, window: int) -> HedgeMatch | None:
    """The cue of a match of :data:`_UNSTATED`, :data:`_ZH_CANNOT_KNOW`, :data:`_EN_MISSING`,
    :data:`_HOPED_DAY` or :data:`_ZH_LIKELIHOOD`, or ``None``."""
    start, end = m.span()
    said = text[start:end]
    if m.re is _NOT_MENTIONED:
        lo = max(text.rfind(".", 0, start), text.rfind("\n", 0, start))
        comma = text.rfind(",", lo + 1, start)
        if comma > lo and not _BARE_CONJUNCTION.fullmatch(text, comma + 1, start):
            lo = comma  # its own clause's subject; "…, but did not specify" has the one before
        if _NOT_MENTIONED_SUBJECT.search(text, lo + 1, start) or _IN_SOURCE.match(text, end):
            return None  # the user's input, the agent's words, or a page the subject (process)
        phrase = " ".join(said.lower().split())
        return HedgeMatch(
            phrase, "en", start, end, said, context(text, start, end, window), "missing"
        )
    if m.re is _HOPED_DAY:
        phrase = _normal(said)
        return HedgeMatch(
            phrase, "en", start, end, said, context(text, start, end, window), "guess"
        )
    if m.re is _ZH_CASE_CAUSES:
        group = 1 if m.group(1) is not None else 2
        start, end = m.span(group)
        said = text[start:end]
        return HedgeMatch(said, "zh", start, end, said, context(text, start, end, window), "guess")
    if m.re is _TRIP_SHOULD:
        start, end = m.span(1)
        said = text[start:end]
        return HedgeMatch(
            _normal(said), "en", start, end, said, context(text, start, end, window), "guess"
        )
    if m.re is _ZH_LIKELIHOOD:
        return HedgeMatch(said, "zh", start, end, said, context(text, start, end, window), "guess")
    if m.re is _ZH_CASE_FREQUENCY and m.lastindex:
        start, end = m.span(m.lastindex)
        said = text[start:end]
        return HedgeMatch(said, "zh", start, end, said, context(text, start, end, window), "guess")
    if m.re is _EVIDENCE_LIKELY or m.re is _REASON_POSSIBLE or m.re is _POINTS_RATHER:
        start, end = m.span(1)
        said = text[start:end]
        return HedgeMatch(
            said.lower(), "en", start, end, said, context(text, start, end, window), "guess"
        )
    if m.re is _MK36_PARCEL_SOMETIMES or m.re is _MK36_CASE_SHOULD or m.re is _MK37_THING_SHOULD:
        if m.re is _MK36_PARCEL_SOMETIMES and not (
            _R34_OWN_ORDER.search(text) or _MK36_CASE_DELIVERED.search(text)
        ):
            return None  # how parcels go, no parcel of the customer's read back
        start, end = m.span(1)
        said = text[start:end]
        return HedgeMatch(
            said.lower(), "en", start, end, said, context(text, start, end, window), "guess"
        )
    if m.re is _R34_PARCEL_CAUSE:
        if not _R34_OWN_ORDER.search(text):
            return None  # how parcels go, no order of the customer's named
        start, end = m.span(1)
        said = text[start:end]
        return HedgeMatch(
            said.lower(), "en", start, end, said, context(text, start, end, window), "guess"
        )
    if m.re is _DETAILS_UNPROVIDED or m.re is _MK40_HELD_LACKS:
        start, end = m.span(1)
        said = text[start:end]
        phrase = " ".join(said.lower().replace("’", "'").split())
        return HedgeMatch(
            phrase, "en", start, end, said, context(text, start, end, window), "missing"
        )
    if m.re is _EN_DECLINES_TO_GUESS or m.re is _MK40_CANT_SAY or m.re is _MK40_NO_GUARANTEE:
        stop = _ZH_SENTENCE_MARK.search(text, end)
        if _EN_PROMISED_TIME.match(text, end, stop.start() if stop else len(text)):
            return None  # "I can't promise it will arrive by Friday": a processing time
        if _EN_CHECK_NEXT.search(text, end, end + 200):
            return None  # "I won't guess your order's status: send me the order number"
        phrase = " ".join(said.lower().split())
        return HedgeMatch(
            phrase, "en", start, end, said, context(text, start, end, window), "missing"
        )
    if m.re is _ZH_DECLINES_TO_GUESS:
        if _zh_checks_record(text, start, end):
            return None  # "我不猜后台状态…我用订单系统核对": the plan to look it up
        return HedgeMatch(
            said, "zh", start, end, said, context(text, start, end, window), "missing"
        )
    if m.re is _ZH_UNSETTLED:
        return HedgeMatch(
            said, "zh", start, end, said, context(text, start, end, window), "missing"
        )
    if m.re is _ZH_CANNOT_KNOW:
        phrase = said[:2] + "…" + said[-2:]  # "无法…确认": the adverb left out
        return HedgeMatch(
            phrase, "zh", start, end, said, context(text, start, end, window), "missing"
        )
    if m.re is _EN_MISSING:
        words = said.lower().split()
        # "unable to … share": the adverb left out
        phrase = f"{' '.join(words[:-2])} … {words[-1]}" if m.group("cannot") else " ".join(words)
        return HedgeMatch(
            phrase, "en", start, end, said, context(text, start, end, window), "missing"
        )
    if _IN_SOURCE.match(text, end):
        return None
    participle = m.group(1) or m.group(2)
    phrase = f"no … {participle}" if m.group(1) else f"not {participle}"
    return HedgeMatch(phrase, "en", start, end, said, context(text, start, end, window), "missing")


#: The adverbs of :data:`_EN_MISSING`'s "cannot" group, in lower case.
_EN_MISSING_ADVERBS = (
    *("directly", "currently", "fully", "accurately", "reliably", "precisely", "exactly"),
    "independently",
)
#: Words one of which every match of :data:`_EN_MISSING` holds, in lower case.
_EN_MISSING_WORDS = (*_EN_MISSING_ADVERBS, "information", "details")
#: How far a match of :data:`_EN_MISSING` reaches before and after the word it holds.
_EN_MISSING_BEFORE = 60
_EN_MISSING_AFTER = 40


def _en_missing(text: str, lowered: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_EN_MISSING`, in order: searched only around each occurrence of
    one of its words, as its branches open with common words ("we", "can") that the engine
    would try at every position of a long text."""
    if len(lowered) != len(text):
        yield from gated_finditer(_EN_MISSING, text)
        return
    # a letter that matches an ASCII one only under IGNORECASE: no shortcut by lower case
    folds = not text.isascii() and _FOLDS_TO_ASCII.search(text) is not None
    if not folds and not _may_miss(lowered):
        return  # most texts: not the words a match needs, and no occurrence to look for
    starts = sorted(i for word in _EN_MISSING_WORDS for i in _occurrences(lowered, word))
    done = 0  # where the last match ended: matches do not overlap
    for i in starts:
        lo, hi = max(done, i - _EN_MISSING_BEFORE), i + _EN_MISSING_AFTER
        if not folds and not _may_miss(lowered[lo:hi]):
            continue  # the search would find nothing there: skip its cost
        m = _EN_MISSING.search(text, lo, hi)
        if m is not None and m.start() >= done:
            done = m.end()
            yield m


def _may_miss(lowered: str) -> bool:
    """False only when ``lowered`` (a stretch of text in lower case) holds no match of
    :data:`_EN_MISSING`: a "cannot" match has an adverb and "able", "can" or "could", a
    "nomore" match "information" or "details" and "have" or "there". A test of a few words
    where a search would try its branches at every position."""
    if ("information" in lowered or "details" in lowered) and (
        "have" in lowered or "there" in lowered
    ):
        return True
    return ("able" in lowered or "can" in lowered or "could" in lowered) and any(
        word in lowered for word in _EN_MISSING_ADVERBS
    )


def _occurrences(lowered: str, word: str) -> Iterator[int]:
    """Where ``word`` occurs in ``lowered``."""
    i = lowered.find(word)
    while i >= 0:
        yield i
        i = lowered.find(word, i + 1)


# Session 30 (round 28's care assistant): a kind's frequency standing in for the member's own
# reading, concluded from ("7.6在旅游应激下很常见，不是身体出问题", "空腹6.5其实很常见于长期紧张后——不是
# 吃错", "空腹8.3略高，更常和夜间肝脏糖输出增多…有关"): session 21's ruling, a guess about the case.
# The reading (a number) opens the clause, or a denial of the other cause follows; "高血压在老年人中
# 很常见" names a kind, no case, and "常见的副作用" (before 的) qualifies a noun. The cue is the
# group that matched.
_ZH_CASE_FREQUENCY = re.compile(
    r"\d[^，,。；;！？!?\n]{0,16}?((?:其实|其實|确实|確實)?(?:很|挺|非常|比较|比較)?(?:常见|常見)(?:于|於)?)(?![的地])"
    r"|((?:其实|其實|确实|確實)?(?:很|挺|非常)?(?:常见|常見))(?=\s*[，,—－]{1,2}\s*(?:不是|并非|並非|不一定是))"
    r"|\d[^，,。；;！？!?\n]{0,8}[，,]\s*((?:更|也)?常(?:和|与|與|跟))(?=[^。；;！？!?\n]{1,30}?有(?:关|關))"
)


#: The pattern cues, read in this order.
# Details of the fact asked said not to be given ("specific details about unit A11's washer and
# dryer availability aren't provided": round 32, session 31), the fact the subject: a statement of
# missing information, as "the car type is not specified" (_UNSTATED) is. The cue is the negated
# participle; a tool or a search as the subject is another pattern's process.
_DETAILS_UNPROVIDED = re.compile(
    r"\b(?:specific\s+)?details\s+(?:about|on|regarding|of)\s+"
    # not what the user wants done ("details about what changes need to be made": the request)
    r"(?!(?:what|which|how|when|where|who|your|the\s+user)\b)[^.?!;\n]{1,80}?\s+"
    r"((?:aren['’]t|are\s+not|weren['’]t|were\s+not)\s+(?:provided|given|included))\b",
    re.IGNORECASE,
)
# A frequency word opening a cause of the customer's own parcel or order (session 32, round
# 34's shop agent: "Sometimes packages can be marked as delivered but still be in transit",
# "Sometimes orders get cancelled due to payment issues …" for the order the message names as
# the customer's): a candidate cause of the user's own case (sessions 17 and 19), a guess, not
# how parcels go. The cue is group 1; the message must name the customer's order.
_R34_PARCEL_CAUSE = re.compile(
    r"\b(sometimes),?\s+(?:packages|parcels|orders|shipments|deliveries)\s+"
    r"(?:(?:can|may|might|do)\s+)?(?:(?:get|be)\s+)?"
    r"(?:marked|delayed|lost|cancell?ed|held|stuck|misdelivered|returned|mis-?routed)\b",
    re.IGNORECASE,
)
_R34_OWN_ORDER = re.compile(
    r"\byour\s+(?:order|package|parcel|shipment|delivery)\b|\border\s+#\s?\d", re.IGNORECASE
)
# mk36 (made-up, session 33): "Sometimes a package marked delivered turns up a day later" for
# the parcel the message reads back as delivered ("USPS marked it as delivered"): round 34's
# cause of the customer's own parcel in the singular; the message must read the parcel's
# delivery back or name the customer's order. The cue is group 1.
_MK36_PARCEL_SOMETIMES = re.compile(
    r"\b(sometimes),?\s+(?:a|the)\s+(?:package|parcel|shipment|delivery)\b", re.IGNORECASE
)
_MK36_CASE_DELIVERED = re.compile(
    r"\b(?:marked|shows?|showing|listed|scanned)\s+(?:it|your\s+\w+)\s+as\s+delivered\b"
    r"|\b(?:it|your\s+\w+)\s+(?:was|is|has\s+been)\s+(?:marked\s+)?(?:as\s+)?delivered\b",
    re.IGNORECASE,
)
# "a family illness should qualify as a covered reason", "a 9 lb dog should fit in a standard
# carrier": "should" concluding whether the user's own case meets a rule or a size (session
# 17's "should" concluding the user's case), a guess no result or policy states. The cue is
# group 1.
_MK36_CASE_SHOULD = re.compile(
    r"\b(should)\s+(?:qualify|fit|be\s+(?:covered|eligible|accepted))\b", re.IGNORECASE
)
# mk37 (made-up, session 34): "your bag should follow you to the new flight", "your parcel
# should reach you by then": "should" concluding where the user's own thing goes, a guess no
# result states (session 17's "should" concluding the user's case, as _MK36_CASE_SHOULD).
# The cue is group 1.
_MK37_THING_SHOULD = re.compile(
    r"\byour\s+(?:\w+\s+){1,2}?(should)\s+(?:still\s+)?(?:follow|reach|arrive|be\s+(?:rerouted"
    r"|transferred|delivered\s+(?:there|to))|make\s+it|get\s+there|catch\s+up)\b",
    re.IGNORECASE,
)
# mk40 (made-up support runs, session 34). The agent says it cannot tell whether or when a
# fact of the user's own case comes about ("I can't say yet whether the $312.45 will be
# returned", "I can't say how long it will take or whether it will be approved"), or that
# there is no guarantee of it ("I can escalate it to the team to try to intercept it, but
# there's no guarantee"): the outcome of the case left open, waiting on another party (session
# 21's declining to guess the user's own case), read as :data:`_EN_DECLINES_TO_GUESS` is (a
# time promised stays a processing time; a look-up next is the plan to check).
_MK40_CANT_SAY = re.compile(
    r"\bI\s*(?:can(?:no|['\u2019])t|can\s+not)\s+say(?:\s+(?:yet|for\s+now|right\s+now))?"
    r"(?=\s+(?:whether|if|how\s+long|when)\b)",
    re.IGNORECASE,
)
_MK40_NO_GUARANTEE = re.compile(r"\bthere(?:['\u2019]s|\s+is)\s+no\s+guarantee\b", re.IGNORECASE)
# The details the agent holds said not to include a fact ("The product details I have don't
# include a burn time for the medium candle"): session 30's record's fact not shown, with what
# the agent holds the subject (extends mk38's "record doesn't include"). The cue is group 1.
_MK40_HELD_LACKS = re.compile(
    r"\b(?:details|information|info|data|records?)\s+(?:I\s+have|I\s+can\s+see|available\s+to\s+me)\s+"
    r"((?:don['\u2019]t|doesn['\u2019]t|do\s+not|does\s+not)\s+(?:include|show|list|mention|give))\b",
    re.IGNORECASE,
)
_PATTERN_CUES = (
    _UNSTATED,
    _ZH_CANNOT_KNOW,
    _EN_MISSING,
    _HOPED_DAY,
    _ZH_LIKELIHOOD,
    _NOT_MENTIONED,
    _ZH_UNSETTLED,
    _TRIP_SHOULD,
    _ZH_CASE_CAUSES,
    _ZH_DECLINES_TO_GUESS,
    _EN_DECLINES_TO_GUESS,
    _EVIDENCE_LIKELY,
    _REASON_POSSIBLE,
    _POINTS_RATHER,
    _ZH_CASE_FREQUENCY,
    _DETAILS_UNPROVIDED,
    _R34_PARCEL_CAUSE,
    _MK36_PARCEL_SOMETIMES,
    _MK36_CASE_SHOULD,
    _MK37_THING_SHOULD,
    _MK40_CANT_SAY,
    _MK40_NO_GUARANTEE,
    _MK40_HELD_LACKS,
)
# What follows a modal that names the user's own circumstances as the cause of the complaint:
# "(可能)会是你最近工作压力太大等所致的", "(可能)是由于您长期熬夜引起的".
# mk38zh (made-up, session 34): a cause put forward, after a modal: one of two alternatives
# ("可能是…，也可能是…", "可能是…，或者…") or the cause concluded ("应该就是这个原因", "可能是…导致的").
_MK38ZH_CAUSE_PUT = re.compile(
    r"(?:会|會)?是[^。！？!?；;\n]{2,40}?[，,](?:也|还|還)(?:有)?可能(?:是|会|會)|"
    r"(?:会|會)?是[^。！？!?；;\n]{2,40}?[，,](?:或者|或是)|"
    r"(?:就|也|正)?是[^，,。！？!?；;\n]{0,10}?(?:这个|這個|这|這|同一个|同一個)?(?:原因|缘故|緣故)"
)
# mk39zh (made-up, session 34): alternative doers inside the clause ("是您或者家人…", "是你或朋友…").
_MK39ZH_DOERS_PUT = re.compile(r"(?:会|會)?是(?:您|你)(?:本人)?(?:或者|或是|或|还是|還是)")
# mk39zh: the case's state already reached, not the user's knowing or trying.
_MK39ZH_ALREADY_STATE = re.compile(
    r"(?:已经|已經)(?!(?:知道|了解|瞭解|听说|聽說|注意到|看过|看過|看到|试过|試過|尝试|嘗試|清楚|明白|"
    r"收到(?:了)?(?:通知|短信|消息)))"
)
_ZH_YOUR_CAUSE = re.compile(
    r"(?:会|會)?(?:是)?(?:由于|由於|因为|因為)?(?:您|你)[^，,。；;？?！!\n]{1,20}?"
    r"(?:所致|引起|导致|導致|造成|致使|引发|引發)"
)
#: The pattern cues whose cue is one of their groups, not the whole match.
_GROUP_CUES = (
    _DETAILS_UNPROVIDED,
    _MK40_HELD_LACKS,
    _R34_PARCEL_CAUSE,
    _MK36_PARCEL_SOMETIMES,
    _MK36_CASE_SHOULD,
    _MK37_THING_SHOULD,
    _TRIP_SHOULD,
    _ZH_CASE_CAUSES,
    _EVIDENCE_LIKELY,
    _REASON_POSSIBLE,
    _POINTS_RATHER,
    _ZH_CASE_FREQUENCY,
)
# Their literals tested together: a text with none of them (most texts) has no pattern cue,
# found with one test and one lower-casing instead of one of each a pattern.
_PATTERN_CUES_GATE = GatedAny(_PATTERN_CUES)


def _with_pattern_cues(
    text: str, lowered: str, found: list[HedgeMatch], window: int
) -> list[HedgeMatch]:
    """``found`` (the lexicon's matches, in order) with the pattern cues (:data:`_UNSTATED`,
    :data:`_ZH_CANNOT_KNOW`, :data:`_EN_MISSING`, :data:`_HOPED_DAY`) that overlap none of
    them, in order (``lowered``: the text in lower case)."""
    if not _PATTERN_CUES_GATE.may_match(text, lowered):
        return found
    extra = []
    for pattern in _PATTERN_CUES:
        if pattern is _EN_MISSING:
            matches = _en_missing(text, lowered)
        elif gated(pattern).may_match(text, lowered):
            matches = pattern.finditer(text)
        else:
            continue
        for m in matches:
            if pattern is _TRIP_SHOULD:
                # "we should be there soon": the trip's estimate, not the lexicon's general
                # "should be" (how things ought to be)
                lo, hi = m.span(1)
                found = [
                    h for h in found if not (h.start < hi and lo < h.end and h.kind == "general")
                ]
            # a pattern whose cue is a group of it ("多由于" after "您的情况…") overlaps by the cue
            lo, hi = m.span(m.lastindex) if pattern in _GROUP_CUES and m.lastindex else m.span()
            if any(h.start < hi and lo < h.end for h in found):
                continue
            cue = _pattern_cue(m, text, window)
            if cue is not None:
                extra.append(cue)
    if not extra:
        return found
    return sorted([*found, *extra], key=lambda h: h.start)


# The complaint the user described, named by a demonstrative after "可能导致": "(其他原因)可能导致
# 孩子出现这种情况", "可能引起您的这些症状" (round 18's CMtMedQA assistant).
_CAUSE_NOUN = re.compile(r"原因|因素|病因")  # the subject names a cause, not a drug or a habit
_CAUSES_THIS_CASE = re.compile(
    r"[\u4e00-\u9fff]{0,6}?(?:出现|出現|有)?(?:这种|這種|这些|這些|这个|這個|这样的|這樣的|您的|你的)"
    r"(?:情况|情況|症状|症狀|问题|問題|现象|現象|不适|不適)"
)
# A frequency word on a named item's contents or price (GUIDELINE, the advice set: "these kits
# typically include …", "typically contains sodium percarbonate" when no result holds them):
# the item named by two or more capitalised words opening the sentence or the clause ("The
# Brewferm Starter Kit Basic Plus typically includes", "The MyKronoz ZeTime Petite, …, is
# generally priced higher"), or "it" / "both" right before the word; a kind ("These kits",
# "This report typically includes", "Footwear trends often include") stays general.
_ITEM_FREQUENCY = frozenset({"typically", "usually", "generally"})
_ITEM_FACT_AFTER = re.compile(r"\s+(?:includes?|contains?|comes?\s+with|priced)\b", re.IGNORECASE)
_NAMED_ITEM = re.compile(r"\s*(?:[-*•]\s*)?(?:The\s+)?[A-Z][\w+.-]*(?:\s+[A-Z0-9][\w+.-]*)+\b")
# "they" too: "Rooms at the Lakeside Lodge vary. They typically include a desk" (round 18's hotel
# assistant, session 17's ruling on frequency words supplying the fact asked)
_ITEM_PRONOUN_BEFORE = re.compile(r"\b(?:it|both|they)\s+$", re.IGNORECASE)
# The frequency word opening its sentence before the item's pronoun and its price ("Generally, it
# falls between $90 and $140", "Typically, it costs around $120 a night"): the price asked.
_ITEM_PRICE_AFTER = re.compile(
    r",?\s+(?:it|they)\s+(?:falls?\s+between|ranges?\s+(?:from|between)|costs?|runs?\s+"
    r"(?:from|between|about|around))\b",
    re.IGNORECASE,
)


def _item_fact(text: str, h: HedgeMatch, c_lo: int, c_hi: int, s_lo: int) -> bool:
    """True when the frequency word ``h`` states a named item's contents or price."""
    if h.phrase.lower() not in _ITEM_FREQUENCY:
        return False
    if not text[s_lo : h.start].strip() and _ITEM_PRICE_AFTER.match(text, h.end):
        return True
    if not _ITEM_FACT_AFTER.match(text, h.end, c_hi):
        return False
    if _ITEM_PRONOUN_BEFORE.search(text, max(c_lo, h.start - 8), h.start):
        return True
    return any(_NAMED_ITEM.match(text, lo, h.start) is not None for lo in (s_lo, c_lo))


# The frequency words of the lexicon's "general" kind that say how a kind usually is.
_FREQUENCY_CUES = frozenset({"typically", "usually", "generally", "normally", "often"})
# A conclusion about this case drawn later in the sentence: ", placing it outside the
# window", ", so the order is late", ", so it should have arrived".
_CONCLUDED_FOR_CASE = re.compile(
    r",\s*(?:placing|putting)\s+(?:it|this|them|the)\b|"
    r",?\s+so\s+(?:it|this|the\s+(?:order|item|request|parcel|package|purchase|claim|refund))\s+"
    r"(?:is|was|falls|fell|should|would|has|had|must)\b",
    re.IGNORECASE,
)


# The agent acting on its assumption in its sentence ("Assuming the order was paid by gift
# card, I will refund it there", "I will try again, this time assuming that…", "let me…").
_AGENT_ACTS = re.compile(
    r"\b(?:I|we)\s*(?:will|['\u2019]ll|am\s+going\s+to|['\u2019]m\s+going\s+to|shall)\b|"
    r"\blet\s+me\b|\blet['\u2019]s\b",
    re.IGNORECASE,
)
# What an assumption takes that is no fact of the task's data (session 24): the user's next
# act ("assuming that the user will provide the artist's name"), the agent's own self
# ("assuming the AI assistant does have that capability"), a typo in its instructions
# ("Assuming it's a typo and the intent is to check…").
_ASSUMED_NO_FACT = re.compile(
    r"\s+(?:that\s+)?(?:(?:(?:the\s+)?(?:user|customer)|you|they)\s+(?:will|['\u2019]ll|can|"
    r"could|would)\b|(?:the\s+)?(?:AI|assistant|agent)\b|(?:I|we)\b|"
    r"(?:it|this|that)\s*(?:is|['\u2019]s|was)\s+(?:just\s+)?an?\s+(?:typo|mistake|error)\b)",
    re.IGNORECASE,
)


_I_AM_BEFORE = re.compile(r"\bI(?:['\u2019]m|\s+am)\s+(?:just\s+)?$", re.IGNORECASE)


def _assuming_rule(text: str, h: HedgeMatch, s_lo: int, s_hi: int) -> str:
    """The rule for "assuming": an assumption the agent acts on in its sentence, or one set
    apart in brackets ("(assuming 18 is the maximum per semester)"), fills a fact of the
    case no record holds (session 24's ruling, round 13's assumption): it counts. With no
    act ("All conditions are met, assuming the current time is within the period") it is
    the condition of a claim, the hypothetical."""
    if text[s_lo:s_hi].rstrip().endswith("?"):
        return "question"
    if _ASSUMED_NO_FACT.match(text, h.end):
        return "assumption_no_fact"
    if _quoted(text, h.start, h.end):
        return "quoted"
    if text[max(s_lo, h.start - 2) : h.start].strip() == "(":
        return ""
    if _I_AM_BEFORE.search(text, max(s_lo, h.start - 12), h.start):
        # "I'm assuming you want the refund on the original card": the agent's own assumption
        # in a main clause, filling the value the user left out (round 13's "We can assume
        # they want the last suggested train"), no condition of a claim
        return ""
    if _AGENT_ACTS.search(text, s_lo, s_hi):
        return ""
    return "conditional_assumption"


# "Maybe you could pick an earlier flight", "Maybe Mario can choose different times": what
# a person may do, an option put to the user (session 24's other parties' options), no guess.
_OPTION_AFTER = re.compile(
    r"\s*,?\s*(?:you|we|they|(?!(?:It|This|That|There|These|Those|The)\b)[A-Z][a-z]+)\s+"
    r"(?:can|could)\s+(?!be\b|have\b)\w+"
)
_OPTION_ADVERBS = frozenset({"maybe", "perhaps"})
# The outcome of the agent's own next attempt: "the login will likely fail again", "Retrying
# will probably time out too" (session 24's predictions of the agent's next attempt: process).
_ATTEMPT_OUTCOME = re.compile(
    r"\s+(?:\w+\s+)?(?:fail|succeed|time\s+out|work)\w*\s+(?:again|too|as\s+well)\b",
    re.IGNORECASE,
)
# A failure of the process named as what there is: "It seems there was an unexpected response
# from the system", "there might be an issue with the course information" after a failed
# lookup: the failure restated, process narration; an error in the user's own things ("an
# error in your bill") is a fact of the case.
_PROCESS_EXISTS = re.compile(
    r"(\s+(?:that\s+)?there\s+(?:was|were|has\s+been|had\s+been|is|are|"
    r"(?:might|may|could)\s+(?:be|have\s+been)))?\s+(?:an?\s+|some\s+)?"
    r"(?:(?:unexpected|technical|internal|temporary|system|unknown)\s+)?"
    r"(response|error|glitch|outage|hiccup|issue|problem)s?\b"
    r"(?!\s+(?:with|in|on|of)\s+(?:your|the\s+(?:user|customer)['\u2019]s)\b)",
    re.IGNORECASE,
)
# What an issue or a problem is with, when it names no fact of the case: nothing, or data
# the lookup handles ("with the course information"); "with the claim ID or its existence
# under your policy" names the case's facts (session 24's causes of a failed check).
_VAGUE_ISSUE = re.compile(
    r"(?:\s+(?:with|in)\s+(?:the|this)\s+(?:[\w-]+\s+){0,2}?(?:information|data|details|system|"
    r"request|processing|lookup|retrieval|records?))?\s*[.!,;]?\s*$",
    re.IGNORECASE,
)
_PROCESS_FAULTS = frozenset({"response", "error", "glitch", "outage", "hiccup"})
# A fault in the agent's own instructions: "which seems to be a typo or error in the
# constraint" (session 24: the wording of the agent's own instructions is no fact of the task).
_INSTRUCTIONS_FAULT = re.compile(
    r"\b(?:typo|mistake|error|inconsistenc(?:y|ies)|contradiction)\s+in\s+(?:the|my|these|this)\s+"
    r"(?:constraints?|instructions?|prompt|guidelines?|system\s+message|conditions?)\b",
    re.IGNORECASE,
)


def _service_rule(
    text: str, h: HedgeMatch, kind: str, latest_result: str | None, c_lo: int, c_hi: int
) -> str:
    """Session 26's rules for a service agent's guess or softener (the issue's airline and
    retail agents, session 24's service agents): an option put to the user, the outcome of
    the agent's next attempt, a failure named as what there is, a fault in its instructions;
    ``""`` when none applies."""
    if h.language != "en" or kind not in ("guess", "softener"):
        return ""
    if h.phrase.lower() in _OPTION_ADVERBS and _OPTION_AFTER.match(text, h.end, c_hi):
        return "option"
    if _ATTEMPT_OUTCOME.match(text, h.end, c_hi):
        return "process_prediction"
    exists = _PROCESS_EXISTS.match(text, h.end, c_hi)
    if exists and (exists.group(1) or h.phrase.lower().startswith("there")):
        failed = latest_result is not None and (
            _FALSE_CHECK.search(latest_result) is not None
            or _FAILED_RESULT.search(latest_result, 0, _NO_RESULT_CHARS) is not None
        )
        if exists.group(2).lower() in _PROCESS_FAULTS or (
            failed and _VAGUE_ISSUE.match(text, exists.end(), c_hi)
        ):
            return "process_clause"
    if _INSTRUCTIONS_FAULT.search(text, h.end, c_hi):
        return "instructions"
    return ""


# Session 28 (`hedges_sop28.jsonl`: service agents with function calling, their checks' bare
# outcomes). Each reading below is a clause of GUIDELINE.md; :func:`_failed_check_reading`
# applies them to the rule :func:`_rule` gave a cue, so they stay apart from the rules above.
#
# What the user gave, named with "you provided" ("The credentials you provided might be
# incorrect", "This could mean that the admin password you provided is incorrect"): the input
# named as a failed check's cause (session 24's ruling), not a sentence about the user.
_YOUR_INPUT = (
    r"(?:the|your|this|that)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+\s+(?:that\s+)?"
    r"you(?:['\u2019]ve|\s+have)?\s+(?:provided|gave|given|entered|supplied|typed|used|shared|"
    r"sent|specified)"
)
_YOUR_INPUT_BEFORE = re.compile(_YOUR_INPUT + r"\s+$", re.IGNORECASE)
_WRONG_AFTER = re.compile(
    r"\s+(?:(?:be|have\s+been)\s+)?(?:incorrect|wrong|invalid|mistyped|misspelled|outdated|"
    r"expired|not\s+(?:be\s+)?(?:correct|valid|right|recogni[sz]ed|registered))\b",
    re.IGNORECASE,
)
_YOUR_INPUT_AFTER = re.compile(
    r"\s+(?:that\s+)?" + _YOUR_INPUT + r"\s+(?:is|are|was|were)\s+(?:not\s+)?"
    r"(?:incorrect|wrong|invalid|mistyped|misspelled|outdated|expired|correct|valid)\b",
    re.IGNORECASE,
)
# Alternatives after a softener ("It seems the card is either already closed or has no
# outstanding balance" after ``(False, {})``): a result that found nothing states neither
# (the task-conversation section: a guess at why a search came back empty counts when one of
# its alternatives is a task fact).
_EITHER_OR = re.compile(r"\beither\b[^.!?\n]{1,160}?\bor\b", re.IGNORECASE)
# A softener that gives a cause ("This appears to be because the time slot you requested is
# not available", "It seems to be due to …"): session 24's cause put forward for a failed
# check, which the check's outcome does not state.
_SOFT_CAUSE = re.compile(
    r"\s+(?:(?:to\s+)?be\s+|that\s+(?:it\s+is\s+|this\s+is\s+)?)?(?:because|due\s+to|caused\s+by)\b(.*)",
    re.IGNORECASE | re.DOTALL,
)
# "X indicates / suggests that …" after a narrated error: what it means for the case is read
# on its own (session 24's "what a failure means, drawn after it"), as "which means" is.
_MEANS_THAT = re.compile(
    r"\b(?:indicates|suggests|implies|means|shows)\s+that\b(?!\s+(?:I|we)\b)", re.IGNORECASE
)
# A thing of the task that the data does not hold, given as the cause ("because the date is
# not yet available in the system for reservations"): the booking's data, the system only
# where it sits (session 24: a cause naming a fact of the case), not the agent's process.
_DATA_ABSENT = re.compile(
    r"\s*(?:the|this|that|your|these|those)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?!system\b|database\b|server\b|api\b|tool\b|request\b|query\b|call\b)[\w-]+\s+"
    r"(?:is|are|was|were)\s+(?:not|no\s+longer)\s+(?:yet\s+|currently\s+)?"
    r"(?:available|open|bookable|listed|offered|registered|on\s+file)\b",
    re.IGNORECASE,
)
# A failure named as an issue with doing the agent's step ("It seems that there was an issue
# logging in with the provided credentials", "there was an issue with the reservation
# process") after a check that failed: the outcome restated, process narration (the
# definitions; session 24's "it seems the login was unsuccessful").
_ISSUE_DOING = re.compile(
    r"\s+(?:while\s+|when\s+)?(?:logging|signing)\s+(?:in(?:to)?|on)\b|"
    r"\s+with\s+(?:the|this|your)\s+(?:[\w-]+\s+){0,2}?(?:process|attempt|log-?in|request|"
    r"operation|transaction|authentication)\b|"
    r"\s+(?:accessing|processing|completing|updating|making)\b",
    re.IGNORECASE,
)
# A processing time right after the cue ("should arrive within 5–10 business days"), and a
# policy the sentence cites by its id or its name ("(cw-refunds)", "per our refund policy").
_PROCESSING_TIME = re.compile(
    r"\s+(?:(?:arrive|reach\s+you|be\s+(?:processed|credited|refunded|back))\s+)?within\s+\**"
    r"\d+\s*(?:[–-]|to)\s*\d+\**\s+business\s+days\b",
    re.IGNORECASE,
)
_POLICY_CITED = re.compile(
    r"\((?:[a-z]{2,}-[a-z]+(?:-[a-z]+)*)(?:\s*,\s*[a-z]{2,}-[a-z]+(?:-[a-z]+)*)*\)"
    r"|\b(?:per|under|according\s+to)\s+(?:our|the)\s+(?:[\w-]+\s+){0,2}?polic(?:y|ies)\b",
    re.IGNORECASE,
)
# "… plus 180 days … would extend to approximately 2024-12-28": a date worked out from a date
# and a count of days the sentence states, in ISO form (session 20's computation case; the
# month-name form is :func:`_date_worked`).
_ISO_DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
# "… 465.00 EUR. This means the current exchange rate is approximately 1 USD = 0.93 EUR": a
# rate worked out from two amounts the text states (session 20's computation case).
_RATE_AFTER = re.compile(r"\s*1\s*[A-Za-z$€£¥]{1,4}\s*=\s*[$€£¥]?(\d+(?:\.\d+)?)")
# "This might be an issue because according to the policy rules, … Could you please provide
# your actual annual income?": the modal that says why the agent asks (session 18: a
# possibility put before a question), no guess about the case.
_DEMONSTRATIVE_BEFORE = re.compile(r"(?:^|[.!?]\s+|\n)\s*(?:this|that)\s+$", re.IGNORECASE)
_ISSUE_FOR_RULE = re.compile(
    r"\s+(?:an?\s+)?(?:issue|problem|concern)\s+(?:because|since|as)\b[^.!?\n]{0,80}?"
    r"\b(?:polic(?:y|ies)|rules?|requirements?|limits?|constraints?)\b",
    re.IGNORECASE,
)
_ASKS_USER = re.compile(
    r"\b(?:could|can|would)\s+you\s+(?:please\s+)?(?:provide|confirm|share|tell|give|specify|"
    r"clarify|verify)\b[^?\n]*\?",
    re.IGNORECASE,
)


def _iso_date_worked(text: str, s_lo: int, s_hi: int, end: int) -> bool:
    """True when the ISO date right after an approximation word at ``end`` is another ISO
    date of the text up to its sentence's end plus a count of days the sentence states (the
    day counted or not)."""
    target = _ISO_DAY.match(text, end + (len(text[end:s_hi]) - len(text[end:s_hi].lstrip())))
    if target is None:
        return False
    counts = {int(c.group(1)) for c in _DAY_COUNT.finditer(text, s_lo, s_hi)}
    try:
        to = datetime.date(*map(int, target.groups()))
    except ValueError:
        return False
    # the date worked from may stand in an earlier sentence ("… delivered 2026-05-17. … up to 60
    # days after delivery — only until about 2026-07-16": session 30)
    for m in _ISO_DAY.finditer(text, 0, s_hi):
        if m.start() == target.start():
            continue
        try:
            since = datetime.date(*map(int, m.groups()))
        except ValueError:
            continue
        if any((to - since).days in (n, n - 1) for n in counts):
            return True
    return False


def _rate_worked(text: str, end: int, result: str | None) -> bool:
    """True when "approximately 1 USD = 0.93 EUR" at ``end`` is the quotient of two amounts
    the text before it or the result states (465.00 for 500)."""
    m = _RATE_AFTER.match(text, end)
    if m is None:
        return False
    rate = m.group(1)
    tolerance = 0.5 * 10 ** -_decimals(rate) + 1e-9
    figures = [
        float(f.group().replace(",", ""))
        for f in _OPERAND.finditer((result or "") + " " + text[max(0, end - _OPERANDS_CHARS) : end])
    ][-_OPERANDS:]
    return any(
        a and abs(b / a - float(rate)) <= tolerance for a in figures for b in figures if a != b
    )


def _failed_check_reading(
    text: str,
    h: HedgeMatch,
    latest_result: str | None,
    c_lo: int,
    c_hi: int,
    s_lo: int,
    s_hi: int,
    decided: str,
) -> str:
    """Session 28's readings of a service agent's cue (GUIDELINE.md, session 24's and 20's
    rulings), applied to ``decided``, the rule :func:`_rule` gave it: the rule to report,
    ``""`` when the cue counts."""
    if h.language != "en":
        return decided
    kind = h.kind
    phrase = h.phrase.lower()
    # a modal, not a softener: "The admin password you provided appears to be incorrect"
    # restates the password check's False (session 24's softener case)
    # (a process word inside the input, "the booking code you provided", names no process)
    if (
        kind == "guess"
        and decided
        in (
            "user_offer",
            "user_subject",
            "refers_user",
            "process_clause",
        )
        and (
            (
                _YOUR_INPUT_BEFORE.search(text, c_lo, h.start)
                and _WRONG_AFTER.match(text, h.end, c_hi)
            )
            or _YOUR_INPUT_AFTER.match(text, h.end, c_hi)
        )
    ):
        return ""  # the user's input named as the failure's cause (session 24)
    if decided in ("softener_restates", "missing_restates") and kind == "softener":
        if _EITHER_OR.search(text, h.end, s_hi):
            return ""  # alternatives no empty result states (the task-conversation section)
        cause = _SOFT_CAUSE.match(text, h.end, s_hi)
        if cause is not None and not _process_cause(cause.group(1)):
            return ""  # a cause put forward for the failed check (session 24)
    if decided == "process_clause" and kind in ("guess", "softener"):
        link = None
        for m in _MEANS_THAT.finditer(text, s_lo, h.start):
            link = m
        if link is not None and not _process_clause(
            text, link.end(), h.start, c_hi, latest_result, h.end
        ):
            return ""  # what the error means for the case, read on its own (session 24)
    if decided == "process_cause":
        causes = _causes(text, h.end, s_hi) or []
        if any(_DATA_ABSENT.match(c) for c in causes):
            return ""  # a thing of the task the data lacks, given as the cause (session 24)
    if decided:
        return decided
    failed = latest_result is not None and (
        _FALSE_CHECK.search(latest_result) is not None
        or _FAILED_RESULT.search(latest_result, 0, _NO_RESULT_CHARS) is not None
    )
    if kind in ("guess", "softener") and failed:
        exists = _PROCESS_EXISTS.match(text, h.end, c_hi)
        if (
            exists is not None
            and (exists.group(1) or phrase.startswith("there"))
            and _ISSUE_DOING.match(text, exists.end(), c_hi)
        ):
            return "process_clause"  # "It seems there was an issue logging in" (session 24)
    # "about" is matched with the first digit after it ("about 2"): the value starts after the word
    word_end = h.start + len(phrase) if h.match.lower().startswith(phrase) else h.end
    if phrase in _APPROXIMATORS and (
        _iso_date_worked(text, s_lo, s_hi, word_end)
        or _rate_worked(text, h.end, latest_result)
        or _days_worked(text, s_lo, s_hi, word_end)
    ):
        return "approx_worked"  # a date or a rate the text works out (session 20)
    if (
        kind == "guess"
        and _PROCESSING_TIME.match(text, h.end, s_hi)
        and _POLICY_CITED.search(text, s_lo, s_hi)
    ):
        # "the money … should arrive within 5–10 business days (cw-refunds)": the processing
        # time of a policy the sentence cites, paraphrased (the general case; session 30)
        return "policy_time"
    if (
        kind == "guess"
        and _DEMONSTRATIVE_BEFORE.search(text, max(0, h.start - 40), h.start)
        and _ISSUE_FOR_RULE.match(text, h.end, s_hi)
        and _ASKS_USER.search(text, s_hi)
    ):
        return "plan"  # the modal that says why the agent asks (session 18)
    return ""


# Session 31 (round 32's leasing assistant, GUIDELINE "Hedge rulings of session 31"): one narrow
# reading per kind of false hit, each keyed on the words the GUIDELINE's reason names, read only
# for a cue every other rule keeps (session 30's broader rules for these lowered another round).
#
# "you might be interested in learning more … and possibly scheduling a tour": the adverb rides
# on a second thing the user may want, inside the sentence about the user (the top section).
_INTEREST_BEFORE = re.compile(
    r"\byou(?:['’]re|\s+are|\s+(?:might|may|could)\s+be)\s+(?:also\s+)?interested\s+in\b"
    r"[^.?!;:]*\s(?:and|or)\s+$",
    re.IGNORECASE,
)
_GERUND_AFTER = re.compile(r"\s+[a-z]+ing\b", re.IGNORECASE)
# "visit our website, where you might find virtual tours": what the user may find at the place
# the agent points to, an offer (the top section); a fact of the case stays the other rules'.
_WHERE_YOU = re.compile(r"\bwhere\s+you\s+$", re.IGNORECASE)
_FIND_AFTER = re.compile(r"\s+(?:also\s+)?(?:find|see|view|browse)\b", re.IGNORECASE)
_PLACE_POINTED = re.compile(
    r"https?://|\b(?:website|web\s+site|site|page|portal|link)\b", re.IGNORECASE
)
# 'A "bedroom full renovation" typically means …. This could include …, and possibly …': what a
# term means in general, elaborated in the next sentence (session 22's explanation of a kind).
_TERM_DEFINED = re.compile(
    r"[\"“][^\"”]{1,60}[\"”]\s+(?:typically\s+|usually\s+|generally\s+|often\s+)?"
    r"(?:means|refers\s+to|describes)\b[^.?!]*[.!]\s*$",
    re.IGNORECASE,
)
_TERM_ELABORATED = re.compile(
    r"\s*(?:this|that|it)\s+(?:could|can|may|might|would|typically|usually|often|generally)?\s*"
    r"(?:also\s+)?includes?\b",
    re.IGNORECASE,
)
# "It seems like there might have been a misunderstanding.", the sentence whole: the
# conversation, no fact of the task (the top section's subjects).
_MISUNDERSTOOD = re.compile(
    r"(?:(?:it\s+)?(?:seems|looks|sounds|appears)(?:\s+like|\s+that|\s+as\s+though)?\s+)?"
    r"there\s+(?:might|may|could|must)?\s*(?:have\s+been|be|was)\s+(?:a\s+|some\s+)?"
    r"(?:slight\s+|small\s+)?(?:misunderstanding|miscommunication|mix-?up|confusion)[.!]?",
    re.IGNORECASE,
)
# "Would you like more details on that or perhaps schedule a tour …": the second option of the
# agent's offer (the top section's offers).
_OFFERED_OR = re.compile(r"\bwould\s+you\s+like\b[^.?!]*\sor\s+$", re.IGNORECASE)
_OFFER_ADVERBS = frozenset({"perhaps", "maybe", "possibly"})
# "it seems we don't have a pool on-site" after an amenity list without a pool: what the list
# leaves out, read back (session 30's status no listed record holds).
_WE_LACK = re.compile(
    r"\s+(?:that\s+|like\s+)?(?:we|the\s+community|the\s+property)\s+"
    r"(?:do\s+not|don['’]t|does\s+not|doesn['’]t)\s+(?:currently\s+)?(?:have|offer|include)\s+"
    r"(?:a|an|any)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
    re.IGNORECASE,
)
_LISTED_ITEMS = 4  # commas a result needs to be a list of items
# "I currently don't have access to your ledger balance details" after "I could not retrieve
# your ledger balance": the result's own failure, said again (the softener case).
_RESULT_FAILED = re.compile(
    r"\b(?:could\s+not|couldn['’]t|unable\s+to|cannot|can['’]t)\s+(?:retrieve|find|get|access|load)\s+"
    r"(?:your\s+|the\s+)?([a-z]+(?:\s+[a-z]+)?)",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"i\b", re.IGNORECASE)  # the agent says it lacks the fact
# "I don't have direct access to specific billing details", "I currently don't have access to
# email records": the agent's own systems out of reach, a capability statement (session 30's
# "the agent's own tools as the limit"), not a fact of the case missing.
_OWN_SYSTEMS = re.compile(
    r"\s+(?:direct\s+)?access\s+to\s+(?:your\s+|specific\s+|the\s+)?"
    r"(?:billing|ledger|e-?mail|payment)\s+(?:balance\s+)?(?:details|records|history|system)\b",
    re.IGNORECASE,
)
# "we do have some 1-bedroom … apartments": "some" before a number that opens a compound
# ("1-bedroom", "2-day") counts items of that kind; it approximates no value.
_SOME_COMPOUND = re.compile(r"some\s+\d+-[a-z]", re.IGNORECASE)
# "the time slot for 3:00 PM on Wednesday is not available" after a result listing the open
# times without it: the list read back (the softener case).
_SLOT_TIME = re.compile(r"\b(\d{1,2}):(\d\d)\s*([AP])\.?M\b", re.IGNORECASE)
_LISTED_TIMES = 2  # times a result needs to be a list of slots


def _times(text: str, lo: int = 0, hi: int | None = None) -> set[tuple[int, int, str]]:
    """The clock times ("3:00 PM", "03:00 PM") of ``text[lo:hi]``, normalised."""
    return {
        (int(m.group(1)), int(m.group(2)), m.group(3).upper())
        for m in _SLOT_TIME.finditer(text, lo, len(text) if hi is None else hi)
    }


def _lacks_unlisted(text: str, h: HedgeMatch, latest_result: str, s_hi: int) -> bool:
    """True when a softener says the community lacks a thing ("it seems we don't have a pool")
    that the latest result, a list of items, does not name."""
    lack = _WE_LACK.match(text, h.end, s_hi)
    if lack is None or latest_result.count(",") < _LISTED_ITEMS:
        return False
    words = [w for w in re.findall(r"[a-z]{3,}", lack.group(1).lower()) if w not in ("site",)]
    low = latest_result.lower()
    return bool(words) and not any(w in low for w in words)


def _failure_said_again(text: str, h: HedgeMatch, latest_result: str, c_hi: int) -> bool:
    """True when a statement of missing information names what the latest result says it
    could not retrieve ("your ledger balance")."""
    failed = _RESULT_FAILED.search(latest_result)
    if failed is None or not _FIRST_PERSON.match(h.phrase):
        return False
    clause = text[h.end : c_hi].lower()
    return all(w in clause for w in failed.group(1).lower().split())


def _leasing_readings(
    text: str, h: HedgeMatch, latest_result: str | None, c_hi: int, s_lo: int, s_hi: int
) -> str:
    """The rule that drops an English cue by session 31's readings of round 32 (see the
    patterns above), or ``""``."""
    if h.language != "en":
        return ""
    phrase = h.phrase.lower()
    if (
        phrase in _OFFER_ADVERBS
        and _INTEREST_BEFORE.search(text, s_lo, h.start)
        and _GERUND_AFTER.match(text, h.end)
    ):
        return "user_interest"
    if (
        _WHERE_YOU.search(text, s_lo, h.start)
        and _FIND_AFTER.match(text, h.end)
        and _PLACE_POINTED.search(text, s_lo, h.start)
    ):
        return "place_offered"
    if (
        _TERM_ELABORATED.match(text, s_lo)
        and s_lo > 0
        and _TERM_DEFINED.search(text, max(0, s_lo - 200), s_lo)
    ):
        return "term_meaning"
    if _MISUNDERSTOOD.fullmatch(text[s_lo:s_hi].strip()):
        return "conversation"
    if phrase in _OFFER_ADVERBS and _OFFERED_OR.search(text, s_lo, h.start):
        return "offer"
    if latest_result and h.kind == "softener" and _lacks_unlisted(text, h, latest_result, s_hi):
        return "absence_read_back"
    if latest_result and h.kind == "missing" and _failure_said_again(text, h, latest_result, c_hi):
        return "failure_read_back"
    if h.kind == "missing" and _OWN_SYSTEMS.match(text, h.end, s_hi):
        return "own_systems"
    if phrase == "some" and _SOME_COMPOUND.match(text, h.start):
        return "items_counted"
    if phrase == "not available" and latest_result:
        listed = _times(latest_result)
        named = _times(text, s_lo, h.start)
        if len(listed) >= _LISTED_TIMES and named and not named & listed:
            return "slot_read_back"
    return ""


# Session 32, round 34's support agents (a shop's Claude agents over Shopify tools, an AI
# company's retrieval assistant, an LLM-written IT helpdesk), each read by a GUIDELINE clause:
#
# an order id the customer gave that the listed orders do not hold ("I wasn't able to find
# order #99999 in our system" after a result listing the customer's orders): the list read back
# (session 30's status no listed record holds), no missing information;
_R34_ID = re.compile(r"#\s?(\d{3,})\b")
_R34_LISTED_IDS = 2  # a list of records: two ids or more in the result
# ... "I don't have memory of past conversations": the agent's self (the capability case);
_R34_SELF = re.compile(r"\s+(?:any\s+)?(?:memory|memories|recollection)\b", re.IGNORECASE)
# ... "I don't have a detailed overview of this product" when the result says "(Overview not
# available …)": the result's absence read back (the softener case);
_R34_ABSENT_NOUN = re.compile(
    r"\s+(?:an?\s+|any\s+)?(?:detailed\s+|specific\s+|full\s+)?(overview|description|details|summary)\b",
    re.IGNORECASE,
)
# ... "I'm sorry we couldn't get this resolved for you today": the work's outcome, an apology,
# no fact lacking;
_R34_NOT_RESOLVED = re.compile(
    r"\s+(?:this|it|that|the\s+\w+|your\s+\w+)\s+(?:resolved|fixed|sorted(?:\s+out)?|working)\b",
    re.IGNORECASE,
)
# ... the step's possible effect ("This may give the update process the permissions it needs",
# "it may not resolve the overall slowness entirely"): the round's notes ("adjusting it may
# help"), no guess about the case;
_R34_STEP_SUBJECT = re.compile(r"(?<![\w'’])(?:this|that|it|doing\s+(?:so|this|that))\s+$", re.I)
_R34_STEP_EFFECT = re.compile(
    r"\s+(?:not\s+)?(?:help|give|resolve|fix|improve|allow|solve|speed\s+up|free\s+up|clear"
    r"|reset|refresh)\b",
    re.IGNORECASE,
)
# ... a further step "may be necessary" ("a more thorough investigation may be necessary"): the
# plan (session 21's step), as "may warrant escalation" is;
_R34_STEP_NOUN = re.compile(
    r"\b(?:investigation|escalation|diagnostic|inspection|review|repair|replacement|reinstall\w*"
    r"|restore|reset|visit)\s+$",
    re.IGNORECASE,
)
# ... the customer's fault ("the issue", "a temporary issue on the server side") when no tool
# was read: the case, not the agent's process (_process_clause);
_R34_CASE_WORD = re.compile(r"issues?|problems?|server", re.IGNORECASE)
_R34_CASE_BEFORE = re.compile(
    r"\b(?:the|this|that|your|a)\s+(?!technical\b)(?:[\w-]+\s+)?$", re.IGNORECASE
)
_R34_NECESSARY = re.compile(r"\s+(?:necessary|needed|required)\b", re.IGNORECASE)
# ... "I'm glad to hear that. It seems like running it as an administrator resolved the
# issue.": the outcome the user just told, restated (session 29's softened outcome of the work).
_R34_GLAD = re.compile(r"\b(?:glad|great|good|happy)\s+to\s+hear\b", re.IGNORECASE)
_R34_WORKED = re.compile(r"\b(?:resolved|fixed|solved|did\s+the\s+trick|worked)\b", re.IGNORECASE)


def _r34_reading(
    text: str, h: HedgeMatch, kind: str, latest_result: str | None, c_lo: int, c_hi: int
) -> str:
    """The rule that drops ``h`` by one of round 34's readings (session 32), or ``""``."""
    if h.language != "en":
        return ""
    first_person = h.phrase.lower().startswith(
        ("i ", "i'", "we", "wasn't", "weren't", "couldn't", "not able")
    )
    if kind == "missing" and latest_result and first_person:
        ids = _R34_ID.findall(text, h.end, c_hi)
        listed = _R34_ID.findall(latest_result)
        if ids and len(listed) >= _R34_LISTED_IDS and not set(ids) & set(listed):
            return "id_unlisted"  # "I wasn't able to find order #99999" after the orders listed
        noun = _R34_ABSENT_NOUN.match(text, h.end, c_hi)
        if noun is not None and re.search(
            noun.group(1) + r"s?\s+not\s+(?:available|provided|captured)", latest_result, re.I
        ):
            return "absence_read_back"
    if kind == "missing" and _R34_SELF.match(text, h.end, c_hi):
        return "agent_self"  # "While I don't have memory of past conversations"
    if kind == "missing" and _R34_NOT_RESOLVED.match(text, h.end, c_hi):
        return "work_outcome"  # "I'm sorry we couldn't get this resolved for you today"
    if (
        kind == "guess"
        and h.phrase.lower() in ("may", "might", "could")
        and _R34_STEP_SUBJECT.search(text, max(c_lo, h.start - 24), h.start)
        and _R34_STEP_EFFECT.match(text, h.end, c_hi)
    ):
        return "step_effect"  # "This may give the update process the permissions it needs"
    if (
        kind == "guess"
        and _R34_STEP_NOUN.search(text, max(c_lo, h.start - 24), h.start)
        and _R34_NECESSARY.match(text, h.end, c_hi)
    ):
        return "step"  # "a more thorough investigation may be necessary"
    if (
        kind == "softener"
        and _R34_GLAD.search(text, max(0, h.start - 80), h.start)
        and _R34_WORKED.search(text, h.end, c_hi)
    ):
        return "user_reported"  # "Glad to hear that. It seems like … resolved the issue."
    return ""


# mk36 (made-up, session 33): readings of round mk36's airline, retail, telecom and bank
# agents, each by the shape of the sentence and the result, not mk36's words.
# A softener made certain by the adverb before it ("that one definitely looks like the typo"):
# a judgement the agent is sure of, no doubt of a fact (GUIDELINE: softeners state, not guess).
_MK36_CERTAIN_BEFORE = re.compile(
    r"\b(?:definitely|clearly|certainly|obviously|undoubtedly)\s+$", re.IGNORECASE
)
# The amount right after an approximator ("about $80"), and the same amount said earlier in
# its sentence ("if it's $80 less, … save you about $80"): the figure repeated, no estimate
# (a figure from an earlier listing, "was around $425", is recalled: still a guess).
_MK36_AMOUNT = re.compile(r"\s*([$€£]\s?\d[\d,]*(?:\.\d+)?)")
# A frequency word earlier in the cue's clause, the amount a lead time before or after an event
# ("It's usually posted about 2 hours before departure"): when such things usually happen, a
# rule's window read as the word is (a trip's "usually takes around 1.5 hours" stays a guess).
_MK36_FREQUENCY_BEFORE = re.compile(r"\b(?:usually|typically|generally|normally)\b", re.IGNORECASE)
_MK36_LEAD_TIME = re.compile(
    r"\s*\d+(?:\.\d+)?\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?)\s+(?:before|after|prior\s+to)\b",
    re.IGNORECASE,
)
# A third person's wish in a thought ("She'll probably want matching colors"): the user's
# preference guessed, a sentence about the user, not the task's data.
_MK36_PERSON_BEFORE = re.compile(
    r"\b(?:she|he)\s*(?:'ll|’ll|\s+will|\s+would|'d|’d)\s+$", re.IGNORECASE
)
_MK36_WISH_AFTER = re.compile(r"\s+(?:want|prefer|like|choose|pick|go\s+for)\b", re.IGNORECASE)
# What may befall the user's own case, the user as the grammatical subject: "you might miss the
# connection", "you may receive a provisional credit", "you may be asked for documentation":
# a guess about this case's outcome, not an offer or a sentence about the user.
_MK36_YOU_BEFORE = re.compile(r"\byou\s+$", re.IGNORECASE)
_MK36_BEFALLS = re.compile(
    r"\s+(?:miss|receive|lose|be\s+(?:asked|required|contacted|rebooked|denied))\b",
    re.IGNORECASE,
)
# A past event of the case put forward with a perfect modal, its subject a thing ("it may have
# been damaged in transit", "it might have been left with a neighbour"): a guess at what
# happened, kept whatever clause or question surrounds it.
_MK36_THING_BEFORE = re.compile(r"\b(?:it|they|this|that|(?:the|your)\s+\w+)\s+$", re.IGNORECASE)
_MK36_DASH = re.compile(r"\s[—–-]\s")
_MK36_PERFECT_EVENT = re.compile(r"\s*(?:have\s+)?been\s+\w+(?:ed|en|t)\b", re.IGNORECASE)
# "It's possible one of those was triggered …": a past event of a thing put forward as possible.
_MK36_POSSIBLE_EVENT = re.compile(
    r"\s+(?:that\s+)?(?!you\b)(?:\w+\s+){1,4}?(?:was|were|got|has\s+been|had\s+been)\s+\w+ed\b",
    re.IGNORECASE,
)
# This case's refund, named with its article, and when it arrives, with no policy cited ("The
# refund might take a few days to show up"): session 30's ruling keeps the uncited arrival time
# the guess of session 7's arrival estimate (a cited one, "(shop-refunds)", is policy).
_MK36_THIS_REFUND = re.compile(
    r"\b(?:the|your)\s+(?:[$€£]\s?\d[\d,]*(?:\.\d+)?\s+)?(?:refund|credit|reimbursement)\s+$",
    re.IGNORECASE,
)
_MK36_ARRIVAL = re.compile(r"\s+(?:take|reach|arrive|appear|show|post|land)\b", re.IGNORECASE)
# A guessing adverb in the consequence of a general statement ("Seat selections generally don't
# carry over when a flight is changed, so you'll most likely need to choose again"): the
# "when" belongs to the statement, the "so" clause guesses this case's outcome.
_MK36_GUESS_ADVERBS = frozenset({"most likely", "probably", "likely"})
_MK36_SO_AFTER_CONDITION = re.compile(
    r"\b(?:when|whenever)\b[^.!?\n]*,\s*so\s+[^,.!?\n]*$", re.IGNORECASE
)
# "there might be a significant fare difference": a difference of this booking's price put
# forward as existing, the issue's own example of a real guess, whatever plan the sentence
# names ("Upgrading applies to both flights, and there might be …"); "the fare difference may
# apply" stays the policy of session 32.
_MK36_THERE_MODAL = frozenset({"there might be", "there may be", "there could be"})
_MK36_PRICE_DIFFERENCE = re.compile(
    r"\s+(?:an?\s+)?(?:[a-z]+\s+)?(?:fare|price|cost|rate)\s+difference\b", re.IGNORECASE
)
# "You should have enough time" for the user's connection or trip: "should" judging whether this
# case works out (session 19's "should" of the traveller's trip), a guess, not how things ought
# to be.
_MK36_ENOUGH_TIME = re.compile(r"\s+(?:enough|plenty\s+of|sufficient)\s+time\b", re.IGNORECASE)
# A lack read back from a null field ("The gate hasn't been assigned yet, so I'm not able to
# tell you which"): the result's own lack, said again as its consequence (the baggage row's
# ruling: a null field is the record stating it), no missing information of the agent's.
_MK36_NULL_FIELD = re.compile(r"\"\s*:\s*null\b")
_MK36_NOT_YET_SO = re.compile(
    r"\b(?:has|have|is|are)(?:n't|\s+not)\b[^.!?\n]*\byet\s*,\s*so\s+[^.!?\n]*$",
    re.IGNORECASE,
)


def _mk36_reading(
    text: str,
    h: HedgeMatch,
    kind: str,
    latest_result: str | None,
    c_lo: int,
    c_hi: int,
    s_lo: int,
    s_hi: int,
) -> str | None:
    """mk36's readings (session 33): a rule name that drops ``h``, ``""`` that keeps it, or
    ``None`` when none of them applies."""
    if h.language != "en":
        return None
    phrase = h.phrase.lower()
    if kind == "softener" and _MK36_CERTAIN_BEFORE.search(text, max(c_lo, h.start - 16), h.start):
        return "certain"
    if kind == "guess" and phrase in _APPROXIMATORS:
        amount = _MK36_AMOUNT.match(text, h.start + len(h.phrase))
        if amount is not None and amount.group(1) in text[s_lo : h.start]:
            return "amount_repeated"
        # the cue's match may hold its number ("about 2"): read the amount from the cue's start
        lead = _MK36_LEAD_TIME.match(text, h.start + len(h.phrase), c_hi)
        if _MK36_FREQUENCY_BEFORE.search(text, c_lo, h.start) and lead is not None:
            return "general"
    if (
        kind == "guess"
        and _MK36_PERSON_BEFORE.search(text, max(c_lo, h.start - 12), h.start)
        and _MK36_WISH_AFTER.match(text, h.end, c_hi)
    ):
        return "user_wish"
    if (
        kind in ("doubt", "missing")
        and latest_result
        and _MK36_NULL_FIELD.search(latest_result)
        and _MK36_NOT_YET_SO.search(text, s_lo, h.start)
    ):
        return "null_read_back"
    if kind == "guess" and phrase in ("may", "might", "could", "may be", "might be"):
        # "may be" is one cue: its passive's participle follows it ("you may be asked")
        after = text[h.end - 3 : c_hi] if phrase.endswith(" be") else text[h.end : c_hi]
        if (
            _MK36_YOU_BEFORE.search(text, max(c_lo, h.start - 6), h.start)
            and _MK36_BEFALLS.match(after)
            and not _CONDITION.search(text, s_lo, h.start)
        ):
            return ""
    if kind == "guess" and phrase in ("may", "might", "could", "might have", "may have"):
        # ... said, not asked: "where the envelope might have been left?" asks the user; a
        # question after a dash ("— would you like me to open a claim?") is an offer of its own
        asked = text[s_lo:s_hi].rstrip().endswith("?") and not _MK36_DASH.search(text, h.end, s_hi)
        if (
            not asked
            and _MK36_THING_BEFORE.search(text, max(c_lo, h.start - 24), h.start)
            and _MK36_PERFECT_EVENT.match(text, h.end, c_hi)
        ):
            return ""
    if (
        kind == "guess"
        and phrase in ("may", "might", "could")
        and _MK36_THIS_REFUND.search(text, max(c_lo, h.start - 40), h.start)
        and _MK36_ARRIVAL.match(text, h.end, c_hi)
        and not _POLICY_CITED.search(text, s_lo, s_hi)
    ):
        return ""
    if kind == "general" and phrase == "should have" and _MK36_ENOUGH_TIME.match(text, h.end, c_hi):
        return ""
    if (
        kind == "guess"
        and phrase in _MK36_THERE_MODAL
        and _MK36_PRICE_DIFFERENCE.match(text, h.end, c_hi)
        and not _CONDITION.search(text, s_lo, h.start)
    ):
        return ""
    if (
        kind == "guess"
        and phrase in _MK36_GUESS_ADVERBS
        and _MK36_SO_AFTER_CONDITION.search(text, s_lo, h.start)
        and not _ADVICE_IF.search(text, s_lo, h.start)
    ):
        return ""
    if (
        kind == "guess"
        and phrase in ("it's possible", "it is possible")
        and _MK36_POSSIBLE_EVENT.match(text, h.end, c_hi)
    ):
        return ""
    return None


# mk37 (made-up, session 34): readings of a third writer's airline, retail, telecom and bank
# agents, each a GUIDELINE distinction in general form.
# "I can't see or cancel them from here": what the agent's tools can see and do, joined to an
# act, a capability refusal (process), no fact missing.
_MK37_SEE_OR_ACT = re.compile(
    r"\s+(?:or|and)\s+(?:cancel|change|modify|manage|edit|update|refund|book|access)\b",
    re.IGNORECASE,
)
# "You might also find it in the app", "you may want to check …": where the user may look for
# a thing or what the user may wish, a statement about the user (the issue's "wherever you
# might have stored it"), no fact of the case guessed; what the user may find in a product
# ("Some examples you might find are …") stays a guess about it.
_MK37_YOU_BEFORE = re.compile(r"\byou\s+(?:also\s+)?$", re.IGNORECASE)
_MK37_USER_FINDS = re.compile(
    r"\s+(?:also\s+)?(?:find\s+(?:it|them|the|your)\b[^.!?\n]{0,40}?\b(?:in|under|on)\s+(?:the|your)\b"
    r"|want\s+to|wish\s+to|prefer\s+to|need\s+to\s+(?:check|look))",
    re.IGNORECASE,
)
# "no travel insurance that might have covered it": what a thing the case lacks would have done,
# a counterfactual, no doubt of a fact (the record says there is none).
_MK37_ABSENT_THING = re.compile(
    r"\bno\s+(?:[\w-]+\s+){1,3}(?:that|which)\s+(?:would\s+|could\s+)?$", re.IGNORECASE
)
# The latest result says itself that the fact is not there yet ("status … is not available yet
# (published 24h before departure)"): the message's "so I can't tell you yet" restates it (the
# softener case: a fact the latest tool result states), when the sentence names the result's
# words.
_MK37_RESULT_UNAVAILABLE = re.compile(
    r"\b(?:is|are)\s+not\s+(?:yet\s+)?(?:available|published)(?:\s+yet)?\b|\bnot\s+yet\s+"
    r"(?:available|published)\b",
    re.IGNORECASE,
)
# An estimate field's value read back after a verb and a place ("is now estimated to land in
# Atlanta at 2:58 PM" after "est_arr": "…T14:58:00"): the record's estimate (as
# _estimate_field_read, with a field named by the short "est" and a place between).
_MK37_EST_FIELD_VALUE = re.compile(r"""["']([A-Za-z_]+)["']\s*:\s*("[^"]*")""")
_MK37_TO_EST_VALUE = re.compile(
    r"\s+to\s+[a-z]+(?:\s+(?:in|at|into|from)\s+[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)?\s+(?:at|by|around)"
    r"(?=\s*\**\s*\d)",
)
# A softener before "hasn't left <place> yet" after a record whose shipment's status is a
# label made and nothing more ("label_created"): the record's status restated (tune35's
# _NOT_YET and _UNDER_WAY_STATUS, for a parcel not yet handed over).
_MK37_NOT_LEFT_YET = re.compile(
    r"\b(?:has|have)(?:n['’]t|\s+not)\s+(?:left|shipped|moved|gone\s+out)\b[^.!?\n]{0,40}\byet\b",
    re.IGNORECASE,
)
_MK37_LABEL_ONLY = re.compile(
    r"""["'](?:\w+_)?status["']\s*:\s*["'](?:label[ _-]?created|pre[ _-]?transit|ready[ _-]?to[ _-]?ship)["']""",
    re.IGNORECASE,
)
# A frequency word whose subject is an id of the case the result holds ("CB904 generally runs on
# time"): how this flight usually goes, a guess about the task's facts (sessions 17 and 18), not
# a policy's "generally".
_MK37_FREQUENCY = frozenset({"generally", "usually", "typically", "normally", "often", "mostly"})
_MK37_ID_TOKEN = re.compile(r"\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9-]{4,}\b")
# "so yours may well still be on its way": the user's own thing guessed about after how such
# things go, the case, not the kind (round 34's cause of the customer's own parcel).
_MK37_YOURS_BEFORE = re.compile(r"\byours\s+$", re.IGNORECASE)
# "approximately 1 hour 10 minutes": a length in two units, an estimate unless two clock times
# the message states differ by it.
_MK37_TWO_UNITS = re.compile(
    r"\s*(\d+)\s*(?:hours?|hrs?|h)\s*(?:and\s+)?(\d+)\s*(?:minutes?|mins?|m)\b", re.IGNORECASE
)
_MK37_SO = re.compile(r"[,;]\s*so\s+", re.IGNORECASE)
_MK37_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\b")
_MK37_MINUTES_SLACK = 5


def _mk37_clock_minutes(m: re.Match[str]) -> int:
    hour = int(m.group(1)) % 12 + (12 if m.group(3).lower() == "p" else 0)
    return hour * 60 + int(m.group(2))


# mk39 (made-up, session 34): "About 2 hours 50 minutes (7:10 AM Eastern to 8:58 AM Central)"
# works the length from the two clock times the sentence gives, each in its own time zone: the
# computation case (session 20; the hedge rows of round 4), not an estimate. A zone named right
# after a clock time shifts it by the zone's whole hours from UTC (standard time; only the
# difference of two zones counts).
_MK39_ZONE = re.compile(
    r"\s*\(?(eastern|central|mountain|pacific|alaska|hawaii|[ecmp][sd]?t)\b", re.IGNORECASE
)
_MK39_ZONE_HOURS = {"e": 5, "c": 6, "m": 7, "p": 8, "a": 9, "h": 10}


def _mk39_clock_utc(text: str, m: re.Match[str]) -> int:
    """Minutes of the day of a clock time, moved to UTC when a zone is named right after it."""
    zone = _MK39_ZONE.match(text, m.end())
    shift = _MK39_ZONE_HOURS[zone.group(1)[0].lower()] * 60 if zone is not None else 0
    return _mk37_clock_minutes(m) + shift


def _mk37_length_stated(text: str, start: int, minutes: int, end: int | None = None) -> bool:
    """True when two clock times ``text`` states before ``start`` (or, given ``end``, anywhere
    before ``end``) lie ``minutes`` apart, each read in the time zone named after it."""
    stop = start if end is None else end
    times = [_mk39_clock_utc(text, m) for m in _MK37_CLOCK.finditer(text, 0, stop)]
    return any(
        abs((b - a) % (24 * 60) - minutes) <= _MK37_MINUTES_SLACK
        for i, a in enumerate(times)
        for b in times[i + 1 :]
    )


def _mk37_reading(
    text: str,
    h: HedgeMatch,
    kind: str,
    latest_result: str | None,
    c_lo: int,
    c_hi: int,
    s_lo: int,
) -> str | None:
    """mk37's readings (session 34): a rule name that drops ``h``, ``""`` that keeps it, or
    ``None`` when none of them applies."""
    if h.language != "en":
        return None
    phrase = h.phrase.lower()
    if (
        kind in ("missing", "doubt")
        and phrase.endswith("see")
        and _MK37_SEE_OR_ACT.match(text, h.end)
    ):
        return "capability"
    if (
        kind == "guess"
        and phrase in ("might", "may", "could")
        and _MK37_YOU_BEFORE.search(text, max(c_lo, h.start - 12), h.start)
        and _MK37_USER_FINDS.match(text, h.end)
    ):
        return "user_offer"
    if (
        kind == "guess"
        and phrase in ("might have", "may have", "could have", "might", "could")
        and _MK37_ABSENT_THING.search(text, max(c_lo, h.start - 60), h.start)
    ):
        return "counterfactual"
    if kind in ("missing", "doubt") and latest_result:
        # the result's words that name what is not there yet (the key whose value says so,
        # or its clause), not any word of the whole result
        words: set[str] = set()
        for u in _MK37_RESULT_UNAVAILABLE.finditer(latest_result):
            lo = max(latest_result.rfind(c, 0, u.start()) for c in ".;{,\n") + 1
            words |= {w.lower() for w in re.findall(r"[A-Za-z]{4,}", latest_result[lo : u.start()])}
        if words & {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text[s_lo:c_hi])}:
            return "result_unavailable"
    if kind == "guess" and phrase == "estimated" and latest_result:
        lead = _MK37_TO_EST_VALUE.match(text, h.end)
        values = " ".join(
            m.group(2)
            for m in _MK37_EST_FIELD_VALUE.finditer(latest_result, 0, 20_000)
            if "est" in m.group(1).lower().split("_")
        )
        if lead is not None and values:
            at = lead.end() + len(text[lead.end() :]) - len(text[lead.end() :].lstrip(" *"))
            if _CLOCK.match(text, at) and _clock_held(text, at, values):
                return "field_held"
    if (
        kind == "softener"
        and latest_result
        and _MK37_NOT_LEFT_YET.search(text, h.end, c_hi)
        and _MK37_LABEL_ONLY.search(latest_result)
    ):
        return "softener_pending"
    if kind == "general" and latest_result and phrase in _MK37_FREQUENCY:
        ids = _MK37_ID_TOKEN.findall(text, c_lo, h.start)
        if (
            ids
            and any(i in latest_result for i in ids)
            and not _CONDITION.search(text, s_lo, h.start)
        ):
            return ""
    if (
        kind == "guess"
        and phrase in ("may well", "might well", "probably", "likely", "most likely")
        and _MK37_YOURS_BEFORE.search(text, max(c_lo, h.start - 8), h.start)
    ):
        return ""
    if (
        kind == "guess"
        and phrase in ("should", "almost certainly")
        # a question asks, whatever the cue (the older rules' reading stands)
        and not text[s_lo:c_hi].rstrip().endswith("?")
    ):
        # a condition after the cue ("…, but I can change it if you'd like") governs the offer,
        # and a rule stated before "so your bag should …" is what the guess concludes from
        own = phrase != "should" or any(
            m.span(1) == (h.start, h.end)
            for m in _MK37_THING_SHOULD.finditer(
                text, max(c_lo, h.start - 40), min(c_hi, h.end + 40)
            )
        )
        lo = max(c_lo, h.start - 40)
        after_so = max((m.end() for m in _MK37_SO.finditer(text, lo, h.start)), default=lo)
        if own and not _CONDITION.search(text, after_so, h.start):
            return ""
    if kind == "guess" and phrase in _APPROXIMATORS:
        length = _MK37_TWO_UNITS.match(text, h.start + len(h.phrase))
        if (
            length is not None
            and not text[s_lo:c_hi].rstrip().endswith("?")
            and not _mk37_length_stated(
                text, h.start, int(length.group(1)) * 60 + int(length.group(2)), c_hi
            )
            and not _length_held(text, length.start(1), latest_result)
        ):
            return ""
    return None


# Round 35 (session 34): an LLM voice receptionist, its speech transcribed. "You're not sure,
# just let me know" is "If you're not sure, …" with its "If" lost by the transcription: a doubt
# of the caller's, a statement about the user (the top section; round 35's "If you're not sure"
# ruling), not the agent's about a fact.
_R35_YOU_NOT_SURE = re.compile(r"\byou(?:['’]re|\s+are)\s+$", re.IGNORECASE)
# "… best for patients who may need a more involved procedure": a modal inside a relative clause
# on people of a kind describes the kind (session 21's kind; round 35's "a kind" ruling), no
# claim about this case.
_R35_PEOPLE_WHO = re.compile(
    r"\b(?:patients|people|customers|clients|users|members|guests|travell?ers|those|anyone|"
    r"someone)\s+who\s+$",
    re.IGNORECASE,
)


# "It sounds like you might be referring to steps in a process": a guess at what the user's words
# denote (the top section's meanings of the user's words; round 13), not a sentence about the
# user: kept.
_R35_YOU_BEFORE = re.compile(r"\byou(?:['’]re|\s+are)?\s+$", re.IGNORECASE)
_R35_WORDS_MEANT = re.compile(
    r"\s+(?:be\s+)?(?:referring\s+to|talking\s+about|thinking\s+of|mean(?:ing)?)\b", re.IGNORECASE
)


def _r35_reading(text: str, h: HedgeMatch, kind: str, c_lo: int) -> str | None:
    """Round 35's readings (session 34): a rule name that drops ``h``, ``""`` that keeps it, or
    ``None`` when none of them applies."""
    if h.language != "en":
        return None
    lo = max(c_lo, h.start - 16)
    if h.phrase.lower() == "not sure" and _R35_YOU_NOT_SURE.search(text, lo, h.start):
        return "user_not_sure"
    if kind == "guess" and _R35_PEOPLE_WHO.search(text, max(c_lo, h.start - 24), h.start):
        return "kind_of_person"
    if (
        kind == "guess"
        and _R35_YOU_BEFORE.search(text, lo, h.start)
        and _R35_WORDS_MEANT.match(text, h.end)
    ):
        return ""
    return None


# mk40 (made-up support runs, session 34): readings of a cue by the shape of its sentence.
# - "Delivery is now estimated for Friday, March 21." after ``"estimated_delivery": …``: the
#   record's estimate read back with its noun before the verb (the agentdojo section's
#   "estimated delivery date"; :func:`_field_held` reads "Estimated delivery: …");
_MK40_NOUN_IS = re.compile(
    r"\b([A-Za-z]{3,})\s+(?:is|are|was|were|has\s+been)\s+(?:now\s+|still\s+)?$"
)
# - "Should not need 7JKW9A." opening its sentence, or after "I" or "we": what the agent needs
#   for its own work, a plan (the top section), no doubt about the case;
_MK40_AGENT_NEED_BEFORE = re.compile(r"(?:^|[.!?\n]\s*|\b(?:I|we)\s+)$", re.IGNORECASE)
_MK40_NEED_CUES = frozenset({"should not need", "shouldn't need", "should not have to"})
# - "I can't see X from my tools, so I can't tell you whether …": the consequence of the
#   agent's own tools as the limit (session 30's capability statement) shares its reading.
_MK40_SO_BEFORE = re.compile(r"\b(?:so|and\s+so|which\s+means)\s+$", re.IGNORECASE)


def _mk40_reading(
    text: str, h: HedgeMatch, kind: str, latest_result: str | None, s_lo: int
) -> str | None:
    """mk40's readings (session 35): a rule name that drops ``h``, or ``None`` when none of
    them applies."""
    if h.language != "en":
        return None
    phrase = h.phrase.lower().replace("\u2019", "'")
    if phrase == "estimated" and latest_result:
        noun = _MK40_NOUN_IS.search(text, max(s_lo, h.start - 40), h.start)
        if noun is not None:
            stem = noun.group(1).lower()[:5]
            keys = _ESTIMATE_KEY.findall(latest_result, 0, 20_000)
            if any(stem in key.lower() for key in keys):
                return "estimate_field_read"
    if phrase in _MK40_NEED_CUES and _MK40_AGENT_NEED_BEFORE.search(
        text, max(0, h.start - 8), h.start
    ):
        return "plan"
    if (
        kind in ("missing", "doubt")
        and _MK40_SO_BEFORE.search(text, max(s_lo, h.start - 16), h.start)
        and _OWN_TOOLS_LIMIT.search(text, s_lo, h.start)
    ):
        return "missing_capability"
    return None


def _rule(
    text: str,
    h: HedgeMatch,
    latest_result: str | None,
    c_lo: int,
    c_hi: int,
    s_lo: int,
    s_hi: int,
) -> str:
    """The name of the rule that drops the cue ``h`` (its clause ``[c_lo, c_hi)``, its
    sentence ``[s_lo, s_hi)``), or ``""`` when the rules keep it (see :func:`find_hedges`)."""
    kind = h.kind
    mk37 = _mk37_reading(text, h, kind, latest_result, c_lo, c_hi, s_lo)
    if mk37 is not None:
        return mk37  # session 34: mk37's made-up support agents
    mk40 = _mk40_reading(text, h, kind, latest_result, s_lo)
    if mk40 is not None:
        return mk40  # session 35: mk40's made-up support agents
    if h.language == "en" and h.kind == "guess" and h.phrase in _TRIP_CUES:
        if text[s_lo:s_hi].rstrip().endswith("?"):
            return "question"  # "Should we be there by six?"
        if _CONDITION.search(text, s_lo, h.start):
            return "conditional_modal"  # "If you leave now, you should be there by six"
        held = latest_result and any(
            _held(n.group(), latest_result) for n in _NUMBER.finditer(text, h.end, s_hi)
        )
        if held:
            return "approx_held"  # a time the route result gives, read back: the softener case
        return ""
    if h.language == "en" and h.phrase.lower() == "assuming":
        return _assuming_rule(text, h, s_lo, s_hi)
    if h.kind == "guess" and _R34_PARCEL_CAUSE.match(text, h.start):
        return ""  # session 32: a cause of the customer's own parcel put forward, kept
    r34 = _r34_reading(text, h, kind, latest_result, c_lo, c_hi)
    if r34:
        return r34  # session 32: round 34's support agents
    mk36 = _mk36_reading(text, h, kind, latest_result, c_lo, c_hi, s_lo, s_hi)
    if mk36 is not None:
        return mk36  # session 33: mk36's made-up support agents
    r35 = _r35_reading(text, h, kind, c_lo)
    if r35 is not None:
        return r35  # session 34: round 35's voice receptionist
    if _zh_value_assumed(text, h, s_hi):
        # "假设通货膨胀率为2%", "β为1.2（假设值）": a value the problem does not give, filled
        # (session 30, round 31; round 13's assumption): kept, though a worked solution follows
        return ""
    dropped = _free_answer_rule(
        text, h, c_lo, c_hi, s_lo, s_hi, bool(latest_result and latest_result.strip())
    )
    if dropped:
        return dropped
    if latest_result and latest_result.strip() and _mentions_not(text, h):
        # "the feedback does not specifically mention X" with the record in the row: the
        # record read back (the agentdojo and round-14 readings), not missing information
        return "record_read"
    if (
        kind == "general"
        and h.language == "en"
        and _CONCLUSION_MODAL.fullmatch(h.match) is not None
        and _price_told(text, h.end, c_hi, latest_result)
        and _IF_CLAUSE.search(text, s_lo, s_hi) is None
    ):
        # mk35 (made-up, session 33): "the 18x18 rust color should be the same price ($24.00)":
        # an item's price stated with a modal, that the latest result does not hold (the
        # GUIDELINE: a named item's own facts with a modal are a guess; a price asked is this
        # case's fact, session 32); "should be priced at $6.90 if sold with a 15% reduction"
        # is the hypothetical's
        kind = "guess"
    if kind == "general" and _LEFT_TO_CHECK.match(text, h.end, s_hi):
        # mk35 (made-up, session 33): "Ledgerly's cap is usually 3 per day, though I'd
        # recommend checking the fee schedule to be sure": the claim its own sentence leaves
        # unconfirmed is the agent's unchecked answer (session 17), as _TO_CONFIRM's next
        # sentence is
        kind = "guess"
    if kind == "general" and _TO_CONFIRM.match(text, s_hi):
        # "… usually depends on the age, not the grade. However, I should confirm this.": a
        # thought's unchecked answer to the question, not how things usually are
        kind = "guess"
    if (
        kind == "general"
        and _CONCLUSION_MODAL.fullmatch(h.match) is not None
        and gated_search(_USER_WORDS, text[c_lo : h.start]) is not None
    ):
        # "What you said should be Youku directional traffic data" (round 12's helpdesk), "the
        # hotel you mentioned must be the Hilton": a guess at what the user's words denote
        kind = "guess"
    if (
        kind == "general"
        and h.language == "zh"
        and _CAUSE_NOUN.search(text, c_lo, h.start)
        and _CAUSES_THIS_CASE.match(text, h.end, c_hi)
    ):
        # "还有其他原因可能导致孩子出现这种情况": a cause put forward for the complaint the user
        # described, named by a demonstrative (session 17's ruling), a guess about the case
        kind = "guess"
    concluded = (
        kind == "general"
        and h.language == "en"
        and h.phrase.lower() in _FREQUENCY_CUES
        and _CONCLUDED_FOR_CASE.search(text, h.end, s_hi) is not None
    )
    if concluded:
        # "63 days after the purchase date (which is typically close to the delivery date),
        # placing it outside the 30-day window": a kind's frequency standing in for this
        # case's fact, concluded from (session 21's ruling), a guess; the request or the
        # order the sentence opens with is the case, no process subject
        kind = "guess"
    if kind == "general" and _zh_acknowledged_cause(text, h, s_lo):
        # "脚底发麻确实要重视，长期血糖偏高可能影响神经": a cause in general words answering the
        # member's own report (session 30, round 28; session 19), a guess about the case
        kind = "guess"
    if kind == "general" and _hours_given(text, h, c_lo, c_hi, s_lo):
        # "They're usually open until late at night", "通常为9:00-17:00", "昆明地铁通常在晚上10点半到
        # 11点左右结束运营", "The duration of the flight typically ranges from 18 to 20 hours": a
        # named place's hours or a trip's length given with a frequency word (session 31, round
        # 33; session 17), a guess; "many shops … typically from around 2 pm" is a kind's
        kind = "guess"
    if kind == "general" and _item_fact(text, h, c_lo, c_hi, s_lo):
        # "The Brewferm Starter Kit typically includes…", "both typically include metal or
        # silicone bands", "is generally priced higher": a named item's own facts (the advice
        # set and round 17), a guess, not how a kind of thing usually is
        kind = "guess"
    if kind == "general":
        if _CONCLUSION_MODAL.fullmatch(h.match) is None or not _inference(text, s_lo, c_lo):
            return "general"
        if _DEONTIC_PASSIVE.match(text, h.start, c_hi):
            return "general"  # "so it should be reported as malware": what ought to be done
        if _IDENTIFIER.search(text, c_lo, h.start):
            return "general"  # "so we can infer is_public should be false": the call's input
        kind = "guess"  # "..., so it should be a film": a conclusion drawn with a modal
    if h.match == "May" and _is_month(text, h.start):
        return "month"  # "on May 25th", "closed in May": the month, not the modal
    if _quoted(text, h.start, h.end):
        return "quoted"  # "Notes: “card may be in the airport”": the user's words, example text
    if (
        kind == "guess"
        and h.match in _ZH_ROUGH
        and _ZH_ASKS_USER_FOR.search(text, max(s_lo, h.start - 40), h.start)
    ):
        # "请提供型号、购买时间…和大致特征": what the user is asked to give, roughly (session
        # 7's "tell me roughly how much it cost", an instruction), no estimate of the agent's
        return "instruction"
    if kind == "guess" and _STEP_WARRANTED.match(text, h.end, c_hi):
        # "this case may warrant escalation": the modal on the agent's next step, a plan
        # (session 21's ruling: a possibility given as the reason for a step is not this)
        return "step"
    outlook = _zh_outlook_reading(text, h, kind, c_lo, c_hi, s_lo, s_hi)
    if outlook:
        return outlook  # session 30: round 31's financial consultant (effects, duties, caveats)
    if _zh_named_market(text, h, kind, c_lo):
        # "A股股指的反弹行情可能具有一定的持续潜力": a named market's course, the fact asked left
        # open (session 30, round 31), not how markets go (session 29's market as the subject)
        return ""
    negotiation = _negotiation_reading(text, h, kind, s_lo, c_hi)
    if negotiation:
        return negotiation  # session 29: round 29's agents proposing options
    role = _role_prompt_advice(text, h, kind, c_lo, c_hi)
    if role:
        return role  # session 29: round 29's role-prompted service assistants
    planner = _planner_hedge_reading(text, h, kind, c_lo, c_hi, s_lo)
    if planner:
        return planner  # session 31: round 33's trip and gift planners
    leftover = _zh_advice_leftovers(text, h, kind, c_lo, c_hi, s_lo)
    if leftover:
        return leftover  # session 30: round 29's general advice, read in its sentence
    shop = _shop_rule(text, h, kind, latest_result, s_hi)
    if shop:
        return shop  # session 28: round 27's shop assistant (drafts, wishes, item caveats)
    support = _support_rule(text, h, s_lo, s_hi)
    if support:
        return support  # session 29: round 28's helpdesk agent (its steps, the work so far)
    service = _service_rule(text, h, kind, latest_result, c_lo, c_hi)
    if service:
        return service  # session 26: a service agent's options, attempts and failures
    answered = _answer_rule(text, h, c_lo, c_hi, s_lo, s_hi)
    if answered:
        return answered  # session 20's rulings (round 21's answers from general knowledge)
    explained = _explained_rule(text, h, latest_result, c_lo, c_hi, s_lo, s_hi)
    if explained:
        return explained  # session 22's rulings (the answers set: explanations, no tool)
    advice = _advice(text, h, kind, c_lo, c_hi, s_lo, s_hi)
    if advice:
        return advice  # the advice set: what an option means for the user, not the task's facts
    if h.phrase.lower() == "unlikely" and _ACTION_UNLIKELY.match(text, c_lo, h.start):
        # "restarting equipment is unlikely to restore service": what an action the user may
        # take would bring, advice (as "Calling ahead could help"), not a claim about the data
        return "action_weighed"
    words = context_patterns()
    plan = words["plan"]
    clause = text[c_lo:c_hi]
    sentence_text = text[s_lo:s_hi]
    # A clause that continues the one before it shares its subject ("..., which
    # could include", "..., likely due to the criteria", "...and possibly oral
    # surgery"): read the process, plan and subject words from the sentence's start.
    # A relative clause ("which...") refers to the noun before it, not to the
    # sentence's subject: only its process and plan words come from the sentence.
    opening = clause.lstrip(" ,，")
    subjectless = _OWN_SUBJECT.match(h.match) is None and (
        opening.lower().startswith(h.match.lower()) or _SHARED_SUBJECT.match(opening) is not None
    )
    shared = subjectless or words["connector"].match(opening) is not None
    scope_lo = s_lo if shared else c_lo
    subject_lo = s_lo if subjectless else c_lo
    if kind == "missing" or kind == "doubt":
        if h.match in _ZH_REPLY_NAMED and not _ZH_DENIED.search(text, c_lo, h.start):
            return "promise"  # "预计15分钟内一定给您明确的答复": a reply promised, no doubt
        if _SEES.fullmatch(h.match) and _OTHER_VIEWER.search(text, c_lo, h.start):
            return "other_viewer"  # "您在前台看不到修改的信息", "派送员可能看不到": not the staff's records
        if h.phrase.lower() in _DOUBT_ADJECTIVES:
            if _BEFORE_NOUN.match(text, h.end):
                return "term"  # "evaluation of uncertain tax positions": a kind of thing named
            if _user_subject(text, subject_lo, h.start, h.end, c_hi, kind) or _USER_WANTS.match(
                text, h.end, c_hi
            ):
                # "The user … is uncertain about specific cities", "it's uncertain when they
                # want the reservation": the user's mind, as "unclear what they want" is
                return "user_subject"
        if _KNOW_HOW.match(text, h.end, c_hi):
            # "可以电话咨询，但我不知道如何操作" (round 16's cardiologist): how to work a channel
            # or a device, the agent's ability, as "unable to proceed" is, no fact of the case
            return "missing_capability"
        if kind == "missing" and _USER_CANNOT.search(text, max(c_lo, h.start - 24), h.start):
            # "Is it lost (you can't find it) or stolen?": what the user cannot find, not
            # what the agent lacks
            return "user_subject"
        if _LIST_TAIL.match(opening):
            scope_lo = s_lo  # "Functions like 'round', 'int', and 'math' modules were not..."
        if _process_before(text, scope_lo, h.start) or _PROCESS_VERB.match(text[h.end : c_hi]):
            return "missing_process"
        if kind == "missing" and _OWN_TOOLS_LIMIT.search(text, h.end, s_hi):
            # "I can't verify Etsy's return window from Cartwheel's tools", "I don't have a
            # "list all my orders" lookup available here": what the agent's tools do, a
            # capability statement (session 30)
            return "missing_capability"
        if kind == "missing" and _status_absent(text, h.end, s_hi, latest_result):
            return "status_read_back"  # "I don't see any pending orders in the list" (session 30)
        if h.language == "zh" and (
            _ZH_SAY_OR_WOULD_BEFORE.search(text, max(c_lo, h.start - 4), h.start)
            or _ZH_THEN_I_WILL.match(text, h.end, s_hi)
        ):
            return "missing_condition"  # "如果查询失败…我会明确说明查不到": a case of a future act
        if _program_did(text, s_lo, c_lo, h.start, h.match):
            return "missing_process"  # "it didn't find a diff and showed nothing": a program's act
        if _failure_consequence(text, s_lo, c_lo):
            return "missing_process"  # "The call timed out, so I don't have the IDs": the failure's
        if (
            c_lo > s_lo
            and _WITHOUT_OPENING.match(text, s_lo, c_lo)
            and latest_result is not None
            and (_FALSE_CHECK.search(latest_result) or _no_result(latest_result))
        ):
            # "Without knowing the available credit, I'm unable to determine if the payment
            # can be made" after a check that came out false or empty: what the agent
            # therefore cannot do (session 18's "Without transaction details, it's difficult
            # to identify…"), the process
            return "missing_process"
        if _missing_input(text, c_lo, h.start, h.end, c_hi):
            return "missing_input"  # "缺少 seasonId", "no information about what functions are supported"
        if (
            _CHECK_WHETHER.match(text, h.end, c_hi)
            and _CONFIRM.search(h.match)
            # "I'm unable to confirm whether the refund went through", "无法确认是否…": what
            # the agent cannot check is a doubt, not a plan to check
            and not _CANNOT.search(h.match)
        ):
            return "missing_check"  # "需要确认该用户名是否可用": a plan to check, not a doubt
        if (
            words["clarify"].fullmatch(h.match)
            and not words["meaning"].search(sentence_text)
            # "so I need more information to determine if the claim is true", with no question
            # to the user after it: the agent cannot settle whether the fact holds (round 7's
            # "cannot determine if the claim is true"), no plan to ask
            and not (
                _SETTLE_WHETHER.match(text, h.end, c_hi) and not _ASKS_AFTER.search(text, s_hi)
            )
        ):
            return "missing_clarify"  # "I need to clarify the dates": a plan to ask, unless about a meaning
        if _ZH_ASK_MORE.search(text, c_lo, h.end) and _ASKS_AFTER.search(text, s_hi):
            # "我需要更多信息才能回答您的问题。请问还剩下多少薯片呢？" (round 10): the agent asks
            # for the input, as "I need more information" does; "这家店需要更多信息" still counts
            return "missing_clarify"
        if _step(text, s_lo, c_lo, h.start, h.end, h.phrase):
            return "step"  # "1. Explain that the checker is unavailable": a step the agent plans
        if h.match in _NEED_TO_KNOW and not _ZH_QUESTION_WORD.search(text, h.end, c_hi):
            # "首先，我们需要了解您公司的商业模式和目标" announces asking (the GUIDELINE's "I need
            # to clarify the budget"); "需要了解您的具体目的地是哪里" asks what a fact is
            return "missing_clarify"
        if kind == "doubt" and _WHICH_IS_BETTER.match(text, h.end, c_hi):
            return "opinion"  # "无法判断哪种豆腐脑更好吃": an opinion asked for, not a fact
        if h.match in _PROVIDE and _refusal(text, h.end, s_hi):
            # "我无法提供一个原因列表…，因为我认为没有任何验证信息支持这样的说法": the answer the
            # agent declines to give, with its reason; "无法提供…的明确答案" is unsure of it
            return "refusal"
        if kind == "missing" and _restates(clause, latest_result, kind):
            return "missing_restates"
        if kind == "missing" and _null_field(text, h.start, latest_result):
            # "- Max Supply: It is not specified" after "max_supply": null: the field read back
            return "missing_restates"
        if (
            gated_search(_USER_INPUT, sentence_text)
            or gated_search(_USER_TO_GIVE, sentence_text)
            or gated_search(_USER_OWN_UNKNOWN, sentence_text)
            or gated_search(_CANNOT_PROCEED, sentence_text)
            or gated_search(_NO_CALL, sentence_text)
            or _MK38_USER_OWN_FACT.search(sentence_text)
        ):
            return "missing_user_input"  # "since you have not provided a destination", "...I cannot proceed"
        if (kind == "doubt" or h.phrase.lower() in _UNCLEAR) and _user_left_out_before(text, s_lo):
            # "The user hasn't mentioned the date. It is not clear which day.": what the
            # user's request leaves out, the user's input (round 13's thoughts)
            return "missing_user_input"
        if h.phrase in _UNSTATED_PHRASES and _cannot_call_next(text, s_hi):
            # "However, the reservation time is not specified. I cannot call the
            # ReserveRestaurant API without a specific time.": the call's input, which the
            # user has to give (round 13's thoughts), not a field of a found item
            return "missing_user_input"
        if _NO_ABILITY.match(text, h.end, c_hi) or gated_search(_BEYOND_ME, sentence_text):
            return (
                "missing_capability"  # "I don't have the technical ability to apply the discount"
            )
        if _CONDITION.search(text, c_lo, h.start) or _field_value(text, h.start, h.end):
            return "missing_condition"  # "If the return option is unavailable", "- **Aid status:** Not available"
        if (
            h.language == "zh"
            and _ZH_FREQUENT.search(text, c_lo, h.start)
            and not _ADDRESSED.search(text, s_lo, s_hi)
            and not _THIS_CASE.search(text, s_lo, s_hi)
        ):
            # "特发性血小板减少性紫癜一般是原因搞不清楚" (round 20's doctors, session 19's
            # ruling): what medicine does not know of a kind of disease, the general case
            return "general"
        if h.match in _LACK and _thing_lacks(text, c_lo, h.start, h.end, c_hi):
            return "lack_of_thing"  # "缺乏灵感", "体内缺乏一种酶": what a thing lacks, not a fact
        if _AVAILABILITY.match(h.match) and _THING_SUBJECT.search(text[c_lo : h.start]):
            return "missing_status"  # "access is unavailable in the app": a thing's status, not a missing fact
        if _AVAILABILITY.match(h.match) and _FOR_DELIVERY.match(text, h.end, c_hi):
            # "the product is not available for delivery in Greece" (round 27's shop
            # assistant): where an item ships, a status the catalogue gives (GUIDELINE, the
            # agentdojo section's status a record holds), not a fact the agent lacks
            return "missing_status"
        if _AVAILABILITY.match(h.match) and _heading_sentence(text, s_lo, h.start):
            # "Here are some classes that are not available:" and the classes listed: the
            # status of the items the list shows (cs16's course agent), no missing fact
            return "missing_status"
        if _AVAILABILITY.match(h.match) and _MADE_INTO.search(text, c_lo, h.start):
            return "missing_status"  # "making it unavailable for new instances": an action's effect
        if _AVAILABILITY.match(h.match) and _SHOWN_AS.search(text, c_lo, h.start):
            return "missing_shown_as"  # "the option is now showing as unavailable": a status a record shows
        if (
            _AVAILABILITY.match(h.match)
            and latest_result
            and _AVAILABLE_FALSE.search(latest_result)
        ):
            # "It seems the blue 1000ml water bottle is currently unavailable" after a product
            # record whose variant says "available": false: the status the record gives
            return "missing_status"
        if h.match in _NOT_OFFERED and _OFFERED_THING.match(text, h.end, c_hi):
            return "missing_status"  # "北京贵都大酒店没有提供该服务": what the hotel offers
        if _HAVE_NOT.fullmatch(h.match) and _STOCK.match(text, h.end, c_hi):
            return "missing_stock"  # "I don't have anything like that available": what the shop has
    else:
        if (
            sentence_text.rstrip().endswith(("?", "？"))
            and not _COLON_QUESTION.search(text, h.end, s_hi)
            and not _statement_before_question(text, h, c_lo, c_hi)
        ):
            return "question"  # a question asks; "or maybe something else?" claims nothing
        if _YOU_ABLE.search(text, c_lo, h.start) and _YOUR_PROBLEM_CAUSE.match(text, h.end, s_hi):
            # "You might not be able to apply the code because it has expired", "you might
            # encounter errors due to various reasons" (round 19's MTRAG answers): causes put
            # forward for the user's own problem, session 18's ruling, even when a help page
            # lists them; the agent's process words in them do not make them the process
            return ""
        causes = _causes(text, h.end, s_hi)
        if (
            causes is not None
            and all(map(_process_cause, causes))
            and not _mk39_cause_in_data(causes, latest_result)
            # "Your card was probably charged twice because of a system glitch": the user's
            # own thing is what the guess is about, whatever its cause
            and _CASE_OWNER.search(text, c_lo, h.start) is None
        ):
            return (
                "process_cause"  # "This could be due to the query used": every cause is the process
            )
        # An assumption states the value it fills, whatever the agent then does with it: its
        # process and plan words are read before it only ("I'll assume it's the first one
        # from our previous call", "I'll assume next month is December 2025 and use…",
        # round 13's and the Azure agent's thoughts); "I will assume these as initial
        # options" takes items as a plan's options, no value.
        assumed = _ASSUMES.search(h.match) is not None
        if assumed and _TAKEN_AS.match(text, h.end, c_hi):
            return "plan"
        reach = h.start if assumed else c_hi
        # what this user can do or reach in this case ("You may still be able to request
        # cancellation", "so the billing page may not be available to you": the AgentDojo
        # section), whatever process words it names and with or without "so"
        able = (
            _YOU_ABLE.search(text, c_lo, h.start) is not None
            and _ABLE_AFTER.match(text, h.end, c_hi) is not None
        ) or _AVAILABLE_TO_YOU.match(text, h.end, c_hi) is not None
        # "The error message indicates a KeyError, which likely means the vehicle is not
        # associated with the user", "The login failed, indicating that the credentials are
        # likely incorrect": what the failure means for the case is read on its own, not with
        # the failure narrated before it (session 24)
        process_lo = scope_lo
        for link in _INFERRED.finditer(text, scope_lo, c_hi):
            if link.start() <= h.start:
                process_lo = max(process_lo, link.end())
        if (
            causes is None
            and not able
            and not concluded
            and _process_clause(text, process_lo, h.start, reach, latest_result, h.end)
        ):
            return "process_clause"  # "the search might have failed": the agent's process
        # a plan word of the cue's own ("potential" in "potential reasons why your") is none
        # (from past an inference's link: "I could not find the order, which means it may be
        # under another account" reads its search as the failure, not as a plan)
        planned = any(
            not (h.start <= m.start() and m.end() <= h.end)
            for m in plan.finditer(text, process_lo, reach)
        ) or (
            # "Let me look up the reservation so I can see which options might apply": the
            # clause after "so" says what the plan before it is for, and its modal is the
            # plan's (session 32's made-up support runs)
            _PLAN_PURPOSE.match(text, c_lo, h.start) is not None
            and plan.search(text, s_lo, c_lo) is not None
        )
        # "Let's try disabling your antivirus, as it might be blocking the installation": a
        # possibility about this case given as the reason for the step (session 21), not the
        # plan's own modal
        # ("…, as they may be able to identify …" says what another party can do: no reason)
        reason = (
            _REASON_FOR_STEP.search(text, max(s_lo, h.start - 60), h.start) is not None
            and _ABLE_NEXT.match(text, h.end) is None
        )
        if (planned or _action_weighed(text, s_lo, s_hi, h.phrase, h.end, c_hi)) and not reason:
            return "plan"
        if _step(text, s_lo, c_lo, h.start, h.end, h.phrase):
            return "step"  # "2. Identify the card that appears to be…", "then likely cancel"
        if _ZH_STEP.search(text, c_lo, h.start):
            return "step"  # "首先要确定可能对您的组织构成威胁的外部因素": a how-to's step
        declined = _REFUSAL_BEFORE.search(text, s_lo, h.start)
        if declined is not None and _refusal(text, declined.end(), s_hi):
            return "refusal"  # "无法提供一个原因列表…，因为我认为…": the refusal's reason
        if _OWN_ANSWER.search(text, c_lo, h.start):
            # "我的之前的回应可能包含了一些未经证实的信息", "my previous answer may be wrong": the
            # answer doubts its own claims, whatever a later rule reads in the predicate
            return ""
        # "There might be a fare difference if you change to a later flight": the user's
        # change is the condition; the guess is about this booking's fare
        change = gated_search(_USER_CHANGE, sentence_text)
        if change is not None and s_lo + change.start() <= h.start < s_lo + change.end():
            change = None  # the cue is inside the condition
        if change is not None:
            lo, hi = s_lo + change.start(), s_lo + change.end()
            clause = text[c_lo : max(c_lo, lo)] + text[min(c_hi, hi) : c_hi]
            sentence_text = sentence_text[: change.start()] + sentence_text[change.end() :]
        if latest_result and _result_words(text, h.start, c_hi, latest_result):
            if kind == "softener":
                # "The main sources … appear to lie in western Europe" after a passage that
                # says so: the source's own uncertainty about the fact, passed on (session
                # 18's ruling), not a softener before a fact the result states
                return ""
            return "result_words"  # "Treatment may involve antibiotics…" copied from the result
        if _FREQUENCY_MODAL.fullmatch(h.match) and _WANT_TO.match(text, h.end, c_hi):
            return "advice"  # "those over 35 may want to seek treatment": a suggestion
        if _ADVISES.search(text, s_lo, h.start):
            return "advice"  # "you'll want large, durable, and perhaps lightweight options": advice
        if (
            _about_user(clause, h.phrase)
            and not _ELIGIBLE.match(text, h.end, c_hi)
            and not _mk38_thing_then_you(text, h.start, h.end, c_lo, c_hi)
            and h.phrase not in _HOPES  # "Fingers crossed you'll have it this week": the parcel
            # "You might discover new favorites like matcha bites" (round 16's snack bot): what
            # the box holds, with the user as its finder, a guess about the product
            # ... but "You might find the reservation number in your confirmation email" says
            # where the user may look among their own things: an instruction (session 18's
            # "you might want to check …"), about the user
            and not (
                _YOU_ABLE.search(text, c_lo, h.start)
                and _FINDS_ITEMS.match(text, h.end, c_hi)
                and not _IN_YOURS.search(text, h.end, c_hi)
            )
            # "…without billing permission, so you may not be able to access the statement": a
            # conclusion about what this user can do in this case (the AgentDojo section)
            # ... a conclusion from the records ("so …") or despite the case's state ("You may
            # still be able to request cancellation, but …"); without either, an option offered
            # ("You may be able to change your seat online")
            and not (
                able and (_inference(text, s_lo, c_lo) or _STILL.match(text, h.end) is not None)
            )
            # an approximate number is a claim whoever it is for: "a car can pick you up in
            # ~23 mins" estimates when this order arrives (round 10b's ruling). Chinese staff's
            # 大概 with 您 is still often a question or the usual processing time
            # A rule's window stays policy: "you can change it online up until around 3
            # hours before the scheduled departure"
            # what the customer will get after a send: "You should receive them shortly"
            # "…, so you should be able to register now": what this user can do, concluded
            # from the records (the AgentDojo section); without "so" a rule's window for the
            # user ("You should be able to change it online up until…") stays policy
            and not h.phrase.lower().startswith(("should ", "so you should"))
            # "应该是您在庭审中达成了协议", "您这种情况应该属于正常离职": 应该 concluding the
            # client's own case (session 17's ruling, round 19's Lawyer LLaMA), a guess
            and not (
                h.match in ("应该", "應該")
                and (
                    _ZH_CONCLUDES_YOU.match(text, h.end)
                    or (
                        _ZH_CONCLUDES.match(text, h.end)
                        and _ZH_YOUR_CASE.search(text, max(c_lo, h.start - 8), h.start)
                    )
                )
            )
            # "you may already be partway there", "you may already have been charged": the
            # state of the user's own case (session 18's rulings), not an offer
            and not _ALREADY_STATE.match(text, h.end)
            # "You may have mistyped it", "you might have used another e-mail": the user's input
            # put forward as the cause of what the lookup did not find, a guess about the case
            # (session 24's ruling), not a sentence about the user
            and not _INPUT_CAUSE.match(text, h.end, c_hi)
            # mk35 (made-up, session 33): "You may have mixed up a character or two": any verb
            # done to a piece of what the user typed, the same cause put forward
            and not _INPUT_PIECE_CAUSE.match(text, h.end, c_hi)
            # "I'll assume you want the 8 am flight": an assumption that fills the value the
            # user left out (round 13's ruling), not a sentence about the user
            and not (_ASSUMES.search(h.match) and _ASSUMED_WISH.match(text, h.end, c_hi))
            # "This could be due to a technical issue or the fact that you might not have a
            # scheduled test": a cause put forward for a failed check, the case (session 24)
            and (causes is None or h.language != "en")
            # "也可能会是你最近工作压力太大等所致的" (round 20's doctors): the user's own
            # circumstances put forward as the cause of their complaint (session 17's ruling on
            # causes of the user's own complaint), a guess about the case, not an offer
            and not _ZH_YOUR_CAUSE.match(text, h.end, c_hi)
            # mk38zh (made-up, session 34): "可能是您不小心点了订购，也可能是家里人开通的", "应该就是
            # 这个原因": causes of the user's own case put forward as alternatives, or concluded,
            # with 您 inside them, a guess about the case (sessions 17 and 24), not about the user
            and not (h.language == "zh" and _MK38ZH_CAUSE_PUT.match(text, h.end))
            # mk39zh (made-up, session 34): "可能是您或者家人在网上买的": the doers of the case's
            # event put forward as alternatives inside one clause, the same cause put forward
            and not (h.language == "zh" and _MK39ZH_DOERS_PUT.match(text, h.end))
            # mk39zh: "这笔钱应该已经在您卡里了": a modal on what the case already is (the
            # English "you may already have been charged", session 18), a guess about the case;
            # what the user already knows or did stays about the user
            and not (h.language == "zh" and _MK39ZH_ALREADY_STATE.match(text, h.end))
            and not (
                h.language != "zh"
                and (h.phrase in ("~", "some") or h.phrase.lower() in _APPROXIMATORS)
                and not _RELATIVE_LIMIT.match(text, h.end - 1 if h.match[-1:].isdigit() else h.end)
            )
        ):
            return "user_offer"  # "wherever you might have stored it", "an agent who may help you"
        if (
            _user_subject(text, subject_lo, h.start, h.end, c_hi, kind)
            and not _ELIGIBLE.match(text, h.end, c_hi)
            # "The user might have entered incorrect credentials" after a failed login: the
            # input they gave named as the failure's cause, the case (session 24), not the user
            and not _ENTERED_WRONG.match(text, h.end, c_hi)
            # "the user probably wants to book from Wednesday, January 6": an assumption that
            # fills a value the user left out (round 13's ruling), a guess at their words
            and not _VALUE_FILLED.match(text, h.end, c_hi)
        ):
            # "the user seems to be ready": about the user, not the data; "the customer may
            # be eligible for a return" concludes the case's status (session 17's "should
            # concluding the user's case"; round 22's support agent), the user no subject
            return "user_subject"
        if kind == "softener" and (
            gated_search(_USER_INPUT, sentence_text) or gated_search(_USER_TO_GIVE, sentence_text)
        ):
            # "It looks like the URL you mentioned was not included in your message": what
            # the user gave, as "I don't have your email" (session 7's ruling)
            return "missing_user_input"
        if _USER_WISH_AFTER.match(text, h.end, c_hi) and not _ASSUMES.search(h.match):
            return "user_subject"  # "it's likely they want a hotel there": what the user wants
        if _DIALOGUE_SUBJECT.search(text, c_lo, h.start):
            return "process_clause"  # "The conversation seems to be concluding": the dialogue
        if _RESULTS_OUTCOME.search(text, h.end, c_hi):
            # "This might yield results for different hotels", "lacking the specifics might
            # result in generic results": what the agent's own call will get, the process
            return "process_clause"
        if _agent_modal(text, c_lo, h.start, h.match, h.end):
            return "agent_modal"  # "I may need to broaden the search": the agent's plan
        if h.phrase.lower() in _PLAN_ADVERBS and (
            _AGENT_NEXT.match(text, h.end, c_hi) or _AGENT_PLAN_BEFORE.search(text, s_lo, h.start)
        ):
            return "agent_plan"  # "Maybe I can look up…", "I need to finalize it and possibly add…"
        if _EPISTEMIC.fullmatch(h.phrase) and _AGENT_COMPLEMENT.match(text, h.end, c_hi):
            return "agent_complement"  # "I think I can answer", "it looks like I can't reschedule": the agent
        if _refers_to_user(text, s_lo, s_hi) and not words["meaning"].search(
            text, h.end, min(c_hi, h.end + _MEANING_NEAR)
        ):
            # "It seems like they provided a name, which could be the name of an artist": a
            # guess at what the user's words denote still counts, as _user_subject reads it
            return (
                "refers_user"  # "The user corrected the size. This will likely affect...": the user
            )
        applies = kind == "softener" and (
            _APPLIES.match(text, h.end, c_hi) is not None
            # "requirements appear satisfied": whether the rule's conditions hold, in the cue
            or h.phrase.lower().endswith(("satisfied", "met"))
        )
        # After a check that came out false, what the softener governs runs to its sentence's
        # end: "It seems that the requested time slots … on October 10th, 2024, are not
        # available" restates the check's False across the date's commas (session 24)
        failed_check = latest_result is not None and _FALSE_CHECK.search(latest_result)
        if (
            kind == "softener"
            and _NOT_YET.search(text, h.end, c_hi) is not None
            and latest_result is not None
            and _UNDER_WAY_STATUS.search(latest_result) is not None
        ):
            # mk35 (made-up, session 33): "It looks like the transfer simply hasn't settled yet"
            # after a record whose status is pending: the status read back in other words
            return "softener_restates"
        if (
            kind == "softener"
            and _SOFTENER_TAG.fullmatch(text, c_lo, c_hi) is not None
            and _restates(text[s_lo:c_lo], latest_result, kind, _inference(text, s_lo, s_lo))
        ):
            # mk35 (made-up, session 33): a softener tagged after its claim ("There are no
            # nonstop flights on June 16, it seems, but …") governs the clause before it
            return "softener_restates"
        if kind == "softener" and _restates(
            text[c_lo:s_hi] if failed_check or _clause_runs_on(text, h, c_lo, c_hi) else clause,
            latest_result,
            kind,
            applies or _inference(text, s_lo, c_lo),
        ):
            return "softener_restates"
        if (
            kind == "guess"
            and latest_result
            # a short answer in words (a person or a desk replying), not a web page that
            # holds a modal somewhere nor a record's field ("aid": "Treatment may involve…"
            # is about another case, session 8's result_words)
            and len(latest_result) <= _NO_RESULT_CHARS
            and not latest_result.lstrip().startswith(("{", "["))
            and _CAVEAT_MODAL.fullmatch(h.match) is not None
            and _CAVEAT_MODAL.search(latest_result)
            and _mostly_held(clause, latest_result)
        ):
            # "the availability may change as more appointments come in" after "this could
            # change with barber's getting more appointments": the result's own caveat
            return "caveat_restates"
        if (
            kind == "softener"
            and (
                _ATTRIBUTED.search(text, s_lo, h.start)
                or _SOURCE_OPENING.match(text, s_lo, h.start)
            )
            and not _LIKELIHOOD_AFTER.match(text, h.end)
            and not applies
            and not (
                _MOST_OF_KIND.match(text, h.end, c_hi)
                and not _mostly_held(clause, latest_result or "")
            )
        ):
            return "softener_attributed"  # "Based on the search results, the cheapest seems to be": a reading
        if _CONCESSION.match(text, h.end, s_hi):
            # "The term might sound like it belongs in a documentary, but it's actually a
            # pattern": a concession the sentence then corrects, no guess
            return "concession"
        if _list_heading(text, h.start):
            # "Here are some keywords shoppers might use:", "**Activities that may be impacted
            # by weather:**": the label of a list the agent writes, not a claim
            return "list_heading"
        if kind == "softener" and _AS_COMPARED.search(text, c_lo, h.start):
            return "comparison"  # "as warm as it appears": a comparison, no softener
        if kind == "softener" and _MODAL_BEFORE.search(text, max(c_lo, h.start - 12), h.start):
            # "可能看起来像是差异表达", "it may seem": the modal's verb of appearance; the
            # modal is the cue and its own rules read it
            return "modal_verb"
        if kind == "softener" and _SOFT_JUDGEMENT.match(text, h.end, c_hi):
            return "judgement"  # "your itinerary seems well-rounded": a judgement of worth
        if _REPORTED.search(text, s_lo, h.start):
            # "the expectation that total GHG emissions might rise": a report's forecast read back
            return "reported"
        if _ADVICE_SUBJECT.search(text, c_lo, h.start) and _BENEFIT.match(text, h.start, c_hi):
            return "suggestion"  # "tweaks that might elevate the reader's experience": advice
        if _EMBEDDED_QUESTION.search(text, c_lo, h.start) and not (
            gated_search(_USER_WORDS, text[c_lo : h.start])  # "what you said": no question
        ):
            return "embedded_question"  # "to showcase how good an article could be": asks, claims nothing
        if _EVALUATIVE.match(text, h.start) or _JUDGEMENT.match(text, h.end, c_hi):
            return "judgement"  # "Thrifty may be a decent option": a recommendation's judgement
        if _OPINION.fullmatch(h.match) and _OPINION_JUDGEMENT.match(text, h.end, s_hi):
            return "judgement"  # "我认为SpaceX是一个非常出色的公司": an opinion asked for, no guess
        if h.phrase.lower() in _CRITERIA_MODALS and _USER_CRITERIA.search(text, s_lo, h.start):
            # "looking for a hotel that is calm, possibly with a garden": the user's own
            # criteria restated (session 17's ruling), about the user, no fact of the data
            return "user_subject"
        if _SUGGESTION.match(text, h.start, c_hi) or _MUST_SEE.match(text, h.end, c_hi):
            return "suggestion"  # "could be made more engaging", "probably the can't-miss museums"
        if _ZH_CAPABILITY.match(text, h.end, c_hi):
            return "capability"  # "可能无法修改成功": whether an action can be done, the process
        if h.match in _CONSIDER and _consider_advice(text, c_lo, h.start, h.end, c_hi):
            return "consider_advice"  # "建议可以考虑做个CT", "考虑到": advice, no diagnosis
        if _POSSIBLE_NOUN.match(text, h.start, c_hi):
            return "possible_noun"  # "可能的原因", "可能的话": candidates named, or a condition
        if (
            _FREQUENCY_MODAL.fullmatch(h.match) or h.match in _OTHER_PARTY_CUES
        ) and _OTHER_PARTY.search(text, c_lo, h.start):
            return "other_party"  # "医生可能会建议…", "your MD may recommend…": what another may do
        if h.language == "zh" and (service := _zh_service_reading(text, h, c_lo)):
            return service
        if _CARE_STEP.match(text, h.start, c_hi):
            return "care_step"  # "可能需要进行以下检查": a step of care advised, not a fact guessed
        if _INVOLVES.match(text, h.start, c_hi) and (
            not _SECOND_PERSON.search(text, c_lo, h.start)
            # "您的咨询问题可能涉及到交通事故责任…": the areas of law the question touches
            or _QUESTION_AREA.search(text, max(c_lo, h.start - 6), h.start)
        ):
            # "这可能涉及扩展新的市场", "Treatment may involve antibiotics": what such a step
            # involves; "你的症状可能涉及…", "your symptoms may involve…" guess about the case
            return "general"
        if _NOT_FOR_ALL.match(text, h.start, c_hi):
            # "这些原因…不一定反映了所有人的看法": that a claim does not hold for everyone, a
            # caveat of the general case, no guess about this one
            return "general"
        if _KIND_EFFECT.match(text, h.start, c_hi):
            return "general"  # "X线检查可能会对胎儿造成潜在风险": what such a thing may do
        if (
            h.language == "zh"
            and (
                _KIND_HARM.match(text, h.start, c_hi)
                or _KIND_SPREAD.match(text, h.start, c_hi)
                or _OVER_TIME.search(text, c_lo, h.start)
            )
            and not _SECOND_PERSON.search(text, c_lo, c_hi)
            and not _THIS_CASE.search(text, c_lo, h.start)
        ):
            # "喝酒后吃感冒药也有可能会导致药物中毒", "小三阳是有可能母婴传播的", "时间久了就可能会
            # 出现肝硬化" (round 20's doctors, session 19's ruling): harm an act or a drug may
            # bring, a disease's transmission or course, the general case of session 9
            return "general"
        if _SIDE_EFFECT.match(text, h.start, c_hi) or (
            h.match.startswith("一般") and _TREATMENT_SUBJECT.search(text, c_lo, h.start)
        ):
            # "这些药物可能有一些副作用", "这种药一般不会引起副作用": what such a drug may bring
            return "side_effect"
        if (
            h.language == "zh"
            and _ZH_EXAMPLE_OPENING.match(text, s_lo, h.start)
            and not _SECOND_PERSON.search(text, s_lo, s_hi)
        ):
            # "例如，大型公司可能会有更加正式化的流程": an example of the general case, as
            # "For instance, they might…"
            return "rule_for_kind"
        if h.language == "zh" and _GROUP_AFTER.match(text, h.end, c_hi):
            # "这可能会对一些人造成不适感", "也有可能有的人效果不明显": some people, the general case
            return "rule_for_kind"
        if h.language == "zh" and _GENERIC_GROUP.search(text, c_lo, h.start):
            return "rule_for_kind"  # "有些人可能会感到恶心": a kind of person, not this one
        if h.language == "zh" and _THRESHOLD_KIND.match(text, s_lo, h.start):
            return "rule_for_kind"  # "小于5毫米的室缺，没有症状，有自愈的可能": such defects
        if h.language == "zh" and _TREATMENT_COURSE.search(text, c_lo, h.start):
            return "treatment_course"  # "手术后可能会出现疼痛": the course of such a treatment
        if (
            h.language == "zh"
            and _KIND_NOUN_SUBJECT.search(text, c_lo, h.start)
            and not _SECOND_PERSON.search(text, s_lo, s_hi)
            and not _THIS_CASE.search(text, c_lo, h.start)
        ):
            # "间质性肺炎可能由多种原因引起", "这种疗法的效果可能会有所减弱": a disease, a drug or
            # a treatment named as the subject, what such a thing may do (round 9's LLM doctor)
            return "rule_for_kind"
        if (
            _FREQUENCY_MODAL.fullmatch(h.match)
            and _FREQUENCY_BEFORE.search(text, s_lo, h.start)
            and not words["meaning"].search(text, h.end, c_hi)
        ):
            # "通常'京东'可能指北京东部地区" still guesses what the user's words mean
            return "general"  # "usually … infection may present with MRSA": how it usually goes
        if _usual_duration(text, s_lo, h.start, h.end, c_hi, h.match):
            return (
                "usual_duration"  # "心电图：约10到20分钟", "一般…治疗一周左右": how long it takes
            )
        if (
            h.language == "zh"
            and _SYMPTOM_VERB.match(text, h.end, c_hi)
            and (
                _SYMPTOM_ITEM.fullmatch(text, text.rfind("\n", 0, h.start) + 1, h.start)
                or _SOME_CASES.search(text, s_lo, h.start)
            )
        ):
            return "rule_for_kind"  # "冷汗：可能会突然出现冷汗": what the condition brings
        if _ZH_DEONTIC.match(text, h.start, c_hi) or (
            h.start > 0 and _ZH_NOT_DUTY.match(text, h.start - 1, c_hi)
        ):
            return "advice"  # "应该及时就医", "不应该过度延长": what one should (not) do
        if _ESTIMATE_NOUN.match(text, h.start, c_hi):
            return "term"  # "一个大概的估计": estimates named as such
        if _ZH_JUDGEMENT.match(text, h.start, c_hi):
            return "judgement"  # "可能是一个常见的问题", "可能更加有效": a judgement
        if _DUTY.match(text, h.start, c_hi):
            return "politeness"  # "不客气，应该的": the staff's duty, a courtesy, no guess
        if _APOLOGY_FORMULA.search(text, max(s_lo, h.start - 40), h.start):
            return "politeness"  # "sorry for any inconvenience it may have caused": a formula
        if _EMPATHY_OPENER.search(text, s_lo, h.start) and _FEELING.match(text, h.end, c_hi):
            # "I understand this may be frustrating", "I'm sorry the laptop might not have met
            # your expectations": sympathy with how the user feels, no guess at the case
            return "politeness"
        if h.phrase.lower() == "should receive" and _NOTICE_SENT.match(text, h.end, c_hi):
            # "You should receive a confirmation email shortly." after the agent's act: the
            # process of that act (session 19's ruling), no estimate of the order
            return "own_act"
        if (
            _POLICY_MODAL.match(text, h.start, c_hi)
            or _PROCESS_TIME.match(text, h.end, c_hi)
            or (
                h.phrase.lower().startswith("should ")
                and _EN_PROCESS_TIME.match(text, h.end, c_hi)
                # "Your package is in transit and should arrive within the next 2-3 days":
                # when this parcel arrives, a guess (session 7: "大概包包七天左右才到货"), not
                # how long a refund takes
                and not _PARCEL_SUBJECT.search(text, s_lo, h.start)
            )
        ):
            return "policy_modal"  # "NSC may charge a fee", "the bag may be X-rayed": what a policy allows
        if (
            _EXTRA_UNIT_BEFORE.search(text, c_lo, h.start) and _COSTS_AFTER.match(text, h.end, c_hi)
        ) or (_FEE_BEFORE.search(text, c_lo, h.start) and _APPLIES_AFTER.match(text, h.end, c_hi)):
            # "… so any additional bags may cost $50 each", "but the fare difference may
            # apply": what each extra unit of a kind costs, a charge the rules may add: a
            # paraphrase of policy (session 32's made-up runs); "the same might apply for
            # Mombasa" stays a guess
            return "policy_modal"
        # "If you'd like, I can rebook you, though the new flight may also be delayed": a
        # concession before the cue's clause leaves the condition before it behind
        conceded = max(
            (m.end() - s_lo for m in _CONCESSION_AFTER_COMMA.finditer(text, s_lo, h.start)),
            default=0,
        )
        if (
            (_CONDITIONAL_MODAL.match(h.match) or _FUTURE_ADVERB.search(text, c_lo, h.start))
            and not (h.language == "zh" and _mk39zh_vague_condition(text, s_lo, c_hi))
            and (
                (
                    any(
                        m.start() >= conceded
                        and not _EXPECTED.match(sentence_text, m.end())
                        and not _ASKS_IF.search(sentence_text, max(0, m.start() - 16), m.start())
                        for m in _CONDITION.finditer(sentence_text)
                    )
                    if h.language == "en"
                    # a Chinese condition opens before what it governs: one in a later clause
                    # ("可能存在心肌酶谱升高…如果吃的不好，尿少，得静脉补液", round 17's doctor, who
                    # writes without stops) starts a new hypothetical, not the guess's
                    else (
                        _CONDITION.search(text, s_lo, c_hi)
                        or _ZH_IF_AFTER.search(text, s_lo, h.start)
                    )
                    and not _mk40zh_condition_closed(text, s_lo, c_lo, h.start)
                )
                or _AS_IT_CHANGES.search(text, s_lo, h.start)
                or _DEPENDING.search(text, s_lo, h.start)
                or _carried_condition(text, s_lo, c_lo, h)
            )
        ):
            # "If you have full sun exposure, it will likely do well" too
            return "conditional_modal"  # "If Tesla confirms it, the appointment may need to be changed": hypothetical
        if (
            change is None
            and h.phrase.lower() in _EPISTEMIC_ADVERBS
            and _CONDITION.search(text, s_lo, h.start)
        ):
            # an adverb after a condition in its sentence, as round 8b rules ("if it is
            # controlled well it is likely…", "IF mild respiratory symptoms likely virus")
            return "conditional_modal"
        # (from the stop before the sentence: "^" holds only at the text's own start)
        if h.language == "zh" and _ZH_CONSEQUENT.search(text, max(s_lo - 1, c_lo - 80, 0), c_lo):
            # "如果在6.1–8.0之间，大概率是旅游应激引起的": the cue opens the clause a condition just
            # before it governs, the hypothetical (session 9); "如果是饭后测的，属于轻度偏高，可能和…有关"
            # puts the guess in a clause of its own (round 28's notes)
            return "conditional_modal"
        if _RULE_PREDICATE.match(text, h.start, c_hi) and _generic_subject(text, c_lo, h.start):
            return "rule_for_kind"  # "Checked bags may incur a fee": a rule for a kind of thing, not this case
        if (
            h.kind == "guess"  # a guess of the lexicon, not a general word read as one
            and h.language == "en"
            and h.phrase.lower() not in _APPROXIMATORS
            # an adverb states a tendency with "to" ("are likely to buy"); without it, it
            # guesses ("Mild symptoms, likely a virus")
            and (h.phrase.lower() not in _EPISTEMIC_ADVERBS or _TO_AFTER.match(text, h.end))
            and h.phrase not in ("~", "some")
            and (
                (
                    _kind_subject(text, subject_lo, h.start, s_lo, s_hi)
                    # a state of a kind's things may be this case's ("Review scores might be
                    # outdated"); what a kind does or how it compares is general
                    and not _STATE_PREDICATE.match(text, h.start, c_hi)
                )
                or _kind_taken_up(text, s_lo, h.start)
                or _SOME_SETTING.search(text, s_lo, h.start) is not None
                or _SOME_CASES_AFTER.match(text, h.end, c_hi) is not None
            )
            and not _SECOND_PERSON.search(text, h.end, c_hi)
        ):
            # "Fans are likely to purchase…", "Central banks might alter interest rates",
            # "Companies that demonstrate strong ESG practices are likely to…": what a kind of
            # thing tends to do, the general case (round 15's explanations), as "有些人可能会…"
            return "rule_for_kind"
        if h.phrase.lower() in _TERM_ADJECTIVES and _noun_term(text, h.start, h.end):
            return "term"  # "the estimated delivery date": a field's name, not an estimate
        if h.phrase.lower() in _TERM_ADJECTIVES and _field_held(text, h.end, latest_result):
            return "field_held"  # "Estimated refund: $199.99" after refund_estimate: a read-back
        if _estimate_field_read(text, h.phrase, h.end, latest_result):
            return "field_held"  # "now estimated to depart at 7:45 PM" after that estimate field
        if h.phrase.lower() in _ARRIVAL and _values_held(text, h.end, s_hi, latest_result):
            return (
                "field_held"  # "it should arrive by May 20" after an eta of 2024-05-20: a read-back
            )
        varies = _VARIES.match(text, h.start, c_hi)
        if (
            varies is not None and not _MK38_AGAINST_CASE.match(text, varies.end(), c_hi)
        ) or _MK39ZH_MAY_CHANGE.match(text, h.start, c_hi):
            return "variability"  # "(delivery times may vary slightly)": a caveat, no guess
        if _clock_held(text, h.end, latest_result):
            return "clock_held"  # "around 6:42 PM" after a result that holds 18:42
        if h.phrase.lower() in _APPROXIMATORS and _APPROXIMATE_QUESTION.match(text, h.end, c_hi):
            return "embedded_question"  # "approximately how many hours per episode": asks
        if _TEMPORAL_MODAL.match(h.match) and _TIME_CLAUSE.search(text, c_lo, h.start):
            return "time_clause"  # "before payment could be made": past ability, not a guess
        if h.phrase.lower() in _APPROXIMATORS and _CITED.search(text):
            # "Approximately half of this backlog … [Citation: Alphabet 10-K, Note 2]": a value
            # read from the document the answer cites, not an estimate of the agent's
            return "approx_cited"
        if h.phrase == "~" and _RANGE_BEFORE.search(text, max(0, h.start - 12), h.start):
            return "range"  # "4.45元/方 ~ 4.55元/方": the ends of a range, no approximation
        if (
            h.language == "zh"
            and h.phrase in _APPROXIMATORS
            and _MK38ZH_IF_CLAUSE.search(text, max(s_lo, c_lo - 80), c_lo)
        ):
            # mk38zh (made-up, session 34): "如果箱子称重在25kg左右，两种方式费用应该差不多": an
            # approximation in the clause a condition just before governs is supposed, as a
            # modal there is (session 9's hypothetical)
            return "conditional_modal"
        if h.language == "zh" and (h.phrase in _AFTER_NUMBER or h.phrase in _ZH_APPROXIMATE):
            rule = _zh_not_the_cases_figure(text, h, c_lo, c_hi, s_lo, s_hi)
            if rule:
                return rule
        if h.phrase in _AFTER_NUMBER:
            before = _NUMBER_BEFORE.search(text, max(c_lo, h.start - 16), h.start)
            if before and (
                _held(before.group(1), latest_result)
                or _averaged(text, before.group(1), latest_result)
            ):
                return "approx_held"  # "在4.00元/立方米左右波动" after prices around 4.0
            if before and _length_held(text, before.start(1), latest_result):
                # "飞行时间大约3个半小时左右" after a flight from 21:30 to 01:10 the next day:
                # the time between the result's times, worked out (mk35zh, session 33)
                return "approx_worked"
        if h.language == "en" and (h.phrase.lower() in _APPROXIMATORS or h.phrase == "~"):
            # Round 19's banking agents: a sum the message works ("$5 coffee/day = ~$150/month"),
            # a value inside a condition ("If your expenses are about $1,500/month") and a
            # quantity in an instruction to the user ("- Buffer rule: keep ~$1,000 in checking",
            # "Please arrive about 2 hours before": the advice set's "prepare around 2-5 kg")
            # estimate no fact of the case
            if _SHOWN_SUM.search(text, max(s_lo, h.start - 6), h.start):
                return "approx_worked"
            if _USER_IF.search(text, c_lo, h.start):
                return "conditional_modal"  # the user's own amount, supposed
            # the sentence's opening, or its clause's after a condition ("If you have debt,
            # prioritize paying it down after a small buffer (~$1,000)")
            if _INSTRUCTION.match(text, s_lo, h.start) or _INSTRUCTION.match(text, c_lo, h.start):
                return "instruction"
        if h.phrase.lower() in _APPROXIMATORS or h.phrase in ("~", "some"):
            # An estimate's match ends on the number's first digit ("about 2"0).
            after = _NUMBER_AFTER.match(text, h.end - 1 if h.match[-1:].isdigit() else h.end)
            value = after.group(1) if after else None
            if value and after and text.startswith(("个半", "個半"), after.end(1)):
                value += ".5"  # "大约2个半小时": two and a half, not the 2 a seat count holds
            if value and (_held(value, latest_result) or _derived(text, h.start, value)):
                return "approx_held"
            if after and value and _total_held(value, latest_result, money=_is_money(text, after)):
                # "The two items together come to approximately $262." after items priced
                # 142.10 and 120.37: a value computed from the row's values, rounded (session
                # 17's computation case)
                return "approx_worked"
            if after and _mk38zh_clock_span(text, s_lo, after.start(1), latest_result):
                # mk38zh (made-up, session 34): "it is 07:40 now, so about 3.5 hours to go"
                # before an 11:15 departure: the span between a time the sentence states and
                # another it or the result states, worked out ("Today is September 25, which is
                # about 90 days after delivery", session 30's dates worked across sentences)
                return "approx_worked"
            two = _MK37_TWO_UNITS.match(text, h.end - 1 if h.match[-1:].isdigit() else h.end)
            if (
                h.language == "en"
                and two is not None
                and _mk37_length_stated(
                    text, h.start, int(two.group(1)) * 60 + int(two.group(2)), s_hi
                )
            ):
                # mk39 (made-up, session 34): "About 2 hours 50 minutes (7:10 AM Eastern to
                # 8:58 AM Central)": the span of two clock times the message gives, each read in
                # its zone, worked out (session 17's computation case)
                return "approx_worked"
            if after and _length_held(text, after.start(1), latest_result):
                # "The flight takes about 2 hours and 40 minutes." after a flight departing
                # 06:00 and arriving 08:40: the time between two of the result's times,
                # worked out (session 17's computation case)
                return "approx_worked"
            if value and _averaged(text, value, latest_result):
                return "approx_worked"  # "平均价格约为4.50元" from daily prices 4.45-4.55
            # a root or a sine anywhere in the sentence: "l=√(72w)，…，约等于8.49:1"
            if _MATH.search(text, s_lo, s_hi) or (
                value and (_worked(text, h.start, value) or _computed(text, s_lo, h.start, value))
            ):
                return "approx_worked"  # "approximately cos(45°)", "from 81,797 to 82,959, around 1,162"
            if _date_worked(text, s_lo, s_hi, h.end):
                # "delivered June 29, 2026, so the 30-day return window runs through
                # approximately July 29, 2026": a date the sentence works out from a date and
                # a count of days it states (session 20's computation case)
                return "approx_worked"  # "approximately cos(45°)", "from 81,797 to 82,959, around 1,162"
            if (
                after
                and value
                and _rounded_or_converted(
                    text, after.end(1), value, latest_result, money=_is_money(text, after)
                )
            ):
                return "approx_converted"  # "around 15°C" after 15.3, "15°C, which is approximately 59°F"
    return ""


# Chinese approximate figures that are not this case's facts (session 19's ruling; round 20's
# doctors): inside a condition ("如果每次血糖都在这个范围左右"), a target the doctor sets ("一天控制在
# 六克左右"), the patient's own reading restated ("空腹血糖6.8左右": the doctor measures nothing),
# a usual amount after 一般 ("一般六克左右就是一啤酒瓶盖的盐") and a share of people ("大概有30%的人
# 产生抗体"). An estimate of the case ("你这个结节大概有两年了", "费用大约在2~3万左右") stays a guess.
_ZH_APPROXIMATE = frozenset({"大概", "大约", "大約", "约", "約", "约为", "約為", "近"})
_ZH_TARGET = re.compile(
    r"(?:控制|保持|维持|維持|降|减|減)(?:在|到|至)|不(?:要|宜|应|應)?超过|不(?:要|宜|应|應)?超過"
)
_ZH_READING = re.compile(
    r"(?:血糖|血压|血壓|体温|體溫|心率|心跳|脉搏|脈搏|体重|體重)[^，,。；;\n\d]{0,4}\d"
)
_ZH_FREQUENT = re.compile(r"一般|通常|往往")
_ZH_SHARE = re.compile(r"[^，,。；;\n]{0,8}?[%％][^，,。；;\n]{0,4}?的(?:人|患者|病人|人群)")


# A step of a recipe or a procedure just before the approximation ("放入烤箱中，烘烤约30分钟",
# session 20's round 21): the advice set's quantity in an instruction, no estimate of the case.
_ZH_STEP_ACT = re.compile(
    r"(?:烘烤|烤制|烤製|煮|蒸|炖|燉|焖|燜|炒|煎|炸|加热|加熱|冷藏|冷冻|冷凍|浸泡|腌制|醃製|静置|靜置|"
    r"搅拌|攪拌|发酵|發酵|晾|晒|曬|熬)(?:大约|大約|约|約)?$"
)


def _zh_not_the_cases_figure(
    text: str, h: HedgeMatch, c_lo: int, c_hi: int, s_lo: int, s_hi: int
) -> str:
    """The rule that reads a Chinese approximation ``h`` as no figure of this case, or ``""``."""
    if _CONDITION.search(text, c_lo, h.start):
        return "conditional_modal"  # "如果每次血糖都在这个范围左右": supposed
    if _ZH_TARGET.search(text, c_lo, h.start):
        return "advice_target"  # "一天控制在六克左右": the target the doctor sets
    if _ZH_READING.search(text, c_lo, h.start) and not _ZH_ESTIMATE_OWN.search(text, c_lo, h.start):
        return "reading_restated"  # "空腹血糖6.8左右": the patient's own reading
    if (
        _ZH_FREQUENT.search(text, c_lo, h.start)
        and not _SECOND_PERSON.search(text, c_lo, c_hi)
        and not _THIS_CASE.search(text, c_lo, c_hi)  # "一般这个包裹七天左右才到货": this order
    ):
        return "general"  # "一般六克左右就是一啤酒瓶盖的盐": a usual amount
    if _ZH_SHARE.match(text, h.end, c_hi):
        return "rule_for_kind"  # "大概有30%的人产生抗体": a share of people
    if _ZH_STEP_ACT.search(text, max(c_lo, h.start - 4), h.start):
        return "instruction"  # "烘烤约30分钟": a recipe's step, a quantity in an instruction
    return ""


# The user addressed in a sentence, the greeting 你好 / 您好 aside.
_ADDRESSED = re.compile(r"[你您](?!好)|\byour?\b", re.IGNORECASE)
# The doctor's own estimate named as such before a reading ("估计血糖在…"): still the case's.
_ZH_ESTIMATE_OWN = re.compile(r"估计|估計|可能|应该|應該")


# A Chinese clause that asks: a question word or mark in it.
# ("这几天", "前几次", "好几回" count days or times: a 几 after a demonstrative or a quantity word asks
# nothing, session 29's round-28 "很可能是这几天血糖持续偏高…，别太担心，…试试？")
_ZH_ASKS = re.compile(
    r"吗|嗎|呢|什么|什麼|哪|多少|(?<![这這那前后後好上下头頭最])[几幾]|是否|是不是|有没有|有沒有|怎么|怎麼|如何"
    r"|为什么|為什麼|[？?]"
)


def _statement_before_question(text: str, h: HedgeMatch, c_lo: int, c_hi: int) -> bool:
    """True when a Chinese cue's clause states, and a later clause of its sentence asks:
    "不好说，心肌酶有多少？" (round 16's cardiologist) answers, then asks for a value; Chinese
    joins the two with a comma where English would stop."""
    if h.language == "en":
        return _tag_question_after(text, c_lo, c_hi)
    return (
        h.language == "zh"
        and text[c_hi : c_hi + 1] in ("，", ",")
        and _ZH_ASKS.search(text, c_lo, c_hi) is None
    )


# Session 29: an English statement with a question of its own after a comma ("This flight
# appears to conflict with an important meeting, is that alright?", "It doesnt seem to have a
# rating, how does it look?"): the first clause states, as the Chinese one above does.
_EN_ASKING_OPENING = re.compile(
    r"\s*(?:do|does|did|is|are|was|were|can|could|would|will|should|shall|may|might|have|has|"
    r"what|which|who|whom|whose|how|when|where|why|or|and|but|if|so)\b",
    re.IGNORECASE,
)
_EN_TAG_QUESTION = re.compile(
    r",\s*(?:is|are|does|do|would|will|how|what)\b[^,.;!?]{0,30}\?\s*$", re.IGNORECASE
)


def _tag_question_after(text: str, c_lo: int, c_hi: int) -> bool:
    """True when the English clause ``[c_lo, c_hi)`` states and a short question follows it
    after a comma, ending the sentence (see :func:`_statement_before_question`)."""
    return (
        text[c_hi : c_hi + 1] == ","
        and _EN_ASKING_OPENING.match(text, c_lo, c_hi) is None
        and _EN_TAG_QUESTION.match(text, c_hi) is not None
    )


# What the user may find in a product: a verb of finding with things as its object ("You
# might discover new favorites like…", "Some examples you might find are:"), not an
# appraisal ("you might find it useful", "museums you might find interesting"), the user's
# own experience ("you might find they need water", "find yourself spraying") or a search.
_IN_YOURS = re.compile(r"\b(?:in|on|under|inside|within)\s+your\b", re.IGNORECASE)
_FINDS_ITEMS = re.compile(
    r"\s+(?:also\s+)?(?:find|discover)\b(?!\s+(?:it|them|this|that|these|those|yourself|"
    r"yourselves|they|you|he|she|we|one|out|what|which|how|there)\b)"
    r"(?!\s+(?:\w+(?:ing|ful|ive|ble|ant|ent)|helpful|useful|interesting)\b)",
    re.IGNORECASE,
)
# Not knowing how to do a thing: "不知道如何操作", "不清楚怎么使用", "don't know how to set it up".
_KNOW_HOW = re.compile(
    r"\s*(?:(?:如何|怎么|怎麼|怎样|怎樣)(?:去)?(?:操作|使用|用|弄|设置|設置|安装|安裝|办理|辦理|开通|開通)|"
    r"how\s+to\s+(?:operate|use|set|install|work|turn|enable|activate))",
    re.IGNORECASE,
)


#: Adjectives of doubt the lexicon lists ("it's uncertain whether…"), read in the clause.
_DOUBT_ADJECTIVES = frozenset({"uncertain", "unsure"})
#: "Missing" phrases that doubt as "I'm not sure" does: "unclear which day".
_UNCLEAR = _DOUBT_ADJECTIVES | {"unclear"}
# A noun right after one: the adjective names a kind ("uncertain tax positions"), no doubt
# of the answer's; a preposition, a question word or the clause's end after it is doubt.
_BEFORE_NOUN = re.compile(
    r"\s+(?!(?:about|whether|if|of|as|how|what|when|where|which|who|why|and|or|but|at|"
    r"that|to|for|in|on|yet|so)\b)[a-z][\w-]*\b(?!\s*[.,;:!?])",
    re.IGNORECASE,
)
# What the user wants asked after it: "uncertain when they want the reservation".
#: Modals that qualify a wish: "possibly with a garden" in the user's criteria restated.
_CRITERIA_MODALS = frozenset({"possibly", "perhaps", "maybe", "ideally"})
# The user's criteria restated before the modal in its sentence ("Based on the criteria you've
# specified—looking for a hotel that is calm, possibly with a garden", "you want somewhere
# quiet, perhaps near a park").
_USER_CRITERIA = re.compile(
    r"\b(?:(?:you(?:['\u2019]re|\s+are)\s+)?looking\s+for|you\s+(?:want|need|prefer|asked\s+for|"
    r"would\s+like|['\u2019]d\s+like)|criteria\s+you)\b",
    re.IGNORECASE,
)
_USER_WANTS = re.compile(
    r"\s+(?:about\s+)?(?:whether|if|when|what|which|where|how)\s+(?:\w+\s+){0,3}?"
    r"(?:they|the\s+user|the\s+customer)\s+(?:\w+\s+)?(?:want|wants|need|needs|prefer|prefers|"
    r"mean|means|are|is)\b",
    re.IGNORECASE,
)


# The answer's own earlier claims as the subject of a modal: "我的之前的回应可能包含…".
_OWN_ANSWER = re.compile(
    r"(?:我的|我之前的|我先前的)(?:之前的|先前的)?(?:回应|回應|回答|答案|猜测|猜測|回复|回覆)\s*$|"
    r"\bmy\s+(?:previous\s+|earlier\s+|last\s+)?(?:answers?|responses?|replies|guess(?:es)?|"
    r"estimates?)\s+$",
    re.IGNORECASE,
)
# "无法提供" an answer, a list or reasons, then 因为 with no word of definiteness between: a
# refusal with its reason ("无法提供一个原因列表…，因为…"), not a fact the agent lacks.
_PROVIDE = frozenset({"无法提供", "無法提供"})
_REFUSAL_BEFORE = re.compile("|".join(_PROVIDE))
# A how-to's step in Chinese, its verb before the cue: "首先要确定…", "然后需要评估…".
_ZH_STEP = re.compile(
    r"(?:首先|然后|然後|接着|接著|其次|最后|最後)(?:要|需要)(?:先)?"
    r"(?:确定|確定|识别|識別|找出|列出|评估|評估|分析|检查|檢查)[^，,。；;]*$"
)
_REFUSED = re.compile(r"答案|回答|列表|理由|清单|清單")
_DEFINITE = re.compile(r"明确|明確|确切|確切|准确|準確|具体|具體")
_BECAUSE = re.compile(r"因为|因為")


def _refusal(text: str, end: int, hi: int) -> bool:
    """True when the "无法提供" ending at ``end`` declines an answer for a reason given before
    ``hi`` (see ``_PROVIDE``)."""
    because = _BECAUSE.search(text, end, hi)
    if because is None:
        return False
    return _REFUSED.search(text, end, because.start()) is not None and (
        _DEFINITE.search(text, end, because.start()) is None
    )


# "you" right before a "missing" phrase that has no subject of its own ("can't find"):
# the user's situation.
_USER_CANNOT = re.compile(r"\byou\s+(?:still\s+|just\s+|really\s+)?$", re.IGNORECASE)
# "需要了解您" announcing what the agent will ask, unless a question word says what is unknown
_NEED_TO_KNOW = frozenset({"需要了解您", "需要知道您"})
_ZH_QUESTION_WORD = re.compile(r"哪|什么|什麼|多少|几|幾|是否|吗|嗎")
# Which of several is better: an opinion ("无法判断哪种豆腐脑更好吃", "can't say which one is better").
_WHICH_IS_BETTER = re.compile(
    r"[^。，,！？!?\n]{0,16}?(?:更好|更好吃|更优|更優|最好|最佳|更合适|更合適|孰优孰劣|孰優孰劣)|"
    r"\s+which\s+(?:\w+\s+){0,3}?(?:is|are|would\s+be)\s+(?:better|best|tastier|nicer)\b",
    re.IGNORECASE,
)
# A comparison "as … as it appears": no softener ("as warm as it appears").
_AS_COMPARED = re.compile(r"\bas\s+[\w-]+(?:\s+[\w-]+)?\s+as\s+$", re.IGNORECASE)
# A modal right before a verb of appearance: "可能看起来像", "it may seem".
_MODAL_BEFORE = re.compile(r"(?:可能|可能会|可能會|\b(?:may|might|could)\s+)$", re.IGNORECASE)
# A forecast or an assumption the sentence reports, the cue inside its "that" clause: "the
# expectation that total GHG emissions might rise", "the company expects that…".
_REPORTED = re.compile(
    r"\b(?:expectations?|forecasts?|projections?|predictions?|assumptions?|anticipation|"
    r"expects|projects|predicts|anticipates|assumes|estimates)\s+that\s+[^.!?;\n]*$",
    re.IGNORECASE,
)
# Advice as the subject of a modal of benefit: "These suggestions are minor tweaks that
# might elevate the reader's experience", "the changes could enhance the flow".
_ADVICE_SUBJECT = re.compile(
    r"\b(?:suggestions?|tweaks?|changes?|edits?|revisions?|adjustments?|additions?|"
    r"improvements?|recommendations?)\b",
    re.IGNORECASE,
)
_BENEFIT = re.compile(
    r"(?:may|might|could)\s+(?:also\s+|further\s+)?(?:elevate|enhance|enrich|deepen|strengthen|"
    r"heighten|improve|boost|sharpen|polish)\b",
    re.IGNORECASE,
)
# A source the answer cites for its claims: "[Citation: Based on Alphabet 10-K …]".
_CITED = re.compile(r"\[\s*(?:citations?|sources?|references?)\s*:", re.IGNORECASE)
# A modal of appearance conceded and then corrected in its sentence.
_CONCESSION = re.compile(
    r"\s+(?:sound|seem|look|appear)\b[^.!?;\n]*?[,;]\s*(?:but|yet|however)\b[^.!?\n]*\b"
    r"(?:actually|really|in\s+fact|in\s+reality)\b",
    re.IGNORECASE,
)
# A line that labels a list: it ends with a colon, opens with "Here are" or a bold or
# heading mark, and a list item follows it.
_HEADING_LINE = re.compile(
    r"\s*(?:\*\*|#{1,6}\s|here\s+(?:are|is)\b)[^\n]*[:：]\s*\**\s*|"
    # "The economic events…, which might impact the stock market, are as follows:"
    r"[^\n]*\b(?:as\s+follows|the\s+following)\s*[:：]\s*",
    re.IGNORECASE,
)
_ITEM_NEXT = re.compile(r"\s*(?:[-*•]\s|\d+[.)]\s|\|)")


def _list_heading(text: str, start: int) -> bool:
    """True when the cue at ``start`` sits in a line that labels a list (see ``_HEADING_LINE``):
    "Here are some keywords shoppers might use:" followed by its items."""
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", start)
    if hi < 0 or _HEADING_LINE.fullmatch(text, lo, hi) is None:
        return False
    return _ITEM_NEXT.match(text, hi) is not None


def _heading_sentence(text: str, s_lo: int, start: int) -> bool:
    """True when the sentence from ``s_lo`` holding the cue at ``start`` labels the list that
    follows it (``_HEADING_LINE``), though an earlier sentence opens its line ("I checked
    which classes are offered. Here are some classes that are not available:")."""
    hi = text.find("\n", start)
    if hi < 0 or _HEADING_LINE.fullmatch(text, s_lo, hi) is None:
        return False
    return _ITEM_NEXT.match(text, hi) is not None


# A question after a colon is a sentence of its own: "it looks like the film has gone out of
# the theaters: Is there another movie you'd like to try?" claims before it asks.
_COLON_QUESTION = re.compile(r"[:：]\s+[A-Z]")
# A result that states a caveat with a modal of its own: a guess in the text that is mostly
# its words repeats the caveat, as a softener before what a result states does.
_CAVEAT_MODAL = re.compile(r"\b(?:could|may|might|possibly)\b|可能", re.IGNORECASE)


# A clause that opens with a verb, a modal or an adverb has no subject of its own:
# "The user seems satisfied but might still have questions".
_SHARED_SUBJECT = re.compile(
    r"(?:and|or|but|then|also|still)?\s*(?:might|may|could|would|will|should|can|seems?|"
    r"appears?|probably|possibly|likely|perhaps|maybe|is|are|was|were|has|have|had)\b|"
    # a Chinese clause opening with an adverb has no subject of its own: "…，也未指定年份"
    r"(?:也|并且|并|且|又|亦)",
    re.IGNORECASE,
)
# A phrase that names its own subject ("I'm not sure", "it seems", "我不确定") opens a
# clause of its own: "The search results lack due times, so I'm not sure which..." is
# a statement of missing information, not narration of the search.
_OWN_SUBJECT = re.compile(
    r"(?:i|i'm|i’m|we|it|it's|it’s|there|this|they|you)\b|我|我们|它|这", re.IGNORECASE
)
# The words after a softener that name its subject: "It seems the user might...".
_AFTER_SOFTENER = 24
# A meaning word this close after the phrase makes "the user" sentence a question of
# meaning ("the user might be referring to Tokyo", "用户可能指的是东京").
_MEANING_NEAR = 30


# "May" before a day is the month ("May 25th"), even opening a sentence.
# "May" the month: before a day or a year ("May '26"), or where a modal never stands, before a range's
# dash, a list's comma, a bracket, a colon, a cell's bar or bold's stars ("(May – October
# 2026)", "(May, June, July)", "| **May** |"), or "to"/"and"/"through" another month.
_MONTH = re.compile(
    r"May(?:\s+['\u2019]?\d|\s*[-\u2013\u2014,;:)|*/]|\s+(?:to|through|until|and|or|&)\s+"
    r"(?:January|February|March|April|June|July|August|September|October|November|December)\b)"
)


# Rules for answers that read no tool result (round 24, unsealed in session 27: GPT-4o on
# MT-Bench, AlignBench's Chinese reference answers; stories, role play, puzzles, formulas).
# Each names the GUIDELINE ruling it reads; the voice rules run only when the row has no result.
#
# Appearance and narration (session 20's 看起来 of appearance, session 22's "how a thing looks"
# and "the body of a text drafted for the user"): "The room seemed to shimmer", "Each step seemed
# to echo" (a story's past tense), 仿佛 (a simile: "眼神犀利，仿佛能看穿一切"), 看起来 before a degree
# word ("看起来非常凶猛"); "he was not sure", "it was not certain" narrate a character's doubt.
_NARRATED = re.compile(r"seemed|仿佛|彷彿", re.IGNORECASE)
# ... not "it seemed" / "there seemed" (a softener before a claim: "It seemed your card was declined").
_IT_SEEMED = re.compile(r"\b(?:it|that|this|there)\s+$", re.IGNORECASE)
_ZH_LOOKS = re.compile(r"\s*(?:非常|很|十分|特别|更加?|比较|有点|格外|相当|太|极其|挺)")
_WAS_UNSURE = re.compile(
    r"\b(?:he|she|they|it|i)\s+(?:was|were)\s+(?:not|n['’]t)\s+(?:sure|certain)\b", re.IGNORECASE
)
_ZH_OWN_FEELING = re.compile(r"我的(?:心跳|心|内心|心情|感觉|脑海|双手|眼睛)$")
# The answerer's own judgement asked for, or the voice of a text drafted (session 20's "the
# answerer's own judgement, asked for", role play, a letter drafted): 我认为 / 我觉得 in a
# sentence that speaks to no one about their case (no 你, 您). English "I believe" is left to
# the other rules: "I believe the flight leaves at 5" is a guess at a fact (session 20).
_OWN_VIEW = frozenset({"我认为", "我觉得", "我相信", "在我看来", "我个人认为"})
_TO_USER = re.compile(r"你|您|\byou\b|\byour\b", re.IGNORECASE)
# ... and what follows is a judgement or about the answerer's own (a degree or a superlative, a
# negated judgement, 我 / 我们), not a fact someone could check ("我认为订单已经发出了" stays a guess).
_ZH_JUDGED = re.compile(r"我|非常|很|极|十分|深远|最|更|并不|不是|应该|应当|重要|值得")
# 假设 of a formula, a method or a model (session 22's 假设 as "a hypothesis": "这个公式假设物体是
# 垂直于…", "此方法假设数据按…分布", "前提假设"), and a supposition that sets up a worked step
# (session 20: "假设拿出来的是草莓糖，那么…", "如果假设…，那么…").
_ZH_MODEL_ASSUMES = re.compile(
    r"(?:公式|方法|模型|理论|算法|定理|定律|假说|前提|方程|推导|分析|近似|实验)(?:还|也|都|通常|一般)?$"
)
_ZH_SUPPOSE_STEP = re.compile(r"[^。！？\n]{0,60}?[，,]\s*(?:那么|则|就)")
# A deduction worked from the question's premises (session 22's "must be" in a worked proof):
# "Since Oranges > Apples …, it follows that Bananas must also be greater", "Since the red car
# is in the first space, the blue car must be in the second space".
_WORKED_PREMISE = re.compile(
    r"^\W*(?:since|because|given\s+that|as)\b|\bit\s+follows\s+that\b"
    # ... "The only remaining space is the fourth space, so the yellow car must be in …"
    r"|,\s*so\s+(?:the\s+)?[\w']+(?:\s+[\w']+)?\s+must\s+(?:also\s+)?be\b",
    re.IGNORECASE,
)
# 可能 as a noun ("所有可能为7!/2", "展现出新的可能", "无限可能") and 可能 after 否则 / 不然 (the condition
# it closes: session 9's hypothetical).
_ZH_POSSIBILITY_NOUN = re.compile(r"(?:所有|新的|无限|种种|各种|一切|更多)(?:的)?$")
_ZH_OTHERWISE = re.compile(r"(?:否则|不然|要不然)[^，,。！？\n]{0,12}$")
# Someone else's knowing (the definitions: the assistant's uncertainty, not a character's):
# "Albert说他不知道生日", "Bernard也不知道", "Bernard无法确定7月还是8月", "they can't find one".
_ZH_THIRD_PARTY = re.compile(r"(?:[A-Z][a-z]+|他|她|他们|她们)(?:也|还|都|仍|并|就|依然)?$")
_EN_THIRD_PARTY = re.compile(r"\b(?:he|she|they|someone|somebody|people)\s+(?:still\s+|also\s+)?$")
# A puzzle's verdict from the premises (round 24's notes: "uncertain" or 不能确定 as the answer the
# premises give): "based on the third statement alone, we cannot determine …", "the first
# statement is **uncertain**", "根据A的这一句话,我们不能确定…".
_PREMISE_VERDICT = re.compile(
    r"\bbased\s+on\s+(?:the\s+|these\s+|this\s+)?(?:\w+\s+){0,2}(?:statements?|premises?|clues?)\b"
    r"|\b(?:statement|relationship|conclusion)s?\s+(?:\w+\s+){0,5}(?:is|are|remains?)\s+\**uncertain"
    r"|根据[^，,。]{1,12}(?:话|条件|陈述|前提|已知)",
    re.IGNORECASE,
)
# A definite reply named ("确定的答复"): a doubt only when the clause denies it ("我没法给您
# 确定的答复"), not when it promises one.
_ZH_REPLY_NAMED = frozenset(
    {"确定的答复", "確定的答覆", "明确的答复", "明確的答覆", "确切的答复", "確切的答覆"}
)
_ZH_DENIED = re.compile(r"没|沒|无法|無法|不能|不好|难以|難以")
# The user's own mind ("虽然现在你可能还不清楚自己真正想要什么"): a statement about the user.
# (not the user the answer is given to: "我没法给您确定的答复" doubts the fact asked)
_ZH_USER_UNSURE = re.compile(r"(?<![给給诉訴])(?:你|您)(?:可能|也许|或许)?(?:还|并|也|仍)?$")
# Kinds as the subject (session 22's "the subject decides", session 20's "any one person of a
# kind"): "不同的机器人可能使用…", "更复杂的机器人可能…", "someone might frequent a hospital",
# "Different companies and research groups might use …".
_ZH_KIND_SUBJECT = re.compile(
    r"(?:不同的?|有些|一些|某些|很多|许多|大多数|部分|各种|更[\u4e00-\u9fff]{1,3}的)[\u4e00-\u9fff]{1,6}$"
)
_EN_KIND_SUBJECT = re.compile(
    r"(?:^\W*|[,;:.!?]\s*|\b(?:reasons?|ways?|as|because|since|while|and|but|that)\s+|\n\W*)"
    r"(?:someone|somebody|one|anyone|others|(?:[A-Za-z]+\s+)?(?:people|men|women|children|students"
    # round 27's shop assistant on selling: "customers might be looking for products that are
    # durable", a kind of buyer, not this user
    r"|customers|shoppers|buyers|consumers)"
    r"|(?:different|many|some|most|various|certain)\s+(?:[a-z-]+\s+){0,4}?[a-z]+s)\s+$"
    # a kind inside a relative clause: "any questions people might have"
    r"|\b(?:questions?|needs?|concerns?|things?)\s+(?:that\s+)?(?:people|customers|shoppers|"
    r"anyone|someone|others)\s+$",
    re.IGNORECASE,
)
# How long an effort takes (session 20's general remarks): "可能需要时间", "可能会有困难".
_ZH_TAKES_TIME = re.compile(
    r"需要(?:一些|一段|更多|很长|较长|很多)?时间|会(?:有|遇到)(?:一些)?(?:困难|挑战|挫折|波折)"
)
# 可能 as "possible" after avoiding or preventing ("避免可能引致解释问题的字词"), 应该 before the act
# (session 17's duty: "在特定情况下应该做什么"), and 可能 after a when-clause (当…时候, the
# hypothetical of session 9).
_ZH_AVOID = re.compile(r"(?:避免|防止|预防|排除|减少|杜绝)$")
_ZH_DUTY_ACT = re.compile(r"(?:做|怎么做|如何做|怎样做|采取)")
_ZH_WHEN = re.compile(r"当[^。！？\n]{1,40}(?:时候|时)[，,]")
# A caveat on the answer's own product (round 24's notes: "这个文章仅供参考，可能并不完全满足…",
# "这些词不一定都有意义，是我的一些尝试"): no fact of the task left open.
_OWN_PRODUCT = re.compile(
    r"(?:这|这个|这些|这篇|以上|上述)(?:这些)?(?:文章|词语?|回答|内容|答案|示例|文案|诗|故事|文本|建议|步骤"
    r"|方法)|仅供参考"
)
# A wish opened by "May" ("May we continue to seek wisdom …"), no modal of possibility.
_OPTATIVE_MAY = re.compile(r"\W*May\s+(?:we|you|they|it|he|she|the|our|your|this|all)\b")
# "perhaps the most famous technique": a judgement of standing (round 24's notes, r4's "does
# seem to be the premier museum").
_STANDING = re.compile(r"\s+(?:the\s+)?(?:most|best|greatest|largest|first)\b", re.IGNORECASE)


# Round 27's shop assistant (session 28), each read by a clause of GUIDELINE.md:
# a text the agent drafts for the user, introduced as "a possible response:" or "a possible
# prompt" (session 7's "text offered to be copied"), claims nothing;
_DRAFT_NOUN = re.compile(
    r"\s+(?:\w+\s+)?(?:responses?|repl(?:y|ies)|prompts?|answers?|messages?|drafts?|versions?|"
    r"sentences?|captions?|slogans?|titles?|descriptions?|scripts?|texts?)\b",
    re.IGNORECASE,
)
# what an item may do or suit, or be for a kind of buyer ("which may not be suitable for
# gifting", "it may be a choking hazard for children under 3", "this costume may not fit all
# dogs", "They may seem small out of the package", "where moisture and spills may be a
# concern", "some … products may not be as effective"): session 9's "what a product may cause
# or bring", a caveat on an item of the catalogue, not a fact of this case left open;
_ITEM_CAVEAT = re.compile(
    r"\s+(?:not\s+)?(?:be\s+)?(?:a\s+(?:\w+\s+)?(?:hazard|concern|risk)\b|as\s+(?:effective|durable|strong|warm)\b|"
    r"fit\s+(?:all|every|some|most)\b|"
    r"seem\s+(?:a\s+(?:bit|little)\s+)?(?:small|smaller|large|larger|big|bigger|tight|loose|snug)\b)",
    re.IGNORECASE,
)
# whom or what an item suits, when the latest result gives the use itself ("which may not be
# suitable for gifting" after "This should be considered when gifting"): the result's own
# warning restated (the section's "Not hedges"); without it, as round 21's "it may not be
# suitable for young children" asked of a film, a verdict on the case;
_SUITS = re.compile(
    r"\s+(?:not\s+)?(?:be\s+)?(?:suitable|appropriate|safe|ideal|recommended)\s+for\s+(\w+)",
    re.IGNORECASE,
)
# a manufacturer's rated figure named, as "the estimated delivery date" is a term
# ("With a generous estimated yield"): no estimate of the agent's.
_RATED_FIGURE = re.compile(
    r"\s+(?:page\s+)?(?:yield|lifespan|life\s*span|battery\s+life|run\s*time|burn\s+time)\b",
    re.IGNORECASE,
)


_RATED_BEFORE = re.compile(
    r"\b(?:yield|lifespan|life\s*span|battery\s+life|run\s*time|burn\s+time)\s+(?:of\s+)?"
    r"(?:up\s+to\s+)?$",
    re.IGNORECASE,
)
_WITHIN = re.compile(r"\bwithin\s+$", re.IGNORECASE)
_SHORT_SPAN = re.compile(
    r"(?:about|around|approximately|roughly)\s+\d+(?:\s*(?:-|–|to)\s*\d+)?\s*"
    r"(?:seconds?|secs?|minutes?|mins?)\b",
    re.IGNORECASE,
)


# Session 29, round 28's helpdesk agent (an LLM walking a customer through steps), each read
# by a GUIDELINE clause ("Hedge rulings of session 29"):
#
# a possibility given as the reason for a step ("…, as it might be blocking the installation")
# is about this case (session 21);
_REASON_FOR_STEP = re.compile(
    r"[,;]\s*(?:as|because|since)\s+(?:it|this|that|they|(?:the|your)\s+[\w-]+(?:\s+[\w-]+)?)\s+$",
    re.IGNORECASE,
)
_ABLE_NEXT = re.compile(r"\s+(?:be\s+)?able\s+to\b", re.IGNORECASE)
# a softener on the work the agent and the user have done ("It seems we've tried several steps
# without success", "It seems like we've exhausted the basic steps"): the conversation's own
# process, no fact of the case in doubt (session 18's process);
_WORK_SO_FAR = re.compile(
    r"\s+(?:like\s+|that\s+)?we(?:['’]ve|\s+have)?\s+(?:already\s+|now\s+)?"
    r"(?:tried|exhausted|gone\s+through|covered|done|attempted|run\s+through|taken)\b",
    re.IGNORECASE,
)
# the modal inside what the user is asked to look for ("look under Inbound Rules for any rules
# that might be blocking your VPN"): the check's object, a plan (round 28's notes);
_LOOK_FOR_ANY = re.compile(
    r"\b(?:look|check|search|scan)\w*\b[^.?!]{0,160}\bfor\s+any\s+(?:[\w-]+\s+){0,3}?"
    r"(?:that|which)\s+$",
    re.IGNORECASE,
)
# a step's possible outcome ("…, which might resolve the issue"): what the step may bring, the
# plan's reason, not a fact of the case;
_STEP_OUTCOME = re.compile(
    r"\s+(?:help\s+(?:to\s+)?)?(?:resolve|fix|solve|improve|correct|clear\s+up)\b", re.IGNORECASE
)
_WHICH_BEFORE = re.compile(r",\s*which\s+$", re.IGNORECASE)
# how long the user is told to hold or wait ("press and hold the power button for about 15
# seconds"): an instruction's quantity (session 20's recipe quantity), not an estimate.
_HOLD_FOR = re.compile(
    r"\b(?:press|hold|wait|leave|let|keep|unplug|charge)\b[^.?!]{0,80}\bfor\s+$", re.IGNORECASE
)
_SHORT_WAIT = re.compile(
    r"\s*\d+(?:\s*(?:-|to)\s*\d+)?\s*(?:seconds?|secs?|minutes?|mins?)\b", re.IGNORECASE
)


def _support_rule(text: str, h: HedgeMatch, s_lo: int, s_hi: int) -> str:
    """The rule that drops the cue ``h`` of a support agent walking the user through steps
    (session 29, round 28), or ``""``: the work done so far, what the user is asked to look
    for, a step's possible outcome, how long to hold or wait."""
    if h.language != "en":
        return ""
    low = h.match.lower()
    if h.kind == "softener" and low in ("seems", "it seems") and _WORK_SO_FAR.match(text, h.end):
        return "work_so_far"
    if low in ("may", "might", "could", "may be", "might be", "could be"):
        if _LOOK_FOR_ANY.search(text, max(s_lo, h.start - 240), h.start):
            return "looked_for"
        if _WHICH_BEFORE.search(text, max(s_lo, h.start - 12), h.start) and _STEP_OUTCOME.match(
            text, h.end
        ):
            return "step_outcome"
    if (
        low.startswith("about")
        and _HOLD_FOR.search(text, max(s_lo, h.start - 100), h.start)
        and _SHORT_WAIT.match(text, h.start + len("about"))
    ):
        return "instruction"
    return ""


# Session 29 (round 29: SysBench's Chinese service assistants under role prompts, DialOp's
# human travel and flight-booking agents). Each reading is a clause of GUIDELINE.md's "Hedge
# rulings of session 29".
# 左右 approximates only after a quantity ("一周左右", "3元左右"); elsewhere it is the word
# "left and right" or "to sway" ("左右声道", "被恐慌情绪所左右").
_ZH_QUANTITY_BEFORE = re.compile(
    r"[\d零一二三四五六七八九十百千万萬两兩半几幾\]%][^，,。；;！？、]{0,8}$"
)
# 不确定性 is the noun "uncertainty" named as a criterion, no doubt about a fact.
# In a list or before 的 ("评估…不确定性的程度", "包括不确定性、影响范围"); "SpaceX的未来有很多不确定
# 性" (round 10) still doubts a named thing's future.
_ZH_NOUN_SUFFIX = re.compile("性[的、]")
# "充满不确定性", "压力和不确定性": the noun after "full of" or in a pair, a state named.
_ZH_NAMED_STATE = re.compile(r"(?:充满|充滿|和|与|與|及)$")
# "若不确定" / "如果不确定": the user's own doubt as a condition of the advice.
_ZH_IF_BEFORE = re.compile(r"(?:若|如果|假如|要是|如)(?:您|你)?(?:还|還)?$")
# A service or judgement declined ("我无法提供健身指导", "关于…的具体建议，我无法提供", "我无法
# 提供评价"): a capability or policy refusal, session 20.
_ZH_DECLINED_SERVICE = re.compile(
    r"[^，,。；;！？]{0,12}?(?:指导|指導|建议|建議|评价|評價|意见|意見|服务|服務|咨询|諮詢|帮助|幫助)"
)
_ZH_DECLINED_BEFORE = re.compile(r"(?:建议|建議|指导|指導|评价|評價|意见|意見)[，,]?\s*(?:我|本)?$")
# A question put to the user after 大概 / 大约 ("你的电脑大概使用了多长时间"): asks roughly, session 7.
_RP_QUESTION_WORD = re.compile(r"多长|多長|多久|多少|几|幾|什么|什麼|哪")
_RP_YOU = re.compile("[你您]")
# The user's own message as the subject ("您的信息好像不完整", "你的问题似乎"): the user's words.
_ZH_USERS_WORDS = re.compile(
    r"(?:您|你)(?:的|所)?(?:信息|訊息|消息|问题|問題|描述|提问|提問|输入|輸入|意思|表述)$"
)


# 可能 offering an option ("ESD可能是一个选择"), or saying what a thing depends on ("具体继承份额
# 可能取决于当地的法律规定"): advice and conditions, no fact of the case put forward.
_ZH_OPTION_OR_DEPENDS = re.compile(
    r"(?:是|为|為)(?:一个|一個|一种|一種)?(?:选择|選擇|选项|選項|办法|辦法|方法|途径|途徑|方案)|"
    r"(?:取决于|取決於|视|視)"
)
# A kind named by what marks it off ("非官方认证的产品", "未经认证的产品", "低质量的滤清器",
# "另一种软件"): a kind of thing as the subject, what such things may do (as _GENERIC_GROUP).
_ZH_MARKED_KIND = re.compile(
    r"(?:非|未经|未經|低质量|低質量|劣质|劣質|另一种|另一種|另一款|其他|其它)[\u4e00-\u9fff]{0,8}$"
)
# Markets and legal processes as the subject ("短期市场可能充满不确定性", "市场波动可能导致收益不稳定",
# "诉讼可能是一个漫长的过程"): how such things go (session 19's how a kind of thing goes).
_ZH_MARKET_OR_PROCESS = re.compile(
    r"(?:市场|市場|市场波动|市場波動|行情|股市|诉讼|訴訟|仲裁|审批|審批)(?:[，,]?\s*(?:也|还|還|则|則|都|往往|确实|確實))*\s*$"
)
# "有时候，元数据也可能被用于…": a sentence opened by "sometimes" says how things go.
_ZH_SOMETIMES_OPENING = re.compile(r"\s*(?:有时候|有時候|有时|有時)[，,]")
# A risk a kind of act may meet ("对未来可能遭遇风险的一种预防"): what insurance guards against.
_ZH_RISK_MET = re.compile(r"(?:遭遇|遭受|面临|面臨|遇到)[^，,。；;]{0,6}?(?:风险|風險|损失|損失)")
# 应该 of what ought to be done: a manner adverb or an act after it ("而是应该理性地分析",
# "投资也应该分散到…", "座位应该位于…"): advice, not "应该是" concluding a fact.
_RP_DEONTIC = re.compile(
    r"(?:[\u4e00-\u9fff]{1,3}地|分散|位于|位於|避免|注意|保持|选择|選擇|遵循|咨询|諮詢|定期|尽量|儘量)"
)
# 估计 opening a listed step ("**潜在损失**：估计风险发生可能导致的…损失"): the verb "to estimate".
_ZH_AFTER_LABEL = re.compile(r"[：:]\s*$")
# 考虑 inside "当…时" ("当考虑为家庭购买综合保险时"): the user's act of weighing, a setting.
# Not 应当 ("应当考虑是胃部消化不良", round 20: a guess at the cause).
_ZH_WHEN_BEFORE = re.compile(r"(?:(?<![应應])(?:当|當)|在)(?:您|你)?$")


# Session 30 (round 28's care assistant): 确实 before a cause in general words in the same
# sentence ("脚底发麻确实要重视，长期血糖偏高可能影响神经", "聚餐后13.2确实偏高，但…就可能引起暂时升高",
# "十二点多睡+无糖酸奶确实可能影响空腹血糖") grants the member's own report: the cause answers it
# (session 19's causes listed for the complaint described).
_ZH_GRANTED = re.compile("确实|確實")
_ZH_CAUSE_CUES = frozenset(
    {"可能影响", "可能影響", "可能引起", "可能导致", "可能導致", "可能加重", "可能造成"}
)


def _zh_acknowledged_cause(text: str, h: HedgeMatch, s_lo: int) -> bool:
    """True when the general cause cue ``h`` answers the member's report granted with 确实
    earlier in its sentence."""
    return (
        h.language == "zh"
        and h.match in _ZH_CAUSE_CUES
        and _ZH_GRANTED.search(text, s_lo, h.start) is not None
    )


# Session 30 (round 29's role-prompted assistants), each a reading of GUIDELINE.md's "Hedge
# rulings of session 29" in the cue's sentence rather than its clause:
# a clause with no subject of its own, or a short one ("甚至可能与你的车辆不完全兼容", "使用寿命可能
# 较短", "制造商可能拒绝…"), after a clause of the sentence whose 可能 a marked kind opens
# ("非官方认证的产品可能…"): what such things may do, still;
_ZH_MARKED_KIND_MAY = re.compile(
    r"(?:非|未经|未經|低质量|低質量|劣质|劣質|另一种|另一種|另一款)[\u4e00-\u9fff]{0,8}?(?:可能|也许|也許)"
)
_ZH_SHORT_SUBJECT = re.compile(r"[\u4e00-\u9fff]{0,4}$")
_ZH_PERSON = re.compile("[你您我咱]")
# the modal inside what the user is told to avoid or check ("避免使用孩子可能过敏的食物成分"): the
# instruction's object, a plan (session 29's "what the user is asked to look for");
_ZH_INSTRUCTED = re.compile(
    r"(?:避免|注意|留意|检查|檢查|排查|查看|确认|確認|找出|警惕)[^，,。；;！？!?\n]{0,12}$"
)
# ... a verb phrase before 的 and its noun ("过敏的食物成分"), not "可能是有帮助的" (a judgement)
_ZH_RELATIVE_AFTER = re.compile(r"(?!是|會|会)[^，,。；;！？!?\n]{1,8}?的[\u4e00-\u9fff]")
# another party that may help ("行业专家…可能提供宝贵的经验和建议", "他们也可能提供一些建议"): what
# another party can do (session 29's "as they may be able to identify …");
_ZH_OTHER_PARTY = re.compile(
    r"(?:专家|專家|律师|律師|人士|机构|機構|医生|醫生|朋友|家人|他们|他們|顾问|顧問|工作人员|工作人員|客服)"
    r"(?:也|还|還|都)?$"
)
_ZH_HELP_AFTER = re.compile(r"(?:提供|帮助|幫助|给予|給予|给出|給出|协助|協助|解答)")
# a step's possible outcome ("你可以试着和这个同事谈谈，也许有些问题能够通过沟通来解决"): what the
# step may bring (session 29's "…, which might resolve the issue");
_ZH_STEP_BEFORE = re.compile(r"(?:可以|试着|試著|试试|試試|尝试|嘗試|不妨|建议|建議)")
_ZH_OUTCOME_AFTER = re.compile(
    r"[^，,。；;！？!?\n]{0,16}?(?:解决|解決|缓解|緩解|改善|有助|有所帮助|有所幫助)"
)
# holding or spreading an investment as the subject ("长期持有则可能平滑这些波动"): how such a
# practice goes, as markets (session 29's markets and legal processes);
_ZH_INVESTING = re.compile(
    r"(?:长期持有|長期持有|持有|定投|分散投资|分散投資)(?:[，,]?\s*(?:也|还|還|则|則|都|往往))*\s*$"
)
# a dispute between the parties named ("…与您父亲的再婚配偶之间就该房产的继承问题存在争议"): the case's
# fact told, no doubt about one;
_ZH_BETWEEN = re.compile(r"(?:之间|之間)[^，,。；;！？!?\n]{0,30}$")
# 应该 naming the priority ("安全和性能应该是选择滤清器时首要考虑的因素"): what ought to weigh most.
_ZH_PRIORITY_AFTER = re.compile(
    r"是[^，,。；;！？!?\n]{0,16}?(?:首要|优先|優先|关键|關鍵|重要)[^，,。；;！？!?\n]{0,6}?(?:因素|考虑|考慮|原则|原則)"
)
# "有时候，…" opening the sentence (the clause after its comma).
_ZH_SOMETIMES_SENTENCE = re.compile(r"\s*(?:[-*•]\s*)?(?:有时候|有時候|有时|有時)[，,]")


def _zh_advice_leftovers(
    text: str, h: HedgeMatch, kind: str, c_lo: int, c_hi: int, s_lo: int
) -> str:
    """The rule that drops the Chinese cue ``h`` of general advice that session 29's rules
    read in its clause alone (see the patterns above), or ``""``."""
    if h.language != "zh":
        return ""
    if h.match in ("可能", "也许", "也許", "或许", "或許") and kind == "guess":
        before = text[c_lo : h.start]
        if (
            _ZH_SHORT_SUBJECT.search(before)
            and _ZH_PERSON.search(before) is None
            and _ZH_MARKED_KIND_MAY.search(text, s_lo, c_lo)
        ):
            return "marked_kind"  # "非官方认证的产品可能…，甚至可能与你的车辆不完全兼容"
        if _ZH_INSTRUCTED.search(
            text, max(s_lo, h.start - 14), h.start
        ) and _ZH_RELATIVE_AFTER.match(text, h.end, c_hi):
            return "instructed"  # "避免使用孩子可能过敏的食物成分": what to avoid
        if _ZH_OTHER_PARTY.search(text, c_lo, h.start) and _ZH_HELP_AFTER.match(text, h.end, c_hi):
            return "other_party"  # "行业专家…可能提供宝贵的经验和建议"
        if _ZH_STEP_BEFORE.search(text, s_lo, c_lo) and _ZH_OUTCOME_AFTER.match(text, h.end, c_hi):
            return "step_outcome"  # "你可以试着…，也许有些问题能够通过沟通来解决"
        if _ZH_INVESTING.search(text, c_lo, h.start):
            return "investing"  # "长期持有则可能平滑这些波动"
    if kind == "guess" and _ZH_SOMETIMES_SENTENCE.match(text, s_lo):
        return "sometimes"  # "有时候，元数据也可能被用于…"
    if h.match in ("存在争议", "存在爭議") and _ZH_BETWEEN.search(
        text, max(s_lo, h.start - 40), h.start
    ):
        return "dispute_told"  # "…之间就该房产的继承问题存在争议": the case's dispute told
    if h.match in ("应该", "應該") and _ZH_PRIORITY_AFTER.match(text, h.end, c_hi):
        return "advice"  # "安全和性能应该是选择滤清器时首要考虑的因素"
    return ""


# Session 31 (round 33: LLM trip and gift planners with no tools; GUIDELINE, "Sealed round 33"'s
# rulings). An adverb of possibility joined to an itinerary's activity ("Spend the rest of the
# day relaxing, maybe enjoying the hotel spa", "and perhaps grab a quick bite", "Perhaps take in a
# show", "and possibly see wildlife like dolphins", "Leisure day, perhaps reading by the pool",
# "perhaps by adding more time", "and perhaps some mornings"): the user's option in the plan
# (the advice rulings), no doubt about a fact. Not after a verb ("is possibly being held").
_PLAN_ACTIVITY_AFTER = re.compile(
    r"\s+(?:by\s+)?(?!(?:some|any|no|every)thing\b|morning\b|evening\b|building\b)(?:[a-z]+ing\b"
    r"|(?:grab|take|do|try|visit|enjoy|explore|stop|head|catch|see|spend|relax|add|book|include"
    r"|consider|check|read|go|walk|have|end|start|rent|join|attend|shop|stroll|hike|swim|sample"
    r"|pick|bring|combine|finish|return|dine|eat|sit|watch|listen|learn|meet|rest)\b"
    r"|some\s+(?:mornings|evenings|afternoons|days|nights))",
    re.IGNORECASE,
)
_PLAN_ACTIVITY_BEFORE = re.compile(r"(?:^|[,;(]|\band|\bor|\bthen)\s*(?:\*\*)?$", re.IGNORECASE)
# The option a recommendation names, judged ("the most convenient option might be to rent …", "a
# perfect spot for you … could be the Tang Paradise Park"), and what a place offered may bring the
# user ("which might inspire your creativity", "which could be a unique experience to feature on
# your blog"): the r4 section's judgement of a recommendation, fit. Not "a place which could be an
# attraction" (what a thing is, guessed).
_OPTION_NAMED_BEFORE = re.compile(
    r"\b(?:best|most\s+\w+|perfect|ideal|good|great|convenient|top|easiest|cheapest)\s+(?:\w+\s+)?"
    r"(?:option|choice|spot|place|bet|pick|way)\b[^.;:\n]{0,60}$",
    re.IGNORECASE,
)
_FIT_AFTER = re.compile(
    r"\s+(?:inspire|appeal|interest|delight|be\s+(?:a|an)\s+(?:\w+\s+)?(?:unique|great|perfect|good|fun"
    r"|nice|wonderful|ideal|excellent|memorable|lovely)\b)",
    re.IGNORECASE,
)
# Kinds and caveats: "not all drivers may speak English", "as some may be closed on certain days",
# "any COVID-19 guidelines or restrictions that may be in place", "you might find domestic travel
# more comfortable" (advice), "it's possible with the Shinkansen" (a means, no doubt).
_KIND_MAY_BEFORE = re.compile(
    r"(?:\bnot\s+all\s+\w+|\bsome|\b(?:guidelines|restrictions|rules|requirements|regulations)\s+(?:that|which)"
    r"|\byou)\s+$",
    re.IGNORECASE,
)
# "you might find domestic travel more comfortable" (advice); "Some examples you might find are: rice
# crackers" stays a guess at what the product holds
_YOU_FIND_AFTER = re.compile(
    r"\s+find\s+(?:\w+\s+){1,4}?(?:more|less|easier|harder|cheaper)\b", re.IGNORECASE
)
_MEANS_AFTER = re.compile(r"\s+(?:with|by)\s+(?:the\s+)?[A-Za-z]", re.IGNORECASE)
# A wish for the user's trip ("and may it be filled with amazing art …!"): nothing stated.
_TRIP_WISH = re.compile(r"\band\s+may\s+(?:it|your|you|the|this|they)\b[^.?\n]*!", re.IGNORECASE)
# How a kind of place goes, with a frequency word before the figure ("many shops in Spain close
# for siesta …, typically from around 2 pm to 4 pm"): a kind's typical figure (session 22).
_KIND_THEN_FREQUENCY = re.compile(
    r"\b(?:many|most|some)\s+[a-z]+s\b[^.;\n]{0,80}\b(?:typically|usually|generally|often)\s+(?:from\s+)?$",
    re.IGNORECASE,
)
# Chinese: a caution, the climate or a con under its label ("- **天气**：昆明气候温和，但晚上可能较凉",
# "- **高峰期**：…地铁可能会比较拥挤", "- **风格单一**：…可能不适合…", "- **存放位置**：…高温可能会损坏…"):
# general advice for the trip or the kind (the round's "Not hedges": climates, cautions, fit).
_ZH_CAUTION_LABEL = re.compile(
    r"(?:^|\n)\s*(?:[-*•]|\d+\.)?\s*\*{0,2}(?:天气|天氣|气候|氣候|高峰期|早高峰|晚高峰|安全|注意事项|注意事項|小贴士|提示"
    r"|风格\w{0,2}|耐用性\w{0,2}|存放\w{0,2}|保养\w{0,2}|缺点|缺點)\*{0,2}\s*[:：]"
)
# "以下是…时间估计", "以下是…大致的制作方法" (what the answer holds, introduced) and "最小估计：4小时10分钟" (a
# figure's label): no estimate made in them.
_ZH_INTRO_BEFORE = re.compile(r"以下是[^。\n]{0,40}$")
_ZH_LABEL_COLON = re.compile(r"\*{0,2}\s*[:：]")
# The user's own budget restated ("在500元左右的游戏外设推荐", "在300元左右的预算范围内"): the user's figure
# (the user's words), no estimate.
_ZH_BUDGET_AFTER = re.compile(r"的?(?:预算|預算|价位|價位|\w{0,6}推荐|\w{0,6}推薦)")

# Hours or a length after a frequency word, in its clause: "open until late", "valid for 10 years"
# is not (a rule's term), a clock time, a span of hours, 点 or 开放/营业/运营.
_HOURS_AFTER = re.compile(
    r"[^.;\n。；]{0,14}?(?:\bopen\s+(?:until|till|from|at|around)\b|\bclose[sd]?\s+(?:at|around)\b"
    r"|\d{1,2}:\d{2}|\b\d+\s*(?:-|to)\s*\d+\s+hours\b|\d{1,2}点|(?:结束|開始|开始)?(?:运营|營運|营业|營業|开放|開放)"
    r"(?:时间|時間)|结束(?:运营|營運|营业|營業))",
    re.IGNORECASE,
)
_APPROXIMATION_NEXT = re.compile(r"\s+(?:around|about|approximately|roughly)\b", re.IGNORECASE)
_KIND_SUBJECT_BEFORE = re.compile(
    r"\b(?:many|most|some|all)\s+[a-z]+s\b|许多|很多|大多数|一些|部分", re.IGNORECASE
)


def _hours_given(text: str, h: HedgeMatch, c_lo: int, c_hi: int, s_lo: int) -> bool:
    """True when a frequency word gives a place's hours or a trip's length in its clause (see
    :data:`_HOURS_AFTER`), the subject not a kind ("many shops", "一些景点"), the line not a
    caution's (:data:`_ZH_CAUTION_LABEL`)."""
    if h.match.lower() not in _FREQUENCY_CUES and h.match != "通常":
        return False
    line = text.rfind("\n", 0, h.start) + 1
    return (
        _HOURS_AFTER.match(text, h.end, c_hi) is not None
        # "sunrise is generally around 7:50 AM": the approximation is the cue
        and _APPROXIMATION_NEXT.match(text, h.end) is None
        and _KIND_SUBJECT_BEFORE.search(text, s_lo, h.start) is None
        # "- **早高峰**：通常在7:30到9:30之间": how a city's rush hours go, as a climate
        and _ZH_CAUTION_LABEL.match(text, max(0, line - 1)) is None
    )


def _planner_hedge_reading(
    text: str, h: HedgeMatch, kind: str, c_lo: int, c_hi: int, s_lo: int
) -> str:
    """The rule that drops the cue ``h`` of an LLM trip or gift planner with no tools (session
    31, round 33), or ``""``: an option joined to an itinerary's activity, a wish, a kind's
    typical hour, and in Chinese a caution or a climate under its label, an introduction or a
    label, the user's own budget."""
    low = h.match.lower()
    if h.language == "en":
        if (
            low in ("perhaps", "maybe", "possibly")
            and _PLAN_ACTIVITY_AFTER.match(text, h.end)
            and (
                _PLAN_ACTIVITY_BEFORE.search(text, max(s_lo, h.start - 12), h.start)
                or not text[s_lo : h.start].strip(" -*•\n")  # "Perhaps take in a show …"
            )
        ):
            return "plan_option"
        if low in ("might be", "could be", "may be") and _OPTION_NAMED_BEFORE.search(
            text, max(s_lo, h.start - 80), h.start
        ):
            return "option_judged"
        # ("These options may suit the group" stays a guess at the fit of the options)
        if low in ("might", "could") and _FIT_AFTER.match(text, h.end):
            return "fit_judged"
        # "you may …" only before "find" (advice); "some may be closed", "not all … may"
        you_find = _YOU_FIND_AFTER.match(text, h.end) is not None
        by_you = text[max(0, h.start - 4) : h.start].lower().endswith("you ")
        kind_before = _KIND_MAY_BEFORE.search(text, max(s_lo, h.start - 60), h.start)
        if low in ("may", "may be", "might") and kind_before and (you_find or not by_you):
            return "general"
        if low == "it's possible" and _MEANS_AFTER.match(text, h.end):
            return "means"
        if low == "may" and _TRIP_WISH.match(text, max(0, h.start - 4)):
            return "wish"
        if kind == "guess" and _KIND_THEN_FREQUENCY.search(text, s_lo, h.start):
            return "general"
        return ""
    if h.language != "zh":
        return ""
    line = text.rfind("\n", 0, h.start) + 1
    if h.match.startswith("可能") and _ZH_CAUTION_LABEL.match(text, max(0, line - 1)):
        return "caution_note"
    if h.match in ("估计", "大致") and (
        _ZH_INTRO_BEFORE.search(text, s_lo, h.start) or _ZH_LABEL_COLON.match(text, h.end)
    ):
        return "introduced"
    if h.match == "左右" and _ZH_BUDGET_AFTER.match(text, h.end):
        return "user_budget"
    return ""


def _role_prompt_advice(text: str, h: HedgeMatch, kind: str, c_lo: int, c_hi: int) -> str:
    """The rule that drops the Chinese cue ``h`` (its clause ``[c_lo, c_hi)``) of an assistant's
    advice under a service role (session 29, round 29), or ``""``."""
    if h.language != "zh":
        return ""
    if h.match in ("左右", "上下") and not _ZH_QUANTITY_BEFORE.search(
        text, max(0, h.start - 12), h.start
    ):
        return "not_approximate"  # "左右声道", "被恐慌情绪所左右": no quantity before it
    if kind == "doubt" and (
        _ZH_NOUN_SUFFIX.match(text, h.end)
        or (
            text.startswith("性", h.end)
            and _ZH_NAMED_STATE.search(text, max(0, h.start - 3), h.start) is not None
        )
    ):
        return "term"  # "评估企业面临的未来不确定性的程度": uncertainty named as a criterion
    if kind == "doubt" and _ZH_IF_BEFORE.search(text, max(0, h.start - 4), h.start):
        return "user_condition"  # "若不确定，可以咨询当地税务机关": the user's doubt, a condition
    if h.match in ("无法提供", "無法提供") and (
        _ZH_DECLINED_SERVICE.match(text, h.end, c_hi)
        or _ZH_DECLINED_BEFORE.search(text, max(c_lo - 12, 0), h.start)
    ):
        return "refusal"  # "我目前无法提供健身指导": a service declined, not a fact missing
    if (
        h.match in ("大概", "大约", "大約")
        and _RP_QUESTION_WORD.search(text, h.end, c_hi)
        and _RP_YOU.search(text, c_lo, h.start)
    ):
        return "question"  # "你的笔记本电脑大概使用了多长时间": the user asked, roughly
    if kind == "softener" and _ZH_USERS_WORDS.search(text, max(c_lo, h.start - 8), h.start):
        return "user_subject"  # "您的信息好像不完整": the user's own words, not the task's facts
    if h.match == "可能" and kind == "guess":
        if _ZH_OPTION_OR_DEPENDS.match(text, h.end, c_hi):
            return "option_or_condition"  # "ESD可能是一个选择", "可能取决于当地的法律规定"
        if _ZH_MARKED_KIND.search(text, c_lo, h.start):
            return "marked_kind"  # "非官方认证的产品可能无法达到…", "另一种软件可能会成功找到"
        if _ZH_MARKET_OR_PROCESS.search(text, c_lo, h.start):
            return "market_or_process"  # "市场波动可能导致收益不稳定": how markets go
        if _ZH_RISK_MET.match(text, h.end, c_hi):
            return "kind_risk"  # "对未来可能遭遇风险的一种预防": the risk a kind of cover meets
    if kind == "guess" and _ZH_SOMETIMES_OPENING.match(text, c_lo if c_lo else 0):
        return "sometimes"  # "有时候，元数据也可能被用于…": how things sometimes go
    if (
        h.match in ("应该", "應該")
        and _RP_DEONTIC.match(text, h.end, c_hi)
        # (not 应该 before the copula, "应该是落地双流机场": what is so, concluded, whose 落地 is
        # no adverbial 地; mk40zh, made-up, session 34)
        and not text.startswith(("是", "會是", "会是"), h.end)
    ):
        return "advice"  # "而是应该理性地分析市场情况": what ought to be done
    if h.match == "估计" and _ZH_AFTER_LABEL.search(text, max(0, h.start - 3), h.start):
        return "step"  # "**潜在损失**：估计风险发生可能导致的…损失": to estimate, a step
    if h.match == "考虑" and _ZH_WHEN_BEFORE.search(text, max(0, h.start - 3), h.start):
        return "setting"  # "当考虑为家庭购买综合保险时": the user's weighing as the setting
    return ""


# Session 29, round 29's human travel and flight-booking agents (DialOp). A recommendation's
# judgement of the option offered ("this seems to be the most ideal", "appears to be your best
# option", "I believe this is the best option available": the r4 section), what the user may
# enjoy ("Maybe you'll enjoy a meal at …") and a judgement of fit ("so it would probably be
# okay"), not a claim about the booking's facts.
_BEST_OPTION = re.compile(
    r"\s+(?:(?:this|that|it)\s+)?(?:to\s+be|be|is|are)\s+(?:the|your|our)\s+(?:very\s+)?(?:best|ideal|optimal|most\s+(?!likely|probable|plausible|accurate|correct)\w+)\b",
    re.IGNORECASE,
)
_USER_TASTE = re.compile(
    r"\s+you(?:'ll|\s+will|'d|\s+would)\s+(?:really\s+)?(?:enjoy|like|love|prefer)\b", re.IGNORECASE
)
_FIT_JUDGED = re.compile(r"\s+be\s+(?:okay|ok|fine|alright|all\s+right)\b", re.IGNORECASE)
# "it may work, what do you think?": whether the option offered suits the user (advice).
_MAY_WORK = re.compile(
    r"\s+work(?:\s+(?:for\s+(?:you|us|them|everyone)|out|well))?\s*(?:[,.!?]|$)",
    re.IGNORECASE,
)
# A trailing "I think" after a judgement of the options ("two great spots that would fit your
# group, I think").
_JUDGEMENT_WORD = re.compile(r"\b(?:great|good|nice|perfect|best|ideal|fit)\b", re.IGNORECASE)
# "May I ask how important is your meeting": asking leave, a politeness.
_MAY_I_ASK = re.compile(r"May\s+(?:I|we)\s+(?:ask|know|have|get|suggest)\b")
# A short exclamation with nothing stated ("I just might be!").
_BARE_EXCLAMATION = re.compile(
    r"\s*(?:I|we|you|it|that)\s+(?:just\s+)?(?:might|may)\s+be\s*!", re.IGNORECASE
)


def _negotiation_reading(text: str, h: HedgeMatch, kind: str, s_lo: int, c_hi: int) -> str:
    """The rule that drops the English cue ``h`` of an agent proposing options to a user
    (session 29, round 29's travel and flight-booking agents), or ``""``."""
    if h.language != "en" or kind not in ("guess", "softener"):
        return ""
    if _BEST_OPTION.match(text, h.end, c_hi):
        return "option_judged"  # "this appears to be your best option": a recommendation (r4)
    if _USER_TASTE.match(text, h.end, c_hi):
        return "user_taste"  # "Maybe you'll enjoy a meal at Lucia's": advice on the user's taste
    if h.match.lower() in ("probably", "likely") and _FIT_JUDGED.match(text, h.end, c_hi):
        return "fit_judged"  # "so it would probably be okay": a judgement of fit (advice)
    if h.match.lower() in ("may", "might") and _MAY_WORK.match(text, h.end, c_hi):
        return "option_judged"  # "it may work, what do you think?"
    if (
        h.match.lower() == "i think"
        and text[s_lo : h.start].rstrip().endswith(",")
        and _JUDGEMENT_WORD.search(text, s_lo, h.start)
    ):
        return "option_judged"  # "these are two great spots that would fit your group, I think"
    if h.match == "May" and _MAY_I_ASK.match(text, h.start):
        return "asking_leave"  # "May I ask how important is your meeting at 7 PM"
    if _BARE_EXCLAMATION.fullmatch(text, s_lo, c_hi + 1) or _BARE_EXCLAMATION.fullmatch(
        text, s_lo, c_hi
    ):
        return "exclamation"  # "I just might be!": nothing stated
    return ""


def _shop_rule(text: str, h: HedgeMatch, kind: str, latest_result: str | None, s_hi: int) -> str:
    """The rule that drops the cue ``h`` of a shop assistant's message (session 28, round 27),
    or ``""``: a draft offered to the user, a wish opened by "May", a caveat on a catalogue
    item, a rated figure named."""
    if h.language != "en" or kind != "guess":
        return ""
    low = h.match.lower()
    if low == "a possible" and _DRAFT_NOUN.match(text, h.end):
        return "drafted_text"  # "Here's a possible response:": the text offered, no guess
    if (
        h.match == "May"
        and _OPTATIVE_MAY.match(text, h.start)
        and not text[h.start : s_hi].rstrip().endswith("?")
    ):
        return "wish"  # "May the odds be ever in your favor!" (round 24's "May we …")
    if low in ("may", "might", "may be", "might be", "may not be", "might not be"):
        if _ITEM_CAVEAT.match(text, h.end):
            return "item_caveat"
        suits = _SUITS.match(text, h.end)
        if suits and latest_result and suits.group(1).lower() in latest_result.lower():
            return "item_caveat"
    if low == "estimated" and _RATED_FIGURE.match(text, h.end):
        return "term"
    if _RATED_BEFORE.search(text, max(0, h.start - 40), h.start):
        return "rated_figure"  # "a burn time of approximately 17-20 minutes per inch"
    if _WITHIN.search(text, max(0, h.start - 8), h.start) and _SHORT_SPAN.match(text, h.start):
        # "push a test alert to your app within about 15 seconds": how long the system takes,
        # session 9's processing time (round 7), not an estimate of this case's outcome
        return "processing_time"
    return ""


def _free_answer_rule(
    text: str, h: HedgeMatch, c_lo: int, c_hi: int, s_lo: int, s_hi: int, has_result: bool
) -> str:
    """The rule that drops the cue ``h`` of a free answer, or ``""`` (see the patterns above:
    someone else's knowing, a puzzle's verdict, the user's own mind, a caveat on the answer's
    own product, a formula's assumption or a worked step, 可能 as a noun, after a condition or
    with a kind as its subject, duty, a judgement of standing; and, when the row holds no tool
    result (``has_result`` false), :func:`_free_voice_rule`)."""
    match = h.match
    low = match.lower()
    sentence = text[s_lo:s_hi]
    before = text[max(c_lo, h.start - 24) : h.start]
    if not has_result:
        free = _free_voice_rule(text, h, sentence, s_hi)
        if free:
            return free
    if h.kind in ("missing", "doubt"):
        if h.language == "zh" and _ZH_THIRD_PARTY.search(before):
            return "third_party"
        if h.language == "en" and _EN_THIRD_PARTY.search(before):
            return "third_party"
        if _PREMISE_VERDICT.search(sentence):
            return "premise_verdict"
        if h.language == "zh" and _ZH_USER_UNSURE.search(before):
            return "about_user"
    if h.kind == "guess" and _OWN_PRODUCT.search(sentence):
        return "own_product"
    if match == "假设":
        if _ZH_MODEL_ASSUMES.search(text, max(s_lo, h.start - 12), h.start):
            return "model_assumes"
        if text[max(s_lo, h.start - 2) : h.start].endswith("如果") or (
            h.start - s_lo <= 2 and _ZH_SUPPOSE_STEP.match(text, h.end, s_hi)
        ):
            return "supposition"
    if match == "可能":
        after = text[h.end : h.end + 1]
        if _ZH_POSSIBILITY_NOUN.search(text, max(s_lo, h.start - 3), h.start) or (
            after in ("为", "。", "，", "！") and text[h.start - 1 : h.start] in ("的", "之")
        ):
            return "possibility_noun"
        if _ZH_OTHERWISE.search(text, max(c_lo - 14, s_lo), h.start):
            return "conditional_modal"
        if _ZH_WHEN.search(text, s_lo, h.start):
            return "conditional_modal"
        if _ZH_KIND_SUBJECT.search(before) and not _TO_USER.search(sentence):
            return "kind_subject"
        if _ZH_TAKES_TIME.match(text, h.end):
            return "effort_time"
        if _ZH_AVOID.search(before):
            return "possible_kind"
    if match == "应该" and _ZH_DUTY_ACT.match(text, h.end):
        return "duty"
    if (
        h.language == "en"
        and low
        in ("might", "may", "could", "might be", "may be", "could be", "might have", "may have")
        and _EN_KIND_SUBJECT.search(text[max(s_lo, h.start - 80) : h.start])
        and not _TO_USER.search(text, c_lo, s_hi)
    ):
        return "kind_subject"
    if low == "perhaps" and _STANDING.match(text, h.end):
        return "standing"
    return ""


def _free_voice_rule(text: str, h: HedgeMatch, sentence: str, s_end: int) -> str:
    """The rule of :func:`_free_answer_rule` for a row with no tool result that drops ``h``
    (narration, appearance, the answerer's own view, a worked deduction, a wish), or ``""``:
    beside a result the same words may read it."""
    match = h.match
    low = match.lower()
    unsure = _WAS_UNSURE.search(text, max(0, h.start - 16), h.end + 1)
    if (
        _NARRATED.fullmatch(match) and not _IT_SEEMED.search(text, max(0, h.start - 8), h.start)
    ) or (unsure is not None and unsure.start() <= h.start < unsure.end()):
        return "narrated"
    if match == "看起来" and _ZH_LOOKS.match(text, h.end):
        return "appearance"
    if low in _OWN_VIEW and not _TO_USER.search(sentence) and _ZH_JUDGED.search(text, h.end, s_end):
        return "own_view"
    if match in ("似乎", "好像") and _ZH_OWN_FEELING.search(text, max(0, h.start - 6), h.start):
        return "own_view"  # "我的心跳似乎快过了飞行时间": the answerer's own imagined feeling
    if match == "看来" and text[max(0, h.start - 2) : h.start] == "在我":
        return "own_view"  # "这在我看来是独特的人生感悟": in the answerer's view
    if low in ("must be", "must also be") and _WORKED_PREMISE.search(sentence):
        return "worked_deduction"
    if match == "May" and _OPTATIVE_MAY.match(text, h.start) and sentence.rstrip()[-1:] != "?":
        return "wish"
    return ""


def _is_month(text: str, start: int) -> bool:
    """True when a capitalised "May" at ``start`` is the month: before a day, or not
    opening a sentence (the modal is capitalised only there)."""
    if _MONTH.match(text, start):
        return True
    last = start - 1  # the last character before it that is no space
    while last >= 0 and text[last].isspace():
        last -= 1
    return last >= 0 and text[last] not in ".!?:;\n\"'*-•(["


# What comes before the opening mark of a JSON string: a key's colon, a bracket, or a comma
# after another value.
_JSON_VALUE_OPENING = re.compile(r"""(?:[:{\[]|["\]}\d]\s*,|(?:true|false|null)\s*,)\s*$""")
#: How far a quotation is looked for on either side of a cue (a quoted note, a message
#: to copy); a quotation mark further away, or across a blank line, opens no quotation.
_QUOTE_CHARS = 600


# A single quotation mark that opens the words someone said, after a verb of saying, and one
# that closes them (a letter after it is an apostrophe: "wasn't").
_SAID_SINGLE_QUOTE = re.compile(
    r"\b(?:states?|stated|said|says|wrote|writes|mentions?|mentioned|notes?|noted|noting|"
    r"explains?|explained|claims?|claimed|reports?|reported|asks?|asked)\s+(?:that\s+)?"
    r"(?:(?:they|he|she|the\s+(?:customer|user|client))\s+)?['\u2018](?=\w)",
    re.IGNORECASE,
)
_SINGLE_QUOTE_CLOSE = re.compile(r"\w[.,!?]?['\u2019](?=[\s.,;:!?)]|$)")


def _quoted(text: str, start: int, end: int) -> bool:
    """True when the cue at ``[start, end)`` stands inside double quotation marks in its
    paragraph: words the agent quotes or offers to be copied ("Notes: “Likely lost on the
    way home.”", "for example, “card may be in the airport”"), not its own claim."""
    lo = max(text.rfind("\n\n", 0, start) + 1, start - _QUOTE_CHARS)
    hi = text.find("\n\n", end)
    hi = min(len(text) if hi < 0 else hi, end + _QUOTE_CHARS)
    before, after = text[lo:start], text[end:hi]
    if "\u201c" in before and before.rfind("\u201c") > before.rfind("\u201d"):
        return "\u201d" in after
    # the last single quotation mark opened after a verb of saying
    opened = max(_SAID_SINGLE_QUOTE.finditer(before), key=lambda m: m.start(), default=None)
    if (
        opened is not None
        and _SINGLE_QUOTE_CLOSE.search(before, opened.end()) is None
        and _SINGLE_QUOTE_CLOSE.search(after)
    ):
        # "they state they 'understand …, I was hoping there might be some flexibility.'"
        # (round 22's support agent): the customer's words, quoted (session 7)
        return True
    if before.count('"') % 2 == 0 or '"' not in after:
        return False
    # a JSON string's value ({"summary": "…approximately 21 million…"}) is the model's own text
    return _JSON_VALUE_OPENING.search(before, 0, before.rfind('"')) is None


# A sentence whose subject is an action ("Asking about their meals might be
# valuable"): the agent weighing a plan, or advice, not a claim about the data.
# Prepositions and nouns that end in -ing are no action: "During this time, sunrise
# is around 7:50", "Parking might be limited".
_GERUND_SUBJECT = re.compile(
    r"\s*(?:[-*•\d.]+\s*)?(?!(?:During|According|Regarding|Including|Following|Considering|"
    r"Concerning|Excluding|Pending|Morning|Evening|Nothing|Something|Anything|Everything|"
    r"Spring|String|King|Thing|Beijing|Wedding|Building|Clothing|Ceiling|Meeting|Parking|"
    r"Housing|Dining|Lodging|Shopping|Sightseeing|Boarding|Timing|Pricing|Setting)\b)"
    r"[A-Z][a-z]+ing\s+(?!(?:is|are|was|were|has|have)\b)"
)


# A comma that closes a participle's frame before the sentence's own subject.
_FRAME_COMMA = re.compile(
    r",\s+(?:although\s+[^,]*,\s+)?(?:I|we|you|it|they|he|she|this|that|the)\b"
)


def _action_weighed(text: str, s_lo: int, s_hi: int, phrase: str, end: int, c_hi: int) -> bool:
    """True when the sentence ``[s_lo, s_hi)`` has an action as its subject and the cue weighs
    it ("Asking about their meals might be valuable", "Calling ahead could help"): a plan
    or advice. A modal of possibility there also states what such an action may bring,
    as a rule does ("Changing flights may incur a fee"); an epistemic adverb predicts
    what this one will bring ("Changing to a new date will likely incur a change fee"):
    a guess about the case, unless it says the action is worth doing."""
    gerund = _GERUND_SUBJECT.match(text, s_lo, s_hi)
    if gerund is None or _FRAME_COMMA.search(text, gerund.end(), end) is not None:
        # "Looking at the rooms data earlier, although those slots are listed, they might be
        # …": a participle that frames the sentence, whose subject comes after its comma
        return False
    return (
        phrase.lower() not in _EPISTEMIC_ADVERBS or _WORTH_DOING.match(text, end, c_hi) is not None
    )


# A sentence whose subject points back ("This", "It", "They", "which indicates they")
# and the nearest sentence before it with the user as its subject.
_ANAPHOR = re.compile(
    r"\s*(?:this|that|these|those|it(?!['\u2019]s|\s+is\b)|they)\b|\s*(?:这|这个|这些|他们|它)|"
    r"[^,，]*,\s*which\s+(?:\w+\s+){0,2}(?:they|it)\b",
    re.IGNORECASE,
)
_USER_OPENING = re.compile(
    # a ReAct thought's label before it: "Thought: The user wants to book a hotel."
    r"\s*(?:[-*•\d.]+\s*)?(?:(?:thought|thinking|reasoning|思考)\s*[:：]\s*)?"
    r"(?:the\s+(?:user|customer)s?\b(?!['\u2019])|用户|客户)",
    re.IGNORECASE,
)
# A causal guess and the causes it names: "due to X or Y", "可能是由于X或Y".
_CAUSE = re.compile(
    # "可能是因为我无法找到计算器…": Chinese puts 是 before the cause, with no space
    r"\s*(?:\w+\s+){0,2}?(?:due\s+to|because(?:\s+of)?|caused\s+by|the\s+result\s+of|(?:是)?(?:由于|因为))",
    re.IGNORECASE,
)
# The agent needing more of the user's input, then asking for it.
_ZH_ASK_MORE = re.compile(r"(?:我|我们|我們)(?:还|還)?需要更多(?:的)?(?:信息|資訊|细节|細節)$")
_ASKS_AFTER = re.compile(r"请问|請問|[？?]")
# A time limit relative to an event, a rule's window: "3 hours before the scheduled departure".
_RELATIVE_LIMIT = re.compile(
    r"\s*\d+(?:[.,]\d+)?\s*(?:hours?|hrs?|days?|minutes?|mins?|weeks?|months?)\s+"
    r"(?:before|after|prior\s+to|ahead\s+of)\b",
    re.IGNORECASE,
)
# A system of the body, whose 系统 is no process word: "可能是由于神经系统疾病引起的".
_BODY_SYSTEM = re.compile(
    r"(?:神经|神經|消化|免疫|呼吸|循环|循環|泌尿|生殖|内分泌|內分泌|淋巴|运动|運動)(?:系统|系統)"
)
# The terms of the agent's query, as a cause: "likely due to the specific criteria".
_QUERY_TERMS = re.compile(
    r"\b(?:criteria|criterion|filters?|tags?|keywords?|spelling|wording|phrasing)\b|条件|关键词",
    re.IGNORECASE,
)
# Causes are split on "or", "and" and commas; the examples after "such as" belong to
# the cause before them ("the criteria such as budget and star rating").
_ALTERNATIVE = re.compile(r",?\s+(?:or|and)\s+|[,，、]|或者|或|以及")
_EXAMPLES = re.compile(r",?\s+(?:such\s+as|including|like|e\.g\.)\s+|比如|例如|包括", re.IGNORECASE)
_GENERIC_CAUSE = re.compile(
    r"^\s*(?:the\s+|a\s+|an\s+)?(?:various|several|many|some|a\s+few|different|multiple)?"
    r"\s*(?:reasons?|factors?|things|issues|causes|原因|因素)\s*$",
    re.IGNORECASE,
)


# The user as the subject right after a guess, wanting or after something: "it's likely
# they want a hotel there", "It seems the user is looking for…" (round 13's ruling: a guess
# at what the user wants is about the user; what the user means still counts, and "the
# user probably wants to book from Wednesday" is _user_subject's).
# What the user wants, given as a value the agent fills in: a day, a date, a clock time or a
# number after the wish ("wants to book from Wednesday, January 6", "means the 3 pm train").
_VALUE_FILLED = re.compile(
    r"\s+(?:wants?|means?|intends?|meant)\s+(?:to\s+[a-z]+\s+)?(?:[\w'-]+\s+){0,5}?"
    r"(?:from|on|at|for|by|the|starting)\s+(?:the\s+)?(?:"
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|"
    r"(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december)\s+\d|\d)",
    re.IGNORECASE,
)
_USER_WISH_AFTER = re.compile(
    r"\s*(?:that\s+)?(?:the\s+(?:user|customer)|they)\s+(?:(?:may|might|probably|likely)\s+)?"
    r"(?:wants?|needs?|would\s+like|wish(?:es)?|prefers?|intends?|"
    r"(?:are|is|['\u2019]re)\s+(?:looking|interested|asking|trying|planning))\b",
    re.IGNORECASE,
)
# An assumption that fills what the user left out ("I assume that the user wants to know
# about the late fees") guesses at the meaning of the user's words: it counts.
_ASSUMES = re.compile(r"\bassum", re.IGNORECASE)
# The user's wish an assumption fills: "I'll assume you want the 8 am flight".
_ASSUMED_WISH = re.compile(
    r"\s+(?:that\s+)?you\s+(?:want|need|mean|prefer|would\s+like|['\u2019]d\s+like|"
    r"(?:are|['\u2019]re)\s+(?:referring|asking))\b",
    re.IGNORECASE,
)
# Items taken as something after an assumption: "I will assume these as initial options".
_TAKEN_AS = re.compile(r"\s+(?:these|those|this|that|them|it)\s+as\b", re.IGNORECASE)
# The dialogue itself as the subject: "The conversation seems to be concluding".
_DIALOGUE_SUBJECT = re.compile(
    r"\b(?:the|this|our)\s+(?:conversation|dialogue|dialog|chat|discussion)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)
# What the agent's call will get, as the predicate of a guess: "might yield results".
_RESULTS_OUTCOME = re.compile(
    r"\b(?:yield|return|give|produce|get|bring(?:\s+up)?|result\s+in|lead\s+to)\s+"
    r"(?:\w+\s+){0,2}?results\b",
    re.IGNORECASE,
)


def _refers_to_user(text: str, s_lo: int, s_hi: int) -> bool:
    """True when the clause's subject, in the sentence ``[s_lo, s_hi)``, points back to a
    sentence about the user: "The user corrected the group size. This smaller group will
    likely affect options", "They also asked..., which indicates they may be considering"."""
    # (matched in place: neither pattern looks behind where it starts; each is read within
    # its sentence, as a text with no comma would otherwise be read to its end once per cue)
    if _USER_OPENING.match(text, s_lo, s_hi):
        return False  # the user named here: _user_subject reads this sentence
    if not _ANAPHOR.match(text, s_lo, s_hi):
        return False
    for lo, hi in _sentences_before(text, s_lo):
        if _USER_OPENING.match(text, lo, hi):
            return True
        if not _ANAPHOR.match(text, lo, hi):
            return False  # a sentence about something else comes in between
    return False


def _sentences_before(text: str, end: int) -> Iterator[tuple[int, int]]:
    """The sentences of ``text`` before ``end``, the nearest first: those its sentence
    boundaries close when the text is read up to ``end`` (``finditer(text, 0, end)``),
    worked out from the boundaries of the whole text (:func:`_boundaries`, found once per
    text), so that a caller that stops early reads only the sentences it needs."""
    starts, ends = _boundaries(text)
    # Up to ``end`` the text's own boundaries are those read up to it, but for one ending
    # at ``end``: read up to it, a stop there ends a sentence whatever follows (``$`` in
    # its lookahead holds), and a run of spaces between Chinese characters never does (its
    # lookahead sees nothing).
    n = bisect.bisect_left(ends, end)
    if end > 0 and (
        text[end - 1] in _STOPS
        or (end > 1 and text[end - 1] in "\"\u201d'" and text[end - 2] in ".!?")
    ):
        lo = ends[n - 1] if n else 0
        if text[lo : end - 1].strip():
            yield lo, end
    for i in range(n - 1, -1, -1):
        lo = ends[i - 1] if i else 0
        if text[lo : starts[i]].strip():
            yield lo, ends[i]


#: The characters that end a sentence alone (see ``_SENTENCE_END``).
_STOPS = frozenset(".!?。！？；;\n")


@functools.lru_cache(maxsize=64)  # a text is read after each result since the model wrote
def _boundaries(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where the sentence boundaries of ``text`` start and end."""
    spans = [m.span() for m in _sentence_end(text).finditer(text)]
    return tuple(a for a, _ in spans), tuple(b for _, b in spans)


def _causes(text: str, end: int, hi: int) -> list[str] | None:
    """The causes a causal guess names after the phrase ending at ``end`` ("could be
    due to the query used or a lack of options"), or None when no cause follows."""
    m = _CAUSE.match(text, end)
    if m is None:
        return None
    head, *examples = _EXAMPLES.split(text[m.end() : hi].rstrip(" .。!?"), maxsplit=1)
    # "various reasons, such as X or Y": the examples are the causes; "the criteria
    # such as budget": the examples only spell out the cause before them.
    named = examples[0] if examples and _GENERIC_CAUSE.match(head) else head
    causes = [c for c in _ALTERNATIVE.split(named) if c.strip()]
    return causes or None


# The user's own thing named in a cause: "您连接的此WiFi", "your router".
_CASE_OWNER = re.compile(r"您的|你的|您连接的|你连接的|您使用的|你使用的|\byour\b", re.IGNORECASE)


# The user's own input named as the cause of a failed check: "might have entered incorrect
# credentials", "may have mistyped the ID".
_ENTERED_WRONG = re.compile(
    r"\s+(?:\w+\s+)?(?:(?:entered|provided|typed|given|used|supplied)\s+(?:an?\s+|the\s+)?"
    r"(?:incorrect|wrong|invalid|outdated|mistyped)|mistyped|misspelled|misremembered)\b",
    re.IGNORECASE,
)
# A link that draws what a narrated result or failure means: "which (likely) means",
# "indicating that", "suggesting that".
_INFERRED = re.compile(
    # ", so maybe ...": a guess drawn from what came before ("The search returned nothing, so
    # maybe the order is under another email"), read on its own like "which means"
    r",\s+so(?=\s+(?:maybe|perhaps|possibly)\b)|"
    r"\b(?:which\s+(?:\w+\s+)?(?:means|indicates|suggests)|indicating|suggesting|meaning|implying)"
    # not the agent's own failure drawn from it ("which means I was unable to retrieve…")
    r"(?:\s+that)?\b(?!\s+(?:I|we)\b)",
    re.IGNORECASE,
)
# What the user logs in or is identified with: a failed check's cause in them is the case's.
_USERS_CREDENTIAL = re.compile(
    r"\b(?:credentials?|identification|passwords?|user\s*names?|driver'?s\s+licen[cs]e|"
    r"login\s+details|account\s+details)\b",
    re.IGNORECASE,
)


# mk39 (made-up, session 34): "Taxes went up, probably because of those calls" after a bill
# whose line item reads "International calls": the cause's noun is a value of the task's data
# the latest result lists, not the agent's calls (a guess about the case, the top section). A
# result that reports an error keeps the process reading ("because of the request" after
# "Error: request timed out").
_MK39_RESULT_STRING = re.compile(r':\s*"([^"\n]{1,120})"')
_MK39_CAUSE_NOUN = re.compile(r"\b(?:those|these|the|that|this)\s+([a-z]{4,})\b", re.IGNORECASE)


def _mk39_cause_in_data(causes: Sequence[str], result: str | None) -> bool:
    """True when a cause's noun ("those calls") is a word of a string value of ``result``."""
    if not result or re.search(r"\berror\b", result[:2000], re.IGNORECASE):
        return False
    values = " ".join(m.group(1) for m in _MK39_RESULT_STRING.finditer(result, 0, 20_000)).lower()
    return any(
        re.search(rf"\b{re.escape(m.group(1).lower())}\b", values)
        for cause in causes
        for m in _MK39_CAUSE_NOUN.finditer(cause)
    )


def _process_cause(cause: str) -> bool:
    """True when a named cause is the agent's process ("the specific query used") or
    no cause at all ("various reasons"); "a lack of options in the database" is a fact."""
    cause = _BODY_SYSTEM.sub("", cause)  # 神经系统 is the nerves, not a system the agent calls
    if _QUERY_TERMS.search(cause) is not None or _GENERIC_CAUSE.match(cause) is not None:
        return True
    if _USERS_CREDENTIAL.search(cause) is not None:
        # "This might be due to incorrect identification parameters or other issues" after a
        # failed login (session 24's service agents): the credentials the user gave are the
        # case's facts (session 9's user's own things), not the agent's query
        return False
    if _CASE_OWNER.search(cause) is not None:
        # "可能是由于您连接的此WiFi处于弱信号环境下导致哒" (round 12's Weibo helpdesk), "due to
        # your home network": the user's own equipment is the case (session 9), not the
        # agent's network or tool
        return False
    if _AGENT_STEP_CAUSE.search(cause) is not None:
        return True  # "because the book ID was not correctly retrieved earlier": the agent's call
    return context_patterns()["process"].search(cause) is not None


# A cause that is the agent's own earlier step gone wrong: "the book ID was not correctly
# retrieved earlier" (session 24's "a cause that is only … the agent's own call").
_AGENT_STEP_CAUSE = re.compile(
    r"\b(?:was|were|had\s+been|has\s+been)\s*(?:n['\u2019]t|\s+not)?\s+(?:\w+ly\s+)?"
    r"(?:retrieved|fetched|passed|parsed|looked\s+up|loaded)\b",
    re.IGNORECASE,
)


# A modal that opens a phrase ("may", "might need", "could be").
_MODAL = re.compile(r"(?:may|might|could|should|would)\b", re.IGNORECASE)
# The agent as the subject right before it, with at most one adverb between:
# "I may need to", "we might also try", "我可能需要".
_AGENT_BEFORE = re.compile(
    r"(?:\b(?:i|we)(?:\s+\w+ly|\s+also|\s+still|\s+then)?\s+|(?:我|我们)\s*)$", re.IGNORECASE
)


# An adverb of possibility on the agent's own next step: before "I can / we should…" ("Maybe I
# can look up "notoriety in 1964"") or joined by "and" to a plan of the agent's ("I need to
# finalize the itinerary and possibly include a rest day"): a plan, not a claim about the data.
_PLAN_ADVERBS = frozenset({"maybe", "perhaps", "possibly"})
#: A clause that says what the agent's plan before it is for: "so I can see which …",
#: "so that we can check whether …" (a clause opens after "so", which ends the one before).
_PLAN_PURPOSE = re.compile(
    r"\s*(?:so(?:\s+that)?\s+)?(?:I|we)\s+(?:can|could)\s+"
    r"(?:see|tell|check|confirm|find\s+out|determine|verify|figure\s+out)\b",
    re.IGNORECASE,
)
_AGENT_NEXT = re.compile(
    r"\s*,?\s*(?:i|we)\s+(?:can|could|should|will|shall|must|need\s+to|have\s+to)\b|"
    r"\s*,?\s*(?:i|we)['\u2019]ll\b",
    re.IGNORECASE,
)
_AGENT_PLAN_BEFORE = re.compile(
    r"\b(?:i|we)(?:\s+(?:need|have|plan|want)\s+to|\s+will|\s+should|\s+must|['\u2019]ll|"
    r"\s+am\s+going\s+to)\s+[^.!?;\n]{1,120}?\band\s+$",
    re.IGNORECASE,
)


# Chinese puts the modal before its subject too: "那可能我们还要联系网维那边再看一下".
_AGENT_AFTER_ZH = re.compile(
    r"(?:我们|我們|我这边|我這邊|咱们|咱們|我)(?:还|還|也|再|得|就)?(?:要|需要|得|会|會|去|来|來|帮|幫|给|給)"
)


def _agent_modal(text: str, lo: int, start: int, match: str, end: int = -1) -> bool:
    """True when a modal phrase has the agent as its subject ("I may need to", "we
    might try", "可能我们还要联系…"): the agent's plan or its own ability, not a claim
    about the data."""
    if _MODAL.match(match) is None and not match.startswith(("可能", "应该", "應該")):
        return False
    if end >= 0 and match.startswith("可能") and _AGENT_AFTER_ZH.match(text, end):
        return True
    return _AGENT_BEFORE.search(text, lo, start) is not None


def _user_subject(text: str, lo: int, start: int, end: int, hi: int, kind: str) -> bool:
    """True when the user is the subject of the phrase at ``[start, end)``: named before
    it in ``[lo, start)`` or right after a softener ("It seems the user..."), not as a
    possessive ("the user's budget may not be enough" is about the budget), and the
    sentence is not about what the user means."""
    words = context_patterns()
    subject = None
    stop = min(hi, end + _AFTER_SOFTENER) if kind == "softener" else start
    for m in words["subject"].finditer(text, lo, stop):
        if m.start() >= end and m.start() - end > _AFTER_SOFTENER:
            break
        if text[m.end() : m.end() + 2] in ("'s", "\u2019s") or start <= m.start() < end:
            continue  # a possessive, or the phrase itself ("人们认为")
        subject = m
    if subject is None:
        return False
    if words["meaning"].search(text, subject.end(), start):
        # "The user has mentioned the name of a place which could be an attraction": a
        # guess at what the user's words denote (round 13's ruling), the user no subject
        return False
    return words["meaning"].search(text, end, min(len(text), end + _MEANING_NEAR)) is None


# The sentence says where its content comes from: what follows is a reading of a
# result, not a guess ("Based on the search results, the next flight seems to be").
_ATTRIBUTED = re.compile(
    r"\b(?:based\s+on|according\s+to|per)\s+(?:the\s+|your\s+|our\s+|my\s+)?"
    r"(?:\w+\s+){0,3}(?:results?|policy|policies|information|options|search|data|details|"
    # a ReAct agent's "Based on the previous action and observation, it seems…"
    r"records?|profile|observations?)\b|"
    r"根据(?:搜索|查询|工具)?结果|根据政策",
    re.IGNORECASE,
)
# A sentence that opens by naming the record it reads: "From your profile, I see one card
# that appears to be the business one".
_SOURCE_OPENING = re.compile(
    r"\s*(?:[-*•]\s*)?from\s+(?:the|your|our|my)\s+(?:\w+\s+){0,2}"
    r"(?:results?|records?|profile|account|data|details|information)\b",
    re.IGNORECASE,
)
# An action as the subject of "unlikely": "—restarting equipment or changing settings is ".
_ACTION_UNLIKELY = re.compile(
    r"[\s\W]*(?:[Tt]rying\s+|[Jj]ust\s+)?[A-Za-z]+ing\s+[^.;!?]*?\b(?:is|are|would\s+be|will\s+be)\s+$"
)
# A likelihood after a softener: "based on the available information, it seems unlikely", "it
# appears likely that": the agent weighs what no result states (round 14's thoughts), no reading.
# The user as the subject of a modal of ability concluded from this case's records: "so you
# may not be able to access or download the statement yourself" (_YOU_ABLE before the cue,
# _ABLE_AFTER after it); "an agent who may be able to help you" names another subject.
_YOU_ABLE = re.compile(r"\byou\s+$", re.IGNORECASE)
_STILL = re.compile(r"\s+still\b", re.IGNORECASE)
_AVAILABLE_TO_YOU = re.compile(
    r"(?:\s+(?:not|still))*(?:\s+be)?\s+(?:available|accessible|visible)\s+to\s+you\b",
    re.IGNORECASE,
)
_ABLE_AFTER = re.compile(r"(?:\s+(?:not|still))*(?:\s+be)?\s+able\s+to\b", re.IGNORECASE)
# Whether a rule or a benefit applies to this case, after a softener: "Wells Fargo's Extra
# Day Grace Period does not appear to apply to this overdraft fee", "your booking seems to
# qualify": a conclusion about this case that no record states in those words (the
# AgentDojo section), however many of the policy page's words it uses, and not a reading
# of the records it names.
# A share of a kind concluded after a softener: "it seems that most store-bought rice pudding
# is made with white rice" after a page about one recipe: a generalisation the result does not
# state in its words (round 14's softener case needs a result that states it), no reading.
_MOST_OF_KIND = re.compile(r"\s+(?:that\s+)?(?:most|many|few|all)\s+[a-z-]+", re.IGNORECASE)
_APPLIES = re.compile(
    r"\s+(?:not\s+)?(?:to\s+)?(?:(?:apply|applies|qualify|qualifies)\b|"
    r"(?:be|is|are)\s+(?:not\s+)?(?:eligible|covered|entitled)\b)|"
    # a diagnosis of this case, the kind of its fault named: "This appears to be a
    # connection/equipment issue, not a billing suspension" (the AgentDojo section's hedged
    # conclusion that no result states in those words), however many record words it uses
    r"(?:\s+(?:to\s+)?(?:be|like))?\s+(?:a|an)\s+(?:\*\*)?(?:[\w/-]+\s+){0,3}?[\w/-]*"
    r"(?:issue|problem|fault|malfunction)\b",
    re.IGNORECASE,
)
_LIKELIHOOD_AFTER = re.compile(
    r"\s+(?:quite\s+|very\s+|most\s+|highly\s+)?(?:un)?likely\b", re.IGNORECASE
)
# A sentence that says the claim before it is yet to be checked: "However, I should confirm
# this.", "But to be sure, I'll verify that." (a thought's answer given before its lookup).
_TO_CONFIRM = re.compile(
    r"\s*(?:(?:but|however|still)\s*,?\s*)?(?:to\s+be\s+sure\s*,?\s*)?I\s*(?:should|will|['\u2019]ll|"
    r"need\s+to|must|would\s+need\s+to)\s+(?:still\s+|first\s+)?(?:confirm|verify|double-check)\s+"
    r"(?:this|that|it)\b",
    re.IGNORECASE,
)
# mk35 (made-up, session 33): a price right after a conclusion modal ("should be $24", "should
# be the same price", "should cost about $30"); the amount, when one is written, is not the
# latest result's.
_PRICE_AFTER_MODAL = re.compile(
    r"\s+(?:(?:about|around|roughly|exactly|only|just)\s+)?(?:(?:the\s+)?same\s+price\b|[$€£]\s?\d"
    r"|priced\s+(?:at|the\s+same)\b|(?:cost|costs)\s+(?:about\s+|around\s+)?[$€£]\s?\d)",
    re.IGNORECASE,
)
_MONEY_IN = re.compile(r"[$€£]\s?(\d+(?:[.,]\d+)*)")
_IF_CLAUSE = re.compile(r"\b(?:if|unless|when|once)\b", re.IGNORECASE)


def _price_told(text: str, end: int, c_hi: int, result: str | None) -> bool:
    """True when a price follows the modal ending at ``end`` in its clause and no amount the
    clause writes is held by ``result`` (see :data:`_PRICE_AFTER_MODAL`)."""
    if _PRICE_AFTER_MODAL.match(text, end) is None:
        return False
    hi = max(c_hi, text.find(")", end, end + 40) + 1)  # "($24.00)" in brackets after it
    return not any(_held(m.group(1), result) for m in _MONEY_IN.finditer(text, end, hi))


# mk35 (made-up, session 33): the rest of the cue's sentence sets a check against the claim
# ("…, though I'd recommend checking the schedule to be sure", "…, but please verify this with
# the airline"): the claim is left unconfirmed.
_LEFT_TO_CHECK = re.compile(
    r"[^.!?\n]*?,\s*(?:though|but|however|although)\b[^.!?\n]*?\b(?:to\s+be\s+sure|to\s+confirm"
    r"|to\s+be\s+certain|(?:verify|confirm|double-check)\s+(?:this|that|it)\b)",
    re.IGNORECASE,
)
# A wh-clause before the modal in its clause: "how good an article could be".
_EMBEDDED_QUESTION = re.compile(
    # "告知医生是否怀孕或可能怀孕": 是否 opens a yes/no question as "whether" does
    r"是否|(?:\b(?:how|what|whether)|\bto\s+(?:see|check|find\s+out|determine|verify)\s+if)\b"
    r"(?![^.!?\n]*\?)",
    re.IGNORECASE,
)
# A modal whose predicate is a judgement: "may be a decent moderate option", "could be
# good choices", "might be valuable".
_GOOD = (
    r"(?:good|great|decent|nice|ideal|perfect|excellent|fine|reasonable|solid|"
    r"wise|better|best|helpful|useful|valuable|worth|convenient|suitable|"
    # "It could be interesting to experiment with…": a suggestion
    r"interesting|beneficial|advisable|worthwhile|"
    # mk39 (made-up, session 34): "the longer layover might be more comfortable" judges an
    # option for the user (the round 4 section's recommendation's judgement), no fact guessed
    r"comfortable)\b"
)
_EVALUATIVE = re.compile(
    rf"(?:may|might|could|would)\s+(?:also\s+)?be\s+(?:a\s+|an\s+)?(?:very\s+|really\s+)?"
    rf"(?:\w+\s+)?{_GOOD}",
    re.IGNORECASE,
)
# A judgement after a softener: "your itinerary seems well-rounded", "looks great".
_SOFT_JUDGEMENT = re.compile(
    r"\s+(?:to\s+be\s+)?(?:very\s+|quite\s+|really\s+|pretty\s+|fairly\s+)?"
    rf"(?:well-rounded|well-planned|well-balanced|balanced|comprehensive|thorough|{_GOOD}|"
    # a seller's praise of an item ("The book seems fascinating", round 27's sales judgements)
    r"fascinating|amazing|wonderful|lovely|fantastic|beautiful|stunning|adorable|stylish|"
    r"charming|delightful|impressive|awesome|gorgeous)",
    re.IGNORECASE,
)
# What a guess after an action as subject says of the action: that it is worth doing
# ("Asking about their meals would probably be valuable", "might help"): the agent
# weighing a plan, not a consequence it predicts.
_WORTH_DOING = re.compile(
    rf"\s+(?:\w+\s+){{0,2}}?(?:be|seem|prove)\s+(?:a\s+|an\s+)?(?:very\s+|really\s+)?"
    rf"(?:\w+\s+)?{_GOOD}|\s+(?:also\s+)?(?:help|make\s+sense|pay\s+off)\b",
    re.IGNORECASE,
)
# A judgement after the phrase in its clause: "I think hiking would be a great
# option", "looks like an affordable midscale hotel option", "seems like a good fit".
_JUDGEMENT = re.compile(
    r"(?:(?:\s+\w+){0,16}?\s+(?:(?:would|could|might|may|will)\s+)?(?:be|like|to\s+be)|"
    r"(?<=like)|(?<=be))\s+"
    r"(?:a|an|the)\s+(?:\w+\s+){0,2}?(?:good|great|decent|nice|ideal|perfect|excellent|fine|"
    r"reasonable|solid|wise|better|helpful|useful|convenient|suitable|affordable|moderate|"
    # a superlative of means: "the most effective way to find them would be to visit…"
    r"best|effective|easiest|quickest|fastest|simplest)\s+"
    r"(?:\w+\s+){0,2}?(?:option|options|choice|choices|fit|pick|bet|idea|way|ways|approach)\b",
    re.IGNORECASE,
)
# The user has not given what is missing: "since you have not provided a destination",
# "without knowing your departure city", "由于您没有提供".
# The user's own booking or situation that the agent has no record of or insight into, what
# the user has to give or a flat absence, as "I don't have your current flight information"
# (session 7): "I don't have any record of an existing flight booking for you in the system"
# (round 4's flight agent, no lookup in the row), "As an AI, I don't have insights into your
# team's specific work dynamics" (round 15). A pattern of its own: _USER_INPUT's prefilter
# holds as many literals as pays.
_USER_OWN_UNKNOWN = re.compile(
    r"\b(?:don['\u2019]t|do\s+not)\s+have\s+(?:any\s+)?(?:personal\s+|specific\s+)?"
    r"(?:records?\s+of\s+(?:[\w-]+\s+){0,5}?(?:for|under)\s+(?:you|your)|"
    r"(?:insights?|visibility)\s+(?:into|on|about)\s+your)\b",
    re.IGNORECASE,
)
# "I don't have any specific request from you": what the user has to give (session 7). A
# pattern of its own, as _USER_OWN_UNKNOWN: in _USER_INPUT it cost that pattern its prefilter.
_USER_TO_GIVE = re.compile(
    r"\b(?:requests?|information|details|answer|reply|input|confirmation)\s+from\s+"
    r"(?:you|the\s+(?:user|customer))\b",
    re.IGNORECASE,
)
_USER_INPUT = re.compile(
    r"\b(?:since|because|as|until|unless)\s+you\s+(?:have\s+not|haven't|did\s+not|didn't|"
    r"do\s+not|don't)\b|\bwithout\s+knowing\s+your\b|"
    r"\b(?:about|of)\s+(?:where|when|what|which|how)\s+(?:\w+\s+){0,2}you\b|"
    # what the user has to give, not a fact of the data: "I don't have the user's email",
    # "I couldn't find a flight number in your request"
    r"\b(?:don['\u2019]t|do\s+not|didn['\u2019]t|did\s+not)\s+(?:yet\s+)?(?:have|know)\s+"
    r"(?:the\s+(?:user|customer)['\u2019]s|your|their)\s|\bin\s+your\s+(?:last\s+|previous\s+)?(?:request|message|"
    r"question|reply|query|input)\b|"
    r"(?:您|用户)(?:还|尚|并)?(?:没有|未)(?:提供|告诉|说明|指定|给出)|"
    # the user as the subject in an agent's thought: "用户不知道具体的赛季ID", "但用户无法提供
    # 这些信息", "用户提到了2024赛季和温网，但没有提供具体的数字ID" (round 15's Chinese agent)
    r"(?:用户|用戶)(?:还|還|尚|并|並|也)?(?:不知道|不清楚|无法提供|無法提供|不能提供)|"
    r"(?:用户|用戶)[^。！？\n]{0,60}?(?:但|但是|却|卻|可是)(?:还|還|并|並)?(?:没有|沒有|未)"
    r"(?:提供|告诉|告訴|说明|說明|指定|给出|給出)|"
    # the user's request in the third person: "not mentioned for the first request",
    # "the song names they want to hear" (an agent's thought about what to ask)
    r"\b(?:in|for|from)\s+(?:the\s+user['\u2019]s|their|his|her|the)\s+(?:first\s+|second\s+|"
    r"last\s+|previous\s+|latest\s+|original\s+)?(?:request|message|query|input)\b|"
    r"\b(?:the\s+(?:user|customer)|they|he|she)\s+(?:wants?|would\s+like|wish(?:es)?)\s+to\b|"
    # "暂时不知道您的问题是否解决": what the user has to say
    r"(?:不知道|不清楚)(?:您|你)|"
    # the user as the subject: "您这边无法查到", "所以您暂时查不到的", "I understand
    # you're unable to provide that information"
    r"(?:您|你)(?:这边|那边|现在|暂时|还|也)*(?:无法|不能|没法|查不到|看不到|找不到)|"
    r"\byou(?:['\u2019]re|\s+are|\s+were)\s+(?:still\s+)?(?:unable|not\s+able)\b|"
    # the user in the third person, as an agent's thought names them (round 13's MTU-Bench
    # thoughts): "the location is not specified by the user", "the user hasn't mentioned
    # the name", "I don't have information on his residing city"
    r"\b(?:specified|mentioned|provided|given|stated|supplied)\s+by\s+the\s+(?:user|customer)\b|"
    r"\b(?:the\s+(?:user|customer)|they|he|she)\s+(?:has|have|had|did|does|do)\s*(?:not|n['\u2019]t)\s+"
    r"(?:yet\s+)?(?:specif|mention|provid|give|gave|given|say|said|state|suppl|indicat|tell|told)\w*|"
    r"\b(?:don['\u2019]t|do\s+not)\s+(?:yet\s+)?have\s+(?:any\s+|the\s+)?(?:information|info|details)\s+"
    r"(?:about|on|of)\s+(?:the\s+(?:user|customer)['\u2019]s|his|her|their)\s|"
    # what the user wants or is after, not a fact of the data: "it's unclear what kind of
    # activity they're interested in", "not enough information to determine what changes the
    # user wants to make" (what the user means still counts: "unclear what the user means")
    r"\bwh(?:at|ich)\s+(?:\w+\s+){0,6}?(?:the\s+(?:user|customer)|they|he|she)\s*"
    r"(?:wants?|needs?|would\s+like|wish(?:es)?|prefers?|intends?|is\s+(?:interested|looking|after)|"
    r"are\s+(?:interested|looking|after)|['\u2019]re\s+(?:interested|looking|after))\b|"
    # the missing input as the condition: "without your library ID, I'm unable to retrieve…",
    # "without further information I can't determine which one is needed"
    r"\bwithout\s+(?:your|their|the\s+user['\u2019]s|these|those|such|further|more|additional|"
    r"any\s+(?:further|more|specific))\b",
    re.IGNORECASE,
)
# A call's failure, narrated: "the tool call timed out", "the lookup failed", "is down".
_FAILED_CALL = re.compile(
    r"\b(?:timed?\s*out|timeout|failed|fails|errored|returned\s+an\s+error|crashed|"
    r"is\s+down|went\s+down|is\s+(?:temporarily\s+)?unavailable)\b",
    re.IGNORECASE,
)


# A sentence opened by what the agent lacks: "Without knowing the available credit on this
# card, …".
_WITHOUT_OPENING = re.compile(
    r"\s*(?:(?:however|but|so|and)\s*,?\s+)?without\s+(?:knowing|having|access\s+to|the|this|"
    r"that|these|those|your|their|its)\b[^.;:!?\n]*,",
    re.IGNORECASE,
)


def _failure_consequence(text: str, s_lo: int, c_lo: int) -> bool:
    """True when the clause at ``c_lo`` is the consequence ("so", "therefore") of a clause
    before it in its sentence that narrates the agent's call failing ("The tool call to
    list_accounts timed out, so I don't have any account IDs yet"): the sentence narrates
    the process, as "The hotel search timed out, which means I was unable to retrieve…"."""
    return (
        _INFERENCE_BEFORE.search(text, max(s_lo, c_lo - 20), c_lo) is not None
        and _FAILED_CALL.search(text, s_lo, c_lo) is not None
        and _process_before(text, s_lo, c_lo)
    )


# The sentence says the agent cannot go on: what it lacks stops its process ("Without
# knowing the origin, I cannot proceed with the booking").
#: The phrases of :data:`_UNSTATED`'s cues ("not specified", "no … mentioned").
_UNSTATED_PHRASES = frozenset(
    f"{lead} {participle}"
    for lead in ("not", "no …")
    for participle in ("mentioned", "specified", "listed", "stated")
)
# An agent's statement that no call can be made yet: "No API call can be made at this point".
_NO_CALL = re.compile(
    r"\bno\s+(?:api\s+|tool\s+|function\s+)?calls?\s+(?:can|could|will)\s+be\s+made\b|"
    r"\b(?:required|necessary|mandatory)\s+(?:parameter|argument|input)\b|"
    # "we cannot determine if we need to call an API or which one to call"
    r"\b(?:determine|decide|know)\s+(?:if|whether|which)\s+(?:\w+\s+){0,5}?(?:to\s+)?call\b",
    re.IGNORECASE,
)


# The user as the subject of not having given something: "The user hasn't mentioned the
# date", "the customer did not provide an order number".
_USER_LEFT_OUT = re.compile(
    r"\b(?:the\s+)?(?:user|customer|they)\s+(?:has|have|did|does|do)\s*(?:n['\u2019]t|\s+not)\s+"
    r"(?:yet\s+)?(?:mention|provide|specif|say|said|give|given|state|indicate|tell|told)",
    re.IGNORECASE,
)


def _user_left_out_before(text: str, s_lo: int) -> bool:
    """True when the sentence before ``s_lo`` says the user has not given something."""
    for lo, hi in _sentences_before(text, s_lo):
        return _USER_LEFT_OUT.search(text, lo, hi) is not None
    return False


def _cannot_call_next(text: str, s_hi: int) -> bool:
    """True when the sentence after the one ending at ``s_hi`` says the agent cannot go on
    or call its tool ("Therefore, I cannot call the SearchHotel API", "It is a required
    parameter to call…", "No API call can be made")."""
    m = _sentence_end(text).search(text, s_hi)
    hi = m.end() if m else len(text)
    nxt = text[s_hi:hi]
    return bool(gated_search(_CANNOT_PROCEED, nxt) or gated_search(_NO_CALL, nxt))


_CANNOT_PROCEED = re.compile(
    r"\b(?:cannot|can't|can\s+not|unable\s+to|not\s+able\s+to)\s+(?:\w+\s+)?"
    r"(?:proceed|continue|search|book|complete|start|initiate|look\s+up|call)\b|"
    r"无法(?:安全|直接|正常|有效|成功)?(?:地)?(?:继续|进行|调用|执行|构造|发起|完成)",
    re.IGNORECASE,
)


# The agent's limits named as the reason: "since it's beyond my current toolset's
# capabilities", "as an AI text-based assistant, I'm unable to provide a clickable link".
_BEYOND_ME = re.compile(
    r"\b(?:beyond|outside(?:\s+of)?)\s+(?:my|our|the)\s+(?:[\w-]+(?:['\u2019]s)?\s+){0,3}?"
    r"(?:capabilit|abilit|scope|functionalit)|\bas\s+an?\s+(?:AI\s+)?text-based\b",
    re.IGNORECASE,
)
# What the agent lacks is a power, not a fact: "I don't have the technical ability to
# apply the discount", "I do not have permission to modify prices" (a capability
# statement, GUIDELINE: "I can't book flights, my functions are limited to…").
_NO_ABILITY = re.compile(
    r"\s+(?:the\s+|any\s+)?(?:\w+\s+)?(?:ability|capability|authority|authori[sz]ation|"
    r"permission|means)\s+to\b",
    re.IGNORECASE,
)


# A value the text works out: "= 9,570", "≈ 9,570", "\\approx 9570".
_WORKED_OUT = re.compile(r"(?:[=≈]|\\approx)\s*[$€£¥]?\s*(\d+(?:[.,]\d+)*)")


def _derived(text: str, start: int, number: str) -> bool:
    """True when the approximate ``number`` is one the text itself worked out before
    ``start`` ("21,000,000 / 2,194 ≈ 9,570 ... approximately 9,570") or converts a value
    just before it ("72°F (approximately 22°C)")."""
    key = _number_key(number)
    for m in _WORKED_OUT.finditer(text, 0, start):
        if _number_key(m.group(1)) == key:
            return True
    return (
        re.search(r"\d\s*(?:°\s*[CF]|[a-zA-Z%]{1,4})?\s*\(\s*$", text[max(0, start - 12) : start])
        is not None
    )


def _estimates(
    text: str, lowered: str, found: list[HedgeMatch], latest_result: str | None, window: int
) -> list[tuple[HedgeMatch, str]]:
    """Approximate numbers not already inside a lexicon match, each with ``"estimate_held"``
    when the result holds the number (the rules drop it), else ``""`` (``lowered``: the
    text in lower case)."""
    exact = len(lowered) == len(text) and (text.isascii() or not _FOLDS_TO_ASCII.search(text))
    found_starts = [h.start for h in found]
    out = []
    for m in gated_finditer(_ESTIMATE_LOWER, lowered) if exact else gated_finditer(_ESTIMATE, text):
        start, end = m.span()
        # the lexicon's matches are in order and do not overlap: only the last one
        # starting at or before the number can hold it
        at = bisect.bisect_right(found_starts, start) - 1
        if at >= 0 and start < found[at].end:
            continue
        said = text[start:end]  # the text's own case
        # a numeral in characters ("约一周") has no digits: nothing a result could hold
        number = _NUMBER.search(text, end - 1) if said[-1:].isdigit() else None
        held = (number is not None and _held(number.group(), latest_result)) or _clock_held(
            text, number.start() if number else end, latest_result
        )
        lead = _ZH_APPROXIMATOR.match(said)
        word = lead.group() if lead else said.rstrip("0123456789$€£¥￥ ").strip() or "~"
        word = _ARTICLE_AFTER.sub("", word)  # "about a 2-hour drive": the word is "about"
        lang = "zh" if _CJK.search(word) else "en"
        match = HedgeMatch(word, lang, start, end, said, context(text, start, end, window))
        out.append((match, "estimate_held" if held else ""))
    return out


# A "missing" phrase in a condition states no missing fact: "If the option is unavailable,
# contact...", "this route applies when the link is not available".
# "if" after a verb of finding out opens an embedded question, not a condition: "There might be
# limitations, so it's best to compare the features to see if it meets your needs" (round 27's
# value asked left open, session 20) is no hypothetical (round 5e).
_ASKS_IF = re.compile(
    r"\b(?:see|check|know|ask|wonder|determine|find\s+out|verify)\s+$", re.IGNORECASE
)
# A Chinese condition clause right before the cue's clause ("如果在6.1–8.0之间，"), read from the
# last clause mark before it.
# mk38zh (made-up, session 34): a condition clause right before the cue's clause, from the
# sentence's start or a line's ("\n\n如果箱子称重在25kg左右，…"), where _ZH_CONSEQUENT looks for a
# stop before it.
_MK38ZH_IF_CLAUSE = re.compile(r"(?:如果|假如|要是|倘若|若是|如若)[^，,；;—。！？!?\n]*[，,]\s*$")
_ZH_CONSEQUENT = re.compile(
    # (the sentence's own start too: "需要我也看看吗？如果还没发货的话，也许还能改地址")
    r"(?:^|[，,；;—：:。？！?!])\s*(?:如果|假如|要是|倘若|若是|如若)[^，,；;—。！？]*[，,]\s*$"
)
_CONDITION = re.compile(
    r"\b(?:if|unless|when|whenever|in\s+case)\b|如果|假如|要是|倘若|若是|如若", re.IGNORECASE
)
# A condition on the user's own values, the cue inside it ("If your essential expenses are
# about $1,500/month", "if you spend around $200"): the agent supposes a value, as an example.
# "unless UCSF identifies a separate charge" or "If there is no progress after roughly one
# day" state no value of the user's.
# What the user cannot do or runs into, with its cause after it: "be able to apply a feature
# code because …", "encounter errors due to various reasons".
_YOUR_PROBLEM_CAUSE = re.compile(
    r"\s+(?:be\s+able\s+to\s+[^.!?\n]{1,80}?|(?:encounter|see|get|receive|run\s+into|experience)"
    r"\s+(?:an?\s+|this\s+|these\s+|the\s+|some\s+)?(?:\w+\s+)?(?:errors?|issues?|problems?|"
    r"messages?)\s+)(?:because|due\s+to|for\s+(?:the\s+following|several|various|a\s+few|some|"
    r"one\s+of)\b)",
    re.IGNORECASE,
)
_USER_IF = re.compile(r"\bif\s+(?:you|your)\b[^,;:.!?\n]*$", re.IGNORECASE)
# A sum the message shows before an approximate value: "= ~$150/month", "≈ 6 months".
_SHOWN_SUM = re.compile(r"(?:=|≈|→|->)\s*$")
# A sentence that instructs the user: an imperative verb of a money, travel or how-to step
# opening it, after a bullet, a number or a bold or plain label ("- Buffer rule: keep …",
# "Please arrive …").
_INSTRUCTION = re.compile(
    r"[\s,]*(?:[-*\u2022]\s+|\d+[.)]\s+)?(?:\*\*[^*\n]{1,40}\*\*:?\s*|[A-Z][\w'\u2019 -]{0,30}:\s+)?"
    r"(?:please\s+)?(?:keep|set|automate|aim|save|put|move|transfer|prioriti[sz]e|budget|allocate|"
    r"target|start|build|pay|cut|reduce|arrive|bring|allow|plan|add|limit|cap|spend|contribute|"
    r"deposit|withdraw|invest|skip)\b",
    re.IGNORECASE,
)
# A condition on what the user expected or thought ("If you were expecting $3,200, there
# may be a delay in the update": round 19's banking agent): the guess after it is about
# this account, session 18's rulings, no hypothetical on the data.
_EXPECTED = re.compile(
    r"\s+you(?:['\u2019]re|\s+are|\s+were)?\s+(?:expecting|expected|thought|hoping|hoped)\b",
    re.IGNORECASE,
)
# The "missing" phrases that say something is not available.
_AVAILABILITY = re.compile(r"(?:not\s+|un|no\s+longer\s+)available", re.IGNORECASE)
# What an item is not available for: being shipped, bought or picked up ("not available for
# delivery in Greece", "unavailable for shipping to your area"), the item's status.
_FOR_DELIVERY = re.compile(
    r"\s+(?:for\s+(?:delivery|shipping|shipment|purchase|sale|pick-?up|order(?:ing)?)|"
    r"to\s+(?:ship|order|buy|purchase|deliver)|in\s+(?:stock|your\s+(?:size|area|region|country)))\b",
    re.IGNORECASE,
)
# A shop's or a desk's flat absence, not information the agent lacks: "I don't have anything
# matching that description", "Sorry, I don't have more", "I don't have any rooms left"
# (round 10's ruling: ungrounded claims, not hedges); "I don't have any information on the
# museum" stays missing information.
_HAVE_NOT = re.compile(r"I\s+(?:don['\u2019]t|do\s+not)\s+have", re.IGNORECASE)
_STOCK = re.compile(
    r"\s+(?:anything|nothing|more|any\s+more|any\s+others?|any\s+other\s+\w+|"
    r"any\s+(?:\w+\s+){1,3}?(?:available|in\s+stock|left))\b"
    r"(?![^.!?\n]*\b(?:information|info|details?|data|records?)\b)",
    re.IGNORECASE,
)
# A thing the user would use or get as the subject of "is unavailable": its status, a
# fact the records give ("the Open a case option is therefore unavailable", "access is
# unavailable in the app"), not information the agent lacks ("the status is not available").
_THING_SUBJECT = re.compile(
    r"\b(?:options?|buttons?|links?|access|features?|services?|methods?|routes?|channels?|"
    r"forms?|flows?|portals?|uploads?|downloads?|cancellation|self-service|intercept|"
    r"redelivery|seats?|slots?|appointments?|rooms?|tickets?|tables?)\b\W*(?:\w+\W+){0,3}?"
    r"(?:is|are|was|were|remains?|becomes?)\s+(?:(?:therefore|still|also|currently|now|"
    r"thus)\s+)*$",
    re.IGNORECASE,
)
# A place that does not offer a service: "而北京贵都大酒店没有提供该服务" (round 13's hotel
# assistant comparing facilities): a fact of the place, not information the agent lacks.
_NOT_OFFERED = frozenset({"没有提供", "沒有提供", "不提供"})
_OFFERED_THING = re.compile(
    r"(?:该|該|这项|這項|此|这个|這個|这种|這種|此项|此項)?(?:服务|服務|设施|設施)"
)
# A field read back from a record, alone on its line: "- **Aid status:** Not available".
_FIELD_LABEL = re.compile(r"\s*(?:[-*•]|\d+\.)?\s*\**[^:\n*]{1,40}:\**\s*\**\s*")
_FIELD_REST = re.compile(r"[\s*.]*")


def _field_value(text: str, start: int, end: int) -> bool:
    """True when the phrase at ``[start, end)`` is the whole value of a "label: value"
    line: a record's field read back, not the agent saying it lacks a fact."""
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", end)
    hi = len(text) if hi < 0 else hi
    return (
        _FIELD_LABEL.fullmatch(text, lo, start) is not None
        and _FIELD_REST.fullmatch(text, end, hi) is not None
    )


# A field the result holds with no value: "max_supply": null, "phone": "", "tags": [].
_EMPTY_FIELD = re.compile(
    r"""["']([^"'\n]{1,40})["']\s*:\s*(?:null|none|""|''|\[\s*\]|\{\s*\}|"(?:n/?a|none|unknown)")""",
    re.IGNORECASE,
)
_NOT_ALNUM = re.compile(r"[^a-z0-9]")


def _null_field(text: str, start: int, result: str | None) -> bool:
    """True when the cue at ``start`` is on a "label: value" line whose label names a field
    the result holds empty ("- Max Supply: It is not specified" after ``"max_supply":
    null``): the agent reads the field back, as "Aid status: Not available"."""
    if not result:
        return False
    lo = text.rfind("\n", 0, start) + 1
    label = _ITEM_LABEL.match(text, lo, start)
    if label is None:
        return False
    name = _NOT_ALNUM.sub("", text[lo : label.end()].lower())
    return any(
        _NOT_ALNUM.sub("", m.group(1).lower()) == name for m in gated_finditer(_EMPTY_FIELD, result)
    )


# A modal whose predicate is what an organisation, a policy or its process may do: a
# paraphrase of policy, not a guess about this case ("NSC may charge a verification fee",
# "the bag may be X-rayed", "Expedited reviews may be decided within 72 hours"). "There
# might be a fare difference" (a fact of this booking) is no such predicate.
_POLICY_MODAL = re.compile(
    r"可能(?:会)?(?:不能|无法|無法)保证|"  # "可能不能保证每位客户都赠送": the promotion's rule
    r"可能(?:会|會)?(?:包括|包含)|"  # "治疗方法可能包括…", as "may include"
    r"(?:may|might|could|can)(?:\s+(?:also|still|not|only|generally|normally|then))*\s+(?:"
    r"offer|charge|bill|request|require|ask|contact|decide|review|inspect|screen|deny|refuse|"
    r"approve|reject|waive|guarantee|include|affect|take\s+(?:up\s+to|several|a\s+few|about|"
    r"around|\d|a\s+(?:moment|while|bit|little\s+while)|some\s+time|longer)|be\s+(?:x-rayed|searched|inspected|screened|decided|reviewed|charged|billed|"
    r"required|requested|contacted|coordinated|adjusted|denied|refused|approved|rejected|waived|"
    r"turned\s+away))\b",
    re.IGNORECASE,
)
# Any or each extra unit of a kind ("any additional bags", "each extra night") and what it
# costs ("may cost $50 each", "may be charged").
_EXTRA_UNIT_BEFORE = re.compile(
    r"\b(?:any|each|every)\s+(?:additional|extra|further)\s+[a-z]+\s*$", re.IGNORECASE
)
_COSTS_AFTER = re.compile(r"\s+(?:cost|incur|be\s+charged)\b", re.IGNORECASE)
# A charge the rules add ("fees", "the fare difference", "restrictions") and "apply" after it;
# one charge of this case ("and a restocking fee may apply" after "Your order was refunded")
# is a guess.
_FEE_BEFORE = re.compile(
    r"\b(?:fees|charges|surcharges|restrictions|penalties|taxes|the\s+(?:fare|price)\s+difference)"
    r"\s*$",
    re.IGNORECASE,
)
_APPLIES_AFTER = re.compile(r"\s+(?:also\s+)?apply\b", re.IGNORECASE)
# A concession after a comma: what follows is a clause of its own (", though the new flight…").
_CONCESSION_AFTER_COMMA = re.compile(r"[,;]\s*(?:even\s+)?(?:though|although)\b", re.IGNORECASE)
# An approximation word before a wh-word asks for an estimate, it gives none: "how long
# each episode is likely to last, approximately how many hours", "tell me roughly when".
_APPROXIMATE_QUESTION = re.compile(r"\s+(?:how|when|what|which|where)\b", re.IGNORECASE)
# "could" in a clause of time or purpose is the past of "can": "the assessment changed
# before payment could be made", "so that the refund could be issued".
_TEMPORAL_MODAL = re.compile(r"could(?:\s+(?:not\s+)?be)?$", re.IGNORECASE)
_TIME_CLAUSE = re.compile(
    r"\b(?:before|until|till|so\s+that|in\s+order\s+that)\s+(?:[\w-]+\s+){1,4}$", re.IGNORECASE
)
# A processing time stated with a hedge, "可能需要3-5天", "大概2小时内就可以": how long such a
# request takes, as "may take up to 3 days" (above) is. A number may be anonymised ("[数字x]").
_ZH_NUMBER = r"(?:\d+|\[[^\]\s]{1,8}\]|[一二三四五六七八九十两几半]+)"
_ZH_SPAN = rf"{_ZH_NUMBER}(?:\s*[-~到至]\s*{_ZH_NUMBER})?\s*个?(?:工作日|天|小时|小時|分钟|分鐘|周)"
# "可能需要3-5天", "2小时内", and a delay by a span: "信用卡可能延迟3-5个工作日" (round 8's ruling)
_PROCESS_TIME = re.compile(
    rf"\s*(?:(?:需要|需|要|延迟|延後|延后|推迟|推遲)\s*{_ZH_SPAN}|{_ZH_SPAN}\s*(?:之内|以内|内|內))"
)
# A processing time after "should arrive / receive": "Refunds should arrive within 5-7
# business days", "You should receive it in 3 to 5 working days" state how long such a step
# takes (policy, as "可能需要3-5天"); "should arrive by early next week", "within this week"
# estimate when this order comes (round 12), and "shortly" says no span.
# The user's input as the cause, after "you may / might / could": "(You may) have mistyped it",
# "have entered the wrong code", "have used a different email".
_INPUT_CAUSE = re.compile(
    r"\s+(?:already\s+)?have\s+(?:mis(?:typed|spelled|spelt|entered|read|remembered)"
    r"|entered|typed|used|given|provided|selected|chosen|picked)\b",
    re.IGNORECASE,
)
# mk35 (made-up, session 33): a perfect modal on a piece of what the user typed ("may have
# mixed up a character", "might have swapped two digits", "could have dropped a letter of the
# code"): the user's input put forward as the cause (session 24's ruling), whatever the verb.
_INPUT_PIECE_CAUSE = re.compile(
    r"\s+(?:already\s+)?have\s+[a-z]+(?:ed|en|t)(?:\s+(?:up|out|in))?\s+(?:a|an|the|one|two|some|a\s+few)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:characters?|digits?|letters?|numbers?|symbols?)\b",
    re.IGNORECASE,
)
# What the agent's own act sends the user: "(You should receive) a confirmation email / an
# e-mail with the return instructions / a text".
_NOTICE_SENT = re.compile(
    r"\s+(?:an?\s+|the\s+|your\s+)?(?:\w+\s+)?(?:confirmation|e-?mails?|texts?|sms|messages?"
    r"|notifications?|receipts?|links?)\b",
    re.IGNORECASE,
)
# The user's parcel as the subject of "should arrive …" in its sentence.
_PARCEL_SUBJECT = re.compile(
    r"\b(?:package|parcel|shipment|order|delivery|items?|replacement)\b(?![^.;!?]*\brefund)"
    r"[^.;!?]*$",
    re.IGNORECASE,
)
_EN_PROCESS_TIME = re.compile(
    r"(?:\s+[\w'-]+){0,5}?\s+(?:with)?in\s+(?:the\s+next\s+|about\s+|around\s+|up\s+to\s+)?"
    r"(?:\d+|a\s+few|one|two|three|four|five|six|seven|ten|several)"
    r"(?:\s*(?:-|–|to)\s*(?:\d+|two|three|four|five|six|seven|ten))?\s+"
    r"(?:business\s+|working\s+|calendar\s+)?(?:days?|weeks?|hours?)\b",
    re.IGNORECASE,
)
#: When the parcel comes, said with "should" (the lexicon's guesses): read back when the
#: result holds the date (:func:`_values_held`).
_ARRIVAL = frozenset(
    {
        "should arrive",
        "should be delivered",
        "should reach you",
        "should get to you",
        "should receive",
        # mk38 (made-up, session 34): a refund's arrival, read back when the result holds it
        "should show up",
        "should appear on",
        "should post to",
        "should be credited",
        # mk39 (made-up, session 34): the same arrivals in other words
        "should see the money",
        "should see the refund",
        "should see the credit",
        "should go out",
    }
)


def _values_held(text: str, start: int, end: int, result: str | None) -> bool:
    """True when ``text[start:end]`` states numbers (a date's day, a time) and the result
    holds every one of them, in any spelling :func:`fact_words` reads."""
    if not result:
        return False
    said = {w for w in fact_words(text[start:end]) if w.isdigit()}
    return bool(said) and said <= fact_words(result)


# Whether an action can be carried out, stated with a hedge: "修改地址…可能无法修改成功", "可能
# 取消不了" (GUIDELINE r6: "我这边取不掉 / 没有办法调" about an action is a capability statement).
_ZH_CAPABILITY = re.compile(
    r"(?:会)?(?:无法|無法|不能|没法|没办法)(?:修改|更改|取消|拦截|办理|处理|操作|退款|退货|换货|调整)|"
    r"(?:会)?(?:修改|更改|取消|拦截|办理|处理|操作|退款|退货|换货|调整)不(?:了|成功)|"
    # after "不一定"/"可能": "不一定能修改成功的哦" (the JD.com staff), whether it can be done
    r"(?:能|可以)(?:修改|更改|取消|拦截|办理|处理|操作|退款|退货|换货|调整)"
)
# An apology's formula, its modal no guess: "we're sorry for any inconvenience it may have
# caused", "apologies for any confusion this might have caused".
_APOLOGY_FORMULA = re.compile(
    r"\b(?:inconvenience|trouble|confusion|frustration|delay|disruption)s?\s+"
    r"(?:this|that|it|which|these|they)\s+$",
    re.IGNORECASE,
)
# Sympathy opening a sentence ("I understand", "I'm sorry to hear that") and how the user
# may feel after the cue ("… may be frustrating", "… might not have met your expectations").
_EMPATHY_OPENER = re.compile(
    r"\bI\s+(?:completely\s+|totally\s+|fully\s+)?(?:understand|realize|know|can\s+see|can\s+imagine)\b|"
    r"\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:so\s+|very\s+|really\s+|truly\s+)?sorry\b|"
    r"\bI\s+(?:sincerely\s+)?apologi[sz]e\b",
    re.IGNORECASE,
)
_FEELING = re.compile(
    r"\s*(?:be\s+|have\s+been\s+|feel\s+|seem\s+)?(?:very\s+|really\s+|quite\s+|so\s+|"
    r"a\s+(?:bit|little)\s+)?(?:frustrating|disappointing|stressful|upsetting|confusing|"
    r"annoying|worrying|concerning|inconvenient|overwhelming)\b|"
    r"\s*(?:not\s+)?(?:have\s+)?(?:met|meet|lived\s+up\s+to|live\s+up\s+to)\s+your\s+"
    r"expectations\b",
    re.IGNORECASE,
)
# What the staff should do, said as a courtesy: "这都是我应该做的", "不客气，应该的".
_DUTY = re.compile(r"(?:应该|應該)做?的(?![\u4e00-\u9fff])|(?:应该|應該)做?的(?=[哈呢哦啦呀吧])")
# "缺乏" and "缺少" say the agent lacks a fact when they open their clause or follow the
# agent or a word of the moment ("缺少这场比赛的比分", "当前缺乏…", "在缺乏 ID 值的情况下"),
# or when information is what is lacking ("缺乏这些关键信息"); after a thing or a person
# they say what it lacks ("陈旧的比喻可能显得懒惰和缺乏灵感", "体内缺乏一种酶", "心情低落、
# 缺乏兴趣").
_LACK = frozenset({"缺乏", "缺少"})
_INFORMATION = re.compile(
    r"信息|資訊|资料|資料|数据|數據|详情|詳情|细节|細節|记录|記錄|依据|依據|ID|值|参数|參數|"
    r"上下文|输入|輸入|证据|證據",
    re.IGNORECASE,
)
_LACKER = re.compile(
    r"(?:^|当前|當前|目前|现在|現在|暂时|暫時|因此|所以|由于|由於|在|我|我们|我們|这边|這邊|还|還|仍|"
    r"仍然|但|而|且|也|都|则|則)\s*$"
)


def _thing_lacks(text: str, lo: int, start: int, end: int, hi: int) -> bool:
    """True when 缺乏 or 缺少 at ``[start, end)`` says what a thing or a person lacks, not
    a fact the agent lacks (see ``_LACK``)."""
    if _INFORMATION.search(text, end, min(hi, end + 16)):
        return False
    return _LACKER.search(text[lo:start].strip(" ，,")) is None


# 考虑 as a doctor's tentative diagnosis ("首先考虑气管炎", "考虑是急性咽炎", round 8b) and
# as advice to consider an act ("建议可以考虑做个肺部CT", "您可以考虑去周庄古镇") or a plan
# ("并考虑预算"): the advice has a modal, an adviser or the user before it, or an act or
# "考虑到" (considering that) after it; "不考虑" rules out, unless for now ("暂时不考虑").
_CONSIDER = frozenset({"考虑", "考慮"})
_CONSIDER_BEFORE = re.compile(
    r"(?:建议|建議|可以|可|需要|需|要|会|會|应|應|应该|應該|请|請|再|得|不妨|还|還|也|并|並|综合|綜合|"
    r"您|你|我们|我們|我|医生|醫生)\s*(?:先|再|也|一起)?\s*$"
)
_CONSIDER_AFTER = re.compile(
    r"(?:到|一下|下|使用|用|做|去|到|进行|進行|服用|吃|换|換|转|轉|是否|其他|其它|选择|選擇|"
    r"购买|購買|买|買|预算|預算|手术|手術|住院|加用|口服|就医|就醫)"
)
# A cause after 考虑, even after "需要" or with "是否": "需要考虑是不是由于过度进食引起的" (round 18's
# CMtMedQA assistant) names a tentative cause of this case, as "考虑是急性咽炎" names a diagnosis.
_CONSIDER_CAUSE = re.compile(
    r"(?:是不是|是否|有没有|有沒有)?(?:由于|由於|由|因为|因為)[^，,。；;？?！!]{1,20}?"
    r"(?:引起|导致|導致|造成|所致)"
)
_RULED_OUT = re.compile(r"不\s*$")
_FOR_NOW = re.compile(r"(?:暂时|暫時|暂|暫|目前|现在|現在)\s*不\s*$")


# What a diagnosis with 考虑 names: a copula ("考虑是", "考虑为", "考虑还是") or, within its
# clause, a condition, a cause or a likelihood ("考虑气管炎", "考虑躯体化障碍", "考虑肝郁等
# 有关", "考虑普通感冒可能性大"); "考虑个人选择", "综合考虑病人的具体情况" name none.
_DIAGNOSIS = re.compile(
    r"\s*(?:是|为|為|还是|還是)|[^，,。；;：:\n]{0,20}?(?:炎|感染|病(?![人情史例历歷])|症|障碍|障礙|感冒|过敏|過敏|肿瘤|"
    r"腫瘤|癌|结石|結石|出血|骨折|损伤|損傷|溃疡|潰瘍|反流|有关|有關|引起|导致|導致|所致|可能性|"
    # a function found wanting: "考虑心脏泵血功能不好，脑供血不足" (round 16's cardiologist)
    r"不好|不足|不全|异常|異常|降低|减退|減退|缺血|失常|紊乱|紊亂)"
)


def _consider_advice(text: str, lo: int, start: int, end: int, hi: int) -> bool:
    """True when 考虑 at ``[start, end)`` (its clause ``[lo, hi)``) advises or plans rather
    than names a tentative diagnosis."""
    if _CONSIDER_CAUSE.match(text, end, hi):
        return False  # "首先需要考虑是不是由于过度进食引起的": a tentative cause (session 9)
    if _CONSIDER_BEFORE.search(text, lo, start) or _CONSIDER_AFTER.match(text, end, hi):
        return True
    if not _DIAGNOSIS.match(text, end, hi):
        return True
    # "不考虑新冠" after a reading is flat; "暂时不考虑" is tentative (round 8b)
    return bool(_RULED_OUT.search(text, lo, start)) and not _FOR_NOW.search(text, lo, start)


# The attributive "可能的" before a noun names candidates ("可能的原因", "以下是一些可能的
# 检查", "排除其他可能的病因"): the claim, if any, is in what they are said to be; "可能的话"
# (if possible) is a condition.
_POSSIBLE_NOUN = re.compile(
    # also a relative clause: "处理可能存在的问题", "病人可能存在的其他疾病"
    r"可能(?:存在|出现|出現|发生|發生|产生|產生|采取|採取|遇到|面临|面臨)?的(?=[\u4e00-\u9fff])|"
    # the same without 的, candidates listed: "可能来源假设包括化石燃料的燃烧产物", "可能原因有"
    r"可能(?=(?:来源|來源|原因|因素)(?:假设|假設)?(?:包括|有))|"
    # 假设 as the noun a list follows: "来源假设包括…" (hypotheses), not "I assume"
    r"(?:假设|假設)(?=包括)"
)
# Another party as the subject right before the modal: what a doctor or a pharmacist may
# do ("医生可能会建议使用…", "your MD may recommend starting antibiotics"), as what an
# organisation may do (_POLICY_MODAL) is policy, not a guess about this case.
#: Cues besides the frequency modals that another party's act can carry: 应该 and the
#: tentative diagnoses ("医生可以初步判断出导致…的原因": the doctor's step, no guess).
_OTHER_PARTY_CUES = frozenset(
    {
        "倾向于",
        "傾向於",
        "应该",
        "應該",
        "初步判断",
        "初步判斷",
        "初步确定",
        "初步確定",
        "初步诊断为",
        "初步診斷為",
    }
)
_OTHER_PARTY = re.compile(
    # "医生可以初步判断出原因": what the doctor can judge, another party's step (session 17)
    r"(?:医生|醫生|医师|醫師|大夫|药剂师|藥劑師|药师|藥師|专家|專家|法律|法院|法官|法庭)"
    r"(?:还|還|也|则|則|通常|一般)?"
    r"(?:可以|能|会|會|将|將)?\s*$|"
    r"\b(?:your|the|a|his|her|their)\s+(?:\w+\s+)?(?:doctors?|physicians?|MDs?|GPs?|pharmacists?|"
    r"providers?|dentists?|specialists?|pediatricians?|paediatricians?|nurses?|vets?|"
    r"veterinarians?|"
    # a court, a lender, a bank… ("The court may order spousal support": round 19's MTRAG
    # answers), what another party may do, as "NSC may charge a fee"
    # (an airline's acts on this booking stay guesses: "The airline may change the gate")
    r"courts?|judges?|lenders?|banks?|insurers?|landlords?|employers?)"
    r"\s+(?:also\s+|then\s+)?$",
    re.IGNORECASE,
)
# Chinese support agents (mk35zh, made-up runs of session 33): how a place's weather goes
# ("三亚那几天天气应该挺热的", as round 33's climates), what the act just offered or done will
# bring ("开通后应该就能上网了", as "you should receive a confirmation") and what another party
# may be able to do, in an option ("联系快递，快递那边也许可以协助转寄").
_ZH_CLIMATE_BEFORE = re.compile(r"(?:天气|天氣|气温|氣溫)(?:会|會|也|还|還)?$")
_ZH_AFTER_ACT = re.compile(
    r"(?:开通|開通|办理|辦理|重启|重啟|设置|設置|修改|更新|充值|激活|启用|啟用|恢复|恢復|解除|重置|"
    r"绑定|綁定|安装|安裝)(?:成功)?(?:之后|之後|以后|以後|后|後)[，,]?\s*$"
)
_ZH_OTHER_SIDE = re.compile(
    r"(?:快递|快遞|物流|航空公司|银行|銀行|商家|柜台|櫃檯|营业厅|營業廳|人工客服|人工)(?:那边|那邊|方面)?"
    r"(?:也|还|還)?$"
)
_ZH_MAY_ABLE = re.compile(r"(?:也许|也許|或许|或許|可能)(?:也|还|還)?(?:可以|能够|能夠|能)")
# mk38zh (made-up, session 34): the act reported done in the sentence before ("开启成功了。",
# "已为您开通。") and 应该就 before what it will now bring ("现在…应该就不会断了"): the effect of
# the act just done, as _ZH_AFTER_ACT's "开通后应该就能…" (session 29's step's outcome), not a
# guess about the case.
_ZH_DONE_BEFORE = re.compile(
    r"(?:成功|完成|生效|搞定)了?[。！!]\s*$|已(?:经|經)?(?:为您|為您|帮您|幫您)?"
    r"(?:开通|開通|开启|開啟|办理|辦理|设置|設置|恢复|恢復|重置|激活)(?:成功|好)?了?[。！!]\s*$"
)
_ZH_EFFECT_NEXT = re.compile(r"就(?:能|可以|会|會|不会|不會|不再)")


def _zh_service_reading(text: str, h: HedgeMatch, c_lo: int) -> str:
    """The rule that drops a Chinese support agent's cue ``h`` (:data:`_ZH_CLIMATE_BEFORE`,
    :data:`_ZH_AFTER_ACT`, :data:`_ZH_OTHER_SIDE`), or ``""``."""
    if h.match in _ZH_MODALS and _ZH_CLIMATE_BEFORE.search(text, c_lo, h.start):
        return "general"
    if h.match in ("应该", "應該") and _ZH_AFTER_ACT.search(text, c_lo, h.start):
        return "step"
    if (
        h.match in ("应该", "應該")
        and _ZH_EFFECT_NEXT.match(text, h.end)
        and _ZH_DONE_BEFORE.search(text, max(0, c_lo - 40), c_lo)
    ):
        return "step"  # mk38zh: "开启成功了。现在…应该就不会断了", the act done's effect
    if _ZH_MAY_ABLE.match(text, h.start) and _ZH_OTHER_SIDE.search(text, c_lo, h.start):
        return "other_party"
    return ""


# A step of care the patient may need, said with 可能 ("可能需要进行以下检查", "可能还需要
# 使用抗生素"): advice on what to do, as "you may need to" is, not a guess about a fact.
_CARE_STEP = re.compile(
    # (not the fare difference a change brings: "改签可能需要补差价" guesses this booking's
    # fare, as "there might be a fare difference" does; "维修可能需要付费" stays the policy's fee)
    r"可能(?:还|還|也)?(?:会|會)?(?:只)?需要(?!补差|補差)|"
    # "腺样体肥大并不一定都需要做手术": whether such a case needs a step of care
    r"(?:不一定|未必)(?:都)?(?:需要|要做)|"
    # what the care may involve: "可能会进行淋巴结活检", "还可能使用α受体阻滞剂", "也可能被用来…"
    r"可能(?:还|還|也)?(?:会|會)?(?:被)?(?:进行|進行|使用|采用|採用|给予|給予|开具|開具|"
    r"建议|建議|要求|用于|用於|用来|用來)[^，,。；;\n]{0,12}?(?:检查|檢查|治疗|治療|药|藥|剂|劑|手术|"
    r"手術|活检|活檢|疗法|療法|注射|片|CT|超声|超聲|抗生素|调整|調整|炎症|症状|症狀)"
)
# (the second part names a step of care after the verb: "可能会使用顺丰发货" is no such step)
# That a claim need not hold for all: "这些原因…不一定反映了所有人的看法", a caveat of the
# general case.
_NOT_FOR_ALL = re.compile(
    r"(?:不一定|未必)[^，,。；;\n]{0,8}?(?:所有|每个|每個|全部|每一|一切|人人)"
)
# Side effects and risks of a treatment or a drug ("这些药物可能有一些副作用", "仍可能存在
# 出血的风险"): what such a thing may bring, knowledge of the kind, not this case.
_SIDE_EFFECT = re.compile(
    r"可能(?:还|還|也)?(?:会|會)?(?:有|存在|出现|出現|产生|產生|发生|發生|引起|带来|帶來)"
    r"[^，,。；;\n]{0,12}?(?:副作用|风险|風險|不良反应|不良反應|并发症|併發症|过敏反应|過敏反應)|"
    # a drug's interactions: "鱼肝油可能与某些药物相互作用"
    r"可能(?:还|還|也)?(?:会|會)?与[^，,。；;\n]{1,12}?(?:发生|發生)?相互作用"
)
# A quantified or generic group as the subject ("有些人可能会…", "部分患者可能…", "某些抗生素
# 可能需要处方"): a rule for a kind of person or thing, as a bare plural is in English.
_GENERIC_GROUP = re.compile(
    r"(?:有些|某些|一些|部分|个别|個別|少数|少數|多数|多數|大多数|大多數|有的|任何)"
    r"[\u4e00-\u9fff]{0,8}?(?:还|還|也|仍|则|則)?\s*$"
)
# A kind named by a threshold at the sentence's opening ("小于5毫米的室缺，没有症状，有自愈的可能",
# "超过60岁的患者…": round 16's cardiologists): what such cases do, the general case; the
# case's own value with 的话 ("缺损没有超过8mm的话") is a condition, read as one.
_THRESHOLD_KIND = re.compile(
    r"\s*(?:对于|對於)?(?:小于|小於|大于|大於|超过|超過|低于|低於|高于|高於|不到|不超过|不超過|少于|少於|"
    r"多于|多於)\s*\d+(?:\.\d+)?\s*[^，,。；;的\d]{0,6}的[\u4e00-\u9fff]"
)
_ZH_EXAMPLE_OPENING = re.compile(
    r"\s*(?:例如|比如|譬如|举例来说|舉例來說|举个例子|舉個例子)\s*[，,]"
)
# The same group of people after the cue ("这可能会对一些人造成不适感"). Not "一些患者" nor
# "由多种原因引起": round 9 labels "高血压降压仪可能对一些患者有所帮助" and "尿频尿急可能是由
# 多种原因引起的" guesses about the user's case.
_GROUP_AFTER = re.compile(r"[^，,。；;\n]{0,4}?(?:对|對)?(?:有些|某些|一些|部分|个别|個別|有的)人")
# The course of a treatment as the setting ("手术后可能会出现…", "在治疗期间，可能会感到…"):
# what happens after such a treatment in general.
_TREATMENT_COURSE = re.compile(
    r"(?:术后|術後|手术后|手術後|治疗期间|治療期間|治疗后|治療後|服药后|服藥後|用药后|用藥後|"
    r"使用后|使用後|服用后|服用後)"
)
# A disease, a drug or a treatment as the clause's subject, right before the cue: a kind of
# thing, not this patient's case (which names the patient: 你的, 您).
_KIND_NOUN_SUBJECT = re.compile(
    # "药" alone too ("中药或西药都可能会…", round 20): a drug named as a kind
    r"(?:炎|病|症|疗法|療法|药物|藥物|药|藥|疗程|療程|手术|手術)(?:的(?:治疗|治療)?(?:效果|时间|時間|风险|風險))?"
    r"(?:[,，]?\s*(?:它|其|也|还|還|则|則|仍|都|往往|有时|有時))*\s*$"
)
# This patient named in the clause: "这个病可能是遗传的", "孩子的心肌炎可能还没好" guess about the case.
_THIS_CASE = re.compile(r"这个|這個|孩子|宝宝|寶寶|患者本人|他的|她的|老人")
# A frequency word before the cue in its sentence ("一般情况下，…治疗一周左右", "usually …
# infection may present with MRSA"): how such things usually go, the `general` case.
_FREQUENCY_BEFORE = re.compile(
    # "Sometimes, a specialized fertilizer can give … a boost that a general-purpose one might
    # not provide": how such things go, not this case
    r"\b(?:usually|generally|typically|normally|commonly|in\s+most\s+cases|sometimes)\b|"
    r"一般|通常|往往|常常|大多|多数情况|多數情況",
    re.IGNORECASE,
)
# A span of time a procedure takes, approximated ("心电图：约10到20分钟", "通常需要约30分钟",
# "一般情况下…治疗一周左右", "大约需要6个月到一年的时间"): the usual duration of a test or a
# treatment, as a processing time is (round 9's ruling), when a frequency word or a label
# comes before it or 需要 governs it; "这个包裹大概七天左右才到货" (this order) stays a guess.
_ZH_DURATION = rf"{_ZH_NUMBER}(?:\s*[-~到至]\s*{_ZH_NUMBER})?\s*个?(?:工作日|天|小时|小時|分钟|分鐘|周|星期|月|年)"
_DURATION_AFTER = re.compile(rf"\s*(?:需要|需)?\s*{_ZH_DURATION}")
_DURATION_BEFORE = re.compile(rf"{_ZH_DURATION}\s*$")
# A treatment given as a number of visits or sessions sets it too ("根管治疗得去两三次，大约半月
# 左右": round 17's dentist).
_DURATION_SETTING = re.compile(
    rf"(?:一般|通常|往往|需要|需|[：:]|{_ZH_NUMBER}次)[^。；;\n]{{0,30}}$"
)
_DURATION_CUES = frozenset({"约", "約", "大约", "大約", "左右"})


def _usual_duration(text: str, s_lo: int, start: int, end: int, hi: int, match: str) -> bool:
    """True when the approximation at ``[start, end)`` gives the usual duration of a test
    or a treatment (see ``_DURATION_AFTER``)."""
    word = match.rstrip("0123456789$€£¥￥ ")  # an estimate's match ends on its first digit
    end -= len(match) - len(word)
    if word not in _DURATION_CUES:
        return False
    if word == "左右":
        span = _DURATION_BEFORE.search(text, max(s_lo, start - 24), start)
        lead = span.start() if span else -1
    else:
        span = _DURATION_AFTER.match(text, end, hi)
        lead = start
    if span is None or _ARRIVES.match(text, end, hi):
        return False
    if _TRIP_LEG.search(text, max(s_lo, start - _TRIP_LEG_REACH), hi):
        return False  # session 31: a trip leg's or a named device's time, estimated (round 33)
    if word == "左右" and _RECHECK.match(text, end, hi):
        return True  # "3-6个月左右复查一次" (round 16): how often to recheck, advice
    return _DURATION_SETTING.search(text, s_lo, lead) is not None


# A leg of the user's trip or a named device's battery ("乘坐高铁从长沙到岳阳（约40分钟）", "乘车前往丽江（约2-3
# 小时车程）", "- **续航时间**：约12小时"): the fact of this trip or item estimated (session 17's "about
# N"; round 33's rulings), not how long a test or a treatment usually takes.
_TRIP_LEG = re.compile(
    r"车程|車程|乘坐|乘车|乘車|前往|航程|飞行时间|飛行時間|续航|續航|从[^，,。\n]{1,12}到"
    # ... or the time since this case's own event ("创建时间是昨天17:53，到现在大约21个小时":
    # mk35zh, session 33), an elapsed span estimated
    r"|到现在|到現在|至今"
)
_TRIP_LEG_REACH = 40
# A recheck after an interval: "3-6个月左右复查一次", "半年左右再复诊".
_RECHECK = re.compile(r"\s*(?:再|就|需要|要)?\s*(?:复查|復查|复诊|復診|随访|隨訪|回访|回訪)")


_ARRIVES = re.compile(
    r"[^，,。；;]{0,6}?(?:才|就)?(?:到货|到貨|送达|送達|发货|發貨|到达|到達|收到)"
)
# A symptom described in a list item under its name, with no subject ("冷汗：可能会突然出现
# 冷汗", "疲劳：可能会感到极度的疲劳"), or in some cases ("在某些情况下，可能会感到不适"):
# what the condition brings in general.
_SYMPTOM_ITEM = re.compile(r"\s*(?:\d+[.、)]\s*)?[^：:\n，,。]{1,16}[：:][^你您：:\n。]{0,14}")
_SOME_CASES = re.compile(
    r"(?:在某些情况下|在一些情况下|在少数情况下|在极少数情况下|在極少數情況下|有时候|有時候|有时|有時)"
)
_SYMPTOM_VERB = re.compile(
    r"(?:也|还|還|仍)?(?:会|會)?(?:突然)?(?:感到|出现|出現|有|伴有|发生|發生)"
)
# The modals a frequency word before them makes general (not an approximate number: "sunrise
# is generally around 7:50 AM" supplies a value of this task).
_FREQUENCY_MODAL = re.compile(
    # "通常假设两名玩家都会进行最优策略": what the agent usually assumes, a habit
    r"(?:may|might|could)(?:\s+not)?|可能|有可能|也可能|還可能|还可能|假设|假設",
    re.IGNORECASE,
)
# 应该 with an act after it advises ("患者应该定期进行自我检查", "应该及时就医", "应该向医生
# 咨询"): what one should do, not what is probably so.
_ZH_DEONTIC = re.compile(
    # the act is required: "应该马上就到了" (it should arrive soon) is a guess
    r"(?:应该|應該)(?:先|要|都|也|立即|及时|及時|马上|馬上|尽快|盡快|定期|提前|主动|主動|"
    # how soon or how far the act goes: "丈夫应该尽可能与父母保持联系", "应该优先考虑…"
    r"尽可能|盡可能|优先|優先|积极|積極|始终|始終)*"
    r"(?:向|和|与|與|由|根据|根據|按照|咨询|諮詢|就医|就醫|避免|注意|保持|进行|進行|选择|選擇|"
    r"使用|服用|遵循|遵守|告诉|告訴|告知|在医生|在醫生|停止|停用|多喝|多吃|多休息|少吃|少喝|"
    # what a society or a person ought to do, an essay's recommendation ("我们也应该注重引导
    # 人工智能技术的应用方向", "同时，应该加强公众的环保意识": round 10's MOSS answers)
    r"加强|加強|注重|重视|重視|提高|采取|採取|鼓励|鼓勵|推动|推動|促进|促進|引导|引導|培养|培養|"
    r"尊重|努力|制定|建立|完善|加大|"
    # how claims ought to be treated: "任何关于…的声称都应该认真审查"
    r"认真|認真|仔细|仔細|谨慎|謹慎|审查|審查|审慎|審慎|"
    # a step of care for this patient ("还应该检查一下下肢血管超声", "应该控制好血压": round 16)
    r"检查|檢查|复查|復查|控制|治疗|治療|监测|監測|住院|手术|手術|去医院|去醫院|"
    # what spouses, parties or a court ought to do (round 19's Lawyer LLaMA: "夫妻之间应该互相
    # 忠诚", "应该考虑到男方是否有过错行为", "成员之间应该维护平等和睦的婚姻家庭关系"): a duty,
    # session 18's settled shapes; "应该属于夫妻共同财产", "应该是您…" still conclude the case
    r"互相|相互|考虑|考慮|维护|維護|承担|承擔|负担|負擔|履行|保护|保護|收集|寻求|尋求|办理|辦理|"
    r"协商|協商|支付|给予|給予|"
    # what a designer, a state or a person ought to do in an explanation or an essay (session
    # 20's round 21: "设计师应该追求简单", "每个国家应该为其公民提供的基本权利")
    r"追求|确保|確保|提供|为其|為其|为公民|為公民|为人民|為人民|明确|明確)"
)
# A drug or a treatment as the subject before "一般不会…" ("这种药一般不会引起副作用").
_TREATMENT_SUBJECT = re.compile(r"药|藥|治疗|治療|手术|手術|疗法|療法|疫苗")
# 不应该 before an act: what one should not do ("不应该过度延长", "不应该随意停药": round 18's
# CMtMedQA assistant), advice; "不应该是…", "不应该有…", "不应该会…" still conclude a fact.
_ZH_NOT_DUTY = re.compile(
    r"不(?:应该|應該)(?!是|有|会|會|就|算|属于|屬於|没|沒|不|存在|出现|出現|[，,。；;？?！!]|$)"
)
# An approximation or a possibility named as such ("一个大概的估计", "以下是一些大致的时间参考",
# "大致估计"): the answer says its figures are estimates; the figures are what it claims.
_ESTIMATE_NOUN = re.compile(
    r"(?:大致|粗略)的?(?=估计|估計|时间参考|時間參考|时间范围|時間範圍)|(?:大概|大致)的(?=估计|估計)|"
    r"(?<=的)(?:估计|估計)|(?<=大致)(?:估计|估計)|(?<=大概)(?:估计|估計)|"
    # a measure estimated, as in statistics: "离散度估计", "拟合模型并估计离散度"
    r"(?<=[度率])(?:估计|估計)|(?:估计|估計)(?=[\u4e00-\u9fff]{1,3}[度率](?![\u4e00-\u9fff]))"
)
# A judgement said with 可能, as _EVALUATIVE and _WORTH_DOING read it in English: "重复的词语
# 在写作中可能是一个常见的问题", "有效地使用它们可能是一项棘手的任务", "寻求专业帮助可能更加有效",
# "可能有助于缓解症状", "陈旧的比喻可能会显得懒惰".
# An opinion said as one: "I think" / "我认为" before a judgement of worth ("我认为，免费义务
# 教育的全面普及是…一个重要措施", "我认为SpaceX是一个非常出色的公司", "I think it is a truly
# remarkable achievement": round 10's ruling, a judgement the user asked for, not a guess
# about a fact).
_OPINION = re.compile(
    r"我(?:个人|個人)?(?:认为|認為|觉得|覺得)|I\s+think|I\s+believe", re.IGNORECASE
)
_OPINION_JUDGEMENT = re.compile(
    r"[，,]?[^。！？!?;；\n]{0,40}?是(?:一[个個家项項种種])?[^。！？，,]{0,20}?(?:非常|很|十分|极其|極其|最)?"
    r"(?:出色|优秀|優秀|重要|关键|關鍵|伟大|偉大|杰出|傑出)|"
    # a recommendation's judgement: "我觉得如家快捷酒店和汉庭酒店都是不错的地方" (round 13's
    # hotel assistant), as "looks like a good affordable option"
    r"[^。！？!?;；\n]{0,60}?(?:不错|不錯|挺好|蛮好|很好|值得推荐|值得推薦)|"
    r"(?:\s+\w+){0,8}?\s+(?:is|are|was|were)\s+(?:(?:a|an|the)\s+)?(?:very\s+|really\s+|truly\s+)?"
    r"(?:great|excellent|outstanding|remarkable|impressive|admirable|important)\b",
    re.IGNORECASE,
)
_ZH_JUDGEMENT = re.compile(
    r"可能(?:会|會)?(?:是|成为|成為)(?:一[个個项項种種件])?(?:很|非常|比较|比較|更|最)?"
    r"(?:常见|常見|棘手|困难|困難|重要|有效|不错|不錯|理想|合适|合適|明智|有用|好的|更好)|"
    r"可能(?:会|會)?显得|可能(?:会|會)?顯得|"
    r"可能(?:会|會)?(?:更|更加|比较|比較)?(?:有效|有帮助|有幫助|有助于|有助於|合适|合適|适合|適合|更好)|"
    # "您可以在确认邮件里找找订单号，可能会更方便一些" (session 31's made-up runs): how handy a
    # suggested step is, a judgement of the advice
    r"可能(?:会|會)?(?:更|更加|比较|比較)(?:方便|省事|简单|簡單|容易)|"
    # "止痛药和皮肤贴片也可能有用", "化疗药物可能也有帮助", "手术可能是必要的"
    r"可能(?:也|还|還)?(?:有用|有帮助|有幫助|是必要的|是必需的)|"
    # "后者可能很有意思"
    r"可能(?:会|會)?(?:很|非常)?(?:有意思|有趣)"
)
# What a kind of thing may do to something, with the object between ("X线检查可能会对胎儿
# 造成潜在风险", "可能会对膀胱产生压力", "可能会对分娩方式产生影响"), as 可能造成 (the lexicon's
# general list).
# What a kind of step or change may involve ("这可能涉及到一系列行动", "Treatment may involve…").
_INVOLVES = re.compile(
    r"可能(?:还|還|也)?(?:会|會)?(?:涉及|牵涉|牽涉)|(?:may|might|could)\s+(?:also\s+)?involve\b",
    re.IGNORECASE,
)
_QUESTION_AREA = re.compile(r"(?:咨询|諮詢)(?:的)?(?:问题|問題)?\s*$")
# The user's own case concluded with "should" after "I think": "(I think) the refund should go
# back to your card", "(I believe) your parcel should be covered".
_YOUR_CASE_SHOULD = re.compile(
    # not advice to the user or the agent's own step ("I think you should bring your receipt")
    r"(?!\s+(?:that\s+)?(?:you|we|I)\b)(?:\s+\w+){0,8}?\s+should\s+(?!\w+\s+(?:be\s+)?(?:banned|allowed|required|encouraged)\b)"
    r"[^.;!?]*\byour\b",
    re.IGNORECASE,
)
_SECOND_PERSON = re.compile(r"[你您]|\byour?\b", re.IGNORECASE)
# 随着 ("as the company matures, the focus may shift"): a change the modal follows, the
# hypothetical of a condition
_AS_IT_CHANGES = re.compile(r"随着|隨著")
# Harm an act or a drug may cause ("也有可能会致使药物中毒", "都可能会反而会引发肝脏损害"), a
# disease's transmission ("有可能母婴传播的") and its course over time ("时间久了就可能会出现肝硬
# 化"): what such a thing may bring (session 19's ruling), when no patient is named.
_KIND_HARM = re.compile(
    r"有?可能(?:还|還|也)?(?:会|會)?(?:反而)?(?:会|會)?(?:导致|導致|致使|引起|引发|引發|造成)"
    r"[^，,。；;\n]{0,8}?(?:中毒|损害|損害|损伤|損傷|伤害|傷害|死亡|危险|危險|衰竭)"
)
_KIND_SPREAD = re.compile(
    r"有?可能(?:会|會)?(?:通过|通過)?[\u4e00-\u9fff]{0,4}?(?:传播|傳播|传染|傳染|遗传|遺傳|散播)"
    r"(?:的)?(?=$|[，,。；;\n]|的)"
)
_OVER_TIME = re.compile(
    r"时间久了|時間久了|时间长了|時間長了|久而久之|长此以往|長此以往|长期下去|長期下去"
)
_KIND_EFFECT = re.compile(
    r"可能(?:还|還|也)?(?:会|會)?对[^，,。；;\n]{1,16}?(?:造成|产生|產生|带来|帶來|有)"
    r"(?:一定的?|一些|潜在的?|潛在的?)?[^，,。；;\n]{0,6}?(?:影响|影響|压力|壓力|刺激|风险|風險|伤害|傷害|损害|損害)"
)
#: Approximation words that also name a field when a noun follows them.
_TERM_ADJECTIVES = frozenset({"estimated", "an estimated", "approximate", "expected"})
_DETERMINER_BEFORE = re.compile(
    r"\b(?:the|your|its|their|his|her|our|this|that|an?)\s+$", re.IGNORECASE
)


# A measure named with its value after it: "an estimated mass of over 357 trillion metric tons"
# (session 20; round 21): the estimate itself, session 17's "about N", not a field's name.
_MEASURE_OF_VALUE = re.compile(
    r"\s+(?:[A-Za-z-]+\s+){1,2}?of\s+(?:(?:over|about|around|nearly|almost|more\s+than|less\s+than|"
    r"up\s+to|at\s+least|roughly|some)\s+)?[$€£¥]?\d",
    re.IGNORECASE,
)


def _noun_term(text: str, start: int, end: int) -> bool:
    """True when the approximation word at ``[start, end)`` modifies a noun after a
    determiner ("the estimated delivery date", "an estimated arrival time"): a term, not
    an estimate ("an estimated 3 days" has a number after it)."""
    if re.match(r"\s+[A-Za-z]", text[end : end + 2]) is None:
        return False
    if _MEASURE_OF_VALUE.match(text, end):
        return False  # "an estimated mass of over 357 trillion tons": the value, an estimate
    return (
        text[start:end].lower().startswith("an ")
        or _DETERMINER_BEFORE.search(text[max(0, start - 12) : start]) is not None
        # a measure named after a preposition or in a list of measures: "based on estimated
        # fair value each period", "standard shipping costs and estimated delivery times"
        or (
            _PREPOSITION_BEFORE.search(text, max(0, start - 8), start) is not None
            and _FIELD_NOUN.match(text, end) is not None
        )
    )


# The nouns an estimate word names a measure with ("estimated fair value", "estimated arrival
# time"), at most one word between.
_FIELD_NOUN = re.compile(
    r"\s+(?:[A-Za-z-]+\s+)?(?:value|values|date|dates|time|times|arrival|departure|delivery|"
    r"cost|costs|price|prices|total|amount|duration|fee|fees|fare|fares|savings|spending|"
    r"payments?|income|balances?)\b",
    re.IGNORECASE,
)
_PREPOSITION_BEFORE = re.compile(
    r"\b(?:on|of|at|by|using|from|with|than|and|or)\s+$", re.IGNORECASE
)
# A result's field that holds an estimate: "estimated_arrival", "refund_estimate", "eta".
_ESTIMATE_KEY = re.compile(
    r"""["']([A-Za-z_]*(?:estimat|expected|projected)[A-Za-z_]*|eta)["']\s*:""", re.IGNORECASE
)
_TERM_NOUN = re.compile(r"\s+([A-Za-z]{3,})\b")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
#: How far after an estimate's label its value is looked for ("Estimated refund: $199.99").
_FIELD_VALUE_CHARS = 80


# mk35 (made-up, session 33): "is now estimated to depart at 7:45 PM", "delayed from 8:00 AM to
# an estimated 12:05 PM" after a record whose estimate field (``estimated_departure_time``,
# ``eta``) holds that value: the record's own estimate read back in its field's word, as
# "Estimated refund: $199.99" after ``refund_estimate`` is (the GUIDELINE: an estimate field
# the result holds, read back, is no guess). The value follows the word at once or after one
# verb ("estimated to arrive by"); "an estimated 3 days" that no estimate field holds stays a
# guess.
_ESTIMATE_FIELD_VALUE = re.compile(
    r"""["']([A-Za-z_]*(?:estimat|expected|projected)[A-Za-z_]*|eta)["']\s*:\s*("[^"]*"|-?[\d.]+)""",
    re.IGNORECASE,
)
_TO_ESTIMATED_VALUE = re.compile(
    r"(?:\s+to\s+[a-z]+)?(?:\s+(?:at|by|on|of|around))?(?=\s*[$€£]?\d)", re.IGNORECASE
)


# mk35 (made-up, session 33): a softener before "hasn't <done> yet" / "is still pending" after a
# record whose status says the thing is under way ("status": "pending", "processing", "in
# transit"): the record's status restated, no guess (the GUIDELINE: a softener in front of a
# fact the latest tool result states).
_NOT_YET = re.compile(
    r"\b(?:has|have|had)(?:n['’]t|\s+not)\s+(?:\w+\s+){0,2}?\w+(?:ed|en|t)\s+yet\b"
    r"|\b(?:is|are)\s+still\s+(?:pending|processing|being\s+processed|in\s+transit|on\s+its\s+way)\b"
    r"|\bnot\s+(?:\w+\s+)?yet\s+(?:settled|shipped|processed|delivered|posted|cleared|arrived)\b",
    re.IGNORECASE,
)
_UNDER_WAY_STATUS = re.compile(
    r"""["'](?:\w+_)?status["']\s*:\s*["'](?:pending|processing|in[ _-]?transit|in[ _-]?progress"""
    r"""|awaiting[\w ]*|not[ _-]?(?:yet[ _-]?)?(?:shipped|settled|processed)|scheduled|queued)["']""",
    re.IGNORECASE,
)


# mk35 (made-up, session 33): a softener's clause that is only the tag after a claim (", it
# seems,", ", it appears.", ", apparently"): what it softens is the clause before it, read as
# the softener before it would be ("It seems there are no nonstop flights on May 6" after an
# empty search restates the result: the issue's own example).
_SOFTENER_TAG = re.compile(
    r"[\s,;:(—–-]*(?:it\s+(?:seems|appears|looks\s+like)|apparently|seemingly)[\s,.;:)!—–-]*",
    re.IGNORECASE,
)


def _estimate_field_read(text: str, phrase: str, end: int, result: str | None) -> bool:
    """True when the estimate word ``phrase`` ending at ``end`` ("estimated", "an estimated")
    is followed by a value an estimate field of ``result`` holds (a clock time in any
    spelling, or a number)."""
    if not result or phrase.lower() not in _TERM_ADJECTIVES:
        return False
    lead = _TO_ESTIMATED_VALUE.match(text, end)
    if lead is None:
        return False
    values = " ".join(m.group(2) for m in _ESTIMATE_FIELD_VALUE.finditer(result, 0, 20_000))
    if not values:
        return False
    if _CLOCK.match(text, lead.end()):
        return _clock_held(text, lead.end(), values)  # "7:45 PM" for ``19:45:00``
    number = _NUMBER_AFTER.match(text, lead.end())
    return number is not None and _held(number.group(1), values)


def _field_held(text: str, end: int, result: str | None) -> bool:
    """True when the approximation word ending at ``end`` names, with the noun after it, a
    field the latest result holds: a key with that noun and an estimate in its name
    ("Estimated arrival" after ``estimated_arrival``, "Estimated refund" after
    ``refund_estimate``), or the value that follows on its line ("Estimated delivery: by
    2025-10-25" after ``"eta": "2025-10-25T20:00:00Z"``). The record's estimate, read back."""
    if not result:
        return False
    noun = _TERM_NOUN.match(text, end)
    if noun is None:
        return False  # "an estimated 3 days": a number, the agent's estimate
    stem = noun.group(1).lower()[:5]  # "deliver" in "delivery", "deliveries"
    if any(stem in key.lower() for key in _ESTIMATE_KEY.findall(result, 0, 20_000)):
        return True
    line_end = text.find("\n", noun.end())
    value = text[
        noun.end() : min(noun.end() + _FIELD_VALUE_CHARS, len(text) if line_end < 0 else line_end)
    ]
    date = _ISO_DATE.search(value)
    if date is not None:
        return date.group() in result
    # mk39 (made-up, session 34): "Estimated delivery is June 12." after "eta": "2025-06-12":
    # the estimate field's value in words, read back (the agentdojo section's "estimated
    # delivery date"); its numbers are looked for in the estimate fields' values only
    estimates = " ".join(
        m.group(2)
        for m in _MK37_EST_FIELD_VALUE.finditer(result, 0, 20_000)
        if _ESTIMATE_KEY.match(f'"{m.group(1)}":')
    )
    if estimates and _values_held(text, noun.end(), noun.end() + len(value), estimates):
        return True
    number = _NUMBER.search(value)
    return number is not None and _held(number.group(), result)


# Staff who cannot see the user's records say 看不到 ("这个看不到的哦"); someone else named
# before it in its clause (the user, a courier) is the one who cannot see: no missing fact.
_SEES = re.compile(r"看不到|看不見|看不见")
_OTHER_VIEWER = re.compile(
    r"(?:您|你|客户|客戶|用户|用戶|买家|買家|派送员|派送員|配送员|配送員|快递员|快遞員|师傅|師傅|"
    r"商家|卖家|賣家|他|她|他们|她们)[^，,。；;！!？?我]{0,8}$"
)


# mk38 (made-up, session 34): "I don't know how much your rent is, so I can't tell whether it
# will clear": a fact of the user's own life outside the agent's records, which the user has
# to give (session 7's "I don't have your email"), not a fact of the task's data missing.
_MK38_USER_OWN_FACT = re.compile(
    r"\b(?:don['\u2019]t|do\s+not)\s+know\s+(?:how\s+much|how\s+many|what|when|which|where)\s+"
    r"(?:\w+\s+){0,2}?your\b",
    re.IGNORECASE,
)
# mk38 (made-up, session 34): "so it might arrive at the new address before you've moved in":
# the modal's subject is the case's thing ("it", "they"), and the user appears only in a
# time clause after it; the guess is about when the order arrives (the case), not about the
# user (session 33's "you may miss …" reading of the user's own case).
_MK38_THING_SUBJECT = re.compile(r"\b(?:it|they|this|that)\s+$", re.IGNORECASE)
_MK38_YOU_IN_TIME = re.compile(
    r"[^.?!;]*?\b(?:before|after|until|once|when|by\s+the\s+time)\s+you\b", re.IGNORECASE
)


def _mk38_thing_then_you(text: str, start: int, end: int, c_lo: int, c_hi: int) -> bool:
    """True when the cue's subject is a thing of the case and "you" stands only in a time
    clause after it (mk38, session 34)."""
    before = text[c_lo:start]
    return (
        _MK38_THING_SUBJECT.search(before) is not None
        and re.search(r"\byou", before, re.IGNORECASE) is None
        and _MK38_YOU_IN_TIME.match(text, end, c_hi) is not None
    )


# mk38 (made-up, session 34): "may be different from what she paid", "could differ from your
# original fare": the case's own price set against a value of this case is a guess about the
# task's data (the issue's "there might be a fare difference"), not session 15's caveat that
# a kind of thing varies ("This might be different from some Western countries").
_MK38_AGAINST_CASE = re.compile(
    r"\s+(?:from|than)\s+(?:what\s+(?:you|he|she|they|we|[A-Z][a-z]+)\s+(?:paid|were\s+charged|was\s+charged)"
    r"|(?:your|his|her|their|the)\s+(?:original|current|previous|old)\s+(?:fare|price|rate|ticket|plan))\b"
)
# mk39zh (made-up, session 34): "(延误)可能还会变化，建议您留意通知": a time that may change, said
# intransitively with nothing it changes to, the caveat English "may change." is (the GUIDELINE's
# caveats), no guess at a value.
_MK39ZH_MAY_CHANGE = re.compile(
    r"可能(?:还|還|仍|仍然|也)?(?:会|會)?(?:有)?(?:变化|變化|变动|變動|调整|調整|改变|改變|有变|有變)"
    r"(?=\s*(?:[，,。；;！!）)]|$))"
)
# A caveat that a value may vary: "(local delivery times may vary slightly)", "the date may
# vary with the mail", "prices can differ". How such values go in general, not a guess.
# "Change" that ends its clause, or goes on only with time or new data, is the same caveat
# over time ("Weather conditions may change, so check a local forecast", "the values may
# change as new data is available": gpt-oss's notes under a table of what its calls
# returned). A change with its cause in this case ("availability may change as more
# appointments come in") stays a guess, as a delay with its cause does; with an object it
# is an act ("may change your seat").
_VARIES = re.compile(
    # "This might be different from some Western countries", as "可能会有所不同"
    r"(?:may|might|can|could)(?:\s+(?:also|still|\w+ly))?\s+(?:vary|differ|fluctuate|be\s+different)\b|"
    r"(?:may|might|can|could)(?:\s+(?:also|still|\w+ly))?\s+change"
    # "as they may change or have certain exceptions": intransitive, with another caveat
    r"(?:\s*(?:[,.;:!)*\]\n]|$)|\s+or\s+(?!your\b|the\b)|\s+(?:over\s+time|throughout|at\s+any\s+time|without\s+(?:prior\s+)?"
    r"notice|frequently|quickly|daily|hourly|often|as\s+(?:new|newer|more\s+recent|the\s+latest)"
    r"\s+(?:data|information|updates?|readings?|reports?)))|"
    # "实际交易中可能会因运输、采购量等因素略有浮动": a price that may move, the same caveat
    # "可能会因为文化、社会习惯等因素而产生不同的效果" (round 21): an effect that varies, the same
    r"可能(?:会|會)?(?:因[^。；;\n]{1,40}?(?:而|因素|原因))?而?(?:出现|有所|略有|稍有|有|产生|產生|带来|帶來|"
    r"造成)?(?:不一致|不同|"
    r"差异|差異|出入|偏差|波动|波動|浮动|浮動|异|異)|可能因人而异|可能因人而異|"
    # A caveat that a process may be slow: "it might take a little longer over the weekend",
    # "可能会慢点", "有可能会超过预计的送达时间", "运费券可能会延迟到账", "促销期间可能比较忙" (JD.com
    # staff; ShopBot's "信用卡可能延迟3-5个工作日" is _PROCESS_TIME's): how such processes go, as
    # a value that may vary. A delay with its cause in this case ("the payment could be delayed
    # by the review") stays a guess.
    r"(?:may|might|could|can)(?:\s+(?:also|still|\w+ly))?\s+take\s+"
    r"(?:a\s+(?:bit|little)\s+|slightly\s+|somewhat\s+)?longer\b|"
    # "building a successful career … may take time and dedication" (round 21): the same
    r"(?:may|might|could|can)(?:\s+(?:also|still|\w+ly))?\s+take\s+(?:some\s+|a\s+lot\s+of\s+)?"
    r"(?:time|a\s+while|patience|effort)\b|"
    r"可能(?:会|會)?(?:有所|有点|有點|稍微|稍|略)?(?:延迟|延遲|延误|延誤|慢|晚到|超过预计|超過預計|比较忙|比較忙|繁忙)",
    re.IGNORECASE,
)


# A clock time after an approximation word: "around 6:42 PM", "about 18:40", "around 10 AM".
_HALF = r"\s*([AaPp])\.?\s*[Mm]\b\.?"
_CLOCK = re.compile(rf"\s*(\d{{1,2}})(?::(\d{{2}})(?:{_HALF})?|{_HALF})")
_RESULT_CLOCK = re.compile(r"(?<!\d)(\d{1,2}):(\d{2})(?!\d)")
#: How many of a result's clock times are compared with an approximate one.
_CLOCKS = 40


def _clock_held(text: str, pos: int, result: str | None) -> bool:
    """True when a clock time at ``pos`` is one ``result`` holds, in 12- or 24-hour form
    ("6:42 PM" is held by ``2026-07-06T18:42:03``, "10 AM" by ``10:00:00``), or rounds one
    ("around 1:45 PM" for ``13:47``, "around 10 AM" for ``10:05``: to the nearest 5 or 15
    minutes or the hour, as the time is written): the value is held, only spelled another way."""
    m = _CLOCK.match(text, pos)
    if m is None or not result:
        return False
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    half = (m.group(3) or m.group(4) or "").lower()
    if hour > 23 or minute > 59:
        return False
    if half == "p" and hour < 12:
        hour += 12
    elif half == "a" and hour == 12:
        hour = 0
    said = {hour * 60 + minute}
    if not half:
        said.add((hour + 12) % 24 * 60 + minute)
    # a round time rounds: "around 10 AM" for 10:05, "around 1:45 PM" for 13:47
    slack = 30 if minute == 0 else 7 if minute % 15 == 0 else 2 if minute % 5 == 0 else 0
    for i, held in enumerate(_RESULT_CLOCK.finditer(result)):
        if i == _CLOCKS:
            break
        t = int(held.group(1)) * 60 + int(held.group(2))
        if any(min(abs(t - s), 1440 - abs(t - s)) <= slack for s in said):
            return True
    return False


# A clause that opens with "and"/"or" and no subject of its own ends a list whose
# subject comes first: "Built-in functions like 'round', 'int', and 'math' modules were
# not available" is about the functions. "..., and I couldn't find it" has its own.
_LIST_TAIL = re.compile(
    r"(?:and|or)\s+(?!(?:i|i'm|we|it|it's|there|this|they|you|he|she)\b)", re.IGNORECASE
)
# Where a sentence names its source: "根据我的搜索，没有找到…" reads the search, it does
# not narrate it; the search is no subject of the missing fact.
_SOURCE_PHRASE = re.compile(
    r"(?:\b(?:based\s+on|according\s+to)\b|根据|依据|按照)[^,，.。:：;；]*$", re.IGNORECASE
)


# The process words that name what the agent read: a search as the source of what it found.
# A tool named as the source of a requirement ("根据工具要求，缺少该参数") is still the process.
_READ_WORDS = re.compile(r"search(?:es|ing)?|quer(?:y|ies)|搜索|查询|结果", re.IGNORECASE)


_MK40ZH_WHERE_LOOKED = re.compile(r"(?:里|裡|中|上)(?:面)?(?:也|都|还|還)?(?:查|看|找|没|沒)")
_MK40ZH_AGENT_SIDE = re.compile(r"(?:我|我们|我們)(?:这边|這邊|这里|這裡)(?:的)?(?:在)?$")


def _process_before(text: str, lo: int, start: int) -> bool:
    """True when a process word ("the search", "工具") comes before ``start`` in
    ``[lo, start)``, unless it is a search named as the source ("according to my search")."""
    for m in context_patterns()["process"].finditer(text, lo, start):
        if _item_returned(text, m):
            continue  # "the item was returned, but I couldn't find the refund": no process
        if _MK40ZH_WHERE_LOOKED.match(text, m.end()) and _MK40ZH_AGENT_SIDE.search(
            text, max(lo, m.start() - 6), m.start()
        ):
            # mk40zh (made-up, session 34): "我这边系统里查不到具体金额" has the agent as its
            # subject and the system as where it looked ("I couldn't find X", missing
            # information), not the system as the subject (process narration)
            continue
        if (
            not _READ_WORDS.fullmatch(m.group())
            or _SOURCE_PHRASE.search(text, lo, m.start()) is None
        ):
            return True
    return False


# The agent's own call and tool, as what is missing: its inputs, the tool's functions.
_CALL_WORDS = re.compile(
    r"(?<![\w-])(?:parameters?|arguments?|inputs?|functions?|tools?|apis?|endpoints?|"
    # "I couldn't find a relevant action for your request" (TapeAgents' form filler, round 9)
    r"(?:relevant|suitable|matching|appropriate)\s+actions?|"
    r"operations|operators|syntax|schema)(?![\w-])|参数|參數|工具|调用|調用|接口|函数|函數|输入|輸入",
    re.IGNORECASE,
)
# What the agent would give, not a fact it lacks: "I don't have personal opinions", "I
# cannot provide medical advice", "我无法提供医疗建议" (a capability or a refusal).
_AGENT_SELF = re.compile(
    # "As an AI, I don't have personal tastes or preferences", "so I don't have a favorite
    # food category" (round 15's GPT-4 dialogues): the agent's own self, no task fact
    r"(?<![\w-])(?:opinions?|feelings|emotions|advice|assistance|help|preferences|tastes|"
    r"personal\s+experiences?|favou?rites?|"
    # "I'm just an AI, I don't have personal plans" (round 27's shop assistant, chatting):
    # the agent's own life, no task fact
    r"(?:any\s+)?personal\s+(?:plans?|li(?:fe|ves)|schedules?|hobbies|interests)|"
    # "I'm a language model…, but I don't have human-like consciousness or experiences"
    # (session 22's answers set): the answerer's self
    r"human-like|consciousness|subjective\s+experiences?)(?![\w-])|"
    r"观点|意见|建议|帮助|情感|感情",
    re.IGNORECASE,
)
# A name in code: snake_case or lowerCamelCase ("batch_size", "seasonId"), the name of
# a call's parameter, not a fact of the task.
_IDENTIFIER = re.compile(r"(?<![A-Za-z0-9_])(?:[a-z][a-z0-9]*_[a-z0-9_]+|[a-z]{2,}[A-Z][a-z]+\w*)")
# The words after a "missing" phrase up to where they name a place or a source ("in the
# system", "from the API"): what is missing.
_OBJECT_END = re.compile(
    r"\s(?:in|from|via|using|through|with|on|by|across|within|for\s+(?:you|your))\s|[;；]",
    re.IGNORECASE,
)


def _missing_input(text: str, lo: int, start: int, end: int, hi: int) -> bool:
    """True when what a "missing" phrase says is missing is the input of the agent's own
    call or the tool itself: a parameter, argument or function ("由于缺少这两个关键参数",
    "缺少 seasonId 将导致工具调用失败", "there's no information about what functions are
    supported"), or a parameter named in code before it ("batch_size 未指定"). The agent
    reasons about its process; the task's facts are not in doubt."""
    stop = _OBJECT_END.search(text, end, hi)
    obj_hi = stop.start() if stop else hi
    if _CALL_WORDS.search(text, end, obj_hi) or _AGENT_SELF.search(text, end, obj_hi):
        return True
    return _IDENTIFIER.search(text, lo, obj_hi) is not None


# A "need to confirm" whose object is a yes/no question: the agent will check it ("需要
# 确认该用户名当前是否可用"), a plan; "…，但需要确认" after a guess stays a doubt.
_CONFIRM = re.compile(r"确认|確認|confirm|verify|check", re.IGNORECASE)
_CANNOT = re.compile(
    r"无法|無法|不能|没法|沒法|没办法|沒辦法|\bnot\b|n['\u2019]t\b|\bcannot\b|\bcan\s+not\b|\bunable\b",
    re.IGNORECASE,
)
# What "need more information" is for when it leaves a fact open: settling whether it holds
# ("to determine if the claim is true", "to tell whether it was his first role").
_SETTLE_WHETHER = re.compile(
    r"\s+to\s+(?:determine|decide|verify|tell|know|say|judge|conclude)\s+(?:if|whether)\b",
    re.IGNORECASE,
)
_CHECK_WHETHER = re.compile(
    r"[^，,。；;]{0,16}?(?:是否|能否|是不是|有没有|有沒有)|\s+(?:whether|if)\b", re.IGNORECASE
)
# Phrases that say what the agent thinks or what seems to be the case; when the clause
# they open has the agent as its subject with a modal of ability or intent, they qualify
# the agent's own next step ("I think I can provide a summary", "it looks like I can't
# reschedule"), a plan or a capability, not the task's facts.
_EPISTEMIC = re.compile(
    r"i think|i believe|seems?|appears? to|it appears|looks like|"
    r"我(?:个人|個人)?(?:认为|認為|觉得|覺得)|"
    r"看来|看來|似乎|看起来|看起來",
    re.IGNORECASE,
)
_AGENT_COMPLEMENT = re.compile(
    r"\s*(?:(?:that|like|as\s+if|as\s+though)\s+)?(?:(?:i|we)(?:\s+(?:can|cannot|can't|could|"
    r"couldn't|will|won't|should|need|must|may|might|am\s+(?:not\s+)?able|am\s+unable)\b|['\u2019](?:ll|m\s+(?:not\s+)?"
    r"(?:able|unable))\b|"
    # the agent's own slip: "it seems I made an error", "it looks like I used the wrong date"
    r"(?:\s+have|['\u2019]ve)?\s+(?:(?:made|make)\s+(?:an?\s+|the\s+|some\s+)?(?:\w+\s+)?"
    r"(?:error|mistake|typo)|misread|misunderstood|mistyped|misspelled|mixed\s+up|overlooked|"
    r"(?:used|entered|passed|sent|gave|chose|picked)\s+(?:the\s+|a\s+)?wrong|"
    # "It seems we've missed some context there": the team's own slip
    r"missed|skipped|forgot|forgotten|lost\s+track|"
    # the agent's own conduct or trouble: "It seems I got ahead of myself", "it seems I got
    # a bit repetitive", "it seems I've hit a system limitation", "we're still encountering"
    r"(?:got|gotten|hit|ran\s+into|run\s+into)|['\u2019]re\s+(?:still\s+)?(?:encountering|"
    r"experiencing|having\s+(?:trouble|issues?|problems?)))\b)|"
    # the agent's own tool: "it seems my recommendation system is geared towards…"
    r"my\s+(?:\w+\s+)?(?:system|tools?|search|function)\b|"
    # a slip in the agent's own answer: "it seems there was an error in my previous response"
    r"there\s+(?:was|were)\s+(?:an?\s+)?(?:errors?|mistakes?|typos?)\s+in\s+my\b|"
    r"(?:我们|我)(?:可以|能|需要|将|会|无法|不能|应该|没法|搞错|弄错|看错|写错))",
    re.IGNORECASE,
)
# Worked arithmetic: a function of a number written out ("cos(45°)", "log10(3.5)", "√2").
# an operator written out too: "面积大约为π×(4.5²−3.5²)≈47平方米" (round 10's computation case)
_MATH = re.compile(r"\b(?:sin|cos|tan|log\d*|ln|sqrt|exp)\s*\(|√|[×÷π]")
# The figures a text states: "81,797", "9.8" (not the digits inside a word or id).
# mk40 (made-up support runs, session 34): a figure with its unit typed on ("15GB", "14.2GB
# used … about 0.8GB left") is a figure all the same (session 20's computation case); tried
# first, or "14.2GB" would be read as "14".
_MK40_GLUED_FIGURE = (
    r"(?<![\w.,])\d+(?:\.\d+)?(?=(?:GB|MB|TB|KB|gb|mb|tb|kb|kg|km|mi|lbs?|ml|mg|cm|mm)\b)"
)
_FIGURE = re.compile(
    _MK40_GLUED_FIGURE
    + r"|(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.,])\d+(?:\.\d+)?(?![\w,])"
)
#: How many of the figures before an approximation are tried as its operands, and how far
#: back they are looked for (the operands of a worked step stand just before its result).
_OPERANDS = 12
# Session 31 (round 33's itineraries): a day's, a night's or a step's number ("Day 3", "Night
# 2", "Step 4", "第3天") count the plan's parts; they are no figures a duration is worked from
# ("Day 8" less "Day 1" is no "around 7-8 hours" drive).
_LIST_NUMBER = re.compile(r"(?<![^\n])\d{1,2}\.\s")
_TIME_AFTER = re.compile(
    r"[^\n.;:]{0,12}?\d(?:[\d.,]*\s*(?:-|–|to|or)\s*\d+)?[\d.,]*\s*"
    r"(?:hours?|hrs?|minutes?|mins?|am|pm|a\.m\.|p\.m\.|小时|分钟|点)",
    re.IGNORECASE,
)
_COUNTER_BEFORE = re.compile(
    r"\b(?:day|days|night|nights|step|steps|week|option|no\.)\s*$|第\s*$", re.IGNORECASE
)
_OPERANDS_CHARS = 600


_MONTH_DATE = re.compile(
    r"[\s*]*(" + "|".join(MONTH_NAMES) + r")\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?",
    re.IGNORECASE,
)
# A count of calendar days ("30-day", "30 calendar days"); business days are no calendar sum.
_DAY_COUNT = re.compile(r"\b(\d{1,3})(?:-|\s+)(?:calendar\s+)?days?\b", re.IGNORECASE)
_NO_YEAR = 2001  # a year with no 29 February, for dates written without one


def _date_of(m: re.Match[str], year: int | None) -> datetime.date | None:
    """The date a :data:`_MONTH_DATE` match names, in ``year`` when it names none."""
    month = [n.lower() for n in MONTH_NAMES].index(m.group(1).lower()) + 1
    try:
        return datetime.date(
            int(m.group(3)) if m.group(3) else (year or _NO_YEAR), month, int(m.group(2))
        )
    except ValueError:
        return None  # "February 30"


def _date_worked(text: str, s_lo: int, s_hi: int, end: int) -> bool:
    """True when the date right after an approximation word at ``end`` is another date of
    the sentence ``[s_lo, s_hi)`` plus a count of days the sentence states (the day counted
    or not): a date worked out, not estimated."""
    target = _MONTH_DATE.match(text, end, s_hi)
    if target is None:
        return False
    counts = {int(c.group(1)) for c in _DAY_COUNT.finditer(text, s_lo, s_hi)}
    if not counts:
        return False
    year = int(target.group(3)) if target.group(3) else None
    to = _date_of(target, year)
    for m in _MONTH_DATE.finditer(text, s_lo, s_hi):
        if m.start(1) == target.start(1) or to is None:
            continue
        since = _date_of(m, year or (int(m.group(3)) if m.group(3) else None))
        if since is not None and any((to - since).days in (n, n - 1) for n in counts):
            return True
    return False


# "which is about 90 days after delivery": a count of days right after an approximation word.
_DAYS_AFTER = re.compile(r"\s*(\d{1,4})\s+days?\b", re.IGNORECASE)


def _days_worked(text: str, s_lo: int, s_hi: int, end: int) -> bool:
    """True when the count of days right after an approximation word at ``end`` is the span
    between a date of its sentence and another date the text states ("delivered on June 27.
    … Today is September 25, which is about 90 days after delivery"; the day counted or not):
    a span worked out, not estimated (session 30)."""
    count = _DAYS_AFTER.match(text, end, s_hi)
    if count is None:
        return False
    days = int(count.group(1))
    here = [_date_of(m, None) for m in _MONTH_DATE.finditer(text, s_lo, s_hi)]
    here += [_iso_day_of(m) for m in _ISO_DAY.finditer(text, s_lo, s_hi)]
    there = [_date_of(m, None) for m in _MONTH_DATE.finditer(text)]
    there += [_iso_day_of(m) for m in _ISO_DAY.finditer(text)]
    return any(
        a is not None and b is not None and abs((a - b).days) in (days, days - 1, days + 1)
        for a in here
        for b in there
        if a != b
    )


def _iso_day_of(m: re.Match[str]) -> datetime.date | None:
    """The date an :data:`_ISO_DAY` match names, or ``None`` ("2026-02-30")."""
    try:
        return datetime.date(*map(int, m.groups()))
    except ValueError:
        return None


def _worked(text: str, start: int, number: str) -> bool:
    """True when the approximate ``number`` is the difference or the sum of two figures
    the text states before ``start`` ("from $81,797 million to $82,959 million … an
    increase of around $1,162 million"): arithmetic on stated values, not an estimate."""
    try:
        value = float(number.replace(",", ""))
    except ValueError:
        return False
    decimals = len(number.rpartition(".")[2]) if "." in number else 0
    tolerance = 0.5 * 10**-decimals + 1e-9
    lo = max(0, start - _OPERANDS_CHARS)
    timed = _TIME_AFTER.match(text, start) is not None
    figures = [
        float(m.group().replace(",", ""))
        for m in _FIGURE.finditer(text, lo, start)
        if not _COUNTER_BEFORE.search(text, max(0, m.start() - 8), m.start())
        # a list item's number ("3. **Visit …**") before a time ("around 7-8 hours", "around
        # 10 or 11 AM"): a plan's list, no operands of a duration or an hour
        and not (timed and _LIST_NUMBER.match(text, m.start()))
    ]
    figures = figures[-_OPERANDS:]
    for i, a in enumerate(figures):
        for b in figures[i + 1 :]:
            if abs(abs(a - b) - value) <= tolerance or abs(a + b - value) <= tolerance:
                return True
    return False


# Session 20's computation ruling (round 21's answers): a figure the text states, digits
# inside a Chinese sentence too ("22除以7约为3.14"), not the digits of a word or an id.
_OPERAND = re.compile(
    r"(?<![A-Za-z\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![A-Za-z\d.,])\d+(?:\.\d+)?"
)
# A sentence that divides, multiplies or averages: an operator, or a word for one.
_ARITHMETIC = re.compile(
    r"[/×÷*=]|\d\s*x\s*[$€£¥]?\d|\b(?:divided|divide|divides|dividing|split|splitting|"
    r"shared|per|each|times|multiplied|multiply|average|mean|comes?\s+to|works?\s+out)\b|"
    r"除以|乘以|乘|除|平均|每|合计|合計|总共|總共|一共",
    re.IGNORECASE,
)


def _decimals(number: str) -> int:
    return len(number.rpartition(".")[2]) if "." in number else 0


def _computed(text: str, s_lo: int, start: int, number: str) -> bool:
    """True when the approximate ``number`` is one the sentence works out from figures it
    states before ``start``: a rounding of the figure just before it ("$38.97, or roughly
    $39"), or, in a sentence that divides or multiplies, a quotient, a product or the mean
    of its figures ("$250 split among 6 people comes to approximately $41.67 each", "22除以7
    约为3.14"). Session 20's ruling: a computation, not an estimate."""
    try:
        value = float(number.replace(",", ""))
    except ValueError:
        return False
    tolerance = 0.5 * 10 ** -_decimals(number) + 1e-9
    lo = max(s_lo, start - _OPERANDS_CHARS)
    said = [m.group() for m in _OPERAND.finditer(text, lo, start)][-_OPERANDS:]
    figures = [float(f.replace(",", "")) for f in said]
    # a rounding: the figure just before, more precise than the approximate one
    for f, x in zip(said[-2:], figures[-2:], strict=True):
        if _decimals(f) > _decimals(number) and abs(x - value) <= tolerance:
            return True
    if not figures or _ARITHMETIC.search(text, lo, start) is None:
        return False
    if len(figures) > 1 and abs(sum(figures) / len(figures) - value) <= tolerance:
        return True
    for i, a in enumerate(figures):
        for b in figures[i + 1 :]:
            if abs(a * b - value) <= tolerance:
                return True
            if b and abs(a / b - value) <= tolerance:
                return True
            if a and abs(b / a - value) <= tolerance:
                return True
    return False


# Session 20's rulings, read on round 21 (GPT-3.5 and ChatGPT answering instructions with
# no tool). 应该是 / "should be" before the arithmetic it concludes ("剩下的应该是6颗糖- 3颗糖 =
# 3颗糖"): the computation's result, no guess.
_WORKED_AFTER = re.compile(
    r"\s*(?:是|為|为|be)?[^，,。；;\n=]{0,16}?\d[^，,。；;\n=]{0,16}?[-+−×÷*/][^，,。；;\n=]{0,24}?=|"
    # the operation in words ("应该是下午8点加1个小时，也就是晚上9点": session 22's answers set)
    r"\s*(?:是|為|为)?[^，,。；;\n]{0,16}?\d[^，,。；;\n]{0,8}?(?:加上?|减去?|減去?|乘以|除以)[^，,。；;\n]{0,4}?\d",
    re.IGNORECASE,
)
# 应该是 / 应该属于 conclude a fact ("我认为你应该是感冒了"): still a guess after 我认为.
_CONCLUDES = re.compile(
    r"\s*(?:是|属于|屬於|就是|会|會|没|沒|不|有|已|还|還|能|可以|be\b|have\b|not\b)", re.IGNORECASE
)
_SHOULD = frozenset({"应该", "應該", "should", "should be"})
# A supposition that sets up a worked solution ("假设全长为x千米", "假设8条全是大船"): the text
# solves an equation (an operator between two terms, and "=" or 解得).
_SUPPOSITIONS = frozenset({"假设", "假設", "assume", "assuming", "suppose", "let's assume"})
_OPERATION = re.compile(r"[\w)）]\s*[-+−×÷*/]\s*[\w(（]")
_SOLVED = re.compile(r"=|解得")
# A letter or an e-mail drafted for the user: a salutation or a subject line, and a
# placeholder for the user to fill ("[Your Name]"); its words are text to be copied.
_LETTER = re.compile(r"^\s*(?:Subject:|Dear\s)", re.IGNORECASE | re.MULTILINE)
_PLACEHOLDER = re.compile(r"\[(?:Your|Recipient|Company|Name)[^\]\n]{0,40}\]", re.IGNORECASE)


@functools.lru_cache(maxsize=64)  # every cue of a text asks it of the whole text
def _drafted_letter(text: str) -> bool:
    """True when ``text`` holds a letter drafted for the user (:data:`_LETTER`)."""
    return bool(_LETTER.search(text) and _PLACEHOLDER.search(text))


# The answerer's judgement the task asks for: "我认为吸烟应该在公共场所被禁止", "我认为这本书可以被
# 归类为文学作品", "I think it should be banned": an opinion, an argument, a classification.
_OPINION_ASKED = re.compile(
    r"[，,]?[^。！？!?;；\n]{0,40}?(?:(?:应该|應該|应当|應當)(?!是|属于|屬於|就是|会|會|没|沒|不|有|已|还|還|能|可以)|有必要|可以(?:被)?(?:归类|歸類|归为|歸為|"
    r"分类|分類|视为|視為|看作|称为|稱為))|"
    r"(?:\s+\w+){0,8}?\s+(?:should|ought\s+to)\b|"
    r"(?:\s+\w+){0,8}?\s+(?:can|could)\s+be\s+(?:classified|categori[sz]ed|considered)\b",
    re.IGNORECASE,
)
# A refusal on policy or taste: copyright ("verbatim lyrics") in the sentence, or the
# sentence after it naming sensitivity or harm ("It's important to approach the topic of death
# with sensitivity"): the answerer's policy, no missing fact.
_REFUSES = re.compile(r"can(?:no|['\u2019])t\s+provide|unable\s+to\s+provide", re.IGNORECASE)
_SCOPE_TOLD = re.compile(
    r"\s*(?:but\s+)?I\s+can\s+(?:only\s+|also\s+)?help\s+(?:you\s+)?with\b", re.IGNORECASE
)
_POLICY_OBJECT = re.compile(r"\b(?:verbatim|copyright(?:ed)?|word[- ]for[- ]word)\b", re.IGNORECASE)
# ... or privacy: what belongs to people other than the user ("I'm unable to provide
# information about other customers' orders", "someone else's booking"): the agent's policy,
# no fact of this case it lacks (session 20's refusals on policy).
_PRIVATE_OBJECT = re.compile(
    r"\b(?:other|another)\s+(?:customer|user|passenger|member|client|guest|person|people)s?['\u2019]?s?\b"
    r"|\b(?:someone|somebody|anyone|anybody)\s+else['\u2019]s\b|\bthird[-\s]part(?:y|ies)\b",
    re.IGNORECASE,
)
_POLICY_REASON = re.compile(
    r"\b(?:sensitiv\w*|respect\w*|(?:in)?appropriate|offensive|harmful|ethical|unethical)\b",
    re.IGNORECASE,
)
# A refusal's object named by the harm it could do: "information … that could be used to harm
# animals", "instructions that might be harmful" (session 20's refusal on policy).
_POLICY_HARM = re.compile(
    r"\b(?:used|misused)\s+to\s+(?:harm|hurt|injure|poison|kill|attack)\b|\bbe\s+harmful\b",
    re.IGNORECASE,
)
# The answerer's imagined act: "I would likely convey my emotions" (role-play, "If you were…").
_IMAGINED = re.compile(r"\bI\s+would\s+$", re.IGNORECASE)
# 看起来 of appearance: how a thing looks ("看起来比较不绿"), a colour, a shade or a size.
_APPEARANCE = re.compile(
    r"(?:比较|比較|更|很|非常|有点|有點|较|較|有些)?不?(?:绿|綠|红|紅|黄|黃|蓝|藍|白|黑|亮|暗|深|浅|淺|"
    r"大|小|高|矮|粗|细|細|光滑|透明|清澈|清晰|干净|乾淨|鲜艳|鮮豔|整洁|整潔)"
)
# 可能 in a noun's modifier: "可能会在早期设计中出现的问题" ("problems that may arise").
_POSSIBLE_PROBLEM = re.compile(
    r"[^，,。；;！!？?\n的]{0,12}?(?:出现|出現|发生|發生|遇到|产生|產生|存在)的(?:问题|問題|风险|風險|错误|錯誤|"
    r"危险|危險|困难|困難|挑战|挑戰|障碍|障礙|情况|情況)"
)
# The forms the members of a kind take, one or the other ("这些线可能是断的（表示阴）或完整的").
_PLURAL_SUBJECT = re.compile(r"这些|這些|那些|每[个個条條种種]|各[个個种種]?|有的")
# each a form said with 的 ("是断的…或完整的"; not "是感冒或者过敏引起的", causes of a case)
_EITHER_FORM = re.compile(
    r"是[^，,。；;\n的]{1,8}的[^，,。；;\n]{0,12}?(?:或者|或是|或)[^，,。；;\n的]{1,8}的"
)
_VARIES_BY = re.compile(r"(?:会|會)?因")
# 缺乏 as "a lack of" in a causal sentence ("缺乏足够的光合作用，将会导致…"): nothing the answerer
# lacks is named.
_LACK_CAUSES = re.compile(
    r"[^。；;\n]{0,30}?(?:将会|將會|会导致|會導致|导致|導致|会使|會使|会造成|會造成)"
)
# 应该是 / "should be" correcting a given code's name: "self.heigh 应该是 self.height".
_CODE_BEFORE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+[`'\"]?\s*$")
_CODE_AFTER = re.compile(
    r"\s*(?:是|為|为|be)?\s*[`'\"]?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", re.IGNORECASE
)


def _answer_rule(text: str, h: HedgeMatch, c_lo: int, c_hi: int, s_lo: int, s_hi: int) -> str:
    """The session-20 rule that reads ``h`` as no hedge, or ``""``: the computation case,
    the answerer's own judgement or imagined act, a drafted letter, a refusal on policy, and
    words that are not epistemic there (GUIDELINE, "Rulings of session 20")."""
    phrase = h.phrase.lower()
    if phrase in _SHOULD and _WORKED_AFTER.match(text, h.end, c_hi):
        return "approx_worked"  # "应该是6颗糖- 3颗糖 = 3颗糖": the computation concluded
    if phrase in _SUPPOSITIONS and _OPERATION.search(text) and _SOLVED.search(text, h.end):
        return "approx_worked"  # "假设全长为x千米 … x/4 + 1 = x/2": a step of the solution
    if (
        phrase in _SHOULD
        and _CODE_BEFORE.search(text, c_lo, h.start)
        and _CODE_AFTER.match(text, h.end, c_hi)
    ):
        return "correction"  # "self.heigh 应该是 self.height": the fix, no guess
    if _drafted_letter(text):
        return "quoted"  # "I believe that a collaboration…" in an e-mail drafted for the user
    if (
        _OPINION.fullmatch(h.match)
        and _OPINION_ASKED.match(text, h.end, s_hi)
        # "I think the refund should go back to your original PayPal account": "should"
        # concluding the user's own case (session 17), no opinion the task asks for
        and not (h.language == "en" and _YOUR_CASE_SHOULD.match(text, h.end, s_hi))
    ):
        return "judgement"  # "我认为吸烟应该在公共场所被禁止": the opinion the task asks for
    opinion = _OPINION.search(text, s_lo, h.start) if phrase in _SHOULD else None
    if (
        opinion
        and _OPINION_ASKED.match(text, opinion.end(), s_hi)
        and not _CONCLUDES.match(text, h.end)
    ):
        return "judgement"  # the 应该 of that opinion: what ought to be, no conclusion
    if h.kind == "missing" and _REFUSES.fullmatch(h.match):
        nxt = text[s_hi : s_hi + 200]
        if (
            _POLICY_OBJECT.search(text, s_lo, s_hi)
            or _PRIVATE_OBJECT.search(text, h.end, s_hi)
            or _POLICY_REASON.search(nxt)
            or _POLICY_HARM.search(text, h.end, s_hi)
            # "I can't provide weather forecasts. I can help with Cartwheel orders, …": the
            # service's scope told after it, an out-of-scope refusal (session 30)
            or _SCOPE_TOLD.match(nxt)
        ):
            return "missing_capability"  # "I can't provide verbatim lyrics": policy
    if h.kind == "guess" and _POLICY_HARM.search(text, h.end, s_hi):
        refusal = _REFUSES.search(text, s_lo, h.start)
        if refusal is not None:
            # "I cannot provide … products that could be used to harm animals": the modal
            # names what the refusal declines, on policy (session 20), no claim of the task
            return "missing_capability"
    if h.language == "en" and h.kind == "guess" and _IMAGINED.search(text, c_lo, h.start):
        return "own_step"  # "I would likely convey my emotions": the answerer's imagined act
    if (
        h.language == "en"
        and h.kind == "guess"
        and _ANY_ONE_OPENING.match(text, c_lo, h.start)
        and not _SECOND_PERSON.search(text, s_lo, s_hi)
    ):
        # "Someone interested in Bitcoin might also be interested in…": any one person of a
        # kind described, a state of the kind too (round 21), not this case's
        return "rule_for_kind"
    if (
        h.phrase == "可能"
        and _PLURAL_SUBJECT.search(text, c_lo, h.start)
        and _EITHER_FORM.match(text, h.end, s_hi)
    ):
        return "rule_for_kind"  # "这些线可能是断的…或完整的": the forms a kind's members take
    if h.phrase in ("看起来", "看起來") and _APPEARANCE.match(text, h.end):
        return "appearance"  # "看起来比较不绿": how it looks
    if _VARIES_BY.match(text, h.end) and _VARIES.match(text, h.start, s_hi):
        # "可能会因为文化、社会习惯等因素而产生不同的效果": the 因为 opens a clause of its own, so the
        # clause-bound reading of the caveat misses it
        return "variability"
    if h.phrase in ("可能", "可能会", "可能會") and _POSSIBLE_PROBLEM.match(text, h.end, c_hi):
        return "term"  # "纠正可能会在早期设计中出现的问题": possible problems, named as a kind
    if h.phrase == "缺乏" and _LACK_CAUSES.match(text, h.end, s_hi):
        return "general"  # "缺乏足够的光合作用，将会导致…": a lack's effect, how a kind goes
    return ""


# Session 30 (round 31: DISC-FinLLM's Chinese financial consultant answering from retrieved
# news passages or from general knowledge; GUIDELINE.md, "Hedge rulings of session 30", round
# 31). Each reading holds with the passages in the row and with 您 in the text, where session
# 22's readings of an answer to nobody do not reach.
# What a thing may bring, with its object ("可能会对煤炭行业的产量造成一定影响", "可能对养殖户造成挑战",
# "可能会带来以下几方面的影响", "光伏行业的增长对天然气行业可能会产生一定的潜在影响"): session 22's
# effect, not a guess at a state; "这可能意味着…", "可能是由于…" (a meaning or a cause) do not match.
_ZH_BRINGS = re.compile(
    r"(?:会|會|将|將|还|還|也|都|进一步|進一步)*"
    # a setting may come first ("它们可能在供给侧和需求侧对天然气行业产生竞争压力")
    r"(?:在[^，,。；;！？!?\n]{1,16}?(?=对|對))?"
    r"(?:(?:对|對|给|給|为|為)[^，,。；;！？!?\n]{1,24}?)?"
    r"(?:产生|產生|带来|帶來|造成|构成|構成|形成|出现|出現)(?:以下|如下)?[^，,。；;！？!?\n]{0,12}?"
    r"(?:影响|影響|冲击|衝擊|压力|壓力|挑战|挑戰|阻力|作用|不便|风险|風險|威胁|威脅|不确定性|不確定性)"
)
# ... an effect verb with its object, not done ("可能会降低银行的净息差", "可能会带动计算机行业的
# 竞争", "可能激发新的电站装机需求"); with 了 ("可能提振了…需求") it explains a change that happened,
# and with no object ("成本可能会降低") it forecasts the measure itself: left to the rules below.
_ZH_EFFECT_VERB = re.compile(
    r"(?:会|會|将|將|还|還|也|都|进一步|進一步)*"
    r"(?:带动|帶動|加速|激发|激發|推动|推動|改变|改變|损害|損害|吸引|降低|减少|減少|增加|缓解|緩解|"
    r"抵消|削弱|加剧|加劇|促进|促進|刺激|拖累|压制|壓制|打击|打擊|提升|提高)"
    r"(?!了|过|過)[\u4e00-\u9fffA-Za-z]"
)
# ... an effect suffered, bare ("消费者的信心可能受到影响", "长期需求可能受到限制", "将可能受到氢能的冲击").
_ZH_EFFECT_SUFFERED = re.compile(
    r"(?:会|會|将|將|也|还|還)*受到(?:一定(?:的|程度的?)?)?"
    r"(?:(?:影响|影響|限制)(?=[，,。；;！!\n]|$)|[^，,。；;！？!?\n]{0,8}?的?(?:冲击|衝擊))"
)
# ... challenges a course may meet ("推广可能还面临一些技术和实施上的挑战", "可能存在一些挑战"):
# session 29's risk a kind of cover meets.
_ZH_CHALLENGES_AHEAD = re.compile(
    r"(?:还|還|仍|仍然|会|會|将|將|也)*(?:面临|面臨|存在|遇到)[^，,。；;！？!?\n]{0,16}?"
    r"(?:挑战|挑戰|困难|困難)"
)
# A value that varies with its factors ("税率及征收方式可能会根据地区和个人情况而有所不同", "具体操作可能
# 会有一定的差异"): session 7's caveat, as "可能因…而不同" is.
_ZH_VARIES_WITH = re.compile(
    r"(?:会|會)?(?:(?:根据|根據|随|隨|依|视|視)[^，,。；;！？!?\n]{1,24}?而(?:有所)?"
    r"(?:不同|差异|差異|变化|變化|异|異|变动|變動)|"
    r"(?:有|存在)(?:一定的?|些许|些許|较大的?|所)?(?:差异|差異|不同|区别|區別))"
)
# How long a recovery or an effort takes ("复苏可能仍然需要一定的时间"): session 22's "building such
# a career may take time".
_ZH_STILL_TAKES_TIME = re.compile(
    r"(?:仍然|仍|还|還|依然)?需要(?:一定的?|一段|较长的?|較長的?|更多的?|更长的?|更長的?)?时间"
)
# A kind of market actor as the subject ("投资者可能会选择转投其他资产", "金融机构可能会持续扩大…",
# "信用卡公司还可能对提现…收取费用", "投资者…更倾向于选择较低风险的资产"): what such actors may do,
# session 22's kind as the subject; bare 公司 and 银行 may be the company the passages name.
_ZH_ACTOR_KIND = re.compile(
    r"^(?:一些|部分|许多|許多|很多|更多|不少|个人|個人|中小|广大|廣大|各类|各類|相关|相關)?"
    r"(?:投资者|投資者|投资人|投資人|消费者|消費者|购房者|購房者|购车者|購車者|用户|用戶|客户|客戶|"
    r"金融机构|金融機構|机构投资者|機構投資者|商业银行|商業銀行|信用卡公司|保险公司|保險公司|"
    r"养殖户|養殖戶|商家|市场参与者|市場參與者|开发商|開發商|散户|散戶|股民|房企|企业|企業)"
)
# 应该 before an act with a kind of actor as its subject ("企业应该把握机遇", "房企应该密切关注…",
# "投资者应该在充分了解…的基础上…"): session 17's duty; the bare company too, as a duty is advice.
_ZH_DUTY_SUBJECT = re.compile(
    r"^(?:一些|部分|许多|許多|各|各类|各類|相关|相關|我们|我們|大家|每个人|每個人)?"
    r"(?:投资者|投資者|投资人|投資人|消费者|消費者|购房者|購房者|企业|企業|房企|公司|银行|銀行|"
    r"金融机构|金融機構|政府|监管部门|監管部門|团队成员|團隊成員|管理层|管理層|个人|個人)"
)
# ... or in a "no matter what, …都应该" frame ("不管想法多么离奇都应该提出来"): a norm for any case.
_ZH_NO_MATTER = re.compile(r"(?:不管|无论|無論|不论|不論)[^。；;！？!?\n]{0,20}?都$")
# ... and 应该在 before a frame of the act ("应该在充分了解相关知识和风险之后才能进行"), where
# _ZH_SHOULD_STATE reads 在 as "be at".
_ZH_SHOULD_FRAME = re.compile(
    r"在[^，,。；;！？!?\n]{1,30}?(?:的基础上|的基礎上|之后|之後|以后|以後|之前|以前|时|時|的时候|的時候)"
)
# The passages named as the source of the clause ("根据参考材料3，安全生产形势趋紧可能成为常态",
# "据参考材料3报道，Bard技术可能会整合到…"): session 18's reading ("according to the passage").
_ZH_SOURCE_CLAUSE = re.compile(
    r"(?:根据|根據|据|據|按照)(?:参考|參考)?(?:材料|资料|資料|报道|報道|研报|研報|报告|報告)\s*\d*"
    r"(?:中)?(?:的)?(?:报道|報道|显示|顯示|所述|指出|提到|内容|內容)?\s*[，,]\s*$"
)
# A condition framed by 在…的情况下 ("在通胀预期升高的情况下，有可能…上涨"): session 9's hypothetical.
# "在某些情况下", "在这种情况下" say when or which case, no condition (session 19's 这种情况).
_ZH_IN_CASE = re.compile(
    r"在(?!某|一些|少数|少數|极少数|極少數|多数|多數|大多数|大多數|特定|这|這|那|很多|许多|許多|不同)"
    r"[^，,。；;！？!?\n]{1,24}?的?(?:情况下|情況下|背景下|条件下|條件下)[，,]?\s*$"
)
# 不确定性 / 不确定因素 as a thing named ("以应对不确定性和风险", "国际经济形势不稳定不确定因素增加",
# "随着全球经济不确定性增加", "…可能对公司的出口业务带来不确定性"): session 29's state named (a pair
# either way round, something met or brought, a rising trend), no doubt about a fact.
_ZH_UNCERTAINTY_NAMED_AFTER = re.compile(
    r"(?:性)?(?:因素|和|与|與|及|、|(?:的)?(?:增加|加大|上升|加剧|加劇|提高|增强|增強))"
)
_ZH_UNCERTAINTY_NAMED_BEFORE = re.compile(
    r"(?:应对|應對|面对|面對|面临|面臨|带来|帶來|增加|规避|規避)$"
)
# An approximate duration after which the user can act ("资料准备齐全后大约一个月左右即可进行业务往来"):
# session 7's processing time; an order arriving (_ARRIVES) stays an estimate.
_ZH_THEN_CAN = re.compile(r"[^，,。；;！？!?\n]{0,8}?(?:即可|就可以|就能|便可|便能|就可)")
_ZH_SPAN_NEAR = re.compile(rf"{_ZH_NUMBER}\s*个?(?:工作日|天|小时|小時|分钟|分鐘|周|星期|月|年)")
# A step of baking ("放入烤箱中烤约20分钟"): session 20's recipe quantity (a bare 烤 after the oven).
_ZH_OVEN_STEP = re.compile(
    r"(?:烤箱|烤盘|烤盤)[^，,。；;！？!?\n]{0,8}?(?:烤|烘|焗)(?:大约|大約|约|約)?$"
)
# A fee a service may carry ("这些服务可能会收取额外费用"): what such services cost, policy
# paraphrase (the definitions at the top), as "NSC may charge a fee" is.
_ZH_FEE_APPLIES = re.compile(
    r"(?:会|會|还|還|也)*(?:收取|产生|產生|需要支付|需支付|涉及)[^，,。；;！？!?\n]{0,8}?"
    r"(?:费用|費用|手续费|手續費|利息|罚款|罰款|违约金|違約金|年费|年費)"
)
# "它假设特征之间是独立的": a method's assumption with a pronoun for the method (as
# _ZH_MODEL_ASSUMES's "此方法假设…"); the answerer does not call itself 它.
_ZH_IT_ASSUMES = re.compile(r"(?:它|它们|它們)(?:还|還|也|都|通常|一般)?$")
# A value filled by a supposition: a figure set for a named quantity ("假设通货膨胀率为2%", "假设这5年
# 内股票的初始价值为100元"), or a value marked as assumed ("β为1.2（假设值）"). A letter for the unknown
# ("假设全长为x千米") or a case supposed ("假设8条全是大船") sets up the working (session 20).
_ZH_FIGURE_SET = re.compile(
    r"[^，,。；;！？!?\n=]{1,24}?(?:为|為|等于|等於)\s*\d+(?:\.\d+)?\s*(?:%|％|元|万元|萬元|美元|亿元|億元)"
)
_ZH_ASSUMED_MARK = re.compile(r"值|的值")


def _zh_value_assumed(text: str, h: HedgeMatch, s_hi: int) -> bool:
    """True when the Chinese 假设 ``h`` fills a figure the task does not give (see
    :data:`_ZH_FIGURE_SET`)."""
    return (
        h.language == "zh"
        and h.match in ("假设", "假設")
        and (
            _ZH_FIGURE_SET.match(text, h.end, s_hi) is not None
            or _ZH_ASSUMED_MARK.match(text, h.end, s_hi) is not None
        )
    )


# A market named by its board or index ("A股股指的反弹行情", "创业板", "沪指") as the subject of 可能:
# one market's course, not markets as a kind (session 29's _ZH_MARKET_OR_PROCESS).
_ZH_NAMED_MARKET = re.compile(
    r"(?:A股|港股|美股|创业板|創業板|科创板|科創板|沪指|滬指|上证|上證|深证|深證|深成指|恒指|恒生指数|"
    r"恒生指數|纳斯达克|納斯達克|道琼斯|道瓊斯|标普|標普)[^，,。；;！？!?\n]{0,12}$"
)


def _zh_named_market(text: str, h: HedgeMatch, kind: str, c_lo: int) -> bool:
    """True when the Chinese 可能 ``h`` has a named market as its subject (see
    :data:`_ZH_NAMED_MARKET`)."""
    return (
        h.language == "zh"
        and kind == "guess"
        and h.match in _ZH_MODAL_MAY
        and _ZH_NAMED_MARKET.search(text, c_lo, h.start) is not None
    )


_ZH_MODAL_MAY = frozenset({"可能", "可能会", "可能會", "有可能", "也可能", "还可能", "還可能"})


def _zh_outlook_reading(
    text: str, h: HedgeMatch, kind: str, c_lo: int, c_hi: int, s_lo: int, s_hi: int
) -> str:
    """The rule that drops the Chinese cue ``h`` of a consultant's outlook or advice (session
    30, round 31: effects, actors of a kind, duties, caveats, the passages as the source,
    uncertainty named), or ``""``."""
    if h.language != "zh":
        return ""
    before = text[c_lo : h.start]
    own_case = _RP_YOU.search(before) is not None  # "您的…可能": the user's own case
    conceded = _ZH_CONCEDES.search(before) is not None  # "虽然…可能…，但…": left to the rules
    if h.match in _ZH_MODAL_MAY and kind == "guess" and not own_case and not conceded:
        if (
            _ZH_BRINGS.match(text, h.end, c_hi)
            or _ZH_EFFECT_VERB.match(text, h.end, c_hi)
            or _ZH_EFFECT_SUFFERED.match(text, h.end, c_hi)
        ):
            return "effect"  # "可能会对煤炭行业造成一定影响": what a thing may bring
        if _ZH_CHALLENGES_AHEAD.match(text, h.end, c_hi):
            return "kind_risk"  # "推广可能还面临一些技术上的挑战"
        if _ZH_FEE_APPLIES.match(text, h.end, c_hi):
            return "policy"  # "这些服务可能会收取额外费用": what such a service costs
        if _ZH_VARIES_WITH.match(text, h.end, c_hi):
            return "variability"  # "可能会根据地区…而有所不同", "可能会有一定的差异"
        if _ZH_STILL_TAKES_TIME.match(text, h.end, c_hi):
            return "effort_time"  # "复苏可能仍然需要一定的时间"
        if _ZH_SOURCE_CLAUSE.search(text, max(s_lo, c_lo - 30), c_lo) and not before.lstrip(
            " ，,"
        ).startswith(("这", "這")):
            return "source_read"  # "根据参考材料3，…可能成为常态": the passage's word
        if _ZH_IN_CASE.search(text, max(s_lo, c_lo - 40), c_lo) or _ZH_IN_CASE.search(before):
            return "conditional_modal"  # "在通胀预期升高的情况下，有可能…上涨"
    if (h.match in _ZH_MODAL_MAY or h.match in ("倾向于", "傾向於")) and kind == "guess":
        subject = _zh_subject(text, c_lo, h.start, s_lo)
        if subject is not None and _ZH_ACTOR_KIND.match(subject):
            return "kind_subject"  # "投资者可能会选择转投其他资产": what such actors may do
    if h.match in ("应该", "應該"):
        subject = _zh_subject(text, c_lo, h.start, s_lo) or ""
        if _ZH_SHOULD_FRAME.match(text, h.end, c_hi) or (
            (_ZH_DUTY_SUBJECT.match(subject) or _ZH_NO_MATTER.search(text, s_lo, h.start))
            and not _ZH_SHOULD_STATE.match(text, h.end)
        ):
            return "duty"  # "企业应该把握机遇", "投资者应该在充分了解…之后才能进行"
    if (
        kind == "doubt"
        and h.match in ("不确定", "不確定")
        and (
            _ZH_UNCERTAINTY_NAMED_AFTER.match(text, h.end)
            or _ZH_UNCERTAINTY_NAMED_BEFORE.search(text, max(0, h.start - 3), h.start)
        )
    ):
        return "term"  # "以应对不确定性和风险", "不确定因素增加": uncertainty named
    if h.match in ("假设", "假設") and _ZH_IT_ASSUMES.search(text, max(s_lo, h.start - 4), h.start):
        return "model_assumes"  # "它假设特征之间是独立的": the method's assumption
    word = h.match.rstrip("0123456789.$€£¥￥ ")  # an estimate's match ends on its first digit
    if word in ("大约", "大約", "约", "約", "左右"):
        if (
            _ZH_SPAN_NEAR.search(text, max(s_lo, h.start - 10), min(s_hi, h.end + 10))
            and _ZH_THEN_CAN.match(text, h.end, c_hi)
            and not _ARRIVES.match(text, h.end, c_hi)
        ):
            return "processing_time"  # "准备齐全后大约一个月左右即可进行业务往来"
        if _ZH_OVEN_STEP.search(text, max(s_lo, h.start - 14), h.start):
            return "instruction"  # "放入烤箱中烤约20分钟": a recipe's step
    return ""


# Session 22's rulings (GUIDELINE, "Hedge rulings of session 22"), read on the answers set
# (`hedges_answers.jsonl`: chat models explaining, advising and writing with no tool).
# An answer that reads no result and addresses nobody ("你"/"您" nowhere) explains how a kind
# of thing goes; its subject decides: a kind ("失眠", "有些产品", "一些地区", "学生") is the
# general case, a demonstrative or no subject at all ("这可能是由于…", "可能是因为…") takes up
# the case the question describes.
_ZH_KIND_MODALS = frozenset(
    {"可能", "可能会", "可能會", "有可能", "不一定", "并不一定", "並不一定"}
)
# Words that open a clause without being its subject: conjunctions and discourse markers.
_ZH_OPENERS = re.compile(
    r"^(?:虽然|雖然|尽管|儘管|但是|但|而且|并且|並且|而|因此|所以|此外|同时|同時|另外|然而|不过|不過|"
    r"总之|總之|也就是说|也就是說|例如|比如|首先|其次|最后|最後|甚至|对于|對於|在|"
    # "这是因为细菌…", and markers that end in 而言 / 来说 ("具体而言", "一般来说")
    r"这是因为|這是因為|这是由于|這是由於|因为|因為|由于|由於|[^，,：:]{0,4}?(?:而言|来说|來說|来看|來看))+"
)
# Adverbs between a subject and its modal ("…也可能是…", "…还可能…").
# (有 of 有可能 too: "另外，也有可能是…" has no subject)
_ZH_ADVERBS_TAIL = re.compile(
    r"(?:也|还|還|都|则|則|就|又|更|并|並|仍然|依然|仍|同样|同樣|往往|通常|一般|有)+$"
)
# A subject that takes up this case: a demonstrative, the speaker, the user, or the user's
# own people (session 17: "孩子夜里咳嗽也可能…" answers a parent about their child).
_ZH_CASE_SUBJECT = re.compile(
    # "这种压力", "这些迹象", "此类产品", "其他地区" name a kind; "这种情况" is the case (session 19)
    r"^(?:这(?!种|类|些)|這(?!種|類|些)|那(?!些)|此(?!类|類)|该|該|其(?!他|它|余|餘)|本|上述|以上)|"
    r"情况|情況|症状|症狀|我|你|您|孩子|宝宝|寶寶|小孩|患者|病人|家人|父亲|母亲|爸爸|妈妈|媽媽|老公|老婆|朋友"
)
_ZH_NO_SUBJECT = re.compile(r"^[\s\d.、()（）*#-]*$")
# What something may bring, after a modal: "这可能会对航天器造成损坏", "这可能会影响他们的学习".
_ZH_EFFECT = re.compile(
    # not a cause put forward ("这可能是由于代码实现上的错误导致的": the case's cause)
    r"(?!是|由于|由於|因为|因為)(?:会|會)?[^，,。；;！？\n]{0,14}?(?:导致|導致|造成|引起|影响|影響|使|让|讓|带来|帶來|增加|降低|减少|"
    r"減少|损坏|損壞|破坏|破壞|加剧|加劇)"
)
# A line's label before its text ("缺乏面对面互动：…", "- **Lack of support**: …"): a
# heading names a kind, it claims nothing.
_LINE_LABEL_END = re.compile(r"\**\s*[：:]")
_LINE_LABEL_START = re.compile(r"(?:^|\n)[ \t]*(?:[-*•]|\d+[.)、]?)?[ \t]*\**[ \t]*$")
# 应该 with an act after it ("公司应该对其成本结构进行分析", "应该及早就医", "应该将数据格式化"): a
# duty or an instruction (session 17), not 应该 that concludes a state ("应该是", "应该没问题",
# "应该快到了", "应该比较便宜").
_ZH_SHOULD_STATE = re.compile(
    r"(?:是|属于|屬於|就|会|會|没|沒|不|有|已|还|還|能|可以|在|到|快|收到|过|過|比|较|較|更|很|挺|算|也|"
    r"都|差不多|大概|大约|大約|正常|为|為|无|無|蛮|够|夠|对(?:的|了|吧|啊|呀|[，,。！!]|$)|"
    # a relation or a content, not an act ("应该跟这个没关系", "底层应该基于较新的版本"), and a
    # state reached ("小结里应该写了诊断")
    r"跟|和|与|與|基于|基於|包括|包含|属|來自|来自|指|涉及|[^，,。；;！!？?\n]{1,3}了)"
)
# An approximation on a member of a kind ("一颗橙子中含有约70毫克", "它们…体重约为100克"), a
# typical value the kind's members vary around (session 19's share of people), not one
# entity's figure ("地球的半径是约6,371公里").
_ZH_KIND_MEMBER = re.compile(
    r"^(?:一[个個颗顆杯只条條块塊片根份碗瓶位名]|它们|它們|他们|他們|大多数|大多數|多数|多數|一般人|普通人|成年人)"
)
_ZH_APPROXIMATORS = ("约", "約", "大约", "大約", "左右", "大概")
# 假设 as the noun "a hypothesis" ("日心说是一个天文学的假设"), no supposition.
_ZH_NOUN_BEFORE = re.compile(r"(?:的|个|個|种|種)$")
# A legend told as one: "起源于…一个传说故事，相传…".
_ZH_LEGEND = re.compile(r"传说|傳說|神话|神話|故事|典故")
_ZH_HEARSAY = frozenset({"相传", "相傳", "据传", "據傳"})
_ZH_LACKS = frozenset({"缺乏", "缺少", "无法获取", "無法獲取", "无法获得", "無法獲得"})
# 怀疑 as the noun "doubt" ("甚至会产生自我怀疑"): a feeling named, not the answerer's doubt.
_ZH_DOUBT_NOUN = re.compile(r"(?:自我|产生|產生|引起|引发|引發|带来|帶來)$")
# EN: how a thing is regarded ("could be considered offensive", "could potentially be seen as
# critical"), or seems to others ("might seem unusual to outsiders"): session 20's regard.
_EN_REGARD = re.compile(
    r"(?:\s+(?:potentially|also|even|easily|still))*(?:\s+be)?\s+(?:considered|seen|viewed|regarded|"
    r"perceived|interpreted|taken)\b",
    re.IGNORECASE,
)
_EN_SEEM_TO_OTHERS = re.compile(
    r"\s+(?:seem|appear|look|sound|feel)\s+(?:\w+\s+){0,2}?to\s+(?:outsiders|others|some|many|"
    r"people|foreigners|visitors|newcomers|beginners|westerners|strangers|observers)\b",
    re.IGNORECASE,
)
# "which may or may not coincide": both ways, a caveat that it varies (session 7).
_EN_EITHER_WAY = re.compile(r"\s+or\s+(?:may|might)\s+not\b", re.IGNORECASE)
_EN_EITHER_WAY_BEFORE = re.compile(r"\b(?:may|might)\s+or\s+$", re.IGNORECASE)
# A name's use: "may be referred to as", "might be called a 'perfect break'".
_EN_NAMING = re.compile(
    r"(?:\s+also)?(?:\s+be)?\s+(?:called|referred\s+to|known\s+as|termed|named|labell?ed)\b",
    re.IGNORECASE,
)
# What a thing can be used for, suggested: "This motto could be used in various materials".
# What an item may mean to someone (the advice set): "they might also like the following
# books", "which would likely be relevant to the paper you mentioned".
_EN_FIT = re.compile(
    r"(?:\s+also)?\s+(?:like|enjoy|appreciate|love)\b|(?:\s+be)?\s+(?:relevant|useful|helpful|"
    r"of\s+interest|a\s+good\s+fit)\b",
    re.IGNORECASE,
)
_EN_USE = re.compile(r"(?:\s+also)?(?:\s+be)?\s+used\s+(?:for|in|as|to|on|with)\b", re.IGNORECASE)
# What another party may suggest ("They might suggest retinoids", "医生可能会建议…"): session 9.
_OTHER_PARTY_ACT = re.compile(
    r"(?:\s+also)?\s+(?:suggest|recommend|prescribe|advise|refer\s+you)\b|(?:会|會)?(?:建议|建議|推荐|推薦|开药|開藥)",
    re.IGNORECASE,
)
# A person as the subject ("They might suggest…", "your dermatologist may recommend…"); "this
# might suggest a hormonal imbalance" (suggest as indicate) is a guess about the case.
_PARTY_BEFORE = re.compile(
    r"\b(?:they|he|she|doctors?|physicians?|professionals?|experts?|providers?|pharmacists?|"
    r"\w+ists?|\w+ians?)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)
_FIRST_PERSON_BEFORE = re.compile(r"\b(?:I|we)\s+$|我们?$", re.IGNORECASE)
# A concession: "While Weaver may not be as widely recognized…, his work…", "Although indoor
# gardening may not completely replace…, it can help", "despite looking like it might be…":
# the modal concedes a point on the way to the main clause, whose claim is flat.
_CONCEDES = re.compile(
    r"(?<![\w-])(?:while|although|though|even\s+though|despite)\s", re.IGNORECASE
)
_OWN_CASE_WORDS = re.compile(r"\b(?:you|your|yours|I|we|our|my)\b", re.IGNORECASE)
# How a thing looks: "appear to have a slightly different hue", "can appear to have shades".
_EN_LOOKS = re.compile(
    r"(?:\s+appear)?(?:\s+to)?\s+(?:have\s+)?(?:\w+\s+){0,3}?(?:hues?|shades?|colou?rs?|tints?|tones?|"
    r"glow|sheen|bluish|reddish|darker|lighter|brighter|paler|blue|red|green|orange|purple)\b",
    re.IGNORECASE,
)
_SEEING_CUES = frozenset({"appear to", "appears to", "might", "may", "seems", "seem to", "looks"})
# "The triangle looks like:" then the figure: it shows, it claims nothing.
_SHOWS_NEXT = re.compile(r"\s*:\s*\n")
# A deduction in a worked proof or solution ("Therefore, (k + 1)^2 must be non-negative"):
# the computation case, when the sentence writes mathematics.
_PROOF_MATH = re.compile(r"\^|[=≥≤]|\(\s*\w+\s*[-+*/]\s*\w+\s*\)")
# Why a belief arises: "The confusion may arise because…": about the asker's belief.
_BELIEF_SUBJECT = re.compile(
    r"\b(?:confusion|misconception|misunderstanding|mix-up)\b", re.IGNORECASE
)
# A drafted text for the user to use ("Here's a persuasive social media post…", "Here's an
# outline for a blog post…"): its words are text to be copied (session 7), not claims.
_DRAFT_OPENING = re.compile(
    r"^\s*(?:(?:certainly|sure|of\s+course)[!.,]?\s+)?here(?:'s|\u2019s|\s+is)\s+(?:a|an|the|my|your|some)\s+"
    r"(?:[\w-]+\s+){0,5}?(?:post|caption|e-?mail|letter|message|tweet|script|story|poem|song|speech|"
    r"slogan|motto|tagline|bio|advertisement|ad|outline|draft|announcement|invitation|toast)\b",
    re.IGNORECASE,
)
# The quantities of a recipe the answer gives: an ingredient line ("- 1 can of snails (about
# 24 snails)") or its yield ("This recipe serves about 6-8", "makes … about 24 cupcakes").
_RECIPE_LINE = re.compile(r"[ \t]*[-*•][ \t]+(?:\d|½|¼|¾|one\b|two\b|a\s+pinch)", re.IGNORECASE)
_RECIPE_YIELD = re.compile(r"\brecipe\s+(?:makes|serves|yields)\b", re.IGNORECASE)
_EN_APPROXIMATORS = frozenset({"about", "approximately", "around", "roughly", "approx."})
# An approximation in a kind's setting: "For most people, it takes about 30 to 45 minutes".
_KIND_SETTING = re.compile(
    r"\b(?:for|in)\s+(?:most|many|the\s+average|an\s+average|a\s+typical)\s+(?:\w+\s+)?"
    r"(?:people|persons|adults|individuals|cases|users|patients)\b|\bon\s+average\b",
    re.IGNORECASE,
)


def _unaddressed(text: str, latest_result: str | None) -> bool:
    """True when ``text`` is an explanation from general knowledge, the frame of session 22's
    rulings: it reads no result, speaks to nobody (no 你, 您 or 亲 in it: a chat reply to the
    user's own case has them) and runs to a few sentences (a doctor's or a shop's short reply
    is about the case it answers)."""
    return (
        not (latest_result and latest_result.strip())
        and len(text) >= _EXPLANATION_CHARS
        and not _ZH_YOU.search(text)
    )


# "亲" as the shop's address ("亲，…", "亲亲", "亲爱的"), not 亲密 or 亲近
_ZH_YOU = re.compile(r"[你您]|亲亲|亲爱的|親愛的|(?:^|[，,。！!\s])[亲親](?=[，,！!~～。\s]|$)")
_EXPLANATION_CHARS = 120
# A cause put forward or a verdict ("可能是由于…", "可能有以下几种原因", "是有可能的", "胸口痛有
# 可能。"), and a belief reported ("另一些人则认为可能存在…"): session 17's and 19's readings, left
# to the rules above.
_ZH_CAUSE_AFTER = re.compile(
    r"是(?:由于|由於|因为|因為)|(?:是|有)?[^，,。；;\n]{0,8}?原因|(?:的)?(?:[。！!？?，,；;]|$)"
)
_ZH_BELIEF_BEFORE = re.compile(r"认为|認為|觉得|覺得")
_ZH_CONCEDES = re.compile(r"虽然|雖然|尽管|儘管")


def _zh_subject(text: str, c_lo: int, start: int, s_lo: int) -> str | None:
    """The subject of the Chinese clause before ``start``: its words less openers and
    adverbs; the previous clause's when the clause has none (a shared subject); ``None``
    when neither has one (the cue opens its sentence: "可能是因为…")."""
    own = _ZH_ADVERBS_TAIL.sub("", _ZH_OPENERS.sub("", text[c_lo:start].strip(" ，,：:*")))
    if not _ZH_NO_SUBJECT.match(own):
        return own
    if c_lo <= s_lo:
        return None
    before = text[s_lo:c_lo]
    pieces = [p for p in re.split(r"[，,：:]", before) if p.strip()]
    if not pieces:
        return None
    prev = _ZH_ADVERBS_TAIL.sub("", _ZH_OPENERS.sub("", pieces[-1].strip(" *")))
    return None if _ZH_NO_SUBJECT.match(prev) else prev


def _line_label(text: str, start: int, end: int) -> bool:
    """True when the cue stands in a line's label ("缺乏面对面互动：…"): a heading."""
    line_start = text.rfind("\n", 0, start) + 1
    head = text[line_start:start]
    if len(head) > 12 or _LINE_LABEL_START.search("\n" + head) is None:
        return False
    stop = _LINE_LABEL_END.search(text, end, min(len(text), end + 24))
    return stop is not None and "\n" not in text[end : stop.start()]


def _explained_rule(
    text: str,
    h: HedgeMatch,
    latest_result: str | None,
    c_lo: int,
    c_hi: int,
    s_lo: int,
    s_hi: int,
) -> str:
    """The session-22 rule that reads ``h`` as no hedge, or ``""`` (GUIDELINE, "Hedge rulings
    of session 22"): how a kind goes in an answer from general knowledge, duties, regard,
    concessions, naming, drafts and recipes."""
    phrase = h.phrase.lower()
    if h.language == "zh":
        if _line_label(text, h.start, h.end):
            return "term"  # "缺乏面对面互动：在线学习…": a heading naming a kind
        if phrase in ("假设", "假設") and _ZH_NOUN_BEFORE.search(
            text, max(s_lo, h.start - 2), h.start
        ):
            return "term"  # "一个天文学的假设": a hypothesis named
        if phrase in ("怀疑", "懷疑") and _ZH_DOUBT_NOUN.search(
            text, max(s_lo, h.start - 2), h.start
        ):
            return "term"  # "甚至会产生自我怀疑": a feeling named
        if phrase in _ZH_HEARSAY and _ZH_LEGEND.search(text, s_lo, h.start):
            return "legend"  # "起源于…一个传说故事，相传…": a legend told as one
        if (
            phrase in _ZH_KIND_MODALS
            and _OTHER_PARTY_ACT.match(text, h.end)
            and not _FIRST_PERSON_BEFORE.search(text[max(s_lo, h.start - 6) : h.start])
        ):
            return "other_party"  # "医生可能会建议…": what another party may do (session 9)
        if not _unaddressed(text, latest_result):
            return ""
        if phrase in ("应该", "應該") and not _ZH_SHOULD_STATE.match(text, h.end):
            return "duty"  # "公司应该对其成本结构进行分析", "应该及早就医": what ought to be done
        subject = _zh_subject(text, c_lo, h.start, s_lo)
        if h.match.startswith(_ZH_APPROXIMATORS):
            earlier = re.split(r"[，,：:]", text[s_lo:c_lo])
            if (subject is not None and _ZH_KIND_MEMBER.match(subject)) or any(
                _ZH_KIND_MEMBER.match(_ZH_OPENERS.sub("", p.strip())) for p in earlier if p.strip()
            ):
                # "一颗橙子中含有约70毫克", "它们是中等体型的鸟类，体重约为100克": a kind's typical value
                return "rule_for_kind"
            return ""
        if phrase in _ZH_KIND_MODALS and not _ZH_CAUSE_AFTER.match(text, h.end):
            if subject is not None and _ZH_BELIEF_BEFORE.search(subject):
                return ""
            if _ZH_CONCEDES.match(text[c_lo : h.start].lstrip(" ，,")):
                return ""  # "虽然…可能…，但…": a concession, left to the rules above
            if subject is not None and not _ZH_CASE_SUBJECT.search(subject):
                return "rule_for_kind"  # "失眠可能会使人感到疲惫", "有些产品可能…": a kind
            if subject is not None and _ZH_EFFECT.match(text, h.end, c_hi):
                return "rule_for_kind"  # "这可能会对航天器造成损坏": what a thing may bring
        if h.match in _ZH_LACKS and subject is not None and not _ZH_CASE_SUBJECT.search(subject):
            return (
                "lack_of_thing"  # "学生…缺乏实时的监督", "他们缺乏足够的成熟度": not the answerer's
            )
        return ""
    if (
        h.kind == "guess"
        and phrase in ("may", "might", "may not", "might not")
        and (
            _EN_EITHER_WAY.match(text, h.end)
            or _EN_EITHER_WAY_BEFORE.search(text, max(s_lo, h.start - 12), h.start)
        )
    ):
        return "variability"  # "which may or may not coincide": both ways
    if h.kind == "guess" and phrase not in _EN_APPROXIMATORS:
        if _EN_REGARD.match(text, h.end) or _EN_SEEM_TO_OTHERS.match(text, h.end):
            return "regard"  # "could be considered offensive", "might seem unusual to outsiders"
        if _EN_NAMING.match(text, h.end):
            return "term"  # "may be referred to as 'Parties'", "might be called a 'golden break'"
        if _EN_USE.match(text, h.end) and not _OWN_CASE_WORDS.search(text, c_lo, h.start):
            return "suggestion"  # "This motto could be used in various marketing materials"
        if _EN_FIT.match(text, h.end):
            return (
                "advice"  # "they might also like the following books", "would likely be relevant"
            )
        if _OTHER_PARTY_ACT.match(text, h.end) and _PARTY_BEFORE.search(
            text, max(s_lo, h.start - 30), h.start
        ):
            return "other_party"  # "They might suggest retinoids": another party's act
        if _POLICY_OBJECT.search(text, s_lo, s_hi):
            return "missing_capability"  # "That would likely infringe on the copyright": policy
        if _BELIEF_SUBJECT.search(text, c_lo, h.start):
            return "user_subject"  # "The confusion may arise because…": the asker's belief
        concession = None
        for m in _CONCEDES.finditer(text, s_lo, h.start):
            concession = m
        if (
            concession is not None
            # the concession opens the cue's own clause ("While X may…, Y")
            and "," not in text[concession.end() : h.start]
            and not _OWN_CASE_WORDS.search(text, concession.end(), h.start)
            and "," in text[h.end : s_hi]
        ):
            return "concession"  # "While Weaver may not be as widely recognized…, his work…"
    if phrase in _SEEING_CUES and _EN_LOOKS.match(text, h.end):
        return "appearance"  # "blood might appear to have a slightly different hue"
    if (
        h.kind == "softener"
        and phrase in ("looks like", "look like")
        and _SHOWS_NEXT.match(text, h.end)
    ):
        return "display"  # "The triangle looks like:" and the figure
    if phrase in ("must be", "must") and _PROOF_MATH.search(text, s_lo, s_hi):
        return "approx_worked"  # "Therefore, (k + 1)^2 must be non-negative": a deduction
    if phrase in _EN_APPROXIMATORS:
        opening = _step_patterns()[0].match(text, s_lo)
        if opening is not None and opening.end() <= h.start:
            # "Lower the temperature to 170°C (340°F) and continue roasting for about 1.5
            # hours": a step's quantity, whatever its parentheses hold (session 20's recipe)
            return "instruction"
        line_start = text.rfind("\n", 0, h.start) + 1
        if _RECIPE_LINE.match(text, line_start) or _RECIPE_YIELD.search(text, s_lo, h.start):
            return "instruction"  # an ingredient line or a recipe's yield: a recipe quantity
        if _KIND_SETTING.search(text, s_lo, h.start):
            return "rule_for_kind"  # "For most people, it takes about 30 to 45 minutes"
    first_line = text.find("\n")
    if first_line >= 0 and h.start > first_line and _DRAFT_OPENING.match(text):
        return "quoted"  # the body of a post, an outline or a letter drafted for the user
    return ""


# A modal with a predicate that states what a rule allows or costs: "may be eligible for",
# "may not be modified", "may incur", "may apply".
_RULE_PREDICATE = re.compile(
    r"(?:may|might|can|could)(?:\s+(?:also|still|not|only))*\s+(?:"
    r"incur|apply|require|need|cost|vary|expire|"
    r"be\s+(?:(?:fully|partially|only)\s+)?(?:eligible|subject|modified|changed|cancell?ed|"
    r"refunded|charged|processed|exchanged|returned|combined|upgraded|applied|waived|"
    r"required|allowed|permitted|restricted|non-refundable|refundable))\b",
    re.IGNORECASE,
)
# Words that make a noun phrase specific: a determiner, a possessive, a pronoun.
_SPECIFIC = re.compile(
    r"\b(?:the|a|an|your|my|our|their|his|her|its|this|that|these|those|there|it|i|we|you|"
    r"they|he|she|which|who|whose|some|any|each|every|both|either)\b|['\u2019]s\b",
    re.IGNORECASE,
)
_BULLET = re.compile(r"\s*(?:[-*•]|\d+[.)])?\s*")
# The conjunction that opens a clause after a comma ("…, and return shipping costs may
# apply") is no word of its subject.
_CLAUSE_CONJUNCTION = re.compile(r"(?:and|but|or|so|yet|while|whereas|plus)\s+", re.IGNORECASE)


def _generic_subject(text: str, lo: int, start: int) -> bool:
    """True when the clause's subject before ``start`` is a bare plural ("Checked bags",
    "Basic economy tickets", "Cancellations within 24 hours"): a kind of thing, so the
    sentence states a rule, not a fact of this case ("Your bag may be…", "There might be…")."""
    bullet = _BULLET.match(text, lo, start)
    at = bullet.end() if bullet else lo
    conjunction = _CLAUSE_CONJUNCTION.match(text, at, start)
    subject = text[conjunction.end() if conjunction else at : start].strip()
    words = subject.split()
    if not 1 <= len(words) <= 7 or not words[0][:1].isalpha():
        return False
    if _SPECIFIC.search(subject):
        return False
    return any(
        len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")) for w in words[:3]
    )


# Some of a kind as the setting, in English as _SOME_CASES in Chinese: "In some
# jurisdictions, there might be stringent enforcement…, while in others…", "For others, the
# information might be updated daily": how things go here and there, the general case.
_SOME_SETTING = re.compile(
    r"(?:^|[\s,;(])(?:in|for|with|on|at)\s+(?:some|certain|other|many|most)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:cases|jurisdictions|countries|states|regions|markets|places|areas|"
    r"situations|applications|companies|industries|devices|people|users|instances|circumstances)\b|"
    r"(?:^|[\s,;(])(?:in|for)\s+(?:some|others|many)\s*,|"
    # "in areas with artificial light, it may appear orange" (round 21): places of a kind
    r"(?:^|[\s,;(])(?:in|for)\s+(?:areas|places|regions|cities|countries|situations|cases|people|"
    r"climates|environments)\s+(?:with|where|that|which|who)\b",
    re.IGNORECASE,
)
# A modal before a state, not an act or a comparison: "might be outdated", "may have been
# moved" ("may be more reserved" compares, as "are more likely to").
_STATE_PREDICATE = re.compile(
    r"\w+(?:\s+(?:also|still|not|now|already))*\s+(?:be|been|have\s+been)\s+"
    r"(?!more\b|less\b|\w+er\b)",
    re.IGNORECASE,
)
_TO_AFTER = re.compile(r"\s+to\s", re.IGNORECASE)
# "there might still be some situations where manual review becomes necessary": a kind of
# case named after the cue.
_SOME_CASES_AFTER = re.compile(
    r"(?:\s+(?:still|also|even))?\s+(?:be\s+)?(?:some|certain|rare)\s+"
    r"(?:cases|situations|instances|circumstances|scenarios)\b",
    re.IGNORECASE,
)
# A list item's label before its text: "- **Cultural Attitudes**: ".
_ITEM_LABEL = re.compile(r"\s*(?:[-*•]|\d+[.)])?\s*\**[^:\n*]{1,40}\**\s*[:：]\**\s*")
# Nouns that name a kind without a plural "s": "UK media may be more reserved".
_KIND_NOUNS = frozenset({"people", "media", "children", "men", "women"})
# Words between a kind's noun and its modal: "Fans are likely", "Brands are more likely",
# "Investors also may".
_KIND_AUXILIARY = frozenset(
    {"are", "is", "were", "was", "be", "been", "also", "more", "less", "much", "even", "still"}
    | {"often", "generally", "will", "would", "then", "further", "sometimes", "usually"}
    | {"typically"}
)
# What cannot open a noun phrase that is the subject: "Given worsening symptoms … likely".
# Quantifiers that name some members of a kind ("Some women", "Many couples"); "Some of
# your items" (with "of") names this case's.
_SOME_OF_KIND = frozenset({"some", "many", "most", "certain"})
# "they" taking up the kind a sentence opens with ("Small businesses are often targeted by
# scammers because they may have fewer resources", "Scammers tend to target this age group
# because they are more likely to…": round 19's MTRAG answers), the general case.
_THEY_AFTER_CONJUNCTION = re.compile(
    r"(?:\b(?:because|as|since|so|and|but|while|where|when)|,)\s+they\s+"
    r"(?:(?:are|were|also|often|more|less)\s+)*$",
    re.IGNORECASE,
)
_KIND_OPENING = re.compile(
    r"\s*(?:[-*\u2022]\s+|\d+[.)]\s+)?(?:\**[^:\n*]{1,40}\**\s*:\**\s*)?"
    r"((?:[A-Za-z-]+\s+){0,3}?[A-Za-z-]+)\s+(?:are|were|tend|have|can|often|usually|typically|"
    r"generally|do|will|need|face)\b",
    re.IGNORECASE,
)


def _kind_taken_up(text: str, s_lo: int, start: int) -> bool:
    """True when the cue at ``start`` follows "because they …" and the sentence opens with a
    kind of thing as its subject (see :data:`_THEY_AFTER_CONJUNCTION`)."""
    if _THEY_AFTER_CONJUNCTION.search(text, s_lo, start) is None:
        return False
    opening = _KIND_OPENING.match(text, s_lo, start)
    if opening is None:
        return False
    subject = opening.group(1)
    noun = subject.split()[-1]
    return _SPECIFIC.search(subject) is None and (
        noun.lower() in _KIND_NOUNS
        or (len(noun) > 3 and noun.endswith("s") and not noun.endswith(("ss", "us", "is")))
    )


_NOT_SUBJECT_OPENING = frozenset(
    {"given", "with", "for", "in", "on", "at", "by", "from", "without", "after", "before"}
    | {"despite", "since", "because", "as", "if", "when", "while", "whether", "once"}
    | {"unless", "until", "than", "so", "and", "but", "or"}
)
# A modal of applying: "a fare difference may apply" guesses about this booking.
_MAY_APPLY = re.compile(r"\w+(?:\s+not)?\s+(?:also\s+)?apply\b", re.IGNORECASE)
# An example's opening: what follows illustrates the general case just stated.
_EXAMPLE_OPENING = re.compile(r"(?:for\s+(?:example|instance)|e\.g\.)\s*,?\s*", re.IGNORECASE)
_EXAMPLE_BEFORE = re.compile(r"(?:for\s+(?:example|instance)|e\.g\.)\s*,?\s*$", re.IGNORECASE)
_RELATIVE = re.compile(
    r"\s(?:that|who|which|whose|with|in|of|like|such\s+as|being)\s", re.IGNORECASE
)


# A frame before a general remark: "Keep in mind that cats may not respond…" (round 21).
_NOTE_FRAME = re.compile(r"\s*(?:(?:keep|bear)\s+in\s+mind|note|remember)\s+that\s+", re.IGNORECASE)
# Any one person of a kind, described after it ("Someone interested in X", "Anyone who…").
_ANY_ONE = frozenset({"someone", "anyone", "somebody", "anybody", "whoever"})
# ... opening the clause, with the words that describe it before the modal.
_ANY_ONE_OPENING = re.compile(
    r"[\s,;:*-]*(?:someone|anyone|somebody|anybody)\s+(?:who|interested|looking|with|that|"
    r"seeking|new\s+to)\b[^.!?;\n]{1,80}$",
    re.IGNORECASE,
)


def _kind_subject(text: str, lo: int, start: int, s_lo: int = 0, s_hi: int = -1) -> bool:
    """True when the clause's subject before ``start`` is a kind of thing: a bare plural
    noun phrase, its head the last word before a relative clause ("Fans", "Central banks",
    "Higher THC strains", "Companies that make more money"), with no determiner, pronoun or
    name ("The hotels", "Their flights", "Thomas Edison" are this case's)."""
    label = _ITEM_LABEL.match(text, lo, start)  # "**Cultural Attitudes**: States with…"
    at = label.end() if label else lo
    bullet = _BULLET.match(text, at, start)
    at = bullet.end() if bullet else at
    example = _EXAMPLE_OPENING.match(text, at, start)  # "For instance, they might…"
    at = example.end() if example else at
    frame = _NOTE_FRAME.match(text, at, start)  # "Keep in mind that cats may not…"
    at = frame.end() if frame else at
    conjunction = _CLAUSE_CONJUNCTION.match(text, at, start)
    subject = text[conjunction.end() if conjunction else at : start].strip(" *_-:,")
    words = subject.split()
    while words and words[-1].lower() in _KIND_AUXILIARY:
        words.pop()
    if len(words) >= 2 and words[0].lower() in _SOME_OF_KIND and "of" not in words:
        words = words[1:]  # "Some women may not…", "Many couples might…": members of a kind
    if not words or not words[0][:1].isalpha() or words[0].lower() in _NOT_SUBJECT_OPENING:
        return False
    if len(words) >= 3 and words[0].lower() in _ANY_ONE:
        # "Someone interested in Bitcoin might also like…": any one person of a kind described
        # (session 20's round 21), as "A successful strategy may…" below
        return True
    # the opening may stand in a clause of its own, before the comma that starts this one
    example = example or _EXAMPLE_BEFORE.search(text, max(0, lo - 20), lo)
    if example and len(words) == 1 and words[0].lower() in ("they", "it", "one"):
        return True  # an example of what the kind just named does: "For instance, they might…"
    phrase = " ".join(words)
    relative = _RELATIVE.search(f" {phrase} ")
    if relative is not None and relative.start() > 0:
        phrase = phrase[: relative.start() - 1]  # "Companies that make more money"
    head = phrase.split()
    if 2 <= len(head) <= 5 and head[0].lower() in ("a", "an"):
        # an indefinite singular, any one of a kind: "A successful pitstop strategy may allow
        # a driver to gain positions", "an object detection algorithm might not understand…"
        # (round 15's explanations). With the user's things in the sentence it is this
        # case's ("Your order was refunded, and a restocking fee may apply", "A storm might
        # delay your flight"), and a fee or a difference that may apply is a guess about it
        rest = " ".join(head[1:])
        hi = len(text) if s_hi < 0 else s_hi
        return (
            head[-1][:1].islower()
            and _SPECIFIC.search(rest) is None
            and not _SECOND_PERSON.search(text, s_lo, hi)
            and not _MAY_APPLY.match(text, start, hi)
        )
    if not 1 <= len(head) <= 4 or _SPECIFIC.search(phrase):
        return False
    noun = head[-1]
    if len(head) > 1 and noun[:1].isupper():
        return False  # a name ("Thomas Edison")
    return noun.lower() in _KIND_NOUNS or (
        len(noun) > 3
        and noun.isalpha()
        and noun.endswith("s")
        and not noun.endswith(("ss", "us", "is", "'s"))
    )


# Process words that also name the user's things: "this is likely a connection issue"
# (the user's line), "the billing page may not be available to you". Before the phrase
# (its subject: "the connection might have dropped") or after a failed call ("this could
# be a network issue" after "Error: timeout") they are the agent's process; after the
# phrase otherwise they are the task's facts.
_AMBIGUOUS_PROCESS = re.compile(
    r"(?<![\w-])(?:issues?|problems?|connection|network|errors?|pages?|system|format|invalid|"
    r"returned|responses?)(?![\w-])|网络|连接|页面|系统|错误|报错|返回",
    re.IGNORECASE,
)
# A result that reports that the call failed: "Error: …", {"error": "…"}, a traceback, an
# HTTP error status.
_FAILED_RESULT = re.compile(
    r"""^\s*(?:error\b|exception\b|traceback\b)|['"]error['"]\s*:\s*['"][^'"]|"""
    r"""\bbad\s+request\b|\binternal\s+server\s+error\b|\bunauthori[sz]ed\b|\bforbidden\b|"""
    r"""\btimed\s+out\b|['"]?status(?:_code)?['"]?\s*[:=]\s*[45]\d\d\b""",
    re.IGNORECASE,
)


# A process word after a guess whose predicate says what data it holds or lacks ("maybe the
# tool has no Italian entries", "the database seems to be lacking options"): a guess about
# the data, not the process; "has no function for it" names the process again.
# Advice on what the user should get or do, before the cue in its clause: "you'll want
# large, durable, and perhaps lightweight options", "you'd want to look for…".
# "may want to", "might wish to": a suggestion to whoever the subject is.
_WANT_TO = re.compile(r"\s+(?:also\s+)?(?:want|wish)\s+to\b", re.IGNORECASE)
_ADVISES = re.compile(
    r"\byou(?:['\u2019]ll|\s+will|['\u2019]d|\s+would)\s+(?:probably\s+|also\s+)?want\b|"
    # an ideal stated as advice: "Ideally, your savings should cover 3-6 months of expenses"
    r"\bideally\s*,",
    re.IGNORECASE,
)
# 应该 that concludes what the case is: "应该是…", "应该属于…", "应该算…".
_ZH_CONCLUDES = re.compile(r"(?:是|属于|屬於|算是?|构成|構成)")
# ... of the client's case: "应该是您…" or after "您这种情况"; a processing time ("这个应该是
# 处理不超过四十八小时的", round 6's staff) is not concluded of the client's case.
_ZH_CONCLUDES_YOU = re.compile(r"(?:是|属于|屬於|算是?)(?:您|你)")
_ZH_YOUR_CASE = re.compile(
    r"(?:您|你)(?:的|这种|這種|这个|這個|这样的|這樣的)?(?:情况|情況|案子|问题|問題)$"
)
# A modal on what the user already is or has ("you may already be partway there", "you
# might already have been refunded"); what the user already knows is about the user.
_ALREADY_STATE = re.compile(
    r"\s+already\s+(?:be|have|been)\b(?!\s+(?:aware|familiar|heard|noticed|seen|known|"
    r"told|considered|thought|know|tried))",
    re.IGNORECASE,
)
# "you may be eligible for a discount": whether this customer qualifies is a fact of the
# account, guessed before any check (round 8's ruling), not an offer or advice.
_ELIGIBLE = re.compile(r"\s+(?:be\s+)?(?:eligible|entitled|qualified)\b", re.IGNORECASE)
#: How many words after a cue must stand in the latest result, in order, for the cue to be
#: the result's own words rather than the agent's.
_RESULT_RUN = 5
_WORD_RUN = re.compile(r"[\w'’%$.-]+")


def _result_words(text: str, start: int, hi: int, result: str) -> bool:
    """True when the cue at ``start`` and the words after it in its clause stand word for
    word in the latest result: the agent copies the tool's sentence ("Treatment may involve
    inhalers…" after a result whose ``aid`` says so), it does not hedge."""
    words = _WORD_RUN.findall(text, start, hi)[: _RESULT_RUN + 1]
    if len(words) <= _RESULT_RUN:
        return False
    return " ".join(words).lower() in _result_word_text(result)


@functools.lru_cache(maxsize=64)  # every cue of a message reads the same latest result
def _result_word_text(result: str) -> str:
    """The latest result's words, lower-case, one space apart (see :func:`_result_words`)."""
    return " ".join(_WORD_RUN.findall(result)).lower()


# An issue or problem with an action the agent took or its own system is the process:
# "there might have been an issue with updating your cart", "an issue with the previous
# cart update" ("an issue with your order" is about the data).
_MALFUNCTION = re.compile(
    r"\s+with\s+(?:\w+ing\b|(?:the|my|our)\s+(?:\w+\s+){0,2}?(?:update|system|tool|request)s?\b)",
    re.IGNORECASE,
)
_TECHNICAL = re.compile(r"\btechnical\s+(?:\w+\s+)?$", re.IGNORECASE)
_HOLDS_NO_DATA = re.compile(
    r"(?:\s+\w+)?\s+(?:(?:has|have|had|holds?|contains?|lists?)\s+no|(?:is|are)\s+missing|"
    r"lacks?|(?:is|are)\s+lacking|(?:does|do|did)\s*n(?:o|['\u2019])t\s+(?:have|hold|contain|list))"
    r"\s+(?!(?:[\w-]+\s+){0,2}(?:functions?|tools?|apis?|endpoints?|parameters?|arguments?|"
    r"access|capabilit\w*|results?|matches|errors?)\b)\w",
    re.IGNORECASE,
)


# An organ or a body system before 功能 or 系统 makes them the body's ("估计肺功能可能已经…",
# "神经系统疾病"), not a tool's or a system the agent uses.
_BODY_FUNCTION = re.compile(
    r"(?:肺|肝|肾|腎|心|脑|腦|甲状腺|甲狀腺|膀胱|肠|腸|胃|免疫|生殖|呼吸|消化|肌肉|神经|神經|认知|認知|"
    r"性|凝血|通气|通氣|循环|循環|内分泌|內分泌|泌尿|运动|運動|"
    # the heart's: "心脏泵血功能不好", "心脏舒张功能降低" (round 16's cardiologists)
    r"泵血|供血|收缩|收縮|舒张|舒張|造血)$"
)

# A disorder named by the function it upsets, with no organ before it ("那还是功能紊乱可能性
# 大", round 17's ReMeDi doctors; "功能性消化不良"): a diagnosis. "功能异常" stays ambiguous
# (a feature of the agent's system may misbehave).
_FUNCTION_DISORDER = re.compile(r"紊乱|紊亂|失调|失調|障碍|障礙|减退|減退|亢进|亢進|不全|性")


# A carrier's or a postal service's network or system, the parcel's way, not the agent's
# process: "The package has reached the USPS delivery network and appears to have been…".
_CARRIER_BEFORE = re.compile(
    r"\b(?:delivery|postal|carrier|courier|shipping|USPS|UPS|FedEx|DHL|rail|airline)\s+$",
    re.IGNORECASE,
)


# The customer's own complaint or request named by a process word: a possessive before it, or
# after it the complaint's description or the request's timing.
_USERS_MATTER_WORD = re.compile(r"issues?|problems?|requests?|claims?", re.IGNORECASE)
_USERS_BEFORE = re.compile(
    r"(?:customer|user|client|buyer)['\u2019]s\s+$|\b(?:their|his|her)\s+$", re.IGNORECASE
)
_USERS_MATTER_AFTER = re.compile(
    r"\s*(?:\(|described\b|reported\b|(?:is|was|falls|fell)\s+(?:well\s+)?within\b|"
    r"was\s+made\b)",
    re.IGNORECASE,
)
# A physical state after 接口: the device's port or plug ("接口发黑", round 22's after-sales
# assistant), not a programming interface.
_PORT_STATE = re.compile(
    "(?:处|處)?(?:发黑|發黑|发烫|發燙|发热|發熱|烧|燒|焦|松动|鬆動|氧化|生锈|生鏽|变形|變形|冒烟|冒煙|"
    "破损|破損|断裂|斷裂|进水|進水|接触不良|接觸不良)"
)
# "function" as a verb: "ceasing to function", "does not function" (round 22's support agent)
_WORKS_BEFORE = re.compile(r"\b(?:to|not|n['\u2019]t|longer)\s+$", re.IGNORECASE)


# "returned" in the passive ("the book was returned by someone else", "items that have been
# returned"): an item given back to the shop, a fact of the order, not what a call returned.
_PASSIVE_BEFORE = re.compile(
    r"\b(?:was|were|been|be|is|are|being|got|get)\s+(?:already\s+|not\s+|never\s+)?$",
    re.IGNORECASE,
)


def _item_returned(text: str, m: re.Match[str]) -> bool:
    """True when the process word ``m`` is "returned" in the passive (:data:`_PASSIVE_BEFORE`)."""
    return m.group().lower() == "returned" and (
        _PASSIVE_BEFORE.search(text, max(0, m.start() - 24), m.start()) is not None
    )


def _process_clause(
    text: str, lo: int, start: int, hi: int, result: str | None, end: int = -1
) -> bool:
    """True when the clause ``[lo, hi)`` around a guess at ``[start, end)`` is about the
    agent's process: a process word before the phrase, or after it one that names nothing
    else (a tool, a query), or any after a failed call."""
    ambiguous = False
    for m in context_patterns()["process"].finditer(text, lo, hi):
        if start <= m.start() and m.end() <= end:
            continue  # "do not exist to my knowledge": the cue's own words, not a process
        if _BODY_FUNCTION.search(text, max(0, m.start() - 3), m.start()) and m.group() in (
            "功能",
            "系统",
        ):
            continue  # "肺功能", "呼吸系统": the body's, not the agent's tools
        if _USERS_MATTER_WORD.fullmatch(m.group()) and (
            _USERS_BEFORE.search(text, max(0, m.start() - 16), m.start())
            or _USERS_MATTER_AFTER.match(text, m.end())
        ):
            # "the issue (flickering RGB and unresponsive keys)", "The issue described", "as
            # the request is within the 30-day window" (round 22's support agent): the
            # customer's own complaint or request, not the agent's process
            continue
        if (
            not result
            and _R34_CASE_WORD.fullmatch(m.group())
            and _R34_CASE_BEFORE.search(text, max(0, m.start() - 24), m.start())
        ):
            # "the issue could be related to your graphics drivers", "There may be a temporary
            # issue on the server side" with no tool read (session 32, round 34's helpdesk): the
            # customer's fault and its cause (round 28), no call of the agent's to fail
            continue
        if m.group() == "接口" and _PORT_STATE.match(text, m.end()):
            continue  # "接口发黑可能已经涉及内部结构": a device's port, not an API
        if _item_returned(text, m):
            continue  # "the book was returned by someone else": an item given back, no call
        if m.group().lower() == "function" and _WORKS_BEFORE.search(
            text, max(0, m.start() - 12), m.start()
        ):
            continue  # "the product ceasing to function": a device's working, not a tool's function
        if m.group() == "功能" and _FUNCTION_DISORDER.match(text, m.end()):
            continue  # "功能紊乱可能性大", "功能性消化不良": a diagnosis, not the agent's tools
        if m.start() > start and _HOLDS_NO_DATA.match(text, m.end(), hi):
            continue  # "maybe the tool has no Italian entries": what the data lacks
        if _CARRIER_BEFORE.search(text, max(0, m.start() - 16), m.start()):
            continue  # "reached the USPS delivery network": the carrier's, not the agent's
        if m.start() < start or not _AMBIGUOUS_PROCESS.fullmatch(m.group()):
            return True
        if _MALFUNCTION.match(text, m.end(), hi) or _TECHNICAL.search(text, lo, m.start()):
            return True  # "an issue with updating your cart", "a technical issue": the process
        ambiguous = True
    if not ambiguous or not result:
        return False
    return _FAILED_RESULT.search(result, 0, _NO_RESULT_CHARS) is not None  # reported first


# Adverbs that give the speaker's belief in a proposition: with "you" in it they still
# judge this case ("You likely don't need to print a label", "Gusto likely won't let you
# edit it"), where a modal with "you" gives an option or advice ("you might want to").
_EPISTEMIC_ADVERBS = frozenset(
    {"likely", "most likely", "probably", "possibly", "presumably", "perhaps", "maybe"}
)
# The second person alone, as the user words' pronouns (not "help", "assist").
_YOU = re.compile(r"you(?:['\u2019](?:d|ll|re))?|yourself|您|你", re.IGNORECASE)


# Where the user's words are the source, not the subject: "As you explain the history it
# might be a gastric reflux", "按您描述考虑上呼吸道感染", "根据你说的"; and the user's own
# things, whose state is a fact of the case ("你的症状可能是…", "您的症状考虑…", "你这个应该就是
# 咽喉炎", "你父亲…"): neither makes the clause about the user.
# What the user's words denote, the subject of a guess: "what you said", "the hotel you
# mentioned", "您说的" (a meaning of the user's words, GUIDELINE).
_USER_WORDS = re.compile(
    r"\b(?:what\s+|the\s+(?:[\w-]+\s+){1,3}?)(?:that\s+)?you(?:['\u2019]re|\s+are|\s+were|\s+have)?\s+"
    r"(?:said|say|mean|meant|mentioned|described|referring\s+to|refer\s+to|talking\s+about|"
    r"asked\s+about)\s*$|(?:您|你)(?:所)?(?:说|說|提到|指|讲|講)的\s*$",
    re.IGNORECASE,
)
_USER_AS_SOURCE = re.compile(
    r"\b(?:as|from\s+what|based\s+on\s+what|according\s+to\s+what)\s+you(?:['\u2019]ve|\s+have)?"
    r"\s+(?:explain|describe|mention|say|said|state|report|told|tell)\w*|"
    # the user's words as the subject of a guess at what they denote ("What you said should
    # be …", "the hotel you mentioned must be …")
    r"\b(?:what\s+|the\s+(?:[\w-]+\s+){1,3}?)(?:that\s+)?you(?:['\u2019]re|\s+are|\s+were|\s+have)?\s+"
    r"(?:said|mean|meant|mentioned|described|referring\s+to|talking\s+about)\b|"
    r"(?:按|根据|根據|依据|依據|从|從|听|聽)(?:您|你)的?(?:描述|叙述|敘述|所说|所說|说的|說的|讲的|講的|"
    r"提供的|介绍|介紹|情况|情況)|"
    # the user's own equipment: "您连接的此WiFi" (round 12's Weibo helpdesk), "您使用的手机"
    r"(?:您|你)(?=的|这个|這個|连接的|連接的|使用的(?!时|時)|(?:所)?(?:说|說|提到|指)的|父亲|父親|母亲|母親|爸|妈|媽|孩子|宝宝|寶寶|家人|老公|老婆|丈夫|妻子|"
    # ... and the other relatives a patient asks for ("你妹妹这种情况考虑是…", round 20)
    r"儿子|兒子|女儿|女兒|妹妹|姐姐|哥哥|弟弟|奶奶|爷爷|爺爺|外婆|外公|姥姥|姥爷|姥爺)|"
    # the user as where a thing arrives or whose it is ("新鞋大概一周左右能到您手上", "您名下")
    # and the user's own act naming a thing of the case ("仓库可能还没有收到您寄回的音箱"):
    # the parcel's or the record's fact, not a sentence about the user (mk35zh, session 33)
    r"(?:您|你)(?=手上|手里|手裡|手中|那里|那裡|那边|那邊|家里|家裡|名下)|"
    # the user as who the answer is given to: "这一点我没法给您确定的答复" doubts the fact asked
    r"(?<=给|給)(?:您|你)(?=(?:一个|一個)?(?:确定|確定|明确|明確|确切|確切|准确|準確))|"
    r"(?:您|你)(?:寄回|寄出|退回|购买|購買|买|買|下单|下單|预订|預訂|订|訂|提交|申请|申請|填写|填寫|"
    r"收到|支付)的",
    re.IGNORECASE,
)


def _about_user(clause: str, phrase: str) -> bool:
    """True when the clause is about the user or offers help: a user word in it, unless
    the phrase is an epistemic adverb and the only user words are "you"; the user's words
    as a source and the user's own things (:data:`_USER_AS_SOURCE`) do not count."""
    user = context_patterns()["user"]
    aside = [m.span() for m in _USER_AS_SOURCE.finditer(clause)]
    for m in user.finditer(clause):
        if any(lo <= m.start() < hi for lo, hi in aside):
            continue
        if phrase.lower() not in _EPISTEMIC_ADVERBS or not _YOU.fullmatch(m.group()):
            return True
    return False


# Advice (the advice set of session 15: recommenders, shop assistants, sales agents). Uncertainty about what an
# item or option means for the user's preferences, use or situation is advice, not a hedge
# ("you'll probably prefer the lighter one", "it might work well for someone who travels
# often", "the Pro might be overkill for your needs", "I'm not sure which one would suit you
# best"); a guess at the item's own facts ("the battery is probably around 10 hours", "it
# typically contains sodium percarbonate") stays a guess. The _ADVICE_* patterns below feed
# _advice, which _rule asks before its kind-specific rules.
#
# What a guess says of the item after the cue in its clause: that it fits a user or a use
# ("suits you", "works well for", "appeals to fans of", "is probably enough", "might be too
# heavy for long hikes", "is probably the better choice", "might be the sweet spot").
# "enough to <verb>" ("might be enough to cover the fee") weighs a fact of the case, and
# "too late / too early / too soon for" when a thing comes: neither is fit.
_ADVICE_FIT = re.compile(
    r"(?:\s+(?:also|still|even|just|really|actually|definitely|especially|particularly|well)\b)?"
    # a softener's own infinitive or clause ("seems to meet your needs", "seems like it might
    # fit your criteria": round 18's hotel assistant, session 17's ruling)
    r"(?:\s+(?:to|like\s+it\s+(?:might|may|could|would)))?"
    r"\s+(?:"
    r"(?:suit|suits|fit|fits|match|matches)\s+(?:you|your|those|people|anyone|someone|beginners?"
    r"|\w+ers)\b|"
    r"(?:meet|meets|satisfy|satisfies|align\s+(?:well\s+|closely\s+)?with|aligns\s+"
    r"(?:well\s+|closely\s+)?with)\s+(?:all\s+|most\s+|many\s+)?(?:of\s+)?your\b|"
    r"(?:work|works|fit|fits|do|does)\s+(?:very\s+|really\s+|quite\s+|particularly\s+|especially\s+)?"
    r"(?:well|best|better|nicely|great)\s+(?:for|with|if)\b|"
    r"appeal\s+(?:more\s+|most\s+)?to\b|"
    # "enough" as the predicate ("is probably enough.", "enough for a beginner"), not before a
    # noun ("there may not be enough suitable accommodations": a guess about the data)
    r"(?:be\s+)?(?:just\s+|more\s+than\s+)?(?:enough|sufficient|plenty|overkill)"
    r"(?=\s*(?:$|[.,;:!?)]|for\b|if\b))|"
    # the cue's own "be" ("might be", "may be") is in its match: "be" is optional
    r"(?:be\s+)?more\s+than\s+(?:you|one)\s+(?:need|needs|want)\b|"
    r"(?:be\s+)?(?:a\s+(?:bit|little)\s+)?too\s+(?!late\b|early\b|soon\b|old\b|new\b)\w+\s+for\b|"
    r"(?:be\s+)?worth\s+(?:considering|a\s+look|a\s+try|trying|checking|it|the\s+\w+|your)\b|"
    r"(?:be\s+)?(?:better\s+|best\s+|well[-\s])?suited\s+(?:to|for)\b|"
    r"(?:be\s+)?(?:the\s+)?(?:sweet\s+spot|way\s+to\s+go|better\s+bet|safer\s+bet)\b|"
    r"(?:be\s+)?(?:a|an|the)\s+(?:better|best|good|great|ideal|perfect|right|safer|smarter|"
    r"solid|natural)\s+(?:\w+\s+)?(?:choice|option|fit|pick|bet|match|buy)\b"
    r")",
    re.IGNORECASE,
)
# The same in Chinese: "入门套装可能就够用了" (the item enough for the user's use).
_ADVICE_FIT_ZH = re.compile(r"(?:就|也)?(?:够用|足够用)")
# The user as the subject of a preference the cue qualifies: "You'll probably prefer the
# lighter one", "you'd likely enjoy Arrival" (what the user will like, not a fact).
_ADVICE_USER_BEFORE = re.compile(
    r"\byou(?:['\u2019]ll|['\u2019]d|\s+will|\s+would)?\s*$", re.IGNORECASE
)
_ADVICE_PREFERS = re.compile(
    r"\s+(?:also\s+|really\s+|especially\s+)?(?:prefer|like|love|enjoy|appreciate)\b(?!\s+to\b)",
    re.IGNORECASE,
)
# Who the option is for, with what they want, before the cue in its sentence: "For those who
# want faster wort heating and possibly larger batches", "for anyone who prefers…".
_ADVICE_FOR_WHOM = re.compile(
    r"\bfor\s+(?:those|people|anyone|someone|users|buyers|readers|viewers|brewers|travell?ers)\s+"
    r"who\s+(?:\w+\s+)?(?:want|wants|prefer|prefers|like|likes|enjoy|enjoys|need|needs|love|loves|"
    r"are\s+looking|is\s+looking)\b|\b(?:fans|lovers)\s+of\b",
    re.IGNORECASE,
)
# What the user likes as the object of a doubt or a statement of missing information: "I
# don't have enough information about your preference", "I'm not sure what kind of movies
# you like", "not sure which one would suit you best" (about the user, as "I don't have your
# email" is; "the hotel you'd like to book" wants, it is no taste).
_ADVICE_USER_TASTE = re.compile(
    r"[^.?!\n]{0,60}?(?:\b(?:about|of|on)\s+your\s+(?:\w+\s+)?(?:preferences?|tastes?|needs|"
    r"interests|likes)\b|\byou(?:['\u2019]d|\s+would|['\u2019]ll|\s+will|\s+might)?\s+"
    r"(?:\w+\s+)?(?:like|prefer|enjoy|love)\b(?!\s+to\b)|\b(?:suit|suits|fit|fits)\s+you\b)",
    re.IGNORECASE,
)
# The matter a matter of taste: "as it is subjective and depends on individual preferences",
# "it comes down to personal preference".
_ADVICE_TASTE_MATTER = re.compile(
    r"\bsubjective\b|\bdepends?\s+(?:\w+\s+)?on\s+(?:your|individual|personal|one['\u2019]s|"
    r"the\s+(?:user|viewer|reader|buyer)['\u2019]s)\s+(?:own\s+)?(?:preferences?|tastes?|needs)\b|"
    r"\b(?:matter\s+of|comes\s+down\s+to)\s+(?:personal\s+)?(?:taste|preference)\b",
    re.IGNORECASE,
)
# A value recommended as the user's target, not one estimated: "aim for around 65°F", "with
# many brewers aiming for around 5.5", "keep it around 20°C"; after the number, "A pH of
# around 5.2 to 5.6 is generally ideal". "The recommended dosage is typically about 1 g"
# states the item's own value: it stays an estimate.
_ADVICE_TARGET_BEFORE = re.compile(
    r"\b(?:aim(?:s|ing)?\s+for|shoot(?:s|ing)?\s+for|target(?:s|ing)?|"
    r"keep(?:s|ing)?\s+(?:it|them|the\s+\w+)\s+(?:at\s+)?)\s*$",
    re.IGNORECASE,
)
_ADVICE_TARGET_AFTER = re.compile(
    r"(?:[^,.;:\n]|\.(?=\d)){0,30}?\b(?:is|are)\s+(?:generally\s+|usually\s+|typically\s+|often\s+)?"
    r"(?:ideal|optimal|recommended|preferred|best)\b",
    re.IGNORECASE,
)
# An example the agent offers as a template: "A typical grain bill might look something like
# this:".
_ADVICE_EXAMPLE = re.compile(
    r"\s+look\s+(?:something\s+|roughly\s+)?like\s+(?:this|the\s+following)\s*:", re.IGNORECASE
)
# Round 17's recommender (GUIDELINE, "Round 17's recommender"): what a property the message
# or its comparison states brings the user is advice, whatever modal carries it. The cue's
# modal is read from its start (a phrase may hold the verb: "could enhance"), then:
# "likely to" too: "it's in a residential area, so it's less likely to feel overly touristy"
# (round 18's hotel assistant, session 17's ruling on how a place will feel)
_ADVICE_MODAL = (
    r"(?:may|might|could|possibly|likely\s+to)(?:\s+(?:not|also|further|still|even|actually))*\s+"
)
# its effect on a quality of use ("which may limit protection on rugged trails", "which might
# reduce overall comfort", "features that could enhance usability", "possibly impacting
# smoothness"): the object a quality of use within a few words, so an effect on a fact of the
# case ("may reduce the refund amount", "may limit the upload speed") stays a guess;
_ADVICE_EFFECT = re.compile(
    _ADVICE_MODAL
    + r"(?:(?:limit(?:ing)?|restrict(?:ing)?|reduc(?:e|ing)|hinder(?:ing)?|hamper(?:ing)?|"
    r"compromis(?:e|ing)|lessen(?:ing)?|diminish(?:ing)?|enhanc(?:e|ing)|improv(?:e|ing)|"
    r"affect(?:ing)?|impact(?:ing)?|"
    # a degree of a quality: "its synthetic upper may provide less breathability"
    r"(?:provide|offer|give|deliver)\s+(?:less|more|reduced|limited|lower|better))"
    r"\s+(?:[\w'’-]+\s+){0,3}?(?:comfort|stability|support|"
    r"performance|protection|breathability|ventilation|airflow|usability|durability|flexibility|"
    r"control|absorption|security|grip|traction|portability|responsiveness|smoothness|lockdown|"
    r"visibility|storage\s+options|features|display)\b|"
    # the user's use itself: "may limit maintaining a steady frame rate"
    r"(?:limit|restrict|hinder|hamper)\s+\w+ing\b|"
    # the user left exposed: "which may leave your feet more exposed on rugged trails"
    r"leave\s+(?:your\s+)?\w+\s+(?:more\s+)?(?:exposed|vulnerable|unprotected)\b)",
    re.IGNORECASE,
)
# how the item will feel or look to the user ("its weight might feel heavy for faster runs",
# "may be challenging to see clearly"); a person who may feel something ("you may feel
# dizzy", "your father may feel tired") is no item (:data:`_ADVICE_PERSON_BEFORE`);
_ADVICE_FEEL = re.compile(
    _ADVICE_MODAL
    + r"(?:feel\s+(?:a\s+(?:bit|little)\s+|somewhat\s+|slightly\s+|too\s+|rather\s+|quite\s+)?"
    r"(?:less\s+|more\s+)?[a-z]+|(?:be\s+)?(?:a\s+bit\s+|somewhat\s+|slightly\s+)?(?:harder|hard|"
    r"difficult|challenging|tricky|awkward)\s+to\s+(?:see|read|use|hold|carry|wear|operate|"
    r"handle|view)|"
    # a break-in, and wear that shows: "which might take some breaking in", "the white color
    # option may show dirt quickly"
    r"take\s+(?:some\s+)?(?:time\s+to\s+)?break(?:ing)?[\s-]+in|"
    r"show\s+(?:dirt|wear|scratches|stains|marks|scuffs))\b",
    re.IGNORECASE,
)
_ADVICE_PERSON_BEFORE = re.compile(
    r"\b(?:you|i|we|he|she|they|patients?|father|mother|child|baby|son|daughter|wife|husband|"
    r"parents?)\s+$",
    re.IGNORECASE,
)
# "some might find the mid-top shaft less flexible": what some users will think of it;
_ADVICE_SOME_FIND = re.compile(r"\b(?:some|many|others|some\s+\w+ers)\s+$", re.IGNORECASE)
_ADVICE_FIND = re.compile(_ADVICE_MODAL + r"find\b", re.IGNORECASE)
# whether it fits the user's needs, a shortfall ("may not fully meet high ventilation needs"; "may
# align with the user's preferences" guesses whether found items have what was asked), "may not be
# ideal for harsh sun", "could be a drawback for…", "may not perform as well on slippery
# surfaces", "may not provide the highest breathability", "more rugged than necessary", "may
# not be the trendiest option", "may fall short if you prioritize…"; "may fall short on
# structured support" doubts whether it has the support: a guess);
_ADVICE_NEEDS = re.compile(
    _ADVICE_MODAL + r"(?:be\s+)?(?:"
    r"(?<=not\s)(?:fully\s+|quite\s+|entirely\s+|completely\s+)?(?:meet|satisfy|match|suit)\s+"
    r"(?:[\w'’-]+\s+){0,3}?(?:needs?|requirements?|preferences?|expectations?|goals?)\b|"
    r"(?<=not\s)(?:align|fit)\s+well\s+with\b|"
    r"(?:ideal|optimal)\s+for\b|"
    r"(?:a|the)\s+(?:\w+\s+)?drawback\b|"
    r"perform\s+(?:as\s+well|optimally|well|best)\b|"
    r"(?:provide|offer|give|deliver)\s+(?:the\s+)?(?:optimal|ideal|highest|best)\b|"
    r"(?:\w+\s+){1,2}than\s+(?:necessary|needed|you\s+need)\b|"
    r"the\s+\w+est\s+(?:\w+\s+)?(?:option|choice|pick)\b|"
    r"fall\s+short\s+(?:if|for|when)\b"
    r")",
    re.IGNORECASE,
)
# and a use that a stated property limits ("the aperture is narrow, so low-light control may be
# limited"), unless what the sentence draws it from is unstated ("do not specify waterproof
# materials, so waterproofing may be limited": a guess).
_ADVICE_LIMITED = re.compile(
    _ADVICE_MODAL + r"(?:be\s+)?(?:somewhat\s+|slightly\s+|a\s+bit\s+)?limited\s*(?:$|[.,;!])",
    re.IGNORECASE,
)
_UNSTATED_PREMISE = re.compile(
    r"\bnot\s+(?:\w+\s+)?(?:specif|mention|list|stat)|\bunspecified\b|\bno\s+(?:specific\s+)?"
    r"(?:information|details?|mention)\b|\bunclear\b|\bunknown\b",
    re.IGNORECASE,
)


def _advice_property(text: str, h: HedgeMatch, c_hi: int, s_lo: int) -> str:
    """The round-17 advice rule that drops the English guess ``h`` (clause end ``c_hi``,
    sentence start ``s_lo``), or ``""``: what a stated property brings the user."""
    if _ADVICE_EFFECT.match(text, h.start, c_hi):
        return "advice_effect"  # "which may limit protection on rugged trails"
    if _ADVICE_FEEL.match(text, h.start, c_hi) and not _ADVICE_PERSON_BEFORE.search(
        text, max(0, h.start - 12), h.start
    ):
        return "advice_feel"  # "its 2-pound weight might feel heavy for faster runs"
    if _ADVICE_FIND.match(text, h.start, c_hi) and _ADVICE_SOME_FIND.search(
        text, max(0, h.start - 20), h.start
    ):
        return "advice_feel"  # "some might find the mid-top shaft less flexible"
    if _ADVICE_NEEDS.match(text, h.start, c_hi):
        return "advice_fit"  # "so it may not fully meet high ventilation needs"
    if _ADVICE_LIMITED.match(text, h.start, c_hi + 1) and not _UNSTATED_PREMISE.search(
        text, s_lo, h.start
    ):
        return "advice_effect"  # "the aperture is narrow, so low-light control may be limited"
    return ""


# The condition of a piece of advice, opened before a softener in its clause: "If it appears
# dry, the readings will drift", "Replace the batteries if your device … seems inconsistent":
# what the user may observe, no claim.
_ADVICE_IF = re.compile(r"\b(?:if|unless)\b", re.IGNORECASE)


def _advice(text: str, h: HedgeMatch, kind: str, c_lo: int, c_hi: int, s_lo: int, s_hi: int) -> str:
    """The advice rule that drops the cue ``h`` (its clause ``[c_lo, c_hi)``, its sentence
    ``[s_lo, s_hi)``), or ``""``: uncertainty about what an option means for the user, not
    about the task's facts (the advice set; see the _ADVICE_* patterns)."""
    if _ADVICE_TASTE_MATTER.search(text, s_lo, s_hi):
        return "advice_taste"  # "I cannot compare them, as it is subjective": a matter of taste
    if kind in ("missing", "doubt"):
        if _ADVICE_USER_TASTE.match(text, h.end, c_hi):
            return "advice_taste"  # "I don't have enough information about your preference"
        return ""
    if h.language == "zh":
        return "advice_fit" if _ADVICE_FIT_ZH.match(text, h.end, c_hi) else ""
    if _ADVICE_FIT.match(text, h.end, c_hi):
        return "advice_fit"  # "it might work well for someone who travels often"
    if kind == "guess":
        rule = _advice_property(text, h, c_hi, s_lo)
        if rule:
            return rule
    if _ADVICE_PREFERS.match(text, h.end, c_hi) and _ADVICE_USER_BEFORE.search(
        text, max(c_lo, h.start - 16), h.start
    ):
        return "advice_fit"  # "You'll probably prefer the lighter one"
    if _ADVICE_FOR_WHOM.search(text, s_lo, h.start):
        return "advice_fit"  # "For those who want faster wort heating and possibly larger batches"
    if h.phrase.lower() in _APPROXIMATORS and (
        _ADVICE_TARGET_BEFORE.search(text, max(c_lo, h.start - 40), h.start)
        or _ADVICE_TARGET_AFTER.match(text, h.end, c_hi)
    ):
        return "advice_target"  # "aim for around 65°F": the user's target, not an estimate
    if _ADVICE_EXAMPLE.match(text, h.end, min(len(text), c_hi + 1)):  # the clause ends at ":"
        return "advice_example"  # "might look something like this:": a template offered
    if kind == "softener" and _ADVICE_IF.search(text, c_lo, h.start):
        return "advice_condition"  # "if your device … seems inconsistent": the advice's condition
    return ""


# A conclusion drawn from what came before: "…, so it appears to be outside the return
# period", "So, if you missed July 2, that date appears to have been replaced".
_INFERENCE_BEFORE = re.compile(
    r"(?:\b(?:so|therefore|thus|hence|which\s+means)|因此|所以|因而)\s*[,，]?\s*$", re.IGNORECASE
)
_INFERENCE_OPENING = re.compile(
    r"\s*(?:[-*•]\s*)?(?:so|therefore|thus|hence|this\s+means)\b|\s*(?:因此|所以|因而)|"
    # "Because it says she appeared in Ocean's 8, she should have been in an American film":
    # a reason clause first, then what is concluded from it
    r"\s*(?:[-*•]\s*)?(?:because|since)\b[^.!?\n]{3,200}?,\s",
    re.IGNORECASE,
)


# The modals of the general kind that draw a conclusion after "so" ("so it should be a
# film", "so the Mirny could not have traveled the globe"): a guess, not how things
# usually are.
_CONCLUSION_MODAL = re.compile(
    r"should\s+(?:be|have)|must\s+(?:be|have)|could(?:\s+not|n['\u2019]t)\s+have", re.IGNORECASE
)


# Chinese approximation words, and a request that the user give something before them.
_ZH_ROUGH = frozenset({"大致", "大概", "大约", "大約", "左右", "约", "約"})
_ZH_ASKS_USER_FOR = re.compile(
    "请(?:您)?(?:再)?(?:提供|告诉|告訴|告知|说明|說明|描述|填写|填寫|回忆|回憶|发|發)"
    # ... or to note it down ("测的时候顺手记下喝的是哪种杂粮粥、大概几勺": what the user is asked to
    # record, roughly; session 29's round 28)
    # (记录 alone is also the noun, "系统记录显示…", a record read: only after a word that asks)
    "|(?:顺手|顺便|记得|请|麻烦)记(?:下|录|錄)|记下"
)
# A look-up failing as a case of the agent's future act or of a wrong input: "我会明确说明
# 查不到" (what the agent will say), "数字有误确实会查不到" (what would happen), "查不到相关记录我
# 会明确说明" (round 22's after-sales assistant): the hypothetical, no fact found missing now.
_ZH_SAY_OR_WOULD_BEFORE = re.compile("(?:说明|說明|告诉您|告訴您|告知您?|会|會)$")
_ZH_THEN_I_WILL = re.compile("[^，,。；;！？!?\n]{0,8}?我(?:会|會|就|将|將)")
# A modal on the agent's next step: "this case may warrant escalation", "it might require a
# further review" (round 22's support agent): the plan (session 21's ruling), not a guess.
_STEP_WARRANTED = re.compile(
    r"\s+(?:warrant|require|need|call\s+for|merit)\s+(?:an?\s+|further\s+|additional\s+|"
    r"immediate\s+|manual\s+)*(?:escalation|investigation|review|follow[\s-]?up|inspection)\b",
    re.IGNORECASE,
)
# A negated finding verb whose subject is a program, not the agent: "When edits came via
# apply_patch, it didn't find a diff and showed nothing", "the parser didn't find the header"
# (a new user's Codex CLI logs, session 21's ruling): process narration, as a search's is.
_NOT_FOUND_VERB = re.compile(
    r"(?:did\s+not|didn['\u2019]t|could\s+not|couldn['\u2019]t|can['\u2019]t|cannot|"
    r"failed\s+to|does\s+not|doesn['\u2019]t)\s+(?:find|detect|see|locate|recogni[sz]e|pick\s+up)$",
    re.IGNORECASE,
)
_PROGRAM_SUBJECT = re.compile(
    r"\b(?:the|this|that|our|its|their)\s+(?:[\w-]+\s+)?(?:viewer|parser|script|program|app|"
    r"application|cli|extension|importer|exporter|loader|reader|ui|function|method|regex|"
    r"component|hook|plugin|module|command|build|server|client|watcher|linter|checker|"
    r"compiler|renderer|page|view|code)\s+$",
    re.IGNORECASE,
)
_IT_SUBJECT = re.compile(r"\bit\s+$", re.IGNORECASE)
# Code named in the sentence: an identifier with an underscore, a call "name()", a path.
_CODE_NAMED = re.compile(r"`[^`\n]+`|\b[a-z]+_[a-z_]+\b|\b\w+\(\)|\b[\w-]+\.(?:py|ts|js|rs|go)\b")


def _program_did(text: str, s_lo: int, c_lo: int, start: int, cue: str) -> bool:
    """True when the negated finding verb ``cue`` at ``start`` has a program as its subject:
    one named right before it, or "it" in a sentence that names code."""
    if _NOT_FOUND_VERB.fullmatch(cue) is None:
        return False
    before = text[max(c_lo, start - 60) : start]
    if _PROGRAM_SUBJECT.search(before):
        return True
    return _IT_SUBJECT.search(before) is not None and bool(_CODE_NAMED.search(text, s_lo, start))


# "should be" with an act done to its subject says what ought to be done, not what is
# probably so: "so it should be reported as malware", "so it should be treated first".
_DEONTIC_PASSIVE = re.compile(
    r"(?:should|must)\s+be\s+(?:\w+ly\s+)?(?:reported|flagged|blocked|treated|handled|used|"
    r"avoided|taken|kept|stored|checked|reviewed|monitored|replaced|removed|cleaned|washed|seen|"
    r"examined|tested|followed|consulted|discussed|done|applied|considered|addressed|escalated|"
    # the staff's decision or step on the case, what the policy requires ("Therefore, a
    # replacement should be authorized", "the warranty claim must be denied", "an
    # investigation must be initiated first": round 22's support agent, session 21)
    r"authori[sz]ed|approved|denied|declined|rejected|initiated|issued|honou?red|processed|"
    r"granted|waived|refunded|offered|submitted|filed)\b",
    re.IGNORECASE,
)


def _inference(text: str, s_lo: int, c_lo: int) -> bool:
    """True when the clause at ``c_lo`` (in the sentence at ``s_lo``) is a conclusion: a
    "so" or "therefore" right before it or opening its sentence."""
    return (
        _INFERENCE_BEFORE.search(text, max(s_lo, c_lo - 20), c_lo) is not None
        or _INFERENCE_OPENING.match(text, s_lo) is not None
    )


# What follows an approximate number: a scale word ("2.1 million", "约3万") and a unit.
_SCALE = re.compile(
    r"\s*(?:(?P<scale>thousand|k\b|million|m\b|mn\b|billion|bn\b|b\b|trillion|万|亿|億|千)\s*)?"
    r"(?P<unit>°\s*[CF]\b|degrees?\s+(?:celsius|fahrenheit|[CF]\b)|[CF]\b|miles?\b|mi\b|km\b|"
    r"kilomet(?:er|re)s?\b|pounds?\b|lbs?\b|kg\b|kilograms?\b|feet\b|foot\b|ft\b|met(?:er|re)s?\b|"
    r"m\b|inch(?:es)?\b|cm\b|centimet(?:er|re)s?\b|gallons?\b|gal\b|lit(?:er|re)s?\b|L\b|"
    # (data sizes: "约25.6GB" for a result's ``26214`` MB, mk40zh (made-up, session 34))
    r"[GM]B\b)?",
    re.IGNORECASE,
)
_SCALES = {
    "thousand": 1e3,
    "k": 1e3,
    "千": 1e3,
    "万": 1e4,
    "million": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "亿": 1e8,
    "億": 1e8,
    "trillion": 1e12,
}
# How a value in another unit converts into the unit an approximate number is written in
# (``target = source * factor + offset``): "59°F" is 15°C converted, "26 miles" 42 km.
_CONVERSIONS: dict[str, tuple[float, float]] = {
    "f": (9 / 5, 32.0),
    "c": (5 / 9, -160 / 9),
    "mi": (0.621371, 0.0),
    "km": (1.609344, 0.0),
    "lb": (2.204623, 0.0),
    "kg": (1 / 2.204623, 0.0),
    "ft": (3.28084, 0.0),
    "m": (1 / 3.28084, 0.0),
    "in": (1 / 2.54, 0.0),
    "cm": (2.54, 0.0),
    "gal": (0.264172, 0.0),
    "l": (3.785412, 0.0),
    # binary data sizes: a usage read in MB and written in GB ("约25.6GB" for ``26214`` MB), or
    # the other way (mk40zh, made-up, session 34: the GUIDELINE's unit conversion, neither)
    "gb": (1 / 1024, 0.0),
    "mb": (1024.0, 0.0),
}
# Conversions inside one system, beside ``_CONVERSIONS``' across systems: "80 inches, or about
# 6.67 feet" (a thought's arithmetic on a result's length, round 14).
_SAME_SYSTEM: dict[str, tuple[tuple[float, float], ...]] = {
    "ft": ((1 / 12, 0.0),),
    "in": ((12.0, 0.0),),
    # ... and decimal ones (1 GB = 1000 MB, as some carriers bill)
    "gb": ((1 / 1000, 0.0),),
    "mb": ((1000.0, 0.0),),
}
# A unit's name as written, to its key in ``_CONVERSIONS`` (by its first letters).
_UNIT_NAMES = (
    ("fahrenheit", "f"),
    ("celsius", "c"),
    ("mi", "mi"),
    ("kilo", "km"),
    ("km", "km"),
    ("pound", "lb"),
    ("lb", "lb"),
    ("kg", "kg"),
    ("feet", "ft"),
    ("foot", "ft"),
    ("ft", "ft"),
    ("inch", "in"),
    ("in", "in"),
    ("cm", "cm"),
    ("centi", "cm"),
    ("gal", "gal"),
    ("lit", "l"),
    ("l", "l"),
    ("gb", "gb"),
    ("mb", "mb"),
    ("met", "m"),
    ("m", "m"),
    ("f", "f"),
    ("c", "c"),
)
#: How many numbers of the text before and of the result are tried as a conversion's source.
_SOURCES = 40


def _unit_key(unit: str) -> str | None:
    """``_CONVERSIONS``' key of a unit as written ("°F" -> "f", "miles" -> "mi")."""
    name = unit.lower().replace("°", "").replace("degrees", "").replace("degree", "").strip()
    # "kilograms" before "kilometres": the kilo- units differ in their fifth letter
    if name.startswith("kilog"):
        return "kg"
    return next((key for prefix, key in _UNIT_NAMES if name.startswith(prefix)), None)


def _rounds_a_finer_value(number: str, held: list[str]) -> bool:
    """True when ``number`` (with decimals) is one of ``held``'s values rounded to fewer
    decimals: ``21.9`` for ``21.895233``, not for ``21.9`` or ``22``."""
    decimals = len(number.rpartition(".")[2])
    value = float(number.replace(",", ""))
    for q in held:
        plain = q.replace(",", "")
        if plain.count(".") != 1 or len(plain.rpartition(".")[2]) <= decimals:
            continue
        if abs(float(plain) - value) <= 0.5 * 10**-decimals:
            return True
    return False


# mk40 (made-up support runs, session 34): "The difference for this cycle is small, roughly
# $5." after a result of data volumes only (``"data_gb": 4.8``): an amount of money rounds no
# volume, so an estimate of money is held only by the result's money, a value under a key that
# names money, after a currency sign, or written with cents (session 17's value held in
# another precision; the held value must be the same quantity).
_MK40_MONEY_KEY = re.compile(r"""["']([A-Za-z_]*)["']\s*:\s*["']?[$€£]?\s?(-?\d[\d,]*(?:\.\d+)?)""")
_MK40_MONEY_KEY_WORD = re.compile(
    r"price|amount|fee|cost|total|fare|paid|charge|balance|refund|credit|due|rate|cents|usd|eur",
    re.IGNORECASE,
)
_MK40_MONEY_MARKED = re.compile(
    r"[$€£]\s?(\d[\d,]*(?:\.\d+)?)|(?<![\d.])(\d[\d,]*\.\d{2})(?![\d.])"
)


def _mk40_money_held(result: str) -> set[float]:
    """The amounts of money ``result`` holds (see :data:`_MK40_MONEY_KEY`)."""
    out = set()
    for m in _MK40_MONEY_KEY.finditer(result, 0, 20_000):
        if _MK40_MONEY_KEY_WORD.search(m.group(1)):
            out.add(float(m.group(2).replace(",", "")))
    for m in _MK40_MONEY_MARKED.finditer(result, 0, 20_000):
        out.add(float((m.group(1) or m.group(2)).replace(",", "")))
    return out


def _rounded_or_converted(
    text: str, end: int, number: str, result: str | None, money: bool = False
) -> bool:
    """True when the approximate ``number`` (ending at ``end``) only rounds a value the
    latest result holds ("around 15°C" after ``15.3``, "about 2.1 million" after
    ``2102650``), or converts into its unit a value the text or the result states ("15°C,
    which is approximately 59°F"): the value is held, in another precision or unit. An
    amount of ``money`` rounds only the result's money (:func:`_mk40_money_held`)."""
    try:
        value = float(number.replace(",", ""))
    except ValueError:
        return False
    m = _SCALE.match(text, end)
    scale = _SCALES.get((m.group("scale") or "").lower(), 1.0) if m else 1.0
    decimals = len(number.rpartition(".")[2]) if "." in number else 0
    tolerance = 0.5 * 10**-decimals * scale
    value *= scale
    held = [] if not result else [q.group() for q in _QUANTITY.finditer(result)][:_SOURCES]
    sources = [float(q.replace(",", "")) for q in held if q.replace(",", "").count(".") <= 1]
    rounds = sources
    if money and result:
        amounts = _mk40_money_held(result)
        rounds = [q for q in sources if q in amounts]
    if any(abs(q - value) <= tolerance for q in rounds):
        return True
    if scale != 1.0 and decimals and _rounds_a_finer_value(number, held):
        # "约为21.9万日元" after ``21.895233166166264``: the figure's digits round a finer value
        # the result computed, the scale word added in the text (session 17's value the
        # result holds in another form)
        return True
    unit = m.group("unit") if m else None
    if not unit:
        return False
    key = _unit_key(unit)
    if key is None:
        return False
    factors = (_CONVERSIONS[key], *_SAME_SYSTEM.get(key, ()))
    lo = max(0, end - _OPERANDS_CHARS)
    before = [float(f.group().replace(",", "")) for f in _FIGURE.finditer(text, lo, end)]
    # the last figure before ``end`` is the number itself; a source may be rounded too, by
    # as much as the number's own rounding (its trailing zeros: "about 2,300 miles") or half
    # a percent. A full percent took another river's 3,730 km for "about 2,341 miles" (2,318:
    # round 19's MTRAG answers), a value no result holds
    zeros = len(number) - len(number.rstrip("0")) if "." not in number else 0
    near = max(tolerance, 0.5 * 10**zeros * scale, 0.005 * abs(value))
    return any(
        abs(x * factor + offset - value) <= near
        for factor, offset in factors
        for x in before[-_SOURCES:-1] + sources
    )


# An action that puts a thing in a state: "making it unavailable for creating new instances".
_MADE_INTO = re.compile(
    r"\b(?:making|makes|make|made|rendering|renders|render|rendered)\s+(?:it|them|this|these|"
    r"the\s+[\w-]+)\s+$",
    re.IGNORECASE,
)
# A status a record or a screen displays: "is now showing as unavailable", "listed as".
# A record's availability flag set to false ("available": false, 'in_stock': False).
_AVAILABLE_FALSE = re.compile(
    r"""["']?(?:is_)?(?:available|in_stock|availability)["']?\s*[:=]\s*(?:false|False|0\b|["']?(?:no|unavailable|out[ _]of[ _]stock)["']?)"""
)
_SHOWN_AS = re.compile(
    r"\b(?:showing|shows|shown|listed|marked|displayed|flagged)\s+as\s+$|显示为$|标记为$",
    re.IGNORECASE,
)
# A modal of a possible improvement, the agent's suggestion: "the title could be made more
# engaging", "a hook that might make it more memorable".
_SUGGESTION = re.compile(
    # "which might make their offers more competitive" (round 19's MTRAG): what an option brings
    r"(?:may|might|could|would)\s+(?:also\s+)?(?:be\s+made|make\s+(?:it|them|this|"
    r"(?:the|their|your|its)\s+\w+))\s+"
    r"(?:\w+\s+)?(?:more|less|better|clearer|stronger|easier)\b|"
    # a criticism passed on: "The bathroom cleanliness could be improved" (round 18's hotel
    # assistant, session 17's ruling), a judgement of worth, no guess
    r"(?:could|might|may)\s+(?:be\s+(?:improved|better)|use\s+(?:some\s+)?(?:improvement|work))"
    r"(?=\s*(?:$|[.,;:!?)]|though\b|however\b))",
    re.IGNORECASE,
)
# A recommendation's superlative after a guess: "are probably the can't-miss art museums".
_MUST_SEE = re.compile(
    r"\s+(?:\w+\s+){0,2}?(?:the\s+|a\s+)?(?:can['\u2019]t-miss|must-see|must-visit|must-try|"
    r"not-to-be-missed)\b",
    re.IGNORECASE,
)


# A condition that is a change the user may make to what they have booked or ordered:
# "if you change to a later flight", "if you'd like to switch to economy". A modal on its
# consequence guesses at this case ("there might be a fare difference if you change…").
_USER_CHANGE = re.compile(
    r"\b(?:if|when|should|once)\s+you(?:['\u2019]d)?\s+(?:\w+\s+)?(?:(?:decide|choose|want|"
    r"wish|like|plan|prefer)\s+to\s+)?(?:change|switch|move|modify|upgrade|downgrade|rebook|"
    r"reschedule|extend|exchange|swap)\b[^,;.!?]*|"
    # what the user reports having seen or done, restated as a condition: "If you saw an
    # axolotl with a unique color, it could have been any of these" (round 9's ruling: the
    # guess is about what the user meant)
    r"\bif\s+you\s+(?:saw|noticed|heard|spotted|found|received|bought|ordered|paid)\b[^,;.!?]*",
    re.IGNORECASE,
)
# A modal, also after "there" ("there may be"): in a sentence with a condition it states
# what would follow if the condition held ("If Tesla confirms it, the appointment may need
# to be changed", "There may be a fee if the new fare is higher"): a hypothetical.
_CONDITIONAL_MODAL = re.compile(
    # a doctor's 考虑 under 如果 too ("如果没有明确的流行病学史，暂时不考虑新冠": round 8b)
    r"(?:there\s+)?(?:may|might|could)\b|有?可能|考虑|考慮|"
    # round 16's cardiologists: "如果都正常，应该问题不大", "…的话，…还是有自愈的可能性"
    r"应该|應該|有[^，,。；;]{0,8}?可能|几率|幾率|机率|機率|概率|"
    # a reassurance with 一般 under a condition ("前列腺炎如果得到及时治疗，一般不会对生育造成影响":
    # round 9's DISC-MedLLM), the same hypothetical
    r"一般|"
    # a conclusion about whether a fee or step applies ("should not apply"), under a
    # condition: "If the item is unused, you should not be charged a restocking fee"
    r"should(?:\s+not|n't)?\s+(?:apply|need|trigger|be\s+charged|incur)\b|"
    r"so\s+you\s+should\s+be\s+able\b",
    re.IGNORECASE,
)
# What a condition in the sentence before named, taken up by a demonstrative as the subject of
# the modal: "如果您在取环后出现发热…，建议您及时就医。这些症状可能意味着…" (round 18's CMtMedQA
# assistant): the same hypothetical, carried over the stop.
_TAKEN_UP = re.compile(r"(?:这些|這些|这种|這種|这类|這類)(?:症状|症狀|情况|情況|表现|表現)")


def _carried_condition(text: str, s_lo: int, c_lo: int, h: HedgeMatch) -> bool:
    """True when the Chinese modal ``h``'s subject takes up what a condition opening the
    sentence before named (its sentence starts at ``s_lo``, its clause at ``c_lo``)."""
    if h.language != "zh" or not _TAKEN_UP.search(text, c_lo, h.start):
        return False
    before = next(_sentences_before(text, s_lo), None)
    if before is None:
        return False
    lo, hi = before
    lo += len(text[lo:hi]) - len(text[lo:hi].lstrip())
    return _CONDITION.match(text, lo, hi) is not None


# A Chinese condition closed by 的话 ("缺损没有超过8mm的话，…还是有自愈的可能性", round 16);
# "这样的话" ("in that case") and "这种情况的话" take up what was said, no condition (session
# 19's ruling; round 20's doctors: "这种情况的话，考虑是有呼吸道感染的可能").
_ZH_IF_AFTER = re.compile(r"(?<!这样)(?<!這樣)(?<!那样)(?<!那樣)(?<!情况)(?<!情況)的[话話]")
# mk39zh (made-up, session 34): a condition that names no event, only that things go as they
# usually do ("如果顺利的话周末前应该能到", "不出意外的话明天能发"): "if all goes well" is the
# agent's own doubt about the outcome, a guess (the issue's "there might be…"), not the
# hypothetical a condition on an event or the user's act sets (session 9).
_MK39ZH_VAGUE_IF = re.compile(
    r"(?:如果|假如|要是|若是|倘若)?(?:一切)?(?:都)?(?:顺利|順利|正常|不出意外|没有意外|沒有意外|没什么意外|沒什麼意外)"
    r"(?:的[话話])?"
)


# mk40zh (made-up, session 34): a Chinese condition governs the clause after it, its consequent;
# a later clause that opens on a subject of its own ("她以后下单的话，最好把地址改成…，她可能是之前
# 保存的旧地址没改") states apart from it: a guess at the case's cause, not the hypothetical.
# ("这可能意味着…" takes up the condition, its consequent: no subject of its own; a condition of two
# clauses, "如果到了预产期，胎儿还没有入盆，…", has no consequent before the cue's clause)
_MK40ZH_OWN_SUBJECT = re.compile(r"\s*(?:她|他|它|您|你|我)(?:们|們)?")
_MK40ZH_CLAUSE_BREAK = re.compile(r"[，,；;]")
_MK40ZH_CONSEQUENT = re.compile(r"最好|建议|建議|可以|需要|记得|記得|请|請|就")


def _mk40zh_condition_closed(text: str, s_lo: int, c_lo: int, cue: int) -> bool:
    """True when every Chinese condition before ``cue`` in its sentence (from ``s_lo``) ends two
    or more clauses before the cue's clause (at ``c_lo``), a consequent (advice, 就) between,
    and the cue's clause opens on a person of its own."""
    if not _MK40ZH_OWN_SUBJECT.match(text, c_lo):
        return False
    ends = [m.end() for m in _CONDITION.finditer(text, s_lo, cue)]
    ends += [m.end() for m in _ZH_IF_AFTER.finditer(text, s_lo, cue)]
    if not ends:
        return False
    between = text[max(ends) : c_lo]
    return (
        len(_MK40ZH_CLAUSE_BREAK.findall(between)) >= 2
        and _MK40ZH_CONSEQUENT.search(between) is not None
    )


def _mk39zh_vague_condition(text: str, s_lo: int, c_hi: int) -> bool:
    """True when the only condition in ``text[s_lo:c_hi]`` is one that names no event
    ("如果顺利的话"): with it taken out, no condition is left."""
    span = text[s_lo:c_hi]
    if not any(m.group(1) for m in _MK39ZH_VAGUE_IF_MARKED.finditer(span)):
        return False
    rest = _MK39ZH_VAGUE_IF.sub("", span)
    return _CONDITION.search(rest) is None and _ZH_IF_AFTER.search(rest) is None


# the vague condition marked as one: 如果 before it, or 的话 after it (a bare 正常 is no condition)
_MK39ZH_VAGUE_IF_MARKED = re.compile(
    r"((?:如果|假如|要是|若是|倘若)(?:一切)?(?:都)?(?:顺利|順利|正常|不出意外|没有意外|沒有意外)"
    r"|(?:一切)?(?:都)?(?:顺利|順利|正常|不出意外|没有意外|沒有意外|没什么意外|沒什麼意外)的[话話])"
)
# An epistemic adverb on a future or conditional verb ("it will likely do well", "would
# probably"): under a condition, the same hypothetical as a modal.
# "Depending on your destination, walking might be a viable alternative": a condition.
_DEPENDING = re.compile(r"\bdepending\s+(?:on|upon)\b", re.IGNORECASE)
_FUTURE_ADVERB = re.compile(r"\b(?:will|would|['\u2019]ll|['\u2019]d)\s+$", re.IGNORECASE)


# ---------------------------------------------------------------------------
# Features of a candidate for the learned gate (``hedge_model.json``, trained by
# ``benchmarks/train_hedges.py``): plain strings, so prediction is dict lookups.

_WORD_TOKEN = re.compile(r"[a-z0-9]+(?:['\u2019][a-z]+)?")
_CJK_CHARS = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# Who a clause is about, by the pronouns and nouns no context list spells; the user, the
# agent's process, plans and offers are read with the lists the rules read (see
# _CONTEXT_FLAGS).
_SUBJECTS = (
    ("i", re.compile(r"(?<![\w'])(?:i|i'm|i've|i'll|i'd|me|my)(?![\w'])|我(?!们)", re.IGNORECASE)),
    ("we", re.compile(r"\b(?:we|we're|we'll|our|us)\b|我们", re.IGNORECASE)),
    ("it", re.compile(r"\b(?:it|it's|this|that)\b|这|那|它", re.IGNORECASE)),
    ("there", re.compile(r"\bthere\b|有", re.IGNORECASE)),
    ("agent", re.compile(r"\b(?:agent|assistant|representative)s?\b|客服|助手", re.IGNORECASE)),
)
#: The context lists (``hedge_context_<lang>.txt``) read as the gate's features: each
#: section's words in the cue's clause (``<section>_word``), and for a plan or the user
#: (an offer) in its whole sentence (``plan``, ``offer``).
_CONTEXT_FLAGS = ("plan", "process", "user", "subject", "negation")
_SENTENCE_FLAGS = (("plan", "plan"), ("user", "offer"))
_DATE = re.compile(
    r"\b\d{4}-\d{2}-\d{2}\b|\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d"
    r"|\d+\s*(?:年|月|日|号|點|点)|\b\d{1,2}:\d{2}\b",
    re.IGNORECASE,
)
_AMOUNT = re.compile(r"[$€£¥￥]\s*\d|\d\s*(?:%|元|块|dollars?|usd|eur|percent)", re.IGNORECASE)
_NAME = re.compile(r"(?<=[a-z,;]\s)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*")
_ERROR_RESULT = re.compile(
    r"\b(?:error|exception|failed|failure|invalid|denied|unauthori[sz]ed|timeout|traceback)\b|"
    r"错误|失败|异常",
    re.IGNORECASE,
)


def _bucket(value: int, edges: tuple[int, ...]) -> str:
    for edge in edges:
        if value <= edge:
            return str(edge)
    return f">{edges[-1]}"


def candidate_features(
    text: str, candidate: Candidate, latest_result: str | None, source: str = "message"
) -> list[str]:
    """The features of one cue for the learned gate: the phrase, its kind and the rules'
    verdict; the words of its sentence and next to it; who the sentence is about; whether
    it asks, offers or plans; the values it states and whether ``latest_result`` holds
    them; what the result is (none, empty, an error, "not found"); ``source`` (a
    ``"message"`` or a ``"tool"``'s arguments the model wrote) and the language."""
    h = candidate.match
    phrase = _normal(h.phrase)
    rule = candidate.rule or "kept"
    sentence = text[candidate.sentence_start : candidate.sentence_end]
    lowered = sentence.lower()
    lang = "zh" if _CJK.search(text) else "en"
    out = [
        "bias:" + lang,
        "p:" + phrase,
        "k:" + h.kind,
        "r:" + rule,
        "kr:" + h.kind + ":" + rule,
        "pr:" + phrase + ":" + ("kept" if not candidate.rule else "dropped"),
        "src:" + source,
        "lang:" + lang,
    ]
    tokens = _WORD_TOKEN.findall(_CJK_CHARS.sub(" ", lowered))
    out.extend("w:" + t for t in tokens)
    out.extend("b:" + a + "_" + b for a, b in itertools.pairwise(tokens))
    for run in _CJK_CHARS.findall(sentence):
        out.extend("c:" + ch for ch in run)
        out.extend("c2:" + run[i : i + 2] for i in range(len(run) - 1))
    before = _WORD_TOKEN.findall(
        text[max(candidate.sentence_start, h.start - 24) : h.start].lower()
    )
    after = _WORD_TOKEN.findall(text[h.end : min(candidate.sentence_end, h.end + 24)].lower())
    out.extend("pre:" + t for t in before[-2:])
    out.extend("post:" + t for t in after[:2])
    zh_before = _CJK_CHARS.findall(text[max(candidate.sentence_start, h.start - 4) : h.start])
    zh_after = _CJK_CHARS.findall(text[h.end : min(candidate.sentence_end, h.end + 4)])
    if zh_before:
        out.append("pre2:" + zh_before[-1][-2:])
    if zh_after:
        out.append("post2:" + zh_after[0][:2])
    clause = text[candidate.clause_start : candidate.clause_end]
    flags: list[str] = []  # read with the cue's kind too
    for name, pattern in _SUBJECTS:
        if pattern.search(clause):
            flags.append("subj:" + name)
    if sentence.rstrip().endswith(("?", "？")) or "吗" in sentence:
        flags.append("question")
    words = context_patterns()
    flags.extend(name + "_word" for name in _CONTEXT_FLAGS if words[name].search(clause))
    flags.extend(flag for name, flag in _SENTENCE_FLAGS if words[name].search(sentence))
    numbers = _QUANTITY.findall(sentence)
    if _DATE.search(sentence):
        flags.append("val:date")
    if _AMOUNT.search(sentence):
        flags.append("val:amount")
    names = _NAME.findall(sentence) if lang == "en" else []
    if names:
        flags.append("val:name")
    result = latest_result
    if result is None:
        flags.append("res:none")
    else:
        stripped = result.strip()
        if not stripped or (len(stripped) <= _EMPTY_RESULT_CHARS and _EMPTY_RESULT.search(result)):
            flags.append("res:empty")
        if len(stripped) <= _NO_RESULT_CHARS and _ERROR_RESULT.search(result):
            flags.append("res:error")
        if _no_result(result):
            flags.append("res:notfound")
        flags.append("res:len" + _bucket(len(stripped), (0, 200, 2000)))
    if numbers:
        held = [_held(n, result) for n in numbers]
        flags.append("val:number")
        flags.append("num:held" if all(held) else "num:some_held" if any(held) else "num:unheld")
    if names and result:
        flags.append("name:held" if any(n in result for n in names) else "name:unheld")
    if result:
        said = content_words(clause) - _SOFTENER_WORDS
        if said:
            share = len(said & content_words(result)) / len(said)
            flags.append("share:" + ("0" if share == 0 else "lo" if share < 0.5 else "hi"))
    out.extend(flags)
    out.extend(h.kind + "&" + flag for flag in flags)
    return out
