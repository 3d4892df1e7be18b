"""The worker process that hosts one Python projection (run as a script, stdlib only).

projeval starts ``python .../_worker.py FD`` once, as a fork server
(:func:`serve`), and forks a worker from it per projection and suite
(:mod:`projeval.workers`). A worker imports the projection, then answers the JSON
Lines protocol the README documents: one request per line on stdin, one response
per line on descriptor 3.

It is run as a file, not as ``-m projeval._worker``, so that nothing of projeval is
imported beside the user's code, and it never imports projeval: the projection sees a
plain interpreter with the user's environment. Whatever the projection does that a
shared process could not survive is turned into a fault with a kind, so that the
parent can tell the user: ``exit`` (``sys.exit`` or ``SystemExit``), ``memory``
(``MemoryError`` under the rlimit), ``chdir``, ``threads`` (a thread left running),
``patched`` (a shared module's attribute replaced), ``not-json``,
``mutates-input``. Anything the projection writes to ``sys.stdout``/``sys.stderr``
is counted and dropped; its descriptors 1 and 2 are pipes the parent watches, never
projeval's own output.
"""

from __future__ import annotations

import builtins
import contextlib
import hashlib
import importlib
import importlib.util
import inspect
import io
import json
import json.decoder
import json.encoder
import operator
import os
import sys
import time
from pathlib import Path
from typing import Any

# orjson (fast on large fixtures) reads the requests and writes the outputs of most
# calls. The baseline calls (``verify``) write with the standard encoder, which refuses
# all that is not JSON (NaN, a UUID, an Enum) where orjson would write something; the
# types orjson is told to pass through (dataclasses, datetimes, subclasses of str, dict,
# ...) fall back to it on every call.
try:
    import orjson

    _loads: Any = orjson.loads
    _FAST_OPTIONS = (
        orjson.OPT_PASSTHROUGH_DATACLASS
        | orjson.OPT_PASSTHROUGH_DATETIME
        | orjson.OPT_PASSTHROUGH_SUBCLASS
    )

    def _fast_dumps(value: Any) -> bytes:
        try:
            return orjson.dumps(value, option=_FAST_OPTIONS)
        except TypeError:  # not JSON to orjson, or beyond it (big ints): the standard way
            return _json_dumps(value).encode()

except ImportError:  # pragma: no cover - projeval always installs orjson
    _loads = json.loads

    def _fast_dumps(value: Any) -> bytes:
        return _json_dumps(value).encode()


# Taken before the projection is imported, so that its monkeypatching cannot reach the
# protocol (the check below reports it, too).
_json_dumps = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode
_write = os.write
_read = os.read
_getcwd = os.getcwd
_monotonic = time.monotonic

#: Answers to a batch of requests are written together, at most this many seconds after
#: the first of them was ready (and at once when no request waits): projeval is woken once
#: per handful of answers, not once per call. A call's time limit, which projeval counts
#: from the answer before it, is therefore counted at most this much early.
HOLD = 0.005

#: Modules whose attributes a projection must leave alone: it shares them with every
#: library in its process (projeval's own, when it ran in-process).
_WATCHED = (json, json.encoder, json.decoder, builtins, os, time)


class _Sink(io.TextIOBase):
    """Stands in for ``sys.stdout``/``sys.stderr``: counts what is printed, keeps none."""

    def __init__(self) -> None:
        self.count = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.count += len(text)
        return len(text)


def _snapshot() -> list[tuple[tuple[str, ...], tuple[Any, ...]]]:
    return [(tuple(vars(m)), tuple(vars(m).values())) for m in _WATCHED]


def _patched(before: list[tuple[tuple[str, ...], tuple[Any, ...]]]) -> list[str]:
    """Names whose value changed since ``before`` (by identity: a cheap check per call)."""
    out: list[str] = []
    for module, (names, values) in zip(_WATCHED, before, strict=True):
        now = vars(module)
        if len(now) == len(values) and all(map(operator.is_, now.values(), values)):
            continue
        was = dict(zip(names, values, strict=True))
        changed = {k for k, v in now.items() if was.get(k, _MISSING) is not v}
        changed |= set(was) - set(now)
        out += sorted(f"{module.__name__}.{k}" for k in changed if k != "__warningregistry__")
    return out


_MISSING = object()


def _threads() -> int:
    try:  # a task folder's link count is its threads + 2: one stat, all threads counted
        return os.stat("/proc/self/task").st_nlink
    except OSError:  # not Linux: the threads Python knows of
        import threading

        return threading.active_count()


