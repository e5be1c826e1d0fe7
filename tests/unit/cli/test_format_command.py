"""`format`: the reference list on stdout, the trouble of the bibliography on stderr once."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command


def test_a_syntax_error_is_said_once_with_its_place_and_the_rest_is_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{broken,\n title = {Unclosed,\n year = 2020\n\n"
        "@article{ok2020, title = {Fine Work}, author = {Ng, Andrew}, year = 2020}\n",
        encoding="utf-8",
    )
    assert run_command(["format", str(bib), "--style", "apa"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "Ng, A. (2020). Fine work.\n"
    [line] = [line for line in captured.err.splitlines() if "never closed" in line]
    assert line.startswith(f"{bib}:2:")
    assert line.count("count the braces") == 1


def test_a_console_that_cannot_encode_accents_gets_the_list_in_utf8(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{m, title = {Über Züge}, author = {Müller, Jürgen}, year = 2020}\n",
        encoding="utf-8",
    )
    sink = io.BytesIO()
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(sink, encoding="ascii"))
    assert run_command(["format", str(bib), "--style", "apa"]) == 0
    assert sink.getvalue().decode("utf-8").startswith("Müller, J. (2020). Über Züge.")
