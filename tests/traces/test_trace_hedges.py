"""Hedge lexicon: boundaries, Chinese, exclusions, extensions, context."""

from __future__ import annotations

import pytest
from projeval.errors import ConfigError
from projeval.traces import linear
from projeval.traces.hedges import (
    MAX_CUES,
    MAX_RESULTS_READ,
    Lexicon,
    ResultsRead,
    available_languages,
    context,
    fact_words,
    find_hedges,
    gate_model,
    hedge_candidates,
    read_lexicon_file,
    sentence_span,
)
from trace_helpers import benchmark_script


def found(lexicon: Lexicon, text: str) -> list[tuple[str, str, str]]:
    return [(h.phrase, h.language, h.match) for h in lexicon.find(text)]


def test_shipped_languages() -> None:
    assert available_languages() == ("en", "zh")
    assert len(Lexicon.load(["en"])) > 40 and len(Lexicon.load(["zh"])) > 30


def test_word_boundaries_not_substrings() -> None:
    en = Lexicon.load(["en"])
    # "likely" is not found inside "unlikely" (a phrase of its own)
    assert found(en, "That is unlikely; the mightiest usually win.") == [
        ("unlikely", "en", "unlikely"),
        ("usually", "en", "usually"),
    ]
    assert found(en, "PROBABLY, Likely") == [
        ("probably", "en", "PROBABLY"),
        ("likely", "en", "Likely"),
    ]


def test_longest_phrase_wins_and_apostrophes_match_both_ways() -> None:
    en = Lexicon.load(["en"])
    assert found(en, "I\u2019m not  sure it is open.") == [
        ("I'm not sure", "en", "I\u2019m not  sure")
    ]
    assert found(en, "It should be able to, and should be done.") == [
        ("should be", "en", "should be")
    ]


def test_chinese_matches_phrases_without_spaces_and_honours_exclusions() -> None:
    zh = Lexicon.load(["zh"])
    assert found(zh, "这个工单可能已经超时了，但这不可能是真的。") == [("可能", "zh", "可能")]
    assert found(zh, "我不確定，大概兩小時。") == [
        ("我不確定", "zh", "我不確定"),
        ("大概", "zh", "大概"),
    ]


def test_extra_phrases_and_exclusions() -> None:
    lex = Lexicon.load(["en"], extra=["as best I can tell", "!probably not"])
    assert found(lex, "As best I can tell it is probably not late, probably.") == [
        ("as best I can tell", "extra", "As best I can tell"),
        ("probably", "en", "probably"),
    ]
    assert Lexicon.load(["en"]).extended([]) is Lexicon.load(["en"])


def test_context_window() -> None:
    text = "The ticket tkt_1 is probably going to breach within the hour, I think."
    hit = Lexicon.load(["en"]).find(text, window=10)[0]
    assert (hit.start, hit.end, hit.context) == (20, 28, "… tkt_1 is [probably] going to …")
    assert context("a\nb probably", 4, 12, 10) == "a b [probably]"


def test_unknown_language() -> None:
    with pytest.raises(ConfigError, match="no hedge lexicon for language 'fr'"):
        Lexicon.load(["fr"])


def test_lexicon_file_format() -> None:
    assert read_lexicon_file("# c\n\nmaybe\n  !maybe not \n") == (["maybe"], ["maybe not"])


def test_offsets_stay_right_when_lower_casing_changes_length() -> None:
    text = "İstanbul office: probably closed."  # "İ".lower() is two characters
    (hit,) = Lexicon.load(["en"]).find(text)
    assert (hit.match, text[hit.start : hit.end]) == ("probably", "probably")


def test_ascii_and_non_ascii_texts_find_the_same_phrases() -> None:
    # ASCII text skips the Chinese patterns; text with any other character runs both.
    lexicon = Lexicon.load(["en", "zh"])
    english = "It is probably fine."
    assert [h.phrase for h in lexicon.find(english)] == ["probably"]
    mixed = english + " 可能吧。"
    assert [h.language for h in lexicon.find(mixed)] == ["en", "zh"]
    assert [h.match for h in lexicon.find(mixed.replace("可能", "不可能"))] == ["probably"]


def test_a_phrase_that_starts_with_no_word_character_keeps_its_boundaries() -> None:
    # Phrases that all start with a word character are found behind one word-boundary test;
    # a suite's phrase starting with a mark is looked for the slower way, and both agree.
    plain = Lexicon.load(["en"])
    marked = plain.extended(["(tbc)"])
    text = "Doors open at 5 (tbc), likely_late but likely on time; 5likely, unlikely."
    # "unlikely" is a phrase of its own; "likely" is not found inside it
    assert [h.match for h in marked.find(text)] == ["(tbc)", "likely", "unlikely"]
    assert [h.match for h in plain.find(text)] == ["likely", "unlikely"]


def test_an_approximate_number_is_found_in_any_case_and_keeps_the_texts_spelling() -> None:
    lexicon = Lexicon.load(["en", "zh"])

    def estimates(text: str) -> list[str]:
        return [c.match.match for c in hedge_candidates(lexicon, text)]

    assert estimates("It takes ABOUT 5 hours.") == ["ABOUT 5"]
    assert estimates("It takes About 5 hours, 约3小时。") == ["About 5", "约3"]
    # "ſ" matches "s" only case-insensitively: such a text is read the slower way
    assert estimates("ſome 5 days left.") == ["ſome 5"]
    assert estimates("It takes about five hours.") == []


def test_sentences_before_a_point_are_those_read_up_to_it() -> None:
    # the boundaries of the whole text, found once, give what reading the text up to each
    # point finds: a stop right before the point ends a sentence whatever follows it, a
    # space between Chinese characters there does not
    from projeval.traces.hedges import _sentence_end, _sentences_before

    def read_up_to(text: str, end: int) -> list[tuple[int, int]]:
        spans, lo = [], 0
        for m in _sentence_end(text).finditer(text, 0, end):
            if text[lo : m.start()].strip():
                spans.append((lo, m.end()))
            lo = m.end()
        return spans[::-1]

    texts = ("用户说 这可能 不对。It ends.Next one! 还有 吗", "A. B.C\n\nD? e。。f")
    for text in (*texts, 'He said "no." Then "yes."Ok, the "cold".If so.'):
        for end in range(len(text) + 1):
            assert list(_sentences_before(text, end)) == read_up_to(text, end), (text, end)


def _hedged(text: str, latest: str | None = None) -> list[str]:
    # The hand rules alone: the learned gate has its own tests below.
    return [h.match for h in find_hedges(Lexicon.load(["en", "zh"]), text, latest, gate="rules")]


def test_the_other_results_since_the_agent_wrote_explain_a_cue_too() -> None:
    lexicon = Lexicon.load(["en", "zh"])
    first = '{"reservation_id": "ABC123", "origin": "JFK", "destination": "SEA", "insurance": "no"}'
    last = '{"reservation_id": "XYZ789", "origin": "LAX", "destination": "ORD", "insurance": "yes"}'
    softener = "It seems reservation ABC123 from JFK to SEA has no travel insurance."
    # after the last of two parallel lookups alone it reads as a guess; the first states it
    assert [h.phrase for h in find_hedges(lexicon, softener, last, gate="rules")] == ["seems"]
    assert find_hedges(lexicon, softener, last, gate="rules", other_results=[first]) == []
    # a guess no result explains still counts, whichever results came before it
    guess = "There might be a fare difference for the new date."
    hedges = find_hedges(lexicon, guess, last, gate="rules", other_results=[first, "[]"])
    assert [h.match for h in hedges] == ["There might be"]
    # and a number one of them holds is no estimate
    about = "The flight takes about 6 hours."
    assert [h.phrase for h in find_hedges(lexicon, about, last, gate="rules")] == ["about"]
    held = find_hedges(lexicon, about, last, gate="rules", other_results=['{"hours": 6}'])
    assert held == []


def test_results_read_keeps_those_since_the_model_last_wrote() -> None:
    read = ResultsRead()
    assert (read.latest, read.others()) == (None, [])
    read.add("r1")
    read.add(None)  # a result with no text
    read.add("r3")
    assert (read.latest, read.others()) == ("r3", ["r1"])
    read.wrote()
    # a text written now answers the latest result still, and no other
    assert (read.latest, read.others()) == ("r3", [])
    read.add("r4")
    assert (read.latest, read.others()) == ("r4", [])
    # a long run of results with no text between them: only the last few are read after
    for n in range(100):
        read.add(f"s{n}")
    assert read.latest == "s99"
    assert read.others() == [f"s{n}" for n in range(100 - MAX_RESULTS_READ, 99)]


def test_a_bare_modal_guess_about_the_data_counts() -> None:
    assert _hedged("I found three hotels that may fit the criteria.") == ["may"]
    assert _hedged("Nairobi had none, and the same might apply for Mombasa.") == ["might"]


def test_a_bare_modal_with_the_agent_as_subject_is_a_plan() -> None:
    assert _hedged("This means I may need to broaden the criteria.") == []
    assert _hedged("We might also try Kyoto.") == []


def test_a_bare_modal_in_an_offer_or_about_the_user_does_not_count() -> None:
    assert _hedged("An agent may help you with the refund.") == []
    assert _hedged("You might want to bring a jacket.") == []


def test_may_the_month_is_no_modal() -> None:
    assert _hedged("The trip starts on May 25th, 2025.") == []
    assert _hedged("The trip starts on 25 May.") == []
    assert _hedged("These options may suit the group.") == ["may"]


def test_may_the_month_heading_a_range_list_or_cell_is_no_modal() -> None:
    # A plan's headings, lists and tables name the month where a sentence would open
    # (trial 13, Tally's cash-flow agent): "May" then a range, a list or a cell's end.
    assert _hedged("### **Scenario Results (May – October 2026)**") == []
    assert _hedged("- **May – June:** You burn $6,500/month.") == []
    assert _hedged("| **May** | $180,000 | $0 |") == []
    assert _hedged("- **Rent:** $2,000 on the 1st (May, June, July)") == []
    assert _hedged("* **One-Time Costs (May):** 4,300") == []
    assert _hedged("Rent is due from May to July.") == []
    assert _hedged("| **Year 1 (May '26 - May '27)** | $150,000 |") == []
    # the modal opening a sentence still counts
    assert _hedged("May be closed on holidays, though.") == ["May be"]


def test_potential_options_are_a_plan() -> None:
    assert _hedged("Potential locations to explore might include Boulder.") == []


def test_a_reason_clause_after_a_plan_shares_the_plan() -> None:
    text = "Let me check the sessions directory, as it might contain logs."
    assert _hedged(text) == []
    assert _hedged("The lodge might be closed in May.") == ["might be"]


def test_a_guess_whose_subject_points_back_to_the_user_is_about_the_user() -> None:
    text = "The user corrected the group size. This smaller group will likely affect options."
    assert _hedged(text) == []
    asked = "The user confirmed the dates. They asked about airlines, which indicates they may be flexible."
    assert _hedged(asked) == []
    # pointing back to anything else, or a possessive "the user's", still counts
    clinics = "The clinics have good ratings, which indicates they may provide good care."
    assert _hedged(clinics) == ["may"]
    budget = "The user's budget is $200. It's likely that this budget is too low."
    assert _hedged(budget) == ["likely"]


def test_a_causal_guess_counts_when_one_cause_is_a_fact() -> None:
    both = "No results. This could be due to the query used or a lack of vans in the database."
    assert _hedged(both) == ["could be"]
    assert _hedged("No results. This could be due to the specific query used.") == []
    assert _hedged("No results, likely due to the criteria such as budget and rating.") == []
    assert _hedged("No results. This could be due to various reasons, including the query.") == []
    listed = "This could be due to various reasons, such as a lack of shows or the filtering."
    assert _hedged(listed) == ["could be"]


def test_an_action_as_subject_is_a_plan_but_an_ing_noun_is_not() -> None:
    assert _hedged("Asking about their meals might be valuable.") == []
    assert _hedged("Asking about their meals would probably be valuable.") == []


def test_an_action_as_subject_with_an_epistemic_adverb_predicts_this_case() -> None:
    # what this change will bring is a guess about the booking; a modal of possibility
    # after an action states what such an action may bring, as a rule does
    assert _hedged("Changing to a new date will likely incur a change fee.") == ["likely"]
    assert _hedged("Changing flights may incur a change fee.") == []
    assert _hedged("Calling the hotel ahead would likely help.") == []
    assert _hedged("Parking might be limited near the hotel.") == ["might be"]
    assert _hedged("During this time, sunrise is around 7:50 AM.") == ["around 7"]


def test_chinese_advice_to_a_generic_reader_is_general() -> None:
    assert _hedged("如果你有标注数据，那么监督学习可能更合适。") == []
    assert _hedged("这家酒店可能已经满房了。") == ["可能"]


def test_a_missing_statement_in_the_results_own_words_restates_it() -> None:
    result = '{"success": false, "message": "Currently, we cannot retrieve hotel information."}'
    assert _hedged("It seems I'm unable to retrieve hotel information for Denver.", result) == []
    assert _hedged("I'm unable to retrieve hotel information.", "Error: 500") == [
        "unable to retrieve"
    ]
    # a result that holds data, not a failure, is not restated by sharing its words
    data = '{"data": [{"type": "ticket", "id": "tkt_1", "next": "breach"}]}'
    assert _hedged("I'm not sure which ticket breaches next.", data) == ["I'm not sure"]


def test_a_capability_statement_is_process_not_missing_data() -> None:
    assert _hedged("I do not have the capability to book hotels.") == []
    assert _hedged("I don't have direct access to check availability calendars.") == []
    assert _hedged("I do not have the necessary information to even initiate a search.") == []
    assert _hedged("I do not have the hotel's check-in time.") == ["I do not have"]


def test_missing_input_from_the_user_is_about_the_user() -> None:
    text = "I do not have any information about museums, since you have not provided a city."
    assert _hedged(text) == []
    assert _hedged("Without knowing the origin, I cannot proceed with the booking.") == []
    assert _hedged("Without knowing the fare class, the fee is unclear.") == [
        "Without knowing",
        "unclear",
    ]


def test_what_the_user_cannot_find_is_about_the_user() -> None:
    # A new-user trial's support agent: "you can't find it" defines "lost" for the
    # customer; the agent's own "I can't find it" still states what it lacks.
    assert _hedged("Is the card lost (you can\u2019t find it) or stolen?") == []
    assert _hedged("You still can't find the receipt?") == []
    assert _hedged("I can't find the receipt for that order.") == ["can't find"]


def test_a_reading_attributed_to_the_results_is_no_softener() -> None:
    text = "Based on the search results, the cheapest option seems to be Europcar."
    assert _hedged(text) == []
    assert _hedged("The cheapest option seems to be Europcar.") == ["seems"]


def test_a_modal_in_an_embedded_question_claims_nothing() -> None:
    assert _hedged("Write a paragraph to show how good an article could be.") == []


def test_a_recommendations_judgement_is_no_guess() -> None:
    assert _hedged("The Midsize from Thrifty may be a decent moderate option.") == []
    assert _hedged("The Radisson looks like an affordable midscale hotel option.") == []
    assert _hedged("I think hiking in the countryside would be a great outdoor option.") == []
    assert _hedged("It will likely be the cheapest option for your dates.") == ["likely"]


def test_advice_the_agent_gives_is_a_plan() -> None:
    text = "I recommend keeping this flight over another airline, which may incur fees."
    assert _hedged(text) == []


def test_an_estimate_of_a_number_the_text_worked_out_or_converted_is_no_guess() -> None:
    worked = "Density = 21,000,000 / 2,194 \\approx 9,570. It is approximately 9,570 per km2."
    assert _hedged(worked) == []
    assert _hedged("It is sunny and 72°F (approximately 22°C).") == []
    assert _hedged("The drive is approximately 22 minutes.") == ["approximately"]


def test_a_number_inside_a_date_or_id_does_not_hold_an_estimate() -> None:
    result = '[{"id": 1, "checkin_date": "2024-04-20", "booked": 0}]'
    assert _hedged("The train is about 20 minutes.", result) == ["about 2"]
    assert _hedged("The train is about 20 minutes.", '{"minutes": 20}') == []


def test_chinese_statements_that_something_still_needs_confirming_count() -> None:
    assert _hedged("具体哪一个是最新的还需要进一步确认。") == ["需要进一步确认"]


def test_the_agents_own_knowledge_is_its_process() -> None:
    assert _hedged("这些信息可能在我的现有知识库之外，因此需要搜索。") == []


def test_a_clock_time_the_result_holds_in_another_format_is_held() -> None:
    result = "resolved_at: '2026-07-06T18:42:03-07:00'"
    assert _hedged("The transfer was sent around 6:42 PM PT.", result) == []
    assert _hedged("The transfer was sent around 6:42 PM PT.", "resolved_at: 09:15") == ["around 6"]
    assert _hedged("The shuttle leaves at about 18:40.", "departs: 6:40 PM") == []


def test_an_estimate_no_result_holds_still_counts() -> None:
    assert _hedged("The drive takes approximately 5 hours.") == ["approximately"]
    assert _hedged("The drive takes approximately 5 hours.", "distance_km: 420") == [
        "approximately"
    ]


def test_an_approximation_word_inside_a_noun_term_is_a_field_name() -> None:
    assert _hedged("The estimated delivery date was July 7, so it has passed.") == []
    assert _hedged("Delivery takes an estimated 3 days.") == ["an estimated"]


def test_a_missing_phrase_in_a_condition_or_a_field_value_states_no_missing_fact() -> None:
    assert _hedged("If the return option is unavailable, contact Guest Services.") == []
    assert _hedged("- **Aid status:** Not available\n- **Restriction:** academic") == []
    assert _hedged("The current status and destination are not available.") != []


def test_an_option_or_access_that_is_unavailable_is_a_status_not_missing_information() -> None:
    assert _hedged("Your order is active, but access is unavailable in the standard app.") == []
    assert _hedged("The **Open a case** option is therefore unavailable until July 13.") == []
    assert _hedged("The tracking details are not available at the moment.") != []


def test_what_a_carrier_or_policy_may_do_is_policy_paraphrase() -> None:
    assert _hedged("Berkeley's service is free, while NSC may charge a verification fee.") == []
    assert _hedged("Even with a certificate, the bag will be searched and may be X-rayed.") == []
    assert _hedged("Expedited reviews may be decided within 72 hours.") == []
    assert _hedged("There might be a fare difference for the new date.") == ["There might be"]


def test_how_long_a_step_takes_is_a_processing_time() -> None:
    # "may take up to 3 days" is policy paraphrase; so is a vaguer span of time
    assert _hedged("Please confirm the change. It may take a moment to update.") == []
    assert _hedged("The update could take some time to show in your account.") == []
    assert _hedged("The update may fail because the seat map is locked.") == ["may"]


def test_a_missing_parameter_of_the_agents_own_call_is_process() -> None:
    # the agent reasons about its call's arguments (GUIDELINE: process narration)
    assert _hedged("由于缺少这两个关键参数，无法调用该工具。") == []
    assert _hedged("缺少seasonId将导致调用失败。") == []
    assert _hedged("batch_size 未指定，取默认值 20。") == []
    assert _hedged("There's no information about what functions are supported.") == []
    # a missing fact of the task still counts, in the system or from the API
    assert _hedged("缺少这场比赛的比分。") == ["缺少"]
    assert _hedged("There's no information about the gate in the system.") == ["no information"]


def test_a_list_joined_by_and_shares_its_subject() -> None:
    text = "Built-in functions like 'round', 'int', and 'math' modules were not available."
    assert _hedged(text) == []
    assert _hedged("I searched twice, and I couldn't find the booking.") == ["couldn't find"]


def test_the_user_not_giving_a_value_is_the_plan_to_ask_in_chinese_too() -> None:
    assert _hedged("用户尚未提供比赛编号，因此缺少必要信息。") == []
    assert _hedged("当前缺乏有效年份，无法安全调用工具；") == []
    assert _hedged("当前缺乏这场比赛的比分；") == ["缺乏"]


def test_a_need_to_confirm_whether_is_a_plan_to_check() -> None:
    assert _hedged("用户提供了用户名，需要确认该用户名当前是否可用。") == []
    assert _hedged("京东通常指北京东部地区，但需要确认。") == ["需要确认"]


def test_an_offer_in_a_chinese_condition_states_no_missing_fact() -> None:
    assert _hedged("如果您还有其他问题或需要更多信息，请随时告诉我。") == []
    assert _hedged("这家店需要更多信息才能确认营业时间。") == ["需要更多信息"]


def test_a_search_named_as_the_source_is_no_subject_of_the_missing_fact() -> None:
    assert _hedged("很抱歉，根据我的搜索，没有找到1月14日的新闻。") == ["没有找到"]
    assert _hedged("很抱歉，搜索工具没有找到结果。") == []
    # a tool named as the source of a requirement is still the process
    assert _hedged("根据工具说明，缺少比赛编号。") == []


def test_a_thought_about_the_agents_own_next_step_is_a_plan() -> None:
    assert _hedged("I think I can provide a concise answer based on this information.") == []
    assert _hedged("Hmm it looks like I can't reschedule to that flight.") == []
    assert _hedged("I think the museum closes at 5 PM.") == ["I think"]
    assert _hedged("It looks like the flight was cancelled.") == ["looks like"]


def test_an_approximation_in_worked_arithmetic_is_no_estimate() -> None:
    assert _hedged("I used 0.7071 (which is approximately cos(45°)) as the input.") == []
    sales = (
        "Sales rose from $81,797 million to $82,959 million, an increase of around $1,162 million."
    )
    assert _hedged(sales) == []
    assert _hedged("Sales rose from $81,797 million, an increase of around $1,000 million.") == [
        "around $1"
    ]


def test_a_statement_that_more_information_is_needed_counts() -> None:
    assert _hedged(
        "The details of the red teaming are sparse. More information would be needed."
    ) == ["More information would be needed"]


def test_an_enumeration_comma_does_not_end_a_chinese_clause() -> None:
    assert _hedged("因此必须向用户澄清需求以确定目标赛季、赛事及可能的筛选维度。") == []


def test_a_rule_for_a_kind_of_thing_is_policy_paraphrase() -> None:
    assert _hedged("Checked bags may incur an extra fee.") == []
    assert _hedged("Basic economy tickets may not be modified.") == []
    assert _hedged("Cancellations within 24 hours of booking may be eligible for a refund.") == []
    # the same predicate on this case's thing is a guess
    assert _hedged("Your ticket may not be modified after check-in.") == ["may not be"]
    assert _hedged("There might be a fare difference for the new date.") == ["There might be"]


def test_a_rule_in_a_clause_after_and_is_policy_paraphrase() -> None:
    # A Contoso Electronics support agent summing up its return policy
    # (PreiyaaKedia/agent-evaluation-v2, tests/corpora/formats/azure_eval_agent_rows.jsonl
    # line 2): the clause's "and" is no word of its subject, a bare plural.
    text = (
        "- Refunds are processed to the original payment method, and return shipping "
        "costs may apply depending on the situation."
    )
    assert _hedged(text) == []
    assert _hedged("The flight was rebooked, but change fees may apply.") == []
    # after "and", this case's own thing is still a guess
    assert _hedged("Your order was refunded, and a restocking fee may apply.") == ["may"]


def test_a_process_word_in_the_predicate_is_a_fact_unless_the_call_failed() -> None:
    text = "No outage is reported, so this is likely an equipment or connection issue."
    assert _hedged(text) == ["likely"]
    assert _hedged("This is likely a connection issue.", "Error: timed out") == []
    assert _hedged("The connection might have dropped.") == []  # the subject: the process
    assert _hedged("This is likely a problem with the tool.") == []  # names the tool


def test_an_epistemic_adverb_about_this_case_counts_with_you_in_it() -> None:
    assert _hedged("You likely do not need to print a label.") == ["likely"]
    assert _hedged("Gusto likely won't let you edit it yourself.") == ["likely"]
    # a modal with "you" is an option or advice, and an offer of help stays an offer
    assert _hedged("You may want to double-check your email.") == []
    assert _hedged("An agent will likely be able to help you.") == []


def test_a_softener_that_draws_a_conclusion_does_not_restate_the_result() -> None:
    result = '{"order": "A1", "return_window_end": "2026-07-11", "status": "outside return period"}'
    assert _hedged("The order A1 seems to be outside the return period.", result) == []
    assert _hedged(
        "The window ended July 11, so it seems to be outside the return period.", result
    ) == ["seems"]


def test_the_issues_classes_of_customer_support_answers() -> None:
    """Issue 16's classes, in the words of an airline or retail support agent."""
    # a softener restating what the latest result says
    assert _hedged("It seems there are no nonstop flights on May 6.", "[]") == []
    cancelled = '{"reservation_id": "ZFA04Y", "status": "cancelled"}'
    assert _hedged("It appears that your reservation has already been cancelled.", cancelled) == []
    # an offer of a human agent; a sentence about the user; modal possibility in advice
    assert _hedged("I can transfer you to a human agent who may be able to help.") == []
    assert _hedged("Please check wherever you might have stored the confirmation.") == []
    assert _hedged("Rebooking with another airline may incur significant fees.") == []
    # policy paraphrase; politeness
    assert _hedged("Refunds are typically processed within 5 to 7 business days.") == []
    assert _hedged("Is there anything else I may assist you with today?") == []
    assert _hedged("Please let me know if there is anything else I might help with.") == []
    # the true classes: a guess, an invented estimate, a statement of missing information
    flights = '[{"flight_number": "HAT002", "date": "2024-05-20"}]'
    assert _hedged("There might be a fare difference for the new flight.", flights) != []
    no_times = '{"flight_number": "HAT001", "origin": "JFK", "destination": "SFO"}'
    assert _hedged("Flight duration: approximately 5 hours.", no_times) == ["approximately"]
    assert _hedged("I couldn't find a reservation under that ID.", "") == ["couldn't find"]
    assert _hedged("Your bag was likely transferred to the connecting flight.") == ["likely"]


