"""Rules on how values are carried: ABSENCE (a null keeps its key) and TRUNCATION (a cut
list or text says so, and where). Both rerun the projection on altered input.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from .. import paths
from ..lineage import CARRIED, FieldLineage
from ..projections import ProjectionFault, canonical
from ..score import ProjectionScore
from .base import Finding
from .context import _Context, _rows
from .facts import _Facts
from .outputs import (
    _Index,
    _key_paths,
    _label,
    _leaf_values,
    _list_prefix,
    _parent,
    _roots,
    _under,
)

# ABSENCE -------------------------------------------------------------------------------


def _absence(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    out: list[Finding] = []
    data = list(ctx.data_outputs(p.name))
    if not data or all(isinstance(o, str) for _f, _r, o in data):
        return out  # free text has no keys
    seen: set[str] = set()
    for fl in _rows(p):
        if fl.status not in (*CARRIED, "partial"):
            continue
        for fixture, raw, baseline in data:
            if isinstance(baseline, str):
                continue
            probe = _null_probe(ctx.facts, fixture, fl.source)
            if probe is None:
                continue
            try:
                perturbed = ctx.score.call(p.name, paths.set_in(raw, probe, None))
            except ProjectionFault:
                break  # the projection cannot take a null here: nothing to learn
            objects_before: Counter[str] = Counter()
            objects_after: Counter[str] = Counter()
            before = _key_paths(baseline, objects_before)
            after = _key_paths(perturbed, objects_after)
            # A key that goes because the object holding it became null is not omitted:
            # the null itself is sent.
            gone = [
                k
                for k in _roots([k for k in before if after.get(k, 0) < before[k]])
                if k.endswith("[]") or objects_after[_parent(k)] == objects_before[_parent(k)]
            ]
            came = _roots([k for k in after if after[k] > before.get(k, 0)])
            if any(k.endswith("[]") for k in gone + came):
                break  # an item came or went: the projection filters, it does not omit
            null_at = paths.format_path(paths.schema_of(probe, raw))
            for key in gone:
                if key in seen:
                    continue
                seen.add(key)
                leaf = key.rsplit(".", 1)[-1]
                out.append(
                    ctx.finding(
                        "ABSENCE",
                        p.name,
                        key,
                        f"omits `{key}` when the source value ({null_at}) is null and sends it "
                        f'otherwise, so "not set" reads like "not sent". Fix: always send '
                        f'the key, with null for no value ("{leaf}": null).',
                        fixture=fixture,
                        field=fl.field or fl.source,
                    )
                )
            for key in came:
                if key in seen:
                    continue
                seen.add(key)
                out.append(
                    ctx.finding(
                        "ABSENCE",
                        p.name,
                        key,
                        f"sends `{key}` only when the source value ({null_at}) is null, and "
                        "omits it otherwise. Fix: send the same keys whatever the value, with "
                        "null for no value.",
                        fixture=fixture,
                        field=fl.field or fl.source,
                    )
                )
            break
    return out


def _null_probe(facts: _Facts, fixture: str, source: str) -> paths.InstancePath | None:
    """Where to write a null in a fixture to make one present value of ``source`` null.

    Only for a field that the fixture holds both null and not null: the null may sit at the
    field itself or at an object above it (an unassigned ticket's ``assignee.data``).
    """
    ipath = facts.first[fixture].get(source)
    if ipath is None:
        return None
    spath = facts.schemas[source]
    nulls = facts.nulls[fixture]
    depths = [n for n in range(len(spath), 0, -1) if spath[:n] in nulls]
    return ipath[: depths[0]] if depths else None


# TRUNCATION ------------------------------------------------------------------------------

_LIST_MARKER = re.compile(
    r"^(has_?more|more|is_?truncated|truncated|partial|total|total_?count|total_?items|"
    r"total_?results|count|returned_?count|next|next_?cursor|next_?page(_?token)?|cursor|"
    r"remaining|omitted(_?count)?)$",
    re.IGNORECASE,
)
_TEXT_MARKER = re.compile(r"truncat|full_?length|total_?length|total_?chars", re.IGNORECASE)
# An ellipsis ending a text says, in prose, that the text goes on.
_CUT_MARK = re.compile(r"(…|\.\.\.)(\s|\||$)", re.MULTILINE)
_PROSE_MARKER = re.compile(
    r"truncat|\b\d+ more\b|\bshowing \d+|\b\d+ of \d+\b|next[_ ]cursor|has_more", re.IGNORECASE
)


def _items(doc: Any, list_path: str) -> int:
    """Items of the lists at a schema path (``data[]``), summed over instances."""
    return _key_paths(doc).get(list_path, 0)


def _filters(rows: list[FieldLineage], outputs: list[Any]) -> set[str | None]:
    """Source lists that a field filters: changing the field changes how many items there are.

    Lineage records a change in item count at the list itself (``open_alerts``), so a field
    whose outputs include a list (not only its items) selects or filters that list.
    """
    lists = {k[:-2] for output in outputs for k in _key_paths(output) if k.endswith("[]")}
    return {_list_prefix(fl.source) for fl in rows if fl.how == "filter" or set(fl.outputs) & lists}


def _list_items(
    raw: Any, source_list: str, leaves: list[paths.Leaf]
) -> list[tuple[paths.InstancePath, Any]]:
    """The items of every list at ``source_list`` (``data[]``), in document order.

    ``leaves`` is the fixture's walk (the suite's one walk); lists inside a string that
    holds JSON are left out, since they cannot be reordered in place."""
    target = paths.parse_path(source_list)
    containers: list[paths.InstancePath] = []
    for ipath, spath, _v in leaves:
        if spath[: len(target)] == target and paths.JSON_STEP not in ipath[: len(target)]:
            where = ipath[: len(target) - 1]
            if where not in containers:
                containers.append(where)
    return [
        ((*where, i), item)
        for where in containers
        for i, item in enumerate(paths.get_at(raw, where))
    ]


def _relative(source: str, source_list: str) -> str:
    """A field's path inside one item: ``attributes.kind`` of ``included[].attributes.kind``."""
    return source[len(source_list) :].lstrip(".") or "$"


