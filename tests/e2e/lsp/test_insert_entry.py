"""The quick fix "insert the entry found by its DOI", against the fake API, over stdio."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import _diagnostics, _open, until
from tests.fakeapi import FakeApi

DOI = "10.5555/fixture.published.2022"
BIB = "@book{known2001,\n  title = {Known},\n  author = {Known, Kim},\n  year = {2001},\n}\n"
PAPER = f"---\nbibliography: refs.bib\n---\nAs shown by [@known2001] and [@{DOI}].\n"


@pytest.fixture
def applied(client: LanguageClient) -> list[types.WorkspaceEdit]:
    """The client applies the server's edits, and keeps them."""
    edits: list[types.WorkspaceEdit] = []

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
        edits.append(params.edit)
        return types.ApplyWorkspaceEditResult(applied=True)

    return edits


def _command_of(action: types.Command | types.CodeAction) -> types.Command:
    """The command of a code action as the server sent it.

    lsprotocol 2025.0.0 structures any code action that carries a `command` as a Command
    (its union hook tests only for the key), leaving the server's command object as a
    string; editors read the JSON itself and are not misled.
    """
    if isinstance(action, types.CodeAction):
        assert action.command is not None
        return action.command
    sent = ast.literal_eval(action.command)
    assert isinstance(sent, dict)
    return types.Command(**sent)


async def insert_command(client: LanguageClient, paper: Path) -> types.Command:
    """The one quick fix offered on the paper's undefined DOI key: insert its entry."""
    (undefined,) = await _diagnostics(client, paper.as_uri(), "undefined-key")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=paper.as_uri()),
            range=undefined.range,
            context=types.CodeActionContext(diagnostics=[undefined]),
        )
    )
    (command,) = [_command_of(action) for action in actions or ()]
    return command


async def test_an_undefined_doi_key_inserts_the_verified_entry_into_the_bibliography(
    fake_api: FakeApi,
    client: LanguageClient,
    tmp_path: Path,
    applied: list[types.WorkspaceEdit],
) -> None:
    bib, paper = tmp_path / "refs.bib", tmp_path / "paper.md"
    bib.write_text(BIB, encoding="utf-8")
    await start(client, tmp_path, {"debounceMs": 0})
    await _open(client, bib, BIB)
    await _open(client, paper, PAPER)
    command = await insert_command(client, paper)
    assert command.title == "Insert entry by DOI"
    assert command.arguments == [DOI, DOI, str(bib)]
    said = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command.command, arguments=command.arguments)
    )
    assert str(said).startswith(f"inserted {DOI} from ")
    (edit,) = applied
    assert edit.changes is not None
    (insert,) = edit.changes[bib.as_uri()]
    end = types.Position(line=len(BIB.splitlines()), character=0)
    assert (insert.range.start, insert.range.end) == (end, end)
    entry = insert.new_text
    assert entry.lstrip().startswith(f"@inproceedings{{{DOI},")
    assert "title = {Contrastive Token Dropping for Efficient Vision Transformers}" in entry
    assert "author = {" in entry and "Ferreira" in entry and "Osei" in entry
    assert "year = {2022}" in entry and f"doi = {{{DOI}}}" in entry

    # the client applies it: the citation is defined now
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=bib.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=BIB + entry)],
        )
    )
    await until(
        client,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
        lambda: not any(d.code == "undefined-key" for d in client.diagnostics[paper.as_uri()]),
    )


async def test_a_doi_no_index_holds_inserts_nothing_and_says_so(
    fake_api: FakeApi,
    client: LanguageClient,
    tmp_path: Path,
    applied: list[types.WorkspaceEdit],
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    await start(client, tmp_path, {"debounceMs": 0})
    await _open(client, bib, BIB)
    said = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="cite-sentinel.insertEntryByDoi",
            arguments=["10.5555/no.such.work", "10.5555/no.such.work", str(bib)],
        )
    )
    assert str(said).startswith("no index holds DOI 10.5555/no.such.work")
    assert applied == []
