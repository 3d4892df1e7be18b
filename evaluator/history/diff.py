"""Diffs between two runs: pair their rows up and name what changed, regressions first."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pandas as pd

from ..store import RUN_TABLES, records_reader
from ..text.numbers import MISSING, commit, num, pct
from ..vocabulary import DIFF_DIRECTIONS
from ._helpers import DOC_VERSION, _missing, _records, _same
from .runs import RunSummary
from .trend import _TRACE_TOTALS

if TYPE_CHECKING:
    from ..store import StoreReader

#: Order of the sections of a diff: regressions first.
DIRECTIONS = DIFF_DIRECTIONS
_KINDS = (
    "projection error",
    "question",
    "field",
    "coverage",
    "tokens",
    "tool errors",
    "follow-up lookups",
    "follow-ups",
    "duplicate calls",
    "hedges",
    "finding",
    "suite",
    "projection",
    "suite file",
    "fixture",
    "projection source",
    "projection target",
    "source field",
    "traces",
    "tokenizer",
    "projeval",
    "commit",
)
CHANGE_COLUMNS = (
    "direction",
    "kind",
    "suite",
    "projection",
    "subject",
    "before",
    "after",
    "delta",
    "weight",
    "description",
)


@dataclass
class RunDiff:
    """What changed from ``run_a`` to ``run_b``; ``changes`` lists regressions first.

    The other frames hold the detail: ``projections`` (every projection of
    either run, paired), ``questions`` and ``needs`` (changed ones only),
    ``lineage`` (source fields whose lineage changed), ``tokens`` (per fixture),
    ``traces`` (run totals), ``followups`` and ``hedges`` (counts by kind) and
    ``findings`` (new and resolved).
    """

    run_a: RunSummary
    run_b: RunSummary
    changes: pd.DataFrame
    projections: pd.DataFrame
    questions: pd.DataFrame
    needs: pd.DataFrame
    lineage: pd.DataFrame
    tokens: pd.DataFrame
    traces: pd.DataFrame
    followups: pd.DataFrame
    hedges: pd.DataFrame
    findings: pd.DataFrame

    @property
    def regressions(self) -> pd.DataFrame:
        """The changes for the worse."""
        return self.changes[self.changes["direction"] == "regression"].reset_index(drop=True)

    @property
    def improvements(self) -> pd.DataFrame:
        """The changes for the better."""
        return self.changes[self.changes["direction"] == "improvement"].reset_index(drop=True)

    def to_pandas(self) -> pd.DataFrame:
        """The changes, one row each, regressions first."""
        return self.changes

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "version": DOC_VERSION,
            "run_a": self.run_a.to_dict(),
            "run_b": self.run_b.to_dict(),
            "changes": _records(self.changes),
            "projections": _records(self.projections),
            "questions": _records(self.questions),
            "needs": _records(self.needs),
            "lineage": _records(self.lineage),
            "tokens": _records(self.tokens),
            "traces": _records(self.traces),
            "followups": _records(self.followups),
            "hedges": _records(self.hedges),
            "findings": _records(self.findings),
        }

    def __repr__(self) -> str:
        # An empty diff may have no columns at all.
        counts = (
            self.changes["direction"].value_counts()
            if len(self.changes)
            else pd.Series(dtype="int64")
        )
        numbers = {d: int(counts.get(d, 0)) for d in DIRECTIONS}
        parts = ", ".join(f"{n} {d}{'' if n == 1 else 's'}" for d, n in numbers.items())
        return f"<RunDiff run {self.run_a.run_id} -> run {self.run_b.run_id}: {parts}>"


@dataclass
class _Changes:
    rows: list[dict[str, Any]] = field(default_factory=list)

    def add(
        self,
        direction: str,
        kind: str,
        description: str,
        *,
        suite: str | None = None,
        projection: str | None = None,
        subject: str | None = None,
        before: Any = None,
        after: Any = None,
        delta: float | None = None,
        weight: float | None = None,
    ) -> None:
        self.rows.append(
            {
                "direction": direction,
                "kind": kind,
                "suite": suite,
                "projection": projection,
                "subject": subject,
                "before": None if _missing(before) else str(before),
                "after": None if _missing(after) else str(after),
                "delta": None if delta is None or _missing(delta) else float(delta),
                "weight": None if weight is None or _missing(weight) else float(weight),
                "description": description,
            }
        )

    def frame(self) -> pd.DataFrame:
        rank = {k: i for i, k in enumerate(_KINDS)}
        order = {d: i for i, d in enumerate(DIRECTIONS)}
        rows = sorted(
            self.rows,
            key=lambda r: (
                order[r["direction"]],
                rank[r["kind"]],
                r["suite"] or "",
                r["projection"] or "",
                -(r["weight"] or 0.0),
                r["subject"] or "",
                r["description"],
            ),
        )
        return pd.DataFrame(rows, columns=list(CHANGE_COLUMNS)).astype(
            {"delta": "Float64", "weight": "Float64"}
        )


def _pair(frame: pd.DataFrame, a: int, b: int, keys: list[str], values: list[str]) -> pd.DataFrame:
    """Rows of run ``a`` and run ``b`` side by side on ``keys``; ``presence`` says which."""
    cols = keys + values
    left = frame.loc[frame["run_id"] == a, cols].astype(object)
    right = frame.loc[frame["run_id"] == b, cols].astype(object)
    # Missing keys would never match each other in a merge: make them equal strings.
    left[keys] = left[keys].where(left[keys].notna(), "")
    right[keys] = right[keys].where(right[keys].notna(), "")
    out = left.merge(right, on=keys, how="outer", suffixes=("_a", "_b"), indicator=True)
    out["presence"] = (
        out["_merge"]
        .astype(object)
        .map({"left_only": "removed", "right_only": "added", "both": "both"})
    )
    out = out.drop(columns="_merge").sort_values(keys, kind="stable").reset_index(drop=True)
    if not values:
        return out
    ordered = keys + [f"{v}_{s}" for v in values for s in ("a", "b")] + ["presence"]
    return out[ordered]


def _compute_diff(reader: StoreReader, run_a: RunSummary, run_b: RunSummary) -> RunDiff:
    a, b = run_a.run_id, run_b.run_id
    ids = [a, b] if a != b else [a]
    # Every table of a run's rows but the run itself and its stored document.
    compared = [n for n in RUN_TABLES if n not in ("runs", "run_documents")]
    records = {i: reader.run(i) for i in ids}
    typed = {i: r for i, r in records.items() if r is not None}
    if len(typed) == len(ids):
        # The typed records, in the tables the store keeps them in (records_reader).
        with records_reader(typed) as source:
            t = {name: source.table(name, ids) for name in compared}
    else:
        # A run recorded without its document (before store schema 3, or through
        # Store.record_run): its rows are all there is of it.
        t = {name: reader.table(name, ids) for name in compared}
    changes = _Changes()
    _diff_run(run_a, run_b, changes)
    _diff_suites(t["run_suites"], t["run_fixtures"], a, b, changes)
    projections = _diff_projections(t["projection_results"], a, b, changes)
    questions = _diff_questions(t["question_results"], a, b, changes)
    needs = _diff_needs(t["need_results"], t["question_results"], a, b, changes)
    lineage = _diff_lineage(t["lineage"], needs, a, b, changes)
    tokens = _diff_tokens(t["costs"], a, b, changes)
    traces = _diff_traces(t["trace_summaries"], a, b, changes)
    followups = _diff_followups(t["followups"], a, b)
    hedges = _count_pairs(t["hedges"], a, b, ["phrase", "language"])
    findings = _diff_findings(t["findings"], t["projection_results"], a, b, changes)
    return RunDiff(
        run_a=run_a,
        run_b=run_b,
        changes=changes.frame(),
        projections=projections,
        questions=questions,
        needs=needs,
        lineage=lineage,
        tokens=tokens,
        traces=traces,
        followups=followups,
        hedges=hedges,
        findings=findings,
    )


def _diff_run(run_a: RunSummary, run_b: RunSummary, changes: _Changes) -> None:
    pairs = (
        ("tokenizer", run_a.tokenizer, run_b.tokenizer),
        ("projeval", run_a.projeval_version, run_b.projeval_version),
        (
            "commit",
            commit(run_a.git_commit, run_a.git_dirty),
            commit(run_b.git_commit, run_b.git_dirty),
        ),
    )
    for kind, before, after in pairs:
        if not _same(before, after):
            changes.add(
                "change", kind, f"{before or '-'} -> {after or '-'}", before=before, after=after
            )


def _diff_suites(
    suites: pd.DataFrame, fixtures: pd.DataFrame, a: int, b: int, changes: _Changes
) -> None:
    for row in _records(_pair(suites, a, b, ["suite"], ["digest"])):
        suite = row["suite"]
        if row["presence"] != "both":
            changes.add("change", "suite", row["presence"], suite=suite, subject=suite)
        elif not _same(row["digest_a"], row["digest_b"]):
            changes.add(
                "change",
                "suite file",
                f"changed ({row['digest_a']} -> {row['digest_b']})",
                suite=suite,
                before=row["digest_a"],
                after=row["digest_b"],
            )
    both = set(suites.loc[suites["run_id"] == a, "suite"]) & set(
        suites.loc[suites["run_id"] == b, "suite"]
    )
    for row in _records(_pair(fixtures, a, b, ["suite", "fixture"], ["digest"])):
        if row["suite"] not in both:
            continue  # an added or removed suite says it all
        name = row["fixture"]
        if row["presence"] != "both":
            text = f"{name} {row['presence']}"
        elif not _same(row["digest_a"], row["digest_b"]):
            text = f"{name} changed ({row['digest_a']} -> {row['digest_b']})"
        else:
            continue
        changes.add(
            "change",
            "fixture",
            text,
            suite=row["suite"],
            subject=name,
            before=row["digest_a"],
            after=row["digest_b"],
        )


def _diff_projections(frame: pd.DataFrame, a: int, b: int, changes: _Changes) -> pd.DataFrame:
    values = ["coverage", "answerable", "questions_total", "error", "target", "digest"]
    paired = _pair(frame, a, b, ["suite", "projection"], values)
    paired["coverage_delta"] = [
        None if _missing(x) or _missing(y) else float(y) - float(x)
        for x, y in zip(paired["coverage_a"], paired["coverage_b"], strict=True)
    ]
    for row in _records(paired):
        where = {"suite": row["suite"], "projection": row["projection"]}
        if row["presence"] != "both":
            target = f" ({row['target_b']})" if row["presence"] == "added" else ""
            changes.add(
                "change", "projection", row["presence"] + target, subject=row["projection"], **where
            )
            continue
        err_a, err_b = row["error_a"], row["error_b"]
        if err_a is None and err_b is not None:
            changes.add(
                "regression", "projection error", f"now fails: {err_b}", after=err_b, **where
            )
        elif err_a is not None and err_b is None:
            changes.add(
                "improvement",
                "projection error",
                f"runs again (was: {err_a})",
                before=err_a,
                **where,
            )
        delta = row["coverage_delta"]
        if delta is not None and abs(delta) > 1e-9:
            changes.add(
                "regression" if delta < 0 else "improvement",
                "coverage",
                f"{pct(row['coverage_a'], MISSING)} -> {pct(row['coverage_b'], MISSING)} ({delta * 100:+.1f} points)",
                before=pct(row["coverage_a"], MISSING),
                after=pct(row["coverage_b"], MISSING),
                delta=delta,
                **where,
            )
        if not _same(row["target_a"], row["target_b"]):
            changes.add(
                "change",
                "projection target",
                f"{row['target_a']} -> {row['target_b']}",
                before=row["target_a"],
                after=row["target_b"],
                **where,
            )
        if not _same(row["digest_a"], row["digest_b"]):
            changes.add(
                "change",
                "projection source",
                f"source changed ({row['digest_a'] or '-'} -> {row['digest_b'] or '-'})",
                before=row["digest_a"],
                after=row["digest_b"],
                **where,
            )
    return paired


def _diff_questions(frame: pd.DataFrame, a: int, b: int, changes: _Changes) -> pd.DataFrame:
    paired = _pair(
        frame, a, b, ["suite", "projection", "question"], ["text", "weight", "answerable"]
    )
    both = paired[paired["presence"] == "both"]
    flipped = both[both["answerable_a"].astype(bool) != both["answerable_b"].astype(bool)]
    out = pd.DataFrame(
        {
            "suite": flipped["suite"],
            "projection": flipped["projection"],
            "question": flipped["question"],
            "text": flipped["text_b"],
            "weight": flipped["weight_b"],
            "answerable_a": flipped["answerable_a"].astype(bool),
            "answerable_b": flipped["answerable_b"].astype(bool),
        }
    ).reset_index(drop=True)
    out["change"] = ["newly answerable" if v else "newly unanswerable" for v in out["answerable_b"]]
    for row in _records(out):
        weight = row["weight"]
        now = row["answerable_b"]
        changes.add(
            "improvement" if now else "regression",
            "question",
            f"{row['question']} is {'now' if now else 'no longer'} answerable (weight {num(weight)})",
            suite=row["suite"],
            projection=row["projection"],
            subject=row["question"],
            before="answerable" if row["answerable_a"] else "unanswerable",
            after="answerable" if now else "unanswerable",
            weight=weight,
        )
    return out


def _diff_needs(
    frame: pd.DataFrame, questions: pd.DataFrame, a: int, b: int, changes: _Changes
) -> pd.DataFrame:
    keys = ["suite", "projection", "question", "field"]
    paired = _pair(frame, a, b, keys, ["status", "detail"])
    both = paired[(paired["presence"] == "both") & (paired["status_a"] != paired["status_b"])]
    out = both[[*keys, "status_a", "status_b", "detail_b"]].reset_index(drop=True)
    out["direction"] = [
        "improvement" if sb == "ok" else "regression" if sa == "ok" else "change"
        for sa, sb in zip(out["status_a"], out["status_b"], strict=True)
    ]
    # One change per field and status move, naming the questions it affects.
    current = questions[questions["run_id"] == b]
    weights = {
        (r["suite"], r["projection"], r["question"]): float(r["weight"])
        for r in current[["suite", "projection", "question", "weight"]].to_dict("records")
    }
    grouped: dict[tuple[str, str, str, str, str], list[str]] = {}
    for row in _records(out):
        key = (row["suite"], row["projection"], row["field"], row["status_a"], row["status_b"])
        grouped.setdefault(key, []).append(row["question"])
    for (suite, projection, fname, sa, sb), qs in grouped.items():
        weight = sum(weights.get((suite, projection, q), 0.0) for q in qs)
        direction = "improvement" if sb == "ok" else "regression" if sa == "ok" else "change"
        changes.add(
            direction,
            "field",
            f"{fname}: {sa} -> {sb}, needed by {', '.join(sorted(qs))} (weight {num(weight)})",
            suite=suite,
            projection=projection,
            subject=fname,
            before=sa,
            after=sb,
            weight=weight,
        )
    return out


def _diff_lineage(
    frame: pd.DataFrame, needs: pd.DataFrame, a: int, b: int, changes: _Changes
) -> pd.DataFrame:
    keys = ["suite", "projection", "source"]
    paired = _pair(frame, a, b, keys, ["field", "status"])
    both = paired[(paired["presence"] == "both") & (paired["status_a"] != paired["status_b"])]
    out = pd.DataFrame(
        {
            "suite": both["suite"],
            "projection": both["projection"],
            "source": both["source"],
            "field": both["field_b"],
            "status_a": both["status_a"],
            "status_b": both["status_b"],
        }
    ).reset_index(drop=True)
    # A field a question needs is already reported, with its questions, as a field change.
    reported = {(r["suite"], r["projection"], r["field"]) for r in _records(needs)}
    for row in _records(out):
        if (row["suite"], row["projection"], row["field"]) in reported:
            continue
        name = f" ({row['field']})" if row["field"] else ""
        changes.add(
            "change",
            "source field",
            f"{row['source']}{name}: {row['status_a']} -> {row['status_b']}",
            suite=row["suite"],
            projection=row["projection"],
            subject=row["source"],
            before=row["status_a"],
            after=row["status_b"],
        )
    return out


def _diff_tokens(frame: pd.DataFrame, a: int, b: int, changes: _Changes) -> pd.DataFrame:
    paired = _pair(frame, a, b, ["suite", "projection", "fixture"], ["tokens", "bytes"])
    paired["delta"] = [
        None if _missing(x) or _missing(y) else int(y) - int(x)
        for x, y in zip(paired["tokens_a"], paired["tokens_b"], strict=True)
    ]
    both = paired[paired["presence"] == "both"]
    totals: dict[tuple[str, str], list[int]] = {}
    for row in _records(both):
        if row["tokens_a"] is None or row["tokens_b"] is None:
            continue
        acc = totals.setdefault((row["suite"], row["projection"]), [0, 0])
        acc[0] += int(row["tokens_a"])
        acc[1] += int(row["tokens_b"])
    for (suite, projection), (before, after) in sorted(totals.items()):
        if before == after:
            continue
        delta = after - before
        share = f", {delta / before:+.1%}" if before else ""
        changes.add(
            "regression" if delta > 0 else "improvement",
            "tokens",
            f"{before:,} -> {after:,} ({delta:+,}{share})",
            suite=suite or None,
            projection=projection or None,
            before=before,
            after=after,
            delta=delta,
        )
    return paired


def _diff_traces(frame: pd.DataFrame, a: int, b: int, changes: _Changes) -> pd.DataFrame:
    counts = {run: int((frame["run_id"] == run).sum()) for run in (a, b)}
    rows = [{"metric": "traces", "a": counts[a], "b": counts[b], "delta": counts[b] - counts[a]}]
    for metric in _TRACE_TOTALS:
        va = frame.loc[frame["run_id"] == a, metric].dropna()
        vb = frame.loc[frame["run_id"] == b, metric].dropna()
        sa = int(va.sum()) if len(va) else None
        sb = int(vb.sum()) if len(vb) else None
        rows.append(
            {
                "metric": metric,
                "a": sa,
                "b": sb,
                "delta": None if sa is None or sb is None else sb - sa,
            }
        )
    out = pd.DataFrame(rows, columns=["metric", "a", "b", "delta"]).astype(
        {"a": "Int64", "b": "Int64", "delta": "Int64"}
    )
    if counts[a] != counts[b]:
        changes.add(
            "change",
            "traces",
            f"traces analysed: {counts[a]} -> {counts[b]}",
            before=counts[a],
            after=counts[b],
        )
    if not (counts[a] and counts[b]):
        return out  # totals of no traces compare nothing
    over = f" over {counts[a]} -> {counts[b]} traces" if counts[a] != counts[b] else ""
    # A follow-up passed to a write is the ordinary use of an id (issue 16): what rises or
    # falls is the lookups, where both runs kept them (store schema 5); else all follow-ups.
    lookups = {run: frame.loc[frame["run_id"] == run, "lookups"] for run in (a, b)}
    if all(len(v) and v.notna().all() for v in lookups.values()):
        la, lb = (int(lookups[run].sum()) for run in (a, b))
        out = pd.concat(
            [out, pd.DataFrame([{"metric": "lookups", "a": la, "b": lb, "delta": lb - la}])],
            ignore_index=True,
        ).astype({"a": "Int64", "b": "Int64", "delta": "Int64"})
        followed = ("lookups", "follow-up lookups")
    else:
        followed = ("followups", "follow-ups")
    for metric, kind in (
        ("errors", "tool errors"),
        followed,
        ("duplicates", "duplicate calls"),
        ("hedges", "hedges"),
    ):
        row = out[out["metric"] == metric].iloc[0]
        if _missing(row["delta"]) or row["delta"] == 0:
            continue
        delta = int(row["delta"])
        before, after = int(row["a"]), int(row["b"])
        # More traces bring more of everything: over another number of traces, the count
        # a trace is what rose or fell (cross-multiplied, so exact).
        rise = after * counts[a] - before * counts[b] if over else delta
        rate = f"; {before / counts[a]:.2f} -> {after / counts[b]:.2f} a trace" if over else ""
        changes.add(
            "regression" if rise > 0 else "improvement" if rise < 0 else "change",
            kind,
            f"{before} -> {after} ({delta:+d}{rate}){over}",
            subject=metric,
            before=int(row["a"]),
            after=int(row["b"]),
            delta=delta,
        )
    return out


#: The follow-up aggregate's key, as the store names its columns.
_FANOUT_KEYS = ["producer_tool", "producer_path", "consumer_tool", "consumer_arg"]


def _diff_followups(frame: pd.DataFrame, a: int, b: int) -> pd.DataFrame:
    """Follow-up calls per (producer tool, path) -> (consumer tool, argument) in each run:
    the trace analysis's own aggregate (``FollowupTally``), from the stored rows."""
    from ..traces.columns import FOLLOWUPS
    from ..traces.findings import tally_rows

    counts = []
    for run in sorted({a, b}):
        part = frame[frame["run_id"] == run].astype(object)
        part = part.where(part.notna(), None)
        rows = []
        for i, r in enumerate(part.to_dict("records")):
            # The store names its columns as the analysis does; it keeps no seq, and one
            # stored row is one call's value, so no two share a call.
            r = {**r, "seq": i, "consumer_arg": r.get("consumer_arg") or ""}
            r["duplicate"] = bool(r.get("duplicate"))
            rows.append(tuple(r.get(c) for c in FOLLOWUPS.names))
        for f in tally_rows(rows).fanout():
            counts.append(
                (
                    run,
                    f.producer or "",
                    f.path or "",
                    f.consumer or "",
                    f.argument,
                    f.calls,
                    f.lookups,
                    f.actions,
                )
            )
    data = pd.DataFrame(counts, columns=["run_id", *_FANOUT_KEYS, "count", "lookups", "actions"])
    paired = _pair(data, a, b, _FANOUT_KEYS, ["count", "lookups", "actions"])
    for side in ("count_a", "count_b", "lookups_a", "lookups_b", "actions_a", "actions_b"):
        paired[side] = paired[side].fillna(0).astype(int)
    paired["delta"] = paired["count_b"] - paired["count_a"]
    return paired.drop(columns="presence")


