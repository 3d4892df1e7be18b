"""Which tools read and which write: lookups versus actions, and tool errors.

A follow-up that passes an id to ``cancel_reservation`` is the ordinary use of an id
(an *action*); one that passes it to ``get_reservation_details`` is a *lookup* the
result forced. A tool's kind comes, first found, from an MCP ``annotations.readOnlyHint``
(a suite's tools file, a ``--tools`` file, or a ``tools/list`` answer inside an MCP log),
then from the verb in its name (``get_``, ``search``, ``Query...`` read; ``create``,
``update``, ``cancel``, ``send`` ... write). A tool with neither stays unknown, and a
follow-up call to it counts as a lookup: nothing says it changes anything.

Tool errors are results flagged as errors by their format (``isError``, ``is_error``,
a JSON-RPC error, span status, a tool message's ``error`` field: AgentDojo's text,
tau2-bench's ``true``), JSON results whose top level is an error object
(``{"error": ...}``) or says the call failed and why (``{"success": false, "message":
...}``), text results that start with ``Error:`` or with an exception's
class (``ValueError: ...``), the traceback IPython writes when the code a tool ran
raised (``NameError   Traceback (most recent call last)`` under a rule of dashes), and a
shell command's non-zero exit status written before its output
(``<returncode>1</returncode>``, mini-SWE-agent; ``<exception>`` when it could not run)
or in the footer after it (gemini-cli's ``Exit Code: 1``, a signal, a spawn error, a
timeout), and a harness's refusal of an action (SWE-agent's linter rejecting an edit).

What a tool definition tells the agent (its description, its parameters' descriptions,
defaults and enum values: :func:`tool_statements`) is read here too, from the same
definitions: it grounds the values an answer states, as the system prompt does.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Container, Iterable, Mapping
from pathlib import Path
from typing import Any

#: The kinds a tool call has.
READ, WRITE = "read", "write"

#: First words of read tools' names.
READ_VERBS = frozenset(
    [
        "get",
        "list",
        "search",
        "find",
        "query",
        "lookup",
        "look",
        "fetch",
        "read",
        "retrieve",
        "show",
        "view",
        "describe",
        "inspect",
        "count",
        "browse",
        "track",
        "estimate",
        "compare",
        "locate",
        "calculate",
        "compute",
        "check",
        "verify",
        "validate",
        "preview",
        "resolve",
        "lookup",
        "search_for",
        "explain",
        "summarize",
        "summarise",
        "think",
        # Verbs that weigh or explain what a record says and change nothing (a support
        # agent's assess_*, review_*, trace_*, classify_* tools): read whatever follows them,
        # so review_move_service_portfolio is not a write for its "move".
        "assess",
        "review",
        "trace",
        "classify",
        "audit",
        "identify",
        # Converting a date, a unit or a currency works a value out, as calculating does
        # (a library assistant's internal_convert_book_title_to_id looks the id up).
        "convert",
    ]
)
#: Words that make a tool a write, wherever they sit in its name.
WRITE_VERBS = frozenset(
    [
        "create",
        "add",
        "insert",
        "update",
        "modify",
        "edit",
        "change",
        "set",
        "delete",
        "remove",
        "cancel",
        "book",
        "reserve",
        "send",
        "submit",
        "post",
        "put",
        "patch",
        "pay",
        "transfer",
        "complete",
        "mark",
        "schedule",
        "exchange",
        "return",
        "refund",
        "register",
        "reset",
        "approve",
        "reject",
        "assign",
        "archive",
        "upload",
        "write",
        "stage",
        "apply",
        "grant",
        "revoke",
        "move",
        "rename",
        "enable",
        "disable",
        "invite",
        "reply",
        "forward",
        "share",
        "publish",
        "confirm",
        "place",
        "order",
        "purchase",
        "buy",
        "checkout",  # paying for a booking or a cart (checkout_booking)
        "toggle",
        "save",
        "store",
        "append",
        "upsert",
        "drop",
        "kill",
        "terminate",
        "revert",
        "merge",
        # Words that record something: a choice, a draft, a payment, a process begun.
        "select",
        "record",
        "make",
        "draft",
        "assemble",
        "start",
        "resume",
        # Service and account changes a support agent makes (a line suspended, data
        # refuelled, a card unblocked, a plan renewed): the telecom and banking suites' verbs.
        # Not "issue" or "block", which name things as often (GitHub's issue_read, a chain's
        # blocks).
        "suspend",
        "refuel",
        "recharge",
        "activate",
        "deactivate",
        "unblock",
        "lock",
        "unlock",
        "restore",
        "renew",
        "upgrade",
        "downgrade",
        "replace",
        "rebook",
        "charge",
        "redeem",
        "void",
        "escalate",
        "notify",
        # Starting a return, a claim or a transfer changes the account's state.
        "initiate",
        # Money moved, a course joined, a decision contested, a policy restored: a bank's,
        # a university's and an insurer's service actions (deposit_funds, enroll_course,
        # appeal_claim, reactivate_policy, declare_minor).
        "deposit",
        "withdraw",
        "enroll",
        "appeal",
        "reactivate",
        "declare",
    ]
)

#: Words that make a tool a write only as its first word: ``report_card_issue`` files a
#: report (a card reported stolen), while ``get_report`` or ``sales_report`` name one;
#: ``process_refund``, ``request_callback``, ``log_interaction``, ``close_ticket`` and
#: ``claim_reward`` act, while ``get_process``, ``list_requests`` and ``read_logs`` read;
#: ``draw_time_series`` makes a chart, while ``get_plot_summary`` reads a film's plot.
FIRST_WRITE_VERBS = frozenset(
    [
        "report",
        "process",
        "request",
        "log",
        "close",
        "claim",
        # Drawing, plotting, rendering, charting and visualising make a figure (a file, an
        # image) out of what the agent already holds: an action on its data, as
        # WorkBench's analytics.create_plot is, never a lookup of more. After another
        # word they name a thing (get_plot_summary, knowledge_graph_query).
        "draw",
        "plot",
        "render",
        "chart",
        "visualize",
        "visualise",
    ]
)

# "block" first, before a thing a support agent blocks, writes (block_card, block_user);
# elsewhere it names a chain's block (block_by_number, get_block).
_BLOCKED = frozenset(
    ["card", "cards", "user", "account", "line", "number", "sim", "phone", "contact", "device"]
)

_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


# name_words by name: tool names recur in every trace, and the names an answer states
# are asked again for each of their spellings (claims' Grounds).
_NAME_WORDS: dict[str, tuple[str, ...]] = {}
_NAME_WORDS_KEPT = 8192


def name_words(name: str) -> tuple[str, ...]:
    """The lower-cased words of a name, whatever its case: ``transfer_to_InvoiceAgent``,
    ``QueryCalendar`` and "Invoice Agent" alike."""
    words = _NAME_WORDS.get(name)
    if words is None:
        if len(_NAME_WORDS) >= _NAME_WORDS_KEPT:
            _NAME_WORDS.clear()
        words = _NAME_WORDS[name] = tuple(w.lower() for w in _WORDS.findall(name))
    return words


#: How agent frameworks name a handoff of the conversation to another agent: the OpenAI
#: Agents SDK's ``transfer_to_<agent>`` (Python and JavaScript), Swarm's ``transfer_to_...``
#: and ``transfer_back_to_...``, ``handoff_to_...``.
_HANDOFF = re.compile(r"(?:transfer|hand_?off)_(?:back_)?to_", re.IGNORECASE)


def is_handoff(tool: str | None) -> bool:
    """True when ``tool`` hands the conversation to another agent (``transfer_to_Billing``)."""
    return tool is not None and _HANDOFF.match(tool) is not None


def verb_kind(tool: str | None) -> str | None:
    """``"read"``, ``"write"`` or ``None`` from the words of a tool's name.

    The first word decides when it is a known verb (``get_user``, ``QueryCalendar``,
    ``report_card_issue``);
    otherwise the first known verb after it (``calendar_create_event`` writes,
    ``internal_check_book_exist`` reads).
    """
    if not tool:
        return None
    words = name_words(tool)
    if not words:
        return None
    if words[0] in WRITE_VERBS or words[0] in FIRST_WRITE_VERBS:
        return WRITE
    if words[0] == "block" and len(words) > 1 and words[1] in _BLOCKED:
        return WRITE
    if words[0] in READ_VERBS:
        return READ
    # After a prefix that is no verb (internal_, calendar_), the first known verb decides:
    # internal_check_book_exist checks whether a book exists, its "book" the thing checked.
    for w in words[1:]:
        if w in WRITE_VERBS:
            return WRITE
        if w in READ_VERBS:
            return READ
    return None


def _tool_defs(tools: Any) -> list[dict[str, Any]]:
    """The tool definitions of an MCP ``tools/list`` result (or of a list of definitions),
    OpenAI's ``{"type": "function", "function": {...}}``, Bedrock's ``{"toolSpec": ...}``
    and Gemini's ``{"functionDeclarations": [...]}`` unwrapped."""
    if isinstance(tools, dict):
        if isinstance(tools.get("result"), dict):
            tools = tools["result"]
        tools = tools.get("tools")
    if not isinstance(tools, list):
        return []
    defs = []
    for tool in tools:
        if isinstance(tool, dict) and isinstance(tool.get("function"), dict):
            tool = tool["function"]
        elif isinstance(tool, dict) and isinstance(tool.get("toolSpec"), dict):
            tool = tool["toolSpec"]  # Bedrock Converse's toolConfig.tools
        if not isinstance(tool, dict):
            continue
        # Gemini groups its functions: {"functionDeclarations": [{name, ...}, ...]}.
        grouped = tool.get("functionDeclarations", tool.get("function_declarations"))
        for one in grouped if isinstance(grouped, list) else [tool]:
            if isinstance(one, dict) and isinstance(one.get("name"), str):
                defs.append(one)
    return defs


