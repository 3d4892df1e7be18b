"""The agent's tools: reading the suite's ``tools:`` file into id arguments, and the
entity helpers that match an argument to a source field (see the package docstring).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import paths
from ..errors import SuiteError
from ..suites import Suite
from ..toolfile import read_tools_document
from ..toolfile import resolve_ref as _resolve


@dataclass(frozen=True)
class ToolArg:
    """One id argument of one of the agent's tools."""

    tool: str
    name: str
    entity: str | None
    description: str


_ID_ARG = re.compile(r"^(id|.+_id|.+Id|.+_ids)$")
# Arguments that take a value back verbatim though their names do not say `id`: a message's
# timestamp (Slack's `thread_ts`), an issue key, a booking reference, a page token. They
# match a source path by their exact name only (no entity).
_REF_ARG = re.compile(r"^(ts|.+_ts|.+_key|.+_ref|.+_reference|.+_token|cursor)$")


def _entity(arg: str, tool: str) -> str | None:
    if arg == "id":
        words = [w for w in re.split(r"[_\W]+", tool) if w]
        return _singular(words[-1].lower()) if words else None
    stem = re.sub(r"(_ids|_id|Id)$", "", arg)
    return _singular(stem.lower()) if stem else None


def _is_lookup(arg: ToolArg) -> bool:
    """A tool whose only job is to fetch the entity an id names (``get_user(user_id)``)."""
    if arg.entity is None:
        return False
    return arg.tool.lower() in {
        f"{verb}{sep}{arg.entity}" for verb in ("get", "fetch", "lookup") for sep in ("_", "")
    }


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


_HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")


def _operation_name(method: str, route: str, operation: dict[str, Any]) -> str:
    if isinstance(operation.get("operationId"), str) and operation["operationId"]:
        return str(operation["operationId"])
    words = [w for w in re.split(r"[^0-9A-Za-z]+", route) if w]
    return "_".join([method, *words])


