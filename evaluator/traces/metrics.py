"""Per-trace metrics: tokens, billed input, duplicates, retries, errors, follow-ups, hedges.

A *follow-up* is a tool call whose arguments hold a value that first appeared in
an earlier tool result of the same trace. A follow-up to a tool that reads is a
*lookup* (the agent had to call again because the result gave it a handle
instead of the fact); one to a tool that writes is an *action* passing on an id
it was given (see :mod:`projeval.traces.actions`). A value the user or system
said first (in any spelling: ``May 27`` for ``2024-05-27``), or one the agent
itself passed to an earlier call before a result echoed it back, is not
credited to a result, nor is a day the agent picked (``2026-07-01`` for "from July")
that a result holds among many days under one path (a calendar: a daily timeline, a
forecast, an availability list), as it would hold any other, nor a day the user picked
from those a result offered ("the 15th", "May 15": the user typed it). The producing result's JSON path is kept with list
indices generalised to ``[]`` (and the keys of id-keyed maps to ``*``), so it
can be matched against a suite's field dictionary. Short and common values
(under 4 characters but for short codes, booleans, integers under 1000,
floats, words like ``open``) are ignored: they recur by chance.

A call that repeats an earlier call (same tool, same canonical arguments) is a
*duplicate*, unless the earlier one's result was an error: then it is a *retry*. A
*signal* (a call with no arguments that gets no value back, ``memory_finish_edits()`` ->
``None``, to a tool not known to read) given again after other calls or after a new
message to the agent (a user's turn, a system's hand-off) is neither: it looked nothing up.

*Billed input* is what the conversation costs when every model call re-sends
everything so far: the sum, over model calls, of the tokens of all messages
before that call. Counts are of content only (per-message framing and tool
definitions vary by provider and are left out); the recorded usage sits
beside it where the trace has one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from ..tokens import count_many
from .actions import (
    READ,
    WRITE,
    ToolKinds,
    command_programs,
    from_directory,
    is_error_text,
    is_handoff,
    name_words,
)
from .claims import (
    NO_ARITHMETIC,
    Claim,
    ListArithmetic,
    amount_in_text,
    claims,
    code_of_letters,
    count_in,
    date_from_held,
    date_in_text,
    duration_in_fields,
    duration_in_text,
    duration_of,
    durations_in,
    epoch_clocks_in,
    epoch_days_in,
    initials_in,
    is_amount_form,
    listed_items,
    minor_amounts_in,
    minor_units_held,
    name_squeezed_in,
    number_in,
    prices_in,
    spoken_length,
    squeeze,
    time_in_text,
    total_of,
    totals_in,
    ungrounded,
    worked_amount,
)
from .events import Event, Trace, Usage, canonical_args
from .headers import notes_call, plan_mode_switch
from .hedges import Lexicon, ResultsRead, find_hedges, sentence_span
from .turns import agent_context, classify_turn
from .values import (
    MAX_VALUE_LENGTH,
    HeldValues,
    ResultIndex,
    Where,
    arg_leaves,
    date_spellings,
    day_said_alone,
    first_source,
    in_words,
    is_code,
    is_day,
    key_of,
    worth,
)
from .wrappers import user_words

#: Most prices the earlier results may hold for a difference of two to hold an amount.
_DIFFERENCE_PRICES = 16


def _positive_amount(form: str) -> Decimal | None:
    """The amount an amount's plain form gives ("1,200" is 1200), or None for one that is
    not a number or not above zero."""
    try:
        value = Decimal(form.replace(",", ""))
    except InvalidOperation:
        return None
    return value if value > 0 else None


_ARGS_CACHE_MAX = 20_000
# User turns remembered with their class (TraceAnalyser._turn_class); the distinct pairs of
# a corpus's turns and the agent messages before them are far fewer on most corpora.
_TURNS_CACHE_MAX = 20_000
# Fewest characters of a call's raw arguments that may hold a prose argument
# (:func:`is_prose`): "{"a":"` and six one-letter words with their spaces and a stop, or
# "{"note":"` and three words, one of them a value worth tracking.
_PROSE_RAW_CHARS = 16
_ERROR_MEMO_MAX = 100_000
_SPLIT = re.compile(r"[\s,;:=()\"'<>\[\]{}|]+")


class TokenCache:
    """Token counts by text, so each distinct text is tokenized once.

    Keyed by ``(hash, length)`` rather than by the text, so the cache does not
    keep every text of a large corpus alive.
    """

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding
        self.counts: dict[tuple[int, int], int] = {}

    @staticmethod
    def key(text: str) -> tuple[int, int]:
        """The cache key of ``text``."""
        return hash(text), len(text)

    def claim(self, texts: Iterable[str]) -> list[str]:
        """The distinct texts not counted yet; they are marked as in flight."""
        out: list[str] = []
        counts = self.counts
        for text in texts:
            k = (hash(text), len(text))
            if k not in counts:
                counts[k] = -1
                out.append(text)
        return out

    def fill(self, texts: list[str], counts: list[int]) -> None:
        """Store the counts of texts returned by :meth:`claim`."""
        for text, n in zip(texts, counts, strict=True):
            self.counts[(hash(text), len(text))] = n

    def count(self, texts: list[str]) -> list[int]:
        """Counts of ``texts``, tokenizing the new ones now (single-threaded path)."""
        new = self.claim(texts)
        if new:
            self.fill(new, count_many(new, self.encoding))
        return [self.counts[(hash(t), len(t))] for t in texts]

    def get(self, text: str) -> int:
        """The count of a text already filled."""
        return self.counts[(hash(text), len(text))]


def unbilled_tail(events: list[Event]) -> int:
    """Where the last model call starts: no model call re-reads what comes from here on.

    The tokens of those events reach no billed-input count; of them only tool
    results are counted (``result_tokens``), unless every event's tokens are
    wanted (the events table). ``len(events)`` when no model call is recorded.
    """
    i = len(events) - 1
    while i >= 0 and events[i].role != "assistant":
        i -= 1
    if i < 0:
        return len(events)
    msg = events[i].msg
    while i > 0 and events[i - 1].msg == msg:
        i -= 1
    return i


def event_texts(ev: Event) -> Iterator[str]:
    """The texts an event puts into the prompt: its text, or a call's name and arguments."""
    if ev.kind == "call":
        if ev.tool:
            yield ev.tool
        if ev.args_raw:
            yield ev.args_raw
    elif ev.text:
        yield ev.text


@dataclass(slots=True)
class TraceMetrics:
    """Everything measured on one trace, as rows for the result tables."""

    summary: dict[str, Any]
    calls: list[tuple[Any, ...]] = field(default_factory=list)
    followups: list[tuple[Any, ...]] = field(default_factory=list)
    hedges: list[tuple[Any, ...]] = field(default_factory=list)
    turns: list[tuple[Any, ...]] = field(default_factory=list)
    claims: list[tuple[Any, ...]] = field(default_factory=list)
    suite_tools: set[str] = field(default_factory=set)  # the suites' tools it called
    result_paths: dict[str, set[str]] = field(default_factory=dict)


# The rows below are tuples in the column order of columns.py's tables (CALLS,
# FOLLOWUPS, HEDGES, TURNS; the summary dict has SUMMARY's keys).


#: For each argument of a call, the values a follow-up is looked up by, in order.
LookupPlan = tuple[tuple[str, tuple[str, ...]], ...]


# An argument that sets how a call runs rather than what it is about: a wait, a bound, a
# size (``timeout=30000``, ``max_results``, ``page_size``, ``delay_ms``). The agent picks its
# number; a result that printed the same number ("took 30000 ms") did not feed it.
# A bound that names an id (Twitter's ``max_id``, ``since_id``) pages by a result's value.
_SETTING = re.compile(
    r"(?!\w*_?id$)(?:(?:timeout|delay|interval|retries|limit|page_?size|temperature|top_[kpn]|"
    r"depth|max(?:imum)?|min(?:imum)?)(?:_\w+)?|\w+_(?:limit|timeout|ms|millis|seconds|secs|"
    r"size|max|min))",
    re.IGNORECASE,
)
_NUMERAL = re.compile(r"\d+")


