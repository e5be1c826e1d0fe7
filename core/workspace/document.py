"""One file the workspace holds: its text, where the text came from, and how it reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from cite_sentinel.core.model import Finding, Read
from cite_sentinel.core.sources.bibtex_incremental import BibSnapshot, Entries


class Origin(StrEnum):
    """Who gave the workspace a document's text; an editor's buffer wins over the disk."""

    OPENED = "opened"  # an editor's buffer (the language server's client)
    DISK = "disk"  # read from disk
    GIVEN = "given"  # read by a face itself (the Pandoc filter reads the AST, not a file)


@dataclass(frozen=True, slots=True, kw_only=True)
class Document:
    """A file as last read: the reading, its own findings and accept marks, for one text.

    A .bib in a live workspace also keeps its pieces (`bib`, always of `text`) and its
    entries in full (`entries`, of an earlier text while a large file's completion is
    pending: `read.references` then lag behind the text, the findings do not).
    """

    path: str
    text: str
    origin: Origin
    version: int | None = None
    read: Read = field(default_factory=Read)
    findings: tuple[Finding, ...] = ()  # what the file says of itself (default severities)
    marks: frozenset[int] = frozenset()  # lines holding an accept comment
    bib: BibSnapshot | None = None
    entries: Entries | None = None

    @property
    def is_open(self) -> bool:
        """Whether an editor holds the document (its buffer wins over the disk)."""
        return self.origin is Origin.OPENED

    @property
    def current(self) -> bool:
        """Whether the reading is of the text (a large .bib's completion is not pending)."""
        return self.bib is None or (self.entries is not None and self.entries.snapshot is self.bib)
