"""Hedge cues of session 14: the standard hedging devices the lexicon lacked (Hyland's
epistemic adverbs and verbs, the CoNLL-2010 / BioScope uncertainty cues, the usual Chinese
hedges of a tentative diagnosis), the filters they need, assumptions whatever the agent does
next, and indefinite subjects as the general case. Each class has a sentence it fires on and
one it does not."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from projeval.traces import hedges
from projeval.traces.hedges import Lexicon, find_hedges


def _hedged(text: str, latest: str | None = None) -> list[str]:
    # The hand rules alone (the learned gate has its tests in test_trace_hedges.py).
    return [h.match for h in find_hedges(Lexicon.load(["en", "zh"]), text, latest, gate="rules")]


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("Your bag is supposedly on the next flight.", "supposedly"),
        ("Hi, it's supposed to be a broken cable.", "supposed to be"),
        ("If I'm not mistaken, the change fee is waived for Gold members.", "If I'm not mistaken"),
        ("As far as I'm aware, the hotel does not have a pool.", "As far as I'm aware"),
        ("I guess the flight was rebooked automatically.", "I guess"),
        ("There's a good chance the seat was released.", "There's a good chance"),
        ("Cacti store water, which could suggest that it can be drunk.", "could suggest"),
        ("This should mean that the claim is true.", "should mean"),
        ("I'm unsure whether the refund has been processed.", "unsure"),
        ("I can not see the price, but it is listed as cheap.", "I can not see"),
        ("We don't have any more information about the delay.", "don't have any more information"),
        ("Exposure status: suspected but not confirmed.", "not confirmed"),
    ],
)
def test_standard_english_hedges_count(text: str, cue: str) -> None:
    assert _hedged(text) == [cue]


def test_the_new_english_cues_keep_their_filters() -> None:
    # advice, not an inference
    assert _hedged("I would suggest that you contact the airline.") == []
    # an adjective before its noun names a kind; the user's mind is about the user
    assert _hedged("It covers the evaluation of uncertain tax positions.") == []
    assert _hedged("The user is unsure about the dates.") == []
    assert _hedged("So it's uncertain when they want the reservation.") == []


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("从心电图来看，疑似心肌缺血。", "疑似"),
        ("不排除心肌炎。", "不排除"),
        ("倾向于是神经官能症。", "倾向于"),
        ("初步判断是早搏，问题不大。", "初步判断"),
        ("说不定是药物的副作用。", "说不定"),
        ("这是需要到时才可以知道的", "才可以知道"),
    ],
)
def test_standard_chinese_hedges_count(text: str, cue: str) -> None:
    assert _hedged(text) == [cue]


def test_the_new_chinese_cues_keep_their_filters() -> None:
    # a suspicion in a condition, what a test can tell, a kind of patient: how care goes
    assert _hedged("如果怀疑是糖尿病引起的，也可以去内分泌科进行检查。") == []
    assert _hedged("医生可以直接观察宫颈，初步判断是否存在宫颈糜烂。") == []
    assert _hedged("对于疑似间质性肺炎的患者，医生会进行检查。") == []
    # whether such a case needs care, whether an order can be changed
    assert _hedged("腺样体肥大并不一定都需要做手术。") == []
    assert _hedged("不一定能修改成功的哦") == []
    # an arrival date read from the logistics record is no guess
    assert _hedged("物流今天更新了，预计明天送达") == []


def test_an_assumption_counts_whatever_the_agent_then_does() -> None:
    assert _hedged(
        "As they haven't specified a stylist name, I'll assume it's the first one from our "
        'previous "FindProvider" call.'
    ) == ["I'll assume"]
    assert _hedged("I'll assume next month is December 2025 and use 2025-12-01.") == ["I'll assume"]
    # items taken as a plan's options fill no value
    assert _hedged("I will assume these as initial options.") == []


def test_an_indefinite_subject_or_an_example_is_the_general_case() -> None:
    assert _hedged("A successful pitstop strategy may allow a driver to gain positions.") == []
    assert _hedged("For example, an object detection algorithm might not understand it.") == []
    assert _hedged("Investors hold cash. For instance, they might take profits.") == []
    # with the user's things in it, it is this case's
    assert _hedged("A storm might delay your connecting flight.") == ["might"]
    assert _hedged("There might be a fare difference if you change to a later flight.") == [
        "There might be"
    ]


def test_some_people_or_an_example_is_the_general_case_in_chinese() -> None:
    assert _hedged("这可能会对一些人造成不适感。") == []
    assert _hedged("例如，大型公司可能会有更加正式化的流程。") == []
    # a value given as an example after a colon, and the user's case, still guess
    assert _hedged("例如：seasonId 可能为 2023。") == ["可能"]
    assert _hedged("你的症状可能是胃炎。") == ["可能"]


def test_the_rarer_standard_cues_count() -> None:
    assert _hedged("It would appear that the parcel was returned.") == ["would appear"]
    assert _hedged("看样子是快递延误了。") == ["看样子"]
    # bare "potentially" names what a step may lead to, and is no cue
    assert _hedged("Prices fell, potentially leading to higher demand.") == []


def test_a_conceded_appearance_and_a_list_that_follows_claim_nothing() -> None:
    assert (
        _hedged(
            'The term "Bearish Engulfing" might sound like it belongs in a wildlife '
            "documentary, but it's actually a significant pattern."
        )
        == []
    )
    assert _hedged("The events, which might impact the market, are as follows:\n- CPI") == []
    # without the list or the correction it guesses
    assert _hedged("The events might impact the market.") == ["might"]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.from_regex(hedges._EN_MISSING))
def test_every_missing_information_match_passes_its_word_test(text: str) -> None:
    # _may_miss lets the reader skip a search: it must hold for every match
    m = hedges._EN_MISSING.search(text)
    # (a letter that folds to ASCII only under IGNORECASE, "ſ", skips the test: the reader too)
    if m is not None and not hedges._FOLDS_TO_ASCII.search(text):
        assert hedges._may_miss(m.group().lower()), m.group()
