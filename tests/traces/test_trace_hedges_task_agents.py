"""Hedge rules by class of language written in session 9 on rounds 10 and 10b, unsealed to
tune on: task and shopping agents over a database (InstructTODS, SIMMC 2.1), a plugin
assistant (MOSS), a booking receptionist and human customer-service agents. Each rule has a
sentence it fires on and one it does not."""

from __future__ import annotations

from projeval.traces.hedges import Lexicon, find_hedges


def _hedged(text: str, latest: str | None = None) -> list[str]:
    # The hand rules alone (the learned gate has its tests in test_trace_hedges.py).
    return [h.match for h in find_hedges(Lexicon.load(["en", "zh"]), text, latest, gate="rules")]


def test_a_database_agents_nothing_found_in_words_is_restated() -> None:
    sorry = "I'm sorry, but I couldn't find any Thai restaurants that match your criteria."
    assert (
        _hedged(sorry, "There is nothing that fits the criteria. Ask for more information.") == []
    )
    assert _hedged(sorry, "There are no rows in the dataframe where food is thai.") == []
    assert _hedged(sorry, 'The "siam palace" is not in the dataframe.') == []
    # after a result that holds data, or none at all, the apology is the hedge
    assert _hedged(sorry, "name: siam palace, food: thai, area: centre") == ["couldn't find"]
    assert _hedged(sorry, "none") == ["couldn't find"]


def test_the_agents_search_failing_in_other_words_is_missing_information() -> None:
    assert _hedged("I can't seem to locate a romantic movie.") == ["can't seem to locate"]
    assert _hedged("Nothing I found matches your criteria.") == ["Nothing I found"]
    assert _hedged("I was not able to find a clear answer to your question.") == [
        "not able to find"
    ]
    # "matches" the noun after a process word still reads as the process
    assert _hedged("The search returned no matches.", "[]") == []


def test_an_attribution_reported_is_a_guess() -> None:
    assert _hedged("Thomas Edison is generally credited with inventing the light bulb.") == [
        "generally credited"
    ]
    assert _hedged("Refunds are generally processed within 5 days.") == []


def test_a_shops_flat_absence_is_no_missing_information() -> None:
    assert _hedged("I don't have anything matching that description.") == []
    assert _hedged("Sorry, I don't have more.") == []
    assert _hedged("I don't have any rooms left for Friday.") == []
    # information the agent lacks still is
    assert _hedged("I don't have any information on the Fitzwilliam Museum.") == ["I don't have"]
    assert _hedged("I don't have anything about your order in my records.") == ["I don't have"]


def test_what_one_ought_to_do_said_with_yinggai_is_no_guess() -> None:
    assert _hedged("同时，应该加强公众的环保意识，提高人们对环境保护的认识。") == []
    assert _hedged("我们也应该注重引导人工智能技术的应用方向。") == []
    assert _hedged("您的快递应该明天就到了。") == ["应该"]


def test_a_question_after_a_colon_leaves_the_claim_before_it() -> None:
    text = "I'm sorry it looks like the film has gone out of the theaters: Is there another you'd like?"
    assert _hedged(text) == ["looks like"]
    assert _hedged("Is there another movie, or maybe a comedy?") == []


def test_a_caveat_the_desks_reply_states_is_restated() -> None:
    reply = "We take walk-ins right now, this could change with barbers getting more appointments."
    text = "We are accepting walk-ins, but availability may change as more appointments come in."
    assert _hedged(text, reply) == []
    assert _hedged(text, "Walk-ins: yes. Barbers: John, Mike.") == ["may"]


def test_an_approximate_number_for_the_user_is_still_an_estimate() -> None:
    assert _hedged("An UberSUV car can pick you up in ~23 mins.") == ["~2"]
    assert _hedged("The amount you owe should be approximately $74.35.") == ["approximately"]
    # a modal about the user is not
    assert _hedged("An agent who may be able to help you will call.") == []


def test_only_before_an_amount_is_no_negation() -> None:
    text = "It looks like the cinema has showtimes at 6:00pm and tickets are only $6."
    assert _hedged(text, "") == ["looks like"]
    # "the only option" after an empty search restates it (an empty list: an empty text
    # states nothing, session 12)
    assert _hedged("It looks like the 6:00pm show is the only option.", "[]") == []


def test_asking_the_user_for_more_information_in_chinese_is_a_plan() -> None:
    assert _hedged("对不起，我需要更多信息才能回答您的问题。请问还剩下多少薯片呢？") == []
    assert _hedged("我需要更多信息来确定这个词的意思。") == ["需要更多信息"]


def test_an_approximation_of_a_formula_written_out_is_worked() -> None:
    assert _hedged("因此，石材的面积大约为π×(4.5²−3.5²)≈47平方米。") == []
    assert _hedged("这个三角形的面积约为109.86平方单位。") == ["约为"]


def test_an_opinion_of_worth_is_a_judgement_not_a_guess() -> None:
    assert _hedged("我认为SpaceX是一个非常出色的公司。") == []
    assert _hedged("我认为，免费义务教育的全面普及是农村教育发展的一个重要措施。") == []
    assert _hedged("I think the Apollo program was a truly remarkable achievement.") == []
    # what "I think" says of a fact is still a guess
    assert _hedged("我认为您的包裹明天会到。") == ["我认为"]
    assert _hedged("I think the flight leaves at 9 am.") == ["I think"]


def test_a_chinese_cause_naming_the_agents_own_tool_is_process() -> None:
    assert _hedged("很抱歉。可能是因为我无法找到计算器来帮助你。") == []
    assert _hedged("可能是因为仓库漏发了赠品。") == ["可能"]


def test_a_rules_window_for_the_user_stays_policy() -> None:
    text = "You should be able to change it online up until around 3 hours before the departure."
    assert _hedged(text) == []
