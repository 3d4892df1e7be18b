"""AWS's binary event stream (Bedrock's streamed responses): framing, CRCs, assembly."""

from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path
from typing import Any

from projeval._yaml import load_yaml
from projeval.traces import eventstream, streams
from projeval.traces.parsers import open_file
from trace_helpers import REPO, write_jsonl

CASSETTE = (
    REPO
    / "tests"
    / "corpora"
    / "formats"
    / "cassettes"
    / "test_bedrock_model_stream_empty_text_delta.yaml"
)


def _header(name: str, value: str) -> bytes:
    raw = value.encode()
    return bytes([len(name)]) + name.encode() + b"\x07" + struct.pack(">H", len(raw)) + raw


def _message(headers: dict[str, str], payload: Any, extra: bytes = b"") -> bytes:
    """One event-stream message, framed as AWS documents it (``extra`` headers as bytes)."""
    head = b"".join(_header(k, v) for k, v in headers.items()) + extra
    body = json.dumps(payload).encode()
    total = 12 + len(head) + len(body) + 4
    prelude = struct.pack(">II", total, len(head))
    start = prelude + struct.pack(">I", zlib.crc32(prelude)) + head + body
    return start + struct.pack(">I", zlib.crc32(start))


def _event(kind: str, payload: Any) -> bytes:
    return _message(
        {":event-type": kind, ":content-type": "application/json", ":message-type": "event"},
        payload,
    )


CONVERSE = b"".join(
    [
        _event("messageStart", {"role": "assistant"}),
        _event("contentBlockDelta", {"contentBlockIndex": 0, "delta": {"text": "Looking "}}),
        _event("contentBlockDelta", {"contentBlockIndex": 0, "delta": {"text": "it up."}}),
        _event("contentBlockStop", {"contentBlockIndex": 0}),
        _event(
            "contentBlockStart",
            {
                "contentBlockIndex": 1,
                "start": {"toolUse": {"toolUseId": "tooluse_1", "name": "get_order"}},
            },
        ),
        _event(
            "contentBlockDelta",
            {"contentBlockIndex": 1, "delta": {"toolUse": {"input": '{"order_id": '}}},
        ),
        _event(
            "contentBlockDelta",
            {"contentBlockIndex": 1, "delta": {"toolUse": {"input": '"ord_77"}'}}},
        ),
        _event("contentBlockStop", {"contentBlockIndex": 1}),
        _event("messageStop", {"stopReason": "tool_use"}),
        _event("metadata", {"usage": {"inputTokens": 40, "outputTokens": 12, "totalTokens": 52}}),
    ]
)

ASSEMBLED = {
    "stopReason": "tool_use",
    "usage": {"inputTokens": 40, "outputTokens": 12, "totalTokens": 52},
    "output": {
        "message": {
            "role": "assistant",
            "content": [
                {"text": "Looking it up."},
                {"toolUse": {"toolUseId": "tooluse_1", "name": "get_order", "input": {"order_id": "ord_77"}}},
            ],
        }
    },
}  # fmt: skip


def test_a_converse_stream_assembles_into_the_unstreamed_response() -> None:
    assert streams.assemble("bedrock_converse", CONVERSE) == ASSEMBLED
    # Kept as base64 text (a JSON request log), or as boto3's events in a list: the same.
    text = base64.b64encode(CONVERSE).decode()
    assert streams.assemble("bedrock_converse", text) == ASSEMBLED
    listed = eventstream.events(CONVERSE)
    assert isinstance(listed, list) and listed[0] == {"messageStart": {"role": "assistant"}}
    assert streams.assemble("bedrock_converse", listed) == ASSEMBLED
    assert eventstream.converse_stream(CONVERSE) and eventstream.converse_stream(text)
    assert eventstream.converse_stream(listed) and not eventstream.converse_stream("AAAA")


def test_a_broken_stream_says_which_message_and_what() -> None:
    second = len(_event("messageStart", {"role": "assistant"}))
    bad_prelude = bytearray(CONVERSE)
    bad_prelude[second + 9] ^= 0xFF
    bad_body = bytearray(CONVERSE)
    bad_body[second + 40] ^= 0xFF
    assert [
        streams.assemble("bedrock_converse", bytes(b))
        for b in (bad_prelude, bad_body, CONVERSE[: second + 20], CONVERSE[: second + 5])
    ] == [
        f"the event stream is corrupt: message 2 (byte {second}) fails its prelude CRC",
        f"the event stream is corrupt: message 2 (byte {second}) fails its message CRC",
        f"the event stream is cut short: message 2 (byte {second}) needs "
        f"{len(_event('contentBlockDelta', {'contentBlockIndex': 0, 'delta': {'text': 'Looking '}}))}"
        " bytes, 20 left",
        f"the event stream is cut short: message 2 (byte {second}) has 5 bytes",
    ]
    assert not eventstream.is_event_stream(b"not a stream at all")


