"""Hedge rules by class of language written in session 12 on rounds 9b and 12, unsealed to
tune on: AutoTOD's GPT-3.5 task agent over MultiWOZ and SGD databases (no results recorded),
STC-3's Weibo helpdesks, NATPAT's e-mail support staff and an LLM agent's replies, the Vertu
sales agent. Each rule has a real sentence it fires on (the row cited) and one it does not."""

from __future__ import annotations

from projeval.traces.hedges import Lexicon, find_hedges, hedge_candidates


def _hedged(text: str, latest: str | None = None) -> list[str]:
    # The hand rules alone (the learned gate has its tests in test_trace_hedges.py).
    return [h.match for h in find_hedges(Lexicon.load(["en", "zh"]), text, latest, gate="rules")]


def test_a_softener_after_an_empty_response_is_missing_information() -> None:
    # s9b-at-233: the source records no result; an empty text states nothing
    text = "I'm sorry, but it seems that there are no rental cars available in London on March 1st."
    assert _hedged(text, "") == ["seems"]
    assert _hedged(text) == ["seems"]
    # an empty list or a not-found result states the absence: the softener restates it
    assert _hedged(text, "[]") == []
    assert _hedged(text, "No rental cars found.") == []


def test_a_field_nothing_states_is_missing_information() -> None:
    # s9b-at-166, s9b-at-047, t8-ad-044
    assert _hedged("Unfortunately, there is no specific signature dish mentioned for Cotto.") == [
        "no specific signature dish mentioned"
    ]
    assert _hedged("The contact number is 01223315702 and the car type is not specified.") == [
        "is not specified"
    ]
    listed = "- **Assigned entrance:** No specific entrance is currently listed in your ticket."
    assert _hedged(listed, '{"ticket": "standard"}') == ["No specific entrance is currently listed"]
    # the result the subject (s9b-fa-079), a condition (s9b-at-219), an entity a list leaves
    # out, an event that did not happen, an act not called for (t8-ad-052)
    assert _hedged("The band is not mentioned in the snippet.") == []
    assert _hedged("The account type (optional, if not specified, it is checking).") == []
    assert _hedged("Jim Cummings is not listed as one of the voices.") == []
    assert _hedged("It was confirmed defective, with no misuse recorded.") == []
    assert _hedged("No dispute or card replacement is indicated based on this.") == []
    # a field's whole value is a read-back (the AgentDojo section)
    assert _hedged("- **Car type:** Not specified") == []


def test_a_chinese_agent_that_cannot_directly_confirm_lacks_the_fact() -> None:
    # s12-vt-014, s12-vt-016, s12-st-020
    assert _hedged("由于这是稀有材质定制款，需要实时查询专属库存系统，我目前无法直接确认。") == [
        "无法直接确认"
    ]
    assert _hedged("我必须坦诚相告：我无法直接查询实时库存系统。") == ["无法直接查询"]
    assert _hedged("因小编无法在线核实号码的详细情况,建议您拨打客服热线10010.") == ["无法在线核实"]
    # an act, not a fact (s12-vt-010); no adverb ("连我们也无法查看", s12-vt-091)
    assert _hedged("我无法直接在这里接收您的联系方式。") == []
    assert _hedged("整个过程端到端加密，连我们也无法查看。") == []


def test_the_adverb_left_out_of_a_chinese_cue_is_its_phrase() -> None:
    lexicon = Lexicon.load(["en", "zh"])
    (cue,) = hedge_candidates(lexicon, "我目前无法实时确认库存。")
    assert (cue.match.phrase, cue.match.kind, cue.match.language) == ("无法…确认", "missing", "zh")


def test_when_this_order_should_arrive_is_an_estimate() -> None:
    # s12-lm-027, s12-nt-028
    text = "Your order #1001 is currently in transit and should arrive by early next week."
    assert _hedged(text) == ["should arrive"]
    assert _hedged("I just checked the tracking and it should arrive within this week.") == [
        "should arrive"
    ]
    # a processing time is policy (round 7); a date the result holds is read back
    assert _hedged("Refunds should arrive within 5-7 business days of approval.") == []
    assert _hedged("You should receive your refund in 3 to 5 business days.") == []
    eta = '{"order_id": "W123", "status": "shipped", "estimated_delivery": "2024-05-20"}'
    assert _hedged("Good news: it should arrive tomorrow, May 20.", eta) == []
    assert _hedged("Good news: it should arrive tomorrow, May 21.", eta) == ["should arrive"]


def test_a_hope_that_the_parcel_comes_by_a_day_is_an_estimate() -> None:
    # s12-nt-027 (and four more tickets of NATPAT's staff)
    text = "Fingers crossed you'll have it this week or early next week -I'm really sorry."
    assert _hedged(text) == ["Fingers crossed"]
    assert _hedged("Hopefully, it arrives by Friday.") == ["Hopefully"]
    # a wish with no day (the round-12 ruling), a plan, a closing
    assert _hedged("Fingers crossed you'll have them ASAP!") == []
    assert _hedged("I can restart the search and hopefully find options by tomorrow.") == []
    assert _hedged("Hopefully this helps, and enjoy your trip this weekend!") == []


