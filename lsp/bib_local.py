"""A large .bib's local findings at each keystroke, from pieces read alone and kept by text.

The text is cut where an entry opens a line (NEW_ENTRY): every value bibtex_blocks reads stops
there, so a piece followed by another reads alone, with a stand-in block after it, exactly as
inside the whole file. A common entry is judged by one pattern (bibtex_scan) and lint's
`surely_clean`; any other piece is read in full. Places are kept relative to their piece, so a
line added moves nothing but the sums of line counts; absolute keys are built only on demand.
"""

from __future__ import annotations

import bisect
import gc
import re
from dataclasses import dataclass
from itertools import accumulate, pairwise

from cite_sentinel.core import Code, Config, Finding, Location, Reference
from cite_sentinel.core.check import Document
from cite_sentinel.core.lint import (
    IDENTIFIER_FIELDS,
    TEXT_FIELDS,
    duplicates,
    lint,
    surely_clean,
)
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.sources.bibtex_scan import NEW_ENTRY, scan_entry
from cite_sentinel.lsp.bib_chunks import shift_finding
from cite_sentinel.lsp.text_diff import common_ends

_STAND_IN = "@comment{}"
# A macro defined or a parent named somewhere in a piece (more than the reader would take)
_CROSSING = re.compile(
    r"@\s*string\b|\b(?:crossref|xdata)\s*=", re.IGNORECASE
)  # what follows a piece that is not the last: a block that says nothing
_LOCAL = Config(unused_entries=False)
_CROSS = frozenset({Code.DUPLICATE_KEY, Code.UNDEFINED_KEY, Code.UNUSED_ENTRY})

# key, line, column, end line, end column (the entry), key line, key column; lines from 1 at
# the piece's first line
Place = tuple[str, int, int, int, int, int, int]


@dataclass(frozen=True, slots=True, eq=False)  # one piece is one read: known by identity
class Piece:
    """One piece of the text: its line count, its entries' places and its own findings."""

    text: str
    lines: int
    places: tuple[Place, ...]
    findings: tuple[Finding, ...]  # lines from 1 at the piece's first line
    last: bool  # read as the file's last piece (nothing after it)
    crossing: bool = False  # defines a macro or names a parent: the file does not read in pieces


Known = dict[Piece, tuple[int, tuple[Reference, ...]]]  # a piece's line offset, its keys there


class LocalRead:
    """A file's local findings (duplicates included); its keys as references on demand."""

    def __init__(self, path: str, pieces: list[Piece], offsets: list[int], known: Known) -> None:
        self.path = path
        self._pieces = pieces
        self._offsets = offsets  # lines before each piece
        self._known = known  # shared with the reader: pieces whose keys were last built
        self._keys: tuple[Reference, ...] | None = None
        self._first: dict[str, int] = {}  # each key's first piece
        self._twice: set[str] = set()  # keys of more than one entry
        self.findings = self._findings()

    def at(self, line: int, column: int) -> Reference | None:
        """The entry whose key holds a point (1-based, in this text), reduced to key and place."""
        n = max(0, bisect.bisect_right(self._offsets, line - 1) - 1)
        piece, offset = self._pieces[n], self._offsets[n]
        for place in piece.places:
            key, key_line, key_column = place[0], place[5] + offset, place[6]
            if key_line == line and key_column <= column <= key_column + len(key):
                return _key_reference(place, offset, self.path)
        return None

    def holding(self, key: str) -> list[tuple[Piece, int]]:
        """The pieces holding an entry of a key, each with its line offset, in the file's order."""
        first = self._first.get(key)
        if first is None:
            return []
        if key not in self._twice:
            return [(self._pieces[first], self._offsets[first])]
        return [
            (piece, offset)
            for piece, offset in zip(self._pieces, self._offsets, strict=True)
            if any(place[0] == key for place in piece.places)
        ]

    def keys(self) -> tuple[Reference, ...]:
        """Every entry reduced to its key and place, for the lint across files; a piece still
        at the line it had when keys were last built keeps the references built then."""
        if self._keys is None:
            path, known = self.path, self._known
            placed: Known = {}
            keys: list[Reference] = []
            for piece, offset in zip(self._pieces, self._offsets, strict=True):
                if not piece.places:
                    continue
                hit = known.get(piece)
                if hit is not None and hit[0] == offset:
                    references = hit[1]
                else:
                    references = tuple(_key_reference(p, offset, path) for p in piece.places)
                placed[piece] = (offset, references)
                keys.extend(references)
            known.clear()
            known.update(placed)
            self._keys = tuple(keys)
        return self._keys

    def _findings(self) -> tuple[Finding, ...]:
        path = self.path
        found = [
            shift_finding(finding, offset, path)
            for piece, offset in zip(self._pieces, self._offsets, strict=True)
            if piece.findings
            for finding in piece.findings
        ]
        first = self._first
        twice = self._twice
        for n, piece in enumerate(self._pieces):
            for place in piece.places:
                key = place[0]
                if key in first:
                    twice.add(key)
                else:
                    first[key] = n
        twice.discard("")
        if twice:
            named = [
                _key_reference(place, offset, path)
                for piece, offset in zip(self._pieces, self._offsets, strict=True)
                for place in piece.places
                if place[0] in twice
            ]
            # lint's order: by place, and at one place the duplicate before the entry's own
            found = sorted(
                [*duplicates(named), *found], key=lambda f: (f.location.line, f.location.column)
            )
        return tuple(found)


