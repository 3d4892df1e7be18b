"""Field lineage, inferred for any Python callable by perturbing its input.

For each source leaf we change the value in a way that keeps it valid for the
code that reads it (shift a timestamp in its own format, swap an id with a
sibling id so lookup maps still resolve, move an enum code to another code seen
at the same path, edit text at the start and after a prefix), call the
projection, and diff the output. What changes, and how, tells where the field
lands and what survives:

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
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from . import kinds, paths
from .projections import ProjectionFault, ProjectionRunner, canonical
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
_REPS = ("exact", "embedded", "prefix", "casefold", "rounded", "mapped", "filter")


@dataclass(frozen=True)
class FieldLineage:
    """Where one source field lands in a projection's output, and what survives."""

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
    #: embedded, reformatted, time-precision, text-cut, id-shortened, case-folded,
    #: rounded, mapped, filter, first-n, selection, or None.
    how: str | None = None
    #: For a list cut after its first items: (items carried, items in the source).
    first_n: tuple[int, int] | None = None

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
        }


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


def _time_shifts(value: Any, unit_epoch: str | None) -> Iterator[_Perturbation]:
    """Shift by 1 s, 1 min, 1 h and 1 day, away from the next coarser boundary."""
    if unit_epoch:
        scale = 1000 if unit_epoch == "ms" else 1
        moment = datetime.fromtimestamp(value / scale, UTC)
    else:
        moment, _ = kinds.parse_iso(value)
    last_day = calendar.monthrange(moment.year, moment.month)[1]
    plan = (
        ("second", timedelta(seconds=1), moment.second == 59),
        ("minute", timedelta(minutes=1), moment.minute == 59),
        ("hour", timedelta(hours=1), moment.hour == 23),
        ("day", timedelta(days=1), moment.day == last_day),
    )
    for unit, delta, backwards in plan:
        step = -delta if backwards else delta
        if unit_epoch:
            shifted: Any = value + int(step.total_seconds() * scale)
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
            for key in list(a) + [k for k in b if k not in a]:
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
        if len(differing) <= 2:
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
    return "mapped"


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
    example: tuple[Any, Any] | None = None
    units: dict[str, bool] = field(default_factory=dict)
    cut: int | None = None
    casefolded: bool = False
    first_visible: _Perturbation | None = None


