"""What the checks of one suite share: the context every rule receives, and the
lineage rows of a projection.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..lineage import FieldLineage
from ..score import Outcome, ProjectionScore, SuiteScore
from ..suites import Suite
from .base import Finding
from .facts import _Facts
from .tools import ToolArg


@dataclass
class _Context:
    """Everything the checks of one suite share."""

    score: SuiteScore
    severities: dict[str, str]
    facts: _Facts
    outcomes: dict[str, dict[str, Outcome]]
    args: list[ToolArg]
    matched: dict[str, list[ToolArg]]
    #: Whether the agent's tools are known (a ``tools:`` file, or an MCP server's list).
    tools_known: bool = False

    @property
    def suite(self) -> Suite:
        return self.score.suite

    def finding(
        self,
        rule: str,
        projection: str,
        path: str | None,
        message: str,
        fixture: str | None = None,
        field: str | None = None,
    ) -> Finding:
        return Finding(
            rule, self.severities[rule], self.suite.name, projection, fixture, path, message, field
        )

    def data_outputs(self, projection: str) -> Iterator[tuple[str, Any, Any]]:
        """``(fixture, raw, output)`` for each data fixture the projection ran on."""
        for fx in self.suite.data_fixtures:
            outcome = self.outcomes[projection].get(fx.name)
            if outcome is not None and outcome.fault is None:
                yield fx.name, fx.data, outcome.output


def _rows(p: ProjectionScore) -> list[FieldLineage]:
    assert p.lineage is not None
    return p.lineage.rows()
