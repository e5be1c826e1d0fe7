"""Fakes for core's tests: a clock and sleep for the HTTP tests (time passes only when code
sleeps), and a verifier that judges a reference by its title."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Sequence

from cite_sentinel.core import Reference, Status, Verdict


class FakeClock:
    """Monotonic seconds that advance when `sleep` is awaited, recording each wait."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += max(0.0, seconds)


class VirtualClock:
    """Virtual seconds for concurrent code: sleepers wake in time order, at once in real time.

    Time moves only when every task is waiting: then it jumps to the earliest wake-up.
    """

    _SETTLE = 64  # event-loop turns that let every runnable task reach its next wait

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._advancer: asyncio.Task[None] | None = None

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + max(0.0, seconds), next(self._order), future))
        if self._advancer is None or self._advancer.done():
            self._advancer = asyncio.create_task(self._advance())
        await future

    async def _advance(self) -> None:
        while self._sleepers:
            for _ in range(self._SETTLE):
                await asyncio.sleep(0)
            wake, _, future = heapq.heappop(self._sleepers)
            self.now = max(self.now, wake)
            if not future.done():
                future.set_result(None)


class ByTitle:
    """Calls a reference fabricated when its title says "Invented"; records what it was asked."""

    def __init__(self) -> None:
        self.asked: list[Reference] = []

    async def verify(self, references: Sequence[Reference]) -> list[Verdict]:
        self.asked.extend(references)
        return [
            Verdict(
                key=ref.key,
                status=Status.FABRICATED if "Invented" in ref.title else Status.VERIFIED,
            )
            for ref in references
        ]
