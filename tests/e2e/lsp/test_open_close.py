"""Buffers closed and reopened: a manuscript of the workspace falls back to the file on disk."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import BIB, PAPER, _diagnostics, _open, until


async def test_closing_a_workspace_manuscript_keeps_its_diagnostics_from_the_disk(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    paper = tmp_path / "paper.md"
    paper.write_text(PAPER, encoding="utf-8")
    await start(client, tmp_path, {"debounceMs": 0})
    await _diagnostics(client, paper.as_uri(), "undefined-key")  # read from the folder
    await _open(client, paper, PAPER.replace("ghost2000", "phantom1999"))
    await until(
        client,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
        lambda: [d.data["key"] for d in client.diagnostics[paper.as_uri()]] == ["phantom1999"],
    )
    paper.write_text(PAPER, encoding="utf-8")  # the buffer closed without saving
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=paper.as_uri())
        )
    )
    await until(
        client,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
        lambda: [d.data["key"] for d in client.diagnostics[paper.as_uri()]] == ["ghost2000"],
    )
    unused = await _diagnostics(client, (tmp_path / "refs.bib").as_uri(), "unused-entry")
    assert [d.data["key"] for d in unused] == ["unused2001"]  # its citations still count


async def test_a_closed_manuscript_outside_the_workspace_is_forgotten(
    client: LanguageClient, tmp_path: Path
) -> None:
    folder, elsewhere = tmp_path / "ws", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (elsewhere / "refs.bib").write_text(BIB, encoding="utf-8")
    await start(client, folder, {"debounceMs": 0})
    paper = elsewhere / "paper.md"
    await _open(client, paper, PAPER)
    await _diagnostics(client, paper.as_uri(), "undefined-key")
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=paper.as_uri())
        )
    )
    await until(
        client,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
        lambda: not client.diagnostics[paper.as_uri()],
    )
