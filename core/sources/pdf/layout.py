"""A page's words as lines in reading order: one or two columns, full-width blocks between.

Words on one baseline form a line; small raised words (superscript markers) join the line
they sit on. A gutter is a vertical band in the middle of the page that the words of most
lines leave empty; lines that cross it (a title, an abstract, a wide caption) divide the
page into bands, and each band is read left column first, then right. Where one-column text
fills most of a page, a part of it at the top or the bottom set in two columns (a reference
list above a one-column appendix) still has its gutter, and only its lines are cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate, pairwise
from statistics import median

from cite_sentinel.core.sources.pdf.glyphs import Word

_SAME_LINE = 0.3  # baselines closer than this many ems are one line
_SMALL = 0.85  # a word this much smaller than its line's text is a superscript or subscript
_LABEL_HANG = 2.0  # ems a raised label may stand out before its line's text
_RAISED = 0.25  # digits whose ink starts this many ems above the baseline are superscript
_MIN_GUTTER = 4.0  # points: a narrower empty band is a word space, not a gutter
_WIDE_GAP = 0.8  # ems: a gap between two words of a line this wide may be a gutter
_STANDS_OUT = 1.8  # a gutter is this many times wider than the row's usual word space
_FEW_WORDS = 6  # gaps: a row with fewer may be a justified short line
_SCAN = (0.25, 0.75)  # where on the page a gutter may lie (share of the text's width)
_MOST_CROSSING = 0.6  # share of the text (by line height) that may run across a gutter
_FEWEST_BESIDE = 2  # lines needed on each side of a gutter
_OVERHANG = 2.0  # points a column's last glyph may reach into the gutter
_PART_ROWS = 6  # lines a part of a page set in two columns holds at least
_LARGER = 1.1  # a line in type this much larger than its part's is a heading after it


@dataclass(frozen=True, slots=True, kw_only=True)
class Line:
    """One line of text as printed, its box, and which of its words are superscript."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float  # the em of the line's main text
    column: int  # 0: full width or single column; 1 left; 2 right
    column_left: float  # where the lines of its column start when not indented
    words: tuple[Word, ...]
    superscript: tuple[bool, ...]  # per word
    starts: tuple[int, ...]  # per word: its offset in `text`

    @property
    def hyphen(self) -> bool:
        return bool(self.words) and self.words[-1].hyphen


def page_lines(words: list[Word], width: float) -> list[Line]:
    """The lines of one page, top to bottom, column by column."""
    if not words:
        return []
    rows = _rows(words)
    gutter = _gutter(rows, width)
    two_columns: set[int] | None = None  # the rows set in two columns; None: all of them
    if gutter is None:
        gutter, two_columns = _gutter_of_a_part(rows)
    pieces: list[tuple[int, list[Word]]] = []
    for index, row in enumerate(rows):
        whole = two_columns is not None and index not in two_columns
        pieces.extend([(0, row)] if whole else _split(row, gutter))
    edges = _column_edges(pieces, gutter)
    return _order([_line(row, column, edges[column]) for column, row in pieces])


def _column_edges(
    pieces: list[tuple[int, list[Word]]], gutter: tuple[float, float] | None
) -> dict[int, float]:
    """Where each column's lines start on this page: its least indented line of two words or
    more (a lone page number may stand anywhere)."""
    lines = [(column, row) for column, row in pieces if len(row) > 1] or pieces
    left = min(row[0].x0 for _, row in lines)
    edges = {0: left, 1: left, 2: left}
    starts = [row[0].x0 for column, row in lines if column == 2]
    if gutter is not None and starts:
        edges[2] = min(starts)
    return edges


def _rows(words: list[Word]) -> list[list[Word]]:
    """Words grouped by baseline across the whole page, each row left to right; small words
    join the row of larger text they overlap."""
    ordered = sorted(words, key=lambda word: (word.baseline, word.x0))
    rows: list[list[Word]] = []
    for word in ordered:
        row = rows[-1] if rows else None
        if row is not None and abs(word.baseline - row[-1].baseline) <= _SAME_LINE * max(
            word.size, row[-1].size
        ):
            row.append(word)
        else:
            rows.append([word])
    return _attach_small(rows)


