"""AutoGen AgentChat (0.4 and later) conversations.

AgentChat's messages are pydantic models dumped as ``{"source", "models_usage", "content",
"type"}`` (``autogen_agentchat/messages.py`` of microsoft/autogen): ``TextMessage`` (the
user's, or an agent's named by its ``source``), ``ToolCallRequestEvent`` (``content`` the
calls, ``{"id", "name", "arguments"}``), ``ToolCallExecutionEvent`` (``content`` their
results, ``{"content", "name", "call_id", "is_error"}``) and ``ToolCallSummaryMessage``
(the results again, as the agent's reply when it does not reflect on them). They are kept
as a team's saved state (``team.save_state()``: a ``TeamState`` whose group chat manager
holds the ``message_thread``), as a run's result (``TaskResult``: ``{"messages": [...],
"stop_reason"}``) or as that list alone. An agent's own state keeps its model context
instead (``llm_context.messages``: ``UserMessage``, ``AssistantMessage`` whose ``content``
is text or the calls, ``FunctionExecutionResultMessage``, ``SystemMessage``).

:func:`autogen_messages` writes either as OpenAI Chat messages. A tool's result is the text
AgentChat made of what the tool returned, ``str(value)`` for anything but a pydantic model
(``BaseTool.return_value_as_string`` in ``autogen_core/tools/_base.py``): a dict or a list
comes back as its Python repr (``{'temp': 304.1, 'ok': True}``), which :func:`python_value`
reads so that the result's fields are seen as a JSON result's are. A summary message repeats
results the execution event already holds, as no model wrote it: left out. Thoughts,
streaming chunks and the team's bookkeeping events are no turn: left out too.
"""

from __future__ import annotations

import ast
import json
from typing import Any

from .._json import nested_deeper

#: AgentChat's message and event types (autogen_agentchat.messages), and autogen_core's
#: model-context messages (autogen_core.models).
_TEXT = frozenset({"TextMessage", "MultiModalMessage", "StopMessage", "HandoffMessage"})
_CALLS = frozenset({"ToolCallRequestEvent"})
_RESULTS = frozenset({"ToolCallExecutionEvent", "FunctionExecutionResultMessage"})
#: Not a turn of the conversation: a summary that repeats the results, the model's
#: thoughts, streamed pieces of a message written whole after them, and the team's own
#: events (who speaks next, a request for the user's input, memory looked up, code
#: generated and run by a code executor agent, not a tool call).
_LEFT_OUT = frozenset(
    {
        "ToolCallSummaryMessage",
        "ThoughtEvent",
        "ModelClientStreamingChunkEvent",
        "SelectSpeakerEvent",
        "SelectorEvent",
        "UserInputRequestedEvent",
        "MemoryQueryEvent",
        "CodeGenerationEvent",
        "CodeExecutionEvent",
        "StructuredMessage",
    }
)
_CONTEXT = frozenset({"UserMessage", "AssistantMessage", "SystemMessage"})
_KNOWN = _TEXT | _CALLS | _RESULTS | _LEFT_OUT | _CONTEXT


def _is_message(m: Any) -> bool:
    kind = m.get("type") if isinstance(m, dict) else None
    return isinstance(kind, str) and kind in _KNOWN and ("source" in m or "content" in m)


def _is_thread(value: Any) -> bool:
    """A list of AgentChat messages, at least one of which names its ``source``: at least
    half of its items (a broken one is reported when the list is read, not the reason the
    whole file is refused)."""
    if not isinstance(value, list) or not value:
        return False
    known = [m for m in value if _is_message(m)]
    return 2 * len(known) >= len(value) and any("source" in m for m in known)


def autogen_thread(value: Any) -> list[Any] | None:
    """The messages of an AutoGen AgentChat record: a team's saved state (its manager's
    ``message_thread``, else its first agent's model context), an agent's saved state,
    a ``TaskResult`` or a bare list of messages; ``None`` when ``value`` is none of them."""
    if _is_thread(value):
        return list(value)
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("messages"), list) and "stop_reason" in value:
        return value["messages"] if _is_thread(value["messages"]) or not value["messages"] else None
    kind = value.get("type")
    if kind == "TeamState" and isinstance(value.get("agent_states"), dict):
        states = [s for s in value["agent_states"].values() if isinstance(s, dict)]
        for state in states:
            if isinstance(state.get("message_thread"), list):
                return state["message_thread"]
        for state in states:
            found = autogen_thread(state)
            if found is not None:
                return found
        return None
    if isinstance(kind, str) and kind.endswith("ManagerState"):
        thread = value.get("message_thread")
        return thread if isinstance(thread, list) else None
    if kind == "ChatAgentContainerState":
        return autogen_thread(value.get("agent_state"))
    if kind == "AssistantAgentState":
        context = value.get("llm_context")
        messages = context.get("messages") if isinstance(context, dict) else None
        return messages if isinstance(messages, list) else None
    return None


