"""Field paths: parsing `data[].attributes.sla_due_at` and walking JSON documents.

A *path* names a place in a JSON document. Segments are separated by dots;
``[]`` after a segment (or alone, at the start) means "any item of this list",
``*`` means "any key of this map" and a final ``*~`` names the keys themselves
(``payment_methods.*~``: the ids a map is keyed by), as JSONPath-Plus writes them. An *instance path* is a tuple of real
keys and list indices; its *schema path* replaces indices with ``[]`` and the
keys of id-keyed maps with ``*``, so that every record of a list has the same
schema path.

Walking is iterative, never recursive, so a document nested 10,000 levels
deep costs memory, not the interpreter's stack.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from typing import Any

from . import _json

#: Segment meaning "any item of a list".
ANY_ITEM = "[]"
#: Segment meaning "any key of a map".
ANY_KEY = "*"
#: Schema-path segment meaning "the JSON document this string holds" (``body.<json>.id``).
IN_JSON = "<json>"
#: Final segment meaning "the keys of this map" (``dictionaries.locations.*~``).
KEYS = "*~"


class _JsonStep:
    """The instance-path step into a JSON string: an object, so no real key can equal it."""

    def __repr__(self) -> str:
        return IN_JSON


#: Instance-path step into a string that holds JSON.
JSON_STEP: Any = _JsonStep()


class MapKey:
    """The last step of an instance path that names a map's key (renamed to perturb it)."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MapKey) and other.key == self.key

    def __hash__(self) -> int:
        return hash(("MapKey", self.key))

    def __repr__(self) -> str:
        return f"MapKey({self.key!r})"


InstancePath = tuple[str | int | MapKey, ...]
SchemaPath = tuple[str, ...]
#: One leaf of a walk: its instance path, its schema path and its value.
Leaf = tuple[InstancePath, SchemaPath, Any]

_KEY = re.compile(r"^[^.\[\]]+$")


class PathSyntaxError(ValueError):
    """A field path string is malformed; the message says where."""


def parse_path(text: str) -> SchemaPath:
    """Parse ``data[].attributes.id`` into ``("data", "[]", "attributes", "id")``."""
    if not isinstance(text, str) or not text.strip():
        raise PathSyntaxError("a field path must be a non-empty string")
    segments: list[str] = []
    parts = text.strip().split(".")
    for at, part in enumerate(parts):
        if part == "":
            raise PathSyntaxError(f"empty segment in {text!r} (two dots, or a dot at an end)")
        key = part
        brackets = 0
        while key.endswith("[]"):
            key = key[:-2]
            brackets += 1
        if key == "" and not segments and brackets:
            pass  # a bare top-level list: "[].id"
        elif key == KEYS:
            if brackets or at != len(parts) - 1:
                raise PathSyntaxError(f"'*~' (the keys of a map) must end {text!r}")
        elif key == "" or not _KEY.match(key):
            raise PathSyntaxError(f"segment {part!r} of {text!r} is not a key, 'key[]' or '*'")
        if key:
            segments.append(key)
        segments.extend([ANY_ITEM] * brackets)
    return tuple(segments)


def format_path(segments: SchemaPath | InstancePath) -> str:
    """Inverse of :func:`parse_path`; list indices print as ``[3]``."""
    out = ""
    for seg in segments:
        if seg is JSON_STEP:
            seg = IN_JSON
        if isinstance(seg, MapKey):
            seg = f"{seg.key}~"
        if seg == ANY_ITEM:
            out += "[]"
        elif isinstance(seg, int):
            out += f"[{seg}]"
        else:
            out += ("." if out else "") + str(seg)
    return out or "$"


#: A key that looks like an id (see :func:`is_id_keyed_map`): a digit, a long hex run,
#: or a prefix and a mixed-case token (``usr_AbXfQe``); ``appointment_charge`` and
#: ``billing_address`` are field names, not ids.
ID_KEY = re.compile(
    r"\d|^[0-9a-f]{8,}$|^[A-Za-z]+_(?=[0-9A-Za-z]*[a-z])(?=[0-9A-Za-z]*[A-Z])[0-9A-Za-z]{4,}$"
)
_ID_KEY = ID_KEY


