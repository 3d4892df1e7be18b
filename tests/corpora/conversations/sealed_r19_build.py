"""Rebuild the unlabelled rows of sealed round 19 from the three sources' git mirrors.

Usage: ``python sealed_r19_build.py AITEST_GIT MTRAG_GIT LAWYER_GIT OUT_DIR`` (clones of
sbroenne/pytest-aitest, IBM/mt-rag-benchmark and AndrewZhe/lawyer-llama). Writes
``hedges_draft.jsonl`` and ``turns_draft.jsonl`` to OUT_DIR: the rows of
``hedges_sealed_r19.jsonl`` and ``turns_sealed_r19.jsonl`` without their labels (``hedge``,
``label``, ``note`` were written by hand afterwards). Rows are taken by their place in the files,
never by their words; a text that an earlier row of the round or a row of another file of this
folder holds is dropped (round 18's and 19's sealed files are not read).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

AITEST = ("sbroenne/pytest-aitest", "6635ab50358ffa8873fb5d99beba0d0d89e1001a")
MTRAG = ("IBM/mt-rag-benchmark", "cc5b1d481b391181b89f7ced860308482e785463")
LAWYER = ("AndrewZhe/lawyer-llama", "abaa09586081b82ceb7b0a9f41d05a68897b24ee")
#: The test-report files of pytest-aitest at its commit (every one, in path order).
AITEST_DIRS = ("docs/demo/", "tests/fixtures/reports/")
MTRAG_PATH = "mtrag-human/evaluations/reference_subset_with_human_evaluations.json"
#: MTRAG's two models' answers, alternating by task position (even GPT-4o, odd Llama 3.1 405B).
MTRAG_MODELS = ("gpt-4o", "llama-3.1-405b-instruct")
LAWYER_PATH = "data/legal_counsel_multi_turn_with_article_v2.json"
#: Lawyer-LLaMA's multi-turn consultations 0, 8, 16, ...
LAWYER_STRIDE = 8
HERE = Path(__file__).parent

#: (role "user"/"agent", text, place in the file, latest result before it)
Dialogue = list[tuple[str, str, str, str]]


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (round 18's and 19's sealed files unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if "sealed_r18" in path.name or "sealed_r19" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def aitest_dialogues(git: str) -> list[tuple[str, Dialogue]]:
    """Every test of every report file: its user prompts, tool results and agent replies."""
    listing = subprocess.run(
        ["git", "-C", git, "ls-tree", "-r", "--name-only", AITEST[1]],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    paths = sorted(p for p in listing if p.startswith(AITEST_DIRS) and p.endswith(".json"))
    out = []
    for path in paths:
        report = json.loads(show(git, AITEST[1], path))
        for index, test in enumerate(report.get("tests", [])):
            result = ""
            dialogue: Dialogue = []
            for place, turn in enumerate((test.get("agent_result") or {}).get("turns", [])):
                for call in turn.get("tool_calls") or []:
                    if call.get("result") is not None:
                        result = str(call["result"])
                    elif call.get("error"):
                        result = str(call["error"])
                text = turn.get("content") or ""
                if not text.strip():
                    continue
                role = "user" if turn["role"] == "user" else "agent"
                dialogue.append((role, text, str(place), result if role == "agent" else ""))
            out.append((f"{path}#{index}", dialogue))
    return out


def mtrag_dialogues(git: str) -> list[tuple[str, Dialogue]]:
    """Each MTRAG task: its last user turn, then one model's answer with the task's passages."""
    data = json.loads(show(git, MTRAG[1], MTRAG_PATH))
    documents = {d["document_id"]: d["text"] for d in data["documents"]}
    answers = {(e["task_id"], e["model_id"]): e["model_response"] for e in data["evaluations"]}
    out = []
    for index, task in enumerate(data["tasks"]):
        model = MTRAG_MODELS[index % 2]
        turns = task["input"]
        passages = "\n\n".join(
            documents.get(c["document_id"], "").strip() for c in task.get("contexts", [])
        ).strip()
        dialogue: Dialogue = []
        if len(turns) > 1 and turns[-2]["speaker"] == "agent":
            dialogue.append(("agent-context", turns[-2]["text"], str(len(turns) - 2), ""))
        dialogue.append(("user", turns[-1]["text"], str(len(turns) - 1), ""))
        dialogue.append(("agent", answers[(task["task_id"], model)], model, passages))
        out.append((f"{MTRAG_PATH}#{task['task_id']}", dialogue))
    return out


def lawyer_dialogues(git: str) -> list[tuple[str, Dialogue]]:
    """Consultations at the stride: ``[客户]`` lines turns, ``[律师]`` lines messages."""
    items = json.loads(show(git, LAWYER[1], LAWYER_PATH))
    out = []
    for index, item in enumerate(items):
        if index % LAWYER_STRIDE:
            continue
        laws = "\n".join(item.get("laws", []))
        dialogue: Dialogue = []
        for place, line in enumerate(item["history"]):
            for prefix, role in (("[客户]", "user"), ("[律师]", "agent")):
                if line.startswith(prefix):
                    said = line[len(prefix) :].strip()
                    dialogue.append((role, said, str(place), laws if role == "agent" else ""))
                    break
        out.append((f"{LAWYER_PATH}#{index}", dialogue))
    return out


def rows(
    tag: str,
    source: tuple[str, str],
    lang: str,
    dialogues: list[tuple[str, Dialogue]],
    seen: set[str],
) -> tuple[list[dict], list[dict]]:
    """Message rows and turn rows of one source, in file order, repeats dropped."""
    messages: list[dict] = []
    turns: list[dict] = []
    for path, dialogue in dialogues:
        previous = ""
        for role, text, place, result in dialogue:
            text = text.strip()
            if role == "agent-context":  # MTRAG's reference answer before the turn: context only
                previous = text
                continue
            repeat = text in seen
            seen.add(text)
            base = {"source": source[0], "path": f"{path}/{place}", "commit": source[1]}
            if role == "agent":
                if not repeat:
                    messages.append(
                        {
                            "id": f"s19-{tag}-{len(messages):03d}",
                            **base,
                            "lang": lang,
                            "kind": "message",
                            "text": text,
                            "latest_result": result,
                        }
                    )
                previous = text
            elif not repeat:
                asked = previous.rstrip().endswith(("?", "？"))
                turns.append(
                    {
                        "id": f"s19-{tag}-t{len(turns):03d}",
                        **base,
                        "lang": lang,
                        "text": text,
                        "previous": previous,
                        "asked": asked,
                    }
                )
    return messages, turns


def main(aitest_git: str, mtrag_git: str, lawyer_git: str, out_dir: str) -> None:
    """Write the draft rows of the three sources."""
    seen = known_texts()
    hedges: list[dict] = []
    turns: list[dict] = []
    for tag, source, lang, dialogues in (
        ("pa", AITEST, "en", aitest_dialogues(aitest_git)),
        ("mr", MTRAG, "en", mtrag_dialogues(mtrag_git)),
        ("ll", LAWYER, "zh", lawyer_dialogues(lawyer_git)),
    ):
        m, t = rows(tag, source, lang, dialogues, seen)
        hedges += m
        turns += t
    out = Path(out_dir)
    for name, data in (("hedges_draft.jsonl", hedges), ("turns_draft.jsonl", turns)):
        (out / name).write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in data), encoding="utf-8"
        )


if __name__ == "__main__":
    main(*sys.argv[1:5])
