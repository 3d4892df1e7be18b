"""Benchmark harnesses whose run records hold no provider's message format.

Each is rewritten here as OpenAI Chat messages (``role``, ``content``, ``tool_calls``,
``tool`` messages answering a call by ``tool_call_id``), which
:class:`~projeval.traces.conversations.OpenAIChat` then converts like any other:

- **MINT** (xingyaoww/mint-bench): a results line is ``{"state": {"history": [...]},
  "task": {...}}``; the model calls its tool by writing ``<execute>`` blocks, and the
  harness answers every action in a ``user`` message (``StepOutput.to_str``);
- **Harbor's ATIF** (Agent Trajectory Interchange Format): ``{"schema_version":
  "ATIF-v1.x", "session_id", "agent", "steps": [...]}``, each agent step holding its
  ``tool_calls`` and their ``observation``;
- **SWE-agent's text actions**: a ``.traj`` history whose assistant messages carry the
  command they ran as ``action`` text (no ``tool_calls``), its output coming back as the
  next ``user`` message;
- **gemini-cli's chat recordings** (``~/.gemini/tmp/<project>/chats/session-*.json``):
  ``{"sessionId", "projectHash", "messages": [...]}``, each ``gemini`` message holding its
  ``toolCalls`` with their results.

- **mini-SWE-agent**'s ``.traj.json`` (``trajectory_format: mini-swe-agent-1.1``) is
  OpenAI Chat already; only its last message, the run's outcome, is no message
  (:data:`RUN_END_ROLES`).

Other harnesses are recognised here so that detection can refuse them by name (AgentBench
runs) or leave them out (SWE-bench predictions, which hold no conversation).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .actions import exit_failed

# -- mini-SWE-agent ----------------------------------------------------------------------

#: Roles of a message that records how a run ended, not a turn of its conversation:
#: mini-SWE-agent ends ``messages`` with ``{"role": "exit", "content": <the submission>,
#: "extra": {"exit_status", "submission"}}`` (the ``.traj.json`` files of its output
#: folders, e.g. SWE-agent/mini-swe-agent at 3c7d1d7f8fb8630b187744215f67470b6755f60c,
#: ``output/deepseek_bench1/*/*.traj.json``). Left out, with no problem.
RUN_END_ROLES = frozenset({"exit"})

# -- MINT --------------------------------------------------------------------------------
# The strings below are MINT's own (xingyaoww/mint-bench at
# 3f7f12c10bf763be1e6dbdeb42feb57624121f61: mint/envs/general_env.py, mint/datatypes.py
# StepOutput.to_str, mint/prompt/templates/template_with_tool.txt).

#: The tool a MINT call is named after: the tag the model writes its code in, which the
#: harness runs in its Python interpreter (its tool functions are called inside the code).
MINT_TOOL = "execute"
_EXECUTE = re.compile(r"<execute>(.*?)</execute>", re.DOTALL)
# A tag and the spaces around it: "is <solution> 42 </solution>." reads "is 42 ."
_MINT_TAGS = re.compile(r"[ \t]*</?(?:thought|solution)>[ \t]*")
_ASSISTANT = "Assistant:"
_OBSERVATION = "Observation:\n"
_FEEDBACK = "\nExpert feedback:\n"
_COUNTDOWN = re.compile(
    r"You have \d+ steps left and \d+ chances to propose solution left\.\n"
    r"(?:You should take the last step to propose a solution\.\n)?\Z"
)
# The prompt template ends "---\n\n{task_prompt}", the task prompt being "Task:\n" + task.
_TASK = "\n---\n\nTask:\n"


def is_mint(value: Any) -> bool:
    """A MINT results line: its run's ``state`` holds the ``history``."""
    if not isinstance(value, dict):
        return False
    state = value.get("state")
    return (
        isinstance(state, dict)
        and type(state.get("history")) is list
        and ("latest_output" in state or "agent_action_count" in state)
    )


def mint_messages(history: list[Any]) -> list[Any]:
    """A MINT run's history as OpenAI Chat messages.

    - The first message, the prompt, is the harness's instructions and worked example
      (a system message) and the task (the user's message).
    - An assistant message's ``<execute>`` blocks, joined as MINT runs them, are one call
      to :data:`MINT_TOOL` (``{"code": ...}``); its text is the rest, tags removed. A
      message that proposes a ``<solution>`` makes no call, as MINT runs none.
    - A ``user`` message starting ``Observation:`` is the harness's answer: the
      observation is the call's result (a system message where the action made no call:
      "Your answer is wrong.", the help text for an action it could not read), the
      "You have N steps left" line a system message, and the ``Expert feedback`` the
      simulated user's (a user message: MINT's feedback plays the user).
    """
    out: list[Any] = []
    call_id: str | None = None  # the call the next observation answers
    for i, m in enumerate(history):
        content = m.get("content") if isinstance(m, dict) else None
        if not isinstance(content, str):
            out.append(m)  # the converter reports what it cannot read
            call_id = None
            continue
        role = m.get("role")
        if role == "assistant":
            text, code = _mint_action(content)
            message: dict[str, Any] = {"role": "assistant", "content": text}
            call_id = None
            if code is not None:
                call_id = f"mint-{i}"
                message["tool_calls"] = [_call(call_id, MINT_TOOL, {"code": code})]
            out.append(message)
        elif role == "user" and i == 0 and _TASK in content:
            head, _, task = content.rpartition(_TASK)
            out += [
                {"role": "system", "content": head.rstrip()},
                {"role": "user", "content": task.strip()},
            ]
        elif role == "user" and content.startswith(_OBSERVATION):
            observation, countdown, feedback = _mint_output(content)
            if call_id is not None:
                out.append({"role": "tool", "tool_call_id": call_id, "content": observation})
            else:
                out.append({"role": "system", "content": observation})
            if countdown:
                out.append({"role": "system", "content": countdown})
            if feedback:
                out.append({"role": "user", "content": feedback})
            call_id = None
        else:
            out.append(m)
            call_id = None
    return out


def _mint_action(content: str) -> tuple[str, str | None]:
    """An assistant message's text and the code it runs (``None``: no call)."""
    body = content.lstrip()
    if body.startswith(_ASSISTANT):  # the harness prefixes every action so
        body = body[len(_ASSISTANT) :]
    code = None
    if "<solution>" not in content:  # MINT: a solution is proposed, nothing is run
        code = "\n".join(b.strip() for b in _EXECUTE.findall(f"\n{content}\n")) or None
    text = _MINT_TAGS.sub(" ", _EXECUTE.sub("", body))
    return "\n".join(line.strip() for line in text.splitlines()).strip(), code


def _mint_output(content: str) -> tuple[str, str, str]:
    """``StepOutput.to_str`` read back: the observation, the countdown, the feedback."""
    rest = content[len(_OBSERVATION) :]
    feedback = ""
    head, sep, tail = rest.rpartition(_FEEDBACK)
    if sep:
        rest, feedback = head, tail
    countdown = ""
    match = _COUNTDOWN.search(rest)
    if match:
        rest, countdown = rest[: match.start()], match.group()
    return rest.rstrip("\n"), countdown.rstrip("\n"), feedback.strip("\n")


# -- Harbor's ATIF -----------------------------------------------------------------------
# The schema of laude-institute/harbor's docs/rfcs/0001-trajectory-format.md (ATIF v1.4;
# tests/corpora/formats/README.md cites the copy read).

_ATIF_ROLES = {"system": "system", "user": "user", "agent": "assistant"}


def is_atif(value: Any) -> bool:
    """An ATIF trajectory: ``steps`` beside an ``ATIF-v...`` schema version."""
    if not isinstance(value, dict) or type(value.get("steps")) is not list:
        return False
    version = value.get("schema_version")
    return isinstance(version, str) and version.upper().startswith("ATIF")


def atif_messages(steps: list[Any], problems: list[str]) -> list[Any]:
    """An ATIF trajectory's steps as OpenAI Chat messages; what cannot be read of a step is
    added to ``problems`` (naming the step) and left out.

    An agent step is one assistant message (``message``; ``reasoning_content`` is the
    model's thinking, not its answer, as elsewhere) with its ``tool_calls``, then a
    ``tool`` message per observation result, answering the call its ``source_call_id``
    names. A result naming no call (an agent that sends several keystrokes and records
    one screen after them) answers the step's last calls no result named; one with no call
    left, or a system step's result, is a system message. ``metrics`` are the step's usage.
    """
    out: list[Any] = []
    for i, step in enumerate(steps):
        where = f"step {i + 1}"
        if not isinstance(step, dict):
            problems.append(f"{where} is not an object; skipped")
            continue
        source = step.get("source")
        role = _ATIF_ROLES.get(source) if isinstance(source, str) else None
        if role is None:
            problems.append(
                f"{where} has source {source!r}, not 'system', 'user' or 'agent'; skipped"
            )
            continue
        message: dict[str, Any] = {"role": role, "content": step.get("message")}
        calls = []
        if role == "assistant":
            for tc in step.get("tool_calls") or []:
                name = tc.get("function_name") if isinstance(tc, dict) else None
                if not isinstance(name, str):
                    problems.append(f"{where}: a tool call has no function_name; skipped")
                    continue
                calls.append(_call(tc.get("tool_call_id"), name, tc.get("arguments")))
            if calls:
                message["tool_calls"] = calls
            usage = _atif_usage(step.get("metrics"))
            if usage is not None:
                message["usage"] = usage
        out.append(message)
        observation = step.get("observation")
        results = observation.get("results") if isinstance(observation, dict) else None
        if isinstance(results, list):
            out += _atif_results(results, calls if role == "assistant" else [])
    return out


