"""Rendering what the model reads, with every character classified."""

from __future__ import annotations

import itertools
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from projeval.tool_result import (
    MCP_TEXT_PATH,
    Rendered,
    classify_text,
    compact,
    is_mcp_result,
    render_json,
    render_output,
    value_class,
)


def pieces(r: Rendered) -> list[tuple[str, str, str]]:
    return [(s.cls, s.path, r.text[s.start : s.end]) for s in r.spans]


def assert_tiles(r: Rendered) -> None:
    assert r.spans[0].start == 0 and r.spans[-1].end == len(r.text)
    assert all(a.end == b.start for a, b in itertools.pairwise(r.spans))


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_render_json_is_compact_json_and_spans_tile_it(value: Any) -> None:
    text, spans, _lists, _counts = render_json(value)
    assert text == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    assert spans[0].start == 0 and spans[-1].end == len(text)
    assert all(a.end == b.start for a, b in itertools.pairwise(spans))


def test_a_string_output_is_text_not_json() -> None:
    r = render_output("")
    assert (r.form, r.text, r.spans) == ("text", "", ())


def test_jsonapi_record_is_classified_key_by_key() -> None:
    record = {
        "type": "ticket",
        "id": "tkt_9f3a71c4-2d18-4b6e-9c05-8ab3f2e17d90",
        "attributes": {"subject": "Card declined", "status_code": 3, "created_at": "2026-02-11"},
        "links": {"self": "https://api.example.com/v1/tickets/tkt_9f3a71c4"},
    }
    r = render_output({"data": [record]})
    assert pieces(r) == [
        ("structure", "$", "{"),
        ("structure", "data", '"data":['),
        ("structure", "data[]", "{"),
        # The JSON:API type beside an id is packaging, not content.
        ("structure", "data[].type", '"type":"ticket"'),
        ("structure", "data[]", ","),
        ("structure", "data[].id", '"id":'),
        ("id", "data[].id", '"tkt_9f3a71c4-2d18-4b6e-9c05-8ab3f2e17d90"'),
        ("structure", "data[]", ","),
        ("structure", "data[].attributes", '"attributes":{'),
        ("structure", "data[].attributes.subject", '"subject":'),
        ("content", "data[].attributes.subject", '"Card declined"'),
        ("structure", "data[].attributes", ","),
        ("structure", "data[].attributes.status_code", '"status_code":'),
        ("code", "data[].attributes.status_code", "3"),
        ("structure", "data[].attributes", ","),
        ("structure", "data[].attributes.created_at", '"created_at":'),
        ("time", "data[].attributes.created_at", '"2026-02-11"'),
        ("structure", "data[].attributes", "}"),
        ("structure", "data[]", ","),
        ("structure", "data[].links", '"links":{'),
        ("structure", "data[].links.self", '"self":'),
        ("link", "data[].links.self", '"https://api.example.com/v1/tickets/tkt_9f3a71c4"'),
        ("structure", "data[].links", "}"),
        ("structure", "data[]", "}"),
        ("structure", "data", "]"),
        ("structure", "$", "}"),
    ]
    assert r.values == {
        "data[].attributes.created_at": 1,
        "data[].attributes.status_code": 1,
        "data[].attributes.subject": 1,
        "data[].id": 1,
        "data[].links.self": 1,
        "data[].type": 1,
    }


def test_type_without_an_id_is_content() -> None:
    r = render_output({"type": "voltage_sag", "severity": "warning"})
    assert ("content", "type", '"voltage_sag"') in pieces(r)


def test_id_keyed_maps_get_the_wildcard_path() -> None:
    doc = {"payment_methods": {"card_442": {"amount": 5}, "cert_750": {"amount": 7}}}
    paths = {s.path for s in render_output(doc).spans}
    assert "payment_methods.*.amount" in paths
    assert not any("card_442" in p for p in paths)


def test_nulls_booleans_and_numbers_are_content() -> None:
    r = render_output({"assignee": None, "open": True, "kwh": 4219.5, "total": 14})
    assert {(cls, text) for cls, _p, text in pieces(r) if cls != "structure"} == {
        ("content", "null"),
        ("content", "true"),
        ("content", "4219.5"),
        ("content", "14"),
    }


def test_hints_apply_only_when_they_fit_the_value() -> None:
    assert value_class(3, "state", "code") == "code"
    assert value_class("open", "state", "code") == "content"
    assert value_class(32.0, "kwh_last_24h", "time") == "content"
    assert value_class("2026-11-28", "when", "time") == "time"
    assert value_class("ok", "quality", "id") == "id"
    assert value_class(1_764_000_000, "created_at") == "time"


def test_lists_and_the_main_list() -> None:
    doc = {"tags": ["a", "b"], "items": [{"n": 1}, {"n": 2}, {"n": 3}], "empty": []}
    r = render_output(doc)
    assert [(ls.path, ls.items) for ls in r.lists] == [
        ("tags[]", 2),
        ("items[]", 3),
        ("empty[]", 0),
    ]
    main = r.main_list()
    assert main is not None and main.path == "items[]"
    assert r.text[main.start : main.end] == '[{"n":1},{"n":2},{"n":3}]'
    assert render_output({"tickets": []}).main_list() is None