def _attach_small(rows: list[list[Word]]) -> list[list[Word]]:
    """Rows of small text inside the box of a row of larger text (superscripts, subscripts)
    become part of it; a row of small text alone (a footnote, a small-print list) stays."""
    sizes = [median(word.size for word in row) for row in rows]
    kept: list[int] = []
    merged: dict[int, list[Word]] = {index: list(row) for index, row in enumerate(rows)}
    for index, row in enumerate(rows):
        host = _host(rows, sizes, index)
        if host is None:
            kept.append(index)
        else:
            merged[host].extend(row)
    result = []
    for index in kept:
        row = sorted(merged[index], key=lambda word: word.x0)
        result.append(row)
    return result


def _host(rows: list[list[Word]], sizes: list[float], index: int) -> int | None:
    size = sizes[index]
    row = rows[index]
    centre = (row[0].top + row[0].bottom) / 2
    mark = _is_mark(row)
    label = not mark and _is_raised_label(row)
    best: tuple[float, int] | None = None
    for other in sorted(range(index - 3, index + 4), key=lambda other: abs(other - index)):
        if other == index or not 0 <= other < len(rows):
            continue
        if sizes[other] * _SMALL <= size and not mark:
            continue
        host = rows[other]
        top = min(word.top for word in host)
        bottom = max(word.bottom for word in host)
        # A row is in reading order only once it is attached; a raised label hangs out in
        # the margin before its entry's text by up to two ems.
        left = min(word.x0 for word in host) - (_LABEL_HANG if label else 1) * sizes[other]
        right = max(word.x1 for word in host) + sizes[other]
        if not (left <= min(word.x0 for word in row) and max(word.x1 for word in row) <= right):
            continue
        if mark or label:  # raised: its box overlaps the line it is raised from, most of all
            overlap = min(row[0].bottom, bottom) - max(row[0].top, top)
            if overlap > 0 and not _is_mark(host) and (best is None or overlap > best[0]):
                best = (overlap, other)
        elif top <= centre <= bottom:
            return other
    return best[1] if best is not None else None


def _is_raised_label(row: list[Word]) -> bool:
    """A row of small numbers alone, such as the raised labels of AIP's and AAPM's entries
    ("¹ R. P. Feynman, …") or an affiliation's mark."""
    return all(word.text.strip(",").isdigit() and len(word.text) <= 4 for word in row)


def _is_mark(row: list[Word]) -> bool:
    """A row of raised marks alone, such as alpha's "+" in `[DHH+20]` or a "*"."""
    return all(len(word.text) <= 2 and not any(c.isalnum() for c in word.text) for word in row)


def _gutter_of_a_part(rows: list[list[Word]]) -> tuple[tuple[float, float] | None, set[int]]:
    """The gutter of a part of a page set in two columns where the rest is one (a reference
    list in two columns above a one-column appendix, an abstract above two columns): the band
    of the most lines at the top, else at the bottom, that have a gutter of their own, and the
    lines of the part: those before the first line across it (after the last), less a heading
    in larger type that opens the one-column part. None and no lines where neither has."""
    count = len(rows)
    left = min(row[0].x0 for row in rows)
    middle = (left + max(row[-1].x1 for row in rows)) / 2
    if sum(_right_part(row, middle) for row in rows) < _PART_ROWS // 2:
        return None, set()  # no right column: hardly a line has words set apart on the right
    for size in range(count - 1, _PART_ROWS - 1, -1):
        gutter = _gutter(rows[:size], 0.0)
        if gutter is not None:
            part = _before_crossing(rows, range(count), gutter)
            return (gutter, set(part)) if len(part) >= _PART_ROWS else (None, set())
    for size in range(count - 1, _PART_ROWS - 1, -1):
        gutter = _gutter(rows[count - size :], 0.0)
        if gutter is not None:
            part = _before_crossing(rows, range(count - 1, -1, -1), gutter)
            return (gutter, set(part)) if len(part) >= _PART_ROWS else (None, set())
    return None, set()


def _right_part(row: list[Word], middle: float) -> bool:
    """Whether a line has words on the page's right half set apart from any before them:
    it starts there, or one of its wide gaps (`_wide_gaps`) opens at the middle."""
    return row[0].x0 > middle or any(
        row[index].x0 > middle - _MIN_GUTTER and row[index - 1].x1 < middle + _MIN_GUTTER
        for index in _wide_gaps(row)
    )


