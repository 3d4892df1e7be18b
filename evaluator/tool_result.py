"""What the model reads: a projection's output rendered as text, with every character classified.

A projection returns a dict or list (sent as compact JSON), a string (sent as is, usually
Markdown) or an MCP tool result (``content`` blocks plus ``structuredContent``). Rendering
gives three things per output:

- ``text``: what the model reads. Compact JSON for a dict or list, the string itself, or the
  text blocks of an MCP result (joined by a newline when there are several).
- ``wire``: what the wire carries: the whole MCP result as compact JSON. A plain output
  travels as one text block, ``{"content":[{"type":"text","text":...}]}``, so its wire
  bytes can be compared with a structured result, which carries the JSON twice.
- ``spans``: a tiling of ``text`` into classified pieces, each with the output schema path
  it belongs to, so that token counts can be split by what the tokens carry.

Classes of spans (see :data:`CLASSES`):

``structure``  keys, punctuation, JSON:API ``type`` discriminators, Markdown markup, newlines
``link``       URLs
``id``         opaque ids (uuids, ``usr_41c2be09``, long hex, values under id keys)
``code``       integer enum codes (``status_code: 3``)
``time``       timestamps (ISO 8601 strings, epoch numbers under time keys)
``content``    everything a person can read: text, names, numbers, booleans, nulls

A key, with its colon, belongs to the path of the value it labels; braces, brackets and
commas belong to the path of their container. JSON is rendered here rather than by
``json.dumps`` so each span is known; the text is identical to
``json.dumps(x, separators=(",", ":"), ensure_ascii=False)``. Rendering is iterative, so
deep documents cost memory, not the interpreter's stack.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import kinds, paths

#: What a span of rendered text carries, in report order.
CLASSES = ("structure", "link", "id", "code", "time", "content")

#: Output forms: a dict or list as compact JSON, a string as is, an MCP tool result.
FORMS = ("json", "text", "mcp")

#: Path of the text blocks of an MCP result that are not the JSON of structuredContent.
MCP_TEXT_PATH = "content[].text"

_MCP_KEYS = frozenset({"content", "structuredContent", "isError", "_meta"})

# Text patterns, applied in this order: a URL wins over the time or id inside it.
_URL_RE = re.compile(r"(?:https?|ftp)://[^\s<>\"'`|)\]]+|mailto:[^\s<>\"'`|)\]]+", re.IGNORECASE)
_TIME_RE = re.compile(
    r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)
_WORD_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]")
# Markdown markup: heading marks, list bullets and quote marks at a line start, table
# pipes and separator rows, emphasis and code marks. Newlines are structure too.
_MD_LINE_START = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d{1,3}[.)][ \t]+|>[ \t]?)", re.M)
_MD_INLINE = re.compile(r"\*\*|__|`+|\||^[ \t]*:?-{3,}:?[ \t]*(?=\||$)|\n", re.M)


@dataclass(frozen=True)
class Span:
    """``text[start:end]`` carries ``cls`` and belongs to output schema path ``path``."""

    start: int
    end: int
    cls: str
    path: str


@dataclass(frozen=True)
class ListSpan:
    """One list in the rendered JSON: its schema path, character span and item count."""

    path: str
    start: int
    end: int
    items: int


@dataclass
class Rendered:
    """One output as the model reads it, with its spans classified."""

    form: str
    text: str
    wire: str
    spans: tuple[Span, ...]
    lists: tuple[ListSpan, ...] = ()
    #: Scalar values rendered at each output schema path (for the per-field table).
    values: dict[str, int] = field(default_factory=dict)
    #: For an MCP result: whether the text block is exactly the JSON of structuredContent.
    text_is_structured: bool | None = None

    @property
    def bytes(self) -> int:
        """UTF-8 bytes of what the model reads."""
        return len(self.text.encode("utf-8"))

    @property
    def wire_bytes(self) -> int:
        """UTF-8 bytes of what the wire carries."""
        return len(self.wire.encode("utf-8"))

    def main_list(self) -> ListSpan | None:
        """The largest non-empty list (most items, then the longest, then the first path)."""
        best = [ls for ls in self.lists if ls.items > 0]
        if not best:
            return None
        return min(best, key=lambda ls: (-ls.items, -(ls.end - ls.start), ls.path, ls.start))

    def __repr__(self) -> str:
        return (
            f"<Rendered {self.form} chars={len(self.text)} wire_bytes={self.wire_bytes} "
            f"spans={len(self.spans)} lists={len(self.lists)}>"
        )


# --------------------------------------------------------------------------------------
# Classifying one JSON value


def _key_of(schema: paths.SchemaPath) -> str | None:
    """The last real key of a schema path (list items and map wildcards skipped)."""
    for seg in reversed(schema):
        if seg not in (paths.ANY_ITEM, paths.ANY_KEY):
            return seg
    return None


def value_class(value: Any, key: str | None, hint: str | None = None) -> str:
    """The span class of one scalar value; ``hint`` is a kind known from lineage.

    A hint is used only when it fits the value (a ``code`` hint on an integer, a ``time``
    hint on an ISO string), because a projection may reuse a path for another kind.
    """
    if value is None or isinstance(value, bool):
        return "content"
    if hint == "url" and isinstance(value, str):
        return "link"
    if hint == "id" and isinstance(value, str | int) and value != "":
        return "id"
    if hint == "code" and isinstance(value, int):
        return "code"
    if hint == "time" and (
        kinds.is_iso_time(value) or kinds.is_clock_time(value) or kinds.epoch_unit(key, value)
    ):
        return "time"
    kind = kinds.classify(value, key)
    if kind == "url":
        return "link"
    if kind in ("id", "code", "time"):
        return kind
    return "content"


# --------------------------------------------------------------------------------------
# Rendering JSON with spans


class _Writer:
    """Accumulates text and spans; adjacent spans of one class and path merge."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.spans: list[Span] = []
        self.pos = 0

    def emit(self, text: str, cls: str, path: str) -> None:
        if not text:
            return
        end = self.pos + len(text)
        last = self.spans[-1] if self.spans else None
        if last is not None and last.cls == cls and last.path == path and last.end == self.pos:
            self.spans[-1] = Span(last.start, end, cls, path)
        else:
            self.spans.append(Span(self.pos, end, cls, path))
        self.parts.append(text)
        self.pos = end

    def text(self) -> str:
        return "".join(self.parts)