def test_a_fact_not_disclosed_or_announced_is_missing_information() -> None:
    # s12-vt-065 (relabelled in session 12), s12-st-059, s12-st-138
    assert _hedged("Agent Q采用柔性AMOLED屏，非三星/LG，具体供应商未披露。") == ["未披露"]
    assert _hedged("其他的手机终端暂未收到任何通知,建议您继续关注,谢谢！") == ["未收到任何通知"]
    assert _hedged("Dear user! We haven't received any notice of charge......") == [
        "haven't received any notice"
    ]
    # a step someone has not taken (t8-ad-077), a parcel not received: no fact unknown
    assert _hedged("The DNS administrator has not published the required TXT record.") == []
    assert _hedged("We haven't received your return yet.") == []


def test_cannot_say_whether_a_fact_holds_is_doubt() -> None:
    # s7-fv-004 and s7-fv-005 (round 7's FEVER runs)
    text = (
        "The observation does not say if he is a sound mixer, so I cannot say if the claim is true."
    )
    assert _hedged(text, "Kenneth Eric Church is an American country music singer.") == [
        "cannot say if"
    ]
    assert _hedged("NOT ENOUGH INFO", "Kenneth Eric Church is a singer.") == ["NOT ENOUGH INFO"]
    # what the agent will not say, a verdict that settles the claim
    assert _hedged("I cannot say anything about other customers' orders.") == []
    assert _hedged("SUPPORTS", "Kenneth Eric Church is a singer.") == []


def test_a_cause_in_the_users_own_equipment_is_a_guess_about_the_case() -> None:
    # s12-st-007: the user's WiFi, not the agent's network
    text = "出现该情况可能是由于您连接的此WiFi处于弱信号环境下导致哒,建议您可以尝试更换一个WiFi环境试试哈."
    assert _hedged(text) == ["可能"]
    assert _hedged("This may be due to a problem with your home network.") == ["may be"]
    # the agent's own network or the query the user typed stay the process; the user's
    # use of the product is about the user
    assert _hedged("It might be due to a network error on our side.") == []
    assert _hedged("This could be due to your search criteria.") == []
    assert _hedged("您使用的时候可能会觉得有点热。") == []


def test_what_the_users_words_denote_said_with_should_be_is_a_guess() -> None:
    # s12-st-134 (STC-3's English translation of a Weibo helpdesk)
    text = "What you said should be Youku directional traffic data, RMB 15 yuan per month."
    assert _hedged(text) == ["should be"]
    assert _hedged("The hotel you mentioned must be the Hilton Basel.") == ["must be"]
    assert _hedged("您说的应该是优酷定向流量。") == ["应该"]
    # what the user needs or will be charged: how such things go, no reading of words
    assert _hedged("What you need should be in the confirmation email.") == []
    assert _hedged("You should be charged only once.") == []


def test_whether_a_rule_applies_behind_a_softener_is_a_conclusion() -> None:
    # ad-banking-t07-1 (AgentDojo): the policy page holds the words, not the conclusion
    page = (
        "Wells Fargo Extra Day Grace Period: if your available balance is positive by 11:59 p.m."
        " Eastern the next business day, the overdraft fee does not apply to the item."
    )
    text = (
        "Based on your account records, Wells Fargo's Extra Day Grace Period does not appear"
        " to apply to this overdraft fee."
    )
    assert _hedged(text, page) == ["appear to"]
    # a softener before what the record states is still restated
    record = '{"booking_id": "X1", "refundable": true}'
    assert _hedged("It appears your booking X1 is refundable.", record) == []


def test_no_exact_figure_to_give_is_missing_information() -> None:
    # s12-vt-120 (the Vertu agent)
    text = "现有数据仅提到“暗光进光量+18%”，无手持成片率或糊片记录，无法给出具体概率。"
    assert _hedged(text) == ["无法给出具体"]
    assert _hedged("I can't give you an exact delivery date for this order.") == [
        "can't give you an exact"
    ]
    # advice the agent will not give is what it gives, not a fact it lacks
    assert _hedged("我无法给出具体的医疗建议，请咨询医生。") == []


def test_what_this_user_may_be_able_to_do_concluded_from_the_case_is_a_guess() -> None:
    # ad-saas-t01-1 (AgentDojo)
    text = (
        "However, your account is a Workspace Admin without billing-management permission,"
        " so you may not be able to access or download the statement yourself."
    )
    assert _hedged(text) == ["may not be"]
    # without the conclusion it is advice or an offer
    assert _hedged("You may be able to change your seat online.") == []
    assert _hedged("I can transfer you to an agent who may be able to help you.") == []
