"""`check --ground`: the scorer chosen by flags or by the configuration's [ground] table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command

PAPER = "---\nbibliography: refs.bib\n---\n\nAspirin prevents strokes [@smith2020].\n"
BIB = "@article{smith2020, title = {Aspirin and Stroke}, year = 2020}\n"


@pytest.fixture
def paper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "paper.md").write_text(PAPER, encoding="utf-8")
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # as if not installed
    return tmp_path / "paper.md"


def test_embeddings_asked_in_the_configuration_without_the_extra_say_what_to_install(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (paper.parent / ".cite-sentinel.toml").write_text(
        "[ground]\nembeddings = true\n", encoding="utf-8"
    )
    assert run_command(["check", str(paper), "--ground", "--offline", "--quiet"]) == 2
    captured = capsys.readouterr()
    assert "pip install 'cite-sentinel[embeddings]'" in captured.err
    assert "Traceback" not in captured.err


def test_the_embeddings_flag_without_the_extra_says_what_to_install(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(["check", str(paper), "--ground", "--embeddings", "--offline"]) == 2
    assert "pip install 'cite-sentinel[embeddings]'" in capsys.readouterr().err


def test_scorer_without_ground_is_a_usage_error(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(["check", str(paper), "--scorer", "anthropic"]) == 2
    assert "--scorer is used only with --ground" in capsys.readouterr().err
