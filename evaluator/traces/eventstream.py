"""AWS's binary event stream (``application/vnd.amazon.eventstream``), as Bedrock streams.

boto3's ``converse_stream`` and ``invoke_model_with_response_stream`` receive their
answer as a sequence of binary messages, which a VCR cassette records as the raw body
(``!!binary``) and a request log may keep as base64 text. Each message is framed so:

- a 12-byte prelude: the message's total length and its headers' length (big-endian
  unsigned 32-bit integers), then the CRC32 of those 8 bytes;
- the headers: each a name (1-byte length, UTF-8), a value type (1 byte) and the value;
- the payload (JSON here);
- the CRC32 of everything before it (4 bytes).

The headers say what a message is: ``:message-type`` ``event`` with ``:event-type``
(``messageStart``, ``contentBlockDelta``, ... for Converse; ``chunk`` for InvokeModel,
whose payload's ``bytes`` is the model's own stream event, base64), or ``exception``
with ``:exception-type``. :func:`events` turns a stream into the JSON objects boto3
hands its caller; the stream assemblers (:mod:`.streams`) read those.
"""

from __future__ import annotations

import base64
import binascii
import struct
import zlib
from typing import Any

from .. import _json

_PRELUDE = 12
_MIN_MESSAGE = _PRELUDE + 4
# Value types: fixed sizes, or None for a 2-byte length then the bytes.
_FIXED = {0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 8: 8, 9: 16}
_BYTES, _STRING = 6, 7


def is_event_stream(data: bytes) -> bool:
    """Whether ``data`` starts with an event-stream message (its prelude's CRC holds)."""
    if len(data) < _MIN_MESSAGE:
        return False
    total, headers, crc = struct.unpack_from(">III", data)
    return zlib.crc32(data[:8]) == crc and total >= _MIN_MESSAGE and headers <= total - _MIN_MESSAGE


def from_base64(text: str) -> bytes | None:
    """The bytes of what may be an event stream recorded as base64 text (base64 that
    starts as a message's total length does), or ``None`` if it is not one."""
    if not text.lstrip().startswith("AAAA"):  # a total length under 16 MB: 3 zero bytes
        return None
    try:
        return base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        return None


def messages(data: bytes) -> list[tuple[dict[str, Any], bytes]] | str:
    """``(headers, payload)`` of each message of a stream, or why it cannot be read (the
    byte offset of the first bad message and what is wrong with it)."""
    out: list[tuple[dict[str, Any], bytes]] = []
    at = 0
    n = len(data)
    while at < n:
        where = f"message {len(out) + 1} (byte {at})"
        if n - at < _MIN_MESSAGE:
            return f"the event stream is cut short: {where} has {n - at} bytes"
        total, length, crc = struct.unpack_from(">III", data, at)
        if zlib.crc32(data[at : at + 8]) != crc:
            return f"the event stream is corrupt: {where} fails its prelude CRC"
        if total < _MIN_MESSAGE or length > total - _MIN_MESSAGE:
            return f"the event stream is corrupt: {where} gives impossible lengths"
        if at + total > n:
            return f"the event stream is cut short: {where} needs {total} bytes, {n - at} left"
        body = data[at : at + total - 4]
        (message_crc,) = struct.unpack_from(">I", data, at + total - 4)
        if zlib.crc32(body) != message_crc:
            return f"the event stream is corrupt: {where} fails its message CRC"
        headers = _headers(body[_PRELUDE : _PRELUDE + length])
        if headers is None:
            return f"the event stream is corrupt: {where} has unreadable headers"
        out.append((headers, body[_PRELUDE + length :]))
        at += total
    return out


def _headers(raw: bytes) -> dict[str, Any] | None:
    headers: dict[str, Any] = {}
    at, n = 0, len(raw)
    try:
        while at < n:
            size = raw[at]
            name = raw[at + 1 : at + 1 + size].decode("utf-8")
            at += 1 + size
            kind = raw[at]
            at += 1
            if kind in _FIXED:
                width = _FIXED[kind]
                if at + width > n:
                    return None
                value: Any = kind == 0 if kind in (0, 1) else raw[at : at + width]
                at += width
            elif kind in (_BYTES, _STRING):
                (width,) = struct.unpack_from(">H", raw, at)
                at += 2
                if at + width > n:
                    return None
                value = raw[at : at + width]
                value = value.decode("utf-8") if kind == _STRING else value
                at += width
            else:
                return None
            headers[name] = value
    except (IndexError, struct.error, UnicodeDecodeError):
        return None
    return headers


def events(data: bytes) -> list[dict[str, Any]] | str:
    """The stream's events as the JSON objects boto3 yields (``{"messageStart": {...}}``;
    an InvokeModel ``chunk``'s decoded model event), an exception as ``{"exception":
    {"type", "message"}}``; or why the stream cannot be read."""
    read = messages(data)
    if isinstance(read, str):
        return read
    out: list[dict[str, Any]] = []
    for i, (headers, payload) in enumerate(read, 1):
        try:
            value = _json.loads(payload.decode("utf-8")) if payload.strip() else {}
        except (UnicodeDecodeError, ValueError, RecursionError):
            return f"the event stream's message {i} holds no JSON payload"
        kind = headers.get(":message-type", "event")
        if kind != "event":
            name = headers.get(":exception-type") or headers.get(":error-code") or kind
            text = value.get("message") if isinstance(value, dict) else None
            message = text or headers.get(":error-message") or ""
            out.append({"exception": {"type": str(name), "message": str(message)}})
            continue
        event = str(headers.get(":event-type", ""))
        if event == "chunk" and isinstance(value, dict) and isinstance(value.get("bytes"), str):
            try:
                value = _json.loads(base64.b64decode(value["bytes"]).decode("utf-8"))
            except (binascii.Error, UnicodeDecodeError, ValueError, RecursionError):
                return f"the event stream's chunk {i} holds no JSON model event"
            out.append(value if isinstance(value, dict) else {"chunk": value})
        else:
            out.append({event: value})
    return out


#: Converse stream event types (``converse_stream``'s events, keyed by their type).
CONVERSE_EVENTS = frozenset(
    {"messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop"}
)


def converse_stream(body: Any) -> bool:
    """Whether a recorded response is a Converse stream: an event stream (bytes, or
    base64 text) whose first message is a Converse event, or boto3's events as a list."""
    if isinstance(body, str):
        body = from_base64(body) if body[:4] == "AAAA" else None
    if isinstance(body, bytes | bytearray):
        if not is_event_stream(bytes(body[:_MIN_MESSAGE])):
            return False
        total = struct.unpack_from(">I", body)[0]
        first = messages(bytes(body[:total]))
        return not isinstance(first, str) and first[0][0].get(":event-type") in CONVERSE_EVENTS
    return (
        isinstance(body, list)
        and bool(body)
        and isinstance(body[0], dict)
        and len(body[0]) == 1
        and next(iter(body[0])) in CONVERSE_EVENTS
    )
