"""The read phase of ``benchmarks/bench_traces.py``: what it reads, never how fast.

The phase reports what only reading the corpus costs beside the bound, so it must read
every line exactly once, however the file is cut between processes.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from trace_helpers import REPO


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location(
        "bench_traces", REPO / "benchmarks" / "bench_traces.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench() -> Any:
    return _bench()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory, bench: Any) -> Path:
    path = tmp_path_factory.mktemp("bench") / "corpus.jsonl"
    bench.generate(path, 1, page_pool=20)
    return path


@pytest.mark.parametrize("parts", [1, 2, 3, 7])
def test_the_cuts_fall_at_line_starts_and_every_line_is_read_once(
    bench: Any, corpus: Path, parts: int
) -> None:
    data = corpus.read_bytes()
    lines = data.count(b"\n")
    offsets = bench._line_starts(corpus, parts)
    assert offsets[0] == 0 and offsets[-1] == len(data)
    assert offsets == sorted(offsets)
    assert all(o == 0 or data[o - 1 : o] == b"\n" for o in offsets[:-1])
    read = [bench.read_range(str(corpus), a, b) for a, b in itertools.pairwise(offsets)]
    assert sum(read) == lines


def test_a_last_line_without_its_newline_and_blank_lines(bench: Any, tmp_path: Path) -> None:
    path = tmp_path / "short.jsonl"
    rows = [json.dumps({"trace_id": str(i), "messages": []}) for i in range(5)]
    path.write_text("\n".join([rows[0], "", *rows[1:]]))  # a blank line, no final newline
    offsets = bench._line_starts(path, 2)
    assert sum(bench.read_range(str(path), a, b) for a, b in itertools.pairwise(offsets)) == 5


def test_a_bad_line_is_not_skipped(bench: Any, tmp_path: Path) -> None:
    # The phase times a corpus the bench wrote: a line it cannot parse is a broken corpus.
    path = tmp_path / "bad.jsonl"
    path.write_text('{"a": 1}\n{"a": \n')
    with pytest.raises(ValueError):
        bench.read_range(str(path), 0, path.stat().st_size)
