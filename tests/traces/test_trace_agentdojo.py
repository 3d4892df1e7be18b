"""AgentDojo run files: detection, calls, YAML results, error fields, bad records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from projeval.traces.agentdojo import is_run
from projeval.traces.events import Problem, Trace
from projeval.traces.parsers import open_file, sniff
from trace_helpers import write_json, write_jsonl

STATUS = "fees:\n- amount: 34.0\n  fee_id: fee_chase_001\n  posted_on: 2026-07-14\n"


def run(**extra: Any) -> dict[str, Any]:
    """One recorded run in AgentDojo's shape: a search, a record, an error, an answer."""
    text = [{"type": "text", "content": "Your fee of $34 posted on July 14."}]
    return {
        "run_id": "banking_t01_1",
        "suite_name": "banking_suite",
        "pipeline_name": "gpt-5.6-luna",
        "messages": [
            {"role": "system", "content": [{"type": "text", "content": "Use tools."}]},
            {"role": "user", "content": [{"type": "text", "content": "My Chase fee?"}]},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "function": "get_status",
                        "args": {"reason": "fees"},
                        "id": "call_1",
                        "placeholder_args": None,
                    },
                    {"function": "inspect_fee", "args": {"fee_id": "x"}, "id": "call_2"},
                ],
            },
            {
                "role": "tool",
                "content": [{"type": "text", "content": STATUS}],
                "tool_call_id": "call_1",
                "tool_call": {"function": "get_status", "args": {"reason": "fees"}, "id": "call_1"},
                "error": None,
            },
            {
                "role": "tool",
                "content": [{"type": "text", "content": ""}],
                "tool_call_id": "call_2",
                "tool_call": {"function": "inspect_fee", "args": {"fee_id": "x"}, "id": "call_2"},
                "error": "ValueError: No fee record matches fee_id 'x'.",
            },
            {
                "role": "assistant",
                "content": [{"type": "thinking", "content": "it may be...", "id": None}, *text],
                "tool_calls": None,
            },
        ],
        **extra,
    }


def parse(path: Path) -> tuple[str, list[Trace], list[Problem]]:
    parsed = open_file(path)
    items = list(parsed.items)
    traces = [i for i in items if isinstance(i, Trace)]
    return parsed.format, traces, [i for i in items if isinstance(i, Problem)]


def test_a_run_file_reads_calls_results_errors_and_the_answer(tmp_path: Path) -> None:
    fmt, (trace,), problems = parse(write_json(tmp_path / "seed_1.json", run()))
    assert (fmt, problems, trace.trace_id, trace.format) == (
        "agentdojo",
        [],
        "banking_t01_1",
        "agentdojo",
    )
    got = [(e.role, e.kind, e.tool, e.call_id, e.link, e.is_error, e.text) for e in trace.events]
    assert got == [
        ("system", "message", None, None, None, None, "Use tools."),
        ("user", "message", None, None, None, None, "My Chase fee?"),
        ("assistant", "call", "get_status", "call_1", 4, None, None),
        ("assistant", "call", "inspect_fee", "call_2", 5, None, None),
        ("tool", "result", "get_status", "call_1", 2, False, STATUS),
        # The tool raised: its content is empty, the error field says why.
        (
            "tool",
            "result",
            "inspect_fee",
            "call_2",
            3,
            True,
            "ValueError: No fee record matches fee_id 'x'.",
        ),
        # The thinking block is the model's reasoning, not its answer.
        ("assistant", "message", None, None, None, None, "Your fee of $34 posted on July 14."),
    ]
    assert trace.events[2].args == {"reason": "fees"}
    # The YAML result has a structure (dates kept as written); the error has none.
    assert trace.events[4].structured == {
        "fees": [{"amount": 34.0, "fee_id": "fee_chase_001", "posted_on": "2026-07-14"}]
    }
    assert trace.events[5].structured is None


def test_json_lines_of_runs_with_string_content_and_no_ids(tmp_path: Path) -> None:
    # Older AgentDojo versions write content as a plain string; runs carry no id.
    old = run()
    del old["run_id"]
    for m in old["messages"]:
        if isinstance(m["content"], list):
            m["content"] = "\n".join(b["content"] for b in m["content"] if b["type"] == "text")
    fmt, traces, problems = parse(write_jsonl(tmp_path / "runs.jsonl", [old, old]))
    assert (fmt, problems) == ("agentdojo", [])
    assert [t.trace_id for t in traces] == ["runs.jsonl:1", "runs.jsonl:2"]
    assert traces[0].events[-1].text == "Your fee of $34 posted on July 14."


def test_a_run_recorded_twice_under_one_id_is_two_traces(tmp_path: Path) -> None:
    # A run is a whole conversation: the same run again (a re-run with the same id) is a
    # trace of its own, not history the first one re-sends.
    _, traces, problems = parse(write_jsonl(tmp_path / "runs.jsonl", [run(), run()]))
    assert problems == []
    assert [(t.trace_id, len(t.events)) for t in traces] == [
        ("banking_t01_1", len(traces[0].events)),
        ("banking_t01_1#2", len(traces[0].events)),
    ]


def test_a_call_in_another_shape_is_a_problem_and_the_rest_is_read(tmp_path: Path) -> None:
    bad = run()
    bad["messages"][2]["tool_calls"][1] = {"name": "inspect_fee", "arguments": "{}"}
    bad["messages"].append({"role": "critic", "content": "?"})
    fmt, (trace,), problems = parse(write_json(tmp_path / "bad.json", bad))
    assert fmt == "agentdojo"
    assert [p.reason for p in problems] == [
        "message 2: tool call 1 has no 'function' name and 'args' (AgentDojo's "
        '{"function": ..., "args": ...}); skipped',
        "message 6 has unknown role 'critic'; skipped",
    ]
    assert [e.tool for e in trace.events if e.kind == "call"] == ["get_status"]
    # The result of the skipped call is still read (its tool from the message's call copy).
    assert [e.tool for e in trace.events if e.kind == "result"] == ["get_status", "inspect_fee"]


def test_detection() -> None:
    plain = run()
    for key in ("run_id", "suite_name", "pipeline_name"):
        del plain[key]
    assert sniff(run()) == ("agentdojo", True)
    assert sniff(plain) == ("agentdojo", True)  # the call shape alone says so
    assert is_run({"messages": [], "suite_name": "workspace"})
    chat = {"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}]}
    assert not is_run(chat)
    assert sniff(chat) == ("openai_chat", False)
    openai = {"messages": [{"role": "assistant", "tool_calls": [{"function": {"name": "f"}}]}]}
    assert sniff(openai) == ("openai_chat", True)
