"""Tools a provider runs or defines itself, read from real recorded responses
(tests/corpora/formats/README.md, "Provider responses with built-in tools": vercel/ai's
recorded API responses): Anthropic's server tools, whose results sit in the same
assistant message as the text around them, and the Responses API's built-in tools."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from projeval.errors import TraceError
from projeval.traces import analyse_traces
from projeval.traces.events import Trace
from projeval.traces.parsers import open_file

VERCEL = Path(__file__).resolve().parents[1] / "corpora" / "formats" / "vercel_ai"


def _trace(name: str) -> Trace:
    items = list(open_file(VERCEL / name).items)
    (trace,) = [i for i in items if isinstance(i, Trace)]
    return trace


def _digest(trace: Trace) -> list[tuple[Any, ...]]:
    return [(e.role, e.kind, e.tool, e.is_error, (e.text or "")[:24] or None) for e in trace.events]


def test_text_after_a_server_tools_result_is_read_after_it() -> None:
    # claude-sonnet fetches a Wikipedia page (web_fetch) and then says what it is about,
    # all in one assistant message: the answer comes after the page, not before it.
    trace = _trace("anthropic-web-fetch-tool.1.json")
    assert _digest(trace) == [
        ("assistant", "message", None, None, "I'll fetch the Wikipedia"),
        ("assistant", "call", "web_fetch", None, None),
        ("tool", "result", "web_fetch", False, '{"content": {"source": {'),
        ("assistant", "message", None, None, "This Wikipedia page is a"),
    ]
    # One model call: its usage once, on the message's first event.
    assert [e.usage.input_total for e in trace.events if e.usage] == [4234]
    a = analyse_traces([VERCEL / "anthropic-web-fetch-tool.1.json"])
    flagged = {c.value for c in a.claims.itertuples()}
    # Every one of these is a word of the fetched page (read by hand).
    assert flagged.isdisjoint(
        {"England", "Poland", "George Sarauw", "Kongemose", "Scandinavia", "Zealand"}
    )


def test_a_code_runs_figures_ground_the_answer_after_it() -> None:
    # The CSV viewed, an awk script run, then the totals it printed ("Total Profit:
    # $35400", "Total Revenue: $89700") and the CSV's own months read back. The total of
    # expenses is the model's own sum (8200 + ... + 10200), which nothing printed, but it is
    # also the printed revenue less the printed profit, both stated in the same answer: the
    # GUIDELINE's arithmetic the message shows from held values (session 29), so no claim.
    a = analyse_traces([VERCEL / "anthropic-code-execution-file-upload.1.json"])
    assert [c.value for c in a.claims.itertuples()] == []


def test_a_server_shell_commands_non_zero_return_code_is_an_error() -> None:
    # Anthropic's bash_code_execution result {"return_code": 1, "stdout": "...Error: PDF
    # conversion failed"}: the command failed, as a shell's exit status says elsewhere.
    trace = _trace("anthropic-code-execution-20250825.pptx-skill.blocks-136-139.json")
    results = [e for e in trace.events if e.kind == "result"]
    assert [(e.tool, e.is_error) for e in results] == [("bash_code_execution", True)]


def test_responses_built_in_shell_calls_are_calls_with_their_outputs() -> None:
    # gpt-5 with the hosted shell tool and a skill: two shell_call items, each answered by
    # a shell_call_output ({"outcome": {"type": "exit", "exit_code": 0}, "stdout": ...}),
    # then the answer. They were left out: 0 calls.
    trace = _trace("openai-shell-skills.1.json")
    assert [(e.role, e.kind, e.tool, e.is_error) for e in trace.events] == [
        ("assistant", "call", "shell", None),
        ("tool", "result", "shell", False),
        ("assistant", "call", "shell", None),
        ("tool", "result", "shell", False),
        ("assistant", "message", None, None),
    ]
    calls = [e for e in trace.events if e.kind == "call"]
    assert calls[0].args == {
        "commands": ["ls -R /home/oai/skills/island-rescue-ab6238cd308ce72a5ae69fd3ba1e3aeb"],
        "max_output_length": None,
        "timeout_ms": None,
    }
    results = [e for e in trace.events if e.kind == "result"]
    assert (
        results[0].text
        == "/home/oai/skills/island-rescue-ab6238cd308ce72a5ae69fd3ba1e3aeb:\nSKILL.md\n"
    )
    # The hosted shell ran inside the one response: one model call, its usage once (it
    # read as three, "1,499 (1/3 calls)", with a re-sent history billed between them).
    assert {e.msg for e in trace.events} == {0}
    a = analyse_traces([VERCEL / "openai-shell-skills.1.json"])
    (row,) = a.summary.itertuples()
    assert (row.model_calls, row.recorded_model_calls, row.billed_input_tokens) == (1, 1, 0)


def test_a_responses_code_interpreter_run_is_a_call_with_its_logs() -> None:
    # Three code_interpreter_call items (the code, and what it printed as "logs"): the
    # file name the answer links to is in the third run's logs.
    trace = _trace("openai-code-interpreter-tool.1.json")
    runs = [(e.kind, e.tool, (e.text or "")[:24] or None) for e in trace.events if e.tool]
    assert runs == [
        ("call", "code_interpreter", None),
        ("result", "code_interpreter", "(10000, 70024)"),
        ("call", "code_interpreter", None),
        ("result", "code_interpreter", None),  # it printed nothing
        ("call", "code_interpreter", None),
        ("result", "code_interpreter", "(21680, '/mnt/data/two_d"),
    ]
    a = analyse_traces([VERCEL / "openai-code-interpreter-tool.1.json"])
    assert "two_dice_sums_10000" not in {c.value for c in a.claims.itertuples()}


def test_client_built_in_calls_keep_their_response_and_usage() -> None:
    # local_shell_call and apply_patch_call are run by the client, whose outputs these
    # single responses do not hold: each is a call left unanswered, and the response is
    # still a model call with its usage (it was dropped with the items).
    local = _trace("openai-local-shell-tool.1.json")
    assert [(e.kind, e.tool, e.args) for e in local.events] == [
        (
            "call",
            "local_shell",
            {"type": "exec", "command": ["ls"], "env": {}, "working_directory": "/root"},
        )
    ]
    patch = _trace("openai-apply-patch-tool.1.json")
    assert [(e.kind, e.tool, e.args["path"]) for e in patch.events] == [
        ("call", "apply_patch", "shopping-checklist.md")
    ]
    assert [e.usage.input_total for e in local.events + patch.events if e.usage] == [407, 642]


def test_a_shell_calls_failed_exit_and_a_failed_patch_are_tool_errors(tmp_path: Path) -> None:
    # The outputs as the client sends them back in the next request's input (their shape
    # as the recorded shell_call_output above; an apply_patch_call_output with its status).
    record = {
        "input": [
            {"type": "message", "role": "user", "content": "Remove the build folder."},
            {"type": "shell_call", "call_id": "c1", "action": {"commands": ["rm -r build"]}},
            {
                "type": "shell_call_output",
                "call_id": "c1",
                "output": [
                    {
                        "outcome": {"type": "exit", "exit_code": 1},
                        "stdout": "",
                        "stderr": "rm: build: No such file or directory\n",
                    }
                ],
            },
            {"type": "shell_call", "call_id": "c2", "action": {"commands": ["sleep 999"]}},
            {
                "type": "shell_call_output",
                "call_id": "c2",
                "output": [{"outcome": {"type": "timeout"}}],
            },
            {
                "type": "apply_patch_call",
                "call_id": "c3",
                "operation": {"type": "update_file", "path": "a.md", "diff": "-x\n+y\n"},
            },
            {
                "type": "apply_patch_call_output",
                "call_id": "c3",
                "status": "failed",
                "output": "no such file",
            },
            {
                "type": "local_shell_call",
                "call_id": "c4",
                "action": {"type": "exec", "command": ["ls"]},
            },
            {"type": "local_shell_call_output", "id": "c4", "output": "a.md\n"},
        ]
    }
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    (trace,) = [i for i in open_file(path).items if isinstance(i, Trace)]
    assert [
        (e.tool, e.is_error, e.link is not None) for e in trace.events if e.kind == "result"
    ] == [
        ("shell", True, True),
        ("shell", True, True),
        ("apply_patch", True, True),
        ("local_shell", False, True),
    ]


def test_an_xai_search_of_x_posts_is_a_call_as_a_web_search_is(tmp_path: Path) -> None:
    # A response xAI's API recorded (grok-4-fast-reasoning, the x_search tool): an
    # x_search_call item written as a function call (name x_semantic_search, its search as
    # JSON arguments, call_id ""), then the answer. Was left out: no call where the
    # provider ran one. Now a call to x_search, unanswered (what it found is not
    # recorded), as a web_search_call is a call to web_search.
    trace = _trace("xai-x-search-tool.1.json")
    events = [(e.kind, e.tool, e.call_id, e.args, e.link) for e in trace.events[:1]]
    query = {"query": "AI artificial intelligence", "limit": 20, "from_date": "2025-10-01", "to_date": "2025-10-29", "min_score_threshold": 0.2}  # fmt: skip
    assert events == [
        ("call", "x_search", "fc_84c1a8ea-1f29-4a33-1049-0ed3561b0f64_us-east-1_0", query, None)
    ]
    assert [e.role for e in trace.events] == ["assistant", "assistant"]
    # xAI's web search is the same item under web_search_call: its arguments are its query.
    item = {"arguments": '{"query":"what is xAI","num_results":5}', "call_id": "", "name": "web_search", "type": "web_search_call", "id": "fc_1", "status": "completed"}  # fmt: skip
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"id": "r1", "object": "response", "output": [item]}))
    (web,) = [i for i in open_file(path).items if isinstance(i, Trace)]
    assert [(e.kind, e.tool, e.args) for e in web.events] == [
        ("call", "web_search", {"query": "what is xAI", "num_results": 5})
    ]


def test_a_response_that_only_asks_approval_is_still_a_model_call() -> None:
    # gpt-5 lists an MCP server's tools and asks approval to call one (mcp_list_tools,
    # reasoning, mcp_approval_request): no call ran and no text was written, but the model
    # was called and billed, 422 input tokens.
    trace = _trace("openai-mcp-tool-approval.1.json")
    assert [(e.role, e.kind, e.text) for e in trace.events] == [("assistant", "message", "")]
    assert [(e.usage.input_total, e.usage.output) for e in trace.events if e.usage] == [(422, 104)]


def test_a_tool_search_and_a_program_are_calls_with_their_outputs() -> None:
    # gpt-5's hosted tool search (tool_search_call, its tool_search_output listing the
    # get_weather tool it found, call_id null), then get_weather called: all three items
    # were "unknown type" problems but the function call.
    search = _trace("openai-tool-search.1.json")
    assert [(e.kind, e.tool, e.link is not None) for e in search.events] == [
        ("call", "tool_search", True),
        ("result", "tool_search", True),
        ("call", "get_weather", False),  # the client's to run: not in this response
    ]
    assert search.events[0].args == {"paths": ["get_weather"]}
    assert search.events[1].text == "get_weather"  # the tool found; its definition a tool's
    a = analyse_traces([VERCEL / "openai-tool-search.1.json"])
    # "fahrenheit" is an enum value of the definition found, not a result's data.
    assert (a.totals["followups"], a.totals["calls"]) == (0, 2)
    # Programmatic tool calling: the program the provider runs (its code) calls the
    # client's getInventory; a later response holds the program's output.
    program = _trace("programmatic-tool-calling.1.json")
    assert [(e.kind, e.tool) for e in program.events] == [
        ("call", "program"),
        ("call", "getInventory"),
    ]
    assert program.events[0].args["code"].startswith("const inventory = await tools.getInventory")
    output = _trace("programmatic-tool-calling.3.json")
    assert [(e.kind, e.tool, (e.text or "")[:30]) for e in output.events][:1] == [
        ("result", "program", '{"sku":"sku_123","availableUni')
    ]
    a = analyse_traces([VERCEL / "programmatic-tool-calling.3.json"])
    # 42 and 31 units are the program's output; 11 is the answer's own subtraction
    assert [c.value for c in a.claims.itertuples() if c.kind == "count"] == ["11 units"]


def test_a_compaction_is_the_context_and_its_iteration_is_billed() -> None:
    # Claude compacted a long conversation server-side: the response opens with a
    # compaction block (the summary the model keeps of it), then answers from it. The
    # summary is context, as Claude Code's compact summary is; the usage's iterations bill
    # the compaction (60,385 input tokens) beside the answer (682), which the top-level
    # counts alone leave out.
    trace = _trace("anthropic-compaction.1.json")
    assert [(e.role, e.kind, (e.text or "")[:24]) for e in trace.events] == [
        ("system", "message", "## Summary of Conversati"),
        ("assistant", "message", "Based on our conversatio"),
    ]
    (usage,) = [e.usage for e in trace.events if e.usage]
    assert trace.events[1].usage is usage
    assert (usage.input_total, usage.output) == (682 + 60385, 1320 + 592)
    # Still one model call, though its message opens with the summary.
    a = analyse_traces([VERCEL / "anthropic-compaction.1.json"])
    (row,) = a.summary.itertuples()
    assert (row.model_calls, row.recorded_model_calls) == (1, 1)
    # A program's output opens the response that answers after it: one model call too.
    a = analyse_traces([VERCEL / "programmatic-tool-calling.3.json"])
    (row,) = a.summary.itertuples()
    assert (row.model_calls, row.recorded_model_calls) == (1, 1)


def test_an_api_error_response_is_named() -> None:
    # OpenAI's error body ({"error": {"message", "type", "code"}}: the call failed and
    # answered nothing) was "not a known trace format" with a fix to write OpenAI Chat.
    with pytest.raises(TraceError) as err:
        open_file(VERCEL / "openai-error.1.json")
    assert str(err.value) == (
        f"{VERCEL / 'openai-error.1.json'}:1: this is an API's error response "
        '({"error": {...}}: the call failed and answered no message), which holds no '
        "conversation. Fix: leave it out; to read what was sent, record the request beside "
        'it ({"request": ..., "response": ...}, one call a line)'
    )


def test_gemini_interactions_responses_are_the_models_next_message() -> None:
    # Gemini Interactions API responses ({"object": "interaction"}, the model's steps
    # under "steps", or "outputs" in the API's earlier versions) were refused by name
    # ("which projeval does not read"), and an "outputs" one was read as a generateContent
    # record with no contents ("put its conversation under 'contents'"). The thought is
    # left out; the call's arguments are an object; usage adds thoughts to the output.
    for name in (
        "gemini-interactions-tool-call-step1.json",
        "gemini-interactions-tool-call-step2.json",
    ):
        opened = open_file(VERCEL / name)
        assert (opened.format, [i for i in opened.items if not isinstance(i, Trace)]) == (
            "gemini",
            [],
        )
    trace = _trace("gemini-interactions-tool-call-step1.json")
    assert (
        trace.trace_id == "v1_ChdUMnNIYXVxU0lJX2lxdHNQX2FicXVBWRIXVDJzSGF1cVNJSV9pcXRzUF9hYnF1QVk"
    )
    (call,) = trace.events
    assert (call.kind, call.tool, call.call_id, call.args) == (
        "call",
        "getWeather",
        "zggxzq8r",
        {"location": "San Francisco"},
    )
    assert (call.usage.input_total, call.usage.output, call.usage.cache_read) == (53, 56, 0)
    trace = _trace("gemini-interactions-tool-call-step2.json")
    (answer,) = trace.events
    assert (answer.role, answer.kind, answer.usage.input_total) == ("assistant", "message", 97)
    assert answer.text.startswith("The weather in San Francisco right now is sunny")


def test_a_web_searchs_results_are_their_titles_and_the_passages_the_answer_cites() -> None:
    # Claude's web_search: each result's page is encrypted, its title and URL readable; the
    # answer's text blocks cite passages of them (citations' cited_text, by URL). The
    # results read as empty text (result tokens 0), so every name the answer took from a
    # cited passage was flagged ungrounded.
    trace = _trace("anthropic-web-search-tool.1.json")
    first = next(e for e in trace.events if e.kind == "result")
    assert first.structured is not None and first.structured[1] == {
        "title": "Daily Tech News 26 September 2024",
        "url": "https://acecomments.mu.nu/?post=411647",
        "cited_text": [
            "Daily Tech News 26 September 2024 · Top Story Caroline Ellison, Sam "
            "Bankman-Fried&#x27;s right-hand woman in the FTX kerfuffle, has been sentenced "
            "to ..."
        ],
    }
    a = analyse_traces([VERCEL / "anthropic-web-search-tool.1.json"])
    flagged = {c.value for c in a.claims.itertuples()}
    assert flagged.isdisjoint({"Caroline Ellison", "FTX", "DeepSeek", "Chrome", "Claude"})
    # what no cited passage holds stays flagged: the answer's own "challenge to Western
    # dominance ... especially OpenAI"
    assert {"Western", "OpenAI"} <= flagged
