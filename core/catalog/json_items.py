"""The items of one array inside a large JSON object, decoded one at a time from a stream.

Crossref's public data file is many `{"items": [work, work, …]}` files; this reads such a
file in megabyte chunks and hands out each work as soon as it is complete, so memory holds one
work and one chunk, never the file.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator
from typing import Any

from cite_sentinel.core.catalog.errors import DumpError
from cite_sentinel.core.catalog.streams import DumpFile

# One value larger than this is taken for a malformed file rather than read on to its end.
_LARGEST_VALUE = 64 << 20
_SPACE = " \t\r\n"


def array_items(dump: DumpFile, key: str) -> Iterator[tuple[int, Any]]:
    """(line where it starts, value) for each element of the top-level object's `key` array."""
    scanner = _Scanner(dump)
    scanner.expect("{", f'a JSON object with an "{key}" array')
    while True:
        scanner.skip_space()
        if scanner.peek() == "}":
            raise scanner.error(f'the object has no "{key}" array; is this the right format?')
        name = scanner.value("a member name")
        scanner.expect(":", "':' after a member name")
        if name == key:
            yield from _elements(scanner)
            return
        scanner.value("a value")
        scanner.skip_space()
        if scanner.peek() == ",":
            scanner.advance()
        else:
            raise scanner.error(f'the object has no "{key}" array; is this the right format?')


def _elements(scanner: _Scanner) -> Iterator[tuple[int, Any]]:
    scanner.expect("[", "an array")
    scanner.skip_space()
    if scanner.peek() == "]":
        return
    while True:
        scanner.skip_space()
        line = scanner.line()
        yield line, scanner.value("an array element")
        scanner.skip_space()
        following = scanner.peek()
        if following == "]":
            return
        if following != ",":
            found = repr(following) if following else "the end of the file"
            raise scanner.error(f"expected ',' or ']' after an array element, found {found}")
        scanner.advance()


class _Scanner:
    """A window on the decoded text: the position, the lines before it, more text on demand."""

    def __init__(self, dump: DumpFile) -> None:
        self._dump = dump
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._json = json.JSONDecoder()
        self._text = ""
        self._pos = 0
        self._lines_before = 0  # newlines in text already dropped from the window
        self._counted = 0  # newlines in the window are counted up to here…
        self._counted_lines = 0  # …and there are this many
        self._eof = False

    def peek(self) -> str:
        if self._pos >= len(self._text) and not self._fill():
            return ""
        return self._text[self._pos]

    def advance(self) -> None:
        self._pos += 1

    def skip_space(self) -> None:
        while True:
            while self._pos < len(self._text) and self._text[self._pos] in _SPACE:
                self._pos += 1
            if self._pos < len(self._text) or not self._fill():
                return

    def expect(self, char: str, what: str) -> None:
        self.skip_space()
        found = self.peek()
        if found != char:
            shown = repr(found) if found else "the end of the file"
            raise self.error(f"expected {what}, found {shown}")
        self.advance()

    def value(self, what: str) -> Any:
        """Decode the JSON value at the position, reading on while it is incomplete."""
        self.skip_space()
        self._compact()
        while True:
            try:
                value, end = self._json.raw_decode(self._text, self._pos)
            except json.JSONDecodeError as error:
                if self._eof or len(self._text) - self._pos > _LARGEST_VALUE or not self._fill():
                    raise self.error(f"{what} is not valid JSON: {error.msg}", error.pos) from None
                continue
            if end < len(self._text) or self._eof or not self._fill():
                self._pos = end
                return value

    def line(self, at: int | None = None) -> int:
        at = self._pos if at is None else at
        if at < self._counted:
            return self._lines_before + self._text.count("\n", 0, at) + 1
        self._counted_lines += self._text.count("\n", self._counted, at)
        self._counted = at
        return self._lines_before + self._counted_lines + 1

    def error(self, problem: str, at: int | None = None) -> DumpError:
        at = self._pos if at is None else at
        column = at - self._text.rfind("\n", 0, at)
        return DumpError(self._dump.name, self.line(at), column, problem)

    def _fill(self) -> bool:
        """Append the next chunk to the window; False at the end of the file."""
        if self._eof:
            return False
        data = self._dump.read()
        try:
            text = self._decoder.decode(data, final=not data)
        except UnicodeDecodeError as error:
            raise self.error(f"the file is not UTF-8 ({error.reason})", len(self._text)) from None
        if not data:
            self._eof = True
        self._text += text
        return bool(text) or (not self._eof and self._fill())

    def _compact(self) -> None:
        """Drop the text before the position once it is large, keeping the line count."""
        if self._pos > (1 << 20):
            self._lines_before = self.line() - 1
            self._text = self._text[self._pos :]
            self._pos = self._counted = self._counted_lines = 0
