"""Rebuild the unlabelled rows of sealed round 20 from the two sources' git mirrors.

Usage: ``python sealed_r20_build.py MEM2SEQ_GIT MEDICAL_GIT OUT_DIR`` (clones of HLTCHKUST/Mem2Seq,
which keeps the KVRET test split, and Toyhom/Chinese-medical-dialogue-data). Writes
``hedges_draft.jsonl`` and ``turns_draft.jsonl`` to OUT_DIR: the rows of ``hedges_sealed_r20.jsonl``
and ``turns_sealed_r20.jsonl`` without their labels (``hedge``, ``label``, ``note`` were written by
hand afterwards). Dialogues are drawn by a fixed seed from their places in the files, never by their
words; a text that an earlier row of the round or a row of another file of this folder holds is
dropped (round 19's and 20's sealed files are not read).
"""

from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
from pathlib import Path

MEM2SEQ = ("HLTCHKUST/Mem2Seq", "4224ccf9e14956115cfdc98814d340d9bd7b953e")
MEDICAL = ("Toyhom/Chinese-medical-dialogue-data", "26724a4357fcd142f0cab81188cacf1a2dd8a827")
KVRET_PATH = "data/KVR/kvret_test_public.json"
MEDICAL_PATH = "样例_内科5000-6000.csv"
SEED = 20
#: KVRET test dialogues drawn (of 304), taken whole, in file order.
KVRET_DIALOGUES = 95
#: Consultations drawn (of 7,644 rows), in file order.
MEDICAL_ROWS = 115
HERE = Path(__file__).parent

#: (role "user"/"agent", text, place in the file, latest result before it)
Dialogue = list[tuple[str, str, str, str]]


def show(git: str, commit: str, path: str) -> bytes:
    """A file's bytes at a commit."""
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, check=True
    ).stdout


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (round 19's and 20's sealed files unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if "sealed_r19" in path.name or "sealed_r20" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def kvret_dialogues(git: str) -> list[tuple[str, Dialogue]]:
    """Drawn KVRET dialogues: driver turns, and the assistant's replies with the scenario's table."""
    data = json.loads(show(git, MEM2SEQ[1], KVRET_PATH))
    drawn = sorted(random.Random(SEED).sample(range(len(data)), KVRET_DIALOGUES))
    out = []
    for index in drawn:
        item = data[index]
        kb = item["scenario"]["kb"]
        table = json.dumps(kb.get("items") or [], ensure_ascii=False) if kb.get("items") else ""
        dialogue: Dialogue = []
        for place, turn in enumerate(item["dialogue"]):
            text = turn["data"].get("utterance") or ""
            if not text.strip():
                continue
            role = "user" if turn["turn"] == "driver" else "agent"
            dialogue.append((role, text, str(place), table if role == "agent" else ""))
        out.append((f"{KVRET_PATH}#{index}", dialogue))
    return out


def medical_dialogues(git: str) -> list[tuple[str, Dialogue]]:
    """Drawn consultations: the patient's ``ask``, then the doctor's ``answer`` (no result)."""
    text = show(git, MEDICAL[1], MEDICAL_PATH).decode("gb18030")
    rows = list(csv.DictReader(io.StringIO(text)))
    drawn = sorted(random.Random(SEED).sample(range(len(rows)), MEDICAL_ROWS))
    out = []
    for index in drawn:
        row = rows[index]
        dialogue: Dialogue = [
            ("user", row["ask"], "ask", ""),
            ("agent", row["answer"], "answer", ""),
        ]
        out.append((f"{MEDICAL_PATH}#{index}", dialogue))
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
            repeat = text in seen
            seen.add(text)
            base = {"source": source[0], "path": f"{path}/{place}", "commit": source[1]}
            if role == "agent":
                if not repeat:
                    messages.append(
                        {
                            "id": f"s20-{tag}-{len(messages):03d}",
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
                        "id": f"s20-{tag}-t{len(turns):03d}",
                        **base,
                        "lang": lang,
                        "text": text,
                        "previous": previous,
                        "asked": asked,
                    }
                )
    return messages, turns


def main(mem2seq_git: str, medical_git: str, out_dir: str) -> None:
    """Write the draft rows of the two sources."""
    seen = known_texts()
    hedges: list[dict] = []
    turns: list[dict] = []
    for tag, source, lang, dialogues in (
        ("kv", MEM2SEQ, "en", kvret_dialogues(mem2seq_git)),
        ("md", MEDICAL, "zh", medical_dialogues(medical_git)),
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
    main(*sys.argv[1:4])
