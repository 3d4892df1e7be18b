"""Hostile and broken input: nothing crashes, nothing is lost, every error says where.

Property tests feed the suite loader and the trace parsers arbitrary input
(lineage has its own in test_lineage.py); the rest pins what happens with
faulty projections, resource bounds, encodings and odd paths.
"""

from __future__ import annotations

import gzip
import json
import os
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from projeval.config import load_project
from projeval.errors import FixtureError, ProjevalError, SuiteError, TraceError
from projeval.run import evaluate
from projeval.suites import Suite, load_suite
from projeval.traces import analyse_traces

REPO = Path(__file__).resolve().parent.parent
TRACES = sorted(p for p in (REPO / "traces").iterdir() if p.suffix in (".json", ".jsonl"))
# ShareGPT records (a JSON list of them, and Hermes's blocks in JSON Lines) are read by
# rewriting them, as are LangChain message dumps and AG2 histories, and Pydantic AI
# histories, Letta agent files, OpenHands events, Azure AI Evaluation rows and gemini-cli
# recordings have readers of their own: broken ones must give the same clean outcome.
TRACES += [
    REPO / "tests" / "corpora" / "formats" / name
    for name in (
        "sharegpt_glaive_toolcall.json",
        "hermes_agent_trajectory.jsonl",
        "langchain_messages.json",
        "ag2_chat_history.json",
        "pydantic_ai_gemini_history.json",
        "pydantic_ai_openai_history.json",
        # one line of JSON, so "retype" reaches every field of a Letta agent file
        "letta/customer_service.af",
        # readers benchmarks/fuzz_traces.py found tracebacks in (fields of the wrong type)
        "openhands/basic_interactions.json",
        "azure_eval_agent_messages.jsonl",
        "gemini_cli/session-2025-12-10T03-48-c8424283.json",
    )
]

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=20,
)
_settings = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))

VALID = """\
suite: tiny
tool: search
fixtures: [page.json]
fields:
  ticket_id: {path: "data[].id", kind: id}
  due: data[].due
projections:
  raw: proj.py:raw
questions:
  - id: q1
    text: When is it due?
    needs: [ticket_id, {field: due, precision: minute}]
"""
PAGE = {"data": [{"id": "tkt_1a2b3c4d", "due": "2026-01-02T03:04:05Z"}]}


# --------------------------------------------------------------------------------------
# The suite loader, fed arbitrary YAML


def _mutations() -> st.SearchStrategy[str]:
    lines = VALID.splitlines()
    replace_line = st.tuples(st.integers(0, len(lines) - 1), st.text(max_size=40)).map(
        lambda t: "\n".join([*lines[: t[0]], t[1], *lines[t[0] + 1 :]])
    )
    swap_value = st.tuples(
        st.sampled_from(["suite", "tool", "fixtures", "fields", "projections", "questions"]), _json
    ).map(lambda t: yaml.safe_dump({**yaml.safe_load(VALID), t[0]: t[1]}))
    return st.one_of(st.text(max_size=200), _json.map(yaml.safe_dump), replace_line, swap_value)


@_settings
@given(_mutations())
def test_arbitrary_yaml_gives_a_suite_or_one_clean_error(tmp_path_factory: Any, text: str) -> None:
    folder = tmp_path_factory.mktemp("suite")
    (folder / "page.json").write_text(json.dumps(PAGE), encoding="utf-8")
    path = folder / "suite.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        suite = load_suite(path)
    except ProjevalError as exc:
        assert exc.file is not None and exc.render().startswith(exc.file)
    else:
        assert isinstance(suite, Suite)


# --------------------------------------------------------------------------------------
# The trace parsers, fed broken versions of every shipped format


def _corrupt(data: bytes, how: str, at: int, value: Any) -> bytes:
    if how == "truncate":
        return data[: at % max(len(data), 1)]
    if how == "bad-bytes":
        cut = at % max(len(data), 1)
        return data[:cut] + b"\xff\xfe\x00" + data[cut:]
    if how == "crlf":
        return data.replace(b"\n", b"\r\n")
    # Replace one value somewhere with arbitrary JSON of any type.
    lines = data.split(b"\n")
    index = at % len(lines)
    try:
        doc = json.loads(lines[index])
    except ValueError:
        return data
    stack: list[Any] = [doc]
    targets: list[tuple[Any, Any]] = []
    while stack:
        node = stack.pop()
        items = (
            node.items()
            if isinstance(node, dict)
            else enumerate(node)
            if isinstance(node, list)
            else ()
        )
        for key, child in items:
            targets.append((node, key))
            stack.append(child)
    if targets:
        node, key = targets[at % len(targets)]
        node[key] = value
    lines[index] = json.dumps(doc).encode()
    return b"\n".join(lines)