def autogen_messages(messages: list[Any], problems: list[str]) -> list[Any]:
    """AgentChat messages (or an agent's model context) as OpenAI Chat messages; what
    cannot be read is added to ``problems`` (naming the message, counted from 0) and
    left out."""
    out: list[Any] = []
    for i, m in enumerate(messages):
        where = f"message {i}"
        if not isinstance(m, dict):
            problems.append(f"{where} is not an object; skipped")
            continue
        kind = m.get("type")
        if not isinstance(kind, str):
            problems.append(f"{where} has no type of text; skipped")
            continue
        source = m.get("source")
        content = m.get("content")
        if kind in _TEXT or kind in ("UserMessage", "SystemMessage"):
            # The user's words name their source "user"; an agent's, its own name (in an
            # agent's model context another agent's reply is a UserMessage so named).
            role = (
                "system"
                if kind == "SystemMessage"
                else "user"
                if source in (None, "user")
                else "assistant"
            )
            message: dict[str, Any] = {"role": role, "content": _text(content)}
            if role == "assistant" and isinstance(source, str):
                message["name"] = source
            _usage(m, message)
            out.append(message)
        elif kind in _CALLS or (kind == "AssistantMessage" and isinstance(content, list)):
            calls = (
                [_call(c) for c in content if isinstance(c, dict)]
                if isinstance(content, list)
                else []
            )
            if not calls:
                problems.append(f"{where}: {kind} holds no call; skipped")
                continue
            message = {"role": "assistant", "content": None, "tool_calls": calls}
            if isinstance(source, str):
                message["name"] = source
            _usage(m, message)
            out.append(message)
        elif kind == "AssistantMessage":
            message = {"role": "assistant", "content": _text(content)}
            if isinstance(source, str):
                message["name"] = source
            out.append(message)
        elif kind in _RESULTS:
            for r in content if isinstance(content, list) else []:
                if not isinstance(r, dict):
                    problems.append(f"{where}: a result is not an object; skipped")
                    continue
                result = {
                    "role": "tool",
                    "tool_call_id": r.get("call_id"),
                    "content": _text(r.get("content")),
                }
                if isinstance(r.get("name"), str):
                    result["name"] = r["name"]
                if r.get("is_error") is True:
                    result["error"] = True
                out.append(result)
        elif kind not in _LEFT_OUT:
            problems.append(f"{where} has type {kind!r}, not an AgentChat message; skipped")
    return out


def _call(c: dict[str, Any]) -> dict[str, Any]:
    args = c.get("arguments")
    return {
        "id": c.get("id"),
        "type": "function",
        "function": {
            "name": c.get("name"),
            "arguments": args if isinstance(args, str) else json.dumps(args),
        },
    }


def _text(content: Any) -> str:
    """A message's text: a multimodal message's strings joined (its images are no text)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(part for part in content if isinstance(part, str))
    return "" if content is None else json.dumps(content)


def _usage(m: dict[str, Any], message: dict[str, Any]) -> None:
    """The model call's usage, ``models_usage`` (``prompt_tokens``, ``completion_tokens``)."""
    usage = m.get("models_usage")
    if isinstance(usage, dict):
        message["usage"] = usage


#: The longest result text read as a Python value: longer ones stay text (literal_eval
#: builds the whole syntax tree first).
_MAX_LITERAL = 1 << 20


def python_value(text: str | None) -> dict[str, Any] | list[Any] | None:
    """The dict or list whose Python repr ``text`` is (``str()`` of what a tool returned),
    or ``None`` when it is none: JSON text is left to the JSON reading, and only literals
    are evaluated (``ast.literal_eval``: no name, call or operator). A tuple is read as a
    list, as JSON would hold it; a function's ``(True, {...})``, success and value, as
    its value."""
    if not text or len(text) > _MAX_LITERAL:
        return None
    head = text.lstrip()[:1]
    if head not in ("{", "[", "("):
        return None
    try:
        json.loads(text)
        return None  # JSON: read as JSON elsewhere
    except ValueError:
        pass
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if not isinstance(value, dict | list | tuple):
        return None
    if (
        type(value) is tuple
        and len(value) == 2
        and type(value[0]) is bool
        and isinstance(value[1], dict | list)
    ):
        # A function's (ok, value) pair, (True, {'balance': 200.0}): its fields are the
        # value's, as the same tool's bare {'balance': ...} gives them.
        value = value[1]
    try:
        doc = _jsonable(value)
    except RecursionError:
        return None
    return None if nested_deeper(doc) else doc


def _jsonable(value: Any) -> Any:
    """A literal as JSON would hold it: tuples and sets as lists, keys as text, bytes and
    complex numbers as their repr."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return repr(value)
