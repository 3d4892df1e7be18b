"""The table ``projeval lineage`` prints: where each source field lands, and its status."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .tables import table

if TYPE_CHECKING:
    from ..lineage import FieldLineage
    from ..score import SuiteScore


def render_lineage_text(
    scored: SuiteScore, projection: str, rows: Sequence[FieldLineage] | None = None
) -> str:
    """The table ``projeval lineage`` prints: ``rows`` (default: every source field)."""
    p = scored.projections[projection]
    head = f"{scored.suite.name} / {projection}: lineage of every source field"
    if not p.ok or p.lineage is None:
        return f"{head}\nerror: {p.error}"
    every = p.lineage.rows()
    if rows is not None and len(rows) != len(every):
        head = f"{scored.suite.name} / {projection}: lineage of {len(rows)} of {len(every)} source fields"
    cells = [
        (fl.field or "", fl.source, ", ".join(fl.outputs) or "-", fl.status, fl.detail)
        for fl in (every if rows is None else rows)
    ]
    body = table(("field", "source path", "output path", "status", "detail"), cells)
    # What the suite's load warned about (a declaration that changes nothing), as score does.
    warnings = "".join(f"\nwarning: {d}" for d in scored.diagnostics)
    return f"{head} ({p.lineage.calls} projection calls)\n{body}{warnings}"
