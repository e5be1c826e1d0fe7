"""Reading a person's file as text, with a clear reason when it cannot be."""

from __future__ import annotations

from pathlib import Path

MAX_BYTES = 64 * 1024 * 1024


class TextFileError(Exception):
    """Why a file cannot be read as text, in words for the person who named it."""


def read_text_file(path: Path) -> str:
    """The file's text: UTF-8 (with or without BOM), else UTF-16 with BOM, else Latin-1."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise TextFileError(f"the file is {size // 1_048_576} MB; the limit is 64 MB")
        data = path.read_bytes()
    except FileNotFoundError as error:
        raise TextFileError("no such file") from error
    except IsADirectoryError as error:
        raise TextFileError("it is a folder, not a file") from error
    except OSError as error:
        raise TextFileError(error.strerror or str(error)) from error
    return decode(data)


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
