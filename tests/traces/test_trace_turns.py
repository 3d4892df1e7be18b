"""User-turn classes: questions and requests, answers, greetings, other; EN and ZH."""

from __future__ import annotations

import pytest
from projeval.traces.turns import TURN_CLASSES, classify_turn, is_query, is_query_turn


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("What times are available?", "question"),
        ("Can you cancel reservation 4WQ150?", "request"),
        ("Lets try Boka, are they free for 8 people at 7?", "question"),
        ("Hi, I'm looking to book a table for Korean food.", "request"),
        ("Sure, my user ID is sophia_martin_4574.", "answer"),
        ("Yes please.", "answer"),
        ("No, that's it, just book.", "answer"),
        ("Thanks, goodbye!", "greeting"),
        ("Let me check.", "other"),
        ("它支持 WiFi 6 吗？", "question"),
        ("帮我把数据库迁移到 PostgreSQL", "request"),
        ("订单号是 ORD-2024-5678", "answer"),
        ("可以，请改签", "answer"),
        ("好的，谢谢", "greeting"),
        ("邮箱打不开了", "request"),
        ("", "other"),
    ],
)
def test_classes(text: str, kind: str) -> None:
    assert classify_turn(text) == kind


def test_a_bare_statement_after_a_question_is_an_answer() -> None:
    assert classify_turn("Korean food, I guess.") == "other"
    assert classify_turn("Korean food, I guess.", asked=True) == "answer"


@pytest.mark.parametrize(
    ("text", "asked", "kind"),
    [
        # ToolTalk and KdConv turns (tests/corpora/conversations/turns.jsonl)
        (
            "Thanks, can you also send a summary to my personal email (hugoes@fmail.com)?",
            False,
            "request",
        ),
        (
            "Hey I have a morning flight tomorrow. Can you set an alarm for 8:00 am?",
            False,
            "request",
        ),
        ("No, that's all. Thanks!", True, "greeting"),
        ("No, thank you. I'm heading out now.", True, "greeting"),
        ("Yes, can you reschedule the meeting? Also send him a message.", True, "request"),
        ("Yes, please block the next hour for me.", True, "answer"),
        ("是的，西恩·潘就演的很好。", False, "other"),
        ("是的，还是个视觉特效师和制片人，他是哪年出生的啊？这么厉害。", False, "question"),
    ],
)
def test_turns_opening_with_yes_or_no_and_sentences_inside_addresses(
    text: str, asked: bool, kind: str
) -> None:
    assert classify_turn(text, asked) == kind


def test_only_questions_and_requests_are_queries() -> None:
    assert [k for k in TURN_CLASSES if is_query(k)] == ["question", "request"]
    assert is_query_turn("Who owns ticket tkt_1?") and not is_query_turn("Ok, thanks!")
    assert not is_query(None)
