"""The suite's ``tools:`` file as a document: reading it, following its ``$ref``s, and the
values its schemas allow.

The contract checks read the agent's tools from it (:mod:`projeval.checks.tools`); lineage
reads the enumerations its schemas declare (:func:`tool_enums`), to swap a value the fixtures
hold alone with another one the API can return. This module imports no other part of the
package but its errors and JSON reader, so scoring and the checks can both use it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import _json
from .errors import SuiteError

_FIX = "give the JSON of an MCP tools/list result, a list of input schemas, or an OpenAPI document"


def read_tools_document(path: Path) -> Any:
    """The tools file's document, JSON or YAML (by its suffix); one :class:`SuiteError`
    naming the file when it cannot be read or parsed."""
    if path.suffix.lower() in (".yaml", ".yml"):
        return _read_yaml(path)
    return _json.read_json(path, "tools file", fix=_FIX)


def _read_yaml(path: Path) -> Any:
    import yaml

    try:
        return yaml.safe_load(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SuiteError(
            f"the tools file cannot be read as YAML ({reason}).", file=path, fix=_FIX
        ) from None


def resolve_ref(doc: Any, node: Any, seen: frozenset[str] = frozenset()) -> Any:
    """``node`` with a local ``$ref`` (``#/components/schemas/Customer``) followed."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str):
        ref = node["$ref"]
        if not ref.startswith("#/") or ref in seen:
            return {}  # a remote or circular reference: nothing from it
        seen = seen | {ref}
        target: Any = doc
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            target = target.get(part) if isinstance(target, dict) else None
        node = target
    return node


def tool_enums(path: Path) -> dict[str, tuple[tuple[str | int, ...], ...]]:
    """The values each named property can take, by name, from every schema in a tools file.

    Read from the whole document: tool arguments (``inputSchema``, an MCP ``outputSchema``),
    and in an OpenAPI document the parameters and every schema of ``components`` (response
    bodies included), ``$ref`` followed, array items and ``anyOf``/``oneOf``/``allOf`` members
    read.
    """
    doc = read_tools_document(path)
    found: dict[str, dict[tuple[str | int, ...], None]] = {}

    def add(name: str, spec: Any, depth: int = 0) -> None:
        spec = resolve_ref(doc, spec)
        if not isinstance(spec, dict) or depth > 4:
            return
        if spec.get("type") == "array" or "items" in spec:
            add(name, spec.get("items"), depth + 1)
        for key in ("anyOf", "oneOf", "allOf"):
            members = spec.get(key)
            for member in members if isinstance(members, list) else ():
                add(name, member, depth + 1)
        enum = spec.get("enum")
        if isinstance(enum, list) and enum:
            scalars = tuple(v for v in enum if isinstance(v, str | int) and not isinstance(v, bool))
            if scalars:
                found.setdefault(name, {})[scalars] = None

    stack: list[Any] = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict):
                for name, spec in props.items():
                    add(str(name), spec)
            if isinstance(node.get("name"), str) and "schema" in node:  # an OpenAPI parameter
                add(node["name"], node["schema"])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return {name: tuple(enums) for name, enums in sorted(found.items())}
