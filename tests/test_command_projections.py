"""``command:`` projections: a program speaking the JSON Lines protocol that exits, hangs,
writes a line that is not a response, answers the wrong id or neither output nor error is
that projection's own fault; its neighbours are scored, ``projeval check`` fails and
``--format json`` stays one valid document. The programs are real processes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from projeval.cli import cli
from projeval.config import load_project
from projeval.run import RunResult, evaluate

PAGE = {"items": [{"id": "a1", "name": "Ada"}, {"id": "b2", "name": "Bob"}]}

PROGRAM = """\
import json, sys, time
mode = sys.argv[1]
for line in sys.stdin:
    request = json.loads(line)
    rid, page = request["id"], request["input"]
    if page.get("items"):
        if mode == "exits":
            sys.stderr.write("giving up\\n")
            sys.exit(3)
        if mode == "hangs":
            time.sleep(60)
        if mode == "not_json":
            print("hello from the projection", flush=True)
            continue
        if mode == "wrong_id":
            print(json.dumps({"id": rid + 100, "output": {}}), flush=True)
            continue
        if mode == "neither":
            print(json.dumps({"id": rid}), flush=True)
            continue
        if mode == "late_hello":
            print(json.dumps({"id": rid, "output": {"items": []}}), flush=True)
            print(json.dumps({"hello": {"edits": True}}), flush=True)
            continue
        if mode == "errors":
            print(json.dumps({"id": rid, "error": "KeyError: 'items'"}), flush=True)
            continue
    out = {"items": [{"id": i["id"], "name": i["name"]} for i in page.get("items", [])]}
    print(json.dumps({"id": rid, "output": out}), flush=True)
"""

SUITE = """\
suite: programs
tool: list_items
fixtures:
  - page.json
  - path: limited.json
    error: rate_limited
fields:
  item_id: {path: "items[].id", kind: id}
  name: items[].name
projections:
  good: proj.py:good
PROJECTIONS
questions:
  - {id: who, text: Who is there?, needs: [item_id, name]}
"""

# Each mode: the fault kind it must get and words of its message (written before the
# test ran: the README's table of faults, and its protocol's rules).
FAULTS: dict[str, tuple[str, str]] = {
    "exits": ("exit", "exited with status 3 (its last words: giving up)"),
    "hangs": ("timeout", "did not return within 1 s"),
    "not_json": ("protocol", "wrote a line that is not JSON: 'hello from the projection'"),
    "wrong_id": ("protocol", "answered id"),
    "neither": ("protocol", "answered with neither 'output' nor 'error'"),
    "errors": ("raised", "KeyError: 'items'"),
    "late_hello": ("protocol", "wrote a hello line after an answer"),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("programs")
    (root / "page.json").write_text(json.dumps(PAGE), encoding="utf-8")
    (root / "limited.json").write_text(json.dumps({"error": "slow down"}), encoding="utf-8")
    (root / "program.py").write_text(PROGRAM, encoding="utf-8")
    (root / "proj.py").write_text(
        "def good(page):\n"
        "    return {'items': [{'id': i['id'], 'name': i['name']} for i in page.get('items', [])]}\n",
        encoding="utf-8",
    )
    lines = "".join(
        f"  {m}: {{command: [{json.dumps(sys.executable)}, program.py, {m}]}}\n"
        for m in ["well", *FAULTS]
    )
    (root / "suite.yaml").write_text(SUITE.replace("PROJECTIONS\n", lines), encoding="utf-8")
    (root / "projeval.toml").write_text(
        'suites = ["suite.yaml"]\ndb = "history.duckdb"\ntimeout = 1\n', encoding="utf-8"
    )
    return root


@pytest.fixture(scope="module")
def run(project: Path) -> RunResult:
    return evaluate(load_project(root=project))


@pytest.mark.parametrize("mode", sorted(FAULTS))
def test_each_program_fault_is_the_projections_own(run: RunResult, mode: str) -> None:
    projections = run.suites[0].score.projections
    kind, words = FAULTS[mode]
    faulty = projections[mode]
    assert (faulty.error_kind, faulty.coverage) == (kind, None), faulty.error
    assert words in (faulty.error or ""), faulty.error
    assert projections["good"].coverage == projections["well"].coverage == 1.0


def test_a_program_that_cannot_start_is_a_load_error(project: Path, tmp_path: Path) -> None:
    suite = (project / "suite.yaml").read_text(encoding="utf-8")
    (tmp_path / "suite.yaml").write_text(
        suite.replace("  good: proj.py:good\n", "  missing: {command: no-such-program --x}\n"),
        encoding="utf-8",
    )
    for name in ("page.json", "limited.json"):
        (tmp_path / name).write_text((project / name).read_text(encoding="utf-8"), encoding="utf-8")
    from projeval.score import score_suite
    from projeval.suites import load_suite

    score = score_suite(load_suite(tmp_path / "suite.yaml", root=tmp_path), ["missing"])
    score.close()
    missing = score.projections["missing"]
    assert missing.error_kind == "import"
    assert "projection 'missing' (command: no-such-program --x) cannot be started" in (
        missing.error or ""
    )


def test_the_gate_fails_and_json_stays_valid_on_a_program_fault(project: Path) -> None:
    projeval = Path(sys.executable).with_name("projeval")
    done = subprocess.run(
        [str(projeval), "score", "--format", "json", "-p", "well", "-p", "not_json"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    document = json.loads(done.stdout)
    kinds = {p["name"]: p["error_kind"] for p in document["suites"][0]["projections"]}
    assert kinds == {"well": None, "not_json": "protocol"}
    check = CliRunner().invoke(
        cli,
        ["--config", str(project / "projeval.toml"), "check", "-p", "exits", "--fail-under", "0"],
    )
    assert check.exit_code == 1, check.output
    assert "FAILED programs / exits: projection error: projection 'exits'" in check.output


# --------------------------------------------------------------------------------------
# The README's examples of the protocol, run as written against their Python twin

README = Path(__file__).resolve().parent.parent / "README.md"
HELPER = README.parent / "projections" / "projeval_protocol.js"
TSC = README.parent / "node_modules" / ".bin" / "tsc"

TICKETS = {
    "data": [
        {"id": f"t{i}", "name": name, "body": f"{name} cannot print the label of order {i}."}
        for i, name in enumerate(["Ada", "Bob", "Cy", "Di", "Ed", "Flo"])
    ],
    "total": 6,
}

EXAMPLES_SUITE = """\
suite: examples
tool: list_tickets
fixtures: [tickets.json]
fields:
  ticket_id: {path: "data[].id", kind: id}
  name: data[].name
  body: data[].body
  total: total
