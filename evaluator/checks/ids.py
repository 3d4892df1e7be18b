"""Rules on ids and codes passed through: ID-ARG (an id a tool takes survives in full),
ID-OPAQUE (an opaque id is resolved to a name) and ENUM-CODE (integer codes carry their
labels). ID-OPAQUE and ENUM-CODE share the helpers that look for a label or a question
that wants one.
"""

from __future__ import annotations

from ..lineage import FieldLineage
from ..projections import canonical
from ..score import ProjectionScore
from .base import Finding
from .context import _Context, _rows
from .outputs import (
    _Index,
    _label,
    _leaf_values,
    _names,
    _questions,
    _takes,
)
from .tools import _is_lookup

# ID-ARG ---------------------------------------------------------------------------------


def _id_arg(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    out = []
    indexes = {fx: _Index(output) for fx, _raw, output in ctx.data_outputs(p.name)}
    for fl in _rows(p):
        takers = ctx.matched.get(fl.source)
        if not takers or fl.status in ("no-sample", "inconclusive"):
            continue
        if fl.status == "resolved" and all(_is_lookup(a) for a in takers):
            # Resolving the id to a name in the server is what replaces calling
            # get_user(user_id): the lookup is the follow-up the projection saves.
            continue
        shortened = fl.how == "id-shortened"
        if shortened and ctx.suite.short_ids:
            continue  # the suite says the tools accept the short form
        # A named field is judged in every shape: an expanded object stands by its id.
        shapes = (fl.source, f"{fl.source}.id") if fl.field else (fl.source,)
        missing = [
            v
            for fx, index in indexes.items()
            for shape in shapes
            for v in ctx.facts.values[fx].get(shape, ())
            if v is not None and not index.holds(v)
        ]
        if not missing:
            continue
        calls = _names([f"{a.tool}({a.name})" for a in takers])
        if fl.status == "dropped":
            how, fix = "drops it", "keep the id in the output"
        elif shortened:
            how, fix = f"shortens it to its first {fl.precision} characters", "send the full id"
            if any("short" in a.description.lower() for a in takers):
                fix += (
                    ", or set `short_ids: true` in the suite if these tools accept the short "
                    "form (their description mentions one)"
                )
        elif fl.status == "resolved":
            how = f"replaces it: {fl.detail}"
            fix = "keep the id beside the name"
        elif fl.status == "partial":
            how, fix = f"keeps it for some records only ({fl.detail})", "keep it in every record"
        else:
            how, fix = f"does not carry {len(missing)} of its values verbatim", "carry it as is"
        out.append(
            ctx.finding(
                "ID-ARG",
                p.name,
                fl.outputs[0] if fl.outputs else None,
                f"{calls} {_takes(takers)} {_label(fl)} as an argument, but this projection "
                f"{how}; the agent cannot make that call without it. Fix: {fix}.",
                field=fl.field or fl.source,
            )
        )
    return out


# ID-OPAQUE and ENUM-CODE ----------------------------------------------------------------


def _has_counterpart(ctx: _Context, p: ProjectionScore, fl: FieldLineage) -> bool:
    """True when some output of the field holds values other than the source's (a label)."""
    source_values = {canonical(v) for v in ctx.facts.present(fl.source)}
    for _fx, _raw, output in ctx.data_outputs(p.name):
        leaves = _leaf_values(output)
        for out in fl.outputs:
            values = [v for v in leaves.get(out, ()) if v is not None]
            if values and not any(canonical(v) in source_values for v in values):
                return True
    return False


def _readable_questions(ctx: _Context, fl: FieldLineage) -> list[str]:
    if not fl.field:
        return []
    return [
        q.id
        for q in ctx.suite.needed_by(fl.field)
        if any(n.field == fl.field and n.readable for n in q.needs)
    ]


def _id_opaque(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    out = []
    for fl in _rows(p):
        if fl.kind != "id" or fl.status not in ("kept", "lossy") or not fl.opaque:
            continue
        takers = ctx.matched.get(fl.source, [])
        readable = _readable_questions(ctx, fl)
        # Without a question that wants a name, an id is a problem only when the suite's
        # tools are known and none takes it; otherwise it is a handle for the next call.
        if not readable and (takers or not ctx.tools_known):
            continue
        if _has_counterpart(ctx, p, fl):
            continue
        distinct = len(set(map(canonical, ctx.facts.present(fl.source))))
        if not readable:
            message = (
                f"passes the opaque id {_label(fl)} through, and no tool takes it: it is a "
                "join key into a store the model does not have. Fix: resolve it to a name in "
                "the projection, or drop it."
            )
        else:
            # A lookup tool (get_user) is what resolving replaces: only other takers
            # need the id kept beside the name.
            actors = [a for a in takers if not _is_lookup(a)]
            keep = (
                f", and keep the id beside it for {_names([f'{a.tool}({a.name})' for a in actors])}"
                if actors
                else ""
            )
            message = (
                f"passes the opaque id {_label(fl)} through with no name beside it, but "
                f"{_questions(readable)} for a name: the model must resolve each distinct id "
                f"({distinct} here) with a call of its own, or guess. Fix: resolve it to a "
                f"name in the projection{keep}."
            )
        out.append(
            ctx.finding(
                "ID-OPAQUE",
                p.name,
                fl.outputs[0] if fl.outputs else None,
                message,
                field=fl.field or fl.source,
            )
        )
    return out


_SMALL_CODE = 999


def _enum_code(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    out = []
    for fl in _rows(p):
        if fl.kind != "code" or fl.status not in ("kept", "lossy") or not fl.opaque:
            continue
        values = ctx.facts.present(fl.source)
        if not values or not all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) <= _SMALL_CODE for v in values
        ):
            continue
        if _has_counterpart(ctx, p, fl):
            continue
        codes = sorted(set(values))
        shown = ", ".join(map(str, codes[:8])) + (", …" if len(codes) > 8 else "")
        readable = _readable_questions(ctx, fl)
        asked = f" ({_names(readable)} need it readable)" if readable else ""
        out.append(
            ctx.finding(
                "ENUM-CODE",
                p.name,
                fl.outputs[0] if fl.outputs else None,
                f"passes {_label(fl)} through as bare integer codes ({shown}) with no labels"
                f"{asked}: the model has to guess what {codes[0]} means. Fix: map each code to "
                "its label in the projection (the label the API documents).",
                field=fl.field or fl.source,
            )
        )
    return out


# LABELS ---------------------------------------------------------------------------------


def _labels(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    """A code shown with another code's label: the suite's ``labels:`` say otherwise."""
    out = []
    for fl in _rows(p):
        if not fl.labels_wrong:
            continue
        value, shown, declared = fl.labels_wrong[0]
        out.append(
            ctx.finding(
                "LABELS",
                p.name,
                fl.outputs[0] if fl.outputs else None,
                f"labels {_label(fl)} {canonical(value)} as {shown!r}, but the suite's labels "
                f"say {canonical(value)} is {declared!r}: the model will answer with the wrong "
                "label. Fix: use the labels the API documents (the suite's `labels:`).",
                field=fl.field or fl.source,
            )
        )
    return out
