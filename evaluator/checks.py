"""Contract checks: the result properties an agent relies on, checked per projection.

Each rule has an id, a default severity (a suite's ``checks:`` turns a rule ``off`` or
changes its severity) and findings that name the output path and say what to change.

``ID-ARG``          an id one of the agent's tools takes as an argument survives, in full
``ID-OPAQUE``       an opaque id passed through that a question wants as a name, or (when the
                    suite lists its tools) that no tool takes: a join key into a store the
                    model does not have
``ENUM-CODE``       small integer codes passed through without their labels
``ABSENCE``         a key omitted when the source value is null and sent otherwise (or the
                    reverse), so "not set" and "not sent" look the same
``TRUNCATION``      fewer list items, or cut text, without a marker saying so and where
``ERROR-AS-EMPTY``  an error response that reads as a successful (empty) result
``OUTPUT-SCHEMA``   an output that does not validate against the suite's output schema, or
                    an MCP text block that is not the JSON of its structuredContent
``UNTRUSTED-TEXT``  text marked ``untrusted: true`` merged into another field or a control key

How a tool argument is matched to a source field (ID-ARG and ID-OPAQUE). An argument is an
id argument when its name is ``id`` or ends in ``_id``, ``Id`` or ``_ids``; its *entity*
is the name without that suffix (for a bare ``id``, the last word of the tool name:
``get_ticket`` -> ``ticket``). It matches a source path when

1. the field dictionary names a field exactly like the argument (``ticket_id``), or
2. the path's last key is the argument's name (``data[].customer_id``), or
3. the path ends in ``id`` and its record is of the argument's entity: the JSON:API
   ``type`` beside the id (``{"type": "user", "id": ...}``), or the key holding the record
   (``relationships.organization.data.id``), equals the entity or one begins with the
   other (``org`` <-> ``organization``).

Tools come from the suite's ``tools:`` file: an MCP ``tools/list`` result
(``{"tools": [...]}``, bare or inside a JSON-RPC response), a list of tools (MCP,
Anthropic ``input_schema`` or OpenAI ``function.parameters``), or a list of bare input
schemas.
"""

from __future__ import annotations

import copy
import difflib
import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evaluator import paths
from evaluator._outputs import Outcome, fixture_outputs, runner_for, scored
from evaluator.errors import SuiteError
from evaluator.lineage import CARRIED, FieldLineage
from evaluator.projections import ProjectionFault, ProjectionRunner, canonical
from evaluator.render import MCP_TEXT_PATH, is_mcp_result
from evaluator.score import ProjectionScore, SuiteScore
from evaluator.suites import SEVERITIES, Suite

#: Severities from most to least severe ("off" disables a rule).
SEVERITY_ORDER = ("error", "warning", "info")


@dataclass(frozen=True)
class Rule:
    """A contract rule and its default severity."""

    id: str
    severity: str
    summary: str


RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        Rule("ID-ARG", "error", "an id a tool takes as an argument survives, unshortened"),
        Rule("ID-OPAQUE", "warning", "an opaque id is resolved to a name, not passed through"),
        Rule("ENUM-CODE", "warning", "integer codes carry their labels"),
        Rule(
            "ABSENCE", "warning", "a null value keeps its key, so 'not set' differs from 'not sent'"
        ),
        Rule("TRUNCATION", "error", "a cut list or text says so, and where"),
        Rule("ERROR-AS-EMPTY", "error", "an error response does not read as an empty success"),
        Rule("OUTPUT-SCHEMA", "error", "outputs validate against the suite's output schema"),
        Rule("UNTRUSTED-TEXT", "error", "untrusted text stays in a labelled field of its own"),
    )
}


@dataclass(frozen=True)
class Finding:
    """One contract problem in one projection's output."""

    rule: str
    severity: str
    suite: str
    projection: str
    fixture: str | None
    path: str | None
    message: str
    field: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (for JSON and the store)."""
        return {
            "rule": self.rule,
            "severity": self.severity,
            "suite": self.suite,
            "projection": self.projection,
            "fixture": self.fixture,
            "path": self.path,
            "field": self.field,
            "message": self.message,
        }

    def __str__(self) -> str:
        where = self.path or "-"
        on = f" [{self.fixture}]" if self.fixture else ""
        return f"{self.severity} {self.rule} {self.projection} {where}{on}: {self.message}"


def rule_severities(suite: Suite) -> dict[str, str]:
    """Each rule's severity for this suite: the default, or the suite's ``checks:`` value."""
    unknown = sorted(set(suite.checks) - set(RULES))
    if unknown:
        hint = difflib.get_close_matches(unknown[0], list(RULES), n=1)
        raise SuiteError(
            f"'checks' names an unknown rule {unknown[0]!r}.",
            file=suite.path,
            position="checks",
            fix=f"did you mean {hint[0]!r}?" if hint else f"use one of: {', '.join(RULES)}",
        )
    out = {}
    for rule_id, rule in RULES.items():
        severity = suite.checks.get(rule_id, rule.severity)
        assert severity in SEVERITIES
        out[rule_id] = severity
    return out


_FINDING_COLUMNS = [
    "suite",
    "projection",
    "rule",
    "severity",
    "fixture",
    "path",
    "field",
    "message",
]


def findings_to_pandas(findings: list[Finding]) -> Any:
    """One row per finding, in the order given (for notebooks)."""
    import pandas as pd

    return pd.DataFrame([f.to_dict() for f in findings], columns=_FINDING_COLUMNS)


def summarize(findings: list[Finding]) -> dict[str, int]:
    """Number of findings per severity, most severe first (for the score document)."""
    counts = Counter(f.severity for f in findings)
    return {s: counts.get(s, 0) for s in SEVERITY_ORDER}


# --------------------------------------------------------------------------------------
# Tools


@dataclass(frozen=True)
class ToolArg:
    """One id argument of one of the agent's tools."""

    tool: str
    name: str
    entity: str | None
    description: str


