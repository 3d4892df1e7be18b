"""Rebuild the unlabelled rows of sealed round 31 (``hedges_sealed_r31.jsonl``, ``turns_sealed_r31.jsonl``).

Usage: ``python sealed_r31_build.py DISCFIN_GIT HEDGES_OUT TURNS_OUT``.

- ``DISCFIN_GIT``: a clone (or ``fetch`` mirror) of FudanDISC/DISC-FinLLM. ``data/`` at ``DISCFIN[1]`` holds
  100 samples of each of four parts of DISC-FinLLM-SFT (Fudan DISC, 2023), Chinese conversations whose
  assistant turns an LLM (ChatGPT, by the authors' account) wrote in the role of a financial consultant:
  ``consulting_part.json`` (financial and career consulting, some with earlier rounds in ``history``),
  ``retrieval_part.json`` (a question answered "as a financial expert" from retrieved news passages that
  the instruction hands over, the retrieval being the tool: the passages are the ``latest_result``) and
  ``computing_part.json`` (financial calculations whose answers call a calculator inline,
  ``[Calculator(expr)→value]``, the value filled in by the tool; a few call ``Gauss``, ``Counter`` or
  ``Solver`` the same way). ``task_part.json`` (reading comprehension,
  headline writing) is not a service conversation and is not taken.

Hedge rows (``kind`` ``message``), every assistant turn of the three parts, in file order, none drawn or
skipped by any cue (no cue list is used at all): consulting (its ``history`` answers and its ``output``),
retrieval (``output``, ``latest_result`` the passages between the instruction's preamble and ``问题：``, cut
at ``RESULT_CHARS``), computing (``output`` with each ``[Tool(args)→value]`` marker removed, as the
user would read it; ``latest_result`` the list of calls and their values as JSON). Consulting rows have no
tool result (``""``). ``user`` is the user turn the row answers (session 32): consulting, its round's question;
retrieval, the question after ``问题：``; computing, ``instruction``.

Turn rows: every user turn of the same parts: consulting (each ``history`` question, then ``instruction``;
``previous`` the assistant turn before it, ``""`` when it opens), retrieval (the question after ``问题：``:
the preamble and the passages are the system's framing and the tool's result, not the user's words;
``previous`` ``""``), computing (``instruction``, ``previous`` ``""``). ``asked`` is whether ``previous``
ends with a question mark.

Texts shorter than ``MIN_CHARS`` are skipped, a text already taken is not taken again, and a text another
unsealed file of this folder holds is dropped. If an output file exists, its hand-written ``hedge`` /
``label`` and ``note`` are kept by ``id``. The labels were written by hand with GUIDELINE.md before any
projeval detector or classifier ran on the rows. The sealed files of rounds 23-31 are never opened (not even
to check for overlap).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

DISCFIN = ("FudanDISC/DISC-FinLLM", "e9bfa46d480655d66e353c6e961ed562f21b4c9f")
PARTS = ("consulting", "retrieval", "computing")
MIN_CHARS = 4
RESULT_CHARS = 2000
# a tool call the answer makes inline, its value filled in by the tool: ``[Calculator(5+3)→8]``,
# also ``Gauss``, ``Counter`` and ``Solver(…);Variable(…)``; arguments may hold brackets of their own
CALL = re.compile(r"\[([A-Za-z]+)\(")
QUESTION = re.compile(r"\n\s*问题[：:]\s*")
CJK = re.compile(r"[\u4e00-\u9fff]")
SEALED = re.compile(r"sealed_r(2[3-9]|3[01])")
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> bytes:
    """A file's bytes at a commit."""
    done = subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, check=True
    )
    return done.stdout


def folder_texts() -> set[str]:
    """Texts the other (unsealed) files of this folder hold."""
    out: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if SEALED.search(path.name):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    out.add(text.strip())
    return out


def lang(text: str) -> str:
    """``zh`` when the text holds Chinese characters, else ``en``."""
    return "zh" if CJK.search(text) else "en"


def asked(previous: str) -> bool:
    """Whether the agent message before the turn ends with a question mark."""
    return previous.rstrip().endswith(("?", "？"))


def split_retrieval(instruction: str) -> tuple[str, str]:
    """The passages handed over (the retrieval's result) and the user's question."""
    parts = QUESTION.split(instruction, maxsplit=1)
    head, question = (parts[0], parts[1]) if len(parts) == 2 else (instruction, "")
    first = head.find("参考材料")
    passages = head[first:] if first >= 0 else head
    return passages.strip(), question.strip()


