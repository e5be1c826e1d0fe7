"""Misbehaviour on request: latency, rate and concurrency limits, 5xx, 429 bursts, timeouts, bad
JSON, outages.

Each request's fate is drawn from a generator seeded by (seed, api, request number), so a run
with the same seed and the same order of requests per API misbehaves the same way. A rate is a
token bucket per API (per pool for Crossref's pools); a concurrency limit counts the requests
an API is answering, from their arrival until their answer is sent.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum

from .limits import Pool

APIS = ("openalex", "crossref", "s2", "datacite", "arxiv", "doi")
MAX_HOLD_S = 120.0
_ALMOST_ONE = 0.98


class Down(StrEnum):
    """How an API that is down fails: an answered 503, or a connection reset."""

    UNAVAILABLE = "503"
    RESET = "reset"


class Fate(StrEnum):
    """What happens to one request."""

    ANSWER = "answer"
    RATE_LIMITED = "rate-limited"
    SERVER_ERROR = "server-error"
    TIMEOUT = "timeout"
    MALFORMED = "malformed"
    UNAVAILABLE = "unavailable"
    RESET = "reset"


@dataclass(frozen=True, slots=True, kw_only=True)
class ApiFaults:
    """One API's settings; the defaults make a perfect, instant, unlimited API."""

    latency_ms: float = 0.0
    rate: float | None = None
    burst: float | None = None
    error_rate: float = 0.0
    timeout_rate: float = 0.0
    timeout_hold_s: float = 30.0
    malformed_rate: float = 0.0
    burst_429: int = 0
    down: Down | None = None
    concurrency: int | None = None
    pools: bool = False  # Crossref: each pool's own rate and concurrency (limits.py)

    @classmethod
    def from_json(cls, raw: dict[str, object], base: ApiFaults | None = None) -> ApiFaults:
        """Settings from a /_control body; unknown names are refused with ValueError."""
        known = {f.name for f in fields(cls)}
        unknown = set(raw) - known
        if unknown:
            raise ValueError(f"unknown fault settings: {', '.join(sorted(unknown))}")
        values: dict[str, object] = {}
        for name, value in raw.items():
            if name == "down":
                values[name] = None if value in (None, False, "") else Down(str(value))
            elif name in ("burst_429", "concurrency") and value is not None:
                values[name] = int(value)  # type: ignore[call-overload]
            elif name == "pools":
                values[name] = bool(value)
            elif value is None and name in ("rate", "burst", "concurrency"):
                values[name] = None
            else:
                values[name] = float(value)  # type: ignore[arg-type]
        return replace(base or cls(), **values)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Decision:
    """A request's fate, how long to wait first, the Retry-After of a 429 and its cause.

    `slot` names the concurrency count the request holds until `Faults.release(slot)`.
    """

    fate: Fate
    delay_s: float
    retry_after_s: int = field(default=0, kw_only=True)
    hold_s: float = field(default=0.0, kw_only=True)
    refused: str = field(default="", kw_only=True)  # "rate", "concurrency" or "burst"
    slot: str = field(default="", kw_only=True)


class _Bucket:
    """A token bucket refilled at `rate` per second, holding at most `capacity` tokens."""

    def __init__(self, rate: float, capacity: float, now: float) -> None:
        self.rate, self.capacity, self.tokens, self.stamp = rate, capacity, capacity, now

    def take(self, now: float) -> float:
        """0 when a token was taken, else the seconds until one is available.

        A token 2% short still counts: a client pacing itself exactly meets a little jitter.
        """
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= _ALMOST_ONE:
            self.tokens = max(0.0, self.tokens - 1.0)
            return 0.0
        return (1.0 - self.tokens) / self.rate


