"""Reading trace files record by record: JSON, JSON Lines, gzip, bad bytes.

A JSON Lines file is read one line at a time, so memory stays flat whatever
its size. A ``.json`` file holds one document and has to be read whole, so it
is refused above a size bound (JSON Lines has none). Nothing is dropped
silently: a line that is not UTF-8 or not JSON becomes a :class:`Problem`
naming the file, the line and the reason, and reading goes on with the next
line. A truncated ``.json`` document is cut back to its last complete value
and closed, so the records before the cut are kept.
"""

from __future__ import annotations

import glob
import gzip
import json
import os
import re
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from .. import _json, progress
from .._files import regular_file
from ..errors import TraceError
from .cline import CLINE_BESIDE, CLINE_HISTORY
from .conversations import RUN_KEYS, RUN_LISTS
from .events import Problem, fast_loads
from .eventstream import is_event_stream
from .harnesses import (
    MCPMARK_MESSAGES,
    MCPMARK_RECORD,
    MCPMARK_SUMMARY,
    PREDICTIONS_FILES,
    inspect_run,
    is_inspect_log,
)
from .letta import letta_agents

#: ``.json`` documents larger than this are refused (the bound is configurable).
DEFAULT_MAX_JSON_BYTES = 256 * 1024 * 1024
#: A line (one JSON Lines record) longer than this is skipped and reported: a line is
#: held whole to be parsed, so this bounds the memory one record can take.
MAX_LINE_BYTES = 256 * 1024 * 1024
#: A compressed trace stops being read where it expands beyond this (a gzip bomb
#: would otherwise run for as long as it expands); configurable per call.
DEFAULT_MAX_DECOMPRESSED_BYTES = 8 * 1024**3
#: Suffixes read as one JSON document: ``.traj`` is SWE-agent's trajectory file, ``.af`` a
#: Letta agent file (:mod:`.letta`).
DOCUMENT_SUFFIXES = (".json", ".traj", ".af")
#: Suffixes read as JSON Lines; any other suffix but a document's is read as JSON Lines too.
JSONL_SUFFIXES = (".jsonl", ".ndjson", ".log")
#: Suffixes a directory is searched for (``.parquet``: normalised events, see
#: ``docs/parquet_layout.md``).
#: Inspect AI's eval logs, a zip of JSON documents (:func:`_read_eval_archive`).
ARCHIVE_SUFFIXES = (".eval",)
TRACE_SUFFIXES = (*DOCUMENT_SUFFIXES, ".jsonl", ".ndjson", ".log", ".parquet", *ARCHIVE_SUFFIXES)
#: VCR cassettes (vcrpy, pytest-recording): read as their recorded interactions. In a
#: folder, only those that say ``interactions:`` near their top are taken.
CASSETTE_SUFFIXES = (".yaml", ".yml")
#: Files read whole (one document), never cut into shards or partitions.
WHOLE_SUFFIXES = (*DOCUMENT_SUFFIXES, *CASSETTE_SUFFIXES, *ARCHIVE_SUFFIXES)
_GLOB_CHARS = frozenset("*?[")

_BOM = b"\xef\xbb\xbf"
# Keys that mark a top-level list as a list of records rather than one bare conversation.
_RECORD_KEYS = (
    "jsonrpc",
    "messages",
    "contents",
    "resourceSpans",
    "request",
    "input",
    "output",
    "spans",
    "run_type",  # a list of LangSmith runs: each is recognised, and refused, on its own
    "conversations",  # a ShareGPT data set: a list of conversations
    *RUN_KEYS,  # a benchmark's results: a list of run records
)


class Skipped(NamedTuple):
    """In place of a line: why it was not read (``stop``: nor anything after it)."""

    reason: str
    stop: bool = False


def _too_long(size: int) -> Skipped:
    return Skipped(
        f"the line is longer than the {MAX_LINE_BYTES >> 20} MB bound for one record "
        f"({size:,} bytes or more); line skipped"
    )


