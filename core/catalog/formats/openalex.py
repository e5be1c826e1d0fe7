"""OpenAlex snapshot works files (`works/updated_date=…/part_000.gz`): one API work a line."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from cite_sentinel.core.catalog.formats.json_lines import lines_after, parse_line
from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.runs import DumpEntry
from cite_sentinel.core.catalog.streams import DumpFile
from cite_sentinel.core.records import record_from_work


def read_openalex(dump: DumpFile, after: int, options: ReadOptions) -> Iterator[DumpEntry]:
    """Each work after line `after`; a work without a title is skipped."""
    for number, line in lines_after(dump, after):
        yield openalex_entry(dump.name, number, line, options)


def openalex_entry(name: str, number: int, line: bytes, options: ReadOptions) -> DumpEntry:
    """One line of a works file as an entry (this runs in an import's worker processes)."""
    work = parse_line(name, number, line)
    record = record_from_work(work)
    if not record.title.strip() or not record.id:
        return DumpEntry(position=number, skipped="no title or no id", line=number)
    if not options.abstracts:
        record = replace(record, abstract="")
    return DumpEntry(
        position=number,
        key=f"openalex:{record.id}",
        record=record,
        updated=str(work.get("updated_date") or ""),
        line=number,
    )
