"""The full configuration: file, then environment, then flags; each value knows its origin."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from cite_sentinel.core import ConfigError, Severity, check, load_config
from cite_sentinel.core.config import Allowed, settings, with_environment, with_flags

PYPROJECT = """
[tool.cite-sentinel]
sources = ["crossref", "openalex"]
mailto = "lab@example.org"
timeout = 7
fail-on = ["fabricated", "retracted"]
exclude = ["drafts/*"]

[tool.cite-sentinel.rate-limits]
crossref = 2

[tool.cite-sentinel.severity]
unused-entry = "off"

[[tool.cite-sentinel.allow]]
key = "smith2020"
reason = "a technical report the indexes do not hold"

[[tool.cite-sentinel.allow]]
doi = "10.1000/ABC"
reason = "in press"
"""


def _config(tmp_path: Path, text: str = PYPROJECT) -> Path:
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    return tmp_path


def test_every_setting_is_read_from_pyproject(tmp_path: Path) -> None:
    config = load_config(_config(tmp_path))
    assert config.sources == ("crossref", "openalex")
    assert (config.mailto, config.timeout) == ("lab@example.org", 7.0)
    assert config.fail_on == ("fabricated", "retracted")
    assert dict(config.rate_limits) == {"crossref": 2.0}
    assert config.allow == (
        Allowed(key="smith2020", reason="a technical report the indexes do not hold"),
        Allowed(doi="10.1000/abc", reason="in press"),
    )
    assert config.origin_of("mailto") == str(tmp_path / "pyproject.toml")
    assert config.origin_of("unused_entries") == "default"


def test_the_environment_overrides_the_file_and_flags_override_both(tmp_path: Path) -> None:
    config = load_config(_config(tmp_path))
    config = with_environment(config, {"CITE_SENTINEL_MAILTO": "ci@example.org"})
    config = with_flags(config, {"fail_on": ("miscited",), "timeout": None})
    assert config.mailto == "ci@example.org"
    assert config.origin_of("mailto") == "environment CITE_SENTINEL_MAILTO"
    assert config.fail_on == ("miscited",)
    assert config.origin_of("fail_on") == "flag --fail-on"
    assert config.timeout == 7.0


def test_settings_list_each_value_with_its_origin(tmp_path: Path) -> None:
    rows = {
        name: (value, origin) for name, value, origin in settings(load_config(_config(tmp_path)))
    }
    assert rows["sources"] == ('["crossref", "openalex"]', str(tmp_path / "pyproject.toml"))
    assert rows["unused-entries"] == ("true", "default")


@pytest.mark.parametrize(
    ("setting", "words"),
    [
        ('sources = ["crossref", "googlescholar"]', "does not know googlescholar"),
        ("timeout = -1", "above 0"),
        ('fail-on = ["wrong"]', "does not know wrong"),
        ('[[allow]]\nkey = "a"', "needs a key or a doi, and a reason"),
        ("[rate-limits]\ncrossref = 0", "rate-limits.crossref"),
    ],
)
def test_a_bad_value_names_the_file_and_what_to_use(
    tmp_path: Path, setting: str, words: str
) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text(setting + "\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=words) as raised:
        load_config(tmp_path)
    assert str(tmp_path / ".cite-sentinel.toml") in str(raised.value)


def test_a_bad_environment_value_names_the_variable() -> None:
    from cite_sentinel.core.config import Config

    with pytest.raises(ConfigError, match="environment CITE_SENTINEL_SOURCES"):
        with_environment(Config(), {"CITE_SENTINEL_SOURCES": "bing"})


def test_the_ground_table_chooses_the_scorer_and_embeddings(tmp_path: Path) -> None:
    config = load_config(
        _config(tmp_path, '[tool.cite-sentinel.ground]\nscorer = "anthropic"\nembeddings = true\n')
    )
    assert (config.scorer, config.embeddings) == ("anthropic", True)
    assert config.origin_of("embeddings") == str(tmp_path / "pyproject.toml")
    rows = {name: (value, origin) for name, value, origin in settings(config)}
    assert rows["ground.scorer"] == ('"anthropic"', str(tmp_path / "pyproject.toml"))
    flagged = with_flags(config, {"scorer": "local", "embeddings": None})
    assert (flagged.scorer, flagged.embeddings) == ("local", True)
    assert flagged.origin_of("scorer") == "flag --scorer"


def test_the_ground_table_can_turn_groundedness_on_for_every_check(tmp_path: Path) -> None:
    assert load_config(_config(tmp_path, "")).ground is False
    config = load_config(_config(tmp_path, "[tool.cite-sentinel.ground]\nenabled = true\n"))
    assert config.ground is True
    rows = {name: (value, origin) for name, value, origin in settings(config)}
    assert rows["ground.enabled"] == ("true", str(tmp_path / "pyproject.toml"))


@pytest.mark.parametrize(
    ("ground", "words"),
    [
        ('scorer = "oracle"', "ground.scorer = 'oracle'; use one of local, voyage, anthropic"),
        ('embeddings = "yes"', "ground.embeddings must be true or false"),
        ('enabled = "yes"', "ground.enabled must be true or false"),
        (
            "embedings = true",
            "[ground] does not know embedings; use enabled, scorer, embeddings",
        ),
    ],
)
def test_a_wrong_ground_setting_names_the_value_and_the_choices(
    tmp_path: Path, ground: str, words: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        load_config(_config(tmp_path, f"[tool.cite-sentinel.ground]\n{ground}\n"))
    assert words in str(raised.value)


def test_a_misspelt_key_is_a_warning_at_its_line_naming_the_key_meant(tmp_path: Path) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text(
        'mailto = "lab@example.org"\nexlude = ["drafts/"]\n', encoding="utf-8"
    )
    config = load_config(tmp_path)
    (notice,) = config.notices
    assert notice.code == "unknown-setting"
    assert notice.severity == Severity.WARNING
    assert notice.location.path.endswith(".cite-sentinel.toml")
    assert notice.location.line == 2
    assert "`exlude`" in notice.message and "did you mean `exclude`?" in notice.message
    assert "exclude" in notice.hint


def test_an_unknown_table_in_pyproject_is_found_below_its_own_header(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.cite-sentinel]\ntimeout = 5\n\n'
        "[tool.cite-sentinel.severty]\nunused-entry = 'off'\n",
        encoding="utf-8",
    )
    (notice,) = load_config(tmp_path).notices
    assert notice.location.line == 7
    assert "did you mean `severity`?" in notice.message


def test_a_severities_table_is_read_as_the_severity_table(tmp_path: Path) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text(
        '[severities]\nunused-entry = "off"\n', encoding="utf-8"
    )
    config = load_config(tmp_path)
    assert config.notices == ()
    assert config.severities["unused-entry"] is None


def test_known_keys_raise_no_warning(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    assert load_config(tmp_path).notices == ()


def test_unknown_settings_can_be_turned_off_for_a_newer_versions_keys(tmp_path: Path) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text(
        'future-thing = 1\n[severity]\nunknown-setting = "off"\n', encoding="utf-8"
    )
    assert load_config(tmp_path).notices == ()


def test_a_check_reports_the_misspelt_key_with_the_files_findings(tmp_path: Path) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text('exlude = ["x"]\n', encoding="utf-8")
    entry = "@misc{a, author = {Ann Smith}, title = {A}, year = 2020}\n"
    (tmp_path / "refs.bib").write_text(entry, encoding="utf-8")
    result = asyncio.run(check([str(tmp_path)], config=load_config(tmp_path)))
    assert [finding.code for finding in result.findings] == ["unknown-setting"]


def test_a_config_file_that_is_not_utf8_is_explained_with_its_line(tmp_path: Path) -> None:
    (tmp_path / ".cite-sentinel.toml").write_bytes(b'timeout = 5\nmailto = "m\xfcller@x.org"\n')
    with pytest.raises(ConfigError) as raised:
        load_config(tmp_path)
    message = str(raised.value)
    assert ".cite-sentinel.toml:2: " in message
    assert "not UTF-8" in message and "save it as UTF-8" in message
    assert "codec" not in message
