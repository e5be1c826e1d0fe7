"""Requests that come right after an edit (before the debounce delay) see the edited text."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import BIB, PAPER, _diagnostics, _open


def _line_added_at_the_top(client: LanguageClient, path: Path) -> None:
    top = types.Position(line=0, character=0)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=top, end=top), text="% a new first line\n"
                )
            ],
        )
    )


async def test_hover_just_after_a_line_was_added_finds_the_key_on_its_new_line(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    await start(client, tmp_path)  # the default debounce delay
    bib = tmp_path / "refs.bib"
    await _open(client, bib, BIB)
    await _diagnostics(client, bib.as_uri(), "duplicate-key")
    _line_added_at_the_top(client, bib)
    result = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=bib.as_uri()),
            position=types.Position(line=14, character=10),  # unused2001, a line lower now
        )
    )
    assert result is not None and isinstance(result.contents, types.MarkupContent)
    assert "**unused2001**" in result.contents.value
    assert result.range is not None and result.range.start.line == 14


async def test_a_quick_fix_asked_just_after_an_edit_edits_the_entry_where_it_now_is(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    await start(client, tmp_path)
    bib = tmp_path / "refs.bib"
    await _open(client, bib, BIB)
    await _open(client, tmp_path / "paper.md", PAPER)
    (unused,) = await _diagnostics(client, bib.as_uri(), "unused-entry")
    _line_added_at_the_top(client, bib)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=bib.as_uri()),
            range=unused.range,
            context=types.CodeActionContext(diagnostics=[unused]),
        )
    )
    (action,) = [a for a in actions or () if isinstance(a, types.CodeAction)]
    assert action.edit is not None and action.edit.changes is not None
    (edit,) = action.edit.changes[bib.as_uri()]
    assert (edit.range.start.line, edit.range.end.line) == (14, 19)  # one line lower than read
