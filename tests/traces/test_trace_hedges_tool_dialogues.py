"""Hedge rules by class of language written in session 13 on rounds 13 and 15, unsealed to
tune on: GPT-4's thoughts over tool-use dialogues (MTU-Bench), a Chinese hotel assistant,
ToolACE's GPT-4 tool dialogues (English and Chinese) and a Chinese price agent. Each rule
has a sentence it fires on and one it does not."""

from __future__ import annotations

from projeval.traces.hedges import Lexicon, find_hedges


def _hedged(text: str, latest: str | None = None) -> list[str]:
    # The hand rules alone (the learned gate has its tests in test_trace_hedges.py).
    return [h.match for h in find_hedges(Lexicon.load(["en", "zh"]), text, latest, gate="rules")]


def test_what_the_users_request_leaves_out_is_the_users_input() -> None:
    # a thought about the user's request: what is missing is what the user has to give
    assert _hedged("The city is not specified by the user.") == []
    assert _hedged("The user hasn't mentioned the date. It is not clear which day.") == []
    assert _hedged("Since the city is not mentioned for the first request, I will skip it.") == []
    assert _hedged("Without your member ID, I'm unable to retrieve your balance.") == []
    assert _hedged("It's unclear what kind of trip they're interested in.") == []
    assert _hedged("I don't have information on his home city.") == []
    # the next sentence says the call cannot be made without it
    assert _hedged("The time is not specified. I cannot call the booking API without it.") == []
    # a field of a found item that nothing states still counts (session 12's rule)
    assert _hedged("Unfortunately, the car type is not specified.") == ["is not specified"]
    assert _hedged("The time is not specified. Would you like another table?") == [
        "is not specified"
    ]


def test_not_knowing_the_agents_next_step_or_call_is_process() -> None:
    assert _hedged("We cannot determine which API to call yet. No API call can be made.") == []
    assert _hedged("There is not enough information to decide whether to call the API.") == []
    assert _hedged("There is not enough information about the museum's hours.") == [
        "not enough information"
    ]


def test_an_assumption_that_fills_a_value_is_a_guess() -> None:
    assert _hedged("We can assume they want the last train we suggested.") == ["We can assume"]
    assert _hedged("Here, I've assumed the temperature to be 75 degrees.") == ["I've assumed"]
    assert _hedged("I assume that the user wants the late fees.") == ["I assume"]


def test_a_guess_at_what_the_user_wants_is_about_the_user() -> None:
    assert _hedged("It's likely they want a hotel there.") == []
    assert _hedged("Thought: The user asked about music. It seems they want a song.") == []
    assert _hedged("Thought: The user asked about music. They might need a playlist.") == []
    # what a name the user gave denotes is a guess about the meaning of their words
    assert _hedged(
        "Thought: The user gave a name. It seems like a name, which could be the name of an artist."
    ) == ["could be"]
    assert _hedged("The user mentioned the name of a place which could be a park.") == ["could be"]
    assert _hedged("The user mentioned a place which could be a park.") == []


def test_what_the_agents_own_call_will_get_and_the_dialogue_are_process() -> None:
    assert _hedged("This might yield results for different hotels.") == []
    assert _hedged("Lacking the specifics might result in generic results.") == []
    assert _hedged("The conversation seems to be concluding.") == []
    assert _hedged("The hotel might be full that night.") == ["might be"]


def test_what_a_kind_of_thing_tends_to_do_is_the_general_case() -> None:
    assert _hedged("Fans are likely to buy products featuring a popular manager.") == []
    assert _hedged("Central banks might alter interest rates to steer growth.") == []
    assert _hedged("Companies that make more money are more likely to pay dividends.") == []
    assert (
        _hedged("- **Attitudes**: States with a hunting culture, like Texas, may have laws.") == []
    )
    assert _hedged("In some jurisdictions, there might be stricter enforcement.") == []
    # this case's things, a name, or a guess about the user's own things still count
    assert _hedged("The hotels might be full that weekend.") == ["might be"]
    assert _hedged("Thomas Edison is probably the inventor.") == ["probably"]
    assert _hedged("Flights to Paris might be sold out.") == ["might be"]
    # ("might mean" a lexicon phrase since session 18: what this may mean for the case)
    assert _hedged("Symptoms like these might mean your bag was lost.") == ["might mean"]


