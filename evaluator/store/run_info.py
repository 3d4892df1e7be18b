"""What a run records besides its scores: its start time, versions and git state."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .._version import __version__


@dataclass(frozen=True)
class RunInfo:
    """What a run records besides its scores. ``started_at`` is injected, never read here."""

    started_at: datetime
    projeval_version: str = __version__
    tokenizer: str | None = None
    git_commit: str | None = None
    git_dirty: bool | None = None

    def __post_init__(self) -> None:
        if self.started_at.tzinfo is None:
            raise ValueError("RunInfo.started_at must be timezone-aware, e.g. datetime.now(UTC)")

    @classmethod
    def capture(
        cls, started_at: datetime, root: str | Path, tokenizer: str | None = None
    ) -> RunInfo:
        """Run metadata for a project folder: its git commit and dirty flag, if any."""
        commit, dirty = git_state(root)
        return cls(started_at=started_at, tokenizer=tokenizer, git_commit=commit, git_dirty=dirty)

    @property
    def started_at_utc(self) -> datetime:
        """``started_at`` in UTC, without a zone, as the store keeps it."""
        return self.started_at.astimezone(UTC).replace(tzinfo=None)


def git_state(path: str | Path) -> tuple[str | None, bool | None]:
    """The commit checked out at ``path`` and whether tracked files differ from it.

    ``(None, None)`` when ``path`` is not in a git work tree, the repository has
    no commit yet, or git is not installed. Untracked files do not make a tree
    dirty (as with ``git describe --dirty``).
    """
    # No optional locks: a concurrent git command in the user's tree must not fail.
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}

    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["git", "-C", str(path), *args],
            capture_output=True,
            text=True,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=30,
            check=False,
        )

    try:
        head = git("rev-parse", "--verify", "--quiet", "HEAD")
        if head.returncode != 0 or not head.stdout.strip():
            return None, None
        status = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return None, None
    dirty = bool(status.stdout.strip()) if status.returncode == 0 else None
    return head.stdout.strip(), dirty
