"""Projections in worker processes: every way a projection can break a shared process is a
fault of its own, its neighbours are scored, the gate fails and ``--format json`` stays valid.

Everything here runs real worker processes (and, for the output, projeval itself as a
subprocess): nothing is mocked.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from projeval.cli import cli
from projeval.config import load_project
from projeval.projections import Limits, ProjectionFault
from projeval.run import RunResult, evaluate
from projeval.suites import load_suite
from projeval.workers import start_runner

PAGE = {"items": [{"id": "a1", "name": "Ada"}, {"id": "b2", "name": "Bob"}]}

SUITE = """\
suite: faults
tool: list_items
fixtures:
  - page.json
  - path: limited.json
    error: rate_limited
fields:
  item_id: {path: "items[].id", kind: id}
  name: items[].name
projections:
PROJECTIONS
questions:
  - {id: who, text: Who is there?, needs: [item_id, name]}
"""

# Each projection: its code, the fault kind it must get, and words of the message. The
# expected kinds were written before the workers existed (issue 17's list of faults).
FAULTS: dict[str, tuple[str, str, str]] = {
    "sys_exit": ("sys.exit(0)", "exit", "called sys.exit(0)"),
    "os_exit": ("os._exit(0)", "exit", "exited with status 0"),
    "segfault": ("ctypes.string_at(0)", "signal", "was killed by SIGSEGV"),
    "ignores_alarm": (
        "signal.signal(signal.SIGALRM, signal.SIG_IGN)\n    while True:\n        pass",
        "timeout",
        "did not return within 1 s",
    ),
    "catches_everything": (
        "while True:\n        try:\n            time.sleep(5)\n        except BaseException:\n"
        "            pass",
        "timeout",
        "did not return within 1 s",
    ),
    "memory": ("block = bytearray(1 << 30)\n    return len(block)", "memory", "out of memory"),
    "chdir": ("os.chdir('/')", "chdir", "changed the working directory to /"),
    "writes_fd1": ("os.write(1, b'{broken')", "stray-output", "wrote 7 bytes"),
    "daemon_printer": (
        "threading.Thread(target=_chatter, daemon=True).start()",
        "threads",
        "left 1 thread(s) running",
    ),
    "leftover_thread": (
        "threading.Thread(target=time.sleep, args=(3,)).start()",
        "threads",
        "left 1 thread(s) running",
    ),
    "patches_json": (
        "json.dumps = lambda *a, **k: '{}'",
        "patched",
        "replaced json.dumps",
    ),
}

CODE_HEAD = """\
import ctypes, json, os, signal, sys, threading, time

def _chatter():
    while True:
        print("chatter")
        os.write(2, b"chatter\\n")
        time.sleep(0.01)

def good(page):
    return {"items": [{"id": i["id"], "name": i["name"]} for i in page.get("items", [])]}
