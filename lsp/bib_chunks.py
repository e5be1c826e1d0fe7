"""Re-read only the entries of a large .bib that changed, so each keystroke stays cheap."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from cite_sentinel.core import Config, Finding, Location, Read, Reference
from cite_sentinel.core.check import Document
from cite_sentinel.core.lint import lint
from cite_sentinel.core.sources.bibtex import read_bibtex

_ENTRY_START = re.compile(r"^[ \t]*@", re.MULTILINE)
# Macros and inheritance cross entries: such a file is read whole.
_CROSSING = re.compile(r"^[ \t]*@string\b|\b(?:crossref|xdata)\s*=", re.IGNORECASE | re.MULTILINE)
_LOCAL = Config(unused_entries=False)


@dataclass(frozen=True, slots=True)
class Chunk:
    """One entry's reading, placed `offset` lines into the file, with its local findings."""

    offset: int
    references: tuple[Reference, ...]
    findings: tuple[Finding, ...]


class BibReader:
    """Keeps each entry's reading by its text; an edit re-reads only the entries it touched."""

    def __init__(self) -> None:
        self._chunks: dict[tuple[str, int], Chunk] = {}  # (text, line offset): shifted

    def read(self, text: str, path: str) -> tuple[Read, tuple[Finding, ...]]:
        """The file's Read and its entry-local findings (reader, fields, identifiers)."""
        lowered = text.lower()
        crossing = "@string" in lowered or "crossref" in lowered or "xdata" in lowered
        if crossing and _CROSSING.search(text):
            read = read_bibtex(text, path)
            return read, tuple(lint([Document(path, read)], _LOCAL))
        pieces = _split(text)
        by_text = {piece: chunk for (piece, _), chunk in self._chunks.items()}
        fresh: dict[tuple[str, int], Chunk] = {}
        references: list[Reference] = []
        findings: list[Finding] = []
        for offset, piece in pieces:
            chunk = self._chunks.get((piece, offset))
            if chunk is None:
                base = by_text.get(piece)
                chunk = _moved(base, offset, path) if base else _read_chunk(piece, offset, path)
            fresh[(piece, offset)] = chunk
            references.extend(chunk.references)
            findings.extend(chunk.findings)
        self._chunks = fresh
        return Read(references=tuple(references)), tuple(findings)


def _split(text: str) -> list[tuple[int, str]]:
    """(line offset, text) of each piece that starts at an `@` at the start of a line."""
    starts = [m.start() for m in _ENTRY_START.finditer(text)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    pieces: list[tuple[int, str]] = []
    line = 0
    for begin, end in zip(starts, [*starts[1:], len(text)], strict=True):
        piece = text[begin:end]
        pieces.append((line, piece))
        line += piece.count("\n")
    return pieces


def _read_chunk(piece: str, offset: int, path: str) -> Chunk:
    read = read_bibtex(piece, path)
    found = lint([Document(path, read)], _LOCAL)
    return _moved(Chunk(0, read.references, tuple(found)), offset, path)


def _moved(chunk: Chunk, offset: int, path: str) -> Chunk:
    """The chunk's locations moved to start `offset` lines further than where they are."""
    delta = offset - chunk.offset
    return Chunk(
        offset,
        tuple(_shift_reference(r, delta, path) for r in chunk.references),
        tuple(_shift_finding(f, delta, path) for f in chunk.findings),
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


def _shift_finding(finding: Finding, offset: int, path: str) -> Finding:
    if offset == 0:
        return finding
    related: Iterable[Location] = (_shift(r, offset, path) for r in finding.related)
    return replace(finding, location=_shift(finding.location, offset, path), related=tuple(related))
