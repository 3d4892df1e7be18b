"""User-turn classes: questions and requests, answers, greetings, other; EN and ZH."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from projeval.traces import linear, turns
from projeval.traces.turns import (
    TURN_CLASSES,
    agent_context,
    classify_turn,
    is_query,
    is_query_turn,
    request_answered,
    rule_turn,
)
from trace_helpers import benchmark_script

FORMATS = Path(__file__).resolve().parents[1] / "corpora" / "formats"

# The tests below pin the hand rules (rule_turn); since session 35 classify_turn is the
# learned model over them (the model's own tests follow "The learned model" below).


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
    assert rule_turn(text) == kind


def test_a_bare_statement_after_a_question_is_an_answer() -> None:
    assert rule_turn("Korean food, I guess.") == "other"
    assert rule_turn("Korean food, I guess.", asked=True) == "answer"


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
    assert rule_turn(text, asked) == kind


def test_only_questions_and_requests_are_queries() -> None:
    assert [k for k in TURN_CLASSES if is_query(k)] == ["question", "request"]
    assert is_query_turn("Who owns ticket tkt_1?") and not is_query_turn("Ok, thanks!")
    assert not is_query(None)


# The agent's message before the turn (``previous``): what it asked of the user.
WHEN = "Great! When do you want to start your trip?"
ELSE = "Your table is booked. Is there anything else I can help you with?"


@pytest.mark.parametrize(
    ("previous", "context"),
    [
        (WHEN, "solicit"),
        ("Shall I book it?", "solicit"),
        ("Please provide the start and end dates for your trip.", "solicit"),
        ("I just need your name and your address to finish up.", "solicit"),
        ("Which one would you like?\n1. Hotel A\n2. Hotel B", "solicit"),
        ("Could you share your address? We serve homes within 30 miles.", "solicit"),
        # a choice that ends "or something else?" still asks for a value
        ("Are you looking for sightseeing, adventure sports, or something else?", "solicit"),
        (ELSE, "open"),
        ("请问还有其他问题吗？", "open"),
        (
            "What specific assistance would you like? Accommodations, or a full itinerary?",
            "open",
        ),
        # asking what the user wants done is an offer of help, not a question for a value
        ("I found your order #W123. What would you like to do?", "open"),
        ("What would you like me to do with this reservation?", "open"),
        ("What would you like to change about your reservation?", "solicit"),
        ("Which city would you like to fly out of.", "solicit"),  # no question mark
        # an ask for values listed after it, or named, asks for them, under a condition too;
        # a condition before a bare "let me know" offers help
        ("Reply with:\n- The restaurant number, and\n- Your preferred time.", "solicit"),
        ("If you want to plan the return, tell me:\n- Your reason for returning", "solicit"),
        ("If you'd like, tell me how you normally contact them, and I'll draft it.", "solicit"),
        ("If you have any other questions, please let me know.", "open"),
        ("If you need anything else, just tell me.", "open"),
        ("Your booking is confirmed.", "none"),
        ("Have a great day!", "none"),
        ("", "opening"),  # the turn opens the conversation
        (None, "none"),  # nothing known
    ],
)
def test_agent_context_reads_what_the_agent_asked(previous: str | None, context: str) -> None:
    assert agent_context(previous) == context


def test_a_wish_that_answers_the_agents_question_is_an_answer() -> None:
    text = "I want to start on July 1, 2025."
    assert rule_turn(text, previous=WHEN) == "answer"
    assert rule_turn("我希望是便宜点的。", previous="您对价格有什么要求？") == "answer"
    # not after an offer of more help, nor without the agent's message: a request
    assert rule_turn(text, previous=ELSE) == "request"
    assert rule_turn(text) == "request"
    # the task itself, named when the agent asks what the user wants done: a request
    wants = "I want to return the water bottle and exchange the desk lamp."
    assert rule_turn(wants, previous="What would you like to do?") == "request"
    # a turn that opens with "Actually" or "Also" brings up something new
    assert rule_turn("Actually, I want Universal Studios instead.", previous=WHEN) == "request"
    assert rule_turn("Oh wait, I meant 12 people. Sorry!", previous=WHEN) == "other"
    # a question asked in the reply is still a question
    assert rule_turn("What is the cheapest date?", previous=WHEN) == "question"


def test_a_statement_after_an_offer_of_more_help_is_the_next_request() -> None:
    text = "I'm planning an 8-day tour to Italy for 12 people."
    assert rule_turn(text, previous=ELSE) == "request"
    assert rule_turn(text, previous=WHEN) == "answer"
    assert rule_turn("No, that's it.", previous=ELSE) == "answer"


def test_a_tentative_value_with_a_question_mark_answers_what_was_asked() -> None:
    assert rule_turn("Let's spread it out, maybe from the 3rd to the 10th?", previous=WHEN) == (
        "answer"
    )
    assert rule_turn("I don't know, maybe like, $5 per night?", previous=WHEN) == "answer"
    # a question that starts like one, or nothing asked before: not a value given
    assert rule_turn("Is the 3rd to the 10th free?", previous=WHEN) == "question"
    assert rule_turn("Maybe from the 3rd to the 10th?") == "question"
    assert rule_turn("Also, maybe 2 extra nights?", previous=WHEN) == "question"


def test_a_last_question_asking_only_for_agreement_is_read_past() -> None:
    assert rule_turn("I'll take the 9 am slot. Does that work?") == "answer"
    assert rule_turn("Okay, proceed. Proceed?", previous="Shall I book it?") == "answer"
    assert rule_turn("Does that work with my budget?") == "question"
    assert rule_turn("Does that work?") == "question"


def test_the_clause_that_asks_decides_whether_it_asks_to_act() -> None:
    assert rule_turn("Also, can we include some group activities, like lectures?") == ("request")
    assert rule_turn("Lets try Boka, are they free for 8 people at 7?") == "question"


def test_a_wish_to_be_told_is_a_question() -> None:
    assert rule_turn("I've got a promo code and I want to know when they expire.") == ("question")
    assert rule_turn("I want to book a table for two.") == "request"


def test_a_question_with_the_users_purpose_beside_it_is_a_question() -> None:
    assert rule_turn("这个景点的购票电话是多少呢?我想打电话预定门票。") == "question"
    assert rule_turn("这个景点的购票电话是多少呢?帮我预定门票。") == "request"


def test_a_user_who_recaps_the_listeners_wishes_speaks_as_the_agent() -> None:
    assert rule_turn("Perfect! Just to confirm, you'd prefer a hotel near the beach?") == ("other")
    assert rule_turn("Got it! We'll look for student-friendly hostels.") == "other"
    assert rule_turn("Just checking: is the hotel near the beach?") == "question"


def test_thanks_after_an_acknowledgement_closes() -> None:
    assert rule_turn("great thanks for your help") == "greeting"
    assert rule_turn("Thanks for trying to help.") == "greeting"
    assert rule_turn("Thanks, can you also book a taxi?") == "request"


def test_we_need_asks_as_i_need_does() -> None:
    assert rule_turn("We need accessible accommodations in Rome.") == "request"
    assert rule_turn("We need accessible rooms.", previous="Any special needs?") == "answer"


def test_i_need_asked_about_is_no_request() -> None:
    assert rule_turn("Which size do I need?") == "question"
    assert rule_turn("Do we need a visa for Japan?") == "question"
    assert rule_turn("I need a visa for Japan, can you check?") == "request"


def test_a_simulated_users_quotes_and_speaker_label_are_read_past() -> None:
    assert rule_turn('Sarah Jenkins: "Is the technician experienced with AC?"') == "question"
    assert rule_turn('"Is the technician experienced with AC?"') == "question"
    assert rule_turn("My thermostat says 'change filter'. Which size do I need?") == "question"


def test_a_turn_that_opens_thanking_and_asks_nothing_closes() -> None:
    assert rule_turn("Thanks. I'll wait for the confirmation text.") == "greeting"
    assert rule_turn("You too! Glad it worked out. Have a great day!") == "greeting"
    assert rule_turn("thats all i need") == "greeting"  # no apostrophe
    assert rule_turn("Thanks. I need to cancel my order too.") == "request"
    assert rule_turn("Thanks. My order id is 4412.") == "answer"
    # the user who speaks as the helper, even while closing
    assert rule_turn("You're welcome! Let me know if you need anything else. Bye!") == "other"


def test_the_opening_statement_states_the_need() -> None:
    text = "My AC is making a weird thump sound at night."
    assert rule_turn(text, previous="") == "request"
    assert rule_turn(text) == "answer"  # not known to open it: "my ..." gives a value
    assert rule_turn(text, previous="What seems to be the problem?") == "answer"


def test_a_short_approval_is_an_answer() -> None:
    assert rule_turn("That sounds great to me.") == "answer"
    assert rule_turn("ok thats great. it suits for me.") == "answer"
    assert rule_turn("That sounds great, can you book it?") == "request"


def test_asking_to_be_told_a_fact_is_a_question() -> None:
    assert rule_turn("麻烦您发一下这家店的地址给我吧。") == "question"
    assert rule_turn("Can you give me a ballpark estimate on the cost?") == "question"
    assert rule_turn("Can you tell me?") == "question"
    # another action beside the telling makes it a request
    assert rule_turn("请帮我找一辆出租车，告诉我车型和车牌。") == "request"
    assert rule_turn("Can you book it and give me the address?") == "request"


def test_asking_for_other_items_is_another_search() -> None:
    assert rule_turn("Are there any other trains available?") == "request"
    assert rule_turn("哦，有没有提供免费电话的酒店？") == "request"
    assert rule_turn("Are there any fees?") == "question"  # nothing to search for
    assert rule_turn("周边有什么酒店吗？") == "question"  # a fact about a place


def test_a_request_form_giving_the_value_asked_for_is_an_answer() -> None:
    text = "Could you make it for the 13th at 1 pm?"
    assert rule_turn(text, previous="Sure. For what day and time?") == "answer"
    assert rule_turn(text) == "request"
    assert rule_turn("Could you make it for the 13th?", previous=ELSE) == "request"


def test_a_question_then_a_remark_is_what_the_question_asks() -> None:
    assert rule_turn("Do they have experience with Nest? I want it done right.") == "question"
    assert rule_turn("Can you book it? Thanks.") == "request"
    assert rule_turn("When do you open? Please book a table at 7.") == "request"


def test_a_title_ends_no_sentence() -> None:
    assert rule_turn("Can you email Mrs. Fritz the notes? And then set a reminder.") == ("request")


def test_an_adverb_after_the_subject_keeps_a_request_phrase() -> None:
    assert rule_turn("Thank you! I'm also looking for a restaurant.") == "request"
    assert rule_turn("Thank you. I would also like a taxi to the hotel.") == "request"
    assert rule_turn("Thank you! I'm all set.") == "greeting"


def test_yes_then_a_new_task_after_an_offer_of_more_help_is_a_request() -> None:
    assert rule_turn("Yes, I need a hotel room in the centre.", previous=ELSE) == "request"
    assert rule_turn("Yes, I need a hotel room in the centre.", previous=WHEN) == "answer"
    assert rule_turn("No, that's all I need, thanks!", previous=ELSE) == "greeting"


def test_a_fact_asked_for_after_yes_is_a_question() -> None:
    turn = "Yes. Book it for 6 at 18:45. Can I get the reference number please?"
    assert rule_turn(turn) == "question"
    assert rule_turn("Yes, can you book it for 6?") == "request"


def test_chinese_polite_asks_and_wishes_ask_nothing_of_the_agent() -> None:
    assert rule_turn("好的，麻烦问下今日美术馆的营业时间？") == "question"
    assert rule_turn("你好，可以帮我推荐一个评分是4分以上的酒店吗？") == "request"
    assert rule_turn("好的，逛完我想要找个地方休息，在日坛公园附近有什么酒店么？") == "question"


def test_chinese_any_other_requirements_asks_for_constraints() -> None:
    assert agent_context("请问还有其他要求吗？") == "solicit"
    assert agent_context("请问还有其他问题吗？") == "open"
    turn = "关于酒店没有别的要求了，还想请你帮我推荐一家有蒜香面包的餐馆。"
    assert rule_turn(turn, previous="请问还有其他要求吗？") == "request"
    assert rule_turn("我希望酒店可以提供叫醒服务。", previous="请问还有其他要求吗？") == "answer"


def test_a_goodbye_question_and_all_i_need_close() -> None:
    assert rule_turn("Okay, thanks for confirming. Talk tomorrow?") == "greeting"
    assert rule_turn("Great. Thanks. That's all I need today.") == "greeting"
    assert rule_turn("Thank you, that will be all I need.") == "greeting"
    assert rule_turn("Thanks. I need a taxi to the station too.") == "request"


def test_an_agents_chinese_exclamation_asks_nothing() -> None:
    assert agent_context("小吊梨汤很不错呢！人均消费是96元。") == "none"
    assert agent_context("I need to also know the place where you want to leave from.") == (
        "solicit"
    )


def test_asking_whether_there_is_an_item_to_choose_is_a_search() -> None:
    assert rule_turn("Do you have a hotel in the moderate price range?") == "request"
    assert rule_turn("Is there a restaurant that serves british food?") == "request"
    assert rule_turn("I would like more options.", previous="Do you like A or B?") == ("request")
    assert rule_turn("Are there any 3 star hotels?", previous="Which area?") == "request"
    assert rule_turn("Is there a fee?") == "question"
    assert rule_turn("Do you have any experience with Nest?") == "question"


def test_a_proposal_after_a_solicitation_needs_no_number() -> None:
    previous = "Would you prefer another date or area?"
    assert rule_turn("How about just for the one night?", previous=previous) == "answer"
    assert rule_turn("How about just for the one night?") == "question"


def test_also_after_the_subject_adds_a_task_to_the_answer() -> None:
    previous = "Would you prefer north, south, or west?"
    turn = "I don't have a preference but I would also like to find a restaurant."
    assert rule_turn(turn, previous=previous) == "request"
    assert rule_turn("Sorry, I need the insurance also.", previous="Correct?") == "answer"


def test_can_i_asks_for_a_fact_or_an_action() -> None:
    assert rule_turn("That's fine. Can I please have the phone number?") == "question"
    assert rule_turn("Can I book a reservation for 7 at 13:00 this Friday?") == "request"
    assert rule_turn("Can I ask what the fee is?") == "question"


def test_yes_and_an_approval_is_an_answer() -> None:
    assert rule_turn("Yes, that sounds good.") == "answer"


def test_do_it_is_an_instruction_not_a_question() -> None:
    previous = "Please confirm: playback of Work on the Living room speaker."
    turn = "Sorry, no, do it on the speaker in kitchen instead."
    assert rule_turn(turn, previous=previous) == "answer"
    assert rule_turn("Do you have a kitchen speaker") == "question"


def test_a_day_or_a_time_with_a_question_mark_answers_a_solicitation() -> None:
    previous = "Do you have a preferred date or time for the technician to come?"
    assert rule_turn("Friday works best for me. Morning if possible?", previous=previous) == (
        "answer"
    )
    assert rule_turn("Morning if possible?") == "question"


def test_also_before_the_subject_adds_a_task_after_yes() -> None:
    previous = "Do you want me to go ahead and make a booking for you?"
    assert rule_turn("Yes also I will need a taxi to the hotel.", previous=previous) == ("request")
    assert rule_turn("Yes, I need it for two nights.", previous=previous) == "answer"


def test_more_approvals_and_closings() -> None:
    assert rule_turn("That would be awesome.") == "answer"
    assert rule_turn("Okay, I like that one the best.") == "answer"
    assert rule_turn("That's great, that's it for now") == "greeting"


def test_a_need_after_thanks_and_a_request_after_a_correction_word() -> None:
    # A new-user trial's support customers: thanks, then a need stated as a plan; a
    # request opened by "Actually" with no subject.
    text = "Good, thanks for taking care of that so fast. I will need a physical card too though."
    assert rule_turn(text, previous="Your virtual card is active now.") == "request"
    assert rule_turn("Thanks. I will wait for the text.", previous="Done.") == "greeting"
    text = "Actually want to see my savings account balance instead"
    assert rule_turn(text, previous="Your checking balance is $1,204.50. Anything else?") == (
        "request"
    )
    assert rule_turn("Oh wait, I meant 12 people.", previous="Booked for 10.") == "other"


def test_asking_to_be_given_a_fact_in_a_requests_words_is_a_question() -> None:
    # the object of the wish, "please" or the verb of giving is a fact, not an item to find
    assert rule_turn("I need the address and phone number and postal code") == "question"
    assert rule_turn("Their phone number please.", previous="Want their location?") == ("question")
    assert rule_turn("电话和地址发我一下吧") == "question"
    # declining the agent's question, then asking for a fact
    no = "No, I just need the general phone number, please."
    assert rule_turn(no, previous="Are you looking for a specific department?") == "question"
    # an item to find, with a fact as its constraint; an action beside the fact
    assert rule_turn("I need a hotel with a good rating.") == "request"
    assert rule_turn("我想请您帮我物色一个景点，评分4.5以上。") == "request"
    assert rule_turn("帮我看看这个景点的门票价格是多少。") == "request"
    assert rule_turn("We'd like a second opinion and a quote from your team.") == "request"
    # a proposal that names a fact asks for nothing
    assert rule_turn("Let's start with ticket info.", previous="Where to start?") == "answer"


def test_appraising_the_help_closes_like_thanks() -> None:
    assert rule_turn("Excellent, that's very helpful.", previous="It opens at 9.") == ("greeting")
    assert rule_turn("Great. I have everything I need, Thank you") == "greeting"
    # ... unless something follows that the agent is asked for
    text = "Yeah, that would be helpful! I want a hotel near the station."
    assert rule_turn(text, previous="Shall I look for hotels?") == "answer"


@pytest.mark.parametrize(
    "previous",
    [
        "Confirming you want 1 ticket on the March 2nd bus at 6:50 am.",
        "Your flight is HAT045 on May 16 in economy. Is that correct?",
        "请确认：5月16日的HAT045航班，经济舱。",
    ],
)
def test_after_a_recap_to_confirm_a_correction_is_an_answer(previous: str) -> None:
    assert agent_context(previous) == "confirm"
    assert rule_turn("Actually that's wrong, I have excess luggage", previous=previous) == (
        "answer"
    )
    assert rule_turn("No, make it three tickets.", previous=previous) == "answer"
    assert rule_turn("Yes, that's correct, go ahead.", previous=previous) == "answer"
    # a question asked back is still a question
    assert rule_turn("Wait, how much is the change fee?", previous=previous) == "question"
    # ... and without the recap, "Actually" opens something new
    assert rule_turn("Actually that's wrong, I have excess luggage") == "other"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # declining, then a new task: an action verb with its own object, or a request set
        # against the declined one
        ("No thanks, but I will need a taxi from the hotel to the restaurant.", "request"),
        ("Not at this time. I am looking for a 3-star hotel, though.", "request"),
        ("No. Instead, reserve a table for 3 at 18:30 on Thursday.", "request"),
        ("Not really. Just get me a table for 3 on Tuesday at 17:00", "request"),
        ("Nope, but I also want to return the lamp.", "request"),
        ("不用了，帮我订一张去上海的火车票。", "request"),
        # declining with another value or a constraint, or going ahead: an answer
        ("No, change it to economy.", "answer"),
        ("No, use my gift card.", "answer"),
        ("No, but I would like a window seat.", "answer"),
        ("no, but it should have free parking, please.", "answer"),
        ("No, that's it, just book.", "answer"),
    ],
)
def test_a_decline_then_a_new_task_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="Would you like to book a room there?") == kind


_PIECES = [*"ab 。！？.!?\n\t你", "Mr.", "Dr.", "3.5"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=20))
def test_the_fast_sentence_split_is_the_patterns_split(pieces: list[str]) -> None:
    # the pattern is tried only where a boundary may start; the pieces are the same
    text = "".join(pieces)
    assert turns._split_sentences(text) == turns._SENTENCE.split(text)


def test_a_question_word_marks_a_question_without_its_mark() -> None:
    # English fuses the wh-word with "is"; Chinese keeps the question word in place
    assert rule_turn("what's the highest temperature for this week", previous="") == ("question")
    assert rule_turn("where's the nearest parking garage", previous="") == "question"
    assert rule_turn("今天上海的气温是多少摄氏度", previous="") == "question"
    # an auxiliary without its question mark asks only with its subject after it
    text = "am looking for a place to stay that has a cheap price range"
    assert rule_turn(text, previous="") == "request"
    assert rule_turn("Is there a cheap place in the north part of town?") == "request"
    # a question's "please" is politeness
    assert rule_turn("What is the phone number please?", previous="It's on Mill Rd.") == (
        "question"
    )


def test_asking_for_what_else_the_agent_has_is_another_search() -> None:
    assert rule_turn("What else do you have?", previous="I found a Stelvio SUV.") == ("request")
    assert rule_turn("继续", previous="已成功调用 Get Media by Code，获取到相关数据。") == (
        "request"
    )


def test_a_conditional_offer_of_help_asks_for_no_value() -> None:
    offer = "We value your business. If you have any other inquiries, please let me know."
    assert agent_context(offer) == "open"
    assert agent_context("Please let me know the dates.") == "solicit"
    # after it, a demand is the next request, not an answer
    assert rule_turn("I want a discount or I'm taking my business elsewhere.", previous=offer) == (
        "request"
    )


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # answers that give an id, a name, an email; confirmations
        ("Sure, my user ID is sophia_martin_4574.", "answer"),
        ("It's omar_rossi_1241.", "answer"),
        ("My name is Mei Patel and my zip code is 76165.", "answer"),
        ("Sure, my email is yusuf.garcia3670@example.com.", "answer"),
        ("I don't remember my email, but my name is Ethan Kim and zip code 94112.", "answer"),
        ("yes", "answer"),
        ("That's correct, go ahead.", "answer"),
        ("Yes, I confirm.", "answer"),
        ("No, wait. Don't cancel it yet.", "answer"),
    ],
)
def test_customer_support_answers_and_confirmations(text: str, kind: str) -> None:
    previous = "Could you provide your user ID, or your email, or name and zip code?"
    assert rule_turn(text, previous=previous) == kind
    recap = "Reservation ZFA04Y will be cancelled, refund $350. Do you confirm (yes/no)?"
    if text.lower().startswith(("yes", "that's", "no,")):
        assert rule_turn(text, previous=recap) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("That's not fair. I've been a loyal customer for years.", "other"),
        ("This is ridiculous.", "other"),
        ("这也太不公平了，我可是老客户。", "other"),
        ("I understand, but can you make an exception just this once?", "request"),
        ("Why not? My friend changed hers last week.", "question"),
        ("Then I want to speak to a human agent.", "request"),
    ],
)
def test_customer_support_pushback(text: str, kind: str) -> None:
    # a complaint that asks for nothing is no next request, even after "Anything else?"
    previous = "Basic economy tickets cannot be changed. Is there anything else I can help with?"
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("No, that's not what I asked.", "other"),
        ("That's wrong, I said the 5th.", "other"),
        ("不对，我说的是5号", "other"),
        # pushback, then what the turn asks
        ("You misunderstood me. I want to cancel, not change.", "request"),
        # a value called wrong with no reminder declines the one asked about; a new value
        # after "no" is an answer
        ("That's not right, it's 12346.", "answer"),
        ("No, the 5th.", "answer"),
    ],
)
def test_pushback_after_an_agent_question_answers_nothing(text: str, kind: str) -> None:
    previous = "I have you on the May 3rd flight to Denver. Which fare class would you like?"
    assert agent_context(previous) == "solicit"
    assert rule_turn(text, previous=previous) == kind


def test_after_a_recap_to_confirm_pushback_still_answers() -> None:
    previous = "Confirming 1 ticket on the March 2nd bus. Is that correct?"
    assert rule_turn("That's wrong, I said the 5th.", previous=previous) == "answer"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # greetings that open with a request, and a user listing several wishes
        (
            "Hi! I received my order but the headphones are broken. I want to exchange them.",
            "request",
        ),
        ("Hello, I'd like to book a one-way flight from New York to Seattle on May 20.", "request"),
        ("Hi, what's the baggage allowance for my reservation?", "question"),
        ("Hey there, I need to cancel reservation 8JX2LK.", "request"),
        (
            "I want to return the water bottle and the desk lamp, and exchange the keyboard for "
            "a clicky one.",
            "request",
        ),
        (
            "I'd like to change both passengers' seats, upgrade to business, and pay with my gift "
            "card.",
            "request",
        ),
        ("###STOP###", "other"),  # a simulated user's stop signal
        ("FINISHED", "other"),
    ],
)
def test_customer_support_openings_and_wishes(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


def test_a_new_task_beside_a_question_about_a_fact_is_a_request() -> None:
    # the statement that adds a task is what the turn asks
    asked = "Would you like more information?"
    text = "Could I get the address for it? I would also like an expensive place to eat near it."
    assert rule_turn(text, previous=asked) == "request"
    text = "I am also looking for a museum in centre. Could you give me the phone number of one?"
    assert rule_turn(text, previous=asked) == "request"
    # an answer beside the question adds no task
    text = "I need the table booked for Monday at 12:15. Thanks. Also could I get the ref #?"
    assert rule_turn(text, previous="What time?") == "question"


def test_a_question_asking_to_be_given_a_fact_is_a_question() -> None:
    assert rule_turn("好的，能给我一下地址吗？", previous="可以去八达岭长城。") == "question"
    assert rule_turn("Can you confirm the address I gave you is correct?") == "question"
    # a verb that acts on the fact asks for the act
    assert rule_turn("Can you check the details for the event?") == "request"
    assert rule_turn("Can we lock in the price before they start?") == "request"


def test_thanks_with_the_users_own_plan_or_an_approval_closes() -> None:
    offer = "Your visit is booked for Friday at 10 AM. Anything else I can help with?"
    assert rule_turn("Thanks, I'll be there on the 2nd.", previous=offer) == "greeting"
    assert rule_turn("Thank you. I'll keep the AC off until 5 PM.") == "greeting"
    assert rule_turn("Thanks, that works. See you tomorrow.", previous=offer) == "greeting"
    # ... but after the agent asked for a value, the approval answers it
    assert rule_turn("Yes, that time works. Thanks.", previous="Does 2 PM work?") == "answer"
    # and a choice with thanks answers
    assert rule_turn("I'll take the 3 PM slot, thanks.", previous=offer) == "answer"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # advice on the user's own act, or a recommendation someone else gives: to be told
        ("Would you recommend I ask the tech about a warranty?", "question"),
        ("Should I bring my receipt to the store?", "question"),
        ("你建议我先取消订单吗？", "question"),
        ("Is there a filter size they recommend?", "question"),
        # asking the agent to recommend is asking it to find one
        ("Can you recommend a hotel near the station?", "request"),
        ("能推荐一个评分高的餐馆吗？", "request"),
    ],
)
def test_advice_asked_is_a_question_a_recommendation_asked_a_request(text: str, kind: str) -> None:
    assert rule_turn(text) == kind


def test_an_unpunctuated_chinese_question_from_the_agent_is_asked() -> None:
    # speech transcripts drop the question mark: 请问 or a final 吗 still asks
    assert agent_context("请问您的宽带账号是多少先生") == "solicit"
    assert agent_context("那请稍后回复一给我可以吗") == "solicit"
    assert rule_turn("我叫孟凡强", previous="嗯，请问怎么称呼您") == "answer"
    # a statement's 呢 asks nothing
    assert agent_context("小吊梨汤很不错呢！人均消费是96元。") == "none"


def test_spoken_chinese_fillers_open_a_turn() -> None:
    # 嗯, 哦, 呃 before the turn are read past, like a greeting
    assert rule_turn("嗯好的", previous="我这边帮您查询一下") == "answer"
    assert rule_turn("哦", previous="扣了五块钱的哦") == "answer"
    assert rule_turn("哦取消不了是吧", previous="这个业务在您开卡的时候就已经有啦") == "question"
    assert rule_turn("嗯那帮我查一下话费", previous="") == "request"


# Customer-service conversations (session 7): each class of language with a turn it fires
# on and one it does not, in English and Chinese where the class exists in both.


@pytest.mark.parametrize(
    ("previous", "context"),
    [
        # staff offer more help in their own words: what follows is the next request
        ("亲爱的，有什么问题我可以帮您处理或解决呢?", "open"),
        ("好的 您放心 请问还有其他还可以帮到您的吗?", "open"),
        # a choice between the old problem and a new one asks for a value
        ("请问您是咨询之前的问题还是有其他的问题需要处理呢?", "solicit"),
        # the form of address after the particle, a question word before 呢, or asking for a
        # value without a question mark
        ("您看这样可以吗亲", "solicit"),
        ("您要的数量多少呢", "solicit"),
        ("[数字x]-[数字x]天内哦  说下订单号", "solicit"),
        ("麻烦提供下订单号", "solicit"),
        ("这个价格很不错呢", "none"),
        ("修改地址都是到站点之后才能联系站点备注", "none"),
    ],
)
def test_chinese_staff_ask_without_a_question_mark(previous: str, context: str) -> None:
    # GUIDELINE, user turns: "a reply to a question is `answer`"; sealed round 6: speech
    # drops the question mark
    assert agent_context(previous) == context


def test_a_value_given_to_an_unmarked_chinese_request_for_it_is_an_answer() -> None:
    assert rule_turn("[数字x]件", previous="您要的数量多少呢") == "answer"
    assert rule_turn("[数字x]件", previous="好的，已经为您登记") == "other"


def test_an_a_not_a_question_asks_without_its_mark() -> None:
    # session 5: a question word in place asks, with or without the mark; the A-not-A form
    # (是不是, 能不能, 有没有) is Chinese's yes/no question
    previous = "您对应自己地址 点击到货通知 预计今明到货"
    assert rule_turn("这样子哦 今天下午能不能到啊", previous=previous) == "question"
    assert rule_turn("你们刚才的聊天系统是不是出问题", previous=previous) == "question"
    assert rule_turn("这样子哦 今天下午到", previous=previous) == "other"
    # an item to find is still another search
    assert rule_turn("有没有便宜点的酒店", previous=previous) == "request"


def test_declining_more_help_without_thanks_is_an_answer_in_chinese() -> None:
    # "declining 'anything else?' with thanks is `greeting`, without thanks `answer`"
    previous = "请问还有其他可以帮到您的吗?"
    assert rule_turn("暂时没有了", previous=previous) == "answer"
    assert rule_turn("没有了，谢谢", previous=previous) == "greeting"


def test_a_bare_acknowledgement_of_the_agents_statement_is_an_answer() -> None:
    # sealed round 6: "a bare acknowledgement of the agent's statement (嗯, 哦, 好的, 对, 行,
    # 'Okay') is an `answer`"; SGD's AFFIRM to a statement the same
    failed = "I'm sorry, I was unable to update your booking."
    assert rule_turn("ok that's fine.", previous=failed) == "answer"
    assert rule_turn("You got it.", previous="To verify: 3 tickets on March 12th.") == "answer"
    assert rule_turn("Okay, I'll think about it.", previous=failed) == "other"  # stalling
    eta = "预计今明到货"
    assert rule_turn("好的 知道了", previous=eta) == "answer"
    assert rule_turn("好吧", previous=eta) == "answer"
    assert rule_turn("好吧，那在考虑一下", previous=eta) == "other"
    assert rule_turn("哦，我对她就不了解了。") == "other"  # 了解了 negated is no approval


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        ("No that is all.", ELSE, "answer"),
        ("no that will be all", ELSE, "answer"),
        ("No, that's all. Thanks!", ELSE, "greeting"),
        # "saying the need is met ('I have everything I need') is a `greeting`" (session 5)
        ("No, that's all I need.", ELSE, "greeting"),
        ("不用了，就这些", "请问还有其他可以帮到您的吗?", "answer"),
        ("不用了，谢谢", "请问还有其他可以帮到您的吗?", "greeting"),
    ],
)
def test_declining_more_help_closes_only_with_thanks(text: str, previous: str, kind: str) -> None:
    # "declining 'anything else?' with thanks is `greeting`, without thanks `answer`"
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Is it possible to upgrade to business?", "request"),
        ("Would it be possible to move my flight to Friday?", "request"),
        ("Is it possible that the bag was lost?", "question"),
        ("能改下收货地址吗", "request"),
        ("发票信息可以改吗", "request"),
        ("我有个订单还没送货，可以直接取消么", "request"),
        ("电子发票多久的时间内可以修改？", "question"),  # asks how long
        ("不一定能修改成功?", "question"),  # whether it can succeed
        ("地铁能直达吗?", "question"),
    ],
)
def test_asking_whether_a_change_can_be_made_asks_for_it(text: str, kind: str) -> None:
    # "A question that is really an instruction ('Can you retrieve…?') is a `request`";
    # "Can I book a table for 7?" (the r5 section) too
    assert rule_turn(text, previous="Noted.") == kind


NO_ROOM = "I am sorry, but there is no room available at the Hilton for your dates."
FULL = "抱歉，周五的房间已经订满了"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        ("How about Friday?", NO_ROOM, "request"),
        ("Tuesday?", NO_ROOM, "request"),
        ("Try Saturday then.", NO_ROOM, "request"),
        ("How about Friday?", "The viewing is booked for Thursday.", "question"),
        ("What about the baggage allowance?", NO_ROOM, "question"),  # a fact
        ("那周六呢？", FULL, "request"),
        ("那周六呢？", "周五的房间已经为您预订好了", "question"),
        ("那为什么订满了呢？", FULL, "question"),
    ],
)
def test_another_value_after_the_agent_found_nothing_is_another_search(
    text: str, previous: str, kind: str
) -> None:
    # "Are there any others?" (SGD's REQUEST_ALTS) is another search: a `request`; so is a
    # new value to try after the agent reports that nothing was available
    assert agent_context(NO_ROOM) == agent_context(FULL) == "failed"
    assert rule_turn(text, previous=previous) == kind


def test_a_status_or_balance_wished_for_is_a_fact_asked() -> None:
    # session 5: "a request whose object is a fact … asks to be told: a `question`"; one
    # whose verb acts on the fact ("check") is a `request`
    assert rule_turn("Hi, I need my savings account balance.", previous="") == "question"
    assert rule_turn("I need the status of my ride. My id is 652", previous="") == "question"
    assert rule_turn("I need to check the status of my order.", previous="") == "request"


def test_a_wish_without_its_subject_is_a_request() -> None:
    # "I need …" is a request phrase (GUIDELINE: `request` asks the agent to do something);
    # simulated users drop the subject
    delivered = "Your order was delivered yesterday."
    text = "hey, monitor just got here, want to go ahead and return it now"
    assert rule_turn(text, previous=delivered) == "request"
    assert rule_turn("need you to log this as a complaint", previous=delivered) == "request"
    assert rule_turn("want to know when it ships", previous=delivered) == "question"
    assert rule_turn("I don't want to pay that much.", previous=delivered) == "other"


def test_asking_whether_the_agent_is_there_greets() -> None:
    # sealed round 6: "a phone opener (喂, 诶, '你好') is a `greeting`"; the chat's 在吗 too
    assert rule_turn("你好 在吗", previous="") == "greeting"
    assert rule_turn("Hello? Are you there?", previous="Let me check that.") == "greeting"
    assert rule_turn("Are you there yet?", previous="I'm on my way.") == "question"
    assert rule_turn("Is anyone there who can help me with a refund?", previous="") == ("request")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Hi there I am Alina with an A", "greeting"),
        ("I'm Sophia, my user id is sophia_4574", "other"),
        ("My name is Alexis and I need to change my flight", "request"),
        ("I'm Sophia, my order W123 never arrived", "request"),
        ("[订单x]", "other"),
        ("交易单号WX[数字x]", "other"),
        ("[订单x] 帮我改地址", "request"),
    ],
)
def test_an_opening_that_only_identifies_the_user_states_no_need(text: str, kind: str) -> None:
    # `other` holds statements ("我叫小明"); "a turn that both greets and asks is labelled by
    # what it asks for", and one that greets and asks nothing greets
    assert rule_turn(text, previous="") == kind


def test_urging_the_agent_on_asks_it_to_act() -> None:
    # `request`: asks the agent to do something
    previous = "站点货物积压正在积极清理的 会尽快给您配送的"
    assert rule_turn("好，尽快 我急", previous=previous) == "request"
    assert rule_turn("你们的速度呢 快点", previous=previous) == "request"
    assert rule_turn("尽快是什么时候", previous=previous) == "question"
    assert rule_turn("嗯,真想快点到那。") == "other"
    assert rule_turn("Hurry up, my flight leaves soon.", previous="One moment.") == ("request")


# The learned model (turn_model.json, written by benchmarks/train_turns.py)

train = benchmark_script("train_turns")


def test_the_shipped_model_was_trained_on_the_current_labels() -> None:
    # A label edited, a set added or removed: retrain (benchmarks/train_turns.py).
    model = turns.turn_model()
    assert model.meta["data_digests"] == linear.data_digests(train.training_files())
    assert model.meta["training"] == [p.name for p in train.training_files()]
    sealed = {"turns_sealed_r23.jsonl", "turns_sealed_r24b.jsonl"}
    sealed |= {"turns_sealed_r25.jsonl", "turns_sealed_r26.jsonl"}
    sealed |= {"turns_sealed_r36.jsonl"}
    assert set(train.SEALED) == sealed and not sealed & set(model.meta["training"])
    # rounds 28 and 29 (each measured once blind) were unsealed in session 29, rounds 30, 31 and
    # 32 in session 30, round 33 in session 31, round 34 in session 32, round 35 in session 34,
    # without a retrain; session 35 made the model the classifier and trained it on them all
    assert train.NOT_TRAINED == ()
    assert "turns_sop28.jsonl" in model.meta["training"]
    for tuned_here in (
        "turns_sealed_r28.jsonl",
        "turns_sealed_r29.jsonl",
        "turns_sealed_r30.jsonl",
        "turns_sealed_r31.jsonl",
        "turns_sealed_r32.jsonl",
        "turns_sealed_r33.jsonl",
        "turns_sealed_r34.jsonl",
        "turns_sealed_r35.jsonl",
    ):
        assert tuned_here in model.meta["training"]
    # round 8 was measured sealed in sessions 6-8, round 9 in sessions 7-8, rounds 10 and
    # 10b in sessions 8-9, round 11 in sessions 9-10, rounds 9b and 12 in sessions 7-11 and
    # 10-11, round 13 in sessions 11-12, round 15 in session 12, round 16 in sessions 13-14,
    # round 17 in sessions 14-15, round 18 in sessions 15-16, round 19 in sessions 16-17,
    # round 20 in sessions 17-18, round 21 in sessions 18-19, round 22 in sessions 19-21,
    # round 24 in sessions 21-26, round 27 once in session 27, then each was unsealed to tune on
    unsealed = {"turns_sealed_r8.jsonl", "turns_sealed_r9.jsonl"}
    unsealed |= {"turns_sealed_r9b.jsonl", "turns_sealed_r12.jsonl"}
    unsealed |= {"turns_sealed_r13.jsonl", "turns_sealed_r15.jsonl", "turns_sealed_r16.jsonl"}
    unsealed |= {"turns_sealed_r17.jsonl", "turns_sealed_r18.jsonl", "turns_sealed_r19.jsonl"}
    unsealed |= {"turns_sealed_r20.jsonl", "turns_sealed_r21.jsonl", "turns_sealed_r22.jsonl"}
    unsealed |= {"turns_sealed_r10.jsonl", "turns_sealed_r10b.jsonl", "turns_sealed_r11.jsonl"}
    unsealed |= {"turns_sealed_r24.jsonl", "turns_sealed_r27.jsonl"}
    assert unsealed <= set(model.meta["training"])
    # session 22's chat prompts (URS, Arena-Hard), never sealed, are trained on from their commit
    assert "turns_prompts.jsonl" in model.meta["training"]
    # session 24's simulated restaurant guests, never sealed, likewise
    assert "turns_sim24.jsonl" in model.meta["training"]
    assert model.classes == tuple(sorted(TURN_CLASSES))


def test_the_model_classifies_only_when_it_beat_the_rules_blind() -> None:
    model = turns.turn_model()
    # leave one source out is recorded, but the rules were written on those rows
    assert set(model.meta["leave_one_source_out"]) == {"all", "en", "zh"}
    # the verdict is the blind one: rounds measured at the commits that labelled them
    blind = model.meta["blind"]
    assert blind == train.blind_verdict(train.BLIND_ROUNDS)
    assert model.meta["classifier"] is blind["wins"]
    assert blind["wins"] is (
        blind["model"] - blind["rules"] >= train.BLIND_MARGIN
        and blind["ahead"] > blind["rounds"] / 2
    )


def test_the_blind_verdict_needs_the_margin_and_most_rounds() -> None:
    assert train.blind_verdict({"a": (100, 80, 82), "b": (100, 80, 81)})["wins"]
    # pooled ahead by 0.015, but on one round of three
    assert not train.blind_verdict({"a": (100, 80, 85), "b": (100, 80, 79), "c": (100, 80, 80)})[
        "wins"
    ]
    # ahead on every round, by less than the margin pooled
    assert not train.blind_verdict({"a": (1000, 800, 801), "b": (1000, 800, 801)})["wins"]


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        ("What time does the museum open?", "", "question"),
        ("Please book a table for two at 7pm.", "", "request"),
        ("Yes.", "Shall I book it for you?", "answer"),
        ("My order number is 12345.", "What is your order number?", "answer"),
        ("Thanks, goodbye!", "Is there anything else I can help you with?", "greeting"),
        ("明天北京天气怎么样？", "", "question"),
        ("帮我订一张去上海的火车票", "", "request"),
        ("是的", "请问是本机号码吗", "answer"),
        ("好的，谢谢，再见", "还有什么可以帮您的吗？", "greeting"),
    ],
)
def test_the_shipped_model_on_tiny_turns(text: str, previous: str, kind: str) -> None:
    features = turns.turn_features(text, previous=previous)
    assert turns.turn_model().predict(features)[0] == kind


def test_turn_features_name_the_rules_verdict_the_rule_and_the_words() -> None:
    features = turns.turn_features("Yes, can you book it?", previous="Shall I book it?")
    assert {"rule:request", "why:yes_no", "ctx:solicit", "sig:question_last"} <= set(features)
    assert {"w1:yes", "w:book", "ww:book it", "prev:end?", "prevq:w1:shall"} <= set(features)
    chinese = turns.turn_features("帮我查话费", previous="")
    assert {"lang:zh", "c1:帮", "c:话", "cc:话费", "rule:request"} <= set(chinese)
    assert "prev:unknown" in turns.turn_features("hi")  # no message known before


def test_classify_turn_uses_the_model_only_when_it_is_marked_the_classifier(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The switch follows the training's verdict: retraining that flips it fails here until
    # MODEL_CLASSIFIES (and the floors in test_signals_corpus.py) follow.
    assert turns.MODEL_CLASSIFIES is turns.turn_model().meta["classifier"]
    # a model that always says "other" tells whose class classify_turn returns
    shipped = turns.turn_model()
    other = linear.LinearModel(shipped.classes, (0.0, 0.0, 9.0, 0.0, 0.0), {}, {})
    monkeypatch.setattr(turns, "turn_model", lambda: other)
    try:
        for marked, want in ((True, "other"), (False, "question")):
            monkeypatch.setattr(turns, "MODEL_CLASSIFIES", marked)
            turns._model_turn.cache_clear()
            assert classify_turn("What time does it open?") == want
    finally:
        monkeypatch.undo()
        turns._model_turn.cache_clear()
    assert turns.rule_turn("What time does it open?") == "question"


# Session 8: rules by class of language, written on round 8's misses (an ADK
# customer-service agent's simulated customers, HammerBench), unsealed to tune on.


def test_reporting_what_the_agent_instructed_answers_it() -> None:
    previous = "I've sent a link to your phone. Please open the link to start the video session."
    assert (
        rule_turn("Okay, I'm opening the link to start the video session now.", False, previous)
        == "answer"
    )
    assert rule_turn("Okay, I'm opening the link now.", False, "Your order has shipped.") == "other"


def test_a_request_that_takes_up_the_agents_offer_answers_it() -> None:
    previous = "Would you like me to check the availability of these at your preferred store, Anytown Garden Store?"
    text = "Thanks! Could you please check if the compost is in stock at the Anytown Garden Store?"
    assert rule_turn(text, True, previous) == "answer"
    previous = "Anything else I can help with? Perhaps adding the Flower Power Fertilizer?"
    assert (
        rule_turn("Yes, please add the Flower Power Fertilizer to my cart.", True, previous)
        == "answer"
    )
    # another act, or the same act on something the offer did not name, is a request
    previous = "Would you like me to add these to your cart?"
    text = "Before adding them, could you please check if the potting mix is in stock?"
    assert rule_turn(text, True, previous) == "request"
    previous = "Would you like me to suggest activities for your free days?"
    text = "Thanks for the suggestions! Can you help me find hotels in each city?"
    assert rule_turn(text, True, previous) == "request"


def test_holding_the_agent_to_what_it_said_answers_nothing() -> None:
    previous = "Is there anything else I can help you with today?"
    text = "You mentioned that the manager approved the discount. I expect you to apply it now."
    assert rule_turn(text, True, previous) == "request"
    text = "I'm confused. You said the booking was done."
    assert rule_turn(text, True, "Would you like to book it under your ID?") == "other"
    previous = "I am sorry, but the West Bay Venue is not available then."
    assert rule_turn("I thought you already booked it?", False, previous) == "other"
    assert rule_turn("I thought you already booked it? Please book it now.", False, previous) == (
        "request"
    )


def test_correcting_a_value_given_earlier_is_no_answer() -> None:
    assert (
        rule_turn("It was wrong before. Media name should be WeChat Moments", True, "Where to?")
        == "other"
    )
    assert rule_turn("先前说错了. 订单时间 应该是 昨天", False, "请提供打车目的地") == "other"
    # after a recap to confirm, a correction answers it
    recap = "Confirming a taxi to the airport yesterday at 9pm. Is that correct?"
    assert rule_turn("It was wrong before. The time should be 10pm", True, recap) == "answer"


def test_a_chinese_slot_question_without_its_mark_asks() -> None:
    assert agent_context("违章所在城市是哪个") == "solicit"
    assert agent_context("出版社是什么 作者是谁") == "solicit"
    assert agent_context("您需要经济舱还是公务舱") == "solicit"
    assert rule_turn("违章所在城市是广州。", False, "违章所在城市是哪个") == "answer"
    assert agent_context("处理不超过多少天的订单都可以退。") == "none"


def test_a_value_given_by_quoting_where_it_stands_answers() -> None:
    text = "The license plate mentioned in the message Li sent me: Hey, can you sell the car?"
    assert rule_turn(text, True, "What's the vehicle number?") == "answer"
    assert rule_turn("邮件里提到的地点<EK>:能不能帮我订会场？", False, "事故地点在哪里") == "answer"
    # unasked, it is what it asks
    assert rule_turn(text, False, "") != "answer"


def test_a_chinese_lookup_verb_asks_to_act_whatever_it_looks_up() -> None:
    assert rule_turn("查一下我的车有没有违章记录", False, "") == "request"
    assert rule_turn("能不能查一下我的航空积分余额", False, "") == "request"
    assert rule_turn("我的车有没有违章记录？", False, "") == "question"


def test_oh_no_drops_the_agents_question_for_another_need() -> None:
    assert (
        rule_turn("Oh no, Publish a song I recorded", True, "What is the video's name?")
        == "request"
    )
    assert rule_turn("Oh no, 给我找找健身课程", False, "请提供汽车品牌") == "request"
    # a decline that states no need stays what it was
    previous = "There are no flights that match. Would you like to change your criteria?"
    assert (
        rule_turn("Never mind, I figured I wouldn't find a cheap flight.", True, previous)
        == "answer"
    )


def test_the_agents_part_written_by_the_user_and_a_reference_to_what_it_said() -> None:
    previous = "Would you like more about the White Bird of Paradise?"
    text = "That's a great question, Alex! Here's more about its size. Does that help?"
    assert rule_turn(text, True, previous) == "other"
    # referring to what the agent said, then asking, is the question
    text = "Thanks! You mentioned English roses resist disease. Could you tell me more about it?"
    assert rule_turn(text, False, "With pruning, your roses will bloom.") == "question"
    assert rule_turn("You mentioned you'd prefer a suite, right?", False, "") == "other"


# Session 9: rules by class of language, written on round 9's misses (ToolAlpaca's task
# instructions, DISC-MedLLM's simulated patients), unsealed to tune on.


def test_a_question_about_the_users_own_need_asks_to_be_told() -> None:
    assert rule_turn("那我需要做哪些检查呢？", False, "建议您去医院检查。") == "question"
    assert rule_turn("我需要做胃镜检查吗？", False, "") == "question"
    text = "Anything else I need to do on my side, or is that it?"
    assert rule_turn(text, True, "Anything else?") == "question"
    # asking the agent to act, or a need in a clause that asks nothing, is a request
    assert rule_turn("我需要你帮我查一下订单吗？", False, "") == "request"
    assert rule_turn("我需要更改会议设置，但还没想好怎么改。", False, "") == "request"


def test_a_wish_to_be_told_inside_a_question_asks_no_act() -> None:
    assert rule_turn("I want to know the weather in Detroit on Tuesday?", False, "") == "question"
    assert rule_turn("我想知道这个药的副作用大不大？", False, "") == "question"
    assert rule_turn("我想请问钙尔奇是咀嚼服用的吗？", False, "") == "question"
    assert rule_turn("我希望了解一下药物治疗的副作用。", False, "您还有什么问题？") == "question"
    # what follows the wish still decides
    assert rule_turn("我想知道能不能帮我改一下地址？", False, "") == "request"


def test_a_task_added_after_a_question_makes_it_a_request() -> None:
    question = "Can you tell me the exchange rate for USD to CAD?"
    assert rule_turn(question, False, "") == "question"
    assert rule_turn(f"{question} Also, I'd like to set a price alert.", False, "") == "request"
    text = "I need to know the rates for GBP/USD. Additionally, please set an alert above 1.4."
    assert rule_turn(text, False, "") == "request"
    # what it adds may be one more thing to be told
    assert rule_turn(f"{question} Also, I'd like to know how it changed.", False, "") == "question"
    text = f"{question} Also, please provide me with the historical data for the pair."
    assert rule_turn(text, False, "") == "question"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a verb of giving with what a lookup tells as its object asks to be told
        ("Can you provide me with the current quotes for gold?", "question"),
        ("Could you please show me the content of this verse?", "question"),
        ("Please provide me with detailed information about the festivals.", "question"),
        # ... and so does a list of facts of what was found
        ("Could you give me a list of their phone numbers?", "question"),
        # a list of items of a kind is a search, whatever the verb (session 14's ruling);
        # a lookup's own verb acts
        ("Could you give me a list of hotels in the north?", "request"),
        ("Could you give me a list of the languages supported?", "request"),
        ("Can you tell me the list of holidays in Japan for 2023?", "request"),
        ("Can you look up the cast and send me a list of their roles?", "request"),
        ("Can you fetch my profile to show me my details?", "request"),
        ("Could you list all the available roles?", "request"),
    ],
)
def test_what_a_lookup_tells_asked_for_is_a_question(text: str, kind: str) -> None:
    assert rule_turn(text, False, "") == kind


def test_a_bare_appeal_for_help_asks_what_the_wish_before_it_asks() -> None:
    text = "I want to know the exchange rate for USD to JPY. Can you help me with that?"
    assert rule_turn(text, False, "") == "question"
    text = "I want to see pictures of albino axolotls. Can you help me with that?"
    assert rule_turn(text, False, "") == "request"


def test_what_about_another_object_after_a_result_is_the_same_task_again() -> None:
    result = "The Shadyside Inn is in the Cheap price category and has a rating of 4."
    assert rule_turn("What about the Hilton in the North?", False, result) == "request"
    assert rule_turn("And a square with side length 7 units?", False, "The area is 28.3.") == (
        "request"
    )
    # a fact, a time or a clause of its own is asked about, not searched for
    forecast = "The temperature is 82 degrees with a 29 percent chance of rain."
    assert rule_turn("How about the humidity level?", False, forecast) == "question"
    assert rule_turn("What about tomorrow?", False, forecast) == "question"
    assert rule_turn("Okay, and then?", False, "Turn left at the church.") == "question"
    # after the agent's question it proposes the value asked for; with no message known
    # before it, nothing says a result came first
    assert rule_turn("How about 3 PM?", True, "What time works for you?") == "answer"
    assert rule_turn("What about the Hilton in the North?") == "question"


@pytest.mark.parametrize(
    "text",
    [
        "That's a week from now, too long. Is there not anything sooner?",
        "Is that venue available at any other time on Saturday?",
        "Ben is out of town on Saturday. Is there anywhere available on Friday?",
        "Are there any stores on the South side that have it?",
        "I'm looking for a train to Cambridge by 20:45, is there anything like that?",
    ],
)
def test_asking_for_another_option_than_the_one_found_is_another_search(text: str) -> None:
    assert rule_turn(text, False, "North Heights is booked at noon on Saturday.") == "request"


def test_asking_about_the_option_found_is_a_question() -> None:
    assert rule_turn("Is it available on Saturday at 12pm?", False, "Try North Heights.") == (
        "question"
    )


def test_a_chinese_fault_reported_as_why_asks_to_fix_it() -> None:
    assert rule_turn("这个订单怎么没有物流信息了", False, "") == "request"
    assert rule_turn("为什么显示售后完成我没收到货呢?", False, "") == "request"
    assert rule_turn("微信为什么发不出去信息", False, "") == "request"
    # why a thing is so asks to be told
    assert rule_turn("毕竟是个镇，为什么没这个地方？", False, "") == "question"
    assert rule_turn("那为什么我现在还是三十块", False, "") == "question"


def test_a_word_tried_for_a_quiz_blank_answers_it() -> None:
    quiz = "A ____ takes 33 hours to crawl one mile"
    assert agent_context(quiz) == "solicit"
    # a markdown rule between paragraphs is no blank
    assert agent_context("Your table is booked.\n___\nSee you on Friday.") == "none"
    assert rule_turn("snail?", False, quiz) == "answer"
    assert rule_turn("cesium", False, "The only metal that is liquid: ____ or mercury") == "answer"
    # a question of its own stays one, and so do two asked one after the other
    assert rule_turn("Why do you ask?", False, quiz) == "question"
    previous = "The Marriott is located west and has 4 stars. Does this sound okay to you?"
    assert rule_turn("Does it have free parking? And internet?", True, previous) == "question"


def test_a_wish_to_be_told_what_the_agent_offered_to_tell_answers_it() -> None:
    previous = "You have 133 points. Would you like to know how you can redeem your loyalty points?"
    text = "I would like to know how I can redeem my loyalty points."
    assert rule_turn(text, True, previous) == "answer"
    assert rule_turn("I would like to know when my order ships.", True, previous) == "question"


@pytest.mark.parametrize(
    "text",
    [
        "Let me check.",
        "Maybe, but let me text him first and make sure they have an open bar.",
        "Not yet. Just a moment!",
        "Sure, I'll provide my zip code and pick a time that works.",
    ],
)
def test_stalling_is_other(text: str) -> None:
    assert rule_turn(text, True, "Should I book that ride for you?") == "other"


def test_chinese_stalling_is_other_unless_it_gives_the_value() -> None:
    assert rule_turn("稍等，我找一下", True, "请提供订单号") == "other"
    assert rule_turn("稍等一下，订单号是12345", True, "请提供订单号") == "answer"


def test_stalling_beside_a_value_or_a_question_is_not_all_it_says() -> None:
    previous = "When are you arriving?"
    assert rule_turn("I guess May 2. Wait, let me confirm that. Yeah, May 2.", True, previous) == (
        "answer"
    )
    assert rule_turn("Hold on. Is the hotel near the station?", True, previous) == "question"
    text = "I'll provide my details right away. My phone number is 555-867-5309."
    assert rule_turn(text, True, "Please provide your phone number.") == "answer"


@pytest.mark.parametrize(
    "text",
    [
        "Thank you, that's everything I need.",
        "I think you helped me with everything. Thank you.",
        "ok ty",
        "那行没事了 麻烦你了",
        "喂",
    ],
)
def test_thanks_in_other_words_and_a_phone_opener_greet(text: str) -> None:
    assert rule_turn(text, True, "Is there anything else I can help with?") == "greeting"


def test_thanks_beside_a_new_request_is_the_request() -> None:
    assert rule_turn("Thanks! Also, please book me a taxi.", True, "Anything else?") == "request"
    assert rule_turn("麻烦你了，帮我把地址改一下", True, "还有什么问题吗？") == "request"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # asked to be told whether something holds, or what the agent can do
        ("Can you please confirm that's what you're scheduling?", "question"),
        ("Can you confirm it's Friday?", "question"),
        ("What can you do for me?", "question"),
        ("What would you recommend for my indoor plants?", "request"),
        ("Can you book it for Friday?", "request"),
        # a need pointing back to the question, or the user's purpose, asks nothing more
        ("Do they have free parking? I will need that.", "question"),
        ("Is the technician experienced? I want to make sure they know what I need.", "question"),
        ("Do they have free parking? I need a taxi too.", "request"),
    ],
)
def test_confirming_a_fact_and_remarks_after_a_question(text: str, kind: str) -> None:
    assert rule_turn(text, False, "The Marriott has 4 stars.") == kind


def test_a_chinese_expectation_checked_with_ba_asks() -> None:
    assert rule_turn("明天上午应该就可以到了吧", False, "已为您催促配送。") == "question"
    assert rule_turn("是五月七号，不是六月七号吧", False, "已为您延期。") == "question"
    # a 吧 after no word of expectation suggests or asks to act
    assert rule_turn("帮我找找邮件吧", False, "") == "request"
    assert rule_turn("那我明天上午来一趟吧", False, "营业厅九点开门。") == "other"


def test_what_can_help_is_asked_about_not_asked_for() -> None:
    assert rule_turn("有哪些常见的药物可以帮助入睡呢？", False, "建议规律作息。") == "question"
    assert rule_turn("你可以帮我推荐一种药吗？", False, "建议规律作息。") == "request"


def test_marks_alone_after_a_question_ask_nothing_of_their_own() -> None:
    assert rule_turn("你能把这个号给送货员吗? ???", False, "已为您查询。") == "request"
    assert rule_turn("???", False, "已为您查询。") == "question"


def test_a_wish_for_an_item_then_a_question_about_it_asks_for_the_item() -> None:
    text = "I want a moderately priced restaurant in the east. What is the phone number?"
    assert rule_turn(text, False, "") == "request"
    # after the agent's question the wish answers it and the question decides; a wish
    # for no item ("one more thing") adds no task
    assert rule_turn(text, True, "What price range would you like?") == "question"
    text = "I'd like to check one more thing. Do you know the weather in Chicago?"
    assert rule_turn(text, False, "Your driver will be Zoe.") == "question"


def test_a_chinese_prompt_running_its_slots_together_solicits() -> None:
    assert agent_context("频率是多少每月每周或每天") == "solicit"
    assert agent_context("会议时间是多少是否开启视频是否开启音频") == "solicit"
    assert rule_turn("每月一次", False, "频率是多少每月每周或每天") == "answer"
    # a statement that names a wh-word asks nothing
    assert agent_context("退款时间是多少天都有规定，请您耐心等待。") == "none"


@pytest.mark.parametrize(
    "text",
    [
        "Try Saturday then.",
        "I almost forgot the West side is hot. See if it has a Hyatt.",
        "Not bad, but do me a favor, look for events around Atlanta.",
        "嗯把它关了",
    ],
)
def test_imperatives_of_a_search_and_the_disposal_construction_request(text: str) -> None:
    assert rule_turn(text, False, "It will be raining all day on Friday.") == "request"


def test_the_disposal_construction_asking_for_a_fact_is_a_question() -> None:
    assert rule_turn("把太和殿的地址告诉我吧。", False, "太和殿在故宫。") == "question"


def test_a_chinese_soft_particle_before_a_full_stop_states() -> None:
    assert rule_turn("听着就特别美，我有些迫不及待的想去了呢。", False, "景色很美。") == "other"
    assert rule_turn("这个景点的门票呢？", False, "景色很美。") == "question"
    assert rule_turn("门票多少钱呢。", False, "景色很美。") == "question"  # its wh-word asks


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Can you search for holidays called Diwali and tell me their dates?", "request"),
        ("How about creating an avatar in a minimal style for me?", "request"),
        # a verb of telling first, or giving a fact, is asked to be told
        ("Can you tell me the dates of Diwali?", "question"),
        ("Can you find me the address of the museum?", "question"),
    ],
)
def test_the_first_act_asked_for_decides(text: str, kind: str) -> None:
    assert rule_turn(text, False, "") == kind


def test_a_task_prompt_instructing_the_agent_is_a_request() -> None:
    # MCPMark's task prompt (eval-sys/mcpmark-community-experiments 92db83e3, cited in
    # tests/corpora/formats/README.md), read from its recorded run: it instructs the agent
    # first, and its later "Based on your understanding" is the spec, not the agent's voice
    path = FORMATS / "mcpmark/notion/official/run-2/japan_travel_planner__restaurant_expenses_sync"
    prompt = json.loads((path / "messages.json").read_text("utf-8"))[0]["content"]
    assert prompt.startswith("Please find the restaurants") and "Based on your" in prompt
    assert rule_turn(prompt, False, "") == "request"
    # a user who speaks as the agent, and asks as it does, still reads as the agent
    turn = "Yes, please book that for me.Okay, I'll book that for you. Is that correct?"
    assert rule_turn(turn, False, "Would you like to book this time?") == "other"
    assert rule_turn("Based on your budget, which hotel fits?", False, "") == "other"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # round 10's verbs of telling: to be told, a question
        ("请谈谈中国文化对当代国际文化的影响？", "", "question"),
        ("你能不能给我举一个例子，说明这些原因是如何相互作用的？", "原因很多。", "question"),
        ("Can you give me some examples of how Intel uses AI?", "Intel uses AI.", "question"),
        # ... and the imperative of telling, without a question's form
        ("请介绍一下特斯拉的汽车充电方式", "", "question"),
        ("请说出4个国家的GDP", "", "question"),
        ("Tell me about that coat please", "What do you think of the grey coat?", "question"),
        # an act beside it, or an imperative of another verb, stays a request
        ("请介绍一下这家酒店并帮我预订", "", "request"),
        ("请帮我订一张去上海的机票", "", "request"),
        ("Can you give me a ride to the airport?", "", "request"),
    ],
)
def test_verbs_of_telling_ask_to_be_told(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # round 10's shoppers: whether the agent has items of a kind to show is a search
        ("Do you have any dresses with high ratings?", "request"),
        ("Got any jackets with high ratings?", "request"),
        ("Any coats with good reviews?", "request"),
        ("Hi, any british food?", "request"),
        ("Do you have coffee tables?", "request"),
        # ... not whether it has knowledge, a person, or a named thing
        ("Do you have any idea when it opens?", "question"),
        ("Yes. Do you have someone experienced with Nest setups?", "question"),
        ("do you have the address?", "question"),
        ("Do you have a reliable technician?", "question"),
    ],
)
def test_asking_for_items_of_a_kind_is_a_search(text: str, kind: str) -> None:
    assert rule_turn(text, False, "") == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # what a shop has to show, asked of it, is another search (round 10's shoppers)
        (
            "What else can you show me for dresses?",
            "I couldn't find anything like that.",
            "request",
        ),
        ("I need a fancy blue carpet. What have you got?", "", "request"),
        ("Are there any more?", "The dark blue jeans are from Modern Arts.", "request"),
        ("What do you have for me?", "Do you have a budget in mind?", "question"),
        # a caller who will ring back closes the call (round 10b's barbershop callers)
        ("OK, I'll call back", "Shaves cost $31.", "greeting"),
        ("Wait I'll call you back", "Can I grab your first and last name?", "greeting"),
        ("I'll call the shop to ask.", "Shaves cost $31.", "other"),
    ],
)
def test_what_a_shop_has_and_calling_back(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # after the agent's question on what it proposes, an imperative to act asks for it
        (
            "Add the shelves to my cart, first of all.",
            "What do you think of the black chair?",
            "request",
        ),
        ("Please add the second one to my cart.", "How are these blue hoodies?", "request"),
        ("Let's add the one on the right to my cart.", "Do you like either of these?", "request"),
        # ... a value's question is answered, whatever its words
        ("I want to find a movie by Cameron Crowe.", "What genre movie do you like?", "answer"),
        ("The black one.", "What do you think of these two chairs?", "answer"),
    ],
)
def test_an_act_asked_after_the_agent_proposes_is_a_request(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a problem posed with its unknown asked for (求) asks what the problem asks (session
        # 22's "proofs and problems"; round 10's row relabelled in session 28)
        ("有一个三角形，三边的长度分别是7厘米、14厘米和17厘米，求周长。", "", "question"),
        # ... the problem alone, after the agent asked for it, answers
        ("有一个三角形，三边的长度分别是7厘米、14厘米和17厘米。", "三角形的边长是多少？", "answer"),
        ("I love that maroon one! Toss it in my cart for me.", "I have a maroon dress.", "request"),
        ("Awesome, sign me up!", "The table in the corner is from Modern Arts.", "request"),
        ("Is there anything like those grey sofas, but cheaper?", "How about that one?", "request"),
        ("I'm interested to know what the other sofa is made of.", "It is oak.", "question"),
        # without the verbs, a remark
        ("I love that maroon one!", "I have a maroon dress.", "other"),
    ],
)
def test_round_10_verbs_of_tasks_and_of_asking(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # round 10b's Taobao customers: asking the shop to lower its price, or whether it
        # stocks an item, asks it to act; thanks for the trouble with its particle closes
        ("价格可以有优惠吗", "", "request"),
        ("1包是40吗能优惠吗", "不含的亲", "request"),
        ("你们家有没有湿纸巾", "", "request"),
        ("嗯嗯好的麻烦你咯", "帮您跟快递方面反馈哦", "greeting"),
        # ... whether a discount or a risk exists is asked to be told
        ("现在有什么优惠吗？", "", "question"),
        ("这些检查会不会很痛苦？有没有风险？", "", "question"),
    ],
)
def test_a_shop_asked_to_lower_its_price_or_for_its_stock(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # round 11: a wish to be told in a customer's longer words is a question
        ("I'd love to know about the seat options on this route.", "", "question"),
        ("I'm just curious about the fees for a second bag.", "", "question"),
        ("I'm keen to know the current fare.", "", "question"),
        ("If you could fill me in on the refund rules, that would be great.", "", "question"),
        # ... "we want to know" beside an act asks for the act
        ("Can you now rebook my trip? We want to know if it works.", "", "request"),
        # the user's own speech act, an unsure need and an idiom ask for nothing
        ("I also want to touch on the lounge. It was lovely.", "Done.", "other"),
        ("I'm trying to figure out if I need a visa.", "Done.", "other"),
        # whoever serves is asked to act, and thanks may be its condition
        ("Could someone move my seat to 12A, please?", "", "request"),
        ("I'd appreciate it if you could print my boarding pass.", "", "request"),
    ],
)
def test_round_11_wishes_to_be_told_and_words_that_ask_nothing(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a message that goes on from the user's earlier one opens nothing: a remark
        ("Anyway, the flight itself was smooth and the crew was great.", "other"),
        ("As for the meals, they were fine.", "other"),
        ("I also flew with my sister last year.", "other"),
        # ... a first message that states the need stays a request
        ("The flight itself was cancelled and I'm stuck in Denver.", "request"),
    ],
)
def test_a_message_that_continues_the_users_own_opens_nothing(text: str, kind: str) -> None:
    assert rule_turn(text, False, "") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Hi there, I have a few questions about my booking.", "greeting"),
        ("Hello! It's Dana again. I hope you've been well.", "greeting"),
        # ... a task run on after the introduction is a request
        ("Hi I'm Ben reserve my flight 114", "request"),
        ("Hi there, I have a few questions. What is the baggage fee?", "question"),
    ],
)
def test_a_greeting_with_small_talk_only_greets(text: str, kind: str) -> None:
    assert rule_turn(text, False, "") == kind


def test_thanks_in_other_words_close_a_longer_message() -> None:
    text = "Let me know what you find out. I appreciate all the help so far!"
    assert rule_turn(text, False, "") == "greeting"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a list or a text to produce, a role to play, pressing for the answer: requests
        ("列出三家最大的航空公司。", "", "request"),
        ("保持角色。", "好的。", "request"),
        ("让我们来玩一个游戏，你猜猜我几岁。", "", "request"),
        ("告诉我", "这我不能说。", "request"),
        ("我们需要查一下航班的状态。", "", "request"),
        # the topic first and the verb of telling after it, or a difference named: questions
        ("行李政策详细说明", "以上是主要内容。", "question"),
        ("上面每一点都展开说明。", "以上是主要内容。", "question"),
        ("经济舱和商务舱的区别。", "", "question"),
        ("The difference between a refund and a credit.", "", "question"),
        # an analysis asked, then what the user wants to know of it
        ("能帮我分析一下这条航线的票价吗？我想知道哪些因素会影响价格。", "", "request"),
    ],
)
def test_round_11_chinese_tasks_and_verbs_of_telling(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # values given after "请您提供…" answer it
        ("好的，航班号是CA123，日期是5月1日。", "请您提供航班号和日期。", "answer"),
        # choosing what "let me know if you'd like to…" offered answers it
        (
            "I'd like to book the 9 AM flight.",
            "Let me know if you'd like to book any of these.",
            "answer",
        ),
        # a decline, then a proposal of a new task
        ("no thats fine. lets check out now", "Shall I add the bag?", "request"),
        # a question handed over with its answer asks nothing
        ("Q: Is Paris in France? A: Yes, it is.", "", "other"),
        # checking a thing acts on it, whatever it is to confirm after
        ("Could you check my bags to confirm if they're under 23 kg?", "", "request"),
        ("Could you confirm if my bags are under 23 kg?", "", "question"),
        # "have had issues with" is no search of a shop's stock
        (
            "I have had issues with late flights, so tell me about your delay policy.",
            "",
            "question",
        ),
    ],
)
def test_round_11_answers_proposals_and_checks(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a verb after "please" or "if you could" acts on the fact it names
        ("Please waive the change fee.", "", "request"),
        ("I'd appreciate it if you could waive the change fee.", "", "request"),
        # ... a fact after "please" alone, or a verb of giving, asks to be told it
        ("Please, the address of the hotel.", "", "question"),
        ("Please send me the address.", "", "question"),
        # a wh-word before "can I" asks what the user may do
        ("How many bags can I check for free?", "Your booking is confirmed.", "question"),
        ("Can I check a third bag?", "Your booking is confirmed.", "request"),
        # a recap the user asks about their own case is a question, one of the listener's
        # wishes speaks as the agent
        ("Just to confirm, the refund goes to my card, right?", "Refunded.", "question"),
        ("Just to confirm, you'd prefer a window seat?", "Refunded.", "other"),
    ],
)
def test_verbs_on_a_fact_what_the_user_may_do_and_own_recaps(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, False, previous) == kind


def test_preferring_one_the_agent_named_chooses() -> None:
    previous = "There are two options: a nonstop at $450 and one with a stop at $320."
    assert rule_turn("I'd prefer the one with fewer stops.", False, previous) == "answer"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a rhetorical question judges the agent, its price or the service: pushback, other
        ("Why are you so expensive?", "", "other"),
        ("$80 for a check-up? Why are you guys so pricey?", "", "other"),
        ("It broke again. And why does this keep costing me money?", "Your name?", "other"),
        ("How am I supposed to know that?", "We shipped it.", "other"),
        ("Somebody used my card! Isn't that awful?", "Your report is filed.", "other"),
        ("谁知道你们要拖多久", "很抱歉暂时无法操作", "other"),
        ("不试穿我怎么知道合不合适呢", "", "other"),
        ("凭什么扣我的钱", "", "other"),
        # ... not one that asks whether, nor one beside a request
        ("How do I know if the plumber is licensed?", "", "question"),
        ("Why are you so expensive? Can you match $75?", "", "request"),
    ],
)
def test_rhetorical_pushback_asks_nothing(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # venting that judges the service and reports no fault asks for nothing, even first
        ("这服务真让人失望", "", "other"),
        ("我都等了三天了", "", "other"),
        ("明天到达你都说了三次了", "请问还有别的问题可以帮到您的吗?", "other"),
        ("Honestly this is taking forever.", "", "other"),
        # ... a fault reported beside it is a problem report, a request
        ("The screen is broken again! This is unacceptable!", "", "request"),
        ("用了不到一个月就坏了，太失望了", "", "request"),
        # ... and so is an ask put as a condition
        ("I'm frustrated. It would be appreciated if a ticket could be opened.", "", "request"),
        # a reaction alone asks and answers nothing; after a question it answers
        ("Oh no.", "The item is sold out.", "other"),
        ("That's unfortunate.", "", "other"),
        ("太可惜了", "还有其他问题吗？", "other"),
        ("Oh no.", "Would you like the red one?", "answer"),
        # ... and so does a feeling alone
        ("I am so happy.", "", "other"),
        ("Okay, but I'm still stressed.", "Your visit is booked.", "other"),
        ("我好着急啊", "", "other"),
        ("Okay, but I'm still stressed.", "Can I have your address?", "answer"),
        # pushback that holds the agent to what the user was told is still pushback
        ("That's not what I was told.", "The fee is $50.", "other"),
    ],
)
def test_venting_and_reactions_ask_nothing(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # whether the shop has an item of a kind, asked in Chinese: a search of its stock
        ("有薄一点的吗", "这款卖得很好", "request"),
        ("没有带拉链的吗", "", "request"),
        ("其他颜色有吗?", "是的亲", "request"),
        # ... not what else to know, nor a wh-question
        ("还有其他需要注意的事项吗？", "多喝水", "question"),
        ("有什么可以推荐的吗", "", "request"),
        # a Chinese verb that changes the fact it names acts on it: a request
        ("我想修改收货地址", "", "request"),
        ("电话和地址发我一下吧", "", "question"),
        # "那帮查一下…", "可以查找到…吗": a lookup to run
        ("那帮查一下我的积分有多少", "没有赠送活动", "request"),
        ("可以查找到我上周的订单吗", "有什么可以帮您?", "request"),
        # an English search of stock with its constraint after the item
        ("any good thrillers playing near me?", "", "request"),
        ("Is there a cinema showing it in the Arlington area?", "", "request"),
    ],
)
def test_stock_searches_and_verbs_that_change_a_fact(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


def test_an_answer_continues_the_latest_turn_that_asked() -> None:
    earlier = [(1, "request"), (2, "question"), (3, "answer"), (4, "greeting")]
    seen: list[int] = []

    def kind_of(turn: tuple[int, str]) -> str:
        seen.append(turn[0])
        return turn[1]

    assert request_answered("answer", earlier, kind_of) == (2, "question")
    assert seen == [4, 3, 2]  # from the latest back, not past the first that asked
    assert request_answered("greeting", earlier, kind_of) is None  # only an answer continues
    assert request_answered("answer", [(1, "greeting")], kind_of) is None


def test_an_answer_that_led_to_a_write_continues_the_request_whose_ask_is_open() -> None:
    earlier = [(1, "request"), (2, "question"), (3, "answer")]

    def kind_of(turn: tuple[int, str]) -> str:
        return turn[1]

    # The request's agent asked (index 0): the question after it was answered in its turn.
    assert request_answered("answer", earlier, kind_of, lambda i: i == 0) == (1, "request")
    # No request's ask is open: the latest that asked, as without ``pending``.
    assert request_answered("answer", earlier, kind_of, lambda i: False) == (2, "question")
    # Only a request's ask counts: a question's is answered in its own turn.
    assert request_answered("answer", earlier, kind_of, lambda i: i == 1) == (2, "question")


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # accepting what the agent proposed, then an act it did not offer: a request
        ("That's fine, get me two seats", "How about the train at 9:15 am?", "request"),
        (
            "That would be great. Please reserve it for 3 people.",
            "Does this one suit you?",
            "request",
        ),
        # ... the act it offered, or nothing new, stays an answer
        ("That's fine, book it for 3 people", "Shall I book the 9:15 train?", "answer"),
        ("Sounds good, please do.", "Does this one suit you?", "answer"),
    ],
)
def test_accepting_then_asking_for_an_act_not_offered_is_a_request(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, False, previous) == kind


def test_the_value_asked_for_given_in_a_requests_words_is_an_answer() -> None:
    asked = "Which cafe do you want to reserve a table at?"
    assert rule_turn("Could you reserve me a table at Blue Door Cafe?", False, asked) == "answer"
    # a request about something else than what was asked stays a request
    assert rule_turn("Could you call me a taxi first?", False, asked) == "request"


@pytest.mark.parametrize(
    "previous",
    [
        "您现在方便查看吗先生",  # a particle, then how the agent addresses the caller
        "嗯那您现在有信号没有呢",  # a verb and its negation at the end
        "嗯，是上个月呢还是 这个月",  # a spoken choice broken off
        "您是只办一个月还是说",
    ],
)
def test_spoken_chinese_agent_questions_without_a_question_mark(previous: str) -> None:
    assert agent_context(previous) == "solicit"


@pytest.mark.parametrize("text", ["哦意思就是说下个月才能用了", "就是说不一定到账", "嗯二十呗"])
def test_a_spoken_chinese_restatement_to_be_confirmed_is_a_question(text: str) -> None:
    assert rule_turn(text, False, "您这个套餐每月二十块钱") == "question"


def test_an_opening_instruction_then_a_question_about_it_is_a_request() -> None:
    text = "Open the reports folder. What does the first line of the newest file say?"
    assert rule_turn(text, False, "") == "request"
    # a statement, not an instruction, before the question leaves it a question
    assert rule_turn("I read the report last night. What does the last line mean?", False, "") == (
        "question"
    )


def test_a_wh_question_run_on_after_a_statement_without_a_mark_is_a_question() -> None:
    assert (
        rule_turn("ok we can go later what other times are open", False, "Nothing is free then")
        == "question"
    )
    assert (
        rule_turn("Hey that is better what about sunday", False, "It will be sunny on Friday.")
        == "question"
    )


# --- Session 12: rules written on rounds 9b and 12 (real rows cited by id) ---------------
LIST_TAIL = "1. Slug and Lettuce\n2. Backstreet Bistro\n3. Cow Pizza Kitchen and Bar\n\n"


@pytest.mark.parametrize(
    ("previous", "context"),
    [
        # a conditional offer of more information or help, however it opens (s9b-at-t000,
        # s9b-at-t073): an offer, after which a constraint is a new request
        (LIST_TAIL + "Let me know if you would like more information about any of these.", "open"),
        ("Please let me know if there's anything else I can help with!", "open"),
        ("Please let me know if you need any further assistance.", "open"),
        # ... not one that offers an act or asks for preferences beside it (round 9b's ruling)
        (
            LIST_TAIL + "Let me know if you'd like more information or if you have any other "
            "preferences.",
            "solicit",
        ),
        (
            "Please let me know if you need more information or if you would like to book any "
            "of these trains.",
            "solicit",
        ),
        ("Let me know if you'd like to book any of these.", "solicit"),
    ],
)
def test_a_conditional_offer_of_more_help_asks_for_no_value(previous: str, context: str) -> None:
    assert agent_context(previous) == context


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # s9b-at-t000: a constraint after an offer of more information is a new request
        (
            "Moderately priced, please.",
            LIST_TAIL + "Let me know if you would like more information about any of these.",
            "request",
        ),
        # ... after an ask for preferences it answers it (round 9b's ruling)
        (
            "Any part of town will be fine.",
            LIST_TAIL + "Please let me know if you would like more information about any of "
            "these restaurants or if you have any other preferences.",
            "answer",
        ),
        # s9b-at-t294: appraising what the agent presented answers it; a list's place chooses
        (
            "Okay, that apartment seems to be great.",
            "Yes, the apartment at Americana Apartment Homes in Rohnert Park is furnished.",
            "answer",
        ),
        ("The second one.", "1. Account balance: $8639.65\n2. Account balance: $5151.82", "answer"),
        ("The second one is broken, can you replace it?", "", "request"),
    ],
)
def test_round_9b_offers_of_more_help_and_appraisals(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # sarcastic thanks are pushback (s12-nt-t058, s12-nt-t057, s12-st-t182)
        ("Thanks for the worthless response!", "No worries, Thomas!", "other"),
        ("THANKS FOR NO INSTRUCTIONS ON THE PET ZEN!", "", "other"),
        ("Thank you! You didnt provide any help.", "We will contact you later.", "other"),
        # ... not thanks for help, nor sarcasm beside a request
        ("Thanks for your help!", "Your refund is on its way.", "greeting"),
        ("Thanks for no longer charging me twice.", "Done.", "greeting"),
        ("Thanks for nothing. Please transfer me to a manager.", "I can't change that.", "request"),
        # thanks spelled as one word close (s12-nt-t069)
        ("Thankyou so much! 🙂", "We'll be sending your free Pet Locket tomorrow.", "greeting"),
        # thanks beside a fault or a wish to be told close nothing (s12-nt-t068, s12-nt-t093)
        (
            "I still haven't yet received my locket. You offered to send one out to me last "
            "week.  Many thanks",
            "",
            "request",
        ),
        (
            "Ok thank u!  I had placed an order for just myself and now there are two orders "
            "coming and it is double the price, so just wondering why, thanks again!",
            "We can't wait to get this sorted for you.",
            "question",
        ),
        ("Package was rec'd. thank you.", "It should arrive this week.", "greeting"),
    ],
)
def test_sarcastic_thanks_and_thanks_beside_a_fault(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # e-mail customers: an update or advice on their order asks to be told
        # (s12-nt-t052, s12-nt-t074); a request to act stays one
        (
            "I have placed the subject order on June 9 and still haven't received it to date. "
            "Can you please update me on the status of the order?",
            "",
            "question",
        ),
        ("Please can you advise me when I'm likely to receive this order?", "", "question"),
        ("Can you please update my shipping address?", "", "request"),
        # a record's label before its value is no imperative (s12-nt-t038)
        ("Where is my order?  Order #NP3352659", "", "question"),
        ("Order two more packs for me, please.", "", "request"),
        # the mail app's footer is read past (s12-nt-t017, s12-nt-t083)
        ("PatchPower Sent from my iPhone", "", "other"),
        ("My order never arrived !! Sent from my iPhone", "", "request"),
        # ... and the clients' taglines and other footers (session 31, round 32's e-mails)
        ("Thank you\n\nYahoo Mail: Search, Organize, Conquer", "", "greeting"),
        ("I'm Driving\n\n- Sent from My Car", "", "other"),
        ("Thanks a lot\n\nGet Outlook for Android<https://aka.ms/x>", "", "greeting"),
        ("My order never arrived !! Sent from AOL on Android", "", "request"),
        # praise that asks for nothing is a testimonial (s12-nt-t071, s12-st-t012)
        ("I use these!!!", "", "other"),
        ("@搜狗输入法技术支持 觉得他们还是很敬业的,挑了两张觉得你们萌哒哒", "", "other"),
        ("They work great, can I order ten more?", "", "request"),
        # following up on an order or wondering why asks to be told (s12-nt-t027)
        ("Hello!  I am following up to see the status on the order. Thank you!", "", "question"),
    ],
)
def test_round_12_email_customers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


def test_a_short_reply_before_a_mail_footer_answers_the_agents_question() -> None:
    # session 31: "Affordable Dwelling Units" + footer after "Could you clarify what you mean?"
    asked = "Could you please clarify what you mean by ADU?"
    assert rule_turn("Affordable Dwelling Units\n\nSent from my iPhone", True, asked) == "answer"
    assert rule_turn("Affordable Dwelling Units\n\nSent from my iPhone", False, "") == "other"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a device's fault with what is wrong asked (s12-st-t008, s12-st-t079) or why it
        # failed (s12-st-t151): a fault report, a request
        ("vivo x7连接wifi时出现感叹号,上不去网,请问是怎么回事儿？@vivo智能手机", "", "request"),
        ("坚果手机系统更新后,总是划不开主屏幕怎么回事@坚果手机", "", "request"),
        (
            "|Why did I fail to download the System Update? @Smartisan Customer Service",
            "",
            "request",
        ),
        ("Why can't I log in to my account?", "", "request"),
        # ... not a symptom of the body (s9-dm-t081), nor why a charge is what it is
        ("小便次数多是怎么回事呢？", "", "question"),
        ("Why was I charged twice this month?", "", "question"),
        # a question that mocks the company's conduct asks nothing (s12-st-t068, s12-st-t014,
        # s12-st-t137)
        ("居然没有iphone5的卡,告知只能收费剪卡~莫非移动公司很缺钱？", "", "other"),
        ("一共就3款,能用的iPhone也没货,你们就这样对待老用户的？", "", "other"),
        (
            "I fed back the issue before. Is it fun to always modify the skin?",
            "It is a sync setting.",
            "other",
        ),
        # ... not one that asks what a feature is for (s12-st-t107)
        ("What is the use of the encryption function?", "", "question"),
    ],
)
def test_round_12_helpdesk_faults_and_mockery(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


def test_praise_is_no_approval_of_a_value() -> None:
    # a testimonial with nothing before it asks for nothing (s12-nt-t096); approving a value
    # the agent proposed, read without its message, still answers (s10b-mm-t047)
    assert rule_turn("my son is a magnet for bugs. So he get 3 stickers, they work great") == (
        "other"
    )
    assert rule_turn("9:35 pm will work great") == "answer"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a summary, an elaboration or advice asked as the first verb is to be told (round
        # 15: s15-ta-t005, s15-ta-t110, s15-ta-t037, s15-ta-t126, s15-ta-t209)
        ("Could you summarize the meaning of the quote by Albert Schweitzer?", "question"),
        ("Could you elaborate on how they differ?", "question"),
        ("Could you shed some light on that for me?", "question"),
        ("Could you advise me on the best way to organize a travel itinerary?", "question"),
        ("Can you let me know if there are any ongoing live baseball matches?", "question"),
        # ... not after an act (s9-ta-t040, s15-ta-t096), nor as an imperative (s11-ag-t008)
        ("Could you please authenticate me and let me know if it worked?", "request"),
        ("Could you simplify and summarize it for me?", "request"),
        ("Summarize key facts about climate change.", "request"),
    ],
)
def test_a_summary_or_advice_asked_first_is_to_be_told(text: str, kind: str) -> None:
    assert rule_turn(text, False, "") == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # the user's decision to take the hotel recommended is an answer (round 13's ruling:
        # s13-ah-t005, s13-ah-t012, s13-ah-t112)
        (
            "好的，我决定入住北京京泰龙国际大酒店了！",
            "北京京泰龙国际大酒店是个还不错的酒店！",
            "answer",
        ),
        ("好的，我愿意入住北京中康国际酒店。", "那我推荐您北京中康国际酒店。", "answer"),
        ("听说了。那我就订北京贵都大酒店了！", "为您推荐高档型酒店北京贵都大酒店。", "answer"),
        # ... not an act asked of the agent (s13-ah-t101), a plan that opens the conversation,
        # nor a decision with another act asked beside it
        ("嗯，好的，那就预订北京都季商旅酒店吧！", "推荐您去北京都季商旅酒店。", "request"),
        ("我决定去北京旅游。", "", "request"),
        ("我决定去北京旅游，帮我推荐一家酒店。", "推荐您去故宫。", "request"),
    ],
)
def test_a_chinese_decision_to_take_the_item_recommended(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a search for a hotel not yet named, then which one fits (s13-ah-t044, s13-ah-t061)
        (
            "我要找一个评分4.5分以上的经济型酒店住宿，你觉得哪家酒店比较好？",
            "",
            "request",
        ),
        ("我要找个价格是800-900元的酒店住宿，知道哪里适合我吗？", "", "request"),
        # ... one to be introduced, a good place, an item of a kind (s13-ah-t035, s13-ah-t142,
        # s13-ah-t121)
        ("你能再给我介绍一个酒店吗？", "", "request"),
        ("要找家提供wifi的酒店休息一晚，有好地方吗？", "", "request"),
        ("那有高档型，评分5分，最低价格控制在200-300元的酒店吗？", "", "request"),
        # ... not whether a named hotel has a facility (s13-ah-t107), nor a named place's
        # surroundings (r4-cw-076), nor which of the places listed fits (r5-cw-033)
        ("这家酒店有没有商务中心？", "胜高连锁酒店还是不错的。", "question"),
        ("好的，逛完我想要找个地方休息，在日坛公园附近有什么酒店么？", "", "question"),
        ("好的，我要去恭王府附近的景点游玩，哪个评分4分以上，票价是20-50元的呢？", "", "question"),
    ],
)
def test_a_chinese_search_for_an_item_not_yet_named(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # an appraisal with a tag that asks only for agreement asks for nothing (round 15:
        # s15-ta-t066, s15-ta-t124, s15-ta-t205)
        ("It's interesting to see how businesses use social media, don't you think?", "other"),
        ("Isn't it fascinating how a simple postcode can unlock so much detail?", "other"),
        ("It's been an incredible season so far, right? So many surprises.", "other"),
        # ... not a fact of the task to be confirmed, nor an appraisal beside an ask
        ("The flight leaves at 5, right?", "question"),
        ("It's fascinating, right? Can you find me more posts like it?", "request"),
    ],
)
def test_an_appraisal_with_an_agreement_tag_asks_nothing(text: str, kind: str) -> None:
    assert rule_turn(text, False, "The post has 300 likes.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a summary or tips to be provided are facts to be told (round 15: s15-ta-t069,
        # s15-ta-t304)
        ("Could you provide a concise summary of the two events?", "question"),
        ("Can you provide me with some clever tips on using QR codes in marketing?", "question"),
        # ... not an act with them (u-108)
        ("Can you also send a summary of the reminders you deleted to my email?", "request"),
    ],
)
def test_a_summary_or_tips_provided_are_told(text: str, kind: str) -> None:
    assert rule_turn(text, False, "") == kind


@pytest.mark.parametrize(
    "text",
    [
        # the need met, in the future tense or with "have", closes (s13-mt-t124, s13-mt-t024)
        "Thank you so much, that is all I will need for now!",
        "I have all I need. See you.",
    ],
)
def test_all_i_will_need_closes(text: str) -> None:
    assert rule_turn(text, False, "Ok, I have made your reservation! Anything else?") == "greeting"


@pytest.mark.parametrize(
    ("text", "previous"),
    [
        # letting the agent take its time, or finding its proposal better, acknowledges it
        # (s13-ad-t027, s13-fr-t028)
        ("Ok, take your time.", "Please hold on for a moment."),
        ("that sounds even better.", "I have a package at the Lunar for $1558.00"),
    ],
)
def test_taking_time_and_finding_it_better_acknowledge(text: str, previous: str) -> None:
    assert rule_turn(text, False, previous) == "answer"


def test_asking_which_options_the_agent_has_is_a_search() -> None:
    # (s13-fr-t012, s13-fr-t009) as "What else do you have?" is
    previous = "How about a trip to Dominican Republic?"
    assert rule_turn("What options do you have available for me?", False, previous) == "request"
    assert rule_turn("hmm what options would i have out of Toronto?", False, previous) == "request"


def test_a_yes_that_opens_the_record_answers_a_lost_question() -> None:
    # the record starts after the agent's question: the value is an answer (s15-ta-t092,
    # s13-mt-t176), a need stated after the yes is the opening's request
    assert rule_turn('Yes, sure. The API key is "ABC123XYZ".', False, "") == "answer"
    assert rule_turn("Yes, I prefer 2 p.m. on February 10th.", False, "") == "answer"
    need = "Yes, I'm looking for a restaurant in the centre that serves world food."
    assert rule_turn(need, False, "") == "request"
    # ... a remark after a yes when nothing was asked stays other
    assert rule_turn("Yes, I think the weather is lovely here.", False, "It is sunny.") == "other"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a fact word as a constraint on the item, or in a statement before the wish, asks
        # for no fact (s13-bt-t040, s13-bt-t009, s8-hb-t187)
        (
            "The attraction I am looking for should have a rating of at least 1.",
            "Do you have a preference on the rating?",
            "answer",
        ),
        (
            "Any rating is fine, but I want something near Wan Chai.",
            "Would you like a high-rated attraction?",
            "answer",
        ),
        (
            "My phone number is 15898765432, please remember.",
            "What is the recipient's phone number",
            "answer",
        ),
        # ... the fact right before "please" still asks for it (r8-mw-009)
        ("For 3 people, at 17:30 on Sunday. Reference number please.", "For when?", "question"),
    ],
)
def test_a_fact_word_as_a_constraint_asks_no_fact(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


def test_a_markets_demand_and_stock_are_facts() -> None:
    # 请提供 a market's demand and stock asks to be given facts (s15-rl-t011)
    assert rule_turn("请提供河北2025年4月16日和17日的需求量和库存。", False, "") == "question"


def test_a_yes_echoing_the_auxiliary_with_thanks_accepts() -> None:
    # (s13-fr-t021) as "Yes, that time works. Thanks." does; without a question it closes
    asked = "Would you like to book this package?"
    assert rule_turn("Yes I would.\nThanks for your help.", False, asked) == "answer"
    assert rule_turn("Yes I would.\nThanks for your help.", False, "It is booked.") == "greeting"


def test_a_callers_name_here_identifies() -> None:
    # (s13-ad-t019) as "Hi there I am Alina" does; a need after it is still the request
    assert rule_turn("Hi. Donna Evans here.", False, "") == "greeting"
    assert rule_turn("Hi. Donna Evans here. I need to book a flight.", False, "") == "request"


def test_musing_after_an_offer_of_more_help_asks_nothing() -> None:
    # (s15-ta-t146) an appraisal of the topic is no next task; a statement of need still is
    offer = "If you have further questions, please let me know!"
    muse = "It's really intriguing how the internet can be governed so uniquely in each country."
    assert rule_turn(muse, False, offer) == "other"
    assert rule_turn("We're planning a tour of Rome next spring.", False, offer) == "request"


def test_another_salon_is_another_search() -> None:
    # (s13-mt-t116) a salon is a place to find, as a shop is
    previous = "Yes, it is a unisex salon and it is at 1532 20th Street."
    assert rule_turn("Are there any other salons in the area?", False, previous) == "request"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # session 14's rulings. The need met, in the conditional, closes (s13-bt-t041); with
        # a bare "no" it declines
        ("That would be all for now.", "Alright, do you need anything else?", "greeting"),
        ("No, that would be all.", "Alright, do you need anything else?", "answer"),
        # the value asked for, then the act it was asked for: an answer (s15-ta-t261)
        (
            "My latitude is 22.5431 and my longitude is 114.0579. Can you check the pollen data?",
            "To fetch the pollen data for your location, I would need your latitude and longitude."
            " Could you provide them?",
            "answer",
        ),
        (
            "Sure, my user ID is sophia_4574. Can you cancel my reservation?",
            "To cancel your reservation, I need your user ID. Could you provide it?",
            "answer",
        ),
        # ... an act the agent did not name is asked for
        (
            "My user ID is sophia_4574. Can you check my baggage allowance?",
            "To cancel your reservation, I need your user ID. Could you provide it?",
            "request",
        ),
        # "Also" before an act the agent did not offer adds a task (s13-mt-t179); before the
        # one it offered, it answers
        (
            "Yes, I want to apply for the membership. Also, please reserve a book for me.",
            "Sure, would you like to apply for a library membership?",
            "request",
        ),
        (
            "Yes, please add the seeds. Also, please add a premium raised bed mix.",
            "Shall I add the seeds and a premium raised bed mix to your cart?",
            "answer",
        ),
        # how to fix the user's own fault asks for help (s12-st-t140); how to do a thing asks
        # to be told
        ("How do I solve the problem?", "All right.", "request"),
        ("How can I take the MTR from the diner to the park?", "All right.", "question"),
        # pushback after an offer of more help asks nothing new
        ("No, I meant the other order.", "Is there anything else I can help you with?", "other"),
        # going ahead with what the agent proposed accepts it (s13-mt-t103); an act it did not
        # name stays a request
        ("Please go ahead.", "I can ask a manager to approve the refund.", "answer"),
        ("Okay great, let's play it. Yes, perfect.", "I can play Same Old War for you.", "answer"),
        ("Book it.", "The Hilton has rooms at 200 dollars a night.", "request"),
        # naming only what the agent listed chooses it (s10b-mt-t044)
        ("uberX please", "uberX: $18-23   uberXL: $31-41", "answer"),
        # phatic greetings and emoji
        ("Hey, how's it going?", "", "greeting"),
        ("好的👌", "建议您加入购物车关注下吧", "answer"),
        # "在吗" at a Chinese turn's end greets; what comes before it asks (t8-jd-t451)
        ("物流查询 在吗?", "", "request"),
        # a Chinese turn asking the agent's help to act asks for the act (s15-zy-t000)
        ("请帮我检查一下我的健身包，看看它们的状态怎么样", "", "request"),
    ],
)
def test_session_14_rulings(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("previous", "context"),
    [
        # a doctor's short question with its question word in place and no mark (round 16)
        ("血压多少", "solicit"),
        ("怎么不舒服", "solicit"),
        ("嗯。为何住院", "solicit"),
        ("有没有高血压，是否吸烟，饮酒", "solicit"),
        ("降压药吃的什么药啊", "solicit"),
        # ... not a statement that holds the word after a negation, nor a long one
        ("没有什么内部消息的亲", "none"),
        ("这个什么时候都可以", "none"),
        ("正常人心率60-100", "none"),
        # a doctor's open offer
        ("您好，请说，有什么需要咨询的。", "open"),
    ],
)
def test_a_short_chinese_ask_without_its_mark(previous: str, context: str) -> None:
    assert agent_context(previous) == context


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # the answer to a doctor's unmarked question
        ("输的是葡萄糖", "为何住院", "answer"),
        ("女性。不抽", "有没有高血压，是否吸烟，饮酒", "answer"),
        # an interjection with its mark, "恩" for "嗯", "我知道": acknowledgements
        ("哦！", "急诊查的话有些项目应该可以。", "answer"),
        ("恩我知道", "只是有可能，不一定的", "answer"),
        # a clause that ends asking, statements after it; the helper addressed after 吗
        ("黄芪可以吗，他有时也没劲。铁皮石斛", "哦", "question"),
        ("就没有药物可以缓解的吗医生", "那现在还不算重", "question"),
        ("嗯呢，谢谢你啊。", "不客气", "greeting"),
        # a self-diagnosis checked with 吧, "啥意思", dialect "好多钱"
        ("我是贫血吧。做彩超的时候医生说没问题", "是的，一般不会有其他问题", "question"),
        ("铁蛋白低是啥意思", "贫血是要做化验的", "question"),
        ("好的。做个检查要好多钱", "做检查了就能要", "question"),
    ],
)
def test_round_16_patients(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # what the policy allows, under a condition of the user's own: a question
        ("Can I pause my subscription if I need to skip a month or two?", "question"),
        ("Can I cancel the order later if I decide to?", "question"),
        ("How can I pause or skip a month of my snack subscription if I need to?", "question"),
        ("Can I change my subscription plan?", "request"),
        # whether a named thing holds items of a kind, or allows an act: a question
        ("Are there any low-sugar options included in the Healthy Box?", "question"),
        ("Are there any options to customize the snack box?", "question"),
        ("Are there any other salons in the area?", "request"),
        ("Do you have any intermediate cars available?", "request"),
    ],
)
def test_what_the_policy_allows(text: str, kind: str) -> None:
    assert rule_turn(text, previous="You can manage it from your account page.") == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a reply to the agent's question that asks its help for an act it did not name
        ("忘记了 麻烦你帮我找 帮我查看下往年购买记录", "您大概多少钱买的？", "request"),
        # ... not the act it asked about
        ("那就帮我订这个吧", "您要订哪家？", "answer"),
    ],
)
def test_a_chinese_reply_asking_a_new_act(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a question word as an indefinite after a negation states; the 么 of 什么 asks not
        ("都很好。每次去检查都没什么问题", "心功能现在怎么样", "answer"),
        ("但是我自己没有什么感觉，跟正常人一样", "心肌炎需要休息。", "other"),
        ("做父母的真的很担心不知道该如何是好", "心肌炎有轻有重。", "other"),
        ("之前没有过。晚上坐起来就好多了，其他没什么", "之前有没有不舒服？", "answer"),
        # ... but "有没有什么…" asks whether
        ("还有没有什么流量可以开通啊", "您好", "question"),
        # "做过什么检查": 什么 after 过 asks
        ("到镇上医院发了四盒保心丸", "做过什么检查", "answer"),
    ],
)
def test_a_chinese_indefinite_after_a_negation(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("previous", "context"),
    [
        # a doctor's yes-or-no question with a verb and its negation, no mark (round 17)
        ("尿少不少", "solicit"),
        ("孩子尿少不", "solicit"),
        ("久站后阴囊血管迂曲扩张明显不", "solicit"),
        ("现在还疼没有", "solicit"),
        # ... or asking to be sent a report to read
        ("发给我看看", "solicit"),
        ("然后等会把单子发给我看看，必要的时候还是需要抗感染治疗", "solicit"),
        # ... not a negation that closes a statement
        ("这个药目前没有", "none"),
        ("检查结果也没有", "none"),
        ("不建议", "none"),
    ],
)
def test_a_chinese_yes_no_ask_without_its_mark(previous: str, context: str) -> None:
    assert agent_context(previous) == context


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        ("少", "孩子尿少不", "answer"),
        ("忘记带单子了，", "发给我看看", "answer"),
    ],
)
def test_the_reply_to_a_chinese_yes_no_ask(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # round 17's shoppers: goods of a kind, or like the one found, asked for are a search
        (
            "thank you, is there a waterproof running shoe for women?",
            "It is breathable.",
            "request",
        ),
        ("What other models are there that match, but have a bright keyboard?", "", "request"),
        ("Similar alternatives like this one?", "It wears fast on rough pavement.", "request"),
        ("is there other option rather than samsung galaxy s20?", "It has 128GB.", "request"),
        (
            "cool\nanything in red with recycled materials?",
            "also the material is recycled",
            "request",
        ),
        ("do you have from stephen king within that price range", "It costs $12.", "request"),
        # ... not a verb of the same spelling, nor a fact of the item found
        ("I want to watch it. Can you tell me where I can stream it?", "", "question"),
        ("What other features does this laptop have?", "It weighs 5 pounds.", "question"),
    ],
)
def test_round_17_stock_searches(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # round 17's shoppers taking or praising the item presented: an answer
        ("its perfect", "It should easily support projector connections.", "answer"),
        ("that's brilliant", "it has 65W fast charger", "answer"),
        ("I'll go for it", "Yes shipping included", "answer"),
        ("Ok Fitpolo it is then", "So, Fitpolo best matches your features.", "answer"),
        # ... not when the turn asks beside it
        ("That's perfect. Is it waterproof?", "It has a steel case.", "question"),
    ],
)
def test_round_17_taking_the_item(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a bracketed aside ending the turn (round 17's patients' sex and age) is read past
        ("腰肌劳损可以做附身动作吗（男，26岁）", "", "question"),
        ("低烧咳嗽吐黄痰流鼻涕打喷嚏（女，22岁）", "", "request"),
        ("医生您好，这是我的问题：脑梗死（女，20岁）", "", "request"),
        ("Can you check the order (the blue one)", "", "request"),
        # spoken 咋 asks as 怎么 does ("咋回事", "咋办")
        ("腰扭伤半年了肚子还胀难受咋回事（男，35岁）", "", "question"),
        ("我知道正常60，我58我才问的。咋办", "正常人心率60-100", "question"),
    ],
)
def test_round_17_patients_openings(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # 是 A 还是 B without its mark asks which (round 17's patients) ...
        ("他是要片还是胶囊呀，到那个医院买去呀", "可以吃舒丽启能", "question"),
        # ... not "还是" for "still"
        ("还有238M呀,可是安装时还是会提示系统空间已满", "您好", "other"),
        # a bare 意思 opening a restatement asks to have it confirmed; 不好意思 apologises
        ("意思不能练重的器械哟", "有腰肌劳损当然会有症状", "question"),
        ("不好意思，我刚才没看到", "您好", "other"),
    ],
)
def test_round_17_unmarked_chinese_questions(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # "how I can help?" offers help as "how can I help?" does: the task named is a request
        ("Hello! I'm looking for some book", "Hello, how I can help?", "request"),
        ("I need to buy a backpack", "Hello, how I can help?", "request"),
    ],
)
def test_an_offer_of_help_in_a_statements_order(text: str, previous: str, kind: str) -> None:
    assert agent_context(previous) == "open"
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # session 16's ruling: to be given a discount asks the shop to act on the price ...
        ("can I have 50% discount on the one with higher price?", "request"),
        ("oh! perfect\nCan i get a discount on this?", "request"),
        # ... whether discounts exist or are possible asks to be told
        ("Perfect\nAnd do you have any discounts?\nIt's black friday", "question"),
        ("any possible discount?\nI don't know the UK size", "question"),
        ("is there any discount?", "question"),
    ],
)
def test_asking_for_a_discount(text: str, kind: str) -> None:
    assert rule_turn(text, previous="It costs $20.") == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # session 16's ruling: a want that picks among the options the agent's question listed
        (
            "I need a desktop size",
            "yes, what size you look for .. we have one in pocket size, and one in desktop size",
            "answer",
        ),
        (
            "I'd prefer the blue one",
            "Which one would you like, the blue one or the red one?",
            "answer",
        ),
        # ... a want of an item the agent did not list stays a request
        (
            "I need a laptop bag",
            "We have one in pocket size and one in desktop size.",
            "request",
        ),
    ],
)
def test_a_want_that_answers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a chat's messages joined by line breaks are sentences of their own (round 17)
        ("Thank you so much\nI also need some pens and pencils", "Let me have a look", "request"),
        ("no, don't like it\nanything else ?", "Do you like the design.", "request"),
        ("how much?\nred\ndo you have size 7?", "nice and which color?", "question"),
        # ... a line break after a mark changes nothing
        ("Thanks!\nBye.", "Anything else?", "greeting"),
    ],
)
def test_line_breaks_end_chat_messages(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # asking which items of a kind there are (courses nobody has named yet) is a search,
        # session 14's ruling on "a list of …", whatever the question word (round cs16)
        ("What courses are offered related to human computer interaction?", "", "request"),
        ("What are some classes that involve LLMs that I can take", "", "request"),
        ("Which CS courses take the least amount of time per week?", "Anything else?", "request"),
        ("what is an easy class to take that fulfills the mscs depth requirement", "", "request"),
        ("What's a good machine learning class I can take?", "Hello!", "request"),
        ("Are there any NLP-related courses?", "Here are some courses: CS 224N.", "request"),
        (
            "can you please tell me about robotics related courses in the CS department?",
            "",
            "request",
        ),
        # ... not a fact of items already named, nor a fact of a kind of thing
        ("Which of these courses has pre-reqs?", "1. CS 329D 2. CS 326", "question"),
        ("What times are the classes offered during winter quarter?", "", "question"),
        ("What are the prerequisites for CS 236?", "", "question"),
        ("can you please tell me about the content of 224N?", "", "question"),
        # ... nor the user's own record, which the agent looks up
        ("What courses am I enrolled in this quarter?", "", "question"),
        ("Which classes do I have on my schedule today?", "", "question"),
        ("Can you tell me about the historical events of April 21st?", "", "question"),
    ],
)
def test_asking_which_items_of_a_kind_there_are_is_a_search(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # asking to be given details, information, an estimate, an idea or advice on a named
        # item asks to be told: session 17's ruling on "Can you provide …" (round 18's
        # travellers), whatever stands between the verb and its object
        ("Could you provide more details on the check-in process?", "", "question"),
        (
            "Could you also provide an estimate of the nightly rate for the Hotel Vondel?",
            "",
            "question",
        ),
        ("Could you please provide more details about the museum's location?", "", "question"),
        ("Can you give me an idea of what kind of rooms the Vondel offers?", "", "question"),
        ("Could you give me some advice on how to get around Lisbon?", "", "question"),
        ("Could you also specify how many floors the hotel has?", "", "question"),
        # ... not items of a kind nobody has named, nor an act
        ("Could you provide me with a list of hotels in Lisbon?", "", "request"),
        ("Can you provide me with some courses on robotics?", "", "request"),
        ("Could you book the Hotel Vondel and provide the reference number?", "", "request"),
    ],
)
def test_asking_to_be_given_details_of_a_named_item_is_a_question(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the user's reason for asking, after the question, asks the agent for nothing
        # ("I want to make sure…", "Knowing this could help me plan…", "This would be very
        # helpful since…"): the question decides (round 18's travellers)
        ("Is the museum open late? I want to make sure I have time after dinner.", "question"),
        ("Does the hotel have a lift? I want to ensure I can manage with my bags.", "question"),
        ("Is the hotel near the station? Knowing this could help me plan my days.", "question"),
        (
            "Do they have a shuttle? This would be very helpful since I'll need to travel a lot.",
            "question",
        ),
        # ... a want the agent is to act on still asks for it
        ("Is the museum open late? Please book two tickets.", "request"),
        ("I want to make sure my order is cancelled, please cancel it.", "request"),
    ],
)
def test_a_reason_for_asking_asks_for_nothing(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # asking for other ways, measures or causes for the user's own condition asks for
        # advice: session 17's ruling on a patient's ways (session 15's 怎么办), a question
        ("还有其他可能的原因吗？", "question"),
        ("除了吃药，还有其他措施可以缓解我的症状吗？", "question"),
        ("还有哪些自我管理的措施可以帮助我控制哮喘呢？", "question"),
        # ... a way or a drug that helps the user is no helper asked to act
        ("有没有什么药物可以帮我缓解这些症状？", "question"),
        ("还有其他的处理方法吗？", "question"),
        # ... other items to choose from are another search
        ("还有别的酒店吗？", "request"),
    ],
)
def test_other_ways_or_causes_for_a_condition_are_asked_to_be_told(text: str, kind: str) -> None:
    assert rule_turn(text, previous="建议您多喝水，注意休息。") == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # after the agent asked for an item's name, describing an item for it to find asks
        # for a search: session 17's ruling (round cs16's students)
        (
            "Something related to AI in healthcare",
            "Could you please provide the name of the course you would like to take?",
            "request",
        ),
        (
            "I want to take a class that takes 10 hours per week",
            "Could you please provide me with the details of the courses you want to take?",
            "request",
        ),
        (
            "I'd like a quiet hotel that is close to the station",
            "Which hotel would you like to book?",
            "request",
        ),
        # ... naming one answers, and so does the constraint the agent asked for
        (
            "I want to enroll in CS 231N",
            "Could you please provide the name of the course you would like to take?",
            "answer",
        ),
        ("Something in the centre", "What area would you like to stay in?", "answer"),
        ("I'd like a cheap one", "What price range are you looking for?", "answer"),
    ],
)
def test_describing_the_item_asked_for_asks_for_a_search(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # whether the shop has an item of a kind in a price range is a search of its stock
        # (round 17's shoppers: "Do you have a samsung in this price range")
        ("Do you have a samsung in this price range", "request"),
        ("Do you have any sofas in my price range?", "request"),
        # ... whether an item has a fact is asked to be told
        ("Do you have the price of this one?", "question"),
    ],
)
def test_an_item_in_a_price_range_is_a_stock_search(text: str, kind: str) -> None:
    assert rule_turn(text, previous="This phone costs $300 and has a 6.1 inch screen.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # after a question about a named place, "I'm looking for a place where …" says what the
        # user wants the answer for: the question decides (round 18's travellers)
        (
            "Could you tell me more about the breakfast at the Vondel? "
            "I'm looking for a place where I can eat early.",
            "question",
        ),
        (
            "Can you tell me more about the hotel's neighbourhood? "
            "I'm looking for somewhere that feels quiet.",
            "question",
        ),
        # ... a search of its own, with no question before it, stays a request
        ("I'm looking for a place where I can eat early.", "request"),
        ("Is it far? I'm also looking for a museum in the centre.", "request"),
    ],
)
def test_a_place_looked_for_after_a_question_gives_its_reason(text: str, kind: str) -> None:
    assert rule_turn(text, previous="I recommend the Hotel Vondel in Zuid.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a search or a booking stated in other words (round 18's SPADE customers)
        ("I'm in search of a 4-star hotel with free wifi.", "request"),
        ("I'm searching for a cheap guesthouse in the north.", "request"),
        ("I'm interested in booking a room at the Vondel for 2 nights.", "request"),
        # ... finding out whether a named one has a thing asks to be told
        ("I'm interested in finding out if the Vondel has free parking.", "question"),
    ],
)
def test_a_search_stated_in_other_words_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="I have found the Hotel Vondel, a 4-star hotel.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # what recommendations the hotel or its staff give asks for none from the agent
        # (session 5; session 17's "places at or near a named place")
        ("Do they have any recommendations for nearby restaurants?", "question"),
        ("Does the hotel offer any recommendations for day trips?", "question"),
        # ... asking the agent for one stays a request
        ("Do you have any recommendations for nearby restaurants?", "request"),
    ],
)
def test_recommendations_someone_else_gives_are_asked_to_be_told(text: str, kind: str) -> None:
    assert rule_turn(text, previous="The Vondel offers a terrace and a garden.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # after a recommendation that asks nothing, a requirement on the item is a stated need:
        # a request (session 16's ruling, round 17's leftovers)
        ("No, it must also have a waterproof shell.", "request"),
        ("It should also have a heart rate monitor", "request"),
        ("Yes, it sounds good, but I definitely want a 15 inch screen.", "request"),
        ("My runs are on wet trails. The shoes need to have good grip.", "request"),
        # ... a remark on the user's own use names no requirement
        ("My trails will be woodland and hilly", "answer"),
        ("It sounds good.", "answer"),
    ],
)
def test_a_requirement_after_a_recommendation_is_a_request(text: str, kind: str) -> None:
    previous = "I recommend the Trail X2: light, breathable and cushioned for long runs."
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    "text",
    [
        # a greeting that introduces the user or announces questions, asking nothing yet:
        # session 17's ruling, a greeting (round 18's patients, round cs16's students)
        "你好，我是一位糖尿病患者，最近想咨询一下关于这个病的一些问题。",
        "您好，我想咨询一些问题。",
        "Hello, I am a master's student in computer science",
        "Hi! I'm a first-year student and have a few questions.",
    ],
)
def test_a_greeting_that_introduces_the_user_is_a_greeting(text: str) -> None:
    assert rule_turn(text, previous="") == "greeting"


@pytest.mark.parametrize(
    "text",
    [
        # ... not when the introduction carries a problem or a task
        "你好，我是一位糖尿病患者，最近血糖很高怎么办？",
        "Hello, I am a student and I need to drop CS 101.",
        "Hi, I'm a customer and my order never arrived.",
    ],
)
def test_an_introduction_with_a_task_is_not_a_greeting(text: str) -> None:
    assert rule_turn(text, previous="") != "greeting"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # "Do you (happen to) know if there is …" asks what "Is there …?" asks (round 18's
        # travellers): whether there is an item of a kind with a constraint is a search
        ("Do you happen to know if there's a restaurant nearby that serves vegan food?", "request"),
        ("Do you know if there are any hotels nearby that allow pets?", "request"),
        # ... and a fact of a named place stays what it was
        ("Do you know if the Vondel serves breakfast?", "question"),
    ],
)
def test_do_you_know_if_there_is_reads_as_is_there(text: str, kind: str) -> None:
    assert rule_turn(text, previous="The Vondel offers a terrace and a garden.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # asking the agent which item of a kind would suit the user's needs asks it to choose
        # one: a recommendation, a request (round 18's travellers, round 17's recommender)
        ("I want a quiet base near the park. Which hotel would fit that?", "request"),
        ("What would be the best laptop for all my needs?", "request"),
        # ... not a fact of an item already named
        ("Which hotel has the bigger rooms, the Vondel or the Hoxton?", "question"),
    ],
)
def test_which_item_would_suit_asks_for_a_recommendation(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # why a code, a payment or a login of the user's own account fails: a fault report
        # phrased as why, a request (session 14; session 18 on round 19's MTRAG users)
        ("Why do you think I can not apply a subscription code?", "request"),
        ("what about why can't I apply a feature code?", "request"),
        ("Why can't I redeem my voucher?", "request"),
        # ... not why a policy or a charge is what it is
        ("Why can't I bring more than two bags?", "question"),
        ("Why was I charged twice?", "question"),
    ],
)
def test_why_an_account_code_fails_is_a_fault_report(text: str, kind: str) -> None:
    assert rule_turn(text, previous="You can apply codes from the Billing page.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a fault of what the agent serves, told without a question after the agent's
        # answer, asks for help with it: a request (round 6, session 18)
        ("I also tried to update my credit card, but it keeps showing errors", "request"),
        ("I tried to pay again and it keeps getting declined.", "request"),
        # ... and so with "what should I do" after it (session 18: the agent is asked to fix it)
        ("I cannot get select query to work, what steps should I take?", "request"),
        ("My promo code isn't working, what should I do?", "request"),
        # ... while what to do when nothing is broken stays a question
        ("I want to change my seat, what steps should I take?", "question"),
        ("I tried the app yesterday and liked it.", "other"),
    ],
)
def test_a_fault_told_after_an_answer_asks_for_help(text: str, kind: str) -> None:
    assert rule_turn(text, previous="You can update the card on the Payment page.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # "Show me …" is labelled by its object (session 18): a fact of the user's own
        # account or booking is to be told, a question
        ("Show me all my account balances.", "question"),
        ("Show me all my account balances now", "question"),
        ("Can you show me my baggage allowance?", "question"),
        # ... records to list, or a show in a chain of acts, a request
        ("Show me recent transactions for all accounts", "request"),
        ("Show me flights to Denver tomorrow", "request"),
        ("Transfer $100 from checking to savings, then show me both balances", "request"),
    ],
)
def test_show_me_is_labelled_by_its_object(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # not knowing what to do about one's own situation asks for advice: a question
        # (session 18, extending the patient rulings to a legal client), also after
        # answering the agent's question
        ("女方要争，我不知道该怎么办。", "根据法律规定，继承顺序如下。", "question"),
        ("没报过，我不知道该怎么做。", "请问您报警了吗？", "question"),
        ("We never agreed on it, and I don't know what to do.", "Did you agree on it?", "question"),
        # ... a device's fault with it stays a request (round 12)
        ("手机开不了机，我不知道该怎么办。", "您好，请问有什么可以帮您？", "request"),
    ],
)
def test_not_knowing_what_to_do_asks_for_advice(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # asking to be given the procedure or steps of something asks to be told (session
        # 17's "Can you provide …", by its object)
        ("Could you please provide the procedures for a child support case?", "question"),
        ("Can you give me the steps for checking in online?", "question"),
        # ... a greeting that only asks leave to consult announces questions: a greeting
        # (session 17, session 18)
        ("你好，能向你咨询一个婚姻纠纷吗", "greeting"),
        ("Hi, can I ask you a few questions?", "greeting"),
        # ... leave to ask without a greeting, or with the question itself, asks it
        ("Hi, can I ask you why my order is late?", "question"),
    ],
)
def test_asking_for_steps_or_leave_to_ask(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # whether a named place has places of a kind nearby asks for its attribute: a
        # question (session 17's places ruling, left by its rules)
        ("Are there any cafes near the hotel?", "question"),
        ("Are there any restaurants nearby?", "question"),
        # ... more of them, or one that meets the user's constraint, is a search
        ("Are there any other cafes near the hotel?", "request"),
        ("Is there a restaurant nearby that serves Italian food?", "request"),
        ("Are there any cafes near the hotel with vegan options?", "request"),
    ],
)
def test_places_near_a_named_place_are_its_attribute(text: str, kind: str) -> None:
    assert rule_turn(text, previous="The Vondel is a 4-star hotel in the museum quarter.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # thanks for an act with a trailing clause that only says more of what is thanked
        # for closes (round 18's SPADE users, left by session 17)
        (
            "Thank you for booking my reservation at Alexander Bed and Breakfast, "
            "starting from Thursday for 5 nights.",
            "greeting",
        ),
        ("Thanks for changing my flight, for the 14th at 9 am.", "greeting"),
        # ... not a value or a new ask after the thanks
        ("Thanks for the help, my order number is 12345.", "answer"),
        ("Thank you for booking it, can you also add a bag?", "request"),
    ],
)
def test_thanks_with_a_clause_of_what_is_thanked_for_closes(text: str, kind: str) -> None:
    assert rule_turn(text, previous="Your order is on its way.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # after the agent found nothing, "How about a/an <item> …?" proposes another item to
        # search for, whatever facts constrain it: a request (round 18's SPADE users)
        (
            "How about a 4-star hotel with free wifi and in the cheap price range for one "
            "person for a five-night stay starting from Wednesday?",
            "request",
        ),
        ("How about an aisle seat with extra legroom at the same price?", "request"),
        # ... a fact of what was named is still asked to be told
        ("What about the baggage allowance?", "question"),
    ],
)
def test_how_about_another_item_after_nothing_found_is_a_search(text: str, kind: str) -> None:
    previous = "I'm sorry, I couldn't find any 5-star hotels within the cheap price range."
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # approving what the agent offered on a condition ("I can recommend a hotel … if
        # you're interested") and asking for it takes up the offer: an answer (round 13, the
        # hvac section; session 17 restated it on round 18's SPADE users)
        (
            "That sounds like a good alternative, could you provide me with more information "
            "about the hotel in the moderate price range with free wifi in the center?",
            "answer",
        ),
        # ... an act the agent did not offer is a request (round 13)
        ("That sounds good, can you book a taxi to the station for Friday?", "request"),
    ],
)
def test_approving_a_conditional_offer_takes_it_up(text: str, kind: str) -> None:
    previous = (
        "Unfortunately, I couldn't find any guesthouses with free wifi in the expensive price "
        "range in the center, but I can recommend a hotel with free wifi in the moderate price "
        "range if you're interested."
    )
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a bare topic typed after the agent's answer, as to a search engine, asks to be
        # told about it: a question (session 18's keyword turns, round 19's MTRAG users)
        ("Spousal support", "question"),
        ("Mortgage scams", "question"),
        ("Buying vs renting a home.", "question"),
        ("Baggage allowance", "question"),
        # ... not a command, a remark or the user's own words
        ("checkout", "request"),
        ("exit", "other"),
        ("damn", "other"),
        ("I am a man", "other"),
    ],
)
def test_a_keyword_turn_asks_about_its_topic(text: str, kind: str) -> None:
    previous = "Child support is paid by the parent who does not have custody of the child."
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # an error message quoted after the agent's answer reports a fault: a request
        # (round 6; round 19's MTRAG users)
        ('it is showing "Could not place order. Problem authorizing the credit card."', "request"),
        ("It says 'Payment declined, please try again'", "request"),
        # ... a quote that reports no error is no fault
        ('It says "Order confirmed" now.', "other"),
    ],
)
def test_a_quoted_error_reports_a_fault(text: str, kind: str) -> None:
    assert rule_turn(text, previous="You can pay with a card on the Billing page.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # not knowing how to do something, with nothing broken, asks to be told how
        # (session 14, session 18); not understanding a term asks what it means
        ("I do not know how to set up namespaces ...", "question"),
        ("I don't know how to change my seat online.", "question"),
        ("I keep seeing the word Kubernetes, but I am not understanding this term", "question"),
        # ... and saying what the user meant after pushback asks nothing
        (
            "That was not my question. When I say America, I'm referring to the continent.",
            "other",
        ),
    ],
)
def test_not_knowing_how_asks_to_be_told(text: str, kind: str) -> None:
    assert rule_turn(text, previous="Namespaces group images in the registry.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # "What about <a fact> of …?" after the agent asked for a value asks for the fact,
        # not a proposed value (round cs16's students)
        ("What about the average weekly hours for the other courses?", "question"),
        ("What about the baggage fees for the other flight?", "question"),
        # ... a value proposed stays an answer
        ("How about Friday at 10 am?", "answer"),
        ("How about the 3 pm slot?", "answer"),
    ],
)
def test_what_about_a_fact_asks_for_it(text: str, kind: str) -> None:
    previous = "Could you please provide the details for the second course, such as its name?"
    assert rule_turn(text, previous=previous) == kind


def test_what_about_one_with_a_constraint_proposes_an_item() -> None:
    # "How about one in the moderate price range?" proposes another item: an answer
    previous = "There are no cheap hotels in the north. Would you like to try another area?"
    assert rule_turn("How about one in the moderate price range?", previous=previous) == "answer"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # "What about the specification / the warranty?" asks for a fact of the item shown
        # (round 17's shop clients), as "What about the humidity?" does
        ("What about the specification?", "question"),
        ("What about the warranty?", "question"),
        # ... another item is another search
        ("What about the Samsung one?", "request"),
    ],
)
def test_what_about_an_items_specification_asks_for_it(text: str, kind: str) -> None:
    assert rule_turn(text, previous="I found the Pixel 8 for $499, with 128 GB.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a simulated user's control signal after its words ends the run and says nothing:
        # the words are read without it (session 5's control signals; round 7's "[DONE_SUCCESS]")
        ("Thanks, that's perfect! [DONE_SUCCESS]", "greeting"),
        ("No, that is all. ###STOP###", "answer"),
        ("Thanks, that's perfect!", "greeting"),
        # ... alone it stays a control signal
        ("###STOP###", "other"),
    ],
)
def test_a_trailing_control_signal_is_read_without(text: str, kind: str) -> None:
    assert rule_turn(text, previous="Your refund was processed.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # asking to be given a refund, a voucher or compensation asks the agent to act on
        # the account: a request, as session 16's discounts (session 18's compensation)
        ("That's frustrating. Can I at least get a travel voucher?", "request"),
        ("Can I get a full refund?", "request"),
        ("Could we have some compensation for the delay?", "request"),
        # ... and so is saying one is owed (session 30): a demand
        ("My flight was delayed by hours. I think I deserve some compensation.", "request"),
        ("I'm entitled to a full refund.", "request"),
        ("I should be compensated for this.", "request"),
        # ... "deserve" naming no remedy is pushback, and asking whether one is owed asks
        ("I deserve better than this.", "other"),
        ("Do I deserve a refund?", "question"),
        # ... whether one exists, or what the policy gives on a condition, is a question
        ("Can I get a refund if I cancel tomorrow?", "question"),
        ("Is the ticket refundable?", "question"),
    ],
)
def test_asking_to_be_given_compensation_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="Basic economy tickets cannot be changed.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # asking whether the user may swap or replace an item asks the shop to exchange it:
        # a request, as "Is it possible to change my seat?" is
        ("hey, i ordered a t-shirt in the wrong size, can i swap it for a medium?", "request"),
        ("Can I replace the broken lamp with a new one?", "request"),
    ],
)
def test_asking_to_swap_an_item_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # accepting the agent's proposal with "let's do it" names no act of its own: an
        # answer (session 5: going ahead with what was offered)
        ("ok, let's do it.", "answer"),
        ("Okay, let's do that now.", "answer"),
        ("Hmm, what about the 8am flight?", "answer"),
        # ... an act the proposal did not name is a request (round 13)
        ("That's fine, get me one ticket.", "request"),
    ],
)
def test_going_ahead_with_lets_do_it_answers(text: str, kind: str) -> None:
    previous = "The earliest flight is at 6am, costing $120 more. Do you want to proceed?"
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a fault of an order told after the agent's answer (damaged, wrong, never came)
        # asks for help with it: a request (round 6's problem report, session 18)
        ("The desk arrived damaged.", "request"),
        ("I received the wrong color for the desk.", "request"),
        ("I never got the lamp.", "request"),
        # ... asking to be reminded of a fact asks to be told (session 17's object ruling)
        ("Can you remind me which seat I picked?", "question"),
        # ... and what the user did, with no fault, is no report
        ("I ordered the desk for my office.", "other"),
    ],
)
def test_a_fault_of_an_order_told_asks_for_help(text: str, kind: str) -> None:
    assert rule_turn(text, previous="Your order #W1 contains a lamp and a desk.") == kind


def test_asking_for_a_reminder_is_a_request() -> None:
    # setting a reminder is an act (round 8's DAMO-ConvAI users), unlike being reminded of a fact
    assert rule_turn("Can you remind me 10 minutes before the schedule?", previous="") == "request"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # "I was wondering if you could <act>" asks for the act, as "Could you <act>?" does
        ("I was wondering if you could help me cancel my order.", "", "request"),
        ("I was wondering whether my flight includes meals.", "", "question"),
        # asking the agent to confirm whether something holds asks to be told (session 17),
        # to confirm a booking is an act
        ("Actually, can you confirm if the refund went through?", "Anything else?", "question"),
        ("Can you confirm if the hotel has a gym?", "", "question"),
        ("Can you confirm my booking for Friday?", "", "request"),
        # a problem with an order told after "How can I help you?" asks for help: a request
        ("I have an issue with my recent order.", "How can I help you today?", "request"),
        ("I'm having a problem with my booking.", "How can I help you today?", "request"),
    ],
)
def test_polite_frames_and_problems_after_an_offer_of_help(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a patient's question after the told story: 给我, 为我, 不要 and 我想 of the story
        # address someone other than the doctor (round 20's patients), so the question
        # decides (session 15's patient rulings)
        ("我的女朋友是乙肝小三阳。和她亲吻会传染给我吗", "question"),
        ("我朋友赠给我许多枸杞，我想给爸爸吃，高血压患者能吃枸杞么？", "question"),
        ("因为我很胖，老爸用他的血糖仪给我测了一下，空腹血糖6.8是不是糖尿病？", "question"),
        ("医生叫我不要喝那么多咖啡，咖啡和高血压有什么关系？", "question"),
        ("我不知道怎么给我老公救治呢，二型糖尿病最好的治疗方法是什么？", "question"),
        ("这给我的生活带来了很大的影响，高血压怎么治疗？", "question"),
        # ... asking the doctor to see whether it is a disease asks to be told (session 19)
        ("尿黄，谢谢医生帮我看下是不是糖尿病", "question"),
        # ... while asking the agent to act stays a request
        ("能给我推荐一款降压药吗？", "request"),
        ("你给我查一下订单是不是发货了", "request"),
        ("帮我看看这个订单为什么还没到", "request"),
        ("单子给你发过去吧，你帮我看看", "request"),
    ],
)
def test_a_patients_story_asks_nothing_of_the_doctor(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a route or directions asked for, in any words, asks the agent to plan and navigate
        # it: a request (session 19, round 20's drivers)
        ("What is a quick route home?", "request"),
        ("Okay, tell me the quickest route there.", "request"),
        ("Please give me the address and directions via the quickest route.", "request"),
        ("Can I have some route details? I would like to avoid any heavy traffic there", "request"),
        ("Can you give me directions to the airport?", "request"),
        # ... whether a route already given holds, or a fact of a trip, stays a question
        ("Is that the shortest route available?", "question"),
        ("Is that route avoiding heavy traffic?", "question"),
        ("What's the route of flight 202?", "question"),
        ("How long is the drive to the airport?", "question"),
    ],
)
def test_a_route_asked_for_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="Safeway is at 452 Arcadia Pl.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a patient's opening that tells the condition, with numbers in it, is a problem
        # report that asks for help (round 16's notes), not a bare value given unasked
        ("我是乙肝病毒携带者，现在怀孕32周+3了，正在注射乙肝免疫球蛋白。", "request"),
        ("64岁，女，患病一年多，超声波体现；肝硬化，肝囊肿。", "request"),
        ("1997年病发，乙肝大三阳，曾经肝功不正常，现在是肝实质增粗，", "request"),
        # ... while a bare value or an id stays one
        ("交易单号WX20240518", "other"),
        ("我的订单号是3348917502", "other"),
    ],
)
def test_a_told_condition_with_numbers_is_no_bare_value(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # "What do you recommend?" after a goal of the user's own, reached by doing something,
        # asks advice on the user's own act: a question (session 5, session 18)
        ("I want to save more money. What do you recommend?", "question"),
        ("I'd like to lose some weight. What would you suggest?", "question"),
        # ... after an item wished for it asks for the item: a search
        ("I need a hotel with good Wi-Fi. What do you suggest?", "request"),
        ("I want to buy a laptop. What do you recommend?", "request"),
        # consulting on a named topic asks about it (round 19's Lawyer LLaMA clients) ...
        ("我想咨询一下离婚财产分割的问题", "question"),
        ("你好，我想咨询一下，离婚以后争夺孩子抚养权的问题", "question"),
        # ... announcing some questions with a greeting asks nothing yet (session 17)
        ("你好，我是一位过敏性鼻炎患者，最近想咨询一下关于这个病情的一些问题。", "greeting"),
    ],
)
def test_advice_on_the_users_own_goal_is_a_question(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a need to find a fact out asks to be told (session 19's "find out"), telling the
        # agent to find it out asks for a lookup
        ("I need to find out the date and time for my lab appointment.", "question"),
        ("I want to find out when my flight leaves.", "question"),
        ("find out if it's supposed to rain", "request"),
        ("I need you to find out when my flight leaves", "request"),
        # "Display …" a fact is "Show me …" a fact (session 18): to be told
        ("Display address on screen please.", "question"),
        ("Please display my baggage allowance", "question"),
        ("Show me flights to Denver", "request"),
    ],
)
def test_a_need_to_find_out_and_display_a_fact_ask_to_be_told(text: str, kind: str) -> None:
    assert rule_turn(text, previous="Setting GPS for the quickest route now.") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a fault of an order or of what the agent serves, told after "How can I help you?"
        # or "Anything else?", is a problem report: a request (round 6, session 18)
        ("My order arrived damaged.", "request"),
        ("I never received my package.", "request"),
        ("The app keeps crashing.", "request"),
        # ... while a bare statement with no fault stays what it was
        ("My order arrived yesterday.", "answer"),
    ],
)
def test_a_fault_told_after_an_offer_of_help_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="Hi! How can I help you today?") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a question handed over to answer, a quiz or a word problem asks what it asks
        # (session 20)
        ("请回答以下问题:秘鲁的首都是哪里？", "question"),
        ("请给出以下问题的答案:“太阳系有几颗行星？”", "question"),
        ("Answer the following question.\n\nWhat is the capital of Peru?", "question"),
        ("一辆车每小时行驶60千米，你能算出3小时一共行驶多少千米吗?", "question"),
        ("How far is the Moon? Try to explain your answer.", "question"),
        # describe / explain a named thing asks to be told ...
        ("解释一下光合作用。", "question"),
        ("描述工业革命的影响", "question"),
        ("Explain how vaccines work", "question"),
        ("Discuss the history of the printing press.", "question"),
        ("Please tell me about volcanoes. Where are they found?", "question"),
        # ... a task on material the turn gives is a request, whatever questions it holds
        ("Summarise the text below.\n\nWhy do cats purr? Nobody knows for sure.", "request"),
        ("Describe the content of the email in one line.\n\nHi Bob, can we meet?", "request"),
        ("Translate into French:\n\nWhere is the station?", "request"),
        ("给定以下两个问题，判断它们是否相同。\n1. 你好吗？\n2. 你还好吗？", "request"),
        ("从以下句子中提取所有的地名：我去了北京和上海。", "request"),
        # role play asks for writing in a voice
        ("Pretend you are a tour guide in Rome: what would you tell us?", "request"),
        ("As a medieval knight, how would you greet the king?", "request"),
        # listing facts of a named topic asks to be told
        ("Can you list the drawbacks of nuclear power?", "question"),
        # fixing a faulty thing of the user's own asks help with the fault (session 14)
        ("How can I fix a dripping tap?", "request"),
        ("这段代码报错了，如何修复？", "request"),
    ],
)
def test_an_instructions_frame_decides_its_class(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    "text",
    [
        # thanks, or the need met, beside a promise or plan to come back closes (session 20)
        "Thanks, that's all I needed. I'll be in touch!",
        "Great, thanks! I'll let you know.",
        "Thanks a lot, I'll get back to you tomorrow.",
        "谢谢，有问题我再联系你",
    ],
)
@pytest.mark.parametrize(
    "previous",
    [
        "Your refund has been issued. Is there anything else I can help with?",
        "Here is the recipe you asked for.",
        "Would you like me to email you the receipt?",
    ],
)
def test_thanks_with_a_promise_to_come_back_is_a_closing(text: str, previous: str) -> None:
    assert rule_turn(text, previous=previous) == "greeting"
    assert rule_turn(text, asked=True) == "greeting"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the names in a named thing, or its name and what it is, are facts of it (session 20)
        ("Can you provide me the names of the three founders of the band?", "question"),
        ("请给出世界上最高的山的名称，并简要介绍其特点。", "question"),
    ],
)
def test_the_names_in_a_named_thing_are_facts_of_it(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


# Session 21's rulings on round 22 (turns_sealed_r22.jsonl, unsealed in session 21): real
# customer e-mails of nickcdryan/ticketworld (assets/support_tickets.json at fc66fc0 / b72887e,
# the ticket's `body`) and after-sales turns of gn57-ux/qwen-customer-service-agent
# (datasets/customer-service-test-80.json / -validation-80.json at 30ad45c / 8eec225).
_TW_DAMAGED = (  # s22-tw-t000, support_tickets.json#57
    "Dear Customer Support,\n\nI am writing to you regarding a recent order. I ordered a Smart "
    "Plug Mini about ten days ago, and it arrived damaged.\n\nThe shipping box itself was "
    "noticeably damaged, and upon opening it, I found that the Smart Plug Mini inside was also "
    "damaged. I'm quite disappointed, as I was looking forward to using it.\n\nCould you please "
    "advise on how to resolve this issue?\n\nThank you,\nEvelyn Scott"
)
_TW_REFUND = (  # s22-tw-t010, support_tickets.json#54
    "Dear Customer Support,\n\nI hope this email finds you well. I'm writing regarding an order "
    "I placed about a month ago, Order ID ORD-20250610-1026. I purchased an UltraThin Laptop 13 "
    "for $1899.99.\n\nI'm a bit confused, but I was hoping to request a refund for this laptop. "
    "It's still completely unused and in its original packaging. I understand there's typically "
    "a return window, and I believe it's been just over that time, but I was hoping there might "
    "be an option given the circumstances. \n\nCould you please let me know if a refund is still "
    "possible for this item? \n\nThank you for your time and assistance.\n\nSincerely,\nLucas Adams"
)
_TW_WRONG_ITEMS = (  # s22-tw-t013, support_tickets.json#37
    "To whom it may concern,\n\nI am incredibly frustrated. I ordered a 'Gaming Mouse Pro', "
    "'Wireless Earbuds Elite', and two 'Smart Plug Mini' items a couple weeks ago, and what I "
    "received is completely wrong. I don't know what happened, but this is not what I paid "
    "for.\n\nI really need this sorted out immediately. I received some kind of generic charging "
    "cables and a cheap webcam instead of my actual order. This is ridiculous.\n\nWhat are you "
    "going to do to fix this?\n\nSincerely,\nAndrew Gray"
)
_TW_NO_RECEIPT = (  # s22-tw-t038, support_tickets.json#54 (the other generation)
    "To Customer Support,\n\nI apologize for the inconvenience, but I'm quite frustrated as I've "
    "misplaced the receipt for a recent purchase. I'm trying to return an item, but I can't find "
    "the proof of purchase anywhere.\n\nI received an Action Camera 4K about a couple of weeks "
    "ago, and unfortunately, it's not going to work out as a gift as intended. Is there any way "
    "I can still return it without the receipt? I understand this might be difficult.\n\nThank "
    "you for your time and help.\n\nSincerely,\nChristopher Foster"
)
_TW_PRICE = (  # s22-tw-t063, support_tickets.json#98
    "To Customer Support,\n\nI am writing to you regarding a recent purchase I made on your "
    "website. I ordered a Smart Doorbell with Camera a few days ago, and it was delivered.\n\n"
    "Since then, I have found the exact same product listed for a lower price on eBay. I am quite "
    "frustrated to see this and was hoping you could assist me with a price adjustment.\n\nThank "
    "you for your time and help.\n\nSincerely,\nDaniel Brown"
)
_TW_ADD_ITEM = (  # s22-tw-t125, support_tickets.json#95
    "Dear Customer Support,\n\nI hope you can help me with something. I placed an order a couple "
    "of weeks ago for a Laptop Sleeve 13-inch. I completely forgot to add an additional item "
    "that I needed at the time.\n\nI was wondering if it's still possible to add this item to "
    "the same order? I'd really prefer to have everything shipped together if possible.\n\nThank "
    "you for your time and assistance.\n\nSincerely,\nJessica Williams"
)
_TW_LATE = (  # s22-tw-t007, support_tickets.json#40
    "To whom it may concern,\n\nI am writing regarding an order I placed on February 20, 2025. "
    "It's been 10 days since the order date, and I'm still waiting for my items. The promised "
    "timeframe for delivery seems to have passed.\n\nCould you please provide an update on when I "
    "can expect my order?\n\nThank you,\nJack Gomez"
)
_TW_NOT_RECEIVED = (  # s22-tw-t106, support_tickets.json#99
    "Dear Support Team,\n\nI'm writing to check on the status of my recent order, "
    "ORD-20250812-1074. I placed this order about ten days ago, on August 12, 2025. \n\nI ordered "
    "a Mirrorless Camera Pro, some Smart Light Bulbs, and the Studio Monitor Headphones. My order "
    "status currently says 'delivered', but I haven't received anything yet. Could you please "
    "clarify if it has actually shipped or if there's an update on when it's expected to be "
    "delivered?\n\nThank you for your help.\n\nSincerely,\nLogan Hill"
)
_TW_COMPARE = (  # s22-tw-t115, support_tickets.json#81
    "Dear Customer Support,\n\nI am looking for some more information on two products in your "
    'catalog, the "Gaming Mouse Pro" and the "Entry-Level Smartphone." I was hoping you could '
    "provide a comparison between them.\n\nCould you please outline the key differences between "
    "these two products? I'm particularly interested in their specifications and warranty "
    "information. Also, based on these details, could you advise which might be better suited "
    "for general daily use?\n\nThank you for your assistance.\n\nSincerely,\nAlexander King"
)
_TW_STOCK = (  # s22-tw-t154, support_tickets.json#78
    "Dear Customer Support,\n\nI hope this email finds you well. I'm writing to inquire about the "
    "current stock status of a couple of products on your website.\n\nCould you please let me "
    "know if the 'Tablet Basic 10-inch' is currently in stock? Also, I'm curious about the 'Dash "
    "Cam HD' – is that available as well? If either of them is not currently available, do you "
    "have an estimate for when they might be back in stock?\n\nThank you for your time and "
    "assistance.\n\nSincerely,\nIsabella Harris"
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a remedy of the user's own order, asked in a question's form or as a hope, is a
        # request (session 21): how to resolve a damaged item, whether a refund is still
        # possible, whether it can still be returned, a price adjustment, an item added to it,
        # what the shop will do to fix wrong items
        (_TW_DAMAGED, "request"),
        (_TW_REFUND, "request"),
        (_TW_NO_RECEIPT, "request"),
        (_TW_PRICE, "request"),
        (_TW_ADD_ITEM, "request"),
        (_TW_WRONG_ITEMS, "request"),
        # round 12's NATPAT customer (s12-nt-t050), the same class
        (
            "Hi there, I just purchased the bite relief patches by mistake, meaning to get the "
            "mosquito repellent, would I be able to return them please? My order number is "
            "#NP9938917 Emily Chamberlain",
            "request",
        ),
        # gn57-ux's after-sales customers: a refund wanted beside a question (s22-cs-t016), how
        # the shop will resolve the matter (s22-cs-t020, t090)
        ("订单 ORD8007 要退款，另外这台机器已经装了，拆装费谁付？", "request"),
        ("这个事情你们打算怎么解决？", "request"),
        ("退款退到一张我早就不用的卡上，你们怎么办？", "request"),
        # made up: the same remedy as the policy, or under a condition still to come, asks
        # what the policy gives (session 18)
        ("What is your return policy for opened items?", "question"),
        ("I ordered a lamp last week. Can I get a refund if I cancel it tomorrow?", "question"),
        ("你好，我的手机有点毛病，要换货的话大概几天能好?", "question"),  # t8-jd-t006
        # made up: how the shop handles a kind of case is its process, to be told
        ("你们怎么处理退货的？一般要多久？", "question"),
        ("洗衣机用了三天就漏水，你们打算怎么处理？", "request"),
        # made up: what the shop can do about a fault told asks for the remedy ...
        ("My order #123 arrived with a cracked screen. What can you do?", "request"),
        ("I bought a kettle from you two weeks ago. It leaks. What are my options?", "request"),
        # ... a remedy reported done asks its status or cause, and a fact of an order asks
        # to be told
        (
            "I received my refund confirmation. When will the money show up in my account?",
            "question",
        ),
        ("My order was cancelled by your system. Why was it cancelled?", "question"),
        ("I purchased a laptop last month. Does the warranty cover accidental damage?", "question"),
        ("I received my package today. How do I set up the device?", "question"),
    ],
)
def test_a_remedy_of_the_users_own_order_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the status, an order's update, stock or a comparison asked beside a problem ask to
        # be told (session 21): a late order, one marked delivered but not received, two named
        # products compared, stock
        (_TW_LATE, "question"),
        (_TW_NOT_RECEIVED, "question"),
        (_TW_COMPARE, "question"),
        (_TW_STOCK, "question"),
        # a Chinese imperative to tell, guess or judge whether (s22-cs-t026, t032, t082) and a
        # wish to ask (s22-cs-t041); asking to look it up stays a lookup (s22-cs-t018)
        ("你猜一下这台冰箱还值不值得修。", "question"),
        ("你就说我这种情况自己动手成功率高不高。", "question"),
        ("你帮我判断一下是快递的问题还是你们仓库的问题。", "question"),
        ("我要问下我这台显示器的寄修进度。", "question"),
        ("帮我看下 ORD6030 是不是异常了。", "request"),
    ],
)
def test_a_fact_asked_beside_a_problem_is_a_question(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a complaint about the service or its people that asks nothing is pushback (session
        # 21): s22-cs-t103, t012, t028, t089, t066
        ("这售后弄得我心累。", "other"),
        ("这冰箱用着心里没底。", "other"),
        ("这钱花得不明不白。", "other"),
        ("我从早上等到现在，你们一句解释都没有！", "other"),
        ("安装师傅迟到两个小时，还怪我催他！", "other"),
        # waiting for the parcel is a fault of the order (round 10b's s10b-ec-t002)
        ("真是要命了这个快递从昨天一直等到现在门都不敢出", "request"),
    ],
)
def test_a_complaint_that_asks_nothing_is_pushback(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a rhetorical question at the shop asks nothing: pushback (s22-cs-t024, t039) ...
        ("让我拍照拍了一堆，结果说不符合标准，糊弄谁呢？", "other"),
        ("我在你们这买了这么多年东西，就这么对老客户？", "other"),
        # ... and beside a fault of the order or the service told it reports the fault
        # (session 21): s22-cs-t017, t030, t060, t078, t100
        ("第三次找你们了，物流还是不动，你们是不是把我当空气？", "request"),
        ("冰箱插头都烧黑了，你们还让我等排期？", "request"),
        ("上门费收了，问题一点没解决，钱白花了？", "request"),
        ("维修单开了一周都没人联系我，你们是不是忘了？", "request"),
        ("都过了承诺时间了，你们凭什么不发货？", "request"),
        # made up: the same shapes in other words
        ("我等了一个星期快递还没到，你们是不是把我忘了？", "request"),
        ("客服态度这么差，就这么对待顾客？", "other"),
    ],
)
def test_a_rhetorical_question_beside_a_service_fault_reports_it(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a Chinese prompt in traditional characters asks with the words the lists hold in
        # simplified ones (session 22): turns_prompts tp-urszh-t0011, t0020
        ("為什麼春聯叫上下聯但是貼左右", "question"),
        ("國小數學在學什麼", "question"),
        # 谁 asks without its mark (tp-urszh-t0163, t0167); "谁都" is an indefinite
        ("牙叔是谁", "question"),
        ("10年来最伟大的足球明星是谁", "question"),
        # made up: a traditional-character request stays one
        ("幫我寫一封感謝信", "request"),
    ],
)
def test_traditional_characters_and_who_ask_as_simplified_ones(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a fault of the user's own program or setup with its cause, place or fix asked is a
        # request (session 22): tp-urszh-t0846, t0822, t0613, t0680, t0708
        ("zeek脚本报错serial communication error的原因是什么？", "request"),
        ("无法连接到数据库，是哪里设置出错了？", "request"),
        ("无法识别Rust编码功能中的递归错误，如何调试？", "request"),
        ("修正一个Python函数中的语法错误怎么办？", "request"),
        (
            "在多线程环境下，使用Python logging模块初始化线程自己的logger之后，"
            "为什么程序不能打印日志也不能输出到文件？",
            "request",
        ),
        # how a thing is done when nothing failed stays a question (tp-urszh-t0681, t0683)
        ("C++如何读取二进制文件？", "question"),
        ("如何使用matplotlib绘制分箱图", "question"),
    ],
)
def test_a_fault_of_the_users_own_program_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # which works or tools of a kind there are is a search (session 22): tp-urszh-t0195,
        # t0850, t1545, t1557
        ("了解党史的书有哪些", "request"),
        ("应用哪些库可以优化Python中的矩阵运算性能？", "request"),
        ("你知道有哪些猫娘角色是动漫迷必知的吗？", "request"),
        ("你知道哪些poe上的AI生成式生存游戏特别受欢迎吗？", "request"),
        # ... not the facts of a named topic (tp-urszh-t1164, t0104), what a named product
        # supports (round 12's s12-vt-t064) or which ones the user needs (s11-sg-t090)
        ("转博的好处有哪些？", "question"),
        ("memcached的特性有哪些，是否支持压缩", "question"),
        ("VERTU AGENT Q 旗舰新品支持哪些国家的通话翻译语言?", "question"),
        ("我需要了解哪些编程语言才能编写类似论坛的网站。", "question"),
    ],
)
def test_chinese_items_of_a_kind_asked_are_a_search(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a length asked is no text handed over (session 22): tp-ursen-t0379
        ("Explain a black hole in five sentences.", "question"),
        # a named thing introduced, pros and cons of a named topic (tp-ursen-t0530, tp-ahen-t0308)
        ("please introduce renmin university of china", "question"),
        ("Please give the pros and cons of hodl versus active trading.", "question"),
        # describing a text handed over stays a task on it (session 20)
        (
            "Describe the content of the article in a brief manner.\n\nA study published …",
            "request",
        ),
        # a story told is a work product made up (tp-ursen-t1489), as "能否分享一个…笑话" (tp-urszh-t1539) is
        ("Tell me a story about when Natalie was born, on August 29, 2019.", "request"),
        ("Can you tell me a joke about programmers?", "request"),
        ("给我讲个睡前故事", "request"),
        ("Tell me about the history of Rome.", "question"),
    ],
)
def test_explaining_a_named_thing_and_telling_a_story(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # advice asked as an imperative or a noun phrase is to be told (session 22):
        # tp-ursen-t1279, t1238, tp-urszh-t1094
        (
            "In just a few sentences, please advise how I should deal with a colleague who "
            "behaves in an entitled manner.",
            "question",
        ),
        ("real estate investment advice", "question"),
        ("给创业初期的小企业主建议", "question"),
        # a Chinese noun phrase naming a fact or an account of a named topic, as an opening
        # (tp-urszh-t0138, t0184, t0596, t1087, t0075)
        ("D2D通信系统技术简介", "question"),
        ("美国现任总统的名字", "question"),
        ("BERT模型中的CLS标记用途", "question"),
        ("中国智慧农业发展的挑战", "question"),
        ("ICLR 2024截稿日期", "question"),
        # ... and in English, led by the fact it names (tp-ursen-t1050, tp-ahen-t0115)
        ("Recipe dumplins", "question"),
        (
            "Technical details of GDDR6 and GDDR7, no qualitative info, only precise details. "
            "Include Memory Bandwidth example calculations for 2500MHz with both technologies.",
            "question",
        ),
        # writing asked in a language is an act (tp-urszh-t0742)
        ("多进程编程如何使用管道通信，用c语言写一段示例代码", "request"),
        # a fault told beside advice asked is help with the fault (session 21)
        ("My order arrived damaged. Please advise on how to proceed.", "request"),
    ],
)
def test_advice_topics_and_writing_in_a_language(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # what the answer should hold is no act of its own (session 22): tp-ahen-t0201
        (
            "What are all the stages of construction in a house including the various trades "
            "in the order you would want to perform them? As well please include a brief "
            "statement as to why each a stage happens before or after another another stage.",
            "question",
        ),
        # made up: the same after a problem, and after a question about a named topic
        (
            "A ball is thrown upward at 10 m/s. How high does it go? Please justify your answer.",
            "question",
        ),
        ("How did the Nile shape farming in ancient Egypt? List three effects.", "question"),
        # ... a task stays a task (tp-ahen-t0106's shape: "Give me cron syntax … pls explain")
        ("Give me cron syntax to run a job at noon. pls explain your answer", "request"),
        # a relative clause after an imperative asks nothing (tp-ahen-t0162)
        (
            "Help me filter and delete each row in an excel table, where value of a certain "
            "column is 0",
            "request",
        ),
    ],
)
def test_answer_directives_and_relative_clauses_ask_nothing_new(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # role frames are role play, a request (session 20, session 22): tp-ahen-t0254's
        # "act like and ls-dyna expert and tell me how …", tp-ahen-t0271's "You are a medical
        # doctor, …"; made up: the other frames
        ("act like and ls-dyna expert and tell me how you can do earthquake analysis", "request"),
        ("Picture yourself as an old lighthouse. How do you feel when storms come?", "request"),
        ("Now you are a career coach. What should I say in my interview?", "request"),
        (
            "Suppose you are a chef who speaks only in rhymes. Explain how to boil an egg.",
            "request",
        ),
        # a customer's own standing stays no role (session 16)
        ("As a loyal customer, what would you offer me?", "question"),
        # a made-up thing described is written (session 22); a named one is told (session 20)
        ("Describe a vivid and original fictional villain in two paragraphs.", "request"),
        ("Describe the water cycle.", "question"),
        # a named work summarised or named things compared, no text handed over (session 22)
        ("请总结一下《红楼梦》的主要情节", "question"),
        ("请比较一下Python和Java的优缺点", "question"),
        ("请总结以下文章的要点：今天……", "request"),
        # the material's question handed over (session 20's frame)
        ("请根据下面的材料回答问题：……小明为什么迟到？", "question"),
    ],
)
def test_role_frames_made_up_things_and_named_works(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a name, title or slogan to make up is a work product, in a question's words too
        # (session 22's ideas the agent makes up; made up, as tp-urszh-t1402's "…创业想法"): ...
        ("What would be a good name for my bakery?", "request"),
        ("What's a catchy slogan for a recycling campaign?", "request"),
        # ... not a name that is a fact
        ("What is the name for a baby kangaroo?", "question"),
        # a task on given material asked as how the agent would do it (session 20)
        ("How would you rewrite this sentence to sound more formal: 'we gotta go now'", "request"),
        ("How would you approach learning a new language?", "question"),
    ],
)
def test_names_to_make_up_and_how_the_agent_would_rewrite(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


_STORY = (
    "Sure! Here is a short story about a dragon who learns to fly. Once upon a time... The end."
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a task on the agent's own answer, after it, is a request (session 22's follow-ups of
        # chat prompts; tp-urszh-t1734 "按照我们之前迭代的思路…" is one): made up in their shapes
        ("Rewrite your previous response, making it shorter.", "request"),
        ("Take your previous answer and turn it into a limerick.", "request"),
        ("Now do it in Python instead.", "request"),
        ("再写一个类似的故事", "request"),
        ("能不能把它翻译成英文？", "request"),
        # ... and questions about it stay questions; "take your time" takes up nothing
        ("What is the moral of the story?", "question"),
        ("这个故事的寓意是什么？", "question"),
    ],
)
def test_a_task_on_the_agents_answer_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous=_STORY) == kind


def test_taking_ones_time_is_no_task() -> None:
    # round 13's s13-ad-t027
    assert rule_turn("Ok, take your time.", previous="Let me look that up for you.") != "request"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a problem handed over as an imperative to solve is to be told its answer (session 20's
        # problems, session 22; made up in the shapes of tp-ahen-t0012's "Calculate …")
        ("Solve for x: 2x + 3 = 11", "question"),
        ("Convert 100 Fahrenheit to Celsius.", "question"),
        ("解方程：2x+3=11", "question"),
        ("请计算123乘以456", "question"),
        # ... not a conversion of a file or of code
        ('Convert this JSON to YAML: {"a": 1}', "request"),
        # help to understand and a need to understand ask to be told (session 22); a purpose
        # told after an ask does not (round 15's s15-ta-t186)
        ("Help me understand recursion.", "question"),
        ("I need to understand how mortgages work.", "question"),
        (
            "Can you help me get information on active NHL conferences for the latest season? "
            "It will help me understand its league structure.",
            "request",
        ),
    ],
)
def test_problems_to_solve_and_help_to_understand(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a decline in other words than "no", then an act with an object of its own (session
        # 5; made up in the shape of r6-mw-039)
        (
            "That's not necessary, thank you. You could, however, find me a museum in the centre.",
            "The Acorn is at 154 Chesterton Road. Would you like me to book a room for you?",
            "request",
        ),
        (
            "No need. Please reserve a taxi to the station at 6 pm.",
            "The train leaves at 7:15. Shall I book seats for you?",
            "request",
        ),
        # "No", then a wish to do another act (s9b-at-t302's shape)
        (
            "No. I wish to book a cab to the theatre.",
            "Would you like to add an event to your calendar? Please provide the event name.",
            "request",
        ),
        # ... not another value or a constraint for the act declined, nor a pronoun's act
        ("No, I need three tickets.", "Shall I book two tickets for you?", "answer"),
        ("No, change it to economy.", "Would you like business class?", "answer"),
        # ... and declining with thanks alone closes (session 5)
        ("That's not necessary, thank you.", "Would you like me to book a room?", "greeting"),
    ],
)
def test_a_decline_then_a_new_act_is_a_request(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a yes when the agent asked nothing, then a new task (the top section: a turn that
        # answers and then asks is labelled by what it asks; s9b-at-t030's shape)
        (
            "Yes, I want to find a hotel with free parking.",
            "The phone number of the Golden Wok is 01223 350688.",
            "request",
        ),
        (
            "Yeah, I need to change my booking at the dentist for Friday.",
            "Your order has shipped and should arrive on Monday.",
            "request",
        ),
        # ... but a yes to the agent's question accepts what it asked (the hvac section)
        ("Yes, please send me the link.", "Would you like me to do that?", "answer"),
        ("Yes please book it for 4.", "The Acorn has rooms. Shall I book it?", "answer"),
        ("Yes, please.", "I can book it for you.", "answer"),
        ("Yes, that one.", "The Acorn is a guesthouse in the north.", "answer"),
    ],
)
def test_a_yes_unasked_then_a_new_task_is_a_request(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # "Do you have any other questions?" offers more help as "Anything else?" does (session
        # 5): a yes with a need after it is that need (s8-ab-t031's shape)
        ("Yes, I need to cancel my appointment with Dr. Lee on May 3rd.", "request"),
        ("No, that's all. Thanks!", "greeting"),
    ],
)
def test_any_other_questions_offers_more_help(text: str, kind: str) -> None:
    previous = "You're welcome. Do you have any other questions?"
    assert agent_context(previous) == "open"
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a greeting mid-conversation, then the task in the user's own words: the task started
        # over (the top section: a turn that greets and asks is labelled by what it asks;
        # s10b-mm-t025's shape)
        ("Hi, I would like to book a table for two at Nando's tonight at 8.", "request"),
        ("Hello! I want to reserve two seats for the 9 pm show at the Roxy.", "request"),
        # ... not a greeting before the value asked for, or before a remark
        ("Hi, the Roxy please.", "answer"),
        ("Hey, the Roxy is a really good one.", "answer"),
    ],
)
def test_a_greeting_then_the_task_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="Which theater are you interested in?") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a proposal after "Anything else?" is another search: no value was asked (session 5;
        # s9b-at-t067's shape)
        ("If that one is full how about 19:30.", "request"),
        ("If the table is gone how about 20:00.", "request"),
        # ... declining more help stays an answer or a closing
        ("No that's it", "answer"),
    ],
)
def test_a_proposal_after_anything_else_is_a_request(text: str, kind: str) -> None:
    previous = "Your reference number is K2BO09VQ. Is there anything else I can assist you with?"
    assert agent_context(previous) == "open"
    assert rule_turn(text, previous=previous) == kind


def test_also_borrowing_adds_a_task() -> None:
    # session 14's "Also" ruling with a library's act (s13-mt-t179's shape)
    previous = "Sure, would you like to join the city library?"
    assert rule_turn("Yes, I'd like to join. Also, I want to borrow a DVD.", previous=previous) == (
        "request"
    )
    assert rule_turn("Yes, I'd like to join.", previous=previous) == "answer"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the value asked for put off, then an act asked: the act is no answer to the question
        # (the top section: labelled by what it asks; uf-096's shape)
        (
            "I'll handle that part later. Let's move on! Can we get business-class seats to Rome?",
            "request",
        ),
        ("Let me get back to you on this. Could you book a car for March 3rd?", "request"),
        # ... a value given in the act still answers (round 7: "Can you try 13:00, then?")
        ("Can you make it for the 13th at 1 pm?", "answer"),
    ],
)
def test_putting_off_the_value_then_asking_to_act(text: str, kind: str) -> None:
    previous = "Could you provide your full name and the date you would like to travel?"
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # accepting, then "and" a fact to be given: a question, as "Yes. Book it for 6. Can I get
        # the reference number please?" is (the r5 section; s13-mt-t060's shape)
        ("Yes please book it for 3 people and provide the reference number.", "question"),
        ("Please book it and give me the confirmation number.", "question"),
        ("I need 4 seats and the reference number", "question"),
        # ... not values given with "and", nor a second act
        ("Yes please book it for 3 people and 2 nights.", "answer"),
        ("My name is Ann Lee and my phone number is 555-0101.", "answer"),
    ],
)
def test_an_answer_and_a_fact_asked_is_a_question(text: str, kind: str) -> None:
    assert rule_turn(text, previous="The TR7733 leaves at 17:50. Shall I book it?") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # no preference for what the agent asked, then an act with its own object: declining
        # the question, then a new task (session 5; s9b-at-t066's and t8-sgd-t084's shapes)
        (
            "I don't mind the price, so that's fine. I would like to reserve a table for 2 at 19:00.",
            "request",
        ),
        ("I don't mind it but please, look for more on the 12th.", "request"),
        ("No preference. Book me a taxi to the museum for 5 pm.", "request"),
        # ... no preference alone, or with a constraint, answers
        ("I don't have a preference.", "answer"),
        ("I don't mind, but it should have free parking.", "answer"),
    ],
)
def test_no_preference_then_a_new_act_is_a_request(text: str, kind: str) -> None:
    previous = "There are 5 restaurants in the centre. Do you have a price range in mind?"
    assert rule_turn(text, previous=previous) == kind


def test_a_tokenized_transcript_reads_as_typed() -> None:
    # round 13's MultiWOZ turns split contractions and punctuation (s13-mt-t063's shape)
    assert rule_turn("Yes , I 'm looking for a hotel in the north .", previous="") == "request"
    assert rule_turn("Yes , that 's fine .", previous="Shall I book it?") == "answer"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # "… or is there another way I can help?" offers more help: a need after it is the
        # need (session 5, as after "Anything else?"; s8-cs-t017's shape)
        ("I need to exchange a jacket, not talk to billing.", "request"),
        ("No, that's all. Thanks!", "greeting"),
    ],
)
def test_another_way_to_help_offers_more_help(text: str, kind: str) -> None:
    previous = "Would you like to speak to our billing team, or is there another way I can help?"
    assert agent_context(previous) == "open"
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the offered act put off ("Before adding them …,"), then another act asked: a request,
        # as session 17's "Can you check if …" is (s8-cs-t172's shape)
        (
            "Sounds good. Before adding them to my cart, could you check if the Rose Food (rf-12) is in stock?",
            "request",
        ),
        # ... taking the offered act up stays an answer (round 8's ruling)
        ("Yes, please add them to my cart.", "answer"),
    ],
)
def test_putting_the_offered_act_off_for_another(text: str, kind: str) -> None:
    previous = "These suit your petunias. Would you like me to add these to your cart?"
    assert rule_turn(text, previous=previous) == kind


_ASKS_USER_ID = (
    "I can help with that. Could you please provide your user ID so I can look up your account?"
)


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # the record the agent asked for, then an act it did not name: a turn that answers and
        # then asks is labelled by what it asks for (the top section; the r4 section's "I'm
        # Steve Rogers, 123 Liberty Ln. Can you send someone tomorrow afternoon?")
        (
            "Sure, my user ID is omar_khan_2112. I'd like to cancel my flight from JFK to SFO.",
            _ASKS_USER_ID,
            "request",
        ),
        (
            "My user ID is liam_lee_5870 and I want to exchange a pair of boots I ordered.",
            _ASKS_USER_ID,
            "request",
        ),
        (
            "Of course, it's ethan.k@example.com. I'd like to return two items from my last order.",
            "What is the email address on your account?",
            "request",
        ),
        ("It's 4WQ150. Please cancel it.", "Could you tell me the reservation number?", "request"),
        ("Sure, it's noah_b_1234. I need help with a delayed flight.", _ASKS_USER_ID, "request"),
        # ... the act the agent asked the record for is the task under way: an answer
        # (session 14's pending act)
        (
            "It's 4WQ150. Please cancel it.",
            "I can cancel your reservation for you. Could you tell me the reservation number?",
            "answer",
        ),
        # ... the record alone answers; the record and a question asks the question
        ("Sure, my user ID is omar_khan_2112.", _ASKS_USER_ID, "answer"),
        (
            "Sure, it's XYZ789. How much would it cost to change to an earlier flight?",
            "Could you provide your reservation number?",
            "question",
        ),
        # ... after a question for a date or a choice an act's words give that value (round 7)
        (
            "Yes, I'm interested in the delivery service. I'd like to check availability for July 29.",
            "If you'd like to schedule a delivery, what date would work best for you?",
            "answer",
        ),
    ],
)
def test_a_record_given_then_a_new_act_is_a_request(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # "…, and also <an act the agent did not name>" adds a task inside the sentence, as
        # "Also, …" does as a sentence of its own (session 14)
        ("Yes please, and also cancel my pending order #W9911.", "request"),
        ("Yes, go ahead, and also change my shipping address to 12 Elm St.", "request"),
        # ... the act the agent named stays an answer
        ("Yes please, and also process the return of the charger.", "answer"),
        ("Yes, please go ahead.", "answer"),
    ],
)
def test_a_clause_that_adds_a_new_act_is_a_request(text: str, kind: str) -> None:
    previous = (
        "Here are the details: order #W2378156, a pair of headphones and a charger, refund "
        "$149.99 to your credit card. Shall I proceed with the return? Please confirm (yes/no)."
    )
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the agent's first offer of help opens the conversation: a remedy of the user's own
        # order asked in a question's form is a request there (session 21), as in a first turn
        ("My order arrived damaged. What are my options?", "request"),
        ("I was wondering if I could return the jacket I bought last week.", "request"),
        ("What is your return policy for opened items?", "question"),
        ("What's the status of my order #W4817420?", "question"),
    ],
)
def test_the_agents_greeting_offer_opens_the_conversation(text: str, kind: str) -> None:
    previous = "Hello! Thank you for contacting us. How can I help you today?"
    assert rule_turn(text, previous="") == kind
    assert rule_turn(text, previous=previous) == kind


def test_a_task_restated_after_anything_else_is_not_an_opening() -> None:
    # s8-cs-t104's shape: the task under way restated beside a question about it, after an
    # offer of more help, asks the question
    previous = (
        "Without the item's name I can't look it up. Is there anything else I can help you with?"
    )
    text = "I still need to return the lamp I bought. What other information can I give you?"
    assert rule_turn(text, previous=previous) == "question"


@pytest.mark.parametrize(
    "text",
    [
        # a problem told after "Anything else?" asks for help, with a yes or "Actually" before
        # it or not (the top section's problem report)
        "Yes. My order #W123 hasn't arrived yet.",
        "Actually, yes. My order #W123 hasn't arrived yet.",
        "My order #W123 hasn't arrived yet.",
    ],
)
def test_a_yes_then_a_problem_told_is_a_request(text: str) -> None:
    previous = "Your reservation has been cancelled. Is there anything else I can help you with?"
    assert rule_turn(text, previous=previous) == "request"


_HOW = "Hello! How can I help you today?"
_ANY = "Your reservation ABC123 has been cancelled. Is there anything else I can help you with?"
_DONE = (
    "I have cancelled reservation ABC123. The refund of $320 will be issued within 7 business days."
)
_PROCEED = (
    "Here are the details: order #W2378156, 1 x wireless headphones, refund $149.99 to your "
    "credit card. Shall I proceed with the return? Please confirm (yes/no)."
)
_FLIGHTS = "The 10 am flight on May 20 has 4 economy seats at $189. Would you like me to book it?"


@pytest.mark.parametrize(
    ("previous", "text", "kind"),
    [
        # customers of an airline's or a shop's support agent with tools (made-up turns, read
        # with the GUIDELINE's sections named beside them)
        (_ASKS_USER_ID, "Sure, my user ID is sophia_martin_4574.", "answer"),
        (_PROCEED, "Yes, please go ahead.", "answer"),  # the r4 section's "Go ahead"
        (_HOW, "I'd like to cancel my reservation ABC123.", "request"),
        (_FLIGHTS, "Actually, can you check whether the 8 am flight has seats?", "request"),
        (_ANY, "No, that's all, thanks.", "greeting"),  # declining with thanks
        (
            _ASKS_USER_ID,
            "Sure, it's sophia_martin_4574. I want to return the headphones from order #W2378156.",
            "request",  # answers, then asks: labelled by what it asks for
        ),
        (_DONE, "That's not what I asked.", "other"),  # pushback
        (_DONE, "Hmm, I asked you to change the flight, not cancel it.", "other"),
        (_ASKS_USER_ID, "It's mia.garcia@example.com", "answer"),
        (_HOW, "Hi, I need to change the shipping address on my recent order.", "request"),
        (
            "Which payment method should the refund go to: the gift card or the original card?",
            "The original card, please.",
            "answer",
        ),
        (_FLIGHTS, "Yes. Also, can you upgrade my other reservation to business class?", "request"),
        (_HOW, "What is the checked bag allowance for economy passengers?", "question"),
        ("Could you please confirm your name and zip code?", "Yusuf Rossi, 19122.", "answer"),
        (
            "I can't refund this reservation, but I can offer a $50 travel voucher.",
            "I don't want a voucher, I want a full refund.",
            "request",  # a demand (session 5)
        ),
        (_PROCEED, "No, don't cancel it yet.", "answer"),
        (_HOW, "My order never arrived.", "request"),  # a problem report
        (_HOW, "Can I get a refund for my cancelled flight?", "request"),  # compensation
        (_DONE, "When will my refund arrive?", "question"),
        (_HOW, "Is the ticket refundable?", "question"),
        (_FLIGHTS, "Are there any other flights that evening?", "request"),
        (_FLIGHTS, "Is it possible to change my flight to May 22?", "request"),  # session 21
        (
            "I found two later flights, at 3 pm and at 6 pm. Which one would you like instead?",
            "Please book the 3 pm flight.",
            "answer",  # choosing in a request's words (round 7)
        ),
        (_DONE, "Why are you so slow? This is ridiculous.", "other"),
        (_DONE, "Great, thank you so much for your help!", "greeting"),
    ],
)
def test_airline_and_shop_support_customers(previous: str, text: str, kind: str) -> None:
    assert rule_turn(text, previous.rstrip().endswith("?"), previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # after the agent offered an act, another act on an object of the user's own, asked
        # with a value, is a new task (session 21's change to the user's own booking)
        ("Is it possible to change my flight to May 22?", "request"),
        ("Can I move my return flight to May 22 instead?", "request"),
        # ... the offered act with another value, or on the offered thing, answers (round 7)
        ("Could you book it for May 22?", "answer"),
        ("Can you make it 2 tickets?", "answer"),
    ],
)
def test_another_act_asked_after_an_offered_one_is_a_request(text: str, kind: str) -> None:
    previous = (
        "The 10 am flight on May 20 has 4 economy seats at $189. Would you like me to book it?"
    )
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("previous", "text", "kind"),
    [
        # instead of yes or no to a question that offers no act, a command for an act on an
        # object of its own is a new task (session 5; cs16-ge-t036's shape)
        ("Do you want to take more courses?", "Enroll me in CS 221.", "request"),
        ("Did that answer your question?", "Cancel my order #W1234.", "request"),
        ("Are you still interested in those items?", "Add the blue vase to my cart.", "request"),
        # ... a yes before it accepts; a command after a question for a value gives the value
        # (round 7); the agent's offer taken up with another value answers it
        ("Do you want to take more courses?", "Yes, enroll me in CS 221.", "answer"),
        ("Which course would you like to enroll in?", "Enroll me in CS 144.", "answer"),
        ("Which seat would you like, aisle or window?", "Switch me to the aisle seat.", "answer"),
        (
            "Could you please provide the city for the salon?",
            "Give me Mill Valley please.",
            "answer",
        ),
        ("Would you like me to enroll you in CS 144?", "Enroll me in CS 221 instead.", "answer"),
    ],
)
def test_a_command_instead_of_yes_or_no_is_a_new_task(previous: str, text: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    "text",
    [
        # "<verb> me in / on / to …" for a place on a list, a course or a flight is an act
        # asked (cs16-ge-t239's shape)
        "Enroll me in this course then",
        "Rebook me on the next flight.",
        "Transfer me to a human agent.",
        "Register me for the class.",
    ],
)
def test_enrolling_and_rebooking_the_user_are_acts(text: str) -> None:
    assert rule_turn(text, previous="I have set the grading basis for CS 144 to Letter grade.") == (
        "request"
    )


def test_and_also_adds_a_task_as_also_does() -> None:
    previous = "Sure. What is the new shipping address?"
    text = "12 Elm St, Austin. And also, please cancel my pending order."
    assert rule_turn(text, previous=previous) == "request"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # A contraction's apostrophe is no quoted value: declining the agent's question, then
        # asking for another act, is a new task (the GUIDELINE's decline then a new task), not
        # a value given for the act the agent named (session 14's pending act)
        (
            "I'm fine without dessert. Can you add a garden salad to my order?",
            "So, to recap your order: one lasagna. Would you like a dessert with that?",
            "request",
        ),
        (
            "I don't want a drink, thanks. Could you add a side of fries to my order?",
            "So, to recap your order: one veggie wrap. Would you like a drink with that?",
            "request",
        ),
    ],
)
def test_a_contraction_is_no_value_given(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "given"),
    [
        ("I'm not sure", False),
        ("We can't, and they don't", False),
        ("the kids' toys", False),
        ("The title is 'Night Garden'", True),
        ('Search for "Blue Harbor Inn".', True),
        ("Call it ‘Spring Sale’", True),
    ],
)
def test_a_quote_gives_a_value_an_apostrophe_does_not(text: str, given: bool) -> None:
    assert bool(turns._GIVEN.search(text)) is given


# Session 27, round 24 unsealed (MT-Bench's and AlignBench's instructions). Made-up turns of
# the classes its misses showed; each reads a turn ruling of sessions 20 and 22.
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        ("下面是一道单选题，请选出正确答案。A. 1 B. 2", "", "question"),  # a quiz
        ("求函数f(x)=x^2的导数", "", "question"),  # a problem handed over
        ("已知正方形的边长为a，求面积。", "", "question"),
        ("Given that g(x) = 2x + 1, find the value of g(3).", "", "question"),
        ("有一个三角形，三边分别是3、4、5厘米，求周长。", "", "question"),  # session 28
        ("Prove that 7 is prime.", "", "request"),  # a proof
        ("你扮演一位导游，介绍一下故宫。", "", "request"),  # role play
        ("假设你是一名医生，你会怎么安慰病人？", "", "request"),
        ("如果考试和比赛冲突了你会怎么办？", "", "request"),  # a made-up situation
        ("如果我退货你会怎么处理？", "", "question"),  # the user's own case
        ("这首诗是什么意思：床前明月光，疑是地上霜。", "", "request"),  # given material
        ("Rework your previous response in three sentences.", "Here is my answer.", "request"),
        ("Now, do the same task again in Spanish.", "Here is my answer.", "request"),
        ("What if it is not sorted?", "```python\ndef f(x):\n    return x\n```", "request"),
        ("What if it rains tomorrow?", "The event starts at 5 pm.", "question"),
    ],
)
def test_round_24s_problems_roles_and_tasks_on_the_answer(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # session 28 (turns_sop28.jsonl): an act on the user's own account asked first, how it
        # went asked beside it, is a request (session 21: the act decides)
        (
            "Hi! I'd like to cancel my gym membership. My member id is 4411. "
            "Could you please let me know if the cancellation was successful?",
            "request",
        ),
        (
            "Hello! I would like to change the delivery address of my order 8812. "
            "New address: 5 Elm Road. Please let me know if you need anything else. Thanks!",
            "request",
        ),
        # ... a purpose with no object lets the question decide (session 24)
        ("I'm looking to place an order. Could you tell me about your soups?", "question"),
    ],
)
def test_round_28s_opening_act_with_its_outcome_asked(text: str, kind: str) -> None:
    assert rule_turn(text, False, "") == kind


# Session 28, round 27 unsealed (LLM-simulated shoppers, residents' tickets). Made-up turns of
# the classes its misses showed; each reads a GUIDELINE turn ruling.
_MENU = "Here it is. Would you like to view details, add it to your cart, buy it now or compare it?"
_BAG = "This lamp is lovely. Would you like me to add it to your cart, or learn more?"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a script handed over (a reply that writes the agent's script)
        ('Sure! Here\'s a short prompt you can use: "Can you show me more lamps?"', _BAG, "other"),
        ("Here's a possible response:\n\nI'd like to check out now.", _BAG, "other"),
        # the shop's voice
        ("I'd be happy to help you find a lamp. What style do you like?", _BAG, "other"),
        ("I'll remove the lamp from your compare list. Anything else?", _BAG, "other"),
        ("Shall I add it to the cart?", _BAG, "other"),
        ("Hi there! How can I help you today?", _MENU, "greeting"),
        ("Sure, I'll add the second one for comparison. Anything else?", _MENU, "answer"),
        # the act the menu offered, and one it did not
        ("Please add the lamp to the cart.", _MENU, "answer"),
        ("Include the lamp in the comparison list.", _BAG, "request"),
        # the user's own cart shown
        ("Can you show me my cart?", _BAG, "question"),
        ("Can you repeat the last thing you said?", _BAG, "question"),
        # a pick of the listed items, a new search after the menu
        ("- I'm interested in the one with the brass base.", "Here are three lamps.", "answer"),
        ("I'm looking for a desk with two drawers.", _BAG, "request"),
        ("I'm looking for a desk with two drawers.", "What are you looking for today?", "answer"),
        # a fault of the user's own told, its fix asked in the passive
        ("My thermostat reads 5 degrees low. Can it be calibrated?", "", "request"),
        ("Can it be washed in a machine?", "", "question"),
    ],
)
def test_round_27s_shop_voice_menu_acts_and_searches(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


# Session 28: round 10's word problems ended by an instruction, relabelled by session 22's
# "proofs and problems" (an imperative that hands over a problem with its numbers asks what
# the problem asks). Made-up turns of the shape; a plea or a search keeps its class.
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("一个长方形长5米、宽3米，求面积。", "question"),
        ("小明有12个苹果，吃了3个，求剩下的苹果数量。", "question"),
        ("Anna bought 6 pens for $9 and sold them for $15. Calculate her profit.", "question"),
        ("A number is three times another and their sum is 48. Find the numbers.", "question"),
        ("Find the equation of the line through (1, 2) parallel to y = 2x + 1", "question"),
        # ... not a plea for help, a recommendation asked, or a search of the user's own
        ("我的订单123还没到，求帮忙查一下。", "request"),
        ("我买了2件衣服，求推荐裤子。", "request"),
        ("I have 3 orders with you. Find my receipts.", "request"),
        ("We are 2 adults. Please find the cheapest flight to Rome.", "request"),
    ],
)
def test_a_word_problem_ended_by_an_instruction_is_a_question(text: str, kind: str) -> None:
    assert rule_turn(text, False, "") == kind


# Session 29: "Can you calculate …?" (GUIDELINE, "Can you calculate …?"): the problem handed
# over whole in the ask is session 22's problem, a question; the user's own case, or numbers
# the ask does not give, is work asked of the agent, a request; the calculation the agent
# asked for is an answer. Made-up turns.
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        ("Can you calculate (5+10)*3?", "", "question"),
        ("Could you please work out 17 times 23?", "", "question"),
        ("你能算一下123乘以456吗？", "", "question"),
        ("Can you calculate (5+10)*3?", "Sure, what calculation should I do?", "answer"),
        ("Can you calculate the discount if I buy 20 items instead of 10?", "", "request"),
        ("Can you calculate 15% of 80 for my tip?", "", "request"),
        ("你能帮我算一下我的贷款利息吗？本金5000乘以5%。", "", "request"),
        ("好的，请帮我计算一下这个三角形的面积。", "这个三角形的第三条边长度是8。", "request"),
        ("Can you calculate the shipping cost for my order?", "", "request"),
        ("Can you convert 3 files with 2 columns to JSON?", "", "request"),
    ],
)
def test_can_you_calculate_asks_the_problem_or_the_work(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, False, previous) == kind


# Session 28, troubleshooting dialogs (turns_helpdesk28.jsonl). Made-up turns of the classes its
# misses showed; each reads a GUIDELINE ruling ("Turn rulings of session 28").
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a report opening "When I …" tells, it does not ask
        ("When I open the lid, the screen stays black.", "Does the screen light up?", "answer"),
        (
            "No, whenever I plug it in nothing happens.",
            "Does the charging light come on?",
            "answer",
        ),
        ("When does the shop open?", "", "question"),  # a question's "when" takes an auxiliary
        # "let me know if …" asks for a check's outcome
        ("The cable is fine.", "Please check the cable and let me know if it is loose.", "answer"),
        ("The light is solid green.", "Please tell me if the modem light is blinking.", "answer"),
        ("I checked and it is fine.", "Please see if the fan spins and let me know.", "answer"),
        # the fault told fixed, with thanks, closes
        ("I swapped the fuse and it works fine now. Thanks!", "Replace the fuse.", "greeting"),
        ("The printer is back to normal, thank you so much.", "Reinstall the driver.", "greeting"),
        # a no to "Do you know how …?"
        ("I don't know how to do that.", "Do you know how to open the settings menu?", "answer"),
        ("I don't see any smoke.", "Do you see smoke coming from the engine?", "answer"),
        # a step failed, then what to try next: help with the fault
        (
            "I reset the modem but still no internet. What should I try next?",
            "Please hold the reset button for ten seconds.",
            "request",
        ),
        ("My scanner keeps failing. What can I do to fix it?", "", "request"),
        ("Okay, I will try that.", "Please hold the reset button for ten seconds.", "answer"),
        ("What should I try next?", "Please hold the reset button for ten seconds.", "question"),
    ],
)
def test_troubleshooting_reports_closings_and_next_steps(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous.rstrip().endswith("?"), previous) == kind


@pytest.mark.parametrize(
    ("previous", "context"),
    [
        ("Please check the cable and let me know if it is loose.", "solicit"),
        ("Let me know if you need anything else.", "none"),  # an offer asks no value
        ("Please tell me if you have any other questions.", "open"),
    ],
)
def test_let_me_know_if_asks_for_a_checks_outcome_not_for_more(previous: str, context: str) -> None:
    assert turns.agent_context(previous) == context


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a go-ahead for what was proposed two messages back, after a side question's answer
        ("ok do it", "Yes, you can. Your gift card covers the $12.30 difference.", "answer"),
        ("Sure, go for it.", "The exchange costs $4.96 more.", "answer"),
        # a choice "then" among what the agent just listed
        ("green then", "It is available in green and red; black is out of stock.", "answer"),
        # incredulity at an offer asks for no fact
        (
            "Only $50? That's it?",
            "You're eligible for a $50 certificate. Shall I issue it?",
            "other",
        ),
        ("Only $50? How is that computed?", "You're eligible for a $50 certificate.", "question"),
        # another way to pay for the user's own order
        ("Can I use my gift card for the difference instead?", "Shall I go ahead?", "request"),
        ("Can I use a gift card to pay for flights?", "Anything else?", "question"),
        # a problem told with a remedy asked after "what issues…?" states the task; a
        # report alone answers it (round 8's "I'm experiencing shortness of breath.")
        (
            "First, the headphones I got don't work. I want to return them.",
            "Thank you. What issues are you having with your orders?",
            "request",
        ),
        (
            "The headphones I got don't work.",
            "What issues are you having with your orders?",
            "answer",
        ),
        # the values asked for, given another way, leave asked in passing
        (
            "I'd rather not give my email. Can I use my name and zip instead? It's Hana Sato, 94110.",
            "Could you please provide your email address?",
            "answer",
        ),
        # a length told before the demand is no fact asked
        ("My flight yesterday was delayed by 4 hours and I want compensation.", "", "request"),
        # session 30: another identifier offered for the one asked, no value given yet
        (
            "I don't have my user ID handy. Can I give you my email instead?",
            "Could you please provide your user ID?",
            "answer",
        ),
        # ... with nothing asked before, it asks leave to act: a request
        ("Can I give you my email instead?", "Your order is on its way.", "request"),
        # ... a stall the user resolves by choosing among the agent's options answers it
        (
            "Let me think... I'll go with the gray one.",
            "The chair comes in gray and blue. Which color would you like?",
            "answer",
        ),
        (
            "Hmm, let me think. OK, the gray one.",
            "The chair comes in gray and blue. Which color would you like?",
            "answer",
        ),
        (
            "Let me check with my wife first.",
            "The chair comes in gray and blue. Which color would you like?",
            "other",
        ),
    ],
)
def test_bare_replies_and_demands_of_made_up_support_runs(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous.rstrip().endswith("?"), previous) == kind


# Session 30, round 31 unsealed (the users of a Chinese financial consultant). Made-up turns of
# the classes its misses showed ("Turn rulings of session 30", round 31).
@pytest.mark.parametrize(
    ("text", "label"),
    [
        # a problem stated with its figures, then worked out in a command's words
        ("某公司去年的净利润为500万美元，今年为600万美元。请计算公司的利润增长率。", "question"),
        ("一笔存款为20000元，年利率为3%，期限为3年，计算到期金额。", "question"),
        ("某公司的收入是100万元，成本是60万元，要求计算出净利润。", "question"),
        ("年报显示营收为9.9亿元，同比增长8%。请回答下面的问题：去年的营收是多少亿元？", "question"),
        # the user's own money, and a problem with no figures: work asked of the agent
        ("我去年存了10000元，年利率为3%，请计算我的利息。", "request"),
        ("请计算这个三角形的面积。", "request"),
        # named things analysed after what the turn states or asks
        ("新能源汽车销量大增。请分析新能源汽车行业的发展趋势。", "question"),
        ("这是否意味着行业见顶？请给出具体分析。", "question"),
        # ... but not beside a work product asked
        ("新能源汽车销量大增。写一篇报道，并分析原因。", "request"),
    ],
)
def test_a_consultants_problems_and_analyses(text: str, label: str) -> None:
    assert rule_turn(text, False, "") == label


@pytest.mark.parametrize(
    ("text", "label"),
    [
        # a tell verb after 能否, a third party's whether, a thing's role, a product's uses
        ("基金定投的规则能否介绍一下？", "question"),
        ("相关企业能否从中受益？", "question"),
        ("数字货币在跨境支付中扮演着怎样的角色？", "question"),
        ("这款软件可以帮助我管理哪些财务数据？", "question"),
        ("机器人是否会代替我们的岗位？", "question"),
        # ... but a made-up work told stays a request
        ("能否分享一个关于会计的笑话？", "request"),
        # a topic named alone, advice asked, a background, a definition, a topic's facts listed
        ("理财中复利的重要性。", "question"),
        ("为这种情况提供建议。 情况：我的同事总是迟到。", "question"),
        ("提供这句话的背景：“他改变了主意”", "question"),
        ("写一个简洁的定义，解释通货膨胀这个术语。", "question"),
        ("列出三种有效的时间管理技巧。", "question"),
        ("找出这个方程的两个解。输入：x^2 = 9", "question"),
        # a tutorial to be written is a work product
        ("用Python编写数据清洗教程", "request"),
    ],
)
def test_a_consultants_questions_in_act_words(text: str, label: str) -> None:
    assert rule_turn(text, False, "") == label


def test_a_choice_then_names_what_the_agent_listed() -> None:
    listed = "It is available in green and red; black is out of stock."
    assert turns._bare_reply("the red one then", listed) == ("answer", "choice_then")
    assert turns._bare_reply("purple then", listed) is None


# Session 29, round 28 unsealed (a support agent walking a simulated customer through steps; a
# care assistant proposing tests to a member). Made-up turns of the classes its misses showed;
# each reads a GUIDELINE ruling ("Turn rulings of session 29").
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # the next step asked after a step's report, whatever the step showed
        (
            "I updated the driver, and the printer shows up now. What's the next step?",
            "Please open Device Manager and update the printer driver. Let me know how it goes.",
            "request",
        ),
        (
            "Yes, the cable is plugged in firmly. What should I do next?",
            "Can you make sure the cable is plugged in firmly?",
            "request",
        ),
        ("Okay, and what next, please?", "Turn left at the bank.", "question"),  # no report
        # the step taken up, or its outcome told
        (
            "Alright, I'll restart the router now. One moment!",
            "Please restart your router and let me know if the light turns green.",
            "answer",
        ),
        (
            "I'm running the disk check now.",
            "Please run the disk check from the Tools tab.",
            "answer",
        ),
        (
            "I've rebooted the tablet, but the app still crashes.",
            "Please reboot the tablet and let me know if the app still crashes.",
            "answer",
        ),
        (
            "I've rebooted the tablet, but the app still crashes.",
            "Please reboot the tablet.",
            "other",
        ),
        ("I've rebooted the tablet, and the app opens now.", "Please reboot the tablet.", "answer"),
        (
            "Okay, I'll give that a try. I'll clear it and see if that helps. Just a moment.",
            "Please clear the cache and let me know if it works.",
            "answer",
        ),
        (
            "I've double-clicked the setup file and it is copying files now.",
            "Sure, take your time! Let me know once the setup has started.",
            "answer",
        ),
        (
            "Sure, I'll send my zip code and a time that works.",
            "Please provide your zip code and a time for the visit.",
            "other",
        ),
        (
            "I replaced the fan and it works fine now. Thanks!",
            "Please replace the fan.",
            "greeting",
        ),
        # a how-to asked when nothing in the step is broken
        (
            "I'm not sure how to open the BIOS menu. Can you guide me through that?",
            "Please enable virtualization in the BIOS.",
            "question",
        ),
        # a fault told after the agent's first greeting offer
        (
            "My laptop won't charge at all.",
            "Thanks for calling support, how can I help you today?",
            "request",
        ),
        # the member takes up the step the assistant proposed; a plan of the member's own
        ("明早测完我直接把数值拍照发你。", "咱们明早空腹测一次，测完一起看看变化。", "answer"),
        ("我打算下周换个牌子的血糖仪。", "咱们明早空腹测一次，测完一起看看变化。", "other"),
        ("听你这么说，我心里踏实多了。", "这个数值不算高，咱们先观察两天。", "greeting"),
        # an opener telling a worrying reading of the member's own
        ("今早空腹测了7.4，比上周高，心里有点打鼓……", "", "question"),
        ("今早空腹测了7.4，麻烦帮我预约个复查。", "", "request"),
    ],
)
def test_support_steps_and_care_plans(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.rstrip().endswith(("?", "？")), previous) == kind


# Session 30, round 30 unsealed (students typing requests to a marketplace-support agent that reads
# order records). Made-up turns of the classes its misses showed; each reads a GUIDELINE ruling
# ("Turn rulings of session 30") or a clause it restates.
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a record named by its id, shown, told, given or viewed: its facts (session 18)
        ("Show me booking 5521.", "question"),
        ("Can you show me the details of my order 5521?", "question"),
        ("tell me about order 88", "question"),
        ("Can you get me the status of order 88?", "question"),
        ("I need details on invoice 3090", "question"),
        ("I would like to view order #88", "question"),
        ("Show me order 88. Is it still eligible for an exchange?", "question"),
        ("Show me order 88 and tell me when it shipped.", "question"),
        # ... looked up or pulled up: a lookup asked for (session 19)
        ("Please look up order 88 and show me what is in it.", "request"),
        ("Can you pull up the details for order 88?", "request"),
        # records listed or items a shop has: a search
        ("what are my bookings", "request"),
        ("Which of our shop's orders are still unpaid?", "request"),
        ("Do we have any lamps under $40?", "request"),
        ("What jackets do you have for under $80?", "request"),
        ("Show me candles that cost $15 or less.", "request"),
        ("What is my current balance?", "question"),  # one fact, no list
        # the policy's window and a verdict of the case: to be told
        ("How many days do I have to return a lamp I bought from Bright Home?", "question"),
        ("Order 77 arrived three weeks ago. Am I still inside the return window?", "question"),
        ("Can you confirm any shop-specific policies for Bright Home?", "question"),
        ("Can you give me legal advice on whether I can sue my landlord?", "question"),
        # a fact, then a remedy of the same order: the act decides (session 21)
        ("What's the status of order 88, and can I still return it?", "request"),
        ("How often am I billed, and can I cancel or pause my plan at any time?", "question"),
    ],
)
def test_session_30_readings_of_named_records_searches_and_policies(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


# Session 30: round 29's and the made-up runs' leftovers (GUIDELINE, round 29's notes).
_SENT = "I'm sending you a flight on Thursday morning now."


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # another value for the same booking, set against the option sent: an answer
        ("What about Friday?", _SENT, "answer"),
        ("How does Tuesday evening work?", _SENT, "answer"),
        ("Could we do the earlier one?", "I have two flights for you, at 9 and at 14.", "answer"),
        # ... not with no option sent (a fact for another day), nor another item added
        ("What about Friday?", "It will be sunny tomorrow.", "question"),
        ("How about one museum?", "Here is a plan with a park and a cafe.", "request"),
    ],
)
def test_another_value_against_the_option_sent_answers_it(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, False, previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("That clashes with my dentist appointment.", "answer"),
        ("I think I like that one best.", "answer"),
        # a verdict beside an act asked stays the act
        ("That clashes with my dentist appointment. Find me a later one.", "request"),
    ],
)
def test_a_verdict_on_the_option_sent_answers_it(text: str, kind: str) -> None:
    assert rule_turn(text, False, _SENT) == kind


def test_going_with_an_option_named_then_paying_is_a_choice() -> None:
    # session 29's made-up airline run: the user picks a fare the agent named, then says how
    # to pay for it
    fares = "Economy on that flight is $171 and business is $455."
    assert (
        rule_turn("OK, let's just do economy then. Use my credit card.", False, fares) == "answer"
    )
    assert rule_turn("Fine, I'll take business.", False, fares) == "answer"
    # an option the agent did not name is a new act
    assert rule_turn("Let's do the booking then. Cancel my old one.", False, fares) == "request"


def test_wants_told_after_the_agent_asked_for_preferences_answer_it() -> None:
    asked = "Happy to help! Do you have any preferences for the trip?"
    assert rule_turn("I need it to be kid friendly, we are a family.", False, asked) == "answer"
    assert rule_turn("Maybe somewhere near the beach?", False, asked) == "answer"
    # an act asked beside the wants is the act
    assert rule_turn("Not really. Just book me a table for two.", False, asked) == "request"
    assert rule_turn("Somewhere quiet, and also find me a taxi there.", False, asked) == "request"
    # "What would you like to do next?" offers the next task: no preference asked
    nxt = "Done! What would you like to do next?"
    assert rule_turn("I would like to schedule a visit on Sunday.", False, nxt) == "request"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("我想戒烟，有啥推荐吗", "question"),  # advice on the user's own goal
        ("我打算开始理财，你有什么建议吗？", "question"),
        ("我们想去海边玩，有啥推荐吗", "request"),  # places wanted: a search
    ],
)
def test_a_recommendation_for_the_users_own_goal_is_advice(text: str, kind: str) -> None:
    assert rule_turn(text, False, "你好，请问有什么可以帮您？") == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # session 29's ruling: a problem handed over whole is a question ...
        ("Can you calculate 12 × 7?", "question"),
        ("Could you work out 17 times 23?", "question"),
        # ... one that names the user's case, or data the agent must fetch, a request
        ("Can you calculate my monthly payment?", "request"),
        (
            "Can you calculate the average closing price of ACME stock over the past 30 days?",
            "request",
        ),
    ],
)
def test_a_calculation_asked_is_read_by_what_it_hands_over(text: str, kind: str) -> None:
    assert rule_turn(text) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a bare go-ahead with "try": taking up what the agent named
        ("Let's try that", "There is a quiet cafe by the river, the Blue Door.", "answer"),
        # a Chinese fault of the user's own device or data, with what to do or why
        ("我的平板最近老是死机，这是为什么？", "你好，请问有什么可以帮您？", "request"),
        ("我不小心删除了几张照片的文件，有办法恢复吗？", "你好，请问有什么可以帮您？", "request"),
        # a step that failed, then what now
        ("我用了清理软件，但是没有找到丢失的照片，怎么办？", "先试试清理软件。", "request"),
        # what a procedure needs the user to prepare: facts told
        ("我想申请签证，需要提交哪些材料来申请？", "你好，请问有什么可以帮您？", "question"),
    ],
)
def test_round_29s_other_leftovers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


# Session 30: round 32's leasing prospects and residents (GUIDELINE, "Turn rulings of session
# 30", round 32).
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a person asked for: the call handed over, a request
        ("Talk to a representative.", "Hi, I'm Ava. How can I help?", "request"),
        ("Put me through? No, transfer me to a person please", "", "request"),
        ("Can you call me", "Let me know how I can help.", "request"),
        # ... but taking up the agent's own offer to connect answers it
        ("Yes. Talk to an agent.", "Shall I connect you with someone who can help?", "answer"),
    ],
)
def test_a_person_asked_for_is_a_request(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


def test_talking_to_someone_told_asks_for_no_person() -> None:
    told = "Glad to talk to someone who knows the buildings. I'm Ana."
    assert turns._leasing_reading(told, "") is None
    assert turns._leasing_reading("Talk to someone who knows.", "") is None
    assert turns._leasing_reading("Talk to a manager.", "") == ("request", "person_asked")


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a tour asked for: an act the agent books
        ("Can I book a tour Friday at 2 PM?", "Hi, I'm Ava. How can I help?", "request"),
        ("Could I tour on Tuesday?", "Dogs are welcome.", "request"),
        ("Would it be possible to tour the place Sunday?", "", "request"),
        # ... but taken up from the agent's question offering it, round 8's option chosen
        ("I'd like to book a tour.", "Would you like more details or to book a tour?", "answer"),
        # ... also asked with its time, in a question's words (session 31: s32-nb-t074)
        (
            "Can I, uh, book a tour today at 4 PM?",
            "Want details, a tour, or something else?",
            "answer",
        ),
    ],
)
def test_a_tour_asked_for_is_a_request(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # units of a kind looked for: a search
        ("Do you have any 2 bedroom apartments?", "Hi, how can I help?", "request"),
        ("Are there any 3 bedrooms open?", "The pool opens in May.", "request"),
        ("I'm interested in a 1 bedroom, what's open?", "", "request"),
        # other slots asked after a list of them: another search
        ("Do you have anything later?", "We have 9:30 AM and 10:00 AM on Monday.", "request"),
    ],
)
def test_units_and_other_slots_searched_are_requests(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


def test_a_tour_taken_up_from_the_offer_is_read_by_the_leasing_rule() -> None:
    offered = "Would you like details or to schedule a tour?"
    assert turns._leasing_reading("Can I schedule a tour at 3 PM?", offered) == (
        "answer",
        "tour_taken_up",
    )
    assert turns._leasing_reading("Can I schedule a tour at 3 PM?", "Rent is $900.") == (
        "request",
        "tour_asked",
    )


def test_slots_asked_with_none_listed_are_left_to_the_other_rules() -> None:
    assert turns._leasing_reading("Do you have any times Monday?", "Hi, how can I help?") is None
    listed = "We have 9:30 AM and 10:00 AM."
    assert turns._leasing_reading("Do you have any times Monday?", listed) == (
        "request",
        "other_slots",
    )


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # tour slots asked first, none listed: facts told
        ("Do you have any tour availability?", "Hi, how can I help?", "question"),
        # the user's own booking or access gone wrong: a problem report
        ("I'm at the gate and can't get in", "Your tour is at 2 PM.", "request"),
        ("I need a maintenance request.", "Rent starts at $900.", "request"),
        ("I got nothing via text", "You'll get a confirmation text.", "request"),
        # a closing returned after the agent's
        ("You too!", "Glad to help. Have a great day!", "greeting"),
        ("Will do!", "If you need more, feel free to reach out.", "greeting"),
        # a vendor's test message
        ("TEST REPLY! please ignore", "", "other"),
    ],
)
def test_round_32s_slots_problems_closings_and_tests(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


def test_a_closing_returned_needs_the_agents_closing() -> None:
    assert turns._leasing_reading("Will do!", "Please send your ID.") is None
    assert turns._leasing_reading("Will do!", "Have a nice day!") == (
        "greeting",
        "closing_returned",
    )


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # something sent to the user, a fresh check, a notice for later: acts asked
        ("Can you send me a video of the unit?", "Rent is $900.", "request"),
        ("Can you check again please", "The 9 AM slot is taken.", "request"),
        ("Use your tools to get the latest rent", "Rent is $900.", "request"),
        ("Could you let me know when a 2 bedroom opens up", "None are open now.", "request"),
    ],
)
def test_round_32s_acts_asked(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


def test_check_again_inside_a_go_ahead_is_left_to_the_other_rules() -> None:
    assert turns._leasing_reading("Yes, go ahead and check again now.", "Shall I?") is None


# Session 31: the user's own plan told when the agent asked nothing (GUIDELINE, "Turn rulings of
# session 31").
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        ("I will be following up next week! My sister wants to see it too", "", "other"),
        ("I'm running late for my tour but I'll be there", "", "other"),
        (
            "Hi,\nI have decided to look at other places nearer my work.\nThanks for the follow up.",
            "",
            "greeting",
        ),
        ("You're welcome. I'll be there at 5 PM.", "We'll see you at 5 PM.", "greeting"),
        # an act decided on is a task; a plan beside an ask is read by the ask
        ("I've decided to cancel the order. Please help me with it.", "", "request"),
        ("I'll be there at 5. Can you send me the address?", "", "question"),
    ],
)
def test_the_users_own_plan_told(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, False, previous) == kind


def test_a_plan_after_the_agents_question_is_left_to_the_other_rules() -> None:
    assert turns._plan_told("I'll be there at 5.", "solicit") is None
    assert turns._plan_told("I'll be there at 5.", "opening") == ("other", "plan_told")


_CALL_OPENING = (
    "This call may be recorded. Hi. Thanks for calling Elm Court. I'm Ava, your virtual leasing "
    "assistant. You can speak to me like a person. How can I help you today?"
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a topic of common nouns after the first offer of help: a keyword turn
        ("Pet policy.", "question"),
        ("Question about parking.", "question"),
        # who the user is, alone: asks nothing
        ("I'm a tenant.", "other"),
        # a person named alone is asked for; a place alone is no topic
        ("Leasing agent.", "request"),
    ],
)
def test_a_topic_or_a_role_after_the_first_offer_of_help(text: str, kind: str) -> None:
    assert rule_turn(text, True, _CALL_OPENING) == kind


def test_a_long_greeting_still_offers_help_first() -> None:
    assert turns._first_offer(_CALL_OPENING)
    assert not turns._first_offer("Rent is $900. Anything else I can help you with?")


def test_a_tag_around_the_whole_message_is_read_past() -> None:
    asked = "<content>Shall I send you a text confirmation for the tour?</content>"
    assert rule_turn("<content>Yes, please.</content>", True, asked) == "answer"
    listed = "<content>We have 8 AM on May 5 and 10 AM on May 6. Do either work?</content>"
    assert (
        rule_turn("<content>What is the latest slot on May 5.</content>", True, listed)
        == "question"
    )
    assert (
        turns._unwrapped("<content>Did you say there was one at") == "Did you say there was one at"
    )
    assert turns._unwrapped("a <b>bold</b> word") == "a <b>bold</b> word"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a wish to be told, spoken, after the agent's offer
        (
            "k. I'm curious what the biggest unit you have is.",
            "Would you like details or a tour?",
            "question",
        ),
        # a run-on wh-question with "what's"
        ("I'm in Denver right now what's the deposit", "The units open in May.", "question"),
    ],
)
def test_a_spoken_wish_to_be_told_and_a_run_on_whats(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # an apartment looked for, after the first offer of help
        ("Yeah. I was looking at an apartment?", _CALL_OPENING, "request"),
        # ... but details the agent asked for answer it
        ("Sure. I am looking for a place to rent downtown.", "What are you looking for?", "answer"),
        # a new price limit after a list of options with their figures
        (
            "Yeah. Those are kind of pricey. I was hoping to stay under 1500 if possible.",
            "1. $1,720 a month. 2. $1,810 a month.",
            "request",
        ),
        # ... but a limit the agent asked for answers it
        (
            "Just me, and keep it under $300 a night.",
            "Tell me the guests and your budget, 2 or 3 nights.",
            "answer",
        ),
    ],
)
def test_an_apartment_looked_for_and_a_new_price_limit(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


_NOTICE = (
    "This e-mail and any attachments are intended solely for the named recipient. If you are "
    "not the intended recipient, please delete it."
)


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a plan with thanks, the mail's confidentiality notice read past
        (
            "Hi Ann,\n\nThanks. I will check back with you next week.\n\n" + _NOTICE,
            "Rent is $900.",
            "greeting",
        ),
        # "O.k." is "Ok"
        ("O.k.", "", "answer"),
        # "I would like that" after the agent's offer takes it up
        (
            "Sure, I would like that thank you",
            "If you'd like, we can book a video tour. Let me know!",
            "answer",
        ),
        # is there any way you can: an act asked; ... tell me: a fact asked
        ("And is there any way you can hold the unit for me", "Your tour is booked.", "request"),
        ("Is there any way you could tell me the rent?", "Your tour is booked.", "question"),
        # a confirmation still missing: a problem report
        (
            "The email is not here and is not in my spam folder either. Thanks.",
            "Please check your email.",
            "request",
        ),
    ],
)
def test_round_32s_small_shapes(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # the user's own slot asked or changed when nothing is pending: a request
        (
            "I'm sorry I'm sorry can I actually get the Tuesday at 230 just realized I have a meeting Monday",
            "Your tour is set for Monday.",
            "request",
        ),
        ("Hi. Running late. Do you have 3:30, today?", "You're welcome!", "request"),
        ("I will take the 9AM please on Monday", "Have a great day!", "request"),
        # ... a fact asked with "can I get" stays a question
        ("Can I get that reference number, please?", "Booked for Monday at 7.", "question"),
    ],
)
def test_the_users_own_slot_asked_when_nothing_is_pending(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


def test_a_slot_chosen_from_a_list_is_left_to_the_other_rules() -> None:
    listed = "We have 9:00 AM and 10:00 AM on Monday."
    assert turns._leftover32_reading("I will take the 9AM please", listed) is None


def test_a_phone_line_asked_for_is_a_fact() -> None:
    said = "Your tour is at 8 AM. Feel free to reach out. Thank you!"
    asked = "Sounds good. Can you please give me the direct contact line for the person meeting us?"
    assert rule_turn(asked, False, said) == "question"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a no, then a wish to be told
        (
            "No. I just wanna know what the cheapest unit is.",
            "Would you like to book a tour?",
            "question",
        ),
        # a no, then a topic to be told, after the agent's answer
        (
            "No. Details about the parking options.",
            "Here are some details about our pool.",
            "question",
        ),
        # a yes, then what was offered, taken up
        (
            "Yes, I'd like to hear more about the planting service.",
            "Would you like to hear more?",
            "answer",
        ),
    ],
)
def test_a_no_then_what_is_asked(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Too far but thanks for trying to help. Ann", "greeting"),
        ("Not interested, but thank you.", "greeting"),
        # ... an ask after it is read by the ask
        ("Too pricey but thanks. Do you have anything cheaper?", "request"),
    ],
)
def test_a_verdict_that_declines_then_thanks(text: str, kind: str) -> None:
    assert rule_turn(text, True, "Would you like to book a tour?") == kind


# Session 31's made-up support runs (written by hand, no public data).
_RECAP = (
    "Here is the summary:\n- Flight HAT031 LAS-SEA on 2024-05-20, economy\n"
    "- Total: $140 charged to gift_card_1591389\nShall I proceed with the booking?"
)
_CERTIFICATE = (
    "I can offer you a $50 certificate as a gesture of goodwill. Would you like to accept it?"
)


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # another value for one the recap names, in a request's form
        (
            "Actually, can you charge it to my credit card instead of the gift card?",
            _RECAP,
            "answer",
        ),
        # ... not a new search after a list the agent did not ask to go ahead with
        (
            "I'd rather go for a sports event instead of the theater. Can you get me some options?",
            "1. Chicago, theater, 7:30 PM\n2. Wicked, theater, 8:00 PM\nLet me know what you think!",
            "request",
        ),
        # an offer declined with the value preferred: no closing
        ("No thanks, I'd rather just get a refund.", _CERTIFICATE, "answer"),
        ("No thanks, that's all.", "Is there anything else I can help you with?", "greeting"),
    ],
)
def test_session_31_values_set_against_the_agents(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # an acknowledgement, not a topic typed
        ("Good to know.", "As a silver member, you get 2 free checked bags.", "answer"),
        ("Baggage allowance", "As a silver member, you get 2 free checked bags.", "question"),
        # displeasure with the service that asks nothing, against a fault told
        ("Hello, I'm really upset with the service I got last week.", "", "other"),
        ("Hello, I'm really upset that my order never arrived.", "", "request"),
        # why the agent needs what it asked for is asked, not offered
        ("Why do you need my zip code?", "Could you provide your name and zip code?", "question"),
        ("Do you need a taxi?", "Could you provide your name and zip code?", "other"),
    ],
)
def test_session_31_acknowledgements_displeasure_and_why_asked(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


_WHICH_ORDER = "You have two orders: #W2378156 (delivered) and #W6247578 (pending). Which order would you like to work with?"
_ANYTHING = "Your order has shipped. Is there anything else I can help you with?"
_PROCEED = (
    "To confirm: exchange the hose; the difference of $21.95 will be charged to your PayPal account. "
    "Would you like me to proceed? (yes/no)"
)


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a wish in the past tense of politeness, opening its clause
        (
            "Yes, actually. I also wanted to update the shipping address on my pending order.",
            _ANYTHING,
            "request",
        ),
        ("What is that one class I wanted to take but is not offered?", _ANYTHING, "question"),
        ("Yes, I wanted to know about the return window.", _ANYTHING, "question"),
        # the value given, then another act asked
        (
            "The delivered one. Actually, could you also cancel the pending order? I don't need it.",
            _WHICH_ORDER,
            "request",
        ),
        ("The delivered one, please.", _WHICH_ORDER, "answer"),
        # another value for the recap's, after a go-ahead asked with (yes/no)
        (
            "Actually, could you charge the difference to my credit card instead of PayPal?",
            _PROCEED,
            "answer",
        ),
    ],
)
def test_session_31_polite_wishes_and_values_then_acts(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


# Session 31: rules written on the pooled leftovers of the unsealed sets.
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a value asked as an instruction without "provide": what follows answers it
        ("It's the blue scarf on the left.", "Now, please give me the name of the item.", "answer"),
        ("I forgot it!", "Thanks, and your PIN as well please.", "answer"),
        # ... not after a statement that asks nothing
        ("I forgot it!", "Your PIN is stored safely.", "other"),
    ],
)
def test_a_value_asked_as_an_instruction_is_answered(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a fault told, and what is wrong or how to go on asked, in any sentence
        ("My tablet won't charge at all. What's going on here?", "request"),
        ("I ordered a lamp two weeks ago and have not received it! What's the problem?", "request"),
        ("How do I reset the PIN? The keypad is dead and shows nothing.", "request"),
        ("How do I fix this? Also, why is your app so slow?", "request"),
        ("为什么我的邮箱无法登陆了？", "request"),
        ("我的手机屏幕碎了怎么办", "request"),
        # ... no fault told: to be told
        ("What's going on at the museum this weekend?", "question"),
        ("How do I reset the PIN?", "question"),
    ],
)
def test_a_fault_with_what_is_wrong_asked_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="") == kind


@pytest.mark.parametrize(
    "text",
    [
        "Could you give me the post code for the Grand Hotel?",
        "Can I get the brand of the red jacket?",
        "Can you please provide the debt ratio for that company?",
    ],
)
def test_facts_of_a_named_item_asked_to_be_given_are_questions(text: str) -> None:
    assert rule_turn(text, previous="") == "question"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # proceeding takes up the act under way, whatever it names beside it
        ("ok please proceed with the express option! thanks!", "Express costs $20.", "answer"),
        ("Please proceed booking under the name Ada Byron.", "I found a 9 AM flight.", "answer"),
        # ... after "anything else?" the act is done: proceeding asks for another
        (
            "Please proceed with applying the coupon to my order.",
            "Your cart is saved. Is there anything else I can help you with?",
            "request",
        ),
    ],
)
def test_proceeding_takes_up_the_act_under_way(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous.endswith("?"), previous) == kind


@pytest.mark.parametrize(
    "text",
    ["这款买两件送啥不", "盒子里面有几块", "有没备用的电池啊", "大夫您看吃些啥药好", "几月的"],
)
def test_spoken_chinese_questions_without_their_mark(text: str) -> None:
    assert rule_turn(text, previous="好的亲") == "question"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a lower price or a gift asked to be given, in Chinese: session 16's discount asked
        ("如果我今天下单，能再砍五百吗？或者有没有别的优惠？", "request"),
        ("不退差价的话，能送个赠品吗", "request"),
        ("那我买三件多少按199算吧", "request"),
        # ... whether discounts exist, or a cheaper channel, is asked to be told
        ("有没有别的渠道能比官网便宜？", "question"),
    ],
)
def test_a_lower_price_asked_in_chinese_is_a_request(text: str, kind: str) -> None:
    assert rule_turn(text, previous="好的亲") == kind


@pytest.mark.parametrize(
    "text",
    [
        "Give me their name please",
        "Just give me the name of the cheapest hotel",
        "Give me a fun fact about Lisbon",
    ],
)
def test_a_name_or_a_fact_given_on_demand_is_a_question(text: str) -> None:
    previous = "Would you like me to search in a nearby area?"
    assert rule_turn(text, True, previous) == "question"


_SHIPPED_RULE = "抱歉，根据规定，已发货的订单不能直接取消，需要等收到货后再申请退货。"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a return wanted, then how: the GUIDELINE's own example, and in Chinese
        ("I want to send back the lamp I bought. What are the steps?", "", "request"),
        ("那我要退货，怎么操作？", _SHIPPED_RULE, "request"),
        # ... how to return asked with no want told
        ("How do I return an item?", "", "question"),
        # a complaint whose word is also "please" (麻烦), nothing asked beside it
        ("这也太麻烦了吧", _SHIPPED_RULE, "other"),
        ("麻烦帮我取消一下", _SHIPPED_RULE, "request"),
    ],
)
def test_session_31_returns_wanted_and_chinese_complaints(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


_TRIP_ANSWER = "Day 3 takes you to the harbour and the old town; the ferry leaves at 9."
_TRIP_FAREWELL = "Enjoy the trip, and catch you soon!"
_TRIP_ASKS = "Which day would you like to take the ferry?"


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # the agent asked for nothing (an answer, its own farewell): praise, then leave taken
        (
            "You are doing great! Can't wait to see the final plan. Catch you later!",
            _TRIP_ANSWER,
            "greeting",
        ),
        (
            "You are doing great! Can't wait to see the final plan. Catch you later!",
            _TRIP_FAREWELL,
            "greeting",
        ),
        (
            "You rock. 'Til then, let's keep the good vibes rolling. Talk to you soon!",
            _TRIP_FAREWELL,
            "greeting",
        ),
        # ... after the agent's question the same words are read as a reply to it
        (
            "You are doing great! Can't wait to see the final plan. Catch you later!",
            _TRIP_ASKS,
            "answer",
        ),
        # ... an act asked beside the leave-taking is the task
        ("Looks good. Book the ferry for me. Catch you later!", _TRIP_ANSWER, "request"),
        # ... and "You're welcome! …" speaks as the agent
        (
            "You're welcome! Thanks for letting me help. Have a great evening!",
            _TRIP_FAREWELL,
            "other",
        ),
    ],
)
def test_session_32_a_short_leave_taken_after_nothing_asked(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # what the agent said, appraised alone: the help praised, a closing
        ("你说的真好。", "greeting"),
        ("你讲的很清楚！", "greeting"),
        # ... with an ask beside it, the ask decides
        ("你说的很好，那第二天怎么安排？", "request"),
    ],
)
def test_session_32_the_agents_words_appraised_in_chinese(text: str, kind: str) -> None:
    assert rule_turn(text, previous="第一天上午参观博物馆，下午去湖边散步。") == kind


_LAMP_TOLD = "The Arc costs $40 and ships tomorrow."


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # the user's own want of an item nobody named, then only what fits it: a search
        ("Hi, I need a cheap hotel in Porto / What can you do for me?", "", "request"),
        (
            "I'm looking for a floor lamp with a dimmer. Do I have any options that match this?",
            _LAMP_TOLD,
            "request",
        ),
        ("我想给我爸爸准备一份生日礼物，有什么建议吗", "", "request"),
        # ... a named item wanted asks its facts
        ("I'm interested in the Arc. What colours do you have it in?", _LAMP_TOLD, "question"),
        # ... a goal of the user's own asks advice
        (
            "我家孩子快上大学了，我想规划教育基金，有啥推荐吗",
            "您好！请问有什么可以帮您？",
            "question",
        ),
        # ... and a want with a fact asked of it is no search
        ("I'm looking for a quiet beach town. How warm is the sea in June?", "", "question"),
    ],
)
def test_session_32_a_want_then_what_fits_it_is_a_search(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


_DAY_PLAN = "Day 1: the castle in the morning, the market at noon, the science museum after lunch."


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # after the agent's plan, a change to it proposed in a question's or a suggestion's words
        (
            "I like the castle, but the museum is far. Maybe we just drop the museum and stay around the market?",
            _DAY_PLAN,
            "request",
        ),
        (
            "That works better, but do you mind trying to squeeze a park in between the castle and the market?",
            _DAY_PLAN,
            "request",
        ),
        (
            "The museum can probably be replaced by something quieter. What do you have?",
            _DAY_PLAN,
            "request",
        ),
        # ... a fact to be found asks to be told (session 17)
        ("Can you find me the opening hours of the castle?", _DAY_PLAN, "question"),
        # ... and with no proposal before it there is nothing to change
        ("Maybe we just drop the museum?", "", "question"),
    ],
)
def test_session_32_a_change_proposed_to_the_agents_plan(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("previous", "context"),
    [
        # the first offer of help in its other polite forms asks for no value
        ("How may I service you today?", "open"),
        ("Hello, how may I be of assistance?", "open"),
        ("Could you clarify your query or let me know how I can assist you further?", "open"),
        ("你好！我是数码产品顾问。请问您在设备选购方面有什么具体的需求或问题吗？", "open"),
        # ... a question for a value still solicits one
        ("Which day would you like to travel?", "solicit"),
    ],
)
def test_session_32_an_offer_of_help_in_other_words(previous: str, context: str) -> None:
    assert agent_context(previous) == context


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # what the user needs, told after the offer of help, is the task
        (
            "We have a big group, so let's keep it cheap and near a park.",
            "How may I service you today?",
            "request",
        ),
        (
            "我的孩子今年14岁，想买一台电竞设备，请问有哪些推荐？",
            "你好！我是数码产品顾问。请问您在设备选购方面有什么具体的需求或问题吗？",
            "request",
        ),
        # ... the value the agent asked for answers it
        ("Friday, and let's keep it cheap.", "Which day would you like to travel?", "answer"),
    ],
)
def test_session_32_the_task_told_after_an_offer_of_help(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


_COPY_KIND_ASKED = "您需要我为您撰写哪种类型的保险文案呢？您希望针对哪个目标客户群体？"
_PRODUCT_ASKED = (
    "Could you tell me more about the type of product you want? A specific brand, size or colour?"
)


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # after the agent's question for a value, only an act commanded: the act asked
        ("那帮我也写一个文案吧", _COPY_KIND_ASKED, "request"),
        ("Can you help me find a tablet with 8gb of memory, please?", _PRODUCT_ASKED, "request"),
        # ... the kind asked for, named in the command or given bare, answers it
        ("帮我写一个车险的文案吧", _COPY_KIND_ASKED, "answer"),
        ("A tablet, 8gb of memory, in black.", _PRODUCT_ASKED, "answer"),
    ],
)
def test_session_32_only_an_act_commanded_after_a_question_for_a_value(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # session 32, round 34's helpdesk callers: a step given as a suggestion, taken up or
        # its outcome told, answers it (session 29's "the step taken up, or its outcome told")
        (
            "Okay, I'm looking at the Services tab now.",
            "You can also open the Services tab to see what is running.",
            "answer",
        ),
        ("Sure, I'm waiting.", "I'll reset it now. Please hold on for a moment.", "answer"),
        (
            "I've unplugged it and plugged it back in… The screen still goes black.",
            "Try unplugging the cable and see if the screen stays on.",
            "answer",
        ),
        # ... a step told failed after a plain suggestion stays round 12's `other`
        (
            "I've restarted the printer, but it still isn't working.",
            "You might want to try restarting the printer.",
            "other",
        ),
        # ... a plan for later is the caller's own plan
        ("I can try that later.", "You might want to try restarting the printer.", "other"),
        # a suggestion accepted in a verdict on it answers it
        ("That sounds like a plan.", "Testing it on another port can help.", "answer"),
        # pushback on the steps asks nothing
        (
            "That sounds complicated. I just want my printer to work.",
            "We may need to reinstall the driver.",
            "other",
        ),
        # another fault told mid-call is a problem report
        (
            "I'll do that. Now, about the scanner—sometimes it freezes.",
            "You can update the driver from Device Manager.",
            "request",
        ),
        # the caller's own problem after the first offer of help
        (
            "Hi, this is Sam. I'm having some issues with my printer.",
            "Thank you for calling the helpdesk. How can I help you today?",
            "request",
        ),
        # a greeting that names the agent; a name alone after the offer of help
        ("Hi, Max", "Hello! How can I help you today?", "greeting"),
        ("I'm Tunde", "Hello! How can I help you today?", "other"),
        # facts asked in act words
        ("Can you confirm the delivery date for my order?", "Hello! How can I help?", "question"),
    ],
)
def test_round_34_callers_and_customers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a change to the user's own order asked in a question's words is a request
        ("能只取消耳机吗？", "订单还没发货，可以修改。", "request"),
        ("那我能不能先撤回这笔？", "转账还在处理中。", "request"),
        # a short command naming only the act the agent just offered takes it up
        ("转人工吧。", "这个我处理不了。如果您愿意，我可以为您转接人工客服。", "answer"),
        ("转人工吧。", "您的订单已经发货了。", "request"),
        # what remains, after a question for how many, answers it
        ("还有两天", "您还要在国外待几天？", "answer"),
        # thanks in its spoken form closes
        ("好，谢了！", "已为您办好了。", "greeting"),
        # a step reported done answers it when its outcome was asked or it worked; told
        # failed after a plain instruction it stays `other`
        ("试过了，还是没信号。", "请您重启一下手机，然后看看信号有没有恢复。", "answer"),
        ("重启了，现在能上网了。", "请您重启一下手机。", "answer"),
        ("重启了，还是不行。", "请您重启一下手机。", "other"),
    ],
)
def test_session_33_chinese_support_customers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


# Session 33: shapes from the blind made-up round mk35 (airline, retail, telecom and bank
# customers), each in sentences of our own.
_MK35_TOLD = "Your order ships on Monday by standard mail."


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # an act asked, then a question mark on its details alone: the act decides
        ("Can you split the charge? Half on each card?", _MK35_TOLD, "request"),
        ("Could you move it? To the 22nd?", _MK35_TOLD, "request"),
        # a lone word of surprise, or a value tried, is no detail of the act
        ("Can you move it? Really?", _MK35_TOLD, "request"),
        # ... and after the agent asked for a value, the fragment is the value
        ("Can you book it? Friday at 3?", "Which day suits you?", "answer"),
        # switching a plan or an item of the user's own is an act asked
        ("Could we switch to the family plan so the kids are covered?", _MK35_TOLD, "request"),
        ("Sure, go ahead. Also, can I switch the lamp to the brass one?", _MK35_TOLD, "request"),
        # a greeting that announces questions, with the user's own later act beside it
        ("Hi there! I have some questions before we pick a hotel.", "", "greeting"),
        ("Hi, I need to cancel my order before I travel.", "", "request"),
        # a thing of the user's wanted back or done to it: a remedy asked
        ("Hi, I got billed a late fee and I would like it waived please", "", "request"),
        (
            "Yes! I never ordered from them. I want that money back.",
            "Here are your charges. Is the Hexa charge the one you do not recognize?",
            "request",
        ),
        # ... not a fee's facts asked
        ("Hi, I got billed a late fee and I'd like to know why", "", "question"),
        # a wish to be told joined by "and" to an act on an object asks the act too
        ("I'd like to know what the upgrade costs, and book it if it's under $50.", "", "request"),
        ("I'd like to know the baggage fees and check-in times.", "", "question"),
        # an act pressed in a negative question, the turn's only question
        (
            "I've been a member for ten years. Couldn't you just refund it?",
            "The fee can't be removed under our policy.",
            "request",
        ),
        (
            "Why can't you find my booking?",
            "The fee can't be removed under our policy.",
            "question",
        ),
        # the user's own thing asked to be sent or moved, in the causative
        ("Can I have them shipped to my billing address? I travel a lot.", _MK35_TOLD, "request"),
        ("Can I have a look at the return policy?", _MK35_TOLD, "question"),
        # a count in words, with thanks, after the agent asked how many: the value asked
        ("Only two, thank you!", "How many seats should I hold for you?", "answer"),
        ("Thank you so much!", "How many seats should I hold for you?", "greeting"),
        # "What about X," then a question of its own: the question decides
        (
            "Ok. What about my dog, can she fly in the cabin?",
            "Would you like the 9:40 or the 11:15 flight?",
            "question",
        ),
        ("What about the 11:15?", "Would you like the 9:40 or the 11:15 flight?", "answer"),
        # a condition of the user's own before "can I": what the rules will allow, asked
        ("Great. And when I am back, can I change it to a later date?", _MK35_TOLD, "question"),
        ("Great. Can I change it to a later date?", _MK35_TOLD, "request"),
        # an option the agent's last message named, picked with assent, though nothing was asked
        (
            "Gift card is fine, I am not in a hurry.",
            "A gift card refund is instant; a card refund takes a week.",
            "answer",
        ),
        (
            "ok fine, keep the courier then",
            "You can keep the courier, or switch to pickup for free.",
            "answer",
        ),
        # the user's own purpose after a question, no act of the agent's
        (
            "Sure. Is the lounge open at 5 am? We need to eat before boarding.",
            _MK35_TOLD,
            "question",
        ),
        ("Is the lounge open at 5 am? I need to change my seat too.", _MK35_TOLD, "request"),
        # an option better in one way, asked after the one offered
        (
            "Three days? Isn't there a quicker way?",
            "The card ships by post and arrives within three days.",
            "request",
        ),
    ],
)
def test_mk35_customer_shapes(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # mk36 (made-up, session 33): approval in emoji alone after a report closes
        ("🙏", "Your refund of $40 has been issued to your card.", "greeting"),
        # a yes after a question asked answers it, thanks beside it
        ("yep correct, thanks!", "Is the new address 12 Pine St?", "answer"),
        # saying one needs to find a fact out asks it
        ("Hi, I need to check whether my hotel booking includes breakfast.", "", "question"),
        # a go-ahead, then the act the agent named in a bare command, accepts it ...
        ("fine. ok remove it", "Removing the warranty would lower the total to $80.", "answer"),
        # ... a second act beside it stays a request
        (
            "ok remove it and email me the receipt",
            "Removing the warranty would lower the total to $80.",
            "request",
        ),
        # incredulity, then a statement that asks nothing, is pushback
        ("what?? I returned it last week", "The item is still listed as not returned.", "other"),
        # a change to the user's own booking asked in a question's words is a request ...
        ("Can I switch it to the later train?", "Your train leaves at 9:10.", "request"),
        ("Can it ship to my office instead? 4 Quay St", "It ships to your home.", "request"),
        # ... a change on a supposition asks about an option
        # (an act deferred to later on a supposition asks the policy, whether the verb is
        # "switch" or "change"; the supposition may open the turn too)
        ("Can I switch plans later if I travel more?", "You are on Basic.", "question"),
        ("Can I change plans later if I travel more?", "You are on Basic.", "question"),
        ("If I travel more, can I switch plans later?", "You are on Basic.", "question"),
        # a want, then whether it can still be done, asks the change
        ("I want the large size instead, is it too late?", "Your order is placed.", "request"),
        # an act pressed for with "just" is a request
        ("come on. can't you just waive the fee", "A $25 fee applies.", "request"),
        # another thing's fact asked after "what about"
        (
            "thanks. what about my refund, has it gone through?",
            "Your exchange is done.",
            "question",
        ),
        # thanks, then chatter that asks nothing, closes
        ("thanks! the green one looks so much better lol", "Done, it's swapped.", "greeting"),
        # a greeting that announces questions, asking nothing yet
        ("Hello! Some questions about my stay. We arrive late.", "", "greeting"),
        # a thing the user was to get, reported missing ...
        ("I still haven't received the voucher", "We sent the voucher.", "request"),
        # ... but after the agent asked whether it shows, the user answers
        ("I don't see any lights on it.", "Do you see any lights on the modem?", "answer"),
        # a fact pressed for stays a question
        ("can't you just tell me where it is?", "I can open a trace.", "question"),
        # "I need it today" presses the same thing after incredulity
        ("monday?? I need it this week", "It will arrive Monday.", "other"),
        # a go-ahead, then a new thing wanted in a sentence of its own
        ("yes check the later ones. and I want a voucher", "I can check later flights.", "request"),
    ],
)
def test_mk36_support_customers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # mk37 (made-up, session 34): a bare reply to the agent's question, then a new act
        # asked, is labelled by the act ...
        (
            "Standard. Could you split the payment?",
            "Standard shipping is free, express costs $9. Which would you like?",
            "request",
        ),
        # ... or by the fact it asks
        (
            "the tent only. is there a packing charge?",
            "Do you want to return the tent or the whole order?",
            "question",
        ),
        # a change of the user's own thing asked in the passive is a request ...
        ("and my seat, can that be changed as well?", "Your bag is added.", "request"),
        # ... or of "the" thing the agent just named ...
        ("Can the fee be waived?", "A $20 fee applies to the change.", "request"),
        # ... what a kind of thing allows stays a question
        ("Can a promo fare be changed?", "Your bag is added.", "question"),
        ("Can the ticket be changed?", "Your bag is added.", "question"),
        # an act pressed for in a negative question, whatever its verb
        ("Can't you just close the account today?", "It closes at month end.", "request"),
        ("Can't you simply refund it?", "It is non-refundable.", "request"),
        ("Can't I get a credit for the delay?", "The flight landed 2 hours late.", "request"),
        # the user's own means applied to the user's own order
        ("Can I pay for my order with store credit?", "Your order is pending.", "request"),
        # ... a later order is the policy asked
        ("Can I use the credit on my next order?", "Your credit is $20.", "question"),
        # a notice asked for when a thing is back
        ("Could you let me know when the grey one is available?", "It's sold out.", "request"),
        # the step's outcome asked: the report that follows answers it
        (
            "the light blinks green twice. still no sound",
            "Hold the reset button for 10 seconds. Let me know what happens.",
            "answer",
        ),
        # an echo of the agent's figure with its marks, then a statement: pushback ...
        ("3 weeks?? that's ridiculous", "The repair takes about 3 weeks.", "other"),
        ("Ugh, really? I paid extra for it.", "The fee is not refundable.", "other"),
        # ... after the agent's question it replies to it
        (
            "Non-refundable? Nobody told me that.",
            "The fee is non-refundable. Shall I cancel the rest?",
            "answer",
        ),
        # "why would you …" with no question mark is rhetorical
        ("why would you send it to the old address", "It went to 4 Elm Rd.", "other"),
        # a one-letter acknowledgement
        ("k", "Your reference is QX-11.", "answer"),
        # "I'll …" naming the agent's step takes it up; with a time later it is a plan
        ("ok I'll try the website", "You can also renew it on our website.", "answer"),
        ("ok I'll do that tomorrow", "You can also renew it on our website.", "other"),
        # a yes, then a bare act on a pronoun, takes up what was proposed
        ("ok yes book it", "The later train has seats left.", "answer"),
        # an act "anyway" after the agent's caveat goes ahead with it
        ("fine. Ship the order anyway", "It may arrive after the weekend.", "answer"),
        # a want naming the remedy the agent said it can set up
        ("I just want a refund really", "If it fails again, I can arrange a refund.", "answer"),
        # a supposition, then whether the agent would pay for it, asks the policy
        ("if I take a taxi tonight, will you cover it?", "Your bag is delayed.", "question"),
        # a problem of the user's own booking, then what the agent can do, asks for help
        (
            "Hi. My ferry was cancelled and I stayed an extra night. What can you do for me?",
            "",
            "request",
        ),
        # a pick with "then", then how to pay for it
        (
            "ok, the early one then. Charge it to my card.",
            "Both sailings have seats.",
            "answer",
        ),
        # an option the agent named, picked with "let's do the … one"
        ("fine, let's do the walnut one", "The shelf comes in oak and walnut.", "answer"),
        # the act's word where a word of the agent's starts: "book" is not in "rebook"
        (
            "ok book the 9am. my number is 5521",
            "It usually runs on time; if not, we'd rebook you.",
            "request",
        ),
    ],
)
def test_mk37_support_customers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


# mk38 (made-up support runs, session 34): the shapes, in sentences written for the test.
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # "and X, <question>?" asks a fact of X, not the task again on X
        ("and the spare key, was it returned?", "Your locker is now closed.", "question"),
        ("Ok. And the fee is due Monday, will it clear?", "Your balance is $80.", "question"),
        # "and X?" right after the user's own question carries that question over
        ("nice! is the gym in the same block? and the pool?", "The flat is on Oak St.", "question"),
        # ... while a bare "and X?" after a result is still the task again on another object
        ("And the Marriott?", "The Hilton has rooms on the 4th.", "request"),
        # a go-ahead, then a bare pick of an option already on the table
        ("ok fine. do the refund", "The refund takes 5 days; the credit is instant.", "answer"),
        ("alright. just take the blue one", "It comes in red and blue.", "answer"),
        ("great. Plan B it is", "Plan B costs $5 more.", "answer"),
        ("Ok no problem. let's go with the oak then", "The walnut is sold out.", "answer"),
        # ... a new item of the user's own stays a request
        ("ok. cancel my order please", "The order ships tomorrow.", "request"),
        # a fault of the user's own thing, then what to do or how: a request
        ("hi my kettle came with a cracked lid. what can i do", "", "request"),
        (
            "Hello. I fly to Peru on Monday and I need my card to work there. How do I do that?",
            "",
            "request",
        ),
        # ... with no fault or want told, what to do stays the rules' reading
        ("What can I do?", "", "question"),
        # a want of an act with a permission tag asks for it
        (
            "Hey! The lamp is nice but too tall. I'd like to send it back if that's ok",
            "",
            "request",
        ),
        # ... a wish to be told whether it is possible asks a fact
        ("I would like to know if it is possible to ship it to Canada?", "", "question"),
        # why the user's own order has not moved is a fault told as a why
        ("why has my parcel not arrived. it's been 10 days", "", "request"),
        ("Why hasn't my refund come through?", "", "request"),
        # thanks, then a fact asked without its question mark
        ("thx. when does the shop open again", "Done, it's booked.", "question"),
        # ... thanks, then a remark, stays chat
        ("thanks! that was quick", "Done, it's booked.", "greeting"),
        # a lone dismissal
        ("fine, whatever", "The credit was applied.", "other"),
        # an acknowledgement, then a decline of more help with no thanks
        ("ok great. no that's it", "Your seat is 14C.", "answer"),
        # a remedy pressed for, "just" or not
        ("can't you refund it this one time", "The fee is $40.", "request"),
        # a question, then the user's own purpose: the question decides
        ("When does the bus arrive? I need to tell my dad.", "Bus 12 leaves at 9.", "question"),
        ("Why is that charge still there? I need that money today", "It is pending.", "question"),
        # ... a need of an act on a thing stays the act
        ("When does it close? I need that one fixed today.", "The store is on Elm St.", "request"),
        # a remedy demanded, then a question about it
        (
            "I expect a refund for this. What can you give me?",
            "Is there anything you'd like me to do?",
            "request",
        ),
        # the act the agent put forward as possible, asked with the same verb, takes it up
        (
            "Could you just refund me. I'm done with it",
            "I can refund you or send a new one. Which do you prefer?",
            "answer",
        ),
        ("yes renew it please", "You can renew the pass any time before it ends.", "answer"),
        # ... another verb is a new act
        ("cancel my old pass please", "You can renew the pass any time before it ends.", "request"),
        # ... and a bare command with no yes is a new ask
        ("Talk to a person.", "You can talk to me like a friend. How can I help?", "request"),
        # which of the listed options the agent would recommend is told
        (
            "ok. Which one would you suggest, the 12 inch?",
            "The 10 inch is $20; the 12 inch $30.",
            "question",
        ),
        # whether the agent's side pays for the user's own costs asks the policy
        (
            "fine. I need a charger tonight. Will you cover that?",
            "Your bag is delayed.",
            "question",
        ),
        # an answer, then another item of the user's own for the same act
        ("Visa. And the case as well", "Which card should the refund go to?", "request"),
    ],
)
def test_mk38_support_customers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


# mk38zh (made-up Chinese support runs, session 34): the shapes, in sentences written for the test.
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # whether the agent can refund, waive, stop or upgrade the user's own things: a request
        ("这双鞋不合脚，能退吗？", "", "request"),
        ("运费能免吗", "运费是12元。", "request"),
        ("你们就不能拦一下吗", "包裹已经发出。", "request"),
        ("能升头等舱吗", "", "request"),
        # ... one of the user's items named between 能不能 and the verb
        ("我买了三个杯子，能不能其中一个换成蓝色", "", "request"),
        # whether that is the only option stays a question (the rule asked)
        ("只能换吗?", "", "question"),
        # ... and so does where a refund goes
        ("退款能退到信用卡吗？", "退款会原路退回。", "question"),
        ("钱能退回原卡吗", "", "question"),
        # ... while a bare 退回 is the return itself, as 能退货吗 (session 34's review)
        ("这件衣服能退回吗", "", "request"),
        # ... and whether a thing is free of charge (免费), its price
        ("托运行李可以免费吗", "", "question"),
        # the act asked in a clause, a statement after it
        ("就不能减免一点吗，我用了很多年了", "手续费是50元。", "request"),
        # facts asked beside the act asked in another clause: the act decides
        ("我想问一下这个月话费多少，还有能不能分期", "", "request"),
        # ... but a sentence whose statements give its ground asks what the whole asks
        ("药吃了很久没什么效果，可以改服用别的药吗？", "", "question"),
    ],
)
def test_mk38zh_support_customers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # round 35 (session 34): a voice line's callers. The agent's hold taken up, thanks or
        # not, answers it (session 32) ...
        ("Sure, thanks.", "Let me look at the calendar. One moment.", "answer"),
        ("No worries. Take your time.", "Please hold while I pull that up.", "answer"),
        # ... but not once a result follows the hold, nor after a handover
        ("Great, thanks.", "Let me check. There are no seats left", "greeting"),
        ("Okay, thanks.", "I'm transferring you to a nurse now. Please hold.", "greeting"),
        # after a promise to come back, the wait told alone acknowledges it, with thanks closes
        ("Okay. I'll be here.", "I'll call you back when I have the dates.", "answer"),
        ("Okay. Thanks. I'll wait.", "I'll call you back when I have the dates.", "greeting"),
        # a check that the line is live asks no information
        ("Hello? You still there?", "The next opening is", "other"),
        ("Hi? Can you still hear me?", "Connecting you now.", "other"),
        # a restatement put with "Right?" asks it confirmed
        ("So the visit is at noon and I pay at the desk. Right?", "Pay at the desk.", "question"),
        # the name the agent checked, then the call's task: labelled by what it asks
        ("Yes. This is Ann. I'd like to book a cleaning, please.", "Is this Ann?", "request"),
        (
            "Hi, this is Omar Reyes, and I need to renew my prescription.",
            "Thanks for calling. Am I speaking with Ann?",
            "request",
        ),
        ("Yes, it's Ann. I wanted to check if you open on Sundays.", "Is this Ann?", "question"),
        # ... the topic only announced asks nothing yet
        ("Yes, this is Ann. I have some questions about billing.", "Is this Ann?", "answer"),
        # whether to come in, asked indirectly, is advice on the caller's own act
        ("Hi, my ankle is swollen and I'm not sure if I should come in.", "", "question"),
        # a greeting and the call's topic only, after a recording notice, opens the call ...
        ("Hi, I had a quick question about parking.", "This call may be recorded.", "greeting"),
        # ... the task said after it is labelled by the task
        (
            "Hi, I'm calling about my son. I need to find out when his visit is.",
            "This call may be recorded.",
            "question",
        ),
        # the act the agent offered, asked back with its verb, takes the offer up
        ("Could you check the week after?", "Would you like me to check later dates?", "answer"),
        ("Yes. Can I book the noon one?", "You like to book with her?", "answer"),
        # ... an item added asks for more than the offer named
        ("Can you add a salad too?", "Would you like to add a drink?", "request"),
        # a preference the agent asked for, then whether something fits it
        (
            "Evenings work better for me. Do you have anything on Monday?",
            "Any of these, or do you have a preferred time?",
            "answer",
        ),
    ],
)
def test_round_35_voice_line_callers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a payment reported done after the agent's link with its time limit
        ("付好了", "请在10分钟内点击链接完成支付。", "answer"),
        # a step reported done after numbered steps
        ("好了 打开了", "开启方法：\n1. 打开“设置”\n2. 找到“通话”并打开", "answer"),
        # the instruction taken up with what the user will do
        ("好的我试试", "您打开APP → “设置” → “账户”，点保存就可以了。", "answer"),
        ("哦好吧 那我自己弄", "需要您在页面选择尺码后点击“购买”就可以啦～", "answer"),
        # a resigned acceptance with a bare act, after the agent said why it cannot do more
        ("算了，那就改吧", "手续费这部分我这边无法减免。", "answer"),
        ("行吧 那你查吧", "查件结果出来之前没法直接补发。", "answer"),
        # ... but the user's own waiting or weighing is none of the agent's course
        ("好吧，那我等着了", "数量有限哦。", "other"),
    ],
)
def test_mk38zh_steps_taken_up(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # yes, then what a third party had the user do, told done: the reply
        ("是的，当时店员让我们填了表", "当时有店员登记过吗？", "answer"),
        # whether the user should do something (要不要 + the user's act) is advice asked
        ("那天会下雨吗，要不要带外套", "已为您订好。", "question"),
        # ... 要不要 before the agent's help stays the act asked
        ("要不要帮我查一下", "", "request"),
        # another option of the kind asked after the agent's limit, the agent's side named
        ("你们就没有别的办法吗？", "这个套餐不能加副卡。", "request"),
        ("有没有更便宜的航班", "这班还有座位，票价1200元。", "request"),
        # what to do now after a failure told
        ("那怎么办", "您的付款失败了，超过了单日限额。", "request"),
        # ... but a doctor asked about other treatments is asked to tell
        ("还有没有其他治疗方法？", "建议您按时服药。", "question"),
        # thanks with a hope for the outcome close
        ("好的，谢谢，希望尽快恢复", "维修工单已提交。", "greeting"),
    ],
)
def test_mk38zh_other_ways_and_advice(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # round 35 (session 34): assent, then what the agent needs, takes its ask up ...
        ("Sure! What do you need from me?", "Can you please", "answer"),
        # ... asked alone, what else it needs asks to be told
        ("Is there anything else you need to book the visit?", "Noted.", "question"),
        # a fact of the agent's side asked as a wish to check
        ("Hi. I just wanted to check if you accept Medicare", "How can I help?", "question"),
        ("That's fine. I'm only interested in knowing if you open late.", "Noted.", "question"),
        # ... "if you can move it" asks an act
        ("I wanted to check if you can move my visit to May.", "How can I help?", "request"),
        # words the line cut off: thanks cut short still thank; a question word alone is a
        # fragment
        ("Thank", "Your number is updated.", "greeting"),
        ("What", "Which visit would you like? For example,", "other"),
        # the agent asked to check again with the agent as doer is an act ...
        ("I booked it for May 3. You double check?", "I see no visit on May 3.", "request"),
        # ... checking and confirming whether it holds asks the fact
        ("Could you double-check and confirm if that's right?", "Total: $12.", "question"),
        # yes to an offer of help, then a wish to be told a fact
        ("Yes, I'd like to know when his next visit is.", "Can I help with his care?", "question"),
        # a restatement run on into "Is that right?" (the stop lost)
        (
            "That's fine. I'll ask about parking later. So just to confirm, you close at 5 on "
            "Friday at 12 Elm Is that right?",
            "I can connect you to the front desk. Would you like that?",
            "question",
        ),
        # a pick with the caller's own check tagged on it takes the option ...
        (
            "Yes. I'll take the noon one, please, just to confirm that's on Monday.",
            "We have 9 AM and noon on Monday. Would you like one of these?",
            "answer",
        ),
        # another slot asked after times listed or none open, the agent asking nothing
        ("Um, what about evenings?", "There are no openings on Monday morning.", "request"),
        ("Okay. Is there anything on Friday?", "We have 9 AM and 10 AM on Tuesday.", "request"),
    ],
)
def test_round_35_callers_asking_for_what_the_agent_needs_or_another_slot(
    text: str, previous: str, kind: str
) -> None:
    assert rule_turn(text, previous=previous) == kind


# mk39zh (made-up Chinese support runs, session 34): the GUIDELINE's lines in general form, in
# sentences written for the test.
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # an act of the user's supposed, then what it allows asked: the rules, a question
        ("那我要是下周不去了能退多少", "已为您查到订单。", "question"),
        ("如果我收到了不合适能换吗", "这款有现货。", "question"),
        # ... a concession asked under it stays a request
        ("如果我今天就下单，能再便宜点吗？", "", "request"),
        # a change of the user's things asked with 把, or an add, a look-up on the user's things
        ("能不能把我同事也加到这张订单里", "已为您改好。", "request"),
        ("那现在还能补买吗", "这张票没有买保险。", "request"),
        ("能查一下我上个月有没有交过费吗", "", "request"),
        # ... whether the user may look it up is asked to be told
        ("我自己能查吗？", "", "question"),
        # a want of an act beside a question is the task
        ("积分怎么兑换？另外我想把手机号改一下", "", "request"),
        # a look-up told, and a bare act opening the conversation
        ("你再查一下到达时间", "系统里没有到达时间。", "request"),
        ("取消预约 B7731", "", "request"),
        # assent said over, an acknowledgement run on after ok
        ("对对对", "确认修改请回复“确认”。", "answer"),
        ("ok明白", "支持七天无理由退货。", "answer"),
        # a pick settled on after the agent told what can be had
        ("那还是换货吧", "退款要等仓库收货，换货可以直接发。", "answer"),
        # ... an act asked of the agent for the user stays a request
        ("那就帮我把订单取消了吧", "已查到订单。", "request"),
        # the agent's advice taken up as the user's plan
        ("好的，那我去重置密码", "建议您尽快重置登录密码。", "answer"),
    ],
)
def test_mk39zh_support_customers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # more of the kind asked, the option unnamed: another search
        ("还有更便宜一点的吗", "这班经济舱1200元。", "request"),
        # "what now" with the user's own trouble beside it: help with the case
        ("那怎么办，我明天就要用", "包裹还在中转站。", "request"),
        # taking time to decide
        ("我再想想，回头再说", "请问您选哪个套餐？", "other"),
        # a greeting that only announces a question
        ("你好，问个事", "", "greeting"),
        # a pick with an act asked for the user stays a request
        ("那就早上那班吧，帮我订两张", "早上8点和下午3点各有一班。", "request"),
    ],
)
def test_mk39zh_options_pushback_and_greetings(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # "怎么回事" with the user's own need after it: help with the case
        ("航班怎么又改时间了？怎么回事，我今天必须到上海", "", "request"),
        # a new task added after taking up the agent's course, or after answering it
        ("行，就按这个办吧，顺便帮我把自动续费关了", "需要我现在帮您提交吗？", "request"),
        ("不是我买的。我要挂失这张卡", "这笔消费您有印象吗？", "request"),
        # the place to do the user's own step asked
        ("发票在哪里申请", "订单已完成。", "question"),
        # a hedged value given for the one asked
        ("应该是K2238吧", "您要查哪个车次？", "answer"),
        # a yes-no question in the spoken "V不" form
        ("我的是旧款路由器，兼容不", "这款网卡支持WiFi 6。", "question"),
        # ... a negation the user says of themselves is none
        ("我也不", "您需要加购吗？", "answer"),
    ],
)
def test_mk39zh_tasks_added_and_values_hedged(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


# mk40 (made-up support runs, session 34): the GUIDELINE's lines in general form, in sentences
# written for the test.
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # a "?" of the user's own doubt on a statement is no question ...
        ("booked under my sons name maybe? Leo Park, 60614", "What name is it under?", "answer"),
        (
            "My router stopped working. I plugged it back in I think properly? Acct 55-12",
            "",
            "request",
        ),
        # ... while a sentence that asks by its form keeps its mark
        ("Is it the red one maybe?", "It comes in red and green.", "question"),
        # a question typed without its "?", labelled by what it asks
        ("or could i just pick it up at the store", "It will ship on Monday.", "question"),
        (
            "ok and if it rains can i still use the ticket",
            "The ticket is valid all day.",
            "question",
        ),
        ("yes send it. and how do I know when it arrives", "Shall I send it?", "question"),
        # ... but not a why: rhetorical pushback
        ("why would you charge me twice", "Both charges went through.", "other"),
        # the agent names the values it needs without a question mark
        (
            "22 Elm Rd, Leeds LS1 4AB. 0113 555 0199",
            "I need a postal address and a phone number, please.",
            "answer",
        ),
        # thanks in another language
        ("no merci", "Is there anything else I can help with?", "greeting"),
        (
            "alright, I'll watch for the text. gracias",
            "You will get a text when it ships.",
            "greeting",
        ),
        # a hand-off the agent names, taken up after a go-ahead; without one it is asked
        ("ok, connect me", "A specialist can look at the claim with you.", "answer"),
        ("Connect me to an agent.", "I can't change the seat.", "request"),
        # an option picked with "then … I guess", or by its number
        ("Then the voucher I guess, I rarely travel.", "The refund takes two weeks.", "answer"),
        ("ok, I'll take option 2 please", "There are two ways to do it.", "answer"),
        (
            "sure lets do express. the visa is fine",
            "Express costs $9 and arrives Tuesday.",
            "answer",
        ),
        # a remedy asked, another payment asked, an act asked with whether it is doable
        (
            "ok. so what are you going to do about it",
            "The parcel has not moved in a week.",
            "request",
        ),
        ("credit, but can it go to my mastercard instead?", "Refund or store credit?", "request"),
        ("Hello! I'd like to add a second bag to my trip, is that possible?", "", "request"),
        # a status checked on in an opener
        ("Hello, following up on a refund I asked for. Order 4471", "", "question"),
        # the step's outcome told with the subject dropped
        (
            "ok restarted it, now it shows bars",
            "To reset it: hold the power key, then tap Restart.",
            "answer",
        ),
        # a go-ahead on the act the agent can do; "do it <when> then" picks when
        (
            "ok fine, send it",
            "I can send the replacement today, or you can wait for the refund.",
            "answer",
        ),
        ("just do it next month then", "Changing now costs $4; next month it is free.", "answer"),
        # the alternative of the agent's question, typed back first
        ("keep. I'll think about it", "Do you want to return it, or keep it?", "answer"),
        # another date after a list of options with their prices
        (
            "hmm what about the 20th?",
            "There are two trains: 8:10 for $40 and 9:30 for $35.",
            "request",
        ),
        # a bare need and then what can be added; where a lost thing of the user's is
        ("I need roaming for a trip to Spain. what can I add", "", "request"),
        ("where is my parcel. it said delivered but never came", "", "request"),
        # a pick, then a new act with an object the agent did not name
        ("the 9:15 one. and add a car seat", "Two flights: 9:15 or 13:40. Which one?", "request"),
        # ... an act on what was named is the task under way
        ("the 9:15 one. and book it", "Two flights: 9:15 or 13:40. Which one?", "answer"),
        # the act offered, proposed with the agent's value
        ("ok do 300 today?", "I can send up to $300 today or all of it Monday. Which?", "answer"),
        # the agent's figures said back before a pick
        (
            "a week. so the small one is 20 and the big one is 30? big then",
            "Small is $20, big is $30. How long do you need it?",
            "answer",
        ),
    ],
)
def test_mk40_support_customers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


# mk40zh (made-up Chinese support runs, session 34; tuned in session 35): the GUIDELINE's lines
# in general form, in sentences written for the test.
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # whether the agent can act on the user's things, the thing put first by 把 or adverbs
        ("我想问问能不能只把那双鞋退掉，别的留着", "", "request"),
        ("袜子能不能也一起换成大号", "确认换货吗？", "request"),
        ("顺便可以开个收据吗", "已为您退款。需要别的帮助吗？", "request"),
        # an act told with 吧 beside a question: the act decides
        ("那改到周五吧，改签要手续费吗", "周五还有座位。", "request"),
        # ... after the agent asked a choice, the act told picks it and the question decides
        ("退到银行卡吧，几天能到账？", "可以退回原卡或者余额，请问选哪种？", "question"),
        # a bare want of an act beside a question
        ("我想知道积分怎么用，还有那个杯子想退了", "", "request"),
        # after a confirmation, a further act opened by 对了 / 还有
        ("确认。对了，以后发票也帮我开成公司抬头", "确认提交吗？", "request"),
        # a trouble supposed and what then asked: the rules, a question
        ("那要是寄丢了怎么办", "已经发货了。", "question"),
        # ... the agent's own course asked is none of it
        ("如果两件事冲突了你会怎么办", "", "request"),
    ],
)
def test_mk40zh_acts_asked_and_added(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # the need said met, no "no" before it: a closing
        ("行，那没问题了", "发票会发到您的邮箱。", "greeting"),
        ("好的，就这样吧", "退款已经原路退回。", "greeting"),
        # the agent's offer taken up in an order's words
        ("那你帮我退订吧", "如果不需要的话，我也可以帮您退订这个会员。", "answer"),
        # ... an order that repeats no word of the offer stays a request
        ("那你帮我改地址吧", "我也可以帮您退订这个会员。", "request"),
        # a fact asked with a wh-word of number or time, or as A不A, and no mark
        ("快递几点能到", "已经发货了。", "question"),
        ("在国外用流量贵不贵", "漫游已开通。", "question"),
        # ... a whether inside the user's own act, or "a few", asks nothing
        ("我留意一下带不带发票", "好的。", "other"),
        ("送我几张优惠券就好了", "给您添麻烦了。", "other"),
    ],
)
def test_mk40zh_closings_offers_and_bare_questions(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # more of a kind asked with a quality worded "X一点的": another option
        ("那有没有内存大一点的手机", "这款是128GB的。", "request"),
        # a want to book told at the opening, beside how it goes
        ("我想帮我妈订一张去成都的票，这个怎么操作", "", "request"),
        # a figure the agent gave, echoed with a question mark and nothing asked after it
        ("50？？这么少", "按规定可以补偿50元。需要现在发放吗？", "other"),
        # ... a question beside it asks
        ("50？是按什么标准算的", "按规定可以补偿50元。需要现在发放吗？", "question"),
        # incredulity at what the agent told
        ("不会吧，周末一间房都没有？", "查了一下，周末没有空房了。要看看下周吗？", "other"),
        # a value given for a field of the case with nothing asked
        ("好的，新地址是上海市静安区某路88号", "改地址需要额外收取运费。", "answer"),
        # the check the agent asked for reported, failure or not
        ("我看了，电源是开着的，还是不亮", "您先检查一下路由器的电源有没有接好。", "answer"),
        # the agent's offer named before it in its sentence, taken up
        ("那你把下个月的暂停吧", "下个月需要暂停的话，我现在可以帮您办。", "answer"),
    ],
)
def test_mk40zh_options_values_and_pushback(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind


# mk39 (made-up support runs, session 34): the shapes, in sentences written for the test.
@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        # an answer, then a new act the agent did not ask about ("Also", "and"): the act decides
        (
            "Yes, that's right. Also the zip code on my account is wrong.",
            "I'll update the phone number to 555-0101. Is that correct?",
            "request",
        ),
        (
            "Yes go ahead. And send me a receipt by email.",
            "Shall I cancel order 18 for you?",
            "request",
        ),
        (
            "The blue one. Oh and is there any way to get it gift wrapped?",
            "Which colour would you like?",
            "request",
        ),
        # ... a lone "any way" may ask what the policy allows
        (
            "Is there any way to get a credit instead?",
            "That fare can't be refunded after 24 hours.",
            "question",
        ),
        # an act asked in a question's words with a softening adverb or another doer
        (
            "Can I at least get it exchanged?",
            "The return window closed last week.",
            "request",
        ),
        (
            "Can they call me back instead?",
            "Your ticket is in the queue.",
            "request",
        ),
        (
            "ok fine. can I at least get a late checkout?",
            "Your room is booked for two nights.",
            "request",
        ),
        # ... a fact asked stays a question, and so does an act only supposed
        (
            "Can I at least get the tracking number?",
            "Your parcel left the depot.",
            "question",
        ),
        (
            "Great. And when I'm back home, can I book the same room again?",
            "Your stay is cancelled.",
            "question",
        ),
        # an act asked beside a fact asked: the act decides
        (
            "Can I swap the color to green? How long would that take?",
            "Your order is packed and ships tomorrow.",
            "request",
        ),
        # the handoff to the team the agent named, taken up
        (
            "Fine. Please transfer me.",
            "The billing team can look at older charges.",
            "answer",
        ),
        # ... with no team named, asking for a person is a request of its own
        (
            "Transfer me to a person.",
            "Your order shipped today.",
            "request",
        ),
        # the option on the table picked with "go with" or "do both"
        (
            "ok, go with the grey",
            "The grey ships today and the white next week.",
            "answer",
        ),
        (
            "Alright, do both.",
            "I can refund the fee and I can add the bonus.",
            "answer",
        ),
        # thanks "though" after declining: a closing
        (
            "Nah, I'll wait until payday. Thanks for checking though!",
            "The upgrade would cost $40.",
            "greeting",
        ),
        # a fact asked, then the user's own purpose of the thing
        (
            "When does it ship? I need the lamp for a party on the 3rd.",
            "Your order is packed.",
            "question",
        ),
        # a fact asked without its question mark
        (
            "Friday. I'm away then. So what happens if nobody is home",
            "Delivery is set for Friday.",
            "question",
        ),
        # a correction opened with "actually" answers the agent's yes-or-no on its act
        (
            "Hmm, actually just the charger. Can you keep the rest?",
            "That leaves the laptop, the charger and the bag. Cancel all three?",
            "answer",
        ),
        # ... after an open question it stays the user's new ask
        (
            "Actually, can we look at hotels in Porto too?",
            "Would you like more details on any of these?",
            "request",
        ),
        # after the answer, a remedy the agent did not offer demanded
        (
            "B7K2Q. But I don't want points, I want my money back.",
            "I can add 2,000 points to your account. What's your booking code?",
            "request",
        ),
        # a fault of the user's own thing and, after a comma, whether something is wrong
        (
            "hey my internet has been really slow all week, is something wrong with the line?",
            "",
            "request",
        ),
        ("I missed my flight to Lyon because the train was late. What now?", "", "request"),
        # an urging after the values asked for asks nothing of its own
        (
            "4471, 12 May 1980. hurry up please",
            "Please give me your member number and birth date.",
            "answer",
        ),
        # thanks in another language closes
        ("Perfect, gracias!", "Your new card is on its way.", "greeting"),
        # a question in a statement's order after "And X,"
        ("Thanks. And the blanket, it is refundable?", "The lamp is back in stock.", "question"),
    ],
)
def test_mk39_support_customers(text: str, previous: str, kind: str) -> None:
    assert rule_turn(text, previous=previous) == kind