# The keys of a JSON schema that state a value the agent is told (a description, a
# default, the choices of an enum), and the ones that nest schemas holding more.
_SCHEMA_SUBS = ("items", "additionalProperties", "anyOf", "oneOf", "allOf")
_SCHEMA_DEPTH = 8  # deeper schemas than any tool's parameters: a guard against cycles


def tool_statements(tools: Any, known: Container[str] = ()) -> dict[str, str]:
    """``name -> text`` of what each tool definition of an MCP ``tools/list`` result (or of
    a list of definitions: OpenAI Chat's or Responses' ``tools``, Anthropic's, Gemini's
    ``functionDeclarations``, Bedrock's ``toolSpec``) tells the
    agent: its description, and its parameters' descriptions, defaults and enum values,
    one a line. The agent was given them as it was the system prompt, so a value they
    state (a description's "default 10%") is one it read, not one it made up. Tools
    named in ``known`` are skipped: a request log re-sends its tools with every request,
    and a trace reads each once."""
    out: dict[str, str] = {}
    for tool in _tool_defs(tools):
        if tool["name"] in known:
            continue
        lines: list[str] = []
        if isinstance(tool.get("description"), str):
            lines.append(tool["description"])
        for key in ("inputSchema", "input_schema", "parameters"):
            schema = tool.get(key)
            if isinstance(schema, dict):
                if isinstance(schema.get("json"), dict):  # Bedrock: {"json": <schema>}
                    schema = schema["json"]
                _schema_statements(schema, lines, _SCHEMA_DEPTH)
                break
        text = "\n".join(line for line in lines if line)
        if text:
            out[tool["name"]] = text
    return out


