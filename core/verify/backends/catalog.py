"""The local catalog as an index: a reference's identifiers and title looked up offline.

It answers like the online indexes, with Records, but says more about an absence: a work the
catalog lacks is evidence of nothing unless the catalog was imported as complete for the
reference's venue, up to a date after the reference's year (a full dblp import for the
venues dblp indexes). Only the works of scholarly dumps are evidence: a lab's own library
(BibTeX, CSL-JSON, Zotero) is what is being checked, so its works never settle a verdict (an
invented entry would verify itself). The report of every verdict names the dump whose record
settled it, with its snapshot date, or says that only a library holds the work.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.catalog.formats import FORMATS, format_of_work
from cite_sentinel.core.catalog.rows import query_for
from cite_sentinel.core.catalog.runs import ImportRun, ImportState, Scope
from cite_sentinel.core.catalog.store import (
    CatalogStore,
    catalog_location,
    is_postgres,
    open_catalog,
)
from cite_sentinel.core.matching.venues import canonical
from cite_sentinel.core.model import Record, Reference, SourceReport, SourceStatus

NAME = "catalog"
_OFF = frozenset({"off", "none", "no"})


@dataclass(frozen=True, slots=True)
class CatalogAnswer:
    """What the catalog holds for one reference, and whether its absence would prove anything."""

    by_identifier: tuple[Record, ...]
    by_title: tuple[Record, ...]
    complete: str  # the scope the catalog is complete for ("neurips up to 2024-05-06 (dblp)")
    # The catalog holds what the reference's identifiers name (or it names none): else a
    # match by title leaves the cited DOI or arXiv id to the registries…
    identifiers_found: bool = True
    # The libraries (lab's own BibTeX, CSL-JSON, Zotero) holding a work by the reference's
    # identifiers or title: named on the verdict, never evidence.
    libraries: tuple[str, ...] = ()

    @property
    def identifier_absent(self) -> bool:
        """…unless the catalog is complete here: then an identifier it lacks exists nowhere."""
        return bool(self.complete) and not self.identifiers_found


class Catalog:
    """A catalog opened for one run's look-ups."""

    name = NAME

    def __init__(self, store: CatalogStore) -> None:
        self._store = store
        self._runs = tuple(
            run for run in store.runs() if run.state is ImportState.COMPLETE and run.works
        )
        dumps = [run for run in self._runs if not _library(run.format)]
        self.snapshots = _described(dumps) or "no scholarly dump, only libraries"
        self._scopes = tuple(scope for scope in store.scopes() if not _library(scope.format))

    async def lookup(self, references: Sequence[Reference]) -> list[CatalogAnswer]:
        """One answer per reference, in order (a thread does the database work)."""
        queries = [query_for(reference) for reference in references]
        found = await asyncio.to_thread(self._store.find, queries)
        answers = []
        for reference, answer in zip(references, found, strict=True):
            by_identifier = tuple(r for r in answer.by_identifier if not _in_library(r))
            by_title = tuple(r for r in answer.by_title if not _in_library(r))
            in_libraries = [r for r in (*answer.by_identifier, *answer.by_title) if _in_library(r)]
            answers.append(
                CatalogAnswer(
                    by_identifier,
                    by_title,
                    self._complete_for(reference),
                    identifiers_found=_holds_cited(reference, (*by_identifier, *by_title)),
                    libraries=tuple(sorted({self._held_in(r) for r in in_libraries})),
                )
            )
        return answers

    def report(self, answer: CatalogAnswer, *, match: Record | None) -> SourceReport:
        """How the catalog appears on a verdict: answered (the dump whose record matched, or
        an absence it may claim), or skipped with why its absence proves nothing."""
        if match is not None:
            return SourceReport(NAME, SourceStatus.ANSWERED, self._held_in(match))
        if answer.complete:
            return SourceReport(NAME, SourceStatus.ANSWERED, f"complete for {answer.complete}")
        libraries = (
            f"; held only in a library you imported ({', '.join(answer.libraries)}), which is"
            " what is checked, not evidence"
            if answer.libraries
            else ""
        )
        return SourceReport(
            NAME,
            SourceStatus.SKIPPED,
            f"not held ({self.snapshots}); the catalog is not complete for this reference, "
            f"so that proves nothing{libraries}",
        )

    def close(self) -> None:
        self._store.close()

    def _held_in(self, record: Record) -> str:
        """The imports of the format that brought a work, described ("openalex snapshot …")."""
        format = format_of_work(record.id)
        runs = [run for run in self._runs if format is not None and run.format == format.name]
        if format is not None and format.library:
            return "; ".join(sorted({f"{run.format} {_first_input(run)}" for run in runs}))
        return _described(runs) or self.snapshots

    def _complete_for(self, reference: Reference) -> str:
        venue = canonical(reference.venue) if reference.venue else ""
        if not venue or reference.year is None:
            return ""
        for scope in self._scopes:
            if venue in scope.venues and _covers(scope, reference.year):
                return f"{venue} up to {scope.snapshot} ({scope.format})"
        return ""


def open_catalog_backend(env: Mapping[str, str]) -> Catalog | None:
    """The run's catalog: CITE_SENTINEL_CATALOG, else the default file if one was built."""
    named = env.get("CITE_SENTINEL_CATALOG", "").strip()
    if named.lower() in _OFF:
        return None
    location = catalog_location(env, named)
    if not named and not is_postgres(location) and not Path(location).is_file():
        return None
    return Catalog(open_catalog(location, readonly=True))


def _described(runs: Sequence[ImportRun]) -> str:
    return "; ".join(sorted({f"{run.format} snapshot {run.snapshot}" for run in runs}))


def _first_input(run: ImportRun) -> str:
    more = f" and {len(run.inputs) - 1} more" if len(run.inputs) > 1 else ""
    return f"{Path(run.inputs[0]).name if run.inputs else 'import ' + str(run.id)}{more}"


def _library(format: str) -> bool:
    known = FORMATS.get(format)
    return known is not None and known.library


def _in_library(record: Record) -> bool:
    format = format_of_work(record.id)
    return format is not None and format.library


def _holds_cited(reference: Reference, records: Sequence[Record]) -> bool:
    """Whether the records found carry every identifier the reference cites (a PMID that
    finds the work says nothing of the DOI cited beside it)."""
    ids = reference.identifiers
    held = {
        value.lower()
        for record in records
        for value in (record.identifiers.doi, record.identifiers.arxiv, record.identifiers.pmid)
        if value
    }
    return all(value.lower() in held for value in (ids.doi, ids.arxiv, ids.pmid) if value)


def _covers(scope: Scope, year: int) -> bool:
    snapshot_year = scope.snapshot[:4]
    return snapshot_year.isdigit() and year < int(snapshot_year)  # that year's end is in it
