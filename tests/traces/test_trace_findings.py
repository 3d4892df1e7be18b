"""Findings: follow-ups matched to a suite's fields, hedged answers beside their questions."""

from __future__ import annotations

from projeval.traces.findings import (
    Fanout,
    FieldFinding,
    field_at,
    field_findings,
    hedged_answers,
    tally_rows,
    unsupported_answers,
)
from trace_helpers import FieldDef, Suite, desk_suite


def _fu(
    trace: str,
    seq: int,
    value: str,
    path: str | None,
    dup: bool,
    tool: str = "get_user",
    source: str = "search_tickets",
    kind: str | None = None,
) -> tuple:
    # A row of the followups table (columns.py).
    return ("f", trace, seq, 1, tool, "user_id", value, 2, source, "c1", path, dup, kind)


def test_field_at_matches_lists_and_wildcards(desk: Suite) -> None:
    assert field_at(desk, "data[].relationships.assignee.data.id").name == "assignee"
    assert field_at(desk, "included.*.name").name == "owner_name"
    assert field_at(desk, "data[].relationships") is None
    assert field_at(desk, None) is None and field_at(desk, "$") is None


def test_field_at_matches_a_map_key_to_the_suites_keys_path() -> None:
    # An id a map is keyed by sits at the map's path in the traces (items.*); a suite
    # names those keys items.*~ (the tau60 store suite's item_ids). Before, the finding
    # read "items.* (no field of the suite)".
    suite = Suite(
        "store", "get_order_details", {"item_ids": FieldDef("item_ids", "items.*~", "id")}
    )
    assert field_at(suite, "items.*").name == "item_ids"
    assert field_at(suite, "items.*.name") is None


def test_field_findings_group_and_render(desk: Suite) -> None:
    path = "data[].relationships.assignee.data.id"
    rows = [
        _fu("t1", 3, "usr_a", path, False),
        _fu("t1", 5, "usr_b", path, False),
        _fu("t1", 7, "usr_a", path, True),
        _fu("t2", 3, "usr_a", path, False),
        _fu("t2", 9, "x_1234", "meta.cursor", False, tool="next_page"),
        _fu("t2", 11, "usr_a", path, False, source="get_ticket"),
    ]  # no suite for get_ticket
    found = field_findings(rows, [desk])
    assert found == [
        FieldFinding("desk", "search_tickets", "assignee", "id", None, "get_user", 4, 1, 2, 2, 4),
        FieldFinding(
            "desk", "search_tickets", None, None, "meta.cursor", "next_page", 1, 0, 1, 1, 1
        ),
    ]
    assert [f.text for f in found] == [
        "search_tickets: assignee (opaque id) -> get_user x4, 1 duplicate, in 2 traces",
        "search_tickets: meta.cursor (no field of the suite) -> next_page x1, 0 duplicates",
    ]
    assert found[0].to_dict()["text"] == found[0].text