def _load(spec: dict[str, Any]) -> Any:
    """Import the projection; raise ``_LoadError(reason, fix)`` when it cannot be."""
    func_name = spec["function"]
    module_part = spec.get("module") or spec["file"]
    try:
        if spec.get("file"):
            file = Path(spec["file"])
            key = hashlib.sha1(str(file).encode()).hexdigest()[:16]
            mspec = importlib.util.spec_from_file_location("projeval_user_" + key, file)
            if mspec is None or mspec.loader is None:
                raise _LoadError(f"cannot import {file}.", "name a Python file")
            module = importlib.util.module_from_spec(mspec)
            sys.modules[mspec.name] = module
            mspec.loader.exec_module(module)
        else:
            module = importlib.import_module(spec["module"])
    except _LoadError:
        raise
    except ModuleNotFoundError as exc:
        raise _LoadError(
            f"ModuleNotFoundError: {exc}.",
            f"make {module_part!r} importable from {spec['root']} or use "
            f"'path/to/file.py:{func_name}'",
        ) from None
    except SyntaxError as exc:
        raise _LoadError(
            f"SyntaxError: {exc.msg} ({exc.filename}, line {exc.lineno}).",
            "correct the syntax error in the projection's module",
        ) from None
    except Exception as exc:
        raise _LoadError(
            f"{type(exc).__name__}: {exc}.", "the module raised while being imported; fix it"
        ) from None
    func = getattr(module, func_name, None)
    if func is None:
        names = sorted(n for n, v in vars(module).items() if callable(v) and not n.startswith("_"))
        raise _LoadError(
            f"the module has no attribute {func_name!r}.",
            f"use one of: {', '.join(names[:8]) or '(no callables)'}",
        )
    if not callable(func):
        raise _LoadError(
            f"{func_name!r} is not callable.", "name a function that takes the raw response"
        )
    return func


class _LoadError(Exception):
    def __init__(self, reason: str, fix: str) -> None:
        self.reason, self.fix = reason, fix


def source_digest(func: Any) -> str:
    """Digest of the code ``func`` runs, so a trend can see that this projection changed.

    It covers the function's own source and, transitively, the source of the
    functions and classes of its module that it names, and the values of the
    module-level constants it names. Adding or editing another projection of
    the same module leaves it alone; editing a helper it calls does not.
    """
    parts: list[str] = []
    _collect_source(func, parts, set())
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]