projections:
  twin: twin.py:ids
PROJECTIONS
questions:
  - {id: which, text: Which tickets are open?, needs: [ticket_id]}
  - {id: who, text: Who opened them?, needs: [name]}
"""

#: Each example of the README, with whether it speaks the edits extension (written before
#: the test ran: what the README says of each).
EXAMPLES = {
    "helper.js": True,
    "helper.ts": True,
    "plain.js": False,
    "plain.py": False,
    "edits.py": True,
}


def _readme_examples() -> dict[str, str]:
    text = README.read_text(encoding="utf-8")
    found = dict(re.findall(r"<!-- example: (\S+) -->\n```\w+\n(.*?)```", text, re.S))
    assert set(found) == set(EXAMPLES), sorted(found)
    return found


@pytest.fixture(scope="module")
def examples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("examples")
    (root / "tickets.json").write_text(json.dumps(TICKETS), encoding="utf-8")
    (root / "twin.py").write_text(
        "def ids(page):\n    return {'ids': [t['id'] for t in page.get('data', [])]}\n",
        encoding="utf-8",
    )
    shutil.copy(HELPER, root / "projeval_protocol.js")
    commands = {}
    for name, code in _readme_examples().items():
        (root / name).write_text(code, encoding="utf-8")
        if name.endswith(".py"):
            commands[name] = [sys.executable, name]
        elif name.endswith(".ts"):
            config = {
                "compilerOptions": {"strict": True, "allowJs": True, "checkJs": True,
                                    "target": "ES2022", "module": "commonjs",
                                    "types": ["node"], "outDir": "build"},
                "files": [name, "projeval_protocol.js"],
            }  # fmt: skip
            (root / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
            (root / "node_modules").symlink_to(README.parent / "node_modules")
            done = subprocess.run(
                [str(TSC), "-p", "tsconfig.json"], cwd=root, capture_output=True, text=True
            )
            assert done.returncode == 0, done.stdout + done.stderr
            commands[name] = ["node", "build/" + name.replace(".ts", ".js")]
        else:
            commands[name] = ["node", name]
    lines = "".join(
        f"  {name.replace('.', '_')}: {{command: {json.dumps(argv)}}}\n"
        for name, argv in commands.items()
    )
    suite_file = root / "suite.yaml"
    suite_file.write_text(EXAMPLES_SUITE.replace("PROJECTIONS\n", lines), encoding="utf-8")
    from projeval.score import score_suite
    from projeval.suites import load_suite

    score = score_suite(load_suite(suite_file, root=root))
    sent = {name: (runner.calls, runner.sent) for name, runner in score.runners.items()}
    score.close()
    return {"score": score, "sent": sent}


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_each_readme_example_gets_its_python_twins_verdicts(
    examples: dict[str, Any], example: str
) -> None:
    projections = examples["score"].projections
    twin, program = projections["twin"], projections[example.replace(".", "_")]
    assert program.error is None, program.error
    assert [q.to_dict() for q in program.questions] == [q.to_dict() for q in twin.questions]
    assert program.to_dict()["lineage"] == twin.to_dict()["lineage"]
    assert program.outputs == twin.outputs
    assert [q.answerable for q in program.questions] == [True, False]


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_the_examples_that_say_hello_get_edits_and_the_others_whole_inputs(
    examples: dict[str, Any], example: str
) -> None:
    calls, sent = examples["sent"][example.replace(".", "_")]
    whole = len(json.dumps(TICKETS, separators=(",", ":")))
    # Whole inputs: every request holds the fixture. Edits: only the bases do (the fixture
    # as given, the contract checks' probes); the perturbations are a few bytes each.
    assert calls > 10
    if EXAMPLES[example]:
        assert sent < calls * whole / 2, (sent, calls, whole)
    else:
        assert sent > calls * whole, (sent, calls, whole)


RESTARTS = """\
const { serve } = require("./projeval_protocol.js");
serve((page) => {
  if (page.die) process.exit(3);
  return { ids: page.data.map((t) => t.id), total: page.total };
});
"""


def _node_runner(tmp_path: Path, program: str, source: str, timeout: float) -> Any:
    """A started runner of ``node <program>`` (``source``, with the protocol helper beside
    it), as the examples' suite lists it."""
    from projeval.projections import Limits
    from projeval.suites import load_suite
    from projeval.workers import start_runner

    shutil.copy(HELPER, tmp_path / "projeval_protocol.js")
    (tmp_path / program).write_text(source, encoding="utf-8")
    (tmp_path / "tickets.json").write_text(json.dumps(TICKETS), encoding="utf-8")
    (tmp_path / "twin.py").write_text("def ids(page):\n    return page\n", encoding="utf-8")
    suite_file = tmp_path / "suite.yaml"
    suite_file.write_text(
        EXAMPLES_SUITE.replace("PROJECTIONS\n", f"  p: {{command: node {program}}}\n"),
        encoding="utf-8",
    )
    suite = load_suite(suite_file, root=tmp_path)
    return start_runner(suite.projections["p"], suite, Limits(timeout=timeout))


