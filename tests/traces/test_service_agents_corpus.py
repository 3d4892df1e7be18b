"""Issue 16's trace signals on 46 recorded SOPBench service-agent conversations
(tests/corpora/service_agents/): follow-ups, the per-field aggregate, tool errors and retries.

What each count should be was worked out by hand from the conversations (the README beside
them says how, and what projeval reported before).
"""

from __future__ import annotations

from typing import Any

import pytest
from projeval.traces import analyse_traces
from trace_helpers import REPO

CORPUS = REPO / "tests" / "corpora" / "service_agents"


@pytest.fixture(scope="module", params=[False, True], ids=["verbs", "tools file"])
def runs(request: Any) -> Any:
    tools = [CORPUS / "sopbench_tools.json"] if request.param else []
    return analyse_traces([CORPUS / "sopbench.jsonl"], workers=1, tools=tools)


def test_the_conversations_are_read_whole(runs: Any) -> None:
    t = runs.totals
    assert (t["traces"], t["problems"], t["calls"], t["results"]) == (46, 0, 224, 178)
    # Every conversation ends with exit_conversation, which no result answers.
    assert t["unanswered_calls"] == 46
    unanswered = runs.calls[runs.calls["result_seq"].isna()]
    assert set(unanswered["tool"]) == {"exit_conversation"}


def test_follow_ups_are_the_four_lookups_with_their_paths(runs: Any) -> None:
    t = runs.totals
    assert (t["followups"], t["lookups"], t["actions"]) == (4, 4, 0)
    rows = {
        (r.trace_id.split("/", 1)[1], r.consumer_tool, r.producer_tool, r.producer_path)
        for r in runs.followups.itertuples()
    }
    assert rows == {
        ("university/claude-3-5-sonnet-20241022/38/0", "internal_get_major_info",
         "internal_get_student_info", "major"),
        ("university/claude-3-5-sonnet-20241022/41/0", "internal_get_major_info",
         "internal_get_student_info", "major"),
        ("university/o4-mini-high/18/0", "internal_get_major_info",
         "internal_get_student_info", "major"),
        ("university/gpt-4.1/18/0", "internal_get_course_info",
         "internal_get_minor_info", "prerequisites[]"),
    }  # fmt: skip


def test_incomes_the_customer_typed_with_commas_are_theirs(runs: Any) -> None:
    # "Annual Income: 60,000", "$60,000", "1,000,000": update_policy passes the user's value,
    # which get_policy_details also holds as a number.
    policy = runs.calls[runs.calls["tool"] == "update_policy"]
    assert len(policy) >= 3
    assert not policy["followup"].any()


def test_the_per_field_aggregate(runs: Any) -> None:
    assert [(f.producer, f.path, f.consumer, f.argument, f.calls, f.traces, f.lookups)
            for f in runs.fanout] == [
        ("internal_get_student_info", "major", "internal_get_major_info", "major", 3, 3, 3),
        ("internal_get_minor_info", "prerequisites[]", "internal_get_course_info",
         "course_code", 1, 1, 1),
    ]  # fmt: skip


def test_tool_errors_retries_and_duplicates(runs: Any) -> None:
    t = runs.totals
    # Four exception texts ("KeyError: '2024-10-10'", "TypeError: ... 'password'"); three
    # calls after one keep what it was about (one with the date corrected, one with another
    # argument name); two real repeats (a failed login said again word for word, a list
    # of borrowed books read twice with only reads between).
    assert (t["errors"], t["retries"], t["duplicates"]) == (4, 3, 2)
    calls = runs.calls
    errors = calls[calls["is_error"].fillna(False).astype(bool)]
    assert sorted(errors["tool"]) == ["login_user", "reserve_room", "reserve_room", "reserve_room"]
    retried = calls[calls["retry_of"].notna()]
    assert sorted(
        (r.trace_id.split("/", 1)[1], r.tool, r.seq, r.retry_of) for r in retried.itertuples()
    ) == [
        ("bank/claude-3-5-sonnet-20241022/44/0", "login_user", 6, 3),
        ("library/claude-3-5-sonnet-20241022/49/0", "reserve_room", 14, 8),
        ("library/claude-3-5-sonnet-20241022/49/0", "reserve_room", 17, 14),
    ]


def test_the_library_checks_read(runs: Any) -> None:
    kinds = dict(zip(runs.calls["tool"], runs.calls["kind"], strict=True))
    assert kinds["internal_check_book_exist"] == "read"
    assert kinds["internal_convert_book_title_to_id"] == "read"
    assert kinds["reserve_room"] == "write"