class Record(NamedTuple):
    """One parsed JSON value and the line it starts on (1 for a whole document)."""

    line: int
    value: Any
    #: Its index in the document's top-level list, for a document that is a list of records.
    item: int | None = None
    #: The key of the document's list that holds it, for a results document that lists its
    #: runs under one of :data:`~.conversations.RUN_LISTS` (``None``: the top-level list).
    within: str | None = None


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Files to read: each path itself, every trace file under a directory, sorted,
    or the sorted matches of a glob pattern (``**`` spans folders); each file once."""
    out: list[Path] = []
    for raw in paths:
        if not str(raw).strip():
            # Path("") is ".": an empty argument would scan the whole folder, .venv and all.
            raise TraceError(
                "an empty trace path.", fix="name a trace file or folder (use . for this folder)"
            )
        path = Path(raw)
        if path.is_dir():
            out.extend(_trace_files(path) or _no_trace_files(path, text_logs=_text_logs(path)))
        elif path.exists():
            out.append(path)
        elif _GLOB_CHARS.intersection(str(raw)):
            matches = sorted(glob.glob(str(raw), recursive=True))
            if not matches:
                raise TraceError("no file matches this pattern.", file=raw, fix="check the pattern")
            found = [
                f for m in map(Path, matches) for f in (_trace_files(m) if m.is_dir() else [m])
            ]
            if not found:
                logs = [f for m in map(Path, matches) if m.is_dir() for f in _text_logs(m)]
                _no_trace_files(Path(raw), pattern=True, text_logs=logs)
            out.extend(found)
        else:
            raise TraceError("no such file or directory.", file=path, fix="check the path")
    for path in out:
        # Before anything opens it: a FIFO blocks the first read, a device never ends.
        regular_file(path, TraceError, "trace file")
    return _once(out)


def _once(files: list[Path]) -> list[Path]:
    """Each file once, where first named: a file named twice (itself and its folder, two
    patterns, ``./a`` and ``a``) is one file; read twice, each of its traces would count
    twice."""
    seen: set[Path] = set()
    out = []
    for path in files:
        real = path.resolve()
        if real not in seen:
            seen.add(real)
            out.append(path)
    return out


def _no_trace_files(
    where: Path, *, pattern: bool = False, text_logs: list[Path] | None = None
) -> list[Path]:
    """Raise for a folder (or a pattern matching only folders) that holds no trace file:
    analysing nothing would print zeros, as if the agent had made no call. The ``.log``
    files a folder search leaves out as text are named, since the fix lists ``.log``
    among the suffixes searched: "holds no trace file" alone contradicts the listing."""
    what = "the folders this pattern matches hold" if pattern else "this folder holds"
    message = f"{what} no trace file"
    if text_logs:
        names = ", ".join(p.name for p in text_logs[:3])
        more = f" and {len(text_logs) - 3:,} more" if len(text_logs) > 3 else ""
        kind = text_kind(_head(text_logs[0]))
        whose = "their" if pattern else "its"
        if len(text_logs) == 1:
            found = f"{whose} .log file is {kind}, not JSON Lines ({names})"
        else:
            first = "" if kind == "plain text" else f"; the first is {kind}"
            found = (
                f"{whose} {len(text_logs):,} .log files are text, not JSON Lines "
                f"({names}{more}{first})"
            )
        message += f": {found}, and a folder is searched for .log files in JSON Lines only"
    convert = "convert the logs to a format projeval reads, or " if text_logs else ""
    raise TraceError(
        f"{message}.",
        file=where,
        fix=f"{convert}name the folder the traces are in; a folder is searched, with its "
        f"subfolders, for {', '.join(TRACE_SUFFIXES)} files (or .gz of them) and VCR cassettes",
    )


def _text_logs(folder: Path) -> list[Path]:
    """The ``.log`` files (or ``.log.gz``) under a folder that a search leaves out as text."""
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and stem_suffix(p) == ".log" and not _head_holds(p, _log_records)
    )


def _log_records(head: bytes) -> bool:
    """Whether a ``.log`` file holds records: JSON Lines, or a Claude Desktop MCP log."""
    return _json_head(head) or is_claude_mcp_log(head)


def _json_head(head: bytes) -> bool:
    """Whether a file's first bytes open a JSON value (after a BOM and blank space)."""
    return head.removeprefix(_BOM).lstrip()[:1] in b"{["


#: Marks of a gpt-oss Harmony transcript: every message is ``<|start|>{header}<|message|>``.
_HARMONY_MARKS = (b"<|start|>", b"<|message|>")


def text_kind(head: bytes) -> str:
    """What a text file that is no JSON holds, as far as its first bytes tell: a gpt-oss
    Harmony transcript (the text gpt-oss is prompted with and answers in), or plain text."""
    if all(mark in head for mark in _HARMONY_MARKS):
        return "a gpt-oss Harmony transcript"
    return "plain text"


def file_text_kind(path: str | Path) -> str:
    """:func:`text_kind` of a file's first 4 KiB."""
    return text_kind(_head(Path(path)))


# A line of Claude Desktop's MCP logs (``mcp.log``, ``mcp-server-<name>.log``): a time, the
# server's name and the level in brackets (in either order), then the log's text.
_CLAUDE_LOG_LINE = re.compile(
    rb"^(\d{4}-\d\d-\d\dT[\d:.]+Z) \[([^\]\n]+)\] \[([^\]\n]+)\] ", re.MULTILINE
)
_LOG_LEVELS = frozenset([b"info", b"warn", b"warning", b"error", b"debug"])
_CLAUDE_MESSAGE = re.compile(rb"Message from (client|server): ")
# Claude Desktop shortens a long message in its log, which leaves it no JSON.
_CLAUDE_CUT = re.compile(rb"\.\.\.\[(\d+) chars truncated\]\.\.\.")


