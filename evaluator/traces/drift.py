"""Question drift: which user questions a suite's question set covers, and which not.

Each user question is matched to the nearest question of the suites' question
sets by a deterministic text similarity: the mean of the Dice coefficient of
content words (lower-cased, stop words dropped, a plural ``s`` stripped) and
the Dice coefficient of character trigrams (which forgives small spelling
and inflection differences). Chinese, written without spaces, contributes
character bigrams as its words. A question whose best score is below the
threshold is *uncovered*: the agent is being asked something the question
set does not measure, so the projection is being judged on the wrong mix.

Only questions and requests are matched (:func:`projeval.traces.turns.is_query`:
an answer to the agent or a greeting asks nothing of a question set), and
only against the suites whose tool appears in the traces (:func:`pick`): a
suite for another tool says nothing about these conversations.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .turns import is_query

#: Scores at or above this count as the same question.
DEFAULT_THRESHOLD = 0.5

_WORD = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)
# English contractions, so "I'm", "don't" and "user's" leave no fragments ("m", "don",
# "t", "s") to count as content words, name mined questions or match other questions by.
_NOT_CONTRACTED = re.compile(r"\b(?:(ca)|(wo)|(sha)|([^\W\d_]+))n['’]t\b")
_CONTRACTED = re.compile(r"(?<=[^\W\d_])['’](?:s|m|re|ve|ll|d)\b")


def _expand(match: re.Match[str]) -> str:
    ca, wo, sha, other = match.groups()
    return f"{'can' if ca else 'will' if wo else 'shall' if sha else other} not"


def uncontract(lowered: str) -> str:
    """Lower-cased English text with its contractions undone: ``don't`` -> ``do not``,
    ``won't`` -> ``will not``, ``i'm`` -> ``i``, ``user's`` -> ``user``."""
    if "'" not in lowered and "’" not in lowered:
        return lowered
    return _CONTRACTED.sub("", _NOT_CONTRACTED.sub(_expand, lowered))


_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "by",
        "with",
        "from",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "do",
        "does",
        "did",
        "can",
        "could",
        "would",
        "should",
        "will",
        "shall",
        "may",
        "might",
        "must",
        "i",
        "me",
        "my",
        "we",
        "our",
        "you",
        "your",
        "he",
        "she",
        "they",
        "them",
        "their",
        "his",
        "her",
        "which",
        "what",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "any",
        "all",
        "some",
        "each",
        "every",
        "me",
        "please",
        "tell",
        "show",
        "give",
        "list",
        "get",
        "find",
        "about",
        "into",
        "than",
        "then",
        "so",
        "if",
        "as",
        "not",
        "no",
        "yes",
        "just",
        "right",
        "now",
    ]
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A question-set question to match against."""

    suite: str
    question_id: str
    text: str


@dataclass(frozen=True, slots=True)
class Match:
    """The nearest question-set question for one user question."""

    suite: str | None
    question_id: str | None
    score: float
    covered: bool


@functools.lru_cache(maxsize=4096)
def words(text: str) -> frozenset[str]:
    """Content words of ``text`` (CJK runs become character bigrams)."""
    out: set[str] = set()
    lowered = uncontract(text.lower())
    for run in _CJK_RUN.findall(lowered):
        out.update(run[i : i + 2] for i in range(max(1, len(run) - 1)))
    for w in _WORD.findall(_CJK_RUN.sub(" ", lowered)):
        if w in _STOP:
            continue
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.add(w)
    return frozenset(out)


@functools.lru_cache(maxsize=4096)
def trigrams(text: str) -> frozenset[str]:
    """Character trigrams of the lower-cased text with runs of non-word characters as one space."""
    norm = " " + " ".join(_WORD.findall(text.lower())) + " "
    return frozenset(norm[i : i + 3] for i in range(len(norm) - 2))


def _dice(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return 2 * len(a & b) / (len(a) + len(b))


def similarity(a: str, b: str) -> float:
    """Similarity of two questions in [0, 1], rounded to 4 places so ties are exact."""
    return round((_dice(words(a), words(b)) + _dice(trigrams(a), trigrams(b))) / 2, 4)


def candidates(suites: Iterable[Any]) -> list[Candidate]:
    """Every question of the suites, in suite-name then question-set order."""
    out: list[Candidate] = []
    for suite in sorted(suites, key=lambda s: s.name):
        out.extend(Candidate(suite.name, q.id, q.text) for q in suite.questions)
    return out


def best_match(
    question: str, pool: Sequence[Candidate], threshold: float = DEFAULT_THRESHOLD
) -> Match:
    """The nearest candidate; ties go to the earlier one, so the result is deterministic."""
    best: Candidate | None = None
    best_score = -1.0
    for cand in pool:
        score = similarity(question, cand.text)
        if score > best_score:
            best, best_score = cand, score
    if best is None:
        return Match(None, None, 0.0, False)
    return Match(best.suite, best.question_id, best_score, best_score >= threshold)


def drift_rows(
    turns: Iterable[tuple[Any, ...]],
    pool: Sequence[Candidate],
    threshold: float = DEFAULT_THRESHOLD,
) -> list[tuple[Any, ...]]:
    """For each question or request (rows of the turns table, columns.py) and each suite
    of ``pool``: the nearest question of that suite (:func:`pick` keeps the best)."""
    by_suite: dict[str, list[Candidate]] = {}
    for cand in pool:
        by_suite.setdefault(cand.suite, []).append(cand)
    rows = []
    for file, trace_id, turn, question, kind, *_ in turns:
        if not is_query(kind):
            continue
        for cands in by_suite.values():
            m = best_match(question, cands, threshold)
            rows.append(
                (file, trace_id, turn, question, m.suite, m.question_id, m.score, m.covered)
            )
    return rows


def pick(rows: Iterable[tuple[Any, ...]], suites: Iterable[str]) -> list[tuple[Any, ...]]:
    """One row per turn: its nearest question among the suites named (those whose tool
    appears in the traces), from :func:`drift_rows`' rows; ties go to the first suite by
    name, as :func:`best_match` over all of them would give. Rows keep their order."""
    allowed = set(suites)
    best: dict[tuple[Any, Any, Any], tuple[Any, ...]] = {}
    for row in rows:
        if row[4] not in allowed:
            continue
        key = (row[0], row[1], row[2])
        kept = best.get(key)
        if kept is None or row[6] > kept[6] or (row[6] == kept[6] and row[4] < kept[4]):
            best[key] = row
    return list(best.values())