def test_a_program_speaking_edits_gets_them_again_after_a_restart(tmp_path: Path) -> None:
    """The edits state is the process's: a restarted program greets again (here, in the
    answers to a batch), gets the next base whole, and the edits after it are of that base."""
    from projeval.paths import set_in
    from projeval.projections import ProjectionFault

    runner = _node_runner(tmp_path, "restarts.js", RESTARTS, timeout=5)
    ids = [t["id"] for t in TICKETS["data"]]
    renamed = set_in(TICKETS, ("data", 1, "id"), "zz")
    expected = {"ids": [ids[0], "zz", *ids[2:]], "total": 6}
    for round_ in range(2):
        if round_ == 1:  # the restarted program's hello comes in a batch's answers
            assert runner.call_many([renamed, TICKETS]) == [expected, {"ids": ids, "total": 6}]
        assert runner(TICKETS)[0] == {"ids": ids, "total": 6}
        sent = runner.sent
        assert runner(renamed, serialise=False)[0] == expected
        assert runner.sent - sent < 100  # an edit, not the whole page
        assert runner(set_in(TICKETS, ("total",), 7), serialise=False)[0]["total"] == 7
        if round_ == 0:
            with pytest.raises(ProjectionFault) as info:
                runner({"die": True})
            assert info.value.kind == "exit"
    assert runner.starts == 2
    runner.close()


BATCHES = """\
const { serve } = require("./projeval_protocol.js");
serve((page) => {
  if (page.total === 13) throw new TypeError("unlucky");
  if (page.total === 99) for (;;);  // hangs
  return { ids: page.data.map((t) => t.id), total: page.total };
});
"""


