"""The settings of a run come from --config when given, else from the nearest file."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel.config_file import config_for
from cite_sentinel.core import ConfigError


def test_a_named_file_of_any_name_is_read(tmp_path: Path) -> None:
    named = tmp_path / "strict.toml"
    named.write_text('exclude = ["drafts/*"]\n[severity]\nunused-entry = "off"\n')
    config = config_for([str(tmp_path)], str(named))
    assert config.exclude == ("drafts/*",)
    assert config.severities == {"unused-entry": None}
    assert config.origin == str(named)


def test_a_named_pyproject_uses_its_tool_table(tmp_path: Path) -> None:
    named = tmp_path / "pyproject.toml"
    named.write_text('[project]\nname = "x"\n[tool.cite-sentinel]\nexclude = "old/*"\n')
    assert config_for([], str(named)).exclude == ("old/*",)


def test_a_named_pyproject_without_the_table_is_a_config_error(tmp_path: Path) -> None:
    named = tmp_path / "pyproject.toml"
    named.write_text('[project]\nname = "x"\n')
    with pytest.raises(ConfigError, match=r"has no \[tool.cite-sentinel\] table"):
        config_for([], str(named))


def test_broken_toml_names_the_file(tmp_path: Path) -> None:
    named = tmp_path / "c.toml"
    named.write_text("exclude = [\n")
    with pytest.raises(ConfigError, match=r"c\.toml: cannot read the configuration"):
        config_for([], str(named))


def test_without_config_the_nearest_file_above_the_first_path_applies(tmp_path: Path) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text('exclude = ["*.old.bib"]\n')
    paper = tmp_path / "paper" / "paper.md"
    paper.parent.mkdir()
    paper.write_text("text\n")
    assert config_for([str(paper)], None).exclude == ("*.old.bib",)


def test_a_folder_given_as_the_configuration_is_said_plainly(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as raised:
        config_for([str(tmp_path)], str(tmp_path))
    message = str(raised.value)
    assert "is a folder" in message and "Errno" not in message
