"""The plain-text output of `projeval traces` (and the counts line the report shares)."""

from __future__ import annotations

from projeval.text.traces import counts_line

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
