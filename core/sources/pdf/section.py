"""Where a PDF's reference list is and where each of its references starts, as the segmenter
labels the document's lines (`core.sources.segment`): its heading, each entry's first and further
lines; everything else (body, captions, acknowledgements, appendices, a collaboration's author
list) is left to the text around.

Rules stand beside the model, where measurement on real PDFs showed it needed them: an entry
goes on over the lines the model misread at its pitch (`runs`), entries come in lists, a list
heading says where one is, and a numbered list counts (`counting`). A run of entries under a
list heading (one that holds a word, with no other part's heading between) is kept when one
of its entries holds what a reference holds, or its entries are numbered 1 to n (works that
print no year); another is kept when most of its entries hold
what references hold (a year, a DOI, an arXiv id), and, where the document has a list heading
elsewhere, when it is a list of five entries or more after that list (or before it, with the
numbers it lacks: columns read out of order): footnotes, code listings and examples in a
manual's text the model took for entries are not a list, nor a table of abbreviations, a
figure's labels, a changelog or a thesis's own publications. A list mostly in TeX source is a
template's example; a line of equation numbers is no entry's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.lexicon import YEAR
from cite_sentinel.core.sources.pdf.counting import between_numbers, counted, numbers_of
from cite_sentinel.core.sources.pdf.entries import Entry, labelled_entries
from cite_sentinel.core.sources.pdf.list_lines import list_lines
from cite_sentinel.core.sources.pdf.margins import PageLine
from cite_sentinel.core.sources.pdf.runs import entry_runs
from cite_sentinel.core.sources.segment import ListLine, Role, label_lines
from cite_sentinel.core.sources.segment.headings import is_list_heading, starts_part

_BLOCK_GAP = 8  # lines of other text between two entries of one list
_UNHEADED = 5  # entries a list without a heading needs where another list has one
_COUNTED = 3  # entries numbered from 1 that make a headed list a reference list undated
_REFERENCE_LIKE = 0.5  # share of an unheaded list's entries that must read as references
_HEADING_LETTERS = 3  # letters a heading holds at least
_LINKED = re.compile(r"https?://|\bwww\.|\burl\b", re.IGNORECASE)
_DATED = re.compile(
    rf"(?<![\d/.]){YEAR}[a-z]?(?![\d/])|(?<![\d/.]){YEAR}/\d{{1,2}}/\d{{1,2}}\b"
    r"|\b10\.\d{4,9}/|arxiv"
    r"|\bn\.\s?d\.|\b(?:in press|forthcoming|unpublished|submitted|to appear|preprint)\b",
    re.IGNORECASE,
)

_TEX_SOURCE = re.compile(r"\\[A-Za-z]{2,}\s*[{\[]|\\bibitem|\w~\w|^\s*\\\s?[A-Za-z]{3,}")
_SOURCE_ENTRIES = 0.5  # share of a list's entries in TeX source that makes it a code listing

# A line of equation numbers only ("(B2a)", "(3.1)", "(4) (5)"): set beside display maths in
# the margin, read after the lines they stand beside, never a reference's line. A lone "(12)"
# may be an entry's label set apart, and stays.
_EQUATION_TAGS = re.compile(
    r"\s*(?:\(\s?(?:[A-Z]\d+|\d+\.\d+)[a-z]?\)|\(\s?\d+[a-z]?\)(?:\s*\(\s?\d+[a-z]?\))+)\s*"
    r"(?:\(\s?(?:[A-Z]?\d+(?:\.\d+)?)[a-z]?\)\s*)*"
)


@dataclass(frozen=True, slots=True)
class Section:
    """The reference list: its headings and its entries (a thesis may hold one per chapter)."""

    headings: tuple[PageLine, ...]
    entries: tuple[Entry, ...]

    @property
    def numbers(self) -> frozenset[int]:
        """The document's line numbers the list takes up, headings included."""
        inside = {line.number for line in self.headings}
        inside.update(line.number for entry in self.entries for line in entry.lines)
        return frozenset(inside)


