"""One small conversation per format, detection, snapshots, and bad records."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from projeval.errors import TraceError
from projeval.traces.events import Problem, Trace, Usage
from projeval.traces.parsers import FORMATS, open_file, sniff
from trace_helpers import write_json, write_jsonl

PARIS = '{"temp_c":14,"sky":"rain"}'


def parse(path: Path, **kw: Any) -> tuple[str, list[Trace], list[Problem]]:
    parsed = open_file(path, **kw)
    items = list(parsed.items)
    return (
        parsed.format,
        [i for i in items if isinstance(i, Trace)],
        [i for i in items if isinstance(i, Problem)],
    )


def shape(trace: Trace) -> list[tuple[Any, ...]]:
    return [
        (e.msg, e.turn, e.role, e.kind, e.tool, e.call_id, e.link, e.args, e.text, e.is_error)
        for e in trace.events
    ]


CHAT = {
    "messages": [
        {"role": "user", "content": "Weather in Paris?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_abc",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_abc", "content": PARIS},
        {"role": "assistant", "content": "It is 14 °C and raining in Paris."},
    ],
    "usage": {"prompt_tokens": 82, "completion_tokens": 17, "total_tokens": 99},
}
PARIS_SHAPE = [
    (0, 1, "user", "message", None, None, None, None, "Weather in Paris?", None),
    (1, 1, "assistant", "call", "get_weather", "call_abc", 2, {"city": "Paris"}, None, None),
    (2, 1, "tool", "result", "get_weather", "call_abc", 1, None, PARIS, None),
    (
        3,
        1,
        "assistant",
        "message",
        None,
        None,
        None,
        None,
        "It is 14 °C and raining in Paris.",
        None,
    ),
]


def test_openai_chat(tmp_path: Path) -> None:
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "c.jsonl", [CHAT]))
    assert (fmt, problems, trace.trace_id) == ("openai_chat", [], "c.jsonl:1")
    assert shape(trace) == PARIS_SHAPE
    assert trace.events[3].usage.input_total == 82  # top-level usage: the last model call


def test_a_call_id_shared_by_two_waiting_calls_is_one_problem(tmp_path: Path) -> None:
    # Issue 16, /work/notes/tau60: both calls read, both answered, and the file says why.
    def call(args: str) -> dict[str, Any]:
        return {"id": "c1", "type": "function", "function": {"name": "get", "arguments": args}}

    msgs = [
        {"role": "user", "content": "both please"},
        {"role": "assistant", "content": None, "tool_calls": [call('{"n": 1}'), call('{"n": 2}')]},
        {"role": "tool", "tool_call_id": "c1", "content": "one"},
        {"role": "tool", "tool_call_id": "c1", "content": "two"},
    ]
    _, (trace,), problems = parse(
        write_jsonl(tmp_path / "c.jsonl", [{"id": "t", "messages": msgs}])
    )
    assert [e.link for e in trace.events if e.kind == "result"] == [1, 2]
    assert [(p.line, p.reason) for p in problems] == [
        (
            1,
            "call id 'c1' is given to two calls waiting at once in 't'; their results are "
            "paired in order. Fix: give each call its own id",
        )
    ]


def test_openai_chat_legacy_custom_and_bad_arguments(tmp_path: Path) -> None:
    conv = {
        "id": "legacy",
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "go"}]},
            {
                "role": "assistant",
                "content": None,
                "function_call": {"name": "f", "arguments": '{"x": '},
            },
            {"role": "function", "name": "f", "content": "done"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "c1", "type": "custom", "custom": {"name": "sql", "input": "select 1"}},
                    {"id": "c2", "type": "mystery"},
                ],
            },
            {"role": "robot", "content": "?"},
        ],
    }
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "c.jsonl", [conv]))
    assert fmt == "openai_chat"
    assert [(e.kind, e.tool, e.args_raw, e.args, e.link) for e in trace.events] == [
        ("message", None, None, None, None),
        ("call", "f", '{"x": ', None, 2),
        ("result", "f", None, None, 1),
        ("call", "sql", "select 1", None, None),
    ]
    assert trace.trace_id == "legacy"
    assert [p.reason for p in problems] == [
        "message 3: unknown tool call type 'mystery'; skipped",
        "message 4 has unknown role 'robot'; skipped",
    ]


def test_openai_chat_values_of_the_wrong_type_are_reported(tmp_path: Path) -> None:
    # Issue 16 (item 7), hostile input of /work/notes/tau58: a number as a user's content
    # and calls given as a name were read silently, and a call whose function was cut off
    # (a truncated file's last value) was "unknown tool call type 'function'". Each is now
    # one problem naming its message; the rest is read. Arguments that are not JSON are
    # what the model wrote (a model's slip, which the tool's error answers), no problem.
    conv = [
        {"role": "user", "content": 42},
        {"role": "assistant", "content": None, "tool_calls": "get_user_details"},
        {"role": "tool", "tool_call_id": "c0", "content": "{}"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{x: 1"}},
                {"id": "c2", "type": "function"},
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
    ]
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "c.jsonl", [conv]))
    assert fmt == "openai_chat"
    assert [(e.kind, e.text, e.tool, e.args_raw) for e in trace.events if e.kind != "result"] == [
        ("message", "42", None, None),
        ("call", None, "f", "{x: 1"),
    ]
    assert [p.reason for p in problems] == [
        "message 0: content is a number, not text or a list of parts; read as its text",
        "message 1: tool_calls is a string, not a list of calls; skipped",
        "message 3: a tool call names no function ('function' or 'name'); skipped",
    ]


def test_openai_chat_content_parts_are_read_or_reported(tmp_path: Path) -> None:
    # Every content part is read (text, a refusal), known to hold no text (an image, audio,
    # a file), or reported with its message and position: nothing is dropped unseen.
    conv = {
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "Is this receipt mine?"},
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
                    {"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}},
                    {"type": "file", "file": {"file_id": "file-1"}},
                ],
            },
            {"role": "assistant", "content": [{"type": "refusal", "refusal": "I can't say."}]},
            {"role": "user", "content": [{"type": "quote", "body": "order #W1"}, "as text"]},
            {"role": "tool", "tool_call_id": "c9", "content": [{"type": "json", "value": 1}]},
        ]
    }
    fmt, (trace,), problems = parse(write_json(tmp_path / "parts.json", conv))
    assert fmt == "openai_chat"
    assert [(e.role, e.text) for e in trace.events] == [
        ("user", "Is this receipt mine?"),
        ("assistant", "I can't say."),
        ("user", "as text"),
        ("tool", ""),
    ]
    assert [p.reason for p in problems] == [
        "message 2: content part 0 has unknown type 'quote' and no text; its content is not"
        ' read (write it as {"type": "text", "text": ...})',
        "message 3: content part 0 has unknown type 'json' and no text; its content is not"
        ' read (write it as {"type": "text", "text": ...})',
    ]


def test_openai_responses(tmp_path: Path) -> None:
    record = {
        "input": [
            {"role": "user", "content": "Weather in Paris?"},
            {
                "type": "function_call",
                "id": "fc_1",
                "call_id": "call_abc",
                "name": "get_weather",
                "arguments": '{"city":"Paris"}',
                "status": "completed",
            },
            {"type": "function_call_output", "call_id": "call_abc", "output": PARIS},
        ],
        "output": [
            {
                "type": "message",
                "id": "msg_1",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "It is 14 °C and raining in Paris."}],
            },
            {
                "type": "mcp_call",
                "id": "mcp_1",
                "name": "lookup",
                "arguments": "{}",
                "server_label": "s",
                "error": "boom",
            },
            {"type": "hologram"},
        ],
        "usage": {
            "input_tokens": 95,
            "output_tokens": 12,
            "input_tokens_details": {"cached_tokens": 40},
        },
    }
    fmt, (trace,), problems = parse(write_json(tmp_path / "r.json", record))
    assert fmt == "openai_responses"
    assert shape(trace)[:4] == PARIS_SHAPE
    mcp_call, mcp_result = trace.events[4:]
    assert (mcp_call.msg, mcp_call.link, mcp_result.is_error, mcp_result.text) == (
        3,
        5,
        True,
        "boom",
    )
    usage = trace.events[3].usage  # the answer and the mcp_call are one model call
    assert (usage.input_total, usage.cache_read) == (95, 40) and trace.events[4].usage is None
    assert [p.reason for p in problems] == ["item 5 has unknown type 'hologram'; skipped"]


def test_anthropic_parallel_errors_and_unknown_blocks(tmp_path: Path) -> None:
    conv = {
        "system": "Be brief.",
        "messages": [
            {"role": "user", "content": "Weather in Paris and Rome?"},
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "two calls", "signature": "s"},
                    {
                        "type": "tool_use",
                        "id": "t1",
                        "name": "get_weather",
                        "input": {"city": "Paris"},
                    },
                    {
                        "type": "tool_use",
                        "id": "t2",
                        "name": "get_weather",
                        "input": {"city": "Rome"},
                    },
                ],
                "usage": {
                    "input_tokens": 10,
                    "cache_read_input_tokens": 100,
                    "cache_creation_input_tokens": 5,
                    "output_tokens": 7,
                },
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "t2",
                        "is_error": True,
                        "content": "rate limited",
                    },
                    {
                        "type": "tool_result",
                        "tool_use_id": "t1",
                        "content": [{"type": "text", "text": PARIS}],
                    },
                    {"type": "sparkle"},
                ],
            },
            {"role": "assistant", "content": "Paris: 14 °C."},
        ],
    }
    fmt, (trace,), problems = parse(write_json(tmp_path / "a.json", conv))
    assert fmt == "anthropic"
    assert [(e.role, e.kind, e.call_id, e.link, e.is_error, e.turn) for e in trace.events] == [
        ("system", "message", None, None, None, 0),
        ("user", "message", None, None, None, 1),
        ("assistant", "call", "t1", 5, None, 1),
        ("assistant", "call", "t2", 4, None, 1),
        ("tool", "result", "t2", 3, True, 1),
        ("tool", "result", "t1", 2, False, 1),
        ("assistant", "message", None, None, None, 1),
    ]
    u = trace.events[2].usage
    assert (u.input_total, u.cache_read, u.cache_creation, u.output) == (115, 100, 5, 7)
    assert [p.reason for p in problems] == [
        "message 3: unknown content block type 'sparkle'; skipped"
    ]


def test_mcp_log(tmp_path: Path) -> None:
    def rpc(**kw: Any) -> dict[str, Any]:
        return {"jsonrpc": "2.0", **kw}

    lines = [
        rpc(id=1, method="tools/list"),
        rpc(id=1, result={"tools": []}),
        {
            "session_id": "s1",
            "message": rpc(
                id=2,
                method="tools/call",
                params={"name": "get_weather", "arguments": {"city": "Paris"}},
            ),
        },
        [
            rpc(id=3, method="tools/call", params={"name": "nope"}),
            rpc(id=4, method="tools/call", params={"name": "get_weather"}),
        ],
        {
            "session_id": "s1",
            "message": rpc(
                id=2,
                result={
                    "content": [{"type": "text", "text": PARIS}],
                    "structuredContent": {"temp_c": 14},
                },
            ),
        },
        rpc(id=3, error={"code": -32602, "message": "Unknown tool: nope"}),
        rpc(id=4, result={"content": [], "isError": True}),
        rpc(id=9, result={"content": [{"type": "text", "text": "late"}]}),
        {"hello": "world"},
    ]
    fmt, traces, problems = parse(write_jsonl(tmp_path / "m.jsonl", lines))
    assert fmt == "mcp"
    default, s1 = traces
    assert (default.trace_id, s1.trace_id) == ("m.jsonl", "s1")
    assert [(e.kind, e.tool, e.call_id, e.link, e.is_error, e.text) for e in default.events] == [
        ("call", "nope", "3", 2, None, None),
        ("call", "get_weather", "4", 3, None, None),
        ("result", "nope", "3", 0, True, "JSON-RPC error -32602: Unknown tool: nope"),
        ("result", "get_weather", "4", 1, True, ""),
        ("result", None, "9", None, False, "late"),
    ]
    assert [(e.kind, e.call_id, e.link, e.text, e.structured) for e in s1.events] == [
        ("call", "2", 1, None, None),
        ("result", "2", 0, PARIS, {"temp_c": 14}),
    ]
    assert [(p.line, p.reason) for p in problems] == [(9, "not a JSON-RPC 2.0 message; skipped")]


def _attr(k: str, v: Any) -> dict[str, Any]:
    if isinstance(v, int):
        return {"key": k, "value": {"intValue": str(v)}}
    return {"key": k, "value": {"stringValue": v if isinstance(v, str) else json.dumps(v)}}


def _span(n: int, attrs: dict[str, Any], error: bool = False) -> dict[str, Any]:
    return {
        "traceId": "tr1",
        "spanId": str(n),
        "name": f"s{n}",
        "startTimeUnixNano": str(1000 + n),
        "attributes": [_attr(k, v) for k, v in attrs.items()],
        "status": {"code": 2 if error else 1},
    }


def _otlp(*spans: dict[str, Any]) -> dict[str, Any]:
    return {"resourceSpans": [{"scopeSpans": [{"spans": list(spans)}]}]}


def test_otel_genai_spans_deduplicate_history(tmp_path: Path) -> None:
    user = {"role": "user", "parts": [{"type": "text", "content": "Weather in Paris?"}]}
    call = {
        "role": "assistant",
        "parts": [
            {
                "type": "tool_call",
                "id": "call_abc",
                "name": "get_weather",
                "arguments": {"city": "Paris"},
            }
        ],
    }
    resp = {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": " call_abc", "result": {"temp_c": 14}}],
    }
    answer = {"role": "assistant", "parts": [{"type": "text", "content": "14 °C."}]}
    spans = [
        _span(
            3,
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.input.messages": [user, call, resp],
                "gen_ai.output.messages": [answer],
                "gen_ai.usage.input_tokens": 95,
            },
        ),
        _span(
            1,
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.input.messages": [user],
                "gen_ai.output.messages": [call],
                "gen_ai.usage.input_tokens": 40,
            },
        ),
        _span(
            2,
            {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "get_weather",
                "gen_ai.tool.call.id": "call_abc",
            },
            error=True,
        ),
        _span(
            4,
            {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "get_time",
                "gen_ai.tool.call.arguments": '{"tz": "CET"}',
                "gen_ai.tool.call.result": "12:00",
            },
        ),
        {"spanId": "x"},
    ]
    fmt, (trace,), problems = parse(write_json(tmp_path / "o.json", _otlp(*spans)))
    assert fmt == "otel"
    assert [
        (e.msg, e.role, e.kind, e.tool, e.call_id, e.link, e.text, e.is_error) for e in trace.events
    ] == [
        (0, "user", "message", None, None, None, "Weather in Paris?", None),
        (1, "assistant", "call", "get_weather", "call_abc", 2, None, None),
        (2, "tool", "result", "get_weather", "call_abc", 1, '{"temp_c": 14}', True),
        (3, "assistant", "message", None, None, None, "14 °C.", None),
        (4, "assistant", "call", "get_time", None, 5, None, None),
        (5, "tool", "result", "get_time", None, 4, "12:00", False),
    ]
    assert [e.usage.input_total for e in trace.events if e.usage] == [40, 95]
    assert [p.reason for p in problems] == ["a span has no traceId; skipped"]


def test_otel_spans_without_content_keep_usage(tmp_path: Path) -> None:
    spans = [
        _span(
            1,
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.usage.input_tokens": 50,
                "gen_ai.usage.output_tokens": 5,
            },
        ),
        _span(
            2,
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.usage.input_tokens": 70,
                "gen_ai.usage.output_tokens": 6,
            },
        ),
    ]
    _, (trace,), _ = parse(write_json(tmp_path / "o.json", _otlp(*spans)))
    assert [(e.role, e.text, e.usage.input_total) for e in trace.events] == [
        ("assistant", None, 50),
        ("assistant", None, 70),
    ]


def test_openinference_flat_attributes_and_tool_span_without_id(tmp_path: Path) -> None:
    first = _span(
        1,
        {
            "openinference.span.kind": "LLM",
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": "Weather in Paris?",
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.tool_calls.0.tool_call.id": "call_abc",
            "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": "get_weather",
            "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": '{"city": "Paris"}',
            "llm.token_count.prompt": 82,
            "llm.token_count.completion": 17,
        },
    )
    tool = _span(
        2,
        {
            "openinference.span.kind": "TOOL",
            "tool.name": "get_weather",
            "input.value": '{"city":"Paris"}',
            "output.value": PARIS,
        },
        error=True,
    )
    second = _span(
        3,
        {
            "openinference.span.kind": "LLM",
            "llm.input_messages": [
                {"message.role": "user", "message.content": "Weather in Paris?"},
                {
                    "message": {
                        "role": "assistant",
                        "tool_calls": [
                            {
                                "tool_call": {
                                    "id": "call_abc",
                                    "function": {
                                        "name": "get_weather",
                                        "arguments": '{"city": "Paris"}',
                                    },
                                }
                            }
                        ],
                    }
                },
                {
                    "message.role": "tool",
                    "message.tool_call_id": "call_abc",
                    "message.content": PARIS,
                },
            ],
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": "It is 14 °C and raining in Paris.",
        },
    )
    second["attributes"] = {
        a["key"]: json.loads(a["value"]["stringValue"])
        if a["key"] == "llm.input_messages"
        else a["value"].get("stringValue", a["value"].get("intValue"))
        for a in second["attributes"]
    }
    path = write_jsonl(tmp_path / "oi.jsonl", [_otlp(first, tool), _otlp(second)])
    fmt, (trace,), problems = parse(path)
    assert (fmt, problems) == ("openinference", [])
    assert shape(trace)[0][2:] == PARIS_SHAPE[0][2:]
    assert [(e.kind, e.call_id, e.link, e.is_error) for e in trace.events[1:]] == [
        ("call", "call_abc", 2, None),
        ("result", "call_abc", 1, True),
        ("message", None, None, None),
    ]
    assert trace.events[1].usage.input_total == 82


def test_request_log_snapshots_count_history_once(tmp_path: Path) -> None:
    msgs = CHAT["messages"]
    lines = [
        {"trace_id": "conv", "messages": msgs[:2], "usage": {"prompt_tokens": 20}},
        {"trace_id": "other", "messages": msgs[:1]},
        {"trace_id": "conv", "messages": msgs, "usage": {"prompt_tokens": 60}},
        {"trace_id": "conv", "messages": [{"role": "user", "content": "restart"}]},
    ]
    _, traces, _ = parse(write_jsonl(tmp_path / "log.jsonl", lines))
    by_id = {t.trace_id: t for t in traces}
    assert sorted(by_id) == ["conv", "conv#2", "other"]
    assert shape(by_id["conv"]) == PARIS_SHAPE
    assert [e.usage.input_total for e in by_id["conv"].events if e.usage] == [20, 60]
    assert [e.text for e in by_id["conv#2"].events] == ["restart"]


def _pair(messages: list[dict[str, Any]], answer: dict[str, Any], n: int) -> dict[str, Any]:
    """One line of a request log with no conversation id: the request (the history so
    far) and its response, as an OpenAI Chat proxy records them."""
    return {
        "request": {"model": "gpt-4o-mini", "messages": messages},
        "response": {
            "id": f"chatcmpl-{n}",
            "object": "chat.completion",
            "choices": [{"index": 0, "message": answer, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 10 * n, "completion_tokens": 5, "total_tokens": 10 * n + 5},
        },
    }


def test_request_pairs_without_ids_join_when_a_line_extends_the_one_before(
    tmp_path: Path,
) -> None:
    from projeval.traces import analyse_traces

    user = {"role": "user", "content": "Where is order ord_7781?"}
    call = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": "get_order", "arguments": '{"order_id": "ord_7781"}'},
            }
        ],
    }
    result = {"role": "tool", "tool_call_id": "call_1", "content": '{"status": "shipped"}'}
    answer = {"role": "assistant", "content": "It has shipped."}
    # The call re-sent as history gains a refusal field the response did not have.
    resent = {**call, "refusal": None}
    other = {"role": "user", "content": "Where is order ord_7781?"}  # same words, anew
    lines = [
        _pair([user], call, 1),
        _pair([user, resent, result], answer, 2),
        _pair([other], call, 3),  # a new conversation: the first line of its own
        _pair([other, call, result], answer, 4),
        _pair([other, call, result, answer], {"role": "assistant", "content": "Bye."}, 5),
    ]
    path = write_jsonl(tmp_path / "proxy.jsonl", lines)
    _, traces, problems = parse(path)
    assert problems == []
    assert [(t.trace_id, t.line) for t in traces] == [("proxy.jsonl:1", 1), ("proxy.jsonl:3", 3)]
    assert [[(e.kind, e.tool or e.text) for e in t.events] for t in traces] == [
        [("message", user["content"]), ("call", "get_order"), ("result", "get_order"),
         ("message", "It has shipped.")],
        [("message", user["content"]), ("call", "get_order"), ("result", "get_order"),
         ("message", "It has shipped."), ("message", "Bye.")],
    ]  # fmt: skip
    assert [[e.usage.input_total for e in t.events if e.usage] for t in traces] == [
        [10, 20],
        [30, 40, 50],
    ]
    totals = analyse_traces([path], workers=1).totals
    assert (totals["traces"], totals["calls"], totals["duplicates"]) == (2, 2, 0)


def test_request_pairs_without_ids_that_do_not_extend_stay_apart(tmp_path: Path) -> None:
    ask = {"role": "user", "content": "Weather in Paris?"}
    sunny, rain = (
        {"role": "assistant", "content": "Sunny."},
        {"role": "assistant", "content": "Rain."},
    )
    lines = [
        {"messages": [ask, sunny]},
        {"messages": [ask, sunny]},  # the same again, nothing more: not an extension
        {"messages": [ask, rain, {"role": "user", "content": "Sure?"}]},  # another answer
        {"messages": [{"role": "user", "content": "Hi"}, sunny, ask]},  # another start
    ]
    _, traces, _ = parse(write_jsonl(tmp_path / "runs.jsonl", lines))
    assert [t.trace_id for t in traces] == [f"runs.jsonl:{n}" for n in (1, 2, 3, 4)]


def test_one_message_per_line_session_log(tmp_path: Path) -> None:
    lines = [
        {"sessionId": "s", "type": "user", "message": {"role": "user", "content": "hi"}},
        {
            "sessionId": "s",
            "type": "assistant",
            "message": {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": "ls", "input": {}}],
                "usage": {"input_tokens": 3, "output_tokens": 1},
            },
        },
        {
            "sessionId": "s",
            "type": "user",
            "message": {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a b"}],
            },
        },
    ]
    fmt, (trace,), _ = parse(write_jsonl(tmp_path / "s.jsonl", lines))
    assert (fmt, trace.trace_id) == ("anthropic", "s")
    assert [(e.msg, e.kind, e.link) for e in trace.events] == [
        (0, "message", None),
        (1, "call", 2),
        (2, "result", 1),
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (CHAT, ("openai_chat", True)),
        ({"messages": [{"role": "user", "content": "hi"}]}, ("openai_chat", False)),
        ({"system": "x", "messages": [{"role": "user", "content": "hi"}]}, ("anthropic", False)),
        ({"input": "hi", "output": []}, ("openai_responses", True)),
        ({"jsonrpc": "2.0", "id": 1, "method": "ping"}, ("mcp", True)),
        (_otlp(_span(1, {"gen_ai.operation.name": "chat"})), ("otel", True)),
        (_otlp(_span(1, {"openinference.span.kind": "LLM"})), ("openinference", True)),
        ({"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}, ("gemini", True)),
        (
            {"sessionId": "s", "projectHash": "h", "messages": [{"type": "user", "content": "hi"}]},
            ("gemini_cli", True),
        ),
        ({"conversations": [{"from": "human", "value": "hi"}]}, ("sharegpt", True)),
        ([{"source": "user", "action": "message", "args": {"content": "hi"}}], ("openhands", True)),
        ({"role": "model", "parts": [{"text": "hi"}]}, ("gemini", True)),
        (
            {"messages": [{"role": "user", "content": [{"toolResult": {"toolUseId": "t"}}]}]},
            ("bedrock_converse", True),
        ),
        ({"output": {"message": {"role": "assistant", "content": []}}}, ("bedrock_converse", True)),
        (
            {"messages": [{"role": "user", "content": [{"text": "hi"}]}]},
            ("bedrock_converse", False),
        ),
        (
            {"request": {"messages": []}, "response": "event: message_start\ndata: {}"},
            ("anthropic", True),
        ),
        ({"rows": [1, 2]}, (None, False)),
        (42, (None, False)),
    ],
)
def test_sniff(value: Any, expected: tuple[str | None, bool]) -> None:
    assert sniff(value) == expected


def test_genai_chat_spans_beside_openinference_tool_spans_are_read(tmp_path: Path) -> None:
    # Issue 16 (item 7), /work/notes/tau58/formats/otel_spans_openinference.json: model spans
    # writing GenAI messages and tool spans of OpenInference's kind with input.value and
    # output.value. Read as OpenInference, the messages were dropped without a problem: 40
    # calls, no turn, no text. The messages are GenAI's; the tool spans are read as before.
    user = {"role": "user", "parts": [{"type": "text", "content": "Is HAT219 on time?"}]}
    ask = {"role": "assistant", "parts": [{"type": "tool_call", "id": "c1", "name": "status"}]}
    spans = [
        _span(1, {"gen_ai.operation.name": "chat", "gen_ai.input.messages": [user],
                  "gen_ai.output.messages": [ask]}),
        _span(2, {"openinference.span.kind": "TOOL", "tool.name": "status",
                  "gen_ai.tool.call.id": "c1", "input.value": '{"flight": "HAT219"}',
                  "output.value": "delayed"}),
    ]  # fmt: skip
    fmt, (trace,), problems = parse(write_json(tmp_path / "o.json", _otlp(*spans)))
    assert (fmt, problems) == ("otel", [])
    assert [(e.role, e.kind, e.text) for e in trace.events] == [
        ("user", "message", "Is HAT219 on time?"),
        ("assistant", "call", None),
        ("tool", "result", "delayed"),
    ]
    # Without GenAI messages, OpenInference's span kind still names the format.
    assert sniff(_otlp(spans[1])) == ("openinference", True)


def test_openinference_model_spans_with_only_input_and_output_values_are_read(
    tmp_path: Path,
) -> None:
    # Issue 16 (item 7), /work/notes/tau59/formats/openinference_llm_and_tools.json: model
    # spans of OpenInference's LLM kind that record the Chat request and response only as
    # input.value and output.value (no llm.input_messages) read as empty, without a
    # problem: 42 calls from the tool spans, no turn, no text. Invented content.
    ask = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "get_order", "arguments": '{"order_id": "#L1"}'},
            }
        ],
    }
    user = {"role": "user", "content": [{"type": "text", "text": "Where is #L1?"}]}
    first = {"messages": [{"role": "system", "content": "Be brief."}, user]}
    second = {
        "messages": [
            *first["messages"],
            ask,
            {"role": "tool", "tool_call_id": "c1", "content": "shipped"},
        ]
    }
    spans = [
        _span(1, {"openinference.span.kind": "LLM", "input.value": json.dumps(first),
                  "output.value": json.dumps({"choices": [{"message": ask}],
                                              "usage": {"prompt_tokens": 20, "completion_tokens": 5}})}),
        _span(2, {"openinference.span.kind": "TOOL", "tool.name": "get_order",
                  "input.value": '{"order_id": "#L1"}', "output.value": "shipped"}),
        _span(3, {"openinference.span.kind": "LLM", "input.value": json.dumps(second),
                  "output.value": json.dumps({"choices": [{"message": {
                      "role": "assistant", "content": "It shipped."}}]})}),
        # An agent's span holds the user's text and the answer, not a model call's messages.
        _span(4, {"openinference.span.kind": "AGENT", "input.value": "Where is #L1?",
                  "output.value": "It shipped."}),
    ]  # fmt: skip
    fmt, (trace,), problems = parse(write_json(tmp_path / "o.json", _otlp(*spans)))
    assert (fmt, problems) == ("openinference", [])
    assert [e.usage.input_total for e in trace.events if e.usage is not None] == [20]
    assert [(e.role, e.kind, e.text) for e in trace.events] == [
        ("system", "message", "Be brief."),
        ("user", "message", "Where is #L1?"),
        ("assistant", "call", None),
        ("tool", "result", "shipped"),
        ("assistant", "message", "It shipped."),
    ]


def test_openinference_input_values_not_in_chat_shape_are_left_as_before(tmp_path: Path) -> None:
    # An Anthropic request's tool_use blocks are no Chat parts: read as Chat they would make
    # empty turns; the span is left unread, as before.
    request = {
        "messages": [
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "shipped"}],
            }
        ]
    }
    span = _span(1, {"openinference.span.kind": "LLM", "input.value": json.dumps(request)})
    fmt, traces, _problems = parse(write_json(tmp_path / "o.json", _otlp(span)))
    assert fmt == "openinference"
    assert [e.kind for t in traces for e in t.events] == []


def test_unknown_format_is_one_clear_error(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "x.jsonl", [{"rows": [1]}, {"rows": [2]}])
    with pytest.raises(TraceError) as err:
        open_file(path)
    assert str(err.value) == (
        f"{path}: not a known trace format (tried: {', '.join(FORMATS)}). Fix: name it "
        "(--trace-format on the command line, format= in Python) if the file is in one of "
        'these; else write each conversation as OpenAI Chat, {"messages": [{"role", '
        '"content", "tool_calls"}, ...]}, one a line'
    )


def test_a_file_of_garbage_is_an_error_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text("hello\nworld\n")
    with pytest.raises(TraceError, match=r"x.jsonl:1: no record of this file could be read"):
        open_file(path)


def test_a_harmony_transcript_is_named_not_reported_as_bad_json(tmp_path: Path) -> None:
    # gpt-oss's Harmony text read as JSON Lines said only "invalid JSON: Expecting value at
    # column 1"; it names the format and how to convert it. Invented content.
    path = tmp_path / "run.txt"
    path.write_text(
        "<|start|>user<|message|>Weather in Oslo?<|end|>\n"
        "<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>"
        '{"city": "Oslo"}<|call|>\n'
    )
    with pytest.raises(TraceError) as err:
        open_file(path)
    text = str(err.value)
    assert text.startswith(f"{path}:1: this looks like a gpt-oss Harmony transcript")
    assert "which projeval does not read" in text and "reasoning_content" in text


def test_a_real_harmony_transcript_is_one_clear_error() -> None:
    # gpt-oss through llama.cpp, one get_weather call (tests/corpora/formats/README.md).
    path = CORPORA / "harmony_gpt_oss_weather.log"
    with pytest.raises(
        TraceError, match=r"harmony_gpt_oss_weather.log:1: this looks like a gpt-oss"
    ):
        open_file(path)


def test_format_override_and_unknown_override(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "c.jsonl", [{"messages": [{"role": "user", "content": "q"}]}])
    assert parse(path, format="anthropic")[0] == "anthropic"
    with pytest.raises(TraceError, match="unknown trace format 'yaml'"):
        open_file(path, format="yaml")


def test_records_in_the_wrong_shape_are_problems(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "c.jsonl", [CHAT, {"nothing": 1}, CHAT])
    _, traces, problems = parse(path)
    assert len(traces) == 2
    assert [(p.line, p.reason) for p in problems] == [
        (
            2,
            "record has no 'messages' list, no 'choices' and no 'role', nor a run's messages "
            "under 'traj' or 'history' (put its conversation under 'messages': a list of "
            "messages with a 'role'); record skipped",
        )
    ]


def test_request_response_envelopes(tmp_path: Path) -> None:
    chat = {
        "trace_id": "rr",
        "request": {"messages": CHAT["messages"][:3]},
        "response": {
            "choices": [{"message": CHAT["messages"][3]}],
            "usage": {"prompt_tokens": 90, "completion_tokens": 9},
        },
    }
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "c.jsonl", [chat]))
    assert (fmt, problems, shape(trace)) == ("openai_chat", [], PARIS_SHAPE)
    assert trace.events[3].usage.input_total == 90
    responses = {
        "request": {"instructions": "Be brief.", "input": "Weather in Paris?"},
        "response": {
            "object": "response",
            "output": [
                {"type": "reasoning", "summary": []},
                {
                    "type": "function_call",
                    "call_id": "c1",
                    "name": "get_weather",
                    "arguments": '{"city":"Paris"}',
                },
            ],
            "usage": {"input_tokens": 30, "output_tokens": 5},
        },
    }
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "r.jsonl", [responses]))
    assert (fmt, problems) == ("openai_responses", [])
    assert [(e.msg, e.role, e.kind, e.text) for e in trace.events] == [
        (0, "system", "message", "Be brief."),
        (1, "user", "message", "Weather in Paris?"),
        (2, "assistant", "call", None),
    ]
    assert trace.events[2].usage.input_total == 30


CORPORA = Path(__file__).resolve().parents[1] / "corpora" / "formats"


def test_responses_chained_by_previous_response_id_are_one_conversation(tmp_path: Path) -> None:
    from projeval.traces import analyse_traces

    # A real recorded pair (pydantic-ai's cassette): the second request holds only its new input.
    pair = analyse_traces([CORPORA / "responses_previous_response_id.jsonl"], workers=1)
    assert pair.summary[["turns", "model_calls", "recorded_model_calls"]].values.tolist() == [
        [2, 2, 2]
    ]
    # A call in one response, its output in the request that continues it.
    first = {
        "request": {"input": "Where is order ord_1234?"},
        "response": {
            "id": "resp_a",
            "output": [
                {
                    "type": "function_call",
                    "call_id": "call_1",
                    "name": "get_order",
                    "arguments": '{"order_id": "ord_1234"}',
                }
            ],
        },
    }
    second = {
        "request": {
            "previous_response_id": "resp_a",
            "input": [
                {
                    "type": "function_call_output",
                    "call_id": "call_1",
                    "output": '{"carrier_ref": "TRK_99881"}',
                }
            ],
        },
        "response": {
            "id": "resp_b",
            "output": [
                {
                    "type": "function_call",
                    "call_id": "call_2",
                    "name": "track_parcel",
                    "arguments": '{"ref": "TRK_99881"}',
                }
            ],
        },
    }
    other = {"request": {"input": "Hello"}, "response": {"id": "resp_z", "output": []}}
    path = write_jsonl(tmp_path / "chain.jsonl", [first, other, second])
    a = analyse_traces([path], workers=1)
    s = a.summary.set_index("trace_id")
    assert s.loc[
        "chain.jsonl:1", ["calls", "results", "unanswered_calls", "orphan_results", "followups"]
    ].tolist() == [2, 1, 1, 0, 1]
    assert s.loc["chain.jsonl:2", "calls"] == 0


def test_tool_spans_with_input_and_output_attributes_are_read_or_reported() -> None:
    from projeval.traces import analyse_traces

    # pydantic-ai's logfire snapshots: a "running tool" span with tool_arguments and
    # tool_response, and the same span recorded without content.
    a = analyse_traces([CORPORA / "logfire_tool_spans.json"], workers=1)
    assert a.calls[["tool", "args_raw"]].fillna("-").values.tolist() == [
        ["add_numbers", '{"x":42,"y":42}'],
        ["add_numbers", "-"],
    ]
    assert a.events[a.events.kind == "result"].text.tolist()[0] == "84"
    assert a.problems.reason.tolist() == [
        "tool span 'running tool' carries no arguments or result projeval reads (its "
        "attributes: gen_ai.tool.call.id, gen_ai.tool.name, logfire.json_schema, logfire.msg, "
        "logfire.span_type); counted as a call with neither"
    ]


def _digest(trace: Trace) -> list[tuple[Any, ...]]:
    """Each event as (role, kind, tool, arguments, error flag, the text's first 30 chars)."""
    return [
        (e.role, e.kind, e.tool, e.args, e.is_error, (e.text or "")[:30] or None)
        for e in trace.events
    ]


def _linked(trace: Trace) -> bool:
    """Every call answered by the result of its own id (or, where one side has no id, of
    its name), and every result by its call."""
    by_seq = {e.seq: e for e in trace.events}
    return all(
        e.link is not None
        and (
            by_seq[e.link].call_id == e.call_id
            or (None in (e.call_id, by_seq[e.link].call_id) and by_seq[e.link].tool == e.tool)
        )
        for e in trace.events
        if e.kind in ("call", "result")
    )


# Expected events of the last interaction of each real recording (its request holds the
# whole history), written from the recorded JSON before projeval read it, with its number
# of interactions (model calls). The lines carry no conversation id; each request re-sends
# the one before it with more after, so they are one conversation, history counted once.
REAL_RECORDINGS: dict[str, tuple[str, int, list[tuple[Any, ...]], tuple[int | None, ...]]] = {
    # Gemini: the tool raises, pydantic-ai answers with {"error": ...}, the model retries.
    "gemini_retry.jsonl": (
        "gemini",
        3,
        [
            ("system", "message", None, None, None, "You are a helpful chatbot."),
            ("user", "message", None, None, None, "What is the capital of France?"),
            ("assistant", "call", "get_capital", {"country": "France"}, None, None),
            ("tool", "result", "get_capital", None, True, '{"error": "The country is not '),
            ("assistant", "call", "get_capital", {"country": "La France"}, None, None),
            ("tool", "result", "get_capital", None, False, '{"return_value": "Paris"}'),
            ("assistant", "message", None, None, None, "Paris"),
        ],
        (142, 98, None, None),  # prompt 142; 1 candidate token + 97 thought tokens
    ),
    # Gemini streamed (SSE chunks), two calls in a row.
    "gemini_stream.jsonl": (
        "gemini",
        3,
        [
            ("system", "message", None, None, None, "You are a helpful chatbot."),
            ("user", "message", None, None, None, "What is the temperature of the"),
            ("assistant", "call", "get_capital", {"country": "France"}, None, None),
            ("tool", "result", "get_capital", None, False, '{"return_value": "Paris"}'),
            ("assistant", "call", "get_temperature", {"city": "Paris"}, None, None),
            ("tool", "result", "get_temperature", None, False, '{"return_value": "30°C"}'),
            ("assistant", "message", None, None, None, "The temperature in Paris is 30"),
        ],
        (79, 12, None, None),
    ),
    # Bedrock Converse: a toolResult with status "error", then an answer without the tool.
    "bedrock_converse_retry.jsonl": (
        "bedrock_converse",
        2,
        [
            ("system", "message", None, None, None, "You are a helpful chatbot."),
            ("user", "message", None, None, None, "What is the capital of France?"),
            ("assistant", "message", None, None, None, "<thinking> To determine the ca"),
            ("assistant", "call", "get_capital", {"country": "France"}, None, None),
            ("tool", "result", "get_capital", None, True, "The country is not supported.\n"),
            ("assistant", "message", None, None, None, "<thinking> It appears that the"),
        ],
        (531, 76, None, None),
    ),
    # Anthropic streamed: an MCP connector call (mcp_tool_use, input in input_json_delta
    # pieces) and its mcp_tool_result in the same assistant message; thinking skipped.
    "anthropic_mcp_stream.jsonl": (
        "anthropic",
        1,
        [
            ("user", "message", None, None, None, "Can you tell me more about the"),
            (
                "assistant",
                "call",
                "ask_question",
                {
                    "repoName": "pydantic/pydantic-ai",
                    "question": "What is this repository about? What are its main features "
                    "and purpose?",
                },
                None,
                None,
            ),
            ("tool", "result", "ask_question", None, False, "This repository, `pydantic/pyd"),
            ("assistant", "message", None, None, None, "**Pydantic-AI** is a framework"),
        ],
        (3042, 354, 0, 0),  # message_delta's cumulative usage
    ),
    # Bedrock converse-stream, its binary event stream kept as base64: text deltas, then
    # a toolUse whose input arrives in a delta; usage in the metadata event. The next
    # request re-sends the answer, with the tool's result.
    "bedrock_converse_stream.jsonl": (
        "bedrock_converse",
        1,
        [
            ("system", "message", None, None, None, "You are a helpful chatbot."),
            ("user", "message", None, None, None, "What is the temperature of the"),
            ("assistant", "message", None, None, None, "<thinking> To find the tempera"),
            ("assistant", "call", "get_capital", {"country": "France"}, None, None),
            ("tool", "result", "get_capital", None, False, "Paris"),
        ],
        (489, 59, None, None),
    ),
    # OpenAI Chat streamed: the call's id and name in the first chunk, arguments in pieces.
    "chat_stream.jsonl": (
        "openai_chat",
        2,
        [
            ("user", "message", None, None, None, "What is the capital of the UK?"),
            ("assistant", "call", "get_capital", {"country": "UK"}, None, None),
            ("tool", "result", "get_capital", None, None, "London"),
            ("assistant", "message", None, None, None, "The capital of the UK is Londo"),
        ],
        (78, 9, 0, None),  # usage from the last chunk
    ),
    # OpenAI Responses streamed: an mcp_call item (call and output in one) from
    # response.completed.
    "responses_mcp_stream.jsonl": (
        "openai_responses",
        1,
        [
            ("system", "message", None, None, None, "You are a helpful assistant."),
            ("user", "message", None, None, None, "Can you tell me more about the"),
            (
                "assistant",
                "call",
                "ask_question",
                {
                    "repoName": "pydantic/pydantic-ai",
                    "question": "What is the pydantic/pydantic-ai repository about?",
                },
                None,
                None,
            ),
            ("tool", "result", "ask_question", None, False, "The `pydantic/pydantic-ai` rep"),
            ("assistant", "message", None, None, None, "pydantic-ai is a Python “agent"),
        ],
        (1401, 480, 0, None),
    ),
    # Pydantic AI message histories (ModelMessagesTypeAdapter's dump), whole: Gemini calls
    # two tools and its output tool (final_result), a tool that returned None; OpenAI's
    # call answered by a request that also carries the agent's instructions.
    "pydantic_ai_gemini_history.json": (
        "pydantic_ai",
        3,
        [
            ("user", "message", None, None, None, "roll dice?"),
            ("assistant", "call", "roll_dice", {}, None, None),
            ("tool", "result", "roll_dice", None, False, "2"),
            ("assistant", "call", "get_player_name", {}, None, None),
            ("tool", "result", "get_player_name", None, False, None),
            (
                "assistant",
                "call",
                "final_result",
                {"player_name": "Mickey", "result": "2"},
                None,
                None,
            ),
            ("tool", "result", "final_result", None, False, "Final result processed."),
        ],
        (73, 9, None, None),
    ),
    "pydantic_ai_openai_history.json": (
        "pydantic_ai",
        2,
        [
            ("user", "message", None, None, None, "pw=42"),
            ("assistant", "call", "secret_plan", {"password": 42}, None, None),
            ("tool", "result", "secret_plan", None, False, "The secret plan is revealed."),
            ("system", "message", None, None, None, "Be helpful!"),
            ("assistant", "message", None, None, None, "The secret plan has been revea"),
        ],
        (78, 25, None, None),
    ),
}


@pytest.mark.parametrize("name", sorted(REAL_RECORDINGS))
def test_real_recordings_are_read_event_for_event(name: str) -> None:
    fmt, count, expected, usage = REAL_RECORDINGS[name]
    got_fmt, traces, problems = parse(CORPORA / name)
    assert (got_fmt, len(traces), problems) == (fmt, 1, [])
    (last,) = traces
    assert _digest(last) == expected
    assert _linked(last)
    usages = [e.usage for e in last.events if e.usage]
    assert len(usages) == count  # one a model call
    u = usages[-1]
    assert (u.input_total, u.output, u.cache_read, u.cache_creation) == usage


def test_streamed_responses_that_cannot_be_assembled_are_problems(tmp_path: Path) -> None:
    request = {"messages": [{"role": "user", "content": "Weather in Paris?"}]}
    lines = [
        {"request": request, "response": "upstream timed out"},
        {"request": request, "response": "data: {not json\n\n"},
    ]
    _, traces, problems = parse(write_jsonl(tmp_path / "s.jsonl", lines), format="openai_chat")
    # The requests' messages are kept; each broken response is one problem.
    assert [[e.text for e in t.events] for t in traces] == [["Weather in Paris?"]] * 2
    assert [(p.line, p.reason) for p in problems] == [
        (
            1,
            "the response is text but not a server-sent event stream (no 'data:' lines); "
            "the request's messages are kept",
        ),
        (
            2,
            "the streamed response holds no JSON events (1 'data:' payloads are not JSON); "
            "the request's messages are kept",
        ),
    ]
    converse = {"request": {"messages": [{"role": "user", "content": [{"text": "hi"}]}]}}
    _, _, problems = parse(
        write_jsonl(tmp_path / "b.jsonl", [{**converse, "response": "AAAAnQAAAFLD"}])
    )
    assert [p.reason for p in problems] == [
        "the event stream is cut short: message 1 (byte 0) has 9 bytes; the request's "
        "messages are kept"
    ]


def test_gemini_chunks_as_a_json_list_and_snake_case(tmp_path: Path) -> None:
    # streamGenerateContent without alt=sse answers a JSON list of chunks; the Python
    # SDK's dumps spell fields in snake_case.
    record = {
        "request": {
            "contents": [{"role": "user", "parts": [{"text": "Weather in Paris?"}]}],
            "system_instruction": "Be brief.",
        },
        "response": [
            {"candidates": [{"content": {"role": "model", "parts": [{"text": "It is "}]}}]},
            {
                "candidates": [{"content": {"parts": [{"text": "14 °C."}]}}],
                "usage_metadata": {"prompt_token_count": 9, "candidates_token_count": 4},
            },
        ],
    }
    calls = {
        "contents": [
            {"role": "user", "parts": [{"text": "Weather in Paris or Rome?"}]},
            {
                "role": "model",
                "parts": [
                    {"function_call": {"name": "get_weather", "args": {"city": "Paris"}}},
                    {"function_call": {"name": "get_weather", "args": {"city": "Rome"}}},
                    {"thought": True, "text": "two cities"},
                ],
            },
            {
                "role": "function",
                "parts": [
                    {"function_response": {"name": "get_weather", "response": {"output": PARIS}}},
                    {"function_response": {"name": "get_weather", "response": {"error": "down"}}},
                ],
            },
            {"role": "critic", "parts": [{"text": "?"}]},
            {"role": "model", "parts": [{"blob": 1}]},
        ]
    }
    fmt, (one, two), problems = parse(write_jsonl(tmp_path / "g.jsonl", [record, calls]))
    assert fmt == "gemini"
    assert [(e.role, e.text) for e in one.events] == [
        ("system", "Be brief."),
        ("user", "Weather in Paris?"),
        ("assistant", "It is 14 °C."),
    ]
    assert (one.events[-1].usage.input_total, one.events[-1].usage.output) == (9, 4)
    # No ids: linked by name and order, as legacy function calls are.
    assert [(e.kind, e.args, e.link, e.is_error) for e in two.events if e.kind != "message"] == [
        ("call", {"city": "Paris"}, 3, None),
        ("call", {"city": "Rome"}, 4, None),
        ("result", None, 1, False),
        ("result", None, 2, True),
    ]
    assert [p.reason for p in problems] == [
        "message 3 has unknown role 'critic'; skipped",
        "message 4: unknown part (blob); skipped",
    ]


def test_the_cli_offers_every_trace_format() -> None:
    from projeval.cli import traces

    option = next(p for p in traces.params if p.name == "trace_format")
    assert tuple(option.type.choices) == FORMATS


def _starts(trace: Trace) -> list[tuple[Any, ...]]:
    return [(e.role, e.kind, e.tool, e.args, e.is_error, e.text) for e in trace.events]


def _matches(got: list[tuple[Any, ...]], expected: list[tuple[Any, ...]]) -> bool:
    """Events equal but for the text, which starts with the expected text."""
    return len(got) == len(expected) and all(
        g[:5] == x[:5] and (g[5] or "").startswith(x[5] or "") and bool(g[5]) == bool(x[5])
        for g, x in zip(got, expected, strict=True)
    )


# pydantic-ai's recorded OpenAI conversation (test_multiple_agent_tool_calls), replayed
# through the OpenAI SDK with each instrumentation on: written from the cassette.
CAPITALS = [
    ("user", "message", None, None, None, "What is the capital of France?"),
    ("assistant", "call", "get_capital", {"country": "France"}, None, None),
    ("tool", "result", "get_capital", None, None, "Paris"),
    ("assistant", "message", None, None, None, "The capital of France is Paris."),
    ("user", "message", None, None, None, "What is the capital of England?"),
    ("assistant", "call", "get_capital", {"country": "England"}, None, None),
    ("tool", "result", "get_capital", None, None, "London"),
    ("assistant", "message", None, None, None, "The capital of England is London."),
]


# Its Anthropic conversation (test_multiple_parallel_tool_calls): four parallel calls.
def _family(error: bool | None) -> list[tuple[Any, ...]]:
    answers = [
        ("Alice", "alice is bob's wife"),
        ("Bob", "bob is alice's husband"),
        ("Charlie", "charlie is alice's son"),
        ("Daisy", "daisy is bob's daughter and charlie's younger sister"),
    ]
    return [
        ("system", "message", None, None, None, "\n    Use the `retrieve_entity_info` tool"),
        ("user", "message", None, None, None, "Alice, Bob, Charlie and Daisy are a family."),
        ("assistant", "message", None, None, None, "I'll help you find out who is the youngest"),
        *[
            ("assistant", "call", "retrieve_entity_info", {"name": n}, None, None)
            for n, _ in answers
        ],
        *[("tool", "result", "retrieve_entity_info", None, error, a) for _, a in answers],
        ("assistant", "message", None, None, None, "Based on the retrieved information"),
    ]


INSTRUMENTED = {
    # OpenLLMetry 0.62: gen_ai.input.messages / gen_ai.output.messages (output messages
    # carry a finish_reason the same message in the next input does not).
    "otel_openllmetry_openai.json": ("otel", CAPITALS, (129, 9)),
    # OpenLLMetry 0.47: indexed gen_ai.prompt.N.* / gen_ai.completion.N.* attributes (and
    # llm.request.type, which is not OpenInference's).
    "otel_openllmetry047_openai.json": ("otel", CAPITALS, (129, 9)),
    # ...where Anthropic's tool results are tool_result blocks, as JSON, in a user message.
    "otel_openllmetry047_anthropic.json": ("otel", _family(False), (771, 77)),
    # The Anthropic SDK's own spans (usage, no messages) beside OpenLLMetry's: one call each.
    "otel_anthropic_sdk_and_openllmetry.json": ("otel", _family(None), (771, 77)),
    # OpenInference's llm.input_messages.N.message.* attributes.
    "openinference_openai.json": ("openinference", CAPITALS, (129, 9)),
    # The OpenAI Agents SDK's run of pydantic-ai's Responses cassette
    # (test_openai_responses_model_retry): TOOL spans with input.value/output.value and no
    # call id, one failed (span status ERROR); the next LLM span's history lists the two
    # parallel calls as two messages where the first span's output held them in one.
    "openinference_openai_agents.json": (
        "openinference",
        [
            ("user", "message", None, None, None, "What is the location of Londos and London?"),
            ("assistant", "call", "get_location", {"loc_name": "Londos"}, None, None),
            ("assistant", "call", "get_location", {"loc_name": "London"}, None, None),
            ("tool", "result", "get_location", None, True, "An error occurred while running"),
            ("tool", "result", "get_location", None, False, '{"lat": 51, "lng": 0}'),
            ("assistant", "message", None, None, None, 'It seems "Londos" might be'),
        ],
        (335, 44),
    ),
}


@pytest.mark.parametrize("name", sorted(INSTRUMENTED))
def test_spans_real_instrumentations_recorded_are_read_event_for_event(name: str) -> None:
    fmt, expected, usage = INSTRUMENTED[name]
    got_fmt, (trace,), problems = parse(CORPORA / name)
    assert (got_fmt, problems) == (fmt, [])
    assert _matches(_starts(trace), expected), _starts(trace)
    assert _linked(trace)
    calls = [e.usage for e in trace.events if e.usage]
    assert len(calls) == 2  # two model calls, each counted once
    assert (calls[-1].input_total, calls[-1].output) == usage


def test_logfire_tool_spans_at_error_level_are_errors() -> None:
    # pydantic-ai's current logfire snapshots (test_include_tool_args_span_attributes): a
    # tool that succeeds, one that raises ModelRetry (logfire.level_num 17, "error"), and
    # the same failure recorded without content. Written from the snapshot.
    _, traces, problems = parse(CORPORA / "logfire_tool_error_spans.json")
    got = [(e.kind, e.args, e.is_error, e.text) for t in traces for e in t.events]
    assert got == [
        ("call", {"x": 42, "y": 42}, None, None),
        ("result", None, False, "84"),
        ("call", {"x": 42, "y": 42}, None, None),
        ("result", None, True, "Tool error\n\nFix the errors and try again."),
        ("call", None, None, None),
        ("result", None, True, ""),
    ]
    assert problems == []  # a failed call recorded without content is not a reading gap


def test_tool_span_with_arguments_but_no_result_is_reported(tmp_path: Path) -> None:
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.arguments": '{"city":"Paris"}',
        "gen_ai.tool.result.value": PARIS,  # a vendor's own name, not the conventions'
    }
    _, (trace,), problems = parse(write_json(tmp_path / "t.json", _otlp(_span(1, tool))))
    assert [(e.kind, e.text) for e in trace.events] == [("call", None), ("result", "")]
    assert [p.reason for p in problems] == [
        "tool span 's1' carries arguments but no result projeval reads (its attributes: "
        "gen_ai.operation.name, gen_ai.tool.call.arguments, gen_ai.tool.name, "
        "gen_ai.tool.result.value); its result is counted as empty"
    ]


