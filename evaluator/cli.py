"""The ``projeval`` command: a thin layer over the library.

Every command parses its options, calls the library, prints the text or JSON
it gets back, and exits with a documented code. User mistakes arrive as
:class:`~projeval.errors.ProjevalError` and print as one line,
``Error: <file>:<position>: <what>. Fix: <how>``, with no traceback.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import sys
import time
import traceback
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ._files import write_atomic
from ._version import __version__
from .errors import EXIT_INPUT, EXIT_INTERNAL, EXIT_OK, ProjevalError
from .text.paths import display_path
from .vocabulary import FINDING_SEVERITIES, LINEAGE_STATUSES

# The library is imported inside each command, not here: `projeval --help` and
# `projeval score` must not pay for pandas, DuckDB, jinja2 or matplotlib
# (benchmarks/bench_startup.py measures it).
if TYPE_CHECKING:
    from .config import Project


class _FiniteRange(click.FloatRange):
    """A float range that refuses NaN and infinity (click's own lets NaN through)."""

    name = "finite float range"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number.", param, ctx)
        return number


class _Context:
    """What every command shares: the config (read once, on first use) and the verbosity."""

    def __init__(self) -> None:
        self.config_path: str | None = None
        self.quiet = False
        self.verbose = False
        self._project: Project | None = None

    @property
    def project(self) -> Project:
        if self._project is None:
            from .config import load_project

            self._project = load_project(self.config_path)
            if self._project.source is not None:
                self.debug(f"config: {display_path(self._project.source)}")
            else:
                self.debug("config: none found; using the defaults")
        return self._project

    def db(self, option: str | None) -> Path:
        return Path(option) if option else self.project.db

    def note(self, message: str) -> None:
        """A message for the user beside the result (stderr), hidden by ``--quiet``."""
        if not self.quiet:
            click.echo(message, err=True)

    def debug(self, message: str) -> None:
        """Detail shown only with ``--verbose`` (stderr)."""
        if self.verbose and not self.quiet:
            click.echo(f"projeval: {message}", err=True)

    @contextlib.contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Time a stage of the command; ``--verbose`` says how long it took."""
        start = time.perf_counter()
        yield
        self.debug(f"{name}: {time.perf_counter() - start:.2f} s")

    def errors(self, messages: Sequence[str]) -> None:
        """Errors go to stderr always, ``--quiet`` or not."""
        for message in messages:
            click.echo(f"Error: {message}", err=True)


def _suites(ctx: _Context, names: Sequence[str]) -> list[Path]:
    """Suite files from arguments (paths, or names of configured suites) or the config."""
    return ctx.project.suite_files(names)


def _emit(text: str, out: str | None) -> None:
    # "-" is standard output, as for most tools; any other path is written atomically.
    if out and out != "-":
        write_atomic(out, text + "\n")
    elif text:  # nothing to show (every suite failed): the errors on stderr say why
        click.echo(text)


def _now() -> datetime:
    # The one place projeval reads the clock; everything below takes the time as an argument.
    return datetime.now(UTC)


def _set_config(click_ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        click_ctx.find_object(_Context).config_path = value  # type: ignore[union-attr]


def _set_quiet(click_ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        click_ctx.find_object(_Context).quiet = True  # type: ignore[union-attr]


def _set_verbose(click_ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        click_ctx.find_object(_Context).verbose = True  # type: ignore[union-attr]


def _shared_options() -> list[click.Parameter]:
    """``--config``, ``-q`` and ``-v``: accepted before the subcommand and after it."""
    return [
        click.Option(
            ["--config"],
            type=click.Path(dir_okay=False),
            expose_value=False,
            callback=_set_config,
            help="Config file (default: the nearest projeval.toml, or pyproject.toml with "
            "[tool.projeval], from here up to the repository root).",
        ),
        click.Option(
            ["-q", "--quiet"],
            is_flag=True,
            expose_value=False,
            callback=_set_quiet,
            help="Only results and errors: no progress, notes or warnings on stderr.",
        ),
        click.Option(
            ["-v", "--verbose"],
            is_flag=True,
            expose_value=False,
            callback=_set_verbose,
            help="Also say on stderr which config is used and how long each stage took.",
        ),
    ]


class _Command(click.Command):
    """A projeval subcommand: takes the shared options after its name too, and shows the
    progress of long work while it runs."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.extend(_shared_options())

    def invoke(self, ctx: click.Context) -> Any:
        with _progress(ctx.find_object(_Context)):
            return super().invoke(ctx)


@contextlib.contextmanager
def _progress(ctx: _Context | None) -> Iterator[None]:
    """Progress bars on stderr when it is a terminal and ``--quiet`` is not given."""
    if ctx is None or ctx.quiet or not _is_terminal(sys.stderr):
        yield
        return
    from .progress import TerminalReporter, reporting

    reporter = TerminalReporter(sys.stderr)
    try:
        with reporting(reporter):
            yield
    finally:
        reporter.close()


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class _Group(click.Group):
    """Maps errors to projeval's exit codes, here so that click's test runner sees it too."""

    command_class = _Command
    group_class = type  # subgroups are _Group too

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.extend(_shared_options())

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        kwargs.setdefault("obj", _Context())
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
        except OSError as exc:
            if exc.errno != errno.ENAMETOOLONG:
                traceback.print_exc()
                click.echo("projeval hit an internal error (above); please report it.", err=True)
                sys.exit(EXIT_INTERNAL)
            # Any path the user gives can be too long; every filesystem call can say so.
            name = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"Error: {name}the path is too long. Fix: use a shorter path", err=True)
            sys.exit(EXIT_INPUT)
        except Exception:
            traceback.print_exc()
            click.echo("projeval hit an internal error (above); please report it.", err=True)
            sys.exit(EXIT_INTERNAL)
        sys.exit(EXIT_OK)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="projeval")
