"""The page's one way into core's checking: one `CheckSession` for the server's life, shared by
every check any browser tab starts, so that all of them keep within the indexes' limits
together.

Every call of core's checking is in this module. The session lives on a thread of its own with
its own event loop (its engine belongs to the loop of its first request): reading a
manuscript is work done without pauses, and the pages, events and downloads of the server's
loop are answered meanwhile.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from cite_sentinel.core import (
    CheckResult,
    CheckSession,
    Config,
    Reference,
    Verdict,
)
from cite_sentinel.core.batch import BudgetedTransport, open_budget

OnVerdict = Callable[[Reference, Verdict], None]
OnReferences = Callable[[Sequence[Reference]], None]
T = TypeVar("T")


class Checker:
    """The server's check session and the thread it works on (started at the first check,
    ended with the server). With a `budget` (a batch queue's location: a postgresql:// URL or
    a batch's state file) every request waits its turn in that queue's shared budget, with
    the `cite-sentinel batch` workers that draw on it. With `fulltext`, a check with
    groundedness reads the cited works' full texts from that folder, as `check --fulltext`."""

    def __init__(
        self,
        config: Config,
        environ: Mapping[str, str],
        *,
        offline: bool = False,
        refresh: bool = False,
        budget: str = "",
        fulltext: Path | None = None,
    ) -> None:
        self._budget = open_budget(budget, config) if budget else None
        self._fulltext = fulltext
        transport = BudgetedTransport(self._budget, environ) if self._budget else None
        self.session = CheckSession(
            config, environ, offline=offline, refresh=refresh, transport=transport
        )
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    @property
    def config(self) -> Config:
        return self.session.config

    async def check(
        self,
        paths: Sequence[Path],
        *,
        ground: bool = False,
        on_verdict: OnVerdict | None = None,
        on_references: OnReferences | None = None,
    ) -> CheckResult:
        """Check the files as `cite-sentinel check` would. `on_references` hears of every
        reference read, in order, before any is verified; `on_verdict` of each verdict as it
        is decided. Both run on the caller's loop, each before the result is returned."""
        here = asyncio.get_running_loop()

        def told_read(references: Sequence[Reference]) -> None:
            if on_references is not None:
                here.call_soon_threadsafe(on_references, tuple(references))

        def told(reference: Reference, verdict: Verdict) -> None:
            if on_verdict is not None:
                here.call_soon_threadsafe(on_verdict, reference, verdict)

        work = self.session.check(
            [str(path) for path in paths],
            ground=ground,
            fulltext=self._fulltext if ground else None,
            on_verdict=told,
            on_read=told_read,
        )  # each check's verdicts live in its result; the session's store is bounded in core
        return await self._on_thread(work)

    async def aclose(self) -> None:
        """Close the session (its engine) and end the checking thread."""
        if self._loop is not None and self._thread is not None:
            await self._on_thread(self.session.aclose())
            self._loop.call_soon_threadsafe(self._loop.stop)
            await asyncio.to_thread(self._thread.join)
            self._loop.close()
        close = getattr(self._budget, "close", None)
        if close is not None:
            close()

    async def _on_thread(self, work: Coroutine[Any, Any, T]) -> T:
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
            self._thread = threading.Thread(
                target=self._loop.run_forever, name="cite-sentinel-checks", daemon=True
            )
            self._thread.start()
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self._loop))
