"""A check stopped by Ctrl-C or SIGTERM keeps what it decided: the report is written, incomplete.

The first Ctrl-C (asyncio.run's own handler) or a SIGTERM cancels the run; the verification
under way hands back the verdicts reached so far, every other reference unverified with the
reason, and the command writes its reports marked incomplete. A second Ctrl-C stops at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Coroutine, Sequence
from typing import Any, TypeVar

from cite_sentinel.core import Reference, Status, Verdict
from cite_sentinel.core.verify import Engine

INTERRUPTED = "the check was interrupted before this reference was verified; run it again"

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


class Interruptible:
    """The engine as a verifier whose cancelled run answers with what it decided so far."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.interrupted = False
        self.decided = 0

    async def verify(self, references: Sequence[Reference]) -> list[Verdict]:
        decided: dict[int, Verdict] = {}
        try:
            return await self.engine.verify(references, on_verdict=decided.__setitem__)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is None or not self._stop_requested(task):
                raise
            self.interrupted = True
            self.decided = len(decided)
            return [
                decided.get(index) or _interrupted(reference)
                for index, reference in enumerate(references)
            ]

    def remembered(self, references: Sequence[Reference]) -> list[Verdict | None]:
        return self.engine.remembered(references)

    @staticmethod
    def _stop_requested(task: asyncio.Task[object]) -> bool:
        """Whether this cancellation is the user's stop; if so it ends here, consumed."""
        if task.cancelling() == 0:
            return False
        task.uncancel()
        return True


def stop_on_sigterm() -> None:
    """Make SIGTERM cancel the running task as asyncio.run makes the first Ctrl-C do."""
    task = asyncio.current_task()
    if task is None:
        return
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # Windows, threads
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)


def _interrupted(reference: Reference) -> Verdict:
    return Verdict(key=reference.key, status=Status.UNVERIFIED, reason=INTERRUPTED)
