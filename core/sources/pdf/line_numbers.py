"""Line numbers in a page's margins, as manuscripts under review carry them.

`lineno`, journals' review templates and word processors number a manuscript's lines in the
margin. Left in, each number would open a line of a reference ("171 for effective
rebalancing…") and cut the reference list at every line. A margin's numbers are told from
labels printed beside entries ("12 Smith J, …") by two things: they stand apart from the text,
and they count lines, so the distance between two of them is as many line pitches as their
difference.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import pairwise
from statistics import median

from cite_sentinel.core.sources.pdf.glyphs import Word

_FEWEST = 5  # numbers a margin needs on a page
_APART = 0.6  # ems of blank between a margin number and the text beside it
_SAME_LINE = 0.6  # ems between the baselines of a number and a word of its line, at most
_PITCH = (0.8, 2.2)  # a line pitch is this many ems of the text
# Distance per counted line between two numbers, as a share of the pitch: a little less where
# rounding, more where space separates paragraphs or a list's entries.
_STEADY = (0.85, 2.0)
_MOSTLY = 0.75  # share of neighbouring numbers whose distance keeps the pitch

Edge = tuple[str, int]  # ("right", x): numbers right-aligned at x; ("left", x): left-aligned


def without_line_numbers(
    words: list[Word], known: frozenset[Edge] = frozenset()
) -> tuple[list[Word], frozenset[Edge]]:
    """The page's words less the numbers of its margins' line numbering, and the edges those
    numbers stand on. A page with few lines (the end of a list) has too few numbers to show
    their count: there, numbers standing apart on an edge earlier pages numbered go too."""
    numbers = [word for word in words if word.text.isdigit() and len(word.text) <= 5]
    text = [word for word in words if not word.text.isdigit()]
    em = median(word.size for word in text) if text else 0.0
    if not numbers or em <= 0:
        return words, frozenset()
    dropped: set[int] = set()
    edges: set[Edge] = set()
    for edge, margin in _margins(numbers).items():
        apart = [word for word in margin if _stands_apart(word, words, em)]
        pitch = _line_pitch(apart, em) if len(apart) >= _FEWEST else None
        if pitch is not None:
            dropped.update(id(word) for word in margin if _in_count(word, apart, pitch))
            edges.add(edge)
    if not edges:
        return _on_known_edges(words, numbers, known, em), frozenset()
    kept = [word for word in words if id(word) not in dropped] if dropped else words
    return kept, frozenset(edges)


def _on_known_edges(
    words: list[Word], numbers: list[Word], known: frozenset[Edge], em: float
) -> list[Word]:
    near = {(side, x + shift) for side, x in known for shift in (-1, 0, 1)}
    dropped = {
        id(word) for word in numbers if _edges(word) & near and _stands_apart(word, words, em)
    }
    return [word for word in words if id(word) not in dropped] if dropped else words


def _edges(word: Word) -> set[Edge]:
    return {("right", round(word.x1)), ("left", round(word.x0))}


def _margins(numbers: list[Word]) -> dict[Edge, list[Word]]:
    """Numbers aligned on one edge: right-aligned (left margin) or left-aligned (right one)."""
    by_edge: dict[Edge, list[Word]] = defaultdict(list)
    for word in numbers:
        for edge in _edges(word):
            by_edge[edge].append(word)
    return {edge: group for edge, group in by_edge.items() if len(group) >= _FEWEST}


def _stands_apart(number: Word, words: list[Word], em: float) -> bool:
    """No word of its line comes closer to it than a wide blank. A raised label ("³A.
    Einstein") belongs to the line below its own baseline."""
    for word in words:
        if word is number or abs(word.baseline - number.baseline) > _SAME_LINE * em:
            continue
        gap = max(word.x0 - number.x1, number.x0 - word.x1)
        if gap < _APART * em:
            return False
    return True


def _line_pitch(margin: list[Word], em: float) -> float | None:
    """The line pitch the numbers count by, where, top to bottom, they grow by one per pitch of
    distance; None where they do not."""
    ordered = sorted(margin, key=lambda word: word.baseline)
    pitches = []
    for upper, lower in pairwise(ordered):
        step = int(lower.text) - int(upper.text)
        if step <= 0:
            return None
        pitches.append((lower.baseline - upper.baseline) / step)
    usual = sorted(pitches)[len(pitches) // 4]  # the pitch inside a paragraph or an entry
    if not _PITCH[0] * em <= usual <= _PITCH[1] * em:
        return None
    steady = sum(_STEADY[0] * usual <= pitch <= _STEADY[1] * usual for pitch in pitches)
    return usual if steady >= _MOSTLY * len(pitches) else None


def _in_count(word: Word, counted: list[Word], pitch: float) -> bool:
    """Whether a number of the margin is the count its distance from the nearest counted
    number gives: one set close beside the text (a gutter's numbers, next to the left
    column's longest lines) belongs to the count as well."""
    nearest = min(counted, key=lambda other: abs(other.baseline - word.baseline))
    expected = int(nearest.text) + round((word.baseline - nearest.baseline) / pitch)
    return abs(int(word.text) - expected) <= 1
