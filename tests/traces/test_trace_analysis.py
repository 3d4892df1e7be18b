"""End to end on the shipped traces (pinned numbers) and on a directory of bad input."""

from __future__ import annotations

import dataclasses
import gzip
import importlib.util
import json
from pathlib import Path

import pandas as pd
import pytest
from projeval.errors import TraceError
from projeval.traces import SCHEMA_VERSION, analyse_traces, render_summary
from trace_helpers import REPO, SHIPPED, desk_suite, write_json, write_jsonl

COLUMNS = [
    "trace_id",
    "format",
    "turns",
    "model_calls",
    "calls",
    "errors",
    "duplicates",
    "followups",
    "hedges",
    "flagged_turns",
    "result_tokens",
    "billed_input_tokens",
    "recorded_input_tokens",
    "recorded_model_calls",
]
PINNED = [
    ("anthropic-unassigned", "anthropic", 1, 6, 13, 1, 5, 12, 0, 1, 5725, 28191, 30394, 6),
    ("mcp-session-7f3a", "mcp", 0, 0, 14, 2, 5, 13, 0, 0, 5739, None, None, 0),
    ("chat-fanout", "openai_chat", 1, 13, 12, 0, 5, 11, 0, 1, 5631, 65550, 9841, 1),
    ("chat-legacy", "openai_chat", 1, 3, 2, 0, 0, 1, 0, 1, 419, 878, None, 0),
    ("chat-sla", "openai_chat", 2, 3, 1, 0, 0, 0, 3, 1, 4537, 9301, None, 0),
    ("oi-hours-open", "openinference", 1, 2, 1, 0, 0, 0, 0, 0, 349, 403, 903, 2),
    ("otel-kestrel", "otel", 1, 3, 2, 0, 0, 1, 0, 1, 1944, 3981, 4273, 3),
]


@pytest.fixture(scope="module")
def shipped():
    return analyse_traces([SHIPPED], suites=[desk_suite()])


def _rows(frame: pd.DataFrame) -> list[tuple]:
    return [
        tuple(None if pd.isna(v) else v for v in r)
        for r in frame.astype(object).itertuples(index=False)
    ]


def test_shipped_traces_pinned(shipped) -> None:
    assert _rows(shipped.summary[COLUMNS]) == PINNED
    assert [(f.path, f.format, f.traces, f.problems) for f in shipped.files] == [
        (str(SHIPPED / "support_anthropic.json"), "anthropic", 1, 0),
        (str(SHIPPED / "support_mcp.jsonl"), "mcp", 1, 0),
        (str(SHIPPED / "support_openai.jsonl"), "openai_chat", 3, 0),
        (str(SHIPPED / "support_openinference.jsonl"), "openinference", 1, 0),
        (str(SHIPPED / "support_otel.json"), "otel", 1, 0),
    ]
    t = shipped.totals
    assert (
        t["traces"],
        t["calls"],
        t["duplicates"],
        t["followups"],
        t["hedges"],
        t["turns"],
        t["flagged_turns"],
        t["billed_input_tokens"],
        t["recorded_input_tokens"],
        t["problems"],
    ) == (7, 45, 15, 38, 3, 7, 5, 108304, 45411, 0)


def test_fan_out_is_a_dozen_get_user_calls_with_repeats(shipped) -> None:
    calls = shipped.calls
    fan = calls[(calls.trace_id == "anthropic-unassigned") & (calls.tool == "get_user")]
    assert (len(fan), int(fan.duplicate_of.notna().sum()), int(fan.followup.sum())) == (12, 5, 12)
    f = shipped.followups
    assert set(f[f.trace_id == "chat-fanout"].producer_path) == {
        "data[].relationships.assignee.data.id"
    }
    assert [x.text for x in shipped.findings] == [
        "search_tickets: assignee (opaque id) -> get_user x36, 15 duplicates, in 4 traces",
        "search_tickets: data[].relationships.organization.data.id (no field of the suite) "
        "-> get_organization x1, 0 duplicates",
    ]


