"""Token cost: what each projection's output costs the model, and where the tokens go.

Counts are real, offline tiktoken counts (:mod:`projeval.tokens`) of what the model reads
(:mod:`projeval.tool_result`). For every projection and fixture: tokens, bytes, wire bytes, the
bytes/4 estimate and its error, tokens per item of the main list, the ratio to raw, a
breakdown by what the tokens carry and a per-field table. For the suite: a field value
table (who needs each source field, what it costs in each projection) and the drop and
add candidates that follow from it.

Attribution. Each token is given to the span holding its first byte (a token that
straddles two classes goes to the class of its first character), so the breakdown and the
per-field table both sum exactly to the token count.

Raw basis. Ratios are to the projection named ``raw`` when the suite has one that ran,
otherwise to the raw fixture rendered as compact JSON; :attr:`SuiteCost.raw_basis` says which.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .lineage import CARRIED, FieldLineage
from .score import ProjectionScore, SuiteScore
from .text.numbers import num
from .tokens import DEFAULT_ENCODING, get_encoding
from .tool_result import CLASSES, MCP_TEXT_PATH, Rendered, render_output

#: Name of the row that renders each fixture itself as compact JSON.
RAW_FIXTURE = "(raw fixture)"
#: Kinds that a lineage hint may give a value (other kinds are judged from the value).
_HINT_KINDS = ("id", "code", "time", "url")
#: Lineage statuses under which some of a field's value reaches the output.
_REACHES = (*CARRIED, "partial")


# --------------------------------------------------------------------------------------
# Attribution of tokens to spans


@dataclass(frozen=True)
class Measurement:
    """Token counts of one rendered output, split by class, by path and by list."""

    tokens: int
    by_class: dict[str, int]
    by_path: dict[str, int]
    list_tokens: tuple[int, ...]


def measure(rendered: Rendered, encoding: str = DEFAULT_ENCODING) -> Measurement:
    """Count the tokens of ``rendered.text`` and give each to the span of its first byte."""
    enc = get_encoding(encoding)
    text = rendered.text
    tokens = enc.encode_ordinary(text)
    starts: list[int] = []
    at = 0
    for piece in enc.decode_tokens_bytes(tokens):
        starts.append(at)
        at += len(piece)
    # Byte offsets of span ends and list bounds (equal to character offsets for ASCII).
    if text.isascii():
        to_byte = None
    else:
        to_byte = [0] * (len(text) + 1)
        total = 0
        for i, ch in enumerate(text):
            to_byte[i] = total
            total += len(ch.encode("utf-8"))
        to_byte[len(text)] = total

    def byte(i: int) -> int:
        return i if to_byte is None else to_byte[i]

    spans = rendered.spans
    ends = [byte(s.end) for s in spans]
    by_class = dict.fromkeys(CLASSES, 0)
    by_path: Counter[str] = Counter()
    j = 0
    for b in starts:
        while ends[j] <= b:
            j += 1
        span = spans[j]
        by_class[span.cls] += 1
        by_path[span.path] += 1
    list_tokens = tuple(
        bisect.bisect_left(starts, byte(ls.end)) - bisect.bisect_left(starts, byte(ls.start))
        for ls in rendered.lists
    )
    return Measurement(len(tokens), by_class, dict(sorted(by_path.items())), list_tokens)


# --------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class FieldCost:
    """Tokens of one output schema path (``[]`` for list items), summed over records."""

    path: str
    tokens: int
    values: int

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {"path": self.path, "tokens": self.tokens, "values": self.values}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FieldCost:
        """The field cost back from :meth:`to_dict`."""
        return cls(data["path"], int(data["tokens"]), int(data["values"]))


@dataclass(frozen=True)
class OutputCost:
    """What one projection's output on one fixture costs."""

    projection: str
    fixture: str
    error: str | None
    form: str
    tokens: int
    bytes: int
    wire_bytes: int
    main_list: str | None
    items: int | None
    list_tokens: int | None
    breakdown: dict[str, int]
    fields: tuple[FieldCost, ...]
    raw_tokens: int | None = None
    fault: str | None = None

    @classmethod
    def failed(cls, projection: str, fixture: str, error: str | None, fault: str) -> OutputCost:
        """The row for a fixture the projection raised on (no output, nothing counted)."""
        return cls(
            projection, fixture, error, "-", 0, 0, 0, None, None, None,
            dict.fromkeys(CLASSES, 0), (), fault=fault,
        )  # fmt: skip

    @property
    def estimate(self) -> int:
        """The bytes/4 rule of thumb, rounded."""
        return (self.bytes + 2) // 4

    @property
    def estimate_error(self) -> float | None:
        """(estimate - tokens) / tokens: negative when bytes/4 undercounts."""
        return (self.estimate - self.tokens) / self.tokens if self.tokens else None

    @property
    def tokens_per_item(self) -> float | None:
        """Tokens of the main list divided by its items."""
        if not self.items or self.list_tokens is None:
            return None
        return self.list_tokens / self.items

    @property
    def ratio_to_raw(self) -> float | None:
        """Tokens relative to the raw basis on the same fixture."""
        return self.tokens / self.raw_tokens if self.raw_tokens else None

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (for JSON and the store)."""
        return {
            "projection": self.projection,
            "fixture": self.fixture,
            "error": self.error,
            "fault": self.fault,
            "form": self.form,
            "tokens": self.tokens,
            "bytes": self.bytes,
            "wire_bytes": self.wire_bytes,
            "estimate": self.estimate,
            "estimate_error": round_ratio(self.estimate_error),
            "main_list": self.main_list,
            "items": self.items,
            "list_tokens": self.list_tokens,
            "tokens_per_item": round_ratio(self.tokens_per_item),
            "raw_tokens": self.raw_tokens,
            "ratio_to_raw": round_ratio(self.ratio_to_raw),
            "breakdown": dict(self.breakdown),
            "fields": [f.to_dict() for f in self.fields],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> OutputCost:
        """The output cost back from :meth:`to_dict` (estimates and ratios follow)."""
        return cls(
            projection=data["projection"],
            fixture=data["fixture"],
            error=data.get("error"),
            form=data["form"],
            tokens=int(data["tokens"]),
            bytes=int(data["bytes"]),
            wire_bytes=int(data["wire_bytes"]),
            main_list=data.get("main_list"),
            items=data.get("items"),
            list_tokens=data.get("list_tokens"),
            breakdown={str(k): int(v) for k, v in data["breakdown"].items()},
            fields=tuple(FieldCost.from_dict(f) for f in data.get("fields", ())),
            raw_tokens=data.get("raw_tokens"),
            fault=data.get("fault"),
        )

    def __repr__(self) -> str:
        return (
            f"<OutputCost {self.projection}/{self.fixture} {self.form} tokens={self.tokens} "
            f"bytes={self.bytes} wire={self.wire_bytes}>"
        )


@dataclass
class ProjectionCost:
    """One projection's cost on every fixture; totals are over the data fixtures."""

    name: str
    outputs: list[OutputCost] = field(default_factory=list)
    error: str | None = None

    @property
    def data_outputs(self) -> list[OutputCost]:
        """Outputs for data fixtures (not error responses)."""
        return [o for o in self.outputs if o.error is None and o.fault is None]

    @property
    def tokens(self) -> int:
        """Tokens over the data fixtures."""
        return sum(o.tokens for o in self.data_outputs)

    @property
    def bytes(self) -> int:
        """Bytes the model reads, over the data fixtures."""
        return sum(o.bytes for o in self.data_outputs)

    @property
    def wire_bytes(self) -> int:
        """Bytes the wire carries, over the data fixtures."""
        return sum(o.wire_bytes for o in self.data_outputs)

    @property
    def ratio_to_raw(self) -> float | None:
        """Tokens over the data fixtures relative to the raw basis on the same fixtures."""
        raw = sum(o.raw_tokens or 0 for o in self.data_outputs)
        return self.tokens / raw if raw else None

    @property
    def breakdown(self) -> dict[str, int]:
        """Tokens by class over the data fixtures."""
        out = dict.fromkeys(CLASSES, 0)
        for o in self.data_outputs:
            for cls, n in o.breakdown.items():
                out[cls] += n
        return out

    def field_tokens(self) -> dict[str, int]:
        """Tokens per output path over the data fixtures."""
        out: Counter[str] = Counter()
        for o in self.data_outputs:
            for f in o.fields:
                out[f.path] += f.tokens
        return dict(sorted(out.items()))

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (for JSON and the store)."""
        return {
            "name": self.name,
            "error": self.error,
            "tokens": self.tokens,
            "bytes": self.bytes,
            "wire_bytes": self.wire_bytes,
            "ratio_to_raw": round_ratio(self.ratio_to_raw),
            "breakdown": self.breakdown,
            "outputs": [o.to_dict() for o in self.outputs],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ProjectionCost:
        """The projection's cost back from :meth:`to_dict` (totals follow from the outputs)."""
        outputs = [OutputCost.from_dict(o) for o in data.get("outputs", ())]
        return cls(data["name"], outputs, data.get("error"))

    def to_pandas(self) -> Any:
        """One row per fixture."""
        import pandas as pd

        rows = [_flat(o) for o in self.outputs]
        return pd.DataFrame(rows, columns=_COLUMNS)

    def __repr__(self) -> str:
        if self.error:
            return f"<ProjectionCost {self.name!r} error>"
        return f"<ProjectionCost {self.name!r} tokens={self.tokens} wire_bytes={self.wire_bytes}>"


