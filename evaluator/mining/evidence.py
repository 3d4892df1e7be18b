"""What mining yields: evidence for a need, mined needs, questions and suites, and its error."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import ProjevalError
from ..traces import drift
from .draft import _clip, _scalar, render_draft


class MiningError(ProjevalError):
    """Traces that cannot be mined for the tool asked (e.g. it was never called)."""


# Evidence -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Evidence:
    """One kind of evidence for a need: how many conversations, and one example."""

    kind: str  # followup | action | quoted | suite | absent
    conversations: int
    example: str  # the quoted or passed value, or the hedged question
    detail: str = ""  # the consuming tool, or the suite question

    def describe(self) -> str:
        """``passed to get_user in 3``: the kind and its number of conversations."""
        return {
            "followup": f"passed to {self.detail} in {self.conversations}",
            "action": f"passed to {self.detail}, a write, in {self.conversations}",
            "quoted": f"quoted in the answer in {self.conversations}",
            "suite": f"hedged in {self.conversations}, needed by {self.detail}",
            "absent": f"hedged without it in {self.conversations}",
        }[self.kind]


@dataclass(frozen=True)
class MinedNeed:
    """A field a group needs, inferred from evidence."""

    field: str
    path: str
    conversations: int
    evidence: tuple[Evidence, ...]
    readable: bool = False
    precision: str | int | None = None
    items: str = "all"

    @property
    def comment(self) -> str:
        """``inferred: 3 conversations (passed to get_user in 3), e.g. "usr_…" from <path>``."""
        n = self.conversations
        kinds = ", ".join(e.describe() for e in self.evidence)
        first = self.evidence[0]
        if first.kind in ("followup", "action", "quoted"):
            example = f'e.g. "{_clip(first.example)}" from {self.path}'
        else:
            example = f'e.g. "{_clip(first.example)}" while {self.path} was absent'
        return f"inferred: {n} conversation{'s' * (n != 1)} ({kinds}), {example}"

    def to_yaml(self) -> str:
        """The need as one YAML flow item."""
        opts = []
        if self.precision is not None:
            opts.append(f"precision: {_scalar(self.precision)}")
        if self.readable:
            opts.append("readable: true")
        if self.items != "all":
            opts.append(f"items: {_scalar(self.items)}")
        name = _scalar(self.field)
        return f"{{field: {name}, {', '.join(opts)}}}" if opts else name


@dataclass(frozen=True)
class MinedQuestion:
    """A group of similar user questions that called the tool; its weight is how many
    conversations asked it (a user who asks three times in one conversation is one)."""

    id: str
    text: str
    weight: int
    conversations: int
    examples: tuple[str, ...]
    needs: tuple[MinedNeed, ...]
    members: tuple[tuple[str, int], ...] = field(repr=False, default=())  # (text, count)
    match: drift.Match | None = None  # nearest reference-suite question

    @property
    def asked(self) -> int:
        """How many times its questions were asked (turns), over all conversations."""
        return sum(n for _, n in self.members) if self.members else self.weight


@dataclass
class MinedSuite:
    """A draft suite for one tool, mined from traces (render it with :meth:`to_yaml`)."""

    tool: str
    questions: list[MinedQuestion]
    fields: dict[str, str]  # name -> schema path
    field_specs: dict[str, dict[str, Any]]  # name -> extra keys from a reference suite
    files: int
    traces: int
    turns: int  # user questions whose turn called the tool
    threshold: float
    min_support: float
    #: Files no reader could read, each ``"<file>: <reason>"``; the others were mined.
    unread: tuple[str, ...] = ()
    #: Records the readers skipped, each ``"<file>:<line>: <reason>"``, in file order;
    #: the rest of their files was mined.
    skipped: tuple[str, ...] = ()

    @property
    def drafted(self) -> list[MinedQuestion]:
        """Groups with at least one inferred need (the others cannot be a suite question yet)."""
        return [q for q in self.questions if q.needs]

    def to_yaml(self) -> str:
        """The draft suite file: loadable once fixtures and projections are filled in."""
        return render_draft(self)


def unique_id(base: str, taken: set[str]) -> str:
    """``base``, else ``base-2``, ``base-3``...: the first not in ``taken``, which gets it."""
    qid, k = base, 2
    while qid in taken:
        qid, k = f"{base}-{k}", k + 1
    taken.add(qid)
    return qid


def named_needs(needs: Iterable[MinedNeed], names: dict[str, str]) -> tuple[MinedNeed, ...]:
    """``needs`` with each field named as ``names`` names its path."""
    return tuple(dataclasses.replace(n, field=names[n.path]) for n in needs)
