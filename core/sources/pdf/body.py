"""The text outside the reference list as one string, and the way back from an offset in it to
a page, a line and a column."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.model import Location
from cite_sentinel.core.sources.pdf.margins import PageLine

_HYPHENS = "-\u2010\u2011"


@dataclass(frozen=True, slots=True)
class Body:
    """The running text, the offset where each line starts in it, and those lines."""

    text: str
    starts: tuple[int, ...]
    lines: tuple[PageLine, ...]

    def line_at(self, offset: int) -> int:
        """The index of the line holding an offset."""
        return max(bisect_right(self.starts, offset) - 1, 0)

    def location(self, path: str, start: int, end: int, label: str) -> Location:
        """Where the citation [start, end) was printed (taken to lie on one line), labelled
        `cited [12]` so that it reads apart from the entry `[12]` on the same page."""
        index = self.line_at(start)
        line = self.lines[index]
        column = start - self.starts[index] + 1
        return Location(
            path,
            line.number,
            column,
            line.number,
            column + max(end - start, 0),
            page=line.page,
            label=f"cited {label}",
        )


def body_text(lines: Sequence[PageLine]) -> Body:
    """The lines joined with spaces; a word hyphenated at a line's end is made whole again
    ("Classifica-" "tion"), a hyphen before a capital kept without a space ("Al-" "Hanai")."""
    parts: list[str] = []
    starts: list[int] = []
    length = 0
    for line in lines:
        text = line.line.text
        if parts:
            previous = parts[-1]
            if previous[-1:] in _HYPHENS and previous[-2:-1].isalpha() and text[:1].islower():
                parts[-1] = previous[:-1]  # the line's own offsets hold up to its hyphen
                length -= 1
            elif not (previous[-1:] in _HYPHENS and previous[-2:-1].isalpha()):
                parts.append(" ")
                length += 1
        starts.append(length)
        parts.append(text)
        length += len(text)
    return Body("".join(parts), tuple(starts), tuple(lines))
