"""projeval: question-driven evaluation of tool-result projections.

The public API, documented with runnable examples in ``docs/api.md``::

    import projeval as pe

    run = pe.evaluate(pe.load_project())          # every configured suite
    run.to_pandas()                                # one row per suite and projection
    gate = pe.check_gate(run, pe.GateConfig(fail_under=90))
    gate.passed

Names are imported on first use (module ``__getattr__``), so ``import
projeval`` stays fast: pandas, DuckDB and tiktoken load only when needed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__

# Public name -> the module that defines it.
_EXPORTS: dict[str, str] = {
    # Loading
    "load_project": ".config",
    "Project": ".config",
    "load_suite": ".suites",
    "Suite": ".suites",
    # Scoring and evaluating
    "evaluate": ".run",
    "evaluate_suite": ".run",
    "RunResult": ".run",
    "RunRecord": ".runrecord",
    "SuiteRecord": ".runrecord",
    "ProjectionRecord": ".runrecord",
    "SuiteRun": ".run",
    "score_suite": ".score",
    "SuiteScore": ".score",
    "ProjectionScore": ".score",
    "QuestionResult": ".coverage",
    "NeedResult": ".coverage",
    "DroppedNeed": ".coverage",
    # Cost
    "cost_suite": ".cost",
    "SuiteCost": ".cost",
    "ProjectionCost": ".cost",
    # Contract checks
    "check_suite": ".checks",
    "Finding": ".checks",
    "findings_to_pandas": ".checks",
    # The CI gate
    "check_gate": ".gate",
    "GateConfig": ".gate",
    "GateResult": ".gate",
    "GateFailure": ".gate",
    "Baseline": ".gate",
    "render_gate_text": ".gatereport",
    "junit_xml": ".gatereport",
    "summary_markdown": ".gatereport",
    "summary_json": ".gatereport",
    # Traces
    "analyse_traces": ".traces",
    "TraceAnalysis": ".traces",
    # History
    "open_history": ".history",
    "History": ".history",
    "RunList": ".history",
    "Trend": ".history",
    "RunDiff": ".history",
    # Report
    "build_view": ".report",
    "write_report": ".report",
    "write_run_report": ".report",
    "ReportView": ".report",
    # Errors
    "ProjevalError": ".errors",
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
    "ProjectionRecord",
    "ProjectionScore",
    "ProjevalError",
    "QuestionResult",
    "ReportView",
    "RunDiff",
    "RunList",
    "RunRecord",
    "RunResult",
    "Suite",
    "SuiteCost",
    "SuiteRecord",
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
    "write_run_report",
]

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from .checks import Finding, check_suite, findings_to_pandas
    from .config import Project, load_project
    from .cost import ProjectionCost, SuiteCost, cost_suite
    from .coverage import DroppedNeed, NeedResult, QuestionResult
    from .errors import ProjevalError
    from .gate import Baseline, GateConfig, GateFailure, GateResult, check_gate
    from .gatereport import junit_xml, render_gate_text, summary_json, summary_markdown
    from .history import History, RunDiff, RunList, Trend, open_history
    from .report import ReportView, build_view, write_report, write_run_report
    from .run import RunResult, SuiteRun, evaluate, evaluate_suite
    from .runrecord import ProjectionRecord, RunRecord, SuiteRecord
    from .score import ProjectionScore, SuiteScore, score_suite
    from .suites import Suite, load_suite
    from .traces import TraceAnalysis, analyse_traces


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'projeval' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