def _kept(
    items: list[tuple[paths.InstancePath, Any]],
    source_list: str,
    evidence: list[FieldLineage],
    output: Any,
) -> list[bool | None]:
    """Per source item: whether it reaches the output (None: it holds none of the fields).

    An item is kept when every value it holds of the fields carried as they are reaches
    the output, so a value many items share (``"warning"``) does not keep them all; when
    no field is carried as is, any value of a carried field is enough.
    """
    index = _Index(output)
    leaves_of = [_leaf_values(item) for _ip, item in items]
    # A value every item holds (a status "confirmed" in all of them) tells no item from
    # another: it is no evidence of which items were kept.
    shared: dict[str, set[str]] = {}
    if len(leaves_of) > 1:
        for rel in {r for lv in leaves_of for r in lv}:
            per_item = [
                {canonical(v) for v in lv.get(rel, ()) if v is not None} for lv in leaves_of
            ]
            shared[rel] = set.intersection(*per_item) if all(per_item) else set()

    def verbatim(fl: FieldLineage) -> bool:
        # Carried as it is for some item: a field reformatted on the way (a date cut to the
        # day in a Markdown table) cannot tell kept items from dropped ones.
        rel = _relative(fl.source, source_list)
        return any(
            index.holds(v)
            for lv in leaves_of
            for v in lv.get(rel, ())
            if v is not None and canonical(v) not in shared.get(rel, ())
        )

    exact = [
        fl
        for fl in evidence
        if fl.status in ("kept", "partial") and fl.defect("lossy") is None and verbatim(fl)
    ]
    fields, combine = (exact, all) if exact else (evidence, any)
    flags: list[bool | None] = []
    for leaves in leaves_of:
        rels = [_relative(fl.source, source_list) for fl in fields]
        values = [
            v
            for rel in rels
            for v in leaves.get(rel, ())
            if v is not None and canonical(v) not in shared.get(rel, ())
        ]
        flags.append(combine(index.holds(v) for v in values) if values else None)
    return flags


