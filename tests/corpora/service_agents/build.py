"""Convert SOPBench's recorded runs into OpenAI Chat conversations (``sopbench.jsonl``).

Usage: ``python build.py SOPBENCH_GIT [--all OUT]`` with a clone of arpitg1991/SOPBench.
Source: ``arpitg1991/SOPBench`` at ``f4a86fe5e838aced7a0a7f46025e61fd2c033f09``, the
function-calling runs ``output/<domain>/ast_<model>-mode_fc-dep_full-fmt_structured-tool_full-shuffle_False.json``.

The conversion is mechanical and keeps every value as the source has it:

- a run's ``interactions[i].prompt`` (the assistant's instructions) becomes the system message;
- a message with ``sender: user`` becomes a ``user`` message;
- a message with a ``tool_call_id`` becomes a ``tool`` message (``name`` from ``tool_name``);
- any other message is the assistant's: ``content`` and ``tool_calls`` (``id``, ``type``,
  ``function``) kept, the SDK's empty fields (``refusal``, ``audio``...) dropped.

The committed fixture holds forty conversations drawn with a fixed seed, eight a domain (bank,
DMV, healthcare, library, university) from four models' runs, each with three calls or more,
then the conversations ``CASES`` names: each shows one thing projeval misjudged on these runs
(see the README). The system prompt is cut to its first ``SYSTEM_CHARS`` characters in the fixture
(the role and the operating principles; the per-tool rules that follow hold no value a call
uses), and kept whole with ``--all``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

SOURCE = ("arpitg1991/SOPBench", "f4a86fe5e838aced7a0a7f46025e61fd2c033f09")
DOMAINS = ("bank", "dmv", "healthcare", "library", "university")
MODELS = ("gpt-4.1", "gpt-4o", "claude-3-5-sonnet-20241022", "o4-mini-high")
PER_DOMAIN = 8
MIN_CALLS = 3
SEED = 2727
SYSTEM_CHARS = 1200
CASES = (
    # The user typed the income as "60,000", "$60,000" and "1,000,000": not the result's.
    "sopbench/healthcare/gpt-4.1/91/0",
    "sopbench/healthcare/gpt-4.1/82/0",
    "sopbench/healthcare/gpt-4.1/104/0",
    # A room booked again with a list argument after a KeyError, the date corrected.
    "sopbench/library/claude-3-5-sonnet-20241022/49/0",
    # A login retried with another argument after a TypeError.
    "sopbench/bank/claude-3-5-sonnet-20241022/44/0",
    # The same read twice with only reads between: a duplicate.
    "sopbench/library/gpt-4.1/43/0",
)
HERE = Path(__file__).parent


def run_path(domain: str, model: str) -> str:
    """The source path of one model's function-calling runs in one domain."""
    return (
        f"output/{domain}/ast_{model}-mode_fc-dep_full-fmt_structured-tool_full-shuffle_False.json"
    )


def show(git: str, path: str) -> list[dict]:
    """A run file's tasks at the source commit."""
    done = subprocess.run(
        ["git", "-C", git, "show", f"{SOURCE[1]}:{path}"], capture_output=True, check=True
    )
    return json.loads(done.stdout)


def convert(prompt: str, interaction: list[dict]) -> list[dict]:
    """One recorded interaction as OpenAI Chat messages."""
    out: list[dict] = [{"role": "system", "content": prompt}]
    for m in interaction:
        if "tool_call_id" in m:
            out.append(
                {
                    "role": "tool",
                    "tool_call_id": m["tool_call_id"],
                    "name": m.get("tool_name"),
                    "content": m.get("content"),
                }
            )
        elif m.get("sender") == "user":
            out.append({"role": "user", "content": m.get("content")})
        else:
            msg: dict = {"role": "assistant", "content": m.get("content")}
            calls = [
                {"id": c["id"], "type": c.get("type", "function"), "function": c["function"]}
                for c in m.get("tool_calls") or []
            ]
            if calls:
                msg["tool_calls"] = calls
            out.append(msg)
    return out


def conversations(git: str) -> list[dict]:
    """Every function-calling conversation of the four models, in source order."""
    rows: list[dict] = []
    for domain in DOMAINS:
        for model in MODELS:
            path = run_path(domain, model)
            for ti, task in enumerate(show(git, path)):
                for ii, inter in enumerate(task.get("interactions") or []):
                    messages = convert(inter["prompt"], inter["interaction"])
                    calls = sum(len(m.get("tool_calls") or []) for m in messages)
                    rows.append(
                        {
                            "id": f"sopbench/{domain}/{model}/{ti}/{ii}",
                            "source": f"{SOURCE[0]}@{SOURCE[1]}:{path}#{ti}/{ii}",
                            "domain": domain,
                            "calls": calls,
                            "messages": messages,
                        }
                    )
    return rows


def sample(rows: list[dict]) -> list[dict]:
    """PER_DOMAIN conversations a domain with MIN_CALLS calls or more, drawn by SEED, and
    the CASES."""
    rng = random.Random(SEED)
    out: list[dict] = []
    for domain in DOMAINS:
        pool = [r for r in rows if r["domain"] == domain and r["calls"] >= MIN_CALLS]
        out.extend(sorted(rng.sample(pool, PER_DOMAIN), key=lambda r: r["id"]))
    drawn = {r["id"] for r in out}
    by_id = {r["id"]: r for r in rows}
    out.extend(by_id[case] for case in CASES if case not in drawn)
    return out


def write(rows: list[dict], out: Path, system_chars: int | None) -> None:
    """Write the conversations as JSON Lines (``id``, ``source``, ``messages``)."""
    with out.open("w", encoding="utf-8") as f:
        for r in rows:
            messages = r["messages"]
            if system_chars is not None:
                system = dict(messages[0], content=messages[0]["content"][:system_chars])
                messages = [system, *messages[1:]]
            row = {"id": r["id"], "source": r["source"], "messages": messages}
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    everything = conversations(sys.argv[1])
    if len(sys.argv) > 3 and sys.argv[2] == "--all":
        write(everything, Path(sys.argv[3]), None)
    else:
        write(sample(everything), HERE / "sopbench.jsonl", SYSTEM_CHARS)