@dataclass(frozen=True)
class FieldValue:
    """One source field: who needs it, and its status and token cost in each projection.

    ``tokens[p]`` is None when the field lands inside a free-text output (Markdown), where
    it has no tokens of its own.
    """

    source: str
    field: str | None
    weight: float
    questions: tuple[str, ...]
    raw_tokens: int
    status: dict[str, str]
    tokens: dict[str, int | None]

    @property
    def label(self) -> str:
        """The field-dictionary name, or the source path."""
        return self.field or self.source

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "field": self.field,
            "source": self.source,
            "weight": self.weight,
            "questions": list(self.questions),
            "raw_tokens": self.raw_tokens,
            "status": dict(self.status),
            "tokens": dict(self.tokens),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FieldValue:
        """The field value back from :meth:`to_dict`."""
        return cls(
            source=data["source"],
            field=data.get("field"),
            weight=float(data["weight"]),
            questions=tuple(data.get("questions", ())),
            raw_tokens=int(data["raw_tokens"]),
            status=dict(data["status"]),
            tokens=dict(data["tokens"]),
        )


@dataclass(frozen=True)
class Candidate:
    """A field to drop (costs tokens, no question needs it) or to add (needed, missing).

    For ``drop``, ``tokens`` is what dropping it saves (its outputs that no needed field
    shares); for ``add``, it is the estimate from the raw fixture's compact rendering
    (key and value tokens summed over records), and ``current`` what it costs now.
    """

    action: str
    projection: str
    source: str
    field: str | None
    status: str
    weight: float
    tokens: int
    current: int | None
    reason: str

    @property
    def label(self) -> str:
        """The field-dictionary name, or the source path."""
        return self.field or self.source

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "action": self.action,
            "projection": self.projection,
            "field": self.field,
            "source": self.source,
            "status": self.status,
            "weight": self.weight,
            "tokens": self.tokens,
            "current": self.current,
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Candidate:
        """The candidate back from :meth:`to_dict`."""
        return cls(
            action=data["action"],
            projection=data["projection"],
            source=data["source"],
            field=data.get("field"),
            status=data["status"],
            weight=float(data["weight"]),
            tokens=int(data["tokens"]),
            current=data.get("current"),
            reason=data["reason"],
        )