@_settings
@given(
    st.sampled_from(TRACES),
    st.sampled_from(["truncate", "bad-bytes", "crlf", "retype"]),
    st.integers(0, 10**9),
    _json,
)
def test_broken_traces_give_results_or_one_clean_error(
    tmp_path_factory: Any, source: Path, how: str, at: int, value: Any
) -> None:
    folder = tmp_path_factory.mktemp("trace")
    path = folder / source.name
    path.write_bytes(_corrupt(source.read_bytes(), how, at, value))
    try:
        analysis = analyse_traces([str(path)])
    except TraceError as exc:
        assert exc.render().startswith(str(path))
    else:
        # Whatever was skipped is counted and located, never dropped silently.
        for problem in analysis.problems.to_dict("records"):
            assert problem["file"] and problem["reason"]


@_settings
@given(st.lists(st.one_of(_json.map(json.dumps), st.text(max_size=50)), max_size=8))
def test_arbitrary_json_lines(tmp_path_factory: Any, lines: list[str]) -> None:
    path = tmp_path_factory.mktemp("lines") / "t.jsonl"
    # A real conversation first, so the format is detected and the rest is read.
    first = (REPO / "traces" / "support_openai.jsonl").read_text(encoding="utf-8").split("\n")[0]
    path.write_text("\n".join([first, *lines]), encoding="utf-8", errors="surrogatepass")
    analysis = analyse_traces([str(path)])
    assert len(analysis.summary) >= 1  # the good conversation is never lost
    # Every line that is not JSON is reported with its number, never dropped.
    broken = set()
    # Bytes, not read_text: universal newlines would turn a lone \r into a line break.
    for number, line in enumerate(path.read_bytes().decode("utf-8", "replace").split("\n"), 1):
        try:
            json.loads(line)
        except ValueError:
            if line.strip():
                broken.add(number)
    assert broken <= set(analysis.problems["line"])


def test_a_bad_line_is_skipped_and_reported_and_the_rest_is_read(tmp_path: Path) -> None:
    good = (REPO / "traces" / "support_openai.jsonl").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join([good[0], '{"messages": [', good[1]]) + "\n", encoding="utf-8")
    analysis = analyse_traces([str(path)])
    (problem,) = analysis.problems.to_dict("records")
    assert problem["line"] == 2
    assert len(analysis.summary) == 2  # both good conversations were read


# --------------------------------------------------------------------------------------
# Projections that misbehave: each gets its own finding, the others are scored

FAULTY = """\
import random, sys

def good(page):
    return [t["id"] for t in page["data"]]

def raises(page):
    raise ValueError("no")

def hangs(page):
    while True:
        pass

def huge(page):
    return "x" * 5000

def flaky(page):
    return random.random()

def mutates(page):
    page["data"].clear()
    return []

def prints(page):
    print("debug output")
    sys.stderr.write("more\\n")
    return [t["id"] for t in page["data"]]
"""


def test_every_projection_fault_is_its_own_finding(make_suite: Callable[..., Path]) -> None:
    names = ["good", "raises", "hangs", "huge", "flaky", "mutates", "prints"]
    text = VALID.replace("  raw: proj.py:raw\n", "".join(f"  {n}: proj.py:{n}\n" for n in names))
    path = make_suite(text, {"page.json": PAGE}, FAULTY)
    (path.parent / "projeval.toml").write_text(
        "timeout = 0.5\nmax_output_bytes = 1000\n", encoding="utf-8"
    )
    result = evaluate(load_project(root=path.parent), [path])
    kinds = {n: p.error_kind for n, p in result.suites[0].score.projections.items()}
    assert kinds == {
        "good": None,
        "raises": "raised",
        "hangs": "timeout",
        "huge": "too-large",
        "flaky": "non-deterministic",
        "mutates": "mutates-input",
        "prints": None,
    }
    projections = result.suites[0].score.projections
    assert projections["good"].coverage == projections["prints"].coverage == 0.0  # `due` is dropped
    assert projections["hangs"].error.endswith("did not return within 0.5 s")


# --------------------------------------------------------------------------------------
# Resource bounds


def _deep(depth: int) -> str:
    return '{"k":' * depth + "1" + "}" * depth


def test_a_fixture_nested_10000_deep_is_refused_clearly(make_suite: Callable[..., Path]) -> None:
    path = make_suite(VALID)
    (path.parent / "page.json").write_text(_deep(10_000), encoding="utf-8")
    with pytest.raises(FixtureError) as info:
        load_suite(path)
    assert info.value.render() == (
        f"{path.parent / 'page.json'}: fixture is nested too deeply to read. "
        "Fix: flatten the document; JSON nested thousands of levels deep is not supported"
    )


