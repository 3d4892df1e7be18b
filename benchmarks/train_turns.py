"""Train the user-turn model and write ``evaluator/data/turn_model.json``.

    .venv/bin/python benchmarks/train_turns.py

It learns from every labelled turn set in ``tests/corpora/conversations/``
(``turns*.jsonl`` but a sealed set, :func:`bench_signals.training_files`), over the
features of :func:`projeval.traces.turns.turn_features` (the rules' class and the rule
that gave it, their signals, the words, the agent's message before), with
:data:`bench_signals.TURN_FIT`. First it measures the model leave-one-source-out (each
source's turns classified by a model trained on the others) beside the rules on the
same turns; the model file's ``meta`` records both figures, the training files and
their sha256, and ``classifier``: true only when the model's figure beats the rules',
and only then does :func:`projeval.traces.turns.classify_turn` use it.

Retrain after any label or feature change (``tests/traces/test_turn_model.py`` fails on
a changed label until then). Takes a minute or two.
"""

from __future__ import annotations

import sys

from bench_signals import (
    ROOT,
    TURN_FIT,
    leave_one_source_out,
    loso_lines,
    training_files,
    training_rows,
    turn_examples,
)
from projeval.traces import linear

MODEL = ROOT / "evaluator" / "data" / "turn_model.json"


def main() -> None:
    rows = training_rows()
    figures = leave_one_source_out(rows)
    model_all, rules_all, _ = figures["all"]
    meta = {
        "trained_by": "benchmarks/train_turns.py",
        "training": [p.name for p in training_files()],
        "data_digests": linear.data_digests(training_files()),
        "leave_one_source_out": {
            key: {"model": round(m, 4), "rules": round(r, 4), "turns": n}
            for key, (m, r, n) in figures.items()
            if key in ("all", "en", "zh")
        },
        # the model classifies only when it beats the rules on sources it never saw
        "classifier": model_all > rules_all,
    }
    model = linear.fit(turn_examples(rows), meta=meta, **TURN_FIT)
    linear.dump(model, MODEL)
    print("\n".join(loso_lines(figures, len(rows))), file=sys.stderr)
    used = "the classifier" if meta["classifier"] else "NOT the classifier (the rules stay)"
    print(f"wrote {MODEL.relative_to(ROOT)} ({len(model.weights)} features): {used}")


if __name__ == "__main__":
    main()
