"""YAML loading that remembers where each value came from.

Suite files are written by hand, so every validation message must say the
line. PyYAML's composer gives node marks; we construct the data as usual and
record ``path -> "line:col"`` alongside it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ._files import regular_file
from ._json import has_lone_surrogate
from .errors import SuiteError

Positions = dict[tuple[str | int, ...], str]

#: Suites and fixtures are read whole; a bigger file is refused rather than read.
MAX_FILE_BYTES = 256 * 1024 * 1024


def read_text(path: Path, error: type[SuiteError] = SuiteError, what: str = "file") -> str:
    """Read a UTF-8 text file (a BOM is allowed), with one clear error when that fails."""
    try:
        if not path.is_dir():
            # A device or FIFO would be read forever or block: refused before it is opened.
            info = regular_file(path, error, what)
            if info.st_size > MAX_FILE_BYTES:
                raise error(
                    f"{what} is larger than the {MAX_FILE_BYTES >> 20} MB bound "
                    f"({info.st_size:,} bytes).",
                    file=path,
                    fix="trim it to a representative sample",
                )
        data = path.read_bytes()
    except FileNotFoundError:
        raise error(
            f"{what} not found.", file=path, fix="check the path and its spelling"
        ) from None
    except IsADirectoryError:
        raise error(f"{what} is a directory, not a file.", file=path) from None
    except OSError as exc:
        raise error(f"cannot read {what}: {exc.strerror}.", file=path) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise error(
            f"{what} is not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}).",
            file=path,
            position=line,
            fix="save the file as UTF-8",
        ) from None


def load_yaml(text: str, path: Path) -> tuple[Any, Positions]:
    """Parse YAML text into plain data plus the line:col of every node."""
    # libyaml's parser when PyYAML has it (three times faster on a 10,000-question
    # suite; its nodes carry the same marks). A document it rejects is parsed again
    # by the pure-Python parser, so the error reads the same on every machine.
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return _parse(fast, text, path)
        except SuiteError:
            pass
    return _parse(yaml.SafeLoader, text, path)


def _parse(loader_class: Any, text: str, path: Path) -> tuple[Any, Positions]:
    loader = None
    try:
        # The reader checks the characters as it is built, so build it in here.
        loader = loader_class(text)
        node = loader.get_single_node()
        # Positions first: the walk refuses aliases before anything expands them.
        positions: Positions = {}
        if node is not None:
            _walk(node, (), positions, path)
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        position = f"{mark.line + 1}:{mark.column + 1}" if mark else None
        problem = exc.problem or exc.context or "cannot parse"
        raise SuiteError(
            f"invalid YAML: {problem}.",
            file=path,
            position=position,
            fix="correct the YAML syntax at that position",
        ) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise SuiteError(
            f"invalid YAML: character {exc.character!r} is not allowed.",
            file=path,
            position=f"{line}:{column}",
            fix="remove the control character (YAML allows printable characters, tab and newlines)",
        ) from None
    except yaml.YAMLError as exc:
        raise SuiteError(f"invalid YAML: {exc}.", file=path) from None
    except RecursionError:
        raise SuiteError(
            "the YAML is nested too deeply to read.", file=path, fix="flatten the document"
        ) from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, positions


def _refuse_surrogates(node: yaml.Node, file: Path) -> None:
    # "\\ud800" is a valid YAML escape but no character: it could not be encoded later.
    if isinstance(node.value, str) and has_lone_surrogate(node.value):
        raise SuiteError(
            "a string holds a lone surrogate escape (not a Unicode character).",
            file=file,
            position=node.start_mark.line + 1,
            fix="replace the \\uD800-\\uDFFF escape with the character it stands for",
        )


def _walk(root: yaml.Node, root_path: tuple[str | int, ...], out: Positions, file: Path) -> None:
    stack: list[tuple[yaml.Node, tuple[str | int, ...]]] = [(root, root_path)]
    # The composer hands an alias back as the very node its anchor names, so a node
    # met twice is an alias. Refused outright: a few lines of nested aliases expand
    # to billions of nodes (a "billion laughs"), in this walk or in any later one.
    visited: set[int] = set()
    while stack:
        node, where = stack.pop()
        mark = f"{node.start_mark.line + 1}:{node.start_mark.column + 1}"
        if id(node) in visited:
            raise SuiteError(
                "YAML aliases (*name) are not supported; the anchor they repeat is here.",
                file=file,
                position=mark,
                fix="write the repeated value out in full",
            )
        visited.add(id(node))
        out[where] = mark
        if isinstance(node, yaml.ScalarNode):
            _refuse_surrogates(node, file)
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key_node, value_node in node.value:
                key = str(key_node.value)
                _refuse_surrogates(key_node, file)
                if key in seen:
                    raise SuiteError(
                        f"duplicate key {key!r}.",
                        file=file,
                        position=f"{key_node.start_mark.line + 1}:{key_node.start_mark.column + 1}",
                        fix="remove or rename one of the two entries",
                    )
                seen.add(key)
                stack.append((value_node, (*where, key)))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                stack.append((item, (*where, index)))
