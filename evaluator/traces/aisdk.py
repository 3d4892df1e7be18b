"""The Vercel AI SDK's messages, read as the OpenAI Chat conversations they stand for.

Two shapes are recorded:

- ``ModelMessage`` (what ``generateText``/``streamText`` take and return in ``response.messages``):
  Chat roles, an assistant's calls as ``tool-call`` content parts
  (``{"toolCallId", "toolName", "input"}``; ``args`` before AI SDK 5) and their results as
  ``tool-result`` parts of a ``tool`` message (``output`` ``{"type": "json" | "text" |
  "error-json" | "error-text" | "content", "value"}``; ``result`` and ``isError`` before 5).
  Eval harnesses record these per conversation step: Tally's ``conversation.jsonl`` holds
  one step a line, ``{"stepIndex", "input": <the user's message>, "output": [<the agent's
  messages>], "conversationId"}`` (tally-evals/tally@6aa50a4a31a836bbd8fa5c8f8bbb127c30c53cde
  ``apps/examples/{ai-sdk,mastra}/.tally/conversations/*/conversation.jsonl``), and a whole
  conversation ``{"id", "steps": [...]}``.
- ``UIMessage`` (what ``useChat`` holds and a chat app stores): ``{"id", "role", "parts"}``,
  each model call of an assistant message opened by a ``step-start`` part, its calls
  ``dynamic-tool`` or ``tool-<name>`` parts that carry the call's ``input`` and, once it ran,
  its ``output`` or ``errorText`` (Arzion-SRL/blue-diamond-agent@d4410f8f6e0f0689142d8a771aa73ea5e4746667
  ``lib/mocked-messages.ts``).

A UIMessage list is rewritten as ModelMessages (:func:`ui_messages`); the Chat converter
reads ModelMessage parts itself (:func:`call_parts`, :func:`result_parts`).
"""

from __future__ import annotations

import json
from typing import Any

#: Parts the Chat converter reads elsewhere, or that hold no answer: a call and its
#: result (read as such), the model's thinking (``reasoning``, its thinking, not its text),
#: and a UIMessage's bookkeeping (``step-start``, sources the answer cites).
PASSED_PARTS = frozenset(
    (
        "tool-call",
        "tool-result",
        "reasoning",
        "redacted-reasoning",
        "step-start",
        "source-url",
        "source-document",
    )
)
_UI_ROLES = frozenset(("user", "assistant", "system"))
_UI_TOOL_PREFIX = "tool-"


def step_messages(record: Any) -> list[Any] | None:
    """The messages of one recorded conversation step (``{"input": <message>, "output":
    [<messages>]}``, Tally's), the user's first; ``None`` when ``record`` is no such step."""
    if not isinstance(record, dict):
        return None
    first, rest = record.get("input"), record.get("output")
    if not (isinstance(first, dict) and isinstance(first.get("role"), str)):
        return None
    if not (isinstance(rest, list) and all(isinstance(m, dict) and "role" in m for m in rest)):
        return None
    return [first, *rest]


def steps_messages(record: Any) -> list[Any] | None:
    """The messages of a whole recorded conversation of steps (``{"steps": [<step>...]}``),
    in order; ``None`` when ``record`` holds no such list."""
    steps = record.get("steps") if isinstance(record, dict) else None
    if not (isinstance(steps, list) and steps):
        return None
    out: list[Any] = []
    for step in steps:
        messages = step_messages(step)
        if messages is None:
            return None
        out.extend(messages)
    return out


def is_ui_message(m: Any) -> bool:
    """Whether ``m`` is a UIMessage: a chat role and typed ``parts``, no ``content``
    (Gemini's parts carry no ``type``)."""
    if not (isinstance(m, dict) and "content" not in m and isinstance(m.get("role"), str)):
        return False
    if m["role"] not in _UI_ROLES:
        return False
    parts = m.get("parts")
    return (
        isinstance(parts, list)
        and bool(parts)
        and all(isinstance(p, dict) and isinstance(p.get("type"), str) for p in parts)
    )


def _ui_tool(part: dict[str, Any]) -> str | None:
    """The tool a UIMessage part calls (``dynamic-tool``'s ``toolName``, or the name in
    ``tool-<name>``); ``None`` for other parts."""
    kind = part["type"]
    if kind == "dynamic-tool":
        name = part.get("toolName")
        return name if isinstance(name, str) else None
    if kind.startswith(_UI_TOOL_PREFIX) and kind not in PASSED_PARTS:
        return kind[len(_UI_TOOL_PREFIX) :]
    return None


