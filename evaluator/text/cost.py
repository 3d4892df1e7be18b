"""The report ``projeval cost`` prints: tokens per output, where they go, the field value table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cost import RAW_FIXTURE
from ..tool_result import CLASSES
from .numbers import MISSING, fixed, num, signed_pct
from .tables import table

if TYPE_CHECKING:
    from ..cost import SuiteCost
    from ..run import RunResult


def _opt(value: float | int | None, fmt: str = "{}") -> str:
    return MISSING if value is None else fmt.format(value)


def render_cost_text(cost: SuiteCost, fields_per_projection: int = 8) -> str:
    """The plain-text report ``projeval cost`` prints: deterministic, no colour."""
    out: list[str] = [f"{cost.suite}: token cost ({cost.encoding}; ratio to {cost.raw_basis})"]
    headers = [
        "output",
        "fixture",
        "form",
        "tokens",
        "bytes",
        "wire bytes",
        "bytes/4",
        "bytes/4 error",
        "main list",
        "items",
        "tokens/item",
        "x raw",
    ]
    rows: list[list[object]] = []
    faults: list[str] = []
    outputs = list(cost.raw)
    for name in sorted(cost.projections):
        outputs += cost.projections[name].outputs
    for o in outputs:
        fixture = o.fixture + (f" ({o.error})" if o.error else "")
        if o.fault:
            rows.append([o.projection, fixture, "fault", *["-"] * 9])
            faults.append(f"  {o.projection} on {o.fixture}: {o.fault}")
            continue
        rows.append(
            [
                o.projection,
                fixture,
                o.form,
                o.tokens,
                o.bytes,
                o.wire_bytes,
                o.estimate,
                signed_pct(o.estimate_error),
                o.main_list or "-",
                _opt(o.items),
                _opt(o.tokens_per_item, "{:.1f}"),
                fixed(o.ratio_to_raw, 3),
            ]
        )
    out.append(table(headers, rows, right=range(3, 12)))
    out.extend(faults)
    for name in sorted(cost.projections):
        if cost.projections[name].error:
            out.append(f"  {name}: not costed ({cost.projections[name].error})")

    out.append("")
    out.append(
        "Where the tokens go (data fixtures; a token goes to the class of its first character)"
    )
    rows = []
    raw_breakdown = dict.fromkeys(CLASSES, 0)
    for o in cost.raw:
        if o.error is None:
            for c, n in o.breakdown.items():
                raw_breakdown[c] += n
    entries = [(RAW_FIXTURE, raw_breakdown)] + [
        (n, cost.projections[n].breakdown)
        for n in sorted(cost.projections)
        if not cost.projections[n].error
    ]
    for label, b in entries:
        total = sum(b.values())
        rows.append(
            [label, *(f"{b[c]} ({b[c] / total:.0%})" if total else "0" for c in CLASSES), total]
        )
    out.append(table(["output", *CLASSES, "total"], rows, right=range(1, len(CLASSES) + 2)))

    out.append("")
    out.append(f"Tokens per output field (data fixtures, top {fields_per_projection} per output)")
    for name in sorted(cost.projections):
        pc = cost.projections[name]
        if pc.error:
            continue
        tokens = pc.field_tokens()
        top = sorted(tokens.items(), key=lambda kv: (-kv[1], kv[0]))
        rows = [[f"  {p}", t] for p, t in top[:fields_per_projection]]
        if len(top) > fields_per_projection:
            rest = sum(t for _, t in top[fields_per_projection:])
            rows.append([f"  ({len(top) - fields_per_projection} more)", rest])
        out.append(f"{name}: {pc.tokens} tokens")
        out.append(table(["  path", "tokens"], rows, right=[1]))

    names = sorted(n for n, p in cost.projections.items() if not p.error)
    out.append("")
    out.append("Field value (weight of the questions that need it; status / tokens per projection)")
    rows = []
    for fv in sorted(cost.field_values, key=lambda f: (-f.weight, f.label)):
        cells: list[object] = [fv.label, num(fv.weight), fv.raw_tokens]
        for pname in names:
            t = fv.tokens.get(pname)
            cells.append(f"{fv.status.get(pname, '-')} / {'text' if t is None else t}")
        rows.append(cells)
    out.append(table(["field", "weight", "raw fixture", *names], rows, right=[1, 2]))

    out.append("")
    out.append("Drop candidates (cost tokens, no question needs them)")
    if cost.drop_candidates:
        rows = [[c.projection, c.label, c.status, c.tokens] for c in cost.drop_candidates]
        out.append(table(["projection", "field", "status", "tokens saved"], rows, right=[3]))
    else:
        out.append("  none")
    out.append("")
    out.append(
        "Add candidates (needed, but dropped or lost; tokens estimated from the raw fixture)"
    )
    if cost.add_candidates:
        rows = [
            [c.projection, c.label, num(c.weight), c.tokens, _opt(c.current), c.reason]
            for c in cost.add_candidates
        ]
        out.append(
            table(
                ["projection", "field", "weight", "tokens to add", "now", "why"],
                rows,
                right=[2, 3, 4],
            )
        )
    else:
        out.append("  none")
    return "\n".join(out) + "\n"


def render_run_cost(run: RunResult, fields_per_projection: int = 8) -> str:
    """The cost report of every suite that was costed, by suite name (``projeval cost``)."""
    parts = [
        render_cost_text(s.cost, fields_per_projection=fields_per_projection)
        for s in sorted(run.suites, key=lambda s: s.name)
        if s.cost
    ]
    return "\n\n".join(parts)
