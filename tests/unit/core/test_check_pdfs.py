"""core.check on PDFs: named or found in folders, beside other inputs, with their own citations."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel.core import Status, check
from cite_sentinel.core.findings import Code

from tests.support.pdf_papers import typeset
from tests.unit.core.fakes import ByTitle

BIB = """@article{okonkwo2019, author = {Okonkwo, Adaeze}, title = {Sparse Graph Inference},
  journal = {Journal of Machine Learning Research}, year = {2019}}
@article{varga2020, author = {Varga, Bence}, title = {Invented Stochastic Baselines},
  journal = {Journal of Machine Learning Research}, year = {2020}}
@article{tanaka2018, author = {Tanaka, Haruto}, title = {Visual Benchmarks Revisited},
  journal = {Journal of Machine Learning Research}, year = {2018}}"""
PAPER = """#set page(paper: "a5")
= Introduction
Graphs help @okonkwo2019, and baselines too @varga2020.
#bibliography("refs.bib", style: "ieee", full: true)
"""


@pytest.fixture(scope="module")
def pdf() -> bytes:
    return typeset(PAPER, {"refs.bib": BIB})


async def test_a_pdfs_verdicts_show_at_the_entry_and_where_the_text_cites_it(
    tmp_path: Path, pdf: bytes
) -> None:
    paper = tmp_path / "paper.pdf"
    paper.write_bytes(pdf)
    result = await check([str(paper)], verifier=ByTitle())
    places = {str(f.location) for f in result.findings if f.code == Code.FABRICATED}
    assert places == {f"{paper}:p1:[2]", f"{paper}:p1:cited [2]"}


async def test_an_entry_the_pdf_never_cites_is_reported(tmp_path: Path, pdf: bytes) -> None:
    paper = tmp_path / "paper.pdf"
    paper.write_bytes(pdf)
    result = await check([str(paper)])
    (unused,) = [f for f in result.findings if f.code == Code.UNUSED_ENTRY]
    assert unused.key == "3"
    assert unused.location.label == "[3]"


async def test_a_folder_is_walked_for_pdfs_and_figures_are_left_alone(
    tmp_path: Path, pdf: bytes
) -> None:
    (tmp_path / "paper.pdf").write_bytes(pdf)
    (tmp_path / "figures").mkdir()
    (tmp_path / "figures" / "plot.pdf").write_bytes(typeset("#rect(width: 2cm)"))
    result = await check([str(tmp_path)])
    assert result.files == (str(tmp_path / "paper.pdf"),)
    assert result.unreadable == ()


async def test_a_pdf_beside_its_source_is_not_read_twice(tmp_path: Path, pdf: bytes) -> None:
    (tmp_path / "paper.pdf").write_bytes(pdf)
    (tmp_path / "paper.typ").write_text(PAPER, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    result = await check([str(tmp_path)])
    assert sorted(Path(name).name for name in result.files) == ["paper.typ", "refs.bib"]


async def test_a_bad_pdf_in_a_batch_is_reported_and_the_rest_still_checked(
    tmp_path: Path, pdf: bytes
) -> None:
    (tmp_path / "broken.pdf").write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 4)
    (tmp_path / "paper.pdf").write_bytes(pdf)
    names = [str(tmp_path / "broken.pdf"), str(tmp_path / "paper.pdf")]
    result = await check(names, verifier=ByTitle())
    assert result.unreadable == (str(tmp_path / "broken.pdf"),)
    assert {f.code for f in result.findings if f.location.path == names[0]} == {
        Code.UNREADABLE_FILE
    }
    assert len([v for v in result.verdicts if v.status is Status.FABRICATED]) == 1


async def test_a_pdfs_citations_are_not_checked_against_a_bib_beside_it(
    tmp_path: Path, pdf: bytes
) -> None:
    (tmp_path / "paper.pdf").write_bytes(pdf)
    (tmp_path / "other.bib").write_text(BIB.replace("okonkwo2019", "unrelated"), encoding="utf-8")
    result = await check([str(tmp_path)])
    unused = {f.location.path for f in result.findings if f.code == Code.UNUSED_ENTRY}
    assert unused == {str(tmp_path / "paper.pdf")}
