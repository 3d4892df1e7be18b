"""Letta (MemGPT) agent files: what ``letta.agents.export_file`` writes (a ``.af`` file).

A file is ``{"agents": [...], "blocks", "tools", ...}`` (Letta 0.8 and later), or, in the
first version of the format (spring 2025), one agent (``{"agent_type", "llm_config",
"core_memory", "messages", ...}``). Each agent holds its whole history under ``messages``,
messages much like OpenAI Chat's, but written the way a MemGPT agent talks:

- the agent speaks to the user by calling its ``send_message`` tool (the ``message``
  argument is the reply, answered by a bare ``{"status": "OK"}``), and the text beside
  its calls is its inner monologue: Letta's own API returns the two as an
  ``assistant_message`` and a ``reasoning_message``. A ``letta_v1_agent`` has no
  ``send_message``: its text is the reply;
- what the user says comes wrapped as JSON, ``{"type": "user_message", "message": ...,
  "time": ...}``, and the same role carries the server's own notes to the agent
  (``login``, ``heartbeat``, ``system_alert``), which no person wrote;
- a sleep-time agent (``agent_type`` ``sleeptime_agent``, the background member of its
  main agent's ``sleeptime`` group) is handed the main agent's conversation as a
  transcript (``user: ...``/``assistant: ...`` lines, under a ``<system-reminder>`` in
  newer versions), a user-role message stamped with the group's ``group_id``: the
  group's hand-off, read as a system message, not a turn of a user's;
- the system prompt is written again whenever the agent's memory changes (it holds the
  memory), replacing the one before: a rebuild is read as the lines it adds;
- a tool message keeps the call's outcome in ``tool_returns`` (``status`` ``error``
  where the tool raised; its text then ``{"status": "Failed", "message": ...}``).

Each agent is one conversation, rewritten here as OpenAI Chat messages, named after the
agent. The shapes are Letta's (letta-ai/letta ``letta/schemas/agent_file.py``,
``letta/system.py`` ``package_user_message``/``get_heartbeat``/``get_login_event``), as the
files of letta-ai/agent-file hold them.
"""

from __future__ import annotations

import json
from typing import Any

from .conversations import CONVERTERS, OpenAIChat, Snapshot

#: The tool a MemGPT-style agent replies with; its ``message`` argument is the reply.
SEND_MESSAGE = "send_message"
#: Agent types whose text is inner monologue (the reply goes through ``send_message``).
#: A message that calls ``send_message``, or whose calls ask for a heartbeat, is read so
#: whatever the agent's type: an agent keeps its history when its type changes.
_MONOLOGUE_TYPES = frozenset(("memgpt_agent", "memgpt_v2_agent", "sleeptime_agent"))
#: The type of a sleep-time agent: the background agent of a ``sleeptime`` group, whose
#: user-role messages carrying the group's id are the transcript the group hands it.
_SLEEPTIME = "sleeptime_agent"
#: The argument a MemGPT-style call sets to be given the turn again (no other agent has it).
_HEARTBEAT_ARG = "request_heartbeat"
#: ``type`` of a user-role JSON text that a person wrote (``package_user_message``).
_USER_MESSAGE = "user_message"
#: ``type`` of the server's own notes, sent in the user role (``letta/system.py``).
_SERVER_NOTES = frozenset(("login", "heartbeat", "system_alert", "system_message"))
#: The keys of Letta's package around a tool's return, and its status for a failure.
_PACKAGE_KEYS = frozenset(("status", "message", "time"))
_FAILED = "Failed"
#: Keys that tell an agent of an agent file from other objects with ``messages``.
_AGENT_KEYS = ("llm_config", "agent_type")
_MEMORY_KEYS = (
    "core_memory",
    "memory_blocks",
    "in_context_message_indices",
    "in_context_message_ids",
)


def is_letta_agent(value: Any) -> bool:
    """One agent of a Letta agent file: ``messages`` beside its ``llm_config`` and
    ``agent_type`` and its memory (``core_memory`` or ``memory_blocks``) or context."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("messages"), list)
        and all(k in value for k in _AGENT_KEYS)
        and any(k in value for k in _MEMORY_KEYS)
    )


def letta_agents(value: Any) -> list[Any] | None:
    """The agents of a Letta agent file (``{"agents": [...], "tools", "blocks", ...}``),
    or ``None`` when the value is no such file."""
    if not isinstance(value, dict) or "messages" in value:
        return None
    agents = value.get("agents")
    if isinstance(agents, list) and agents and any(is_letta_agent(a) for a in agents):
        return agents
    return None


def _parts(content: Any) -> list[Any]:
    """A message's content as a list of parts. Letta writes a system message's content as
    the JSON text of its parts list; other content as the list itself, or a string."""
    if isinstance(content, str):
        stripped = content.lstrip()
        if stripped.startswith("[{"):
            try:
                decoded = json.loads(content)
            except ValueError:
                return [content]
            if isinstance(decoded, list):
                return decoded
        return [content]
    if isinstance(content, list):
        return content
    return [] if content is None else [content]


def _texts(content: Any) -> list[str]:
    """The text parts of a content (``reasoning`` and ``omitted_reasoning`` parts, the
    model's thinking, left out)."""
    out: list[str] = []
    for part in _parts(content):
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, dict) and part.get("type", "text") == "text":
            text = part.get("text")
            if isinstance(text, str):
                out.append(text)
    return out


