"""The document's lines without running heads and page numbers, numbered from the first page.

A running head or foot repeats (digits aside) at the top or bottom of many pages; a page
number stands alone at the top or bottom. Left in, either would land inside a reference that
runs from one page to the next.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.sources.pdf.document import Page
from cite_sentinel.core.sources.pdf.layout import Line

_FOLIO = re.compile(
    r"^(?:[-–—]\s*)?(?:page\s+)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s*(?:of|/)\s*\d{1,4})?(?:\s*[-–—])?$",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"\d+")
_EDGE = 3  # lines looked at from the top and from the bottom of each page
_APART = 1.2  # a folio stands this many of its heights away from the text
_SET_OFF = 0.25  # a running head or foot stands further from the text than lines stand apart


@dataclass(frozen=True, slots=True)
class PageLine:
    """A line kept, with its page and its number in the document's extracted text."""

    line: Line
    page: int  # 1-based
    number: int  # 1-based, counting kept lines from the first page


def strip_margins(pages: Sequence[Page]) -> list[PageLine]:
    """Every line that is not a running head, a running foot or a page number."""
    repeated = _repeated(pages)
    kept: list[PageLine] = []
    for page in pages:
        dropped = _dropped(page, repeated)
        for index, line in enumerate(page.lines):
            if index not in dropped:
                kept.append(PageLine(line, page.number, len(kept) + 1))
    return kept


def _edges(page: Page) -> list[int]:
    """The indexes of the top-most and bottom-most few lines of a page."""
    by_top = sorted(range(len(page.lines)), key=lambda index: page.lines[index].top)
    return sorted(set(by_top[:_EDGE] + by_top[-_EDGE:]))


def _repeated(pages: Sequence[Page]) -> set[str]:
    """Edge texts (digits blanked) found at one place on several pages."""
    counts: Counter[str] = Counter()
    for page in pages:
        counts.update({_shape(page.lines[index]) for index in _edges(page)})
    needed = max(2, len(pages) // 3)
    return {shape for shape, count in counts.items() if count >= needed and len(pages) > 1}


def _dropped(page: Page, repeated: set[str]) -> set[int]:
    """Lines peeled off the top and the bottom while they are heads, feet or folios: a line
    between two kept lines is text, however regular the page."""
    lines = page.lines
    by_top = sorted(range(len(lines)), key=lambda index: lines[index].top)
    dropped: set[int] = set()
    for order in (by_top, by_top[::-1]):
        edge = order[:_EDGE]
        marginal = {i for i in edge if _is_folio(lines[i]) or _shape(lines[i]) in repeated}
        # a foot may be two lines ("ECP 0 (2020), paper 0." over "Page 5/5"): each stands
        # apart from the text, not from the other
        text = [line for index, line in enumerate(lines) if index not in marginal]
        for index in edge:
            line = lines[index]
            folio = _is_folio(line) and _alone(line, text, _APART)
            head = _shape(line) in repeated and _alone(line, text, _SET_OFF)
            if not (folio or head):
                break
            dropped.add(index)
    return dropped


def _is_folio(line: Line) -> bool:
    return bool(_FOLIO.match(line.text.strip()))


def _shape(line: Line) -> str:
    """The text with digits blanked, and where it stands: a running head keeps its place."""
    text = _DIGITS.sub("#", " ".join(line.text.split()).casefold())
    return f"{round(line.top / 4)}:{text}"


def _alone(line: Line, lines: Sequence[Line], apart: float) -> bool:
    """Nothing else within `apart` of the line's height above or below it."""
    height = max(line.bottom - line.top, 1.0)
    for other in lines:
        if other is line:
            continue
        if other.bottom > line.top - apart * height and other.top < line.bottom + apart * height:
            return False
    return True
