"""The HTML report: golden file, escaping of hostile text, and a real browser."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from projeval.config import load_project
from projeval.report import build_view, render_report, write_report
from projeval.run import evaluate
from projeval.runrecord import RunRecord

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden" / "report_tiny.html"
NOW = "2026-11-29 12:00:00 UTC"

TINY = """\
suite: tiny
tool: list_orders
fixtures: [orders.json]
fields:
  order_id: {path: "orders[].id", kind: id}
  status: {path: "orders[].status_code", kind: code}
  placed_at: orders[].placed_at
  note: {path: "orders[].note", untrusted: true}
projections:
  raw: proj.py:raw
  compact: proj.py:compact
  loud: proj.py:loud
questions:
  - id: status
    text: What state is each order in?
    weight: 3
    needs: [order_id, {field: status, readable: true}]
  - id: placed
    text: When, to the minute, was each order placed?
    needs: [order_id, {field: placed_at, precision: minute}]
  - id: note
    text: What did the customer write?
    needs: [note]
"""
CODE = """\
LABELS = {1: "open", 2: "shipped"}

def raw(doc):
    return doc

def loud(doc):
    return {"notes": ["[" + o["note"].replace(" ", "_") + "]" for o in doc["orders"]]}

def compact(doc):
    return {"orders": [
        {"id": o["id"], "status": LABELS[o["status_code"]], "placed": o["placed_at"][:10]}
        for o in doc["orders"]
    ]}
