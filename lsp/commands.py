"""Commands the client runs on the server (workspace/executeCommand), ended before shutdown.

pygls 2.1.1's built-in shutdown handler cancels every request future while iterating its own
table of them. The future of a running workspace/executeCommand is a concurrent.futures
Future, whose callbacks run inside cancel(), and one of them removes it from that table:
"dictionary changed size during iteration", the exit notification is never handled cleanly
(pygls issue 606). Note for upstream: iterate over a copy, `list(self._request_futures.items())`,
in `LanguageServerProtocol.lsp_shutdown`. Until then the server ends its own commands first,
through public API only: each command's work runs as a task known here, and the async
SHUTDOWN handler (which pygls runs before its own loop) cancels them and waits until pygls has
answered each with "request cancelled", so none is left in the table it walks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

from pygls.exceptions import JsonRpcRequestCancelled

T = TypeVar("T")

_ANSWERED_WITHIN = 5.0  # seconds shutdown waits for the commands' answers
_SHUTTING_DOWN = "request cancelled: the server is shutting down"


class Commands:
    """The commands running now: each one's handler task and the work it waits for."""

    def __init__(self) -> None:
        self._running: dict[asyncio.Task[object], asyncio.Future[object]] = {}

    async def run(self, work: Awaitable[T]) -> T:
        """A command's work, from its handler; cancelled at shutdown, answered as cancelled."""
        handler = asyncio.current_task()
        task: asyncio.Future[T] = asyncio.ensure_future(work)
        if handler is not None:
            self._running[handler] = task  # type: ignore[assignment]
        try:
            return await task
        except asyncio.CancelledError:
            if handler is not None and handler.cancelling():
                raise  # the client cancelled the request itself: pygls answers it
            raise JsonRpcRequestCancelled(_SHUTTING_DOWN) from None
        finally:
            if handler is not None:
                self._running.pop(handler, None)

    async def stop(self) -> None:
        """Cancel every command's work and wait until each handler has ended (answered)."""
        handlers = list(self._running)
        for work in self._running.values():
            work.cancel()
        if handlers:
            await asyncio.wait(handlers, timeout=_ANSWERED_WITHIN)
