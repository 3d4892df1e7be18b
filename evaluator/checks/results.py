"""Rules on the result as a whole: ERROR-AS-EMPTY (an error does not read as an empty
success), OUTPUT-SCHEMA (outputs validate against the suite's schema) and UNTRUSTED-TEXT
(untrusted text stays in a labelled field of its own).
"""

from __future__ import annotations

import json
import re
from typing import Any

from .. import paths
from .._json import read_json
from ..errors import SuiteError
from ..lineage import CARRIED
from ..projections import canonical
from ..score import ProjectionScore
from ..suites import Suite
from ..tool_result import MCP_TEXT_PATH, is_mcp_result
from .base import Finding
from .context import _Context
from .outputs import _names, _short

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


def _reaches_as_error(output: Any, body: Any) -> bool:
    """Whether the error body reaches the model as the error it is: the output is the body,
    holds it whole, or its text holds the body's own message (``{"detail": "The requested
    resource does not exist"}``) with no empty list or object beside it to read as an empty
    page."""
    if canonical(output) == canonical(body):
        return True
    text = output if isinstance(output, str) else canonical(output)
    if canonical(body) in text or json.dumps(body, ensure_ascii=False) in text:
        return True
    messages = [
        value
        for _ip, spath, value in paths.iter_leaves(body)
        if isinstance(value, str)
        and len(value) >= 8
        and (not spath or _MESSAGE_KEY.search(str(spath[-1])))
    ]
    return any(m in text for m in messages) and _first_empty(output) == "$"


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
        if _signals_error(output, fx.error) or _reaches_as_error(output, fx.data):
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
    schema = read_json(path, "output schema", fix="give a JSON Schema document")
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


def schema_validator(schema: dict[str, Any]) -> Any:
    """A validator of an MCP tool's ``outputSchema`` (None when the schema is not valid:
    the SDK's client refuses such a tool's results, so there is nothing to hold them to)."""
    import jsonschema

    validator_cls = jsonschema.validators.validator_for(schema)
    try:
        validator_cls.check_schema(schema)
    except jsonschema.SchemaError:
        return None
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
        named = p.lineage.named.get(fdef.name)
        if named is None or named.status not in (*CARRIED, "partial"):
            continue
        structured = any(o.startswith("structuredContent") for o in named.outputs)
        for o in named.outputs:
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