def _key_text(key: Any, ensure_ascii: bool) -> str:
    if isinstance(key, str):
        return json.dumps(key, ensure_ascii=ensure_ascii)
    # json.dumps turns non-string keys into strings its own way (True -> "true").
    return json.dumps({key: 0}, separators=(",", ":"), ensure_ascii=ensure_ascii)[1:-3]


def render_json(
    value: Any,
    *,
    hints: dict[str, str] | None = None,
    prefix: paths.SchemaPath = (),
    flatten: str | None = None,
    ensure_ascii: bool = False,
) -> tuple[str, list[Span], list[ListSpan], Counter[str]]:
    """Compact JSON of ``value`` with its spans, lists and value counts.

    ``hints`` maps output schema paths to kinds (from lineage); ``prefix`` is prepended to
    every path (a JSON text block read as ``structuredContent``); ``flatten`` puts every
    span on one path instead (a JSON text block that is its own field).
    """
    hints = hints or {}
    out = _Writer()
    lists: list[ListSpan] = []
    counts: Counter[str] = Counter()
    root = paths.format_path(prefix) if prefix else ""

    def shown(path: str) -> str:
        if flatten is not None:
            return flatten
        return path or "$"

    # Paths are built as strings level by level (as paths.format_path would print them),
    # so a deep document costs time linear in its size, not in depth squared.
    # Work items: ("v", value, path, key, type_discriminator) renders a value;
    # ("t", text, cls, path) emits text; ("l", index) closes the list at lists[index].
    stack: list[tuple[Any, ...]] = [("v", value, root, _key_of(prefix), False)]
    while stack:
        op = stack.pop()
        if op[0] == "t":
            out.emit(op[1], op[2], op[3])
            continue
        if op[0] == "l":
            ls = lists[op[1]]
            lists[op[1]] = ListSpan(ls.path, ls.start, out.pos, ls.items)
            continue
        _, node, path, key, discriminator = op
        here = shown(path)
        if isinstance(node, dict):
            out.emit("{", "structure", here)
            wildcard = paths.is_id_keyed_map(node)
            # A JSON:API resource identifier: its "type" is packaging, not content.
            has_id = "id" in node and "type" in node
            work: list[tuple[Any, ...]] = []
            for i, (k, v) in enumerate(node.items()):
                segment = paths.ANY_KEY if wildcard else str(k)
                child = f"{path}.{segment}" if path else segment
                if i:
                    work.append(("t", ",", "structure", here))
                work.append(("t", _key_text(k, ensure_ascii) + ":", "structure", shown(child)))
                child_key = key if wildcard else segment
                work.append(
                    ("v", v, child, child_key, has_id and k == "type" and isinstance(v, str))
                )
            work.append(("t", "}", "structure", here))
            stack.extend(reversed(work))
        elif isinstance(node, list | tuple):
            child = path + "[]"
            lists.append(ListSpan(shown(child), out.pos, out.pos, len(node)))
            out.emit("[", "structure", here)
            work = []
            for i, v in enumerate(node):
                if i:
                    work.append(("t", ",", "structure", here))
                work.append(("v", v, child, key, False))
            work.append(("t", "]", "structure", here))
            work.append(("l", len(lists) - 1))
            stack.extend(reversed(work))
        else:
            text = json.dumps(node, ensure_ascii=ensure_ascii)
            cls = "structure" if discriminator else value_class(node, key, hints.get(here))
            out.emit(text, cls, here)
            counts[here] += 1
    return out.text(), out.spans, lists, counts


