"""Re-read only the entries of a large .bib that changed, so each keystroke stays cheap."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from cite_sentinel.core import Code, Config, Finding, Location, Read, Reference
from cite_sentinel.core.check import Document
from cite_sentinel.core.lint import lint
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.sources.bibtex_scan import NEW_ENTRY
from cite_sentinel.lsp.text_diff import common_ends

_STAND_IN = (
    "@comment{}"  # after a piece that is not the last: the next entry, as the reader sees it
)
# Macros and inheritance cross entries: such a file is read whole.
_CROSSING = re.compile(r"^[ \t]*@string\b|\b(?:crossref|xdata)\s*=", re.IGNORECASE | re.MULTILINE)
_LOCAL = Config(unused_entries=False)
_ALONE = 64  # pieces read alone for entries(), kept until this many
_CROSS = frozenset({Code.DUPLICATE_KEY, Code.UNDEFINED_KEY, Code.UNUSED_ENTRY})


@dataclass(frozen=True, slots=True)
class Chunk:
    """One entry's reading, placed `offset` lines into the file, with its local findings."""

    offset: int
    references: tuple[Reference, ...]
    findings: tuple[Finding, ...]
    keys: tuple[Reference, ...] = ()  # the references reduced to key and place, for lint
    text: str = ""  # the piece as written
    last: bool = False  # read as the file's end (an entry left open runs to it)


@dataclass(frozen=True, slots=True)
class BibRead:
    """A bibliography's reading: references, entry-local findings, and keys for the cross lint."""

    read: Read
    findings: tuple[Finding, ...]
    keys: tuple[Reference, ...]


class BibReader:
    """Keeps each entry's reading by its text; an edit re-reads only the entries it touched.

    A cold reader reads the whole file in one call (much cheaper than one call per entry)
    and files the results under each entry's text; later reads reuse them.
    """

    def __init__(self) -> None:
        self._chunks: list[Chunk] = []  # one per piece of _text, once read
        self._crossing: dict[str, bool] = {}  # piece text: names a macro or a parent
        self._text = ""
        self._pieces: list[tuple[int, str]] = []  # of _text
        self._starts: list[int] = []  # each piece's first character in _text
        # the last split's splice: pieces [first, first + count) are new, and the old pieces
        # from `after` on follow them, `lines` lines further down; None: all new
        self._splice: tuple[int, int, int, int] | None = None
        # the last reading's chunks by text, for entries(): built with them (in the worker
        # thread), replaced whole, so the event loop always sees one reading's index
        self._by_text: dict[str, Chunk] = {}
        self._alone: dict[tuple[str, bool], Chunk] = {}  # pieces entries() read itself

    @property
    def warm(self) -> bool:
        """Whether a read has filed entries to reuse."""
        return bool(self._chunks)

    def read(self, text: str, path: str) -> BibRead:
        """The file's references, entry-local findings (reader, fields, identifiers) and keys."""
        pieces = self._split(text)
        crossing = self._crossing
        fresh_crossing = {p: crossing[p] if p in crossing else crosses(p) for _, p in pieces}
        self._crossing = fresh_crossing
        if any(fresh_crossing.values()):
            self._chunks, self._by_text = [], {}
            read = read_bibtex(text, path)
            found = _local(lint([Document(path, read)], _LOCAL))
            keys = tuple(key_only(r) for r in read.references)
            return BibRead(read, found, keys)
        if not self._chunks or self._splice is None:
            self._chunks = _file_whole(text, path, pieces)
        else:
            self._chunks = self._spliced(pieces, path, *self._splice)
        chunks = self._chunks
        self._by_text = {c.text: c for c in chunks}
        return BibRead(
            Read(references=tuple(r for c in chunks for r in c.references)),
            tuple(f for c in chunks for f in c.findings),
            tuple(k for c in chunks for k in c.keys),
        )

    def entries(self, piece: str, last: bool, offset: int, path: str) -> tuple[Reference, ...]:
        """A piece's references placed `offset` lines into the file: as the last reading parsed
        them where that reading had the same piece, else the piece read alone now (once).

        Called on the event loop while a reading may run in a worker thread: the index it
        looks in is replaced whole by that thread, never changed in place.
        """
        chunk = self._by_text.get(piece)
        if chunk is None or chunk.last != last:
            chunk = self._alone.get((piece, last))
        if chunk is None:
            if len(self._alone) >= _ALONE:
                self._alone.clear()
            chunk = self._alone[piece, last] = _read_chunk(piece, offset, path, last)
        return tuple(_shift_reference(r, offset - chunk.offset, path) for r in chunk.references)

    def _split(self, text: str) -> list[tuple[int, str]]:
        """The pieces of the text, re-splitting only around what changed since the last read."""
        old, pieces, starts = self._text, self._pieces, self._starts
        if not pieces:
            pieces = split_pieces(text)
            starts = _starts(pieces)
            self._splice = None
        else:
            prefix, suffix = common_ends(old, text)
            # from the piece before the first change to the piece after the last one
            first = max(0, bisect.bisect_right(starts, max(0, prefix - 1)) - 2)
            last = min(len(pieces) - 1, bisect.bisect_right(starts, len(old) - suffix - 1))
            begin = starts[first]
            end_old = starts[last] + len(pieces[last][1])
            delta = len(text) - len(old)
            middle = text[begin : end_old + delta]
            lines = middle.count("\n") - old[begin:end_old].count("\n")
            base_line = pieces[first][0]
            split = split_pieces(middle) if middle else []
            redone = [(base_line + offset, piece) for offset, piece in split]
            redone_starts = [begin + start for start in _starts(split)]
            self._splice = (first, len(redone), last + 1, lines)
            pieces = [*pieces[:first], *redone, *((o + lines, p) for o, p in pieces[last + 1 :])]
            starts = [
                *starts[:first],
                *redone_starts,
                *(start + delta for start in starts[last + 1 :]),
            ]
        self._text, self._pieces, self._starts = text, pieces, starts
        return pieces

    def _spliced(
        self, pieces: list[tuple[int, str]], path: str, first: int, count: int, after: int,
        lines: int,
    ) -> list[Chunk]:  # fmt: skip
        """The old chunks around the splice, the new pieces read (or moved from the old)."""
        old = self._chunks
        by_text = {(c.text, c.last): c for c in old[first:after]}
        middle = []
        for n, (offset, piece) in enumerate(pieces[first : first + count], first):
            last = n == len(pieces) - 1
            base = by_text.get((piece, last))
            middle.append(
                _moved(base, offset, path) if base else _read_chunk(piece, offset, path, last)
            )
        tail = old[after:]
        if lines:
            tail = [_moved(c, c.offset + lines, path) for c in tail]
        return [*old[:first], *middle, *tail]