def is_id_keyed_map(node: dict[str, Any]) -> bool:
    """True for maps keyed by ids (``{"card_442": {...}, "cert_750": {...}}``).

    Records with ordinary field names are not: their keys carry no digits.
    Such maps need the ``*`` wildcard, or every entry looks like a new schema.
    """
    if len(node) < 2:
        return False
    values = list(node.values())
    if not all(isinstance(v, dict) for v in values) and not all(
        isinstance(v, list) for v in values
    ):
        return False
    keys = list(node)
    id_like = sum(1 for k in keys if _ID_KEY.search(k))
    return id_like * 2 > len(keys)


# A key naming a record's identity: id, booking_id, hotelId, uuid. Not ``name``: two
# airports or two people under ``departure`` / ``arrival`` or ``assignee`` / ``reporter``
# each have a name and are still fields.
_IDENTITY_KEY = re.compile(r"(?i)^(?:id|uuid)$|_id$|[a-z]Id$")


def is_data_keyed_map(node: dict[str, Any]) -> bool:
    """True for a map whose keys are data, not schema, though no key looks like an id:
    two or more records of one structure (they share at least two keys, and at least half
    of all the keys any of them has: an optional ``endDate`` is still one structure) that
    either each carry their own identity (``{"rent": {"id": "rc-17", "amount": 2800},
    "utilities": {"id": "rc-18", "amount": 250}}``: labels the agent chose for records a
    tool named) or are keyed by phrases (``{"New York": {...}, "Los Angeles": {...}}``:
    the user's cities). Fields of one shape (``departure``/``arrival``, each an airport
    and a time; a billing and a shipping address) carry no identity and are keyed by
    identifiers: they stay fields.

    So is a map of containers every key of which is a value by its own shape
    (:func:`is_data_key`: ``{"MAD": {...}, "CDG": {...}}``, airports by their codes), or
    names the record under it (its ``id``), and such a map of **one** entry
    (``{"credit_card_7815826": {...}}``, ``{"New York": {...}}``, ``{"rc-17": {"id":
    "rc-17", ...}}``): a map of one entry is keyed as one of many is. A one-entry map under
    a field's name (``{"billing": {...}}``, ``{"address": {...}}``) stays a field.

    Read by trace analysis only (:mod:`projeval.traces.values`: follow-up paths and the
    per-field aggregate), not by :func:`is_id_keyed_map`: a projection's field paths keep
    such keys, since a question set may name one (``plans.premium.price``)."""
    if not node:
        return False
    # A loop, not all() over a generator: trace analysis asks this of every map of
    # containers in every distinct tool result, and most answer at their first entry.
    for k, v in node.items():
        if not (
            (type(v) is dict or type(v) is list) and (is_data_key(k) or _names_its_record(k, v))
        ):
            break
    else:
        return len(node) == 1 or len({type(v) for v in node.values()}) == 1
    if len(node) < 2:
        return False
    common: set[str] | None = None
    every: set[str] = set()
    for value in node.values():
        if type(value) is not dict or len(value) < 2:
            return False
        if common is None:
            common = set(value)
        else:
            common.intersection_update(value)
        every.update(value)
    if common is None or len(common) < 2 or len(common) * 2 < len(every):
        return False
    if any(_IDENTITY_KEY.search(k) for k in common):
        return True
    return all(" " in k.strip() for k in node)


# A code in capitals that keys a map: an airport (MAD), a country (US), a currency (EUR).
_CODE_KEY = re.compile(r"[A-Z][A-Z0-9]{1,3}")
# An id token with a prefix: usr_AbXfQe, cus_9s6XKzkNRiz8i3 (ID_KEY's third form).
_TOKEN_KEY = re.compile(r"[A-Za-z]+_(?=[0-9A-Za-z]*[a-z])(?=[0-9A-Za-z]*[A-Z])[0-9A-Za-z]{4,}")


