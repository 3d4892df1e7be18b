"""What ``projeval questions mine --merge`` says it did to the suite."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .numbers import exact

if TYPE_CHECKING:
    from ..mining.merge import MergeResult


def render_merge(merged: MergeResult) -> str:
    """Questions matched (with their new weights), groups and fields added, suggestions."""
    lines = [
        f"{len(merged.weights)} suite questions matched, {len(merged.added)} groups added, "
        f"{len(merged.fields_added)} fields added"
    ]
    for qid, old, new in merged.weights:
        lines.append(f"  weight {qid}: {exact(old)} -> {new}")
    if merged.added:
        lines.append("question drift (groups that match no suite question, added):")
        lines += [f"  {q.id} (weight {q.weight}): {q.text}" for q in merged.added]
    if merged.suggestions:
        lines.append("needs the traces suggest but the suite question lacks (not added):")
        lines += [f"  {qid}: {f}" for qid, f in merged.suggestions]
    return "\n".join(lines)
