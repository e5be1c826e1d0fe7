"""PDFs build through `pandoc --filter cite-sentinel` with pdflatex, xelatex and lualatex."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.e2e.filter_run import FILTER
from tests.fakeapi import FakeApi

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
ENGINES = {  # engine → the Debian package that has it
    "pdflatex": "texlive-latex-base",
    "xelatex": "texlive-xetex",
    "lualatex": "texlive-luatex",
}
STYLES = {"numbered": (), "html": (), "apa": (), "none": ("--citeproc",)}
# In the example, against the fake API: 3 works miscited and 3 fabricated.
FAILED_KEYS = 6


def _engine(name: str) -> str:
    if shutil.which(name) is None:
        pytest.skip(f"{name} is not installed (apt-get install {ENGINES[name]})")
    return name


def _pdf(
    pandoc: str, pdf: Path, *args: str, offline: bool = False
) -> tuple[subprocess.CompletedProcess[str], str]:
    """pandoc on the example paper to `pdf`; the run and the PDF's text."""
    env = {**os.environ, "CITE_SENTINEL_OFFLINE": "1"} if offline else dict(os.environ)
    run = subprocess.run(
        [pandoc, "paper.md", "--filter", FILTER, *args, "-o", str(pdf)],
        cwd=EXAMPLES,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if run.returncode != 0 or not pdf.is_file():
        return run, ""
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    return run, text.replace("-\n", "")  # words TeX hyphenated at a line's end, whole


@pytest.mark.slow
@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_the_example_builds_a_pdf_with_its_marks_in_every_engine_and_style(
    pandoc3: str, fake_api: FakeApi, tmp_path: Path, engine: str, style: str
) -> None:
    args = ("--pdf-engine", _engine(engine), "-M", f"cite-sentinel-style={style}")
    run, text = _pdf(pandoc3, tmp_path / "paper.pdf", *args, *STYLES[style])
    assert run.returncode == 0, run.stderr
    assert text.count("[!]") >= FAILED_KEYS, text  # in the text, and in the list's notes
    assert "Nowlan" in text and "Tsitsiklis" in text, text


@pytest.mark.slow
def test_the_readme_example_builds_a_pdf_offline(pandoc: str, tmp_path: Path) -> None:
    _engine("pdflatex")
    run, text = _pdf(pandoc, tmp_path / "paper.pdf", offline=True)
    assert run.returncode == 0, run.stderr
    assert "[1]" in text and "[!]" not in text, "an unverified work is not marked"
    assert "could not ask" in run.stderr


@pytest.mark.slow
@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_a_chosen_mark_on_unverified_works_builds_in_every_engine(
    pandoc3: str, tmp_path: Path, engine: str
) -> None:
    marked = ("-M", "cite-sentinel-mark-on=unverified", "-M", "cite-sentinel-mark=(?)")
    run, text = _pdf(
        pandoc3, tmp_path / "paper.pdf", "--pdf-engine", _engine(engine), *marked, offline=True
    )
    assert run.returncode == 0, run.stderr
    assert text.count("(?)") >= 12, text  # every defined work the paper cites
