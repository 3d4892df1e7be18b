"""The worker host (``_worker.py``): the edits it answers with rebuild the output exactly,
and the interpreter a projection runs in is a plain one (the standard library's own modules).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import orjson
import projeval
from hypothesis import given, settings
from hypothesis import strategies as st
from projeval._worker import output_edits, set_in
from projeval.projections import Limits
from projeval.suites import load_suite
from projeval.workers import start_runner


def _rebuilt(old: Any, changes: list[list[Any]]) -> Any:
    for path, value in changes:
        old = set_in(old, path, value)
    return old


def _fresh(value: Any) -> Any:
    """A copy that shares nothing with ``value``: what a projection building its output gives."""
    return orjson.loads(orjson.dumps(value))


TICKETS = {"tickets": [{"id": f"t{i}", "n": i, "tags": ["a", "b"]} for i in range(100)]}


def test_an_unchanged_output_built_anew_is_no_edits() -> None:
    assert output_edits(TICKETS, _fresh(TICKETS), {}) == []


def test_one_changed_leaf_among_rebuilt_items_is_one_edit() -> None:
    new = _fresh(TICKETS)
    new["tickets"][41]["n"] = 4100
    assert output_edits(TICKETS, new, {}) == [[["tickets", 41, "n"], 4100]]


def test_values_equal_in_python_but_not_in_json_are_edits() -> None:
    # 1 == 1.0 == True, and dicts compare equal in any key order: JSON tells them apart.
    assert output_edits({"a": [1]}, {"a": [1.0]}, {}) == [[["a", 0], 1.0]]
    assert output_edits({"a": [1]}, {"a": [True]}, {}) == [[["a", 0], True]]
    assert output_edits({"a": {"x": 1, "y": 2}}, {"a": {"y": 2, "x": 1}}, {}) == [
        [["a"], {"y": 2, "x": 1}]
    ]
    assert output_edits([0.0], [-0.0], {}) == [[[0], -0.0]]


def test_an_output_of_another_shape_or_too_many_changes_is_sent_whole() -> None:
    assert output_edits({"a": 1}, "text", {}) == [[[], "text"]]
    changed = {"tickets": [{**t, "n": -1} for t in TICKETS["tickets"]]}
    assert output_edits(TICKETS, changed, {}) is None


def test_a_value_that_is_not_json_is_never_taken_for_the_old_one() -> None:
    class Text(str):
        pass

    # Written as the same JSON, a str subclass is as good as the str it equals...
    assert output_edits({"a": ["x"]}, {"a": [Text("x")]}, {}) == []
    # ... and a set never equals the list it was, so it is sent (and refused) as it is.
    assert output_edits({"a": [1]}, {"a": {1}}, {}) == [[["a"], {1}]]


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.sampled_from([0.0, -0.0, 1.0, 2.5])
    | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(old=_JSON, new=_JSON, share=st.booleans())
def test_the_edits_rebuild_the_new_output_as_json_writes_it(
    old: Any, new: Any, share: bool
) -> None:
    known: dict[int, bytes] = {}
    for candidate in (new, _fresh(old), copy.deepcopy(old) if share else _fresh(new)):
        changes = output_edits(old, candidate, known)
        if changes is not None:
            assert orjson.dumps(_rebuilt(old, changes)) == orjson.dumps(candidate)
    assert orjson.dumps(old) == orjson.dumps(_fresh(old))  # the old output was left alone


def test_a_projection_runs_with_the_standard_librarys_json(tmp_path: Path) -> None:
    # projeval's package folder is never on the worker's sys.path: its _json.py once hid
    # the C accelerator of the json module from every projection.
    (tmp_path / "proj.py").write_text(
        "import json.decoder, json.encoder, sys\n"
        "def p(page):\n"
        "    return {\n"
        "        'c_scanner': json.decoder.c_scanstring is not None,\n"
        "        'c_encoder': json.encoder.c_make_encoder is not None,\n"
        "        '_json': getattr(sys.modules['_json'], '__file__', ''),\n"
        "    }\n",
        encoding="utf-8",
    )
    (tmp_path / "page.json").write_text(json.dumps({"items": []}), encoding="utf-8")
    (tmp_path / "suite.yaml").write_text(
        "suite: s\ntool: t\nfixtures: [page.json]\nfields: {x: 'items[].id'}\n"
        "projections:\n  p: proj.py:p\nquestions:\n  - {id: q, text: Q?, needs: [x]}\n",
        encoding="utf-8",
    )
    suite = load_suite(tmp_path / "suite.yaml", root=tmp_path)
    runner = start_runner(suite.projections["p"], suite, Limits(timeout=5))
    try:
        output, _text = runner({"items": []})
    finally:
        runner.close()
    assert (output["c_scanner"], output["c_encoder"]) == (True, True)
    assert Path(output["_json"]).parent != Path(projeval.__file__).parent
