"""Suites: question sets, their fixtures and their field dictionary.

A suite file (YAML) names one tool, the raw responses it returned (fixtures),
a field dictionary that gives source fields names, the candidate projections,
and the questions an agent is asked, each with the fields it needs. The format
is documented in the README; :func:`load_suite` validates it and turns every
mistake into one :class:`~projeval.errors.SuiteError` naming the file, the
line and the fix.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import _json, paths
from ._yaml import Positions, load_yaml, read_text
from .errors import FixtureError, SuiteError
from .kinds import KINDS
from .vocabulary import SEVERITY_SETTINGS

SUITE_VERSION = 1
TIME_PRECISIONS = ("second", "minute", "hour", "day")
ERROR_KINDS = (
    "rate_limited",
    "unauthorized",
    "forbidden",
    "not_found",
    "bad_request",
    "server_error",
    "timeout",
)
SEVERITIES = SEVERITY_SETTINGS

_TOP_KEYS = {
    "version",
    "suite",
    "tool",
    "description",
    "fixtures",
    "fields",
    "projections",
    "questions",
    "tools",
    "short_ids",
    "output_schema",
    "checks",
    "hedges",
}


@dataclass(frozen=True)
class FieldDef:
    """A named source field: ``sla_due_at: data[].attributes.sla_due_at``."""

    name: str
    path: str
    segments: paths.SchemaPath
    kind: str | None = None
    untrusted: bool = False
    position: str | None = None
    #: Declared labels of a coded field (``{1: low, 2: high}``): the projection's are checked.
    labels: dict[Any, str] | None = None
    #: Declared values an enumeration can take (``[open, closed]``): lineage swaps a value with
    #: them when the fixtures hold only one.
    values: tuple[str | int, ...] | None = None


@dataclass(frozen=True)
class Need:
    """One field a question needs, with the precision and readability it needs."""

    field: str
    precision: str | int | None = None
    readable: bool = False
    items: str = "all"


@dataclass(frozen=True)
class Question:
    """A question an agent is asked; ``weight`` is how often it is asked."""

    id: str
    text: str
    needs: tuple[Need, ...]
    weight: float = 1.0
    position: str | None = None


@dataclass(frozen=True)
class Fixture:
    """One raw response of the tool. ``error`` marks an error response, not data."""

    name: str
    path: Path
    data: Any = field(repr=False, compare=False)
    error: str | None = None


@dataclass(frozen=True)
class McpSpec:
    """An MCP server (stdio) and the call of one of its tools: an ``mcp:`` projection.

    ``command`` may hold ``{url}`` (the mock upstream's base URL) and ``{python}``
    (projeval's own interpreter); ``url_env`` names an environment variable that gets
    the URL too (``PROJEVAL_UPSTREAM_URL`` always does).
    """

    command: tuple[str, ...]
    tool: str
    arguments: dict[str, Any] = field(default_factory=dict, hash=False)
    url_env: str | None = None


@dataclass(frozen=True)
class ProjectionSpec:
    """Where a candidate projection lives.

    A Python function (``module:function`` or ``file.py:function``, in ``target``),
    a program speaking the JSON Lines protocol (``command``), or a tool of an MCP
    server (``mcp``). ``target`` always says it in the suite's words, for reports.
    """

    name: str
    target: str
    position: str | None = None
    command: tuple[str, ...] | None = None
    mcp: McpSpec | None = None
    #: ``env:`` of a ``command:`` program: variables set (a string) or unset (``None``)
    #: over projeval's own environment, sorted by name.
    env: tuple[tuple[str, str | None], ...] = ()


@dataclass
class Suite:
    """A loaded, validated suite."""

    name: str
    tool: str
    path: Path
    fields: dict[str, FieldDef]
    questions: tuple[Question, ...]
    fixtures: tuple[Fixture, ...]
    projections: dict[str, ProjectionSpec]
    description: str = ""
    tools_file: Path | None = None
    #: ``tools: {mcp: <command>}``: a server whose ``tools/list`` gives the agent's tools.
    tools_server: tuple[str, ...] | None = None
    tools_position: str | None = None
    short_ids: bool = False
    output_schema_file: Path | None = None
    checks: dict[str, str] = field(default_factory=dict)
    hedges: tuple[str, ...] = ()
    root: Path = field(default_factory=Path.cwd)
    digest: str = ""
    #: What the load noticed but did not refuse: a declaration the values contradict, a
    #: field whose type varies across fixtures. One sentence each, naming the field.
    warnings: list[str] = field(default_factory=list)

    @property
    def data_fixtures(self) -> tuple[Fixture, ...]:
        """Fixtures that hold data (not error responses): lineage runs on these."""
        return tuple(f for f in self.fixtures if f.error is None)

    @property
    def total_weight(self) -> float:
        """Sum of question weights."""
        return sum(q.weight for q in self.questions)

    def question(self, question_id: str) -> Question:
        """The question with this id."""
        for q in self.questions:
            if q.id == question_id:
                return q
        raise KeyError(question_id)

    def needed_by(self, field_name: str) -> list[Question]:
        """Questions that need ``field_name``, heaviest first."""
        qs = [q for q in self.questions if any(n.field == field_name for n in q.needs)]
        return sorted(qs, key=lambda q: (-q.weight, q.id))

    def unmatched_fields(self) -> list[FieldDef]:
        """Fields whose path matches no value in any data fixture."""
        seen = self._schema_paths
        return [f for f in self.fields.values() if not any(_names(f, s) for s in seen)]

    def unmatched_message(self, fdef: FieldDef) -> str:
        """The sentence that explains an unmatched field (names the fixtures searched)."""
        searched = ", ".join(f.path.name for f in self.data_fixtures) or "none"
        return (
            f"field {fdef.name!r} ({fdef.path}) matches nothing in any fixture "
            f"(searched: {searched})."
        )

    @functools.cached_property
    def leaves(self) -> dict[str, list[paths.Leaf]]:
        """Every leaf of every data fixture, by fixture name, JSON inside strings expanded.

        The one walk of the fixtures: suite validation, lineage and the contract checks
        all read it, so they all see the same values (ids inside ``<json>`` strings too).
        """
        return {
            fx.name: list(paths.iter_leaves(fx.data, expand_json=True)) for fx in self.data_fixtures
        }

    @functools.cached_property
    def _schema_paths(self) -> set[paths.SchemaPath]:
        return {spath for walk in self.leaves.values() for _ip, spath, _v in walk}

    def __repr__(self) -> str:
        return (
            f"<Suite {self.name!r} tool={self.tool!r} questions={len(self.questions)} "
            f"fields={len(self.fields)} fixtures={len(self.fixtures)} "
            f"projections={sorted(self.projections)}>"
        )


class _Reader:
    """Validation helpers that know the file and the node positions."""

    def __init__(self, file: Path, positions: Positions) -> None:
        self.file = file
        self.positions = positions

    def where(self, *keys: str | int) -> str | None:
        while keys and keys not in self.positions:
            keys = keys[:-1]
        return self.positions.get(keys)

    def fail(self, message: str, keys: tuple[str | int, ...], fix: str | None = None) -> SuiteError:
        return SuiteError(message, file=self.file, position=self.where(*keys), fix=fix)

    def only(
        self,
        mapping: dict[Any, Any],
        allowed: tuple[str, ...],
        keys: tuple[str | int, ...],
        what: str,
    ) -> None:
        """Reject the first key of ``mapping`` not in ``allowed`` (typos must not pass silently)."""
        extra = sorted(set(map(str, mapping)) - set(allowed))
        if extra:
            names = ", ".join(allowed[:-1]) + f" or {allowed[-1]}"
            raise self.fail(
                f"{what} has unknown key {extra[0]!r}.", (*keys, extra[0]), fix=f"use {names}"
            )


def load_suite(path: str | Path, root: str | Path | None = None) -> Suite:
    """Load and validate one suite file.

    ``root`` is the project root that ``module:function`` projections are
    imported from (default: the current folder).
    """
    file = Path(path)
    text = read_text(file, SuiteError, "suite file")
    data, positions = load_yaml(text, file)
    r = _Reader(file, positions)
    if not isinstance(data, dict):
        raise r.fail(
            "a suite file must be a YAML mapping with suite, tool, fixtures, fields, "
            "projections and questions.",
            (),
            fix="start from question_sets/support_desk.yaml",
        )
    unknown = sorted(set(map(str, data)) - _TOP_KEYS)
    if unknown:
        hint = difflib.get_close_matches(unknown[0], _TOP_KEYS, n=1)
        raise r.fail(
            f"unknown key {unknown[0]!r}.",
            (unknown[0],),
            fix=f"did you mean {hint[0]!r}?"
            if hint
            else f"use one of: {', '.join(sorted(_TOP_KEYS))}",
        )
    version = data.get("version", SUITE_VERSION)
    if version != SUITE_VERSION:
        raise r.fail(
            f"suite format version {version!r} is not supported (this projeval reads {SUITE_VERSION}).",
            ("version",),
            fix=f"set version: {SUITE_VERSION}",
        )
    for key in ("suite", "tool"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise r.fail(f"'{key}' is missing or not a string.", (key,), fix=f"add '{key}: <name>'")
    base = file.parent
    fields = _read_fields(data.get("fields"), r)
    questions = _read_questions(data.get("questions"), fields, r)
    fixtures = _read_fixtures(data.get("fixtures"), base, r)
    projections = _read_projections(data.get("projections"), r)
    suite = Suite(
        name=data["suite"].strip(),
        tool=data["tool"].strip(),
        path=file,
        fields=fields,
        questions=questions,
        fixtures=fixtures,
        projections=projections,
        description=str(data.get("description") or ""),
        tools_file=None
        if isinstance(data.get("tools"), dict)
        else _optional_file(data, "tools", base, r),
        tools_server=_tools_server(data.get("tools"), r),
        tools_position=r.where("tools"),
        short_ids=_optional_bool(data, "short_ids", r),
        output_schema_file=_optional_file(data, "output_schema", base, r),
        checks=_read_checks(data.get("checks"), r),
        hedges=_read_hedges(data.get("hedges"), r),
        root=Path(root) if root is not None else Path.cwd(),
    )
    _check_leaf_fields(suite, r)
    suite.warnings = field_warnings(suite)
    from ._digest import digest_suite

    suite.digest = digest_suite(text, suite)
    return suite


def _read_fields(raw: Any, r: _Reader) -> dict[str, FieldDef]:
    if not isinstance(raw, dict) or not raw:
        raise r.fail(
            "'fields' must map field names to paths.",
            ("fields",),
            fix="add e.g. 'fields: {sla_due_at: data[].attributes.sla_due_at}'",
        )
    out: dict[str, FieldDef] = {}
    for name, spec in raw.items():
        name = str(name)
        where = ("fields", name)
        kind = None
        untrusted = False
        labels = None
        values = None
        if isinstance(spec, dict):
            r.only(
                spec,
                ("path", "kind", "untrusted", "description", "labels", "values"),
                where,
                f"field {name!r}",
            )
            path_text = spec.get("path")
            kind = spec.get("kind")
            untrusted = bool(spec.get("untrusted", False))
            labels = spec.get("labels")
            if labels is not None and (
                not isinstance(labels, dict)
                or not labels
                or not all(isinstance(v, str | int | float) for v in labels.values())
            ):
                raise r.fail(
                    f"'labels' of field {name!r} must map each code to its label.",
                    (*where, "labels"),
                    fix="write e.g. 'labels: {1: low, 2: high, 3: urgent}'",
                )
            values = spec.get("values")
            if values is not None and (
                not isinstance(values, list)
                or not values
                or not all(isinstance(v, str | int) and not isinstance(v, bool) for v in values)
            ):
                raise r.fail(
                    f"'values' of field {name!r} must list the values it can take.",
                    (*where, "values"),
                    fix="write e.g. 'values: [open, closed]'",
                )
            if kind is not None and kind not in KINDS:
                raise r.fail(
                    f"field {name!r} has unknown kind {kind!r}.",
                    (*where, "kind"),
                    fix=f"use one of: {', '.join(KINDS)}",
                )
        else:
            path_text = spec
        if not isinstance(path_text, str):
            raise r.fail(
                f"field {name!r} has no path.",
                where,
                fix=f"write '{name}: data[].attributes.{name}' or '{name}: {{path: ...}}'",
            )
        try:
            segments = paths.parse_path(path_text)
        except paths.PathSyntaxError as exc:
            raise r.fail(
                f"field {name!r}: {exc}.",
                where,
                fix="separate keys with dots, '[]' for list items, '*' for any map key",
            ) from None
        out[name] = FieldDef(
            name,
            path_text.strip(),
            segments,
            kind,
            untrusted,
            r.where(*where),
            {k: str(v) for k, v in labels.items()} if labels else None,
            tuple(dict.fromkeys(values)) if values else None,
        )
    return out


def _read_need(raw: Any, fields: dict[str, FieldDef], r: _Reader, where: tuple) -> Need:
    if isinstance(raw, str):
        raw = {"field": raw}
    if not isinstance(raw, dict) or not isinstance(raw.get("field"), str):
        raise r.fail(
            "a need is a field name or a mapping with 'field'.",
            where,
            fix="write '- sla_due_at' or '- {field: sla_due_at, precision: minute}'",
        )
    r.only(raw, ("field", "precision", "readable", "items"), where, "need")
    name = raw["field"]
    if name not in fields:
        hint = difflib.get_close_matches(name, list(fields), n=1)
        fix = (
            f"did you mean {hint[0]!r}? Or add {name!r} under 'fields:'"
            if hint
            else f"add {name!r} under 'fields:' with its path"
        )
        raise r.fail(f"need {name!r} names no field in the field dictionary.", where, fix=fix)
    precision = raw.get("precision")
    if precision is not None:
        ok_int = isinstance(precision, int) and not isinstance(precision, bool) and precision > 0
        if not ok_int and precision not in TIME_PRECISIONS:
            raise r.fail(
                f"precision {precision!r} of need {name!r} is not understood.",
                (*where, "precision"),
                fix="use second, minute, hour or day for times, or a character count for text",
            )
    readable = raw.get("readable", False)
    if not isinstance(readable, bool):
        raise r.fail(f"'readable' of need {name!r} must be true or false.", (*where, "readable"))
    items = raw.get("items", "all")
    if items not in ("all", "some"):
        raise r.fail(
            f"'items' of need {name!r} must be 'all' or 'some'.",
            (*where, "items"),
            fix="use 'some' when the question asks about a selection (the latest, the open ones)",
        )
    return Need(name, precision, readable, items)


def _read_questions(raw: Any, fields: dict[str, FieldDef], r: _Reader) -> tuple[Question, ...]:
    if not isinstance(raw, list) or not raw:
        raise r.fail(
            "'questions' must be a non-empty list.",
            ("questions",),
            fix="add questions, each with id, text and needs",
        )
    seen: dict[str, str | None] = {}
    out = []
    for i, q in enumerate(raw):
        where: tuple[str | int, ...] = ("questions", i)
        if not isinstance(q, dict):
            raise r.fail("a question must be a mapping with id, text and needs.", where)
        r.only(q, ("id", "text", "needs", "weight"), where, "question")
        qid = q.get("id")
        if not isinstance(qid, str | int) or isinstance(qid, bool) or not str(qid).strip():
            raise r.fail("question has no 'id'.", where, fix="give every question a unique id")
        qid = str(qid).strip()
        if qid in seen:
            raise r.fail(
                f"duplicate question id {qid!r} (first at line {str(seen[qid]).split(':')[0]}).",
                (*where, "id"),
                fix="give each question its own id",
            )
        seen[qid] = r.where(*where, "id")
        text = q.get("text")
        if not isinstance(text, str) or not text.strip():
            raise r.fail(f"question {qid!r} has no 'text'.", where, fix="add the question as asked")
        weight = q.get("weight", 1)
        if isinstance(weight, bool) or not isinstance(weight, int | float) or weight <= 0:
            raise r.fail(
                f"weight of question {qid!r} must be a positive number.",
                (*where, "weight"),
                fix="use how often the question is asked, e.g. 'weight: 3'",
            )
        needs_raw = q.get("needs")
        if not isinstance(needs_raw, list) or not needs_raw:
            raise r.fail(
                f"question {qid!r} has no needs.",
                (*where, "needs"),
                fix="list the fields it needs, e.g. 'needs: [ticket_id, sla_due_at]'",
            )
        needs = tuple(
            _read_need(n, fields, r, (*where, "needs", j)) for j, n in enumerate(needs_raw)
        )
        out.append(Question(qid, text.strip(), needs, float(weight), r.where(*where)))
    return tuple(out)


def _read_fixtures(raw: Any, base: Path, r: _Reader) -> tuple[Fixture, ...]:
    if not isinstance(raw, list) or not raw:
        raise r.fail(
            "'fixtures' must list at least one raw response (a JSON file).",
            ("fixtures",),
            fix="add e.g. 'fixtures: [../fixtures/search.json]'",
        )
    out = []
    names: set[str] = set()
    for i, item in enumerate(raw):
        where: tuple[str | int, ...] = ("fixtures", i)
        error = None
        if isinstance(item, dict):
            r.only(item, ("path", "error"), where, "fixture")
            rel = item.get("path")
            error = item.get("error")
            if error is not None and error not in ERROR_KINDS:
                raise r.fail(
                    f"unknown error kind {error!r}.",
                    (*where, "error"),
                    fix=f"use one of: {', '.join(ERROR_KINDS)}",
                )
        else:
            rel = item
        if not isinstance(rel, str):
            raise r.fail("a fixture is a path to a JSON file.", where)
        for fpath in _fixture_files(base, rel, r, where):
            data = load_json_file(fpath, FixtureError, "fixture")
            name = fpath.stem
            if name in names:
                name = str(fpath.relative_to(base)) if fpath.is_relative_to(base) else rel
            names.add(name)
            out.append(Fixture(name, fpath, data, error))
    if not any(f.error is None for f in out):
        raise r.fail(
            "every fixture is marked as an error response; lineage needs at least one with data.",
            ("fixtures",),
            fix="add a fixture of a successful response",
        )
    return tuple(out)


def _fixture_files(base: Path, rel: str, r: _Reader, where: tuple[str | int, ...]) -> list[Path]:
    """The file a fixture names, or every file its glob matches (``pages/*.json``), sorted."""
    if not any(c in rel for c in "*?["):
        return [base / rel]
    matches = sorted(p for p in base.glob(rel) if p.is_file())
    if not matches:
        raise r.fail(
            f"fixture pattern {rel!r} matches no file.",
            where,
            fix="check the pattern, relative to the suite file (e.g. 'fixtures/page_*.json')",
        )
    return matches


def load_json_file(path: Path, error: type[SuiteError] | type[FixtureError], what: str) -> Any:
    """Read a JSON file; a syntax error names its line and column."""
    text = read_text(path, error, what)  # type: ignore[arg-type]
    try:
        return _json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(
            # Python's decoder ends some messages with " at" ("Unterminated string starting
            # at"), which the position given beside it completes.
            f"{what} is not valid JSON: {exc.msg.removesuffix(' at').removesuffix(' starting')}.",
            file=path,
            position=f"{exc.lineno}:{exc.colno}",
            fix="correct the JSON at that position",
        ) from None
    except RecursionError:
        raise error(
            f"{what} is nested too deeply to read.",
            file=path,
            fix="flatten the document; JSON nested thousands of levels deep is not supported",
        ) from None


def _read_projections(raw: Any, r: _Reader) -> dict[str, ProjectionSpec]:
    if not isinstance(raw, dict) or not raw:
        raise r.fail(
            "'projections' must map names to 'module:function' or 'file.py:function'.",
            ("projections",),
            fix="add e.g. 'projections: {raw: projections.tickets:raw}'",
        )
    out = {}
    for name, target in raw.items():
        name = str(name)
        if isinstance(target, dict) and "command" in target:
            out[name] = _read_program(name, target, r)
            continue
        if isinstance(target, dict) and "mcp" in target:
            out[name] = _read_mcp(name, target, r)
            continue
        if not isinstance(target, str) or ":" not in target:
            raise r.fail(
                f"projection {name!r} must be 'module:function' or 'path/to/file.py:function'.",
                ("projections", name),
                fix=f"write e.g. '{name}: my_tools.projections:{name}'",
            )
        out[name] = ProjectionSpec(name, target.strip(), r.where("projections", name))
    return out


def _argv(value: Any, keys: tuple[str | int, ...], r: _Reader) -> tuple[str, ...]:
    if isinstance(value, str) and value.strip():
        return tuple(shlex.split(value))
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise r.fail(
        "a command must be a non-empty string or list of strings.",
        keys,
        fix="write e.g. 'command: node ../projections/tickets.js'",
    )


def _read_program(name: str, spec: dict[str, Any], r: _Reader) -> ProjectionSpec:
    keys: tuple[str | int, ...] = ("projections", name)
    r.only(spec, ("command", "env"), keys, f"projection {name!r}")
    argv = _argv(spec["command"], (*keys, "command"), r)
    env = _env(spec.get("env", {}), (*keys, "env"), r)
    return ProjectionSpec(
        name, "command: " + shlex.join(argv), r.where(*keys), command=argv, env=env
    )


def _env(value: Any, keys: tuple[str | int, ...], r: _Reader) -> tuple[tuple[str, str | None], ...]:
    """``env:``: variable names to a string (set) or null (unset)."""
    ok = isinstance(value, dict) and all(
        isinstance(k, str)
        and _ENV_NAME.match(k)
        and (v is None or isinstance(v, str | int | float))
        and not isinstance(v, bool)
        for k, v in value.items()
    )
    if not ok:
        raise r.fail(
            f"projection {keys[1]!r}: 'env' must map environment variable names to strings, "
            "or to null to unset them.",
            keys,
            fix="write e.g. 'env: {NODE_OPTIONS: --max-old-space-size=256, NODE_EXTRA_CA_CERTS: null}'",
        )
    return tuple(sorted((k, None if v is None else str(v)) for k, v in value.items()))


_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _read_mcp(name: str, spec: dict[str, Any], r: _Reader) -> ProjectionSpec:
    keys: tuple[str | int, ...] = ("projections", name)
    r.only(spec, ("mcp", "tool", "arguments", "url_env"), keys, f"projection {name!r}")
    argv = _argv(spec["mcp"], (*keys, "mcp"), r)
    tool = spec.get("tool")
    if not isinstance(tool, str) or not tool.strip():
        raise r.fail(
            f"projection {name!r} names an MCP server but no tool to call.",
            (*keys, "tool") if "tool" in spec else keys,
            fix="add e.g. 'tool: get_meter' (one of the server's tools/list)",
        )
    arguments = spec.get("arguments", {})
    if not isinstance(arguments, dict) or not all(isinstance(k, str) for k in arguments):
        raise r.fail(
            f"projection {name!r}: 'arguments' must map argument names to values.",
            (*keys, "arguments"),
            fix="write e.g. 'arguments: {meter_id: mtr_8f2c41}'",
        )
    url_env = spec.get("url_env")
    if url_env is not None and not (isinstance(url_env, str) and _ENV_NAME.match(url_env)):
        raise r.fail(
            f"projection {name!r}: 'url_env' must be the name of an environment variable.",
            (*keys, "url_env"),
            fix="write e.g. 'url_env: METER_API_URL', or put {url} in the command",
        )
    mcp = McpSpec(argv, tool.strip(), dict(arguments), url_env)
    shown = " ".join(a if a and not any(c.isspace() for c in a) else shlex.quote(a) for a in argv)
    target = f"mcp: {shown} tool {mcp.tool}"
    return ProjectionSpec(name, target, r.where(*keys), mcp=mcp)


def _tools_server(value: Any, r: _Reader) -> tuple[str, ...] | None:
    if not isinstance(value, dict):
        return None
    r.only(value, ("mcp",), ("tools",), "'tools'")
    if "mcp" not in value:
        raise r.fail(
            "'tools' must be a path to a tools file, or {mcp: <server command>}.",
            ("tools",),
            fix="write e.g. 'tools: {mcp: \"{python} ../projections/meter_mcp.py\"}'",
        )
    return _argv(value["mcp"], ("tools", "mcp"), r)


def _optional_file(data: dict, key: str, base: Path, r: _Reader) -> Path | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise r.fail(f"'{key}' must be a path to a JSON file.", (key,))
    path = base / value
    if not path.is_file():
        raise r.fail(
            f"'{key}' file {value!r} not found.",
            (key,),
            fix="check the path, relative to the suite file",
        )
    return path


def _optional_bool(data: dict, key: str, r: _Reader) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise r.fail(f"'{key}' must be true or false.", (key,))
    return value


def _read_checks(raw: Any, r: _Reader) -> dict[str, str]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise r.fail(
            "'checks' must map rule ids to a severity.",
            ("checks",),
            fix="e.g. 'checks: {ABSENCE: off}'",
        )
    out = {}
    for rule, severity in raw.items():
        if severity is False:
            severity = "off"
        if severity not in SEVERITIES:
            raise r.fail(
                f"severity {severity!r} of check {rule!r} is not understood.",
                ("checks", str(rule)),
                fix=f"use one of: {', '.join(SEVERITIES)}",
            )
        out[str(rule).upper()] = str(severity)
    return out


def _read_hedges(raw: Any, r: _Reader) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(h, str) and h.strip() for h in raw):
        raise r.fail(
            "'hedges' must be a list of phrases.",
            ("hedges",),
            fix="e.g. 'hedges: [as far as I can tell]'",
        )
    return tuple(h.strip() for h in raw)


def _check_leaf_fields(suite: Suite, r: _Reader) -> None:
    """A field must name a value, not an object; say which leaves it could name."""
    seen = suite._schema_paths
    for fdef in suite.fields.values():
        if any(paths.matches(fdef.segments, s) for s in seen):
            continue
        below = sorted(paths.format_path(s) for s in seen if paths.is_prefix(fdef.segments, s))
        if below:
            examples = ", ".join(below[:3])
            # A map's entries (payment_methods.*): its keys, the ids it is keyed by, may be
            # what was meant, and their path is not among the leaves listed.
            keys = f"; or {fdef.path}~ for the map's keys" if fdef.path.endswith(".*") else ""
            raise r.fail(
                f"field {fdef.name!r} ({fdef.path}) names an object or list, not a value.",
                ("fields", fdef.name),
                fix=f"name one of its values, e.g. {examples}{keys}",
            )


def field_warnings(suite: Suite) -> list[str]:
    """What the fixtures say about the field dictionary that the user should know.

    A path whose type varies across fixtures (an expandable field: an id string in one
    response, the whole object in another; projeval judges every shape, the object by its
    ``id``), and every declaration that changes nothing, so that none is ignored silently: a
    ``kind:`` the values contradict (projeval perturbs the values as what they are) or that a
    field null in every fixture never uses, ``labels:`` or ``values:`` that name none of the
    field's values, a ``kind:`` on map keys (always renamed), and a need's ``precision:`` or
    ``items: some`` that cannot apply to its field. One sentence each, naming the field.
    """
    from .kinds import infer_kind

    out: list[str] = []
    kinds_of: dict[str, str] = {}
    for fdef in suite.fields.values():
        scalars: dict[str, set[str]] = {}
        objects: list[str] = []
        values: list[Any] = []
        matched = False
        for fixture, walk in suite.leaves.items():
            for _ip, spath, value in walk:
                if paths.matches(fdef.segments, spath):
                    matched = True
                    if value is not None:
                        scalars.setdefault(fixture, set()).add(_type_name(value))
                        values.append(value)
                elif paths.is_prefix(fdef.segments, spath) and fixture not in objects:
                    objects.append(fixture)
        label = f"field `{fdef.name}` ({fdef.path})"
        if scalars and objects:
            shapes = ", ".join(
                f"{'/'.join(sorted(types))} in {fx}" for fx, types in sorted(scalars.items())
            )
            out.append(
                f"{label} is a {shapes} and an object in {', '.join(objects)}: "
                "projeval judges both shapes, the object by its `id`."
            )
        elif len({frozenset(t) for t in scalars.values()}) > 1:
            shapes = ", ".join(
                f"{'/'.join(sorted(t))} in {fx}" for fx, t in sorted(scalars.items())
            )
            out.append(f"{label} changes type across fixtures ({shapes}): each shape is judged.")
        declared = [
            text
            for text, given in (
                (f"`kind: {fdef.kind}`", fdef.kind),
                ("`labels:`", fdef.labels),
                ("`values:`", fdef.values),
            )
            if given
        ]
        if fdef.segments[-1:] == (paths.KEYS,):
            if fdef.kind:
                out.append(
                    f"{label} names map keys, which projeval always perturbs by renaming them: "
                    f"its `kind: {fdef.kind}` changes nothing. Fix: remove the declaration."
                )
            continue
        if matched and not values and declared:
            out.append(
                f"{label} is null in every fixture, so its {' and '.join(declared)} "
                "changes nothing. Fix: add a fixture where it holds a value."
            )
        if not values:
            continue
        example = json.dumps(values[0], ensure_ascii=False)[:40]
        kind, _epoch = infer_kind(fdef.segments, values, fdef.kind)
        kinds_of[fdef.name] = kind
        if fdef.kind:
            wanted = {"code": ("code", "enum")}.get(fdef.kind, (fdef.kind,))
            if kind not in wanted:
                out.append(
                    f"{label} is declared `kind: {fdef.kind}`, but its values (e.g. "
                    f"{example}) are not; projeval perturbs them as {kind}. Fix: correct or "
                    "remove the declaration."
                )
        for what, keys in (("labels", fdef.labels), ("values", fdef.values)):
            if keys and not any(str(v) in {str(k) for k in keys} for v in values):
                names = ", ".join(sorted(str(k) for k in keys))
                fix = (
                    "the labels are not checked"
                    if what == "labels"
                    else "they are not used. Fix: write them as the fixtures do"
                )
                out.append(
                    f"{label} declares {what} for {names}, but its values (e.g. {example}) "
                    f"are none of them: {fix}."
                )
    out += _need_warnings(suite, kinds_of)
    return out


def _need_warnings(suite: Suite, kinds_of: dict[str, str]) -> list[str]:
    """A need's ``precision:`` or ``items: some`` that cannot apply to its field's values."""
    out: list[str] = []
    for q in suite.questions:
        for need in q.needs:
            fdef = suite.fields[need.field]
            label = f"question `{q.id}` asks for field `{fdef.name}` ({fdef.path})"
            kind = kinds_of.get(fdef.name)
            precision = need.precision
            if isinstance(precision, str) and kind is not None and kind != "time":
                out.append(
                    f"{label} to the {precision}, but its values are {kind}, not times: the "
                    "precision changes nothing. Fix: remove it, or give a character count."
                )
            elif isinstance(precision, int) and kind == "time":
                out.append(
                    f"{label} to {precision} characters, but its values are times: the "
                    "precision changes nothing. Fix: give second, minute, hour or day."
                )
            lists = {paths.ANY_ITEM, paths.ANY_KEY, paths.KEYS}
            if need.items == "some" and not lists & set(fdef.segments):
                out.append(
                    f"{label} with `items: some`, but the path holds one value per response, "
                    "not a list: `items: some` changes nothing. Fix: remove it."
                )
    return out


def _names(fdef: FieldDef, spath: paths.SchemaPath) -> bool:
    """Whether a field names the leaf at ``spath``, or (a ``map.*~`` field) the key above it."""
    segments = fdef.segments
    if segments and segments[-1] == paths.KEYS:
        depth = len(segments) - 1
        return len(spath) > depth and paths.matches(segments[:-1], spath[:depth])
    return paths.matches(segments, spath)


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "string" if isinstance(value, str) else type(value).__name__
