"""The verification engine the faces hold: references in, verdicts out, through one session."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import httpx
from cite_sentinel.core.backends.session import open_backends
from cite_sentinel.core.cache import CacheMode
from cite_sentinel.core.http import HttpSettings
from cite_sentinel.core.model import Reference, Verdict
from cite_sentinel.core.resolve import Progress, resolve


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
        self._transport = transport

    async def verify(self, references: Sequence[Reference]) -> list[Verdict]:
        """One verdict per reference, in order; sources that fail make verdicts unverified."""
        async with open_backends(
            self._env,
            mode=self._mode,
            cache_dir=self._cache_dir,
            settings=self._settings,
            transport=self._transport,
        ) as backends:
            return await resolve(references, backends, progress=self._progress)
