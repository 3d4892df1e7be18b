"""Progress of long work: reported by the library, drawn only by an installed reporter."""

from __future__ import annotations

import gzip
import io
import os
import time
from pathlib import Path
from typing import Any

import pytest
from projeval import progress
from projeval.config import Project
from projeval.run import evaluate
from projeval.traces.readers import iter_records


class Recorder:
    """A reporter that keeps what it was told."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []

    def start(self, task_id: int, description: str, total: float | None, unit: str) -> None:
        self.events.append(("start", description, total, unit))

    def update(self, task_id: int, completed: float, description: str | None = None) -> None:
        self.events.append(("update", completed, description))

    def stop(self, task_id: int) -> None:
        self.events.append(("stop",))


def test_a_task_without_a_reporter_does_nothing() -> None:
    with progress.task("work", 3) as t:
        t.advance()
    assert t.completed == 1


def test_the_installed_reporter_hears_every_step_and_a_forked_child_none() -> None:
    recorder = Recorder()
    with progress.reporting(recorder), progress.task("work", 2, "items") as t:
        t.advance(description="work: first")
        t.advance()
    assert recorder.events == [
        ("start", "work", 2, "items"),
        ("update", 1, "work: first"),
        ("update", 2, None),
        ("stop",),
    ]
    # As if in a forked worker: the reporter belongs to another process.
    token = progress._current.set((recorder, os.getpid() + 1))
    try:
        progress.task("in a child").advance()
    finally:
        progress._current.reset(token)
    assert len(recorder.events) == 4


@pytest.mark.parametrize("gz", [False, True])
def test_a_big_trace_file_reports_how_far_it_was_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gz: bool
) -> None:
    lines = b"".join(b'{"n": %d, "pad": "%s"}\n' % (i, b"x" * 200) for i in range(5000))
    path = tmp_path / ("t.jsonl.gz" if gz else "t.jsonl")
    path.write_bytes(gzip.compress(lines) if gz else lines)
    size = path.stat().st_size
    monkeypatch.setattr(progress, "MIN_BYTES", size)  # this file is "big"
    recorder = Recorder()
    with progress.reporting(recorder):
        assert sum(1 for _ in iter_records(path)) == 5000
    assert recorder.events[0] == ("start", f"reading {path.name}", size, "bytes")
    done = [e[1] for e in recorder.events if e[0] == "update"]
    assert done == sorted(done) and done[-1] == size  # the compressed bytes for gzip
    assert recorder.events[-1] == ("stop",)
    monkeypatch.setattr(progress, "MIN_BYTES", size + 1)
    quiet = Recorder()
    with progress.reporting(quiet):
        assert sum(1 for _ in iter_records(path)) == 5000
    assert quiet.events == []


def test_a_run_reports_its_suites(repo: Path) -> None:
    recorder = Recorder()
    suites = [repo / "question_sets" / "meter.yaml", repo / "nosuch.yaml"]
    with progress.reporting(recorder):
        run = evaluate(Project(root=repo), suites)
    assert len(run.errors) == 1
    assert recorder.events == [
        ("start", "scoring", 2, ""),
        ("update", 0, "scoring meter"),
        ("update", 1, None),
        ("update", 1, "scoring nosuch"),
        ("update", 2, None),
        ("stop",),
    ]


def test_the_terminal_reporter_draws_only_after_its_delay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    quick = progress.TerminalReporter(io.StringIO(), delay=5)
    with progress.reporting(quick), progress.task("quick", 1) as t:
        t.advance()
    assert quick._progress is None and quick._timer is None  # never shown, timer cancelled
    slow = progress.TerminalReporter(io.StringIO(), delay=0.01)
    with progress.reporting(slow), progress.task("slow", 10, "bytes") as t:
        deadline = time.monotonic() + 5
        while slow._progress is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert slow._progress is not None
        assert slow._progress.console.no_color is True
        t.advance(5)
        assert slow._progress.tasks[0].completed == 5
    assert slow._progress is None  # stopped, and erased (transient)