def _atif_results(results: list[Any], calls: list[dict[str, Any]]) -> list[Any]:
    named = {r.get("source_call_id") for r in results if isinstance(r, dict)}
    waiting = [c["id"] for c in calls if c["id"] is None or c["id"] not in named]
    unnamed = sum(1 for r in results if isinstance(r, dict) and not r.get("source_call_id"))
    # Results that name no call answer the last calls no result named, in order.
    take = waiting[max(len(waiting) - unnamed, 0) :]
    out: list[Any] = []
    for r in results:
        if not isinstance(r, dict):
            continue
        content = r.get("content")
        if r.get("source_call_id"):
            out.append({"role": "tool", "tool_call_id": r["source_call_id"], "content": content})
        elif take:
            # A call recorded without an id is answered by order (finish_trace).
            out.append({"role": "tool", "tool_call_id": take.pop(0), "content": content})
        else:
            out.append({"role": "system", "content": content})
    return out


def _atif_usage(metrics: Any) -> dict[str, Any] | None:
    """ATIF metrics as Chat usage: ``prompt_tokens`` already includes ``cached_tokens``."""
    if not isinstance(metrics, dict) or "prompt_tokens" not in metrics:
        return None
    return {
        "prompt_tokens": metrics.get("prompt_tokens"),
        "completion_tokens": metrics.get("completion_tokens"),
        "prompt_tokens_details": {"cached_tokens": metrics.get("cached_tokens")},
    }


# -- SWE-agent ---------------------------------------------------------------------------


def swe_agent_history(history: list[Any]) -> list[Any]:
    """A SWE-agent ``.traj`` history with its text actions as calls.

    A demonstration (``is_demo``, or ``message_type: "demonstration"``) is the harness's
    worked example: a system message, not the user's. An assistant message that ran a
    command written as text (``action``, no ``tool_calls``: SWE-agent before function
    calling, or its ``thought_action`` parser) makes one call, named by the command's first
    word, ``{"command": <the action>}``, its text the ``thought``; the ``user`` message
    after it (or one marked ``message_type: "observation"``) is that command's output, a
    tool result, not a user turn. Histories with neither are returned as they are.
    """
    if not any(_text_action(m) or _demo(m) for m in history):
        return history
    out: list[Any] = []
    waiting: str | None = None  # the call the next observation answers
    for i, m in enumerate(history):
        if _text_action(m):
            action = m["action"].strip()
            thought = m.get("thought")
            message = {
                "role": "assistant",
                "content": thought if isinstance(thought, str) else m.get("content"),
            }
            waiting = None
            if action:
                waiting = f"swe-agent-{i}"
                message["tool_calls"] = [
                    _call(waiting, action.split(None, 1)[0], {"command": action})
                ]
            out.append(message)
            continue
        if _demo(m):
            out.append({"role": "system", "content": m.get("content")})
        elif (
            isinstance(m, dict)
            and m.get("role") == "user"
            and (waiting is not None or m.get("message_type") == "observation")
        ):
            out.append({"role": "tool", "tool_call_id": waiting, "content": m.get("content")})
        else:
            out.append(m)
        waiting = None
    return out


def _text_action(m: Any) -> bool:
    return (
        isinstance(m, dict)
        and m.get("role") == "assistant"
        and isinstance(m.get("action"), str)
        and not m.get("tool_calls")
    )


def _demo(m: Any) -> bool:
    return (
        isinstance(m, dict)
        and m.get("role") == "user"
        and (m.get("is_demo") is True or m.get("message_type") == "demonstration")
    )


def _call(call_id: Any, name: str, arguments: Any) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


# -- gemini-cli ---------------------------------------------------------------------------
# The record gemini-cli's ChatRecordingService writes, one JSON document a session
# (google-gemini/gemini-cli packages/core/src/services/chatRecordingTypes.ts at
# 04741d1d7383bce06c0f0a22101561b619a75dd3: ConversationRecord, MessageRecord,
# ToolCallRecord). Later versions append the same records as JSON Lines (with ``$set``
# and ``$rewindTo`` lines): not read here.

#: What gemini-cli writes in an ``error`` message when the model's API failed
#: (``parseAndFormatApiError``); its other errors answer the user's own CLI commands.
_API_ERROR = "[API Error"


def is_gemini_cli(value: Any) -> bool:
    """A gemini-cli chat recording: ``messages`` beside its ``sessionId`` and
    ``projectHash``."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("sessionId"), str)
        and "projectHash" in value
        and type(value.get("messages")) is list
    )


def gemini_cli_messages(messages: list[Any], problems: list[str]) -> list[Any]:
    """A gemini-cli session's messages as OpenAI Chat messages; what cannot be read is added
    to ``problems`` (naming the message, counted from 0) and left out.

    A ``user`` message is the user's turn; a ``gemini`` message is the model's text (its
    ``thoughts`` are its thinking, not its answer, as elsewhere) with its ``toolCalls``,
    each answered by a ``tool`` message holding its ``result`` (the ``functionResponse``'s
    ``output``, or its ``error``: a call whose ``status`` is ``error`` or ``cancelled``
    failed), and ``tokens`` its usage. An ``error`` message saying the model's API failed
    (``[API Error: ...]``: a quota, a network failure) is one problem: the turn before it
    got no answer. ``info`` and ``warning`` messages, and the errors of the CLI's own
    commands, are the CLI talking to the user, not the conversation: left out.
    """
    out: list[Any] = []
    for i, m in enumerate(messages):
        where = f"message {i}"
        if not isinstance(m, dict):
            problems.append(f"{where} is not an object; skipped")
            continue
        kind = m.get("type")
        text = _gemini_cli_text(m.get("content"))
        if kind == "user":
            out.append({"role": "user", "content": text})
        elif kind == "gemini":
            out += _gemini_cli_turn(m, text, where, problems)
        elif kind == "error" and text.startswith(_API_ERROR):
            problems.append(
                f"{where}: the model call failed ({_summary(text)}), so the turn before it "
                "got no answer"
            )
        elif kind not in ("info", "warning", "error"):
            problems.append(
                f"{where} has type {kind!r}, not 'user', 'gemini', 'info', 'warning' or "
                "'error'; skipped"
            )
    return out


def _gemini_cli_turn(
    m: dict[str, Any], text: str, where: str, problems: list[str]
) -> list[dict[str, Any]]:
    message: dict[str, Any] = {"role": "assistant", "content": text}
    calls: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    for tc in m.get("toolCalls") or []:
        name = tc.get("name") if isinstance(tc, dict) else None
        if not isinstance(name, str):
            problems.append(f"{where}: a tool call has no name; skipped")
            continue
        calls.append(_call(tc.get("id"), name, tc.get("args")))
        if tc.get("result") is None:
            continue  # never run (awaiting approval when the session ended): unanswered
        output, error = _gemini_cli_result(tc["result"])
        failed = tc.get("status") in ("error", "cancelled") or error is not None
        result = {"role": "tool", "tool_call_id": tc.get("id"), "name": name}
        result["content"] = output if error is None else error
        if failed:
            result["error"] = True
        results.append(result)
    if calls:
        message["tool_calls"] = calls
    tokens = m.get("tokens")
    if isinstance(tokens, dict) and "input" in tokens:
        # Gemini's counts: the prompt includes cached tokens; thoughts are billed as output.
        output_tokens = tokens.get("output") or 0
        # Thoughts add to a count only: an output of another type is no count to add to.
        if isinstance(tokens.get("thoughts"), int) and isinstance(output_tokens, int):
            output_tokens += tokens["thoughts"]
        message["usage"] = {
            "prompt_tokens": tokens.get("input"),
            "completion_tokens": output_tokens,
            "prompt_tokens_details": {"cached_tokens": tokens.get("cached")},
        }
    return [message, *results]


def _gemini_cli_result(result: Any) -> tuple[str, str | None]:
    """``(output, error)`` of a tool call's recorded result: the ``functionResponse``
    parts' ``response`` (``{"output": ...}`` or ``{"error": ...}``), other parts' text."""
    parts = result if isinstance(result, list) else [result]
    outputs: list[str] = []
    errors: list[str] = []
    for part in parts:
        response = None
        if isinstance(part, dict) and isinstance(part.get("functionResponse"), dict):
            response = part["functionResponse"].get("response")
        if isinstance(response, dict):
            if "error" in response:
                errors.append(_gemini_cli_text(response["error"]))
            elif "output" in response:
                outputs.append(_gemini_cli_text(response["output"]))
            else:
                outputs.append(_gemini_cli_text(response))
        else:
            outputs.append(_gemini_cli_text(part))
    text = "\n".join(t for t in outputs if t)
    return text, ("\n".join(errors) if errors else None)


def _gemini_cli_text(content: Any) -> str:
    """A string as it is; parts (``[{"text": ...}]``) joined; anything else as JSON."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, dict) and isinstance(content.get("text"), str):
        return str(content["text"])
    if isinstance(content, list) and all(
        isinstance(p, str) or (isinstance(p, dict) and isinstance(p.get("text"), str))
        for p in content
    ):
        return "".join(p if isinstance(p, str) else p["text"] for p in content)
    return json.dumps(content, ensure_ascii=False, sort_keys=True)


