"""Candidate projections: importing them and calling them safely.

A projection is any Python callable that takes the raw response and returns
what the model reads (a dict, a list or a string). projeval imports it from
``module:function`` or ``path/to/file.py:function`` and calls it many times
while inferring lineage. Whatever the projection does (raise, hang, print,
return something huge or unserialisable, mutate its input) becomes a
:class:`ProjectionFault` for that projection alone.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import inspect
import io
import json
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._json import has_lone_surrogate
from .errors import ProjectionLoadError
from .suites import ProjectionSpec, Suite

#: Default limit on one projection call, in seconds.
DEFAULT_TIMEOUT = 10.0
#: Default limit on one output, in bytes of compact JSON.
DEFAULT_MAX_OUTPUT_BYTES = 20_000_000

Projection = Callable[[Any], Any]


class ProjectionFault(Exception):
    """A projection misbehaved on one input; ``kind`` says how.

    Kinds: ``raised``, ``timeout``, ``too-large``, ``not-json``,
    ``non-deterministic``, ``mutates-input``.
    """

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        self.message = message
        super().__init__(f"{kind}: {message}")


def load_projection(spec: ProjectionSpec, suite: Suite) -> Projection:
    """Import the callable a suite names, or raise :class:`ProjectionLoadError`."""
    target = spec.target
    module_part, _, func_name = target.rpartition(":")
    fail_where = {"file": suite.path, "position": spec.position}

    def fail(reason: str, fix: str) -> ProjectionLoadError:
        return ProjectionLoadError(
            f"suite {suite.name!r}: projection {spec.name!r} ({target}) cannot be imported: {reason}",
            fix=fix,
            **fail_where,  # type: ignore[arg-type]
        )

    try:
        if module_part.endswith(".py"):
            file = (suite.path.parent / module_part).resolve()
            if not file.is_file():
                raise fail(f"no file {file}.", "check the path, relative to the suite file")
            module = _import_file(file)
        else:
            root = str(suite.root.resolve())
            if root not in sys.path:
                # Projections are the user's code, importable from their project root.
                sys.path.insert(0, root)
            module = _fresh(importlib.import_module(module_part))
    except ProjectionLoadError:
        raise
    except ModuleNotFoundError as exc:
        raise fail(
            f"ModuleNotFoundError: {exc}.",
            f"make {module_part!r} importable from {suite.root} or use 'path/to/file.py:{func_name}'",
        ) from None
    except SyntaxError as exc:
        raise fail(
            f"SyntaxError: {exc.msg} ({exc.filename}, line {exc.lineno}).",
            "correct the syntax error in the projection's module",
        ) from None
    except Exception as exc:
        raise fail(
            f"{type(exc).__name__}: {exc}.", "the module raised while being imported; fix it"
        ) from None
    func = getattr(module, func_name, None)
    if func is None:
        names = sorted(n for n, v in vars(module).items() if callable(v) and not n.startswith("_"))
        raise fail(
            f"the module has no attribute {func_name!r}.",
            f"use one of: {', '.join(names[:8]) or '(no callables)'}",
        )
    if not callable(func):
        raise fail(f"{func_name!r} is not callable.", "name a function that takes the raw response")
    return func


def _import_file(file: Path) -> Any:
    # Keyed by path and content: a file edited between two runs in one process
    # (a notebook, a watch loop) is imported afresh, never served stale.
    key = hashlib.sha1(str(file).encode() + b"\0" + file.read_bytes()).hexdigest()[:16]
    name = "projeval_user_" + key
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {file}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


_SOURCE_STAMPS: dict[str, tuple[int, int]] = {}


def _fresh(module: Any) -> Any:
    """Reload a module whose source file changed since projeval last imported it."""
    source = getattr(module, "__file__", None)
    if not source:
        return module
    try:
        stat = Path(source).stat()
    except OSError:
        return module
    stamp = (stat.st_mtime_ns, stat.st_size)
    previous = _SOURCE_STAMPS.get(module.__name__)
    _SOURCE_STAMPS[module.__name__] = stamp
    if previous is not None and previous != stamp:
        module = importlib.reload(module)
    return module


def projection_source_digest(func: Projection) -> str:
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


def canonical(output: Any) -> str:
    """Compact JSON with sorted keys: equal outputs give equal strings."""
    if isinstance(output, str):
        return output
    return json.dumps(output, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass
class ProjectionRunner:
    """Calls one projection with the guards every call needs.

    stdout and stderr are captured (a projection that prints must not corrupt
    ``--format json``), and a call that runs longer than ``timeout`` seconds
    is interrupted where the platform allows it (the main thread, with
    SIGALRM); elsewhere it is only measured.
    """

    func: Projection
    timeout: float = DEFAULT_TIMEOUT
    max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES
    calls: int = 0
    printed: int = 0

    def __call__(self, raw: Any, serialise: bool = True) -> tuple[Any, str]:
        """Return ``(output, canonical_text)`` or raise :class:`ProjectionFault`.

        With ``serialise=False`` the text is ``""`` and the JSON and size checks
        are skipped: lineage compares perturbed outputs by value, and has
        checked the baseline output already.
        """
        self.calls += 1
        sink = io.StringIO()
        try:
            with (
                _time_limit(self.timeout),
                contextlib.redirect_stdout(sink),
                contextlib.redirect_stderr(sink),
            ):
                output = self.func(raw)
        except ProjectionFault:
            raise
        except RecursionError:
            raise ProjectionFault(
                "raised", "RecursionError: maximum recursion depth exceeded"
            ) from None
        except Exception as exc:
            raise ProjectionFault("raised", f"{type(exc).__name__}: {exc}") from None
        finally:
            self.printed += len(sink.getvalue())
        if not serialise:
            return output, ""
        try:
            text = canonical(output)
        except (TypeError, ValueError) as exc:
            raise ProjectionFault(
                "not-json",
                f"returned {type(output).__name__} that is not JSON-serialisable ({exc})",
            ) from None
        except RecursionError:
            raise ProjectionFault(
                "not-json", "returned a value nested too deeply to serialise"
            ) from None
        if not text.isascii() and has_lone_surrogate(text):
            raise ProjectionFault(
                "not-json",
                f"returned text that is not valid Unicode (a lone surrogate) in its "
                f"{type(output).__name__}",
            )
        if len(text) > self.max_output_bytes:
            raise ProjectionFault(
                "too-large",
                f"returned {len(text):,} bytes, over the limit of {self.max_output_bytes:,}",
            )
        return output, text


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    usable = (
        seconds
        and seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise ProjectionFault("timeout", f"did not return within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
