"""The runner: applies every enabled rule to every projection of a suite that scored,
in a fixed order, and returns the findings deduplicated and sorted.
"""

from __future__ import annotations

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
)
from .tools import load_tools
from .values import _absence, _truncation


def check_suite(suite_score: SuiteScore) -> list[Finding]:
    """Run every enabled contract check on every projection that scored; sorted findings."""
    score = suite_score
    suite = score.suite
    severities = rule_severities(suite)
    facts = _Facts(suite)
    projections = score.scored()
    args = load_tools(suite.tools_file) if suite.tools_file else []
    sources = sorted({s for p in projections if p.lineage for s in p.lineage.fields})
    ctx = _Context(
        score,
        severities,
        facts,
        {p.name: p.outputs for p in projections},
        args,
        match_arguments(args, suite, sources, facts),
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
        for rule, check in checks:
            if severities[rule] != "off":
                findings.extend(check(ctx, p))
        if severities["OUTPUT-SCHEMA"] != "off":
            findings.extend(_output_schema(ctx, p, schema))
    unique = {
        (f.projection, f.rule, f.path or "", f.field or "", f.fixture or "", f.message): f
        for f in findings
    }
    return [unique[k] for k in sorted(unique)]
