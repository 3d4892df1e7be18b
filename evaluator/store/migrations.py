"""The frozen schema migrations: how an older store is brought to the current version."""

from __future__ import annotations

# Migrations, frozen: _MIGRATIONS[n] takes a store from version n to n + 1. Never
# edit one after release; a later change gets a new entry.
_MIGRATIONS: dict[int, str] = {
    1: """
ALTER TABLE runs ADD COLUMN tokenizer VARCHAR;
ALTER TABLE findings ADD COLUMN field VARCHAR;
CREATE TABLE trace_summaries (
    run_id INTEGER NOT NULL,
    trace_id VARCHAR,
    source_file VARCHAR,
    format VARCHAR,
    turns INTEGER,
    tool_calls INTEGER,
    followups INTEGER,
    duplicates INTEGER,
    hedges INTEGER,
    result_tokens BIGINT,
    billed_input_tokens BIGINT,
    recorded_input_tokens BIGINT
);
CREATE TABLE followups (
    run_id INTEGER NOT NULL,
    trace_id VARCHAR,
    source_file VARCHAR,
    turn INTEGER,
    producer_tool VARCHAR,
    producer_path VARCHAR,
    consumer_tool VARCHAR,
    consumer_arg VARCHAR,
    value VARCHAR,
    duplicate BOOLEAN
);
CREATE TABLE hedges (
    run_id INTEGER NOT NULL,
    trace_id VARCHAR,
    source_file VARCHAR,
    turn INTEGER,
    phrase VARCHAR,
    language VARCHAR,
    excerpt VARCHAR,
    question_id VARCHAR
);
""",
    2: """
CREATE TABLE run_documents (
    run_id INTEGER NOT NULL,
    document VARCHAR NOT NULL
);
""",
    3: """
ALTER TABLE trace_summaries RENAME COLUMN source_file TO file;
ALTER TABLE trace_summaries RENAME COLUMN tool_calls TO calls;
ALTER TABLE followups RENAME COLUMN source_file TO file;
ALTER TABLE hedges RENAME COLUMN source_file TO file;
ALTER TABLE hedges RENAME COLUMN excerpt TO sentence;
""",
    4: """
ALTER TABLE followups ADD COLUMN kind VARCHAR;
ALTER TABLE trace_summaries ADD COLUMN errors INTEGER;
ALTER TABLE trace_summaries ADD COLUMN retries INTEGER;
ALTER TABLE trace_summaries ADD COLUMN lookups INTEGER;
ALTER TABLE trace_summaries ADD COLUMN actions INTEGER;
""",
}
