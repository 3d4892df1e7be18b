"""Converters for the message-list formats: OpenAI Chat and Responses, Anthropic, Gemini,
Bedrock Converse, and two harnesses' records rewritten as OpenAI Chat (MINT, Harbor's ATIF).

Each converter does two things. :meth:`unpack` finds the message list (and
the recorded usage and conversation id) inside one record, whatever envelope
it came in: a bare list, ``{"messages": ...}``, a request/response pair, one
message per line, or a benchmark's run record (:func:`run_snapshot`).
:meth:`convert` turns a slice of messages into events. Keeping them apart
lets the assembler in :mod:`projeval.traces.parsers` skip the history a
request log repeats on every line before any event is built.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from . import aisdk, haystack, streams
from .actions import exit_failed, tool_hints
from .autogen import autogen_messages, autogen_thread, python_value
from .cline import cline_messages, is_cline_history
from .events import Event, Usage, call_event, parse_args
from .harnesses import (
    CALL_ROLES,
    RUN_END_ROLES,
    adk_contents,
    adk_eval_case,
    adk_session,
    adk_state,
    ag2_initiator_view,
    ag2_messages,
    atif_messages,
    azure_eval_messages,
    gemini_cli_messages,
    is_adk_eval_case,
    is_adk_events,
    is_ag2_tool_reply,
    is_atif,
    is_azure_eval,
    is_gemini_cli,
    is_langchain_message,
    is_openhands_events,
    is_sharegpt,
    langchain_message,
    mint_messages,
    openhands_messages,
    run_failure,
    sharegpt_messages,
    swe_agent_history,
)
from .headers import split_header
from .mcp import call_tool_result_output, content_output

# Conversation ids: the first of these keys found on the record (or its metadata).
_ID_KEYS = (
    "trace_id",
    "conversation_id",
    "conversationId",  # a harness's camelCase id (Tally's conversation steps)
    "session_id",
    "sessionId",
    "thread_id",
    "id",
)
# Per-response ids: not a conversation id, so a request log's lines are not merged on them.
_RESPONSE_ID_PREFIXES = ("chatcmpl-", "msg_", "resp_", "cmpl-")
#: Keys under which a benchmark's run record holds its conversation (a list of role-tagged
#: messages) beside the run's own fields, where public harnesses write them:
#:
#: - ``traj``: tau-bench's results file, a JSON list of ``EnvRunResult`` records
#:   (``task_id``, ``trial``, ``reward``, ``info``, ``traj``; sierra-research/tau-bench
#:   ``tau_bench/types.py``), which its forks keep;
#: - ``history``: SWE-agent's ``.traj`` files (``history`` beside ``info``, ``environment``
#:   and ``trajectory``, whose steps are not messages; SWE-agent/SWE-agent
#:   ``trajectories/demonstrations/``).
#:
#: ``messages`` (mini-SWE-agent, AgentDojo, request logs) is read before any of these.
RUN_KEYS = ("traj", "history")
#: Keys under which a benchmark's results document (one JSON object) lists its run
#: records, each a whole conversation (:func:`listed_run`):
#:
#: - ``simulations``: the results file of tau2-bench and its forks, ``{"info", "tasks",
#:   "simulations": [SimulationRun, ...]}``, each run's conversation under ``messages``
#:   beside its ``id``, ``task_id``, ``trial``, ``termination_reason`` and ``reward_info``
#:   (``Results`` and ``SimulationRun`` in sierra-research/tau2-bench
#:   ``src/tau2/data_model/simulation.py`` at 143a213f3998f714e5b06dff642f99c668ad6790).
#: - ``eval_case_results``: a Google ADK eval set's run, what ``adk eval`` and ``adk web``
#:   keep in ``.adk/eval_history/`` (``EvalSetResult``, ``{"eval_set_result_id",
#:   "eval_set_id", "eval_case_results": [EvalCaseResult, ...]}``; camelCase from the web
#:   UI's API), each case's run one conversation (:func:`~.harnesses.adk_eval_case`;
#:   google/adk-python ``src/google/adk/evaluation/eval_result.py`` at
#:   13b8219eb56df816cebb3071d3da74d670102755).
RUN_LISTS = ("simulations", "eval_case_results", "evalCaseResults")
# A run's own ids, which name its trace when it carries no conversation id.
_TASK_KEY, _TRIAL_KEY = "task_id", "trial"
#: ``requestor`` of the tool calls and results a simulated user makes with its own tools
#: (tau2-bench's ``ToolCall`` and ``ToolMessage``: sierra-research/tau2-bench
#: ``src/tau2/data_model/message.py`` at 2e2a017bee5bef315c29ee2e4d67467bd99ef94f). They are
#: the simulation's, not the agent's: no call, result or turn is read from them.
USER_REQUESTOR = "user"


@dataclass(slots=True)
class Snapshot:
    """What one record holds: a conversation so far, or one message to append."""

    trace_id: str | None
    messages: list[Any]
    usage: Usage | None = None
    append: bool = False  # one message per record: append instead of replacing
    # OpenAI Responses: this record's response id, and the one it continues (a request
    # with ``previous_response_id`` holds only the new items).
    response_id: str | None = None
    previous_id: str | None = None
    #: What could not be read of the record, though the rest was (a broken stream).
    problem: str | None = None
    #: A run record (:func:`run_snapshot`): one whole conversation, which no other record
    #: continues, though another run of the same task may carry the same id.
    whole: bool = False
    #: A record of the log's own bookkeeping (an agent session log's progress notes, file
    #: snapshots, system notes): it holds no message by design, so it is no problem.
    bookkeeping: bool = False
    #: ``name -> reads`` of the tools the record itself defines (:func:`~.actions.tool_hints`
    #: of an Azure AI Evaluation row's ``tool_definitions``), which its trace's calls use.
    tool_hints: dict[str, bool] | None = None
    #: The tool definitions the record gives the model (a request's ``tools``), as it
    #: holds them: what they state grounds claims (:func:`~.actions.tool_statements`, read
    #: once a tool per trace).
    tools: Any = None
    #: The run whose messages, and only its, the record holds (Pydantic AI's rows of one
    #: run's new messages): they continue the record's conversation after the runs before,
    #: and a row saved again as the run went on adds only what it had not yet said.
    run_id: str | None = None
    #: Why the record's run seems cut short (it ends on a request the model never
    #: answered): reported unless a later row of the same run goes on.
    unanswered: str | None = None
    #: A session log's head (Codex CLI's session meta): it names the file's one session,
    #: which the log's later lines, carrying no id of their own, continue.
    session: bool = False
    #: One item of the model's output written as a line of its own (Codex CLI's session
    #: log): consecutive ones are one model call, so they are read together.
    joins: bool = False
    #: The session's running token total a usage record gives beside the model call's own
    #: (Codex CLI's ``token_count``): a record repeating the one before's is that model
    #: call's usage written again, no model call of its own.
    running_total: str | None = None
    #: The copy a session log's UI writes of the user's message (Codex CLI's ``user_message``
    #: event, after the item it repeats): the user's message only where the record just
    #: before holds no user message (a file cut down to these events), else nothing.
    echo: bool = False


def trace_id_of(record: dict[str, Any]) -> str | None:
    """The conversation id a record carries, if any."""
    for holder in (record, record.get("metadata")):
        if not isinstance(holder, dict):
            continue
        for key in _ID_KEYS:
            value = holder.get(key)
            if isinstance(value, str | int) and not isinstance(value, bool):
                text = str(value)
                if key == "id" and text.startswith(_RESPONSE_ID_PREFIXES):
                    continue
                return text
    return None


def run_messages(record: dict[str, Any]) -> list[Any] | None:
    """The conversation a run record holds under one of :data:`RUN_KEYS`: the first such
    list that holds a message with a ``role`` (SWE-agent's ``trajectory`` steps hold none)."""
    for key in RUN_KEYS:
        value = record.get(key)
        if type(value) is list and any(type(m) is dict and "role" in m for m in value):
            return value
    return None


def run_snapshot(record: dict[str, Any]) -> Snapshot | None:
    """A run record's conversation, named by its conversation id or else by the run's
    ids (``task 3 trial 1``); ``None`` when the record holds none under :data:`RUN_KEYS`.

    A run whose conversation is an empty list recorded none (tau-bench writes ``traj: []``
    beside ``info.error`` when its run raised): a whole run with no messages, which the
    parser reports with why the run failed, if the record says."""
    messages = run_messages(record)
    if messages is None:
        if any(record.get(key) == [] for key in RUN_KEYS) and _run_name(record) is not None:
            return Snapshot(_run_name(record), [], whole=True, problem=run_failure(record))
        return None
    history = record.get("history")
    if isinstance(history, list) and history is messages:  # SWE-agent's: text actions
        messages = swe_agent_history(history)
    name = trace_id_of(record) or _run_name(record)
    return Snapshot(name, messages, whole=True, problem=run_failure(record))


def listed_run(snap: Snapshot, record: Any) -> Snapshot:
    """A record a results document lists under one of :data:`RUN_LISTS`: one whole
    conversation, named as a run record is (its conversation id, else ``task 3 trial 1``)."""
    snap.whole = True
    if snap.trace_id is None and isinstance(record, dict):
        snap.trace_id = _run_name(record)
    return snap


def _run_name(record: dict[str, Any]) -> str | None:
    task = record.get(_TASK_KEY)
    if not isinstance(task, str | int) or isinstance(task, bool):
        return None
    trial = record.get(_TRIAL_KEY)
    if isinstance(trial, str | int) and not isinstance(trial, bool):
        return f"task {task} trial {trial}"
    return f"task {task}"


def no_conversation(reason: str, key: str = "messages") -> str:
    """Why a record in none of a format's shapes is skipped (``reason``), and the fix."""
    keys = " or ".join(repr(k) for k in RUN_KEYS)
    return (
        f"{reason}, nor a run's messages under {keys} (put its conversation under {key!r}: "
        "a list of messages with a 'role')"
    )


def recorded_response(fmt: str, resp: Any) -> tuple[Any, str | None]:
    """A pair's response as an object: a streamed body (event stream, list of chunks)
    assembled, or ``None`` and the reason it cannot be read."""
    if resp is None or isinstance(resp, dict):
        return resp, None
    if fmt not in streams.ASSEMBLED:
        return None, (
            f"the response is not a JSON object, and {fmt} streams are not read "
            "(record the response unstreamed); the request's messages are kept"
        )
    joined = streams.assemble(fmt, resp)
    if isinstance(joined, str):
        return None, f"{joined}; the request's messages are kept"
    return joined, None


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _get(d: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(d, dict):
            return None
        d = d.get(key)
    return d


def openai_usage(raw: Any) -> Usage | None:
    """Chat (``prompt_tokens``), Responses (``input_tokens``) or Cohere (``tokens``) usage;
    input includes cache."""
    if not isinstance(raw, dict):
        return None
    if "prompt_tokens" in raw:
        return Usage(
            input_total=_int(raw.get("prompt_tokens")),
            output=_int(raw.get("completion_tokens")),
            cache_read=_int(_get(raw, "prompt_tokens_details", "cached_tokens")),
        )
    if "input_tokens" in raw:
        return Usage(
            input_total=_int(raw.get("input_tokens")),
            output=_int(raw.get("output_tokens")),
            cache_read=_int(_get(raw, "input_tokens_details", "cached_tokens")),
        )
    if isinstance(raw.get("tokens"), dict) and "input_tokens" in raw["tokens"]:
        # Cohere's v2 chat: the tokens the model read and wrote (``billed_units`` is the
        # part billed), the cache's beside them.
        return Usage(
            input_total=_int(raw["tokens"].get("input_tokens")),
            output=_int(raw["tokens"].get("output_tokens")),
            cache_read=_int(raw.get("cached_tokens")),
        )
    return None


def anthropic_usage(raw: Any) -> Usage | None:
    """Anthropic usage. ``input_tokens`` excludes cache tokens, so they are added here.

    A response that ran more than one sampling iteration (a server-side compaction, an
    advisor's) lists each in ``iterations``, and its top-level counts are the answer's
    alone: the iterations, each billed, are summed instead."""
    if not isinstance(raw, dict) or "input_tokens" not in raw:
        return None
    iterations = raw.get("iterations")
    if isinstance(iterations, list) and iterations and all(isinstance(i, dict) for i in iterations):
        parts = [anthropic_usage(i) for i in iterations]
        if all(p is not None and p.input_total is not None for p in parts):
            return Usage(
                input_total=sum(p.input_total or 0 for p in parts if p),
                output=sum(p.output or 0 for p in parts if p),
                cache_read=sum(p.cache_read or 0 for p in parts if p),
                cache_creation=sum(p.cache_creation or 0 for p in parts if p),
            )
    base = _int(raw.get("input_tokens"))
    read = _int(raw.get("cache_read_input_tokens"))
    created = _int(raw.get("cache_creation_input_tokens"))
    total = None if base is None else base + (read or 0) + (created or 0)
    return Usage(
        input_total=total,
        output=_int(raw.get("output_tokens")),
        cache_read=read,
        cache_creation=created,
    )


def text_of(content: Any) -> str:
    """Flatten message content (a string, or a list of text parts/blocks) to text."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, dict):
                text = part.get("text")
                if isinstance(text, str):
                    parts.append(text)
                elif isinstance(part.get("content"), str):
                    parts.append(part["content"])
        return "\n".join(parts)
    if isinstance(content, dict) and isinstance(content.get("text"), str):
        return content["text"]
    return json.dumps(content, ensure_ascii=False, sort_keys=True)


def _attach_usage(events: list[Event], first: int, usage: Usage | None) -> None:
    """Give a message's usage to its first event the model wrote (a compaction's summary
    before it is context, not the call)."""
    at = next((i for i in range(first, len(events)) if events[i].role == "assistant"), first)
    if usage is not None and at < len(events) and events[at].usage is None:
        events[at].usage = usage


class Converter:
    """Base class: one record to a :class:`Snapshot`, messages to events."""

    name = ""

    def unpack(self, value: Any) -> Snapshot | str:  # pragma: no cover - abstract
        """The snapshot in a record, or the reason the record holds none."""
        raise NotImplementedError

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:  # pragma: no cover - abstract
        """Events of ``messages``, numbering source messages from ``start``."""
        raise NotImplementedError

    @staticmethod
    def objects(
        messages: list[Any], start: int, problems: list[str]
    ) -> Iterator[tuple[int, dict[str, Any]]]:
        """``(number, message)`` of the messages that are objects; the others become problems."""
        for i, m in enumerate(messages):
            if isinstance(m, dict):
                yield start + i, m
            else:
                problems.append(f"message {start + i} is not an object; skipped")


class OpenAIChat(Converter):
    """OpenAI Chat Completions, including legacy ``function_call`` and ``custom`` calls."""

    name = "openai_chat"

    def unpack(self, value: Any) -> Snapshot | str:
        if isinstance(value, list):
            return Snapshot(None, value)
        if not isinstance(value, dict):
            return "record is not a JSON object or list"
        tid = trace_id_of(value)
        step = aisdk.step_messages(value)
        if step is not None:
            # One step of a recorded conversation (the user's message and the agent's
            # answer): it continues the conversation its id names.
            return Snapshot(tid, step, append=True)
        steps = aisdk.steps_messages(value)
        if steps is not None:
            return Snapshot(tid, steps, whole=True)
        if isinstance(value.get("request"), dict):
            req = value["request"]
            resp, problem = recorded_response(self.name, value.get("response"))
            messages = list(req.get("messages") or [])
            if req and not isinstance(req.get("messages"), list):
                lost = (
                    "the request has no 'messages' list, so only the model's response is "
                    "read, not the messages sent (fix: the request's 'messages')"
                )
                problem = "; ".join(p for p in (lost, problem) if p)
            choice = _get(resp, "choices")
            if isinstance(choice, list) and choice and isinstance(choice[0], dict):
                messages.append(choice[0].get("message") or {})
            elif isinstance(_get(resp, "message"), dict) and resp["message"].get("role"):
                # A chat API that answers one message, not choices (Cohere's v2 chat).
                messages.append(resp["message"])
            elif isinstance(resp, dict) and resp.get("role") == "assistant":
                messages.append(resp)  # a response that is the answer's message itself
            elif isinstance(resp, dict) and resp and problem is None:
                problem = (
                    "the response holds no 'choices' and no 'message', so the model's answer "
                    "is not read; the request's messages are kept"
                )
            return Snapshot(
                tid,
                messages,
                openai_usage(_get(resp, "usage")),
                problem=problem,
                tools=req.get("tools"),
            )
        if isinstance(value.get("messages"), list):
            messages = value["messages"]
            choices = value.get("choices")
            if isinstance(choices, list) and choices and isinstance(choices[0], dict):
                messages = [*messages, choices[0].get("message") or {}]
            # A harness's run record (mini-SWE-agent's) may say its run failed.
            usage = openai_usage(value.get("usage"))
            return Snapshot(
                tid, messages, usage, problem=run_failure(value), tools=value.get("tools")
            )
        if isinstance(value.get("choices"), list) and value["choices"]:
            first = value["choices"][0]
            msg = first.get("message") if isinstance(first, dict) else None
            return Snapshot(tid, [msg or {}], openai_usage(value.get("usage")), append=True)
        if isinstance(value.get("message"), dict) and "role" in value["message"]:
            return Snapshot(tid, [value["message"]], append=True)
        if "role" in value or is_langchain_message(value):
            # One message a record (a LangChain chat history's rows, one dump each).
            return Snapshot(tid, [value], append=True)
        return run_snapshot(value) or no_conversation(
            "record has no 'messages' list, no 'choices' and no 'role'"
        )

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:
        if start == 0:
            # AutoGen's or AG2's history as its initiator holds it, without tool calls
            # (with them, its tool_responses say so, below): its roles the other way round.
            view = ag2_initiator_view(messages)
            if view is not None and view[1]:
                messages = ag2_messages(messages)
            elif view is not None:
                problems.append(
                    "every message is named and the first is an assistant message named "
                    f"{view[0]!r}, as in an AG2 or AutoGen chat history held by the agent "
                    "that started the chat, whose roles are the other way round; nothing "
                    "confirms it (no tool reply, no 'TERMINATE'), so it is read as written "
                    "(record the answering agent's view, its chat_messages[<the "
                    "initiator>], to be sure)"
                )
        if any(haystack.is_haystack_message(m) for m in messages):
            messages = haystack.chat_messages(messages)
        if any(aisdk.is_ui_message(m) for m in messages):
            # The AI SDK's UIMessages (a chat app's stored history): their model calls,
            # calls and results rewritten as the ModelMessages they stand for.
            messages = aisdk.ui_messages(messages)
        events: list[Event] = []
        noted = len(problems)
        for msg, m in enumerate(messages, start):  # objects() inlined: once a message
            if not isinstance(m, dict):
                problems.append(f"message {msg} is not an object; skipped")
                continue
            role = m.get("role")
            if role is None and is_langchain_message(m):
                m = langchain_message(m)  # a LangChain message dump: {"type", "data"}
                role = m["role"]
            first = len(events)
            if role in ("system", "developer"):
                _check_text(m.get("content"), msg, problems)
                events.append(
                    Event("system", "message", msg, _chat_text(m.get("content"), msg, problems))
                )
            elif role == "user":
                _check_text(m.get("content"), msg, problems)
                text = _chat_text(m.get("content"), msg, problems)
                # A simulated user's calls to its own tools are not the agent's: they are
                # left out, and a message that holds nothing else is no turn.
                if text or not m.get("tool_calls"):
                    events.append(Event("user", "message", msg, text))
            elif role == "assistant":
                self._assistant(m, msg, events, problems)
                if "usage" in m:
                    _attach_usage(events, first, openai_usage(m["usage"]))
            elif role == "tool":
                if m.get("requestor") == USER_REQUESTOR:
                    continue  # the answer to a simulated user's own tool call
                if is_ag2_tool_reply(m):
                    # AutoGen's or AG2's history (tool_responses): read again rewritten.
                    del problems[noted:]
                    return self.convert(ag2_messages(messages), start, line, problems)
                parts = aisdk.result_parts(m.get("content"))
                if parts:
                    # The AI SDK's tool message: one result a part, each naming its call.
                    for part in parts:
                        text, failed = aisdk.result_output(part)
                        events.append(
                            Event(
                                "tool",
                                "result",
                                msg,
                                text,
                                _str(part.get("toolName")),
                                as_call_id(part.get("toolCallId")),
                                is_error=True if failed else None,
                            )
                        )
                    continue
                text = _chat_text(m.get("content"), msg, problems)
                error = tool_error(m)
                if error and not text.strip():
                    text = error
                # An MCP server's CallToolResult relayed whole: its text is the answer whose
                # fields values have their paths in, and its isError says if the call failed.
                relayed = call_tool_result_output(text) if text[:1] == "{" else None
                structured = None
                if relayed is not None:
                    if relayed[1] and error is None:
                        error = relayed[0]
                    if relayed[0][:1] in ("{", "["):
                        structured = parse_args(relayed[0])[1]
                # Positional (role, kind, msg, text, tool, call_id, args_raw, args,
                # structured, is_error), as in call_event: once per result of a corpus.
                events.append(
                    Event(
                        "tool",
                        "result",
                        msg,
                        text,
                        _str(m.get("name")),
                        _result_id(m),
                        None,
                        None,
                        structured if isinstance(structured, dict | list) else None,
                        True if error is not None else None,
                    )
                )
            elif role == "function":
                events.append(
                    Event(
                        "tool",
                        "result",
                        msg,
                        text=_chat_text(m.get("content"), msg, problems),
                        tool=_str(m.get("name")),
                    )
                )
            elif isinstance(role, str) and role in RUN_END_ROLES:
                continue  # how the run ended (its submission), not a message
            elif isinstance(role, str) and role in CALL_ROLES:
                # ShareGPT's tool turns written as Chat messages (ms-swift's tool_call and
                # tool_response): the messages are read again with those rewritten.
                del problems[noted:]
                rewritten = sharegpt_messages(messages, problems, keys=("role", "content"))
                return self.convert(rewritten, start, line, problems)
            else:
                problems.append(f"message {msg} has unknown role {role!r}; skipped")
        for ev in events:  # once at the end: every event of this call has the record's line
            ev.line = line
        return events

    def _assistant(
        self, m: dict[str, Any], msg: int, out: list[Event], problems: list[str]
    ) -> None:
        _check_text(m.get("content"), msg, problems)
        text = _chat_text(m.get("content"), msg, problems) or (m.get("refusal") or "")
        if not text and isinstance(m.get("tool_plan"), str):
            text = m["tool_plan"]  # Cohere: what the model says it will do, before its calls
        calls = m.get("tool_calls") or []
        legacy = m.get("function_call")
        parts = aisdk.call_parts(m.get("content"))  # the AI SDK's calls: content parts
        if text or not (calls or legacy or parts):
            out.append(Event("assistant", "message", msg, text))
        for part in parts:
            tool, call_id = _str(part.get("toolName")), as_call_id(part.get("toolCallId"))
            out.append(call_event(msg, tool, call_id, aisdk.call_input(part)))
        if not isinstance(calls, list):
            # A hand-written or converted log with its calls as a name or an object: say
            # so, since the results answering them would otherwise stand unexplained.
            problems.append(
                f"message {msg}: tool_calls is {_a_type(calls)}, not a list of calls; skipped"
            )
            calls = []
        for tc in calls:
            if not isinstance(tc, dict):
                problems.append(f"message {msg}: a tool call is not an object; skipped")
                continue
            if tc.get("requestor") == USER_REQUESTOR:
                continue  # a simulated user's own tool, not the agent's
            kind = tc.get("type", "function")
            if kind == "custom" and isinstance(tc.get("custom"), dict):
                body, arguments = tc["custom"], tc["custom"].get("input")
            elif isinstance(tc.get("function"), dict):
                body, arguments = tc["function"], tc["function"].get("arguments")
            elif kind == "function" and isinstance(tc.get("name"), str):
                # A flat call: the name and arguments (an object or a JSON string) at the
                # call's top level, as tau2-bench's ToolCall and some compatible servers write.
                body, arguments = tc, tc.get("arguments")
            elif kind == "function" and isinstance(tc.get("function"), str):
                # A flat call naming its tool in "function": Inspect AI's ToolCall.
                body, arguments = {"name": tc["function"]}, tc.get("arguments")
            elif "type" not in tc or kind == "function":
                problems.append(
                    f"message {msg}: a tool call names no function ('function' or 'name'); skipped"
                )
                continue
            else:
                problems.append(f"message {msg}: unknown tool call type {kind!r}; skipped")
                continue
            out.append(call_event(msg, _str(body.get("name")), as_call_id(tc.get("id")), arguments))
        if isinstance(legacy, dict):
            out.append(call_event(msg, _str(legacy.get("name")), None, legacy.get("arguments")))


#: Chat content parts that hold no text by design (an image, audio, a file the user sent):
#: what the detectors read is text, so these are passed over without a problem.
_CHAT_MEDIA_PARTS = frozenset(("image_url", "input_audio", "file", "image", "audio"))


def _a_type(value: Any) -> str:
    """A JSON value's type, as a problem names it ("a string", "a number")."""
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    return "an object" if isinstance(value, dict) else f"a {type(value).__name__}"


def _check_text(content: Any, msg: int, problems: list[str]) -> None:
    """Report a message's content that is neither text, parts nor empty (a number, a
    boolean): it is read as its text, as before, but not unseen."""
    if isinstance(content, bool | int | float):
        problems.append(
            f"message {msg}: content is {_a_type(content)}, not text or a list of parts;"
            " read as its text"
        )


def _chat_text(content: Any, msg: int, problems: list[str]) -> str:
    """A Chat message's text. A list of parts is read part by part: a part's ``text`` (or,
    in a refusal, its ``refusal``), plain strings, nothing from media (an image, audio, a
    file); a part of any other type with no text is reported, never dropped unseen."""
    if not isinstance(content, list):
        return text_of(content)
    parts: list[str] = []
    for i, part in enumerate(content):
        if isinstance(part, str):
            parts.append(part)
            continue
        if not isinstance(part, dict):
            problems.append(f"message {msg}: content part {i} is not an object; skipped")
            continue
        kind = part.get("type")
        if not isinstance(kind, str | None):
            kind = repr(kind)  # a list or object is no type; reported below if no text
        if kind in aisdk.PASSED_PARTS:
            continue  # the AI SDK's calls and results (read as such), and its thinking
        text = part.get("text")
        if not isinstance(text, str):
            text = part.get("refusal") if kind == "refusal" else part.get("content")
        if kind == "document" and isinstance(part.get("document"), dict):
            # Cohere's tool results: each a document whose data is text or an object.
            data = part["document"].get("data")
            if data is not None:
                text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        if isinstance(text, str):
            parts.append(text)
        elif kind not in _CHAT_MEDIA_PARTS:
            problems.append(
                f"message {msg}: content part {i} has unknown type {kind!r} and no text; its"
                ' content is not read (write it as {"type": "text", "text": ...})'
            )
    return "\n".join(parts)


def _str(value: Any) -> str | None:
    if value is None:
        return None
    return value.strip() if isinstance(value, str) else str(value)


def as_call_id(value: Any) -> str | None:
    """A call id as text, or ``None`` for none or an empty one (tau2-bench's default
    ``""``), so that calls without an id are linked by order, not all to the first."""
    return _str(value) or None


def _result_id(m: dict[str, Any]) -> str | None:
    """The call a ``tool`` message answers: ``tool_call_id``, SWE-agent's list of one,
    ``tool_call_ids``, or tau2-bench's ``id`` (its ToolMessage names the call it answers so)."""
    if "tool_call_id" in m:
        return as_call_id(m["tool_call_id"])
    ids = m.get("tool_call_ids")
    if isinstance(ids, list):
        return as_call_id(ids[0]) if len(ids) == 1 else None
    return as_call_id(m.get("id"))


def tool_error(m: dict[str, Any]) -> str | None:
    """What a tool message's own ``error`` field says went wrong, or ``None`` when it says
    nothing did: the error's text (AgentDojo's ``"ValueError: ..."``), or ``""`` where the
    field is a flag (tau2-bench's ToolMessage, ``"error": true``)."""
    error = m.get("error")
    if not error:
        return None
    if isinstance(error, str):
        return error
    return "" if isinstance(error, bool | int | float) else text_of(error)


# Responses items that are the model's own output: consecutive ones are one model call.
_MODEL_ITEMS = {
    "function_call",
    "hosted_tool_call",
    "custom_tool_call",
    "reasoning",
    "mcp_call",
    "web_search_call",
    "file_search_call",
    "code_interpreter_call",
    "image_generation_call",
    "computer_call",
    "shell_call",
    "local_shell_call",
    "apply_patch_call",
    "mcp_list_tools",
    "mcp_approval_request",
    "tool_search_call",
    "program",
    "x_search_call",
}
# Built-in tools the client runs, as the model calls them (``shell_call``) and as their
# output comes back (``shell_call_output``): a call named by the tool, its arguments the
# item's action or operation.
_BUILT_IN_CALLS = {
    "shell_call": ("shell", "action"),
    "local_shell_call": ("local_shell", "action"),
    "apply_patch_call": ("apply_patch", "operation"),
}
_BUILT_IN_OUTPUTS = {
    "shell_call_output": "shell",
    "local_shell_call_output": "local_shell",
    "apply_patch_call_output": "apply_patch",
}
# Searches the provider runs, by item type, and the tool each is a call to: OpenAI's and
# Codex's web search, xAI's web search and search of X posts (see _web_search).
_HOSTED_SEARCHES = {"web_search_call": "web_search", "x_search_call": "x_search"}
# Items that are understood but carry nothing this analysis counts: a hosted file
# search's results are not recorded. (A web or X search is a call: see _web_search.)
_IGNORED_ITEMS = {
    "reasoning",
    "file_search_call",
    "code_interpreter_call",  # only when its outputs were not recorded
    "image_generation_call",
    "computer_call",
    "computer_call_output",
    "computer_call_result",  # the Agents SDK for JavaScript's name for it
    "mcp_list_tools",
    "mcp_approval_request",
    "mcp_approval_response",
    "item_reference",
    "compaction",
}


def _found_tools(tools: Any) -> str:
    """A tool search's result: the names of the tools it found, one a line (their
    definitions join the trace's tools)."""
    if not isinstance(tools, list):
        return ""
    names = [t.get("name") for t in tools if isinstance(t, dict)]
    return "\n".join(n for n in names if isinstance(n, str))


def _built_in_output(item: dict[str, Any]) -> tuple[str, bool]:
    """The text of a built-in tool's output item and whether the tool failed: a shell's
    ``output`` list of ``{"stdout", "stderr", "outcome": {"type": "exit", "exit_code"}}``
    (a non-zero exit or a ``timeout`` outcome failed), a local shell's ``output`` text, a
    patch's ``output`` with its ``status`` (``failed``)."""
    output = item.get("output")
    failed = item.get("status") == "failed"
    if not isinstance(output, list):
        return text_of(output) if output is not None else "", failed
    parts: list[str] = []
    for run in output:
        if not isinstance(run, dict):
            continue
        parts.extend(run[k] for k in ("stdout", "stderr") if isinstance(run.get(k), str))
        outcome = run.get("outcome")
        if isinstance(outcome, dict):
            failed = failed or outcome.get("type") == "timeout"
            failed = failed or exit_failed(outcome.get("exit_code"))
    return "".join(parts), failed


class OpenAIResponses(Converter):
    """OpenAI Responses API items; calls link to outputs on ``call_id`` (not ``id``)."""

    name = "openai_responses"

    def unpack(self, value: Any) -> Snapshot | str:
        if isinstance(value, list):
            return Snapshot(None, value)
        if not isinstance(value, dict):
            return "record is not a JSON object or list"
        codex = codex_line(value)
        if codex is not None:
            return codex
        tid = trace_id_of(value)
        req, resp = value, value
        problem = None
        if isinstance(value.get("request"), dict):
            req = value["request"]
            resp, problem = recorded_response(self.name, value.get("response"))
            resp = resp or {}
        items: list[Any] = []
        if isinstance(req.get("instructions"), str):
            items.append({"type": "message", "role": "system", "content": req["instructions"]})
        inp = req.get("input")
        if isinstance(inp, str):
            items.append({"type": "message", "role": "user", "content": inp})
        elif isinstance(inp, list):
            items.extend(inp)
        if isinstance(resp, dict) and isinstance(resp.get("output"), list):
            items.extend(resp["output"])
        if not items:
            return run_snapshot(value) or no_conversation(
                "record has no 'input' or 'output' items", "input"
            )
        rid = resp.get("id") if isinstance(resp, dict) else None
        prev = req.get("previous_response_id")
        if prev is None and isinstance(resp, dict):
            prev = resp.get("previous_response_id")
        tools = req.get("tools")
        # The definitions a tool search found are the agent's tools from then on: what
        # they say grounds the answer as a request's tools do, and their enum values are
        # no result's data to follow up on.
        found: list[Any] = []
        for it in items:
            if isinstance(it, dict) and it.get("type") == "tool_search_output":
                listed = it.get("tools")
                found.extend(listed if isinstance(listed, list) else [])
        if found:
            tools = [*(tools if isinstance(tools, list) else []), *found]
        return Snapshot(
            tid,
            items,
            openai_usage(_get(resp, "usage")),
            response_id=rid if isinstance(rid, str) else None,
            previous_id=prev if isinstance(prev, str) else None,
            problem=problem,
            tools=tools,
        )

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:
        events: list[Event] = []
        msg = start - 1
        prev_model = False
        model_at = -1  # where the current model call's events begin
        hosted: set[Any] = set()  # calls the provider ran inside the response
        for i, item in enumerate(messages):
            if not isinstance(item, dict):
                problems.append(f"item {start + i} is not an object; skipped")
                continue
            kind = item.get("type") or ("message" if "role" in item else None)
            if not isinstance(kind, str | None):
                problems.append(f"item {start + i} has a type that is not a text; skipped")
                continue
            if kind == "shell_call" and isinstance(item.get("environment"), dict):
                hosted.add(_item_call_id(item))  # the hosted shell, in a container
            is_model = (
                kind in _MODEL_ITEMS
                or (kind == "message" and item.get("role") == "assistant")
                # what the provider's own run of a tool answered, inside the same response
                or kind == "program_output"
                or (kind == "tool_search_output" and item.get("execution") == "server")
                or (kind == "shell_call_output" and _item_call_id(item) in hosted)
            )
            if not (is_model and prev_model):
                msg += 1  # parallel calls stay in the model call that made them
                self._empty_answer(events, model_at, msg - 1)
                model_at = len(events) if is_model else -1
            prev_model = is_model
            self._item(item, kind, msg, start + i, events, problems)
        self._empty_answer(events, model_at, msg)
        for ev in events:
            ev.line = line
        return events

    @staticmethod
    def _empty_answer(events: list[Event], model_at: int, msg: int) -> None:
        """A model call whose items left no event (only reasoning, a listing of an MCP
        server's tools, a request for approval) is still a model call: an empty answer
        stands for it, to carry its usage."""
        if model_at == len(events):
            events.append(Event("assistant", "message", msg, text=""))

    def _item(
        self,
        item: dict[str, Any],
        kind: str | None,
        msg: int,
        index: int,
        out: list[Event],
        problems: list[str],
    ) -> None:
        if kind == "message":
            role = item.get("role")
            role = "system" if role == "developer" else role
            if role not in ("system", "user", "assistant"):
                problems.append(f"item {index} has unknown role {role!r}; skipped")
                return
            out.append(Event(role, "message", msg, text=_response_text(item.get("content"))))
        elif kind in ("function_call", "custom_tool_call"):
            arguments = item.get("arguments", item.get("input"))
            out.append(call_event(msg, _str(item.get("name")), _item_call_id(item), arguments))
        elif kind in ("function_call_output", "custom_tool_call_output", "function_call_result"):
            output = _response_text(item.get("output"))
            # An MCP tool's result as the Agents SDK passes it on, its content blocks' JSON:
            # the model reads (and is billed for) that text; the blocks' text is the tool's
            # answer, whose fields the values have their paths in and which says if it failed.
            # Codex CLI's code mode writes such a result below its header (Wall time).
            header = split_header(output)
            inner = content_output(output if header is None else header[1])
            structured, failed = None, None
            if inner is not None:
                failed = True if inner[1] else None
                if inner[0][:1] in ("{", "["):
                    structured = parse_args(inner[0])[1]  # JSON text read as arguments are
            if _codex_failed(output):  # also when what a command printed reads as blocks
                failed = True
            out.append(
                Event(
                    "tool",
                    "result",
                    msg,
                    text=output,
                    call_id=_item_call_id(item),
                    tool=_str(item.get("name")),
                    structured=structured if isinstance(structured, dict | list) else None,
                    is_error=failed,
                )
            )
        elif kind == "hosted_tool_call":
            # The OpenAI Agents SDK for JavaScript's history item for a call the provider
            # ran (openai/openai-agents-js packages/agents-core/src/types/protocol.ts):
            # its providerData is the Responses item. A hosted web search is a call, as
            # web_search_call is; a file search or code run is left out as that item is; a
            # hosted MCP call holds its call and output as mcp_call.
            provider = item.get("providerData")
            inner = provider.get("type") if isinstance(provider, dict) else None
            searched_by = inner if inner in _HOSTED_SEARCHES else item.get("name")
            if searched_by in _HOSTED_SEARCHES:
                searched = provider if isinstance(provider, dict) else item
                out.extend(self._web_search(searched, msg, _HOSTED_SEARCHES[searched_by]))
                return
            if inner in _IGNORED_ITEMS or item.get("name") in _IGNORED_ITEMS:
                return
            self._call_and_output(item, msg, out)
        elif kind == "mcp_call":
            self._call_and_output(item, msg, out)
        elif kind in _BUILT_IN_CALLS:
            name, field = _BUILT_IN_CALLS[kind]
            out.append(call_event(msg, name, _item_call_id(item), item.get(field)))
        elif kind in _BUILT_IN_OUTPUTS:
            text, failed = _built_in_output(item)
            # local_shell_call_output names its call in "id", the others in "call_id".
            cid = _str(item.get("call_id")) or _str(item.get("id"))
            tool = _BUILT_IN_OUTPUTS[kind]
            out.append(Event("tool", "result", msg, text=text, call_id=cid, tool=tool))
            out[-1].is_error = failed
        elif kind in _HOSTED_SEARCHES:
            out.extend(self._web_search(item, msg, _HOSTED_SEARCHES[kind]))
        elif kind == "tool_search_call":
            # The model searching its deferred tools (run by the server, or by the client):
            # a search's call; its output lists the tools found (their definitions).
            cid = _item_call_id(item)
            out.append(call_event(msg, "tool_search", cid, item.get("arguments")))
        elif kind == "tool_search_output":
            out.append(
                Event(
                    "tool",
                    "result",
                    msg,
                    text=_found_tools(item.get("tools")),
                    call_id=_item_call_id(item),
                    tool="tool_search",
                    is_error=item.get("status") == "failed",
                )
            )
        elif kind == "program":
            # Programmatic tool calling: code the provider runs, calling the client's tools
            # (function calls whose caller names the program); its output comes later.
            cid = _item_call_id(item)
            out.append(call_event(msg, "program", cid, {"code": item.get("code")}))
        elif kind == "program_output":
            result = item.get("result", item.get("output"))
            out.append(
                Event(
                    "tool",
                    "result",
                    msg,
                    text=text_of(result) if result is not None else "",
                    call_id=_item_call_id(item),
                    tool="program",
                    is_error=item.get("status") == "failed",
                )
            )
        elif kind == "code_interpreter_call" and isinstance(item.get("outputs"), list):
            # A code run the provider hosts: the code and what it printed in one item.
            cid = _str(item.get("id"))
            out.append(call_event(msg, "code_interpreter", cid, {"code": item.get("code")}))
            logs = [o.get("logs") for o in item["outputs"] if isinstance(o, dict)]
            text = "\n".join(log for log in logs if isinstance(log, str))
            failed = item.get("status") == "failed"
            out.append(
                Event(
                    "tool",
                    "result",
                    msg,
                    text=text,
                    call_id=cid,
                    tool="code_interpreter",
                    is_error=failed,
                )
            )
        elif kind in _IGNORED_ITEMS:
            return
        else:
            problems.append(f"item {index} has unknown type {kind!r}; skipped")

    @staticmethod
    def _web_search(item: dict[str, Any], msg: int, tool: str = "web_search") -> list[Event]:
        """A search the provider ran as a call to ``tool``: a ``web_search_call`` (OpenAI's
        hosted search, Codex CLI's, xAI's) to ``web_search``, xAI's ``x_search_call`` (posts
        on X) to ``x_search``. Its ``action`` (``{"type": "search", "query", "queries"}``, a
        page opened, a find in it) is its arguments, or xAI's ``arguments`` (the JSON of
        its search: ``{"query", "limit", "from_date", ...}``, under the ``name`` of the
        search xAI ran, ``x_semantic_search``). What it found went into the model's context
        unrecorded: no result, unless the item lists its ``sources``."""
        action = item.get("action")
        if not isinstance(action, dict) and isinstance(item.get("query"), str):
            action = {"type": "search", "query": item["query"]}  # written flat by some
        cid = _str(item.get("id"))
        if not isinstance(action, dict) and isinstance(item.get("arguments"), str | dict):
            # xAI writes the search as a function call's name and arguments (call_id "").
            return [call_event(msg, tool, cid, item["arguments"])]
        events = [call_event(msg, tool, cid, action)]
        sources = action.get("sources") if isinstance(action, dict) else None
        if isinstance(sources, list) and sources:
            urls = [_get(s, "url") if isinstance(s, dict) else s for s in sources]
            text = "\n".join(u for u in urls if isinstance(u, str))
            events.append(Event("tool", "result", msg, text=text, call_id=cid, tool=tool))
        return events

    @staticmethod
    def _call_and_output(item: dict[str, Any], msg: int, out: list[Event]) -> None:
        """An item holding both a call and its output (``mcp_call``): its own id links them."""
        cid = _str(item.get("id"))
        name = _str(item.get("name"))
        out.append(call_event(msg, name, cid, item.get("arguments")))
        if "output" in item or item.get("error") is not None:
            error = item.get("error")
            text = item.get("output") if error is None else text_of(error)
            out.append(
                Event(
                    "tool",
                    "result",
                    msg,
                    text=text_of(text),
                    call_id=cid,
                    tool=name,
                    is_error=error is not None,
                )
            )


#: Codex CLI's session log (``~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl``, one
#: Responses item a line): each line ``{"timestamp", "type", "payload"}``, of these types,
#: the items under ``response_item``; its first versions wrote the items bare, after a
#: head ``{"id", "timestamp", "instructions", "git"}`` and between ``{"record_type":
#: "state"}`` lines (openai/codex ``codex-rs/protocol/src/protocol.rs``, ``RolloutLine``).
CODEX_LINES = frozenset(("session_meta", "response_item", "event_msg", "turn_context", "compacted"))
# Keys of a record that holds items rather than being one.
_ENVELOPE_KEYS = frozenset(("input", "request", "response", "messages"))
#: What a Codex session head holds beside its id (a line that is none of the log's items).
_CODEX_HEAD_KEYS = frozenset(("instructions", "git", "originator", "cli_version", "cwd"))
#: How the text of a user message Codex itself wrote opens (the AGENTS.md instructions and
#: the sandbox's description it sends before the user's first message): no turn of the
#: user's, though the model read it.
_CODEX_CONTEXT = ("<user_instructions>", "<environment_context>", "# AGENTS.md instructions")


#: How the output Codex CLI writes for a call it did not run opens (openai/codex
#: ``codex-rs/core``): a command the sandbox refused, a tool call (an MCP tool's) that
#: failed, a command that could not be started, a command or patch the user declined.
_CODEX_FAILURES = (
    "failed in sandbox ",
    "tool call error: ",
    "execution error: ",
    "exec command rejected by user",
    "patch rejected by user",
    # The unified exec tool's, when it could not start a command or reach its process
    # (``codex-rs/core/src/tools/handlers/unified_exec.rs``, ``RespondToModel``).
    "exec_command failed: ",
    "write_stdin failed: ",
)
#: The text header Codex CLI writes above a command's output since late 2025
#: (:mod:`~.headers`), whose exit line says whether the command failed.
_CODEX_EXIT = re.compile(r"(?:Exit code: |Process exited with code )(-?\d+)")


def _codex_failed(output: str) -> bool:
    """Whether a call's output, as Codex CLI writes it, says the call failed: a non-zero
    exit in its header (:func:`~.headers.split_header`) or in its shell's JSON of 2025,
    ``{"output", "metadata": {"exit_code", "duration_seconds"}}``, or the text of a call it
    could not run (:data:`_CODEX_FAILURES`)."""
    if output.startswith(_CODEX_FAILURES):
        return True
    header = split_header(output)
    if header is not None:
        for line in header[0]:
            exit_line = _CODEX_EXIT.fullmatch(line)
            if exit_line is not None:
                return int(exit_line.group(1)) != 0
        return False
    if not output.startswith('{"output"') or '"exit_code"' not in output:
        return False
    try:
        doc = json.loads(output)
    except ValueError:
        return False
    return exit_failed(_get(doc, "metadata", "exit_code"))


#: The events ``codex exec --json`` prints, one a line (openai/codex
#: ``codex-rs/exec/src/exec_events.rs``, ``ThreadEvent``): the thread's id, each turn's
#: start, end (with its usage) or failure, and each item's start, update and completion.
CODEX_EXEC_EVENTS = frozenset(
    (
        "thread.started",
        "turn.started",
        "turn.completed",
        "turn.failed",
        "item.started",
        "item.updated",
        "item.completed",
    )
)


def codex_exec_event(value: dict[str, Any]) -> Snapshot | None:
    """A line of ``codex exec --json``'s output (:data:`CODEX_EXEC_EVENTS`) as a snapshot of
    Responses items, or ``None`` when ``value`` is no such line. Only a completed item is
    read (its start and updates say the same, unfinished); the prompt is not printed."""
    kind = value.get("type")
    if kind == "thread.started" and isinstance(value.get("thread_id"), str):
        return Snapshot(value["thread_id"], [], append=True, bookkeeping=True, session=True)
    if kind == "turn.started":
        return Snapshot(None, [], append=True, bookkeeping=True)
    if kind == "turn.completed":
        usage = value.get("usage")
        snap = Snapshot(None, [], append=True, bookkeeping=True)
        if isinstance(usage, dict):  # the turn's, over all its model calls
            snap.usage = Usage(
                input_total=_int(usage.get("input_tokens")),
                output=_int(usage.get("output_tokens")),
                cache_read=_int(usage.get("cached_input_tokens")),
            )
        return snap
    if kind == "turn.failed":
        error = value.get("error")
        message = _get(error, "message") if isinstance(error, dict) else error
        return Snapshot(
            None, [], append=True, bookkeeping=True, problem=f"the turn failed: {text_of(message)}"
        )
    item = value.get("item")
    if kind not in ("item.started", "item.updated", "item.completed") or not isinstance(item, dict):
        return None
    items = _exec_items(item) if kind == "item.completed" else []
    if items is None:
        return Snapshot(
            None,
            [],
            append=True,
            bookkeeping=True,
            problem=f"item {item.get('id')!r} has unknown type {item.get('type')!r}; skipped",
        )
    # A turn's items are read together: the Responses converter tells its model calls
    # apart, and the turn's usage goes to its last.
    return Snapshot(None, items, append=True, bookkeeping=not items, joins=bool(items))


def _exec_items(item: dict[str, Any]) -> list[Any] | None:
    """A completed ``codex exec`` item as the Responses items it stands for (``None``: an
    item of a type not known)."""
    kind, cid = item.get("type"), _str(item.get("id"))
    if kind == "agent_message":
        text = item.get("text")
        return [{"type": "message", "role": "assistant", "content": text_of(text)}]
    if kind == "reasoning":
        return [{"type": "reasoning"}]  # the model's thinking, not its text
    if kind == "command_execution":
        outcome = {"type": "exit", "exit_code": item.get("exit_code")}
        run = {"stdout": text_of(item.get("aggregated_output") or ""), "outcome": outcome}
        status = "failed" if item.get("status") in ("failed", "declined") else None
        return [
            {"type": "shell_call", "call_id": cid, "action": {"command": item.get("command")}},
            {"type": "shell_call_output", "call_id": cid, "output": [run], "status": status},
        ]
    if kind == "file_change":
        status = "failed" if item.get("status") == "failed" else None
        return [
            {
                "type": "apply_patch_call",
                "call_id": cid,
                "operation": {"changes": item.get("changes")},
            },
            {"type": "apply_patch_call_output", "call_id": cid, "output": "", "status": status},
        ]
    if kind == "mcp_tool_call":
        error = item.get("error")
        result = item.get("result")
        if error is not None or item.get("status") == "failed":
            output = f"tool call error: {text_of(_get(error, 'message') or error or '')}"
        else:
            content = _get(result, "content")
            output = json.dumps(content if content is not None else result, ensure_ascii=False)
        args = item.get("arguments")
        return [
            {"type": "function_call", "call_id": cid, "name": item.get("tool"), "arguments": args},
            {"type": "function_call_output", "call_id": cid, "output": output},
        ]
    if kind == "web_search":
        action = item.get("action")
        if not isinstance(action, dict):
            action = {"type": "search", "query": item.get("query")}
        return [{"type": "web_search_call", "id": cid, "action": action}]
    if kind == "todo_list":
        return []
    if kind == "error":
        return [{"type": "message", "role": "system", "content": text_of(item.get("message"))}]
    return None


def codex_line(value: dict[str, Any]) -> Snapshot | None:
    """A line of a Codex CLI session log (:data:`CODEX_LINES`) as a snapshot, or ``None``
    when ``value`` is no such line."""
    kind = value.get("type")
    if not isinstance(kind, str | None):
        return None  # no line of these logs (the format's own reading says what it is)
    if kind in CODEX_EXEC_EVENTS:
        return codex_exec_event(value)
    payload = value.get("payload")
    if kind in CODEX_LINES and isinstance(payload, dict) and "timestamp" in value:
        if kind == "session_meta":
            return _codex_head(payload)
        if kind == "response_item":
            return _codex_item(payload)
        if kind == "event_msg" and payload.get("type") == "user_message":
            return _codex_user_event(payload)
        if kind == "event_msg" and payload.get("type") == "token_count":
            # The model call just made: its usage, after the items it wrote.
            last = _get(payload, "info", "last_token_usage")
            usage = None
            if isinstance(last, dict):
                usage = Usage(
                    input_total=_int(last.get("input_tokens")),
                    output=_int(last.get("output_tokens")),
                    cache_read=_int(last.get("cached_input_tokens")),
                )
            # Written again, with the same totals, when only the rate limits changed
            # (CLI 0.104, 2026): the running total tells a repeat from a new model call.
            total = _get(payload, "info", "total_token_usage")
            running = json.dumps(total, sort_keys=True) if isinstance(total, dict) else None
            return Snapshot(None, [], usage, append=True, bookkeeping=True, running_total=running)
        # Its own bookkeeping: the turn's settings, the UI's events (which repeat the
        # items' text), a compaction's marker.
        return Snapshot(None, [], append=True, bookkeeping=True)
    if set(value) == {"record_type"}:
        return Snapshot(None, [], append=True, bookkeeping=True)  # {"record_type": "state"}
    if (
        isinstance(value.get("id"), str)
        and "timestamp" in value
        and not _CODEX_HEAD_KEYS.isdisjoint(value)
        and not {"type", "role", "input", "output", "messages"} & set(value)
    ):
        return _codex_head(value)
    item = kind
    if (
        (item == "message" and "role" in value)
        or item in _MODEL_ITEMS
        or item in ("function_call_output", "custom_tool_call_output")
    ) and _ENVELOPE_KEYS.isdisjoint(value):
        return _codex_item(value)  # an item a line, as the first versions wrote them
    return None


def _codex_head(meta: dict[str, Any]) -> Snapshot:
    """The session's head: its id, and the instructions the model was given."""
    tid = meta.get("id")
    text = meta.get("instructions")
    if not isinstance(text, str):
        text = _get(meta, "base_instructions", "text")
    messages: list[Any] = []
    if isinstance(text, str) and text:
        messages.append({"type": "message", "role": "system", "content": text})
    return Snapshot(
        tid if isinstance(tid, str) else None,
        messages,
        append=True,
        bookkeeping=not messages,
        session=True,
    )


def _codex_item(item: dict[str, Any]) -> Snapshot:
    """One Responses item of the log; a user message Codex wrote is a system message."""
    if not isinstance(item.get("type"), str | None):
        return Snapshot(None, [item], append=True)  # the converter says what is wrong
    if item.get("type") == "message" and item.get("role") == "user":
        text = _response_text(item.get("content")).lstrip()
        if text.startswith(_CODEX_CONTEXT):
            item = {**item, "role": "system"}
    joins = item.get("type") in _MODEL_ITEMS or (
        item.get("type") == "message" and item.get("role") == "assistant"
    )
    return Snapshot(None, [item], append=True, joins=joins)


#: The kinds a ``user_message`` event of 2025 gave a message Codex sent itself (openai/codex
#: ``codex-rs/protocol/src/protocol.rs``, ``InputMessageKind``): no turn of the user's.
_CODEX_CONTEXT_KINDS = frozenset(("user_instructions", "environment_context"))


def _codex_user_event(payload: dict[str, Any]) -> Snapshot:
    """A ``user_message`` event: the UI's copy of the user's message, which the log also
    writes as an item just before it; read as that message where the item is absent
    (:attr:`Snapshot.echo`)."""
    text = payload.get("message")
    if not isinstance(text, str):
        return Snapshot(None, [], append=True, bookkeeping=True)
    role = "system" if payload.get("kind") in _CODEX_CONTEXT_KINDS else "user"
    item = {"type": "message", "role": role, "content": [{"type": "input_text", "text": text}]}
    snap = _codex_item(item)  # Codex's own context, by its text, is a system message too
    snap.echo = True
    return snap


def _item_call_id(item: dict[str, Any]) -> str | None:
    """The call an item makes or answers: the Responses API's ``call_id``, or ``callId`` as
    the OpenAI Agents SDK for JavaScript writes its history items (``function_call``,
    ``function_call_result``: openai/openai-agents-js ``packages/agents-core/src/types/
    protocol.ts``)."""
    return _str(item.get("call_id", item.get("callId")))


def _response_text(content: Any) -> str:
    if isinstance(content, list):
        return "\n".join(
            p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)
        )
    return text_of(content)


#: Claude Code's session log (``~/.claude/projects/*/<session>.jsonl``) writes, beside its
#: message lines, entries of its own that hold no message: these types, each carrying the
#: session's id or the message it belongs to (:data:`_SESSION_KEYS`).
_SESSION_ENTRIES = frozenset(
    ("progress", "file-history-snapshot", "queue-operation", "system", "summary", "custom-title")
)
_SESSION_KEYS = frozenset(("sessionId", "messageId", "leafUuid"))
#: How Claude Code's log marks a user line its harness wrote, not the user.
_HARNESS_FLAGS = ("isMeta", "isCompactSummary")


class Anthropic(Converter):
    """Anthropic Messages: ``tool_use`` blocks and ``tool_result`` blocks in user messages."""

    name = "anthropic"

    def unpack(self, value: Any) -> Snapshot | str:
        if isinstance(value, list):
            return Snapshot(None, value)
        if not isinstance(value, dict):
            return "record is not a JSON object or list"
        tid = trace_id_of(value)
        if isinstance(value.get("request"), dict):
            req = value["request"]
            resp, problem = recorded_response(self.name, value.get("response"))
            messages = _with_system(req)
            if isinstance(resp, dict) and "content" in resp:
                messages.append({**resp, "role": resp.get("role", "assistant")})
            return Snapshot(
                tid,
                messages,
                anthropic_usage(_get(resp, "usage")),
                problem=problem,
                tools=req.get("tools"),
            )
        if isinstance(value.get("messages"), list):
            usage = anthropic_usage(value.get("usage"))
            return Snapshot(tid, _with_system(value), usage, tools=value.get("tools"))
        if isinstance(value.get("message"), dict) and "role" in value["message"]:
            # One message per line (agent session logs), usage on the message.
            message = value["message"]
            if message["role"] == "user" and any(value.get(k) for k in _HARNESS_FLAGS):
                # A user line the agent's harness wrote (a hook's reminder, a skill's
                # prompt, the summary that continues a compacted session): not a turn of
                # the user's, though what it says was said.
                message = {**message, "role": "system"}
            return Snapshot(tid, [message], append=True)
        if value.get("type") == "message" or ("role" in value and "content" in value):
            return Snapshot(tid, [value], append=True)
        if value.get("type") in _SESSION_ENTRIES and not _SESSION_KEYS.isdisjoint(value):
            return Snapshot(tid, [], bookkeeping=True)
        return run_snapshot(value) or no_conversation(
            "record has no 'messages' list and is not a message"
        )

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:
        events: list[Event] = []
        for msg, m in self.objects(messages, start, problems):
            role = m.get("role")
            if role not in ("system", "user", "assistant"):
                problems.append(f"message {msg} has unknown role {role!r}; skipped")
                continue
            first = len(events)
            content = m.get("content")
            if isinstance(content, list):
                self._blocks(content, role, msg, events, problems)
            else:
                events.append(Event(role, "message", msg, text=text_of(content)))
            if role == "assistant":
                if len(events) == first:  # an empty answer is still a model call
                    events.append(Event("assistant", "message", msg, text=""))
                _attach_usage(events, first, anthropic_usage(m.get("usage")))
            for ev in events[first:]:
                ev.line = line
        return events

    def _blocks(
        self, blocks: list[Any], role: str, msg: int, out: list[Event], problems: list[str]
    ) -> None:
        text_event: Event | None = None
        cited = _cited_passages(blocks)
        for block in blocks:
            kind = block.get("type") if isinstance(block, dict) else None
            if kind == "text" or isinstance(block, str):
                text = block if isinstance(block, str) else str(block.get("text") or "")
                text_event = _add_text(out, text_event, role, msg, text)
            elif kind in ("tool_use", "server_tool_use", "mcp_tool_use"):
                name, cid = _str(block.get("name")), _str(block.get("id"))
                out.append(call_event(msg, name, cid, block.get("input")))
            elif kind == "tool_result":
                out.append(
                    Event(
                        "tool",
                        "result",
                        msg,
                        text=text_of(block.get("content")),
                        call_id=_str(block.get("tool_use_id")),
                        is_error=bool(block.get("is_error", False)),
                    )
                )
            elif isinstance(kind, str) and kind.endswith("_tool_result"):
                # Server tools answer in the same assistant message, linked by tool_use_id.
                content = block.get("content")
                err = bool(block.get("is_error")) or (
                    isinstance(content, dict)
                    and (
                        str(content.get("type", "")).endswith("error")
                        # code execution's shell: {"return_code": 1, "stdout": ...}
                        or exit_failed(content.get("return_code"))
                    )
                )
                found = _search_results(content, cited)
                out.append(
                    Event(
                        "tool",
                        "result",
                        msg,
                        text=text_of(content) if found is None else json.dumps(found),
                        call_id=_str(block.get("tool_use_id")),
                        structured=found,
                        is_error=err,
                    )
                )
                # What the model writes after its server tool answered is read after that
                # answer (the page it fetched, the figures its code printed), not joined to
                # the text it wrote before the call.
                text_event = None
            elif kind == "compaction" and isinstance(block.get("content"), str):
                # The summary the model keeps of a conversation compacted server-side: the
                # context it answers from, as Claude Code's compact summary is.
                out.append(Event("system", "message", msg, text=block["content"]))
                text_event = None
            elif kind in (
                "thinking",
                "redacted_thinking",
                "image",
                "document",
                "search_result",
                "tool_reference",
                "container_upload",
            ):
                continue  # not text the answer is judged on
            else:
                problems.append(f"message {msg}: unknown content block type {kind!r}; skipped")


