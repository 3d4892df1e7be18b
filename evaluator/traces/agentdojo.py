"""AgentDojo run files: the recorded runs AgentDojo-style benchmarks write per task.

One run is one JSON object with a ``messages`` list (and the run's ``suite_name``,
``pipeline_name``, task ids, ``utility``/``security``...). Its messages differ from
OpenAI Chat's in three ways this reader takes care of:

- content is a string or a list of blocks ``{"type": "text", "content": ...}``
  (``thinking`` blocks are the model's reasoning, not its answer: not read);
- an assistant's ``tool_calls`` are ``{"function": <name>, "args": {...}, "id": ...}``;
- a tool message carries its call (``tool_call``) and an ``error`` field: a tool
  that raised has ``error`` set (``"ValueError: ..."``) and empty content.

A run whose model call failed (a provider's 503) has the run's own ``error`` set and its
messages stop there: it is read, with one problem saying so (:func:`.harnesses.run_failure`).

AgentDojo writes a tool's return value as YAML text (``yaml.safe_dump``), so a
result whose text reads back as a YAML mapping or list gets that as its
structured form: its values have paths (``fees[].fee_id``) as a JSON result's do.
Dates stay the strings they were written as.
"""

from __future__ import annotations

from typing import Any

from .conversations import (
    CONVERTERS,
    Converter,
    Snapshot,
    as_call_id,
    text_of,
    tool_error,
    trace_id_of,
)
from .events import Event, call_event
from .harnesses import run_failure
from .yamltext import yaml_structure

# Keys of a run file no other message-list format has at its top level.
_RUN_KEYS = ("suite_name", "pipeline_name", "user_task_id", "injection_task_id")
_SKIPPED_BLOCKS = frozenset(["thinking", "redacted_thinking", "reasoning"])


def is_run(value: Any) -> bool:
    """Whether a record is an AgentDojo run: a ``messages`` list with AgentDojo's call shape
    (``{"function": "<name>", "args": ...}``), a tool message carrying ``tool_call``, or the
    run's own keys."""
    if not isinstance(value, dict) or not isinstance(value.get("messages"), list):
        return False
    if any(k in value for k in _RUN_KEYS):
        return True
    for m in value["messages"]:
        if not isinstance(m, dict):
            continue
        calls = m.get("tool_calls")
        if isinstance(calls, list) and any(_is_call(c) for c in calls):
            return True
        if m.get("role") == "tool" and _is_call(m.get("tool_call")):
            return True
    return False


def _is_call(call: Any) -> bool:
    return isinstance(call, dict) and isinstance(call.get("function"), str) and "args" in call


def _content(content: Any) -> str:
    """Text of a message's content, reasoning blocks left out."""
    if isinstance(content, list):
        content = [
            b for b in content if not (isinstance(b, dict) and b.get("type") in _SKIPPED_BLOCKS)
        ]
    return text_of(content)


class AgentDojo(Converter):
    """AgentDojo run files (and JSON Lines of them): one run, one trace."""

    name = "agentdojo"

    def unpack(self, value: Any) -> Snapshot | str:
        if not isinstance(value, dict):
            return "record is not a JSON object (an AgentDojo run is one)"
        if not isinstance(value.get("messages"), list):
            return "record has no 'messages' list"
        tid = trace_id_of(value)
        if tid is None and isinstance(value.get("run_id"), str):
            tid = value["run_id"]
        # One run, one whole trace: a run repeated under the same id is a trace of its own.
        return Snapshot(tid, value["messages"], whole=True, problem=run_failure(value))

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:
        events: list[Event] = []
        for msg, m in self.objects(messages, start, problems):
            role = m.get("role")
            if role in ("system", "user"):
                events.append(Event(role, "message", msg, text=_content(m.get("content"))))
            elif role == "assistant":
                self._assistant(m, msg, events, problems)
            elif role == "tool":
                events.append(self._result(m, msg))
            else:
                problems.append(f"message {msg} has unknown role {role!r}; skipped")
        for ev in events:
            ev.line = line
        return events

    @staticmethod
    def _assistant(m: dict[str, Any], msg: int, out: list[Event], problems: list[str]) -> None:
        text = _content(m.get("content"))
        calls = m.get("tool_calls") or []
        if not isinstance(calls, list):
            problems.append(f"message {msg}: 'tool_calls' is not a list; calls skipped")
            calls = []
        if text or not calls:
            out.append(Event("assistant", "message", msg, text=text))
        for i, call in enumerate(calls):
            if not _is_call(call):
                problems.append(
                    f"message {msg}: tool call {i} has no 'function' name and 'args' "
                    '(AgentDojo\'s {"function": ..., "args": ...}); skipped'
                )
                continue
            cid = call.get("id")
            out.append(call_event(msg, call["function"], as_call_id(cid), call["args"]))

    @staticmethod
    def _result(m: dict[str, Any], msg: int) -> Event:
        error = tool_error(m)
        text = _content(m.get("content"))
        failed = error is not None
        if error and not text.strip():
            text = error  # a tool that raised: its content is empty, the error says why
        call = m.get("tool_call")
        tool = call.get("function") if isinstance(call, dict) else None
        return Event(
            "tool",
            "result",
            msg,
            text=text,
            call_id=as_call_id(m.get("tool_call_id")),
            tool=tool if isinstance(tool, str) else None,
            is_error=failed,
            structured=None if failed else yaml_structure(text),
        )


# Registered beside the other message-list converters (the parsers and the shard cutter
# look formats up there); importing :mod:`.parsers` imports this module.
CONVERTERS[AgentDojo.name] = AgentDojo()