def cli() -> None:
    """Score tool-result projections against the questions an agent is asked."""


_FORMAT = click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
_DB = click.option(
    "--db",
    type=click.Path(dir_okay=False),
    default=None,
    help="History store (default: the config's db, $PROJEVAL_DB, or .projeval/history.duckdb).",
)


@cli.command()
@click.argument("suites", nargs=-1)
@click.option("--projection", "-p", multiple=True, help="Score only this projection (repeatable).")
@_FORMAT
@click.option(
    "--out", type=click.Path(dir_okay=False), help="Write to this file instead of stdout."
)
@click.pass_obj
def score(
    ctx: _Context, suites: tuple[str, ...], projection: tuple[str, ...], fmt: str, out: str | None
) -> None:
    """Coverage, tokens, findings and dropped needed fields per projection.

    Exits 1 when a suite could not be loaded or a projection could not be
    imported or misbehaved; everything else is still scored and printed.
    """
    from .run import evaluate
    from .text.run import render_run_text

    with ctx.stage("evaluate"):
        run = evaluate(ctx.project, _suites(ctx, suites), projection)
    if fmt == "json":
        _emit(json.dumps(run.document(), indent=2, ensure_ascii=False), out)
    else:
        _emit(render_run_text(run), out)
    ctx.errors(run.error_lines())
    if run.failed:
        raise SystemExit(EXIT_INPUT)


@cli.command()
@click.argument("suite")
@click.argument("projection")
@click.option(
    "--field",
    "fields",
    multiple=True,
    metavar="PATTERN",
    help="Only fields whose name or source path matches (shell-style, e.g. 'customer*'; "
    "repeatable).",
)
@click.option(
    "--status",
    "statuses",
    multiple=True,
    type=click.Choice(LINEAGE_STATUSES),
    help="Only fields with this status (repeatable).",
)
@_FORMAT
@click.pass_obj
def lineage(
    ctx: _Context,
    suite: str,
    projection: str,
    fields: tuple[str, ...],
    statuses: tuple[str, ...],
    fmt: str,
) -> None:
    """Show where each source field lands in one projection's output, and its status."""
    from .run import trace_lineage
    from .text.lineage import render_lineage_text

    view = trace_lineage(ctx.project, _suites(ctx, [suite])[0], projection, fields, statuses)
    if fmt == "json":
        click.echo(json.dumps(view.to_dict(), indent=2, ensure_ascii=False))
    elif view.ok:
        click.echo(render_lineage_text(view.score, projection, view.rows))
    if not view.ok:
        ctx.errors([view.error or f"projection {projection!r} failed"])
        raise SystemExit(EXIT_INPUT)


