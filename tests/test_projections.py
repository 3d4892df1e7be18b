"""Importing projections (in their workers): every way it can fail names the suite, the
projection and the fix."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from projeval.errors import ProjectionLoadError
from projeval.projections import Limits, ProjectionRunner
from projeval.suites import load_suite
from projeval.workers import WorkerRunner, start_runner

SUITE = """\
suite: tiny
tool: t
fixtures: [page.json]
fields: {name: "items[].name"}
projections:
  p: TARGET
questions:
  - {id: q, text: Whose, needs: [name]}
"""


def _load(
    make_suite: Callable[..., Path], target: str, code: str = ""
) -> tuple[WorkerRunner, Path]:
    path = make_suite(
        SUITE.replace("TARGET", target), {"page.json": {"items": [{"name": "A"}]}}, code
    )
    suite = load_suite(path, root=path.parent)
    return start_runner(suite.projections["p"], suite, Limits()), path


@pytest.mark.parametrize(
    ("target", "code", "reason", "fix"),
    [
        (
            "proj.py:nope",
            "def raw(x):\n    return x\n",
            "the module has no attribute 'nope'.",
            "use one of: raw",
        ),
        (
            "proj.py:raw",
            "def raw(x)\n    return x\n",
            "SyntaxError: expected ':'",
            "correct the syntax error in the projection's module",
        ),
        (
            "proj.py:raw",
            "raise RuntimeError('no db')\n",
            "RuntimeError: no db.",
            "the module raised while being imported; fix it",
        ),
        ("missing.py:raw", "", "no file", "check the path, relative to the suite file"),
        (
            "proj.py:VALUE",
            "VALUE = 3\n",
            "'VALUE' is not callable.",
            "name a function that takes the raw response",
        ),
    ],
)
def test_load_errors(
    make_suite: Callable[..., Path], target: str, code: str, reason: str, fix: str
) -> None:
    with pytest.raises(ProjectionLoadError) as info:
        _load(make_suite, target, code)
    message = info.value.render()
    assert f"suite 'tiny': projection 'p' ({target}) cannot be imported: {reason}" in message
    assert message.endswith(f"Fix: {fix}")
    assert message.startswith(f"{info.value.file}:6:6: ")


def test_an_edited_file_is_imported_afresh(make_suite: Callable[..., Path]) -> None:
    runner, path = _load(make_suite, "proj.py:raw", "def raw(x):\n    return 1\n")
    assert runner(None) == (1, "1")
    (path.parent / "proj.py").write_text("def raw(x):\n    return 2\n", encoding="utf-8")
    later = time.time() + 5
    os.utime(path.parent / "proj.py", (later, later))
    again, _ = _load(make_suite, "proj.py:raw")
    assert again(None) == (2, "2")
    assert again.digest != runner.digest != ""
    runner.close()
    again.close()


def test_the_worker_counts_calls_and_drops_what_is_printed(
    make_suite: Callable[..., Path], capfd: pytest.CaptureFixture[str]
) -> None:
    code = "def raw(x):\n    print('hello')\n    return {'ok': True}\n"
    runner, _ = _load(make_suite, "proj.py:raw", code)
    assert runner({"a": 1}) == ({"ok": True}, '{"ok":true}')
    assert (runner.calls, runner.printed) == (1, 6)
    runner.close()
    assert capfd.readouterr() == ("", "")


MODULE = """\
KEEP = {"id", "name"}
LIMIT = 3


def _slim(item):
    return {k: v for k, v in item.items() if k in KEEP}


def compact(page):
    return [_slim(i) for i in page["items"]]


def short(page):
    return page["items"][:LIMIT]
"""


def _digests(make_suite: Callable[..., Path], folder: Path, code: str) -> dict[str, str]:
    (folder / "proj.py").write_text(code, encoding="utf-8")
    later = time.time() + 5 + len(code)  # a new mtime, so the module is imported afresh
    os.utime(folder / "proj.py", (later, later))
    out = {}
    for name in ("compact", "short"):
        runner, _ = _load(make_suite, f"proj.py:{name}")
        out[name] = runner.digest  # worked out in the worker, where the function lives
        runner.close()
    return out


def test_the_source_digest_is_per_projection_function(make_suite: Callable[..., Path]) -> None:
    runner, path = _load(make_suite, "proj.py:compact", MODULE)
    runner.close()
    folder = path.parent
    first = _digests(make_suite, folder, MODULE)
    assert first["compact"] != first["short"]
    # Another projection added to the module changes neither digest.
    assert _digests(make_suite, folder, MODULE + "\n\ndef extra(page):\n    return page\n") == first
    # A helper or a constant a projection uses is part of its digest, and only of its.
    helper = _digests(make_suite, folder, MODULE.replace("if k in KEEP}", "if k in KEEP and v}"))
    assert (helper["compact"] != first["compact"], helper["short"]) == (True, first["short"])
    constant = _digests(make_suite, folder, MODULE.replace("LIMIT = 3", "LIMIT = 5"))
    assert (constant["compact"], constant["short"] != first["short"]) == (first["compact"], True)
    # A set constant digests the same in every process (its order does not count).
    reordered = _digests(make_suite, folder, MODULE.replace('{"id", "name"}', '{"name", "id"}'))
    assert reordered == first


def test_the_runner_captures_output_and_counts_calls(capsys: pytest.CaptureFixture[str]) -> None:
    def noisy(raw: object) -> dict:
        print("hello")
        return {"ok": True}

    runner = ProjectionRunner(noisy)
    assert runner({"a": 1}) == ({"ok": True}, '{"ok":true}')
    assert (runner.calls, runner.printed) == (1, 6)
    assert capsys.readouterr().out == ""