def test_non_ascii_and_non_string_keys_render_like_json_dumps() -> None:
    value = {"name": "Tomás Ibarra", 1: "one", None: "nil", 2.5: "x", "emoji": "🙂"}
    r = render_output(value)
    assert r.text == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    assert r.bytes == len(r.text.encode("utf-8")) > len(r.text)
    assert_tiles(r)


def test_deep_nesting_does_not_use_the_stack() -> None:
    doc: Any = "leaf"
    for _ in range(10_000):
        doc = {"a": doc}
    r = render_output(doc)
    assert r.text.endswith('"leaf"' + "}" * 10_000)
    assert_tiles(r)


def test_markdown_is_classified_by_pattern() -> None:
    text = (
        "# Meter mtr_8f2c41\n"
        "- status: active | opened 2026-11-27T19:05:41.096Z\n"
        "See https://api.example.com/v2/meters/mtr_8f2c41.\n"
        "**Owner**: usr_41c2be09-e330-4ccb-87b3-f6f8b137ddda\n"
    )
    r = render_output(text)
    assert r.form == "text" and r.text == text
    assert [(cls, t) for cls, _p, t in pieces(r)] == [
        ("structure", "# "),
        ("content", "Meter "),
        ("id", "mtr_8f2c41"),
        ("structure", "\n- "),
        ("content", "status: active "),
        ("structure", "|"),
        ("content", " opened "),
        ("time", "2026-11-27T19:05:41.096Z"),
        ("structure", "\n"),
        ("content", "See "),
        ("link", "https://api.example.com/v2/meters/mtr_8f2c41"),
        ("content", "."),
        ("structure", "\n**"),
        ("content", "Owner"),
        ("structure", "**"),
        ("content", ": "),
        ("id", "usr_41c2be09-e330-4ccb-87b3-f6f8b137ddda"),
        ("structure", "\n"),
    ]
    assert {s.path for s in r.spans} == {"$"}
    # A plain output travels as one text block.
    assert r.wire == compact({"content": [{"type": "text", "text": text}]})


def test_classify_text_offsets_and_empty_text() -> None:
    assert classify_text("") == []
    spans = classify_text("id tkt_9f3a71c4", "content[].text", offset=10)
    assert [(s.start, s.end, s.cls) for s in spans] == [(10, 13, "content"), (13, 25, "id")]


def test_mcp_structured_result_reads_as_its_text_and_carries_both_on_the_wire() -> None:
    summary = {"status": "active", "alerts": [{"kind": "voltage_sag"}], "id": "mtr_8f2c41"}
    text = json.dumps(summary, separators=(",", ":"))
    result = {"content": [{"type": "text", "text": text}], "structuredContent": summary}
    r = render_output(result)
    assert r.form == "mcp"
    assert r.text == text
    assert r.wire == compact(result)
    assert r.wire_bytes > 2 * r.bytes
    assert r.text_is_structured is True
    assert ("id", "structuredContent.id", '"mtr_8f2c41"') in pieces(r)
    assert [(ls.path, ls.items) for ls in r.lists] == [("structuredContent.alerts[]", 1)]


def test_mcp_text_that_differs_from_structured_content() -> None:
    result = {
        "content": [{"type": "text", "text": '{"status":"active"}'}],
        "structuredContent": {"status": "retired"},
    }
    r = render_output(result)
    assert r.text_is_structured is False
    assert {s.path for s in r.spans} == {MCP_TEXT_PATH}
    prose = render_output({"content": [{"type": "text", "text": "All good."}]})
    assert prose.text_is_structured is None
    assert [(cls, t) for cls, _p, t in pieces(prose)] == [("content", "All good.")]


def test_mcp_blocks_join_with_a_newline_and_skip_images() -> None:
    result = {
        "content": [
            {"type": "text", "text": "one"},
            {"type": "image", "data": "AAAA", "mimeType": "image/png"},
            {"type": "text", "text": "two"},
        ],
        "isError": False,
    }
    r = render_output(result)
    assert r.text == "one\ntwo"
    assert_tiles(r)


def test_what_counts_as_an_mcp_result() -> None:
    assert is_mcp_result({"content": [{"type": "text", "text": "x"}], "isError": True})
    assert not is_mcp_result({"content": [{"type": "text", "text": "x"}], "id": 3})
    assert not is_mcp_result({"content": "x"})
    assert not is_mcp_result({"content": [{"text": "x"}]})


def test_render_json_flatten_and_prefix() -> None:
    text, spans, lists, counts = render_json({"a": [1]}, prefix=("structuredContent",))
    assert text == '{"a":[1]}'
    assert [s.path for s in spans] == [
        "structuredContent",
        "structuredContent.a",
        "structuredContent.a[]",
        "structuredContent.a",
        "structuredContent",
    ]
    assert lists[0].path == "structuredContent.a[]" and dict(counts) == {"structuredContent.a[]": 1}
    _t, flat, _l, _c = render_json({"a": [1]}, flatten="x")
    assert {s.path for s in flat} == {"x"}
