"""Format detection and the per-file parsing loop.

:func:`parse_file` reads one file record by record, detects its format from
the first records (or takes ``format=``), and yields finished
:class:`~projeval.traces.events.Trace` objects and
:class:`~projeval.traces.events.Problem` records as it goes.

Agents re-send the whole conversation on every model call, and request logs
record each of those requests. Records that carry the same conversation id
are therefore treated as snapshots of one conversation: a snapshot that
extends the previous one adds only its new messages, so history is counted
once, and the events of repeated history are never even built.
"""

from __future__ import annotations

import operator
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from .._json import MAX_DEPTH, nested_deeper
from ..errors import TraceError
from .actions import tool_statements
from .agentdojo import is_run
from .aisdk import is_ui_message, step_messages, steps_messages
from .autogen import autogen_thread
from .cline import is_cline_history, is_cline_ui
from .conversations import (
    CODEX_EXEC_EVENTS,
    CODEX_LINES,
    CONVERTERS,
    Converter,
    Snapshot,
    damaged_interaction,
    interaction_steps,
    listed_run,
    run_messages,
)
from .events import Problem, Trace, Usage, finish_trace
from .eventstream import converse_stream
from .harnesses import (
    adk_session,
    is_adk_eval_case,
    is_adk_events,
    is_agentbench,
    is_atif,
    is_azure_block,
    is_azure_eval,
    is_gemini_cli,
    is_langchain_message,
    is_mcpmark_record,
    is_mcpmark_summary,
    is_mint,
    is_openhands_events,
    is_predictions,
    is_sharegpt,
    mcpmark_run,
)
from .letta import is_letta_agent
from .mcp import McpParser, unwrap_jsonrpc
from .merger import Merger, extends_line, shares_opening
from .pydanticai import is_message as is_pydantic_ai_message
from .readers import DEFAULT_MAX_JSON_BYTES, Record, file_text_kind, iter_records
from .spans import SpanParser, is_span_list, span_format

#: Every format the parsers read, in the order detection reports them.
FORMATS = (
    "openai_chat",
    "openai_responses",
    "anthropic",
    "gemini",
    "bedrock_converse",
    "mcp",
    "otel",
    "openinference",
    "agentdojo",
    "mint",
    "atif",
    "gemini_cli",
    "cline",
    "autogen",
    "sharegpt",
    "azure_eval",
    "openhands",
    "pydantic_ai",
    "letta",
)

