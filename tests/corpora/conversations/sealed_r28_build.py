"""Rebuild the rows of sealed round 28 from its two sources, keeping the hand labels.

Usage: ``python sealed_r28_build.py AGENTUNE_GIT RL_GIT``.

- ``AGENTUNE_GIT``: a clone (or ``fetch`` mirror) of SparkBeyond/agentune. At ``AGENTUNE_COMMIT``,
  ``AGENTUNE_JSON`` holds 50 "PC Support" helpdesk conversations (an LLM support agent and an
  LLM-simulated customer: VPN drops, printers, slow laptops, e-mail sync, Wi-Fi) and
  ``AGENTUNE_CSV`` 47 conversations of the same generator, most of them the same ones; both are read,
  the CSV's conversations after the JSON's, and a text already taken is not taken again. No tool
  result is recorded, so every English message row has ``latest_result`` "". Every message row's ``user``
  is the last customer (or member) message before it in its conversation (``""`` when none; session 32).
- ``RL_GIT``: a clone (or ``fetch`` mirror) of Yanjinrun/RL. At ``RL_COMMIT``, ``RL_FILE`` holds 500
  Chinese conversations between an LLM health-management assistant of a paid diabetes-care service
  and an LLM-simulated member (the patient); each assistant message also carries the model's
  ``thinking``, which is left out (only ``content`` is the message). No tool is called.

Rows are drawn by a fixed seed (``SEED``) from the messages' places, never by reading them, except
that half of each language's message rows come from messages holding a word of the script's own list
of uncertainty words (``EN_CUES``, ``ZH_CUES``; not projeval's detector): most of both sources'
messages are instructions and reassurance, and the set should hold enough hedges to measure. The user
turns are drawn by the seed from all turns. A text shorter than ``MIN_CHARS`` or longer than
``MAX_CHARS`` is skipped, and a text that another file of this folder holds is dropped (the sealed
files of rounds 23 to 29 are not opened).

Writes ``hedges_sealed_r28.jsonl`` and ``turns_sealed_r28.jsonl`` beside this script. When they
already exist, the hand-written ``hedge`` / ``label`` and ``note`` of each row are kept by ``id``.
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

AGENTUNE = "SparkBeyond/agentune"
AGENTUNE_COMMIT = "edf1959f03e640f85444da6552dfa0c72f665c05"
AGENTUNE_JSON = "agentune_simulate/tests/simulate/data/example_conversation_data.json"
AGENTUNE_CSV = "agentune_simulate/examples/data/sample_conversations.csv"
RL = "Yanjinrun/RL"
RL_COMMIT = "83d290310517af302b74c33e04ece906935d95d0"
RL_FILE = "dialogues/all_dialogues_assistant_thinking.jsonl"
SEED = 2828
PER_LANG = 150
MIN_CHARS = 30
MAX_CHARS = 1500
HERE = Path(__file__).parent
HEDGES = HERE / "hedges_sealed_r28.jsonl"
TURNS = HERE / "turns_sealed_r28.jsonl"
#: Files never opened: the sealed rounds (this round's own files are read only for their labels).
SEALED = re.compile(r"sealed_r(23|24b|25|26|27|28|29)")
EN_CUES = re.compile(
    r"\b(might|may|maybe|perhaps|possibl[ey]|probabl[ey]|likely|seems?|appears?|could be|"
    r"not sure|unsure|unclear|unable|can't|cannot|don't have|guess|assume|suspect|typically|"
    r"usually|sounds like|looks like)\b",
    re.IGNORECASE,
)
ZH_CUES = re.compile(
    r"可能|也许|或许|似乎|估计|大概|应该|提示|考虑|不确定|说不准|不一定|看起来|好像|通常|一般|多半|未必"
)


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def known_texts() -> set[str]:
    """Texts the other, unsealed files of this folder hold."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if SEALED.search(path.name):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def fits(text: str, seen: set[str]) -> bool:
    """Whether a text is long enough, short enough and not held elsewhere."""
    return MIN_CHARS <= len(text) <= MAX_CHARS and text not in seen


