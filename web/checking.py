"""The page's one way into core's checking: one engine for the server's life, shared by every
check any browser tab starts, so that all of them keep within the indexes' limits together.

Every call of core's check and verification engine is in this module. They run on a thread
of their own with its own event loop (the engine belongs to the loop of its first request):
reading a manuscript is work done without pauses, and the pages, events and downloads of the
server's loop are answered meanwhile.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from cite_sentinel.core import CheckResult, Config, Reference, Verdict, check
from cite_sentinel.core.verify import Engine, engine_for

if TYPE_CHECKING:
    from cite_sentinel.core.ground import Scorer

OnVerdict = Callable[[Reference, Verdict], None]
OnTotal = Callable[[int], None]
T = TypeVar("T")


class Checker:
    """The server's engine (built at the first check, closed with the server) and scorer,
    on the checking thread."""

    def __init__(
        self,
        config: Config,
        environ: Mapping[str, str],
        *,
        offline: bool = False,
        refresh: bool = False,
    ) -> None:
        self.config = config
        self._environ = environ
        self._offline = offline
        self._refresh = refresh
        self._engine: Engine | None = None
        self._scorer: Scorer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    async def check(
        self,
        paths: Sequence[Path],
        *,
        ground: bool = False,
        on_verdict: OnVerdict | None = None,
        on_total: OnTotal | None = None,
    ) -> CheckResult:
        """Check the files as `cite-sentinel check` would, telling of each verdict as decided
        (the callbacks run on the caller's loop, each before the result is returned)."""
        here = asyncio.get_running_loop()

        def relayed(callback: Callable[..., None] | None) -> Callable[..., None] | None:
            if callback is None:
                return None
            return lambda *args: here.call_soon_threadsafe(callback, *args)

        return await self._on_thread(
            self._check(paths, ground, relayed(on_verdict), relayed(on_total))
        )

    async def aclose(self) -> None:
        """Close the engine and end the checking thread."""
        if self._loop is None or self._thread is None:
            return
        if self._engine is not None:
            await self._on_thread(self._engine.aclose())
        self._loop.call_soon_threadsafe(self._loop.stop)
        await asyncio.to_thread(self._thread.join)
        self._loop.close()

    async def _on_thread(self, work: Coroutine[Any, Any, T]) -> T:
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
            self._thread = threading.Thread(
                target=self._loop.run_forever, name="cite-sentinel-checks", daemon=True
            )
            self._thread.start()
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self._loop))

    async def _check(
        self,
        paths: Sequence[Path],
        ground: bool,
        on_verdict: OnVerdict | None,
        on_total: OnTotal | None,
    ) -> CheckResult:
        if self._engine is None:
            self._engine = engine_for(
                self.config, self._environ, offline=self._offline, refresh=self._refresh
            )
        verifier = _Live(self._engine, on_verdict, on_total)
        scorer = self._ground_scorer() if ground else None
        return await check(
            [str(path) for path in paths], config=self.config, verifier=verifier, scorer=scorer
        )

    def _ground_scorer(self) -> Scorer:
        if self._scorer is None:
            from cite_sentinel.core.ground import scorer_for

            config = self.config
            self._scorer = scorer_for(config.scorer, self._environ, embeddings=config.embeddings)
        return self._scorer


class _Live:
    """The engine as the verifier of one check, passing each verdict on as it is decided."""

    def __init__(self, engine: Engine, on_verdict: OnVerdict | None, on_total: OnTotal | None):
        self._engine = engine
        self._on_verdict = on_verdict
        self._on_total = on_total

    async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]:
        if self._on_total is not None:
            self._on_total(len(references))
        on_verdict = self._on_verdict

        def decided(index: int, verdict: Verdict) -> None:
            if on_verdict is not None:
                on_verdict(references[index], verdict)

        return await self._engine.verify(references, on_verdict=decided)

    def remembered(self, references: Sequence[Reference]) -> Sequence[Verdict | None]:
        return self._engine.remembered(references)
