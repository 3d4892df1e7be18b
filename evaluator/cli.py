"""The ``projeval`` command: a thin layer over the library.

Every command parses its options, calls one library function, prints the
text or JSON it gets back, and exits with a documented code. User mistakes
arrive as :class:`~evaluator.errors.ProjevalError` and print as one line,
``Error: <file>:<position>: <what>. Fix: <how>``, with no traceback.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from evaluator import __version__
from evaluator.config import Project, load_project
from evaluator.errors import EXIT_INPUT, EXIT_INTERNAL, EXIT_OK, ProjevalError
from evaluator.score import SuiteScore, score_document, score_suite
from evaluator.suites import Suite, load_suite
from evaluator.textfmt import num, pct, table


class _Context:
    def __init__(self, config: str | None) -> None:
        self.config_path = config
        self._project: Project | None = None

    @property
    def project(self) -> Project:
        if self._project is None:
            self._project = load_project(self.config_path)
        return self._project


def _suites(ctx: _Context, names: Sequence[str]) -> list[Path]:
    """Suite files from arguments (paths, or names of configured suites) or the config."""
    project = ctx.project
    if not names:
        if not project.suites:
            raise ProjevalError(
                "no suites given and none configured.",
                fix="pass a suite file (projeval score question_sets/x.yaml) or list "
                "suites under [tool.projeval] in pyproject.toml or in projeval.toml",
            )
        return list(project.suites)
    out = []
    for name in names:
        path = Path(name)
        if path.suffix in (".yaml", ".yml") or path.exists():
            out.append(path)
            continue
        matches = [p for p in project.suites if p.stem == name or p.stem.replace("_", "-") == name]
        if not matches:
            known = ", ".join(p.stem for p in project.suites) or "none configured"
            raise ProjevalError(
                f"no suite named {name!r}.", fix=f"use a suite file or one of: {known}"
            )
        out.extend(matches)
    return out


def _load(ctx: _Context, path: Path) -> Suite:
    return load_suite(path, root=ctx.project.root)


def _score_all(
    ctx: _Context, names: Sequence[str], projections: Sequence[str]
) -> tuple[list[SuiteScore], list[str]]:
    """Score every suite; one broken suite is reported and the others still run."""
    project = ctx.project
    scores: list[SuiteScore] = []
    errors: list[str] = []
    for path in _suites(ctx, names):
        try:
            suite = _load(ctx, path)
            chosen = _chosen(suite, projections)
            scores.append(
                score_suite(
                    suite,
                    chosen,
                    timeout=project.timeout,
                    max_output_bytes=project.max_output_bytes,
                )
            )
        except ProjevalError as exc:
            errors.append(exc.render())
    return scores, errors


def _chosen(suite: Suite, projections: Sequence[str]) -> list[str] | None:
    if not projections:
        return None
    unknown = [p for p in projections if p not in suite.projections]
    if unknown:
        raise ProjevalError(
            f"suite {suite.name!r} has no projection {unknown[0]!r}.",
            file=suite.path,
            fix=f"use one of: {', '.join(sorted(suite.projections))}",
        )
    return list(projections)


def display_path(path: Path) -> str:
    """A path relative to the current folder when it is below it (shorter, and stable)."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def render_score_text(scores: list[SuiteScore], errors: list[str]) -> str:
    """The table ``projeval score`` prints."""
    blocks = []
    for s in sorted(scores, key=lambda s: s.suite.name):
        suite = s.suite
        head = (
            f"{suite.name} ({display_path(suite.path)}): tool {suite.tool}, "
            f"{len(suite.questions)} questions, total weight {num(suite.total_weight)}"
        )
        rows = []
        notes = []
        for name in sorted(s.projections):
            p = s.projections[name]
            if not p.ok:
                rows.append((name, "error", "-", p.error_kind or ""))
                notes.append(f"  {name}: error: {p.error}")
                continue
            dropped = ", ".join(d.field for d in p.dropped_needed) or "-"
            rows.append((name, pct(p.coverage), f"{p.answerable}/{len(p.questions)}", dropped))
            notes.extend(f"  {name}: {d.describe()}" for d in p.dropped_needed)
        body = table(
            ("projection", "coverage", "answerable", "dropped needed fields"), rows, right=(1, 2)
        )
        block = [head, body]
        if notes:
            block.append("\n".join(notes))
        if s.diagnostics:
            block.append("\n".join(f"warning: {d}" for d in s.diagnostics))
        blocks.append("\n".join(block))
    blocks.extend(f"Error: {e}" for e in errors)
    return "\n\n".join(blocks)