def _before_crossing(
    rows: list[list[Word]], order: range, gutter: tuple[float, float]
) -> list[int]:
    """The rows in `order` up to the first one across the gutter, and up to a heading in type
    larger than theirs after the right column has begun; none where it never does."""
    part: list[int] = []
    right: list[int] = []  # positions in `part` of the lines with words in the right column
    for index in order:
        columns = {column for column, _ in _split(rows[index], gutter)}
        if columns == {0}:  # one line across both columns
            break
        if 2 in columns:
            right.append(len(part))
        part.append(index)
    if not right:
        return []
    usual = median(word.size for index in part for word in rows[index])
    larger = next(
        (
            n
            for n, index in enumerate(part)
            if n > right[0] and min(w.size for w in rows[index]) > _LARGER * usual
        ),
        None,
    )
    return part if larger is None else part[:larger]


def _gutter(rows: list[list[Word]], width: float) -> tuple[float, float] | None:
    """The empty band between two columns, if the page has two.

    Every line votes for the places it leaves empty in the middle of the page: a wide gap
    between two of its words, everything after its end, everything before its start. The
    gutter is where most lines agree; lines that run across it (a title, an abstract) do not
    vote, and a short second column still gets the votes of the whole first one.
    """
    band = _band_most_leave_empty(rows)
    if band is None:
        return None
    crossing = sum(any(_into(w, *band) for w in row) for row in rows)
    if crossing > _MOST_CROSSING * len(rows) or min(_sides(rows, *band)) < _FEWEST_BESIDE:
        return None  # one column, or nothing on one side: a ragged column, not a gutter
    return band


