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


def _scrub(html: str) -> str:
    html = re.sub(r"<svg.*?</svg>", "<svg/>", html, flags=re.S)
    html = re.sub(r"projeval \d+\.\d+\.\d+\S*", "projeval X", html)
    return re.sub(r"'sha256-[A-Za-z0-9+/=]+'", "'sha256-X'", html)


def test_golden_report(make_suite: Callable[..., Path]) -> None:
    view = build_view(_record(make_suite, ORDERS), generated_at=NOW, run_id="7")
    html = _scrub(render_report(view)).replace(str(Path.cwd()), "<cwd>")
    html = re.sub(r"<code>/[^<]*/suite\.yaml</code>", "<code>suite.yaml</code>", html)
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
    assert html.count("<script") == 1  # the report's own
    for payload in ("<img", '="javascript:', "</textarea>", "<svg onload", "<link", 'onerror="'):
        assert payload not in html
    # The payloads are there, as text: from the suite (question) and the fixture (lineage).
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in html
    assert "[&lt;script&gt;window.__pwned_=_1" in html


def test_shipped_example_report_stays_small(repo: Path, tmp_path: Path) -> None:
    run = evaluate(load_project(repo / "pyproject.toml"))
    out = write_report(build_view(run.to_record(), generated_at=NOW), tmp_path / "index.html")
    assert out.stat().st_size < 1_000_000
    html = out.read_text(encoding="utf-8")
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert [i for i in set(ids) if ids.count(i) > 1] == []  # 334 once, from the charts
    refs = set(re.findall(r'(?:url\(|href=")#([^)"]+)', html))
    assert refs <= set(ids)  # every chart's marker and clip references resolve
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


def _open(browser: Any, path: Path) -> tuple[Any, list[str], list[str]]:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    console: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(path.resolve().as_uri())
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

    # Filtering the matrix by status.
    page.select_option(f'.filter-status[data-table="{matrix[1:]}"]', "dropped")
    visible = page.locator(f"{matrix} tbody tr:not([hidden])").count()
    assert 0 < visible < page.locator(f"{matrix} tbody tr").count()

    page.screenshot(path=str(tmp_path / "report.png"), full_page=False)
    screenshots = repo / "reports"
    if screenshots.is_dir():
        page.screenshot(path=str(screenshots / "browser-test.png"), full_page=False)
    assert console == []
    assert requests == [out.resolve().as_uri()]


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
    assert page.locator("script").count() == 1
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