def _schema_statements(schema: dict[str, Any], lines: list[str], depth: int) -> None:
    """Append what a JSON schema and the schemas it nests state (see :func:`tool_statements`)."""
    if depth <= 0:
        return
    if isinstance(schema.get("description"), str):
        lines.append(schema["description"])
    for key in ("default", "const"):
        if key in schema and schema[key] is not None:
            lines.append(_stated(schema[key]))
    if isinstance(schema.get("enum"), list):
        lines.append(", ".join(_stated(v) for v in schema["enum"] if v is not None))
    props = schema.get("properties")
    subs: list[Any] = list(props.values()) if isinstance(props, dict) else []
    for key in _SCHEMA_SUBS:
        sub = schema.get(key)
        subs += sub if isinstance(sub, list) else [sub]
    for sub in subs:
        if isinstance(sub, dict):
            _schema_statements(sub, lines, depth - 1)


def _stated(value: Any) -> str:
    """A default's or an enum value's text: a string as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def read_only_hints(tools: Any) -> dict[str, bool]:
    """``name -> readOnlyHint`` of the tools of an MCP ``tools/list`` result (or of a list of
    tool definitions) that carry the annotation."""
    hints: dict[str, bool] = {}
    for tool in _tool_defs(tools):
        annotations = tool.get("annotations")
        if isinstance(annotations, dict):
            hint = annotations.get("readOnlyHint")
            if isinstance(hint, bool):
                hints[tool["name"]] = hint
    return hints


# "Use this tool to cancel ...", "Tool to fetch ...", "This function gets ...", "The user
# applies for ..." (SOPBench's bank: who acts, then the verb): the verb after the preamble.
_PREAMBLE = re.compile(
    r"\s*(?:(?:use|call) (?:this|the) (?:tool|function|api) (?:to|when you want to)\s+|"
    r"(?:a )?(?:tool|function) (?:to|that)\s+|this (?:tool|function|api) (?:will\s+)?|"
    r"the (?:user|customer|client) )",
    re.I,
)
# "Returns the order" tells what comes back, not that something is returned: never a verb
# here, though return_delivered_order_items writes.
_NOT_DESCRIBING = frozenset(["return"])


def description_kind(description: Any) -> str | None:
    """``"read"``, ``"write"`` or ``None`` from the verb a tool's description starts with
    (``"Cancel the whole reservation"``, ``"Searches the catalogue"``)."""
    if not isinstance(description, str):
        return None
    text = description[m.end() :] if (m := _PREAMBLE.match(description)) else description
    first = re.match(r"\s*([A-Za-z]+)", text)
    if first is None:
        return None
    word = first.group(1).lower()
    # The imperative, or the third person's base form: gets, searches, modifies.
    forms = [word]
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    for form in forms:
        if form in _NOT_DESCRIBING:
            return None
        if form in WRITE_VERBS or form in FIRST_WRITE_VERBS:
            return WRITE
        if form in READ_VERBS:
            return READ
    return None


#: First words of names that read only as far as the name goes: "get" is fetching a record
#: (``get_user``) as often as obtaining something (SOPBench's ``get_loan``, "The user applies
#: for a loan", takes one out), so a description that says the tool writes decides.
OBTAIN_VERBS = frozenset(["get"])


def tool_hints(tools: Any) -> dict[str, bool]:
    """``name -> reads`` for the tools of a ``tools/list`` result or a list of definitions:
    each tool's ``readOnlyHint`` where it carries one; otherwise, when its name has no known
    verb (``CurrentWeather``, ``reservation_lookup_v2`` aside), the verb its description
    starts with: OpenAI function definitions carry no annotations, but their descriptions
    say what they do. A name that starts with "get" (:data:`OBTAIN_VERBS`) is a write when
    its description starts with a write's verb (``get_loan``: "The user applies for a
    loan")."""
    hints = read_only_hints(tools)
    for tool in _tool_defs(tools):
        name = tool["name"]
        if name in hints:
            continue
        named = verb_kind(name)
        if named is not None and name_words(name)[0] not in OBTAIN_VERBS:
            continue
        kind = description_kind(tool.get("description"))
        # Without a verb in the name the description says either kind; after "get" only
        # a write is news, since the name already reads.
        if kind is not None and (named is None or kind == WRITE):
            hints[name] = kind == READ
    return hints


