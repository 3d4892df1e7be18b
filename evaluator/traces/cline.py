"""Cline's task histories (and Roo Code's, which keeps the same file).

Cline keeps each task in a folder of its own (``.../saoudrizwan.claude-dev/tasks/<id>/``):
``api_conversation_history.json``, the conversation the model was sent, a JSON list of
Anthropic Messages (assistant messages with Cline's ``modelInfo`` and ``metrics`` beside
them); ``ui_messages.json``, what the chat panel showed (``{"ts", "type": "say" | "ask",
...}``, no calls); and ``task_metadata.json``. Only the first is a conversation.

The history is Anthropic Messages with one difference that hides every result: the model
calls its tools with ``tool_use`` blocks, but Cline answers each with a *text* block in the
next user message, ``[<tool> for '<what>'] Result:`` and the output (``[<tool>] Result:``
when the call names nothing), in the order of the calls (``src/core/task`` of cline/cline;
the texts of ``src/core/prompts/responses.ts`` at 008b035a7c3691961ea61a127152fe717a884537).
The same user message carries what Cline adds to every turn (``<environment_details>``,
its to-do reminders, ``[TASK RESUMPTION]`` notices) and, wrapped in tags, what the user
wrote: the task (``<task>``), feedback on a result (``<feedback>``) and a message sent on
resuming (``<user_message>``). :func:`cline_messages` writes those as Anthropic messages
projeval reads: each result a ``tool_result`` linked to its call, the user's words a user
message, the rest a system message.

A result may itself be the user's reply: the answer to ``ask_followup_question``
(``<answer>``), to ``plan_mode_respond`` (``<user_message>``), feedback given with a call
the user denied. The reply becomes a user message after the results, and the result keeps
what else Cline wrote (files attached to the reply, the denial), so the call stays
answered: a reply left in the result is no turn (its class, drift and mining miss it), and
one kept in both places would be counted twice.
"""

from __future__ import annotations

import re
from typing import Any

#: A task folder's files: the conversation, and the two beside it that hold none.
CLINE_HISTORY = "api_conversation_history.json"
CLINE_BESIDE = frozenset({"ui_messages.json", "task_metadata.json"})

#: A call written as XML in the model's text (Cline before native tool calls): an element
#: on lines of its own whose children are the parameters, each ``<name>value</name>``.
_XML_CALL = re.compile(r"^<([a-z][a-z0-9_]*)>[ \t]*\n(.*?)^</\1>[ \t]*$", re.DOTALL | re.MULTILINE)
_XML_PARAM = re.compile(r"<([a-z][a-z0-9_]*)>\n?(.*?)\n?</\1>", re.DOTALL)
_THINKING = re.compile(r"<thinking>.*?(?:</thinking>|\Z)", re.DOTALL)
#: Tags the model writes that are no call: its thinking.
_NOT_CALLS = frozenset({"thinking", "think"})
#: How the texts Cline adds to a user message open (its environment details, to-do
#: reminders, notices): never a result's output.
_ADDED_BY_CLINE = (
    "<environment_details>",
    "\n\n\t\t\t\t# TODO LIST",
    "\n# task_progress",
    "[TASK RESUMPTION]",
)

#: The head of a result: the tool's name, then what it acted on, quoted (a path, a
#: command, a question: any text, brackets and newlines included).
_RESULT = re.compile(r"\[([\w.:-]+)(?: for '.*?')?\] Result:", re.DOTALL)
#: What the user wrote, as Cline wraps it: the task, feedback on a completion or a denied
#: call, and a message sent when a task is resumed (to the text's end where the closing tag
#: was cut off with the text).
_USER_WORDS = re.compile(r"<(task|feedback|user_message)>\n?(.*?)(?:\n?</\1>|\Z)", re.DOTALL)
#: The user's reply inside a result, opening it, as Cline writes it (``src/core/prompts/
#: responses.ts``, the tool handlers): the answer to ``ask_followup_question``
#: (``<answer>``), the reply to ``plan_mode_respond`` and, in Roo Code, to a question or a
#: completion (``<user_message>``); or the feedback given with a call the user denied or
#: approved, after Cline's sentence saying so (kept in the result: it says how the call
#: ended). Only a result of a call that asks the user (:data:`_ASKS_USER`) opens with its
#: reply; a file read may hold any tag.
_REPLY = re.compile(
    r"((?:The user (?:denied|approved) this operation and provided the following"
    r" (?:feedback|context):)\n)?<(answer|user_message|feedback)>\n?(.*?)(?:\n?</\2>|\Z)",
    re.DOTALL,
)
#: The tools whose result is the user's reply: Cline's and Roo Code's.
_ASKS_USER = frozenset({"ask_followup_question", "plan_mode_respond", "attempt_completion"})
#: The results Cline writes for a call that failed or was refused (responses.ts:
#: toolError, toolDenied, toolAlreadyUsed, missingToolParameterError,
#: planModeEditToolError, clineIgnoreError, invalidMcpToolArgumentError; and the
#: terminal's "Command failed with exit code N").
_FAILED = re.compile(
    r"(?:The tool execution failed with the following error:"
    r"|The user denied this operation"
    r"|Command failed with exit code -?[1-9]"
    r"|Tool \[[^\]\n]*\] was not executed because"
    r"|Missing value for required parameter"
    r"|This tool cannot be used in PLAN MODE"
    r"|Access to \S.* is blocked by the \.clineignore"
    r"|Invalid JSON argument used with )"
)


