"""A reference list's lines cut into entries: by their numbers, by hanging indents, by the
space between entries, or (when the page shows none of these) by what the text says."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from statistics import median

from cite_sentinel.core.sources.pdf.margins import PageLine
from cite_sentinel.core.sources.reflist import alpha_key, read_reflist

NUMBER_LABEL = re.compile(
    r"^\s*(?:\[\s*(\d{1,4})\s*\]|(\d{1,4})\.(?=\s|$)|\(\s*(\d{1,4})\s*\)|(\d{1,4})(?=\s+\S))"
)
_ALPHA_LABEL = re.compile(r"^\s*\[ ?([^\W\d_](?:[^\W\d_]|[+\-. ]){0,14}\d{2,4}[a-z]?)\]")
_FLUSH = 0.35  # ems: a line starting this close to its column's left edge is flush
_LABEL_ALIGN = 1.0  # ems: "1." right-aligned under "10." starts this much further right
_INDENT = (0.8, 6.0)  # ems: a hanging indent is this deep
_GAP = 1.3  # a line this many times the usual distance below the previous one starts an entry
_STARTS_ENTRY = re.compile(r"^[A-Z\u00c0-\u024f\[(“\"]")
_ENDS_ENTRY = re.compile(r"(?:[.)\]]|\d|\S+/\S+)\s*$")


@dataclass(frozen=True, slots=True)
class Entry:
    """The lines of one reference, and the label it was printed with ("" for none)."""

    lines: tuple[PageLine, ...]
    label: str = ""


def split_entries(lines: Sequence[PageLine]) -> list[Entry]:
    """The entries of a reference list, in order."""
    if not lines:
        return []
    return (
        _numbered(lines)
        or _alpha_labelled(lines)
        or _hanging(lines)
        or _spaced(lines)
        or _by_text(lines)
    )


def _numbered(lines: Sequence[PageLine]) -> list[Entry]:
    """`[12] …`, `12. …`, `(12) …` or `12 …` at a line's start, numbered 1, 2, 3, …"""
    starts: list[tuple[int, str]] = []
    left = _left_edges(lines)
    for index, line in enumerate(lines):
        match = NUMBER_LABEL.match(line.line.text)
        if match is None or not _is_flush(line, left, _LABEL_ALIGN):
            continue
        number = int(next(group for group in match.groups() if group))
        expected = int(_digits(starts[-1][1])) + 1 if starts else 1
        if number == expected:
            starts.append((index, "".join(match.group(0).split())))
    if len(starts) < 2 and not (starts and len(lines) <= 12):
        return []
    return _cut(lines, starts)


def _alpha_labelled(lines: Sequence[PageLine]) -> list[Entry]:
    """`[LCRC21] …`: the alphabetic labels of alpha styles."""
    left = _left_edges(lines)
    starts = [
        (index, f"[{alpha_key(match.group(1))}]")
        for index, line in enumerate(lines)
        if (match := _ALPHA_LABEL.match(line.line.text)) and _is_flush(line, left)
    ]
    return _cut(lines, starts) if len(starts) >= 2 else []


