"""Plain-text lines as the segmenter sees them: a text file has no type sizes or positions, but
its indents, blank lines and line lengths play their part."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.sources.segment.lines import ListLine

_SPACES_PER_EM = 2  # a plain-text indent of two spaces reads like an em of type
_TAB = 4
_FILLED = 0.85  # a line this long against the longest fills the width
_FEWEST_FILLED = 2
_FILLED_SHARE = 0.3  # a wrapped text fills the width on this share of its lines at least


def text_lines(lines: Sequence[str]) -> list[ListLine]:
    """The non-blank lines of a text, each with its indent, the blank lines above it (as a gap
    of one plus their number) and how short it falls of the width the text is wrapped at. A
    text whose lines do not fill a width (one reference a line) is not wrapped: each of its
    lines ends where its writer ended it."""
    widths = [len(line.rstrip()) for line in lines if line.strip()]
    longest = max(widths, default=1) or 1
    filled = sum(width >= _FILLED * longest for width in widths)
    wrapped = filled >= max(_FEWEST_FILLED, _FILLED_SHARE * len(widths))
    kept = [index for index, line in enumerate(lines) if line.strip()]
    last = max(len(kept) - 1, 1)
    listed: list[ListLine] = []
    previous: int | None = None
    for position, index in enumerate(kept):
        line = lines[index].rstrip()
        after = lines[kept[position + 1]].split() if position + 1 < len(kept) else []
        stripped = line.lstrip()
        lead = line[: len(line) - len(stripped)]
        indent = (lead.count(" ") + _TAB * lead.count("\t")) / _SPACES_PER_EM
        gap = None if previous is None else float(index - previous)
        listed.append(
            ListLine(
                text=stripped,
                indent=indent,
                shortfall=1 - len(line) / longest if wrapped else max(1 - len(line) / longest, 0.5),
                gap=gap,
                position=position / last,
                room=bool(after) and (not wrapped or len(line) + 1 + len(after[0]) <= longest),
            )
        )
        previous = index
    return listed