def _cited_passages(blocks: list[Any]) -> dict[str, list[str]]:
    """The passages a message's text cites, by URL: a web search's citations quote the
    pages its results hold encrypted (``web_search_result_location``'s ``cited_text``)."""
    cited: dict[str, list[str]] = {}
    for block in blocks:
        citations = block.get("citations") if isinstance(block, dict) else None
        for c in citations if isinstance(citations, list) else []:
            if (
                isinstance(c, dict)
                and isinstance(c.get("url"), str)
                and isinstance(c.get("cited_text"), str)
            ):
                cited.setdefault(c["url"], []).append(c["cited_text"])
    return cited


def _search_results(content: Any, cited: dict[str, list[str]]) -> list[Any] | None:
    """A web search's results as what can be read of them: each one's title, URL and age
    (its page is encrypted), with the passages the answer cites from it; ``None`` for a
    result that is not a list of search results."""
    if not isinstance(content, list) or not content:
        return None
    if not all(isinstance(r, dict) and r.get("type") == "web_search_result" for r in content):
        return None
    found: list[Any] = []
    for r in content:
        item = {k: r[k] for k in ("title", "url", "page_age") if r.get(k) is not None}
        if r.get("url") in cited:
            item["cited_text"] = cited[r["url"]]
        found.append(item)
    return found