# --------------------------------------------------------------------------------------
# Classifying free text (Markdown)


def classify_text(text: str, path: str = "$", offset: int = 0) -> list[Span]:
    """Spans of a free text: URLs, ISO times, opaque ids, Markdown markup, the rest content.

    Ids are words that :func:`projeval.kinds.is_opaque_id` recognises (uuids,
    ``usr_41c2be09``, long hex); Markdown markup and newlines count as structure.
    """
    matches: list[tuple[int, int, str]] = []  # in order of precedence
    for m in _URL_RE.finditer(text):
        end = m.end()
        while end > m.start() and text[end - 1] in ".,;:!?":
            end -= 1  # sentence punctuation after a URL is not part of it
        matches.append((m.start(), end, "link"))
    matches += [
        (m.start(), m.end(), "time")
        for m in _TIME_RE.finditer(text)
        if kinds.is_iso_time(m.group())
    ]
    matches += [
        (m.start(), m.end(), "id") for m in _WORD_RE.finditer(text) if kinds.is_opaque_id(m.group())
    ]
    matches += [(m.start(), m.end(), "structure") for m in _MD_LINE_START.finditer(text)]
    matches += [(m.start(), m.end(), "structure") for m in _MD_INLINE.finditer(text)]
    # A character takes the class of the first match covering it; that can change only at
    # a match boundary, so one label per stretch between boundaries is enough.
    labels: list[str | None] = [None] * len(text)
    for a, b, cls in matches:
        if a < b and not any(labels[a:b]):
            labels[a:b] = [cls] * (b - a)
        else:
            for i in range(a, b):
                labels[i] = labels[i] or cls
    bounds = sorted({0, len(text)} | {x for a, b, _c in matches for x in (a, b)})
    spans: list[Span] = []
    for a, b in itertools.pairwise(bounds):
        if a >= b:
            continue
        cls = labels[a] or "content"
        if spans and spans[-1].cls == cls:
            spans[-1] = Span(spans[-1].start, offset + b, cls, path)
        else:
            spans.append(Span(offset + a, offset + b, cls, path))
    return spans


