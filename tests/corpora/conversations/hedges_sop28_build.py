"""Rebuild the unlabelled rows of ``hedges_sop28.jsonl`` and ``turns_sop28.jsonl`` (session 28).

Usage: ``python hedges_sop28_build.py SOPBENCH_GIT HEDGES_OUT TURNS_OUT`` (a clone or ``fetch``
mirror of arpitg1991/SOPBench). Writes the rows without their labels: ``hedge`` / ``label`` and
``note`` were written by hand with GUIDELINE.md afterwards, and committed before any detector,
benchmark or ``projeval`` command ran on the rows.

Source: SOPBench's recorded function-calling runs of four models (GPT-4.1, GPT-4o, Claude 3.5
Sonnet, o4-mini-high) in five service domains (bank, DMV, health insurance, library, university),
``output/<domain>/ast_<model>-mode_fc-dep_full-fmt_structured-tool_full-shuffle_False.json`` at
``COMMIT``. Each run holds one LLM-simulated user's request, the assistant's calls and texts and the
tool results; the user's later turns are stock nudges and a templated JSON dump of the user's
values, so only each interaction's opening request is a turn written by the simulator.

Hedge rows: one assistant text (a reply, or the text written beside a call) with ``latest_result``,
the content of the last tool result before it in its interaction (``""`` when none came before it,
cut at 1,500 characters) and ``user``, the last user message before it in its interaction (``""`` when
none; session 32). Per domain and model ``PER_CELL`` texts are drawn by ``SEED``: half from
the texts that hold a word of ``CUES`` (an English list of uncertainty words written for this
draw, not projeval's detector), half from the rest; a cell short of texts is filled from the same
domain's other models. Texts shorter than ``MIN_CHARS`` or longer than ``MAX_CHARS`` are skipped, a
text drawn once is not drawn again, and a text that a row of another unsealed file of this folder
holds (``hedges_sim24.jsonl`` drew from the same repository) is dropped. Sealed files are never
opened.

Most of the first draw's cue words turned out to be softeners before what a check's result states
(7 hedges in 300 rows, read before this second draw was added), so ``PER_DOMAIN_STRONG`` more texts
per domain (ids ``sop28-<domain>-sNN``) are drawn from the not yet drawn texts that hold a word of
``STRONG`` (modals and adverbs of likelihood, assumptions, "indicates", "suggests").

Turn rows: the opening user message of an interaction, ``previous`` ``""`` and ``asked`` false;
``N_TURNS`` drawn by ``SEED`` over the five domains, a text held by another unsealed file skipped.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

SOURCE = "arpitg1991/SOPBench"
COMMIT = "f4a86fe5e838aced7a0a7f46025e61fd2c033f09"
DOMAINS = ("bank", "dmv", "healthcare", "library", "university")
MODELS = ("gpt-4.1", "gpt-4o", "claude-3-5-sonnet-20241022", "o4-mini-high")
SEED = 2828
PER_CELL = 15
N_TURNS = 150
MIN_CHARS = 30
MAX_CHARS = 1500
CUES = re.compile(
    r"\b(seem\w*|appear\w*|look(?:s|ed)? like|likely|probabl\w+|possibl\w+|perhaps|maybe|might|may|"
    r"could|would|assum\w+|suppos\w+|presum\w+|unclear|not sure|uncertain|unable|can't|cannot|"
    r"couldn't|wasn't able|not (?:available|found|able|recorded|listed)|no record|approximately|"
    r"around|roughly|estimat\w+|expect\w*|suggest\w*|indicat\w+|guess\w*|I think|I believe|"
    r"typically|usually|generally|apparently|unfortunately|unknown|not certain)\b",
    re.I,
)
PER_DOMAIN_STRONG = 15
STRONG = re.compile(
    r"\b(might|possibl\w+|probabl\w+|likely|perhaps|maybe|presum\w+|assum\w+|suppos\w+|not sure|"
    r"unsure|unclear|uncertain|I think|I believe|guess\w*|estimat\w+|approximately|"
    r"could (?:be|mean|indicate)|may (?:be|have|not)|might (?:be|have|not)|(?:seems?|appears?) to be|"
    r"suggest\w*|indicat\w+)\b",
    re.I,
)
SEALED = re.compile(r"sealed_r(23|24b|25|26|27|28|29)")
HERE = Path(__file__).parent


def run_path(domain: str, model: str) -> str:
    """One model's function-calling runs in one domain."""
    return (
        f"output/{domain}/ast_{model}-mode_fc-dep_full-fmt_structured-tool_full-shuffle_False.json"
    )


def show(git: str, path: str) -> list[dict]:
    """A run file's tasks at the source commit (empty when the mirror lacks it)."""
    done = subprocess.run(["git", "-C", git, "show", f"{COMMIT}:{path}"], capture_output=True)
    return json.loads(done.stdout) if done.returncode == 0 else []


def folder_texts() -> set[str]:
    """Texts the other unsealed files of this folder hold."""
    out: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if SEALED.search(path.name) or "sop28" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    out.add(text.strip())
    return out