def _packaged(text: str) -> dict[str, Any] | None:
    """A user-role text Letta packaged as JSON (``{"type": ..., ...}``), decoded."""
    if not text.lstrip().startswith("{"):
        return None
    try:
        decoded = json.loads(text)
    except ValueError:
        return None
    return decoded if isinstance(decoded, dict) and isinstance(decoded.get("type"), str) else None


def _user(m: dict[str, Any]) -> dict[str, Any]:
    """A user-role message: the person's words, or (a server note) a system message."""
    said: list[str] = []
    notes: list[str] = []
    for text in _texts(m.get("content")):
        packaged = _packaged(text)
        if packaged is None:
            said.append(text)
        elif packaged["type"] == _USER_MESSAGE:
            message = packaged.get("message")
            said.append(message if isinstance(message, str) else text)
        elif packaged["type"] in _SERVER_NOTES:
            note = packaged.get("message", packaged.get("reason"))
            notes.append(note if isinstance(note, str) and note else text)
        else:
            said.append(text)
    if said:
        return {"role": "user", "content": "\n".join(said)}
    return {"role": "system", "content": "\n".join(notes)}


def _heartbeat(call: Any) -> bool:
    """Whether a call carries MemGPT's ``request_heartbeat`` argument."""
    function = call.get("function") if isinstance(call, dict) else None
    arguments = function.get("arguments") if isinstance(function, dict) else None
    if isinstance(arguments, str):
        return f'"{_HEARTBEAT_ARG}"' in arguments
    return isinstance(arguments, dict) and _HEARTBEAT_ARG in arguments


def _reply(call: Any) -> str | None:
    """The reply a ``send_message`` call carries, or ``None`` when the call is another."""
    function = call.get("function") if isinstance(call, dict) else None
    if not isinstance(function, dict) or function.get("name") != SEND_MESSAGE:
        return None
    arguments = function.get("arguments")
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            return arguments
    message = arguments.get("message") if isinstance(arguments, dict) else None
    return message if isinstance(message, str) else ""


def _returned(m: dict[str, Any], text: str) -> tuple[str, str | None]:
    """A tool message's ``(result, why it failed or None)``. Letta hands the model each
    return packaged as ``{"status": "OK"|"Failed", "message": <the return as text>,
    "time"}`` (``package_function_response``): the result is the message, and the call
    failed where the status says ``Failed`` or its ``tool_returns`` say ``error``."""
    returns = m.get("tool_returns")
    failed = isinstance(returns, list) and any(
        isinstance(r, dict) and r.get("status") == "error" for r in returns
    )
    try:
        decoded = json.loads(text) if text.lstrip().startswith("{") else None
    except ValueError:
        decoded = None
    packaged = (
        isinstance(decoded, dict)
        and set(decoded) <= _PACKAGE_KEYS
        and isinstance(decoded.get("status"), str)
        and isinstance(decoded.get("message"), str | None)
    )
    if not packaged:
        return text, (text or "failed") if failed else None
    assert isinstance(decoded, dict)  # (for mypy: packaged says so)
    result = decoded.get("message") or ""
    if decoded["status"] == _FAILED:
        failed = True
    return result, (result or text) if failed else None


def _in_order(messages: list[Any], problems: list[str]) -> list[tuple[int, Any]]:
    """The messages with their indices, in the agent's order. A history opens with the
    agent's system message; a list that does not (some first-version exports) is not in
    its order, and the messages' ``created_at`` is the only order left, so they are read
    in it. Elsewhere the list's order stands: a user message that arrived while the agent
    was at work is stamped before the step it follows."""
    listed = list(enumerate(messages))
    stamps = [m.get("created_at") if isinstance(m, dict) else None for m in messages]
    first = messages[0] if messages else None
    if (
        not isinstance(first, dict)
        or first.get("role") == "system"
        or not all(isinstance(t, str) for t in stamps)
    ):
        return listed
    ordered = sorted(listed, key=lambda pair: str(stamps[pair[0]]))
    if ordered != listed:
        problems.append(
            "the messages are not in the agent's order (the first is not its system "
            "message): read in the order of their created_at"
        )
    return ordered