def setting_number(argument: str, raw: Any) -> bool:
    """Whether ``raw`` is a number given to an argument that sets how the call runs
    (``timeout``, ``max_results``, ``page_size``...), never a value copied from a result."""
    if type(raw) is not int and (type(raw) is not str or _NUMERAL.fullmatch(raw) is None):
        return False
    return _SETTING.fullmatch(argument.rpartition(".")[2]) is not None


# Where and in what a command runs: its folder (Codex's exec_command ``workdir``, ``cwd``,
# ``working_directory``), its shell, the sandbox it asks for. The value cannot tell these
# from substance (a path is what a file tool's call is about) and most recordings keep no
# tool schema that would mark them optional (Codex rollouts keep none), so the names that
# say so are listed here, the one place besides _SETTING that tells a knob by its name.
_RUN_CONTEXT = re.compile(r"work(?:ing)?_?dir(?:ectory)?|cwd|shell|sandbox(?:_\w+)?", re.IGNORECASE)


def is_setting(argument: str, raw: Any) -> bool:
    """Whether an argument's value sets how the call runs rather than what it is about: a
    number given to a setting (:func:`setting_number`: ``timeout_ms``, ``yield_time_ms``,
    ``max_output_tokens``), a switch (any boolean: ``tty``, ``login``), or where and in
    what it runs (:data:`_RUN_CONTEXT`: ``workdir``, ``shell``)."""
    if type(raw) is bool:
        return True
    name = argument.rpartition(".")[2]
    if type(raw) is str and _RUN_CONTEXT.fullmatch(name) is not None:
        return True
    return setting_number(argument, raw)


#: Fewest words of an argument written as prose (:func:`is_prose`).
PROSE_WORDS = 6
#: Fewest words of prose in an argument named as what the agent tells (a ``summary``).
PROSE_TELLING_WORDS = 3
# A sentence ends (a full stop, question or exclamation mark, then maybe a closing quote or
# bracket) at the end of the text, or another starts after one.
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*$|[.!?][\"')\]]* +[A-Z]")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_CJK_SENTENCE_END = re.compile(r"[。！？]")
#: Fewest Chinese characters of a prose argument written without spaces.
PROSE_CJK_CHARS = 10
_WORD_EDGES = ".,;:!?\"'()[]"
# Words that join a sentence and that a list of search keywords, a name or an address
# rarely holds two of: "User asks for a refund of order #W2378156, delivered" is prose.
_FUNCTION_WORDS = frozenset(
    ["a", "an", "the", "to", "of", "for", "and", "but", "is", "are", "was", "were", "be",
     "been", "has", "have", "had", "it", "its", "they", "their", "this", "that", "with",
     "not", "wants", "would", "will", "can", "could", "should", "i", "we", "you", "he",
     "she", "his", "her", "my", "our", "your", "on", "at", "from", "by", "as", "if", "or",
     "so"]
)  # fmt: skip
# Arguments whose text is a query or an instruction to another agent (search_web's query,
# Claude Code's Task prompt): written as a sentence or not, an id in it is the input the
# search or the agent works from.
_INPUT_WORDS = frozenset(
    ["query", "q", "search", "question", "prompt", "task", "instruction", "instructions",
     "request", "input", "goal", "objective", "keywords"]
)  # fmt: skip
# Arguments named as what the agent tells of the case (a handoff's summary, a refund's
# reason, a log's note): a short phrase in them ("User wants refund for order W123",
# "Refund asked for W456") is told, not handed over. Not a "description" (what a search
# for a lost item works from) nor a "message" (an instruction to another agent, too).
_TELLING_WORDS = frozenset(
    ["summary", "reason", "note", "notes", "comment", "comments", "explanation",
     "justification", "rationale"]
)  # fmt: skip


def is_prose(value: str, *, telling: bool = False) -> bool:
    """Whether an argument's text is prose: :data:`PROSE_WORDS` words or more, at least half
    of them words of letters, ending with (or broken by) a full stop, question or
    exclamation mark, or holding two function words ("the", "for", "of"...); or Chinese
    text of sentences (``。``). A handoff's ``summary`` ("The customer wants to cancel
    reservation ABC123.", "User wants refund for order W123"), a ``reason`` or a ``note``
    is; a search query of keywords ("NHTSA 24V-554 Tesla recall"), an id, a name or an
    address is not. ``telling`` (an argument named as what the agent tells): from
    :data:`PROSE_TELLING_WORDS` words, one function word is enough ("Refund for W123")."""
    words = value.split()
    if len(words) < (PROSE_TELLING_WORDS if telling else PROSE_WORDS):
        return (
            _CJK_SENTENCE_END.search(value) is not None
            and len(_CJK.findall(value)) >= PROSE_CJK_CHARS
        )
    plain = [w.strip(_WORD_EDGES) for w in words]
    if 2 * sum(1 for w in plain if w.isalpha()) < len(words):
        return False
    if _SENTENCE_END.search(value.rstrip()) is not None:
        return True
    joins = len(_FUNCTION_WORDS.intersection(w.lower() for w in plain))
    return joins >= (1 if telling else 2)


def prose_argument(argument: str, value: str) -> bool:
    """Whether an argument's value is prose the agent wrote to tell something
    (:func:`is_prose`; shorter in an argument named ``summary``, ``reason``, ``note``...),
    not a query or an instruction an id in it is the input of (an argument named
    ``query``, ``prompt``, ``task``...)."""
    words = name_words(argument.rpartition(".")[2])
    if not _INPUT_WORDS.isdisjoint(words):
        return False
    return is_prose(value, telling=not _TELLING_WORDS.isdisjoint(words))


def lookup_plan(args: Any) -> LookupPlan:
    """Each argument worth tracking, with its value and then the parts of a compound
    value (``"usr_1, usr_2"``, ``"id=usr_1"``) worth tracking and not plain words; the
    first found counts. A number given to a setting (:func:`setting_number`) is not tracked.
    A short code (``JFK``) is tracked as it is. An argument written as prose
    (:func:`is_prose`: a handoff's summary, a reason) gives no parts: an id it quotes is
    what the agent read and tells, not a value it hands to the tool."""
    plan: list[tuple[str, tuple[str, ...]]] = []
    # The programs a shell command runs are its verbs, not values handed to it.
    verbs = command_programs(args)
    for argument, raw in arg_leaves(args):
        if setting_number(argument, raw):
            continue
        value = worth(raw)
        if value is None:
            if is_code(raw):
                plan.append((argument, (str(raw),)))
            continue
        candidates = [value] if value not in verbs else []
        if isinstance(raw, str) and _SPLIT.search(value) and not prose_argument(argument, value):
            # Parts that look like handles only: a plain word of a free-text query
            # ("passport", "https") recurs in prose by chance, not as a copied value.
            candidates += [
                t
                for t in _SPLIT.split(value)
                if not t.isalpha() and t not in verbs and worth(t) is not None
            ]
        if candidates:
            plan.append((argument, tuple(candidates)))
    return tuple(plan)


def echo_parts(args: Any) -> tuple[str, ...]:
    """The parts a follow-up is looked up by (as :func:`lookup_plan` splits a value) of the
    arguments too long to be tracked themselves (a block of code, a long query) or written
    as prose (:func:`is_prose`): no follow-up is looked up by them, but a value the agent
    wrote in them and a result echoed back (a traceback quoting the code) is the agent's
    own, not the result's."""
    out: list[str] = []
    for argument, raw in arg_leaves(args):
        if isinstance(raw, str) and (
            len(raw) > MAX_VALUE_LENGTH
            or (_SPLIT.search(raw) is not None and prose_argument(argument, raw))
        ):
            out += [t for t in _SPLIT.split(raw) if not t.isalpha() and worth(t) is not None]
    return tuple(out)