def test_hedged_answers_list_needs_and_missing_fields() -> None:
    suite = desk_suite()
    turns = [
        (
            "f",
            "t1",
            1,
            "Which tickets breach soon?",
            "question",
            1,
            0,
            2,
            False,
            False,
            "Probably...",
        ),
        ("f", "t1", 2, "Write a poem.", "request", 0, 0, 1, False, False, "Perhaps."),
        ("f", "t2", 1, "Who owns ticket tkt_1?", "question", 0, 0, 0, False, False, "Dana."),
        ("f", "t2", 2, "Yes please.", "answer", 0, 0, 1, False, False, "Maybe."),
        ("f", "t2", 3, "Thanks, bye!", "greeting", 0, 0, 1, False, False, "Perhaps."),
        ("f", "t3", 1, "It's kim@example.com.", "answer", 0, 0, 1, False, False, "Maybe."),
    ]
    hedges = [
        ("f", "t1", 3, 1, "probably", "en", "Probably", 0, 8, "[Probably]", "guess", "Probably X."),
        ("f", "t1", 3, 1, "I think", "en", "I think", 9, 16, "[I think]", "guess", "I think."),
        ("f", "t1", 6, 2, "perhaps", "en", "Perhaps", 0, 7, "[Perhaps].", "guess", "Perhaps."),
        ("f", "t2", 9, 2, "maybe", "en", "Maybe", 0, 5, "[Maybe].", "guess", "Maybe."),
        ("f", "t2", 12, 3, "perhaps", "en", "Perhaps", 0, 7, "[Perhaps].", "guess", "Perhaps."),
        ("f", "t3", 2, 1, "maybe", "en", "Maybe", 0, 5, "[Maybe].", "guess", "Maybe."),
    ]
    drift = [
        ("f", "t1", 1, "Which tickets breach soon?", "desk", "breach-soon", 0.7, True),
        ("f", "t1", 2, "Write a poem.", "desk", "who-owns", 0.1, False),
        ("f", "t2", 1, "Who owns ticket tkt_1?", "desk", "who-owns", 0.9, True),
    ]
    seen = {("f", "t1"): {"search_tickets": {"data[].id", "data[].attributes.status_code"}}}
    answers = hedged_answers(turns, hedges, drift, [suite], seen)
    # The hedged sentence is quoted, not the user's turn. An answer to the agent continues
    # the question before it (a support agent asks for what it needs, then answers), and is
    # listed under it; a greeting, or an answer with no question before it, is left out.
    assert [a.text for a in answers] == [
        "t1 turn 1: 'Probably X.' (asked: 'Which tickets breach soon?') ~ breach-soon (0.70); "
        "hedges: I think, probably; needs: ticket_id, sla_due_at; never in the results: "
        "sla_due_at",
        "t1 turn 2: 'Perhaps.' (asked: 'Write a poem.'); no question-set question matches; "
        "hedges: perhaps",
        "t2 turn 2: 'Maybe.' (asked: 'Who owns ticket tkt_1?') ~ who-owns (0.90); hedges: "
        "maybe; needs: ticket_id, assignee; the suite's tool was not called",
    ]
    assert answers[0].missing == ("sla_due_at",) and answers[1].missing is None
    not_called = hedged_answers(turns[:1], hedges[:1], drift[:1], [suite], {})
    assert not_called[0].text.endswith("the suite's tool was not called")
    # No suite's tool in the trace, so no drift row: the line says nothing of question sets.
    (unmatched,) = hedged_answers(turns[1:2], hedges[2:3], [], [suite], seen)
    assert (unmatched.score, unmatched.question_id) == (None, None)
    assert unmatched.text == "t1 turn 2: 'Perhaps.' (asked: 'Write a poem.'); hedges: perhaps"


def test_an_answer_line_quotes_a_long_user_turn_cut_short() -> None:
    # A user turn can be a pasted document (an agent session's compaction summary): the
    # line quotes its start; the JSON form keeps it whole.
    question = "Summary of the session so far: " + "the agent edited files. " * 20
    turns = [("f", "t1", 1, question, "request", 1, 0, 0, False, False, "...")]
    hedges = [
        ("f", "t1", 2, 1, "probably", "en", "Probably", 0, 8, "[Probably]", "guess", "Probably X.")
    ]
    (answer,) = hedged_answers(turns, hedges, [], [], {})
    quoted = repr(question[:159] + "…")
    assert answer.text == f"t1 turn 1: 'Probably X.' (asked: {quoted}); hedges: probably"
    assert answer.to_dict()["question"] == question


