"""Reading files: JSON Lines, whole documents, gzip, bad bytes, truncation, bounds."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import pytest
from projeval.errors import TraceError
from projeval.traces import readers
from projeval.traces.events import Problem
from projeval.traces.readers import Record, expand_paths, iter_records, salvage_truncated


def _split(items: list) -> tuple[list[Record], list[Problem]]:
    return [i for i in items if isinstance(i, Record)], [i for i in items if isinstance(i, Problem)]


def test_jsonl_bad_lines_are_reported_and_skipped(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}\n\n{"a": 2\n\xff\xfe{"a": 3}\n{"a": 4}\n{"a": 5')
    records, problems = _split(list(iter_records(path)))
    assert [(r.line, r.value) for r in records] == [(1, {"a": 1}), (5, {"a": 4})]
    assert [(p.line, p.reason) for p in problems] == [
        (
            3,
            "invalid JSON: the value ends early (Expecting ',' delimiter), the line looks "
            "truncated; line skipped",
        ),
        (4, "not UTF-8 (byte 0xff at column 1); line skipped"),
        (
            6,
            "invalid JSON: the value ends early (Expecting ',' delimiter), the line looks "
            "truncated; line skipped",
        ),
    ]
    assert all(p.file == str(path) for p in problems)


def test_a_line_or_document_cut_inside_a_string_says_so_plainly(tmp_path: Path) -> None:
    # Issue 16, /work/notes/tau59/hostile: Python's decoder ends two messages with "at",
    # completed by a position it is not given here: the problems read "(Invalid control
    # character at)" and "Unterminated string starting at at column 13".
    path = tmp_path / "t.jsonl"
    path.write_bytes(b'{"a": 1}\n{"a": "cut off\n{"a": 3}\n')
    records, problems = _split(list(iter_records(path)))
    assert [r.line for r in records] == [1, 3]
    assert [(p.line, p.reason) for p in problems] == [
        (
            2,
            "invalid JSON: the value ends early (Unterminated string), the line looks "
            "truncated; line skipped",
        )
    ]
    doc = tmp_path / "t.json"
    doc.write_text('[{"a": 1},\n {"a": "cut off')
    records, problems = _split(list(iter_records(doc)))
    assert [r.value for r in records] == [[{"a": 1}]]
    assert [(p.line, p.reason) for p in problems] == [
        (
            2,
            "invalid JSON (Unterminated string starting at column 8): the document looks "
            "truncated; kept the complete values before that point",
        )
    ]


def test_a_raw_control_character_is_named_with_its_fix(tmp_path: Path) -> None:
    # Issue 16, /work/notes/tau60/hostile/nul.jsonl: a NUL byte written raw inside a user's
    # message read "Invalid control character at column 530", naming neither the byte nor
    # the fix. The other lines are read.
    path = tmp_path / "t.jsonl"
    path.write_bytes(b'{"a": 1}\n{"user": "Sure,\x00 it is"}\n{"a": 3}\n')
    records, problems = _split(list(iter_records(path)))
    assert [r.line for r in records] == [1, 3]
    assert [(p.line, p.reason) for p in problems] == [
        (
            2,
            "invalid JSON: a raw control character (U+0000) inside a string at column 16; "
            "JSON writes it escaped, \\u0000; line skipped",
        )
    ]


def test_a_jsonl_line_with_a_stray_byte_of_another_encoding_is_read(tmp_path: Path) -> None:
    # Issue 16 (item 7), /work/notes/tau58/hostile/nonutf8.jsonl: one Latin-1 "é" in a
    # user's message skipped the whole conversation; a JSON document with the same byte
    # was read with it replaced. A line is now read so too, with one problem naming it.
    path = tmp_path / "t.jsonl"
    path.write_bytes(b'{"a": 1}\n{"user": "Caf\xe9 first"}\n{"a": 3}\n')
    records, problems = _split(list(iter_records(path)))
    assert [(r.line, r.value) for r in records] == [
        (1, {"a": 1}),
        (2, {"user": "Caf\ufffd first"}),
        (3, {"a": 3}),
    ]
    assert [(p.line, p.reason) for p in problems] == [
        (2, "not UTF-8 (byte 0xe9 at column 14); undecodable bytes replaced with U+FFFD")
    ]


def test_invalid_json_in_the_middle_of_a_line(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"a": nope}\n')
    (problem,) = list(iter_records(path))
    assert problem == Problem(
        str(path), 1, "invalid JSON: Expecting value at column 7; line skipped"
    )


def test_gzip_jsonl_and_a_truncated_gzip(tmp_path: Path) -> None:
    body = b"".join(json.dumps({"n": i}).encode() + b"\n" for i in range(2000))
    whole = gzip.compress(body, mtime=0)
    good = tmp_path / "t.jsonl.gz"
    good.write_bytes(whole)
    assert [r.value["n"] for r in iter_records(good)][-1] == 1999
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    records, problems = _split(list(iter_records(cut)))
    assert len(records) > 100
    assert len(problems) == 1
    assert "compressed stream is truncated or corrupt" in problems[0].reason


def test_json_document_is_one_record_and_bom_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"messages": []}).encode())
    assert list(iter_records(path)) == [Record(1, {"messages": []})]


def test_json_list_of_conversations_is_many_records(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps([{"messages": [1]}, {"messages": [2]}]))
    assert [r.value for r in iter_records(path)] == [{"messages": [1]}, {"messages": [2]}]
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps([{"role": "user", "content": "hi"}]))
    assert [r.value for r in iter_records(bare)] == [[{"role": "user", "content": "hi"}]]


def test_json_list_of_bare_message_lists_is_one_record_per_conversation(tmp_path: Path) -> None:
    # Issue 16's corpus: a JSON list of conversations, each a bare list of Chat messages.
    first = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    second = [{"role": "user", "content": "bye"}]
    path = tmp_path / "runs.json"
    path.write_text(json.dumps([first, second]))
    assert list(iter_records(path)) == [Record(1, first, 0), Record(1, second, 1)]
    # Lists that hold no message (a table of rows) stay one document.
    path.write_text(json.dumps([[1, 2], [3]]))
    assert list(iter_records(path)) == [Record(1, [[1, 2], [3]])]


def test_json_list_of_run_records_is_many_records_each_with_its_index(tmp_path: Path) -> None:
    # tau-bench's results file: a list of runs, each with its conversation under "traj".
    runs = [{"task_id": i, "traj": [{"role": "user", "content": "hi"}]} for i in range(2)]
    path = tmp_path / "results.json"
    path.write_text(json.dumps(runs, indent=2))
    assert list(iter_records(path)) == [Record(1, runs[0], 0), Record(1, runs[1], 1)]


def test_a_results_document_is_one_record_per_listed_run(tmp_path: Path) -> None:
    # tau2-bench's results file: one object, its runs listed under "simulations" beside the
    # run's info and tasks, which are no records of their own.
    sims = [{"id": f"s{i}", "messages": [{"role": "user", "content": "hi"}]} for i in range(2)]
    doc = {"info": {"num_trials": 1}, "tasks": [{"id": "1"}], "simulations": sims}
    path = tmp_path / "results.json"
    path.write_text(json.dumps(doc, indent=2))
    assert list(iter_records(path)) == [
        Record(1, sims[0], 0, "simulations"),
        Record(1, sims[1], 1, "simulations"),
    ]
    path.write_text(json.dumps({**doc, "simulations": []}))
    assert list(iter_records(path)) == [
        Problem(str(path), 1, "the document's 'simulations' list is empty: no run to read")
    ]
    # A conversation that happens to have such a key, or a list of no objects, stays whole.
    for whole in ({**doc, "messages": []}, {"simulations": [1, 2]}):
        path.write_text(json.dumps(whole))
        assert list(iter_records(path)) == [Record(1, whole)]


def test_a_responses_input_list_is_one_conversation(tmp_path: Path) -> None:
    # The OpenAI Agents SDK's to_input_list(): a function_call_output item has an "output"
    # key, as a request pair does, but a list holding messages is one conversation.
    items = [
        {"role": "user", "content": "Weather in Paris?"},
        {"type": "function_call", "call_id": "c1", "name": "get_weather", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "rain"},
    ]
    path = tmp_path / "input_list.json"
    path.write_text(json.dumps(items))
    assert list(iter_records(path)) == [Record(1, items)]


def test_a_swe_agent_traj_file_is_one_document_and_found_in_a_folder(tmp_path: Path) -> None:
    # SWE-agent writes each run's trajectory as one indented JSON document named .traj.
    doc = {"history": [{"role": "user", "content": "fix it"}], "info": {"exit_status": "x"}}
    path = tmp_path / "run" / "astropy__astropy-1.traj"
    path.parent.mkdir()
    path.write_text(json.dumps(doc, indent=2))
    (tmp_path / "run" / "args.yaml").write_text("agent: {}\n")
    assert list(iter_records(path)) == [Record(1, doc)]
    assert expand_paths([tmp_path]) == [path]


def test_a_harness_output_folder_leaves_out_what_is_no_trace(tmp_path: Path) -> None:
    # SWE-agent's output folders: predictions beside the .traj files (all_preds.jsonl
    # before 1.0, preds.json after), text logs, a run's args.yaml. A user pointing at the
    # folder wants its trajectories read; invented content.
    traj = tmp_path / "run" / "a__b-1" / "a__b-1.traj"
    traj.parent.mkdir(parents=True)
    traj.write_text(json.dumps({"history": [{"role": "user", "content": "fix it"}]}))
    pred = {"model_name_or_path": "m", "instance_id": "a__b-1", "model_patch": "diff"}
    (tmp_path / "run" / "all_preds.jsonl").write_text(json.dumps(pred) + "\n")
    (tmp_path / "run" / "preds.json").write_text(json.dumps({"a__b-1": pred}))
    (tmp_path / "run" / "a__b-1" / "a__b-1.debug.log").write_text("2024-11-29 INFO start\n")
    with gzip.open(tmp_path / "run" / "run_batch.log.gz", "wt") as fh:
        fh.write("2024-11-29 INFO start\n")
    (tmp_path / "run" / "args.yaml").write_text("agent: {}\n")
    # Kept: a request log in JSON Lines named .log (a BOM and blank lines first), and a
    # file under a predictions name that holds no predictions.
    requests = tmp_path / "run" / "requests.log"
    requests.write_bytes(b'\xef\xbb\xbf\n  {"messages": []}\n')
    other = tmp_path / "other" / "preds.json"
    other.parent.mkdir()
    other.write_text(json.dumps({"messages": [{"role": "user", "content": "hi"}]}))
    assert expand_paths([tmp_path]) == [other, traj, requests]
    # Named on its own, a file is read whatever it holds (and a predictions file refused).
    assert expand_paths([tmp_path / "run" / "all_preds.jsonl"]) == [
        tmp_path / "run" / "all_preds.jsonl"
    ]


def test_json_lines_under_a_json_name(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"a": 1}\n{"a": 2}\n')
    assert [r.value for r in iter_records(path)] == [{"a": 1}, {"a": 2}]


def test_truncated_json_keeps_complete_values(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"messages": [{"role": "user", "content": "a"}, {"role": "assis')
    items = list(iter_records(path))
    records, problems = _split(items)
    assert records == [Record(1, {"messages": [{"role": "user", "content": "a"}]})]
    assert problems[0].reason.startswith("invalid JSON (Unterminated string")
    assert problems[0].reason.endswith("kept the complete values before that point")


def test_salvage_truncated() -> None:
    assert salvage_truncated('{"a": [1, 2, {"b": "x, y"}, 3') == {"a": [1, 2, {"b": "x, y"}]}
    assert salvage_truncated('[{"a": 1}, {"b"') == [{"a": 1}]
    assert salvage_truncated('{"a": ') is None
    assert salvage_truncated("not json at all") is None


def test_non_utf8_json_document_is_repaired_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_bytes(b'{"messages": [],\n "note": "caf\xe9"}')
    records, problems = _split(list(iter_records(path)))
    assert records[0].value["note"] == "caf\ufffd"
    assert problems == [
        Problem(str(path), 2, "not UTF-8 (byte 0xe9); undecodable bytes replaced with U+FFFD")
    ]


def test_json_over_the_bound_is_refused_with_a_jsonl_hint(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"messages": ["x" * 2000]}))
    with pytest.raises(TraceError) as err:
        list(iter_records(path, max_json_bytes=1024))
    assert "larger than the 0 MB bound" in str(err.value)
    assert "JSON Lines (.jsonl" in str(err.value)
    gz = tmp_path / "big.json.gz"
    gz.write_bytes(gzip.compress(path.read_bytes()))
    with pytest.raises(TraceError):
        list(iter_records(gz, max_json_bytes=1024))
    # JSON Lines have no bound: the same content streams.
    lines = tmp_path / "big.jsonl"
    lines.write_text(path.read_text() + "\n")
    assert len(list(iter_records(lines, max_json_bytes=1024))) == 1


def test_empty_json_file(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text("  \n")
    assert list(iter_records(path)) == [Problem(str(path), None, "the file is empty")]


def test_expand_paths(tmp_path: Path) -> None:
    (tmp_path / "b.jsonl").write_text("")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.json.gz").write_bytes(b"")
    (tmp_path / "notes.py").write_text("")
    assert expand_paths([tmp_path]) == [tmp_path / "b.jsonl", tmp_path / "sub" / "a.json.gz"]
    with pytest.raises(TraceError, match="no such file"):
        expand_paths([tmp_path / "missing.jsonl"])


def test_a_file_named_twice_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Itself and its folder, a pattern, another spelling of its path: one file, where first
    # named (read twice, each of its traces would count twice).
    (tmp_path / "a.jsonl").write_text("")
    (tmp_path / "b.jsonl").write_text("")
    monkeypatch.chdir(tmp_path)
    given = ["b.jsonl", tmp_path, str(tmp_path / "*.jsonl"), "./a.jsonl"]
    assert expand_paths(given) == [Path("b.jsonl"), tmp_path / "a.jsonl"]


def test_a_folder_with_no_trace_file_is_an_error(tmp_path: Path) -> None:
    # Pointed at a harness's output folder that holds only text logs (or at the wrong
    # folder), `projeval traces` printed "0 traces in 0 files, 0 problems" and exited 0,
    # while a pattern matching nothing was an error.
    logs = tmp_path / "agent"
    logs.mkdir()
    (logs / "claude-code.txt").write_text("session log")
    with pytest.raises(TraceError, match="this folder holds no trace file") as caught:
        expand_paths([logs])
    assert str(logs) in caught.value.render() and ".jsonl" in caught.value.render()
    with pytest.raises(TraceError, match="the folders this pattern matches hold no trace file"):
        expand_paths([str(tmp_path / "ag*")])
    (logs / "run.jsonl").write_text("")
    assert expand_paths([str(tmp_path / "ag*")]) == [logs / "run.jsonl"]


@pytest.mark.parametrize("chunk", [1, 3, 7, 64, 1 << 22])
def test_chunked_lines_split_at_newlines_only(chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # Lines longer than a chunk, lines that end exactly at a chunk's end, a lone CR
    # (not a line break), CRLF, and a last line without a newline.
    monkeypatch.setattr(readers, "CHUNK_BYTES", chunk)
    data = b'{"a": 1}\n\n{"b": "x\rY"}\r\n' + b'{"long": "' + b"z" * 50 + b'"}\n{"end": 2}'
    got = [bytes(line) for line in readers.chunked_lines(io.BytesIO(data))]
    assert got == [line + b"\n" for line in data.split(b"\n")[:-1]] + [b'{"end": 2}']
    assert b"".join(got) == data
    # A limit that falls inside a line finishes that line and stops.
    limited = [bytes(line) for line in readers.chunked_lines(io.BytesIO(data), limit=12)]
    assert limited == [b'{"a": 1}\n', b"\n", b'{"b": "x\rY"}\r\n']


def _log(messages: list[dict], **extra: object) -> bytes:
    return json.dumps({"trace_id": "t", **extra, "messages": messages}).encode() + b"\n"


def test_request_log_lines_read_as_extensions_equal_full_parses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    m = [{"role": "user", "content": f"q{i}, with a comma"} for i in range(5)]
    lines = [
        _log(m[:1]),
        _log(m[:3]),  # extends the line before: only the two new messages are parsed
        _log(m[:3]),  # the same again: nothing new, parsed whole
        _log(m[:4]).replace(b"\n", b"  \r\n"),  # trailing spaces and CRLF
        _log(m[:2]),  # a restart, not an extension
        json.dumps({"trace_id": "t", "messages": m[:2], "usage": {"x": [1]}}).encode() + b"\n",
        json.dumps({"trace_id": "t", "messages": m[:3], "usage": {"x": [1]}}).encode() + b"\n",
        _log(m[:1], tags=[1]),  # two arrays: never read as an extension
        _log(m[:1], tags=[1]).replace(b"]}\n", b", {}]}\n"),
        _log([]),  # an empty array cannot be extended
        _log([]).replace(b"[]", b"[, {}]"),  # ...and this line is not JSON at all
        _log(m[:1]),
        _log(m[:1]).replace(b"]}\n", b", {bad]}\n"),  # starts like an extension, is not JSON
    ]
    parsed: list[bytes] = []
    loads = readers.fast_loads
    monkeypatch.setattr(readers, "fast_loads", lambda b: parsed.append(bytes(b)) or loads(b))
    records = list(readers.read_lines(lines, "log.jsonl"))
    # Lines 2 and 4 were read from their new items only; line 13 was tried so, and
    # then parsed whole (and reported).
    assert sum(p.startswith(b"[0") for p in parsed) == 3
    expected = []
    for n, line in enumerate(lines, 1):
        try:
            expected.append((n, json.loads(line)))
        except ValueError:
            expected.append((n, None))
    assert [(r.line, r.value if isinstance(r, Record) else None) for r in records] == expected
    assert [r.line for r in records if isinstance(r, Problem)] == [11, 13]


def test_an_array_that_is_not_the_last_member_is_not_extended() -> None:
    # Duplicate keys. One array in the object ("a" keeps the value written last, which
    # is the text's last member): the next line extends it, as a full parse reads it.
    first = b'{"a": [1], "b": 2, "a": [3]}\n'
    second = b'{"a": [1], "b": 2, "a": [3, 4]}\n'
    values = [r.value for r in readers.read_lines([first, second], "dup.jsonl")]
    assert values == [json.loads(first), json.loads(second)]
    assert values == [{"a": [3], "b": 2}, {"a": [3, 4], "b": 2}]
    # Two arrays: the text's last member ("a") is not the object's last key ("b").
    first = b'{"a": [1], "b": [2], "a": [3]}\n'
    second = b'{"a": [1], "b": [2], "a": [3, 4]}\n'
    values = [r.value for r in readers.read_lines([first, second], "dup.jsonl")]
    assert values == [json.loads(first), json.loads(second)]


def test_a_folder_of_text_logs_names_them_in_its_error(tmp_path: Path) -> None:
    # A folder search leaves out .log files that are text (SWE-agent's logs beside its
    # .traj files), and the error listed .log among the suffixes searched while saying the
    # folder held no trace file: a user with 250 gpt-oss Harmony transcripts named .log
    # was told the folder was empty. Invented content.
    logs = tmp_path / "runs"
    logs.mkdir()
    for i in range(5):
        (logs / f"t{i}.log").write_text("<|start|>user<|message|>Weather in Oslo?<|end|>\n")
    with pytest.raises(TraceError) as caught:
        expand_paths([logs])
    text = caught.value.render()
    assert "this folder holds no trace file: its 5 .log files are text, not JSON Lines" in text
    assert "(t0.log, t1.log, t2.log and 2 more; the first is a gpt-oss Harmony transcript)" in text
    assert "Fix: convert the logs to a format projeval reads" in text
    with pytest.raises(TraceError, match=r"their 5 \.log files are text"):
        expand_paths([str(tmp_path / "ru*")])
    one = tmp_path / "one"
    one.mkdir()
    (one / "run.log").write_text("2024-11-29 INFO start\n")
    with pytest.raises(
        TraceError, match=r"its \.log file is plain text, not JSON Lines \(run\.log\)"
    ):
        expand_paths([one])
    # A folder with no log at all keeps the plain message and fix.
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(TraceError) as caught:
        expand_paths([empty])
    assert "no trace file. Fix: name the folder" in caught.value.render()


def test_text_kind_tells_a_harmony_transcript_from_plain_text() -> None:
    harmony = b"<|start|>assistant<|channel|>final<|message|>It is 51F.<|return|>"
    assert readers.text_kind(harmony) == "a gpt-oss Harmony transcript"
    assert readers.text_kind(b"2024-11-29 INFO <|start|> without a message mark") == "plain text"
    assert readers.text_kind(b"") == "plain text"


def test_a_claude_desktop_mcp_log_is_found_in_a_folder(tmp_path: Path) -> None:
    # Claude Desktop's logs folder (~/Library/Logs/Claude): each server's log holds its
    # JSON-RPC messages on text lines, and is kept; its main log, text only, is not.
    # Invented content.
    message = '{"jsonrpc":"2.0","id":0,"result":{}}'
    server = tmp_path / "mcp-server-files.log"
    server.write_text(
        "2026-03-01T09:40:00.953Z [files] [info] Initializing server... { metadata: undefined }\n"
        f"2026-03-01T09:40:03.378Z [files] [info] Message from server: {message}\n"
    )
    (tmp_path / "main.log").write_text("2026-03-01 09:40:00 [info] Starting app\n")
    # Its mcp.log repeats every server's messages (the level before the name): beside the
    # servers' own logs it is left out, or each call would count twice; alone, it is read.
    both = tmp_path / "mcp.log"
    both.write_text(f"2026-03-01T09:40:03.378Z [info] [files] Message from server: {message}\n")
    assert expand_paths([tmp_path]) == [server]
    server.unlink()
    assert expand_paths([tmp_path]) == [both]
    server.write_text(both.read_text().replace("[info] [files]", "[files] [info]"))
    assert [r.line for r in iter_records(server) if isinstance(r, Record)] == [1]
