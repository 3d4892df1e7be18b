"""One exception hierarchy for every problem a user can fix.

Each error names the file, the position in it and the fix, so the CLI can
print one sentence instead of a traceback. The library raises these and never
prints or exits; `projeval.cli` maps them to the exit codes below.
"""

from __future__ import annotations

from pathlib import Path

#: Exit codes of the ``projeval`` command, documented in the README.
EXIT_OK = 0
#: Bad usage or bad input: a suite, fixture, trace, config or store problem.
EXIT_INPUT = 1
#: ``projeval check`` ran and a threshold failed.
EXIT_GATE = 2
#: A bug in projeval itself: the traceback is shown so it can be reported.
EXIT_INTERNAL = 3


class ProjevalError(Exception):
    """A problem with the user's input or environment, with a way to fix it.

    ``file`` and ``position`` (``"12"`` for a line, ``"12:5"`` for line and
    column, or a path inside a document such as ``questions[3].needs[0]``)
    say where; ``fix`` says what to change.
    """

    exit_code = EXIT_INPUT

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        position: str | int | None = None,
        fix: str | None = None,
    ) -> None:
        self.message = message
        self.file = str(file) if file is not None else None
        self.position = str(position) if position is not None else None
        self.fix = fix
        super().__init__(self.render())

    def render(self) -> str:
        """The one-line form the CLI prints after ``Error: ``."""
        where = ""
        if self.file:
            where = self.file + (f":{self.position}" if self.position else "") + ": "
        elif self.position:
            where = f"{self.position}: "
        text = where + self.message
        if self.fix:
            text += f" Fix: {self.fix}"
        return text


class ConfigError(ProjevalError):
    """The project config (projeval.toml or [tool.projeval]) is wrong."""


class SuiteError(ProjevalError):
    """A question set (suite file) is missing, malformed or inconsistent."""


class FixtureError(ProjevalError):
    """A fixture file is missing or is not valid JSON."""


class ProjectionLoadError(ProjevalError):
    """A projection named in a suite cannot be imported."""


class TokenizerError(ProjevalError):
    """A tokenizer's rank file is missing or does not match its hash."""


class TraceError(ProjevalError):
    """A trace file cannot be read at all (as opposed to one bad record)."""


class StoreError(ProjevalError):
    """The history store cannot be opened, read or written."""