def test_an_approximation_that_rounds_or_converts_a_held_value_is_no_estimate() -> None:
    # the result holds the value more precisely, or in another unit
    assert _hedged("The current temperature in Paris is around 15°C.", '{"temp": 15.3}') == []
    assert _hedged("The city has a population of about 2.1 million.", '{"pop": 2102650}') == []
    assert _hedged("巴黎现在的气温约为15度。", '{"temperature": 15.3}') == []
    assert _hedged("It is 15°C, which is approximately 59°F.", '{"temperature": 15}') == []
    assert _hedged("The trail is 10 km, roughly 6.2 miles.") == []
    # no value it rounds or converts: an estimate
    assert _hedged("Paris has a population of about 2.1 million.", '{"city": "Paris"}') == [
        "about 2"
    ]
    assert _hedged("It is about 30 miles away.", '{"distance_km": 10}') == ["about 3"]


def test_what_the_agent_will_not_give_is_a_capability_not_a_missing_fact() -> None:
    assert _hedged("As an AI, I don't have personal opinions on this.") == []
    assert _hedged("我无法提供医疗建议。") == []
    assert _hedged("I cannot provide the tracking details.") == ["cannot provide"]
    # "it seems like I need to...": the agent's next step
    assert _hedged("It seems like I need to use the calculator.") == []
    assert _hedged("It seems like the store is closed.") == ["seems"]


def test_a_status_a_record_shows_is_no_missing_information() -> None:
    assert _hedged("The National option I booked is now showing as unavailable.") == []
    assert _hedged("The National rental's price is unavailable.") == ["unavailable"]


def test_a_comma_or_colon_inside_a_number_or_time_ends_no_clause() -> None:
    text = "It seems your flight LX0112 at 8:37 PM is the only available option today."
    assert _hedged(text, "[]") == []  # "only": no other, after an empty search
    assert _hedged(text, '[{"flight": "LX0112"}, {"flight": "LX0114"}]') == ["seems"]


def test_a_suggestion_or_a_recommendations_superlative_is_no_guess() -> None:
    assert _hedged("The title is generic and could be made more engaging.") == []
    assert _hedged("It lacks a hook that might make it more memorable.") == []
    assert _hedged("The Kunstmuseum is probably the can't-miss art museum.") == []
    assert _hedged("The Kunstmuseum is probably closed on Mondays.") == ["probably"]


def test_a_modal_in_a_conditional_sentence_is_a_hypothetical() -> None:
    text = "If Tesla confirms an earlier service, the appointment may need to be changed."
    assert _hedged(text) == []
    assert _hedged("There may be an additional fee if the new flight has a higher fare.") == []
    # without a condition the same modal guesses at this case
    assert _hedged("There may be an additional fee for the new flight.") == ["There may be"]
    # an epistemic adverb after the condition too (round 8b's ruling: "if it is controlled
    # well it is likely…" is the hypothetical); without one it guesses
    assert _hedged("If the fare is higher, the refund is likely smaller.") == []
    assert _hedged("The fare is higher, so the refund is likely smaller.") == ["likely"]


def test_doubt_about_a_fact_after_an_empty_result_still_counts() -> None:
    # the result says nothing was found, not whether the fact holds
    empty = "No more results."
    assert _hedged("I am not sure if the fare includes a checked bag.", empty) == ["I am not sure"]
    assert _hedged("So I cannot determine if the refund went through.", empty) == [
        "cannot determine"
    ]
    assert _hedged("我不确定这个订单是否已经退款。", "未找到") == ["我不确定"]
    # a statement that only says the search found nothing restates the result
    assert _hedged("I could not find any hotels.", "No hotels found.") == []
    assert _hedged("I cannot find anything on Bryan Howd.") == ["cannot find"]


def test_no_more_results_ends_a_lookup_and_says_nothing_was_found() -> None:
    # GUIDELINE, sealed round 7: "No more results." ends a lookup's pages; it does not say
    # the search found nothing, so a statement of missing information after it counts
    last_page = "No more results."
    assert _hedged("I cannot find anything on Bryan Howd.", last_page) == ["cannot find"]
    assert _hedged("I could not find any hotels.", "No results found.") == []


def test_a_check_whether_is_an_embedded_question() -> None:
    assert _hedged("I need to look up the fare rules to see if it is possible to change it.") == []
    assert _hedged("It is possible to change the fare for a fee.") == ["It is possible"]


# ---------------------------------------------------------------------------
# The learned gate (hedge_model.json, written by benchmarks/train_hedges.py)

train = benchmark_script("train_hedges")


def _gated(text: str, latest: str | None = None, source: str = "message") -> list[str]:
    lexicon = Lexicon.load(["en", "zh"])
    return [h.sentence for h in find_hedges(lexicon, text, latest, gate="model", source=source)]


def test_the_model_was_trained_on_the_labelled_files_as_they_are() -> None:
    model, threshold = gate_model()
    assert model.meta["data_digests"] == linear.data_digests(train.training_files())
    assert 0 < threshold < 1 and model.classes == ("false", "true")


def test_the_model_never_trains_on_a_sealed_set() -> None:
    names = [p.name for p in train.training_files()]
    sealed = {"hedges_sealed_r23.jsonl", "hedges_sealed_r24b.jsonl"}
    sealed |= {"hedges_sealed_r25.jsonl", "hedges_sealed_r26.jsonl"}
    sealed |= {"hedges_sealed_r36.jsonl"}
    assert set(train.SEALED) == sealed and not sealed & set(names)
    # rounds 28 and 29 (each measured once blind) were unsealed in session 29, rounds 30, 31 and
    # 32 in session 30, round 33 in session 31, round 34 in session 32, round 35 in session 34,
    # without a retrain: the rules were tuned on them, the model is not trained on them
    # (NOT_TRAINED)
    for tuned_here in (
        "hedges_sealed_r28.jsonl",
        "hedges_sealed_r29.jsonl",
        "hedges_sealed_r30.jsonl",
        "hedges_sealed_r31.jsonl",
        "hedges_sealed_r32.jsonl",
        "hedges_sealed_r33.jsonl",
        "hedges_sealed_r34.jsonl",
        "hedges_sealed_r35.jsonl",
    ):
        assert tuned_here in train.NOT_TRAINED and tuned_here not in names
    # rounds 6, 7, 8, 8b, 9, 9b, 10, 10b, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21, 22, 24 and
    # 27 were measured sealed, then unsealed to tune on
    tuned = {"hedges_sealed_r6.jsonl", "hedges_sealed_r7.jsonl", "hedges_sealed_r8.jsonl"}
    tuned |= {"hedges_sealed_r8b.jsonl", "hedges_sealed_r9.jsonl"}
    tuned |= {"hedges_sealed_r10.jsonl", "hedges_sealed_r10b.jsonl", "hedges_sealed_r11.jsonl"}
    tuned |= {"hedges_sealed_r9b.jsonl", "hedges_sealed_r12.jsonl"}
    tuned |= {"hedges_sealed_r13.jsonl", "hedges_sealed_r15.jsonl", "hedges_sealed_r16.jsonl"}
    tuned |= {"hedges_sealed_r17.jsonl", "hedges_sealed_r18.jsonl", "hedges_sealed_r19.jsonl"}
    tuned |= {"hedges_sealed_r20.jsonl", "hedges_sealed_r21.jsonl", "hedges_sealed_r22.jsonl"}
    tuned |= {"hedges_sealed_r24.jsonl", "hedges_sealed_r27.jsonl"}
    # session 22's answers set (chat answers to open prompts, labelled before any detector
    # ran on it) trains the gate too
    tuned |= {"hedges_answers.jsonl"}
    assert {"hedges.jsonl", *tuned} <= set(names)


def test_the_model_gate_reads_offers_restatements_guesses_and_missing_facts() -> None:
    # An offer, and a softener before a fact the latest result states: no hedge.
    assert _gated("If you'd like, a human agent may be able to help you with the refund.") == []
    assert _gated("It seems there are no nonstop flights on May 6.", "[]") == []
    # A guess with no source, and a statement of missing information: hedges.
    guess = "There might be a fare difference of about $50 for the new flight."
    # "might be" and "about $50" both count, each reported with the sentence
    assert set(_gated(guess, '{"flight": "HAT001", "status": "available"}')) == {guess}
    missing = "I couldn't find the baggage allowance for this reservation."
    assert _gated(missing, '{"reservation_id": "4WQ150", "cabin": "economy"}') == [missing]


def test_the_model_gate_reads_chinese() -> None:
    assert _gated("如果您需要，我可以帮您转接人工客服，他们可能会帮到您。") == []
    guess = "这个订单可能已经发货了。"
    assert _gated(guess, '{"order_id": "8812"}') == ["这个订单可能已经发货了。"]
    missing = "没有查到这个订单的物流信息。"
    assert _gated(missing, '{"order_id": "8812", "status": "已付款"}') == [missing]


def test_every_hedge_is_reported_with_its_sentence_and_the_gate_is_named() -> None:
    text = "The hotel is open. It probably closes at 10 PM, though."
    (hedge,) = find_hedges(Lexicon.load(["en"]), text, "{}", gate="rules")
    assert (hedge.match, hedge.sentence) == ("probably", "It probably closes at 10 PM, though.")
    with pytest.raises(ValueError, match="gate must be 'model' or 'rules'"):
        find_hedges(Lexicon.load(["en"]), text, gate="learned")


def test_candidates_name_the_rule_that_drops_them() -> None:
    lexicon = Lexicon.load(["en"])
    text = "Let me check whether it might be open. It is probably closed on Sundays."
    rules = [(c.match.match, c.rule) for c in hedge_candidates(lexicon, text)]
    assert rules == [("might be", "plan"), ("probably", "")]
    held = hedge_candidates(lexicon, "The trip takes about 3 hours.", '{"hours": 3}')
    assert [(c.match.match, c.rule) for c in held] == [("about 3", "estimate_held")]


def test_a_conclusion_drawn_with_a_modal_is_a_guess() -> None:
    # GUIDELINE, sealed round 7: "so it should be a film" concludes what no result states
    text = 'The observation says that it has been "adapted as a film", so it should be a film.'
    assert _hedged(text) == ["should be"]
    assert _hedged("Ingushetia is not in the U.S, so it could not have been founded there.") == [
        "could not have"
    ]
    # without "so" the same modal is how things usually are; a call's input is the agent's
    assert _hedged("Refunds should be processed within 7 days.") == []
    assert (
        _hedged("They asked for a private note, so we can infer is_public should be false.") == []
    )


def test_context_words_match_curly_apostrophes_too() -> None:
    # "I'll" is a plan word of hedge_context_en.txt; models write it with either apostrophe
    assert _hedged("I\u2019ll look for hotels that might fit.") == []
    assert _hedged("I'll look for hotels that might fit.") == []
    assert _hedged("There are hotels that might fit.") == ["might"]


def test_a_step_of_a_plan_or_an_instruction_is_no_claim() -> None:
    # a numbered step, a thought's subjectless "Need...", an instruction to the user
    assert _hedged("1. Identify which card appears to be the business card.") == []
    assert _hedged("2. From the results, identify spots likely in the $$ range.") == []
    assert _hedged("Need to retry the lookup, then pick likely primary checking.") == []
    assert _hedged("If you are not sure, tell me roughly how much it cost.") == []
    # an epistemic adverb before a step's verb, or inside an infinitive
    assert _hedged("Then likely cancel the full order and confirm.") == []
    assert _hedged("Give the user strategies to possibly beat the price.") == []
    # ... with an order word between (mk35, made-up, session 33)
    assert _hedged("Refund is allowed. Maybe first confirm the card with the user.") == []
    assert _hedged("Maybe first the fee was waived.") == ["Maybe"]
    # a clause of its own inside the step, or an aside, claims
    assert _hedged("Avoid filing it as a claim, since it is likely to be denied.") == ["likely"]
    assert _hedged("Ask whether to prefer Sakura (later hours, maybe nicer).") == ["maybe"]
    # a verb of the list as the subject's noun, an adverb after a subject: claims
    assert _hedged("Review scores might be outdated.") == ["might be"]
    assert _hedged("Your order is shipped and likely arrives Monday.") == ["likely"]
    assert _hedged("Note that the fare may be higher.") == ["may be"]


def test_an_estimate_field_the_result_holds_read_back_is_no_guess() -> None:
    refund = '{"rma_id": "RMA-1", "refund_estimate": {"amount": 199.99}}'
    assert _hedged("- Estimated refund: $199.99 to your card", refund) == []
    eta = '{"status": "In transit", "eta": "2025-10-25T20:00:00Z"}'
    assert _hedged("- Estimated delivery: by the end of 2025-10-25", eta) == []
    # no such field and no such value: the agent's own estimate
    assert _hedged("- Estimated refund: $199.99 to your card", '{"rma_id": "RMA-1"}') == [
        "Estimated"
    ]
    assert _hedged("- Estimated delivery: by the end of 2025-10-27", eta) == ["Estimated"]


def test_an_estimate_a_records_estimate_field_holds_is_read_back() -> None:
    # mk35 (made-up, session 33): the word of the record's estimate field, its value after it
    train = '{"train": "IC 512", "status": "late", "estimated_arrival": "2025-03-02T21:10:00"}'
    assert _hedged("IC 512 is now estimated to arrive at 9:10 PM.", train) == []
    assert _hedged("IC 512 is running late, to an estimated 9:10 PM.", train) == []
    # a value the field does not hold: the agent's own estimate
    assert _hedged("IC 512 is now estimated to arrive at 9:40 PM.", train) == ["estimated"]
    assert _hedged("IC 512 is running late, to an estimated 9:40 PM.", train) == ["an estimated"]
    # ... from an earlier record, the latest result another search
    lexicon = Lexicon.load(["en", "zh"])
    text = "IC 512 is running late, to an estimated 9:10 PM. IC 514 has seats."
    later = '[{"train": "IC 514", "seats": 12}]'
    assert [h.phrase for h in find_hedges(lexicon, text, later, gate="rules")] == ["an estimated"]
    records = [('{"train": "IC 512"}', train)]
    assert find_hedges(lexicon, text, later, gate="rules", records=records) == []


def test_a_softener_tagged_after_its_claim_restates_an_empty_search() -> None:
    # mk35 (made-up, session 33): ", it seems" after the claim governs the clause before it
    assert _hedged("There are no rooms left on the 9th, it seems.", "[]") == []
    assert _hedged("There are rooms left on the 9th, it seems.", "[]") == ["seems"]
    # ... and an earlier empty search, the one asked for the date named, though a later
    # search is the latest result
    lexicon = Lexicon.load(["en", "zh"])
    later = (
        '[{"flight_number": "NX40", "status": "available", "available_seats": {"economy": 5},'
        ' "prices": {"economy": 310}}]'
    )
    asked_9th = '{"origin": "OSL", "destination": "FCO", "date": "2025-05-09"}'
    asked_8th = '{"origin": "OSL", "destination": "FCO", "date": "2025-05-08"}'
    for claim in (
        "There are no nonstop flights from Oslo to Rome on May 9, it seems,",
        "It seems there are no nonstop flights from Oslo to Rome on May 9,",
    ):
        text = f"{claim} but on May 11, NX40 has 5 economy seats at $310."
        assert [h.phrase for h in find_hedges(lexicon, text, later, gate="rules")] == ["seems"]
        found = find_hedges(lexicon, text, later, gate="rules", records=[(asked_9th, "[]")])
        assert found == []
        # an empty search for another date restates nothing here
        other = find_hedges(lexicon, text, later, gate="rules", records=[(asked_8th, "[]")])
        assert [h.phrase for h in other] == ["seems"]


def test_a_frequency_claim_its_own_sentence_leaves_to_check_is_a_guess() -> None:
    # mk35 (made-up, session 33): the rest of the sentence sets a check against the claim
    assert _hedged(
        "The hotel's shuttle usually runs every 20 minutes, though it's worth calling to be sure."
    ) == ["usually"]
    assert _hedged("Museums are usually closed on Mondays, but please confirm this locally.") == [
        "usually"
    ]
    # without the check, how a kind of thing usually goes is the general case
    assert _hedged("Museums are usually closed on Mondays.") == []


def test_a_price_stated_with_a_conclusion_modal_is_a_guess() -> None:
    # mk35 (made-up, session 33): an item's price with "should be", no result holding it
    order = '{"order_id": "#A1", "items": [{"name": "Mug", "color": "red", "price": 12.0}]}'
    assert _hedged("The blue mug should be the same price, so nothing changes.", order) == [
        "should be"
    ]
    assert _hedged("The blue mug should be $14.00 now.", order) == ["should be"]
    # the result's own price, or the price under a condition, is no guess
    assert _hedged("The red mug should be $12.00.", order) == []
    assert _hedged("It should be priced at $10.20 if the 15% discount applies.", order) == []


def test_a_softener_before_not_yet_restates_a_status_under_way() -> None:
    # mk35 (made-up, session 33): the record's status says the thing is under way
    parcel = '{"parcel": "P-77", "status": "in_transit", "eta": "2025-06-02"}'
    assert _hedged("It seems the parcel hasn't arrived yet.", parcel) == []
    assert _hedged("It looks like the parcel is still in transit.", parcel) == []
    # a status that says nothing of the kind leaves the softener a guess
    done = '{"parcel": "P-77", "status": "delivered"}'
    assert _hedged("It seems the parcel hasn't arrived yet.", done) == ["seems"]


def test_a_piece_of_the_users_input_put_forward_as_the_cause_is_a_guess() -> None:
    # mk35 (made-up, session 33): any verb done to a piece of what the user typed
    missing = "Error: booking ZX81QK not found"
    assert _hedged("You may have swapped two letters.", missing) == ["may"]
    # what the user may do is an offer, no guess
    assert _hedged("You may send the code again when you find it.", missing) == []


def test_a_caveat_that_a_value_may_vary_is_no_guess() -> None:
    assert _hedged("Arrival by 2025-11-28 (local delivery times may vary slightly).") == []
    assert _hedged("The date may vary slightly with the mail.") == []
    assert _hedged("The replacement may arrive after the trip.") == ["may"]


def test_a_caveat_that_a_value_may_change_is_no_guess() -> None:
    # gpt-oss's notes under a table of what its calls returned (the GUIDELINE's "a caveat
    # that a value may vary"): how such values go over time, not a guess about them.
    assert _hedged("*Note: Weather conditions may change, so check a local forecast.*") == []
    assert _hedged("The values may change as new data is available.") == []
    assert _hedged("Prices can change at any time.") == []
    # a change of this booking's facts, with where it goes or a cause in this case, is still
    # a guess (tests/traces/test_trace_hedges_task_agents.py has the walk-ins' own)
    assert _hedged("Your flight may change to a later time.") == ["may"]
    assert _hedged("Your slot may change as more bookings come in.") == ["may"]


def test_a_caveat_that_a_process_may_be_slow_or_late_is_no_guess() -> None:
    # how such processes go, as a value that may vary; a guess about this order still counts
    assert _hedged("It might take a little longer during the holidays.") == []
    assert _hedged("周末可能会慢点") == []
    assert _hedged("促销期间订单量大，有可能会超过预计的送达时间") == []
    assert _hedged("运费券可能会延迟到账") == []
    assert _hedged("Your refund may have been sent to the old card.") == ["may"]
    assert _hedged("您的退款可能已经退回到余额了") == ["可能"]


def test_a_conclusion_that_a_fee_or_step_does_not_apply_to_this_case_is_a_guess() -> None:
    assert _hedged("Since it arrived before the deadline, the late fee should not apply.") == [
        "should not apply"
    ]
    assert _hedged("You should not need to pay for a separate inspection.") == ["should not need"]
    # under a condition: a hypothetical; the agent's own need: a plan
    assert _hedged("If the item is unused, you should not be charged a restocking fee.") == []
    assert _hedged("I should not need more details to book it.") == []


def test_missing_information_after_a_table_with_no_such_column_restates_it() -> None:
    text = "I cannot confirm the booking, as we have no booking information."
    assert _hedged(text, "There is no column that contains booking information.") == []
    assert _hedged(text, '{"bookings": [{"id": 3}], "columns": ["id", "name"]}') == [
        "I cannot confirm"
    ]


def test_an_adverb_of_possibility_on_the_agents_next_step_is_a_plan() -> None:
    assert _hedged("Maybe I can look up the airport code instead.") == []
    assert _hedged("I need to finalize the itinerary and possibly include a rest day.") == []
    # the same adverb on a fact of the data still counts
    assert _hedged("The flight is possibly delayed by the storm.") == ["possibly"]
    assert _hedged("Maybe the hotel is full that night.") == ["Maybe"]


def test_staff_who_cannot_see_the_records_state_missing_information() -> None:
    assert _hedged("这个看不到的哦") == ["看不到"]
    assert _hedged("小妹这边看不到您的物流信息") == ["看不到"]
    # someone else cannot see: the user, a courier
    assert _hedged("您在前台看不到修改的信息") == []
    assert _hedged("派送员看不到这个备注") == []


def test_a_softener_before_the_results_values_in_other_spellings_restates_it() -> None:
    softener = "It looks like your flight on June 15th departs at 6:42 PM and costs $1,450.00."
    held = '{"date": "2024-06-15", "departure": "18:42:00", "price": 1450.0}'
    other = '{"date": "2024-06-18", "departure": "09:10:00", "price": 980.0}'
    assert _hedged(softener, held) == []
    assert _hedged(softener, other) == ["looks like"]
    assert _hedged("It seems the fare is $1,450 for the flight.", '{"fare": 1450.00}') == []


def test_fact_words_spell_values_one_way() -> None:
    said = fact_words("$1,450.00 on June 15th at 6:42 PM")
    assert {"1450", "june", "15", "6", "42", "pm"} <= said
    assert said - {"june"} <= fact_words('{"price": 1450.0, "date": "2024-06-15", "time": "18:42"}')
    assert "13" in fact_words("2024-13-01")  # no month 13: left as it is


def test_a_cue_inside_quotation_marks_is_no_claim_of_the_agent() -> None:
    # the user's note, or text offered to be copied
    assert _hedged("Notes: \u201cLikely lost on the way home.\u201d") == []
    assert _hedged('For example, "card may be in the airport", or anything else.') == []
    # outside the quotation, or the value of a JSON string the model wrote: its own claim
    assert _hedged("The \u201cflexible\u201d fare is probably refundable.") == ["probably"]
    assert _hedged('{"summary": "The fare is probably higher."}') == ["probably"]


def test_a_tool_outage_or_a_not_found_error_restated_is_no_missing_fact() -> None:
    details = ", ".join(f'"hint_{i}": "Flight numbers range from 1 to 4 digits."' for i in range(8))
    not_found = (
        '{"error": {"code": "FLIGHT_NOT_FOUND", "message": "No scheduled flight found for '
        f"flight number 'AA9999' on 2025-12-20.\", {details}}}}}"
    )
    assert len(not_found) > 400  # an error holds no data, however long its details
    assert _hedged("I couldn't find flight AA9999 on December 20.", not_found) == []
    outage = '{"error": "service_unavailable", "message": "The availability service is temporarily unavailable."}'
    assert _hedged("The availability checker is temporarily unavailable.", outage) == []
    # a fact the outage did not name, or an error that says nothing was found: it counts
    assert _hedged("The hotel's nightly price is unavailable.", outage) == ["unavailable"]
    assert _hedged("I couldn't find flight AA9999.", "Error: 500 internal server error") == [
        "couldn't find"
    ]
    long_data = '{"flights": [' + ", ".join(['{"id": "AA1", "meal": "not found"}'] * 20) + "]}"
    assert _hedged("I couldn't find flight AA9999.", long_data) == ["couldn't find"]


def test_an_amount_the_message_works_out_is_no_estimate() -> None:
    # "about $53" that held_amount says the text works out (a fare difference), not "about 3
    # days", nor an amount it does not work out.
    lex = Lexicon.load(["en"])
    text = "Economy is $171, so the upgrade would cost about $53; it takes about 3 days."
    worked = {"53"}.__contains__
    assert [h.phrase for h in find_hedges(lex, text)] == ["about", "about"]
    assert [h.match for h in find_hedges(lex, text, held_amount=worked)] == ["about 3"]
    assert len(find_hedges(lex, text, held_amount=set().__contains__)) == 2


def test_an_item_not_available_after_an_error_saying_so_restates_it() -> None:
    # An exchange refused with "is not available": the agent's softened reading of it is the
    # result's own status (session 29's made-up retail run), unlike a fact no result gave.
    refused = "Error: new item 6695092337 is not available"
    text = "It seems that the color you selected is not available."
    assert _hedged(text, refused) == []
    assert _hedged("The delivery date is not available.", "Error: 500 internal server error") == [
        "not available"
    ]


def test_the_consequence_of_a_failed_call_is_process_and_the_users_input_is_no_fact() -> None:
    timeout = '{"error": "timeout", "message": "The request timed out."}'
    assert _hedged("The tool call timed out, so I don't have any account IDs yet.", timeout) == []
    assert _hedged("I couldn't retrieve your balance.", timeout) == ["couldn't retrieve"]
    # a consequence of what the results hold is no failure of the call
    lacking = '[{"id": 1, "title": "Essay"}]'
    text = "The search results lack due times, so I don't know which is due first."
    assert _hedged(text, lacking) == ["I don't know"]
    # what the user has to give: the user's own details, a value missing from the request
    assert _hedged("I don\u2019t have the user\u2019s email yet.") == []
    assert _hedged("I'm unable to find a flight number in your request.") == []
    assert _hedged("I don't have the fare for your new flight.") == ["I don't have"]


def test_a_softener_before_the_agents_own_slip_is_its_process() -> None:
    booking = '{"reservation_id": "NO6JO3"}'
    assert _hedged("It seems I made an error.", booking) == []
    assert _hedged("It looks like I\u2019ve used the wrong date for your flight.", booking) == []
    assert _hedged("看来我搞错了。", booking) == []
    assert _hedged("It seems the flight was cancelled.", booking) == ["seems"]


def test_a_with_phrase_shares_the_clause_before_it() -> None:
    text = "If yes, I\u2019ll report the card as lost, with the note that it was likely lost at school."
    assert _hedged(text) == []
    assert _hedged("The hotel is in Basel, with rooms likely available in May.") == ["likely"]


def test_a_softener_in_a_reading_of_a_named_record_is_no_guess() -> None:
    cards = '[{"id": "C1", "nickname": "Corporate Card"}]'
    text = "From your profile, I see one account that appears to be for business travel."
    assert _hedged(text, cards) == []
    text = "From what I can tell, the second one appears to be for business travel."
    assert _hedged(text, cards) == ["appears to"]


