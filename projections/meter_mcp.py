"""The meter tools as a real MCP server (stdio), built on the official SDK's server side.

`get_meter` fetches the meter document from the metering API and returns the summary of
`projections.meter` as structuredContent, its JSON repeated in a text block; an API error
comes back as an `isError` result that names the error. The other tools (`get_customer`,
`get_site`, `acknowledge_alert`) fetch their record and return it as it is. The tools'
definitions are the shipped tools file and output schema, so tools/list says what the
agent is told.

The API's base URL: `--upstream URL`, else `$METER_API_URL`. projeval serves each fixture,
perturbed, from a URL of its own and calls `get_meter` through the SDK's client:

    projections:
      compact_mcp:
        mcp: "{python} ../projections/meter_mcp.py"
        tool: get_meter
        arguments: {meter_id: mtr_8f2c41}
        url_env: METER_API_URL
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # `projections.meter`, wherever the server is started from

from projections.meter import summary  # noqa: E402

FIXTURES = ROOT / "fixtures" / "meter"
#: Where each tool's record lives under the API's base URL.
ROUTES = {
    "get_meter": ("meters", "meter_id"),
    "get_customer": ("customers", "customer_id"),
    "get_site": ("sites", "site_id"),
    "acknowledge_alert": ("alerts", "alert_id"),
}


def tool_definitions() -> list[types.Tool]:
    """The shipped tools file, with get_meter's output schema."""
    listed = json.loads((FIXTURES / "get_meter.tools.json").read_text(encoding="utf-8"))
    schema = json.loads((FIXTURES / "output_schema.json").read_text(encoding="utf-8"))
    tools = []
    for tool in listed["tools"]:
        if tool["name"] == "get_meter":
            tool = {**tool, "outputSchema": schema}
        tools.append(types.Tool.model_validate(tool))
    return tools


def fetch(base: str, tool: str, arguments: dict[str, Any]) -> tuple[int, Any]:
    """``(HTTP status, decoded JSON body)`` of the tool's record at the API."""
    collection, key = ROUTES[tool]
    record = urllib.parse.quote(str(arguments.get(key, "")), safe="")
    method = "POST" if tool == "acknowledge_alert" else "GET"
    url = f"{base.rstrip('/')}/{collection}/{record}"
    request = urllib.request.Request(url, method=method, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        body = exc.read()
        try:
            return exc.code, json.loads(body)
        except ValueError:
            return exc.code, body.decode("utf-8", "replace")


def _text(value: Any) -> types.TextContent:
    return types.TextContent(type="text", text=json.dumps(value, separators=(",", ":")))


def error_result(status: int, body: Any) -> types.CallToolResult:
    """An API error as the model should read it: an error, never an empty result."""
    error = body.get("error") if isinstance(body, dict) else None
    detail = error if isinstance(error, dict) else {"message": str(body)[:500]}
    payload = {"error": {"status": status, **detail}}
    return types.CallToolResult(content=[_text(payload)], is_error=True)


def build_server(base: str | None) -> Server[Any]:
    """The server, reading the API at ``base`` (listing its tools needs none)."""
    tools = tool_definitions()

    async def list_tools(
        ctx: Any, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name not in ROUTES:
            return types.CallToolResult(
                content=[_text(f"unknown tool {params.name}")], is_error=True
            )
        status, body = await anyio.to_thread.run_sync(
            fetch, base, params.name, params.arguments or {}
        )
        if status >= 400:
            return error_result(status, body)
        if params.name != "get_meter":
            return types.CallToolResult(content=[_text(body)], structured_content=body)
        result = summary(body)
        return types.CallToolResult(content=[_text(result)], structured_content=result)

    return Server("meter", version="1.0", on_list_tools=list_tools, on_call_tool=call_tool)


async def serve(base: str | None) -> None:
    """Serve MCP over stdin and stdout until stdin ends."""
    server = build_server(base)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upstream", default=os.environ.get("METER_API_URL"))
    anyio.run(serve, parser.parse_args().upstream)


if __name__ == "__main__":
    main()
