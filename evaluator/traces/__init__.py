"""Trace analysis: what recorded agent conversations say about a projection.

Parse traces in the formats of :data:`FORMATS` (OpenAI Chat and Responses, Anthropic
Messages, Gemini, Bedrock Converse, MCP JSON-RPC logs, OpenTelemetry GenAI and
OpenInference spans, AgentDojo run files, MINT results, Harbor ATIF trajectories,
gemini-cli chat recordings, Azure AI Evaluation agent rows, Pydantic AI message
histories) into one event table, then measure follow-up lookups, duplicate calls, hedged answers,
billed tokens and question drift, and tie them to a suite's fields::

    from projeval.traces import analyse_traces

    result = analyse_traces(["traces/"], suites=["question_sets/support_desk.yaml"])
    result.summary          # one row per trace
    result.findings[0].text  # 'search_tickets: assignee (opaque id) -> get_user x11, ...'
    print(result.render())   # the plain-text summary ``projeval traces`` prints

The same analysis runs on a Dask cluster, partition by partition, with an
identical result: ``analyse_traces(paths, engine="dask", address=None)``
(``pip install 'projeval[dask]'``; see :mod:`projeval.traces.distributed`).
Parquet files of normalised events are read like any trace file
(:mod:`projeval.traces.parquet`).
"""

from __future__ import annotations

from ..text.traces import render_summary
from .analysis import SCHEMA_VERSION, FileInfo, TraceAnalysis, analyse_traces
from .drift import DEFAULT_THRESHOLD, best_match, similarity
from .events import Event, Problem, Trace, Usage
from .findings import FieldFinding, HedgedAnswer
from .hedges import HedgeMatch, Lexicon
from .parsers import FORMATS, open_file, parse_file, sniff
from .readers import DEFAULT_MAX_JSON_BYTES

__all__ = [
    "DEFAULT_MAX_JSON_BYTES",
    "DEFAULT_THRESHOLD",
    "FORMATS",
    "SCHEMA_VERSION",
    "Event",
    "FieldFinding",
    "FileInfo",
    "HedgeMatch",
    "HedgedAnswer",
    "Lexicon",
    "Problem",
    "Trace",
    "TraceAnalysis",
    "Usage",
    "analyse_traces",
    "best_match",
    "open_file",
    "parse_file",
    "render_summary",
    "similarity",
    "sniff",
]
