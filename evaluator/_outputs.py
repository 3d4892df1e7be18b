"""Each projection's output on every fixture, for cost and the contract checks.

Lineage keeps the baseline output of each data fixture; error fixtures are not run by
lineage, so they are run here, under the same guards (a private copy of the input,
captured output, the time limit).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from .projections import ProjectionFault, ProjectionRunner, load_projection
from .score import ProjectionScore, SuiteScore


@dataclass(frozen=True)
class Outcome:
    """A projection's output on one fixture, or why there is none."""

    output: Any = None
    fault: str | None = None


def scored(score: SuiteScore) -> list[ProjectionScore]:
    """Projections that ran without a fault, by name."""
    return [
        p
        for _name, p in sorted(score.projections.items())
        if p.ok and p.lineage is not None and p.lineage.fault is None
    ]


def runner_for(score: SuiteScore, projection: str) -> ProjectionRunner:
    """A fresh runner for one of the suite's projections (already imported by scoring)."""
    spec = score.suite.projections[projection]
    return ProjectionRunner(load_projection(spec, score.suite))


def run_once(runner: ProjectionRunner, raw: Any) -> Outcome:
    """Call a projection on a private copy of ``raw``."""
    try:
        output, _text = runner(copy.deepcopy(raw))
    except ProjectionFault as fault:
        return Outcome(fault=f"{fault.kind}: {fault.message}")
    return Outcome(output)


def fixture_outputs(score: SuiteScore) -> dict[str, dict[str, Outcome]]:
    """``{projection: {fixture: Outcome}}`` for every projection that scored, every fixture."""
    out: dict[str, dict[str, Outcome]] = {}
    for p in scored(score):
        assert p.lineage is not None
        per_fixture: dict[str, Outcome] = {}
        runner: ProjectionRunner | None = None
        for fx in score.suite.fixtures:
            if fx.name in p.lineage.outputs:
                per_fixture[fx.name] = Outcome(p.lineage.outputs[fx.name])
                continue
            runner = runner or runner_for(score, p.name)
            per_fixture[fx.name] = run_once(runner, fx.data)
        out[p.name] = per_fixture
    return out
