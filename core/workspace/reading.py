"""How a file's text becomes a Document: its reader, or for a live .bib its pieces."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core.model import Read
from cite_sentinel.core.sources import reader_for, reader_for_text
from cite_sentinel.core.sources.bibtex_incremental import advance, complete
from cite_sentinel.core.sources.bibtex_syntax import syntax_findings
from cite_sentinel.core.sources.long_sentences import windowed
from cite_sentinel.core.sources.surrogates import without_surrogates
from cite_sentinel.core.workspace.acceptance import marks
from cite_sentinel.core.workspace.document import Document, Origin
from cite_sentinel.core.workspace.local_checks import ENTRY_CHECKS, own_findings

COLD_LIMIT = 200_000  # characters: a live .bib this large gets its entries in full later


def read_document(
    path: str,
    text: str,
    origin: Origin,
    version: int | None,
    previous: Document | None,
    *,
    live: bool,
) -> Document:
    """The document of a text; a live workspace's .bib is read again only around the edit
    from `previous` (the same file's last reading)."""
    text = without_surrogates(text)  # an editor's or assistant's text may hold a lone one
    if live and is_bibtex(path):
        return _bib_document(path, text, origin, version, previous)
    reader = reader_for(path) or reader_for_text(text)
    read = windowed(reader(text, path)) if reader is not None else Read()
    return Document(
        path=path, text=text, origin=origin, version=version, read=read,
        findings=tuple(own_findings(read)), marks=marks(text),
    )  # fmt: skip


def readable(path: str, text: str, *, live: bool) -> bool:
    """Whether a reader knows the file, by its name or else by its text."""
    return (live and is_bibtex(path)) or bool(reader_for(path) or reader_for_text(text))


def is_bibtex(path: str) -> bool:
    return Path(path).suffix.lower() == ".bib"


def is_foreign_data(path: str, text: str) -> bool:
    """A folder's package.json or CI YAML: data that is no bibliography."""
    from cite_sentinel.core.sources.csl import is_csl

    return Path(path).suffix.lower() in {".json", ".yaml", ".yml"} and not is_csl(text, path)


def _bib_document(
    path: str, text: str, origin: Origin, version: int | None, previous: Document | None
) -> Document:
    """A .bib in pieces: its local findings now, its entries now or, for a large file, by a
    completion the face runs later (until then, the last completion's entries)."""
    snapshot = advance(previous.bib if previous else None, text, path, ENTRY_CHECKS)
    entries = previous.entries if previous is not None else None
    if len(text) <= COLD_LIMIT:
        entries = complete(snapshot, entries, ENTRY_CHECKS)
    findings = snapshot.findings
    if snapshot.crossing:  # read whole: the syntax findings until that reading is done
        current = entries is not None and entries.snapshot is snapshot
        findings = entries.read.findings if current and entries else syntax_findings(text, path)
    return Document(
        path=path, text=text, origin=origin, version=version,
        read=entries.read if entries is not None else Read(), findings=findings,
        marks=marks(text), bib=snapshot, entries=entries,
    )  # fmt: skip