def openapi_tools(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """An OpenAPI 3 (or Swagger 2) document as tools: one per operation, its path, query
    and header parameters and its JSON body's properties as the tool's arguments."""
    tools = []
    routes = doc.get("paths")
    for route, item in sorted(routes.items()) if isinstance(routes, dict) else []:
        item = _resolve(doc, item)
        if not isinstance(item, dict):
            continue
        shared: list[Any] = item["parameters"] if isinstance(item.get("parameters"), list) else []
        for method in _HTTP_METHODS:
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            own = operation.get("parameters")
            properties: dict[str, Any] = {}
            for param in [*shared, *(own if isinstance(own, list) else [])]:
                param = _resolve(doc, param)
                if not isinstance(param, dict) or not isinstance(param.get("name"), str):
                    continue
                if param.get("in") == "body":  # Swagger 2: the body is a parameter
                    body = _resolve(doc, param.get("schema"))
                    if isinstance(body, dict) and isinstance(body.get("properties"), dict):
                        properties.update(body["properties"])
                    continue
                spec = dict(_resolve(doc, param.get("schema")) or {})
                if param.get("description"):
                    spec["description"] = param["description"]
                properties[param["name"]] = spec
            content = _resolve(doc, operation.get("requestBody"))
            content = content.get("content") if isinstance(content, dict) else None
            media = content.get("application/json") if isinstance(content, dict) else None
            body = _resolve(doc, media.get("schema")) if isinstance(media, dict) else None
            if isinstance(body, dict) and isinstance(body.get("properties"), dict):
                properties.update(body["properties"])
            described = operation.get("summary") or operation.get("description") or ""
            tools.append(
                {
                    "name": _operation_name(method, route, operation),
                    "description": str(described),
                    "inputSchema": {"type": "object", "properties": properties},
                    # HTTP's safe methods only read (RFC 9110): lookups, not actions.
                    "annotations": {"readOnlyHint": method in ("get", "head", "options")},
                }
            )
    return tools


def _tool_list(data: Any) -> list[Any] | None:
    if isinstance(data, dict) and ("openapi" in data or "swagger" in data):
        return openapi_tools(data)
    if isinstance(data, dict):
        if isinstance(data.get("result"), dict):
            data = data["result"]
        data = data.get("tools")
    return data if isinstance(data, list) else None


def read_tools(path: Path) -> list[Any]:
    """The tool definitions of a tools file: an MCP ``tools/list`` JSON, an OpenAI tools
    list, a list of input schemas, or an OpenAPI document (JSON or YAML), one tool per
    operation (its safe methods annotated ``readOnlyHint: true``)."""
    tools = _tool_list(read_tools_document(path))
    if tools is None:
        raise SuiteError(
            "the tools file holds no list of tools.",
            file=path,
            fix='write {"tools": [{"name": ..., "inputSchema": {...}}]}, a list of input '
            "schemas, or an OpenAPI document",
        )
    return tools


def suite_tools(suite: Suite) -> list[Any]:
    """The agent's tools as the suite gives them: its ``tools:`` file, or the
    ``tools/list`` of the MCP server it names (``tools: {mcp: <command>}``), or none."""
    if suite.tools_file is not None:
        return read_tools(suite.tools_file)
    if suite.tools_server is not None:
        from ..mcp_projection import list_server_tools

        return list_server_tools(
            suite.tools_server,
            suite.path.parent.resolve(),
            file=suite.path,
            position=suite.tools_position,
        )
    return []


def load_tools(path: Path) -> list[ToolArg]:
    """Id arguments of the tools in a tools file (see :func:`read_tools`)."""
    return tool_args(read_tools(path), path)


def merge_tools(listed: list[Any], served: list[dict[str, Any]]) -> list[Any]:
    """The suite's tools with an MCP server's ``tools/list`` over them (by name)."""
    names = {t.get("name") for t in served}
    kept = [t for t in listed if not (isinstance(t, dict) and t.get("name") in names)]
    return [*kept, *served]


def tool_args(tools: list[Any], path: Path | None = None) -> list[ToolArg]:
    """Id arguments of a list of tool definitions (MCP, Anthropic, OpenAI, bare schemas)."""
    args: list[ToolArg] = []
    for i, tool in enumerate(tools):
        if not isinstance(tool, dict):
            raise SuiteError(f"tool {i} is not an object.", file=path, position=f"tools[{i}]")
        if isinstance(tool.get("function"), dict):
            tool = tool["function"]  # OpenAI: {"type": "function", "function": {...}}
        name = str(tool.get("name") or f"tool[{i}]")
        schema = tool.get("inputSchema") or tool.get("input_schema") or tool.get("parameters")
        if schema is None and "properties" in tool:
            schema = tool  # a bare input schema
        props = (schema or {}).get("properties") if isinstance(schema, dict) else None
        if not isinstance(props, dict):
            continue
        described = str(tool.get("description") or "")
        for arg, spec in props.items():
            named_id = bool(_ID_ARG.match(arg))
            if named_id or _REF_ARG.match(arg):
                about = spec.get("description", "") if isinstance(spec, dict) else ""
                entity = _entity(arg, name) if named_id else None
                args.append(ToolArg(name, arg, entity, f"{described} {about}".strip()))
    return sorted(args, key=lambda a: (a.name, a.tool))


def _same_entity(a: str | None, b: str | None) -> bool:
    """Loose match, for a key that holds a record: ``org`` <-> ``organization``."""
    if not a or not b:
        return False
    a, b = _singular(a.lower()), _singular(b.lower())
    return a == b or (min(len(a), len(b)) >= 3 and (a.startswith(b) or b.startswith(a)))


def _snake(word: str) -> str:
    """``recipientAccount`` -> ``recipient_account``, ``flight-order`` -> ``flight_order``."""
    word = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", word)
    return re.sub(r"[\W_]+", "_", word).strip("_").lower()


def _exact_entity(entity: str | None, name: str | None) -> bool:
    """Exact match of an entity and a record type or key stem (``invoiceitem`` is no
    ``invoice``); the last word of a compound stem counts (``inner_event`` is an ``event``)."""
    if not entity or not name:
        return False
    want, have = _singular(_snake(entity)), _singular(_snake(name))
    return have == want or have.rsplit("_", 1)[-1] == want


_KEY_ID = re.compile(r"^(.+?)(_ids|_id|Ids|Id|IDs|ID)$")


def _key_entity(key: str | None) -> str | None:
    """The entity a key names the id of: ``customer_id``, ``customerId``, ``eventID``."""
    match = _KEY_ID.match(key or "")
    return match.group(1) if match else None


def _id_prefix(values: list[Any]) -> str | None:
    """The type prefix every id value shares (``cus`` of ``cus_P9X4kk2sMm6K34``), if any."""
    prefixes = {v.split("_", 1)[0] for v in values if isinstance(v, str) and "_" in v}
    if len(prefixes) != 1 or not all(isinstance(v, str) and "_" in v for v in values):
        return None
    prefix = prefixes.pop()
    return prefix.lower() if prefix.isalpha() and len(prefix) >= 2 else None


def _owner_key(schema: paths.SchemaPath) -> str | None:
    """The key that holds the record an ``id`` belongs to (``assignee`` in ``assignee.data.id``)."""
    for seg in reversed(schema[:-1]):
        if seg not in (paths.ANY_ITEM, paths.ANY_KEY, "data", "attributes"):
            return seg
    return None
