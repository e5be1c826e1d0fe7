"""An import: stream a dump's files into a catalog in batches, each stored with its checkpoint.

A batch and the checkpoint after it are one transaction, so an import stopped anywhere (a
malformed record, Ctrl-C, a killed process) keeps every batch before it, and running the same
import again resumes after the last checkpoint instead of starting over.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from cite_sentinel.core.catalog.errors import DumpError
from cite_sentinel.core.catalog.formats import Format, files_of
from cite_sentinel.core.catalog.formats.json_lines import lines_after
from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.parallel import entries_in_parallel
from cite_sentinel.core.catalog.runs import Checkpoint, DumpEntry, ImportRun
from cite_sentinel.core.catalog.streams import DumpFile
from cite_sentinel.core.errors import InputError
from cite_sentinel.core.matching.venues import canonical

BATCH = 5000


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportProgress:
    """How far an import is, for a progress display."""

    file: str
    files_done: int
    files: int
    records: int  # records read in this session
    bytes_read: int  # of all files, on disk (compressed)
    bytes_total: int
    resumed: bool = False


class ImportTarget(Protocol):
    """What an import needs of a catalog store (SQLite or PostgreSQL)."""

    def begin(
        self, format: str, inputs: Sequence[str], *, complete: bool = False, snapshot: str = ""
    ) -> ImportRun: ...
    def unfinished(self, format: str, inputs: Sequence[str]) -> ImportRun | None: ...
    def resume(self, run: ImportRun) -> ImportRun: ...
    def checkpoints(self, import_id: int) -> dict[str, Checkpoint]: ...
    def write(
        self,
        import_id: int,
        path: str,
        entries: Sequence[DumpEntry],
        *,
        position: int,
        finished: bool = False,
        venues: Iterable[str] = (),
    ) -> None: ...
    def finish(self, import_id: int) -> ImportRun: ...
    def fail(self, import_id: int, error: str) -> ImportRun: ...


def import_dump(
    store: ImportTarget,
    format: Format,
    inputs: Sequence[Path],
    *,
    options: ReadOptions | None = None,
    snapshot: str = "",
    complete: bool = False,
    batch: int = BATCH,
    workers: int = 0,
    progress: Callable[[ImportProgress], None] | None = None,
    skipped: Callable[[str, DumpEntry], None] | None = None,
) -> ImportRun:
    """Import (or resume importing) these files; the finished import.

    Raises `DumpError` at the first malformed place (everything before it stays imported, and
    the same call resumes there once the file is fixed) and re-raises KeyboardInterrupt after
    storing what was read. Line-based formats are converted by `workers` processes (0: one
    per CPU; 1: none, all in this process). Raises `InputError` for `complete` on a library:
    a lab's own library is complete for no venue.
    """
    if complete and format.library:
        raise InputError(
            f"--complete: a {format.name} library is a lab's own selection, complete for no "
            "venue; import it without --complete (only a full dump of a source that indexes "
            "venues completely, such as dblp, may be declared complete)"
        )
    files = files_of(format, inputs)
    names = [str(path.resolve()) for path in files]
    earlier = store.unfinished(format.name, names)
    if earlier is not None:
        run = store.resume(earlier)
    else:
        run = store.begin(format.name, names, complete=complete, snapshot=snapshot)
    workers = workers or os.cpu_count() or 1
    executor = ProcessPoolExecutor(workers) if format.read_line and workers > 1 else None
    session = _Session(
        store,
        run,
        format,
        options=options or ReadOptions(),
        batch=batch,
        pool=(executor, workers),
        progress=progress,
        skipped=skipped,
        resumed=earlier is not None,
    )
    try:
        session.read_files(files, names)
    except DumpError as error:
        store.fail(run.id, str(error))
        raise
    except KeyboardInterrupt:
        store.fail(run.id, "interrupted")
        raise
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    return store.finish(run.id)


class _Session:
    """One run of an import: the files still to read, and the batch being filled."""

    def __init__(
        self,
        store: ImportTarget,
        run: ImportRun,
        format: Format,
        *,
        options: ReadOptions,
        batch: int,
        pool: tuple[Executor | None, int],
        progress: Callable[[ImportProgress], None] | None,
        skipped: Callable[[str, DumpEntry], None] | None,
        resumed: bool,
    ) -> None:
        self.store = store
        self.run = run
        self.format = format
        self.options = options
        self.batch = batch
        self.executor, self.workers = pool
        self.progress = progress
        self.skipped = skipped
        self.resumed = resumed
        self.records = 0

    def read_files(self, files: list[Path], names: list[str]) -> None:
        done = self.store.checkpoints(self.run.id)
        sizes = [path.stat().st_size for path in files]
        for index, (path, name) in enumerate(zip(files, names, strict=True)):
            checkpoint = done.get(name, Checkpoint(name, 0))
            if checkpoint.finished:
                continue
            with DumpFile(path) as dump:

                def report(dump: DumpFile = dump, index: int = index, name: str = name) -> None:
                    if self.progress is not None:
                        self.progress(ImportProgress(
                            file=name, files_done=index, files=len(files), records=self.records,
                            bytes_read=sum(sizes[:index]) + dump.consumed,
                            bytes_total=sum(sizes), resumed=self.resumed))  # fmt: skip

                self._read_file(self._entries(dump, checkpoint.position), name,
                                checkpoint.position, report)  # fmt: skip

    def _entries(self, dump: DumpFile, after: int) -> Iterable[DumpEntry]:
        if self.executor is None:
            return self.format.read(dump, after, self.options)
        lines = lines_after(dump, after)
        return entries_in_parallel(
            self.executor, self.workers, self.format.name, dump.name, lines, self.options
        )

    def _read_file(
        self, entries: Iterable[DumpEntry], name: str, after: int, report: Callable[[], None]
    ) -> None:
        pending: list[DumpEntry] = []
        position = after
        try:
            for entry in entries:
                if entry.position <= after and not entry.skipped:
                    continue
                if len(pending) >= self.batch and entry.position != position:
                    self._write(name, pending, position)
                    pending = []
                    report()
                pending.append(entry)
                position = max(position, entry.position)
                self.records += 1
                if entry.skipped and self.skipped is not None:
                    self.skipped(name, entry)
        except BaseException:
            self._write(name, pending, position)  # what came before the failure is kept
            raise
        self._write(name, pending, position, finished=True)
        report()

    def _write(
        self, name: str, entries: list[DumpEntry], position: int, *, finished: bool = False
    ) -> None:
        venues: set[str] = set()
        if self.run.complete:
            for entry in entries:
                if entry.venue:
                    venues.add(entry.venue)
                elif entry.record is not None:
                    venues.add(canonical(entry.record.venue_short or entry.record.venue))
            venues.discard("")
        self.store.write(self.run.id, name, entries, position=position, finished=finished,
                         venues=venues)  # fmt: skip