#: Exports that detection recognises but no parser reads: each names itself in one error.
UNREAD_FORMATS = {
    "langsmith": (
        "this looks like a LangSmith run export (run_type, inputs, outputs), which projeval "
        "does not read: a run's inputs and outputs hold whatever the traced code took and "
        "returned (LangChain's serialized messages, an OpenAI request and response, a tool's "
        "arguments), not one shape a reader could rely on",
        "from the export, take each trace's last run of run_type 'llm' (its inputs hold the "
        "conversation up to that model call, tool results included) and write it as one "
        'OpenAI Chat record a line, {"trace_id": <its trace_id>, "messages": [<its '
        "inputs.messages>, <the message its outputs hold: outputs.choices[0].message, or "
        "outputs.generations[0][0].message>]}, LangChain's serialized messages "
        '({"lc": 1, ...}) revived with langchain_core.load.load and written with '
        "messages_to_dict; or record the app with OpenInference's LangChain instrumentation "
        "and export its spans as OTLP JSON",
    ),
    "langfuse": (
        "this looks like a Langfuse trace or observations export (traceId, type, input, "
        "output), which projeval does not read: an observation's input and output hold "
        "whatever the traced code passed (a provider's messages, a framework's state, a "
        "tool's arguments), not one shape a reader could rely on",
        "from the export (Langfuse exports JSON rows, not spans), take each trace's last "
        "GENERATION observation (its input holds the conversation up to that model call) and "
        'write it as one OpenAI Chat record a line, {"trace_id": <its traceId>, "messages": '
        "[<its input's messages>, <its output, the assistant's message>]}; or record the app "
        "with an OpenTelemetry GenAI or OpenInference instrumentation and export its spans "
        "as OTLP JSON",
    ),
    "api_error": (
        'this is an API\'s error response ({"error": {...}}: the call failed and answered '
        "no message), which holds no conversation",
        "leave it out; to read what was sent, record the request beside it "
        '({"request": ..., "response": ...}, one call a line)',
    ),
    "agentbench": (
        "this looks like an AgentBench run (output.history of 'user' and 'agent' turns), "
        "which projeval does not read: the agent's actions are free text in each task's own "
        "protocol, tasks inject scripted and example turns into the history, and every "
        "'user' turn after the task is the environment's reply",
        "write each run as OpenAI Chat JSON Lines: the task as a user message, each action "
        "the agent took as an assistant tool call (the action's name and arguments) and the "
        "environment's reply as the tool message answering it, leaving out the injected "
        'turns ({"messages": [...]}, one run a line)',
    ),
    "swe_bench_predictions": (
        "this is a file of SWE-bench predictions (instance_id, model_patch: the patch each "
        "run submitted), which records no conversation",
        "read the runs' trajectories instead: the .traj files beside it (a folder is read "
        "with its predictions files left out)",
    ),
    "mcpmark_record": (
        "this is an MCPMark run's record (task_name, execution_result, token_usage), which "
        "holds no conversation",
        "read the messages.json beside it, the run's conversation (a folder is read with "
        "each run's record left out, and read with its messages: its task names the trace, "
        "its error is a problem)",
    ),
    "mcpmark_summary": (
        "this is an MCPMark run's summary of its tasks (total_tasks, success_rate), which "
        "holds no conversation",
        "read the tasks' folders beside it, each run's messages.json (a folder is read with "
        "its summary left out)",
    ),
    "harmony": (
        "this looks like a gpt-oss Harmony transcript (<|start|>role<|message|>...<|end|>, "
        "as gpt-oss is prompted and answers), which projeval does not read",
        "write each conversation as OpenAI Chat JSON Lines: a message sent to=functions.NAME "
        "as an assistant tool call, the functions.NAME message after it as the tool message "
        "answering it, the analysis channel as the assistant's reasoning_content "
        '({"messages": [...]}, one conversation a line)',
    ),
    "pydantic_graph": (
        "this looks like a pydantic-graph state persistence file (FileStatePersistence: "
        "snapshots of a graph run's nodes, each with the graph's 'state' and a 'status'), "
        "which projeval does not read: a snapshot's state is the application's own "
        "dataclass, the agents' messages in it (if any) under names it chose, not one shape "
        "a reader could rely on",
        "write the messages the state holds as Pydantic AI message histories, "
        "ModelMessagesTypeAdapter.dump_json(<the state's message list>) (or an agent run's "
        "result.all_messages_json()), one conversation a file or a line. A graph run whose "
        "last snapshot is not kind 'end' did not finish: a node snapshot's status 'error' "
        "failed, 'created', 'pending' or 'running' stopped there",
    ),
    "adk_evalset": (
        "this looks like a Google ADK eval set (eval_cases of invocations, or the older "
        "rows of query, expected_tool_use and reference), which projeval does not read: "
        "it holds the turns a test expects and their tool calls, not a run's results",
        "read the runs instead: the results adk eval keeps of each run of the set "
        "(.adk/eval_history/*.evalset_result.json), the session adk web exports or an "
        'evaluation pipeline saves ({"id", "appName", "userId", "state", "events"}), or the '
        "spans ADK's trace endpoint returns (/debug/trace/session/<id>, a JSON list of spans)",
    ),
    "cline_ui": (
        "this is Cline's ui_messages.json (what the chat panel showed: 'say' and 'ask' "
        "entries), which holds no tool calls the model made",
        "read the api_conversation_history.json beside it, the task's conversation (a "
        "folder is read with ui_messages.json and task_metadata.json left out)",
    ),
    "openai_assistants": (
        "this looks like an OpenAI Assistants API listing (thread.message or "
        "thread.run.step objects, as GET /threads/{id}/messages and .../runs/{id}/steps "
        "return them), which projeval does not read: a thread's messages and its runs' "
        "tool calls come in separate listings, newest first by default",
        "write each thread as OpenAI Chat JSON Lines, oldest first: its user and assistant "
        "messages (their text parts' text.value), and each tool_calls run step's calls as "
        "the assistant's tool_calls, each function's output as the tool message answering "
        'it ({"messages": [...]}, one thread a line)',
    ),
    "tooltalk": (
        "this looks like a ToolTalk conversation (turns with 'text' and 'apis'), which "
        "projeval does not read",
        "write each conversation as OpenAI Chat JSON Lines: each of a turn's apis as an "
        "assistant tool call (request.api_name, request.parameters) and a tool message (its "
        'response, or its exception), then the turn\'s text ({"messages": [...]}, one '
        "conversation a line)",
    ),
}
_LANGFUSE_TYPES = frozenset(
    {
        "SPAN",
        "GENERATION",
        "EVENT",
        "AGENT",
        "TOOL",
        "CHAIN",
        "RETRIEVER",
        "EVALUATOR",
        "EMBEDDING",
        "GUARDRAIL",
    }
)

# Records looked at before detection settles for a weak guess.
_SNIFF_RECORDS = 50
# Open conversations kept waiting for a further snapshot before they are finished.
_OPEN_WINDOW = 256

# Chat content parts, and the AI SDK's calls and results in ModelMessage content.
_CHAT_PART_TYPES = {"image_url", "input_audio", "refusal", "file", "tool-call", "tool-result"}
_ANTHROPIC_BLOCKS = {
    "tool_use",
    "tool_result",
    "thinking",
    "redacted_thinking",
    "server_tool_use",
    "mcp_tool_use",
    "mcp_tool_result",
}
# A streamed response recorded as its event stream: a marker of each format's events.
_STREAM_MARKERS = (
    ("chat.completion.chunk", "openai_chat"),
    ('"response.created"', "openai_responses"),
    ("message_start", "anthropic"),
    ('"candidates"', "gemini"),
    ('"message-start"', "openai_chat"),  # Cohere's v2 chat stream, read as Chat
)
# Converse content blocks are objects keyed by their kind, with no "type".
_BEDROCK_BLOCKS = {"toolUse", "toolResult", "reasoningContent", "cachePoint", "guardContent"}
_RESPONSES_ITEMS = {
    "function_call",
    "function_call_output",
    "custom_tool_call",
    "custom_tool_call_output",
    "reasoning",
    "mcp_call",
    "input_text",
    "output_text",
}


class FileParser(Protocol):
    """What each format supplies: feed records in, get finished traces out."""

    #: The file read, as problems name it.
    name: str

    def feed(self, record: Record) -> Iterable[Trace | Problem]:
        """Consume one record."""
        ...

    def close(self) -> Iterable[Trace | Problem]:
        """Finish whatever is still open at the end of the file."""
        ...


class ParsedFile(NamedTuple):
    """A file opened for parsing: its format and the stream of traces and problems."""

    format: str
    #: A generator, so that a caller that only wanted the format can close it.
    items: Generator[Trace | Problem, None, None]