"""
ORDERS = {
    "orders": [
        {
            "id": "ord_1a2b3c4d",
            "status_code": 1,
            "placed_at": "2026-11-20T10:15:00Z",
            "note": "Leave it at the door",
        },
        {
            "id": "ord_5e6f7a8b",
            "status_code": 2,
            "placed_at": "2026-11-21T08:05:00Z",
            "note": "Gift wrap, please",
        },
    ]
}
HOSTILE = [
    "<script>window.__pwned = 1</script>",
    '<img src="x" onerror="window.__pwned = 2">',
    '<a href="javascript:window.__pwned = 3">click</a>',
    "</textarea><script>window.__pwned = 4</script>",
    '"><svg onload="window.__pwned = 5">',
    "<link rel=stylesheet href=https://evil.example/x.css>",
]


def _record(
    make_suite: Callable[..., Path],
    orders: dict[str, Any],
    text: str = TINY,
    traces: list[Path] | None = None,
) -> RunRecord:
    path = make_suite(text, {"orders.json": orders}, CODE)
    project = load_project(root=path.parent)
    return evaluate(project, [path], traces=traces).to_record()


def _hostile_trace(folder: Path) -> Path:
    """An OpenAI Chat conversation whose every text is a payload."""
    call = {"name": "list_orders", "arguments": json.dumps({"q": HOSTILE[2]})}
    result = {"orders": [{"id": "ord_1a2b3c4d", "note": HOSTILE[1]}]}
    messages = [
        {"role": "user", "content": HOSTILE[0] + " which orders are late? " + HOSTILE[3]},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": "c1", "type": "function", "function": call}],
        },
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps(result)},
        {"role": "assistant", "content": "It is probably late. " + HOSTILE[4] + HOSTILE[5]},
    ]
    path = folder / "hostile.jsonl"
    path.write_text(json.dumps({"id": HOSTILE[1], "messages": messages}) + "\n", encoding="utf-8")
    return path


_SCRIPTS = re.compile(r'<script(?! type="application/json")')
_DATA = re.compile(r'<script type="application/json"[^>]*>(.*?)</script>', re.S)


def _scrub(html: str) -> str:
    html = re.sub(r"<svg.*?</svg>", "<svg/>", html, flags=re.S)
    html = re.sub(r"projeval \d+\.\d+\.\d+\S*", "projeval X", html)
    return re.sub(r"'sha256-[A-Za-z0-9+/=]+'", "'sha256-X'", html)


def test_golden_report(make_suite: Callable[..., Path]) -> None:
    view = build_view(_record(make_suite, ORDERS), generated_at=NOW, run_id="7")
    html = _scrub(render_report(view)).replace(str(Path.cwd()), "<cwd>")
    html = re.sub(
        r"<code>/(?:[^<]|<wbr>)*suite\.(?:<wbr>)?yaml</code>", "<code>suite.yaml</code>", html
    )
    if os.environ.get("PROJEVAL_UPDATE_GOLDEN"):
        GOLDEN.write_text(html, encoding="utf-8")
    assert html == GOLDEN.read_text(encoding="utf-8")


def test_report_is_deterministic(make_suite: Callable[..., Path]) -> None:
    doc = _record(make_suite, ORDERS)
    first = render_report(build_view(doc, generated_at=NOW, run_id="7"))
    second = render_report(build_view(doc, generated_at=NOW, run_id="7"))
    assert first == second


def test_hostile_text_is_escaped(make_suite: Callable[..., Path], tmp_path: Path) -> None:
    orders = {
        "orders": [dict(o, note=h) for o, h in zip(ORDERS["orders"] * 3, HOSTILE, strict=False)]
    }
    text = TINY.replace("What did the customer write?", HOSTILE[0] + HOSTILE[2])
    doc = _record(make_suite, orders, text, [_hostile_trace(tmp_path)])
    html = render_report(build_view(doc, generated_at=NOW))
    assert 'id="traces"' in html and "&lt;script&gt;window.__pwned = 1&lt;/script&gt; which" in html
    assert len(_SCRIPTS.findall(html)) == 1  # the report's own; the rest are JSON data
    assert "</" not in "".join(_DATA.findall(html))  # no data block can end early
    for payload in ("<img", '="javascript:', "</textarea>", "<svg onload", "<link", 'onerror="'):
        assert payload not in html
    # The payloads are there, as text: from the suite (question) and the fixture (lineage).
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in html
    assert "[&lt;script&gt;window.__pwned_=_1" in html


def test_a_run_of_traces_alone_has_no_empty_projection_summary(tmp_path: Path) -> None:
    # A run with traces configured and no suite showed "Summary" as a table of headers
    # (Suite, Projection, Coverage, ...) with no row, and listed it in the contents.
    messages = [
        {"role": "user", "content": "Weather in Oslo?"},
        {
            "role": "assistant",
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "Oslo: 41F"},
        {"role": "assistant", "content": "It is 41F in Oslo."},
    ]
    trace = tmp_path / "run.jsonl"
    trace.write_text(json.dumps({"messages": messages}) + "\n", encoding="utf-8")
    project = load_project(root=tmp_path)
    html = render_report(
        build_view(evaluate(project, [], traces=[trace]).to_record(), generated_at=NOW)
    )
    assert 'id="traces"' in html and "1 trace in 1 file: calls 1, errors 0" in html
    assert "summary-section" not in html and 'id="summary"' not in html


def test_the_traces_headline_counts_errors_retries_lookups_and_actions(
    make_suite: Callable[..., Path], tmp_path: Path
) -> None:
    # The report said "709 follow-up lookups (9 duplicate calls)" for 625 lookups and 84
    # actions, and nothing of 120 tool errors and 38 retries, where `projeval traces` said
    # both (215 AgentDojo runs and a MINT results folder, recorded by `projeval run`).
    def call(cid: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
        fn = {"name": name, "arguments": json.dumps(args)}
        return {
            "role": "assistant",
            "tool_calls": [{"id": cid, "type": "function", "function": fn}],
        }

    messages = [
        {"role": "user", "content": "Cancel my late order, please."},
        call("c1", "list_orders", {"status": "late"}),
        {"role": "tool", "tool_call_id": "c1", "content": "Error: backend timed out"},
        call("c2", "list_orders", {"status": "late"}),
        {"role": "tool", "tool_call_id": "c2", "content": json.dumps({"orders": ["ord_77c1e0"]})},
        call("c3", "get_order", {"id": "ord_77c1e0"}),
        {"role": "tool", "tool_call_id": "c3", "content": json.dumps({"id": "ord_77c1e0"})},
        call("c4", "cancel_order", {"id": "ord_77c1e0"}),
        {"role": "tool", "tool_call_id": "c4", "content": json.dumps({"cancelled": True})},
        {"role": "assistant", "content": "Order ord_77c1e0 is cancelled."},
    ]
    trace = tmp_path / "run.jsonl"
    trace.write_text(json.dumps({"messages": messages}) + "\n", encoding="utf-8")
    html = render_report(build_view(_record(make_suite, ORDERS, traces=[trace]), generated_at=NOW))
    assert (
        "1 trace in 1 file: calls 4, errors 1, duplicates 0, retries 1, follow-ups 2 "
        "(lookups 1, actions 1), hedges 0; turns 1, of which 1 end in a follow-up lookup or a hedge."
    ) in html
    # And the per-trace table says which trace had the error.
    table = html[html.index('id="billed-table"') :]
    heads = re.findall(r"<th[^>]*>(?:<button[^>]*>)?(.*?)(?:</button>)?</th>", table)
    row = table[table.index("<tbody>") : table.index("</tr>", table.index("<tbody>"))]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    assert dict(zip(heads, cells, strict=False))["Errors"] == "1"


def test_the_traces_section_says_what_the_cli_says_of_turns_and_claims(
    make_suite: Callable[..., Path], tmp_path: Path
) -> None:
    # The report had no user-turn classes, no answers stating values no result held, and
    # printed a whole file's problem as "file:None: ...", where `projeval traces` says all.
    messages = [
        {"role": "user", "content": "When does order ord_77c1e0 arrive?"},
        {"role": "assistant", "content": "It arrives on May 27, in 3 days."},
    ]
    trace = tmp_path / "run.jsonl"
    trace.write_text(json.dumps({"messages": messages}) + "\n{nope\n", encoding="utf-8")
    html = render_report(build_view(_record(make_suite, ORDERS, traces=[trace]), generated_at=NOW))
    assert (
        "<p>user turns: 1 question, 0 requests, 0 answers, 0 greetings or closings, 0 other; "
        "ungrounded claims 2</p>"
    ) in html
    assert "<h3>Answers stating values no result held</h3>" in html
    assert "run.jsonl:2: " in html


def test_a_prose_results_fanout_path_reads_text_as_in_the_text_output(
    make_suite: Callable[..., Path], tmp_path: Path
) -> None:
    # MINT's and mini-SWE-agent's results are prose: `projeval traces` printed
    # "bash: text -> bash(command)", the report "bash ? bash command".
    fn = {"name": "get_order", "arguments": json.dumps({"id": "ord_77c1e0"})}
    search = {"name": "search", "arguments": json.dumps({"q": "late"})}
    messages = [
        {"role": "user", "content": "Which order is late?"},
        {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": search}]},
        {"role": "tool", "tool_call_id": "c1", "content": "Order ord_77c1e0 is late."},
        {"role": "assistant", "tool_calls": [{"id": "c2", "type": "function", "function": fn}]},
        {"role": "tool", "tool_call_id": "c2", "content": json.dumps({"id": "ord_77c1e0"})},
    ]
    trace = tmp_path / "run.jsonl"
    trace.write_text(json.dumps({"messages": messages}) + "\n", encoding="utf-8")
    html = render_report(build_view(_record(make_suite, ORDERS, traces=[trace]), generated_at=NOW))
    table = html[html.index('id="fanout-table"') :]
    row = table[table.index("<tbody>") : table.index("</tr>", table.index("<tbody>"))]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    assert cells[:4] == ["search", "text", "get_<wbr>order", "id"]


def test_shipped_example_report_stays_small(repo: Path, tmp_path: Path) -> None:
    run = evaluate(load_project(repo / "pyproject.toml"))
    out = write_report(build_view(run.to_record(), generated_at=NOW), tmp_path / "index.html")
    assert out.stat().st_size < 1_000_000
    html = out.read_text(encoding="utf-8")
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert [i for i in set(ids) if ids.count(i) > 1] == []  # 334 once, from the charts
    refs = set(re.findall(r'(?:url\(|href=")#([^)"]+)', html))
    # Every chart's marker and clip reference resolves; a link to a question of a
    # drill-down resolves once the script draws it (the browser tests follow one).
    assert {r for r in refs if not r.startswith("q--")} <= set(ids)
    # Legends are legible (the charts once drew them at 7 px).
    sizes = [float(x) for x in re.findall(r"font-size: ?([0-9.]+)px", html)]
    assert sizes and min(sizes) >= 8


# --------------------------------------------------------------------------------------
# A real browser


def _chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing; CI must install it (apt-get install chromium)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return path


@pytest.fixture(scope="module")
def browser() -> Any:
    from playwright.sync_api import sync_playwright

    executable = _chromium()
    with sync_playwright() as pw:
        launched = pw.chromium.launch(
            executable_path=executable,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield launched
        launched.close()


def _open(
    browser: Any, path: Path, width: int = 1280, fragment: str = ""
) -> tuple[Any, list[str], list[str]]:
    page = browser.new_page(viewport={"width": width, "height": 1000})
    console: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(path.resolve().as_uri() + fragment)
    return page, console, requests


@pytest.mark.browser
def test_report_in_a_browser(browser: Any, repo: Path, tmp_path: Path) -> None:
    project = load_project(repo / "pyproject.toml")
    run = evaluate(project, traces=project.traces)
    out = write_report(
        build_view(run.to_record(), generated_at=NOW, run_id="1"), tmp_path / "index.html"
    )
    page, console, requests = _open(browser, out)

    matrix = "#suite--support-desk-matrix"
    breach = page.locator(f"{matrix} tr#row--support-desk--breach-soon td.cell")
    assert breach.evaluate_all("cells => cells.map(c => c.dataset.status)") == [
        "dropped",
        "ok",
        "ok",  # compact_v2_node, the node twin of compact_v2
        "ok",
        "ok",
    ]
    assert breach.nth(0).inner_text() == "✗ dropped"
    owner = page.locator(f"{matrix} tr#row--support-desk--who-owns td.cell")
    assert owner.evaluate_all("cells => cells.map(c => c.dataset.status)") == [
        "ok",
        "ok",
        "ok",
        "needs-lookup",
        "needs-lookup",
    ]

    # The verdict opens each suite: the rule, and what would ship (see tests/test_verdict.py).
    desk = page.locator("#suite--support-desk .verdict")
    assert desk.get_attribute("data-ship") == "compact_v2"
    assert "compact_v2 covers 91.7% of the questions' weight at 1,785 tokens" in desk.inner_text()
    assert "Rule: Ship the projection with the highest weighted coverage" in desk.inner_text()
    assert page.locator("#suite--meter .verdict").get_attribute("data-ship") == ""

    callout = page.locator('.callout[data-field="sla_due_at"]')
    assert callout.count() == 1
    assert "breach-soon (weight 6)" in callout.inner_text()
    assert page.locator("figure.chart svg").count() >= 2

    # Traces: the get_user fan-out attributed to the assignee field, and the hedged SLA answer.
    fanout = page.locator("#fanout-table tbody tr").first.locator("td").all_inner_texts()
    assert fanout == [
        "search_tickets",
        "data[].relationships.assignee.data.id",
        "get_user",
        "user_id",
        "36",
        "36",
        "0",
        "6",
        "15",
        "4",
    ]
    assert "breach-soon" in page.locator("#hedged-table").inner_text()

    # Sorting: the summary by coverage, ascending then descending.
    header = page.locator("#summary thead th").nth(2).locator("button")
    header.click()
    ascending = page.locator("#summary tbody td:nth-child(3)").all_inner_texts()
    assert ascending[0] == "50.0%" and ascending[-1] == "100.0%"
    header.click()
    assert page.locator("#summary tbody td:nth-child(3)").all_inner_texts()[0] == "100.0%"

    # Filtering the matrix by status: the script draws the rows that match.
    page.select_option(f'.filter-status[data-table="{matrix[1:]}"]', "dropped")
    statuses = page.locator(f"{matrix} tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.statuses)"
    )
    assert 0 < len(statuses) < 16 and all("dropped" in s.split() for s in statuses)
    assert page.locator(f'.matrix-count[data-table="{matrix[1:]}"]').inner_text() == (
        f"{len(statuses)} questions."
    )

    page.screenshot(path=str(tmp_path / "report.png"), full_page=False)
    screenshots = repo / "reports"
    if screenshots.is_dir():
        page.screenshot(path=str(screenshots / "browser-test.png"), full_page=False)
    assert console == []
    assert requests == [out.resolve().as_uri()]


@pytest.fixture(scope="module")
def shipped_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = load_project(HERE.parent / "pyproject.toml")
    run = evaluate(project, traces=project.traces)
    out = tmp_path_factory.mktemp("shipped") / "index.html"
    return write_report(build_view(run.to_record(), generated_at=NOW, run_id="1"), out)


#: Names (code without spaces) the browser wrapped mid-word: a line ends inside the name
#: after a letter or digit, not after a separator (. / _ - [ ] :).
_MID_WORD_BREAKS = """() => {
  const broken = [];
  for (const code of document.querySelectorAll("main code")) {
    if (!code.getClientRects().length || /\\s/.test(code.textContent)) continue;
    const range = document.createRange();
    let last = null, previous = "";
    for (const node of code.childNodes) {
      if (node.nodeType !== 3) continue;
      for (let i = 0; i < node.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (last !== null && top > last && !"./_-[]:".includes(previous)) {
          broken.push(code.textContent);
        }
        last = top;
        previous = node.data[i];
      }
    }
  }
  return broken;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [1366, 390])