def _count_pairs(frame: pd.DataFrame, a: int, b: int, keys: list[str]) -> pd.DataFrame:
    """How many rows of each kind (``keys``) each run has, side by side."""
    data = frame[["run_id", *keys]].astype(object)
    data[keys] = data[keys].where(data[keys].notna(), "")
    counts = data.groupby(["run_id", *keys], sort=True).size().rename("count").reset_index()
    paired = _pair(counts, a, b, keys, ["count"])
    for side in ("count_a", "count_b"):
        paired[side] = paired[side].fillna(0).astype(int)
    paired["delta"] = paired["count_b"] - paired["count_a"]
    return paired.drop(columns="presence")


def _diff_findings(
    frame: pd.DataFrame, projections: pd.DataFrame, a: int, b: int, changes: _Changes
) -> pd.DataFrame:
    """New and resolved findings; those of a projection only one run has are other changes.

    A projection added since ``run_a`` brings its first findings with it: they
    are new, not regressions (and a removed projection's are not improvements).
    """
    scored = set(
        zip(projections["run_id"], projections["suite"], projections["projection"], strict=True)
    )
    keys = ["rule", "severity", "suite", "projection", "fixture", "path", "message"]
    paired = _pair(frame.drop_duplicates(["run_id", *keys]), a, b, keys, [])
    out = paired[paired["presence"] != "both"].reset_index(drop=True)
    out["change"] = out["presence"].map({"added": "new", "removed": "resolved"})
    out = out.drop(columns="presence")
    for row in _records(out):
        where = f" at {row['path']}" if row["path"] else ""
        text = f"[{row['severity'] or '-'}] {row['rule']}{where}: {row['message']}"
        new = row["change"] == "new"
        direction = "regression" if new else "improvement"
        other = a if new else b
        if row["projection"] and (other, row["suite"], row["projection"]) not in scored:
            direction = "change"
            text += " (new projection)" if new else " (projection removed)"
        changes.add(
            direction,
            "finding",
            text if new else f"resolved: {text}",
            suite=row["suite"] or None,
            projection=row["projection"] or None,
            subject=row["rule"],
        )
    return out
