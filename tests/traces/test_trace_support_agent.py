"""User turns and hedges of an LLM customer-support agent with tools (an airline, a retail
shop) and its customer: session 27's hand-written rows (``data/``, no public data; labels
committed before any detector ran on them), and the rules written on their misses, each with
a sentence it fires on and one it does not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from projeval.traces.hedges import Lexicon, find_hedges
from projeval.traces.turns import rule_turn

DATA = Path(__file__).parent / "data"

# Rows the rules miss on purpose, with the reason a rule would be wrong.
_HEDGE_MISSES = {
    # "doesn't come in white" is read from what the result's colour list leaves out; the
    # softener case needs a result that states the fact, and telling a list's omission from a
    # guess would need the negated value matched to the list's field: no general rule yet
    "s27-h043": "a negation the result implies only by what its list leaves out",
}


def _rows(name: str) -> list[dict[str, Any]]:
    with (DATA / name).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _cases(*names: str) -> list[Any]:
    return [pytest.param(r, id=r["id"]) for name in names for r in _rows(name)]


@pytest.mark.parametrize("row", _cases("support27_turns.jsonl", "support27_lead_turns.jsonl"))
def test_a_support_turn_has_its_label(row: dict[str, Any]) -> None:
    assert rule_turn(row["text"], previous=row["previous"]) == row["label"]


@pytest.mark.parametrize("row", _cases("support27_hedges.jsonl"))
def test_a_support_agent_message_is_hedged_as_labelled(row: dict[str, Any]) -> None:
    if row["id"] in _HEDGE_MISSES:
        pytest.xfail(_HEDGE_MISSES[row["id"]])
    hedges = find_hedges(
        Lexicon.load(["en", "zh"]), row["text"], row["latest_result"], user=row.get("user")
    )
    assert bool(hedges) == row["hedge"], [h.sentence for h in hedges]


def _hedged(text: str, latest: str | None = None) -> list[str]:
    return [h.match for h in find_hedges(Lexicon.load(["en", "zh"]), text, latest, gate="rules")]


REFUSED = "I'm sorry, but basic economy reservations cannot be modified."


def test_asking_for_a_person_is_a_transfer_asked_for() -> None:
    assert rule_turn("Can I speak to a supervisor then?", previous=REFUSED) == "request"
    assert rule_turn("Could I talk to someone else?", previous=REFUSED) == "request"
    # a fact about it asked stays a question
    wait = "How long is the wait to speak to a supervisor?"
    assert rule_turn(wait, previous=REFUSED) == "question"


def test_what_the_rules_allow_under_a_supposition_is_asked() -> None:
    deny = "I'm sorry, but basic economy flights cannot be cancelled without insurance."
    what_if = "What if I upgrade to economy first, could I cancel then?"
    assert rule_turn(what_if, previous=deny) == "question"
    # the agent asked to act under it stays a request
    waive = "What if I upgrade to business, could you waive the bag fee?"
    assert rule_turn(waive, previous=deny) == "request"


def test_a_variant_not_listed_is_another_search() -> None:
    listed = (
        "The shoes are available in size 10 white ($154.75) and size 9 black ($155.33)."
        " Which option would you like?"
    )
    assert rule_turn("Is there a size 9.5 in white?", previous=listed) == "request"
    assert rule_turn("Do you have it in black?", previous=listed) == "request"
    # before any list it asks what the shop has; a fact of a listed one stays a question
    assert rule_turn("Do you have size 7?", previous="Which color?") == "question"
    assert rule_turn("Is the white one leather?", previous=listed) == "question"


def test_another_value_preferred_after_a_recap_answers_it() -> None:
    recap = "The $0.58 will be refunded to your Visa ending in 2217. Shall I proceed? (yes/no)"
    prefer = "Actually, I'd prefer the refund to go to my PayPal account instead."
    assert rule_turn(prefer, previous=recap) == "answer"
    # with nothing asked it corrects unprompted
    assert rule_turn(prefer, previous="Your refund has been issued.") == "other"


def test_the_agents_statement_confirmed_as_right_answers() -> None:
    stated = "Your reservation K8PQ2R is a one-way flight from BOS to MIA on May 18."
    assert rule_turn("Yes, that's the one.", previous=stated) == "answer"
    assert rule_turn("Yes, that's correct!", previous=stated) == "answer"
    # a new statement after the yes, nothing asked, is a remark
    assert rule_turn("Yes, my sister is flying with me.", previous=stated) == "other"


def test_a_troubleshooting_step_taken_up_reported_or_failed() -> None:
    check = "Please check whether airplane mode is turned on, and let me know what you see."
    assert rule_turn("Okay, I'll check now.", previous=check) == "answer"
    plain = "Please go to Settings > Mobile Network and turn on Mobile Data."
    assert rule_turn("Done, mobile data is on now.", previous=plain) == "answer"
    # a failed step after a plain instruction is told, not asked (session 28's ruling) ...
    failed = "I turned it on but it still doesn't work."
    assert rule_turn(failed, previous=plain) == "other"
    # ... it answers a step whose outcome was asked, and with "what next?" it asks for help
    restart = (
        "Let's try restarting your phone. Let me know once it's back on and whether data works."
    )
    assert rule_turn("It's back on, but still no data.", previous=restart) == "answer"
    assert rule_turn(failed + " What should I try next?", previous=plain) == "request"


def test_a_value_the_user_is_unsure_of_answers() -> None:
    which = "Which reservation would you like to modify?"
    assert rule_turn("The one to Boston. I think it's the second one?", previous=which) == (
        "answer"
    )
    # a doubt that asks the agent something is no value
    assert rule_turn("I think you can see it on my profile?", previous=which) != "answer"


def test_a_value_the_user_cannot_give_makes_the_act_a_lookup() -> None:
    which = "Which reservation would you like to modify?"
    lost = "I don't remember the reservation number. Can you look it up?"
    assert rule_turn(lost, previous=which) == "request"
    assert rule_turn("Can you modify the one to Boston?", previous=which) == "answer"


def test_declining_then_a_new_act_or_another_value() -> None:
    offer = "Would you like to add travel insurance for $30 per passenger?"
    assert rule_turn("No, but please add one checked bag.", previous=offer) == "request"
    same = "Do you want me to use the same passengers as the original reservation?"
    swap = "no, replace Juan with my daughter Mia Lopez, born 2010-07-22"
    assert rule_turn(swap, previous=same) == "answer"


def test_why_not_and_a_grievance_is_pushback() -> None:
    assert rule_turn("Why not? I paid a lot for this ticket.", previous=REFUSED) == "other"
    # a reason asked with nothing after it stays a question
    assert rule_turn("Why not?", previous=REFUSED) == "question"


def test_why_a_quoted_charge_is_so_high_is_a_question() -> None:
    quoted = "The new flight would cost $84 more. How would you like to pay the difference?"
    assert rule_turn("Wait, $84? Why is it so much more?", previous=quoted) == "question"
    # the r4 section's opener judges the shop
    assert rule_turn("Why are you so expensive?", previous="") == "other"


def test_an_act_about_a_kind_of_order_asks_the_policy() -> None:
    policy = "can i change the shipping address on an order that's still processing?"
    assert rule_turn(policy, previous="") == "question"
    assert rule_turn("Can I change the shipping address on my order?", previous="") == ("request")


def test_a_confirmation_email_the_agent_sent_is_its_process() -> None:
    done = '{"reservation_id": "4KTQ2L", "status": "cancelled"}'
    assert _hedged("You should receive a confirmation email shortly.", done) == []
    assert _hedged("You should receive them shortly.", done) == ["should receive"]


def test_the_users_input_named_as_the_cause_is_a_guess() -> None:
    missing = "Error: user not found"
    assert _hedged("You may have mistyped it; could you check it again?", missing) == ["may"]
    assert _hedged("A human agent may be able to help you further.", missing) == []


def test_an_approximate_total_of_held_prices_is_worked() -> None:
    items = '{"items": [{"price": 142.1}, {"price": 120.37}]}'
    assert _hedged("The two items together come to approximately $262.", items) == []
    assert _hedged("The two items together come to approximately $300.", items) == ["approximately"]


def test_an_approximate_price_difference_of_two_variants_is_worked() -> None:
    variants = (
        '{"variants": {"4107812777": {"options": {"size": "9"}, "price": 155.33},'
        ' "1775591963": {"options": {"size": "10"}, "price": 154.75}}}'
    )
    refund = "The exchange would give you a refund of about $0.58, the price difference."
    assert _hedged(refund, variants) == []
    assert _hedged(refund.replace("0.58", "5"), variants) == ["about $5"]
    # a count is no price: the differences of small whole numbers hold most counts
    sizes = '{"variants": {"a": {"stock": 9}, "b": {"stock": 6}}}'
    assert _hedged("That leaves about 3 pairs after the exchange.", sizes) == ["about 3"]


def test_a_purpose_after_the_agents_plan_is_the_plans() -> None:
    plan = "Let me look up the reservation so I can see which options might apply."
    assert _hedged(plan) == []
    # no plan before it: a guess about what applies
    assert _hedged("Your fare is basic economy, so I can see which options might apply.") == [
        "might"
    ]


def test_a_discrepancy_with_what_the_user_said_reads_the_record_back() -> None:
    record = '{"reservation_id": "Q7TZ1M", "passengers": [{"first_name": "Lena", "last_name": "Okafor"}]}'
    text = (
        "It appears there's a discrepancy: the reservation lists only one passenger, Lena"
        " Okafor, but you mentioned two."
    )
    assert _hedged(text, record) == []
    # a discrepancy the record does not show stays a guess
    guess = "It appears there's a discrepancy: the airline may have split your booking."
    assert _hedged(guess, record) != []


def test_it_would_seem_is_a_softener() -> None:
    variants = '{"variants": {"9791469541": {"options": {"size": "9", "color": "white"}, "available": false}}}'
    assert _hedged("It would seem the white size 9 is not available.", variants) == []
    assert _hedged("It would seem the parcel was lost in transit.", variants) == ["would seem"]


def test_a_chinese_records_status_and_a_sold_out_cabin_are_read_back() -> None:
    order = '{"order_id": "DD20240518001", "status": "已发货", "items": [{"name": "电饭煲"}]}'
    assert _hedged("看起来您的电饭煲已经发货了。", order) == []
    assert _hedged("看起来您的电饭煲已经签收了。", order) != []  # a status it does not give
    flight = '{"flight_no": "MU5138", "cabin": {"公务舱": {"price": 3290, "left": 0}}}'
    assert _hedged("似乎这个航班的公务舱已经没有余票了。", flight) == []
    assert _hedged("似乎这个航班的公务舱已经没有余票了。", '{"left": 2}') != []


def test_a_guess_conceded_after_an_offer_stays_a_guess() -> None:
    offer = "If you'd like, I can rebook you, though the new flight may also be delayed."
    assert _hedged(offer) == ["may"]
    # the condition's own modal is still the hypothetical
    assert _hedged("If you'd like, I can rebook you on a flight that may suit you better.") == []


def test_a_record_said_not_to_exist_is_not_found() -> None:
    assert _hedged("抱歉，没有找到订单DD1。", "错误：订单不存在") == []
    assert _hedged("I could not find that user.", "Error: user does not exist") == []
    # a record that holds data says nothing is missing from it
    assert _hedged("抱歉，没有找到这个订单的物流信息。", '{"order_id": "1"}') == ["没有找到"]


def test_what_each_extra_unit_costs_is_policy() -> None:
    text = "Gold members get 3 free bags, so any additional bags may cost $50 each."
    assert _hedged(text) == []
    assert _hedged("Your additional bag may cost $50.") == ["may"]
    # a charge the rules may add, not a thing that may hold of another case
    assert _hedged("Changes are allowed, but the fare difference may apply.") == []
    assert _hedged("Nairobi had no results, so the same might apply for Mombasa.") == ["might"]


def test_other_customers_data_refused_is_policy() -> None:
    assert _hedged("I'm unable to provide information about other customers' orders.") == []
    assert _hedged("I'm unable to provide information about your order's status.") != []


def test_where_the_user_may_look_is_an_instruction() -> None:
    look = "You might find the reservation number in your confirmation email."
    assert _hedged(look, '{"user_id": "omar_davis_3817"}') == []
    # what the box holds, found by the user (round 16's snack bot) stays a guess
    assert _hedged("You might discover new favorites like matcha bites.") == ["might"]


def test_when_a_parcel_arrives_is_a_guess_and_a_refund_time_is_policy() -> None:
    moving = '{"status": "in transit"}'
    parcel = "Your package is in transit and should arrive within the next 2-3 days."
    assert _hedged(parcel, moving) == ["should arrive"]
    assert _hedged("Refunds should arrive within 5-7 business days of approval.") == []


def test_the_agents_own_assumption_counts() -> None:
    assert _hedged("I'm assuming you want the refund on the original card.") == ["assuming"]
    assert _hedged("All conditions are met, assuming the window is open.") == []


def test_i_think_before_should_of_the_users_case_is_a_guess() -> None:
    assert _hedged("I think the refund should go back to your original PayPal account.") == [
        "I think"
    ]
    assert _hedged("I think you should bring your receipt.") == []


def test_declining_to_promise_the_users_outcome_leaves_it_open() -> None:
    waive = "I can't promise the airline will waive the fee; our supervisors decide."
    assert _hedged(waive) == ["I can't promise"]
    # a time not promised is a processing time; deflecting a topic is no missing fact
    assert _hedged("I can't promise it will arrive by Friday.") == []
    assert _hedged("I can't predict the weather, but I can help with your order.") == []


def test_an_item_returned_is_no_process() -> None:
    # "returned" in the passive is the order's fact, not what a call returned
    text = "The book was returned by someone else, probably your son."
    assert _hedged(text, '{"status": "delivered"}') == ["probably"]
    assert _hedged("The search returned nothing, probably a timeout.", "Error: timeout") == []