def load_tool_hints(path: str | Path) -> dict[str, bool]:
    """The kind of each tool of a tools file (:func:`tool_hints`), read as the suites'
    ``tools:`` files are (:func:`projeval.checks.tools.read_tools`: MCP, OpenAI, OpenAPI)."""
    return tools_file_hints(path)[0]


def tools_file_hints(path: str | Path) -> tuple[dict[str, bool], str | None]:
    """A ``--tools`` file's hints (:func:`load_tool_hints`), and why it says nothing the
    tools' names did not, or ``None``: none of its tools carries ``readOnlyHint`` and no
    description gave a verb a name lacked (OpenAI function definitions whose names all
    start with a verb). Given on purpose, such a file would otherwise be ignored unseen."""
    return given_tools_hints(read_tools_file(path))


def read_tools_file(path: str | Path) -> list[Any]:
    """The tool definitions of a ``--tools`` file, read as the suites' ``tools:`` files are
    (:func:`projeval.checks.tools.read_tools`: MCP, OpenAI, OpenAPI)."""
    from ..checks.tools import read_tools  # the one reader of tools files

    return read_tools(Path(path))


def given_tools_hints(tools: Any) -> tuple[dict[str, bool], str | None]:
    """:func:`tools_file_hints` of tool definitions already read."""
    hints = tool_hints(tools)
    defs = _tool_defs(tools)
    if hints or not defs:
        return hints, None
    return hints, (
        f"tools file: none of its {len(defs)} tools carries annotations.readOnlyHint, so it "
        "says nothing about which tools only read, and their kinds come from the verbs in "
        'their names; add "annotations": {"readOnlyHint": true} to each tool that only '
        "reads (false to each that changes something)"
    )


def suite_tool_hints(suite: Any) -> dict[str, bool]:
    """The kind of each of a suite's tools as the checks see them (:func:`tool_hints`): its
    ``tools:`` file, or the ``tools/list`` of the MCP server it names
    (``tools: {mcp: <command>}``)."""
    return tool_hints(suite_tool_defs(suite))


def suite_tool_defs(suite: Any) -> list[Any]:
    """A suite's tool definitions (its ``tools:`` file, or its MCP server's ``tools/list``),
    or none when it names neither; read once for both :func:`tool_hints` and
    :func:`tool_statements`."""
    from ..checks.tools import suite_tools  # the one place a suite's tools are resolved

    if getattr(suite, "tools_file", None) is None and getattr(suite, "tools_server", None) is None:
        return []
    return suite_tools(suite)


# -- A shell's or a file editor's verb is in its command --------------------------------