def _collect_source(obj: Any, parts: list[str], seen: set[int]) -> None:
    if inspect.ismethod(obj):
        obj = obj.__func__
    elif not (inspect.isfunction(obj) or inspect.isclass(obj)) and callable(obj):
        obj = type(obj)  # a callable instance: its class holds the code
    if id(obj) in seen:
        return
    seen.add(id(obj))
    try:
        parts.append(inspect.getsource(obj))
    except (TypeError, OSError):
        # No source to read (a builtin, code made by exec): its name is stable, its repr is not.
        parts.append(f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', '')}")
        return
    module = getattr(obj, "__module__", None)
    for name, value in _named_globals(obj):
        if inspect.isfunction(value) or inspect.isclass(value):
            if getattr(value, "__module__", None) == module:
                _collect_source(value, parts, seen)
        elif isinstance(value, set | frozenset):
            parts.append(f"{name}={sorted(map(repr, value))}")  # set order varies per process
        elif isinstance(value, str | bytes | int | float | bool | tuple | list | dict):
            parts.append(f"{name}={value!r}")


def _named_globals(obj: Any) -> list[tuple[str, Any]]:
    """The module-level names the code of a function (or of a class's methods) refers to."""
    functions = [obj] if inspect.isfunction(obj) else []
    if inspect.isclass(obj):
        for member in vars(obj).values():
            member = getattr(member, "__func__", member)  # staticmethod, classmethod
            if inspect.isfunction(member):
                functions.append(member)
    found: dict[str, Any] = {}
    for function in functions:
        scope = function.__globals__
        codes = [function.__code__]
        while codes:
            code = codes.pop()
            codes.extend(c for c in code.co_consts if inspect.iscode(c))
            for name in code.co_names:
                if name in scope and name not in found:
                    found[name] = scope[name]
    return sorted(found.items(), key=lambda item: item[0])


#: Edits beyond this many, or a diff that looks at more nodes, send the whole value.
_MAX_EDITS = 16
_MAX_DIFF_NODES = 64


def set_in(value: Any, path: list[Any], new: Any) -> Any:
    """A copy of ``value`` with ``new`` at ``path``, sharing every branch off the path."""
    if not path:
        return new
    head = path[0]
    out: Any = dict(value) if isinstance(value, dict) else list(value)
    out[head] = set_in(value[head], path[1:], new)
    return out


def edits(old: Any, new: Any) -> list[list[Any]] | None:
    """``[[path, value], ...]`` that turn ``old`` into ``new``, or None when not worth it.

    Lineage builds each perturbed input by copying only the path to one leaf, so two
    of them differ in a few branches, found by identity (at C speed, with
    ``operator.is_``) without looking into the rest; the outputs of many projections
    share branches with their input in the same way. Values that share no branches
    (two deep copies) give up after a few nodes, and are sent whole. Used on both
    sides: projeval sends inputs as edits, the host answers with output edits.
    """
    out: list[list[Any]] = []
    visited = 0

    def walk(a: Any, b: Any, path: list[Any]) -> bool:
        nonlocal visited
        visited += 1
        if visited > _MAX_DIFF_NODES:
            return False
        kind = type(b)
        if type(a) is kind and (kind is dict or kind is list) and len(a) == len(b):
            if kind is dict:
                if list(a) != list(b):
                    out.append([path, b])
                    return len(out) <= _MAX_EDITS
                keys, av, bv = list(b), list(a.values()), list(b.values())
            else:
                keys, av, bv = list(range(len(b))), a, b
            same = list(map(operator.is_, av, bv))
            start = 0
            while True:
                try:
                    i = same.index(False, start)
                except ValueError:
                    return True
                if not walk(av[i], bv[i], [*path, keys[i]]):
                    return False
                start = i + 1
        if type(a) is kind and kind is not dict and kind is not list and a == b:
            return True
        out.append([path, b])
        return len(out) <= _MAX_EDITS

    if old is new:
        return []
    return out if walk(old, new, []) else None


#: An output diff that looks at more children than this sends the whole output.
_MAX_OUTPUT_NODES = 4096


def output_edits(old: Any, new: Any, known: dict[int, bytes]) -> list[list[Any]] | None:
    """``[[path, value], ...]`` that turn the base's output ``old`` into ``new``, or None.

    Unlike :func:`edits`, by value: most projections build a new output on every call
    (a list comprehension, a dict per item), so nothing is shared with the base's output
    but its scalars. A branch counts as unchanged only when it is written as the same
    JSON bytes (so ``1``, ``1.0`` and ``True``, or two key orders, differ), which is
    exactly what projeval would read if the output were sent whole. ``known`` keeps the
    bytes of ``old``'s branches (keyed by ``id``, ``old`` alive) from call to call.
    Comparing costs a few C-speed passes over the output here; sending it whole cost
    projeval a parse of all of it, per call.
    """
    out: list[list[Any]] = []
    visited = 0

    def same(a: Any, b: Any) -> bool:
        if type(a) is not type(b) or a != b:
            return False
        try:
            if type(a) is dict or type(a) is list:
                cached = known.get(id(a))
                if cached is None:
                    cached = known[id(a)] = _fast_dumps(a)
                return _fast_dumps(b) == cached
            return _fast_dumps(a) == _fast_dumps(b)
        except (TypeError, ValueError, RecursionError):  # not JSON: sent, and judged, as is
            return False

    def walk(a: Any, b: Any, path: list[Any]) -> bool:
        nonlocal visited
        kind = type(b)
        if type(a) is kind and (kind is dict or kind is list) and len(a) == len(b):
            if kind is dict:
                if list(a) != list(b):
                    out.append([path, b])
                    return len(out) <= _MAX_EDITS
                keys, av, bv = list(b), list(a.values()), list(b.values())
            else:
                keys, av, bv = list(range(len(b))), a, b
            shared = list(map(operator.is_, av, bv))
            start = 0
            while True:
                try:
                    i = shared.index(False, start)
                except ValueError:
                    return True
                visited += 1
                if visited > _MAX_OUTPUT_NODES:
                    return False
                if not same(av[i], bv[i]) and not walk(av[i], bv[i], [*path, keys[i]]):
                    return False
                start = i + 1
        out.append([path, b])
        return len(out) <= _MAX_EDITS

    if old is new or same(old, new):
        return []
    return out if walk(old, new, []) else None


class _Host:
    def __init__(self, func: Any, out_fd: int, sink: _Sink) -> None:
        self.func = func
        self.out_fd = out_fd
        self.sink = sink
        self.cwd = _getcwd()
        self.threads = _threads()
        self.modules = _snapshot()
        self.base: Any = None
        self.base_bytes = b""
        self.reference: Any = _MISSING  # the output for the base: outputs are sent as edits
        self.known: dict[int, bytes] = {}  # the reference's branches as JSON (output_edits)
        self.pending = bytearray()  # answers not yet written (HOLD)
        self.flushed = 0.0  # when projeval last had every answer

    def send(self, message: dict[str, Any], strict: bool = True) -> None:
        """Queue one answer (a ``flush`` writes it)."""
        self.pending += (_json_dumps(message).encode() if strict else _fast_dumps(message)) + b"\n"

    def flush(self) -> None:
        view = memoryview(self.pending)
        while view:
            view = view[_write(self.out_fd, view) :]
        view.release()
        self.pending.clear()
        self.flushed = _monotonic()

    def answer(self, request: dict[str, Any], line: bytes) -> dict[str, Any]:
        rid = request.get("id")
        derived = "edits" in request
        if request.get("verify") and self.base_bytes and _fast_dumps(self.base) != self.base_bytes:
            # The edits of the last fixture's perturbations share the base's branches.
            return _fault(rid, "mutates-input", "changed a perturbed raw response it was given")
        if derived:
            raw = self.base
            for path, value in request["edits"]:
                raw = set_in(raw, path, value)
        else:
            raw = request["input"]
            if request.get("base"):
                # The projection gets the base itself, so that its output shares the
                # base's branches as the outputs of the edits will. A base is always a
                # verified call: if the projection changes it, that is a fault.
                self.base = raw
                self.base_bytes = _fast_dumps(raw)
                self.reference = _MISSING
                self.known = {}
        before = _json_dumps(raw) if request.get("verify") else None
        printed = self.sink.count
        try:
            output = self.func(raw)
        except SystemExit as exc:
            return _fault(rid, "exit", f"called sys.exit({exc.code!r})")
        except MemoryError:
            return _fault(rid, "memory", "ran out of memory (MemoryError under the limit)")
        except RecursionError:
            return _fault(rid, "raised", "RecursionError: maximum recursion depth exceeded")
        except Exception as exc:
            return _fault(rid, "raised", f"{type(exc).__name__}: {exc}")
        except BaseException as exc:  # KeyboardInterrupt, GeneratorExit, ...
            return _fault(rid, "exit", f"raised {type(exc).__name__}")
        problem = self.after_call()
        if problem is not None:
            return _fault(rid, *problem)
        if before is not None and _json_dumps(raw) != before:
            return _fault(rid, "mutates-input", "changed the raw response it was given")
        response: dict[str, Any] = {"id": rid, "printed": self.sink.count - printed}
        changes = (
            output_edits(self.reference, output, self.known)
            if derived and self.reference is not _MISSING
            else None
        )
        if changes is not None:
            response["output_edits"] = changes
        else:
            response["output"] = output
        if request.get("base"):
            self.reference = output
        return response

    def after_call(self) -> tuple[str, str] | None:
        """What the call left behind that a shared process would suffer from."""
        if _getcwd() != self.cwd:
            return "chdir", f"changed the working directory to {_getcwd()}"
        if _threads() > self.threads:
            time.sleep(0.02)  # a joined thread may take a moment to leave the task list
            left = _threads() - self.threads
            if left > 0:
                return "threads", f"left {left} thread(s) running after it returned"
        patched = _patched(self.modules)
        if patched:
            return "patched", f"replaced {', '.join(patched[:5])} (shared modules)"
        return None


def _fault(rid: Any, kind: str, message: str) -> dict[str, Any]:
    return {"id": rid, "error": message, "fault": kind}


def host(spec: dict[str, Any], out_fd: int) -> int:
    """Import the projection named by ``spec`` and answer requests until stdin ends."""
    # The script's folder (projeval's package) is no place to import the user's modules
    # from; their project root is.
    here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != here]
    if spec.get("root"):
        sys.path.insert(0, spec["root"])
    sink = _Sink()
    sys.stdout = sys.stderr = sink
    try:
        func = _load(spec)
    except _LoadError as exc:
        failed = _Host(None, out_fd, sink)
        failed.send({"ready": False, "error": exc.reason, "fix": exc.fix})
        failed.flush()
        return 0
    worker = _Host(func, out_fd, sink)
    worker.send({"ready": True, "digest": source_digest(func), "edits": True})
    worker.flush()
    incoming = bytearray()
    while True:
        end = incoming.find(b"\n")
        if end < 0:
            worker.flush()  # no request waits: projeval gets every answer now
            while end < 0:
                chunk = _read(0, 1 << 20)
                if not chunk:
                    return 0
                end = len(incoming) + chunk.find(b"\n") if b"\n" in chunk else -1
                incoming += chunk
            worker.flushed = _monotonic()  # projeval starts the calls' clocks about now
        line = bytes(incoming[: end + 1])
        del incoming[: end + 1]
        request = _loads(line)
        rid = request.get("id")
        response = worker.answer(request, line)
        try:
            worker.send(response, strict=bool(request.get("verify")))
        except (TypeError, ValueError) as exc:
            what = response.get("output", response.get("output_edits"))
            worker.send(_fault(rid, "not-json", _not_json(what, exc)))
        except RecursionError:
            worker.send(_fault(rid, "not-json", "returned a value nested too deeply to serialise"))
        if _monotonic() - worker.flushed > HOLD:
            worker.flush()