def is_claude_mcp_log(head: bytes) -> bool:
    """Whether a file's first bytes are a Claude Desktop MCP log (a text log whose
    ``Message from client``/``Message from server`` lines hold JSON-RPC messages)."""
    return not _json_head(head) and any(
        _CLAUDE_MESSAGE.match(head, m.end()) for m in _CLAUDE_LOG_LINE.finditer(head)
    )


def claude_mcp_records(
    lines: Iterable[bytes | bytearray | memoryview | Skipped], name: str
) -> Iterator[Record | Problem]:
    """The JSON-RPC messages of a Claude Desktop MCP log, each wrapped with its session.

    Only the ``Message from client``/``Message from server`` lines are records; the log's
    own notices (server started, transport closed) and what the server wrote to stderr
    between them are no messages and are passed over. A server's JSON-RPC ids start again
    each time Claude Desktop starts it, so each ``initialize`` request opens a new session
    (``<server>``, then ``<server> #2``...), and an aggregate ``mcp.log`` keeps its servers
    apart by name.
    """
    starts: dict[str, int] = {}
    for n, view in enumerate(lines, 1):
        if isinstance(view, Skipped):
            yield Problem(name, n, view.reason)
            if view.stop:
                return
            continue
        raw = bytes(view)
        head = _CLAUDE_LOG_LINE.match(raw)
        body = _CLAUDE_MESSAGE.match(raw, head.end()) if head else None
        if head is None or body is None:
            continue
        a, b = head.group(2), head.group(3)
        server = (b if a.lower() in _LOG_LEVELS else a).decode("utf-8", "replace")
        text = raw[body.end() :].rstrip()
        text = text.removesuffix(b"{ metadata: undefined }").rstrip()
        try:
            msg = fast_loads(text)
        except ValueError:
            cut = _CLAUDE_CUT.search(text)
            reason = (
                f"Claude Desktop shortened this message in its log ({int(cut.group(1)):,} "
                "characters left out), so it is no JSON any more; skipped"
                if cut
                else "the message on this log line is not JSON; skipped"
            )
            yield Problem(name, n, reason)
            continue
        if (isinstance(msg, dict) and msg.get("method") == "initialize") or server not in starts:
            starts[server] = starts.get(server, 0) + 1
        count = starts[server]
        sid = server if count == 1 else f"{server} #{count}"
        yield Record(n, {"session_id": sid, "message": msg})


def _head(path: Path) -> bytes:
    """A file's first 4 KiB (gzip or not); empty when it cannot be read."""
    try:
        with gzip.open(path, "rb") if is_gzip(path) else path.open("rb") as fh:
            return bytes(fh.read(4096))
    except (OSError, EOFError, zlib.error):
        return b""


def _trace_files(folder: Path) -> list[Path]:
    """A folder's trace files. What a harness writes beside its traces and is none is left
    out, as a user pointing at the harness's output folder expects: YAML that is not a
    cassette (suite files, a run's ``args.yaml``), SWE-bench predictions (SWE-agent's
    ``all_preds.jsonl``/``preds.json``: patches, no conversation; named on their own,
    they are refused with the fix), ``.log`` files that are not JSON Lines (SWE-agent's
    text logs beside its ``.traj`` files; a Claude Desktop MCP log is kept, but its
    ``mcp.log`` beside per-server ``mcp-server-<name>.log`` files is not: it repeats their
    messages) and an MCPMark run's record, ``meta.json`` beside its ``messages.json``
    (read with the run: its task names the trace, its error is a problem) and the
    ``summary.json`` of its tasks; and the ``ui_messages.json`` and ``task_metadata.json``
    of a Cline task, beside its ``api_conversation_history.json``."""
    out = []
    for p in folder.rglob("*"):
        if not p.is_file():
            continue
        suffix = stem_suffix(p)
        if suffix in CASSETTE_SUFFIXES:
            keep = _head_holds(p, lambda head: b"interactions:" in head)
        elif suffix not in TRACE_SUFFIXES:
            keep = False
        elif p.name in PREDICTIONS_FILES:
            keep = not _head_holds(p, lambda head: b'"model_patch"' in head)
        elif p.name == MCPMARK_RECORD and (p.parent / MCPMARK_MESSAGES).is_file():
            keep = not _head_holds(p, lambda head: b'"execution_result"' in head)
        elif p.name in CLINE_BESIDE and (p.parent / CLINE_HISTORY).is_file():
            keep = False  # a Cline task's chat panel and metadata: no calls the model made
        elif p.name == MCPMARK_SUMMARY:
            keep = not _head_holds(p, lambda head: b'"total_tasks"' in head)
        elif suffix == ".log":
            keep = _head_holds(p, _log_records)
        else:
            keep = True
        if keep:
            out.append(p)
    servers = {p.parent for p in out if p.name.startswith("mcp-server-") and p.suffix == ".log"}
    return sorted(p for p in out if not (p.name == "mcp.log" and p.parent in servers))


