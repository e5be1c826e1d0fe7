"""open_backends: one client, one cache, and limits that follow the configuration."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core import Config
from cite_sentinel.core.http.cache import CacheMode
from cite_sentinel.core.http.client import HEADROOM, Api
from cite_sentinel.core.verify import http_settings
from cite_sentinel.core.verify.backends.session import open_backends


async def test_every_backend_shares_one_client_and_the_polite_limits_apply(tmp_path: Path) -> None:
    env = {"S2_API_KEY": "s2-key-1234"}
    settings = http_settings(Config(mailto="me@example.org"))
    async with open_backends(
        env, cache_dir=tmp_path, mode=CacheMode.OFFLINE, settings=settings
    ) as backends:
        assert backends.http.cache is not None and backends.http.cache.mode is CacheMode.OFFLINE
        assert backends.http.bucket(Api.CROSSREF).rate == 10 * HEADROOM
        assert backends.http.bucket(Api.CROSSREF, "list").rate == 3 * HEADROOM
        assert backends.http.gate(Api.CROSSREF).limit == 3
        assert backends.semanticscholar.keyed
        assert backends.http.settings.mailto == "me@example.org"
        outcome = await backends.crossref.by_doi("10.1000/not-cached")
    assert "offline: not in cache" in str(outcome)


async def test_without_a_mailto_or_key_the_public_limits_apply(tmp_path: Path) -> None:
    async with open_backends({}, cache_dir=tmp_path) as backends:
        assert backends.http.bucket(Api.CROSSREF).rate == 5 * HEADROOM
        assert backends.http.gate(Api.CROSSREF).limit == 1  # the public pool: one at a time
        assert backends.http.bucket(Api.SEMANTICSCHOLAR).rate <= 1
        assert not backends.semanticscholar.keyed


async def test_a_mailto_in_the_environment_alone_is_not_read_by_the_backends(
    tmp_path: Path,
) -> None:
    """The environment counts where the Config is built (core.config), not here."""
    env = {"CITE_SENTINEL_MAILTO": "me@example.org"}
    async with open_backends(env, cache_dir=tmp_path) as backends:
        assert backends.http.settings.mailto == ""
        assert backends.http.gate(Api.CROSSREF).limit == 1
