"""Candidate projections: what calling one may give, and the limits of a call.

A projection takes the raw response and returns what the model reads (a dict, a
list or a string). Scoring calls it many times, always through a :class:`Runner`:
in a worker process of its own (:mod:`projeval.workers`, :mod:`projeval.mcp_runner`),
or in-process with :class:`ProjectionRunner` for a function in a test. Whatever the
projection does (raise, hang, exit, crash, print, return something huge or
unserialisable, mutate its input) becomes a :class:`ProjectionFault` for that
projection alone.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ._json import has_lone_surrogate

#: Default limit on one projection call, in seconds.
DEFAULT_TIMEOUT = 10.0
#: Default limit on one output, in bytes of compact JSON.
DEFAULT_MAX_OUTPUT_BYTES = 20_000_000
#: Default limit on a worker's address space (``RLIMIT_AS``), in MiB.
DEFAULT_MAX_MEMORY_MB = 2048
#: Default time one projection may spend over all its calls in one suite, in seconds.
DEFAULT_BUDGET = 300.0

Projection = Callable[[Any], Any]

#: What a projection can do wrong, by kind. Only ``raised`` (an exception on one
#: input, which lineage reads as "cannot take this value") leaves the projection
#: scorable; every other kind makes it an error of its own.
FAULT_KINDS = {
    "raised": "raised an exception",
    "timeout": "did not return within the time limit of one call",
    "budget": "used up its time budget for the suite",
    "too-large": "returned more than the output limit",
    "not-json": "returned a value that is not JSON",
    "non-deterministic": "returned different outputs for one input",
    "mutates-input": "changed the raw response it was given",
    "exit": "exited (sys.exit, os._exit, or its program ended)",
    "signal": "was killed by a signal (a segfault, an abort)",
    "memory": "went over the memory limit",
    "chdir": "changed the working directory",
    "threads": "left threads running after it returned",
    "patched": "replaced attributes of shared modules (json.dumps, ...)",
    "stray-output": "wrote to its standard output outside the protocol",
    "protocol": "broke the worker protocol",
}


class ProjectionFault(Exception):
    """A projection misbehaved on one input; ``kind`` is one of :data:`FAULT_KINDS`."""

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        self.message = message
        super().__init__(f"{kind}: {message}")

    @property
    def fatal(self) -> bool:
        """True when the projection cannot be scored after this fault."""
        return self.kind != "raised"


@dataclass(frozen=True)
class Limits:
    """The suite's limits on a projection's calls (from the project config)."""

    timeout: float = DEFAULT_TIMEOUT
    max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES
    max_memory_mb: int = DEFAULT_MAX_MEMORY_MB
    budget: float = DEFAULT_BUDGET


class Runner(Protocol):
    """The one seam every projection call goes through (lineage, scoring, checks)."""

    calls: int

    def __call__(self, raw: Any, serialise: bool = True) -> tuple[Any, str]:
        """``(output, canonical_text)``, or raise :class:`ProjectionFault`.

        ``serialise=False`` may skip building the text (``""``); the output is
        still checked for size and JSON by the runners that run a worker.
        """
        ...


class BatchRunner(Runner, Protocol):
    """A :class:`Runner` that takes many inputs in one go (lineage's probes of a fixture).

    :func:`call_many` uses a runner's ``call_many`` when it has one, and calls it once per
    input otherwise; a worker runner sends the whole batch in one round trip. What a
    ``call_many`` must guarantee, as :func:`call_each` does:

    - one entry per input, in the inputs' order: the output (what ``runner(raw,
      serialise=False)[0]`` gives, checked for size and JSON like any call), or the
      :class:`ProjectionFault` of a call that raised (``fault.fatal`` is False): a finding
      for that input alone, the rest of the batch still runs;
    - a fatal fault (exit, signal, timeout, memory, budget, stray output, ...) ends the
      batch and is raised; the runner then stands as after that fault in a single call
      (a worker it killed starts again on the next call), and the inputs after it are not
      run;
    - ``calls`` grows by one per input run (the fatal one included), never twice for one;
    - the time limit holds for each call (from when the projection could start on it,
      not from the batch's start), and the suite's budget for them all;
    - inputs may share branches with each other and with earlier inputs (lineage copies
      only the path to the perturbed leaf); they are not changed.
    """

    def call_many(self, inputs: Sequence[Any]) -> list[Any]:
        """Each input's output or non-fatal fault, in order; raises a fatal fault."""
        ...


def call_many(runner: Runner, inputs: Sequence[Any]) -> list[Any]:
    """Run ``runner`` on every input: its ``call_many`` if it has one (see
    :class:`BatchRunner`), else :func:`call_each`. Each entry is an output or the
    :class:`ProjectionFault` that call raised; a fatal fault is raised."""
    batch = getattr(runner, "call_many", None)
    if batch is None:
        return call_each(runner, inputs)
    outputs: list[Any] = batch(inputs)
    if len(outputs) != len(inputs):  # projeval's own runners never do this: a bug, loudly
        raise RuntimeError(f"call_many answered {len(outputs)} of {len(inputs)} inputs")
    return outputs


def call_each(runner: Runner, inputs: Sequence[Any]) -> list[Any]:
    """The sequential ``call_many``: one call per input, in order (:class:`BatchRunner`)."""
    out: list[Any] = []
    for raw in inputs:
        try:
            output, _text = runner(raw, serialise=False)
        except ProjectionFault as fault:
            if fault.fatal:
                raise
            out.append(fault)
        else:
            out.append(output)
    return out


def program_digest(identity: bytes, argv: Sequence[str], cwd: Path) -> str:
    """A program's digest for trends: what names it (``identity``), then the bytes of each
    of its arguments that is a file in ``cwd`` (its own files: a trend sees them change)."""
    digest = hashlib.sha256(identity)
    for arg in argv[1:]:
        path = cwd / arg
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def canonical(output: Any) -> str:
    """Compact JSON with sorted keys: equal outputs give equal strings."""
    if isinstance(output, str):
        return output
    return json.dumps(output, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass
class ProjectionRunner:
    """Calls one Python function in this process, with the guards a shared process allows.

    Scoring never uses it (projections run in workers); it serves functions that only
    exist in this process, such as the ones lineage's unit tests define.

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