def _add_text(
    out: list[Event], current: Event | None, role: str, msg: int, text: str, sep: str = "\n"
) -> Event:
    """A message's one text event: ``text`` joined to ``current`` by ``sep``, or, for the
    message's first text block, a new event appended to ``out``."""
    if current is None:
        current = Event(role, "message", msg, text=text)
        out.append(current)
    else:
        current.text = f"{current.text}{sep}{text}"
    return current


def _with_system(record: dict[str, Any]) -> list[Any]:
    system = record.get("system")
    messages = list(record.get("messages") or [])
    if system:
        return [{"role": "system", "content": system}, *messages]
    return messages


def _either(d: Any, camel: str, snake: str) -> Any:
    """A field the REST API spells in camelCase and the Python SDKs in snake_case."""
    if not isinstance(d, dict):
        return None
    value = d.get(camel)
    return d.get(snake) if value is None else value


def gemini_usage(raw: Any) -> Usage | None:
    """Gemini ``usageMetadata``: the prompt count includes cached tokens; output adds thoughts."""
    if not isinstance(raw, dict):
        return None
    prompt = _int(_either(raw, "promptTokenCount", "prompt_token_count"))
    out = _int(_either(raw, "candidatesTokenCount", "candidates_token_count"))
    thoughts = _int(_either(raw, "thoughtsTokenCount", "thoughts_token_count"))
    if prompt is None and out is None:
        return None
    return Usage(
        input_total=prompt,
        output=None if out is None and thoughts is None else (out or 0) + (thoughts or 0),
        cache_read=_int(_either(raw, "cachedContentTokenCount", "cached_content_token_count")),
    )