def test_hedged_sla_answer_and_uncovered_question(shipped) -> None:
    # "typically" paraphrases a policy: how things usually are is no claim about this task.
    assert list(shipped.hedges.phrase) == ["I'm not sure", "probably", "likely"]
    (answer,) = shipped.hedged_answers
    assert (answer.trace_id, answer.question_id, answer.needs, answer.missing) == (
        "chat-sla",
        "breach-soon",
        ("ticket_id", "sla_due_at"),
        ("sla_due_at",),
    )
    assert list(shipped.uncovered.question) == [
        "Draft an apology email to Harbor Lane Pharmacy about the terminal outage."
    ]
    assert int(shipped.drift.covered.sum()) == 6


def test_drift_only_against_suites_whose_tool_appears(tmp_path: Path) -> None:
    other = dataclasses.replace(desk_suite(), name="weather", tool="get_weather")
    a = analyse_traces([SHIPPED / "support_openai.jsonl"], suites=[other])
    assert a.drift_suites == [] and a.drift.empty and a.hedged_answers[0].question_id is None
    assert (
        "Question drift not measured: no configured suite's tool appears in these traces "
        "(suites: weather)." in a.render().splitlines()
    )
    both = analyse_traces([SHIPPED / "support_openai.jsonl"], suites=[other, desk_suite()])
    assert both.drift_suites == ["desk"] and set(both.drift.suite) == {"desk"}


@pytest.mark.parametrize("envelope", ["messages", "run"])
def test_think_tool_text_hedges_and_claims_are_read(tmp_path: Path, envelope: str) -> None:
    think = {"thought": "The refund was probably issued on May 3."}
    trace = [
        {"role": "user", "content": "When was my refund issued?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "think", "arguments": json.dumps(think)},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "assistant", "content": "Your refund of $42.10 was issued on May 3."},
    ]
    if envelope == "messages":
        path, tid = write_jsonl(tmp_path / "t.jsonl", [{"messages": trace}]), "t.jsonl:1"
    else:  # a benchmark's results file: a list of runs, the conversation under "traj"
        run = {"task_id": 4, "trial": 1, "reward": 0.0, "info": {}, "traj": trace}
        path, tid = write_json(tmp_path / "results.json", [run]), "task 4 trial 1"
    a = analyse_traces([path])
    assert [(h.trace_id, h.phrase, h.kind, h.sentence) for h in a.hedges.itertuples()] == [
        (tid, "probably", "guess", "The refund was probably issued on May 3.")
    ]
    # The think text states the date first; no result, user or system text held either.
    assert [(c.seq, c.kind, c.value) for c in a.claims.itertuples()] == [
        (1, "date", "May 3"),
        (3, "amount", "$42.10"),
        (3, "date", "May 3"),
    ]
    assert a.turns.kind.tolist() == ["question"]
    assert a.unsupported_answers[0].values == ("May 3", "$42.10")


def test_hedges_are_read_after_the_last_user_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # find_hedges is given the last user message's words (a harness's reminder left out)
    # for a message and for a think tool's text alike; None before any user message.
    from projeval.traces import hedges, metrics

    seen: list[tuple[str, str | None]] = []

    def spy(lexicon, text, *args, **kwargs):
        seen.append((text, kwargs.get("user")))
        return hedges.find_hedges(lexicon, text, *args, **kwargs)

    monkeypatch.setattr(metrics, "find_hedges", spy)
    think = {"thought": "Fatigue may come from several deficiencies."}
    trace = [
        {"role": "assistant", "content": "Hello, how can I help?"},
        {
            "role": "user",
            "content": "Why am I always tired?\n<system-reminder>be brief</system-reminder>",
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "think", "arguments": json.dumps(think)},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "assistant", "content": "It may be low iron."},
        {"role": "user", "content": "What causes low iron?"},
        {"role": "assistant", "content": "Low iron is often caused by diet."},
    ]
    analyse_traces([write_jsonl(tmp_path / "t.jsonl", [{"messages": trace}])])
    assert seen == [
        ("Hello, how can I help?", None),
        ("Fatigue may come from several deficiencies.", "Why am I always tired?"),
        ("It may be low iron.", "Why am I always tired?"),
        ("Low iron is often caused by diet.", "What causes low iron?"),
    ]


