"""LSP frames read from a byte stream so that a malformed frame costs that frame only.

pygls 2.1's reader trusts each `Content-Length`: one 10 bytes short or 40 long, `-5` or `abc`
leaves the rest of the stream misaligned, and the server never answers again; 99999999999999
makes it allocate until it dies. Here a header must name a length of 0 to MAX_BODY bytes; a
frame whose header or body cannot be read is reported and skipped, and reading starts again at
the next `Content-Length:` in the stream (a body that ran into the next frame gives that frame
back with `recover`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

MAX_BODY = 64 * 1024 * 1024  # bytes: the largest file cite-sentinel reads, as a message
MAX_HEADER = 8192  # bytes of headers before the blank line
_HEADER = re.compile(rb"content-length[ \t]*:", re.IGNORECASE)
_KEEP = 16  # bytes kept from a chunk without a header: the start of one may be there
_LENGTH = re.compile(rb"[ \t]*(\d{1,15})[ \t]*")


@dataclass(frozen=True, slots=True)
class Malformed:
    """A frame that could not be read, and why (for the log)."""

    reason: str


Read = Callable[[], Awaitable[bytes]]  # the next bytes of the stream; b"" at its end


class FrameReader:
    """Bodies of the frames of a stream, in order; None at its end."""

    def __init__(self, read: Read, *, max_body: int = MAX_BODY) -> None:
        self._read = read
        self._max_body = max_body
        self._buffer = bytearray()
        self._ended = False

    async def next(self) -> bytes | Malformed | None:
        """The next frame's body, a Malformed frame (already skipped), or None at the end."""
        while True:
            found = _HEADER.search(self._buffer)
            if found is None:
                del self._buffer[: max(0, len(self._buffer) - _KEEP)]
                if not await self._fill():
                    return None
                continue
            skipped = bytes(self._buffer[: found.start()])
            del self._buffer[: found.start()]
            if skipped.strip():
                return Malformed(f"{len(skipped)} bytes outside any frame were skipped")
            end = self._buffer.find(b"\r\n\r\n")
            if end < 0 or end > MAX_HEADER:
                if end > MAX_HEADER or len(self._buffer) > MAX_HEADER:
                    del self._buffer[: found.end() - found.start()]
                    return Malformed("a header without its end was skipped")
                if not await self._fill():
                    return None
                continue
            headers = bytes(self._buffer[:end])
            again = _HEADER.search(headers, 1)
            if again is not None:  # a second header before the blank line: the first is broken
                del self._buffer[: again.start()]
                return Malformed("a header broken off by another one was skipped")
            length = self._length(headers)
            del self._buffer[: end + 4]
            if isinstance(length, Malformed):
                return length
            while len(self._buffer) < length:
                if not await self._fill():
                    return None
            body = bytes(self._buffer[:length])
            del self._buffer[:length]
            return body

    def recover(self, body: bytes) -> None:
        """A body that could not be parsed may hold the start of the next frame (its length said
        too much): give that frame back to be read."""
        found = _HEADER.search(body, 1)
        if found is not None:
            self._buffer[0:0] = body[found.start() :]

    def _length(self, headers: bytes) -> int | Malformed:
        value = _HEADER.match(headers)
        assert value is not None
        line = headers[value.end() :].split(b"\r\n", 1)[0]
        number = _LENGTH.fullmatch(line)
        if number is None:
            shown = line.strip()[:40].decode("latin-1")
            return Malformed(f"a frame with Content-Length {shown!r} was skipped")
        length = int(number.group(1))
        if length > self._max_body:
            return Malformed(
                f"a frame of {length:,} bytes was skipped (the limit is {self._max_body:,})"
            )
        return length

    async def _fill(self) -> bool:
        if self._ended:
            return False
        chunk = await self._read()
        if not chunk:
            self._ended = True
            return False
        self._buffer += chunk
        return True
