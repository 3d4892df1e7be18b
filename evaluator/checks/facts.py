"""What the fixtures hold: values, types and nulls of the data fixtures, and which
source paths each tool argument matches.
"""

from __future__ import annotations

from typing import Any

from .. import kinds, paths
from ..suites import Suite
from .tools import (
    ToolArg,
    _exact_entity,
    _id_prefix,
    _key_entity,
    _owner_key,
    _same_entity,
    _singular,
    _snake,
)


class _Facts:
    """Values, types and nulls of the suite's data fixtures, by source schema path."""

    def __init__(self, suite: Suite) -> None:
        self.values: dict[str, dict[str, list[Any]]] = {}  # fixture -> source path -> values
        self.types: dict[paths.SchemaPath, set[str]] = {}
        self.schemas: dict[str, paths.SchemaPath] = {}
        self.nulls: dict[str, set[paths.SchemaPath]] = {}  # fixture -> paths holding a null
        self.first: dict[str, dict[str, paths.InstancePath]] = {}  # first non-null instance
        for fx in suite.data_fixtures:
            per_path: dict[str, list[Any]] = {}
            nulls: set[paths.SchemaPath] = set()
            first: dict[str, paths.InstancePath] = {}
            # The suite's one walk, JSON inside strings expanded: the checks see the same
            # values lineage perturbed (an id inside a <json> string too).
            for ipath, spath, value in suite.leaves[fx.name]:
                key = paths.format_path(spath)
                self.schemas.setdefault(key, spath)
                per_path.setdefault(key, []).append(value)
                if value is None:
                    nulls.add(spath)
                else:
                    first.setdefault(key, ipath)
                if spath and spath[-1] in ("type", "object") and isinstance(value, str):
                    # JSON:API `type`, Stripe's `object`: what the record is.
                    self.types.setdefault(spath[:-1], set()).add(value)
            self.values[fx.name] = per_path
            self.nulls[fx.name] = nulls
            self.first[fx.name] = first

    def present(self, source: str) -> list[Any]:
        """Non-null values at a source path over all data fixtures."""
        return [v for per in self.values.values() for v in per.get(source, ()) if v is not None]


def match_arguments(
    args: list[ToolArg], suite: Suite, sources: list[str], facts: _Facts
) -> dict[str, list[ToolArg]]:
    """Source paths each tool argument matches (see the package docstring for the rules)."""
    out: dict[str, list[ToolArg]] = {}
    for source in sources:
        schema = facts.schemas.get(source)
        if schema is None:
            continue
        named = [f.name for f in suite.fields.values() if paths.matches(f.segments, schema)]
        last = schema[-1] if schema else None
        values = facts.present(source)
        holds_ids = bool(values) and all(kinds.is_opaque_id(v, last) for v in values[:20])
        prefix = _id_prefix(values)
        for arg in args:
            hit = arg.name in named or last == arg.name
            if not hit and last == "id":
                # A bare id: what the record is (JSON:API `type`, Stripe `object`, matched
                # exactly, so a line item of `type: invoiceitem` is no invoice), or the key
                # holding the record (`relationships.organization.data.id`).
                types = facts.types.get(schema[:-1], set())
                hit = any(_exact_entity(arg.entity, t) for t in types) or _same_entity(
                    arg.entity, _owner_key(schema)
                )
            if not hit and last not in (None, "id"):
                # The key names the entity (`customer_id`, `eventID`), or holds its id
                # (`customer: "cus_1"`); so may the field's name.
                stems = [_key_entity(last), *(_key_entity(n) or n for n in named)]
                if holds_ids:
                    stems.append(last)
                hit = any(_exact_entity(arg.entity, s) for s in stems)
            if not hit and prefix and arg.entity and holds_ids:
                hit = _singular(_snake(arg.entity)).startswith(prefix)  # cus_ -> customer
            if hit:
                out.setdefault(source, []).append(arg)
    return out
