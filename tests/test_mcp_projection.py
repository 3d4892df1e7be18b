"""``mcp:`` projections: a real MCP server over stdio, called through the MCP SDK's client,
reading each fixture (perturbed) from projeval's HTTP upstream on 127.0.0.1.

Nothing is mocked: the servers are real processes built on the SDK's server side (the
shipped meter server, and small fault servers written here), the upstream is real HTTP.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from projeval.checks import check_suite
from projeval.cli import cli
from projeval.config import load_project
from projeval.cost import cost_suite
from projeval.errors import SuiteError
from projeval.mcp_projection import McpRunner
from projeval.projections import Limits, ProjectionFault
from projeval.run import RunResult, evaluate
from projeval.score import SuiteScore, score_suite
from projeval.suites import McpSpec, load_suite
from projeval.traces import analyse_traces
from projeval.traces.actions import suite_tool_hints

ROOT = Path(__file__).resolve().parent.parent
#: The meter suite with its MCP projection (not among the default suites: see the README).
METER = ROOT / "question_sets" / "meter_mcp.yaml"
SHIPPED_METER = ROOT / "question_sets" / "meter.yaml"

# -- the shipped meter server ------------------------------------------------------------------


def _meter_suite(tmp_path: Path, old: str = "", new: str = "") -> Path:
    """The shipped meter suite with its MCP projection, with absolute paths (and one
    replacement), in ``tmp_path``."""
    served = METER.read_text(encoding="utf-8")
    compact_mcp = served[served.index("  compact_mcp:\n") : served.index("questions:\n")]
    text = SHIPPED_METER.read_text(encoding="utf-8").replace(
        "questions:\n", compact_mcp + "questions:\n"
    )
    text = text.replace("../", f"{ROOT}/")
    if old:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "meter.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _scored(path: Path, names: list[str]) -> SuiteScore:
    score = score_suite(load_suite(path, root=ROOT), names)
    return score


def _same_verdicts(score: SuiteScore, a: str, b: str) -> None:
    first, second = score.projections[a], score.projections[b]
    assert (first.error, second.error) == (None, None)
    assert [q.to_dict() for q in second.questions] == [q.to_dict() for q in first.questions]
    assert second.to_dict()["lineage"] == first.to_dict()["lineage"]
    assert second.outputs == first.outputs


@pytest.fixture(scope="module")
def meter() -> SuiteScore:
    score = _scored(METER, ["structured", "compact_mcp"])
    yield score
    score.close()


def test_the_mcp_suite_is_the_meter_suite_with_the_server_beside_its_twin() -> None:
    """meter_mcp.yaml repeats meter.yaml's fixtures, fields and questions (so that plain
    `projeval score` can leave the server out): they must not drift apart."""
    served, shipped = (
        yaml.safe_load(p.read_text(encoding="utf-8")) for p in (METER, SHIPPED_METER)
    )
    for part in ("version", "tool", "tools", "output_schema", "fixtures", "fields", "questions"):
        assert served[part] == shipped[part], part
    assert sorted(served["projections"]) == ["compact_mcp", "structured"]
    assert served["projections"]["structured"] == shipped["projections"]["structured"]
    assert "compact_mcp" not in shipped["projections"]


def test_the_meter_server_costs_what_its_python_twin_costs(meter: SuiteScore) -> None:
    cost = cost_suite(meter)
    for by in ("tokens", "bytes", "wire_bytes"):
        ranked = dict(cost.ranking(by))
        assert ranked["compact_mcp"] == ranked["structured"], by
    assert dict(cost.ranking()) == {"compact_mcp": 164, "structured": 164}


def test_the_meter_server_gets_the_verdicts_of_its_python_twin(meter: SuiteScore) -> None:
    """compact_mcp is `structured` (the same summary, as an MCP result) served by a real
    MCP server: every verdict, every lineage row and every output must agree."""
    _same_verdicts(meter, "structured", "compact_mcp")
    mcp = meter.projections["compact_mcp"]
    assert mcp.target == "mcp: {python} ../projections/meter_mcp.py tool get_meter"
    assert mcp.coverage == pytest.approx(0.9070, abs=1e-3)
    assert [q.id for q in mcp.questions if not q.answerable] == [
        "acknowledge-alert",
        "estimated-readings",
        "voltage-check",
    ]
    output = mcp.outputs["get_meter"].output
    assert set(output) == {"content", "structuredContent"}
    assert json.loads(output["content"][0]["text"]) == output["structuredContent"]


def test_the_server_is_started_once_and_fetches_every_perturbation(meter: SuiteScore) -> None:
    runner = meter.runners["compact_mcp"]
    assert runner.starts == 1
    assert runner.calls > 100  # lineage perturbs every field
    assert runner.upstream.requests >= runner.calls


def test_the_checks_read_the_servers_tools_and_output_schema(meter: SuiteScore) -> None:
    findings = [f for f in check_suite(meter) if f.projection in ("structured", "compact_mcp")]
    by = {
        name: sorted((f.rule, f.path, f.field, f.fixture) for f in findings if f.projection == name)
        for name in ("structured", "compact_mcp")
    }
    assert by["compact_mcp"] == by["structured"]
    # alert_id, which acknowledge_alert takes
    assert [r[0] for r in by["compact_mcp"]] == ["ID-ARG"]


def test_without_the_suites_tools_the_server_still_gives_them(tmp_path: Path) -> None:
    """No `tools:` and no `output_schema:` in the suite: the MCP projection's checks read its
    server's tools/list (acknowledge_alert takes alert_id) and get_meter's outputSchema."""
    path = _meter_suite(
        tmp_path,
        f"tools: {ROOT}/fixtures/meter/get_meter.tools.json\n"
        f"output_schema: {ROOT}/fixtures/meter/output_schema.json\n",
        "",
    )
    score = _scored(path, ["structured", "compact_mcp", "raw"])
    try:
        findings = check_suite(score)
    finally:
        score.close()
    rules = {
        name: sorted({f.rule for f in findings if f.projection == name})
        for name in ("structured", "compact_mcp", "raw")
    }
    assert rules["structured"] == []  # nothing to check against
    assert rules["compact_mcp"] == ["ID-ARG"]
    assert not {"ID-ARG", "OUTPUT-SCHEMA"} & set(rules["raw"])  # no tools, no schema for raw


def test_the_url_can_reach_the_server_as_an_argument(tmp_path: Path) -> None:
    path = _meter_suite(
        tmp_path,
        f'mcp: "{{python}} {ROOT}/projections/meter_mcp.py"\n'
        "    tool: get_meter\n"
        "    arguments: {meter_id: mtr_8f2c41}\n"
        "    url_env: METER_API_URL\n",
        f'mcp: ["{{python}}", "{ROOT}/projections/meter_mcp.py", "--upstream", "{{url}}"]\n'
        "    tool: get_meter\n"
        "    arguments: {meter_id: mtr_8f2c41}\n",
    )
    score = _scored(path, ["structured", "compact_mcp"])
    score.close()
    _same_verdicts(score, "structured", "compact_mcp")


def test_tools_can_come_from_a_running_servers_tools_list(tmp_path: Path) -> None:
    """#19: `tools: {mcp: <command>}` gives the checks what the tools file gives."""
    path = _meter_suite(
        tmp_path,
        f"tools: {ROOT}/fixtures/meter/get_meter.tools.json\n",
        f'tools: {{mcp: "{{python}} {ROOT}/projections/meter_mcp.py"}}\n',
    )
    suite = load_suite(path, root=ROOT)
    assert suite.tools_file is None
    assert suite.tools_server == ("{python}", f"{ROOT}/projections/meter_mcp.py")
    from_server = score_suite(suite, ["markdown", "raw"])
    from_file = score_suite(load_suite(SHIPPED_METER, root=ROOT), ["markdown", "raw"])
    try:
        served, listed = check_suite(from_server), check_suite(from_file)
    finally:
        from_server.close()
        from_file.close()
    assert [f.to_dict() for f in served] == [f.to_dict() for f in listed]
    assert {f.rule for f in served} >= {"ID-ARG"}


