"""The harness's plumbing around a tool's payload: the header it writes above what a tool
printed, its notice of a command sent to the background, the tool it gives for the agent's
own plan.

Codex CLI (openai/codex) writes a command's output below lines of its own since late 2025:
a shell or a patch's ``Exit code: N``, ``Wall time: S seconds``, ``Total output lines: N``
(``codex-rs/core/src/tools/mod.rs``, ``format_exec_output_for_model_freeform``); the
unified exec tool's (``exec_command``, ``write_stdin``) ``Chunk ID: X``, ``Wall time``,
``Process exited with code N`` or ``Process running with session ID N``, ``Original token
count: N`` (``ExecCommandToolOutput::response_text``); then a line ``Output:`` and what the
command printed. An MCP tool's result run through code mode has only ``Wall time``.

The header is the harness's: how the run went and the handle it gives to poll a command
still running. What the tool returned, the payload a projection could trim, begins below it.

Claude Code answers a command it runs in the background with a notice of its own and no
output: ``Command running in background with ID: be613ab. Output is being written to:
/tmp/claude-1000/.../tasks/be613ab.output`` (:data:`BACKGROUND_NOTICE`). The id and the file
are the handle the agent reads the process by (``BashOutput(bash_id)``, ``TaskOutput(task_id)``,
``KillShell(shell_id)``, a ``tail`` of the file), as Codex's session id is: no payload.

The harness's plumbing, not the payload, is also the tool it gives the agent to keep its own
plan or to-do list, or to hand the user its plan on leaving plan mode (:func:`notes_call`):
what the agent writes there are its notes.
"""

from __future__ import annotations

import re
from typing import Any

from .actions import name_words

#: How such a header opens.
HEADER_OPENS = ("Exit code: ", "Chunk ID: ", "Wall time: ")
#: At most this many lines before ``Output:`` (six written, room for a notice or two).
HEADER_LINES = 8


def split_header(output: str) -> tuple[list[str], str] | None:
    """``(header lines, output)`` of a result written below a harness's header
    (:data:`HEADER_OPENS`), or ``None``. Only the lines before ``Output:`` are the header:
    a command that prints "Process exited with code 0" says nothing of its own."""
    if not output.startswith(HEADER_OPENS):
        return None
    lines = output.split("\n", HEADER_LINES + 1)
    for at, line in enumerate(lines[: HEADER_LINES + 1]):
        if line == "Output:":
            return lines[:at], "\n".join(lines[at + 1 :])
        if line.startswith("Output: "):  # "Output: (empty)" in some builds
            return lines[:at], ""
    return None


#: How Claude Code's notice of a command sent to the background opens: as 2.0 and 2.1 write
#: it when asked (``run_in_background``) or when the command outran its timeout ("Command
#: did not complete within its 120s timeout and was moved to the background (ID: x)").
BACKGROUND_NOTICE = re.compile(
    r"Command (?:running in background with ID: |did not complete within [^\n(]{0,60}"
    r"moved to the background \(ID: )\w"
)


def payload_start(text: str) -> int:
    """Where what the tool returned begins in a result's text: past the header a harness
    wrote above it (:func:`split_header`), or past the line of a background notice
    (:data:`BACKGROUND_NOTICE`, its handle), else 0."""
    if text.startswith("Command ") and BACKGROUND_NOTICE.match(text):
        end = text.find("\n")
        return len(text) if end < 0 else end + 1
    found = split_header(text)
    return 0 if found is None else len(text) - len(found[1])


#: A word of a tool's name that says it keeps the agent's plan or to-do list.
NOTES_WORDS = frozenset(("plan", "todo", "todos"))
#: The words of a tool's name that switch a harness's plan mode (``ExitPlanMode``,
#: ``EnterPlanMode``, ``exit_plan_mode``): both of the first, one of the second.
_PLAN_MODE = frozenset(("plan", "mode"))
_MODE_SWITCH = frozenset(("exit", "enter"))


def plan_mode_switch(tool: str | None) -> bool:
    """Whether ``tool`` leaves or enters a harness's plan mode (Claude Code's
    ``ExitPlanMode``, ``EnterPlanMode``, other harnesses' ``exit_plan_mode``): its ``plan``
    argument is the plan the model wrote for the user to approve."""
    if not tool:
        return False
    words = name_words(tool)
    return _PLAN_MODE.issubset(words) and not _MODE_SWITCH.isdisjoint(words)


def notes_call(tool: str | None, args: Any) -> bool:
    """Whether a call writes the agent's own plan or to-do list, as a harness gives it a
    tool for: Codex's ``update_plan({"plan": [{"step", "status"}], "explanation"})``, Claude
    Code's ``TodoWrite({"todos": [{"content", "status", "activeForm"}]})``, gemini-cli's and
    deepagents' ``write_todos``; or the harness's plan mode left or entered (Claude Code's
    ``ExitPlanMode({"plan": markdown})``). Its name says plan or to-do and an argument is a
    list of items that each carry a ``status``, or its name switches the plan mode; a
    service's ``update_plan(customer_id, plan_id)`` (a phone plan) carries none. Values a
    result gave that the agent copies into its notes were not looked up: the call fetches
    nothing and acts on nothing but its own list or plan."""
    if not tool or type(args) is not dict:
        return False
    words = name_words(tool)
    if NOTES_WORDS.isdisjoint(words):
        return False
    if plan_mode_switch(tool):
        # Leaving (or entering) the harness's plan mode: Claude Code's ExitPlanMode({"plan":
        # markdown, "planFilePath"}), other harnesses' exit_plan_mode, hands the user the
        # plan to approve. Its plan is a text, not a list with statuses, and as much the
        # agent's notes.
        return True
    return any(
        type(v) is list and v and all(type(i) is dict and "status" in i for i in v)
        for v in args.values()
    )