def test_a_guess_about_what_a_change_the_user_may_make_would_cost_counts() -> None:
    booking = '{"reservation_id": "NO6JO3"}'
    text = "There might be a fare difference if you change to a later flight."
    assert _hedged(text, booking) == ["There might be"]
    assert _hedged("If you switch to economy, the refund may be smaller.", booking) == ["may be"]
    # a condition on the data is a hypothetical; the user as the subject, an offer
    assert _hedged("There may be an additional fee if the new flight has a higher fare.") == []
    assert _hedged("If you change your flight, you may need to pay a fee.", booking) == []
    assert _hedged("If you\u2019d like to change the flight, I may be able to help.", booking) == []


def test_an_approximate_clock_time_that_rounds_a_held_one_is_no_estimate() -> None:
    departs = '{"scheduled_departure_time_est": "10:00:00"}'
    assert _hedged("Your flight should depart around 10 AM.", departs) == []
    delivered = '{"timestamp": "2025-11-01T13:47:10Z"}'
    assert _hedged("It was delivered around 1:45 PM.", delivered) == []
    # a time no result holds, or one that rounds nothing held: an estimate
    assert _hedged("Your flight should depart around 10 AM.", '{"dep": "13:00:00"}') == ["around 1"]
    assert _hedged("It was delivered around 1:40 PM.", delivered) == ["around 1"]
    no_times = '{"flight_number": "HAT001", "origin": "JFK", "destination": "SFO"}'
    assert _hedged("Flight duration: approximately 5 hours", no_times) == ["approximately"]


def test_a_guess_that_a_tool_lacks_data_is_about_the_data() -> None:
    assert _hedged("Search returned empty; maybe the tool has no Italian entries.", "[]") == [
        "maybe"
    ]
    # what the tool cannot do, or the results it gave: the process
    assert _hedged("Maybe the tool has no function for that.", "[]") == []
    assert _hedged("The search probably has no results for it.", "[]") == []


def test_a_thoughts_subjectless_dont_yet_know_is_missing_information() -> None:
    orders = '[{"order_id": "ODR-1", "total": 249.99}, {"order_id": "ODR-2", "total": 89.99}]'
    text = "I have two orders but don\u2019t yet know which one is the headset."
    assert _hedged(text, orders) == ["don\u2019t yet know"]
    assert _hedged("The user doesn't yet know the order number.", orders) == []


def test_what_an_approver_may_decide_is_policy_paraphrase() -> None:
    assert _hedged("Approvers may approve it, return it for corrections, or reject it.") == []
    assert _hedged("Your manager may be on leave this week.") == ["may be"]


def test_an_approximation_word_before_a_wh_word_asks_for_an_estimate() -> None:
    assert _hedged("The form asks approximately how many hours each episode lasts.") == []
    assert _hedged("Each episode lasts approximately 3 hours.") == ["approximately"]


def test_could_in_a_clause_of_time_is_past_ability() -> None:
    assert _hedged("The assessment changed before payment could be made.") == []
    assert _hedged("The payment could be delayed by the review.") == ["could be"]


def test_chinese_courtesy_processing_times_and_caveats_are_no_guesses() -> None:
    # the staff's duty, said as a courtesy
    assert _hedged("您太客气了，这都是我们应该做的呢。") == []
    assert _hedged("不客气哒亲亲，应该的，稍后给您回电。") == []
    assert _hedged("这个订单应该已经发货了。") == ["应该"]
    # how long such a request takes, as "may take up to 3 days"
    assert _hedged("改好了短信通知您，可能需要3-5天哦。") == []
    assert _hedged("我改后大概2小时内就可以。") == []
    assert _hedged("这个包裹大概七天左右才到货。") == ["大概", "左右"]
    # a caveat that values may differ; what a promotion cannot guarantee
    assert _hedged("和增票资质内的税号可能会出现不一致。") == []
    assert _hedged("赠完即止，可能不能保证每位客户都赠送哦。") == []


def test_a_space_between_chinese_characters_ends_a_chat_sentence() -> None:
    # an offer or a closing question in the sentence before no longer hides the guess
    assert _hedged("我帮您联系一下站点哦 今天可能到不了哦") == ["可能"]
    assert _hedged("这个可能是出了点问题 请问还有其他可以帮到您的吗?") == ["可能"]
    assert sentence_span("我帮您联系一下站点哦 今天可能到不了哦", 13, 15) == (11, 19)
    # a space inside English text ends nothing
    assert sentence_span("The fare may be higher today.", 9, 12) == (0, 29)


def test_chinese_conditions_the_users_side_and_capabilities_are_no_hedges() -> None:
    # a hypothetical under 如果, as "If Tesla confirms it, … may"
    assert _hedged("如果发货快的话，派送员可能看不到哈") == []
    assert _hedged("派送员可能看不到哈") == ["可能"]
    # the user as the subject, or what the user has to say
    assert _hedged("您这边无法查到我给您发送的东西是吗") == []
    assert _hedged("暂时不知道您的问题是否解决完毕") == []
    assert _hedged("暂时不知道具体的到货时间") == ["不知道"]
    # the query's own speed; whether an action can be done
    assert _hedged("目前系统速度较慢，查询时间可能稍长") == []
    assert _hedged("修改地址只能到站点之后备注 可能无法修改成功的呢") == []
    # a stop found right before the cue: the sentence before it is not read
    assert _hedged("这边查询这是纯外单呢 查询不到具体的商品信息哦") == ["查询不到"]


def test_a_conclusion_after_a_reason_clause_is_a_guess() -> None:
    text = "Because it says she starred in Ocean's 8, she should have been in an American film."
    assert _hedged(text) == ["should have"]
    assert _hedged("She should have been in an American film.") == []


# Session 8: rules by class of language, written on round 8's misses (an ADK
# customer-service agent with simulated customers, API-Bank, ShopBot), unsealed to tune on.

_CART = (
    '{"items": [{"product_id": "soil-123", "name": "Standard Potting Soil"}], "subtotal": 25.98}'
)


def test_what_the_records_do_not_show_is_missing_information() -> None:
    text = "I don't see any trees listed in your recent purchase history."
    assert _hedged(text, _CART) == ["I don't see"]
    assert _hedged("The trees themselves aren't showing up in your cart.", _CART) == [
        "aren't showing up"
    ]
    assert _hedged("I cannot identify the specific product you wish to return.") == [
        "cannot identify"
    ]
    text = "It's also possible it was purchased under a different account."
    assert _hedged(text, _CART) == ["It's also possible"]
    # no missing fact: why not, a problem the agent does not see, what the result says
    assert _hedged("I don't see why the discount would not apply to you.", _CART) == []
    assert _hedged("I see the potting soil in your cart.", _CART) == []
    assert _hedged("I don't see any orders for that email.", '{"orders": []}') == []


def test_trouble_with_the_agents_own_actions_and_system_is_its_process() -> None:
    text = "It seems there might have been a slight issue with updating your cart."
    assert _hedged(text, _CART) == []
    assert (
        _hedged(
            "My apologies, it seems like there was an issue with the previous cart update.", _CART
        )
        == []
    )
    assert _hedged("It seems we're still encountering a technical issue.", _CART) == []
    assert _hedged("It seems I got ahead of myself.", _CART) == []
    assert _hedged("It seems my recommendation system is geared towards supplies.", _CART) == []
    # an issue with the user's order, or the store's stock, is the data
    assert _hedged("It seems there was an issue with your order's delivery.", _CART) == ["seems"]
    assert _hedged("It seems we are out of the 'Iceberg' rose.", _CART) == ["seems"]


def test_a_cue_in_words_copied_from_the_result_is_the_results_own() -> None:
    aid = '[{"name": "Asthma", "aid": "Treatment may involve inhalers or nebulizers to open the airways."}]'
    text = "For Asthma, treatment may involve inhalers or nebulizers to open the airways."
    assert _hedged(text, aid) == []
    # the same modal on words the result does not hold is the agent's own guess
    assert _hedged("Your symptoms may involve inhalers or nebulizers later.", aid) == ["may"]


def test_eligibility_guessed_before_a_check_counts() -> None:
    assert _hedged("As a loyal customer, you may be eligible for a discount!") == ["may be"]
    assert _hedged("If you'd like, you might want to check our seasonal sale.") == []


def test_lacking_a_power_or_the_users_missing_input_is_no_missing_fact() -> None:
    approved = '{"status": "approved"}'
    text = "I don't have the technical ability to apply the discount to your cart."
    assert _hedged(text, approved) == []
    assert _hedged("I do not have permission to modify the prices in your cart.", approved) == []
    text = "I understand you're unable to provide that information at the moment."
    assert _hedged(text, '{"result": ["9-12", "13-16"]}') == []
    assert _hedged("I don't have the delivery date for your order.", approved) == ["I don't have"]


def test_an_adverb_on_a_future_verb_under_a_condition_is_hypothetical() -> None:
    text = "If you have full sun exposure, it will likely do well."
    assert _hedged(text) == []
    assert _hedged("Your palm will likely arrive on Tuesday.") == ["likely"]


def test_a_delay_by_a_span_of_days_is_a_processing_time() -> None:
    assert _hedged("质检通过后1-3个工作日原路退回，信用卡可能延迟3-5个工作日。") == []
    assert _hedged("充电问题可能是电池或充电口故障。") == ["可能"]


def test_advice_and_a_superlative_of_means_are_no_guesses() -> None:
    text = "For planters, you'll want large, durable, and perhaps lightweight options."
    assert _hedged(text) == []
    text = "It looks like the most effective way to find them would be to visit our pest aisle."
    assert _hedged(text, _CART) == []
    # a guess about this order beside advice, or the user's item as the subject, still counts
    assert _hedged("Your planter will perhaps arrive on Friday.") == ["perhaps"]
    assert _hedged("It looks like the palm was shipped to the wrong store.", _CART) == [
        "looks like"
    ]


# Round 11 (ACEBench, ChatGPT in Chinese, ADK sample agents, AutoGen teams): made-up
# examples of each class of language its rules read.


def test_a_list_label_and_a_comparison_are_no_claims() -> None:
    text = "Here are some phrases travellers might search for:\n\n* cheap flights\n* red-eye"
    assert _hedged(text) == []
    text = "**Bookings that may be affected by the strike:**\n\n- Flight UA12 on May 3"
    assert _hedged(text) == []
    # a claim that ends with a colon and no list after it still counts
    assert _hedged("The fare might be refundable: let me check.") == ["might be"]
    assert _hedged("Snow on the hills, as white as it appears.") == []
    assert _hedged("It appears the hotel is full that night.") == ["It appears"]


def test_a_softener_before_a_judgement_or_the_teams_slip_is_no_hedge() -> None:
    assert _hedged("With these stops, your route seems well-rounded.") == []
    assert _hedged("It seems we've missed a step there, so let's start again.") == []
    assert _hedged("It seems the lounge closes at 9 pm.") == ["seems"]


def test_a_suggestions_benefit_and_an_interesting_idea_are_advice() -> None:
    assert _hedged("These edits are small changes that might enhance the flow.") == []
    assert _hedged("It could be interesting to add the river to the second line.") == []
    # a prediction about the entity asked about is a guess
    assert _hedged("Progress in this market could enhance Acme's margins.") == ["could enhance"]


def test_a_reported_forecast_a_cited_figure_and_a_named_measure_are_read_back() -> None:
    text = "Risks include the expectation that shipping costs might rise next year."
    assert _hedged(text) == []
    text = "About 40% of the backlog is expected to be billed in 2025. [Citation: Annual report, Note 4]"
    assert _hedged(text) == []
    assert _hedged("Bonds are carried at cost rather than at estimated market value.") == []
    # the same approximation with no source cited is an estimate
    assert _hedged("About 40% of your bags are checked late.") == ["About 4"]


def test_how_things_sometimes_go_and_how_they_may_differ_are_general() -> None:
    text = "Sometimes, a firmer mattress gives support that a soft one might not give."
    assert _hedged(text) == []
    assert _hedged("This custom might be different from some Asian countries.") == []
    assert _hedged("This seat might not recline.") == ["might not"]


def test_what_the_customer_should_get_after_a_send_is_an_estimate() -> None:
    assert _hedged("I've emailed the voucher. You should receive it shortly.") == ["should receive"]
    assert _hedged("You should be able to access it through the app.") == [
        "should be able to access"
    ]
    # the agent's own ability stays excluded
    assert _hedged("I should be able to help with that.") == []


def test_a_recipe_step_and_an_unrecalled_past_answer() -> None:
    assert _hedged("3. Reduce heat and simmer for about 15 minutes.") == []
    assert _hedged("I am unable to recall the poem I wrote earlier.") == ["unable to recall"]


def test_chinese_disclaimers_of_access_guesses_and_beliefs_are_hedges() -> None:
    assert _hedged("作为语言模型，我没有直接访问当前时间的权限。") == ["访问当前时间"]
    assert _hedged("我的猜测纯粹是随机的。") == ["我的猜测"]
    assert _hedged("传统上认为，这座塔建于唐代。") == ["传统上认为"]
    assert _hedged("据传这口井有三百年历史。") == ["据传"]
    assert _hedged("我赢的概率无法精确计算。") == ["无法精确"]
    assert _hedged("我无法对您的问题提供具体答案。") == ["具体答案"]
    assert _hedged("我的之前的回答可能包含错误的信息。") == ["可能"]
    # words that hold a cue across their boundary: 根据传…, 数据传输
    assert _hedged("根据传染病人的接触史推断来源。数据传输很快。") == []


def test_chinese_nouns_kinds_steps_and_refusals_are_no_hedges() -> None:
    assert _hedged("可能来源假设包括燃烧产物。") == []
    assert _hedged("要做这个分析，首先要确定可能影响公司的外部因素。") == []
    assert _hedged("这可能涉及扩展新的市场。") == []
    assert _hedged("随着公司成长，焦点可能从扩张转向利润。") == []
    assert _hedged("我下棋时通常假设对手会走最优的一步。") == []
    assert _hedged("要考虑项目中可能出现的不确定性和风险。") == []
    assert _hedged("绘制离散度估计图，并估计离散度。") == []
    assert _hedged("这些说法都应该认真审查。") == []
    assert _hedged("我无法判断哪种豆腐更好吃。") == []
    assert _hedged("在此基础上，我们需要了解您公司的目标。") == []
    assert _hedged("我无法提供一个理由列表，因为我认为这种说法没有依据。") == []
    assert _hedged("样本的基因可能看起来像是差异表达。") == ["可能"]
    # the same cues about the user's own case still count
    assert _hedged("你的症状可能涉及神经系统。") == ["可能"]
    assert _hedged("您的包裹可能明天到。") == ["可能"]
    assert _hedged("我需要了解您的目的地是哪里。") == ["需要了解您"]
    assert _hedged("我不确定您的订单状态。") == ["我不确定"]


def test_what_a_treatment_may_involve_and_a_slip_in_the_last_answer_are_no_guesses() -> None:
    assert _hedged("Treatment may involve rest and fluids.") == []
    assert _hedged("I apologize, it seems there was an error in my previous response.") == []
    # the user's own case as the subject still guesses
    assert _hedged("Your rash may involve an allergy.") == ["may"]


def test_a_thoughts_unlikely_unrecalled_and_missed_facts_are_hedges() -> None:
    assert _hedged("It is unlikely a wind made the hole.") == ["unlikely"]
    assert _hedged("I don't recall kites being used in the regatta.") == ["don't recall"]
    assert _hedged("I still did not get the district name. I should search again.") == [
        "I still did not get"
    ]
    # what an action may bring is advice, and the user not getting something is theirs
    assert _hedged("Rebooting the router is unlikely to restore service today.") == []
    assert _hedged("The customer says they didn't get the parcel.") == []


def test_a_likelihood_after_a_softener_is_weighed_not_read() -> None:
    text = "The page does not mention kites. Based on the available information, it seems unlikely."
    assert "unlikely" in _hedged(text)
    # a reading of the results keeps its softener dropped
    assert _hedged("Based on the search results, the cheapest seems to be the 9 AM bus.") == []


def test_a_general_answer_the_thought_means_to_confirm_is_a_guess() -> None:
    text = "Ferry tickets usually depend on the season. However, I should confirm this."
    assert _hedged(text) == ["usually"]
    assert _hedged("Ferry tickets usually depend on the season.") == []


def test_a_length_converted_inside_one_system_is_no_estimate() -> None:
    result = "The bed is 80 inches long."
    text = "The bed is 80 inches, or about 6.67 feet, long."
    assert [h.phrase for h in find_hedges(Lexicon.load(["en"]), text, result)] == []
    assert [h.phrase for h in find_hedges(Lexicon.load(["en"]), "It is about 7.5 feet.", result)]


# Round 16's classes (a snack bot's retrieved answers, real cardiology consultations):
# each test names the class and a near case that stays as it was.


def test_a_cue_that_holds_a_process_word_is_not_process_narration() -> None:
    # "my knowledge" names the agent's process ("my knowledge base"), but not inside the cue
    assert _hedged("Those two brands do not exist to my knowledge.") == ["to my knowledge"]
    assert _hedged("The tool might be down.") == []


def test_a_chinese_statement_before_a_question_in_its_sentence_still_counts() -> None:
    assert _hedged("这个不好说，血压是多少？") == ["不好说"]
    # a cue inside the clause that asks stays a question
    assert _hedged("你说的可能是哪个医院？") == []


def test_a_tentative_diagnosis_of_a_function_found_wanting_counts() -> None:
    assert _hedged("建议多休息，考虑心脏供血不足。") == ["考虑"]
    assert _hedged("肝脏功能正常，考虑到年龄，建议复查。") == []


def test_a_doctors_likelihood_in_a_nouns_words_is_a_guess() -> None:
    assert _hedged("有这个可能性，先别着急。") == ["有这个可能性"]
    assert _hedged("孩子也有自行闭合的可能性。") == ["有自行闭合的可能性"]
    assert _hedged("所以早产的几率偏高了。") == ["几率偏高"]
    # a rate stated flatly or one that falls judges no case against the usual
    assert _hedged("感染几率非常低。") == []
    assert _hedged("误触几率再降一级。") == []


def test_a_chinese_modal_under_a_condition_is_the_hypothetical() -> None:
    assert _hedged("如果化验都正常，应该问题不大。") == []
    assert _hedged("裂孔不超过5毫米的话，还是有闭合的可能性，如果一直不闭合再手术。") == []
    # without a condition the same words guess
    assert _hedged("化验都正常，应该问题不大。") == ["应该"]


def test_a_kind_named_by_a_threshold_is_the_general_case() -> None:
    assert _hedged("小于3毫米的缺损，没有症状，有闭合的可能") == []
    assert _hedged("这个缺损没有症状，有闭合的可能") == ["可能"]


def test_a_step_of_care_with_ying_gai_and_a_recheck_interval_are_advice() -> None:
    assert _hedged("还应该复查一下心脏彩超。") == []
    assert _hedged("半年左右复查一次") == []
    # 应该 before a state still guesses, and 左右 on a price estimates
    assert _hedged("应该是早搏。") == ["应该"]
    assert _hedged("手术费两万左右。") == ["左右"]


def test_not_knowing_how_to_work_a_channel_is_no_missing_fact() -> None:
    assert _hedged("可以网上预约，但我不知道如何操作。") == []
    assert _hedged("我不知道这家医院的地址。") == ["不知道"]


def test_only_part_of_the_fact_known_is_missing_information() -> None:
    assert _hedged("目前只知道是房颤。具体原因还要再查。") == ["只知道是"]


def test_what_the_user_may_find_in_a_product_is_a_guess_about_it() -> None:
    assert _hedged("You might discover new treats like plantain chips.") == ["might"]
    assert _hedged("Some examples you might find are: rice crackers.") == ["might"]
    # an appraisal or the user's own experience stays about the user
    assert _hedged("Here are some tips you might find useful.") == []
    assert _hedged("You might find they need water every morning.") == []


def test_a_disease_drug_or_treatment_as_the_subject_is_the_general_case() -> None:
    assert _hedged("支气管炎可能由多种原因引起，包括病毒和细菌。") == []
    assert _hedged("这种疗法的效果可能会慢一些。") == []
    # the patient's own case, or the patient named, still guesses
    assert _hedged("你的支气管炎可能由病毒引起。") == ["可能"]
    assert _hedged("孩子的心肌炎可能还没有好。") == ["可能"]


def test_a_doctors_reassurance_with_a_frequency_word_is_a_guess() -> None:
    assert _hedged("嗯，一般不会有什么问题的") == ["一般不会有什么问题"]
    assert _hedged("按你说的，一般没有大问题。") == ["一般没有大问题"]
    # how a kind of thing usually goes names no problem of the case
    assert _hedged("感冒一般不会发烧太久。") == []


def test_what_this_user_should_be_able_to_do_now_is_a_guess_unless_conditioned() -> None:
    # a thing's capability stays excluded (test_longest_phrase_wins_…)
    text = "Your card is active and unblocked, so you should be able to pay online now."
    assert _hedged(text) == ["so you should be able to"]
    # without "so", a rule's window for the user stays policy
    assert _hedged("Your card is active, and you should be able to pay online.") == []


# The advice set (session 15): what an option means for the user is advice; a guess at the item's own
# facts stays a guess.


def test_a_guess_that_an_item_fits_the_user_or_a_use_is_advice() -> None:
    assert _hedged("It's probably the better choice if you travel a lot.") == []
    assert _hedged("This one might work well for someone who travels often.") == []
    assert _hedged("Given your budget, the Pixel 7a might be the sweet spot.") == []
    assert _hedged("It might appeal to fans of slow-burn thrillers.") == []
    assert _hedged("For beginners, the starter kit is probably enough.") == []
    assert _hedged("The Pro might be overkill for your needs.") == []
    assert _hedged("It might be too heavy for long hikes.") == []
    assert _hedged("对于新手来说，入门套装可能就够用了。") == []
    # the item's own facts, an amount of the case and when a thing comes stay guesses
    assert _hedged("The battery is probably around 10 hours.") == ["probably", "around 1"]
    assert _hedged("It probably has a 10-hour battery.") == ["probably"]
    assert _hedged("Your balance might be enough to cover the order.") == ["might be"]
    assert _hedged("There may not be enough suitable rooms left.") == ["may not be"]
    assert _hedged("The parcel might be too late for the party.") == ["might be"]
    assert _hedged("这款耳机的续航大概是10小时。") == ["大概"]


def test_what_the_user_will_like_and_who_an_option_is_for_are_advice() -> None:
    assert _hedged("You'll probably prefer the lighter one.") == []
    assert _hedged("For those who want faster wort heating and possibly larger batches.") == []
    # the user as the subject of a fact of the case stays a guess
    assert _hedged("You'll probably receive it on Friday.") == ["probably"]
    assert _hedged("For those who ordered in May, the refund is probably late.") == ["probably"]


def test_not_knowing_the_users_taste_or_a_matter_of_taste_is_no_missing_fact() -> None:
    assert _hedged("I'm sorry, I don't have enough information about your preference.") == []
    assert _hedged("I'm not sure what kind of movies you like.") == []
    assert _hedged("I'm not sure which one would suit you best.") == []
    text = "I cannot provide a comparison between the two movies as it is subjective and depends on individual preferences."
    assert _hedged(text) == []
    # a fact of the item, or what the user wants to book, is still missing information
    assert _hedged("I'm not sure whether it has a USB-C port.") == ["I'm not sure"]
    assert _hedged("I couldn't find the hotel you'd like to book.") == ["couldn't find"]


def test_a_target_value_advised_is_no_estimate() -> None:
    assert _hedged("Aim for around 65°F during fermentation.") == []
    assert _hedged("Most brewers mash at 5.4, with many brewers aiming for around 5.5.") == []
    assert _hedged("A pH of around 5.2 to 5.6 is generally ideal for mashing.") == []
    # the item's own value stays an estimate
    assert _hedged("The recommended dosage is about 0.5 to 1 g per liter.") == ["about 0"]


def test_an_example_offered_and_the_condition_of_advice_claim_nothing() -> None:
    assert _hedged("A typical grain bill for an amber beer might look something like this:") == []
    assert _hedged("If it appears dry, the readings will drift.") == []
    assert _hedged("Replace the batteries if your device seems inconsistent.") == []
    # a softener outside a condition, and a guess at what the item holds, count
    assert _hedged("It seems the order was delivered yesterday.") == ["seems"]
    assert _hedged("The kit might look like the old one, with a hydrometer.") == ["might"]


# Round 17's recommender (session 16): what a stated property brings the user (its effect on a
# use, how it feels, whether it fits the user's needs) is advice; whether the item has the
# property stays a guess (GUIDELINE, "Round 17's recommender").


def test_what_a_stated_property_does_to_a_use_is_advice() -> None:
    text = "It lacks a rock plate, which may limit protection on rugged trails."
    assert _hedged(text) == []
    assert (
        _hedged("It lacks heel-locking features, which might reduce stability on downhill runs.")
        == []
    )
    assert _hedged("The lack of additional drives might restrict media storage options.") == []
    assert _hedged("It lacks hybrid hands that could enhance usability.") == []
    assert _hedged("Its outsole is rugged, possibly impacting smoothness on pavement.") == []
    # an effect on a fact of the case, and whether the item has a property, stay guesses
    assert _hedged("The old firmware may limit the upload speed on this router.") == ["may"]
    assert _hedged("The delay may reduce the refund amount.") == ["may"]
    assert _hedged("They may lack advanced cushioning and midfoot support.") == ["may"]
    assert _hedged("It may have longer shipping times than the others.") == ["may"]


def test_how_a_stated_property_feels_to_the_user_is_advice() -> None:
    assert _hedged("Its 2-pound weight might feel heavy for faster runs.") == []
    assert _hedged("It may feel a bit firm initially due to the rock plate.") == []
    assert _hedged("However, some might find the mid-top shaft less flexible.") == []
    assert _hedged("Its 1-inch screen is small and may be challenging to see clearly.") == []
    # a person who may feel something is no property of an item
    assert _hedged("Your father may feel dizzy after the dose.") == ["may"]
    assert _hedged("She might feel tired after the surgery.") == ["might"]


