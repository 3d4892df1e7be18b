"""``mcp:`` projections: a real MCP server (stdio) whose tool is the projection.

The server is started once per suite and reused for all its calls, through the
official MCP Python SDK's client (``mcp`` on PyPI, imported only here and only when a
suite has such a projection). For each call projeval serves the input (a fixture, or a
perturbation of one) as the upstream API's response from an HTTP server of its own on
127.0.0.1, and calls the tool; the server fetches the upstream and answers. The tool's
result is the projection's output, as the model's client receives it:

    {"content": [...blocks...], "structuredContent": ..., "isError": true}

(``structuredContent`` when the server sends one, ``isError`` only when true), which the
cost, lineage and the checks read like any MCP result. An ``isError`` result is the
tool's error output: for an error fixture it is the output (the model reads the error);
for data it counts as the projection failing on that input (``raised``).

Faults are the projection's own, as for the other worker kinds: the server exits
(``exit``), hangs past the call's limit (``timeout``; its process group is killed),
writes something that is not JSON-RPC to stdout or answers with a protocol error
(``protocol``), never fetches the upstream during a call (``protocol``: it would score a
cached answer), or answers too much (``too-large``). The server is started again on the
next call. Its standard error goes to a file projeval reads for the message of a fault,
never to projeval's own output.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import os
import shlex
import signal
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Sequence
from http import HTTPStatus
from pathlib import Path
from typing import Any

from .errors import ProjectionLoadError, SuiteError
from .projections import Limits, ProjectionFault, canonical, program_digest
from .suites import ERROR_KINDS, McpSpec, ProjectionSpec, Suite

#: How long a server may take to start and answer ``initialize`` and ``tools/list``.
STARTUP_TIMEOUT = 30.0
#: The environment variable that always carries the mock upstream's base URL.
URL_ENV = "PROJEVAL_UPSTREAM_URL"
#: The HTTP status the mock upstream answers an error fixture with, by error kind.
ERROR_STATUS = {
    "rate_limited": 429,
    "unauthorized": 401,
    "forbidden": 403,
    "not_found": 404,
    "bad_request": 400,
    "server_error": 500,
    "timeout": 504,
}
assert set(ERROR_STATUS) == set(ERROR_KINDS)
_STDERR_TAIL = 2000
#: How long a server may take to exit once its stdin is closed, before it is killed.
_GRACE = 0.3
_INSTALL = "install projeval's MCP support: pip install 'projeval[mcp]'"

# The server process runs this first: it records its pid (its process group, for a
# kill) and takes the memory limit, then becomes the server.
_LAUNCH = """\
import os, resource, sys
with open(sys.argv[1], "w") as f:
    f.write(str(os.getpid()))
limit = int(sys.argv[2])
if limit > 0:
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    os.execvp(sys.argv[3], sys.argv[3:])
except OSError as exc:
    sys.stderr.write(f"cannot run {sys.argv[3]}: {exc.strerror}\\n")
    sys.exit(127)
"""

# The SDK logs a server's bad lines at ERROR; with no handler, logging's last resort
# would print them on projeval's stderr. They reach projeval as faults instead.
_SDK_LOG = logging.getLogger("mcp")
_SDK_LOG.addHandler(logging.NullHandler())
_SDK_LOG.propagate = False


# -- the mock upstream ------------------------------------------------------------------------


class Upstream:
    """The upstream API's stand-in: answers every request with the current response.

    An HTTP/1.1 server on 127.0.0.1 in the runner's event loop (the loop of the SDK's
    session): no thread of its own and none per request, and closing it is immediate
    (a thread's ``serve_forever`` notices a shutdown only at its next half-second poll).
    Connections may be kept alive; a request's body, if any, is read and ignored.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.body = b"{}"
        self.status = 200
        self.requests = 0
        self.loop = loop
        self._writers: set[asyncio.StreamWriter] = set()
        self._server = asyncio.run_coroutine_threadsafe(self._open(), loop).result(10.0)
        port = self._server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"

    async def _open(self) -> asyncio.Server:
        return await asyncio.start_server(self._serve, "127.0.0.1", 0)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                request, *lines = head[:-4].split(b"\r\n")
                headers = {}
                for line in lines:
                    name, _, value = line.partition(b":")
                    headers[name.strip().lower()] = value.strip().lower()
                await _skip_body(reader, headers)
                self.requests += 1
                body, status = self.body, self.status
                keep = request.endswith(b"HTTP/1.1") and headers.get(b"connection") != b"close"
                writer.write(
                    b"HTTP/1.1 %d %s\r\nContent-Type: application/json\r\n"
                    b"Content-Length: %d\r\nConnection: %s\r\n\r\n%s"
                    % (
                        status,
                        HTTPStatus(status).phrase.encode(),
                        len(body),
                        b"keep-alive" if keep else b"close",
                        body,
                    )
                )
                await writer.drain()
                if not keep:
                    break
        except (
            asyncio.IncompleteReadError,
            asyncio.LimitOverrunError,
            ConnectionError,
            ValueError,
        ):
            pass  # the client went away, or sent what is not HTTP: nothing to answer
        finally:
            self._writers.discard(writer)
            writer.close()

    async def _close(self) -> None:
        self._server.close()
        for writer in list(self._writers):
            writer.close()
        await asyncio.sleep(0)  # the handlers see their connections closed and end

    def close(self) -> None:
        """Stop serving (at once: no request is waited for)."""
        if self.loop.is_closed() or not self.loop.is_running():
            return
        with contextlib.suppress(concurrent.futures.TimeoutError, RuntimeError):
            asyncio.run_coroutine_threadsafe(self._close(), self.loop).result(5.0)


async def _skip_body(reader: asyncio.StreamReader, headers: dict[bytes, bytes]) -> None:
    """Read a request's body (by its length, or chunk by chunk) so the next request starts
    where it should."""
    if headers.get(b"transfer-encoding") == b"chunked":
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                return
    length = int(headers.get(b"content-length") or 0)
    if length:
        await reader.readexactly(length)


# -- one connection to the server ---------------------------------------------------------------


class _Connection:
    """A running server and the SDK session over its stdio, in the runner's event loop."""

    def __init__(
        self, loop: asyncio.AbstractEventLoop, argv: list[str], cwd: Path, env: dict[str, str]
    ) -> None:
        self.loop = loop
        self.argv = argv
        self.cwd = cwd
        self.env = env
        self.folder = tempfile.TemporaryDirectory(prefix="projeval-mcp-")
        self.pidfile = Path(self.folder.name) / "pid"
        self.errlog = open(Path(self.folder.name) / "stderr", "w+", encoding="utf-8")  # noqa: SIM115
        self.session: Any = None
        self.tools: list[dict[str, Any]] = []
        #: What the transport could not read (a line that is not JSON-RPC).
        self.stream_errors: list[str] = []
        self.closed = False
        self._stop: asyncio.Event | None = None
        self._main: concurrent.futures.Future[None] | None = None

    def open(self, timeout: float, memory: int) -> None:
        """Start the server, initialize the session and list the tools, or raise."""
        ready: concurrent.futures.Future[None] = concurrent.futures.Future()
        launcher = [sys.executable, "-S", "-c", _LAUNCH, str(self.pidfile), str(memory), *self.argv]
        self._main = asyncio.run_coroutine_threadsafe(self._run(launcher, ready), self.loop)
        try:
            ready.result(timeout)
        except concurrent.futures.TimeoutError:
            words = self.last_words()
            self.close(kill=True)
            raise ProjectionFault("timeout", f"did not start within {timeout:g} s{words}") from None
        except ProjectionFault:
            self.close(kill=True)
            raise

    async def _run(self, launcher: list[str], ready: concurrent.futures.Future[None]) -> None:
        from mcp.client.session import ClientSession
        from mcp.client.stdio import StdioServerParameters, stdio_client

        class Session(ClientSession):
            async def validate_tool_result(self, name: str, result: Any) -> None:
                # projeval checks the output schema itself: a mismatch is a finding, not a fault
                return None

        async def on_message(message: Any) -> None:
            if isinstance(message, Exception):
                self.stream_errors.append(
                    str(message).splitlines()[0][:200] if str(message) else type(message).__name__
                )

        self._stop = asyncio.Event()
        params = StdioServerParameters(
            command=launcher[0], args=launcher[1:], env=self.env, cwd=self.cwd
        )
        try:
            async with (
                stdio_client(params, errlog=self.errlog) as (read, write),
                Session(read, write, message_handler=on_message) as session,
            ):
                await session.initialize()
                listed = await session.list_tools()
                self.tools = [
                    t.model_dump(by_alias=True, exclude_none=True, mode="json")
                    for t in listed.tools
                ]
                self.session = session
                ready.set_result(None)
                await self._stop.wait()
        except BaseException as exc:  # the server's failure, reported where the caller waits
            if not ready.done():
                ready.set_exception(self._start_fault(exc))
            if not isinstance(exc, Exception):
                raise
        finally:
            self.session = None
            if not ready.done():
                ready.set_exception(
                    ProjectionFault("exit", f"ended while starting{self.last_words()}")
                )

    def _start_fault(self, exc: BaseException) -> ProjectionFault:
        if isinstance(exc, OSError):
            return ProjectionFault("exit", f"could not be started: {exc.strerror or exc}")
        reason = _reason(exc)
        if self.stream_errors:
            return ProjectionFault(
                "protocol",
                f"wrote a line that is not JSON-RPC while starting ({self.stream_errors[0]}){self.last_words()}",
            )
        return ProjectionFault("exit", f"ended while starting ({reason}){self.last_words()}")

    def pid(self) -> int | None:
        try:
            return int(self.pidfile.read_text())
        except (OSError, ValueError):
            return None

    def close(self, kill: bool = False) -> None:
        """End the session and the server (at once with ``kill``: its whole process group)."""
        if self.closed:
            return
        self.closed = True
        if kill and (pid := self.pid()) is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
        stop = self._stop
        if stop is not None and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(stop.set)
        if self._main is not None:
            # The SDK's shutdown closes stdin and waits for the server to exit; a server
            # of a suite keeps no state worth a slow exit, so it gets a short grace only.
            with contextlib.suppress(BaseException):
                self._main.result(_GRACE)
            if not self._main.done() and (pid := self.pid()) is not None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pid, signal.SIGKILL)
            with contextlib.suppress(BaseException):
                self._main.result(10.0)
        if (pid := self.pid()) is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)  # its children, if it left any
        self.errlog.close()
        self.folder.cleanup()

    def last_words(self) -> str:
        try:
            self.errlog.flush()
            with open(self.errlog.name, encoding="utf-8", errors="replace") as f:
                f.seek(max(0, os.path.getsize(self.errlog.name) - _STDERR_TAIL))
                text = f.read().strip()
        except (OSError, ValueError):
            return ""
        return f" (its last words: {text.splitlines()[-1][:300]})" if text else ""


def _reason(exc: BaseException) -> str:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class _Exchange:
    """One tools/call as it went: its result or error, and whether the server fetched."""

    def __init__(self, connection: _Connection, status: int, *, budget_bound: bool) -> None:
        self.connection = connection
        self.status = status
        self.budget_bound = budget_bound
        self.result: Any = None
        self.error: Exception | None = None
        self.fetched = False

    def benign(self) -> bool:
        """True when the server may go on to the next call: it answered (or its tool failed
        on this input, a JSON-RPC error answer) and fetched, and wrote nothing stray."""
        if self.connection.stream_errors or (self.error is None and not self.fetched):
            return False
        return self.error is None or _tool_error(self.error)


def _tool_error(exc: BaseException) -> bool:
    """True for the SDK's error answer of a tool that failed on its input (not a closed
    connection)."""
    from mcp.shared.exceptions import MCPError
    from mcp_types import CONNECTION_CLOSED

    return isinstance(exc, MCPError) and exc.code != CONNECTION_CLOSED


# -- the runner ---------------------------------------------------------------------------------


class McpRunner:
    """Calls one tool of an MCP server, serving each input as its upstream's response.

    The :class:`~projeval.projections.Runner` of an ``mcp:`` projection. ``tools`` is the
    server's ``tools/list`` (as JSON), ``tool`` the one called; ``calls`` counts the calls
    and ``spent`` the seconds they took (the budget).
    """

    #: The server is sent each input as bytes: it cannot change projeval's (lineage skips
    #: its own copies and checks).
    isolated = True

    def __init__(
        self,
        name: str,
        spec: McpSpec,
        *,
        limits: Limits,
        cwd: Path,
        error_bodies: dict[bytes, int] | None = None,
    ) -> None:
        self.name = name
        self.spec = spec
        self.tool = spec.tool
        self.limits = limits
        self.cwd = cwd
        self.error_bodies = dict(error_bodies or {})
        self.calls = 0
        self.spent = 0.0
        self.starts = 0
        self.tools: list[dict[str, Any]] = []
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name=f"mcp-{name}", daemon=True
        )
        self._thread.start()
        self.upstream = Upstream(self._loop)
        self.argv = [
            a.replace("{url}", self.upstream.url).replace("{python}", sys.executable)
            for a in spec.command
        ]
        self.env = {**os.environ, URL_ENV: self.upstream.url}
        if spec.url_env:
            self.env[spec.url_env] = self.upstream.url
        self.digest = _digest(spec, cwd)
        self._connection: _Connection | None = None
        self._lock = threading.Lock()
        self._finalizer = weakref.finalize(self, _shutdown, self._loop, self._thread, self.upstream)

    # -- the Runner protocol -------------------------------------------------------------------

    def __call__(self, raw: Any, serialise: bool = True) -> tuple[Any, str]:
        """Serve ``raw`` as the upstream's response and call the tool; ``(output, text)``."""
        with self._lock:
            self.calls += 1
            (exchange,) = self._run([raw])
            output = self._judge(exchange)
        text = self._sized(output)
        return output, (text if serialise else "")

    def call_many(self, inputs: Sequence[Any]) -> list[Any]:
        """Each input's output or non-fatal fault, in order; raises a fatal fault.

        The :class:`~projeval.projections.BatchRunner` method. The calls still go one
        at a time (the server fetches the same URL for each: two calls in flight could
        not be told apart upstream), but the whole batch runs in the event loop: one
        hand-over between projeval's thread and the loop per batch, not two per call.
        """
        if not inputs:
            return []
        outputs: list[Any] = []
        with self._lock:
            exchanges = self._run(inputs)
            for exchange in exchanges:
                self.calls += 1
                try:
                    output = self._judge(exchange)
                    self._sized(output)
                except ProjectionFault as fault:
                    if fault.fatal:
                        raise
                    outputs.append(fault)
                else:
                    outputs.append(output)
        assert len(outputs) == len(inputs), "a batch that ended early raised its fault"
        return outputs

    def start(self) -> None:
        """Start the server now (scoring does, to report a start-up failure before any call)."""
        with self._lock:
            if self._connection is None:
                started = time.monotonic()
                try:
                    self._open(min(STARTUP_TIMEOUT, self.limits.budget))
                finally:
                    self.spent += time.monotonic() - started

    def close(self) -> None:
        """Stop the server (it starts again on the next call) and, for good, the upstream.

        The server is killed, not asked to exit: a projection keeps no state worth a
        graceful exit, and the SDK's would wait for it to wind down."""
        with self._lock:
            if self._connection is not None:
                self._connection.close(kill=True)
                self._connection = None
        self._finalizer()

    # -- one call --------------------------------------------------------------------------------

    def _open(self, limit: float) -> _Connection:
        connection = _Connection(self._loop, self.argv, self.cwd, self.env)
        connection.open(limit, self.limits.max_memory_mb * 1024 * 1024)
        self.starts += 1
        self.tools = connection.tools
        self._connection = connection
        return connection

    def _run(self, inputs: Sequence[Any]) -> list[_Exchange]:
        """Call the tool on each input in turn, in the event loop, until one fails for good
        (the exchanges up to it; budget and start-up counted in ``spent``)."""
        left = self.limits.budget - self.spent
        if left <= 0:
            raise self._budget_fault()
        started = time.monotonic()
        try:
            connection = self._connection or self._open(STARTUP_TIMEOUT)
            requests = []
            for raw in inputs:
                body = _dumps(raw)
                requests.append((body, self.error_bodies.get(body, 200)))
            run = asyncio.run_coroutine_threadsafe(
                self._exchanges(connection, requests, started + left), self._loop
            )
            # Each call has its time limit in the loop; this one only guards against a
            # loop that cannot run at all.
            backstop = len(requests) * self.limits.timeout + STARTUP_TIMEOUT
            try:
                return run.result(backstop)
            except concurrent.futures.TimeoutError:
                run.cancel()
                self._discard(kill=True)
                raise ProjectionFault(
                    "timeout", f"did not return within {self.limits.timeout:g} s"
                ) from None
        finally:
            self.spent += time.monotonic() - started

    async def _exchanges(
        self, connection: _Connection, requests: list[tuple[bytes, int]], budget_end: float
    ) -> list[_Exchange]:
        done: list[_Exchange] = []
        session = connection.session
        for body, status in requests:
            limit = min(self.limits.timeout, budget_end - time.monotonic())
            exchange = _Exchange(connection, status, budget_bound=limit < self.limits.timeout)
            done.append(exchange)
            if session is None:
                exchange.error = ConnectionError("the session is closed")
                break
            if limit <= 0:
                exchange.error = TimeoutError()
                break
            self.upstream.body, self.upstream.status = body, status
            before = self.upstream.requests
            try:
                exchange.result = await asyncio.wait_for(
                    session.call_tool(self.tool, self.spec.arguments), limit
                )
            except Exception as exc:  # judged in projeval's thread, where a fault is raised
                exchange.error = exc
            exchange.fetched = self.upstream.requests != before
            if not exchange.benign():
                break  # the server is discarded: the rest waits for the next batch
        return done

    def _judge(self, exchange: _Exchange) -> Any:
        """The output of one exchange, or raise its fault."""
        connection, error = exchange.connection, exchange.error
        if isinstance(error, TimeoutError):
            self._discard(kill=True)
            if exchange.budget_bound:
                raise self._budget_fault() from None
            raise ProjectionFault(
                "timeout", f"did not return within {self.limits.timeout:g} s"
            ) from None
        if error is not None:
            raise self._failed(connection, error) from None
        if connection.stream_errors:
            first = connection.stream_errors[0]
            self._discard(kill=True)
            raise ProjectionFault(
                "protocol", f"wrote to its standard output a line that is not JSON-RPC ({first})"
            )
        if not exchange.fetched:
            self._discard(kill=True)
            raise ProjectionFault(
                "protocol",
                f"answered without fetching its upstream ({self.upstream.url}), so projeval cannot "
                "vary what it reads; the server must fetch the API on every call",
            )
        output = _output(exchange.result)
        if output.get("isError") and exchange.status == 200:
            raise ProjectionFault("raised", f"returned an isError result: {_text_of(output)[:300]}")
        return output

    def _sized(self, output: Any) -> str:
        """The output's canonical text, or the too-large fault."""
        text = canonical(output)
        if len(text) > self.limits.max_output_bytes:
            raise ProjectionFault(
                "too-large",
                f"returned {len(text):,} bytes, over the limit of {self.limits.max_output_bytes:,}",
            )
        return text

    def _failed(self, connection: _Connection, exc: Exception) -> ProjectionFault:
        """The fault an SDK error stands for: the server ended, its tool failed on this
        input (a JSON-RPC error answer: ``raised``), or it broke the protocol."""
        from mcp.shared.exceptions import MCPError

        if _tool_error(exc) and not connection.stream_errors:
            return ProjectionFault("raised", f"answered tools/call with an error: {_reason(exc)}")
        words = connection.last_words()
        self._discard(kill=True)
        if connection.stream_errors:
            return ProjectionFault(
                "protocol",
                f"wrote a line that is not JSON-RPC ({connection.stream_errors[0]}){words}",
            )
        if isinstance(exc, MCPError | ConnectionError):
            return ProjectionFault("exit", f"ended during a call ({_reason(exc)}){words}")
        return ProjectionFault(
            "protocol", f"answered with a result the client cannot read ({_reason(exc)}){words}"
        )

    def _discard(self, kill: bool) -> None:
        if self._connection is not None:
            self._connection.close(kill=kill)
            self._connection = None

    def _budget_fault(self) -> ProjectionFault:
        return ProjectionFault(
            "budget",
            f"used up its time budget of {self.limits.budget:g} s for the suite after {self.calls:,} calls",
        )


def _output(result: Any) -> dict[str, Any]:
    """The tool result as the model's client receives it, in MCP's own keys."""
    output: dict[str, Any] = {
        "content": [
            block.model_dump(by_alias=True, exclude_none=True, mode="json")
            for block in result.content
        ]
    }
    if result.structured_content is not None:
        output["structuredContent"] = result.structured_content
    if result.is_error:
        output["isError"] = True
    return output


def _text_of(output: dict[str, Any]) -> str:
    return " ".join(
        str(b.get("text", "")) for b in output.get("content") or () if b.get("type") == "text"
    )


def _dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _digest(spec: McpSpec, cwd: Path) -> str:
    """The server's command, tool and arguments, and the files the command names."""
    identity = json.dumps([list(spec.command), spec.tool, spec.arguments], sort_keys=True)
    return program_digest(identity.encode(), spec.command, cwd)


def _shutdown(
    loop: asyncio.AbstractEventLoop, thread: threading.Thread, upstream: Upstream
) -> None:
    upstream.close()
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5.0)
    if not thread.is_alive():
        loop.close()


# -- starting a suite's mcp: projection -------------------------------------------------------------


def start_mcp_runner(spec: ProjectionSpec, suite: Suite, limits: Limits) -> McpRunner:
    """Start the server of one of the suite's ``mcp:`` projections and check its tool.

    Raises :class:`~projeval.errors.ProjectionLoadError` when the server cannot be
    started, or lists no such tool, and when the ``mcp`` package is missing.
    """
    assert spec.mcp is not None
    _require_sdk(spec, suite)
    errors = {
        _dumps(fx.data): ERROR_STATUS[fx.error] for fx in suite.fixtures if fx.error in ERROR_STATUS
    }
    runner = McpRunner(
        spec.name, spec.mcp, limits=limits, cwd=suite.path.parent.resolve(), error_bodies=errors
    )
    try:
        runner.start()
    except ProjectionFault as fault:
        runner.close()
        raise _load_error(
            spec, suite, fault.message + ".", "check the command; it runs in the suite's folder"
        ) from None
    names = [str(t.get("name")) for t in runner.tools]
    if spec.mcp.tool not in names:
        runner.close()
        listed = ", ".join(names) or "no tools"
        raise _load_error(
            spec,
            suite,
            f"the server lists no tool {spec.mcp.tool!r} (it lists {listed}).",
            "name one of its tools under 'tool:'",
        )
    return runner


def _require_sdk(spec: ProjectionSpec, suite: Suite) -> None:
    try:
        import mcp.client.session  # noqa: F401
    except ImportError:
        raise _load_error(
            spec, suite, "the MCP Python SDK (mcp) is not installed.", _INSTALL
        ) from None


def _load_error(spec: ProjectionSpec, suite: Suite, reason: str, fix: str) -> ProjectionLoadError:
    return ProjectionLoadError(
        f"suite {suite.name!r}: projection {spec.name!r} ({spec.target}) cannot be started: {reason}",
        fix=fix,
        file=suite.path,
        position=spec.position,
    )


# -- tools from a running server -------------------------------------------------------------------


def list_server_tools(
    command: tuple[str, ...], cwd: Path, *, file: Path, position: str | None = None
) -> list[dict[str, Any]]:
    """A server's ``tools/list``, as JSON: the suite's ``tools: {mcp: <command>}``.

    Starts the server in ``cwd`` (``{python}`` is projeval's interpreter), lists its tools
    and stops it. Raises :class:`~projeval.errors.SuiteError` naming the suite file when
    the server cannot be started or does not answer.
    """
    try:
        import mcp.client.session  # noqa: F401
    except ImportError:
        raise SuiteError(
            "'tools' names an MCP server, but the MCP Python SDK (mcp) is not installed.",
            file=file,
            position=position,
            fix=_INSTALL,
        ) from None
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="mcp-tools", daemon=True)
    thread.start()
    upstream = Upstream(loop)  # a server may want its URL to start, even if listing fetches nothing
    argv = [a.replace("{url}", upstream.url).replace("{python}", sys.executable) for a in command]
    env = {**os.environ, URL_ENV: upstream.url}
    connection = _Connection(loop, argv, cwd, env)
    try:
        connection.open(STARTUP_TIMEOUT, 0)
        return connection.tools
    except ProjectionFault as fault:
        raise SuiteError(
            f"the MCP server of 'tools' ({shlex.join(command)}) {fault.message}.",
            file=file,
            position=position,
            fix="check the command; it runs in the suite's folder",
        ) from None
    finally:
        connection.close(kill=True)  # its tools are listed: nothing is left to wait for
        _shutdown(loop, thread, upstream)