"""


def _code() -> str:
    blocks = [CODE_HEAD]
    for name, (body, _kind, _words) in FAULTS.items():
        blocks.append(
            f"\ndef {name}(page):\n    if page.get('items'):\n        {body.replace(chr(10), chr(10) + '    ')}\n"
            "    return good(page)\n"
        )
    return "".join(blocks)


def _write_project(root: Path, names: list[str], code: str, config: str) -> Path:
    (root / "page.json").write_text(json.dumps(PAGE), encoding="utf-8")
    (root / "limited.json").write_text(json.dumps({"error": "slow down"}), encoding="utf-8")
    (root / "proj.py").write_text(code, encoding="utf-8")
    lines = "".join(f"  {n}: proj.py:{n}\n" for n in names)
    suite = root / "suite.yaml"
    suite.write_text(SUITE.replace("PROJECTIONS\n", lines), encoding="utf-8")
    (root / "projeval.toml").write_text(
        'suites = ["suite.yaml"]\ndb = "history.duckdb"\n' + config, encoding="utf-8"
    )
    return suite


CONFIG = "timeout = 1\nmax_memory_mb = 512\n"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("faults")
    _write_project(root, ["good", *FAULTS], _code(), CONFIG)
    return root


@pytest.fixture(scope="module")
def run(project: Path) -> RunResult:
    return evaluate(load_project(root=project))


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_each_fault_is_the_projections_own(run: RunResult, name: str) -> None:
    projections = run.suites[0].score.projections
    _body, kind, words = FAULTS[name]
    faulty = projections[name]
    assert (faulty.error_kind, faulty.coverage) == (kind, None)
    assert words in (faulty.error or ""), faulty.error
    good = projections["good"]
    assert (good.error, good.coverage) == (None, 1.0)


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_the_gate_fails_on_each_fault(project: Path, name: str) -> None:
    result = CliRunner().invoke(
        cli, ["--config", str(project / "projeval.toml"), "check", "-p", name, "--fail-under", "0"]
    )
    assert result.exit_code == 1, result.output
    assert f"FAILED faults / {name}: projection error: projection {name!r}" in result.output


def test_nothing_a_worker_does_reaches_projevals_output(project: Path) -> None:
    """projeval itself, as a subprocess: its stdout is one JSON document, and nothing else."""
    projeval = Path(sys.executable).with_name("projeval")
    done = subprocess.run(
        [str(projeval), "score", "--format", "json"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 1  # projections misbehaved: an input error
    document = json.loads(done.stdout)
    (suite,) = document["suites"]
    kinds = {p["name"]: p["error_kind"] for p in suite["projections"]}
    assert kinds == {"good": None, **{n: FAULTS[n][1] for n in FAULTS}}
    assert "chatter" not in done.stdout + done.stderr
    assert "{broken" not in done.stdout + done.stderr
    check = subprocess.run(
        [str(projeval), "check", "--fail-under", "100"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert check.returncode == 1
    assert "FAILED faults / os_exit" in check.stdout


def test_an_exit_at_import_time_is_the_projections_own(tmp_path: Path) -> None:
    code = CODE_HEAD + "\nimport os\nos._exit(0)\n"
    _write_project(tmp_path, ["good"], CODE_HEAD, CONFIG)
    (tmp_path / "dying.py").write_text(code, encoding="utf-8")
    suite = tmp_path / "suite.yaml"
    suite.write_text(
        suite.read_text(encoding="utf-8").replace(
            "  good: proj.py:good\n", "  good: proj.py:good\n  dying: dying.py:good\n"
        ),
        encoding="utf-8",
    )
    run = evaluate(load_project(root=tmp_path))
    projections = run.suites[0].score.projections
    assert projections["dying"].error_kind == "exit"
    assert "exited with status 0 while starting" in (projections["dying"].error or "")
    assert projections["good"].coverage == 1.0


def _score(tmp_path: Path, code: str, config: str) -> dict[str, Any]:
    _write_project(tmp_path, ["good", "p"], CODE_HEAD + textwrap.dedent(code), config)
    run = evaluate(load_project(root=tmp_path))
    return run.suites[0].score.projections


def test_an_error_fixture_honours_the_suites_timeout(tmp_path: Path) -> None:
    """Issue 14: error fixtures run in scoring, once, under the suite's limits."""
    code = """
    def p(page):
        if "error" in page:
            while True:
                pass
        return good(page)
    """
    projections = _score(tmp_path, code, "timeout = 0.5\n")
    assert projections["p"].error_kind == "timeout"
    assert projections["p"].error == (
        "projection 'p' timeout on fixture 'limited': did not return within 0.5 s"
    )
    assert projections["good"].outputs["limited"].output == {"items": []}


def test_error_fixtures_run_once_in_scoring(tmp_path: Path) -> None:
    code = """
    CALLS = []

    def p(page):
        if "error" in page:
            CALLS.append(1)
            if len(CALLS) > 1:
                raise RuntimeError("called twice")
            raise ValueError("not a page")
        return good(page)
    """
    projections = _score(tmp_path, code, "")
    assert projections["p"].ok
    assert projections["p"].outputs["limited"].fault == "raised: ValueError: not a page"


def test_a_perturbed_output_is_checked_like_the_baseline(tmp_path: Path) -> None:
    code = """
    def p(page):
        names = [i["name"] for i in page["items"]]
        if names != ["Ada", "Bob"]:
            return {"names": names, "pad": "x" * 5000}
        return good(page)

    def q(page):
        names = [i["name"] for i in page["items"]]
        return good(page) if names == ["Ada", "Bob"] else {"names": set(names)}
    """
    _write_project(
        tmp_path, ["good", "p", "q"], CODE_HEAD + textwrap.dedent(code), "max_output_bytes = 1000\n"
    )
    projections = evaluate(load_project(root=tmp_path)).suites[0].score.projections
    assert projections["p"].error_kind == "too-large"
    assert projections["q"].error_kind == "not-json"
    assert projections["good"].ok