def _separates(
    items: list[tuple[paths.InstancePath, Any]],
    flags: list[bool | None],
    source_list: str,
    sources: list[str],
) -> bool:
    """Whether some field's value (or its being null) tells kept items from dropped ones."""
    relevant = [
        (item, flag) for (_ip, item), flag in zip(items, flags, strict=True) if flag is not None
    ]
    leaves = [(_leaf_values(item), flag) for item, flag in relevant]
    for source in sources:
        if _list_prefix(source) != source_list:
            continue
        rel = _relative(source, source_list)
        for classify in (canonical, lambda v: v is None):
            classes = [
                (tuple(sorted(classify(v) for v in lv.get(rel, [None]))), flag)
                for lv, flag in leaves
            ]
            kept = {c for c, flag in classes if flag}
            dropped = {c for c, flag in classes if not flag}
            # A field unique per item separates anything; a filter's field repeats.
            if kept and dropped and not kept & dropped and len(kept | dropped) < len(classes):
                return True
    return False


def _cut_by_position(
    ctx: _Context,
    p: ProjectionScore,
    raw: Any,
    output: Any,
    source_list: str,
    evidence: list[FieldLineage],
    leaves: list[paths.Leaf],
) -> bool:
    """Whether the items kept depend on their position: reverse the list and look again.

    A filter or a sort keeps the same items whatever the order; a cut to the first N keeps
    others. (A sort followed by a cut keeps the same items too: that is told from a filter
    by the absence of a field that separates kept items from dropped ones.)
    """
    items = _list_items(raw, source_list, leaves)
    reversed_raw = raw
    for where in dict.fromkeys(ip[:-1] for ip, _item in items):
        reversed_raw = paths.set_at(
            reversed_raw, where, list(reversed(paths.get_at(reversed_raw, where)))
        )
    try:
        again = ctx.score.call(p.name, reversed_raw)
    except ProjectionFault:
        return False
    before = _kept(items, source_list, evidence, output)
    after = _kept(items, source_list, evidence, again)
    return before != after


def _inner_list(path: str) -> str | None:
    """The innermost list of a path (``data[].lines[]`` of ``data[].lines[].amount``), when
    it is one a field path can name (a list under an empty key is not)."""
    at = path.rfind("[]")
    if at < 0:
        return None
    try:
        paths.parse_path(path[: at + 2])
    except paths.PathSyntaxError:
        return None
    return path[: at + 2]


_COUNT_MARKER = re.compile(r"total|count|remaining|omitted", re.IGNORECASE)


def _marks(key: str, values: list[Any] | None) -> bool:
    """Whether a marker-named key holds a marker: a count is a whole number (an order's
    `total` of "49.95" is money, not the size of a list), a flag or a cursor anything."""
    if not _COUNT_MARKER.search(key.rsplit(".", 1)[-1]):
        return True
    if values is None:
        return True  # an object (`total: {value: 26, relation: "eq"}`)
    return any(isinstance(v, int) and not isinstance(v, bool) for v in values)


def _speaks_for(marker: str, output_list: str) -> bool:
    """Whether a marker key (``has_more``) sits beside a list or above it with no list
    between: a page's ``has_more`` says nothing of each order's line items."""
    holder = _parent(output_list.removesuffix("[]"))
    at = _parent(marker)
    if at == "$":
        return "[]" not in holder
    return _under(holder, at) and "[]" not in holder[len(at) :]


