"""The response cache: how long answers are kept, and what never goes into a key."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from cite_sentinel.core.http.cache import (
    DAY,
    CachedReply,
    CacheMode,
    Freshness,
    ResponseCache,
    cache_key,
    default_cache_dir,
)

REPLY = CachedReply(200, b"{}", (("content-type", "application/json"),))


@pytest.mark.parametrize(
    ("freshness", "days"),
    [
        (Freshness.FOUND, 30),
        (Freshness.RETRACTION, 7),
        (Freshness.NOT_FOUND, 3),
        (Freshness.SEARCH, 7),
    ],
)
def test_answers_expire_after_the_time_their_kind_stays_true(
    tmp_path: Path, freshness: Freshness, days: int
) -> None:
    cache = ResponseCache(tmp_path)
    cache.put("k", REPLY, freshness)
    expires = cache.expires_at("k")
    assert expires is not None
    assert expires - time.time() == pytest.approx(days * DAY, abs=60)
    assert cache.get("k") == REPLY


def test_api_keys_and_mailto_do_not_change_the_key() -> None:
    plain = cache_key("openalex", "GET", "/works", [("filter", "doi:10.1/a")])
    keyed = cache_key(
        "openalex",
        "GET",
        "/works",
        [("api_key", "secret"), ("filter", "doi:10.1/a"), ("mailto", "me@example.org")],
    )
    assert plain == keyed
    assert "secret" not in keyed


def test_different_requests_get_different_keys() -> None:
    first = cache_key("crossref", "GET", "/works/10.1/a")
    assert first != cache_key("crossref", "GET", "/works/10.1/b")
    assert first != cache_key("datacite", "GET", "/works/10.1/a")
    assert cache_key("s2", "POST", "/b", (), {"ids": ["a"]}) != cache_key(
        "s2", "POST", "/b", (), {"ids": ["b"]}
    )


def test_offline_mode_never_writes_and_refresh_mode_never_reads(tmp_path: Path) -> None:
    ResponseCache(tmp_path, CacheMode.OFFLINE).put("k", REPLY, Freshness.FOUND)
    assert ResponseCache(tmp_path).get("k") is None
    ResponseCache(tmp_path).put("k", REPLY, Freshness.FOUND)
    assert ResponseCache(tmp_path, CacheMode.REFRESH).get("k") is None
    assert ResponseCache(tmp_path, CacheMode.OFFLINE).get("k") == REPLY


def test_the_cache_folder_comes_from_the_environment_or_the_user_cache(tmp_path: Path) -> None:
    assert default_cache_dir({"CITE_SENTINEL_CACHE_DIR": str(tmp_path)}) == tmp_path
    fallback = default_cache_dir({"HOME": str(tmp_path), "XDG_CACHE_HOME": ""})
    assert fallback.name == "cite-sentinel" and tmp_path in fallback.parents


def test_a_test_servers_answers_are_kept_apart_from_the_real_apis() -> None:
    real = cache_key("crossref", "GET", "/works/10.1/a", base="https://api.crossref.org")
    assert real == cache_key("crossref", "GET", "/works/10.1/a", base="https://api.crossref.org/")
    assert real != cache_key("crossref", "GET", "/works/10.1/a", base="http://127.0.0.1:8080")
