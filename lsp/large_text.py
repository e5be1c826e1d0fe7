"""Edits applied to an open buffer by offsets; pygls rewrites every line of it on each edit.

pygls's TextDocument splits the whole text into a tuple of lines and copies them one by one
into a new string for every change: about 25 ms a keystroke on a 1.8 MB bibliography. This
document, a subclass overriding public members only (`apply_change`, `source`, `lines`),
finds the two lines an edit touches through line offsets kept for its current text, converts
positions with the document's own codec, and joins three slices. The server puts it in place
of pygls's document right after didOpen, through the workspace's public `text_documents`.

Note for upstream: pygls could let a server choose its document class (a `text_document_cls`
on Workspace) and keep line offsets instead of splitting the source on every `lines` access.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import overload

from lsprotocol import types
from pygls.workspace import PositionCodec, TextDocument, Workspace


def adopt(workspace: Workspace, uri: str) -> None:
    """Have the document just opened at `uri` apply its edits by offsets from now on."""
    documents = workspace.text_documents
    for name, document in documents.items():
        if document.uri == uri and not isinstance(document, LargeTextDocument):
            documents[name] = LargeTextDocument(
                uri,
                document.source,
                version=document.version,
                language_id=document.language_id,
                position_codec=workspace.position_codec,
            )
            return


class LargeTextDocument(TextDocument):
    """A TextDocument whose lines are a view over its text, split once per text."""

    def __init__(
        self,
        uri: str,
        source: str,
        *,
        version: int | None = None,
        language_id: str | None = None,
        position_codec: PositionCodec | None = None,
    ) -> None:
        super().__init__(
            uri, None, version=version, language_id=language_id, position_codec=position_codec
        )
        self._text = source
        self._view: Lines | None = None

    @property
    def source(self) -> str:
        return self._text

    @property
    def lines(self) -> Sequence[str]:
        view = self._view
        if view is None or view.text is not self._text:
            view = self._view = Lines(self._text)
        return view

    def apply_change(self, change: types.TextDocumentContentChangeEvent) -> None:
        """An incremental change by offsets, a full one by replacing the text."""
        if isinstance(change, types.TextDocumentContentChangePartial):
            self._text = self._edited(change)
        else:
            self._text = change.text

    def _edited(self, change: types.TextDocumentContentChangePartial) -> str:
        lines = self.lines
        assert isinstance(lines, Lines)  # the view of this document's own text
        where = self.position_codec.range_from_client_units(lines, change.range)
        start, end = where.start, where.end
        source = self._text
        if start.line >= len(lines):  # an edit at the very end, as pygls reads it
            return source + change.text
        begin = lines.offset(start.line, start.character)
        if end.line < start.line:  # a range ending lines before it starts: pygls keeps the
            return source  # text as it was (on one line, it repeats the characters between)
        stop = lines.offset(min(end.line, len(lines) - 1), end.character)
        if end.line >= len(lines):
            stop = len(source)
        return source[:begin] + change.text + source[stop:]


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
        """The offset of a character in a line, clamped to the line as slicing the line is
        (a line past the end is the end)."""
        if line >= len(self):
            return self._starts[-1]
        start = self._starts[line]
        return start + min(character, self._starts[line + 1] - start)
