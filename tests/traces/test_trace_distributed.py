"""The Dask engine: the same analysis as the local run, on a real LocalCluster.

Never skipped in CI: without Dask installed and ``CI`` set, this module fails.
"""

from __future__ import annotations

import functools
import gzip
import importlib.util
import json
import logging
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from click.testing import CliRunner
from projeval.cli import cli
from projeval.config import load_project
from projeval.errors import ProjevalError, TraceError
from projeval.run import RunResult
from projeval.store import RunInfo, Store, record_rows
from projeval.suites import load_suite
from projeval.traces import analyse_traces
from projeval.traces import distributed as engine
from projeval.traces.parquet import write_events
from projeval.traces.parsers import parse_file
from projeval.traces.partitions import Partition, PartitionResult, analyse_partition, plan_file
from projeval.traces.pipeline import Settings
from projeval.traces.readers import DEFAULT_MAX_JSON_BYTES
from test_trace_shards import _corpus
from trace_helpers import REPO, SHIPPED

if importlib.util.find_spec("distributed") is None:  # pragma: no cover - depends on the venv
    if os.environ.get("CI"):
        pytest.fail(
            "Dask distributed is not installed, and CI must run the dask engine tests: "
            "pip install -e '.[dev,dask]'",
            pytrace=False,
        )
    pytest.skip("Dask distributed is not installed", allow_module_level=True)

import cloudpickle
import distributed

# The partition function that kills its worker lives in this module, which the
# workers cannot import: ship it by value.
cloudpickle.register_pickle_by_value(sys.modules[__name__])

TABLES = ("summary", "events", "calls", "followups", "hedges", "turns", "drift", "problems")
SUITES = [REPO / "question_sets" / "support_desk.yaml", REPO / "question_sets" / "meter.yaml"]


