from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from projeval.errors import FixtureError, SuiteError
from projeval.suites import Need, load_suite

PAGE = {"data": [{"id": "tkt_1a2b3c4d", "due": "2026-01-02T03:04:05Z", "who": None}]}

BASE = """\
version: 1
suite: tiny
tool: search
fixtures: [page.json]
fields:
  ticket_id: {path: "data[].id", kind: id}
  due: data[].due
projections:
  raw: proj.py:raw
questions:
  - id: q1
    text: When is it due?
    weight: 3
    needs:
      - ticket_id
      - {field: due, precision: minute}
"""


def load_with(make_suite: Callable[..., Path], text: str) -> Exception:
    path = make_suite(text, {"page.json": PAGE}, "def raw(x):\n    return x\n")
    with pytest.raises((SuiteError, FixtureError)) as info:
        load_suite(path)
    return info.value


def test_valid_suite_loads(make_suite: Callable[..., Path]) -> None:
    path = make_suite(BASE, {"page.json": PAGE})
    suite = load_suite(path)
    assert suite.name == "tiny" and suite.tool == "search"
    assert suite.fields["ticket_id"].kind == "id"
    assert suite.questions[0].needs == (Need("ticket_id"), Need("due", "minute"))
    assert suite.total_weight == 3
    assert [f.name for f in suite.fixtures] == ["page"]
    assert suite.unmatched_fields() == []
    assert len(suite.digest) == 16


def test_unknown_need(make_suite: Callable[..., Path]) -> None:
    err = load_with(make_suite, BASE.replace("{field: due,", "{field: dew,"))
    assert err.render() == (
        f"{err.file}:16:9: need 'dew' names no field in the field dictionary. "
        "Fix: did you mean 'due'? Or add 'dew' under 'fields:'"
    )


def test_duplicate_question_ids(make_suite: Callable[..., Path]) -> None:
    text = BASE + "  - id: q1\n    text: again\n    needs: [due]\n"
    err = load_with(make_suite, text)
    assert err.render() == (
        f"{err.file}:17:9: duplicate question id 'q1' (first at line 11). "
        "Fix: give each question its own id"
    )


def test_missing_fixture_file(make_suite: Callable[..., Path]) -> None:
    err = load_with(make_suite, BASE.replace("[page.json]", "[nope.json]"))
    assert isinstance(err, FixtureError)
    assert err.render() == (
        f"{Path(err.file)}: fixture not found. Fix: check the path and its spelling"
    )
    assert err.file.endswith("nope.json")


def test_missing_suite_file(tmp_path: Path) -> None:
    with pytest.raises(SuiteError) as info:
        load_suite(tmp_path / "absent.yaml")
    assert info.value.render() == (
        f"{tmp_path / 'absent.yaml'}: suite file not found. Fix: check the path and its spelling"
    )


def test_invalid_yaml_names_the_line(make_suite: Callable[..., Path]) -> None:
    err = load_with(make_suite, BASE.replace("  due: data[].due", "  due: [data[].due"))
    assert err.render() == (
        f"{err.file}:7:13: invalid YAML: expected ',' or ']', but got '['. "
        "Fix: correct the YAML syntax at that position"
    )


def test_invalid_json_fixture_names_line_and_column(make_suite: Callable[..., Path]) -> None:
    path = make_suite(BASE)
    (path.parent / "page.json").write_text('{"data": [\n  {"id": 1,}\n]}', encoding="utf-8")
    with pytest.raises(FixtureError) as info:
        load_suite(path)
    assert info.value.render() == (
        f"{path.parent / 'page.json'}:2:12: fixture is not valid JSON: "
        "Expecting property name enclosed in double quotes. Fix: correct the JSON at that position"
    )


def test_a_json_message_ending_in_at_reads_as_a_sentence(make_suite: Callable[..., Path]) -> None:
    # Python's "Unterminated string starting at" is completed by the position beside it;
    # the message read "...starting at." (session 34's leftover).
    path = make_suite(BASE)
    (path.parent / "page.json").write_text('{"data": "cut', encoding="utf-8")
    with pytest.raises(FixtureError) as info:
        load_suite(path)
    assert info.value.render() == (
        f"{path.parent / 'page.json'}:1:10: fixture is not valid JSON: "
        "Unterminated string. Fix: correct the JSON at that position"
    )


