"""Question sets mined from traces: evidence rules, grouping, the golden draft, merging, CLI."""

from __future__ import annotations

import difflib
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from projeval.cli import cli
from projeval.errors import SuiteError, TraceError
from projeval.mining import (
    MiningError,
    build_quotes,
    cluster,
    field_name,
    merge_suite,
    mine_questions,
    question_key,
    quoted,
    slug,
)
from projeval.score import score_suite
from projeval.suites import load_suite

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden" / "draft_support_desk.yaml"
DESK = REPO / "question_sets" / "support_desk.yaml"
PAGE = json.loads((REPO / "fixtures" / "support_desk" / "search_tickets.json").read_text("utf-8"))


# Building traces in code ------------------------------------------------------------------------


def _call(cid: str, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": cid,
                "type": "function",
                "function": {"name": tool, "arguments": json.dumps(args)},
            }
        ],
    }


def conversation(
    cid: str,
    question: str,
    result: Any,
    answer: str,
    lookups: list[str] = (),  # type: ignore[assignment]
    tool: str = "search_tickets",
) -> dict[str, Any]:
    """One OpenAI Chat conversation: a question, one call of ``tool``, lookups, an answer."""
    msgs: list[dict[str, Any]] = [
        {"role": "user", "content": question},
        _call(f"{cid}-s", tool, {"query": "open"}),
        {"role": "tool", "tool_call_id": f"{cid}-s", "content": json.dumps(result)},
    ]
    for i, value in enumerate(lookups):
        msgs.append(_call(f"{cid}-{i}", "get_user", {"user_id": value}))
        msgs.append(
            {"role": "tool", "tool_call_id": f"{cid}-{i}", "content": json.dumps({"name": "X"})}
        )
    msgs.append({"role": "assistant", "content": answer})
    return {"id": cid, "messages": msgs}


