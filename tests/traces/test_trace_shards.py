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


def _sharded(path: Path, suites: bool = True) -> tuple[dict, int]:
    """In a fresh process: the document of a 3-shard run (with the desk suite, or with
    none), and how many files were sharded."""
    forked = 0
    run = shards.run

    def counting(*args: Any) -> Any:
        nonlocal forked
        forked += 1
        return run(*args)

    shards.run = counting
    cuts.SHARD_MIN_BYTES = 1  # this process's own copy of the module
    many = analyse_traces([path], suites=[desk_suite()] if suites else [], workers=3)
    assert not multiprocessing.active_children()  # no shard process outlives the call
    return many.to_dict(), forked


def test_cuts_keep_a_request_log_together(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    msgs = _conversation(1)
    lines = [json.dumps({"trace_id": "same", "messages": msgs[: i + 1]}) for i in range(6)]
    path.write_text("\n".join(lines) + "\n", "utf-8")
    assert cuts.plan(path, "openai_chat", 2) is None  # no place to cut
    assert cuts.plan(path, "mcp", 2) is None  # not a conversation format


def test_cuts_keep_a_request_log_without_ids_together(tmp_path: Path) -> None:
    # No conversation id: each line re-sends the one before with more after it, so the
    # parser joins them, and a cut falls only where a line does not extend the last.
    path = tmp_path / "log.jsonl"
    first, second = _conversation(1), _conversation(2)
    lines = [json.dumps({"messages": first[: i + 1]}) for i in range(len(first))]
    path.write_text("\n".join(lines) + "\n", "utf-8")
    assert cuts.plan(path, "openai_chat", 2) is None  # one conversation: no place to cut
    lines += [json.dumps({"messages": second[:2]})]  # the half way falls in the first
    path.write_text("\n".join(lines) + "\n", "utf-8")
    plan = cuts.plan(path, "openai_chat", 2)
    assert plan is not None and [s.first_line for s in plan] == [1, len(first) + 1]
    one = analyse_traces([path], workers=1)
    assert one.totals["traces"] == 2


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


def test_shards_name_repeated_benchmark_runs_as_one_pass(tmp_path: Path) -> None:
    # A benchmark's results as JSON Lines: each run a whole conversation under "traj",
    # named by its task and trial; tasks run again without a trial number (task 3, task
    # 3#2, ... in whichever shard they fall) and runs with no id at all (named by line).
    path = tmp_path / "results.jsonl"
    lines = []
    for n in range(90):
        run: dict[str, Any] = {"reward": 1.0, "info": {}, "traj": _conversation(n % 6)}
        if n % 3 == 0:
            run["task_id"] = n % 4  # the same conversation again: never merged
        elif n % 3 == 1:
            run.update(task_id=n % 10, trial=n // 10)
        lines.append(json.dumps(run))
    path.write_text("\n".join(lines) + "\n", "utf-8")
    one = analyse_traces([path], suites=[desk_suite()], workers=1).to_dict()
    ids = [row["trace_id"] for row in one["traces"]]
    assert len(ids) == len(set(ids)) == 90
    assert {"task 3", "task 3#2", "task 3#7", "task 4 trial 0", "results.jsonl:3"} <= set(ids)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        many, forked = pool.submit(_sharded, path).result()
    assert forked == 1
    assert many == one


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


def _responses_chain(n: int) -> list[dict[str, Any]]:
    """Three Responses records of one conversation, shaped as the recorded pair in
    tests/corpora/formats (pydantic-ai's cassette): each request after the first holds
    only its new items and names the response it continues."""
    usage = {"input_tokens": 40, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 9}

    def call(k: str, name: str, args: dict[str, str]) -> dict[str, Any]:
        return {
            "type": "function_call",
            "id": f"fc_{n}_{k}",
            "call_id": f"call_{n}_{k}",
            "name": name,
            "arguments": json.dumps(args),
            "status": "completed",
        }

    def output(k: str, value: dict[str, str]) -> dict[str, Any]:
        return {
            "type": "function_call_output",
            "call_id": f"call_{n}_{k}",
            "output": json.dumps(value),
        }

    def response(k: str, items: list[dict[str, Any]], previous: str | None) -> dict[str, Any]:
        return {
            "id": f"resp_{n}_{k}",
            "object": "response",
            "model": "gpt-5-2025-08-07",
            "status": "completed",
            "previous_response_id": previous,
            "output": items,
            "usage": usage,
        }

    answer = {
        "type": "message",
        "id": f"msg_{n}",
        "role": "assistant",
        "status": "completed",
        "content": [
            {"type": "output_text", "text": f"Order ord_{n:04d} is in transit.", "annotations": []}
        ],
    }
    return [
        {
            "request": {
                "input": [{"role": "user", "content": f"Where is order ord_{n:04d}?"}],
                "model": "gpt-5",
            },
            "response": response("a", [call("1", "get_order", {"order_id": f"ord_{n:04d}"})], None),
        },
        {
            "request": {
                "previous_response_id": f"resp_{n}_a",
                "input": [output("1", {"carrier_ref": f"TRK_{n:05d}"})],
            },
            "response": response(
                "b", [call("2", "track_parcel", {"ref": f"TRK_{n:05d}"})], f"resp_{n}_a"
            ),
        },
        {
            "request": {
                "previous_response_id": f"resp_{n}_b",
                "input": [output("2", {"status": "in transit"})],
            },
            "response": response("c", [answer], f"resp_{n}_b"),
        },
    ]


def test_sharded_responses_chains_are_joined_as_in_one_process(tmp_path: Path) -> None:
    # Three conversations at a time, their records interleaved (a1 b1 a2 c1 b2 a3 c2 b3 c3):
    # a cut may fall only between two such groups.
    lines, chain_of = [], []
    for group in range(40):
        chains = [_responses_chain(3 * group + k) for k in range(3)]
        for k, step in [(0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2), (2, 1), (1, 2), (2, 2)]:
            lines.append(json.dumps(chains[k][step]))
            chain_of.append(3 * group + k)
    path = tmp_path / "responses.jsonl"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    plan = cuts.plan(path, "openai_responses", 3)
    assert plan is not None and len(plan) == 3
    starts, at = [], 0
    for line in lines:
        starts.append(at)
        at += len(line.encode()) + 1
    for cut in plan[1:]:
        first = starts.index(cut.start)  # a cut is a line start...
        assert set(chain_of[:first]).isdisjoint(chain_of[first:])  # ...no chain crosses
    one = analyse_traces([path], workers=1)
    assert one.totals["traces"] == 120
    assert one.summary[
        ["calls", "results", "unanswered_calls", "orphan_results"]
    ].sum().tolist() == [
        240,
        240,
        0,
        0,
    ]
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        many, forked = pool.submit(_sharded, path, False).result()
    assert forked == 1
    assert many == one.to_dict()
