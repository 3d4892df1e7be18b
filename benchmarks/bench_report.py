"""Benchmark: the HTML report of a 5,000-question suite (run by hand, not a test).

    .venv/bin/python benchmarks/bench_report.py [--questions 5000] [--repeat 5]

Builds a synthetic suite of --questions questions over the shipped support-desk page and
five projections (raw, pruned, compact_v1, compact_v2 and compact_v2's node twin), scores
it, writes its report to benchmarks/out/report_<n>/index.html, and measures:

- the report's size (goal: under 2 MB), and how much of it is the JSON data blocks;
- the first screen in headless Chromium at 1366 x 900 and 390 x 844 (goal: within 2 s):
  first contentful paint, and the time until the first suite's verdict is laid out on
  screen, from navigation start (the best and the median of --repeat fresh pages);
- for reference, how long a drill-down takes to draw when it opens, and "Show all".

The questions are generated deterministically (seeded), each needing one to four of the
suite's fields with the precisions and readability the shipped questions use.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).resolve().parent / "out"

FIELDS = """\
fields:
  ticket_id: {path: "data[].id", kind: id}
  subject: data[].attributes.subject
  status: {path: "data[].attributes.status_code", kind: code}
  priority: {path: "data[].attributes.priority", kind: code}
  created_at: data[].attributes.created_at
  updated_at: data[].attributes.updated_at
  sla_due_at: data[].attributes.sla_due_at
  assignee: {path: "data[].relationships.assignee.data.id", kind: id}
  organization: {path: "data[].relationships.organization.data.id", kind: id}
  description: data[].attributes.description
  customer_note: {path: "data[].attributes.customer_note", untrusted: true}
  channel: data[].attributes.channel
  tags: data[].attributes.tags[]
  total: meta.page.total
"""
#: The ways a question needs a field, as the shipped suite's questions do.
NEEDS = {
    "subject": ["subject", "{field: subject, precision: 120}"],
    "status": ["{field: status, readable: true}"],
    "priority": ["{field: priority, readable: true}"],
    "created_at": ["created_at", "{field: created_at, precision: hour}"],
    "updated_at": ["{field: updated_at, precision: day}"],
    "sla_due_at": ["{field: sla_due_at, precision: minute}"],
    "assignee": ["assignee", "{field: assignee, readable: true}"],
    "organization": ["organization", "{field: organization, readable: true}"],
    "description": ["description"],
    "customer_note": ["customer_note"],
    "channel": ["channel"],
    "tags": ["tags"],
    "total": ["total"],
}
SUBJECTS = [
    "tickets",
    "open tickets",
    "urgent tickets",
    "tickets for Kestrel Logistics",
    "tickets from the night shift",
    "billing tickets",
    "tickets opened this week",
]
ASKS = [
    "Which {s} show {f}?",
    "List the {s} with their {f}.",
    "For the {s}, what is the {f}?",
    "Sort the {s} by {f} and give me the first ten.",
    "How do the {s} compare on {f}?",
]


def build_suite(n: int) -> Path:
    """The synthetic suite's YAML (written under benchmarks/out/report_<n>/)."""
    rng = random.Random(20)
    folder = OUT / f"report_{n}"
    folder.mkdir(parents=True, exist_ok=True)
    fixtures = ROOT / "fixtures" / "support_desk"
    names = list(NEEDS)
    lines = []
    for i in range(n):
        picked = rng.sample(names, rng.randint(1, 4))
        needs = ["ticket_id"] + [rng.choice(NEEDS[f]) for f in picked]
        text = rng.choice(ASKS).format(
            s=rng.choice(SUBJECTS), f=" and ".join(p.replace("_", " ") for p in picked)
        )
        lines.append(
            f"  - id: q{i:05}-{picked[0].replace('_', '-')}\n"
            f"    text: {json.dumps(text)}\n"
            f"    weight: {rng.randint(1, 8)}\n"
            f"    needs: [{', '.join(needs)}]\n"
        )
    module = ROOT / "projections" / "support_desk.py"
    text = (
        f"version: 1\nsuite: support-desk-{n}\ntool: search_tickets\n"
        f"tools: {fixtures / 'tools.json'}\nshort_ids: true\n"
        f"fixtures:\n  - {fixtures / 'search_tickets.json'}\n  - {fixtures / 'empty_page.json'}\n"
        f"  - path: {fixtures / 'rate_limited.json'}\n    error: rate_limited\n"
        + FIELDS
        + "projections:\n"
        + "".join(f"  {p}: {module}:{p}\n" for p in ("raw", "pruned", "compact_v1", "compact_v2"))
        + f"  compact_v2_node: {{command: node {ROOT / 'projections' / 'support_desk.js'}}}\n"
        + "questions:\n"
        + "".join(lines)
    )
    path = folder / "suite.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# Time from navigation start until the first verdict is laid out inside the viewport.
