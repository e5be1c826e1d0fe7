"""A BibTeX text cut where an entry opens a line, each piece read alone, re-cut around an edit.

Every value bibtex_blocks reads stops where an entry opens a line (NEW_ENTRY), so a piece
followed by another reads alone, with a stand-in block after it, exactly as inside the whole
file. A common entry is matched by one pattern (bibtex_scan) and judged clean by the entry
checks on the few fields they read; any other piece is read in full. Places and findings are
kept relative to their piece, so a line added above moves nothing but the sums of line counts.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from cite_sentinel.core.model import Finding, Location, Read, Reference
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.sources.bibtex_scan import NEW_ENTRY, scan_entry
from cite_sentinel.core.sources.text_diff import common_ends

__all__ = ["EntryChecks", "Piece", "Place", "Splice", "cut", "read_alone", "read_piece", "splice"]

_STAND_IN = "@comment{}"  # after a piece that is not the last: a block that says nothing
# A macro defined or a parent named: entries then depend on other pieces, the file reads whole.
_CROSSING = re.compile(r"@\s*string\b|\b(?:crossref|xdata)\s*=", re.IGNORECASE)

# key, line, column, end line, end column (the entry), key line, key column; lines from 1 at
# the piece's first line
Place = tuple[str, int, int, int, int, int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryChecks:
    """An entry's own checks as core.lint defines them, handed in: readers sit below lint."""

    findings: Callable[[Read], Sequence[Finding]]  # a reading's own, keys written twice aside
    duplicates: Callable[[Sequence[Reference]], Iterable[Finding]]
    clean: Callable[[frozenset[str], Mapping[str, str]], bool]  # surely no finding
    text_fields: frozenset[str]  # the fields `clean` needs to know hold text
    identifier_fields: frozenset[str]  # the fields whose values `clean` reads


@dataclass(frozen=True, slots=True, eq=False)  # one piece is one reading: known by identity
class Piece:
    """One piece of the text: its entries' places and its own findings, relative to it."""

    text: str
    lines: int  # line breaks in it
    last: bool  # read as the file's last piece (an entry left open runs to the end)
    places: tuple[Place, ...] = ()
    findings: tuple[Finding, ...] = ()  # lines from 1 at the piece's first line
    # Read in full (lines from 1 at the piece's first line); None: matched by the pattern only.
    references: tuple[Reference, ...] | None = None
    crossing: bool = False  # defines a macro or names a parent


@dataclass(frozen=True, slots=True)
class Splice:
    """Where an edit falls: old pieces [first, stop) give way to the new texts."""

    first: int
    stop: int
    texts: tuple[str, ...]
    at_end: bool  # the last new text is the file's last piece


def cut(text: str) -> list[str]:
    """The text cut before each entry that opens a line; the first piece may hold no entry."""
    cuts = [0, *(match.start() + 1 for match in NEW_ENTRY.finditer(text)), len(text)]
    return [text[begin:end] for begin, end in pairwise(cuts)]


def splice(old: str, texts: Sequence[str], starts: Sequence[int], new: str) -> Splice:
    """The one rule for re-reading: from the piece before the one holding the first change
    to the piece holding the last one, re-cut; where the end was deleted, the piece before
    it is read again as the last."""
    prefix, suffix = common_ends(old, new)
    first = max(0, bisect_right(starts, max(0, prefix - 1)) - 2)
    last = min(len(texts) - 1, bisect_right(starts, len(old) - suffix - 1))
    begin = starts[first]
    end = starts[last] + len(texts[last]) + len(new) - len(old)
    at_end = last == len(texts) - 1
    middle = cut(new[begin:end]) if end > begin else []
    if at_end and not middle and first > 0:
        first -= 1  # the piece before the removed end is the last one now
        middle = [texts[first]]
    return Splice(first, last + 1, tuple(middle), at_end)


def read_piece(text: str, path: str, last: bool, checks: EntryChecks) -> Piece:
    """A piece's places and findings: by the pattern where it is one clean common entry,
    else by the full reader and the entry checks."""
    lines = text.count("\n")
    scan = scan_entry(text, checks.text_fields, checks.identifier_fields)
    if scan is not None and scan.parent:
        return Piece(text, lines, last, crossing=True)
    if scan is not None and checks.clean(scan.present, scan.values):
        start, key_start, end = scan.start, scan.key_start, scan.end
        key_line = text.count("\n", start, key_start) + 1
        key_column = key_start + 1 if key_line == 1 else key_start - text.rfind("\n", 0, key_start)
        end_line = lines + 1 - text.count("\n", end)
        end_column = end - text.rfind("\n", 0, end)
        place = (scan.key, 1, start + 1, end_line, end_column, key_line, key_column)
        return Piece(text, lines, last, (place,))
    if _CROSSING.search(text):
        return Piece(text, lines, last, crossing=True)
    read = read_alone(text, path, last)
    found = tuple(checks.findings(read))
    places = tuple(_place(reference) for reference in read.references)
    return Piece(text, lines, last, places, found, read.references)


def read_alone(text: str, path: str, last: bool) -> Read:
    """A piece read by the full reader as it reads inside the whole file."""
    return read_bibtex(text if last else text + _STAND_IN, path)


def key_reference(place: Place, offset: int, path: str) -> Reference:
    """An entry reduced to its key and place, `offset` lines into the file."""
    key, line, column, end_line, end_column, key_line, key_column = place
    return Reference(
        key=key,
        location=Location(path, line + offset, column, end_line + offset, end_column),
        key_location=Location(
            path, key_line + offset, key_column, key_line + offset, key_column + len(key)
        ),
        source_format="reflist",  # no fields: lint skips their checks
    )


def _place(reference: Reference) -> Place:
    where = reference.location
    key = reference.key_location or where
    return (
        reference.key, where.line, where.column, where.end_line, where.end_column,
        key.line, key.column,
    )  # fmt: skip
