"""Pull diagnostics: the client asks for a file's diagnostics; the server only says when to ask."""

from __future__ import annotations

from cite_sentinel.lsp.session import Session
from lsprotocol import types


def wants_pull(capabilities: types.ClientCapabilities) -> bool:
    """Pull only where the client both pulls and honours refresh; push otherwise (never both).

    A client that pulls without refresh support would keep the first, stale answer (given
    before the bibliographies were read) until the user edits the file.
    """
    document = capabilities.text_document
    workspace = capabilities.workspace
    pulls = document is not None and document.diagnostic is not None
    refreshes = (
        workspace is not None
        and workspace.diagnostics is not None
        and bool(workspace.diagnostics.refresh_support)
    )
    return pulls and refreshes


def document_diagnostic(
    session: Session, params: types.DocumentDiagnosticParams
) -> types.DocumentDiagnosticReport:
    """The file's current diagnostics, or "unchanged" when the client holds them already."""
    uri = params.text_document.uri
    result_id, items = session.current(uri)
    if params.previous_result_id is not None and params.previous_result_id == result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
    return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=result_id)
