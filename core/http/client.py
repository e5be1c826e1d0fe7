"""The one HTTP client every index call goes through: polite, limited, retried, cached.

Per API a gate bounds the requests in flight (Crossref's public pool allows one at a time,
its polite pool three: `x-concurrency-limit`) and a token bucket spaces them at the published
rate, without bursts and with some headroom; a "lane" (e.g. Crossref's list queries, which
have a lower limit) has a bucket of its own as well. Both follow the rates and limits the
answers announce (`x-rate-limit-*`, `x-concurrency-limit`, `x-ratelimit-*`). A circuit breaker
per API fails fast after repeated outages.

A 429 is not a failure: the request waits (Retry-After, else backoff), the lane slows down
and recovers step by step, and it is asked again for as long as the time bound allows; the
bound on attempts counts only failures. 5xx, timeouts and connection errors are retried with
jittered exponential backoff within a bounded number of attempts and seconds; other 4xx are
never retried. 404 and 410 are answers, returned to the backend. Whatever cannot be answered
raises `SourceError`, which each backend turns into `Failed`. Secrets (API keys, the mailto
address) are masked in every log line.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import random as _random
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from importlib import metadata
from typing import TYPE_CHECKING, Any

from cite_sentinel.core.errors import SourceError
from cite_sentinel.core.http.breaker import CircuitBreaker
from cite_sentinel.core.http.cache import (
    CachedReply,
    CacheMode,
    Freshness,
    ResponseCache,
    cache_key,
)
from cite_sentinel.core.http.ratelimit import Gate, TokenBucket
from cite_sentinel.core.http.redaction import Redactor
from cite_sentinel.core.http.settings import (  # the client's settings, named here too
    HEADROOM as HEADROOM,
)
from cite_sentinel.core.http.settings import HttpSettings as HttpSettings
from cite_sentinel.core.http.settings import Lane as Lane
from cite_sentinel.core.http.settings import default_lanes as default_lanes

if TYPE_CHECKING:
    import httpx  # imported on the first live request: a run the cache answers never needs it

log = logging.getLogger(__name__)

RETRYABLE = frozenset({429, 500, 502, 503, 504})
ANSWERS = frozenset({404, 410})  # "no such thing": an answer, not a failure


class Api(StrEnum):
    """The indexes we ask; also their names in reports and cache keys."""

    OPENALEX = "openalex"
    CROSSREF = "crossref"
    SEMANTICSCHOLAR = "semanticscholar"
    DATACITE = "datacite"
    ARXIV = "arxiv"
    DOI = "doi"


@dataclass(frozen=True, slots=True)
class Reply:
    """A response as a backend needs it, live or from the cache."""

    status: int
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()
    from_cache: bool = False

    def header(self, name: str) -> str:
        lowered = name.lower()
        return next((value for key, value in self.headers if key == lowered), "")

    def json(self) -> Any:
        """The body as JSON; raises ValueError when it is not."""
        return json.loads(self.body)


FreshnessRule = Callable[[Reply], Freshness | None]
Sleep = Callable[[float], Awaitable[None]]
# Headers worth keeping in the cache: what parsers and rate adaptation read.
_KEPT_HEADERS = (
    "content-type",
    "x-api-pool",
    "x-rate-limit-limit",
    "x-rate-limit-interval",
    "x-concurrency-limit",
)
_MAX_CONCURRENCY = 16  # the most requests in flight per API, whatever a header says


def status_freshness(reply: Reply) -> Freshness | None:
    """Found for 2xx, not found for 404/410, nothing else is stored."""
    if 200 <= reply.status < 300:
        return Freshness.FOUND
    return Freshness.NOT_FOUND if reply.status in ANSWERS else None


def user_agent(mailto: str) -> str:
    """The polite User-Agent: product, version, and a contact when one is configured."""
    try:
        version = metadata.version("cite-sentinel")
    except metadata.PackageNotFoundError:
        version = "0"
    contact = f"; mailto:{mailto}" if mailto else ""
    return f"cite-sentinel/{version} (https://github.com/cite-sentinel/cite-sentinel{contact})"


class HttpClient:
    """One shared async client for a whole run: many references, many manuscripts."""

    def __init__(
        self,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        cache: ResponseCache | None = None,
        settings: HttpSettings | None = None,
        secrets: Sequence[str] = (),
        clock: Callable[[], float] = time.monotonic,
        sleep: Sleep = asyncio.sleep,
        random: Callable[[], float] = _random.random,
    ) -> None:
        self.settings = settings or HttpSettings()
        self.cache = cache
        self._clock = clock
        self._sleep = sleep
        self._random = random
        self._redact = Redactor((*secrets, self.settings.mailto))
        self._transport = transport
        self._client: httpx.AsyncClient | None = None  # opened by the first live request
        self._buckets: dict[str, TokenBucket] = {}
        self._gates: dict[Api, Gate] = {}
        self._breakers: dict[str, CircuitBreaker] = {}
        self.requests_sent = 0  # live requests, for benchmarks and summaries
        self.throttled = 0  # of which answered 429
        self._reached: set[Api] = set()  # APIs that answered at least once in this run
        self._unreachable: set[Api] = set()  # APIs whose host could not be connected to

    async def __aenter__(self) -> HttpClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()

    async def request(
        self,
        api: Api,
        method: str,
        base: str,
        path: str,
        *,
        params: Sequence[tuple[str, str]] = (),
        json_body: Any = None,
        headers: Mapping[str, str] | None = None,
        lane: str = "",
        freshness: FreshnessRule = status_freshness,
    ) -> Reply:
        """Answer one request from the cache or the API; raises SourceError when it cannot."""
        key = cache_key(api, method, path, params, json_body, base=base)
        cached = self.cache.get(key) if self.cache is not None else None
        if cached is not None:
            log.debug("%s %s %s: cache hit", api, self._redact(path), cached.status)
            return Reply(cached.status, cached.body, cached.headers, from_cache=True)
        if self.cache is not None and self.cache.mode is CacheMode.OFFLINE:
            raise SourceError(api, "offline: not in cache")
        reply = await self._send(api, method, base + path, path, params, json_body, headers, lane)
        rule = freshness(reply)
        if self.cache is not None and rule is not None:
            self.cache.put(key, CachedReply(reply.status, reply.body, reply.headers), rule)
        return reply

    def breaker(self, api: Api) -> CircuitBreaker:
        """The breaker of one API, created on first use."""
        if api not in self._breakers:
            self._breakers[api] = CircuitBreaker(
                self.settings.breaker_threshold, self.settings.breaker_cooldown, self._clock
            )
        return self._breakers[api]

    def bucket(self, api: Api, lane: str = "") -> TokenBucket:
        """The token bucket of one API lane, created on first use."""
        name = _lane_name(api, lane)
        if name not in self._buckets:
            policy = self._policy(name)
            self._buckets[name] = TokenBucket(policy.rate * HEADROOM, policy.burst, self._clock)
        return self._buckets[name]

    def gate(self, api: Api) -> Gate:
        """The gate bounding one API's requests in flight, created on first use."""
        if api not in self._gates:
            self._gates[api] = Gate(min(_MAX_CONCURRENCY, self._policy(str(api)).concurrency))
        return self._gates[api]

    async def _send(
        self,
        api: Api,
        method: str,
        url: str,
        path: str,
        params: Sequence[tuple[str, str]],
        json_body: Any,
        headers: Mapping[str, str] | None,
        lane: str,
    ) -> Reply:
        import httpx

        breaker = self.breaker(api)
        buckets = [self.bucket(api, lane), self.bucket(api)] if lane else [self.bucket(api)]
        gate = self.gate(api)
        deadline = self._clock() + self.settings.max_retry_seconds
        failures: list[str] = []
        attempts = throttled = 0
        while True:
            if not breaker.allow():
                raise SourceError(api, self._open_reason(api))
            limited = False
            retry_after: float | None = None
            async with gate:
                if breaker.is_open:  # it opened while this call queued
                    raise SourceError(api, self._open_reason(api))
                wait = max(bucket.reserve() for bucket in buckets)
                if wait > self.settings.max_retry_seconds:
                    raise SourceError(api, f"rate limit exhausted; resets in {wait:.0f} s")
                if wait > 0:
                    await self._sleep(wait)
                    if breaker.is_open:  # it failed for others meanwhile
                        raise SourceError(api, self._open_reason(api))
                while (gap := max(bucket.until_spaced() for bucket in buckets)) > 0:
                    await self._sleep(gap)
                for bucket in buckets:
                    bucket.sent()
                started = self._clock()
                try:
                    response = await self._opened().request(
                        method, url, params=list(params), json=json_body, headers=headers
                    )
                except httpx.TimeoutException:
                    breaker.failed()
                    failures.append("timeout")
                    log.debug("%s %s: timeout", api, self._redact(path))
                except httpx.UnsupportedProtocol as error:
                    raise SourceError(api, f"bad base URL: {self._redact(str(error))}") from error
                except httpx.ConnectError as error:
                    log.debug("%s %s: %s", api, self._redact(path), self._redact(repr(error)))
                    if api not in self._reached:
                        # Never reached in this run (no network, DNS, refused): say so at once.
                        self._unreachable.add(api)
                        breaker.trip()
                        raise SourceError(api, _UNREACHABLE) from error
                    breaker.failed()
                    failures.append("connection error")
                except (httpx.TransportError, httpx.InvalidURL) as error:
                    breaker.failed()
                    failures.append("connection error")
                    log.debug("%s %s: %s", api, self._redact(path), self._redact(repr(error)))
                else:
                    self.requests_sent += 1
                    self._reached.add(api)
                    self._unreachable.discard(api)
                    reply = self._reply(response)
                    log.debug(
                        "%s %s %s %.0f ms cache miss",
                        api, self._redact(path), reply.status, (self._clock() - started) * 1000,
                    )  # fmt: skip
                    self._adapt(api, lane, reply)
                    if reply.status == 429:
                        breaker.succeeded()  # alive, only busy: wait and slow down
                        limited = True
                        throttled += 1
                        self.throttled += 1
                        retry_after = _retry_after(reply.header("retry-after"), self._now_wall())
                        buckets[0].slow_down()
                        buckets[-1].pause_for(retry_after or self._backoff(throttled))
                        failures.append("HTTP 429")
                        log.info(
                            "%s: rate limited (429); waiting, now at %.2f requests a second",
                            api, buckets[0].rate,
                        )  # fmt: skip
                    elif reply.status not in RETRYABLE:
                        breaker.succeeded()
                        buckets[0].recover()
                        if reply.status >= 400 and reply.status not in ANSWERS:
                            raise SourceError(api, f"HTTP {reply.status} for {self._redact(path)}")
                        return reply
                    else:
                        breaker.failed()
                        failures.append(f"HTTP {reply.status}")
            if limited:
                delay = retry_after or self._backoff(throttled)
            else:
                attempts += 1
                if attempts >= self.settings.max_attempts:
                    break
                delay = self._backoff(attempts)
            if self._clock() + delay > deadline:
                break
            await self._sleep(delay)
        reason = _summary(failures)
        log.warning("%s: %s (%s)", api, reason, self._redact(path))
        raise SourceError(api, reason)

    def _opened(self) -> httpx.AsyncClient:
        """The httpx client, opened on the first live request (import and setup cost time)."""
        import httpx

        if self._client is None:
            self._client = httpx.AsyncClient(
                transport=self._transport,
                timeout=httpx.Timeout(self.settings.timeout, connect=self.settings.connect_timeout),
                headers={"User-Agent": user_agent(self.settings.mailto)},
                follow_redirects=False,
            )
        return self._client

    def _open_reason(self, api: Api) -> str:
        if api in self._unreachable:
            return _UNREACHABLE
        return "circuit open after repeated failures; try again later"

    def _policy(self, name: str) -> Lane:
        lanes = self.settings.lanes
        return lanes.get(name) or lanes.get(name.split("/")[0]) or Lane(5.0, 5.0, 4)

    def _reply(self, response: httpx.Response) -> Reply:
        kept = tuple(
            (name, response.headers[name]) for name in _KEPT_HEADERS if name in response.headers
        )
        extra = tuple(
            (name.lower(), value)
            for name, value in response.headers.items()
            if name.lower().startswith("x-ratelimit") or name.lower() == "retry-after"
        )
        return Reply(response.status_code, response.content, kept + extra)

    def _adapt(self, api: Api, lane: str, reply: Reply) -> None:
        """Follow what the server says about its limits."""
        for prefix in ("x-rate-limit", "x-ratelimit"):  # Crossref's, and its older spelling
            limit = reply.header(f"{prefix}-limit")
            seconds = _seconds(reply.header(f"{prefix}-interval"))
            if seconds and limit.isdigit() and int(limit) > 0:
                self.bucket(api, lane).set_rate(int(limit) / seconds * HEADROOM)
                break
        concurrency = reply.header("x-concurrency-limit")
        if concurrency.isdigit() and int(concurrency) > 0:
            gate = self.gate(api)
            if gate.limit != int(concurrency):
                pool = reply.header("x-api-pool") or "its"
                log.debug("%s: %s pool allows %s requests at a time", api, pool, concurrency)
                gate.set_limit(min(_MAX_CONCURRENCY, int(concurrency)))
        remaining = reply.header("x-ratelimit-remaining")
        if remaining.strip() == "0":
            reset = _seconds(reply.header("x-ratelimit-reset")) or 60.0
            self.bucket(api).pause_for(reset)
            log.warning("%s: rate-limit allowance used up; resets in %.0f s", api, reset)
        cost = reply.header("x-ratelimit-cost-usd")
        if cost:
            left = reply.header("x-ratelimit-remaining-usd")
            log.debug("%s: cost %s USD, %s USD left", api, cost, left)

    def _backoff(self, attempt: int) -> float:
        ceiling = min(self.settings.max_backoff, self.settings.backoff * 2.0 ** (attempt - 1))
        return ceiling * (0.5 + 0.5 * self._random())

    @staticmethod
    def _now_wall() -> float:
        return time.time()


_UNREACHABLE = "cannot be reached (no network, or the host refuses connections)"


def _lane_name(api: Api, lane: str) -> str:
    return f"{api}/{lane}" if lane else str(api)


def _retry_after(value: str, now: float) -> float | None:
    """Retry-After as seconds from now: either a number or an HTTP date."""
    value = value.strip()
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        moment = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, moment.timestamp() - now)


def _seconds(value: str) -> float | None:
    """'1s', '500ms', '60' as seconds."""
    text = value.strip().lower()
    try:
        if text.endswith("ms"):
            return float(text[:-2]) / 1000
        if text.endswith("s"):
            return float(text[:-1])
        return float(text) if text else None
    except ValueError:
        return None


def _summary(failures: Sequence[str]) -> str:
    if not failures:
        return "no attempt was made"
    counts = Counter(failures)
    parts = [
        f"{count} {name}{'s' if count > 1 and name == 'timeout' else ''}"
        if name == "timeout"
        else f"{count} × {name}"
        for name, count in counts.items()
    ]
    return ", ".join(parts)
