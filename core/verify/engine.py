"""The verification engine each face holds for its whole life: references in, verdicts out."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from contextlib import AsyncExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from cite_sentinel.core.config import SOURCES, Config
from cite_sentinel.core.http.cache import CacheMode, default_cache_dir
from cite_sentinel.core.model import Reference, Verdict
from cite_sentinel.core.verify.verdict_cache import VerdictCache

if TYPE_CHECKING:  # the backends, matching and httpx load only when something is resolved
    import httpx
    from cite_sentinel.core.http.client import Sleep
    from cite_sentinel.core.http.settings import HttpSettings
    from cite_sentinel.core.verify.backends.session import Backends
    from cite_sentinel.core.verify.find import FoundWorks
    from cite_sentinel.core.verify.resolve import OnVerdict, Progress
    from cite_sentinel.core.verify.search_board import Allowance


def engine_for(
    config: Config,
    env: Mapping[str, str],
    *,
    offline: bool = False,
    refresh: bool = False,
    progress: Progress | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
) -> Engine:
    """The engine every face builds the same way: the configured indexes, timeout, limits,
    contact address, catalog and shared cache (`env` gives only the indexes' addresses and
    keys, and the disk cache's folder)."""
    located = {"CITE_SENTINEL_CATALOG": config.catalog, "CITE_SENTINEL_CACHE": config.cache}
    return Engine(
        {**env, **{name: value for name, value in located.items() if value}},
        offline=offline,
        refresh=refresh,
        progress=progress,
        settings=http_settings(config),
        sources=config.sources,
        transport=transport,
    )


def made_from(config: Config) -> tuple[object, ...]:
    """What of a configuration an engine is built from: a new configuration that changes
    none of it keeps the engine (and its caches, limits and breakers)."""
    rates = tuple(sorted(config.rate_limits.items()))
    return (config.sources, config.mailto, config.timeout, rates, config.catalog, config.cache)


def http_settings(config: Config) -> HttpSettings:
    """How the HTTP client talks to the indexes, from the configuration alone (its file, then
    the environment, then flags were applied where it was built): the timeout, the contact
    address (`mailto`) and the lanes of the pools it opens, lowered by `rate-limits`."""
    from dataclasses import replace

    from cite_sentinel.core.http.settings import HttpSettings, default_lanes

    mailto = config.mailto
    lanes = default_lanes(polite=bool(mailto))
    for api, rate in config.rate_limits.items():
        for name, lane in list(lanes.items()):
            if name == api or name.startswith(f"{api}/"):
                lanes[name] = replace(lane, rate=min(lane.rate, rate) if rate else lane.rate)
    return HttpSettings(timeout=config.timeout, mailto=mailto, lanes=lanes)


_RECALLED_AT_ONCE = 500  # remembered verdicts read between two turns of the event loop


class Engine:
    """Implements `core.check.Verifier` for as long as a face lives (a run, a build, a server).

    One HTTP client, response cache, verdict cache, set of rate limiters and circuit breakers
    and keyless allowance serve every `verify` call, however many and however concurrent, so
    the published limits hold for the process, not for each call. The client opens on the
    first reference that needs asking; `aclose()` (or leaving `async with`) closes it all.
    An engine belongs to the event loop of its first request.
    """

    def __init__(
        self,
        env: Mapping[str, str],
        *,
        offline: bool = False,
        refresh: bool = False,
        cache_dir: Path | None = None,
        progress: Progress | None = None,
        settings: HttpSettings | None = None,
        sources: Sequence[str] = SOURCES,
        transport: httpx.AsyncBaseTransport | None = None,
        clock: Callable[[], float] | None = None,
        sleep: Sleep | None = None,
    ) -> None:
        if offline and refresh:
            raise ValueError("offline and refresh exclude each other")
        self._env = dict(env)
        self._mode = (
            CacheMode.OFFLINE if offline else CacheMode.REFRESH if refresh else CacheMode.NORMAL
        )
        self._cache_dir = cache_dir
        self._progress = progress
        self._settings = settings
        self._sources = tuple(sources)
        self._transport = transport
        self._clock = clock
        self._sleep = sleep
        self._verdicts: VerdictCache | None = None
        self._backends: Backends | None = None
        self._stack: AsyncExitStack | None = None
        self._opening: asyncio.Lock | None = None
        self._allowance: Allowance | None = None
        self._closed = False

    async def __aenter__(self) -> Engine:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the HTTP client and the caches; a later `verify` is refused."""
        self._closed = True
        stack, self._stack, self._backends = self._stack, None, None
        try:
            if stack is not None:
                await stack.aclose()
        finally:
            if self._verdicts is not None:
                self._verdicts.close()
                self._verdicts = None

    @property
    def requests_sent(self) -> int:
        """Live requests this engine has sent so far (benchmarks, summaries)."""
        return 0 if self._backends is None else self._backends.http.requests_sent

    async def verify(
        self, references: Sequence[Reference], *, on_verdict: OnVerdict | None = None
    ) -> list[Verdict]:
        """One verdict per reference, in order; sources that fail make verdicts unverified.

        Verdicts remembered from an earlier run (core.verdict_cache) are reused without
        asking anything; only the rest are resolved. `on_verdict(index, verdict)` hears of
        each verdict as soon as it is known, remembered ones first.
        """
        if self._closed:
            raise RuntimeError("this engine was closed; build a new one")
        remembered = self._verdict_cache()
        known: list[Verdict | None] = []
        for start in range(0, len(references), _RECALLED_AT_ONCE):
            if start:
                await asyncio.sleep(0)  # a server's other requests are answered meanwhile
            chunk = references[start : start + _RECALLED_AT_ONCE]
            known.extend(remembered.get(reference) for reference in chunk)
        missing = [index for index, verdict in enumerate(known) if verdict is None]
        if on_verdict is not None:
            for index, verdict in enumerate(known):
                if verdict is not None:
                    on_verdict(index, verdict)

        def found(position: int, verdict: Verdict) -> None:
            index = missing[position]
            known[index] = verdict
            remembered.put(references[index], verdict)
            if on_verdict is not None:
                on_verdict(index, verdict)

        await self._resolve([references[i] for i in missing], len(references), found)
        return [verdict for verdict in known if verdict is not None]

    def remembered(self, references: Sequence[Reference]) -> list[Verdict | None]:
        """Implements `core.check.Remembering`: earlier verdicts, asking nothing."""
        remembered = self._verdict_cache()
        return [remembered.get(reference) for reference in references]

    async def _resolve(self, references: list[Reference], total: int, found: OnVerdict) -> None:
        progress = self._progress
        done = total - len(references)
        if not references:
            if progress is not None:
                progress(done, total)
            return
        from cite_sentinel.core.verify.resolve import resolve

        backends = await self._opened()
        await resolve(
            references,
            backends,
            sources=self._sources,
            progress=None if progress is None else lambda d, _: progress(d + done, total),
            on_verdict=found,
            allowance=self._allowance,
        )

    async def find(self, query: Reference, *, limit: int = 5) -> FoundWorks:
        """The works the indexes hold for a query, best first (core.find), through the
        engine's one session (its limits shared with `verify`)."""
        from cite_sentinel.core.verify.find import find_works

        backends = await self._opened()
        return await find_works(query, backends, sources=self._sources, limit=limit)

    async def _opened(self) -> Backends:
        """The index clients, opened once (the first callers wait for the one opening)."""
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:
            if self._closed:
                raise RuntimeError("this engine was closed; build a new one")
            if self._backends is None:
                from cite_sentinel.core.verify.backends.session import open_backends
                from cite_sentinel.core.verify.resolve import KEYLESS_S2_BUDGET
                from cite_sentinel.core.verify.search_board import Allowance

                stack = AsyncExitStack()
                self._backends = await stack.enter_async_context(
                    open_backends(
                        self._env,
                        mode=self._mode,
                        cache_dir=self._cache_dir,
                        settings=self._settings,
                        transport=self._transport,
                        clock=self._clock,
                        sleep=self._sleep,
                    )
                )
                self._stack = stack
                self._allowance = Allowance(KEYLESS_S2_BUDGET)
            return self._backends

    def _verdict_cache(self) -> VerdictCache:
        if self._verdicts is None:
            directory = (self._cache_dir or default_cache_dir(self._env)) / "verdicts"
            self._verdicts = VerdictCache(directory, self._mode, scope=self._scope())
        return self._verdicts

    def _scope(self) -> str:
        """The indexes this engine asks and the addresses it reaches them at: a verdict reached
        against a test server, or with fewer indexes, is not recalled by another engine."""
        addresses = sorted(
            f"{name}={value.strip()}"
            for name, value in self._env.items()
            if name.startswith("CITE_SENTINEL_") and name.endswith("_URL") and value.strip()
        )
        return ";".join([",".join(self._sources), *addresses])
