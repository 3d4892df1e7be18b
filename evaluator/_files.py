"""Files projeval reads and writes for the user: the one place for both guards.

Every file written for the user (the report, ``--out``, JUnit XML, summaries,
mined and merged suites) goes through :func:`write_atomic`: a temporary file
in the same folder, flushed to disk, then renamed over the target, so a full
disk or a kill leaves the earlier file whole instead of a truncated one.

Every path read where a file is expected goes through :func:`regular_file`
first: a device (``/dev/zero``) or a FIFO would be read forever or block
forever, so it is refused before it is opened.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from ._json import scrub_surrogates
from .errors import ProjevalError

__all__ = ["OutputError", "regular_file", "write_atomic"]


class OutputError(ProjevalError):
    """A file projeval writes for the user cannot be written."""


def regular_file(
    path: str | Path,
    error: type[ProjevalError] = ProjevalError,
    what: str = "file",
    *,
    fix: str | None = None,
) -> os.stat_result:
    """``path``'s stat if it is a regular file; else one ``error`` saying what it is.

    ``os.stat`` never opens the file, so a FIFO cannot block here. A missing
    file raises ``FileNotFoundError`` for the caller's own message.
    """
    info = os.stat(path)
    if stat.S_ISREG(info.st_mode):
        return info
    if stat.S_ISDIR(info.st_mode):
        kind = "a folder"
    elif stat.S_ISFIFO(info.st_mode):
        kind = "a FIFO (named pipe)"
    elif stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode):
        kind = "a device"
    else:
        kind = "not a regular file"
    raise error(
        f"{what} is {kind}, not a regular file.",
        file=path,
        fix=fix or "point at a regular file (devices and pipes cannot be read as one)",
    )


def write_atomic(
    path: str | Path, text: str, *, check: Callable[[Path], object] | None = None
) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically; returns the path written.

    ``check`` is called with the temporary file before it replaces the target
    (a merged suite is loaded there first); if it raises, the target is untouched.
    A lone surrogate (from a projection's error message, say) is written as U+FFFD.
    """
    target = Path(path)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        data = scrub_surrogates(text).encode("utf-8")
    try:
        existing: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        existing = None
    except OSError as exc:
        raise _write_error(target, exc) from None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        if stat.S_ISDIR(existing.st_mode):
            raise OutputError(
                "is a folder, not a file.", file=target, fix="name a file to write, not a folder"
            )
        # /dev/null, /dev/stdout or a pipe: renaming over it would replace the device.
        return _write_in_place(target, data)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # Same suffix as the target: a check (a merged suite is loaded) may go by it.
        fd, tmp = tempfile.mkstemp(
            prefix=f".{target.stem[:64]}.", suffix=f".tmp{target.suffix}", dir=target.parent
        )
    except OSError as exc:
        raise _write_error(target, exc) from None
    try:
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            # mkstemp makes the file private (0600); give it the mode a plain write would.
            os.chmod(tmp, stat.S_IMODE(existing.st_mode) if existing else _default_mode())
        except OSError as exc:
            raise _write_error(target, exc) from None
        if check is not None:
            check(Path(tmp))
        try:
            os.replace(tmp, target)
        except OSError as exc:
            raise _write_error(target, exc) from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return target


def _write_in_place(target: Path, data: bytes) -> Path:
    try:
        with open(target, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise _write_error(target, exc) from None
    return target


def _default_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _write_error(target: Path, exc: OSError) -> OutputError:
    return OutputError(
        f"could not write the file ({exc.strerror or exc}); an earlier file there is unchanged.",
        file=target,
        fix="free some disk space, or check that the folder is writable, or write elsewhere",
    )
