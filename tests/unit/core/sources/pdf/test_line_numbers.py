"""Which numbers are a margin's line numbers, and which are labels of a list."""

from __future__ import annotations

from cite_sentinel.core.sources.pdf.glyphs import Word
from cite_sentinel.core.sources.pdf.line_numbers import without_line_numbers

PITCH = 12.0


def _word(text: str, x0: float, line: int) -> Word:
    baseline = 100 + line * PITCH
    width = 5.0 * len(text)
    return Word(
        text=text, x0=x0, x1=x0 + width, top=baseline - 8, bottom=baseline + 2,
        baseline=baseline, size=9.0,
    )  # fmt: skip


def _text_lines(count: int, *, start: float = 72.0) -> list[Word]:
    return [_word("Okonkwo,", start, line) for line in range(count)]


def test_numbers_counting_the_lines_in_a_margin_are_dropped() -> None:
    numbers = [_word(str(40 + line), 40.0, line) for line in range(12)]
    kept, _ = without_line_numbers(numbers + _text_lines(12))
    assert [word.text for word in kept] == ["Okonkwo,"] * 12


def test_every_fifth_line_numbered_is_a_margin_too() -> None:
    numbers = [_word(str(5 * (k + 1)), 40.0, 5 * k + 4) for k in range(6)]
    kept, _ = without_line_numbers(numbers + _text_lines(30))
    assert all(word.text == "Okonkwo," for word in kept)


def test_labels_beside_the_entries_they_number_are_kept() -> None:
    # "1 Okonkwo, …" with a word space after the label, each entry three lines long.
    labels = [_word(str(k + 1), 60.0, 3 * k) for k in range(8)]
    kept, _ = without_line_numbers(labels + _text_lines(24, start=68.0))
    assert sum(word.text.isdigit() for word in kept) == 8


def test_labels_set_apart_still_number_entries_not_lines() -> None:
    labels = [_word(str(k + 1), 40.0, 3 * k) for k in range(8)]
    kept, _ = without_line_numbers(labels + _text_lines(24))
    assert sum(word.text.isdigit() for word in kept) == 8


def test_a_last_page_of_three_lines_loses_the_numbers_of_the_margin_earlier_pages_numbered() -> (
    None
):
    numbers = [_word(str(40 + line), 40.0, line) for line in range(12)]
    _, edges = without_line_numbers(numbers + _text_lines(12))
    last_page = [_word(str(188 + line), 40.0, line) for line in range(3)]
    kept, _ = without_line_numbers(last_page + _text_lines(3), edges)
    assert [word.text for word in kept] == ["Okonkwo,"] * 3


def test_a_short_page_keeps_its_numbers_where_no_page_before_numbered_lines() -> None:
    labels = [_word(str(k + 1), 40.0, 3 * k) for k in range(3)]
    kept, _ = without_line_numbers(labels + _text_lines(9))
    assert sum(word.text.isdigit() for word in kept) == 3


def test_raised_labels_beside_their_entries_are_kept() -> None:
    # "³A. Einstein, …": entries of one and two lines, each label's baseline a third of a line
    # above its entry's first line, so that the labels step by one or two line pitches.
    starts = [0, 1, 3, 4, 6, 7, 9, 10]
    labels = [
        Word(
            text=str(k + 3),
            x0=62.0,
            x1=66.0,
            top=90 + PITCH * line,
            bottom=97 + PITCH * line,
            baseline=97 + PITCH * line,
            size=6.0,
        )
        for k, line in enumerate(starts)
    ]
    kept, _ = without_line_numbers(labels + _text_lines(12, start=67.0))
    assert sum(word.text.isdigit() for word in kept) == 8