def write(tmp_path: Path, convs: list[dict[str, Any]], name: str = "t.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(c) + "\n" for c in convs), "utf-8")
    return path


RESULT = {
    "data": [
        {
            "id": "tkt_3e7b91a0-48bb-4c55-9d0e-1f6a2b3c4d5e",
            "status": "open",
            "sla_due": "2026-11-28T13:45:00.000Z",
            "opened": "2024-05-22",
            "owner": "usr_41c2be09-e330-4ccb-87b3-f6f8b137ddda",
            "subject": "Driver app crashes on damaged barcodes",
        },
        {
            "id": "tkt_8d2b6e01-0000-4c55-9d0e-1f6a2b3c4d5e",
            "status": "closed",
            "sla_due": "2026-11-29T09:05:00.000Z",
            "opened": "2024-05-23",
            "owner": "usr_99c2be09-e330-4ccb-87b3-f6f8b137ddda",
            "subject": "Refund for a duplicate charge",
        },
    ],
    "meta": {"total": 2, "flag": "yes"},
}


# Evidence rules ---------------------------------------------------------------------------------


def _quoted(answer: str, question: str = "Which tickets?") -> list[tuple[str, str, str | None]]:
    return quoted(build_quotes(RESULT), answer, question)


def test_times_and_dates_match_their_spoken_forms() -> None:
    assert _quoted("tkt_3e7b91a0 is due at 13:45.") == [
        ("data[].id", "tkt_3e7b91a0", None),
        ("data[].sla_due", "13:45", "minute"),
    ]
    assert _quoted("It was opened on May 22nd, the other on 23 may.") == [
        ("data[].opened", "23 may", "day"),
        ("data[].opened", "May 22", "day"),
    ]
    assert _quoted("Due 9:05 tomorrow.") == [("data[].sla_due", "9:05", "minute")]


def test_an_iso_day_in_the_answer_quotes_only_a_value_of_its_year() -> None:
    # Made-up airline runs (/work/notes/tau58): "JBXZ49: ..., 2024-05-18, economy" quoted the
    # passenger's birth date 1987-05-18 too, as a need of the cancel question.
    reservation = {"flights": [{"date": "2024-05-21"}], "passengers": [{"dob": "1987-05-18"}]}
    q = build_quotes(reservation)
    assert quoted(q, "JBXZ49: EWR to SFO, 2024-05-18, economy", "Cancel a trip") == []
    assert quoted(q, "W0AFXW: EWR to SFO, 2024-05-21, economy", "Cancel a trip") == [
        ("flights[].date", "2024-05-21", None),
        ("flights[].date", "2024-05-21", "day"),
    ]
    # A day said without its year still quotes it, at day precision.
    assert quoted(q, "Your flight on May 21.", "When?") == [("flights[].date", "May 21", "day")]
    # A time's ISO day quotes it at day precision in either spelling.
    stamped = build_quotes({"created_at": "2024-05-03T09:15:00"})
    assert quoted(stamped, "Booked on 2024-05-03.", "When?") == [
        ("created_at", "2024-05-03", "day")
    ]


def test_the_ids_a_map_is_keyed_by_are_quoted_at_the_maps_path() -> None:
    # Issue 16 (item 8), /work/notes/tau58: a profile's payment methods keyed by their ids.
    # The trace analysis credits such an id at payment_methods.*; mining gave it no path, so
    # the passed payment id of half the users (whose entries hold no id) was no evidence.
    profile = {
        "payment_methods": {
            "credit_card_4065275": {"source": "credit_card", "last_four": "8841"},
            "gift_card_7719024": {"source": "gift_card", "amount": 60},
        }
    }
    q = build_quotes(profile)
    assert q.first_path("gift_card_7719024") == "payment_methods.*"
    assert quoted(q, "Charged to credit_card_4065275.", "Pay?") == [
        ("payment_methods.*", "credit_card_4065275", None)
    ]
    # One entry is keyed the same way; an entry holding its id keeps that field's path.
    one = build_quotes({"payment_methods": {"credit_card_7815826": {"brand": "visa"}}})
    assert one.first_path("credit_card_7815826") == "payment_methods.*"
    held = build_quotes({"payment_methods": {"credit_card_1": {"id": "credit_card_1"}, "x_2": {}}})
    assert held.first_path("credit_card_1") == "payment_methods.*.id"


def test_case_differences_count_and_text_counts_by_its_start() -> None:
    assert _quoted("TKT_8D2B6E01: driver app crashes on damaged barc…") == [
        ("data[].id", "TKT_8D2B6E01", None),
        ("data[].subject", "Driver app crashes on damaged barcodes", None),
    ]


def test_short_and_common_values_count_only_at_one_place() -> None:
    # "open", "closed", "2" and "yes" are short or common, but each sits at one place.
    assert _quoted("2 tickets, one open, one closed; yes.") == [
        ("data[].status", "closed", None),
        ("data[].status", "open", None),
        ("meta.flag", "yes", None),
        ("meta.total", "2", None),
    ]
    doubled = {"a": {"n": 2}, "b": {"n": 2}, "c": "yes", "d": "yes"}
    assert quoted(build_quotes(doubled), "2 of them, yes", "q") == []


def test_a_numbered_list_in_the_answer_quotes_no_rank() -> None:
    # A web search's results (AgentDojo runs, tests/corpora/agentdojo/) rank 1 to 3; an
    # answer's "1." numbers its own steps.
    ranks = [{"rank": 1, "url": "https://a.org"}, {"rank": 2, "url": "https://b.org"}]
    answer = "Do this:\n\n1. Sign in.\n  **2)** Open the case.\nthe results rank 1 first."
    assert quoted(build_quotes(ranks), answer, "q") == [("[].rank", "1", None)]
    # A number that is part of a name is no rank either.
    assert quoted(build_quotes(ranks), "Go to Terminal 1, then **Gate 2**.", "q") == []


def test_a_list_item_s_small_number_counts_only_where_the_answer_names_it() -> None:
    # AgentDojo runs (tests/corpora/agentdojo/): "screening lane 4" (a booking's), "3 days"
    # (a page's) and "ProStore X1, 1 TB" read as the search results' rank 4, 3 and 1.
    ranks = [{"rank": n, "url": f"https://{n}.org", "fee": 30 + n} for n in (1, 3, 4)]
    q = build_quotes(ranks)
    assert quoted(q, "Use screening lane 4; it may take up to 3 days. 1 TB drive.", "q") == []
    assert quoted(q, "The results at ranks 3 and **4** say so.", "q") == [
        ("[].rank", "3", None),
        ("[].rank", "4", None),
    ]
    assert quoted(q, "It charges a $34 fee.", "q") == [("[].fee", "34", None)]  # an amount
    # Outside a list, a small number at one place still counts ("2 tickets": a total).
    assert quoted(build_quotes({"ticket_count": 2}), "Your order is for 2 tickets.", "q") == [
        ("ticket_count", "2", None)
    ]


def test_a_number_with_thousands_separators_is_one_value() -> None:
    account = [{"rank": 1, "available_balance": 1284.35, "limit": 1500}]
    assert quoted(build_quotes(account), "You have **$1,284.35 available** of $1,500.", "q") == [
        ("[].available_balance", "1284.35", None),
        ("[].limit", "1500", None),
    ]


def test_epoch_days_minor_units_and_chinese_names_are_quoted() -> None:
    # Issue 16's made-up retail and Chinese shop runs (/work/notes/tau45): an order's epoch
    # times and minor-unit prices read back as "May 20" and "$184.99", and a product name
    # quoted inside a run of Chinese characters. Before, none was evidence.
    order = {
        "delivered_at": 1716217320,
        "order_id": 1716217399,
        "items": [{"name": "蓝牙耳机", "price": {"amount": 18499, "currency": "USD"}}],
    }
    q = build_quotes(order)
    assert quoted(q, "It was delivered on May 20, 2024 and cost $184.99.", "q") == [
        ("delivered_at", "May 20", "day"),
        ("items[].price.amount", "184.99", None),
    ]
    assert quoted(q, "您的订单中的蓝牙耳机已签收。", "q") == [("items[].name", "蓝牙耳机", None)]
    assert quoted(q, "Delivered on May 21.", "q") == []  # another day; an id's number no time


def test_small_counts_and_ordinals_in_a_question_stay_words() -> None:
    # Two questions that differ by a count or an ordinal are two questions...
    assert question_key("Which screening lane 4 was it?") == "which screening lane 4 was it?"
    assert question_key("Do I pay for 2 bags?") != question_key("Do I pay for 3 bags?")
    assert question_key("What is the 3rd step?") == "what is the 3rd step?"
    # ...unless a result the question led to holds the number: a value, masked as ids are.
    assert question_key("Which screening lane 4 was it?", "lane: 4\ngate: b2") == (
        "which screening lane # was it?"
    )
    assert question_key("Which screening lane 4 was it?", "lane: 14") == (
        "which screening lane 4 was it?"
    )
    assert (
        question_key("Order 4821 and ticket tkt_99: 2 of them") == "order # and ticket # 2 of them"
    )


def test_ambiguous_forms_and_what_the_user_said_are_no_evidence() -> None:
    two_paths = {"created": "2026-11-28T08:00:00Z", "due": "2026-11-28T13:45:00Z"}
    assert quoted(build_quotes(two_paths), "Both on Nov 28; due 13:45", "q") == [
        ("due", "13:45", "minute")
    ]
    assert _quoted("tkt_3e7b91a0 is yours", question="Who owns tkt_3e7b91a0?") == []


def test_names_slugs_and_question_keys() -> None:
    assert field_name("data[].relationships.assignee.data.id") == "assignee_id"
    assert field_name("data[].attributes.slaDueAt") == "sla_due_at"
    assert field_name("data[].id") == "id"
    assert field_name("$") == "value"
    assert slug("Which tickets are going to breach their SLA in the next four hours?") == (
        "tickets-going-breach-sla-next"
    )
    # A greeting and the "like" of "I'd like to" say nothing of what is asked (SOPBench's
    # simulated customers open every request so).
    assert slug("Hello! I'd like to submit a new claim to my policy.") == "submit-new-claim-policy"
    assert slug("Hi, I would like to drop a course.") == "drop-course"
    assert slug("Find hotels like this one") == "hotels-like-one"
    assert question_key("Who owns  tkt_3e7b91a0?") == question_key("who owns tkt_99?")


def test_leader_clustering_is_deterministic() -> None:
    items = [
        ("Who owns ticket tkt_1?", 3),
        ("Which tickets breach their SLA soon?", 2),
        ("Who owns this ticket?", 1),
        ("Which tickets will breach the SLA soon?", 2),
    ]
    assert cluster(items, 0.5) == [[0, 2], [1, 3]]
    assert cluster(list(reversed(items)), 0.5) == [[3, 1], [2, 0]]


# Mining ------------------------------------------------------------------------------------------


def _corpus(tmp_path: Path) -> Path:
    no_due = {"data": [{k: v for k, v in t.items() if k != "sla_due"} for t in RESULT["data"]]}
    convs = [
        conversation("a1", "Who owns ticket tkt_3e7b91a0?", RESULT, "Dana.", ["usr_41c2be09"]),
        conversation(
            "a2",
            "Who owns ticket tkt_8d2b6e01?",
            RESULT,
            "Sam.",
            ["usr_99c2be09-e330-4ccb-87b3-f6f8b137ddda"],
        ),
        conversation("a3", "who owns this ticket?", RESULT, "I can't tell from this."),
        conversation(
            "b1", "Which tickets breach their SLA soon?", RESULT, "tkt_3e7b91a0 at 13:45."
        ),
        conversation(
            "b2",
            "Which tickets will breach the SLA soon?",
            no_due,
            "Probably tkt_8d2b6e01, I'm not sure.",
        ),
        conversation("c1", "Draft a reply to the customer", RESULT, "Dear customer, …"),
        conversation("d1", "Unrelated", {"x": 1}, "ok", tool="other_tool"),
    ]
    return write(tmp_path, convs)


def test_mined_groups_weights_and_needs(tmp_path: Path) -> None:
    mined = mine_questions(_corpus(tmp_path), "search_tickets")
    assert (mined.traces, mined.turns, len(mined.questions)) == (7, 6, 3)
    got = [
        (
            q.id,
            q.weight,
            q.conversations,
            q.examples,
            [(n.field, n.path, n.to_yaml()) for n in q.needs],
        )
        for q in mined.questions
    ]
    assert got == [
        (
            "owns-ticket",
            3,
            3,
            (
                "Who owns ticket tkt_3e7b91a0?",
                "Who owns ticket tkt_8d2b6e01?",
                "who owns this ticket?",
            ),
            [("owner", "data[].owner", "{field: owner, readable: true}")],
        ),
        (
            "tickets-breach-sla-soon",
            2,
            2,
            ("Which tickets breach their SLA soon?", "Which tickets will breach the SLA soon?"),
            [
                ("id", "data[].id", "id"),
                ("sla_due", "data[].sla_due", "{field: sla_due, precision: minute}"),
            ],
        ),
        ("draft-reply-customer", 1, 1, ("Draft a reply to the customer",), []),
    ]
    (owner,) = mined.questions[0].needs
    assert owner.comment == (
        'inferred: 2 conversations (passed to get_user in 2), e.g. "usr_41c2be09" from data[].owner'
    )
    due = mined.questions[1].needs[1]
    assert [(e.kind, e.conversations) for e in due.evidence] == [("quoted", 1), ("absent", 1)]
    # The group without evidence is listed as a comment, not as a question the loader rejects.
    assert mined.to_yaml().rstrip().endswith("#   - Draft a reply to the customer (asked 1 time)")


def test_min_support_drops_thin_evidence(tmp_path: Path) -> None:
    mined = mine_questions(_corpus(tmp_path), "search_tickets", min_support=0.6)
    assert [(q.id, [n.field for n in q.needs]) for q in mined.questions] == [
        ("owns-ticket", ["owner"]),
        ("tickets-breach-sla-soon", ["id", "sla_due"]),
        ("draft-reply-customer", []),
    ]
    # 2 of the 3 ownership conversations looked the owner up: under 70%, so no need.
    strict = mine_questions(_corpus(tmp_path), "search_tickets", min_support=0.7)
    assert [(q.id, [n.field for n in q.needs]) for q in strict.questions][:2] == [
        ("owns-ticket", []),
        ("tickets-breach-sla-soon", ["id", "sla_due"]),
    ]


def test_output_does_not_depend_on_file_order(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    one = [json.loads(x) for x in _corpus(a).read_text("utf-8").splitlines()]
    write(a, one[:3], "1.jsonl")
    write(a, one[3:], "2.jsonl")
    (a / "t.jsonl").unlink()
    first = mine_questions([a / "1.jsonl", a / "2.jsonl"], "search_tickets").to_yaml()
    second = mine_questions([a / "2.jsonl", a / "1.jsonl"], "search_tickets").to_yaml()
    assert first == second


def test_shards_give_the_same_draft(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from projeval.traces import cuts

    one = [json.loads(x) for x in _corpus(tmp_path).read_text("utf-8").splitlines()]
    many = [{**c, "id": f"{c['id']}-{i}"} for i in range(40) for c in one]
    path = write(tmp_path, many, "big.jsonl")
    single = mine_questions(path, "search_tickets", workers=1).to_yaml()
    monkeypatch.setattr(cuts, "SHARD_MIN_BYTES", 0)
    assert cuts.plan(path, "openai_chat", 2) is not None
    assert mine_questions(path, "search_tickets", workers=2).to_yaml() == single


def test_unknown_tool_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(MiningError) as err:
        mine_questions(_corpus(tmp_path), "serach_tickets")
    assert err.value.render() == (
        "tool 'serach_tickets' is never called in 1 trace file(s). "
        "Fix: check the tool name, as the traces spell it"
    )
    with pytest.raises(MiningError) as err:
        mine_questions(REPO / "traces" / "support_mcp.jsonl", "search_tickets")
    assert err.value.render() == (
        "tool 'search_tickets' is called 1 time in 1 trace file(s), but never after a user "
        "question. Fix: pass traces that record the conversation (an MCP log has no user "
        "questions)"
    )


# The shipped example and its golden draft -------------------------------------------------------


@pytest.fixture(scope="module")
def shipped():
    return mine_questions([REPO / "traces"], "search_tickets")


def test_shipped_traces_golden_draft(shipped) -> None:
    assert shipped.to_yaml() == GOLDEN.read_text("utf-8")


def test_shipped_sla_and_ownership_groups(shipped) -> None:
    by_id = {q.id: q for q in shipped.questions}
    sla = by_id["tickets-going-breach-sla-next"]
    assert sla.text == "Which tickets are going to breach their SLA in the next four hours?"
    assert [(n.field, n.path) for n in sla.needs] == [
        ("sla_due_at", "data[].attributes.sla_due_at"),
        ("id", "data[].id"),
    ]
    assert sla.needs[0].evidence[0].kind == "absent"
    owners = by_id["working-tickets-page"]
    assert owners.text == "Who is working on the tickets on this page?"
    assignee = next(n for n in owners.needs if n.field == "assignee_id")
    assert (assignee.path, assignee.readable) == ("data[].relationships.assignee.data.id", True)
    # The other ownership question (unassigned, and who is on the rest) needs it as well.
    rest = by_id["high-priority-tickets-unassigned-rest"]
    assert [n.to_yaml() for n in rest.needs] == ["id", "{field: assignee_id, readable: true}"]


def test_reference_suite_names_fields_and_lends_its_needs() -> None:
    mined = mine_questions([REPO / "traces"], "search_tickets", suites=[DESK])
    sla = next(q for q in mined.questions if "SLA" in q.text)
    assert [n.to_yaml() for n in sla.needs] == [
        "{field: sla_due_at, precision: minute}",
        "ticket_id",
    ]
    assert [(e.kind, e.detail) for e in sla.needs[0].evidence] == [
        ("suite", "support-desk/breach-soon"),
        ("absent", ""),
    ]
    assert mined.fields["assignee"] == "data[].relationships.assignee.data.id"
    assert mined.field_specs["assignee"] == {"kind": "id"}
    assert "    # nearest suite question: support-desk/breach-soon (0.90)" in mined.to_yaml()


def test_draft_is_rejected_until_filled_in_then_scores(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(REPO)  # projections import from the project root
    draft = tmp_path / "draft.yaml"
    draft.write_text(GOLDEN.read_text("utf-8"), "utf-8")
    with pytest.raises(SuiteError) as err:
        load_suite(draft)
    assert "'fixtures' must list at least one raw response" in err.value.render()
    fixture = REPO / "fixtures" / "support_desk" / "search_tickets.json"
    text = GOLDEN.read_text("utf-8").replace("fixtures: []", f"fixtures: [{fixture}]", 1)
    draft.write_text(text, "utf-8")
    with pytest.raises(SuiteError) as err:
        load_suite(draft)
    assert "'projections' must map names" in err.value.render()
    text = text.replace(
        "projections: {}", "projections: {v1: projections.support_desk:compact_v1}", 1
    )
    draft.write_text(text, "utf-8")
    scores = score_suite(load_suite(draft))
    v1 = scores.projections["v1"]
    # The draft does not say `short_ids: true` (the shipped suite does): compact_v1's ticket
    # ids, shortened to 12 characters, do not give the exact id its questions need.
    assert (v1.coverage, v1.answerable) == (0.25, 1)
    assert [d.field for d in v1.dropped_needed] == ["sla_due_at"]


# Merging -----------------------------------------------------------------------------------------


def _only_weight_edits(before: str, after: str) -> list[tuple[str, str]]:
    """The changed lines of a merge; fails if a hand-written line was removed."""
    changed = []
    sm = difflib.SequenceMatcher(a=before.splitlines(), b=after.splitlines(), autojunk=False)
    for op, a0, a1, b0, b1 in sm.get_opcodes():
        if op == "equal" or op == "insert":
            continue
        assert op == "replace", (op, before.splitlines()[a0:a1])
        assert a1 - a0 == b1 - b0
        changed += list(zip(before.splitlines()[a0:a1], after.splitlines()[b0:b1], strict=True))
    return changed


def test_merge_into_the_shipped_suite_changes_only_matched_weights(shipped) -> None:
    result = merge_suite(DESK, shipped)
    before = DESK.read_text("utf-8")
    assert _only_weight_edits(before, result.text) == [
        ("    weight: 6", "    weight: 4"),
        ("    weight: 5", "    weight: 4"),
        ("    weight: 5", "    weight: 4"),
        ("    weight: 1", "    weight: 4"),
    ]
    assert result.weights == [
        ("breach-soon", 6.0, 4),
        ("open-for-org", 5.0, 4),
        ("unassigned-high", 5.0, 4),
        ("org-workload", 1.0, 4),
    ]
    assert result.added == [] and result.fields_added == []
    assert result.suggestions == [
        ("open-for-org", "subject"),
        ("open-for-org", "assignee"),
        ("org-workload", "subject"),
        ("org-workload", "ticket_id"),
    ]


HAND = """\
version: 1
suite: hand
tool: search_tickets
fixtures: [page.json]   # one page
fields:
  ticket: {path: "data[].id", kind: id}
  # the due time, as the API sends it
  due: data[].sla_due
projections: {raw: proj.py:raw}
questions:
  - id: who-owns        # asked by the leads
    text: Who owns ticket tkt_1?
    needs: [ticket]

  - {id: sla, text: 'Which tickets breach their SLA soon?', weight: 7, needs: [ticket, {field: due, precision: minute}]}

  - id: untouched
    text: How many tickets came in by phone?
    weight: 2.5
    needs:
      - ticket
# trailing comment
"""


def test_merge_keeps_hand_written_entries_and_appends_the_drift(tmp_path: Path) -> None:
    (tmp_path / "page.json").write_text(json.dumps(RESULT), "utf-8")
    (tmp_path / "proj.py").write_text("def raw(x):\n    return x\n", "utf-8")
    suite = tmp_path / "hand.yaml"
    suite.write_text(HAND, "utf-8")
    mined = mine_questions(_corpus(tmp_path), "search_tickets", suites=[suite])
    result = merge_suite(suite, mined)
    # Matched: who-owns (3 askings) and sla (2); they keep their total weight 1 + 7 = 8.
    assert result.weights == [("who-owns", 1.0, 5), ("sla", 7.0, 3)]
    assert [q.id for q in result.added] == []  # the draft-reply group has no needs
    changed = _only_weight_edits(HAND, result.text)
    assert changed == [
        (
            "  - {id: sla, text: 'Which tickets breach their SLA soon?', weight: 7, needs: [ticket, {field: due, precision: minute}]}",
            "  - {id: sla, text: 'Which tickets breach their SLA soon?', weight: 3, needs: [ticket, {field: due, precision: minute}]}",
        )
    ]
    assert "    weight: 5\n" in result.text  # inserted under who-owns, which had none
    assert result.write() == suite
    assert load_suite(suite).question("who-owns").weight == 5


def test_merge_adds_unmatched_groups_with_their_fields(tmp_path: Path) -> None:
    (tmp_path / "page.json").write_text(json.dumps(RESULT), "utf-8")
    (tmp_path / "proj.py").write_text("def raw(x):\n    return x\n", "utf-8")
    suite = tmp_path / "hand.yaml"
    only_phone = HAND.split("questions:\n")[0] + "questions:\n" + HAND.split("\n\n")[-1]
    suite.write_text(only_phone, "utf-8")
    mined = mine_questions(_corpus(tmp_path), "search_tickets", suites=[suite])
    assert "    # question drift: no suite question matches (best 0.2" in mined.to_yaml()
    result = merge_suite(suite, mined)
    assert result.weights == []
    assert [(q.id, q.weight) for q in result.added] == [
        ("owns-ticket", 3),
        ("tickets-breach-sla-soon", 2),
    ]
    assert result.fields_added == ["owner"]
    assert _only_weight_edits(only_phone, result.text) == []
    tail = result.text.split("# trailing comment\n")[0].split("      - ticket\n", 1)[1]
    assert tail.splitlines()[:4] == [
        "",
        "  # Mined from traces by `projeval questions mine`: review the needs.",
        "  - id: owns-ticket",
        "    text: Who owns ticket tkt_3e7b91a0?",
    ]
    assert "  owner: data[].owner  # mined from traces\n" in result.text
    result.write(tmp_path / "merged.yaml")
    merged = load_suite(tmp_path / "merged.yaml")
    assert [q.id for q in merged.questions] == [
        "untouched",
        "owns-ticket",
        "tickets-breach-sla-soon",
    ]
    assert merged.question("tickets-breach-sla-soon").needs[1].field == "due"
    assert "question drift (groups that match no suite question, added):" in result.render()


def test_merge_refuses_a_flow_style_question_list(tmp_path: Path) -> None:
    (tmp_path / "page.json").write_text(json.dumps(RESULT), "utf-8")
    (tmp_path / "proj.py").write_text("def raw(x):\n    return x\n", "utf-8")
    suite = tmp_path / "flow.yaml"
    suite.write_text(
        HAND.split("questions:\n")[0]
        + "questions: [{id: a, text: 'Who owns it?', needs: [ticket]}]\n",
        "utf-8",
    )
    mined = mine_questions(_corpus(tmp_path), "search_tickets")
    with pytest.raises(MiningError) as err:
        merge_suite(suite, mined)
    assert err.value.render() == (
        f"{suite}:10:12: 'questions' is written in flow style ([...] or {{...}}); merging appends "
        "lines. Fix: write 'questions' as a block (one entry a line), then merge again"
    )


# CLI ---------------------------------------------------------------------------------------------


@pytest.fixture
def in_repo(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(REPO)
    return REPO


def test_cli_prints_the_draft(in_repo: Path) -> None:
    result = CliRunner().invoke(cli, ["questions", "mine", "traces", "--tool", "search_tickets"])
    assert result.exit_code == 0, result.output
    assert result.stdout == GOLDEN.read_text("utf-8")


def test_cli_writes_the_draft(in_repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "draft.yaml"
    result = CliRunner().invoke(
        cli, ["questions", "mine", "traces", "--tool", "search_tickets", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert out.read_text("utf-8") == GOLDEN.read_text("utf-8")
    assert result.stderr == (
        f"Wrote {out}: 4 questions from 4 user questions; fill in fixtures and projections, "
        f"then projeval score {out}\n"
    )


def test_the_notes_count_one_in_the_singular(tmp_path: Path) -> None:
    from projeval.mining.evidence import MinedSuite
    from projeval.text.mining import render_written

    mined = MinedSuite(
        "get_order", [], {}, {}, files=1, traces=1, turns=1, threshold=0.5, min_support=0.1
    )
    out = tmp_path / "d.yaml"
    assert render_written(mined, out).startswith(f"Wrote {out}: 0 questions from 1 user question;")
    assert "1 trace in 1 file, 1 user question or request that called get_order, in 0 groups." in (
        mined.to_yaml()
    )


def test_cli_merge_rewrites_the_suite_in_place(tmp_path: Path, monkeypatch) -> None:
    # A copy of the example project, so the suite's relative fixture paths resolve.
    (tmp_path / "question_sets").mkdir()
    shutil.copytree(REPO / "fixtures", tmp_path / "fixtures")
    suite = tmp_path / "question_sets" / "support_desk.yaml"
    shutil.copy(DESK, suite)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        cli,
        [
            "questions",
            "mine",
            str(REPO / "traces"),
            "--tool",
            "search_tickets",
            "--merge",
            str(suite.relative_to(tmp_path)),
        ],
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:3] == [
        "Merged into question_sets/support_desk.yaml: 4 suite questions matched, "
        "0 groups added, 0 fields added",
        "  weight breach-soon: 6 -> 4",
        "  weight open-for-org: 5 -> 4",
    ]
    assert load_suite(suite).question("breach-soon").weight == 4
    assert len(_only_weight_edits(DESK.read_text("utf-8"), suite.read_text("utf-8"))) == 4


def test_cli_merge_written_elsewhere_says_why_its_paths_break(tmp_path: Path, monkeypatch) -> None:
    # /work/notes/tau58: --merge with --out in another folder failed with "fixture not
    # found" and no word that the merge keeps the suite's relative paths as written.
    (tmp_path / "question_sets").mkdir()
    shutil.copytree(REPO / "fixtures", tmp_path / "fixtures")
    suite = tmp_path / "question_sets" / "support_desk.yaml"
    shutil.copy(DESK, suite)
    monkeypatch.chdir(tmp_path)
    args = ["questions", "mine", str(REPO / "traces"), "--tool", "search_tickets"]
    result = CliRunner().invoke(cli, [*args, "--merge", str(suite), "--out", "merged.yaml"])
    assert result.exit_code != 0
    assert "fixture not found" in result.output
    assert "write the merge beside support_desk.yaml" in result.output
    assert not (tmp_path / "merged.yaml").exists()
    # Beside the suite it is written.
    out = tmp_path / "question_sets" / "merged.yaml"
    result = CliRunner().invoke(cli, [*args, "--merge", str(suite), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert load_suite(out).question("breach-soon").weight == 4


def test_cli_unknown_tool(in_repo: Path) -> None:
    result = CliRunner().invoke(cli, ["questions", "mine", "traces", "--tool", "nope"])
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: tool 'nope' is never called in 5 trace file(s). "
        "Fix: check the tool name, as the traces spell it\n"
    )


def test_cli_reference_suite_by_configured_name(in_repo: Path) -> None:
    result = CliRunner().invoke(
        cli, ["questions", "mine", "traces", "--tool", "search_tickets", "-s", "support_desk"]
    )
    assert result.exit_code == 0, result.output
    assert "  assignee: {path: data[].relationships.assignee.data.id, kind: id}\n" in result.stdout
    assert "      - {field: sla_due_at, precision: minute}  # inferred: 1 conversation" in (
        result.stdout
    )


# Robustness on real-shaped conversations ---------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from projeval.paths import iter_leaves  # noqa: E402

_DATES = st.dates().map(lambda d: d.isoformat())
_TIMES = st.datetimes().map(lambda d: d.isoformat(timespec="seconds") + "Z")
_IDS = st.from_regex(r"[a-z]{3,6}_[0-9]{4,8}", fullmatch=True)
_CODES = st.from_regex(r"[A-Z]{3}", fullmatch=True)
_WORDS = st.sampled_from(
    [
        "flight",
        "reservation",
        "cancel",
        "status",
        "my",
        "the",
        "when",
        "what",
        "is",
        "please",
        "Hi,",
        "I'm",
        "sophia_martin_4574",
        "May",
        "27",
        "economy",
        "refund",
        "?",
        "hours",
    ]
)
_LEAF = st.one_of(
    _DATES,
    _TIMES,
    _IDS,
    _CODES,
    st.integers(-5, 10**7),
    st.booleans(),
    st.none(),
    st.text(max_size=12),
    st.floats(allow_nan=False, allow_infinity=False),
)
_RESULT = st.recursive(
    _LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.one_of(
                _IDS, st.sampled_from(["id", "date", "code", "payment_methods", "flights", "user"])
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=12,
)


@st.composite
def _conversation(draw: Any, n: int) -> dict[str, Any]:
    result = {"flights": [{"date": draw(_DATES), "at": draw(_TIMES)}], "more": draw(_RESULT)}
    values = [str(v) for _, _, v in iter_leaves(result) if v is not None][:8]
    # The answer quotes leaf values exactly as the result gives them (ISO dates included).
    quote = draw(st.lists(st.sampled_from(values), max_size=3)) if values else []
    question = " ".join(draw(st.lists(_WORDS, min_size=1, max_size=8)))
    messages: list[dict[str, Any]] = [{"role": "user", "content": question}]
    for k in range(draw(st.integers(1, 3))):
        cid = f"call_{k}"
        args = {"q": draw(st.one_of(_IDS, _DATES, _CODES, st.sampled_from(quote or ["x"])))}
        messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": cid,
                        "type": "function",
                        "function": {
                            "name": draw(st.sampled_from(["get_thing", "cancel_thing"])),
                            "arguments": json.dumps(args),
                        },
                    }
                ],
            }
        )
        content = draw(
            st.one_of(
                st.just(json.dumps(result)), st.just("Error: not found"), st.text(max_size=30)
            )
        )
        messages.append({"role": "tool", "tool_call_id": cid, "content": content})
    answer = " ".join(quote) + draw(st.sampled_from(["", " It might be delayed.", " probably"]))
    messages.append({"role": "assistant", "content": answer or None})
    return {"id": f"conv-{n}", "messages": messages}


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.integers(0, 10**6), min_size=1, max_size=6, unique=True).flatmap(
        lambda ns: st.tuples(*[_conversation(n) for n in ns])
    )
)
def test_mining_never_crashes_on_real_shaped_conversations(tmp_path: Path, convs: Any) -> None:
    path = tmp_path / "convs.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in convs), encoding="utf-8")
    try:
        mined = mine_questions([path], "get_thing")
    except MiningError:
        return  # no turn called the tool: said so, cleanly
    for q in mined.questions:
        assert q.weight == q.conversations <= len(convs)
        assert q.asked >= q.weight
    # Instance ids never become field names or path keys (payment_methods.*, not card_4065).
    assert not any(re.search(r"\d{4}", f"{name} {path}") for name, path in mined.fields.items())
    mined.to_yaml()


def test_an_answer_quoting_an_iso_date_verbatim_is_evidence(tmp_path: Path) -> None:
    conv = {
        "id": "c1",
        "messages": [
            {"role": "user", "content": "When does my reservation ABC123 depart?"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "a",
                        "type": "function",
                        "function": {
                            "name": "get_reservation_details",
                            "arguments": '{"reservation_id": "ABC123"}',
                        },
                    }
                ],
            },
            {
                "role": "tool",
                "tool_call_id": "a",
                "content": json.dumps(
                    {
                        "flights": [{"date": "2024-05-27", "origin": "JFK"}],
                        "payment_methods": {
                            "credit_card_4065275": {"id": "credit_card_4065275", "brand": "visa"}
                        },
                    }
                ),
            },
            {"role": "assistant", "content": "It departs on 2024-05-27 from JFK, paid by visa."},
        ],
    }
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(conv) + "\n")
    mined = mine_questions([path], "get_reservation_details")
    assert mined.fields == {
        "date": "flights[].date",
        "origin": "flights[].origin",
        "brand": "payment_methods.*.brand",
    }


