"""Train the learned hedge gate and judge it by leave-one-source-out validation.

    .venv/bin/python benchmarks/train_hedges.py            # cross-validate, then write the model
    .venv/bin/python benchmarks/train_hedges.py --check    # cross-validate only

Every labelled hedge set in ``tests/corpora/conversations/`` trains it
(:func:`training_files`), except the sealed ones (:data:`SEALED`: rounds 23, 24b, 25 and 26,
kept for measurement; round 8 was unsealed in session 8 to tune on, rounds 6, 8b, 9, 10 and 10b in
session 9, round 11 in session 10, rounds 9b and 12 in session 12, rounds 13 and 15 in
session 13, round 16 in session 15, round 17 in session 16, round 18 in session 17,
round 19 in session 18, round 20 in session 19, round 21 in session 20, round 22 in session 21,
round 24 unsealed in session 27, round 27 in session 28, round 28 in session 29, not trained
on: :data:`NOT_TRAINED`).
The examples are the cues
:func:`projeval.traces.hedges.hedge_candidates` finds (every lexicon match and
approximate number, before the rules), with :func:`candidate_features`. Labels are per
message, so a cue's label is derived: every cue of a message labelled no hedge is
negative; in a hedged message the cues the rules keep are positive and the others are
left out of training (which of them is the hedge is not labelled), and when the rules
keep none of them, all of them are positive.

A message is hedged when one of its cues scores at least the threshold. The threshold is
the one with the best F1 over the leave-one-source-out scores (each message scored by a
model trained without its source repository), and the model written to
``evaluator/data/hedge_model.json`` is trained on every row, with the training files'
sha256 and the cross-validated figures in its ``meta``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from projeval.traces import linear
from projeval.traces.hedges import (
    Candidate,
    Lexicon,
    candidate_features,
    hedge_candidates,
)

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpora" / "conversations"
MODEL = ROOT / "evaluator" / "data" / "hedge_model.json"
#: Never trained on: the sealed sets (bench_signals prints them only with ``--sealed``).
#: Round 8's (``hedges_sealed_r8.jsonl``) was unsealed in session 8 to tune on, rounds
#: 6, 8b, 9, 10 and 10b's in session 9, round 11's in session 10, each after at least
#: three sealed measurements; rounds 9b and 12 in session 12. Round 13 (session 11, labelled
#: on ``s11-sealed13``, measured three times) and round 15 (session 12, ``s12-sealed15``,
#: measured once, with the session's starting rules beside it) were unsealed in session 13.
#: Round 16 (session 13, labelled on ``s13-sealed16``, measured twice) was unsealed in
#: session 15; round 17 (session 14, labelled on ``s14-sealed17``, measured three times) in
#: session 16; round 18 (session 15, labelled on ``s15-sealed18``, measured four times) in
#: session 17; round 19 (session 16, labelled on ``s16-sealed19``, measured three times) in
#: session 18; round 20 (session 17, labelled on ``s17-sealed20``, measured four times) in
#: session 19; round 21 (session 18, labelled on ``s18-sealed21``, measured four times) in
#: session 20; round 22 (session 19, labelled on ``s19-sealed22``, measured four times) in
#: session 21. Round 24 (session 21, labelled on ``s21-sealed24``, measured in sessions 21-26,
#: 0.191 / 0.867 the last times) was unsealed in session 27; round 27 (session 27, labelled on
#: ``s27-sealed27``, measured once blind, 0.077 / 0.286) in session 28; round 28 (session 28,
#: labelled on ``s28-sealed28``, measured once blind, 0.847 / 0.790) and round 29 (session 29,
#: ``s29-sealed29``, measured once blind, 0.394 / 0.722) in session 29; neither trains the model
#: (:data:`NOT_TRAINED`); round 30 (session 29, ``s29-sealed30``, measured once blind, 0.333 /
#: 0.667), round 31 (session 30, ``s30-sealed31``, measured once blind, 0.412 / 0.757) and round
#: 32 (session 30, ``s30-sealed32``, measured once blind, 0.421 / 0.800) in session 30, likewise
#: not trained on; round 33 (session 31, ``s31-sealed33``, measured once blind, 0.748 / 0.765)
#: in session 31, round 34 (session 32, ``s32-sealed34``, measured once blind, 0.863 / 0.710)
#: in session 32, and round 35 (session 33, ``s33-sealed35``, measured blind twice, 0.667 /
#: 0.714) in session 34, likewise. Round 23 (session 20, labelled on ``s20-sealed23``), round
#: 24b (session 21, ``s21-sealed24b``), round 25 (session 22, ``s22-sealed25``), round 26
#: (session 24, ``s24-sealed26``) and round 36 (session 34, ``s34-sealed36``) are sealed.
SEALED: tuple[str, ...] = (
    "hedges_sealed_r23.jsonl",
    "hedges_sealed_r24b.jsonl",
    "hedges_sealed_r25.jsonl",
    "hedges_sealed_r26.jsonl",
    "hedges_sealed_r36.jsonl",
)
#: Unsealed sets the shipped model is not trained on: session 28's in-genre service-agent set,
#: kept out so that the model shipped before it stays as measured (a retrain moved the model
#: column of other sets; the lead decides when to retrain with it), rounds 28 and 29,
#: unsealed in session 29, rounds 30, 31 and 32, unsealed in session 30, round 33, unsealed in
#: session 31, round 34, unsealed in session 32, and round 35, unsealed in session 34, without
#: a retrain (the rules are the classifier; the model is not the default). The rules were tuned
#: on all nine.
NOT_TRAINED: tuple[str, ...] = (
    "hedges_sop28.jsonl",
    "hedges_sealed_r28.jsonl",
    "hedges_sealed_r29.jsonl",
    "hedges_sealed_r30.jsonl",
    "hedges_sealed_r31.jsonl",
    "hedges_sealed_r32.jsonl",
    "hedges_sealed_r33.jsonl",
    "hedges_sealed_r34.jsonl",
    "hedges_sealed_r35.jsonl",
)
#: The fit's options (cross-validation and the shipped model use the same): the best
#: leave-one-source-out F1 of l2 1, 3, 10, 30, 100, 300 and 1000, with and without
#: classes weighed by their frequency (hedges are rare).
FIT_OPTIONS: dict[str, Any] = {"l2": 30.0, "iterations": 300, "min_count": 2, "balanced": True}


def training_files() -> list[Path]:
    """Every labelled hedge set but the sealed ones and :data:`NOT_TRAINED`, sorted by name."""
    return [
        p
        for p in sorted(CORPUS.glob("hedges*.jsonl"))
        if p.name not in SEALED and p.name not in NOT_TRAINED
    ]


def source_of(row: dict[str, Any]) -> str:
    """Where a labelled message's text sits at run time: a ``tool``'s arguments or a message."""
    return "tool" if row.get("kind") == "tool_arguments" else "message"


@dataclass
class Message:
    """One labelled message, its cues and their features."""

    row: dict[str, Any]
    file: str
    candidates: list[Candidate]
    features: list[list[str]]

    @property
    def hedge(self) -> bool:
        return bool(self.row["hedge"])

    @property
    def rules(self) -> bool:
        """The rules' verdict: a cue no rule drops."""
        return any(not c.rule for c in self.candidates)


