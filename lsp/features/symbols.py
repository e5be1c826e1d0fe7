"""Document symbols of a bibliography: one per entry, named by its key."""

from __future__ import annotations

from cite_sentinel.lsp.convert import path_of
from cite_sentinel.lsp.session import Session
from lsprotocol import types


def symbols(session: Session, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    """Each entry of the file, its key selected, its title as detail."""
    path = path_of(params.text_document.uri)
    document = session.workspace.document(path)
    if document is None:
        return []
    range_of = session.range_of(path)
    result = []
    for reference in document.read.references:
        whole = range_of(reference.location)
        key = range_of(reference.key_location) if reference.key_location else whole
        result.append(
            types.DocumentSymbol(
                name=reference.key or "(no key)",
                detail=reference.title or reference.kind,
                kind=types.SymbolKind.Struct,
                range=whole,
                selection_range=key,
            )
        )
    return result