#: Commands that only read: files, the file system, the repository's history, the process
#: table. Each is the first word of a simple command (``cat x | grep y``).
_READ_COMMANDS = frozenset(
    [
        "cat",
        "ls",
        "ll",
        "dir",
        "grep",
        "egrep",
        "fgrep",
        "rg",
        "ag",
        "ack",
        "find",
        "fd",
        "head",
        "tail",
        "less",
        "more",
        "wc",
        "pwd",
        "stat",
        "file",
        "which",
        "whereis",
        "type",
        "tree",
        "du",
        "df",
        "nl",
        "cut",
        "sort",
        "uniq",
        "diff",
        "cmp",
        "awk",
        "jq",
        "yq",
        "xxd",
        "od",
        "hexdump",
        "strings",
        "realpath",
        "readlink",
        "basename",
        "dirname",
        "date",
        "whoami",
        "id",
        "uname",
        "env",
        "printenv",
        "ps",
        "top",
        "echo",
        "printf",
        "true",
        "test",
    ]
)
#: Commands that change files or the system.
_WRITE_COMMANDS = frozenset(
    [
        "mv",
        "cp",
        "rm",
        "rmdir",
        "mkdir",
        "touch",
        "ln",
        "chmod",
        "chown",
        "chgrp",
        "tee",
        "truncate",
        "dd",
        "install",
        "unzip",
        "tar",
        "patch",
        # Codex CLI's patch command (``apply_patch``, run as ``["apply_patch", "<patch>"]``
        # or fed its patch on a here-document), as ``patch`` applies a diff.
        "apply_patch",
        "applypatch",
        "kill",
        "pkill",
        "killall",
        "useradd",
        "apt",
        "apt-get",
        "yum",
        "dnf",
        "brew",
    ]
)
# Package managers whose sub-command decides: installing or removing writes, running a
# script (``npm test``, ``npm run typecheck``) says neither, as a test run does.
_PACKAGE_MANAGERS = frozenset(
    ["pip", "pip3", "uv", "poetry", "cargo", "go", "npm", "yarn", "pnpm", "bun"]
)
_PACKAGE_WRITES = frozenset(
    ["install", "i", "ci", "add", "remove", "rm", "uninstall", "update", "upgrade", "publish"]
)
#: git's sub-commands that only read; any other (commit, push, add, checkout...) writes.
_GIT_READS = frozenset(
    [
        "status",
        "log",
        "diff",
        "show",
        "blame",
        "grep",
        "ls-files",
        "ls-tree",
        "rev-parse",
        "branch",
        "remote",
        "describe",
    ]
)
#: A file editor tool's commands (str_replace_editor, the text_editor tools).
_EDITOR_READS = frozenset(["view"])
_EDITOR_WRITES = frozenset(["create", "str_replace", "insert", "undo_edit", "write"])
_SIMPLE_COMMANDS = re.compile(r"&&|\|\||[;|\n]")
# An output redirect to a file (``> notes.txt``, ``>> log``), not one to a descriptor
# (``2>&1``) or to nowhere (``> /dev/null``).
_REDIRECT = re.compile(r"(?<![0-9&])>>?\s*(?!&|/dev/null)[^\s&|;]")


def command_kind(args: Any) -> str | None:
    """``"read"``, ``"write"`` or ``None`` from the command a shell or a file editor tool
    was given (``{"command": ...}``, ``{"commands": [...]}``, ``{"cmd": [...]}``), for a tool
    whose name says neither (``execute_bash``, ``bash``, ``str_replace_editor``, Codex's
    ``shell``): a command that changes a file or the system writes (``mv``, ``rm``,
    ``git commit``, ``sed -i``, ``apply_patch``, an output redirect, ``pip install``); one
    made only of commands that read reads (``cat``, ``ls``, ``grep``, ``git status``,
    ``sed -n``); any other (a script, a test run) says neither. An argument vector
    (``["rg", "-n", "a|b", "src"]``) is one command; a script's quoted strings and
    here-documents (a patch fed to ``apply_patch``) are values, not commands."""
    argv, script = _command(args)
    if argv is not None:
        if argv[0] in _EDITOR_READS or argv[0] in _EDITOR_WRITES:
            return READ if argv[0] in _EDITOR_READS else WRITE
        return _simple_kind(argv) or None
    if script is None:
        return None
    word = script.strip().split(maxsplit=1)[0]
    if word in _EDITOR_READS:
        return READ
    if word in _EDITOR_WRITES:
        return WRITE
    script = _QUOTED.sub(" _ ", _without_heredocs(script))
    if _REDIRECT.search(script):
        return WRITE
    kinds = {_simple_kind(part.split()) for part in _SIMPLE_COMMANDS.split(script)}
    kinds.discard("")  # an empty part, or a cd: changes nothing and reads nothing
    if WRITE in kinds:
        return WRITE
    return READ if kinds == {READ} else None


def command_programs(args: Any) -> frozenset[str]:
    """The programs a shell call's command runs: an argument vector's first word, or the
    first word of each command of a script (past ``sudo``, ``env``, assignments). They are
    the call's verbs: a result that printed ``apply_patch`` did not hand the agent the
    program it then ran."""
    argv, script = _command(args)
    if argv is not None:
        return frozenset(argv[:1])
    if script is None:
        return frozenset()
    out = set()
    for part in _SIMPLE_COMMANDS.split(_QUOTED.sub(" _ ", _without_heredocs(script))):
        words = _past_prefixes(part.split())
        if words:
            out.add(words[0])
    return frozenset(out)


def _command(args: Any) -> tuple[list[str] | None, str | None]:
    """``(argument vector, None)`` or ``(None, script)`` of a shell call's arguments, or
    ``(None, None)`` when they hold no command."""
    if not isinstance(args, dict):
        return None, None
    command = args.get("command", args.get("commands", args.get("cmd")))
    if isinstance(command, list):
        words = [c for c in command if isinstance(c, str)]
        if len(words) > 2 and _SHELLS.fullmatch(words[0]) and _SCRIPT_FLAG.fullmatch(words[1]):
            command = "\n".join(words[2:])  # a shell running a script: its commands
        elif words and words[0] and not any(c.isspace() for c in words[0]):
            # An argument vector (Codex's ``["rg", "-n", "a|b", "src"]``): one command,
            # whose arguments are values, never commands or redirects of their own.
            return words, None
        else:
            command = "\n".join(words)  # a list of commands
    if not isinstance(command, str) or not command.strip():
        return None, None
    return None, command


