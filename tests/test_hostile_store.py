"""The history store under faults, through the real command: kills, races, corruption."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner
from projeval.cli import cli
from projeval.config import load_project
from projeval.errors import StoreError
from projeval.history import open_history
from projeval.run import RunResult, evaluate

REPO = Path(__file__).resolve().parent.parent
PROJEVAL = Path(sys.executable).parent / "projeval"
STARTED = datetime(2026, 1, 1, tzinfo=UTC)


def _run(db: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PROJEVAL_DB=str(db))
    return subprocess.Popen(
        [str(PROJEVAL), "run", "--no-report"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _whole_runs(db: Path) -> list[int]:
    """Run ids in the store, after checking each one is complete."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        runs = [r[0] for r in con.execute("SELECT run_id FROM runs ORDER BY run_id").fetchall()]
        for run_id in runs:
            suites = con.execute(
                "SELECT count(*) FROM run_suites WHERE run_id = ?", [run_id]
            ).fetchone()
            projections = con.execute(
                "SELECT count(*) FROM projection_results WHERE run_id = ?", [run_id]
            ).fetchone()
            documents = con.execute(
                "SELECT count(*) FROM run_documents WHERE run_id = ?", [run_id]
            ).fetchone()
            assert (suites[0], projections[0], documents[0]) == (2, 10, 1), run_id
    finally:
        con.close()
    return runs


def test_sigkill_at_random_points_across_runs_loses_no_complete_run(tmp_path: Path) -> None:
    db = tmp_path / "history.duckdb"
    start = time.monotonic()
    first = _run(db)
    assert first.wait(timeout=120) == 0, first.stderr.read() if first.stderr else ""
    duration = time.monotonic() - start
    completed = 1
    rng = random.Random(20261129)
    for _ in range(20):
        proc = _run(db)
        time.sleep(rng.uniform(0.05, duration * 1.1))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        code = proc.wait(timeout=120)
        completed += code == 0
        runs = _whole_runs(db)  # opens, and every run in it is whole
        # A run killed between its commit and its exit is whole too, so it may be there.
        assert completed <= len(runs) <= completed + 20
        assert runs == list(range(1, len(runs) + 1))
    history = open_history(db)
    assert len(history.runs().runs) == len(_whole_runs(db))


def test_two_runs_at_once_both_land(tmp_path: Path) -> None:
    db = tmp_path / "history.duckdb"
    procs = [_run(db), _run(db)]
    results = [p.communicate(timeout=180) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err for _out, err in results]
    assert _whole_runs(db) == [1, 2]
    recorded = sorted(out.strip().splitlines()[-1] for out, _err in results)
    assert recorded == [f"Recorded run 1 in {db}.", f"Recorded run 2 in {db}."]


@pytest.mark.parametrize(
    "content", [b"this is not a database\n" * 100, b"SQLite format 3\x00" + b"\x00" * 4096]
)
def test_a_corrupt_store_is_refused_and_never_overwritten(tmp_path: Path, content: bytes) -> None:
    db = tmp_path / "history.duckdb"
    db.write_bytes(content)
    proc = _run(db)
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1
    assert err.startswith(f"Error: {db}: ")
    assert "Traceback" not in err
    assert db.read_bytes() == content


# --------------------------------------------------------------------------------------
# A store cut short, and paths that are not files

TINY = """\
suite: tiny
tool: search
fixtures: [page.json]
fields:
  ticket_id: {path: "data[].id", kind: id}
projections:
  raw: proj.py:raw
questions:
  - id: q1
    text: Which ticket?
    needs: [ticket_id]
"""


def _tiny_run(tmp_path: Path) -> RunResult:
    (tmp_path / "page.json").write_text('{"data": [{"id": "tkt_1a2b3c4d"}]}', encoding="utf-8")
    (tmp_path / "proj.py").write_text("def raw(page):\n    return page\n", encoding="utf-8")
    (tmp_path / "suite.yaml").write_text(TINY, encoding="utf-8")
    return evaluate(load_project(root=tmp_path), [tmp_path / "suite.yaml"])


def test_a_store_cut_short_in_its_last_block_is_refused_before_a_run_is_appended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = _tiny_run(tmp_path)
    db = tmp_path / "history.duckdb"
    for _ in range(2):
        result.record(db, started_at=STARTED)
    whole = db.read_bytes()
    damaged = whole[: len(whole) - 1000]
    db.write_bytes(damaged)
    with pytest.raises(StoreError) as info:
        result.record(db, started_at=STARTED)
    message = info.value.render()
    assert message.startswith(f"{db}: the store is cut short: it ends inside its last block")
    assert "Fix: restore the file from a backup" in message
    assert db.read_bytes() == damaged, "a damaged store is never written"
    with pytest.raises(StoreError):
        open_history(db).runs()
    monkeypatch.chdir(tmp_path)
    for args in (["history", "--db", str(db)], ["report", "--db", str(db)]):
        out = CliRunner().invoke(cli, args)
        assert out.exit_code == 1, out.output
        assert out.output.startswith(f"Error: {db}: the store is cut short"), out.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_or_a_device_as_the_store_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.duckdb"
    os.mkfifo(fifo)
    result = _tiny_run(tmp_path)
    for path, kind in ((fifo, "a FIFO (named pipe)"), (Path("/dev/zero"), "a device")):
        with pytest.raises(StoreError) as info:
            result.record(path, started_at=STARTED)
        assert info.value.render().startswith(
            f"{path}: the store path is {kind}, not a regular file."
        )