def split_pieces(text: str) -> list[tuple[int, str]]:
    """(line offset, text) of each piece that starts where an entry opens a line (`@name{`,
    as the reader resumes there too; any other `@` may be part of a value)."""
    starts = [m.start() + 1 for m in NEW_ENTRY.finditer(text)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    pieces: list[tuple[int, str]] = []
    line = 0
    for begin, end in zip(starts, [*starts[1:], len(text)], strict=True):
        piece = text[begin:end]
        pieces.append((line, piece))
        line += piece.count("\n")
    return pieces


def _starts(pieces: list[tuple[int, str]]) -> list[int]:
    starts: list[int] = []
    at = 0
    for _, piece in pieces:
        starts.append(at)
        at += len(piece)
    return starts


def key_only(reference: Reference) -> Reference:
    """A reference reduced to its key and place: lint skips the field checks of these."""
    return Reference(
        key=reference.key,
        location=reference.location,
        key_location=reference.key_location,
        source_format="reflist",
    )


def crosses(piece: str) -> bool:
    """Whether a text defines a macro or names a parent: its entries do not read alone."""
    lowered = piece.lower()
    if "@string" not in lowered and "crossref" not in lowered and "xdata" not in lowered:
        return False
    return _CROSSING.search(piece) is not None


def _local(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    # duplicates, undefined and unused keys are the workspace's to find, across files
    return tuple(f for f in findings if f.code not in _CROSS)


def _file_whole(text: str, path: str, pieces: list[tuple[int, str]]) -> list[Chunk]:
    """Read the whole file once; each piece gets the references and findings on its lines."""
    read = read_bibtex(text, path)
    found = _local(lint([Document(path, read)], _LOCAL))
    offsets = [offset for offset, _ in pieces]
    references: list[list[Reference]] = [[] for _ in pieces]
    findings: list[list[Finding]] = [[] for _ in pieces]
    for reference in read.references:
        references[_owner(offsets, reference.location.line)].append(reference)
    for finding in found:
        findings[_owner(offsets, finding.location.line)].append(finding)
    return [
        Chunk(
            offset,
            tuple(references[n]),
            tuple(findings[n]),
            tuple(key_only(r) for r in references[n]),
            piece,
            n == len(pieces) - 1,
        )
        for n, (offset, piece) in enumerate(pieces)
    ]


def _owner(offsets: list[int], line: int) -> int:
    return max(0, bisect.bisect_right(offsets, line - 1) - 1)


def _read_chunk(piece: str, offset: int, path: str, last: bool) -> Chunk:
    read = read_bibtex(piece if last else piece + _STAND_IN, path)
    found = _local(lint([Document(path, read)], _LOCAL))
    keys = tuple(key_only(r) for r in read.references)
    return _moved(Chunk(0, read.references, found, keys, piece, last), offset, path)


def _moved(chunk: Chunk, offset: int, path: str) -> Chunk:
    """The chunk's locations moved to start `offset` lines further than where they are."""
    delta = offset - chunk.offset
    return Chunk(
        offset,
        tuple(_shift_reference(r, delta, path) for r in chunk.references),
        tuple(shift_finding(f, delta, path) for f in chunk.findings),
        tuple(_shift_reference(r, delta, path) for r in chunk.keys),
        chunk.text,
        chunk.last,
    )


def _shift(location: Location, offset: int, path: str) -> Location:
    if offset == 0 and location.path == path:
        return location
    return Location(
        path, location.line + offset, location.column, location.end_line + offset,
        location.end_column,
    )  # fmt: skip


def _shift_reference(reference: Reference, offset: int, path: str) -> Reference:
    if offset == 0:
        return reference
    key_location = reference.key_location
    return replace(
        reference,
        location=_shift(reference.location, offset, path),
        key_location=_shift(key_location, offset, path) if key_location else None,
    )


def shift_finding(finding: Finding, offset: int, path: str) -> Finding:
    if offset == 0:
        return finding
    related: Iterable[Location] = (_shift(r, offset, path) for r in finding.related)
    return replace(finding, location=_shift(finding.location, offset, path), related=tuple(related))