def _head_holds(path: Path, test: Callable[[bytes], bool]) -> bool:
    """Whether the first 4 KiB of a file (gzip or not) pass ``test``; an unreadable file
    does not."""
    try:
        with gzip.open(path, "rb") if is_gzip(path) else path.open("rb") as fh:
            head = fh.read(4096)
    except (OSError, EOFError, zlib.error):
        return False
    return test(head)


def stem_suffix(path: Path) -> str:
    """The suffix that says how to read the file, looking through ``.gz``."""
    suffixes = [s.lower() for s in path.suffixes]
    if suffixes and suffixes[-1] == ".gz":
        suffixes = suffixes[:-1]
    return suffixes[-1] if suffixes else ""


def is_gzip(path: Path) -> bool:
    """True for a ``.gz`` name or a file that starts with the gzip magic bytes."""
    if path.suffix.lower() == ".gz":
        return True
    with path.open("rb") as fh:
        return fh.read(2) == b"\x1f\x8b"


def iter_records(
    path: str | Path,
    *,
    max_json_bytes: int = DEFAULT_MAX_JSON_BYTES,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
) -> Iterator[Record | Problem]:
    """Yield the JSON records of one trace file, and a :class:`Problem` for each bad one.

    Raises :class:`TraceError` only when the file cannot be opened at all (or is
    a device or a FIFO) or a ``.json`` document is over ``max_json_bytes``. A
    compressed file is read up to ``max_decompressed_bytes``, then a problem says so.
    """
    path = Path(path)
    name = str(path)
    try:
        regular_file(path, TraceError, "trace file")
    except FileNotFoundError:
        raise TraceError("no such file or directory.", file=name, fix="check the path") from None
    except OSError as exc:
        raise TraceError(f"cannot open the file ({exc}).", file=name) from exc
    if stem_suffix(path) in ARCHIVE_SUFFIXES and zipfile.is_zipfile(path):
        yield from _read_eval_archive(path, name, max_json_bytes)
        return
    gz = is_gzip(path)
    try:
        raw = path.open("rb")
        size = os.fstat(raw.fileno()).st_size
        # A big file says how far it has been read (the compressed bytes of a gzip one).
        counted: Any = _Counted(raw, size, path.name) if size >= progress.MIN_BYTES else raw
        stream: Any = gzip.GzipFile(fileobj=counted, mode="rb") if gz else counted
    except OSError as exc:
        raise TraceError(f"cannot open the file ({exc}).", file=name) from exc
    with raw, counted, stream:
        if stem_suffix(path) in DOCUMENT_SUFFIXES:
            yield from _read_document(stream, name, gz, max_json_bytes, path)
        elif stem_suffix(path) in CASSETTE_SUFFIXES:
            yield from _read_cassette(stream, name, max_json_bytes, path)
        else:
            # A gzip stream line by line: a chunk read would lose the lines before a cut.
            lines = _gzip_lines(stream, max_decompressed_bytes) if gz else chunked_lines(stream)
            if stem_suffix(path) == ".log" and is_claude_mcp_log(_head(path)):
                yield from claude_mcp_records(lines, name)
            else:
                yield from read_lines(lines, name)


def _gzip_lines(stream: ByteStream, max_total: int) -> Iterator[bytes | Skipped]:
    """The lines of a decompressing stream, each at most MAX_LINE_BYTES, at most ``max_total``."""
    total = 0
    while True:
        line = stream.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        total += len(line)
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            size = len(line)
            del line  # never hold more than one bound's worth
            while total <= max_total:
                rest = stream.readline(CHUNK_BYTES)
                size += len(rest)
                total += len(rest)
                if not rest or rest.endswith(b"\n"):
                    break
            yield _too_long(size)
        elif total <= max_total:
            yield line
        if total > max_total:
            yield Skipped(
                f"the file expands to more than the {max_total:,}-byte bound for decompressed "
                "traces; the rest of the file is not read (raise max_decompressed_bytes to read it)",
                stop=True,
            )
            return


class _Counted:
    """A binary file that reports how far it has been read (for files over MIN_BYTES)."""

    def __init__(self, raw: Any, size: int, name: str) -> None:
        self.raw = raw
        self.task = progress.task(f"reading {name}", total=size, unit="bytes")
        self._at = 0

    def read(self, size: int = -1, /) -> bytes:
        data: bytes = self.raw.read(size)
        self._moved(len(data))
        return data

    def readline(self, size: int = -1, /) -> bytes:
        data: bytes = self.raw.readline(size)
        self._moved(len(data))
        return data

    def _moved(self, n: int) -> None:
        self._at += n
        if n:
            self.task.update(self._at)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)  # seek, tell, close... for gzip

    def __enter__(self) -> _Counted:
        return self

    def __exit__(self, *exc: object) -> None:
        self.task.close()