def test_the_report_reads_at_1366_and_390_px(
    browser: Any, shipped_report: Path, width: int
) -> None:
    page, console, requests = _open(browser, shipped_report, width)
    # The decision first: the support desk ships compact_v2, by the rule it states.
    desk = page.locator("#suite--support-desk .verdict")
    assert desk.get_attribute("data-ship") == "compact_v2"
    assert desk.locator(".ship").inner_text() == "✓ Ship compact_v2."
    # The coverage-against-tokens chart beside the verdict (below it on a phone), its
    # caption naming the Pareto front.
    chart = page.locator("#suite--support-desk figure.pareto")
    assert "Pareto front" in chart.inner_text() and "compact_v2 (91.7% at 1,785" in (
        chart.inner_text()
    )
    verdict_box, chart_box = desk.bounding_box(), chart.bounding_box()
    if width == 1366:
        assert chart_box["x"] > verdict_box["x"] + verdict_box["width"] - 1
        assert abs(chart_box["y"] - verdict_box["y"]) < 40
    else:
        assert chart_box["y"] >= verdict_box["y"] + verdict_box["height"] - 1
    # Each suite's verdict and matrix come before its folded drill-downs.
    order = page.evaluate(
        """() => ["#suite--support-desk .verdict", "#suite--support-desk-matrix",
                  "#suite--support-desk-cost", "#proj--support-desk--compact-v1"]
           .map(s => document.querySelector(s).getBoundingClientRect().top)"""
    )
    assert order == sorted(order)
    assert page.locator("details.projection[open]").count() == 0
    # The contents list the page in its order, and stay in view on a wide screen.
    toc = page.locator(".toc a").evaluate_all("links => links.map(a => a.hash.slice(1))")
    tops = page.evaluate(
        "ids => ids.map(id => document.getElementById(id).getBoundingClientRect().top)", toc
    )
    assert toc[:2] == ["suite--meter", "suite--meter-verdict"] and tops == sorted(tops)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    toc_top = page.locator(".toc").bounding_box()["y"]
    assert (0 <= toc_top < 1000) == (width == 1366)

    # Everything unfolded and drawn: no table outside its scrolling wrapper, and the
    # page itself never scrolls sideways.
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    page.wait_for_function(
        "[...document.querySelectorAll('table.needs tbody')].every(b => b.rows.length)"
    )
    outside = page.evaluate(
        "[...document.querySelectorAll('table')]"
        ".filter(t => !t.parentElement.classList.contains('table-wrap')).length"
    )
    assert outside == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Names break at their separators, never mid-word (organizatio / n).
    assert page.evaluate(_MID_WORD_BREAKS) == []
    lineage = page.locator("#proj--support-desk--raw code", has_text="organization.data.id")
    assert "organization.<wbr>data.<wbr>id" in lineage.first.inner_html()
    assert console == []
    assert requests == [shipped_report.resolve().as_uri()]