def test_whether_a_stated_property_fits_the_users_needs_is_advice() -> None:
    assert (
        _hedged("It isn't designed for airflow, so it may not fully meet high ventilation needs.")
        == []
    )
    assert (
        _hedged("These shoes are not waterproof, which may not fully satisfy your requirement.")
        == []
    )
    assert _hedged("It lacks brightness enhancements, so it may not be ideal for harsh sun.") == []
    assert _hedged("The white color could be a drawback for maintaining a fancy look.") == []
    assert _hedged("It lacks grip, so it may not perform as well on slippery surfaces.") == []
    assert _hedged("Its engineered mesh may not provide the highest breathability.") == []
    assert _hedged("Its outsole may be more rugged than necessary for pavement.") == []
    assert _hedged("While it may not be the trendiest option, it performs well.") == []
    assert _hedged("The aperture is narrow, so low-light control may be limited.") == []
    # a consequence drawn from what nothing states stays a guess
    text = "The shoes do not specify waterproof materials, so waterproofing may be limited."
    assert _hedged(text) == ["may be"]
    assert _hedged("It may fall short on structured support features.") == ["may"]
    # found items that may have what the user asked for: a guess about them, no shortfall
    assert _hedged("I found retreats that may match the user's preferences for yoga.") == ["may"]


# Round 17's ReMeDi doctors (session 16): a doctor's likelihood about this patient's case.


def test_a_disorder_named_by_the_function_it_upsets_is_no_process() -> None:
    assert _hedged("那还是功能紊乱可能性大") == ["可能性大"]
    assert _hedged("还是功能性消化不良可能性大") == ["可能性大"]
    # the agent's system and its features stay the process
    assert _hedged("系统功能可能暂时无法使用") == []


def test_a_chinese_condition_governs_what_follows_it_not_a_guess_before() -> None:
    text = "孩子状态不好，尿少，可能存在心肌酶谱升高，脱水的你得给孩子抽血看一下如果吃的不好，得静脉补液"
    assert _hedged(text) == ["可能"]
    # a condition before the guess, or closed by 的话, still makes it hypothetical
    assert _hedged("如果都正常，应该问题不大") == []
    assert _hedged("缺损没有超过8mm的话，可以先定期复查，还是有自愈的可能性") == []
    # "这样的话" takes up what was said: no condition
    assert _hedged("这样的话建议是平卧的，考虑心脏泵血功能不好") == ["考虑"]


def test_a_personal_belief_is_a_guess_as_wo_jue_de_is() -> None:
    assert _hedged("我个人觉得没有") == ["我个人觉得"]
    assert _hedged("我个人认为问题不大") == ["我个人认为"]
    # an opinion of worth and the agent's own next step stay no guesses
    assert _hedged("我个人认为SpaceX是一个非常出色的公司") == []
    assert _hedged("我个人觉得我可以帮您查一下") == []


def test_not_knowing_what_the_answer_needs_is_missing_information() -> None:
    text = "三级综合医院或者是眼科医院都是可以做的。你地方我不是特别熟悉，我是山东地区的。"
    assert _hedged(text) == ["我不是特别熟悉"]
    assert _hedged("这个药我不太熟悉。") == ["我不太熟悉"]
    # the user's or a third person's unfamiliarity is no missing fact of the agent's
    assert _hedged("您对这个流程不太熟悉的话可以问我") == []
    assert _hedged("他对这里不熟悉，所以迷路了") == []


def test_a_treatment_given_as_visits_sets_its_usual_duration() -> None:
    assert _hedged("得做根管治疗根管治疗得去两三次，大约半月左右，一般隔一周复诊一次。") == []
    assert _hedged("这个治疗需要做三次，大约两周。") == []
    # when this order arrives stays an estimate
    assert _hedged("这个包裹大概七天左右才到货") == ["大概", "左右"]


def test_more_of_what_a_stated_property_brings_the_user_is_advice() -> None:
    assert _hedged("Its synthetic upper may provide less breathability than mesh designs.") == []
    assert _hedged("It lacks a rock plate, which may leave your feet more exposed on trails.") == []
    assert _hedged("Its GPU is lower-tier and may limit maintaining a steady frame rate.") == []
    assert _hedged("The rock plate is stiff, which might take some breaking in.") == []
    assert _hedged("The white color option may show dirt quickly on rugged terrain.") == []
    assert _hedged("It is sized for men, so the fit may not align well with women's feet.") == []
    # what a thing does to the case, and a guess that found items fit, stay guesses
    assert _hedged("The outage may leave your account locked until Monday.") == ["may"]
    assert _hedged("The parcel may show up on Friday.") == ["may"]
    assert _hedged("The retreats may align with the user's preferences for yoga.") == ["may"]


def test_a_frequency_word_on_a_named_items_contents_or_price_is_a_guess() -> None:
    text = "The Brewferm Starter Kit Basic Plus typically includes essential equipment."
    assert _hedged(text) == ["typically"]
    assert _hedged(
        "Neither comes with a leather strap; both typically include silicone bands."
    ) == ["typically"]
    text = "The MyKronoz ZeTime Petite, which suits small wrists, is generally priced higher."
    assert _hedged(text) == ["generally"]
    # a kind of thing stays the general case
    assert _hedged("These kits typically include a fermenter and an airlock.") == []
    assert _hedged("This report typically includes information on unemployment rates.") == []


def test_missing_information_with_a_time_adverb_between_the_subject_and_the_negation() -> None:
    # "I currently don't have …", "I still do not have …" state missing information as "I don't
    # have …" does (round cs16's course agent, after a query that returned nothing)
    text = "I currently don't have specific information on classes involving LLMs."
    assert _hedged(text, "answer.result = None") == ["I currently don't have"]
    text = "However, I currently don't have the specific class times available."
    assert _hedged(text) == ["I currently don't have"]
    assert _hedged("I still do not have the prerequisite details for CS 236.") == [
        "I still do not have"
    ]
    # ... and what the user has to give stays no fact of the data, as without the adverb
    assert _hedged("I currently don't have your student ID.") == []
    # ... and after a query whose result is an empty list it restates the result
    latest = "answer = answer('What times are the classes offered?')\nanswer.result = []"
    text = "However, I currently don't have the specific class times available."
    assert _hedged(text, latest) == []


def test_a_null_field_of_the_latest_result_read_back_restates_it() -> None:
    # "There are no prerequisites listed" after a record whose prerequisite field is empty
    # reads the field back: the softener case (round cs16)
    latest = "answer.result = [{'course_codes': ['CS 236'], 'prerequisite_course_codes': None}]"
    text = "There are no prerequisites listed for this course."
    assert _hedged(text, latest) == []
    latest = '{"title": "Data Structures", "prerequisites": []}'
    assert _hedged("No prerequisites are listed for this course.", latest) == []
    # the same words after a result without that field, or whose field holds a value, count
    latest = "answer.result = [{'course_codes': ['CS 236'], 'title': 'Deep Generative Models'}]"
    assert _hedged(text, latest) == ["no prerequisites listed"]
    # ... and missing details not read from a field count beside the empty field
    latest = "answer.result = [{'course_codes': ['CS 329D'], 'prerequisite_course_codes': None}]"
    text = "I don't have the prerequisite details for the other courses at the moment."
    assert _hedged(text, latest) == ["I don't have"]
    text = "There are no prerequisites listed for this course."
    latest = (
        "answer.result = [{'course_codes': ['CS 236'], 'prerequisite_course_codes': ['CS 109']}]"
    )
    assert _hedged(text, latest) == ["no prerequisites listed"]


def test_an_entity_that_does_not_mention_the_fact_asked_with_no_record_in_the_row() -> None:
    # session 17's ruling: in a reply, the entity or its listing not mentioning the fact the user
    # asked about, with no result in the row that shows the record, states missing information
    text = "The Harbour Inn doesn't specifically mention airport shuttles."
    assert _hedged(text) == ["doesn't specifically mention"]
    text = "Sadly, the guesthouse does not provide any information about late checkout."
    assert _hedged(text) == ["does not provide any information"]
    assert _hedged("The listing gives no explicit mention of a pool.") == ["no explicit mention of"]
    # ... while a record in the row that lacks it is read back (the agentdojo case) ...
    assert _hedged(text, '{"name": "Harbour Inn", "rooms": 12}') == []
    # ... and what the user left out is the user's input, not a fact of the data
    assert _hedged("The user didn't specify the city, so I will ask.") == []
    assert _hedged("You didn't mention the dates of your stay.") == []
    # ... also when the user is the subject of the clause before ("…, but did not specify")
    assert _hedged("The user wants some music, but did not specify the genre.") == []


def test_a_softened_judgement_of_fit_to_the_users_needs_is_advice() -> None:
    # a stated property judged to meet the user's needs (round 18's hotel assistant): advice
    assert _hedged("It has a gym and a pool, which seems to meet your needs.") == []
    assert _hedged("The Lakeside Lodge seems to align well with your criteria.") == []
    assert _hedged("The Lakeside Lodge seems like it might fit your criteria better.") == []
    # ... not a softener on a fact of the item
    assert _hedged("The Lakeside Lodge seems to be closed on Mondays.") == ["seems"]


def test_a_frequency_word_with_a_pronoun_on_an_items_offer_or_price_is_a_guess() -> None:
    # "They typically include …", "Generally, it falls between …" supply what this hotel offers
    # or costs (session 17's ruling on frequency words supplying the fact asked)
    text = "Rooms at the Lakeside Lodge vary. They typically include a desk and a kettle."
    assert _hedged(text) == ["typically"]
    text = "The price at the Lakeside Lodge varies. Generally, it falls between $90 and $140."
    assert _hedged(text) == ["Generally"]
    # ... a kind's usual price or contents stays the general case
    assert _hedged("Hostels in the city generally cost less than hotels.") == []


def test_a_cause_of_this_case_not_yet_known_or_a_tentative_diagnosis_is_a_hedge() -> None:
    # "原因还需要进一步确诊" (the cause not yet known) and "初步确定您的诊断为…" (a tentative
    # diagnosis): round 18's CMtMedQA assistant, session 17's ruling
    assert _hedged("从目前来看，孩子咳嗽的原因还需要进一步确诊。") == ["原因还需要进一步确诊"]
    assert _hedged("根据您的描述，我们可以初步确定您的诊断为慢性咽炎。") == ["初步确定"]
    # ... what a doctor will judge is another party's step, no guess
    assert _hedged("通过这些检查，医生可以初步判断出咳嗽的原因。") == []


def test_a_cause_considered_for_this_case_is_a_tentative_cause() -> None:
    # 考虑 followed by a cause ("需要考虑是不是由于…引起的"): session 9's tentative diagnosis
    assert _hedged("首先需要考虑是不是由于受凉引起的。") == ["考虑"]
    # ... before an act it advises
    assert _hedged("建议可以考虑做个胸片。") == []


def test_a_negated_duty_with_ying_gai_is_advice() -> None:
    # "不应该过度延长": what one should not do, not a guess
    assert _hedged("您可以适当休息，但是不应该过度卧床。") == []
    # ... while 应该 concluding a fact of the case stays a guess
    assert _hedged("根据您的描述，这应该是轻度扭伤。") == ["应该"]
    assert _hedged("这种药不应该是导致咳嗽的原因。") == ["应该"]


def test_yi_ban_bu_hui_answering_whether_the_case_leads_somewhere_is_a_guess() -> None:
    # "一般不会导致…" answering the patient's own case (round 18's notes, session 17's ruling)
    assert _hedged("您好！腰肌劳损一般不会导致腿麻。") == ["一般不会导致"]
    assert _hedged("一般情况下，这种囊肿不会发展成恶性肿瘤。") != []
    # ... what a drug or a treatment usually brings stays its kind's effect
    assert _hedged("这种药一般不会引起副作用。") == []
    assert _hedged("一般情况下，脂肪瘤不会对身体造成严重的威胁。") != []
    # ... and under a condition it is the hypothetical
    assert _hedged("前列腺炎如果得到及时治疗，一般不会对生育造成影响。") == []


def test_no_access_to_prices_or_availability_is_missing_information() -> None:
    # prices and availability are task facts: no access to them states missing information
    # (round 18's hotel assistant), as no access to data about one does (round 15)
    text = "Unfortunately, I don't have access to real-time pricing for the Lakeside Lodge."
    assert _hedged(text) == ["I don't have"]
    assert _hedged("I don't have access to current availability at this inn.") == ["I don't have"]
    # ... access to a system stays the process
    assert _hedged("I don't have direct access to availability calendars.") == []


def test_a_criticism_passed_on_is_no_guess() -> None:
    # "The bathroom cleanliness could be improved" passes on a criticism (session 17's ruling)
    assert _hedged("It is central, but the breakfast could be improved, though.") == []
    assert _hedged("The Wi-Fi speed could use some improvement.") == []
    # ... whether the item has a fact stays a guess
    assert _hedged("The Wi-Fi could be down this week.") == ["could be"]


def test_a_modal_in_the_users_criteria_restated_is_about_the_user() -> None:
    # "looking for a hotel that is calm, possibly with a garden" restates what the user wants
    text = "Since you're looking for a quiet inn, possibly with a garden, I suggest the Elm House."
    assert _hedged(text) == []
    assert _hedged("You want somewhere central, perhaps near a park.") == []
    # ... a modal on a fact of the item stays a guess
    assert _hedged("The Elm House possibly has a garden.") == ["possibly"]


def test_a_cause_put_forward_for_this_condition_is_a_guess() -> None:
    # "其他原因可能导致孩子出现这种情况": a cause of the complaint the user described, named by a
    # demonstrative (session 17's ruling on causes of the user's own complaint)
    assert _hedged("除了受凉，还有其他原因可能导致孩子出现这种情况。") == ["可能导致"]
    # ... what a factor may cause, with no case named, stays the general case
    assert _hedged("熬夜可能导致脱发。") == []
    # ... and what a drug's use may make worse is what such a thing brings
    assert _hedged("长期使用这种软膏可能会加重这些问题。") == []


def test_how_likely_a_place_is_to_feel_a_way_is_advice() -> None:
    # how a place will feel, drawn from a property the message states (session 17's ruling)
    text = "It sits in a residential street, which means it's less likely to feel crowded."
    assert _hedged(text) == []
    # ... whether the place has a property stays a guess
    assert _hedged("The inn is likely to have free parking.") == ["likely"]


def test_a_condition_taken_up_by_a_demonstrative_carries_the_hypothetical() -> None:
    # "如果您…出现发热…，建议您及时就医。这些症状可能意味着感染": what the condition named, taken up
    # in the next sentence (round 18's CMtMedQA assistant), the hypothetical
    text = "如果您术后出现发热或疼痛，建议及时就医。这些症状可能意味着伤口感染。"
    assert _hedged(text) == []
    # ... without the condition before, a guess about the case
    assert _hedged("您术后出现发热。这些症状可能意味着伤口感染。") == ["可能"]


def test_an_approximate_figure_is_no_conversion_of_a_different_value_in_the_result() -> None:
    # "about 2,341 miles (3,767 km)" for one river after a passage that gives another river's
    # 3,730 km: 3,730 km is 2,318 miles, no source of 2,341 (session 17's "about N", session
    # 18's settled shapes): an estimate no result holds
    passage = "The Mississippi flows generally south for 2,320 miles ( 3,730 km ) to the Gulf."
    text = "The longest river is the Missouri River, which stretches for about 2,341 miles."
    assert _hedged(text, passage) == ["about 2"]
    # ... a value converted from one the text states stays the conversion case
    assert _hedged("The trail is 10 km long, about 6.2 miles.") == []
    assert _hedged("It was 15°C, which is approximately 59°F.") == []


def test_ying_gai_shi_concluding_the_clients_own_case_is_a_guess() -> None:
    # "应该是您…", "您这种情况应该属于…" conclude the client's own case (session 17's 应该
    # ruling; round 19's Lawyer LLaMA), not an offer to the user
    assert _hedged("根据您的描述来看，应该是您在庭审中达成了调解协议。") == ["应该"]
    assert _hedged("您这种情况应该属于正常离职。") == ["应该"]
    # ... 应该 with an act the client ought to do stays advice
    assert _hedged("您应该收集相关证据，证明双方已经分居满二年。") == []


def test_a_modal_on_what_the_user_already_has_is_a_guess_about_the_case() -> None:
    # "With $3,000 saved, you may already be partway there" judges the user's own money
    # against a goal (session 18's rulings, the budget case); "you may already have been
    # charged" guesses at the account
    assert _hedged("With $3,000 saved, you may already be partway there.") == ["may"]
    assert _hedged("You may already have been charged for the seat.") == ["may"]
    # ... what the user may know is about the user
    assert _hedged("As you may already know, the store opens at nine.") == []
    assert _hedged("You may already be aware that fares change daily.") == []


def test_a_guess_under_what_the_user_expected_is_no_hypothetical() -> None:
    # "If you were expecting $3,200, there may be a delay in the update": the condition is
    # the user's expectation, the guess is about this account's balance (round 19)
    text = "If you were expecting $3,200, there may be a delay in the update."
    assert _hedged(text) == ["there may be"]
    # ... a condition on the data stays the hypothetical
    assert _hedged("If the transfer is large, there may be a delay in the update.") == []


def test_ying_gai_with_a_duty_of_spouses_or_parties_is_advice() -> None:
    # what spouses, parties or a family ought to do (round 19's Lawyer LLaMA): a duty
    assert _hedged("夫妻或伴侣之间应该互相忠诚和尊重。") == []
    assert _hedged("丈夫应该尽可能与父母保持联系。") == []
    assert _hedged("在处理离婚财产的过程中，应该考虑到男方是否有过错行为。") == []
    # ... 应该属于 concluding the case stays a guess
    assert _hedged("因此该房屋应该属于夫妻的共同财产。") == ["应该"]


def test_an_approximate_amount_in_advice_arithmetic_or_a_condition_is_no_estimate() -> None:
    # round 19's banking agents: a quantity in an instruction to the user (the advice set's
    # "prepare around 2-5 kg"), a sum the message works ("$5 coffee/day = ~$150/month") and a
    # value inside a condition ("If your expenses are about $1,500/month") estimate no fact
    assert _hedged("- Buffer rule: keep one month's expenses (~$1,000) in checking.") == []
    assert _hedged("- Automate $800/month to savings: you'll hit 3 months in ~8 months.") == []
    assert _hedged("Please arrive about 2 hours before departure.") == []
    assert _hedged("- Example: $5 coffee/day = ~$150/month.") == []
    assert _hedged("- If your essential expenses are about $1,500/month: 3 months = $4,500.") == []
    assert _hedged("I can send a plan with estimated monthly savings for each step.") == []
    # ... an approximate value stated as a fact of the case stays an estimate
    assert _hedged("Your refund will be about $150.") == ["about $1"]
    assert _hedged("When you land, the shuttle takes about 20 minutes.") == ["about 2"]


def test_causes_given_for_the_users_own_problem_are_a_guess() -> None:
    # "You might not be able to apply the code because you lack access or it expired"
    # (round 19's MTRAG answers from a troubleshooting page that lists the causes): session
    # 18's ruling, uncertainty the result leaves open about the user's own problem
    text = "You might not be able to apply a feature code because the code has expired."
    assert _hedged(text) == ["might not"]
    text = "When you update your card, you might encounter errors due to various reasons."
    assert _hedged(text) == ["might"]
    # ... what the user may do stays an option, and a cause that is the agent's process stays
    # the process
    assert _hedged("You might want to apply the code again tomorrow.") == []


def test_what_an_empty_result_could_mean_is_a_guess() -> None:
    # "That could mean one of a few things: there genuinely are no recent transactions…"
    # (round 19's banking agent): a guess at why it came back empty
    text = "It returned no transactions. That could mean there are no recent transactions."
    assert _hedged(text, '{"transactions": []}') == ["could mean"]


def test_an_unsourced_attribution_answering_the_fact_is_a_guess() -> None:
    # "some research suggests that …" after the documents are silent (round 19's MTRAG):
    # session 18's ruling; the documents named as the source are a reading
    text = "However, some research suggests that genetic factors can increase susceptibility."
    assert _hedged(text) == ["some research suggests"]
    assert _hedged("The documents suggest that the fee is refundable.") == []


def test_no_insight_into_the_users_own_situation_is_about_the_user() -> None:
    # "As an AI, I don't have insights into your team's work dynamics" (round 15): what the
    # user has to give, as "I don't have your current flight information" (session 7)
    text = "As an AI, I don't have insights into your team's specific work dynamics."
    assert _hedged(text) == []
    assert _hedged("I don't have information about the museum's hours.") == ["I don't have"]


def test_what_some_members_of_a_kind_or_a_kind_named_before_do_is_the_general_case() -> None:
    # round 19's MTRAG answers about kinds (session 18's ruling: frequency and variation words
    # answering about a kind): "Some women may…", "they" taking up the kind the sentence opens
    # with, "those over 35 may want to…" (advice), "The court may order…" (another party)
    assert _hedged("Some women may not release eggs, which can be treated with Clomid.") == []
    text = "Small businesses are often targeted by scammers because they may have fewer resources."
    assert _hedged(text) == []
    text = "Scammers tend to target retirees because they are more likely to have savings."
    assert _hedged(text) == []
    assert _hedged("Those over 35 years old may want to seek treatment after six months.") == []
    assert _hedged("The court may order temporary spousal support.") == []
    assert _hedged("Ideally, your savings should cover 3-6 months of expenses.") == []
    # ... the user's own things, and a named case, stay guesses
    text = "Your bags are checked through, but they may be delayed at the transfer."
    assert _hedged(text) == ["may be"]
    assert _hedged("Some of your items may ship separately.") == ["may"]
    assert _hedged("Flight 212 may be delayed by the storm.") == ["may be"]


def test_a_state_an_action_puts_a_thing_in_and_the_area_of_a_question_are_no_hedges() -> None:
    # "image-obsolete: … making it unavailable for creating new instances" (round 19's MTRAG):
    # the state an action gives a thing, not information the agent lacks
    text = "- **image-obsolete**: Marks an image obsolete, making it unavailable for new instances."
    assert _hedged(text) == []
    # "您的咨询问题可能涉及到交通事故责任…" names the areas of law the question touches (round 19)
    assert (
        _hedged("根据您提供的信息，您的咨询问题可能涉及到交通事故责任以及财产继承方面的问题。")
        == []
    )
    # "法律倾向于由母亲承担主要责任": what the law or a court leans to, another party's rule
    assert _hedged("对于未成年子女的抚养问题，法律倾向于由母亲承担主要责任。") == []
    # ... the user's case with the same words stays a guess
    assert _hedged("您的情况可能涉及到违约。") == ["可能"]


def test_candidate_reasons_for_the_users_problem_and_a_common_estimate_are_guesses() -> None:
    # the advice set's "several potential reasons why your beer turned out very bitter" and
    # "a common estimate is that it takes between 4 to 7 liters", which the general case
    # of "Some breweries may use more water" (session 18's kind ruling) no longer carries
    assert _hedged("There are several potential reasons why your beer is bitter.") != []
    assert _hedged("A common estimate is that it takes 4 to 7 liters of water.") != []
    assert _hedged("Some breweries may use more or less water.") == []


def test_what_an_option_may_make_of_the_users_offer_is_advice() -> None:
    # "other financing options like FHA loans, which might make their offers more competitive
    # to sellers" (round 19's MTRAG): what an option brings, as "could be made more engaging"
    text = "Buyers can explore FHA loans, which might make their offers more competitive."
    assert _hedged(text) == []
    assert _hedged("The seller might make their decision tomorrow.") == ["might"]


def test_a_softener_the_passage_itself_carries_is_passed_on_uncertainty() -> None:
    # "The main sources of modern football codes appear to lie in western Europe" after a
    # passage that says "appear to lie in western Europe" (round 19's MTRAG): the source's
    # uncertainty about the fact asked, session 18's ruling, not the softener case
    passage = "However, the main sources of modern football codes appear to lie in western Europe."
    text = "The main sources of modern football codes appear to lie in western Europe, chiefly England."
    assert _hedged(text, passage) == ["appear to"]
    # ... a guess word copied with the result's sentence stays the result's words
    passage = "Treatment may involve inhalers or nebulizers to open the airways."
    assert (
        _hedged("Treatment may involve inhalers or nebulizers to open the airways.", passage) == []
    )


def test_as_far_as_i_know_in_other_chinese_words_is_a_guess() -> None:
    # "因为根据我了解到的相关法律条例，没有针对户口迁移的罚款内容" (round 19's Lawyer LLaMA): the
    # answer hedged by the lawyer's own limited knowledge, as 据我所知
    text = "因为根据我了解到的相关法律条例，没有针对户口迁移的罚款内容。"
    assert _hedged(text) == ["根据我了解到的"]
    assert _hedged("据我了解，这家店周一不营业。") == ["据我了解"]


def test_whether_the_clients_case_will_succeed_left_open_is_missing_information() -> None:
    # "男方是否能够成功落户还需实际操作中结合情况来看" (round 19's Lawyer LLaMA): the outcome of the
    # client's own case left open, session 18's ruling
    assert _hedged("但男方是否能够成功落户还需实际操作中结合情况来看。") != []
    # ... how such questions are decided is policy paraphrase
    assert _hedged("房子是否属于共同财产需要根据具体情况判断。") == []


def test_what_this_user_may_be_able_to_do_or_reach_is_a_guess_about_the_case() -> None:
    # "You may still be able to request cancellation, but it is not an immediate self-service
    # cancellation", "so the billing page may not be available to you" (the AgentDojo
    # section: what this user can do in this case), with or without "so", process words aside
    text = "You may still be able to request cancellation, but the order is in fulfillment."
    assert _hedged(text) == ["may"]
    text = "You lack billing permission, so the billing page may not be available to you."
    assert _hedged(text) == ["may not be"]
    # ... an option offered stays an offer
    assert _hedged("You may cancel the order from the Orders page.") == []


def test_a_carriers_network_and_requirements_that_appear_satisfied() -> None:
    # "The package has reached the USPS delivery network and appears to have been at the Los
    # Angeles delivery stage": the carrier's network, not the agent's process; "Etsy's
    # requirements appear satisfied": whether a rule holds for this case (the AgentDojo section)
    text = (
        "The package has reached the USPS delivery network and appears to have been in Los Angeles."
    )
    assert _hedged(text) == ["appears to"]
    text = "Etsy's requirements appear satisfied: the delivery date has passed."
    assert _hedged(text, '{"delivery_date": "2026-07-07", "status": "delivered"}') != []
    # ... the agent's own network stays the process
    assert _hedged("The network appears to be down; let me retry the lookup.") == []


