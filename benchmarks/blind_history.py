"""The learned user-turn model and hedge gate against the rules, blind, from git history.

    .venv/bin/python benchmarks/blind_history.py            # every unsealed round 9-35
    .venv/bin/python benchmarks/blind_history.py r33 r35    # some of them

Each sealed round was labelled in a commit of its own before any detector ran on it
(:data:`ROUNDS`), and unsealed and tuned on later. At that commit both the rules and the
shipped models were blind to the round, so measuring them there, on the round's files as
they were, says how each does on conversations nobody had tuned on: the evidence
``train_turns.py`` decides the classifier by (:data:`train_turns.BLIND_ROUNDS`).

Every round is checked out read-only (``git worktree add --detach``) under a temporary
folder, its ``evaluator/`` imported as ``projeval`` (a symlink first on ``sys.path``, with
this interpreter's libraries) in a process of its own, and measured the way that commit's
``benchmarks/bench_signals.py`` measures: turns by its ``rule_row`` (the rules) and
``model_row`` (``turn_model.json``); hedges by ``find_hedges`` with ``gate="rules"`` and
``gate="model"`` (a message is hedged when one hedge is found). Aggregates only. The sealed
rounds (:data:`train_turns.SEALED`) are never named here and never measured.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: round -> the commit that added its labelled files (``git log --diff-filter=A``). Rounds 5,
#: 6, 7, 8 and 8b were labelled before either model existed (turn model ``d955627``, hedge
#: gate ``ad1adcc``); round 11's hedges were added in ``4ed9c40``, an ancestor of ``42167b7``
#: with the file unchanged between them.
ROUNDS: dict[str, str] = {
    "r9": "2113a70",
    "r9b": "2056438",
    "r10": "9cf8d15",
    "r10b": "4f48635",
    "r11": "42167b7",
    "r12": "1083064",
    "r13": "dd3e68f",
    "r15": "5a102d6",
    "r16": "49476e0",
    "r17": "6c6f21c",
    "r18": "ced35c9",
    "r19": "039b6e6",
    "r20": "2c62329",
    "r21": "f83f441",
    "r22": "6ed6c3d",
    "r24": "a9fbca4",
    "r27": "5aec40a",
    "r28": "d56639e",
    "r29": "6208495",
    "r30": "c246a2e",
    "r31": "7d123e9",
    "r32": "47e8197",
    "r33": "5c14b48",
    "r34": "ef772b9",
    "r35": "a80f040",
}

# Run inside the checked-out commit's process: argv = worktree, package folder, round.
_MEASURE = r"""
import inspect, json, sys
wt, pkg, rnd = sys.argv[1:4]
sys.path[:0] = [pkg, wt + "/benchmarks"]
import projeval
assert projeval.__file__.startswith(pkg), projeval.__file__
import bench_signals as bs
from projeval.traces.hedges import Lexicon, find_hedges
corpus = wt + "/tests/corpora/conversations/"
turns = {"turns": 0, "rules": 0, "model": 0}
for line in open(corpus + "turns_sealed_" + rnd + ".jsonl", encoding="utf-8"):
    if line.strip():
        row = json.loads(line)
        turns["turns"] += 1
        turns["rules"] += bs.rule_row(row) == row["label"]
        turns["model"] += bs.model_row(row) == row["label"]
takes = inspect.signature(find_hedges).parameters
lexicon = Lexicon.load(["en", "zh"])
hedges = {}
for gate in ("rules", "model"):
    tally = {"tp": 0, "fp": 0, "fn": 0, "tn": 0}
    for line in open(corpus + "hedges_sealed_" + rnd + ".jsonl", encoding="utf-8"):
        row = json.loads(line) if line.strip() else {}
        if "hedge" not in row:
            continue
        kw = {"gate": gate}
        if gate == "model" and "source" in takes:
            kw["source"] = bs.train.source_of(row)
        if "records" in takes and hasattr(bs, "records"):
            kw["records"] = bs.records(row)
        if "user" in takes:
            kw["user"] = row.get("user")
        got = bool(find_hedges(lexicon, row["text"], row.get("latest_result"), **kw))
        tally[("t" if got == bool(row["hedge"]) else "f") + ("p" if got else "n")] += 1
    hedges[gate] = tally
print(json.dumps({"turns": turns, "hedges": hedges}))
"""


def measure(name: str, commit: str, scratch: Path) -> dict[str, Any]:
    """One round's aggregates at its labelling commit (a detached worktree in ``scratch``)."""
    sealed = _sealed_names()
    if any(f"turns_sealed_{name}.jsonl" == s for s in sealed):
        raise SystemExit(f"{name} is sealed: never measured here")
    tree = scratch / f"tree-{name}"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit],
        check=True,
        capture_output=True,
    )
    try:
        package = scratch / f"pkg-{name}"
        package.mkdir()
        (package / "projeval").symlink_to(tree / "evaluator")
        out = subprocess.run(
            [sys.executable, "-c", _MEASURE, str(tree), str(package), name],
            check=True,
            capture_output=True,
            text=True,
            cwd=tree,
        ).stdout
        return dict(json.loads(out))
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
            check=False,
            capture_output=True,
        )


def _sealed_names() -> tuple[str, ...]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import train_turns

    return tuple(train_turns.SEALED)


def _prf(t: dict[str, int]) -> str:
    p = t["tp"] / (t["tp"] + t["fp"]) if t["tp"] + t["fp"] else 0.0
    r = t["tp"] / (t["tp"] + t["fn"]) if t["tp"] + t["fn"] else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return f"{p:.3f} / {r:.3f} / {f:.3f} ({t['tp']}/{t['fp']}/{t['fn']})"


def main() -> None:
    names = sys.argv[1:] or list(ROUNDS)
    pooled = {"turns": 0, "rules": 0, "model": 0}
    print("round  commit   turns  rules  model  | hedges rules P / R / F1 | hedges gate P / R / F1")
    with tempfile.TemporaryDirectory(prefix="blind-history-") as tmp:
        for name in names:
            got = measure(name, ROUNDS[name], Path(tmp))
            t, h = got["turns"], got["hedges"]
            for key in pooled:
                pooled[key] += t[key]
            print(
                f"{name:<6} {ROUNDS[name]}  {t['turns']:>5}  {t['rules']:>5}  {t['model']:>5}"
                f"  | {_prf(h['rules'])} | {_prf(h['model'])}",
                flush=True,
            )
    n = pooled["turns"]
    print(
        f"pooled turns {n}: rules {pooled['rules'] / n:.3f}, model {pooled['model'] / n:.3f}"
        f" ({pooled['model'] - pooled['rules']:+d})"
    )


if __name__ == "__main__":
    main()