def strip_calls(output: str) -> tuple[str, str]:
    """The answer as the user reads it, and its tool calls with their values (JSON)."""
    calls: list[dict[str, str]] = []
    text, at = "", 0
    for m in CALL.finditer(output):
        if m.start() < at:
            continue
        arrow = output.find("→", m.end())
        close = output.find("]", arrow) if arrow >= 0 else -1
        if close < 0:
            continue
        args = output[m.end() : arrow]
        calls.append(
            {"call": f"{m.group(1)}({args.removesuffix(')')})", "result": output[arrow + 1 : close]}
        )
        text += output[at : m.start()]
        at = close + 1
    text += output[at:]
    return text.strip(), json.dumps(calls, ensure_ascii=False) if calls else ""


def conversations(git: str) -> tuple[list[dict], list[dict]]:
    """Every assistant turn and user turn of the three parts, with their context, in file order."""
    agent: list[dict] = []
    user: list[dict] = []
    for part in PARTS:
        path = f"data/{part}_part.json"
        for i, item in enumerate(json.loads(show(git, DISCFIN[1], path))):
            where = f"{path}#{i}"
            if part == "consulting":
                previous = ""
                rounds = [tuple(h) for h in item.get("history") or []]
                rounds.append((item["instruction"], item["output"]))
                for r, (question, answer) in enumerate(rounds):
                    user.append(
                        {
                            "part": part,
                            "path": f"{where}/{r}",
                            "text": question.strip(),
                            "previous": previous,
                        }
                    )
                    agent.append(
                        {
                            "part": part,
                            "path": f"{where}/{r}",
                            "text": answer.strip(),
                            "latest_result": "",
                            "user": question.strip(),
                        }
                    )
                    previous = answer.strip()
            elif part == "retrieval":
                passages, question = split_retrieval(item["instruction"])
                user.append({"part": part, "path": where, "text": question, "previous": ""})
                agent.append(
                    {
                        "part": part,
                        "path": where,
                        "text": item["output"].strip(),
                        "latest_result": passages[:RESULT_CHARS],
                        "user": question,
                    }
                )
            else:
                text, calls = strip_calls(item["output"])
                user.append(
                    {
                        "part": part,
                        "path": where,
                        "text": item["instruction"].strip(),
                        "previous": "",
                    }
                )
                agent.append(
                    {
                        "part": part,
                        "path": where,
                        "text": text,
                        "latest_result": calls,
                        "user": item["instruction"].strip(),
                    }
                )
    return agent, user


def keep_labels(out_file: str, rows: list[dict], fields: tuple[str, ...]) -> None:
    """Write rows, keeping the hand-written fields of an existing file by id."""
    old: dict[str, dict] = {}
    out = Path(out_file)
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                old[row["id"]] = row
    with out.open("w", encoding="utf-8") as f:
        for r in rows:
            for field in fields:
                if field in old.get(r["id"], {}):
                    r[field] = old[r["id"]][field]
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main(discfin_git: str, hedges_out: str, turns_out: str) -> None:
    """Take the rows and write them (labels kept from existing outputs)."""
    taken = folder_texts()
    agent, user = conversations(discfin_git)
    hedges: list[dict] = []
    turns: list[dict] = []
    counts: dict[str, int] = {}
    for m in agent:
        if len(m["text"]) < MIN_CHARS or m["text"] in taken:
            continue
        taken.add(m["text"])
        n = counts.get(m["part"], 0)
        counts[m["part"]] = n + 1
        hedges.append(
            {
                "id": f"s31-{m['part'][:3]}-{n:03d}",
                "source": DISCFIN[0],
                "commit": DISCFIN[1],
                "path": m["path"],
                "lang": lang(m["text"]),
                "kind": "message",
                "text": m["text"],
                "latest_result": m["latest_result"],
                "user": m["user"],
            }
        )
    counts = {}
    for t in user:
        if len(t["text"]) < MIN_CHARS or t["text"] in taken:
            continue
        taken.add(t["text"])
        n = counts.get(t["part"], 0)
        counts[t["part"]] = n + 1
        turns.append(
            {
                "id": f"s31-{t['part'][:3]}-t{n:03d}",
                "source": DISCFIN[0],
                "commit": DISCFIN[1],
                "lang": lang(t["text"]),
                "path": t["path"],
                "text": t["text"],
                "previous": t["previous"],
                "asked": asked(t["previous"]),
            }
        )
    keep_labels(hedges_out, hedges, ("hedge", "note"))
    keep_labels(turns_out, turns, ("label", "note"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