def test_no_record_of_the_users_booking_is_not_missing_information() -> None:
    # "I don't have any record of an existing flight booking for you in the system" (round 4's
    # flight agent): what the user has to give, or a flat absence (session 7's "I don't have
    # your current flight information"), no fact of the data the agent lacks
    text = "Unfortunately, I don't have any record of an existing flight booking for you."
    assert _hedged(text) == []
    assert _hedged("I don't have any record of a reservation under your name.") == []
    # ... no record of a fact of the data stays missing information
    assert _hedged("I don't have any records of the museum's opening hours.") != []


def test_zhe_zhong_qing_kuang_de_hua_is_in_this_case_not_a_condition() -> None:
    # "这种情况的话" takes up the case just described (session 19's ruling; round 20's
    # doctors), as "这样的话" does: the 考虑 after it names a tentative diagnosis
    text = "孩子咳了一个月还没好，这种情况的话，考虑是呼吸道感染。"
    assert _hedged(text) == ["考虑"]
    # ... a condition closed by 的话 stays the hypothetical
    assert _hedged("咳嗽超过两周的话，考虑是呼吸道感染。") == []


def test_the_users_relatives_are_the_case_not_the_user() -> None:
    # "你妹妹这种情况考虑是…" (round 20's doctors): the user's sister's complaint is the case
    assert _hedged("你妹妹这种情况考虑是上呼吸道感染。") == ["考虑"]
    assert _hedged("你奶奶这种情况可能是高血压引起的。") == ["可能"]
    # ... the user as the subject stays about the user
    assert _hedged("你可能需要多休息。") == []


def test_a_diagnosis_not_ruled_out_is_tentative() -> None:
    # 不除外 / 不能排除 a condition for the case (session 19's ruling), as 不排除 already was
    assert _hedged("患者有胃炎病史，再次出现黑粪，不除外消化道溃疡。") == ["不除外"]
    assert _hedged("这些症状不一定是乙肝，但也不能排除。") == ["不一定", "不能排除"]
    # ... ruling out by a test is a step of care
    assert _hedged("建议做胃镜以排除消化道溃疡。") == []


def test_should_on_the_users_trip_estimates_it() -> None:
    # "we should be there soon", "it shouldn't take too long to reach there" (session 19's
    # ruling; round 20's KVRET wizards): when the user arrives, a fact of this trip no result
    # holds, a guess as when an order arrives is
    assert _hedged("You're welcome and we should be there soon.") == ["should"]
    text = "There is heavy traffic but we're just 1 miles away, it shouldn't take too long to reach there"
    assert _hedged(text) == ["shouldn't"]
    assert _hedged("It's 2 miles away, you should be able to reach it quickly.") == ["should"]
    # ... a time the route result gives, read back, is the softener case
    route = '{"eta": "5:40 pm", "distance": "3 miles"}'
    assert _hedged("You should arrive at 5:40 pm.", route) == []
    # ... what ought to be, a contact and a condition are no estimate of the trip
    assert _hedged("The gate code should be on your ticket.") == []
    assert _hedged("You should reach out to the hotel.") == []
    assert _hedged("If you leave now, you should be there by six.") == []


def test_causes_listed_for_the_complaint_the_user_described_are_a_guess() -> None:
    # "这种症状的病因比较多，如…都可以引起", "您的情况…多由于受寒…所致" (session 19's ruling;
    # round 20's doctors): candidate causes of this case, not settled
    text = "您好，再次出现头晕头痛的这种症状的病因比较多，如供血不足，高血压及颈椎病都可以引起。"
    assert _hedged(text) == ["病因比较多"]
    assert _hedged("您的情况考虑是胃炎、多由于受寒、长期饮食不规律等所致。") == ["考虑", "多由于"]
    # ... a disease named as a kind stays the general case
    assert _hedged("胃炎多由于幽门螺杆菌感染引起，头晕的原因很多。") == []


def test_the_users_own_circumstances_as_the_cause_of_the_complaint_are_a_guess() -> None:
    # "也可能会是你最近工作压力太大等所致的" (round 20's doctors; session 17's ruling on causes
    # of the user's own complaint): a guess about the case, not an offer to the user
    assert _hedged("这些症状不一定是乙肝，也可能会是你最近工作压力太大所致的。") == [
        "不一定",
        "可能",
    ]
    # ... what the user may need or do stays about the user
    assert _hedged("你可能需要多休息，避免劳累。") == []


def test_chinese_approximate_figures_that_are_not_the_cases_facts() -> None:
    # session 19's ruling (round 20's doctors): an approximate value inside a condition, a
    # target the doctor sets, the patient's own reading restated, a usual amount after 一般
    # and a share of people in general estimate nothing of the case
    assert _hedged("如果每次血糖都在这个范围左右，需要注意饮食。") == []
    assert _hedged("让老人一天的盐控制在六克左右，不建议吃的特别多。") == []
    assert _hedged("空腹血糖6.8左右，属于偏高。") == []
    assert _hedged("一般六克左右就是一啤酒瓶盖的盐。") == []
    assert _hedged("第二针后大概有30%的人产生抗体。") == []
    # ... the doctor's estimate of the case stays a guess
    assert _hedged("你这个结节大概有两年了。") == ["大概"]
    assert _hedged("干细胞移植治疗的费用大约在2~3万左右。") == ["大约", "左右"]


def test_what_a_disease_a_drug_or_an_act_may_bring_in_chinese_is_general() -> None:
    # session 9's ruling and session 19's (round 20's doctors): harm an act or a drug may
    # cause, a disease's transmission and its course over time are the general case
    assert _hedged("喝酒之后吃感冒药也有可能会导致药物中毒。") == []
    assert _hedged("中药或西药都可能会引发肝脏损害。") == []
    assert _hedged("小三阳是有可能母婴传播的。") == []
    assert _hedged("肝细胞反复修补，时间久了就可能会出现肝硬化。") == []
    # ... the same words about the user's own case stay a guess
    assert _hedged("你的孩子可能已经被传染了。") == ["可能"]
    assert _hedged("你这个肝功能异常可能是药物损害。") == ["可能"]


def test_a_diseases_unknown_cause_is_no_missing_information() -> None:
    # "特发性血小板减少性紫癜一般是原因不清楚…" (session 19's ruling): the cause of a kind of
    # disease that medicine does not know, the general case, not a fact of this case missing
    assert _hedged("你好，特发性血小板减少性紫癜一般是原因不清楚的自身免疫病。") == []
    # ... this case's cause not yet known stays missing information
    assert _hedged("你这个头痛原因还不清楚，需要做检查。") != []


def test_an_approximation_on_a_value_the_message_works_out_is_a_computation() -> None:
    # session 20's ruling (round 21): a quotient, a product or a mean of the figures the
    # sentence states, with an approximation word, is the computation case, not an estimate
    assert _hedged("$250 split among 6 people comes to approximately $41.67 per person.") == []
    assert _hedged("圆周率可以用22除以7来近似，22除以7约为3.14。") == []
    assert _hedged("The average of 4, 8 and 9 is about 7.") == []
    assert _hedged("Each of the 7 friends pays 100/7, which is approximately 14.29 dollars.") == []
    # ... a rounding of the figure just worked out, and "rounded to", are no estimates
    assert _hedged("The total is 3 x $12.99 = $38.97, or roughly $39.") == []
    assert _hedged("$250 / 6 = 41.666..., rounded to $41.67 per person.") == []
    # ... a value the message does not work out stays an estimate
    assert _hedged("The tower is approximately 300 metres tall.") == ["approximately"]
    assert _hedged("It has 3 rooms, and each costs about $120.") == ["about $1"]


def test_an_approximate_number_a_lists_difference_gives_stays_an_estimate() -> None:
    # Seat counts 4 and 7 differ by 3; "about 3 days" is still a guess at a length.
    seats = '[{"flight": "HAT1", "seats": 4}, {"flight": "HAT2", "seats": 7}]'
    text = "The refund will take about 3 days."
    assert [h.phrase for h in find_hedges(Lexicon.load(), text, seats)] == ["about"]


def test_an_approximate_length_the_results_times_give_is_worked_out() -> None:
    lexicon = Lexicon.load()
    flight = '[{"flight_number": "HAT037", "departs": "06:00:00", "arrives": "08:40:00"}]'
    text = "The flight takes about 2 hours and 40 minutes."
    assert find_hedges(lexicon, text, flight) == []
    assert [h.phrase for h in find_hedges(lexicon, text, '{"reservation_id": "Q7P4TT"}')] == [
        "about"
    ]
    # ... or a length the caller says results read earlier give (a search turns back)
    assert find_hedges(lexicon, text, None, held_length=lambda form: form.startswith("2 h")) == []
    guess = "The flight takes about 5 hours."
    assert [h.phrase for h in find_hedges(lexicon, guess, flight)] == ["about"]
    assert [h.phrase for h in find_hedges(lexicon, guess, None, held_length=lambda f: False)] == [
        "about"
    ]


def test_an_approximate_length_between_dated_times_in_two_zones_is_worked_out() -> None:
    # New York 22:00 -04:00 to Paris 12:30 +02:00 the next day: 8 h 30 in the air, where
    # the times of day alone would give 14 h 30.
    flight = (
        '[{"flight_number": "HAT201", "departure": "2024-05-01T22:00:00-04:00",'
        ' "arrival": "2024-05-02T12:30:00+02:00"}]'
    )
    text = "The flight takes about 8 hours and 30 minutes."
    assert find_hedges(Lexicon.load(), text, flight) == []
    guess = "The flight takes about 14 hours and 30 minutes."
    assert [h.phrase for h in find_hedges(Lexicon.load(), guess, flight)] == ["about"]


def test_should_before_worked_arithmetic_and_a_supposition_in_a_solution_compute() -> None:
    # 应该是 concluding the arithmetic it shows, and 假设 setting up a worked solution
    assert _hedged("因此，小明剩下的糖果数量应该是6颗糖- 3颗糖 = 3颗糖。") == []
    assert _hedged("假设大堤的全长为x千米。剩下1千米，即x/4 + 1 = x/2，解得x=4千米。") == []
    # ... 应该是 concluding a fact, and 假设 filling a value the user left out, stay guesses
    assert _hedged("你这种情况应该是感冒了。") == ["应该"]
    assert _hedged("这里假设用户指的是上周的订单。") == ["假设"]


def test_the_answerers_own_judgement_asked_for_is_no_guess() -> None:
    # session 20's ruling: "我认为" before the opinion, the argument or the classification
    # the task asks for, and the 应该 of that opinion, claim no fact
    assert _hedged("我认为吸烟应该在公共场所被禁止，因为二手烟有害。") == []
    assert _hedged("因此，我认为这本书可以被归类为文学作品。") == []
    # ... "I think" concluding a fact stays a guess
    assert _hedged("这个不太好说，但我认为应该没有关系") != []
    assert _hedged("我认为明天可能下雨。") == ["我认为", "可能"]


def test_a_drafted_letter_a_refusal_on_policy_and_an_imagined_act_are_no_hedges() -> None:
    letter = (
        "Subject: Proposal\n\nDear [Recipient's Name],\n\nI believe that a collaboration "
        "could be mutually beneficial.\n\nSincerely,\n[Your Name]"
    )
    assert _hedged(letter) == []
    assert _hedged("Sorry, I can't provide verbatim lyrics from that song.") == []
    refusal = (
        "I'm sorry, but I cannot provide a list of the funniest ways to die. It's important "
        "to approach the topic with sensitivity."
    )
    assert _hedged(refusal) == []
    assert _hedged("If I were a knight, I would likely declare my love in verse.") == []
    # ... a fact the answerer says it cannot give stays missing information
    assert _hedged("I am unable to provide the tracking details.") == ["unable to provide"]


def test_should_be_correcting_given_code_is_the_correction() -> None:
    assert _hedged("代码中的错误是在 area 方法中，self.heigh 应该是 self.height。") == []
    assert _hedged("The bug: `self.heigh` should be `self.height`.") == []


def test_words_that_are_not_epistemic_there() -> None:
    # session 20's ruling: a probability term, a possibility in principle said flat, an idiom,
    # 看起来 of appearance, 缺乏 as "a lack of" in a causal sentence, an effect that varies
    assert _hedged("Outcomes are not equally likely on both sides of the mean.") == []
    assert _hedged("It is possible for the product of two odd integers to be even.") == []
    assert _hedged("人生就像一盒巧克力，你永远不知道会得到什么。") == []
    assert _hedged("量子力学中，微观粒子有可能存在于多个位置。") == []
    assert _hedged("背阴的一面光合作用较弱，因此看起来比较不绿。") == []
    assert _hedged("缺乏足够的光合作用，将会导致植物叶片干枯。") == []
    assert _hedged("幽默可能会因为文化、社会习惯等因素而产生不同的效果。") == []
    # ... "it is thought that" giving the answer is an unsourced attribution (session 18)
    assert _hedged("It is thought that the drug gives a burst of energy first.") != []
    # ... and the same words as a guess about a fact stay guesses
    assert _hedged("It is possible that the parcel was lost.") != []
    assert _hedged("看起来您的订单已经发货了。") != []
    assert _hedged("我们缺乏您的订单信息。") != []


def test_nearly_and_an_estimated_measure_before_a_figure_are_estimates() -> None:
    # session 17's "about N" in the shapes round 21's rules missed (session 20's rulings)
    assert _hedged("Mount Everest has an estimated mass of over 357 trillion metric tons.") != []
    assert _hedged("太阳每秒钟可以释放出近四百万亿亿瓦特的能量。") == ["近"]
    assert _hedged("这个湖的面积近30平方公里。") == ["近"]
    # ... 近十年, 最近 and a field's name are no approximations
    assert _hedged("近十年来，中国经济快速发展。") == []
    assert _hedged("最近三天一直下雨。") == []
    assert _hedged("The estimated delivery date is May 5.") == []


def test_no_access_to_a_list_asked_for_is_missing_information() -> None:
    text = "I'm sorry, but I don't have access to a specific list of the top 100 tech categories."
    assert _hedged(text) == ["I don't have"]
    # ... access to a system stays the process
    assert _hedged("I don't have access to the booking system.") == []


def test_a_general_remark_framed_or_set_in_places_of_a_kind_is_general() -> None:
    # round 21's answers from general knowledge (session 20): a kind after "Keep in mind
    # that", places of a kind as the setting, and how long an effort takes
    assert _hedged("Keep in mind that cats may not respond to language as humans do.") == []
    text = "At night the sky is black, though in areas with artificial light, it may appear orange."
    assert _hedged(text) == []
    assert _hedged("Keep in mind that building such a career may take time and dedication.") == []
    # ... this case's things stay guesses
    assert _hedged("Keep in mind that your parcel may be delayed.") != []


def test_a_duty_in_an_essay_a_recipe_step_and_possible_problems_are_no_guesses() -> None:
    # round 21's Chinese reference answers (session 20): 应该 of a duty, a quantity in a
    # recipe's step, and 可能 in a noun's modifier ("problems that may arise")
    assert _hedged("首先，设计师应该追求简单、独特和易识别性。") == []
    assert _hedged("医疗保健是每个国家应该为其公民提供的基本权利之一。") == []
    assert _hedged("4. 放入预热好的烤箱中，烘烤约30分钟，直到表面呈金黄色。") == []
    assert _hedged("尽早获得反馈，并开始纠正可能会在早期设计中出现的问题。") == []
    # ... an estimate of the case and 应该 concluding a fact stay guesses
    assert _hedged("您的包裹大约3天后到货。") != []
    assert _hedged("你这种情况应该是胃炎。") != []


def test_any_one_of_a_kind_and_the_forms_a_kinds_members_take_are_general() -> None:
    # round 21 (session 20): a person of a kind described, and one form or the other
    text = "Someone interested in Bitcoin might also be interested in a course on cryptography."
    assert _hedged(text) == []
    assert _hedged("这些线可能是断的（表示阴）或完整的（表示阳）。") == []
    # ... this case's causes, one or the other, stay a guess
    assert _hedged("这些症状可能是感冒或者过敏引起的。") == ["可能"]
    assert _hedged("Someone may have used your card.") != []


def test_declining_to_guess_the_users_own_case_is_missing_information() -> None:
    # round 22's after-sales assistant (gn57-ux/qwen-customer-service-agent @ 30ad45c,
    # datasets/customer-service-test-80.json #23, #44, #63, #76; session 21's ruling): a fact of
    # the user's own case that waits on an inspection or a review, the deciding party named or not
    text = "这个我不猜。值不值得修取决于故障部位、配件价格和机器使用年限，需要工程师检测后给出报价，您再对比新机价格决定。"
    assert _hedged(text) == ["我不猜"]
    text = "我不预测赔付结果，那由人工按规则和责任认定判断。我能做的是把材料准备充分：损失说明、相关照片、时间线和订单记录。"
    assert _hedged(text) == ["我不预测"]
    text = "能否修复和费用要看屏幕损伤范围，由工程师现场评估后报价，我不能先报数字。"
    assert _hedged(text) == ["我不能先报数字"]
    assert _hedged("没有检测结论就给区间也是猜测，我不这么做。") == ["给区间也是猜测"]
    # ... declining to guess what the records hold, before looking them up, is the plan to
    # check (#42 of the same file); a shop's promise with no agent as subject is policy (the
    # JD.com staff's words the lexicon's comment on 无法保证 cites)
    text = "我不猜后台状态，猜出来的东西可能让您做出错误安排。正确做法是实际查询：请提供订单号，我用订单系统核对并按返回内容告诉您。"
    assert "我不猜" not in _hedged(text)
    assert _hedged("不能保证每位客户都赠送。") == []


def test_a_customers_eligibility_with_a_modal_is_a_guess_about_the_case() -> None:
    # round 22's support agent (nickcdryan/ticketworld @ fc66fc0, assets/support_tickets.json
    # #26, resolution_plan/policy_reasoning): the case's status, not the user (session 17)
    text = (
        "Since the order has already been delivered, cancellation is not possible. However, the "
        "customer may be eligible for a return under POL-RETURN-001, as the request is within "
        "the 30-day return window from the delivery date."
    )
    assert _hedged(text) == ["may be"]
    # ... what the customer wants stays about the user
    assert _hedged("The customer may want a refund instead.") == []


def test_a_likely_cause_drawn_from_evidence_is_a_guess() -> None:
    # round 22's support agent (ticketworld @ fc66fc0, support_tickets.json #44 and #82): a
    # verdict on this case's cause with an adjective of likelihood (session 9)
    text = (
        "Since the product stopped working, this is considered a potential manufacturing "
        "defect, which is covered under warranty as per POL-WARRANTY-002."
    )
    assert _hedged(text) == ["potential"]
    text = (
        "The customer's claim of the product ceasing to function suggests a potential "
        "manufacturing defect."
    )
    assert _hedged(text) == ["potential"]
    # ... "potential for" a step names the step (ticketworld #15)
    assert _hedged("This indicates potential for escalation if further issues arise.") == []


def test_the_staffs_decision_with_must_or_should_is_a_duty() -> None:
    # round 22's support agent (ticketworld @ fc66fc0 #52 and #71, @ b72887e #9): what the
    # policy requires of the staff, not a conclusion drawn with an epistemic modal
    text = (
        "The request was made 10 days after purchase, which is within the 30-day return/"
        "exchange window specified by POL-RETURN-001 (Return Window). Therefore, a "
        "replacement should be authorized."
    )
    assert _hedged(text) == []
    assert _hedged("Therefore, an investigation must be initiated before a replacement.") == []
    text = "Therefore, the warranty claim for the Smartphone X Pro Max must be denied."
    assert _hedged(text) == []
    # ... a conclusion about the thing stays a guess
    assert _hedged("So the author must be John Scalzi.") != []


def test_a_modal_on_the_agents_next_step_and_estimated_measures_listed_are_no_guesses() -> None:
    # round 22's support agent (ticketworld @ b72887e #56 and #51)
    text = "Given the item's value, POL-COMM-002 (Escalation) suggests this case may warrant escalation."
    assert _hedged(text) == []
    text = "POL-SHIP-001 directly addresses standard shipping costs and estimated delivery times."
    assert _hedged(text) == []
    # ... a possibility about this case given as the step's reason stays a guess (session 21)
    assert _hedged("Since the charge may be a duplicate, I'll open a dispute.") != []


def test_what_a_program_did_not_find_is_process_narration() -> None:
    # a new user's trial on Codex CLI logs (session 21): a program's behaviour before a fix
    text = "When edits came via apply_patch, it didn't find a diff and showed nothing."
    assert _hedged(text) == []
    assert _hedged("Before the fix, the parser didn't find the header and returned nothing.") == []
    # ... the agent not finding a fact of the task stays missing information
    assert _hedged("I couldn't find who owns the config.") == ["couldn't find"]


def test_chinese_after_sales_words_that_are_no_hedge_there() -> None:
    # round 22's after-sales assistant (gn57-ux/qwen-customer-service-agent @ 30ad45c,
    # datasets/customer-service-test-80.json #33, #64, #42, #25, #10; session 21)
    # what the user is asked to give, roughly: an instruction (session 7)
    text = "请提供型号、购买时间、噪音出现的时间段和大致特征，以及是否已经报修过。"
    assert _hedged(text) == []
    # a look-up failing as a case of the agent's future act, or what a wrong input would cause
    assert _hedged("格式不对或数字有误确实会查不到。") == []
    assert _hedged("如果查询失败或字段缺失，我会明确说明查不到，并转人工核实。") == []
    # a word ending in 据 before 说明, and the points in doubt named as a topic
    assert _hedged("收费合规的我把依据说明清楚。") == []
    assert _hedged("能理解，我们把不确定的地方变成可核对的事实。") == []
    # ... the agent not finding the order now, and "reportedly", stay hedges
    assert _hedged("我这边查不到这个订单。") != []
    assert _hedged("据说明天会有人上门。") != []


def test_a_devices_port_is_no_programming_interface() -> None:
    # round 22's after-sales assistant (gn57-ux @ 30ad45c, customer-service-test-80.json #5):
    # a guess about the user's own device (session 9), not the process
    text = "不建议自行处理后继续用。接口发黑可能已经涉及内部结构，只换线解决不了根本问题。"
    assert _hedged(text) == ["可能"]
    # ... an API that may have failed stays the process
    assert _hedged("接口可能出现了故障，我再试一次。") == []


def test_the_customers_own_issue_or_request_is_no_process() -> None:
    # round 22's support agent (nickcdryan/ticketworld @ fc66fc0 #17 and @ b72887e #25,
    # assets/support_tickets.json, resolution_plan/policy_reasoning): the customer's complaint
    # or request named by a process word, not the agent's process (session 21)
    text = (
        "The warranty supports this resolution, as the issue (flickering RGB and unresponsive "
        "keys) indicates a potential manufacturing defect."
    )
    assert _hedged(text) == ["potential"]
    text = (
        "A cancellation at this stage is not possible. However, the customer may be eligible "
        "for a return under POL-RETURN-001 (Return Window) as the request is within 30 days of "
        "the delivery date."
    )
    assert _hedged(text) == ["may be"]
    # ... the user's request addressed as "your request" stays the agent's scope (round 9)
    assert _hedged("It seems that your request is out of my scope.") == []


def test_an_assumption_in_the_passive_is_a_guess() -> None:
    # round 22's support agent (nickcdryan/ticketworld @ fc66fc0 #61 and @ b72887e #16,
    # assets/support_tickets.json, resolution_plan/policy_reasoning): a fact of this case no
    # record holds, assumed (round 13's assumption, session 21)
    text = (
        "Since the item is being exchanged and presumed to be opened, a 15% restocking fee will "
        "apply as per POL-EXCHANGE-003."
    )
    assert _hedged(text) == ["presumed to be"]
    text = (
        "The customer is requesting a different size of the same laptop, which is assumed to be "
        "for the same or higher value."
    )
    assert _hedged(text) == ["is assumed to be"]


def test_the_customers_words_in_single_quotes_are_quoted() -> None:
    # round 22's support agent (nickcdryan/ticketworld @ fc66fc0 #51, assets/
    # support_tickets.json, resolution_plan/policy_reasoning): words in quotation marks are the
    # user's (session 7), single marks opened after a verb of saying too
    text = (
        "However, the customer's request is based on the premise of a 'holiday gift' and they "
        "state they 'understand there is typically a return window, but since this was a "
        "holiday gift, I was hoping there might be some flexibility.' The flexibility for "
        "holiday gifts is strictly defined by POL-HOLIDAY-001."
    )
    assert _hedged(text) == []
    # ... an apostrophe opens nothing: the agent's own guess stays one
    assert _hedged("The customer said it wasn't opened, so there might be no fee.") != []


def test_a_possibility_about_the_case_given_as_a_steps_reason_is_a_guess() -> None:
    # round 22's support agent (nickcdryan/ticketworld @ fc66fc0, assets/support_tickets.json #7,
    # resolution_plan/policy_reasoning; session 21's ruling)
    text = (
        "However, since the customer is concerned about not receiving their item despite the "
        "system showing 'delivered', and given the potential for a lost package, initiating an "
        "investigation is the appropriate next step."
    )
    assert _hedged(text) == ["potential"]
    # ... a step as what is possible is the plan
    assert _hedged("Given the potential for escalation, I'll note the case.") == []


def test_more_information_to_settle_whether_a_fact_holds_is_missing_information() -> None:
    # session 23, round 7's FEVER thoughts (ysymyth/ReAct, the shape of s7-fv-199): "cannot
    # determine if the claim is true" states missing information, and so does needing more
    # information to determine it, after a page that does not say
    page = "Riddick is a 2013 American science fiction action film written by David Twohy."
    text = (
        "It does not mention if it is a documentary, so I need more information to determine "
        "if the claim is true or not."
    )
    assert _hedged(text, page) == ["need more information"]
    text = "The page is silent, so I need more information to tell whether he won."
    assert _hedged(text, page) != []
    # ... a claim the agent cannot answer is the same case
    text = "The observation does not mention who she married, so I cannot answer the claim."
    assert _hedged(text, page) == ["cannot answer the claim"]
    # ... asking the user for the input after it stays the plan to ask (session 7)
    assert (
        _hedged(
            "I need more information to determine whether you qualify. What is your date of birth?"
        )
        == []
    )
    assert _hedged("I need more information about your trip before I can book it.") == []