class TraceAnalyser:
    """Measures finished traces whose event tokens are known."""

    def __init__(
        self,
        tokens: TokenCache,
        lexicon: Lexicon,
        tools: Iterable[str] = (),
        kinds: ToolKinds | None = None,
        tool_text: Iterable[tuple[str, str]] = (),
    ) -> None:
        self.tokens = tokens
        self.lexicon = lexicon
        self.tools = frozenset(tools)  # tools with a suite: remember their result paths
        self.kinds = kinds if kinds is not None else ToolKinds()
        # What the given tools' definitions state (``name -> text``), and all of it as
        # Grounds searches it: built once, joined again only for a trace that records
        # definitions of its own.
        self.tool_text = dict(tool_text)
        self._stated = stated_text(self.tool_text)
        # Leaf paths are asked for only of a suite tool's results.
        self.leaf_index = ResultIndex(paths=bool(self.tools))
        self._args: dict[str, tuple[str | None, LookupPlan, tuple[str, ...]]] = {}  # see _arguments
        self._turns: dict[tuple[str, str], str] = {}  # see _turn_class
        # Whether a result's text reads as an error (is_error_text), by TokenCache key.
        self._error_texts: dict[tuple[int, int], bool] = {}
        # False (summary mode): leave TraceMetrics.calls empty, and read only the tokens a
        # reported number reads (see unbilled_tail); True: every event's row is kept.
        self.keep_events = True

    def measure(self, trace: Trace) -> TraceMetrics:
        """All metrics of one trace; also fills each event's ``tokens`` and ``context_tokens``.

        One pass over the events, in order (this runs once per event of the
        corpus): tokens, billed input, duplicates and follow-ups, hedges, and
        the per-turn and per-trace counts.
        """
        events = trace.events
        counts = self.tokens.counts
        file, tid = trace.file, trace.trace_id
        m = TraceMetrics(summary={})
        followup_rows, hedge_rows, turn_rows = m.followups, m.hedges, m.turns
        keep_events = self.keep_events
        # Billing: only a trace that records a conversation (not an MCP log) is billed.
        billing = any(e.kind == "message" and e.text is not None for e in events)
        before = current_tokens = billed = model_calls = 0
        current: int | None = None
        called = False  # whether the current message's model call is counted yet
        # Follow-ups: earlier results in order, with their value index (None: not JSON,
        # matched as text), and what the user and system said (not a tool's handle).
        earlier: list[tuple[Event, dict[str, str] | None]] = []
        known_text: list[str] = []
        said, said_parts, said_lower = "", 0, ""
        wrote: list[tuple[int, str, str]] = []  # the agent's own texts: seq, text, lower-cased
        first_call: dict[tuple[str | None, str | None], int] = {}
        last_call: dict[tuple[str | None, str | None], Event] = {}
        last_try: dict[str | None, Event] = {}  # each tool's latest call
        last_write = -1  # seq of the trace's latest call to a tool that writes
        last_seen = -1  # seq of the trace's latest call, to any tool
        last_told = -1  # seq of the latest message the agent was given (a user's or system's)
        # The latest handoff to another agent: its tool and arguments, since one tool may
        # name the agent in its arguments (Google ADK's transfer_to_agent(agent_name=...)).
        last_handoff: tuple[str | None, str | None] | None = None
        argued: dict[str, int] = {}  # values the agent passed -> seq of the first call
        n_followups = duplicates = retries = lookups = actions = 0
        kind_of, trace_hints = self.kinds.call_kind, trace.tool_hints
        # Counts for the summary.
        messages = n_calls = n_results = errors = unanswered = orphans = result_tokens = 0
        usages: list[Usage] = []
        # The open turn: [number, question, class, calls, follow-ups, hedged messages, answer].
        turn: list[Any] | None = None
        # Turns with a follow-up lookup: an action passing on an id it was given (cancelling
        # the order just found) is the ordinary use of an id and flags no turn.
        lookup_turns: set[int] = set()
        index_of, arguments = self.leaf_index.of, self._arguments
        error_texts = self._error_texts
        claim_rows = m.claims
        # Hedges read the results since the model last wrote; claims everything read
        # before (Grounds).
        read = ResultsRead()
        stated = self._stated
        if trace.tool_text:  # the trace's own definitions over the given ones, by name
            stated = stated_text({**self.tool_text, **trace.tool_text})
        grounds = Grounds(earlier, known_text, stated)
        previous = ""  # the last assistant text: what the next user turn replies to
        tools = self.tools
        # Past the last model call only results' tokens are read (unless all are kept).
        tail = len(events) if keep_events else unbilled_tail(events)
        for i, ev in enumerate(events):
            kind, text, turn_no = ev.kind, ev.text, ev.turn
            if i >= tail and kind != "result":
                n = ev.tokens
            elif kind == "call":
                n = 0
                if ev.tool:
                    n = counts[(hash(ev.tool), len(ev.tool))]
                if ev.args_raw:
                    n += counts[(hash(ev.args_raw), len(ev.args_raw))]
                ev.tokens = n
            elif text:
                text_key = (hash(text), len(text))
                n = ev.tokens = counts[text_key]
            else:
                n = ev.tokens
            if billing:
                if ev.msg != current:
                    before += current_tokens
                    current, current_tokens, called = ev.msg, 0, False
                if ev.role == "assistant" and not called:
                    # The model call that wrote the message: at its first event the model
                    # wrote (a compaction's summary, a hosted tool's output may open it).
                    ev.context_tokens = before
                    billed += before
                    model_calls += 1
                    called = True
                current_tokens += n
            if ev.usage is not None:
                usages.append(ev.usage)
            if turn_no > 0 and (turn is None or turn[0] != turn_no):
                if turn is not None:
                    if turn[2] == "request":
                        # Whether the agent left the request's ask open: a later answer
                        # that writes serves it (findings, turns.request_answered).
                        turn[7] = agent_context(previous) == "solicit"
                    turn_rows.append((file, tid, *turn))
                # A turn starts at its user message, so that is its first event. Its class,
                # and the question drift matches, are of the user's words: without what a
                # harness wraps around them (a <system-reminder>, a chat bridge's headers).
                question = (
                    user_words(text) if ev.role == "user" and kind == "message" and text else None
                )
                cls = self._turn_class(question, previous) if question else "other"
                turn = [turn_no, question or "", cls, 0, 0, 0, False, False, None]
            if kind == "message":
                messages += 1
                role = ev.role
                if role == "user" or role == "system":
                    last_told = ev.seq
                    if text:
                        known_text.append(text)
                        if role == "user":
                            # what the user asked decides some hedges (find_hedges' user)
                            read.user = user_words(text)
                elif role == "assistant" and text:
                    wrote.append((ev.seq, text, text.lower()))
                    hedged = self._model_text(ev, text, read, grounds, hedge_rows, claim_rows)
                    read.wrote()
                    previous = text
                    if turn is not None and turn_no > 0:
                        turn[8] = text
                        if hedged:
                            turn[5] += 1
            elif kind == "result":
                # The call that asked for it: what its record is of (hedges' records).
                link = ev.link
                read.add(text, events[link].args_raw if link is not None else None)
                n_results += 1
                result_tokens += n
                if ev.is_error:
                    errors += 1
                elif text and ev.structured is None:
                    # Results repeat (a user looked up again, a shared page): whether a
                    # text reads as an error is worked out once per distinct text.
                    error = error_texts.get(text_key)
                    if error is None:
                        if len(error_texts) >= _ERROR_MEMO_MAX:
                            error_texts.clear()
                        error = error_texts[text_key] = is_error_text(text)
                    if error:
                        ev.is_error = True
                        errors += 1
                elif is_error_text(text, ev.structured):
                    ev.is_error = True
                    errors += 1
                if ev.link is None:
                    orphans += 1
                built = index_of(ev)
                if built is None:
                    if text:
                        earlier.append((ev, None))
                    continue
                where, seen = built
                if ev.tool in tools:
                    m.result_paths.setdefault(ev.tool, set()).update(seen)
                earlier.append((ev, where))
            elif kind == "call":
                n_calls += 1
                if ev.link is None:
                    unanswered += 1
                if turn is not None and turn_no > 0:
                    turn[3] += 1
                if ev.tool in tools:
                    m.suite_tools.add(ev.tool)
                said_text = None
                if type(ev.args) is dict:  # text written into a think or answer tool
                    said_text = model_text_args(ev.tool, ev.args)
                    if said_text and (
                        self._model_text(
                            ev, said_text, read, grounds, hedge_rows, claim_rows, "tool"
                        )
                        and turn is not None
                        and turn_no > 0
                    ):
                        turn[5] += 1
                canon, plan, echo = arguments(ev)
                if said_text:
                    # The model's own writing (a think tool's thought naming the ids it
                    # read) hands no value to a lookup: no follow-up, and no argument a
                    # later result could echo.
                    plan = without_model_text(ev.tool, plan)
                    if is_think_tool(ev.tool):
                        echo = ()
                elif plan and asks_the_user(ev.tool):
                    # A question to the user (AskUserQuestion's options naming what a Task
                    # found): the model's writing, handed to no tool. Its arguments stay
                    # ones the user's answer may echo.
                    plan = ()
                key = (ev.tool, canon)
                dup_of = first_call.get(key)
                retry_of = None
                if dup_of is None:
                    first_call[key] = ev.seq
                    tried = last_try.get(ev.tool)
                    if (
                        tried is not None
                        and tried.link is not None
                        and events[tried.link].is_error
                        and corrects(tried, ev, events[tried.link].text)
                    ):
                        # The tool's last call failed and this one corrects it: a retry.
                        retry_of = tried.seq
                        retries += 1
                else:
                    before_call = last_call[key]
                    if before_call.link is not None and events[before_call.link].is_error:
                        # The last try failed: trying again is a retry, not a duplicate.
                        retry_of, dup_of = before_call.seq, None
                        retries += 1
                    elif is_handoff(ev.tool) and (
                        last_handoff != key or ev.turn > before_call.turn
                    ):
                        # Handed back to an agent after another had the conversation
                        # (orchestrator -> invoices -> orchestrator -> invoices), or in the
                        # user's next turn, which may start at the entry agent: routing.
                        dup_of = None
                    elif reran(before_call, ev, events) and (
                        kind_of(ev.tool, ev.args, trace_hints) != READ
                        or last_write > before_call.seq
                        or ev.turn > before_call.turn
                    ):
                        # Run again after a change (a test script after an edit; a lookup
                        # read back after a write changed what it reads, or checked again
                        # in a later user turn, "can you check it again?", and answered
                        # otherwise: a parcel's status moved on): not a wasted call.
                        dup_of = None
                    elif (
                        (last_told > before_call.seq or last_seen != before_call.seq)
                        and signals(canon, ev, events)
                        and kind_of(ev.tool, ev.args, trace_hints) != READ
                    ):
                        # A signal given again after other calls or after the agent was
                        # told something new, a user's turn or a system's message (Letta's
                        # sleep-time agents end each run over a hand-off with
                        # memory_finish_edits() -> None): it asks nothing and is told
                        # nothing, so it cannot be a lookup repeated; what it signals (this
                        # run's edits are done) is new.
                        dup_of = None
                    else:
                        duplicates += 1
                last_call[key] = ev
                last_try[ev.tool] = ev
                last_seen = ev.seq
                if is_handoff(ev.tool):
                    last_handoff = key
                call_kind = kind_of(ev.tool, ev.args, trace_hints)
                if call_kind == WRITE:
                    last_write = ev.seq
                    if ev.args_raw and "\\n" in ev.args_raw:  # a text of lines, JSON-escaped
                        grounds.wrote(ev.args)
                    if turn is not None and turn_no > 0:
                        turn[6] = True
                hits = None
                # The agent's own plan or to-do list (update_plan, TodoWrite) copies values
                # into notes: the harness's plumbing, no lookup nor action a result fed.
                if plan and earlier and not notes_call(ev.tool, ev.args):
                    if len(known_text) != said_parts:
                        said, said_parts = "\n".join(known_text), len(known_text)
                        said_lower = said.lower()
                    hits = followup_hits(plan, earlier, said, said_lower, argued, wrote)
                    if hits:
                        n_followups += 1
                        if call_kind == WRITE:
                            actions += 1
                        else:
                            lookups += 1
                        if turn is not None and turn_no > 0:
                            turn[4] += 1
                            if call_kind != WRITE:
                                lookup_turns.add(turn_no)
                        for argument, value, src in hits:
                            followup_rows.append(
                                (
                                    file,
                                    tid,
                                    ev.seq,
                                    ev.turn,
                                    ev.tool,
                                    argument,
                                    value,
                                    src[0],
                                    src[1],
                                    src[3],
                                    src[2],
                                    dup_of is not None,
                                    call_kind,
                                )
                            )
                for _argument, candidates in plan:
                    for cand in candidates:
                        argued.setdefault(cand, ev.seq)
                for part in echo:
                    argued.setdefault(part, ev.seq)
                if keep_events:
                    result = events[ev.link] if ev.link is not None else None
                    m.calls.append(
                        (
                            file,
                            tid,
                            ev.seq,
                            ev.msg,
                            ev.turn,
                            ev.tool,
                            ev.call_id,
                            ev.args_raw,
                            canon,
                            ev.link,
                            result.is_error if result else None,
                            result.tokens if result else None,
                            dup_of,
                            bool(hits),
                            call_kind,
                            retry_of,
                        )
                    )
        if turn is not None:
            turn_rows.append((file, tid, *turn))
        if keep_events:
            # A call's row is written before its result is read: whether the result is an
            # error (a text that reads as one, "KeyError: 'x'") is known only now.
            call_rows = m.calls
            for i, row in enumerate(call_rows):
                if row[9] is not None and events[row[9]].is_error != row[10]:
                    call_rows[i] = (*row[:10], events[row[9]].is_error, *row[11:])
        followup_turns = sum(1 for t in turn_rows if t[6] > 0)
        hedged_turns = sum(1 for t in turn_rows if t[7] > 0)
        flagged_turns = sum(1 for t in turn_rows if t[2] in lookup_turns or t[7] > 0)

        def total(attr: str) -> int | None:
            vals = [getattr(u, attr) for u in usages if getattr(u, attr) is not None]
            return sum(vals) if vals else None

        m.summary = {
            "file": file,
            "format": trace.format,
            "trace_id": tid,
            "line": trace.line,
            "events": len(events),
            "messages": messages,
            "turns": len(turn_rows),
            "model_calls": model_calls,
            "calls": n_calls,
            "results": n_results,
            "errors": errors,
            "unanswered_calls": unanswered,
            "orphan_results": orphans,
            "duplicates": duplicates,
            "retries": retries,
            "followups": n_followups,
            "lookups": lookups,
            "actions": actions,
            "followup_turns": followup_turns,
            "hedges": len(hedge_rows),
            "hedged_turns": hedged_turns,
            "flagged_turns": flagged_turns,
            "ungrounded_claims": len(claim_rows),
            "result_tokens": result_tokens,
            "billed_input_tokens": billed if billing else None,
            "recorded_input_tokens": total("input_total"),
            "recorded_output_tokens": total("output"),
            "recorded_cache_read_tokens": total("cache_read"),
            "recorded_cache_creation_tokens": total("cache_creation"),
            "recorded_model_calls": len(usages),
        }
        return m

    def _model_text(
        self,
        ev: Event,
        text: str,
        read: ResultsRead,
        grounds: Grounds,
        hedge_rows: list[tuple[Any, ...]],
        claim_rows: list[tuple[Any, ...]],
        source: str = "message",
    ) -> bool:
        """Hedges and ungrounded claims of one text the model wrote (an assistant message,
        or a ``"tool"``'s arguments); True if it hedged."""
        file, tid, seq, turn = ev.file, ev.trace_id, ev.seq, ev.turn
        found = ungrounded(text, grounds.held)
        worked = functools.partial(grounds.worked, text, found)
        hedges = find_hedges(
            self.lexicon,
            text,
            read.latest,
            source=source,
            other_results=read.others(),
            held_length=functools.partial(grounds.held, "duration"),
            held_amount=worked,
            records=read.records,
            user=read.user,
        )
        for h in hedges:
            hedge_rows.append(
                (
                    file,
                    tid,
                    seq,
                    turn,
                    h.phrase,
                    h.language,
                    h.match,
                    h.start,
                    h.end,
                    h.context,
                    h.kind,
                    h.sentence,
                )
            )
        for c in found:
            if c.kind == "amount" and worked(c.forms[0]):
                continue  # the message's own arithmetic from amounts read (Grounds.worked)
            claim_rows.append(
                (file, tid, seq, turn, c.kind, c.value, c.start, c.end, sentence_at(text, c.start))
            )
        return bool(hedges)

    def _turn_class(self, question: str, previous: str) -> str:
        """:func:`classify_turn` of a user turn after the agent's message ``previous``,
        remembered by the pair: a greeting, a confirmation or a user's first request recurs
        after the same agent message in many traces (half the turns of the bench corpus)."""
        key = (question, previous)
        cls = self._turns.get(key)
        if cls is None:
            if len(self._turns) >= _TURNS_CACHE_MAX:
                self._turns.clear()
            cls = self._turns[key] = classify_turn(question, previous=previous)
        return cls

    def _arguments(self, ev: Event) -> tuple[str | None, LookupPlan, tuple[str, ...]]:
        """A call's arguments in canonical spelling, the values a follow-up is looked up
        by, and the parts of those too long to track (:func:`echo_parts`); remembered by
        raw arguments, since calls repeat."""
        raw = ev.args_raw
        if raw is None or ev.args is None:
            return canonical_args(ev), (), ()
        known = self._args.get(raw)
        if known is None:
            if len(self._args) >= _ARGS_CACHE_MAX:
                self._args.clear()
            # Arguments as short as these hold no prose sentence (PROSE_WORDS words).
            echo = echo_parts(ev.args) if len(raw) > _PROSE_RAW_CHARS else ()
            known = self._args[raw] = (canonical_args(ev), lookup_plan(ev.args), echo)
        return known