@dataclass
class SuiteCost:
    """Token cost of every projection of one suite."""

    suite: str
    encoding: str
    raw_basis: str
    raw: list[OutputCost]
    projections: dict[str, ProjectionCost]
    field_values: list[FieldValue]
    drop_candidates: list[Candidate]
    add_candidates: list[Candidate]

    def ranking(self, by: str = "tokens") -> list[tuple[str, int]]:
        """Projections that ran, costliest first, by ``tokens``, ``bytes`` or ``wire_bytes``."""
        rows = [(p.name, getattr(p, by)) for p in self.projections.values() if not p.error]
        return sorted(rows, key=lambda r: (-r[1], r[0]))

    def to_dict(self) -> dict[str, Any]:
        """The suite's ``cost`` part of the score document."""
        return {
            "encoding": self.encoding,
            "raw_basis": self.raw_basis,
            "raw": [o.to_dict() for o in self.raw],
            "projections": [self.projections[n].to_dict() for n in sorted(self.projections)],
            "field_values": [f.to_dict() for f in self.field_values],
            "drop_candidates": [c.to_dict() for c in self.drop_candidates],
            "add_candidates": [c.to_dict() for c in self.add_candidates],
        }

    @classmethod
    def from_dict(cls, suite: str, data: Mapping[str, Any]) -> SuiteCost:
        """The suite's cost back from :meth:`to_dict` (which leaves the suite's name out)."""
        projections = [ProjectionCost.from_dict(p) for p in data.get("projections", ())]
        return cls(
            suite=suite,
            encoding=data["encoding"],
            raw_basis=data["raw_basis"],
            raw=[OutputCost.from_dict(o) for o in data.get("raw", ())],
            projections={p.name: p for p in projections},
            field_values=[FieldValue.from_dict(f) for f in data.get("field_values", ())],
            drop_candidates=[Candidate.from_dict(c) for c in data.get("drop_candidates", ())],
            add_candidates=[Candidate.from_dict(c) for c in data.get("add_candidates", ())],
        )

    def to_pandas(self) -> Any:
        """One row per output (the raw fixture rendering first, then each projection)."""
        import pandas as pd

        rows = [_flat(o) for o in self.raw]
        for name in sorted(self.projections):
            rows += [_flat(o) for o in self.projections[name].outputs]
        frame = pd.DataFrame(rows, columns=_COLUMNS)
        frame.insert(0, "suite", self.suite)
        return frame

    def field_values_pandas(self) -> Any:
        """One row per source field and projection."""
        import pandas as pd

        rows = [
            {
                "suite": self.suite,
                "field": fv.field,
                "source": fv.source,
                "weight": fv.weight,
                "raw_tokens": fv.raw_tokens,
                "projection": p,
                "status": fv.status[p],
                "tokens": fv.tokens.get(p),
            }
            for fv in self.field_values
            for p in sorted(fv.status)
        ]
        columns = ["suite", "field", "source", "weight", "raw_tokens", "projection", "status"]
        return pd.DataFrame(rows, columns=[*columns, "tokens"])

    def __repr__(self) -> str:
        parts = ", ".join(f"{n}={t}" for n, t in self.ranking())
        return f"<SuiteCost {self.suite!r} {self.encoding}: {parts}>"