def open_file(
    path: str | Path,
    *,
    format: str | None = None,
    max_json_bytes: int = DEFAULT_MAX_JSON_BYTES,
) -> ParsedFile:
    """Detect the format of one file (or take ``format``) and start parsing it.

    Raises :class:`~projeval.errors.TraceError` when the file cannot be read
    at all or is in no known format.
    """
    name = str(path)
    if format is not None and format not in FORMATS:
        raise TraceError(
            f"unknown trace format {format!r}.", fix=f"use one of: {', '.join(FORMATS)}"
        )
    records = iter_records(path, max_json_bytes=max_json_bytes)
    buffered: list[Record | Problem] = []
    fmt = format
    if fmt is None and mcpmark_run(name) is not None:
        # An MCPMark run's conversation is the Agents SDK's input list, even an empty one.
        fmt = "openai_responses"
    if fmt is None:
        fmt, buffered = _detect(records, name)
    return ParsedFile(fmt, parse_records(make_parser(fmt, name), _chain(buffered, records)))


def parse_records(
    parser: FileParser, items: Iterator[Record | Problem]
) -> Generator[Trace | Problem, None, None]:
    nesting = _Nesting()
    for item in items:
        if isinstance(item, Problem):
            yield item
        elif nesting.deeper(item.value):
            # Skipped before any reader walks it: walking it would overflow the stack.
            yield Problem(
                parser.name,
                item.line,
                f"{_item(item)}the record nests more than {MAX_DEPTH} levels deep (no trace "
                "does; it cannot be read); record skipped",
            )
        elif (repaired := _lost_request(item)) is not None:
            request = item.value.get("request", ...)
            had = (
                "is missing"
                if request is ...
                else "is null (a cassette's request with no body)"
                if request is None
                else "is not an object"
            )
            yield Problem(
                parser.name,
                item.line,
                f"{_item(item)}the record's 'request' {had}, so only the model's recorded "
                "response is read, not the messages sent (fix: record the request beside its "
                'response, {"request": ..., "response": ...})',
            )
            yield from parser.feed(repaired)
        else:
            yield from parser.feed(item)
    yield from parser.close()


class _Nesting:
    """:func:`~projeval._json.nested_deeper` of a file's records, read one after another.

    A request log's record is the one before it with messages appended, and the reader
    builds it so, sharing the earlier record's objects (``readers._Snapshots``): only what
    it appends is walked, not the whole conversation again at every model call.
    """

    __slots__ = ("deep", "value")

    def __init__(self) -> None:
        self.value: Any = None  # the record checked last
        self.deep = False  # whether it nests too deep

    def deeper(self, value: Any) -> bool:
        """Whether ``value`` nests more than :data:`~projeval._json.MAX_DEPTH` levels deep."""
        added = None if self.deep else _appended(self.value, value)
        if added is None:
            self.deep = nested_deeper(value)
        else:
            # Each appended item sits two levels down: in a list, in the record.
            self.deep = any(nested_deeper(v, MAX_DEPTH - 2) for v in added)
        self.value = value
        return self.deep


def _appended(last: Any, value: Any) -> list[Any] | None:
    """The items ``value`` appends to one list of ``last``, when ``value`` is an object
    holding the very objects ``last`` holds but that list, which starts with the very
    items of ``last``'s; ``None`` otherwise."""
    if type(last) is not dict or type(value) is not dict or len(last) != len(value):
        return None
    grown = None
    for key, v in value.items():
        if key in last and last[key] is v:
            continue
        if grown is not None or type(v) is not list or type(last.get(key)) is not list:
            return None
        grown = key
    if grown is None:
        return []
    new, old = value[grown], last[grown]
    # map stops at the shorter list: every item of ``old`` must start ``new``.
    if len(new) < len(old) or not all(map(operator.is_, new, old)):
        return None
    return new[len(old) :]


def response_only(value: Any) -> str | None:
    """The format of a recorded API call whose request is lost: a ``response`` that is a
    provider's own event stream (Server-Sent Events naming their API's events, or a
    Converse event stream), with no ``request`` object beside it and no conversation of
    the record's own. The stream alone names its API; ``None`` for any other record."""
    if not isinstance(value, dict) or isinstance(value.get("request"), dict):
        return None
    if any(key in value for key in ("messages", "input", "contents", "conversations")):
        return None
    raw = value.get("response")
    if converse_stream(raw):
        return "bedrock_converse"
    if not isinstance(raw, str) or not raw.lstrip().startswith(("event:", "data:")):
        return None
    head = raw[:2048]
    return next((fmt for marker, fmt in _STREAM_MARKERS if marker in head), None)


def _lost_request(record: Record) -> Record | None:
    """The record with an empty request in place of its lost one (see
    :func:`response_only`), so that its response is read; ``None`` for any other record."""
    value = record.value
    if response_only(value) is None:
        return None
    return record._replace(value={**value, "request": {}})


def parse_file(
    path: str | Path,
    *,
    format: str | None = None,
    max_json_bytes: int = DEFAULT_MAX_JSON_BYTES,
) -> Iterator[Trace | Problem]:
    """Yield the traces of one file, and a :class:`Problem` for each record skipped."""
    return open_file(path, format=format, max_json_bytes=max_json_bytes).items


def _chain(
    first: list[Record | Problem], rest: Iterator[Record | Problem]
) -> Iterator[Record | Problem]:
    yield from first
    yield from rest


