"""The history store: schema, writes, migration, durability and concurrency.

Every test uses real DuckDB files in tmp_path; the concurrency and crash tests
run real writer processes (tests/history_builders.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import duckdb
import pytest
from history_builders import big_suite, info, projection, small_suite, suite_score
from projeval.errors import StoreError
from projeval.history import open_history
from projeval.store import (
    PAUSE_ENV,
    SCHEMA_VERSION,
    NotAStoreError,
    RunInfo,
    Store,
    StoreBusyError,
    StoreVersionError,
    StoreWriteError,
    git_state,
    schema_columns,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WRITER = HERE / "history_builders.py"
V1_STORE = HERE / "data" / "history_v1.duckdb"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _raw_tables(path: Path) -> dict[str, list[tuple]]:
    """Every row of every table, read straight from DuckDB (not through projeval)."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        names = [
            r[0]
            for r in con.execute(
                "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() "
                "ORDER BY table_name"
            ).fetchall()
        ]
        return {n: sorted(con.execute(f'SELECT * FROM "{n}"').fetchall(), key=repr) for n in names}
    finally:
        con.close()


def _counts(path: Path) -> dict[str, int]:
    return {t: len(rows) for t, rows in _raw_tables(path).items()}


def _run_ids(path: Path) -> list[int]:
    return [r.run_id for r in open_history(path).runs().runs]


