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
"""

from __future__ import annotations

import re
from typing import Any

#: A task folder's files: the conversation, and the two beside it that hold none.
CLINE_HISTORY = "api_conversation_history.json"
CLINE_BESIDE = frozenset({"ui_messages.json", "task_metadata.json"})

#: The head of a result: the tool's name, then what it acted on, quoted (a path, a
#: command, a question: any text, brackets and newlines included).
_RESULT = re.compile(r"\[([\w.:-]+)(?: for '.*?')?\] Result:", re.DOTALL)
#: What the user wrote, as Cline wraps it: the task, feedback on a completion or a denied
#: call, and a message sent when a task is resumed (to the text's end where the closing tag
#: was cut off with the text).
_USER_WORDS = re.compile(r"<(task|feedback|user_message)>\n?(.*?)(?:\n?</\1>|\Z)", re.DOTALL)
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
            pending = [
                (str(b.get("id")), str(b.get("name")))
                for b in (content if isinstance(content, list) else [])
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
        for block in content:
            text = block.get("text") if isinstance(block, dict) else None
            if (
                not isinstance(block, dict)
                or block.get("type") != "text"
                or not isinstance(text, str)
            ):
                words.append(block)  # images the user attached, and the like
                continue
            head = _RESULT.match(text)
            if head is not None:
                call = _answered(pending, head.group(1))
                if call is None:
                    problems.append(
                        f"message {i}: a result of {head.group(1)!r} answers no call of the "
                        "message before; kept as text"
                    )
                    added.append(block)
                    continue
                body = text[head.end() :].lstrip(" \n")
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


def _answered(pending: list[tuple[str, str]], name: str) -> str | None:
    """The id of the call a result of ``name`` answers, taken off ``pending``: the first
    unanswered call of that tool, else (a result naming its tool otherwise) the first
    unanswered call."""
    for k, (_, called) in enumerate(pending):
        if called == name:
            return pending.pop(k)[0]
    return pending.pop(0)[0] if pending else None
