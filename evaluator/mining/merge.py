"""Merging: mined groups into a suite file's text (merge_suite), and what changed (MergeResult)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .._files import write_atomic
from ..errors import ProjevalError
from ..traces import drift
from ..traces.findings import field_at
from .draft import _scalar, question_lines, suite_path
from .evidence import (
    MinedQuestion,
    MinedSuite,
    MiningError,
    named_needs,
    unique_id,
)

# Merging ---------------------------------------------------------------------------------------


@dataclass
class MergeResult:
    """A suite's text with the mined groups merged in, and what changed."""

    file: Path
    text: str
    weights: list[tuple[str, float, int]]  # (question id, old, new) for matched questions
    added: list[MinedQuestion]  # the question drift: groups that match no question
    fields_added: list[str]
    suggestions: list[tuple[str, str]]  # (question id, field): inferred, not in the suite

    def write(self, out: str | Path | None = None) -> Path:
        """Write the merged text (default: over the suite), only if it loads as a suite."""
        from ..suites import load_suite

        target = Path(out) if out is not None else self.file
        # Loaded from its temporary file beside the target, so the suite's relative
        # fixture paths resolve as they will.
        try:
            return write_atomic(target, self.text, check=load_suite)
        except ProjevalError as exc:
            if target.resolve().parent == self.file.resolve().parent:
                raise
            # The merge keeps the suite's lines as written, its relative paths too: written
            # elsewhere they point at nothing (tau58: "fixture not found" and no hint why).
            raise type(exc)(
                exc.message,
                file=exc.file,
                position=exc.position,
                fix=f"{exc.fix + '; or w' if exc.fix else 'W'}rite the merge beside "
                f"{self.file.name} (--out in {self.file.parent}), or leave --out out to merge "
                "in place: the suite's relative paths are kept as written",
            ) from exc

    def render(self) -> str:
        """The plain-text report the CLI prints (:func:`projeval.text.mining.render_merge`)."""
        from ..text.mining import render_merge

        return render_merge(self)


def _half_up(x: float) -> int:
    return max(1, math.floor(x + 0.5))