# A shell given a script to run (``bash -lc "..."``, ``/bin/sh -c``, ``zsh -lc``).
_SHELLS = re.compile(r"(?:\S*/)?(?:ba|z|da|k)?sh")
_SCRIPT_FLAG = re.compile(r"-[a-z]*c[a-z]*")
# A quoted string: a value inside a command (``rg "a|b"``, ``echo '>'``), whose ``|``,
# ``;`` and ``>`` are not the shell's.
_QUOTED = re.compile(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"")
# A here-document's operator and its terminating word (``<< 'PATCH'``, ``<<-EOF``).
_HEREDOC = re.compile(r"(?<!<)<<-?(?!<)\s*(['\"]?)([A-Za-z_][\w.-]*)\1")


def _without_heredocs(script: str) -> str:
    """A script without its here-documents' bodies: the lines fed to a command
    (``apply_patch << 'PATCH'``, ``python - <<EOF``) are its input, not commands."""
    if "<<" not in script:
        return script
    out: list[str] = []
    ends: list[str] = []  # the terminators still awaited, first first
    for line in script.split("\n"):
        if ends:
            if line.strip() == ends[0]:
                ends.pop(0)
            continue
        out.append(line)
        ends = [m.group(2) for m in _HEREDOC.finditer(line)]
    return "\n".join(out)


def _past_prefixes(words: list[str]) -> list[str]:
    """A simple command's words from its command on: past ``sudo``, ``env``, ``time``,
    ``nohup`` and variables' assignments."""
    while words and (words[0] in ("sudo", "env", "time", "nohup") or "=" in words[0]):
        words = words[1:]
    return words


# A script that opens by entering a directory (``cd web && npm test``, ``cd web; make``):
# the directory (a plain word: no quotes, variables or substitutions) and the rest.
_CD_FIRST = re.compile(r"\s*cd\s+([^\s;&|'\"$`()<>]+)\s*(?:&&|;)\s*(\S.*)", re.S)


def from_directory(a: str, b: str) -> tuple[str, str] | None:
    """Two shell commands written from one place, when one of them opens by entering a
    directory the other names in its paths: ``node x/y.js`` and ``cd x && node y.js``
    give ``("node x/y.js", "node x/y.js")``, the same command in effect. The cd is taken
    away and the rest's words that name a word of the other command from that directory
    are written as the other writes them. ``None`` when neither or both open with a cd,
    or when no word names one of the other's (``cd x && node z.js``: another command)."""
    for cd, other, cd_second in ((b, a, True), (a, b, False)):
        m = _CD_FIRST.match(cd)
        if m is None or _CD_FIRST.match(other) is not None:
            continue
        place = m.group(1)
        theirs = {posixpath.normpath(w): w for w in other.split() if not w.startswith("-")}
        words, resolved = [], False
        for word in m.group(2).split():
            named = None
            if not word.startswith("-"):
                named = theirs.get(posixpath.normpath(posixpath.join(place, word)))
            resolved = resolved or (named is not None and named != word)
            words.append(named or word)
        if not resolved:
            return None
        mine, plain = " ".join(words), " ".join(other.split())
        return (plain, mine) if cd_second else (mine, plain)
    return None


def _simple_kind(words: list[str]) -> str | None:
    """The kind of one simple command, its words: ``""`` when it is none (empty, ``cd``)."""
    words = _past_prefixes(words)
    if not words or words[0] in ("cd", "pushd", "popd", "export", "source", "."):
        return ""
    verb, rest = words[0].rsplit("/", 1)[-1], words[1:]
    if verb == "git":
        sub = next((w for w in rest if not w.startswith("-")), "")
        return READ if sub in _GIT_READS else WRITE
    if verb == "sed":
        return WRITE if any(w.startswith("-i") for w in rest) else READ
    if verb in _PACKAGE_MANAGERS:
        # The sub-command, past options and the value of one (``pnpm --filter app add``,
        # ``uv pip install``).
        subs = [w for w in rest if not w.startswith("-")][:2]
        return WRITE if any(w in _PACKAGE_WRITES for w in subs) else None
    if verb in _WRITE_COMMANDS:
        return WRITE
    if verb in _READ_COMMANDS:
        return READ
    return None


