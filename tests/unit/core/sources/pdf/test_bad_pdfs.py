"""PDFs that cannot be read, or hold nothing to check: a clear finding each, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Severity
from cite_sentinel.core.sources.pdf import read_pdf, read_pdf_file

from tests.support.pdf_papers import encrypted, png, typeset

PAPER = """#set page(paper: "a5")
= Introduction
Graphs help @okonkwo2019.
#bibliography("refs.bib", style: "ieee")
"""
BIB = """@article{okonkwo2019, author = {Okonkwo, Adaeze}, title = {Sparse Graph Inference},
  journal = {Journal of Machine Learning Research}, year = {2019}}"""


@pytest.fixture(scope="module")
def paper() -> bytes:
    return typeset(PAPER, {"refs.bib": BIB})


def test_an_encrypted_pdf_asks_for_a_copy_without_password(paper: bytes) -> None:
    (finding,) = read_pdf(encrypted(paper), "locked.pdf").findings
    assert finding.code == Code.UNREADABLE_FILE
    assert finding.severity is Severity.ERROR
    assert "cannot read locked.pdf: it is encrypted with a password" in finding.message
    assert "without the password" in finding.hint


def test_a_scanned_pdf_says_it_has_no_text_and_suggests_ocr() -> None:
    scan = typeset(
        '#set page(paper: "a5", margin: 0pt)\n'
        '#image("scan.png", width: 100%)\n#pagebreak()\n#image("scan.png", width: 100%)\n',
        {"scan.png": png(60, 80)},
    )
    (finding,) = read_pdf(scan, "scan.pdf").findings
    assert finding.code == Code.UNREADABLE_FILE
    assert "its 2 pages are images without a text layer" in finding.message
    assert "OCR" in finding.hint


def test_bytes_that_are_no_pdf_are_refused_with_the_reason() -> None:
    (finding,) = read_pdf(b"\x00\x01 not a pdf at all", "fake.pdf").findings
    assert finding.code == Code.UNREADABLE_FILE
    assert "it does not start with %PDF" in finding.message


def test_a_damaged_pdf_is_refused_with_what_pdfium_said() -> None:
    (finding,) = read_pdf(b"%PDF-1.7\n" + bytes(range(256)) * 4, "damaged.pdf").findings
    assert finding.code == Code.UNREADABLE_FILE
    assert "cannot read damaged.pdf: it is damaged (data format error)" in finding.message


def test_a_broken_cross_reference_table_is_repaired_and_the_list_read(paper: bytes) -> None:
    broken = re.sub(rb"startxref\s+\d+", b"startxref\n999999", paper)
    broken = re.sub(rb"\d{10} \d{5} n", b"0000000001 00000 n", broken)
    read = read_pdf(broken, "broken.pdf")
    assert [ref.title for ref in read.references] == ["Sparse Graph Inference"]


def test_a_missing_file_is_a_finding_not_an_exception(tmp_path: Path) -> None:
    (finding,) = read_pdf_file(tmp_path / "absent.pdf").findings
    assert finding.code == Code.UNREADABLE_FILE
    assert "no such file" in finding.message or "cannot be opened" in finding.message


def test_a_pdf_with_text_but_no_reference_list_says_so() -> None:
    pdf = typeset('#set page(paper: "a5")\n= Notes\nThis page cites nothing at all.\n')
    (finding,) = read_pdf(pdf, "notes.pdf").findings
    assert finding.code == Code.PARSE_ERROR
    assert finding.severity is Severity.WARNING
    assert "notes.pdf: no reference list found" in finding.message


def test_scanned_pages_are_named_when_no_list_is_found() -> None:
    pdf = typeset(
        '#set page(paper: "a5")\n= Notes\nThe references were scanned.\n#pagebreak()\n'
        '#image("scan.png", width: 100%)\n',
        {"scan.png": png(40, 40)},
    )
    (finding,) = read_pdf(pdf, "half.pdf").findings
    assert "page 2 has no text layer; run OCR" in finding.message


def test_a_pipe_named_like_a_pdf_is_refused_without_waiting(tmp_path: Path) -> None:
    import os

    pipe = tmp_path / "paper.pdf"
    os.mkfifo(pipe)
    (finding,) = read_pdf_file(pipe).findings
    assert "it is not a regular file" in finding.message
