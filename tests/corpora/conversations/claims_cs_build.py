"""Rebuild ``claims_cs_traces.jsonl`` from the two sources' git mirrors.

Usage: ``python claims_cs_build.py SYNTAG_GIT_DIR JCARAH_GIT_DIR`` (bare or work-tree clones of
syntag-umd/eval-framework and jcarah/accelerate_context_engineering_workshop).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SYNTAG = "0b344ba47adf86f3a19fcd2ce8ff50a4b8633194"
JCARAH = [
    ("9b698b3f61cd114ed26c60c0ee03254e70650812", "20260117_031250"),
    ("9b698b3f61cd114ed26c60c0ee03254e70650812", "20260117_041458"),
    ("767055771e745ebddea075d26443e57dd70df741", "20260121_123014"),
]
OUT = Path(__file__).with_name("claims_cs_traces.jsonl")
#: Left out: a garden-design conversation whose answers are pages of horticultural advice
#: (sun hours, soil pH), general knowledge rather than values a record could hold.
SKIP = {"jcarah/20260121_123014/fa010d66"}


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def final_answers(messages: list[dict]) -> list[int]:
    """Indexes of the assistant texts that a user message follows or that end the trace."""
    return [
        i
        for i, m in enumerate(messages)
        if m["role"] == "assistant"
        and m.get("content")
        and (i + 1 == len(messages) or messages[i + 1]["role"] == "user")
    ]


def syntag(git: str) -> list[dict]:
    """Each evaluation record with a generated message: its conversation, then that message."""
    text = show(git, SYNTAG, "lib/default-evaluation-results.ts")
    text = text[text.index("[") : text.rstrip().rstrip(";").rindex("]") + 1]
    out = []
    for r in json.loads(text):
        generated = r["details"].get("generatedMessage")
        if not generated:
            continue
        messages = []
        for m in r["conversation"]:
            m = {k: v for k, v in m.items() if k != "refusal"}
            for c in m.get("tool_calls") or []:
                args = c["function"]["arguments"]
                c["function"]["arguments"] = args if isinstance(args, str) else json.dumps(args)
            messages.append(m)
        messages.append({"role": "assistant", "content": generated})
        out.append(
            {
                "id": f"syntag/index{r['index']}",
                "source": "syntag-umd/eval-framework",
                "commit": SYNTAG,
                "path": f"lib/default-evaluation-results.ts#index{r['index']}",
                # Only the generated message is the model's: the texts before it are the test's.
                "answers": [len(messages) - 1],
                "messages": messages,
            }
        )
    return out


def jcarah(git: str) -> list[dict]:
    """Each simulated conversation's session events in order; the customer profile the ADK
    sample's global instruction holds as the system message."""
    out = []
    for commit, run in JCARAH:
        path = f"customer-service/eval/results/{run}/raw/processed_interaction_sim.jsonl"
        for line in show(git, commit, path).splitlines():
            d = json.loads(line)
            profile = d["extracted_data"].get("customer_profile") or ""
            messages: list[dict] = [
                {
                    "role": "system",
                    "content": "You are the customer_service agent.\n"
                    "The profile of the current customer is: " + profile,
                }
            ]
            for e in d["final_session_state"]["events"]:
                for p in (e.get("content") or {}).get("parts") or []:
                    if p.get("text") and not p.get("thought"):
                        role = "user" if e["author"] == "user" else "assistant"
                        messages.append({"role": role, "content": p["text"]})
                    elif p.get("functionCall"):
                        fc = p["functionCall"]
                        call = {"name": fc["name"], "arguments": json.dumps(fc.get("args") or {})}
                        messages.append(
                            {
                                "role": "assistant",
                                "content": None,
                                "tool_calls": [
                                    {"id": fc["id"], "type": "function", "function": call}
                                ],
                            }
                        )
                    elif p.get("functionResponse"):
                        fr = p["functionResponse"]
                        messages.append(
                            {
                                "role": "tool",
                                "tool_call_id": fr["id"],
                                "content": json.dumps(fr.get("response")),
                            }
                        )
            if f"jcarah/{run}/{d['question_id']}" in SKIP:
                continue
            out.append(
                {
                    "id": f"jcarah/{run}/{d['question_id']}",
                    "source": "jcarah/accelerate_context_engineering_workshop",
                    "commit": commit,
                    "path": f"{path}#{d['question_id']}",
                    "answers": final_answers(messages),
                    "messages": messages,
                }
            )
    return out


if __name__ == "__main__":
    rows = syntag(sys.argv[1]) + jcarah(sys.argv[2])
    with OUT.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