def letta_messages(agent: dict[str, Any], problems: list[str]) -> list[Any]:
    """One agent's history as OpenAI Chat messages (see the module's docstring)."""
    kind = agent.get("agent_type")
    monologue = isinstance(kind, str) and kind in _MONOLOGUE_TYPES
    sleeptime = kind == _SLEEPTIME
    replies: set[str] = set()  # the ids of send_message calls, whose results are no data
    # Each call's tool, by its id: a result names the tool it answers by the call (the
    # first files name the agent there).
    tools: dict[str, str] = {}
    prompt: str | None = None  # the system prompt as last written
    out: list[Any] = []
    for i, m in _in_order(agent["messages"], problems):
        if not isinstance(m, dict):
            problems.append(f"message {i} is not an object; skipped")
            continue
        role = m.get("role")
        if role == "system":
            text = "\n".join(_texts(m.get("content")))
            packaged = _packaged(text)
            if packaged is not None and packaged["type"] in _SERVER_NOTES:
                out.append(_user({"content": text}))  # a note (system_alert), no prompt
                continue
            if prompt is not None:
                # The prompt rebuilt (after a memory edit): it replaces the one before in
                # the model's context, so only what it adds is new there; read whole, each
                # rebuild would count the whole prompt again in every later model call.
                before = set(prompt.splitlines())
                prompt, text = (
                    text,
                    "\n".join(line for line in text.splitlines() if line not in before),
                )
                if text.strip():
                    out.append({"role": "system", "content": text})
                continue
            prompt = text
            out.append({"role": "system", "content": text})
        elif role == "user":
            user = _user(m)
            if sleeptime and isinstance(m.get("group_id"), str) and m["group_id"]:
                # The transcript its group hands a sleep-time agent (the main agent's
                # conversation to remember, ``letta/groups/sleeptime_multi_agent*.py``):
                # the group's words, not a person's, so no turn; what it says was said.
                user["role"] = "system"
            out.append(user)
        elif role == "assistant":
            calls: list[Any] = []
            said: list[str] = []
            listed = m.get("tool_calls") or []
            if not isinstance(listed, list):
                problems.append(f"message {i}'s tool_calls is not a list; its calls skipped")
                listed = []
            for call in listed:
                reply = _reply(call)
                if reply is None:
                    calls.append(call)
                    function = call.get("function") if isinstance(call, dict) else None
                    if isinstance(function, dict) and isinstance(call.get("id"), str):
                        tools[call["id"]] = str(function.get("name"))
                    continue
                if isinstance(call, dict) and isinstance(call.get("id"), str):
                    replies.add(call["id"])
                if reply:
                    said.append(reply)
            speaks = len(calls) < len(listed) or any(_heartbeat(c) for c in listed)
            if not (monologue or speaks):
                said = [*_texts(m.get("content")), *said]
            message: dict[str, Any] = {"role": "assistant", "content": "\n".join(said)}
            if calls:
                message["tool_calls"] = calls
            if said or calls:
                out.append(message)
        elif role == "tool":
            call_id = m.get("tool_call_id")
            if (isinstance(call_id, str) and call_id in replies) or m.get("name") == SEND_MESSAGE:
                continue  # send_message's "OK": the reply was delivered
            text = "\n".join(_texts(m.get("content")))
            message = {"role": "tool", "tool_call_id": m.get("tool_call_id"), "content": text}
            tool = tools.get(str(m.get("tool_call_id")), m.get("name"))
            if isinstance(tool, str):
                message["name"] = tool
            message["content"], failure = _returned(m, text)
            if failure is not None:
                message["error"] = failure
            out.append(message)
        else:
            out.append(m)  # (read as Chat reads it, which names a role it does not know)
    return out


class Letta(OpenAIChat):
    """Letta agent files: one agent a record, named after it, its messages read as
    :func:`letta_messages` writes them."""

    name = "letta"

    def unpack(self, value: Any) -> Snapshot | str:
        if not is_letta_agent(value):
            return (
                "record is not a Letta agent: it has no 'messages' beside an 'llm_config', "
                "an 'agent_type' and its memory"
            )
        problems: list[str] = []
        messages = letta_messages(value, problems)
        if not any(m.get("role") != "system" for m in messages if isinstance(m, dict)):
            return "the agent holds no message but its system prompt (exported without its history)"
        name = value.get("name")
        return Snapshot(
            name if isinstance(name, str) and name else None,
            messages,
            whole=True,
            problem="; ".join(problems) or None,
        )


# Registered beside the other message-list converters (the parsers and the shard cutter
# look formats up there); importing :mod:`.parsers` imports this module.
CONVERTERS[Letta.name] = Letta()
