"""The server's log in the editor too: stdout is the protocol, so records go as window/logMessage.

Only cite-sentinel's own loggers are forwarded (the SDKs' and pygls's stay on stderr), at the
level chosen for stderr. Records may come from worker threads (groundedness, reading files),
so each is handed to the server's event loop rather than written from the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from lsprotocol import types
from pygls.lsp.server import LanguageServer

_OURS = "cite_sentinel"


class ClientLog(logging.Handler):
    """Sends each record to the client as a window/logMessage notification."""

    def __init__(self, server: LanguageServer, loop: asyncio.AbstractEventLoop, level: int) -> None:
        super().__init__(level)
        self._server = server
        self._loop = loop

    def emit(self, record: logging.LogRecord) -> None:
        params = types.LogMessageParams(
            type=_message_type(record.levelno), message=self.format(record)
        )
        with contextlib.suppress(RuntimeError):  # the loop has closed: the session is over
            self._loop.call_soon_threadsafe(self._send, params)

    def _send(self, params: types.LogMessageParams) -> None:
        with contextlib.suppress(Exception):  # a client gone mid-write: stderr has the record
            self._server.window_log_message(params)


def forward(server: LanguageServer, level: int) -> None:
    """From now on, cite-sentinel's records at `level` and above also reach this server's client."""
    logger = logging.getLogger(_OURS)
    for handler in [h for h in logger.handlers if isinstance(h, ClientLog)]:
        logger.removeHandler(handler)  # one client per process; a new server replaces the old
    handler = ClientLog(server, asyncio.get_running_loop(), level)
    handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    logger.addHandler(handler)


def _message_type(level: int) -> types.MessageType:
    if level >= logging.ERROR:
        return types.MessageType.Error
    if level >= logging.WARNING:
        return types.MessageType.Warning
    if level >= logging.INFO:
        return types.MessageType.Info
    return types.MessageType.Log