def test_openllmetry_whole_prompt_and_openinference_ordered_tool_parts(tmp_path: Path) -> None:
    # Older instrumentations set one gen_ai.prompt / gen_ai.completion string.
    old = {"gen_ai.system": "x", "gen_ai.prompt": "Weather in Paris?", "gen_ai.completion": "Rain."}
    _, (trace,), _ = parse(write_json(tmp_path / "o.json", _otlp(_span(1, old))))
    assert [(e.role, e.text) for e in trace.events] == [
        ("user", "Weather in Paris?"),
        ("assistant", "Rain."),
    ]
    # OpenInference's ordered parts: a tool call in message.contents, not in tool_calls.
    prefix = "llm.output_messages.0.message."
    parts = {
        "openinference.span.kind": "LLM",
        prefix + "role": "assistant",
        prefix + "contents.0.message_content.type": "text",
        prefix + "contents.0.message_content.text": "Checking.",
        prefix + "contents.1.message_content.type": "tool_use",
        prefix + "contents.1.tool_call.id": "call_1",
        prefix + "contents.1.tool_call.function.name": "get_weather",
        prefix + "contents.1.tool_call.function.arguments": '{"city":"Paris"}',
    }
    _, (trace,), _ = parse(write_json(tmp_path / "i.json", _otlp(_span(1, parts))))
    assert [(e.kind, e.tool, e.args, e.text) for e in trace.events] == [
        ("message", None, None, "Checking."),
        ("call", "get_weather", {"city": "Paris"}, None),
    ]


LANGSMITH_ERROR = (
    "this looks like a LangSmith run export (run_type, inputs, outputs), which projeval does "
    "not read: a run's inputs and outputs hold whatever the traced code took and returned "
    "(LangChain's serialized messages, an OpenAI request and response, a tool's arguments), "
    "not one shape a reader could rely on. Fix: from the export, take each trace's last run "
    "of run_type 'llm' (its inputs hold the conversation up to that model call, tool results "
    'included) and write it as one OpenAI Chat record a line, {"trace_id": <its trace_id>, '
    '"messages": [<its inputs.messages>, <the message its outputs hold: '
    "outputs.choices[0].message, or outputs.generations[0][0].message>]}, LangChain's "
    'serialized messages ({"lc": 1, ...}) revived with langchain_core.load.load and written '
    "with messages_to_dict; or record the app with OpenInference's LangChain instrumentation "
    "and export its spans as OTLP JSON"
)
LANGFUSE_ERROR = (
    "this looks like a Langfuse trace or observations export (traceId, type, input, output), "
    "which projeval does not read: an observation's input and output hold whatever the "
    "traced code passed (a provider's messages, a framework's state, a tool's arguments), "
    "not one shape a reader could rely on. Fix: from the export (Langfuse exports JSON rows, "
    "not spans), take each trace's last GENERATION observation (its input holds the "
    "conversation up to that model call) and write it as one OpenAI Chat record a line, "
    '{"trace_id": <its traceId>, "messages": [<its input\'s messages>, <its output, the '
    "assistant's message>]}; or record the app with an OpenTelemetry GenAI or OpenInference "
    "instrumentation and export its spans as OTLP JSON"
)
_RUN = {"id": "r1", "run_type": "tool", "name": "search", "inputs": {"q": "x"}}
_OBSERVATION = {"id": "o1", "traceId": "t1", "type": "GENERATION", "input": [], "output": {}}


@pytest.mark.parametrize(
    ("record", "error"),
    [
        (_RUN, LANGSMITH_ERROR),
        # A page of runs as LangSmith's API answers a runs query.
        ({"runs": [_RUN], "cursors": {"next": None}}, LANGSMITH_ERROR),
        (_OBSERVATION, LANGFUSE_ERROR),
        # A page of observations as Langfuse's API answers (GET /api/public/observations).
        ({"data": [_OBSERVATION], "meta": {"page": 1}}, LANGFUSE_ERROR),
    ],
)
def test_langsmith_and_langfuse_exports_are_one_clear_error(
    tmp_path: Path, record: dict[str, Any], error: str
) -> None:
    # Not misread: a Langfuse observation's input/output read as OpenAI Responses items.
    path = write_jsonl(tmp_path / "export.jsonl", [record])
    with pytest.raises(TraceError) as err:
        parse(path)
    assert str(err.value) == f"{path}:1: {error}"
    if record in (_RUN, _OBSERVATION):  # a JSON list of runs or observations
        listed = write_json(tmp_path / "export.json", [record, record])
        with pytest.raises(TraceError) as err:
            parse(listed)
        assert error in str(err.value)