def test_a_rounded_figure_before_a_scale_word_reads_the_result() -> None:
    # session 23, round 10's MOSS plugin runs (OpenLMLab/MOSS, the shape of s10-ms-105): the
    # figure's digits round what the calculator returned, the scale word the text's own
    # (session 17: a value the result holds in another form is the computation case)
    result = "Calculate(\"21279583/971882\") => '21.895233166166264'"
    assert _hedged("千叶市的人均GDP约为21.9万日元。", result) == []
    # ... a figure no finer value rounds stays an estimate
    assert _hedged("千叶市的人均GDP约为23.4万日元。", result) != []
    assert _hedged("千叶市的人均GDP约为21.9万日元。", "Calculate(\"x\") => '21.9'") == []
    assert _hedged("The city's budget is about 21.9 million dollars.", "{'ratio': 22}") != []


def test_a_kinds_frequency_concluded_for_this_case_is_a_guess() -> None:
    # session 23, round 22's support agent (nickcdryan/ticketworld, the shape of s22-tw-137;
    # session 21's ruling): a kind's frequency standing in for this case's fact no record
    # holds, and concluded from, qualifies the case's fact
    text = (
        "The current request is 63 days after the purchase date (which is typically close to "
        "the delivery date for delivered items), placing it outside the 30-day exchange window."
    )
    assert _hedged(text) == ["typically"]
    text = "The parcel left on Monday, and such parcels usually arrive in two days, so it should have arrived."
    assert "usually" in _hedged(text)
    # ... said of the kind with nothing concluded for this case, the general case
    assert _hedged("Refunds are typically processed within 5-7 business days.") == []
    assert _hedged("Parcels usually arrive in two days, so please allow for that.") == []


def test_a_property_denied_after_an_empty_result_is_a_guess_at_why() -> None:
    # session 23, round 10's MOSS solver runs (OpenLMLab/MOSS, the shape of s10-ms-189;
    # session 18's ruling): after a result that found nothing, a softener that denies a
    # property of the task's thing guesses why it is empty; the absence itself restates it
    empty = 'Solve("y=2x-3;10x+y=0.45(10y+x)") =>\nNo result.'
    assert _hedged("It seems that the system of equations is not solvable.", empty) == ["seems"]
    text = "It appears the equation doesn't have a unique solution."
    assert _hedged(text, empty) == ["It appears"]
    # ... the absence the result states, softened, is no hedge
    assert _hedged("It seems there are no results for that equation.", empty) == []
    assert _hedged("It seems no flights are available on that date.", "No flights found.") == []


def test_a_refusal_on_harm_is_policy_not_missing_information() -> None:
    # session 23, round 8's garden-store agent (jcarah/accelerate_context_engineering_workshop,
    # the shape of s8-cs-103; session 20's refusals on policy or taste): declining to give what
    # could be used to harm, with the modal naming what is declined, claims no task fact
    text = (
        "I cannot provide information or recommend any products that could be used to harm "
        "animals. I'm happy to help with pet-safe plants instead."
    )
    assert _hedged(text) == []
    # ... a fact the agent cannot give stays missing information
    assert _hedged("I cannot provide the delivery date for this order yet.") != []
    # ... and a guess about this case after the refusal's sentence stays one
    text = "I cannot provide pesticide advice that could be used to harm wildlife. The order is probably delayed."
    assert _hedged(text) == ["probably"]


def test_a_softened_diagnosis_of_this_case_is_a_guess_whatever_record_words_it_uses() -> None:
    # session 23, AgentDojo-style telecom run (Liu-Ruotian/agentdojo-luna-trajectories, the
    # shape of ad-telecom-t05-1; the AgentDojo section): a hedged conclusion about this case
    # that no result states in those words is a guess, even when the records were read
    record = (
        "account_status: active\npast_due_amount: 27\noutage: none\n"
        "equipment_reachable: true\nservice_connection_status: offline\n"
        "issue_type: connection equipment billing suspension outage"
    )
    text = "This appears to be a connection/equipment issue, not a billing suspension or outage."
    assert _hedged(text, record) == ["appears to"]
    assert _hedged("It looks like an equipment problem on your line.", record) == ["looks like"]
    # ... the record's own words read back, with no fault named, stay the softener case
    assert _hedged("It seems the service connection status is offline.", record) == []


def test_an_assumption_filling_a_value_the_user_left_out_is_a_guess() -> None:
    # session 23, round 13's GPT-4 thoughts on MTU-Bench (MTU-Bench-Team/MTU-Bench, the shape
    # of s13-mr-008; round 13's ruling): the value the agent fills in for the user's words is
    # a guess at their meaning; what the user wants in general is about the user
    hotel = '{"name": "alexander bed and breakfast", "area": "centre", "stars": "3"}'
    text = (
        "Considering today is Monday, January 4, 2024, the user probably wants to book from "
        "Wednesday, January 6, 2024."
    )
    assert _hedged(text, hotel) == ["probably"]
    assert _hedged("The user likely means the 3 pm departure.", hotel) == ["likely"]
    # ... a wish with no value filled stays about the user
    assert _hedged("The user probably wants to book a hotel in the centre.", hotel) == []


def test_unavailable_in_a_heading_over_the_listed_items_is_their_status() -> None:
    # session 23, cs16's course agent (stanford-oval/genie-worksheets, the shape of
    # cs16-ge-066): "not available" heading the list of items it labels is their status (the
    # definitions' "an option … is what is unavailable"), no missing fact
    result = "[{'course_id': 222821, 'title': 'Topics in Computer Networks', 'course_codes': ['CS 344']}]"
    text = (
        "I checked which classes are not offered this quarter. Here are some classes that are "
        "not available:\n\n1. **Topics in Computer Networks**\n   - Course Codes: CS 344"
    )
    assert _hedged(text, result) == []
    # ... a fact the agent says is not available, with no list it heads, stays missing
    text = "The instructor for CS 344 is not available in the course records."
    assert _hedged(text, result) != []


def test_a_share_of_a_kind_the_result_does_not_state_is_no_reading() -> None:
    # session 23, round 14's FireAct thoughts (anchen1011/FireAct, the shape of r14-fa-066;
    # round 14's softener case needs a result that states the fact): "based on the search, it
    # seems that most X …" generalises beyond the page read, a guess
    page = "Arborio rice also makes lovely rice pudding, though it tends to absorb more liquid."
    text = (
        "Based on the search, it seems that most store-bought rice pudding is made with white "
        "rice, not brown rice."
    )
    assert _hedged(text, page) == ["seems"]
    # ... the share the result states, read back, stays the reading
    stated = "Most store-bought rice pudding is made with white rice rather than brown rice."
    assert _hedged(text, stated) == []
    # ... and a reading with no share of a kind stays one
    assert (
        _hedged("Based on the search, it seems Arborio rice makes lovely rice pudding.", page) == []
    )


def test_a_sentence_with_no_end_is_read_near_each_cue() -> None:
    # Found by benchmarks/fuzz_traces.py: thousands of cues in one "sentence" with no end
    # ("I think it might be " repeated) were each read with the whole text, quadratic (13 s
    # at 10 KB). A cue's sentence is read 1,000 characters either side of it when it is
    # longer than twice that; a sentence of an answer (the labelled sets' longest holding a
    # cue: 727 characters) is read whole.
    lexicon = Lexicon.load(["en"])
    text = "I think it might be " * 120
    found = hedge_candidates(lexicon, text)
    assert len(found) == 240
    middle = found[120]
    assert middle.sentence_start == middle.match.start - 1000
    assert middle.sentence_end == middle.match.end + 1000
    assert found[0].sentence_start == 0
    answer = "The parcel left the depot, " * 26 + "and it might arrive on Friday."
    (cue,) = hedge_candidates(lexicon, answer)
    assert (cue.sentence_start, cue.sentence_end) == (0, len(answer))
    assert len(answer) > 727


def test_a_text_s_first_cues_are_read() -> None:
    # A model stuck in a loop writes one cue thousands of times (a multi-megabyte string
    # dense with "I think it might be " ran for minutes in benchmarks/fuzz_traces.py). The
    # first MAX_CUES cues are read; the labelled sets' most in one message is 19.
    lexicon = Lexicon.load(["en", "zh"])
    looped = hedge_candidates(lexicon, "I think it might be " * 500)
    assert len(looped) == MAX_CUES == 256
    assert looped[-1].match.start == 127 * 20 + len("I think it ")
    assert len(find_hedges(lexicon, "It might be late. " * 20_000, "ok", gate="rules")) == 256
    assert len(find_hedges(lexicon, "可能是这样，" * 20_000, "ok", gate="rules")) == 256


def test_a_pointer_back_to_the_user_is_read_within_its_sentence() -> None:
    # "…, which they" in the next sentence made this one point back to the user (the
    # pattern read past the sentence's end, to the text's end with no comma in it): the
    # arrival's guess is about the flight, and counts.
    lexicon = Lexicon.load(["en"])
    text = (
        "The user booked the 9 am flight. The arrival might slip past noon. "
        "Separately, which they did not ask about, the lounge is closed."
    )
    (hedge,) = find_hedges(lexicon, text, '{"flight": "HAT001", "status": "delayed"}')
    assert hedge.sentence == "The arrival might slip past noon."


def test_an_assumption_the_agent_acts_on_is_a_guess() -> None:
    # session 26, sim24's service agents (arpitg1991/SOPBench, the shape of sim24-libr-s11,
    # sim24-heal-s04, sim24-bank-s09; session 24's "an assumption filling a fact the agent
    # lacks"): "assuming" with the agent's act in its sentence fills a fact of the case
    order = '{"order_id": "#W1234", "status": "delivered", "payment": "credit_card_77"}'
    text = "Assuming the order was paid with your gift card, I will refund it there."
    assert _hedged(text, order) == ["Assuming"]
    text = "I will try the lookup again, this time assuming that the code is the booking number."
    assert _hedged(text, "False") == ["assuming"]
    # ... set apart in brackets beside a figure it rests on
    text = "That leaves 20 credits, below the limit of 36 (assuming 18 is the limit per term)."
    assert _hedged(text, "True") == ["assuming"]
    # ... with no act it is the condition of a claim, the hypothetical
    text = (
        "All conditions are met, assuming the current time is within the window. What time is it?"
    )
    assert _hedged(text, "True") == []
    assert _hedged("All conditions are met, assuming the date is within the window.", "True") == []
    # ... nor is the user's next act, the agent's self or a typo in its own instructions
    text = "Assuming that the user will provide the order number, I will look it up."
    assert _hedged(text, order) == []
    text = "Assuming it's a typo in the constraint, I will check the number of books borrowed."
    assert _hedged(text, "True") == []


def test_an_assumption_that_fills_what_the_user_wants_is_a_guess() -> None:
    # session 26 (round 13's ruling: "We can assume they want the last train" counts): the
    # user's wish the agent fills in with "I'll assume you want …" is no sentence about the user
    flights = '{"flights": [{"flight_number": "HAT101", "departure": "2024-05-16T08:00:00"}]}'
    assert _hedged("I'll assume you want the 8 am flight and book it.", flights) == ["I'll assume"]


def test_a_softener_before_a_checks_bare_value_is_the_softener_case() -> None:
    # session 26, sim24's bank agent (the shape of sim24-bank-019): a result that is one value
    # ("(True, 1000.0)") states it, so a softener before that value read back restates it
    text = "It seems that your account balance is $1000.00, which is less than the transfer."
    assert _hedged(text, "(True, 1000.0)") == []
    assert _hedged("It appears your account balance is $1,000.00.", "1000.0") == []
    # ... another value, or a value the result does not hold, stays a guess
    assert _hedged("It seems that your account balance is $250.00.", "(True, 1000.0)") == ["seems"]


def test_an_option_put_to_the_user_is_no_guess() -> None:
    # session 26, sim24's library agent (the shape of sim24-libr-s02; session 24's "Maybe
    # Mario can choose different times": the user's options)
    assert _hedged("Maybe Mario can choose different times.", "False") == []
    assert _hedged("Maybe you could pick an earlier flight instead.", "True") == []
    # ... "maybe" before a fact of the case stays a guess
    assert _hedged("Maybe the flight was cancelled by the airline.", "True") == ["Maybe"]


def test_the_outcome_of_the_agents_next_attempt_is_the_process() -> None:
    # session 26, sim24's bank agent (the shape of sim24-bank-s11; session 24's predictions of
    # the agent's next attempt)
    text = "Since the user has given the same details again, the login will likely fail again."
    assert _hedged(text, "False") == []
    assert _hedged("Retrying will probably time out too.", "Error: timeout") == []
    # ... a guess at why it failed stays one
    assert _hedged("The login failed; your password may have expired.", "False") == ["may"]


def test_a_failure_named_as_what_there_is_restates_it() -> None:
    # session 26, sim24's agents (the shapes of sim24-dmv-048 and sim24-univ-s00): "there was
    # an unexpected response", "there might be an issue with the course information" after a
    # failed lookup narrate the failure, the process
    text = "It looks like there was an unexpected response from the system."
    assert _hedged(text, "(True, False)") == []
    text = "It seems there might be an issue with the course information."
    assert _hedged(text, "KeyError: 'CS101'") == []
    # ... an issue with the case's own facts stays a cause put forward (sim24-heal-057's shape)
    text = "There might be an issue with the claim ID or its existence under your policy."
    assert _hedged(text, "(False, {})") == ["There might be"]
    # ... and an error in the user's own things is a guess about the case
    assert _hedged("There may be an error in your bill.", "True") == ["There may be"]


def test_a_cause_that_is_the_agents_own_earlier_step_is_the_process() -> None:
    # session 26, sim24's library agent (the shape of sim24-libr-s14; session 24's "This is
    # likely because the book ID was not correctly retrieved earlier")
    text = "This is likely because the book ID was not correctly retrieved earlier."
    assert _hedged(text, "KeyError: None") == []
    text = "This is likely because the book is already checked out by another member."
    assert _hedged(text, "KeyError: None") == ["likely"]


def test_a_fault_in_the_agents_own_instructions_is_no_fact_of_the_task() -> None:
    # session 26, sim24's library agent (the shape of sim24-libr-s10; session 24's "about the
    # wording of the agent's own instructions")
    text = (
        "Next, I need to check if the user has borrowed less than 0 books, which seems to be "
        "a typo or error in the constraint."
    )
    assert _hedged(text, "True") == []


def test_what_the_user_has_not_asked_is_the_users_input() -> None:
    # session 26, sim24's library agent (the shape of sim24-libr-054; session 7's "what the
    # user has to give is not a fact of the data")
    text = "However, I don't have any specific request from you."
    assert _hedged(text, "True") == []


def test_what_a_failed_check_leaves_the_agent_unable_to_settle_is_the_process() -> None:
    # session 26, sim24's bank agent (the shape of sim24-bank-023; session 18's "Without
    # transaction details, it's difficult to identify specific spending patterns")
    text = "Without knowing the available credit on this card, I'm unable to determine if the payment can be made."
    assert _hedged(text, "(False, {})") == []
    # ... after a result that holds data, the doubt stays
    assert _hedged(text, "(True, {'limit': 5000})") != []


def test_a_step_to_reach_another_party_is_an_instruction() -> None:
    # session 26, sim24's university agent (the shape of sim24-univ-s04; session 24's "an
    # academic advisor … might allow for an exception")
    text = (
        "You would need to either:\n1. Enroll in additional courses first, or\n2. Speak with an "
        "academic advisor about special circumstances that might allow for an exception."
    )
    assert _hedged(text, "True") == []


# session 26, issue 16: the categories the product counts and does not count, in an airline
# or retail support agent's words (made up for these tests; not a labelled set)
_FLIGHTS = (
    '{"flights": [{"flight_number": "HAT101", "origin": "JFK", "destination": "SEA", '
    '"departure": "2024-05-16T08:00:00", "arrival": "2024-05-16T11:20:00", "price": 340}]}'
)
_ORDER = (
    '{"order_id": "#W1234", "status": "delivered", "items": [{"name": "Desk Lamp", '
    '"price": 49.99}], "payment": "credit_card_77"}'
)
_USER = '{"user_id": "mia_lee_1", "membership": "gold", "reservations": ["ABC123", "XYZ789"]}'
_SUPPORT_HEDGES = (
    # a guess about this booking or order
    ("There might be a fare difference if you move to the later flight.", _FLIGHTS),
    ("Your refund has probably reached your card by now.", _ORDER),
    ("The lamp was likely damaged during shipping.", _ORDER),
    ("Your bag was probably put on the next flight to Seattle.", _USER),
    ("I'll assume you want the 8 am flight and book it.", _FLIGHTS),
    ("Assuming the order was paid with your gift card, I will refund it there.", _ORDER),
    # an estimate no result holds
    ("The flight to Seattle takes approximately 5 hours.", '{"flights": []}'),
    ("Your replacement should arrive in about a week.", _ORDER),
    ("The new items should ship within a few days.", _ORDER),
    # missing information
    ("I couldn't find the baggage allowance for your fare class.", _FLIGHTS),
    ("I don't have information about the cancellation fee for this ticket.", _FLIGHTS),
    ("Your login failed; your password may have expired.", "False"),
)
_SUPPORT_NOT_HEDGES = (
    # offers and other parties' options
    ("I can transfer you to a human agent who may be able to help.", _USER),
    ("I can transfer you to a human agent, who may be able to review your case.", _USER),
    ("Maybe you could pick an earlier flight instead.", _FLIGHTS),
    ("The airport staff might be able to help you locate the bag.", _USER),
    # the user
    ("Please check wherever you might have stored the confirmation e-mail.", _USER),
    ("I don't have your reservation number yet; could you share it?", None),
    ("You should ship the item back within 30 days.", _ORDER),
    # policy paraphrase
    ("Refunds are typically processed within 5-7 business days.", _ORDER),
    ("Checked bags may incur a fee on basic economy fares.", _FLIGHTS),
    # politeness
    ("I hope this helps, and I apologize for any inconvenience this may have caused.", _ORDER),
    # a softener before a fact the latest result states
    ("It seems there are no nonstop flights on that date.", '{"flights": []}'),
    ("It looks like your order #W1234 has already been delivered.", _ORDER),
    ("It appears your account balance is $1,000.00.", "(True, 1000.0)"),
    ("It seems the login was unsuccessful.", "False"),
    # the agent's next attempt, a failure narrated
    ("The login will likely fail again with the same password.", "False"),
    ("It seems there was an unexpected response from the system.", "(True, False)"),
)


@pytest.mark.parametrize(("text", "result"), _SUPPORT_HEDGES)
def test_a_support_agents_claim_about_the_data_is_a_hedge(text: str, result: str) -> None:
    assert _hedged(text, result) != []


@pytest.mark.parametrize(("text", "result"), _SUPPORT_NOT_HEDGES)
def test_a_support_agents_offer_policy_or_restated_result_is_no_hedge(
    text: str, result: str | None
) -> None:
    assert _hedged(text, result) == []


def test_a_participle_that_frames_the_sentence_is_no_action_weighed() -> None:
    # session 26, sim24's library agent (the shape of sim24-libr-s01): "Looking at X, …" frames
    # the sentence, whose own subject comes after the comma; the guess in it counts
    text = (
        "Looking at the rooms data earlier, although those slots are listed, they might be "
        "single slots rather than one consecutive block."
    )
    assert _hedged(text, "False") == ["might be"]
    # ... an action that is the subject and is weighed stays advice
    assert _hedged("Calling the airline ahead could help.", "True") == []


def test_a_fact_that_cannot_be_determined_is_missing_information() -> None:
    # session 26, sim24's library agent (the shape of sim24-libr-032; the definitions'
    # statement of missing information, in the passive)
    text = "Your bag's current location cannot be determined from the records I have."
    assert _hedged(text, '{"bag_tag": "SEA1234", "scans": []}') == ["cannot be determined"]
    # ... inside a condition it stays the hypothetical
    text = "If the fare cannot be determined, I will transfer you to an agent."
    assert _hedged(text, '{"fare": 340}') == []


def test_a_date_worked_out_from_a_stated_date_and_days_is_no_estimate() -> None:
    # session 26, AgentDojo's retail agent (the shape of ad-ecommerce-t08-1; session 20's
    # computation case): a window's end worked out from the delivery date and its length
    text = (
        "It was delivered **June 29, 2026**, so the **30-day return window** runs through "
        "approximately **July 29, 2026**."
    )
    assert _hedged(text, "{}") == []
    assert _hedged("Delivered March 3, so the 14-day window ends around March 17.", "{}") == []
    # ... a date the figures do not give, or with no count of days, stays an estimate
    text = (
        "It was delivered June 29, 2026, so the 30-day window ends approximately August 15, 2026."
    )
    assert _hedged(text, "{}") == ["approximately"]


# Session 27, round 24 unsealed (free answers: stories, role play, puzzles, formulas). Made-up
# sentences of the classes its false hits showed; each rule names its GUIDELINE ruling.
@pytest.mark.parametrize(
    "text",
    [
        "The corridor seemed to stretch forever as she walked.",  # a story's past tense
        "她的眼神犀利，仿佛能看穿一切。",  # a simile
        "那只猫看起来非常凶猛。",  # appearance
        "However, he was not sure.",  # a character's doubt
        "我认为这个设计非常精致。",  # the judgement asked for
        "Bob说他不知道答案，所以Alice也不知道。",  # someone else's knowing
        "Based on the second statement alone, we cannot determine the order.",  # the verdict
        "这个公式假设物体垂直于视线。",  # a formula's assumption
        "假设取出的是红球，那么这个盒子就是红球盒。",  # a worked supposition
        "Since A > B and B > C, it follows that A must be greater than C.",  # a deduction
        "不同的机器人可能使用不同的算法。",  # a kind as the subject
        "Different schools might use different methods.",
        "这是一个过程，可能需要时间。",  # how long an effort takes
        "此外需要足够的光，否则植物可能无法生长。",  # the condition closed by 否则
        "共有的所有可能为120种。",  # 可能 as a noun
        "这些词不一定都有意义，仅供参考。",  # a caveat on the answer's own product
        "May we all keep learning together.",  # a wish
        "This is perhaps the most famous painting of the era.",  # standing
    ],
)
def test_a_free_answers_voice_kind_or_worked_step_is_no_hedge(text: str) -> None:
    assert _hedged(text, "") == []


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("It seemed the booking was cancelled.", "seemed"),  # a softener before a claim
        ("我认为订单已经发出了。", "我认为"),  # a fact someone could check
        ("He was not sure of the date, so the booking may be wrong.", "may be"),
        ("您的订单可能已经发出。", "可能"),  # the user's own case
        ("I believe the flight leaves at 5.", "I believe"),
    ],
)
def test_the_free_answer_rules_keep_a_guess_at_the_tasks_facts(text: str, cue: str) -> None:
    assert cue in _hedged(text, "")


def test_a_guess_drawn_from_a_failed_search_is_read_on_its_own() -> None:
    # Session 27's support rows: the guess after ", so maybe" or "which means" is about the
    # customer's record, not the search narrated before it ("returned", "find" are the
    # process's words there); the agent's next step after "so" stays its plan.
    lexicon = Lexicon.load(["en"])
    guesses = (
        "The search returned nothing, so maybe the order is under another email.",
        "I could not find the order, which means it may be under another account.",
    )
    for text in guesses:
        assert [h.kind for h in find_hedges(lexicon, text, "[]")] == ["guess"], text
    plans = (
        "The search returned nothing, so maybe we should try another email.",
        "I could not find flights, so I may need to search again.",
    )
    for text in plans:
        assert find_hedges(lexicon, text, "[]") == [], text


# Session 28's readings (_failed_check_reading), found on hedges_sop28.jsonl; made-up
# examples of an airline and a shop desk.


def test_the_users_input_named_with_you_provided_is_a_guess() -> None:
    # session 24's "the user's input named as the cause": "you provided" names the input
    assert _hedged("The booking code you provided might be incorrect.", "False") == ["might be"]
    text = "This could mean that the membership number you gave is invalid."
    assert _hedged(text, "False") == ["could mean"]
    # ... a softener on the same words restates the check's False (session 24)
    assert _hedged("The booking code you provided appears to be incorrect.", "False") == []


def test_alternatives_or_a_cause_after_a_softener_are_a_guess() -> None:
    # the task-conversation section: a result that found nothing states neither alternative
    text = "It seems the voucher is either already used or has expired."
    assert _hedged(text, "(False, {})") == ["seems"]
    # session 24's cause put forward for a failed check, in a softener's words
    text = "This appears to be because the seat you picked is already taken."
    assert _hedged(text, "KeyError: '14C'") == ["appears to"]
    # ... the outcome alone restated stays the softener case
    assert _hedged("It seems the voucher is not valid.", "(False, {})") == []


def test_what_an_error_indicates_for_the_case_is_read_on_its_own() -> None:
    # session 24's "what a failure means, drawn after it"
    text = "The error indicates that there might be a problem with the recipient's account."
    assert _hedged(text, "KeyError: 'sam_99'") == ["there might be"]


def test_a_thing_the_data_lacks_given_as_the_cause_is_a_guess() -> None:
    # session 24: a cause naming the booking's data; "in the system" is only where it sits
    text = "This could be because the flight is not yet available in the system for booking."
    assert _hedged(text, "KeyError: 'UA12'") == ["could be"]
    # ... a cause that is the system stays process (session 24's process cause)
    assert _hedged("This could be due to a technical issue in our database.", "False") == []


def test_an_issue_doing_the_agents_step_after_a_failed_check_is_process() -> None:
    # the definitions' process narration; session 24's "it seems the login was unsuccessful"
    text = "It seems that there was an issue signing in with the details given."
    assert _hedged(text, "False") == []
    assert _hedged("It seems there was an issue with the refund process.", "False") == []
    # ... an issue with the user's account stays a guess
    assert _hedged("There might be an issue with the account.", "False") == ["There might be"]


def test_an_iso_date_or_a_rate_worked_out_is_no_estimate() -> None:
    # session 20's computation case
    text = "The order date (2024-03-01) plus 30 days would end approximately 2024-03-31."
    assert _hedged(text, "True") == []
    text = "Your 200 GBP gives you 234.00 EUR, so the rate is approximately 1 GBP = 1.17 EUR."
    assert _hedged(text, "(True, 234.0)") == []
    # ... a date no count of days gives stays one
    assert _hedged("The refund should land approximately 2024-03-31.", "True") == ["approximately"]


