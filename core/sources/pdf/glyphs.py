"""A PDF page's characters as words with boxes: what the layout step orders into lines.

PDFium gives each character its code point, a loose box (from the font's ascent and descent:
the same height for every glyph of a font, so a good measure of its size) and an origin on
the baseline. Coordinates here run downward from the top of the page, in points.
"""

from __future__ import annotations

import ctypes
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pypdfium2.raw as pdfium_c
from cite_sentinel.core.sources.reflist_markup import whole_characters

# PDFium writes a line-end hyphen it recognised as U+0002 (U+FFFE in its text).
_LINE_END_HYPHENS = frozenset({0x02, 0xFFFE})
_HYPHENS = frozenset({0x2D, 0x2010, 0x2011, 0xAD, *_LINE_END_HYPHENS})
_SPACES = frozenset({0x20, 0x09, 0x0A, 0x0D, 0xA0, 0x2002, 0x2003, 0x2009, 0x200A, 0x202F})
_GAP = 0.3  # a gap wider than this many ems between two glyphs separates words
_SHIFT = 0.2  # a baseline moved by this many ems starts a new word (superscripts)
_RAISED = 0.25  # a digit whose ink starts this many ems above the baseline is a superscript
_SAME_BASELINE = 0.05  # ems: letters this close to one baseline sit on it
_TOUCHING = 0.05  # ems: a glyph this close to the last one touches it
_ASKEW_DEGREES = 5  # a glyph turned further than this from the page's text is none of it
# pdfLaTeX sets `\\'e` as a spacing accent and a letter; they are put back together.
_COMBINING = {
    "\u00b4": "\u0301",
    "\u0060": "\u0300",
    "\u00a8": "\u0308",
    "\u02c6": "\u0302",
    "\u02dc": "\u0303",
    "\u00b8": "\u0327",
    "\u02c7": "\u030c",
    "\u02d8": "\u0306",
    "\u02da": "\u030a",
    "\u02dd": "\u030b",
}
_ACCENT_CODES = frozenset(ord(accent) for accent in _COMBINING)
_ACCENT_BEFORE = re.compile(
    "([\u00b4\u0060\u00a8\u02c6\u02dc\u02c7\u02d8\u02da\u02dd])([^\\W\\d_])"
)
_CEDILLA_AFTER = re.compile("([^\\W\\d_])\u00b8")
# A TeX font without a Unicode map (a bitmap Type 3 font) gives its ligatures' slots as their
# codes: T1's ff, fi, fl, ffi, ffl at 0x1B-0x1F, OT1's at 0x0B-0x0F ("Cu\x1bey" is Cuffey).
# Between letters, such a code is the ligature, not a control character.
_CONTROL_LIGATURES = {
    0x1B: 0xFB00, 0x1C: 0xFB01, 0x1D: 0xFB02, 0x1E: 0xFB03, 0x1F: 0xFB04,
    0x0B: 0xFB00, 0x0C: 0xFB01, 0x0D: 0xFB02, 0x0E: 0xFB03, 0x0F: 0xFB04,
}  # fmt: skip
_LIGATURES = {
    0xFB00: "ff",
    0xFB01: "fi",
    0xFB02: "fl",
    0xFB03: "ffi",
    0xFB04: "ffl",
    0xFB05: "st",
    0xFB06: "st",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Word:
    """A run of glyphs without a space, on one baseline, in one size."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    baseline: float
    size: float  # the loose box's height: the font's em as drawn
    raised: float = 0.0  # how far the glyphs' ink sits above the baseline, in ems
    hyphen: bool = False  # ends with a hyphen: the word may continue on the next line


def page_words(textpage: Any, height: float) -> list[Word]:
    """Every word of a page in the order PDFium reads it (content order)."""
    handle = textpage.raw
    count = pdfium_c.FPDFText_CountChars(handle)
    codes = _codes(handle, count)
    loose = pdfium_c.FS_RECTF()
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    x, y = ctypes.c_double(), ctypes.c_double()
    loose_box, origin = pdfium_c.FPDFText_GetLooseCharBox, pdfium_c.FPDFText_GetCharOrigin
    loose_ref, x_ref, y_ref = ctypes.byref(loose), ctypes.byref(x), ctypes.byref(y)
    builder = _Builder(height)
    askew = _askew(handle, count)
    for index, code in enumerate(codes):
        if askew[index]:
            builder.close()  # a watermark across the page, a stamp up its margin
            continue
        if code in _LINE_END_HYPHENS:
            code = 0x2D
        elif code == 0x20 and pdfium_c.FPDFText_IsGenerated(handle, index) == 1:
            builder.pause()  # PDFium's guess, sometimes wrong beside an accent
            continue
        elif code in _CONTROL_LIGATURES and builder.after_letter():
            if pdfium_c.FPDFText_IsGenerated(handle, index) == 1:
                builder.close()  # PDFium's own line end, not a glyph
                continue
            code = _CONTROL_LIGATURES[code]
        elif code in _SPACES or code < 0x20:
            builder.close()
            continue
        loose_box(handle, index, loose_ref)
        origin(handle, index, x_ref, y_ref)
        ink = None
        if 0x30 <= code <= 0x39 or code in (0x2C, 0x2013):
            pdfium_c.FPDFText_GetCharBox(handle, index, left, right, bottom, top)
            ink = bottom.value - y.value  # a digit's ink starts on the baseline unless raised
        builder.add(code, loose, y.value, ink)
    builder.close()
    return builder.words


def _askew(handle: Any, count: int) -> list[bool]:
    """Which characters are drawn at another angle than most of the page's text: a draft's
    diagonal watermark ("Unpublished working draft"), a repository's stamp up the margin. A
    page whose text is all turned (a landscape table) keeps it: its own angle is the usual."""
    angle = pdfium_c.FPDFText_GetCharAngle
    degrees = [round(math.degrees(angle(handle, index))) % 360 for index in range(count)]
    if not degrees:
        return []
    usual = Counter(degrees).most_common(1)[0][0]
    return [min((d - usual) % 360, (usual - d) % 360) > _ASKEW_DEGREES for d in degrees]


def _codes(handle: Any, count: int) -> list[int]:
    """Every character's code point, fetched at once; one by one where the text and the
    characters do not pair up (characters outside the Basic Multilingual Plane)."""
    buffer = (ctypes.c_ushort * (count + 1))()
    written = pdfium_c.FPDFText_GetText(handle, 0, count, buffer)
    if written == count + 1 and not any(0xD800 <= unit < 0xE000 for unit in buffer[:count]):
        return list(buffer[:count])
    return [pdfium_c.FPDFText_GetUnicode(handle, index) for index in range(count)]


class _Builder:
    """Glyphs to words: a space, a gap, a jump back or a moved baseline ends a word."""

    __slots__ = ("_bottom", "_chars", "_height", "_ink", "_last_size", "_paused", "_size",
                 "_top", "_up", "_x0", "_x1", "_y", "words")  # fmt: skip

    def __init__(self, height: float) -> None:
        self._height = height
        self._chars: list[str] = []
        self._ink: list[float] = []
        self._x0 = self._x1 = self._y = self._size = self._top = self._bottom = 0.0
        self._paused = False
        self._up = False  # the last glyph is a raised digit (a superscript set in the font)
        self._last_size = 0.0  # the em of the glyph before, for punctuation that follows it
        self.words: list[Word] = []

    def after_letter(self) -> bool:
        """Whether the word being built ends in a letter (a ligature may follow)."""
        return bool(self._chars) and self._chars[-1][-1:].isalpha()

    def pause(self) -> None:
        """A space PDFium inferred: the word ends unless the next glyph touches it."""
        self._paused = True

    def add(self, code: int, box: Any, baseline: float, ink: float | None) -> None:
        if code in _ACCENT_CODES and self._chars:
            self._chars.append(chr(code))  # drawn over a letter: neither a gap nor a new word
            return
        size = max(box.top - box.bottom, 0.1)
        if not chr(code).isalnum() and self._last_size:
            size = self._last_size  # punctuation's box may be its glyph's, not its font's
        up = ink is not None and ink >= _RAISED * size
        if self._chars:
            em = max(size, self._size)
            if (
                (self._paused and box.left > self._x1 + 0.1 * em)
                or abs(baseline - self._y) > _SHIFT * em
                or box.left > self._x1 + _GAP * em
                or box.right < self._x0
                or (
                    abs(size - self._last_size) > 0.15 * em
                    and not self._touching(code, box, baseline)
                )
                or (up and not self._up)
                or (self._up and not up and chr(code).isalnum())
            ):
                self.close()
        self._paused = False
        if not self._chars:
            self._x0, self._y, self._size = box.left, baseline, size
            self._top, self._bottom = box.top, box.bottom
        elif chr(code).isalnum():
            self._size = max(self._size, size)  # a word's size is its tallest letter's
        self._x1 = max(self._x1, box.right) if self._chars else box.right
        self._top = max(self._top, box.top)
        self._bottom = min(self._bottom, box.bottom)
        self._chars.append(_LIGATURES.get(code) or chr(code))
        self._last_size = size
        self._up = up or (self._up and not chr(code).isalnum())
        if ink is not None:
            self._ink.append(ink)

    def _touching(self, code: int, box: Any, baseline: float) -> bool:
        """A letter or digit of another size touching the last on its baseline, one word, not a
        superscript: "S" then "EMMENS" in small capitals (acm.bst's names); "1" then "996"
        and "[" then "10" where a font's boxes fit each glyph's ink instead of the font (old-style
        figures)."""
        em = max(box.top - box.bottom, self._size)
        return (
            chr(code).isalnum()
            and (self._chars[-1].isalnum() or self._chars[-1] in "-'’[(")  # "Tajadura-Jiménez"
            and abs(baseline - self._y) <= _SAME_BASELINE * em
            and box.left <= self._x1 + _TOUCHING * em
        )

    def close(self) -> None:
        self._paused = False
        if not self._chars:
            return
        # Characters beyond the Basic Multilingual Plane ("𝓁") come as two UTF-16 halves.
        text = whole_characters(_compose("".join(self._chars)))
        hyphen = ord(text[-1]) in _HYPHENS
        raised = 0.0
        if self._ink and not any(char.isalpha() for char in text):
            raised = min(self._ink) / self._size
        self.words.append(
            Word(
                text=text.replace("\u00ad", "-"),
                x0=self._x0,
                x1=self._x1,
                top=self._height - self._top,
                bottom=self._height - self._bottom,
                baseline=self._height - self._y,
                size=self._size,
                raised=max(raised, 0.0),
                hyphen=hyphen,
            )
        )
        self._chars = []
        self._ink = []
        self._up = False


def _compose(text: str) -> str:
    """Spacing accents put back on their letters: `Qu´ebec` is Québec, `C¸` is Ç."""
    if not any(char in _COMBINING for char in text):
        return text
    text = _ACCENT_BEFORE.sub(lambda m: m[2].replace("ı", "i") + _COMBINING[m[1]], text)
    text = _CEDILLA_AFTER.sub(lambda m: m[1] + _COMBINING["\u00b8"], text)
    return unicodedata.normalize("NFC", text)