@pytest.mark.parametrize(
    ("question", "hedged"),
    [("What causes fatigue?", False), ("Why am I always tired lately?", True)],
)
def test_a_question_asked_in_general_decides_a_hedge_in_a_trace(
    tmp_path: Path, question: str, hedged: bool
) -> None:
    # The same answer is the general case after a question about a kind, a guess after the
    # user's own case (session 32): the trace's user turn reaches find_hedges.
    trace = [
        {"role": "user", "content": question},
        {"role": "assistant", "content": "Fatigue might be linked to low iron or poor sleep."},
    ]
    a = analyse_traces([write_jsonl(tmp_path / "t.jsonl", [{"messages": trace}])])
    assert list(a.hedges.phrase) == (["might be"] if hedged else [])


def test_an_answer_is_read_after_every_result_since_the_agent_last_wrote(tmp_path: Path) -> None:
    # Two lookups in parallel, then one answer: its softener restates the first result,
    # not the last, and is no hedge; a later answer with no new lookup reads the last.
    def lookup(cid: str, rid: str) -> dict:
        args = json.dumps({"reservation_id": rid})
        return {
            "id": cid,
            "type": "function",
            "function": {"name": "get_reservation_details", "arguments": args},
        }

    first = {"reservation_id": "ABC123", "origin": "JFK", "destination": "SEA", "insurance": "no"}
    last = {"reservation_id": "XYZ789", "origin": "LAX", "destination": "ORD", "insurance": "yes"}
    trace = [
        {"role": "user", "content": "Can I cancel my trip to Seattle?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [lookup("c1", "ABC123"), lookup("c2", "XYZ789")],
        },
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps(first)},
        {"role": "tool", "tool_call_id": "c2", "content": json.dumps(last)},
        {
            "role": "assistant",
            "content": "It seems reservation ABC123 from JFK to SEA has no travel insurance.",
        },
        {"role": "user", "content": "And the other one?"},
        {
            "role": "assistant",
            "content": "It seems reservation ABC123 from JFK to SEA has no travel insurance.",
        },
    ]
    a = analyse_traces([write_jsonl(tmp_path / "t.jsonl", [{"messages": trace}])])
    # the repeat, written with no new lookup since the agent last wrote, reads the last result
    # as its latest; the first record, read earlier, still states it (session 29's records)
    assert [(h.seq, h.phrase) for h in a.hedges.itertuples()] == []
    # ... and a claim no record holds stays softened ("booked with points")
    trace[-1] = {
        "role": "assistant",
        "content": "It seems reservation ABC123 from JFK to SEA was booked with points.",
    }
    a = analyse_traces([write_jsonl(tmp_path / "u.jsonl", [{"messages": trace}])])
    assert [(h.seq, h.phrase) for h in a.hedges.itertuples()] == [(7, "seems")]


def test_only_questions_and_requests_feed_drift_mining_and_hedged_answers(tmp_path: Path) -> None:
    # A recorded customer-service run: a system prompt, a tool call and result every turn,
    # and an answer that hedges every time. The user asks, answers the agent, confirms,
    # asks for a task, then closes; only the asking turns are matched and mined, and the
    # answer and the confirmation continue the question before them: their hedged answers
    # are listed under it, and their calls mined as its, once.
    from projeval.mining import mine_questions

    result = json.dumps({"data": [{"id": "tkt_a41c0d5e", "attributes": {"subject": "Down"}}]})
    hedge = "I'm not sure exactly when it breaches; it is probably due today."

    def step(n: int, user: str, agent: str) -> list[dict]:
        call = {"name": "search_tickets", "arguments": json.dumps({"query": user})}
        return [
            {"role": "user", "content": user},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": f"c{n}", "type": "function", "function": call}],
            },
            {"role": "tool", "tool_call_id": f"c{n}", "content": result},
            {"role": "assistant", "content": f"{hedge} {agent}".strip()},
        ]

    said = [
        ("Which tickets are going to breach their SLA soon?", "Which team should I check?"),
        ("Sure, the pharmacy team.", "Shall I escalate it?"),
        ("Yes, please go ahead.", "Anything else?"),
        ("Find the tickets Harbor Lane Pharmacy opened this week.", "Anything else?"),
        ("No, that's all. Thanks!", ""),
    ]
    system = {"role": "system", "content": "You are the support desk's assistant."}
    messages = [system] + [m for n, (u, a) in enumerate(said) for m in step(n, u, a)]
    path = write_jsonl(tmp_path / "run.jsonl", [{"messages": messages}])
    a = analyse_traces([path], suites=[desk_suite()])
    assert a.turns.kind.tolist() == ["question", "answer", "answer", "request", "greeting"]
    assert len(set(a.hedges.seq)) == 5  # every answer hedged
    assert a.drift.turn.tolist() == [1, 4]
    assert [(h.turn, h.question) for h in a.hedged_answers] == [
        (1, said[0][0]),
        (2, said[0][0]),
        (3, said[0][0]),
        (4, said[3][0]),
    ]
    mined = mine_questions([path], "search_tickets")
    assert sorted(q.text for q in mined.questions) == [said[3][0], said[0][0]]


