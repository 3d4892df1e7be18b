"""projeval: question-driven evaluation of tool-result projections.

The public API, documented with runnable examples in ``docs/api.md``::

    import evaluator as pe

    run = pe.evaluate(pe.load_project())          # every configured suite
    run.to_pandas()                                # one row per suite and projection
    gate = pe.check_gate(run, pe.GateConfig(fail_under=90))
    gate.passed

Names are imported on first use (module ``__getattr__``), so ``import
evaluator`` stays fast: pandas, DuckDB and tiktoken load only when needed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# Public name -> the module that defines it.
_EXPORTS: dict[str, str] = {
    # Loading
    "load_project": "evaluator.config",
    "Project": "evaluator.config",
    "load_suite": "evaluator.suites",
    "Suite": "evaluator.suites",
    # Scoring and evaluating
    "evaluate": "evaluator.run",
    "evaluate_suite": "evaluator.run",
    "RunResult": "evaluator.run",
    "SuiteRun": "evaluator.run",
    "score_suite": "evaluator.score",
    "SuiteScore": "evaluator.score",
    "ProjectionScore": "evaluator.score",
    "QuestionResult": "evaluator.coverage",
    "NeedResult": "evaluator.coverage",
    "DroppedNeed": "evaluator.coverage",
    # Cost
    "cost_suite": "evaluator.cost",
    "SuiteCost": "evaluator.cost",
    "ProjectionCost": "evaluator.cost",
    # Contract checks
    "check_suite": "evaluator.checks",
    "Finding": "evaluator.checks",
    "findings_to_pandas": "evaluator.checks",
    # The CI gate
    "check_gate": "evaluator.gate",
    "GateConfig": "evaluator.gate",
    "GateResult": "evaluator.gate",
    "GateFailure": "evaluator.gate",
    "Baseline": "evaluator.gate",
    "render_gate_text": "evaluator.gate",
    "junit_xml": "evaluator.gate",
    "summary_markdown": "evaluator.gate",
    "summary_json": "evaluator.gate",
    # Traces
    "analyse_traces": "evaluator.traces",
    "TraceAnalysis": "evaluator.traces",
    # History
    "open_history": "evaluator.history",
    "History": "evaluator.history",
    "RunList": "evaluator.history",
    "Trend": "evaluator.history",
    "RunDiff": "evaluator.history",
    # Report
    "build_view": "evaluator.report",
    "write_report": "evaluator.report",
    "ReportView": "evaluator.report",
    # Errors
    "ProjevalError": "evaluator.errors",
}

__all__ = [
    "Baseline",
    "DroppedNeed",
    "Finding",
    "GateConfig",
    "GateFailure",
    "GateResult",
    "History",
    "NeedResult",
    "Project",
    "ProjectionCost",
    "ProjectionScore",
    "ProjevalError",
    "QuestionResult",
    "ReportView",
    "RunDiff",
    "RunList",
    "RunResult",
    "Suite",
    "SuiteCost",
    "SuiteRun",
    "SuiteScore",
    "TraceAnalysis",
    "Trend",
    "__version__",
    "analyse_traces",
    "build_view",
    "check_gate",
    "check_suite",
    "cost_suite",
    "evaluate",
    "evaluate_suite",
    "findings_to_pandas",
    "junit_xml",
    "load_project",
    "load_suite",
    "open_history",
    "render_gate_text",
    "score_suite",
    "summary_json",
    "summary_markdown",
    "write_report",
]

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from evaluator.checks import Finding, check_suite, findings_to_pandas
    from evaluator.config import Project, load_project
    from evaluator.cost import ProjectionCost, SuiteCost, cost_suite
    from evaluator.coverage import DroppedNeed, NeedResult, QuestionResult
    from evaluator.errors import ProjevalError
    from evaluator.gate import (
        Baseline,
        GateConfig,
        GateFailure,
        GateResult,
        check_gate,
        junit_xml,
        render_gate_text,
        summary_json,
        summary_markdown,
    )
    from evaluator.history import History, RunDiff, RunList, Trend, open_history
    from evaluator.report import ReportView, build_view, write_report
    from evaluator.run import RunResult, SuiteRun, evaluate, evaluate_suite
    from evaluator.score import ProjectionScore, SuiteScore, score_suite
    from evaluator.suites import Suite, load_suite
    from evaluator.traces import TraceAnalysis, analyse_traces


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'evaluator' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
