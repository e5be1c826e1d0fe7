"""A check stopped by Ctrl-C or SIGTERM keeps what it decided: the report is written, incomplete.

The first Ctrl-C (asyncio.run's own handler) or a SIGTERM cancels the run; the session's
stoppable check (core.session) hands back the verdicts reached so far, every other reference
unverified with the reason, and the command writes its reports marked incomplete. A second
Ctrl-C stops at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T]) -> T:
    """asyncio.run, with the result handed over aside rather than as the main task's result.

    Removing its Ctrl-C handler, asyncio.run has the signal module format the old handler,
    and with it the main task and its result: for a check of thousands of references, seconds
    spent writing a repr nobody reads.
    """
    results: list[T] = []

    async def aside() -> None:
        results.append(await main)

    asyncio.run(aside())
    return results[0]


def stop_on_sigterm() -> None:
    """Make SIGTERM cancel the running task as asyncio.run makes the first Ctrl-C do."""
    task = asyncio.current_task()
    if task is None:
        return
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # Windows, threads
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