#: Argument names whose text is the model's own writing (a think tool, an answer tool).
MODEL_TEXT_ARGUMENTS = frozenset(
    {
        "thought",
        "thoughts",
        "thinking",
        "reasoning",
        "reflection",
        "rationale",
        "final_answer",
        "answer",
        "explanation",
    }
)
# A think-style tool is named for the thinking: its first word ("think", "ThinkTool",
# "sequentialthinking", "scratchpad_write", "reflect_on_progress") or its last ("record_thought",
# "log_reasoning"), in the name's last namespace segment ("mcp__sequential-thinking__
# sequentialthinking"). A word inside a name that does something else is no such tool
# ("inspect_return_reason_intake": its item_id is a value handed to a lookup).
_THINK_FIRST = re.compile(r"\w*think\w*|thought|reasoning|reflect\w*|scratch\w*|notepad")
_THINK_LAST = re.compile(r"thoughts?|thinking|reasoning|reflection")
_NAMESPACE = re.compile(r"__|[./:]")


# Remembered by tool name (names repeat: it is asked of every call).
@functools.lru_cache(maxsize=4096)
def is_think_tool(tool: str | None) -> bool:
    """True when ``tool`` is named as a place the model writes its thoughts (``think``,
    ``reasoning``, ``scratchpad``...): every string argument is the model's writing."""
    words = name_words(_NAMESPACE.split(tool)[-1]) if tool else ()
    return bool(words) and (
        _THINK_FIRST.fullmatch(words[0]) is not None
        or _THINK_LAST.fullmatch(words[-1]) is not None
        or words == ("reason",)  # not "reason_for_return", a lookup
    )


