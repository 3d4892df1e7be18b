"""Write the example support-desk traces in this folder from the shipped fixtures.

Run from the repository root: ``.venv/bin/python traces/make_traces.py``.
The output is deterministic (no clocks, no randomness), so re-running it
changes nothing unless the fixtures change; tests pin the metrics of these files.

The conversations show the two failures trace analysis looks for:
- a page of tickets whose assignees are opaque ``usr_...`` ids, which fans out
  into a dozen ``get_user`` calls, several of them repeats of the same id;
- a projection that dropped ``sla_due_at``, answered with a hedge
  ("probably", "typically") when asked which tickets are about to breach;
and one user question the support-desk question set does not cover.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "support_desk"
OUT = Path(__file__).resolve().parent

SYSTEM = (
    "You are the help desk's triage assistant. Use the tools to look things up; "
    "never invent ticket ids, names or dates."
)


def load(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text("utf-8"))


PAGE = load("search_tickets.json")
USERS = load("users.json")
ORGS = load("organizations.json")
RATE_LIMITED = load("rate_limited.json")
TICKETS = PAGE["data"]


def dumps(value: Any) -> str:
    """A tool result as a handler would serialize it."""
    return json.dumps(value, ensure_ascii=False)


def assignee(ticket: dict[str, Any]) -> str | None:
    data = ticket["relationships"]["assignee"]["data"]
    return data["id"] if data else None


def short(ticket_id: str) -> str:
    return ticket_id.split("-")[0]


def user_result(user_id: str) -> str:
    return dumps({"data": {"type": "user", "id": user_id, "attributes": USERS[user_id]}})


#: Assignee ids in ticket order, repeats included: one get_user call per assigned ticket.
FANOUT = [a for a in (assignee(t) for t in TICKETS) if a]


def without_sla(page: dict[str, Any]) -> dict[str, Any]:
    """The page as the 'pruned' projection returned it: sla_due_at dropped."""
    out = copy.deepcopy(page)
    for ticket in out["data"]:
        ticket["attributes"].pop("sla_due_at", None)
    return out


def names_answer() -> str:
    lines = []
    for t in TICKETS:
        uid = assignee(t)
        who = USERS[uid]["name"] if uid else "nobody (unassigned)"
        lines.append(f"- {short(t['id'])} {t['attributes']['subject'][:48]}: {who}")
    return "Here is who is working on each ticket on the first page:\n" + "\n".join(lines)


URGENT = [t for t in TICKETS if t["attributes"]["priority"] == 3]
SLA_ANSWER = (
    "The search results do not include SLA due times, so I'm not sure exactly which tickets "
    f"breach next. The urgent ones are probably closest: {', '.join(short(t['id']) for t in URGENT)}. "
    "Urgent tickets typically have a four-hour resolution target, so any of them opened "
    "yesterday has likely breached already."
)


# OpenAI Chat Completions: one conversation per line ------------------------------------------


def openai_chat() -> list[dict[str, Any]]:
    fanout: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": "Who is working on the tickets on this page?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_search_1",
                    "type": "function",
                    "function": {
                        "name": "search_tickets",
                        "arguments": dumps({"query": "status:open"}),
                    },
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_search_1", "content": dumps(PAGE)},
    ]
    for i, uid in enumerate(FANOUT, 1):
        # One call per turn, as this agent loop dispatches them.
        fanout.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"call_user_{i:02d}",
                        "type": "function",
                        "function": {"name": "get_user", "arguments": dumps({"user_id": uid})},
                    }
                ],
            }
        )
        fanout.append(
            {"role": "tool", "tool_call_id": f"call_user_{i:02d}", "content": user_result(uid)}
        )
    fanout.append({"role": "assistant", "content": names_answer()})

    sla = [
        {"role": "system", "content": SYSTEM},
        {
            "role": "user",
            "content": "Which tickets are going to breach their SLA in the next four hours?",
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_search_2",
                    "type": "function",
                    "function": {
                        "name": "search_tickets",
                        "arguments": dumps({"query": "status:open"}),
                    },
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_search_2", "content": dumps(without_sla(PAGE))},
        {"role": "assistant", "content": SLA_ANSWER},
        {
            "role": "user",
            "content": "Draft an apology email to Harbor Lane Pharmacy about the terminal outage.",
        },
        {
            "role": "assistant",
            "content": (
                "Subject: Your card terminals\n\nDear Rosa,\n\nWe are sorry that contactless "
                "payments have failed at your pharmacy since the firmware update. Our payments "
                "team is working on a fix and will call the pharmacy landline with an update "
                "today.\n\nKind regards,\nThe Help Desk"
            ),
        },
    ]

    target = TICKETS[1]
    owner = assignee(target)
    legacy = [
        {"role": "user", "content": f"Who owns ticket {short(target['id'])}?"},
        {
            "role": "assistant",
            "content": None,
            "function_call": {
                "name": "get_ticket",
                "arguments": dumps({"ticket_id": short(target["id"])}),
            },
        },
        {"role": "function", "name": "get_ticket", "content": dumps({"data": target})},
        {
            "role": "assistant",
            "content": None,
            "function_call": {"name": "get_user", "arguments": dumps({"user_id": owner})},
        },
        {"role": "function", "name": "get_user", "content": user_result(owner)},
        {
            "role": "assistant",
            "content": f"{USERS[owner]['name']} ({USERS[owner]['team']}) owns it.",
        },
    ]
    return [
        {
            "id": "chat-fanout",
            "model": "gpt-4.1",
            "messages": fanout,
            "usage": {
                "prompt_tokens": 9841,
                "completion_tokens": 412,
                "total_tokens": 10253,
                "prompt_tokens_details": {"cached_tokens": 9472},
            },
        },
        {"id": "chat-sla", "model": "gpt-4.1", "messages": sla},
        {"id": "chat-legacy", "model": "gpt-4.1", "messages": legacy},
    ]


# Anthropic Messages: one conversation, parallel calls, an error and a retry -----------------


def anthropic() -> dict[str, Any]:
    from projeval.tokens import count_tokens
    from projeval.traces.conversations import text_of

    messages: list[dict[str, Any]] = [
        {
            "role": "user",
            "content": "Which high-priority tickets are unassigned, and who is on the rest?",
        },
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Let me pull the current queue."},
                {
                    "type": "tool_use",
                    "id": "toolu_search",
                    "name": "search_tickets",
                    "input": {"query": "priority:high"},
                },
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_search",
                    "content": [{"type": "text", "text": dumps(PAGE)}],
                },
            ],
        },
    ]
    batches = [FANOUT[0:4], FANOUT[4:8], FANOUT[8:]]
    retry_id = None
    for b, batch in enumerate(batches, 1):
        ids = [f"toolu_u{b}{i}" for i in range(len(batch))]
        messages.append(
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": tid, "name": "get_user", "input": {"user_id": uid}}
                    for tid, uid in zip(ids, batch, strict=True)
                ],
            }
        )
        results = []
        for i, (tid, uid) in enumerate(zip(ids, batch, strict=True)):
            if b == 3 and i == 0:
                retry_id = uid
                results.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": tid,
                        "is_error": True,
                        "content": dumps(RATE_LIMITED),
                    }
                )
            else:
                results.append(
                    {"type": "tool_result", "tool_use_id": tid, "content": user_result(uid)}
                )
        # Parallel results come back in any order: they must be linked by id.
        messages.append({"role": "user", "content": list(reversed(results))})
    assert retry_id is not None
    messages.append(
        {
            "role": "assistant",
            "content": [
                {
                    "type": "thinking",
                    "thinking": "One lookup was rate limited; retry it.",
                    "signature": "sig-1",
                },
                {
                    "type": "tool_use",
                    "id": "toolu_retry",
                    "name": "get_user",
                    "input": {"user_id": retry_id},
                },
            ],
        }
    )
    messages.append(
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_retry",
                    "content": user_result(retry_id),
                },
            ],
        }
    )
    unassigned = [
        short(t["id"]) for t in TICKETS if not assignee(t) and t["attributes"]["priority"] >= 2
    ]
    messages.append(
        {
            "role": "assistant",
            "content": [
                {
                    "type": "text",
                    "text": (
                        f"Unassigned high-priority tickets: {', '.join(unassigned)}. "
                        "Everything else is covered; Dana Whitfield holds the most, with four tickets."
                    ),
                }
            ],
        }
    )

    # Usage as the API reports it: cached prefix read, new content written to the cache.
    previous = 0
    context = count_tokens(SYSTEM) + 260  # the tool definitions and framing
    for m in messages:
        if m["role"] == "assistant":
            total = context
            read = previous
            m["usage"] = {
                "input_tokens": 4,
                "cache_read_input_tokens": read,
                "cache_creation_input_tokens": total - read - 4,
                "output_tokens": 48,
            }
            previous = total
        for block in m["content"] if isinstance(m["content"], list) else [m["content"]]:
            if isinstance(block, dict) and block.get("type") == "tool_use":
                context += count_tokens(dumps(block["input"])) + 12
            elif isinstance(block, dict):
                context += count_tokens(text_of(block.get("content", block.get("text")))) + 4
            else:
                context += count_tokens(str(block)) + 4
    return {
        "id": "anthropic-unassigned",
        "model": "claude-sonnet-4-5",
        "system": SYSTEM,
        "messages": messages,
    }


# MCP JSON-RPC log: the tool leg only --------------------------------------------------------


def mcp() -> list[dict[str, Any]]:
    session = "mcp-session-7f3a"
    log: list[dict[str, Any]] = []

    def send(message: dict[str, Any], direction: str) -> None:
        log.append(
            {
                "seq": len(log) + 1,
                "session_id": session,
                "direction": direction,
                "message": {"jsonrpc": "2.0", **message},
            }
        )

    send({"id": 0, "method": "initialize", "params": {"protocolVersion": "2025-11-25"}}, "out")
    send({"id": 0, "result": {"protocolVersion": "2025-11-25", "capabilities": {}}}, "in")
    send({"id": 1, "method": "tools/list"}, "out")
    send({"id": 1, "result": load("tools.json")}, "in")
    send(
        {
            "id": 2,
            "method": "tools/call",
            "params": {"name": "search_tickets", "arguments": {"query": "status:open"}},
        },
        "out",
    )
    send(
        {
            "id": 2,
            "result": {
                "content": [{"type": "text", "text": dumps(PAGE)}],
                "structuredContent": PAGE,
                "isError": False,
            },
        },
        "in",
    )
    rid = 3
    for i, uid in enumerate(FANOUT):
        send(
            {
                "id": rid,
                "method": "tools/call",
                "params": {"name": "get_user", "arguments": {"user_id": uid}},
            },
            "out",
        )
        if i == 5:  # rate limited: a tool error, then the same call again
            send(
                {
                    "id": rid,
                    "result": {
                        "content": [{"type": "text", "text": dumps(RATE_LIMITED)}],
                        "isError": True,
                    },
                },
                "in",
            )
            rid += 1
            send(
                {
                    "id": rid,
                    "method": "tools/call",
                    "params": {"name": "get_user", "arguments": {"user_id": uid}},
                },
                "out",
            )
        send({"id": rid, "result": {"content": [{"type": "text", "text": user_result(uid)}]}}, "in")
        rid += 1
    org = TICKETS[0]["relationships"]["organization"]["data"]["id"]
    send(
        {
            "id": rid,
            "method": "tools/call",
            "params": {"name": "get_organization", "arguments": {"org_id": org}},
        },
        "out",
    )
    send({"id": rid, "error": {"code": -32602, "message": "Unknown tool: get_organization"}}, "in")
    return log


# OpenTelemetry GenAI spans (OTLP JSON) -------------------------------------------------------


def _attr(key: str, value: Any) -> dict[str, Any]:
    if isinstance(value, bool):
        return {"key": key, "value": {"boolValue": value}}
    if isinstance(value, int):
        return {"key": key, "value": {"intValue": str(value)}}
    if isinstance(value, str):
        return {"key": key, "value": {"stringValue": value}}
    return {"key": key, "value": {"stringValue": json.dumps(value, ensure_ascii=False)}}


def _span(
    trace: str, n: int, name: str, attrs: dict[str, Any], error: bool = False
) -> dict[str, Any]:
    span = {
        "traceId": trace,
        "spanId": f"{n:016x}",
        "parentSpanId": f"{0:016x}",
        "name": name,
        "kind": 1 if name.startswith("execute_tool") else 3,
        "startTimeUnixNano": str(1764320000_000000000 + n * 1_000_000_000),
        "endTimeUnixNano": str(1764320000_500000000 + n * 1_000_000_000),
        "attributes": [_attr(k, v) for k, v in attrs.items()],
        "status": {"code": 2 if error else 1},
    }
    return span


def otel() -> dict[str, Any]:
    trace = "4bf92f3577b34da6a3ce929d0e0e4736"
    kestrel = next(k for k, v in ORGS.items() if v["name"] == "Kestrel Logistics")
    page = {
        **PAGE,
        "data": [t for t in TICKETS if t["relationships"]["organization"]["data"]["id"] == kestrel],
    }
    owner = next(a for a in (assignee(t) for t in page["data"]) if a)
    history: list[dict[str, Any]] = [
        {
            "role": "user",
            "parts": [{"type": "text", "content": "What is still open for Kestrel Logistics?"}],
        },
    ]
    call1 = {
        "role": "assistant",
        "parts": [
            {
                "type": "tool_call",
                "id": "call_k1",
                "name": "search_tickets",
                "arguments": {"query": "Kestrel Logistics"},
            }
        ],
    }
    resp1 = {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "call_k1", "response": dumps(page)}],
    }
    call2 = {
        "role": "assistant",
        "parts": [
            {
                "type": "tool_call",
                "id": "call_k2",
                "name": "get_user",
                "arguments": dumps({"user_id": owner}),
            }
        ],
    }
    resp2 = {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "call_k2", "response": user_result(owner)}],
    }
    answer = {
        "role": "assistant",
        "finish_reason": "stop",
        "parts": [
            {
                "type": "text",
                "content": (
                    f"Kestrel Logistics has {len(page['data'])} open tickets, all with "
                    f"{USERS[owner]['name']}: "
                    + "; ".join(t["attributes"]["subject"][:40] for t in page["data"])
                    + "."
                ),
            }
        ],
    }
    system = [{"type": "text", "content": SYSTEM}]

    def chat(
        n: int, inputs: list[Any], output: dict[str, Any], usage: tuple[int, int]
    ) -> dict[str, Any]:
        return _span(
            trace,
            n,
            "chat gpt-4.1",
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.provider.name": "openai",
                "gen_ai.request.model": "gpt-4.1",
                "gen_ai.conversation.id": "otel-kestrel",
                "gen_ai.system_instructions": system,
                "gen_ai.input.messages": inputs,
                "gen_ai.output.messages": [output],
                "gen_ai.usage.input_tokens": usage[0],
                "gen_ai.usage.output_tokens": usage[1],
            },
        )

    def tool(n: int, name: str, cid: str, args: Any, result: str) -> dict[str, Any]:
        return _span(
            trace,
            n,
            f"execute_tool {name}",
            {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": name,
                "gen_ai.tool.call.id": cid,
                "gen_ai.tool.type": "function",
                "gen_ai.tool.call.arguments": args,
                "gen_ai.tool.call.result": result,
            },
        )

    spans = [
        chat(1, history, call1, (412, 21)),
        tool(2, "search_tickets", "call_k1", {"query": "Kestrel Logistics"}, dumps(page)),
        chat(3, [*history, call1, resp1], call2, (1893, 30)),
        tool(4, "get_user", "call_k2", {"user_id": owner}, user_result(owner)),
        chat(5, [*history, call1, resp1, call2, resp2], answer, (1968, 64)),
    ]
    return {
        "resourceSpans": [
            {
                "resource": {"attributes": [_attr("service.name", "helpdesk-agent")]},
                "scopeSpans": [
                    {"scope": {"name": "opentelemetry.instrumentation.openai_v2"}, "spans": spans}
                ],
            }
        ]
    }


# OpenInference spans (OTLP JSON Lines, one batch a line) -------------------------------------


def openinference() -> list[dict[str, Any]]:
    trace = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
    ticket = TICKETS[1]
    q = f"How many hours has ticket {short(ticket['id'])} been open?"
    args = dumps({"ticket_id": short(ticket["id"])})
    result = dumps({"data": ticket})
    created = ticket["attributes"]["created_at"]
    answer = f"Ticket {short(ticket['id'])} was opened at {created[11:16]} UTC on {created[:10]}."

    def llm(
        n: int, inputs: list[dict[str, Any]], output: dict[str, Any], usage: tuple[int, int]
    ) -> dict[str, Any]:
        attrs: dict[str, Any] = {
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4.1",
            "session.id": "oi-hours-open",
        }
        for i, m in enumerate(inputs):
            for k, v in m.items():
                attrs[f"llm.input_messages.{i}.message.{k}"] = v
        for k, v in output.items():
            attrs[f"llm.output_messages.0.message.{k}"] = v
        attrs["llm.token_count.prompt"] = usage[0]
        attrs["llm.token_count.completion"] = usage[1]
        attrs["llm.token_count.total"] = usage[0] + usage[1]
        return _span(trace, n, "ChatCompletion", attrs)

    user = {"role": "user", "content": q}
    call = {
        "role": "assistant",
        "tool_calls.0.tool_call.id": "call_h1",
        "tool_calls.0.tool_call.function.name": "get_ticket",
        "tool_calls.0.tool_call.function.arguments": args,
    }
    tool_msg = {"role": "tool", "tool_call_id": "call_h1", "name": "get_ticket", "content": result}
    tool_span = _span(
        trace,
        2,
        "get_ticket",
        {
            "openinference.span.kind": "TOOL",
            "tool.name": "get_ticket",
            "input.value": args,
            "input.mime_type": "application/json",
            "output.value": result,
        },
    )
    first = {
        "resourceSpans": [{"scopeSpans": [{"spans": [llm(1, [user], call, (161, 19)), tool_span]}]}]
    }
    second = {
        "resourceSpans": [
            {
                "scopeSpans": [
                    {
                        "spans": [
                            llm(
                                3,
                                [user, call, tool_msg],
                                {"role": "assistant", "content": answer},
                                (742, 26),
                            ),
                        ]
                    }
                ]
            }
        ]
    }
    return [first, second]


def write_jsonl(path: Path, records: list[Any]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")


def main() -> None:
    write_jsonl(OUT / "support_openai.jsonl", openai_chat())
    (OUT / "support_anthropic.json").write_text(
        json.dumps(anthropic(), ensure_ascii=False, indent=1) + "\n", "utf-8"
    )
    write_jsonl(OUT / "support_mcp.jsonl", mcp())
    (OUT / "support_otel.json").write_text(
        json.dumps(otel(), ensure_ascii=False, indent=1) + "\n", "utf-8"
    )
    write_jsonl(OUT / "support_openinference.jsonl", openinference())


if __name__ == "__main__":
    main()