#: Bytes read at a time by :func:`chunked_lines`.
CHUNK_BYTES = 1 << 22


class ByteStream(Protocol):
    """What the readers need of an open binary file: a plain, gzip or unbuffered one."""

    def read(self, size: int = ..., /) -> bytes: ...

    def readline(self, size: int = ..., /) -> bytes: ...


def chunked_lines(
    stream: ByteStream, limit: int | None = None
) -> Iterator[bytes | bytearray | memoryview | Skipped]:
    """The lines of a binary stream, each with its ``\\n``, split at ``\\n`` only.

    Read in large chunks, and each line that lies inside a chunk is a view of
    it rather than a copy: reading line by line allocated (and the kernel
    zeroed) a new buffer for every long line. ``limit`` stops after that many
    bytes, finishing the line it falls in. A line over MAX_LINE_BYTES is not
    held: a :class:`Skipped` stands in its place.
    """
    # The start of a line that runs past its chunk. A bytearray grows in place (a
    # long line is not held twice, as joining its pieces would).
    pending: bytearray | None = None
    skipped: int | None = None  # bytes so far of a line too long to hold
    left = limit
    while left is None or left > 0:
        data = stream.read(CHUNK_BYTES if left is None else min(CHUNK_BYTES, left))
        if not data:
            break
        if left is not None:
            left -= len(data)
        start = 0
        if skipped is not None:
            nl = data.find(b"\n")
            if nl < 0:
                skipped += len(data)
                continue
            yield _too_long(skipped + nl + 1)
            skipped = None
            start = nl + 1
        elif pending is not None:
            nl = data.find(b"\n")
            if nl < 0:
                pending += data
                if len(pending) > MAX_LINE_BYTES:
                    skipped, pending = len(pending), None
                continue
            pending += data[: nl + 1]
            if len(pending) > MAX_LINE_BYTES + 1:
                yield _too_long(len(pending))
            else:
                yield pending
            pending = None
            start = nl + 1
        view = memoryview(data)
        nl = data.find(b"\n", start)
        while nl >= 0:
            yield view[start : nl + 1]
            start = nl + 1
            nl = data.find(b"\n", start)
        if start < len(data):
            pending = bytearray(view[start:])
    if skipped is not None:
        yield _too_long(skipped)
    elif pending is not None:
        if limit is not None:  # the limit fell inside this line
            pending += stream.readline(max(0, MAX_LINE_BYTES + 2 - len(pending)))
        yield _too_long(len(pending)) if len(pending) > MAX_LINE_BYTES + 1 else pending


def range_lines(
    path: str | Path, start: int, end: int
) -> Iterator[bytes | bytearray | memoryview | Skipped]:
    """The lines of bytes ``[start, end)`` of a file (``start`` is a line start)."""
    with open(path, "rb", buffering=0) as fh:
        fh.seek(start)
        yield from chunked_lines(fh, end - start)


def read_lines(
    lines: Iterable[bytes | bytearray | memoryview | Skipped], name: str, first: int = 1
) -> Iterator[Record | Problem]:
    """Parse JSON lines, numbered from ``first``; a :class:`Problem` for each bad one."""
    n = first - 1
    snapshots = _Snapshots()
    try:
        for n, view in enumerate(lines, first):
            if isinstance(view, Skipped):
                snapshots.forget()
                yield Problem(name, n, view.reason)
                if view.stop:
                    return
                continue
            try:
                if n == 1 and view[:3] == _BOM:
                    view = view[3:]
                value = snapshots.extend(view)
                if value is None:
                    value = fast_loads(view)
                snapshots.remember(view, value)
                yield Record(n, value)
                continue
            except ValueError:
                snapshots.forget()
                raw = bytes(view)
                # Blank lines land here too: testing each line for blankness first
                # would copy every line (``strip``), and lines are long.
                if not raw.strip():
                    continue
                # the standard library below says precisely what is wrong
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                bad = f"not UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"
                # A stray byte of another encoding inside a string ("Caf\xe9") costs the
                # line's conversation nothing: read with it replaced, as a whole JSON
                # document is. A line that is no JSON even so is skipped, as before.
                try:
                    value = _json.loads(raw.decode("utf-8", errors="replace"))
                except (json.JSONDecodeError, RecursionError):
                    yield Problem(name, n, f"{bad}; line skipped")
                    continue
                yield Problem(name, n, f"{bad}; undecodable bytes replaced with U+FFFD")
                yield Record(n, value)
                continue
            try:
                value = _json.loads(text)
            except json.JSONDecodeError as exc:
                yield Problem(name, n, _json_reason(exc, text) + "; line skipped")
                continue
            except RecursionError:
                yield Problem(name, n, "JSON nested too deeply to read; line skipped")
                continue
            yield Record(n, value)
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
        # A gzip stream cut short: everything before the cut was already yielded.
        yield Problem(
            name,
            n + 1,
            f"the compressed stream is truncated or corrupt ({exc}); the rest of the file "
            "cannot be read",
        )


