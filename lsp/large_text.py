"""Edits applied to an open buffer by offsets; pygls rewrites every line of it on each edit.

pygls's TextDocument splits the whole text into a tuple of lines and copies them one by one
into a new string for every change: about 25 ms a keystroke on a 1.8 MB bibliography. This
document finds the two lines an edit touches through line offsets kept for its current text,
converts positions with pygls's own codec, and joins three slices.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import overload

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace


def adopt(workspace: Workspace) -> None:
    """Make the workspace's documents from now on apply edits by offsets (called at initialize,
    before any document is opened)."""
    if type(workspace) is Workspace:
        workspace.__class__ = _Workspace


class _Workspace(Workspace):
    """pygls's workspace, whose documents are LargeTextDocuments."""

    def _create_text_document(
        self,
        doc_uri: str,
        source: str | None = None,
        version: int | None = None,
        language_id: str | None = None,
    ) -> TextDocument:
        return LargeTextDocument(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=self._sync_kind,
            position_codec=self._position_codec,
        )


class LargeTextDocument(TextDocument):
    """A TextDocument whose lines are a view over its text, split once per text."""

    _view: Lines | None = None

    @property
    def lines(self) -> Sequence[str]:
        view = self._view
        source = self.source
        if view is None or view.text is not source:
            view = self._view = Lines(source)
        return view

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        lines = self.lines
        if not isinstance(lines, Lines):  # cannot happen: lines is always a view
            super()._apply_incremental_change(change)
            return
        where = self._position_codec.range_from_client_units(lines, change.range)
        start, end = where.start, where.end
        if start.line == len(lines):  # an edit at the very end of an empty text, as pygls does
            self._source = self.source + change.text
            return
        if (start.line, start.character) > (end.line, end.character):
            super()._apply_incremental_change(change)  # pygls's own reading of a reversed range
            return
        begin = lines.offset(start.line, start.character)
        stop = lines.offset(end.line, end.character)
        source = self.source
        self._source = source[:begin] + change.text + source[stop:]


class Lines(Sequence[str]):
    """The lines of a text (as str.splitlines(True) cuts them), sliced out on demand."""

    __slots__ = ("_starts", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts = list(accumulate(map(len, text.splitlines(True)), initial=0))

    def __len__(self) -> int:
        return len(self._starts) - 1

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [self[n] for n in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.text[self._starts[index] : self._starts[index + 1]]

    def offset(self, line: int, character: int) -> int:
        """The offset of a character in a line, clamped to the line as slicing the line is."""
        start = self._starts[line]
        return start + min(character, self._starts[line + 1] - start)