def test_a_maps_ids_are_drafted_as_its_keys_so_the_draft_loads(tmp_path: Path) -> None:
    # Issue 16 (item 8), /work/notes/tau59: the gift card's id, a key of payment_methods,
    # was drafted as `payment_methods: payment_methods.*`, which names the map's entries, and
    # the suite loader refused the draft and every --merge of it ("names an object or list").
    result = {"payment_methods": {"gift_card_0123456": {"source": "gift_card", "balance": 12.75}}}
    conv = {
        "id": "c1",
        "messages": [
            {"role": "user", "content": "Which gift card do I have on file?"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "a", "type": "function",
                 "function": {"name": "get_customer", "arguments": '{"user_id": "u1"}'}}]},
            {"role": "tool", "tool_call_id": "a", "content": json.dumps(result)},
            {"role": "assistant", "content": "Your gift card gift_card_0123456 is on file."},
        ],
    }  # fmt: skip
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(conv) + "\n")
    mined = mine_questions([path], "get_customer")
    assert mined.fields == {"payment_methods": "payment_methods.*~"}
    (tmp_path / "r.json").write_text(json.dumps(result))
    (tmp_path / "proj.py").write_text("def raw(x):\n    return x\n")
    (tmp_path / "s.yaml").write_text(
        mined.to_yaml()
        .replace("fixtures: []", "fixtures: [r.json]")
        .replace("projections: {}", "projections: {raw: proj:raw}")
    )
    assert load_suite(tmp_path / "s.yaml").fields["payment_methods"].path == "payment_methods.*~"