def find_section(lines: Sequence[PageLine]) -> Section | None:
    """The document's reference list, or None when no line reads as a reference."""
    if not lines:
        return None
    listed = list_lines(lines)
    roles = [
        Role.OTHER if _EQUATION_TAGS.fullmatch(line.text) else role
        for line, role in zip(listed, label_lines(listed, sure=False).roles, strict=True)
    ]
    headings = [
        index
        for index, (line, role) in enumerate(zip(listed, roles, strict=True))
        if (role is Role.HEADING and _worded(line.text)) or is_list_heading(line.text)
    ]
    parts = [
        index
        for index, line in enumerate(listed)
        if starts_part(line.text, line.size) and not is_list_heading(line.text)
    ]
    runs = entry_runs(roles, listed)
    blocks = [counted(block, roles, listed) for block in _blocks(runs, headings)]
    headed = [_headed(block, headings, parts) for block in blocks]
    listed_under = [
        under and (_cited(block, lines) or _counted_from_one(block, listed))
        for block, under in zip(blocks, headed, strict=True)
    ]
    first = listed_under.index(True) if True in listed_under else None
    kept = [
        block
        for at, block in enumerate(blocks)
        if not _source_listing(block, lines)
        and (listed_under[at] or _unheaded_list(at, blocks, first, any(headed), lines, listed))
    ]
    runs = between_numbers([run for block in kept for run in block], listed)
    if not runs:
        return None
    return Section(
        tuple(lines[index] for index in headings),
        tuple(labelled_entries([[lines[index] for index in run] for run in runs])),
    )


def _blocks(runs: list[list[int]], headings: list[int]) -> list[list[list[int]]]:
    """Entries grouped into lists: the next entry starts close below the last one, with no
    list heading between them (a list of abbreviations just before "References" is another
    list)."""
    blocks: list[list[list[int]]] = []
    for run in runs:
        if (
            blocks
            and run[0] - blocks[-1][-1][-1] <= _BLOCK_GAP
            and not any(blocks[-1][-1][-1] < heading < run[0] for heading in headings)
        ):
            blocks[-1].append(run)
        else:
            blocks.append([run])
    return blocks


def _headed(block: list[list[int]], headings: list[int], parts: list[int]) -> bool:
    """Whether a list heading stands above the block with no other part's heading between."""
    start = block[0][0]
    above = [heading for heading in headings if heading < start]
    if not above:
        return False
    return not any(above[-1] < part < start for part in parts)


def _worded(text: str) -> bool:
    """Whether a line the model took for a heading holds a word: "P a" of a formula does not."""
    return sum(char.isalpha() for char in text) >= _HEADING_LETTERS


def _cited(block: list[list[int]], lines: Sequence[PageLine]) -> bool:
    """Whether any entry of a list holds what a reference holds (a year, an identifier, a
    link): a manual's code example under its "Bibliography" section holds none."""
    return any(
        _DATED.search(lines[index].line.text) or _LINKED.search(lines[index].line.text)
        for run in block
        for index in run
    )


def _counted_from_one(block: list[list[int]], listed: Sequence[ListLine]) -> bool:
    """Whether a list's entries are numbered 1, 2, 3 … to its end, three at least: a
    reference list whose works print no year (handbooks, manuals), not a code example."""
    numbers = numbers_of(block, listed)
    return len(block) >= _COUNTED and numbers == list(range(1, len(block) + 1))


def _unheaded_list(
    at: int,
    blocks: list[list[list[int]]],
    first: int | None,
    any_headed: bool,
    lines: Sequence[PageLine],
    listed: Sequence[ListLine],
) -> bool:
    """Whether a block under no list heading is a reference list: most of its entries read as
    references, and where the document has a list heading elsewhere, five entries or more,
    after the first headed list or going with it (`_goes_with`)."""
    block = blocks[at]
    if not _reference_like(block, lines):
        return False
    if not any_headed:
        return True
    if len(block) < _UNHEADED:
        return False
    return first is None or at > first or _goes_with(block, blocks[first], listed)


def _goes_with(
    block: list[list[int]], listed_block: list[list[int]], listed: Sequence[ListLine]
) -> bool:
    """Whether entries read before the list's heading are the list's own (its columns read out
    of order): numbered, with the numbers the list lacks; or, where the list has no numbers,
    without numbers too. A changelog, a thesis's own publications ([1]-[6] before its
    bibliography's [1]-[26]) or the footnotes above the list are not."""
    own = [number for number in numbers_of(block, listed) if number is not None]
    theirs = {number for number in numbers_of(listed_block, listed) if number is not None}
    if not theirs:
        return not own
    return len(own) >= len(block) / 2 and not theirs.intersection(own)


def _source_listing(block: list[list[int]], lines: Sequence[PageLine]) -> bool:
    """Whether most entries of a list hold TeX source ("\\bibitem{Zub74}", "Zubarev~D.~N.,",
    "\\ textcite …"): a manual's or a template's example of how to write the list, not a
    list."""
    source = sum(any(_TEX_SOURCE.search(lines[index].line.text) for index in run) for run in block)
    return source >= _SOURCE_ENTRIES * len(block)


def _reference_like(block: list[list[int]], lines: Sequence[PageLine]) -> bool:
    dated = sum(any(_DATED.search(lines[index].line.text) for index in run) for run in block)
    return dated >= _REFERENCE_LIKE * len(block)