def model_text_args(tool: str | None, args: dict[str, Any]) -> str | None:
    """The text a model wrote into a call's arguments: every string argument of a
    think-style tool (``think``, ``reasoning``...), or of an argument named like
    ``thought``, ``reasoning`` or ``final_answer``, or the ``plan`` a harness's plan mode
    is left with (Claude Code's ``ExitPlanMode``: :func:`~.headers.plan_mode_switch`);
    ``None`` when there is none."""
    thinking = is_think_tool(tool)
    if not thinking and MODEL_TEXT_ARGUMENTS.isdisjoint(args):
        plan = args.get("plan")
        if type(plan) is str and plan.strip() and plan_mode_switch(tool):
            # The plan is the model's own writing, as a think tool's thought is; only it
            # (not "planFilePath", where the harness keeps it).
            return plan
        return None  # most calls: no argument is the model's writing
    texts = [
        v
        for k, v in args.items()
        if type(v) is str and v.strip() and (thinking or k in MODEL_TEXT_ARGUMENTS)
    ]
    return "\n".join(texts) if texts else None


_ARGUMENT_HEAD = re.compile(r"[.\[]")
#: Who a tool that asks puts its question to (``AskUserQuestion``, ``ask_followup_question``,
#: ``ask_human``): the person the agent works for, not a service.
_ASKED = frozenset(("user", "human", "followup", "follow"))


# Remembered by tool name, as is_think_tool is: it is asked of most calls that pass a value on.
@functools.lru_cache(maxsize=4096)
def asks_the_user(tool: str | None) -> bool:
    """True when ``tool`` puts a question to the user (Claude Code's ``AskUserQuestion``,
    Cline's ``ask_followup_question``, ``ask_human``): its arguments are the question the
    model wrote, and what a result gave that it names there fetches nothing."""
    if not tool:
        return False
    words = name_words(_NAMESPACE.split(tool)[-1])
    return "ask" in words and not _ASKED.isdisjoint(words)


def without_model_text(tool: str | None, plan: LookupPlan) -> LookupPlan:
    """``plan`` without the arguments the model wrote as its own text (all of a think
    tool's or of a question to the user, an ``answer`` or ``thought`` argument's): an id it
    names there is what it read, not a value handed to a tool that looks something up."""
    if is_think_tool(tool) or asks_the_user(tool):
        return ()
    return tuple(
        (argument, candidates)
        for argument, candidates in plan
        if _ARGUMENT_HEAD.split(argument, 1)[0] not in MODEL_TEXT_ARGUMENTS
    )


# Hyphens a user's keyboard or phone types for "-" ("a 3‑day pass", U+2011): the claims'
# spellings use "-".
_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-"})


def stated_text(tool_text: dict[str, str]) -> str:
    """What tool definitions state (``name -> text``: :func:`~.actions.tool_statements`),
    as one lower-cased text with Unicode hyphens made ASCII, as :class:`Grounds` searches it."""
    text = "\n".join(tool_text.values()).lower()
    return text if text.isascii() else text.translate(_HYPHENS)


