"""A large bibliography over stdio: every local diagnostic in the first push, and after edits."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import _diagnostics, next_push

ENTRY = (
    "@article{{k{n},\n  title = {{A study of item {n}, with a title long enough to fill}},\n"
    "  author = {{Smith, Ann and Jones, Bob}},\n  journal = {{Journal of Things}},\n"
    "  year = {{2001}},\n}}\n\n"
)
FAULTS = (
    "@article{baddoi, title = {T}, author = {A, B}, year = 2001, doi = {not-a-doi}}\n\n"
    "@article{noauthor, title = {T}, year = 2001}\n\n"
    "@article{k7, title = {Again}, author = {A, B}, year = 2001}\n\n"
    "@article{open, title = {T, author = {A, B}, year = 2001}\n\n"
)
BIG = "".join(ENTRY.format(n=n) for n in range(1300)) + FAULTS + ENTRY.format(n=9999)
PAPER = "---\nbibliography: refs.bib\n---\nAs [@k12] and [@ghost2000] show.\n"
EXPECTED = {"malformed-doi", "missing-field", "duplicate-key", "parse-error"}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    assert len(BIG) > 200_000  # read in pieces, not first as a syntax wave
    (tmp_path / "paper.md").write_text(PAPER, encoding="utf-8")  # refs.bib: an unsaved buffer
    return tmp_path


async def _pushed(
    client: LanguageClient, uri: str, before: list[types.Diagnostic] | None = None
) -> list[types.Diagnostic]:
    """The file's diagnostics once a push for it has replaced `before` (within a minute)."""
    deadline = asyncio.get_running_loop().time() + 60
    while (now := client.diagnostics.get(uri)) is None or now is before:
        await next_push(client, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, deadline)
    return now


async def test_the_first_push_for_a_large_bibliography_holds_every_local_diagnostic(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project)
    bib = project / "refs.bib"
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=bib.as_uri(), language_id="bibtex", version=1, text=BIG
            )
        )
    )
    first = await _pushed(client, bib.as_uri())
    assert {str(d.code) for d in first} == EXPECTED
    (duplicate,) = [d for d in first if d.code == "duplicate-key"]
    assert duplicate.range.start.line == BIG[: BIG.index("@article{k7, title")].count("\n")
    undefined = await _diagnostics(client, (project / "paper.md").as_uri(), "undefined-key")
    assert [d.message.split(":")[0] for d in undefined] == ["ghost2000"]


async def test_a_line_added_to_a_large_bibliography_moves_its_diagnostics_down(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project)
    uri = (project / "refs.bib").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="bibtex", version=1, text=BIG)
        )
    )
    opened = await _pushed(client, uri)
    before = sorted((str(d.code), d.range.start.line) for d in opened)
    top = types.Position(line=0, character=0)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=top, end=top), text="% a comment line\n"
                )
            ],
        )
    )
    edited = await _pushed(client, uri, opened)
    after = sorted((str(d.code), d.range.start.line) for d in edited)
    assert after == [(code, line + 1) for code, line in before]


async def _opened_and_read(client: LanguageClient, project: Path) -> str:
    """refs.bib open with BIG, its full reading ended (hover knows k3's title)."""
    await start(client, project, {"debounceMs": 0})
    uri = (project / "refs.bib").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="bibtex", version=1, text=BIG)
        )
    )
    deadline = asyncio.get_running_loop().time() + 60
    while "A study of item 3" not in await _hover(
        client, uri, types.Position(line=21, character=10)
    ):
        await next_push(client, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, deadline)  # read yet?
    return uri


def _insert(client: LanguageClient, uri: str, at: types.Position, text: str) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=at, end=at), text=text
                )
            ],
        )
    )


async def test_hover_and_definition_just_after_an_edit_see_a_large_bibliography_as_typed(
    client: LanguageClient, project: Path
) -> None:
    uri = await _opened_and_read(client, project)
    _insert(client, uri, types.Position(line=0, character=0), "% a comment line\n")
    moved = types.Position(line=22, character=10)  # k3's key, one line lower now
    shown = await _hover(client, uri, moved)
    assert "**k3**" in shown and "A study of item 3" in shown  # its fields, unchanged
    places = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=moved)
    )
    assert isinstance(places, list)
    assert [p.range.start.line for p in places if isinstance(p, types.Location)] == [22]


async def test_hover_just_after_an_entry_was_edited_shows_its_fields_as_typed(
    client: LanguageClient, project: Path
) -> None:
    uri = await _opened_and_read(client, project)
    _insert(client, uri, types.Position(line=22, character=11), "Renamed: ")  # k3's title
    shown = await _hover(client, uri, types.Position(line=21, character=10))
    assert "Renamed: A study of item 3" in shown


async def _hover(client: LanguageClient, uri: str, position: types.Position) -> str:
    found = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
    )
    if found is None or not isinstance(found.contents, types.MarkupContent):
        return ""
    return found.contents.value
