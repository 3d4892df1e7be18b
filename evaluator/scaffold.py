"""``projeval init``: a project a new user can score right away.

From one or more raw responses of a tool (fixtures), :func:`init_project`
writes the config, a draft suite whose field dictionary lists every leaf of the
fixtures with the kind projeval infers for it (commented out, for the user to
pick from), a ``raw`` projection that passes the response through, and says
what to do next. The draft has one active field and one question, so that
``projeval score`` runs on it at once. Nothing is overwritten.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ._files import write_atomic
from .config import find_config
from .errors import ConfigError, FixtureError
from .kinds import infer_kind
from .paths import ANY_ITEM, ANY_KEY, IN_JSON, format_path, iter_leaves

#: The response ``projeval init`` writes when given no fixture (replace it with a real one).
EXAMPLE_RESPONSE: dict[str, Any] = {
    "data": [
        {
            "id": "ord_8f3a2c91",
            "status": "shipped",
            "total": "129.90",
            "created_at": "2026-11-28T09:14:22Z",
            "customer": {"name": "Dana Whitfield", "email": "dana@example.com"},
        },
        {
            "id": "ord_1b7e4d05",
            "status": "pending",
            "total": "42.00",
            "created_at": "2026-11-29T16:02:10Z",
            "customer": {"name": "Ilse Marquardt", "email": "ilse@example.com"},
        },
    ],
    "has_more": False,
}


@dataclass
class InitResult:
    """What :func:`init_project` wrote (paths relative to the folder) and what comes next."""

    folder: Path
    written: list[str] = field(default_factory=list)
    suite: str = ""
    fields: int = 0

    def next_steps(self) -> str:
        """The steps to print after ``projeval init``."""
        return "\n".join(
            [
                f"Wrote {', '.join(self.written)}.",
                "",
                "Next:",
                f"  1. In {self.suite}, uncomment the fields your agent's questions need "
                f"(all {self.fields} are listed, with their kinds) and write those questions.",
                "  2. Write the projection your tool returns to the model beside `raw` and "
                "list it under projections:.",
                "  3. projeval score                  # coverage, tokens and findings per projection",
                "  4. projeval check --fail-under 90  # the same as a CI gate",
            ]
        )


def init_project(
    folder: str | Path, fixtures: list[str | Path] | None = None, *, tool: str | None = None
) -> InitResult:
    """Write ``projeval.toml``, a draft suite and a ``raw`` projection into ``folder``.

    ``fixtures`` are raw responses of the tool (JSON files); without one, an
    example response is written to ``fixtures/example.json``. ``tool`` names the
    tool (default: the first fixture's file name). Raises
    :class:`~projeval.errors.ConfigError` when a config or a file to write is
    already there, and :class:`~projeval.errors.FixtureError` for a fixture
    that is not JSON.
    """
    root = Path(folder).resolve()
    existing = find_config(root)
    if existing is not None and existing.parent == root:
        raise ConfigError(
            "this folder already has a projeval config.",
            file=existing,
            fix="add a suite to its `suites` list by hand, or run projeval init in another folder",
        )
    result = InitResult(root)
    sources = [Path(f) for f in fixtures or []]
    documents = [(path, _read_fixture(path)) for path in sources]
    name = _identifier(tool or (sources[0].stem if sources else "example_tool"))
    if not documents:
        example = root / "fixtures" / "example.json"
        documents = [(example, EXAMPLE_RESPONSE)]
    suite_path = root / "question_sets" / f"{name}.yaml"
    projection_path = root / "projections" / f"{name}.py"
    targets = [root / "projeval.toml", suite_path, projection_path]
    if not sources:
        targets.append(documents[0][0])
    for target in targets:
        if target.exists():
            raise ConfigError(
                "projeval init would overwrite this file.",
                file=target,
                fix="move it away, or pass --tool with another name",
            )
    suite_text, count = draft_suite(name, suite_path, projection_path, documents)
    files = {
        root / "projeval.toml": (
            "# projeval's config (see the README's 'Project config').\n"
            f'suites = ["{suite_path.relative_to(root).as_posix()}"]\n'
        ),
        suite_path: suite_text,
        projection_path: RAW_PROJECTION,
    }
    if not sources:
        files[documents[0][0]] = json.dumps(EXAMPLE_RESPONSE, indent=2) + "\n"
    for path, text in files.items():
        write_atomic(path, text)
        result.written.append(path.relative_to(root).as_posix())
    result.suite = suite_path.relative_to(root).as_posix()
    result.fields = count
    return result


RAW_PROJECTION = '''"""Projections of the tool's responses: what the model reads instead of the raw response."""


def raw(response):
    """The raw response, unchanged: the baseline every other projection is compared with."""
    return response
'''


def draft_suite(
    tool: str, suite_path: Path, projection_path: Path, documents: list[tuple[Path, Any]]
) -> tuple[str, int]:
    """The draft suite's YAML text and the number of fields it lists."""
    leaves: dict[tuple[str, ...], list[Any]] = {}
    for _, doc in documents:
        for _ipath, spath, value in iter_leaves(doc, expand_json=True):
            leaves.setdefault(spath, []).append(value)
    if not leaves:
        raise FixtureError(
            "the fixtures hold no value to ask about (every one is empty).",
            file=documents[0][0],
            fix="pass a response with data in it",
        )
    names = _field_names(list(leaves))
    kinds = {spath: infer_kind(spath, values)[0] for spath, values in leaves.items()}
    # One field is active (the first id, else the first leaf) so that the draft scores.
    active = next((s for s in leaves if kinds[s] == "id"), next(iter(leaves)))
    base = suite_path.parent
    lines = [
        "# A draft written by `projeval init`: pick the fields your questions need,",
        "# write the questions, add your projections; then run `projeval score`.",
        "version: 1",
        f"suite: {json.dumps(tool.replace('_', '-'))}",
        f"tool: {json.dumps(tool)}",
        "fixtures:",
        *(f"  - {json.dumps(_relative(path, base))}" for path, _ in documents),
        "fields:",
        "  # Every leaf of the fixtures, with the kind projeval infers (id, code, enum, time,",
        "  # url, text, name, number, bool) and a sample value. Uncomment the ones your",
        "  # questions need; the kind may go (it is inferred anyway) or be corrected.",
    ]
    for spath, values in leaves.items():
        sample = next((v for v in values if v is not None), None)
        entry = f"{names[spath]}: {{path: {json.dumps(format_path(spath))}, kind: {kinds[spath]}}}"
        note = "every value is null" if sample is None else f"e.g. {_sample(sample)}"
        if spath == active:
            lines.append(f"  {entry}   # {note}")
        else:
            lines.append(f"  # {entry}   # {note}")
    lines += [
        "projections:",
        f"  raw: {json.dumps(_relative(projection_path, base) + ':raw')}",
        "questions:",
    ]
    lines += [
        "  # One example question, so that the draft scores: replace it with the questions",
        "  # your agent is asked about this tool's results, each naming the fields it needs.",
        f"  - id: {json.dumps('which-' + names[active].replace('_', '-'))}",
        f"    text: {json.dumps(f'Which {names[active]} does the result hold?')}",
        f"    needs: [{names[active]}]",
    ]
    return "\n".join(lines) + "\n", len(leaves)


def _read_fixture(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except FileNotFoundError:
        raise FixtureError(
            "fixture not found.", file=path, fix="pass a JSON file of a raw response"
        ) from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise FixtureError(
            f"not a JSON file ({exc}).", file=path, fix="pass a JSON file of a raw response"
        ) from None


def _field_names(paths: list[tuple[str, ...]]) -> dict[tuple[str, ...], str]:
    """A short, unique field name per schema path: its last key, then more of the path."""
    keys = {p: [_identifier(s) for s in p if s not in (ANY_ITEM, ANY_KEY, IN_JSON)] for p in paths}
    out: dict[tuple[str, ...], str] = {}
    for depth in range(1, max((len(k) for k in keys.values()), default=0) + 1):
        pending = [p for p in paths if p not in out]
        candidates = {p: "_".join(keys[p][-depth:]) or "value" for p in pending}
        taken = set(out.values())
        counts: dict[str, int] = {}
        for name in candidates.values():
            counts[name] = counts.get(name, 0) + 1
        for p, name in candidates.items():
            if counts[name] == 1 and name not in taken:
                out[p] = name
    for i, p in enumerate(x for x in paths if x not in out):
        out[p] = f"{'_'.join(keys[p]) or 'value'}_{i + 2}"
    return out


def _identifier(text: str) -> str:
    name = re.sub(r"[^0-9A-Za-z]+", "_", text).strip("_").lower()
    return name or "value"


def _relative(path: Path, base: Path) -> str:
    return Path(os.path.relpath(Path(path).resolve(), base)).as_posix()


def _sample(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
