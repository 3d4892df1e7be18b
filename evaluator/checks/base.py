"""Shared types and configuration of the contract checks: the rule table, each rule's
severity for a suite (its ``checks:``), and the findings the rules produce.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import SuiteError
from ..suites import SEVERITIES, Suite
from ..vocabulary import FINDING_SEVERITIES

#: Severities from most to least severe (declared in ``vocabulary.py``).
SEVERITY_ORDER = FINDING_SEVERITIES


@dataclass(frozen=True)
class Rule:
    """A contract rule and its default severity."""

    id: str
    severity: str
    summary: str


RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        Rule("ID-ARG", "error", "an id a tool takes as an argument survives, unshortened"),
        Rule("ID-OPAQUE", "warning", "an opaque id is resolved to a name, not passed through"),
        Rule("ENUM-CODE", "warning", "integer codes carry their labels"),
        Rule("LABELS", "error", "coded values carry the labels the suite declares for them"),
        Rule(
            "ABSENCE", "warning", "a null value keeps its key, so 'not set' differs from 'not sent'"
        ),
        Rule("TRUNCATION", "error", "a cut list or text says so, and where"),
        Rule("ERROR-AS-EMPTY", "error", "an error response does not read as an empty success"),
        Rule("OUTPUT-SCHEMA", "error", "outputs validate against the suite's output schema"),
        Rule("UNTRUSTED-TEXT", "error", "untrusted text stays in a labelled field of its own"),
    )
}


@dataclass(frozen=True)
class Finding:
    """One contract problem in one projection's output."""

    rule: str
    severity: str
    suite: str
    projection: str
    fixture: str | None
    path: str | None
    message: str
    field: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (for JSON and the store)."""
        return {
            "rule": self.rule,
            "severity": self.severity,
            "suite": self.suite,
            "projection": self.projection,
            "fixture": self.fixture,
            "path": self.path,
            "field": self.field,
            "message": self.message,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Finding:
        """The finding back from :meth:`to_dict`."""
        return cls(
            rule=data["rule"],
            severity=data["severity"],
            suite=data["suite"],
            projection=data["projection"],
            fixture=data.get("fixture"),
            path=data.get("path"),
            message=data["message"],
            field=data.get("field"),
        )

    def __str__(self) -> str:
        where = self.path or "-"
        on = f" [{self.fixture}]" if self.fixture else ""
        return f"{self.severity} {self.rule} {self.projection} {where}{on}: {self.message}"


def rule_severities(suite: Suite) -> dict[str, str]:
    """Each rule's severity for this suite: the default, or the suite's ``checks:`` value."""
    unknown = sorted(set(suite.checks) - set(RULES))
    if unknown:
        hint = difflib.get_close_matches(unknown[0], list(RULES), n=1)
        raise SuiteError(
            f"'checks' names an unknown rule {unknown[0]!r}.",
            file=suite.path,
            position="checks",
            fix=f"did you mean {hint[0]!r}?" if hint else f"use one of: {', '.join(RULES)}",
        )
    out = {}
    for rule_id, rule in RULES.items():
        severity = suite.checks.get(rule_id, rule.severity)
        assert severity in SEVERITIES
        out[rule_id] = severity
    return out


_FINDING_COLUMNS = [
    "suite",
    "projection",
    "rule",
    "severity",
    "fixture",
    "path",
    "field",
    "message",
]


def findings_to_pandas(findings: list[Finding]) -> Any:
    """One row per finding, in the order given (for notebooks)."""
    import pandas as pd

    return pd.DataFrame([f.to_dict() for f in findings], columns=_FINDING_COLUMNS)


def summarize(findings: list[Finding]) -> dict[str, int]:
    """Number of findings per severity, most severe first (for the score document)."""
    counts = Counter(f.severity for f in findings)
    return {s: counts.get(s, 0) for s in SEVERITY_ORDER}
