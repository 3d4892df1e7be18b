"""Rebuild the unlabelled rows of sealed round 24 from its two sources.

Usage: ``python sealed_r24_build.py FASTCHAT_GIT ALIGNBENCH_GIT OUT_DIR``.

- ``FASTCHAT_GIT``: a clone (or ``fetch`` mirror) of lm-sys/FastChat with its pull-request refs. At
  ``FASTCHAT_COMMIT`` (the head of pull request 3404, "Added llm-judge support for GPT-4o") two files
  are read: ``fastchat/llm_judge/data/mt_bench/question.jsonl``, MT-Bench's 80 two-turn questions, and
  ``fastchat/llm_judge/data/mt_bench/model_answer/gpt-4o.jsonl``, GPT-4o's recorded answers to both
  turns of each (written by FastChat's ``gen_api_answer.py``, which sends the first answer back with
  the second question). English: each question's two turns are turn rows (the second turn's
  ``previous`` is GPT-4o's first answer) and GPT-4o's two answers message rows. No tool is called,
  so ``latest_result`` is ``""``.
- ``ALIGNBENCH_GIT``: a clone (or ``fetch`` mirror) of THUDM/AlignBench. At ``ALIGNBENCH_COMMIT``,
  ``data/data_v1.1_release.jsonl``: 683 Chinese user queries (curated from real users of a chat
  service, the AlignBench paper says) with a reference answer each (drafted by GPT-4 and revised by
  annotators) and, for 150 of them, the web evidence (URL and quoted passage) the reference was
  checked against. Chinese: the query is a turn row (an opener), the reference a message row whose
  ``latest_result`` is the evidence as compact JSON (``""`` when there is none).

Writes ``hedges_draft.jsonl`` and ``turns_draft.jsonl`` to OUT_DIR: the rows of
``hedges_sealed_r24.jsonl`` and ``turns_sealed_r24.jsonl`` without their labels (``hedge``,
``label``, ``note`` were written by hand afterwards). Questions are drawn by a fixed seed from their
places in the files, never by their words, until each language has ``PER_LANG`` rows of each kind. A
text that a row of another file of this folder holds is dropped (round 23's and 24's sealed files are
not read).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

FASTCHAT = "lm-sys/FastChat"
#: Head of pull request 3404 (refs/pull/3404/head), the commit that adds GPT-4o's MT-Bench answers.
FASTCHAT_COMMIT = "4026da0c2bf4b1cf2331a56d668d60550e3743f1"
QUESTIONS = "fastchat/llm_judge/data/mt_bench/question.jsonl"
ANSWERS = "fastchat/llm_judge/data/mt_bench/model_answer/gpt-4o.jsonl"
ALIGNBENCH = "THUDM/AlignBench"
ALIGNBENCH_COMMIT = "5b79d4a84e566db26e755c719935c62a0e1b0527"
ALIGNBENCH_DATA = "data/data_v1.1_release.jsonl"
SEED = 24
PER_LANG = 150
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def jsonl(text: str) -> list[dict]:
    """The rows of a JSON-lines text."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (round 23's and 24's sealed files unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if "sealed_r23" in path.name or "sealed_r24" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def english_rows(git: str, seen: set[str]) -> tuple[list[dict], list[dict]]:
    """MT-Bench questions in the seed's order: both turns and GPT-4o's two answers to them."""
    questions = jsonl(show(git, FASTCHAT_COMMIT, QUESTIONS))
    answers = {a["question_id"]: a for a in jsonl(show(git, FASTCHAT_COMMIT, ANSWERS))}
    order = list(range(len(questions)))
    random.Random(SEED).shuffle(order)
    base = {"source": FASTCHAT, "commit": FASTCHAT_COMMIT, "lang": "en"}
    messages: list[dict] = []
    turns: list[dict] = []
    for q in order:
        question = questions[q]
        answer = answers.get(question["question_id"])
        if answer is None:
            continue
        line = next(i for i, a in enumerate(answers.values()) if a is answer)
        replies = answer["choices"][0]["turns"]
        previous = ""
        for k, (asked_text, reply) in enumerate(zip(question["turns"], replies, strict=False)):
            text = asked_text.strip()
            if len(turns) < PER_LANG and text not in seen:
                seen.add(text)
                turns.append(
                    {
                        "id": f"s24-mt-t{len(turns):03d}",
                        **base,
                        "path": f"{QUESTIONS}#{q}/turns/{k}",
                        "text": text,
                        "previous": previous,
                        "asked": previous.endswith(("?", "？")),
                    }
                )
            body = reply.strip()
            if len(messages) < PER_LANG and body and body not in seen:
                seen.add(body)
                messages.append(
                    {
                        "id": f"s24-mt-{len(messages):03d}",
                        **base,
                        "path": f"{ANSWERS}#{line}/choices/0/turns/{k}",
                        "kind": "message",
                        "text": body,
                        "latest_result": "",
                    }
                )
            previous = body
    return messages, turns


def chinese_rows(git: str, seen: set[str]) -> tuple[list[dict], list[dict]]:
    """AlignBench queries in the seed's order: the query a turn, the reference a message."""
    items = jsonl(show(git, ALIGNBENCH_COMMIT, ALIGNBENCH_DATA))
    order = list(range(len(items)))
    random.Random(SEED).shuffle(order)
    base = {"source": ALIGNBENCH, "commit": ALIGNBENCH_COMMIT, "lang": "zh"}
    messages: list[dict] = []
    turns: list[dict] = []
    for i in order:
        item = items[i]
        query = (item.get("question") or "").strip()
        reference = (item.get("reference") or "").strip()
        if len(turns) < PER_LANG and query and query not in seen:
            seen.add(query)
            turns.append(
                {
                    "id": f"s24-ab-t{len(turns):03d}",
                    **base,
                    "path": f"{ALIGNBENCH_DATA}#{i}/question",
                    "text": query,
                    "previous": "",
                    "asked": False,
                }
            )
        if len(messages) < PER_LANG and reference and reference not in seen:
            seen.add(reference)
            evidences = item.get("evidences") or []
            messages.append(
                {
                    "id": f"s24-ab-{len(messages):03d}",
                    **base,
                    "path": f"{ALIGNBENCH_DATA}#{i}/reference",
                    "kind": "message",
                    "text": reference,
                    "latest_result": (
                        json.dumps(evidences, ensure_ascii=False, separators=(",", ":"))
                        if evidences
                        else ""
                    ),
                }
            )
        if len(turns) >= PER_LANG and len(messages) >= PER_LANG:
            break
    return messages, turns


def main(fastchat_git: str, alignbench_git: str, out_dir: str) -> None:
    """Write the draft rows of the two sources."""
    seen = known_texts()
    en_messages, en_turns = english_rows(fastchat_git, seen)
    zh_messages, zh_turns = chinese_rows(alignbench_git, seen)
    out = Path(out_dir)
    for name, data in (
        ("hedges_draft.jsonl", en_messages + zh_messages),
        ("turns_draft.jsonl", en_turns + zh_turns),
    ):
        (out / name).write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in data), encoding="utf-8"
        )


if __name__ == "__main__":
    main(*sys.argv[1:4])
