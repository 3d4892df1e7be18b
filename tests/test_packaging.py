"""projeval installs and imports as ``projeval`` while its code stays in ``evaluator/``."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
import venv
from pathlib import Path


def test_every_folder_of_the_code_is_a_listed_package(repo: Path) -> None:
    config = tomllib.loads((repo / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"] == {"projeval": "evaluator"}
    folders = sorted(
        "projeval"
        + (
            "." + ".".join(p.relative_to(repo / "evaluator").parts)
            if p != repo / "evaluator"
            else ""
        )
        for p in [repo / "evaluator", *(repo / "evaluator").rglob("*")]
        if p.is_dir() and p.name != "__pycache__"
    )
    assert config["packages"] == folders


def test_no_module_imports_itself_by_the_folder_name(repo: Path) -> None:
    # Inside the package every import is relative, so the code never depends on the folder name.
    offenders = []
    for path in sorted((repo / "evaluator").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            if any(name.split(".")[0] in {"evaluator", "projeval"} for name in names):
                offenders.append(f"{path.relative_to(repo)}:{node.lineno}")
    assert offenders == []


def test_a_users_own_evaluator_package_coexists(repo: Path, tmp_path: Path) -> None:
    """A user project with its own ``evaluator`` package installs projeval and runs its pytest."""
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(env_dir)
    python = env_dir / "bin" / "python"
    # Reuse this environment's installed dependencies; install projeval itself from the
    # repository as a wheel would be (not editable), with no dependency resolution.
    site = next(Path(p) for p in sys.path if p.endswith("site-packages"))
    (
        env_dir
        / "lib"
        / f"python{sys.version_info.major}.{sys.version_info.minor}"
        / "site-packages"
        / "deps.pth"
    ).write_text(str(site) + "\n")
    wheel_dir = tmp_path / "wheel"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(wheel_dir),
            str(repo),
        ],
        check=True,
        capture_output=True,
    )
    target = tmp_path / "target"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(next(wheel_dir.glob("*.whl"))),
        ],
        check=True,
        capture_output=True,
    )
    user = tmp_path / "user_project"
    (user / "evaluator").mkdir(parents=True)
    (user / "evaluator" / "__init__.py").write_text("def grade(x):\n    return x * 2\n")
    (user / "tests").mkdir()
    (user / "tests" / "test_grade.py").write_text(
        "from evaluator import grade\n"
        "import projeval\n\n"
        "def test_grade():\n    assert grade(2) == 4\n\n"
        "def test_projeval_is_its_own_package():\n"
        "    assert projeval.__name__ == 'projeval'\n"
        "    assert 'user_project' not in projeval.__file__\n\n"
        "def test_projeval_plugin_fixture(projeval_project):\n    assert projeval_project is not None\n"
    )
    (user / "pyproject.toml").write_text('[tool.pytest.ini_options]\npythonpath = ["."]\n')
    env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    result = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=user,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 passed" in result.stdout
