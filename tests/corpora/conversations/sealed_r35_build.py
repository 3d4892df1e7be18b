"""Rebuild the unlabelled rows of sealed round 35 (``hedges_sealed_r35.jsonl``, ``turns_sealed_r35.jsonl``).

Usage: ``python sealed_r35_build.py ASIM_GIT MONISH_GIT SAITEJA_GIT HEDGES_OUT TURNS_OUT`` (each ``*_GIT`` a clone or
``fetch`` mirror; every file is read with ``git show`` at the commit below).

All three repositories are candidates' submissions to the Pretty Good AI engineering challenge: a voice bot that phones
the company's test line and plays a patient, so that the company's LLM voice agent (the receptionist of a demo
orthopaedic practice, "PivotPoint Orthopedics, part of Pretty Good AI", which looks the caller up by phone number and
date of birth, schedules, reschedules and cancels appointments, takes refill requests and answers questions about
the office) can be tested. Each call's two sides are speech transcribed to text; the clinic agent's turns are its
LLM's replies as the transcriber heard them (sometimes cut off), the caller's turns an LLM's (the candidate's
patient bot, given a scenario and a persona) or, in the third repository, the candidate's scripted lines. No tool
call or result of the clinic agent is recorded.

- ``ASIM`` (``am``): asimMahat/Voicebot_Pretty_Good_AI, ``transcripts/<scenario>/<time>_<scenario>.json`` (34 calls;
  patient lines by GPT-4o-mini; ``messages`` with ``speaker`` ``agent`` = the clinic, ``bot`` = the patient).
- ``MONISH`` (``mk``): monishkumardhanasekar/voice-agent, ``transcripts/<call id>.json`` (16 Vapi calls; the patient
  is a Vapi assistant; ``turns`` with ``speaker`` ``clinic`` / ``patient``).
- ``SAITEJA`` (``sq``): saitejareddi3636/pgai-voice-qa-bot, ``runs/<run>/transcripts/transcript.md`` (a scripted
  patient reads four fixed lines per scenario, whatever the agent says; the agent's replies transcribed per turn).
  Only the runs from ``FIRST_RUN`` on are taken: the five before it (18 Feb 2026, 16:30-16:47) reached a person or
  recorded transcription noise ("[empty]", text in other scripts), not the clinic agent. ``[empty]`` turns are
  skipped.

Hedge rows (``kind`` ``message``): every clinic turn with text, in call order (files sorted by path). No tool result
is recorded, so ``latest_result`` is ``""`` and there are no ``records``; ``user`` is the last patient turn before
the message in its call (``""`` when none). Turn rows: every patient turn of the same calls; ``previous`` the clinic
turn before it (``""`` when the patient speaks first), ``asked`` whether ``previous`` ends with a question mark. A
row's ``path`` is ``<file>#<n>``, ``n`` counting the call's turns from 0.

No row is drawn or skipped by any cue. Texts shorter than ``MIN_CHARS`` are skipped, a text already taken is not
taken again, and a text another unsealed file of this folder holds is dropped. If an output file exists, its
hand-written ``hedge`` / ``label`` and ``note`` are kept by ``id``. The labels were written by hand with
GUIDELINE.md before any projeval detector or classifier ran on the rows. The still-sealed files (rounds 23, 24b, 25,
26) are never opened (not even to check for overlap).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ASIM = ("asimMahat/Voicebot_Pretty_Good_AI", "5843469cef6bb6c486ce1284de53fdccaa2d3db8")
MONISH = ("monishkumardhanasekar/voice-agent", "7bf573016b871ef3db70e09a706ca9d56d6021a5")
SAITEJA = ("saitejareddi3636/pgai-voice-qa-bot", "4267ab0d44a647aea649c7ec2189ef8f3b12fbff")
FIRST_RUN = "runs/run_20260218_171112/"
MIN_CHARS = 2
# still sealed (never opened) and this round itself
SEALED_ROUNDS = ("sealed_r23", "sealed_r24b", "sealed_r25", "sealed_r26", "sealed_r35")
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> bytes:
    """A file's bytes at a commit."""
    done = subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, check=True
    )
    return done.stdout


def files(git: str, commit: str) -> list[str]:
    """Every file at a commit, sorted by path."""
    done = subprocess.run(
        ["git", "-C", git, "ls-tree", "-r", "--name-only", commit],
        capture_output=True,
        check=True,
        text=True,
    )
    return sorted(done.stdout.splitlines())


