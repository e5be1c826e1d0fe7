"""Go to definition (citation to entry) and find references (entry to citations)."""

from __future__ import annotations

from cite_sentinel.core import Location
from cite_sentinel.lsp.convert import uri_of
from cite_sentinel.lsp.features.key_at import key_at
from cite_sentinel.lsp.session import Session
from lsprotocol import types


def definition(session: Session, params: types.DefinitionParams) -> list[types.Location] | None:
    """The entries that define the key under the cursor."""
    found = key_at(session, params.text_document.uri, params.position)
    if found is None:
        return None
    places = [r.key_location or r.location for r in session.workspace.references(found.key)]
    return [_location(session, where) for where in places] or None


def references(session: Session, params: types.ReferenceParams) -> list[types.Location] | None:
    """Every citation of the key under the cursor (and its entries when asked)."""
    found = key_at(session, params.text_document.uri, params.position)
    if found is None:
        return None
    places = [c.location for c in session.workspace.citations(found.key)]
    if params.context.include_declaration:
        places += [r.key_location or r.location for r in session.workspace.references(found.key)]
    return [_location(session, where) for where in places]


def _location(session: Session, where: Location) -> types.Location:
    return types.Location(uri=uri_of(where.path), range=session.range_of(where.path)(where))