def test_the_modal_that_says_why_the_agent_asks_is_a_plan() -> None:
    # session 18: a possibility put before a question
    text = (
        "This might be an issue because the fare rules limit changes to two. "
        "Could you please confirm how many changes you have made?"
    )
    assert _hedged(text, "True") == []


# Session 28, round 27 unsealed (a shop assistant's sales talk over catalogue results, a
# resident-support AI). Made-up sentences of the classes its false hits and misses showed.
@pytest.mark.parametrize(
    ("text", "latest"),
    [
        ("Sorry, the lamp is not available for delivery in Peru.", "id: 1, title: Lamp"),
        ("Here's a possible response you can send:", "id: 1, title: Lamp"),
        ("I'm just an AI, I don't have personal plans, but I can help you shop!", ""),
        ("I'm here to help with any questions people might have.", ""),
        ("In the garden category, customers might be looking for sturdy tools.", "id: 1"),
        ("May the weekend bring you plenty of sunshine!", "id: 1, title: Lamp"),
        ("It may be a choking hazard for children under 3.", "id: 1, title: Toy"),
        ("This coat may not fit all dogs without adjustment.", "id: 1, title: Coat"),
        ("It ships in a bag, which may not be suitable for gifting.", "Consider when gifting."),
        ("The novel seems fascinating.", "id: 1, title: Novel"),
        ("With a generous estimated yield, it prints for months.", "id: 1, title: Toner"),
        ("Each candle has a burn time of approximately 9 hours.", "id: 1, title: Candle"),
        ("Press the button and the app shows an alert within about 10 seconds.", ""),
    ],
)
def test_a_shop_assistants_status_draft_kind_or_item_caveat_is_no_hedge(
    text: str, latest: str
) -> None:
    assert _hedged(text, latest) == []


@pytest.mark.parametrize(
    ("text", "latest", "cue"),
    [
        # a diagnosis of the user's own fault against another
        ("The pattern points at a failing battery rather than the app.", "", "points at"),
        ("I see two charges on the 3rd. That does look like a duplicate.", "", "does look like"),
        # "to see if" asks; the value asked is left open
        (
            "There might be limits, so compare them to see if it meets your needs.",
            "",
            "There might be",
        ),
        # a verdict on the case asked, with no result saying the use
        ("It may not be suitable for young children.", "", "may not be"),
        # an order's arrival is no system's short response time
        ("Your parcel should arrive within about 3 days.", "", "about 3"),
    ],
)
def test_the_shop_rules_keep_a_guess_at_the_users_case(text: str, latest: str, cue: str) -> None:
    assert cue in _hedged(text, latest)


# Session 29, round 28 unsealed (a helpdesk agent walking a customer through steps). Made-up
# messages of the classes its false hits and misses showed ("Hedge rulings of session 29").
@pytest.mark.parametrize(
    "text",
    [
        # the work done so far
        "It seems we've tried several steps without success. Let's reset the router.",
        "It seems like we've exhausted the basic checks.",
        # what the user is asked to look for
        "Open the firewall settings and look under Outbound Rules for any rules that might be "
        "blocking the printer.",
        # a step's possible outcome
        "Turn on background data for the app, which might resolve the sync problem.",
        # how long to hold the button
        "Press and hold the power button for about 15 seconds, then release it.",
        # another party's ability, given as the reason for a step
        "Please contact your provider, as they may be able to check the line.",
    ],
)
def test_a_support_agents_steps_and_work_so_far_are_no_hedge(text: str) -> None:
    assert _hedged(text, "") == []


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        # a possibility about this case given as the reason for the step
        (
            "Let's try disabling your antivirus for a moment, as it might be blocking the setup.",
            "might be",
        ),
        # the case's own state in doubt, not the work done
        ("It seems the adapter is not charging the battery.", "seems"),
        # an estimate of the user's case, not how long to hold or wait
        ("The fan has been running for about 20 minutes now.", "about 2"),
    ],
)
def test_the_support_rules_keep_a_guess_at_the_users_case(text: str, cue: str) -> None:
    assert any(cue in h for h in _hedged(text, ""))


@pytest.mark.parametrize(
    ("text", "hedged"),
    [
        # a 几 that counts days asks nothing: the guess before a later question still counts
        ("眼睛发花很可能是这几天血糖偏高引起的，别担心，咱们明早再测一次好吗？", True),
        # the cue opening the clause a condition just before it governs: the hypothetical
        ("今晚再测一次，如果在7到8之间，大概率是晚饭吃多了。", False),
        # what the member is asked to note down, roughly
        ("测的时候顺手记下喝了哪种粥、大概几勺。", False),
        # a record read is no ask to note anything
        ("您的订单记录里，大概是3号下的单。", True),
    ],
)
def test_a_care_assistants_conditions_and_notes(text: str, hedged: bool) -> None:
    assert bool(_hedged(text, "")) == hedged


# Session 30, round 31 unsealed (a Chinese financial consultant answering from retrieved news
# passages, from general knowledge, or with a calculator). Made-up messages of the classes its
# false hits and misses showed ("Hedge rulings of session 30", round 31).
@pytest.mark.parametrize(
    "text",
    [
        # what a thing may bring: an effect with its object
        "政策收紧可能会对房地产行业的融资造成一定影响。",
        "油价上涨可能会降低航空公司的利润率。",
        "出口放缓可能会带来以下几方面的影响：",
        "消费者的信心可能受到影响。",
        # challenges a course may meet, a value that varies, how long a recovery takes
        "推广新能源公交可能面临一些充电设施上的挑战。",
        "手续费标准可能会根据银行和地区而有所不同。",
        "行业的复苏可能还需要一段时间。",
        # a kind of market actor as the subject, a fee such a service may carry
        "散户可能会选择观望，等待行情明朗。",
        "这类贷款可能会收取较高的手续费。",
        # duties
        "企业应该控制负债规模。",
        "投资者应该在了解产品风险之后再做决定。",
        "无论方案多么简单，都应该先写下来。",
        # uncertainty named, a condition framed by 在…的情况下, a method's assumption
        "企业需要做好预案，以应对不确定性和风险。",
        "在利率上升的情况下，债券价格有可能下跌。",
        "它假设样本之间相互独立。",
        # a processing time, a baking step
        "材料备齐后大约两周左右即可开户。",
        "放入烤箱烤约15分钟。",
    ],
)
def test_a_consultants_outlook_and_advice_are_no_hedge(text: str) -> None:
    assert _hedged(text) == []


def test_the_passages_named_as_the_source_are_a_reading() -> None:
    passages = "参考材料2：多位分析人士认为，利率下行或成为长期趋势。"
    assert _hedged("根据参考材料2，利率下行可能成为长期趋势。", passages) == []
    # the answerer's own inference after the passage is read stays a guess
    inferred = "根据参考材料2，利率持续下行，这可能意味着银行将调整存款利率。"
    assert _hedged(inferred, passages) == ["可能"]


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        # a meaning or a cause put forward, a change that happened explained
        ("这可能意味着该公司打算扩张业务。", "可能"),
        ("利润下滑可能是由于原材料涨价。", "可能"),
        ("这次降价可能提振了销量。", "可能"),
        # a named company's measure forecast, with no object: the fact asked left open
        ("该公司的利润可能会下降。", "可能"),
        # the user's own case, a concession, "in this case" (no condition)
        ("您的账户可能会产生滞纳金。", "可能"),
        ("虽然新规可能会降低成本，但效果还要观察。", "可能"),
        ("在这种情况下，债券价格有可能下跌。", "可能"),
        # a named market's course (not markets as a kind)
        ("创业板指数可能继续调整。", "可能"),
        # a value the problem does not give, filled, though a worked solution follows
        ("假设年利率为5%，则一年利息为5%×10000=500元。", "假设"),
        ("所以β为1.2（假设值），预期回报率为9.2%。", "假设"),
        # 应该 concluding this order's state, not a duty
        ("你的订单应该明天发货。", "应该"),
    ],
)
def test_the_consultant_rules_keep_a_guess_at_the_fact_asked(text: str, cue: str) -> None:
    assert cue in _hedged(text)


def test_a_letter_for_the_unknown_still_sets_up_the_working() -> None:
    # session 20: "假设全长为x千米" sets up the solution; a figure set is an assumed value
    assert _hedged("假设全长为x千米，则 x/4 + 1 = x/2，解得 x = 4。") == []


def test_a_softener_before_what_an_earlier_record_states_reads_it_back() -> None:
    # The card's record came two calls back, asked for by the card's number; the latest
    # result is a logout's True. The address it states, read back behind "it looks like",
    # is a fact the agent read.
    lexicon = Lexicon.load()
    record = ('{"card_id": "C4417"}', '{"holder": "Ana Ruiz", "address": "12 Birch Lane"}')
    text = "It looks like the billing address for card C4417 is 12 Birch Lane."
    assert [h.phrase for h in find_hedges(lexicon, text, "True")] == ["looks like"]
    assert find_hedges(lexicon, text, "True", records=[record]) == []
    # A softener before what no record states, and a guess at a value one holds, still count.
    unread = "It looks like card C4417 was blocked last week."
    assert [h.phrase for h in find_hedges(lexicon, unread, "True", records=[record])] == [
        "looks like"
    ]
    guess = "The billing address for card C4417 might be 12 Birch Lane."
    assert [h.kind for h in find_hedges(lexicon, guess, "True", records=[record])] == ["guess"]


# Session 30, round 30 unsealed (a marketplace-support agent reading order and policy records).
_DENIED = '{"ok": false, "error": "permission_denied", "reason": "user 7 may not view order #88"}'


@pytest.mark.parametrize(
    ("text", "latest", "hedged"),
    [
        # the record refused, read back behind a softener: the result states it
        ("Sorry, I can't open order 88. It doesn't appear to belong to your shop.", _DENIED, False),
        # ... with no refusal in the result it is the agent's own doubt
        ("Sorry, I can't open order 88. It doesn't appear to belong to your shop.", "", True),
        # the agent's own tools or chat named as the limit: a capability statement
        ("I can't check the courier's own tracking page from my tools.", "", False),
        ('I don\'t have a "list every order" lookup available here.', "", False),
        # ... a shop named "… Tools" is no such limit
        ("I couldn't find the order from Ridge Tools.", "", True),
        # an out-of-scope refusal with the service's scope told after it
        ("I can't provide sports scores. I can help with your orders and returns.", "", False),
        ("I can't provide the tracking number yet.", "", True),
        # two facts of the case that disagree, left open
        (
            "The order is flagged eligible, so there's a conflict I can't resolve on my own.",
            "",
            True,
        ),
        (
            "It is past the window, which conflicts with the flag, so I didn't want to guess.",
            "",
            True,
        ),
        # a record's fact the records do not show: missing information
        ("The refund records don't show the payout date yet.", "", True),
        ("The item's colour isn't showing in the order record.", "", True),
        ("Please don't show the code to anyone.", "", False),  # an instruction
        # a processing time of a policy the sentence cites: its paraphrase
        ("Once approved, it should arrive within 3–5 business days (shop-refunds).", "", False),
        ("Once approved, it should arrive within 3–5 business days.", "", True),
        # a date or a span worked from dates and counts the text states
        ("It was delivered 2026-03-01. You have 30 days, until about 2026-03-31.", "", False),
        ("It was delivered on May 1. Today is June 30, about 60 days after delivery.", "", False),
        ("Today is June 30, about 75 days after delivery.", "", True),
    ],
)
def test_session_30_readings_of_a_support_agents_records(
    text: str, latest: str, hedged: bool
) -> None:
    assert bool(_hedged(text, latest)) == hedged


_ORDERS = '[{"order_id": 1, "status": "cancelled"}, {"order_id": 2, "status": "delivered"}]'


def test_a_status_none_of_the_listed_records_holds_is_read_back() -> None:
    # each record of the list holds its status: one none of them holds is stated absent by it
    assert _hedged("I don't see any pending orders in the list.", _ORDERS) == []
    # ... one of them holds it: the agent's own statement of what it lacks
    assert _hedged("I don't see any delivered orders in the list.", _ORDERS) != []
    # ... one record is no list
    one = '{"order_id": 1, "status": "cancelled"}'
    assert _hedged("I don't see any pending orders in the list.", one) != []


# Session 30, rounds 28 and 29's leftovers: general advice read in its sentence, and the care
# assistant's answers to the member's own reading. Made-up messages of each class.
@pytest.mark.parametrize(
    "text",
    [
        # a marked kind's 可能 carried on by the clause after it, its subject short or none
        "劣质的充电器可能发热，甚至可能损坏电池。",
        "未经认证的轮胎可能磨损更快，寿命可能较短。",
        # the modal inside what the user is told to avoid
        "请避免购买宠物可能误食的小零件。",
        # another party that may help
        "当地的律师可能提供更具体的意见。",
        # a step's possible outcome
        "你可以试着早点睡，也许失眠能够有所缓解。",
        # holding an investment as the subject
        "短期会有波动，而长期持有则可能让收益更平稳。",
        # a sentence that opens with 有时候
        "有时候，旧的缓存也可能让页面加载变慢。",
        # a dispute between the parties, told
        "您和邻居之间就围墙的归属存在争议。",
        # 应该 naming the priority
        "价格应该是选购时首要考虑的因素。",
    ],
)
def test_general_advice_read_in_its_sentence_is_no_hedge(text: str) -> None:
    assert _hedged(text, "") == []


@pytest.mark.parametrize(
    ("text", "hedged"),
    [
        # a kind's frequency standing in for the member's own reading
        ("6.9在感冒时很常见，不是病情加重。", True),
        ("空腹7.1略高，更常和前一晚吃得晚有关。", True),
        # ... not a kind's frequency with no reading, nor 常见 before its noun
        ("高血压在老年人中很常见。", False),
        ("2. 头晕：这是一种常见的副作用。", False),
        # a cause in general words after the member's report is granted with 确实
        ("手脚发凉确实要留意，血糖长期偏高可能影响血液循环。", True),
        # ... the same cause stated as how things go, with nothing granted
        ("血糖长期偏高可能影响血液循环。", False),
        # the guess about the case itself stays one
        ("你的头晕可能是昨晚没睡好。", True),
    ],
)
def test_a_care_assistants_frequency_and_granted_causes(text: str, hedged: bool) -> None:
    assert bool(_hedged(text, "")) == hedged


_AMENITIES = (
    "Community Amenities: Courtyard, Dog Park, Storage Units, Elevator, Fitness Center, Lounge."
)
_SLOT_LIST = (
    '{"available_tour_dates_and_times":[{"tour_date":"02/03/2025","tour_start_time":"9:00 AM"},'
    '{"tour_date":"02/03/2025","tour_start_time":"10:00 AM"}]}'
)


# Session 31: round 32's leasing assistant (GUIDELINE, "Hedge rulings of session 31").
@pytest.mark.parametrize(
    ("text", "latest", "hedged"),
    [
        # a second thing the user may want, inside the sentence about the user
        ("You may be interested in the gym and possibly joining a class.", "", False),
        ("The gym will possibly open in May.", "", True),
        # what the user may find where the agent points
        ("See our website, where you might find photos of the units.", "", False),
        ("The unit might have a balcony.", "", True),
        # a term's meaning, elaborated in the next sentence
        (
            '"Garden unit" usually means a ground floor unit. It may include a patio and possibly a yard.',
            "",
            False,
        ),
        ("Unit 4 was renovated. It may include a patio and possibly a yard.", "", True),
        # a misunderstanding said alone
        ("It sounds like there may have been a mix-up. Tours start at 9.", "", False),
        ("There may have been a mix-up with your lease dates.", "", True),
        # the second option of an offer
        (
            "Would you like more details on that or perhaps schedule a tour to see the rooms.",
            "",
            False,
        ),
        # a thing the listed items leave out, read back
        ("It seems we don't have a sauna on-site.", _AMENITIES, False),
        ("It seems we don't have a sauna on-site.", "Rent is $900.", True),
        # the result's failure said again
        (
            "I currently don't have specific information on your lease end date.",
            "Could not retrieve the lease end date.",
            False,
        ),
        (
            "I currently don't have specific information on your lease end date.",
            "Rent is $900.",
            True,
        ),
        # the agent's own systems as the limit; a fact of the case stays missing information
        ("I don't have access to payment records.", "", False),
        ("I don't have specific information about the number of floors.", "", True),
        # "some" before a compound with a number counts items
        ("However, we do have some 2-bedroom units open.", '{"units": [1]}', False),
        ("The walk takes some 20 minutes.", "", True),
        # a time not in the listed slots, read back
        ("Sorry, 2:00 PM on Monday is not available.", _SLOT_LIST, False),
        # ... and the schedule itself not given stays missing information (a slot the list holds
        # said unavailable is an option's status, a claim the results contradict, no hedge:
        # session 31's reading of a thing not available)
        ("Sorry, the tour schedule for Monday is not available.", "Rent is $900.", True),
    ],
)
def test_a_leasing_assistants_read_backs_offers_and_limits(
    text: str, latest: str, hedged: bool
) -> None:
    assert bool(_hedged(text, latest or None)) == hedged


@pytest.mark.parametrize(
    ("text", "hedged"),
    [
        # details of the fact asked not given: missing information
        ("However, specific details about unit B2's parking spot aren't provided.", True),
        # ... details of what the user wants done are the user's request
        ("Specific details about what changes need to be made aren't provided.", False),
    ],
)
def test_details_of_the_fact_asked_not_given(text: str, hedged: bool) -> None:
    assert bool(_hedged(text, '{"tour_start_time": "9:00 AM"}')) == hedged


# Session 31's made-up support runs (written by hand, no public data): new phrasings of the
# issue's false-hedge kinds, each beside the reading that stays a hedge.
_BOTTLE = (
    '{"name": "Water Bottle", "variants": {"1434748144": {"options": {"color": "red"}, '
    '"available": true}, "4579334072": {"options": {"color": "blue"}, "available": false}}}'
)
_PROFILE = (
    '{"user_id": "raj_sanchez_7340", "payment_methods": {"gift_card_1591389": {"source": '
    '"gift_card", "balance": 45}}, "reservations": ["M20IZO", "4WQ9ZL"]}'
)
_LAPTOP = '{"order_id": "#W7302510", "status": "delivered", "items": [{"name": "Laptop"}]}'


@pytest.mark.parametrize(
    ("text", "result", "hedged"),
    [
        # a variant the record flags "available": false, read back
        ("It seems the blue water bottle is currently unavailable.", _BOTTLE, False),
        ("The blue bottle's delivery date is unavailable.", '{"name": "Water Bottle"}', True),
        # a softener alone in its clause, or before a colon, reads on to its sentence's end
        (
            "Apparently, the payment method on file is a gift card with a balance of $45.",
            _PROFILE,
            False,
        ),
        (
            "It seems like there are two reservations under your profile: M20IZO and 4WQ9ZL.",
            _PROFILE,
            False,
        ),
        ("Apparently, the flight was overbooked last week.", _PROFILE, True),
        # a Chinese status over an English-keyed record
        ("看起来您的订单已经送达了，所以无法取消。", _LAPTOP, False),
        ("看起来您的订单已经发货了，所以无法取消。", _LAPTOP, True),
        # sympathy with how the user may feel
        ("I understand this may be frustrating.", _LAPTOP, False),
        ("I'm sorry to hear that the laptop might not have met your expectations.", _LAPTOP, False),
        ("The laptop may be faulty.", _LAPTOP, True),
        # a subject and a modal before the adverb: a claim, no step
        ("The refund will probably show up on your card in a couple of days.", _LAPTOP, True),
        ("I'll check your order and then probably cancel it.", _LAPTOP, False),
        # the user's own thing guessed about, whatever the cause
        ("Your card was probably charged twice because of a system glitch.", _LAPTOP, True),
        ("This could be due to a system glitch.", "Error: timeout", False),
        # no access to a service's own fact is missing information; to a system, the process
        ("I don't have access to the baggage allowance for this cabin.", _LAPTOP, True),
        ("I don't have access to the airline's booking system.", _LAPTOP, False),
        # not seeing a fact in the record, in other words
        (
            "I'm not able to see whether Sara has any checked bags on this reservation.",
            _LAPTOP,
            True,
        ),
        ("I'm unable to see why that would be a problem.", _LAPTOP, False),
        # a Chinese denial of a field the English-keyed record gives as none
        ("您的预订似乎没有购买保险，所以无法全额退款。", '{"insurance": "no"}', False),
        ("您的预订似乎没有购买保险，所以无法全额退款。", '{"insurance": "yes"}', True),
        # how handy a suggested step is
        ("您可以在确认邮件里找找订单号，可能会更方便一些。", _LAPTOP, False),
    ],
)
def test_session_31_support_readings(text: str, result: str, hedged: bool) -> None:
    assert bool(_hedged(text, result)) == hedged


# Session 31: readings by the sentence's shape, written from the false hits rounds 27 to 32 had
# when each was first measured blind. Made-up messages of each class (each counted before), with
# the reading they are told apart from.
_REFUSED = '{"ok": false, "error": "permission_denied", "reason": "role merchant may not view it"}'
_SLOTS = (
    '{"tour_slots": [{"date": "03/02", "time": "10:00 AM"}, {"date": "03/03", "time": "2:00 PM"}]}'
)


@pytest.mark.parametrize(
    ("text", "latest", "hedged"),
    [
        # a sentence that opens by asking or offering, whatever mark it ends with
        ("Would you like the two-bedroom or perhaps the loft.", _SLOTS, False),
        ("Shall I hold the unit for you, or perhaps set a reminder.", _SLOTS, False),
        # ... a guess before the offer stays one
        ("Your parcel might be delayed. Would you like a refund?", "", True),
        # the exchange itself as what may have gone wrong
        ("It seems like there may have been a mix-up with the dates.", _SLOTS, False),
        ("It seems there might have been a delay with your parcel.", "", True),
        # a judgement of an option's worth: an opinion, a recommendation
        ("That itinerary probably works fine for the group.", "", False),
        ("These two cafes would suit your group, I think.", "", True),
        # ... not a step named best
        ("I think it would be best to escalate this to a colleague.", "", True),
        # a softener in a negated clause after an error or a refusal reads it back
        ("It seems the order is not in your store.", _REFUSED, False),
        ("Order 12 doesn't seem to be part of your orders.", _REFUSED, False),
        ("Order 12 doesn't seem to be part of your orders.", _SLOTS, True),
        # ... a cause put forward for it stays a guess
        ("It seems it didn't go through, probably because of the role.", _REFUSED, True),
        # a thing named as not available: its status, not a fact the agent lacks
        ("The corner studio is not available for a tour this week.", "", False),
        ("Valet parking not available at the downtown branch.", "", False),
        # ... a piece of information, or a thing the agent's tools do not reach, stays missing
        ("The tracking details are not available at the moment.", "", True),
        ("The owner's phone number is not available.", "", True),
        ("The loft is not available through our booking system.", "", True),
        ("The corner studio is not available for a tour this week.", _REFUSED, True),
    ],
)
def test_session_31_shape_readings_in_english(text: str, latest: str, hedged: bool) -> None:
    assert bool(_hedged(text, latest)) == hedged


@pytest.mark.parametrize(
    ("text", "hedged"),
    [
        # 应该 before an act is a duty, whoever does it
        ("租客应该提前一个月通知房东。", False),
        ("店铺应该及时补充库存，避免缺货。", False),
        # ... before a state or an outcome, a guess
        ("你的包裹应该已经发出了。", True),
        ("这应该是电池老化引起的。", True),
        ("快递应该明天能送到。", True),
    ],
)
def test_session_31_duty_before_an_act_in_chinese(text: str, hedged: bool) -> None:
    assert bool(_hedged(text, "")) == hedged


# Session 32: the user's turn before the text (find_hedges' ``user``). A modal in a sentence
# that speaks to no one and reads no result answers a question asked in general (why, how,
# what kinds, the answerer's view) with the general case; after the user's own case, a
# yes-no question or a value asked, the same sentence still counts.
@pytest.mark.parametrize(
    ("text", "user", "hedged"),
    [
        ("疲劳可能与多种营养素缺乏有关。", "疲劳可能是因为缺乏什么营养素吗？", False),
        ("疲劳可能与多种营养素缺乏有关。", "我最近总是很累，是怎么回事？", True),
        ("疲劳可能与多种营养素缺乏有关。", "空腹7.2，头有点晕，为什么会这样？", True),
        ("疲劳可能与多种营养素缺乏有关。", None, True),
        # a complaint told as one's own, without the first person
        ("心烦意乱可能与气温过高有关。", "夏季经常感到心烦意乱，怎么办？", True),
        ("心烦意乱可能与气温过高有关。", "心烦意乱有哪些常见原因？", False),
        ("Fatigue might be linked to low iron or poor sleep.", "What causes fatigue?", False),
        ("Fatigue might be linked to low iron or poor sleep.", "Why am I always tired?", True),
        ("Fatigue might be linked to low iron or poor sleep.", "Why is it like this?", True),
        # a sentence that speaks to the user is about their case, whatever was asked
        ("Your fatigue might be linked to low iron.", "What causes fatigue?", True),
        # a yes-no question: the modal leaves the fact asked open
        ("成功申请专利可能被认定为创新创业活动。", "撰写专利可以加创新创业学分吗？", True),
        # a value asked, and an approximate figure, whatever was asked
        ("The old town is probably 2 km from the port.", "How far is the old town?", True),
        ("Most bakeries open around 7 AM.", "Why do bakeries open early?", True),
        # a cause with no subject of its own takes up the case the question describes
        ("可能是因为这些冰淇淋用了特殊的配方。", "为什么夏天街头的冰淇淋不融化？", True),
        # a modal on what has happened guesses at one past fact
        ("Belief may have helped early groups cooperate.", "Why did people start farming?", True),
        # a long turn describes a case
        (
            "可能有几种可能性。",
            "一个医生在一场车祸中死亡，但他死前却能够给警方提供关于肇事者的信息。你能想到他是如何做到的吗？",
            True,
        ),
        # the answerer's view asked for, and a term explained
        (
            "In my view, Napoleon might lose to a modern engine.",
            "你觉得拿破仑能赢过人工智能吗",
            False,
        ),
        (
            "A full reno could include new flooring and possibly new appliances.",
            "What does full reno mean?",
            False,
        ),
        # a demonstrative of the case, or no subject at all, takes up the case told before
        ("这可能与气温过高有关。", "心烦意乱有哪些常见原因？", True),
        ("可能早搏，窦性心动过速。", "会有哪些可能呀", True),
    ],
)
def test_session_32_a_question_asked_in_general(text: str, user: str | None, hedged: bool) -> None:
    found = find_hedges(Lexicon.load(["en", "zh"]), text, "", gate="rules", user=user)
    assert bool(found) == hedged, [h.phrase for h in found]


