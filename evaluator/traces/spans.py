"""OpenTelemetry GenAI and OpenInference spans, from an OTLP JSON export.

Spans of one trace can sit anywhere in a file (an OTLP file exporter writes
one batch a line), so spans are gathered per file and assembled per trace at
the end of it: span formats are not streamed trace by trace the way JSON
Lines conversations are. Spans naming one conversation are one trace across
their trace ids (a chat traced one turn a trace, as Google ADK does); ADK's own
export, a JSON list of spans whose model calls keep the Gemini request and
response as JSON texts, is read here too.

Every model-call span repeats the whole history in its input messages; the
spans are merged as snapshots of one conversation (see
:class:`~projeval.traces.merger.Merger`), so history is counted once. Tool
spans (``execute_tool`` / OpenInference ``TOOL``) add the calls the messages
do not record, and an error flag (span status, ``error.type``) to those they do.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .. import _json
from .conversations import Converter, Snapshot, gemini_usage, text_of
from .events import (
    Event,
    Problem,
    Trace,
    Usage,
    call_event,
    canonical_args,
    finish_trace,
    parse_args,
)
from .merger import Merger
from .readers import Record

_MAX_SNIFF_SPANS = 200
_LOGFIRE_ERROR_LEVEL = 17


def decode_value(value: Any) -> Any:
    """An OTLP ``AnyValue`` (``{"stringValue": ...}``, ``{"intValue": "82"}``, ...) as Python."""
    if not isinstance(value, dict) or len(value) != 1:
        return value
    ((kind, inner),) = value.items()
    if kind == "intValue":
        try:
            return int(inner)
        except (TypeError, ValueError):
            return inner
    if kind == "arrayValue":
        return [decode_value(v) for v in (inner or {}).get("values", [])]
    if kind == "kvlistValue":
        return {
            kv.get("key"): decode_value(kv.get("value")) for kv in (inner or {}).get("values", [])
        }
    if kind in ("stringValue", "boolValue", "doubleValue", "bytesValue"):
        return inner
    return value


def attributes_of(raw: Any) -> dict[str, Any]:
    """Span attributes as a flat dict, from an OTLP key/value list or a plain mapping."""
    if isinstance(raw, dict):
        return raw
    out: dict[str, Any] = {}
    for kv in raw if isinstance(raw, list) else []:
        if isinstance(kv, dict) and isinstance(kv.get("key"), str):
            out[kv["key"]] = decode_value(kv.get("value"))
    return out


def iter_raw_spans(record: Any) -> Iterator[Any]:
    """The span objects of an OTLP export, of a ``{"spans": [...]}`` record, a lone span, or
    a JSON list of spans (what Google ADK's ``/debug/trace/session/<id>`` returns)."""
    if is_span_list(record):
        yield from record
        return
    if not isinstance(record, dict):
        return
    if "resourceSpans" in record:
        resource_spans = record.get("resourceSpans")
        for rs in resource_spans if isinstance(resource_spans, list) else []:
            if not isinstance(rs, dict):
                continue
            scopes = rs.get("scopeSpans") or rs.get("instrumentationLibrarySpans")
            for ss in scopes if isinstance(scopes, list) else []:  # hostile files retype anything
                if isinstance(ss, dict) and isinstance(ss.get("spans"), list):
                    yield from ss["spans"]
    elif isinstance(record.get("spans"), list):
        yield from record["spans"]
    elif "attributes" in record:
        yield record


def is_span_list(value: Any) -> bool:
    """A JSON list of span objects, each with its ``attributes`` and its trace's id (snake
    case, as ADK's span exporter writes them, or OTLP's camel case)."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            isinstance(v, dict) and "attributes" in v and ("trace_id" in v or "traceId" in v)
            for v in value[:_MAX_SNIFF_SPANS]
        )
    )


def _snapshot(messages: list[Any], usage: Usage) -> Snapshot:
    """A model call's messages and usage; a call recorded without content keeps its usage."""
    if usage.input_total is None and usage.output is None:
        return Snapshot(None, messages)
    if not messages:
        # Content is opt-in: keep the model call and its usage even without it.
        return Snapshot(None, [{"role": "assistant", "_no_content": True}], usage, True)
    return Snapshot(None, messages, usage)


def span_format(record: Any) -> str | None:
    """``"openinference"``, ``"otel"`` or ``None``, judged from the attribute names."""
    genai = kind = chat = False
    for i, span in enumerate(iter_raw_spans(record)):
        if i >= _MAX_SNIFF_SPANS:
            break
        if not isinstance(span, dict):
            continue
        keys = attributes_of(span.get("attributes"))
        if any(k.startswith(_OPENINFERENCE_KEYS) for k in keys):
            return "openinference"
        kind = kind or any(k.startswith("openinference.") for k in keys)
        genai = genai or any(k.startswith("gen_ai.") for k in keys)
        chat = chat or any(k.startswith(_GENAI_MESSAGE_KEYS) for k in keys)
    # OpenInference's span kinds on tool spans beside model spans that write their messages
    # the GenAI way (two instrumentations in one app): the messages are GenAI's, and read
    # as OpenInference they were dropped without a word (tau58's spans: no turn, no text).
    if kind and not chat:
        return "openinference"
    return "otel" if genai else None


#: Where GenAI spans keep the conversation: the conventions' messages, OpenLLMetry's indexed
#: prompt and completion before 0.50.
_GENAI_MESSAGE_KEYS = ("gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.prompt.")


# OpenInference's own message and model attributes (its span kind, "openinference.", is
# weighed above). Not every "llm." one: OpenLLMetry (Traceloop) spans carry
# llm.request.type and llm.usage.total_tokens beside their gen_ai.* attributes.
_OPENINFERENCE_KEYS = (
    "llm.input_messages",
    "llm.output_messages",
    "llm.token_count.",
    "llm.model_name",
    "llm.invocation_parameters",
)


def _parse_json(value: Any) -> Any:
    # Structured attributes SHOULD be objects but MAY arrive as JSON strings.
    if isinstance(value, str) and value[:1] in ("[", "{"):
        try:
            return _json.loads(value)
        except (ValueError, RecursionError):
            return value
    return value


def _ival(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


@dataclass(slots=True)
class Span:
    """The parts of a span the assembly uses."""

    trace_id: str
    name: str
    start: tuple[int, Any]
    attrs: dict[str, Any]
    error: bool
    line: int
    order: int
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def _to_span(raw: Any, line: int, order: int) -> Span | str:
    if not isinstance(raw, dict):
        return "a span is not an object; skipped"
    ctx = c_ if isinstance(c_ := raw.get("context"), dict) else {}
    tid = raw.get("traceId") or raw.get("trace_id") or ctx.get("trace_id")
    if not tid:
        return "a span has no traceId; skipped"
    attrs = attributes_of(raw.get("attributes"))
    status = s_ if isinstance(s_ := raw.get("status"), dict) else {}
    code = status.get("code", status.get("status_code"))
    # logfire (pydantic-ai) marks a failed tool call with its level, 17 and up being errors.
    level = attrs.get("logfire.level_num")
    error = (
        code in (2, "2", "STATUS_CODE_ERROR", "ERROR")
        or "error.type" in attrs
        or (type(level) is int and level >= _LOGFIRE_ERROR_LEVEL)
    )
    start_raw = raw.get("startTimeUnixNano", raw.get("start_time"))
    start_int = _ival(start_raw)
    start: tuple[int, Any] = (0, start_int) if start_int is not None else (1, str(start_raw or ""))
    events = [
        (str(e.get("name", "")), attributes_of(e.get("attributes")))
        for e in raw.get("events") or []
        if isinstance(e, dict)
    ]
    return Span(str(tid), str(raw.get("name", "")), start, attrs, error, line, order, events)


_RESULT_PARTS = ("tool_call_response", "server_tool_call_response")


class OTelMessages(Converter):
    """GenAI semantic-convention messages: ``{"role", "parts": [...]}``."""

    name = "otel"

    def unpack(self, value: Any) -> Snapshot | str:
        span: Span = value
        attrs = dict(span.attrs)
        for name, ev_attrs in span.events:
            if name == "gen_ai.client.inference.operation.details":
                attrs.update(ev_attrs)
        messages: list[Any] = []
        system = _parse_json(attrs.get("gen_ai.system_instructions"))
        if system:
            messages.append(
                {
                    "role": "system",
                    "parts": system
                    if isinstance(system, list)
                    else [{"type": "text", "content": str(system)}],
                }
            )
        inputs = _parse_json(attrs.get("gen_ai.input.messages"))
        if isinstance(inputs, list):
            messages.extend(inputs)
        outputs = _parse_json(attrs.get("gen_ai.output.messages"))
        if isinstance(outputs, list):
            # An output message carries its finish_reason; the same message re-sent in the
            # next call's input does not, and must compare equal to it to be history.
            messages.extend(
                {k: v for k, v in m.items() if k != "finish_reason"} if isinstance(m, dict) else m
                for m in outputs
            )
        if len(messages) == bool(system):
            messages.extend(_openllmetry_messages(attrs))
        if not messages:
            messages.extend(_adk_messages(attrs))
        usage = Usage(
            input_total=_ival(
                attrs.get("gen_ai.usage.input_tokens", attrs.get("gen_ai.usage.prompt_tokens"))
            ),
            output=_ival(
                attrs.get("gen_ai.usage.output_tokens", attrs.get("gen_ai.usage.completion_tokens"))
            ),
            cache_read=_ival(attrs.get("gen_ai.usage.cache_read.input_tokens")),
            cache_creation=_ival(attrs.get("gen_ai.usage.cache_creation.input_tokens")),
        )
        # ADK's span gives the candidates' tokens as its output, leaving out the thinking
        # billed with them, and no cache reads: its recorded response's usage has both.
        response = _parse_json(attrs.get("gcp.vertex.agent.llm_response"))
        if isinstance(response, dict):
            recorded = gemini_usage(response.get("usage_metadata", response.get("usageMetadata")))
            usage = recorded or usage
        return _snapshot(messages, usage)

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:
        events: list[Event] = []
        for msg, m in self.objects(messages, start, problems):
            role = m.get("role")
            if role not in ("system", "user", "assistant", "tool"):
                problems.append(f"message {msg} has unknown role {role!r}; skipped")
                continue
            parts = p_ if isinstance(p_ := m.get("parts"), list) else []
            texts = [
                str(p.get("content", ""))
                for p in parts
                if isinstance(p, dict) and p.get("type") == "text"
            ]
            if isinstance(m.get("content"), str):
                texts.append(m["content"])
            answers = any(isinstance(p, dict) and p.get("type") in _RESULT_PARTS for p in parts)
            # A user message holding only tool results (Anthropic's shape) is no human turn.
            if role != "tool" and (texts or not parts or (role != "assistant" and not answers)):
                text = None if m.get("_no_content") else "\n".join(texts)
                events.append(Event(role, "message", msg, text=text))
            for p in parts:
                if not isinstance(p, dict):
                    continue
                kind = p.get("type")
                if kind in ("tool_call", "server_tool_call"):
                    arguments = _parse_json(p.get("arguments"))
                    events.append(call_event(msg, _s(p.get("name")), _s(p.get("id")), arguments))
                elif kind in _RESULT_PARTS:
                    body = p.get("response", p.get("result"))
                    error = p.get("is_error")  # carried over from Anthropic's tool_result
                    events.append(
                        Event(
                            "tool",
                            "result",
                            msg,
                            text=text_of(body),
                            call_id=_s(p.get("id")),
                            tool=_s(p.get("name")),
                            is_error=error if isinstance(error, bool) else None,
                        )
                    )
        for ev in events:
            ev.line = line
        return events


def _adk_messages(attrs: dict[str, Any]) -> list[dict[str, Any]]:
    """Messages of a Google ADK ``call_llm`` span, which records the Gemini request it sent
    (``gcp.vertex.agent.llm_request``: its ``system_instruction`` and ``contents``, the whole
    session so far) and the response (``gcp.vertex.agent.llm_response``), as JSON texts;
    as the conventions' ``{"role", "parts"}`` messages. ADK writes ``{}`` for both when
    content capture is off: then the span gives its usage only."""
    request = _parse_json(attrs.get("gcp.vertex.agent.llm_request"))
    response = _parse_json(attrs.get("gcp.vertex.agent.llm_response"))
    out: list[dict[str, Any]] = []
    if isinstance(request, dict):
        config = c_ if isinstance(c_ := request.get("config"), dict) else {}
        system = config.get("system_instruction", config.get("systemInstruction"))
        if isinstance(system, dict):  # a Content rather than a text
            system = "\n".join(
                str(p["text"])
                for p in _as_list(system.get("parts"))
                if isinstance(p, dict) and isinstance(p.get("text"), str)
            )
        if isinstance(system, str) and system.strip():
            out.append({"role": "system", "parts": [{"type": "text", "content": system}]})
        contents = request.get("contents")
        for content in contents if isinstance(contents, list) else []:
            if isinstance(content, dict):
                out.append(_gemini_content(content))
    if isinstance(response, dict) and isinstance(response.get("content"), dict):
        out.append(_gemini_content(response["content"]))
    return out


def _gemini_content(content: dict[str, Any]) -> dict[str, Any]:
    """A Gemini ``Content`` (snake or camel case) as a conventions' message: its text, its
    function calls and responses; its thinking (``thought`` parts) is not its text."""
    role = "assistant" if content.get("role") == "model" else "user"
    parts: list[dict[str, Any]] = []
    raw_parts = content.get("parts")
    for p in raw_parts if isinstance(raw_parts, list) else []:
        if not isinstance(p, dict):
            continue
        call = p.get("function_call", p.get("functionCall"))
        answer = p.get("function_response", p.get("functionResponse"))
        if isinstance(call, dict):
            parts.append(
                {
                    "type": "tool_call",
                    "id": call.get("id"),
                    "name": call.get("name"),
                    "arguments": call.get("args"),
                }
            )
        elif isinstance(answer, dict):
            parts.append(
                {
                    "type": "tool_call_response",
                    "id": answer.get("id"),
                    "name": answer.get("name"),
                    "response": answer.get("response"),
                }
            )
        elif isinstance(p.get("text"), str) and not p.get("thought"):
            parts.append({"type": "text", "content": p["text"]})
    return {"role": role, "parts": parts}


# OpenLLMetry's role names that are not the conventions' (Gemini's "model", LangChain's).
_ROLE_ALIASES = {"model": "assistant", "ai": "assistant", "human": "user", "function": "tool"}


def _openllmetry_messages(attrs: dict[str, Any]) -> list[dict[str, Any]]:
    """Messages of the attributes instrumentations set before the conventions had message
    attributes: OpenLLMetry's (Traceloop) indexed ``gen_ai.prompt.N.*`` and
    ``gen_ai.completion.N.*`` (``role``, ``content``, ``tool_call_id``,
    ``tool_calls.M.{id,name,arguments}``), or one ``gen_ai.prompt`` / ``gen_ai.completion``
    string; as the conventions' ``{"role", "parts"}`` messages."""
    out: list[dict[str, Any]] = []
    for prefix, default in (("gen_ai.prompt", "user"), ("gen_ai.completion", "assistant")):
        whole = attrs.get(prefix)
        if isinstance(whole, str) and whole:
            parsed = _parse_json(whole)
            if isinstance(parsed, list) and all(isinstance(m, dict) for m in parsed):
                out.extend(_openllmetry_message(m, default) for m in parsed)
            else:
                out.append({"role": default, "parts": [{"type": "text", "content": whole}]})
            continue
        out.extend(
            _openllmetry_message(m, default) for m in _indexed(attrs, prefix) if isinstance(m, dict)
        )
    return out


def _openllmetry_message(m: dict[str, Any], default: str) -> dict[str, Any]:
    role = m.get("role") if isinstance(m.get("role"), str) else default
    role = _ROLE_ALIASES.get(str(role), str(role))
    content = m.get("content")
    if role == "tool":
        part = {"type": "tool_call_response", "id": m.get("tool_call_id"), "response": content}
        return {"role": "tool", "parts": [part]}
    parts: list[dict[str, Any]] = []
    calls = _as_list(m.get("tool_calls"))
    if content is not None:
        # Some instrumentations (Anthropic's, Gemini's) record the content blocks as JSON:
        # text, and Anthropic's tool_result blocks (in a user message) and tool_use blocks.
        blocks = _parse_json(content) if isinstance(content, str) else content
        if not isinstance(blocks, list):
            blocks = [{"type": "text", "text": text_of(content)}]
        texts = []
        for b in blocks:
            kind = b.get("type") if isinstance(b, dict) else None
            if kind == "tool_result" and isinstance(b, dict):
                parts.append(
                    {
                        "type": "tool_call_response",
                        "id": b.get("tool_use_id"),
                        "response": b.get("content"),
                        "is_error": b.get("is_error"),
                    }
                )
            elif kind == "tool_use" and isinstance(b, dict):
                if not calls:  # the same calls are usually listed in tool_calls too
                    parts.append(
                        {
                            "type": "tool_call",
                            "id": b.get("id"),
                            "name": b.get("name"),
                            "arguments": b.get("input"),
                        }
                    )
            else:
                texts.append(text_of([b]))
        text = "\n".join(t for t in texts if t)
        if text:
            parts.insert(0, {"type": "text", "content": text})
    legacy = m.get("function_call")
    if isinstance(legacy, dict):
        calls = [*calls, legacy]
    for tc in calls:
        if isinstance(tc, dict):
            arguments = tc.get("arguments")
            parts.append(
                {
                    "type": "tool_call",
                    "id": tc.get("id"),
                    "name": tc.get("name"),
                    "arguments": arguments,
                }
            )
    return {"role": role, "parts": parts}


class OpenInferenceMessages(Converter):
    """OpenInference ``llm.input_messages.N.message.*`` attributes, un-flattened."""

    name = "openinference"

    def unpack(self, value: Any) -> Snapshot | str:
        span: Span = value
        a = span.attrs
        messages = [
            m.get("message", m) if isinstance(m, dict) else m
            for key in ("llm.input_messages", "llm.output_messages")
            for m in _indexed(a, key)
        ]
        recorded: dict[str, Any] = {}
        if not messages and str(a.get("openinference.span.kind", "LLM")).upper() == "LLM":
            messages, recorded = _chat_values(a)
        usage = Usage(
            input_total=_ival(a.get("llm.token_count.prompt", recorded.get("prompt_tokens"))),
            output=_ival(a.get("llm.token_count.completion", recorded.get("completion_tokens"))),
            cache_read=_ival(a.get("llm.token_count.prompt_details.cache_read")),
            cache_creation=_ival(a.get("llm.token_count.prompt_details.cache_write")),
        )
        return _snapshot(messages, usage)

    def convert(
        self, messages: list[Any], start: int, line: int | None, problems: list[str]
    ) -> list[Event]:
        events: list[Event] = []
        for msg, m in self.objects(messages, start, problems):
            role = m.get("role")
            text = m.get("content")
            if not isinstance(text, str):
                text = "\n".join(
                    str(c.get("message_content", c).get("text"))
                    for c in _as_list(m.get("contents"))
                    if isinstance(c, dict) and c.get("message_content", c).get("text") is not None
                )
            if role == "tool":
                events.append(
                    Event(
                        "tool",
                        "result",
                        msg,
                        text=text,
                        call_id=_s(m.get("tool_call_id")),
                        tool=_s(m.get("name")),
                    )
                )
                continue
            if role not in ("system", "user", "assistant"):
                problems.append(f"message {msg} has unknown role {role!r}; skipped")
                continue
            calls = _as_list(m.get("tool_calls")) or [
                # Ordered parts: message.contents.N.tool_call.* beside the text parts.
                c
                for c in _as_list(m.get("contents"))
                if isinstance(c, dict) and "tool_call" in c
            ]
            if text or role != "assistant" or not (calls or m.get("function_call_name")):
                events.append(
                    Event(role, "message", msg, text=None if m.get("_no_content") else text)
                )
            for tc in calls:
                tc = tc.get("tool_call", tc) if isinstance(tc, dict) else {}
                fn = f_ if isinstance(f_ := tc.get("function"), dict) else {}
                events.append(
                    call_event(msg, _s(fn.get("name")), _s(tc.get("id")), fn.get("arguments"))
                )
            if m.get("function_call_name"):
                arguments = m.get("function_call_arguments_json")
                events.append(call_event(msg, _s(m["function_call_name"]), None, arguments))
        for ev in events:
            ev.line = line
        return events


def _chat_values(attrs: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    """The messages and usage of a model span that records only its request and response,
    OpenAI Chat's, as ``input.value`` and ``output.value`` (an instrumentation that writes no
    ``llm.input_messages``): read as empty, its turns and text were lost without a word."""
    request = _parse_json(attrs.get("input.value"))
    response = _parse_json(attrs.get("output.value"))
    sent = request.get("messages") if isinstance(request, dict) else None
    if not isinstance(sent, list) or not all(_chat_shaped(m) for m in sent):
        return [], {}  # not Chat's (Anthropic's tool_use blocks): left as before
    messages = [_chat_text(m) for m in sent]
    usage: dict[str, Any] = {}
    if isinstance(response, dict):
        choices = response.get("choices")
        first = choices[0] if isinstance(choices, list) and choices else None
        reply = first.get("message") if isinstance(first, dict) else None
        if isinstance(reply, dict):
            messages.append(_chat_text(reply))
        elif response.get("role") == "assistant":  # the reply's message itself
            messages.append(_chat_text(response))
        usage = u_ if isinstance(u_ := response.get("usage"), dict) else {}
    return messages, usage


def _chat_shaped(message: Any) -> bool:
    """A Chat message: its content a text, none, or parts of text and media only."""
    if not isinstance(message, dict):
        return False
    parts = message.get("content")
    return not isinstance(parts, list) or all(
        isinstance(p, dict) and p.get("type") in _CHAT_PART_TYPES for p in parts
    )


#: The content parts of a Chat message (text, and media that hold none).
_CHAT_PART_TYPES = frozenset(("text", "image_url", "input_audio", "file", "refusal"))


def _chat_text(message: dict[str, Any]) -> dict[str, Any]:
    """A Chat message with its content parts joined into the one text OpenInference keeps."""
    parts = message.get("content")
    if not isinstance(parts, list):
        return message
    text = "\n".join(
        str(p["text"]) for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str)
    )
    return {**message, "content": text}


#: Where tool spans keep their arguments and result, first found counts: the GenAI
#: conventions, OpenInference, logfire's (pydantic-ai) older names, plain input/output.
_ARGUMENT_KEYS = (
    "gen_ai.tool.call.arguments",
    "input.value",
    "tool_arguments",
    "gcp.vertex.agent.tool_call_args",  # Google ADK's
    "input",
)
_RESULT_KEYS = (
    "gen_ai.tool.call.result",
    "output.value",
    "tool_response",
    "gcp.vertex.agent.tool_response",
    "output",
)


def _first(attrs: dict[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        value = attrs.get(key)
        if value is not None:
            return value
    return None


def _s(value: Any) -> str | None:
    return None if value is None else str(value).strip()


def _as_list(value: Any) -> list[Any]:
    if isinstance(value, list):
        return value
    if isinstance(value, dict):  # un-flattened indices: {"0": ..., "1": ...}
        return [value[k] for k in sorted(value, key=lambda k: int(k) if k.isdigit() else -1)]
    return []


def _indexed(attrs: dict[str, Any], prefix: str) -> list[Any]:
    """Rebuild ``prefix.0.message.role``-style flat keys (or a nested list) into a list."""
    flat: dict[str, Any] = {}
    nested = attrs.get(prefix)
    if isinstance(nested, list):
        for i, item in enumerate(nested):
            _flatten(item, str(i), flat)
    head = prefix + "."
    for key, value in attrs.items():
        if key.startswith(head):
            flat[key[len(head) :]] = value
    return _as_list(_unflatten(flat))


def _flatten(value: Any, prefix: str, out: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{prefix}.{k}", out)
    else:
        out[prefix] = value


def _unflatten(flat: dict[str, Any]) -> Any:
    root: dict[str, Any] = {}
    for key in sorted(flat):
        node = root
        parts = key.split(".")
        for part in parts[:-1]:
            child = node.setdefault(part, {})
            if not isinstance(child, dict):
                break
            node = child
        else:
            node[parts[-1]] = flat[key]
    return _lists(root)


def _lists(node: Any) -> Any:
    if isinstance(node, dict):
        node = {k: _lists(v) for k, v in node.items()}
        if node and all(k.isdigit() for k in node):
            return [node[k] for k in sorted(node, key=int)]
    return node


#: Span attributes naming the conversation a span belongs to, first found counts.
_CONVERSATION_KEYS = ("gen_ai.conversation.id", "session.id", "gcp.vertex.agent.session_id")


def _conversation_id(spans: list[Span]) -> str | None:
    return next(
        (str(s.attrs[k]) for s in spans for k in _CONVERSATION_KEYS if k in s.attrs),
        None,
    )


class SpanParser:
    """Gathers the spans of a file; assembles one trace per conversation (the spans' own
    conversation id, else their trace id) at the end."""

    def __init__(self, fmt: str, name: str) -> None:
        self.fmt = fmt
        self.name = name
        self.converter: Converter = OTelMessages() if fmt == "otel" else OpenInferenceMessages()
        self.spans: defaultdict[str, list[Span]] = defaultdict(list)
        self.order = 0

    def feed(self, record: Record) -> Iterator[Trace | Problem]:
        """Consume one record; yield the traces it finishes and its problems."""
        raws = list(iter_raw_spans(record.value))
        if not raws:
            yield Problem(self.name, record.line, "record holds no spans; skipped")
        for raw in raws:
            self.order += 1
            span = _to_span(raw, record.line, self.order)
            if isinstance(span, str):
                yield Problem(self.name, record.line, span)
            else:
                self.spans[span.trace_id].append(span)

    def close(self) -> Iterator[Trace | Problem]:
        """Finish every trace still open at the end of the file: one a conversation where
        the spans name theirs, since a chat traced one turn a trace (Google ADK's
        invocations) is one conversation over several trace ids; else one a trace id."""
        groups: dict[tuple[str, str], list[Span]] = {}
        for tid in sorted(self.spans):
            conv = _conversation_id(self.spans[tid])
            key = ("conversation", conv) if conv is not None else ("trace", tid)
            groups.setdefault(key, []).extend(self.spans[tid])
        for (_, tid), group in groups.items():
            spans = sorted(group, key=lambda s: (s.start, s.line, s.order))
            problems: list[tuple[int, str]] = []
            yield finish_trace(self._assemble(tid, spans, problems))
            for line, reason in problems:
                yield Problem(self.name, line, reason)
        self.spans.clear()

    def _is_tool(self, span: Span) -> bool:
        a = span.attrs
        if str(a.get("openinference.span.kind", "")).upper() == "TOOL":
            return True
        if self.fmt == "otel":
            op = a.get("gen_ai.operation.name")
            # Older instrumentations (logfire's "running tool") name the tool, no operation.
            return op == "execute_tool" or (op is None and "gen_ai.tool.name" in a)
        return False

    def _assemble(self, tid: str, spans: list[Span], problems: list[tuple[int, str]]) -> Trace:
        trace = Trace(_conversation_id(spans) or tid, self.name, spans[0].line, self.fmt)
        merger = Merger(trace, self.converter)
        tools: list[tuple[int, Span]] = []  # (events before it, span)
        snaps = [(s, None if self._is_tool(s) else self.converter.unpack(s)) for s in spans]
        # One model call recorded twice (a wrapper's span with the messages, and the
        # SDK's or HTTP client's span without them) shares its response id: count it once.
        described = {
            str(s.attrs["gen_ai.response.id"])
            for s, snap in snaps
            if "gen_ai.response.id" in s.attrs
            and isinstance(snap, Snapshot)
            and snap.messages
            and not (snap.append and snap.messages[0].get("_no_content"))
        }
        for span, snap in snaps:
            if snap is None:
                tools.append((len(trace.events), span))
                continue
            if isinstance(snap, str) or not snap.messages:
                continue
            if (
                snap.append
                and snap.messages[0].get("_no_content")
                and str(span.attrs.get("gen_ai.response.id")) in described
            ):
                continue
            if not merger.extends(snap) and not merger.resync(snap):
                merger.count, merger.last = 0, None  # history rewritten: take it whole
            reasons: list[str] = []
            merger.add(snap, span.line, reasons)
            problems.extend((span.line, r) for r in reasons)
        self._add_tool_spans(trace, tools, problems)
        return trace

    def _add_tool_spans(
        self, trace: Trace, tools: list[tuple[int, Span]], problems: list[tuple[int, str]]
    ) -> None:
        calls = {e.call_id: e for e in trace.events if e.kind == "call" and e.call_id}
        results = {e.call_id: e for e in trace.events if e.kind == "result" and e.call_id}
        # Calls and results the messages record without an id (Google ADK strips the ids it
        # gives calls from the request it sends, while its tool spans keep them).
        idless = [e for e in trace.events if e.kind in ("call", "result") and not e.call_id]
        taken: set[int] = set()
        claimed: set[str] = set()
        inserts: defaultdict[int, list[Event]] = defaultdict(list)
        for anchor, span in tools:
            name, cid, args, output = self._tool_fields(span)
            if args is None and output is None and not span.error:
                keys = ", ".join(sorted(span.attrs)) or "none"
                problems.append(
                    (
                        span.line,
                        f"tool span {span.name!r} carries no arguments or result projeval "
                        f"reads (its attributes: {keys}); counted as a call with neither",
                    )
                )
            raw, parsed = parse_args(args)
            probe = Event("assistant", "call", 0, args_raw=raw, args=parsed)
            if cid is None:  # no id: the first unclaimed call of that name and arguments
                key = canonical_args(probe)
                cid = next(
                    (
                        c.call_id
                        for c in calls.values()
                        if c.call_id not in claimed and c.tool == name and canonical_args(c) == key
                    ),
                    None,
                )
            if cid is not None and cid in calls:
                claimed.add(cid)
                result = results.get(cid)
                if result is not None:
                    result.is_error = span.error or bool(result.is_error)
                    continue
            else:
                added: list[Event] = []
                if self._answer_idless(
                    idless, taken, (name, canonical_args(probe)), span, output, added
                ):
                    if added:
                        inserts[anchor].extend(added)
                    continue
            if args is not None and output is None and not span.error:
                # Content is captured (it has arguments), so a result was there to record.
                keys = ", ".join(sorted(span.attrs))
                problems.append(
                    (
                        span.line,
                        f"tool span {span.name!r} carries arguments but no result projeval "
                        f"reads (its attributes: {keys}); its result is counted as empty",
                    )
                )
            if cid is not None and cid in calls:
                new = [
                    Event(
                        "tool",
                        "result",
                        -1,
                        text=text_of(output),
                        call_id=cid,
                        tool=name,
                        is_error=span.error,
                        line=span.line,
                    )
                ]
            else:
                new = [
                    Event(
                        "assistant",
                        "call",
                        -1,
                        tool=name,
                        call_id=cid,
                        args_raw=raw,
                        args=parsed,
                        line=span.line,
                    ),
                    Event(
                        "tool",
                        "result",
                        -1,
                        text=text_of(output),
                        call_id=cid,
                        tool=name,
                        is_error=span.error,
                        line=span.line,
                    ),
                ]
            inserts[anchor].extend(new)
        if not inserts:
            return
        merged: list[Event] = []
        for i, ev in enumerate([*trace.events, None]):
            merged.extend(inserts.get(i, ()))
            if ev is not None:
                merged.append(ev)
        # Renumber source messages: each inserted event is a message of its own.
        msg, prev = -1, None
        for ev in merged:
            origin = ("span", id(ev)) if ev.msg == -1 else ("msg", ev.msg)
            if origin != prev:
                msg += 1
                prev = origin
            ev.msg = msg
        trace.events = merged

    @staticmethod
    def _answer_idless(
        idless: list[Event],
        taken: set[int],
        call: tuple[str | None, str | None],
        span: Span,
        output: Any,
        inserts: list[Event],
    ) -> bool:
        """Whether the tool span is an id-less call of the messages (its first one not yet
        taken, of that name and those arguments): then its error flag goes to that call's
        result, the first id-less result of the tool after it, or the span's result is
        added, answering it; nothing is counted twice."""
        name, key = call
        at = next(
            (
                i
                for i, e in enumerate(idless)
                if e.kind == "call"
                and id(e) not in taken
                and e.tool == name
                and canonical_args(e) == key
            ),
            None,
        )
        if at is None:
            return False
        taken.add(id(idless[at]))
        result = next(
            (
                e
                for e in idless[at + 1 :]
                if e.kind == "result" and id(e) not in taken and e.tool in (None, name)
            ),
            None,
        )
        if result is not None:
            taken.add(id(result))
            result.is_error = span.error or bool(result.is_error)
            return True
        inserts.append(
            Event(
                "tool",
                "result",
                -1,
                text=text_of(output),
                tool=name,
                is_error=span.error,
                line=span.line,
            )
        )
        return True

    def _tool_fields(self, span: Span) -> tuple[str | None, str | None, Any, Any]:
        """Name, call id, arguments and result of a tool span, from whichever of the
        conventions' attributes it carries (GenAI, OpenInference, logfire, plain)."""
        a = span.attrs
        name = _first(a, ("gen_ai.tool.name", "tool.name"))
        cid = _first(a, ("gen_ai.tool.call.id", "tool.id", "tool_call.id"))
        args = _first(a, _ARGUMENT_KEYS)
        result = _first(a, _RESULT_KEYS)
        return _s(name), _s(cid), _parse_json(args), result