def _fits(kind: str, value: Any, epoch: str | None) -> bool:
    """Whether a perturbation for ``kind`` is valid for this value."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "time":
        return (number and epoch is not None) or kinds.is_iso_time(value)
    if kind == "code":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "id":
        return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))
    if kind == "number":
        return number
    if kind == "bool":
        return isinstance(value, bool)
    return isinstance(value, str)


class _Prober:
    """Runs perturbations of one fixture through one projection."""

    def __init__(self, runner: ProjectionRunner, raw: Any, baseline: Any) -> None:
        self.runner = runner
        self.raw = raw
        self.baseline = baseline

    def effect(self, ipath: paths.InstancePath, value: Any) -> list | None:
        """Changed output leaves for one perturbed value ([] = invisible); None = raised."""
        perturbed = paths.set_in(self.raw, ipath, value)
        try:
            output, _ = self.runner(perturbed, serialise=False)
        except ProjectionFault as fault:
            if fault.kind == "timeout":
                raise
            self.last_error = fault.message
            return None
        if output is self.baseline or output == self.baseline:
            return []
        return _diff(self.baseline, output)

    def probe(
        self,
        ipath: paths.InstancePath,
        value: Any,
        kind: str,
        siblings: list[Any],
        epoch: str | None,
        index: int,
    ) -> _Probe:
        result = _Probe(index)
        if not _fits(kind, value, epoch):
            # One path can hold values of several types (a number here, a string
            # there): perturb each value as what it is.
            kind, epoch = kinds.classify(value), None
        for pert in self._perturbations(value, kind, siblings, epoch):
            self._apply(result, ipath, value, pert)
            if kind in ("text", "url") and pert.offset == 0 and not result.visible:
                break  # an invisible first character: nothing later will show either
        if kind in ("text", "url") and result.cut is not None and result.cut > 1:
            result.cut = self._find_cut(ipath, value, result.cut)
        return result

    def _perturbations(
        self, value: Any, kind: str, siblings: list[Any], epoch: str | None
    ) -> Iterator[_Perturbation]:
        if kind == "time":
            yield from _time_shifts(value, epoch)
        elif kind in ("id", "code"):
            other = next((s for s in siblings if s != value), _MISSING)
            if other is _MISSING:
                other = _fresh_id(value) if kind == "id" else value + 1
            yield _Perturbation("swap", other)
        elif kind == "bool":
            yield _Perturbation("flip", not value)
        elif kind == "number":
            yield _Perturbation("+1", value + 1 if isinstance(value, int) else value + 1.0)
        elif isinstance(value, str) and value:
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

    def _apply(
        self, result: _Probe, ipath: paths.InstancePath, value: Any, pert: _Perturbation
    ) -> None:
        changes = self.effect(ipath, pert.value)
        if changes is None:
            result.raised = self.last_error
            return
        result.all_raised = False
        seen = bool(changes)
        if pert.unit:
            result.units[pert.unit] = seen
        if pert.casefold:
            result.casefolded = not seen
            return
        if pert.offset is not None and pert.offset > 0 and not seen:
            result.cut = pert.offset
        if not seen:
            return
        if not result.visible:
            result.first_visible = pert
        result.visible = True
        best = None
        for where, o0, o1 in changes:
            result.outputs.add(paths.format_path(paths.schema_of(where, self.baseline)))
            if o0 is _MISSING or o1 is _MISSING:
                continue
            if o0 is _LENGTH:
                rep = "filter"
                o0 = f"{o1[0]} -> {o1[1]} items of {paths.format_path(paths.schema_of(where, self.baseline))}"
            else:
                rep = _representation(value, pert.value, o0, o1)
            if best is None or _REPS.index(rep) < _REPS.index(best[0]):
                best = (rep, _excerpt(o0, o1))
        if best is not None and (
            result.rep is None or _REPS.index(best[0]) < _REPS.index(result.rep)
        ):
            result.rep = best[0]
            result.example = (value, best[1])
        elif result.rep is None:
            result.rep = "mapped"

    def _find_cut(self, ipath: paths.InstancePath, value: str, invisible: int) -> int:
        """Smallest offset whose edit is invisible, given offset 0 is visible."""
        lo, hi = 0, invisible
        while hi - lo > 1:
            mid = (lo + hi) // 2
            changes = self.effect(ipath, _edit_at(value, mid))
            if changes:
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
            f"{finest_seen} precision, but a change of a day is not visible",
            finest_seen,
        )
    if tested_best is not None and finest_seen != tested_best:
        return "lossy", f"{finest_seen} precision", finest_seen
    reps = {p.rep for p in probes}
    how = "carried as is" if reps <= {"exact", "embedded"} else "reformatted without loss"
    return "kept", how, finest_seen


def _classify_carried(
    probes: list[_Probe], kind: str
) -> tuple[str, str, str | int | None, bool, str]:
    """Status, detail, precision and opaqueness of a path visible in every probe."""
    if kind == "time":
        status, detail, precision = _classify_time(probes)
        how = "time-precision" if status == "lossy" else "reformatted"
        if status == "kept" and detail == "carried as is":
            how = "as-is"
        return status, detail, precision, False, how
    reps = [p.rep or "mapped" for p in probes]
    worst = max(reps, key=_REPS.index)
    cuts = [p.cut for p in probes if p.cut is not None]
    opaque_kind = kind in ("id", "code")
    if kind in ("text", "url") and cuts:
        cut = min(cuts)
        return "lossy", f"text cut after {cut} characters", cut, False, "text-cut"
    if worst == "prefix" and kind == "id":
        shown = min(len(str(p.example[1])) for p in probes if p.example)
        return "lossy", f"id shortened to its first {shown} characters", shown, True, "id-shortened"
    if worst == "casefold" or any(p.casefolded for p in probes):
        return "lossy", "case folded", None, False, "case-folded"
    if worst == "rounded":
        return "lossy", "rounded", None, False, "rounded"
    if worst == "filter":
        example = next((p.example for p in probes if p.example), None)
        where = f": {example[1]}" if example else ""
        return "resolved", f"selects or filters items{where}", None, False, "filter"
    if worst == "mapped":
        example = next((p.example for p in probes if p.example), None)
        how = "mapped to another value"
        if example:
            how += f" (e.g. {_short(example[0])} -> {_short(example[1])})"
        return "resolved", how, None, False, "mapped"
    detail = "carried as is" if worst == "exact" else "carried inside text"
    return "kept", detail, None, opaque_kind, "as-is" if worst == "exact" else "embedded"


@dataclass
class _PathObservation:
    schema: paths.SchemaPath
    kind: str
    probes: list[_Probe]
    total: int
    prefix_cut: int | None = None  # first uncarried instance, when a list is cut
    raised: str | None = None


def _lineage_of(obs: _PathObservation) -> FieldLineage:
    source = paths.format_path(obs.schema)
    n = len(obs.probes)
    outputs = tuple(sorted({o for p in obs.probes for o in p.outputs}))
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
            detail=f"the projection raised on every perturbed value ({reason})",
            kind=obs.kind,
            samples=n,
        )
    visible = [p for p in answered if p.visible]
    if not visible:
        return FieldLineage(
            source=source,
            status="dropped",
            detail="no change to the value is visible",
            kind=obs.kind,
            samples=n,
        )
    if len(visible) < len(answered):
        first_n = None
        how = "selection"
        if obs.prefix_cut is not None:
            detail = f"carried for the first {obs.prefix_cut} of {obs.total} values only"
            first_n, how = (obs.prefix_cut, obs.total), "first-n"
        else:
            detail = (
                f"carried for {len(visible)} of {len(answered)} sampled values only "
                f"(of {obs.total}): the projection selects or filters items"
            )
        return FieldLineage(
            source=source,
            status="partial",
            detail=detail,
            outputs=outputs,
            kind=obs.kind,
            samples=n,
            how=how,
            first_n=first_n,
        )
    status, detail, precision, opaque, how = _classify_carried(visible, obs.kind)
    return FieldLineage(
        source=source,
        status=status,
        detail=detail,
        outputs=outputs,
        kind=obs.kind,
        precision=precision,
        opaque=opaque,
        samples=n,
        how=how,
    )


# --------------------------------------------------------------------------------------
# Entry points


def _declared_kinds(field_defs: dict[str, FieldDef]) -> list[tuple[paths.SchemaPath, str]]:
    return [(f.segments, f.kind) for f in field_defs.values() if f.kind]


def _infer_kind(schema: paths.SchemaPath, values: list[Any], declared: list) -> str:
    for segments, kind in declared:
        if paths.matches(segments, schema):
            return kind
    key = next((s for s in reversed(schema) if s not in (paths.ANY_ITEM, paths.ANY_KEY)), None)
    counts: dict[str, int] = {}
    for v in values[:50]:
        k = kinds.classify(v, key)
        counts[k] = counts.get(k, 0) + 1
    counts.pop("null", None)
    if not counts:
        return "text"
    return max(sorted(counts), key=counts.__getitem__)


def lineage_for_fixture(
    runner: ProjectionRunner,
    raw: Any,
    baseline: Any,
    field_defs: dict[str, FieldDef] | None = None,
) -> dict[paths.SchemaPath, _PathObservation]:
    """Probe every source schema path of one fixture; return raw observations."""
    declared = _declared_kinds(field_defs or {})
    instances: dict[paths.SchemaPath, list[tuple[paths.InstancePath, Any]]] = {}
    for ipath, spath, value in paths.iter_leaves(raw, expand_json=True):
        instances.setdefault(spath, []).append((ipath, value))
    prober = _Prober(runner, raw, baseline)
    out_index = _OutputIndex(baseline)
    observations: dict[paths.SchemaPath, _PathObservation] = {}
    for spath in sorted(instances, key=paths.format_path):
        present = [(ip, v) for ip, v in instances[spath] if v is not None]
        values = [v for _, v in present]
        kind = _infer_kind(spath, values, declared)
        key = next((s for s in reversed(spath) if s not in (paths.ANY_ITEM, paths.ANY_KEY)), None)
        epoch = kinds.epoch_unit(key, values[0]) if kind == "time" and values else None
        if kind == "time" and not epoch and not all(kinds.is_iso_time(v) for v in values):
            kind = "text"
        siblings = list(dict.fromkeys(v for v in values if not isinstance(v, dict | list)))
        probes = []
        for index in _sample_indices(len(present)):
            ipath, value = present[index]
            probes.append(prober.probe(ipath, value, kind, siblings, epoch, index))
        if not all(p.visible for p in probes):
            # A projection that selects items (the latest reading, open alerts) carries
            # values the positional sample can miss: probe instances whose value
            # appears in the output as well.
            sampled = {p.index for p in probes}
            for index in _found_in_output(present, out_index, sampled):
                ipath, value = present[index]
                probes.append(prober.probe(ipath, value, kind, siblings, epoch, index))
            probes.sort(key=lambda p: p.index)
        obs = _PathObservation(spath, kind, probes, len(present))
        obs.prefix_cut = _prefix_cut(prober, present, probes, kind, siblings, epoch)
        observations[spath] = obs
    return observations


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
    kind: str,
    siblings: list[Any],
    epoch: str | None,
) -> int | None:
    """When early samples are carried and late ones are not, find where the list is cut."""
    answered = [p for p in probes if not p.all_raised]
    flags = [p.visible for p in answered]
    if not flags or all(flags) or not any(flags):
        return None
    first_hidden = flags.index(False)
    if any(flags[first_hidden:]):
        return None  # not a prefix: filtered, not cut
    lo, hi = answered[first_hidden - 1].index, answered[first_hidden].index
    while hi - lo > 1:
        mid = (lo + hi) // 2
        ipath, value = present[mid]
        if prober.probe(ipath, value, kind, siblings, epoch, mid).visible:
            lo = mid
        else:
            hi = mid
    return hi


def _merge(lineages: list[FieldLineage]) -> FieldLineage:
    """Combine one source path's lineage over several fixtures."""
    informative = [fl for fl in lineages if fl.status not in ("no-sample", "inconclusive")]
    if not informative:
        return lineages[0]
    if len(informative) == 1:
        return informative[0]
    statuses = {fl.status for fl in informative}
    outputs = tuple(sorted({o for fl in informative for o in fl.outputs}))
    samples = sum(fl.samples for fl in informative)
    first = informative[0]
    if "partial" in statuses:
        partial = next(fl for fl in informative if fl.status == "partial")
        return replace(partial, outputs=outputs, samples=samples)
    if "dropped" in statuses and statuses & set(CARRIED):
        carried = next(fl for fl in informative if fl.carried)
        return replace(
            carried,
            status="partial",
            detail="carried in some fixtures only",
            outputs=outputs,
            samples=samples,
        )
    if len(statuses) == 1:
        if first.status == "lossy":
            worst = max(informative, key=_precision_loss)
            return replace(worst, outputs=outputs, samples=samples)
        return replace(first, outputs=outputs, samples=samples)
    for status in ("lossy", "resolved", "kept"):
        if status in statuses:
            chosen = next(fl for fl in informative if fl.status == status)
            return replace(chosen, outputs=outputs, samples=samples)
    return first