def test_a_word_that_picks_an_instance_ties_no_hedge_to_a_field(tmp_path: Path) -> None:
    # tau59 hand-09: "... the t-shirt from my last order available in other colors?",
    # hedged about a restock, was drafted as needing last_name and last_four ("last" of
    # both keys). A key's word naming a thing still ties a hedge to it ("name").
    def conv(n: int, question: str, result: dict[str, Any], answer: str) -> dict[str, Any]:
        return {"id": f"c{n}", "messages": [
            {"role": "user", "content": question},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "a", "type": "function",
                 "function": {"name": "get_customer", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "a", "content": json.dumps(result)},
            {"role": "assistant", "content": answer},
        ]}  # fmt: skip

    full = {"name": {"last_name": "Doe"}, "card": {"last_four": "4242"}, "orders": ["#L1"]}
    convs = [
        conv(1, "Which card and surname are on file?", full, "Doe, card ending 4242."),
        conv(2, "Is the lamp from my last order back in stock?", {"orders": ["#L1"]},
             "It will probably be back in stock soon."),
        conv(3, "Under what name is my account?", {"orders": ["#L1"]},
             "It might be under your maiden name."),
    ]  # fmt: skip
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in convs))
    mined = mine_questions([path], "get_customer")
    needs = {q.text: sorted(n.field for n in q.needs) for q in mined.questions}
    assert needs["Is the lamp from my last order back in stock?"] == []
    assert needs["Under what name is my account?"] == ["last_name"]


