"""Train the learned user-turn model and judge it by leave-one-source-out validation.

    .venv/bin/python benchmarks/train_turns.py            # cross-validate, then write the model
    .venv/bin/python benchmarks/train_turns.py --check    # cross-validate only

Every labelled turn set in ``tests/corpora/conversations/`` trains it
(:func:`training_files`: ``turns*.jsonl`` but the sealed sets, :data:`SEALED`), over the
features of :func:`projeval.traces.turns.turn_features` (the rules' class and the rule
that gave it, the signals the rules compute, the words or Chinese characters and their
bigrams, the length, and what the agent's message before asked), with
:data:`FIT_OPTIONS`. First each source's (repository's) turns are classified by a model
trained on the other sources', beside the rules on the same turns; then the model written
to ``evaluator/data/turn_model.json`` is trained on every row. Its ``meta`` records the
training files and their sha256, both leave-one-source-out figures, the blind figures
(:data:`BLIND_ROUNDS`: each unsealed round measured at the commit that labelled it, by
``benchmarks/blind_history.py``) and ``classifier``: true when the model beat the rules
blind, pooled by :data:`BLIND_MARGIN` or more and on more than half of the rounds
(:func:`blind_verdict`); leave one source out flatters the rules, which were written on
those rows. :data:`projeval.traces.turns.MODEL_CLASSIFIES` follows ``classifier`` (a test
holds the two equal) and makes :func:`projeval.traces.turns.classify_turn` use the model.

Retrain after any label or feature change: ``tests/traces/test_turn_model.py`` fails on a
changed label file until then. Takes about 35 minutes of one core: leave one source out
fits a model for each of some 120 sources (``--check`` does only that).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from projeval.traces import linear
from projeval.traces.turns import rule_turn, turn_features

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpora" / "conversations"
MODEL = ROOT / "evaluator" / "data" / "turn_model.json"
#: Never trained on: the sealed sets (bench_signals prints them only with ``--sealed``).
#: Round 8's (``turns_sealed_r8.jsonl``) was unsealed in session 8 to tune on, round 9's
#: (``turns_sealed_r9.jsonl``) in session 9, rounds 10 and 10b (``turns_sealed_r10.jsonl``,
#: ``turns_sealed_r10b.jsonl``) later in session 9, round 11 (``turns_sealed_r11.jsonl``)
#: in session 10, rounds 9b and 12 (``turns_sealed_r9b.jsonl``, ``turns_sealed_r12.jsonl``)
#: in session 12, rounds 13 (session 11) and 15 (session 12, ``s12-sealed15``) in session 13.
#: Round 16 (session 13, ``s13-sealed16``, measured twice) was unsealed in session 15,
#: round 17 (session 14, ``s14-sealed17``, measured three times) in session 16, round 18
#: (session 15, ``s15-sealed18``, measured four times) in session 17, round 19 (session 16,
#: ``s16-sealed19``, measured three times) in session 18, round 20 (session 17,
#: ``s17-sealed20``, measured four times) in session 19, round 21 (session 18,
#: ``s18-sealed21``, measured four times) in session 20, round 22 (session 19,
#: ``s19-sealed22``, measured four times) in session 21; round 24 (session 21,
#: ``s21-sealed24``, measured in sessions 21-26, 0.740 the last times) was unsealed in
#: session 27, round 27 (session 27, ``s27-sealed27``, measured once blind, 0.667) in session
#: 28, rounds 28 (session 28, ``s28-sealed28``, measured once blind, 0.463) and 29 (session 29,
#: ``s29-sealed29``, measured once blind, 0.697) in session 29, neither training the model
#: (:data:`NOT_TRAINED`), and rounds 30 (session 29, ``s29-sealed30``, measured once blind,
#: 0.829), 31 (session 30, ``s30-sealed31``, measured once blind, 0.844) and 32 (session 30,
#: ``s30-sealed32``, measured once blind, 0.629) in session 30, not training it either, and
#: round 33 (session 31, ``s31-sealed33``, measured once blind, 0.668) in session 31, round
#: 34 (session 32, ``s32-sealed34``, measured once blind, 0.774) in session 32 and round 35
#: (session 33, ``s33-sealed35``, measured blind twice, 0.759 and 0.765) in session 34,
#: likewise; rounds 23 (session 20, ``s20-sealed23``), 24b (session 21, ``s21-sealed24b``), 25
#: (session 22, ``s22-sealed25``), 26 (session 24, ``s24-sealed26``) and 36 (session 34,
#: ``s34-sealed36``) are sealed.
SEALED: tuple[str, ...] = (
    "turns_sealed_r23.jsonl",
    "turns_sealed_r24b.jsonl",
    "turns_sealed_r25.jsonl",
    "turns_sealed_r26.jsonl",
    "turns_sealed_r36.jsonl",
)
#: Unsealed sets the shipped model is not trained on: none. Session 28's in-genre
#: service-agent set and rounds 28-35 sat here while the rules were the classifier (a
#: retrain moved every set's model column); session 35 made the model the classifier on blind
#: evidence (:data:`BLIND_ROUNDS`) and trained it on every unsealed set.
NOT_TRAINED: tuple[str, ...] = ()
#: Blind evidence: each unsealed round measured at the commit that labelled it, where both the
#: rules and the shipped model had never seen it (``benchmarks/blind_history.py``, session 35):
#: ``round -> (turns, right by the rules, right by the model)``. Leave one source out flatters
#: the rules (they were written on those very rows); these do not.
BLIND_ROUNDS: dict[str, tuple[int, int, int]] = {
    "r9": (330, 272, 298),
    "r9b": (308, 243, 240),
    "r10": (227, 205, 204),
    "r10b": (333, 257, 261),
    "r11": (462, 328, 331),
    "r12": (402, 250, 253),
    "r13": (461, 376, 382),
    "r15": (382, 311, 310),
    "r16": (325, 259, 258),
    "r17": (389, 273, 274),
    "r18": (324, 257, 262),
    "r19": (315, 248, 249),
    "r20": (315, 258, 260),
    "r21": (300, 239, 238),
    "r22": (300, 191, 221),
    "r24": (300, 212, 211),
    "r27": (300, 199, 199),
    "r28": (300, 124, 127),
    "r29": (300, 209, 211),
    "r30": (216, 179, 179),
    "r31": (352, 297, 298),
    "r32": (318, 200, 201),
    "r33": (337, 225, 237),
    "r34": (314, 243, 245),
    "r35": (378, 287, 299),
}
#: The model classifies when, over :data:`BLIND_ROUNDS`, it is right on at least this share
#: of turns more than the rules, pooled, and ahead of them on more than half of the rounds.
BLIND_MARGIN = 0.01


#: The fit's options (each fold and the shipped model use the same). Leave one source out
#: on 2,988 turns (the rules 0.828): l2 3 0.794, l2 10 0.796, l2 10 balanced 0.801; no
#: option tried beat the rules (README, "The learned user-turn model"). With session 7's
#: rules: rules 0.856, model 0.819. With session 9's, on 4,027 turns (round 9 unsealed):
#: rules 0.893, model 0.865. With rounds 10 and 10b unsealed, on 4,697 turns: rules 0.879,
#: model 0.858; with the rules written on them, rules 0.889, model 0.869. With round 11
#: unsealed, on 5,159 turns: rules 0.873, model 0.857; with the rules written on it, rules
#: 0.887, model 0.867. With rounds 9b and 12 unsealed, on 5,869 turns: rules 0.873, model
#: 0.860; with the rules written on them, rules 0.880, model 0.865.
FIT_OPTIONS: dict[str, Any] = {"l2": 10.0, "iterations": 400, "min_count": 2}


def training_files() -> list[Path]:
    """Every labelled turn set but a sealed one and :data:`NOT_TRAINED`, sorted by name."""
    return [
        p
        for p in sorted(CORPUS.glob("turns*.jsonl"))
        if p.name not in SEALED and p.name not in NOT_TRAINED
    ]


def blind_verdict(rounds: dict[str, tuple[int, int, int]]) -> dict[str, Any]:
    """The blind figures of ``rounds`` pooled and whether the model wins on them: pooled by
    :data:`BLIND_MARGIN` or more and ahead of the rules on more than half of the rounds."""
    turns = sum(n for n, _, _ in rounds.values())
    rules = sum(r for _, r, _ in rounds.values())
    model = sum(m for _, _, m in rounds.values())
    ahead = sum(m > r for _, r, m in rounds.values())
    behind = sum(m < r for _, r, m in rounds.values())
    return {
        "rounds": len(rounds),
        "turns": turns,
        "rules": round(rules / turns, 4),
        "model": round(model / turns, 4),
        "ahead": ahead,
        "behind": behind,
        "wins": (model - rules) / turns >= BLIND_MARGIN and ahead > len(rounds) / 2,
    }


def read_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """The labelled rows of ``paths``, in order."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        with path.open(encoding="utf-8") as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return rows