def _detect(records: Iterator[Record | Problem], name: str) -> tuple[str, list[Record | Problem]]:
    """Read records until the format is clear; return it with the records read so far."""
    buffered: list[Record | Problem] = []
    weak: str | None = None
    seen = 0
    listed = False
    first_problem: Problem | None = None
    for item in records:
        buffered.append(item)
        if isinstance(item, Problem):
            first_problem = first_problem or item
            continue
        seen += 1
        listed = listed or item.within is not None
        fmt, decisive = sniff(item.value)
        if fmt in UNREAD_FORMATS:
            reason, fix = UNREAD_FORMATS[fmt]
            raise TraceError(f"{reason}.", file=name, position=item.line, fix=fix)
        if decisive and fmt:
            return fmt, buffered
        weak = weak or fmt
        if seen >= _SNIFF_RECORDS:
            break
    if weak:
        return weak, buffered
    if listed:
        # A results document's runs, none with messages detection reads: read as OpenAI
        # Chat (role-tagged messages), which says of each run what it lacks.
        return "openai_chat", buffered
    if seen == 0 and first_problem is not None:
        if file_text_kind(name) != "plain text":
            # The JSON error alone ("Expecting value at column 1") hides what the file is.
            reason, fix = UNREAD_FORMATS["harmony"]
            raise TraceError(f"{reason}.", file=name, position=first_problem.line, fix=fix)
        raise TraceError(
            f"no record of this file could be read; the first problem: {first_problem.reason}.",
            file=name,
            position=first_problem.line,
            fix="check that the cassette's 'interactions' list holds one {request, response} "
            "mapping a call"
            if Path(name).suffix in (".yaml", ".yml")
            else "check that the file is JSON or JSON Lines and not cut short",
        )
    _refuse_broken(buffered, name)
    raise TraceError(
        f"not a known trace format (tried: {', '.join(FORMATS)}).",
        file=name,
        # A user at the command line and one calling the library read the same fix.
        fix="name it (--trace-format on the command line, format= in Python) if the file is "
        'in one of these; else write each conversation as OpenAI Chat, {"messages": '
        '[{"role", "content", "tool_calls"}, ...]}, one a line',
    )


#: Keys only one format's records hold, with what that format holds under them: a record
#: that has one of them, of another shape, is that format's record broken, not an unknown one.
_MARKER_KEYS = {
    "conversations": ("ShareGPT", "a list of {'from', 'value'} turns"),
    "messages": ("OpenAI Chat", "a list of {'role', 'content'} messages"),
}

_JSON_KINDS = {
    str: "a text",
    int: "a number",
    float: "a number",
    bool: "true or false",
    type(None): "null",
    list: "a list",
    dict: "an object",
}


def _refuse_broken(buffered: list[Record | Problem], name: str) -> None:
    """Raise the error of a file whose records no format was told from, where what is
    broken can be named: a format's own key of another shape (its position, and what it
    should hold), or no record at all, only texts, numbers or lists of them."""
    records = [item for item in buffered if isinstance(item, Record)]
    for record in records:
        value = record.value
        for key, (fmt, holds) in _MARKER_KEYS.items():
            if isinstance(value, dict) and key in value and not isinstance(value[key], list):
                kind = _JSON_KINDS.get(type(value[key]), "of another type")
                raise TraceError(
                    f"{_item(record)}the record's {key!r} is {kind}, where a {fmt} record "
                    f"holds {holds}; no other record tells the file's format.",
                    file=name,
                    position=record.line,
                    fix=f"make {key!r} {holds}, or name the format (--trace-format on the "
                    "command line, format= in Python)",
                )
    if records and not any(_holds_object(r.value) for r in records):
        first = records[0]
        kinds = sorted({_kind(r.value) for r in records})
        raise TraceError(
            f"{_item(first)}the file holds no record, only {' and '.join(kinds)}, where a "
            "trace's records are JSON objects.",
            file=name,
            position=first.line,
            fix="check that this is the trace file meant; a trace file holds JSON objects, "
            "one a line or a list of them",
        )


def _holds_object(value: Any) -> bool:
    """An object with keys, or a list holding objects or lists."""
    if isinstance(value, dict):
        return bool(value)
    return isinstance(value, list) and any(isinstance(v, dict | list) for v in value)


def _kind(value: Any) -> str:
    if isinstance(value, dict | list) and not value:
        return f"an empty {'object' if isinstance(value, dict) else 'list'}"
    if isinstance(value, list):
        return f"a list of {' and '.join(sorted({_kind(v) for v in value}))}"
    return _JSON_KINDS.get(type(value), "of another type")


#: The harnesses' own files, each told by its shape (:mod:`projeval.traces.harnesses`), in the
#: order they are tried: the format each is, read or refused by name.
_HARNESS_SHAPES: tuple[tuple[str, Callable[[Any], bool]], ...] = (
    ("gemini", lambda value: adk_session(value) is not None),  # a Google ADK session
    ("gemini", is_adk_eval_case),  # one case of a Google ADK eval set's run
    ("atif", is_atif),
    ("letta", is_letta_agent),  # before Chat: its messages are Chat-like
    ("gemini_cli", is_gemini_cli),
    ("sharegpt", is_sharegpt),
    ("azure_eval", is_azure_eval),
    ("mint", is_mint),
    ("agentbench", is_agentbench),
    ("swe_bench_predictions", is_predictions),
    ("mcpmark_record", is_mcpmark_record),
    ("mcpmark_summary", is_mcpmark_summary),
)


#: The objects the Assistants API lists: a thread's messages, its runs and their steps.
_ASSISTANTS_OBJECTS = frozenset(("thread.message", "thread.run.step", "thread.run"))


def _is_assistants_object(value: Any) -> bool:
    return isinstance(value, dict) and value.get("object") in _ASSISTANTS_OBJECTS


