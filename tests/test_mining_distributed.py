"""Question mining on the Dask engine: the same draft as the local engine, on a real cluster.

A LocalCluster of two worker processes runs :func:`projeval.mining.miner.mine_partition`
through the trace analysis's runner (:func:`projeval.traces.distributed.map_partitions`).
Never skipped in CI: without Dask installed and ``CI`` set, this module fails.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from projeval.cli import cli
from projeval.errors import TraceError
from projeval.mining import MiningError, mine_questions
from projeval.traces.partitions import plan_file
from projeval.traces.readers import DEFAULT_MAX_JSON_BYTES
from test_mining import GOLDEN, REPO, _corpus, write

if importlib.util.find_spec("distributed") is None:  # pragma: no cover - depends on the venv
    if os.environ.get("CI"):
        pytest.fail(
            "Dask distributed is not installed, and CI must run the dask engine tests: "
            "pip install -e '.[dev,dask]'",
            pytrace=False,
        )
    pytest.skip("Dask distributed is not installed", allow_module_level=True)

import distributed
from projeval.traces import distributed as engine


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    """A scheduler with two worker processes of one thread each, shared by this module."""
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",  # any free port: 8787 may be taken by another cluster
        silence_logs=logging.ERROR,
    )
    yield cluster.scheduler_address
    cluster.close()


def test_the_shipped_traces_give_the_golden_draft_on_dask(address: str) -> None:
    local = mine_questions([REPO / "traces"], "search_tickets")
    dask = mine_questions([REPO / "traces"], "search_tickets", engine="dask", address=address)
    assert dask.to_yaml() == local.to_yaml() == GOLDEN.read_text("utf-8")
    assert (dask.files, dask.traces, dask.turns) == (local.files, local.traces, local.turns)


def test_a_file_cut_into_partitions_gives_the_local_draft(
    address: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Conversations without an id are named after their line: a partition that numbered
    # its lines from 1 would give two conversations one name and merge their weights.
    one = [json.loads(x) for x in _corpus(tmp_path).read_text("utf-8").splitlines()]
    many = [{k: v for k, v in c.items() if k != "id"} for _ in range(30) for c in one]
    path = write(tmp_path, many, "big.jsonl")
    small = path.stat().st_size // 5
    parts = plan_file(path, None, small, DEFAULT_MAX_JSON_BYTES, number_lines=True)
    assert len(parts) >= 3
    assert all(p.first_line is not None for p in parts)
    assert parts[0].first_line == 1
    local = mine_questions(path, "search_tickets", workers=1)
    monkeypatch.setattr(engine, "PARTITION_BYTES", small)
    dask = mine_questions(path, "search_tickets", engine="dask", address=address)
    assert dask.to_yaml() == local.to_yaml()
    assert [q.weight for q in dask.questions] == [q.weight for q in local.questions]
    assert dask.questions[0].weight == 3 * 30  # each conversation counted once


def test_cli_mines_on_dask(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    args = ["questions", "mine", "traces", "--tool", "search_tickets", "--engine", "dask"]
    result = CliRunner().invoke(cli, [*args, "--address", address])
    assert result.exit_code == 0, result.output
    assert result.stdout == GOLDEN.read_text("utf-8")


def test_errors_read_as_in_the_local_run(address: str, tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    with pytest.raises(MiningError) as local:
        mine_questions(corpus, "serach_tickets")
    with pytest.raises(MiningError) as dask:
        mine_questions(corpus, "serach_tickets", engine="dask", address=address)
    assert dask.value.render() == local.value.render()
    bad = tmp_path / "bad.json"
    bad.write_text('{"neither": "a conversation"}', "utf-8")
    with pytest.raises(TraceError) as local_bad:
        mine_questions(bad, "search_tickets")
    with pytest.raises(TraceError) as dask_bad:
        mine_questions(bad, "search_tickets", engine="dask", address=address)
    assert dask_bad.value.render() == local_bad.value.render()
    # Beside a readable file it is named in the draft, on both engines alike.
    both = [corpus, bad]
    local_run = mine_questions(both, "search_tickets")
    dask_run = mine_questions(both, "search_tickets", engine="dask", address=address)
    assert dask_run.unread == local_run.unread and len(local_run.unread) == 1
    assert dask_run.to_yaml() == local_run.to_yaml()
    with pytest.raises(TraceError, match="unknown engine 'spark'"):
        mine_questions(corpus, "search_tickets", engine="spark")