_COLUMNS = [
    "projection",
    "fixture",
    "error",
    "form",
    "tokens",
    "bytes",
    "wire_bytes",
    "estimate",
    "estimate_error",
    "main_list",
    "items",
    "tokens_per_item",
    "ratio_to_raw",
    *CLASSES,
]


def _flat(o: OutputCost) -> dict[str, Any]:
    row = {c: getattr(o, c) for c in _COLUMNS if c not in CLASSES}
    row.update(o.breakdown)
    return row


def round_ratio(value: float | None, digits: int = 4) -> float | None:
    """A ratio as the run document keeps it: rounded to ``digits`` places (None stays None)."""
    return None if value is None else round(value, digits)


# --------------------------------------------------------------------------------------
# Computing


def _hints(lineages: list[FieldLineage], outputs: bool) -> dict[str, str]:
    """Kinds of output paths (or source paths) known from lineage; ambiguous paths left out."""
    found: dict[str, set[str]] = {}
    for fl in lineages:
        if fl.kind not in _HINT_KINDS:
            continue
        if not outputs:
            found.setdefault(fl.source, set()).add(fl.kind)
        elif fl.status in ("kept", "lossy", "partial"):
            for path in fl.outputs:
                found.setdefault(path, set()).add(fl.kind)
    return {p: next(iter(k)) for p, k in sorted(found.items()) if len(k) == 1}


def _output_cost(
    projection: str,
    fixture: str,
    error: str | None,
    output: Any,
    hints: dict[str, str],
    encoding: str,
) -> tuple[OutputCost, Rendered]:
    rendered = render_output(output, hints)
    m = measure(rendered, encoding)
    main = rendered.main_list()
    list_tokens = None
    if main is not None:
        list_tokens = m.list_tokens[rendered.lists.index(main)]
    paths_ = sorted(set(m.by_path) | set(rendered.values))
    fields = tuple(
        FieldCost(p, m.by_path.get(p, 0), rendered.values.get(p, 0))
        for p in paths_
        if m.by_path.get(p, 0)
    )
    cost = OutputCost(
        projection=projection,
        fixture=fixture,
        error=error,
        form=rendered.form,
        tokens=m.tokens,
        bytes=rendered.bytes,
        wire_bytes=rendered.wire_bytes,
        main_list=main.path if main else None,
        items=main.items if main else None,
        list_tokens=list_tokens,
        breakdown=m.by_class,
        fields=fields,
    )
    return cost, rendered


