"""Rebuild the unlabelled rows of sealed round 18 from the three sources' git mirrors.

Usage: ``python sealed_r18_build.py DUAL_GIT ZHONGJING_GIT SPADE_GIT OUT_DIR`` (clones of
thewyveo/dual-LLM-dialogue, SupritYoung/Zhongjing and AngieYYF/SPADE-customer-service-dialogue).
Writes ``hedges_draft.jsonl`` and ``turns_draft.jsonl`` to OUT_DIR: the rows of
``hedges_sealed_r18.jsonl`` and ``turns_sealed_r18.jsonl`` without their labels (``hedge``,
``label``, ``note`` were written by hand afterwards). Rows are taken by their place in the files,
never by their words; a text that an earlier row of the round or a row of another file of this
folder holds is dropped (round 17's sealed files are not read).
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

DUAL = ("thewyveo/dual-LLM-dialogue", "30f6119db17baad021034ed79cd4a24e47758936")
ZHONGJING = ("SupritYoung/Zhongjing", "a105934245c265b84f77dbb070b568e2a79688b4")
SPADE = ("AngieYYF/SPADE-customer-service-dialogue", "7e4f507eef5acd19abad877ebdac58f93d196c73")
#: The hotel assistant's runs: both personas, both assistant variants, runs 0, 4, ..., 16.
DUAL_RUNS = [
    f"logs/individual_logs/conv_{persona}_{variant}_{n}.json"
    for variant in ("prompt", "peft")
    for persona in ("explorer", "minimalist")
    for n in range(0, 20, 4)
]
#: CMtMedQA's multi-turn items (those with a ``history``) at positions 0, 40, ..., 960.
ZHONGJING_STRIDE = 40
#: SPADE's end-to-end GPT-3.5 system / GPT-3.5 user dialogues 0, 25, 50, ...
SPADE_STRIDE = 25
HERE = Path(__file__).parent

Dialogue = list[tuple[str, str, str]]  # (role "user"/"agent", text, place in the file)


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (round 17's and 18's sealed files unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if "sealed_r17" in path.name or "sealed_r18" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def dual_dialogues(git: str) -> list[tuple[str, Dialogue]]:
    """The hotel assistant's runs as (path, dialogue)."""
    out = []
    for path in DUAL_RUNS:
        history = json.loads(show(git, DUAL[1], path))["history"]
        dialogue = [
            ("user" if m["role"] == "user" else "agent", m["content"], str(i))
            for i, m in enumerate(history)
            if m.get("content")
        ]
        out.append((path, dialogue))
    return out


def zhongjing_dialogues(git: str) -> list[tuple[str, Dialogue]]:
    """CMtMedQA items at the stride: each history pair, then the item's last question and answer."""
    items = [x for x in json.loads(show(git, ZHONGJING[1], "data/CMtMedQA_test.json"))]
    out = []
    for index, item in enumerate(items):
        if "history" not in item or index % ZHONGJING_STRIDE:
            continue
        pairs = [*item["history"], [item["instruction"], item["output"]]]
        dialogue: Dialogue = []
        for k, (question, answer) in enumerate(pairs):
            dialogue.append(("user", question, str(k)))
            dialogue.append(("agent", answer, str(k)))
        out.append((f"data/CMtMedQA_test.json#{index}", dialogue))
    return out


def spade_dialogues(git: str) -> list[tuple[str, Dialogue]]:
    """SPADE's end-to-end dialogues at the stride, split on their ``user:`` / ``system:`` lines."""
    text = show(git, SPADE[1], "dataset/E2E_Convo_gpt_gpt.csv")
    out = []
    for row in csv.DictReader(io.StringIO(text)):
        number = int(row["dia_no"])
        if number % SPADE_STRIDE:
            continue
        dialogue: Dialogue = []
        for line in row["dia"].splitlines():
            for prefix, role in (("user:", "user"), ("system:", "agent")):
                if line.startswith(prefix):
                    dialogue.append((role, line[len(prefix) :].strip(), str(len(dialogue))))
                    break
            else:
                if dialogue and line.strip():
                    role, said, place = dialogue[-1]
                    dialogue[-1] = (role, f"{said}\n{line.strip()}", place)
        out.append((f"dataset/E2E_Convo_gpt_gpt.csv#{number}", dialogue))
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
        for role, text, place in dialogue:
            text = text.strip()
            repeat = text in seen
            seen.add(text)
            base = {"source": source[0], "path": f"{path}/{place}", "commit": source[1]}
            if role == "agent":
                if not repeat:
                    messages.append(
                        {
                            "id": f"s18-{tag}-{len(messages):03d}",
                            **base,
                            "lang": lang,
                            "kind": "message",
                            "text": text,
                            "latest_result": "",
                        }
                    )
                previous = text
            elif not repeat:
                asked = previous.rstrip().endswith(("?", "？"))
                turns.append(
                    {
                        "id": f"s18-{tag}-t{len(turns):03d}",
                        **base,
                        "lang": lang,
                        "text": text,
                        "previous": previous,
                        "asked": asked,
                    }
                )
    return messages, turns


def main(dual_git: str, zhongjing_git: str, spade_git: str, out_dir: str) -> None:
    """Write the draft rows of the three sources."""
    seen = known_texts()
    hedges: list[dict] = []
    turns: list[dict] = []
    for tag, source, lang, dialogues in (
        ("hd", DUAL, "en", dual_dialogues(dual_git)),
        ("sp", SPADE, "en", spade_dialogues(spade_git)),
        ("cm", ZHONGJING, "zh", zhongjing_dialogues(zhongjing_git)),
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