def _writer(
    db: Path, *args: str, pause: str | None = None, prefix: tuple[str, ...] = ()
) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != PAUSE_ENV}
    if pause:
        env[PAUSE_ENV] = pause
    return subprocess.Popen(
        [*prefix, sys.executable, str(WRITER), str(db), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def _wait_paused(proc: subprocess.Popen[str], timeout: float = 60) -> None:
    """Block until the writer reports it is paused inside its transaction."""
    assert proc.stderr is not None
    deadline = time.monotonic() + timeout
    line = ""
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if "projeval-store: paused after" in line:
            return
        if not line and proc.poll() is not None:
            break
    raise AssertionError(f"writer never paused (exit {proc.poll()}): {line!r}")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "store" / "history.duckdb"


# --------------------------------------------------------------------------------------
# Writing and reading back


def test_record_run_creates_the_store_and_reads_back(db: Path) -> None:
    store = Store(db)
    score = suite_score(
        "orders",
        [
            projection(
                "compact",
                {"count": {"total": "dropped"}, "list": {"id": "ok"}},
                weights={"count": 3},
            ),
            projection("broken", {}, error="boom"),
        ],
        fixtures={"page": "fd1", "error": "fd2"},
        weights={"count": 3},
    )
    run_id = store.record_run(
        info(12, git_commit="abc123", git_dirty=True),
        [score],
        costs=[{"suite": "orders", "projection": "compact", "fixture": "page", "tokens": 120}],
        findings=[{"rule": "error-hidden", "severity": "error", "message": "hidden"}],
        trace_summaries=[{"trace_id": "t1", "file": "a.jsonl", "followups": 2}],
        followups=[
            {"trace_id": "t1", "producer tool": "search", "consumer-tool": "get", "duplicate": 0}
        ],
        hedges=[{"trace_id": "t1", "turn": 2, "phrase": "I think", "language": "en"}],
    )
    assert run_id == 1
    assert store.schema_version() == SCHEMA_VERSION

    history = open_history(db)
    run = history.runs().runs[0]
    assert (run.run_id, run.git_commit, run.git_dirty, run.tokenizer, run.suites) == (
        1,
        "abc123",
        True,
        "o200k_base",
        ("orders",),
    )
    assert run.started_at == datetime(2026, 11, 28, 12, tzinfo=UTC)

    results = history.results(1)
    assert list(results["projection"]) == ["broken", "compact"]
    broken, compact = results.to_dict("records")
    assert broken["error"] == "boom" and broken["coverage"] != broken["coverage"]  # NaN
    assert compact["coverage"] == pytest.approx(0.25) and compact["answerable"] == 1

    needs = history.needs(1)
    assert needs[["question", "field", "status"]].values.tolist() == [
        ["count", "total", "dropped"],
        ["list", "id", "ok"],
    ]
    assert list(needs["outputs"].iloc[1]) == ["items[].id"]
    assert history.lineage(1)["source"].tolist() == ["data[].id", "data[].total"]
    assert history.fixtures(1)[["fixture", "digest"]].values.tolist() == [
        ["error", "fd2"],
        ["page", "fd1"],
    ]
    assert history.costs(1)["tokens"].tolist() == [120]
    assert history.trace_summaries(1)["file"].tolist() == ["a.jsonl"]
    assert history.followups(1)["duplicate"].tolist() == [False]
    assert history.followups(1)[["producer_tool", "consumer_tool"]].values.tolist() == [
        ["search", "get"]
    ]
    assert history.hedges(1)["turn"].tolist() == [2]
    assert history.findings(1)["rule"].tolist() == ["error-hidden"]


def test_rows_may_be_objects_with_to_dict(db: Path) -> None:
    @dataclass(frozen=True)
    class Finding:  # the shape of projeval.checks.Finding
        rule: str
        message: str

        def to_dict(self) -> dict[str, str]:
            return {"rule": self.rule, "message": self.message, "field": "total"}

    Store(db).record_run(info(), [small_suite()], findings=[Finding("error-hidden", "hidden")])
    found = open_history(db).findings()
    assert found[["rule", "message", "field"]].values.tolist() == [
        ["error-hidden", "hidden", "total"]
    ]


def test_run_ids_count_up_and_runs_sort_by_time_then_id(db: Path) -> None:
    store = Store(db)
    assert store.record_run(info(12), [small_suite()]) == 1
    assert store.record_run(info(9), [small_suite()]) == 2  # an earlier clock
    assert store.record_run(info(12), [small_suite()]) == 3
    assert _run_ids(db) == [2, 1, 3]


def test_started_at_is_stored_in_utc_and_must_carry_a_zone(db: Path) -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        RunInfo(started_at=datetime(2026, 11, 28, 12))
    paris = timezone(timedelta(hours=1))
    Store(db).record_run(RunInfo(datetime(2026, 11, 28, 13, tzinfo=paris)), [small_suite()])
    assert open_history(db).runs().runs[0].started_at == datetime(2026, 11, 28, 12, tzinfo=UTC)


def test_rows_from_other_stages_are_checked_before_the_store_is_touched(db: Path) -> None:
    store = Store(db)
    store.record_run(info(12), [small_suite()])
    before = _digest(db)
    with pytest.raises(ValueError, match=r"costs\[0\]: unknown column 'tokenz'.*tokens"):
        store.record_run(info(13), [small_suite()], costs=[{"tokenz": 3}])
    with pytest.raises(ValueError, match=r"trace_summaries\[1\].turns: 'many' is not an integer"):
        store.record_run(info(13), [], trace_summaries=[{"turns": 1}, {"turns": "many"}])
    with pytest.raises(ValueError, match="a suite twice"):
        store.record_run(info(13), [small_suite(), small_suite()])
    assert _digest(db) == before
    assert _run_ids(db) == [1]


def _columns(path: Path) -> dict[str, tuple[tuple[str, str], ...]]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        rows = con.execute(
            "SELECT table_name, column_name, data_type FROM duckdb_columns() "
            "WHERE database_name = current_database() ORDER BY table_name, column_index"
        ).fetchall()
    finally:
        con.close()
    on_disk: dict[str, list[tuple[str, str]]] = {}
    for table, column, data_type in rows:
        on_disk.setdefault(table, []).append((column, data_type))
    return {t: tuple(c) for t, c in on_disk.items()}


def test_schema_columns_are_the_files_columns(db: Path) -> None:
    Store(db).record_run(info(), [small_suite()])
    assert _columns(db) == schema_columns()


def test_bulk_load_appends_many_runs_in_one_go(db: Path) -> None:
    import pandas as pd

    runs = pd.DataFrame(
        {
            "run_id": [1, 2],
            "started_at": [datetime(2026, 1, 1), datetime(2026, 1, 2)],
            "projeval_version": ["0.1.0", "0.1.0"],
        }
    )
    Store(db).bulk_load({"runs": runs})
    assert _run_ids(db) == [1, 2]
    assert Store(db).record_run(info(), [small_suite()]) == 3


# --------------------------------------------------------------------------------------
# git


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
    )


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_git_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    assert git_state(repo) == (None, None)  # not a repository
    _git(repo, "init", "-q")
    assert git_state(repo) == (None, None)  # no commit yet
    (repo / "a.txt").write_text("one\n")
    _git(repo, "add", "a.txt")
    _git(repo, "commit", "-q", "-m", "one")
    commit, dirty = git_state(repo)
    assert commit is not None and len(commit) == 40 and dirty is False
    (repo / "new.txt").write_text("untracked\n")
    assert git_state(repo) == (commit, False)  # untracked files do not count
    (repo / "a.txt").write_text("two\n")
    assert git_state(repo) == (commit, True)
    assert RunInfo.capture(info().started_at, repo).git_dirty is True
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    assert git_state(repo) == (None, None)  # git missing


# --------------------------------------------------------------------------------------
# Versions and migration


def test_v1_store_is_migrated_without_losing_a_row(tmp_path: Path) -> None:
    committed = _digest(V1_STORE)
    copy = tmp_path / "history.duckdb"
    shutil.copyfile(V1_STORE, copy)
    before = _raw_tables(copy)
    assert before["projeval_meta"] == [("created_by", "0.1.0.dev1"), ("schema_version", "1")]
    assert "trace_summaries" not in before

    history = open_history(copy)  # migrates
    after = _raw_tables(copy)
    assert Store(copy).schema_version() == SCHEMA_VERSION
    for table, rows in before.items():
        if table in ("runs", "findings"):
            # the new columns (runs.tokenizer, findings.field) are NULL for old rows
            assert after[table] == sorted(((*r, None) for r in rows), key=repr)
        elif table != "projeval_meta":
            assert after[table] == rows, table
    for table in ("trace_summaries", "followups", "hedges", "run_documents"):
        assert after[table] == []
    # The migrated file has exactly the schema of a new store.
    assert _columns(copy) == schema_columns()

    # Old runs read and diff as usual; new runs continue the ids.
    diff = history.diff()
    assert diff.improvements["description"].str.contains("breach-soon is now answerable").any()
    assert Store(copy).record_run(info(), [small_suite()]) == 3
    assert _digest(V1_STORE) == committed  # the committed fixture itself is never touched


def test_v3_store_with_traces_reads_with_the_current_column_names(tmp_path: Path) -> None:
    # A version 3 store made the way one was: the v1 fixture and the frozen migrations
    # 1 and 2, then a run's trace rows and document as projeval 0.1 wrote them.
    from projeval.store.migrations import _MIGRATIONS

    db = tmp_path / "history.duckdb"
    shutil.copyfile(V1_STORE, db)
    con = duckdb.connect(str(db))
    for step in (1, 2):
        con.execute(_MIGRATIONS[step])
    con.execute("UPDATE projeval_meta SET value = '3' WHERE key = 'schema_version'")
    con.execute(
        "INSERT INTO trace_summaries (run_id, trace_id, source_file, tool_calls, followups) "
        "VALUES (2, 't1', 'a.jsonl', 9, 1)"
    )
    con.execute(
        "INSERT INTO followups (run_id, trace_id, source_file, producer_tool, consumer_tool) "
        "VALUES (2, 't1', 'a.jsonl', 'search', 'get')"
    )
    con.execute(
        "INSERT INTO hedges (run_id, trace_id, source_file, turn, phrase, excerpt) "
        "VALUES (2, 't1', 'a.jsonl', 1, 'I think', '... I think it is ...')"
    )
    old_followup = {"file": "a.jsonl", "trace_id": "t1", "tool": "get", "argument": "id"}
    old_followup |= {"source_tool": "search", "source_path": "data[].id", "value": "x"}
    old_followup |= {"duplicate": False, "seq": 3, "turn": 1}
    old_followup |= {"source_seq": 2, "source_call_id": "c1"}
    document = {"traces": {"version": 1, "followups": [old_followup]}}
    con.execute("INSERT INTO run_documents VALUES (2, ?)", [json.dumps(document)])
    con.close()

    history = open_history(db)  # migrates to the current version
    assert Store(db).schema_version() == SCHEMA_VERSION
    assert _columns(db) == schema_columns()
    summary = history.trace_summaries(2)
    assert summary[["file", "calls", "followups"]].values.tolist() == [["a.jsonl", 9, 1]]
    assert history.followups(2)[["file", "producer_tool", "consumer_tool"]].values.tolist() == [
        ["a.jsonl", "search", "get"]
    ]
    assert history.hedges(2)[["file", "sentence"]].values.tolist() == [
        ["a.jsonl", "... I think it is ..."]
    ]
    _, record = history.run(2)
    assert record.traces is not None
    followup = record.traces.rows("followups")[0]
    assert (followup["consumer_tool"], followup["consumer_arg"]) == ("get", "id")
    assert (followup["producer_tool"], followup["producer_path"]) == ("search", "data[].id")

    # Tool errors and retries per trace (kept from schema 5): the trend shows none ('-'),
    # not 0, for a run recorded before, and a new run's totals.
    from projeval.text.history import render_trend

    Store(db).record_run(
        info(),
        [small_suite()],
        trace_summaries=[
            {"trace_id": "t2", "calls": 5, "errors": 2, "retries": 1},
            {"trace_id": "t3", "calls": 1, "errors": 1, "retries": 0},
        ],
    )
    trend = history.trend()
    assert [(r["run_id"], r["errors"], r["retries"]) for r in trend.to_dict()["traces"]] == [
        (1, None, None),
        (2, None, None),
        (3, 3, 1),
    ]
    assert render_trend(history.trend(metric="errors")) == (
        "traces (all runs' totals)\n"
        "  run  started (UTC)        commit          errors\n"
        "    1  2026-11-20 09:30:00  0000001a             -\n"
        "    2  2026-11-21 09:30:00  0000002a+dirty       -\n"
        "    3  2026-11-28 12:00:00  -                    3\n"
    )
    assert render_trend(history.trend(metric="retries")).splitlines()[-1] == (
        "    3  2026-11-28 12:00:00  -                     1"
    )


def test_v1_store_is_migrated_by_a_writer_too(tmp_path: Path) -> None:
    copy = tmp_path / "history.duckdb"
    shutil.copyfile(V1_STORE, copy)
    assert Store(copy).record_run(info(), [small_suite()], hedges=[{"phrase": "maybe"}]) == 3
    assert _run_ids(copy) == [1, 2, 3]


def test_newer_store_is_refused_and_left_alone(db: Path) -> None:
    Store(db).record_run(info(), [small_suite()])
    con = duckdb.connect(str(db))
    con.execute("UPDATE projeval_meta SET value = '99' WHERE key = 'schema_version'")
    con.close()
    before = _digest(db)
    with pytest.raises(StoreVersionError) as caught:
        open_history(db)
    assert caught.value.render() == (
        f"{db}: this store was written by a newer projeval (store schema version 99; "
        f"projeval 0.1.0 reads versions 1 to {SCHEMA_VERSION}). "
        "Fix: upgrade projeval (pip install -U projeval), or use --db to pick another store"
    )
    with pytest.raises(StoreVersionError):
        Store(db).record_run(info(), [small_suite()])
    assert _digest(db) == before


# --------------------------------------------------------------------------------------
# Files that are not a store


def _garbage(path: Path) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = b"not a database\x00\x01\x02" * 200
    path.write_bytes(data)
    return data


def test_garbage_file_gets_a_clear_error_and_is_never_overwritten(db: Path) -> None:
    data = _garbage(db)
    with pytest.raises(NotAStoreError) as caught:
        open_history(db)
    assert caught.value.render() == (
        f"{db}: this file is not a DuckDB database, so not a projeval history store; it was "
        "left untouched. Fix: move it away, or use --db (or PROJEVAL_DB) to pick another path"
    )
    with pytest.raises(NotAStoreError):
        Store(db).record_run(info(), [small_suite()])
    with pytest.raises(NotAStoreError):
        Store(db).migrate()
    assert db.read_bytes() == data
    assert not Path(str(db) + ".wal").exists()


@pytest.mark.parametrize("kind", ["empty", "sqlite", "foreign-duckdb", "folder"])
def test_other_files_are_refused_untouched(db: Path, kind: str) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    if kind == "empty":
        db.write_bytes(b"")
    elif kind == "sqlite":
        con = sqlite3.connect(db)
        con.execute("CREATE TABLE t (x)")
        con.commit()
        con.close()
    elif kind == "foreign-duckdb":
        con = duckdb.connect(str(db))
        con.execute("CREATE TABLE orders (id INTEGER)")
        con.close()
    else:
        db.mkdir()
    before = None if kind == "folder" else _digest(db)
    with pytest.raises(NotAStoreError):
        Store(db, lock_timeout=0.1).record_run(info(), [small_suite()])
    with pytest.raises(NotAStoreError):
        open_history(db, lock_timeout=0.1)
    if before is not None:
        assert _digest(db) == before


def test_missing_store_is_an_error_for_readers_and_is_not_created(tmp_path: Path) -> None:
    path = tmp_path / "nope" / "history.duckdb"
    with pytest.raises(StoreError, match="no history store here yet"):
        open_history(path)
    assert not path.parent.exists()


# --------------------------------------------------------------------------------------
# Durability: one transaction per run


@pytest.mark.parametrize("pause_after", ["runs", "hedges"])
def test_sigkill_while_writing_leaves_the_store_as_it_was(db: Path, pause_after: str) -> None:
    store = Store(db)
    store.record_run(info(10), [small_suite()])
    store.record_run(info(11), [big_suite(questions=50)])
    before = _raw_tables(db)

    # Paused after the first insert ("runs") or after the last one, just before COMMIT.
    proc = _writer(db, "--big", "--hour", "12", pause=f"{pause_after}:120")
    _wait_paused(proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    assert _raw_tables(db) == before
    assert _run_ids(db) == [1, 2]
    assert store.record_run(info(13), [small_suite()]) == 3  # and the store still takes runs


def test_a_failing_write_leaves_earlier_runs_readable(db: Path, tmp_path: Path) -> None:
    """A file-size limit (like a full disk) makes DuckDB fail mid-write."""
    resource = pytest.importorskip("resource")
    store = Store(db)
    store.record_run(info(10), [small_suite()])
    before = _raw_tables(db)
    limit = 16 * 1024  # far below the write-ahead log of a big run
    script = (
        "import resource, signal, sys\n"
        f"sys.path.insert(0, {str(HERE)!r})\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))\n"
        "from history_builders import main\n"
        f"sys.exit(main([{str(db)!r}, '--big']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith(f"{db}: could not record the run: ")
    assert "Nothing of this run was written; the earlier runs are intact." in done.stderr
    assert resource is not None
    assert _raw_tables(db) == before
    assert store.record_run(info(11), [small_suite()]) == 2


def test_a_store_in_a_folder_that_cannot_exist_gets_one_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("I am a file")
    with pytest.raises(StoreWriteError, match="cannot create the store's folder"):
        Store(blocker / "history.duckdb").record_run(info(), [small_suite()])


def _permissions_enforced(folder: Path) -> bool:
    """False for root (or anyone with CAP_DAC_OVERRIDE), who can write a read-only file."""
    probe = folder / "probe"
    probe.write_text("")
    probe.chmod(0o444)
    try:
        with probe.open("a"):
            return False
    except PermissionError:
        return True
    finally:
        probe.chmod(0o644)
        probe.unlink()


# Root ignores file modes; without the capabilities that let it, it does not.
_NO_OVERRIDE = (
    "setpriv",
    "--inh-caps=-dac_override,-dac_read_search",
    "--bounding-set=-dac_override,-dac_read_search",
)


def test_a_read_only_store_cannot_be_written_but_stays_readable(db: Path, tmp_path: Path) -> None:
    Store(db).record_run(info(10), [small_suite()])
    db.chmod(0o444)
    db.parent.chmod(0o555)
    try:
        if _permissions_enforced(tmp_path):
            with pytest.raises(
                StoreWriteError, match=r"cannot write to the store: .*Permission denied"
            ):
                Store(db).record_run(info(11), [small_suite()])
        else:
            # As root (CI), write from a process that has given up the override.
            if shutil.which("setpriv") is None:
                pytest.fail("running as root needs setpriv (util-linux) for this test")
            writer = _writer(db, "--hour", "11", prefix=_NO_OVERRIDE)
            _, err = writer.communicate(timeout=60)
            assert writer.returncode == 1, err
            assert "cannot write to the store: " in err and "Permission denied" in err
        assert _run_ids(db) == [1]
    finally:
        db.parent.chmod(0o755)
        db.chmod(0o644)


# --------------------------------------------------------------------------------------
# Concurrency: one writing process at a time


def test_a_second_writer_waits_for_the_first(db: Path, tmp_path: Path) -> None:
    Store(db).record_run(info(10), [small_suite()])
    release = tmp_path / "release"
    first = _writer(db, "--big", "--hour", "11", pause=f"need_results:120:{release}")
    _wait_paused(first)
    second = _writer(db, "--hour", "12", "--timeout", "60")
    time.sleep(1.0)
    assert second.poll() is None  # still waiting for the lock
    release.touch()
    out1, err1 = first.communicate(timeout=60)
    out2, err2 = second.communicate(timeout=60)
    assert (first.returncode, second.returncode) == (0, 0), err1 + err2
    assert {out1.strip(), out2.strip()} == {"2", "3"}
    history = open_history(db)
    assert _run_ids(db) == [1, 2, 3]
    assert sorted(history.results()["suite"].unique()) == ["big", "orders"]
    assert len(history.needs(out1.strip())) == 300 * 4 * 5  # the first run is whole


def test_a_writer_that_waits_too_long_fails_clearly_and_the_first_run_is_kept(
    db: Path, tmp_path: Path
) -> None:
    Store(db).record_run(info(10), [small_suite()])
    release = tmp_path / "release"
    first = _writer(db, "--big", "--hour", "11", pause=f"runs:120:{release}")
    _wait_paused(first)
    second = _writer(db, "--hour", "12", "--timeout", "0.5")
    _, err2 = second.communicate(timeout=60)
    assert second.returncode == 1
    assert err2.startswith(
        f"{db}: the store is in use by another projeval process (PID {first.pid})"
    )
    assert "gave up after waiting 0.5 s. Fix: try again when it has finished, or use --db" in err2

    # Readers wait too: DuckDB refuses even a read-only open while a writer holds the file.
    with pytest.raises(StoreBusyError):
        open_history(db, lock_timeout=0.2).runs()
    release.touch()
    out1, err1 = first.communicate(timeout=60)
    assert first.returncode == 0, err1
    assert out1.strip() == "2"
    assert _run_ids(db) == [1, 2]


def test_readers_share_the_store(db: Path) -> None:
    Store(db).record_run(info(10), [small_suite()])
    con = duckdb.connect(str(db), read_only=True)  # another reader holds it open
    try:
        code = (
            f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
            "from projeval.history import open_history\n"
            f"print(len(open_history({str(db)!r}, lock_timeout=0.5).runs().runs))\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
        )
        assert done.stdout.strip() == "1", done.stderr
    finally:
        con.close()


def test_the_run_document_is_kept_whole(db: Path) -> None:
    document = {"version": 2, "suites": [{"name": "orders", "note": "ünïcode <b>"}]}
    store = Store(db)
    first = store.record_run(info(1), [small_suite()])
    second = store.record_run(info(2), [small_suite()], document=document)
    with store.read() as reader:
        assert reader.document(first) is None
        assert reader.document(second) == document
