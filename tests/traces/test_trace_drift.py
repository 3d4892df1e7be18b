"""Question drift: deterministic similarity and coverage."""

from __future__ import annotations

from projeval.traces.drift import (
    Candidate,
    best_match,
    candidates,
    drift_rows,
    pick,
    similarity,
    uncontract,
    words,
)
from trace_helpers import desk_suite


def test_similarity_is_symmetric_bounded_and_exact() -> None:
    a = "Which tickets are about to breach their SLA in the next four hours?"
    b = "Which tickets are going to breach their SLA in the next four hours?"
    assert similarity(a, a) == 1.0
    assert similarity(a, b) == similarity(b, a) == 0.9042
    assert similarity(a, "Draft an apology email to the pharmacy.") == 0.0505
    assert similarity("", a) == 0.0


def test_words_drop_stop_words_and_plurals_and_split_chinese() -> None:
    assert words("Which tickets are open?") == frozenset({"ticket", "open"})
    assert words("哪些工单快超时") == frozenset({"哪些", "些工", "工单", "单快", "快超", "超时"})


def test_contractions_leave_no_fragments_as_content_words() -> None:
    # a customer of ADK's garden-store agent (jcarah/accelerate_context_engineering_workshop
    # @ a49cd9ae, tests/corpora/formats/adk/baseline_sim_de849ee1.jsonl): "I've" gave the content word "ve"
    assert words("I've been shopping here for a while. Do I get any rewards?") == frozenset(
        {"shopping", "while", "reward"}
    )
    assert words("Don't cancel my order; I can’t wait and won't pay") == frozenset(
        {"cancel", "order", "wait", "pay"}
    )
    assert words("What's the user's plan? We'd said we'll keep it") == frozenset(
        {"plan", "user", "said", "keep"}
    )
    assert uncontract("isn't o'clock rock 'n' roll") == "is not o'clock rock 'n' roll"


def test_best_match_threshold_and_ties() -> None:
    pool = [Candidate("s", "a", "Who owns ticket X?"), Candidate("s", "b", "Who owns ticket X?")]
    m = best_match("Who owns ticket tkt_123?", pool)
    assert (m.question_id, m.score, m.covered) == ("a", 0.6607, True)
    assert best_match("Who owns ticket tkt_123?", pool, threshold=0.9).covered is False
    assert best_match("anything", []).question_id is None


def test_drift_rows_against_a_suite_for_questions_and_requests_only() -> None:
    pool = candidates([desk_suite()])
    rows = drift_rows(
        [
            (
                "f",
                "t",
                1,
                "Which tickets will breach their SLA soon?",
                "question",
                0,
                0,
                0,
                False,
                False,
                None,
            ),
            ("f", "t", 2, "Write a poem about tea.", "request", 0, 0, 0, False, False, None),
            ("f", "t", 3, "Yes, that one.", "answer", 0, 0, 0, False, False, None),
            ("f", "t", 4, "Thanks!", "greeting", 0, 0, 0, False, False, None),
        ],
        pool,
    )
    assert rows == [
        (
            "f",
            "t",
            1,
            "Which tickets will breach their SLA soon?",
            "desk",
            "breach-soon",
            0.5727,
            True,
        ),
        ("f", "t", 2, "Write a poem about tea.", "desk", "breach-soon", 0.0843, False),
    ]


def test_pick_keeps_the_best_match_among_the_suites_named() -> None:
    rows = [
        ("f", "t", 1, "q", "a", "a1", 0.4, False),
        ("f", "t", 1, "q", "b", "b1", 0.6, True),
        ("f", "t", 2, "r", "a", "a2", 0.5, True),
        ("f", "t", 2, "r", "b", "b2", 0.5, True),
    ]
    assert pick(rows, ["a", "b"]) == [rows[1], rows[2]]  # a tie goes to the first suite
    assert pick(rows, ["a"]) == [rows[0], rows[2]]
    assert pick(rows, []) == []