class ToolKinds:
    """The kind of each tool: hints first (per trace, then given), then the verb."""

    def __init__(self, hints: Mapping[str, bool] | Iterable[tuple[str, bool]] = ()) -> None:
        self.hints = dict(hints)
        self._memo: dict[str | None, str | None] = {}

    def call_kind(
        self, tool: str | None, args: Any, trace_hints: Mapping[str, bool] | None = None
    ) -> str | None:
        """The kind of one call: its tool's, else, for a tool whose kind nothing says (a
        shell, a file editor), the kind of the command it was given (:func:`command_kind`)."""
        found = self.kind(tool, trace_hints)
        return found if found is not None else command_kind(args)

    def kind(self, tool: str | None, trace_hints: Mapping[str, bool] | None = None) -> str | None:
        """``"read"``, ``"write"`` or ``None`` (unknown) for a tool."""
        if trace_hints and tool is not None and tool in trace_hints:
            return READ if trace_hints[tool] else WRITE
        known = self._memo.get(tool, "")
        if known != "":
            return known
        if tool in self.hints:
            found: str | None = READ if self.hints[tool] else WRITE
        else:
            found = verb_kind(tool)
        self._memo[tool] = found
        return found


_ERROR_TEXT = re.compile(
    r"\s*(?:error\b|exception:|<exception>|traceback \(most recent call last\))", re.I
)
# The same in Chinese, as a Chinese service's tools write it: "错误：订单不存在", "错误: ...",
# "[错误] ..."; "失败" alone opens many a status ("失败原因" in a record), so not it.
_ERROR_TEXT_ZH = re.compile(r"\s*[\[【]?(?:错误|錯誤)[\]】]?\s*[:：\]】]")
# The exit status a shell tool writes before the command's output (mini-SWE-agent's
# ``<returncode>1</returncode>\n<output>...``): a command that exits non-zero failed, and
# one that exits 0 is read by its output (a pipe hides a script's traceback's status).
_RETURN_CODE = re.compile(r"\s*<returncode>\s*(-?\d+)\s*</returncode>\s*(?:<output>\n?)?")
# An exception's class and message, as ``str(exc)`` with its type (``ValueError: ...``,
# pydantic's ``ValidationError: 1 validation error ...``): what a tool runner returns.
_EXCEPTION_TEXT = re.compile(r"\s*(?:[A-Za-z_]\w*\.)*[A-Z][A-Za-z0-9]*(?:Error|Exception):")
# The header IPython and Jupyter write when a cell raises (a rule of dashes, then the
# exception's class beside "Traceback"), after whatever the cell printed before it: the
# code a Python tool ran failed (MINT's and CodeAct's ``execute``, notebook tools).
_CELL_TRACEBACK = re.compile(
    r"(?:\A|\n)\s*-{20,}\n(?:[A-Za-z_]\w*\.)*[A-Z]\w*[ \t]+Traceback \(most recent call last\)"
)


# gemini-cli's shell tool (run_shell_command; google-gemini/gemini-cli
# packages/core/src/tools/shell.ts, ShellToolInvocation.execute): the output, then a
# footer of "Error: ...", "Exit Code: N", "Signal: ..." lines (older versions write each
# with "(none)"; newer ones only those that say something), or a cancellation.
_SHELL_RESULT = ("Command: ", "Output: ")
_SHELL_CANCELLED = ("Command was automatically cancelled", "Command was cancelled by user")
_SHELL_FOOTER = frozenset(["Error", "Exit Code", "Signal", "Background PIDs", "Process Group PGID"])


def _shell_failed(text: str) -> bool:
    """Whether a gemini-cli shell result says its command failed: an error, a non-zero
    exit code or a signal in the footer after the output, or a timeout or cancellation."""
    if text.startswith(_SHELL_CANCELLED):
        return True
    if not text.startswith(_SHELL_RESULT):
        return False
    for line in reversed(text[-600:].split("\n")):
        key, sep, value = line.partition(": ")
        if not sep or key not in _SHELL_FOOTER:
            break  # the footer ends where the output does
        if key == "Error" and value.strip() != "(none)":
            return True
        if key == "Signal" and value.strip() not in ("(none)", "0"):  # 0 on Linux: none
            return True
        if key == "Exit Code" and value.strip() not in ("0", "(none)"):
            return True
    return False


# What a harness answers when it refused an action and left everything as it was: SWE-agent's
# linter rejecting an edit (its 0.x config and its 1.x windowed edit tools open with this;
# princeton-nlp/SWE-agent 0772c99c, tests/test_data/trajectories/...pydicom__pydicom-1458.traj).
_REFUSED = ("Your proposed edit has introduced new syntax error(s)",)
# A policy's refusal, as a harness or a tool's sandbox answers in place of running the
# action: its first sentence says the action (request, call, command...) was rejected,
# denied or blocked by or under a policy ("Browser Use rejected this action due to browser
# security policy. Reason: ...", the browser of a Codex Desktop session of 2026,
# codemie-ai/codemie-code 60fbed2c, rollout 019e1695). Only where the result opens with it:
# a page or a record quoting a policy further down is data.
_POLICY_REFUSAL = re.compile(
    r"\s*[^.\n]{0,80}?\b(?:rejected|denied|blocked|refused|disallowed)\b[^.\n]{0,60}?"
    r"\b(?:by|due to|under)\b[^.\n]{0,40}?\bpolic(?:y|ies)\b",
    re.I,
)
_REFUSED_ACT = re.compile(
    r"\b(?:action|request|call|command|tool|execution|operation|navigation|access)\b", re.I
)


