"""A transient progress bar for an import: bytes of the dump read, records, files."""

from __future__ import annotations

from types import TracebackType

from cite_sentinel.core.catalog import ImportProgress
from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)


class ImportDisplay:
    """An `import_dump` progress callback drawing one bar on a terminal, nothing elsewhere."""

    def __init__(self, console: Console, *, enabled: bool) -> None:
        self._console = console
        self._enabled = enabled
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def __call__(self, state: ImportProgress) -> None:
        if not self._enabled:
            return
        if self._progress is None:
            self._progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                DownloadColumn(),
                TextColumn("{task.fields[records]:>12,} records"),
                TimeRemainingColumn(),
                console=self._console,
                transient=True,
            )
            self._progress.start()
            verb = "resuming" if state.resumed else "importing"
            self._task = self._progress.add_task(verb, total=state.bytes_total, records=0)
        assert self._task is not None
        self._progress.update(
            self._task,
            completed=state.bytes_read,
            records=state.records,
            description=f"file {state.files_done + 1} of {state.files}",
        )

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def __enter__(self) -> ImportDisplay:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
