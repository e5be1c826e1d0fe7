"""The verification engine the faces hold: references in, verdicts out, through one session."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cite_sentinel.core.cache import CacheMode, default_cache_dir
from cite_sentinel.core.config import SOURCES, Config
from cite_sentinel.core.model import Reference, Verdict
from cite_sentinel.core.verdict_cache import VerdictCache

if TYPE_CHECKING:  # the backends, matching and httpx load only when something is resolved
    import httpx
    from cite_sentinel.core.find import FoundWorks
    from cite_sentinel.core.http import HttpSettings
    from cite_sentinel.core.resolve import Progress


def engine_for(
    config: Config,
    env: Mapping[str, str],
    *,
    offline: bool = False,
    refresh: bool = False,
    progress: Progress | None = None,
) -> Engine:
    """The engine every face builds the same way: the configured indexes, timeout and limits."""
    return Engine(
        env,
        offline=offline,
        refresh=refresh,
        progress=progress,
        settings=http_settings(config, env),
        sources=config.sources,
    )


def http_settings(config: Config, env: Mapping[str, str]) -> HttpSettings | None:
    """The configured timeout and rate limits over the defaults; None when none is configured."""
    if config.origin_of("timeout") == "default" and not config.rate_limits:
        return None
    from dataclasses import replace

    from cite_sentinel.core.http import HttpSettings, default_lanes

    mailto = config.mailto or env.get("CITE_SENTINEL_MAILTO", "").strip()
    lanes = default_lanes(polite=bool(mailto), s2_keyed=bool(env.get("S2_API_KEY", "").strip()))
    for api, rate in config.rate_limits.items():
        for name, lane in list(lanes.items()):
            if name == api or name.startswith(f"{api}/"):
                lanes[name] = replace(lane, rate=min(lane.rate, rate) if rate else lane.rate)
    return HttpSettings(timeout=config.timeout, mailto=mailto, lanes=lanes)


class Engine:
    """Implements `core.check.Verifier`: each call opens one HTTP session and one cache."""

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

    async def verify(self, references: Sequence[Reference]) -> list[Verdict]:
        """One verdict per reference, in order; sources that fail make verdicts unverified.

        Verdicts remembered from an earlier run (core.verdict_cache) are reused without
        asking anything; only the rest are resolved, through one HTTP session.
        """
        remembered = VerdictCache(self._verdict_dir(), self._mode)
        try:
            known = [remembered.get(reference) for reference in references]
            missing = [ref for ref, verdict in zip(references, known, strict=True) if not verdict]
            fresh = iter(await self._resolve(missing, done=len(references) - len(missing)))
            verdicts = []
            for reference, verdict in zip(references, known, strict=True):
                if verdict is None:
                    verdict = next(fresh)
                    remembered.put(reference, verdict)
                verdicts.append(verdict)
            return verdicts
        finally:
            remembered.close()

    def remembered(self, references: Sequence[Reference]) -> list[Verdict | None]:
        """Implements `core.check.Remembering`: earlier verdicts, asking nothing."""
        remembered = VerdictCache(self._verdict_dir(), self._mode)
        try:
            return [remembered.get(reference) for reference in references]
        finally:
            remembered.close()

    async def _resolve(self, references: Sequence[Reference], *, done: int) -> list[Verdict]:
        if not references:
            if self._progress is not None:
                self._progress(done, done)
            return []
        from cite_sentinel.core.backends.session import open_backends
        from cite_sentinel.core.resolve import resolve

        progress = self._progress
        shifted = None if progress is None else lambda d, t: progress(d + done, t + done)
        async with open_backends(
            self._env,
            mode=self._mode,
            cache_dir=self._cache_dir,
            settings=self._settings,
            transport=self._transport,
        ) as backends:
            return await resolve(references, backends, sources=self._sources, progress=shifted)

    async def find(self, query: Reference, *, limit: int = 5) -> FoundWorks:
        """The works the indexes hold for a query, best first (core.find), through one session."""
        from cite_sentinel.core.backends.session import open_backends
        from cite_sentinel.core.find import find_works

        async with open_backends(
            self._env,
            mode=self._mode,
            cache_dir=self._cache_dir,
            settings=self._settings,
            transport=self._transport,
        ) as backends:
            return await find_works(query, backends, sources=self._sources, limit=limit)

    def _verdict_dir(self) -> Path:
        return (self._cache_dir or default_cache_dir(self._env)) / "verdicts"
