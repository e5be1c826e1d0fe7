"""What the catalog records about each import: its format, inputs, snapshot date, counts, state."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cite_sentinel.core.model import Record


class ImportState(StrEnum):
    """Where an import stands; a running or failed one resumes when the same import is run again."""

    RUNNING = "running"
    COMPLETE = "complete"
    FAILED = "failed"


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportRun:
    """One import: what it read, what it holds, and what it declares complete."""

    id: int
    format: str  # openalex, crossref, dblp, pubmed, arxiv, bibtex, csl-json, zotero
    inputs: tuple[str, ...]
    snapshot: str = ""  # ISO date of the newest record read (or as given)
    state: ImportState = ImportState.RUNNING
    works: int = 0  # works this import holds now
    skipped: int = 0  # records read that name no work (no title), or that could not be read
    deleted: int = 0  # works a later file of the source withdrew (PubMed updates)
    started: str = ""
    finished: str = ""
    complete: bool = False  # declared complete for its venues up to its snapshot date
    venues: tuple[str, ...] = ()  # with `complete`: the venues (canonical names) it covers
    error: str = ""


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """How far an import got in one input file: records consumed, and whether it is done."""

    path: str
    position: int
    finished: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class WorkRow:
    """One work as both stores keep it."""

    key: str
    doi: str | None
    arxiv: str | None
    pmid: str | None
    title_hash: int
    record: str  # record_codec JSON
    title: str  # what full-text search indexes
    names: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DumpEntry:
    """One record of a dump as an importer read it.

    `position` counts the file's records from 1 (a line, an array item, an XML element), so an
    interrupted import resumes after the last position it stored. No record: the source
    deletes the work `key` (`deleted`), or the record names no usable work (`skipped`, why).
    A parallel import's workers send the stored `row` and `venue` instead of the record.
    """

    position: int
    key: str = ""
    record: Record | None = None
    row: WorkRow | None = None
    venue: str = ""  # the canonical venue, when the row comes without its record
    updated: str = ""  # ISO date the source last changed the record
    deleted: bool = False
    skipped: str = ""
    line: int = 0  # where the record starts, for messages (0: not known)


@dataclass(frozen=True, slots=True, kw_only=True)
class Scope:
    """What one complete import may call exhaustive: works of these venues up to this date."""

    import_id: int
    format: str
    snapshot: str
    venues: frozenset[str]