def test_weights_count_conversations_and_shared_text_forms_no_group(tmp_path: Path) -> None:
    def conv(n: int, question: str, times: int = 1) -> dict[str, Any]:
        messages: list[dict[str, Any]] = []
        for k in range(times):
            messages += [
                {"role": "user", "content": question},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": f"a{k}",
                            "type": "function",
                            "function": {"name": "get_order", "arguments": "{}"},
                        }
                    ],
                },
                {"role": "tool", "tool_call_id": f"a{k}", "content": '{"status": "shipped"}'},
                {"role": "assistant", "content": "It has shipped."},
            ]
        return {"id": f"c{n}", "messages": messages}

    stock = "Hi! I am a customer and I need help today with my account."
    asks = [
        "where is my parcel right now exactly",
        "change the delivery address to my office",
        "refund the broken blender I bought last week",
        "cancel the second order and keep the first one",
    ]
    convs = [conv(i, f"{stock} {a}") for i, a in enumerate(asks)]
    convs.append(conv(9, "where is my parcel right now exactly", times=3))
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in convs))
    mined = mine_questions([path], "get_order")
    weights = sorted((q.weight, q.asked) for q in mined.questions)
    # Four groups, not one: the stock greeting is not what they ask. The parcel question is
    # asked by two conversations (four times): weight 2.
    assert weights == [(1, 1), (1, 1), (1, 1), (2, 4)]


# Task texts of MINT's runs (xingyaoww/mint-bench at 3f7f12c10bf763be1e6dbdeb42feb57624121f61,
# data/outputs/CodeActAgent-Llama-2-7b/F=None/max5_p2+tool+cd/: code_generation/mbpp/
# results.jsonl lines 12, 14, 17; reasoning/gsm8k/results.jsonl lines 2, 5, 11-15, 18, 22,
# 23, 25, 26, 34, 36, their first sentences), each benchmark's tasks in its template.
_MBPP = [
    "Write a function to find nth centered hexagonal number.\n"
    "assert centered_hexagonal_number(10) == 271",
    "Write a function to find eulerian number a(n, m).\nassert eulerian_num(3, 1) == 4",
    "Write a function to get the angle of a complex number.\n"
    "assert angle_complex(0,1j)==1.5707963267948966",
]
_GSM8K = [
    "Jim spends 2 hours watching TV and then decides to go to bed and reads for half as long.",
    "Jordan plays video games for 2 hours every day. He also has a part-time job where he "
    "earns $10 an hour.",
    "Peter purchased 20 popsicles at $0.25 each. He also purchased 4 ice cream bars at $0.50 each.",
    "Each person in a certain household consumes 0.2 kg of rice every meal.",
    "The cell-phone recharges at the rate of 1 percentage-point of charge per 3 minutes.",
    "At a restaurant, Juice Box A is 4 dollars. Juice Box B is 5 dollars more than Juice Box A.",
    "Karan borrowed $3,650 for five months at an interest rate of 10%.",
    "Mario needs to buy snowshoes for his 6 sled dogs.",
    "Julie operates the cash register exactly twice as fast as her less-experienced colleague "
    "Jewel.",
    "In a certain school, two classes have a total of 80 students.",
    "Carrie was given ten twenties and 140 quarters by her aunt to use for lunch.",
    "Becca, Smendrick, and PJ have collections of Magic Cards.  There is a total of 341 cards.",
    "Olivia uploaded 72 pictures to Facebook.",
    "There are 26 countries in South America and, in each country, there are 5 cities.",
]