def read(git: str) -> tuple[list[dict], list[dict]]:
    """Every assistant text (with its latest result) and every opening user turn."""
    texts: list[dict] = []
    openers: list[dict] = []
    for domain in DOMAINS:
        for model in MODELS:
            path = run_path(domain, model)
            for ti, task in enumerate(show(git, path)):
                for ii, inter in enumerate(task.get("interactions") or []):
                    latest = asker = ""
                    for mi, m in enumerate(inter.get("interaction") or []):
                        if not isinstance(m, dict):
                            continue
                        where = f"{path}#{ti}/{ii}/{mi}"
                        if "tool_call_id" in m:
                            latest = str(m.get("content"))
                            continue
                        text = m.get("content")
                        if not isinstance(text, str) or not text.strip():
                            continue
                        if m.get("sender") == "user":
                            asker = text.strip()
                            if mi == 0:
                                openers.append(
                                    {"path": where, "domain": domain, "text": text.strip()}
                                )
                            continue
                        if MIN_CHARS <= len(text.strip()) <= MAX_CHARS:
                            texts.append(
                                {
                                    "path": where,
                                    "domain": domain,
                                    "model": model,
                                    "text": text.strip(),
                                    "latest_result": latest[:1500],
                                    "user": asker,
                                }
                            )
    return texts, openers


def hedge_rows(texts: list[dict], taken: set[str], rng: random.Random) -> list[dict]:
    """PER_CELL texts per domain and model, half holding a cue word."""
    pool: dict[tuple[str, str], list[dict]] = {}
    seen = set(taken)
    for m in texts:
        if m["text"] in seen:
            continue
        seen.add(m["text"])
        pool.setdefault((m["domain"], m["model"]), []).append(m)
    rows: list[dict] = []
    for domain in DOMAINS:
        picked: list[dict] = []
        short = 0
        for model in MODELS:
            cands = pool.get((domain, model), [])
            cue = [m for m in cands if CUES.search(m["text"])]
            rest = [m for m in cands if not CUES.search(m["text"])]
            half = PER_CELL // 2 + 1
            a = rng.sample(cue, min(half, len(cue)))
            b = rng.sample(rest, min(PER_CELL - half, len(rest)))
            short += PER_CELL - len(a) - len(b)
            picked += a + b
        if short:
            got = {m["text"] for m in picked}
            left = [m for mo in MODELS for m in pool.get((domain, mo), []) if m["text"] not in got]
            left_cue = [m for m in left if CUES.search(m["text"])]
            left_rest = [m for m in left if not CUES.search(m["text"])]
            extra = rng.sample(left_cue, min(short // 2 + short % 2, len(left_cue)))
            extra += rng.sample(left_rest, min(short - len(extra), len(left_rest)))
            picked += extra
        picked.sort(key=lambda m: (MODELS.index(m["model"]), m["path"]))
        for i, m in enumerate(picked):
            rows.append(
                {
                    "id": f"sop28-{domain[:4]}-{i:03d}",
                    "source": SOURCE,
                    "commit": COMMIT,
                    "path": m["path"],
                    "lang": "en",
                    "kind": "message",
                    "text": m["text"],
                    "latest_result": m["latest_result"],
                    "user": m["user"],
                }
            )
    return rows


def strong_rows(
    texts: list[dict], taken: set[str], drawn: set[str], rng: random.Random
) -> list[dict]:
    """PER_DOMAIN_STRONG more texts per domain among those holding a STRONG word."""
    seen = set(taken) | set(drawn)
    pool: dict[str, list[dict]] = {}
    for m in texts:
        if m["text"] in seen:
            continue
        seen.add(m["text"])
        if STRONG.search(m["text"]):
            pool.setdefault(m["domain"], []).append(m)
    rows: list[dict] = []
    for domain in DOMAINS:
        cands = pool.get(domain, [])
        pick = sorted(
            rng.sample(cands, min(PER_DOMAIN_STRONG, len(cands))),
            key=lambda m: (MODELS.index(m["model"]), m["path"]),
        )
        for i, m in enumerate(pick):
            rows.append(
                {
                    "id": f"sop28-{domain[:4]}-s{i:02d}",
                    "source": SOURCE,
                    "commit": COMMIT,
                    "path": m["path"],
                    "lang": "en",
                    "kind": "message",
                    "text": m["text"],
                    "latest_result": m["latest_result"],
                    "user": m["user"],
                }
            )
    return rows


def turn_rows(openers: list[dict], taken: set[str], rng: random.Random) -> list[dict]:
    """N_TURNS opening requests, spread over the domains."""
    seen = set(taken)
    by_domain: dict[str, list[dict]] = {}
    for m in openers:
        if m["text"] in seen:
            continue
        seen.add(m["text"])
        by_domain.setdefault(m["domain"], []).append(m)
    rows: list[dict] = []
    per = N_TURNS // len(DOMAINS)
    for domain in DOMAINS:
        cands = by_domain.get(domain, [])
        pick = sorted(rng.sample(cands, min(per, len(cands))), key=lambda m: m["path"])
        for i, m in enumerate(pick):
            rows.append(
                {
                    "id": f"sop28-t-{domain[:4]}-{i:03d}",
                    "source": SOURCE,
                    "commit": COMMIT,
                    "lang": "en",
                    "path": m["path"],
                    "text": m["text"],
                    "previous": "",
                    "asked": False,
                }
            )
    return rows


def write(rows: list[dict], out_file: str) -> None:
    """JSON Lines, one row a line."""
    with open(out_file, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main(git: str, hedges_out: str, turns_out: str) -> None:
    """Draw both sets and write them, unlabelled."""
    texts, openers = read(git)
    taken = folder_texts()
    rng = random.Random(SEED)
    first = hedge_rows(texts, taken, rng)
    second = strong_rows(texts, taken, {r["text"] for r in first}, rng)
    write(first + second, hedges_out)
    write(turn_rows(openers, taken, rng), turns_out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
