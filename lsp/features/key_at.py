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
    state = session.workspace.files.get(path)
    if state is None:
        return None
    line, column = to_point(position, session.lines(path), session.server.workspace.position_codec)
    local = session.workspace.fresh(path)
    if local is not None:  # a large bibliography being read again: its keys as typed
        entry = local.at(line, column)
        return KeyAt(entry.key, entry.key_location, True) if entry and entry.key_location else None
    for reference in state.read.references:
        where = reference.key_location
        if where is not None and contains(where, line, column):
            return KeyAt(reference.key, where, True)
    for citation in state.read.citations:
        if contains(citation.location, line, column):
            return KeyAt(citation.key, citation.location, False)
    return None