class _Snapshots:
    """Reads a line that repeats the line before it with more items at the end, as
    request logs do (each line the conversation so far), without parsing it again.

    The line before, ``P``, must parse to an object with exactly one array
    member ``K``, not empty, and end with ``]}``: that ``]`` then closes
    ``K`` (the last member's value ends with it, so it is an array, and the
    only one). A line that starts with ``P`` less those two bytes and goes
    on with ``, X]}`` is ``P``'s object with ``X`` appended to ``K``, once
    ``[0, X]`` parses; only ``X`` is parsed. Anything else is parsed whole.
    """

    __slots__ = ("key", "prefix", "value")

    def __init__(self) -> None:
        self.prefix: memoryview | None = None  # the line before, less its closing "]}"
        self.value: dict[str, Any] = {}
        self.key = ""

    def forget(self) -> None:
        """The next line is parsed whole."""
        self.prefix = None

    def remember(self, view: bytes | bytearray | memoryview, value: Any) -> None:
        """Note the line just read, if a line after it may extend it."""
        self.prefix = None
        if type(value) is not dict:
            return
        key = None
        for k, v in value.items():
            if type(v) is list:
                if key is not None:
                    return
                key = k
        if key is None or not value[key]:
            return
        end = len(view)
        while end and view[end - 1] in _WHITESPACE:
            end -= 1
        if end < 2 or view[end - 2 : end] != b"]}":
            return
        self.prefix = memoryview(view)[: end - 2]
        self.value, self.key = value, key

    def extend(self, view: bytes | bytearray | memoryview) -> dict[str, Any] | None:
        """The value of ``view`` when it extends the line before, else ``None``."""
        prefix = self.prefix
        if prefix is None or len(view) <= len(prefix) + 2:
            return None
        head = min(64, len(prefix))  # lines of other conversations differ early
        if view[:head] != prefix[:head]:
            return None
        line = bytes(view)
        if not line.startswith(prefix):
            return None
        tail = line[len(prefix) :].rstrip()
        if not tail.lstrip().startswith(b",") or not tail.endswith(b"}"):
            return None
        try:
            items = fast_loads(b"[0" + tail[:-1])
        except ValueError:
            return None
        value = dict(self.value)
        value[self.key] = self.value[self.key] + items[1:]
        return value


_WHITESPACE = frozenset(b" \t\r\n")


def _json_message(exc: json.JSONDecodeError) -> str:
    """The decoder's message without the " at" Python's ends some with ("Unterminated string
    starting at"), which it completes with the position: written before " at column N" it
    read "starting at at column 13", and alone "(Invalid control character at)"."""
    return exc.msg.removesuffix(" at")


def _json_reason(exc: json.JSONDecodeError, text: str) -> str:
    msg = _json_message(exc)
    if exc.pos >= len(text.rstrip()):
        if msg == "Invalid control character":
            msg = "Unterminated string"  # the line's own break, inside a string cut off
        return f"invalid JSON: the value ends early ({msg}), the line looks truncated"
    if msg == "Invalid control character":
        # Name the byte and the fix: a NUL or a tab a logger wrote raw inside a string.
        code = ord(text[exc.pos])
        return (
            f"invalid JSON: a raw control character (U+{code:04X}) inside a string at column "
            f"{exc.colno}; JSON writes it escaped, \\u{code:04x}"
        )
    return f"invalid JSON: {msg} at column {exc.colno}"


def _read_document(
    stream: ByteStream, name: str, gz: bool, max_bytes: int, path: Path
) -> Iterator[Record | Problem]:
    too_big = TraceError(
        f"this {stem_suffix(path)} file is larger than the {max_bytes // (1024 * 1024)} MB "
        "bound for documents read whole.",
        file=name,
        fix="write the trace as JSON Lines (.jsonl, one conversation per line), "
        "which is streamed, or raise max_json_bytes",
    )
    if not gz and path.stat().st_size > max_bytes:
        raise too_big
    try:
        data = stream.read(max_bytes + 1)
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
        yield Problem(name, None, f"the compressed stream is truncated or corrupt ({exc})")
        return
    if len(data) > max_bytes:
        raise too_big
    if data.startswith(_BOM):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        yield Problem(
            name,
            line,
            f"not UTF-8 (byte 0x{data[exc.start]:02x}); undecodable bytes replaced with U+FFFD",
        )
        text = data.decode("utf-8", errors="replace")
    if not text.strip():
        yield Problem(name, None, "the file is empty")
        return
    try:
        value = _json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":
            # JSON Lines under a .json name: several documents, one a line.
            yield from read_lines((ln.encode("utf-8") for ln in text.split("\n")), name)
            return
        salvaged = salvage_truncated(text)
        if salvaged is None:
            yield Problem(
                name, exc.lineno, f"invalid JSON: {_json_message(exc)} at column {exc.colno}"
            )
            return
        yield Problem(
            name,
            exc.lineno,
            f"invalid JSON ({_json_message(exc)} at column {exc.colno}): the document looks "
            "truncated; "
            "kept the complete values before that point",
        )
        value = salvaged
    except RecursionError:
        yield Problem(name, None, "JSON nested too deeply to read")
        return
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        # A document encoded twice (json.dumps of a JSON text: letta-ai/agent-file keeps
        # agent files so): the JSON it holds is the document.
        try:
            inner = _json.loads(value)
        except (json.JSONDecodeError, RecursionError):
            inner = None
        if isinstance(inner, dict | list):
            yield Problem(
                name,
                None,
                "the document is a JSON string holding JSON (encoded twice); read the JSON inside",
            )
            value = inner
    yield from _split_document(value, name)


