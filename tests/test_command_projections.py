"""``command:`` projections: a program speaking the JSON Lines protocol that exits, hangs,
writes a line that is not a response, answers the wrong id or neither output nor error is
that projection's own fault; its neighbours are scored, ``projeval check`` fails and
``--format json`` stays one valid document. The programs are real processes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