@cli.command()
@click.argument("suites", nargs=-1)
@click.option("--projection", "-p", multiple=True, help="Only this projection (repeatable).")
@click.option(
    "--fields",
    type=click.IntRange(min=0),
    default=8,
    show_default=True,
    help="Costliest output fields to list.",
)
@_FORMAT
@click.pass_obj
def cost(
    ctx: _Context, suites: tuple[str, ...], projection: tuple[str, ...], fields: int, fmt: str
) -> None:
    """Tokens per projection and fixture, where they go, and the field value table."""
    from .run import evaluate
    from .text.cost import render_run_cost

    run = evaluate(ctx.project, _suites(ctx, suites), projection)
    if fmt == "json":
        click.echo(json.dumps(run.cost_document(), indent=2, ensure_ascii=False))
    else:
        _emit(render_run_cost(run, fields_per_projection=fields), None)
    ctx.errors(run.error_lines())
    if run.failed:
        raise SystemExit(EXIT_INPUT)


_ENGINE = click.option(
    "--engine",
    type=click.Choice(["local", "dask"]),
    default="local",
    show_default=True,
    help="Analyse traces here, or on a Dask cluster (pip install 'projeval[dask]').",
)
_ADDRESS = click.option(
    "--address",
    default=None,
    help="Dask scheduler for --engine dask (default: $PROJEVAL_DASK_ADDRESS, "
    "$DASK_SCHEDULER_ADDRESS, the config's dask_address, else a local cluster).",
)


@cli.command()
@click.argument("suites", nargs=-1)
@_DB
@click.option("--out", type=click.Path(dir_okay=False), help="Report path (default: the config's).")
@click.option("--no-report", is_flag=True, help="Do not write the HTML report.")
@_ENGINE
@_ADDRESS
@click.pass_obj
def run(
    ctx: _Context,
    suites: tuple[str, ...],
    db: str | None,
    out: str | None,
    no_report: bool,
    engine: str,
    address: str | None,
) -> None:
    """The main job: evaluate every suite, record the run in the history, write the report."""
    from .history import open_history
    from .report import write_run_report
    from .run import evaluate, refuse_empty
    from .store import RunInfo, Store
    from .text.run import render_recorded, render_run_summary

    project = ctx.project
    started = _now()
    # A project of traces alone (no suite configured) is run too: its trace findings, the
    # per-field aggregate among them, are recorded and reported.
    chosen = [] if not suites and not project.suites and project.traces else _suites(ctx, suites)
    with ctx.stage("evaluate"):
        result = evaluate(
            project,
            chosen,
            traces=project.traces,
            trace_engine=engine,
            trace_address=_scheduler(engine, address, project),
        )
    summary = render_run_summary(result)
    _emit(summary, None)
    errors = result.error_lines()
    if result.scored_nothing:
        ctx.errors(errors)
        refuse_empty(result)  # nothing to record: the store and the report stay as they were
    with ctx.stage("record"):
        store = Store(ctx.db(db))
        record = result.to_record()
        run_id = store.record(RunInfo.capture(started, project.root, project.tokenizer), record)
    lead = "\n" if summary else ""
    click.echo(lead + render_recorded(run_id, len(errors), store.path))
    if not no_report:
        with ctx.stage("report"):
            report = write_run_report(
                open_history(store.path), out or project.report, run_id=run_id, record=record
            )
        click.echo(f"Report: {display_path(report)}")
    ctx.errors(errors)
    # A trace that could not be read, or a run that failed upstream, is an input problem as
    # it is for `projeval traces`: listed in the summary, the rest recorded, exit 1.
    if result.failed or (result.traces is not None and len(result.traces.problems)):
        raise SystemExit(EXIT_INPUT)


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--suite",
    "-s",
    "suite_names",
    multiple=True,
    help="Tie findings to this suite (repeatable; default: the configured suites).",
)
@click.option(
    "--trace-format",
    # projeval.traces.parsers.FORMATS, spelled out: importing it here would import pandas
    # on every command (test_the_cli_offers_every_trace_format keeps the two equal).
    type=click.Choice(
        [
            "openai_chat",
            "openai_responses",
            "anthropic",
            "gemini",
            "bedrock_converse",
            "mcp",
            "otel",
            "openinference",
            "agentdojo",
            "mint",
            "atif",
            "gemini_cli",
            "cline",
            "autogen",
            "sharegpt",
            "azure_eval",
            "openhands",
            "pydantic_ai",
            "letta",
        ]
    ),
    default=None,
    help="Read every file as this format instead of detecting it per file.",
)
@click.option(
    "--tools",
    "tools_files",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help="A tools file (MCP tools/list JSON, OpenAI function definitions or OpenAPI) whose "
    "readOnlyHint annotations (or, for tools whose names have no verb, descriptions) say "
    "which tools only read (repeatable; the suites' tools files count too).",
)
@_ENGINE
@_ADDRESS
@_FORMAT
@click.pass_obj
def traces(
    ctx: _Context,
    paths: tuple[str, ...],
    suite_names: tuple[str, ...],
    trace_format: str | None,
    tools_files: tuple[str, ...],
    engine: str,
    address: str | None,
    fmt: str,
) -> None:
    """Follow-up lookups, hedges, billed tokens and question drift in recorded traces.

    PATHS are trace files, folders or quoted glob patterns (JSON, JSON Lines,
    VCR cassettes in YAML, SWE-agent .traj files, Inspect AI .eval logs, gzip, or
    Parquet files of normalised events).
    """
    from . import progress
    from .suites import load_suite
    from .text.traces import render_summary
    from .traces import analyse_traces

    project = ctx.project
    loaded = []
    if suite_names or project.suites:
        loaded = [load_suite(p, root=project.root) for p in _suites(ctx, suite_names)]
    with progress.task("analysing traces"):
        analysis = analyse_traces(
            list(paths),
            suites=loaded,
            format=trace_format,
            encoding=project.tokenizer,
            tools=tools_files,
            engine=engine,
            address=_scheduler(engine, address, project),
        )
    if fmt == "json":
        click.echo(json.dumps(analysis.to_dict(), indent=2, ensure_ascii=False))
    else:
        click.echo(render_summary(analysis).rstrip("\n"))
    if len(analysis.problems):
        raise SystemExit(EXIT_INPUT)


