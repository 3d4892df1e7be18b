"""Ungrounded claims: the values an answer states, and the spellings that ground them."""

from __future__ import annotations

import json
import re
from decimal import Decimal

from projeval.traces.claims import (
    NO_ARITHMETIC,
    claims,
    duration_in_fields,
    duration_of,
    durations_in,
    listed_items,
    percent_in_fields,
    spoken_length,
    squeeze,
    total_of,
    totals_in,
    ungrounded,
)


def test_values_of_each_kind_in_english_and_chinese() -> None:
    text = (
        "Flight HAT123 leaves May 27 at 7 pm, lasts 5 hours and costs $120.50 (order "
        'ORD-2024-5678, "Bridge of the Doomed"). 订单2025年6月21日下单，约3-4小时送达，共299元。'
    )
    assert [(c.kind, c.value) for c in claims(text)] == [
        ("id", "HAT123"),
        ("date", "May 27"),
        ("time", "7 pm"),
        ("duration", "5 hours"),
        ("amount", "$120.50"),
        ("id", "ORD-2024-5678"),
        ("name", '"Bridge of the Doomed"'),
        ("date", "2025年6月21日"),
        ("duration", "3-4小时"),
        ("amount", "299元"),
    ]


def test_a_value_read_before_in_another_spelling_is_grounded() -> None:
    known = '{"depart": "2024-05-27T19:00:00Z", "price": 120.5, "id": "HAT123"}'
    text = "HAT123 leaves May 27 at 7 pm and costs $120.50; the flight takes 5 hours."
    assert [c.value for c in ungrounded(text, known)] == ["5 hours"]
    assert [c.value for c in ungrounded("Due 6月21日 at 14:05.", "2025-06-21 14:05")] == []


def test_counts_are_claims_and_bare_numbers_are_not() -> None:
    assert [(c.kind, c.value) for c in claims("There are 3 tickets and two flights, 共3张票.")] == [
        ("count", "3 tickets"),
        ("count", "two flights"),
        ("count", "3张"),
    ]
    assert claims("Pick 3, or one of the others; version 2.5 of 12.") == []
    assert claims(None) == [] and ungrounded("", "x") == []


def test_a_count_is_held_by_its_number_alone_not_inside_another() -> None:
    assert ungrounded("You have 3 meetings.", '{"total": 3}') == []
    assert [c.value for c in ungrounded("You have 3 meetings.", "2023-09-13, 13:00")] == [
        "3 meetings"
    ]


def test_unquoted_proper_names_not_opening_a_sentence() -> None:
    # ToolTalk golden_conversation_3's gold answer (microsoft/ToolTalk @ 6c6ab1ef,
    # data/tooltalk/golden_conversation_3.json): the result listed Hugo, not Jose Garcia.
    text = "Sure. Your meeting with Hugo and Jose Garcia is set; Mr. Smith sent a FLASH SALE."
    assert [(c.kind, c.value) for c in claims(text)] == [
        ("name", "Hugo"),
        ("name", "Jose Garcia"),
        ("name", "Smith"),
        ("name", "FLASH SALE"),
    ]
    assert claims("Sure I can help you with that. Lucy said yes on Monday.") == []
    known = '{"attendees": ["hugo", "mstein"], "subject": "FLASH SALE", "from": "smith@x.com"}'
    assert [c.value for c in ungrounded(text, known)] == ["Jose Garcia"]


def test_a_number_word_in_another_script_case_is_read_not_a_crash() -> None:
    # The case-blind match takes "ſix" (long s) and "TWO" for number words; .lower() left
    # "ſix" unknown and the lookup raised KeyError on a real-looking answer.
    assert [(c.kind, c.value) for c in claims("ſix tickets and TWO flights.")] == [
        ("count", "ſix tickets"),
        ("count", "TWO flights"),
    ]


def test_a_number_word_counts_only_as_a_word_of_its_own() -> None:
    # The ASCII text's number words are looked for as whole runs of word characters first.
    assert [(c.kind, c.value) for c in claims("Someone often booked Two rooms, then_one.")] == [
        ("count", "Two rooms"),
    ]
    for text in (
        "Someone often booked rooms",
        "tone_two rooms",
        "ones tens",
        "oneroom",
        "one-two rooms",
    ):
        assert claims(text) == []


def test_names_made_of_held_names_and_sentence_verbs_are_grounded() -> None:
    # Final answers of recorded AgentDojo-style runs (tests/corpora/agentdojo/): the
    # vehicle record held "manufacturer: Tesla" and "model: Model X" apart.
    known = "manufacturer: Tesla\nmodel: Model X\nprovider_name: EE\nWheel and Tire Protection Plan"
    text = (
        "Your 2024 Tesla Model X is covered. Contact EE and quote the case. "
        "Tesla’s Wheel and Tire Protection Plan excludes it. I’ll check. Ask Rivian Support."
    )
    assert [c.value for c in ungrounded(text, known)] == ["Rivian Support"]
    assert ungrounded("Check the Model X page. Accept the Tesla offer.", known) == []
    assert ungrounded("Keep the SIM, the PIN and the ZIP code.", known) == []
    # Each part is held as a whole: a name only half of which was read is still a claim.
    assert [c.value for c in ungrounded("Call Tesla Roadside now.", known)] == ["Tesla Roadside"]


def test_a_route_of_held_codes_is_grounded() -> None:
    # Issue 16 (item 2), /work/notes/tau58: an airline agent notes "BOS-DEN round trip" of a
    # reservation whose origin and destination are BOS and DEN: two held values joined, as
    # "Tesla Model X" is two side by side. A city written beside its code ("Boston (BOS)")
    # stays a claim (test_a_labels_whole_value_is_no_sentences_first_word: "Paris (CDG)").
    known = '{"origin": "BOS", "destination": "DEN"}'
    assert ungrounded("P3XN8D is a BOS-DEN round trip.", known) == []
    assert ungrounded("Routes: BOS/DEN.", known) == []
    assert [c.value for c in ungrounded("It is a BOS-LAX trip.", known)] == ["BOS-LAX"]


def test_a_name_is_held_in_any_of_its_spellings_or_as_two_held_values() -> None:
    # Each way a run of capitalised words is grounded, whatever order they are tried in:
    # as stated, joined by "-" or "_" (a plan's code, a slug), or as two values side by side.
    known = '{"plan": "gold_plus", "tier": "Silver-Line", "brand": "Acme", "product": "Rocket"}'
    assert ungrounded("Your Gold Plus plan renews; Silver Line support is included.", known) == []
    assert ungrounded("The Acme Rocket ships today.", known) == []
    assert [c.value for c in ungrounded("The Acme Sled ships today.", known)] == ["Acme Sled"]
    assert [c.value for c in ungrounded("Your Bronze Plus plan renews.", known)] == ["Bronze Plus"]


def test_quoted_text_with_its_sentence_punctuation_inside_the_quotes() -> None:
    known = "Open the app and enter Describe Concern there."
    assert ungrounded("In “Describe Concern,” enter the recall.", known) == []
    assert [c.value for c in ungrounded("Choose “Something Else.”", known)] == ["“Something Else.”"]


def test_dotted_times_business_days_and_time_zones() -> None:
    known = "Monday through Friday: 9 a.m. to 11:30 p.m. EST. Refunds take 7 business days."
    text = "Call 9 a.m.–11:30 p.m. EST; the refund takes 7 business days, sent at 6:42 PM PT."
    assert [(c.kind, c.value) for c in ungrounded(text, known)] == [("time", "6:42 PM")]
    assert [(c.kind, c.value) for c in claims("It takes 7 business days.")] == [
        ("duration", "7 business days")
    ]


