"""The measuring pipeline's own machinery: batches, claimed texts, the collector."""

from __future__ import annotations

import gc

from projeval.traces.events import Event, Trace
from projeval.traces.metrics import TokenCache
from projeval.traces.pipeline import GC_YOUNG_THRESHOLD, claim_batch, fewer_collections


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
