"""The package's import graph has no circle, and nothing inside imports the package top.

What is checked, read from the source with ``ast`` (nothing is imported):

- An edge ``a -> b`` for every ``import`` / ``from ... import`` in module ``a`` that
  names module ``b`` of the package: at module level **and inside functions**. An
  import moved into a function still ties the two modules together (it only hides
  the circle until that function runs), so a circle through one counts.
- Imports under ``if TYPE_CHECKING:`` are left out: they never run.
- ``from . import name`` is an edge to the submodule ``name`` when there is one,
  else to the package itself (its ``__init__``).
- Importing ``pkg.sub.mod`` from outside ``pkg.sub`` runs ``pkg/sub/__init__.py``
  first, so it is also an edge to ``pkg.sub``; from inside ``pkg.sub`` it is not
  (the package is already being imported).
- Any circle (a strongly connected component of two or more modules) fails, and
  so does any import of the package top (``projeval``, its ``__init__``) by a
  module of the package, typing-only ones included: ``__version__`` lives in
  ``_version.py`` for that.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "evaluator"
TOP = "projeval"


class Import:
    """One import statement's target, where it is, and whether it runs."""

    def __init__(self, target: str, line: int, in_function: bool, typing_only: bool) -> None:
        self.target, self.line = target, line
        self.in_function, self.typing_only = in_function, typing_only


def modules(root: Path, top: str) -> dict[str, tuple[Path, bool]]:
    """Every module of the package under ``root``: dotted name -> (file, is a package)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        found[".".join([top, *parts])] = (path, is_package)
    return found


def _typing_guard(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(name: str, path: Path, is_package: bool, known: set[str]) -> Iterator[Import]:
    """The imports of one module that name modules of the package."""
    here = name if is_package else name.rsplit(".", 1)[0]

    def targets(node: ast.Import | ast.ImportFrom) -> Iterator[str]:
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
            return
        base = node.module or ""
        if node.level:
            pkg = here
            for _ in range(node.level - 1):
                pkg = pkg.rsplit(".", 1)[0]
            base = f"{pkg}.{node.module}" if node.module else pkg
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            yield sub if sub in known else base

    def walk(node: ast.AST, in_function: bool, typing_only: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _typing_guard(child.test):
                for stmt in child.body:
                    yield from walk_one(stmt, in_function, True)
                for stmt in child.orelse:
                    yield from walk_one(stmt, in_function, typing_only)
            else:
                yield from walk_one(child, in_function, typing_only)

    def walk_one(node: ast.AST, in_function: bool, typing_only: bool) -> Iterator[Import]:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for target in targets(node):
                if target in known:
                    yield Import(target, node.lineno, in_function, typing_only)
        inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        yield from walk(node, inner, typing_only)

    yield from walk(ast.parse(path.read_text("utf-8")), False, False)


def _packages_above(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def import_graph(root: Path, top: str) -> tuple[dict[str, set[str]], dict[str, list[Import]]]:
    """``(edges, imports)``: the run-time edges between modules, and every import."""
    mods = modules(root, top)
    known = set(mods)
    imports = {n: list(imports_of(n, p, pkg, known)) for n, (p, pkg) in mods.items()}
    edges: dict[str, set[str]] = {n: set() for n in mods}
    for name, found in imports.items():
        for imp in found:
            if imp.typing_only:
                continue
            run = {imp.target} | (_packages_above(imp.target) - _packages_above(name))
            edges[name] |= {m for m in run if m in known and m != name}
    return edges, imports


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of two or more modules (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def _describe(component: list[str], imports: dict[str, list[Import]]) -> str:
    lines = [" <-> ".join(component)]
    for name in component:
        for imp in imports[name]:
            hit = {imp.target} | _packages_above(imp.target)
            if not imp.typing_only and hit & set(component) - {name}:
                where = " (inside a function)" if imp.in_function else ""
                lines.append(f"  {name} line {imp.line} imports {imp.target}{where}")
    return "\n".join(dict.fromkeys(lines))


def test_the_package_has_no_import_circle() -> None:
    edges, imports = import_graph(PACKAGE, TOP)
    found = circles(edges)
    assert not found, "import circles:\n" + "\n".join(_describe(c, imports) for c in found)


def test_nothing_in_the_package_imports_the_package_top() -> None:
    _, imports = import_graph(PACKAGE, TOP)
    offenders = [
        f"{name} line {imp.line}"
        for name, found in sorted(imports.items())
        for imp in found
        if imp.target == TOP
    ]
    assert not offenders, "imports of the package top: " + ", ".join(offenders)


def _package(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return root


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        # At module level on both sides.
        ({"a.py": "from . import b\n", "b.py": "from .a import x\n"}, [["p.a", "p.b"]]),
        # Hidden in a function: still a circle.
        (
            {"a.py": "def f():\n    from . import b\n", "b.py": "from .a import x\n"},
            [["p.a", "p.b"]],
        ),
        # Through a subpackage's __init__, which importing its module runs first.
        (
            {"a.py": "from .sub.c import y\n", "sub/__init__.py": "from .d import z\n"}
            | {"sub/c.py": "", "sub/d.py": "from ..a import x\n"},
            [["p.a", "p.sub", "p.sub.d"]],
        ),
        # Typing-only: never runs, so no circle.
        (
            {
                "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import y\n",
                "b.py": "from .a import x\n",
            },
            [],
        ),
        # A module and its own package's other modules: no edge back to the package.
        ({"__init__.py": "from .a import x\n", "a.py": "from .b import y\n", "b.py": ""}, []),
    ],
)
def test_the_check_sees_circles_and_only_circles(
    tmp_path: Path, files: dict[str, str], expected: list[list[str]]
) -> None:
    root = _package(tmp_path / "p", {"__init__.py": ""} | files)
    edges, _ = import_graph(root, "p")
    assert circles(edges) == expected


def test_the_check_sees_an_import_of_the_package_top(tmp_path: Path) -> None:
    root = _package(
        tmp_path / "p", {"__init__.py": "", "a.py": "def f():\n    from . import __version__\n"}
    )
    _, imports = import_graph(root, "p")
    assert [i.target for i in imports["p.a"]] == ["p"]
