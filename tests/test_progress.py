"""Progress of long work: reported by the library, drawn only by an installed reporter."""

from __future__ import annotations

import gzip
import io
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from projeval import progress
from projeval.config import Project
from projeval.run import evaluate
from projeval.traces.readers import iter_records


class Recorder:
    """A reporter that keeps what it was told (``only``: of the tasks so described)."""

    def __init__(self, only: str | None = None) -> None:
        self.events: list[tuple[Any, ...]] = []
        self.only = only
        self._kept: set[int] = set()

    def start(self, task_id: int, description: str, total: float | None, unit: str) -> None:
        if self.only is None or description == self.only:
            self._kept.add(task_id)
            self.events.append(("start", description, total, unit))

    def update(self, task_id: int, completed: float, description: str | None = None) -> None:
        if task_id in self._kept:
            self.events.append(("update", completed, description))

    def stop(self, task_id: int) -> None:
        if task_id in self._kept:
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
    recorder = Recorder(only="scoring")
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


def test_scoring_one_suite_reports_the_paths_probed_of_those_planned(repo: Path) -> None:
    from projeval.lineage import paths_to_probe
    from projeval.score import score_suite
    from projeval.suites import load_suite

    suite = load_suite(repo / "question_sets" / "meter.yaml", root=repo)
    names = sorted(suite.projections)
    planned = paths_to_probe(suite.leaves, suite.fields) * len(names)
    recorder = Recorder(only="scoring meter")
    with progress.reporting(recorder):
        score_suite(suite).close()
    assert recorder.events[0] == ("start", "scoring meter", planned, "paths")
    assert recorder.events[-1] == ("stop",)
    done = [e[1] for e in recorder.events if e[0] == "update"]
    assert done == sorted(done) and done[-1] == planned  # every path of every projection
    # The projections are scored side by side: the bar names those in progress.
    named = [e[2] for e in recorder.events if e[0] == "update" and e[2]]
    assert all(d.startswith("scoring meter: ") for d in named)
    shown = [d.removeprefix("scoring meter: ").split(", ") for d in named]
    assert all(s == sorted(s) for s in shown)
    assert {n for s in shown for n in s} == set(names)


def _on_a_terminal(args: list[str], cwd: Path, **env: str) -> tuple[int, str, str]:
    """Run ``python -m projeval ARGS`` with stderr on a pseudo-terminal: (exit code, stdout,
    what the terminal showed)."""
    import pty
    import select
    import subprocess
    import sys

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "projeval", *args],
        cwd=cwd,
        env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", **env},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
    )
    os.close(slave)
    shown = bytearray()
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not data:
                    break
                shown += data
            elif proc.poll() is not None:
                break
        out = proc.stdout.read().decode() if proc.stdout else ""
        proc.wait(timeout=60)
    finally:
        os.close(master)
    return proc.returncode, out, shown.decode(errors="replace")


SLOW = """
import time


def slow(raw):
    time.sleep(0.02)  # each call takes a while: the suite takes longer than the bar's delay
    return raw
"""


def test_scoring_a_big_suite_shows_paths_done_of_planned_on_a_terminal_and_nothing_under_q(
    make_suite: Any, tmp_path: Path
) -> None:
    rows = [{f"a{k}": f"value {i} {k}" for k in range(4)} for i in range(20)]
    make_suite(
        """
        version: 1
        suite: tiny
        tool: t
        fixtures: [page.json]
        fields: {a0: "rows[].a0"}
        projections: {slow: "proj.py:slow"}
        questions: [{id: q, text: q?, needs: [a0]}]
        """,
        {"page.json": {"rows": rows}},
        SLOW,
    )
    code, out, shown = _on_a_terminal(["score", "suite.yaml"], tmp_path, NO_COLOR="1")
    assert code == 0 and out.startswith("tiny (suite.yaml)")
    assert "scoring tiny: slow" in shown
    assert re.search(r"\b[0-4]/4 paths\b", shown)  # four schema paths, one projection
    assert not re.search(r"\x1b\[(3[0-9]|9[0-7]|38;)", shown)  # NO_COLOR: no colour codes
    code, quiet_out, quiet = _on_a_terminal(["score", "-q", "suite.yaml"], tmp_path)
    assert (code, quiet_out, quiet) == (0, out, "")