def _flat_call(cid: str, tool: str, arguments: dict, requestor: str = "assistant") -> dict:
    """A tool call in tau2-bench's flat shape (name and arguments at its top level)."""
    return {"id": cid, "name": tool, "arguments": arguments, "requestor": requestor}


def test_a_simulation_counts_the_agents_calls_and_flagged_errors_only(tmp_path: Path) -> None:
    # A tau2-bench-style results document (invented content). The simulated user reads a
    # label with its own tool, then types the tracking id: the agent's call passing it on
    # is no follow-up (the user said it first; the user's tool result is not the agent's).
    # The agent's first call fails with "error": true and a text that reads as no error.
    track = {"tracking_id": "TRK-5561"}
    messages = [
        {"role": "user", "content": None, "tool_calls": [_flat_call("u1", "read_label", {}, "user")]},
        {"role": "tool", "id": "u1", "content": json.dumps(track), "requestor": "user", "error": False},
        {"role": "user", "content": "Where is my parcel? The label says TRK-5561.", "tool_calls": None},
        {"role": "assistant", "content": None, "tool_calls": [_flat_call("c1", "get_tracking", track)]},
        {"role": "tool", "id": "c1", "content": "tracking service unavailable", "requestor": "assistant", "error": True},
        {"role": "assistant", "content": None, "tool_calls": [_flat_call("c2", "get_tracking", track)]},
        {"role": "tool", "id": "c2", "content": '{"hub_id": "HUB-12"}', "requestor": "assistant", "error": False},
        {"role": "assistant", "content": None, "tool_calls": [_flat_call("c3", "get_hub", {"hub_id": "HUB-12"})]},
        {"role": "tool", "id": "c3", "content": '{"city": "Leeds"}', "requestor": "assistant", "error": False},
        {"role": "assistant", "content": "Your parcel is at our Leeds hub.", "tool_calls": None},
    ]  # fmt: skip
    sim = {"id": "sim-1", "task_id": "3", "trial": 0, "messages": messages}
    doc = {"info": {}, "tasks": [], "simulations": [sim]}
    a = analyse_traces([write_json(tmp_path / "results.json", doc)])
    assert a.summary[["trace_id", "turns", "calls", "errors", "duplicates", "followups"]].to_dict(
        "records"
    ) == [
        {"trace_id": "sim-1", "turns": 1, "calls": 3, "errors": 1, "duplicates": 0, "followups": 1}
    ]
    calls = a.calls[["tool", "is_error", "retry_of", "duplicate_of"]].astype(object)
    assert calls.where(calls.notna(), None).values.tolist() == [
        ["get_tracking", True, None, None],
        ["get_tracking", None, 1, None],  # a retry of the failed call (seq 1), no duplicate
        ["get_hub", None, None, None],
    ]
    assert [(f.producer_tool, f.producer_path, f.consumer_tool) for f in a.followups.itertuples()] == [
        ("get_tracking", "hub_id", "get_hub")
    ]  # fmt: skip
    assert a.turns.question.tolist() == ["Where is my parcel? The label says TRK-5561."]


