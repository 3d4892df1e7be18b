"""Score objects built in code for the store and history tests, and a writer process.

The durability and concurrency tests need a second (and third) process that
records a run; they run this file:

    python tests/history_builders.py DB [--big] [--hour H] [--timeout S]

It prints the new run id, or the store error and exits 1.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from projeval.coverage import NeedResult, QuestionResult  # noqa: E402
from projeval.errors import StoreError  # noqa: E402
from projeval.lineage import FieldLineage, LineageResult  # noqa: E402
from projeval.score import ProjectionScore, SuiteScore  # noqa: E402
from projeval.store import RunInfo, Store  # noqa: E402
from projeval.suites import Fixture, Need, Question, Suite  # noqa: E402

# Lineage status that goes with each need status, for the lineage rows.
_LINEAGE = {"ok": "kept", "dropped": "dropped", "lossy": "lossy", "needs-lookup": "kept"}

#: A projection's verdicts: question id -> {field: need status}.
Verdicts = dict[str, dict[str, str]]


def when(hour: int = 12, day: int = 28) -> datetime:
    """A fixed UTC time in November 2026."""
    return datetime(2026, 11, day, hour, 0, tzinfo=UTC)


def info(hour: int = 12, day: int = 28, **kw: Any) -> RunInfo:
    """Run metadata at a fixed time."""
    kw.setdefault("tokenizer", "o200k_base")
    return RunInfo(started_at=when(hour, day), **kw)


def projection(
    name: str,
    verdicts: Verdicts,
    *,
    weights: dict[str, float] | None = None,
    digest: str = "p1",
    error: str | None = None,
) -> ProjectionScore:
    """A scored projection from per-question need statuses."""
    weights = weights or {}
    score = ProjectionScore(name, f"projections.demo:{name}", digest=digest)
    if error:
        score.error, score.error_kind = error, "raised"
        return score
    fields: dict[str, FieldLineage] = {}
    for qid, needs in verdicts.items():
        results = []
        for fname, status in needs.items():
            lineage = _LINEAGE.get(status, status)
            outputs = () if status == "dropped" else (f"items[].{fname}",)
            results.append(NeedResult(fname, status, f"{status} detail", lineage, outputs))
            fields[fname] = FieldLineage(
                source=f"data[].{fname}",
                status=lineage,
                detail="",
                outputs=outputs,
                field=fname,
            )
        score.questions.append(
            QuestionResult(qid, f"Question {qid}?", weights.get(qid, 1.0), tuple(results))
        )
    score.lineage = LineageResult(name, fields=dict(fields), named=dict(fields))
    return score


def suite_score(
    name: str,
    projections: list[ProjectionScore],
    *,
    digest: str = "s1",
    fixtures: dict[str, str] | None = None,
    weights: dict[str, float] | None = None,
) -> SuiteScore:
    """A scored suite holding the given projections."""
    fixtures = {"page": "f1"} if fixtures is None else fixtures
    weights = weights or {}
    qids = sorted({q.id for p in projections for q in p.questions})
    suite = Suite(
        name=name,
        tool="search",
        path=Path(f"question_sets/{name}.yaml"),
        fields={},
        questions=tuple(
            Question(q, f"Question {q}?", (Need("x"),), weights.get(q, 1.0)) for q in qids
        ),
        fixtures=tuple(Fixture(f, Path(f"fixtures/{f}.json"), None) for f in fixtures),
        projections={},
        digest=digest,
    )
    return SuiteScore(suite, {p.name: p for p in projections}, [], dict(fixtures))


def big_suite(questions: int = 300, projections: int = 4, needs: int = 5) -> SuiteScore:
    """A large run: ``questions`` x ``projections`` x ``needs`` need rows."""
    statuses = ("ok", "ok", "dropped", "lossy")
    scored = []
    for p in range(projections):
        verdicts = {
            f"q{q:04d}": {f"field_{n}": statuses[(q + n + p) % len(statuses)] for n in range(needs)}
            for q in range(questions)
        }
        scored.append(projection(f"proj_{p}", verdicts))
    return suite_score("big", scored)


def small_suite(status: str = "ok") -> SuiteScore:
    """A one-projection suite; ``status`` is the need status of its total field."""
    return suite_score(
        "orders",
        [projection("compact", {"count": {"total": status}, "list": {"id": "ok"}})],
    )


def main(argv: list[str] | None = None) -> int:
    """Record one run into DB and print its id."""
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("--big", action="store_true")
    parser.add_argument("--hour", type=int, default=12)
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args(argv)
    score = big_suite() if args.big else small_suite()
    try:
        run_id = Store(args.db, lock_timeout=args.timeout).record_run(info(args.hour), [score])
    except StoreError as exc:
        print(exc.render(), file=sys.stderr)
        return 1
    print(run_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
