"""Token cost: real counts, exact attribution, the field value table, the shipped example pinned."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from projeval.cost import (
    RAW_FIXTURE,
    SuiteCost,
    cost_suite,
    measure,
)
from projeval.errors import TokenizerError
from projeval.score import score_suite
from projeval.suites import load_suite
from projeval.text.cost import render_cost_text
from projeval.tokens import count_tokens
from projeval.tool_result import CLASSES, Rendered, Span, render_output

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def meter() -> SuiteCost:
    return cost_suite(score_suite(load_suite(ROOT / "question_sets/meter.yaml", root=ROOT)))


@pytest.fixture(scope="module")
def support() -> SuiteCost:
    suite = load_suite(ROOT / "question_sets/support_desk.yaml", root=ROOT)
    return cost_suite(score_suite(suite))


# --------------------------------------------------------------------------------------
# Attribution


def test_a_token_goes_to_the_span_of_its_first_character() -> None:
    text = "hello world"  # two tokens: "hello", " world"
    split_word = Rendered("text", text, "", (Span(0, 2, "id", "$"), Span(2, 11, "content", "$")))
    assert measure(split_word).by_class["id"] == 1
    assert measure(split_word).by_class["content"] == 1
    split_late = Rendered("text", text, "", (Span(0, 7, "content", "a"), Span(7, 11, "link", "b")))
    m = measure(split_late)
    assert (m.by_class["content"], m.by_class["link"]) == (2, 0)
    assert m.by_path == {"a": 2}


def test_tokens_straddling_a_key_and_its_value() -> None:
    # o200k_base: {" | id | ":" | t | kt | _ | 9 | f | 3 | a | 71 | c | 4 | "}
    m = measure(render_output({"id": "tkt_9f3a71c4"}))
    assert m.tokens == 14
    # '":"' starts at the key's closing quote (structure); '"}' at the value's (id).
    assert {c: n for c, n in m.by_class.items() if n} == {"structure": 3, "id": 11}
    assert m.by_path == {"$": 1, "id": 13}


def test_byte_offsets_are_used_for_multibyte_text() -> None:
    # "éé x" is three tokens: é (bytes 0-2), é (2-4), " x" (4-6). " x" starts at character 2.
    r = Rendered("text", "éé x", "", (Span(0, 3, "content", "$"), Span(3, 4, "id", "$")))
    m = measure(r)
    assert (m.tokens, m.by_class["content"], m.by_class["id"]) == (3, 3, 0)


def test_breakdown_and_field_table_sum_exactly_on_every_shipped_output(
    meter: SuiteCost, support: SuiteCost
) -> None:
    for cost in (meter, support):
        outputs = list(cost.raw) + [o for p in cost.projections.values() for o in p.outputs]
        assert outputs
        for o in outputs:
            assert sum(o.breakdown.values()) == o.tokens
            assert sum(f.tokens for f in o.fields) == o.tokens
            assert set(o.breakdown) == set(CLASSES)


def test_counts_are_tiktoken_counts_of_what_the_model_reads() -> None:
    doc = json.loads((ROOT / "fixtures/meter/get_meter.json").read_text(encoding="utf-8"))
    r = render_output(doc)
    assert measure(r).tokens == count_tokens(r.text) == 15859
    assert measure(r, "cl100k_base").tokens == count_tokens(r.text, "cl100k_base") == 15748
    with pytest.raises(TokenizerError):
        measure(r, "p50k_base")


def test_list_tokens_are_the_tokens_that_start_inside_the_list() -> None:
    r = render_output({"n": 1, "items": [{"a": "x"}, {"a": "y"}]})
    # {" n ": 1 ," items ":[ | {" a ":" x "},{" a ":" y "} ]}
    # '":[' starts before the list and ']}' inside it: 10 tokens are the list's.
    assert measure(r).list_tokens == (10,)
    assert measure(r).tokens == 17


# --------------------------------------------------------------------------------------
# The shipped example, pinned


def test_meter_token_ranking(meter: SuiteCost) -> None:
    # The published analogue: markdown cheapest, compact JSON a few tokens more, structured
    # the same model tokens as JSON but about twice the wire bytes (compact_mcp, structured
    # from a real MCP server in question_sets/meter_mcp.yaml, costs what structured costs:
    # tests/test_mcp_projection.py).
    assert meter.ranking() == [
        ("raw", 15859),
        ("pruned", 6781),
        ("json", 164),
        ("structured", 164),
        ("markdown", 154),
    ]
    assert meter.ranking("wire_bytes") == [
        ("raw", 46549),
        ("pruned", 20507),
        ("structured", 966),
        ("json", 524),
        ("markdown", 410),
    ]
    assert meter.ranking("bytes") == [
        ("raw", 40884),
        ("pruned", 17820),
        ("json", 421),
        ("structured", 421),
        ("markdown", 363),
    ]
    assert meter.raw_basis == "the projection 'raw'"


def test_meter_rows(meter: SuiteCost) -> None:
    row = {
        name: (
            o.form,
            o.estimate,
            round(o.estimate_error or 0, 3),
            o.main_list,
            o.items,
            None if o.tokens_per_item is None else round(o.tokens_per_item, 1),
            round(o.ratio_to_raw or 0, 4),
        )
        for name, p in meter.projections.items()
        for o in p.outputs
    }
    assert row == {
        "json": ("json", 105, -0.36, "open_alerts[]", 2, 30.5, 0.0103),
        "markdown": ("text", 91, -0.409, None, None, None, 0.0097),
        "pruned": ("json", 4455, -0.343, "included[]", 104, 63.7, 0.4276),
        "raw": ("json", 10221, -0.356, "included[]", 104, 148.6, 1.0),
        "structured": ("mcp", 105, -0.36, "structuredContent.open_alerts[]", 2, 30.5, 0.0103),
    }


def test_meter_breakdown(meter: SuiteCost) -> None:
    assert meter.raw[0].breakdown == {
        "structure": 5180,
        "link": 2217,
        "id": 2440,
        "code": 1,
        "time": 3383,
        "content": 2638,
    }
    assert meter.projections["json"].breakdown == meter.projections["structured"].breakdown
    assert meter.projections["markdown"].breakdown == {
        "structure": 12,
        "link": 0,
        "id": 21,
        "code": 0,
        "time": 45,
        "content": 76,
    }


def test_meter_field_table(meter: SuiteCost) -> None:
    raw = meter.projections["raw"].field_tokens()
    assert raw["included[].links.self"] == 2347
    assert raw["included[].attributes.recorded_at"] == 2000
    structured = meter.projections["structured"].field_tokens()
    assert structured["structuredContent.open_alerts[].opened_at"] == 38
    assert meter.projections["markdown"].field_tokens() == {"$": 154}


def test_support_desk_per_fixture(support: SuiteCost) -> None:
    rows = {
        (o.projection, o.fixture): (o.tokens, o.bytes, o.wire_bytes, o.main_list, o.items)
        for o in support.raw + [o for p in support.projections.values() for o in p.outputs]
    }
    assert rows == {
        (RAW_FIXTURE, "search_tickets"): (4255, 12851, 14020, "data[]", 14),
        (RAW_FIXTURE, "empty_page"): (244, 642, 713, None, None),
        (RAW_FIXTURE, "rate_limited"): (82, 263, 328, "errors[]", 1),
        ("raw", "search_tickets"): (4255, 12851, 14020, "data[]", 14),
        ("raw", "empty_page"): (244, 642, 713, None, None),
        ("raw", "rate_limited"): (82, 263, 328, "errors[]", 1),
        ("pruned", "search_tickets"): (3508, 10933, 11974, "data[]", 14),
        ("pruned", "empty_page"): (4, 11, 52, None, None),
        ("pruned", "rate_limited"): (82, 263, 328, "errors[]", 1),
        ("compact_v1", "search_tickets"): (1137, 4047, 4680, "tickets[]", 14),
        ("compact_v1", "empty_page"): (4, 14, 55, None, None),
        ("compact_v1", "rate_limited"): (4, 14, 55, None, None),
        ("compact_v2", "search_tickets"): (1777, 5220, 5965, "tickets[]", 14),
        ("compact_v2", "empty_page"): (8, 24, 67, None, None),
        ("compact_v2", "rate_limited"): (15, 58, 105, None, None),
        # the node twin's outputs are compact_v2's
        ("compact_v2_node", "search_tickets"): (1777, 5220, 5965, "tickets[]", 14),
        ("compact_v2_node", "empty_page"): (8, 24, 67, None, None),
        ("compact_v2_node", "rate_limited"): (15, 58, 105, None, None),
    }
    # Totals are over data fixtures only: the rate_limited body is not part of the cost.
    assert support.ranking() == [
        ("raw", 4499),
        ("pruned", 3512),
        ("compact_v2", 1785),
        ("compact_v2_node", 1785),
        ("compact_v1", 1141),
    ]
    assert round(support.projections["compact_v1"].ratio_to_raw or 0, 4) == 0.2536


def test_support_desk_field_values(support: SuiteCost) -> None:
    fv = {f.label: f for f in support.field_values}
    sla = fv["sla_due_at"]
    assert (sla.weight, sla.questions, sla.raw_tokens) == (8.0, ("breach-soon", "sla-report"), 265)
    assert sla.status == {
        "compact_v1": "dropped",
        "compact_v2": "lossy",
        "compact_v2_node": "lossy",
        "pruned": "kept",
        "raw": "kept",
    }
    assert sla.tokens == {
        "compact_v1": 0,
        "compact_v2": 186,
        "compact_v2_node": 186,
        "pruned": 260,
        "raw": 265,
    }
    assert fv["tags"].raw_tokens == 110  # the list's key and brackets, and its items
    assert fv["data[].links.self"].weight == 0
    assert fv["data[].links.self"].tokens["raw"] == 565


def test_support_desk_candidates(support: SuiteCost) -> None:
    assert [(c.projection, c.label, c.tokens) for c in support.drop_candidates] == [
        ("pruned", "data[].relationships.organization.data.type", 56),
        ("pruned", "data[].type", 56),
        ("pruned", "data[].relationships.assignee.data.type", 44),
        ("raw", "data[].links.self", 565),
        ("raw", "links.first", 89),
        ("raw", "links.last", 89),
        ("raw", "links.self", 89),
        ("raw", "meta.request_id", 57),
        ("raw", "data[].relationships.organization.data.type", 56),
        ("raw", "data[].type", 56),
        ("raw", "data[].relationships.assignee.data.type", 44),
        ("raw", "meta.page.number", 6),
        ("raw", "meta.page.size", 6),
    ]
    assert [
        (c.projection, c.label, c.status, c.weight, c.tokens, c.current)
        for c in support.add_candidates
    ] == [
        ("compact_v1", "sla_due_at", "dropped", 8.0, 265, 0),
        ("compact_v1", "created_at", "lossy", 3.0, 279, 126),
        ("compact_v1", "description", "dropped", 3.0, 461, 0),
        ("compact_v1", "total", "dropped", 2.0, 6, 0),
        ("compact_v1", "customer_note", "dropped", 2.0, 216, 0),
        ("compact_v2", "description", "dropped", 3.0, 461, 0),
        ("compact_v2", "customer_note", "dropped", 2.0, 216, 0),
        ("compact_v2_node", "description", "dropped", 3.0, 461, 0),
        ("compact_v2_node", "customer_note", "dropped", 2.0, 216, 0),
        ("pruned", "total", "dropped", 2.0, 6, 0),
    ]
    created = support.add_candidates[1]
    assert created.reason == (
        "lossy; needed by hours-open (weight 3): kept to the day only; "
        "the question needs hour precision"
    )


def test_meter_field_in_markdown_has_no_tokens_of_its_own(meter: SuiteCost) -> None:
    fv = {f.label: f for f in meter.field_values}
    assert fv["status"].tokens["markdown"] is None
    assert fv["status"].tokens["json"] == 4
    assert fv["alert_id"].tokens["markdown"] == 0
    adds = {(c.projection, c.label) for c in meter.add_candidates}
    assert ("json", "reading_quality") in adds and ("markdown", "alert_id") in adds


# --------------------------------------------------------------------------------------
# A tiny suite built in code


TINY = """\
suite: tiny
tool: search
fixtures:
  - page.json
  - {path: limited.json, error: rate_limited}