def test_real_support_desk_suite_drops_in() -> None:
    suite = REPO / "question_sets" / "support_desk.yaml"
    if not suite.exists():
        pytest.skip("the shipped suite is not there yet")
    a = analyse_traces([SHIPPED / "support_openai.jsonl"], suites=[suite])
    assert a.findings[0].text.startswith(
        "search_tickets: assignee (opaque id) -> get_user x11, 5 duplicates"
    )
    assert a.hedged_answers[0].missing == ("sla_due_at",)


def test_to_dict_is_versioned_json_and_deterministic(shipped) -> None:
    doc = shipped.to_dict()
    assert doc["version"] == SCHEMA_VERSION == 3
    assert list(doc) == [
        "version",
        "encoding",
        "threshold",
        "suites",
        "files",
        "totals",
        "traces",
        "followups",
        "duplicates",
        "hedges",
        "turns",
        "turn_classes",
        "claims",
        "drift_suites",
        "questions",
        "fanout",
        "findings",
        "hedged_answers",
        "unsupported_answers",
        "problems",
    ]
    assert doc["turn_classes"] == {
        "question": 6,
        "request": 1,
        "answer": 0,
        "greeting": 0,
        "other": 0,
    }
    assert doc["drift_suites"] == ["desk"]
    assert doc["hedges"][0]["sentence"] == (
        "The search results do not include SLA due times, so I'm not sure exactly which "
        "tickets breach next."
    )
    text = json.dumps(doc, sort_keys=True)
    again = analyse_traces([SHIPPED], suites=[desk_suite()]).to_dict()
    assert json.dumps(again, sort_keys=True) == text
    assert len(doc["duplicates"]) == 15 and doc["traces"][0]["trace_id"] == "anthropic-unassigned"


def test_render_and_repr(shipped) -> None:
    text = render_summary(shipped)
    assert text == shipped.render()
    assert text.splitlines()[:4] == [
        "7 traces in 5 files, 0 problems (tokens: o200k_base)",
        "calls 45, errors 3, duplicates 15, retries 2, follow-ups 38 (lookups 38, actions 0), "
        "hedges 3; turns 7, of which 5 end in a follow-up lookup or a hedge",
        "result tokens 24,344; billed input 108,304; recorded input 45,411",
        "user turns: 6 questions, 1 request, 0 answers, 0 greetings or closings, 0 other; "
        "ungrounded claims 0",
    ]
    assert (
        "  search_tickets: assignee (opaque id) -> get_user x36, 15 duplicates, in 4 traces"
        in text.splitlines()
    )
    assert any(ln.endswith("65,550  9,841 (1/13 calls)") for ln in text.splitlines())
    assert repr(shipped) == (
        "<TraceAnalysis files=5 traces=7 calls=45 followups=38 "
        "duplicates=15 hedges=3 problems=0 findings=2>"
    )


def test_events_table_and_summary_only_mode(shipped) -> None:
    ev = shipped.events
    assert len(ev) == 109 and list(ev.columns[:5]) == ["file", "line", "format", "trace_id", "seq"]
    assert str(ev.usage_input_total.dtype) == "Int64"
    lean = analyse_traces([SHIPPED], suites=[desk_suite()], keep_events=False, workers=1)
    assert lean.events.empty and lean.calls.empty and lean.followups.empty
    assert lean.totals == shipped.totals
    assert lean.findings == shipped.findings
    assert [h.text for h in lean.hedged_answers] == [h.text for h in shipped.hedged_answers]
    assert lean.turns.answer.isna().all() and len(lean.turns) == 7
    assert lean.summary.equals(shipped.summary)


def test_summary_mode_counts_only_the_tokens_it_reports(monkeypatch: pytest.MonkeyPatch) -> None:
    # A final answer is re-read by no model call: in summary mode its tokens reach no
    # reported number and it is not tokenized at all; with the events kept it is.
    from projeval.traces import pipeline

    counted: list[str] = []
    count = pipeline.count_texts

    def recording(texts: list[str], encoding: str) -> list[int]:
        counted.extend(texts)
        return count(texts, encoding)

    monkeypatch.setattr(pipeline, "count_texts", recording)
    full = analyse_traces([SHIPPED], workers=1)
    every = set(counted)
    counted.clear()
    lean = analyse_traces([SHIPPED], workers=1, keep_events=False)
    finals = {
        e.text for e in full.events.itertuples() if e.role == "assistant" and e.kind == "message"
    } - set(counted)
    assert finals and finals <= every and set(counted) < every
    assert lean.summary.equals(full.summary)


