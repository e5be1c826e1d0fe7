"""`cite-sentinel config` prints every setting with the file or variable it came from."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel.commands import run_command


def test_config_prints_values_and_origins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text('mailto = "lab@example.org"\n', encoding="utf-8")
    code = run_command(["config", str(tmp_path)], {"CITE_SENTINEL_TIMEOUT": "9"})
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert any(
        line.startswith('mailto = "lab@example.org"') and line.endswith(".cite-sentinel.toml")
        for line in lines
    )
    assert any(
        line.startswith("timeout = 9.0") and "CITE_SENTINEL_TIMEOUT" in line for line in lines
    )
    assert any(line.startswith("exclude = []") and line.endswith("# default") for line in lines)


def test_a_bad_configuration_is_a_usage_error_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text("timeout = 0\n", encoding="utf-8")
    assert run_command(["config", str(tmp_path)], {}) == 2
    assert ".cite-sentinel.toml: `timeout`" in capsys.readouterr().err


def test_config_reports_an_unknown_setting_as_check_does_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / ".cite-sentinel.toml"
    config.write_text('mailto = "lab@example.org"\nfail_on = ["fabricated"]\n', encoding="utf-8")
    assert run_command(["config", str(tmp_path)], {}) == 1
    configured = capsys.readouterr()
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{a, title = {A Report}, year = 2020}\n", encoding="utf-8")
    assert run_command(["check", "--offline", str(bib)], {}) == 1
    checked = capsys.readouterr().out
    said = f"{config}:2:1: warning: unknown setting `fail_on`, ignored; did you mean `fail-on`?"
    assert said in configured.err and said in checked
    assert "mailto" in configured.out
