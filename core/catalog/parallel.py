"""A line-based dump converted in worker processes, a chunk of lines each, handed back in order.

Parsing JSON and building records is the import's cost; the main process only reads lines and
writes rows. At most a few chunks per worker are in flight, so memory stays bounded however
large the file. A worker that meets a malformed line returns the entries before it and the
error, so the import keeps exactly what precedes the bad line.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, Future

from cite_sentinel.core.catalog.errors import DumpError
from cite_sentinel.core.catalog.formats import FORMATS
from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.rows import row_of
from cite_sentinel.core.catalog.runs import DumpEntry, WorkRow
from cite_sentinel.core.matching.venues import canonical

CHUNK = 1000
_IN_FLIGHT_PER_WORKER = 3

# An entry as it crosses processes: plain values pickle ten times faster than dataclasses.
_FlatRow = tuple[str | None, str | None, str | None, int, str, str, str]
_Flat = tuple[int, str, str, str, int, str, _FlatRow | None]


def entries_in_parallel(
    executor: Executor,
    workers: int,
    format_name: str,
    name: str,
    lines: Iterable[tuple[int, bytes]],
    options: ReadOptions,
) -> Iterator[DumpEntry]:
    """The entries of these lines, in line order, converted by the executor's processes."""
    window: collections.deque[Future[tuple[list[_Flat], DumpError | None]]] = collections.deque()
    for chunk in _chunks(lines):
        window.append(executor.submit(_convert, format_name, name, chunk, options))
        if len(window) >= workers * _IN_FLIGHT_PER_WORKER:
            yield from _unpack(window.popleft())
    while window:
        yield from _unpack(window.popleft())


def _chunks(lines: Iterable[tuple[int, bytes]]) -> Iterator[list[tuple[int, bytes]]]:
    chunk: list[tuple[int, bytes]] = []
    for item in lines:
        chunk.append(item)
        if len(chunk) >= CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _convert(
    format_name: str, name: str, chunk: list[tuple[int, bytes]], options: ReadOptions
) -> tuple[list[_Flat], DumpError | None]:
    """In a worker: each line as a flat entry, until the first malformed line."""
    read_line = FORMATS[format_name].read_line
    assert read_line is not None
    flat: list[_Flat] = []
    for number, line in chunk:
        try:
            entry = read_line(name, number, line, options)
        except DumpError as error:
            return flat, error
        row = None
        venue = ""
        if entry.record is not None:
            stored = row_of(entry.key, entry.record)
            row = (stored.doi, stored.arxiv, stored.pmid, stored.title_hash, stored.record,
                   stored.title, stored.names)  # fmt: skip
            venue = canonical(entry.record.venue_short or entry.record.venue)
        flat.append(
            (entry.position, entry.key, entry.updated, entry.skipped, entry.line, venue, row)
        )
    return flat, None


def _unpack(future: Future[tuple[list[_Flat], DumpError | None]]) -> Iterator[DumpEntry]:
    flat, error = future.result()
    for position, key, updated, skipped, line, venue, row in flat:
        stored = None
        if row is not None:
            doi, arxiv, pmid, title_hash, record, title, names = row
            stored = WorkRow(key=key, doi=doi, arxiv=arxiv, pmid=pmid, title_hash=title_hash,
                             record=record, title=title, names=names)  # fmt: skip
        yield DumpEntry(position=position, key=key, row=stored, venue=venue, updated=updated,
                    skipped=skipped, line=line)  # fmt: skip
    if error is not None:
        raise error