@pytest.fixture(scope="module")
def suites() -> list[Any]:
    return [load_suite(p) for p in SUITES]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """Two worker processes of one thread each, shared by the tests of this module."""
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location(
        "bench_traces", REPO / "benchmarks" / "bench_traces.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Some tens of MB, deterministic: one big JSON Lines file, ids reused across
    cuts, a bad line, a gzip and a Parquet file in date-partitioned folders."""
    root = tmp_path_factory.mktemp("corpus")
    bench = _bench()
    bench.generate(root / "big.jsonl", 24, page_pool=400)
    _corpus(root / "reused.jsonl")
    day1, day2 = root / "day=2026-11-28", root / "day=2026-11-29"
    day1.mkdir()
    day2.mkdir()
    small = root / "small.jsonl"
    bench.generate(small, 2, page_pool=50)
    with gzip.open(day1 / "part-0.jsonl.gz", "wb") as fh:
        fh.write(small.read_bytes())
    small.unlink()
    for path in sorted(SHIPPED.glob("support_*")):
        write_events(parse_file(path), day2 / f"{path.name}.parquet")
    return [str(root / "big.jsonl"), str(root / "reused.jsonl"), str(root / "day=*" / "*")]


def assert_same(local: Any, dask: Any) -> None:
    """Every metric and attribution: the document, then each table as a DataFrame."""
    assert dask.to_dict() == local.to_dict()
    assert dask.findings == local.findings
    assert dask.hedged_answers == local.hedged_answers
    for name in TABLES:
        pd.testing.assert_frame_equal(getattr(dask, name), getattr(local, name), obj=name)


def test_shipped_traces_give_the_same_analysis(client: Any, suites: list[Any]) -> None:
    local = analyse_traces([SHIPPED], suites=suites)
    dask = analyse_traces([SHIPPED], suites=suites, engine="dask", address=client.scheduler.address)
    assert_same(local, dask)
    assert local.totals["traces"] == 7 and local.findings


def test_generated_corpus_gives_the_same_analysis(
    client: Any, suites: list[Any], corpus: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cut = 3 * 1024 * 1024
    parts = plan_file(corpus[0], None, cut, DEFAULT_MAX_JSON_BYTES)
    assert len(parts) >= 6 and not parts[0].whole  # the big file really is cut
    monkeypatch.setattr(engine, "PARTITION_BYTES", cut)
    local = analyse_traces(corpus, suites=suites)
    dask = analyse_traces(corpus, suites=suites, engine="dask", address=client.scheduler.address)
    assert_same(local, dask)
    formats = {f.format for f in local.files}
    assert formats == {"openai_chat", "parquet"} and len(local.files) == 8
    t = local.totals
    assert t["traces"] > 800 and t["followups"] > 0 and t["problems"] == 1
    # Summary mode, with the reused ids cut into many small partitions.
    monkeypatch.setattr(engine, "PARTITION_BYTES", 16 * 1024)
    lean = analyse_traces(
        corpus[1:],
        suites=suites,
        engine="dask",
        address=client.scheduler.address,
        keep_events=False,
    )
    full = analyse_traces(corpus[1:], suites=suites)
    assert lean.totals == full.totals and lean.findings == full.findings
    pd.testing.assert_frame_equal(lean.summary, full.summary)


def _kill(kills: int, folder: Path, part: Partition, settings: Settings) -> PartitionResult:
    """Kill the worker running each of the first ``kills`` partitions run anywhere, once."""
    for n in range(kills):
        try:
            os.close(os.open(folder / f"killed-{n}", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            continue
        os.kill(os.getpid(), signal.SIGKILL)
    return analyse_partition(part, settings)


# One worker killed mid-task; then both, so that any data only a worker held is gone: the
# settings every partition reads must be computed again, not lost with them.
@pytest.mark.parametrize("kills", [1, 2])
def test_killed_workers_are_replaced_and_nothing_counts_twice(
    kills: int,
    client: Any,
    suites: list[Any],
    corpus: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engine, "analyse_partition", functools.partial(_kill, kills, tmp_path))
    monkeypatch.setattr(engine, "PARTITION_BYTES", 16 * 1024)
    inputs = [str(SHIPPED), corpus[1]]
    dask = analyse_traces(inputs, suites=suites, engine="dask", address=client.scheduler.address)
    assert (tmp_path / f"killed-{kills - 1}").exists()  # the workers did die mid-task
    assert_same(analyse_traces(inputs, suites=suites), dask)
    # the nannies brought them back; a generous wait, since a loaded machine (CI's two
    # cores shared) can take well over 30 s to start a killed worker's process again
    client.wait_for_workers(2, timeout=180)


def test_dask_results_land_in_the_history_like_local_ones(
    client: Any, suites: list[Any], tmp_path: Path
) -> None:
    local = analyse_traces([SHIPPED], suites=suites)
    dask = analyse_traces([SHIPPED], suites=suites, engine="dask", address=client.scheduler.address)
    store = Store(tmp_path / "history.duckdb")
    info = RunInfo.capture(pd.Timestamp("2026-11-29T12:00Z").to_pydatetime(), tmp_path)
    record_local = RunResult([], traces=local).to_record()
    record_dask = RunResult([], traces=dask).to_record()
    rows_local, rows_dask = record_rows(info, record_local), record_rows(info, record_dask)
    assert rows_dask == rows_local and rows_dask["trace_summaries"] and rows_dask["followups"]
    first = store.record(info, record_local)
    second = store.record(info, record_dask)
    from projeval.history import open_history

    history = open_history(tmp_path / "history.duckdb")
    for table in ("trace_summaries", "followups", "hedges"):
        a = getattr(history, table)(first).drop(columns="run_id")
        b = getattr(history, table)(second).drop(columns="run_id")
        pd.testing.assert_frame_equal(a, b, obj=table)


def test_cli_engine_and_address(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    args = ["traces", "traces/", "--format", "json"]
    local = CliRunner().invoke(cli, args)
    dask = CliRunner().invoke(
        cli, [*args, "--engine", "dask", "--address", client.scheduler.address]
    )
    assert local.exit_code == dask.exit_code == 0, dask.output
    assert json.loads(dask.output) == json.loads(local.output)
    monkeypatch.setenv("PROJEVAL_DASK_ADDRESS", client.scheduler.address)
    by_env = CliRunner().invoke(cli, [*args, "--engine", "dask"])
    assert json.loads(by_env.output) == json.loads(local.output)


def test_projeval_run_on_dask_records_what_a_local_run_records(
    client: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(REPO)
    local_db, dask_db = tmp_path / "local.duckdb", tmp_path / "dask.duckdb"
    local = CliRunner().invoke(cli, ["run", "--db", str(local_db), "--no-report"])
    dask = CliRunner().invoke(
        cli,
        [
            "run",
            "--db",
            str(dask_db),
            "--no-report",
            "--engine",
            "dask",
            "--address",
            client.scheduler.address,
        ],
    )
    assert local.exit_code == dask.exit_code == 0, dask.output
    from projeval.history import open_history

    for table in ("trace_summaries", "followups", "hedges"):
        a = getattr(open_history(local_db), table)().drop(columns="run_id")
        b = getattr(open_history(dask_db), table)().drop(columns="run_id")
        assert len(a) > 0
        pd.testing.assert_frame_equal(a, b, obj=table)


def test_missing_dask_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ProjevalError) as info:
        analyse_traces([SHIPPED], engine="dask")
    assert info.value.render() == (
        "the dask engine needs Dask distributed, which is not installed. "
        "Fix: pip install 'projeval[dask]', or use the local engine (--engine local)"
    )


def test_unknown_engine_and_unreachable_scheduler(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(TraceError, match="unknown engine 'spark'"):
        analyse_traces([SHIPPED], engine="spark")
    monkeypatch.setattr(engine, "CONNECT_TIMEOUT", 1)
    with pytest.raises(
        ProjevalError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"
    ):
        analyse_traces([SHIPPED], engine="dask", address="tcp://127.0.0.1:9")


def test_scheduler_address_order(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in engine.ADDRESS_ENVS:
        monkeypatch.delenv(name, raising=False)
    assert engine.scheduler_address(None, None) is None
    assert engine.scheduler_address(None, "tcp://config:8786") == "tcp://config:8786"
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "tcp://dask:8786")
    assert engine.scheduler_address(None, "tcp://config:8786") == "tcp://dask:8786"
    monkeypatch.setenv("PROJEVAL_DASK_ADDRESS", "tcp://ours:8786")
    assert engine.scheduler_address(None, "tcp://config:8786") == "tcp://ours:8786"
    assert engine.scheduler_address("tcp://cli:8786", "tcp://config:8786") == "tcp://cli:8786"
    (tmp_path / "projeval.toml").write_text('dask_address = "tcp://config:8786"\n', "utf-8")
    assert load_project(tmp_path / "projeval.toml").dask_address == "tcp://config:8786"


def test_a_user_error_reads_as_in_the_local_run(client: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("hello\n", "utf-8")
    # Beside other files, a file no reader can read is one problem, in both engines.
    local_run = analyse_traces([SHIPPED, bad])
    dask_run = analyse_traces([SHIPPED, bad], engine="dask", address=client.scheduler.address)
    assert dask_run.to_dict()["problems"] == local_run.to_dict()["problems"]
    assert dask_run.to_dict()["files"] == local_run.to_dict()["files"]
    assert local_run.to_dict()["files"][-1] == {
        "path": str(bad),
        "format": "unread",
        "traces": 0,
        "problems": 1,
    }
    # Alone, it is the run's error.
    with pytest.raises(TraceError) as local:
        analyse_traces([bad])
    with pytest.raises(TraceError) as dask:
        analyse_traces([bad], engine="dask", address=client.scheduler.address)
    assert dask.value.render() == local.value.render()
    assert (
        (dask.value.file, dask.value.fix)
        == (local.value.file, local.value.fix)
        == (
            str(bad),
            "check that the file is JSON or JSON Lines and not cut short",
        )
    )


def test_a_trace_in_two_files_counts_once_on_dask_too(client: Any, tmp_path: Path) -> None:
    # The workers hash a trace's events (copies.py) under the one PYTHONHASHSEED their
    # nanny gives them, so a copy read on one worker matches its original read on another.
    session = SHIPPED / "support_openai.jsonl"
    first = tmp_path / "a.jsonl"
    first.write_bytes(session.read_bytes())
    copy = tmp_path / "b.jsonl"
    copy.write_bytes(session.read_bytes())
    local = analyse_traces([first, copy])
    dask = analyse_traces([first, copy], engine="dask", address=client.scheduler.address)
    assert_same(local, dask)
    alone = analyse_traces([first])
    assert dask.totals["traces"] == alone.totals["traces"] > 0
    assert len(dask.problems) == alone.totals["traces"]  # one per copy left out
    assert set(dask.problems["file"]) == {str(copy)}
