"""The store's schema: its version and the DDL of a new store, table by table."""

from __future__ import annotations

from ..traces.columns import STORED_TABLES, Table


def trace_table_ddl(table: Table) -> str:
    """``CREATE TABLE`` of a trace table, from its declaration: ``run_id``, then ``stored``."""
    lines = ["    run_id INTEGER NOT NULL"]
    lines += [f"    {c.name} {c.sql_type}" for c in table.store_columns()]
    body = ",\n".join(lines)
    return f"-- {table.doc}\nCREATE TABLE {table.store_table} (\n{body}\n);\n\n"


# Schema changelog (bump SCHEMA_VERSION and add a _MIGRATIONS entry for every change):
#   1  projeval 0.1.0 dev: runs, run_suites, run_fixtures, projection_results,
#      question_results, need_results, lineage, costs, findings.
#   2  trace tables trace_summaries, followups and hedges; runs.tokenizer;
#      findings.field.
#   3  run_documents: the run's whole JSON document (score, cost, findings,
#      traces), so a report can be rendered for any recorded run.
#   4  the trace tables name their columns as the trace analysis does (declared
#      in traces/columns.py): source_file -> file, trace_summaries.tool_calls ->
#      calls, hedges.excerpt -> sentence (the hedging sentence; rows recorded before
#      hedges had sentences hold the match's context there).
#   5  lookups versus actions and tool errors: followups.kind (read, write or
#      null), trace_summaries.errors, retries, lookups and actions (null in runs
#      recorded before).
SCHEMA_VERSION = 5

# The current schema, used as is for a new store. Times are UTC (TIMESTAMP
# without a zone, so reading never depends on the session's time zone).
# Precision is VARCHAR because a need asks for either a time unit ("minute") or
# a character count ("120"). Only runs and run_suites carry primary keys: the
# writer builds every other table from one run's in-memory objects, and an ART
# index on the result tables would slow bulk writes without speeding the
# run_id-filtered reads (DuckDB prunes those with its per-row-group min/max).
SCHEMA = (
    """
CREATE TABLE projeval_meta (
    key VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

-- One row per recorded run.
CREATE TABLE runs (
    run_id INTEGER PRIMARY KEY,
    started_at TIMESTAMP NOT NULL,
    projeval_version VARCHAR NOT NULL,
    git_commit VARCHAR,
    git_dirty BOOLEAN,
    tokenizer VARCHAR
);

-- The suites scored in a run, with the digest of the suite file.
CREATE TABLE run_suites (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    tool VARCHAR,
    file VARCHAR,
    digest VARCHAR,
    total_weight DOUBLE,
    diagnostics VARCHAR[],
    PRIMARY KEY (run_id, suite)
);

-- Each fixture of a suite in a run, with its content digest.
CREATE TABLE run_fixtures (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    fixture VARCHAR NOT NULL,
    digest VARCHAR,
    error VARCHAR
);

-- One row per projection of a suite in a run; coverage is NULL when it failed.
CREATE TABLE projection_results (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    projection VARCHAR NOT NULL,
    target VARCHAR,
    digest VARCHAR,
    coverage DOUBLE,
    answerable INTEGER,
    questions_total INTEGER,
    error VARCHAR,
    error_kind VARCHAR
);

CREATE TABLE question_results (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    projection VARCHAR NOT NULL,
    question VARCHAR NOT NULL,
    text VARCHAR,
    weight DOUBLE,
    answerable BOOLEAN
);

-- The status of each field a question needs, per projection.
CREATE TABLE need_results (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    projection VARCHAR NOT NULL,
    question VARCHAR NOT NULL,
    field VARCHAR NOT NULL,
    status VARCHAR NOT NULL,
    detail VARCHAR,
    lineage VARCHAR,
    outputs VARCHAR[],
    precision VARCHAR,
    readable BOOLEAN
);

-- Where each source field lands in a projection's output.
CREATE TABLE lineage (
    run_id INTEGER NOT NULL,
    suite VARCHAR NOT NULL,
    projection VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    field VARCHAR,
    status VARCHAR NOT NULL,
    detail VARCHAR,
    outputs VARCHAR[],
    kind VARCHAR,
    precision VARCHAR,
    opaque BOOLEAN
);

-- Token cost of a projection's output per fixture.
CREATE TABLE costs (
    run_id INTEGER NOT NULL,
    suite VARCHAR,
    projection VARCHAR,
    fixture VARCHAR,
    tokens BIGINT,
    bytes BIGINT,
    tokens_per_item DOUBLE,
    ratio_to_raw DOUBLE,
    estimate_bytes4 BIGINT
);

-- Contract findings; field is the field-dictionary name when one applies.
CREATE TABLE findings (
    run_id INTEGER NOT NULL,
    rule VARCHAR,
    severity VARCHAR,
    suite VARCHAR,
    projection VARCHAR,
    fixture VARCHAR,
    path VARCHAR,
    message VARCHAR,
    field VARCHAR
);

"""
    + "".join(trace_table_ddl(t) for t in STORED_TABLES)
    + """
-- The run's whole document, as ``projeval run --format json`` writes it.
CREATE TABLE run_documents (
    run_id INTEGER NOT NULL,
    document VARCHAR NOT NULL
);
"""
)

#: Tables that hold a run's rows, in the order a run is written.
RUN_TABLES = (
    "runs",
    "run_suites",
    "run_fixtures",
    "projection_results",
    "question_results",
    "need_results",
    "lineage",
    "costs",
    "findings",
    "trace_summaries",
    "followups",
    "hedges",
    "run_documents",
)
