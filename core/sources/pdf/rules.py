"""A drawn rule that starts a line of text, read as the dash it stands for.

Author-year styles print a reference by the same authors as the one before with a rule in
place of the names (economics' `econ.bst`, Chicago and MLA's "3-em dash"): in a PDF that rule
is often a drawn line, not a character, so the line's text starts with the year ("(2004)
…") and its text starts where a continuation line's would. Each such rule becomes a word
"———" in its place: the segmenter sees a same-author entry begin there, and the reference
reader takes the names of the entry before (core.sources.refparse.text).

A rule counts when it is thin and a few ems long, sits between the x-height and the baseline
of the text that follows it closely on its line, nothing is printed over it (an underline or
a strike-through is not one), and nothing stands just before it on that line.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any

import pypdfium2.raw as pdfium_c
from cite_sentinel.core.sources.pdf.glyphs import Word

SAME_AUTHORS = "———"
_THIN = 1.2  # points: at most this thick
_SHORTEST, _LONGEST = 1.2, 8.0  # ems long
_AFTER = 1.5  # ems: the text that follows starts within this distance of the rule's end
_BEFORE = 2.0  # ems: no word ends this close before the rule
_LIMIT = 20_000  # page objects looked at on one page (a drawing of many paths is no list)


@dataclass(frozen=True, slots=True)
class _Rule:
    left: float
    right: float
    middle: float  # from the top of the page


def rule_words(page: Any, height: float, words: list[Word]) -> list[Word]:
    """A "———" word for each drawn rule that stands where a line's names would."""
    rules = _thin_lines(page, height)
    if not rules or not words:
        return []
    found: list[Word] = []
    for rule in rules:
        following = _following(rule, words)
        if following is not None and not _covered(rule, following, words):
            found.append(
                Word(
                    text=SAME_AUTHORS,
                    x0=rule.left,
                    x1=rule.right,
                    top=following.top,
                    bottom=following.bottom,
                    baseline=following.baseline,
                    size=following.size,
                )
            )
    return found


def _thin_lines(page: Any, height: float) -> list[_Rule]:
    count = min(pdfium_c.FPDFPage_CountObjects(page.raw), _LIMIT)
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    box = (ctypes.byref(left), ctypes.byref(bottom), ctypes.byref(right), ctypes.byref(top))
    rules: list[_Rule] = []
    for index in range(count):
        handle = pdfium_c.FPDFPage_GetObject(page.raw, index)
        if pdfium_c.FPDFPageObj_GetType(handle) != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        if not pdfium_c.FPDFPageObj_GetBounds(handle, *box):
            continue
        if top.value - bottom.value <= _THIN and right.value > left.value:
            middle = height - (top.value + bottom.value) / 2
            rules.append(_Rule(left.value, right.value, middle))
    return rules


def _following(rule: _Rule, words: list[Word]) -> Word | None:
    """The word that starts right after the rule on its line, when the rule is as long and
    placed as a dash in that text would be."""
    best: Word | None = None
    for word in words:
        size = word.size
        if not (word.baseline - 0.9 * size <= rule.middle <= word.baseline + 0.1 * size):
            continue
        if not 0 <= word.x0 - rule.right <= _AFTER * size:
            continue
        if not _SHORTEST * size <= rule.right - rule.left <= _LONGEST * size:
            continue
        if best is None or word.x0 < best.x0:
            best = word
    return best


def _covered(rule: _Rule, following: Word, words: list[Word]) -> bool:
    """Whether text is printed over the rule or just before it on its line."""
    room = _BEFORE * following.size
    for word in words:
        if abs(word.baseline - following.baseline) > 0.3 * following.size:
            continue
        if word.x0 < rule.right and word.x1 > rule.left:
            return True  # over it: an underline or a strike-through
        if rule.left - room < word.x1 <= rule.left:
            return True  # just before it: a rule inside a line of text
    return False
