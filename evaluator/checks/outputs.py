"""Looking into outputs: key paths, leaf values and verbatim matches in a projection's
output, and the wording helpers the findings' messages share.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from .. import paths
from ..lineage import FieldLineage
from ..projections import canonical
from .tools import ToolArg


def _leaf_values(doc: Any) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for _ip, spath, value in paths.iter_leaves(doc):
        out.setdefault(paths.format_path(spath), []).append(value)
    return out


def _key_paths(doc: Any, objects: Counter[str] | None = None) -> Counter[str]:
    """How often each key (and list item) occurs, by output schema path.

    ``objects``, when given, receives how many objects there are at each path.
    """
    counts: Counter[str] = Counter()
    stack: list[tuple[paths.SchemaPath, Any]] = [((), doc)]
    while stack:
        schema, node = stack.pop()
        if isinstance(node, dict):
            if objects is not None:
                objects[paths.format_path(schema)] += 1
            wildcard = paths.is_id_keyed_map(node)
            for k, v in node.items():
                child = (*schema, paths.ANY_KEY if wildcard else str(k))
                counts[paths.format_path(child)] += 1
                stack.append((child, v))
        elif isinstance(node, list):
            child = (*schema, paths.ANY_ITEM)
            for v in node:
                counts[paths.format_path(child)] += 1
                stack.append((child, v))
    return counts


def _under(path: str, prefix: str) -> bool:
    """Whether output path ``path`` is ``prefix`` or inside it."""
    if prefix in ("$", ""):
        return True
    return path == prefix or path.startswith(prefix + ".") or path.startswith(prefix + "[")


def _parent(path: str) -> str:
    """The object path holding key path ``path`` (``$`` at the top)."""
    return path.rsplit(".", 1)[0] if "." in path else "$"


def _roots(changed: list[str]) -> list[str]:
    """Changed paths that are not inside another changed path."""
    return sorted(p for p in changed if not any(q != p and _under(p, q) for q in changed))


class _Index:
    """Scalars and text of one output, to ask whether a value reaches it verbatim."""

    def __init__(self, output: Any) -> None:
        self.scalars: set[Any] = set()
        texts: list[str] = []
        for _ip, _sp, value in paths.iter_leaves(output):
            if isinstance(value, str):
                texts.append(value)
            if isinstance(value, str | int | float) and not isinstance(value, bool):
                self.scalars.add(value)
        # The keys of maps reach the model too (passengers keyed by their ids).
        stack = [output]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                keys = [k for k in node if isinstance(k, str)]
                self.scalars.update(keys)
                texts.extend(keys)
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
        self.text = "\x00".join(texts)

    def holds(self, value: Any) -> bool:
        if isinstance(value, str):
            return value in self.scalars or value in self.text
        if isinstance(value, int) and not isinstance(value, bool):
            if value in self.scalars:
                return True
            return (
                len(str(value)) >= 4 and re.search(rf"(?<!\d){value}(?!\d)", self.text) is not None
            )
        return False


def _list_prefix(path: str) -> str | None:
    """The outermost list of a path (``data[]`` of ``data[].attributes.tags[]``)."""
    at = path.find("[]")
    return None if at < 0 else path[: at + 2]


def _label(fl: FieldLineage) -> str:
    return f"`{fl.field}` ({fl.source})" if fl.field else f"`{fl.source}`"


def _questions(ids: list[str]) -> str:
    """``question who asks`` / ``questions a and b ask``."""
    if len(ids) == 1:
        return f"question {ids[0]} asks"
    return f"questions {_names(ids)} ask"


def _takes(takers: list[ToolArg]) -> str:
    return "takes" if len({a.tool for a in takers}) == 1 else "take"


def _names(items: list[str]) -> str:
    items = sorted(dict.fromkeys(items))
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _short(value: Any, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False) if isinstance(value, str) else canonical(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