def _is_adk_evalset(value: dict[str, Any]) -> bool:
    """A Google ADK eval set (``{"eval_set_id", "eval_cases": [...]}``) or one row of the
    older test files (``{"query", "expected_tool_use", "reference"}``). Its results
    (``eval_case_results``, each invocation's actual run) are another matter, not this."""
    return (
        ("eval_set_id" in value or "evalSetId" in value)
        and isinstance(value.get("eval_cases", value.get("evalCases")), list)
    ) or _is_adk_test_row(value)


def _is_adk_test_row(value: Any) -> bool:
    return isinstance(value, dict) and "query" in value and "expected_tool_use" in value


def sniff(value: Any) -> tuple[str | None, bool]:
    """Guess a record's format: ``(format or None, decisive)``; the format may be one of
    :data:`UNREAD_FORMATS`, recognised so that it is not misread as another."""
    if isinstance(value, dict) and (
        "resourceSpans" in value or "attributes" in value or "spans" in value
    ):
        fmt = span_format(value)
        if fmt:
            return fmt, True
    if is_span_list(value):  # a JSON list of spans, as Google ADK's trace endpoint returns
        fmt = span_format(value)
        if fmt:
            return fmt, True
    items = value if isinstance(value, list) else [value]
    if items and all(unwrap_jsonrpc(v) is not None for v in items):
        return "mcp", True
    if isinstance(value, list) and value and all(_is_adk_test_row(v) for v in value):
        return "adk_evalset", True
    if is_cline_history(value):
        return "cline", True  # before Anthropic: its results are text
    if is_cline_ui(value):
        return "cline_ui", True
    if autogen_thread(value) is not None:
        return "autogen", True  # before Chat: AgentChat messages name their type, no role
    if not isinstance(value, dict | list):
        return None, False
    if is_run(value):
        return "agentdojo", True
    if (
        isinstance(value, list)
        and value
        and all(isinstance(v, dict) for v in value)
        and _is_graph_snapshot(value[0])
    ):
        return "pydantic_graph", True  # FileStatePersistence's list of snapshots
    kind = value.get("type") if isinstance(value, dict) else None
    if isinstance(kind, str) and kind in CODEX_LINES and "payload" in value:
        return "openai_responses", True  # a Codex CLI session log's line
    if isinstance(kind, str) and kind in CODEX_EXEC_EVENTS:
        return "openai_responses", True  # a line `codex exec --json` printed
    if is_adk_events(value):
        return "gemini", True
    if is_openhands_events(value):
        return "openhands", True
    if isinstance(value, dict):
        if is_pydantic_ai_message(value):
            return "pydantic_ai", True  # one message of a history a line
        for fmt, recognises in _HARNESS_SHAPES:
            if recognises(value):
                return fmt, True
        if _is_graph_snapshot(value):
            return "pydantic_graph", True
        if "run_type" in value or "child_runs" in value or _lists(value, _RUN_LISTS, _is_run):
            return "langsmith", True
        if (
            "observations" in value
            or _is_observation(value)
            or _lists(value, ("data",), _is_observation)
        ):
            return "langfuse", True
        if _is_tooltalk(value.get("conversation")):
            return "tooltalk", True
        if _is_assistants_object(value) or _lists(value, ("data",), _is_assistants_object):
            return "openai_assistants", True
        if _is_adk_evalset(value):
            return "adk_evalset", True
        if value.get("object") == "interaction" and interaction_steps(value) is not None:
            return "gemini", True  # a Gemini Interactions API response
        if damaged_interaction(value):
            return "gemini", True  # one whose marker is lost (its reader says so)
        error = value.get("error")
        if isinstance(error, dict) and "message" in error and set(value) <= {"error", "status"}:
            return "api_error", True
        lost = response_only(value)
        if lost is not None:
            return lost, True  # a recorded call whose request is lost (parse_records says so)
        body = r_ if isinstance(r_ := value.get("request"), dict) else value
        raw_resp = value.get("response")
        if body is not value and converse_stream(raw_resp):
            return "bedrock_converse", True
        if isinstance(raw_resp, str) and body is not value:
            head = raw_resp[:2048]
            for marker, fmt in _STREAM_MARKERS:
                if marker in head:
                    return fmt, True
        resp = raw_resp if isinstance(raw_resp, dict) else value
        if "anthropic_version" in body:  # Bedrock InvokeModel's body for Claude
            return "anthropic", True
        if "contents" in body or "candidates" in resp or "usageMetadata" in resp:
            return "gemini", True
        if isinstance(resp.get("output"), dict) and "message" in resp["output"]:
            return "bedrock_converse", True
        if step_messages(value) is not None or steps_messages(value) is not None:
            return "openai_chat", True  # a harness's conversation steps of Chat-role messages
        if (
            value.get("object") == "response"
            or "input" in body
            or (isinstance(body.get("output"), list) and "messages" not in body)
        ):
            return "openai_responses", True
        if "choices" in value or "choices" in resp:
            return "openai_chat", True
        usage = value.get("usage") or resp.get("usage") or {}
        if isinstance(usage, dict):
            if "inputTokens" in usage:
                return "bedrock_converse", True
            if "prompt_tokens" in usage:
                return "openai_chat", True
            if "cache_read_input_tokens" in usage or "cache_creation_input_tokens" in usage:
                return "anthropic", True
        messages = body.get("messages")
        if not isinstance(messages, list):
            messages = run_messages(body)  # a benchmark's run record: its messages decide
        if messages is None:
            inner = value.get("message")
            messages = (
                [inner]
                if isinstance(inner, dict)
                else [value]
                if "role" in value or is_langchain_message(value)
                else None
            )
        if messages is None:
            return None, False
        inner = value.get("message")
        if isinstance(inner, dict) and inner.get("type") == "message" and "stop_reason" in inner:
            # An agent session log's line (Claude Code) holds the Messages API's response
            # object, which says Anthropic even when its content is plain text.
            return "anthropic", True
        hint = "anthropic" if "system" in body or value.get("type") == "message" else None
    else:
        messages, hint = value, None
    for m in messages:
        fmt = _sniff_message(m)
        if fmt:
            return fmt, True
    if any(isinstance(m, dict) and "role" in m for m in messages):
        if any(_typeless_text(m) for m in messages):
            return "bedrock_converse", False  # text blocks without a "type": Converse
        return hint or "openai_chat", False
    return None, False