def _hanging(lines: Sequence[PageLine]) -> list[Entry]:
    """Entries whose first line is flush and whose other lines are indented."""
    left = _left_edges(lines)
    flush = [_is_flush(line, left) for line in lines]
    indented = [_is_indented(line, left) for line in lines]
    if not flush[0] or sum(indented) < max(1, len(lines) // 6) or sum(flush) < 2:
        return []
    if sum(not f and not i for f, i in zip(flush, indented, strict=True)) > len(lines) // 5:
        return []  # lines at many other places: not a hanging indent
    return _cut(lines, [(index, "") for index, is_flush in enumerate(flush) if is_flush])


def _spaced(lines: Sequence[PageLine]) -> list[Entry]:
    """Entries set apart by more space than lies between the lines of one entry."""
    pitches = _pitches(lines)
    known = [pitch for pitch in pitches if pitch is not None]
    if len(known) < 3:
        return []
    usual = median(known)
    wide = [pitch is not None and pitch > _GAP * usual for pitch in pitches]
    if sum(wide) < max(1, len(lines) // 8):
        return []
    starts = [0]
    for index in range(1, len(lines)):
        if wide[index] or (pitches[index] is None and _looks_new(lines[index - 1], lines[index])):
            starts.append(index)
    return _cut(lines, [(index, "") for index in starts])


def _by_text(lines: Sequence[PageLine]) -> list[Entry]:
    """Where the free-text reader cuts the lines, one printed line to one text line."""
    text = "\n".join(line.line.text for line in lines)
    listed = read_reflist(text, "list")
    starts = sorted({reference.location.line - 1 for reference in listed.references})
    if not starts:
        return [Entry(tuple(lines))]
    if starts[0] != 0:
        starts.insert(0, 0)
    return _cut(lines, [(index, "") for index in starts])


def _cut(lines: Sequence[PageLine], starts: list[tuple[int, str]]) -> list[Entry]:
    entries: list[Entry] = []
    if starts and starts[0][0] > 0:
        starts = [(0, ""), *starts]  # text before the first label: its own (unreadable) entry
    for position, (start, label) in enumerate(starts):
        stop = starts[position + 1][0] if position + 1 < len(starts) else len(lines)
        entries.append(Entry(tuple(lines[start:stop]), label))
    return entries


def _left_edges(lines: Sequence[PageLine]) -> dict[tuple[int, int], float]:
    """The left edge of the list in each column of each page: where its least indented line
    starts. A column whose lines all start at one place and that goes on from an unfinished
    entry holds that entry's indented tail: its edge lies the list's usual indent before."""
    edges: dict[tuple[int, int], float] = {}
    farthest: dict[tuple[int, int], float] = {}
    first: dict[tuple[int, int], int] = {}
    for index, line in enumerate(lines):
        place = (line.page, line.line.column)
        start = min(line.line.x0, line.line.column_left)
        edges[place] = min(edges.get(place, start), start)
        farthest[place] = max(farthest.get(place, line.line.x0), line.line.x0)
        first.setdefault(place, index)
    size = median(line.line.size for line in lines)
    single = {place for place in edges if farthest[place] - edges[place] <= _FLUSH * size}
    indents = Counter(
        round(line.line.x0 - edges[place])
        for line in lines
        if (place := (line.page, line.line.column)) not in single
        and line.line.x0 - edges[place] >= _INDENT[0] * size
    )
    if not indents:
        return edges
    indent = indents.most_common(1)[0][0]
    for place in single:
        index = first[place]
        if index > 0 and not _ENDS_ENTRY.search(lines[index - 1].line.text):
            edges[place] -= indent
    return edges


def _is_flush(
    line: PageLine, left: dict[tuple[int, int], float], tolerance: float = _FLUSH
) -> bool:
    return line.line.x0 - left[(line.page, line.line.column)] <= tolerance * line.line.size


def _is_indented(line: PageLine, left: dict[tuple[int, int], float]) -> bool:
    depth = (line.line.x0 - left[(line.page, line.line.column)]) / line.line.size
    return _INDENT[0] <= depth <= _INDENT[1]


def _pitches(lines: Sequence[PageLine]) -> list[float | None]:
    """The distance from each line's top to the previous line's, None at a new column or page."""
    pitches: list[float | None] = [None]
    for previous, line in pairwise(lines):
        same = previous.page == line.page and previous.line.column == line.line.column
        pitch = line.line.top - previous.line.top
        pitches.append(pitch if same and pitch > 0 else None)
    return pitches


def _looks_new(previous: PageLine, line: PageLine) -> bool:
    return bool(_ENDS_ENTRY.search(previous.line.text) and _STARTS_ENTRY.match(line.line.text))


def _digits(label: str) -> str:
    return "".join(char for char in label if char.isdigit())