def _band_most_leave_empty(rows: list[list[Word]]) -> tuple[float, float] | None:
    """The band in the middle of the page that most lines' votes leave empty (see
    `_gutter`), at least a gutter wide; None where too few lines vote."""
    left = min(row[0].x0 for row in rows)
    right = max(row[-1].x1 for row in rows)
    span = right - left
    if span <= 0:
        return None
    low, high = left + span * _SCAN[0], left + span * _SCAN[1]
    bins = int(span) + 2
    steps = [0] * (bins + 1)
    for row in rows:
        for start, end in _empty(row, left, right, low, high):
            steps[max(int(start - left), 0)] += 1
            steps[min(int(end - left), bins)] -= 1
    votes = list(accumulate(steps[:bins]))
    middle = range(int(low - left), int(high - left) + 1)
    best = max(middle, key=lambda cell: votes[cell], default=None)
    if best is None or votes[best] < _FEWEST_BESIDE:
        return None
    floor = votes[best] - max(1, votes[best] // 20)
    first = last = best
    while first > 0 and votes[first - 1] >= floor:
        first -= 1
    while last + 1 < bins and votes[last + 1] >= floor:
        last += 1
    band = (left + first, left + last + 1)
    return band if band[1] - band[0] >= _MIN_GUTTER else None


def _empty(
    row: list[Word], left: float, right: float, low: float, high: float
) -> list[tuple[float, float]]:
    """The stretches a line leaves empty that reach into the middle of the page."""
    wide = _wide_gaps(row)
    stretches = [
        (before.x1, after.x0)
        for index, (before, after) in enumerate(pairwise(row), start=1)
        if index in wide and before.x1 < high and after.x0 > low
    ]
    if row[-1].x1 < high:
        stretches.append((row[-1].x1, right))
    if row[0].x0 > low:
        stretches.append((left, row[0].x0))
    return stretches


def _wide_gaps(row: list[Word]) -> set[int]:
    """Where a row may be cut by a gutter (the index of the word after the gap): a gap wide
    enough; in a row of few words, also wider than its other spaces: a justified line of few
    words ("2015, South Brisbane, Queensland, Australia,") spreads them all alike, and no one
    of its gaps is a gutter."""
    gaps = [after.x0 - before.x1 for before, after in pairwise(row)]
    few = 3 <= len(gaps) <= _FEW_WORDS
    wide: set[int] = set()
    for index, gap in enumerate(gaps, start=1):
        if gap < max(_MIN_GUTTER, _WIDE_GAP * row[index - 1].size):
            continue
        if few:
            others = sorted(
                other for position, other in enumerate(gaps, start=1) if position != index
            )
            if gap < _STANDS_OUT * others[len(others) // 2]:
                continue
        wide.add(index)
    return wide


def _sides(rows: list[list[Word]], start: float, end: float) -> tuple[int, int]:
    """How many lines that do not cross a band have words left of it, and right of it."""
    left = right = 0
    for row in rows:
        if any(_into(word, start, end) for word in row):
            continue
        left += any(word.x1 <= start for word in row)
        right += any(word.x0 >= end for word in row)
    return left, right


def _into(word: Word, start: float, end: float) -> bool:
    """Whether a word reaches into a band by more than a glyph's overhang (the band's edges
    are whole points; justified lines end a fraction past them, a comma protrudes)."""
    tolerance = min(_OVERHANG, (end - start) / 4)
    return word.x0 < end - tolerance and word.x1 > start + tolerance


def _split(row: list[Word], gutter: tuple[float, float] | None) -> list[tuple[int, list[Word]]]:
    """A row cut at the first wide gap that opens in the gutter's left half; kept whole
    when a word runs across the gutter (a full-width line). The gutter's edges come from the
    columns' indented lines, so a label in the right column may stand inside it."""
    if gutter is None:
        return [(0, row)]
    start, end = gutter
    if any(word.x0 < start and word.x1 > end for word in row):
        return [(0, row)]
    middle = (start + end) / 2
    cut = next(
        (
            index
            for index, (before, after) in enumerate(pairwise(row), start=1)
            if before.x1 <= middle
            and after.x0 > start
            and (
                after.x0 - before.x1 >= max(_MIN_GUTTER, _WIDE_GAP * before.size)
                or _spans(before, after, start, end)
            )
        ),
        None,
    )
    if cut is not None:
        return [(1, row[:cut]), (2, row[cut:])]
    if row[-1].x1 <= end and (row[0].x0 + row[-1].x1) / 2 < middle:
        return [(1, row)]
    if row[0].x0 >= start:
        return [(2, row)]
    return [(0, row)]


def _spans(before: Word, after: Word, start: float, end: float) -> bool:
    """Whether the space between two words is the gutter itself: the left column's last
    glyph may reach into it (a hyphen, a comma), the right column starts at its edge."""
    tolerance = min(_OVERHANG, (end - start) / 4)
    return (
        after.x0 - before.x1 >= _MIN_GUTTER
        and before.x1 <= start + tolerance
        and after.x0 >= end - tolerance
    )


def _line(row: list[Word], column: int, column_left: float) -> Line:
    size = median(word.size for word in row)
    body = [word for word in row if word.size > _SMALL * size] or row
    baseline = median(word.baseline for word in body)
    superscript = tuple(_is_superscript(word, size, baseline) for word in row)
    parts: list[str] = []
    starts: list[int] = []
    offset = 0
    for word in row:
        if parts:
            offset += 1
        starts.append(offset)
        parts.append(word.text)
        offset += len(word.text)
    return Line(
        text=" ".join(parts),
        x0=min(word.x0 for word in row),
        x1=max(word.x1 for word in row),
        top=min(word.top for word in body),
        bottom=max(word.bottom for word in body),
        size=median(word.size for word in body),
        column=column,
        column_left=column_left,
        words=tuple(row),
        superscript=superscript,
        starts=tuple(starts),
    )


def _is_superscript(word: Word, size: float, baseline: float) -> bool:
    if word.size < _SMALL * size and baseline - word.baseline > 0.15 * size:
        return True
    return word.raised >= _RAISED


def _order(lines: list[Line]) -> list[Line]:
    """Full-width lines cut the page into bands; each band is its left column, then its right."""
    ordered: list[Line] = []
    band: list[Line] = []
    for line in sorted(lines, key=lambda line: (line.top, line.x0)):
        if line.column == 0:
            ordered.extend(_band(band))
            band = []
            ordered.append(line)
        else:
            band.append(line)
    ordered.extend(_band(band))
    return ordered


def _band(lines: list[Line]) -> list[Line]:
    return sorted(lines, key=lambda line: (line.column, line.top, line.x0))