def _with_raw(cost: OutputCost, raw_tokens: int | None) -> OutputCost:
    return replace(cost, raw_tokens=raw_tokens)


def _free_text_paths(rendered: Rendered) -> set[str]:
    """Paths of free text (Markdown, prose text blocks): fields there have no tokens of their own."""
    if rendered.form == "json":
        return set()
    return {s.path for s in rendered.spans if s.path in ("$", MCP_TEXT_PATH)}


def _strip_items(path: str) -> str:
    while path.endswith("[]"):
        path = path[:-2]
    return path or "$"


def _rows_of(path: str) -> tuple[str, ...]:
    """A field's own rows: its path, and for list items the list's own row (key, brackets)."""
    container = _strip_items(path)
    return (path,) if container == path else (path, container)


@dataclass
class _Projected:
    """What cost needs of one projection to fill the field value table."""

    score: ProjectionScore
    tokens: dict[str, int]
    value_paths: set[str]
    text_paths: set[str]
    rows: dict[str, FieldLineage]


def _field_tokens(fl: FieldLineage, pj: _Projected, skip: set[str] | None = None) -> int | None:
    """Tokens of a field's outputs in one projection; None when it lands in free text only."""
    if fl.status not in _REACHES:
        return 0
    total = 0
    in_text = False
    counted = False
    for out in fl.outputs:
        if out in pj.text_paths:
            in_text = True
            continue
        if out not in pj.value_paths or (skip and out in skip):
            continue
        counted = True
        total += sum(pj.tokens.get(r, 0) for r in _rows_of(out))
    return None if in_text and not counted else total


def cost_suite(suite_score: SuiteScore, encoding: str = DEFAULT_ENCODING) -> SuiteCost:
    """Token cost of every projection of a scored suite; see the module docstring."""
    get_encoding(encoding)  # fail early, with the tokenizer's own error
    score = suite_score
    suite = score.suite
    ok = score.scored()
    outcomes = {p.name: p.outputs for p in ok}
    lineage_rows = [fl for p in ok for fl in (p.lineage.fields.values() if p.lineage else ())]
    source_hints = _hints(lineage_rows, outputs=False)

    raw_costs = [
        _output_cost(RAW_FIXTURE, fx.name, fx.error, fx.data, source_hints, encoding)[0]
        for fx in suite.fixtures
    ]
    has_raw = "raw" in outcomes
    projections: dict[str, ProjectionCost] = {}
    projected: dict[str, _Projected] = {}
    for name in sorted(score.projections):
        p = score.projections[name]
        if name not in outcomes or p.lineage is None:
            projections[name] = ProjectionCost(name, error=p.error or "did not run")
            continue
        hints = _hints(list(p.lineage.fields.values()), outputs=True)
        pc = ProjectionCost(name)
        value_paths: set[str] = set()
        text_paths: set[str] = set()
        for fx in suite.fixtures:
            outcome = outcomes[name][fx.name]
            if outcome.fault is not None:
                pc.outputs.append(OutputCost.failed(name, fx.name, fx.error, outcome.fault))
                continue
            cost, rendered = _output_cost(name, fx.name, fx.error, outcome.output, hints, encoding)
            pc.outputs.append(cost)
            if fx.error is None:
                value_paths.update(rendered.values)
                text_paths.update(_free_text_paths(rendered))
        projections[name] = pc
        projected[name] = _Projected(
            p,
            pc.field_tokens(),
            value_paths,
            text_paths,
            {fl.source: fl for fl in p.lineage.rows()},
        )

    # Ratios: to the `raw` projection when it ran, else to the fixture itself.
    if has_raw:
        basis = {o.fixture: o.tokens for o in projections["raw"].outputs if o.fault is None}
        raw_basis = "the projection 'raw'"
    else:
        basis = {o.fixture: o.tokens for o in raw_costs}
        raw_basis = "the raw fixture as compact JSON"
    raw_costs = [_with_raw(o, basis.get(o.fixture)) for o in raw_costs]
    for pc in projections.values():
        pc.outputs = [_with_raw(o, basis.get(o.fixture)) for o in pc.outputs]

    raw_field_tokens: Counter[str] = Counter()
    for o in raw_costs:
        if o.error is None:
            for f in o.fields:
                raw_field_tokens[f.path] += f.tokens
    field_values = _field_values(score, projected, raw_field_tokens)
    drops = _drop_candidates(field_values, projected)
    adds = _add_candidates(field_values, projected)
    return SuiteCost(
        suite.name, encoding, raw_basis, raw_costs, projections, field_values, drops, adds
    )