def transcripts(git: str, commit: str) -> list[str]:
    """The call transcripts (JSON) at a commit, sorted by path."""
    return [p for p in files(git, commit) if p.startswith("transcripts/") and p.endswith(".json")]


def folder_texts() -> set[str]:
    """Texts the other (unsealed) files of this folder hold."""
    out: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if any(s in path.name for s in SEALED_ROUNDS):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    out.add(text.strip())
    return out


def asked(previous: str) -> bool:
    """Whether the clinic turn before the patient's ends with a question mark."""
    return previous.rstrip().endswith("?")


def asim_events(git: str) -> Iterator[tuple[str, str, str]]:
    """(file, role, text) of every turn of asimMahat's calls, in order."""
    for path in transcripts(git, ASIM[1]):
        for m in json.loads(show(git, ASIM[1], path))["messages"]:
            role = "assistant" if m["speaker"] == "agent" else "user"
            yield path, role, " ".join(str(m.get("text") or "").split())


def monish_events(git: str) -> Iterator[tuple[str, str, str]]:
    """(file, role, text) of every turn of monishkumardhanasekar's calls, in order."""
    for path in transcripts(git, MONISH[1]):
        for m in json.loads(show(git, MONISH[1], path))["turns"]:
            role = "assistant" if m["speaker"] == "clinic" else "user"
            yield path, role, " ".join(str(m.get("text") or "").split())


def saiteja_events(git: str) -> Iterator[tuple[str, str, str]]:
    """(file, role, text) of every turn of saitejareddi3636's runs from FIRST_RUN on, in order."""
    runs = [
        p
        for p in files(git, SAITEJA[1])
        if p.startswith("runs/run_") and p.endswith("/transcripts/transcript.md") and p >= FIRST_RUN
    ]
    for path in runs:
        speaker = ""
        lines: list[str] = []
        blocks: list[tuple[str, str]] = []
        for line in show(git, SAITEJA[1], path).decode("utf-8").splitlines():
            if line in ("Patient:", "Agent:") or line.startswith(("## ", "Recording:")):
                if speaker:
                    blocks.append((speaker, " ".join(" ".join(lines).split())))
                speaker = (
                    line[:-1] if line.endswith(":") and not line.startswith("Recording") else ""
                )
                lines = []
            elif speaker:
                lines.append(line)
        if speaker:
            blocks.append((speaker, " ".join(" ".join(lines).split())))
        for who, text in blocks:
            if text and text != "[empty]":
                yield path, "assistant" if who == "Agent" else "user", text


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


def main(asim_git: str, monish_git: str, saiteja_git: str, hedges_out: str, turns_out: str) -> None:
    """Take the rows and write them (labels kept from existing outputs)."""
    taken = folder_texts()
    hedges: list[dict] = []
    turns: list[dict] = []
    sources = (
        ("am", ASIM[0], ASIM[1], asim_events(asim_git)),
        ("mk", MONISH[0], MONISH[1], monish_events(monish_git)),
        ("sq", SAITEJA[0], SAITEJA[1], saiteja_events(saiteja_git)),
    )
    for tag, repo, commit, events in sources:
        count = [0, 0]
        # the call, its last user text and its last assistant text
        last: tuple[str, str, str] = ("", "", "")
        n = 0
        for call, role, text in events:
            if call != last[0]:
                last, n = (call, "", ""), 0
            else:
                n += 1
            fresh = len(text) >= MIN_CHARS and text not in taken
            if fresh:
                taken.add(text)
            where = f"{call}#{n}"
            if role == "assistant":
                if fresh:
                    hedges.append(
                        {
                            "id": f"s35-{tag}-{count[0]:03d}",
                            "source": repo,
                            "commit": commit,
                            "path": where,
                            "lang": "en",
                            "kind": "message",
                            "text": text,
                            "latest_result": "",
                            "user": last[1],
                        }
                    )
                    count[0] += 1
                last = (call, last[1], text)
            else:
                if fresh:
                    turns.append(
                        {
                            "id": f"s35-{tag}-t{count[1]:03d}",
                            "source": repo,
                            "commit": commit,
                            "lang": "en",
                            "path": where,
                            "text": text,
                            "previous": last[2],
                            "asked": asked(last[2]),
                        }
                    )
                    count[1] += 1
                last = (call, text, last[2])
    keep_labels(hedges_out, hedges, ("hedge", "note"))
    keep_labels(turns_out, turns, ("label", "note"))


if __name__ == "__main__":
    main(*sys.argv[1:6])
