"""String offsets to 1-based line/column Locations, so every reader reports spans alike."""

from __future__ import annotations

from bisect import bisect_right

from cite_sentinel.core.model import Location


class LineIndex:
    """The line starts of one text; turns offsets (code points) into Locations."""

    __slots__ = ("_path", "_starts")

    def __init__(self, text: str, path: str) -> None:
        self._path = path
        starts = [0]
        starts.extend(index + 1 for index, char in enumerate(text) if char == "\n")
        self._starts = starts

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and column of an offset."""
        line = bisect_right(self._starts, offset) - 1
        return line + 1, offset - self._starts[line] + 1

    def location(self, start: int, end: int) -> Location:
        """The Location of the span [start, end)."""
        line, column = self.position(start)
        end_line, end_column = self.position(end)
        return Location(self._path, line, column, end_line, end_column)

    def line_of(self, offset: int) -> int:
        """1-based line of an offset."""
        return bisect_right(self._starts, offset)