def _field_values(
    score: SuiteScore, projected: dict[str, _Projected], raw_tokens: Counter[str]
) -> list[FieldValue]:
    suite = score.suite
    sources: dict[str, str | None] = {}
    for pj in projected.values():
        for source, fl in pj.rows.items():
            if sources.get(source) is None:
                sources[source] = fl.field
    rows = []
    for source in sorted(sources):
        name = sources[source]
        needed = suite.needed_by(name) if name else []
        status: dict[str, str] = {}
        tokens: dict[str, int | None] = {}
        for pname, pj in sorted(projected.items()):
            carried = pj.rows.get(source)
            if carried is None:
                continue
            status[pname] = carried.status
            tokens[pname] = _field_tokens(carried, pj)
        rows.append(
            FieldValue(
                source=source,
                field=name,
                weight=sum(q.weight for q in needed),
                questions=tuple(q.id for q in needed),
                raw_tokens=sum(raw_tokens.get(r, 0) for r in _rows_of(source)),
                status=status,
                tokens=tokens,
            )
        )
    return rows


def _drop_candidates(rows: list[FieldValue], projected: dict[str, _Projected]) -> list[Candidate]:
    """Fields no question needs that cost tokens, by what dropping them would save."""
    out = []
    for pname, pj in sorted(projected.items()):
        # Outputs a needed field lands in stay whatever else is dropped.
        needed_outputs = {
            o
            for fv in rows
            if fv.weight > 0 and fv.source in pj.rows
            for o in pj.rows[fv.source].outputs
        }
        for fv in rows:
            fl = pj.rows.get(fv.source)
            if fv.weight > 0 or fl is None:
                continue
            saved = _field_tokens(fl, pj, skip=needed_outputs)
            if not saved:
                continue
            out.append(
                Candidate(
                    "drop",
                    pname,
                    fv.source,
                    fv.field,
                    fl.status,
                    0.0,
                    saved,
                    fv.tokens.get(pname),
                    "no question needs it",
                )
            )
    return sorted(out, key=lambda c: (c.projection, -c.tokens, c.source))


def _add_candidates(rows: list[FieldValue], projected: dict[str, _Projected]) -> list[Candidate]:
    """Needed fields a projection drops or loses too much of, with what adding them costs."""
    by_name = {fv.field: fv for fv in rows if fv.field}
    out = []
    for pname, pj in sorted(projected.items()):
        failing: dict[str, list[tuple[str, float, str]]] = {}
        for q in pj.score.questions:
            for n in q.needs:
                if n.status in ("dropped", "lossy", "partial"):
                    failing.setdefault(n.field, []).append((q.id, q.weight, n.detail))
        for name, qs in sorted(failing.items()):
            fv = by_name.get(name)
            if fv is None or pname not in fv.status:
                continue
            status = fv.status[pname]
            ordered = sorted(qs, key=lambda q: (-q[1], q[0]))
            needed_by = ", ".join(f"{qid} (weight {num(w)})" for qid, w, _ in ordered)
            reason = f"{status}; needed by {needed_by}"
            if status != "dropped":
                reason += f": {ordered[0][2]}"
            out.append(
                Candidate(
                    "add",
                    pname,
                    fv.source,
                    name,
                    status,
                    sum(w for _, w, _ in qs),
                    fv.raw_tokens,
                    fv.tokens.get(pname),
                    reason,
                )
            )
    return sorted(out, key=lambda c: (c.projection, -c.weight, c.tokens, c.label))
