"""Push or pull, never both: pull only for a client that pulls and honours refresh."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import BIB, PAPER, _diagnostics, _open


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    return tmp_path


async def _pull(
    client: LanguageClient, path: Path, previous: str | None = None
) -> types.DocumentDiagnosticReport:
    return await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            previous_result_id=previous,
        )
    )


async def test_a_client_that_pulls_and_refreshes_gets_pulled_diagnostics_and_no_pushes(
    client: LanguageClient, project: Path
) -> None:
    result = await start(client, project, pull=True, refresh=True)
    assert result.capabilities.diagnostic_provider is not None
    paper = project / "paper.md"
    await _open(client, paper, PAPER)
    report = await _pull(client, paper)
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert [d.code for d in report.items] == ["undefined-key"]
    assert report.items[0].range.start == types.Position(line=3, character=31)
    assert client.diagnostics == {}  # nothing was pushed before the answer
    assert client.diagnostic_refresh_count >= 1


async def test_an_unchanged_file_is_answered_unchanged_and_an_edit_asks_for_a_new_pull(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project, pull=True, refresh=True, options={"debounceMs": 0})
    paper = project / "paper.md"
    await _open(client, paper, PAPER)
    first = await _pull(client, paper)
    assert isinstance(first, types.RelatedFullDocumentDiagnosticReport)
    again = await _pull(client, paper, first.result_id)
    assert isinstance(again, types.RelatedUnchangedDocumentDiagnosticReport)
    refreshes = client.diagnostic_refresh_count
    fixed = PAPER.replace("[@ghost2000]", "[@unused2001]")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=paper.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    after = await _pull(client, paper, first.result_id)
    assert isinstance(after, types.RelatedFullDocumentDiagnosticReport)
    assert list(after.items) == []
    assert client.diagnostic_refresh_count > refreshes


async def test_a_client_that_pulls_without_refresh_support_gets_pushed_diagnostics(
    client: LanguageClient, project: Path
) -> None:
    result = await start(client, project, pull=True, refresh=False)
    assert result.capabilities.diagnostic_provider is None
    paper = project / "paper.md"
    await _open(client, paper, PAPER)
    (found,) = await _diagnostics(client, paper.as_uri(), "undefined-key")
    assert found.range.start == types.Position(line=3, character=31)
