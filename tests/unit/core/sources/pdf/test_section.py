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


def test_a_numbered_list_of_works_that_print_no_year_is_the_reference_list() -> None:
    section = find_section(
        _lines(
            "1 Introduction",
            "As the handbooks say.",
            "References",
            "[1] Doctoral Candidates: A Handbook For Completing the Steps.",
            "[2] Publishing Your Dissertation: How to Prepare Your Manuscript.",
            "[3] Publication style manuals are available at the Main Library.",
        )
    )
    assert section is not None
    assert [entry.lines[0].line.text[:3] for entry in section.entries] == ["[1]", "[2]", "[3]"]


def test_a_list_dated_year_month_day_is_the_reference_list() -> None:
    section = find_section(
        _lines(
            "References",
            "[1] Missier, A. mismath: mathematical macros. CTAN, v2.0 2022/11/11.",
            "[2] Schmidt, W. The icomma package. CTAN, v2.0 2002/03/10.",
        )
    )
    assert section is not None and len(section.entries) == 2


def test_an_example_under_a_bibliography_heading_with_neither_stays_text() -> None:
    section = find_section(
        _lines("Bibliography", "\\printbibliography", "Run biber, then LaTeX twice.")
    )
    assert section is None
