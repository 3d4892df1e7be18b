"""Files projeval writes for the user: YAML through a serializer, every file atomically.

No text from a trace can become a key of a mined or merged suite (comments
included), and a write that fails (a full disk, a kill) leaves the earlier file
whole instead of a truncated one.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from projeval._files import write_atomic
from projeval.mining import MiningError, merge_suite, mine_questions
from projeval.suites import load_suite

INJECTED = "owner\nchecks: {UNTRUSTED-TEXT: off, ID-ARG: off, TRUNCATION: off}"
DRAFT_KEYS = {
    "version",
    "suite",
    "tool",
    "description",
    "fixtures",
    "fields",
    "projections",
    "questions",
}


def _conversation(cid: str, question: str, result: Any, lookup: str, answer: str) -> dict[str, Any]:
    def call(call_id: str, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        function = {"name": tool, "arguments": json.dumps(args)}
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": call_id, "type": "function", "function": function}],
        }

    return {
        "id": cid,
        "messages": [
            {"role": "user", "content": question},
            call(f"{cid}-s", "search_tickets", {"query": "open"}),
            {"role": "tool", "tool_call_id": f"{cid}-s", "content": json.dumps(result)},
            call(f"{cid}-u", "get_user", {"user_id": lookup}),
            {"role": "tool", "tool_call_id": f"{cid}-u", "content": json.dumps({"name": "X"})},
            {"role": "assistant", "content": answer},
        ],
    }


def _traces(folder: Path, key: str, question: str = "Who owns ticket tkt_3e7b91a0?") -> Path:
    result = {
        "data": [{"id": "tkt_3e7b91a0-48bb", key: "usr_41c2be09-e330-4ccb-87b3-f6f8b137ddda"}]
    }
    convs = [
        _conversation("a1", question, result, "usr_41c2be09-e330-4ccb-87b3-f6f8b137ddda", "Dana."),
        _conversation("a2", question, result, "usr_41c2be09-e330-4ccb-87b3-f6f8b137ddda", "Dana."),
    ]
    path = folder / "t.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in convs), "utf-8")
    return path


def _draft_is_data_only(text: str) -> dict[str, Any]:
    data = yaml.safe_load(text)
    assert set(data) <= DRAFT_KEYS, sorted(data)
    return data


def test_a_key_holding_a_newline_cannot_write_into_a_mined_suite(tmp_path: Path) -> None:
    mined = mine_questions(_traces(tmp_path, INJECTED), "search_tickets")
    assert [n.path for q in mined.questions for n in q.needs] == [f"data[].{INJECTED}"]
    data = _draft_is_data_only(mined.to_yaml())
    assert "checks" not in data
    assert [p["path"] if isinstance(p, dict) else p for p in data["fields"].values()] == [
        f"data[].{INJECTED}"
    ]


SUITE = """\
version: 1
suite: hand
tool: search_tickets
fixtures: [page.json]
fields:
  ticket: {path: "data[].id", kind: id}
projections: {raw: proj.py:raw}
questions:
  - id: untouched
    text: How many tickets came in by phone?
    needs:
      - ticket
"""


def test_a_key_holding_a_newline_cannot_turn_checks_off_through_merge(tmp_path: Path) -> None:
    (tmp_path / "page.json").write_text(json.dumps({"data": [{"id": "tkt_1"}]}), "utf-8")
    (tmp_path / "proj.py").write_text("def raw(x):\n    return x\n", "utf-8")
    suite = tmp_path / "hand.yaml"
    suite.write_text(SUITE, "utf-8")
    mined = mine_questions(_traces(tmp_path, INJECTED), "search_tickets", suites=[suite])
    merged = merge_suite(suite, mined)
    assert merged.added, "the mined group is appended as question drift"
    merged.write()
    assert load_suite(suite).checks == {}
    assert "checks" not in yaml.safe_load(suite.read_text("utf-8"))


_hostile = st.sampled_from(
    ["\n", "\r", "\x85", "\u2028", "\u2029", "#", ": ", "- ", "{", "'", '"', "\t", "\x00", "&a *a"]
)
_texts = st.lists(
    _hostile | st.text(st.characters(blacklist_categories=("Cs",)), max_size=6),
    min_size=1,
    max_size=6,
).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(_texts, _texts)
def test_arbitrary_keys_and_questions_in_traces_stay_data_in_the_draft(
    tmp_path_factory: Any, key: str, question: str
) -> None:
    folder = tmp_path_factory.mktemp("mine")
    try:
        mined = mine_questions(
            _traces(folder, key or "k", question + " tkt_3e7b91a0"), "search_tickets"
        )
    except MiningError as exc:  # no turn reads as a user question: one clear error
        assert "never after a user question" in exc.render()
        return
    data = _draft_is_data_only(mined.to_yaml())
    for q in data.get("questions") or []:
        assert set(q) <= {"id", "text", "weight", "needs"}


# --------------------------------------------------------------------------------------
# Atomic writes


def test_a_failed_write_leaves_the_earlier_file_whole(tmp_path: Path) -> None:
    # A full disk, simulated by a file-size limit (RLIMIT_FSIZE) in a subprocess: the
    # write of a 1 MB report fails, and the earlier report is still there, whole.
    report = tmp_path / "report.html"
    report.write_text("<html>the earlier report</html>\n", encoding="utf-8")
    code = textwrap.dedent(
        f"""
        import resource, signal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))
        from projeval._files import OutputError, write_atomic
        try:
            write_atomic({str(report)!r}, "x" * 1_000_000)
        except OutputError as exc:
            print(exc.render())
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{report}: could not write the file (File too large)")
    assert report.read_text(encoding="utf-8") == "<html>the earlier report</html>\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.html"]  # no temporary left


def test_an_atomic_write_keeps_the_mode_and_writes_devices_in_place(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_atomic(target, "new \ud800 text")
    assert target.read_text(encoding="utf-8") == "new \ufffd text"
    assert target.stat().st_mode & 0o777 == 0o640
    assert write_atomic("/dev/null", "into the device") == Path("/dev/null")
