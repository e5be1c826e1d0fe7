"""Per-host token buckets, so that we stay inside each API's published request rate."""

from __future__ import annotations

from collections.abc import Callable


class TokenBucket:
    """A bucket refilled at `rate` tokens a second up to `burst`; callers reserve a token.

    Reservation lets the level go negative: each caller learns how long to wait for its
    own token, so concurrent callers queue up fairly without a lock or a loop.
    """

    __slots__ = ("_burst", "_clock", "_level", "_paused_until", "_rate", "_stamp")

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a token bucket needs rate > 0 and burst >= 1, got {rate}, {burst}")
        self._rate = rate
        self._burst = burst
        self._clock = clock
        self._level = burst
        self._stamp = clock()
        self._paused_until = 0.0

    @property
    def rate(self) -> float:
        return self._rate

    def reserve(self) -> float:
        """Take one token; the seconds to wait before using it (0 when one was there)."""
        now = self._clock()
        self._refill(now)
        self._level -= 1
        wait = 0.0 if self._level >= 0 else -self._level / self._rate
        return max(wait, self._paused_until - now)

    def set_rate(self, rate: float, burst: float | None = None) -> None:
        """Follow a rate the server announced (Crossref's x-rate-limit-* headers)."""
        if rate <= 0:
            return
        self._refill(self._clock())
        self._rate = rate
        if burst is not None and burst >= 1:
            self._burst = burst
            self._level = min(self._level, burst)

    def pause_for(self, seconds: float) -> None:
        """Hand out no token for a while (after a 429 with Retry-After)."""
        self._paused_until = max(self._paused_until, self._clock() + max(0.0, seconds))

    def _refill(self, now: float) -> None:
        elapsed = max(0.0, now - self._stamp)
        self._stamp = now
        self._level = min(self._burst, self._level + elapsed * self._rate)
