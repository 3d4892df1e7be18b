"""Large JSON Lines files in shards: the same answer as one process."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from projeval.traces import analyse_traces, cuts, shards
from trace_helpers import desk_suite


def _conversation(n: int) -> list[dict]:
    page = {
        "data": [
            {
                "id": f"tkt_{n:08d}-aaaa",
                "relationships": {"assignee": {"data": {"id": f"usr_{n % 3:08d}"}}},
            }
        ]
    }
    return [
        {"role": "user", "content": f"Who owns ticket number {n}?"},
        {
            "role": "assistant",
            "tool_calls": [
                {
                    "id": f"s{n}",
                    "type": "function",
                    "function": {"name": "search_tickets", "arguments": json.dumps({"q": f"n{n}"})},
                }
            ],
        },
        {"role": "tool", "tool_call_id": f"s{n}", "content": json.dumps(page)},
        {
            "role": "assistant",
            "tool_calls": [
                {
                    "id": f"u{n}",
                    "type": "function",
                    "function": {
                        "name": "get_user",
                        "arguments": json.dumps({"user_id": f"usr_{n % 3:08d}"}),
                    },
                }
            ],
        },
        {"role": "tool", "tool_call_id": f"u{n}", "content": '{"name": "Dana"}'},
        {"role": "assistant", "content": f"Probably Dana, for ticket {n}."},
    ]


def _corpus(path: Path) -> tuple[Path, int]:
    lines = []
    for n in range(120):
        msgs = _conversation(n)
        if n % 4 == 0:  # a request log: the conversation so far, once per model call
            lines += [
                json.dumps({"trace_id": f"c{n}", "messages": msgs[: i + 1]})
                for i, m in enumerate(msgs)
                if m["role"] == "assistant"
            ]
        elif n % 4 == 1:
            lines.append(json.dumps({"messages": msgs}))  # no id: named by its line
        else:
            lines.append(json.dumps({"trace_id": f"c{n % 7}", "messages": msgs}))  # ids reused
        if n == 50:
            lines.append("{not json")
            bad = len(lines)
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path, bad


def test_sharded_run_equals_single_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, bad = _corpus(tmp_path / "big.jsonl")
    monkeypatch.setattr(cuts, "SHARD_MIN_BYTES", 1)
    plan = cuts.plan(path, "openai_chat", 3)
    assert plan is not None and len(plan) == 3
    assert plan[0].start == 0 and plan[-1].end == path.stat().st_size
    assert all(a.end == b.start for a, b in itertools.pairwise(plan))
    before = threading.active_count()
    one = analyse_traces([path], suites=[desk_suite()], workers=1)
    assert threading.active_count() == before  # no thread left behind
    # Shards are forked only from a process with no other thread, and earlier tests
    # (notebooks, Dask) may have left some in this one: shard in a fresh process.
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        b, forked = pool.submit(_sharded, path).result()
    a = one.to_dict()
    assert forked == 1
    assert a == b
    assert a["totals"]["traces"] == 120 and a["totals"]["problems"] == 1
    assert [p["line"] for p in a["problems"]] == [bad]
    assert plan[1].first_line < bad < plan[2].first_line  # found by the middle shard
    lean = analyse_traces([path], suites=[desk_suite()], workers=3, keep_events=False)
    assert lean.totals == one.totals and lean.findings == one.findings


def _sharded(path: Path) -> tuple[dict, int]:
    """In a fresh process: the document of a 3-shard run, and how many files were sharded."""
    forked = 0
    run = shards.run

    def counting(*args: Any) -> Any:
        nonlocal forked
        forked += 1
        return run(*args)

    shards.run = counting
    cuts.SHARD_MIN_BYTES = 1  # this process's own copy of the module
    many = analyse_traces([path], suites=[desk_suite()], workers=3)
    assert not multiprocessing.active_children()  # no shard process outlives the call
    return many.to_dict(), forked


def test_cuts_keep_a_request_log_together(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    msgs = _conversation(1)
    lines = [json.dumps({"trace_id": "same", "messages": msgs[: i + 1]}) for i in range(6)]
    path.write_text("\n".join(lines) + "\n", "utf-8")
    assert cuts.plan(path, "openai_chat", 2) is None  # no place to cut
    assert cuts.plan(path, "mcp", 2) is None  # not a conversation format


def test_shards_name_line_numbered_traces_as_one_pass(tmp_path: Path) -> None:
    # Records without an id are named after their line, which a shard that did not
    # count the lines before it learns only at the merge; ids that equal such a name,
    # before or after it, in the same shard or another, are numbered as one pass would.
    path = tmp_path / "big.jsonl"
    lines = []
    for n in range(90):
        msgs = _conversation(n)
        if n == 40:
            lines.append(json.dumps({"trace_id": "big.jsonl:3", "messages": msgs}))
        elif n == 70:
            lines.append(json.dumps({"trace_id": "big.jsonl:77", "messages": msgs}))
        elif n in (2, 75) or n % 5 == 1:
            lines.append(json.dumps({"messages": msgs}))  # named after its line
        else:
            lines.append(json.dumps({"trace_id": f"c{n % 4}", "messages": msgs}))
        if n in (20, 80):
            lines.append("{not json")
    path.write_text("\n".join(lines) + "\n", "utf-8")
    one = analyse_traces([path], suites=[desk_suite()], workers=1).to_dict()
    ids = [row["trace_id"] for row in one["traces"]]
    assert "big.jsonl:3" in ids and "big.jsonl:3#2" in ids
    assert "big.jsonl:77" in ids and "big.jsonl:77#2" in ids
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        many, forked = pool.submit(_sharded, path).result()
    assert forked == 1
    assert many == one
    assert [p["line"] for p in many["problems"]] == [22, 83]


def _run_broken(path: Path, how: str) -> str:
    """In a fresh process: run two shards of ``path``, the second one broken ``how``."""
    import os
    import signal

    from projeval.errors import TraceError
    from projeval.traces.pipeline import Settings

    real = shards.analyse_partition

    def broken(part: Any, settings: Any, exchange: Any = None) -> Any:
        if part.start > 0:
            if how == "killed":
                os.kill(os.getpid(), signal.SIGKILL)
            raise TraceError("this shard could not be read.", file=part.path, fix="none")
        return real(part, settings, exchange=exchange)

    shards.analyse_partition = broken
    cut = cuts.plan(path, "openai_chat", 2, number_lines=False)
    assert cut is not None and cut[1].first_line is None
    settings = Settings("o200k_base", False, 1, ("en",), ())
    try:
        shards.run(cut, "openai_chat", settings)
    except TraceError as exc:
        return str(exc)
    return "no error"


@pytest.mark.parametrize("how", ["killed", "failed"])
def test_a_shard_that_dies_or_fails_is_one_clear_error(tmp_path: Path, how: str) -> None:
    path, _ = _corpus(tmp_path / "big.jsonl")
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        message = pool.submit(_run_broken, path, how).result()
    if how == "killed":
        assert message.startswith(f"{path}: the process reading bytes ")
        assert "stopped without a result (exit code -9)" in message
    else:
        assert message == f"{path}: this shard could not be read. Fix: none"