def test_a_projection_out_of_time_budget_is_a_fault(tmp_path: Path) -> None:
    code = """
    def p(page):
        time.sleep(0.05)
        return good(page)
    """
    projections = _score(tmp_path, code, "budget = 0.5\n")
    assert projections["p"].error_kind == "budget"
    assert "used up its time budget of 0.5 s for the suite" in (projections["p"].error or "")
    assert projections["good"].coverage == 1.0


def test_the_worker_is_started_again_after_it_died(tmp_path: Path) -> None:
    code = """
    def p(page):
        if page.get("die"):
            os._exit(3)
        return good(page)
    """
    suite_file = _write_project(tmp_path, ["p"], CODE_HEAD + textwrap.dedent(code), "")
    suite = load_suite(suite_file, root=tmp_path)
    runner = start_runner(suite.projections["p"], suite, Limits(timeout=5))
    with pytest.raises(ProjectionFault) as info:
        runner({"die": True, "items": []})
    assert (info.value.kind, info.value.message) == ("exit", "exited with status 3")
    assert runner(PAGE)[0] == PAGE
    assert (runner.calls, runner.starts) == (2, 2)
    runner.close()


# --------------------------------------------------------------------------------------
# Faults in the middle of a batch of probes


def _mid_batch_code() -> str:
    # Each fault strikes on one perturbed input only: the first item's name changed, the
    # third of the first batch of probes (two ids, then two names).
    blocks = [CODE_HEAD]
    for name, (body, _kind, _words) in FAULTS.items():
        blocks.append(
            f"\ndef {name}(page):\n    if page.get('items') and page['items'][0]['name'] != 'Ada':"
            f"\n        {body.replace(chr(10), chr(10) + '    ')}\n    return good(page)\n"
        )
    return "".join(blocks)


@pytest.fixture(scope="module")
def mid_batch(tmp_path_factory: pytest.TempPathFactory) -> RunResult:
    root = tmp_path_factory.mktemp("mid_batch")
    _write_project(root, ["good", *FAULTS], _mid_batch_code(), CONFIG)
    return evaluate(load_project(root=root))


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_each_fault_in_the_middle_of_a_batch_is_the_projections_own(
    mid_batch: RunResult, name: str
) -> None:
    projections = mid_batch.suites[0].score.projections
    _body, kind, words = FAULTS[name]
    faulty = projections[name]
    assert (faulty.error_kind, faulty.coverage) == (kind, None)
    assert words in (faulty.error or ""), faulty.error
    assert "on fixture 'page'" in (faulty.error or "")
    good = projections["good"]
    assert (good.error, good.coverage) == (None, 1.0)


def test_a_batch_answers_each_input_in_order_and_a_death_ends_it(tmp_path: Path) -> None:
    code = """
    def p(page):
        if page.get("die"):
            os._exit(3)
        if page.get("raise"):
            raise ValueError("no items")
        return good(page)
    """
    suite_file = _write_project(tmp_path, ["p"], CODE_HEAD + textwrap.dedent(code), "")
    suite = load_suite(suite_file, root=tmp_path)
    runner = start_runner(suite.projections["p"], suite, Limits(timeout=5))
    other = {"items": [{"id": "c3", "name": "Cy"}]}
    first, raised, second = runner.call_many([PAGE, {"raise": 1}, other])  # type: ignore[attr-defined]
    assert (first, second) == (PAGE, other)
    assert isinstance(raised, ProjectionFault)
    assert (raised.kind, raised.message) == ("raised", "ValueError: no items")
    assert (runner.calls, runner.starts) == (3, 1)  # type: ignore[attr-defined]
    with pytest.raises(ProjectionFault) as info:
        runner.call_many([{"die": True}, PAGE, other])  # type: ignore[attr-defined]
    assert (info.value.kind, info.value.message) == ("exit", "exited with status 3")
    # The call it died on counts, once; the ones after its death do not.
    assert runner.calls == 4
    assert runner.call_many([other, PAGE]) == [other, PAGE]  # type: ignore[attr-defined]
    assert (runner.calls, runner.starts) == (6, 2)  # type: ignore[attr-defined]
    runner.close()  # type: ignore[attr-defined]