def is_cline_history(value: Any) -> bool:
    """A Cline (or Roo Code) ``api_conversation_history.json``: a list of Anthropic
    messages whose assistant messages carry Cline's ``modelInfo``, or that opens with the
    user's ``<task>``."""
    if not isinstance(value, list) or not value:
        return False
    if not all(isinstance(m, dict) and m.get("role") in ("user", "assistant") for m in value):
        return False
    if any(isinstance(m.get("modelInfo"), dict) for m in value if m["role"] == "assistant"):
        return True
    first = value[0].get("content")
    return (
        isinstance(first, list)
        and bool(first)
        and isinstance(first[0], dict)
        and str(first[0].get("text", "")).startswith("<task>")
    )


def is_cline_ui(value: Any) -> bool:
    """Cline's ``ui_messages.json``: what the chat panel showed, ``{"ts", "type": "say" |
    "ask", "say" | "ask": <kind>}`` entries."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            isinstance(m, dict) and "ts" in m and m.get("type") in ("say", "ask")
            for m in value[:20]
        )
    )


def cline_messages(messages: list[Any], problems: list[str]) -> list[Any]:
    """A Cline history as Anthropic messages: each ``[tool ...] Result:`` text a
    ``tool_result`` of the call it answers, the user's tagged words a user message, what
    Cline adds a system message. What cannot be read is added to ``problems`` (naming the
    message, counted from 0) and left as it is."""
    out: list[Any] = []
    pending: list[tuple[str, str]] = []  # (id, name) of the last model call's unanswered calls
    for i, m in enumerate(messages):
        if not isinstance(m, dict):
            out.append(m)  # the converter names it
            continue
        content = m.get("content")
        if m.get("role") == "assistant":
            m = _with_xml_calls(_without_thinking(m), i)
            m = _with_call_ids(m, i)
            pending = [
                (b["id"], str(b.get("name")))
                for b in (m["content"] if isinstance(m.get("content"), list) else [])
                if isinstance(b, dict) and b.get("type") == "tool_use"
            ]
            out.append(m)
            continue
        if not isinstance(content, list):
            out.append(m)
            continue
        answers: list[Any] = []
        words: list[Any] = []
        added: list[Any] = []
        k = 0
        while k < len(content):
            block = content[k]
            k += 1
            text = _text(block)
            if text is None:
                words.append(block)  # images the user attached, and the like
                continue
            head = _RESULT.match(text)
            if head is not None:
                answered = _answered(pending, head.group(1))
                if answered is None:
                    problems.append(
                        f"message {i}: a result of {head.group(1)!r} answers no call of the "
                        "message before; kept as text"
                    )
                    added.append(block)
                    continue
                body = text[head.end() :].lstrip(" \n")
                if not body and k < len(content):
                    # Cline 3.0 wrote the head and the output as two text blocks.
                    after = _text(content[k])
                    if (
                        after is not None
                        and not _RESULT.match(after)
                        and not after.startswith(_ADDED_BY_CLINE)
                    ):
                        body, k = after, k + 1
                call, called = answered
                reply = _REPLY.match(body)
                if reply is not None and (reply.group(1) or called in _ASKS_USER):
                    # The user's reply is the user's turn (its class, drift and mining read
                    # turns, not results); the call stays answered, by what else Cline
                    # wrote: the files attached to the reply, the sentence of a denial.
                    if reply.group(3).strip():
                        words.append({"type": "text", "text": reply.group(3)})
                    body = ((reply.group(1) or "") + body[reply.end() :]).strip()
                answers.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": call,
                        "content": body,
                        "is_error": _FAILED.match(body) is not None,
                    }
                )
                continue
            said = [w.group(2) for w in _USER_WORDS.finditer(text)]
            if said:
                words += [{"type": "text", "text": s} for s in said]
            else:
                added.append(block)
        if answers or words:
            out.append({"role": "user", "content": answers + words})
        if added:
            out.append({"role": "system", "content": added})
    return out


def _text(block: Any) -> str | None:
    """A text block's text; ``None`` for any other block."""
    if isinstance(block, dict) and block.get("type") == "text":
        text = block.get("text")
        return text if isinstance(text, str) else None
    return None


