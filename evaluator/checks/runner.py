"""The runner: applies every enabled rule to every projection of a suite that scored,
in a fixed order, and returns the findings deduplicated and sorted.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..score import SuiteScore
from .base import Finding, rule_severities
from .context import _Context
from .facts import _Facts, match_arguments
from .ids import _enum_code, _id_arg, _id_opaque, _labels
from .results import (
    _error_as_empty,
    _load_schema,
    _output_schema,
    _untrusted_text,
    schema_validator,
)
from .tools import merge_tools, suite_tools, tool_args
from .values import _absence, _truncation


def check_suite(suite_score: SuiteScore) -> list[Finding]:
    """Run every enabled contract check on every projection that scored; sorted findings.

    The agent's tools are the suite's ``tools:``; for an ``mcp:`` projection, its server's
    ``tools/list`` over them, and its tool's ``outputSchema`` (when it declares one) in
    place of the suite's ``output_schema``.
    """
    score = suite_score
    suite = score.suite
    severities = rule_severities(suite)
    facts = _Facts(suite)
    projections = score.scored()
    listed = suite_tools(suite)
    args = tool_args(listed, suite.tools_file)
    sources = sorted({s for p in projections if p.lineage for s in p.lineage.fields})
    ctx = _Context(
        score,
        severities,
        facts,
        {p.name: p.outputs for p in projections},
        args,
        match_arguments(args, suite, sources, facts),
        tools_known=suite.tools_file is not None or suite.tools_server is not None,
    )
    schema = _load_schema(suite) if suite.output_schema_file else None
    checks = (
        ("ID-ARG", _id_arg),
        ("ID-OPAQUE", _id_opaque),
        ("ENUM-CODE", _enum_code),
        ("LABELS", _labels),
        ("ABSENCE", _absence),
        ("TRUNCATION", _truncation),
        ("ERROR-AS-EMPTY", _error_as_empty),
        ("UNTRUSTED-TEXT", _untrusted_text),
    )
    findings: list[Finding] = []
    for p in projections:
        own, own_schema = ctx, schema
        runner = score.runners.get(p.name)
        served: list[dict[str, Any]] | None = getattr(runner, "tools", None)
        if served:
            own_args = tool_args(merge_tools(listed, served))
            own = replace(
                ctx, args=own_args, matched=match_arguments(own_args, suite, sources, facts)
            )
            own.tools_known = True
            called = next((t for t in served if t.get("name") == getattr(runner, "tool", None)), {})
            if isinstance(called.get("outputSchema"), dict):
                own_schema = schema_validator(called["outputSchema"])
        for rule, check in checks:
            if severities[rule] != "off":
                findings.extend(check(own, p))
        if severities["OUTPUT-SCHEMA"] != "off":
            findings.extend(_output_schema(own, p, own_schema))
    unique = {
        (f.projection, f.rule, f.path or "", f.field or "", f.fixture or "", f.message): f
        for f in findings
    }
    return [unique[k] for k in sorted(unique)]
