"""Printed lines joined back into one reference's text: identifiers a line break cut made
whole, and the words after a whole identifier left apart."""

from __future__ import annotations

from collections import Counter

import pytest
from cite_sentinel.core.sources.pdf.hyphens import Words
from cite_sentinel.core.sources.pdf.joining import joined_text
from cite_sentinel.core.sources.pdf.layout import Line
from cite_sentinel.core.sources.pdf.margins import PageLine


def _lines(*texts: str) -> list[PageLine]:
    return [
        PageLine(
            line=Line(
                text=text,
                x0=72.0,
                x1=300.0,
                top=100.0 + 12 * number,
                bottom=110.0 + 12 * number,
                size=10.0,
                column=0,
                column_left=72.0,
                words=(),
                superscript=(),
                starts=(),
            ),
            page=1,
            number=number + 1,
        )
        for number, text in enumerate(texts)
    ]


def _joined(*texts: str) -> str:
    return joined_text(_lines(*texts), {}, Words(Counter()))


@pytest.mark.parametrize(
    ("first", "second", "joined"),
    [
        # the rest of the DOI in lower case, a digit in it, after the DOI's own full stop
        (
            "pages 9921-9922, 2019. doi: 10.1609/aaai.",
            "v33i01.33019921.",
            "10.1609/aaai.v33i01.33019921.",
        ),
        # before the full stop, and after the slash
        ("2019. doi: 10.1609/aaai", ".v33i01.33019921.", "10.1609/aaai.v33i01.33019921."),
        ("2020. https://doi.org/10.1093/", "nar/gkab123", "https://doi.org/10.1093/nar/gkab123"),
        ("2023. doi: 10.1038/s41586-", "023-06221-2.", "10.1038/s41586-023-06221-2."),
    ],
)
def test_an_identifier_cut_at_a_line_end_is_joined(first: str, second: str, joined: str) -> None:
    assert joined in _joined(first, second)


@pytest.mark.parametrize(
    ("first", "second", "apart"),
    [
        # a whole DOI, then the next sentence: a capital, or a word without a digit
        (
            "Phys. Rev. D 90, 014508. doi: 10.1103/PhysRevD.90.014508.",
            "URL https://x.org",
            "014508. URL",
        ),
        ("2019. doi: 10.1000/xyz123.", "Accessed 2 May 2020.", "xyz123. Accessed"),
        ("2019. doi: 10.1000/xyz123.", "in press.", "xyz123. in press"),
    ],
)
def test_a_word_after_a_whole_identifier_stays_apart(first: str, second: str, apart: str) -> None:
    assert apart in _joined(first, second)