def test_a_hang_in_a_batch_is_timed_from_the_answer_before_it(tmp_path: Path) -> None:
    code = """
    def p(page):
        time.sleep(page.get("sleep", 0))
        return good(page)
    """
    suite_file = _write_project(tmp_path, ["p"], CODE_HEAD + textwrap.dedent(code), "")
    suite = load_suite(suite_file, root=tmp_path)
    runner = start_runner(suite.projections["p"], suite, Limits(timeout=0.5))
    # Six calls of 0.3 s each take longer than the limit together, not one by one.
    slow = [{"sleep": 0.3, "items": []}] * 6
    assert runner.call_many(slow) == [{"items": []}] * 6  # type: ignore[attr-defined]
    with pytest.raises(ProjectionFault) as info:
        runner.call_many([{"sleep": 3, "items": []}, PAGE])  # type: ignore[attr-defined]
    assert (info.value.kind, info.value.message) == ("timeout", "did not return within 0.5 s")
    assert runner.calls == 7  # type: ignore[attr-defined]  # the call that hung counts, once
    runner.close()  # type: ignore[attr-defined]


# --------------------------------------------------------------------------------------
# command: projections in any language


ROOT = Path(__file__).resolve().parent.parent


def test_the_javascript_twin_gets_the_python_verdicts() -> None:
    """The shipped support desk suite lists the node twin of compact_v2 beside it."""
    from projeval.score import score_suite

    suite = load_suite(ROOT / "question_sets/support_desk.yaml", root=ROOT)
    score = score_suite(suite, ["compact_v2", "compact_v2_node"])
    score.close()
    python, js = score.projections["compact_v2"], score.projections["compact_v2_node"]
    assert js.error is None
    assert js.target == "command: node ../projections/support_desk.js"
    assert [q.to_dict() for q in js.questions] == [q.to_dict() for q in python.questions]
    assert js.to_dict()["lineage"] == python.to_dict()["lineage"]
    assert js.outputs == python.outputs  # the error fixture's body included
    assert js.coverage == python.coverage == pytest.approx(0.9166, abs=1e-3)


def test_workers_launched_together_start_as_one_would(tmp_path: Path) -> None:
    # Scoring launches a suite's workers at once; each start() still reports its own
    # projection's failure, and only that one.
    from projeval.errors import ProjectionLoadError
    from projeval.workers import launch_runner

    code = CODE_HEAD
    suite_file = _write_project(tmp_path, ["good", "os_exit"], code, "")
    text = suite_file.read_text(encoding="utf-8").replace(
        "  os_exit: proj.py:os_exit\n", "  missing: proj.py:nosuch\n  gone: nofile.py:good\n"
    )
    suite_file.write_text(text, encoding="utf-8")
    suite = load_suite(suite_file, root=tmp_path)
    launched = {
        n: launch_runner(suite.projections[n], suite, Limits(timeout=5)) for n in suite.projections
    }
    runner = launched["good"].start()
    assert runner(PAGE)[0] == PAGE
    runner.close()  # type: ignore[attr-defined]
    for name, words in (("missing", "has no attribute 'nosuch'"), ("gone", "no file")):
        with pytest.raises(ProjectionLoadError, match=words):
            launched[name].start()


def test_stopping_a_worker_closes_each_descriptor_once(tmp_path: Path) -> None:
    """Stopping a worker closes its stdin, then waits for it: a descriptor another thread
    opens meanwhile may get stdin's number, and must survive the stop (a second close of
    that number broke a suite scored beside another: EBADF in an import)."""
    import os

    from projeval import workers

    (tmp_path / "echo.py").write_text("def echo(raw):\n    return raw\n", encoding="utf-8")
    host = {"function": "echo", "file": str(tmp_path / "echo.py"), "root": str(tmp_path)}
    process = workers._Process(None, host, cwd=None, limits=Limits())
    stdin = process.stdin
    opened: list[int] = []
    server = process.server
    ask = server.request

    def request(message: dict[str, Any], fds: Any = ()) -> dict[str, Any]:
        if message.get("op") == "wait":  # stdin is closed by now: take the lowest number
            opened.append(os.open(os.devnull, os.O_RDONLY))
        return ask(message, fds)

    server.request = request  # type: ignore[method-assign]
    try:
        process.stop(graceful=True)
    finally:
        del server.request
    assert opened == [stdin]  # the number was reused, as it is under threads
    os.fstat(opened[0])  # still open: the stop did not close it a second time
    os.close(opened[0])
