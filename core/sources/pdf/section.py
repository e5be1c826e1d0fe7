"""Where a PDF's reference list is and where each of its references starts, as the segmenter
labels the document's lines (`core.sources.segment`): its heading, each entry's first line and
further lines; everything else (body, captions, acknowledgements, appendices, a collaboration's
author list) is left to the text around.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.sources.pdf.entries import Entry, labelled_entries
from cite_sentinel.core.sources.pdf.list_lines import list_lines
from cite_sentinel.core.sources.pdf.margins import PageLine
from cite_sentinel.core.sources.segment import Role, label_lines

_LONGEST_BREAK = 6  # lines of other text an entry may run across (a caption, a footnote)


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
    roles = label_lines(list_lines(lines)).roles
    headings = tuple(line for line, role in zip(lines, roles, strict=True) if role is Role.HEADING)
    runs = _runs(lines, roles)
    if not runs:
        return None
    return Section(headings, tuple(labelled_entries(runs)))


def _runs(lines: Sequence[PageLine], roles: Sequence[Role]) -> list[list[PageLine]]:
    """Each entry's lines: from a first line over its further lines, across a few lines of
    other text (a caption, a footnote) but not across a heading."""
    runs: list[list[PageLine]] = []
    open_run = False
    others = 0
    for line, role in zip(lines, roles, strict=True):
        if role is Role.FIRST or (role is Role.MORE and not open_run):
            runs.append([line])
            open_run, others = True, 0
        elif role is Role.MORE:
            runs[-1].append(line)
            others = 0
        elif role is Role.HEADING:
            open_run = False
        else:
            others += 1
            open_run = open_run and others <= _LONGEST_BREAK
    return runs