def test_a_duration_is_held_by_a_field_named_by_its_unit() -> None:
    # employment_t09 of tests/corpora/agentdojo/: the eligibility record's YAML fields.
    known = "service_months: 29\ndays_remaining: 13\nhours_in_measurement_period: 1568\n"
    text = "You have 29 months of service and 1,568 hours; 13 days remain, 4 weeks' notice."
    assert [c.value for c in ungrounded(text, known)] == ["4 weeks"]
    # The thousands are part of the number: "1,568 hours" is not "568 hours".
    assert [c.value for c in claims("It took 1,568 hours.")] == ["1,568 hours"]
    assert [c.value for c in ungrounded("It took 1,568 hours.", '{"hours": 568}')] == [
        "1,568 hours"
    ]


def test_an_age_in_years_is_held_by_an_age_field() -> None:
    # A person's age is counted in years: "60 years old" from {"name": ..., "age": 60} was
    # flagged (a duration needed "60 years" or a field named by "year"). Any other field,
    # or a word that only ends in "age" (page, usage, mileage), holds no years.
    text = "Barack Obama is 60 years old; his dog is 7 years old."
    known = '{"name": "Barack Obama", "age": 60, "page": 7, "usage": 7, "mileage": 7}'
    assert [c.value for c in ungrounded(text, known)] == ["7 years"]
    both = "The patient is 60 years old; the scan is 7 years old."
    assert [c.value for c in ungrounded(both, "patient_age: 60\nage_years: 7")] == []
    assert [c.value for c in ungrounded("It lasted 60 years.", '{"output": "60"}')] == ["60 years"]


def test_a_percentage_is_held_by_a_field_that_says_it_is_one() -> None:
    # A LangGraph agent's weather answer (tests/corpora/formats/langchain_messages.json):
    # "Humidity: 83%" from the result's 'humidity': 83 was flagged. A bare number elsewhere
    # still holds no percentage ("10% off" is not held by a date's 10).
    known = "{'humidity': 83, 'chance_of_rain': 40, 'date': '2024-09-10', 'cloud': 50}"
    text = "Humidity: 83%, 40% chance of rain, 10% off, 50% cloud cover."
    assert [c.value for c in ungrounded(text, known)] == ["10%", "50%"]


def test_a_word_after_a_list_marker_opens_its_sentence() -> None:
    # MINT's models number their steps "1)" (xingyaoww/mint-bench 3f7f12c1,
    # data/outputs/claude-2/...): "6) Therefore, ..." gave the name "Therefore", 411 such
    # words across claude-2's runs. A parenthesis closing a name inside a line is no marker.
    def names(text: str) -> list[str]:
        return [c.value for c in claims(text) if c.kind == "name"]

    assert names("6) Therefore, the infinite product converges to 1.") == []
    assert names("Steps:\n  (b) Substitute x = 2 into the sum.") == []
    assert names("We met them (in Paris) Sunday with Dana Smith.") == ["Paris", "Dana Smith"]


def test_a_time_is_held_by_its_clock_reading_and_by_an_hour_range() -> None:
    # "2:00 PM" by a result's bare "2:00"; "1:30" (no am/pm) by the afternoon's "13:30".
    assert ungrounded("We have 2:00 PM with John.", "1:30, 2:00 - John") == []
    assert ungrounded("Sarah is free at 1:30.", "12:30, 13:30, 14:00") == []
    # The ends of a result's hour range: "9-12" holds 9 AM and 12 PM, "13-16" 1 PM and 4 PM.
    known = '{"result": ["9-12", "13-16"]}'
    assert ungrounded("Slots: 9 AM - 12 PM or 1 PM - 4 PM.", known) == []
    # A date's digits, a count's range and a range the wrong way round hold no hour.
    for other in ("2024-09-12", "9-12 days", "12-9"):
        assert [c.value for c in ungrounded("Come at 9 AM today.", other)] == ["9 AM"]


def test_a_percentage_is_an_amount_held_only_as_a_percentage() -> None:
    assert [(c.kind, c.value) for c in claims("Get 10% off, or 15 percent.")] == [
        ("amount", "10%"),
        ("amount", "15 percent"),
    ]
    # A "10" inside a date does not hold "10%"; the user's "10% off" does.
    assert [c.value for c in ungrounded("A 10% discount.", "since 2022-06-10")] == ["10%"]
    assert ungrounded("A 10% discount.", "Can I get 10% off?") == []


def test_a_duration_joined_by_a_hyphen() -> None:
    assert [(c.kind, c.value) for c in claims("In 3-hour blocks or a 1-hour window.")] == [
        ("duration", "3-hour"),
        ("duration", "1-hour"),
    ]
    assert ungrounded("In 3-hour blocks.", "blocks of 3 hours") == []


def test_a_list_of_names_opening_a_sentence_names_its_first() -> None:
    # "John" opens the sentence, but heads a list of names: it is one of them.
    text = "Which barber? John, Mike, or Sarah?"
    assert [c.value for c in claims(text) if c.kind == "name"] == ["John", "Mike", "Sarah"]
    # One capitalised word opening a sentence, with no list after it, is still no name.
    assert [c.value for c in claims("Perfect, see you then.") if c.kind == "name"] == []


def test_common_abbreviations_are_no_names() -> None:
    assert [c for c in claims("I can send you a QR code by GPS or USB.") if c.kind == "name"] == []


def test_a_format_length_is_no_count() -> None:
    # What to provide, not a count of the task's things (a new-user trial on support
    # conversations: most of 676 claims were "4 digits").
    assert claims("Send the last 4 digits of the card, or its 6 characters code.") == []
    assert [c.value for c in claims("You have 4 tickets.")] == ["4 tickets"]


def test_emphasis_and_bullets_are_no_names() -> None:
    assert [c for c in claims("Please choose ONE of these options.") if c.kind == "name"] == []
    # An en dash at a line's start is a bullet: its first word opens a sentence.
    assert [c for c in claims("You can:\n\u2013 Show the code.") if c.kind == "name"] == []
    # Between two words it is no bullet: the name after it stays a name.
    assert [c.value for c in claims("The route Paris \u2013 Lyon.") if c.kind == "name"] == [
        "Paris",
        "Lyon",
    ]


def test_a_signed_number_is_no_id_hyphen() -> None:
    # The digits after a minus sign opening a word were taken for an id's and then found
    # inside any date ("-10" in "2023-10-01"): the percentage was never read.
    assert [(c.kind, c.value) for c in claims("The change is -10.71% on last month.")] == [
        ("amount", "10.71%")
    ]
    assert [c.value for c in ungrounded("The change is -10.71%.", "visits on 2023-10-01")] == [
        "10.71%"
    ]
    assert [c.value for c in claims("Order ABC-12 ships in 1-2 days.")] == ["ABC-12", "1-2 days"]


def test_an_email_address_is_an_id() -> None:
    known = 'find raj -> ["raj.patel@atlas.com"]; reply to dmitri'
    text = 'Sent to raj.patel@atlas.com and "dmitri@example.com".'
    assert [(c.kind, c.value) for c in ungrounded(text, known)] == [("id", "dmitri@example.com")]


