"""Running heads, running feet and page numbers are peeled off each page's edges; text is not."""

from __future__ import annotations

from cite_sentinel.core.sources.pdf.document import Page
from cite_sentinel.core.sources.pdf.layout import Line
from cite_sentinel.core.sources.pdf.margins import strip_margins


def _line(text: str, top: float, height: float = 9.0) -> Line:
    return Line(
        text=text, x0=99.0, x1=500.0, top=top, bottom=top + height, size=height,
        column=0, column_left=99.0, words=(), superscript=(), starts=(),
    )  # fmt: skip


def _page(number: int, *lines: Line) -> Page:
    return Page(number=number, width=612.0, height=792.0, lines=lines, links=(), images=False)


_WORDS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota")


def _body(number: int) -> list[Line]:
    """Eight lines of text, other words on each page (digits alike would read as a head)."""
    return [
        _line(f"The {_WORDS[number]} text goes on, {_WORDS[row]} words.", 100.0 + 12.5 * row)
        for row in range(8)
    ]


def test_a_foot_of_two_lines_is_peeled_off_every_page() -> None:
    """ "ECP 0 (2020), paper 0." over "Page 2/5", the one just below the other: each stands apart
    from the text, not from the other."""
    pages = [
        _page(
            number,
            *_body(number),
            _line("ECP 0 (2020), paper 0. https://www.imstat.org/ecp", 767.0, 7.2),
            _line(f"Page {number}/4", 774.5, 7.9),
        )
        for number in range(1, 5)
    ]
    kept = [line.line.text for line in strip_margins(pages)]
    assert not any("ECP" in text or text.startswith("Page") for text in kept)
    assert len(kept) == 4 * 8


def test_a_last_line_of_text_close_above_a_page_number_is_kept() -> None:
    """A page number set just below the text takes itself off, never the text's last line."""
    pages = [
        _page(number, *_body(number), _line(f"{number}", 100.0 + 12.5 * 8 + 40.0))
        for number in range(1, 4)
    ]
    kept = [line.line.text for line in strip_margins(pages)]
    assert kept == [line.text for number in range(1, 4) for line in _body(number)]
