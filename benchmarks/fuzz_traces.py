"""Hostile-input campaign over the trace side: every real trace file, broken many ways.

Takes every file in ``tests/corpora/formats/`` and ``traces/``, applies seeded mutations
(truncation, dropped and duplicated lines, a value of another JSON type, deep nesting,
huge strings, invalid UTF-8, a BOM, CRLF, NaN and Infinity, duplicate ids, tool results
of another shape, missing keys, empty files, a directory in place of a file) and runs the
public API on each: ``analyse_traces`` (with ``to_dict`` and the text summary),
``projeval traces --format json`` through the CLI in this process, ``mine_questions``
and, for every ``--report-every``-th case, a run's HTML report with the traces.

Each stage's outcome is one of: ``ok`` (read, no problem), ``problem`` (read, with
problems listed), ``error`` (one projeval error naming the file and the fix),
``unclear`` (a projeval error without file or fix), ``crash`` (any other exception, or
the CLI's exit code 3) and ``hang`` (over ``--hang`` seconds). Cases run in a child
process that is replaced after a hang, so one stuck case never stops the campaign.

Run by hand (deterministic for a given ``--seed``; about ten minutes for ~3,000 cases)::

    nice .venv/bin/python benchmarks/fuzz_traces.py --seed 25 > /tmp/fuzz.txt
    nice .venv/bin/python benchmarks/fuzz_traces.py --case 'codex/exec-session-019e9625.jsonl:retype:1'

``--case`` reruns one case (ids are printed beside each crash) and prints its traceback;
``--keep DIR`` writes that case's mutated file there.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing as mp
import os
import random
import re
import shutil
import sys
import tempfile
import time
import traceback
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
FORMATS = REPO / "tests" / "corpora" / "formats"
SEALED = re.compile(r"sealed_r2[3-8]")

STAGES = ("api", "cli", "mine", "report")
OUTCOMES = ("ok", "problem", "error", "unclear", "crash", "hang", "n/a")

# Mutations and how many cases of each per source file (the structural ones vary more).
MUTATIONS: dict[str, int] = {
    "truncate": 2,
    "drop_line": 1,
    "dup_line": 1,
    "retype": 4,
    "deep_nest": 2,
    "huge_string": 1,
    "bad_utf8": 2,
    "bom": 1,
    "crlf": 1,
    "nan_inf": 1,
    "dup_ids": 2,
    "tool_result": 3,
    "missing_key": 3,
    "empty": 1,
    "directory": 1,
}

# Keys that hold a tool's result in some format (their values get other shapes).
RESULT_KEYS = {
    "content",
    "result",
    "results",
    "output",
    "outputs",
    "tool_result",
    "toolResult",
    "tool_response",
    "functionResponse",
    "function_response",
    "response",
    "observation",
    "return_value",
    "text",
    "value",
    "parts",
    "structuredContent",
    "tool_return",
}
# Mutations that change one value: a file refused whole after one is worth a look (one bad
# record should not stop the rest), though the value may be the one the format is known by.
ONE_VALUE = ("retype", "missing_key", "tool_result", "dup_ids", "nan_inf", "huge_string")
ID_KEY = re.compile(r"(^|_)id$|Id$|^id$|ID$", re.IGNORECASE)
DEEP = "\x00DEEP\x00"


# --------------------------------------------------------------------------------------
# Sources


def sources() -> list[Path]:
    """Every real trace file: the format corpus (its README aside) and traces/."""
    found = [
        p
        for p in sorted(FORMATS.rglob("*"))
        if p.is_file() and p.name != "README.md" and not SEALED.search(p.name)
    ]
    found += sorted(p for p in (REPO / "traces").iterdir() if p.suffix in (".json", ".jsonl"))
    return found


def source_id(path: Path) -> str:
    return str(path.relative_to(FORMATS if FORMATS in path.parents else REPO))


# --------------------------------------------------------------------------------------
# Structured documents: the JSON values a file holds, and how to write them back


class Encoded:
    """A JSON document held in a string (tool arguments, OTel attributes, Letta's
    twice-encoded messages): mutated inside, encoded again on the way out."""

    def __init__(self, value: Any) -> None:
        self.box = [value]  # a list, so that only its one item is a mutation's target


def _decode_nested(node: Any, rng: random.Random) -> Any:
    if isinstance(node, dict):
        return {k: _decode_nested(v, rng) for k, v in node.items()}
    if isinstance(node, list):
        return [_decode_nested(v, rng) for v in node]
    if isinstance(node, str) and len(node) > 1 and node.lstrip()[:1] in ("{", "["):
        try:
            inner = json.loads(node)
        except ValueError:
            return node
        if isinstance(inner, dict | list) and rng.random() < 0.8:
            return Encoded(_decode_nested(inner, rng))
    return node


def _encode_nested(node: Any) -> Any:
    if isinstance(node, Encoded):
        return _dumps(_encode_nested(node.box[0]))
    if isinstance(node, dict):
        return {k: _encode_nested(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_encode_nested(v) for v in node]
    return node


def _dumps(value: Any) -> str:
    return json.dumps(_encode_nested(value), ensure_ascii=False, default=_plain)


def _plain(value: Any) -> Any:
    """What JSON cannot hold as such: a YAML cassette's bytes, a date."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


