"""JSON-lines dumps (OpenAlex snapshot, arXiv's OAI snapshot): one object a line, read lazily."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from cite_sentinel.core.catalog.errors import DumpError
from cite_sentinel.core.catalog.streams import DumpFile


def _fastest_loads() -> Callable[[bytes], Any]:
    """orjson's loads with the optional extra (cite-sentinel[catalog]), else json's."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - depends on the installation
        return json.loads
    return orjson.loads


_loads = _fastest_loads()


def lines_after(dump: DumpFile, after: int) -> Iterator[tuple[int, bytes]]:
    """(line number, line) for each non-blank line after line `after`, not parsed."""
    for number, line in dump.lines():
        if number > after and line.strip():
            yield number, line


def parse_line(name: str, number: int, line: bytes) -> dict[str, Any]:
    """One line as a JSON object, or a DumpError naming the file, line and column."""
    line = line.rstrip(b"\r\n")
    try:
        value = _loads(line)
    except ValueError:  # JSON or UTF-8 errors of either decoder
        try:  # the standard decoder says where and what
            value = json.loads(line)
        except UnicodeDecodeError as error:
            raise DumpError(
                name, number, error.start + 1, f"the line is not UTF-8 ({error.reason})"
            ) from None
        except json.JSONDecodeError as error:
            raise DumpError(
                name, number, error.colno, f"the line is not JSON ({error.msg})"
            ) from None
    if not isinstance(value, dict):
        kind = type(value).__name__
        raise DumpError(name, number, 1, f"the line is JSON but not an object ({kind})")
    return value
