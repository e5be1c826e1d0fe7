"""A PDF's lines as the segmenter sees them: each line's indent, end, spacing and size measured
against its own column and the document's usual type and line pitch."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import pairwise
from statistics import median

from cite_sentinel.core.sources.pdf.margins import PageLine
from cite_sentinel.core.sources.segment import ListLine

_FULL_LINE_WORDS = 4  # lines with this many words set a column's right edge
_EDGE_QUANTILE = 0.9  # the right edge: where nine lines in ten end, or before
_FEW_LINES = 8  # a column with fewer lines may not show its own left edge


def list_lines(lines: Sequence[PageLine]) -> list[ListLine]:
    """Every line with its layout in relative units, in the order given."""
    if not lines:
        return []
    lefts = _left_edges(lines)
    rights = _right_edges(lines)
    size = median(line.line.size for line in lines) or 1.0
    pitches = _pitches(lines)
    usual = median(pitch for pitch in pitches if pitch is not None) if any(pitches) else None
    last = max(len(lines) - 1, 1)
    listed: list[ListLine] = []
    for index, (page_line, pitch) in enumerate(zip(lines, pitches, strict=True)):
        line = page_line.line
        em = line.size or size
        left = min(lefts[(page_line.page, line.column)], line.x0)
        right = rights[(page_line.page, line.column)]
        width = max(right - left, em)
        listed.append(
            ListLine(
                text=line.text,
                indent=(line.x0 - left) / em,
                shortfall=min(max((right - line.x1) / width, 0.0), 1.0),
                gap=pitch / usual if pitch is not None and usual else None,
                size=line.size / size,
                raised_digits=sum(
                    raised and word.text.strip(",;").isdigit()
                    for word, raised in zip(line.words, line.superscript, strict=True)
                ),
                position=index / last,
                room=_room(page_line, lines[index + 1] if index + 1 < len(lines) else None, right),
            )
        )
    return listed


def _room(line: PageLine, after: PageLine | None, right: float) -> bool:
    """Whether the next line's first word would have fitted at this line's end: then the
    line was ended on purpose (an entry's end), not by the typesetter."""
    if after is None or not after.line.words or after.page != line.page:
        return False
    first = after.line.words[0]
    return line.line.x1 + (first.x1 - first.x0) + 0.3 * line.line.size < right


def _left_edges(lines: Sequence[PageLine]) -> dict[tuple[int, int], float]:
    """Where the lines of each column of each page start when not indented. A column of a few
    lines (the end of a list on its last page) may all be indented: it takes the edge of the
    same column on other pages of its parity (a book's odd and even pages differ)."""
    starts: dict[tuple[int, int], list[float]] = defaultdict(list)
    for line in lines:
        if len(line.line.text.split()) > 1:
            starts[(line.page, line.line.column)].append(line.line.x0)
    for line in lines:
        starts.setdefault((line.page, line.line.column), [line.line.x0])
    edges = {place: min(found) for place, found in starts.items()}
    typical: dict[tuple[int, int], list[float]] = defaultdict(list)
    for (page, column), found in starts.items():
        if len(found) >= _FEW_LINES:
            typical[(page % 2, column)].append(edges[(page, column)])
    for (page, column), found in starts.items():
        usual = typical.get((page % 2, column)) or typical.get((1 - page % 2, column))
        if len(found) < _FEW_LINES and usual:
            edges[(page, column)] = min(edges[(page, column)], median(usual))
    return edges


def _right_edges(lines: Sequence[PageLine]) -> dict[tuple[int, int], float]:
    """Where the full lines of each column of each page end."""
    ends: dict[tuple[int, int], list[float]] = defaultdict(list)
    every: dict[tuple[int, int], list[float]] = defaultdict(list)
    for line in lines:
        place = (line.page, line.line.column)
        every[place].append(line.line.x1)
        if len(line.line.text.split()) >= _FULL_LINE_WORDS:
            ends[place].append(line.line.x1)
    edges: dict[tuple[int, int], float] = {}
    for place, all_ends in every.items():
        full = sorted(ends.get(place) or all_ends)
        edges[place] = full[min(int(len(full) * _EDGE_QUANTILE), len(full) - 1)]
    return edges


def _pitches(lines: Sequence[PageLine]) -> list[float | None]:
    """The distance from the line above, in ems of the line, None at a new page or column."""
    pitches: list[float | None] = [None]
    for previous, line in pairwise(lines):
        same = previous.page == line.page and previous.line.column == line.line.column
        distance = line.line.top - previous.line.top
        em = line.line.size or 1.0
        pitches.append(distance / em if same and distance > 0 else None)
    return pitches
