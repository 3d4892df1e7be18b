"""The measuring pipeline's own machinery: batches, claimed texts, the collector."""

from __future__ import annotations

import gc
import json
from pathlib import Path

from projeval.traces.events import Event, Trace
from projeval.traces.metrics import TokenCache
from projeval.traces.pipeline import (
    GC_YOUNG_THRESHOLD,
    claim_batch,
    fewer_collections,
    trace_order,
)


def test_fewer_collections_raises_the_threshold_and_restores_it() -> None:
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD
        with fewer_collections():  # nested: left as the outer one set it
            assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD
        assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD
    assert gc.get_threshold() == before
    gc.disable()
    try:
        with fewer_collections():  # a caller that turned the collector off keeps it off
            assert not gc.isenabled()
    finally:
        gc.enable()


def test_claim_batch_claims_each_new_text_once_in_order() -> None:
    trace = Trace("t", "f.jsonl", 1, "openai_chat")
    trace.events = [
        Event("user", "message", 0, text="q"),
        Event("assistant", "call", 1, tool="get_user", args_raw='{"id": 1}'),
        Event("tool", "result", 2, text='{"name": "Dana"}'),
        Event("assistant", "call", 3, tool="get_user", args_raw='{"id": 2}'),
        Event("assistant", "message", 4, text=None),
    ]
    cache = TokenCache("o200k_base")
    cache.fill(["q"], [1])
    assert claim_batch(cache, [trace, trace]) == [
        "get_user",
        '{"id": 1}',
        '{"name": "Dana"}',
        '{"id": 2}',
    ]
    assert claim_batch(cache, [trace]) == []


def test_refuse_unread_names_every_file_when_none_could_be_read() -> None:
    # Given 25 files none of which could be read, the run stopped on the first file's
    # error alone: the problems that would name the others are never printed.
    from projeval.errors import TraceError
    from projeval.traces.pipeline import UNREAD, Collected, FileInfo, refuse_unread

    out = Collected()
    for name in ("a.json", "b.json", "c.json", "d.json", "e.json"):
        out.infos.append(FileInfo(f"/runs/{name}", UNREAD, 0, 1))
        out.unread.append((f"/runs/{name}", "not a known trace format.", None, "convert it"))
    try:
        refuse_unread(out)
    except TraceError as exc:
        assert str(exc) == (
            "/runs/a.json: not a known trace format; no other file given could be read either "
            "(b.json, c.json, d.json and 1 more). Fix: convert it"
        )
    else:
        raise AssertionError("no error")
    # One file alone fails as that file's error, unchanged.
    one = Collected()
    one.infos.append(FileInfo("/runs/a.json", UNREAD, 0, 1))
    one.unread.append(("/runs/a.json", "not a known trace format.", "3", "convert it"))
    try:
        refuse_unread(one)
    except TraceError as exc:
        assert str(exc) == "/runs/a.json:3: not a known trace format. Fix: convert it"
    # A bad file among read ones is a problem, not an error.
    mixed = Collected()
    mixed.infos += [FileInfo("/runs/a.json", UNREAD, 0, 1), FileInfo("/runs/ok.jsonl", "mcp", 1, 0)]
    mixed.unread.append(("/runs/a.json", "not a known trace format.", None, None))
    refuse_unread(mixed)


def test_traces_named_after_their_lines_are_listed_in_line_order(tmp_path: Path) -> None:
    # Ten Azure AI Evaluation rows of a support agent (the session 12 trial) listed 1, 10,
    # 2, 3, ...: names are ordered by their numbers as numbers.
    from projeval.traces import analyse_traces

    path = tmp_path / "rows.jsonl"
    rows = [{"messages": [{"role": "user", "content": f"question {n}"}]} for n in range(1, 12)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    summary = analyse_traces([path], workers=1).summary
    assert summary["trace_id"].tolist() == [f"rows.jsonl:{n}" for n in range(1, 12)]


def test_trace_order_compares_numbers_as_numbers_and_ties_by_the_id() -> None:
    assert sorted(["task 10", "task 9", "task 9#2", "a"], key=trace_order) == [
        "a",
        "task 9",
        "task 9#2",
        "task 10",
    ]
    assert sorted(["t1", "t01"], key=trace_order) == ["t01", "t1"]  # same number: by the id
