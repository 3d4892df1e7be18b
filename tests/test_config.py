"""The project config: projeval.toml or [tool.projeval], with one clear error per mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
from projeval.config import DB_ENV, find_config, load_project
from projeval.errors import ConfigError


def test_defaults_without_a_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DB_ENV, raising=False)
    project = load_project(root=tmp_path)
    assert project.source is None and project.suites == []
    assert project.db == tmp_path.resolve() / ".projeval/history.duckdb"
    assert project.report == tmp_path.resolve() / "reports/index.html"
    assert (project.tokenizer, project.timeout) == ("o200k_base", 10.0)


def test_projeval_toml_wins_over_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.projeval]\nsuites = ["a.yaml"]\n', encoding="utf-8"
    )
    assert find_config(tmp_path) == tmp_path / "pyproject.toml"
    (tmp_path / "projeval.toml").write_text(
        'suites = ["b.yaml"]\ntimeout = 2.5\n', encoding="utf-8"
    )
    project = load_project(root=tmp_path)
    assert project.source == tmp_path / "projeval.toml"
    assert project.suites == [tmp_path.resolve() / "b.yaml"] and project.timeout == 2.5


def test_the_readmes_table_pasted_into_projeval_toml_is_read(tmp_path: Path) -> None:
    (tmp_path / "projeval.toml").write_text(
        '[tool.projeval]\nsuites = ["b.yaml"]\ntimeout = 2.5\n', encoding="utf-8"
    )
    project = load_project(root=tmp_path)
    assert project.suites == [tmp_path.resolve() / "b.yaml"] and project.timeout == 2.5
    # Beside top-level keys it is no such paste: "tool" is an unknown key there.
    (tmp_path / "projeval.toml").write_text(
        'timeout = 2\n[tool.projeval]\nsuites = ["b.yaml"]\n', encoding="utf-8"
    )
    with pytest.raises(ConfigError, match="tool"):
        load_project(root=tmp_path)


def test_a_pyproject_without_the_table_is_not_a_config(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert find_config(tmp_path) is None


def test_the_environment_overrides_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "projeval.toml").write_text('db = "mine.duckdb"\n', encoding="utf-8")
    assert load_project(root=tmp_path).db == tmp_path.resolve() / "mine.duckdb"
    monkeypatch.setenv(DB_ENV, "/elsewhere/h.duckdb")
    assert load_project(root=tmp_path).db == Path("/elsewhere/h.duckdb")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('suits = ["a.yaml"]\n', "unknown key 'suits' (top level). Fix: did you mean 'suites'?"),
        ('suites = "a.yaml"\n', "key 'suites' has the wrong type (top level)."),
        ("timeout = true\n", "key 'timeout' has the wrong type (top level)."),
        (
            'tokenizer = "gpt2"\n',
            "unknown tokenizer 'gpt2'. Fix: use one of: o200k_base, cl100k_base",
        ),
        ("suites = [\n", "invalid TOML: invalid value."),
    ],
)
def test_config_errors(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "projeval.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_project(root=tmp_path)
    where = f"{path}:2" if message.startswith("invalid TOML") else str(path)
    assert info.value.render().startswith(f"{where}: {message}")


def test_a_named_config_that_is_missing(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load_project(tmp_path / "nope.toml")
    assert (
        info.value.render()
        == f"{tmp_path / 'nope.toml'}: config file not found. Fix: check the --config path"
    )
