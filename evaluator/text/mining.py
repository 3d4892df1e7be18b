"""What ``projeval questions mine`` says it did: the draft it wrote, or the merge into a suite."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .numbers import count, exact
from .paths import display_path

if TYPE_CHECKING:
    from ..mining.evidence import MinedSuite
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


def render_merged(merged: MergeResult, written: Path | str) -> str:
    """``Merged into question_sets/x.yaml: 3 suite questions matched, ...``."""
    return f"Merged into {display_path(written)}: {render_merge(merged)}"


def render_written(mined: MinedSuite, out: Path | str) -> str:
    """The note beside a draft written to ``out``: what it holds and what to do next."""
    shown = display_path(out)
    skipped = ""
    if mined.skipped:
        n = len(mined.skipped)
        skipped = f" ({n} problem{'s' if n != 1 else ''} in the traces, listed in its header)"
    return (
        f"Wrote {shown}{skipped}: {count(len(mined.drafted), 'question')} from "
        f"{count(mined.turns, 'user question')}; fill in fixtures and projections, then "
        f"projeval score {shown}"
    )