def ui_messages(messages: list[Any]) -> list[Any]:
    """UIMessages rewritten as ModelMessages: each model call of an assistant message (from
    one ``step-start`` to the next) one assistant message of its text and calls, followed by
    a ``tool`` message of the results its calls got. Other messages are kept as they are."""
    out: list[Any] = []
    for m in messages:
        if not is_ui_message(m):
            out.append(m)
            continue
        if m["role"] != "assistant":
            texts = [{"type": "text", "text": p["text"]} for p in m["parts"] if _is_text(p)]
            out.append({"role": m["role"], "content": texts})
            continue
        steps: list[list[dict[str, Any]]] = [[]]
        for part in m["parts"]:
            if part["type"] == "step-start" and steps[-1]:
                steps.append([])
            steps[-1].append(part)
        for step in steps:
            content: list[dict[str, Any]] = []
            results: list[dict[str, Any]] = []
            for part in step:
                tool = _ui_tool(part)
                if tool is None:
                    if _is_text(part) or part["type"] == "reasoning":
                        content.append({"type": part["type"], "text": part["text"]})
                    continue
                call_id = part.get("toolCallId")
                content.append(
                    {
                        "type": "tool-call",
                        "toolCallId": call_id,
                        "toolName": tool,
                        "input": part.get("input"),
                    }
                )
                failed = False
                output: dict[str, Any]
                if "errorText" in part and part.get("errorText") is not None:
                    output = {"type": "error-text", "value": part["errorText"]}
                elif _mcp_result(part.get("output")):
                    # An MCP tool's CallToolResult, as a chat app passes it on: its text.
                    output = {"type": "content", "value": part["output"]["content"]}
                    failed = part["output"].get("isError") is True
                elif "output" in part:
                    output = {"type": "json", "value": part["output"]}
                else:
                    continue  # a call that never ran (the chat stopped first): no result
                results.append(
                    {
                        "type": "tool-result",
                        "toolCallId": call_id,
                        "toolName": tool,
                        "output": output,
                        "isError": failed,
                    }
                )
            if content:
                out.append({"role": "assistant", "content": content})
            if results:
                out.append({"role": "tool", "content": results})
    return out


def _mcp_result(output: Any) -> bool:
    return (
        isinstance(output, dict)
        and isinstance(output.get("content"), list)
        and all(isinstance(c, dict) and "type" in c for c in output["content"])
    )


def _is_text(part: dict[str, Any]) -> bool:
    return part.get("type") == "text" and isinstance(part.get("text"), str)


def call_parts(content: Any) -> list[dict[str, Any]]:
    """The ``tool-call`` parts of a ModelMessage's content."""
    if not isinstance(content, list):
        return []
    return [p for p in content if isinstance(p, dict) and p.get("type") == "tool-call"]


def result_parts(content: Any) -> list[dict[str, Any]]:
    """The ``tool-result`` parts of a ModelMessage's content."""
    if not isinstance(content, list):
        return []
    return [p for p in content if isinstance(p, dict) and p.get("type") == "tool-result"]


def call_input(part: dict[str, Any]) -> Any:
    """A ``tool-call`` part's arguments: ``input`` (AI SDK 5), else ``args`` (before)."""
    return part["input"] if "input" in part else part.get("args")


def result_output(part: dict[str, Any]) -> tuple[str, bool]:
    """A ``tool-result`` part's text and whether it reports an error.

    ``output`` is typed (AI SDK 5): ``text``/``error-text`` hold text, ``json``/``error-json``
    a value written as JSON, ``content`` a list of text (and media) parts; before AI SDK 5 the
    result is ``result``, with ``isError``."""
    output = part.get("output")
    if isinstance(output, dict) and isinstance(output.get("type"), str) and "value" in output:
        kind, value = output["type"], output["value"]
        error = kind.startswith("error") or part.get("isError") is True
        if kind == "content" and isinstance(value, list):
            texts = [
                v["text"] for v in value if isinstance(v, dict) and isinstance(v.get("text"), str)
            ]
            return "\n".join(texts), error
        return _as_text(value), error
    value = part.get("result", output)
    return _as_text(value), part.get("isError") is True


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)