def _split_document(value: Any, name: str) -> Iterator[Record | Problem]:
    """A list of conversations, run records or JSON-RPC messages is many records, and so is
    a results document's list of runs (:data:`~.conversations.RUN_LISTS`) and an Inspect AI
    eval log's samples; anything else is one. A list holding a message (an item with a
    ``role``) is one conversation even where an item has a record's key: an OpenAI
    Responses input list (the Agents SDK's ``to_input_list()``) holds
    ``function_call_output`` items with an ``output``."""
    if is_inspect_log(value):
        yield from _inspect_samples(value, name)
        return
    agents = letta_agents(value)
    if agents is not None:
        # A Letta agent file: each agent its own conversation (a sleep-time agent beside
        # the one it watches).
        for i, agent in enumerate(agents):
            yield Record(1, agent, i, "agents")
        return
    runs = _run_list(value)
    if runs is not None:
        key, items = runs
        if not items:
            yield Problem(name, 1, f"the document's {key!r} list is empty: no run to read")
        for i, item in enumerate(items):
            yield Record(1, item, i, key)
    elif (
        isinstance(value, list)
        and any(isinstance(item, dict) and any(k in item for k in _RECORD_KEYS) for item in value)
        and not any(isinstance(item, dict) and "role" in item for item in value)
    ):
        for i, item in enumerate(value):
            yield Record(1, item, i)
    elif _conversation_list(value):
        # A JSON list of conversations, each a bare list of Chat messages (how recorded
        # support runs are often exported): each is a conversation of its own, not one
        # conversation whose messages are lists.
        for i, item in enumerate(value):
            yield Record(1, item, i)
    else:
        yield Record(1, value)


def _conversation_list(value: Any) -> bool:
    """Whether a document is a list of conversations, each a list of messages: every item a
    list, and every non-empty one holding a message (an object with a ``role``)."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(item, list) for item in value)
        and any(item for item in value)
        and all(
            not item or any(isinstance(m, dict) and "role" in m for m in item) for item in value
        )
    )


def _inspect_samples(log: dict[str, Any], name: str) -> Iterator[Record | Problem]:
    """An Inspect AI eval log's samples, each a run record (:func:`~.harnesses.inspect_run`)."""
    samples = log.get("samples")
    if not isinstance(samples, list) or not samples:
        yield Problem(
            name,
            1,
            "an Inspect AI eval log that holds no samples (it was written with log_samples "
            "off, or before any sample finished): no conversation to read",
        )
        return
    task = log["eval"]["task"]
    for i, sample in enumerate(samples):
        yield Record(1, inspect_run(sample, task), i, "samples")


#: An Inspect ``.eval`` archive's header (``_journal/start.json`` while the run is under
#: way: the same log, without results) and its samples, ``samples/<id>_epoch_<n>.json``.
_EVAL_HEADERS = ("header.json", "_journal/start.json")
_EVAL_SAMPLE = re.compile(r"samples/[^/]+\.json")
_DIGITS = re.compile(r"(\d+)")