# -- MCPMark ------------------------------------------------------------------------------
# MCPMark writes each run as a folder holding the agent's conversation, ``messages.json``
# (the OpenAI Agents SDK's ``to_input_list()``: Responses items), beside the run's record,
# ``meta.json`` (``task_name``, ``model_name``, ``execution_result``, ``token_usage``...):
# eval-sys/mcpmark-community-experiments at 92db83e36c6da2691141a0698f137665aa0116fe,
# ``mcp_servers/<server>/<implementation>/run-N/<task>/``.

#: The names of an MCPMark run's two files, and of the summary of a run of many tasks
#: (``run-N/summary.json``: ``total_tasks``, ``success_rate``, ``token_usage``...).
MCPMARK_MESSAGES, MCPMARK_RECORD, MCPMARK_SUMMARY = "messages.json", "meta.json", "summary.json"


def is_mcpmark_record(value: Any) -> bool:
    """An MCPMark run's record: its ``task_name`` beside its ``execution_result``."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("task_name"), str)
        and isinstance(value.get("execution_result"), dict)
    )


def is_mcpmark_summary(value: Any) -> bool:
    """An MCPMark run's summary over its tasks: ``total_tasks`` beside ``success_rate``."""
    return isinstance(value, dict) and "total_tasks" in value and "success_rate" in value