def _scheduler(engine: str, address: str | None, project: Project) -> str | None:
    if engine != "dask":
        return None
    from .traces.distributed import scheduler_address

    return scheduler_address(address, project.dask_address)


@cli.command()
@_DB
@click.option("--run", "run_id", default=None, help="Run id (default: the latest).")
@click.option("--out", type=click.Path(dir_okay=False), help="Report path (default: the config's).")
@click.pass_obj
def report(ctx: _Context, db: str | None, run_id: str | None, out: str | None) -> None:
    """Render the HTML report of a recorded run (default: the latest)."""
    from .history import open_history
    from .report import write_run_report

    history = open_history(ctx.db(db))
    # The run id as given ("3", "-1", or a mistake): the history resolves it, or says why not.
    if out == "-":  # standard output, as for every --out
        from .report import render_report, run_report_view

        click.echo(render_report(run_report_view(history, run_id=run_id or None)), nl=False)
        return
    path = write_run_report(history, out or ctx.project.report, run_id=run_id or None)
    click.echo(f"Report: {display_path(path)}")


@cli.command()
@_DB
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Only the last N runs.")
@_FORMAT
@click.pass_obj
def history(ctx: _Context, db: str | None, limit: int | None, fmt: str) -> None:
    """List the recorded runs."""
    from .history import open_history
    from .text.history import render_history

    runs = open_history(ctx.db(db)).runs(limit)
    click.echo(
        json.dumps(runs.to_dict(), indent=2) if fmt == "json" else render_history(runs).rstrip("\n")
    )


