"""A .bib being edited, read again only around each edit; every reading an immutable snapshot.

Two layers, one cut (bibtex_pieces). `advance` gives at each keystroke the file's local
findings (the full reader's and the entry checks', keys written twice included) and its keys
and places; `complete` gives the entries in full, reusing every piece an earlier completion
read, so it may run in a worker thread on the snapshot it is handed while the next keystroke
is read. Nothing a snapshot holds changes after it is made, except the keys it builds once on
demand; a file whose entries depend on one another (@string, crossref, xdata) is read whole.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from itertools import accumulate

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Location, Read, Reference
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.sources.bibtex_pieces import (
    EntryChecks,
    Piece,
    cut,
    key_reference,
    read_alone,
    read_piece,
    splice,
)

__all__ = ["BibSnapshot", "Entries", "advance", "complete", "fresh_references"]

_WHOLE_SHARE = 8  # a completion missing more than 1/8 of its pieces reads the file in one go

Placed = tuple[int, tuple[Reference, ...]]  # references placed at this line offset
Span = tuple[int, int, int]  # a line offset, and where the references placed there are
_RANKS: dict[str, int] = {
    Code.PARSE_ERROR: 0,
    Code.UNDEFINED_STRING: 0,
    Code.DUPLICATE_KEY: 1,
}  # references placed at this line offset


class BibSnapshot:
    """One text of a .bib as pieces: its local findings at once, its keys on demand."""

    __slots__ = (
        "_first",
        "_inherited",
        "_keys",
        "_placed",
        "_twice",
        "crossing",
        "findings",
        "offsets",
        "path",
        "pieces",
        "starts",
        "text",
    )

    def __init__(
        self,
        path: str,
        text: str,
        pieces: tuple[Piece, ...],
        starts: tuple[int, ...],
        checks: EntryChecks,
        inherited: Mapping[Piece, Placed],
    ) -> None:
        self.path = path
        self.text = text
        self.pieces = pieces
        self.starts = starts  # each piece's first character
        self.offsets = tuple(accumulate((p.lines for p in pieces[:-1]), initial=0))
        self.crossing = any(piece.crossing for piece in pieces)
        self._first: dict[str, int] = {}  # each key's first piece
        self._twice: set[str] = set()  # keys of more than one entry
        self._inherited = inherited  # an earlier snapshot's keys, by piece, to reuse
        self._placed: Mapping[Piece, Placed] | None = None
        self._keys: tuple[Reference, ...] | None = None
        # the findings of a file that reads whole come from its completion
        self.findings: tuple[Finding, ...] = () if self.crossing else self._findings(checks)

    def at(self, line: int, column: int) -> Reference | None:
        """The entry whose key holds a point (1-based), reduced to its key and place."""
        n = max(0, bisect.bisect_right(self.offsets, line - 1) - 1)
        piece, offset = self.pieces[n], self.offsets[n]
        for place in piece.places:
            key, key_line, key_column = place[0], place[5] + offset, place[6]
            if key_line == line and key_column <= column <= key_column + len(key):
                return key_reference(place, offset, self.path)
        return None

    def holding(self, key: str) -> list[tuple[Piece, int]]:
        """The pieces holding an entry of a key, each with its line offset, in file order."""
        first = self._first.get(key)
        if first is None:
            return []
        if key not in self._twice:
            return [(self.pieces[first], self.offsets[first])]
        return [
            (piece, offset)
            for piece, offset in zip(self.pieces, self.offsets, strict=True)
            if any(place[0] == key for place in piece.places)
        ]

    def key_references(self) -> tuple[Reference, ...]:
        """Every entry reduced to its key and place (built once; a piece at the line it had
        in the snapshot this one was advanced from keeps the references built there)."""
        if self._keys is None:
            path, inherited = self.path, self._inherited
            placed: dict[Piece, Placed] = {}
            keys: list[Reference] = []
            for piece, offset in zip(self.pieces, self.offsets, strict=True):
                if not piece.places:
                    continue
                hit = inherited.get(piece)
                if hit is not None and hit[0] == offset:
                    references = hit[1]
                else:
                    references = tuple(key_reference(p, offset, path) for p in piece.places)
                placed[piece] = (offset, references)
                keys.extend(references)
            self._placed, self._inherited = placed, {}
            self._keys = tuple(keys)
        return self._keys

    def handed_on(self) -> Mapping[Piece, Placed]:
        """The keys built so far, for the snapshot advanced from this one."""
        return self._placed if self._placed is not None else self._inherited

    def _findings(self, checks: EntryChecks) -> tuple[Finding, ...]:
        path = self.path
        found = [
            _shift_finding(finding, offset)
            for piece, offset in zip(self.pieces, self.offsets, strict=True)
            if piece.findings
            for finding in piece.findings
        ]
        first, twice = self._first, self._twice
        for n, piece in enumerate(self.pieces):
            for place in piece.places:
                if place[0] in first:
                    twice.add(place[0])
                else:
                    first[place[0]] = n
        twice.discard("")
        if twice:
            named = [
                key_reference(place, offset, path)
                for piece, offset in zip(self.pieces, self.offsets, strict=True)
                for place in piece.places
                if place[0] in twice
            ]
            # by place, and at one place as lint orders them: the reader's, then the
            # duplicate, then the entry's fields
            found = sorted(
                [*found, *checks.duplicates(named)],
                key=lambda f: (f.location.line, f.location.column, _RANKS.get(f.code, 2)),
            )
        return tuple(found)


@dataclass(frozen=True, slots=True, eq=False)
class Entries:
    """A snapshot's entries in full: references in file order, findings of a file read whole,
    and where each piece's references are among them, by piece and by text (for the next
    completion; plain numbers, which the collector need not track, not tuples of entries)."""

    snapshot: BibSnapshot
    read: Read
    placed: Mapping[Piece, Span]
    by_text: Mapping[tuple[str, bool], Span]


def advance(previous: BibSnapshot | None, text: str, path: str, checks: EntryChecks) -> BibSnapshot:
    """The snapshot of a new text: the pieces around the edit read again, the others kept."""
    if previous is None or previous.path != path or not previous.pieces:
        texts = cut(text)
        pieces = tuple(
            read_piece(t, path, n == len(texts) - 1, checks) for n, t in enumerate(texts)
        )
        starts = tuple(accumulate((len(p.text) for p in pieces[:-1]), initial=0))
        return BibSnapshot(path, text, pieces, starts, checks, {})
    old = previous.pieces
    where = splice(previous.text, [p.text for p in old], previous.starts, text)
    known = {(p.text, p.last): p for p in old[where.first : where.stop]}
    middle = []
    for n, piece_text in enumerate(where.texts):
        last = where.at_end and n == len(where.texts) - 1
        piece = known.get((piece_text, last))
        middle.append(piece if piece is not None else read_piece(piece_text, path, last, checks))
    pieces = (*old[: where.first], *middle, *old[where.stop :])
    if not pieces:  # all of it deleted
        return BibSnapshot(path, text, (read_piece(text, path, True, checks),), (0,), checks, {})
    begin = previous.starts[where.first]
    delta = len(text) - len(previous.text)
    middle_starts = accumulate((len(p.text) for p in middle[:-1]), initial=begin) if middle else ()
    starts = (
        *previous.starts[: where.first],
        *middle_starts,
        *(start + delta for start in previous.starts[where.stop :]),
    )
    return BibSnapshot(path, text, pieces, starts, checks, previous.handed_on())


def complete(snapshot: BibSnapshot, previous: Entries | None, checks: EntryChecks) -> Entries:
    """The snapshot's entries in full: each piece's as an earlier completion or the piece's
    own reading has them, the rest read (the whole file in one go when most are missing)."""
    path = snapshot.path
    if snapshot.crossing:
        read = read_bibtex(snapshot.text, path)
        entries = checks.findings(replace(read, findings=()))
        findings = (*read.findings, *checks.duplicates(read.references), *entries)
        return Entries(snapshot, replace(read, findings=findings), {}, {})
    found: list[Placed | None] = []
    for piece, offset in zip(snapshot.pieces, snapshot.offsets, strict=True):
        hit = _earlier(previous, piece)
        if hit is None and piece.references is not None:
            hit = (0, piece.references)
        found.append(_moved(hit, offset) if hit is not None else None)
    missing = sum(1 for hit in found if hit is None)
    if missing * _WHOLE_SHARE > len(found):
        found = list(_read_whole(snapshot))
    placed: dict[Piece, Span] = {}
    by_text: dict[tuple[str, bool], Span] = {}
    references: list[Reference] = []
    for piece, offset, hit in zip(snapshot.pieces, snapshot.offsets, found, strict=True):
        if hit is None:
            hit = (offset, _shifted(read_alone(piece.text, path, piece.last).references, offset))
        start = len(references)
        references.extend(hit[1])
        placed[piece] = by_text[piece.text, piece.last] = (offset, start, len(references))
    read = Read(references=tuple(references), findings=snapshot.findings)
    return Entries(snapshot, read, placed, by_text)


def fresh_references(snapshot: BibSnapshot, entries: Entries | None, key: str) -> list[Reference]:
    """A key's entries where they are in the snapshot's text, while its completion is pending:
    an unchanged entry's fields from the last completion, a changed one read alone now."""
    found: list[Reference] = []
    for piece, offset in snapshot.holding(key):
        hit = _earlier(entries, piece)
        if hit is None and piece.references is not None:
            hit = (0, piece.references)
        if hit is None:
            hit = (0, read_alone(piece.text, snapshot.path, piece.last).references)
        found.extend(r for r in _moved(hit, offset)[1] if r.key == key)
    return found