def test_a_tools_server_that_cannot_start_is_one_error_naming_the_suite(tmp_path: Path) -> None:
    path = _meter_suite(
        tmp_path,
        f"tools: {ROOT}/fixtures/meter/get_meter.tools.json\n",
        "tools: {mcp: no-such-server --flag}\n",
    )
    score = _scored(path, ["json"])
    try:
        with pytest.raises(SuiteError) as caught:
            check_suite(score)
    finally:
        score.close()
    assert caught.value.render().startswith(
        f"{path}:5:8: the MCP server of 'tools' (no-such-server --flag) ended while starting"
    )
    assert "cannot run no-such-server: No such file or directory" in caught.value.render()


# -- faults ------------------------------------------------------------------------------------

PAGE = {"items": [{"id": "a1", "name": "Ada"}, {"id": "b2", "name": "Bob"}]}

SERVER = '''\
"""An MCP server whose one tool lists the upstream's items, or misbehaves as argv[1] says
(on a page that has items; the error fixture is always answered well)."""
import json, os, sys, time, urllib.error, urllib.request
import anyio, anyio.to_thread
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

MODE = sys.argv[1]
URL = os.environ["PROJEVAL_UPSTREAM_URL"] + "/items"
seen = []

def fetch():
    try:
        with urllib.request.urlopen(URL) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return json.loads(exc.read())

def text(value):
    return types.TextContent(type="text", text=json.dumps(value))

async def list_tools(ctx, params):
    schema = {"type": "object", "properties": {"cursor": {"type": "string"}}}
    return types.ListToolsResult(tools=[types.Tool(name="list_items", input_schema=schema)])

async def call_tool(ctx, params):
    if MODE == "caches" and seen:
        page = seen[0]
    else:
        page = await anyio.to_thread.run_sync(fetch)
        seen.append(page)
    if "error" in page:
        return types.CallToolResult(content=[text(page)], is_error=True)
    if page.get("items"):
        if MODE == "exits":
            sys.stderr.write("giving up\\n")
            sys.stderr.flush()
            os._exit(3)
        if MODE == "hangs":
            time.sleep(60)
        if MODE == "raises":
            raise ValueError("cannot read this page")
        if MODE == "errs":
            return types.CallToolResult(content=[text("upstream said no")], is_error=True)
    out = {"items": [{"id": i["id"], "name": i["name"]} for i in page.get("items", [])]}
    return types.CallToolResult(content=[text(out)], structured_content=out)

async def main():
    server = Server("items", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())

anyio.run(main)
'''