def test_openai_assistants_listings_are_one_clear_error(tmp_path: Path) -> None:
    # /work/notes/tau58/formats: a thread's messages and a run's steps as the Assistants API
    # lists them were "not a known trace format"; the error now names them and says how to
    # write them as Chat.
    message = {
        "id": "msg_1",
        "object": "thread.message",
        "role": "user",
        "content": [{"type": "text", "text": {"value": "Cancel my trip", "annotations": []}}],
    }
    step = {
        "id": "step_1",
        "object": "thread.run.step",
        "type": "tool_calls",
        "step_details": {"type": "tool_calls", "tool_calls": []},
    }
    for name, doc in (("m.json", {"object": "list", "data": [message]}), ("s.json", step)):
        path = write_json(tmp_path / name, doc)
        with pytest.raises(TraceError) as err:
            parse(path)
        assert str(err.value).startswith(
            f"{path}:1: this looks like an OpenAI Assistants API listing (thread.message or "
            "thread.run.step objects"
        )
        assert "Fix: write each thread as OpenAI Chat JSON Lines, oldest first" in str(err.value)


def test_langsmith_sdk_batches_of_runs_are_the_same_clear_error() -> None:
    # The runs LangSmith's JS SDK sent for one wrapped OpenAI call, as recorded in its
    # tests ({"post": [...], "patch": [...]}; tests/corpora/formats/README.md): it was
    # "not a known trace format". Writing its last llm run as the error says reads it.
    path = CORPORA / "langsmith_js_wrap_openai_runs.json"
    with pytest.raises(TraceError) as err:
        parse(path)
    assert str(err.value) == f"{path}:1: {LANGSMITH_ERROR}"


def test_writing_the_last_llm_run_as_the_langsmith_error_says_is_read(tmp_path: Path) -> None:
    runs = json.loads((CORPORA / "langsmith_js_wrap_openai_runs.json").read_text("utf-8"))
    (llm,) = runs["patch"]
    record = {
        "trace_id": llm["trace_id"],
        "messages": [*llm["inputs"]["messages"], llm["outputs"]["choices"][0]["message"]],
    }
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "runs.jsonl", [record]))
    assert (fmt, trace.trace_id, problems) == ("openai_chat", llm["trace_id"], [])
    assert [(e.role, e.text) for e in trace.events] == [
        ("user", "howdy"),
        ("assistant", "Howdy! How can I assist you today?"),
    ]


# crewAI's VCR cassettes, read as they are (YAML, bodies as JSON text, one stream as its
# events): each cassette is one conversation. Expected events written from the cassettes.
CASSETTES: dict[str, tuple[str, int, list[tuple[Any, ...]]]] = {
    "TestBedrockNativeToolCalling.test_bedrock_parallel_native_tool_calling_test_agent_kickoff.yaml": (
        "bedrock_converse",
        2,
        [
            ("system", "message", None, None, None, "You are Parallel Tool Agent."),
            ("user", "message", None, None, None, "\nCurrent Task: This is a tool-calling"),
            ("assistant", "message", None, None, None, "I'll execute all 3 parallel searches"),
            *[
                ("assistant", "call", f"parallel_local_search_{n}", {"query": q}, None, None)
                for n, q in (
                    ("one", "latest OpenAI model release notes"),
                    ("two", "latest Anthropic model release notes"),
                    ("three", "latest Gemini model release notes"),
                )
            ],
            ("tool", "result", "parallel_local_search_one", None, False, "[one] latest OpenAI"),
            ("tool", "result", "parallel_local_search_two", None, False, "[two] latest Anthropic"),
            ("tool", "result", "parallel_local_search_three", None, False, "[three] latest Gemini"),
            ("assistant", "message", None, None, None, "The three parallel searches were"),
        ],
    ),
    # The response's functionCall carries a thoughtSignature the re-sent history drops.
    "TestGeminiNativeToolCalling.test_gemini_agent_with_native_tool_calling.yaml": (
        "gemini",
        2,
        [
            ("system", "message", None, None, None, "You are Math Assistant."),
            ("user", "message", None, None, None, "\nCurrent Task: Calculate what is 15 * 8"),
            ("assistant", "call", "calculator", {"expression": "15 * 8"}, None, None),
            ("tool", "result", "calculator", None, False, '{"result": "The result of 15 * 8'),
            ("user", "message", None, None, None, "Analyze the tool result."),
            ("assistant", "message", None, None, None, "The result of 15 * 8 is 120"),
        ],
    ),
    # Responses re-sent as history without their refusal: null and annotations: [].
    "test_native_tool_calling_error_handling.yaml": (
        "openai_chat",
        3,
        [
            ("system", "message", None, None, None, "You are Calculator."),
            ("user", "message", None, None, None, "\nCurrent Task: Use the failing_tool"),
            ("assistant", "call", "failing_tool", {}, None, None),
            ("tool", "result", "failing_tool", None, None, "Error executing tool: This tool"),
            ("assistant", "message", None, None, None, "The attempt to use the failing tool"),
            ("assistant", "message", None, None, None, "I see your response was cut off."),
        ],
    ),
    # pydantic-ai's serializer (parsed_body): the responses' calls have no id, the history
    # re-sends them with the id pydantic-ai gave them, and the results answer that id.
    "test_google_model_retry.yaml": ("gemini", 3, REAL_RECORDINGS["gemini_retry.jsonl"][2]),
    # pydantic-ai's Responses run: the second request re-sends the two calls after an
    # empty assistant message it inserts, without their item ids and status.
    "test_openai_responses_model_retry.yaml": (
        "openai_responses",
        2,
        [
            ("system", "message", None, None, None, ""),
            ("user", "message", None, None, None, "What is the location of Londos and London?"),
            ("assistant", "call", "get_location", {"loc_name": "Londos"}, None, None),
            ("assistant", "call", "get_location", {"loc_name": "London"}, None, None),
            ("tool", "result", "get_location", None, None, "Wrong location, I only know about"),
            ("tool", "result", "get_location", None, None, '{"lat": 51, "lng": 0}'),
            ("assistant", "message", None, None, None, 'It seems "Londos" might be'),
        ],
    ),
    # Bedrock converse-stream: the body AWS's binary event stream (!!binary); an empty
    # text delta (no text), a reasoningContent delta (not counted), the answer.
    "test_bedrock_model_stream_empty_text_delta.yaml": (
        "bedrock_converse",
        1,
        [
            ("user", "message", None, None, None, "Hi"),
            (
                "assistant",
                "message",
                None,
                None,
                None,
                "Hello! \U0001f44b How can I assist you today?",
            ),
        ],
    ),
    # Streamed: the call's input in input_json_delta pieces.
    "TestAnthropicToolCallStreaming.test_anthropic_streaming_emits_tool_call_events.yaml": (
        "anthropic",
        2,
        [
            ("user", "message", None, None, None, "What is the temperature in San Francisco?"),
            ("assistant", "message", None, None, None, "I'll help you find out the current"),
            (
                "assistant",
                "call",
                "get_current_temperature",
                {"city": "San Francisco"},
                None,
                None,
            ),
            ("tool", "result", "get_current_temperature", None, False, "The temperature in San"),
            ("assistant", "message", None, None, None, ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CASSETTES))
def test_vcr_cassettes_are_read_as_one_conversation(name: str) -> None:
    fmt, model_calls, expected = CASSETTES[name]
    got_fmt, traces, problems = parse(CORPORA / "cassettes" / name)
    assert (got_fmt, [t.trace_id for t in traces], problems) == (fmt, [name], [])
    (trace,) = traces
    got = _starts(trace)
    if not expected[-1][5]:  # an answer whose text is not pinned: only that there is one
        assert got[-1][5]
        got, expected = got[:-1], expected[:-1]
    assert _matches(got, expected), got
    assert _linked(trace)
    assert len([e for e in trace.events if e.usage]) == model_calls


@pytest.mark.parametrize("name", sorted(CASSETTES))
def test_a_cassette_written_as_a_request_log_without_ids_is_one_conversation(
    name: str, tmp_path: Path
) -> None:
    # Each interaction as one {"request", "response"} line, without the conversation id
    # the cassette's name gives: the lines are joined because each extends the one before
    # (or re-sends it all grouped another way), so the events are the cassette's.
    from projeval.traces.readers import iter_records

    lines = [
        {k: v for k, v in r.value.items() if k != "trace_id"}
        for r in iter_records(CORPORA / "cassettes" / name)
    ]
    assert len(lines) >= 1
    path = tmp_path / "log.jsonl"

    # A binary body (Bedrock's event stream) is kept as base64 text, as a JSON log keeps it.
    def text(v: Any) -> str:
        return base64.b64encode(v).decode() if isinstance(v, bytes) else str(v)

    path.write_text("".join(json.dumps(v, default=text) + "\n" for v in lines), "utf-8")
    _, (trace,), problems = parse(path, format=CASSETTES[name][0])
    _, (recorded,), _ = parse(CORPORA / "cassettes" / name)
    assert problems == []
    assert _starts(trace) == _starts(recorded)
    assert [e.usage for e in trace.events] == [e.usage for e in recorded.events]


def test_a_folder_of_cassettes_and_broken_cassettes(tmp_path: Path) -> None:
    from projeval.traces.readers import expand_paths

    (tmp_path / "suite.yaml").write_text("name: x\nquestions: []\n")
    (tmp_path / "c.yaml").write_text("interactions:\n- request: {body: null}\n  response: {}\n")
    (tmp_path / "bad.yml").write_text("interactions: [\n")
    assert [p.name for p in expand_paths([tmp_path])] == ["bad.yml", "c.yaml"]  # no suite
    _, _, problems = parse(tmp_path / "c.yaml", format="openai_chat")
    assert [(p.line, p.reason) for p in problems] == [
        (
            2,
            "record has no 'messages' list, no 'choices' and no 'role', nor a run's messages "
            "under 'traj' or 'history' (put its conversation under 'messages': a list of "
            "messages with a 'role'); record skipped",
        )
    ]
    with pytest.raises(TraceError, match="no record of this file could be read"):
        parse(tmp_path / "bad.yml")
    with pytest.raises(TraceError, match="not a VCR cassette"):
        parse(tmp_path / "suite.yaml")


def test_a_cassette_is_never_cut_into_partitions() -> None:
    from projeval.traces.partitions import plan_file

    path = CORPORA / "cassettes" / "test_native_tool_calling_error_handling.yaml"
    parts = plan_file(path, None, partition_bytes=1024, max_json_bytes=1 << 20)
    assert [(p.path, p.format) for p in parts] == [(str(path), None)]


def test_a_cassette_recording_two_providers_reports_the_other_ones_records() -> None:
    # pydantic-ai's test_multiple_agent_tool_calls: a Gemini agent, then an OpenAI one.
    fmt, (trace,), problems = parse(CORPORA / "cassettes" / "test_multiple_agent_tool_calls.yaml")
    assert (fmt, len(trace.events)) == ("gemini", 4)
    assert [(p.line, p.reason) for p in problems] == [
        (
            line,
            "record holds no gemini messages (the file is read as gemini: is this record in "
            "another format?); record skipped",
        )
        for line in (160, 272)
    ]


# Benchmark results: run records with the run's fields beside its conversation, as
# tau-bench writes them ({"task_id", "trial", "reward", "info", "traj": [OpenAI Chat]}).
# The content is invented.
def _run(task: Any, trial: Any = None, *, answer: str = "Order #A1 ships on May 2.") -> dict:
    traj = [
        {"role": "system", "content": "You are a shop's support agent."},
        {"role": "user", "content": "Where is my order A1?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "get_order", "arguments": '{"order_id": "A1"}'},
                }
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "c1",
            "name": "get_order",
            "content": '{"ships": "May 2"}',
        },
        {"role": "assistant", "content": answer},
    ]
    run = {"task_id": task, "reward": 1.0, "info": {"note": "invented"}, "traj": traj}
    if trial is not None:
        run["trial"] = trial
    return run


RUN_SHAPE = [
    (0, 0, "system", "message", None, None, None, None, "You are a shop's support agent."),
    (1, 1, "user", "message", None, None, None, None, "Where is my order A1?"),
    (2, 1, "assistant", "call", "get_order", "c1", 3, {"order_id": "A1"}, None),
    (3, 1, "tool", "result", "get_order", "c1", 2, None, '{"ships": "May 2"}'),
    (4, 1, "assistant", "message", None, None, None, None, "Order #A1 ships on May 2."),
]


@pytest.mark.parametrize("layout", ["list", "object", "jsonl"])
def test_run_records_in_every_file_layout(tmp_path: Path, layout: str) -> None:
    runs = [_run(0, 0), _run(0, 1), _run(1, 0)]
    if layout == "list":  # tau-bench's results file: one JSON list of runs
        path = write_json(tmp_path / "results.json", runs)
    elif layout == "object":
        path = write_json(tmp_path / "run.json", runs[0])
        runs = runs[:1]
    else:
        path = write_jsonl(tmp_path / "results.jsonl", runs)
    fmt, traces, problems = parse(path)
    assert (fmt, problems) == ("openai_chat", [])
    assert [t.trace_id for t in traces] == [
        "task 0 trial 0",
        "task 0 trial 1",
        "task 1 trial 0",
    ][: len(runs)]
    assert [t.line for t in traces] == ([1, 2, 3] if layout == "jsonl" else [1] * len(runs))
    for trace in traces:
        assert [s[:9] for s in shape(trace)] == RUN_SHAPE


def test_run_records_of_repeated_tasks_are_traces_of_their_own(tmp_path: Path) -> None:
    # The same task run three times without a trial number: once, once again word for
    # word, once more with a longer answer. Each run is a whole conversation, never a
    # snapshot of the one before, so none is merged into another.
    longer = _run(7, answer="Order #A1 ships on May 2. Anything else?")
    longer["traj"].append({"role": "user", "content": "No, thanks."})
    no_id = _run(None)
    del no_id["task_id"]
    sim = {**_run(3, 0), "id": "sim-42"}  # the record's own conversation id comes first
    runs = [_run(7), _run(7), longer, no_id, no_id, sim]
    _, traces, problems = parse(write_jsonl(tmp_path / "runs.jsonl", runs))
    assert problems == []
    assert [(t.trace_id, len(t.events)) for t in traces] == [
        ("task 7", 5),
        ("task 7#2", 5),
        ("task 7#3", 6),
        ("runs.jsonl:4", 5),
        ("runs.jsonl:5", 5),
        ("sim-42", 5),
    ]
    # In a JSON list every record is on line 1: the file:line names count up from there.
    _, listed, _ = parse(write_json(tmp_path / "runs.json", [no_id, no_id, _run(7), _run(7)]))
    assert [t.trace_id for t in listed] == ["runs.json:1", "runs.json:1#2", "task 7", "task 7#2"]


def test_a_run_record_without_a_conversation_is_one_problem(tmp_path: Path) -> None:
    crashed = {"task_id": 1, "trial": 0, "reward": 0.0, "info": {"error": "timeout"}}
    odd = _run(2, 0)
    odd["traj"].insert(2, "not a message")
    runs = [_run(0, 0), crashed, odd, {"task_id": 3, "traj": ["no", "messages"]}]
    reason = (
        "record has no 'messages' list, no 'choices' and no 'role', nor a run's messages "
        "under 'traj' or 'history' (put its conversation under 'messages': a list of "
        "messages with a 'role'); record skipped"
    )
    _, traces, problems = parse(write_jsonl(tmp_path / "results.jsonl", runs))
    assert [t.trace_id for t in traces] == ["task 0 trial 0", "task 2 trial 0"]
    assert [(p.line, p.reason) for p in problems] == [
        (2, reason),
        (3, "message 2 is not an object; skipped"),
        (4, reason),
    ]
    assert [e.kind for e in traces[1].events] == ["message", "message", "call", "result", "message"]
    # In a JSON list, the problem says which item of the list it is.
    _, traces, problems = parse(write_json(tmp_path / "results.json", runs))
    assert len(traces) == 2
    assert [(p.file, p.line, p.reason) for p in problems] == [
        (str(tmp_path / "results.json"), 1, f"item 1 of the top-level list: {reason}"),
        (
            str(tmp_path / "results.json"),
            1,
            "item 2 of the top-level list: message 2 is not an object; skipped",
        ),
        (str(tmp_path / "results.json"), 1, f"item 3 of the top-level list: {reason}"),
    ]


def test_run_records_hold_any_message_format(tmp_path: Path) -> None:
    # Detection reads the messages under the run's key, as it reads a "messages" list.
    anthropic = {
        "task_id": 5,
        "trial": 0,
        "traj": [
            {"role": "user", "content": "Weather in Paris?"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": "get_weather", "input": {}}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": PARIS}],
            },
        ],
    }
    fmt, (trace,), problems = parse(write_json(tmp_path / "a.json", [anthropic]))
    assert (fmt, trace.trace_id, problems) == ("anthropic", "task 5 trial 0", [])
    assert [(e.role, e.kind, e.link) for e in trace.events] == [
        ("user", "message", None),
        ("assistant", "call", 2),
        ("tool", "result", 1),
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (_run(0, 0), ("openai_chat", True)),
        ({"task_id": 0, "traj": [{"role": "user", "content": "hi"}]}, ("openai_chat", False)),
        (
            # SWE-agent: "trajectory" holds steps, not messages; "history" the messages.
            {
                "trajectory": [{"action": "ls", "observation": "a.py"}],
                "history": [{"role": "user", "content": "hi"}],
            },
            ("openai_chat", False),
        ),
        ({"task_id": 0, "traj": [{"action": "ls"}]}, (None, False)),
    ],
)
def test_sniff_run_records(value: Any, expected: tuple[str | None, bool]) -> None:
    assert sniff(value) == expected


def test_swe_agent_trajectory_is_read_event_for_event() -> None:
    # SWE-agent's own .traj file (tests/corpora/formats/README.md): its messages under
    # "history", each tool message answering the call it names in "tool_call_ids".
    # Expected events written from the file.
    fmt, (trace,), problems = parse(CORPORA / "swe_agent_function_calling.traj")
    assert (fmt, trace.trace_id, problems) == (
        "openai_chat",
        "swe_agent_function_calling.traj:1",
        [],
    )
    calls = [
        ("find_file", {"file_name": "missing_colon.py"}, 'Found 1 matches for "missing_c'),
        ("open", {"path": "tests/missing_colon.py"}, "[File: tests/missing_colon.py "),
        (
            "edit",
            {
                "search": "def division(a: float, b: float) -> float",
                "replace": "def division(a: float, b: float) -> float:",
            },
            "Text replaced. Please review t",
        ),
        ("bash", {"command": "python tests/missing_colon.py"}, "8.2\n(Open file: /SWE-agent__te"),
        ("submit", {}, "\r\ndiff --git a/tests/missing_c"),
    ]
    answers = [
        "The `SyntaxError` in `missing_",
        "We have found the `missing_col",
        "The issue is indeed caused by ",
        "The missing colon has been add",
        "The script ran successfully, p",
    ]
    assert _digest(trace) == [
        ("system", "message", None, None, None, "SETTING: You are an autonomous"),
        ("user", "message", None, None, None, "We're currently solving the fo"),
        *[
            row
            for answer, (tool, args, result) in zip(answers, calls, strict=True)
            for row in (
                ("assistant", "message", None, None, None, answer),
                ("assistant", "call", tool, args, None, None),
                ("tool", "result", tool, None, None, result),
            )
        ],
    ]
    assert _linked(trace)
    first = next(e for e in trace.events if e.kind == "result")
    assert first.call_id == "call_PbWErNIge3YTrli3fiVvmIid"


def test_swe_agent_text_actions_are_calls_and_observations_are_no_turns() -> None:
    # SWE-agent before function calling (tests/corpora/formats/README.md): each command is
    # "action" text on an assistant message, its output the next "user" message, and the
    # worked example a user message marked is_demo. Only the issue is the user's.
    fmt, (trace,), problems = parse(CORPORA / "swe_agent_output" / "pydicom__pydicom-1458.traj")
    assert (fmt, trace.trace_id, problems) == (
        "openai_chat",
        "pydicom__pydicom-1458.traj:1",
        [],
    )
    assert [(e.role, (e.text or "")[:30]) for e in trace.events if e.kind == "message"][:4] == [
        ("system", "SETTING: You are an autonomous"),
        ("system", "[demonstration trimmed]"),
        ("user", "We're currently solving the fo"),
        ("assistant", "First, I'll create a new Pytho"),
    ]
    assert [e.text[:30] for e in trace.events if e.role == "user"] == [
        "We're currently solving the fo"
    ]
    calls = [e for e in trace.events if e.kind == "call"]
    assert [c.tool for c in calls] == [
        "create", "edit", "python", "find_file", "open", "edit", "edit", "edit", "edit",
        "python", "rm", "submit",
    ]  # fmt: skip
    assert calls[3].args == {"command": 'find_file "numpy_handler.py"'}
    results = [e for e in trace.events if e.kind == "result"]
    assert len(results) == 11  # the run ended on submit: no output recorded after it
    assert all(r.link is not None and trace.events[r.link].call_id == r.call_id for r in results)
    assert calls[-1].link is None
    assert results[3].text.startswith('Found 3 matches for "numpy_handler.py"')
    # The assistant's text is its thought, without the command block.
    thought = trace.events[calls[0].seq - 1]
    assert (thought.kind, thought.msg) == ("message", calls[0].msg)
    assert thought.text.endswith("absence of the Pixel Representation attribute.\n\n")
    assert "create reproduce_bug.py" not in thought.text


def test_mint_results_are_read_run_for_run() -> None:
    # MINT's results lines (tests/corpora/formats/README.md): the model runs code written
    # in <execute> blocks; the harness answers in "user" messages: the observation, the
    # steps left, and (with GPT-4's simulated feedback) the feedback, the user's turn.
    fmt, traces, problems = parse(CORPORA / "mint_results.jsonl")
    assert (fmt, [t.trace_id for t in traces], problems) == ("mint", ["task 0", "task 16"], [])
    first, second = traces
    assert _digest(first) == [
        ("system", "message", None, None, None, "You are a helpful assistant as"),
        ("user", "message", None, None, None, "Were Scott Derrickson and Ed W"),
        ("assistant", "message", None, None, None, "To determine if Scott Derricks"),
        (
            "assistant",
            "call",
            "execute",
            {
                "code": "print(wikipedia_search('Scott Derrickson'))\nprint(wikipedia_search('Ed Wood'))"
            },
            None,
            None,
        ),
        ("tool", "result", "execute", None, None, "Page: Scott Derrickson\nSummary"),
        ("system", "message", None, None, None, "You have 4 steps left and 2 ch"),
        ("assistant", "message", None, None, None, "From the wiki_search results, "),
    ]
    assert first.events[-1].text.endswith("which is American.\nThe answer is Yes .")
    assert _linked(first)
    assert [(e.role, e.kind) for e in second.events] == [
        ("system", "message"),
        ("user", "message"),
        ("assistant", "message"),  # a wrong <solution>: no call
        ("system", "message"),  # "Your answer is wrong."
        ("system", "message"),  # the steps left
        *[
            row
            for _ in range(3)
            for row in (
                ("user", "message"),  # the feedback
                ("assistant", "message"),
                ("assistant", "call"),
                ("tool", "result"),
                ("system", "message"),
            )
        ],
        ("user", "message"),
        ("assistant", "message"),
        ("assistant", "call"),  # the run ran out of steps before its result
    ]
    assert [e.text[:30] for e in second.events if e.role == "user"] == [
        "Which travel parody series fea",
        "This is NOT GOOD. You should n",
        "This is NOT GOOD. You made a m",
        "This is NOT GOOD. The search q",
        "This is NOT GOOD. The search r",
    ]
    assert second.events[3].text == "Your answer is wrong."
    calls = [e for e in second.events if e.kind == "call"]
    assert [c.link is not None for c in calls] == [True, True, True, False]
    assert calls[-1].args == {
        "code": "result = wikipedia_search('host of \"The Joe Schmo Show\"')\n\nprint(result)"
    }


def test_a_mint_line_without_a_run_is_one_problem(tmp_path: Path) -> None:
    good = (CORPORA / "mint_results.jsonl").read_text().splitlines()[0]
    path = tmp_path / "results.jsonl"
    path.write_text(good + '\n{"state": {"history": "none"}, "task": {"task_id": 3}}\n')
    fmt, traces, problems = parse(path)
    assert (fmt, [t.trace_id for t in traces]) == ("mint", ["task 0"])
    assert problems == [
        Problem(
            str(path),
            2,
            "record is not a MINT run: it has no 'state' holding the run's 'history' (write one "
            'run a line, as MINT\'s results.jsonl does: {"state": {"history": [...]}, "task": '
            '{"task_id": ...}}); record skipped',
        )
    ]


def test_atif_trajectory_is_read_step_for_step(tmp_path: Path) -> None:
    # The ATIF RFC's own example trajectory (tests/corpora/formats/README.md).
    fmt, (trace,), problems = parse(CORPORA / "atif_rfc_example.json")
    assert (fmt, trace.trace_id, problems) == (
        "atif",
        "025B810F-B3A2-4C67-93C0-FE7A142A947A",
        [],
    )
    price, volume = {"ticker": "GOOGL", "metric": "price"}, {"ticker": "GOOGL", "metric": "volume"}
    assert shape(trace) == [
        (0, 1, "user", "message", None, None, None, None, "What is the current trading price of Alphabet (GOOGL)?", None),
        (1, 1, "assistant", "message", None, None, None, None, "I will search for the current trading price and volume for GOOGL.", None),
        (1, 1, "assistant", "call", "financial_search", "call_price_1", 4, price, None, None),
        (1, 1, "assistant", "call", "financial_search", "call_volume_2", 5, volume, None, None),
        (2, 1, "tool", "result", "financial_search", "call_price_1", 2, None, "GOOGL is currently trading at $185.35 (Close: 10/11/2025)", None),
        (3, 1, "tool", "result", "financial_search", "call_volume_2", 3, None, "GOOGL volume: 1.5M shares traded.", None),
        (4, 1, "assistant", "message", None, None, None, None, "As of October 11, 2025, Alphabet (GOOGL) is trading at $185.35 with a volume of 1.5M shares traded.", None),
    ]  # fmt: skip
    usage = [
        (e.usage.input_total, e.usage.output, e.usage.cache_read) for e in trace.events if e.usage
    ]
    assert usage == [(520, 80, 200), (600, 44, None)]
    # A step it cannot read is one problem naming it; the rest of the trajectory is read.
    doc = json.loads((CORPORA / "atif_rfc_example.json").read_text())
    doc["steps"][0]["source"] = "human"
    path = write_json(tmp_path / "trajectory.json", doc)
    fmt, (trace,), problems = parse(path)
    assert [e.kind for e in trace.events] == [
        "message",
        "call",
        "call",
        "result",
        "result",
        "message",
    ]
    assert problems == [
        Problem(str(path), 1, "step 1 has source 'human', not 'system', 'user' or 'agent'; skipped")
    ]


def test_agentbench_runs_and_swe_bench_predictions_are_one_clear_error() -> None:
    # AgentBench's runs.jsonl (tests/corpora/formats/README.md): actions in free text.
    path = CORPORA / "agentbench_runs.jsonl"
    with pytest.raises(TraceError) as err:
        parse(path)
    assert str(err.value) == (
        f"{path}:1: this looks like an AgentBench run (output.history of 'user' and 'agent' "
        "turns), which projeval does not read: the agent's actions are free text in each "
        "task's own protocol, tasks inject scripted and example turns into the history, and "
        "every 'user' turn after the task is the environment's reply. Fix: write each run as "
        "OpenAI Chat JSON Lines: the task as a user message, each action the agent took as an "
        "assistant tool call (the action's name and arguments) and the environment's reply as "
        "the tool message answering it, leaving out the injected turns "
        '({"messages": [...]}, one run a line)'
    )
    # SWE-agent's all_preds.jsonl, given on its own: the patches, not the runs.
    path = CORPORA / "swe_agent_output" / "all_preds.jsonl"
    with pytest.raises(TraceError) as err:
        parse(path)
    assert str(err.value) == (
        f"{path}:1: this is a file of SWE-bench predictions (instance_id, model_patch: the "
        "patch each run submitted), which records no conversation. Fix: read the runs' "
        "trajectories instead: the .traj files beside it (a folder is read with its "
        "predictions files left out)"
    )