def features(row: dict[str, Any]) -> list[str]:
    """The model's features of one labelled row: with the agent's message before the turn
    (``previous``) where the row has it, else with ``asked``."""
    return turn_features(row["text"], bool(row.get("asked")), row.get("previous"))


def rules(row: dict[str, Any]) -> str:
    """The rules' class of one labelled row (arguments as :func:`features`)."""
    return rule_turn(row["text"], bool(row.get("asked")), row.get("previous"))


def examples(rows: list[dict[str, Any]]) -> list[tuple[list[str], str]]:
    """``(features, label)`` for each row, as :func:`projeval.traces.linear.fit` reads them."""
    return [(features(r), str(r["label"])) for r in rows]


def leave_one_source_out(rows: list[dict[str, Any]]) -> dict[str, tuple[float, float, int]]:
    """``key -> (model accuracy, rules accuracy, turns)``, each source's (repository's)
    turns classified by a model trained on the other sources'. Keys: ``"all"``, ``"en"``,
    ``"zh"``, then each source."""
    got = linear.cross_validate(examples(rows), [r["source"] for r in rows], **FIT_OPTIONS)
    tally: dict[str, list[int]] = {"all": [0, 0, 0], "en": [0, 0, 0], "zh": [0, 0, 0]}
    for (cls, _), row in zip(got, rows, strict=True):
        for key in ("all", row["lang"], row["source"]):
            t = tally.setdefault(key, [0, 0, 0])
            t[0] += cls == row["label"]
            t[1] += rules(row) == row["label"]
            t[2] += 1
    head = ["all", "en", "zh"]
    order = head + sorted(k for k in tally if k not in head)
    return {k: (tally[k][0] / tally[k][2], tally[k][1] / tally[k][2], tally[k][2]) for k in order}