class Grounds:
    """What the agent had read so far in a trace, as :func:`~projeval.traces.claims.ungrounded`
    asks it: whether a spelling of a claimed value was held by a user or system message,
    a tool definition it was given (``stated``: :func:`stated_text`, read as the system
    prompt is) or a tool result. Ids and names are looked up first in one set of the values the
    results' indexes hold (the ones follow-ups use, short forms of ids included:
    :class:`~projeval.traces.values.HeldValues`); only a spelling not found there is
    searched in what the user and system said and in the results' text, joined once per
    trace and again only when new results arrived, and last (rarely needed: see
    :meth:`~projeval.traces.values.HeldValues.verbatim`) in the indexes' prose fields."""

    __slots__ = (
        "_amounts_read",
        "_authored",
        "_clocks",
        "_counts",
        "_durations",
        "_held",
        "_listed",
        "_prices",
        "_prices_seen",
        "_said",
        "_said_parts",
        "_squeezed",
        "_squeezed_parts",
        "_stated",
        "_text",
        "_text_parts",
        "_tools",
        "_tools_seen",
        "_totals",
        "_worked",
        "earlier",
        "said",
    )

    def __init__(
        self,
        earlier: list[tuple[Event, dict[str, str] | None]],
        said: list[str],
        stated: str = "",
    ):
        self.earlier, self.said = earlier, said  # the trace's own lists, growing
        self._held = HeldValues(earlier)  # first_source's answer, from one set
        # What the user and system said, then what the tool definitions state.
        self._stated = stated
        self._said, self._said_parts = stated, 0
        self._text, self._text_parts = "", 0
        # What was said and the results' texts, squeezed; how many of each that covers.
        self._squeezed, self._squeezed_parts = ("", ""), (-1, 0)
        self._counts: list[frozenset[int]] = []  # per earlier result: the counts it lists
        self._listed: list[frozenset[int]] = []  # per user or system text: its lists' sizes
        self._tools: set[tuple[str, ...]] = set()  # the words of the tools that answered
        self._tools_seen = 0  # of self.earlier
        self._authored = ""  # the texts the agent wrote into files (see wrote()), lower-cased
        self._totals: list[ListArithmetic] = []  # per earlier result: totals_in(its text)
        self._durations: list[frozenset[int]] = []  # per earlier result: durations_in(its text)
        self._clocks: list[frozenset[str]] = []  # per earlier result: epoch_clocks_in(its text)
        self._prices: set[Decimal] = set()  # the earlier results' prices_in, pooled
        self._prices_seen = 0  # of self.earlier
        self._worked: set[Decimal] = set()  # amounts a message worked out (worked())
        # The last message worked() read: its text, its ungrounded claims, its held amounts.
        self._amounts_read: tuple[str, list[Claim], list[Decimal]] = ("", [], [])

    def wrote(self, args: Any) -> None:
        """Keep the texts of lines a call that writes was given (a patch, a file's
        content, a script written out): what the agent authored, whose names it may
        report having written (:meth:`held`)."""
        texts = [v for _, v in arg_leaves(args) if type(v) is str and "\n" in v]
        if texts:
            self._authored += "\n" + "\n".join(texts).lower()

    def held(self, kind: str, form: str) -> bool:
        """True when a user or system text, or a result, held ``form``; a count, when
        its number stands alone in one, or a result lists that many items (or that
        many items share a value)."""
        named = kind == "id" or kind == "name"
        # The index's sets first: most ids and names an answer states are field values.
        if named and self._held.quick(form):
            return True
        if len(self.said) != self._said_parts:
            said = "\n".join(self.said).lower()
            if not said.isascii():  # the hyphens are not: ASCII text needs no pass (6 us a prompt)
                said = said.translate(_HYPHENS)
            if self._stated:
                said = f"{said}\n{self._stated}"
            self._said, self._said_parts = said, len(self.said)
        if kind == "count":
            return self._count_held(form)
        low = form.lower()
        text = self._results_text()
        if code_of_letters(kind, form):
            # A code of letters ("DUB") only as a word of its own, not inside one ("Dublin"),
            # or as the initials of a name held in full ("NSC", National Student Clearinghouse).
            return in_words(low, self._said) or in_words(low, text) or self._initials_held(form)
        if kind == "amount" and is_amount_form(low):
            # An amount's digits inside another number or an id ("12" of "SKU88120",
            # "35" of "3500") hold no amount: only a number of its own does.
            if number_in(low, self._said) or number_in(low, text):
                return True
        elif low in self._said or low in text:
            return True
        if named:
            # What else the index finds (an id inside a prose field, a code, a word of a
            # prose result) is a substring of a result's text, which was just searched,
            # unless an index holds values its text spells otherwise (escapes, structured
            # content), or lower-casing may have moved a non-ASCII form.
            if not (form.isascii() and self._held.verbatim()) and form in self._held:
                return True
            # A name the agent wrote into a file, a patch or a script it ran (a button's
            # label, a class): its report of having written it. Only a name: a date, an
            # amount, an id or a count it wrote is a fact it still has to have read.
            return kind == "name" and (
                low in self._authored
                or self._squeezed_held(form)
                or self._names_a_tool(form)
                or self._initials_held(form)
            )
        if kind == "duration":
            # A number held as a field named by its unit, in a result or in the system
            # prompt (a customer profile's ``"years_as_customer": 2``).
            # Or the same length spelled otherwise ("7.5 hours" for a result's "7h 30m").
            # Or the time between two times of one record (a flight's departure 06:00 and
            # arrival 08:40: "2 hours and 40 minutes").
            return any(
                check(form, where)
                for check in (duration_in_fields, duration_in_text)
                for where in (text, self._said)
            ) or self._duration_held(form)
        if kind == "amount":
            # A percentage held as a field that says it is one ("humidity": 83 for "83%"),
            # or a decimal rounded from a longer one (118726350.28999999 for "$118,726,350.29").
            # Or a total of a result's list ("$313" for two legs at 142 and 171).
            # Or an amount with its cents held in minor units ("$184.99" by "amount": 18499).
            return (
                amount_in_text(form, text)
                or amount_in_text(form, self._said)
                or self._total_held(form)
                or any(
                    minor_units_held(form, minor_amounts_in(ev.text))
                    for ev, _ in self.earlier
                    if ev.text
                )
                or self._difference_held(form)
            )
        if kind == "date":
            # A day the user named ("tomorrow", "next Friday") counted from the record's date.
            # Or one the record's dates give: a weekday the user named inside their span,
            # a held date moved by held nights or days (a check-out). Or the day of an
            # epoch time a result holds ("May 20, 2024" by "delivered_at": 1716217320).
            return (
                date_in_text(form, self._said)
                or date_from_held(form, self._said, text)
                or any(low in epoch_days_in(ev.text) for ev, _ in self.earlier if ev.text)
            )
        # Or the UTC time of day of an epoch time a result holds ("11:00 AM" by
        # "departs_at": 1718190000).
        return kind == "time" and (
            time_in_text(form, text)
            or time_in_text(form, self._said)
            or self._epoch_clock_held(form)
        )

    def _epoch_clock_held(self, form: str) -> bool:
        """Whether a time of day (``HH:MM``) is the UTC time of an epoch time a result holds
        (:func:`~projeval.traces.claims.epoch_clocks_in`), each result read once."""
        while len(self._clocks) < len(self.earlier):
            ev = self.earlier[len(self._clocks)][0]
            text = epoch_clocks_in(ev.text) if ev.text else ""
            self._clocks.append(frozenset(text.split("\n")) if text else frozenset())
        return any(form in clocks for clocks in self._clocks)

    def _total_held(self, form: str) -> bool:
        """Whether an amount is a total of a result's list (:func:`~projeval.traces.claims.
        totals_in`), each result read once, when an amount first needs it."""
        while len(self._totals) < len(self.earlier):
            ev = self.earlier[len(self._totals)][0]
            self._totals.append(totals_in(ev.text) if ev.text else NO_ARITHMETIC)
        return any(total_of(form, totals) for totals in self._totals)

    def _difference_held(self, form: str) -> bool:
        """Whether an amount is the difference of two prices earlier results hold, each in
        its own result or one list (a rebooking's fare difference: the new fare 1260 less
        the 1180 paid, "补差价¥80"). Only while the results hold few prices: among many,
        some pair differs by any amount."""
        value = _positive_amount(form)
        if value is None:
            return False
        self._pool_prices()
        prices = self._prices
        return len(prices) <= _DIFFERENCE_PRICES and any(p + value in prices for p in prices)

    def _pool_prices(self) -> None:
        """Take the prices of the results not read yet into :attr:`_prices`."""
        while self._prices_seen < len(self.earlier):
            ev = self.earlier[self._prices_seen][0]
            self._prices_seen += 1
            if ev.text:
                self._prices.update(prices_in(ev.text))

    def worked(self, text: str, found: list[Claim], form: str) -> bool:
        """Whether the amount ``form`` ("53", "1,200") is worked out in ``text`` from amounts
        it states that are held (not in ``found``, the text's ungrounded claims) and the
        prices earlier results hold (:func:`~projeval.traces.claims.worked_amount`)."""
        value = _positive_amount(form)
        if value is None:
            return False
        if value in self._worked:
            return True  # worked out before, from what is still held ("$53" confirmed)
        stated = self._stated_amounts(text, found)
        if not stated:
            return False
        self._pool_prices()
        if worked_amount(value, stated, self._prices.union(stated)):
            self._worked.add(value)
            return True
        return False

    def _stated_amounts(self, text: str, found: list[Claim]) -> list[Decimal]:
        """The held amounts ``text`` states (its amounts not in ``found``), read once per
        message: :meth:`worked` is asked of each ungrounded amount and approximation in it."""
        last_text, last_found, amounts = self._amounts_read
        if last_text is text and last_found is found:
            return amounts
        loose = {c.start for c in found if c.kind == "amount"}
        amounts = []
        for c in claims(text):
            if c.kind == "amount" and c.start not in loose and c.forms:
                try:
                    amounts.append(Decimal(c.forms[0].replace(",", "")))
                except InvalidOperation:
                    continue
        self._amounts_read = (text, found, amounts)
        return amounts

    def _duration_held(self, form: str) -> bool:
        """Whether a length of time is the time between two times of one object of a
        result (:func:`~projeval.traces.claims.durations_in`), each result read once."""
        if spoken_length(form) is None:
            return False  # "a four-hour target", "5 days": no hours and minutes to match
        while len(self._durations) < len(self.earlier):
            ev = self.earlier[len(self._durations)][0]
            self._durations.append(durations_in(ev.text) if ev.text else frozenset())
        return any(duration_of(form, durations) for durations in self._durations)

    def _squeezed_held(self, form: str) -> bool:
        """Whether what the user and system said, or a result, holds a name in any case or
        spacing (:func:`~projeval.traces.claims.name_squeezed_in`). Each text is squeezed
        once: the results as they arrive (only the new ones), what was said when it grows."""
        said, results = self._squeezed
        if self._squeezed_parts[0] != self._said_parts:
            said = squeeze(self._said)
        if self._squeezed_parts[1] < len(self.earlier):
            new = (ev.text for ev, _ in self.earlier[self._squeezed_parts[1] :] if ev.text)
            results = "\n".join([results, *map(squeeze, new)])
        self._squeezed = (said, results)
        self._squeezed_parts = (self._said_parts, len(self.earlier))
        return name_squeezed_in(form, said) or name_squeezed_in(form, results)

    def _initials_held(self, form: str) -> bool:
        """Whether what the user or system said, or a result, names in full what ``form``
        abbreviates (:func:`~projeval.traces.claims.initials_in`: "UK" for "United
        Kingdom"), read in the texts' own case."""
        return any(initials_in(form, t) for t in self.said) or any(
            initials_in(form, ev.text) for ev, _ in self.earlier if ev.text
        )

    def _names_a_tool(self, form: str) -> bool:
        """Whether a name is the words of a tool the agent called ("the Invoice Agent" of
        ``call_invoice_agent``, "Orchestrator" of ``transfer_to_Orchestrator``): a part of
        the system it runs in, not a name it made up."""
        while self._tools_seen < len(self.earlier):
            tool = self.earlier[self._tools_seen][0].tool
            self._tools_seen += 1
            if tool:
                self._tools.add(name_words(tool))
        words = name_words(form)
        n = len(words)
        return n > 0 and any(
            tool[i : i + n] == words for tool in self._tools for i in range(len(tool) - n + 1)
        )

    def _results_text(self) -> str:
        if len(self.earlier) != self._text_parts:
            texts = (ev.text for ev, _ in self.earlier if ev.text)
            self._text, self._text_parts = "\n".join(texts).lower(), len(self.earlier)
        return self._text

    def _count_held(self, form: str) -> bool:
        if count_in(form, self._said) or count_in(form, self._results_text()):
            return True
        if not form.isdigit():
            return False
        n = int(form)
        # The items of a list the user wrote ("new york, denver, chicago": "3 cities").
        while len(self._listed) < len(self.said):
            self._listed.append(listed_items(self.said[len(self._listed)]))
        if any(n in sizes for sizes in self._listed):
            return True
        while len(self._counts) < len(self.earlier):
            ev = self.earlier[len(self._counts)][0]
            self._counts.append(listed_counts(ev.text) if ev.text else frozenset())
        return any(n in counts for counts in self._counts)