def _policy_refused(text: str) -> bool:
    """Whether ``text`` opens by saying a policy refused the action (:data:`_POLICY_REFUSAL`)."""
    head = text[:240]
    if "olic" not in head:
        return False
    found = _POLICY_REFUSAL.match(head)
    return found is not None and _REFUSED_ACT.search(found.group()) is not None


def exit_failed(code: Any) -> bool:
    """Whether a shell's exit status, as a result records it in a field of its own
    (Anthropic code execution's ``return_code``, the Responses API's ``exit_code``,
    OpenHands's ``exit_code``), says the command failed: a whole number other than 0. A
    status that is not a number (none recorded, ``null``) says nothing."""
    return isinstance(code, int) and not isinstance(code, bool) and code != 0


def is_error_text(text: str | None, structured: Any = None) -> bool:
    """Whether a result reads as an error: an ``Error:`` text, a top-level error object,
    an IPython cell's traceback or a policy's refusal of the action."""
    if structured is not None and _error_object(structured):
        return True
    if not text:
        return False
    if _ERROR_TEXT.match(text[:64]) or _EXCEPTION_TEXT.match(text[:120]):
        return True
    if not text.isascii() and _ERROR_TEXT_ZH.match(text[:32]):
        return True
    if text.lstrip().startswith(_REFUSED) or _policy_refused(text):
        return True
    if text[:1] in ("C", "O") and _shell_failed(text):
        return True
    if text.lstrip()[:1] == "<":
        code = _RETURN_CODE.match(text[:64])
        if code is not None:
            return int(code.group(1)) != 0 or is_error_text(text[code.end() :])
    if "Traceback (most recent call last)" in text and _CELL_TRACEBACK.search(text):
        return True
    if text.lstrip()[:1] == "{" and ('"error' in text[:200] or _FAILED_FLAG.search(text[:200])):
        try:
            return _error_object(json.loads(text))
        except ValueError:
            return False
    return False


def _error_object(doc: Any) -> bool:
    """``{"error": {...}}`` / ``{"error": "..."}`` with nothing but an error's companions;
    an API's error object that says it is one (Notion's ``{"object": "error", "status":
    404, "code": "object_not_found", "message": ...}``); a result whose own flag says the
    call failed and why (``{"success": false, "message": "cannot be canceled"}``, Slack's
    ``{"ok": false, "error": "channel_not_found"}``, ADK's ``{"status": "error",
    "error_message": ...}``, Mastra's ``{"error": true, "message":
    ...}``); or an error code or object with its
    message beside it, whatever else the result holds (``{"error": "SERVICE_NOT_FOUND",
    "message": ..., "suggested_service": {...}}``)."""
    if not isinstance(doc, dict):
        return False
    if doc.get("object") == "error" and "message" in doc:
        return True
    err = doc.get("error", doc.get("errors"))
    # ``"status": "error"`` is the result Google ADK's documentation has a tool return when
    # it failed (``{"status": "error", "error_message": ...}``); "failed" or "cancelled" may
    # be the state of the thing looked up (a payment's), so only "error" says the call did.
    status = doc.get("status")
    failed = doc.get("success", doc.get("ok")) is False or (
        isinstance(status, str) and status.strip().lower() == "error"
    )
    if err in (None, False, "", [], {}):
        # A failure flag with its reason; a bare ``false`` (a health check's verdict) is data.
        return failed and any(doc.get(k) for k in _REASON_KEYS)
    if failed or set(doc) <= {"error", "errors", "status", "code", "message", "detail", "details"}:
        return True
    if err is True:
        # A boolean error flag with its reason, whatever else the result holds (Mastra's
        # {"error": true, "message": "Tool validation failed ...", "validationErrors": ...}).
        return any(isinstance(doc.get(k), str) and doc[k] for k in ("message", "reason", "detail"))
    # An error beside data must say what failed: a code (no spaces) or an object with a
    # code or message, and its message beside it; a record that merely has an "error"
    # field ({"error": "disk full on node 3", "host": ...} in a log search) is not.
    coded = (isinstance(err, str) and _ERROR_CODE.match(err) is not None) or (
        isinstance(err, dict) and any(k in err for k in ("code", "message", "type"))
    )
    return coded and any(isinstance(doc.get(k), str) for k in ("message", "detail"))


#: Where a result that flags its own failure says why (``msg``: Chinese services' APIs).
_REASON_KEYS = ("message", "reason", "detail", "error_message", "errorMessage", "msg")

# A result's own flag that the call failed, near its top: ``"success": false``, ``"ok":false``.
_FAILED_FLAG = re.compile(r'"(?:success|ok)"\s*:\s*false')

# An error code as APIs write one: ``SERVICE_NOT_FOUND``, ``not_found``, ``timeout``.
_ERROR_CODE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*\Z")