def test_session_32_a_general_question_does_not_reach_the_results_data() -> None:
    # The sentence names what the result holds: a claim about the task's data, asked in
    # general or not.
    text = "Harbor Lane's outage was probably caused by the router."
    result = '{"ticket": "Harbor Lane outage", "status": "open"}'
    user = "Why do outages happen?"
    lexicon = Lexicon.load(["en", "zh"])
    assert [h.phrase for h in find_hedges(lexicon, text, result, user=user)] == ["probably"]
    unread = "Router failures might be linked to heat."
    assert [h.phrase for h in find_hedges(lexicon, unread, result)] == ["might be"]
    assert find_hedges(lexicon, unread, result, user=user) == []


def test_session_32_the_user_turn_is_read_under_the_model_gate_too() -> None:
    # The learned gate's features are unchanged; the reading of the user turn applies after it.
    lexicon = Lexicon.load(["en", "zh"])
    text = "Fatigue might be linked to low iron or poor sleep."
    assert [h.phrase for h in find_hedges(lexicon, text, gate="model")] == ["might be"]
    assert find_hedges(lexicon, text, gate="model", user="What causes fatigue?") == []
    own = find_hedges(lexicon, text, gate="model", user="Why am I always tired?")
    assert [h.phrase for h in own] == ["might be"]


@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # session 32, round 34's support agents: a cause of the customer's own parcel put
        # forward with "Sometimes" is a guess about the case (sessions 17 and 19) ...
        (
            "Your order #5521 shows as shipped. Sometimes parcels get held at the depot.",
            None,
            ["Sometimes"],
        ),
        # ... how parcels go, with no order of the customer's named, is the general case
        ("Sometimes parcels get held at the depot over holidays.", None, []),
        # the agent that could not find what a name means, and its guess at what it denotes
        (
            'I wasn\'t able to find anything about "Zolo". It could refer to a product.',
            None,
            [
                "wasn't able to find",
                "could refer to",
            ],
        ),
        # an order id the listed orders do not hold is the list read back (session 30)
        (
            "I wasn't able to find order #77777. Could you check the number?",
            '{"orders": [{"name": "#1001"}, {"name": "#1002"}]}',
            [],
        ),
        # with no tool read, "the issue" is the customer's fault, and its cause a guess
        ("Thanks. The issue could be related to your network card.", None, ["could be"]),
        # a step's effect, a step that may be needed, and the fix the user reported are none
        ("Restart the router. This may help clear the cache.", None, []),
        ("A deeper investigation may be necessary.", None, []),
        ("Great, glad to hear that! It seems like the restart fixed it.", None, []),
        # the agent's memory is its self; an apology for the work's outcome lacks no fact
        ("While I don't have memory of past chats, I can help now.", None, []),
        ("I'm sorry we couldn't get this resolved today.", None, []),
    ],
)
def test_round_34_support_agents(text: str, latest: str | None, found: list[str]) -> None:
    assert _hedged(text, latest) == found


@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # the fare difference a change brings is this booking's guess; a repair fee the policy's
        ("改到周五的话没问题。另外改签可能需要补差价。", None, ["可能"]),
        ("您好，已经过保了，维修可能需要付费。", None, []),
        # the fact asked is not in what the agent has
        ("运费标准我这边没办法告诉您，建议咨询快递。", None, ["没办法告诉您"]),
        # (没法确认, the spoken 无法确认, denies the same fact: a second cue since mk38zh)
        ("这个退款时间系统里没有，我没法确认。", None, ["系统里没有", "没法确认"]),
        ("政策里没有提到，所以这一点我没法给您确定的答复。", None, ["确定的答复"]),
        # the user's own thing named, or where the parcel arrives: the case, not the user
        ("仓库可能还没收到您寄回的耳机。", '{"status": "return requested"}', ["可能"]),
        ("包裹大概三天左右能到您手上。", '{"status": "shipped"}', ["大概", "左右"]),
        # a place's weather, the offered act's effect, another party's option: none
        ("出发那天北京天气应该不错。", None, []),
        ("开通后应该就能正常使用了。", None, []),
        ("您可以联系物流，物流那边也许可以帮忙改派。", None, []),
        ("要我再查一下吗？如果还没出库的话，也许还能取消。", None, []),
        # the time since the case's own event, estimated, is no usual duration
        ("下单时间是昨天上午，到现在大约30个小时。", None, ["大约"]),
        # a half hour said as 个半: 2.5 is no seat count the result holds
        ("飞行时间大约2个半小时。", '[{"flight": "YC1", "seats": {"economy": 2}}]', ["大约"]),
        # ... and a length between the result's times, next day's arrival included, is worked
        (
            "飞行时间大约3个半小时左右。",
            '[{"flight": "YC9", "dep": "22:50:00", "arr": "02:20:00+1"}]',
            [],
        ),
    ],
)
def test_session_33_chinese_support_agents(text: str, latest: str | None, found: list[str]) -> None:
    assert _hedged(text, latest) == found


@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # mk36 (made-up, session 33): an error code in snake case says nothing was found
        ("I couldn't find a profile under that phone number.", '{"error": "user_not_found"}', []),
        # a softener made certain by its adverb judges, it does not doubt
        ("The 31st of June isn't a date, so that clearly looks like the mistake.", None, []),
        # a figure repeated from its own sentence is no estimate; a lead time usually given
        ("If the coupon is $15 off, you would save about $15 overall.", None, []),
        ("Boarding usually starts about 40 minutes before departure.", None, []),
        # ... but a trip's length with a frequency word stays a guess
        ("The ferry usually takes about 3 hours.", None, ["about 3"]),
        # another person's wish guessed in a note is about that person
        ("He'll probably prefer an aisle seat. Check what is left.", None, []),
        # a null field read back, then its consequence, lacks nothing of the agent's
        (
            "The platform hasn't been posted yet, so I can't tell you which one it is.",
            '{"train": "IC 220", "platform": null}',
            [],
        ),
        # what may befall the user's own case, the user as its subject, is a guess ...
        ("Your first leg lands late, and you might miss the second train.", None, ["might"]),
        ("The claim is open, and you may be asked for the receipt later.", None, ["may be"]),
        # ... a past event of a thing put forward, even before a dashed offer, is a guess
        (
            "The box shows as delivered. It might have been left at the back door — shall I "
            "open a claim?",
            None,
            ["might have"],
        ),
        ("It's possible the fee was added without you noticing.", None, ["It's possible"]),
        # ... while asked, it is a question to the user
        ("Have you checked the porch where the box might have been left?", None, []),
        # this case's refund and when it arrives, no policy cited, is an arrival estimate
        ("Done. The refund may take a few days to post to your account.", None, ["may"]),
        # a guessing adverb in the consequence of a general "when" statement guesses the case
        (
            "Meal choices generally reset when a booking is moved, so you'll probably need to "
            "pick it again.",
            None,
            ["probably"],
        ),
        # a singular parcel's cause with "Sometimes", the parcel read back as delivered ...
        (
            "The courier marked it as delivered at noon. Sometimes a parcel gets left at the "
            "wrong door.",
            None,
            ["Sometimes"],
        ),
        # ... with no parcel of the customer's read back, how parcels go
        ("Sometimes a parcel gets left at the wrong door.", None, []),
        # "should" concluding whether the user's case meets a rule or a size
        ("Your trip is insured, and a jury summons should qualify as a reason.", None, ["should"]),
        ("A 30 cm guitar case should fit in the overhead bin.", None, ["should"]),
        ("You should have plenty of time for the connection in Oslo.", None, ["should have"]),
        # a price difference put forward as existing, whatever plan the sentence names
        (
            "Changing the cabin applies to every leg, and there may be a large fare difference. "
            "Let me check the fares.",
            None,
            ["there may be"],
        ),
    ],
)
def test_mk36_support_agents(text: str, latest: str | None, found: list[str]) -> None:
    assert _hedged(text, latest) == found


@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # mk37 (made-up, session 34): what the agent's tools can see and do, joined to an act,
        # is a capability refusal
        ("Those are run by our partner, so I can't see or change them here.", None, []),
        # where the user may look is about the user
        (
            "You might also find the booking number in the app.",
            None,
            [],
        ),
        # what a thing the case lacks would have done is a counterfactual
        (
            "The booking has no protection plan that might have paid for it.",
            '{"booking": "Q7", "protection": null}',
            [],
        ),
        # the result says the fact is not available yet: the message restates it
        (
            "The gate for TR88 isn't published yet, so I can't tell you yet.",
            "Error: gate for TR88 is not available yet (published 3h before departure)",
            [],
        ),
        # an estimate field read back after a verb and a place
        (
            "TR88 is now estimated to arrive in Lyon at 4:10 PM.",
            '{"train": "TR88", "est_arr": "2025-06-02T16:10:00+02:00"}',
            [],
        ),
        # a softener before "hasn't left … yet" after a label-only shipment status
        (
            "It looks like the lamp hasn't left the depot yet.",
            '{"shipment": "S9", "status": "label_created"}',
            [],
        ),
        # a frequency word about an id of the case the result holds is a guess ...
        ("TR88 usually arrives early.", '{"train": "TR88"}', ["usually"]),
        # ... about a kind, policy
        ("Trains usually arrive early.", '{"train": "TR88"}', []),
        # the user's own thing after how such things go
        (
            "Parcels often wait a day at the hub, so yours may well be there now.",
            '{"parcel": "P1", "status": "in_transit"}',
            ["may well"],
        ),
        # a length in two units no times support is an invented estimate ...
        (
            "Two sailings:\n1. **F2**: 9:00 AM (3 seats left)\n2. **F4**: 1:30 PM (11 seats left)\n\n"
            "The crossing is approximately 1 hour 10 minutes.",
            '{"sailings": [{"id": "F2", "dep": "09:00"}, {"id": "F4", "dep": "13:30"}]}',
            ["approximately"],
        ),
        # ... two times the message states that differ by it work it out
        (
            "It leaves at 9:00 AM and docks at 11:15 AM, approximately 2 hours 15 minutes.",
            None,
            [],
        ),
        # "should" concluding where the user's own thing goes, after the rule it follows
        (
            "Bags are moved when we rebook you, so your suitcase should follow you to TR90.",
            None,
            ["should"],
        ),
        # however sure it sounds, a guess about the case
        ("The courier will almost certainly leave it at the door.", None, ["almost certainly"]),
        # a fact of the record the agent read, not shown
        (
            "The carrier isn't showing an expected delivery date.",
            '{"tracking": "T1", "eta": null}',
            ["isn't showing an"],
        ),
    ],
)
def test_mk37_support_agents(text: str, latest: str | None, found: list[str]) -> None:
    assert _hedged(text, latest) == found


@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # session 34's review: the mk37 readings keep a cue only where the older rules would
        # not drop it for what the sentence is. A question asks, whatever the cue ...
        ("Would your bag almost certainly be lost?", None, []),
        ("Is the flight approximately 1 hour 10 minutes?", None, []),
        # ... while the statement is still kept
        ("The carrier will almost certainly deliver it either way.", None, ["almost certainly"]),
        # a missing fact is still missing when the result marks another field unavailable
        (
            "Your flight TR88 is confirmed, but I don't have the gate number.",
            '{"flight": "TR88", "status": "confirmed", "seat_map": "is not available yet"}',
            ["I don't have"],
        ),
        # the user's own address, out of the agent's reach, is process (a place's address is a
        # fact: round 35)
        ("I don't have access to your home address, so please type it here.", None, []),
        # an estimate field named among many keys still reads back (a long key list is read in
        # one pass)
        (
            "It is now estimated to land in Atlanta at 2:58 PM.",
            '{"x_" : "1", "arr_est": "2025-05-20T14:58:00", "est_gate": "B4"}',
            [],
        ),
    ],
)
def test_the_mk37_readings_leave_questions_and_other_fields_alone(
    text: str, latest: str | None, found: list[str]
) -> None:
    assert _hedged(text, latest) == found


# mk38 (made-up support runs, session 34): the shapes, in sentences written for the test.
@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # the agent's own record or system said not to hold the value asked
        (
            "The booking record doesn't include a pickup time.",
            '{"booking": "B7", "status": "confirmed"}',
            ["record doesn't include"],
        ),
        (
            "Our system doesn't show a return date for the loan.",
            '{"loan": "L2", "return_date": null}',
            ["system doesn't show"],
        ),
        ("The room rate for each night isn't in the record.", None, ["isn't in the record"]),
        # the case's own price set against a value of the case is a guess
        (
            "Today's fare for the new traveller may be different from what Ana paid.",
            '{"booking": "B7", "fare": "main"}',
            ["may be"],
        ),
        # ... a kind of thing that varies stays the caveat
        ("Baggage rules may be different on partner airlines.", None, []),
        # the case's thing the modal's subject, the user only in a time clause after it
        (
            "The parcel leaves today, so it might reach the hotel before you check in.",
            '{"parcel": "P4", "status": "packed"}',
            ["might"],
        ),
        # ... the user the subject stays about the user
        ("You might want to check in before it arrives.", None, []),
        # a fact of the user's own life the agent does not know is the user's to give
        ("I don't know how much your deposit was, so I can't tell if it covers it.", None, []),
        # ... a fact of the task's data not known still counts
        ("I don't know when the depot reopens.", None, ["I don't know"]),
        # when a refund reaches the user's card, with no result holding it, is an estimate
        (
            "Your $40.00 refund should show up on your card next week.",
            '{"refund": "R3", "status": "issued"}',
            ["should show up"],
        ),
        # ... the date the result holds, read back
        (
            "Your refund should show up by May 20.",
            '{"refund": "R3", "expected": "2025-05-20"}',
            [],
        ),
    ],
)
def test_mk38_support_agents(text: str, latest: str | None, found: list[str]) -> None:
    assert _hedged(text, latest) == found


# mk38zh (made-up Chinese support runs, session 34): shapes the GUIDELINE rules on, in sentences
# written for the test.
@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # the fact asked denied in the spoken forms of 无法 (知道, 确定, 预估, 确认)
        ("快递什么时候到我这边没法知道。", None, ["没法知道"]),
        ("具体恢复时间我这边没法确定，抱歉。", None, ["没法确定"]),
        ("排队要多久我没法预估。", None, ["没法预估"]),
        ("是谁改的地址我这边没办法确认。", None, ["没办法确认"]),
    ],
)
def test_mk38zh_support_agents(text: str, latest: str | None, found: list[str]) -> None:
    assert _hedged(text, latest) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # the act reported done, then 应该就 before what it brings now: the effect of the act
        ("好的，设置成功了。现在重启路由器应该就能上网了。", []),
        ("已为您开通。之后打电话应该就不会断了。", []),
        # ... with no act done before it, a guess about the case
        ("现在打电话应该就不会断了。", ["应该"]),
        # causes of the user's own case put forward as alternatives, with 您 inside them
        ("可能是您输错了密码，也可能是别人改过密码。", ["可能", "可能"]),
        ("可能是您下单时选错了尺码，或者仓库发错了货。", ["可能"]),
        # ... or concluded
        ("您这几天的网速问题应该就是这个原因。", ["应该"]),
        # a sentence about the user alone stays none
        ("您可能需要重新登录一下。", []),
    ],
)
def test_mk38zh_causes_and_effects(text: str, found: list[str]) -> None:
    assert _hedged(text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # round 35 (session 34): a voice receptionist, transcribed. A condition whose "If" the
        # transcription lost is still the caller's doubt, about the user ...
        ("You're not sure, just tell me, and we can look you up by name.", []),
        # ... while the agent's own doubt counts
        ("I'm not sure the clinic is open on Sunday.", ["I'm not sure"]),
        # a modal inside a relative clause on people of a kind describes the kind
        ("She is best for patients who may need surgery on the hip.", []),
        # ... one about this case is a guess
        ("Your referral may need a second signature.", ["may"]),
        # a guess at what the user's words denote is kept ...
        ("It sounds like you might be referring to the side door.", ["might be"]),
        # ... an offer about the user is not
        ("Wherever you might have stored it, the receipt number works too.", []),
        # a place's own hours out of reach are the fact missing, not the agent's access
        ("I don't have access to the weekend hours at the Elm branch.", ["I don't have"]),
    ],
)
def test_round_35_voice_receptionist(text: str, found: list[str]) -> None:
    assert _hedged(text, None) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # an approximation in the clause a condition before it governs, after a line break
        ("方案如下。\n\n如果行李称重在30kg左右，两种办法费用差不多。", []),
        # ... and without the condition it is the case's figure
        ("方案如下。\n\n两种办法费用差不多。", ["差不多"]),
        # a span between a time the sentence states and one the result holds, worked out
        ("It is 09:50 now, so about 2.5 hours to go.", []),
        # ... and rounded to the hour
        ("It is 09:35 now, so about 3 hours to go.", []),
        # ... a span no stated time gives stays an estimate
        ("It is 09:50 now, so about 7 hours to go.", ["about 7"]),
    ],
)
def test_mk38zh_conditions_and_spans(text: str, found: list[str]) -> None:
    assert _hedged(text, '{"train": "G12", "dep": "2025-05-20T12:20:00"}') == found


def test_mk38zh_null_field_read_back_unless_asked() -> None:
    lexicon = Lexicon.load(["en", "zh"])
    result = '{"flight": "MU12", "status": "DELAYED", "gate": null}'
    text = "MU12 延误，预计18:00起飞。登机口暂未公布。"

    def found(user: str) -> list[str]:
        return [h.match for h in find_hedges(lexicon, text, result, gate="rules", user=user)]

    # a null field the user did not ask about, read back
    assert found("MU12是不是延误了？") == []
    # ... and the same after the user asked for that thing: the fact asked is missing
    assert found("登机口在哪？") == ["未公布"]


# mk39zh (made-up Chinese support runs, session 34): shapes the GUIDELINE rules on, in sentences
# written for the test.
@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # a statement of missing information made a supposition states nothing
        ("麻烦给我订单号，不知道的话，报一下手机号也行。", None, []),
        ("不清楚的话，告诉我手机号也行。", None, []),
        # ... stated, it counts
        ("这个我不知道。", None, ["不知道"]),
        # a refusal a rule concludes names a thing, not a fact asked
        ("按规定只有航司原因才赔，所以无法提供赔偿。", None, []),
        # ... a fact asked that cannot be given stays a hedge
        ("所以无法提供准确时间。", None, ["无法提供"]),
        # an approximator before a value the result's estimate field holds, read back
        ("已转接，大约要等5分钟。", '{"queue": "vip", "wait_estimate_min": 5}', []),
        ("已转接，大约要等8分钟。", '{"queue": "vip", "wait_estimate_min": 5}', ["大约"]),
        # a value to the cent worked from the result's amount, rounded
        ("分6期的话，每期约533.33元。", '{"balance": "3200.00"}', []),
        # ... a figure the result gives no ground for stays an estimate
        ("面积约为42.17平方米。", "No result.", ["约为"]),
        # a softener before a name the result holds word for word
        ("看起来包裹在杭州转运中心。", '{"events": [{"desc": "到达【杭州转运中心】"}]}', []),
        ("看起来当时没买意外险。", '{"order": "A1", "insurance": null}', []),
        # the agent's doubt put as "if all goes well" is a guess, not a hypothetical
        ("一般两天内发货，如果顺利的话下周一应该能到。", None, ["应该"]),
        # ... a condition on an event stays a hypothetical
        ("如果今天发货的话下周一应该能到。", None, []),
        # a time that may change, said with nothing it changes to, is a caveat
        ("现在预计19:10起飞，不过可能还会变化，请留意短信。", None, []),
        # the outcome asked not known yet
        ("能不能退回来要看核查结果，我没法提前告诉您。", None, ["没法提前告诉您"]),
        # the case's state already reached, and alternative doers of its event, are guesses
        ("按时间算，这笔款应该已经到您账户了。", None, ["应该"]),
        ("可能是您或者同事用这张卡付的。", None, ["可能"]),
        # what the user already knows stays about the user
        ("您可能已经知道这个规定了。", None, []),
    ],
)
def test_mk39zh_support_agents(text: str, latest: str | None, found: list[str]) -> None:
    assert _hedged(text, latest) == found


def test_mk39zh_gap_between_the_users_figure_and_the_results() -> None:
    lexicon = Lexicon.load(["en", "zh"])
    result = '{"items": [{"sku": "TV-55", "dims_cm": {"w": 123}}]}'
    text = "电视宽123cm，放进128cm的柜子里两边各剩约2.5cm。"

    def found(user: str) -> list[str]:
        return [h.match for h in find_hedges(lexicon, text, result, gate="rules", user=user)]

    # the gap between the user's 128 and the result's 123, halved: worked
    assert found("柜子内宽128cm，放得下吗") == []
    # ... with no figure of the user's to work it from, an estimate
    assert found("放得下吗") == ["约2"]


# mk40 (made-up support runs, session 34): the shapes, in sentences written for the test.
@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # whether or when the user's own case comes about, left open
        ("I can't say yet whether the claim will be paid.", None, ["I can't say yet"]),
        ("I can't say how long the review will take.", None, ["can't say how"]),
        (
            "I can ask the depot to hold it, but there's no guarantee.",
            None,
            ["there's no guarantee"],
        ),
        # ... a time promised stays a processing time
        ("There's no guarantee it will arrive by Friday.", None, []),
        # what the agent holds said not to include a fact of the case
        ("The order details I have don't include a delivery window.", None, ["don't include"]),
        # ... while a plan's fact read back is no such statement
        ("Your plan doesn't include roaming.", None, []),
        # the record's estimate read back with its noun before the verb
        (
            "Arrival is now estimated for 6:40 PM.",
            '{"flight": "QA 12", "estimated_arrival": "18:40"}',
            [],
        ),
        # what the agent needs for its own work, in a note
        ("Profile matches. Should not need the second booking.", None, []),
        # the consequence of the agent's own tools as the limit
        (
            "I can't see the seat map from my tools, so I can't tell whether a window is free.",
            None,
            [],
        ),
        # an amount of money rounds no volume the result holds
        (
            "The saving is small, roughly $3.",
            '{"line": "L1", "data_gb": 2.9}',
            ["roughly"],
        ),
        # ... and a rounding of the result's money stays read back
        ("That comes to roughly $3.", '{"line": "L1", "price": "2.95"}', []),
        # a difference of figures with their unit typed on is a computation
        ("Of your 20GB you have used 18.5GB, so about 1.5GB is left.", None, []),
    ],
)
def test_mk40_support_agents(text: str, latest: str | None, found: list[str]) -> None:
    assert _hedged(text, latest) == found


# mk40zh (made-up Chinese support runs, session 34; tuned in session 35): shapes the GUIDELINE
# rules on, in sentences written for the test.
@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # declining to predict whether the fact the user waits on comes about
        ("如果有人退订，房间可能会空出来，但我没法预测会不会有。", None, ["没法预测"]),
        # a data size converted from the result's MB, rounded
        ("本月已用约12.5GB。", '{"data_used_mb": 12800}', []),
        # ... a size no result holds stays an estimate
        ("本月已用约12.5GB。", '{"data_used_mb": 3000}', ["约1"]),
        # the user's own estimate restated
        ("按您说的大约一半损坏，可以按比例赔付。", None, []),
        # a guess whether the agent's own next attempt works, then the attempt
        ("这单可能也退不了了，我试一下。", None, []),
        # ... the same guess with no attempt after it stays a guess
        ("这单可能也退不了了。", None, ["可能"]),
        # 应该 before the copula concludes what is so, no duty
        ("目的地是PEK，所以应该是落地首都机场。", None, ["应该"]),
        # a clause with its own subject after the condition's consequent: a guess at the cause
        ("他以后买票的话，最好先核对证件，他可能是填错了一个字。", None, ["可能"]),
        # ... the consequent itself stays the hypothetical
        ("如果明天还没到，包裹可能被退回了。", None, []),
        # the agent as the subject, the system where it looked: missing information
        ("我这边系统里查不到具体费用。", None, ["查不到"]),
    ],
)
def test_mk40zh_support_agents(text: str, latest: str | None, found: list[str]) -> None:
    assert _hedged(text, latest) == found


# mk39 (made-up support runs, session 34): the shapes, in sentences written for the test.
@pytest.mark.parametrize(
    ("text", "latest", "found"),
    [
        # a length worked from two clock times the message gives, each in its own zone
        ("About 3 hours 5 minutes (9:00 AM Pacific to 3:05 PM Eastern).", None, []),
        # ... a length no two stated times give stays an estimate
        ("About 3 hours 5 minutes, door to door.", None, ["About 3"]),
        ("About 4 hours 5 minutes (9:00 AM Pacific to 3:05 PM Eastern).", None, ["About 4"]),
        # an estimate field's date, read back in words
        (
            "It left the depot. Estimated delivery is March 3.",
            '{"parcel": "P9", "eta": "2025-03-03"}',
            [],
        ),
        # ... a date the estimate field does not hold stays the agent's
        (
            "It left the depot. Estimated delivery is March 4.",
            '{"parcel": "P9", "eta": "2025-03-03"}',
            ["Estimated"],
        ),
        # an option judged for the user, no fact guessed
        ("With two kids, the aisle seats might be more comfortable.", None, []),
        # when this order leaves, or this line's service returns, with no result holding it
        (
            "It's packed now, so the order should go out tomorrow.",
            '{"order": "A4", "status": "packed"}',
            ["should go out"],
        ),
        (
            "Done. Your signal should be back within the hour.",
            '{"line": "L1", "reset": true}',
            ["should be back within"],
        ),
        # how a fact of the case stands, left open
        ("I only have the model name, so I can't say how heavy it is.", None, ["can't say how"]),
        # a cause whose noun is a line item of the result is the case's data
        (
            "Your bill rose by $9, probably because of those texts.",
            '{"lines": [{"desc": "Premium texts", "amount": "9.00"}]}',
            ["probably"],
        ),
        # ... after an error the request stays the process
        (
            "It failed, probably because of the request.",
            '{"status": "Error: request timed out"}',
            [],
        ),
    ],
)
def test_mk39_support_agents(text: str, latest: str | None, found: list[str]) -> None:
    assert _hedged(text, latest) == found