# A Pydantic AI history with every part kind (invented content; the parts as
# pydantic_ai/messages.py defines them): instructions, a user prompt with an image,
# thinking, text in two parts, a call to a tool that does not exist (answered by a
# retry-prompt naming it), the provider's own web search, a denied call, output refused
# (a retry-prompt naming no tool), the output tool.
PYDANTIC_AI_HISTORY: list[dict[str, Any]] = [
    {
        "kind": "request",
        "instructions": "Answer briefly.",
        "parts": [
            {"part_kind": "system-prompt", "content": "You are a weather bot."},
            {
                "part_kind": "user-prompt",
                "content": ["Weather in Paris?", {"kind": "image-url", "url": "https://x/p.png"}],
            },
        ],
    },
    {
        "kind": "response",
        "parts": [
            {"part_kind": "thinking", "content": "I should call the tool."},
            {"part_kind": "text", "content": "Checking"},
            {"part_kind": "text", "content": " now."},
            {
                "part_kind": "tool-call",
                "tool_name": "weather",
                "args": '{"city": "Paris"}',
                "tool_call_id": "c1",
            },
            {"part_kind": "tool-call", "tool_name": "wether", "args": {}, "tool_call_id": "c2"},
        ],
        "usage": {"input_tokens": 120, "cache_read_tokens": 100, "output_tokens": 12},
        "model_name": "gpt-4o",
    },
    {
        "kind": "request",
        "instructions": "Answer briefly.",
        "parts": [
            {
                "part_kind": "tool-return",
                "tool_name": "weather",
                "content": {"temp_c": 14},
                "tool_call_id": "c1",
            },
            {
                "part_kind": "retry-prompt",
                "tool_name": "wether",
                "content": "Unknown tool name: 'wether'. Available tools: 'weather'",
                "tool_call_id": "c2",
            },
        ],
    },
    {
        "kind": "response",
        "parts": [
            {
                "part_kind": "builtin-tool-call",
                "tool_name": "web_search",
                "args": {"query": "Paris rain"},
                "tool_call_id": "ws1",
            },
            {
                "part_kind": "builtin-tool-return",
                "tool_name": "web_search",
                "content": {"status": "completed"},
                "tool_call_id": "ws1",
            },
            {"part_kind": "text", "content": "14 °C and rain."},
            {"part_kind": "tool-call", "tool_name": "delete", "args": {}, "tool_call_id": "d1"},
        ],
        # Before pydantic-ai 0.7 usage was spelled request_tokens/response_tokens.
        "usage": {"request_tokens": 150, "response_tokens": 8},
    },
    {
        "kind": "request",
        "instructions": "Answer in French.",
        "parts": [
            {
                "part_kind": "tool-return",
                "tool_name": "delete",
                "content": "The tool call was denied.",
                "tool_call_id": "d1",
                "outcome": "denied",
            },
            {"part_kind": "user-prompt", "content": "As JSON."},
        ],
    },
    {
        "kind": "response",
        "parts": [{"part_kind": "text", "content": "not json"}],
        "usage": {"input_tokens": 0, "output_tokens": 0},  # the default: none recorded
    },
    {
        "kind": "request",
        "parts": [
            {
                "part_kind": "retry-prompt",
                "content": [{"type": "json_invalid", "loc": [], "msg": "Invalid JSON"}],
                "tool_call_id": "r1",
            }
        ],
    },
    {
        "kind": "response",
        "parts": [
            {
                "part_kind": "tool-call",
                "tool_name": "final_result",
                "args": {"temp_c": 14},
                "tool_call_id": "f1",
            }
        ],
        "usage": {"input_tokens": 200, "output_tokens": 9},
    },
    {
        "kind": "request",
        "parts": [
            {
                "part_kind": "tool-return",
                "tool_name": "final_result",
                "content": "Final result processed.",
                "tool_call_id": "f1",
                "outcome": "success",
            }
        ],
    },
]


def test_pydantic_ai_histories_are_read_part_by_part(tmp_path: Path) -> None:
    fmt, (trace,), problems = parse(write_json(tmp_path / "history.json", PYDANTIC_AI_HISTORY))
    assert (fmt, problems) == ("pydantic_ai", [])
    assert [
        (e.msg, e.turn, e.role, e.kind, e.tool, e.call_id, e.args, e.text, e.is_error)
        for e in trace.events
    ] == [
        # Instructions first, as Pydantic AI sends them before the system prompt.
        (0, 0, "system", "message", None, None, None, "Answer briefly.", None),
        (0, 0, "system", "message", None, None, None, "You are a weather bot.", None),
        (0, 1, "user", "message", None, None, None, "Weather in Paris?", None),
        (1, 1, "assistant", "message", None, None, None, "Checking now.", None),
        (1, 1, "assistant", "call", "weather", "c1", {"city": "Paris"}, None, None),
        (1, 1, "assistant", "call", "wether", "c2", {}, None, None),
        (2, 1, "tool", "result", "weather", "c1", None, '{"temp_c": 14}', False),
        (
            2,
            1,
            "tool",
            "result",
            "wether",
            "c2",
            None,
            "Unknown tool name: 'wether'. Available tools: 'weather'",
            True,
        ),
        # The same instructions again are no second system message.
        (3, 1, "assistant", "call", "web_search", "ws1", {"query": "Paris rain"}, None, None),
        (3, 1, "tool", "result", "web_search", "ws1", None, '{"status": "completed"}', False),
        (3, 1, "assistant", "message", None, None, None, "14 °C and rain.", None),
        (3, 1, "assistant", "call", "delete", "d1", {}, None, None),
        (4, 1, "tool", "result", "delete", "d1", None, "The tool call was denied.", True),
        (4, 1, "system", "message", None, None, None, "Answer in French.", None),
        (4, 2, "user", "message", None, None, None, "As JSON.", None),
        (5, 2, "assistant", "message", None, None, None, "not json", None),
        # Output refused, no tool named: Pydantic AI's word to the model, no one's turn.
        (6, 2, "system", "message", None, None, None, "Invalid JSON", None),
        (7, 2, "assistant", "call", "final_result", "f1", {"temp_c": 14}, None, None),
        (8, 2, "tool", "result", "final_result", "f1", None, "Final result processed.", False),
    ]
    assert _linked(trace)
    # One usage a response that recorded one, on its first event; input counts the cache.
    assert [(e.msg, e.usage) for e in trace.events if e.usage] == [
        (1, Usage(input_total=120, output=12, cache_read=100)),
        (3, Usage(input_total=150, output=8)),
        (7, Usage(input_total=200, output=9)),
    ]


def test_pydantic_ai_records_a_line_or_enveloped(tmp_path: Path) -> None:
    first, second = PYDANTIC_AI_HISTORY[:2], PYDANTIC_AI_HISTORY[:5]
    # A log of each run's whole history so far: history counts once.
    _, (grown,), problems = parse(write_jsonl(tmp_path / "runs.jsonl", [first, second]))
    # (Cut after a user's prompt, the history's run did not finish: that alone is said.)
    assert [(p.line, p.reason.split(" (")[0]) for p in problems] == [
        (2, "the run ends on a request the model never answered")
    ]
    whole = parse(write_json(tmp_path / "whole.json", second))[1][0]
    assert shape(grown) == shape(whole)
    # One message a line, each named by the conversation Pydantic AI recorded it in
    # (ModelRequest.conversation_id); a line of another shape is one problem.
    lines = [{**m, "conversation_id": "conv-1"} for m in first]
    lines.append({"role": "user", "content": "hi"})
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "rows.jsonl", lines))
    assert (fmt, trace.trace_id, len(trace.events)) == ("pydantic_ai", "conv-1", 6)
    assert [(p.line, p.reason) for p in problems] == [
        (
            3,
            "record is not a Pydantic AI message history: no list of messages with 'kind' "
            "request/response and 'parts' (write ModelMessagesTypeAdapter.dump_json(messages), "
            "one history a file or a line); record skipped",
        )
    ]
    # {"messages": [...]} beside the store's own id; a part of a kind not known is a problem.
    odd = {"kind": "response", "parts": [{"part_kind": "hologram", "content": "?"}]}
    record = {"session_id": "s9", "messages": [*first, odd]}
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "env.jsonl", [record]))
    assert (fmt, trace.trace_id) == ("pydantic_ai", "s9")
    assert [p.reason for p in problems] == ["message 2: unknown response part 'hologram'; skipped"]
    assert trace.events[-1].role == "assistant" and trace.events[-1].text == ""  # a model call
    assert sniff(first[0]) == ("pydantic_ai", True)


def test_tooltalk_conversations_are_one_clear_error() -> None:
    # ToolTalk's own conversation file (tests/corpora/followups/README.md cites it).
    tooltalk = (
        Path(__file__).resolve().parents[1]
        / "corpora/followups/source/tooltalk/Email-Messages-Reminder-SendEmail-2.json"
    )
    with pytest.raises(TraceError) as err:
        parse(tooltalk)
    assert str(err.value).startswith(
        f"{tooltalk}:1: this looks like a ToolTalk conversation (turns with 'text' and "
        "'apis'), which projeval does not read. Fix: write each conversation as OpenAI Chat "
        "JSON Lines: "
    )


# Benchmark results documents: one JSON object listing its runs under "simulations", as
# tau2-bench writes them ({"info", "tasks", "simulations": [SimulationRun, ...]}), whose
# messages carry flat tool calls ({"id", "name", "arguments": {...}, "requestor"}) and tool
# messages that name their call by "id" and flag a failure with "error". Invented content.
def _sim(sid: str | None, task: str, trial: int, **kw: Any) -> dict[str, Any]:
    messages = [
        {"role": "assistant", "content": "Hi! How can I help you today?", "tool_calls": None},
        {"role": "user", "content": "Where is parcel PX-4471?", "tool_calls": None},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "name": "get_parcel",
                    "arguments": {"parcel_id": "PX-4471"},
                    "requestor": "assistant",
                }
            ],
            "usage": {"prompt_tokens": 120, "completion_tokens": 9},
        },
        {
            "role": "tool",
            "id": "c1",
            "content": '{"parcel_id": "PX-4471", "depot": "DEP-93"}',
            "requestor": "assistant",
            "error": False,
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c2",
                    "name": "get_depot",
                    "arguments": '{"depot": "DEP-93"}',  # a JSON string reads the same
                    "requestor": "assistant",
                }
            ],
        },
        {
            "role": "tool",
            "id": "c2",
            "content": "depot DEP-93 is closed for stocktaking",
            "requestor": "assistant",
            "error": True,
        },
        # The simulated user checks its own phone: its tool, not the agent's.
        {
            "role": "user",
            "content": None,
            "tool_calls": [{"id": "u1", "name": "check_sms", "arguments": {}, "requestor": "user"}],
        },
        {
            "role": "tool",
            "id": "u1",
            "content": '{"last_sms": "Parcel PX-4471 held at DEP-93"}',
            "requestor": "user",
            "error": False,
        },
        {"role": "user", "content": "The text says it is held there.", "tool_calls": None},
        {"role": "assistant", "content": "It is held at depot DEP-93.", "tool_calls": None},
    ]
    sim: dict[str, Any] = {
        "task_id": task,
        "trial": trial,
        "termination_reason": "user_stop",
        "reward_info": {"reward": 1.0},
        "messages": messages,
        **kw,
    }
    if sid is not None:
        sim["id"] = sid
    return sim


def _results(*sims: dict[str, Any]) -> dict[str, Any]:
    return {
        "timestamp": "2026-03-01T09:00:00",
        "info": {"num_trials": 2, "max_steps": 30, "agent_info": {"implementation": "agent"}},
        "tasks": [{"id": "7", "description": {"purpose": "invented"}}],
        "simulations": list(sims),
    }


SIM_SHAPE = [
    (0, 0, "assistant", "message", None, None, None, None, "Hi! How can I help you today?", None),
    (1, 1, "user", "message", None, None, None, None, "Where is parcel PX-4471?", None),
    (2, 1, "assistant", "call", "get_parcel", "c1", 3, {"parcel_id": "PX-4471"}, None, None),
    (
        3,
        1,
        "tool",
        "result",
        "get_parcel",
        "c1",
        2,
        None,
        '{"parcel_id": "PX-4471", "depot": "DEP-93"}',
        None,
    ),
    (4, 1, "assistant", "call", "get_depot", "c2", 5, {"depot": "DEP-93"}, None, None),
    (5, 1, "tool", "result", "get_depot", "c2", 4, None, "depot DEP-93 is closed for stocktaking", True),
    # messages 6 and 7, the user's own tool call and its answer, are left out
    (8, 2, "user", "message", None, None, None, None, "The text says it is held there.", None),
    (9, 2, "assistant", "message", None, None, None, None, "It is held at depot DEP-93.", None),
]  # fmt: skip


def test_a_results_document_is_one_whole_trace_per_simulation(tmp_path: Path) -> None:
    # Each simulation is named as a run record is: its own id (a conversation id) first,
    # else its task and trial. The same conversation again is never merged into the one
    # before, and a repeated id is a trace of its own.
    sims = [_sim("sim-a", "7", 0), _sim("sim-b", "7", 1), _sim(None, "7", 2), _sim("sim-a", "7", 0)]
    path = write_json(tmp_path / "results.json", _results(*sims))
    fmt, traces, problems = parse(path)
    assert (fmt, problems) == ("openai_chat", [])
    assert [(t.trace_id, t.line) for t in traces] == [
        ("sim-a", 1),
        ("sim-b", 1),
        ("task 7 trial 2", 1),
        ("sim-a#2", 1),
    ]
    for trace in traces:
        assert shape(trace) == SIM_SHAPE
    assert traces[0].events[2].usage.input_total == 120
    # A simulation saved in a file of its own (tau2-bench's "dir" layout) reads the same.
    _, (alone,), problems = parse(write_json(tmp_path / "sim-a.json", sims[0]))
    assert (alone.trace_id, problems, shape(alone)) == ("sim-a", [], SIM_SHAPE)


def test_a_simulation_without_messages_is_one_problem_and_the_others_are_read(
    tmp_path: Path,
) -> None:
    ticks = _sim("sim-voice", "7", 1, messages=None, ticks=[{"tick_id": 0}])
    empty = _sim("sim-empty", "7", 2, messages=[], termination_reason="infrastructure_error")
    path = write_json(tmp_path / "results.json", _results(_sim("sim-a", "7", 0), ticks, empty))
    fmt, traces, problems = parse(path)
    assert (fmt, [t.trace_id for t in traces]) == ("openai_chat", ["sim-a"])
    assert [(p.file, p.line, p.reason) for p in problems] == [
        (
            str(path),
            1,
            "item 1 of the 'simulations' list: record has no 'messages' list, no 'choices' and "
            "no 'role', nor a run's messages under 'traj' or 'history' (put its conversation "
            "under 'messages': a list of messages with a 'role'); record skipped",
        ),
        (
            str(path),
            1,
            "item 2 of the 'simulations' list: the run failed before it finished "
            "('termination_reason': infrastructure_error), so its conversation stops where the "
            "failure struck: re-run it, or leave it out; record skipped",
        ),
    ]
    # No simulation with messages at all: still the results document, each run a problem.
    _, traces, problems = parse(write_json(tmp_path / "voice.json", _results(ticks, ticks)))
    assert traces == []
    assert [p.reason.split(": ")[0] for p in problems] == [
        "item 0 of the 'simulations' list",
        "item 1 of the 'simulations' list",
    ]
    with pytest.raises(TraceError) as err:
        parse(write_json(tmp_path / "none.json", _results()))
    assert str(err.value) == (
        f"{tmp_path / 'none.json'}:1: no record of this file could be read; the first problem: "
        "the document's 'simulations' list is empty: no run to read. Fix: check that the file "
        "is JSON or JSON Lines and not cut short"
    )


def test_flat_tool_calls_in_an_openai_chat_conversation(tmp_path: Path) -> None:
    # Flat calls outside a results document (an OpenAI-compatible server's log): name and
    # arguments at the call's top level. Calls with an empty id ("", tau2-bench's default)
    # are linked to their results by order, not all to the first.
    conv = {
        "messages": [
            {"role": "user", "content": "Two parcels: PX-1 and PX-2."},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "", "name": "get_parcel", "arguments": '{"parcel_id": "PX-1"}'},
                    {"id": "", "name": "get_parcel", "arguments": {"parcel_id": "PX-2"}},
                    {"type": "function", "name": "get_depot", "arguments": "{not json"},
                ],
            },
            {"role": "tool", "id": "", "content": "PX-1 delivered"},
            {"role": "tool", "id": "", "content": "PX-2 in transit"},
            {"role": "tool", "content": "no such depot", "error": "KeyError: depot"},
        ]
    }
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "flat.jsonl", [conv]))
    assert (fmt, problems) == ("openai_chat", [])
    assert [(e.seq, e.kind, e.tool, e.call_id, e.link, e.args, e.is_error) for e in trace.events] == [
        (0, "message", None, None, None, None, None),
        (1, "call", "get_parcel", None, 4, {"parcel_id": "PX-1"}, None),
        (2, "call", "get_parcel", None, 5, {"parcel_id": "PX-2"}, None),
        (3, "call", "get_depot", None, 6, None, None),
        (4, "result", "get_parcel", None, 1, None, None),
        (5, "result", "get_parcel", None, 2, None, None),
        (6, "result", "get_depot", None, 3, None, True),
    ]  # fmt: skip
    assert trace.events[3].args_raw == "{not json"
    assert trace.events[6].text == "no such depot"  # content kept; the error field flags it


def test_a_simulation_record_is_sniffed_as_openai_chat() -> None:
    assert sniff(_sim("sim-a", "7", 0)) == ("openai_chat", True)
    assert sniff(_sim("sim-a", "7", 0, messages=None)) == (None, False)


def test_mini_swe_agent_trajectory_reads_with_no_problem_and_its_failures_count() -> None:
    # A mini-SWE-agent .traj.json (tests/corpora/formats/README.md): OpenAI Chat messages
    # ending in {"role": "exit"}, the run's submission, which made one problem per file
    # (144 of 144 DeepSeek runs); each result opens with the command's exit status.
    from projeval.traces import analyse_traces

    fmt, (trace,), problems = parse(CORPORA / "mini_swe_agent.traj.json")
    assert (fmt, problems) == ("openai_chat", [])
    assert [e.role for e in trace.events if e.kind == "message"] == [
        "system",
        "user",
        *["assistant"] * 7,
    ]
    totals = analyse_traces([CORPORA / "mini_swe_agent.traj.json"], workers=1).totals
    # Exit 1 (a traceback, pip finding no 'erfa'), the harness's <exception> (a timeout),
    # exit 1 again; the last call, the submission, has no result.
    assert (totals["calls"], totals["errors"], totals["unanswered_calls"]) == (7, 4, 1)


def test_a_role_that_is_not_text_is_one_problem_not_a_crash(tmp_path: Path) -> None:
    # Found by test_hostile's generated traces once mini-SWE-agent's 'exit' role was left
    # out by a set lookup: a list as a role raised TypeError (unhashable).
    path = write_jsonl(
        tmp_path / "t.jsonl",
        [{"messages": [{"role": "user", "content": "hi"}, {"role": [], "content": "x"}]}],
    )
    fmt, (trace,), problems = parse(path)
    assert fmt == "openai_chat" and len(trace.events) == 1
    assert [p.reason for p in problems] == ["message 1 has unknown role []; skipped"]


def test_a_run_that_failed_upstream_is_read_with_one_problem(tmp_path: Path) -> None:
    # Real runs a provider's error ended (tests/corpora/formats/README.md): an AgentDojo run
    # whose first model call got a 503 (its system prompt and task, no answer), and a MINT
    # run whose model call overflowed the context. Each read as a trace with 0 calls and no
    # problem, which a user takes for a clean short run.
    fmt, (trace,), problems = parse(CORPORA / "agentdojo_failed_run.json")
    assert (fmt, [e.role for e in trace.events]) == ("agentdojo", ["system", "user"])
    assert [(p.line, p.reason) for p in problems] == [
        (
            1,
            "the run failed before it finished ('error': InternalServerError(\"Error code: 503 - "
            "{'error': {'err_code': -10003, 'message': 'Parameter error.Plase check your request "
            "parameters.', 'message_cn': '参数错误。请检…), so its conversation stops where the "
            "failure struck: re-run it, or leave it out",
        )
    ]
    fmt, (trace,), problems = parse(CORPORA / "mint_failed_run.jsonl")
    assert (fmt, trace.trace_id, len(problems)) == ("mint", "task 56", 1)
    assert problems[0].reason.startswith(
        "the run failed before it finished (the state's 'error': openai.error."
        "InvalidRequestError: Invalid response object from API: "
    )
    # The harnesses that record it elsewhere, as their code writes it: mini-SWE-agent's
    # exit message after an uncaught exception (SWE-agent/mini-swe-agent at
    # a83fcae82d2a08f0ee0c688f9d137b3566c097f8, src/minisweagent/agents/default.py,
    # handle_uncaught_exception) and SWE-agent's exit status after its API gave up
    # (sweagent/agent/agents.py at 3ea751c087f32b16e039a2233dd6eefecef325d5).
    mini = write_json(
        tmp_path / "mini.traj.json",
        {
            "info": {"exit_status": "RateLimitError", "submission": ""},
            "messages": [
                {"role": "system", "content": "You are a helpful assistant."},
                {"role": "user", "content": "Fix the failing test."},
                {
                    "role": "exit",
                    "content": "litellm.RateLimitError: quota exceeded",
                    "extra": {
                        "exit_status": "RateLimitError",
                        "submission": "",
                        "exception_str": "litellm.RateLimitError: quota exceeded",
                        "traceback": "Traceback (most recent call last):\n  ...",
                    },
                },
            ],
            "trajectory_format": "mini-swe-agent-1.1",
        },
    )
    fmt, (trace,), problems = parse(mini)
    assert (fmt, len(trace.events)) == ("openai_chat", 2)
    assert [p.reason for p in problems] == [
        "the run failed before it finished (the exit message's 'exception_str': "
        "litellm.RateLimitError: quota exceeded), so its conversation stops where the failure "
        "struck: re-run it, or leave it out"
    ]
    swe = write_json(
        tmp_path / "run.traj",
        {
            "history": [
                {"role": "system", "content": "You are a helpful assistant."},
                {"role": "user", "content": "Fix the failing test."},
            ],
            "info": {"exit_status": "submitted (exit_api)"},
            "trajectory": [],
        },
    )
    assert [p.reason[:60] for p in parse(swe)[2]] == [
        "the run failed before it finished ('info.exit_status': submi"
    ]
    # A run that finished, or one its limits ended, is no problem.
    clean = json.loads((CORPORA / "agentdojo_failed_run.json").read_text())
    clean["error"] = None
    assert parse(write_json(tmp_path / "clean.json", clean))[2] == []
    swe_limit = json.loads(swe.read_text())
    swe_limit["info"]["exit_status"] = "submitted (exit_cost)"
    assert parse(write_json(tmp_path / "limit.traj", swe_limit))[2] == []


def test_benchmark_runs_an_error_ended_say_so(tmp_path: Path) -> None:
    # tau-bench writes a run that raised as {"info": {"error", "traceback"}, "traj": []}
    # (sierra-research/tau-bench tau_bench/run.py, its forks the same): it read as a record
    # with no conversation at all, "put its conversation under 'messages'", which sends
    # the user looking for a format fault. tau2-bench's runs carry a termination reason;
    # an agent's model call that raised ended this one after the user's first turn.
    # Invented content, the harnesses' shapes.
    done = {"task_id": 0, "trial": 0, "reward": 1.0, "info": {}, "traj": [
        {"role": "user", "content": "Where is parcel PX-4471?"},
        {"role": "assistant", "content": "It is at depot DEP-93."},
    ]}  # fmt: skip
    raised = {
        "task_id": 1,
        "trial": 0,
        "reward": 0.0,
        "info": {
            "error": "litellm.RateLimitError: rate limited\nretry later",
            "traceback": "Traceback (most recent call last):\n  ...",
        },
        "traj": [],
    }
    empty = {"task_id": 2, "trial": 0, "reward": 0.0, "info": {}, "traj": []}
    path = write_json(tmp_path / "results.json", [done, raised, empty])
    fmt, traces, problems = parse(path)
    assert (fmt, [t.trace_id for t in traces]) == ("openai_chat", ["task 0 trial 0"])
    assert [p.reason for p in problems] == [
        "item 1 of the top-level list: the run failed before it finished ('info.error': "
        "litellm.RateLimitError: rate limited), so its conversation stops where the failure "
        "struck: re-run it, or leave it out; record skipped",
        "item 2 of the top-level list: the run recorded no messages; record skipped",
    ]
    cut = _sim("sim-a", "7", 0, termination_reason="agent_error")
    cut["messages"] = cut["messages"][:2]
    stopped = _sim("sim-b", "7", 1, termination_reason="max_steps")  # its limit: no problem
    _, traces, problems = parse(write_json(tmp_path / "sims.json", _results(cut, stopped)))
    assert [(t.trace_id, len(t.events)) for t in traces] == [
        ("sim-a", 2),
        ("sim-b", len(SIM_SHAPE)),
    ]
    assert [p.reason for p in problems] == [
        "item 0 of the 'simulations' list: the run failed before it finished "
        "('termination_reason': agent_error), so its conversation stops where the failure "
        "struck: re-run it, or leave it out"
    ]


def test_sharegpt_data_sets_and_agent_trajectories_are_read() -> None:
    # LLaMA-Factory's glaive tool-call demo (a JSON list of ShareGPT records) and a Hermes
    # Agent trajectory (JSON Lines, calls as <tool_call> blocks, thinking in <think>): both
    # were refused as a file in no known format (tests/corpora/formats/README.md).
    fmt, traces, problems = parse(CORPORA / "sharegpt_glaive_toolcall.json")
    assert (fmt, [t.trace_id for t in traces], problems) == (
        "sharegpt",
        ["sharegpt_glaive_toolcall.json:1", "sharegpt_glaive_toolcall.json:1#2"],
        [],
    )
    assert _digest(traces[1])[:4] == [
        ("user", "message", None, None, None, "I need to calculate the area o"),
        ("assistant", "call", "calculate_area", {"shape": "rectangle", "dimensions": [5, 3]}, None, None),
        ("tool", "result", "calculate_area", None, None, '{"area": 15}'),
        ("assistant", "message", None, None, None, "The area of the rectangle with"),
    ]  # fmt: skip
    assert all(_linked(t) for t in traces)
    fmt, (trace,), problems = parse(CORPORA / "hermes_agent_trajectory.jsonl")
    assert (fmt, problems) == ("sharegpt", [])
    assert _digest(trace) == [
        ("system", "message", None, None, None, "You are a function calling AI "),
        ("user", "message", None, None, None, "In-world chat event:\n- speaker"),
        ("assistant", "call", "altercraft_look", {}, None, None),
        ("assistant", "call", "altercraft_say", {"text": "Hello! I'm here with you. My look output seems unclear right now, but I'm present and listening."}, None, None),
        ("assistant", "call", "altercraft_stop", {}, None, None),
        ("assistant", "message", None, None, None, "Done."),
    ]  # fmt: skip


def test_chat_messages_with_ms_swift_tool_roles_are_read(tmp_path: Path) -> None:
    path = tmp_path / "swift.jsonl"
    record = {
        "messages": [
            {"role": "user", "content": "LNG price on May 1?"},
            {
                "role": "tool_call",
                "content": '{"name": "lng_price", "arguments": {"day": "05-01"}}',
            },
            {"role": "tool_response", "content": '{"price": 4.01}'},
            {"role": "assistant", "content": "It was 4.01."},
        ]
    }
    path.write_text(json.dumps(record) + "\n")
    fmt, (trace,), problems = parse(path)
    assert (fmt, problems) == ("openai_chat", [])
    assert [(e.role, e.kind, e.tool) for e in trace.events] == [
        ("user", "message", None),
        ("assistant", "call", "lng_price"),
        ("tool", "result", "lng_price"),
        ("assistant", "message", None),
    ]


def test_gemini_cli_sessions_are_read_message_for_message() -> None:
    # Real gemini-cli chat recordings (tests/corpora/formats/README.md): each gemini message
    # holds its tool calls with their results; its thoughts are not its text. They were
    # refused as a file in no known format.
    folder = CORPORA / "gemini_cli"
    fmt, (trace,), problems = parse(folder / "session-2025-12-03T04-27-e0f6ebe9.json")
    assert (fmt, trace.trace_id, problems) == (
        "gemini_cli",
        "e0f6ebe9-0916-4779-b0c7-ce181ae3d16b",
        [],
    )
    docker = "docker run -d --name vaultwarden -v /mnt/sda1/vaultwarden-data/:/data/ -p 8080:80 vaultwarden/server:latest"
    assert _digest(trace) == [
        ("user", "message", None, None, None, "docker run -d --name vaultward"),
        ("assistant", "message", None, None, None, "I see you've provided a `docke"),
        ("assistant", "call", "run_shell_command", {"description": "Run the Vaultwarden Docker container, mounting data to /mnt/sda1/vaultwarden-data/ and mapping port 8080 to the container's port 80.", "command": docker}, None, None),
        ("tool", "result", "run_shell_command", None, None, "Command: docker run -d --name "),
        ("assistant", "message", None, None, None, "The `docker` command was not r"),
        ("user", "message", None, None, None, "format Mischa (E:) into EXT4"),
        ("assistant", "call", "run_shell_command", {"description": "List all volumes to verify the existence and status of the 'E' drive.", "command": "Get-Volume"}, None, None),
        ("tool", "result", "run_shell_command", None, True, "[Operation Cancelled] Reason: "),
    ]  # fmt: skip
    assert _linked(trace)
    usage = [
        (e.usage.input_total, e.usage.output, e.usage.cache_read) for e in trace.events if e.usage
    ]
    assert usage == [(8480, 278, 0), (8951, 127, 8016), (9025, 351, 3224)]  # output + thoughts
    # A call the tool refused (status error) and one the user cancelled are errors; the
    # CLI's own notices (info, its commands' errors) are not the conversation.
    fmt, (trace,), problems = parse(folder / "session-2025-12-13T19-01-049d9bb6.json")
    assert problems == []
    results = [(e.tool, e.is_error, e.text[:30]) for e in trace.events if e.kind == "result"]
    assert results == [
        ("google_web_search", None, 'Web search results for "instal'),
        ("read_file", True, "File not found: C:\\Users\\Misch"),
        ("google_web_search", True, "[Operation Cancelled] Reason: "),
    ]
    assert [e.text for e in trace.events if e.role == "user"] == [
        "install htop on my router",
        "view gemini.md",
        "how to view GEMINI.MD file that you are using",
        "how to change default working directory for all instances of Gemini CLI",
        "uninstall openvpn client from my router",
    ]
    # The model's API failing (a quota) is one problem: the turns it left unanswered.
    path = folder / "session-2025-12-10T03-48-c8424283.json"
    fmt, (trace,), problems = parse(path)
    assert [e.text for e in trace.events] == ["how to edit gemini.md file", "what did I use today?"]
    quota = "([API Error: You have exhausted your daily quota on this model.]), so the turn before it got no answer"
    assert problems == [Problem(str(path), 1, f"message 1: the model call failed {quota}; message 4: the model call failed {quota}")]  # fmt: skip


