"""Rendering: a mined suite as a draft suite file's text, a mined question as YAML lines."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import yaml

from ..text.numbers import count
from ..text.tables import MAX_ROWS

if TYPE_CHECKING:  # annotations only: evidence imports this module at runtime
    from .evidence import MinedQuestion, MinedSuite


# Rendering -------------------------------------------------------------------------------------


# What YAML reads as the end of a line (PyYAML also breaks at NEL, LS and PS).
_LINE_BREAKS = re.compile("[\r\n\x85\u2028\u2029]")


def _scalar(value: Any) -> str:
    """One YAML scalar on one line, quoted only where YAML needs it.

    Every value from a trace is written through here (or :func:`_comment`): the
    serializer quotes and escapes it, so no text can end a line and start a key.
    """
    out = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**9)
    out = out.strip().removesuffix("...").strip()
    if _LINE_BREAKS.search(out):
        # A multi-line plain or single-quoted form: the escaped, double-quoted ASCII one.
        out = yaml.safe_dump(value, default_style='"', allow_unicode=False, width=10**9)
        out = out.strip().removesuffix("...").strip()
    return out


def _comment(text: str) -> str:
    """Text for a ``#`` comment: one line, printable (a line break would end the comment)."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


def _clip(text: str, n: int = 48) -> str:
    text = " ".join(_comment(text).split()).replace('"', "'")
    return text if len(text) <= n else text[: n - 1] + "…"


def _times(n: int) -> str:
    return f"{n} time{'s' * (n != 1)}"


def suite_path(path: str) -> str:
    """A mined path as a suite names it: the ids a map is keyed by, at the map's path
    (``payment_methods.*``) where the trace analysis credits them, are the map's keys,
    ``payment_methods.*~``; ``payment_methods.*`` names its entries, objects, which a suite
    refuses as a field (tau59: a draft and a ``--merge`` that could not be loaded)."""
    return f"{path}~" if path == "*" or path.endswith(".*") else path


def _field_line(name: str, path: str, spec: dict[str, Any]) -> str:
    if not spec:
        return f"  {_scalar(name)}: {_scalar(path)}"
    extra = ", ".join(f"{_scalar(k)}: {_scalar(v)}" for k, v in spec.items())
    return f"  {_scalar(name)}: {{path: {_scalar(path)}, {extra}}}"


def question_lines(q: MinedQuestion, indent: str = "  ") -> list[str]:
    """A mined question as block YAML lines (``indent`` before the dash)."""
    pad = indent + "  "
    times = f"asked {_times(q.asked)} in {q.conversations} conversation"
    times += "s" * (q.conversations != 1)
    lines = [
        f"{indent}- id: {_scalar(q.id)}",
        f"{pad}text: {_scalar(q.text)}",
        f"{pad}weight: {q.weight}  # {times}",
    ]
    if q.match is not None and q.match.covered:
        lines.append(
            f"{pad}# "
            + _comment(
                f"nearest suite question: {q.match.suite}/{q.match.question_id} "
                f"({q.match.score:.2f})"
            )
        )
    elif q.match is not None:
        lines.append(f"{pad}# question drift: no suite question matches (best {q.match.score:.2f})")
    lines.append(f"{pad}# examples:")
    lines += [f"{pad}#   - {_clip(t, 96)}" for t in q.examples]
    lines.append(f"{pad}needs:")
    lines += [f"{pad}  - {n.to_yaml()}  # {_comment(n.comment)}" for n in q.needs]
    return lines


def render_draft(mined: MinedSuite) -> str:
    """The draft suite's text (see :mod:`projeval.mining` for what each part means)."""
    tool = _comment(mined.tool)  # in comments; the tool: key takes mined.tool as a scalar
    shown = mined.drafted
    described = f"Draft mined from {count(mined.traces, 'trace')}; review every need."
    head = [
        f"# Draft question set for the tool {tool}, mined from recorded traces by",
        f"# `projeval questions mine`: {count(mined.traces, 'trace')} in "
        f"{count(mined.files, 'file')}, {_asked(mined.turns)} that called "
        f"{tool}, in {count(len(mined.questions), 'group')}.",
        *[f"# Not read: {_comment(u)}" for u in mined.unread],
        # Problems, as `projeval traces` lists them: a record skipped, or one read in part
        # (a broken stream, a run that failed before it finished).
        *[f"# Problem: {_comment(r)}" for r in mined.skipped[:MAX_ROWS]],
        *(
            [f"# ... and {len(mined.skipped) - MAX_ROWS} more problems"]
            if len(mined.skipped) > MAX_ROWS
            else []
        ),
        "#",
        "# Valid input for `projeval score` once you fill in the two placeholders below:",
        f"#   fixtures:    at least one raw response of {tool}, as a JSON file;",
        "#   projections: at least one candidate projection (name: module:function).",
        "# Every need is inferred from what the agent did with the results; the comment",
        "# beside it gives the evidence. Review each need before you trust a score.",
        "# Weights are how many conversations asked each group of questions.",
        "version: 1",
        f"suite: {_scalar(re.sub(r'[^0-9a-z]+', '-', mined.tool.lower()).strip('-') + '-draft')}",
        f"tool: {_scalar(mined.tool)}",
        f"description: {_scalar(described)}",
        "fixtures: []      # FILL IN: raw responses, e.g. [../fixtures/" + tool + ".json]",
    ]
    if mined.fields:
        head.append("fields:")
        head += [
            _field_line(name, path, mined.field_specs.get(name, {}))
            for name, path in mined.fields.items()
        ]
    else:
        head.append("fields: {}        # FILL IN: no need could be inferred")
    head.append("projections: {}   # FILL IN: e.g. {raw: my_tools.projections:raw}")
    if shown:
        head.append("questions:")
    else:
        head.append("questions: []     # FILL IN: no group has an inferred need")
    for i, q in enumerate(shown):
        if i:
            head.append("")
        head += question_lines(q)
    rest = [q for q in mined.questions if not q.needs]
    if rest:
        head += [
            "",
            "# Groups with no evidence of the fields they need: add needs, then move them up.",
        ]
        head += [f"#   - {_clip(q.text, 96)} (asked {_times(q.asked)})" for q in rest]
    return "\n".join(head) + "\n"


def _asked(turns: int) -> str:
    """``1 user question or request``, ``4 user questions or requests``: the turns that
    feed mining are both (:func:`projeval.traces.turns.is_query`)."""
    return f"{turns} user question{'' if turns == 1 else 's'} or request{'' if turns == 1 else 's'}"
