"""The engine's progress, a plain callback, sent to the client calling a tool as MCP progress.

The server holds one engine for every call, so the engine reports to one callback and this
module routes each report to the call it belongs to: the call's task (and every task it
starts) sees its own route through a context variable.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar

Report = Callable[[float, float, str], Awaitable[None]]

_ROUTE: ContextVar[Callable[[int, int], None] | None] = ContextVar("progress_route", default=None)


def engine_progress(done: int, total: int) -> None:
    """The callback the engine is built with: passes the count on to the current call."""
    route = _ROUTE.get()
    if route is not None:
        route(done, total)


@contextlib.asynccontextmanager
async def reporting(report: Report, what: str = "references") -> AsyncIterator[None]:
    """While inside, the engine's counts reach `report`, the latest first, never blocking it."""
    latest: list[tuple[int, int]] = []
    ready = asyncio.Event()

    def note(done: int, total: int) -> None:
        latest[:] = [(done, total)]
        ready.set()

    async def send() -> None:
        while True:
            await ready.wait()
            ready.clear()
            done, total = latest[0]
            await report(done, total, f"{done} of {total} {what} settled")

    token = _ROUTE.set(note)
    sender = asyncio.create_task(send())
    try:
        yield
    finally:
        _ROUTE.reset(token)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender
