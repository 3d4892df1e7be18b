"""The sparse linear model: training, leave-one-group-out, the model file."""

from __future__ import annotations

from pathlib import Path

import pytest
from projeval.errors import ConfigError
from projeval.traces import linear

# Tiny readable data: "?" means a question, "please" a request, anything else an answer.
EXAMPLES: list[tuple[set[str], str]] = [
    ({"w:what", "mark:?"}, "question"),
    ({"w:when", "mark:?"}, "question"),
    ({"w:where", "mark:?"}, "question"),
    ({"w:please", "w:book"}, "request"),
    ({"w:please", "w:cancel"}, "request"),
    ({"w:please", "w:refund"}, "request"),
    ({"w:yes"}, "answer"),
    ({"w:no"}, "answer"),
    ({"w:yes", "w:sure"}, "answer"),
]


def test_fit_learns_the_features_that_decide() -> None:
    model = linear.fit(EXAMPLES, l2=0.1, min_count=1)
    assert model.classes == ("answer", "question", "request")
    assert model.predict({"mark:?", "w:who"})[0] == "question"
    assert model.predict({"w:please", "w:upgrade"})[0] == "request"
    assert model.predict({"w:yes"})[0] == "answer"
    # the weight that decides a question is on the question mark, not on an unseen word
    assert "w:who" not in model.weights
    q = model.classes.index("question")
    assert model.weights["mark:?"][q] > 1.0


def test_probabilities_sum_to_one_and_a_feature_counts_once() -> None:
    model = linear.fit(EXAMPLES, min_count=1)
    probs = model.probabilities(["mark:?"])
    assert sum(probs.values()) == pytest.approx(1.0)
    assert model.probabilities(["mark:?", "mark:?", "mark:?"]) == probs
    # no known feature: the bias alone, which follows the class frequencies
    prior = model.probabilities(["w:unheard"])
    assert prior == model.probabilities([])


def test_min_count_leaves_rare_features_out() -> None:
    model = linear.fit(EXAMPLES, min_count=2)
    assert "w:book" not in model.weights  # seen once
    assert "w:please" in model.weights  # seen three times


def test_fit_is_deterministic() -> None:
    assert linear.dumps(linear.fit(EXAMPLES)) == linear.dumps(linear.fit(EXAMPLES))


def test_balanced_lifts_a_rare_class() -> None:
    rare = [({"w:maybe", f"w:x{i}"}, "true") for i in range(2)]
    common = [({"w:maybe", f"w:y{i}"}, "false") for i in range(8)] + [
        ({f"w:z{i}"}, "false") for i in range(20)
    ]
    plain = linear.fit(rare + common, min_count=1)
    balanced = linear.fit(rare + common, min_count=1, balanced=True)
    p_plain = plain.probabilities({"w:maybe"})["true"]
    p_balanced = balanced.probabilities({"w:maybe"})["true"]
    assert p_balanced > p_plain


def test_fit_refuses_one_class_and_no_examples() -> None:
    with pytest.raises(ValueError, match="two classes"):
        linear.fit([({"a"}, "x"), ({"b"}, "x")])
    with pytest.raises(ValueError, match="at least one"):
        linear.fit([])


def test_cross_validate_never_sees_the_held_out_group() -> None:
    # Each group has its own give-away word; held out, that word is unknown,
    # so only the shared feature can decide.
    examples: list[tuple[set[str], str]] = []
    groups: list[str] = []
    for g in ("a", "b", "c"):
        examples += [({f"src:{g}", "mark:?"}, "question"), ({"w:please"}, "request")]
        groups += [g, g]
    out = linear.cross_validate(examples, groups, min_count=1)
    assert [label for label, _ in out] == [label for _, label in examples]
    # a model trained on everything would know "src:a"; the held-out one did not
    probs = linear.cross_probabilities(examples, groups, min_count=1)
    full = linear.fit(examples, min_count=1)
    assert "src:a" in full.weights
    assert probs[0] == linear.fit(examples[2:], min_count=1).probabilities(examples[0][0])


def test_cross_validate_checks_lengths() -> None:
    with pytest.raises(ValueError, match="2 groups for 9 examples"):
        linear.cross_validate(EXAMPLES, ["a", "b"])


def test_dump_and_loads_round_trip(tmp_path: Path) -> None:
    model = linear.fit(EXAMPLES, min_count=1, meta={"data": {"turns.jsonl": "ab12"}})
    path = tmp_path / "m.json"
    linear.dump(model, path)
    back = linear.loads(path.read_text(encoding="utf-8"), str(path))
    assert back.classes == model.classes
    assert back.weights == model.weights
    assert back.meta["data"] == {"turns.jsonl": "ab12"}
    assert back.meta["min_count"] == 1
    assert back.predict({"mark:?"}) == model.predict({"mark:?"})
    # one feature a line, sorted: a retrained model diffs line by line
    lines = path.read_text(encoding="utf-8").splitlines()
    names = [line.split(":")[0] for line in lines[1:-1]]
    assert names == sorted(names)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "m.json:1:2: model file is not valid JSON"),
        ('{"format": "other/2"}', "m.json: not a projeval-linear/1 model file (format 'other/2')"),
        (
            '{"format": "projeval-linear/1", "classes": ["a"], "bias": [0], "weights": {}}',
            "m.json: model file needs classes (two or more names)",
        ),
        (
            '{"format": "projeval-linear/1", "classes": ["a", "b"], "bias": [0, 0],'
            ' "weights": {"w:x": [1]}}',
            "m.json:weights.w:x: feature 'w:x' needs one number per class (2)",
        ),
    ],
)
def test_loads_names_the_file_and_the_fix(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        linear.loads(text, "m.json")
    assert str(info.value).startswith(message)
    assert "Fix: retrain it with the training script" in str(info.value)


def test_load_of_a_model_not_shipped() -> None:
    with pytest.raises(ConfigError, match=r"projeval/data/no_such_model\.json: no shipped model"):
        linear.load("no_such_model")


def test_data_digests(tmp_path: Path) -> None:
    (tmp_path / "b.jsonl").write_text("x\n")
    (tmp_path / "a.jsonl").write_text("")
    digests = linear.data_digests([tmp_path / "b.jsonl", tmp_path / "a.jsonl"])
    assert list(digests) == ["a.jsonl", "b.jsonl"]
    assert digests["a.jsonl"] == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