@cli.command()
@_DB
@click.option("--suite", default=None, help="Only this suite.")
@click.option("--projection", default=None, help="Only this projection.")
@click.option(
    "--metric",
    default=None,
    help="coverage, answerable, tokens, bytes, or a trace total: errors, duplicates, "
    "retries, followups, hedges.",
)
@click.option("--last", type=click.IntRange(min=1), default=None, help="Only the last N runs.")
@_FORMAT
@click.pass_obj
def trend(
    ctx: _Context,
    db: str | None,
    suite: str | None,
    projection: str | None,
    metric: str | None,
    last: int | None,
    fmt: str,
) -> None:
    """Coverage, tokens, tool errors, follow-ups and hedges over the recorded runs."""
    from .history import open_history
    from .text.history import render_trend

    result = open_history(ctx.db(db)).trend(suite, projection, metric, last=last)
    click.echo(
        json.dumps(result.to_dict(), indent=2)
        if fmt == "json"
        else render_trend(result).rstrip("\n")
    )


# -1 is the latest run and -2 the one before: arguments, not unknown options.
@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("run_a", required=False)
@click.argument("run_b", required=False)
@_DB
@_FORMAT
@click.pass_obj
def diff(ctx: _Context, run_a: str | None, run_b: str | None, db: str | None, fmt: str) -> None:
    """What changed between two runs (default: the last two), regressions first."""
    from .history import open_history
    from .text.history import render_diff

    result = open_history(ctx.db(db)).diff(run_a, run_b)
    click.echo(
        json.dumps(result.to_dict(), indent=2)
        if fmt == "json"
        else render_diff(result).rstrip("\n")
    )


@cli.command()
@click.argument("suites", nargs=-1)
@click.option(
    "--fail-under",
    type=_FiniteRange(0, 100),
    default=None,
    metavar="PCT",
    help="Minimum weighted coverage of each gated projection, in percent.",
)
@click.option(
    "--projection",
    "-p",
    multiple=True,
    help="Gate only this projection, NAME or SUITE/NAME (repeatable; default: every one).",
)
@click.option(
    "--max-dropped-needed",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="Most needed fields a projection may drop (default 0).",
)
@click.option(
    "--max-token-ratio",
    type=_FiniteRange(min=0, min_open=True),
    default=None,
    metavar="R",
    help="Largest tokens-to-raw ratio allowed (over the data fixtures).",
)
@click.option(
    "--max-tokens",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Most tokens each data fixture's projected output may take (a token budget).",
)
@click.option(
    "--fail-on",
    type=click.Choice(FINDING_SEVERITIES),
    default=None,
    help="Fail on contract findings of this severity or worse.",
)
@click.option(
    "--no-regressions/--allow-regressions",
    "no_regressions",
    default=None,
    help="Fail when a question answerable in the baseline run no longer is.",
)
@click.option(
    "--baseline",
    default=None,
    metavar="RUN",
    help="The baseline run (default: the latest in the store); implies --no-regressions.",
)
@_DB
@click.option(
    "--junit-xml",
    "junit_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also write JUnit XML: a testcase per question and projection.",
)
@click.option(
    "--summary",
    "summaries",
    multiple=True,
    metavar="FORMAT:PATH",
    help="Also write a pull-request summary: markdown:PATH or json:PATH (repeatable).",
)
@click.pass_obj
def check(
    ctx: _Context,
    suites: tuple[str, ...],
    fail_under: float | None,
    projection: tuple[str, ...],
    max_dropped_needed: int | None,
    max_token_ratio: float | None,
    max_tokens: int | None,
    fail_on: str | None,
    no_regressions: bool | None,
    baseline: str | None,
    db: str | None,
    junit_path: str | None,
    summaries: tuple[str, ...],
) -> None:
    """CI gate: evaluate the suites fresh and check the thresholds (nothing is recorded).

    Thresholds come from [tool.projeval.check] in the config; options override
    them. Exits 0 when every gated projection passes, 2 when a threshold fails,
    1 for a usage or input error (a suite, projection, config or store problem).
    """
    from . import gatereport
    from .errors import EXIT_GATE
    from .gate import gate_project

    targets = [gatereport.parse_summary_target(s) for s in summaries]
    with ctx.stage("evaluate"):
        checked, result = gate_project(
            ctx.project,
            _suites(ctx, suites),
            db=ctx.db(db),
            baseline=baseline,
            fail_under=fail_under,
            projections=projection or None,
            max_dropped_needed=max_dropped_needed,
            max_token_ratio=max_token_ratio,
            max_tokens=max_tokens,
            fail_on=fail_on,
            no_regressions=no_regressions,
        )
    click.echo(gatereport.render_gate_text(checked))
    ctx.errors(result.errors)
    if junit_path:
        _emit(gatereport.junit_xml(checked).rstrip("\n"), junit_path)
    for fmt_name, path in targets:
        _emit(gatereport.SUMMARY_FORMATS[fmt_name](checked).rstrip("\n"), str(path))
    if checked.input_errors:
        raise SystemExit(EXIT_INPUT)
    if not checked.passed:
        raise SystemExit(EXIT_GATE)


