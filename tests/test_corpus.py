"""Every verdict on the real-payload corpus (tests/corpora/payloads), pinned.

The truth is ``expected.yaml``, written before projeval was run on the corpus; each
parameter is one verdict: a field's lineage, a need's status, a finding reported or not,
a warning given. ``benchmarks/lineage_accuracy.py`` prints the same comparison as a table.
"""

from __future__ import annotations

import functools

import pytest
import yaml
from corpus_verdicts import CORPUS, Verdict, expected, run, verdicts

EXPECTED = expected()

#: Verdicts projeval does not give yet, each a known open problem (strict: a fix must
#: remove it from here).
KNOWN_MISSES: set[str] = {
    # Held out (Duffel): swapping the type of a bag whose quantity is 0 changes no count, so
    # the type reads as carried for some bags only; the counts by type answer the question.
    "duffel/trip_cards/lineage:bag_type",
    "duffel/trip_cards/need:cabin-bags:bag_type",
}


@functools.cache
def _by_key(entry: str) -> dict[str, Verdict]:
    return {v.key: v for v in verdicts(entry, EXPECTED[entry])}


def _suite_fields(suite_file: str) -> set[str]:
    """The field names of a corpus suite, read from its YAML (a suite that does not load yet
    has none here; its listed warnings still count)."""
    try:
        data = yaml.safe_load((CORPUS / suite_file).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return set()
    return set(map(str, data.get("fields") or {}))


def _keys() -> list[str]:
    keys = []
    for name, entry in EXPECTED.items():
        for proj, fields in entry["lineage"].items():
            keys += [f"{name}/{proj}/lineage:{f}" for f in fields]
        for proj, questions in entry["needs"].items():
            keys += [f"{name}/{proj}/need:{q}:{f}" for q, needs in questions.items() for f in needs]
        for proj, wanted in entry["findings"].items():
            keys += [f"{name}/{proj}/finding:{spec}" for spec in wanted]
        fields = set(entry.get("warnings", [])) | _suite_fields(entry["suite"])
        keys += [f"{name}/*/warning:{f}" for f in sorted(fields)]
    return keys


@pytest.mark.parametrize(
    "key",
    [
        pytest.param(k, marks=pytest.mark.xfail(strict=True, reason="known miss"))
        if k in KNOWN_MISSES
        else k
        for k in _keys()
    ],
)
def test_corpus_verdict(key: str) -> None:
    verdict = _by_key(key.split("/", 1)[0])[key]
    assert verdict.actual == verdict.expected or verdict.ok, (
        f"{key}: expected {verdict.expected}, projeval says {verdict.actual}"
    )


def test_no_field_is_falsely_dropped() -> None:
    """The promise behind every finding: `dropped` only when the projection drops it."""
    false = [
        v.key
        for name in EXPECTED
        for v in _by_key(name).values()
        if v.what.startswith("lineage:")
        and v.actual.startswith("dropped")
        and not v.expected.startswith("dropped")
    ]
    assert false == []


@pytest.mark.parametrize(
    ("entry", "projection", "field", "value"),
    [
        ("github-states", "state_badges", "state", '"open"'),
        ("amadeus-ticketing", "ticketing", "ticketing_option", '"DELAY_TO_CANCEL"'),
    ],
)
def test_a_lone_value_that_cannot_be_swapped_says_why_and_how_to_fix_it(
    entry: str, projection: str, field: str, value: str
) -> None:
    """Inconclusive, never a guess: the verdict names the one value seen and the two fixes."""
    score, _findings, error = run(entry, EXPECTED[entry]["suite"])
    assert score is not None, error
    lineage = score.projections[projection].lineage
    assert lineage is not None
    fl = lineage.for_field(field)
    assert fl is not None and fl.status == "inconclusive"
    assert f"{value} is the only value" in fl.detail
    assert "`values:`" in fl.detail and "add a fixture" in fl.detail
