"""Pydantic AI's per-run storage: each run's ``new_messages_json()`` saved apart (one row a
run, as Pydantic AI's chat app example stores them), read as one conversation; a run that
ends on a request the model never answered is reported. Invented fixtures whose shapes
follow ``pydantic_ai_slim/pydantic_ai/messages.py`` (``run_id``, ``conversation_id``): no
real file of this shape was found in public repositories."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from projeval.errors import TraceError
from projeval.traces.events import Problem, Trace
from projeval.traces.parsers import open_file
from trace_helpers import write_json, write_jsonl


def _request(text: str, run: str | None, conversation: str | None) -> dict[str, Any]:
    part = {"content": text, "timestamp": "2025-01-01T00:00:00Z", "part_kind": "user-prompt"}
    return _ids(
        {"parts": [part], "instructions": "Be brief.", "kind": "request"}, run, conversation
    )


def _response(text: str, run: str | None, conversation: str | None) -> dict[str, Any]:
    message = {
        "parts": [{"content": text, "part_kind": "text"}],
        "usage": {"input_tokens": 10, "output_tokens": 2},
        "model_name": "gpt-5",
        "kind": "response",
    }
    return _ids(message, run, conversation)


def _ids(message: dict[str, Any], run: str | None, conversation: str | None) -> dict[str, Any]:
    if run is not None:
        message["run_id"] = run
    if conversation is not None:
        message["conversation_id"] = conversation
    return message


def _run(n: int, conversation: str | None = "conv-1", run: bool = True) -> list[dict[str, Any]]:
    rid = f"run-{n}" if run else None
    return [
        _request(f"question {n}", rid, conversation),
        _response(f"answer {n}", rid, conversation),
    ]


def parse(path: Path) -> tuple[list[Trace], list[Problem]]:
    items = list(open_file(path).items)
    return [i for i in items if isinstance(i, Trace)], [i for i in items if isinstance(i, Problem)]


def _texts(trace: Trace) -> list[tuple[str, str | None]]:
    return [(e.role, e.text) for e in trace.events if e.role in ("user", "assistant")]


def test_runs_stored_apart_are_one_conversation_in_order(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "runs.jsonl", [_run(1), _run(2), _run(3)])
    traces, problems = parse(path)
    assert problems == [] and [t.trace_id for t in traces] == ["conv-1"]
    assert _texts(traces[0]) == [
        ("user", "question 1"),
        ("assistant", "answer 1"),
        ("user", "question 2"),
        ("assistant", "answer 2"),
        ("user", "question 3"),
        ("assistant", "answer 3"),
    ]


def test_whole_histories_a_line_are_still_one_conversation_once(tmp_path: Path) -> None:
    first, second = _run(1), _run(2)
    path = write_jsonl(tmp_path / "all.jsonl", [first, [*first, *second]])
    traces, problems = parse(path)
    assert problems == [] and len(traces) == 1 and len(_texts(traces[0])) == 4


def test_a_runs_row_saved_again_as_it_went_on_adds_only_what_is_new(tmp_path: Path) -> None:
    first, second = _run(1), _run(2)
    rows = [first[:1], first, first, second[:1], second]
    traces, problems = parse(write_jsonl(tmp_path / "progress.jsonl", rows))
    assert len(traces) == 1 and [text for _, text in _texts(traces[0])] == [
        "question 1",
        "answer 1",
        "question 2",
        "answer 2",
    ]
    # Rows saved before the answer end on the user's prompt: the run went on, no problem.
    assert problems == []


def test_two_conversations_interleaved_stay_apart(tmp_path: Path) -> None:
    rows = [_run(1, "a"), _run(2, "b"), _run(3, "a")]
    path = write_jsonl(tmp_path / "two.jsonl", rows)
    traces, _ = parse(path)
    by_id = {t.trace_id: _texts(t) for t in traces}
    assert [text for _, text in by_id["a"]] == ["question 1", "answer 1", "question 3", "answer 3"]
    assert [text for _, text in by_id["b"]] == ["question 2", "answer 2"]


def test_runs_without_a_conversation_id_are_not_joined(tmp_path: Path) -> None:
    # Nothing says two such rows are one conversation (a file of separate runs looks the
    # same), so each stays a trace of its own, as before.
    rows = [_run(1, None), _run(2, None)]
    traces, _ = parse(write_jsonl(tmp_path / "loose.jsonl", rows))
    assert len(traces) == 2


def test_a_run_that_ends_on_an_unanswered_request_is_reported(tmp_path: Path) -> None:
    rows = [_run(1), [_request("question 2", "run-2", "conv-1")]]
    traces, problems = parse(write_jsonl(tmp_path / "cut.jsonl", rows))
    assert len(traces) == 1 and len(_texts(traces[0])) == 3
    assert [(p.line, p.reason.split(" (")[0]) for p in problems] == [
        (2, "run 'run-2' ends on a request the model never answered")
    ]


def test_a_history_that_ends_on_its_output_tool_acknowledgement_is_finished(
    tmp_path: Path,
) -> None:
    call = {"tool_name": "final_result", "args": {"a": 1}, "tool_call_id": "c1"}
    history = [
        _request("question", None, None),
        {"parts": [{**call, "part_kind": "tool-call"}], "kind": "response"},
        {
            "parts": [
                {
                    "tool_name": "final_result",
                    "content": "Final result processed.",
                    "tool_call_id": "c1",
                    "part_kind": "tool-return",
                }
            ],
            "kind": "request",
        },
    ]
    traces, problems = parse(write_json(tmp_path / "done.json", history))
    assert len(traces) == 1 and problems == []
    unanswered = write_json(tmp_path / "cut.json", history[:1])
    assert [p.reason.split(" (")[0] for p in parse(unanswered)[1]] == [
        "the run ends on a request the model never answered"
    ]


def test_graph_state_persistence_is_refused_by_name(tmp_path: Path) -> None:
    # FileStatePersistence's file: a JSON list of snapshots (pydantic_graph.persistence).
    snapshots = [
        {
            "state": {"question": None, "ask_agent_messages": []},
            "node": {"node_id": "Ask"},
            "start_ts": "2025-01-01T00:00:00Z",
            "duration": 1.5,
            "status": "success",
            "kind": "node",
            "id": "Ask:1",
        },
        {
            "state": {"question": "2+2?", "ask_agent_messages": [_run(1, None, False)[0]]},
            "node": {"node_id": "Answer"},
            "start_ts": None,
            "duration": None,
            "status": "running",
            "kind": "node",
            "id": "Answer:2",
        },
    ]
    with pytest.raises(TraceError) as err:
        open_file(write_json(tmp_path / "question_graph.json", snapshots))
    assert "pydantic-graph state persistence file" in str(err.value)
    assert err.value.fix and "ModelMessagesTypeAdapter.dump_json" in err.value.fix


def test_one_message_a_line_a_run_cut_short_is_reported(tmp_path: Path) -> None:
    # One message a line (a store's rows): the conversation's last line decides, as a
    # run's last row does; a prompt another prompt follows was never answered either.
    one, two, three = _run(1, None, False), _run(2, None, False), _run(3, None, False)
    done = write_jsonl(tmp_path / "done.jsonl", [*one, *two])
    traces, problems = parse(done)
    assert len(traces) == 1 and problems == []
    cut = write_jsonl(tmp_path / "cut.jsonl", [*one, two[0], *three, _request("four", None, None)])
    traces, problems = parse(cut)
    assert len(traces) == 1 and len(_texts(traces[0])) == 6
    assert sorted((p.line, p.reason.split(" (")[0]) for p in problems) == [
        (3, "the run ends on a request the model never answered"),
        (6, "the run ends on a request the model never answered"),
    ]
    assert all("line" in p.reason.split(" (")[1][:12] for p in problems)


def test_a_message_pydantic_ai_recorded_as_cut_short_is_reported(tmp_path: Path) -> None:
    # Pydantic AI records a message cut short in its state (pydantic_ai/messages.py,
    # ModelRequestState, ModelResponseState): a request the run was assembling (collecting
    # tool returns) when it was stopped, 'interrupted'; a streamed response cancelled,
    # 'interrupted', or stopped before it completed, 'incomplete'. Each is reported once,
    # where it is first recorded, also in a history re-saved a line at a time.
    call = {"tool_name": "roll_dice", "args": {}, "tool_call_id": "c1", "part_kind": "tool-call"}
    ret = {
        "tool_name": "roll_dice",
        "content": "4",
        "tool_call_id": "c1",
        "part_kind": "tool-return",
    }
    stopped = {"parts": [ret], "kind": "request", "state": "interrupted"}
    history = [
        _request("roll", None, None),
        {"parts": [call], "kind": "response", "state": "complete"},
        stopped,
    ]
    traces, problems = parse(write_json(tmp_path / "stopped.json", history))
    assert len(traces) == 1
    assert [p.reason.split(":")[0] for p in problems] == ["message 2"]
    assert "cut short" in problems[0].reason and "'interrupted'" in problems[0].reason
    partial = {
        "parts": [{"content": "It is", "part_kind": "text"}],
        "kind": "response",
        "state": "incomplete",
    }
    rows = [
        history[:2],
        [*history[:2], partial],
        [*history[:2], partial, _request("again", None, None)],
    ]
    traces, problems = parse(write_jsonl(tmp_path / "saved.jsonl", rows))
    assert [(p.line, p.reason.split(":")[0]) for p in problems if "cut short" in p.reason] == [
        (2, "message 2")
    ]