_KEY = re.compile(r'"([^"\\]{1,64})"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d[\w.+-]*|true|false|null)?')


def listed_counts(text: str) -> frozenset[int]:
    """How many items a result lists: the numbers of times a key recurs in it (a list of
    that many objects), and of times a key recurs with one value (that many items
    sharing it)."""
    keys: dict[str, int] = {}
    pairs: dict[tuple[str, str], int] = {}
    for m in _KEY.finditer(text):
        key, value = m.group(1), m.group(2)
        keys[key] = keys.get(key, 0) + 1
        if value is not None:
            pairs[key, value] = pairs.get((key, value), 0) + 1
    # A list of strings (a profile's order or reservation ids): its length.
    strings = {m.group().count('"') // 2 for m in _STRING_LIST.finditer(text)}
    return frozenset(keys.values()) | frozenset(pairs.values()) | strings


# A JSON list of short strings: ``["#W5501873", "#W8821460"]``.
_STRING_LIST = re.compile(r'\[\s*"[^"\\]{1,64}"(?:\s*,\s*"[^"\\]{1,64}")+\s*\]')


#: An argument that names the item a call is about: ``id``, ``user_id``, ``sessionId``,
#: ``ID``, the last part of a nested path (``order.id``); not ``paid`` or ``valid`` (so the
#: cases are spelled out, not matched with IGNORECASE).
_IDENTIFIER = re.compile(r"(?:^|[._\[])(?:[iI][dD]|ids|IDs|IDS)\]?$|[a-z](?:Id|ID)s?$")


def corrects(failed: Event, call: Event, error: str | None) -> bool:
    """Whether ``call`` (to the tool whose ``failed`` call errored) retries it with
    corrected arguments rather than calling it for another item: it keeps one of the
    failed call's argument values, or passes a value the error message named
    (``Available types: ['criminal_record_source_request']``). A call for the next user
    of a list after one failed (``get_user(usr_2)`` after ``get_user(usr_1)``) keeps
    nothing, and one that names another item in an id argument (``write_stdin(session_id=
    25857, yield_time_ms=1000)`` after session 59181's poll failed) is for that item,
    whatever settings it keeps. Settings (:func:`is_setting`) kept beside changed
    substance make no retry."""
    before, now = failed.args, call.args
    if type(before) is not dict or type(now) is not dict:
        return False
    kept = dict(arg_leaves(before))
    leaves = list(arg_leaves(now))  # read more than once; a nested walk is a generator
    if error and any(type(v) is str and len(v) >= 3 and v in error for _, v in leaves):
        return True
    # The failed call's first id argument names what it was about. Another value there
    # (Codex polling process 25857 after 59181 exited 2, both with yield_time_ms=1000;
    # get_user(usr_2) after usr_1) is a call for another item, whatever settings it keeps.
    # Another value in a later id, the first kept, corrects how the same item was handled:
    # a return of the same order's items to another payment method after "Error: payment
    # method not found".
    subject = next((path for path in kept if _IDENTIFIER.search(path)), None)
    if subject is not None:
        for path, value in leaves:
            if path == subject and kept[path] != value:
                # The same id respelt (an order's "#W2240716" after "W2240716" was not
                # found, "ABC-123" after "abc123") corrects the call for the same item.
                return _same_id(kept[path], value)
    same = [
        path
        for path, value in leaves
        if path in kept and kept[path] == value and value not in (None, "", [], {})
    ]
    # A retry keeps what the failed call was about, not only how it ran: a command whose
    # cmd changed, keeping its timeout_ms and workdir, is another command (Codex's browser
    # js call after a policy refusal, another page opened with the same timeout_ms). When
    # the failed call passed settings only, keeping them is all a retry can keep.
    about = [
        path
        for path, value in kept.items()
        if value not in (None, "", [], {}) and not is_setting(path, value)
    ]
    if not about:
        return bool(same)
    if any(path in about for path in same):
        return True
    # Or it edits it, adding words or taking some away: `git push` again as `git push
    # --set-upstream origin main` after git said to; or runs it from the directory its
    # path named: `cd x && node y.js` after `node x/y.js` failed.
    return any(path in about and _edited(kept[path], value) for path, value in leaves)


def _same_id(before: Any, now: Any) -> bool:
    """Whether two id values differ only in case and punctuation (``W2240716`` and
    ``#W2240716``), with at least three letters or digits to them."""
    if type(before) is not str or type(now) is not str:
        return False
    a = "".join(ch for ch in before.casefold() if ch.isalnum())
    return len(a) >= 3 and a == "".join(ch for ch in now.casefold() if ch.isalnum())


def _edited(before: Any, now: Any) -> bool:
    """Whether two texts differ by words added to one: every word of the shorter is in
    the longer (``git push 2>&1`` and ``git push --set-upstream origin main 2>&1``), once
    a command that opens by entering a directory is written from where the other runs
    (:func:`from_directory`: ``cd x && node y.js`` is ``node x/y.js``)."""
    if type(before) is not str or type(now) is not str or before == now:
        return False
    if _kept_words(before, now):
        return True
    moved = from_directory(before, now) if "cd" in before or "cd" in now else None
    return moved is not None and (moved[0] == moved[1] or _kept_words(*moved))


def _kept_words(before: str, now: str) -> bool:
    """Whether every word of one text is in the other."""
    a, b = set(before.split()), set(now.split())
    return bool(a) and bool(b) and (a <= b or b <= a)


def reran(before: Event, call: Event, events: list[Event]) -> bool:
    """Whether ``call``, the same call as ``before``, got another result: run again after
    something changed (a test script after an edit, a shell command), not a repeat that
    learned nothing. Asked of a tool not known to read, and of a read only when a write
    or a user turn came between the two calls; a read that answers otherwise within one
    turn with no write between is still a repeated lookup."""
    if before.link is None or call.link is None:
        return False
    return events[before.link].text != events[call.link].text


#: Argument texts (canonical) of a call that passes nothing.
_NO_ARGUMENTS = frozenset(("", "{}", "[]", "null"))
#: Result texts that carry no value: what a function that returns nothing gives back when
#: its return is written out (Python's ``None``, JSON's ``null``, JavaScript's
#: ``undefined``), or no text at all. An empty list or object is not among them: it is an
#: answer (nothing found).
_NO_VALUE = frozenset(("", "None", "null", "undefined"))


def signals(canon: str | None, call: Event, events: list[Event]) -> bool:
    """Whether ``call`` (its canonical arguments ``canon``) is a signal: a call that passes
    no argument and gets no value back (``memory_finish_edits({})`` -> ``None``), so it
    neither looks a thing up nor acts on a particular one; it tells the agent's loop
    something (a step done, a run over). Arguments not recorded at all are not "none", and
    a call with no result or a failed one is no signal."""
    if canon not in _NO_ARGUMENTS or call.link is None:
        return False
    result = events[call.link]
    return not result.is_error and (result.text or "").strip() in _NO_VALUE


def sentence_at(text: str, at: int) -> str:
    """The sentence of ``text`` around position ``at``, on one line."""
    lo, hi = sentence_span(text, at, at)
    return " ".join(text[lo:hi].split())


def followup_hits(
    plan: LookupPlan,
    earlier: list[tuple[Event, dict[str, str] | None]],
    said: str,
    said_lower: str | None = None,
    argued: dict[str, int] | None = None,
    wrote: list[tuple[int, str, str]] | None = None,
) -> list[tuple[str, str, tuple[int, str | None, str | None, str | None]]]:
    """``(argument, value, source)`` of each argument whose value (or a part of it) first
    appeared in an earlier result: not in what the user or system said (in any case or,
    for a date, any spelling), nor in an argument the agent passed before that result
    (``argued``: value -> seq of its first call), which the result only echoes. A day
    (``2026-07-01``) is not credited to a calendar (:func:`in_calendar`), nor to a result
    after the agent's own text named it (``wrote``: seq, text, lower-cased text): a day
    the agent picked itself ("tomorrow" worked out to a date) is its own. Nor is a day the
    user picked from those a result offered, named by its day of the month alone ("the
    15th": :func:`~.values.day_said_alone`) or in full ("May 15"): the user typed it before
    the call, as any value the user says is theirs, however many days the result listed."""
    hits = []
    lower = said.lower() if said_lower is None else said_lower
    for argument, candidates in plan:
        for cand in candidates:
            if user_said(cand, said, lower):
                continue  # the user said it first
            src = first_source(cand, earlier, key_of(argument))
            if src is None:
                continue
            if is_day(cand) and (
                (src[2] is not None and in_calendar(src, earlier))
                or (wrote and any(seq < src[0] and user_said(cand, t, tl) for seq, t, tl in wrote))
            ):
                continue  # a day the agent picked, which a calendar holds as it holds any
            if is_day(cand) and day_said_alone(cand, lower):
                # A day the user picked from those a result offered ("the 15th"): the user
                # typed it, as "May 15" (user_said) is; the list's length does not matter.
                continue
            if argued is not None and argued.get(cand, src[0]) < src[0]:
                first = first_source(cand, earlier)  # echoed under its own name: the first
                if first is None or argued.get(cand, first[0]) < first[0]:
                    continue  # the agent's own argument, echoed back by the result
                src = first
            hits.append((argument, cand, src))
            break
    return hits


#: Fewest distinct days under one path of a result that make it a calendar (a daily
#: timeline, a forecast, an availability list) rather than a record's own dates.
CALENDAR_DAYS = 3


def in_calendar(
    src: tuple[int, str | None, str | None, str | None],
    earlier: list[tuple[Event, dict[str, str] | None]],
) -> bool:
    """Whether the result ``src`` found a day in holds at least :data:`CALENDAR_DAYS`
    distinct days under that path: then the day is one the agent picked (July 1 for "from
    July"), which the calendar holds as it would hold any other in its range, not one it
    was given."""
    for ev, where in earlier:
        if ev.seq == src[0]:
            return isinstance(where, Where) and where.dates_at(src[2] or "") >= CALENDAR_DAYS
    return False


_DATE_FORMS: dict[str, re.Pattern[str] | None] = {}
#: A number's digits -> the pattern of its spelling in groups of thousands (1,000,000).
_GROUPED_NUMBER: dict[str, re.Pattern[str]] = {}


def user_said(value: str, said: str, said_lower: str) -> bool:
    """Whether the user or system said ``value`` first: verbatim, in another case, or (a
    date) in another spelling; a short code only as a word of its own."""
    if not said:
        return False
    if len(value) <= 3:
        for m in re.finditer(rf"(?<![\w]){re.escape(value.lower())}(?![\w])", said_lower):
            if len(said) != len(said_lower):
                return True  # lower-casing moved the offsets: any spelling, as before
            word = said[m.start() : m.end()]
            # A code in any case ("jfk" for JFK), but not a capitalised word that only
            # spells it: "Las" of "Las Vegas" is a place's name, not the code LAS.
            if word == value or not (word[:1].isupper() and word[1:].islower()):
                return True
        return False
    if value in said or value.lower() in said_lower:
        return True
    if len(value) >= 4 and value.isdigit() and value[0] != "0":
        # A number the user wrote in groups of thousands ("Annual Income: 1,000,000",
        # "$60,000") before a result held it as 1000000: the user's, in another spelling.
        grouped = _GROUPED_NUMBER.get(value)
        if grouped is None:
            if len(_GROUPED_NUMBER) > 4096:
                _GROUPED_NUMBER.clear()
            grouped = _GROUPED_NUMBER[value] = re.compile(
                rf"(?<![\d,.]){re.escape(f'{int(value):,}')}(?!\d|,\d)"
            )
        return grouped.search(said) is not None
    if value[:1].isdigit() and len(value) >= 10 and value[4:5] == "-":
        day = value[:10]
        if day not in _DATE_FORMS:
            if len(_DATE_FORMS) > 4096:
                _DATE_FORMS.clear()
            _DATE_FORMS[day] = date_spellings(day)
        pattern = _DATE_FORMS[day]
        return pattern is not None and pattern.search(said_lower) is not None
    return False
