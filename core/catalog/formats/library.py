"""A lab's own library as catalog works: a BibTeX or CSL-JSON file, read by the project's readers.

A library is read whole (it is a bibliography, not a dump); an entry the reader cannot read
is skipped with the reader's message, and the rest are imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from cite_sentinel.core.catalog.errors import DumpError
from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.runs import DumpEntry
from cite_sentinel.core.catalog.streams import DumpFile
from cite_sentinel.core.model import Read, Record, Reference, Severity
from cite_sentinel.core.workspace.textfile import TextFileError, decode

_PREPRINT_WORDS = ("arxiv", "biorxiv", "medrxiv", "preprint", "corr")


def read_bibtex_library(dump: DumpFile, after: int, options: ReadOptions) -> Iterator[DumpEntry]:
    """Each entry of a .bib file, keyed by its citation key."""
    from cite_sentinel.core.sources.bibtex import read_bibtex

    yield from _library(dump, after, read_bibtex, "bibtex")


def read_csl_library(dump: DumpFile, after: int, options: ReadOptions) -> Iterator[DumpEntry]:
    """Each item of a CSL-JSON file, keyed by its id."""
    from cite_sentinel.core.sources.csl import read_csl_json

    yield from _library(dump, after, read_csl_json, "csl")


def record_from_reference(reference: Reference, source: str) -> Record:
    """A library entry as a Record: what the lab wrote is what the catalog holds."""
    venue = reference.venue
    return Record(
        source=source,
        id=reference.key,
        title=reference.title,
        people=reference.people,
        year=reference.year,
        date=reference.date,
        venue=venue,
        volume=reference.volume,
        issue=reference.issue,
        pages=reference.pages,
        publisher=reference.publisher,
        kind=reference.kind,
        identifiers=reference.identifiers,
        url=reference.identifiers.url,
        is_preprint=any(word in venue.lower() for word in _PREPRINT_WORDS)
        or reference.kind == "preprint",
    )


def _library(
    dump: DumpFile, after: int, reader: Callable[[str, str], Read], prefix: str
) -> Iterator[DumpEntry]:
    data = b"".join(iter(dump.read, b""))
    try:
        text = decode(data)
    except TextFileError as error:
        raise DumpError(dump.name, 1, 1, f"the file is not a bibliography: {error}") from None
    read = reader(text, dump.name)
    for finding in read.findings:
        if finding.severity is Severity.ERROR:
            yield DumpEntry(position=0, skipped=finding.message, line=finding.location.line)
    for position, reference in enumerate(read.references, 1):
        if position <= after:
            continue
        if not reference.title.strip():
            yield DumpEntry(
                position=position,
                skipped=f"{reference.key}: no title",
                line=reference.location.line,
            )
            continue
        yield DumpEntry(
            position=position,
            key=f"{prefix}:{reference.key}",
            record=record_from_reference(reference, prefix),
            line=reference.location.line,
        )