def read_messages(paths: Sequence[Path]) -> list[Message]:
    """The labelled messages of ``paths`` with their cues and features."""
    lexicon = Lexicon.load(["en", "zh"])
    out = []
    for path in paths:
        with path.open(encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        for row in rows:
            text, result = row["text"], row["latest_result"]
            cands = hedge_candidates(lexicon, text, result)
            feats = [candidate_features(text, c, result, source_of(row)) for c in cands]
            out.append(Message(row, path.name, cands, feats))
    return out


def examples_of(messages: Sequence[Message]) -> tuple[list[tuple[list[str], str]], list[str]]:
    """Cue examples with derived labels (see the module's docstring), and their groups."""
    examples: list[tuple[list[str], str]] = []
    groups: list[str] = []
    for m in messages:
        kept = [not c.rule for c in m.candidates]
        for feats, keep in zip(m.features, kept, strict=True):
            if m.hedge and any(kept) and not keep:
                continue  # a cue the rules drop in a hedged message: its label is unknown
            examples.append((feats, "true" if m.hedge else "false"))
            groups.append(m.row["source"])
    return examples, groups


def message_score(model: linear.LinearModel, message: Message) -> float:
    """The best cue's probability of being a hedge (0 for a message with no cue)."""
    return max((model.probabilities(f)["true"] for f in message.features), default=0.0)


def cross_scores(messages: Sequence[Message], **fit_options: Any) -> list[float]:
    """Each message's score from a model trained without its source repository."""
    scores = [0.0] * len(messages)
    for source in sorted({m.row["source"] for m in messages}):
        train = [m for m in messages if m.row["source"] != source]
        examples, _ = examples_of(train)
        model = linear.fit(examples, **fit_options)
        for i, m in enumerate(messages):
            if m.row["source"] == source:
                scores[i] = message_score(model, m)
    return scores


def f1(pairs: Sequence[tuple[bool, bool]]) -> tuple[float, float, float]:
    """``(precision, recall, F1)`` of ``(predicted, labelled)`` pairs."""
    tp = sum(p and t for p, t in pairs)
    fp = sum(p and not t for p, t in pairs)
    fn = sum(t and not p for p, t in pairs)
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    score = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, score


def best_threshold(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """The threshold with the best F1 over ``scores`` (the highest of equal ones)."""
    best, best_f1 = 0.5, -1.0
    for t in sorted({round(s, 3) for s in scores if s > 0}, reverse=True):
        _, _, score = f1([(s >= t, y) for s, y in zip(scores, labels, strict=True)])
        if score > best_f1:
            best, best_f1 = t, score
    return best


def figures(
    messages: Sequence[Message], scores: Sequence[float], threshold: float
) -> dict[str, Any]:
    """Rules and model precision, recall and F1, overall and per language."""
    out: dict[str, Any] = {}
    for lang in ("all", "en", "zh"):
        idx = [i for i, m in enumerate(messages) if lang == "all" or m.row["lang"] == lang]
        labels = [messages[i].hedge for i in idx]
        rules = [messages[i].rules for i in idx]
        model = [scores[i] >= threshold for i in idx]
        out[lang] = {
            "messages": len(idx),
            "hedged": sum(labels),
            "rules": [round(x, 3) for x in f1(list(zip(rules, labels, strict=True)))],
            "model": [round(x, 3) for x in f1(list(zip(model, labels, strict=True)))],
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="cross-validate only")
    args = parser.parse_args(argv)
    paths = training_files()
    messages = read_messages(paths)
    labels = [m.hedge for m in messages]
    scores = cross_scores(messages, **FIT_OPTIONS)
    threshold = best_threshold(scores, labels)
    figs = figures(messages, scores, threshold)
    print(f"leave-one-source-out over {len(messages)} messages, threshold {threshold}")
    for lang, fig in figs.items():
        print(f"  {lang}: {fig}")
    if args.check:
        return 0
    examples, _ = examples_of(messages)
    meta = {
        "name": "hedge_model",
        "trained_by": "benchmarks/train_hedges.py",
        "data_digests": linear.data_digests(paths),
        "fit": FIT_OPTIONS,
        "threshold": threshold,
        "examples": len(examples),
        "leave_one_source_out": figs,
    }
    model = linear.fit(examples, **FIT_OPTIONS, meta=meta)
    linear.dump(model, MODEL)
    print(f"wrote {MODEL.relative_to(ROOT)} ({len(model.weights)} weights)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