def test_one_benchmarks_template_in_a_mixed_corpus_forms_no_group(tmp_path: Path) -> None:
    # Found on 586 MINT runs of eight benchmarks: mbpp's template ("Write a (python)
    # function to ... assert ...") is in 16% of the conversations, under the fifth of all
    # conversations that made text shared, so different tasks grouped as one question (11
    # there, 63 in 3,516 runs). Here: 3 of 20 conversations, one group before. In the group
    # it makes, the template is in every conversation: shared there, so the tasks are
    # compared without it, and part.
    gsm8k = " Solution output format: an integer."
    asks = _MBPP + [t + gsm8k for t in _GSM8K]
    # One question asked in three spellings: the text they share is the question itself,
    # and what is left of its leader is too short to compare alone: it stays one group.
    asks += [
        "Which tickets breach their SLA soon?",
        "Which tickets will breach the SLA soon?",
        "Which tickets are going to breach the SLA soon?",
    ]
    convs = [conversation(f"c{i}", a, RESULT, "Done.") for i, a in enumerate(asks)]
    mined = mine_questions(write(tmp_path, convs), "search_tickets")
    groups = sorted(
        (sorted(text for text, _ in q.members) for q in mined.questions),
        key=lambda g: (-len(g), g),
    )
    assert [len(g) for g in groups] == [3] + [1] * 17
    assert groups[0] == [
        "Which tickets are going to breach the SLA soon?",
        "Which tickets breach their SLA soon?",
        "Which tickets will breach the SLA soon?",
    ]
    # Where the share of all conversations already finds the template (a corpus of that
    # benchmark alone), nothing changes: no two tasks group.
    alone = mine_questions(write(tmp_path, convs[:3], "mbpp.jsonl"), "search_tickets")
    assert [q.conversations for q in alone.questions] == [1, 1, 1]


def test_only_questions_and_requests_are_mined(tmp_path: Path) -> None:
    def turn(text: str, k: int) -> list[dict[str, Any]]:
        return [
            {"role": "user", "content": text},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"a{k}",
                        "type": "function",
                        "function": {"name": "get_user_details", "arguments": "{}"},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": f"a{k}", "content": '{"name": "Sophia"}'},
            {"role": "assistant", "content": "Could you confirm your user id?"},
        ]

    conv = {
        "id": "c1",
        "messages": turn("Can you look up my profile?", 0)
        + turn("Sure, my user ID is sophia_martin_4574.", 1),
    }
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(conv) + "\n")
    mined = mine_questions([path], "get_user_details")
    assert [q.text for q in mined.questions] == ["Can you look up my profile?"]


def test_a_question_is_mined_without_the_harness_s_wrapping(tmp_path: Path) -> None:
    # Claude Code and Letta Code put <system-reminder> blocks in the user's message, and a
    # chat bridge its headers (letta-ai/agent-file a1e10475 ezra.af: "From: taurean
    # Mentions: \nContent: <the words>"): the question mined is the words, and the two
    # spellings of one question, wrapped and bare, are one question.
    reminder = (
        "<system-reminder>\nThe TodoWrite tool hasn't been used recently.\n</system-reminder>"
    )
    asked = "Which tickets are open for the driver app?"
    convs = [
        conversation("c1", f"{reminder}\n{asked}", RESULT, "Ticket tkt_3e7b91a0 is open."),
        conversation("c2", f"From: taurean Mentions: \nContent: {asked}", RESULT, "One is."),
        conversation("c3", asked, RESULT, "One: tkt_3e7b91a0."),
    ]
    mined = mine_questions([write(tmp_path, convs)], "search_tickets")
    assert [(q.text, q.members) for q in mined.questions] == [(asked, ((asked, 3),))]


def test_agentdojo_web_search_drafts_need_no_rank() -> None:
    # 16 of the 84 drafted search_web questions of the AgentDojo runs needed `[].rank`,
    # each from a small number of the answer that is no rank (checked by hand: "screening
    # lane 4", "4 years", "$1,284.35", "2 TB", "29 months", "3 days", "Refills remaining:
    # 2", "Delivery attempts: 1", "2 standard-admission tickets", "+1 symbol", "1%"...).
    mined = mine_questions(
        REPO / "tests" / "corpora" / "agentdojo" / "runs.jsonl", "search_web", workers=1
    )
    paths = {n.path for q in mined.questions for n in q.needs}
    assert len(mined.questions) == 84
    assert "[].rank" not in paths and "[].url" in paths


def test_a_file_no_reader_understands_is_named_in_the_draft_and_the_rest_is_mined(
    tmp_path: Path,
) -> None:
    corpus = _corpus(tmp_path)
    alone = mine_questions(corpus, "search_tickets")
    notes = tmp_path / "notes.json"
    notes.write_text('{"todo": ["check the traces"]}', "utf-8")
    mined = mine_questions([corpus, notes], "search_tickets")
    assert mined.questions == alone.questions and mined.files == 2
    assert mined.unread == (
        f"{notes}: not a known trace format (tried: openai_chat, openai_responses, anthropic, "
        "gemini, bedrock_converse, mcp, otel, openinference, agentdojo, mint, atif, gemini_cli, "
        "cline, autogen, sharegpt, azure_eval, openhands, pydantic_ai, letta). Fix: name "
        "it (--trace-format on the command line, format= in Python) if the file is in one of "
        'these; else write each conversation as OpenAI Chat, {"messages": [{"role", '
        '"content", "tool_calls"}, ...]}, one a line',
    )
    assert f"# Not read: {notes}: not a known trace format" in mined.to_yaml()
    assert "Not read" not in alone.to_yaml()
    with pytest.raises(TraceError, match="not a known trace format"):
        mine_questions(notes, "search_tickets")  # alone, it is the error