class Faults:
    """Thread-safe fault settings per API, with the state they need (buckets, counters)."""

    def __init__(self, seed: int = 0, clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._clock = clock
        self._seed = seed
        self._settings: dict[str, ApiFaults] = {api: ApiFaults() for api in APIS}
        self._buckets: dict[str, _Bucket] = {}
        self._numbers: dict[str, int] = {}
        self._bursts: dict[str, int] = {}
        self._in_flight: dict[str, int] = {}

    def settings(self, api: str) -> ApiFaults:
        with self._lock:
            return self._settings[api]

    def configure(self, api: str, settings: ApiFaults) -> None:
        if api not in self._settings:
            raise ValueError(f"unknown API {api!r}; known: {', '.join(APIS)}")
        with self._lock:
            self._settings[api] = settings
            for key in [k for k in self._buckets if k.split("/")[0] == api]:
                del self._buckets[key]
            self._bursts[api] = settings.burst_429

    def reset(self, seed: int | None = None) -> None:
        """Every API back to perfect; counters and buckets forgotten."""
        with self._lock:
            if seed is not None:
                self._seed = seed
            self._settings = {api: ApiFaults() for api in APIS}
            self._buckets.clear()
            self._numbers.clear()
            self._bursts.clear()

    def decide(self, api: str, pool: Pool | None = None) -> Decision:
        """The fate of the API's next request (a Crossref request names its pool)."""
        with self._lock:
            settings = self._settings.get(api, ApiFaults())
            number = self._numbers.get(api, 0)
            self._numbers[api] = number + 1
            draw = random.Random(f"{self._seed}:{api}:{number}")
            delay = settings.latency_ms / 1000.0
            if settings.down is Down.UNAVAILABLE:
                return Decision(Fate.UNAVAILABLE, delay)
            if settings.down is Down.RESET:
                return Decision(Fate.RESET, 0.0)
            if self._bursts.get(api, 0) > 0:
                self._bursts[api] -= 1
                return Decision(Fate.RATE_LIMITED, delay, retry_after_s=1, refused="burst")
            rate, burst, concurrency, lane, group = _limits(api, settings, pool)
            if concurrency is not None and self._in_flight.get(group, 0) >= concurrency:
                return Decision(Fate.RATE_LIMITED, delay, retry_after_s=1, refused="concurrency")
            if rate is not None and rate > 0:
                bucket = self._buckets.get(lane)
                now = self._clock()
                if bucket is None:
                    capacity = burst or max(1.0, rate)
                    bucket = self._buckets[lane] = _Bucket(rate, capacity, now)
                wait = bucket.take(now)
                if wait > 0:
                    retry = max(1, math.ceil(wait))
                    return Decision(Fate.RATE_LIMITED, delay, retry_after_s=retry, refused="rate")
            slot = ""
            if concurrency is not None:
                self._in_flight[group] = self._in_flight.get(group, 0) + 1
                slot = group
            roll = draw.random()
            if roll < settings.error_rate:
                return Decision(Fate.SERVER_ERROR, delay, slot=slot)
            roll -= settings.error_rate
            if roll < settings.timeout_rate:
                hold = min(MAX_HOLD_S, settings.timeout_hold_s)
                return Decision(Fate.TIMEOUT, delay, hold_s=hold, slot=slot)
            roll -= settings.timeout_rate
            if roll < settings.malformed_rate:
                return Decision(Fate.MALFORMED, delay, slot=slot)
            return Decision(Fate.ANSWER, delay, slot=slot)

    def release(self, slot: str) -> None:
        """The request holding `slot` has been answered: one fewer in flight."""
        if not slot:
            return
        with self._lock:
            self._in_flight[slot] = max(0, self._in_flight.get(slot, 0) - 1)


def _limits(
    api: str, settings: ApiFaults, pool: Pool | None
) -> tuple[float | None, float | None, int | None, str, str]:
    """Rate, burst, concurrency, the bucket's key and the concurrency count's key."""
    if settings.pools and pool is not None:
        rate = settings.rate if settings.rate is not None else pool.rate
        concurrency = settings.concurrency if settings.concurrency is not None else pool.concurrency
        return rate, settings.burst, concurrency, f"{api}/{pool.name}", f"{api}/{pool.group}"
    return settings.rate, settings.burst, settings.concurrency, api, api