# Remembered: trace analysis asks it of every map of containers in every distinct tool result
# (values.ResultIndex), and the keys of one shape of record repeat.
@functools.lru_cache(maxsize=8192)
def is_data_key(key: str) -> bool:
    """Whether a map's key is a value by its own shape, not a field's name: an instance's
    id (:data:`_INSTANCE_KEY`: ``credit_card_7815826``, ``12345``, a long hex, a uuid; or a
    prefixed token, ``usr_AbXfQe``), a phrase with a space (``New York``) or a code in
    capitals (``MAD``, ``US``; not ``ID``). ``billing``, ``address``, ``shopMoney`` or
    ``line1`` are field names."""
    return (
        _INSTANCE_KEY.search(key) is not None
        or " " in key.strip()
        or (_CODE_KEY.fullmatch(key) is not None and _IDENTITY_KEY.search(key) is None)
        or _TOKEN_KEY.fullmatch(key) is not None
    )


def _names_its_record(key: str, value: Any) -> bool:
    """Whether ``value`` is a record whose identity (``id``, ``*_id``, ``uuid``) is ``key``:
    ``{"rc-17": {"id": "rc-17", ...}}``."""
    # ``key in value.values()`` first: one scan in C turns away the usual record, which
    # holds no field equal to the key it sits under.
    return (
        type(value) is dict
        and key in value.values()
        and any(
            v == key and type(k) is str and _IDENTITY_KEY.search(k) is not None
            for k, v in value.items()
        )
    )


# A key that names one instance, not a field: a run of 4+ digits, a long hex id, or digits
# alone (an item's index as a map's key: ``futureCashflows.1.id`` in a validation error).
_INSTANCE_KEY = re.compile(r"\d{4}|^\d+$|^[0-9a-f]{8,}$|[0-9a-f]{8}-[0-9a-f]{4}")


def generalise_instances(path: str) -> str:
    """``payment_methods.*.id`` for ``payment_methods.credit_card_4065275.id``: keys of a
    generalised path that name one instance become ``*`` (a map with one entry is not
    recognised as id-keyed by :func:`is_id_keyed_map`, so its key stays in the path)."""
    if not any(c.isdigit() for c in path):
        return path
    out = []
    for seg in path.split("."):
        key, brackets = seg, ""
        while key.endswith("[]"):
            key, brackets = key[:-2], brackets + "[]"
        out.append(("*" if key and _INSTANCE_KEY.search(key) else key) + brackets)
    return ".".join(out)


def embedded_json(value: Any) -> Any:
    """The object or list a string holds as JSON text (``'{"id": 1}'``), else None."""
    if not isinstance(value, str) or len(value) < 2 or value[0] not in "{[":
        return None
    try:
        parsed = _json.loads(value)
    except (ValueError, RecursionError):
        return None
    return parsed if isinstance(parsed, dict | list) and parsed else None


def iter_leaves(
    doc: Any, expand_json: bool = False
) -> Iterator[tuple[InstancePath, SchemaPath, Any]]:
    """Yield ``(instance_path, schema_path, value)`` for every scalar, in document order.

    Scalars include ``None``. Empty lists and maps are not leaves. With
    ``expand_json``, a string holding a JSON object or list (a tool result
    serialised into a field) is walked into, under an :data:`IN_JSON` segment,
    instead of being a leaf itself.
    """
    stack: list[tuple[InstancePath, SchemaPath, Any]] = [((), (), doc)]
    while stack:
        ipath, spath, node = stack.pop()
        inner = embedded_json(node) if expand_json else None
        if inner is not None:
            stack.append(((*ipath, JSON_STEP), (*spath, IN_JSON), inner))
        elif isinstance(node, dict):
            wildcard = is_id_keyed_map(node)
            children = [
                ((*ipath, k), (*spath, ANY_KEY if wildcard else k), v) for k, v in node.items()
            ]
            stack.extend(reversed(children))
        elif isinstance(node, list):
            children = [((*ipath, i), (*spath, ANY_ITEM), v) for i, v in enumerate(node)]
            stack.extend(reversed(children))
        else:
            yield ipath, spath, node


