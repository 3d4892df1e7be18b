from __future__ import annotations

import json

import pytest
from projeval.traces.yamltext import looks_like_yaml, yaml_structure


def test_yaml_structure() -> None:
    assert yaml_structure("a: 1\n2026: x\nwhen: 2026-07-14T10:00:00Z\n") == {
        "a": 1,
        "2026": "x",
        "when": "2026-07-14T10:00:00Z",
    }
    assert yaml_structure("- rank: 1\n  url: https://x.org/a\n") == [
        {"rank": 1, "url": "https://x.org/a"}
    ]
    # Prose, a bare scalar, broken YAML and empty containers have no structure.
    assert yaml_structure("Your payment was sent.") is None
    assert yaml_structure("Note: done") == {"Note": "done"}  # a mapping is a mapping
    assert yaml_structure("'just a string: quoted'") is None
    assert yaml_structure("a: [1, 2\nb: }") is None
    assert yaml_structure("[]") is None
    assert json.dumps(yaml_structure("k: !!binary aGk=\n")) == '{"k": "b\'hi\'"}'


def test_scalars_are_read_by_the_core_schema_only() -> None:
    # YAML 1.1 would read 645, 83, False and a date object.
    doc = yaml_structure("at: 10:45\nid: 0123\ncountry: NO\non: 2024-05-01\nn: 12\nf: 1.5\n")
    assert doc == {
        "at": "10:45",
        "id": "0123",
        "country": "NO",
        "on": "2024-05-01",
        "n": 12,
        "f": 1.5,
    }
    assert yaml_structure("a: true\nb: null\nc:\nd: 1e3\n") == {
        "a": True,
        "b": None,
        "c": None,
        "d": 1000.0,
    }


@pytest.mark.parametrize(
    ("text", "yaml"),
    [
        ("order_id: W1\nstatus: shipped\n", True),
        ("- rank: 1\n  url: https://x.org/a\n", True),
        ("order_id: W1\nitems:\n  - item_id: 5\n    price: 3\n", True),
        ("Note: the flight is delayed.\nPlease call back.", False),  # a sentence at the margin
        ("Note: the flight is delayed.", False),  # one line
        ("- one\n- two\n", False),  # a bulleted list of prose
        ("Flight Number: HAT001\nStatus: on time\n", False),  # a label, not a key
        ("Hello\nid: 4\n", False),
    ],
)
def test_looks_like_yaml(text: str, yaml: bool) -> None:
    assert looks_like_yaml(text) is yaml


def test_aliases_are_refused_before_they_expand() -> None:
    # Nine lines of nested aliases would expand to 9**9 values; read as prose instead.
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    assert yaml_structure("\n".join(lines)) is None
    assert yaml_structure("a: &x 1\nb: *x\n") == {"a": 1, "b": 1}  # a repeated scalar is harmless
