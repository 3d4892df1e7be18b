"""The gate's output formats: plain text, JUnit XML and pull-request summaries.

Each function takes a :class:`~projeval.gate.GateResult` and returns text; the
gate itself (:mod:`projeval.gate`) only decides.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .coverage import NeedResult, QuestionResult
from .errors import ProjevalError
from .gate import GateResult, ProjectionCheck
from .text.numbers import count, num, pct
from .vocabulary import severity_rank

# --------------------------------------------------------------------------------------
# Plain text


def _weighted(questions: Sequence[tuple[str, float]]) -> str:
    return ", ".join(f"{q} (weight {num(w)})" for q, w in questions)


def _reasons(check: ProjectionCheck) -> list[str]:
    """The detail lines of one failing projection: fields, then the questions they fail."""
    kinds = {f.kind for f in check.failures}
    shown: dict[str, QuestionResult] = {}
    for q in check.questions:
        if q.answerable:
            continue
        dropped = any(n.status == "dropped" for n in q.failing)
        if (
            "coverage" in kinds
            or q.id in check.regressed
            or ("dropped-needed" in kinds and dropped)
        ):
            shown[q.id] = q
    # Group failing needs by (status, field, why), so a field dropped for four
    # questions is one line, not four.
    groups: dict[tuple[str, str, str], list[tuple[str, float]]] = {}
    for q in shown.values():
        for n in q.failing:
            if "coverage" not in kinds and q.id not in check.regressed and n.status != "dropped":
                continue
            detail = "" if n.status == "dropped" else n.detail
            groups.setdefault((n.status, n.field, detail), []).append((q.id, q.weight))

    def order(item: tuple[tuple[str, str, str], list[tuple[str, float]]]) -> tuple[Any, ...]:
        (status, name, detail), qs = item
        return (severity_rank(status), -sum(w for _, w in qs), name, detail)

    lines = []
    for (status, name, detail), qs in sorted(groups.items(), key=order):
        qs = sorted(qs, key=lambda q: (-q[1], q[0]))
        label = "dropped needed field" if status == "dropped" else f"{status} field"
        lines.append(f"  {label} {name}: {_weighted(qs)}")
        if detail:
            lines.append(f"    {detail}")
    if check.regressed:
        weights = {q.id: q.weight for q in check.questions}
        regressed = sorted(((q, weights[q]) for q in check.regressed), key=lambda q: (-q[1], q[0]))
        lines.append(f"  no longer answerable: {_weighted(regressed)}")
    lines.extend(f"  {d}" for f in check.failures for d in f.details)
    return lines


def render_failure(check: ProjectionCheck) -> str:
    """The block for one failing projection: a ``FAILED`` line, then why, field by field."""
    head = f"FAILED {check.name}: " + "; ".join(f.message for f in check.failures)
    return "\n".join([head, *_reasons(check)])


def render_gate_text(result: GateResult) -> str:
    """What ``projeval check`` prints: one block per failing projection, then the verdict."""
    blocks = [render_failure(c) for c in result.failed_checks]
    suites = len({c.suite for c in result.checks})
    scope = f"{count(len(result.checks), 'projection')} in {count(suites, 'suite')}"
    gate = result.config.describe(result.baseline)
    if result.failures:
        verdict = f"projeval check: failed: {len(result.failed_checks)} of {scope} ({gate})"
    elif result.errors:
        verdict = (
            f"projeval check: not checked: {count(len(result.errors), 'input error')} ({gate})"
        )
    else:
        verdict = f"projeval check: passed: {scope} ({gate})"
    if result.warnings:
        blocks.append("\n".join(f"warning: {w}" for w in result.warnings))
    blocks.append(verdict)
    return "\n\n".join(blocks)


# --------------------------------------------------------------------------------------
# JUnit XML


def _need_reason(n: NeedResult) -> str:
    return f"{n.field} {n.status} ({n.detail})"


def junit_xml(result: GateResult) -> str:
    """JUnit XML: a testsuite per projection, a testcase per question, plus its ``gate``.

    A question fails when it is not answerable (the message lists the missing
    fields and why); the ``gate`` testcase fails when a threshold fails. CI
    decides pass or fail from the exit code; the XML says where.
    """
    root = ET.Element("testsuites", name="projeval")
    total = failed = 0
    for check in result.checks:
        classname = f"{check.suite}.{check.projection}"
        suite_el = ET.SubElement(root, "testsuite", name=classname)
        props = ET.SubElement(suite_el, "properties")
        coverage = "" if check.coverage is None else f"{check.coverage:.6f}"
        ET.SubElement(props, "property", name="coverage", value=coverage)
        ratio = "" if check.token_ratio is None else f"{check.token_ratio:.4f}"
        ET.SubElement(props, "property", name="token_ratio", value=ratio)
        cases = fails = 0
        for q in check.questions:
            case = ET.SubElement(suite_el, "testcase", classname=classname, name=q.id, time="0")
            cases += 1
            if q.answerable:
                continue
            fails += 1
            message = "not answerable: " + "; ".join(_need_reason(n) for n in q.failing)
            el = ET.SubElement(case, "failure", message=message, type=q.failing[0].status)
            el.text = f"{q.text} (weight {num(q.weight)})\n" + "\n".join(
                f"{n.field}: {n.status}: {n.detail}" for n in q.failing
            )
        gate = ET.SubElement(suite_el, "testcase", classname=classname, name="gate", time="0")
        cases += 1
        if check.failures:
            fails += 1
            el = ET.SubElement(
                gate,
                "failure",
                message="; ".join(f.message for f in check.failures),
                type=check.failures[0].kind,
            )
            el.text = render_failure(check)
        suite_el.set("tests", str(cases))
        suite_el.set("failures", str(fails))
        suite_el.set("errors", "0")
        suite_el.set("skipped", "0")
        total += cases
        failed += fails
    for error in result.errors:
        suite_el = ET.SubElement(root, "testsuite", name="projeval", tests="1", failures="0")
        suite_el.set("errors", "1")
        case = ET.SubElement(suite_el, "testcase", classname="projeval", name="input", time="0")
        ET.SubElement(case, "error", message=error, type="input")
        total += 1
    root.set("tests", str(total))
    root.set("failures", str(failed))
    root.set("errors", str(len(result.errors)))
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# --------------------------------------------------------------------------------------
# Pull-request summaries


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def summary_markdown(result: GateResult) -> str:
    """A short Markdown summary for a pull-request comment: a table, then the failures."""
    verdict = "passed" if result.passed else "failed"
    lines = [
        f"### projeval check: {verdict}",
        "",
        f"Gate: {result.config.describe(result.baseline)}.",
        "",
        "| suite | projection | coverage | answerable | dropped needed | token ratio | result |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for c in result.checks:
        ratio = "-" if c.token_ratio is None else f"{c.token_ratio:.2f}"
        outcome = "ok" if c.passed else "**FAILED**: " + "; ".join(f.message for f in c.failures)
        cells = [
            c.suite,
            c.projection,
            pct(c.coverage),
            f"{c.answerable}/{len(c.questions)}",
            str(len(c.dropped_needed)),
            ratio,
            outcome,
        ]
        lines.append("| " + " | ".join(_cell(x) for x in cells) + " |")
    if result.errors:
        lines += ["", "Input errors:", ""]
        lines += [f"- {_cell(e)}" for e in result.errors]
    if result.failed_checks:
        lines += ["", "<details><summary>Why</summary>", "", "```text"]
        lines.append("\n\n".join(render_failure(c) for c in result.failed_checks))
        lines += ["```", "", "</details>"]
    return "\n".join(lines) + "\n"


def summary_json(result: GateResult) -> str:
    """The gate result as a JSON document (``version`` 1), sorted and stable."""
    return json.dumps(result.to_dict(), indent=2, ensure_ascii=False) + "\n"


#: ``--summary`` formats and their renderers.
SUMMARY_FORMATS = {"markdown": summary_markdown, "json": summary_json}


def parse_summary_target(value: str) -> tuple[str, Path]:
    """``markdown:PATH`` or ``json:PATH`` (the ``--summary`` option) -> ``(format, path)``."""
    fmt, sep, path = value.partition(":")
    if not sep or fmt not in SUMMARY_FORMATS or not path:
        raise ProjevalError(
            f"--summary {value!r} is not FORMAT:PATH.",
            fix="use markdown:PATH or json:PATH, e.g. --summary markdown:check-summary.md",
        )
    return fmt, Path(path)