# --------------------------------------------------------------------------------------
# Entry points


def is_mcp_result(output: Any) -> bool:
    """True for an MCP tool result: a ``content`` list of typed blocks, and MCP keys only."""
    return (
        isinstance(output, dict)
        and isinstance(output.get("content"), list)
        and set(output) <= _MCP_KEYS
        and all(isinstance(b, dict) and isinstance(b.get("type"), str) for b in output["content"])
    )


def compact(value: Any) -> str:
    """Compact JSON, as the model reads a dict or list."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _as_text_result(text: str) -> str:
    return compact({"content": [{"type": "text", "text": text}]})


def _json_block(
    text: str, structured: Any, hints: dict[str, str]
) -> tuple[list[Span], list[ListSpan], Counter[str], bool] | None:
    """Spans of a text block that holds JSON exactly as compact JSON renders it, else None."""
    stripped = text.strip()
    if not stripped or stripped[0] not in "{[":
        return None
    try:
        parsed = json.loads(text)
    except ValueError:
        return None
    is_structured = structured is not None and parsed == structured
    for ensure_ascii in (False, True):
        rendered, spans, lists, counts = render_json(
            parsed,
            hints=hints,
            prefix=("structuredContent",) if is_structured else (),
            flatten=None if is_structured else MCP_TEXT_PATH,
            ensure_ascii=ensure_ascii,
        )
        if rendered == text:
            return spans, lists, counts, is_structured
    return None


def render_output(output: Any, hints: dict[str, str] | None = None) -> Rendered:
    """Render one projection output as the model reads it; see the module docstring."""
    hints = hints or {}
    if isinstance(output, str):
        return Rendered("text", output, _as_text_result(output), tuple(classify_text(output)))
    if is_mcp_result(output):
        return _render_mcp(output, hints)
    text, spans, lists, counts = render_json(output, hints=hints)
    return Rendered(
        "json",
        text,
        _as_text_result(text),
        tuple(spans),
        tuple(lists),
        dict(sorted(counts.items())),
    )


def _render_mcp(output: dict[str, Any], hints: dict[str, str]) -> Rendered:
    structured = output.get("structuredContent")
    parts: list[str] = []
    spans: list[Span] = []
    lists: list[ListSpan] = []
    counts: Counter[str] = Counter()
    text_is_structured: bool | None = None
    pos = 0
    for block in output["content"]:
        if block.get("type") != "text" or not isinstance(block.get("text"), str):
            continue  # images and resources are not text the model reads here
        if parts:
            spans.append(Span(pos, pos + 1, "structure", MCP_TEXT_PATH))
            parts.append("\n")
            pos += 1
        text = block["text"]
        as_json = _json_block(text, structured, hints)
        if as_json is None:
            spans.extend(classify_text(text, MCP_TEXT_PATH, pos))
            text_is_structured = False if structured is not None else text_is_structured
        else:
            block_spans, block_lists, block_counts, is_structured = as_json
            spans.extend(Span(s.start + pos, s.end + pos, s.cls, s.path) for s in block_spans)
            lists.extend(
                ListSpan(ls.path, ls.start + pos, ls.end + pos, ls.items) for ls in block_lists
            )
            counts.update(block_counts)
            if structured is not None:
                text_is_structured = is_structured and text_is_structured is not False
        parts.append(text)
        pos += len(text)
    if structured is not None and text_is_structured is None:
        text_is_structured = False  # structuredContent with no text block at all
    return Rendered(
        "mcp",
        "".join(parts),
        compact(output),
        tuple(spans),
        tuple(lists),
        dict(sorted(counts.items())),
        text_is_structured,
    )
