"""The plain-text output of `projeval traces` (and the counts line the report shares)."""

from __future__ import annotations

import json
from pathlib import Path

from projeval.text.traces import counts_line, render_summary
from projeval.traces import analyse_traces

ROOT = Path(__file__).resolve().parents[2]

_TOTALS = {
    "calls": 1580,
    "errors": 0,
    "duplicates": 162,
    "retries": 0,
    "followups": 0,
    "lookups": 0,
    "actions": 0,
    "hedges": 3,
    "turns": 250,
    "flagged_turns": 3,
}


def test_counts_line_says_calls_no_result_answered_and_results_no_call_asked() -> None:
    # 17 calls with no result were in the JSON totals only: the text said "calls 1,580",
    # so a format read in half (a chain split, results under other ids) went unseen.
    line = counts_line({**_TOTALS, "unanswered_calls": 17, "orphan_results": 0})
    assert line.startswith("calls 1,580 (17 unanswered), errors 0, duplicates 162,")
    line = counts_line({**_TOTALS, "unanswered_calls": 2, "orphan_results": 1})
    assert line.startswith("calls 1,580 (2 unanswered, 1 result with no call), errors 0")


def test_counts_line_is_unchanged_when_every_call_has_its_result() -> None:
    plain = (
        "calls 1,580, errors 0, duplicates 162, retries 0, follow-ups 0 (lookups 0, "
        "actions 0), hedges 3; turns 250, of which 3 end in a follow-up lookup or a hedge"
    )
    assert counts_line({**_TOTALS, "unanswered_calls": 0, "orphan_results": 0}) == plain
    # A stored run recorded before these were counted holds neither key.
    assert counts_line(_TOTALS) == plain


def test_lookups_by_field_leave_out_a_field_every_follow_up_of_which_wrote(
    tmp_path: Path,
) -> None:
    # Issue 16 (items 4-5), /work/notes/tau59 with a retail suite: under "Follow-up lookups by
    # field" three of six rows were "(all actions)", ids passed on to a write, which forced
    # no lookup. The aggregate above still lists them; the JSON's findings keep them.
    data = [
        {
            "id": "tkt_1",
            "relationships": {
                "assignee": {"data": {"id": "usr_1"}},
                "organization": {"data": {"id": "org_7"}},
            },
        }
    ]
    messages = [
        {"role": "user", "content": "Who has ticket tkt_1?"},
        {"role": "assistant", "tool_calls": [_call("c1", "search_tickets", {"q": "tkt_1"})]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"data": data})},
        {"role": "assistant", "tool_calls": [_call("c2", "get_user", {"user_id": "usr_1"})]},
        {"role": "tool", "tool_call_id": "c2", "content": '{"name": "Ada"}'},
        {"role": "assistant", "tool_calls": [_call("c3", "close_org", {"org_id": "org_7"})]},
        {"role": "tool", "tool_call_id": "c3", "content": '{"ok": true}'},
        {"role": "assistant", "content": "Ada has it."},
    ]  # fmt: skip
    path = tmp_path / "t.jsonl"
    path.write_text(json.dumps({"id": "t1", "messages": messages}) + "\n")
    analysis = analyse_traces([path], [ROOT / "question_sets" / "support_desk.yaml"])
    assert sorted((f.consumer, f.lookups, f.actions) for f in analysis.findings) == [
        ("close_org", 0, 1),
        ("get_user", 1, 0),
    ]
    text = render_summary(analysis)
    section = text.split("Follow-up lookups by field:\n")[1].split("\n\n")[0]
    assert section.splitlines() == [
        "  search_tickets: assignee (opaque id) -> get_user x1, 0 duplicates"
    ]
    assert "search_tickets: data[].relationships.organization.data.id" in text  # the aggregate


def _call(cid: str, name: str, args: dict[str, str]) -> dict[str, object]:
    return {
        "id": cid,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }
