"""Projections in worker processes: one per projection and suite, reused for all its calls.

A Python projection runs in projeval's own host (``_worker.py``); a ``command:``
projection is any program that speaks the same JSON Lines protocol (see the README):

    request:  {"id": 7, "input": <the raw response>}
    response: {"id": 7, "output": <what the model reads>}  or  {"id": 7, "error": "..."}

:class:`WorkerRunner` is the parent's side. Whatever the worker does (exit, die by a
signal, hang past the call's limit, use up the suite's time budget, write outside the
protocol, answer too much) ends that call with a :class:`ProjectionFault`; a worker
that died or was killed is started again on the next call. Nothing the worker writes
reaches projeval's own output: its descriptors 1 and 2 are pipes projeval reads.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import selectors
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import orjson

from ._worker import edits, set_in
from .errors import ProjectionLoadError
from .projections import Limits, ProjectionFault, Runner, canonical, program_digest
from .suites import ProjectionSpec, Suite

_HOST = Path(__file__).with_name("_worker.py")
#: How long a worker may take to start (import the projection) before it is a timeout.
STARTUP_TIMEOUT = 30.0
#: How much of a worker's standard error is kept, for the message of a fault.
_STDERR_TAIL = 2000


class _Died(Exception):
    pass


class _TimedOut(Exception):
    pass


class _TooLong(Exception):
    pass


class _ForkServer:
    """projeval's fork server (``_worker.py``): every worker is forked from it.

    Started on first use and kept for the life of this process; it exits when this
    process does (its control socket closes), killing the workers it forked.
    """

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.sock = ours
        self.pid = os.getpid()
        self.proc = subprocess.Popen(
            # -P: the script's folder (projeval's package) is not put on sys.path, where
            # its modules would shadow the standard library's (``_json.py`` hid json's
            # C accelerator: every worker encoded and decoded JSON in pure Python).
            [sys.executable, "-P", str(_HOST), str(theirs.fileno())],
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        theirs.close()
        self.lock = threading.Lock()

    def request(self, message: dict[str, Any], fds: Sequence[int] = ()) -> dict[str, Any]:
        with self.lock:
            socket.send_fds(self.sock, [json.dumps(message).encode()], list(fds))
            reply = self.sock.recv(1 << 16)
        if not reply:
            raise OSError("projeval's fork server is gone")
        return json.loads(reply)

    def alive(self) -> bool:
        return self.pid == os.getpid() and self.proc.poll() is None


def _environment(overrides: tuple[tuple[str, str | None], ...]) -> dict[str, str]:
    """projeval's environment with a ``command:`` projection's ``env:`` over it."""
    env = dict(os.environ)
    for name, value in overrides:
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


_SERVER: _ForkServer | None = None
_SERVER_LOCK = threading.Lock()


def _fork_server() -> _ForkServer:
    global _SERVER
    with _SERVER_LOCK:
        if _SERVER is None or not _SERVER.alive():
            _SERVER = _ForkServer()
        return _SERVER


class _Process:
    """One running worker: its pipes and the bytes read from them."""

    def __init__(
        self,
        argv: list[str] | None,
        host: dict[str, Any] | None,
        *,
        cwd: Path | None,
        limits: Limits,
        env: tuple[tuple[str, str | None], ...] = (),
    ) -> None:
        self.host = host is not None
        child_in, self.stdin = os.pipe()
        stdout, child_out = os.pipe()
        self.stderr_fd, child_err = os.pipe()
        child_fds = [child_in, child_out, child_err]
        if self.host:
            # The host answers on a descriptor of its own (3), so that its stdout (fd 1)
            # is a pipe projeval only watches, for stray writes.
            self.responses, child_resp = os.pipe()
            child_fds.append(child_resp)
            self.stray_fd = stdout
        else:
            self.responses, self.stray_fd = stdout, -1
        request = {
            "op": "fork",
            "argv": argv,
            "host": host,
            "cwd": str(cwd) if cwd else None,
            "env": _environment(env),
            "memory": limits.max_memory_mb * 1024 * 1024,
        }
        try:
            self.server = _fork_server()
            reply = self.server.request(request, child_fds)
        except OSError as exc:
            reply = {"error": str(exc)}
        finally:
            for fd in child_fds:
                os.close(fd)
        if "error" in reply:
            for fd in (self.stdin, stdout, self.stderr_fd, self.responses):
                with contextlib.suppress(OSError):
                    os.close(fd)
            raise OSError(reply["error"])
        self.pid = int(reply["pid"])
        self.returncode: int | None = None
        #: Whether it answered a request yet: a program's ``hello`` line comes before.
        self.answered = False
        self.buffer = bytearray()
        self.stray = 0
        self.stderr: deque[bytes] = deque()
        self.stderr_size = 0
        self.selector = selectors.DefaultSelector()
        for fd in (self.responses, self.stray_fd, self.stderr_fd):
            if fd >= 0:
                os.set_blocking(fd, False)
                self.selector.register(fd, selectors.EVENT_READ)
        os.set_blocking(self.stdin, False)
        #: The descriptors still open (the finalizer closes them): one closed early leaves the
        #: list, or a second close could close what another thread opened since.
        self._fds = sorted({self.stdin, self.responses, self.stray_fd, self.stderr_fd} - {-1})
        self._finalizer = weakref.finalize(self, _kill, self.pid, self._fds)

    def send(self, data: bytes) -> None:
        view = memoryview(data)
        try:
            while view:
                try:
                    view = view[os.write(self.stdin, view) :]
                except BlockingIOError:  # the worker is busy reading: wait for room
                    select.select([], [self.stdin], [], 1.0)
        except OSError:
            raise _Died() from None

    def io(self, outgoing: bytearray, timeout: float) -> bool:
        """Write what ``outgoing`` holds as the pipe takes it, and read what is ready,
        until something was read; False once the worker is gone.

        Writing and reading together: a worker answering a batch of requests fills
        its response pipe, and must be read while projeval still writes. What the pipe
        takes is written at once; only the rest waits for room.
        """
        if outgoing:
            try:
                del outgoing[: os.write(self.stdin, outgoing)]
            except BlockingIOError:
                pass
            except OSError:
                return False
        writing = bool(outgoing)
        if writing:
            self.selector.register(self.stdin, selectors.EVENT_WRITE)
        try:
            ready = self.selector.select(timeout)
        finally:
            if writing:
                self.selector.unregister(self.stdin)
        alive = True
        for key, _ in ready:
            if key.fd == self.stdin:
                try:
                    del outgoing[: os.write(self.stdin, outgoing)]
                except BlockingIOError:
                    pass
                except OSError:
                    alive = False
            else:
                alive = self._read_from(key.fd) and alive
        return alive

    def take_line(self) -> bytes | None:
        """A complete response line, if one has arrived."""
        end = self.buffer.find(b"\n")
        if end < 0:
            return None
        line = bytes(self.buffer[:end])
        del self.buffer[: end + 1]
        return line

    def read_line(self, deadline: float, cap: int) -> bytes:
        """The next response line; raises ``_TimedOut``, ``_Died`` or ``_TooLong``."""
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[: end + 1]
                return line
            if len(self.buffer) > cap:
                raise _TooLong()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _TimedOut()
            if not self._pump(remaining):
                raise _Died()

    def drain(self) -> None:
        """Read what the worker wrote to its stdout and stderr so far, without waiting."""
        self._pump(0)

    def _pump(self, timeout: float) -> bool:
        """Read what is ready; False once the response pipe is closed."""
        alive = True
        for key, _ in self.selector.select(timeout):
            alive = self._read_from(key.fd) and alive
        return alive

    def _read_from(self, fd: int) -> bool:
        try:
            data = os.read(fd, 1 << 20)
        except BlockingIOError:
            return True
        if not data:
            self.selector.unregister(fd)
            return fd != self.responses
        if fd == self.responses:
            self.buffer += data
        elif fd == self.stray_fd:
            self.stray += len(data)
        else:
            self.stderr.append(data)
            self.stderr_size += len(data)
            while self.stderr_size - len(self.stderr[0]) > _STDERR_TAIL:
                self.stderr_size -= len(self.stderr.popleft())
        return True

    def stderr_tail(self) -> str:
        text = b"".join(self.stderr)[-_STDERR_TAIL:].decode("utf-8", "replace").strip()
        return text.splitlines()[-1][:300] if text else ""

    def stop(self, graceful: bool) -> int:
        """End the worker (and its process group); its exit code (negative: a signal)."""
        if self.returncode is not None:
            return self.returncode
        if not graceful:
            _killpg(self.pid)
        if self.stdin in self._fds:
            self._fds.remove(self.stdin)
            with contextlib.suppress(OSError):
                os.close(self.stdin)  # a program that reads to the end exits now
        try:
            # The fork server kills it after the grace time, and reaps it.
            reply = self.server.request({"op": "wait", "pid": self.pid, "grace": 1.0})
            self.returncode = int(reply["status"])
        except OSError:
            self.returncode = -signal.SIGKILL
        self._finalizer()
        return self.returncode


def _killpg(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def _kill(pid: int, fds: list[int]) -> None:
    _killpg(pid)
    while fds:
        with contextlib.suppress(OSError):
            os.close(fds.pop())


class WorkerRunner:
    """Calls one projection in its worker process: the :class:`~projeval.projections.Runner`.

    ``calls`` counts the calls, ``spent`` the seconds they took (the budget),
    ``printed`` the characters a Python projection printed (dropped, as before);
    ``sent`` and ``received`` count the bytes of the requests and of the answers.
    """

    #: The worker gets copies of its inputs: it cannot change projeval's (lineage skips
    #: its own copies and checks; the host reports a projection that changes its copy).
    isolated = True

    def __init__(
        self,
        name: str,
        argv: list[str] | None = None,
        *,
        limits: Limits,
        cwd: Path | None = None,
        host: dict[str, Any] | None = None,
        digest: str = "",
        env: tuple[tuple[str, str | None], ...] = (),
    ) -> None:
        """Run ``argv`` (a ``command:`` program) or, with ``host``, a Python projection;
        ``env`` sets (a string) or unsets (``None``) variables of projeval's environment."""
        self.name = name
        self.argv = argv
        self.env = env
        self.limits = limits
        self.cwd = cwd
        self.host = host
        self.digest = digest
        self.calls = 0
        self.spent = 0.0
        self.printed = 0
        self.starts = 0
        self.sent = 0
        self.received = 0
        self._process: _Process | None = None
        self._launched: tuple[_Process | ProjectionFault, float] | None = None
        self._next_id = 0
        self._edits = False
        self._base: Any = None
        self._base_text = b""
        self._reference: tuple[Any, int] | None = None
        self._lock = threading.Lock()
        self._line_size = 0

    # -- the Runner protocol ---------------------------------------------------------

    def __call__(self, raw: Any, serialise: bool = True) -> tuple[Any, str]:
        """Run the projection once on ``raw``; ``(output, canonical text)`` or a fault."""
        with self._lock:
            self.calls += 1
        output = self.call(raw, verify=serialise)
        return output, (canonical(output) if serialise else "")

    def call(self, raw: Any, *, verify: bool = False) -> Any:
        """The output for ``raw``, or raise :class:`ProjectionFault`."""
        left = self.limits.budget - self.spent
        if left <= 0:
            raise self._budget_fault()
        started = time.monotonic()
        try:
            process = self._process or self._start(
                min(max(self.limits.timeout, STARTUP_TIMEOUT), left)
            )
            limit = min(
                self.limits.timeout, self.limits.budget - self.spent - (time.monotonic() - started)
            )
            return self._exchange(process, raw, verify, limit)
        finally:
            self.spent += time.monotonic() - started

    def close(self) -> None:
        """Stop the worker (it starts again on the next call)."""
        if self._process is not None:
            self._process.stop(graceful=True)
            self._process = None

    # -- starting -----------------------------------------------------------------------

    def launch(self) -> None:
        """Start the worker's process without waiting for it (:func:`launch_runner`).

        It imports the projection (a program boots) while projeval works on other
        projections; :meth:`start` then waits for it to be ready. A process that cannot
        be made is reported by :meth:`start`.
        """
        if self._process is None and self._launched is None:
            try:
                self._launched = (self._spawn(), time.monotonic())
            except ProjectionFault as fault:
                self._launched = (fault, time.monotonic())

    def start(self) -> None:
        """Start the worker now (scoring does, to report a load error before any call)."""
        if self._process is None:
            started = time.monotonic()
            try:
                self._start(min(max(self.limits.timeout, STARTUP_TIMEOUT), self.limits.budget))
            finally:
                self.spent += time.monotonic() - started

    def _spawn(self) -> _Process:
        try:
            return _Process(self.argv, self.host, cwd=self.cwd, limits=self.limits, env=self.env)
        except OSError as exc:
            raise ProjectionFault("exit", f"could not be started: {exc.strerror or exc}") from None

    def _start(self, limit: float) -> _Process:
        launched, self._launched = self._launched, None
        if launched is None:
            process, begun = self._spawn(), time.monotonic()
        else:
            made, begun = launched  # its start-up time runs from its launch
            if isinstance(made, ProjectionFault):
                raise made
            process = made
        self.starts += 1
        self._base, self._base_text, self._reference = None, b"", None
        if not self.host:
            self._edits = False  # until the program's hello says it takes edits
        if self.host:
            ready = self._read(process, begun + limit, "while starting")
            if not ready.get("ready"):
                process.stop(graceful=False)
                raise _LoadFailed(str(ready.get("error", "")), str(ready.get("fix", "")))
            self._edits = bool(ready.get("edits"))
            self.digest = str(ready.get("digest", self.digest))
        self._process = process
        return process

    # -- one exchange ----------------------------------------------------------------------

    def _exchange(self, process: _Process, raw: Any, verify: bool, limit: float) -> Any:
        rid, message, base = self._message(raw, verify)
        deadline = time.monotonic() + max(limit, 0.0)
        budget_bound = limit < self.limits.timeout
        try:
            process.send(message)
        except _Died:
            raise self._death(process, "") from None
        response = self._read(process, deadline, "", budget_bound=budget_bound)
        if response.get("id") != rid:
            self._discard(process)
            raise ProjectionFault(
                "protocol", f"answered id {response.get('id')!r} to request {rid}"
            )
        return self._decode(process, response, base)

    def _decode(
        self, process: _Process, response: dict[str, Any], base: bool, *, drain: bool = True
    ) -> Any:
        """The output a response carries, or the fault it reports (or that came with it).

        ``drain=False``: what the worker wrote outside the protocol was read just now (a
        batch reads it with the answers, and drains once at its end).
        """
        if drain:
            process.drain()
        if self.host:
            self.printed += int(response.get("printed") or 0)
        self._check_stray(process)
        if "error" in response:
            kind = str(response.get("fault") or "raised") if self.host else "raised"
            fault = ProjectionFault(kind, str(response["error"]))
            if fault.fatal:
                self._discard(process)
            raise fault
        if "output_edits" in response and self._reference is not None:
            # Built on the base's output, sharing its unchanged branches: lineage
            # compares the two in a few steps. Its size: the base's and the edits'.
            output = self._reference[0]
            for path, value in response["output_edits"]:
                output = set_in(output, path, value)
            size = self._reference[1] + self._line_size
            if size > self.limits.max_output_bytes:
                self._discard(process)
                raise self._too_large(size, "about")
            return output
        if "output" not in response:
            self._discard(process)
            raise ProjectionFault("protocol", "answered with neither 'output' nor 'error'")
        if base:
            self._reference = (response["output"], self._line_size)
        return response["output"]

    def _check_stray(self, process: _Process) -> None:
        if process.stray:
            count = process.stray
            self._discard(process)
            raise ProjectionFault(
                "stray-output",
                f"wrote {count:,} bytes to its standard output (descriptor 1) outside the protocol",
            )

    # -- a batch in one round trip ----------------------------------------------------------

    def call_many(self, inputs: Sequence[Any]) -> list[Any]:
        """Each input's output or non-fatal fault, in order; raises a fatal fault.

        The :class:`~projeval.projections.BatchRunner` method: the requests are written
        back to back (as the pipe takes them) and the answers read as they come, so a
        batch costs one round trip, not one per input. Each call keeps its time limit,
        counted from the answer before it; the suite's budget bounds them all.
        """
        if not inputs:
            return []
        left = self.limits.budget - self.spent
        if left <= 0:
            raise self._budget_fault()
        started = time.monotonic()
        try:
            process = self._process or self._start(
                min(max(self.limits.timeout, STARTUP_TIMEOUT), left)
            )
            return self._batch(process, inputs, started + left)
        finally:
            self.spent += time.monotonic() - started

    def _batch(self, process: _Process, inputs: Sequence[Any], budget_end: float) -> list[Any]:
        places: dict[Any, int] = {}  # request id -> its input's place
        chunks = []
        for place, raw in enumerate(inputs):
            rid, message, _base = self._message(raw, False)
            places[rid] = place
            chunks.append(message)
        outgoing = bytearray(b"".join(chunks))
        results: list[Any] = [None] * len(inputs)
        cap = self.limits.max_output_bytes + 4096
        timeout = self.limits.timeout
        last = time.monotonic()  # the worker could start on the oldest open call from here
        while True:
            line = process.take_line()
            while line is not None:
                last = time.monotonic()
                self.calls += 1
                response = self._parse(process, line)
                if self._hello(process, response):  # a new program's first line: no answer
                    self.calls -= 1
                    line = process.take_line()
                    continue
                place = places.pop(response.get("id"), -1)
                if place < 0:
                    self._discard(process)
                    raise ProjectionFault(
                        "protocol", f"answered id {response.get('id')!r}, never asked"
                    )
                try:
                    results[place] = self._decode(process, response, False, drain=False)
                except ProjectionFault as fault:
                    if fault.fatal:
                        raise
                    results[place] = fault
                if not places:
                    process.drain()
                    self._check_stray(process)
                    return results
                line = process.take_line()
            self._check_stray(process)
            deadline = min(last + timeout, budget_end)
            remaining = deadline - time.monotonic()
            if remaining <= 0 or len(process.buffer) > cap:
                self.calls += 1  # the call that hung, or that answered too much
                self._discard(process)
                if remaining > 0:
                    raise self._too_large(len(process.buffer), "over")
                if deadline == budget_end:
                    raise self._budget_fault()
                raise ProjectionFault("timeout", f"did not return within {timeout:g} s")
            if not process.io(outgoing, remaining):
                self.calls += 1  # the call it died on
                raise self._death(process, "")

    def _message(self, raw: Any, verify: bool) -> tuple[int, bytes, bool]:
        """The request: the whole input, or (to projeval's host) edits of the last base.

        The base is the last input sent whole with ``verify`` (a fixture as given);
        an input that shares no branches with it is sent whole, and a baseline that
        equals it (lineage's second call, on a copy) is sent as no edits. Returns the
        request's id, its line, and whether it makes a new base.
        """
        self._next_id += 1
        rid = self._next_id
        is_base = False
        changes = edits(self._base, raw) if self._edits and self._base is not None else None
        text = b""
        if changes is None and self._edits and verify:
            text = orjson.dumps(raw) if self._base is not None else b""
            if text and text == self._base_text:
                changes = []
        if changes is not None:
            body: dict[str, Any] = {"id": rid, "edits": changes}
        else:
            body = {"id": rid, "input": raw}
            # A program's hello comes with its first answer, after the first fixture was
            # sent: marked as a base all the same, it is the one its edits refer to.
            if verify and (self._edits or not self.host):
                body["base"] = True
                is_base = True
                self._base = raw
                self._base_text = text or _dumps(raw)
                self._reference = None
        if verify and self.host:
            body["verify"] = True
        line = _dumps(body) + b"\n"
        self.sent += len(line)
        return rid, line, is_base

    def _read(
        self, process: _Process, deadline: float, when: str, *, budget_bound: bool = False
    ) -> dict[str, Any]:
        cap = self.limits.max_output_bytes + 4096
        while True:
            try:
                line = process.read_line(deadline, cap)
            except _TimedOut:
                self._discard(process)
                if budget_bound:
                    raise self._budget_fault() from None
                seconds = STARTUP_TIMEOUT if when else self.limits.timeout
                raise ProjectionFault(
                    "timeout", f"did not {'start' if when else 'return'} within {seconds:g} s"
                ) from None
            except _Died:
                raise self._death(process, when) from None
            except _TooLong:
                self._discard(process)
                raise self._too_large(len(process.buffer), "over") from None
            response = self._parse(process, line)
            if not self._hello(process, response):
                return response

    def _hello(self, process: _Process, response: dict[str, Any]) -> bool:
        """Whether ``response`` is a program's hello (what it takes, the README's
        ``edits`` extension), read here; the first answer after it ends the greeting."""
        if self.host or "hello" not in response or "id" in response:
            process.answered = True
            return False
        if process.answered:
            self._discard(process)
            raise ProjectionFault(
                "protocol", "wrote a hello line after an answer (a hello is the first line)"
            )
        hello = response["hello"]
        self._edits = isinstance(hello, dict) and hello.get("edits") is True
        return True

    def _parse(self, process: _Process, line: bytes) -> dict[str, Any]:
        self._line_size = len(line)
        self.received += len(line) + 1
        if len(line) > self.limits.max_output_bytes:
            self._discard(process)
            raise self._too_large(len(line), "")
        try:
            response = orjson.loads(line)
        except orjson.JSONDecodeError:
            self._discard(process)
            shown = line[:80].decode("utf-8", "replace")
            raise ProjectionFault(
                "protocol" if not self.host else "not-json",
                f"wrote a line that is not JSON: {shown!r}",
            ) from None
        if not isinstance(response, dict):
            self._discard(process)
            raise ProjectionFault("protocol", "wrote a JSON line that is not an object")
        return response

    # -- faults -------------------------------------------------------------------------

    def _discard(self, process: _Process) -> None:
        """Kill a worker whose state can no longer be trusted; the next call starts anew."""
        process.stop(graceful=False)
        if process is self._process:
            self._process = None

    def _death(self, process: _Process, when: str) -> ProjectionFault:
        process.drain()
        code = process.stop(graceful=False)
        if process is self._process:
            self._process = None
        tail = process.stderr_tail()
        said = f" (its last words: {tail})" if tail else ""
        where = f" {when}" if when else ""
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            if "MemoryError" in tail or "out of memory" in tail.lower():
                return ProjectionFault("memory", f"was killed by {name}{where}{said}")
            return ProjectionFault("signal", f"was killed by {name}{where}{said}")
        if "MemoryError" in tail or "out of memory" in tail.lower():
            return ProjectionFault("memory", f"ran out of memory{where}{said}")
        return ProjectionFault("exit", f"exited with status {code}{where}{said}")

    def _budget_fault(self) -> ProjectionFault:
        return ProjectionFault(
            "budget",
            f"used up its time budget of {self.limits.budget:g} s for the suite "
            f"after {self.calls:,} calls",
        )

    def _too_large(self, size: int, over: str) -> ProjectionFault:
        return ProjectionFault(
            "too-large",
            f"returned {over + ' ' if over else ''}{size:,} bytes, over the limit of "
            f"{self.limits.max_output_bytes:,}",
        )


def _dumps(value: Any) -> bytes:
    try:
        return orjson.dumps(value)
    except TypeError:  # ints beyond 64 bits: the standard encoder writes them
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


class _LoadFailed(Exception):
    def __init__(self, reason: str, fix: str) -> None:
        self.reason, self.fix = reason, fix


# -- starting a suite's projections --------------------------------------------------------


def start_runner(spec: ProjectionSpec, suite: Suite, limits: Limits) -> Runner:
    """Start the worker for one of the suite's projections (Python, ``command:`` or ``mcp:``).

    Raises :class:`~projeval.errors.ProjectionLoadError` when the projection cannot
    be imported or started, and :class:`ProjectionFault` when it dies or hangs while
    starting (an ``os._exit`` at import time).
    """
    return launch_runner(spec, suite, limits).start()


def launch_runner(spec: ProjectionSpec, suite: Suite, limits: Limits) -> PendingRunner:
    """Launch the worker of one of the suite's projections; ``.start()`` waits for it.

    Scoring launches every projection's worker of a suite at once: each imports its
    projection (a program boots) while projeval scores the ones before it. What
    :func:`start_runner` would raise, ``.start()`` raises.
    """
    return PendingRunner(spec, suite, limits)


class PendingRunner:
    """A projection's worker on its way up (:func:`launch_runner`)."""

    def __init__(self, spec: ProjectionSpec, suite: Suite, limits: Limits) -> None:
        self.spec, self.suite, self.limits = spec, suite, limits
        self._runner: WorkerRunner | None = None
        self._error: ProjectionLoadError | None = None
        self._mcp: Future[Runner] | None = None
        if spec.mcp is not None:
            # Its own module starts it (importing the MCP SDK, initialising the session),
            # in a thread of its own: the server boots while the others score.
            self._mcp = Future()
            threading.Thread(
                target=self._start_mcp, name=f"projeval-start-{spec.name}", daemon=True
            ).start()
            return
        try:
            self._runner = (
                _command_runner(spec, suite, limits)
                if spec.command
                else _host_runner(spec, suite, limits)
            )
        except ProjectionLoadError as exc:
            self._error = exc
            return
        self._runner.launch()

    def _start_mcp(self) -> None:
        from .mcp_projection import start_mcp_runner  # the MCP SDK only for suites that use it

        assert self._mcp is not None
        try:
            self._mcp.set_result(start_mcp_runner(self.spec, self.suite, self.limits))
        except BaseException as exc:
            self._mcp.set_exception(exc)

    def start(self) -> Runner:
        """The started runner, or raise what :func:`start_runner` raises."""
        spec, suite = self.spec, self.suite
        if self._error is not None:
            raise self._error
        if self._mcp is not None:
            return self._mcp.result()  # what starting it raised, raised here
        runner = self._runner
        assert runner is not None
        try:
            runner.start()
        except _LoadFailed as exc:
            raise _load_error(spec, suite, exc.reason, exc.fix) from None
        except ProjectionFault as fault:
            if spec.command is None:
                raise
            raise _load_error(
                spec, suite, fault.message + ".", "check the command; it runs in the suite's folder"
            ) from None
        return runner


def _host_runner(spec: ProjectionSpec, suite: Suite, limits: Limits) -> WorkerRunner:
    target = spec.target
    module_part, _, func_name = target.rpartition(":")
    host_spec: dict[str, Any] = {"function": func_name, "root": str(suite.root.resolve())}
    if module_part.endswith(".py"):
        file = (suite.path.parent / module_part).resolve()
        if not file.is_file():
            raise _load_error(
                spec, suite, f"no file {file}.", "check the path, relative to the suite file"
            )
        host_spec["file"] = str(file)
    else:
        host_spec["module"] = module_part
    return WorkerRunner(spec.name, limits=limits, host=host_spec)


def _command_runner(spec: ProjectionSpec, suite: Suite, limits: Limits) -> WorkerRunner:
    assert spec.command is not None
    cwd = suite.path.parent.resolve()
    argv = list(spec.command)
    # What it runs with is part of what it is: a program's env: joins its command.
    identity = shlex.join(argv).encode() + (repr(spec.env).encode() if spec.env else b"")
    digest = program_digest(identity, argv, cwd)
    return WorkerRunner(spec.name, argv, limits=limits, cwd=cwd, digest=digest, env=spec.env)


def _load_error(spec: ProjectionSpec, suite: Suite, reason: str, fix: str) -> ProjectionLoadError:
    what = "cannot be started" if spec.command else "cannot be imported"
    return ProjectionLoadError(
        f"suite {suite.name!r}: projection {spec.name!r} ({spec.target}) {what}: {reason}",
        fix=fix,
        file=suite.path,
        position=spec.position,
    )
