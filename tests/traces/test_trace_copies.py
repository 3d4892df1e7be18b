"""The same trace in two files: counted once, with a problem naming both files."""

from __future__ import annotations

import json
import multiprocessing
import shutil
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from projeval.traces import analyse_traces, cuts, shards
from projeval.traces.copies import names_one_conversation
from trace_helpers import REPO, desk_suite, write_jsonl

SESSION = "06381696-0074-49f8-863e-6ad4fac507f9"


def _chat(n: int, answer: str = "Dana owns it.") -> list[dict]:
    """A ticket lookup and its follow-up (search_tickets -> get_user), then the answer."""
    page = {"data": [{"id": f"tkt_{n}", "relationships": {"assignee": {"data": {"id": "usr_7"}}}}]}
    call = {"id": f"s{n}", "type": "function"}
    return [
        {"role": "user", "content": f"Who owns ticket {n}?"},
        {
            "role": "assistant",
            "tool_calls": [
                {**call, "function": {"name": "search_tickets", "arguments": f'{{"q": "{n}"}}'}}
            ],
        },
        {"role": "tool", "tool_call_id": f"s{n}", "content": json.dumps(page)},
        {
            "role": "assistant",
            "tool_calls": [
                {
                    "id": f"u{n}",
                    "type": "function",
                    "function": {"name": "get_user", "arguments": '{"user_id": "usr_7"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": f"u{n}", "content": '{"name": "Dana"}'},
        {"role": "assistant", "content": answer},
    ]


def _row(tid: str | None, n: int, answer: str = "Dana owns it.") -> dict:
    row: dict = {"messages": _chat(n, answer)}
    if tid is not None:
        row["trace_id"] = tid
    return row


def test_a_trace_in_two_files_counts_once(tmp_path: Path) -> None:
    a = write_jsonl(tmp_path / "a.jsonl", [_row(SESSION, 1), _row("other", 2)])
    b = write_jsonl(tmp_path / "b.jsonl", [_row(SESSION, 1)])
    alone = analyse_traces([a], suites=[desk_suite()], workers=1)
    both = analyse_traces([a, b], suites=[desk_suite()], workers=1)
    assert list(both.summary["file"]) == [str(a), str(a)]
    [problem] = both.to_dict()["problems"]
    assert problem["file"] == str(b) and problem["line"] == 1
    assert problem["reason"] == (
        f"trace {SESSION!r} is also in {a} (line 1), with the same events: counted once, "
        "from there; this file's copy is left out"
    )
    totals = dict(both.totals, problems=0, files=1)
    assert totals == alone.totals
    # The follow-ups' aggregate too (kept per trace, so a copy's share comes out).
    assert both.fanout == alone.fanout and both.findings == alone.findings
    assert [(f.traces, f.problems) for f in both.files] == [(2, 0), (0, 1)]
    lean = analyse_traces([a, b], suites=[desk_suite()], workers=1, keep_events=False)
    assert lean.fanout == alone.fanout and lean.totals == both.totals


def test_the_first_file_given_is_kept(tmp_path: Path) -> None:
    a = write_jsonl(tmp_path / "a.jsonl", [_row(SESSION, 1)])
    b = write_jsonl(tmp_path / "b.jsonl", [_row(SESSION, 1)])
    c = write_jsonl(tmp_path / "c.jsonl", [_row(SESSION, 1)])
    result = analyse_traces([c, a, b], workers=1)
    assert list(result.summary["file"]) == [str(c)]
    problems = result.to_dict()["problems"]
    assert [p["file"] for p in problems] == [str(a), str(b)]
    assert all(f"is also in {c} (line 1)" in p["reason"] for p in problems)


def test_a_session_id_with_other_events_is_said(tmp_path: Path) -> None:
    a = write_jsonl(tmp_path / "a.jsonl", [_row(SESSION, 1)])
    b = write_jsonl(tmp_path / "b.jsonl", [_row(SESSION, 1, "Dana, I think.")])
    result = analyse_traces([a, b], workers=1)
    assert len(result.summary) == 2  # both counted
    [problem] = result.to_dict()["problems"]
    assert problem["file"] == str(b)
    assert problem["reason"] == (
        f"trace id {SESSION!r} is also the id of a trace in {a} (line 1) whose events differ "
        "(6 events here, 6 there): both are counted; one may be an earlier copy of the "
        "other's session, or a branch of it"
    )


def test_ids_that_runs_reuse_differ_silently(tmp_path: Path) -> None:
    # Two runs of one task (a harness names a trace after its task), and two files of
    # one name in two folders (traces named after the file's name and line).
    (tmp_path / "x").mkdir()
    (tmp_path / "y").mkdir()
    runs = [
        write_jsonl(tmp_path / "x" / "rows.jsonl", [_row("task 3", 1), _row(None, 2)]),
        write_jsonl(tmp_path / "y" / "rows.jsonl", [_row("task 3", 1, "Dana?"), _row(None, 5)]),
    ]
    result = analyse_traces(runs, workers=1)
    assert len(result.summary) == 4 and len(result.problems) == 0
    # The same content under such ids is a copy all the same.
    copy = write_jsonl(tmp_path / "rows.jsonl", [_row("task 3", 1), _row(None, 2)])
    result = analyse_traces([runs[0], copy], workers=1)
    assert len(result.summary) == 2 and len(result.problems) == 2


@pytest.mark.parametrize(
    ("trace_id", "unique"),
    [
        (SESSION, True),
        ("4bf92f3577b34da6a3ce929d0e0e4736", True),  # an OpenTelemetry trace id
        ("resp_68af3c2b9e1c8190a1b2c3d4e5f60718", True),
        ("01ARZ3NDEKTSV4RRFFQ69G5FAV", True),  # a ULID
        ("task 3", False),
        ("browser sample 1 epoch 1", False),
        ("airport_t01_poison_top1_1_33b7c82a", False),  # 8 hex: a run's suffix
        ("internationalization", False),  # letters only: a word
        ("rows.jsonl:3", False),
    ],
)
def test_which_ids_name_one_conversation(trace_id: str, unique: bool) -> None:
    assert names_one_conversation(trace_id, "/logs/rows.jsonl") is unique


def test_an_id_made_from_the_file_name_is_no_session(tmp_path: Path) -> None:
    name = f"{SESSION}.jsonl"
    assert not names_one_conversation(f"{name}:2", f"/x/{name}")
    assert not names_one_conversation(name, f"/x/{name}")


def _sharded(paths: list[Path]) -> tuple[dict, int]:
    """In a fresh process (no thread yet: shards fork), the document of a 3-shard run
    and how many shards the big file was read in."""
    cuts.SHARD_MIN_BYTES = 1  # this process's own copy of the module
    run, sizes = shards.run, []

    def counting(cut: list, *args: object) -> object:
        sizes.append(len(cut))
        return run(cut, *args)  # type: ignore[arg-type]

    shards.run = counting  # type: ignore[assignment]
    return analyse_traces(paths, suites=[desk_suite()], workers=3).to_dict(), sum(sizes)


def test_a_copy_is_found_across_shards_and_files(tmp_path: Path) -> None:
    rows = [_row(f"sess-{n:04d}-a1b2c3d4e5f6", n) for n in range(60)]
    big = write_jsonl(tmp_path / "big.jsonl", rows)
    # A copy of a trace from the middle of the big file, and one the small file has first.
    small = write_jsonl(tmp_path / "small.jsonl", [_row("sess-0030-a1b2c3d4e5f6", 30)])
    one = analyse_traces([big, small], suites=[desk_suite()], workers=1).to_dict()
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        many, cut = pool.submit(_sharded, [big, small]).result()
        first, _ = pool.submit(_sharded, [small, big]).result()
    assert cut == 3  # the big file read in three processes
    assert one == many
    assert one["totals"]["traces"] == 60
    assert [(p["file"], p["line"]) for p in one["problems"]] == [(str(small), 1)]
    [problem] = first["problems"]
    assert (problem["file"], problem["line"]) == (str(big), 31)
    assert f"is also in {small} (line 1)" in problem["reason"]
    assert first["totals"] == one["totals"] and first["fanout"] == one["fanout"]


def test_a_real_session_saved_under_two_names(tmp_path: Path) -> None:
    # jnarowski/agentcmd keeps one Claude Code session twice among its fixtures: as
    # 06381696-....jsonl and as full-session-askuserquestion.jsonl, byte for byte
    # (tests/corpora/formats/README.md, claude_code_agentcmd/). Read as a folder, it
    # was two traces of one id with every total doubled and no word.
    kept = REPO / "tests/corpora/formats/claude_code_agentcmd" / f"{SESSION}.jsonl"
    folder = tmp_path / "full"
    folder.mkdir()
    shutil.copy(kept, folder / kept.name)
    shutil.copy(kept, folder / "full-session-askuserquestion.jsonl")
    alone = analyse_traces([kept], workers=1)
    result = analyse_traces([folder], workers=1)
    assert list(result.summary["trace_id"]) == [SESSION]
    assert result.summary["calls"].tolist() == alone.summary["calls"].tolist() == [3]
    [problem] = result.to_dict()["problems"]
    assert problem["file"] == str(folder / "full-session-askuserquestion.jsonl")
    assert f"also in {folder / kept.name} (line 2), with the same events" in problem["reason"]
    assert dict(result.totals, problems=0, files=1) == alone.totals