def test_a_trace_line_nested_10000_deep_is_skipped_and_reported(tmp_path: Path) -> None:
    good = (REPO / "traces" / "support_openai.jsonl").read_text(encoding="utf-8").splitlines()[0]
    path = tmp_path / "deep.jsonl"
    path.write_text(_deep(10_000) + "\n" + good + "\n", encoding="utf-8")
    analysis = analyse_traces([str(path)])
    assert len(analysis.summary) == 1
    assert analysis.problems.to_dict("records")[0]["line"] == 1


def test_a_projection_output_nested_10000_deep_is_a_fault(make_suite: Callable[..., Path]) -> None:
    code = textwrap.dedent(
        """\
        def raw(page):
            out = {}
            node = out
            for _ in range(10_000):
                node["k"] = {}
                node = node["k"]
            return out
        """
    )
    path = make_suite(VALID, {"page.json": PAGE}, code)
    result = evaluate(load_project(root=path.parent), [path])
    raw = result.suites[0].score.projections["raw"]
    assert raw.error_kind == "not-json"
    assert "nested too deeply" in raw.error


def test_a_100_mb_single_line_record_is_read(tmp_path: Path) -> None:
    blob = "x" * (100 * 1024 * 1024)
    record = {
        "messages": [
            {"role": "user", "content": "Export everything?"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "export", "arguments": "{}"},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "c1", "content": blob},
            {"role": "assistant", "content": "Done."},
        ]
    }
    path = tmp_path / "big.jsonl"
    with path.open("w", encoding="utf-8") as handle:
        json.dump(record, handle)
        handle.write("\n")
    del blob, record
    analysis = analyse_traces([str(path)])
    (row,) = analysis.summary.to_dict("records")
    # 100 MiB of one letter: 8 characters a token, counted in pieces.
    assert row["calls"] == 1 and row["result_tokens"] == 100 * 1024 * 1024 // 8


def test_a_question_set_with_10000_questions(make_suite: Callable[..., Path]) -> None:
    questions = "".join(
        f"  - {{id: q{i}, text: Question {i}, weight: {1 + i % 5}, needs: [ticket_id, {{field: due, precision: {'day' if i % 2 else 'second'}}}]}}\n"
        for i in range(10_000)
    )
    text = VALID.split("questions:\n")[0] + "questions:\n" + questions
    path = make_suite(text, {"page.json": PAGE}, "def raw(page):\n    return page\n")
    suite = load_suite(path)
    assert len(suite.questions) == 10_000
    result = evaluate(load_project(root=path.parent), [path])
    assert result.suites[0].score.projections["raw"].coverage == 1.0


# --------------------------------------------------------------------------------------
# Encodings and paths


def test_non_utf8_fixture_names_the_byte(make_suite: Callable[..., Path]) -> None:
    path = make_suite(VALID)
    (path.parent / "page.json").write_bytes(b'{"data": [{"id": "caf\xe9"}]}')
    with pytest.raises(FixtureError) as info:
        load_suite(path)
    assert info.value.render() == (
        f"{path.parent / 'page.json'}:1: fixture is not UTF-8 (byte 0xe9 at offset 21). "
        "Fix: save the file as UTF-8"
    )


def test_bom_and_crlf_fixture(make_suite: Callable[..., Path]) -> None:
    path = make_suite(VALID)
    body = json.dumps(PAGE, indent=2).replace("\n", "\r\n").encode()
    (path.parent / "page.json").write_bytes(b"\xef\xbb\xbf" + body)
    assert load_suite(path).fixtures[0].data == PAGE


def test_paths_with_spaces_non_ascii_and_symlinks(tmp_path: Path) -> None:
    folder = tmp_path / "my suites" / "équipe ünï"
    data = tmp_path / "shared data"
    folder.mkdir(parents=True)
    data.mkdir()
    (data / "page one.json").write_text(json.dumps(PAGE), encoding="utf-8")
    os.symlink(data / "page one.json", folder / "page.json")
    (folder / "proj.py").write_text("def raw(page):\n    return page\n", encoding="utf-8")
    (folder / "suite.yaml").write_text(VALID, encoding="utf-8")
    result = evaluate(load_project(root=folder), [folder / "suite.yaml"])
    assert result.errors == [] and result.suites[0].score.projections["raw"].coverage == 1.0


def test_gzip_and_crlf_traces(tmp_path: Path) -> None:
    source = REPO / "traces" / "support_openai.jsonl"
    plain = analyse_traces([str(source)]).to_dict()["totals"]
    packed = tmp_path / "chat.jsonl.gz"
    packed.write_bytes(gzip.compress(source.read_bytes().replace(b"\n", b"\r\n")))
    assert analyse_traces([str(packed)]).to_dict()["totals"] == plain


def test_suite_errors_never_reach_the_user_as_a_traceback(make_suite: Callable[..., Path]) -> None:
    path = make_suite(VALID.replace("fields:", "fields: [oops"), {"page.json": PAGE})
    with pytest.raises(SuiteError):
        load_suite(path)
