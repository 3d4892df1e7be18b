"""Rebuild the unlabelled rows of ``hedges_sim24.jsonl`` from a git mirror of SOPBench.

Usage: ``python hedges_sim24_build.py SOPBENCH_GIT OUT_FILE`` (a clone of arpitg1991/SOPBench).
Writes the rows of ``hedges_sim24.jsonl`` without their labels (``hedge`` and ``note`` were
written by hand afterwards, before any detector ran on the rows). Session 24's set of tool-using
service agents talking with a simulated user: SOPBench's recorded runs (``output/<domain>/*.json``)
of bank, DMV, healthcare-insurance, library, online-market and university assistants (GPT-4o,
GPT-4.1, o1/o4-mini, Claude 3.5/3.7, Gemini, Llama 3.1, Qwen 2.5 and DeepSeek-R1, function calling
and ReAct, with cooperative and adversarial users). Each row is one assistant message with text
(a reply to the user, or the text a ReAct or thinking agent writes beside its call) read with
``latest_result``, the content of the last tool result before it in the conversation, and ``user``, the
last user message before it (``""`` when none; session 32).

Messages are drawn by a fixed seed; half of each domain's draw comes from the messages that hold a
word of ``CUES`` (a list of English uncertainty words written for this draw, not projeval's
detector) so that the set holds enough hedges to measure, half from the rest. Most cue words here
turned out to be softeners before what a result states, so a second draw of ``PER_DOMAIN_STRONG``
rows per domain (ids ``sim24-<domain>-sNN``) comes from the not yet drawn messages that hold a word
of ``STRONG`` (modals and adverbs of likelihood, assumptions). A text drawn once is
not drawn again, texts shorter than ``MIN_CHARS`` or longer than ``MAX_CHARS`` are skipped, and a
text that a row of another file of this folder holds is dropped. The sealed files of rounds 23-26
are never opened.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

SOURCE = ("arpitg1991/SOPBench", "f4a86fe5e838aced7a0a7f46025e61fd2c033f09")
SEED = 2424
PER_DOMAIN = {
    "bank": 60,
    "dmv": 60,
    "healthcare": 60,
    "library": 60,
    "university": 60,
    "online_market": 30,
}
MIN_CHARS = 40
MAX_CHARS = 1200
CUES = re.compile(
    r"\b(seems?|appears?|apparently|likely|unlikely|probably|possibly|perhaps|maybe|might|may|could|"
    r"should|presumably|assum\w+|not sure|unsure|unclear|uncertain|unable to|couldn't|could not|"
    r"cannot|don't have|do not have|no information|not available|approximately|about \d|around \d|"
    r"roughly|typically|usually|generally|I think|I believe|guess|estimate)\b",
    re.I,
)
PER_DOMAIN_STRONG = 16
STRONG = re.compile(
    r"\b(might|possibly|probably|likely|perhaps|maybe|presumably|assum\w+|not sure|unsure|unclear|"
    r"uncertain|I think|I believe|guess|estimate|could be|may be|may have|might have|appears to be|"
    r"seems to be)\b",
    re.I,
)
SEALED = ("sealed_r23", "sealed_r24", "sealed_r25", "sealed_r26")
HERE = Path(__file__).parent


def show(git: str, path: str) -> bytes:
    """A file's bytes at the source commit (empty when the mirror lacks it)."""
    done = subprocess.run(["git", "-C", git, "show", f"{SOURCE[1]}:{path}"], capture_output=True)
    return done.stdout if done.returncode == 0 else b""


def folder_texts() -> set[str]:
    """Texts the other files of this folder hold (the sealed files of rounds 23-26 unopened)."""
    out: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if any(s in path.name for s in SEALED) or path.name == "hedges_sim24.jsonl":
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    out.add(text.strip())
    return out


def messages(git: str) -> list[dict]:
    """Every assistant text of the runs, in file order, with its latest tool result."""
    listing = subprocess.run(
        ["git", "-C", git, "ls-tree", "-r", "--name-only", SOURCE[1], "output"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    out: list[dict] = []
    for path in sorted(listing):
        raw = show(git, path)
        if not raw:
            continue
        try:
            runs = json.loads(raw)
        except ValueError:
            continue
        for ti, task in enumerate(runs):
            for ii, inter in enumerate(task.get("interactions") or []):
                latest = asker = ""
                for mi, m in enumerate(inter.get("interaction") or []):
                    if not isinstance(m, dict):
                        continue
                    if "tool_call_id" in m:
                        latest = str(m.get("content"))
                        continue
                    if m.get("sender") == "user":
                        asker = str(m.get("content") or "").strip()
                        continue
                    text = m.get("content")
                    if isinstance(text, str) and MIN_CHARS <= len(text.strip()) <= MAX_CHARS:
                        out.append(
                            {
                                "path": f"{path}#{ti}/{ii}/{mi}",
                                "domain": path.split("/")[1],
                                "text": text.strip(),
                                "latest_result": latest,
                                "user": asker,
                            }
                        )
    return out


def main(git: str, out_file: str) -> None:
    """Draw the rows and write them, unlabelled."""
    taken = folder_texts()
    pool: dict[str, list[dict]] = {}
    for m in messages(git):
        if m["text"] in taken:
            continue
        taken.add(m["text"])
        pool.setdefault(m["domain"], []).append(m)
    rng = random.Random(SEED)
    rows: list[dict] = []
    for domain, n in PER_DOMAIN.items():
        cands = pool.get(domain, [])
        cue = [m for m in cands if CUES.search(m["text"])]
        rest = [m for m in cands if not CUES.search(m["text"])]
        pick = rng.sample(cue, min(n // 2, len(cue))) + rng.sample(rest, min(n - n // 2, len(rest)))
        pick.sort(key=lambda m: m["path"])
        for i, m in enumerate(pick):
            rows.append(
                {
                    "id": f"sim24-{domain[:4]}-{i:03d}",
                    "source": SOURCE[0],
                    "commit": SOURCE[1],
                    "path": m["path"],
                    "lang": "en",
                    "kind": "message",
                    "text": m["text"],
                    "latest_result": m["latest_result"][:1500],
                    "user": m["user"],
                }
            )
    drawn = {r["text"] for r in rows}
    for domain in PER_DOMAIN:
        strong = [
            m for m in pool.get(domain, []) if m["text"] not in drawn and STRONG.search(m["text"])
        ]
        pick = rng.sample(strong, min(PER_DOMAIN_STRONG, len(strong)))
        pick.sort(key=lambda m: m["path"])
        for i, m in enumerate(pick):
            rows.append(
                {
                    "id": f"sim24-{domain[:4]}-s{i:02d}",
                    "source": SOURCE[0],
                    "commit": SOURCE[1],
                    "path": m["path"],
                    "lang": "en",
                    "kind": "message",
                    "text": m["text"],
                    "latest_result": m["latest_result"][:1500],
                    "user": m["user"],
                }
            )
    with open(out_file, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
