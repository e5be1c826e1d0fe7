"""One run's index clients, sharing one HTTP client, one cache and one set of limits.

async with open_backends(os.environ, mode=CacheMode.OFFLINE) as backends:
    outcomes = await backends.openalex.by_dois(["10.7717/peerj.4375"])
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cite_sentinel.core.http.cache import CacheMode, open_response_cache
from cite_sentinel.core.http.client import HttpClient, HttpSettings, Sleep
from cite_sentinel.core.http.redaction import SECRET_VARIABLES
from cite_sentinel.core.verify.backends.arxiv import Arxiv
from cite_sentinel.core.verify.backends.catalog import Catalog, open_catalog_backend
from cite_sentinel.core.verify.backends.crossref import Crossref
from cite_sentinel.core.verify.backends.datacite import DataCite
from cite_sentinel.core.verify.backends.doi import DoiOrg
from cite_sentinel.core.verify.backends.openalex import OpenAlex
from cite_sentinel.core.verify.backends.semanticscholar import SemanticScholar

if TYPE_CHECKING:
    import httpx


@dataclass(frozen=True, slots=True, kw_only=True)
class Backends:
    """The six index clients of one run."""

    http: HttpClient
    openalex: OpenAlex
    crossref: Crossref
    semanticscholar: SemanticScholar
    datacite: DataCite
    arxiv: Arxiv
    doi: DoiOrg
    catalog: Catalog | None = None  # the local catalog, asked first (core.backends.catalog)


@asynccontextmanager
async def open_backends(
    env: Mapping[str, str],
    *,
    mode: CacheMode = CacheMode.NORMAL,
    cache_dir: Path | None = None,
    use_cache: bool = True,
    settings: HttpSettings | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
    clock: Callable[[], float] | None = None,
    sleep: Sleep | None = None,
) -> AsyncIterator[Backends]:
    """Build the clients; close the HTTP client and cache on exit.

    `mode` is normal, offline (cache only; a miss fails as "offline: not in cache") or
    refresh (ask again, store the answers). The contact address and limits are `settings`'
    (core.verify.engine.http_settings makes them from the configuration; the defaults, with
    no contact address, without it), then the answers' own headers; `env` gives the indexes'
    addresses, keys, cache and catalog, never the contact address.
    """
    settings = settings or HttpSettings()
    cache = open_response_cache(env, cache_dir, mode) if use_cache else None
    catalog = open_catalog_backend(env)
    http = HttpClient(
        transport=transport,
        cache=cache,
        settings=settings,
        secrets=tuple(env.get(name, "") for name in SECRET_VARIABLES),
        clock=clock or time.monotonic,
        sleep=sleep or asyncio.sleep,
    )
    try:
        yield Backends(
            http=http,
            openalex=OpenAlex(http, env),
            crossref=Crossref(http, env),
            semanticscholar=SemanticScholar(http, env),
            datacite=DataCite(http, env),
            arxiv=Arxiv(http, env),
            doi=DoiOrg(http, env),
            catalog=catalog,
        )
    finally:
        await http.aclose()
        if cache is not None:
            cache.close()
        if catalog is not None:
            catalog.close()