@cli.command()
@click.argument("fixtures", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--tool", default=None, help="The tool's name (default: the first fixture's name).")
@click.pass_obj
def init(ctx: _Context, fixtures: tuple[str, ...], tool: str | None) -> None:
    """Start a project here: the config, a draft suite from FIXTURES, a raw projection.

    FIXTURES are raw responses of one tool (JSON files); the draft suite lists
    every field in them, with its inferred kind, for you to pick from. Without
    one, an example response is written. Nothing is overwritten.
    """
    from .scaffold import init_project

    result = init_project(Path.cwd(), list(fixtures), tool=tool)
    click.echo(result.next_steps())


@cli.group()
def questions() -> None:
    """Question sets from recorded traces."""


@questions.command("mine")
@click.argument("paths", nargs=-1, required=True)
@click.option("--tool", required=True, help="The tool whose questions to mine.")
@click.option("--out", type=click.Path(dir_okay=False), help="Write the draft (or the merge) here.")
@click.option(
    "--merge",
    "merge_into",
    type=click.Path(dir_okay=False),
    help="Merge into this suite, a file or a configured name (rewritten in place unless --out).",
)
@click.option(
    "--suite",
    "-s",
    "references",
    multiple=True,
    help="A reference suite (file or configured name): its questions and field names are "
    "evidence (repeatable).",
)
@click.option(
    "--threshold",
    type=_FiniteRange(0, 1),
    default=0.5,
    show_default=True,
    help="Grouping similarity, from 0 to 1.",
)
@click.option(
    "--min-support",
    type=_FiniteRange(0, 1),
    default=0.1,
    show_default=True,
    help="Share of a group's conversations a need's evidence must cover.",
)
@click.option(
    "--tools",
    "tools_files",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help="A tools file whose readOnlyHint annotations say which tools only read, as for "
    "`projeval traces` (repeatable; the suites' tools files count too): an answer's call to "
    "a tool that writes serves the request whose ask was still open.",
)
@_ENGINE
@_ADDRESS
@click.pass_obj
def questions_mine(
    ctx: _Context,
    paths: tuple[str, ...],
    tool: str,
    out: str | None,
    merge_into: str | None,
    references: tuple[str, ...],
    threshold: float,
    min_support: float,
    tools_files: tuple[str, ...],
    engine: str,
    address: str | None,
) -> None:
    """Draft a suite for TOOL from the user questions in the traces, or merge into one."""
    from . import progress
    from .mining import merge_suite, mine_questions
    from .text.mining import render_merged, render_written

    # Suites by file or by configured name, as the other commands take them.
    target = _suites(ctx, [merge_into])[0] if merge_into else None
    refs = [*(_suites(ctx, references) if references else []), *([target] if target else [])]
    with progress.task(f"mining questions for {tool}"):
        mined = mine_questions(
            list(paths),
            tool,
            suites=refs,
            threshold=threshold,
            min_support=min_support,
            engine=engine,
            address=_scheduler(engine, address, ctx.project),
            tools=tools_files,
        )
    if target is not None:
        merged = merge_suite(target, mined)
        written = merged.write(out)
        click.echo(render_merged(merged, written))
        return
    if out:
        _emit(mined.to_yaml().rstrip("\n"), out)
        ctx.note(render_written(mined, out))
    else:
        click.echo(mined.to_yaml().rstrip("\n"))


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="projeval")
