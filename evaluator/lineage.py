"""Field lineage, inferred for any Python callable by perturbing its input.

For each source leaf we change the value in a way that keeps it valid for the
code that reads it (shift a timestamp, ISO or epoch, in its own format; swap an id
with a sibling id so lookup maps still resolve; swap an enumeration or code with
another value seen at the path over all fixtures, or with its declared labels' codes;
shift a number by its own step and by 10, 100 and 1000 times it; rename a map key for a
``map.*~`` field; edit text at the start and after a prefix), call the projection, and
diff the output. What changes, and how, tells where the field lands and what survives
(every shortfall is kept in ``defects``: a list cut *and* dates cut to the day):

``kept``       carried as is, or reformatted without loss
``resolved``   mapped to another value (an id to a name, a code to a label, a sum)
``lossy``      some changes are invisible (day precision, text cut, id shortened)
``dropped``    no change is visible
``partial``    carried for some list items only
``no-sample``  every value in the fixtures is null: nothing can be learned
``inconclusive`` the projection raised on every perturbed value

Calls are bounded by schema paths x a small sample of instances (first, last
and a few between), never by items x leaves. Inputs are copied along the
perturbed path only (structural sharing).
"""

from __future__ import annotations

import calendar
import copy
import json
import math
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any, TypeVar

from . import kinds, paths
from .projections import ProjectionFault, Runner, call_many, canonical
from .suites import FieldDef
from .vocabulary import LINEAGE_STATUSES

STATUSES = LINEAGE_STATUSES
#: Statuses under which the field reaches the output in some form.
CARRIED = ("kept", "resolved", "lossy")
TIME_UNITS = ("second", "minute", "hour", "day")
PRECISION_RANK = {unit: i for i, unit in enumerate(TIME_UNITS)}

#: Instances sampled per schema path: first, last and a few between.
SAMPLE_SIZE = 5
_MISSING = object()
# Marks a change in the number of list items: the field selects or filters items.
_LENGTH = object()

# How the changed output relates to the changed source value, best first.
_REPS = ("exact", "embedded", "scaled", "prefix", "casefold", "rounded", "mapped", "filter")
#: Unit changes that lose nothing (minor units to units and back, grams to kilograms).
_SCALES = (10.0, 100.0, 1000.0, 0.1, 0.01, 0.001)


