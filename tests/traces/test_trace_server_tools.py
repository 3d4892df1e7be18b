"""Tools a provider runs or defines itself, read from real recorded responses
(tests/corpora/formats/README.md, "Provider responses with built-in tools": vercel/ai's
recorded API responses): Anthropic's server tools, whose results sit in the same
assistant message as the text around them, and the Responses API's built-in tools."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from projeval.traces import analyse_traces
from projeval.traces.events import Trace
from projeval.traces.parsers import open_file

VERCEL = Path(__file__).resolve().parents[1] / "corpora" / "formats" / "vercel_ai"


def _trace(name: str) -> Trace:
    items = list(open_file(VERCEL / name).items)
    (trace,) = [i for i in items if isinstance(i, Trace)]
    return trace


def _digest(trace: Trace) -> list[tuple[Any, ...]]:
    return [(e.role, e.kind, e.tool, e.is_error, (e.text or "")[:24] or None) for e in trace.events]


def test_text_after_a_server_tools_result_is_read_after_it() -> None:
    # claude-sonnet fetches a Wikipedia page (web_fetch) and then says what it is about,
    # all in one assistant message: the answer comes after the page, not before it.
    trace = _trace("anthropic-web-fetch-tool.1.json")
    assert _digest(trace) == [
        ("assistant", "message", None, None, "I'll fetch the Wikipedia"),
        ("assistant", "call", "web_fetch", None, None),
        ("tool", "result", "web_fetch", False, '{"content": {"source": {'),
        ("assistant", "message", None, None, "This Wikipedia page is a"),
    ]
    # One model call: its usage once, on the message's first event.
    assert [e.usage.input_total for e in trace.events if e.usage] == [4234]
    a = analyse_traces([VERCEL / "anthropic-web-fetch-tool.1.json"])
    flagged = {c.value for c in a.claims.itertuples()}
    # Every one of these is a word of the fetched page (read by hand).
    assert flagged.isdisjoint(
        {"England", "Poland", "George Sarauw", "Kongemose", "Scandinavia", "Zealand"}
    )


def test_a_code_runs_figures_ground_the_answer_after_it() -> None:
    # The CSV viewed, an awk script run, then the totals it printed ("Total Profit:
    # $35400", "Total Revenue: $89700") and the CSV's own months read back. Only the total
    # of expenses is the model's own sum, which nothing printed (8200 + ... + 10200).
    a = analyse_traces([VERCEL / "anthropic-code-execution-file-upload.1.json"])
    assert [c.value for c in a.claims.itertuples()] == ["$54,300"]


def test_a_server_shell_commands_non_zero_return_code_is_an_error() -> None:
    # Anthropic's bash_code_execution result {"return_code": 1, "stdout": "...Error: PDF
    # conversion failed"}: the command failed, as a shell's exit status says elsewhere.
    trace = _trace("anthropic-code-execution-20250825.pptx-skill.blocks-136-139.json")
    results = [e for e in trace.events if e.kind == "result"]
    assert [(e.tool, e.is_error) for e in results] == [("bash_code_execution", True)]