def _precision_loss(fl: FieldLineage) -> float:
    if isinstance(fl.precision, str):
        return PRECISION_RANK.get(fl.precision, 0)
    if isinstance(fl.precision, int):
        return 1.0 / (1 + fl.precision)
    return 0.0


def infer_lineage(
    name: str,
    runner: ProjectionRunner,
    fixtures: list[tuple[str, Any]],
    field_defs: dict[str, FieldDef] | None = None,
) -> LineageResult:
    """Infer the lineage of every source field for one projection.

    ``fixtures`` are ``(name, raw)`` pairs of data fixtures. A projection that
    raises on a fixture as given, returns output that is not JSON-serialisable,
    is non-deterministic or mutates its input gets ``fault`` set, and no
    lineage: it is an error for that projection alone.
    """
    result = LineageResult(projection=name)
    field_defs = field_defs or {}
    per_path: dict[paths.SchemaPath, list[FieldLineage]] = {}
    try:
        for fixture_name, shared_raw in fixtures:
            result.fault_fixture = fixture_name
            # A private copy: perturbed inputs share branches with it, and a
            # projection that mutates one of them must not corrupt the fixture
            # for the next projection.
            raw = copy.deepcopy(shared_raw)
            before = canonical(raw)
            baseline = _baseline(runner, raw, before)
            result.outputs[fixture_name] = baseline
            observations = lineage_for_fixture(runner, raw, baseline, field_defs)
            if canonical(raw) != before:
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
        matched = [
            fl for sp, fls in per_path.items() if paths.matches(fdef.segments, sp) for fl in fls
        ]
        if matched:
            result.named[fdef.name] = replace(
                _merge(matched), field=fdef.name, kind=fdef.kind or _merge(matched).kind
            )
    result.calls = runner.calls
    return result


def _baseline(runner: ProjectionRunner, raw: Any, before: str) -> Any:
    """Run on two private copies: checks determinism and that the input is not mutated."""
    first_input = copy.deepcopy(raw)
    output, text = runner(first_input)
    if canonical(first_input) != before:
        raise ProjectionFault("mutates-input", "changed the raw response it was given")
    _, second_text = runner(copy.deepcopy(raw))
    if second_text != text:
        raise ProjectionFault(
            "non-deterministic", "returned different output for the same input on two calls"
        )
    return output
