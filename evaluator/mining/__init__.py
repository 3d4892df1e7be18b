"""Question sets from recorded traces: a draft suite for one tool, or a merge into a suite.

:func:`mine_questions` reads the traces once (it counts no tokens) and keeps,
for every user question whose turn called the tool, what the agent did with
that turn's results of the tool (a turn answering the agent's question serves the request
it continues: :func:`~projeval.traces.turns.request_answered`; when the tool writes, the
latest request whose agent's ask was still open, since a write answers no information
question). Questions that differ only in ids and
numbers (``Who owns tkt_3e7b91a0?``) are one distinct question; distinct
questions are grouped by :func:`projeval.traces.drift.similarity` with
leader clustering: most frequent first (then alphabetically), each joins the
group whose leader it is most similar to at or above the threshold (ties: the
older group), else leads a new one. Word 3-grams that many users' questions
share (:func:`~projeval.mining.miner.shared_phrases`) are left out of the
comparison when both texts keep a few words without them: those of the whole corpus,
then those of each group, which is grouped again until none parts
(:func:`~projeval.mining.miner.group_questions`), so a template one part of the corpus
shares (one benchmark's of several) holds no group together either. A group's weight is
how many conversations asked its questions; its text is its leader's most
frequent spelling. Paths are generalised over instance ids
(:func:`projeval.paths.generalise_instances`).

Evidence: a group *needs* the field at a schema path when, in its turns,

1. **quoted**: an assistant message after the tool's result quotes a value of
   that result. Case is ignored; a prefixed id also matches its short form
   (``tkt_3e7b91a0``); an ISO time also matches its date (``2024-05-22``,
   ``May 22``, ``22 May``: day precision) and its time of day (``13:45``:
   minute precision; ``13:45:07``: second). Text with spaces matches on its
   first 24 characters, and the words inside quoted text are not values
   themselves. A quoted form found at several schema paths of the result is
   ambiguous and counts for none. Short or common values (under 4
   characters, integers under 1000, booleans, plain words such as ``phone``
   and the words of :data:`projeval.traces.values.COMMON_VALUES` such as
   ``yes``, ``open``) count only when they sit at one single place in the
   result (``meta.page.total``). What the user wrote in the question is not
   evidence.
2. **passed on** (a follow-up lookup): a later call in the turn passes a value
   whose first source is the tool's result (the rule of
   :mod:`projeval.traces.metrics`). The need is ``readable: true``: the agent
   needed what the handle stands for (an assignee's name, not ``usr_…``).
3. **hedged, field absent**: the answer hedges (the hedge lexicon), the turn's
   results lack a path that other results of the tool in the traces (or a
   reference suite's field dictionary) have, and a word of that path's last
   key (``sla`` of ``sla_due_at``; the owner's key for a generic ``id``) is a
   content word of the question.
4. **hedged, suite question**: with a reference suite, the hedged question
   matches one of its questions (the same similarity and threshold): that
   question's needs absent from the turn's results are evidence, with the
   suite's precision and readability.

A need is kept when its evidence covers at least ``min_support`` of the
group's conversations (and at least one). A time need's precision is the
finest a quote showed. Field names come from a reference suite's field
dictionary where a field's path matches, else from the path (``sla_due_at``;
``assignee_id`` for ``...assignee.data.id``).

:func:`merge_suite` edits a suite's text (see its rules): matched questions
get new weights, new groups and fields are appended, every other byte stays.
The library never prints or exits.
"""

from __future__ import annotations

from .answers import PHRASE_PREFIX, build_quotes, quoted
from .draft import question_lines, render_draft
from .evidence import Evidence, MinedNeed, MinedQuestion, MinedSuite, MiningError
from .merge import MergeResult, merge_suite
from .miner import (
    DEFAULT_MIN_SUPPORT,
    DEFAULT_THRESHOLD,
    MAX_EXAMPLES,
    cluster,
    field_name,
    mine_questions,
    question_key,
    slug,
)

__all__ = [
    "DEFAULT_MIN_SUPPORT",
    "DEFAULT_THRESHOLD",
    "MAX_EXAMPLES",
    "PHRASE_PREFIX",
    "Evidence",
    "MergeResult",
    "MinedNeed",
    "MinedQuestion",
    "MinedSuite",
    "MiningError",
    "build_quotes",
    "cluster",
    "field_name",
    "merge_suite",
    "mine_questions",
    "question_key",
    "question_lines",
    "quoted",
    "render_draft",
    "slug",
]