FIRST_SCREEN = """() => new Promise(resolve => {
  const done = () => {
    const v = document.querySelector(".verdict");
    const r = v && v.getBoundingClientRect();
    if (r && r.height > 0 && r.top < innerHeight) {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const nav = performance.getEntriesByType("navigation")[0];
      resolve({verdict_ms: performance.now(), fcp_ms: paint ? paint.startTime : null,
               dom_ms: nav.domContentLoadedEventEnd, load_ms: nav.loadEventEnd});
    } else requestAnimationFrame(done);
  };
  done();
})"""


def measure_browser(path: Path, repeat: int) -> dict[str, dict[str, float]]:
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        sys.exit("chromium is not installed (apt-get install chromium)")
    results: dict[str, dict[str, float]] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=executable, args=["--no-sandbox", "--disable-gpu"]
        )
        for label, (width, height) in {"1366x900": (1366, 900), "390x844": (390, 844)}.items():
            runs = []
            for _ in range(repeat):
                page = browser.new_page(viewport={"width": width, "height": height})
                errors: list[str] = []
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                page.on(
                    "console",
                    lambda m, errors=errors: errors.append(m.text) if m.type == "error" else None,
                )
                page.goto(path.resolve().as_uri(), wait_until="load")
                runs.append(page.evaluate(FIRST_SCREEN))
                if errors:
                    sys.exit(f"console errors: {errors}")
                page.close()
            results[label] = {}
            for key in ("fcp_ms", "verdict_ms", "dom_ms", "load_ms"):
                values = [r[key] for r in runs if r[key] is not None]
                if values:  # headless Chromium may not report a paint entry
                    results[label][key] = {
                        "best": round(min(values)),
                        "median": round(statistics.median(values)),
                    }
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(path.resolve().as_uri(), wait_until="load")
        opened = page.evaluate(
            """() => { const d = document.querySelector("details.projection");
                 const t = performance.now(); d.open = true;
                 d.dispatchEvent(new Event("toggle"));
                 return [performance.now() - t, d.querySelectorAll("table.needs tr").length]; }"""
        )
        shown = page.evaluate(
            """() => { const b = document.querySelector(".matrix-count button.all");
                 const t = performance.now(); b.click();
                 return [performance.now() - t,
                         document.querySelector("table.matrix tbody").rows.length]; }"""
        )
        results["on demand"] = {
            "drill_down_ms": round(opened[0]),
            "drill_down_rows": opened[1],
            "show_all_ms": round(shown[0]),
            "show_all_rows": shown[1],
        }
        browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from projeval.config import load_project
    from projeval.report import build_view, render_report, write_report
    from projeval.run import evaluate

    suite = build_suite(args.questions)
    start = time.perf_counter()
    run = evaluate(load_project(root=suite.parent), [suite])
    if run.errors:
        sys.exit(f"the suite did not run: {run.errors}")
    scored = time.perf_counter() - start
    start = time.perf_counter()
    view = build_view(run.to_record(), generated_at="-", title="5,000 questions")
    html = render_report(view)
    rendered = time.perf_counter() - start
    out = write_report(view, suite.parent / "index.html")
    data = sum(
        len(m) for m in re.findall(r'<script type="application/json".*?</script>', html, re.S)
    )
    size = out.stat().st_size
    projections = len(view.suites[0].projections)
    print(
        f"suite: {args.questions:,} questions x {projections} projections "
        f"(scored in {scored:.1f} s, report built and rendered in {rendered:.1f} s)"
    )
    print(
        f"report: {out.relative_to(ROOT)}: {size:,} bytes ({size / 2**20:.2f} MiB; goal < 2 MB), "
        f"of which JSON data {data:,} bytes"
    )
    for label, figures in measure_browser(out, args.repeat).items():
        print(f"chromium {label}: {json.dumps(figures)}")


if __name__ == "__main__":
    main()
