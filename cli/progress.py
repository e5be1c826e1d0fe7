"""Progress on stderr, driven by the verification engine's callback: a bar, or a line now and then.

On a terminal a transient bar; elsewhere (a pipe, a CI log, a redirected stderr) a plain line
every few seconds once a run has lasted that long, so a long check is never silent.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # rich loads only when a bar is drawn: a run without one starts faster
    from rich.console import Console
    from rich.progress import Progress, TaskID

ProgressCallback = Callable[[int, int], None]  # progress(done, total)

# A bar for a handful of references flickers more than it informs.
MINIMUM_TOTAL = 5
LINE_EVERY = 5.0  # seconds between two progress lines off a terminal


def wants_progress(stream: TextIO, environ: Mapping[str, str], *, quiet: bool) -> bool:
    """A bar only for a person watching: a terminal, not CI, not --quiet."""
    in_ci = environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
    return not quiet and stream.isatty() and not in_ci


class ProgressDisplay:
    """A `progress(done, total)` callback that shows a bar once the total is large enough.

    With `lines` (and no bar), it prints "verifying references: done/total" every
    `every` seconds instead, the first after `every` seconds: a short run prints nothing.
    """

    def __init__(
        self,
        console: Console | None = None,
        *,
        enabled: bool,
        minimum: int = MINIMUM_TOTAL,
        lines: bool = False,
        every: float = LINE_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._console = console
        self._enabled = enabled
        self._minimum = minimum
        self._lines = lines and not enabled
        self._every = every
        self._clock = clock
        self._next_line = clock() + every
        self._last: tuple[int, int] | None = None
        self._shown = False  # a progress line was printed
        self._ended = False  # the last one, at 100%
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def __call__(self, done: int, total: int) -> None:
        self._last = (done, total)
        if self._lines:
            self._line(done, total)
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

    def tick(self) -> None:
        """Time passed without news: print the line again when it is due (still working)."""
        if self._lines and self._last is not None:
            self._line(*self._last)

    def _line(self, done: int, total: int) -> None:
        now = self._clock()
        if done >= total:  # the end: said once where a line said less, so none is left at 0%
            if self._shown and not self._ended:
                self._ended = True
                self._say(done, total)
            return
        if now < self._next_line:
            return
        self._next_line = now + self._every
        self._say(done, total)

    def _say(self, done: int, total: int) -> None:
        self._shown = True
        share = 100 * done // max(1, total)
        line = f"cite-sentinel: verifying references: {done}/{total} ({share}%)"
        if self._console is None:
            print(line, file=sys.stderr, flush=True)
        else:
            self._console.print(line, markup=False, highlight=False, soft_wrap=True)

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
