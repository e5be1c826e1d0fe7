"""Glyphs to words: where a word ends, and what size it has."""

from __future__ import annotations

import ctypes
import math
from types import SimpleNamespace

import pytest
from cite_sentinel.core.sources.pdf import glyphs
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


class _Rect(ctypes.Structure):
    _fields_ = [(name, ctypes.c_float) for name in ("left", "top", "right", "bottom")]


class _FakePdfium:
    """PDFium's text functions over one line of characters, each 5 pt wide, none generated:
    enough for `page_words` to read a font without a Unicode map."""

    FS_RECTF = _Rect

    def __init__(self, codes: list[int], angles: list[float] | None = None) -> None:
        self.codes = codes
        self.angles = angles or [0.0] * len(codes)

    def FPDFText_GetCharAngle(self, handle: object, index: int) -> float:
        return self.angles[index]

    def FPDFText_CountChars(self, handle: object) -> int:
        return len(self.codes)

    def FPDFText_GetText(self, handle: object, start: int, count: int, buffer: object) -> int:
        for index, code in enumerate(self.codes):
            buffer[index] = code  # type: ignore[index]
        return count + 1

    def FPDFText_GetUnicode(self, handle: object, index: int) -> int:
        return self.codes[index]

    def FPDFText_IsGenerated(self, handle: object, index: int) -> int:
        return 0

    def FPDFText_GetLooseCharBox(self, handle: object, index: int, rect: object) -> None:
        box = rect._obj  # type: ignore[attr-defined]
        box.left, box.right, box.bottom, box.top = 100 + 5 * index, 105 + 5 * index, 698, 708

    def FPDFText_GetCharOrigin(self, handle: object, index: int, x: object, y: object) -> None:
        x._obj.value, y._obj.value = 100 + 5 * index, BASELINE  # type: ignore[attr-defined]

    def FPDFText_GetCharBox(self, handle: object, index: int, *edges: object) -> None:
        for edge in edges:
            edge._obj.value = BASELINE  # type: ignore[attr-defined]


def test_ligatures_of_a_tex_font_without_a_unicode_map_are_read_as_letters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A bitmap T1 font gives "Cuffey" as C, u, 0x1B (its ff slot), e, y; "a\x1bb" after a space
    # is no ligature: a control code after no letter ends the word.
    fake = _FakePdfium([ord("C"), ord("u"), 0x1B, ord("e"), ord("y"), 0x20, 0x1B, ord("x")])
    monkeypatch.setattr(glyphs, "pdfium_c", fake)
    words = glyphs.page_words(SimpleNamespace(raw=object()), PAGE)
    assert [word.text for word in words] == ["Cuffey", "x"]


def test_characters_drawn_askew_across_the_page_are_no_words_of_its_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A draft's watermark, drawn at 45 degrees among a page of level text."""
    text = "Cats and dogs"
    codes = (
        [ord(char) for char in text[:5]]
        + [ord(char) for char in "DRAFT"]
        + [ord(char) for char in text[5:]]
    )
    turned = math.radians(315)
    angles = [0.0] * 5 + [turned] * 5 + [0.0] * len(text[5:])
    monkeypatch.setattr(glyphs, "pdfium_c", _FakePdfium(codes, angles))
    words = [word.text for word in glyphs.page_words(SimpleNamespace(raw=object()), PAGE)]
    assert words == ["Cats", "and", "dogs"]


def test_a_page_whose_text_is_all_turned_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    codes = [ord(char) for char in "Table of runs"]
    monkeypatch.setattr(glyphs, "pdfium_c", _FakePdfium(codes, [math.radians(90)] * len(codes)))
    words = [word.text for word in glyphs.page_words(SimpleNamespace(raw=object()), PAGE)]
    assert words == ["Table", "of", "runs"]