# -- the fork server -------------------------------------------------------------------
#
# Starting an interpreter costs tens of milliseconds (more with many .pth files); a
# suite has several projections, and a worker that died is started again. So projeval
# starts this file once as a fork server, and each worker is a fork of it: a process
# with nothing imported but the standard library and orjson, made in a millisecond.
# The server is single-threaded, so a fork is safe; ``command:`` programs are forked
# and exec'd from it too, so that every worker is made the same way.


def serve(sock_fd: int) -> int:
    """Fork a worker per request on the control socket; reap them; exit at EOF."""
    import signal
    import socket

    global _PRCTL
    _PRCTL = _libc_prctl()  # looked up once, here, not in every fork
    sock = socket.socket(fileno=sock_fd)
    children: set[int] = set()
    statuses: dict[int, int] = {}
    while True:
        try:
            data, fds, _flags, _addr = socket.recv_fds(sock, 1 << 20, 8)
        except OSError:
            data = b""
        if not data:  # projeval is gone: so are its workers
            for pid in children:
                _killpg(pid, signal.SIGKILL)
            return 0
        request = json.loads(data)
        if request["op"] == "fork":
            reply = _fork(request, fds, sock, children)
        else:
            reply = {"status": _wait(int(request["pid"]), float(request["grace"]), statuses)}
            children.discard(int(request["pid"]))
        for fd in fds:
            os.close(fd)
        sock.send(json.dumps(reply).encode())


