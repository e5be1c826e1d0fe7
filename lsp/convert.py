"""The one place a core Location becomes an LSP Range, always through the position codec."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from cite_sentinel.core import Location
from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import PositionCodec


def to_range(location: Location, lines: Sequence[str], codec: PositionCodec) -> types.Range:
    """A core span (1-based, code points) as a range in the client's position encoding."""
    points = types.Range(
        start=types.Position(line=location.line - 1, character=max(0, location.column - 1)),
        end=types.Position(line=location.end_line - 1, character=max(0, location.end_column - 1)),
    )
    return codec.range_to_client_units(lines, points)


def to_point(
    position: types.Position, lines: Sequence[str], codec: PositionCodec
) -> tuple[int, int]:
    """A client position as a core (line, column), both 1-based, column in code points."""
    points = codec.position_from_client_units(lines, position)
    return points.line + 1, points.character + 1


def contains(location: Location, line: int, column: int) -> bool:
    """Whether a core point lies in a span (its end included, where a cursor may rest)."""
    after_start = (line, column) >= (location.line, location.column)
    return after_start and (line, column) <= (location.end_line, location.end_column)


def uri_of(path: str) -> str:
    """The file URI of a path."""
    return from_fs_path(str(Path(path).absolute())) or path


def path_of(uri: str) -> str:
    """The normalised path of a file URI (`a/../b` is `b`); a non-file URI stays as it is."""
    path = to_fs_path(uri)
    return os.path.normpath(path) if path else uri
