"""The command behind "insert the entry found by its DOI": look the DOI up, append an entry."""

from __future__ import annotations

from cite_sentinel.core import Identifiers, Location, Reference
from cite_sentinel.core.fix import record_bibtex
from cite_sentinel.lsp.convert import uri_of
from cite_sentinel.lsp.features.bib_edits import newline_of
from cite_sentinel.lsp.session import Session
from lsprotocol import types


async def insert_entry(session: Session, key: str, doi: str, bibliography: str) -> str:
    """Append the record's entry to the bibliography; a message saying what happened."""
    probe = Reference(
        key=key, location=Location.point(bibliography, 1, 1), identifiers=Identifiers(doi=doi)
    )
    async with session.wave.lease() as engine:  # the server's one engine
        (verdict,) = await engine.verify([probe])
    if verdict.match is None:
        return f"no index holds DOI {doi}: {verdict.reason or verdict.status}"
    lines = session.lines(bibliography)
    end = Location.point(bibliography, len(lines) + 1, 1)
    edit = types.TextEdit(
        range=session.range_of(bibliography)(end),
        new_text=record_bibtex(key, verdict.match, newline_of(lines)),
    )
    await session.server.workspace_apply_edit_async(
        types.ApplyWorkspaceEditParams(
            edit=types.WorkspaceEdit(changes={uri_of(bibliography): [edit]})
        )
    )
    return f"inserted {key} from {verdict.match.source}"
