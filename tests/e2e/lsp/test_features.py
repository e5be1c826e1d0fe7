"""Help while writing, over stdio: completion, definition, references, rename, hover, fixes."""

from __future__ import annotations

import asyncio
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


def _doc(path: Path) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=path.as_uri())


async def _ready(client: LanguageClient, project: Path) -> Path:
    await start(client, project)
    paper = project / "paper.md"
    await _open(client, paper, PAPER)
    await _diagnostics(client, paper.as_uri(), "undefined-key")
    return paper


async def test_keys_are_completed_after_an_at_sign_with_title_and_year(
    client: LanguageClient, project: Path
) -> None:
    paper = await _ready(client, project)
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=_doc(paper), position=types.Position(line=3, character=14)
        )
    )
    assert isinstance(result, types.CompletionList)
    items = {item.label: item for item in result.items}
    assert set(items) == {"smith2020", "unused2001"}
    assert "2001" in (items["unused2001"].detail or "")
    assert "Never Cited" in (items["unused2001"].detail or "")


async def test_definition_of_a_citation_is_the_entry_key(
    client: LanguageClient, project: Path
) -> None:
    paper = await _ready(client, project)
    result = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=_doc(paper), position=types.Position(line=3, character=16)
        )
    )
    assert isinstance(result, list | tuple)
    assert result[0].uri == (project / "refs.bib").as_uri()
    assert result[0].range.start == types.Position(line=0, character=9)


async def test_references_of_an_entry_are_its_citations(
    client: LanguageClient, project: Path
) -> None:
    await _ready(client, project)
    result = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=_doc(project / "refs.bib"),
            position=types.Position(line=0, character=11),
            context=types.ReferenceContext(include_declaration=False),
        )
    )
    assert [(loc.uri, loc.range.start) for loc in result or ()] == [
        ((project / "paper.md").as_uri(), types.Position(line=3, character=14))
    ]


async def test_rename_changes_the_key_in_the_entry_and_the_citation(
    client: LanguageClient, project: Path
) -> None:
    paper = await _ready(client, project)
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=_doc(paper),
            position=types.Position(line=3, character=16),
            new_name="smith2020a",
        )
    )
    assert edit is not None and edit.changes is not None
    changed = {uri: [e.range.start for e in edits] for uri, edits in edit.changes.items()}
    assert changed[paper.as_uri()] == [types.Position(line=3, character=14)]
    assert types.Position(line=0, character=9) in changed[(project / "refs.bib").as_uri()]


async def test_hover_on_an_unverified_key_shows_its_title(
    client: LanguageClient, project: Path
) -> None:
    paper = await _ready(client, project)
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=_doc(paper), position=types.Position(line=3, character=16))
    )
    assert result is not None and isinstance(result.contents, types.MarkupContent)
    assert "Deep Nets" in result.contents.value


async def test_bibliography_symbols_are_its_keys(client: LanguageClient, project: Path) -> None:
    await _ready(client, project)
    result = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=_doc(project / "refs.bib"))
    )
    assert [s.name for s in result or ()] == ["smith2020", "smith2020", "unused2001"]


async def test_an_unused_entry_can_be_removed_by_a_quick_fix(
    client: LanguageClient, project: Path
) -> None:
    await _ready(client, project)
    bib = project / "refs.bib"
    (found,) = await _diagnostics(client, bib.as_uri(), "unused-entry")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=_doc(bib),
            range=found.range,
            context=types.CodeActionContext(diagnostics=[found]),
        )
    )
    (action,) = [a for a in actions or () if isinstance(a, types.CodeAction)]
    assert action.title == "Remove unused entry unused2001"
    assert action.edit is not None and action.edit.changes is not None
    (edit,) = action.edit.changes[bib.as_uri()]
    assert (edit.range.start.line, edit.range.end.line, edit.new_text) == (13, 18, "")


async def test_shutdown_with_a_request_in_flight_is_clean(
    client: LanguageClient, project: Path
) -> None:
    paper = await _ready(client, project)
    pending = asyncio.ensure_future(
        client.text_document_hover_async(
            types.HoverParams(
                text_document=_doc(paper), position=types.Position(line=3, character=16)
            )
        )
    )
    await client.shutdown_session()
    await asyncio.wait_for(asyncio.wait([pending]), timeout=10)
    assert client.stopped