def agentune_conversations(git: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """(place prefix, [(sender, text)]) of every conversation, the JSON's first."""
    out: list[tuple[str, list[tuple[str, str]]]] = []
    data = json.loads(show(git, AGENTUNE_COMMIT, AGENTUNE_JSON))
    for c, conv in enumerate(data["conversations"]):
        out.append(
            (
                f"{AGENTUNE_JSON}#{c}",
                [(m["sender"], m["content"].strip()) for m in conv["messages"]],
            )
        )
    rows = list(csv.DictReader(io.StringIO(show(git, AGENTUNE_COMMIT, AGENTUNE_CSV))))
    by_id: dict[str, list[tuple[str, str]]] = {}
    for row in rows:
        by_id.setdefault(row["conversation_id"], []).append((row["sender"], row["content"].strip()))
    for conv_id, items in by_id.items():
        out.append((f"{AGENTUNE_CSV}#{conv_id}", items))
    return out


def rl_conversations(git: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """(place prefix, [(role, content)]) of every conversation, thinking left out."""
    out: list[tuple[str, list[tuple[str, str]]]] = []
    for n, line in enumerate(show(git, RL_COMMIT, RL_FILE).splitlines()):
        if line.strip():
            d = json.loads(line)
            out.append(
                (
                    f"{RL_FILE}#{n}",
                    [(m["role"], (m.get("content") or "").strip()) for m in d["dialogue_history"]],
                )
            )
    return out


def candidates(
    convs: list[tuple[str, list[tuple[str, str]]]], agent: str, user: str
) -> tuple[list[dict], list[dict]]:
    """Every agent message and user turn with its place, the turn with the agent's message before it."""
    messages: list[dict] = []
    turns: list[dict] = []
    for prefix, items in convs:
        previous = asker = ""
        for m, (role, text) in enumerate(items):
            if role == agent:
                messages.append({"path": f"{prefix}/{m}", "text": text, "user": asker})
                previous = text
            elif role == user:
                asker = text
                turns.append(
                    {
                        "path": f"{prefix}/{m}",
                        "text": text,
                        "previous": previous,
                        "asked": previous.endswith(("?", "？")),
                    }
                )
    return messages, turns


def draw(pool: list[dict], want: int, seen: set[str], rng: random.Random) -> list[dict]:
    """Up to ``want`` rows of the pool in the seed's order, each text once."""
    order = list(range(len(pool)))
    rng.shuffle(order)
    out: list[dict] = []
    for i in order:
        if len(out) == want:
            break
        text = pool[i]["text"]
        if fits(text, seen):
            seen.add(text)
            out.append(pool[i])
    return out


def language_rows(
    convs: list[tuple[str, list[tuple[str, str]]]],
    roles: tuple[str, str],
    cues: re.Pattern[str],
    seen: set[str],
    rng: random.Random,
) -> tuple[list[dict], list[dict]]:
    """One language's message rows (half with a cue word) and turn rows."""
    messages, turns = candidates(convs, *roles)
    with_cue = [m for m in messages if cues.search(m["text"])]
    cued = draw(with_cue, PER_LANG // 2, seen, rng)
    rest = draw(messages, PER_LANG - len(cued), seen, rng)
    return cued + rest, draw(turns, PER_LANG, seen, rng)


def old_labels(path: Path, fields: tuple[str, ...]) -> dict[str, dict]:
    """The hand-written fields of this round's existing rows, by id."""
    if not path.exists():
        return {}
    out: dict[str, dict] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            out[row["id"]] = {k: row[k] for k in fields if k in row}
    return out


def main(agentune_git: str, rl_git: str) -> None:
    """Write the two files, keeping labels by id."""
    seen = known_texts()
    rng = random.Random(SEED)
    en_m, en_t = language_rows(
        agentune_conversations(agentune_git), ("agent", "customer"), EN_CUES, seen, rng
    )
    zh_m, zh_t = language_rows(rl_conversations(rl_git), ("assistant", "user"), ZH_CUES, seen, rng)
    hedge_rows: list[dict] = []
    turn_rows: list[dict] = []
    for source, commit, lang, tag, msgs, trns in (
        (AGENTUNE, AGENTUNE_COMMIT, "en", "pc", en_m, en_t),
        (RL, RL_COMMIT, "zh", "rl", zh_m, zh_t),
    ):
        base = {"source": source, "commit": commit, "lang": lang}
        for i, m in enumerate(sorted(msgs, key=lambda r: r["path"])):
            hedge_rows.append(
                {
                    "id": f"s28-{tag}-{i:03d}",
                    **base,
                    "path": m["path"],
                    "kind": "message",
                    "text": m["text"],
                    "latest_result": "",
                    "user": m["user"],
                }
            )
        for i, t in enumerate(sorted(trns, key=lambda r: r["path"])):
            turn_rows.append({"id": f"s28-{tag}-t{i:03d}", **base, **t})
    for path, rows, fields in (
        (HEDGES, hedge_rows, ("hedge", "note")),
        (TURNS, turn_rows, ("label", "note")),
    ):
        kept = old_labels(path, fields)
        with path.open("w", encoding="utf-8") as out:
            for row in rows:
                row.update(kept.get(row["id"], {}))
                out.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:3])
