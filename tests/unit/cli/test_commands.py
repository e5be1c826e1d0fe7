"""Usage mistakes get one clear sentence and exit 2; help lists the exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel import __version__
from cite_sentinel.commands import run_command


def test_help_lists_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        run_command(["check", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "exit codes:" in out
    for code in ("0 ", "1 ", "2 ", "3 "):
        assert f"\n  {code}" in out
    assert "--fail-on" in out and "--format" in out


@pytest.mark.parametrize("command", ["fix", "format", "ground", "lsp", "mcp", "config"])
def test_each_commands_help_gives_its_own_options_and_exit_codes(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        run_command([command, "--help"])
    out = capsys.readouterr().out
    assert "exit codes:" in out
    assert "--fail-on" not in out and "--max-unavailable" not in out  # check's, not theirs
    assert "3    too many sources" not in out


def test_fix_help_says_what_its_exit_1_means(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_command(["fix", "--help"])
    out = capsys.readouterr().out
    assert "\n  1    the diff shows something to fix" in out and "--complete" in out


def test_version_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_command(["--version"])
    assert capsys.readouterr().out.strip() == f"cite-sentinel {__version__}"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["check", "--format", "xml", "x.bib"], "invalid choice: 'xml'"),
        (["check"], "the following arguments are required: PATH"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        ([], "the following arguments are required: COMMAND"),
        (["check", "--fail-on", "wrong", "x.bib"], "--fail-on does not know wrong"),
        (["check", "--offline", "--refresh", "x.bib"], "exclude each other"),
        (["check", "--max-unavailable", "2", "x.bib"], "between 0 and 1"),
        (["mcp", "--root", "/no/such/folder"], "--root /no/such/folder: no such folder"),
        (["mcp", "--http", "70000"], "a port is a number from 0 to 65535"),
    ],
)
def test_a_usage_mistake_is_one_line_and_exit_2(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(args) == 2
    err = capsys.readouterr().err
    assert said in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_a_missing_config_file_is_exit_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.toml"
    assert run_command(["check", "--config", str(missing), str(tmp_path)]) == 2
    assert f"{missing}: no such configuration file" in capsys.readouterr().err


def test_a_bad_config_value_is_exit_2_with_its_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text("exclude = 3\n")
    assert run_command(["check", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "`exclude` must be a string or a list of strings" in err
    assert "Traceback" not in err
