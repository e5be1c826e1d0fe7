"""Per-host limits: token buckets for the request rate, gates for the requests in flight.

Both follow what the server says: a bucket takes the rate an API announces (and slows down
after a 429, recovering step by step as answers come back), a gate takes its concurrency
limit (Crossref's `x-concurrency-limit`), even while callers wait.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Callable

SLOW_DOWN = 0.5  # a 429 halves the rate …
FLOOR = 0.1  # … down to a tenth of the announced one at most
RECOVERY = 0.05  # each answer after that gives back this share of the announced rate
# Without bursts, two requests leave at least 1/rate plus this apart: what reaches the server
# is later than what left by a varying few milliseconds (a busy event loop, a new connection).
SLACK = 0.02


class TokenBucket:
    """A bucket refilled at `rate` tokens a second up to `burst`; callers reserve a token.

    Reservation lets the level go negative: each caller learns how long to wait for its
    own token, so concurrent callers queue up fairly without a lock or a loop. The rate in
    force may sit below the announced one (`ceiling`) after a 429.
    """

    __slots__ = (
        "_burst", "_ceiling", "_clock", "_level", "_paused_until", "_rate", "_sent", "_stamp",
    )  # fmt: skip

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a token bucket needs rate > 0 and burst >= 1, got {rate}, {burst}")
        self._rate = rate
        self._ceiling = rate
        self._burst = burst
        self._clock = clock
        self._level = burst
        self._stamp = clock()
        self._paused_until = 0.0
        self._sent = -1e18

    @property
    def rate(self) -> float:
        """The rate in force now."""
        return self._rate

    @property
    def ceiling(self) -> float:
        """The rate the API announced (or the published one)."""
        return self._ceiling

    def reserve(self) -> float:
        """Take one token; the seconds to wait before using it (0 when one was there)."""
        now = self._clock()
        self._refill(now)
        self._level -= 1
        wait = 0.0 if self._level >= 0 else -self._level / self._rate
        return max(wait, self._paused_until - now)

    def until_spaced(self) -> float:
        """Without bursts: seconds until the last request sent is 1/rate old.

        A reserved turn says when a request may go; an event loop that is late sends two
        requests closer than that. Checked just before sending, this keeps the spacing real.
        """
        if self._burst > 1:
            return 0.0
        return max(0.0, self._sent + 1 / self._rate + SLACK - self._clock())

    def sent(self) -> None:
        """A request went out now."""
        self._sent = self._clock()

    def set_rate(self, rate: float, burst: float | None = None) -> None:
        """Follow a rate the server announced (Crossref's x-rate-limit-* headers).

        A rate lowered after a 429 stays lowered (under the new ceiling) until it recovers.
        """
        if rate <= 0:
            return
        self._refill(self._clock())
        slowed = self._rate < self._ceiling
        self._ceiling = rate
        self._rate = min(self._rate, rate) if slowed else rate
        if burst is not None and burst >= 1:
            self._burst = burst
            self._level = min(self._level, burst)

    def slow_down(self) -> None:
        """The server answered 429: halve the rate (not below a tenth of the ceiling)."""
        self._refill(self._clock())
        self._rate = max(self._ceiling * FLOOR, self._rate * SLOW_DOWN)

    def recover(self) -> None:
        """An answer without 429: step back up towards the ceiling."""
        if self._rate < self._ceiling:
            self._refill(self._clock())
            self._rate = min(self._ceiling, self._rate + self._ceiling * RECOVERY)

    def pause_for(self, seconds: float) -> None:
        """Hand out no token for a while (after a 429 with Retry-After)."""
        self._paused_until = max(self._paused_until, self._clock() + max(0.0, seconds))

    def _refill(self, now: float) -> None:
        elapsed = max(0.0, now - self._stamp)
        self._stamp = now
        self._level = min(self._burst, self._level + elapsed * self._rate)


class Gate:
    """At most `limit` callers inside at once, served in arrival order; the limit may change."""

    __slots__ = ("_holders", "_limit", "_waiters")

    def __init__(self, limit: int) -> None:
        self._limit = max(1, limit)
        self._holders = 0
        self._waiters: collections.deque[asyncio.Future[None]] = collections.deque()

    @property
    def limit(self) -> int:
        return self._limit

    @property
    def holders(self) -> int:
        """Callers inside now."""
        return self._holders

    def set_limit(self, limit: int) -> None:
        """Follow a limit the server announced; callers inside stay, the next wait for room."""
        self._limit = max(1, limit)
        self._admit()

    async def __aenter__(self) -> None:
        if self._holders < self._limit and not self._waiters:
            self._holders += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # admitted, then cancelled before it could go in
            elif turn in self._waiters:
                self._waiters.remove(turn)
            raise

    async def __aexit__(self, *_: object) -> None:
        self._release()

    def _release(self) -> None:
        self._holders -= 1
        self._admit()

    def _admit(self) -> None:
        while self._waiters and self._holders < self._limit:
            turn = self._waiters.popleft()
            if not turn.done():
                self._holders += 1
                turn.set_result(None)