class Doc:
    """A file as units of JSON (one document, its lines, a YAML cassette, an archive's
    members), each rebuilt into bytes after a mutation."""

    def __init__(self, data: bytes, name: str, rng: random.Random) -> None:
        self.data = data
        self.name = name
        self.kind = "none"
        self.units: list[Any] = []
        self.frames: list[Any] = []  # how to write each unit back
        self.rng = rng
        if name.endswith(".eval"):
            self._zip()
        elif name.endswith((".yaml", ".yml")):
            self._yaml()
        else:
            self._json()

    def _zip(self) -> None:
        try:
            with zipfile.ZipFile(io.BytesIO(self.data)) as archive:
                self.members = [(i, archive.read(i)) for i in archive.infolist()]
        except (zipfile.BadZipFile, OSError):
            return
        for index, (info, body) in enumerate(self.members):
            if info.filename.endswith(".json"):
                try:
                    self.units.append(_decode_nested(json.loads(body), self.rng))
                    self.frames.append(index)
                except ValueError:
                    pass
        self.kind = "zip"

    def _yaml(self) -> None:
        try:
            doc = yaml.safe_load(self.data)
        except yaml.YAMLError:
            return
        self.units, self.frames, self.kind = [_decode_nested(doc, self.rng)], [None], "yaml"

    def _json(self) -> None:
        text = self.data.decode("utf-8", "replace")
        try:
            self.units = [_decode_nested(json.loads(text), self.rng)]
            self.frames = [None]
            self.kind = "json"
            return
        except ValueError:
            pass
        self.lines = text.split("\n")
        for index, line in enumerate(self.lines):
            start = line.find("{")
            if start < 0:
                continue
            try:
                value = json.loads(line[start:])
            except ValueError:
                continue
            self.units.append(_decode_nested(value, self.rng))
            self.frames.append((index, line[:start]))
        self.kind = "lines"

    def build(self) -> bytes:
        encoded = [_encode_nested(u) for u in self.units]
        if self.kind == "json":
            return _dumps(encoded[0]).encode()
        if self.kind == "yaml":
            return yaml.safe_dump(encoded[0], allow_unicode=True, sort_keys=False).encode()
        if self.kind == "zip":
            bodies = {i: _dumps(v).encode() for i, v in zip(self.frames, encoded, strict=True)}
            out = io.BytesIO()
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
                for index, (info, body) in enumerate(self.members):
                    archive.writestr(info.filename, bodies.get(index, body))
            return out.getvalue()
        lines = list(self.lines)
        for (index, prefix), value in zip(self.frames, encoded, strict=True):
            lines[index] = prefix + _dumps(value)
        return "\n".join(lines).encode()

    def targets(self, want: Callable[[Any, Any, Any], bool]) -> list[tuple[Any, Any]]:
        """(container, key) of every value in every unit that ``want(container, key,
        value)`` accepts; a unit's root is addressed as (self.units, index)."""
        found: list[tuple[Any, Any]] = []
        stack: list[tuple[Any, Any]] = [(self.units, i) for i in range(len(self.units))]
        while stack:
            parent, key = stack.pop()
            value = parent[key]
            if want(parent, key, value):
                found.append((parent, key))
            if isinstance(value, Encoded):
                stack.append((value.box, 0))
            elif isinstance(value, dict):
                stack.extend((value, k) for k in value)
            elif isinstance(value, list):
                stack.extend((value, i) for i in range(len(value)))
        return found


