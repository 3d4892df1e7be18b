"""Build tests/data/history_v1.duckdb: a history store at schema version 1.

The migration test opens a copy of it with today's projeval and checks every
row survives the upgrade. The v1 schema below is a frozen copy of what
projeval's first store wrote (no trace tables, no runs.tokenizer): never edit
it to match evaluator/store/, that is the point.

    .venv/bin/python tests/data/make_history_v1.py

The file is written in DuckDB's v1.2.0 storage format, which duckdb 1.2 and
later read.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import duckdb

OUT = Path(__file__).resolve().parent / "history_v1.duckdb"

SCHEMA_V1 = """
CREATE TABLE projeval_meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL);
CREATE TABLE runs (
    run_id INTEGER PRIMARY KEY, started_at TIMESTAMP NOT NULL,
    projeval_version VARCHAR NOT NULL, git_commit VARCHAR, git_dirty BOOLEAN
);
CREATE TABLE run_suites (
    run_id INTEGER NOT NULL, suite VARCHAR NOT NULL, tool VARCHAR, file VARCHAR,
    digest VARCHAR, total_weight DOUBLE, diagnostics VARCHAR[], PRIMARY KEY (run_id, suite)
);
CREATE TABLE run_fixtures (
    run_id INTEGER NOT NULL, suite VARCHAR NOT NULL, fixture VARCHAR NOT NULL,
    digest VARCHAR, error VARCHAR
);
CREATE TABLE projection_results (
    run_id INTEGER NOT NULL, suite VARCHAR NOT NULL, projection VARCHAR NOT NULL,
    target VARCHAR, digest VARCHAR, coverage DOUBLE, answerable INTEGER,
    questions_total INTEGER, error VARCHAR, error_kind VARCHAR
);
CREATE TABLE question_results (
    run_id INTEGER NOT NULL, suite VARCHAR NOT NULL, projection VARCHAR NOT NULL,
    question VARCHAR NOT NULL, text VARCHAR, weight DOUBLE, answerable BOOLEAN
);
CREATE TABLE need_results (
    run_id INTEGER NOT NULL, suite VARCHAR NOT NULL, projection VARCHAR NOT NULL,
    question VARCHAR NOT NULL, field VARCHAR NOT NULL, status VARCHAR NOT NULL,
    detail VARCHAR, lineage VARCHAR, outputs VARCHAR[], precision VARCHAR, readable BOOLEAN
);
CREATE TABLE lineage (
    run_id INTEGER NOT NULL, suite VARCHAR NOT NULL, projection VARCHAR NOT NULL,
    source VARCHAR NOT NULL, field VARCHAR, status VARCHAR NOT NULL, detail VARCHAR,
    outputs VARCHAR[], kind VARCHAR, precision VARCHAR, opaque BOOLEAN
);
CREATE TABLE costs (
    run_id INTEGER NOT NULL, suite VARCHAR, projection VARCHAR, fixture VARCHAR,
    tokens BIGINT, bytes BIGINT, tokens_per_item DOUBLE, ratio_to_raw DOUBLE,
    estimate_bytes4 BIGINT
);
CREATE TABLE findings (
    run_id INTEGER NOT NULL, rule VARCHAR, severity VARCHAR, suite VARCHAR,
    projection VARCHAR, fixture VARCHAR, path VARCHAR, message VARCHAR
);
"""

SUITE = "support-desk"
QUESTIONS = {
    # question: (weight, text, needed fields)
    "queue-overview": (8.0, "What's on the queue right now?", ("ticket_id", "status")),
    "breach-soon": (
        6.0,
        "Which tickets are about to breach their SLA?",
        ("ticket_id", "sla_due_at"),
    ),
}
SOURCES = {"ticket_id": "data[].id", "status": "data[].attributes.status_code",
           "sla_due_at": "data[].attributes.sla_due_at"}  # fmt: skip


def _run(con: duckdb.DuckDBPyConnection, run_id: int, started: datetime, sla_kept: bool) -> None:
    """One run: compact_v1 always drops sla_due_at; compact_v2 keeps it when ``sla_kept``."""
    con.execute(
        "INSERT INTO runs VALUES (?, ?, '0.1.0.dev1', ?, ?)",
        [run_id, started, f"{run_id:07d}aa11bb22cc33dd44ee55ff6600", run_id == 2],
    )
    con.execute(
        "INSERT INTO run_suites VALUES (?, ?, 'search_tickets', 'question_sets/support_desk.yaml', ?, 14.0, ?)",
        [run_id, SUITE, f"suite{run_id:011d}", []],
    )
    for fixture, digest, error in (
        ("search_tickets", "2432c270bddc0385", None),
        ("rate_limited", "0eabf3481c26ad51", "rate_limited"),
    ):
        con.execute(
            "INSERT INTO run_fixtures VALUES (?, ?, ?, ?, ?)",
            [run_id, SUITE, fixture, digest, error],
        )
    for projection, keeps_sla in (("compact_v1", False), ("compact_v2", sla_kept)):
        answerable = 0
        for question, (weight, text, needs) in QUESTIONS.items():
            ok = keeps_sla or "sla_due_at" not in needs
            answerable += ok
            con.execute(
                "INSERT INTO question_results VALUES (?, ?, ?, ?, ?, ?, ?)",
                [run_id, SUITE, projection, question, text, weight, ok],
            )
            for name in needs:
                dropped = name == "sla_due_at" and not keeps_sla
                con.execute(
                    "INSERT INTO need_results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [run_id, SUITE, projection, question, name,
                     "dropped" if dropped else "ok",
                     "the projection drops it" if dropped else "carried as is",
                     "dropped" if dropped else "kept",
                     [] if dropped else [f"tickets[].{name}"],
                     "minute" if name == "sla_due_at" else None, False],
                )  # fmt: skip
        coverage = sum(
            w for w, _, n in QUESTIONS.values() if keeps_sla or "sla_due_at" not in n
        ) / sum(w for w, _, _ in QUESTIONS.values())
        con.execute(
            "INSERT INTO projection_results VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)",
            [run_id, SUITE, projection, f"projections.support_desk:{projection}",
             f"{projection}-{run_id}", coverage, answerable, len(QUESTIONS)],
        )  # fmt: skip
        for name, source in SOURCES.items():
            dropped = name == "sla_due_at" and not keeps_sla
            con.execute(
                "INSERT INTO lineage VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'text', NULL, ?)",
                [run_id, SUITE, projection, source, name,
                 "dropped" if dropped else "kept", "", [] if dropped else [f"tickets[].{name}"],
                 name == "ticket_id"],
            )  # fmt: skip
        con.execute(
            "INSERT INTO costs VALUES (?, ?, ?, 'search_tickets', ?, ?, ?, ?, ?)",
            [run_id, SUITE, projection, 900 + 40 * run_id, 3600, 90.0, 0.25, 900],
        )
    con.execute(
        "INSERT INTO findings VALUES (?, 'error-hidden', 'error', ?, 'compact_v1', 'rate_limited', '', ?)",
        [run_id, SUITE, "the error response becomes an empty list"],
    )


def main() -> None:
    """Write the v1 store, replacing an earlier one."""
    for stale in (OUT, OUT.with_name(OUT.name + ".wal")):
        stale.unlink(missing_ok=True)
    # 16 KiB blocks keep this tiny store at a few hundred KB instead of megabytes.
    con = duckdb.connect(
        str(OUT),
        config={"storage_compatibility_version": "v1.2.0", "default_block_size": "16384"},
    )
    try:
        con.execute(SCHEMA_V1)
        con.execute(
            "INSERT INTO projeval_meta VALUES ('schema_version', '1'), ('created_by', '0.1.0.dev1')"
        )
        _run(con, 1, datetime(2026, 11, 20, 9, 30), sla_kept=False)
        _run(con, 2, datetime(2026, 11, 21, 9, 30), sla_kept=True)
        con.execute("CHECKPOINT")
    finally:
        con.close()
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