def merge_suite(suite_file: str | Path, mined: MinedSuite) -> MergeResult:
    """Merge mined groups into a suite file's text, leaving hand-written entries as written.

    Rules: a group matches the suite question that most of its askings match
    (drift similarity at or above the mining threshold; ties to the earlier
    question). Matched questions get the weight ``count x s``, rounded half up
    (at least 1), where ``s`` = (sum of the matched questions' weights) /
    (sum of their counts): the matched questions keep their total weight,
    shared by how often each was asked. New groups get ``count x s`` too
    (``s`` = 1 when nothing matched) and are appended with their needs; fields
    they need that the suite lacks are appended to ``fields``. Needs the
    traces suggest for a matched question are reported, never written.
    """
    from ..suites import load_suite

    file = Path(suite_file)
    suite = load_suite(file)
    text = file.read_text("utf-8-sig")
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    assert root is not None, "load_suite has just read a mapping from this text"
    top = {k.value: v for k, v in root.value}
    qnode, fnode = top["questions"], top["fields"]
    for node, key in ((qnode, "questions"), (fnode, "fields")):
        if node.flow_style:
            raise MiningError(
                f"'{key}' is written in flow style ([...] or {{...}}); merging appends lines.",
                file=file,
                position=f"{node.start_mark.line + 1}:{node.start_mark.column + 1}",
                fix=f"write '{key}' as a block (one entry a line), then merge again",
            )
    pool = drift.candidates([suite])
    votes: dict[str, int] = {}
    matched: dict[str, list[MinedQuestion]] = {}
    added: list[MinedQuestion] = []
    for q in mined.questions:
        tally: Counter[str] = Counter()
        for asked, n in q.members or ((q.text, q.weight),):
            m = drift.best_match(asked, pool, mined.threshold)
            if m.covered and m.question_id is not None:
                tally[m.question_id] += n
        if not tally:
            if q.needs:
                added.append(q)
            continue
        order = [c.question_id for c in pool]
        best = max(tally, key=lambda qid: (tally[qid], -order.index(qid)))
        matched.setdefault(best, []).append(q)
        votes[best] = votes.get(best, 0) + q.weight
    hand = sum(suite.question(qid).weight for qid in votes)
    scale = hand / sum(votes.values()) if votes else 1.0
    edits: list[tuple[int, int, str]] = []
    weights = []
    items = {_value(item, "id"): item for item in qnode.value}
    for qid in [q.id for q in suite.questions if q.id in votes]:
        new = _half_up(votes[qid] * scale)
        old = suite.question(qid).weight
        weights.append((qid, old, new))
        if new != old:
            edits.append(_weight_edit(text, items[qid], new))
    suggestions = []
    for qid, groups in matched.items():
        have = {n.field for n in suite.question(qid).needs}
        for g in groups:
            for mined_need in g.needs:
                name = _suite_field(suite, mined_need.path)
                if name not in have:
                    suggestions.append((qid, name or mined_need.path))
                    have.add(name or mined_need.path)
    # New fields and questions, appended after the last entry of each block.
    fields_added: list[str] = []
    rename: dict[str, str] = {}
    new_fields: list[str] = []
    for q in added:
        for mined_need in q.needs:
            if mined_need.path in rename:
                continue
            name = _suite_field(suite, mined_need.path)
            if name is None:
                name, k = mined_need.field, 2
                while name in suite.fields or name in fields_added:
                    name, k = f"{mined_need.field}_{k}", k + 1
                fields_added.append(name)
                indent = " " * fnode.value[0][0].start_mark.column
                new_fields.append(
                    f"{indent}{_scalar(name)}: {_scalar(suite_path(mined_need.path))}"
                    "  # mined from traces"
                )
            rename[mined_need.path] = name
    if new_fields:
        edits.append((_after(text, fnode), _after(text, fnode), "\n".join(new_fields) + "\n"))
    taken = {q.id for q in suite.questions}
    out_q: list[MinedQuestion] = []
    for q in added:
        qid = unique_id(q.id, taken)
        needs = named_needs(q.needs, rename)
        out_q.append(
            MinedQuestion(
                qid,
                q.text,
                _half_up(q.weight * scale),
                q.conversations,
                q.examples,
                needs,
                q.members,
                None,
            )
        )
    if out_q:
        first = qnode.value[0]
        col = first.start_mark.column
        line_start = text.rfind("\n", 0, first.start_mark.index) + 1
        dash = text.rfind("-", line_start, first.start_mark.index)
        indent = " " * (dash - line_start if dash >= 0 else max(0, col - 2))
        block = ["", f"{indent}# Mined from traces by `projeval questions mine`: review the needs."]
        for q in out_q:
            block += question_lines(q, indent)
        at = _after(text, qnode)
        edits.append((at, at, "\n".join(block) + "\n"))
    merged = text
    for start, end, new_text in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        merged = merged[:start] + new_text + merged[end:]
    return MergeResult(file, merged, weights, out_q, fields_added, suggestions)


def _suite_field(suite: Any, path: str) -> str | None:
    fdef = field_at(suite, path)
    if fdef is None and suite_path(path) != path:
        # A map's keys: the suite's field names them as such (payment_methods.*~).
        keys = suite_path(path)
        fdef = next((f for f in suite.fields.values() if f.path == keys), None)
    return fdef.name if fdef is not None else None


def _value(node: yaml.Node, key: str) -> Any:
    for k, v in node.value:
        if k.value == key:
            return v.value
    return None


def _weight_edit(text: str, item: yaml.MappingNode, new: int) -> tuple[int, int, str]:
    for k, v in item.value:
        if k.value == "weight":
            return (v.start_mark.index, v.end_mark.index, str(new))
    id_node = next(v for k, v in item.value if k.value == "id")
    if item.flow_style:
        return (id_node.end_mark.index, id_node.end_mark.index, f", weight: {new}")
    at = _line_end(text, id_node.end_mark.index)
    indent = " " * item.value[0][0].start_mark.column
    return (at, at, f"{indent}weight: {new}\n")


def _last_scalar(node: yaml.Node) -> yaml.Node:
    while (
        isinstance(node, yaml.MappingNode | yaml.SequenceNode)
        and node.value
        and not (node.flow_style)
    ):
        last = node.value[-1]
        node = last[1] if isinstance(last, tuple) else last
    return node


def _after(text: str, node: yaml.Node) -> int:
    """The start of the line after a block node's last value."""
    return _line_end(text, _last_scalar(node).end_mark.index)


def _line_end(text: str, index: int) -> int:
    if index > 0 and text[index - 1] == "\n":
        return index  # a block scalar ends at the start of the next line
    nl = text.find("\n", index)
    return len(text) if nl < 0 else nl + 1