_ID_ARG = re.compile(r"^(id|.+_id|.+Id|.+_ids)$")


def _entity(arg: str, tool: str) -> str | None:
    if arg == "id":
        words = [w for w in re.split(r"[_\W]+", tool) if w]
        return _singular(words[-1].lower()) if words else None
    stem = re.sub(r"(_ids|_id|Id)$", "", arg)
    return _singular(stem.lower()) if stem else None


def _is_lookup(arg: ToolArg) -> bool:
    """A tool whose only job is to fetch the entity an id names (``get_user(user_id)``)."""
    if arg.entity is None:
        return False
    return arg.tool.lower() in {
        f"{verb}{sep}{arg.entity}" for verb in ("get", "fetch", "lookup") for sep in ("_", "")
    }


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _tool_list(data: Any) -> list[Any] | None:
    if isinstance(data, dict):
        if isinstance(data.get("result"), dict):
            data = data["result"]
        data = data.get("tools")
    return data if isinstance(data, list) else None


def load_tools(path: Path) -> list[ToolArg]:
    """Id arguments of the tools in an MCP ``tools/list`` JSON or a list of input schemas."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SuiteError(
            f"the tools file cannot be read as JSON ({exc}).",
            file=path,
            fix="give the JSON of an MCP tools/list result, or a list of input schemas",
        ) from None
    tools = _tool_list(data)
    if tools is None:
        raise SuiteError(
            "the tools file holds no list of tools.",
            file=path,
            fix='write {"tools": [{"name": ..., "inputSchema": {...}}]} or a list of input schemas',
        )
    args: list[ToolArg] = []
    for i, tool in enumerate(tools):
        if not isinstance(tool, dict):
            raise SuiteError(f"tool {i} is not an object.", file=path, position=f"tools[{i}]")
        if isinstance(tool.get("function"), dict):
            tool = tool["function"]  # OpenAI: {"type": "function", "function": {...}}
        name = str(tool.get("name") or f"tool[{i}]")
        schema = tool.get("inputSchema") or tool.get("input_schema") or tool.get("parameters")
        if schema is None and "properties" in tool:
            schema = tool  # a bare input schema
        props = (schema or {}).get("properties") if isinstance(schema, dict) else None
        if not isinstance(props, dict):
            continue
        described = str(tool.get("description") or "")
        for arg, spec in props.items():
            if _ID_ARG.match(arg):
                about = spec.get("description", "") if isinstance(spec, dict) else ""
                args.append(ToolArg(name, arg, _entity(arg, name), f"{described} {about}".strip()))
    return sorted(args, key=lambda a: (a.name, a.tool))


def _same_entity(a: str | None, b: str | None) -> bool:
    if not a or not b:
        return False
    a, b = _singular(a.lower()), _singular(b.lower())
    return a == b or (min(len(a), len(b)) >= 3 and (a.startswith(b) or b.startswith(a)))


def _owner_key(schema: paths.SchemaPath) -> str | None:
    """The key that holds the record an ``id`` belongs to (``assignee`` in ``assignee.data.id``)."""
    for seg in reversed(schema[:-1]):
        if seg not in (paths.ANY_ITEM, paths.ANY_KEY, "data", "attributes"):
            return seg
    return None


# --------------------------------------------------------------------------------------
# What the fixtures hold


class _Facts:
    """Values, types and nulls of the suite's data fixtures, by source schema path."""

    def __init__(self, suite: Suite) -> None:
        self.values: dict[str, dict[str, list[Any]]] = {}  # fixture -> source path -> values
        self.types: dict[paths.SchemaPath, set[str]] = {}
        self.schemas: dict[str, paths.SchemaPath] = {}
        self.nulls: dict[str, set[paths.SchemaPath]] = {}  # fixture -> paths holding a null
        self.first: dict[str, dict[str, paths.InstancePath]] = {}  # first non-null instance
        for fx in suite.data_fixtures:
            per_path: dict[str, list[Any]] = {}
            nulls: set[paths.SchemaPath] = set()
            first: dict[str, paths.InstancePath] = {}
            for ipath, spath, value in paths.iter_leaves(fx.data):
                key = paths.format_path(spath)
                self.schemas.setdefault(key, spath)
                per_path.setdefault(key, []).append(value)
                if value is None:
                    nulls.add(spath)
                else:
                    first.setdefault(key, ipath)
                if spath and spath[-1] == "type" and isinstance(value, str):
                    self.types.setdefault(spath[:-1], set()).add(value)
            self.values[fx.name] = per_path
            self.nulls[fx.name] = nulls
            self.first[fx.name] = first

    def present(self, source: str) -> list[Any]:
        """Non-null values at a source path over all data fixtures."""
        return [v for per in self.values.values() for v in per.get(source, ()) if v is not None]


def match_arguments(
    args: list[ToolArg], suite: Suite, sources: list[str], facts: _Facts
) -> dict[str, list[ToolArg]]:
    """Source paths each tool argument matches (see the module docstring for the rules)."""
    out: dict[str, list[ToolArg]] = {}
    for source in sources:
        schema = facts.schemas.get(source)
        if schema is None:
            continue
        named = [f.name for f in suite.fields.values() if paths.matches(f.segments, schema)]
        last = schema[-1] if schema else None
        for arg in args:
            hit = arg.name in named or last == arg.name
            if not hit and last == "id":
                types = facts.types.get(schema[:-1], set())
                hit = any(_same_entity(arg.entity, t) for t in types) or _same_entity(
                    arg.entity, _owner_key(schema)
                )
            if hit:
                out.setdefault(source, []).append(arg)
    return out


