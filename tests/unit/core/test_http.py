"""The shared HTTP client: retries, rate limits, breaker, cache and redaction as users see them."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from cite_sentinel.core.cache import CacheMode, ResponseCache
from cite_sentinel.core.errors import SourceError
from cite_sentinel.core.http import Api, HttpClient, HttpSettings, default_lanes

from tests.unit.core.fakes import FakeClock

BASE = "http://fake.test/prefix"
Handler = Callable[[httpx.Request], httpx.Response]


def client(
    handler: Handler,
    clock: FakeClock,
    *,
    cache: ResponseCache | None = None,
    secrets: tuple[str, ...] = (),
    **settings: object,
) -> HttpClient:
    return HttpClient(
        transport=httpx.MockTransport(handler),
        cache=cache,
        settings=HttpSettings(**settings),  # type: ignore[arg-type]
        secrets=secrets,
        clock=clock,
        sleep=clock.sleep,
        random=lambda: 1.0,
    )


def counting(*responses: httpx.Response | Exception) -> tuple[Handler, list[httpx.Request]]:
    """A handler answering the given responses in turn (the last one repeats)."""
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        answer = responses[min(len(seen), len(responses)) - 1]
        if isinstance(answer, Exception):
            raise answer
        return answer

    return handler, seen


async def test_a_server_error_is_retried_until_the_server_answers() -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(503), httpx.Response(502), httpx.Response(200, json={}))
    async with client(handler, clock) as http:
        reply = await http.request(Api.CROSSREF, "GET", BASE, "/works/10.1/x")
    assert reply.status == 200
    assert len(seen) == 3
    assert seen[0].url.path == "/prefix/works/10.1/x"


async def test_retry_after_of_a_429_is_honoured_before_asking_again() -> None:
    clock = FakeClock()
    handler, seen = counting(
        httpx.Response(429, headers={"Retry-After": "7"}), httpx.Response(200, json={})
    )
    async with client(handler, clock) as http:
        reply = await http.request(Api.OPENALEX, "GET", BASE, "/works")
    assert reply.status == 200 and len(seen) == 2
    assert sum(clock.sleeps) >= 7


@pytest.mark.parametrize("status", [400, 401, 403])
async def test_a_client_error_fails_at_once_without_retry(status: int) -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(status))
    async with client(handler, clock) as http:
        with pytest.raises(SourceError, match=f"HTTP {status}"):
            await http.request(Api.CROSSREF, "GET", BASE, "/works")
    assert len(seen) == 1


async def test_not_found_is_an_answer_and_is_not_retried() -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(404))
    async with client(handler, clock) as http:
        reply = await http.request(Api.CROSSREF, "GET", BASE, "/works/10.1/none")
    assert reply.status == 404 and len(seen) == 1


async def test_repeated_timeouts_give_up_after_the_attempt_bound_and_say_so() -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.ReadTimeout("slow"))
    async with client(handler, clock, max_attempts=3) as http:
        with pytest.raises(SourceError, match="3 timeouts") as error:
            await http.request(Api.DATACITE, "GET", BASE, "/dois/10.1/x")
    assert error.value.source == "datacite"
    assert len(seen) == 3


async def test_retrying_stops_when_the_total_time_bound_would_be_passed() -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(429, headers={"Retry-After": "100"}))
    async with client(handler, clock, max_retry_seconds=30.0) as http:
        with pytest.raises(SourceError, match="429"):
            await http.request(Api.OPENALEX, "GET", BASE, "/works")
    assert len(seen) == 1
    assert clock.now - 1000.0 < 30


async def test_an_open_circuit_fails_fast_then_lets_a_trial_through_after_the_cool_down() -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.ReadError("connection reset"))
    async with client(handler, clock, max_attempts=1, breaker_threshold=3) as http:
        for _ in range(3):
            with pytest.raises(SourceError, match="connection error"):
                await http.request(Api.ARXIV, "GET", BASE, "/api/query")
        with pytest.raises(SourceError, match="circuit open"):
            await http.request(Api.ARXIV, "GET", BASE, "/api/query")
        assert len(seen) == 3
        clock.now += 31
        with pytest.raises(SourceError, match="connection error"):
            await http.request(Api.ARXIV, "GET", BASE, "/api/query")
        assert len(seen) == 4
        # Other APIs are not affected by arXiv's breaker.
        with pytest.raises(SourceError, match="connection error"):
            await http.request(Api.CROSSREF, "GET", BASE, "/works")


async def test_a_host_never_reached_fails_at_once_and_is_not_asked_again() -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.ConnectError("Name or service not known"))
    async with client(handler, clock, max_attempts=4) as http:
        for _ in range(3):
            with pytest.raises(SourceError, match="cannot be reached"):
                await http.request(Api.OPENALEX, "GET", BASE, "/works")
    assert len(seen) == 1
    assert clock.now == 1000.0  # no backoff was waited


async def test_arxiv_is_asked_at_most_once_every_three_seconds() -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(200, text="<feed/>"))
    async with client(handler, clock) as http:
        for number in range(4):
            await http.request(Api.ARXIV, "GET", BASE, "/api/query", params=[("n", str(number))])
    assert len(seen) == 4
    assert clock.now - 1000.0 == pytest.approx(9.0)


async def test_crossref_rate_headers_slow_the_bucket_down() -> None:
    clock = FakeClock()
    limited = httpx.Response(
        200, json={}, headers={"x-rate-limit-limit": "2", "x-rate-limit-interval": "1s"}
    )
    handler, _ = counting(limited)
    async with client(handler, clock) as http:
        await http.request(Api.CROSSREF, "GET", BASE, "/works", lane="list")
        assert http.bucket(Api.CROSSREF, "list").rate == pytest.approx(2.0)
        assert http.bucket(Api.CROSSREF).rate == pytest.approx(5.0)


def test_polite_and_keyed_lanes_follow_the_published_limits() -> None:
    polite = default_lanes(polite=True, s2_keyed=True)
    public = default_lanes()
    assert polite["crossref"].rate == 10 and polite["crossref/list"].rate == 3
    assert public["crossref"].rate == 5
    assert public["semanticscholar"].rate < polite["semanticscholar"].rate == 1


async def test_a_second_identical_request_is_answered_from_the_cache(tmp_path: Path) -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(200, json={"ok": 1}))
    cache = ResponseCache(tmp_path)
    async with client(handler, clock, cache=cache) as http:
        first = await http.request(Api.OPENALEX, "GET", BASE, "/works", params=[("a", "1")])
        again = await http.request(
            Api.OPENALEX, "GET", "http://elsewhere.test", "/works", params=[("a", "1")]
        )
    assert len(seen) == 1
    assert not first.from_cache and again.from_cache and again.json() == {"ok": 1}


async def test_failures_are_never_cached(tmp_path: Path) -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(500), httpx.Response(200, json={}))
    async with client(handler, clock, cache=ResponseCache(tmp_path), max_attempts=1) as http:
        with pytest.raises(SourceError):
            await http.request(Api.CROSSREF, "GET", BASE, "/works")
        assert (await http.request(Api.CROSSREF, "GET", BASE, "/works")).status == 200
    assert len(seen) == 2


async def test_offline_mode_answers_from_the_cache_and_fails_a_miss(tmp_path: Path) -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(200, json={"n": 1}))
    async with client(handler, clock, cache=ResponseCache(tmp_path)) as http:
        await http.request(Api.DATACITE, "GET", BASE, "/dois/10.1/a")
    offline = ResponseCache(tmp_path, CacheMode.OFFLINE)
    async with client(handler, clock, cache=offline) as http:
        assert (await http.request(Api.DATACITE, "GET", BASE, "/dois/10.1/a")).json() == {"n": 1}
        with pytest.raises(SourceError, match="offline: not in cache"):
            await http.request(Api.DATACITE, "GET", BASE, "/dois/10.1/b")
    assert len(seen) == 1


async def test_refresh_mode_asks_again_and_stores_the_new_answer(tmp_path: Path) -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(200, json={"v": 1}), httpx.Response(200, json={"v": 2}))
    async with client(handler, clock, cache=ResponseCache(tmp_path)) as http:
        await http.request(Api.DOI, "GET", BASE, "/ra/10.1")
    async with client(handler, clock, cache=ResponseCache(tmp_path, CacheMode.REFRESH)) as http:
        assert (await http.request(Api.DOI, "GET", BASE, "/ra/10.1")).json() == {"v": 2}
    async with client(handler, clock, cache=ResponseCache(tmp_path)) as http:
        assert (await http.request(Api.DOI, "GET", BASE, "/ra/10.1")).json() == {"v": 2}
    assert len(seen) == 2


async def test_keys_and_mailto_never_reach_the_log(caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.ReadTimeout("slow"), httpx.Response(200, json={}))
    caplog.set_level(logging.DEBUG, logger="cite_sentinel.core.http")
    async with client(handler, clock, secrets=("sekret-key-123",), mailto="me@example.org") as http:
        await http.request(
            Api.OPENALEX,
            "GET",
            BASE,
            "/works/sekret-key-123",
            params=[("api_key", "sekret-key-123"), ("mailto", "me@example.org")],
        )
    assert "sekret-key-123" in str(seen[0].url)
    assert caplog.records, "the client logs each request at debug level"
    assert "sekret-key-123" not in caplog.text and "me@example.org" not in caplog.text


async def test_user_agent_names_the_tool_and_the_contact_address() -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(200, json={}))
    async with client(handler, clock, mailto="me@example.org") as http:
        await http.request(Api.CROSSREF, "GET", BASE, "/works")
    agent = seen[0].headers["user-agent"]
    assert agent.startswith("cite-sentinel/") and "mailto:me@example.org" in agent
