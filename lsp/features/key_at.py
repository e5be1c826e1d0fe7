"""Which citation key sits under the cursor: on an entry's key or on a citation."""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core import Location
from cite_sentinel.lsp.convert import contains, path_of, to_point
from cite_sentinel.lsp.session import Session
from lsprotocol import types


@dataclass(frozen=True, slots=True)
class KeyAt:
    """A key found at a position, and whether it was the entry's or a citation's."""

    key: str
    location: Location
    is_entry: bool


def key_at(session: Session, uri: str, position: types.Position) -> KeyAt | None:
    """The key at a client position, or None."""
    path = path_of(uri)
    document = session.workspace.document(path)
    if document is None:
        return None
    line, column = to_point(position, session.lines(path), session.server.workspace.position_codec)
    entry = session.workspace.entry_at(path, line, column)  # where the text as typed has it
    if entry is not None and entry.key_location is not None:
        return KeyAt(entry.key, entry.key_location, True)
    for citation in document.read.citations:
        if contains(citation.location, line, column):
            return KeyAt(citation.key, citation.location, False)
    return None