def test_generator_reproduces_the_shipped_files() -> None:
    spec = importlib.util.spec_from_file_location("make_traces", SHIPPED / "make_traces.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lines = (SHIPPED / "support_openai.jsonl").read_text("utf-8").splitlines()
    assert [json.loads(x) for x in lines] == module.openai_chat()
    assert json.loads((SHIPPED / "support_anthropic.json").read_text("utf-8")) == module.anthropic()


def test_bad_input_never_loses_the_rest(tmp_path: Path) -> None:
    good = {
        "id": "ok",
        "messages": [
            {"role": "user", "content": "q"},
            {
                "role": "assistant",
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "f", "arguments": "{bad"},
                    },
                    {"id": "c2", "type": "function", "function": {"name": "g", "arguments": "{}"}},
                ],
            },
            {"role": "tool", "tool_call_id": "c9", "content": "orphan"},
            {"role": "tool", "tool_call_id": "c1", "content": "r"},
        ],
    }
    d = tmp_path / "in"
    d.mkdir()
    write_jsonl(d / "a.jsonl", [good])
    with (d / "a.jsonl").open("ab") as fh:
        fh.write(b'{"id": "x", "messa\n\xff\xfe\n')
    (d / "b.json").write_text(
        json.dumps(
            {
                "system": "s",
                "messages": [
                    {"role": "user", "content": [{"type": "text", "text": "hi"}]},
                    {
                        "role": "assistant",
                        "content": [{"type": "widget"}, {"type": "text", "text": "yo"}],
                    },
                    {"role": "user", "content": "more"},
                ],
            }
        )[:-40]
    )
    # (Under an id of its own: the same trace in two files would count once, see copies.py.)
    gz = json.dumps(dict(good, id="gz")).encode()
    (d / "c.jsonl.gz").write_bytes(gzip.compress(b"\xef\xbb\xbf" + gz))
    a = analyse_traces([d])
    assert _rows(a.summary[["trace_id", "calls", "unanswered_calls", "orphan_results"]]) == [
        ("ok", 2, 1, 1),
        ("b.json:1", 0, 0, 0),
        ("gz", 2, 1, 1),
    ]
    assert [(Path(p.file).name, p.line, p.reason[:40]) for p in a.problems.itertuples()] == [
        ("a.jsonl", 2, "invalid JSON: the value ends early (Unte"),
        ("a.jsonl", 3, "not UTF-8 (byte 0xff at column 1); line "),
        ("b.json", 1, "invalid JSON (Expecting ',' delimiter at"),
        ("b.json", 1, "message 2: unknown content block type 'w"),
    ]
    calls = a.calls
    assert calls[calls.tool == "f"].args_raw.tolist() == ["{bad", "{bad"]
    # A file in no format a reader knows is one problem naming it and the fix; the rest
    # of the folder is read as before.
    (d / "zzz.jsonl").write_text('{"rows": 1}\n')
    more = analyse_traces([d])
    assert more.summary.equals(a.summary)
    assert [(f["path"], f["format"], f["traces"]) for f in more.to_dict()["files"]][-1] == (
        str(d / "zzz.jsonl"),
        "unread",
        0,
    )
    last = list(more.problems.itertuples())[-1]
    assert last.file == str(d / "zzz.jsonl") and pd.isna(last.line)
    assert last.reason.startswith("not a known trace format (tried: openai_chat, ")
    assert last.reason.endswith(
        "; the file is not read. Fix: name it (--trace-format on the command line, format= "
        "in Python) if the file is in one of these; else write each conversation as OpenAI "
        'Chat, {"messages": [{"role", "content", "tool_calls"}, ...]}, one a line'
    )
    # Alone, it is the run's error.
    with pytest.raises(TraceError, match=r"zzz\.jsonl: not a known trace format"):
        analyse_traces([d / "zzz.jsonl"])