# Where LangSmith lists runs: the API's answer to a runs query ({"runs": [...]}) and the
# SDK's batch of runs it sends ({"post": [...], "patch": [...]}).
_RUN_LISTS = ("runs", "post", "patch")


#: pydantic-graph's ``SnapshotStatus``.
_SNAPSHOT_STATUSES = frozenset(("created", "pending", "running", "success", "error"))


def _is_graph_snapshot(value: dict[str, Any]) -> bool:
    """A pydantic-graph persistence snapshot: a ``NodeSnapshot`` (``kind`` 'node', its
    ``state``, ``node`` and ``status``) or an ``EndSnapshot`` (``kind`` 'end', its
    ``state`` and ``result``), each with its ``id``."""
    if "state" not in value or "id" not in value:
        return False
    kind = value.get("kind")
    if kind == "node":
        return "node" in value and value.get("status") in _SNAPSHOT_STATUSES
    return kind == "end" and "result" in value


def _is_run(value: Any) -> bool:
    return isinstance(value, dict) and "run_type" in value


def _is_observation(value: Any) -> bool:
    """A Langfuse observation: its trace's id and one of Langfuse's observation types."""
    kind = value.get("type") if isinstance(value, dict) else None
    return isinstance(kind, str) and kind in _LANGFUSE_TYPES and "traceId" in value


def _lists(value: dict[str, Any], keys: tuple[str, ...], item: Callable[[Any], bool]) -> bool:
    """Whether a list under one of ``keys`` opens with an ``item`` (an API's page of them)."""
    return any(
        isinstance(listed := value.get(key), list) and bool(listed) and item(listed[0])
        for key in keys
    )


def _is_tooltalk(turns: Any) -> bool:
    """ToolTalk's turns: ``{"index", "role", "text", "apis"}``, text where messages say content."""
    return (
        isinstance(turns, list)
        and bool(turns)
        and isinstance(turns[0], dict)
        and "role" in turns[0]
        and "text" in turns[0]
        and "content" not in turns[0]
    )


def _sniff_message(m: Any) -> str | None:
    if not isinstance(m, dict):
        return None
    content = m.get("content")
    if isinstance(content, list) and any(is_azure_block(part) for part in content):
        return "azure_eval"  # before Chat's role "tool" and Anthropic's tool_result
    if is_langchain_message(m):
        return "openai_chat"  # read as the Chat message it stands for
    kind = m.get("type")
    if isinstance(kind, str) and kind in _RESPONSES_ITEMS:  # a list or object is no type
        return "openai_responses"
    if is_pydantic_ai_message(m):
        return "pydantic_ai"  # before Gemini, whose contents also hold "parts"
    if "tool_calls" in m or "function_call" in m or m.get("role") in ("tool", "function"):
        return "openai_chat"
    if m.get("role") == "developer" or is_ui_message(m):
        return "openai_chat"  # (the AI SDK's UIMessages are read as the Chat they stand for)
    if m.get("role") == "model" or (isinstance(m.get("parts"), list) and "content" not in m):
        return "gemini"
    content = m.get("content")
    if isinstance(content, list):
        for part in content:
            kind = part.get("type") if isinstance(part, dict) else None
            if not isinstance(kind, str | None):
                continue  # a list or object is no block type
            if kind is None and isinstance(part, dict) and _BEDROCK_BLOCKS.intersection(part):
                return "bedrock_converse"
            if kind in _ANTHROPIC_BLOCKS:
                return "anthropic"
            if kind in _CHAT_PART_TYPES:
                return "openai_chat"
            if kind in ("input_text", "output_text"):
                return "openai_responses"
    return None


def _typeless_text(m: Any) -> bool:
    content = m.get("content") if isinstance(m, dict) else None
    return (
        isinstance(content, list)
        and bool(content)
        and isinstance(content[0], dict)
        and "type" not in content[0]
        and "text" in content[0]
    )


def _item(record: Record) -> str:
    """Where a record of a document's list sits in it (the document is all line 1)."""
    if record.item is None:
        return ""
    if record.within is not None:
        return f"item {record.item} of the {record.within!r} list: "
    return f"item {record.item} of the top-level list: "


def make_parser(fmt: str, name: str) -> FileParser:
    """The record consumer for one format."""
    if fmt in CONVERTERS:
        return ConversationParser(CONVERTERS[fmt], name)
    if fmt == "mcp":
        return McpParser(name)
    return SpanParser(fmt, name)