def test_a_bad_record_is_listed_in_the_draft_and_the_rest_is_mined(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    alone = mine_questions(corpus, "search_tickets")
    lines = corpus.read_text("utf-8").splitlines(keepends=True)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("".join(lines[:2]) + '{"messages": [\n' + "".join(lines[2:]), "utf-8")
    mined = mine_questions(broken, "search_tickets", workers=1)
    assert mined.questions == alone.questions and mined.traces == alone.traces
    assert len(mined.skipped) == 1
    assert mined.skipped[0].startswith(f"{broken}:3: ")
    assert f"# Problem: {broken}:3: " in mined.to_yaml()
    assert "Problem" not in alone.to_yaml()


def test_skipped_records_past_the_cap_are_counted_in_the_draft(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    good = corpus.read_text("utf-8")
    many = tmp_path / "many.jsonl"
    many.write_text(good + "not json\n" * 23, "utf-8")
    mined = mine_questions(many, "search_tickets", workers=1)
    assert len(mined.skipped) == 23
    draft = mined.to_yaml()
    assert draft.count("# Problem: ") == 20
    assert "# ... and 3 more problems\n" in draft


def test_cli_says_how_many_records_it_skipped(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    with corpus.open("a", encoding="utf-8") as fh:
        fh.write("not json\n")
    out = tmp_path / "draft.yaml"
    result = CliRunner().invoke(
        cli, ["questions", "mine", str(corpus), "--tool", "search_tickets", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(
        f"Wrote {out} (1 problem in the traces, listed in its header): "
    )


def test_a_tool_called_only_after_turns_that_ask_nothing_says_how_they_read(
    tmp_path: Path,
) -> None:
    # Found on 653 MCPMark runs: every task prompt ("Please execute the following task in
    # my repository ...") read as 'other', and the error said the tool was "never called
    # after a user question", as if the traces held no user turn.
    from projeval.traces.turns import classify_turn

    said = "Thanks!"
    convs = [conversation(f"c{i}", said, RESULT, "Done.") for i in range(2)]
    with pytest.raises(MiningError) as caught:
        mine_questions(write(tmp_path, convs), "search_tickets")
    kind = classify_turn(said)
    assert caught.value.render() == (
        "tool 'search_tickets' is called 2 times in 1 trace file(s), but never after a user "
        f"question or request: the 2 user turn(s) before its calls read as {kind} 2. Fix: "
        "mining drafts only what users ask (questions and requests); `projeval traces "
        "--format json` gives each turn's class ('kind') under 'turns'"
    )


def test_a_tool_called_after_the_customer_answers_the_agent_serves_the_request(
    tmp_path: Path,
) -> None:
    # A support agent asks for what it needs first and calls the tool after the answer:
    # 28 find_orders calls on azernik/multi-agent-dialogue-generator's recorded support
    # conversations (0a3423d1, data/valid_outputs/v2/*__os_co_*.json) all followed an
    # answer, and mining drafted nothing ("never after a user question or request").
    result = [{"order_id": "ODR-120123", "status": "processing", "total": 89.99}]

    def conv(cid: str, request: str, answer: str) -> dict[str, Any]:
        return {
            "id": cid,
            "messages": [
                {"role": "user", "content": request},
                {"role": "assistant", "content": "Sure. What's the email on the order?"},
                {"role": "user", "content": answer},
                _call(f"{cid}-1", "find_orders", {"email": "kim@example.com"}),
                {"role": "tool", "tool_call_id": f"{cid}-1", "content": json.dumps(result)},
                {"role": "assistant", "content": "Found ODR-120123, still processing."},
                {"role": "user", "content": "It's the coffee maker one."},
                _call(f"{cid}-2", "find_orders", {"email": "kim@example.com", "q": "coffee"}),
                {"role": "tool", "tool_call_id": f"{cid}-2", "content": json.dumps(result)},
                {"role": "assistant", "content": "Yes, ODR-120123 is the coffee maker."},
            ],
        }

    convs = [
        conv("c1", "Need to cancel an order I placed for a coffee maker.", "kim@example.com"),
        conv("c2", "Need to cancel an order I placed for a coffee maker.", "it's kim@example.com"),
    ]
    mined = mine_questions(write(tmp_path, convs), "find_orders")
    assert [(q.text, q.weight) for q in mined.questions] == [
        ("Need to cancel an order I placed for a coffee maker.", 2)  # once a conversation
    ]
    assert {n.path for n in mined.questions[0].needs} >= {"[].order_id", "[].status"}
    out = tmp_path / "draft.yaml"
    cli_args = ["questions", "mine", str(tmp_path / "t.jsonl"), "--tool", "find_orders"]
    result = CliRunner().invoke(cli, [*cli_args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"Wrote {out}: 1 question from 2 user questions; fill in fixtures and projections, "
        f"then projeval score {out}\n"
    )


def test_a_write_after_an_answer_serves_the_request_whose_ask_was_pending(
    tmp_path: Path,
) -> None:
    # The invoicing assistant of lapth/aichat-openai-agent (tests/corpora/formats/
    # agents_js/invoice_product_list.json, shortened): the agent asks for the items of the
    # requested invoice, the user asks a question it answers in its own turn, and the
    # items the user gives later are the invoice's. create_invoice's needs were the
    # question's ("what items am I having?"), the latest that asked before the answer.
    invoice = {"id": "INV-1", "customerName": "Bob", "items": [{"description": "item 1"}]}
    products = [{"id": "PROD-1", "name": "Web Hosting", "price": 10}]
    messages = [
        {"role": "user", "content": "Create customer Bob and invoice for him."},
        {"role": "assistant", "content": "Please provide the invoice's items and prices."},
        {"role": "user", "content": "what items am I having?"},
        _call("c1", "list_products", {}),
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps(products)},
        {"role": "assistant", "content": "Web Hosting ($10). Which items go on the invoice?"},
        {"role": "user", "content": 'a new item named "item 1" with the default values'},
        _call("c2", "create_invoice", {"customer": "Bob", "items": [{"name": "item 1"}]}),
        {"role": "tool", "tool_call_id": "c2", "content": json.dumps(invoice)},
        {"role": "assistant", "content": "Created INV-1 for Bob with item 1."},
    ]
    path = write(tmp_path, [{"id": "c", "messages": messages}])
    mined = mine_questions(path, "create_invoice")
    assert [q.text for q in mined.questions] == ["Create customer Bob and invoice for him."]
    # A tool that reads answers the latest question, as before; so does a write when the
    # request's turn left no ask open (its invoice was done, or never asked about).
    read = [*messages[:7], _call("c2", "get_invoice", {"customer": "Bob"}), *messages[8:]]
    mined = mine_questions(write(tmp_path, [{"id": "c", "messages": read}]), "get_invoice")
    assert [q.text for q in mined.questions] == ["what items am I having?"]
    done = [messages[0], {"role": "assistant", "content": "Bob is created."}, *messages[2:]]
    mined = mine_questions(write(tmp_path, [{"id": "c", "messages": done}]), "create_invoice")
    assert [q.text for q in mined.questions] == ["what items am I having?"]


def test_a_tools_file_says_the_mined_tool_writes(tmp_path: Path) -> None:
    # The invoice history above with a tool whose name has no verb (invoice_builder):
    # by its name it reads, so the answer's call serves the question before it; a tools
    # file (--tools, or a suite's tools file) whose readOnlyHint is false makes it a write,
    # which serves the request whose ask was open, as the trace analysis reads the file.
    messages = [
        {"role": "user", "content": "Create customer Bob and invoice for him."},
        {"role": "assistant", "content": "Please provide the invoice's items and prices."},
        {"role": "user", "content": "what items am I having?"},
        {"role": "assistant", "content": "Web Hosting ($10). Which items go on the invoice?"},
        {"role": "user", "content": 'a new item named "item 1" with the default values'},
        _call("c2", "invoice_builder", {"customer": "Bob", "items": [{"name": "item 1"}]}),
        {"role": "tool", "tool_call_id": "c2", "content": json.dumps({"id": "INV-1"})},
        {"role": "assistant", "content": "Created INV-1 for Bob with item 1."},
    ]
    path = write(tmp_path, [{"id": "c", "messages": messages}])
    mined = mine_questions(path, "invoice_builder")
    assert [q.text for q in mined.questions] == ["what items am I having?"]
    defs = {"tools": [{"name": "invoice_builder", "annotations": {"readOnlyHint": False}}]}
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(defs))
    mined = mine_questions(path, "invoice_builder", tools=[tools])
    assert [q.text for q in mined.questions] == ["Create customer Bob and invoice for him."]
    result = CliRunner().invoke(
        cli, ["questions", "mine", str(path), "--tool", "invoice_builder", "--tools", str(tools)]
    )
    assert result.exit_code == 0, result.output
    assert "Create customer Bob and invoice for him." in result.output
    # One trace is one trace, not "1 traces".
    assert "description: Draft mined from 1 trace; review every need." in result.output


def test_a_result_passed_on_after_the_users_answer_is_evidence_of_its_need() -> None:
    # A recorded Google ADK run (tests/corpora/formats/README.md, adk/): asked whether a
    # date is free, the agent lists get_available_planting_times's slots and asks which
    # one; the user answers ("I'll take the 9 AM - 12 PM slot.") and the agent passes the
    # slot on to schedule_planting_service and update_salesforce_crm. The answer's turn
    # continues the question's, so the slot the calls were given is what the question
    # needed (a new-user trial: no need was inferred, the calls being in the next turn).
    path = REPO / "tests" / "corpora" / "formats" / "adk" / "processed_interaction_sim.jsonl"
    mined = mine_questions([path], "get_available_planting_times")
    (question,) = mined.questions
    (need,) = question.needs
    assert need.path == "result[]"
    # Passed to a tool that writes: the slot itself is needed, not a readable name for it.
    assert [(e.kind, e.conversations) for e in need.evidence][:1] == [("action", 1)]
    assert "schedule_planting_service, a write," in need.comment and not need.readable


def test_an_id_passed_to_a_write_is_needed_as_it_is_not_readable(tmp_path: Path) -> None:
    # Issue 16's travel-and-shop runs (made-up, /work/notes/tau60): the item id an order
    # lists is passed to return_order_items, a write. Before, the draft asked for it
    # `readable: true`, as for a lookup; the return needs the id itself. The tracking id
    # passed to track_shipment, a read, stays a readable need.
    order = {"order_id": "#W1", "items": {"6024718355": {"name": "Backpack"}}, "tracking": "1Z88"}
    msgs: list[dict[str, Any]] = [
        {"role": "user", "content": "I want to return the backpack from order #W1."},
        _call("c1", "get_order_details", {"order_id": "#W1"}),
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps(order)},
        _call("c2", "return_order_items", {"order_id": "#W1", "item_ids": ["6024718355"]}),
        {"role": "tool", "tool_call_id": "c2", "content": '{"status": "return_requested"}'},
        _call("c3", "get_shipment", {"tracking": "1Z88"}),
        {"role": "tool", "tool_call_id": "c3", "content": '{"state": "in_transit"}'},
        {"role": "assistant", "content": "The return is requested."},
    ]
    path = write(tmp_path, [{"id": "a", "messages": msgs}])
    (question,) = mine_questions([path], "get_order_details").questions
    needs = {n.path: n for n in question.needs}
    assert not needs["items.*"].readable and needs["tracking"].readable
    assert [e.kind for e in needs["items.*"].evidence] == ["action"]


def test_a_count_of_another_thing_or_a_number_the_user_said_quotes_no_field(
    tmp_path: Path,
) -> None:
    # Issue 16's travel-and-shop runs (made-up, /work/notes/tau60): "2 checked bags" in an
    # answer was quoted as the reservation's passengers: 2, and so was the 2 of "Two,
    # please." read back. "2 passengers" still quotes it.
    res = {"reservation_id": "Q7RT2M", "passengers": 2, "cabin": "economy"}

    def run(rid: str, user: list[str], answer: str) -> dict[str, Any]:
        return {
            "id": rid,
            "messages": [
                {"role": "user", "content": user[0]},
                _call("c1", "get_reservation_details", {"reservation_id": "Q7RT2M"}),
                {"role": "tool", "tool_call_id": "c1", "content": json.dumps(res)},
                *({"role": "user", "content": u} for u in user[1:]),
                {"role": "assistant", "content": answer},
            ],
        }

    path = write(
        tmp_path,
        [
            run("a", ["How many bags can I check on Q7RT2M?"], "Economy includes 2 checked bags."),
            run("b", ["Set the bags on Q7RT2M.", "Two, please."], "Done: 2 bags."),
            run("c", ["Who flies on Q7RT2M?"], "The booking is for 2 passengers."),
        ],
    )
    mined = mine_questions([path], "get_reservation_details", threshold=0.9)
    found = {q.text: {n.path for n in q.needs} for q in mined.questions}
    assert "passengers" not in found.get("How many bags can I check on Q7RT2M?", set())
    assert "passengers" not in found.get("Set the bags on Q7RT2M.", set())
    assert "passengers" in found["Who flies on Q7RT2M?"]


def test_a_think_tools_thought_and_a_to_do_list_pass_no_field_on(tmp_path: Path) -> None:
    # An airline agent writes the reservation ids it read into its think tool, and a coding
    # agent into its to-do list: the model's own notes, not a use of the field. The id
    # handed to get_reservation_details still is one.
    profile = {"user_id": "omar_3817", "reservations": ["JG7FMM", "2FBBAH"]}
    msgs: list[dict[str, Any]] = [
        {"role": "user", "content": "Can you check my upcoming trips?"},
        _call("c1", "get_user_details", {"user_id": "omar_3817"}),
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps(profile)},
        _call("c2", "think", {"thought": "Reservations JG7FMM and 2FBBAH: check both."}),
        {"role": "tool", "tool_call_id": "c2", "content": ""},
        _call("c3", "TodoWrite", {"todos": [{"content": "Read JG7FMM", "status": "pending"}]}),
        {"role": "tool", "tool_call_id": "c3", "content": "ok"},
        _call("c4", "get_reservation_details", {"reservation_id": "2FBBAH"}),
        {"role": "tool", "tool_call_id": "c4", "content": '{"origin": "DEN"}'},
        {"role": "assistant", "content": "You have a trip from Denver."},
    ]
    path = write(tmp_path, [{"id": "a", "messages": msgs}])
    (question,) = mine_questions([path], "get_user_details").questions
    (need,) = question.needs
    assert [(e.kind, e.detail) for e in need.evidence] == [("followup", "get_reservation_details")]
    # Without that lookup, the notes alone infer no need (each was "passed to think").
    del msgs[-4:-1]
    path = write(tmp_path, [{"id": "a", "messages": msgs}])
    (question,) = mine_questions([path], "get_user_details").questions
    assert question.needs == ()


def test_question_ids_leave_out_the_opening_most_users_share(tmp_path: Path) -> None:
    # Made-up retail runs (/work/notes/tau45/probe3.py): every simulated user opens with the
    # same sentence. It formed no group, but every id was made of it
    # ("am-loyal-northwind-member-since", "-2", ... "-8").
    opener = "Hello, I am a loyal Northwind member since 2019 and I need some help today. "
    asks = [
        "Where is my order #W51000? It has not arrived yet.",
        "I want to return the Kettle from order #W51001.",
        "Please cancel order #W51002, I don't need it anymore.",
    ]
    runs = []
    for i, ask in enumerate(asks):
        call = {"id": f"c{i}", "type": "function"}
        call["function"] = {"name": "get_order", "arguments": json.dumps({"order_id": i})}
        order = {"order_id": f"#W5100{i}", "status": "PENDING", "tracking": f"1Z{i}9999"}
        runs.append(
            [
                {"role": "user", "content": opener + ask},
                {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": f"c{i}", "content": json.dumps(order)},
                {"role": "assistant", "content": f"Order #W5100{i} is pending, 1Z{i}9999."},
            ]
        )
    path = tmp_path / "runs.json"
    path.write_text(json.dumps(runs))
    ids = sorted(q.id for q in mine_questions(path, "get_order", workers=1).questions)
    assert ids == ["cancel-order-don-t-need", "order-has-arrived-yet", "want-return-kettle-order"]


def test_hedged_answers_are_read_with_the_users_question(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As the trace analysis does (find_hedges' user, session 32): mining's hedged-answer
    # evidence read each answer without the user's turn, so a rule that needs it (a
    # general question's general answer) could not apply there.
    import projeval.mining.miner as miner

    seen: list[str | None] = []
    real = miner.find_hedges

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("user"))
        return real(*args, **kwargs)

    monkeypatch.setattr(miner, "find_hedges", spy)
    conv = [
        {"role": "user", "content": "<context>shop</context>What causes delays on HAT170?"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "a", "type": "function",
         "function": {"name": "get_flight", "arguments": '{"flight": "HAT170"}'}}]},
        {"role": "tool", "tool_call_id": "a", "content": '{"status": "delayed"}'},
        {"role": "assistant", "content": "Delays might come from the weather."},
    ]  # fmt: skip
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(conv) + "\n")
    mine_questions([path], "get_flight")
    assert seen and seen[-1] is not None and seen[-1].endswith("What causes delays on HAT170?")


def test_a_short_code_at_two_places_of_the_result_is_no_evidence() -> None:
    # pipeline45's leftover (session 32): the trace analysis credits a short code only
    # where it sits at one place ("UPS" is the carrier and a word of "UPS Ground"); mining
    # still took "UPS" as the carrier quoted.
    shipment = {"carrier": "UPS", "service": "UPS Ground", "eta": "2024-06-02"}
    q = build_quotes(shipment)
    assert q.places("ups") == 2
    assert quoted(q, "It ships with UPS.", "How is it shipped?") == []
    single = build_quotes({"carrier": "DHL", "service": "Express Ground"})
    assert quoted(single, "It ships with DHL.", "How is it shipped?") == [("carrier", "DHL", None)]


def test_a_chinese_questions_id_keeps_what_it_asks() -> None:
    # pipeline45's leftover (session 32): every Chinese question was named by its greeting
    # ("你好"), the only run of characters the English word test kept.
    assert slug("你好，我想查一下我的订单什么时候到？") == "查一下我的订单什么时候到"
    assert slug("您好，请问退款多久到账") == "退款多久到账"
    assert slug("我的订单123456到哪里了") == "我的订单-到哪里了"  # the id is left out
    assert slug("请帮我把航班改到6月12日") == "帮我把航班改到"
    assert slug("你好") == "你好"  # nothing else to name it by
    assert slug("Hi, I would like to drop a course.") == "drop-course"


def test_a_chinese_questions_key_masks_its_numbers_not_the_sentence() -> None:
    # /work/notes/tau45's Chinese shop runs: Chinese writes no spaces, so a question with a
    # number joined to its characters was one token with a digit, masked whole: the keys of
    # "我的订单123456到哪里了" and of any other such question were both "#", one group.
    assert question_key("我的订单123456到哪里了") == "我的订单#到哪里了"
    assert question_key("我买的T恤小了，手机号13900001111") == "我买的t恤小了，手机号#"
    assert question_key("你好，我要退款，订单号 DD20240601778") == "你好，我要退款，订单号 #"
    assert question_key("What about order ORD-12345?") == "what about order #"
    assert question_key("ｏｒｄｅｒ１２３") == "#"  # full-width letters and digits are a token
