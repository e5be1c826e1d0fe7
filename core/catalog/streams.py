"""Dump files opened as streams (gzip or plain), read a line or a chunk at a time, never whole.

A truncated or corrupt gzip member surfaces as a `DumpError` at the line where the data
stops, so what came before it is imported and the message says where the file breaks.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from cite_sentinel.core.catalog.errors import DumpError

_GZIP_MAGIC = b"\x1f\x8b"
CHUNK = 1 << 20


class DumpFile:
    """One input file: its decompressed bytes, and how much of the file on disk is read."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = str(path)
        try:
            self._raw: BinaryIO = open(path, "rb")  # noqa: SIM115 - closed by close()
        except OSError as error:
            raise DumpError(
                self.name, 1, 1, f"cannot be opened: {error.strerror or error}"
            ) from error
        self.size = path.stat().st_size
        compressed = self._raw.read(2) == _GZIP_MAGIC
        self._raw.seek(0)
        self.stream: BinaryIO = gzip.GzipFile(fileobj=self._raw) if compressed else self._raw  # type: ignore[assignment]
        self.compressed = compressed
        self.lines_read = 0  # newlines passed by read()

    @property
    def consumed(self) -> int:
        """Bytes of the file on disk read so far (for progress)."""
        try:
            return self._raw.tell()
        except (OSError, ValueError):
            return self.size

    def lines(self) -> Iterator[tuple[int, bytes]]:
        """(line number from 1, the line's bytes); a line a truncated file cut off is an error."""
        number = 0
        held = b""
        while True:
            try:
                line = self.stream.readline()
            except (EOFError, OSError, zlib.error) as error:
                raise DumpError(self.name, number + 1, 1, broken_stream(error)) from error
            if not line:
                if held:
                    yield number, held
                return
            if held:
                yield number, held
                held = b""
            number += 1
            if line.endswith(b"\n"):
                yield number, line
            else:
                held = line  # the last line, or one a truncated file cut: the next read tells

    def read(self, size: int = CHUNK) -> bytes:
        """Up to `size` decompressed bytes ("" at the end); counts lines for error messages."""
        try:
            data = self.stream.read(size)
        except (EOFError, OSError, zlib.error) as error:
            raise DumpError(self.name, self.lines_read + 1, 1, broken_stream(error)) from error
        self.lines_read += data.count(b"\n")
        return data

    def close(self) -> None:
        if self.stream is not self._raw:
            self.stream.close()
        self._raw.close()

    def __enter__(self) -> DumpFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def broken_stream(error: BaseException) -> str:
    """What a decompression failure means for the person who has the file."""
    if isinstance(error, EOFError):
        return (
            "the gzip data ends before its end marker: the file is truncated (an interrupted "
            "download?); download it again"
        )
    if isinstance(error, gzip.BadGzipFile | zlib.error):
        return f"the gzip data is corrupt ({error}); download the file again"
    return f"cannot be read: {getattr(error, 'strerror', None) or error}"