# --------------------------------------------------------------------------------------
# Looking into outputs


def _leaf_values(doc: Any) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for _ip, spath, value in paths.iter_leaves(doc):
        out.setdefault(paths.format_path(spath), []).append(value)
    return out


def _key_paths(doc: Any, objects: Counter[str] | None = None) -> Counter[str]:
    """How often each key (and list item) occurs, by output schema path.

    ``objects``, when given, receives how many objects there are at each path.
    """
    counts: Counter[str] = Counter()
    stack: list[tuple[paths.SchemaPath, Any]] = [((), doc)]
    while stack:
        schema, node = stack.pop()
        if isinstance(node, dict):
            if objects is not None:
                objects[paths.format_path(schema)] += 1
            wildcard = paths.is_id_keyed_map(node)
            for k, v in node.items():
                child = (*schema, paths.ANY_KEY if wildcard else str(k))
                counts[paths.format_path(child)] += 1
                stack.append((child, v))
        elif isinstance(node, list):
            child = (*schema, paths.ANY_ITEM)
            for v in node:
                counts[paths.format_path(child)] += 1
                stack.append((child, v))
    return counts


def _under(path: str, prefix: str) -> bool:
    """Whether output path ``path`` is ``prefix`` or inside it."""
    if prefix in ("$", ""):
        return True
    return path == prefix or path.startswith(prefix + ".") or path.startswith(prefix + "[")


def _parent(path: str) -> str:
    """The object path holding key path ``path`` (``$`` at the top)."""
    return path.rsplit(".", 1)[0] if "." in path else "$"


def _roots(changed: list[str]) -> list[str]:
    """Changed paths that are not inside another changed path."""
    return sorted(p for p in changed if not any(q != p and _under(p, q) for q in changed))


class _Index:
    """Scalars and text of one output, to ask whether a value reaches it verbatim."""

    def __init__(self, output: Any) -> None:
        self.scalars: set[Any] = set()
        texts: list[str] = []
        for _ip, _sp, value in paths.iter_leaves(output):
            if isinstance(value, str):
                texts.append(value)
            if isinstance(value, str | int | float) and not isinstance(value, bool):
                self.scalars.add(value)
        self.text = "\x00".join(texts)

    def holds(self, value: Any) -> bool:
        if isinstance(value, str):
            return value in self.scalars or value in self.text
        if isinstance(value, int) and not isinstance(value, bool):
            if value in self.scalars:
                return True
            return (
                len(str(value)) >= 4 and re.search(rf"(?<!\d){value}(?!\d)", self.text) is not None
            )
        return False


def _list_prefix(path: str) -> str | None:
    """The outermost list of a path (``data[]`` of ``data[].attributes.tags[]``)."""
    at = path.find("[]")
    return None if at < 0 else path[: at + 2]


def _label(fl: FieldLineage) -> str:
    return f"`{fl.field}` ({fl.source})" if fl.field else f"`{fl.source}`"


def _questions(ids: list[str]) -> str:
    """``question who asks`` / ``questions a and b ask``."""
    if len(ids) == 1:
        return f"question {ids[0]} asks"
    return f"questions {_names(ids)} ask"


def _takes(takers: list[ToolArg]) -> str:
    return "takes" if len({a.tool for a in takers}) == 1 else "take"


