"""Rebuild the unlabelled rows of sealed round 23 from the two sources' git mirrors.

Usage: ``python sealed_r23_build.py FUNCTION_CALLING_GIT SMILE_GIT OUT_DIR`` (clones of
langtech-bsc/Function-Calling and qiuhuachuan/smile). Writes ``hedges_draft.jsonl`` and
``turns_draft.jsonl`` to OUT_DIR: the rows of ``hedges_sealed_r23.jsonl`` and
``turns_sealed_r23.jsonl`` without their labels (``hedge``, ``label``, ``note`` were written by
hand afterwards). Items are drawn by a fixed seed from their places in the files, never by their
words: an assistant message longer than ``MAX_CHARS`` is skipped (so that each row can be read whole
by hand), and a text that a row of another file of this folder holds, or that an earlier row of this
round holds, is dropped (round 22's and 23's sealed files are not read).

- Function-Calling (English): the conversations of ``data/validation.json`` whose ``lang`` is
  ``en``: a user asks, the model calls ``retrieve_context`` and reads the passage it returns
  (``from: tool``), answers, and the user goes on asking. Every text the model wrote (not its
  ``<tool_call>``) is a message; its ``latest_result`` is the last passage before it in its
  conversation. Every user message is a turn; ``previous`` is the model's text right before it.
- SmileChat (Chinese): one file per conversation in ``data/``; a seed-ordered list of files, and in
  each file one counselor message and one client turn at places the seed picks. No tool result.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

FC = ("langtech-bsc/Function-Calling", "92bf692a300f7fd58696eaef2605c971ed06678c")
FC_PATH = "data/validation.json"
SMILE = ("qiuhuachuan/smile", "9f8afc0b126049e0e8797d3719991e316dccd705")
SEED = 23
PER_SOURCE = 150
MAX_CHARS = 900
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (round 22's and 23's sealed files unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if "sealed_r22" in path.name or "sealed_r23" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def asks(text: str) -> bool:
    """Whether a message ends with a question mark (what trace analysis computes)."""
    return text.rstrip().endswith(("?", "？"))


def fc_rows(git: str, seen: set[str]) -> tuple[list[dict], list[dict]]:
    """Messages and turns of the English conversations, each list drawn by the seed."""
    data = json.loads(show(git, FC[1], FC_PATH))
    messages: list[tuple[str, str, str]] = []  # (place, text, latest result)
    turns: list[tuple[str, str, str]] = []  # (place, text, previous)
    for ci, conv in enumerate(data):
        if conv.get("lang") != "en":
            continue
        result, previous = "", ""
        for mi, m in enumerate(conv["conversations"]):
            text = str(m["value"]).strip()
            place = f"{FC_PATH}#{ci}/{mi}"
            if m["from"] == "tool":
                result = text
            elif m["from"] == "human":
                turns.append((place, text, previous))
            elif m["from"] == "gpt" and not text.startswith("<tool_call>"):
                messages.append((place, text, result))
                previous = text
    base = {"source": FC[0], "commit": FC[1], "lang": "en"}
    rng = random.Random(SEED)
    out_m: list[dict] = []
    for place, text, result in rng.sample(messages, len(messages)):
        if len(out_m) >= PER_SOURCE:
            break
        if len(text) > MAX_CHARS or text in seen:
            continue
        seen.add(text)
        out_m.append(
            {
                "id": f"s23-fc-{len(out_m):03d}",
                **base,
                "path": place,
                "kind": "message",
                "text": text,
                "latest_result": result,
            }
        )
    out_t: list[dict] = []
    for place, text, previous in rng.sample(turns, len(turns)):
        if len(out_t) >= PER_SOURCE:
            break
        if text in seen:
            continue
        seen.add(text)
        out_t.append(
            {
                "id": f"s23-fc-t{len(out_t):03d}",
                **base,
                "path": place,
                "text": text,
                "previous": previous,
                "asked": asks(previous),
            }
        )
    return out_m, out_t


def smile_rows(git: str, seen: set[str]) -> tuple[list[dict], list[dict]]:
    """One counselor message and one client turn per seed-ordered SmileChat conversation."""
    names = subprocess.run(
        ["git", "-C", git, "ls-tree", "--name-only", SMILE[1], "data/"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    names = sorted((n for n in names if n.endswith(".json")), key=lambda n: int(Path(n).stem))
    rng = random.Random(SEED)
    order = rng.sample(names, len(names))
    base = {"source": SMILE[0], "commit": SMILE[1], "lang": "zh"}
    out_m: list[dict] = []
    out_t: list[dict] = []
    for name in order:
        if len(out_m) >= PER_SOURCE and len(out_t) >= PER_SOURCE:
            break
        conv = json.loads(show(git, SMILE[1], name))
        texts = [str(m["content"]).strip() for m in conv]
        counselor = [i for i, m in enumerate(conv) if m["role"] == "counselor"]
        client = [i for i, m in enumerate(conv) if m["role"] == "client"]
        # Both places are drawn for every file, so that the seed's sequence does not depend on
        # which rows were kept.
        mi = rng.choice(counselor) if counselor else None
        ti = rng.choice(client) if client else None
        if mi is not None and len(out_m) < PER_SOURCE:
            text = texts[mi]
            if text and len(text) <= MAX_CHARS and text not in seen:
                seen.add(text)
                out_m.append(
                    {
                        "id": f"s23-sm-{len(out_m):03d}",
                        **base,
                        "path": f"{name}#{mi}",
                        "kind": "message",
                        "text": text,
                        "latest_result": "",
                    }
                )
        if ti is not None and len(out_t) < PER_SOURCE:
            text = texts[ti]
            if text and text not in seen:
                seen.add(text)
                previous = texts[ti - 1] if ti > 0 else ""
                out_t.append(
                    {
                        "id": f"s23-sm-t{len(out_t):03d}",
                        **base,
                        "path": f"{name}#{ti}",
                        "text": text,
                        "previous": previous,
                        "asked": asks(previous),
                    }
                )
    return out_m, out_t


def main(fc_git: str, smile_git: str, out_dir: str) -> None:
    """Write the draft rows of the two sources."""
    seen = known_texts()
    fm, ft = fc_rows(fc_git, seen)
    sm, st = smile_rows(smile_git, seen)
    out = Path(out_dir)
    for name, data in (("hedges_draft.jsonl", fm + sm), ("turns_draft.jsonl", ft + st)):
        (out / name).write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in data), encoding="utf-8"
        )


if __name__ == "__main__":
    main(*sys.argv[1:4])
