"""`format`: the reference list on stdout, the trouble of the bibliography on stderr once."""

from __future__ import annotations

import io
import re
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


def test_apa_capitalises_a_subtitle_and_ends_a_list_cut_with_and_others_with_et_al(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As pandoc's citeproc writes these entries with apa.csl."""
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{a, author = {Smith, John and Doe, Jane and others}, year = {2020},"
        " title = {Deep learning: a review of methods}, journal = {Journal of Things},"
        " volume = {3}, pages = {1--10}}\n"
        "@article{b, author = {Smith, John and others}, title = {A Study: the Second One},"
        " journal = {Journal of Things}, year = {2021}}\n"
        "@article{c, author = {Roe, Ann}, title = {deep learning: {a} review. the next step? yes},"
        " journal = {Journal of Things}, year = {2020}}\n",
        encoding="utf-8",
    )
    assert run_command(["format", str(bib), "--style", "apa"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Roe, A. (2020). Deep learning: a review. The next step? yes. *Journal of Things*.",
        "",
        "Smith, J. et al. (2021). A study: The second one. *Journal of Things*.",
        "",
        "Smith, J., Doe, J., et al. (2020). Deep learning: A review of methods. *Journal of "
        "Things*, *3*, 1–10.",
    ]


def test_the_readmes_format_examples_print_what_the_readme_shows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = Path(__file__).resolve().parents[3]
    monkeypatch.chdir(root)
    readme = (root / "README.md").read_text(encoding="utf-8")
    examples = re.findall(
        r"^\$ cite-sentinel format (.+?) \| (?:sed -n (\d+)p|head -(\d+))\n((?:(?!\$ |```).*\n)+)",
        readme,
        re.MULTILINE,
    )
    assert len(examples) == 2
    for command, line, lines, shown in examples:
        assert run_command(["format", *command.split()]) == 0
        printed = capsys.readouterr().out.splitlines()
        wanted = printed[int(line) - 1 : int(line)] if line else printed[: int(lines)]
        assert shown.splitlines() == wanted