class LocalReader:
    """Keeps the pieces of the last text; a new text re-reads only the pieces around the edit."""

    def __init__(self) -> None:
        self._text = ""
        self._pieces: list[Piece] = []
        self._starts: list[int] = []  # each piece's first character in _text
        self._known: Known = {}

    def read(self, text: str, path: str) -> LocalRead | None:
        """The file's local findings, or None where macros or inheritance cross entries."""
        # many small objects that live as long as the text: the collector would only rescan them
        paused = gc.isenabled()
        gc.disable()
        try:
            pieces, starts = self._read(text, path)
        finally:
            if paused:
                gc.enable()
        if any(piece.crossing for piece in pieces):
            self._text, self._pieces, self._starts = "", [], []
            return None
        self._text, self._pieces, self._starts = text, pieces, starts
        offsets = list(accumulate((p.lines for p in pieces[:-1]), initial=0))
        return LocalRead(path, pieces, offsets, self._known)

    def _read(self, text: str, path: str) -> tuple[list[Piece], list[int]]:
        if not self._pieces:
            texts = split_entries(text)
            pieces = [_read_piece(t, path, n == len(texts) - 1) for n, t in enumerate(texts)]
            return pieces, list(accumulate((len(p.text) for p in pieces[:-1]), initial=0))
        pieces, starts = self._spliced(text, path)
        if not pieces:  # all of it deleted
            return [_read_piece(text, path, True)], [0]
        return pieces, starts

    def _spliced(self, text: str, path: str) -> tuple[list[Piece], list[int]]:
        """The old pieces around the change, the pieces between re-cut and read (or reused)."""
        old, pieces, starts = self._text, self._pieces, self._starts
        prefix, suffix = common_ends(old, text)
        # from the piece before the first change to the piece after the last one
        first = max(0, bisect.bisect_right(starts, max(0, prefix - 1)) - 2)
        last = min(len(pieces) - 1, bisect.bisect_right(starts, len(old) - suffix - 1))
        begin = starts[first]
        end_old = starts[last] + len(pieces[last].text)
        delta = len(text) - len(old)
        at_end = last == len(pieces) - 1
        texts = split_entries(text[begin : end_old + delta]) if end_old + delta > begin else []
        known = {(p.text, p.last): p for p in pieces[first : last + 1]}
        middle = []
        for n, piece_text in enumerate(texts):
            is_last = at_end and n == len(texts) - 1
            piece = known.get((piece_text, is_last))
            middle.append(piece if piece else _read_piece(piece_text, path, is_last))
        if at_end and not texts and first > 0 and not pieces[first - 1].last:
            first -= 1  # the piece before the removed end is the last one now
            begin = starts[first]
            middle = [_read_piece(pieces[first].text, path, True)]
        middle_starts = list(accumulate((len(p.text) for p in middle[:-1]), initial=begin))
        return (
            [*pieces[:first], *middle, *pieces[last + 1 :]],
            [
                *starts[:first],
                *(middle_starts if middle else []),
                *(start + delta for start in starts[last + 1 :]),
            ],
        )


def split_entries(text: str) -> list[str]:
    """The text cut before each entry that opens a line; the first piece may hold no entry."""
    cuts = [0, *(m.start() + 1 for m in NEW_ENTRY.finditer(text)), len(text)]
    return [text[a:b] for a, b in pairwise(cuts)]


def _read_piece(text: str, path: str, last: bool) -> Piece:
    lines = text.count("\n")
    scan = scan_entry(text, TEXT_FIELDS, IDENTIFIER_FIELDS)
    if scan is not None and scan.parent:
        return Piece(text, lines, (), (), last, crossing=True)
    if scan is not None and surely_clean(scan.present, scan.values):
        start, key_start, end = scan.start, scan.key_start, scan.end
        key_line = text.count("\n", start, key_start) + 1
        key_column = key_start + 1 if key_line == 1 else key_start - text.rfind("\n", 0, key_start)
        end_line = lines + 1 - text.count("\n", end)
        end_column = end - text.rfind("\n", 0, end)
        place = (scan.key, 1, start + 1, end_line, end_column, key_line, key_column)
        return Piece(text, lines, (place,), (), last)
    if _CROSSING.search(text):
        return Piece(text, lines, (), (), last, crossing=True)
    read = read_bibtex(text if last else text + _STAND_IN, path)
    found = tuple(f for f in lint([Document(path, read)], _LOCAL) if f.code not in _CROSS)
    places = tuple(_place(reference) for reference in read.references)
    return Piece(text, lines, places, found, last)


def _place(reference: Reference) -> Place:
    where = reference.location
    key = reference.key_location or where
    return (
        reference.key, where.line, where.column, where.end_line, where.end_column,
        key.line, key.column,
    )  # fmt: skip


def _key_reference(place: Place, offset: int, path: str) -> Reference:
    """As bib_chunks.key_only makes it from a full reading: lint skips its field checks."""
    key, line, column, end_line, end_column, key_line, key_column = place
    return Reference(
        key=key,
        location=Location(path, line + offset, column, end_line + offset, end_column),
        key_location=Location(
            path, key_line + offset, key_column, key_line + offset, key_column + len(key)
        ),
        source_format="reflist",
    )
