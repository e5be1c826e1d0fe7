"""The answer cache in PostgreSQL: one machine's answers serve another's, until they expire."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel.core.http.cache import (
    CachedReply,
    CacheMode,
    Freshness,
    ResponseCache,
    open_response_cache,
)
from cite_sentinel.core.postgres.answer_store import PostgresAnswerStore


def test_an_answer_stored_by_one_machine_is_read_by_another(
    postgres_url: str, tmp_path: Path
) -> None:
    env = {"CITE_SENTINEL_CACHE": postgres_url, "CITE_SENTINEL_CACHE_DIR": str(tmp_path)}
    first, second = open_response_cache(env), open_response_cache(env)
    reply = CachedReply(200, b'{"message": {}}', (("content-type", "application/json"),))
    first.put("crossref:abc", reply, Freshness.FOUND)
    assert second.get("crossref:abc") == reply and len(second) == 1
    assert second.expires_at("crossref:abc") is not None
    assert not any(tmp_path.iterdir())  # nothing went to the disk cache
    offline = open_response_cache(env, mode=CacheMode.OFFLINE)
    offline.put("crossref:new", reply, Freshness.FOUND)
    assert offline.get("crossref:new") is None
    for cache in (first, second, offline):
        cache.close()


def test_an_expired_answer_reads_as_missing(postgres_url: str, tmp_path: Path) -> None:
    now = [1000.0]
    store = PostgresAnswerStore(postgres_url, clock=lambda: now[0])
    cache = ResponseCache(tmp_path, store=store)
    cache.put("openalex:x", CachedReply(404, b""), Freshness.NOT_FOUND)
    assert cache.get("openalex:x") == CachedReply(404, b"")
    now[0] += 4 * 86_400
    assert cache.get("openalex:x") is None
    assert cache.clear() == 1
    cache.close()


def test_an_unreachable_cache_database_says_which_and_why(tmp_path: Path) -> None:
    from cite_sentinel.core.errors import InputError

    env = {"CITE_SENTINEL_CACHE": f"postgresql:///none?host={tmp_path}"}
    with pytest.raises(InputError, match="cannot connect to PostgreSQL"):
        open_response_cache(env)
