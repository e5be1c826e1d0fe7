"""Reading a person's file as text, with a clear reason when it cannot be."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MAX_BYTES = 64 * 1024 * 1024
NAME_WITH_NUL = "its name holds a NUL character, which no file name can; correct the name"
NAME_TOO_LONG = (
    "its name is longer than the file system allows (255 bytes a folder or file name); "
    "correct the name"
)


class TextFileError(Exception):
    """Why a file cannot be read as text, in words for the person who named it."""


def read_text_file(path: Path) -> str:
    """The file's text: UTF-8 (with or without BOM), else UTF-16 with BOM, else Latin-1."""
    try:
        status = path.stat()
        if stat.S_ISDIR(status.st_mode):
            raise TextFileError("it is a folder, not a file")
        if stat.S_ISFIFO(status.st_mode):
            return decode(_read_pipe(path))
        if not stat.S_ISREG(status.st_mode):
            raise TextFileError("it is a device, not a regular file; name a saved file")
        size = status.st_size
        if size > MAX_BYTES:
            raise TextFileError(f"the file is {size // 1_048_576} MB; the limit is 64 MB")
        data = path.read_bytes()
    except FileNotFoundError as error:
        raise TextFileError("no such file") from error
    except IsADirectoryError as error:
        raise TextFileError("it is a folder, not a file") from error
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:
            raise TextFileError(NAME_TOO_LONG) from error
        raise TextFileError(error.strerror or str(error)) from error
    except ValueError as error:  # "embedded null byte"
        raise TextFileError(NAME_WITH_NUL) from error
    return decode(data)


def _read_pipe(path: Path) -> bytes:
    """A pipe's bytes when something writes to it (`<(...)`); a named pipe nobody feeds is refused.

    Opening a FIFO waits for a writer forever, so it is opened without waiting: a read that
    meets the end at once means no writer, one that would wait means a writer is there.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        try:
            first = os.read(fd, 65536)
        except BlockingIOError:
            first = None
        if first == b"":
            raise TextFileError(
                "it is a pipe (FIFO) that nothing writes to, not a regular file; name a saved file"
            )
        os.set_blocking(fd, True)
        chunks = [first or b""]
        total = len(chunks[0])
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            if total > MAX_BYTES:
                raise TextFileError("the pipe gave more than 64 MB; the limit is 64 MB")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def decode(data: bytes) -> str:
    """Bytes to text the way editors guess; refuses binary files."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    if b"\x00" in data[:8192]:
        raise TextFileError("it looks like a binary file, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