def test_unmatched_field_is_reported_with_fixtures_searched(
    make_suite: Callable[..., Path],
) -> None:
    path = make_suite(
        BASE.replace("  due: data[].due", "  due: data[].due_at"), {"page.json": PAGE}
    )
    suite = load_suite(path)
    (missing,) = suite.unmatched_fields()
    assert suite.unmatched_message(missing) == (
        "field 'due' (data[].due_at) matches nothing in any fixture (searched: page.json)."
    )


def test_field_naming_an_object(make_suite: Callable[..., Path]) -> None:
    page = {"data": [{"id": "tkt_1a2b3c4d", "due": {"at": "2026-01-02", "zone": "UTC"}}]}
    path = make_suite(BASE, {"page.json": page})
    with pytest.raises(SuiteError) as info:
        load_suite(path)
    assert info.value.render() == (
        f"{path}:7:8: field 'due' (data[].due) names an object or list, not a value. "
        "Fix: name one of its values, e.g. data[].due.at, data[].due.zone"
    )


def test_field_naming_a_maps_entries_points_at_its_keys(make_suite: Callable[..., Path]) -> None:
    # tau59: a mined draft's `payment_methods: payment_methods.*` was refused with values to
    # name, not the keys (`*~`), the ids the agent had quoted and passed on.
    due = {"card_4065275": {"at": "2026-01-02"}, "card_1182476": {"at": "2026-02-02"}}
    page = {"data": [{"id": "tkt_1a2b3c4d", "due": due}]}
    path = make_suite(BASE.replace("  due: data[].due", "  due: data[].due.*"), {"page.json": page})
    with pytest.raises(SuiteError) as info:
        load_suite(path)
    assert info.value.render() == (
        f"{path}:7:8: field 'due' (data[].due.*) names an object or list, not a value. "
        "Fix: name one of its values, e.g. data[].due.*.at; or data[].due.*~ for the map's keys"
    )


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("weight: 3", "weight: -1", "13:13: weight of question 'q1' must be a positive number."),
        (
            "precision: minute",
            "precision: fortnight",
            "16:33: precision 'fortnight' of need 'due' is not understood.",
        ),
        ("suite: tiny\n", "suite: tiny\ncolour: red\n", "3:9: unknown key 'colour'."),
        (
            "raw: proj.py:raw",
            "raw: just_a_name",
            "9:8: projection 'raw' must be 'module:function' or 'path/to/file.py:function'.",
        ),
        ("kind: id", "kind: uuid", "6:40: field 'ticket_id' has unknown kind 'uuid'."),
        (
            "version: 1",
            "version: 2",
            "1:10: suite format version 2 is not supported (this projeval reads 1).",
        ),
        (
            "kind: id}",
            "kind: id, colour: red}",
            "6:52: field 'ticket_id' has unknown key 'colour'. Fix: use path, kind, untrusted, description, labels or values",
        ),
        (
            "{field: due, precision: minute}",
            "{field: due, precison: minute}",
            "16:32: need has unknown key 'precison'. Fix: use field, precision, readable or items",
        ),
    ],
)
def test_validation_messages(
    make_suite: Callable[..., Path], old: str, new: str, expected: str
) -> None:
    assert old in BASE
    err = load_with(make_suite, BASE.replace(old, new))
    assert err.render().startswith(f"{err.file}:{expected}")
    assert " Fix: " in err.render() or "version" not in expected


def test_non_utf8_suite(make_suite: Callable[..., Path]) -> None:
    path = make_suite(BASE, {"page.json": PAGE})
    path.write_bytes(BASE.replace("When", "Wh\xe9n").encode("latin-1"))
    with pytest.raises(SuiteError) as info:
        load_suite(path)
    assert info.value.render() == (
        f"{path}:12: suite file is not UTF-8 (byte 0xe9 at offset 193). Fix: save the file as UTF-8"
    )


def test_bom_and_crlf_are_accepted(make_suite: Callable[..., Path]) -> None:
    path = make_suite(BASE, {"page.json": PAGE})
    path.write_bytes(b"\xef\xbb\xbf" + BASE.replace("\n", "\r\n").encode())
    assert load_suite(path).questions[0].text == "When is it due?"


def test_fixtures_as_a_glob(make_suite: Callable[..., Path]) -> None:
    text = BASE.replace("fixtures: [page.json]", 'fixtures: ["page_*.json"]')
    path = make_suite(text, {"page_2.json": PAGE, "page_1.json": PAGE})
    assert [f.name for f in load_suite(path).fixtures] == ["page_1", "page_2"]
    empty = make_suite(BASE.replace("fixtures: [page.json]", 'fixtures: ["none_*.json"]'))
    with pytest.raises(SuiteError) as info:
        load_suite(empty)
    assert "fixture pattern 'none_*.json' matches no file" in str(info.value)