fields:
  ticket_id: {path: "items[].id", kind: id}
  subject: items[].subject
  note: items[].note
  link: items[].url
projections:
  names: proj.py:names
  prose: proj.py:prose
  strict: proj.py:strict
questions:
  - id: which
    text: Which tickets are open?
    weight: 2
    needs: [ticket_id, subject]
  - id: where
    text: Where is the ticket?
    needs: [ticket_id, link]
"""

TINY_CODE = """\
def names(page):
    return {"tickets": [
        {"id": i["id"], "subject": i["subject"], "note": i["note"]} for i in page.get("items", [])
    ]}

def prose(page):
    lines = [f"- {i['id']}: {i['subject']}" for i in page.get("items", [])]
    return "\\n".join(lines) or "No tickets."

def strict(page):
    return {"tickets": [i["id"] for i in page["items"]]}
"""

PAGE = {
    "items": [
        {
            "id": f"tkt_{n:08x}",
            "subject": f"Card declined at till {n}",
            "note": "Call back after five",
            "url": f"https://api.example.com/tickets/tkt_{n:08x}",
        }
        for n in range(1, 4)
    ]
}
LIMITED = {"errors": [{"status": "429", "code": "rate_limited"}]}


@pytest.fixture
def tiny(make_suite: Callable[..., Path]) -> SuiteCost:
    path = make_suite(TINY, {"page.json": PAGE, "limited.json": LIMITED}, TINY_CODE)
    return cost_suite(score_suite(load_suite(path)))


def test_without_a_raw_projection_the_fixture_is_the_basis(tiny: SuiteCost) -> None:
    assert tiny.raw_basis == "the raw fixture as compact JSON"
    raw_tokens = tiny.raw[0].tokens
    names = tiny.projections["names"].outputs[0]
    assert names.raw_tokens == raw_tokens
    assert names.ratio_to_raw == pytest.approx(names.tokens / raw_tokens)


def test_a_projection_that_raises_on_an_error_body_gets_a_fault_row(tiny: SuiteCost) -> None:
    strict = {o.fixture: o for o in tiny.projections["strict"].outputs}
    assert strict["limited"].fault == "raised: KeyError: 'items'"
    assert strict["limited"].tokens == 0
    assert tiny.projections["strict"].tokens == strict["page"].tokens
    prose = {o.fixture: o for o in tiny.projections["prose"].outputs}
    assert (prose["limited"].form, prose["limited"].error) == ("text", "rate_limited")


def test_tiny_candidates(tiny: SuiteCost) -> None:
    drops = [(c.projection, c.label) for c in tiny.drop_candidates]
    assert drops == [("names", "note")]
    adds = {(c.projection, c.label, c.status) for c in tiny.add_candidates}
    assert adds == {
        ("names", "link", "dropped"),
        ("prose", "link", "dropped"),
        ("strict", "link", "dropped"),
        ("strict", "subject", "dropped"),
    }
    link = next(c for c in tiny.add_candidates if c.label == "link")
    fv = {f.label: f for f in tiny.field_values}
    assert link.tokens == fv["link"].raw_tokens > 0
    assert fv["subject"].tokens["prose"] is None  # inside free text


def test_to_dict_to_pandas_and_repr(tiny: SuiteCost) -> None:
    doc = tiny.to_dict()
    json.dumps(doc)
    assert list(doc) == [
        "encoding",
        "raw_basis",
        "raw",
        "projections",
        "field_values",
        "drop_candidates",
        "add_candidates",
    ]
    assert list(doc["projections"][0]) == [
        "name",
        "error",
        "tokens",
        "bytes",
        "wire_bytes",
        "ratio_to_raw",
        "breakdown",
        "outputs",
    ]
    assert list(doc["raw"][0]) == [
        "projection",
        "fixture",
        "error",
        "fault",
        "form",
        "tokens",
        "bytes",
        "wire_bytes",
        "estimate",
        "estimate_error",
        "main_list",
        "items",
        "list_tokens",
        "tokens_per_item",
        "raw_tokens",
        "ratio_to_raw",
        "breakdown",
        "fields",
    ]
    frame = tiny.to_pandas()
    assert len(frame) == 2 + 3 * 2
    assert list(frame.columns[:4]) == ["suite", "projection", "fixture", "error"]
    assert list(frame.columns[-6:]) == list(CLASSES)
    assert len(tiny.field_values_pandas()) == 4 * 3
    assert len(tiny.projections["names"].to_pandas()) == 2
    assert repr(tiny).startswith("<SuiteCost 'tiny' o200k_base: names=")


def test_text_report_is_deterministic_and_complete(tiny: SuiteCost, meter: SuiteCost) -> None:
    text = render_cost_text(tiny)
    assert text == render_cost_text(tiny)
    assert text.startswith(
        "tiny: token cost (o200k_base; ratio to the raw fixture as compact JSON)\n"
    )
    for heading in (
        "Where the tokens go",
        "Tokens per output field",
        "Field value",
        "Drop candidates",
        "Add candidates",
    ):
        assert heading in text
    assert "strict         limited (rate_limited)  fault       -" in text
    assert "  strict on limited: raised: KeyError: 'items'\n" in text
    lines = render_cost_text(meter).splitlines()
    assert lines[:7] == [
        "meter: token cost (o200k_base; ratio to the projection 'raw')",
        "output         fixture    form  tokens  bytes  wire bytes  bytes/4  bytes/4 error"
        "                        main list  items  tokens/item  x raw",
        "(raw fixture)  get_meter  json   15859  40884       46549    10221         -35.6%"
        "                       included[]    104        148.6  1.000",
        "json           get_meter  json     164    421         524      105         -36.0%"
        "                    open_alerts[]      2         30.5  0.010",
        "markdown       get_meter  text     154    363         410       91         -40.9%"
        "                                -      -            -  0.010",
        "pruned         get_meter  json    6781  17820       20507     4455         -34.3%"
        "                       included[]    104         63.7  0.428",
        "raw            get_meter  json   15859  40884       46549    10221         -35.6%"
        "                       included[]    104        148.6  1.000",
    ]