@pytest.mark.browser
def test_a_drill_down_is_drawn_when_its_link_is_followed(
    browser: Any, shipped_report: Path
) -> None:
    page, console, _ = _open(browser, shipped_report)
    target = "#q--support-desk--compact-v1--breach-soon"
    assert page.locator(target).count() == 0  # not drawn until asked for
    page.locator("tr#row--support-desk--breach-soon td.cell a").first.click()
    row = page.locator(target)
    assert (
        row.is_visible()
        and page.locator("#proj--support-desk--compact-v1").get_attribute("open") == ""
    )
    assert row.locator("th").inner_text() == "breach-soon weight 6 · not answerable"
    texts = row.locator("td").all_inner_texts()
    assert texts[:2] == ["ticket_id", "✓ ok"]
    needs = page.locator("#proj--support-desk--compact-v1 table.needs tbody tr")
    assert needs.count() == 37  # every need of the 16 questions
    assert page.evaluate("location.hash") == target
    assert console == []


@pytest.mark.browser
def test_a_big_matrix_pages_and_draws_rows_as_the_html_does(
    browser: Any, make_suite: Callable[..., Path], tmp_path: Path
) -> None:
    questions = "".join(
        f"  - {{id: q{i:03}, text: Question {i} on orders, weight: {1 + i % 3}, "
        f"needs: [order_id, {'note' if i % 2 else 'placed_at'}]}}\n"
        for i in range(250)
    )
    text = TINY[: TINY.index("questions:\n") + len("questions:\n")] + questions
    out = write_report(
        build_view(_record(make_suite, ORDERS, text), generated_at=NOW), tmp_path / "big.html"
    )
    html = out.read_text(encoding="utf-8")
    assert html.count('<tr id="row--tiny--') == 100  # the first page; the rest is data
    page, console, _ = _open(browser, out)
    matrix = page.locator("#suite--tiny-matrix")
    assert matrix.locator("tbody tr").count() == 100
    count = page.locator('.matrix-count[data-table="suite--tiny-matrix"]')
    assert count.locator(".shown").inner_text() == "Showing the first 100 of 250 questions."
    first = matrix.locator("tbody tr").first.evaluate("r => r.outerHTML")
    count.locator("button.more").click()
    assert matrix.locator("tbody tr").count() == 200
    assert count.locator(".shown").inner_text() == "Showing 200 of 250 questions."
    drawn = matrix.locator("tbody tr").first.evaluate("r => r.outerHTML")
    assert re.sub(r">\s+<", "><", first) == drawn  # the script draws what the template does
    count.locator("button.all").click()
    assert (
        matrix.locator("tbody tr").count() == 250 and not count.locator("button").first.is_visible()
    )
    # Sorting and filtering work on all 250, not on the rows drawn.
    page.fill('.filter-text[data-table="suite--tiny-matrix"]', "question 24")
    ids = matrix.locator("tbody tr th code").all_inner_texts()
    assert ids == ["q024", *[f"q{i}" for i in range(240, 250)]]
    page.fill('.filter-text[data-table="suite--tiny-matrix"]', "")
    matrix.locator("thead th").nth(1).locator("button").click()
    matrix.locator("thead th").nth(1).locator("button").click()  # weight, descending
    weights = matrix.locator("tbody tr td.num").all_inner_texts()
    assert len(weights) == 100 and weights.count("3") == 83  # every 3 first, then 2s
    assert weights == sorted(weights, reverse=True)
    # A link to a row past the first page draws up to it.
    page, console2, _ = _open(browser, out, fragment="#row--tiny--q240")
    assert page.locator("#row--tiny--q240").is_visible()
    assert console == console2 == []


