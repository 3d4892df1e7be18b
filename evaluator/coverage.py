"""Coverage: can each question be answered from a projection's output?

For every need of a question, the lineage of its field decides a status (the
words, their meanings and their severity order are declared in ``vocabulary.py``):
``ok``, ``dropped``, ``wrong-label``, ``partial``, ``lossy``, ``needs-lookup``,
``inconclusive`` or ``not-in-fixture``.

Every shortfall of a need is reported (a list cut to its first items *and* dates cut to the
day), in ``defects``; the worst one is the need's status. A question is answerable when all
its needs are ``ok``; a projection's coverage is the weighted share of answerable questions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .lineage import PRECISION_RANK, TIME_UNITS, Defect, FieldLineage
from .suites import FieldDef, Need, Question, Suite
from .text.numbers import num
from .vocabulary import severity_rank, worst_need_status


@dataclass(frozen=True)
class NeedResult:
    """The verdict on one need of one question for one projection."""

    field: str
    status: str
    detail: str
    lineage: str | None = None
    outputs: tuple[str, ...] = ()
    precision: str | int | None = None
    readable: bool = False
    #: Every shortfall found (status and detail), the worst one (``status``) first.
    defects: tuple[Defect, ...] = ()

    @property
    def ok(self) -> bool:
        """True when this need is met."""
        return self.status == "ok"

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (for JSON and the store)."""
        return {
            "field": self.field,
            "status": self.status,
            "detail": self.detail,
            "lineage": self.lineage,
            "outputs": list(self.outputs),
            "precision": self.precision,
            "readable": self.readable,
            "defects": [d.to_dict() for d in self.defects],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> NeedResult:
        """The need back from :meth:`to_dict`."""
        return cls(
            field=data["field"],
            status=data["status"],
            detail=data["detail"],
            lineage=data.get("lineage"),
            outputs=tuple(data.get("outputs") or ()),
            precision=data.get("precision"),
            readable=bool(data.get("readable", False)),
            defects=tuple(Defect.from_dict(d) for d in data.get("defects") or ()),
        )


@dataclass(frozen=True)
class QuestionResult:
    """Whether one question is answerable from one projection's output."""

    id: str
    text: str
    weight: float
    needs: tuple[NeedResult, ...]

    @property
    def answerable(self) -> bool:
        """True when every need is met."""
        return all(n.ok for n in self.needs)

    @property
    def failing(self) -> tuple[NeedResult, ...]:
        """The needs that are not met."""
        return tuple(n for n in self.needs if not n.ok)

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (for JSON and the store)."""
        return {
            "id": self.id,
            "text": self.text,
            "weight": self.weight,
            "answerable": self.answerable,
            "needs": [n.to_dict() for n in self.needs],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> QuestionResult:
        """The question back from :meth:`to_dict` (``answerable`` follows from the needs)."""
        return cls(
            id=data["id"],
            text=data["text"],
            weight=float(data["weight"]),
            needs=tuple(NeedResult.from_dict(n) for n in data["needs"]),
        )

    @property
    def status(self) -> str:
        """``ok`` when answerable, else the most severe status of its needs."""
        return worst_need_status(n.status for n in self.needs)


@dataclass(frozen=True)
class DroppedNeed:
    """A field some question needs that the projection drops."""

    field: str
    questions: tuple[tuple[str, float], ...]

    @property
    def weight(self) -> float:
        """Total weight of the questions that need the field."""
        return sum(w for _, w in self.questions)

    def describe(self) -> str:
        """``dropped: sla_due_at, needed by breach-soon (weight 6), ...``."""
        needed = ", ".join(f"{qid} (weight {num(w)})" for qid, w in self.questions)
        return f"dropped: {self.field}, needed by {needed}"

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (for JSON and the store)."""
        return {
            "field": self.field,
            "weight": self.weight,
            "questions": [{"id": q, "weight": w} for q, w in self.questions],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DroppedNeed:
        """The dropped need back from :meth:`to_dict` (``weight`` follows from the questions)."""
        return cls(data["field"], tuple((q["id"], float(q["weight"])) for q in data["questions"]))


def judge_need(
    need: Need,
    fdef: FieldDef,
    lineage: FieldLineage | None,
    unmatched_reason: str | None,
    short_ids: bool = False,
) -> NeedResult:
    """Decide one need's status from its field's lineage: every shortfall, the worst first."""
    if lineage is None or lineage.status == "no-sample":
        reason = unmatched_reason or "every value of it in the fixtures is null."
        return NeedResult(
            field=need.field,
            status="not-in-fixture",
            detail=f"{reason} Add a fixture that holds it, or fix its path ({fdef.path}).",
            lineage=lineage.status if lineage else None,
            precision=need.precision,
            readable=need.readable,
        )
    sampled = lineage

    def verdict(status: str, detail: str, defects: tuple[Defect, ...] = ()) -> NeedResult:
        return NeedResult(
            field=need.field,
            status=status,
            detail=detail,
            lineage=sampled.status,
            outputs=sampled.outputs,
            precision=need.precision,
            readable=need.readable,
            defects=defects,
        )

    status = lineage.status
    if status == "dropped":
        return verdict("dropped", "the projection drops it")
    if status == "inconclusive":
        return verdict("inconclusive", lineage.detail)
    found: list[Defect] = []
    selection: str | None = None
    partial = lineage.defect("partial")
    if partial is None and status == "partial":
        partial = Defect("partial", lineage.detail, lineage.how)
    if partial is not None:
        if need.items == "some":
            selection = partial.detail
        else:
            found.append(Defect("partial", partial.detail))
    if lineage.labels_wrong:
        value, shown, declared = lineage.labels_wrong[0]
        found.append(
            Defect(
                "wrong-label",
                f"labels {value!r} as {shown!r}; the suite's labels say {declared!r}",
            )
        )
    if need.readable and lineage.opaque and not lineage.resolved_beside:
        what = "an integer code" if lineage.kind == "code" else "an opaque id"
        found.append(
            Defect(
                "needs-lookup",
                f"carried only as {what}; the question needs a readable name or label",
            )
        )
    lossy = lineage.defect("lossy")
    if lossy is None and status == "lossy":
        lossy = Defect("lossy", lineage.detail, lineage.how, lineage.precision)
    short = _precision_shortfall(need, lossy) if lossy else None
    shortened = lossy is not None and lossy.how == "id-shortened"
    if short is None and shortened and not need.readable and not short_ids:
        short = f"{lossy.detail}; the question needs the exact id"  # type: ignore[union-attr]
    if short:
        found.append(Defect("lossy", short))
    if found:
        found.sort(key=lambda d: severity_rank(d.status))
        return verdict(found[0].status, "; ".join(d.detail for d in found), tuple(found))
    if selection is not None:
        detail = f"a selection is enough here ({selection})"
    elif lossy is not None:
        detail = f"enough for this question ({lossy.detail})"
    else:
        detail = lineage.detail
    return verdict("ok", detail)


def _precision_shortfall(need: Need, lossy: Defect) -> str | None:
    asked = need.precision
    have = lossy.precision
    if asked is None:
        return None
    if isinstance(asked, str) and asked in TIME_UNITS:
        if lossy.how == "time-coarse-hidden":
            # The hour shows but not the day (a time of day alone): no moment is known.
            return f"{lossy.detail}; the question needs {asked} precision"
        if isinstance(have, str) and PRECISION_RANK[have] > PRECISION_RANK[asked]:
            return f"kept to the {have} only; the question needs {asked} precision"
        return None
    if isinstance(asked, int) and isinstance(have, int) and have < asked:
        return f"cut after {have} characters; the question needs {asked}"
    return None


def judge_question(
    question: Question,
    suite: Suite,
    lineage: dict[str, FieldLineage],
    unmatched: dict[str, str],
) -> QuestionResult:
    """Judge every need of one question."""
    needs = tuple(
        judge_need(
            n, suite.fields[n.field], lineage.get(n.field), unmatched.get(n.field), suite.short_ids
        )
        for n in question.needs
    )
    return QuestionResult(question.id, question.text, question.weight, needs)


def weighted_coverage(results: list[QuestionResult]) -> float:
    """Weighted share of answerable questions, 0.0 to 1.0."""
    total = sum(r.weight for r in results)
    if not total:
        return 0.0
    return sum(r.weight for r in results if r.answerable) / total


def dropped_needed(results: list[QuestionResult]) -> list[DroppedNeed]:
    """Needed fields the projection drops, with the questions that need them."""
    by_field: dict[str, list[tuple[str, float]]] = {}
    for r in results:
        for n in r.needs:
            if n.status == "dropped":
                by_field.setdefault(n.field, []).append((r.id, r.weight))
    out = []
    for name, qs in by_field.items():
        ordered = tuple(sorted(qs, key=lambda q: (-q[1], q[0])))
        out.append(DroppedNeed(name, ordered))
    return sorted(out, key=lambda d: (-d.weight, d.field))
