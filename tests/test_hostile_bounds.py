"""Bounded memory and no hangs, whatever the input: bombs, endless files, FIFOs, aliases.

Each bomb is generated here, small on disk with a high ratio; a test that proves a
memory bound runs in a subprocess under an address-space limit (``resource``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from projeval.cli import cli
from projeval.errors import FixtureError, SuiteError, TraceError
from projeval.suites import load_suite
from projeval.traces import analyse_traces
from projeval.traces.readers import iter_records

REPO = Path(__file__).resolve().parent.parent
GOOD = (REPO / "traces" / "support_openai.jsonl").read_text(encoding="utf-8").splitlines()[0]


def _gzip_bomb(path: Path, pieces: list[tuple[bytes, int]]) -> None:
    """Write a gzip file of each ``(chunk, times)`` in turn, in bounded memory."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: a gzip header and trailer
    with path.open("wb") as out:
        for chunk, times in pieces:
            for _ in range(times):
                out.write(squeeze.compress(chunk))
        out.write(squeeze.flush())


def _in_subprocess_with_memory_limit(code: str, limit_mb: int) -> subprocess.CompletedProcess[str]:
    prelude = (
        "import resource\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({limit_mb} << 20, {limit_mb} << 20))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_gzip_bomb_of_one_endless_line_is_read_in_bounded_memory(tmp_path: Path) -> None:
    # 384 MiB of one line with no end in a ~1 MB file, then a good line, read under a
    # 350 MB address-space limit (held whole, the line alone would not fit): the long
    # line is skipped and reported, the good one read. The line bound is lowered to
    # 8 MB so the bomb can stay small; the code path is the one the 256 MB bound takes.
    path = tmp_path / "bomb.jsonl.gz"
    _gzip_bomb(path, [(b"[" * (1 << 20), 384), (b"\n" + GOOD.encode() + b"\n", 1)])
    assert path.stat().st_size < 4 << 20
    done = _in_subprocess_with_memory_limit(
        f"""
        from projeval.traces import analyse_traces, readers
        readers.MAX_LINE_BYTES = 8 << 20
        analysis = analyse_traces([{str(path)!r}], workers=1)
        print(len(analysis.summary))
        for p in analysis.problems.to_dict("records"):
            print(p["line"], p["reason"])
        """,
        350,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == [
        "1",
        "1 the line is longer than the 8 MB bound for one record (402,653,185 bytes or more); "
        "line skipped",
    ]


def test_a_gzip_bomb_over_the_decompressed_bound_stops_with_a_clear_problem(tmp_path: Path) -> None:
    path = tmp_path / "bomb.jsonl.gz"
    line = GOOD.encode() + b"\n"
    _gzip_bomb(path, [(line, 2000)])
    records = list(iter_records(path, max_decompressed_bytes=len(line) * 1000))
    good = [r for r in records if hasattr(r, "value")]
    problems = [r for r in records if hasattr(r, "reason")]
    assert len(good) == 1000
    assert [p.reason for p in problems] == [
        f"the file expands to more than the {len(line) * 1000:,}-byte bound for decompressed "
        "traces; the rest of the file is not read (raise max_decompressed_bytes to read it)"
    ]


def test_problems_beyond_a_cap_are_counted_not_kept(tmp_path: Path) -> None:
    path = tmp_path / "tiny.jsonl.gz"
    _gzip_bomb(path, [(b"x\n", 50_000), (GOOD.encode() + b"\n", 1)])
    analysis = analyse_traces([str(path)], workers=1)
    assert len(analysis.summary) == 1
    problems = analysis.problems.to_dict("records")
    assert len(problems) == 1001
    counted = [p for p in problems if "counted" in p["reason"]]
    assert [p["reason"] for p in counted] == [
        "49,000 more problems in this file are counted, not listed"
    ]
    assert analysis.to_dict()["files"][0]["problems"] == 50_000


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_devices_and_fifos_are_refused_where_a_file_is_expected(
    tmp_path: Path, make_suite: Callable[..., Path]
) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    started = time.monotonic()
    for path, kind in ((fifo, "a FIFO (named pipe)"), (Path("/dev/zero"), "a device")):
        with pytest.raises(TraceError) as info:
            analyse_traces([str(path)])
        assert info.value.render().startswith(f"{path}: trace file is {kind}, not a regular file.")
        suite = make_suite(
            f"suite: s\ntool: t\nfixtures: [{path}]\nfields: {{a: a}}\n"
            "projections: {raw: proj.py:raw}\nquestions: [{id: q, text: Q?, needs: [a]}]\n",
            code="def raw(x):\n    return x\n",
        )
        with pytest.raises(FixtureError) as info:
            load_suite(suite)
        assert f"fixture is {kind}, not a regular file." in info.value.render()
    assert time.monotonic() - started < 10


def test_traces_of_an_empty_path_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TraceError) as info:
        analyse_traces([""])
    assert info.value.render() == (
        "an empty trace path. Fix: name a trace file or folder (use . for this folder)"
    )
    result = CliRunner().invoke(cli, ["traces", ""])
    assert result.exit_code == 1
    assert "an empty trace path" in result.output


BILLION_LAUGHS = """\
suite: s
tool: t
unknown_key:
  a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
  h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
  i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
"""


def test_a_yaml_alias_bomb_is_refused_before_it_expands(make_suite: Callable[..., Path]) -> None:
    path = make_suite(BILLION_LAUGHS)
    started = time.monotonic()
    with pytest.raises(SuiteError) as info:
        load_suite(path)
    assert time.monotonic() - started < 5
    assert info.value.render() == (
        f"{path}:4:6: YAML aliases (*name) are not supported; the anchor they repeat is here. "
        "Fix: write the repeated value out in full"
    )