# A server written by hand, without the SDK (which keeps a tool's writes to fd 1 off the
# wire): it speaks JSON-RPC well, but writes a stray line before each tools/call answer.
RAW_SERVER = """\
import json, os, sys, urllib.request
for line in sys.stdin:
    request = json.loads(line)
    if "id" not in request:
        continue  # a notification
    method, result = request["method"], {}
    if method == "initialize":
        result = {"protocolVersion": request["params"]["protocolVersion"], "capabilities":
                  {"tools": {}}, "serverInfo": {"name": "raw", "version": "1"}}
    elif method == "tools/list":
        result = {"tools": [{"name": "list_items", "inputSchema": {"type": "object"}}]}
    elif method == "tools/call":
        url = os.environ["PROJEVAL_UPSTREAM_URL"]
        page = json.loads(urllib.request.urlopen(url).read())
        sys.stdout.write("debug: fetched the page\\n")
        result = {"content": [{"type": "text", "text": json.dumps(page)}]}
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}) + "\\n")
    sys.stdout.flush()
"""

SUITE = """\
suite: faults
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

# Each server mode: the fault kind it must get, and words of the message (written before
# the MCP runner existed, from issue 17's list: exit, hang, protocol errors; and the two
# ways a tool can fail on an input: an exception and an isError result).
FAULTS: dict[str, tuple[str, str]] = {
    "exits": ("exit", "ended during a call"),
    "hangs": ("timeout", "did not return within 1 s"),
    "writes_stdout": ("protocol", "a line that is not JSON-RPC"),
    "caches": ("protocol", "answered without fetching its upstream"),
    "raises": ("raised", "cannot read this page"),
    "errs": ("raised", "returned an isError result"),
}


def _project(root: Path, modes: list[str]) -> Path:
    (root / "page.json").write_text(json.dumps(PAGE), encoding="utf-8")
    (root / "limited.json").write_text(json.dumps({"error": "slow down"}), encoding="utf-8")
    (root / "server.py").write_text(SERVER, encoding="utf-8")
    (root / "raw_server.py").write_text(RAW_SERVER, encoding="utf-8")
    (root / "proj.py").write_text(
        "def good(page):\n"
        "    return {'items': [{'id': i['id'], 'name': i['name']} for i in page.get('items', [])]}\n",
        encoding="utf-8",
    )
    lines = "".join(
        f'  {m}: {{mcp: "{{python}} {"raw_server.py" if m == "writes_stdout" else "server.py " + m}", '
        "tool: list_items}\n"
        for m in modes
    )
    (root / "suite.yaml").write_text(SUITE.replace("PROJECTIONS\n", lines), encoding="utf-8")
    (root / "projeval.toml").write_text(
        'suites = ["suite.yaml"]\ndb = "history.duckdb"\ntimeout = 1\n', encoding="utf-8"
    )
    return root


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _project(tmp_path_factory.mktemp("mcp-faults"), ["well", *FAULTS])


@pytest.fixture(scope="module")
def run(project: Path) -> RunResult:
    return evaluate(load_project(root=project))


def test_a_well_behaved_server_is_scored_like_the_python_projection(run: RunResult) -> None:
    projections = run.suites[0].score.projections
    assert projections["well"].error is None
    assert projections["well"].coverage == projections["good"].coverage == 1.0
    limited = projections["well"].outputs["limited"].output
    # the error fixture, served with HTTP 429, comes back as the tool's isError result
    assert limited["isError"] is True
    assert json.loads(limited["content"][0]["text"]) == {"error": "slow down"}
    findings = [f for f in run.suites[0].findings if f.projection == "well"]
    assert [f.rule for f in findings] == []  # no ERROR-AS-EMPTY: the error reaches the model


@pytest.mark.parametrize("mode", sorted(FAULTS))
def test_each_server_fault_is_the_projections_own(run: RunResult, mode: str) -> None:
    projections = run.suites[0].score.projections
    kind, words = FAULTS[mode]
    faulty = projections[mode]
    assert (faulty.error_kind, faulty.coverage) == (kind, None), faulty.error
    assert words in (faulty.error or ""), faulty.error
    assert projections["good"].coverage == projections["well"].coverage == 1.0


def test_a_servers_last_words_are_in_its_fault(run: RunResult) -> None:
    error = run.suites[0].score.projections["exits"].error or ""
    assert "(its last words: giving up)" in error


def test_the_gate_fails_and_json_stays_valid_on_a_server_fault(project: Path) -> None:
    projeval = Path(sys.executable).with_name("projeval")
    done = subprocess.run(
        [str(projeval), "score", "--format", "json", "-p", "well", "-p", "writes_stdout"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    document = json.loads(done.stdout)
    kinds = {p["name"]: p["error_kind"] for p in document["suites"][0]["projections"]}
    assert kinds == {"well": None, "writes_stdout": "protocol"}
    assert "not JSON-RPC" not in done.stdout.replace("a line that is not JSON-RPC", "")
    check = CliRunner().invoke(
        cli,
        ["--config", str(project / "projeval.toml"), "check", "-p", "exits", "--fail-under", "0"],
    )
    assert check.exit_code == 1, check.output
    assert "FAILED faults / exits: projection error: projection 'exits'" in check.output


# -- mistakes ------------------------------------------------------------------------------------


def test_a_tool_the_server_does_not_list_is_a_load_error(tmp_path: Path) -> None:
    root = _project(tmp_path, [])
    suite = root / "suite.yaml"
    suite.write_text(
        suite.read_text(encoding="utf-8").replace(
            "  good: proj.py:good\n",
            '  good: proj.py:good\n  typo: {mcp: "{python} server.py well", tool: list_item}\n',
        ),
        encoding="utf-8",
    )
    score = score_suite(load_suite(suite, root=root))
    score.close()
    typo = score.projections["typo"]
    assert typo.error_kind == "import"
    assert typo.error == (
        f"{suite}:12:9: suite 'faults': projection 'typo' (mcp: {{python}} server.py well "
        "tool list_item) cannot be started: the server lists no tool 'list_item' (it lists "
        "list_items). Fix: name one of its tools under 'tool:'"
    )
    assert score.projections["good"].coverage == 1.0


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ('{mcp: "x.py"}', "projection 'p' names an MCP server but no tool to call."),
        ('{mcp: "x.py", tool: t, arguments: [1]}', "'arguments' must map argument names"),
        ('{mcp: "x.py", tool: t, url_env: "A B"}', "'url_env' must be the name of an environment"),
        ('{mcp: "x.py", tool: t, env: A}', "projection 'p' has unknown key 'env'."),
        ('{mcp: "", tool: t}', "a command must be a non-empty string or list of strings."),
    ],
)
def test_a_wrong_mcp_projection_is_one_error(tmp_path: Path, spec: str, message: str) -> None:
    root = _project(tmp_path, [])
    suite = root / "suite.yaml"
    suite.write_text(
        suite.read_text(encoding="utf-8").replace(
            "  good: proj.py:good\n", f"  good: proj.py:good\n  p: {spec}\n"
        ),
        encoding="utf-8",
    )
    with pytest.raises(SuiteError) as caught:
        load_suite(suite, root=root)
    assert message in caught.value.render()
    assert caught.value.render().startswith(f"{suite}:12:")


def test_traces_take_read_or_write_from_a_tools_servers_annotations(tmp_path: Path) -> None:
    """#16: `tools: {mcp: <command>}` tells trace analysis what the tools file tells it: the
    server's `readOnlyHint: false` makes `acknowledge_alert` (no verb projeval knows) a write."""
    path = _meter_suite(
        tmp_path,
        f"tools: {ROOT}/fixtures/meter/get_meter.tools.json\n",
        f'tools: {{mcp: "{{python}} {ROOT}/projections/meter_mcp.py"}}\n',
    )
    served = load_suite(path, root=ROOT)
    listed = load_suite(METER, root=ROOT)
    assert suite_tool_hints(served) == suite_tool_hints(listed)
    assert suite_tool_hints(served)["acknowledge_alert"] is False

    def call(call_id: str, name: str, args: dict[str, str]) -> dict[str, object]:
        function = {"name": name, "arguments": json.dumps(args)}
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": call_id, "type": "function", "function": function}],
        }

    conv = {
        "id": "c1",
        "messages": [
            {"role": "user", "content": "Acknowledge the open alert on my meter."},
            call("a", "get_meter", {"meter_id": "mtr_8f2c41"}),
            {"role": "tool", "tool_call_id": "a", "content": '{"alerts": [{"id": "alr_77d01e"}]}'},
            call("b", "acknowledge_alert", {"alert_id": "alr_77d01e"}),
            {"role": "tool", "tool_call_id": "b", "content": "acknowledged"},
        ],
    }
    log = tmp_path / "c.jsonl"
    log.write_text(json.dumps(conv) + "\n", encoding="utf-8")
    assert analyse_traces([log], workers=1).totals["lookups"] == 1  # no hint: read by default
    told = analyse_traces([log], workers=1, suites=[served])
    assert (told.totals["lookups"], told.totals["actions"]) == (0, 1)