def test_the_agents_own_self_and_limits_are_no_missing_fact() -> None:
    assert _hedged("As an AI, I don't have personal tastes or preferences.") == []
    assert _hedged("I don't have a favorite food category.") == []
    assert (
        _hedged("I can't provide that since it's beyond my current toolset's capabilities.") == []
    )
    assert _hedged("As an AI text-based assistant, I'm unable to provide a download link.") == []
    assert _hedged("As an AI, I don't know the current date.") == ["I don't know"]


def test_no_access_to_data_about_a_fact_is_missing_information() -> None:
    assert _hedged("I don't have access to specific data about how often they post.") == [
        "I don't have"
    ]
    assert _hedged("I don't have real-time access to specific game details.") == ["I don't have"]
    # access to a system or its tools is the process
    assert _hedged("I don't have access to hotel booking systems.") == []
    assert _hedged("I don't have access to real-time weather data tools.") == []
    assert _hedged("I am not currently able to provide more detailed information.") == [
        "not currently able to provide"
    ]


def test_a_softener_about_the_users_message_is_about_the_user() -> None:
    assert _hedged("It looks like the URL was not included in your message.") == []
    assert _hedged("It looks like the URL is broken.") == ["looks like"]


def test_a_field_the_result_holds_empty_is_read_back() -> None:
    result = '{"name": "Ethereum", "max_supply": null}'
    assert _hedged("- Max Supply: It is not specified.", result) == []
    assert _hedged("- Max Supply: It is not specified.", '{"name": "Ethereum"}') == [
        "is not specified"
    ]


def test_an_apology_formula_is_politeness() -> None:
    assert _hedged("We're sorry for any inconvenience it may have caused.") == []
    assert _hedged("The delay may have caused the missed connection.") == ["may"]


def test_an_average_of_the_results_values_is_a_computation() -> None:
    prices = '[{"date": "2025-04-01", "price": 4.45}, {"date": "2025-04-02", "price": 4.55}]'
    assert _hedged("4月的平均价格约为4.50元/公斤。", prices) == []
    assert _hedged("价格在4.50元左右波动，均价如上。", prices) == []
    assert _hedged("价格区间：4.45元/方 ~ 4.55元/方", prices) == []
    # outside the result's values, or no average named, it is an estimate
    assert _hedged("4月的平均价格约为6.50元/公斤。", prices) == ["约为"]
    assert _hedged("明天的价格约为4.50元/公斤。", prices) == ["约为"]


def test_a_price_that_may_move_is_a_caveat() -> None:
    assert _hedged("实际交易中可能会因运输、采购量等因素略有浮动。") == []
    assert _hedged("这批货可能已经发出了。") == ["可能"]


def test_the_user_as_the_subject_of_a_chinese_thought() -> None:
    assert _hedged("用户不知道具体的赛季ID。") == []
    assert _hedged("用户提到了2024赛季，但没有提供具体的数字ID。") == []
    assert _hedged("我的工具需要ID，但用户无法提供这些信息。") == []
    assert _hedged("用户说了城市，酒店没有提供早餐信息。") == ["没有提供"]


def test_no_data_of_a_kind_is_missing_information_in_chinese() -> None:
    assert _hedged("目前没有直接的权威数据可以查询到具体的日需求量。") == ["没有直接的权威数据"]


def test_a_chinese_recommendation_and_a_place_without_a_service() -> None:
    assert _hedged("我觉得如家快捷酒店和汉庭酒店都是不错的地方。") == []
    assert _hedged("北京贵都大酒店没有提供该服务。") == []
    assert _hedged("赛事方没有提供具体的赛程信息。") == ["没有提供"]
    assert _hedged("我觉得这家酒店可能已经满房了。") != []


def test_depending_on_and_some_cases_are_no_guess_about_this_case() -> None:
    assert _hedged("Depending on your destination, walking might be a viable alternative.") == []
    assert _hedged("There might still be some situations where a manual review is needed.") == []
    assert _hedged("There might still be a seat on the later train.") == ["might"]


def test_licenses_that_may_change_or_have_exceptions_are_a_caveat() -> None:
    assert _hedged("Check each license, as they may change or have certain exceptions.") == []
    assert _hedged("The airline may change the gate.") == ["may"]