def test_a_folder_or_glob_of_formats_is_detected_file_by_file(tmp_path: Path) -> None:
    # Real recordings (tests/corpora/formats): an OpenAI Chat JSON Lines request log
    # beside an OTel span export, and a JSON file that is no trace at all.
    formats = REPO / "tests" / "corpora" / "formats"
    d = tmp_path / "mixed"
    d.mkdir()
    for name in ("chat_stream.jsonl", "otel_openllmetry_openai.json"):
        (d / name).write_bytes((formats / name).read_bytes())
    (d / "notes.json").write_text('{"todo": ["check the traces"]}', "utf-8")
    for given in ([d], [str(d / "*.json*")]):
        a = analyse_traces(given)
        assert [(Path(f["path"]).name, f["format"], f["traces"]) for f in a.to_dict()["files"]] == [
            ("chat_stream.jsonl", "openai_chat", 1),
            ("notes.json", "unread", 0),
            ("otel_openllmetry_openai.json", "otel", 1),
        ]
        assert [(Path(p.file).name, p.reason[:26]) for p in a.problems.itertuples()] == [
            ("notes.json", "not a known trace format (")
        ]
        assert a.totals["calls"] == 3


def test_render_lists_problems(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(b'{"messages": [{"role": "user", "content": "hi"}]}\n{oops\n')
    text = analyse_traces([path]).render()
    assert text.splitlines()[0] == "1 trace in 1 file, 1 problem (tokens: o200k_base)"
    assert text.splitlines()[-2:] == [
        "Problems (records skipped or repaired):",
        f"  {path}:2: invalid JSON: Expecting property name enclosed in double quotes at "
        "column 2; line skipped",
    ]


def test_a_folder_of_one_run_files_prints_twenty_traces_in_all(tmp_path: Path) -> None:
    # AgentDojo and SWE-agent write one run a file: 215 AgentDojo runs printed 215 tables
    # (650 lines) before the findings. The listing stops at 20 traces in all.
    for i in range(23):
        convo = [
            {"role": "user", "content": f"Where is order {i}?"},
            {"role": "assistant", "content": "It shipped."},
        ]
        write_json(tmp_path / f"run{i:02d}.json", {"messages": convo})
    text = analyse_traces([tmp_path], workers=1).render()
    lines = text.splitlines()
    assert sum(ln.endswith(".json") for ln in lines) == 20  # one header per file shown
    assert "... and 3 more traces in 3 more files" in lines
    assert not any("run22.json" in ln for ln in lines)


# The invoicing assistant of lapth/aichat-openai-agent (tests/corpora/formats/agents_js,
# agents_as_tools.json): its answer's "Tax (10%)" came from create_invoice's description.
INVOICE_TOOL = {
    "type": "function",
    "function": {
        "name": "create_invoice",
        "description": "Create an invoice for a customer; tax rate default 10%.",
        "parameters": {
            "type": "object",
            "properties": {
                "status": {"type": "string", "enum": ["Draft", "Sent"], "default": "Draft"},
                "currency": {"type": "string", "description": "ISO code, e.g. NZD"},
            },
        },
    },
}
INVOICE_TRACE = [
    {"role": "user", "content": "Invoice Lap Test for item 1 at $10."},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "create_invoice", "arguments": '{"customer": "Lap Test"}'},
            }
        ],
    },
    {"role": "tool", "tool_call_id": "c1", "content": '{"id": "INV-1", "subtotal": 10}'},
    {
        "role": "assistant",
        "content": "Invoice INV-1 is created: subtotal $10, tax (10%) $1, status Draft, in NZD, "
        "due in 7 days.",
    },
]


def test_what_a_tool_definition_states_grounds_a_claim(tmp_path: Path) -> None:
    bare = analyse_traces([write_jsonl(tmp_path / "bare.jsonl", [{"messages": INVOICE_TRACE}])])
    assert [c.value for c in bare.claims.itertuples()] == ["10%", "Draft", "NZD", "7 days"]
    # The request's own tools: the description's 10%, the enum's Draft, a parameter's NZD.
    record = {"messages": INVOICE_TRACE, "tools": [INVOICE_TOOL]}
    own = analyse_traces([write_jsonl(tmp_path / "own.jsonl", [record])])
    assert [c.value for c in own.claims.itertuples()] == ["7 days"]
    # A --tools file the agent was given grounds them the same way.
    tools = write_json(tmp_path / "tools.json", [INVOICE_TOOL])
    given = analyse_traces([tmp_path / "bare.jsonl"], tools=[tools])
    assert [c.value for c in given.claims.itertuples()] == ["7 days"]


