"""Glyphs to words: where a word ends, and what size it has."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from cite_sentinel.core.sources.pdf.glyphs import _Builder

PAGE = 800.0
BASELINE = 700.0


def _glyph(left: float, width: float, height: float) -> SimpleNamespace:
    """A glyph's box in PDF coordinates (upward), sitting on the baseline."""
    return SimpleNamespace(
        left=left, right=left + width, bottom=BASELINE - 2, top=BASELINE - 2 + height
    )


def _words(
    glyphs: list[tuple[str, float, float]], *, baseline: float = BASELINE
) -> list[tuple[str, float]]:
    builder = _Builder(PAGE)
    x = 100.0
    for char, width, height in glyphs:
        builder.add(ord(char), _glyph(x, width, height), baseline, None)
        x += width
    builder.close()
    return [(word.text, word.size) for word in builder.words]


def test_digits_whose_boxes_fit_their_ink_stay_one_word_at_the_tallest_size() -> None:
    # Old-style figures in a font whose boxes are each glyph's own: "1" is shorter than "9".
    year = [("1", 5.4, 5.4), ("9", 5.5, 7.8), ("9", 5.5, 7.8), ("6", 5.5, 7.9)]
    assert _words(year) == [("1996", pytest.approx(7.9))]


def test_a_bracket_and_the_number_it_opens_are_one_label() -> None:
    assert [
        text
        for text, _ in _words(
            [("[", 2.5, 10.9), ("1", 5.4, 5.4), ("0", 5.5, 7.8), ("]", 2.5, 10.9)]
        )
    ] == ["[10]"]


def test_a_word_of_another_size_set_apart_is_another_word() -> None:
    builder = _Builder(PAGE)
    builder.add(ord("a"), _glyph(100.0, 5.0, 10.0), BASELINE, None)
    builder.add(ord("b"), _glyph(110.0, 3.0, 6.0), BASELINE, None)  # a gap and a smaller size
    builder.close()
    assert [word.text for word in builder.words] == ["a", "b"]
