"""`format`: the reference list on stdout, the trouble of the bibliography on stderr once."""

from __future__ import annotations

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