class ConversationParser:
    """Assembles conversations of a message-list format from snapshot records."""

    def __init__(self, converter: Converter, name: str) -> None:
        self.converter = converter
        self.name = name
        self.stem = Path(name).name
        self.open: OrderedDict[str, Merger] = OrderedDict()
        self.finished_ids: set[str] = set()
        # Each trace's id -> (the id the records carry, its occurrence): a second
        # conversation under one id is "id#2". Shards use this to name as one pass would,
        # in this order (the order the traces started in).
        self.names: dict[str, tuple[str, int]] = {}
        # Traces named after the line they start on (records without an id) -> that line.
        self.line_ids: dict[str, int] = {}
        # OpenAI Responses: each response id -> the key of the open trace it ended.
        self.chains: dict[str, str] = {}
        # The last record with no conversation id: (its trace's key, its messages, whether
        # it holds a response a later record may continue), which the next such record
        # may extend (see merger.extends_line).
        self.loose: tuple[str, list[Any], bool] | None = None
        # Conversation -> run -> how many of that run's messages its rows have said.
        self.runs: dict[str, dict[str, int]] = {}
        # (conversation, run) -> where its rows last ended on an unanswered request, and why.
        # A conversation read one message a line is (conversation, None).
        self.cut_runs: dict[tuple[str, str | None], tuple[int, str]] = {}
        # A harness's record of the run beside its conversation (MCPMark's meta.json):
        # what the one document of this file is named and why the run failed, if it did.
        self.run_record = mcpmark_run(name)
        # A session log's one session (named by its head), which its lines with no id of
        # their own continue; and the model's items read so far of its current call, with
        # the record of the first (see Snapshot.joins).
        self.session: str | None = None
        self.session_line = 0
        self.pending: tuple[Snapshot, Record] | None = None
        # A model call's usage written before its items (Codex CLI's logs of 2025), which
        # the next model call's items take.
        self.ahead: Usage | None = None
        # The running token total the last usage record gave (Snapshot.running_total).
        self.running_total: str | None = None
        # Whether the last record that held messages ended with a user message item, which
        # a copy of it (Snapshot.echo) right after repeats.
        self.user_last = False

    def feed(self, record: Record) -> Iterator[Trace | Problem]:
        """Consume one record; yield the traces it finishes and its problems."""
        snap = self.converter.unpack(record.value)
        if isinstance(snap, str):
            yield Problem(self.name, record.line, f"{_item(record)}{snap}; record skipped")
            return
        if snap.session:
            self.session = snap.trace_id
            self.session_line = record.line
        if snap.append and snap.trace_id is None and self.session is not None:
            snap.trace_id = self.session
        if snap.echo:
            if self.user_last:
                self.user_last = False  # the copy of the user message just read
                return
            # Read as the user's message; a second copy in a row is another message.
        elif snap.messages:
            last = snap.messages[-1]
            self.user_last = isinstance(last, dict) and last.get("role") == "user"
        if snap.joins:
            # One model call's items, a line each: read together, as one message.
            pending = self.pending
            if pending is not None and pending[0].trace_id == snap.trace_id:
                pending[0].messages.extend(snap.messages)
            else:
                yield from self._flush()
                if snap.usage is None:
                    snap.usage, self.ahead = self.ahead, None
                self.pending = (snap, record)
            return
        if snap.bookkeeping and not snap.messages and (snap.append or snap.usage is not None):
            # A session log's own line, which ends no model call. Its usage is the model
            # call's whose items are held back, written after them; else the next one's,
            # written before them (Codex CLI wrote it first in 2025, after them since).
            if snap.running_total is not None:
                if snap.running_total == self.running_total:
                    snap.usage = None  # the last model call's, written again
                self.running_total = snap.running_total
            if snap.usage is not None:
                if self.pending is not None and self.pending[0].usage is None:
                    self.pending[0].usage = snap.usage
                else:
                    self.ahead = snap.usage
            if snap.problem is not None:
                yield Problem(self.name, record.line, f"{_item(record)}{snap.problem}")
            return
        yield from self._flush()
        yield from self._feed(snap, record)

    def _flush(self) -> Iterator[Trace | Problem]:
        """Read the model call whose items were held back (:attr:`pending`)."""
        if self.pending is not None:
            snap, record = self.pending
            self.pending = None
            yield from self._feed(snap, record)

    def _feed(self, snap: Snapshot, record: Record) -> Iterator[Trace | Problem]:
        if self.run_record is not None and record.line == 1 and record.item is None:
            task, failure = self.run_record
            snap.whole = True  # the run's one conversation
            snap.trace_id = snap.trace_id or task
            if failure is not None:
                snap.problem = failure if snap.problem is None else f"{snap.problem}; {failure}"
        if record.within is not None:
            listed_run(snap, record.value)  # a results document's run: whole, named as a run
        if snap.run_id is not None and snap.trace_id is not None:
            said = self.runs.setdefault(snap.trace_id, {})
            before = said.get(snap.run_id, 0)
            said[snap.run_id] = max(before, len(snap.messages))
            snap.append = True
            if before and len(snap.messages) <= before:
                return  # the run's row saved again with nothing new
            snap.messages = snap.messages[before:]
            # Only the run's last row says whether it was cut short: close() reports it.
            run = (snap.trace_id, snap.run_id)
            self.cut_runs.pop(run, None)
            if snap.unanswered is not None:
                self.cut_runs[run] = (record.line, f"{_item(record)}{snap.unanswered}")
        elif snap.append:
            # One message a line (Pydantic AI's rows): the conversation's last line says
            # whether its run was cut short (close() reports it), as a run's last row does;
            # a prompt that another prompt follows was never answered either.
            conversation = (snap.trace_id or self.stem, None)
            waiting = self.cut_runs.pop(conversation, None)
            if snap.unanswered is not None:
                if waiting is not None:
                    yield Problem(self.name, *waiting)
                self.cut_runs[conversation] = (record.line, f"{_item(record)}{snap.unanswered}")
        elif snap.unanswered is not None:
            snap.problem = "; ".join(p for p in (snap.problem, snap.unanswered) if p)
        if not snap.messages:
            if snap.bookkeeping:
                return
            # Not an empty conversation: a record of another format (a cassette that
            # records two providers), which would otherwise read as a trace of nothing.
            # A run is one conversation, though, and one with no messages recorded none.
            fmt = self.converter.name
            reason = snap.problem or (
                "the run recorded no messages"
                if snap.whole
                else f"record holds no {fmt} messages (the file is read as {fmt}: is this "
                "record in another format?)"
            )
            yield Problem(self.name, record.line, f"{_item(record)}{reason}; record skipped")
            return
        if snap.whole:
            yield from self._whole(snap, record)
            return
        problems: list[str] = [] if snap.problem is None else [snap.problem]
        tid = snap.trace_id
        if snap.previous_id is not None and snap.previous_id in self.chains:
            # A Responses request that continues an earlier response holds only the new
            # items: they extend that response's conversation.
            key = self.chains[snap.previous_id]
            if key in self.open:
                snap.append = True
                tid = key
        line_named = False
        if tid is None and not snap.append:
            # No conversation id: the conversation of the record before, when this one
            # re-sends its messages with more after them (a request log's next request);
            # else a conversation of its own, named after its first line.
            loose, self.loose = self.loose, None
            if (
                loose is not None
                and loose[0] in self.open
                and (
                    extends_line(self.converter, loose[1], snap.messages)
                    # The whole history re-sent grouped another way (parallel calls one
                    # message each, an empty message inserted), as an id's records may.
                    or (
                        shares_opening(loose[1], snap.messages) and self.open[loose[0]].resync(snap)
                    )
                )
            ):
                tid = loose[0]
            else:
                if loose is not None and loose[0] in self.open and not loose[2]:
                    yield from self._finish(self.open.pop(loose[0]).trace)  # nothing can extend it
                tid, line_named = f"{self.stem}:{record.line}", True
            self.loose = (tid, snap.messages, snap.response_id is not None)
        key = tid if tid is not None else self.stem
        merger = self.open.get(key)
        if merger is not None and not merger.extends(snap) and not merger.resync(snap):
            # A branch or a restart under the same id: a trace of its own.
            yield from self._finish(self.open.pop(key).trace)
            merger = None
        if merger is None:
            merger = Merger(self._trace(key, record.line), self.converter)
            self.open[key] = merger
            if line_named:
                self.line_ids[merger.trace.trace_id] = record.line
        self.open.move_to_end(key)
        merger.add(snap, record.line, problems)
        if snap.tool_hints:
            merger.trace.tool_hints.update(snap.tool_hints)
        if snap.tools:
            known = merger.trace.tool_text  # each tool read once a trace
            known.update(tool_statements(snap.tools, known))
        if snap.response_id is not None:
            self.chains[snap.response_id] = key
        yield from self._problems(problems, record)
        while len(self.open) > _OPEN_WINDOW:
            yield from self._finish(self.open.popitem(last=False)[1].trace)

    def _whole(self, snap: Snapshot, record: Record) -> Iterator[Trace | Problem]:
        """A run record: one whole conversation, finished at once. It continues no record
        before it and none continues it; a task run again under the same id is a trace of
        its own (``task 3#2``), and a run with no id is named after its line."""
        self.loose = None  # nothing extends a run
        key = snap.trace_id if snap.trace_id is not None else f"{self.stem}:{record.line}"
        merger = Merger(self._trace(key, record.line), self.converter)
        if snap.trace_id is None:
            self.line_ids[merger.trace.trace_id] = record.line
        problems: list[str] = [] if snap.problem is None else [snap.problem]
        merger.add(snap, record.line, problems)
        if snap.tool_hints:
            merger.trace.tool_hints.update(snap.tool_hints)
        if snap.tools:
            known = merger.trace.tool_text  # each tool read once a trace
            known.update(tool_statements(snap.tools, known))
        yield from self._problems(problems, record)
        yield from self._finish(merger.trace)

    def close(self) -> Iterator[Trace | Problem]:
        """Finish every trace still open at the end of the file."""
        yield from self._flush()
        if self.session is not None and not any(
            tid == self.session for tid, _ in self.names.values()
        ):
            # A head and nothing after it: the run was cut short, or its lines lost.
            reason = f"session {self.session!r} recorded no message after its start"
            yield Problem(self.name, self.session_line, reason)
        for line, reason in self.cut_runs.values():
            yield Problem(self.name, line, reason)
        while self.open:
            yield from self._finish(self.open.popitem(last=False)[1].trace)

    def _trace(self, tid: str, line: int) -> Trace:
        unique = tid
        n = 1
        while unique in self.finished_ids:
            n += 1
            unique = f"{tid}#{n}"
        self.finished_ids.add(unique)
        self.names[unique] = (tid, n)
        return Trace(unique, self.name, line, self.converter.name)

    def _finish(self, trace: Trace) -> Iterator[Trace | Problem]:
        """The trace, its calls linked to their results, after a problem for each call id it
        gave two calls at once (paired in order, as a recorder that numbers calls per message
        may reuse one)."""
        trace = finish_trace(trace)
        for call_id in trace.reused_call_ids:
            yield Problem(
                self.name,
                trace.line,
                f"call id {call_id!r} is given to two calls waiting at once in {trace.trace_id!r}; "
                "their results are paired in order. Fix: give each call its own id",
            )
        yield trace

    def _problems(self, problems: list[str], record: Record) -> Iterator[Problem]:
        where = _item(record)
        for reason in problems:
            yield Problem(self.name, record.line, f"{where}{reason}")
