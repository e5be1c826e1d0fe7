"""Crossref's public data file: many `*.json.gz`, each `{"items": [API work, …]}`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from cite_sentinel.core.catalog.errors import DumpError
from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.json_items import array_items
from cite_sentinel.core.catalog.runs import DumpEntry
from cite_sentinel.core.catalog.streams import DumpFile
from cite_sentinel.core.records import record_from_item


def read_crossref(dump: DumpFile, after: int, options: ReadOptions) -> Iterator[DumpEntry]:
    """Each item after the `after`-th; an item without a title or DOI is skipped."""
    for position, (line, item) in enumerate(array_items(dump, "items"), 1):
        if position <= after:
            continue
        if not isinstance(item, dict):
            raise DumpError(dump.name, line, 1, "an item is not a JSON object")
        record = replace(record_from_item(item), score=None)
        if not record.title.strip() or not record.id:
            yield DumpEntry(position=position, skipped="no title or no DOI", line=line)
            continue
        if not options.abstracts:
            record = replace(record, abstract="")
        indexed = item.get("indexed") or {}
        updated = str(indexed.get("date-time") or "") if isinstance(indexed, dict) else ""
        yield DumpEntry(
            position=position,
            key=f"crossref:{record.id}",
            record=record,
            updated=updated,
            line=line,
        )