def schema_of(ipath: InstancePath, doc: Any) -> SchemaPath:
    """Schema path of an instance path inside ``doc`` (indices and id-map keys generalised)."""
    node = doc
    out: list[str] = []
    for seg in ipath:
        if isinstance(node, list) and isinstance(seg, int):
            out.append(ANY_ITEM)
            node = node[seg] if -len(node) <= seg < len(node) else None
        elif isinstance(node, dict):
            out.append(ANY_KEY if is_id_keyed_map(node) else str(seg))
            node = node.get(seg) if isinstance(seg, str) else None
        else:
            out.append(ANY_ITEM if isinstance(seg, int) else str(seg))
            node = None
    return tuple(out)


def matches(pattern: SchemaPath, schema: SchemaPath) -> bool:
    """Whether a field-dictionary path matches a schema path (``*`` matches any key)."""
    if len(pattern) != len(schema):
        return False
    for p, s in zip(pattern, schema, strict=True):
        if p == s:
            continue
        if p == ANY_KEY and s != ANY_ITEM:
            continue
        return False
    return True


def is_prefix(prefix: SchemaPath, schema: SchemaPath) -> bool:
    """Whether ``prefix`` matches the start of ``schema`` (for paths naming objects)."""
    return len(prefix) < len(schema) and matches(prefix, schema[: len(prefix)])


def get_at(doc: Any, ipath: InstancePath) -> Any:
    """Value at an instance path (raises KeyError/IndexError/TypeError when absent)."""
    node = doc
    for seg in ipath:
        node = node[seg]
    return node


def json_style(text: str, parsed: Any) -> dict[str, Any]:
    """The ``json.dumps`` options that write ``parsed`` back as ``text`` was written."""
    for style in (
        {"separators": (",", ":")},
        {},
        {"indent": 2},
        {"separators": (",", ":"), "ensure_ascii": False},
        {"ensure_ascii": False},
        {"indent": 2, "ensure_ascii": False},
    ):
        if json.dumps(parsed, **style) == text:
            return style
    return {"separators": (",", ":"), "ensure_ascii": False}


def set_in(doc: Any, ipath: InstancePath, value: Any) -> Any:
    """Like :func:`set_at`, also inside strings that hold JSON (:data:`IN_JSON`); a path
    ending in a :class:`MapKey` renames that key to ``value``, keeping the keys' order."""
    cut = next((i for i, seg in enumerate(ipath) if seg is JSON_STEP), None)
    if cut is None:
        if ipath and isinstance(ipath[-1], MapKey):
            old = ipath[-1].key
            node = get_at(doc, ipath[:-1])
            renamed = {(value if k == old else k): v for k, v in node.items()}
            return set_at(doc, ipath[:-1], renamed)
        return set_at(doc, ipath, value)
    outer, inner = ipath[:cut], ipath[cut + 1 :]
    text = get_at(doc, outer)
    parsed = json.loads(text)
    rewritten = json.dumps(set_in(parsed, inner, value), **json_style(text, parsed))
    return set_at(doc, outer, rewritten)


def set_at(doc: Any, ipath: InstancePath, value: Any) -> Any:
    """Return a copy of ``doc`` with ``value`` at ``ipath``, sharing every other branch.

    Only the containers along the path are copied (shallowly), so one change
    costs O(depth x width) rather than a deep copy of the whole document.
    """
    if not ipath:
        return value
    root: Any = list(doc) if isinstance(doc, list) else dict(doc)
    node, source = root, doc
    for seg in ipath[:-1]:
        child_source = source[seg]
        child = list(child_source) if isinstance(child_source, list) else dict(child_source)
        node[seg] = child
        node, source = child, child_source
    node[ipath[-1]] = value
    return root