# --------------------------------------------------------------------------------------
# Mutations: bytes in, bytes out (None: does not apply to this file)


def _other_type(value: Any, rng: random.Random) -> Any:
    """A value of another JSON type, often the same datum (a string "12" for 12)."""
    if isinstance(value, Encoded):
        value = value.box[0]
    options: list[Any] = ["text", 7, 2.5, None, True, [], {}, ["text", 1], {"k": "v"}]
    if isinstance(value, str):
        options += [len(value), [value], {"text": value}]
    elif isinstance(value, bool) or value is None:
        options += [str(value).lower(), 0]
    elif isinstance(value, int | float):
        options += [str(value), [value], {"value": value}]
    elif isinstance(value, list):
        options += [{str(i): v for i, v in enumerate(value)}, _dumps(value), value[:1] * 2]
    elif isinstance(value, dict):
        options += [list(value.values()), _dumps(value), [value]]
    options = [o for o in options if type(o) is not type(value)]
    return rng.choice(options)


def _structured(
    data: bytes,
    name: str,
    rng: random.Random,
    want: Callable[[Any, Any, Any], bool],
    change: Callable[[Any, Any, list[tuple[Any, Any]]], None],
    fallback: Callable[[Any, Any, Any], bool] | None = None,
) -> bytes | None:
    doc = Doc(data, name, rng)
    if not doc.units:
        return None
    found = doc.targets(want)
    if not found and fallback is not None:
        found = doc.targets(fallback)
    if not found:
        return None
    parent, key = rng.choice(found)
    change(parent, key, found)
    out = doc.build()
    depth = rng.choice([64, 1000, 5000, 100_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    nest = opener * depth + "1" + closer * depth
    # The sentinel as JSON writes it, then inside documents encoded once, twice, ...
    pattern, replacement = _dumps(DEEP), nest
    for _level in range(5):
        out = out.replace(pattern.encode(), replacement.encode())
        pattern, replacement = json.dumps(pattern)[1:-1], json.dumps(replacement)[1:-1]
    # and as YAML writes it.
    out = out.replace(b'"\\0DEEP\\0"', nest.encode())
    return out


def _any(parent: Any, key: Any, value: Any) -> bool:
    return parent is not None


def _leaf(parent: Any, key: Any, value: Any) -> bool:
    return not isinstance(value, dict | list | Encoded)


def mutate(data: bytes, name: str, how: str, rng: random.Random) -> bytes | None:
    """The file's bytes broken one way; None where the mutation does not apply."""
    if how == "truncate":
        return data[: rng.randrange(max(len(data), 1))]
    if how in ("drop_line", "dup_line"):
        lines = data.split(b"\n")
        if len(lines) < 2 and how == "drop_line":
            return None
        at = rng.randrange(len(lines))
        if how == "drop_line":
            return b"\n".join(lines[:at] + lines[at + 1 :])
        return b"\n".join(lines[: at + 1] + lines[at:])
    if how == "bad_utf8":
        junk = rng.choice([b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"\x80\x80\x80", b"\xf8\x88"])
        # Inside a string where there is one, else anywhere.
        quotes = [m.end() for m in re.finditer(rb'"[A-Za-z]', data)]
        at = rng.choice(quotes) if quotes and rng.random() < 0.7 else rng.randrange(len(data) + 1)
        return data[:at] + junk + data[at:]
    if how == "bom":
        if rng.random() < 0.7:
            return b"\xef\xbb\xbf" + data
        try:
            return data.decode("utf-8").encode("utf-16")  # with its BOM
        except UnicodeDecodeError:
            return None
    if how == "crlf":
        return data.replace(b"\n", b"\r\n")
    if how == "empty":
        return rng.choice([b"", b"\n", b"   \n\n", b"\x00"])
    if how == "retype":

        def retype(parent: Any, key: Any, _found: Any) -> None:
            parent[key] = _other_type(parent[key], rng)

        return _structured(data, name, rng, _any, retype)
    if how == "deep_nest":

        def nest(parent: Any, key: Any, _found: Any) -> None:
            parent[key] = DEEP

        return _structured(data, name, rng, _any, nest)
    if how == "huge_string":

        def huge(parent: Any, key: Any, _found: Any) -> None:
            size = rng.choice([100_000, 1_000_000, 4_000_000])
            unit = rng.choice(["a", "word maybe ", "数据", "I think it might be ", '{"x": '])
            parent[key] = unit * (size // len(unit))

        def is_str(parent: Any, key: Any, value: Any) -> bool:
            return isinstance(value, str)

        return _structured(data, name, rng, is_str, huge, _leaf)
    if how == "nan_inf":

        def nan(parent: Any, key: Any, _found: Any) -> None:
            parent[key] = rng.choice([float("nan"), float("inf"), float("-inf"), 1e308 * 10])

        def is_num(parent: Any, key: Any, value: Any) -> bool:
            return isinstance(value, int | float) and not isinstance(value, bool)

        return _structured(data, name, rng, is_num, nan, _leaf)
    if how == "dup_ids":

        def is_id(parent: Any, key: Any, value: Any) -> bool:
            return isinstance(key, str) and bool(ID_KEY.search(key)) and _leaf(parent, key, value)

        def dup(parent: Any, key: Any, found: list[tuple[Any, Any]]) -> None:
            # Every id of this name takes one value: ids shared by messages, calls, spans.
            same = [(p, k) for p, k in found if k == key] or found
            value = parent[key]
            for p, k in rng.sample(same, min(len(same), rng.choice([2, 3, len(same)]))):
                p[k] = value

        return _structured(data, name, rng, is_id, dup)
    if how == "tool_result":

        def is_result(parent: Any, key: Any, value: Any) -> bool:
            return isinstance(key, str) and key in RESULT_KEYS

        def reshape(parent: Any, key: Any, _found: Any) -> None:
            old = parent[key]
            parent[key] = rng.choice(
                [
                    None,
                    [],
                    {},
                    42,
                    [old, old],
                    {"result": old},
                    [{"type": "text", "text": None}],
                    [{"type": "weird"}],
                    [None, 1, "x"],
                    {"content": [{"nested": [1, {"deeper": None}]}]},
                ]
            )

        return _structured(data, name, rng, is_result, reshape)
    if how == "missing_key":

        def is_key(parent: Any, key: Any, value: Any) -> bool:
            return isinstance(parent, dict)

        def drop(parent: Any, key: Any, _found: Any) -> None:
            del parent[key]

        return _structured(data, name, rng, is_key, drop)
    raise ValueError(how)


# --------------------------------------------------------------------------------------
# Running a case (in the child process)


def _where(tb: Any) -> str:
    """The innermost frame in projeval's own code: the crash's class."""
    frames = traceback.extract_tb(tb)
    own = [f for f in frames if "/evaluator/" in f.filename or "/projeval/" in f.filename]
    frame = (own or frames)[-1] if (own or frames) else None
    if frame is None:
        return "?"
    file = frame.filename.split("/evaluator/")[-1].split("/projeval/")[-1]
    return f"{file}:{frame.lineno} {frame.name}"


def _classify_error(exc: BaseException, path: Path) -> tuple[str, str]:
    from projeval.errors import ProjevalError

    if isinstance(exc, ProjevalError):
        rendered = exc.render()
        named = exc.file is not None and Path(path).name in rendered
        if named and exc.fix:
            return "error", ""
        return "unclear", f"{type(exc).__name__}: {rendered[:160]}"
    return "crash", f"{type(exc).__name__} @ {_where(exc.__traceback__)}: {str(exc)[:100]}"


def _problems_ok(analysis: Any) -> str:
    """'' when every problem names its file and a reason, else what is missing."""
    for row in analysis.problems.to_dict("records"):
        if not row.get("file") or not row.get("reason"):
            return f"problem without file or reason: {row}"
    return ""


def build_case(source: Path, how: str, index: int, seed: int, folder: Path) -> Path | None:
    """Write the case's input into ``folder``: its path, or None where it does not apply."""
    rng = random.Random(f"{seed}:{source_id(source)}:{how}:{index}")
    # A harness's files beside the one broken (MCPMark's meta.json) come along.
    siblings = [p for p in source.parent.iterdir() if p.is_file() and p != source]
    if source.parent != FORMATS and len(siblings) <= 2 and source.parent.name != "traces":
        for sibling in siblings:
            shutil.copy(sibling, folder / sibling.name)
    target = folder / source.name
    if how == "directory":
        target.mkdir()
        if rng.random() < 0.5:  # a folder named like the file, holding it
            shutil.copy(source, target / source.name)
        return target
    data = mutate(source.read_bytes(), source.name, how, rng)
    if data is None:
        return None
    target.write_bytes(data)
    return target


def run_stage(stage: str, path: Path, state: dict[str, Any]) -> tuple[str, str]:
    """One stage on one input: (outcome, detail)."""
    from projeval.errors import ProjevalError

    if stage == "api":
        from projeval.text.traces import render_summary
        from projeval.traces import analyse_traces

        try:
            analysis = analyse_traces([str(path)], workers=1)
            document = analysis.to_dict()
            json.dumps(document)
            render_summary(analysis)
        except Exception as exc:  # the campaign classifies every exception
            return _classify_error(exc, path)
        bad = _problems_ok(analysis)
        if bad:
            return "unclear", bad
        return ("problem" if len(analysis.problems) else "ok"), ""
    if stage == "cli":
        from projeval.cli import main

        out, err = io.StringIO(), io.StringIO()
        code: Any = 0
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(["traces", str(path), "--format", "json"])
            except SystemExit as exc:
                code = exc.code
        text = err.getvalue()
        if code == 3 or "Traceback" in text:
            tail = [ln for ln in text.splitlines() if ln.strip()]
            frames = [ln.strip() for ln in tail if ln.strip().startswith("File ")]
            own = [f for f in frames if "/evaluator/" in f or "/projeval/" in f] or frames
            where = own[-1] if own else "?"
            where = where.split("/evaluator/")[-1].split("/projeval/")[-1]
            last = next((ln for ln in reversed(tail) if "internal error" not in ln), "?")
            return "crash", f"{last.split(':')[0]} @ {where}: {last[:100]}"
        if code == 1:
            if "Error:" in text and path.name not in text:
                return "unclear", text.strip()[:160]
            return ("error" if "Error:" in text else "problem"), ""
        return ("ok" if code == 0 else "unclear"), "" if code == 0 else f"exit {code}"
    if stage == "mine":
        from projeval.mining import mine_questions

        try:
            mined = mine_questions([str(path)], state.get("tool", "search"), workers=1)
            mined.to_yaml()
        except ProjevalError as exc:
            if exc.fix and exc.file is None:
                # About every file given (the tool never called, or never after a
                # question): no one file to name.
                return "error", ""

            return _classify_error(exc, path)
        except Exception as exc:
            return _classify_error(exc, path)
        return "ok", ""
    if stage == "report":
        from projeval.config import load_project
        from projeval.report import build_view, render_report
        from projeval.run import evaluate

        try:
            project = load_project(root=path.parent)
            run = evaluate(project, [], traces=[path])
            html = render_report(build_view(run.to_record(), generated_at="2026-01-01T00:00:00Z"))
        except Exception as exc:
            return _classify_error(exc, path)
        if run.errors:
            return ("error" if all(path.name in e for e in run.errors) else "unclear"), (
                "" if all(path.name in e for e in run.errors) else run.errors[0][:160]
            )
        return ("ok" if "<html" in html.lower() else "unclear"), ""
    raise ValueError(stage)


def child(conn: Any) -> None:
    """Run cases sent over ``conn`` until told to stop; report each stage as it starts."""
    # Imported once, before the first case's clock starts.
    import projeval.cli
    import projeval.mining
    import projeval.report
    import projeval.traces  # noqa: F401

    parent = os.getppid()
    while True:
        while not conn.poll(1.0):
            if os.getppid() != parent:  # the campaign was stopped: stop too
                return
        job = conn.recv()
        if job is None:
            return
        source, how, index, seed, stages, hang, tool = job
        with tempfile.TemporaryDirectory(prefix="fuzz25-") as tmp:
            try:
                path = build_case(Path(source), how, index, seed, Path(tmp))
            except Exception as exc:  # the driver's own bug: said, never counted as projeval's
                conn.send(("done", {"setup": ("n/a", f"driver: {type(exc).__name__}: {exc}")}))
                continue
            if path is None:
                conn.send(("done", None))
                continue
            state: dict[str, Any] = {"tool": tool}
            results: dict[str, tuple[str, str]] = {}
            for stage in stages:
                conn.send(("stage", stage))
                started = time.monotonic()
                results[stage] = run_stage(stage, path, state)
                if time.monotonic() - started > hang:
                    results[stage] = ("hang", f"finished after {time.monotonic() - started:.0f}s")
            conn.send(("done", results))


# --------------------------------------------------------------------------------------
# The campaign (in the parent)


class Runner:
    """A child process that runs cases; replaced when one hangs."""

    def __init__(self) -> None:
        self.proc: Any = None
        self.conn: Any = None

    def start(self) -> None:
        context = mp.get_context("fork")
        self.conn, theirs = context.Pipe()
        self.proc = context.Process(target=child, args=(theirs,), daemon=True)
        self.proc.start()

    def run(self, job: tuple[Any, ...], stages: tuple[str, ...], hang: float) -> Any:
        if self.proc is None or not self.proc.is_alive():
            self.start()
        self.conn.send(job)
        stage = "setup"
        deadline = time.monotonic() + hang * 3 + 30  # the child's own clock says hang first
        while True:
            if not self.conn.poll(max(0.0, deadline - time.monotonic())):
                self.stop(kill=True)
                return {stage: ("hang", f"killed after {hang * 3 + 30:.0f}s in {stage}")}
            try:
                kind, value = self.conn.recv()
            except EOFError:
                self.proc.join(5)
                self.proc = None
                code = stage
                return {code: ("crash", "child process died (exit or signal)")}
            if kind == "stage":
                stage = value
                deadline = time.monotonic() + hang * 3 + 30
            else:
                return value

    def stop(self, kill: bool = False) -> None:
        if self.proc is None:
            return
        if kill:
            self.proc.kill()
        else:
            self.conn.send(None)
        self.proc.join(10)
        self.proc = None


def readers(files: list[Path]) -> dict[Path, tuple[str, str]]:
    """The format each source file is read as (its reader, or why it is not) and its
    most called tool (the one mined)."""
    from projeval.errors import ProjevalError
    from projeval.traces import analyse_traces

    found = {}
    for path in files:
        try:
            analysis = analyse_traces([str(path)], workers=1)
        except ProjevalError:
            found[path] = ("(not a trace)", "search")
            continue
        calls = analysis.calls["tool"].dropna()
        tool = str(calls.value_counts().index[0]) if len(calls) else "search"
        found[path] = (analysis.files[0].format if analysis.files else "?", tool)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--hang", type=float, default=20.0, help="seconds that make a hang")
    parser.add_argument("--repeat", type=float, default=1.0, help="scale cases per mutation")
    parser.add_argument("--stages", default="api,cli,mine", help=f"of {','.join(STAGES)}")
    parser.add_argument("--report-every", type=int, default=4, help="report stage every Nth")
    parser.add_argument("--only", default="", help="regex on source ids")
    parser.add_argument("--mutations", default="", help="comma-separated subset")
    parser.add_argument("--case", default="", help="rerun one case: SOURCE:MUTATION:INDEX")
    parser.add_argument("--keep", default="", help="with --case: copy its input here")
    args = parser.parse_args(argv)
    stages = tuple(s for s in args.stages.split(",") if s)
    files = sources()
    if args.case:
        return _one(args, files, stages)
    if args.only:
        files = [f for f in files if re.search(args.only, source_id(f))]
    chosen = [m for m in args.mutations.split(",") if m] or list(MUTATIONS)
    jobs = []
    for path in files:
        for how in chosen:
            for index in range(max(1, round(MUTATIONS[how] * args.repeat))):
                jobs.append((path, how, index))
    fmt = readers(files)
    tally: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    crashes: dict[tuple[str, str], list[str]] = defaultdict(list)
    refused: dict[str, list[str]] = defaultdict(list)
    runner = Runner()
    started = time.monotonic()
    skipped = 0
    for number, (path, how, index) in enumerate(jobs, 1):
        case_stages = tuple(
            s for s in stages if s != "report" or number % max(1, args.report_every) == 0
        )
        job = (str(path), how, index, args.seed, case_stages, args.hang, fmt[path][1])
        results = runner.run(job, case_stages, args.hang)
        if results is None:
            skipped += 1
            continue
        case = f"{source_id(path)}:{how}:{index}"
        for stage, (outcome, detail) in results.items():
            tally[(fmt[path][0], how, stage)][outcome] += 1
            if outcome in ("crash", "hang", "unclear") or stage == "setup":
                crashes[(stage, f"{outcome}: {detail}")].append(case)
            read = fmt[path][0] != "(not a trace)"
            if stage == "api" and outcome == "error" and how in ONE_VALUE and read:
                refused[fmt[path][0]].append(case)
        if number % 200 == 0:
            print(
                f"# {number}/{len(jobs)} cases, {time.monotonic() - started:.0f}s", file=sys.stderr
            )
    runner.stop()
    _print(tally, crashes, len(jobs) - skipped, skipped, stages, time.monotonic() - started, args)
    print("\n== files refused whole (api error) after one value changed, by reader ==")
    for reader, cases in sorted(refused.items(), key=lambda kv: -len(kv[1])):
        print(f"{len(cases):5} {reader}")
        for case in cases:
            print(f"      {case}")
    return 0


def _print(
    tally: dict[tuple[str, str, str], Counter[str]],
    crashes: dict[tuple[str, str], list[str]],
    ran: int,
    skipped: int,
    stages: tuple[str, ...],
    seconds: float,
    args: argparse.Namespace,
) -> None:
    print(f"fuzz_traces seed={args.seed} repeat={args.repeat} stages={','.join(stages)}")
    print(f"{ran} cases run ({skipped} mutations did not apply), {seconds:.0f}s")
    header = f"{'':34}" + "".join(f"{o:>9}" for o in OUTCOMES[:-1])
    for title, key in (("by reader", 0), ("by mutation", 1)):
        for stage in stages:
            rows: dict[str, Counter[str]] = defaultdict(Counter)
            for (reader, how, st), counts in tally.items():
                if st == stage:
                    rows[(reader, how)[key]].update(counts)
            print(f"\n== {stage}, {title} ==\n{header}")
            total: Counter[str] = Counter()
            for name in sorted(rows):
                total.update(rows[name])
                line = "".join(f"{rows[name][o]:>9}" for o in OUTCOMES[:-1])
                print(f"{name[:34]:34}{line}")
            print(f"{'TOTAL':34}" + "".join(f"{total[o]:>9}" for o in OUTCOMES[:-1]))
    print("\n== crash, hang and unclear classes (stage, outcome: where) ==")
    for (stage, what), cases in sorted(crashes.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"{len(cases):5} {stage:6} {what}\n      e.g. {'  '.join(cases[:4])}")
    if not crashes:
        print("none")


def _one(args: argparse.Namespace, files: list[Path], stages: tuple[str, ...]) -> int:
    """Rerun one case in this process, with its traceback."""
    name, how, index = args.case.rsplit(":", 2)
    (path,) = [f for f in files if source_id(f) == name]
    with tempfile.TemporaryDirectory(prefix="fuzz25-") as tmp:
        case = build_case(path, how, int(index), args.seed, Path(tmp))
        if case is None:
            print("the mutation does not apply to this file")
            return 1
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            target = Path(args.keep) / case.name
            if case.is_dir():
                shutil.copytree(case, target, dirs_exist_ok=True)
            else:
                shutil.copy(case, target)
            print(f"input kept as {target}")
        state: dict[str, Any] = {"tool": readers([path])[path][1]}
        for stage in stages:
            outcome, detail = run_stage(stage, case, state)
            print(f"{stage}: {outcome} {detail}")
            if outcome == "crash" and stage != "cli":
                _traceback(stage, case, state)
    return 0


def _traceback(stage: str, path: Path, state: dict[str, Any]) -> None:
    from projeval.mining import mine_questions
    from projeval.text.traces import render_summary
    from projeval.traces import analyse_traces

    try:
        if stage == "api":
            analysis = analyse_traces([str(path)], workers=1)
            json.dumps(analysis.to_dict())
            render_summary(analysis)
        elif stage == "mine":
            mine_questions([str(path)], state.get("tool", "search"), workers=1).to_yaml()
    except Exception:
        traceback.print_exc()


if __name__ == "__main__":
    sys.exit(main())
