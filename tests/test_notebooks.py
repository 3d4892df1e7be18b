"""The notebooks run top to bottom on the shipped example, and are stored without outputs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
CELL_TIMEOUT = 120  # seconds; the slowest cell evaluates both shipped suites
KERNEL = "projeval-python"


@pytest.fixture(scope="module")
def jupyter_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A folder holding a private kernel spec for exactly this interpreter (the venv's ipykernel).

    Put first on ``JUPYTER_PATH``, so it works on a fresh clone with no manual step,
    and neither a user's own kernel nor a system one can shadow it.
    """
    folder = tmp_path_factory.mktemp("jupyter")
    spec = folder / "kernels" / KERNEL / "kernel.json"
    spec.parent.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    spec.write_text(
        json.dumps({"argv": argv, "display_name": "projeval tests", "language": "python"}),
        encoding="utf-8",
    )
    return str(folder)


def test_there_are_three_notebooks() -> None:
    assert [p.name for p in NOTEBOOKS] == [
        "projection_comparison.ipynb",
        "trace_analysis.ipynb",
        "trends.ipynb",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(path: Path, jupyter_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PROJEVAL_DB", raising=False)
    monkeypatch.setenv("JUPYTER_PATH", jupyter_path)
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name=KERNEL,  # the client starts the kernel and shuts it down again
        resources={"metadata": {"path": str(path.parent)}},  # the kernel's working folder
    )
    client.execute()  # raises CellExecutionError, with the cell and traceback, on any error
    errors = [
        o
        for c in notebook.cells
        if c.cell_type == "code"
        for o in c.outputs
        if o.output_type == "error"
    ]
    assert errors == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_stored_without_outputs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: strip the outputs before committing"
            assert cell.execution_count is None, f"{path.name}: strip the execution counts"
