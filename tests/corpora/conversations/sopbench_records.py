"""Give each row of a SOPBench hedge set the records its interaction read before it (session 29).

Usage: ``python sopbench_records.py SOPBENCH_GIT hedges_sop28.jsonl`` (a clone or ``fetch`` mirror
of arpitg1991/SOPBench at ``hedges_sop28_build.COMMIT``). Rewrites the file in place, each
row with ``records``: the tool results of its interaction before its text (the latest among
them), the last ``MAX_RECORDS``, each as ``[arguments, content]``: the raw JSON arguments of the
call that asked for it and the result's content, each cut at ``MAX_CHARS`` characters, as
``projeval``'s trace analysis reads them (``find_hedges(records=…)``). Rows, ids, texts and labels
are not touched; the labels were written (session 28) without these fields. Run on
``hedges_sop28.jsonl`` only: ``hedges_sim24.jsonl`` (same source, same row paths) is a training file
of the hedge model, whose digest its bytes are part of; session 29 measured it with records in
/tmp only (no figure moved).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from hedges_sop28_build import COMMIT

MAX_RECORDS = 16
MAX_CHARS = 1500


def _calls(message: dict) -> dict[str, str]:
    """A message's tool calls: call id -> raw JSON arguments (a list, or its repr as text)."""
    calls = message.get("tool_calls")
    if isinstance(calls, str) and calls.startswith("["):
        try:
            calls = ast.literal_eval(calls)
        except (ValueError, SyntaxError):
            return {}
    if not isinstance(calls, list):
        return {}
    out: dict[str, str] = {}
    for c in calls:
        if isinstance(c, dict) and isinstance(c.get("function"), dict):
            out[str(c.get("id"))] = str(c["function"].get("arguments") or "")
    return out


def records_before(git: str, where: str, cache: dict[str, list]) -> list[list[str]]:
    """The results the interaction at ``where`` (``path#task/interaction/message``) read
    before that message, with their calls' arguments."""
    path, _, at = where.partition("#")
    ti, ii, mi = (int(x) for x in at.split("/"))
    if path not in cache:
        done = subprocess.run(
            ["git", "-C", git, "show", f"{COMMIT}:{path}"], capture_output=True, check=True
        )
        cache[path] = json.loads(done.stdout)
    messages = cache[path][ti]["interactions"][ii]["interaction"]
    asked: dict[str, str] = {}
    out: list[list[str]] = []
    for m in messages[:mi]:
        if not isinstance(m, dict):
            continue
        asked.update(_calls(m))
        if "tool_call_id" in m:
            content = str(m.get("content"))
            if content:
                out.append([asked.get(str(m["tool_call_id"]), "")[:MAX_CHARS], content[:MAX_CHARS]])
    return out[-MAX_RECORDS:]


def main(git: str, rows_file: str) -> None:
    """Rewrite ``rows_file`` with each row's ``records``."""
    cache: dict[str, list] = {}
    lines = Path(rows_file).read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines:
        if not line.strip():
            continue
        row = json.loads(line)
        row["records"] = records_before(git, row["path"], cache)
        out.append(json.dumps(row, ensure_ascii=False))
    Path(rows_file).write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