def test_a_batch_to_a_program_keeps_each_requests_answer_and_fault(tmp_path: Path) -> None:
    """Lineage's batches are written to a program back to back, as edits: a request that
    raises is that input's own finding and the rest of the batch is answered; a hang ends
    the batch with a timeout, and the program is started again for the next call."""
    from projeval.paths import set_in
    from projeval.projections import ProjectionFault

    runner = _node_runner(tmp_path, "batches.js", BATCHES, timeout=1)
    ids = [t["id"] for t in TICKETS["data"]]
    assert runner(TICKETS)[0] == {"ids": ids, "total": 6}

    def totals(*values: int) -> list[Any]:
        return [set_in(TICKETS, ("total",), v) for v in values]

    sent = runner.sent
    seven, unlucky, eight = runner.call_many(totals(7, 13, 8))
    assert runner.sent - sent < 3 * 100  # three edits, not three pages
    assert (seven, eight) == ({"ids": ids, "total": 7}, {"ids": ids, "total": 8})
    assert isinstance(unlucky, ProjectionFault)
    assert (unlucky.kind, unlucky.message) == ("raised", "TypeError: unlucky")
    with pytest.raises(ProjectionFault) as info:
        runner.call_many(totals(9, 99, 10))
    assert (info.value.kind, info.value.message) == ("timeout", "did not return within 1 s")
    assert runner(TICKETS)[0] == {"ids": ids, "total": 6}
    assert runner.call_many(totals(11)) == [{"ids": ids, "total": 11}]
    assert runner.starts == 2
    runner.close()


ENV_PROGRAM = """\
import json, os, sys
for line in sys.stdin:
    request = json.loads(line)
    seen = {k: os.environ.get(k) for k in ("PROJEVAL_T_SET", "PROJEVAL_T_GONE", "PROJEVAL_T_KEPT")}
    print(json.dumps({"id": request["id"], "output": seen}), flush=True)
"""


def test_env_sets_and_unsets_variables_for_the_program_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from projeval.projections import Limits
    from projeval.suites import load_suite
    from projeval.workers import start_runner

    monkeypatch.setenv("PROJEVAL_T_GONE", "inherited")
    monkeypatch.setenv("PROJEVAL_T_KEPT", "inherited")
    (tmp_path / "page.json").write_text(json.dumps(PAGE), encoding="utf-8")
    (tmp_path / "program.py").write_text(ENV_PROGRAM, encoding="utf-8")
    command = f"[{json.dumps(sys.executable)}, program.py]"
    (tmp_path / "suite.yaml").write_text(
        SUITE.replace(
            "fixtures:\n  - page.json\n  - path: limited.json\n    error: rate_limited\n",
            "fixtures: [page.json]\n",
        )
        .replace("  good: proj.py:good\n", "")
        .replace(
            "PROJECTIONS\n",
            f"  told: {{command: {command}, env: {{PROJEVAL_T_SET: 7, PROJEVAL_T_GONE: null}}}}\n"
            f"  plain: {{command: {command}}}\n",
        ),
        encoding="utf-8",
    )
    suite = load_suite(tmp_path / "suite.yaml", root=tmp_path)
    assert suite.projections["told"].env == (("PROJEVAL_T_GONE", None), ("PROJEVAL_T_SET", "7"))
    seen = {}
    for name in ("told", "plain"):
        runner = start_runner(suite.projections[name], suite, Limits())
        try:
            seen[name] = runner(PAGE)[0]
        finally:
            runner.close()  # type: ignore[attr-defined]
    assert seen["told"] == {
        "PROJEVAL_T_SET": "7",
        "PROJEVAL_T_GONE": None,
        "PROJEVAL_T_KEPT": "inherited",
    }
    assert seen["plain"] == {
        "PROJEVAL_T_SET": None,
        "PROJEVAL_T_GONE": "inherited",
        "PROJEVAL_T_KEPT": "inherited",
    }
    assert os.environ["PROJEVAL_T_GONE"] == "inherited"  # projeval's own is untouched


@pytest.mark.parametrize("env", ["[A, B]", "{1X: a}", "{A: [1]}", "{A: true}"])
def test_a_bad_env_is_one_error_naming_its_place(tmp_path: Path, env: str) -> None:
    from projeval.errors import SuiteError
    from projeval.suites import load_suite

    (tmp_path / "page.json").write_text(json.dumps(PAGE), encoding="utf-8")
    (tmp_path / "limited.json").write_text(json.dumps({"error": "slow down"}), encoding="utf-8")
    (tmp_path / "suite.yaml").write_text(
        SUITE.replace("PROJECTIONS\n", f"  told: {{command: node x.js, env: {env}}}\n"),
        encoding="utf-8",
    )
    with pytest.raises(SuiteError) as err:
        load_suite(tmp_path / "suite.yaml", root=tmp_path)
    text = str(err.value)
    assert "projection 'told': 'env' must map environment variable names to strings" in text
    assert "suite.yaml:12:" in text
