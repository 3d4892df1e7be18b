"""The TypeScript example: ``projections/meter.ts``, type-checked and compiled by the
TypeScript compiler that ``make`` installs (an npm devDependency, ``npm ci``), runs as a
``command:`` projection with the verdicts of its Python twin ``json``.

Nothing is downloaded here: the compiler is the one in ``node_modules/``.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from projeval.score import score_suite
from projeval.suites import load_suite

ROOT = Path(__file__).resolve().parent.parent
TSC = ROOT / "node_modules" / ".bin" / "tsc"


def _tsc(*args: str) -> subprocess.CompletedProcess[str]:
    if not TSC.is_file():
        pytest.fail("node_modules/.bin/tsc is missing: `make test` installs it (npm ci)")
    return subprocess.run([str(TSC), *args], capture_output=True, text=True, timeout=300, cwd=ROOT)


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ts")
    done = _tsc("-p", str(ROOT / "projections" / "tsconfig.json"), "--outDir", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    return out / "meter.js"


def test_the_typescript_projection_gets_the_python_verdicts(compiled: Path, tmp_path: Path) -> None:
    text = (ROOT / "question_sets" / "meter.yaml").read_text(encoding="utf-8")
    text = text.replace("../", f"{ROOT}/").replace(
        "projections:\n", f"projections:\n  json_ts: {{command: node {compiled}}}\n", 1
    )
    path = tmp_path / "meter.yaml"
    path.write_text(text, encoding="utf-8")
    score = score_suite(load_suite(path, root=ROOT), ["json", "json_ts"])
    score.close()
    python, ts = score.projections["json"], score.projections["json_ts"]
    assert ts.error is None
    assert [q.to_dict() for q in ts.questions] == [q.to_dict() for q in python.questions]
    assert ts.to_dict()["lineage"] == python.to_dict()["lineage"]
    assert ts.outputs == python.outputs
    assert ts.coverage == python.coverage == pytest.approx(0.9070, abs=1e-3)


def test_the_compiler_type_checks_the_projection(tmp_path: Path) -> None:
    """The compile is a real type check (strict): a wrong type fails it, and nothing is
    written for node to run."""
    for name in ("tsconfig.json", "projeval_protocol.js"):
        shutil.copy(ROOT / "projections" / name, tmp_path / name)
    source = (ROOT / "projections" / "meter.ts").read_text(encoding="utf-8")
    broken = source.replace("const kwh = last.a.kwh as number;", "const kwh: string = 4310.8;")
    assert broken != source
    (tmp_path / "meter.ts").write_text(broken, encoding="utf-8")
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    done = _tsc("-p", str(tmp_path / "tsconfig.json"), "--outDir", str(tmp_path / "out"))
    assert done.returncode != 0
    assert "error TS2322: Type 'number' is not assignable to type 'string'." in done.stdout
    assert not (tmp_path / "out" / "meter.js").exists()
