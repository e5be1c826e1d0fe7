"""The shared HTTP client: retries, rate limits, breaker, cache and redaction as users see them."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from cite_sentinel.core.errors import SourceError
from cite_sentinel.core.http.cache import CacheMode, ResponseCache
from cite_sentinel.core.http.client import HEADROOM, Api, HttpClient, HttpSettings
from cite_sentinel.core.http.ratelimit import SLACK
from cite_sentinel.core.http.settings import default_lanes

from tests.unit.core.fakes import FakeClock, VirtualClock

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
    assert 9.0 <= clock.now - 1000.0 <= 9.0 / HEADROOM + 3 * SLACK + 0.01  # a little headroom


async def test_crossref_rate_headers_slow_the_bucket_down() -> None:
    clock = FakeClock()
    limited = httpx.Response(
        200, json={}, headers={"x-rate-limit-limit": "2", "x-rate-limit-interval": "1s"}
    )
    handler, _ = counting(limited)
    async with client(handler, clock) as http:
        await http.request(Api.CROSSREF, "GET", BASE, "/works", lane="list")
        assert http.bucket(Api.CROSSREF, "list").rate == pytest.approx(2.0 * HEADROOM)
        assert http.bucket(Api.CROSSREF).rate == pytest.approx(5.0 * HEADROOM)


def test_polite_and_public_lanes_follow_the_published_limits() -> None:
    polite = default_lanes(polite=True)
    public = default_lanes()
    assert polite["crossref"].rate == 10 and polite["crossref/list"].rate == 3
    assert polite["crossref"].concurrency == 3
    assert public["crossref"].rate == 5 and public["crossref"].concurrency == 1
    assert public["openalex"].rate == 10 and public["openalex"].burst == 1  # no bursts
    assert public["semanticscholar"].rate == 1 and public["arxiv"].rate == pytest.approx(1 / 3)


async def test_a_second_identical_request_is_answered_from_the_cache(tmp_path: Path) -> None:
    clock = FakeClock()
    handler, seen = counting(httpx.Response(200, json={"ok": 1}))
    cache = ResponseCache(tmp_path)
    async with client(handler, clock, cache=cache) as http:
        first = await http.request(Api.OPENALEX, "GET", BASE, "/works", params=[("a", "1")])
        again = await http.request(Api.OPENALEX, "GET", BASE, "/works", params=[("a", "1")])
        elsewhere = await http.request(
            Api.OPENALEX, "GET", "http://elsewhere.test", "/works", params=[("a", "1")]
        )
    assert len(seen) == 2  # another address (a test server, a mirror) is asked itself
    assert not first.from_cache and again.from_cache and again.json() == {"ok": 1}
    assert not elsewhere.from_cache


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
    caplog.set_level(logging.DEBUG, logger="cite_sentinel.core.http.client")
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


class LimitedServer:
    """A MockTransport handler enforcing an API's published limits on the virtual clock.

    `rate` requests a second with no burst (a request closer than 1/rate to the last one
    admitted is answered 429) and at most `concurrency` requests in flight (more: 429).
    Every answer states the limits in Crossref's headers when `announce` is set.
    """

    def __init__(
        self,
        clock: VirtualClock,
        *,
        rate: float,
        concurrency: int,
        latency: float = 0.3,
        announce: dict[str, str] | None = None,
    ) -> None:
        self.clock, self.rate, self.concurrency, self.latency = clock, rate, concurrency, latency
        self.announce = announce or {}
        self.last = -1e9
        self.inside = 0
        self.most_inside = 0
        self.answered = 0
        self.refused = 0
        self.times: list[float] = []

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        now = self.clock.now
        if self.inside >= self.concurrency or now - self.last < 1 / self.rate - 1e-9:
            self.refused += 1
            return httpx.Response(429, headers={"Retry-After": "1", **self.announce})
        self.last = now
        self.times.append(now)
        self.inside += 1
        self.most_inside = max(self.most_inside, self.inside)
        try:
            await self.clock.sleep(self.latency)
        finally:
            self.inside -= 1
        self.answered += 1
        return httpx.Response(200, json={}, headers=self.announce)


def limited_client(
    server: LimitedServer | Handler, clock: VirtualClock, **settings: object
) -> HttpClient:
    return HttpClient(
        transport=httpx.MockTransport(server),
        settings=HttpSettings(**settings),  # type: ignore[arg-type]
        clock=clock,
        sleep=clock.sleep,
        random=lambda: 1.0,
    )


async def _many(http: HttpClient, api: Api, count: int, *, lanes: tuple[str, ...] = ("",)) -> None:
    await asyncio.gather(
        *(
            http.request(
                api, "GET", BASE, "/works", params=[("n", str(n))], lane=lanes[n % len(lanes)]
            )
            for n in range(count)
        )
    )


async def test_the_public_crossref_pool_gets_one_request_at_a_time_and_no_429() -> None:
    clock = VirtualClock()
    public = {"x-api-pool": "public", "x-concurrency-limit": "1", "x-rate-limit-limit": "5",
              "x-rate-limit-interval": "1s"}  # fmt: skip
    server = LimitedServer(clock, rate=5, concurrency=1, announce=public)
    async with limited_client(server, clock, lanes=default_lanes()) as http:
        await _many(http, Api.CROSSREF, 30, lanes=("", "list"))
    assert server.refused == 0 and server.answered == 30
    assert server.most_inside == 1


async def test_the_polite_crossref_pool_keeps_lists_at_three_a_second_three_at_a_time() -> None:
    clock = VirtualClock()
    server = LimitedServer(clock, rate=3, concurrency=3, latency=0.5)
    async with limited_client(server, clock, lanes=default_lanes(polite=True)) as http:
        await _many(http, Api.CROSSREF, 30, lanes=("list",))
    assert server.refused == 0 and server.most_inside <= 3
    assert clock.now - 1000.0 < 30 / 3 * 1.5  # within half again the least time the limit allows


async def test_a_concurrency_limit_announced_by_an_answer_narrows_the_gate_at_once() -> None:
    clock = VirtualClock()
    one_at_a_time = {"x-concurrency-limit": "1", "x-api-pool": "public"}
    server = LimitedServer(clock, rate=100, concurrency=3, announce=one_at_a_time)
    async with limited_client(server, clock, lanes=default_lanes(polite=True)) as http:
        await http.request(Api.CROSSREF, "GET", BASE, "/works/first")
        server.concurrency = 1
        await _many(http, Api.CROSSREF, 10)
        assert http.gate(Api.CROSSREF).limit == 1
    assert server.refused == 0


async def test_openalex_requests_are_spaced_without_bursts() -> None:
    clock = VirtualClock()
    server = LimitedServer(clock, rate=10, concurrency=100, latency=0.2)
    async with limited_client(server, clock, lanes=default_lanes()) as http:
        await _many(http, Api.OPENALEX, 40)
    gaps = [b - a for a, b in zip(server.times, server.times[1:], strict=False)]
    assert server.refused == 0 and min(gaps) >= 0.1
    assert clock.now - 1000.0 < 40 / 10 * 1.5


async def test_a_run_of_429s_is_waited_out_however_many_attempts_it_takes() -> None:
    clock = FakeClock()
    busy = httpx.Response(429, headers={"Retry-After": "2"})
    handler, seen = counting(*[busy] * 6, httpx.Response(200, json={}))
    async with client(handler, clock, max_attempts=3) as http:
        reply = await http.request(Api.OPENALEX, "GET", BASE, "/works")
    assert reply.status == 200 and len(seen) == 7
    assert sum(clock.sleeps) >= 12


async def test_after_a_429_the_lane_slows_down_and_answers_speed_it_up_again() -> None:
    clock = FakeClock()
    handler, _ = counting(httpx.Response(429, headers={"Retry-After": "1"}), httpx.Response(200))
    async with client(handler, clock) as http:
        await http.request(Api.OPENALEX, "GET", BASE, "/works", params=[("n", "0")])
        slowed = http.bucket(Api.OPENALEX).rate
        for number in range(1, 30):
            await http.request(Api.OPENALEX, "GET", BASE, "/works", params=[("n", str(number))])
        recovered = http.bucket(Api.OPENALEX).rate
    assert slowed < recovered == pytest.approx(10 * HEADROOM)


async def test_retry_after_holds_back_every_request_of_the_api() -> None:
    clock = VirtualClock()
    answers = iter([429] + [200] * 10)
    times: list[float] = []

    def handler(request: httpx.Request) -> httpx.Response:
        times.append(clock.now)
        status = next(answers)
        return httpx.Response(status, headers={"Retry-After": "5"} if status == 429 else {})

    async with limited_client(handler, clock) as http:
        await _many(http, Api.OPENALEX, 6)
    assert len(times) == 7
    assert all(later - times[0] >= 5 for later in times[1:])  # nobody went during the pause