@dataclass(frozen=True)
class Defect:
    """One way a carried field falls short: a cut list, a coarser time, a cut text..."""

    status: str  # partial or lossy
    detail: str
    how: str | None = None
    precision: str | int | None = None
    first_n: tuple[int, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (for JSON and the store)."""
        return {
            "status": self.status,
            "detail": self.detail,
            "how": self.how,
            "precision": self.precision,
            "first_n": list(self.first_n) if self.first_n else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Defect:
        """The defect back from :meth:`to_dict`."""
        return cls(
            status=data["status"],
            detail=data["detail"],
            how=data.get("how"),
            precision=data.get("precision"),
            first_n=_pair(data.get("first_n")),
        )


def _pair(value: Any) -> tuple[int, int] | None:
    """``first_n`` back from JSON (a list of two ints, or null)."""
    return (int(value[0]), int(value[1])) if value else None


@dataclass(frozen=True)
class FieldLineage:
    """Where one source field lands in a projection's output, and what survives.

    ``status`` is the main verdict; ``defects`` lists every shortfall found (a list cut to its
    first items *and* dates cut to the day), so that none hides another.
    """

    source: str
    status: str
    detail: str
    outputs: tuple[str, ...] = ()
    kind: str = "text"
    precision: str | int | None = None
    opaque: bool = False
    field: str | None = None
    samples: int = 0
    #: How the value is carried, for programs (the detail is for people): as-is,
    #: embedded, reformatted, time-precision, time-coarse-hidden, text-cut, id-shortened, case-folded,
    #: rounded, mapped, filter, first-n, selection, or None.
    how: str | None = None
    #: For a list cut after its first items: (items carried, items in the source).
    first_n: tuple[int, int] | None = None
    #: Every shortfall of a carried field (partial, lossy), the main one included.
    defects: tuple[Defect, ...] = ()
    #: An opaque id or code that is carried with a value resolved from it beside it (a name,
    #: a country), so that a question wanting a readable value is answered.
    resolved_beside: bool = False
    #: For a field with declared ``labels:``: (value, label shown, label declared) per mismatch.
    labels_wrong: tuple[tuple[Any, str, str], ...] = ()

    @property
    def carried(self) -> bool:
        """True when some form of the value reaches the output."""
        return self.status in CARRIED

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (for JSON and the store)."""
        return {
            "field": self.field,
            "source": self.source,
            "status": self.status,
            "detail": self.detail,
            "outputs": list(self.outputs),
            "kind": self.kind,
            "precision": self.precision,
            "opaque": self.opaque,
            "how": self.how,
            "samples": self.samples,
            "first_n": list(self.first_n) if self.first_n else None,
            "defects": [d.to_dict() for d in self.defects],
            "resolved_beside": self.resolved_beside,
            "labels_wrong": [list(w) for w in self.labels_wrong],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FieldLineage:
        """The field's lineage back from :meth:`to_dict`."""
        return cls(
            source=data["source"],
            status=data["status"],
            detail=data["detail"],
            outputs=tuple(data.get("outputs") or ()),
            kind=data.get("kind") or "text",
            precision=data.get("precision"),
            opaque=bool(data.get("opaque", False)),
            field=data.get("field"),
            samples=int(data.get("samples") or 0),
            how=data.get("how"),
            first_n=_pair(data.get("first_n")),
            defects=tuple(Defect.from_dict(d) for d in data.get("defects") or ()),
            resolved_beside=bool(data.get("resolved_beside", False)),
            labels_wrong=tuple(
                (w[0], str(w[1]), str(w[2])) for w in data.get("labels_wrong") or ()
            ),
        )

    def defect(self, status: str) -> Defect | None:
        """The first defect with this status (``lossy``, ``partial``), if any."""
        return next((d for d in self.defects if d.status == status), None)


@dataclass
class LineageResult:
    """Lineage of every source field of one projection over a suite's fixtures."""

    projection: str
    fields: dict[str, FieldLineage] = field(default_factory=dict)
    named: dict[str, FieldLineage] = field(default_factory=dict)
    fault: ProjectionFault | None = None
    fault_fixture: str | None = None
    calls: int = 0
    outputs: dict[str, Any] = field(default_factory=dict, repr=False)

    def for_field(self, name: str) -> FieldLineage | None:
        """Lineage of a field-dictionary entry, by name."""
        return self.named.get(name)

    def rows(self) -> list[FieldLineage]:
        """Every source field, named ones with their names, sorted by source path.

        A null that stands where other records hold an object (an unassigned
        ticket's ``assignee.data``) is not a field of its own and is left out.
        """
        by_source = {fl.source: fl for fl in self.fields.values()}
        for fl in self.named.values():
            if fl.source in by_source and by_source[fl.source].field is None:
                by_source[fl.source] = fl
        sources = sorted(by_source)
        return [
            by_source[s]
            for s in sources
            if not (
                by_source[s].status == "no-sample"
                and any(o.startswith(s + ".") or o.startswith(s + "[") for o in sources)
            )
        ]


# --------------------------------------------------------------------------------------
# Perturbations


@dataclass(frozen=True)
class _Perturbation:
    label: str
    value: Any
    unit: str | None = None  # time unit for time shifts
    offset: int | None = None  # character offset for text edits
    casefold: bool = False


def _alt_char(ch: str) -> str:
    if ch in "0123456789":
        return str((int(ch) + 1) % 10)
    if ch.isalpha():
        repl = "q" if ch.lower() != "q" else "z"
        return repl.upper() if ch.isupper() else repl
    return "q"


def _edit_at(text: str, offset: int) -> str:
    return text[:offset] + _alt_char(text[offset]) + text[offset + 1 :]


def _fresh_id(value: Any) -> Any:
    """A different id of the same shape (start and end both change)."""
    if isinstance(value, int):
        return value + 7919
    text = str(value)
    start = text.find("_") + 1
    if start >= len(text):
        start = 0
    text = _edit_at(text, start)
    return _edit_at(text, len(text) - 1)


def _duration_shifts(value: str) -> Iterator[_Perturbation]:
    """Lengthen an ISO 8601 duration by 1 s, 1 min, 1 h and 1 day, in the parts it has."""
    for unit, seconds in (("second", 1), ("minute", 60), ("hour", 3600), ("day", 86400)):
        shifted = kinds.shift_duration(value, seconds)
        if shifted != value:
            yield _Perturbation(f"+1 {unit}", shifted, unit=unit)


def _clock_shifts(value: str) -> Iterator[_Perturbation]:
    """Shift a time of day by 1 s (when it shows seconds), 1 min and 1 h, away from the next
    coarser boundary as :func:`_time_shifts` does; it holds no day, so no day is shifted."""
    match = kinds.CLOCK_RE.match(value)
    if match is None:
        return
    plan = (
        ("second", 1, match.group("s") == "59"),
        ("minute", 60, match.group("m") == "59"),
        ("hour", 3600, match.group("h") == "23"),
    )
    for unit, seconds, backwards in plan:
        shifted = kinds.shift_clock(value, -seconds if backwards else seconds)
        if shifted != value:
            yield _Perturbation(f"+1 {unit}", shifted, unit=unit)


def _shift_epoch_text(value: str, seconds: int) -> str:
    """Epoch seconds written as text, shifted in their own format (decimals kept exactly)."""
    decimals = len(value.split(".", 1)[1]) if "." in value else 0
    return f"{Decimal(value) + seconds:.{decimals}f}"


def _time_shifts(value: Any, unit_epoch: str | None) -> Iterator[_Perturbation]:
    """Shift by 1 s, 1 min, 1 h and 1 day, away from the next coarser boundary."""
    if kinds.is_iso_duration(value):
        yield from _duration_shifts(value)
        return
    if not unit_epoch and kinds.is_clock_time(value):
        yield from _clock_shifts(value)
        return
    scale = 1000 if unit_epoch == "ms" else 1
    try:
        if unit_epoch:
            moment = datetime.fromtimestamp(float(value) / scale, UTC)
        else:
            moment, _ = kinds.parse_iso(value)
    except (TypeError, ValueError, OverflowError, OSError):
        # Not a moment that can be shifted (text among epoch numbers, year 0): no shifts.
        return
    last_day = calendar.monthrange(moment.year, moment.month)[1]
    plan = (
        ("second", timedelta(seconds=1), moment.second == 59),
        ("minute", timedelta(minutes=1), moment.minute == 59),
        ("hour", timedelta(hours=1), moment.hour == 23),
        ("day", timedelta(days=1), moment.day == last_day),
    )
    for unit, delta, backwards in plan:
        step = -delta if backwards else delta
        if unit_epoch and isinstance(value, str):
            shifted: Any = _shift_epoch_text(value, int(step.total_seconds() * scale))
        elif unit_epoch:
            shifted = value + int(step.total_seconds() * scale)
            if isinstance(value, float):
                shifted = float(shifted)
        else:
            shifted = kinds.shift_iso(value, step)
        if shifted != value:
            yield _Perturbation(f"+1 {unit}", shifted, unit=unit)


# --------------------------------------------------------------------------------------
# Diffing outputs


def _same(a: Any, b: Any) -> bool:
    """Equal leaves, NaN equal to NaN: a fresh ``float('nan')`` on every call is no change."""
    if a is b or (a == b and type(a) is type(b)):
        return True
    return isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)


def _diff(old: Any, new: Any) -> list[tuple[paths.InstancePath, Any, Any]]:
    """Changed leaves between two outputs, list items aligned before comparing."""
    changes: list[tuple[paths.InstancePath, Any, Any]] = []
    stack: list[tuple[paths.InstancePath, Any, Any]] = [((), old, new)]
    while stack:
        where, a, b = stack.pop()
        if isinstance(a, dict) and isinstance(b, dict):
            # A key renamed (ids as the keys of an output map): the key is what changed.
            gone = [k for k in a if k not in b]
            added = [k for k in b if k not in a]
            renamed = dict(zip(gone, added, strict=True)) if len(gone) == len(added) else {}
            for key, new_key in renamed.items():
                changes.append(((*where, key), key, new_key))
                va, vb = a[key], b[new_key]
                if va is not vb and va != vb:
                    stack.append(((*where, key), va, vb))
            for key in list(a) + [k for k in b if k not in a]:
                if key in renamed or (renamed and key in added):
                    continue
                va, vb = a.get(key, _MISSING), b.get(key, _MISSING)
                if va is _MISSING or vb is _MISSING:
                    changes.append(((*where, key), va, vb))
                elif va is not vb and va != vb:
                    stack.append(((*where, key), va, vb))
        elif isinstance(a, list) and isinstance(b, list):
            stack.extend((((*where, i), x, y) for i, x, y in _align(a, b)))
            if len(a) != len(b):
                changes.append((where, _LENGTH, (len(a), len(b))))
        elif not _same(a, b):
            changes.append((where, a, b))
    return changes


def _align(a: list[Any], b: list[Any]) -> list[tuple[int, Any, Any]]:
    """Pair the items of two lists that differ, matching unchanged items first.

    A projection may sort or filter, so one changed record can move others.
    Usually only a few positions differ and pairing by position is right; when
    many do, match identical items by content and pair what is left in order.
    """
    if len(a) == len(b):
        differing = [i for i in range(len(a)) if a[i] is not b[i] and a[i] != b[i]]
        if len(differing) <= 1:
            return [(i, a[i], b[i]) for i in differing]
        if len(differing) == 2:
            x, y = differing
            # Two swapped places are one item moved by a sort (keys listed in order), unless
            # each place changed on its own.
            if not (a[x] == b[y] or a[y] == b[x]):
                return [(i, a[i], b[i]) for i in differing]
    pool: dict[str, list[int]] = {}
    for j, item in enumerate(b):
        pool.setdefault(canonical(item), []).append(j)
    left_a = []
    for item in a:
        slot = pool.get(canonical(item))
        if slot:
            slot.pop(0)
        else:
            left_a.append(item)
    left_b = sorted(j for slots in pool.values() for j in slots)
    return [(j, x, b[j]) for x, j in zip(left_a, left_b, strict=False)]


def _representation(s0: Any, s1: Any, o0: Any, o1: Any) -> str:
    """How a changed output value relates to the changed source value."""
    if o0 == s0 and o1 == s1 and type(o0) is type(s0):
        return "exact"
    if isinstance(o0, str) and isinstance(o1, str):
        t0, t1 = str(s0), str(s1)
        if o0 == t0 and o1 == t1:
            return "exact"
        if t0 in o0 and t1 in o1:
            return "embedded"
        if isinstance(s0, str) and o0 and o1 and t0.startswith(o0) and t1.startswith(o1):
            return "prefix"
        if o0.casefold() == t0.casefold() and o1.casefold() == t1.casefold():
            return "casefold"
    if (
        isinstance(o0, int | float)
        and isinstance(s0, int | float)
        and not isinstance(o0, bool)
        and abs(o0 - s0) < 1
        and abs(o1 - s1) < 1
    ):
        return "rounded"
    if _scaled(s0, s1, o0, o1):
        return "scaled"
    return "mapped"


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    return float(value) if kinds.is_numeric_text(value) else None


def _scaled(s0: Any, s1: Any, o0: Any, o1: Any) -> bool:
    """Whether the output is the source times a power of ten, before and after the change
    (``"90.80"`` shown as 9080 pence): a change of unit that loses nothing."""
    a0, a1, b0, b1 = (_as_number(v) for v in (s0, s1, o0, o1))
    if a0 is None or a1 is None or b0 is None or b1 is None or not a0 or a0 == a1:
        return False
    return any(
        math.isclose(b0, a0 * f, rel_tol=1e-9) and math.isclose(b1, a1 * f, rel_tol=1e-9)
        for f in _SCALES
    )


def _excerpt(output: Any, changed: Any, width: int = 40) -> Any:
    """For a long text output, the part around the first change (for examples)."""
    if not isinstance(output, str) or len(output) <= width:
        return output
    at = 0
    if isinstance(changed, str):
        limit = min(len(output), len(changed))
        while at < limit and output[at] == changed[at]:
            at += 1
    start = max(0, at - 10)
    return ("…" if start else "") + output[start : start + width] + "…"


def _short(value: Any, limit: int = 40) -> str:
    """A value as a JSON literal, cut to ``limit`` characters."""
    if isinstance(value, str) and len(value) > limit:
        value = value[: limit - 1] + "…"
    return canonical(value) if not isinstance(value, str) else json.dumps(value, ensure_ascii=False)


# --------------------------------------------------------------------------------------
# Probing one schema path


@dataclass
class _Probe:
    """What perturbing one sampled instance showed."""

    index: int
    visible: bool = False
    raised: str | None = None
    all_raised: bool = True
    outputs: set[str] = field(default_factory=set)
    rep: str | None = None
    reps: set[str] = field(default_factory=set)
    example: tuple[Any, Any] | None = None
    units: dict[str, bool] = field(default_factory=dict)
    cut: int | None = None
    casefolded: bool = False
    first_visible: _Perturbation | None = None
    #: For numbers: the smallest step (a multiple of the value's own step) that shows.
    step_seen: float | None = None
    step_base: float | None = None
    whole_units: bool = False
    #: For labelled fields: (value, label shown, label declared) when they differ.
    label_wrong: tuple[Any, str, str] | None = None


@dataclass(frozen=True)
class _PathPlan:
    """How one schema path is perturbed: its kind, and the values seen at it."""

    kind: str
    epoch: str | None = None
    #: Other values seen at this path over all fixtures (swapped in for ids, codes, enums).
    domain: tuple[Any, ...] = ()
    #: Declared labels (value -> label), for fields given ``labels:``.
    labels: tuple[tuple[Any, str], ...] = ()
    #: Values known from elsewhere than this path (the field's ``values:``, the tools file's
    #: enums, a sibling path's values), tried when the fixtures hold one value only.
    known: tuple[Any, ...] = ()


def _number_step(value: Any) -> tuple[float, int]:
    """The value's own smallest step and its number of decimals (``8514.96`` -> 0.01, 2)."""
    if isinstance(value, int):
        return 1, 0
    text = value if isinstance(value, str) else repr(value)
    decimals = len(text.split(".", 1)[1]) if "." in text and "e" not in text.lower() else 0
    return 10.0**-decimals if decimals else 1, decimals


def _shift_number(value: Any, delta: float, decimals: int) -> Any:
    """``value + delta`` in the value's own type and format."""
    if isinstance(value, int):
        return value + int(delta)
    if isinstance(value, float):
        return round(value + delta, decimals) if decimals else value + delta
    shifted = float(value) + delta
    return f"{shifted:.{decimals}f}" if decimals else str(round(shifted))


#: Values known from elsewhere tried, at most, on a path whose fixtures hold one value.
_KNOWN_TRIES = 4

#: Larger steps tried when the smallest one is invisible (10, 100 and 1000 times it).
_STEP_FACTORS = (10, 100, 1000)


def _word_span(text: str, other: str) -> str:
    """The part of ``text`` that differs from ``other``, widened to whole words."""
    lo = 0
    while lo < min(len(text), len(other)) and text[lo] == other[lo]:
        lo += 1
    hi = 0
    while hi < min(len(text), len(other)) - lo and text[-1 - hi] == other[-1 - hi]:
        hi += 1
    end = len(text) - hi
    while lo > 0 and text[lo - 1].isalnum():
        lo -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    return text[lo:end].strip()


#: One perturbation to run: the instance path and the value put there.
_Request = tuple[paths.InstancePath, Any]
#: What it showed: the changed output leaves ([] = invisible), or the fault it raised.
_Effect = list[Any] | ProjectionFault
_T = TypeVar("_T")
#: A probing step: yields the perturbations it needs next (run together, in one batch),
#: is sent their effects in the same order, and returns what it found.
_Probing = Generator[list[_Request], list[_Effect], _T]


def _effect(ipath: paths.InstancePath, value: Any) -> _Probing[_Effect]:
    """One perturbation's effect."""
    (effect,) = yield [(ipath, value)]
    return effect


def _shows(effect: _Effect) -> bool:
    """True when the perturbation changed the output."""
    return isinstance(effect, list) and bool(effect)


def _together(steps: list[_Probing[_T]]) -> _Probing[list[_T]]:
    """Run independent probing steps side by side: each round, the perturbations every
    unfinished step needs go out in one batch; their results, in the steps' order."""
    results: list[Any] = [None] * len(steps)
    waiting: dict[int, list[_Request]] = {}
    for i, step in enumerate(steps):
        try:
            waiting[i] = next(step)
        except StopIteration as done:
            results[i] = done.value
    while waiting:
        asked = list(waiting.items())
        effects = yield [request for _i, requests in asked for request in requests]
        waiting = {}
        at = 0
        for i, requests in asked:
            mine, at = effects[at : at + len(requests)], at + len(requests)
            try:
                waiting[i] = steps[i].send(mine)
            except StopIteration as done:
                results[i] = done.value
    return results


class _Prober:
    """Perturbations of one fixture for one projection; its steps are :data:`_Probing`."""

    def __init__(self, baseline: Any) -> None:
        self.baseline = baseline

    def probe(
        self, ipath: paths.InstancePath, value: Any, plan: _PathPlan, index: int
    ) -> _Probing[_Probe]:
        result = _Probe(index)
        kind, epoch = plan.kind, plan.epoch
        check = value.key if isinstance(value, paths.MapKey) else value
        if not kinds.fits(kind, check, epoch):
            # One path can hold values of several types (a number here, a string
            # there): perturb each value as what it is.
            kind = kinds.classify(check)
            epoch = kinds.epoch_unit(None, check) if kind == "time" else None
            plan = _PathPlan(kind, epoch, plan.domain, plan.labels, plan.known)
        if kind == "number":
            yield from self._probe_number(result, ipath, value)
            return result
        for pert in self._perturbations(value, plan):
            if result.visible and pert.label in ("swap-2", "swap-known", "edit@0"):
                break  # a swap showed: no need for another one, nor for a made-up value
            yield from self._apply(result, ipath, value, pert)
            if plan.labels and pert.label.startswith("swap") and result.label_wrong is None:
                yield from self._check_label(result, ipath, value, pert, plan)
            if kind in ("text", "url") and pert.offset == 0 and not result.visible:
                break  # an invisible first character: nothing later will show either
        if kind in ("text", "url") and result.cut is not None and result.cut > 1:
            result.cut = yield from self._find_cut(ipath, value, result.cut)
        return result

    def _perturbations(self, value: Any, plan: _PathPlan) -> Iterator[_Perturbation]:
        kind = plan.kind
        if kind == "time":
            yield from _time_shifts(value, plan.epoch)
            return
        if kind == "bool":
            yield _Perturbation("flip", not value)
            return
        if isinstance(value, paths.MapKey):
            value = value.key
        if kind in ("id", "code", "enum"):
            labelled = [v for v, _label in plan.labels if v != value]
            others = labelled or [s for s in plan.domain if s != value]
            if kind == "enum" and not others and value in kinds.YES_NO:
                others = [kinds.YES_NO[value]]
            known = [k for k in plan.known if k != value and not others]
            if known:
                # The fixtures hold this value alone: try values known from elsewhere, one
                # after the other until one shows (a lookup may know only some of them), then
                # a made-up value as the last resort (a comparison, a ``.get``).
                for candidate in known[:_KNOWN_TRIES]:
                    yield _Perturbation("swap-known", candidate)
                if isinstance(value, int):
                    yield _Perturbation("swap-known", value + 1)
                    return
            elif others:
                # Swapping in values seen at the path keeps a lookup valid (users[id],
                # LABELS[code]); a second value catches a mapping that merges two of them.
                yield _Perturbation("swap", others[0])
                if kind in ("code", "enum") and len(others) > 1:
                    yield _Perturbation("swap-2", others[1])
                return
            elif kind == "id":
                yield _Perturbation("swap", _fresh_id(value))
                return
            elif isinstance(value, int):
                yield _Perturbation("swap", value + 1)
                return
        if isinstance(value, str) and value:
            yield _Perturbation("edit@0", _edit_at(value, 0), offset=0)
            if len(value) > 1:
                last = len(value) - 1
                yield _Perturbation(f"edit@{last}", _edit_at(value, last), offset=last)
            alpha = next((i for i, c in enumerate(value) if c.isalpha()), None)
            if alpha is not None:
                swapped = value[:alpha] + value[alpha].swapcase() + value[alpha + 1 :]
                yield _Perturbation("case", swapped, casefold=True)
        elif isinstance(value, str):
            yield _Perturbation("fill", "q")

    def _probe_number(
        self, result: _Probe, ipath: paths.InstancePath, value: Any
    ) -> _Probing[None]:
        """Shift by the value's own step; when that is invisible, by 1000 times it, then find
        the smallest of 10, 100 and 1000 times the step that shows (what survives a rounding)."""
        step, decimals = _number_step(value)
        result.step_base = step

        def shifted(factor: int) -> Any:
            return _shift_number(value, step * factor, decimals)

        for factor in (1, _STEP_FACTORS[-1]):
            pert = _Perturbation(f"+{factor}", shifted(factor))
            seen = yield from self._apply(result, ipath, value, pert)
            if seen is None or seen:
                break
        if not result.visible:
            return
        smallest = factor
        if factor > 1:
            for smaller in _STEP_FACTORS[:-1]:
                if _shows((yield from _effect(ipath, shifted(smaller)))):
                    smallest = smaller
                    break
        result.step_seen = step * smallest
        if result.example is not None and smallest > 1:
            source, shown = result.example
            try:
                ratio = float(source) / float(shown)
            except (TypeError, ValueError, ZeroDivisionError):
                ratio = 0.0
            result.whole_units = 99 <= ratio <= 101

    def _check_label(
        self,
        result: _Probe,
        ipath: paths.InstancePath,
        value: Any,
        pert: _Perturbation,
        plan: _PathPlan,
    ) -> _Probing[None]:
        """Compare the label the output shows for ``value`` with the declared one."""
        declared = dict(plan.labels)
        if value not in declared:
            return
        changes = yield from _effect(ipath, pert.value)
        for _where, o0, o1 in changes if isinstance(changes, list) else ():
            if not isinstance(o0, str) or not isinstance(o1, str):
                continue
            shown = _word_span(o0, o1)
            want = str(declared[value])
            if shown and want.casefold() not in shown.casefold():
                result.label_wrong = (value, shown, want)
            return

    def _apply(
        self, result: _Probe, ipath: paths.InstancePath, value: Any, pert: _Perturbation
    ) -> _Probing[bool | None]:
        """Run one perturbation and record what it showed; None when the projection raised."""
        changes = yield from _effect(ipath, pert.value)
        if isinstance(changes, ProjectionFault):
            result.raised = changes.message
            return None
        result.all_raised = False
        seen = bool(changes)
        if pert.unit:
            result.units[pert.unit] = seen
        if pert.casefold:
            result.casefolded = not seen
            return seen
        if pert.offset is not None and pert.offset > 0 and not seen:
            result.cut = pert.offset
        if not seen:
            return False
        if not result.visible:
            result.first_visible = pert
        result.visible = True
        best = None
        source = value.key if isinstance(value, paths.MapKey) else value
        for where, o0, o1 in changes:
            result.outputs.add(paths.format_path(paths.schema_of(where, self.baseline)))
            if o0 is _MISSING or o1 is _MISSING:
                continue
            if o0 is _LENGTH:
                rep = "filter"
                o0 = f"{o1[0]} -> {o1[1]} items of {paths.format_path(paths.schema_of(where, self.baseline))}"
            else:
                rep = _representation(source, pert.value, o0, o1)
            result.reps.add(rep)
            if best is None or _REPS.index(rep) < _REPS.index(best[0]):
                best = (rep, _excerpt(o0, o1))
        if best is not None and (
            result.rep is None or _REPS.index(best[0]) < _REPS.index(result.rep)
        ):
            result.rep = best[0]
            result.example = (source, best[1])
        elif result.rep is None:
            result.rep = "mapped"
        return True

    def _find_cut(self, ipath: paths.InstancePath, value: str, invisible: int) -> _Probing[int]:
        """Smallest offset whose edit is invisible, given offset 0 is visible."""
        lo, hi = 0, invisible
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if _shows((yield from _effect(ipath, _edit_at(value, mid)))):
                lo = mid
            else:
                hi = mid
        return hi


# --------------------------------------------------------------------------------------
# Classification


def _sample_indices(n: int) -> list[int]:
    picks = [0, n - 1, n // 2, n // 4, (3 * n) // 4]
    return sorted(set(picks))[:SAMPLE_SIZE] if n else []


def _classify_time(probes: list[_Probe]) -> tuple[str, str, str | None]:
    finest_tested: set[str] = set()
    finest_seen = None
    coarse_hidden = False
    for p in probes:
        tested = [u for u in TIME_UNITS if u in p.units]
        seen = [u for u in tested if p.units[u]]
        if tested:
            finest_tested.add(tested[0])
        if seen:
            unit = seen[0]
            if finest_seen is None or PRECISION_RANK[unit] > PRECISION_RANK[finest_seen]:
                finest_seen = unit
            if any(not p.units[u] for u in tested if PRECISION_RANK[u] > PRECISION_RANK[unit]):
                coarse_hidden = True
    tested_best = min(finest_tested, key=PRECISION_RANK.__getitem__) if finest_tested else None
    if finest_seen is None:
        return "dropped", "no change to the time is visible", None
    if coarse_hidden:
        return (
            "lossy",
            f"{finest_seen} precision{_COARSE_HIDDEN}",
            finest_seen,
        )
    if tested_best is not None and finest_seen != tested_best:
        return "lossy", f"{finest_seen} precision", finest_seen
    reps = {p.rep for p in probes}
    how = "carried as is" if reps <= {"exact", "embedded"} else "reformatted without loss"
    return "kept", how, finest_seen


_COARSE_HIDDEN = ", but a change of a day is not visible"

_FACTOR_WORDS = {10: "ten", 100: "hundred", 1000: "thousand"}


def _number_loss(probes: list[_Probe]) -> str | None:
    """What survives of a number whose smallest changes are invisible, or None."""
    coarse = [p for p in probes if p.step_seen and p.step_base and p.step_seen > p.step_base]
    if not coarse:
        return None
    worst = max(coarse, key=lambda p: (p.step_seen or 0) / (p.step_base or 1))
    step, base = worst.step_seen or 0, worst.step_base or 1
    if any(p.whole_units for p in coarse):
        return "whole units: the amount divided by 100 (minor units to units)"
    if base < 1 <= step and step == 1:
        return "rounded to whole units"
    factor = round(step / base)
    unit = _FACTOR_WORDS.get(factor, str(factor))
    return f"rounded to the {unit}" if base == 1 else f"rounded to steps of {step:g}"


def _classify_carried(probes: list[_Probe], kind: str) -> dict[str, Any]:
    """Status, detail, precision, opaqueness and how of a path visible in every probe."""
    if kind == "time":
        status, detail, precision = _classify_time(probes)
        how = "time-precision" if status == "lossy" else "reformatted"
        if status == "lossy" and detail.endswith(_COARSE_HIDDEN):
            how = "time-coarse-hidden"  # fine units show, a day does not: no precision is met
        if status == "kept" and detail == "carried as is":
            how = "as-is"
        return {"status": status, "detail": detail, "precision": precision, "how": how}
    reps = [p.rep or "mapped" for p in probes]
    worst = max(reps, key=_REPS.index)
    cuts = [p.cut for p in probes if p.cut is not None]
    source = next((p.example[0] for p in probes if p.example), None)
    opaque_kind = kind == "id" or (kind == "code" and isinstance(source, int))
    if kind in ("text", "url") and cuts:
        cut = min(cuts)
        return _lossy(f"text cut after {cut} characters", cut, "text-cut")
    if worst == "prefix" and kind == "id":
        shown = min(len(str(p.example[1])) for p in probes if p.example)
        detail = f"id shortened to its first {shown} characters"
        return {**_lossy(detail, shown, "id-shortened"), "opaque": True}
    number_loss = _number_loss(probes) if kind == "number" else None
    if number_loss:
        return _lossy(number_loss, None, "rounded")
    if worst == "casefold" and kind in ("code", "enum"):
        # Distinct codes stay distinct when their case is folded: nothing is lost.
        return {"status": "kept", "detail": "reformatted without loss", "how": "reformatted"}
    if worst == "casefold" or any(p.casefolded for p in probes):
        return _lossy("case folded", None, "case-folded")
    if worst == "rounded":
        return _lossy("rounded", None, "rounded")
    if worst == "filter":
        example = next((p.example for p in probes if p.example), None)
        where = f": {example[1]}" if example else ""
        return {"status": "resolved", "detail": f"selects or filters items{where}", "how": "filter"}
    if worst == "mapped":
        example = next((p.example for p in probes if p.example), None)
        how = "mapped to another value"
        if example:
            how += f" (e.g. {_short(example[0])} -> {_short(example[1])})"
        return {"status": "resolved", "detail": how, "how": "mapped"}
    if worst == "scaled":
        return {"status": "kept", "detail": "carried in other units", "how": "reformatted"}
    detail = "carried as is" if worst == "exact" else "carried inside text"
    beside = opaque_kind and any("mapped" in p.reps for p in probes)
    if beside:
        detail += ", with a value resolved from it beside it"
    return {
        "status": "kept",
        "detail": detail,
        "opaque": opaque_kind,
        "how": "as-is" if worst == "exact" else "embedded",
        "resolved_beside": beside,
    }


def _lossy(detail: str, precision: str | int | None, how: str) -> dict[str, Any]:
    return {"status": "lossy", "detail": detail, "precision": precision, "how": how}


def _best_carried(visible: list[_Probe], kind: str, partial: bool) -> list[_Probe]:
    """The probes that say how a partly carried time survives: those at the finest unit.

    Under a selection (the latest reading), an item that is not selected shows only when a
    shift of a day makes it the latest: that is the selection at work, not a coarser time.
    """
    if not partial or kind != "time":
        return visible

    def finest(p: _Probe) -> int:
        seen = [PRECISION_RANK[u] for u in TIME_UNITS if p.units.get(u)]
        return min(seen) if seen else len(TIME_UNITS)

    best = min(finest(p) for p in visible)
    return [p for p in visible if finest(p) == best]


@dataclass
class _PathObservation:
    schema: paths.SchemaPath
    kind: str
    probes: list[_Probe]
    total: int
    prefix_cut: int | None = None  # first uncarried instance, when a list is cut
    #: The cut is of each inner list (every order's first N line items), not of them all.
    cut_each: bool = False
    raised: str | None = None
    #: The path's plan, for a verdict that must say what projeval could try.
    plan: _PathPlan | None = None


def _lone_hint(plan: _PathPlan | None, source: str) -> str:
    """Why an enumeration that holds one value in every fixture could not be judged, and the
    fix: projeval can only make up another value, which a lookup rejects."""
    if plan is None or len(plan.domain) != 1 or plan.labels or plan.kind not in _LONE_KINDS:
        return ""
    value = _short(plan.domain[0])
    if plan.known:
        tried = ", ".join(_short(v) for v in plan.known[:_KNOWN_TRIES])
        return (
            f": {value} is the only value seen at {source} in the fixtures, and the projection "
            f"raised on the other values known for it too ({tried}). Fix: check the values "
            "declared with `values:` or in the tools file, or add a fixture where it holds "
            "another value"
        )
    return (
        f": {value} is the only value seen at {source} in the fixtures, and projeval knows no "
        "other value it can take. Fix: declare them with `values:` on its field, or add a "
        "fixture where it holds another value"
    )


_LONE_KINDS = ("code", "enum", "text", "id")


def _lineage_of(obs: _PathObservation) -> FieldLineage:
    source = paths.format_path(obs.schema)
    n = len(obs.probes)
    outputs = tuple(sorted({o for p in obs.probes for o in p.outputs}))
    common: dict[str, Any] = {"source": source, "kind": obs.kind, "samples": n}
    if n == 0:
        return FieldLineage(
            source=source,
            status="no-sample",
            detail="no non-null sample in the fixtures",
            kind=obs.kind,
            samples=n,
        )
    answered = [p for p in obs.probes if not p.all_raised]
    if not answered:
        reason = obs.probes[0].raised or "unknown error"
        return FieldLineage(
            source=source,
            status="inconclusive",
            detail=f"the projection raised on every perturbed value ({reason})"
            + _lone_hint(obs.plan, source),
            kind=obs.kind,
            samples=n,
        )
    visible = [p for p in answered if p.visible]
    if not visible:
        return FieldLineage(status="dropped", detail="no change to the value is visible", **common)
    carried = _classify_carried(
        _best_carried(visible, obs.kind, len(visible) < len(answered)), obs.kind
    )
    wrong = tuple(p.label_wrong for p in visible if p.label_wrong)
    lossy = (
        Defect("lossy", carried["detail"], carried.get("how"), carried.get("precision"))
        if carried["status"] == "lossy"
        else None
    )
    if len(visible) < len(answered):
        first_n = None
        how = "selection"
        if obs.prefix_cut is not None:
            detail = f"carried for the first {obs.prefix_cut} of {obs.total} values only"
            if obs.cut_each:
                items = "item" if obs.prefix_cut == 1 else f"{obs.prefix_cut} items"
                detail = f"carried for the first {items} of each list only"
            first_n, how = (obs.prefix_cut, obs.total), "first-n"
        else:
            detail = (
                f"carried for {len(visible)} of {len(answered)} sampled values only "
                f"(of {obs.total}): the projection selects or filters items"
            )
        partial = Defect("partial", detail, how, first_n=first_n)
        defects = (partial, lossy) if lossy else (partial,)
        return FieldLineage(
            status="partial",
            detail="; ".join(d.detail for d in defects),
            outputs=outputs,
            how=how,
            first_n=first_n,
            precision=lossy.precision if lossy else None,
            opaque=bool(carried.get("opaque")),
            defects=defects,
            labels_wrong=wrong,
            **common,
        )
    return FieldLineage(
        outputs=outputs,
        defects=(lossy,) if lossy else (),
        labels_wrong=wrong,
        **carried,
        **common,
    )


# --------------------------------------------------------------------------------------
# Entry points


Leaf = paths.Leaf


def _key_instances(
    leaves: list[Leaf], pattern: paths.SchemaPath
) -> list[tuple[paths.InstancePath, Any]]:
    """The keys of the maps a ``map.*~`` field names, as instances (map path + key)."""
    depth = len(pattern) - 1
    seen: dict[paths.InstancePath, None] = {}
    for ipath, spath, _value in leaves:
        if len(spath) > depth and paths.matches(pattern[:-1], spath[:depth]):
            key = ipath[depth] if len(ipath) > depth else None
            if isinstance(key, str):
                seen.setdefault((*ipath[:depth], paths.MapKey(key)), None)
    return [(ip, ip[-1]) for ip in seen]


def _plans(
    per_fixture: list[dict[paths.SchemaPath, list[tuple[paths.InstancePath, Any]]]],
    field_defs: dict[str, FieldDef],
    enums: Mapping[str, tuple[tuple[Any, ...], ...]] | None = None,
) -> dict[paths.SchemaPath, _PathPlan]:
    """Kind, epoch unit, domain, labels and known values of every schema path, over all
    fixtures. ``enums`` are the values each property name can take, from the tools file."""
    values: dict[paths.SchemaPath, list[Any]] = {}
    for instances in per_fixture:
        for spath, items in instances.items():
            values.setdefault(spath, []).extend(v for _ip, v in items)
    distinct = {
        sp: tuple(dict.fromkeys(v.key if isinstance(v, paths.MapKey) else v for v in vals))
        for sp, vals in values.items()
    }
    plans = {}
    for spath, vals in values.items():
        fdef = next((f for f in field_defs.values() if paths.matches(f.segments, spath)), None)
        scalars = [v.key if isinstance(v, paths.MapKey) else v for v in vals]
        seen = tuple(v for v in distinct[spath] if v is not None)
        known: tuple[Any, ...] = ()
        if spath and spath[-1] == paths.KEYS:
            kind, epoch = "id", None
        else:
            kind, epoch = kinds.infer_kind(spath, scalars, fdef.kind if fdef else None)
            if len(seen) == 1 and not (fdef and fdef.labels):
                known = _known_values(spath, seen[0], fdef, enums or {}, distinct)
                # One value, once, reads as text; a value the suite or the tools file lists
                # among an enumeration's is one (``AssumedRole`` among the identity types).
                if known and kind == "text" and not (fdef and fdef.kind):
                    kind = "enum"
                if kind not in ("code", "enum"):
                    known = ()
        # A key is renamed to a fresh one: another key of the map would collide with it. So
        # is a record's own id, unique among its siblings: a sibling's id would make two
        # records one (in a map keyed by it, in a lookup built from it).
        own = spath[-2:] == (paths.ANY_ITEM, "id") and len(seen) == len(
            [v for v in scalars if v is not None]
        )
        domain = () if kind == "id" and (spath[-1:] == (paths.KEYS,) or own) else seen
        labels = tuple(fdef.labels.items()) if fdef and fdef.labels else ()
        plans[spath] = _PathPlan(kind, epoch, domain[: kinds.ENUM_MAX * 4], labels, known)
    return plans


def _known_values(
    spath: paths.SchemaPath,
    value: Any,
    fdef: FieldDef | None,
    enums: Mapping[str, tuple[tuple[Any, ...], ...]],
    distinct: dict[paths.SchemaPath, tuple[Any, ...]],
) -> tuple[Any, ...]:
    """Other values the one value seen at ``spath`` could be swapped with, best first: the
    field's declared ``values:``, the enums the tools file gives for its key, then the values
    of sibling paths with the same key. Each source counts only when it holds the value seen
    (an enum without it names another vocabulary)."""
    key = _key_of(spath)
    sources: list[tuple[Any, ...]] = []
    if fdef and fdef.values:
        sources.append(tuple(fdef.values))
    if key is not None:
        sources.extend(enums.get(key, ()))
        sources.extend(
            vals
            for other, vals in sorted(distinct.items(), key=lambda kv: paths.format_path(kv[0]))
            if other != spath and _key_of(other) == key and len(vals) > 1
        )
    out: dict[Any, None] = {}
    for source in sources:
        if value in source:
            out.update((v, None) for v in source if v != value and v is not None)
    return tuple(out)


def _key_of(spath: paths.SchemaPath) -> str | None:
    """The key that names a path's values (``state`` of ``[].state``), past list steps."""
    wild = (paths.ANY_ITEM, paths.ANY_KEY, paths.KEYS, paths.IN_JSON)
    return next((s for s in reversed(spath) if s not in wild), None)


def _instances(
    leaves: list[Leaf], field_defs: dict[str, FieldDef]
) -> dict[paths.SchemaPath, list[tuple[paths.InstancePath, Any]]]:
    instances: dict[paths.SchemaPath, list[tuple[paths.InstancePath, Any]]] = {}
    for ipath, spath, value in leaves:
        instances.setdefault(spath, []).append((ipath, value))
    for fdef in field_defs.values():
        if fdef.segments and fdef.segments[-1] == paths.KEYS:
            keys = _key_instances(leaves, fdef.segments)
            if keys:
                instances[fdef.segments] = keys
    return instances


def paths_to_probe(leaves: Mapping[str, list[Leaf]], field_defs: dict[str, FieldDef]) -> int:
    """How many schema paths lineage probes over these fixtures' walks, per projection: the
    total that :func:`infer_lineage` reports its progress against."""
    return sum(len(_instances(walk, field_defs)) for walk in leaves.values())


@dataclass(frozen=True)
class ProbePlan:
    """What lineage probes over a suite's fixtures, the same for every projection: each
    fixture's instances by schema path, and how each path is perturbed (learnt over all
    fixtures). Made once per suite (:func:`plan_probes`) and given to :func:`infer_lineage`
    for each projection."""

    instances: dict[str, dict[paths.SchemaPath, list[tuple[paths.InstancePath, Any]]]]
    plans: dict[paths.SchemaPath, _PathPlan]

    @property
    def paths(self) -> int:
        """Schema paths probed per projection (:func:`paths_to_probe`)."""
        return sum(len(instances) for instances in self.instances.values())


def plan_probes(
    fixtures: list[tuple[str, Any]],
    field_defs: dict[str, FieldDef] | None = None,
    leaves: Mapping[str, list[Leaf]] | None = None,
    *,
    enums: Mapping[str, tuple[tuple[Any, ...], ...]] | None = None,
) -> ProbePlan:
    """The :class:`ProbePlan` of these fixtures (``(name, raw)`` pairs; ``leaves``, their
    walks by name, when known; ``enums`` as for :func:`infer_lineage`)."""
    field_defs = field_defs or {}
    instances = {
        fx: _instances(
            (leaves or {}).get(fx) or list(paths.iter_leaves(raw, expand_json=True)), field_defs
        )
        for fx, raw in fixtures
    }
    return ProbePlan(instances, _plans(list(instances.values()), field_defs, enums))


def lineage_for_fixture(
    runner: Runner,
    raw: Any,
    baseline: Any,
    field_defs: dict[str, FieldDef] | None = None,
    leaves: list[Leaf] | None = None,
    plans: dict[paths.SchemaPath, _PathPlan] | None = None,
    on_probed: Callable[[int], object] | None = None,
    instances: dict[paths.SchemaPath, list[tuple[paths.InstancePath, Any]]] | None = None,
) -> dict[paths.SchemaPath, _PathObservation]:
    """Probe every source schema path of one fixture; return raw observations.

    ``leaves`` is the fixture's walk (``Suite.leaves``); ``plans`` say how each path is
    perturbed, learnt over all fixtures. Both are computed here when not given.
    ``on_probed(1)`` is called as each path is done.

    Every path is probed side by side, and so is every sampled instance of a path: each
    round, the perturbations all of them need next go to the runner as one batch
    (:func:`~projeval.projections.call_many`: one round trip to a worker), and the next
    ones are chosen from what they showed. The calls are the ones a path probed alone
    would make.
    """
    field_defs = field_defs or {}
    if instances is None:
        if leaves is None:
            leaves = list(paths.iter_leaves(raw, expand_json=True))
        instances = _instances(leaves, field_defs)
    if plans is None:
        plans = _plans([instances], field_defs)
    out_index = _OutputIndex(baseline)
    prober = _Prober(baseline)

    def observe(spath: paths.SchemaPath) -> _Probing[_PathObservation]:
        present = [(ip, v) for ip, v in instances[spath] if v is not None]
        plan = plans.get(spath) or _PathPlan(kinds.infer_kind(spath, [v for _, v in present])[0])

        def probe_all(indices: list[int]) -> _Probing[list[_Probe]]:
            steps = [prober.probe(*present[index], plan, index) for index in indices]
            return (yield from _together(steps))

        probes = yield from probe_all(_sample_indices(len(present)))
        if not all(p.visible for p in probes):
            # A projection that selects items (the latest reading, open alerts) carries
            # values the positional sample can miss: probe instances whose value
            # appears in the output as well.
            sampled = {p.index for p in probes}
            probes += yield from probe_all(_found_in_output(present, out_index, sampled))
            probes.sort(key=lambda p: p.index)
        obs = _PathObservation(spath, plan.kind, probes, len(present), plan=plan)
        obs.prefix_cut = yield from _prefix_cut(prober, present, probes, plan)
        if obs.prefix_cut is not None:
            # Hidden samples before visible ones: each inner list is cut, not the whole.
            flags = [p.visible for p in probes if not p.all_raised]
            obs.cut_each = any(flags[flags.index(False) :])
        if on_probed is not None:
            on_probed(1)
        return obs

    spaths = sorted(instances, key=paths.format_path)
    found = _run(_together([observe(s) for s in spaths]), runner, raw, baseline)
    return dict(zip(spaths, found, strict=True))


def _run(step: _Probing[_T], runner: Runner, raw: Any, baseline: Any) -> _T:
    """Drive a probing step: run each round's perturbations of ``raw`` as one batch."""
    try:
        requests = next(step)
        while True:
            inputs = [paths.set_in(raw, ipath, value) for ipath, value in requests]
            effects: list[_Effect] = []
            for output in call_many(runner, inputs):
                if isinstance(output, ProjectionFault):
                    effects.append(output)  # raised on this value (a fatal fault was raised)
                elif output is baseline or output == baseline:
                    effects.append([])
                else:
                    effects.append(_diff(baseline, output))
            requests = step.send(effects)
    except StopIteration as done:
        return done.value


class _OutputIndex:
    """The scalars and text of an output, to find which source values appear in it."""

    def __init__(self, output: Any) -> None:
        scalars: set[Any] = set()
        texts: list[str] = []
        for _ip, _sp, value in paths.iter_leaves(output):
            if isinstance(value, str):
                texts.append(value)
            if isinstance(value, str | int | float) and not isinstance(value, bool):
                scalars.add(value)
        self.scalars = scalars
        self.text = "\x00".join(texts)

    def holds(self, value: Any) -> bool:
        if isinstance(value, bool) or value is None:
            return False
        if isinstance(value, int | float):
            # Small numbers turn up everywhere by chance.
            if abs(value) < 100 and value == int(value):
                return False
            return value in self.scalars or f"{value}" in self.text
        if isinstance(value, str) and len(value) >= 4:
            return value in self.scalars or value in self.text
        return False


def _found_in_output(
    present: list[tuple[paths.InstancePath, Any]], index: _OutputIndex, sampled: set[int]
) -> list[int]:
    """Up to two unsampled instances whose values appear in the output (first and last)."""
    hits = [i for i, (_ip, v) in enumerate(present) if i not in sampled and index.holds(v)]
    return sorted({hits[0], hits[-1]}) if hits else []


def _prefix_cut(
    prober: _Prober,
    present: list[tuple[paths.InstancePath, Any]],
    probes: list[_Probe],
    plan: _PathPlan,
) -> _Probing[int | None]:
    """When early samples are carried and late ones are not, find where the list is cut."""
    answered = [p for p in probes if not p.all_raised]
    flags = [p.visible for p in answered]
    if not flags or all(flags) or not any(flags):
        return None
    first_hidden = flags.index(False)
    if any(flags[first_hidden:]):
        # Not a prefix: filtered, or each inner list cut.
        return (yield from _nested_cut(prober, present, answered, plan))
    lo, hi = answered[first_hidden - 1].index, answered[first_hidden].index
    while hi - lo > 1:
        mid = (lo + hi) // 2
        ipath, value = present[mid]
        if (yield from prober.probe(ipath, value, plan, mid)).visible:
            lo = mid
        else:
            hi = mid
    return hi


def _position(ipath: paths.InstancePath) -> int | None:
    """The index of an instance in its innermost list, when it sits in a list of lists."""
    ints = [seg for seg in ipath if isinstance(seg, int) and not isinstance(seg, bool)]
    return ints[-1] if len(ints) > 1 else None


def _container(ipath: paths.InstancePath) -> paths.InstancePath:
    """The instance path of the innermost list holding an instance."""
    at = max(i for i, seg in enumerate(ipath) if isinstance(seg, int) and not isinstance(seg, bool))
    return ipath[:at]


def _nested_cut(
    prober: _Prober,
    present: list[tuple[paths.InstancePath, Any]],
    answered: list[_Probe],
    plan: _PathPlan,
) -> _Probing[int | None]:
    """Each inner list cut to its first N items (every order's first line item): the
    samples carried are those at a position below N in their own list, and every item below
    N of the lists sampled shows too (a filter keeps some early items out)."""
    shown: list[int] = []
    hidden: list[int] = []
    for p in answered:
        at = _position(present[p.index][0])
        if at is None:
            return None
        (shown if p.visible else hidden).append(at)
    if not shown or not hidden or max(shown) >= min(hidden):
        return None
    cut = min(hidden)
    lists = {_container(present[p.index][0]) for p in answered}
    tried = {p.index for p in answered}
    extra = [
        i
        for i, (ipath, _v) in enumerate(present)
        if i not in tried and _container(ipath) in lists and (_position(ipath) or 0) < cut
    ]
    checks = [prober.probe(*present[i], plan, i) for i in extra[:_NESTED_CHECKS]]
    below = yield from _together(checks)
    return None if any(not p.visible for p in below) else cut


#: Items below the cut probed, at most, to tell a cut of each inner list from a filter.
_NESTED_CHECKS = 8


def _merge_defects(lineages: list[FieldLineage]) -> tuple[Defect, ...]:
    """Every defect over several fixtures, once per kind (the coarsest precision kept)."""
    out: dict[tuple[str, str | None], Defect] = {}
    for fl in lineages:
        for d in fl.defects:
            key = (d.status, d.how)
            if key not in out or _loss(d.precision) > _loss(out[key].precision):
                out[key] = d
    return tuple(sorted(out.values(), key=lambda d: d.status != "partial"))


def _merge(lineages: list[FieldLineage]) -> FieldLineage:
    """Combine one source path's lineage over several fixtures; every defect is kept."""
    informative = [fl for fl in lineages if fl.status not in ("no-sample", "inconclusive")]
    if not informative:
        return lineages[0]
    if len(informative) == 1:
        return informative[0]
    statuses = {fl.status for fl in informative}
    outputs = tuple(sorted({o for fl in informative for o in fl.outputs}))
    samples = sum(fl.samples for fl in informative)
    common: dict[str, Any] = {
        "outputs": outputs,
        "samples": samples,
        "resolved_beside": any(fl.resolved_beside for fl in informative),
        "labels_wrong": tuple(w for fl in informative for w in fl.labels_wrong),
    }
    defects = _merge_defects(informative)
    lossy = next((d for d in defects if d.status == "lossy"), None)
    if "dropped" in statuses and statuses & {*CARRIED, "partial"}:
        carried = next(fl for fl in informative if fl.carried or fl.status == "partial")
        some = Defect("partial", "carried in some fixtures only", "fixtures")
        defects = (some, *(d for d in defects if d.status != "partial" or d.how == "first-n"))
        return replace(
            carried,
            status="partial",
            detail="; ".join(d.detail for d in defects),
            defects=defects,
            precision=lossy.precision if lossy else carried.precision,
            **common,
        )
    if "partial" in statuses:
        partial = next(fl for fl in informative if fl.status == "partial")
        return replace(
            partial,
            detail="; ".join(d.detail for d in defects),
            defects=defects,
            precision=lossy.precision if lossy else partial.precision,
            **common,
        )
    for status in ("lossy", "resolved", "kept"):
        if status in statuses:
            chosen = [fl for fl in informative if fl.status == status]
            worst = max(chosen, key=_precision_loss) if status == "lossy" else chosen[0]
            return replace(worst, defects=defects, **common)
    return informative[0]


def _loss(precision: str | int | None) -> float:
    if isinstance(precision, str):
        return PRECISION_RANK.get(precision, 0)
    if isinstance(precision, int):
        return 1.0 / (1 + precision)
    return 0.0


def _precision_loss(fl: FieldLineage) -> float:
    return _loss(fl.precision)


def _named(
    fdef: FieldDef, per_path: dict[paths.SchemaPath, list[FieldLineage]]
) -> list[FieldLineage]:
    """The lineages that stand for a named field, in every shape its path takes.

    An expandable field is an id string in one response and the whole object in another
    (``customer: "cus_1"`` vs ``customer: {"id": "cus_1", ...}``): the object's ``id`` stands
    for the field there, so that both shapes are judged.
    """
    direct = [fl for sp, fls in per_path.items() if paths.matches(fdef.segments, sp) for fl in fls]
    as_object = (*fdef.segments, "id")
    expanded = [fl for sp, fls in per_path.items() if paths.matches(as_object, sp) for fl in fls]
    return direct + expanded if direct else []


def infer_lineage(
    name: str,
    runner: Runner,
    fixtures: list[tuple[str, Any]],
    field_defs: dict[str, FieldDef] | None = None,
    leaves: dict[str, list[Leaf]] | None = None,
    *,
    enums: Mapping[str, tuple[tuple[Any, ...], ...]] | None = None,
    on_probed: Callable[[int], object] | None = None,
    plan: ProbePlan | None = None,
) -> LineageResult:
    """Infer the lineage of every source field for one projection.

    ``fixtures`` are ``(name, raw)`` pairs of data fixtures; ``leaves``, when given, their
    walks by fixture name (:meth:`Suite.leaves`, walked once for the suite, the checks and
    lineage). ``enums`` are the values each property name can take, from the suite's tools
    file (:func:`~projeval.toolfile.tool_enums`): a path whose fixtures hold one value
    is swapped with them. ``on_probed(n)`` is told each time ``n`` more schema paths of a
    fixture are probed (:func:`paths_to_probe` says how many there are), possibly from
    several threads at once. A projection that raises on a fixture as given, returns output
    that is not JSON-serialisable, is non-deterministic or mutates its input gets ``fault``
    set, and no lineage: it is an error for that projection alone. ``plan`` is
    :func:`plan_probes` of the same arguments, made once for a suite's projections.
    """
    result = LineageResult(projection=name)
    field_defs = field_defs or {}
    if plan is None:
        plan = plan_probes(fixtures, field_defs, leaves, enums=enums)
    per_path: dict[paths.SchemaPath, list[FieldLineage]] = {}
    # A projection in a worker (or a server) gets copies of what it is sent: it cannot
    # change the fixture (the worker reports a projection that changes its own copy).
    isolated = bool(getattr(runner, "isolated", False))
    try:
        for fixture_name, shared_raw in fixtures:
            result.fault_fixture = fixture_name
            # In this process, a private copy: perturbed inputs share branches with it,
            # and a projection that mutates one of them must not corrupt the fixture for
            # the next projection.
            raw = shared_raw if isolated else copy.deepcopy(shared_raw)
            before = None if isolated else canonical(raw)
            baseline = _baseline(runner, raw, before)
            result.outputs[fixture_name] = baseline
            observations = lineage_for_fixture(
                runner,
                raw,
                baseline,
                field_defs,
                plans=plan.plans,
                on_probed=on_probed,
                instances=plan.instances[fixture_name],
            )
            if before is not None and canonical(raw) != before:
                raise ProjectionFault(
                    "mutates-input", "changed a perturbed raw response it was given"
                )
            for spath, obs in observations.items():
                per_path.setdefault(spath, []).append(_lineage_of(obs))
        result.fault_fixture = None
    except ProjectionFault as fault:
        result.fault = fault
        result.calls = runner.calls
        return result
    for spath, lineages in per_path.items():
        result.fields[paths.format_path(spath)] = _merge(lineages)
    for fdef in field_defs.values():
        matched = _named(fdef, per_path)
        if matched:
            merged = _merge(matched)
            result.named[fdef.name] = replace(
                merged, field=fdef.name, kind=fdef.kind or merged.kind
            )
    result.calls = runner.calls
    return result


def _baseline(runner: Runner, raw: Any, before: str | None) -> Any:
    """Run twice: checks determinism and that the input is not mutated.

    The first call gets ``raw`` itself, the input every perturbation shares its
    branches with (a worker is sent the perturbations as edits of it); a projection
    that mutates it is an error before any perturbation is built from it. ``before``
    is ``raw``'s canonical text, for a projection in this process (None for an isolated
    one, which is sent copies: ``raw`` itself again for the second call).
    """
    output, text = runner(raw)
    if before is not None and canonical(raw) != before:
        raise ProjectionFault("mutates-input", "changed the raw response it was given")
    _, second_text = runner(raw if before is None else copy.deepcopy(raw))
    if second_text != text:
        raise ProjectionFault(
            "non-deterministic", "returned different output for the same input on two calls"
        )
    return output
