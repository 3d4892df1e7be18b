"""YAML tool results: the mapping or list a result's text holds, when it is written as YAML.

AgentDojo writes every tool's return value with ``yaml.safe_dump``, and some tools
elsewhere return YAML text inside OpenAI Chat or Anthropic messages. A result read this way
gets a structured form, so its values have paths (``fees[].fee_id``) as a JSON result's do.
Dates and times stay the strings the tool wrote.
"""

from __future__ import annotations

import re
from typing import Any

import yaml


class _Loader(yaml.CSafeLoader if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader):  # type: ignore[misc]
    """Safe YAML read by the YAML 1.2 core schema's plain scalars: ``null``, ``true`` and
    ``false``, decimal integers and floats; everything else stays the text the tool wrote.

    PyYAML's YAML 1.1 rules would turn a time ``10:45`` into the integer 645, an id
    ``0123`` into the octal 83, Norway's ``NO`` into ``False`` and a date into a date
    object; ``yaml.safe_dump`` quotes such strings, but a hand-written result does not."""


_CORE = [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^[-+]?(?:0|[1-9][0-9]*)$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        # A point or an exponent: digits alone with a leading zero are an id (0123).
        r"^[-+]?(?:(?:\.[0-9]+|(?:0|[1-9][0-9]*)\.[0-9]*)(?:[eE][-+]?[0-9]+)?"
        r"|(?:0|[1-9][0-9]*)[eE][-+]?[0-9]+)$",
        "-+.0123456789",
    ),
]
_Loader.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in _CORE:
    _Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))
_Loader.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^$"), [""])


def yaml_structure(text: str) -> Any:
    """The mapping or list a YAML result text holds, as JSON values (string keys), or
    ``None`` for prose, a bare scalar, text that is not YAML, or YAML that repeats a
    container through an alias (``*name``)."""
    if not text or (":" not in text and not text.lstrip().startswith("-")):
        return None
    try:
        doc = yaml.load(text, Loader=_Loader)  # a safe loader, core schema scalars only
    except (yaml.YAMLError, RecursionError, ValueError):
        return None
    if not isinstance(doc, dict | list) or not doc:
        return None
    try:
        return _json_value(doc, set())
    except _Alias:
        return None  # read as prose, never expanded


class _Alias(Exception):
    """A container met twice: a YAML alias (``*name``) repeating its anchor."""


def _json_value(node: Any, seen: set[int]) -> Any:
    # The loader hands an alias back as the very object its anchor built, so a container
    # met twice is an alias. Refused: nine lines of nested aliases ("billion laughs") load
    # cheaply but would expand to hundreds of millions of values here.
    if isinstance(node, dict | list):
        if id(node) in seen:
            raise _Alias
        seen.add(id(node))
    if isinstance(node, dict):
        return {str(k): _json_value(v, seen) for k, v in node.items()}
    if isinstance(node, list):
        return [_json_value(v, seen) for v in node]
    if node is None or isinstance(node, bool | int | float | str):
        return node
    return str(node)  # binary and the like: their text


# A line of a YAML mapping or of a list of mappings: ``key: value``, ``key:`` opening a
# nested block, ``- key: value``; keys are identifiers, never words of a sentence.
_KEY_LINE = re.compile(r"(?:- )?[A-Za-z_][\w.-]*:(?:[ \t]|$)")
_ITEM_LINE = re.compile(r"- \S")


def looks_like_yaml(text: str) -> bool:
    """Whether a result's text is laid out as a YAML document: its first line a key line,
    at least two key lines, and every line at the left margin a key line or a list item.

    Prose that happens to hold a colon ("Note: the flight is delayed.") is one key line
    at most, or has a sentence at the margin; it stays prose with no paths."""
    if "\n" not in text.strip():
        return False
    keys = 0
    for n, line in enumerate(text.strip().splitlines()):
        if not line.strip() or line[:1] in (" ", "\t"):
            if n == 0:
                return False
            # A nested block's keys, or a continued value.
            keys += 1 if _KEY_LINE.match(line.strip()) else 0
            continue
        if _KEY_LINE.match(line):
            keys += 1
        elif n == 0 or not _ITEM_LINE.match(line):
            return False
    return keys >= 2