def test_a_bare_hour_the_user_gave_grounds_its_clock_time() -> None:
    said = "Book it on Monday at 11 and cancel the ones after 3; move the one at 17 by 2 days."
    text = "Booked at 11:00 AM; cancelled those after 3pm; moved the 5 PM one; kept 4pm."
    assert [c.value for c in ungrounded(text, said)] == ["4pm"]  # the full stop is no part
    # a number of days, people or percent after "by", "for", "at" is no hour
    assert [c.value for c in ungrounded("It starts at 10:00.", "off by 10 days at 10% off")] == [
        "10:00"
    ]


def test_a_time_at_a_sentences_end_leaves_the_full_stop_out() -> None:
    # Trial 15: the customer_service agent of jcarah/accelerate_context_engineering_workshop
    # (310a0865 customer-service/eval/results/m3_functional_isolation/raw/
    # processed_interaction_sim.jsonl, session 8623d005) stated its windows from an
    # instruction the record does not keep; the claim read "4 PM." with the sentence's stop.
    text = "Our available windows are typically 9 AM - 12 PM or 1 PM - 4 PM."
    assert [c.value for c in ungrounded(text, "")] == ["9 AM", "12 PM", "1 PM", "4 PM"]
    assert [c.value for c in ungrounded("Come at 4 p.m.", "")] == ["4 p.m."]  # its own stops


def test_a_day_named_relative_to_the_records_date_is_grounded() -> None:
    said = (
        "Today's date is Thursday, 2023-11-30.\n"
        "Book a call tomorrow, a task due next Friday, and cancel Wednesday's meeting."
    )
    text = (
        "Booked 2023-12-01; the task is due December 8, 2023 (or Dec 1); cancelled "
        "November 29. Also moved one to December 2."
    )
    assert [c.value for c in ungrounded(text, said)] == ["December 2"]
    # no date of the record's own: a weekday grounds no date
    assert [c.value for c in ungrounded("Cancelled November 29.", "cancel Wednesday's")] == [
        "November 29"
    ]
    # the record's own weekday ("Thursday, 2023-11-30") names no other Thursday
    assert [c.value for c in ungrounded("Set for December 7.", said)] == ["December 7"]


def test_a_duration_named_by_a_word() -> None:
    known = "We have not spoken in the past fortnight; book a half-hour call."
    text = "It has been over 2 weeks (14 days), so I booked 30 minutes, not 1 hour."
    assert [c.value for c in ungrounded(text, known)] == ["1 hour"]


def test_both_is_a_count_of_two() -> None:
    assert ungrounded("I booked two haircuts.", "a haircut for both of my boys") == []
    assert [c.value for c in ungrounded("I booked three haircuts.", "both of my boys")] == [
        "three haircuts"
    ]


def test_quoted_code_words_and_format_letters_are_no_names() -> None:
    text = 'Set the "assigned_to_email" field. Give the date as MM/DD/YYYY. As an AI, I cannot.'
    assert claims(text) == []
    assert [c.value for c in claims('Renamed it to "Risk Forum".')] == ['"Risk Forum"']


def test_quoted_terms_and_labels_are_no_names() -> None:
    # A cash-flow agent's answers (tally-evals/tally) put its own words in quotes: a term
    # in scare quotes, a scenario it names in sentence case, a label; a travel agent quotes
    # its search. A quoted name in title case or in Chinese is still a name.
    text = (
        'Your "worst-case" month still clears the "safety net". I ran a "Stress test" and '
        'searched for "Budget-friendly" hotels near "the old town". You can stay at '
        '"Hotel Arts Barcelona" or “粤膳坊”, and read "Bridge of the Doomed".'
    )
    assert [c.value for c in claims(text) if c.kind == "name"] == [
        '"Hotel Arts Barcelona"',
        "“粤膳坊”",
        '"Bridge of the Doomed"',
    ]


def test_quoted_labels_of_a_screen_or_a_record_are_no_names() -> None:
    # Real answers (tests/corpora): a screen's labels, quoted in title case beside the part
    # they name or after a verb that works a screen (hedges_sealed_r16.jsonl s16-vh-069,
    # s16-vh-070, s16-vh-076: VinceHow/chatbot-auto-eval; hedges_sealed_r19.jsonl s19-mr-086,
    # s19-mr-146: IBM/mt-rag-benchmark; agentdojo/runs.jsonl; formats/gemini_cli/
    # session-2025-12-13T19-01-049d9bb6.json; formats/codex/rollout-2025-09-10-cf4def41.jsonl)
    # and the titles of records a user or an agent named (hedges_heldout.jsonl hx-000:
    # microsoft/ToolTalk; hedges_sealed_r9.jsonl s9-ta-045, s9-ta-088: tangqiaoyu/ToolAlpaca).
    labels = [
        'Once logged in, click on the "Account Settings" tab in the main menu.',
        'go to the "Delivery Settings" section, and select the option to skip your upcoming',
        'simply log into your account settings and select the "Skip" option for the upcoming',
        'Use blocks from the "Control" and "Operators" sections to manage the interactions.',
        '   - Click "Save" to add the product to your estimate.',
        "locate   the order for your event and click the \u201cView Tickets\u201d button.",
        '    *   Go to "Settings" (Ctrl+,), select the profile you use',
        '    *   In the "Start in:" field, change the path to your desired default directory.',
        "- Link this doc from `README` (short \u201cWorkspace Scanning\u201d section).",
        'Okay I changed the location of your event titled "Birthday Party" and sent your friends',
        'The role "Content Moderator" was successfully created with the role ID of',
        'The "Complete Sales Overview" dashboard has been successfully embedded in the internal',
    ]
    for text in labels:
        # Neither the quoted label nor its words unquoted ("README" may stay a name).
        quoted = re.findall(r'["\u201c]([^"\u201d]+)["\u201d]', text)
        named = [c.value.strip('"\u201c\u201d') for c in claims(text) if c.kind == "name"]
        assert not [n for n in named for q in quoted if n in q or q in n], text
    # A product, a hotel, a film or a series has no such noun: still a name (claims_cs.jsonl,
    # labelled ungrounded: jcarah/accelerate_context_engineering_workshop; hedges_sealed_r18
    # s18-hd-022: thewyveo/dual-LLM-dialogue; hedges_advice r18-ca-004:
    # hideaki-j/crs-arena-dialogues; hedges_sealed_r19 s19-mr-039).
    names = {
        "I'd recommend the **\"Organic Indoor Potting Mix\"**. It's specifically formulated": [
            '"Organic Indoor Potting Mix"'
        ],
        'Unfortunately, the hotel candidate "The Modern Hideaway" does not provide any': [
            '"The Modern Hideaway"'
        ],
        'I couldn\'t find any information about a movie titled "Yes Please." Would you like': [
            '"Yes Please."'
        ],
        'aired around the same time as "The Office" include "Parks and Recreation", "Modern '
        'Family", "Brooklyn Nine-Nine", and "Community".': [
            '"The Office"',
            '"Parks and Recreation"',
            '"Modern Family"',
            '"Brooklyn Nine-Nine"',
            '"Community"',
        ],
    }
    for text, want in names.items():
        assert [c.value for c in claims(text) if c.kind == "name"] == want, text