def render_lineage_text(score: SuiteScore, projection: str) -> str:
    """The table ``projeval lineage`` prints."""
    p = score.projections[projection]
    head = f"{score.suite.name} / {projection}: lineage of every source field"
    if not p.ok or p.lineage is None:
        return f"{head}\nerror: {p.error}"
    rows = [
        (fl.field or "", fl.source, ", ".join(fl.outputs) or "-", fl.status, fl.detail)
        for fl in p.lineage.rows()
    ]
    body = table(("field", "source path", "output path", "status", "detail"), rows)
    return f"{head} ({p.lineage.calls} projection calls)\n{body}"


def _emit(text: str, out: str | None) -> None:
    if out:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(text + "\n", encoding="utf-8")
    else:
        click.echo(text)


class _Group(click.Group):
    """Maps errors to projeval's exit codes, here so that click's test runner sees it too."""

    def main(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        kwargs["standalone_mode"] = False
        try:
            super().main(*args, **kwargs)
        except ProjevalError as exc:
            click.echo(f"Error: {exc.render()}", err=True)
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(EXIT_INPUT)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            # Usage mistakes exit 1 like every other input error (click's default
            # is 2, which projeval reserves for a failed gate).
            exc.show()
            sys.exit(EXIT_INPUT)
        except (SystemExit, KeyboardInterrupt):
            raise
        except Exception:
            traceback.print_exc()
            click.echo("projeval hit an internal error (above); please report it.", err=True)
            sys.exit(EXIT_INTERNAL)
        sys.exit(EXIT_OK)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="projeval")
@click.option(
    "--config",
    type=click.Path(dir_okay=False),
    default=None,
    help="Config file (default: projeval.toml or [tool.projeval] in pyproject.toml).",
)
@click.pass_context
def cli(click_ctx: click.Context, config: str | None) -> None:
    """Score tool-result projections against the questions an agent is asked."""
    click_ctx.obj = _Context(config)


@cli.command()
@click.argument("suites", nargs=-1)
@click.option("--projection", "-p", multiple=True, help="Score only this projection (repeatable).")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@click.option(
    "--out", type=click.Path(dir_okay=False), help="Write to this file instead of stdout."
)
@click.pass_obj
def score(
    ctx: _Context, suites: tuple[str, ...], projection: tuple[str, ...], fmt: str, out: str | None
) -> None:
    """Score projections: coverage and dropped needed fields per projection.

    Exits 1 when a suite could not be loaded or a projection could not be
    imported or misbehaved; everything else is still scored and printed.
    """
    scores, errors = _score_all(ctx, suites, projection)
    if fmt == "json":
        _emit(json.dumps(score_document(scores, errors), indent=2, ensure_ascii=False), out)
    else:
        _emit(render_score_text(scores, errors), out)
    if errors or any(s.failed for s in scores):
        raise SystemExit(EXIT_INPUT)


@cli.command()
@click.argument("suite")
@click.argument("projection")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@click.pass_obj
def lineage(ctx: _Context, suite: str, projection: str, fmt: str) -> None:
    """Show where each source field lands in one projection's output, and its status."""
    (path,) = _suites(ctx, [suite])[:1]
    loaded = _load(ctx, path)
    chosen = _chosen(loaded, [projection])
    project = ctx.project
    scored = score_suite(
        loaded, chosen, timeout=project.timeout, max_output_bytes=project.max_output_bytes
    )
    p = scored.projections[projection]
    if fmt == "json":
        doc = {
            "version": 1,
            "suite": loaded.name,
            "projection": projection,
            "error": p.error,
            "lineage": [fl.to_dict() for fl in p.lineage.rows()] if p.lineage else [],
        }
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        click.echo(render_lineage_text(scored, projection))
    if not p.ok:
        raise SystemExit(EXIT_INPUT)


@cli.command()
@click.argument("suites", nargs=-1)
@click.pass_obj
def run(ctx: _Context, suites: tuple[str, ...]) -> None:
    """The main job: score every configured suite and print the summary."""
    scores, errors = _score_all(ctx, suites, ())
    click.echo(render_score_text(scores, errors))
    if errors or any(s.failed for s in scores):
        raise SystemExit(EXIT_INPUT)


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="projeval")
