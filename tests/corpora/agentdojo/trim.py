"""Trim recorded AgentDojo-style runs into ``runs.jsonl`` (see README.md beside this file).

    python tests/corpora/agentdojo/trim.py RAW_FOLDER > tests/corpora/agentdojo/runs.jsonl

RAW_FOLDER holds the run files as ``git show`` gives them. The trim is mechanical:
the run's bookkeeping keys go, each tool message's copy of its call keeps the name
and id only, and a web page's body keeps the paragraphs that share a marked token
(one with a digit: a date, an amount, an id, a form number; or a name of two capitalised words) with
a later assistant message or call; the others become ``[... trimmed ...]``. Pages are
re-written with ``yaml.safe_dump``, as the benchmark wrote them.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import yaml

KEEP = ("run_id", "suite_name", "pipeline_name", "domain", "task_id", "condition", "seed")
PER_DOMAIN = 10  # t01..t10 of each domain
_TOKEN = re.compile(r"[A-Za-z0-9$][\w$./:%-]*[\w%]")
_NAME = re.compile(r"\b[A-Z][\w'-]+ [A-Z][\w'-]+")
_CUT = "[... trimmed ...]"


def marked(token: str) -> bool:
    return any(c.isdigit() for c in token)


def later_text(messages: list[dict[str, Any]], i: int) -> str:
    parts = []
    for m in messages[i + 1 :]:
        if m["role"] == "assistant":
            for block in m.get("content") or []:
                parts.append(str(block.get("content") or ""))
            for call in m.get("tool_calls") or []:
                parts.append(json.dumps(call.get("args"), ensure_ascii=False))
    return "\n".join(parts)


def trim_page(text: str, later: str) -> str:
    class Loader(yaml.SafeLoader):
        pass

    Loader.yaml_implicit_resolvers = {
        k: [r for r in v if r[0] != "tag:yaml.org,2002:timestamp"]
        for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    doc = yaml.load(text, Loader=Loader)
    if not isinstance(doc, dict) or not isinstance(doc.get("content"), str):
        return text
    out: list[str] = []
    for para in doc["content"].split("\n\n"):
        keep = para.lstrip().startswith(("#", "- title:", "- url:", "- source:", "- domain:"))
        keep = keep or any(marked(t) and t in later for t in _TOKEN.findall(para))
        keep = keep or any(n in later for n in _NAME.findall(para))
        if keep:
            out.append(para)
        elif not out or out[-1] != _CUT:
            out.append(_CUT)
    doc["content"] = "\n\n".join(out)
    return yaml.safe_dump(doc, allow_unicode=True)


def trim_run(run: dict[str, Any]) -> dict[str, Any]:
    messages = []
    for i, m in enumerate(run["messages"]):
        m = dict(m)
        if m["role"] == "tool":
            call = m.get("tool_call") or {}
            m["tool_call"] = {"function": call.get("function"), "id": call.get("id")}
            if call.get("function") == "open_webpage" and not m.get("error"):
                later = later_text(run["messages"], i)
                m["content"] = [
                    {**b, "content": trim_page(b["content"], later)} for b in m["content"]
                ]
        messages.append(m)
    return {**{k: run[k] for k in KEEP if k in run}, "messages": messages}


def main(folder: str) -> None:
    chosen = []
    for path in sorted(Path(folder).glob("*.json")):
        task = path.name.split("_")[1]
        if int(task[1:]) <= PER_DOMAIN:
            chosen.append(path)
    for path in chosen:
        run = trim_run(json.loads(path.read_text(encoding="utf-8")))
        sys.stdout.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