def test_a_quoted_name_is_held_in_any_case_or_spacing() -> None:
    # agentdojo/runs.jsonl (government_t06, Liu-Ruotian/agentdojo-luna-trajectories): the
    # notice's name is held by a page that breaks it across a line.
    known = (
        "within 10 calendar days of the Mail Date on the Request\n  for Identity Verification "
        "(DE 1326C). If you need more time, you must call"
    )
    text = "1. **Find the mailed EDD notice \u201cRequest for Identity Verification (DE 1326C).\u201d**"
    assert [c.value for c in ungrounded(text, known)] == ["EDD"]  # no earlier text says EDD
    # A label a result spells as a key or in camel case; one word is looked up as it is.
    assert (
        ungrounded('Pick "Perfect Storm" or "Quiet Harbor".', '["perfect_storm", "QUIET HARBOR"]')
        == []
    )
    assert ungrounded('Pick "Quiet Harbor".', '{"scenario": "quietHarbor"}') == []
    assert [c.value for c in ungrounded('Ask "Bob".', "bo b")] == ['"Bob"']


def test_words_capitalised_by_layout_are_no_names() -> None:
    # Headings, labels opening a line and a table's header row are title case by layout.
    text = (
        "### Reservation Summary\n"
        "**Current Weather for Selected U.S. Cities**\n"
        "- **Trip Type:** round trip\n"
        "Order Details: pending\n"
        "| City | Current Temperature |\n"
        "|---|:---:|\n"
        "| Paris | 51F |\n"
        "Here it is in Fahrenheit and Celsius."
    )
    assert [c.value for c in claims(text)] == []
    # A table's body, an item of a list in bold and a name inside a sentence still are.
    text = "| Grand Plaza | 5 |\n1. **Hilton Garden**\nI asked Noah Brown: he knows."
    assert [c.value for c in claims(text)] == ["Grand Plaza", "Hilton Garden", "Noah Brown"]


def test_a_shouted_line_states_no_names() -> None:
    # A support agent's fixed hand-off line, all in capitals: emphasis, not a name
    # ("BEING TRANSFERRED TO A HUMAN AGENT" and "HOLD" were claimed).
    assert claims("YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.") == []
    # Only that line: a name on the next one still is one, and codes on a line of their
    # own hold no function word, so their line is not shouted.
    text = "THANK YOU FOR YOUR PATIENCE.\nI asked Noah Brown.\nJFK - SEA / HAT100"
    assert [c.value for c in claims(text)] == ["Noah Brown", "HAT100"]


def test_totals_of_a_results_lists() -> None:
    # Legs of one itinerary priced per cabin, an order's items: each list's total per
    # shared number field, and times 2 to 9 (passengers, nights, units).
    legs = [
        [
            {"flight_number": "HAT100", "prices": {"economy": 142, "business": 402}},
            {"flight_number": "HAT222", "prices": {"economy": 171, "business": 455}},
        ]
    ]
    totals = totals_in(json.dumps(legs))
    assert {Decimal(313), Decimal(857), Decimal(626)} <= totals.totals
    assert not totals.gives(Decimal(142 + 455))  # no mix of fields
    order = {"items": [{"price": 272.33, "qty": 1}, {"price": 262.47, "qty": 1}], "total": 0}
    assert total_of("534.80", totals_in(json.dumps(order)))
    assert total_of("534.8", totals_in(json.dumps(order)))
    assert not total_of("534.81", totals_in(json.dumps(order)))
    # One item is no list to add up; prose and broken JSON give nothing.
    assert totals_in(json.dumps([{"weight": 5}])) == NO_ARITHMETIC
    # ... but one row's price counts for 2 to 9 (two seats at 320: 640; session 29).
    assert totals_in(json.dumps([{"price": 5}])).totals == {Decimal(5 * k) for k in range(2, 10)}
    assert totals_in("Total: 313") == NO_ARITHMETIC
    assert totals_in("[{") == NO_ARITHMETIC


def test_differences_within_a_results_list_or_map_of_objects() -> None:
    # An exchange's price difference: a product's variants, a map keyed by item id.
    shoes = {
        "product_id": "6938111410",
        "variants": {
            "4153505238": {"options": {"size": "8"}, "price": 139.99},
            "1775591963": {"options": {"size": "9"}, "price": 144.95},
        },
    }
    totals = totals_in(json.dumps(shoes))
    assert total_of("4.96", totals) and total_of("284.94", totals)
    assert not total_of("4.95", totals) and not total_of("0", totals)
    # Issue 16 (item 2), /work/notes/tau59 retail-039: variants priced alike differ by
    # "$0.00", as an exchange's price difference is stated; a row is no pair with itself.
    alike = {"variants": {"1": {"price": 14.5}, "2": {"price": 14.5}, "3": {"price": 17.5}}}
    assert total_of("0.00", totals_in(json.dumps(alike)))
    assert not total_of(
        "0", totals_in(json.dumps({"variants": {"1": {"price": 14.5}, "2": {"price": 9}}}))
    )
    # ... give or take the precision an approximation is written to
    assert totals.gives(Decimal(5), Decimal("0.5")) and not totals.gives(Decimal(6), Decimal("0.5"))
    assert not totals.gives(Decimal("4.96"), differences=False)
    # Two flights' fares differ by 26; the fields are not mixed (158 - 88 is no difference).
    flights = [{"prices": {"economy": 132, "basic": 88}}, {"prices": {"economy": 158, "basic": 97}}]
    totals = totals_in(json.dumps(flights))
    assert total_of("26", totals) and total_of("9", totals) and not total_of("70", totals)
    # An object whose fields hold objects is no map of rows: a profile's name and address.
    profile = {"name": {"first": "Ava", "zip": 10}, "address": {"zip": 14}, "a": 1, "b": 2, "c": 3}
    assert not total_of("4", totals_in(json.dumps(profile)))


def test_differences_within_one_price_map_times_the_passengers() -> None:
    # A cabin upgrade on one flight: the difference of its fares, for 1 to 9 passengers.
    flight = [{"flight_number": "HAT214", "prices": {"basic_economy": 98, "economy": 142}}]
    totals = totals_in(json.dumps(flight))
    assert total_of("44", totals) and total_of("88", totals) and total_of("396", totals)
    assert not total_of("45", totals) and not total_of("440", totals)
    # only a map named as prices: seats left per cabin are no fares
    seats = [{"flight_number": "HAT214", "available_seats": {"basic_economy": 4, "economy": 11}}]
    assert not total_of("7", totals_in(json.dumps(seats)))


def test_lengths_of_time_between_two_times_of_one_object() -> None:
    flights = [
        {"number": "HAT037", "departs": "06:00:00", "arrives": "08:40:00"},
        {"number": "HAT9", "departs": "2024-05-22T23:10:00", "arrives": "2024-05-23T01:05:00"},
    ]
    assert durations_in(json.dumps(flights)) == frozenset({160, 115})
    # Times in two objects are no length: each object is one record.
    assert durations_in(json.dumps([{"at": "06:00"}, {"at": "08:40"}])) == frozenset()
    assert durations_in("Departs 06:00, arrives 08:40") == frozenset()
    lengths = durations_in(json.dumps(flights))
    assert duration_of("2 hours and 40 minutes", lengths)
    assert duration_of("2h 40m", lengths) and duration_of("160 minutes", lengths)
    assert duration_of("3 hours", lengths)  # rounded to the hour it is written in
    assert not duration_of("2 hours and 45 minutes", lengths)
    assert not duration_of("4 hours", lengths) and not duration_of("5 days", lengths)
    text = "The flight takes about 2 hours and 40 minutes."
    assert spoken_length(text, text.index("2")) == "2 hours and 40 minutes"
    assert spoken_length(text, 0) is None


