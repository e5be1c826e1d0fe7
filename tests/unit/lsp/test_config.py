"""Server settings: the client's values over `.cite-sentinel.toml`, which may be read again."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core import Severity
from cite_sentinel.lsp.config import (
    fulltext_dir,
    grounding_on,
    reloaded,
    scorer_choice,
    setting_problems,
    settings_for,
    verification_config,
)


def test_backends_become_the_sources_asked_and_unknown_names_are_dropped() -> None:
    settings = settings_for(None, {"backends": ["Crossref", "nowhere", "arxiv"]})
    assert settings.backends == ("crossref", "arxiv")
    assert verification_config(settings).sources == ("crossref", "arxiv")


def test_without_backends_the_files_sources_are_asked(tmp_path: Path) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text('sources = ["openalex"]\n', "utf-8")
    assert verification_config(settings_for(tmp_path, {})).sources == ("openalex",)


def test_a_reloaded_file_keeps_the_clients_settings_on_top(tmp_path: Path) -> None:
    config = tmp_path / ".cite-sentinel.toml"
    config.write_text('[severity]\nunused-entry = "off"\n', "utf-8")
    settings = settings_for(tmp_path, {"offline": True, "severity": {"miscited": "error"}})
    config.write_text('[severity]\nunused-entry = "warning"\n', "utf-8")
    again = reloaded(tmp_path, settings)
    assert again.offline is True
    assert again.config.severities == {
        "unused-entry": Severity.WARNING,
        "miscited": Severity.ERROR,
    }


def test_the_scorer_is_the_clients_else_the_files_ground_table(tmp_path: Path) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text('[ground]\nscorer = "anthropic"\n', "utf-8")
    assert scorer_choice(settings_for(tmp_path, {})) == ("anthropic", False)
    chosen = settings_for(tmp_path, {"scorer": "local", "embeddings": True})
    assert scorer_choice(chosen) == ("local", True)


def test_groundedness_is_the_clients_choice_else_the_files(tmp_path: Path) -> None:
    assert grounding_on(settings_for(tmp_path, {})) is False
    (tmp_path / ".cite-sentinel.toml").write_text("[ground]\nenabled = true\n", "utf-8")
    assert grounding_on(settings_for(tmp_path, {})) is True
    assert grounding_on(settings_for(tmp_path, {"ground": False})) is False


def test_a_relative_fulltext_folder_is_found_in_the_workspace(tmp_path: Path) -> None:
    (tmp_path / "papers").mkdir()
    assert fulltext_dir(tmp_path, settings_for(tmp_path, {"fulltext": "papers"})) == (
        tmp_path / "papers"
    )
    assert fulltext_dir(tmp_path, settings_for(tmp_path, {"fulltext": "missing"})) is None


def test_wrongly_typed_settings_are_named_with_what_they_should_be() -> None:
    problems = setting_problems(
        {
            "cite-sentinel": {
                "verify": "no",
                "debounceMs": "fast",
                "backends": "crossref",
                "severity": {"unused-entry": 3, "miscited": "error"},
                "mailto": 5,
            }
        }
    )
    assert len(problems) == 5
    joined = " ".join(problems)
    for name in ("verify", "debounceMs", "backends", "severity.unused-entry", "mailto"):
        assert f"cite-sentinel.{name}" in joined
    assert "true or false" in joined and "'no'" in joined


def test_unknown_backends_and_unknown_keys_of_other_tools_are_told_apart() -> None:
    (problem,) = setting_problems({"backends": ["crossref", "nowhere"], "serverPath": "x"})
    assert "cite-sentinel.backends" in problem and "'nowhere'" in problem
    assert setting_problems({"serverPath": "x", "verify": False, "severity": {}}) == ()
    assert setting_problems(None) == ()


def test_a_boolean_is_no_debounce_delay() -> None:
    assert settings_for(None, {"debounceMs": True}).debounce_ms == 200
    assert setting_problems({"debounceMs": True})


def test_the_environment_sits_between_the_file_and_the_clients_settings(tmp_path: Path) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text('sources = ["openalex"]\ntimeout = 5\n', "utf-8")
    environ = {"CITE_SENTINEL_SOURCES": "crossref,arxiv", "CITE_SENTINEL_TIMEOUT": "9"}
    settings = settings_for(tmp_path, {}, environ=environ)
    assert (settings.config.sources, settings.config.timeout) == (("crossref", "arxiv"), 9.0)
    chosen = settings_for(tmp_path, {"backends": ["datacite"]}, environ=environ)
    assert verification_config(chosen).sources == ("datacite",)
    assert reloaded(tmp_path, chosen, environ).config.timeout == 9.0


def test_an_empty_list_of_settings_is_no_settings_and_no_complaint() -> None:
    # Neovim's Lua encodes an empty table, `init_options = {}`, as the JSON array []
    assert setting_problems([]) == ()
    assert settings_for(None, []) == settings_for(None, None)
    assert setting_problems([1]) != ()  # a list with something in it is still wrong


def test_keys_the_client_accepts_join_those_of_the_files_allow_list(tmp_path: Path) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text(
        '[[allow]]\nkey = "memo2019"\nreason = "in-house"\n', "utf-8"
    )
    config = settings_for(tmp_path, {"accept": ["report2020"]}).config
    assert {item.key for item in config.allow} == {"memo2019", "report2020"}
