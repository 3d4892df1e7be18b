"""Helpers for the trace tests: stand-in suites and small file writers."""

from __future__ import annotations

import gzip
import importlib.util
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SHIPPED = REPO / "traces"


def benchmark_script(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` as a module (benchmarks/ is no package)."""
    spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# Stand-ins with exactly the attribute names of projeval.suites, so the real Suite drops in.
@dataclass(frozen=True)
class FieldDef:
    name: str
    path: str
    kind: str | None = None


@dataclass(frozen=True)
class Need:
    field: str
    precision: Any = None
    readable: bool = False


@dataclass(frozen=True)
class Question:
    id: str
    text: str
    needs: tuple[Need, ...] = ()
    weight: float = 1.0


@dataclass
class Suite:
    name: str
    tool: str
    fields: dict[str, FieldDef]
    questions: tuple[Question, ...] = ()
    hedges: tuple[str, ...] = field(default=())


def desk_suite(**kw: Any) -> Suite:
    """A small support-desk suite in the shape of question_sets/support_desk.yaml."""
    fields = {
        "ticket_id": FieldDef("ticket_id", "data[].id", "id"),
        "assignee": FieldDef("assignee", "data[].relationships.assignee.data.id", "id"),
        "sla_due_at": FieldDef("sla_due_at", "data[].attributes.sla_due_at"),
        "status": FieldDef("status", "data[].attributes.status_code", "code"),
        "owner_name": FieldDef("owner_name", "included.*.name"),
    }
    questions = (
        Question(
            "breach-soon",
            "Which tickets are about to breach their SLA in the next four hours?",
            (Need("ticket_id"), Need("sla_due_at", "minute")),
        ),
        Question(
            "who-owns",
            "Who owns ticket tkt_a41c0d5e?",
            (Need("ticket_id"), Need("assignee", None, True)),
        ),
        Question(
            "open-for-org",
            "What is still open for Kestrel Logistics?",
            (Need("ticket_id"), Need("status", None, True)),
        ),
        Question(
            "unassigned-high",
            "Which high-priority tickets are unassigned?",
            (Need("ticket_id"), Need("assignee")),
        ),
        Question(
            "hours-open", "How many hours has ticket tkt_c92e6a13 been open?", (Need("ticket_id"),)
        ),
        Question(
            "org-workload",
            "Which organisation has the most tickets on this page, and who is working on them?",
            (Need("assignee"),),
        ),
    )
    return Suite("desk", "search_tickets", fields, questions, **kw)


def write_jsonl(path: Path, records: list[Any], *, gz: bool = False) -> Path:
    data = "".join(json.dumps(r) + "\n" for r in records).encode()
    path.write_bytes(gzip.compress(data, mtime=0) if gz else data)
    return path


def write_json(path: Path, value: Any) -> Path:
    path.write_text(json.dumps(value), "utf-8")
    return path
