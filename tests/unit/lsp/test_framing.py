"""Frames of the LSP stream: a malformed one is skipped and the next well-formed one is read."""

from __future__ import annotations

import json

import pytest
from cite_sentinel.lsp.framing import FrameReader, Malformed


def frame(body: bytes, length: int | str | None = None) -> bytes:
    said = len(body) if length is None else length
    return b"Content-Length: %s\r\n\r\n" % str(said).encode() + body


GOOD = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "shutdown"}).encode()
OTHER = json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}).encode()


def _reader(data: bytes, chunk: int = 5, max_body: int = 1 << 20) -> FrameReader:
    pieces = [data[i : i + chunk] for i in range(0, len(data), chunk)]

    async def read() -> bytes:
        return pieces.pop(0) if pieces else b""

    return FrameReader(read, max_body=max_body)


async def _bodies(reader: FrameReader) -> list[bytes]:
    """Every frame's body, recovering as the server does after a body that is no JSON."""
    bodies = []
    while (found := await reader.next()) is not None:
        if isinstance(found, Malformed):
            continue
        try:
            json.loads(found)
        except ValueError:
            reader.recover(found)
            continue
        bodies.append(found)
    return bodies


async def test_well_formed_frames_are_read_whole_whatever_the_chunks() -> None:
    data = frame(GOOD) + b"Content-Type: application/vscode-jsonrpc\r\n" + frame(OTHER)
    for chunk in (1, 7, 4096):
        assert await _bodies(_reader(data, chunk)) == [GOOD, OTHER]


@pytest.mark.parametrize(
    "broken",
    [
        frame(OTHER, len(OTHER) - 10),  # short: its tail is left between frames
        frame(OTHER, len(OTHER) + 40),  # long: it runs into the next frame
        frame(OTHER, -5),
        frame(OTHER, "abc"),
        frame(OTHER, ""),
        frame(OTHER, 99999999999999),  # more than the limit: never allocated
        b"garbage without any header\r\n\r\n",
        b"Content-Length: 12\r\nContent-Length: 13\r\n\r\n" + OTHER,
        b"Content-Length: 5" + b" " * 9000,  # a header that never ends
        b"\x00\xff" * 50,
    ],
)
async def test_a_malformed_frame_costs_only_itself(broken: bytes) -> None:
    data = frame(GOOD) + broken + frame(GOOD) + frame(GOOD)
    assert await _bodies(_reader(data)) == [GOOD, GOOD, GOOD]


async def test_a_frame_over_the_limit_is_reported_and_never_read() -> None:
    reader = _reader(frame(b"x" * 100) + frame(GOOD), max_body=50)
    skipped = await reader.next()
    assert isinstance(skipped, Malformed)
    assert "limit is 50" in skipped.reason
    assert await _bodies(reader) == [GOOD]


async def test_the_end_of_the_stream_ends_the_frames() -> None:
    reader = _reader(frame(GOOD) + b'Content-Length: 100\r\n\r\n{"partial')
    assert await reader.next() == GOOD
    assert await reader.next() is None
