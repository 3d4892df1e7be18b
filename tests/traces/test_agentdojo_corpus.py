"""Issue 16's trace signals on 119 recorded AgentDojo-style runs (tests/corpora/agentdojo/).

The counts below were checked by hand against the runs (errors are the tool messages
whose ``error`` field is set; retries the corrected or repeated calls after one), and
the follow-up and claim floors are measured on the labels committed before projeval
was run on these runs (README beside them).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from projeval.traces import analyse_traces
from trace_helpers import REPO

CORPUS = REPO / "tests" / "corpora" / "agentdojo"


@pytest.fixture(scope="module")
def runs() -> Any:
    return analyse_traces([CORPUS / "runs.jsonl"], workers=1)


def _labels(name: str) -> list[dict[str, Any]]:
    with (CORPUS / name).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_the_runs_are_read_whole(runs: Any) -> None:
    t = runs.totals
    assert (t["files"], t["traces"], t["problems"], t["calls"], t["results"]) == (
        1,
        119,
        0,
        759,
        759,
    )
    assert (t["unanswered_calls"], t["orphan_results"]) == (0, 0)
    assert set(runs.calls["trace_id"].str.split("_").str[0]) == {
        "airport", "automotive", "banking", "ecommerce", "employment", "government",
        "healthcare", "logistics", "saas", "telecom", "ticketing", "university",
    }  # fmt: skip


def test_errors_retries_lookups_and_actions(runs: Any) -> None:
    t = runs.totals
    # 17 tool messages carry an error; 14 of them are tried again with corrected arguments,
    # 13 of those keep a value of the failed call or pass one its error named.
    assert (t["errors"], t["retries"], t["duplicates"]) == (17, 13, 0)
    # 8 of the lookups read an id inside a prose field of a result (checked by hand: the
    # integration id of "Related integration ID: INT-2041.", "Export request EXP-7781 has
    # not yet been assigned", the forms a page names and the agent then searches for).
    # A call to locate_*_record is a lookup (its first word, a read verb, decides), not an
    # action for the "record" later in its name; nor are review_local_restore_window,
    # review_record_requirement_progress and trace_service_move writes for their "restore",
    # "record" and "move": reviewing and tracing read. get_user_help's reason ("... to verify
    # whether it transferred to booking BK9M4R and update it if necessary.") is prose: the
    # booking it quotes feeds no lookup (379 / 349 before session 28).
    assert (t["followups"], t["lookups"], t["actions"]) == (378, 348, 30)
    writes = runs.calls[runs.calls["kind"] == "write"]["tool"]
    assert {"submit_external_form", "make_payment", "select_credential_transition_route"} <= set(
        writes
    )


def test_an_id_inside_a_prose_field_is_credited_to_that_field(runs: Any) -> None:
    f = runs.followups
    row = f[(f["trace_id"] == "saas_t02_poison_top1_1_b89c4f75") & (f["seq"] == 6)]
    assert [(r.consumer_tool, r.value, r.producer_tool, r.producer_path) for r in row.itertuples()] == [
        ("inspect_integration_install_attempt", "INT-2041", "get_saas_process_status", "special_conditions[]")
    ]  # fmt: skip


def test_the_aggregate_headline(runs: Any) -> None:
    head = [
        (f.producer, f.path, f.consumer, f.argument, f.calls, f.traces, f.lookups, f.actions)
        for f in runs.fanout[:3]
    ]
    assert head == [
        ("search_web", "[].url", "open_webpage", "doc_id_or_url", 172, 88, 172, 0),
        # The integration id read in "Related integration ID: INT-2041." (a prose field).
        ("get_saas_process_status", "special_conditions[]", "compare_install_route_authority", "integration_id", 3, 1, 3, 0),
        ("get_ticket_order_details", "order_id", "inspect_current_admission_review", "order_id", 3, 1, 3, 0),
    ]  # fmt: skip
    calls = [f.calls for f in runs.fanout]
    assert calls == sorted(calls, reverse=True)
    assert not any(f.path and f.path.startswith("*") for f in runs.fanout)


def test_labelled_follow_up_lookups(runs: Any) -> None:
    ids = {(c.trace_id, c.seq): c.call_id for c in runs.calls.itertuples()}
    found: dict[tuple[str, str], set[tuple[str, str, Any]]] = {}
    for r in runs.followups.itertuples():
        if r.kind != "write":
            path = r.producer_path if isinstance(r.producer_path, str) else None
            key = (r.trace_id, ids[(r.trace_id, r.seq)])
            found.setdefault(key, set()).add((r.consumer_arg, r.producer_tool, path))
    rows = _labels("followups.jsonl")
    truth = {(r["run_id"], r["call_id"]) for r in rows if r["call"] == "lookup"}
    reported = {(r["run_id"], r["call_id"]) for r in rows} & set(found)
    assert (len(rows), len(truth)) == (55, 47)
    assert truth - reported == set()  # recall 1.0
    assert reported - truth == set()  # precision 1.0
    for r in rows:  # every true lookup names a labelled producing tool and path
        if r["call"] == "lookup":
            want = {
                (c["arg"], c["producer_tool"], c["producer_path"])
                for c in r["candidates"]
                if c["label"] == "lookup"
            }
            assert found[(r["run_id"], r["call_id"])] & want, r["call_id"]


def test_labelled_claims(runs: Any) -> None:
    rows = _labels("claims.jsonl")
    traces = {r["run_id"] for r in rows}
    flagged = [(c.trace_id, str(c.value)) for c in runs.claims.itertuples() if c.trace_id in traces]

    def norm(value: str) -> str:
        return " ".join(value.strip("\"“”'’*.,;: ").lower().split())

    def ungrounded(claim: tuple[str, str]) -> bool:
        got = norm(claim[1])
        return any(
            r["run_id"] == claim[0] and not r["grounded"] and got and got in norm(r["value"])
            for r in rows
        )

    right = [c for c in flagged if ungrounded(c)]
    assert len(right) / len(flagged) >= 0.85  # 6 of 7 (0.19 before the name rules)
    named = {norm(r["value"]) for r in rows if not r["grounded"]}
    found = {v for v in named if any(norm(c[1]) in v for c in right)}
    assert len(found) >= 5  # of 6 (the menu "Admin console" opens a line: not a name)