def _earlier(entries: Entries | None, piece: Piece) -> Placed | None:
    """A piece's references as a completion placed them: the same piece, or one of its text."""
    if entries is None:
        return None
    span = entries.placed.get(piece) or entries.by_text.get((piece.text, piece.last))
    if span is None:
        return None
    offset, start, stop = span
    return offset, entries.read.references[start:stop]


def _read_whole(snapshot: BibSnapshot) -> Iterable[Placed]:
    """Every piece's references from one reading of the whole text (one reader call is much
    cheaper than one per entry), each filed under the piece holding its first line."""
    read = read_bibtex(snapshot.text, snapshot.path)
    offsets = snapshot.offsets
    owned: list[list[Reference]] = [[] for _ in offsets]
    for reference in read.references:
        owned[max(0, bisect.bisect_right(offsets, reference.location.line - 1) - 1)].append(
            reference
        )
    return ((offset, tuple(mine)) for offset, mine in zip(offsets, owned, strict=True))


def _moved(placed: Placed, offset: int) -> Placed:
    """References placed at another line offset, moved to `offset`."""
    at, references = placed
    return placed if at == offset else (offset, _shifted(references, offset - at))


def _shifted(references: tuple[Reference, ...], lines: int) -> tuple[Reference, ...]:
    if lines == 0:
        return references
    return tuple(
        replace(
            reference,
            location=_shift(reference.location, lines),
            key_location=_shift(reference.key_location, lines) if reference.key_location else None,
        )
        for reference in references
    )


def _shift(location: Location, lines: int) -> Location:
    return Location(
        location.path, location.line + lines, location.column, location.end_line + lines,
        location.end_column,
    )  # fmt: skip


def _shift_finding(finding: Finding, lines: int) -> Finding:
    if lines == 0:
        return finding
    related = tuple(_shift(where, lines) for where in finding.related)
    return replace(finding, location=_shift(finding.location, lines), related=related)