# Gemini parts that carry nothing this analysis counts (media, code the server ran).
_GEMINI_IGNORED = {
    "inlineData",
    "inline_data",
    "fileData",
    "file_data",
    "executableCode",
    "executable_code",
    "codeExecutionResult",
    "code_execution_result",
    "videoMetadata",
    "video_metadata",
    "thoughtSignature",
    "thought_signature",
    "thought",
    "partMetadata",
    "part_metadata",
    "mediaResolution",
    "media_resolution",
}


class Gemini(Converter):
    """Google Gemini ``generateContent``: ``contents`` of ``{role, parts}``, with
    ``functionCall`` / ``functionResponse`` parts (camelCase or the SDKs' snake_case)."""

    name = "gemini"

    def unpack(self, value: Any) -> Snapshot | str:
        session = adk_session(value)
        # One case of a Google ADK eval set's run is named by the case.
        case = str(value.get("eval_id", value.get("evalId"))) if is_adk_eval_case(value) else None
        if session is None and case is not None:
            # The invocations the agent ran (the whole session, where ADK kept it, is read
            # as a session below).
            lost: list[str] = []
            read, tools = adk_eval_case(value, lost)
            return Snapshot(
                case,
                read,
                whole=True,
                problem="; ".join(lost) or None,
                tools=tools or None,
            )
        if session is not None or is_adk_events(value):
            # A Google ADK session (or a record holding one beside a request it made, whose
            # history may be cut down), or the events of one run: the events are the record.
            problems: list[str] = []
            events = session["events"] if session is not None else value
            read = adk_contents(events, problems)
            state = adk_state(session) if session is not None else None
            return Snapshot(
                case or (trace_id_of(value) if isinstance(value, dict) else None),
                read if state is None else [state, *read],
                whole=session is not None,
                problem="; ".join(problems) or None,
            )
        if isinstance(value, list):
            return Snapshot(None, value)
        if not isinstance(value, dict):
            return "record is not a JSON object or list"
        tid = trace_id_of(value)
        if value.get("object") == "interaction":
            return _interaction_snapshot(value, tid)
        if damaged_interaction(value):
            snap = _interaction_snapshot(value, tid)
            if isinstance(snap, Snapshot):
                gone = "missing" if "object" not in value else "not a text"
                note = (
                    f"the record's 'object' is {gone}, where a Gemini Interactions response "
                    "says 'interaction'; read as one from its steps and usage (fix: "
                    "'object': 'interaction')"
                )
                snap.problem = "; ".join(p for p in (note, snap.problem) if p)
            return snap
        req, resp = value, value
        problem = None
        if isinstance(value.get("request"), dict):
            req = value["request"]
            resp, problem = recorded_response(self.name, value.get("response"))
        messages: list[Any] = []
        system = _either(req, "systemInstruction", "system_instruction")
        if isinstance(system, str):
            system = {"parts": [{"text": system}]}
        if isinstance(system, dict):
            messages.append({**system, "role": "system"})
        contents = req.get("contents")
        if isinstance(contents, list):
            messages.extend(contents)
        answer = _gemini_candidate(resp)
        if answer is not None:
            messages.append(answer)
        usage = gemini_usage(_either(resp, "usageMetadata", "usage_metadata"))
        if isinstance(contents, list) or req is not value:
            return Snapshot(tid, messages, usage, problem=problem, tools=req.get("tools"))
        if answer is not None:  # a response alone: the model's next message
            return Snapshot(tid, messages, usage, append=True)
        if "parts" in value and "role" in value:  # one content per line
            return Snapshot(tid, [value], append=True)
        return run_snapshot(value) or no_conversation(
            "record has no 'contents', no 'candidates' and no content ('role' and 'parts')",
            "contents",
        )

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:
        events: list[Event] = []
        for msg, m in self.objects(messages, start, problems):
            raw_role = m.get("role", "user")
            role = _GEMINI_ROLES.get(raw_role) if isinstance(raw_role, str) else None
            if role is None:
                problems.append(f"message {msg} has unknown role {raw_role!r}; skipped")
                continue
            first = len(events)
            parts = m.get("parts")
            text_event: Event | None = None
            for part in parts if isinstance(parts, list) else []:
                if not isinstance(part, dict):
                    problems.append(f"message {msg}: a part is not an object; skipped")
                    continue
                call = _either(part, "functionCall", "function_call")
                answer = _either(part, "functionResponse", "function_response")
                if isinstance(call, dict):
                    events.append(
                        call_event(
                            msg, _str(call.get("name")), _str(call.get("id")), call.get("args")
                        )
                    )
                elif isinstance(answer, dict):
                    body = answer.get("response")
                    # The API's convention: an "error" key holds the error, "output" the result.
                    error = isinstance(body, dict) and "error" in body and "output" not in body
                    events.append(
                        Event(
                            "tool",
                            "result",
                            msg,
                            text=text_of(body),
                            call_id=_str(answer.get("id")),
                            tool=_str(answer.get("name")),
                            is_error=error,
                        )
                    )
                elif isinstance(part.get("text"), str):
                    if part.get("thought"):
                        continue  # the model's thinking, not its answer
                    # Gemini text parts join with nothing between, as its SDK's `.text` does.
                    text_event = _add_text(events, text_event, role, msg, part["text"], sep="")
                elif not any(k in _GEMINI_IGNORED for k in part):
                    kinds = ", ".join(sorted(map(str, part))) or "none"
                    problems.append(f"message {msg}: unknown part ({kinds}); skipped")
            if role == "assistant" and len(events) == first:
                events.append(Event("assistant", "message", msg, text=""))  # still a model call
            elif role != "assistant" and len(events) == first and not parts:
                events.append(Event(role, "message", msg, text=""))
            # A content that records its own model call's usage (an ADK event's).
            _attach_usage(
                events, first, gemini_usage(_either(m, "usageMetadata", "usage_metadata"))
            )
        for ev in events:
            ev.line = line
        return events