def _killpg(pid: int, sig: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(pid, sig)


def _wait(pid: int, grace: float, statuses: dict[int, int]) -> int:
    """The worker's exit code (negative: the signal), killing it after ``grace`` s."""
    import signal

    end = time.monotonic() + grace
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() >= end:
            _killpg(pid, signal.SIGKILL)
            return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        time.sleep(0.002)


def _fork(request: dict[str, Any], fds: list[int], sock: Any, children: set[int]) -> dict:
    import shutil

    argv = request.get("argv")
    cwd = request.get("cwd") or _getcwd()
    if argv:
        program = argv[0] if "/" not in argv[0] else str(Path(cwd, argv[0]))
        found = shutil.which(program, path=request["env"].get("PATH"))
        if found is None:
            return {"error": f"no program {argv[0]!r} (not found on PATH or in {cwd})"}
        argv = [found, *argv[1:]]
    pid = os.fork()
    if pid:
        children.add(pid)
        return {"pid": pid}
    try:  # the worker: never returns
        os.setsid()  # a group of its own: one kill ends it and what it started
        sock.close()
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
        os.closerange(len(fds), 1 << 16)
        _limit(int(request["memory"]))
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(request["env"])
        if argv:
            os.execve(argv[0], argv, request["env"])
        os._exit(host(request["host"], 3))
    except BaseException:
        os._exit(127)


def _limit(memory: int) -> None:
    import resource
    import signal

    if memory > 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    if _PRCTL is not None:  # die with the fork server (which dies with projeval)
        _PRCTL(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _libc_prctl() -> Any:
    import ctypes
    import ctypes.util

    try:
        return ctypes.CDLL(ctypes.util.find_library("c")).prctl
    except (OSError, AttributeError, TypeError):  # not Linux
        return None


_PRCTL: Any = None


def _not_json(output: Any, exc: Exception) -> str:
    return f"returned {type(output).__name__} that is not JSON-serialisable ({exc})"


if __name__ == "__main__":
    sys.exit(serve(int(sys.argv[1])))