def test_chinese_lengths_of_time_and_a_next_day_arrival() -> None:
    # "+1" marks an arrival on the next day; "3个半小时" is written to the half hour
    red_eye = [{"flight": "YC8", "dep": "22:50:00", "arr": "02:20:00+1"}]
    lengths = durations_in(json.dumps(red_eye))
    assert lengths == frozenset({210})
    assert spoken_length("约3个半小时", 1) == "3个半小时"
    assert spoken_length("3小时30分钟", 0) == "3小时30分钟"
    assert spoken_length("3个小时", 0) == "3个小时"
    assert duration_of("3个半小时", lengths) and duration_of("3小时30分钟", lengths)
    assert duration_of("3个半小时", frozenset({220}))  # 3:40 rounds to the half hour
    assert not duration_of("2个半小时", lengths) and not duration_of("3小时40分钟", lengths)


def test_lengths_of_a_journey_whose_legs_chain() -> None:
    # A one-stop search gives pairs of flights, the second leaving from where the first
    # lands: the whole trip (07:00 to 12:55) and the layover (09:30 to 11:00) are lengths.
    legs = [
        {"number": "HAT057", "origin": "JFK", "destination": "ATL", "dep": "07:00", "arr": "09:30"},
        {"number": "HAT215", "origin": "ATL", "destination": "PHX", "dep": "11:00", "arr": "12:55"},
    ]
    lengths = durations_in(json.dumps([legs]))
    assert lengths == frozenset({150, 115, 355, 90})
    assert duration_of("6 hours", lengths) and duration_of("1.5 hours", lengths)
    # Two flights from one airport do not chain: no length across them.
    direct = [dict(legs[0], destination="PHX"), dict(legs[1], origin="JFK")]
    assert durations_in(json.dumps(direct)) == frozenset({150, 115})


def test_lengths_between_dated_times_are_exact_across_days_and_zones() -> None:
    # An overnight flight; a night flight east (New York -04:00 to Paris +02:00, 8 h 30);
    # a stay over two nights; an arrival written before the departure.
    overnight = {"departure": "2024-05-01T22:00:00", "arrival": "2024-05-02T06:30:00"}
    assert durations_in(json.dumps(overnight)) == frozenset({510})
    east = {"departure": "2024-05-01T22:00:00-04:00", "arrival": "2024-05-02T12:30:00+02:00"}
    assert durations_in(json.dumps(east)) == frozenset({510})
    utc = {"departs": "2024-05-01T10:00:00+02:00", "arrives": "2024-05-01T12:30:00Z"}
    assert durations_in(json.dumps(utc)) == frozenset({270})
    two_days = {"departure": "2024-05-01T22:00", "arrival": "2024-05-03T06:30"}
    assert durations_in(json.dumps(two_days)) == frozenset({32 * 60 + 30})
    backwards = {"arrival": "2024-05-02T06:30:00", "departure": "2024-05-01T22:00:00"}
    assert durations_in(json.dumps(backwards)) == frozenset({510})
    # A bare time of day keeps its reading: an arrival before the departure is the next day's.
    assert durations_in(json.dumps({"departs": "22:00", "arrives": "06:30"})) == frozenset({510})
    assert durations_in(json.dumps({"arrives": "06:30", "departs": "22:00"})) == frozenset({930})
    assert duration_of("8 hours and 30 minutes", durations_in(json.dumps(east)))
    assert not duration_of("14 hours and 30 minutes", durations_in(json.dumps(east)))


def test_a_count_in_title_case_leaves_no_name() -> None:
    # "One Way" (a trip type written in title case, session 11's trials) left "Way" a name.
    assert [c for c in claims("Your ticket is a One Way fare.") if c.kind == "name"] == []
    assert [c for c in claims("Please add Two Adults to it.") if c.kind == "name"] == []
    # A name elsewhere in the sentence still is one.
    text = "Your ticket is a One Way fare from Paris."
    assert [c.value for c in claims(text) if c.kind == "name"] == ["Paris"]


def test_a_count_of_the_items_the_user_listed_is_grounded() -> None:
    asked = "Get the weather for these cities: new york, denver, chicago"
    assert listed_items(asked) == {3}
    assert listed_items("I want to return the lamp, the bottle and the backpack.") == {3}
    # A clause with a date or a number, or a long part, is no item of a list.
    assert listed_items("Today's date is Thursday, 2023-11-30 and the time is 9") == set()
    assert (
        listed_items("I live in Paris, and I want to go to Rome, which is warm all year") == set()
    )


def test_a_word_after_an_emoji_or_a_trees_lines_opens_its_sentence() -> None:
    assert claims("❌ Always check.\n│ └─ Sets the flag.\n▶️ Next step.") == []
    # An arrow between names is no opening: "Drive" stays a name.
    assert [c.value for c in claims("Open Admin → Drive and Docs.")] == ["Admin", "Drive", "Docs"]


def test_a_month_and_year_is_a_date() -> None:
    # "Your plan renews in January 2026": a date no result may hold, stated to the month.
    text = "Your plan renews in January 2026, as it did since Mar. 2024."
    assert [(c.kind, c.value) for c in claims(text)] == [
        ("date", "January 2026"),
        ("date", "Mar. 2024"),
    ]
    assert ungrounded(text, '{"renews": "2026-01-15", "since": "2024-03-02"}') == []
    assert [c.value for c in ungrounded(text, "renewal: 2025-01-15, since March 2024")] == [
        "January 2026"
    ]
    # A year alone, or a month with no year, states no date.
    assert claims("It was built in 2019 and opens in May.") == []


def test_a_name_that_opens_with_a_number_word_is_no_count() -> None:
    # A hotel's name in title case ("Three Rivers Hotel") read as a count of three rivers.
    text = "I booked the Three Rivers Hotel for Two Adults."
    assert [(c.kind, c.value) for c in claims(text)] == [
        ("name", "Three Rivers Hotel"),
        ("count", "Two Adults"),
    ]
    assert ungrounded(text, '{"hotel": "Three Rivers Hotel", "adults": 2}') == []
    # A count written in title case is still one ("Please add Two Adults to it.").
    assert [(c.kind, c.value) for c in claims("Please add Two Adults to it.")] == [
        ("count", "Two Adults")
    ]


def test_a_possessive_is_no_part_of_the_name() -> None:
    text = "I updated Sophia's reservation and Dana Lee’s address."
    assert [(c.kind, c.value) for c in claims(text)] == [
        ("name", "Sophia"),
        ("name", "Dana Lee"),
    ]
    assert ungrounded(text, '{"first_name": "Sophia", "name": "Dana Lee"}') == []


def test_an_amount_is_held_by_a_longer_decimal_it_rounds() -> None:
    # A code tool's sum printed as a float (claims_fresh_r15: 118726350.28999999 answered
    # "$118,726,350.29"): an answer gives a result's decimal rounded to the cent, up as well
    # as down. A number the cents do not round from is still not held.
    known = '{"balance": 2045.6789, "fee": 7.4999999, "count": 12}'
    text = "Your balance is $2,045.68 and the fee $7.50; not $2,045.69, $7.51 or $12.01."
    assert [c.value for c in ungrounded(text, known)] == ["$2,045.69", "$7.51", "$12.01"]