MCPMARK = CORPORA / "mcpmark"
GITHUB_RUN = MCPMARK / "github/official/run-4/mcpmark-cicd__pr_automation_workflow/messages.json"
NOTION_RUN = (
    MCPMARK / "notion/official/run-2/japan_travel_planner__restaurant_expenses_sync/messages.json"
)


def test_mcp_results_passed_on_by_the_agents_sdk_are_read_inside_their_content_json() -> None:
    # MCPMark runs (tests/corpora/formats/README.md): the OpenAI Agents SDK hands an MCP
    # tool's result to the model as its content block's JSON, '{"type": "text", "text":
    # ...}', and a proxy server returns its whole CallToolResult inside that text. On 653
    # such runs projeval counted 0 errors of 14,164 calls (540 duplicates, no retry), and
    # every follow-up's path was the block's 'text'.
    from projeval.traces import analyse_traces

    fmt, (trace,), problems = parse(GITHUB_RUN)
    assert (fmt, problems) == ("openai_responses", [])
    created, refused = [e for e in trace.events if e.kind == "result"]
    # What the model read (and its tokens) stays the text it was sent; the answer inside
    # is the structured result, and the refusal's isError counts.
    assert created.text.startswith('{"type": "text", "text": "{\\"meta\\": null')
    assert created.structured["ref"] == "refs/heads/pr-automation-workflow"
    assert (created.is_error, refused.is_error, refused.structured) == (None, True, None)
    fmt, (trace,), problems = parse(NOTION_RUN)
    failed = [e for e in trace.events if e.kind == "result"][1]
    # Notion's API error object, inside the text block, is an error too.
    assert failed.is_error is True
    assert failed.structured["code"] == "object_not_found"
    both = analyse_traces(
        [GITHUB_RUN, NOTION_RUN],
        workers=1,
    )
    assert (both.totals["errors"], both.totals["retries"]) == (2, 1)
    assert [f.path for f in both.fanout] == ["results[].properties.Name.id"]


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        ('{"type": "text", "text": "42 rows", "annotations": null}', ("42 rows", False)),
        ('[{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]', ("a\nb", False)),
        ('{"type": "text", "text": "Error: Object of type AnyUrl is not JSON serializable"}', ("Error: Object of type AnyUrl is not JSON serializable", True)),
        (json.dumps({"type": "text", "text": json.dumps({"content": [{"type": "text", "text": "no"}], "isError": True})}), ("no", True)),
        ('{"type": "order", "text": "not MCP content"}', None),
        ('{"id": 3, "type": "text"}', None),
        ("plain text", None),
    ],
)  # fmt: skip
def test_mcp_content_json_is_unwrapped(output: str, expected: tuple[str, bool] | None) -> None:
    from projeval.traces.mcp import content_output

    assert content_output(output) == expected


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        ('{"isError": true, "content": [{"type": "text", "text": "Credit exceeds the limit"}]}', ("Credit exceeds the limit", True)),
        ('{"content": [{"type": "text", "text": "{\\"id\\": 7}"}], "isError": false}', ('{"id": 7}', False)),
        ('{"isError": false, "content": [{"type": "text", "text": "Error: timed out"}]}', ("Error: timed out", True)),
        # A record of the data that has such keys beside others is no CallToolResult.
        ('{"isError": true, "content": [], "order_id": "A1"}', None),
        ('{"isError": "yes", "content": []}', None),
        ('{"content": [{"type": "text", "text": "a"}]}', None),
    ],
)  # fmt: skip
def test_a_relayed_call_tool_result_is_unwrapped(
    output: str, expected: tuple[str, bool] | None
) -> None:
    from projeval.traces.mcp import call_tool_result_output

    assert call_tool_result_output(output) == expected


def test_a_chat_tool_message_holding_a_call_tool_result_says_if_it_failed(tmp_path: Path) -> None:
    # Issue 16 (item 6): an agent relaying an MCP server's CallToolResult into a Chat tool
    # message. Its isError was not read: the failed call was no error and the corrected
    # call after it no retry. Made-up run (a telecom bill credit), written for the test.
    def call(cid: str, amount: int) -> dict[str, Any]:
        args = json.dumps({"bill_id": "INV-1", "amount": amount})
        fn = {"name": "request_bill_credit", "arguments": args}
        return {
            "role": "assistant",
            "tool_calls": [{"id": cid, "type": "function", "function": fn}],
        }

    failed = {"isError": True, "content": [{"type": "text", "text": "Credit exceeds 25.00"}]}
    inner = json.dumps({"credit_id": "CR-1", "amount": 2500})
    done = {"isError": False, "content": [{"type": "text", "text": inner}]}
    messages = [
        {"role": "user", "content": "Please waive the roaming charge."},
        call("c1", 3500),
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps(failed)},
        call("c2", 2500),
        {"role": "tool", "tool_call_id": "c2", "content": json.dumps(done)},
    ]
    path = write_json(tmp_path / "run.json", {"messages": messages})
    fmt, (trace,), problems = parse(path)
    first, second = [e for e in trace.events if e.kind == "result"]
    assert (fmt, problems) == ("openai_chat", [])
    assert (first.is_error, second.is_error) == (True, None)
    assert second.structured == {"credit_id": "CR-1", "amount": 2500}
    assert first.text == json.dumps(failed)  # what the model read (and its tokens) is kept


def test_an_mcpmark_output_folder_reads_as_its_runs_named_by_task() -> None:
    # MCPMark's output (tests/corpora/formats/README.md): each run a folder of its
    # conversation (messages.json) and its record (meta.json), a summary.json beside the
    # runs. On 653 runs: 1,356 files, 703 problems (every record and summary "not a known
    # trace format"), every trace named "messages.json:1", and 49 runs the harness recorded
    # as failed (a context window exceeded, "State Duplication Error") read as clean.
    from projeval.traces import analyse_traces

    analysis = analyse_traces([MCPMARK], workers=1)
    assert sorted(analysis.summary["trace_id"]) == [
        "japan_travel_planner__restaurant_expenses_sync",
        "mcpmark-cicd__pr_automation_workflow",
    ]
    empty = MCPMARK / "postgres/supabase/run-3/security__user_permission_audit/messages.json"
    assert analysis.problems.values.tolist() == [
        [
            str(empty),
            1,
            "the run failed before it finished ('execution_result.error_message': State "
            "Duplication Error), so its conversation stops where the failure struck: re-run "
            "it, or leave it out; record skipped",
        ]
    ]
    # Named alone, a record or a summary is one error saying what to read instead.
    for name, what in (
        ("postgres/supabase/run-3/summary.json", "an MCPMark run's summary of its tasks"),
        (
            "github/official/run-4/mcpmark-cicd__pr_automation_workflow/meta.json",
            "an MCPMark run's record",
        ),
    ):
        with pytest.raises(TraceError, match=f"this is {what}"):
            parse(MCPMARK / name)


def test_session_log_bookkeeping_lines_are_no_problem(tmp_path: Path) -> None:
    # An agent session log (Claude Code) writes entries of its own between its message
    # lines: progress notes, file snapshots, system notes. They hold no message by design.
    lines = [
        {"type": "file-history-snapshot", "messageId": "m1", "snapshot": {}},
        {"sessionId": "s", "type": "user", "message": {"role": "user", "content": "hi"}},
        {"sessionId": "s", "type": "progress", "data": {"type": "hook_progress"}},
        {
            "sessionId": "s",
            "type": "assistant",
            "message": {
                "type": "message",
                "role": "assistant",
                "stop_reason": "end_turn",
                "content": [{"type": "text", "text": "hello"}],
            },
        },
        {"sessionId": "s", "type": "system", "subtype": "turn_duration", "durationMs": 5},
        {"sessionId": "s", "type": "mystery"},  # an entry of no known kind stays a problem
    ]
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "s.jsonl", lines))
    assert (fmt, [e.text for e in trace.events]) == ("anthropic", ["hi", "hello"])
    assert [p.line for p in problems] == [6]


def test_sniff_session_log_line_holding_an_anthropic_response() -> None:
    # Its "type": "message" and "stop_reason" say Anthropic, though its content is text.
    line = {
        "type": "assistant",
        "sessionId": "s",
        "message": {
            "type": "message",
            "role": "assistant",
            "stop_reason": None,
            "content": [{"type": "text", "text": "summary"}],
        },
    }
    assert sniff(line) == ("anthropic", True)


def test_claude_code_session_log() -> None:
    # A real Claude Code session (tests/corpora/formats/README.md): one response written
    # as five lines (text, thinking, text, two tool_use), each repeating its usage; both
    # calls refused by the user; progress, snapshot and system lines between.
    fmt, (trace,), problems = parse(CORPORA / "claude_code_session.jsonl")
    assert (fmt, problems) == ("anthropic", [])
    # Expected events written from the file (each line's text stays an event of its own).
    assert [(e.msg, e.role, e.kind, e.tool, e.is_error) for e in trace.events] == [
        (0, "user", "message", None, None),
        (1, "assistant", "message", None, None),  # "\n\n"
        (1, "assistant", "message", None, None),  # the thinking line: no text
        (1, "assistant", "message", None, None),  # "Let me check the project structure..."
        (1, "assistant", "call", "Bash", None),
        (1, "assistant", "call", "Glob", None),
        (2, "tool", "result", "Bash", True),
        (3, "tool", "result", "Glob", True),
        (4, "user", "message", None, None),  # "[Request interrupted by user for tool use]"
    ]
    usages = [e.usage for e in trace.events if e.usage is not None]
    assert [u.input_total for u in usages] == [3 + 13835 + 11515]


def test_session_log_lines_the_harness_wrote_are_no_user_turns(tmp_path: Path) -> None:
    # Claude Code marks the user lines it writes itself: a hook's reminder (isMeta), the
    # summary that continues a compacted session (isCompactSummary).
    def user(text: str, **flags: bool) -> dict[str, Any]:
        message = {"role": "user", "content": text}
        return {"sessionId": "s", "type": "user", "message": message, **flags}

    lines = [
        user("Fix the parser."),
        user("<system-reminder>Lint passed.</system-reminder>", isMeta=True),
        user("This session is being continued ...", isCompactSummary=True),
        user("continue"),
    ]
    _, (trace,), problems = parse(write_jsonl(tmp_path / "s.jsonl", lines), format="anthropic")
    assert problems == []
    assert [(e.role, e.turn) for e in trace.events] == [
        ("user", 1),
        ("system", 1),
        ("system", 1),
        ("user", 2),
    ]


AZURE_ROWS = CORPORA / "azure_eval_agent_rows.jsonl"


def test_azure_ai_evaluation_agent_rows_are_read_message_for_message() -> None:
    # Real rows of a Contoso Electronics support agent on Azure AI Foundry, written for
    # azure-ai-evaluation's agent evaluators (tests/corpora/formats/README.md). They were
    # refused as a file in no known format.
    fmt, traces, problems = parse(AZURE_ROWS)
    assert (fmt, problems) == ("azure_eval", [])
    assert [t.trace_id for t in traces] == [f"azure_eval_agent_rows.jsonl:{n}" for n in (1, 2, 3)]
    order, policy, email = traces
    assert _digest(order) == [
        ("user", "message", None, None, None, "I need to check the status of "),
        ("assistant", "call", "check_order_status", {"order_number": "ORD-2024-5678"}, None, None),
        ("tool", "result", "check_order_status", None, None, '{"status": "In Transit", "item'),
        ("assistant", "message", None, None, None, "Your order #ORD-2024-5678, whi"),
    ]  # fmt: skip
    assert _linked(order)
    # The agent service's file search, listed in the row's tool_calls column and absent
    # from its response, is a call before the answer whose result the row did not keep.
    assert _digest(policy) == [
        ("user", "message", None, None, None, "What's the return policy for h"),
        ("assistant", "call", "file_search", {"queries": ["return policy for headphones"]}, None, None),
        ("assistant", "message", None, None, None, "The return policy for headphon"),
    ]  # fmt: skip
    assert [e.link for e in policy.events if e.kind == "call"] == [None]
    assert [(e.role, e.kind) for e in email.events] == [
        ("user", "message"),
        ("assistant", "message"),
    ]


def test_an_anthropic_tool_result_is_no_azure_block() -> None:
    anthropic = {
        "messages": [
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t", "content": "ok"}],
            }
        ]
    }
    assert sniff(anthropic) == ("anthropic", True)
    azure = {
        "messages": [{"role": "tool", "content": [{"type": "tool_result", "tool_result": "ok"}]}]
    }
    assert sniff(azure) == ("azure_eval", True)


def test_an_azure_row_without_a_message_list_is_no_azure_row(tmp_path: Path) -> None:
    # A question-answer evaluation row ({"query", "response"} as texts) records no
    # conversation of an agent: not read as one.
    path = tmp_path / "qa.jsonl"
    path.write_text(
        json.dumps({"query": "What is the return window?", "response": "30 days."}) + "\n"
    )
    with pytest.raises(TraceError, match="not a known trace format"):
        parse(path)


def test_an_azure_rows_tool_definitions_say_which_tools_read(tmp_path: Path) -> None:
    # Invented content: a tool whose name has no verb is known by its description's verb,
    # as in a --tools file; one whose name has a verb needs no hint.
    row = {
        "query": "Stop parcel 7.",
        "response": [{"role": "assistant", "content": [{"type": "text", "text": "Done."}]}],
        "tool_definitions": [
            {"type": "function", "name": "parcel_status", "description": "Cancels a parcel"},
            {"type": "function", "name": "list_orders", "description": "Cancels nothing"},
        ],
    }
    path = tmp_path / "rows.jsonl"
    write_jsonl(path, [row])
    _, (trace,), _ = parse(path)
    assert trace.tool_hints == {"parcel_status": False}
    assert trace.tool_text == {
        "parcel_status": "Cancels a parcel",
        "list_orders": "Cancels nothing",
    }


def test_azure_rows_of_one_thread_are_one_conversation_counted_once() -> None:
    # AIAgentConverter's rows (Azure-Samples/azureai-samples, tests/corpora/formats/
    # README.md): the second re-sends the first turn in its query. Read row by row they
    # were two traces whose first turn, call and result counted twice.
    fmt, traces, problems = parse(CORPORA / "azure_eval_thread_rows.jsonl")
    assert (fmt, problems) == ("azure_eval", [])
    assert [t.trace_id for t in traces] == ["azure_eval_thread_rows.jsonl:1"]
    (trace,) = traces
    assert [(e.role, e.kind, e.tool) for e in trace.events] == [
        ("system", "message", None),
        ("user", "message", None),
        ("assistant", "call", "fetch_weather"),
        ("tool", "result", "fetch_weather"),
        ("assistant", "message", None),
        ("user", "message", None),
        ("assistant", "call", "fetch_weather"),
        ("tool", "result", "fetch_weather"),
        ("assistant", "message", None),
    ]
    assert _linked(trace)


def test_azure_agent_messages_with_nested_tool_calls_are_read() -> None:
    # The earlier shape of Azure AI Evaluation's agent messages ({"messages", "tools"},
    # each call nested as {"type": "tool_call", "tool_call": {"id", "function": ...}}):
    # read as OpenAI Chat it gave 0 calls and 29 results answering none.
    fmt, (trace,), problems = parse(CORPORA / "azure_eval_agent_messages.jsonl")
    assert (fmt, problems) == ("azure_eval", [])
    calls = [(e.tool, e.call_id) for e in trace.events if e.kind == "call"]
    assert calls == [
        ("get_orders", "tool_call_20250310_001"),
        ("get_order", "tool_call_20250310_002"),
        ("get_order", "tool_call_20250310_003"),
        ("get_order", "tool_call_20250310_004"),
        ("initiate_return", "tool_call_20250310_005"),
        ("update_shipping_address", "tool_call_20250310_006"),
    ]
    assert _linked(trace)


AGENTS_JS = CORPORA / "agents_js"


def test_openai_agents_js_history_items_are_read() -> None:
    # The OpenAI Agents SDK for JavaScript writes its history (``result.history``) as its own
    # protocol items: ``function_call`` and ``function_call_result`` naming the call in
    # ``callId``, the output ``{"type": "text", "text": ...}``. Recorded by a user of the SDK
    # (lapth/aichat-openai-agent); every result was once an "unknown type" problem.
    fmt, traces, problems = parse(AGENTS_JS / "agents_as_tools.json")
    assert (fmt, len(traces), problems) == ("openai_responses", 1, [])
    rows = [(e.kind, e.tool, e.call_id, e.link) for e in traces[0].events if e.role == "tool"]
    assert rows == [
        ("result", "call_customer_agent", "call_L92QLA4707swc0DOWh1fcU6A", 1),
        ("result", "call_invoice_agent", "call_UHopMgV3sUaE98i9pRneToTX", 2),
        ("result", "call_invoice_agent", "call_uRA3yXdneU7DRKciQknfE1kK", 6),
    ]
    first = next(e for e in traces[0].events if e.role == "tool")
    assert first.text.startswith("The new customer has been created with the following details:")


def test_ag2_chat_histories_are_read_as_chat() -> None:
    # AutoGen/AG2's ChatResult.chat_history, as the initiator holds it (fw-ai/cookbook;
    # corpora README): results in tool_responses, the task the initiator's "assistant"
    # message, the agent's answer "user". Both calls were unanswered and both results
    # orphans, the answer a user turn and the task assistant text.
    fmt, traces, problems = parse(CORPORA / "ag2_chat_history.json")
    assert (fmt, len(traces), problems) == ("openai_chat", 1, [])
    rows = [(e.role, e.kind, e.tool, e.link, e.is_error) for e in traces[0].events]
    assert rows == [
        ("user", "message", None, None, None),
        ("assistant", "call", "get_prices", 2, None),
        ("tool", "result", "get_prices", 1, None),
        ("assistant", "message", None, None, None),
        ("assistant", "call", "draw_time_series", 5, None),
        ("tool", "result", "draw_time_series", 4, None),
        ("assistant", "message", None, None, None),
    ]
    assert traces[0].events[0].text.startswith("Get stock prices of NVDA")


def test_langchain_message_dumps_are_read_as_chat(tmp_path: Path) -> None:
    # LangChain and LangGraph apps persist messages as messages_to_dict writes them,
    # {"type": "ai", "data": {...}}: a real agent-service-toolkit run recorded in a blog
    # post (yuxiaojian/articles; corpora README). It was "not a known trace format".
    path = CORPORA / "langchain_messages.json"
    fmt, traces, problems = parse(path)
    assert (fmt, len(traces), problems) == ("openai_chat", 1, [])
    rows = [(e.role, e.kind, e.tool, e.call_id, e.link) for e in traces[0].events]
    assert rows == [
        ("user", "message", None, None, None),
        ("assistant", "call", "web_search", "call_IjkgmeQJfktyArdJAIxwwcdv", 2),
        ("tool", "result", "web_search", "call_IjkgmeQJfktyArdJAIxwwcdv", 1),
        ("assistant", "message", None, None, None),
    ]
    call = traces[0].events[1]
    assert call.args == {"query": "current weather in Sydney"}
    usages = [e.usage for e in traces[0].events if e.usage is not None]
    assert [(u.input_total, u.output) for u in usages] == [(51, 17), (1259, 132)]
    # A failed tool message (status "error") is a tool error.
    failed = json.loads(path.read_text())
    failed[2]["data"]["status"] = "error"
    _, traces, _ = parse(write_json(tmp_path / "failed.json", failed))
    assert traces[0].events[2].is_error is True
    # A chat history store's rows, one message dump a line, are one conversation.
    fmt, traces, problems = parse(
        write_jsonl(tmp_path / "rows.jsonl", json.loads(path.read_text()))
    )
    assert (fmt, len(traces), problems) == ("openai_chat", 1, [])
    assert [e.kind for e in traces[0].events] == ["message", "call", "result", "message"]


def test_openai_agents_js_hosted_tool_calls_are_read(tmp_path: Path) -> None:
    # The SDK writes a call the provider ran as ``hosted_tool_call``, its Responses item in
    # ``providerData`` (openai/openai-agents-js packages/agents-core/src/types/protocol.ts):
    # a hosted MCP call holds its call and output, read as ``mcp_call`` is; a hosted web
    # search is a call to web_search, as ``web_search_call`` is, with no result (none is
    # recorded). Both were an "unknown type" problem.
    mcp = {"type": "mcp_call", "id": "mcp_1", "server_label": "gh"}
    search = {"type": "web_search_call", "id": "ws_1", "status": "completed"}
    items = [
        {"role": "user", "content": "Which repositories do I have?"},
        {
            "type": "hosted_tool_call",
            "name": "web_search_call",
            "id": "ws_1",
            "providerData": search,
        },
        {
            "type": "hosted_tool_call",
            "name": "list_repos",
            "id": "mcp_1",
            "arguments": '{"owner": "bob"}',
            "status": "completed",
            "output": '["bob/site"]',
            "providerData": mcp,
        },
        {"role": "assistant", "content": [{"type": "output_text", "text": "You have bob/site."}]},
    ]
    fmt, traces, problems = parse(write_json(tmp_path / "history.json", items))
    assert (fmt, problems) == ("openai_responses", [])
    rows = [(e.kind, e.tool, e.call_id, e.text) for e in traces[0].events if e.kind != "message"]
    assert rows == [
        ("call", "web_search", "ws_1", None),
        ("call", "list_repos", "mcp_1", None),
        ("result", "list_repos", "mcp_1", '["bob/site"]'),
    ]


def test_openai_agents_js_results_feed_the_analysis() -> None:
    from projeval.traces import analyse_traces

    a = analyse_traces([AGENTS_JS / "invoice_product_list.json"], workers=1)
    s = a.summary.iloc[0]
    assert (s["calls"], s["results"], s["unanswered_calls"], s["orphan_results"]) == (11, 11, 0, 0)
    assert a.problems.empty
    # The invoice lookup and the invoice's creation pass on the id create_customer returned.
    rows = a.followups[["consumer_tool", "producer_tool", "producer_path", "kind"]]
    assert rows.values.tolist() == [
        ["list_invoices", "create_customer", "id", "read"],
        ["create_invoice", "create_customer", "id", "write"],
    ]


def test_an_agent_named_by_its_tool_is_no_ungrounded_name() -> None:
    from projeval.traces import analyse_traces

    # "... the necessary details to the Invoice Agent": the agent it calls as a tool
    # (call_invoice_agent), a part of the system, not a name the answer made up.
    a = analyse_traces([AGENTS_JS / "agents_as_tools.json"], workers=1)
    assert a.claims.empty


def test_problems_are_listed_in_the_order_of_their_positions(tmp_path: Path) -> None:
    from projeval.traces import analyse_traces

    # Twelve items of one record that no reader knows: item 2 is listed before item 10,
    # not after it as text sorts them.
    items = [{"type": "message", "role": "user", "content": "hi"}]
    items += [{"type": "mystery_item"} for _ in range(11)]
    a = analyse_traces([write_json(tmp_path / "r.json", items)], workers=1)
    assert [int(r.split()[1]) for r in a.problems["reason"]] == list(range(1, 12))


# Invented content: one tool defined as each format's requests give it.
_DEFINED = "Create an invoice; tax default 10%.\nDraft, Sent"
_SCHEMA = {"type": "object", "properties": {"status": {"enum": ["Draft", "Sent"]}}}
_HELLO = [{"role": "user", "content": "Invoice Bob."}, {"role": "assistant", "content": "Done."}]


@pytest.mark.parametrize(
    "record",
    [
        # OpenAI Chat: a request log's line, and a conversation record beside its tools.
        {
            "request": {
                "messages": _HELLO[:1],
                "tools": [
                    {
                        "type": "function",
                        "function": {
                            "name": "create_invoice",
                            "description": "Create an invoice; tax default 10%.",
                            "parameters": _SCHEMA,
                        },
                    }
                ],
            },
            "response": {"choices": [{"message": _HELLO[1]}]},
        },
        {
            "messages": _HELLO,
            "tools": [
                {
                    "name": "create_invoice",
                    "description": "Create an invoice; tax default 10%.",
                    "parameters": _SCHEMA,
                }
            ],
        },
        # OpenAI Responses: its flat function tools.
        {
            "request": {
                "input": "Invoice Bob.",
                "tools": [
                    {
                        "type": "function",
                        "name": "create_invoice",
                        "description": "Create an invoice; tax default 10%.",
                        "parameters": _SCHEMA,
                    },
                    {"type": "web_search"},
                ],
            },
            "response": {
                "id": "resp_1",
                "output": [
                    {"type": "message", "role": "assistant", "content": "Done."},
                ],
            },
        },
        # Anthropic: input_schema.
        {
            "request": {
                "messages": _HELLO[:1],
                "tools": [
                    {
                        "name": "create_invoice",
                        "description": "Create an invoice; tax default 10%.",
                        "input_schema": _SCHEMA,
                    }
                ],
            },
            "response": {"role": "assistant", "content": [{"type": "text", "text": "Done."}]},
        },
        # Gemini: functionDeclarations grouped in a tool.
        {
            "request": {
                "contents": [{"role": "user", "parts": [{"text": "Invoice Bob."}]}],
                "tools": [
                    {
                        "functionDeclarations": [
                            {
                                "name": "create_invoice",
                                "description": "Create an invoice; tax default 10%.",
                                "parameters": _SCHEMA,
                            }
                        ]
                    }
                ],
            },
            "response": {
                "candidates": [{"content": {"role": "model", "parts": [{"text": "Done."}]}}]
            },
        },
        # Bedrock Converse: toolConfig.tools of toolSpec, the schema under inputSchema.json.
        {
            "request": {
                "messages": [{"role": "user", "content": [{"text": "Invoice Bob."}]}],
                "toolConfig": {
                    "tools": [
                        {
                            "toolSpec": {
                                "name": "create_invoice",
                                "description": "Create an invoice; tax default 10%.",
                                "inputSchema": {"json": _SCHEMA},
                            }
                        }
                    ]
                },
            },
            "response": {
                "output": {"message": {"role": "assistant", "content": [{"text": "Done."}]}}
            },
        },
    ],
    ids=["chat_request", "chat_messages", "responses", "anthropic", "gemini", "bedrock"],
)
def test_the_tools_a_record_defines_are_kept_with_what_they_state(
    tmp_path: Path, record: dict[str, Any]
) -> None:
    path = write_jsonl(tmp_path / "log.jsonl", [record])
    _, (trace,), problems = parse(path)
    assert problems == []
    assert trace.tool_text == {"create_invoice": _DEFINED}


def test_an_mcp_tools_list_states_its_tools_definitions(tmp_path: Path) -> None:
    tools = [{"name": "create_invoice", "description": "Create an invoice; tax default 10%."}]
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 1, "result": {"tools": [{**tools[0], "inputSchema": _SCHEMA}]}},
    ]
    _, (trace,), _ = parse(write_jsonl(tmp_path / "session.jsonl", lines))
    assert trace.tool_text == {"create_invoice": _DEFINED}


INSPECT = CORPORA / "inspect"


