"""Rebuild ``claims_cs_heldout_traces.jsonl`` from a git mirror of olly-styles/WorkBench.

Usage: ``python claims_cs_heldout_build.py WORKBENCH_GIT_DIR`` (a bare or work-tree clone).

WorkBench's result files record, per query, a LangChain structured-chat agent's run: the query,
its final ``output`` and its ``intermediate_steps`` (each tool call with the tool's result),
written as a Python ``repr``. Each sampled row becomes one OpenAI Chat trace: the date sentence
WorkBench prefixes to the agent's system prompt, the query, each call and result, the output.
"""

from __future__ import annotations

import ast
import csv
import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

COMMIT = "42f1b6dc18986f47701ca83de2d63dd4f95c59a0"
REPO = "olly-styles/WorkBench"
OUT = Path(__file__).with_name("claims_cs_heldout_traces.jsonl")
#: The sentence ``src/evals/utils.py`` puts before the agent's prompt (the rest of the prompt,
#: LangChain's tool list, holds no value an answer states).
SYSTEM = (
    "Today's date is Thursday, 2023-11-30 and the current time is 00:00:00. Remember the "
    "current date and time when answering queries. Meetings must not start before 9am or end "
    "after 6pm."
)
DOMAINS = [
    "customer_relationship_manager",
    "calendar",
    "email",
    "project_management",
    "analytics",
    "multi_domain",
]
#: One run per model; rows per file, chosen by a hash of the file and row, not by content.
MODELS = ["gpt-4_all", "claude-2_all", "mistral-8x7B_all", "llama2-70b_domains", "gpt-3.5_domains"]
PER_FILE = 5
#: Left out after sampling (not replaced): an answer listing 72 dates, each held by the result,
#: that would be a quarter of the set's values on its own.
SKIP = {"workbench/analytics/mistral-8x7B_all/row36"}
STOPPED = "Agent stopped due to iteration limit or time limit."

csv.field_size_limit(10**9)


def literal(node: ast.AST) -> Any:
    """A parsed ``repr`` node as plain data (no code is run): ``AgentAction(...)`` becomes a
    dict, ``nan`` None, ``array([...])`` and ``Timestamp('...')`` their argument."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Dict):
        return {
            literal(k): literal(v)
            for k, v in zip(node.keys, node.values, strict=True)
            if k is not None
        }
    if isinstance(node, (ast.List, ast.Tuple)):
        return [literal(e) for e in node.elts]
    if isinstance(node, ast.Name):
        return None if node.id in ("nan", "object", "None") else node.id
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -literal(node.operand)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "AgentAction":
            return {k.arg: literal(k.value) for k in node.keywords}
        if node.func.id in ("array", "Timestamp"):
            return literal(node.args[0])
    raise ValueError(ast.dump(node)[:200])


def result_files(git: str) -> list[str]:
    """The chosen result files at the commit."""
    names = subprocess.run(
        ["git", "-C", git, "ls-tree", "-r", "--name-only", COMMIT, "data/results/"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    out = []
    for domain in DOMAINS:
        for model in MODELS:
            out += [
                n
                for n in names
                if n.startswith(f"data/results/{domain}/{model}_") and n.endswith(".csv")
            ][:1]
    return out


def final_text(output: str) -> str | None:
    """The text a run's final output says to the user: a ``Final Answer`` blob's
    ``action_input``; None for an output that is (or trails into) another action blob, the
    agent's misformatted next call rather than a message."""
    if '"action": "Final Answer"' in output:
        try:
            said = json.loads(output[output.index("{") : output.rindex("}") + 1])["action_input"]
        except (ValueError, KeyError):
            return None
        return said.strip() if isinstance(said, str) and said.strip() else None
    if '"action"' in output or "Action:" in output:
        return None
    return output


def trace(path: str, index: int, row: dict[str, str]) -> dict[str, Any] | None:
    """One result row as a trace, or None when the run left no final text."""
    run = literal(ast.parse(row["full_response"], mode="eval").body)
    output = run.get("output")
    # A run whose final answer is not text (a parsed action object) states nothing to a user.
    if not isinstance(output, str) or not output.strip() or output.strip() == STOPPED:
        return None
    output = final_text(output.strip())
    if output is None:
        return None
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": row["query"]},
    ]
    for n, (action, observation) in enumerate(run["intermediate_steps"]):
        call_id = f"call_{n}"
        args = action.get("tool_input")
        call = {
            "name": action.get("tool"),
            "arguments": json.dumps(args if isinstance(args, dict) else {"input": args}),
        }
        messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": call_id, "type": "function", "function": call}],
            }
        )
        content = observation if isinstance(observation, str) else json.dumps(observation)
        messages.append({"role": "tool", "tool_call_id": call_id, "content": content})
    messages.append({"role": "assistant", "content": output})
    stem = path.rsplit("/", 2)
    return {
        "id": f"workbench/{stem[1]}/{stem[2].split('_20')[0]}/row{index}",
        "source": REPO,
        "commit": COMMIT,
        "path": f"{path}#row{index}",
        "answers": [len(messages) - 1],
        "messages": messages,
    }


def build(git: str) -> list[dict[str, Any]]:
    """Up to ``PER_FILE`` traces from each chosen file, in a fixed hash order of its rows."""
    out = []
    for path in result_files(git):
        text = subprocess.run(
            ["git", "-C", git, "show", f"{COMMIT}:{path}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        rows = list(csv.DictReader(io.StringIO(text)))
        order = sorted(
            range(len(rows)), key=lambda i: hashlib.sha1(f"{path}#{i}".encode()).hexdigest()
        )
        taken: list[dict[str, Any]] = []
        seen: set[str] = set()
        for i in order:
            if len(taken) == PER_FILE:
                break
            if not rows[i]["full_response"]:
                continue
            t = trace(path, i, rows[i])
            if t is None or t["messages"][-1]["content"] in seen:
                continue
            seen.add(t["messages"][-1]["content"])
            taken.append(t)
        out += [t for t in taken if t["id"] not in SKIP]
    return out


if __name__ == "__main__":
    with OUT.open("w", encoding="utf-8") as f:
        for t in build(sys.argv[1]):
            f.write(json.dumps(t, ensure_ascii=False) + "\n")