def test_a_percentage_is_held_as_one_fields_share_of_a_sibling() -> None:
    # An invoicing agent's "Tax (10%): 1" for a result holding subtotal 10 and tax 1
    # (claims_fresh_r15): the share one number of an object is of another of the same
    # object. Numbers of different objects, or no pair at all, still hold no percentage.
    known = (
        '{"order": {"subtotal": 80, "discount": 12, "items": [{"price": 50}, {"price": 30}]},'
        ' "shipping": 5}'
    )
    text = "You saved 15% (12 of 80); the 6.25% shipping share and 20% tip are estimates."
    assert [c.value for c in ungrounded(text, known)] == ["6.25%", "20%"]


def test_a_phone_number_is_an_id() -> None:
    # A bank-support agent's "call us at 1-800-123-4567" (claims_fresh_r15) that nothing
    # in the record held was read as no value at all. A number held in other separators
    # or with its country code is held; dates and ranges of digits are no phone numbers.
    known = '{"phone": "7025551212", "hotline": "+1-888-555-0100", "office": "(415) 555-0199"}'
    text = (
        "Call us at 1-800-123-4567, the office on 415-555-0199 or (702) 555-1212, the "
        "hotline at 888.555.0100; on 2024-05-27, in 10-12 days, ref 123-456."
    )
    assert [(c.kind, c.value) for c in ungrounded(text, known)] == [
        ("id", "1-800-123-4567"),
        ("date", "2024-05-27"),
        ("duration", "10-12 days"),
    ]


def test_a_number_before_a_verb_is_no_count() -> None:
    # The number is the subject of a verb, not a count of things (a new-user trial on
    # OpenHands trajectories: "every even integer greater than 2 can be expressed as...").
    text = "Any integer greater than 2 can be written so; 5 will not, and 3 has none."
    assert [c.value for c in claims(text)] == []
    assert [c.value for c in claims("Open 2 cans, or 1 can of beans.")] == ["2 cans", "1 can"]


def test_a_rounding_that_carries_into_the_next_whole_number_is_grounded() -> None:
    # A result's 9.96 said as "10%", 1,999.5 as "$2,000", 7.996 as "8.00": rounded, not
    # invented (session-15 leftover). A number that does not round to it grounds nothing.
    assert ungrounded("The rate is 10%.", '{"rate": 9.96}') == []
    assert ungrounded("It costs about $2,000.", '{"price": 1999.5}') == []
    assert ungrounded("It is $8.00 now.", '{"price": 7.996}') == []
    assert [c.value for c in ungrounded("It costs $2,000.", '{"price": 1999.4}')] == ["$2,000"]
    assert [c.value for c in ungrounded("The rate is 10%.", '{"rate": 8.96}')] == ["10%"]


def test_a_uk_phone_number_written_with_spaces_is_one_id() -> None:
    # "020 7946 0958" (London), "0161 496 0000", "07700 900 123" (mobile), "+44 20 7946
    # 0958": one number each, held by its digits or its other national or international
    # spelling (session-15 leftover: its groups were read apart or not at all).
    text = "Call 020 7946 0958, 0161 496 0000 or 07700 900 123; from abroad +44 20 7946 0958."
    assert [(c.kind, c.value) for c in claims(text)] == [
        ("id", "020 7946 0958"),
        ("id", "0161 496 0000"),
        ("id", "07700 900 123"),
        ("id", "+44 20 7946 0958"),
    ]
    assert ungrounded("Call 020 7946 0958.", '{"phone": "+44 20 7946 0958"}') == []
    assert ungrounded("Call 020 7946 0958.", '{"phone": "02079460958"}') == []
    assert ungrounded("Call +44 20 7946 0958.", '{"phone": "020 7946 0958"}') == []
    assert [c.value for c in ungrounded("Call 020 7946 0958.", '{"phone": "020 7946 0959"}')] == [
        "020 7946 0958"
    ]
    # Numbers that only look alike stay what they are: a count, a year and an amount.
    assert [(c.kind, c.value) for c in claims("In 2024 we sold 120 units for $1 500.")] == [
        ("count", "120 units"),
        ("amount", "$1"),
    ]


def test_the_language_code_is_written_in_is_no_name() -> None:
    # A coding agent names the language or format it writes, as "JSON" or "PDF" (a
    # new-user trial on OpenHands trajectories: "a simple 2048 game in Python", "the main
    # HTML file", "the JavaScript file" were three ungrounded names).
    text = "I'll write it in Python. Let's create the main HTML file, then the JavaScript, CSS and SQL."
    assert [c for c in claims(text) if c.kind == "name"] == []
    # A name it stands in is still flagged, by its other words (as "Monday" in a name).
    assert [c.value for c in claims("I booked Python Tours for you.")] == ["Tours"]


def test_numbers_of_arithmetic_and_of_mathematics_are_no_counts() -> None:
    # Counts of abstract numbers state nothing of the task: OpenHands's "the sum of two
    # prime numbers" (trial10's leftover); vercel/ai's recorded answers "2 + 2 equals 4",
    # "Split 37 into 30 + 7", "they rolled 6 three times" (a number before a number word).
    texts = [
        "Every even integer greater than 2 is the sum of two prime numbers.",
        "2 + 2 equals 4.",
        "## Method: Split 37 into 30 + 7",
        "Take 3 consecutive integers and 2 odd numbers; we need two numbers with sum 5.",
        "They rolled 6 three times out of four rolls.",
    ]
    assert [[c.value for c in claims(t)] for t in texts] == [[], [], [], [], ["four rolls"]]
    # Things a task counts stay counts, numbers of them too.
    assert [c.value for c in claims("I found 2 phone numbers and 3 tickets.")] == [
        "2 phone",
        "3 tickets",
    ]


def test_a_number_glued_to_a_words_letters_is_no_count() -> None:
    # vercel/ai's recorded answers: "html2pptx.md" read as "2pptx", DeepSeek's "R1 model"
    # as "1 model"; a mid-sentence label's number ("without Player 2 scoring") counts
    # nothing either.
    texts = [
        "Now let me read the html2pptx.md file as instructed:",
        "DeepSeek has unveiled its R1 model.",
        "It ended without Player 2 scoring a single round.",
    ]
    assert [[c.value for c in claims(t) if c.kind == "count"] for t in texts] == [[], [], []]


def test_a_count_is_held_by_a_compact_json_value() -> None:
    # A program's output written without spaces ({"availableUnits":42}, vercel/ai's recorded
    # programmatic tool call) holds 42 as a value of its own; a clock's minutes do not.
    assert ungrounded("There are 42 units.", '{"availableUnits":42,"requestedUnits":31}') == []
    assert [c.value for c in ungrounded("There are 42 units.", '{"at":"10:42"}')] == ["42 units"]


def test_a_quantifier_opening_a_sentence_is_no_part_of_a_name() -> None:
    # vercel/ai's recorded web_fetch answer: "- Many Maglemosian sites may now be
    # underwater" read as the name "Many Maglemosian" ("Some Hilton rooms" was already
    # "Hilton"); the page holds "Maglemosian".
    text = "We read it. Many Maglemosian sites exist, and Most Marriott hotels are full."
    assert [c.value for c in ungrounded(text, "the Maglemosian culture")] == ["Marriott"]