def figure_lines(figures: dict[str, tuple[float, float, int]]) -> list[str]:
    """The figures of :func:`leave_one_source_out`, one line each."""
    return [
        f"  {key:<54} model {m:.3f}  rules {r:.3f}  (turns {n})"
        for key, (m, r, n) in figures.items()
    ]


def train(
    rows: list[dict[str, Any]], figures: dict[str, tuple[float, float, int]]
) -> linear.LinearModel:
    """The model trained on every row, its ``meta`` naming the training files, their
    sha256 and the leave-one-source-out ``figures``."""
    meta = {
        "trained_by": "benchmarks/train_turns.py",
        "training": [p.name for p in training_files()],
        "data_digests": linear.data_digests(training_files()),
        "leave_one_source_out": {
            key: {"model": round(m, 4), "rules": round(r, 4), "turns": n}
            for key, (m, r, n) in figures.items()
            if key in ("all", "en", "zh")
        },
        # the model classifies when it beat the rules on rounds neither had seen, measured
        # at each round's labelling commit; leave one source out is printed and kept, but the
        # rules were written on those rows, so it flatters them
        "blind": blind_verdict(BLIND_ROUNDS),
        "classifier": blind_verdict(BLIND_ROUNDS)["wins"],
    }
    return linear.fit(examples(rows), meta=meta, **FIT_OPTIONS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="cross-validate only")
    args = parser.parse_args()
    rows = read_rows(training_files())
    figures = leave_one_source_out(rows)
    print(f"leave-one-source-out over {len(rows)} turns (rules tuned on most of them):")
    print("\n".join(figure_lines(figures)))
    blind = blind_verdict(BLIND_ROUNDS)
    print(
        f"blind, {blind['rounds']} rounds at their labelling commits ({blind['turns']} turns):"
        f" model {blind['model']:.3f}  rules {blind['rules']:.3f};"
        f" model ahead on {blind['ahead']}, behind on {blind['behind']}"
    )
    if args.check:
        return
    model = train(rows, figures)
    linear.dump(model, MODEL)
    used = "the classifier" if model.meta["classifier"] else "NOT the classifier (the rules stay)"
    print(f"wrote {MODEL.relative_to(ROOT)} ({len(model.weights)} features): {used}")


if __name__ == "__main__":
    main()