def test_inspect_ai_eval_logs_read_each_sample_as_a_run(tmp_path: Path) -> None:
    # Inspect AI's eval log (JSON): {"version", "eval", "samples": [...]}, each sample's
    # messages Chat-like but each call {"id", "function": <name>, "arguments": {...}}. A
    # real gpt-4o-mini browser run (UKGovernmentBEIS/inspect_ai; corpora README) was "not
    # a known trace format".
    path = INSPECT / "2025-05-12T20-27-36-04-00_browser.json"
    fmt, traces, problems = parse(path)
    assert (fmt, len(traces), problems) == ("openai_chat", 1, [])
    trace = traces[0]
    assert trace.trace_id == "browser sample 1 epoch 1"
    rows = [(e.role, e.kind, e.tool, e.link, e.args) for e in trace.events]
    assert rows == [
        ("user", "message", None, None, None),
        ("assistant", "call", "web_browser_go", 2, {"url": "https://www.aisi.gov.uk/"}),
        ("tool", "result", "web_browser_go", 1, None),
        ("assistant", "call", "web_browser_click", 4, {"element_id": 151}),
        ("tool", "result", "web_browser_click", 3, None),
        ("assistant", "call", "web_browser_click", 6, {"element_id": 884}),
        ("tool", "result", "web_browser_click", 5, None),
        ("assistant", "call", "web_browser_click", 8, {"element_id": 903}),
        ("tool", "result", "web_browser_click", 7, None),
        ("assistant", "message", None, None, None),
    ]
    # Each model call's usage is its model event's, on the message it wrote.
    usages = [(e.msg, e.usage) for e in trace.events if e.usage is not None]
    assert [(m, u.input_total, u.output, u.cache_read) for m, u in usages] == [
        (1, 1124, 23, 0),
        (3, 1568, 17, 1024),
        (5, 2732, 17, 1536),
        (7, 3896, 17, 2688),
        (9, 5915, 207, 3840),
    ]
    # Without model events, the sample's usage (model_usage, summed) is the run's.
    log = json.loads(path.read_text())
    log["samples"][0]["events"] = []
    _, traces, _ = parse(write_json(tmp_path / "no_events.json", log))
    usages = [e.usage for e in traces[0].events if e.usage is not None]
    assert [(u.input_total, u.output, u.cache_read) for u in usages] == [(15235, 281, 9088)]
    # A tool message's error object, {"type", "message"}, is a failed call; a sample's
    # error (the run raised) is the run's problem; reasoning parts are not its text.
    log = json.loads(path.read_text())
    sample = log["samples"][0]
    sample["messages"][2]["error"] = {"type": "timeout", "message": "Command timed out."}
    sample["messages"][-1]["content"] = [
        {"type": "reasoning", "reasoning": "The page says...", "redacted": False},
        {"type": "text", "text": "The AISI studies AI risks."},
    ]
    sample["error"] = {"message": "RuntimeError('browser crashed')", "traceback": "..."}
    fmt, traces, problems = parse(write_json(tmp_path / "failed.json", log))
    assert traces[0].events[2].is_error is True
    assert traces[0].events[-1].text == "The AISI studies AI risks."
    assert [p.reason for p in problems] == [
        "item 0 of the 'samples' list: the run failed before it finished ('error': "
        "RuntimeError('browser crashed')), so "
        "its conversation stops where the failure struck: re-run it, or leave it out"
    ]
    # A log written without its samples (log_samples off) says so, not "unknown format".
    del log["samples"]
    with pytest.raises(TraceError, match="holds no samples"):
        parse(write_json(tmp_path / "header_only.json", log))


def test_inspect_ai_eval_archives_are_read(tmp_path: Path) -> None:
    # Inspect's default log format, .eval: a zip of header.json and samples/*.json. A real
    # Llama 3.1 405B run, two samples of two epochs each (UKGovernmentBEIS/inspect_ai;
    # corpora README): it was "not UTF-8 ... check that the file is JSON".
    from projeval.traces.readers import expand_paths

    fmt, traces, problems = parse(INSPECT / "log_streaming.eval")
    assert (fmt, problems) == ("openai_chat", [])
    assert sorted(t.trace_id for t in traces) == [
        "popularity sample 1 epoch 1",
        "popularity sample 1 epoch 2",
        "popularity sample 2 epoch 1",
        "popularity sample 2 epoch 2",
    ]
    assert [[e.role for e in t.events] for t in traces] == [["system", "user", "assistant"]] * 4
    # A folder of logs holds its .eval files.
    assert "log_streaming.eval" in [p.name for p in expand_paths([INSPECT])]
    # A zip that is no eval log is one problem naming it.
    import zipfile

    with zipfile.ZipFile(tmp_path / "other.eval", "w") as z:
        z.writestr("readme.txt", "hello")
    with pytest.raises(TraceError, match=r"no header\.json"):
        parse(tmp_path / "other.eval")


def test_flat_calls_naming_their_function_are_read(tmp_path: Path) -> None:
    # Inspect AI's ToolCall names its tool in "function" (a string) beside "arguments";
    # read under a plain "messages" list, each call was "unknown tool call type
    # 'function'" though no call had a type.
    messages = json.loads((INSPECT / "2025-05-12T20-27-36-04-00_browser.json").read_text())[
        "samples"
    ][0]["messages"][:3]
    fmt, traces, problems = parse(write_json(tmp_path / "m.json", {"messages": messages}))
    assert (fmt, problems) == ("openai_chat", [])
    assert [(e.kind, e.tool, e.link) for e in traces[0].events] == [
        ("message", None, None),
        ("call", "web_browser_go", 2),
        ("result", "web_browser_go", 1),
    ]
    # A call with no name anywhere says what it lacks, not a type it never had.
    messages[1]["tool_calls"][0] = {"id": "c1", "arguments": {}}
    _, _, problems = parse(write_json(tmp_path / "n.json", {"messages": messages}))
    assert [p.reason for p in problems] == [
        "message 1: a tool call names no function ('function' or 'name'); skipped"
    ]


def test_ag2_chat_histories_without_tool_calls_are_read_the_right_way_round(
    tmp_path: Path,
) -> None:
    # An AG2 ChatResult.chat_history with no tool call, as the initiator holds it
    # (langfuse/langfuse-docs; corpora README): the task is user_proxy's "assistant"
    # message, the agent's answer, ending in AG2's "TERMINATE", a "user" one. It was read
    # as written: the answer a user turn, the question the agent's text.
    path = CORPORA / "ag2_chat_history_no_tools.json"
    fmt, traces, problems = parse(path)
    assert (fmt, len(traces), problems) == ("openai_chat", 1, [])
    rows = [(e.role, e.text[:20]) for e in traces[0].events]
    assert rows == [("user", "What is Langfuse?"), ("assistant", "Langfuse is a debugg")]
    # Without AG2's termination word nothing says which view this is: it is read as
    # written, with one problem that says so and how to be sure.
    history = json.loads(path.read_text())
    history[1]["content"] = history[1]["content"].removesuffix(" TERMINATE")
    _, traces, problems = parse(write_json(tmp_path / "unsure.json", history))
    assert [e.role for e in traces[0].events] == ["assistant", "user"]
    assert [p.reason for p in problems] == [
        "every message is named and the first is an assistant message named 'user_proxy', "
        "as in an AG2 or AutoGen chat history held by the agent that started the chat, "
        "whose roles are the other way round; nothing confirms it (no tool reply, no "
        "'TERMINATE'), so it is read as written (record the answering agent's view, its "
        "chat_messages[<the initiator>], to be sure)"
    ]
    # An assistant's named greeting before a user's named question is no AG2 history
    # when the roles do not follow the names (one name in two roles).
    chat = [
        {"role": "assistant", "name": "bot", "content": "Hi! How can I help?"},
        {"role": "user", "name": "ana", "content": "Where is my order?"},
        {"role": "assistant", "name": "ana", "content": "Let me check. TERMINATE"},
    ]
    _, traces, problems = parse(write_json(tmp_path / "greeting.json", chat))
    assert ([e.role for e in traces[0].events], problems) == (
        ["assistant", "user", "assistant"],
        [],
    )


ADK = CORPORA / "adk"


def test_adk_sessions_are_read_as_gemini_contents(tmp_path: Path) -> None:
    # A Google ADK session as its session service stores it ({"id", "app_name",
    # "user_id", "state", "events"}, snake_case: the customer_service sample's recorded
    # session, jcarah/accelerate_context_engineering_workshop; corpora README): each
    # event's content a Gemini content. It was "not a known trace format".
    fmt, traces, problems = parse(ADK / "123.session.json")
    assert (fmt, len(traces), problems) == ("gemini", 1, [])
    trace = traces[0]
    assert trace.trace_id == "f7e81523-cd34-4202-821e-a1f44d9cef94"
    calls = [e.tool for e in trace.events if e.kind == "call"]
    assert calls == [
        "modify_cart",
        "access_cart_information",
        "check_product_availability",
        "access_cart_information",
        "modify_cart",
        "access_cart_information",
    ]
    results = [(e.tool, e.link) for e in trace.events if e.kind == "result"]
    assert all(link is not None for _, link in results) and len(results) == 6
    assert sum(1 for e in trace.events if e.role == "user") == 11
    # The events of one /run answer, a bare list, read the same way; a streamed piece
    # (partial) is left out, its final event holding it whole, and an event recording a
    # failed model call is a problem.
    events = json.loads((ADK / "123.session.json").read_text())["events"][:14]
    events.insert(2, {**events[1], "partial": True})
    events.append(
        {
            "author": "cymbal_retail_agent",
            "invocation_id": "x",
            "error_code": "429",
            "error_message": "Resource exhausted.",
        }
    )
    fmt, traces, problems = parse(write_json(tmp_path / "run.json", events))
    assert (fmt, len(traces)) == ("gemini", 1)
    assert [e.kind for e in traces[0].events].count("call") == 2
    assert sum(1 for e in traces[0].events if e.role == "assistant" and e.kind == "message") == 7
    assert [p.reason for p in problems] == [
        "event 15 (cymbal_retail_agent): the model call failed (429: Resource exhausted.)"
    ]


def test_a_record_holding_an_adk_session_is_read_by_its_events() -> None:
    # An ADK evaluation pipeline's record (jcarah/accelerate_context_engineering_workshop,
    # processed_interaction_sim.jsonl; corpora README): a Gemini request/response pair
    # whose history the pipeline wrote as text only, beside the run's ADK session under
    # final_session_state. The pair was read: 0 calls of the session's 3, and the
    # planting slots get_available_planting_times returned ("9 AM - 12 PM") flagged as
    # ungrounded claims.
    from projeval.traces import analyse_traces

    path = ADK / "processed_interaction_sim.jsonl"
    fmt, traces, problems = parse(path)
    assert (fmt, len(traces), problems) == ("gemini", 1, [])
    trace = traces[0]
    assert trace.trace_id == "___eval___session___78c62b38-c94e-4ec2-a858-a468f7653f07"
    assert [(e.tool, e.link is not None) for e in trace.events if e.kind == "call"] == [
        ("get_available_planting_times", True),
        ("schedule_planting_service", True),
        ("update_salesforce_crm", True),
    ]
    usages = [e.usage for e in trace.events if e.usage is not None]
    assert [(u.input_total, u.output) for u in usages] == [
        (3901, 107),
        (4039, 80),
        (4136, 140),
        (4291, 162),
        (4532, 295),
        (4841, 197),
    ]
    a = analyse_traces([path], workers=1)
    assert not set(a.claims["value"]) & {"9 AM", "12 PM"}


def test_an_adk_state_value_that_is_json_text_is_read_as_its_structure() -> None:
    # The same pipeline's later run (baseline/raw/processed_interaction_sim.jsonl, line 4;
    # corpora README): the session's state keeps the customer profile as a JSON text. It was
    # written into the state's system message escaped (\"years_as_customer\": 2, \n), so
    # "valued customer with us for 2 years" was an ungrounded claim the profile held, and
    # the escapes added 13% to the billed-input estimate (3,367 tokens, now 2,971).
    from projeval.traces import analyse_traces

    path = ADK / "baseline_sim_de849ee1.jsonl"
    _, (trace,), problems = parse(path)
    assert problems == []
    (system,) = [e.text or "" for e in trace.events if e.role == "system"]
    assert '"years_as_customer": 2,' in system
    assert "\\n" not in system and '\\"' not in system
    a = analyse_traces([path], workers=1)
    assert sorted(a.claims["value"]) == ["$1.33", "10%"]  # derived or offered: no result held them
    assert a.totals["billed_input_tokens"] == 2971


def test_openhands_event_streams_are_read_as_their_calls_and_results() -> None:
    # Real OpenHands trajectories (tests/corpora/formats/README.md): actions and the
    # observations that name them in 'cause'; each agent action carries the model response
    # that made it. They were refused as a file in no known format.
    folder = CORPORA / "openhands"
    fmt, (trace,), problems = parse(folder / "wrong_initial_state.json")
    assert (fmt, problems) == ("openhands", [])
    view = {"command": "view", "path": "/workspace"}
    mv = {"command": "mv /workspace/game_2048.py /workspace/2048.py", "is_input": "false"}
    assert _digest(trace) == [
        ("user", "message", None, None, None, "Please rename game_2048.py to "),
        ("assistant", "message", None, None, None, "I'll help you rename the file."),
        ("assistant", "call", "str_replace_editor", view, None, None),
        ("tool", "result", "str_replace_editor", None, None, "Here's the files and directori"),
        ("assistant", "message", None, None, None, "Great, I found the file. Now I"),
        ("assistant", "call", "execute_bash", mv, None, None),
        ("tool", "result", "execute_bash", None, None, None),  # mv printed nothing
        ("assistant", "message", None, None, None, "Let me verify that the file wa"),
        ("assistant", "call", "str_replace_editor", view, None, None),
        ("tool", "result", "str_replace_editor", None, None, "Here's the files and directori"),
        # the finish tool's message: the answer, not a call left unanswered
        ("assistant", "message", None, None, None, "The file has been successfully"),
    ]  # fmt: skip
    assert _linked(trace)
    usage = [
        (e.usage.input_total, e.usage.output, e.usage.cache_read) for e in trace.events if e.usage
    ]
    assert usage == [(3475, 95, 0), (3616, 111, 3471), (3804, 85, 3610), (3933, 67, 3798)]
    # The runtime's own events (agent state changes, "No observation") hold no message;
    # the agent's message action is its text, and an agent's three turns are three.
    fmt, (trace,), problems = parse(folder / "basic_gui_mode.json")
    assert (fmt, problems, len(trace.events)) == ("openhands", [], 14)
    assert [e.tool for e in trace.events if e.kind == "call"] == [
        "execute_bash",
        "str_replace_editor",
        "str_replace_editor",
        "execute_bash",
    ]
    assert trace.events[-1].text.startswith("I've created a complete Vue.js todo application")
    fmt, (trace,), problems = parse(folder / "basic_interactions.json")
    assert (fmt, problems) == ("openhands", [])
    assert [(e.role, e.text) for e in trace.events] == [
        ("user", "what's 1+1?"),
        ("assistant", "1 + 1 equals 2."),
        ("user", "No, I mean by Goldbach's conjecture!"),
        ("assistant", trace.events[3].text),
        ("user", "Finish please"),
        ("assistant", "All done! What's next on the agenda?"),
    ]
    assert trace.events[3].text.startswith("Goldbach's conjecture is an unsolved problem")


def test_an_adk_sessions_state_is_context_but_not_what_its_tools_wrote(tmp_path: Path) -> None:
    # An ADK agent's instruction templates the session's state in ("{customer_profile}"),
    # so the values it holds are the agent's context, as a system prompt is: read, they
    # ground what the agent says. "Las Vegas" and "Cymbal Home & Garden" come from the
    # recorded session's customer_profile (a new-user trial: flagged as ungrounded).
    from projeval.traces import analyse_traces

    path = ADK / "123.session.json"
    a = analyse_traces([path], workers=1)
    assert not set(a.claims["value"]) & {"Las Vegas", "Cymbal Home"}
    fmt, (trace,), problems = parse(path)
    assert (trace.events[0].role, trace.events[0].kind) == ("system", "message")
    assert '"preferred_store": "Cymbal Home & Garden - Las Vegas (Main)"' in trace.events[0].text
    # A key a tool wrote (its function response's event's state delta) is the tool's
    # result, which the follow-ups trace: not context from the start.
    session = json.loads(path.read_text())
    answered = next(
        e for e in session["events"] if any("function_response" in p for p in e["content"]["parts"])
    )
    answered["actions"]["state_delta"] = {"cart": {"order_id": "ORD-777"}}
    session["state"]["cart"] = {"order_id": "ORD-777"}
    fmt, (trace,), problems = parse(write_json(tmp_path / "s.json", session))
    assert (fmt, problems) == ("gemini", [])
    assert trace.events[0].role == "system" and "ORD-777" not in trace.events[0].text
    assert "customer_profile" in trace.events[0].text


CLAUDE_DESKTOP = CORPORA / "claude_desktop"


def test_a_claude_desktop_mcp_log_is_read_as_mcp() -> None:
    # Claude Desktop's log of one MCP server (demouth/learn-mcp-server's README,
    # tests/corpora/formats/README.md): each JSON-RPC message after a time, the server's
    # name, the level and "Message from client:"/"Message from server:". It was refused
    # as "invalid JSON: Extra data at column 5".
    fmt, (trace,), problems = parse(CLAUDE_DESKTOP / "mcp-server-calculator.log")
    assert (fmt, problems, trace.trace_id) == ("mcp", [], "calculator")
    call, result = trace.events
    assert (call.tool, call.args, call.call_id) == (
        "calculate",
        {"operation": "multiply", "x": 1234, "y": 56789},
        "35",
    )
    assert (result.call_id, result.text, result.is_error, result.line) == (
        "35",
        "70077626.00",
        False,
        2,
    )


def test_a_claude_desktop_log_keeps_each_server_start_apart(tmp_path: Path) -> None:
    # Invented content in the shape of real logs: a server's JSON-RPC ids start again each
    # time Claude Desktop starts it; an aggregate mcp.log puts the level before the name;
    # a message Claude Desktop shortened is no JSON any more; stderr and the log's own
    # notices (a multi-line metadata dump among them) are no records.
    def line(ts: str, name: str, side: str, msg: dict[str, Any], level_first: bool = False) -> str:
        tags = f"[info] [{name}]" if level_first else f"[{name}] [info]"
        return f"2026-03-01T{ts}Z {tags} Message from {side}: {json.dumps(msg)} {{ metadata: undefined }}"

    def call(i: int, tool: str) -> dict[str, Any]:
        return {
            "method": "tools/call",
            "params": {"name": tool, "arguments": {}},
            "jsonrpc": "2.0",
            "id": i,
        }

    def result(i: int, text: str, error: bool = False) -> dict[str, Any]:
        return {
            "jsonrpc": "2.0",
            "id": i,
            "result": {"content": [{"type": "text", "text": text}], "isError": error},
        }

    init = {"method": "initialize", "params": {}, "jsonrpc": "2.0", "id": 0}
    log = tmp_path / "mcp.log"
    log.write_text(
        "\n".join(
            [
                "2026-03-01T09:40:00.953Z [files] [info] Initializing server... { metadata: undefined }",
                "2026-03-01T09:40:00.981Z [files] [info] Using MCP server command: npx with args and path: {",
                "  metadata: {",
                "  }",
                "} %o",
                line("09:40:01.045", "files", "client", init),
                "Secure MCP Filesystem Server running on stdio",
                line(
                    "09:40:03.380",
                    "files",
                    "client",
                    {"method": "tools/list", "params": {}, "jsonrpc": "2.0", "id": 1},
                ),
                '2026-03-01T09:40:03.382Z [files] [info] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","inputSchema":{"$schema":"http://json-schema.org/draft-07/...[11759 chars truncated]...notations":{"readOnlyHint":true}}]}} { metadata: undefined }',
                line("09:44:53.641", "files", "client", call(2, "read_media_file")),
                line(
                    "09:44:53.643",
                    "files",
                    "server",
                    result(2, "Access denied - path outside allowed directories", True),
                ),
                line("09:45:00.000", "notes", "client", call(2, "search"), level_first=True),
                line("09:45:00.100", "notes", "server", result(2, "3 notes"), level_first=True),
                "2026-03-01T19:00:00.735Z [files] [error] Server disconnected. { metadata: { context: 'connection', stack: undefined } }",
                line("19:00:04.039", "files", "client", init),
                line("19:00:07.126", "files", "client", call(2, "list_allowed_directories")),
                line(
                    "19:00:07.130", "files", "server", result(2, "Allowed directories: C:\\Users")
                ),
            ]
        )
        + "\n"
    )
    fmt, traces, problems = parse(log)
    assert fmt == "mcp"
    assert [p.line for p in problems] == [9]
    assert problems[0].reason == (
        "Claude Desktop shortened this message in its log (11,759 characters left out), "
        "so it is no JSON any more; skipped"
    )
    got = {t.trace_id: [(e.kind, e.tool, e.text, e.is_error) for e in t.events] for t in traces}
    assert got == {
        "files": [
            ("call", "read_media_file", None, None),
            ("result", "read_media_file", "Access denied - path outside allowed directories", True),
        ],
        "files #2": [
            ("call", "list_allowed_directories", None, None),
            ("result", "list_allowed_directories", "Allowed directories: C:\\Users", False),
        ],
        "notes": [("call", "search", None, None), ("result", "search", "3 notes", False)],
    }


def test_cohere_chat_usage_and_document_results(tmp_path: Path) -> None:
    # Cohere's v2 chat (pydantic/pydantic-ai's cassette, tests/corpora/formats/README.md):
    # usage under "tokens", the cache's beside it.
    # The response is one message, not choices; its tool_plan is the text before its
    # calls. It was read as the user's question alone (no call, no usage, no problem).
    fmt, (trace,), problems = parse(
        CORPORA / "cassettes" / "test_cohere_tool_choice_forwarding[auto].yaml"
    )
    assert (fmt, problems) == ("openai_chat", [])
    assert _matches(
        _starts(trace),
        [
            ("user", "message", None, None, None, "What's the weather in Paris?"),
            ("assistant", "message", None, None, None, "I will look up the weather in Paris."),
            ("assistant", "call", "get_weather", {"city": "Paris"}, None, None),
        ],
    )
    (usage,) = [e.usage for e in trace.events if e.usage]
    assert (usage.input_total, usage.output, usage.cache_read) == (1435, 46, 1024)
    # Invented content: a tool's result as Cohere's documents (data as text or an object),
    # and a response that holds neither choices nor a message is said, not dropped.
    history = [
        {"role": "user", "content": "Weather in Paris?"},
        {
            "role": "assistant",
            "tool_plan": "I will look it up.",
            "tool_calls": [
                {
                    "id": "w1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
                }
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "w1",
            "content": [
                {"type": "document", "document": {"data": '{"temp_c": 14}'}},
                {"type": "document", "document": {"data": {"sky": "clear"}, "id": "d2"}},
            ],
        },
    ]
    path = write_jsonl(tmp_path / "log.jsonl", [
        {"request": {"messages": history}, "response": {"message": {"role": "assistant", "content": [{"type": "text", "text": "14 C, clear."}]}}},
        {"request": {"messages": history[:1]}, "response": {"id": "r2", "finish_reason": "COMPLETE"}},
    ])  # fmt: skip
    _, traces, problems = parse(path)
    result = [e for t in traces for e in t.events if e.kind == "result"]
    assert [(e.tool, e.text) for e in result] == [
        ("get_weather", '{"temp_c": 14}\n{"sky": "clear"}')
    ]
    assert [
        e.text for t in traces for e in t.events if e.role == "assistant" and e.kind == "message"
    ] == ["I will look it up.", "14 C, clear."]
    assert [(p.line, p.reason) for p in problems] == [
        (2, "the response holds no 'choices' and no 'message', so the model's answer is not read; the request's messages are kept")
    ]  # fmt: skip


def test_a_cohere_agents_tool_results_are_its_documents() -> None:
    # langchain-cohere's recorded LangGraph agent (tests/corpora/formats/README.md): each
    # tool result a Cohere document, {"type": "document", "document": {"data": {...}}}.
    # They were 6 "unknown type 'document'" problems, the results empty (0 tokens), the
    # answers' values ungrounded and no usage read.
    fmt, traces, problems = parse(CORPORA / "cassettes" / "test_langgraph_react_agent.yaml")
    assert (fmt, problems, len(traces)) == ("openai_chat", [], 2)
    first = traces[0]
    assert [(e.tool, e.text) for e in first.events if e.kind == "result"] == [
        ("web_search", '{"output": "60"}'),
        ("python_interpeter_temp", '{"output": "7.75"}'),
        ("web_search", '{"output": "Chelsea won the premier league"}'),
    ]
    answers = [e.text for e in first.events if e.role == "assistant" and e.kind == "message"]
    assert answers[-1] == "Chelsea won the Premier League."
    assert sum(e.usage.input_total or 0 for e in first.events if e.usage) == 9185


def test_a_cohere_chat_stream_is_assembled_and_its_error_said() -> None:
    # langchain-cohere's streamed cassettes (tests/corpora/formats/README.md): Cohere's v2
    # chat events (tool-plan-delta, tool-call-start/-delta, message-end with its usage)
    # were "the streamed response holds no openai_chat events (is the format right?)": no
    # call, no usage. A stream that ended with finish_reason ERROR says why.
    fmt, (trace,), problems = parse(CORPORA / "cassettes" / "test_streaming_tool_call.yaml")
    assert (fmt, problems) == ("openai_chat", [])
    assert _matches(
        _starts(trace),
        [
            ("user", "message", None, None, None, "Erick, 27 years old"),
            ("assistant", "message", None, None, None, "I will use the Person tool"),
            ("assistant", "call", "Person", {"name": "Erick", "age": 27}, None, None),
        ],
    )
    assert [e.usage.input_total for e in trace.events if e.usage] == [906]
    _, _, problems = parse(CORPORA / "cassettes" / "test_sql_agent.yaml")
    assert [(p.line, p.reason) for p in problems] == [
        (
            line,
            "the stream ended with an error: 'your request resulted in an invalid tool "
            "generation. Try updating the messages or tool definitions'; the request's "
            "messages are kept",
        )
        for line in (2, 234)
    ]


AI_SDK = CORPORA / "ai_sdk"


def test_tally_conversation_steps_are_one_ai_sdk_conversation() -> None:
    # Tally's recorded conversation (tests/corpora/formats/README.md): one step a line, the
    # simulated user's message under "input" and the agent's AI SDK ModelMessages under
    # "output", calls as tool-call parts and results as tool-result parts. It was read as
    # 12 Responses traces with no call and no turn, and 10 "unknown role 'tool'" problems.
    fmt, (trace,), problems = parse(AI_SDK / "tally_travel_planner_conversation.jsonl")
    assert (fmt, trace.trace_id, problems) == ("openai_chat", "travel-planner-golden", [])
    calls = [e for e in trace.events if e.kind == "call"]
    # Expected from the file: the tool-call parts of each step, in order.
    assert [(e.turn, e.tool) for e in calls] == [
        (4, "searchFlights"),
        (7, "searchAccommodations"),
        (10, "searchDining"),
        (10, "searchDining"),
        (13, "searchVehicles"),
        (13, "getWeatherForecast"),
        (13, "getWeatherForecast"),
    ]
    assert calls[0].args["destination"] == "San Francisco, SFO"
    results = [e for e in trace.events if e.kind == "result"]
    assert all(r.link is not None for r in results) and len(results) == len(calls)
    assert '"flightNumber": "CE456"' in results[0].text  # the json output's value
    assert max(e.turn for e in trace.events) == 13  # one turn a step


def test_ai_sdk_ui_messages_are_read_model_call_by_model_call() -> None:
    # A chat app's stored AI SDK UIMessages (tests/corpora/formats/README.md): each model
    # call of an assistant message opened by step-start, its calls dynamic-tool parts
    # with the MCP tool's CallToolResult as output. It was read as Gemini, every
    # assistant message an "unknown role 'assistant'" problem.
    fmt, (trace,), problems = parse(AI_SDK / "blue_diamond_ui_messages.json")
    assert (fmt, problems) == ("openai_chat", [])
    assert [(e.msg, e.turn, e.role, e.kind, e.tool) for e in trace.events if e.role != "user"] == [
        (1, 1, "assistant", "message", None),
        (3, 2, "assistant", "call", "search_hotels"),
        (4, 2, "tool", "result", "search_hotels"),
        (5, 2, "assistant", "message", None),
        (7, 3, "assistant", "call", "get_hotel_details_with_rooms"),
        (8, 3, "tool", "result", "get_hotel_details_with_rooms"),
        (9, 3, "assistant", "message", None),
        (11, 4, "assistant", "call", "create_booking"),
        (12, 4, "tool", "result", "create_booking"),
        (13, 4, "assistant", "message", None),
        (15, 5, "assistant", "call", "get_booking_details"),
        (16, 5, "tool", "result", "get_booking_details"),
        (17, 5, "assistant", "message", None),
    ]
    first = next(e for e in trace.events if e.kind == "result")
    assert first.text.startswith('{"status_code":200') and first.is_error is None


def test_ai_sdk_results_say_errors_and_older_parts_are_read(tmp_path: Path) -> None:
    # AI SDK 4 wrote a call's arguments as "args" and its result as "result" (with
    # isError); AI SDK 5 types the output, an error-text output a failed call.
    messages = [
        {"role": "user", "content": [{"type": "text", "text": "Weather in Paris?"}]},
        {
            "role": "assistant",
            "content": [
                {"type": "reasoning", "text": "I should look it up."},
                {"type": "tool-call", "toolCallId": "a", "toolName": "w", "args": {"city": "P"}},
                {"type": "tool-call", "toolCallId": "b", "toolName": "w", "input": {"city": "Q"}},
            ],
        },
        {
            "role": "tool",
            "content": [
                {"type": "tool-result", "toolCallId": "a", "toolName": "w", "result": "14C"},
                {
                    "type": "tool-result",
                    "toolCallId": "b",
                    "toolName": "w",
                    "output": {"type": "error-text", "value": "unknown city"},
                },
            ],
        },
        {"role": "assistant", "content": [{"type": "text", "text": "It is 14C."}]},
    ]
    fmt, (trace,), problems = parse(write_json(tmp_path / "c.json", {"messages": messages}))
    assert (fmt, problems) == ("openai_chat", [])
    assert [(e.kind, e.tool, e.args, e.text, e.is_error) for e in trace.events[1:]] == [
        ("call", "w", {"city": "P"}, None, None),
        ("call", "w", {"city": "Q"}, None, None),
        ("result", "w", None, "14C", None),
        ("result", "w", None, "unknown city", True),
        ("message", None, None, "It is 14C.", None),
    ]


def test_codex_session_log_first_format() -> None:
    # A real Codex CLI session (tests/corpora/formats/README.md, codex/), as its first
    # versions wrote it: a head naming the session, `{"record_type": "state"}` lines, and one
    # Responses item a line. Was read as 51 "no 'input' or 'output' items" problems and no
    # call at all.
    fmt, (trace,), problems = parse(CORPORA / "codex" / "rollout-2025-09-10-cf4def41.jsonl")
    assert (fmt, problems) == ("openai_responses", [])
    assert trace.trace_id == "cf4def41-21e0-4b91-adb4-5397c1492084"
    # The AGENTS.md text and the sandbox's description Codex sends as user messages are no
    # turns; the user asked twice.
    users = [e.text for e in trace.events if e.role == "user"]
    assert users == [
        "What's the next task I should work on? Please consider dependencies and priorities.",
        "check codebase to see progress on it",
    ]
    calls = [e for e in trace.events if e.kind == "call"]
    results = [e for e in trace.events if e.kind == "result"]
    assert len(calls) == len(results) == 9
    assert all(r.link is not None for r in results)
    # One model call a run of the model's items (reasoning, text, call): ten.
    assert len({e.msg for e in trace.events if e.role == "assistant"}) == 10
    # Failed, by what Codex wrote: an MCP tool call it reports as "tool call error: ...",
    # `rg` exiting 2 in the shell's JSON output, a command the sandbox refused ("failed in
    # sandbox ..."). (A patch that did not apply, "error: ...", reads as an error by its text.)
    failed = [(r.tool, r.text[:20]) for r in results if r.is_error]
    assert [tool for tool, _ in failed] == ["memory__add_observations", "shell", "shell"]
    assert failed[-1][1] == "failed in sandbox Li"


def test_codex_session_log_of_2025_writes_usage_first() -> None:
    # A real Codex CLI session of September 2025 (tests/corpora/formats/README.md, codex/):
    # each model call's token_count event written before its items, not after them as now;
    # a command the sandbox refused, a turn the user interrupted, its patch "rejected by
    # user". Was "not a known trace format".
    path = CORPORA / "codex" / "rollout-2025-09-24T19-22-20-01997e76.jsonl"
    fmt, (trace,), problems = parse(path)
    assert (fmt, problems) == ("openai_responses", [])
    calls = [(e.msg, e.tool) for e in trace.events if e.kind == "call"]
    assert calls == [(2, "shell"), (4, "shell"), (6, "update_plan"), (8, "shell")]
    # Each call's usage is the token_count written just before its items.
    usage = {e.msg: e.usage.input_total for e in trace.events if e.usage is not None}
    assert usage == {2: 2895, 4: 3741, 6: 36640, 8: 36831}
    failed = [e.text[:22] for e in trace.events if e.kind == "result" and e.is_error]
    assert failed == ["failed in sandbox Maco", "patch rejected by user"]
    assert [e.role for e in trace.events if e.role in ("user", "system")] == [
        "system",  # <environment_context>
        "user",  # the IDE's context and the request
        "user",
    ]


def test_codex_session_log_of_2026_exit_code_header(tmp_path: Path) -> None:
    # A real Codex CLI session of May 2026 (CLI 0.125.0, tests/corpora/formats/README.md,
    # codex/): its unified exec tool's output is text, a header above what the command
    # printed (`Chunk ID`, `Wall time`, `Process exited with code N` or `Process running
    # with session ID N`, `Original token count`, `Output:`). Two polls (`write_stdin`) of a
    # process that exited 2 and 1, and a poll of a process whose stdin was closed ("write_stdin
    # failed: ..."): none was a failure before.
    fmt, (trace,), problems = parse(
        CORPORA / "codex" / "rollout-2026-05-11T11-26-55-019e1625.jsonl"
    )
    assert (fmt, problems) == ("openai_responses", [])
    results = [e for e in trace.events if e.kind == "result"]
    assert len(results) == len([e for e in trace.events if e.kind == "call"]) == 13
    failed = [(r.tool, r.text.split("\n")[2] if r.text.startswith("Chunk") else r.text[:19])
              for r in results if r.is_error]  # fmt: skip
    assert failed == [
        ("write_stdin", "write_stdin failed:"),
        ("write_stdin", "Process exited with code 2"),
        ("write_stdin", "Process exited with code 1"),
    ]
    # A process still running, and one that exited 0, are no failures.
    assert sum(1 for r in results if "Process running with session ID" in r.text) == 7
    assert all(not r.is_error for r in results if "Process exited with code 0" in r.text)
    # Only the header says how the command ended: what it printed does not, and a header's
    # exit is read whether the command's own output says otherwise or not. The shell's and
    # apply_patch's header opens with the exit (openai/codex codex-rs/core/src/tools/mod.rs,
    # format_exec_output_for_model_freeform).
    outputs = [
        ("exec_command", "Chunk ID: 1d\nWall time: 0.1 seconds\nProcess exited with code 0\nOriginal token count: 5\nOutput:\nProcess exited with code 1\n", None),
        ("exec_command", "Chunk ID: 2e\nWall time: 0.1 seconds\nProcess exited with code 1\nOriginal token count: 5\nOutput:\nProcess exited with code 0\n", True),
        ("shell_command", "Exit code: 0\nWall time: 0 seconds\nOutput:\nExit code: 1\n", None),
        ("shell_command", "Exit code: 1\nWall time: 0.2 seconds\nTotal output lines: 3\nOutput:\nFAIL\n", True),
        ("shell_command", "Exit code: 127\nWall time: 0 seconds\nOutput: (empty)", True),
        ("apply_patch", "Exit code: 1\nWall time: 0 seconds\nOutput:\nFailed to find expected lines in a.py\n", True),
        ("exec_command", "exec_command failed: CreateProcess { message: \"No such file\" }", True),
        ("exec_command", "Wall time: 1 seconds\nExit code: 1 of the run, as printed\nOutput:\n", None),
        # A command whose printout is content blocks' JSON still failed by its exit.
        ("exec_command", 'Chunk ID: 3f\nWall time: 0.1 seconds\nProcess exited with code 1\nOriginal token count: 9\nOutput:\n[{"type": "text", "text": "ok"}]', True),
    ]  # fmt: skip
    lines = [{"timestamp": "t", "type": "session_meta", "payload": {"id": "s1"}}]
    for n, (name, output, _) in enumerate(outputs):
        lines += [
            {"timestamp": "t", "type": "response_item", "payload": {"type": "function_call", "name": name, "arguments": "{}", "call_id": f"c{n}"}},
            {"timestamp": "t", "type": "response_item", "payload": {"type": "function_call_output", "call_id": f"c{n}", "output": output}},
        ]  # fmt: skip
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "rollout.jsonl", lines))
    got = [e.is_error for e in trace.events if e.kind == "result"]
    assert got == [expected for _, _, expected in outputs]