def test_a_duration_is_held_in_another_spelling_of_its_length() -> None:
    # A flight's "7h 30m" holds "7 hours and 30 minutes" and "7.5 hours"; "6h 30m" holds
    # "6.5 hours" and "390 minutes"; a wait of "15-20 min" holds "15-20 minutes". Another
    # length is not held: "7 hours" is not 7h 30m.
    known = '[{"duration": "7h 30m"}, {"duration": "6h 30m"}, {"wait": "15-20 min"}]'
    text = (
        "It takes 7 hours and 30 minutes (7.5 hours); the other 6.5 hours, or 390 minutes. "
        "Expect a 15-20 minutes wait. A third takes 7 hours."
    )
    assert [c.value for c in ungrounded(text, known)] == ["7 hours"]
    assert [c.value for c in claims("It lasts 7 hours and 30 minutes.")] == [
        "7 hours and 30 minutes"
    ]


def test_a_chinese_length_in_hours_and_minutes_is_one_length() -> None:
    # "2小时15分钟" is 135 minutes, as "2 hours 15 minutes" is: one claim, held by a flight's
    # departure and arrival (08:00 to 10:15); "3小时" alone is held by a three-hour flight.
    flights = json.dumps([{"dep": "08:00", "arr": "10:15"}, {"dep": "14:00", "arr": "17:00"}])
    assert [c.value for c in claims("飞行时间2小时15分钟，另一班约3小时。")] == [
        "2小时15分钟",
        "3小时",
    ]
    assert [c.value for c in claims("全程2小时零5分。")] == ["2小时零5分"]
    lengths = durations_in(flights)
    for claim in claims("飞行时间2小时15分钟，另一班约3小时。"):
        assert any(duration_of(form, lengths) for form in claim.forms), claim
    (late,) = claims("飞行时间2小时45分钟。")
    assert not any(duration_of(form, lengths) for form in late.forms)


def test_plural_abbreviations_are_no_names() -> None:
    # "SUVs", "ATMs": a common noun's abbreviation in the plural names no one thing.
    text = "Here are the SUVs and the nearest ATMs. SUVs seat seven; I found some at Hertz."
    assert [c.value for c in claims(text) if c.kind == "name"] == ["Hertz"]


def test_nationality_adjectives_are_no_names() -> None:
    # A cuisine or a people's adjective ("American", "Italian") names no person, place or
    # store; as a word of a longer name ("American Airlines") it stays in the name.
    text = "Many American restaurants serve it, and the Italian ones too; fly American Airlines."
    assert [c.value for c in claims(text)] == ["American Airlines"]


def test_a_date_the_records_dates_give_is_grounded() -> None:
    # A weekday the user names inside the dates the record holds is the one date it can
    # be: "this Saturday" on a June 15-22, 2025 trip is June 21st (a Saturday).
    said = "I fly out June 15th, 2025 and back on June 22nd, 2025. Dinner this Saturday at 7 PM?"
    text = "Booked for Saturday, June 21st at 7 PM; not June 28th, nor Friday June 20th."
    assert [c.value for c in ungrounded(text, said)] == ["June 28th", "June 20th"]
    # Outside the span of held dates, or with no weekday said, the day is not given.
    assert [c.value for c in ungrounded("See you June 21st.", "From June 15th, 2025.")] == [
        "June 21st"
    ]
    # A held date moved by a number of nights or days the record holds: a check-out.
    said = "Check in on June 15th for 5 nights."
    assert [c.value for c in ungrounded("Check-out is June 20th.", said)] == []
    assert [c.value for c in ungrounded("Check-out is June 21st.", said)] == ["June 21st"]
    # In a span where the weekday falls twice, the user's may be either: neither is given.
    said = "From June 7th, 2025 to June 22nd, 2025. Dinner this Saturday?"
    assert [c.value for c in ungrounded("Booked June 21st.", said)] == ["June 21st"]
    # A held date moved as the user asked in words: "a day later", "two days earlier".
    said = "Move my trip to a day later. Reservation: 2024-05-18."
    assert [c.value for c in ungrounded("Moved to May 19.", said)] == []
    assert [c.value for c in ungrounded("Moved to May 17.", said)] == ["May 17"]
    said = "Can we do it two days earlier? My flight is on May 18."
    assert [c.value for c in ungrounded("Moved to May 16.", said)] == []
    assert [c.value for c in ungrounded("Moved to May 20.", said)] == ["May 20"]
    said = "Then the next day, please. The tour is on June 3rd."
    assert [c.value for c in ungrounded("Booked June 4th.", said)] == []


def test_a_places_code_in_capitals_is_an_id() -> None:
    # "San Francisco (SFO)": an airport's code after its place, an id no source may give.
    known = "I'll be flying from New York, specifically JFK."
    text = "Flights from New York (JFK) to San Francisco (SFO) cost less (in USD)."
    assert [(c.kind, c.value) for c in ungrounded(text, known)] == [
        ("name", "San Francisco"),
        ("id", "SFO"),
    ]
    # After a word in lower case the capitals are a unit's or a term's, not a place's code.
    assert [c.kind for c in claims("It costs 40 dollars (USD) a night.")] == ["amount"]


def test_squeeze_is_the_spacing_regex_on_every_character() -> None:
    # squeeze deletes ASCII spacing with bytes.translate, other text with the regex: both
    # must drop exactly what r"[\s_-]+" matches (0x1c-0x1f and 0x85 among them).
    every = "".join(map(chr, range(0x3100)))
    ascii_only = "".join(map(chr, range(128))) + "Save Changes\tSAVE_CHANGES-x"
    for text in (every, ascii_only, "Kelvin \u212a", "a\u00a0b\u3000c"):
        assert squeeze(text) == re.sub(r"[\s_-]+", "", text.lower())


def test_a_labels_whole_value_is_no_sentences_first_word() -> None:
    # A line "Departure: Paris (CDG)": the colon ends a label, and the place after it is
    # its value, a name like any other; a label's value that goes on as a sentence
    # ("**Fly Air:** Departs June 15th ...") opens one, and its first word is none; nor is
    # a state the label reports ("Status: Pending", "Confirmed").
    known = '{"from": "CDG", "to": "BSL", "at": "2025-04-06 22:56"}'
    text = "Flight booked:\nDeparture: Paris (CDG) at 10:56 PM\n- **Arrival:** Basel\n"
    assert [(c.kind, c.value) for c in ungrounded(text, known)] == [
        ("name", "Paris"),
        ("name", "Basel"),
    ]
    text = "*   **Fly Air:** Departs June 15th at 8:00 AM.\nStatus: Pending\nState: Confirmed\n"
    assert [c.kind for c in claims(text)] == ["date", "time"]


def test_a_hyphenated_name_is_one_name() -> None:
    # "EuroAirport Basel-Mulhouse-Freiburg", "Rolls-Royce": capitalised words joined by
    # hyphens are one name, not a name cut before its first hyphen.
    text = "You land at EuroAirport Basel-Mulhouse-Freiburg (BSL) and ride a Rolls-Royce."
    assert [c.value for c in claims(text) if c.kind == "name"] == [
        "EuroAirport Basel-Mulhouse-Freiburg",
        "Rolls-Royce",
    ]
    assert [c.value for c in ungrounded(text, "BSL, Rolls-Royce")] == [
        "EuroAirport Basel-Mulhouse-Freiburg"
    ]
    # Common words a hyphen joins stay common: a range of days or months, a date's format,
    # a room's Wi-Fi.
    text = "Open Tuesday-Sunday, April-October; write it as YYYY-MM-DD. Free Wi-Fi."
    assert [c.kind for c in claims(text) if c.kind == "name"] == []