def test_an_exception_in_the_stream_is_its_reason() -> None:
    failed = _event("messageStart", {"role": "assistant"}) + _message(
        {":exception-type": "throttlingException", ":message-type": "exception"},
        {"message": "Too many requests, please wait before trying again."},
    )
    assert streams.assemble("bedrock_converse", failed) == (
        "the stream ended with throttlingException: "
        "'Too many requests, please wait before trying again.'"
    )


def test_invoke_model_chunks_are_the_model_s_own_stream_events() -> None:
    # invoke_model_with_response_stream with Claude: each chunk's bytes is an Anthropic event.
    anthropic = [
        {"type": "message_start", "message": {"role": "assistant", "usage": {"input_tokens": 9}}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 2}},
    ]  # fmt: skip
    chunks = b"".join(
        _event("chunk", {"bytes": base64.b64encode(json.dumps(e).encode()).decode()})
        for e in anthropic
    )
    assert eventstream.events(chunks) == anthropic
    assert not eventstream.converse_stream(chunks)  # the request says which model format
    joined = streams.assemble("anthropic", chunks)
    assert isinstance(joined, dict)
    assert (joined["content"], joined["stop_reason"], joined["usage"]["output_tokens"]) == (
        [{"type": "text", "text": "Hi"}],
        "end_turn",
        2,
    )


def test_an_invoke_model_log_line_reads_as_the_anthropic_conversation(tmp_path: Path) -> None:
    # Bedrock's body for Claude is Anthropic's, with anthropic_version and no model.
    events = [
        {"type": "message_start", "message": {"role": "assistant", "usage": {"input_tokens": 30}}},
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "toolu_1", "name": "get_order", "input": {}}},
        {"type": "content_block_delta", "index": 0,
         "delta": {"type": "input_json_delta", "partial_json": '{"order_id": "ord_77"}'}},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 8}},
    ]  # fmt: skip
    body = b"".join(
        _event("chunk", {"bytes": base64.b64encode(json.dumps(e).encode()).decode()})
        for e in events
    )
    request = {
        "anthropic_version": "bedrock-2023-05-31",
        "max_tokens": 256,
        "messages": [{"role": "user", "content": "Where is ord_77?"}],
    }
    path = write_jsonl(
        tmp_path / "invoke.jsonl",
        [{"request": request, "response": base64.b64encode(body).decode()}],
    )
    opened = open_file(path)
    (trace,) = list(opened.items)
    assert opened.format == "anthropic"
    assert [(e.role, e.kind, e.tool, e.args) for e in trace.events] == [
        ("user", "message", None, None),
        ("assistant", "call", "get_order", {"order_id": "ord_77"}),
    ]
    usage = trace.events[1].usage
    assert usage is not None and (usage.input_total, usage.output) == (30, 8)


def test_headers_of_every_value_type_are_read() -> None:
    extra = (
        b"\x04flag\x00"  # true
        + b"\x03off\x01"  # false
        + b"\x01n\x04"
        + struct.pack(">i", 7)
        + b"\x02id\x09"
        + bytes(range(16))
        + b"\x03raw\x06"
        + struct.pack(">H", 2)
        + b"\x00\x01"
    )
    stream = _message({":event-type": "messageStop", ":message-type": "event"}, {}, extra)
    read = eventstream.messages(stream)
    assert not isinstance(read, str)
    ((headers, payload),) = read
    assert headers == {
        ":event-type": "messageStop",
        ":message-type": "event",
        "flag": True,
        "off": False,
        "n": struct.pack(">i", 7),
        "id": bytes(range(16)),
        "raw": b"\x00\x01",
    }
    assert payload == b"{}"
    unknown = _message({":event-type": "x"}, {}, b"\x01z\x0a")  # no value type 10
    assert eventstream.messages(unknown) == (
        "the event stream is corrupt: message 1 (byte 0) has unreadable headers"
    )


def test_the_recorded_cassette_stream_reads_whole() -> None:
    # pydantic-ai's converse-stream cassette (tests/corpora/formats/README.md): every
    # message's CRCs hold, in the order AWS sent them.
    value, _ = load_yaml(CASSETTE.read_text("utf-8"), CASSETTE)
    body = value["interactions"][0]["response"]["body"]["string"]
    read = eventstream.events(body)
    assert not isinstance(read, str)
    assert [next(iter(e)) for e in read] == [
        "messageStart",
        *["contentBlockDelta", "contentBlockStop"] * 3,
        "messageStop",
        "metadata",
    ]
    joined = streams.assemble("bedrock_converse", body)
    assert isinstance(joined, dict)
    assert joined["output"]["message"]["content"] == [
        {"reasoningContent": {"reasoningText": {"text": read[3]["contentBlockDelta"]["delta"]["reasoningContent"]["text"]}}},
        {"text": "Hello! \U0001f44b How can I assist you today?"},
    ]  # fmt: skip
    assert joined["usage"]["inputTokens"] == 66 and joined["stopReason"] == "end_turn"
