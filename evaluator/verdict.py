"""The verdict of a suite: which projection to ship, why, and what it still misses.

The rule (:data:`RULE`, written into the report as is): among the projections that ran
and have no error-level finding, ship the one with the highest weighted coverage; a tie
goes to the one with fewer tokens, then to the name that sorts first (so a twin of the
same projection in another language, with the same coverage and tokens, never displaces
the original: ``compact_v2`` ships before ``compact_v2_node``, and the verdict says they tie).
An error-level finding disqualifies because it says the output breaks the agent whatever
its coverage (an id it must pass back is gone, an error reads as an empty success).

:func:`choose` is pure: it reads a suite's projections (scores), their tokens, the
findings and the field value table, and returns a frozen :class:`Verdict`; :func:`decide`
reads those from a :class:`~projeval.runrecord.SuiteRecord`. The report only draws it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .text.numbers import MISSING, pct

if TYPE_CHECKING:
    from .checks.base import Finding
    from .cost import FieldValue
    from .runrecord import ProjectionRecord, SuiteRecord

RULE = (
    "Ship the projection with the highest weighted coverage among those that ran with no "
    "error-level finding; a tie goes to the one with fewer tokens, then to the name that "
    "sorts first."
)


@dataclass(frozen=True)
class Miss:
    """A needed field the shipped projection does not carry well enough.

    ``weight`` sums the weights of the questions that fail on it; ``raw_tokens`` is what
    the field costs in the raw response and ``tokens`` what it costs in the projection now
    (both from the field value table; None when the table has no row for it).
    """

    field: str
    status: str
    weight: float
    questions: tuple[str, ...]
    raw_tokens: int | None
    tokens: int | None

    @property
    def added_tokens(self) -> int | None:
        """About what carrying the field as the raw response does would add."""
        if self.raw_tokens is None:
            return None
        return max(self.raw_tokens - (self.tokens or 0), 0)


@dataclass(frozen=True)
class Blocked:
    """A projection the rule leaves out, and why."""

    projection: str
    coverage: float | None
    tokens: int | None
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class Verdict:
    """The projection to ship for one suite (``ship`` is None when none qualifies)."""

    suite: str
    ship: str | None
    coverage: float | None
    tokens: int | None
    why: str
    misses: tuple[Miss, ...]
    blocked: tuple[Blocked, ...]
    rule: str = RULE
    #: Every projection that ran, with its tokens and coverage: (name, tokens, coverage).
    points: tuple[tuple[str, int, float], ...] = ()
    #: The projections no other beats on both tokens and coverage, cheapest first.
    front: tuple[str, ...] = ()


def pareto_front(points: Mapping[str, tuple[int, float]]) -> tuple[str, ...]:
    """The names in ``points`` (name -> (tokens, coverage)) that no other point dominates.

    A point is dominated when another has no more tokens and no less coverage, and is
    strictly better on one of them; points that coincide (a twin) are all on the front
    or all off it. Sorted cheapest first, then by name.
    """
    front = [
        name
        for name, (t, c) in points.items()
        if not any(
            t2 <= t and c2 >= c and (t2 < t or c2 > c)
            for other, (t2, c2) in points.items()
            if other != name
        )
    ]
    return tuple(sorted(front, key=lambda n: (points[n][0], -points[n][1], n)))


def _pct(value: float | None) -> str:
    return pct(value, MISSING)


def _tokens(value: int | None) -> str:
    return "unknown tokens" if value is None else f"{value:,} tokens"


def _blocking(projection: ProjectionRecord, findings: Sequence[Finding]) -> tuple[str, ...]:
    if projection.error:
        return (f"it failed to run: {projection.error}",)
    by_rule: dict[str, list[str]] = {}
    for f in findings:
        if f.projection == projection.name and f.severity == "error":
            by_rule.setdefault(f.rule, []).append(f.field or f.path or "")
    reasons = []
    for rule in sorted(by_rule):
        where = sorted({w for w in by_rule[rule] if w})
        n = len(by_rule[rule])
        label = f"{n} {rule} error{'s' if n != 1 else ''}"
        reasons.append(f"{label} ({', '.join(where)})" if where else label)
    return tuple(reasons)


def _misses(projection: ProjectionRecord, field_values: Sequence[FieldValue]) -> list[Miss]:
    rows = {fv.field: fv for fv in field_values if fv.field}
    failing: dict[str, tuple[str, float, list[str]]] = {}
    for q in projection.questions:
        for need in q.failing:
            status, weight, questions = failing.get(need.field, (need.status, 0.0, []))
            failing[need.field] = (status, weight + q.weight, [*questions, q.id])
    out = []
    for field_name, (status, weight, questions) in failing.items():
        row = rows.get(field_name)
        out.append(
            Miss(
                field=field_name,
                status=status,
                weight=weight,
                questions=tuple(questions),
                raw_tokens=None if row is None else row.raw_tokens,
                tokens=None if row is None else row.tokens.get(projection.name),
            )
        )
    out.sort(key=lambda m: (-m.weight, m.field))
    return out


def choose(
    suite: str,
    projections: Sequence[ProjectionRecord],
    tokens: Mapping[str, int],
    findings: Sequence[Finding] = (),
    field_values: Sequence[FieldValue] = (),
) -> Verdict:
    """The verdict by :data:`RULE`; ``tokens`` holds the tokens of each projection that ran."""
    eligible: list[ProjectionRecord] = []
    blocked: list[Blocked] = []
    for p in projections:
        reasons = _blocking(p, findings)
        if reasons:
            blocked.append(Blocked(p.name, p.coverage, tokens.get(p.name), reasons))
        else:
            eligible.append(p)
    blocked.sort(key=lambda b: (-(b.coverage or -1.0), b.tokens is None, b.tokens, b.projection))

    def key(p: ProjectionRecord) -> tuple[float, bool, int, str]:
        t = tokens.get(p.name)
        # Rounded: a twin's coverage, summed in another order, must still tie.
        return (-round(p.coverage or 0.0, 9), t is None, t or 0, p.name)

    eligible.sort(key=key)
    # Coverage rounded as in the ranking, so a twin coincides with its original.
    points = {
        p.name: (tokens[p.name], round(p.coverage or 0.0, 9))
        for p in sorted(projections, key=lambda p: p.name)
        if not p.error and p.name in tokens
    }
    front = pareto_front(points)
    plotted = tuple((n, t, c) for n, (t, c) in points.items())
    if not eligible:
        return Verdict(
            suite=suite,
            ship=None,
            coverage=None,
            tokens=None,
            why="No projection qualifies: every one failed to run or has an error-level finding.",
            misses=(),
            blocked=tuple(blocked),
            points=plotted,
            front=front,
        )
    best = eligible[0]
    coverage = best.coverage or 0.0
    why = (
        f"{best.name} covers {_pct(coverage)} of the questions' weight at "
        f"{_tokens(tokens.get(best.name))}"
    )
    # Same coverage and tokens (a twin in another language): the name decides, and says so.
    ties = [p for p in eligible[1:] if key(p)[:3] == key(best)[:3]]
    if ties:
        names = ", ".join(p.name for p in ties)
        why += (
            f"; {names} tie{'s' if len(ties) == 1 else ''} with it on coverage and tokens, "
            "and the name that sorts first breaks the tie"
        )
    rest = eligible[1 + len(ties) :]
    if rest:
        nxt = rest[0]
        why += (
            f"; the next without error findings, {nxt.name}, covers "
            f"{_pct(nxt.coverage)} at {_tokens(tokens.get(nxt.name))}"
        )
    why += "."
    better = [b for b in blocked if (b.coverage or 0.0) > coverage]
    if better:
        b = better[0]
        why += (
            f" {b.projection} would cover {_pct(b.coverage)} at {_tokens(b.tokens)} but is "
            f"blocked by {'; '.join(b.reasons)}: fix that to ship it instead."
        )
    return Verdict(
        suite=suite,
        ship=best.name,
        coverage=coverage,
        tokens=tokens.get(best.name),
        why=why,
        misses=tuple(_misses(best, field_values)),
        blocked=tuple(blocked),
        points=plotted,
        front=front,
    )


def decide(suite: SuiteRecord) -> Verdict:
    """The verdict for one suite of a run."""
    cost = suite.cost
    tokens = (
        {} if cost is None else {n: c.tokens for n, c in cost.projections.items() if not c.error}
    )
    return choose(
        suite.name,
        suite.projections,
        tokens,
        suite.findings,
        () if cost is None else cost.field_values,
    )
