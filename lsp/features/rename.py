"""Rename a key everywhere: its entries and every citation in the workspace."""

from __future__ import annotations

import re

from cite_sentinel.core import Location
from cite_sentinel.lsp.convert import uri_of
from cite_sentinel.lsp.features.key_at import key_at
from cite_sentinel.lsp.session import Session
from lsprotocol import types

_KEY = re.compile(r"^[^\s,{}()\[\];@\\#%\"']+$")


def prepare_rename(session: Session, params: types.PrepareRenameParams) -> types.Range | None:
    """The key's range when the cursor is on one."""
    found = key_at(session, params.text_document.uri, params.position)
    if found is None:
        return None
    return _key_range(session, found.location, found.key)


def rename(session: Session, params: types.RenameParams) -> types.WorkspaceEdit | None:
    """Edits that replace the key in every entry and citation the server knows."""
    found = key_at(session, params.text_document.uri, params.position)
    if found is None:
        return None
    if not _KEY.match(params.new_name):
        raise ValueError(f"{params.new_name!r} cannot be a citation key; use letters, digits, -_:.")
    places = [r.key_location or r.location for r in session.workspace.references(found.key)]
    places += [c.location for c in session.workspace.citations(found.key)]
    changes: dict[str, list[types.TextEdit]] = {}
    for where in places:
        edit = types.TextEdit(range=_key_range(session, where, found.key), new_text=params.new_name)
        changes.setdefault(uri_of(where.path), []).append(edit)
    return types.WorkspaceEdit(changes=changes)


def _key_range(session: Session, where: Location, key: str) -> types.Range:
    """The span of the key itself inside a citation's or entry's span."""
    lines = session.lines(where.path)
    if where.line - 1 < len(lines):
        text = lines[where.line - 1]
        start = text.find(key, max(0, where.column - 1))
        if start >= 0:
            where = Location(where.path, where.line, start + 1, where.line, start + 1 + len(key))
    return session.range_of(where.path)(where)