def test_codex_session_log_writes_a_model_calls_usage_twice() -> None:
    # A real Codex session of February 2026 (CLI 0.104.0-alpha.1, codex/; texts redacted
    # by the repository's owner, token counts kept): after each model call's token_count,
    # Codex writes the same one again (same running total, new rate limits) after the
    # turn_context. Each second one went to the next model call, whose own then went to
    # the one after: every call had the usage of the one before, the last call's lost
    # (recorded input 277,704 where the session's running total says 298,373).
    path = CORPORA / "codex" / "rollout-2026-02-23T20-34-25-019c8bfe.jsonl"
    fmt, (trace,), problems = parse(path)
    assert (fmt, problems) == ("openai_responses", [])
    usage = [e.usage.input_total for e in trace.events if e.usage is not None]
    assert usage == [42772, 44218, 48969, 49326, 49647, 63441]
    assert sum(usage) == 298373  # the last token_count's total_token_usage.input_tokens


def test_codex_code_mode_result_below_its_header() -> None:
    # A real Codex Desktop session (CLI 0.128.0-alpha.1, codex/): an MCP tool's result run
    # through code mode is its content blocks' JSON below a `Wall time` header. Was not read
    # as content blocks (no fields); a command that exited 1 was no failure, nor were the
    # browser's two refusals by its security policy (the action not run).
    path = CORPORA / "codex" / "rollout-2026-05-11T13-28-45-019e1695.jsonl"
    fmt, (trace,), problems = parse(path)
    assert (fmt, problems) == ("openai_responses", [])
    results = [(e.tool, e.is_error, e.structured) for e in trace.events if e.kind == "result"]
    assert [r[1] for r in results] == [None, True, True, True]
    tabs = results[0][2]
    assert isinstance(tabs, dict) and tabs["tabs"][0]["url"] == "about:blank"


def test_codex_web_search_is_a_call(tmp_path: Path) -> None:
    # A web search the model made in a real Codex CLI session (CLI 0.125.0; codemie-ai/
    # codemie-code 60fbed2c, the rollout 019e1625 whose excerpt is in codex/, lines 196-197:
    # the UI's web_search_end event, then the web_search_call item). Was left out: 102 calls
    # in that session where the model made 105. Now a call to web_search with its action as
    # arguments, unanswered (the search's results are not recorded).
    action = {"type": "search", "query": "site:opencode.ai/docs compaction threshold opencode 90 reserved", "queries": ["site:opencode.ai/docs compaction threshold opencode 90 reserved", "github opencode compaction threshold reserved auto prune"]}  # fmt: skip
    lines = [
        {"timestamp": "t", "type": "session_meta", "payload": {"id": "s1"}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "update the compaction default"}]}},
        {"timestamp": "2026-05-11T08:41:08.260Z", "type": "event_msg", "payload": {"type": "web_search_end", "call_id": "ws_023bc037ca71df15016a019620b190819ba7eace465d2dd516", "query": action["query"], "action": action}},
        {"timestamp": "2026-05-11T08:41:08.266Z", "type": "response_item", "payload": {"type": "web_search_call", "status": "completed", "action": action}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Found it."}]}},
    ]  # fmt: skip
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "rollout.jsonl", lines))
    assert (fmt, problems) == ("openai_responses", [])
    calls = [(e.msg, e.tool, e.args, e.link) for e in trace.events if e.kind == "call"]
    assert calls == [(1, "web_search", action, None)]
    # The Responses API's own item (an id; the sources when asked for) and `codex exec
    # --json`'s web_search item read the same way.
    item = {"type": "web_search_call", "id": "ws_9", "status": "completed", "action": {"type": "search", "query": "rain", "sources": [{"type": "url", "url": "https://a.example"}]}}  # fmt: skip
    fmt, (trace,), problems = parse(
        write_json(tmp_path / "r.json", {"input": "Rain?", "output": [item]})
    )
    assert [(e.kind, e.tool, e.call_id, e.text) for e in trace.events[1:]] == [
        ("call", "web_search", "ws_9", None),
        ("result", "web_search", "ws_9", "https://a.example"),
    ]
    exec_lines = [
        {"type": "thread.started", "thread_id": "t1"},
        {"type": "item.completed", "item": {"id": "item_0", "type": "web_search", "query": "rain"}},
    ]  # fmt: skip
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "exec.jsonl", exec_lines))
    assert [(e.tool, e.call_id, e.args) for e in trace.events] == [
        ("web_search", "item_0", {"type": "search", "query": "rain"})
    ]


def test_codex_user_message_events_alone_are_the_users_turns(tmp_path: Path) -> None:
    # A real Codex Desktop session cut down by its committer (CLI 0.128.0-alpha.1, codex/):
    # the user's messages only as the UI's user_message events, no response_item of them.
    # Was 0 turns, the user's words absent from the trace.
    path = CORPORA / "codex" / "rollout-2026-05-11T13-28-45-019e1695.jsonl"
    fmt, (trace,), problems = parse(path)
    assert (fmt, problems) == ("openai_responses", [])
    users = [(e.seq, e.turn, e.text[:30]) for e in trace.events if e.role == "user"]
    assert users == [
        (1, 1, "there is a need for nikita to "),
        (3, 2, "use app tools to go to Analyti"),
    ]
    # Where Codex writes both, the item and then its event (the 0.125 and 0.104 sessions;
    # in the latter the owner's redaction made their texts differ), the event is no second
    # turn.
    for name, turns in (
        ("rollout-2026-05-11T11-26-55-019e1625.jsonl", 1),
        ("rollout-2026-02-23T20-34-25-019c8bfe.jsonl", 3),
        ("rollout-2025-09-24T19-22-20-01997e76.jsonl", 2),
        ("exec-session-019e9625.jsonl", 1),
    ):
        fmt, (trace,), problems = parse(CORPORA / "codex" / name)
        assert sum(1 for e in trace.events if e.role == "user") == turns, name
    # An event of Codex's own context (kind user_instructions, 2025) is a system message.
    lines = [
        {"timestamp": "t", "type": "session_meta", "payload": {"id": "s1"}},
        {"timestamp": "t", "type": "event_msg", "payload": {"type": "user_message", "message": "<user_instructions>x</user_instructions>", "kind": "user_instructions"}},
        {"timestamp": "t", "type": "event_msg", "payload": {"type": "user_message", "message": "Fix the test", "kind": "plain"}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Done."}]}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Thanks"}]}},
        {"timestamp": "t", "type": "event_msg", "payload": {"type": "user_message", "message": "Thanks", "kind": "plain"}},
    ]  # fmt: skip
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "rollout.jsonl", lines))
    assert [(e.role, e.text) for e in trace.events] == [
        ("system", "<user_instructions>x</user_instructions>"),
        ("user", "Fix the test"),
        ("assistant", "Done."),
        ("user", "Thanks"),
    ]
    # Two events in a row, no item of either, are two messages: only an item's copy is one.
    event = {"timestamp": "t", "type": "event_msg", "payload": {"type": "user_message", "message": "Fix the test"}}  # fmt: skip
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "two.jsonl", [lines[0], event, event]))
    assert [e.turn for e in trace.events if e.role == "user"] == [1, 2]


def test_codex_exec_json_output(tmp_path: Path) -> None:
    # What a real `codex exec --json` printed (tests/corpora/formats/README.md, codex/): the
    # thread's id, a turn, its items as they start and complete, the turn's usage. Was
    # "not a known trace format".
    fmt, (trace,), problems = parse(CORPORA / "codex" / "exec-json-stream-output-4.jsonl")
    assert (fmt, problems) == ("openai_responses", [])
    assert trace.trace_id == "019a2d7b-231d-7290-acc1-6bc6571440da"
    assert [(e.msg, e.kind, e.tool, e.is_error) for e in trace.events] == [
        (0, "call", "shell", None),
        (1, "result", "shell", False),
        (2, "message", None, None),
    ]
    assert trace.events[0].args == {"command": "bash -lc 'cat test.js'"}
    assert trace.events[1].text == "console.log('Hello World');\n"
    usage = trace.events[2].usage  # the turn's, on its last model call
    assert usage is not None
    assert (usage.input_total, usage.cache_read, usage.output) == (6087, 5120, 204)
    # A run that printed its thread's start and nothing more says so.
    fmt, traces, problems = parse(CORPORA / "codex" / "exec-json-stream-output-multi-1.jsonl")
    assert (fmt, traces) == ("openai_responses", [])
    assert [(p.line, p.reason) for p in problems] == [
        (1, "session '019a2d7b-c0ed-75a0-8908-de832785d47f' recorded no message after its start")
    ]
    # A command that exited 1, an MCP tool call that failed, a turn that failed.
    lines = [
        {"type": "thread.started", "thread_id": "t1"},
        {"type": "item.completed", "item": {"id": "item_0", "type": "command_execution", "command": "ls x", "aggregated_output": "ls: x: No such file", "exit_code": 1, "status": "failed"}},
        {"type": "item.completed", "item": {"id": "item_1", "type": "mcp_tool_call", "server": "docs", "tool": "search", "arguments": {"q": "x"}, "result": None, "error": {"message": "timed out"}, "status": "failed"}},
        {"type": "turn.failed", "error": {"message": "stream disconnected"}},
    ]  # fmt: skip
    fmt, (trace,), problems = parse(write_jsonl(tmp_path / "exec.jsonl", lines))
    results = [(e.tool, e.is_error) for e in trace.events if e.kind == "result"]
    assert results == [("shell", True), ("search", True)]
    assert [(p.line, p.reason) for p in problems] == [(4, "the turn failed: stream disconnected")]


def test_codex_session_logs_on_the_command_line() -> None:
    # What `projeval traces` reports of the two Codex sessions (codex/): every call
    # answered, four of them failed; the usage the newer log recorded.
    from click.testing import CliRunner
    from projeval.cli import cli

    run = CliRunner().invoke(cli, ["traces", str(CORPORA / "codex"), "--format", "json", "-q"])
    assert run.exit_code == 1, run.output  # a file with a problem
    report = json.loads(run.output)
    # The run that printed only its thread's start: one problem, no trace.
    assert [(Path(p["file"]).name, p["line"]) for p in report["problems"]] == [
        ("exec-json-stream-output-multi-1.jsonl", 1)
    ]
    rows = {t["trace_id"][:8]: t for t in report["traces"]}
    keys = ("turns", "model_calls", "calls", "results", "errors", "unanswered_calls")
    assert [rows["cf4def41"][k] for k in keys] == [2, 10, 9, 9, 4, 0]
    assert [rows["019e9625"][k] for k in keys] == [1, 1, 0, 0, 0, 0]
    assert [rows["01997e76"][k] for k in keys] == [2, 4, 4, 4, 2, 0]
    assert rows["01997e76"]["recorded_input_tokens"] == 2895 + 3741 + 36640 + 36831
    assert [rows["019a2d7b"][k] for k in keys] == [0, 2, 1, 1, 0, 0]
    assert rows["019e9625"]["recorded_input_tokens"] == 22539


def test_codex_session_log(tmp_path: Path) -> None:
    # A real `codex exec` session (tests/corpora/formats/README.md, codex/), as Codex writes
    # it now: `{"timestamp", "type", "payload"}` lines; the items under `response_item`, the
    # model call's usage in the `token_count` event after them. Was "not a known trace
    # format".
    fmt, (trace,), problems = parse(CORPORA / "codex" / "exec-session-019e9625.jsonl")
    assert (fmt, problems) == ("openai_responses", [])
    assert trace.trace_id == "019e9625-802f-7e91-840a-cfe88d14117a"
    assert [(e.role, e.kind, e.text) for e in trace.events] == [
        ("system", "message", "[REDACTED_BASE_INSTRUCTIONS]"),
        ("system", "message", "[REDACTED_DEVELOPER_CONTEXT]"),
        ("system", "message", trace.events[2].text),  # <environment_context>
        ("user", "message", "[REDACTED_PROMPT]"),
        ("assistant", "message", "[REDACTED_ASSISTANT_TEXT]"),
    ]
    usage = trace.events[-1].usage
    assert usage is not None
    assert (usage.input_total, usage.cache_read, usage.output) == (22539, 20864, 10)
    # One model call's items a line each are one message, its usage once.
    lines = [
        {"timestamp": "t", "type": "session_meta", "payload": {"id": "s1"}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Weather in Paris?"}]}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "reasoning", "summary": []}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "function_call", "name": "get_weather", "arguments": '{"city":"Paris"}', "call_id": "c1"}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "function_call", "name": "get_weather", "arguments": '{"city":"Lyon"}', "call_id": "c2"}},
        {"timestamp": "t", "type": "event_msg", "payload": {"type": "token_count", "info": {"last_token_usage": {"input_tokens": 90, "output_tokens": 9}}}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "function_call_output", "call_id": "c2", "output": "{\"output\":\"no such city\",\"metadata\":{\"exit_code\":1}}"}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "function_call_output", "call_id": "c1", "output": PARIS}},
        {"timestamp": "t", "type": "response_item", "payload": {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "14 °C and rain."}]}},
    ]  # fmt: skip
    path = write_jsonl(tmp_path / "rollout.jsonl", lines)
    fmt, (trace,), problems = parse(path)
    assert (fmt, problems, trace.trace_id) == ("openai_responses", [], "s1")
    assert [(e.msg, e.kind, e.call_id, e.is_error) for e in trace.events] == [
        (0, "message", None, None),
        (1, "call", "c1", None),
        (1, "call", "c2", None),
        (2, "result", "c2", True),
        (3, "result", "c1", None),
        (4, "message", None, None),
    ]
    assert [e.usage.input_total for e in trace.events if e.usage is not None] == [90]


@pytest.mark.parametrize(
    ("name", "line", "key", "value"),
    [
        # A record's "type" that is not a text, in a real file of each shape: each was a
        # traceback (TypeError: unhashable type) instead of a problem or a refusal.
        ("codex/rollout-2025-09-24T19-22-20-01997e76.jsonl", 9, "type", ["function_call"]),
        ("codex/exec-json-stream-output-4.jsonl", 3, "type", {"item": 1}),
        ("codex/exec-json-stream-output-4.jsonl", 1, "type", {"thread": 1}),
        # A row's tool_calls column that is not a list (was "'bool' object is not iterable").
        ("azure_eval_agent_rows.jsonl", 2, "tool_calls", True),
    ],
)
def test_a_malformed_field_is_no_traceback(
    tmp_path: Path, name: str, line: int, key: str, value: Any
) -> None:
    records = [json.loads(r) for r in (CORPORA / name).read_text("utf-8").splitlines()]
    record = records[line - 1]
    target = record.get("payload") if key == "type" and "payload" in record else record
    target[key] = value
    path = write_jsonl(tmp_path / Path(name).name, records)
    try:
        parse(path)
    except TraceError as err:  # refused by name, with where and how to fix it
        assert path.name in str(err)


def test_adk_span_list_reads_as_the_session_it_traced() -> None:
    # Google ADK's spans of one session as its trace endpoint returns them (a JSON list,
    # snake-case ids, one trace id a turn), beside the session they traced: both real
    # (jcarah/accelerate_context_engineering_workshop, see the corpus README). The spans'
    # call_llm requests hold the conversation; their calls carry no ids, their tool spans do.
    _, (spans,), problems = parse(CORPORA / "adk" / "trace_cs_simple_17a89ba6.json")
    _, (session,), _ = parse(CORPORA / "adk" / "session_cs_simple_17a89ba6.json")
    assert problems == []
    assert spans.trace_id == session.trace_id == "session_87891551-f1b5-4296-89c1-ef55c1a4a808"

    def seen(t: Trace) -> list[tuple[Any, ...]]:
        return [
            (e.role, e.kind, e.tool, e.args, e.text, e.link is not None)
            for e in t.events
            if e.role != "system"
        ]

    assert seen(spans) == seen(session)
    assert [e.tool for e in spans.events if e.kind == "call"] == ["access_cart_information"]
    # One system message, the agent's instruction, which the session does not keep.
    assert [e.role for e in spans.events].count("system") == 1

    # Usage from each response's usage_metadata, as the session has it: thinking billed
    # as output (the span's own gen_ai.usage.output_tokens leaves it out), cache reads.
    def usage(t: Trace) -> list[tuple[Any, ...]]:
        return [
            (u.input_total, u.output, u.cache_read) for e in t.events if (u := e.usage) is not None
        ]

    assert usage(spans) == usage(session)
    assert sum(u[1] for u in usage(spans)) == 215


