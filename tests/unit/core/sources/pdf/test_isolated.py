"""PDFs read in a child bounded in memory, pages and time: a bomb costs its own pages, never the
process that reads it, and the pages around it are still read."""

from __future__ import annotations

import pytest
from cite_sentinel.core.findings import Code
from cite_sentinel.core.sources.pdf import read_pdf
from cite_sentinel.core.sources.pdf.document import Opened, Trouble, Unopened
from cite_sentinel.core.sources.pdf.isolated import MIB, PdfLimits, open_isolated

from tests.support.hostile_pdfs import (
    Deflated,
    bomb_pdf,
    deflated,
    many_pages_pdf,
    pdf_of,
    text_bomb,
    text_pdf,
    text_stream,
)

REFERENCES = [
    "References",
    "[1] A. Okonkwo. Sparse graph inference. Journal of Machine Learning Research, 2019.",
    "[2] B. Varga. Adaptive baselines for stochastic signals. Nature, 2021.",
]
SMALL = PdfLimits(memory=256 * MIB, page_seconds=5.0)


def _texts(opened: Opened) -> list[str]:
    return [" ".join(line.text for line in page.lines) for page in opened.pages]


def test_a_page_that_needs_too_much_memory_is_left_out_and_the_next_is_read() -> None:
    pdf = pdf_of([text_stream(["Before the bomb"]), text_bomb(60_000_000), text_stream(REFERENCES)])
    opened = open_isolated(pdf, SMALL)
    assert isinstance(opened, Opened)
    assert [page.number for page in opened.pages] == [1, 3]
    assert "Before the bomb" in _texts(opened)[0]
    assert opened.limits == ("page 2 needed more than 256 MB of memory and was left out",)


def test_a_page_that_takes_too_long_is_left_out() -> None:
    pdf = pdf_of([text_bomb(20_000_000), text_stream(["After"])])
    opened = open_isolated(pdf, PdfLimits(page_seconds=0.2))
    assert isinstance(opened, Opened)
    assert [page.number for page in opened.pages] == [2]
    assert opened.limits == ("page 1 took longer than 0 s and was left out",)


def test_after_a_few_bad_pages_the_rest_is_left_unread() -> None:
    bomb = Deflated(deflated(b"BT /F1 1 Tf 1 1 Td (ab) Tj ET\n", 60_000_000))
    opened = open_isolated(
        pdf_of([bomb] * 6, shared=True), PdfLimits(memory=256 * MIB, bad_pages=2)
    )
    assert isinstance(opened, Opened)
    assert opened.pages == ()
    assert opened.limits[-1] == "pages 3–6 were left unread after 2 such pages"


def test_only_the_first_pages_of_a_very_long_document_are_read() -> None:
    opened = open_isolated(many_pages_pdf(12), PdfLimits(pages=5))
    assert isinstance(opened, Opened)
    assert len(opened.pages) == 5
    assert opened.limits == ("it has 12 pages and only the first 5 were read",)


def test_a_document_has_a_time_budget_by_its_size() -> None:
    pdf = pdf_of([text_bomb(8_000_000)] * 40)
    limits = PdfLimits(base_seconds=1.0, seconds_per_mb=0.0)
    opened = open_isolated(pdf, limits)
    assert isinstance(opened, Opened)
    assert len(opened.pages) < 40
    assert opened.limits[-1].startswith("reading it took longer than 1 s (the limit for a file")
    assert opened.limits[-1].endswith("–40 were left out")


def test_pdfs_that_cannot_be_opened_still_say_why() -> None:
    assert open_isolated(b"not a pdf at all") == Unopened(
        Trouble.NOT_PDF, "it does not start with %PDF"
    )
    damaged = open_isolated(b"%PDF-1.7\n" + b"garbage" * 100)
    assert isinstance(damaged, Unopened) and damaged.trouble is Trouble.DAMAGED


def test_a_zero_filled_bomb_is_read_as_a_page_without_text_within_the_limits() -> None:
    read = read_pdf(bomb_pdf(200_000_000, fill=b"\0"), "zeros.pdf")
    (finding,) = read.findings
    assert finding.code == Code.UNREADABLE_FILE
    assert "hold no text" in finding.message


def test_the_reader_says_which_limit_was_reached_and_checks_the_rest() -> None:
    read = read_pdf(pdf_of([text_stream(REFERENCES), *[b""] * 2100]), "long.pdf")
    (finding,) = read.findings
    assert finding.code == Code.INPUT_LIMIT
    assert finding.message.startswith(
        "long.pdf: it has 2,101 pages and only the first 2,000 were read; what was read was checked"
    )
    assert len(read.references) == 2


@pytest.mark.slow
def test_a_bomb_under_the_default_limits_costs_only_its_page() -> None:
    pdf = pdf_of([text_bomb(200_000_000), text_stream(REFERENCES)])
    read = read_pdf(pdf, "bomb.pdf")
    limits = [finding for finding in read.findings if finding.code == Code.INPUT_LIMIT]
    assert len(limits) == 1
    assert limits[0].message.startswith("bomb.pdf: page 1 ")
    assert "left out" in limits[0].message
    assert len(read.references) == 2


def test_a_text_pdf_is_read_whole() -> None:
    opened = open_isolated(text_pdf([["Page one"], REFERENCES]))
    assert isinstance(opened, Opened)
    assert opened.limits == ()
    assert "Okonkwo" in _texts(opened)[1]