def _with_call_ids(m: dict[str, Any], i: int) -> dict[str, Any]:
    """An assistant message whose every ``tool_use`` block has an id of text: one without
    is given ``cline-<message>-<block>``, so that its result still links to it alone."""
    content = m.get("content")
    if not isinstance(content, list) or all(
        isinstance(b.get("id"), str)
        for b in content
        if isinstance(b, dict) and b.get("type") == "tool_use"
    ):
        return m
    return {
        **m,
        "content": [
            {**b, "id": f"cline-{i}-{k}"}
            if isinstance(b, dict)
            and b.get("type") == "tool_use"
            and not isinstance(b.get("id"), str)
            else b
            for k, b in enumerate(content)
        ],
    }


def _without_thinking(m: dict[str, Any]) -> dict[str, Any]:
    """An assistant message with the ``<thinking>`` its text holds taken out: Cline has the
    model think in those tags (before native thinking blocks), its reasoning, not its
    answer."""
    content = m.get("content")
    if isinstance(content, str):
        return (
            {**m, "content": _THINKING.sub("", content).strip()} if "<thinking>" in content else m
        )
    if not isinstance(content, list) or not any("<thinking>" in (_text(b) or "") for b in content):
        return m
    blocks = []
    for b in content:
        text = _text(b)
        if text is not None:
            text = _THINKING.sub("", text).strip()
            if not text:
                continue  # nothing but thinking
            b = {**b, "text": text}
        blocks.append(b)
    return {**m, "content": blocks}


def _with_xml_calls(m: dict[str, Any], i: int) -> dict[str, Any]:
    """An assistant message of Cline before native tool calls, its calls written in its
    text as XML (``<read_file>\n<path>src/a.py</path>\n</read_file>``), with each call
    as a ``tool_use`` block and its XML taken out of the text; a message holding
    ``tool_use`` blocks, or no such XML, as it is."""
    content = m.get("content")
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
    if not isinstance(blocks, list) or any(
        isinstance(b, dict) and b.get("type") == "tool_use" for b in blocks
    ):
        return m
    rewritten: list[Any] = []
    calls: list[Any] = []
    for block in blocks:
        text = _text(block)
        if text is None or "</" not in text:
            rewritten.append(block)
            continue
        kept: list[str] = []
        at = 0
        for call in _XML_CALL.finditer(text):
            if call.group(1) in _NOT_CALLS:
                continue
            params = {p.group(1): p.group(2) for p in _XML_PARAM.finditer(call.group(2))}
            if not params and call.group(2).strip():
                continue  # an element with text inside, not a call's parameters
            kept.append(text[at : call.start()])
            at = call.end()
            calls.append(
                {
                    "type": "tool_use",
                    "id": f"cline-xml-{i}-{len(calls)}",
                    "name": call.group(1),
                    "input": params,
                }
            )
        kept.append(text[at:])
        prose = "".join(kept).strip()
        if prose:
            rewritten.append({**block, "text": prose})
    if not calls:
        return m
    return {**m, "content": rewritten + calls}


def _answered(pending: list[tuple[str, str]], name: str) -> tuple[str, str] | None:
    """The id and tool of the call a result of ``name`` answers, taken off ``pending``: the
    first unanswered call of that tool, else (a result naming its tool otherwise) the first
    unanswered call."""
    for k, (_, called) in enumerate(pending):
        if called == name:
            return pending.pop(k)
    return pending.pop(0) if pending else None
