"""Progress of long work: the library reports it, a front end draws it.

Long loops (reading a trace file of more than :data:`MIN_BYTES`, the partitions
of a Dask run, the suites of a run, the schema paths lineage probes within a
suite) open a :func:`task` and advance it. Nothing is drawn unless a :class:`Reporter` is installed with
:func:`reporting`, which the CLI does when stderr is a terminal and
``--quiet`` is not given (:class:`TerminalReporter`, drawn with ``rich``; it
honours ``NO_COLOR``). Reports from a forked worker process are dropped: only
the process that installed the reporter draws.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import threading
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any, Protocol, TextIO

#: Trace files at least this large report their reading progress.
MIN_BYTES = 50 * 1024 * 1024


class Reporter(Protocol):
    """What draws progress: told when a task starts, moves and stops."""

    def start(self, task_id: int, description: str, total: float | None, unit: str) -> None:
        """A task began; ``total`` is None when its size is unknown."""

    def update(self, task_id: int, completed: float, description: str | None = None) -> None:
        """The task has done ``completed`` of its total (and is now called ``description``)."""

    def stop(self, task_id: int) -> None:
        """The task ended."""


_current: ContextVar[tuple[Reporter, int] | None] = ContextVar("projeval_progress", default=None)
_ids = itertools.count(1)


@contextlib.contextmanager
def reporting(reporter: Reporter) -> Iterator[Reporter]:
    """Send the progress of the work done inside the block to ``reporter``."""
    token = _current.set((reporter, os.getpid()))
    try:
        yield reporter
    finally:
        _current.reset(token)


class Task:
    """One piece of long work; a no-op when no reporter is installed.

    Safe to advance from several threads at once (lineage probes paths side by side).
    """

    def __init__(self, description: str, total: float | None = None, unit: str = "") -> None:
        installed = _current.get()
        self._reporter = installed[0] if installed and installed[1] == os.getpid() else None
        self._id = next(_ids)
        self._lock = threading.Lock()
        self.completed = 0.0
        if self._reporter is not None:
            self._reporter.start(self._id, description, total, unit)

    def advance(self, amount: float = 1, description: str | None = None) -> None:
        """Add ``amount`` to what is done."""
        with self._lock:
            self._set(self.completed + amount, description)

    def update(self, completed: float, description: str | None = None) -> None:
        """Set what is done."""
        with self._lock:
            self._set(completed, description)

    def _set(self, completed: float, description: str | None) -> None:
        self.completed = completed
        if self._reporter is not None:
            self._reporter.update(self._id, completed, description)

    def close(self) -> None:
        """End the task."""
        if self._reporter is not None:
            self._reporter.stop(self._id)
            self._reporter = None

    def __enter__(self) -> Task:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def task(description: str, total: float | None = None, unit: str = "") -> Task:
    """Open a :class:`Task` (use it as a context manager)."""
    return Task(description, total, unit)


class TerminalReporter:
    """Progress bars on a terminal (stderr), with ``rich``; shown only after ``delay``
    seconds, so that quick work draws nothing, and erased when the work ends."""

    def __init__(self, stream: TextIO, delay: float = 1.0) -> None:
        self.stream = stream
        self.delay = delay
        self._lock = threading.Lock()
        self._tasks: dict[int, Any] = {}
        self._pending: dict[int, tuple[str, float | None, str, float]] = {}
        self._progress: Any = None
        self._timer: threading.Timer | None = None

    def start(self, task_id: int, description: str, total: float | None, unit: str) -> None:
        with self._lock:
            if self._progress is not None:
                self._tasks[task_id] = self._progress.add_task(description, total=total, unit=unit)
                return
            self._pending[task_id] = (description, total, unit, 0.0)
            if self._timer is None:
                self._timer = threading.Timer(self.delay, self._show)
                self._timer.daemon = True
                self._timer.start()

    def update(self, task_id: int, completed: float, description: str | None = None) -> None:
        with self._lock:
            if task_id in self._pending:
                desc, total, unit, _ = self._pending[task_id]
                self._pending[task_id] = (description or desc, total, unit, completed)
            elif task_id in self._tasks:
                extra = {"description": description} if description else {}
                self._progress.update(self._tasks[task_id], completed=completed, **extra)

    def stop(self, task_id: int) -> None:
        with self._lock:
            self._pending.pop(task_id, None)
            if task_id in self._tasks:
                self._progress.remove_task(self._tasks.pop(task_id))
            if not self._pending and not self._tasks:
                self._close()

    def _show(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
        from rich.text import Text

        class Amount(TextColumn):
            """``12.5/54.5 MB`` for bytes, ``3/7`` for counts, nothing when unknown."""

            def __init__(self) -> None:
                super().__init__("")

            def render(self, task: Any) -> Text:
                done, total = task.completed, task.total
                if task.fields.get("unit") == "bytes":
                    of = f"/{total / 1e6:.1f}" if total else ""
                    return Text(f"{done / 1e6:.1f}{of} MB")
                unit = task.fields.get("unit")
                of = f"{done:.0f}/{total:.0f}{' ' + unit if unit else ''}"
                return Text(of if total is not None else "")

        with self._lock:
            if not self._pending:
                return
            console = Console(file=self.stream, no_color="NO_COLOR" in os.environ)
            self._progress = Progress(
                SpinnerColumn(),
                TextColumn("{task.description}"),
                BarColumn(),
                Amount(),
                TimeElapsedColumn(),
                console=console,
                transient=True,
            )
            self._progress.start()
            for task_id, (desc, total, unit, done) in self._pending.items():
                self._tasks[task_id] = self._progress.add_task(
                    desc, total=total, completed=done, unit=unit
                )
            self._pending.clear()

    def _close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def close(self) -> None:
        """Erase whatever is still drawn."""
        with self._lock:
            self._pending.clear()
            self._tasks.clear()
            self._close()
