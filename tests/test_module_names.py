"""Every module assigns each module-level name once.

turns.py, hedges.py and claims.py hold hundreds of module-level patterns; a new one given an
existing name silently replaces the first, and every rule that read the first then reads the
second with no error. This test parses every module of the package and lists every name
bound twice.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "evaluator"
MODULES = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py"))


def _target_names(target: ast.expr) -> list[str]:
    """The names an assignment target binds: a name, or the names a tuple or list unpacks
    into; ``X.attr = …`` and ``X[key] = …`` change ``X`` and bind nothing."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in _target_names(element)]
    return []


def _bound_names(node: ast.stmt) -> list[str]:
    """The names a module-level statement binds: assignment targets (tuples unpacked),
    annotated assignments, functions and classes. Augmented assignments (``X |= …``)
    extend a name on purpose and are not counted."""
    if isinstance(node, ast.Assign):
        return [name for target in node.targets for name in _target_names(target)]
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id] if node.value is not None else []
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    return []


def module_level_duplicates(source: str) -> dict[str, list[int]]:
    """Each name bound more than once at the top level of ``source``, with its lines."""
    lines: dict[str, list[int]] = defaultdict(list)
    for node in ast.parse(source).body:
        for name in _bound_names(node):
            lines[name].append(node.lineno)
    return {name: where for name, where in lines.items() if len(where) > 1}


def test_finds_a_name_bound_twice() -> None:
    source = "import re\n_A = re.compile('a')\n_B = 1\n_A = re.compile('b')\n_C: int = 2\n"
    assert module_level_duplicates(source) == {"_A": [2, 4]}


def test_augmenting_or_setting_a_part_is_not_a_rebinding() -> None:
    source = "_S = {'a'}\n_S |= {'b'}\n_L = log()\n_L.level = 1\n_M = {}\n_M[_L.name] = 2\n"
    assert module_level_duplicates(source) == {}


def test_unpacked_names_are_bound() -> None:
    assert module_level_duplicates("_A, *_B = 1, 2\n[_C, _A] = 3, 4\n") == {"_A": [1, 2]}


def test_the_rule_modules_are_among_those_read() -> None:
    assert {"traces/turns.py", "traces/hedges.py", "traces/claims.py"} <= set(MODULES)


@pytest.mark.parametrize("module", MODULES)
def test_each_module_binds_each_name_once(module: str) -> None:
    # traces/pipeline.py bound _DIGITS twice, to the same pattern (found when this test
    # was widened from the three rule modules to the package)
    duplicates = module_level_duplicates((PACKAGE / module).read_text(encoding="utf-8"))
    assert not duplicates, f"{module}: names bound twice (name: lines): {duplicates}"
