"""A small sparse linear classifier over string features, trained by hand, shipped as data.

The trace signals (user-turn classes, hedges) are decided by hand rules first;
rules written on one source carry poorly to the next, so a learned layer weighs
the rules' verdicts together with the words around them. This module is that
layer's one model: multinomial logistic regression over *string features*
(``"w:refund"``, ``"rule:question"``), each counted once per example.

Training (:func:`fit`, :func:`cross_validate`) needs numpy and runs only from
the training scripts under ``benchmarks/``; prediction is dict lookups in pure
Python, so ``import projeval`` never imports numpy. A trained model is a JSON
file under ``projeval/data/`` (:func:`dump`, :func:`load`); its ``meta`` names
the labelled files it learned from and their sha256 (:func:`data_digests`),
so a test can tell when a label changed and the model must be retrained.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import json
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ConfigError

#: The ``format`` field of a model file; a file with another one is refused.
FORMAT = "projeval-linear/1"
#: Weights are written rounded to this many decimals (stable diffs, small files).
DECIMALS = 5
#: A feature whose weights are all smaller than this is left out of the file.
PRUNE = 1e-4

_RETRAIN = "retrain it with the training script named in its meta (benchmarks/train_*.py)"


@dataclass(frozen=True, slots=True)
class LinearModel:
    """Classes, a bias and a weight per class for each known feature."""

    classes: tuple[str, ...]
    bias: tuple[float, ...]
    weights: Mapping[str, tuple[float, ...]]
    meta: Mapping[str, Any] = field(default_factory=dict)

    def scores(self, features: Iterable[str]) -> list[float]:
        """Raw scores per class (bias plus the weights of the features, each once)."""
        total = list(self.bias)
        weights = self.weights
        for name in set(features):
            row = weights.get(name)
            if row is not None:
                for i, w in enumerate(row):
                    total[i] += w
        return total

    def probabilities(self, features: Iterable[str]) -> dict[str, float]:
        """Softmax probability of each class."""
        scores = self.scores(features)
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        norm = sum(exps)
        return {c: e / norm for c, e in zip(self.classes, exps, strict=True)}

    def predict(self, features: Iterable[str]) -> tuple[str, float]:
        """The most probable class and its probability (ties go to the first class)."""
        probs = self.probabilities(features)
        best = max(self.classes, key=lambda c: (probs[c], -self.classes.index(c)))
        return best, probs[best]


def fit(
    examples: Sequence[tuple[Collection[str], str]],
    *,
    l2: float = 1.0,
    iterations: int = 400,
    min_count: int = 2,
    balanced: bool = False,
    learning_rate: float = 0.1,
    meta: Mapping[str, Any] | None = None,
) -> LinearModel:
    """Train on ``(features, label)`` pairs: full-batch Adam on L2-penalised log loss.

    Features seen in fewer than ``min_count`` examples get no weight.
    ``balanced`` weighs each class by the inverse of its frequency (for rare
    classes such as hedges). Deterministic: the same examples in the same order
    give the same model.
    """
    import numpy as np

    if not examples:
        raise ValueError("fit needs at least one example")
    classes = tuple(sorted({label for _, label in examples}))
    if len(classes) < 2:
        raise ValueError(f"fit needs at least two classes, got {classes}")
    rows = [sorted(set(feats)) for feats, _ in examples]
    counts: dict[str, int] = {}
    for feats in rows:
        for name in feats:
            counts[name] = counts.get(name, 0) + 1
    vocab = sorted(name for name, n in counts.items() if n >= min_count)
    index = {name: i for i, name in enumerate(vocab)}
    n, d, k = len(examples), len(vocab), len(classes)

    cols: list[int] = []
    owner: list[int] = []
    for r, feats in enumerate(rows):
        for name in feats:
            j = index.get(name)
            if j is not None:
                cols.append(j)
                owner.append(r)
    col = np.asarray(cols, dtype=np.int64)
    row = np.asarray(owner, dtype=np.int64)
    y = np.zeros((n, k))
    label_index = {c: i for i, c in enumerate(classes)}
    for r, (_, label) in enumerate(examples):
        y[r, label_index[label]] = 1.0
    if balanced:
        freq = y.sum(axis=0)
        sample = (y * (n / (k * freq))).sum(axis=1)
    else:
        sample = np.ones(n)

    w = np.zeros((d, k))
    b = np.log(np.maximum(y.mean(axis=0), 1e-9))
    params = [w, b]
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for step in range(1, iterations + 1):
        logits = np.empty((n, k))
        for c in range(k):
            logits[:, c] = np.bincount(row, weights=w[col, c], minlength=n)
        logits += b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - y) * sample[:, None] / n
        grad_w = np.zeros((d, k))
        for c in range(k):
            grad_w[:, c] = np.bincount(col, weights=g[row, c], minlength=d)
        grad_w += (l2 / n) * w
        grads = [grad_w, g.sum(axis=0)]
        for i, (param, grad) in enumerate(zip(params, grads, strict=True)):
            m1[i] = beta1 * m1[i] + (1 - beta1) * grad
            m2[i] = beta2 * m2[i] + (1 - beta2) * grad * grad
            hat1 = m1[i] / (1 - beta1**step)
            hat2 = m2[i] / (1 - beta2**step)
            param -= learning_rate * hat1 / (np.sqrt(hat2) + eps)

    weights = {
        name: tuple(round(float(v), DECIMALS) for v in w[j])
        for j, name in enumerate(vocab)
        if float(np.abs(w[j]).max()) >= PRUNE
    }
    bias = tuple(round(float(v), DECIMALS) for v in b)
    options = {"l2": l2, "iterations": iterations, "min_count": min_count, "balanced": balanced}
    return LinearModel(classes, bias, weights, {**options, **dict(meta or {})})


def cross_probabilities(
    examples: Sequence[tuple[Collection[str], str]],
    groups: Sequence[str],
    **fit_options: Any,
) -> list[dict[str, float]]:
    """Leave-one-group-out: each example's class probabilities from a model that never saw its group.

    A group whose held-out examples carry a class no other group has still gets
    probabilities over the classes the other groups know.
    """
    if len(groups) != len(examples):
        raise ValueError(f"{len(groups)} groups for {len(examples)} examples")
    out: list[dict[str, float]] = [{} for _ in examples]
    for group in sorted(set(groups)):
        train = [ex for ex, g in zip(examples, groups, strict=True) if g != group]
        model = fit(train, **fit_options)
        for i, (ex, g) in enumerate(zip(examples, groups, strict=True)):
            if g == group:
                out[i] = model.probabilities(ex[0])
    return out


def cross_validate(
    examples: Sequence[tuple[Collection[str], str]],
    groups: Sequence[str],
    **fit_options: Any,
) -> list[tuple[str, float]]:
    """Leave-one-group-out predictions: ``(class, probability)`` for each example."""
    out: list[tuple[str, float]] = []
    for probs in cross_probabilities(examples, groups, **fit_options):
        best = max(sorted(probs), key=lambda c: probs[c])
        out.append((best, probs[best]))
    return out


def dumps(model: LinearModel) -> str:
    """The model file's text: sorted JSON, one feature a line, so diffs stay readable."""
    head = {
        "format": FORMAT,
        "classes": list(model.classes),
        "bias": list(model.bias),
        "meta": model.meta,
    }
    lines = [json.dumps(head, sort_keys=True, ensure_ascii=False)[:-1] + ', "weights": {']
    items = sorted(model.weights.items())
    for i, (name, row) in enumerate(items):
        sep = "," if i < len(items) - 1 else ""
        lines.append(f"{json.dumps(name, ensure_ascii=False)}: {json.dumps(list(row))}{sep}")
    lines.append("}}")
    return "\n".join(lines) + "\n"


def dump(model: LinearModel, path: str | Path) -> None:
    """Write the model file (see :func:`dumps`)."""
    Path(path).write_text(dumps(model), encoding="utf-8")


def loads(text: str, source: str) -> LinearModel:
    """Read a model file's text; ``source`` names it in errors."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"model file is not valid JSON ({exc.msg})",
            file=source,
            position=f"{exc.lineno}:{exc.colno}",
            fix=_RETRAIN,
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        got = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise ConfigError(f"not a {FORMAT} model file (format {got!r})", file=source, fix=_RETRAIN)
    classes = data.get("classes")
    bias = data.get("bias")
    weights = data.get("weights")
    meta = data.get("meta", {})
    if not (
        isinstance(classes, list)
        and len(classes) >= 2
        and all(isinstance(c, str) for c in classes)
        and isinstance(bias, list)
        and len(bias) == len(classes)
        and all(isinstance(v, int | float) for v in bias)
        and isinstance(weights, dict)
        and isinstance(meta, dict)
    ):
        raise ConfigError(
            "model file needs classes (two or more names), a bias per class, weights and meta",
            file=source,
            fix=_RETRAIN,
        )
    table: dict[str, tuple[float, ...]] = {}
    for name, row in weights.items():
        if not (
            isinstance(row, list)
            and len(row) == len(classes)
            and all(isinstance(v, int | float) for v in row)
        ):
            raise ConfigError(
                f"feature {name!r} needs one number per class ({len(classes)})",
                file=source,
                position=f"weights.{name}",
                fix=_RETRAIN,
            )
        table[name] = tuple(float(v) for v in row)
    return LinearModel(tuple(classes), tuple(float(v) for v in bias), table, meta)


@functools.cache
def load(name: str) -> LinearModel:
    """The shipped model ``projeval/data/<name>.json`` (read once per process)."""
    resource = importlib.resources.files("projeval").joinpath("data", f"{name}.json")
    try:
        text = resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(
            f"no shipped model {name!r}", file=f"projeval/data/{name}.json", fix=_RETRAIN
        ) from None
    return loads(text, f"projeval/data/{name}.json")


def data_digests(paths: Iterable[str | Path]) -> dict[str, str]:
    """File name -> sha256 of its bytes, for a model's ``meta`` (sorted by name)."""
    out = {Path(p).name: hashlib.sha256(Path(p).read_bytes()).hexdigest() for p in paths}
    return dict(sorted(out.items()))