def test_a_code_of_letters_is_held_only_as_a_word_of_its_own() -> None:
    # "Dublin (DUB)": the airport's code is no part of the city's name a result holds;
    # "LHR" standing alone in a result holds it.
    known = "Anna Thompson: London -> Dublin, 2025-10-05. Airports: (IATA: LHR) Heathrow"
    text = "Flights from London Heathrow (LHR) to Dublin (DUB) on October 5, 2025."
    assert [(c.kind, c.value) for c in ungrounded(text, known)] == [("id", "DUB")]
    # The initials of a name held in full hold its code: a transcript's "nsc" does not.
    known = "Request a transcript from the National Student Clearinghouse."
    text = "Ask the National Student Clearinghouse (NSC); not the Registrar Office (RGO)."
    assert [c.value for c in ungrounded(text, known)] == ["Registrar Office", "RGO"]


def test_an_initialism_of_a_held_name_is_grounded() -> None:
    # "the UK" for a result's "London, United Kingdom", "the USA" for "United States of
    # America": the same place in its initials. Initials no held name spells stay unheld.
    known = "London, United Kingdom (100% match); New York, United States of America"
    text = "Fly from London in the UK or New York in the USA, not from the UAE."
    assert [c.value for c in ungrounded(text, known)] == ["UAE"]


def test_a_field_name_is_sought_from_word_starts_so_a_huge_word_is_read_in_linear_time() -> None:
    # Found by benchmarks/fuzz_traces.py: a tool result of one 4 MB word made the search for a
    # "humidity"- or "years"-like field name try every position of the word, each to its end
    # (a run took minutes, 40,000 letters 13 s); from a word's start only it is linear. The
    # time is the fuzz driver's to show (no timed test); this pins that such a word holds no
    # field name either way.
    word = "a" * 40_000
    assert not percent_in_fields("83%", word) and not duration_in_fields("2 years", word)
    # Field names are found as before, a prefix of the word included.
    assert percent_in_fields("83%", '{"rel_humidity": 83}')
    assert percent_in_fields("40%", "'chance_of_rain': 40") and not percent_in_fields(
        "10%", "p: 10"
    )
    assert duration_in_fields("2 years", '"years_as_customer": 2')


def test_days_of_the_week_in_the_plural_are_no_names() -> None:
    # SOPBench's university assistant (tests/corpora/service_agents/): the course info said
    # {'days': ['Tue', 'Thu']}, and the answer says when the course meets.
    text = "The course meets on Tuesdays and Thursdays from 14:00-15:30 with Dr. Alvarez."
    assert [(c.kind, c.value) for c in claims(text) if c.kind == "name"] == [("name", "Alvarez")]


def test_values_in_an_aside_giving_examples_are_no_claims() -> None:
    # SOPBench's assistants ask for a licence's state, giving examples of the form.
    asks = [
        "Could you please share the state code (e.g., “CA” for California)?",
        'Please provide the state (for example, "CA" for California, "NY" for New York, etc.).',
        "Please let me know which one you’d like to schedule (e.g. “Driving”), and I’ll proceed.",
    ]
    assert [claims(text) for text in asks] == [[], [], []]
    # An aside that states the task's data is read as any text is; so is an example the
    # agent offers or describes (claims_cs: a slot no result held, labelled ungrounded).
    text = "Your flight (UA123 to Denver) leaves on May 5."
    assert [c.value for c in claims(text)] == ["UA123", "Denver", "May 5"]
    offer = "Would a morning slot (e.g., 9 AM - 12 PM) work, or another window?"
    assert [c.value for c in claims(offer)] == ["9 AM", "12 PM"]
    car = "A midsize car from Thrifty (e.g., Toyota Corolla or similar)."
    assert [c.value for c in claims(car)] == ["Thrifty", "Toyota Corolla"]


def test_amounts_in_minor_units_and_epoch_days_are_held() -> None:
    # Issue 16's retail orders (made-up runs, /work/notes/tau45): a payment API's amounts in
    # minor units ("amount": 18499 beside "currency") and times in epoch seconds. The answer
    # reads them back as "$184.99" and "May 20, 2024"; before, both were ungrounded.
    known = (
        '{"price": {"amount": 18499, "currency": "USD"}, "monthly_fee": 2500,'
        ' "delivered_at": 1716217320, "order_id": 1716217399, "sla_hours": 24}'
    )
    text = (
        "The headphones ($184.99) were delivered on May 20, 2024; the plan is $25.00 a month. "
        "A $7.50 fee applies from May 21, 2024, and support replies within 24小时."
    )
    assert [c.value for c in ungrounded(text, known)] == ["$7.50", "May 21, 2024"]
    # An id's number in the range of epoch times is no time.
    assert [c.value for c in ungrounded("Shipped May 20, 2024.", '{"order_id": 1716217320}')] == [
        "May 20, 2024"
    ]


def test_epoch_times_hold_their_utc_time_of_day_and_the_length_between_them() -> None:
    # Issue 16's travel-and-shop runs (made-up, /work/notes/tau60): a flight search returns
    # departs_at and arrives_at in epoch seconds; "11:00 AM" and "5 hours 30 minutes" read
    # them back in UTC. Before, only the day of an epoch time was held.
    known = '{"flights": [{"flight_number": "TS221", "departs_at": 1718190000, "arrives_at": 1718209800}]}'
    text = "TS221 leaves at 11:00 AM, lands at 4:30 PM and takes 5 hours 30 minutes, not 12:00 PM."
    assert [c.value for c in ungrounded(text, known)] == ["12:00 PM"]
    # An id's number in the range of epoch times gives no time of day.
    assert [c.value for c in ungrounded("It left at 11:00 AM.", '{"order_id": 1718190000}')] == [
        "11:00 AM"
    ]


def test_an_amounts_digits_inside_an_id_or_a_longer_number_hold_no_amount() -> None:
    # A made-up Chinese shop run (/work/notes/tau45): "运费险会补贴您12元运费" when the only
    # "12" of the results is inside the SKU and a year; before, it was held by them.
    known = '{"sku": "SKU88120", "paid": "2012-06-01", "pass": {"price": 3500}, "qty": 40}'
    text = "运费险会补贴您12元运费。The pass is $35 (not $350), and $40 covers the rest."
    assert [c.value for c in ungrounded(text, known)] == ["12元", "$350"]


def test_an_international_phone_number_is_an_id() -> None:
    # A made-up telecom run (/work/notes/tau45): the agent invents a partner desk's number,
    # "+81 3-5555-0100", which no result held; before, it was no claim at all.
    text = "If you need help in Japan, call our partner desk at +81 3-5555-0100."
    assert ("id", "+81 3-5555-0100") in [(c.kind, c.value) for c in claims(text)]
    known = '{"partner": "NTT Docomo", "country": "Japan"}'
    assert [c.value for c in ungrounded(text, known)] == ["+81 3-5555-0100"]
    assert ungrounded(text, '{"country": "Japan", "desk_phone": "+81355550100"}') == []
    # Too few digits for a phone: a signed score or a temperature.
    assert [c.kind for c in claims("It moved +3 2 1 points and then +12 degrees.")] != ["id"]


def test_an_amount_is_held_beside_chinese_characters() -> None:
    # A number of its own sits between Chinese characters with no space: "运费补贴12元"
    # holds 12元; "SKU88120" does not.
    assert ungrounded("补贴您12元。", '{"note": "运费补贴12元"}') == []
    assert [c.value for c in ungrounded("补贴您12元。", '{"sku": "SKU88120"}')] == ["12元"]
