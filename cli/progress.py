"""A transient progress bar on stderr that the verification engine drives by callback."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # rich loads only when a bar is drawn: a run without one starts faster
    from rich.console import Console
    from rich.progress import Progress, TaskID

ProgressCallback = Callable[[int, int], None]  # progress(done, total)

# A bar for a handful of references flickers more than it informs.
MINIMUM_TOTAL = 5


def wants_progress(stream: TextIO, environ: Mapping[str, str], *, quiet: bool) -> bool:
    """A bar only for a person watching: a terminal, not CI, not --quiet."""
    in_ci = environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
    return not quiet and stream.isatty() and not in_ci


class ProgressDisplay:
    """A `progress(done, total)` callback that shows a bar once the total is large enough."""

    def __init__(
        self, console: Console | None = None, *, enabled: bool, minimum: int = MINIMUM_TOTAL
    ) -> None:
        self._console = console
        self._enabled = enabled
        self._minimum = minimum
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def __call__(self, done: int, total: int) -> None:
        if not self._enabled or total <= self._minimum:
            return
        if self._progress is None:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self._progress = Progress(
                TextColumn("verifying references"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=self._console or Console(stderr=True, highlight=False),
                transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task("verify", total=total)
        assert self._task is not None
        self._progress.update(self._task, completed=done, total=total)

    def close(self) -> None:
        """Remove the bar (it is transient) and stop its refresh thread."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def __enter__(self) -> ProgressDisplay:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