_GEMINI_ROLES = {
    "user": "user",
    "model": "assistant",
    "system": "system",
    # Older API versions and some SDKs answer function calls in a "function"/"tool" turn.
    "function": "user",
    "tool": "user",
}


#: Interactions steps the provider ran itself (its searches, URL fetches, code): left out,
#: as the Responses API's hosted searches are.
_HOSTED_STEPS = frozenset(
    f"{tool}_{side}"
    for tool in ("google_search", "url_context", "code_execution", "google_maps", "file_search")
    for side in ("call", "result")
)


def interaction_steps(value: dict[str, Any]) -> list[Any] | None:
    """The steps of a Gemini Interactions API response (``steps``, or ``outputs`` as the
    API's earlier versions name them), or ``None`` when it holds neither list."""
    for key in ("steps", "outputs"):
        if isinstance(value.get(key), list):
            return list(value[key])
    return None


#: The step types of a Gemini Interactions response: the model's own and the provider's tools'.
_INTERACTION_STEPS = frozenset(("text", "thought", "function_call", "function_result"))


def damaged_interaction(value: dict[str, Any]) -> bool:
    """A Gemini Interactions API response whose ``object`` marker is lost (missing, or of
    another JSON type than text), told by what no other format holds together: a
    non-empty list of ``steps`` (or ``outputs``), every one typed as an interaction's
    step, and the Interactions API's own usage names (``total_input_tokens``)."""
    if isinstance(value.get("object"), str):
        return False  # an intact marker, this API's or another's: no repair
    steps = interaction_steps(value)
    usage = value.get("usage")
    return (
        bool(steps)
        and all(
            isinstance(step, dict)
            and (step.get("type") in _INTERACTION_STEPS or step.get("type") in _HOSTED_STEPS)
            for step in steps or ()
        )
        and isinstance(usage, dict)
        and "total_input_tokens" in usage
    )


