"""A line as the segmenter sees it: its text and its place on the page, in relative units."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Role(StrEnum):
    """What a line is to the reference list."""

    OTHER = "other"  # text, headings, captions, author lists, acknowledgements, appendices
    HEADING = "heading"  # the list's own heading ("References", "Bibliography", …)
    FIRST = "first"  # the first line of a reference
    MORE = "more"  # a further line of the reference above


@dataclass(frozen=True, slots=True, kw_only=True)
class ListLine:
    """One printed line and its layout, each measure relative to the document's own.

    A plain-text line has the same measures in characters and blank lines: its indent in
    leading spaces, its gap as the blank lines above it plus one.
    """

    text: str
    indent: float  # ems from the left edge of its column
    shortfall: float  # share of its column's width left empty at its end (0: full line)
    gap: float | None  # distance from the line above in usual line pitches; None: new page/column
    size: float = 1.0  # its type size over the document's usual one
    raised_digits: int = 0  # superscript numbers on it (affiliation marks of an author list)
    position: float = 0.0  # how far into the document it stands, from 0 to 1
    room: bool = False  # the next line's first word would have fitted at this line's end
