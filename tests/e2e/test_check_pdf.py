"""The real `cite-sentinel check` on PDFs: reports in every format, exit codes, bad files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakeapi import FakeApi
from tests.support.pdf_papers import typeset

BIB = """@article{okonkwo2019, author = {Okonkwo, Adaeze and Varga, Bence},
  title = {Sparse Graph Inference for Robust Representation Learning},
  journal = {Journal of Machine Learning Research}, year = {2019}}
@article{lindqvist2021, author = {Lindqvist, Ingrid}, title = {Adaptive Signal Estimation},
  journal = {Journal of Machine Learning Research}, year = {2021}}"""
PAPER = """#set page(paper: "a5", numbering: "1")
= Introduction
Sparse graphs help @okonkwo2019. Signals too @lindqvist2021.
#bibliography("refs.bib", style: "ieee")
"""


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in {"FORCE_COLOR", "CI"}}
    return subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "check", *args],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    path = tmp_path / "paper.pdf"
    path.write_bytes(typeset(PAPER, {"refs.bib": BIB}))
    return path


@pytest.mark.slow
def test_invented_references_in_a_pdf_fail_the_check_with_their_page(
    fake_api: FakeApi, paper: Path
) -> None:
    run = _run("paper.pdf", cwd=paper.parent)
    assert run.returncode == 1, run.stderr
    assert "paper.pdf:p1:[1]: error: 1: " in run.stdout
    assert "[fabricated]" in run.stdout
    assert "2 references and 2 citations in 1 file" in run.stdout


@pytest.mark.slow
def test_json_and_sarif_reports_of_a_pdf_carry_pages(fake_api: FakeApi, paper: Path) -> None:
    run = _run("paper.pdf", "--format", "json", "--output", "report.json", "--format", "sarif",
               "--output", "report.sarif", cwd=paper.parent)  # fmt: skip
    assert run.returncode == 1, run.stderr
    report = json.loads((paper.parent / "report.json").read_text(encoding="utf-8"))
    assert {ref["location"]["page"] for ref in report["references"]} == {1}
    assert {ref["location"]["label"] for ref in report["references"]} == {"[1]", "[2]"}
    log = json.loads((paper.parent / "report.sarif").read_text(encoding="utf-8"))
    regions = [
        result["locations"][0]["physicalLocation"]["region"] for result in log["runs"][0]["results"]
    ]
    assert all(region["properties"]["page"] == 1 for region in regions)


@pytest.mark.slow
def test_an_unreadable_pdf_exits_2_and_the_other_inputs_are_still_checked(
    fake_api: FakeApi, paper: Path
) -> None:
    (paper.parent / "locked.pdf").write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 4)
    run = _run("locked.pdf", "paper.pdf", cwd=paper.parent)
    assert run.returncode == 2, run.stderr
    assert "locked.pdf:1:1: error: cannot read locked.pdf: it is damaged" in run.stdout
    assert "paper.pdf:p1:[2]" in run.stdout  # the readable PDF's references got their verdicts
    assert "Traceback" not in run.stderr