def _interaction_snapshot(value: dict[str, Any], tid: str | None) -> Snapshot | str:
    """A Gemini Interactions API response (``{"object": "interaction", "steps": [...]}``) as
    the model's next message: each ``text`` step its text, each ``function_call`` a call
    (its ``arguments`` an object), a ``function_result`` the result of the call it names;
    the model's ``thought`` steps and the provider's own tool steps are left out, and a
    step of any other type is a problem. The user's input is not in a response."""
    steps = interaction_steps(value)
    if steps is None:
        return no_conversation("interaction has no 'steps' (nor 'outputs')", "steps")
    parts: list[dict[str, Any]] = []
    problems: list[str] = []
    for i, step in enumerate(steps):
        kind = step.get("type") if isinstance(step, dict) else None
        if not isinstance(step, dict) or kind == "thought" or kind in _HOSTED_STEPS:
            continue
        if kind == "text" and isinstance(step.get("text"), str):
            parts.append({"text": step["text"]})
        elif kind == "function_call":
            call = {"name": step.get("name"), "id": step.get("id"), "args": step.get("arguments")}
            parts.append({"functionCall": call})
        elif kind == "function_result":
            result = step.get("result")
            body = result if isinstance(result, dict) else {"output": result}
            answer = {"name": step.get("name"), "id": step.get("call_id"), "response": body}
            parts.append({"functionResponse": answer})
        else:
            problems.append(f"step {i} has unknown type {kind!r}; skipped")
    raw = value.get("usage")
    usage = None
    if isinstance(raw, dict) and "total_input_tokens" in raw:
        out, thought = _int(raw.get("total_output_tokens")), _int(raw.get("total_thought_tokens"))
        usage = Usage(
            input_total=_int(raw.get("total_input_tokens")),
            output=None if out is None and thought is None else (out or 0) + (thought or 0),
            cache_read=_int(raw.get("total_cached_tokens")),
        )
    return Snapshot(
        tid,
        [{"role": "model", "parts": parts}],
        usage,
        append=True,
        problem="; ".join(problems) or None,
    )


def _gemini_candidate(resp: Any) -> dict[str, Any] | None:
    """The first candidate's content of a ``generateContent`` response, as a message."""
    candidates = resp.get("candidates") if isinstance(resp, dict) else None
    if not isinstance(candidates, list) or not candidates or not isinstance(candidates[0], dict):
        return None
    content = candidates[0].get("content")
    if not isinstance(content, dict):
        return {"role": "model", "parts": []}
    return {**content, "role": content.get("role") or "model"}


def bedrock_usage(raw: Any) -> Usage | None:
    """Bedrock Converse usage. ``inputTokens`` excludes cache tokens, so they are added here."""
    if not isinstance(raw, dict) or "inputTokens" not in raw:
        return None
    base = _int(raw.get("inputTokens"))
    read = _int(raw.get("cacheReadInputTokens"))
    written = _int(raw.get("cacheWriteInputTokens"))
    return Usage(
        input_total=None if base is None else base + (read or 0) + (written or 0),
        output=_int(raw.get("outputTokens")),
        cache_read=read,
        cache_creation=written,
    )


# Converse content blocks that carry nothing this analysis counts.
_BEDROCK_IGNORED = {
    "image",
    "document",
    "video",
    "audio",
    "cachePoint",
    "reasoningContent",
    "guardContent",
    "searchResult",
}