def _read_eval_archive(path: Path, name: str, max_bytes: int) -> Iterator[Record | Problem]:
    """An Inspect AI ``.eval`` log (a zip): its header and samples read as the JSON log they
    stand for. Each member is read up to ``max_bytes`` (its size as the zip states it)."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = {info.filename: info for info in archive.infolist()}
            header_name = next((h for h in _EVAL_HEADERS if h in members), None)
            if header_name is None:
                yield Problem(
                    name,
                    None,
                    "a zip archive with no header.json (nor _journal/start.json): not an "
                    "Inspect AI .eval log",
                )
                return
            samples = sorted(
                (n for n in members if _EVAL_SAMPLE.fullmatch(n)),
                key=lambda n: [int(p) if p.isdigit() else p for p in _DIGITS.split(n)],
            )
            values: list[Any] = []
            for member in (header_name, *samples):
                if members[member].file_size > max_bytes:
                    yield Problem(
                        name,
                        None,
                        f"{member} is larger than the {max_bytes // (1024 * 1024)} MB bound "
                        "for documents read whole; skipped",
                    )
                    continue
                values.append(_json.loads(archive.read(member).decode("utf-8")))
    except (zipfile.BadZipFile, OSError, EOFError, zlib.error, ValueError) as exc:
        yield Problem(name, None, f"the .eval archive cannot be read ({exc})")
        return
    header, *rest = values
    if isinstance(header, dict):
        header = {**header, "samples": rest}
    yield from _split_document(header, name)


def _run_list(value: Any) -> tuple[str, list[Any]] | None:
    """``(key, runs)`` of a results document: an object that lists its runs under one of
    :data:`~.conversations.RUN_LISTS` (objects, or none) and is no conversation itself."""
    if not isinstance(value, dict) or "messages" in value:
        return None
    for key in RUN_LISTS:
        runs = value.get(key)
        if isinstance(runs, list) and (not runs or any(isinstance(run, dict) for run in runs)):
            return key, runs
    return None


def salvage_truncated(text: str) -> Any | None:
    """Parse a JSON document cut short: keep its complete values, close what is open.

    Scans once, remembering the last point where a value ended (just after a
    closing bracket, or just before a comma) together with the brackets open
    there; the text up to that point plus the matching closers is valid JSON.
    Returns ``None`` when no such point exists.
    """
    stack: list[str] = []
    in_string = escaped = False
    cut, closers = -1, ""
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in "{[":
            stack.append("}" if ch == "{" else "]")
        elif ch in "}]":
            if not stack:
                return None
            stack.pop()
            cut, closers = i + 1, "".join(reversed(stack))
        elif ch == "," and stack:
            cut, closers = i, "".join(reversed(stack))
    if cut < 0:
        return None
    try:
        return _json.loads(text[:cut] + closers)
    except (json.JSONDecodeError, RecursionError):
        return None


def _read_cassette(
    stream: ByteStream, name: str, max_bytes: int, path: Path
) -> Iterator[Record | Problem]:
    """A VCR cassette's interactions, each one ``{"request", "response"}`` record.

    The bodies are what was sent and received: JSON (vcrpy keeps it as text,
    pydantic-ai's serializer as ``parsed_body``), gzip bytes (``!!binary``), or a
    stream's event text. Every interaction of one cassette is given the cassette's
    name as its conversation id, so that each request, which re-sends the history,
    extends one conversation instead of starting another.
    """
    from .._yaml import load_yaml
    from ..errors import SuiteError

    data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise TraceError(
            f"this cassette is larger than the {max_bytes >> 20} MB bound for files read whole.",
            file=name,
            fix="split the cassette, or raise max_json_bytes",
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        yield Problem(name, data.count(b"\n", 0, exc.start) + 1, "not UTF-8; the file is not read")
        return
    try:
        value, positions = load_yaml(text, path)
    except SuiteError as exc:
        at = (exc.position or "").split(":")[0]
        reason = f"{exc.message.rstrip('.')}; the cassette is not read"
        yield Problem(name, int(at) if at.isdigit() else None, reason)
        return
    interactions = value.get("interactions") if isinstance(value, dict) else None
    if not isinstance(interactions, list):
        yield Problem(
            name, None, "a YAML file that is not a VCR cassette (no 'interactions' list); not read"
        )
        return
    for i, item in enumerate(interactions):
        where = positions.get(("interactions", i), "")
        line = int(where.split(":")[0]) if where else None
        if not isinstance(item, dict):
            yield Problem(name, line, "an interaction is not a mapping; skipped")
            continue
        request, response = item.get("request"), item.get("response")
        yield Record(
            line or 1,
            {
                "trace_id": path.name,
                "request": _cassette_body(request if isinstance(request, dict) else {}),
                "response": _cassette_body(response if isinstance(response, dict) else {}),
            },
        )


def _cassette_body(side: dict[str, Any]) -> Any:
    """One side's recorded body: parsed JSON where it is JSON, the bytes of an AWS event
    stream, else its text."""
    if "parsed_body" in side:
        return side["parsed_body"]
    body = side.get("body")
    if isinstance(body, dict):  # vcrpy's response: {"string": ...}
        body = body.get("string")
    if isinstance(body, bytes):
        if is_event_stream(body):  # AWS's binary event stream (Bedrock): read as bytes
            return body
        if body[:2] == b"\x1f\x8b":  # recorded with Content-Encoding: gzip
            try:
                body = gzip.decompress(body)
            except (OSError, EOFError, zlib.error):
                return None
        body = body.decode("utf-8", errors="replace")
    if isinstance(body, str):
        try:
            return _json.loads(body)
        except (ValueError, RecursionError):
            return body  # an event stream, or text: the converters say what they make of it
    return body