def test_a_hedged_answer_that_writes_is_listed_under_the_request_left_open(
    tmp_path: Path,
) -> None:
    # The invoicing assistant of lapth/aichat-openai-agent (tests/corpora/formats/
    # agents_js/invoice_product_list.json, shortened): the agent asks for the invoice's
    # items, the user asks a question answered in its own turn, then gives the items and
    # the invoice is created with a hedge. That answer wrote, so it serves the request
    # whose ask was open, not the question between (mining reads it the same way).
    products = [{"id": "PROD-1", "name": "Web Hosting", "price": 10}]

    def call(cid: str, tool: str, arguments: dict) -> dict:
        fn = {"name": tool, "arguments": json.dumps(arguments)}
        return {
            "role": "assistant",
            "tool_calls": [{"id": cid, "type": "function", "function": fn}],
        }

    hedge = "Created INV-1 for Bob. I'm not sure exactly when it is sent; it is probably due today."
    messages = [
        {"role": "user", "content": "Create customer Bob and invoice for him."},
        {"role": "assistant", "content": "Please provide the invoice's items and prices."},
        {"role": "user", "content": "what items am I having?"},
        call("c1", "list_products", {}),
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps(products)},
        {"role": "assistant", "content": "Web Hosting ($10). Which items go on the invoice?"},
        {"role": "user", "content": 'a new item named "item 1" with the default values'},
        call("c2", "create_invoice", {"customer": "Bob", "items": [{"name": "item 1"}]}),
        {"role": "tool", "tool_call_id": "c2", "content": json.dumps({"id": "INV-1"})},
        {"role": "assistant", "content": hedge},
    ]
    path = write_jsonl(tmp_path / "run.jsonl", [{"messages": messages}])
    a = analyse_traces([path])
    assert a.turns.kind.tolist() == ["request", "question", "answer"]
    assert a.turns.writes.tolist() == [False, False, True]
    assert [(h.turn, h.question) for h in a.hedged_answers] == [(3, messages[0]["content"])]
    # A lookup after the same answer answers the latest question, as before.
    read = [*messages[:7], call("c2", "get_invoice", {"customer": "Bob"}), *messages[8:]]
    a = analyse_traces([write_jsonl(tmp_path / "read.jsonl", [{"messages": read}])])
    assert [(h.turn, h.question) for h in a.hedged_answers] == [(3, messages[2]["content"])]


def test_made_up_support_runs_read_as_issue_16_asks() -> None:
    # Three of session 32's made-up support runs (tests/traces/data/README.md; no public
    # data), as issue 16's corpus was written: a JSON list of conversations. Before: the
    # file was no known format; the isError results were no errors and their retries none;
    # ids a map is keyed by (items, payment methods) fed nothing; prices in minor units and
    # epoch days were ungrounded claims, beside the two planted ones.
    data = Path(__file__).parent / "data" / "support45_runs.json"
    analysis = analyse_traces([data], workers=1)
    totals = analysis.totals
    got = {k: totals[k] for k in ("traces", "calls", "errors", "retries", "duplicates")}
    assert got == {"traces": 3, "calls": 19, "errors": 3, "retries": 3, "duplicates": 1}
    assert (totals["lookups"], totals["actions"]) == (11, 5)
    rows = {(f.producer, f.path, f.consumer, f.argument): f for f in analysis.fanout}
    assert rows[("get_user_details", "payment_methods.*", "return_delivered_order_items", "payment_method_id")].calls == 1  # fmt: skip
    assert rows[("get_order_details", "items.*", "return_delivered_order_items", "item_ids[]")].calls == 1  # fmt: skip
    assert rows[("find_user", "orders[]", "get_order", "order_id")].duplicates == 1
    assert rows[("get_account", "bills[]", "get_bill", "bill_id")].duplicates == 0  # a retry
    assert sorted(analysis.claims["value"]) == ["$7.50", "6月12日"]
