"""Serving one client on stdin and stdout: pygls's protocol, fed by a reader that survives
malformed frames (lsp/framing.py) and answers what pygls leaves unanswered.

pygls 2.1 logs a request whose params do not fit the method's types and answers nothing; here
it gets an Invalid Params error (-32602), a body that is no JSON a Parse error (-32700), and a
message that is no JSON-RPC an Invalid Request (-32600), as JSON-RPC 2.0 asks. `exit` ends the
process with 0 after `shutdown` and 1 without it, as LSP asks (pygls's start_io swallowed it).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, BinaryIO

from cite_sentinel.lsp.framing import FrameReader, Malformed
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
_CHUNK = 65536


def serve_stdio(
    server: LanguageServer, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None
) -> int:
    """Serve until the client sends `exit` (its status: 0 after `shutdown`, else 1) or closes
    stdin (0)."""
    writer = StdoutWriter(stdout or sys.stdout.buffer)
    server.protocol.set_writer(writer)
    try:
        asyncio.run(_serve(server, stdin or sys.stdin.buffer, writer))
    except SystemExit as stop:  # pygls's `exit` handler
        return stop.code if isinstance(stop.code, int) else 0
    except BrokenPipeError:
        log.error("the client went away; stopping")
    return 0


async def _serve(server: LanguageServer, stdin: BinaryIO, writer: StdoutWriter) -> None:
    loop = asyncio.get_running_loop()
    chunks: asyncio.Queue[bytes] = asyncio.Queue()
    pump = threading.Thread(
        target=_pump, args=(stdin, loop, chunks), name="lsp-stdin", daemon=True
    )  # a daemon: a read that never returns must not hold the process after `exit`
    pump.start()
    reader = FrameReader(chunks.get)
    while True:
        frame = await reader.next()
        if frame is None:
            return
        if isinstance(frame, Malformed):
            log.warning("malformed LSP frame: %s", frame.reason)
            continue
        _dispatch(server, frame, reader, writer)


def _pump(stdin: BinaryIO, loop: asyncio.AbstractEventLoop, chunks: asyncio.Queue[bytes]) -> None:
    """Read stdin in a thread, as the bytes come, and hand them to the loop. From the file
    descriptor itself: a daemon thread blocked inside a buffered reader's lock makes the
    interpreter abort when it exits."""
    read = _reader_of(stdin)
    while True:
        try:
            chunk: bytes = read(_CHUNK)
        except (OSError, ValueError):
            chunk = b""
        try:
            loop.call_soon_threadsafe(chunks.put_nowait, chunk)
        except RuntimeError:  # the loop is closed: the server has ended
            return
        if not chunk:
            return


def _reader_of(stdin: BinaryIO) -> Callable[[int], bytes]:
    try:
        descriptor = stdin.fileno()
    except (OSError, ValueError, AttributeError):  # an in-memory stream (tests)
        return getattr(stdin, "read1", stdin.read)
    return lambda size: os.read(descriptor, size)


def _dispatch(server: LanguageServer, body: bytes, reader: FrameReader, writer: Any) -> None:
    protocol = server.protocol
    try:
        message = json.loads(body, object_hook=protocol.structure_message)
    except JsonRpcException as error:  # params that do not fit the method
        _answer(writer, body, error.code, error.message)
        return
    except (ValueError, RecursionError) as error:  # no JSON at all (or not UTF-8)
        reader.recover(body)
        _send(writer, None, PARSE_ERROR, f"Parse error: {error}")
        return
    try:
        protocol.handle_message(message)
    except (AttributeError, TypeError) as error:  # JSON, but no JSON-RPC message
        log.warning("not a JSON-RPC message: %s", error)
        _answer(writer, body, INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 message")


def _answer(writer: Any, body: bytes, code: int, message: str) -> None:
    """An error answer to the request in `body`; a notification (no id) gets none."""
    try:
        raw = json.loads(body)
    except (ValueError, RecursionError):
        raw = None
    if isinstance(raw, dict) and "id" in raw and isinstance(raw["id"], int | str):
        log.warning("request %r (%s): %s", raw["id"], raw.get("method"), message)
        _send(writer, raw["id"], code, message)
    elif not (isinstance(raw, dict) and "method" in raw):
        _send(writer, None, code, message)
    else:
        log.warning("notification %s: %s", raw.get("method"), message)


def _send(writer: Any, request: int | str | None, code: int, message: str) -> None:
    answer = {"jsonrpc": "2.0", "id": request, "error": {"code": code, "message": message}}
    data = json.dumps(answer).encode("utf-8")
    writer.write(b"Content-Length: %d\r\n\r\n%s" % (len(data), data))
