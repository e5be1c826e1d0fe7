"""Where the reference list ends: at the appendix that follows it, not inside an entry."""

from __future__ import annotations

from cite_sentinel.core.sources.pdf.layout import Line
from cite_sentinel.core.sources.pdf.margins import PageLine
from cite_sentinel.core.sources.pdf.section import find_section


def _lines(*texts: str) -> list[PageLine]:
    lines = []
    for number, text in enumerate(texts, start=1):
        width = min(5.0 * len(text), 228.0)  # as a justified column of 10 pt type sets it
        line = Line(
            text=text, x0=72, x1=72 + width, top=12.0 * number, bottom=12.0 * number + 10, size=10,
            column=0, column_left=72, words=(), superscript=(), starts=(),
        )  # fmt: skip
        lines.append(PageLine(line, 1, number))
    return lines


def test_a_line_of_an_entry_that_starts_like_an_appendix_heading_stays_in_the_list() -> None:
    section = find_section(
        _lines(
            "1 Introduction",
            "As shown before.",
            "References",
            "Huang, X. (2024) “Examining the Role of Peer",
            "Acknowledgements on Social Annotations,” in",
            "Proceedings of CHI, pp. 1–10.",
            "Appendix",
            "A proof follows.",
        )
    )
    assert section is not None
    (entry,) = section.entries
    assert entry.lines[-1].line.text == "Proceedings of CHI, pp. 1–10."