def test_unsupported_answers_name_the_values_and_the_missing_field() -> None:
    suite = desk_suite()
    turns = [("f", "t1", 1, "Which tickets breach soon?", "question", 1, 0, 0, False, False, "...")]
    claims = [
        ("f", "t1", 3, 1, "time", "16:00", 30, 35, "tkt_1 breaches at 16:00."),
        ("f", "t1", 3, 1, "time", "16:00", 50, 55, "Again 16:00."),
    ]
    drift = [("f", "t1", 1, "Which tickets breach soon?", "desk", "breach-soon", 0.7, True)]
    seen = {("f", "t1"): {"search_tickets": {"data[].id", "data[].attributes.priority"}}}
    (answer,) = unsupported_answers(turns, claims, drift, [suite], seen)
    assert answer.text == (
        "t1 turn 1: 'tkt_1 breaches at 16:00.' (asked: 'Which tickets breach soon?') ~ "
        "breach-soon (0.70); states: 16:00; needs: ticket_id, sla_due_at; never in the "
        "results: sla_due_at"
    )
    assert answer.to_dict()["values"] == ["16:00"]


def test_the_per_field_aggregate_with_and_without_a_suite(desk: Suite) -> None:
    path = "data[].relationships.assignee.data.id"
    rows = [
        _fu("t1", 3, "usr_a", path, False, kind="read"),
        _fu("t1", 5, "usr_a", path, True, kind="read"),
        _fu("t2", 3, "usr_b", path, False, tool="assign_ticket", kind="write"),
        _fu("t2", 4, "usr_b", None, False, source="notes", kind=None),
    ]
    bare = tally_rows(rows).fanout()
    assert bare == [
        Fanout("search_tickets", path, "get_user", "user_id", 2, 1, 1, 2, 0, 1),
        Fanout("notes", None, "get_user", "user_id", 1, 1, 0, 1, 0, 1),
        Fanout("search_tickets", path, "assign_ticket", "user_id", 1, 1, 0, 0, 1, 1),
    ]
    assert bare[0].text == (
        f"search_tickets: {path} -> get_user(user_id) x2 in 1 trace: 2 lookups, 1 duplicate"
    )
    named = tally_rows(rows, [desk]).fanout()
    assert [(f.suite, f.field) for f in named] == [
        ("desk", "assignee"),
        (None, None),
        ("desk", "assignee"),
    ]
    assert [f.text for f in tally_rows(rows, [desk]).findings()] == [
        "search_tickets: assignee (opaque id) -> get_user x2, 1 duplicate",
        "search_tickets: assignee (opaque id) -> assign_ticket x1 (all actions), 0 duplicates",
    ]


def test_the_aggregate_generalises_instance_keys_of_the_arguments() -> None:
    # runProjection (tally-evals/tally) passes the records createFutureCashflow made in a map
    # keyed by their ids; with one entry it is not seen as id-keyed, so each id was a field.
    rows = [
        ("f", t, 3, 1, "runProjection", f"futureCashflows.{fc}.id", fc, 2, "createFutureCashflow",
         "c1", "item.id", False, "read")
        for t, fc in (("t1", "fc-1777882155349-1uv7kst"), ("t2", "fc-1777473570533-gotroh0"))
    ]  # fmt: skip
    (one,) = tally_rows(rows).fanout()
    assert (one.argument, one.calls, one.traces) == ("futureCashflows.*.id", 2, 2)


def test_quoted_sentences_and_questions_read_as_written() -> None:
    # The trial's invoicing assistant (lapth/aichat-openai-agent): repr() wrote "I'll" as
    # 'I\'ll' and the user's \" as \\", which the text and the report showed as such. Only a
    # line break is spelled out, so that the finding stays one line.
    turns = [
        (
            "f",
            "t1",
            1,
            'Create an invoice for \\"Lap Test\\"',
            "request",
            1,
            0,
            0,
            False,
            False,
            "...",
        )
    ]
    claims = [
        ("f", "t1", 3, 1, "name", "Invoice Agent", 0, 5, "I'll pass it to the Invoice Agent.\nOk")
    ]
    (answer,) = unsupported_answers(turns, claims, [], [], {})
    assert answer.text == (
        "t1 turn 1: 'I'll pass it to the Invoice Agent.\\nOk' (asked: 'Create an invoice for "
        '\\"Lap Test\\"\'); states: Invoice Agent'
    )
