"""Literal prefilters: a text the prefilter rejects is one its pattern cannot match."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from projeval.traces import claims, hedges, prefilter, turns
from projeval.traces.prefilter import Gated, required_literals

TESTS = Path(__file__).parent


def _rule_patterns() -> dict[str, re.Pattern[str]]:
    """Every compiled pattern of the rule modules, by name."""
    out: dict[str, re.Pattern[str]] = {}
    for mod in (hedges, turns, claims):
        for name in dir(mod):
            value = getattr(mod, name)
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                out[f"{mod.__name__.rsplit('.', 1)[-1]}.{name}"] = value
    for name, value in turns._patterns().items():
        out[f"turns._patterns.{name}"] = value
    for name, value in hedges.context_patterns().items():
        if isinstance(value, re.Pattern):
            out[f"hedges.context_patterns.{name}"] = value
    return out


def _rule_sentences() -> list[str]:
    """The string literals of the rules' own tests: the sentences the rules were made on."""
    texts: set[str] = set()
    for module in ("test_trace_hedges.py", "test_trace_turns.py", "test_trace_claims.py"):
        tree = ast.parse((TESTS / module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
                texts.add(node.value)
    return sorted(texts)


PATTERNS = _rule_patterns()
GATED = {name: p for name, p in PATTERNS.items() if Gated(p).gated}


def test_literals_of_an_alternation_of_words() -> None:
    need = required_literals(re.compile(r"\b(?:sorry|unable to)\b"))
    assert need == {("sorry", False), ("unable to", False)}


def test_literals_under_ignorecase_are_compared_in_lower_case() -> None:
    assert required_literals(re.compile(r"Sold\s+out", re.IGNORECASE)) == {("sold", True)}
    # A change of case mode ends a literal: "Sold OUT!" is no one literal of either mode.
    assert required_literals(re.compile(r"(?i:Sold) OUT!")) == {(" OUT!", False)}


def test_a_repeated_literal_counts_its_least_copies() -> None:
    assert required_literals(re.compile(r"[:,][ \t]+_{3,}")) == {("___", False)}


def test_zero_width_assertions_keep_a_literal_whole() -> None:
    assert required_literals(re.compile(r"r(?<![\w-].)oughly\b")) == {("roughly", False)}


def test_no_literal_when_a_branch_has_none() -> None:
    assert required_literals(re.compile(r"sorry|\d+")) is None
    assert required_literals(re.compile(r"[a-z]+")) is None
    assert required_literals(re.compile(r"ab")) is None  # too short to reject anything


def test_chinese_literals_may_be_short() -> None:
    assert required_literals(re.compile(r"抱歉|无法")) == {("抱歉", False), ("无法", False)}


def test_a_rejected_text_is_never_searched() -> None:
    gate = Gated(re.compile(r"\b(?:sorry|unfortunately)\b", re.IGNORECASE))
    assert gate.gated
    assert not gate.may_match("The booking is confirmed.")
    assert gate.search("The booking is confirmed.") is None
    m = gate.search("SORRY, it is gone.")
    assert m is not None and m.group() == "SORRY"
    assert list(gate.finditer("no")) == []


def test_letters_that_fold_to_ascii_always_reach_the_pattern() -> None:
    # Under IGNORECASE the Kelvin sign matches "k" and the long s matches "s", which
    # lower() does not give: such a text goes to the pattern.
    pattern = re.compile(r"kind|sold", re.IGNORECASE)
    for text in ("\u212aind", "\u017fold"):
        assert pattern.search(text) is not None
        assert Gated(pattern).search(text) is not None


def test_a_pattern_without_literals_is_searched_as_it_is() -> None:
    gate = Gated(re.compile(r"\d+"))
    assert not gate.gated
    assert gate.may_match("")
    m = prefilter.search(re.compile(r"\d+"), "a 12")
    assert m is not None and m.group() == "12"


def test_the_rules_use_prefilters() -> None:
    # The prefilter is worth having only if the rules' patterns get one.
    assert len(GATED) >= 100
    for name in ("turns._FAILED", "turns._BLANK", "hedges._ESTIMATE_LOWER", "hedges._USER_INPUT"):
        assert name in GATED


@pytest.mark.parametrize("name", sorted(GATED))
def test_no_rule_sentence_a_pattern_matches_is_rejected(name: str) -> None:
    pattern, gate = GATED[name], Gated(GATED[name])
    for text in _SENTENCES:
        for variant in (text, text.upper(), text.lower(), text.title()):
            if pattern.search(variant) is not None:
                assert gate.may_match(variant), (name, variant)


_SENTENCES = _rule_sentences()


@st.composite
def _matching(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(sorted(GATED)))
    try:
        text = draw(st.from_regex(GATED[name]))
    except Exception:  # a construct hypothesis cannot generate for (a look-behind)
        text = ""
    return name, text


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(_matching())
def test_no_generated_match_is_rejected(case: tuple[str, str]) -> None:
    name, text = case
    if GATED[name].search(text) is not None:
        assert Gated(GATED[name]).may_match(text), (name, text)


def test_a_group_rejects_only_what_none_of_its_patterns_matches() -> None:
    group = prefilter.GatedAny(
        [re.compile(r"\bsorry\b", re.IGNORECASE), re.compile("无法(?:确认|查询)")]
    )
    assert not group.may_match("The booking is confirmed.")
    assert not group.may_match("已为您确认")
    assert group.may_match("SORRY, it is gone.", "sorry, it is gone.")
    assert group.may_match("我无法确认")
    assert group.may_match("\u017forry")  # the long s: to the patterns
    # a pattern with no prefilter may match anything: the group rejects nothing
    assert prefilter.GatedAny([re.compile(r"\d+")]).may_match("no digit")


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(hedges._PATTERN_CUES).flatmap(st.from_regex))
def test_no_generated_pattern_cue_is_rejected_by_their_group(text: str) -> None:
    if any(p.search(text) for p in hedges._PATTERN_CUES):
        assert hedges._PATTERN_CUES_GATE.may_match(text), text
        assert hedges._PATTERN_CUES_GATE.may_match(text, text.lower()), text
