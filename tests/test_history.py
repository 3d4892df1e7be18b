"""Run history: listing runs, trends and diffs, and their plain-text views."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd
import pytest
from history_builders import info, projection, small_suite, suite_score
from projeval.history import (
    CHANGE_COLUMNS,
    HistoryQueryError,
    RunDiff,
    RunList,
    open_history,
    render_diff,
    render_history,
    render_trend,
)
from projeval.score import score_suite
from projeval.store import Store
from projeval.suites import load_suite

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = {"count": 3, "list": 5, "when": 2}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "history.duckdb"


def _two_runs(db: Path) -> Store:
    """Two runs that differ in every way a diff reports."""
    store = Store(db)
    store.record_run(
        info(10, git_commit="a" * 40, git_dirty=False),
        [
            suite_score(
                "orders",
                [
                    projection(
                        "compact",
                        {
                            "count": {"total": "ok"},
                            "list": {"id": "ok", "name": "dropped"},
                            "when": {"created": "lossy"},
                        },
                        weights=WEIGHTS,
                    ),
                    projection(
                        "full",
                        {"count": {"total": "ok"}, "list": {"id": "ok", "name": "ok"}},
                        weights=WEIGHTS,
                    ),
                    projection("old", {"count": {"total": "ok"}}, weights=WEIGHTS),
                ],
                digest="s1",
                fixtures={"empty": "f2", "page": "f1"},
                weights=WEIGHTS,
            )
        ],
        costs=[
            {"suite": "orders", "projection": "compact", "fixture": "page", "tokens": 100},
            {"suite": "orders", "projection": "full", "fixture": "page", "tokens": 400},
        ],
        findings=[
            {
                "rule": "error-hidden",
                "severity": "error",
                "suite": "orders",
                "projection": "compact",
                "fixture": "empty",
                "path": "",
                "message": "the error becomes an empty list",
            }
        ],
        trace_summaries=[
            {
                "trace_id": "t1",
                "followups": 2,
                "duplicates": 0,
                "hedges": 1,
                "errors": 3,
                "retries": 2,
            }
        ],
        followups=[
            {
                "trace_id": "t1",
                "producer_tool": "search",
                "consumer_tool": "get",
                "consumer_arg": "id",
            }
        ]
        * 2,
        hedges=[{"trace_id": "t1", "turn": 2, "phrase": "I think", "language": "en"}],
    )
    store.record_run(
        info(11, git_commit="b" * 40, git_dirty=True),
        [
            suite_score(
                "orders",
                [
                    projection(
                        "compact",
                        {
                            "count": {"total": "dropped"},
                            "list": {"id": "ok", "name": "ok"},
                            "when": {"created": "dropped"},
                        },
                        weights=WEIGHTS,
                        digest="p2",
                    ),
                    projection(
                        "full",
                        {},
                        error="projection 'full' raised on fixture 'page': KeyError: 'items'",
                    ),
                    projection("new", {"count": {"total": "ok"}}, weights=WEIGHTS),
                ],
                digest="s2",
                fixtures={"empty": "f2", "page": "f1b"},
                weights=WEIGHTS,
            )
        ],
        costs=[
            {"suite": "orders", "projection": "compact", "fixture": "page", "tokens": 130},
            {"suite": "orders", "projection": "full", "fixture": "page", "tokens": 400},
        ],
        findings=[
            {
                "rule": "untrusted-text",
                "severity": "warning",
                "suite": "orders",
                "projection": "compact",
                "fixture": "page",
                "path": "items[].note",
                "message": "customer text reaches the model unmarked",
            }
        ],
        trace_summaries=[
            {
                "trace_id": "t1",
                "followups": 4,
                "lookups": 1,
                "duplicates": 1,
                "hedges": 0,
                "errors": 1,
                "retries": 0,
            }
        ],
        followups=[
            {
                "trace_id": "t1",
                "producer_tool": "search",
                "consumer_tool": "get",
                "consumer_arg": "id",
            }
        ]
        * 4,
    )
    return store


# --------------------------------------------------------------------------------------
# Runs


def test_history_lists_runs_oldest_first(db: Path) -> None:
    _two_runs(db)
    runs = open_history(db).runs()
    assert [r.run_id for r in runs.runs] == [1, 2]
    # Run 2's projection 'full' failed: the run is partial (never a baseline), and says so.
    assert render_history(runs) == (
        "run  started (UTC)        commit          tokenizer   projeval  suites  status\n"
        "  1  2026-11-28 10:00:00  aaaaaaaa        o200k_base  0.1.0     orders  complete\n"
        "  2  2026-11-28 11:00:00  bbbbbbbb+dirty  o200k_base  0.1.0     orders  partial (1 error)\n"
    )
    assert [(r.partial, r.errors) for r in runs.runs] == [(False, 0), (True, 1)]
    assert [(r["partial"], r["errors"]) for r in runs.to_dict()["runs"]] == [(False, 0), (True, 1)]
    frame = runs.to_pandas()
    assert list(frame.columns) == [
        "run_id",
        "started_at",
        "projeval_version",
        "git_commit",
        "git_dirty",
        "tokenizer",
        "suites",
        "projections",
        "traces",
        "errors",
        "partial",
    ]
    assert str(frame["started_at"].dt.tz) == "UTC"
    assert frame["projections"].tolist() == [3, 3]
    last = open_history(db).runs(limit=1)
    assert [r.run_id for r in last.runs] == [2]
    assert render_history(last).endswith("partial (1 error)\n(1 of 2 runs shown)\n")
    # A store of complete runs lists them as it always has: no status column.
    first = open_history(db).runs().runs[:1]
    assert render_history(RunList(first, total=1)).splitlines()[0].endswith("suites")
    json.dumps(runs.to_dict())


def test_empty_store_renders_a_sentence(db: Path) -> None:
    Store(db).migrate()
    history = open_history(db)
    assert render_history(history.runs()) == "No runs recorded yet.\n"
    assert render_trend(history.trend()) == "No runs recorded yet.\n"
    with pytest.raises(HistoryQueryError, match="the store holds 0 runs; a diff needs two"):
        history.diff()


# --------------------------------------------------------------------------------------
# Trends


def test_trend_says_what_changed_between_runs(db: Path) -> None:
    store = _two_runs(db)
    store.record_run(
        info(12, git_commit="b" * 40, git_dirty=True, tokenizer="cl100k_base"),
        [
            suite_score(
                "orders",
                [projection("compact", {"count": {"total": "ok"}}, weights=WEIGHTS, digest="p2")],
                digest="s2",
                fixtures={"empty": "f2", "page": "f1b"},
                weights=WEIGHTS,
            )
        ],
    )
    trend = open_history(db).trend("orders", "compact")
    frame = trend.to_pandas()
    assert frame["run_id"].tolist() == [1, 2, 3]
    assert frame["changed"].tolist() == [
        "",
        "suite, fixtures, projection, commit",
        "tokenizer",
    ]
    assert frame["coverage"].tolist() == pytest.approx([0.3, 0.5, 1.0])
    assert frame["tokens"].tolist()[:2] == [100, 130]
    assert frame["followups"].tolist()[:2] == [2, 4]  # run-wide, joined on
    assert render_trend(trend) == (
        "orders / compact\n"
        "  run  started (UTC)        commit          coverage  answerable  tokens  changed\n"
        "    1  2026-11-28 10:00:00  aaaaaaaa           30.0%         1/3     100\n"
        "    2  2026-11-28 11:00:00  bbbbbbbb+dirty     50.0%         1/3     130  suite, fixtures, projection, commit\n"
        "    3  2026-11-28 12:00:00  bbbbbbbb+dirty    100.0%         1/1       -  tokenizer\n"
        "\n"
        "traces (all runs' totals)\n"
        "  run  started (UTC)        commit          traces  errors  duplicates  retries  follow-ups  lookups  hedges\n"
        "    1  2026-11-28 10:00:00  aaaaaaaa             1       3           0        2           2        -       1\n"
        "    2  2026-11-28 11:00:00  bbbbbbbb+dirty       1       1           1        0           4        1       0\n"
        "    3  2026-11-28 12:00:00  bbbbbbbb+dirty       0       -           -        -           -        -       -\n"
    )
    json.dumps(trend.to_dict())


def test_trend_of_one_metric(db: Path) -> None:
    _two_runs(db)
    history = open_history(db)
    coverage = history.trend(metric="coverage")
    assert list(coverage.to_pandas().columns) == [
        "run_id",
        "started_at",
        "git_commit",
        "git_dirty",
        "suite",
        "projection",
        "coverage",
        "changed",
    ]
    assert render_trend(history.trend("orders", "full", "coverage")) == (
        "orders / full\n"
        "  run  started (UTC)        commit          coverage  changed\n"
        "    1  2026-11-28 10:00:00  aaaaaaaa          100.0%\n"
        "    2  2026-11-28 11:00:00  bbbbbbbb+dirty     error  suite, fixtures, commit\n"
    )
    hedges = history.trend(metric="hedges")
    assert hedges.to_pandas()[["run_id", "hedges"]].values.tolist() == [[1, 1], [2, 0]]
    assert render_trend(hedges) == (
        "traces (all runs' totals)\n"
        "  run  started (UTC)        commit          hedges\n"
        "    1  2026-11-28 10:00:00  aaaaaaaa             1\n"
        "    2  2026-11-28 11:00:00  bbbbbbbb+dirty       0\n"
    )
    last = history.trend(last=1)
    assert set(last.projections["run_id"]) == {2} and last.traces["run_id"].tolist() == [2]
    only_old = history.trend(projection="old")
    assert only_old.traces["run_id"].tolist() == [1]  # the runs that scored it


def test_trend_names_what_it_does_not_know(db: Path) -> None:
    _two_runs(db)
    history = open_history(db)
    with pytest.raises(HistoryQueryError) as caught:
        history.trend(metric="speed")
    assert caught.value.render() == (
        "unknown trend metric 'speed'. Fix: use one of: coverage, answerable, tokens, bytes, "
        "errors, duplicates, retries, followups, lookups, hedges"
    )
    with pytest.raises(HistoryQueryError, match=r"no recorded run scored suite 'nope'.*orders"):
        history.trend("nope")
    with pytest.raises(
        HistoryQueryError,
        match=r"no recorded run scored projection 'nope' of suite 'orders'.*compact, full, new, old",
    ):
        history.trend("orders", "nope")


# --------------------------------------------------------------------------------------
# Diffs


def test_diff_of_the_last_two_runs_lists_regressions_first(db: Path) -> None:
    _two_runs(db)
    diff = open_history(db).diff()
    assert (diff.run_a.run_id, diff.run_b.run_id) == (1, 2)
    assert render_diff(diff) == (
        "run 1 (2026-11-28 10:00:00 UTC, commit aaaaaaaa) -> "
        "run 2 (2026-11-28 11:00:00 UTC, commit bbbbbbbb+dirty)\n"
        "7 regressions, 6 improvements, 7 other changes\n"
        "\n"
        "Regressions\n"
        "  orders / full     projection error   now fails: projection 'full' raised on fixture 'page': KeyError: 'items'\n"
        "  orders / compact  question           count is no longer answerable (weight 3)\n"
        "  orders / compact  field              total: ok -> dropped, needed by count (weight 3)\n"
        "  orders / compact  tokens             100 -> 130 (+30, +30.0%)\n"
        "  run               follow-ups         2 -> 4 (+2)\n"
        "  run               duplicate calls    0 -> 1 (+1)\n"
        "  orders / compact  finding            [warning] untrusted-text at items[].note: customer text reaches the model unmarked\n"
        "\n"
        "Improvements\n"
        "  orders / compact  question           list is now answerable (weight 5)\n"
        "  orders / compact  field              name: dropped -> ok, needed by list (weight 5)\n"
        "  orders / compact  coverage           30.0% -> 50.0% (+20.0 points)\n"
        "  run               tool errors        3 -> 1 (-2)\n"
        "  run               hedges             1 -> 0 (-1)\n"
        "  orders / compact  finding            resolved: [error] error-hidden: the error becomes an empty list\n"
        "\n"
        "Other changes\n"
        "  orders / compact  field              created: lossy -> dropped, needed by when (weight 2)\n"
        "  orders / new      projection         added (projections.demo:new)\n"
        "  orders / old      projection         removed\n"
        "  orders            suite file         changed (s1 -> s2)\n"
        "  orders            fixture            page changed (f1 -> f1b)\n"
        "  orders / compact  projection source  source changed (p1 -> p2)\n"
        "  run               commit             aaaaaaaa -> bbbbbbbb+dirty\n"
        # The per-field aggregate's changed rows (issue 16 item 5: the history's per-field
        # view in text too, not only in the JSON); rows kept without a path read as prose.
        "\n"
        "Follow-ups by result field that changed (producer: path -> consumer(argument)):\n"
        "  search: text -> get(id) 2 -> 4 (lookups 2 -> 4, actions 0 -> 0)\n"
    )


def test_over_more_traces_the_diff_weighs_the_counts_a_trace(db: Path) -> None:
    # Adding MINT and mini-SWE-agent folders to 801 traces made 'follow-ups 709 -> 5738'
    # a regression; a corpus that only grows does that every run. Over another number of
    # traces, the count a trace decides: twice the traces with twice the follow-ups is no
    # regression, and more hedges a trace is one.
    store = Store(db)

    def traces(n: int, followups: int, hedges: int) -> list[dict[str, Any]]:
        return [
            {"trace_id": f"t{i}", "followups": followups, "duplicates": 0, "hedges": hedges}
            for i in range(n)
        ]

    store.record_run(info(10), [small_suite()], trace_summaries=traces(2, 3, 0))
    store.record_run(info(11), [small_suite()], trace_summaries=traces(4, 3, 1))
    changes = {
        (c.direction, c.kind): c.description
        for c in open_history(db).diff().changes.itertuples()
        if c.suite is None
    }
    assert (
        changes[("change", "follow-ups")] == "6 -> 12 (+6; 3.00 -> 3.00 a trace) over 2 -> 4 traces"
    )
    assert (
        changes[("regression", "hedges")] == "0 -> 4 (+4; 0.00 -> 1.00 a trace) over 2 -> 4 traces"
    )
    assert ("regression", "follow-ups") not in changes


def test_the_diff_weighs_follow_up_lookups_not_actions(db: Path) -> None:
    # Issue 16 (items 4, 5), /work/notes/tau58: a run with more follow-ups only because
    # more of them were writes passing an id on (cancel_reservation(reservation_id)) was a
    # follow-ups regression. Where both runs kept their lookups, the lookups decide.
    store = Store(db)

    def traces(lookups: int, actions: int) -> list[dict[str, Any]]:
        return [
            {"trace_id": f"t{i}", "followups": lookups + actions, "lookups": lookups,
             "actions": actions, "duplicates": 0, "hedges": 0}
            for i in range(2)
        ]  # fmt: skip

    store.record_run(info(10), [small_suite()], trace_summaries=traces(3, 1))
    store.record_run(info(11), [small_suite()], trace_summaries=traces(3, 5))
    store.record_run(info(12), [small_suite()], trace_summaries=traces(4, 0))
    history = open_history(db)

    def changes(a: int, b: int) -> dict[tuple[str, str], str]:
        return {
            (c.direction, c.kind): c.description
            for c in history.diff(a, b).changes.itertuples()
            if c.suite is None
        }

    assert changes(1, 2) == {}  # 8 -> 16 follow-ups, all the new ones actions
    assert changes(2, 3) == {("regression", "follow-up lookups"): "6 -> 8 (+2)"}
    assert history.diff(2, 3).traces.set_index("metric").loc["lookups"].tolist() == [6, 8, 2]


def test_diff_frames_hold_the_detail(db: Path) -> None:
    _two_runs(db)
    diff = open_history(db).diff()
    assert list(diff.to_pandas().columns) == list(CHANGE_COLUMNS)
    assert diff.regressions["kind"].tolist()[:3] == ["projection error", "question", "field"]
    assert diff.questions[["question", "change"]].values.tolist() == [
        ["count", "newly unanswerable"],
        ["list", "newly answerable"],
    ]
    assert diff.needs[["field", "status_a", "status_b", "direction"]].values.tolist() == [
        ["total", "ok", "dropped", "regression"],
        ["name", "dropped", "ok", "improvement"],
        ["created", "lossy", "dropped", "change"],
    ]
    presence = dict(zip(diff.projections["projection"], diff.projections["presence"], strict=True))
    assert presence == {"compact": "both", "full": "both", "new": "added", "old": "removed"}
    assert diff.tokens[["projection", "delta"]].values.tolist() == [["compact", 30], ["full", 0]]
    assert diff.followups[["count_a", "count_b", "delta"]].values.tolist() == [[2, 4, 2]]
    # Rows recorded without a kind (unknown tools) count as lookups, none as actions.
    assert diff.followups[["lookups_a", "lookups_b", "actions_b"]].values.tolist() == [[2, 4, 0]]
    assert diff.hedges[["phrase", "count_a", "count_b"]].values.tolist() == [["I think", 1, 0]]
    assert diff.findings[["rule", "change"]].values.tolist() == [
        ["error-hidden", "resolved"],
        ["untrusted-text", "new"],
    ]
    # A source field a question needs is reported once, as a field change.
    assert diff.lineage["source"].tolist() == ["data[].created", "data[].name", "data[].total"]
    assert "source field" not in set(diff.changes["kind"])
    json.dumps(diff.to_dict())


def test_diff_picks_runs_by_id_or_from_the_end(db: Path) -> None:
    store = _two_runs(db)
    store.record_run(info(9), [small_suite()])  # recorded last, but started first
    history = open_history(db)
    ordered = [r.run_id for r in history.runs().runs]
    assert ordered == [3, 1, 2]
    assert (history.diff().run_a.run_id, history.diff().run_b.run_id) == (1, 2)
    assert history.diff(3).run_b.run_id == 2  # one run: against the latest
    assert history.diff(run_b=1).run_a.run_id == 3  # the run before it
    assert history.diff(-3, "-1").run_a.run_id == 3
    same = history.diff(2, 2)
    assert same.changes.empty and render_diff(same).endswith("No changes.\n")
    with pytest.raises(HistoryQueryError) as caught:
        history.diff(7)
    assert caught.value.render() == (
        f"{db}: no run 7 in the store. "
        "Fix: see the runs with `projeval history`; -1 is the latest, -2 the one before"
    )
    with pytest.raises(HistoryQueryError, match="holds 3 runs up to run 3; a diff needs two"):
        history.diff(run_b=3)


def test_frames_of_one_run(db: Path) -> None:
    _two_runs(db)
    history = open_history(db)
    assert set(history.results(-1)["run_id"]) == {2}
    assert len(history.results()) == 6
    assert str(history.results().dtypes["coverage"]).lower().startswith("float")


# --------------------------------------------------------------------------------------
# The shipped example, end to end


def test_shipped_example_recorded_twice_then_changed(db: Path, tmp_path: Path) -> None:
    suite_file = ROOT / "question_sets" / "support_desk.yaml"
    first = score_suite(load_suite(suite_file, root=ROOT))
    store = Store(db)
    store.record_run(info(10), [first])
    store.record_run(info(11), [score_suite(load_suite(suite_file, root=ROOT))])
    history = open_history(db)
    assert history.diff().changes.empty  # the same inputs score the same

    # The changed run: compact_v2 now points at compact_v1's code, pruned is gone.
    text = suite_file.read_text(encoding="utf-8")
    text = text.replace(
        "compact_v2: projections.support_desk:compact_v2",
        "compact_v2: projections.support_desk:compact_v1",
    ).replace("  pruned: projections.support_desk:pruned\n", "")
    text = text.replace("../fixtures/", f"{(ROOT / 'fixtures').as_posix()}/")
    text = text.replace("../projections/", f"{(ROOT / 'projections').as_posix()}/")  # the node twin
    changed_file = tmp_path / "support_desk.yaml"
    changed_file.write_text(text, encoding="utf-8")
    changed = score_suite(load_suite(changed_file, root=ROOT))
    store.record_run(info(12), [changed])

    diff = history.diff()
    assert (diff.run_a.run_id, diff.run_b.run_id) == (2, 3)
    lost = diff.questions[diff.questions["change"] == "newly unanswerable"]
    assert set(lost["projection"]) == {"compact_v2"}
    assert "breach-soon" in set(lost["question"])
    regressions = diff.regressions
    assert regressions.iloc[0]["kind"] == "question"
    assert (
        "sla_due_at: ok -> dropped, needed by breach-soon, sla-report (weight 8)"
        in regressions["description"].tolist()
    )
    coverage = regressions[regressions["kind"] == "coverage"].iloc[0]
    assert coverage["projection"] == "compact_v2" and coverage["delta"] < 0
    other = diff.changes[diff.changes["direction"] == "change"]
    assert ("projection", "pruned", "removed") in {
        (r["kind"], r["projection"], r["description"]) for r in other.to_dict("records")
    }
    assert "suite file" in set(other["kind"])
    assert "projection target" in set(other["kind"])
    text = render_diff(diff)
    assert text.index("Regressions") < text.index("Other changes")
    assert isinstance(diff, RunDiff)
    # Coverage over the three runs, per projection.
    trend = history.trend("support-desk", "compact_v2").to_pandas()
    # compact_v2 now runs compact_v1's function: its digest (per function) changed too.
    assert trend["changed"].tolist() == ["", "", "suite, target, projection"]
    assert trend["coverage"].iloc[2] < trend["coverage"].iloc[1]


def test_findings_of_a_projection_the_other_run_lacks_are_not_regressions(db: Path) -> None:
    def finding(projection: str, rule: str) -> dict[str, str]:
        return {
            "rule": rule,
            "severity": "error",
            "suite": "orders",
            "projection": projection,
            "fixture": "page",
            "path": "",
            "message": "the error becomes an empty list",
        }

    verdicts = {"count": {"total": "ok"}}
    store = Store(db)
    store.record_run(
        info(10),
        [suite_score("orders", [projection("compact", verdicts), projection("old", verdicts)])],
        findings=[finding("old", "ERROR-AS-EMPTY")],
    )
    store.record_run(
        info(11),
        [suite_score("orders", [projection("compact", verdicts), projection("fresh", verdicts)])],
        findings=[finding("compact", "TRUNCATION"), finding("fresh", "ERROR-AS-EMPTY")],
    )
    diff = open_history(db).diff()
    found = diff.changes[diff.changes["kind"] == "finding"]
    assert found[["direction", "projection", "description"]].values.tolist() == [
        ["regression", "compact", "[error] TRUNCATION: the error becomes an empty list"],
        [
            "change",
            "fresh",
            "[error] ERROR-AS-EMPTY: the error becomes an empty list (new projection)",
        ],
        [
            "change",
            "old",
            "resolved: [error] ERROR-AS-EMPTY: the error becomes an empty list "
            "(projection removed)",
        ],
    ]


# --------------------------------------------------------------------------------------
# The diff reads the typed records


def test_the_diff_reads_the_runs_typed_records(
    make_suite: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner
    from projeval.cli import cli
    from test_check_cli import CODE, PAGE, SUITE

    folder = make_suite(SUITE.replace("TARGET", "full"), {"page.json": PAGE}, CODE).parent
    monkeypatch.chdir(folder)
    runner = CliRunner()
    assert (
        runner.invoke(cli, ["run", "suite.yaml", "--db", "h.duckdb", "--no-report"]).exit_code == 0
    )
    (folder / "suite.yaml").write_text(SUITE.replace("TARGET", "slim"), encoding="utf-8")
    assert (
        runner.invoke(cli, ["run", "suite.yaml", "--db", "h.duckdb", "--no-report"]).exit_code == 0
    )
    typed = open_history("h.duckdb").diff(1, 2)
    assert set(typed.changes["kind"]) >= {"question", "field", "tokens", "projection target"}

    # The same runs without their documents (a store from before schema 3): the diff
    # reads their rows instead, and says the same, frame for frame.
    shutil.copy("h.duckdb", "rows.duckdb")
    with duckdb.connect("rows.duckdb") as con:
        con.execute("DELETE FROM run_documents")
    rows = open_history("rows.duckdb").diff(1, 2)
    assert render_diff(rows) == render_diff(typed)
    assert rows.to_dict() == typed.to_dict()
    for name in ("changes", "projections", "questions", "needs", "lineage", "tokens", "findings"):
        pd.testing.assert_frame_equal(getattr(rows, name), getattr(typed, name))

    # With the documents it is the records that are read: rows edited behind the
    # store's back change nothing.
    with duckdb.connect("h.duckdb") as con:
        con.execute("UPDATE question_results SET answerable = NOT answerable")
        con.execute("DELETE FROM need_results")
    assert open_history("h.duckdb").diff(1, 2).to_dict() == typed.to_dict()