# -- a batch of calls (lineage's call_many) ------------------------------------------------------


def _runner(root: Path, mode: str, **limits: float) -> McpRunner:
    spec = McpSpec((sys.executable, str(root / "server.py"), mode), "list_items")
    return McpRunner(mode, spec, limits=Limits(**limits), cwd=root)  # type: ignore[arg-type]


EMPTY: dict[str, list[object]] = {"items": []}


def test_a_batch_gives_each_inputs_output_in_order_as_single_calls_do(tmp_path: Path) -> None:
    root = _project(tmp_path, [])
    runner = _runner(root, "well")
    other = {"items": [{"id": "c3", "name": "Cy", "extra": 1}]}
    try:
        batch = runner.call_many([PAGE, other, EMPTY, PAGE])
        singles = [runner(raw, serialise=False)[0] for raw in (PAGE, other, EMPTY, PAGE)]
    finally:
        runner.close()
    assert batch == singles
    assert [b["structuredContent"]["items"] for b in batch] == [
        PAGE["items"],
        [{"id": "c3", "name": "Cy"}],
        [],
        PAGE["items"],
    ]
    assert (runner.calls, runner.starts) == (8, 1)
    assert runner.upstream.requests == 8  # every call fetched its own input


@pytest.mark.parametrize("mode", ["raises", "errs"])
def test_a_tool_that_fails_on_one_input_of_a_batch_is_that_inputs_fault(
    tmp_path: Path, mode: str
) -> None:
    root = _project(tmp_path, [])
    runner = _runner(root, mode)
    try:
        out = runner.call_many([PAGE, EMPTY, PAGE])
    finally:
        runner.close()
    assert [type(o).__name__ for o in out] == ["ProjectionFault", "dict", "ProjectionFault"]
    assert {o.kind for o in out if isinstance(o, ProjectionFault)} == {"raised"}
    assert out[1]["structuredContent"] == EMPTY
    assert (runner.calls, runner.starts) == (3, 1)


@pytest.mark.parametrize(("mode", "kind"), [("exits", "exit"), ("hangs", "timeout")])
def test_a_fatal_fault_ends_a_batch_and_the_server_starts_again(
    tmp_path: Path, mode: str, kind: str
) -> None:
    root = _project(tmp_path, [])
    runner = _runner(root, mode, timeout=1)
    try:
        with pytest.raises(ProjectionFault) as caught:
            runner.call_many([EMPTY, PAGE, EMPTY])
        assert caught.value.kind == kind
        assert runner.calls == 2  # the third input was not run
        assert runner.call_many([EMPTY])[0]["structuredContent"] == EMPTY
    finally:
        runner.close()
    assert runner.starts == 2


def test_a_batch_over_the_budget_is_a_budget_fault(tmp_path: Path) -> None:
    root = _project(tmp_path, [])
    runner = _runner(root, "hangs", timeout=5, budget=60)
    try:
        runner.start()
        runner.spent = 59.0  # one second of its budget left, less than a call's timeout
        with pytest.raises(ProjectionFault) as caught:
            runner.call_many([EMPTY, PAGE, EMPTY])
    finally:
        runner.close()
    assert caught.value.kind == "budget"
    assert runner.calls == 2
