"""A PDF's whole text, by the isolated PDFium that reads reference lists: the groundedness
full text. A PDF over its limits gives no text and says why."""

from __future__ import annotations

from cite_sentinel.core.sources.pdf.isolated import MIB, PdfLimits
from cite_sentinel.core.sources.pdf.text import pdf_text

from tests.support.hostile_pdfs import bomb_pdf, many_pages_pdf, text_pdf


def test_the_pages_are_one_text_with_words_broken_across_lines_made_whole() -> None:
    pages = [
        ["Aspirin lowered the risk of stroke in adults with classifica-"],
        ["tion by age, and the effect of time-", "series models lasted a decade."],
    ]
    read = pdf_text(text_pdf(pages))
    assert read.reason == ""
    assert read.text == (
        "Aspirin lowered the risk of stroke in adults with classification by age, and the"
        " effect of time-series models lasted a decade."
    )


def test_a_pdf_over_its_page_limit_gives_no_text_and_says_why() -> None:
    read = pdf_text(many_pages_pdf(4), PdfLimits(pages=2))
    assert read.text == ""
    assert "only the first 2 were read" in read.reason


def test_a_page_beyond_the_memory_limit_gives_no_text_rather_than_a_crash() -> None:
    read = pdf_text(bomb_pdf(400 * MIB), PdfLimits(memory=128 * MIB, page_seconds=5.0))
    assert read.text == "" and read.reason


def test_a_file_that_is_no_pdf_says_so() -> None:
    read = pdf_text(b"%PDF-1.4 this is not a pdf")
    assert read.text == "" and read.reason
