"""The words projeval's verdicts are written in, each declared once.

Every place that shows, orders or filters a status reads it from here: coverage
decides need statuses, the gate orders its reasons by severity, the report draws
each status's icon and lists the statuses its filter offers. Adding a need status
is one more :class:`Status` in :data:`NEED_STATUS_TABLE`; nothing else lists them.

This module imports nothing of the package, so any module may read it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Status:
    """One status word with the icon and css class the report draws it with.

    Icons and words go together, never colour alone (``css`` is one of ``ok``,
    ``warn``, ``bad``, ``muted``).
    """

    word: str
    icon: str
    css: str
    meaning: str


#: Need statuses: ``ok`` first, then the failing ones from most to least severe.
#: The order is the severity order everywhere (the report's worst-of cell, the gate's
#: reasons): first what the output loses or gets wrong (``dropped``, ``wrong-label``: a code
#: shown with another code's label, then ``partial``: missing for some
#: items), then what it keeps in a weaker form (``lossy``, ``needs-lookup``), last the
#: verdicts that are not about the projection (``inconclusive``: it raised;
#: ``not-in-fixture``: the suite and the fixtures disagree).
NEED_STATUS_TABLE: tuple[Status, ...] = (
    Status("ok", "✓", "ok", "the field survives at the precision and readability asked"),
    Status("dropped", "✗", "bad", "the projection drops the field"),
    Status(
        "wrong-label",
        "≠",
        "bad",
        "it is labelled, but not with the labels the suite declares for its codes",
    ),
    Status("partial", "◐", "warn", "it is carried for some list items only"),
    Status("lossy", "≈", "warn", "it survives, but coarser than the question needs"),
    Status(
        "needs-lookup",
        "↪",
        "warn",
        "a readable value is asked for; only an opaque id or code is carried",
    ),
    Status("inconclusive", "?", "muted", "the projection raised on every perturbed value"),
    Status(
        "not-in-fixture",
        "∅",
        "muted",
        "the fixtures never hold a value for it (a suite/fixture mismatch)",
    ),
)

#: The status of a matrix cell whose projection failed to run at all (not a need status).
PROJECTION_ERROR = Status("error", "!", "bad", "the projection failed on the fixtures")

#: Lineage statuses: where a source field goes through a projection.
LINEAGE_STATUS_TABLE: tuple[Status, ...] = (
    Status("kept", "✓", "ok", "carried as is, or reformatted without loss"),
    Status("resolved", "✓", "ok", "mapped to another value (an id to a name, a code to a label)"),
    Status("lossy", "≈", "warn", "some changes are invisible (day precision, text cut)"),
    Status("dropped", "✗", "bad", "no change is visible"),
    Status("partial", "◐", "warn", "carried for some list items only"),
    Status("no-sample", "∅", "muted", "every value in the fixtures is null"),
    Status("inconclusive", "?", "muted", "the projection raised on every perturbed value"),
)

NEED_STATUSES: tuple[str, ...] = tuple(s.word for s in NEED_STATUS_TABLE)
LINEAGE_STATUSES: tuple[str, ...] = tuple(s.word for s in LINEAGE_STATUS_TABLE)
#: The statuses a matrix cell can show (the report's filter offers these).
CELL_STATUSES: tuple[str, ...] = (*NEED_STATUSES, PROJECTION_ERROR.word)

#: Finding severities, most severe first.
FINDING_SEVERITIES: tuple[str, ...] = ("error", "warning", "info")
#: What a suite's ``checks:`` may set a rule to: ``off`` or a severity, least severe first.
SEVERITY_SETTINGS: tuple[str, ...] = ("off", *reversed(FINDING_SEVERITIES))

_NEED_RANK = {word: rank for rank, word in enumerate(NEED_STATUSES)}
_UNKNOWN = Status("?", "·", "muted", "")
_BY_WORD: dict[str, Status] = {
    s.word: s for s in (*LINEAGE_STATUS_TABLE, *NEED_STATUS_TABLE, PROJECTION_ERROR)
}


def severity_rank(word: str) -> int:
    """Sort key of a need status, most severe first (``ok`` and unknown words last)."""
    if word == "ok":
        return len(NEED_STATUSES)
    return _NEED_RANK.get(word, len(NEED_STATUSES) + 1) - 1


def worst_need_status(words: Iterable[str]) -> str:
    """The most severe of some need statuses; ``ok`` when none fails."""
    failing = [w for w in words if w != "ok"]
    return min(failing, key=severity_rank) if failing else "ok"


def status_icon(word: str) -> Status:
    """The :class:`Status` drawn for a need, lineage or cell status word."""
    return _BY_WORD.get(word, _UNKNOWN)


#: The sections of a run diff, regressions first (``projeval diff``).
DIFF_DIRECTIONS = ("regression", "improvement", "change")
#: The trend metrics that are run-wide trace totals, not per suite and projection, in the
#: order ``projeval traces`` prints them: tool errors, duplicates, retries, follow-ups,
#: hedges (``errors`` and ``retries`` are null in runs recorded before the store kept them).
# "lookups": the follow-ups read calls made (issue 16: a write passing on an id it was given is
# the ordinary use of an id); null in runs recorded before store schema 5 kept them.
RUN_TREND_METRICS = ("errors", "duplicates", "retries", "followups", "lookups", "hedges")
#: Metrics ``trend(metric=...)`` accepts: per suite and projection, then the run-wide ones.
TREND_METRICS = ("coverage", "answerable", "tokens", "bytes", *RUN_TREND_METRICS)
