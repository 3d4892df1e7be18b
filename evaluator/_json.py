"""JSON reading for text nobody at the user's company wrote.

The standard library accepts two things the rest of projeval cannot carry:
a lone UTF-16 surrogate escape (``"\\udc00"``, valid JSON, not valid Unicode:
it cannot be encoded, tokenized or stored) and an integer of more than 4300
digits (``int`` refuses to convert it, with a ``ValueError`` that is not a
``JSONDecodeError``). :func:`loads` refuses both as a ``JSONDecodeError`` with
the position, so every reader's existing handling (an error naming the line and
column for a fixture, a skipped and reported line for a trace) covers them.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from .errors import SuiteError

__all__ = [
    "MAX_DEPTH",
    "has_lone_surrogate",
    "loads",
    "nested_deeper",
    "read_json",
    "scrub_surrogates",
]

# A high surrogate escape not followed by a low one, or a low one not preceded by a high one.
_LONE_ESCAPE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_MAX_DIGITS = sys.get_int_max_str_digits() or 4300
_LONG_INTEGER = re.compile(rf"-?\d{{{_MAX_DIGITS + 1},}}")


def loads(text: str) -> Any:
    """``json.loads``, refusing lone surrogates and over-long integers with a position."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        raise
    except ValueError as exc:
        found = _LONG_INTEGER.search(text)
        if found is None:
            raise json.JSONDecodeError(str(exc), text, 0) from None
        raise json.JSONDecodeError(
            f"integer with {len(found[0].lstrip('-')):,} digits (more than {_MAX_DIGITS:,} "
            "cannot be read)",
            text,
            found.start(),
        ) from None
    # The cheap scan first: escapes of surrogates are rare, and only they can make one.
    if _SURROGATE_ESCAPE.search(text) and has_lone_surrogate(value):
        found = _LONE_ESCAPE.search(text)
        raise json.JSONDecodeError(
            f"lone surrogate {found[0] if found else 'escape'} (not a Unicode character)",
            text,
            found.start() if found else 0,
        )
    return value


#: How deep a value read from a trace may nest. Code that walks a value (``json.dumps``,
#: ``repr``, projeval's own readers) takes a frame or more a level, and Python stops at
#: 1,000; orjson reads 1,024 levels. No recorded trace comes near: the format corpora
#: nest 14 levels at most.
MAX_DEPTH = 100


def nested_deeper(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests lists and objects more than ``limit`` levels deep."""
    if type(value) is not dict and type(value) is not list:
        return False
    return limit < 1 or _deeper(value, limit - 1)


def _deeper(node: dict[Any, Any] | list[Any], levels: int) -> bool:
    """Whether a list or object sits more than ``levels`` levels below ``node``.

    Recursive, at most ``levels`` frames deep: every record and every call's arguments
    are checked, and a call per container costs less than the stack of ``(item, depth)``
    pairs it replaced (a tuple per container and a generator per list or object).
    """
    for child in node.values() if type(node) is dict else node:
        if (type(child) is dict or type(child) is list) and (
            levels == 0 or _deeper(child, levels - 1)
        ):
            return True
    return False


def _is_lone(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def has_lone_surrogate(value: Any) -> bool:
    """Whether any string (key or value) in a JSON value holds a lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _is_lone(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return False


def scrub_surrogates(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, so it can be encoded."""
    if not _is_lone(text):
        return text
    # Through UTF-16, so a pair that sits in ``text`` as two code points is joined, not lost.
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def read_json(path: Path, what: str, fix: str) -> Any:
    """The JSON document in ``path``; one :class:`SuiteError` naming it, and ``what`` it
    is, when it cannot be read or parsed."""
    try:
        return loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SuiteError(
            f"the {what} cannot be read as JSON ({exc}).", file=path, fix=fix
        ) from None