def mcpmark_run(messages_path: str) -> tuple[str, str | None] | None:
    """``(task name, why the run failed or None)`` from the record beside an MCPMark run's
    ``messages.json``, or ``None`` when there is none (any other file, no record beside)."""
    path = Path(messages_path)
    if path.name != MCPMARK_MESSAGES:
        return None
    try:
        record = json.loads((path.parent / MCPMARK_RECORD).read_text("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not is_mcpmark_record(record):
        return None
    return record["task_name"], run_failure(record)


# -- Inspect AI eval logs ----------------------------------------------------------------
# Inspect AI (UKGovernmentBEIS/inspect_ai, ``inspect_ai/log/_log.py``: ``EvalLog``) writes
# one log per task run: ``{"version": 2, "status", "eval": {"task", "model", ...}, "plan",
# "results", "stats", "samples": [EvalSample, ...]}`` as JSON, or (its default since
# 0.3.43) a ``.eval`` zip of ``header.json`` (the log without samples) and
# ``samples/<id>_epoch_<n>.json``, one EvalSample each. A sample is one run of one dataset
# item: ``{"id", "epoch", "input", "target", "messages", "output", "scores", "model_usage",
# "error"}``; its messages are Chat messages but for a call, ``{"id", "function": <name>,
# "arguments": {...}}``, a tool message's ``error``, ``{"type", "message"}``, and content
# parts of type ``reasoning`` (the model's thinking). Read at 92099a87 and f9d7f887
# (``tests/analysis/test_logs/``, ``tests/log/test_eval_log/``; corpora README).

#: The top-level keys of an Inspect eval log besides ``eval``: one of them marks it.
_INSPECT_KEYS = ("samples", "results", "stats", "plan")


def is_inspect_log(value: Any) -> bool:
    """An Inspect AI eval log (or a ``.eval`` archive's ``header.json``)."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("eval"), dict)
        and isinstance(value["eval"].get("task"), str)
        and isinstance(value.get("version"), int)
        and any(k in value for k in _INSPECT_KEYS)
    )


def inspect_run(sample: Any, task: str) -> Any:
    """One Inspect sample as a run record OpenAI Chat reads: its messages rewritten
    (:func:`inspect_messages`), named ``<task> sample <id> epoch <n>``, its usage summed
    over the models it called and its ``error`` (the sample raised) the run's failure."""
    if not isinstance(sample, dict) or not isinstance(sample.get("messages"), list):
        return sample  # read as it is, so that its problem names what it lacks
    calls = _inspect_call_usage(sample.get("events"))
    messages = inspect_messages(sample["messages"])
    for m in messages:
        if isinstance(m, dict) and m.get("role") == "assistant" and m.get("id") in calls:
            m["usage"] = calls[m["id"]]
    run: dict[str, Any] = {
        "trace_id": f"{task} sample {sample.get('id')} epoch {sample.get('epoch', 1)}",
        "messages": messages,
    }
    usage = sample.get("model_usage")
    if not calls and isinstance(usage, dict):
        # No model event says what each call used: the sample's totals are the run's.
        total = _inspect_usage([u for u in usage.values() if isinstance(u, dict)])
        if total["input_tokens"] or total["output_tokens"]:
            run["usage"] = total
    error = sample.get("error")
    if isinstance(error, dict) and isinstance(error.get("message"), str):
        run["error"] = error["message"]
    return run


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _inspect_usage(usages: list[dict[str, Any]]) -> dict[str, Any]:
    """Inspect ``ModelUsage`` records summed, as Responses usage: its ``input_tokens`` is
    the input total Inspect reports, ``input_tokens_cache_read`` the cached part."""
    return {
        "input_tokens": sum(_count(u.get("input_tokens")) for u in usages),
        "output_tokens": sum(_count(u.get("output_tokens")) for u in usages),
        "input_tokens_details": {
            "cached_tokens": sum(_count(u.get("input_tokens_cache_read")) for u in usages)
        },
    }


def _inspect_call_usage(events: Any) -> dict[str, dict[str, Any]]:
    """``message id -> usage`` of each model call a sample's ``model`` events record: the
    event's ``output.usage``, for the message its ``output.choices`` hold."""
    out: dict[str, dict[str, Any]] = {}
    for event in events if isinstance(events, list) else ():
        output = event.get("output") if isinstance(event, dict) else None
        if not isinstance(output, dict) or event.get("event") != "model":
            continue
        usage, choices = output.get("usage"), output.get("choices")
        if not isinstance(usage, dict) or not isinstance(choices, list) or not choices:
            continue
        message = choices[0].get("message") if isinstance(choices[0], dict) else None
        if isinstance(message, dict) and isinstance(message.get("id"), str):
            out[message["id"]] = _inspect_usage([usage])
    return out


def inspect_messages(messages: list[Any]) -> list[Any]:
    """Inspect ChatMessages as OpenAI Chat messages: each call ``{"id", "type": "function",
    "function": {"name", "arguments"}}``, a tool message's error object its text, and the
    model's ``reasoning`` parts left out (its thinking, not its text)."""
    out: list[Any] = []
    for m in messages:
        if not isinstance(m, dict):
            out.append(m)
            continue
        m = dict(m)
        content = m.get("content")
        if isinstance(content, list):
            m["content"] = [
                p for p in content if not (isinstance(p, dict) and p.get("type") == "reasoning")
            ]
        calls = m.get("tool_calls")
        if isinstance(calls, list):
            m["tool_calls"] = [
                {
                    "id": c.get("id"),
                    "type": "function",
                    "function": {"name": c["function"], "arguments": c.get("arguments")},
                }
                if isinstance(c, dict) and isinstance(c.get("function"), str)
                else c
                for c in calls
            ]
        error = m.get("error")
        if m.get("role") == "tool" and isinstance(error, dict):
            kind, message = error.get("type"), error.get("message")
            m["error"] = ": ".join(str(x) for x in (kind, message) if x) or True
        out.append(m)
    return out


# -- Google ADK sessions -------------------------------------------------------------------
# Google's Agent Development Kit keeps a conversation as a session, ``{"id", "appName",
# "userId", "state", "events", "lastUpdateTime"}`` (snake_case when a Python session is
# dumped without aliases: ``app_name``, ``user_id``), whose events (``google.adk.events.
# Event``) each carry one Gemini content, ``{"role", "parts"}`` with ``text``,
# ``functionCall`` and ``functionResponse`` parts, beside the ADK's own fields: ``author``
# (``user`` or the agent's name), ``invocationId``, ``actions`` (state deltas, transfers),
# ``usageMetadata`` on a model call's event, ``partial`` on a streamed piece, and
# ``errorCode``/``errorMessage`` when the model call failed. ``/run`` answers with a bare
# list of them. Read at jcarah/accelerate_context_engineering_workshop 2d4abee8 and 39abf3fe
# (``customer-service/eval/``; corpora README).


def is_adk_session(value: Any) -> bool:
    """An ADK session: its ``events`` beside its app and user."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("events"), list)
        and ("appName" in value or "app_name" in value)
        and ("userId" in value or "user_id" in value)
    )


def adk_session(record: Any) -> dict[str, Any] | None:
    """The ADK session a record is, or holds as one of its top-level values (an evaluation
    pipeline's record of a run keeps it beside its own fields: ``final_session_state``)."""
    if is_adk_session(record):
        return record
    if isinstance(record, dict):
        return next((v for v in record.values() if is_adk_session(v)), None)
    return None


def adk_state(session: dict[str, Any]) -> dict[str, Any] | None:
    """A session's ``state`` as a system content: the context an agent's instruction
    templates in (``{customer_profile}``), which grounds what the agent says as a system
    prompt does. A key a tool wrote (the state delta of an event holding a function
    response) is left out: its value is that tool's result, read where it was returned.
    ``None`` when nothing is left."""
    state = session.get("state")
    if not isinstance(state, dict) or not state:
        return None
    written: set[str] = set()
    for event in session.get("events") or []:
        if not isinstance(event, dict):
            continue
        content = event.get("content")
        parts = content.get("parts") if isinstance(content, dict) else None
        if not isinstance(parts, list) or not any(
            isinstance(p, dict)
            and (p.get("functionResponse") or p.get("function_response")) is not None
            for p in parts
        ):
            continue
        actions = event.get("actions")
        delta = (
            actions.get("stateDelta", actions.get("state_delta"))
            if isinstance(actions, dict)
            else None
        )
        if isinstance(delta, dict):
            written.update(_state_key(k) for k in delta)
    kept = {k: _json_text_value(v) for k, v in state.items() if _state_key(k) not in written}
    if not kept:
        return None
    text = json.dumps(kept, ensure_ascii=False, indent=1)
    return {"role": "system", "parts": [{"text": text}]}


def _json_text_value(value: Any) -> Any:
    """A state value that is a JSON text of an object or a list (a profile loaded from a
    file, ``"{\n  \"years_as_customer\": 2, ..."``) as that structure, so the state's text
    holds ``"years_as_customer": 2`` as written, not its escaped quotes and newlines."""
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        try:
            return json.loads(value)
        except (ValueError, RecursionError):
            return value
    return value


def _state_key(key: str) -> str:
    # The API writes a delta's keys camelCased ("customerProfile") when it writes the
    # session's own in snake_case ("customer_profile"): one key.
    return key.replace("_", "").lower()


def is_adk_events(value: Any) -> bool:
    """A list of ADK events (``/run``'s answer): objects naming their ``author`` and the
    invocation they belong to."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            isinstance(e, dict) and "author" in e and ("invocationId" in e or "invocation_id" in e)
            for e in value
        )
    )


def adk_contents(events: list[Any], problems: list[str]) -> list[Any]:
    """ADK events as Gemini contents, one an event that holds a content: a part's unset
    fields (``null``) left out, a model call's ``usageMetadata`` kept on its content. A
    streamed piece (``partial``) is left out, the final event holding it whole; an event
    with no content (a state change, a transfer's bookkeeping) holds no message; a failed
    model call (``errorCode``) is a problem."""
    out: list[Any] = []
    for i, event in enumerate(events):
        if not isinstance(event, dict):
            problems.append(f"event {i} is not an object; skipped")
            continue
        if event.get("partial"):
            continue
        code = event.get("errorCode", event.get("error_code"))
        message = event.get("errorMessage", event.get("error_message"))
        if code or message:
            problems.append(
                f"event {i} ({event.get('author')}): the model call failed "
                f"({': '.join(str(x) for x in (code, message) if x)})"
            )
        content = event.get("content")
        if not isinstance(content, dict):
            continue
        parts = content.get("parts")
        if not isinstance(parts, list) or not parts:
            continue  # a state change, a transfer's bookkeeping: no message
        role = content.get("role") or ("user" if event.get("author") == "user" else "model")
        one: dict[str, Any] = {
            "role": role,
            "parts": [
                {k: v for k, v in p.items() if v is not None} if isinstance(p, dict) else p
                for p in parts
            ],
        }
        usage = event.get("usageMetadata", event.get("usage_metadata"))
        if isinstance(usage, dict):
            one["usageMetadata"] = usage
        out.append(one)
    return out


# -- Google ADK evaluation results --------------------------------------------------------
# ``adk eval`` and the eval tab of ``adk web`` keep each run of an eval set as an
# ``EvalSetResult`` (``<agent>/.adk/eval_history/<app>_<eval set>_<time>.evalset_result.json``,
# the model's JSON written as a JSON string): ``{"eval_set_result_id", "eval_set_id",
# "eval_case_results": [...]}``, each case's result ``{"eval_id", "final_eval_status",
# "overall_eval_metric_results", "eval_metric_result_per_invocation", "session_id",
# "session_details"}``. Per invocation, the ``actual_invocation`` is what the agent did
# (``user_content``; ``intermediate_data``, the invocation's events ``[{"author",
# "content"}]`` or, in the first versions, ``tool_uses``, ``tool_responses`` and
# ``intermediate_responses``; ``final_response``; ``app_details``: each agent's
# ``instructions`` and ``tool_declarations``) beside the ``expected_invocation`` the eval set
# holds (never run: not read) and the metrics' scores. ``session_details`` holds the whole
# session when ADK could load it; it is most often ``null``. google/adk-python
# ``src/google/adk/evaluation/eval_case.py`` and ``eval_result.py`` at
# 13b8219eb56df816cebb3071d3da74d670102755; files read at wherby/code 1f616b56 (corpora
# README).


def is_adk_eval_case(value: Any) -> bool:
    """One case's result of an ADK eval set's run: its ``eval_id`` beside its invocations'
    results (``eval_metric_result_per_invocation``, or the camelCase of the web UI)."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("eval_id", value.get("evalId")), str)
        and isinstance(
            value.get(
                "eval_metric_result_per_invocation", value.get("evalMetricResultPerInvocation")
            ),
            list,
        )
    )


def _get(d: Any, snake: str, camel: str) -> Any:
    """``d[snake]``, else ``d[camel]`` (ADK dumps its models either way), or ``None``."""
    if not isinstance(d, dict):
        return None
    value = d.get(snake)
    return d.get(camel) if value is None else value


def _content(content: Any, role: str) -> dict[str, Any] | None:
    """A Gemini content with its parts' unset fields (``null``) left out, in ``role`` when it
    names none; ``None`` when it holds no part."""
    parts = content.get("parts") if isinstance(content, dict) else None
    if not isinstance(parts, list) or not parts:
        return None
    return {
        "role": content.get("role") or role,
        "parts": [
            {k: v for k, v in p.items() if v is not None} if isinstance(p, dict) else p
            for p in parts
        ],
    }


def adk_eval_case(case: dict[str, Any], problems: list[str]) -> tuple[list[Any], list[Any]]:
    """``(contents, tools)`` of one case's run (:func:`is_adk_eval_case`): Gemini contents
    read from each invocation's ``actual_invocation``, in order, after each agent's
    instructions (a system content, the first time the agent is named), and the tools the
    agents were given. The expected invocation is the eval set's, not the run's: left out."""
    out: list[Any] = []
    tools: list[Any] = []
    seen: set[str] = set()  # the agents whose instructions and tools are read
    per_invocation = _get(
        case, "eval_metric_result_per_invocation", "evalMetricResultPerInvocation"
    )
    for i, result in enumerate(per_invocation):
        actual = _get(result, "actual_invocation", "actualInvocation")
        if not isinstance(actual, dict):
            problems.append(f"invocation {i} has no actual_invocation (no run); skipped")
            continue
        agents = _get(_get(actual, "app_details", "appDetails"), "agent_details", "agentDetails")
        for name, details in agents.items() if isinstance(agents, dict) else ():
            if name in seen or not isinstance(details, dict):
                continue
            seen.add(name)
            instructions = details.get("instructions")
            if isinstance(instructions, str) and instructions.strip():
                out.append({"role": "system", "parts": [{"text": instructions}]})
            declared = _get(details, "tool_declarations", "toolDeclarations")
            if isinstance(declared, list):
                tools.extend(declared)
        asked = _content(_get(actual, "user_content", "userContent"), "user")
        if asked is not None:
            out.append(asked)
        data = _get(actual, "intermediate_data", "intermediateData")
        events = _get(data, "invocation_events", "invocationEvents")
        if isinstance(events, list):
            out.extend(adk_contents(events, problems))
        elif isinstance(data, dict):
            # The first versions' trajectory: the calls, then their responses, then what
            # sub-agents said on the way, each list in its own order.
            calls = _get(data, "tool_uses", "toolUses")
            if isinstance(calls, list) and calls:
                out.append({"role": "model", "parts": [{"functionCall": c} for c in calls]})
            answers = _get(data, "tool_responses", "toolResponses")
            if isinstance(answers, list) and answers:
                out.append({"role": "user", "parts": [{"functionResponse": r} for r in answers]})
            said = _get(data, "intermediate_responses", "intermediateResponses")
            for item in said if isinstance(said, list) else ():
                if isinstance(item, list | tuple) and len(item) == 2:
                    step = _content({"parts": item[1]}, "model")
                    if step is not None:
                        out.append(step)
        final = _content(_get(actual, "final_response", "finalResponse"), "model")
        if final is not None:
            out.append(final)
    return out, tools


# -- OpenHands event streams --------------------------------------------------------------
# OpenHands (V0) records a conversation as a stream of events, each an action or the
# observation answering one (``event_to_trajectory``; the GUI's trajectory download, a
# bare JSON list of them): ``{"id", "timestamp", "source": "user"|"agent"|"environment",
# "action", "args"}`` or ``{"observation", "content", "extras", "cause": <the action's
# id>}``, an agent's action and its observation carrying ``tool_call_metadata``: the call
# (``function_name``, ``tool_call_id``) and the whole ``model_response`` that made it
# (litellm's Chat Completion, its ``usage`` included). Read at All-Hands-AI/OpenHands
# 156d0686c46aafb0fa9d291da6421fb6f64dddc0, ``tests/runtime/trajs/`` and
# ``openhands/events/`` (corpora README).

_OPENHANDS_SOURCES = frozenset({"user", "agent", "environment"})
#: Actions that end the agent's turn with a message to the user: its text is the answer.
#: ``finish`` is a tool the model calls to stop, which nothing answers.
_OPENHANDS_SAYS = frozenset({"message", "finish"})
#: The runtime's own bookkeeping: no message of the conversation (``null``: "No
#: observation"; state changes; a recall request, whose observation is read below;
#: history condensation).
_OPENHANDS_BOOKKEEPING = frozenset(
    {
        "null",
        "agent_state_changed",
        "change_agent_state",
        "recall",
        "condensation",
        "condensation_request",
    }
)
#: Observations that say a call failed: the runtime's error (a bad argument, a crash) and
#: the user's refusal to run it.
_OPENHANDS_FAILED = frozenset({"error", "user_rejected"})
#: An action's ``args`` that are the runtime's, not the call's (where the model's own
#: arguments were not recorded): its text, how it ran, whether it was confirmed.
_OPENHANDS_RUNTIME_ARGS = frozenset(
    {
        "thought",
        "impl_source",
        "translated_ipython_code",
        "blocking",
        "hidden",
        "confirmation_state",
        "is_input",
        "security_risk",
        "wait_for_response",
        "image_urls",
    }
)


def is_openhands_events(value: Any) -> bool:
    """A list of OpenHands events: each names its ``source`` and is an ``action`` or an
    ``observation``. At least half of them: the others (broken in some way) are
    reported one by one by :func:`openhands_messages`, not the whole file."""
    if not isinstance(value, list) or not value:
        return False
    events = sum(map(_is_openhands_event, value))
    return events > 0 and events * 2 >= len(value)


def _is_openhands_event(e: Any) -> bool:
    return (
        isinstance(e, dict)
        and isinstance(e.get("source"), str)
        and e["source"] in _OPENHANDS_SOURCES
        and ("action" in e or "observation" in e)
    )


def openhands_messages(events: list[Any], problems: list[str]) -> list[Any]:
    """OpenHands events as OpenAI Chat messages; what cannot be read is added to
    ``problems`` (naming the event, counted from 0) and left out.

    A user's ``message`` is a turn; the agent's ``message`` and ``finish`` (the tool it
    calls to stop) are its text. Its other actions are calls, named by the tool the model
    called (else by the action), with the arguments the model wrote (else the action's own,
    less the runtime's); the actions of one model response are one message, its text the
    response's, its usage once. An observation answers the action it names in ``cause``;
    ``error`` and ``user_rejected`` say the call failed. A ``recall`` observation (the
    workspace and microagent knowledge the runtime adds) and an ``error`` that answers no
    action are system messages; the runtime's bookkeeping (state changes, ``null``
    observations) holds no message.
    """
    out: list[Any] = []
    calls: dict[Any, tuple[str, str]] = {}  # an action's id -> (call id, tool name)
    # Each model response's assistant message: OpenHands runs a response's calls one by
    # one, each observation before the next action, and they are one message still.
    said: dict[Any, dict[str, Any]] = {}
    for i, event in enumerate(events):
        where = f"event {i}"
        if not isinstance(event, dict):
            problems.append(f"{where} is not an object; skipped")
            continue
        kind = event.get("action", event.get("observation"))
        source = event.get("source")
        if "action" not in event and "observation" not in event:
            problems.append(f"{where} is neither an 'action' nor an 'observation'; skipped")
            continue
        # A kind or a source of another type (a list, an object) says nothing to read.
        if not isinstance(kind, str):
            field = "action" if "action" in event else "observation"
            problems.append(f"{where}'s {field} is not a string; skipped")
            continue
        if not isinstance(source, str) or source not in _OPENHANDS_SOURCES:
            problems.append(
                f"{where}'s source is {source!r}, not 'user', 'agent' or 'environment'; skipped"
            )
            continue
        recalled = "observation" in event and kind == "recall"
        if not recalled and (kind in _OPENHANDS_BOOKKEEPING or source == "environment"):
            continue  # the runtime's bookkeeping, or its state changes
        args = _object(event.get("args"))
        meta = _object(event.get("tool_call_metadata"))
        response = _object(meta.get("model_response"))
        # Ids of another type (a list, an object) name nothing: as if not recorded.
        event_id = _openhands_id(event.get("id"), i)
        tool_call_id = (
            meta.get("tool_call_id") if isinstance(meta.get("tool_call_id"), str) else None
        )
        function_name = (
            meta.get("function_name") if isinstance(meta.get("function_name"), str) else None
        )
        if "observation" in event:
            if kind == "recall":
                if event.get("content"):
                    out.append({"role": "system", "content": str(event["content"])})
                continue
            call = calls.get(_openhands_id(event.get("cause"), None))
            call_id = tool_call_id or (call[0] if call else None)
            if call_id is None:
                if kind == "error":
                    out.append({"role": "system", "content": _openhands_text(event)})
                else:
                    problems.append(
                        f"{where}: a {kind!r} observation answers no action (its 'cause' "
                        f"{event.get('cause')!r} names none); skipped"
                    )
                continue
            result: dict[str, Any] = {
                "role": "tool",
                "tool_call_id": call_id,
                "name": function_name or (call[1] if call else kind),
                "content": _openhands_text(event),
            }
            if kind in _OPENHANDS_FAILED or _openhands_exit_failed(event):
                result["error"] = True
            out.append(result)
            continue
        if source == "user":
            if kind == "message":
                out.append(
                    {
                        "role": "user",
                        "content": str(args.get("content") or event.get("message") or ""),
                    }
                )
            else:
                problems.append(f"{where}: a user's {kind!r} action is not read; skipped")
            continue
        if kind == "system":
            out.append({"role": "system", "content": str(args.get("content") or "")})
            continue
        response_id = _openhands_id(response.get("id"), None)
        message = said.get(response_id)
        if message is None:
            message = {"role": "assistant", "content": _openhands_thought(event, args, response)}
            usage = response.get("usage")
            if isinstance(usage, dict):
                message["usage"] = usage
            out.append(message)
            if response_id is not None:
                said[response_id] = message
        if kind in _OPENHANDS_SAYS:
            continue  # the agent's text, or the finish tool, which nothing answers
        call_id = tool_call_id or f"openhands-{event_id}"
        name = function_name or kind
        calls[event_id] = (call_id, name)
        message.setdefault("tool_calls", []).append(
            _call(call_id, name, _openhands_arguments(call_id, args, response))
        )
    return out


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _openhands_id(value: Any, default: Any) -> Any:
    """An event's or a response's id as recorded (a number or a string), else ``default``."""
    return value if isinstance(value, int | str) and not isinstance(value, bool) else default


def _openhands_thought(
    event: dict[str, Any], args: dict[str, Any], response: dict[str, Any]
) -> str:
    """The agent's text: a message's or a finish's words, else the model response's."""
    kind = event.get("action")
    if kind == "message":
        return str(args.get("content") or event.get("message") or "")
    if kind == "finish":
        return str(args.get("final_thought") or event.get("message") or args.get("thought") or "")
    choices = response.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        message = choices[0].get("message")
        if isinstance(message, dict) and isinstance(message.get("content"), str):
            return str(message["content"])
    return str(args.get("thought") or "")


def _openhands_arguments(call_id: str, args: dict[str, Any], response: dict[str, Any]) -> Any:
    """The arguments the model wrote for a call (its model response's ``tool_calls``), else
    the action's own ``args`` less the runtime's."""
    choices = response.get("choices")
    if isinstance(choices, list):
        for choice in choices:
            message = choice.get("message") if isinstance(choice, dict) else None
            for tc in (message or {}).get("tool_calls") or []:
                if isinstance(tc, dict) and tc.get("id") == call_id:
                    function = tc.get("function")
                    if isinstance(function, dict) and "arguments" in function:
                        return function["arguments"]
    return {k: v for k, v in args.items() if k not in _OPENHANDS_RUNTIME_ARGS}


def _openhands_exit_failed(event: dict[str, Any]) -> bool:
    """Whether a command's observation says it failed: a non-zero exit code, except -1,
    which OpenHands writes for a command still running when it stopped waiting (a server
    left up: "no new output after 30 seconds"), unless its suffix says it was stopped for
    taking too long ("timed out")."""
    meta = _object(_object(event.get("extras")).get("metadata"))
    code = meta.get("exit_code")
    if code == -1:
        return "timed out" in str(meta.get("suffix") or "")
    return exit_failed(code)


def _openhands_text(event: dict[str, Any]) -> str:
    """An observation's text, its ``content`` (not its ``message``, the runtime's summary
    for the screen, which repeats the call's arguments)."""
    content = event.get("content")
    return content if isinstance(content, str) else ""


# -- Runs that failed upstream -----------------------------------------------------------

#: SWE-agent's exit statuses for a run an error ended (``handle_error_with_autosubmission``
#: in SWE-agent/SWE-agent ``sweagent/agent/agents.py`` at
#: 3ea751c087f32b16e039a2233dd6eefecef325d5: the model's API given up on, the environment,
#: any other exception), possibly autosubmitted (``"submitted (exit_api)"``). Cost,
#: context and time limits end a run the harness meant to stop: not failures.
_SWE_AGENT_FAILED = ("exit_api", "exit_environment_error", "exit_error")
#: tau2-bench's termination reasons for a run an error ended (``TerminationReason`` in
#: sierra-research/tau2-bench ``src/tau2/data_model/simulation.py`` at
#: 143a213f3998f714e5b06dff642f99c668ad6790): the agent's or the simulated user's model
#: call raised, the infrastructure failed, the context overflowed, anything else raised.
#: Its step, time and tool-error limits end a run the harness meant to stop: not failures.
_TAU2_FAILED = (
    "agent_error",
    "user_error",
    "infrastructure_error",
    "context_window_exceeded",
    "unexpected_error",
)
# How much of an error the problem quotes: its point, not a whole provider's JSON body.
_FAILURE_CHARS = 160


def run_failure(record: Any) -> str | None:
    """Why a run record says its run failed before it finished, as a problem's reason, or
    ``None`` for a run that finished (or a record that says nothing either way).

    The harnesses record it beside the conversation, which then stops where the failure
    struck (often before the model answered at all), so the run would otherwise read as a
    short clean one:

    - AgentDojo: a top-level ``error`` (``InternalServerError("Error code: 503 ...")``);
    - MINT: the state's ``error`` (the model call's traceback, ``terminate_reason: error``);
    - mini-SWE-agent: ``info.exception_str`` (``run/benchmarks/swebench.py``), or its exit
      message's ``extra.exception_str`` (``DefaultAgent.handle_uncaught_exception``);
    - SWE-agent: ``info.exit_status`` of :data:`_SWE_AGENT_FAILED`;
    - tau-bench: ``info.error`` (with ``traj: []``: its run raised; ``tau_bench/run.py``);
    - tau2-bench: a ``termination_reason`` of :data:`_TAU2_FAILED`;
    - MCPMark: its run record's ``execution_result.error_message`` (a context window
      exceeded, the agent's crash), in ``meta.json`` beside the run (:func:`mcpmark_run`).
    """
    if not isinstance(record, dict):
        return None
    found = _failure(record)
    if found is None:
        return None
    where, error = found
    return (
        f"the run failed before it finished ({where}: {_summary(error)}), so its "
        "conversation stops where the failure struck: re-run it, or leave it out"
    )


def _failure(record: dict[str, Any]) -> tuple[str, str] | None:
    error = record.get("error")
    if isinstance(error, str) and error.strip():
        return "'error'", error
    state = record.get("state")
    if isinstance(state, dict) and isinstance(state.get("error"), str) and state["error"].strip():
        return "the state's 'error'", state["error"]
    info = record.get("info")
    if isinstance(info, dict):
        exception = info.get("exception_str")
        if isinstance(exception, str) and exception.strip():
            return "'info.exception_str'", exception
        status = info.get("exit_status")
        if isinstance(status, str) and any(s in status for s in _SWE_AGENT_FAILED):
            return "'info.exit_status'", status
        error = info.get("error")
        if isinstance(error, str) and error.strip():
            return "'info.error'", error
    reason = record.get("termination_reason")
    if isinstance(reason, str) and reason in _TAU2_FAILED:
        return "'termination_reason'", reason
    result = record.get("execution_result")
    if isinstance(result, dict):
        message = result.get("error_message")
        if isinstance(message, str) and message.strip():
            return "'execution_result.error_message'", message
    messages = record.get("messages")
    last = messages[-1] if isinstance(messages, list) and messages else None
    if (
        isinstance(last, dict)
        and isinstance(role := last.get("role"), str)
        and role in RUN_END_ROLES
    ):
        extra = last.get("extra")
        exception = extra.get("exception_str") if isinstance(extra, dict) else None
        if isinstance(exception, str) and exception.strip():
            return "the exit message's 'exception_str'", exception
    return None


def _summary(error: str) -> str:
    """An error's point in one line: a traceback's last line (the exception raised), else
    its first line, cut to :data:`_FAILURE_CHARS`."""
    lines = [line.strip() for line in error.splitlines() if line.strip()]
    traceback = any(line.startswith("Traceback (most recent call last)") for line in lines)
    line = lines[-1] if traceback else lines[0]
    return line if len(line) <= _FAILURE_CHARS else line[: _FAILURE_CHARS - 1].rstrip() + "…"


# -- Azure AI Evaluation's agent data ----------------------------------------------------
# The rows azure-ai-evaluation's agent evaluators take (IntentResolution, ToolCallAccuracy,
# TaskAdherence) and its AIAgentConverter writes from an agent's thread, one row a JSON
# Lines line: ``{"query", "response", "tool_definitions", ...}``. Messages carry
# ``createdAt`` and ``run_id`` beside ``role``; content is a string or typed blocks:
# ``text`` (``input_text``, ``output_text``), ``tool_call`` (``function_call``) with
# ``tool_call_id``, ``name`` and ``arguments``, and, in a ``tool`` message naming its call
# by ``tool_call_id``, ``tool_result`` (``function_call_output``). The row's ``tool_calls``
# column (ToolCallAccuracy's input) may list calls the response does not hold: an agent
# service's built-in tools (``{"type": "file_search", "tool_call_id": null, "queries":
# [...]}``), whose results the row never recorded. Rows written by a script of
# PreiyaaKedia/agent-evaluation-v2 (tests/corpora/formats/README.md) were read to write this.

_AZURE_TEXT = frozenset({"text", "input_text", "output_text"})
_AZURE_CALLS = frozenset({"tool_call", "function_call"})
_AZURE_RESULTS = frozenset({"tool_result", "function_call_output"})
_AZURE_ROLES = frozenset({"system", "developer", "user", "assistant", "tool"})


def is_azure_eval(value: Any) -> bool:
    """An Azure AI Evaluation agent row: a ``query`` (text or messages) beside a
    ``response`` list of role-tagged messages."""
    if not isinstance(value, dict) or not isinstance(value.get("query"), str | list):
        return False
    response = value.get("response")
    return type(response) is list and any(isinstance(m, dict) and "role" in m for m in response)


def is_azure_block(part: Any) -> bool:
    """A content block only Azure AI Evaluation's agent messages write: a ``tool_call``
    (its call inline, or nested under ``tool_call`` as OpenAI Chat's) or a ``tool_result``
    holding its result under ``tool_result`` (Anthropic's names its call in
    ``tool_use_id``)."""
    if not isinstance(part, dict):
        return False
    kind = part.get("type")
    if kind == "tool_call":
        return isinstance(part.get("tool_call"), dict) or "name" in part
    return kind == "tool_result" and "tool_result" in part


def azure_eval_messages(row: dict[str, Any], problems: list[str]) -> list[Any]:
    """An Azure AI Evaluation agent row as OpenAI Chat messages; what cannot be read is added
    to ``problems`` (naming the message) and left out.

    The ``query`` (a text is the user's message) comes first, then the ``response``. A call
    the row's ``tool_calls`` column lists and no response message holds (a built-in tool's,
    whose result was not recorded) is an assistant call placed before the response's answer,
    left unanswered, so the counts show what the row did not keep. ``context`` (the
    grounding evaluators' documents) and ``ground_truth`` are the evaluation's, not the
    conversation: not read.
    """
    # Earlier rows hold the whole conversation under "messages" (with "tools").
    query = row["messages"] if type(row.get("messages")) is list else row.get("query", [])
    out: list[Any] = []
    if isinstance(query, str):
        out.append({"role": "user", "content": query})
    else:
        for i, m in enumerate(query):
            out += _azure_message(m, f"query message {i + 1}", problems)
    answer = len(out)
    for i, m in enumerate(row.get("response") or []):
        converted = _azure_message(m, f"response message {i + 1}", problems)
        if any(c.get("role") == "assistant" and c.get("content") for c in converted):
            answer = len(out)  # the last message with text: where an unrecorded call went
        out += converted
    held = {
        call.get("id")
        for m in out
        for call in (m.get("tool_calls") or [])
        if isinstance(call, dict) and isinstance(call.get("id"), str)
    }
    listed = row.get("tool_calls")
    built_in = [
        _azure_listed_call(c)
        for c in (listed if isinstance(listed, list) else [])
        if isinstance(c, dict)
        and (not isinstance(c.get("tool_call_id"), str) or c["tool_call_id"] not in held)
    ]
    if built_in:
        out.insert(answer, {"role": "assistant", "content": None, "tool_calls": built_in})
    return out


def _azure_message(m: Any, where: str, problems: list[str]) -> list[dict[str, Any]]:
    if not isinstance(m, dict):
        problems.append(f"{where} is not an object; skipped")
        return []
    role = m.get("role")
    if not isinstance(role, str) or role not in _AZURE_ROLES:
        problems.append(f"{where} has role {role!r}, not one of {sorted(_AZURE_ROLES)}; skipped")
        return []
    content = m.get("content")
    if not isinstance(content, list):
        return [{"role": role, "content": content, **_call_id(m)}]
    texts: list[str] = []
    calls: list[dict[str, Any]] = []
    results: list[Any] = []
    for block in content:
        kind = block.get("type") if isinstance(block, dict) else None
        if not isinstance(kind, str):  # a type of another type (a list) is no block's
            problems.append(f"{where}: content block of type {kind!r} not read; skipped")
        elif kind in _AZURE_TEXT and isinstance(block.get("text"), str):
            texts.append(block["text"])
        elif kind in _AZURE_CALLS and isinstance(block.get("name"), str):
            calls.append(_call(block.get("tool_call_id"), block["name"], block.get("arguments")))
        elif kind == "tool_call" and isinstance(nested := block.get("tool_call"), dict):
            # {"type": "tool_call", "tool_call": {"id", "type": "function", "function": ...}}
            function = nested.get("function")
            if isinstance(function, dict) and isinstance(function.get("name"), str):
                calls.append(_call(nested.get("id"), function["name"], function.get("arguments")))
            else:
                problems.append(f"{where}: a tool call has no function name; skipped")
        elif kind in _AZURE_RESULTS and kind in block:
            results.append(block[kind])
        else:
            problems.append(f"{where}: content block of type {kind!r} not read; skipped")
    if role == "tool":
        if len(results) == 1 and not texts:
            body: Any = results[0]
            text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        else:
            text = "\n".join(
                [
                    *texts,
                    *(
                        r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)
                        for r in results
                    ),
                ]
            )
        return [{"role": "tool", "content": text, **_call_id(m)}]
    message: dict[str, Any] = {"role": role, "content": "\n".join(texts) if texts else None}
    if calls:
        message["tool_calls"] = calls
    return [message]


def _call_id(m: dict[str, Any]) -> dict[str, Any]:
    return {"tool_call_id": m["tool_call_id"]} if m.get("tool_call_id") is not None else {}


def _azure_listed_call(c: dict[str, Any]) -> dict[str, Any]:
    """A call of the row's ``tool_calls`` column: a function call as it is, a built-in
    tool's (``file_search`` with its ``queries``) named by its type, its other fields its
    arguments."""
    name = c["name"] if isinstance(c.get("name"), str) else str(c.get("type") or "tool")
    if "arguments" in c:
        arguments = c["arguments"]
    else:
        arguments = {k: v for k, v in c.items() if k not in ("type", "tool_call_id", "name")}
    return _call(c.get("tool_call_id"), name, arguments)


# -- Recognised, not read ----------------------------------------------------------------


def is_agentbench(value: Any) -> bool:
    """An AgentBench run (THUDM/AgentBench ``runs.jsonl``, ``TaskClientOutput``): its
    ``output.history`` of ``user`` and ``agent`` turns."""
    output = value.get("output") if isinstance(value, dict) else None
    history = output.get("history") if isinstance(output, dict) else None
    return type(history) is list and any(
        isinstance(m, dict) and m.get("role") == "agent" for m in history
    )


#: File names SWE-agent writes its runs' SWE-bench predictions under: ``all_preds.jsonl``
#: (before 1.0) and ``preds.json`` (1.0 and later, ``merge_predictions``).
PREDICTIONS_FILES = ("all_preds.jsonl", "preds.json")


def is_predictions(value: Any) -> bool:
    """SWE-bench predictions: ``{"instance_id", "model_patch", ...}`` records, or a
    ``preds.json`` object of them keyed by instance id. They hold no conversation."""
    if not isinstance(value, dict):
        return False
    if "model_patch" in value and "instance_id" in value:
        return True
    first = next(iter(value.values()), None)
    return isinstance(first, dict) and "model_patch" in first and "instance_id" in first


# -- ShareGPT ----------------------------------------------------------------------------
# Fine-tuning and distillation sets publish recorded tool conversations as ShareGPT
# records, ``{"conversations": [{"from", "value"}], "system", "tools"}``: in
# LLaMA-Factory's tags (hiyouga/LLaMA-Factory at e8e6af26514272e29a50649b38182beb4db4ebfa,
# data/README.md and data/glaive_toolcall_en_demo.json: ``human``, ``gpt``,
# ``function_call`` holding ``{"name", "arguments"}`` or a list of them, ``observation``)
# and in Hermes's (calls as ``<tool_call>`` blocks of the ``gpt`` text, results as
# ``<tool_response>`` blocks of a ``tool`` turn). ms-swift writes the same turns as
# ``messages`` with ``role``/``content`` (``tool_call``, ``tool_response``): see
# :data:`CALL_ROLES`.

#: ShareGPT's speakers, and the roles of ``messages`` that some sets write in their
#: place, as OpenAI Chat roles; ``call`` is an assistant's tool call, ``result`` a result.
SHAREGPT_ROLES = {
    "human": "user",
    "user": "user",
    "gpt": "assistant",
    "assistant": "assistant",
    "chatgpt": "assistant",
    "model": "assistant",
    "system": "system",
    "function_call": "call",
    "function-call": "call",
    "tool_call": "call",
    "observation": "result",
    "tool": "result",
    "function": "result",
    "tool_response": "result",
    "function_response": "result",
    "function-response": "result",
}
#: Roles of Chat-shaped ``messages`` that are ShareGPT's tool turns (ms-swift, and
#: LLaMA-Factory's OpenAI-style tags): read by :func:`sharegpt_messages` too.
CALL_ROLES = frozenset(
    role for role, kind in SHAREGPT_ROLES.items() if kind in ("call", "result")
) - {"tool", "function"}  # OpenAI Chat's own result roles
_TOOL_CALL_BLOCK = re.compile(r"<tool_call>\s*(.*?)\s*</tool_call>", re.DOTALL)
_THINK_BLOCK = re.compile(r"<think>\s*(.*?)\s*</think>", re.DOTALL)
_TOOL_RESPONSE_BLOCK = re.compile(r"<tool_response>\s*(.*?)\s*</tool_response>", re.DOTALL)


def is_sharegpt(value: Any) -> bool:
    """A ShareGPT record: ``conversations``, a list of ``{"from", "value"}`` turns (its
    first turn so, or at least half of them: one broken turn, the first included, is a
    problem of that turn, not a reason to leave the whole conversation unread)."""
    turns = value.get("conversations") if isinstance(value, dict) else None
    if not isinstance(turns, list) or not turns:
        return False
    good = [isinstance(t, dict) and "from" in t and "value" in t for t in turns]
    return good[0] or 2 * sum(good) >= len(good)


def sharegpt_messages(
    turns: list[Any],
    problems: list[str],
    system: Any = None,
    keys: tuple[str, str] = ("from", "value"),
) -> list[Any]:
    """ShareGPT turns as OpenAI Chat messages; what cannot be read of a turn is added to
    ``problems`` (naming the turn) and left out. With ``keys=("role", "content")`` they
    are Chat messages, of which only the :data:`CALL_ROLES` are rewritten.

    A ``function_call`` turn is an assistant message calling each tool its value names
    (recorded without ids: results answer calls in order); an ``observation`` turn is a
    ``tool`` message, split into one per call when it is a JSON list answering a turn of
    several calls. Hermes's ``<tool_call>`` blocks in an assistant's text are its calls,
    and ``<tool_response>`` blocks of a result turn are its results; ``<think>`` blocks are
    the model's thinking, kept as ``reasoning_content``, which is no answer.
    """
    speaker_key, text_key = keys
    out: list[Any] = []
    if isinstance(system, str) and system.strip():
        out.append({"role": "system", "content": system})
    last_calls = 0  # calls of the latest call turn, which a list of results may answer
    for i, turn in enumerate(turns):
        where = f"turn {i + 1}"
        if not isinstance(turn, dict):
            problems.append(f"{where} is not an object; skipped")
            continue
        speaker = turn.get(speaker_key)
        if speaker_key == "role" and speaker not in CALL_ROLES:
            out.append(turn)  # a Chat message already
            continue
        role = SHAREGPT_ROLES.get(speaker.lower()) if isinstance(speaker, str) else None
        if role is None:
            problems.append(
                f"{where} is from {speaker!r}, not human, gpt, system, function_call or "
                "observation; skipped"
            )
            continue
        if text_key not in turn:
            problems.append(f"{where} has no {text_key!r}; read as empty")
        value = turn.get(text_key)
        text = value if isinstance(value, str) else "" if value is None else json.dumps(value)
        if role == "call":
            calls = _sharegpt_calls(value, where, problems)
            if calls:
                out.append({"role": "assistant", "content": None, "tool_calls": calls})
            last_calls = len(calls)
        elif role == "result":
            for result in _sharegpt_results(text, last_calls):
                out.append({"role": "tool", "content": result})
            last_calls = 0
        elif role == "assistant":
            message: dict[str, Any] = {"role": "assistant"}
            if "<think>" in text:
                # The model's thinking, not its answer (reasoning_content, as elsewhere).
                message["reasoning_content"] = "\n".join(_THINK_BLOCK.findall(text))
                text = _THINK_BLOCK.sub("", text)
            if "<tool_call>" in text:
                calls = []
                for block in _TOOL_CALL_BLOCK.findall(text):
                    calls += _sharegpt_calls(block, where, problems)
                text = _TOOL_CALL_BLOCK.sub("", text)
                message["tool_calls"] = calls
                last_calls = len(calls)
            message["content"] = text.strip()
            out.append(message)
        else:
            out.append({"role": role, "content": text})
    return out


def _sharegpt_calls(value: Any, where: str, problems: list[str]) -> list[dict[str, Any]]:
    """The calls a ``function_call`` value names: ``{"name", "arguments"}``, a list of
    them, or the JSON text of either."""
    parsed = value
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except ValueError:
            problems.append(f"{where}: the call is not JSON ({value[:60]!r}); skipped")
            return []
    items = parsed if isinstance(parsed, list) else [parsed]
    calls = []
    for item in items:
        name = item.get("name") if isinstance(item, dict) else None
        if not isinstance(name, str):
            problems.append(f"{where}: a call has no 'name'; skipped")
            continue
        arguments = item.get("arguments", item.get("parameters"))
        calls.append(_call(None, name, arguments))
    return calls


def _sharegpt_results(text: str, calls: int) -> list[str]:
    """A result turn's results: its ``<tool_response>`` blocks, or a JSON list's items
    when it answers a turn of as many calls, or the whole text."""
    blocks = _TOOL_RESPONSE_BLOCK.findall(text)
    if blocks:
        return blocks
    if calls > 1 and text.lstrip().startswith("["):
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        if isinstance(parsed, list) and len(parsed) == calls:
            return [p if isinstance(p, str) else json.dumps(p) for p in parsed]
    return [text]


# -- LangChain message dumps --------------------------------------------------------------
# LangChain and LangGraph apps persist a conversation as ``messages_to_dict`` writes it
# (langchain-core ``messages/base.py``: ``{"type": message.type, "data": message.dict()}``),
# e.g. agent-service-toolkit's ``original`` field (yuxiaojian/articles at
# b2c57524f87502e4c937abd7152663e1dcd541a2, ``medium-2024/How to Deploy LangGraph Agents to
# Kubernetes.md``): ``ai`` messages carry ``tool_calls`` as ``{"name", "args", "id"}`` and
# ``usage_metadata``, ``tool`` messages their ``tool_call_id``, ``name`` and ``status``.

#: A LangChain message's ``type`` and the Chat role it is.
LANGCHAIN_ROLES = {
    "human": "user",
    "ai": "assistant",
    "AIMessageChunk": "assistant",
    "tool": "tool",
    "system": "system",
    "function": "function",
}


def is_langchain_message(m: Any) -> bool:
    """A LangChain message as ``messages_to_dict`` writes it: ``{"type", "data"}``."""
    return (
        isinstance(m, dict)
        and isinstance(m.get("type"), str)
        and m["type"] in LANGCHAIN_ROLES
        and isinstance(m.get("data"), dict)
        and "content" in m["data"]
    )


def langchain_message(m: dict[str, Any]) -> dict[str, Any]:
    """The OpenAI Chat message a LangChain message dump is (:func:`is_langchain_message`):
    its calls flat (``{"id", "name", "arguments"}``, the arguments an object), a tool
    message's ``status: error`` its error flag, ``usage_metadata`` its usage."""
    data = m["data"]
    role = LANGCHAIN_ROLES[m["type"]]
    content = data.get("content")
    calls = data.get("tool_calls") if role == "assistant" else None
    if isinstance(content, list) and calls:
        # A provider's own call blocks (Anthropic's tool_use) repeat tool_calls.
        content = [p for p in content if not (isinstance(p, dict) and p.get("type") == "tool_use")]
    out: dict[str, Any] = {"role": role, "content": content}
    if role == "assistant":
        if isinstance(calls, list) and calls:
            out["tool_calls"] = [
                {
                    "id": c.get("id"),
                    "type": "function",
                    "name": c.get("name"),
                    "arguments": c.get("args"),
                }
                for c in calls
                if isinstance(c, dict)
            ]
        if isinstance(data.get("usage_metadata"), dict):
            out["usage"] = data["usage_metadata"]
    elif role in ("tool", "function"):
        out["tool_call_id"] = data.get("tool_call_id")
        out["name"] = data.get("name")
        if data.get("status") == "error":
            out["error"] = True
    return out


# -- AutoGen / AG2 chat histories ----------------------------------------------------------
# AutoGen 0.2 and AG2 (``ConversableAgent``: ``ChatResult.chat_history``, an agent's
# ``chat_messages``) answer tool calls in one ``tool`` message per reply that names no call
# itself: ``{"role": "tool", "content", "tool_responses": [{"tool_call_id", "role": "tool",
# "content"}]}`` (ag2ai/ag2 ``autogen/agentchat/conversable_agent.py``). A history is one
# agent's view: the messages it sent are ``assistant`` and those it received ``user``, so
# the initiator's (``initiate_chat``'s result, e.g. fw-ai/cookbook at
# d45ca8bac2fe3c7412ed6c1a507ac7516bfe47da, ``learn/function-calling/
# notebooks_firefunction_openai/fw_autogen_stock_chart.ipynb``) opens with the task as its
# own ``assistant`` message, named after it, and holds the answering agent's text as
# ``user``; its calls stay ``assistant``, as any message with ``tool_calls`` is.


#: AG2's and AutoGen's default termination message: its ``AssistantAgent`` is told to end
#: with it when the task is done (``DEFAULT_SYSTEM_MESSAGE``), and the chat stops on it.
_AG2_TERMINATE = re.compile(r"\bTERMINATE\W*\Z")


def ag2_initiator_view(messages: list[Any]) -> tuple[str, bool] | None:
    """``(initiator, certain)`` when a history without tool replies is shaped as an AG2 or
    AutoGen chat history held by the agent that started the chat: every ``user`` and
    ``assistant`` message (but calls) named, the first an ``assistant`` message, and the
    roles following the names (the first's name always ``assistant``, every other
    ``user``). ``certain`` when a message ends with AG2's ``TERMINATE``: nothing else in
    such a history tells it from a chat that opens with a named assistant's greeting."""
    # One pass, left at the first message that does not fit: most conversations open
    # with a user's message, and are done with here at once.
    initiator: str | None = None
    answered = certain = False
    for m in messages:
        if not isinstance(m, dict):
            continue
        role = m.get("role")
        if role == "tool":
            return None
        if role not in ("user", "assistant") or m.get("tool_calls") or m.get("function_call"):
            continue
        name = m.get("name")
        if not isinstance(name, str):
            return None
        if initiator is None:
            if role != "assistant":
                return None
            initiator = name
        elif (name == initiator) != (role == "assistant"):
            return None
        answered = answered or role == "user"
        content = m.get("content")
        certain = certain or (isinstance(content, str) and bool(_AG2_TERMINATE.search(content)))
    return (initiator, certain) if initiator is not None and answered else None


def is_ag2_tool_reply(m: dict[str, Any]) -> bool:
    """A ``tool`` message answering its calls in ``tool_responses`` (AutoGen, AG2)."""
    return "tool_call_id" not in m and isinstance(m.get("tool_responses"), list)


def ag2_messages(messages: list[Any]) -> list[Any]:
    """AutoGen/AG2 chat history messages as OpenAI Chat messages: each ``tool_responses``
    entry a ``tool`` message of its own; in the initiator's view (its first message its
    own, ``assistant`` with a ``name``), its messages the user's and the agent's text the
    assistant's."""
    first = next((m for m in messages if isinstance(m, dict) and m.get("role") != "system"), None)
    initiator = (
        first.get("name")
        if isinstance(first, dict)
        and first.get("role") == "assistant"
        and not first.get("tool_calls")
        else None
    )
    out: list[Any] = []
    for m in messages:
        if not isinstance(m, dict):
            out.append(m)
        elif m.get("role") == "tool" and is_ag2_tool_reply(m):
            for r in m["tool_responses"]:
                if isinstance(r, dict):
                    out.append(
                        {
                            "role": "tool",
                            "tool_call_id": r.get("tool_call_id"),
                            "content": r.get("content"),
                        }
                    )
        elif (
            initiator is not None
            and not m.get("tool_calls")
            and m.get("role") in ("user", "assistant")
        ):
            out.append({**m, "role": "user" if m.get("role") == "assistant" else "assistant"})
        else:
            out.append(m)
    return out