def _names(items: list[str]) -> str:
    items = sorted(dict.fromkeys(items))
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _short(value: Any, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False) if isinstance(value, str) else canonical(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --------------------------------------------------------------------------------------
# The checks


@dataclass
class _Context:
    """Everything the checks of one suite share."""

    score: SuiteScore
    severities: dict[str, str]
    facts: _Facts
    outcomes: dict[str, dict[str, Outcome]]
    args: list[ToolArg]
    matched: dict[str, list[ToolArg]]

    @property
    def suite(self) -> Suite:
        return self.score.suite

    def finding(
        self,
        rule: str,
        projection: str,
        path: str | None,
        message: str,
        fixture: str | None = None,
        field: str | None = None,
    ) -> Finding:
        return Finding(
            rule, self.severities[rule], self.suite.name, projection, fixture, path, message, field
        )

    def data_outputs(self, projection: str) -> Iterator[tuple[str, Any, Any]]:
        """``(fixture, raw, output)`` for each data fixture the projection ran on."""
        for fx in self.suite.data_fixtures:
            outcome = self.outcomes[projection].get(fx.name)
            if outcome is not None and outcome.fault is None:
                yield fx.name, fx.data, outcome.output


def check_suite(suite_score: SuiteScore) -> list[Finding]:
    """Run every enabled contract check on every projection that scored; sorted findings."""
    score = suite_score
    suite = score.suite
    severities = rule_severities(suite)
    facts = _Facts(suite)
    projections = scored(score)
    args = load_tools(suite.tools_file) if suite.tools_file else []
    sources = sorted({s for p in projections if p.lineage for s in p.lineage.fields})
    ctx = _Context(
        score,
        severities,
        facts,
        fixture_outputs(score),
        args,
        match_arguments(args, suite, sources, facts),
    )
    schema = _load_schema(suite) if suite.output_schema_file else None
    checks = (
        ("ID-ARG", _id_arg),
        ("ID-OPAQUE", _id_opaque),
        ("ENUM-CODE", _enum_code),
        ("ABSENCE", _absence),
        ("TRUNCATION", _truncation),
        ("ERROR-AS-EMPTY", _error_as_empty),
        ("UNTRUSTED-TEXT", _untrusted_text),
    )
    findings: list[Finding] = []
    for p in projections:
        for rule, check in checks:
            if severities[rule] != "off":
                findings.extend(check(ctx, p))
        if severities["OUTPUT-SCHEMA"] != "off":
            findings.extend(_output_schema(ctx, p, schema))
    unique = {
        (f.projection, f.rule, f.path or "", f.field or "", f.fixture or "", f.message): f
        for f in findings
    }
    return [unique[k] for k in sorted(unique)]


def _rows(p: ProjectionScore) -> list[FieldLineage]:
    assert p.lineage is not None
    return p.lineage.rows()


# ID-ARG ---------------------------------------------------------------------------------


def _id_arg(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    out = []
    indexes = {fx: _Index(output) for fx, _raw, output in ctx.data_outputs(p.name)}
    for fl in _rows(p):
        takers = ctx.matched.get(fl.source)
        if not takers or fl.status in ("no-sample", "inconclusive"):
            continue
        if fl.status == "resolved" and all(_is_lookup(a) for a in takers):
            # Resolving the id to a name in the server is what replaces calling
            # get_user(user_id): the lookup is the follow-up the projection saves.
            continue
        shortened = fl.how == "id-shortened"
        if shortened and ctx.suite.short_ids:
            continue  # the suite says the tools accept the short form
        missing = [
            v
            for fx, index in indexes.items()
            for v in ctx.facts.values[fx].get(fl.source, ())
            if v is not None and not index.holds(v)
        ]
        if not missing:
            continue
        calls = _names([f"{a.tool}({a.name})" for a in takers])
        if fl.status == "dropped":
            how, fix = "drops it", "keep the id in the output"
        elif shortened:
            how, fix = f"shortens it to its first {fl.precision} characters", "send the full id"
            if any("short" in a.description.lower() for a in takers):
                fix += (
                    ", or set `short_ids: true` in the suite if these tools accept the short "
                    "form (their description mentions one)"
                )
        elif fl.status == "resolved":
            how = f"replaces it: {fl.detail}"
            fix = "keep the id beside the name"
        elif fl.status == "partial":
            how, fix = f"keeps it for some records only ({fl.detail})", "keep it in every record"
        else:
            how, fix = f"does not carry {len(missing)} of its values verbatim", "carry it as is"
        out.append(
            ctx.finding(
                "ID-ARG",
                p.name,
                fl.outputs[0] if fl.outputs else None,
                f"{calls} {_takes(takers)} {_label(fl)} as an argument, but this projection "
                f"{how}; the agent cannot make that call without it. Fix: {fix}.",
                field=fl.field or fl.source,
            )
        )
    return out


# ID-OPAQUE and ENUM-CODE ----------------------------------------------------------------


def _has_counterpart(ctx: _Context, p: ProjectionScore, fl: FieldLineage) -> bool:
    """True when some output of the field holds values other than the source's (a label)."""
    source_values = {canonical(v) for v in ctx.facts.present(fl.source)}
    for _fx, _raw, output in ctx.data_outputs(p.name):
        leaves = _leaf_values(output)
        for out in fl.outputs:
            values = [v for v in leaves.get(out, ()) if v is not None]
            if values and not any(canonical(v) in source_values for v in values):
                return True
    return False


def _readable_questions(ctx: _Context, fl: FieldLineage) -> list[str]:
    if not fl.field:
        return []
    return [
        q.id
        for q in ctx.suite.needed_by(fl.field)
        if any(n.field == fl.field and n.readable for n in q.needs)
    ]


def _id_opaque(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    out = []
    for fl in _rows(p):
        if fl.kind != "id" or fl.status not in ("kept", "lossy") or not fl.opaque:
            continue
        takers = ctx.matched.get(fl.source, [])
        readable = _readable_questions(ctx, fl)
        # Without a question that wants a name, an id is a problem only when the suite's
        # tools are known and none takes it; otherwise it is a handle for the next call.
        if not readable and (takers or ctx.suite.tools_file is None):
            continue
        if _has_counterpart(ctx, p, fl):
            continue
        distinct = len(set(map(canonical, ctx.facts.present(fl.source))))
        if not readable:
            message = (
                f"passes the opaque id {_label(fl)} through, and no tool takes it: it is a "
                "join key into a store the model does not have. Fix: resolve it to a name in "
                "the projection, or drop it."
            )
        else:
            # A lookup tool (get_user) is what resolving replaces: only other takers
            # need the id kept beside the name.
            actors = [a for a in takers if not _is_lookup(a)]
            keep = (
                f", and keep the id beside it for {_names([f'{a.tool}({a.name})' for a in actors])}"
                if actors
                else ""
            )
            message = (
                f"passes the opaque id {_label(fl)} through with no name beside it, but "
                f"{_questions(readable)} for a name: the model must resolve each distinct id "
                f"({distinct} here) with a call of its own, or guess. Fix: resolve it to a "
                f"name in the projection{keep}."
            )
        out.append(
            ctx.finding(
                "ID-OPAQUE",
                p.name,
                fl.outputs[0] if fl.outputs else None,
                message,
                field=fl.field or fl.source,
            )
        )
    return out


_SMALL_CODE = 999


def _enum_code(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    out = []
    for fl in _rows(p):
        if fl.kind != "code" or fl.status not in ("kept", "lossy") or not fl.opaque:
            continue
        values = ctx.facts.present(fl.source)
        if not values or not all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) <= _SMALL_CODE for v in values
        ):
            continue
        if _has_counterpart(ctx, p, fl):
            continue
        codes = sorted(set(values))
        shown = ", ".join(map(str, codes[:8])) + (", …" if len(codes) > 8 else "")
        readable = _readable_questions(ctx, fl)
        asked = f" ({_names(readable)} need it readable)" if readable else ""
        out.append(
            ctx.finding(
                "ENUM-CODE",
                p.name,
                fl.outputs[0] if fl.outputs else None,
                f"passes {_label(fl)} through as bare integer codes ({shown}) with no labels"
                f"{asked}: the model has to guess what {codes[0]} means. Fix: map each code to "
                "its label in the projection (the label the API documents).",
                field=fl.field or fl.source,
            )
        )
    return out


# ABSENCE -------------------------------------------------------------------------------


def _absence(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    out: list[Finding] = []
    data = list(ctx.data_outputs(p.name))
    if not data or all(isinstance(o, str) for _f, _r, o in data):
        return out  # free text has no keys
    runner: ProjectionRunner | None = None
    seen: set[str] = set()
    for fl in _rows(p):
        if fl.status not in (*CARRIED, "partial"):
            continue
        for fixture, raw, baseline in data:
            if isinstance(baseline, str):
                continue
            probe = _null_probe(ctx.facts, fixture, fl.source)
            if probe is None:
                continue
            runner = runner or runner_for(ctx.score, p.name)
            try:
                perturbed, _ = runner(
                    paths.set_at(copy.deepcopy(raw), probe, None), serialise=False
                )
            except ProjectionFault:
                break  # the projection cannot take a null here: nothing to learn
            objects_before: Counter[str] = Counter()
            objects_after: Counter[str] = Counter()
            before = _key_paths(baseline, objects_before)
            after = _key_paths(perturbed, objects_after)
            # A key that goes because the object holding it became null is not omitted:
            # the null itself is sent.
            gone = [
                k
                for k in _roots([k for k in before if after.get(k, 0) < before[k]])
                if k.endswith("[]") or objects_after[_parent(k)] == objects_before[_parent(k)]
            ]
            came = _roots([k for k in after if after[k] > before.get(k, 0)])
            if any(k.endswith("[]") for k in gone + came):
                break  # an item came or went: the projection filters, it does not omit
            null_at = paths.format_path(paths.schema_of(probe, raw))
            for key in gone:
                if key in seen:
                    continue
                seen.add(key)
                leaf = key.rsplit(".", 1)[-1]
                out.append(
                    ctx.finding(
                        "ABSENCE",
                        p.name,
                        key,
                        f"omits `{key}` when the source value ({null_at}) is null and sends it "
                        f'otherwise, so "not set" reads like "not sent". Fix: always send '
                        f'the key, with null for no value ("{leaf}": null).',
                        fixture=fixture,
                        field=fl.field or fl.source,
                    )
                )
            for key in came:
                if key in seen:
                    continue
                seen.add(key)
                out.append(
                    ctx.finding(
                        "ABSENCE",
                        p.name,
                        key,
                        f"sends `{key}` only when the source value ({null_at}) is null, and "
                        "omits it otherwise. Fix: send the same keys whatever the value, with "
                        "null for no value.",
                        fixture=fixture,
                        field=fl.field or fl.source,
                    )
                )
            break
    return out


def _null_probe(facts: _Facts, fixture: str, source: str) -> paths.InstancePath | None:
    """Where to write a null in a fixture to make one present value of ``source`` null.

    Only for a field that the fixture holds both null and not null: the null may sit at the
    field itself or at an object above it (an unassigned ticket's ``assignee.data``).
    """
    ipath = facts.first[fixture].get(source)
    if ipath is None:
        return None
    spath = facts.schemas[source]
    nulls = facts.nulls[fixture]
    depths = [n for n in range(len(spath), 0, -1) if spath[:n] in nulls]
    return ipath[: depths[0]] if depths else None


# TRUNCATION ------------------------------------------------------------------------------

_LIST_MARKER = re.compile(
    r"^(has_?more|more|is_?truncated|truncated|partial|total|total_?count|total_?items|"
    r"total_?results|count|returned_?count|next|next_?cursor|next_?page(_?token)?|cursor|"
    r"remaining|omitted(_?count)?)$",
    re.IGNORECASE,
)
_TEXT_MARKER = re.compile(r"truncat|full_?length|total_?length|total_?chars", re.IGNORECASE)
_PROSE_MARKER = re.compile(
    r"truncat|\b\d+ more\b|\bshowing \d+|\b\d+ of \d+\b|next[_ ]cursor|has_more", re.IGNORECASE
)


def _items(doc: Any, list_path: str) -> int:
    """Items of the lists at a schema path (``data[]``), summed over instances."""
    return _key_paths(doc).get(list_path, 0)


def _filters(rows: list[FieldLineage], outputs: list[Any]) -> set[str | None]:
    """Source lists that a field filters: changing the field changes how many items there are.

    Lineage records a change in item count at the list itself (``open_alerts``), so a field
    whose outputs include a list (not only its items) selects or filters that list.
    """
    lists = {k[:-2] for output in outputs for k in _key_paths(output) if k.endswith("[]")}
    return {_list_prefix(fl.source) for fl in rows if fl.how == "filter" or set(fl.outputs) & lists}


def _list_items(raw: Any, source_list: str) -> list[tuple[paths.InstancePath, Any]]:
    """The items of every list at ``source_list`` (``data[]``), in document order."""
    target = paths.parse_path(source_list)
    containers: list[paths.InstancePath] = []
    for ipath, spath, _v in paths.iter_leaves(raw):
        if spath[: len(target)] == target:
            where = ipath[: len(target) - 1]
            if where not in containers:
                containers.append(where)
    return [
        ((*where, i), item)
        for where in containers
        for i, item in enumerate(paths.get_at(raw, where))
    ]


def _relative(source: str, source_list: str) -> str:
    """A field's path inside one item: ``attributes.kind`` of ``included[].attributes.kind``."""
    return source[len(source_list) :].lstrip(".") or "$"


def _kept(
    items: list[tuple[paths.InstancePath, Any]],
    source_list: str,
    evidence: list[FieldLineage],
    output: Any,
) -> list[bool | None]:
    """Per source item: whether it reaches the output (None: it holds none of the fields).

    An item is kept when every value it holds of the fields carried as they are reaches
    the output, so a value many items share (``"warning"``) does not keep them all; when
    no field is carried as is, any value of a carried field is enough.
    """
    index = _Index(output)
    exact = [fl for fl in evidence if fl.status in ("kept", "partial")]
    fields, combine = (exact, all) if exact else (evidence, any)
    flags: list[bool | None] = []
    for _ip, item in items:
        leaves = _leaf_values(item)
        values = [
            v
            for fl in fields
            for v in leaves.get(_relative(fl.source, source_list), ())
            if v is not None
        ]
        flags.append(combine(index.holds(v) for v in values) if values else None)
    return flags


def _separates(
    items: list[tuple[paths.InstancePath, Any]],
    flags: list[bool | None],
    source_list: str,
    sources: list[str],
) -> bool:
    """Whether some field's value (or its being null) tells kept items from dropped ones."""
    relevant = [
        (item, flag) for (_ip, item), flag in zip(items, flags, strict=True) if flag is not None
    ]
    leaves = [(_leaf_values(item), flag) for item, flag in relevant]
    for source in sources:
        if _list_prefix(source) != source_list:
            continue
        rel = _relative(source, source_list)
        for classify in (canonical, lambda v: v is None):
            classes = [
                (tuple(sorted(classify(v) for v in lv.get(rel, [None]))), flag)
                for lv, flag in leaves
            ]
            kept = {c for c, flag in classes if flag}
            dropped = {c for c, flag in classes if not flag}
            # A field unique per item separates anything; a filter's field repeats.
            if kept and dropped and not kept & dropped and len(kept | dropped) < len(classes):
                return True
    return False


def _cut_by_position(
    ctx: _Context,
    p: ProjectionScore,
    raw: Any,
    output: Any,
    source_list: str,
    evidence: list[FieldLineage],
) -> bool:
    """Whether the items kept depend on their position: reverse the list and look again.

    A filter or a sort keeps the same items whatever the order; a cut to the first N keeps
    others. (A sort followed by a cut keeps the same items too: that is told from a filter
    by the absence of a field that separates kept items from dropped ones.)
    """
    items = _list_items(raw, source_list)
    reversed_raw = raw
    for where in dict.fromkeys(ip[:-1] for ip, _item in items):
        reversed_raw = paths.set_at(
            reversed_raw, where, list(reversed(paths.get_at(reversed_raw, where)))
        )
    try:
        again, _ = runner_for(ctx.score, p.name)(reversed_raw, serialise=False)
    except ProjectionFault:
        return False
    before = _kept(items, source_list, evidence, output)
    after = _kept(items, source_list, evidence, again)
    return before != after


def _truncation(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    rows = _rows(p)
    data = list(ctx.data_outputs(p.name))
    sources = [fl.source for fl in rows]
    filtered = _filters(rows, [output for _f, _r, output in data])
    pairs: dict[tuple[str, str | None], list[FieldLineage]] = {}
    for fl in rows:
        source_list = _list_prefix(fl.source)
        if source_list is None or fl.status not in (*CARRIED, "partial"):
            continue
        output_lists = sorted(
            {lp for o in fl.outputs if (lp := _list_prefix(o)) and lp != "content[]"}
        )  # content[] holds an MCP result's blocks, not data
        for lp in output_lists:
            pairs.setdefault((source_list, lp), []).append(fl)
        if not output_lists and fl.first_n is not None:
            pairs.setdefault((source_list, None), []).append(fl)
    out = []
    for (source_list, output_list), evidence in sorted(pairs.items(), key=lambda kv: str(kv[0])):
        for fixture, raw, output in data:
            items = _list_items(raw, source_list)
            flags = _kept(items, source_list, evidence, output)
            n_src = sum(1 for f in flags if f is not None)
            if output_list is not None:
                n_out = min(_items(output, output_list), n_src)
                if n_out >= n_src:
                    continue
                markers = [
                    k
                    for k in _key_paths(output)
                    if _LIST_MARKER.match(k.rsplit(".", 1)[-1]) and not _under(k, output_list)
                ]
                if markers:
                    continue
                where: str = output_list
            else:
                first = next((fl.first_n for fl in evidence if fl.first_n), None)
                if first is None or (isinstance(output, str) and _PROSE_MARKER.search(output)):
                    continue
                n_out = first[0]
                where = "$" if isinstance(output, str) else (evidence[0].outputs or ("$",))[0]
            # Fewer items chosen by a field's value are a selection, not a cut, unless the
            # items kept change with their order. In text, where items cannot be counted,
            # only a cut by position is evidence.
            selection = output_list is None or (
                source_list in filtered or _separates(items, flags, source_list, sources)
            )
            if selection and not _cut_by_position(ctx, p, raw, output, source_list, evidence):
                continue
            out.append(
                ctx.finding(
                    "TRUNCATION",
                    p.name,
                    where,
                    f"keeps {n_out} of the {n_src} items of `{source_list}` and does not say "
                    f"so: the model will take the {n_out} for all there is. Fix: add a marker "
                    "beside the list: the total (`total_count`), `has_more: true` and a "
                    "`next_cursor` the tool accepts.",
                    fixture=fixture,
                    field=source_list,
                )
            )
            break
    out.extend(_text_cuts(ctx, p, rows, data))
    return out


def _text_cuts(
    ctx: _Context, p: ProjectionScore, rows: list[FieldLineage], data: list[tuple[str, Any, Any]]
) -> list[Finding]:
    out = []
    for fl in rows:
        if fl.how != "text-cut":
            continue
        for out_path in fl.outputs:
            for fixture, _raw, output in data:
                if isinstance(output, str):
                    if _PROSE_MARKER.search(output):
                        continue
                    problem = "with no marker"
                else:
                    keys = list(_key_paths(output))
                    parent = out_path.rsplit(".", 1)[0] if "." in out_path else "$"
                    beside = [
                        k
                        for k in keys
                        if _under(k, parent)
                        and k.count(".") == out_path.count(".")
                        and _TEXT_MARKER.search(k.rsplit(".", 1)[-1])
                    ]
                    if beside:
                        continue
                    anywhere = [k for k in keys if _TEXT_MARKER.search(k.rsplit(".", 1)[-1])]
                    problem = (
                        f"with a marker ({anywhere[0]}) that does not say which item was cut"
                        if anywhere
                        else "with no marker"
                    )
                leaf = out_path.rsplit(".", 1)[-1]
                out.append(
                    ctx.finding(
                        "TRUNCATION",
                        p.name,
                        out_path,
                        f"cuts {_label(fl)} after {fl.precision} characters {problem}: the "
                        "model cannot tell a cut text from a short one. Fix: send "
                        f"`{leaf}_truncated: true` beside each cut text, and say how to get the "
                        "full text.",
                        fixture=fixture,
                        field=fl.field or fl.source,
                    )
                )
                break
    return out


# ERROR-AS-EMPTY ------------------------------------------------------------------------

_ERROR_KEY = re.compile(
    r"^(errors?|is_?error|error_?(code|message|type|kind)|problem|fault|failure)$", re.IGNORECASE
)
_ERROR_WORDS = re.compile(
    r"\berror|\bfail|rate.?limit|too many requests|forbidden|unauthori[sz]ed|not found|"
    r"timed? ?out|timeout|unavailable|denied|retry",
    re.IGNORECASE,
)


_MESSAGE_KEY = re.compile(r"message|detail|title|reason|description|summary|text", re.IGNORECASE)


def _signals_error(output: Any, kind: str) -> bool:
    """Whether an output tells the model that the call failed.

    Error words count in text the model reads as a message (a text output, an MCP text
    block, a value under a message-like key), not in any data string (a subject "Payment
    failed" says nothing about the call). Error keys, ``ok: false``, an HTTP error status
    and the error kind itself count anywhere.
    """
    if isinstance(output, str):
        return bool(_ERROR_WORDS.search(output)) or kind.replace("_", " ") in output.lower()
    if is_mcp_result(output) and output.get("isError") is True:
        return True
    stack: list[tuple[str, Any]] = [("", output)]
    while stack:
        key, node = stack.pop()
        if isinstance(node, dict):
            for k, v in node.items():
                name = str(k)
                if _ERROR_KEY.match(name) and v not in (None, False, "", [], {}):
                    return True
                if name.lower() in ("ok", "success") and v is False:
                    return True
                if name.lower() in ("status", "status_code", "code") and (
                    (isinstance(v, int) and not isinstance(v, bool) and v >= 400)
                    or (isinstance(v, str) and v.isdigit() and int(v) >= 400)
                ):
                    return True
                stack.append((name, v))
        elif isinstance(node, list):
            stack.extend((key, v) for v in node)
        elif isinstance(node, str) and (
            node == kind or (_MESSAGE_KEY.search(key) and _ERROR_WORDS.search(node))
        ):
            return True
    return False


def _first_empty(output: Any) -> str:
    """Path of the first empty list or object, breadth first (``tickets``), else ``$``."""
    stack: list[tuple[paths.InstancePath, Any]] = [((), output)]
    while stack:
        where, node = stack.pop(0)
        if isinstance(node, list | dict) and not node:
            return paths.format_path(paths.schema_of(where, output))
        if isinstance(node, dict):
            stack.extend(((*where, k), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend(((*where, i), v) for i, v in enumerate(node))
    return "$"


def _error_as_empty(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    out = []
    empty_like = {canonical(output): fixture for fixture, _raw, output in ctx.data_outputs(p.name)}
    for fx in ctx.suite.fixtures:
        if fx.error is None:
            continue
        outcome = ctx.outcomes[p.name].get(fx.name)
        if outcome is None or outcome.fault is not None:
            continue  # a projection that raises surfaces as a failed call, not as data
        output = outcome.output
        if _signals_error(output, fx.error):
            continue
        twin = empty_like.get(canonical(output))
        same = f", the same output as for the data fixture {twin!r}" if twin else ""
        where = _first_empty(output)
        # An empty list, an empty output, or the output of a real empty page.
        empty = where != "$" or not output or twin is not None
        reads = "a successful result with nothing in it" if empty else "a successful result"
        out.append(
            ctx.finding(
                "ERROR-AS-EMPTY",
                p.name,
                where,
                f"turns the {fx.error} error response into {_short(output)}{same}: the model "
                f"will read it as {reads}. Fix: return an "
                'explicit error (e.g. {"error": {"code": "'
                f'{fx.error}", ...}}}} or an MCP result with isError: true).',
                fixture=fx.name,
            )
        )
    return out


# OUTPUT-SCHEMA ---------------------------------------------------------------------------


def _load_schema(suite: Suite) -> Any:
    import jsonschema

    assert suite.output_schema_file is not None
    path = suite.output_schema_file
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SuiteError(
            f"the output schema cannot be read as JSON ({exc}).",
            file=path,
            fix="give a JSON Schema document",
        ) from None
    validator_cls = jsonschema.validators.validator_for(schema)
    try:
        validator_cls.check_schema(schema)
    except jsonschema.SchemaError as exc:
        where = paths.format_path(tuple(exc.absolute_path))
        raise SuiteError(
            f"the output schema is not a valid JSON Schema: {exc.message}.",
            file=path,
            position=where,
            fix="correct the schema at that position",
        ) from None
    return validator_cls(schema)


def _output_schema(ctx: _Context, p: ProjectionScore, validator: Any) -> list[Finding]:
    out = []
    for fixture, _raw, output in ctx.data_outputs(p.name):
        prefix: paths.InstancePath = ()
        target = output
        if is_mcp_result(output):
            if output.get("isError"):
                continue
            structured = output.get("structuredContent")
            if structured is not None and not _text_matches(output, structured):
                out.append(
                    ctx.finding(
                        "OUTPUT-SCHEMA",
                        p.name,
                        MCP_TEXT_PATH,
                        "the text block is not the JSON of structuredContent, so a client "
                        "that reads only text sees something else. Fix: send "
                        "json.dumps(structuredContent) as the text block.",
                        fixture=fixture,
                    )
                )
            if validator is None:
                continue
            if structured is None:
                out.append(
                    ctx.finding(
                        "OUTPUT-SCHEMA",
                        p.name,
                        "structuredContent",
                        "the suite has an output schema, but this MCP result has no "
                        "structuredContent to check. Fix: return the object as structuredContent "
                        "and repeat its JSON in a text block.",
                        fixture=fixture,
                    )
                )
                continue
            prefix, target = ("structuredContent",), structured
        elif validator is None:
            continue
        elif isinstance(output, str):
            out.append(
                ctx.finding(
                    "OUTPUT-SCHEMA",
                    p.name,
                    "$",
                    "returns text, which the suite's output schema cannot validate. Fix: return "
                    "the JSON the schema describes (as structuredContent, with the text beside "
                    "it), or drop the schema for this tool.",
                    fixture=fixture,
                )
            )
            continue
        errors = sorted(
            validator.iter_errors(target),
            key=lambda e: (paths.format_path((*prefix, *e.absolute_path)), e.message),
        )
        for error in errors:
            out.append(
                ctx.finding(
                    "OUTPUT-SCHEMA",
                    p.name,
                    paths.format_path((*prefix, *error.absolute_path)),
                    f"does not match the output schema: {error.message}. Fix: change the "
                    "projection or the schema so that they agree.",
                    fixture=fixture,
                )
            )
    return out


def _text_matches(output: dict[str, Any], structured: Any) -> bool:
    for block in output.get("content") or ():
        if block.get("type") == "text" and isinstance(block.get("text"), str):
            try:
                if json.loads(block["text"]) == structured:
                    return True
            except ValueError:
                continue
    return False


# UNTRUSTED-TEXT --------------------------------------------------------------------------

_CONTROL_KEY = re.compile(
    r"status|state|summary|instruction|message|prompt|system|command|directive|action|error",
    re.IGNORECASE,
)


def _untrusted_text(ctx: _Context, p: ProjectionScore) -> list[Finding]:
    assert p.lineage is not None
    untrusted = [f for f in ctx.suite.fields.values() if f.untrusted]
    if not untrusted:
        return []
    claims: dict[str, set[str]] = {}
    for fl in p.lineage.fields.values():
        if fl.status in (*CARRIED, "partial"):
            for o in fl.outputs:
                claims.setdefault(o, set()).add(fl.source)
    out = []
    for fdef in untrusted:
        own = {
            s
            for s in p.lineage.fields
            if (schema := ctx.facts.schemas.get(s)) and paths.matches(fdef.segments, schema)
        }
        fl = p.lineage.named.get(fdef.name)
        if fl is None or fl.status not in (*CARRIED, "partial"):
            continue
        structured = any(o.startswith("structuredContent") for o in fl.outputs)
        for o in fl.outputs:
            if o == MCP_TEXT_PATH and structured:
                continue  # the JSON of structuredContent, where the field has its own key
            others = sorted(claims.get(o, set()) - own)
            key = o.rsplit(".", 1)[-1]
            if others:
                names = [_field_name(ctx.suite, s) for s in others]
                shown = _names(names[:4]) + (
                    f" and {len(names) - 4} more" if len(names) > 4 else ""
                )
                problem = f"lands in `{o}` together with {shown}"
            elif _CONTROL_KEY.search(key) and key != "$":
                problem = f"lands in `{o}`, a key named like a control field"
            else:
                continue
            out.append(
                ctx.finding(
                    "UNTRUSTED-TEXT",
                    p.name,
                    o,
                    f"untrusted text `{fdef.name}` {problem}, where it can pass for the tool's "
                    "own words. Fix: give it a labelled field of its own "
                    f'(e.g. "{fdef.name}": {{"text": ..., "trust": "untrusted"}}).',
                    field=fdef.name,
                )
            )
    return out


def _field_name(suite: Suite, source: str) -> str:
    schema = paths.parse_path(source) if source != "$" else ()
    for f in suite.fields.values():
        if paths.matches(f.segments, schema):
            return f.name
    return source
