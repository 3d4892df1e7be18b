from __future__ import annotations

import pytest
from projeval import paths
from projeval.traces.values import leaves


@pytest.mark.parametrize(
    ("text", "segments"),
    [
        ("data[].attributes.sla_due_at", ("data", "[]", "attributes", "sla_due_at")),
        ("[].id", ("[]", "id")),
        ("a.tags[]", ("a", "tags", "[]")),
        ("grid[][]", ("grid", "[]", "[]")),
        ("payment_methods.*.amount", ("payment_methods", "*", "amount")),
    ],
)
def test_parse_and_format_round_trip(text: str, segments: tuple[str, ...]) -> None:
    assert paths.parse_path(text) == segments
    assert paths.format_path(segments) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a..b", "empty segment in 'a..b' (two dots, or a dot at an end)"),
        ("a.b[0]", "segment 'b[0]' of 'a.b[0]' is not a key, 'key[]' or '*'"),
        ("", "a field path must be a non-empty string"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(paths.PathSyntaxError) as info:
        paths.parse_path(text)
    assert str(info.value) == message


def test_leaves_generalise_lists_and_id_keyed_maps() -> None:
    doc = {
        "data": [{"id": "a", "n": 1}, {"id": "b", "n": None}],
        "payment_methods": {"card_442": {"amount": 3}, "cert_750": {"amount": 4}},
        "meta": {"page": 1, "size": 2},
    }
    found = [(paths.format_path(i), paths.format_path(s), v) for i, s, v in paths.iter_leaves(doc)]
    assert found == [
        ("data[0].id", "data[].id", "a"),
        ("data[0].n", "data[].n", 1),
        ("data[1].id", "data[].id", "b"),
        ("data[1].n", "data[].n", None),
        ("payment_methods.card_442.amount", "payment_methods.*.amount", 3),
        ("payment_methods.cert_750.amount", "payment_methods.*.amount", 4),
        ("meta.page", "meta.page", 1),
        ("meta.size", "meta.size", 2),
    ]


def test_records_keyed_by_field_names_are_not_id_keyed() -> None:
    # A record of records (reconcile_credit_activity in tests/corpora/agentdojo/): its
    # snake_case keys are fields; keys with digits or mixed-case tokens are ids.
    record = {"appointment_charge": {"ref": "CHG-1"}, "outage_credit": {"ref": "CRD-2"}}
    assert not paths.is_id_keyed_map(record)
    assert paths.is_id_keyed_map({"usr_AbXfQe": {"n": 1}, "usr_QmZpRt": {"n": 2}})
    assert paths.is_id_keyed_map({"card_442": {"n": 1}, "cert_750": {"n": 2}})


def test_maps_keyed_by_data_are_keyed_maps_for_trace_analysis() -> None:
    # A cash-flow agent's runProjection arguments (tally-evals/tally): records the tools
    # created, keyed by labels the agent chose; a weather result keyed by the user's cities.
    flows = {
        "rent": {"id": "rc-1777535890894-zxx2ory", "amount": 2800, "frequency": "monthly"},
        "utilities": {"id": "rc-1777535890894-gat2caq", "amount": 250, "frequency": "monthly"},
        "gym": {
            "id": "rc-1777535890894-t1dmbfw",
            "amount": 45,
            "frequency": "monthly",
            "endDate": "2026-12-31",
        },
    }
    assert paths.is_data_keyed_map(flows)
    found = {path for path, _v in leaves({"recurring": flows})}
    assert found == {
        "recurring.*.id",
        "recurring.*.amount",
        "recurring.*.frequency",
        "recurring.*.endDate",
    }
    cities = {"New York": {"temp": 51, "sky": "rain"}, "Los Angeles": {"temp": 70, "sky": "sun"}}
    assert paths.is_data_keyed_map(cities)
    # A projection's field paths keep the keys: a question set may name one of them.
    assert not paths.is_id_keyed_map(flows)
    kept = {paths.format_path(s) for _i, s, _v in paths.iter_leaves({"recurring": flows})}
    assert "recurring.rent.amount" in kept
    # Fields of one shape with no identity, keyed by identifiers, stay fields, named
    # records among them (two airports, two people).
    legs = {
        "departure": {"airport": "SFO", "time": "09:10"},
        "arrival": {"airport": "JFK", "time": "17:45"},
    }
    assert not paths.is_data_keyed_map(legs)
    people = {
        "assignee": {"name": "Ana", "email": "a@x.io"},
        "reporter": {"name": "Bo", "email": "b@x.io"},
    }
    assert not paths.is_data_keyed_map(people)
    # Records of two shapes are not one collection.
    mixed = {"rent": {"id": "rc-1", "amount": 2800}, "note": {"id": "n-1", "text": "paid"}}
    assert not paths.is_data_keyed_map(mixed)


def test_a_map_of_one_entry_keyed_by_data_is_keyed_for_trace_analysis() -> None:
    # Real one-entry shapes: API-Bank's QueryRegistration keys an appointment by its id
    # (tests/corpora/conversations/hedges_sealed_r8.jsonl s8-ab-094), Amadeus keys locations
    # by airport code (tests/corpora/payloads/amadeus/flight_order.json, one entry of four).
    appointment = {"34567890": {"patient_name": "Robert Lee", "date": "2023-03-25"}}
    assert paths.is_data_keyed_map(appointment)
    assert paths.is_data_keyed_map({"GIG": {"cityCode": "RIO", "countryCode": "BR"}})
    assert paths.is_data_keyed_map({"New York": {"temp": 51}})
    assert paths.is_data_keyed_map({"rc-17": {"id": "rc-17", "amount": 2800}})  # its own id
    # Codes keying every entry make a keyed map with no identity inside (all four airports).
    locations = {
        "MAD": {"cityCode": "MAD", "countryCode": "ES"},
        "GIG": {"cityCode": "RIO", "countryCode": "BR"},
        "CDG": {"cityCode": "PAR", "countryCode": "FR"},
        "AMS": {"cityCode": "AMS", "countryCode": "NL"},
    }
    assert paths.is_data_keyed_map(locations)
    # One entry under a field's name stays a field (Shopify's totalPriceSet.shopMoney,
    # tests/corpora/payloads/shopify/orders_graphql.json), as does a label alone.
    for field_map in (
        {"shopMoney": {"amount": "49.95", "currencyCode": "GBP"}},
        {"billing": {"street": "1 Main St", "city": "Leeds"}},
        {"address": {"line1": "1 Main St"}},
        {"ID": {"type": "string"}},
        {"rent": {"id": "rc-17", "amount": 2800}},
        {"34567890": "a scalar"},
    ):
        assert not paths.is_data_keyed_map(field_map), field_map
    assert {path for path, _v in leaves({"appointments": appointment})} == {
        "appointments.*.patient_name",
        "appointments.*.date",
    }


def test_top_level_list() -> None:
    found = [paths.format_path(s) for _i, s, _v in paths.iter_leaves([{"id": 1}, {"id": 2}])]
    assert found == ["[].id", "[].id"]


def test_wildcard_matches_any_key_but_not_a_list() -> None:
    assert paths.matches(("m", "*", "x"), ("m", "anything", "x"))
    assert paths.matches(("m", "*", "x"), ("m", "*", "x"))
    assert not paths.matches(("m", "*", "x"), ("m", "[]", "x"))
    assert not paths.matches(("m", "x"), ("m", "x", "y"))


def test_set_at_copies_only_the_path() -> None:
    doc = {"a": [{"b": 1}, {"b": 2}], "other": {"big": list(range(10))}}
    changed = paths.set_at(doc, ("a", 1, "b"), 9)
    assert changed == {"a": [{"b": 1}, {"b": 9}], "other": {"big": list(range(10))}}
    assert doc["a"][1]["b"] == 2
    assert changed["other"] is doc["other"]
    assert changed["a"][0] is doc["a"][0]


def test_deep_nesting_needs_no_recursion() -> None:
    doc: object = "leaf"
    for _ in range(10_000):
        doc = {"k": doc}
    ((ipath, _spath, value),) = list(paths.iter_leaves(doc))
    assert len(ipath) == 10_000 and value == "leaf"
    assert paths.set_at(doc, ipath, "new") is not doc


def test_strings_holding_json_are_walked_into_when_asked() -> None:
    doc = {"results": [{"body": '{"id": "usr_1", "tags": ["a"]}', "plain": "{not json"}]}
    assert [paths.format_path(s) for _i, s, _v in paths.iter_leaves(doc)] == [
        "results[].body",
        "results[].plain",
    ]
    expanded = [(paths.format_path(s), v) for _i, s, v in paths.iter_leaves(doc, expand_json=True)]
    assert expanded == [
        ("results[].body.<json>.id", "usr_1"),
        ("results[].body.<json>.tags[]", "a"),
        ("results[].plain", "{not json"),
    ]
    assert paths.parse_path("results[].body.<json>.id") == ("results", "[]", "body", "<json>", "id")


def test_set_in_rewrites_the_json_in_its_own_style() -> None:
    doc = {"body": '{"id":"usr_1","n":2}', "pretty": '{"id": "usr_1"}'}
    changed = paths.set_in(doc, ("body", paths.JSON_STEP, "id"), "usr_2")
    assert changed["body"] == '{"id":"usr_2","n":2}'
    assert paths.set_in(doc, ("pretty", paths.JSON_STEP, "id"), "x")["pretty"] == '{"id": "x"}'
    assert doc["body"] == '{"id":"usr_1","n":2}'


def test_a_key_of_digits_alone_names_an_instance() -> None:
    # A validation error keyed by the failing item's index, one item at a time (trial 13:
    # Mastra's validationErrors.futureCashflows.1.id): an instance, not a field. Digits inside
    # a field name stay.
    assert (
        paths.generalise_instances("validationErrors.futureCashflows.1.id._errors[]")
        == "validationErrors.futureCashflows.*.id._errors[]"
    )
    assert paths.generalise_instances("rows[].col2.address_line1") == "rows[].col2.address_line1"
    assert paths.generalise_instances("payment_methods.credit_card_4065275.id") == (
        "payment_methods.*.id"
    )