def _truncation(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    rows = _rows(p)
    data = list(ctx.data_outputs(p.name))
    sources = [fl.source for fl in rows]
    filtered = _filters(rows, [output for _f, _r, output in data])
    pairs: dict[tuple[str, str | None], list[FieldLineage]] = {}
    for fl in rows:
        source_list = _list_prefix(fl.source)
        if source_list is None or fl.status not in (*CARRIED, "partial"):
            continue
        output_lists = sorted(
            {lp for o in fl.outputs if (lp := _list_prefix(o)) and lp != "content[]"}
        )  # content[] holds an MCP result's blocks, not data
        for lp in output_lists:
            pairs.setdefault((source_list, lp), []).append(fl)
        # A list inside the items (each order's line items) can be cut too.
        inner = _inner_list(fl.source)
        if fl.status == "resolved" or fl.how in ("mapped", "filter", "selection"):
            continue  # summed, mapped or selecting: its items are not the output's items
        for lp in sorted({il for o in fl.outputs if (il := _inner_list(o))}):
            if inner and inner != source_list and lp not in output_lists:
                pairs.setdefault((inner, lp), []).append(fl)
        if not output_lists and fl.first_n is not None:
            pairs.setdefault((source_list, None), []).append(fl)
    out = []
    for (source_list, output_list), evidence in sorted(pairs.items(), key=lambda kv: str(kv[0])):
        for fixture, raw, output in data:
            leaves = ctx.suite.leaves[fixture]
            items = _list_items(raw, source_list, leaves)
            flags = _kept(items, source_list, evidence, output)
            n_src = sum(1 for f in flags if f is not None)
            if output_list is not None:
                n_out = min(_items(output, output_list), n_src)
                if n_out >= n_src:
                    continue
                leaves_out = _leaf_values(output)
                markers = [
                    k
                    for k in _key_paths(output)
                    if _LIST_MARKER.match(k.rsplit(".", 1)[-1])
                    and not _under(k, output_list)
                    and _speaks_for(k, output_list)
                    and _marks(k, leaves_out.get(k))
                ]
                if markers:
                    continue
                where: str = output_list
            else:
                first = max(
                    (fl.first_n for fl in evidence if fl.first_n), key=lambda f: f[1], default=None
                )
                if first is None or (isinstance(output, str) and _PROSE_MARKER.search(output)):
                    continue
                n_out = first[0]
                where = "$" if isinstance(output, str) else (evidence[0].outputs or ("$",))[0]
            # Fewer items chosen by a field's value are a selection, not a cut, unless the
            # items kept change with their order. In text, where items cannot be counted,
            # only a cut by position is evidence.
            selection = output_list is None or (
                source_list in filtered or _separates(items, flags, source_list, sources)
            )
            if selection and not _cut_by_position(
                ctx, p, raw, output, source_list, evidence, leaves
            ):
                continue
            out.append(
                ctx.finding(
                    "TRUNCATION",
                    p.name,
                    where,
                    f"keeps {n_out} of the {n_src} items of `{source_list}` and does not say "
                    f"so: the model will take the {n_out} for all there is. Fix: add a marker "
                    "beside the list: the total (`total_count`), `has_more: true` and a "
                    "`next_cursor` the tool accepts.",
                    fixture=fixture,
                    field=source_list,
                )
            )
            break
    out.extend(_text_cuts(ctx, p, rows, data))
    return out


def _text_cuts(
    ctx: _Context, p: ProjectionScore, rows: list[FieldLineage], data: list[tuple[str, Any, Any]]
) -> list[Finding]:
    out = []
    for fl in rows:
        # A cut text may be one defect among others (a Markdown table cutting rows and titles).
        cut = fl if fl.how == "text-cut" else fl.defect("lossy")
        if cut is None or cut.how != "text-cut":
            continue
        for out_path in fl.outputs:
            for fixture, _raw, output in data:
                if isinstance(output, str):
                    if _PROSE_MARKER.search(output) or _CUT_MARK.search(output):
                        continue
                    problem = "with no marker"
                else:
                    keys = list(_key_paths(output))
                    parent = out_path.rsplit(".", 1)[0] if "." in out_path else "$"
                    beside = [
                        k
                        for k in keys
                        if _under(k, parent)
                        and k.count(".") == out_path.count(".")
                        and _TEXT_MARKER.search(k.rsplit(".", 1)[-1])
                    ]
                    if beside:
                        continue
                    anywhere = [k for k in keys if _TEXT_MARKER.search(k.rsplit(".", 1)[-1])]
                    problem = (
                        f"with a marker ({anywhere[0]}) that does not say which item was cut"
                        if anywhere
                        else "with no marker"
                    )
                leaf = out_path.rsplit(".", 1)[-1]
                out.append(
                    ctx.finding(
                        "TRUNCATION",
                        p.name,
                        out_path,
                        f"cuts {_label(fl)} after {cut.precision} characters {problem}: the "
                        "model cannot tell a cut text from a short one. Fix: send "
                        f"`{leaf}_truncated: true` beside each cut text, and say how to get the "
                        "full text.",
                        fixture=fixture,
                        field=fl.field or fl.source,
                    )
                )
                break
    return out