@pytest.mark.browser
def test_hostile_report_runs_no_script(
    browser: Any, make_suite: Callable[..., Path], tmp_path: Path
) -> None:
    orders = {
        "orders": [dict(o, note=h) for o, h in zip(ORDERS["orders"] * 3, HOSTILE, strict=False)]
    }
    text = TINY.replace("What did the customer write?", HOSTILE[1] + HOSTILE[4])
    doc = _record(make_suite, orders, text, traces=[_hostile_trace(tmp_path)])
    assert doc.traces is not None and doc.traces.totals["hedges"] == 1
    view = build_view(doc, generated_at=NOW)
    out = write_report(view, tmp_path / "hostile.html")
    page, console, requests = _open(browser, out)
    for link in page.locator("a").all():
        href = link.get_attribute("href") or ""
        assert not href.lower().startswith("javascript:")
    assert page.evaluate("window.__pwned") is None
    assert page.locator("img, iframe, link, object, embed").count() == 0
    assert page.locator('script:not([type="application/json"])').count() == 1
    assert console == []
    assert requests == [out.resolve().as_uri()]


def test_a_regression_since_the_previous_run_is_at_the_top(
    make_suite: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner
    from projeval.cli import cli

    path = make_suite(TINY, {"orders.json": ORDERS}, CODE)
    folder = path.parent
    (folder / "projeval.toml").write_text('suites = ["suite.yaml"]\n', encoding="utf-8")
    monkeypatch.chdir(folder)
    runner = CliRunner()
    assert runner.invoke(cli, ["run"]).exit_code == 0
    # The second run is in a git repository and the first was not: the changes table has
    # a commit row, with no suite or projection (they read `nan | nan` once).
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "x"]):
        subprocess.run([*git, *args], cwd=folder, check=True, capture_output=True)
    # The next version of `compact` drops the order id.
    (folder / "proj.py").write_text(CODE.replace('{"id": o["id"], ', "{"), encoding="utf-8")
    second = runner.invoke(cli, ["run"])
    assert second.exit_code == 0, second.output
    html = (folder / "reports" / "index.html").read_text(encoding="utf-8")
    top = html.index('<section class="callouts regressions"')
    assert top < html.index('id="summary-h"')
    regressions = html[top : html.index("</section>", top)]
    assert "Regressions since run <code>1</code>" in regressions
    assert "tiny / compact: status is no longer answerable (weight 3)</li>" in regressions
    # The metric and its direction are named, and the tokens stand beside the coverage.
    assert (
        "tiny / compact: weighted coverage 60.0% -&gt; 0.0% (-60.0 points), worse (higher is "
        "better) · tokens 58 -&gt; 32 (-26, -44.8%), better (fewer is better)</li>"
    ) in regressions
    assert "<td>commit</td><td></td><td></td>" in html.replace("\n", "").replace(" ", "")
    # No pandas NaN leaks into the text (the commit row's suite and projection were `nan`).
    assert not re.search(r"\bnan\b", re.sub(r"<script>.*?</script>", "", html, flags=re.S))