class BedrockConverse(Converter):
    """AWS Bedrock Converse: content blocks keyed by kind (``text``, ``toolUse``,
    ``toolResult`` with ``status: error``), ``system`` a list of blocks."""

    name = "bedrock_converse"

    def unpack(self, value: Any) -> Snapshot | str:
        if isinstance(value, list):
            return Snapshot(None, value)
        if not isinstance(value, dict):
            return "record is not a JSON object or list"
        codex = codex_line(value)
        if codex is not None:
            return codex
        tid = trace_id_of(value)
        req, resp = value, value
        problem = None
        if isinstance(value.get("request"), dict):
            req = value["request"]
            resp, problem = recorded_response(self.name, value.get("response"))
        messages: list[Any] = []
        system = req.get("system")
        if isinstance(system, list | str) and system:
            blocks = [{"text": system}] if isinstance(system, str) else system
            messages.append({"role": "system", "content": blocks})
        history = req.get("messages")
        if isinstance(history, list):
            messages.extend(history)
        answer = _get(resp, "output", "message")
        if isinstance(answer, dict):
            messages.append({**answer, "role": answer.get("role") or "assistant"})
        usage = bedrock_usage(_get(resp, "usage"))
        if isinstance(history, list) or req is not value:
            tools = _get(req, "toolConfig", "tools")
            return Snapshot(tid, messages, usage, problem=problem, tools=tools)
        if isinstance(answer, dict):  # a response alone: the model's next message
            return Snapshot(tid, messages, usage, append=True)
        if "role" in value and isinstance(value.get("content"), list):
            return Snapshot(tid, [value], append=True)
        return run_snapshot(value) or no_conversation(
            "record has no 'messages' list, no 'output.message' and is not a message"
        )

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:
        events: list[Event] = []
        for msg, m in self.objects(messages, start, problems):
            role = m.get("role")
            if role not in ("system", "user", "assistant"):
                problems.append(f"message {msg} has unknown role {role!r}; skipped")
                continue
            first = len(events)
            content = m.get("content")
            if isinstance(content, str):
                content = [{"text": content}]
            text_event: Event | None = None
            for block in content if isinstance(content, list) else []:
                if not isinstance(block, dict):
                    problems.append(f"message {msg}: a content block is not an object; skipped")
                    continue
                text = _bedrock_text(block)
                if text is not None:
                    text_event = _add_text(events, text_event, role, msg, text)
                elif isinstance(block.get("toolUse"), dict):
                    use = block["toolUse"]
                    name, cid = _str(use.get("name")), _str(use.get("toolUseId"))
                    events.append(call_event(msg, name, cid, use.get("input")))
                elif isinstance(block.get("toolResult"), dict):
                    result = block["toolResult"]
                    events.append(
                        Event(
                            "tool",
                            "result",
                            msg,
                            text=_bedrock_result_text(result.get("content")),
                            call_id=_str(result.get("toolUseId")),
                            is_error=result.get("status") == "error",
                        )
                    )
                elif not any(k in _BEDROCK_IGNORED for k in block):
                    kinds = ", ".join(sorted(map(str, block))) or "none"
                    problems.append(f"message {msg}: unknown content block ({kinds}); skipped")
            if role == "assistant" and len(events) == first:
                events.append(Event("assistant", "message", msg, text=""))  # still a model call
            for ev in events[first:]:
                ev.line = line
        return events


def _bedrock_text(block: dict[str, Any]) -> str | None:
    if isinstance(block.get("text"), str):
        return str(block["text"])
    cited = block.get("citationsContent")
    if isinstance(cited, dict):  # an answer with citations: its text is in "content"
        return "".join(
            str(c.get("text", "")) for c in cited.get("content") or [] if isinstance(c, dict)
        )
    return None


def _bedrock_result_text(content: Any) -> str:
    """A ``toolResult``'s content blocks as text: ``text`` as is, ``json`` as JSON."""
    if not isinstance(content, list):
        return text_of(content)
    parts = []
    for block in content:
        if isinstance(block, dict) and isinstance(block.get("text"), str):
            parts.append(block["text"])
        elif isinstance(block, dict) and "json" in block:
            parts.append(json.dumps(block["json"], ensure_ascii=False, sort_keys=True))
    return "\n".join(parts)


class Mint(OpenAIChat):
    """MINT's results (xingyaoww/mint-bench ``results.jsonl``): each line one run, its
    conversation the ``state``'s ``history``, read as :func:`~.harnesses.mint_messages`
    writes it and named after its task (``task 3``)."""

    name = "mint"

    def unpack(self, value: Any) -> Snapshot | str:
        # Detection asks for MINT's own state keys (is_mint); a line of a file read as
        # MINT needs only its history.
        state = value.get("state") if isinstance(value, dict) else None
        if not isinstance(state, dict) or type(state.get("history")) is not list:
            return (
                "record is not a MINT run: it has no 'state' holding the run's 'history' "
                '(write one run a line, as MINT\'s results.jsonl does: {"state": {"history": '
                '[...]}, "task": {"task_id": ...}})'
            )
        task = value.get("task")
        name = _run_name(task) if isinstance(task, dict) else None
        messages = mint_messages(value["state"]["history"])
        return Snapshot(name, messages, whole=True, problem=run_failure(value))


class Atif(OpenAIChat):
    """Harbor's Agent Trajectory Interchange Format: one trajectory a document, named by
    its ``session_id``, its steps read as :func:`~.harnesses.atif_messages` writes them."""

    name = "atif"

    def unpack(self, value: Any) -> Snapshot | str:
        if not is_atif(value):
            return (
                "record is not an ATIF trajectory: it has no 'steps' beside a "
                "'schema_version' of 'ATIF-v...'"
            )
        problems: list[str] = []
        messages = atif_messages(value["steps"], problems)
        return Snapshot(
            trace_id_of(value), messages, whole=True, problem="; ".join(problems) or None
        )


class GeminiCli(OpenAIChat):
    """gemini-cli's chat recordings: one session a document, named by its ``sessionId``, its
    messages read as :func:`~.harnesses.gemini_cli_messages` writes them."""

    name = "gemini_cli"

    def unpack(self, value: Any) -> Snapshot | str:
        if not is_gemini_cli(value):
            return (
                "record is not a gemini-cli chat recording: it has no 'messages' beside a "
                "'sessionId' and a 'projectHash'"
            )
        problems: list[str] = []
        messages = gemini_cli_messages(value["messages"], problems)
        return Snapshot(
            value["sessionId"], messages, whole=True, problem="; ".join(problems) or None
        )


class AutoGen(OpenAIChat):
    """AutoGen AgentChat (0.4+): a team's saved state, a ``TaskResult`` or its messages, read
    as :func:`~.autogen.autogen_messages` writes them, named by the team's ``team_id``."""

    name = "autogen"

    def unpack(self, value: Any) -> Snapshot | str:
        thread = autogen_thread(value)
        if thread is None:
            return (
                "record is not an AutoGen AgentChat conversation: no TeamState with a "
                "message_thread, TaskResult or list of AgentChat messages"
            )
        problems: list[str] = []
        messages = autogen_messages(thread, problems)
        tid = value.get("team_id") if isinstance(value, dict) else None
        return Snapshot(
            tid if isinstance(tid, str) else None,
            messages,
            whole=True,
            problem="; ".join(problems) or None,
        )

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:
        events = super().convert(messages, start, line, problems)
        for ev in events:
            if ev.kind == "result" and ev.structured is None:
                # A dict or list the tool returned, written as its Python repr.
                ev.structured = python_value(ev.text)
        return events


class Cline(Anthropic):
    """Cline's (and Roo Code's) task history, ``api_conversation_history.json``: Anthropic
    Messages whose results are text, read as :func:`~.cline.cline_messages` writes them."""

    name = "cline"

    def unpack(self, value: Any) -> Snapshot | str:
        if not is_cline_history(value):
            return (
                "record is not a Cline task history: it is not a list of Anthropic messages "
                "opening with the user's <task> or carrying Cline's modelInfo"
            )
        problems: list[str] = []
        messages = cline_messages(value, problems)
        return Snapshot(None, messages, whole=True, problem="; ".join(problems) or None)


class OpenHands(OpenAIChat):
    """OpenHands event streams (the trajectory its GUI downloads: a list of actions and
    observations), read as :func:`~.harnesses.openhands_messages` writes them."""

    name = "openhands"

    def unpack(self, value: Any) -> Snapshot | str:
        if not is_openhands_events(value):
            return (
                "record is not an OpenHands event stream: it is not a list of events "
                "naming their 'source' (user, agent, environment), each an 'action' or an "
                "'observation'"
            )
        problems: list[str] = []
        messages = openhands_messages(value, problems)
        return Snapshot(None, messages, whole=True, problem="; ".join(problems) or None)


class ShareGPT(OpenAIChat):
    """ShareGPT records (``{"conversations": [{"from", "value"}], "system"}``, as
    fine-tuning sets publish recorded tool conversations): one conversation a record, its
    turns read as :func:`~.harnesses.sharegpt_messages` writes them."""

    name = "sharegpt"

    def unpack(self, value: Any) -> Snapshot | str:
        if not is_sharegpt(value):
            return (
                "record is not a ShareGPT conversation: it has no 'conversations' list of "
                "{'from', 'value'} turns"
            )
        problems: list[str] = []
        messages = sharegpt_messages(value["conversations"], problems, value.get("system"))
        return Snapshot(
            trace_id_of(value), messages, whole=True, problem="; ".join(problems) or None
        )


class AzureEval(OpenAIChat):
    """Azure AI Evaluation's agent data (azure-ai-evaluation's evaluator rows, as its
    AIAgentConverter writes them): one row a line, its ``query`` and ``response`` read as
    :func:`~.harnesses.azure_eval_messages` writes them, its ``tool_definitions`` saying
    which tools read (:func:`~.actions.tool_hints`); named by the row's thread or
    conversation id, else by its line, and continued by the rows that re-send it."""

    name = "azure_eval"

    def unpack(self, value: Any) -> Snapshot | str:
        listed = isinstance(value, dict) and type(value.get("messages")) is list
        if not is_azure_eval(value) and not listed:
            return (
                "record is not an Azure AI Evaluation agent row: it has no 'response' list "
                "of messages beside a 'query' (write one row a line: {\"query\": ..., "
                '"response": [{"role": "assistant", "content": [...]}, ...]})'
            )
        problems: list[str] = []
        messages = azure_eval_messages(value, problems)
        # AIAgentConverter writes a thread's turns as rows that each re-send the ones before
        # in their query: like a request log's lines, a row that extends the one before
        # continues its conversation (ConversationParser), so history counts once.
        return Snapshot(
            trace_id_of(value),
            messages,
            problem="; ".join(problems) or None,
            tool_hints=tool_hints(value.get("tool_definitions", value.get("tools"))) or None,
            tools=value.get("tool_definitions", value.get("tools")),
        )


#: Converter per format name.
CONVERTERS: dict[str, Converter] = {
    c.name: c
    for c in (
        OpenAIChat(),
        OpenAIResponses(),
        Anthropic(),
        Gemini(),
        BedrockConverse(),
        Mint(),
        Atif(),
        GeminiCli(),
        Cline(),
        AutoGen(),
        OpenHands(),
        ShareGPT(),
        AzureEval(),
    )
}
