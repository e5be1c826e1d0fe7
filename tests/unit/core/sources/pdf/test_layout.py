"""A page's words as lines: raised marks, justified short lines and narrow gutters."""

from __future__ import annotations

from cite_sentinel.core.sources.pdf.glyphs import Word
from cite_sentinel.core.sources.pdf.layout import page_lines

SIZE = 10.0
CHAR = 5.0  # points a character takes


def _row(text: str, x0: float, baseline: float, *, space: float = 2.5) -> list[Word]:
    """The words of `text` from x0 on, `space` points apart."""
    words = []
    for piece in text.split():
        width = CHAR * len(piece)
        words.append(
            Word(
                text=piece,
                x0=x0,
                x1=x0 + width,
                top=baseline - 8,
                bottom=baseline + 2,
                baseline=baseline,
                size=SIZE,
            )
        )
        x0 += width + space
    return words


def _spread(text: str, left: float, right: float, baseline: float) -> list[Word]:
    """A justified line: its words spread from edge to edge."""
    pieces = text.split()
    ink = CHAR * sum(len(piece) for piece in pieces)
    return _row(text, left, baseline, space=(right - left - ink) / (len(pieces) - 1))


def test_a_raised_plus_of_an_alpha_label_stays_on_its_line() -> None:
    words = _row("[DHH", 72, 100) + _row("20] Matt Deitke, Winson Han.", 99.5, 100)
    raised = Word(text="+", x0=92.0, x1=99.0, top=91.0, bottom=97.5, baseline=96.4, size=SIZE)
    lines = page_lines([*words, raised], 600)
    assert [line.text for line in lines] == ["[DHH + 20] Matt Deitke, Winson Han."]


def test_a_justified_line_of_few_words_is_one_line_not_two_columns() -> None:
    entry = (
        "Ding, X., Zhang, Z., Chen, X. and Huang, Y. A novel pooling strategy for full",
        "International Conference on Acoustics, Speech and Signal Processing, ICASSP",
        "2015, South Brisbane, Queensland, Australia,",
        "April 19-24, 2015, pp. 3053-3057 (2015).",
    )
    words: list[Word] = []
    for number, text in enumerate([*entry, *entry, *entry]):
        baseline = 100 + 12 * number
        last = number % len(entry) == len(entry) - 1
        words += _row(text, 72, baseline) if last else _spread(text, 72, 440, baseline)
    lines = page_lines(words, 595)
    assert {line.column for line in lines} == {0}
    assert lines[2].text == "2015, South Brisbane, Queensland, Australia,"


def test_a_row_is_cut_where_its_space_is_the_gutter_however_narrow() -> None:
    texts = (
        "we study sparse graphs in depth as done before",
        "others did so too in all",
        "stochastic baselines are known to help us all",
        "in most settings of it as",
    )
    words: list[Word] = []
    for number in range(12):
        baseline = 100 + 12 * number
        words += _spread(texts[number % 4], 72, 300, baseline)  # LaTeX's 10 pt between columns
        words += _spread(texts[(number + 1) % 4], 310, 538, baseline)
    crowded = 100 + 12 * 12  # a hyphen reaches into the gutter, the next column starts early
    words += _spread("networks (Mordatch et al.) measure effi-", 72, 301.5, crowded)
    words += _spread("“Towards a competitive end-to-end speech", 308.8, 538, crowded)
    lines = page_lines(words, 612)
    row = [line for line in lines if line.top == crowded - 8]
    assert [(line.column, line.text) for line in row] == [
        (1, "networks (Mordatch et al.) measure effi-"),
        (2, "“Towards a competitive end-to-end speech"),
    ]


def test_a_raised_number_hanging_out_before_its_entry_is_the_entrys_label() -> None:
    """AAPM's and AIP's entries: "³⁷ J. M. Smith, …" with the small raised number in the
    margin more than an em before the text's left edge."""
    text = _row("J. M. Smith, Molecular dynamics (Academic, New York,", 72, 100)
    label = Word(text="37", x0=60.0, x1=66.0, top=89.5, bottom=96.5, baseline=95.5, size=6.5)
    lines = page_lines([*text, label, *_row("1980).", 72, 112)], 600)
    assert lines[0].text.startswith("37 J. M. Smith")
    assert [line.text for line in lines[1:]] == ["1980)."]