def test_a_report_rendered_from_the_history_says_what_the_cli_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A new-user trial (OpenHands trajectories, recorded by `projeval run`, rendered again by
    # `projeval report` from the history): the report listed the user turns' classes in
    # alphabetical order ("0 answers, 0 greetings or closings, 1 other, 1 question, 3
    # requests") and gave a trace's recorded input with no word that only 4 of its 5 model
    # calls recorded usage, where `projeval traces` says "17,297 (4/5 calls)".
    from click.testing import CliRunner
    from projeval.cli import cli

    shutil.copytree(HERE / "corpora" / "formats" / "openhands", tmp_path / "traces")
    (tmp_path / "projeval.toml").write_text(
        'suites = []\ntraces = ["traces/"]\ndb = "history.duckdb"\nreport = "index.html"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(cli, ["run"]).exit_code == 0
    assert runner.invoke(cli, ["report"]).exit_code == 0
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    line = re.search(r"user turns: [^;<]*", html)
    assert line is not None
    words = [w for w in re.findall(r"[a-z]+", line.group()) if w not in ("user", "turns", "or")]
    order = ["question", "request", "answer", "greeting", "other"]
    assert [w.rstrip("s") for w in words if w.rstrip("s") in order] == order
    assert "17,297 (4/5 calls)" in html
