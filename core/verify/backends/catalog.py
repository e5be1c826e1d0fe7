"""The local catalog as an index: a reference's identifiers and title looked up offline.

It answers like the online indexes, with Records, but says more about an absence: a work the
catalog lacks is evidence of nothing unless the catalog was imported as complete for the
reference's venue, up to a date after the reference's year (a full dblp import for the
venues dblp indexes). The report of every verdict names the catalog and its snapshot dates.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.catalog.rows import query_for
from cite_sentinel.core.catalog.runs import ImportState, Scope
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

    @property
    def identifier_absent(self) -> bool:
        """…unless the catalog is complete here: then an identifier it lacks exists nowhere."""
        return bool(self.complete) and not self.identifiers_found


class Catalog:
    """A catalog opened for one run's look-ups."""

    name = NAME

    def __init__(self, store: CatalogStore) -> None:
        self._store = store
        runs = [run for run in store.runs() if run.state is ImportState.COMPLETE and run.works]
        self.snapshots = "; ".join(
            sorted({f"{run.format} snapshot {run.snapshot}" for run in runs})
        ) or "empty"  # fmt: skip
        self._scopes = store.scopes()

    async def lookup(self, references: Sequence[Reference]) -> list[CatalogAnswer]:
        """One answer per reference, in order (a thread does the database work)."""
        queries = [query_for(reference) for reference in references]
        found = await asyncio.to_thread(self._store.find, queries)
        return [
            CatalogAnswer(
                answer.by_identifier,
                answer.by_title,
                self._complete_for(reference),
                identifiers_found=bool(answer.by_identifier) or not _cites_identifier(reference),
            )
            for reference, answer in zip(references, found, strict=True)
        ]

    def report(self, answer: CatalogAnswer, *, matched: bool) -> SourceReport:
        """How the catalog appears on a verdict: answered (a match, or an absence it may
        claim), or skipped with why its absence proves nothing."""
        if matched:
            return SourceReport(NAME, SourceStatus.ANSWERED, self.snapshots)
        if answer.complete:
            return SourceReport(NAME, SourceStatus.ANSWERED, f"complete for {answer.complete}")
        return SourceReport(
            NAME,
            SourceStatus.SKIPPED,
            f"not held ({self.snapshots}); the catalog is not complete for this reference, "
            "so that proves nothing",
        )

    def close(self) -> None:
        self._store.close()

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


def _cites_identifier(reference: Reference) -> bool:
    ids = reference.identifiers
    return bool(ids.doi or ids.arxiv or ids.pmid)


def _covers(scope: Scope, year: int) -> bool:
    snapshot_year = scope.snapshot[:4]
    return snapshot_year.isdigit() and year < int(snapshot_year)  # that year's end is in it