def test_a_span_with_malformed_attributes_or_adk_request_is_no_traceback(tmp_path: Path) -> None:
    # Mutating the ADK span file one field at a time (1,275 mutations): a span whose
    # attributes are a number or a boolean, and an llm_request whose system instruction's or
    # contents' parts are not a list, raised TypeError (an OTLP file's spans too: 6 of 1,650
    # mutations of logfire_tool_error_spans.json at base). They read as spans without them.
    spans = json.loads((CORPORA / "adk" / "trace_cs_simple_17a89ba6.json").read_text())
    spans[1]["attributes"] = True
    spans[0]["attributes"]["gcp.vertex.agent.llm_request"] = json.dumps(
        {"config": {"system_instruction": {"parts": 9}}, "contents": [{"parts": "abc"}, 4]}
    )
    _, traces, _ = parse(write_json(tmp_path / "spans.json", spans))
    assert [len([e for e in t.events if e.kind == "call"]) for t in traces] == [1]
    otlp = json.loads((CORPORA / "logfire_tool_error_spans.json").read_text())
    otlp["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["attributes"] = 1
    parse(write_json(tmp_path / "otlp.json", otlp))  # no traceback


def test_an_adk_eval_set_s_results_are_read_as_each_case_s_run(tmp_path: Path) -> None:
    # What `adk eval` keeps of a run of an eval set (wherby/code 1f616b56,
    # .adk/eval_history/*.evalset_result.json, ADK of November 2025): the EvalSetResult's
    # JSON written as a JSON string, each case's actual invocation (the user's words, the
    # invocation's events, the final response) beside the expected one and the scores. Each
    # case is one conversation named by its eval_id: the agent's instructions a system
    # message, its tool declared, its call answered; the expected invocation, never run, is
    # not read. Before: "not a known trace format".
    adk = CORPORA / "adk"
    fmt, (kitchen,), problems = parse(
        adk / "home_automation_kitchen_on_off_sequence.evalset_result.json"
    )
    assert (fmt, kitchen.trace_id) == ("gemini", "kitchen_on_off_sequence")
    assert [p.reason for p in problems] == [
        "the document is a JSON string holding JSON (encoded twice); read the JSON inside"
    ]
    args = {"location": "kitchen", "device_id": "main light", "status": "ON"}
    assert _digest(kitchen) == [
        ("system", "message", None, None, None, "You are a home automation assi"),
        ("user", "message", None, None, None, "Switch on the main light in th"),
        ("assistant", "call", "set_device_status", args, None, None),
        ("tool", "result", "set_device_status", None, False, '{"message": "Successfully set '),
        ("assistant", "message", None, None, None, "The main light in the kitchen "),
    ]
    assert _linked(kitchen)
    assert "set_device_status" in kitchen.tool_text
    expected = "Successfully set the main light in the kitchen to on."  # the eval set's reply
    assert not any(expected in (e.text or "") for e in kitchen.events)
    # A case whose agent called the tool and said nothing after it (final_response null).
    _, (lamp,), _ = parse(adk / "home_automation_living_room_light_on.evalset_result.json")
    assert lamp.trace_id == "living_room_light_on"
    assert [(e.role, e.kind) for e in lamp.events] == [
        ("system", "message"),
        ("user", "message"),
        ("assistant", "call"),
        ("tool", "result"),
    ]
    # The first versions' intermediate data (tool_uses, tool_responses; google/adk-python
    # src/google/adk/evaluation/eval_case.py IntermediateData) reads the same, and so does
    # a case whose session ADK kept (session_details), read as that session.
    inner = json.loads(
        json.loads(
            (adk / "home_automation_kitchen_on_off_sequence.evalset_result.json").read_text()
        )
    )
    case = inner["eval_case_results"][0]
    actual = case["eval_metric_result_per_invocation"][0]["actual_invocation"]
    events = actual["intermediate_data"]["invocation_events"]
    actual["intermediate_data"] = {
        "tool_uses": [events[0]["content"]["parts"][0]["function_call"]],
        "tool_responses": [events[1]["content"]["parts"][0]["function_response"]],
        "intermediate_responses": [],
    }
    _, (older,), _ = parse(write_json(tmp_path / "older.evalset_result.json", inner))
    assert _digest(older) == _digest(kitchen)
    case["session_details"] = json.loads((adk / "123.session.json").read_text())
    _, (kept,), _ = parse(write_json(tmp_path / "kept.evalset_result.json", inner))
    assert kept.trace_id == "kitchen_on_off_sequence"
    session = parse(adk / "123.session.json")[1][0]
    assert _digest(kept) == _digest(session)


def test_an_adk_eval_set_is_refused_with_what_to_read_instead(tmp_path: Path) -> None:
    # Google ADK's eval sets, which `adk eval` reads: the expected turns of a test and their
    # tool calls, no results (trial 15: jcarah/accelerate_context_engineering_workshop
    # 310a0865 customer-service/eval/eval_data/simple.test.json, the older rows, and
    # 90912746 travel_concierge/eval/data/pretrip.test.json, an EvalSet; cut down here).
    # They were "not a known trace format", with the advice to rewrite them as OpenAI Chat.
    rows = [
        {"query": "hi,", "expected_tool_use": [], "reference": "Hi there! Welcome back"},
        {
            "query": "tell me what is in my cart?",
            "expected_tool_use": [
                {"tool_name": "access_cart_information", "tool_input": {"customer_id": "123"}}
            ],
            "reference": "you have one bag of Standard Potting Soil ...",
        },
    ]
    user = {"parts": [{"text": "transfer to pre_trip"}], "role": "user"}
    evalset = {
        "eval_set_id": "c58dc575-5e62-48f1-ab8a-ed3100e40779",
        "eval_cases": [
            {
                "eval_id": "pretrip",
                "conversation": [
                    {
                        "invocation_id": "c21d0583-7d9f-443a-9dbc-edd0d5bf6700",
                        "user_content": user,
                        "intermediate_data": {
                            "tool_uses": [
                                {
                                    "id": None,
                                    "args": {"agent_name": "pre_trip_agent"},
                                    "name": "transfer_to_agent",
                                }
                            ],
                            "intermediate_responses": [],
                        },
                    }
                ],
            }
        ],
    }
    for name, doc in (("simple.test.json", rows), ("pretrip.test.json", evalset)):
        with pytest.raises(TraceError) as caught:
            parse(write_json(tmp_path / name, doc))
        assert "Google ADK eval set" in str(caught.value)
        assert "/debug/trace/session/" in str(caught.value)


def test_letta_agent_files_are_read_as_the_agent_speaks(tmp_path: Path) -> None:
    # A Letta agent file of the first version (one agent): the user's words unwrapped
    # from their {"type": "user_message"} JSON, the login and heartbeat notes system
    # messages, each send_message call the agent's reply (its "OK" no result) and its
    # inner monologue not read; the one real call's result Letta's package opened.
    fmt, traces, problems = parse(CORPORA / "letta" / "customer_service.af")
    assert (fmt, [t.trace_id for t in traces], problems) == ("letta", ["customer_service"], [])
    assert _digest(traces[0]) == [
        ("system", "message", None, None, None, "You are Letta, the latest vers"),
        ("assistant", "message", None, None, None, "More human than human is our m"),
        ("system", "message", None, None, None, '{\n  "type": "login",\n  "last_l'),
        ("user", "message", None, None, None, "I want to cancel my order"),
        ("assistant", "message", None, None, None, "I understand you'd like to can"),
        ("user", "message", None, None, None, "my order if is 54943434"),
        (
            "assistant",
            "call",
            "check_order_status",
            {"order_number": 54943434, "request_heartbeat": True},
            None,
            None,
        ),
        ("tool", "result", "check_order_status", None, None, "Order 54943434 is currently pr"),
        ("system", "message", None, None, None, "[This is an automated system m"),
        ("assistant", "message", None, None, None, "I see your order #54943434 is "),
    ]
    assert _linked(traces[0])
    # The current format ({"agents": [...]}, a .af file read as one document): a tool that
    # raised ({"status": "Failed"}, tool_returns status "error") is a failed call, and the
    # text beside a call asking for a heartbeat is monologue even in a letta_v1_agent.
    fmt, traces, problems = parse(CORPORA / "letta" / "ezra_excerpt.af")
    assert (fmt, [t.trace_id for t in traces], problems) == ("letta", ["Ezra"], [])
    events = traces[0].events
    assert [e.role for e in events if e.role in ("user", "assistant")] == [
        "user",
        "user",
        "assistant",
        "user",
        "assistant",
        "assistant",
    ]
    failed = [e for e in events if e.is_error]
    assert [(e.tool, e.text) for e in failed] == [
        (
            "send_slack_message_to_discord_support",
            "Error executing function send_slack_message_to_discord_support: NameError: "
            "name 'message' is not defined",
        )
    ]
    assert not any("This seems like an issue" in (e.text or "") for e in events)
    # An exported agent with nothing but its system prompt is a problem, not an empty trace.
    bare = json.loads((CORPORA / "letta" / "ezra_excerpt.af").read_text())
    bare["agents"][0]["messages"] = bare["agents"][0]["messages"][:1]
    _, traces, problems = parse(write_json(tmp_path / "bare.af", bare))
    assert traces == []
    assert [p.reason for p in problems] == [
        "item 0 of the 'agents' list: the agent holds no message but its system prompt "
        "(exported without its history); record skipped"
    ]


def test_a_letta_sleep_time_agent_s_hand_offs_are_system_messages(tmp_path: Path) -> None:
    # lettabot-builder.af (letta-ai/agent-file e661de57): the sleep-time agent is handed the
    # main agent's conversation by its group (letta/groups/sleeptime_multi_agent_v4.py), a
    # user-role message stamped with the group's group_id: "<system-reminder>You are a
    # sleeptime agent ..." over "Messages:\nassistant: ...". No user wrote it, so it is no
    # turn, and its text stays, a system message. The main agent's own user message carries
    # the same group_id (the group runs it too) and stays the user's; a message to the
    # sleep-time agent without a group_id (a person writing to it) stays a user's too.
    # Before: the two hand-offs were the sleep-time agent's two user turns.
    path = CORPORA / "letta" / "lettabot_builder_excerpt.af"
    _, (main, sleeper), _ = parse(path)
    assert [e.role for e in main.events if e.kind == "message"] == ["system", "user", "assistant"]
    said = [(e.role, (e.text or "")[:30]) for e in sleeper.events if e.kind == "message"]
    assert said == [
        ("system", "<base_instructions>\nYou are Le"),
        ("system", "Note: prior messages have been"),
        ("system", "<system-reminder>\nYou are a sl"),
        ("system", "<system-reminder>\nYou are a sl"),
    ]
    assert {e.turn for e in sleeper.events} == {0}
    doc = json.loads(path.read_text())
    doc["agents"][1]["messages"][4]["group_id"] = None
    _, (_, sleeper), _ = parse(write_json(tmp_path / "direct.af", doc))
    assert [e.role for e in sleeper.events if e.kind == "message"].count("user") == 1


def test_a_letta_history_out_of_its_order_is_read_by_its_timestamps() -> None:
    # A first-version export whose list opens with a tool's result, not the system
    # message: the agent's order is its messages' created_at. In the list's order the
    # agent calls the user Brad seven messages before the user says "my name is actually
    # Brad", and two send_message results answer no call before them.
    fmt, traces, problems = parse(CORPORA / "letta" / "memgpt_agent_with_convo.af")
    assert (fmt, [t.trace_id for t in traces]) == ("letta", ["memgpt_agent_with_convo"])
    assert [p.reason for p in problems] == [
        "the messages are not in the agent's order (the first is not its system message): "
        "read in the order of their created_at"
    ]
    (trace,) = traces
    assert [e.text for e in trace.events if e.role == "user"][:3] == [
        "my name is actually Brad ",
        "I am looking for an agent that actually can remember stuff about me ",
        "Not really, can you stop being so basic though? ",
    ]
    assert trace.events[0].role == "system"
    assert [e.tool for e in trace.events if e.kind == "call"] == [
        "core_memory_replace",
        "archival_memory_insert",
        "core_memory_append",
        "core_memory_append",
        "core_memory_append",
    ]
    assert _linked(trace)


def test_a_document_encoded_twice_is_read_for_the_json_it_holds() -> None:
    # letta-ai/agent-file keeps some agent files as a JSON string holding the file's JSON
    # (json.dumps of the text): read inside, with a problem saying so; this one's agent was
    # exported without its history, which is the second problem, not "not a known format".
    fmt, traces, problems = parse(CORPORA / "letta" / "outreach_workflow_agent_encoded_twice.af")
    assert (fmt, traces) == ("letta", [])
    assert [p.reason for p in problems] == [
        "the document is a JSON string holding JSON (encoded twice); read the JSON inside",
        "item 0 of the 'agents' list: the agent holds no message but its system prompt "
        "(exported without its history); record skipped",
    ]


def test_a_letta_prompt_rebuilt_after_a_memory_edit_is_read_as_what_it_adds() -> None:
    # Letta writes the system prompt again after each memory edit (8 times in this file),
    # replacing the one before in the model's context: only the first is read whole (else
    # every later model call would be billed each copy), and a system_alert written in the
    # system role is a note, not a rebuilt prompt.
    _, (trace,), _ = parse(CORPORA / "letta" / "memgpt_agent_with_convo.af")
    system = [e.text or "" for e in trace.events if e.role == "system"]
    assert [t.startswith("You are Letta") for t in system].count(True) == 1
    assert sum("The user has logged off" in t for t in system) == 1
    assert not any(t.startswith('{"type": "system_alert"') for t in system)


def test_a_letta_file_with_fields_of_the_wrong_type_is_read_without_a_traceback(
    tmp_path: Path,
) -> None:
    # Found by mutating the corpus files one field at a time: an agent_type, a tool_call_id
    # that is not a string, or tool_calls that is not a list, raised TypeError.
    doc = json.loads((CORPORA / "letta" / "ezra_excerpt.af").read_text())
    agent = doc["agents"][0]
    agent["agent_type"] = {"kind": "memgpt_agent"}
    messages = agent["messages"]
    tool = next(m for m in messages if m.get("role") == "tool")
    tool["tool_call_id"] = ["call_1"]
    caller = next(m for m in messages if m.get("role") == "assistant" and m.get("tool_calls"))
    caller["tool_calls"] = 1.5
    fmt, traces, problems = parse(write_json(tmp_path / "wrong_types.af", doc))
    assert (fmt, [t.trace_id for t in traces]) == ("letta", ["Ezra"])
    index = messages.index(caller)
    assert any(
        f"message {index}'s tool_calls is not a list; its calls skipped" in p.reason
        for p in problems
    )


def test_a_record_nested_past_what_a_reader_can_walk_is_skipped_and_the_rest_read(
    tmp_path: Path,
) -> None:
    # Found by benchmarks/fuzz_traces.py: a line nested 1,000 levels deep parses (orjson reads
    # 1,024), then the readers' json.dumps and repr overflowed the stack (RecursionError,
    # the whole file lost) in the Anthropic, Codex, AI SDK, ADK and MCP readers.
    good = {"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "ok"}]}
    call = {"role": "assistant", "content": [
        {"type": "tool_use", "id": "t1", "name": "search", "input": {"q": "DEEP"}}]}  # fmt: skip
    bad = json.dumps({"messages": [{"role": "user", "content": "hi"}, call]})
    bad = bad.replace('"DEEP"', "[" * 1_000 + "]" * 1_000)  # json.dumps itself cannot write it
    path = tmp_path / "deep.jsonl"
    path.write_text("\n".join([json.dumps(good), bad, json.dumps(good)]) + "\n", encoding="utf-8")
    fmt, traces, problems = parse(path)
    assert (fmt, len(traces)) == ("anthropic", 2)
    assert [(p.line, p.reason) for p in problems] == [
        (2, "the record nests more than 100 levels deep (no trace does; it cannot be read); "
            "record skipped")
    ]  # fmt: skip


def test_a_request_log_line_is_skipped_when_what_it_appends_nests_past_the_limit(
    tmp_path: Path,
) -> None:
    # Each line is the one before with a message appended (the reader shares the earlier
    # line's objects, and only the new message is walked): one reaching 100 levels is
    # read, one reaching 101 is skipped, and so is the next line, which repeats it.
    def nested(levels: int) -> Any:
        value: Any = "x"
        for _ in range(levels):
            value = [value]
        return value

    messages: list[Any] = [{"role": "user", "content": "hi"}]
    lines = []
    for extra in [
        {"role": "assistant", "content": "ok", "meta": nested(97)},  # 3 + 97 levels
        {"role": "user", "content": "more", "meta": nested(98)},  # 3 + 98 levels
        {"role": "assistant", "content": "done"},
    ]:
        messages = [*messages, extra]
        lines.append(json.dumps({"id": "c1", "messages": messages}))
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, traces, problems = parse(path)
    reason = (
        "the record nests more than 100 levels deep (no trace does; it cannot be read); "
        "record skipped"
    )
    assert [(p.line, p.reason) for p in problems] == [(2, reason), (3, reason)]
    assert [e.text for t in traces for e in t.events] == ["hi", "ok"]


def test_cline_task_histories_link_each_text_result_to_its_call() -> None:
    # A real Cline task history (tests/corpora/formats/README.md, cline/): the model calls
    # its tools with tool_use blocks, but Cline answers each with a text block, "[tool for
    # '...'] Result:", beside its environment details. It was read as Anthropic: all 15
    # calls unanswered, every tool result a user turn, no error.
    fmt, (trace,), problems = parse(CORPORA / "cline" / "mra" / "api_conversation_history.json")
    assert (fmt, problems) == ("cline", [])
    calls = [e for e in trace.events if e.kind == "call"]
    results = [e for e in trace.events if e.kind == "result"]
    assert (len(calls), len(results)) == (15, 13)
    by_seq = {e.seq: e for e in trace.events}
    assert all(by_seq[r.link].call_id == r.call_id for r in results)
    # Unanswered: the two calls before Cline's [TASK RESUMPTION] (the task was interrupted).
    assert [c.tool for c in calls if c.link is None] == [
        "ask_followup_question",
        "plan_mode_respond",
    ]
    # Three parallel reads answered in their order.
    assert [(by_seq[r.link].tool, r.text[:12]) for r in results[1:4]] == [
        ("list_files", "dev.ts\ngenki"),
        ("read_file", "1 | // Impor"),
        ("read_file", "1 | import a"),
    ]
    # A command that exited 1 and two operations the user denied failed.
    assert [r.text[:34] for r in results if r.is_error] == [
        "Command failed with exit code 1.",
        "The user denied this operation. Th",
        "The user denied this operation.",
    ]
    # The user's words (the task, a message on resuming, an answer, feedback) are the
    # turns; what Cline adds (environment details, to-do reminders, resumption notices) is
    # not.
    users = [e.text[:30] for e in trace.events if e.role == "user" and e.kind == "message"]
    assert users == [
        "The attached is a technical wr",
        "Here are the details for the n",
        "Approved - Proceed to Phase 2:",
        'continue with "Next Steps" no ',
        "Try again. My workstation was ",
    ]
    systems = [e.text for e in trace.events if e.role == "system"]
    assert any(s.startswith("<environment_details>") for s in systems)
    assert any(s.startswith("[TASK RESUMPTION]") for s in systems)


def test_cline_result_heads_quote_anything_and_name_their_tool_otherwise(tmp_path: Path) -> None:
    # A command quoted in a result's head may hold brackets, quotes and newlines; a result
    # that names its tool otherwise ("[subagents]" for use_subagents) answers the first
    # call left; calls without an id are told apart; a result after a model call that made
    # none is a problem, kept as text.
    history = [
        {"role": "user", "content": [{"type": "text", "text": "<task>\nCount rows\n</task>"}]},
        {
            "role": "assistant",
            "modelInfo": {"modelId": "m", "providerId": "p"},
            "content": [
                {"type": "tool_use", "name": "use_subagents", "input": {}},
                {
                    "type": "tool_use",
                    "id": None,
                    "name": "execute_command",
                    "input": {"command": "node -e \"x['a']\"\necho ]"},
                },
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "[execute_command for 'node -e \"x['a']\"\necho ]'] "
                 "Result:\nCommand failed with exit code 2.\nOutput:\nboom"},
                {"type": "text", "text": "[subagents] Result:\nSubagent results: 1"},
            ],
        },
        {"role": "assistant", "content": [{"type": "text", "text": "Done."}]},
        {
            "role": "user",
            "content": [{"type": "text", "text": "[read_file for 'a'] Result:\nx"}],
        },
    ]  # fmt: skip
    path = tmp_path / "api_conversation_history.json"
    write_json(path, history)
    fmt, (trace,), problems = parse(path)
    assert fmt == "cline"
    assert [p.reason for p in problems] == [
        "message 4: a result of 'read_file' answers no call of the message before; kept as text"
    ]
    assert _digest(trace)[:5] == [
        ("user", "message", None, None, None, "Count rows"),
        ("assistant", "call", "use_subagents", {}, None, None),
        ("assistant", "call", "execute_command", {"command": "node -e \"x['a']\"\necho ]"}, None, None),
        ("tool", "result", "execute_command", None, True, "Command failed with exit code "),
        ("tool", "result", "use_subagents", None, False, "Subagent results: 1"),
    ]  # fmt: skip
    assert _linked(trace)
    assert [e.call_id for e in trace.events if e.kind == "call"] == ["cline-1-0", "cline-1-1"]


def test_cline_the_users_reply_to_a_question_is_a_user_turn(tmp_path: Path) -> None:
    # Cline answers ask_followup_question with the user's reply as the call's result,
    # "<answer>\n...\n</answer>" (plan_mode_respond's, and Roo Code's, "<user_message>"),
    # then the files the user attached to it; and a denied or approved call with the
    # feedback the user gave (cline/cline src/core/prompts/responses.ts). The reply is the
    # user's turn: read as a result, it was no turn, so turn classes, drift and mining
    # missed it. The call stays answered by a result holding what else Cline wrote.
    fmt, (trace,), problems = parse(CORPORA / "cline" / "mra" / "api_conversation_history.json")
    users = [e.text for e in trace.events if e.role == "user" and e.kind == "message"]
    assert users[1:3] == [users[1], "Approved - Proceed to Phase 2: Auth Refactor"]
    asked = [e for e in trace.events if e.kind == "call" and e.tool == "ask_followup_question"]
    assert asked[-1].link is not None
    answer = trace.events[asked[-1].link]
    assert answer.text.startswith('<file_content path="lib/firebase-admin')
    assert "<answer>" not in answer.text and not answer.is_error

    def ask(n: int, tool: str) -> dict[str, Any]:
        return {
            "role": "assistant",
            "modelInfo": {"modelId": "m", "providerId": "p"},
            "content": [{"type": "tool_use", "id": f"t{n}", "name": tool, "input": {}}],
        }

    def reply(text: str) -> dict[str, Any]:
        return {"role": "user", "content": [{"type": "text", "text": text}, {"type": "text", "text": "<environment_details>\n# Current Mode\nACT MODE\n</environment_details>"}]}  # fmt: skip

    history = [
        {"role": "user", "content": [{"type": "text", "text": "<task>\nShip the fix\n</task>"}]},
        ask(1, "ask_followup_question"),
        reply("[ask_followup_question for 'Which branch?'] Result:\n<answer>\nmain, please\n</answer>"),
        ask(2, "plan_mode_respond"),
        reply("[plan_mode_respond] Result:\n<user_message>\nWhat about the tests?\n</user_message>"),
        ask(3, "execute_command"),
        reply("[execute_command for 'git push'] Result:\nThe user denied this operation and provided the following feedback:\n<feedback>\nRun the tests first\n</feedback>"),
        ask(4, "ask_followup_question"),
        reply("[ask_followup_question for 'Go on?'] Result:\n<answer>\n\n</answer>"),
        ask(5, "read_file"),
        reply("[read_file for 'q.xml'] Result:\n<answer>\n42\n</answer>"),
    ]  # fmt: skip
    path = tmp_path / "api_conversation_history.json"
    write_json(path, history)
    fmt, (trace,), problems = parse(path)
    assert (fmt, problems) == ("cline", [])
    assert _linked(trace)
    got = [(e.kind, e.tool, e.is_error, e.text) for e in trace.events if e.role != "system"]
    assert got == [
        ("message", None, None, "Ship the fix"),
        ("call", "ask_followup_question", None, None),
        ("result", "ask_followup_question", False, ""),
        ("message", None, None, "main, please"),
        ("call", "plan_mode_respond", None, None),
        ("result", "plan_mode_respond", False, ""),
        ("message", None, None, "What about the tests?"),
        ("call", "execute_command", None, None),
        ("result", "execute_command", True, "The user denied this operation and provided the following feedback:"),
        ("message", None, None, "Run the tests first"),
        # An empty reply is no turn; a file the agent read is no reply, whatever it holds.
        ("call", "ask_followup_question", None, None),
        ("result", "ask_followup_question", False, ""),
        ("call", "read_file", None, None),
        ("result", "read_file", False, "<answer>\n42\n</answer>"),
    ]  # fmt: skip


def test_cline_ui_messages_are_refused_by_name_and_left_out_of_their_task_folder() -> None:
    # ui_messages.json is the chat panel's view of a Cline task; it was "not a known trace
    # format", and read beside the task's history it added that error to the folder.
    folder = CORPORA / "cline" / "online_card_architecture"
    with pytest.raises(TraceError, match=r"Cline's ui_messages\.json") as err:
        open_file(folder / "ui_messages.json")
    assert "api_conversation_history.json beside it" in str(err.value)
    from projeval.traces.readers import expand_paths

    assert [p.name for p in expand_paths([folder])] == ["api_conversation_history.json"]
    fmt, (trace,), problems = parse(folder / "api_conversation_history.json")
    assert (fmt, problems) == ("cline", [])
    calls = [e for e in trace.events if e.kind == "call"]
    assert (len(calls), [c.tool for c in calls if c.link is None]) == (8, ["attempt_completion"])


def test_autogen_agentchat_team_states_and_task_results_are_read() -> None:
    # Real AutoGen AgentChat 0.4 records (tests/corpora/formats/README.md, autogen/): a
    # team's saved state, whose group chat manager holds the message thread, and a run's
    # messages saved as a list. Both were "not a known trace format".
    folder = CORPORA / "autogen"
    fmt, (trace,), problems = parse(folder / "weather_team_state.json")
    assert (fmt, trace.trace_id, problems) == (
        "autogen",
        "21c2a958-dbc8-480f-851b-90fd4caec0e2",
        [],
    )
    assert [(e.role, e.kind, e.tool, e.is_error) for e in trace.events] == [
        ("user", "message", None, None),
        ("assistant", "call", "get_weather_by_coordinates", None),
        ("assistant", "call", "get_weather_by_coordinates", None),
        ("tool", "result", "get_weather_by_coordinates", None),
        ("tool", "result", "get_weather_by_coordinates", None),
        ("assistant", "message", None, None),
    ]  # the ToolCallSummaryMessage, the results again, is no answer of the model's
    assert _linked(trace)
    usage = [(e.usage.input_total, e.usage.output) for e in trace.events if e.usage]
    assert usage == [(127, 67), (688, 110)]
    # The tool returned a dict, which AgentChat wrote as its Python repr: its fields are
    # read (the answer's 31.0 °C is the result's main.temp, 304.14 K).
    first = next(e for e in trace.events if e.kind == "result")
    assert first.text.startswith("{'coord': {'lon': 77.59")
    assert first.structured["main"]["temp"] == 304.14
    assert first.structured["name"] == "Bengaluru"
    # A three-agent team: each agent's reply is the assistant's, named by its source.
    fmt, (trace,), problems = parse(folder / "timelog_team_history.json")
    assert (fmt, problems) == ("autogen", [])
    assert [(e.role, e.kind, e.tool) for e in trace.events] == [
        ("user", "message", None),
        ("assistant", "call", "search_repo"),
        ("tool", "result", "search_repo"),
        ("assistant", "message", None),
        ("assistant", "message", None),
    ]
    assert _linked(trace)


def test_autogen_failed_tool_results_and_agent_contexts(tmp_path: Path) -> None:
    # A result AgentChat marks is_error failed; an agent's own saved state (its model
    # context: UserMessage, AssistantMessage with calls, FunctionExecutionResultMessage)
    # reads the same; the team's bookkeeping events are no turn; an unknown type is named.
    state = {
        "type": "AssistantAgentState",
        "version": "1.0.0",
        "llm_context": {
            "messages": [
                {"content": "You help.", "type": "SystemMessage"},
                {"content": "Delete order 7", "source": "user", "type": "UserMessage"},
                {
                    "content": [{"id": "c1", "arguments": '{"order": 7}', "name": "delete"}],
                    "thought": None,
                    "source": "agent",
                    "type": "AssistantMessage",
                },
                {
                    "content": [
                        {"content": "Error: no such order", "name": "delete", "call_id": "c1",
                         "is_error": True}
                    ],
                    "type": "FunctionExecutionResultMessage",
                },
                {"content": "It failed.", "source": "agent", "type": "AssistantMessage"},
                {"content": "x", "source": "agent", "type": "ThoughtEvent"},
                {"content": "?", "source": "agent", "type": "NewEvent"},
            ]
        },
    }  # fmt: skip
    path = tmp_path / "agent_state.json"
    write_json(path, state)
    fmt, (trace,), problems = parse(path)
    assert fmt == "autogen"
    assert [p.reason for p in problems] == [
        "message 6 has type 'NewEvent', not an AgentChat message; skipped"
    ]
    assert [e.structured for e in trace.events if e.kind == "result"] == [None]  # not a repr
    assert _digest(trace) == [
        ("system", "message", None, None, None, "You help."),
        ("user", "message", None, None, None, "Delete order 7"),
        ("assistant", "call", "delete", {"order": 7}, None, None),
        ("tool", "result", "delete", None, True, "Error: no such order"),
        ("assistant", "message", None, None, None, "It failed."),
    ]
    assert _linked(trace)


def test_python_reprs_of_tool_results_are_read_as_literals_only() -> None:
    from projeval.traces.autogen import python_value

    assert python_value("{'a': (1, 2), 'b': None, 3: {1, 2}, 'c': b'x'}") == {
        "a": [1, 2],
        "b": None,
        "3": [1, 2],
        "c": "b'x'",
    }
    assert python_value('{"a": 1}') is None  # JSON is read as JSON
    assert python_value("[__import__('os').system('true')]") is None  # no call evaluated
    assert python_value("{'a': 1") is None
    assert python_value("plain text") is None
    assert python_value("[" * 200 + "]" * 200) is None  # deeper than any trace nests
    # A tuple (SOPBench's tools return (success, value)) reads as a list; prose in
    # parentheses and a lone value in them are no result's fields.
    assert python_value("(True, {'balance': 200.0})") == {"balance": 200.0}  # (ok, value)
    assert python_value("(1, {'balance': 200.0})") == [1, {"balance": 200.0}]
    assert python_value("(see the note below)") is None
    assert python_value("(5)") is None
    assert python_value("(" * 200 + "1" + ",)" * 200) is None  # tuples in tuples, as deep


def test_cline_histories_before_native_tool_calls_read_the_calls_written_as_xml(
    tmp_path: Path,
) -> None:
    # Cline before native tool calls: the model writes its call as XML in its text
    # (responses.ts' toolUseInstructionsReminder), and Cline 3.0 answers with the head and
    # the output as two text blocks; the model's <thinking> is no answer. Invented, in that
    # shape (no recording was found).
    history = [
        {"role": "user", "content": [{"type": "text", "text": "<task>\nFix login\n</task>"},
                                     {"type": "text", "text": "<environment_details>\nx\n</environment_details>"}]},
        {"role": "assistant", "content": [{"type": "text", "text":
            "<thinking>\nRead it first.\n</thinking>\n\n<read_file>\n<path>src/login.js</path>\n</read_file>"}]},
        {"role": "user", "content": [{"type": "text", "text": "[read_file for 'src/login.js'] Result:"},
                                     {"type": "text", "text": "function login() {}"},
                                     {"type": "text", "text": "<environment_details>\nx\n</environment_details>"}]},
        {"role": "assistant", "content": "Now run it.\n<execute_command>\n<command>npm test</command>\n"
                                         "<requires_approval>false</requires_approval>\n</execute_command>"},
        {"role": "user", "content": [{"type": "text", "text": "[execute_command for 'npm test'] Result:"},
                                     {"type": "text", "text": "The user denied this operation."},
                                     {"type": "text", "text": "<environment_details>\nx\n</environment_details>"}]},
    ]  # fmt: skip
    path = tmp_path / "api_conversation_history.json"
    write_json(path, history)
    fmt, (trace,), problems = parse(path)
    assert (fmt, problems) == ("cline", [])
    assert _digest(trace) == [
        ("user", "message", None, None, None, "Fix login"),
        ("system", "message", None, None, None, "<environment_details>\nx\n</envi"),
        ("assistant", "call", "read_file", {"path": "src/login.js"}, None, None),
        ("tool", "result", "read_file", None, False, "function login() {}"),
        ("system", "message", None, None, None, "<environment_details>\nx\n</envi"),
        ("assistant", "message", None, None, None, "Now run it."),
        ("assistant", "call", "execute_command", {"command": "npm test", "requires_approval": "false"}, None, None),
        ("tool", "result", "execute_command", None, True, "The user denied this operation"),
        ("system", "message", None, None, None, "<environment_details>\nx\n</envi"),
    ]  # fmt: skip
    assert _linked(trace)


def test_a_message_or_block_type_that_is_an_object_is_no_traceback(tmp_path: Path) -> None:
    # Found by mutating the AutoGen and Cline corpus files (a value of another JSON type):
    # a "type" that is an object or a list was looked up in a set, TypeError: unhashable.
    chat = tmp_path / "chat.json"
    write_json(
        chat,
        [
            {"role": "user", "content": "hi", "type": {}},
            {"role": "assistant", "content": [{"type": ["text"], "text": "hello"}]},
        ],
    )
    fmt, traces, _ = parse(chat)
    assert (fmt, len(traces)) == ("openai_chat", 1)
    team = json.loads((CORPORA / "autogen" / "timelog_team_history.json").read_text())
    team[1]["type"] = {"ToolCallRequestEvent": True}
    path = tmp_path / "team_history.json"
    write_json(path, team)
    fmt, (trace,), problems = parse(path)
    assert fmt == "autogen"
    # The broken message is reported, the rest read (its result then answers no call).
    assert [p.reason for p in problems] == ["message 1 has no type of text; skipped"]
    assert [(e.role, e.kind, e.link) for e in trace.events][:2] == [
        ("user", "message", None),
        ("tool", "result", None),
    ]