def test_warnings_name_the_field(make_suite: Callable[..., Path]) -> None:
    text = BASE.replace("fixtures: [page.json]", "fixtures: [page.json, other.json]").replace(
        "  due: data[].due", '  due: {path: "data[].due", kind: number}\n  who: data[].who'
    )
    other = {"data": [{"id": "tkt_9a2b3c4d", "due": "2026-01-03T03:04:05Z", "who": {"id": "u1"}}]}
    page = {"data": [{"id": "tkt_1a2b3c4d", "due": "2026-01-02T03:04:05Z", "who": "u1"}]}
    warnings = load_suite(make_suite(text, {"page.json": page, "other.json": other})).warnings
    assert warnings == [
        "field `due` (data[].due) is declared `kind: number`, but its values (e.g. "
        '"2026-01-02T03:04:05Z") are not; projeval perturbs them as time. Fix: correct or '
        "remove the declaration.",
        "field `who` (data[].who) is a string in page and an object in other: projeval "
        "judges both shapes, the object by its `id`.",
    ]


def test_labels_must_map_codes_to_labels(make_suite: Callable[..., Path]) -> None:
    text = BASE.replace("kind: id}", "kind: id, labels: [a, b]}")
    error = load_with(make_suite, text)
    assert "'labels' of field 'ticket_id' must map each code to its label." in str(error)


def test_declarations_that_change_nothing_are_warned_naming_the_field(
    make_suite: Callable[..., Path],
) -> None:
    text = """\
version: 1
suite: tiny
tool: search
fixtures: [page.json]
fields:
  ticket_id: {path: "data[].id", kind: id}
  who: {path: "data[].who", kind: name}
  state: {path: "data[].state", values: [Open, Closed]}
  when: data[].due
  total: {path: total, labels: {1: one}}
  tag: {path: "tags.*~", kind: code}
projections:
  raw: proj.py:raw
questions:
  - id: q1
    text: When is it due, and what is its state?
    needs:
      - {field: state, precision: hour}
      - {field: when, precision: 10}
      - {field: total, items: some}
"""
    page = {
        "data": [
            {"id": "tkt_1a2b3c4d", "due": "2026-01-02T03:04:05Z", "who": None, "state": "open"}
        ],
        "total": 1,
        "tags": {"billing_42": {"n": 1}, "refund_7": {"n": 2}},
    }
    warnings = load_suite(make_suite(text, {"page.json": page})).warnings
    assert warnings == [
        "field `who` (data[].who) is null in every fixture, so its `kind: name` changes "
        "nothing. Fix: add a fixture where it holds a value.",
        "field `state` (data[].state) declares values for Closed, Open, but its values (e.g. "
        '"open") are none of them: they are not used. Fix: write them as the fixtures do.',
        "field `tag` (tags.*~) names map keys, which projeval always perturbs by renaming "
        "them: its `kind: code` changes nothing. Fix: remove the declaration.",
        "question `q1` asks for field `state` (data[].state) to the hour, but its values are "
        "text, not times: the precision changes nothing. Fix: remove it, or give a character "
        "count.",
        "question `q1` asks for field `when` (data[].due) to 10 characters, but its values are "
        "times: the precision changes nothing. Fix: give second, minute, hour or day.",
        "question `q1` asks for field `total` (total) with `items: some`, but the path holds "
        "one value per response, not a list: `items: some` changes nothing. Fix: remove it.",
    ]


def test_a_map_keys_field_matches_the_keys_of_its_map(make_suite: Callable[..., Path]) -> None:
    text = BASE.replace("  due: data[].due", "  due: data[].due\n  tag: tags.*~")
    page = {**PAGE, "tags": {"billing_42": {"n": 1}, "refund_7": {"n": 2}}}
    suite = load_suite(make_suite(text, {"page.json": page}))
    assert suite.unmatched_fields() == [] and suite.warnings == []


def test_values_list_what_a_field_can_take(make_suite: Callable[..., Path]) -> None:
    ok = BASE.replace("  due: data[].due", '  due: {path: "data[].due", values: [a, 2]}')
    assert load_suite(make_suite(ok, {"page.json": PAGE})).fields["due"].values == ("a", 2)
    error = load_with(make_suite, BASE.replace("kind: id}", "kind: id, values: {a: b}}"))
    assert "'values' of field 'ticket_id' must list the values it can take." in str(error)
