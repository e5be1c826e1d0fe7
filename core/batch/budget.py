"""A request budget shared by every worker of a batch, so the APIs' published limits hold in total.

Each lane (an API, or an API's kind of request, as core.http names them) is a token bucket kept
as the time its next token is free; a request reserves one token in a single atomic update
and learns how long to wait. The local budget lives in the batch's SQLite file; the
PostgreSQL one (core.batch.postgres_queue) in the queue's database, across machines.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol

import httpx
from cite_sentinel.core.config import Config
from cite_sentinel.core.http.client import Api, Lane
from cite_sentinel.core.verify.backends.endpoints import base_url
from cite_sentinel.core.verify.engine import http_settings


def budget_lanes(config: Config) -> dict[str, Lane]:
    """The budget's limits: the engine's (core.verify.http_settings), except that Crossref's
    public pool is one limit for lists and single works together (only the polite pool
    limits lists on their own)."""
    lanes = dict(http_settings(config).lanes)
    if not config.mailto:
        lanes.pop("crossref/list", None)
    return lanes


class RateBudget(Protocol):
    """Reserves the next request of a lane; the seconds to wait before sending it."""

    def reserve(self, lane: str) -> float: ...


class LocalBudget:
    """The budget in a SQLite file that the processes of one machine share."""

    def __init__(
        self, path: Path, lanes: Mapping[str, Lane], clock: Callable[[], float] = time.time
    ) -> None:
        self._db = sqlite3.connect(path, timeout=60, isolation_level=None, check_same_thread=False)
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS budget(lane TEXT PRIMARY KEY, free REAL NOT NULL)"
        )
        self._lanes = lanes
        self._clock = clock
        self._lock = threading.Lock()  # one connection; the HTTP client reserves from threads

    def reserve(self, lane: str) -> float:
        with self._lock:
            return self._reserve(lane)

    def _reserve(self, lane: str) -> float:
        lane, limit = budget_lane(lane, self._lanes)
        now = self._clock()
        self._db.execute("BEGIN IMMEDIATE")
        try:
            row = self._db.execute("SELECT free FROM budget WHERE lane = ?", (lane,)).fetchone()
            start = _start(row[0] if row else 0.0, now, limit)
            self._db.execute(
                "INSERT INTO budget(lane, free) VALUES (?, ?)"
                " ON CONFLICT(lane) DO UPDATE SET free = excluded.free",
                (lane, start + 1 / limit.rate),
            )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        return max(0.0, start - now)

    def close(self) -> None:
        self._db.close()


def budget_lane(lane: str, lanes: Mapping[str, Lane]) -> tuple[str, Lane]:
    """The bucket a lane draws from: its own where it has a limit, else its API's."""
    if lane in lanes:
        return lane, lanes[lane]
    api = lane.split("/")[0]
    return api, lanes[api]


def _start(free: float, now: float, limit: Lane) -> float:
    """When a request reserved now may go: a full bucket lets `burst` go at once."""
    return max(free, now - (limit.burst - 1) / limit.rate)


class BudgetedTransport(httpx.AsyncBaseTransport):
    """An httpx transport that waits for the shared budget before each request to an index."""

    def __init__(
        self,
        budget: RateBudget,
        env: Mapping[str, str],
        inner: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._budget = budget
        self._inner = inner or httpx.AsyncHTTPTransport()
        self._bases = sorted(
            ((base_url(api, env), api) for api in Api), key=lambda pair: -len(pair[0])
        )

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        lane = lane_of(str(request.url), request.url.params, self._bases)
        if lane:
            wait = await asyncio.to_thread(self._budget.reserve, lane)
            if wait > 0:
                await asyncio.sleep(wait)
        return await self._inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self._inner.aclose()


def lane_of(url: str, params: Mapping[str, str], bases: list[tuple[str, Api]]) -> str:
    """The lane a request belongs to: its API, and Crossref's lists apart from single works."""
    for base, api in bases:
        if url.startswith(base + "/") or url == base:
            path = url[len(base) :].split("?", 1)[0]
            if api is Api.CROSSREF and path.rstrip("/") == "/works" and params:
                return "crossref/list"
            return str(api)
    return ""
