"""Hostile values: one odd value costs at most itself, never a false verdict or the run.

NaN in an output, lone surrogates and huge integers in fixtures and traces,
and names a renderer could interpret (``$...$``) go through the whole pipeline.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from projeval.config import load_project
from projeval.lineage import infer_lineage
from projeval.projections import ProjectionRunner
from projeval.run import evaluate

SUITE = """\
suite: tiny
tool: search
fixtures: [page.json]
fields:
  ticket_id: {path: "data[].id", kind: id}
  due: data[].due
projections:
  nan_beside: proj.py:nan_beside
questions:
  - id: q1
    text: When is it due?
    needs: [ticket_id, {field: due, precision: minute}]
"""
PAGE = {"data": [{"id": "tkt_1a2b3c4d", "due": "2026-01-02T03:04:05Z"}]}

# --------------------------------------------------------------------------------------
# NaN in an output


def test_a_fresh_nan_in_the_output_does_not_make_dropped_fields_kept(
    make_suite: Callable[..., Path],
) -> None:
    code = (
        "def nan_beside(page):\n    return {'score': float('nan'), 'due': page['data'][0]['due']}\n"
    )
    path = make_suite(SUITE, {"page.json": PAGE}, code)
    result = evaluate(load_project(root=path.parent), [path])
    scored = result.suites[0].score.projections["nan_beside"]
    statuses = {n.field: n.status for q in scored.questions for n in q.needs}
    assert statuses == {"ticket_id": "dropped", "due": "ok"}
    assert scored.coverage == 0.0


_floats = st.floats(allow_nan=True, allow_infinity=True)
_values = st.recursive(
    st.none() | st.booleans() | st.integers() | _floats | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=15,
)


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(st.text(max_size=6), _values, min_size=1, max_size=4), _values)
def test_arbitrary_json_values_beside_the_output_never_make_a_field_kept(
    doc: dict[str, Any], noise: Any
) -> None:
    """An output that carries nothing of the input but fresh values (NaN included) keeps nothing."""

    def fresh(_doc: Any) -> Any:
        # Rebuilt on every call, so NaN objects are new each time, as a real projection makes them.
        return {"noise": [float("nan"), _rebuild(noise)]}

    result = infer_lineage("p", ProjectionRunner(fresh), [("f", doc)], {})
    assert result.fault is None
    assert not [fl for fl in result.rows() if fl.carried], result.rows()


def _rebuild(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return float("nan")
    if isinstance(value, list):
        return [_rebuild(v) for v in value]
    if isinstance(value, dict):
        return {k: _rebuild(v) for k, v in value.items()}
    return value
