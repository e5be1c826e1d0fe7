"""A disk cache of raw API responses, so a second run asks the indexes nothing new.

The cache sits under `core.http` and stores response bodies per request, not parsed
records: backends stay pure functions of a body, and a parser fix applies to old entries.
Each backend tells `http` how fresh an answer stays (a `Freshness`), since only it knows
whether a body says "found", "not found" or "retracted". Errors are never stored.

Keys are (api, normalised request, schema version); the base URL is not part of the key
(it stands for the API, which a test server may serve from any port) and secret query
parameters (api_key, mailto) are dropped before the key is built.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

import diskcache
from cite_sentinel.core.http.redaction import is_secret_name

SCHEMA_VERSION = 1
DAY = 86_400.0


class CacheMode(StrEnum):
    """normal reads and writes; offline answers from the cache only; refresh only writes."""

    NORMAL = "normal"
    OFFLINE = "offline"
    REFRESH = "refresh"


class Freshness(StrEnum):
    """How long an answer stays true enough to reuse."""

    FOUND = "found"
    RETRACTION = "retraction"  # an answer that carries a retraction status
    NOT_FOUND = "not-found"
    SEARCH = "search"


TTL: Mapping[Freshness, float] = {
    Freshness.FOUND: 30 * DAY,
    Freshness.RETRACTION: 7 * DAY,
    Freshness.NOT_FOUND: 3 * DAY,
    Freshness.SEARCH: 7 * DAY,
}


@dataclass(frozen=True, slots=True)
class CachedReply:
    """A stored response: status, body and the headers a parser may read."""

    status: int
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()


class AnswerStore(Protocol):
    """Where answers are kept: diskcache, or a table many machines share (core.postgres)."""

    def get(self, key: str, default: Any = None, *, expire_time: bool = False) -> Any: ...
    def set(self, key: str, value: Any, *, expire: float | None = None) -> bool: ...
    def clear(self) -> int: ...
    def __len__(self) -> int: ...
    def close(self) -> None: ...


class ResponseCache:
    """diskcache under one folder, shared by every request of a run (and across runs)."""

    def __init__(
        self,
        directory: Path | str,
        mode: CacheMode = CacheMode.NORMAL,
        *,
        store: AnswerStore | None = None,
    ) -> None:
        self.directory = Path(directory)
        self.mode = mode
        self._store: AnswerStore = (
            store if store is not None else diskcache.Cache(str(self.directory))
        )

    def get(self, key: str) -> CachedReply | None:
        """The stored reply, or None; refresh mode never reads."""
        if self.mode is CacheMode.REFRESH:
            return None
        value = self._store.get(key)
        if not isinstance(value, tuple) or len(value) != 3:
            return None
        status, body, headers = value
        return CachedReply(status=int(status), body=bytes(body), headers=tuple(headers))

    def put(self, key: str, reply: CachedReply, freshness: Freshness) -> None:
        """Store a reply for as long as its freshness allows; offline mode never writes."""
        if self.mode is CacheMode.OFFLINE:
            return
        self._store.set(key, (reply.status, reply.body, reply.headers), expire=TTL[freshness])

    def expires_at(self, key: str) -> float | None:
        """When a stored entry expires (epoch seconds), or None when there is none."""
        found = self._store.get(key, expire_time=True)
        if not isinstance(found, tuple) or found[0] is None:
            return None
        return float(found[1]) if found[1] is not None else None

    def clear(self) -> int:
        """Remove every entry; the number removed."""
        return int(self._store.clear())

    def __len__(self) -> int:
        return len(self._store)

    def close(self) -> None:
        self._store.close()


def cache_key(
    api: str,
    method: str,
    path: str,
    params: Sequence[tuple[str, str]] = (),
    body: Any = None,
    *,
    base: str = "",
) -> str:
    """The key of one request: api, where it was sent (a test server's or a mirror's answers
    never stand for the real API's), method, path, sorted public parameters, body, schema."""
    # surrogatepass: a lone surrogate that reached a query must not fail the key (the
    # readers remove them; a face's own text may still hold one).
    public = sorted((name, value) for name, value in params if not is_secret_name(name))
    request = json.dumps(
        [SCHEMA_VERSION, api, base.rstrip("/"), method.upper(), path, public, body],
        ensure_ascii=False,
        sort_keys=True,
    )
    return f"{api}:{hashlib.sha256(request.encode('utf-8', 'surrogatepass')).hexdigest()}"


def open_response_cache(
    env: Mapping[str, str], directory: Path | None = None, mode: CacheMode = CacheMode.NORMAL
) -> ResponseCache:
    """The cache a run uses: CITE_SENTINEL_CACHE's postgresql:// database, else the folder."""
    shared = env.get("CITE_SENTINEL_CACHE", "").strip()
    folder = directory or default_cache_dir(env)
    if shared.startswith(("postgresql://", "postgres://")):
        from cite_sentinel.core.postgres.answer_store import PostgresAnswerStore

        return ResponseCache(folder, mode, store=PostgresAnswerStore(shared))
    return ResponseCache(folder, mode)


def default_cache_dir(env: Mapping[str, str]) -> Path:
    """CITE_SENTINEL_CACHE_DIR, else the platform's user cache folder."""
    configured = env.get("CITE_SENTINEL_CACHE_DIR", "")
    if configured:
        return Path(configured).expanduser()
    home = Path(env.get("HOME", "") or Path.home())
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "cite-sentinel"
    if os.name == "nt":
        local = env.get("LOCALAPPDATA", "")
        return (Path(local) if local else home / "AppData" / "Local") / "cite-sentinel" / "Cache"
    xdg = env.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if xdg else home / ".cache") / "cite-sentinel"
