"""Completion over stdio as an editor asks for it: on the trigger character, before any pause."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import _open

BIB = (
    "@article{smith:2020,\n  title = {Deep Nets},\n  author = {Smith, Ann},\n  year = {2020},\n}\n"
)


def _typed(client: LanguageClient, path: Path, line: int, character: int, text: str) -> None:
    at = types.Position(line=line, character=character)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=at, end=at), text=text
                )
            ],
        )
    )


async def _complete(
    client: LanguageClient, path: Path, line: int, character: int, trigger: str
) -> types.CompletionList | None:
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            position=types.Position(line=line, character=character),
            context=types.CompletionContext(
                trigger_kind=types.CompletionTriggerKind.TriggerCharacter,
                trigger_character=trigger,
            ),
        )
    )
    assert result is None or isinstance(result, types.CompletionList)
    return result


@pytest.mark.parametrize(
    ("name", "text", "typed"),
    [
        ("paper.md", "---\nbibliography: refs.bib\n---\nÉté 😀 see \n", "[@"),
        ("paper.tex", "\\bibliography{refs}\nÉté 😀 see \n", "\\cite{"),
        ("paper.typ", '#bibliography("refs.bib")\nÉté 😀 see \n', "#cite(<"),
    ],
)
async def test_keys_are_offered_the_moment_the_opener_is_typed(
    client: LanguageClient, tmp_path: Path, name: str, text: str, typed: str
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    await start(client, tmp_path)  # the default debounce: the edit is not read yet
    paper = tmp_path / name
    await _open(client, paper, text)
    _typed(client, paper, 1 if name != "paper.md" else 3, 10, typed)
    result = await _complete(
        client, paper, 1 if name != "paper.md" else 3, 10 + len(typed), typed[-1]
    )
    assert result is not None
    assert [item.label for item in result.items] == ["smith:2020"]


async def test_the_chosen_key_replaces_the_whole_key_typed_so_far(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    await start(client, tmp_path)
    paper = tmp_path / "paper.md"
    await _open(client, paper, "---\nbibliography: refs.bib\n---\nÉté 😀 see \n")
    _typed(client, paper, 3, 10, "[@smith:")  # an editor's word would start after the colon
    result = await _complete(client, paper, 3, 18, ":")
    assert result is not None
    (item,) = result.items
    assert isinstance(item.text_edit, types.TextEdit)
    assert item.text_edit.new_text == "smith:2020"
    assert item.text_edit.range == types.Range(
        start=types.Position(line=3, character=12), end=types.Position(line=3, character=18)
    )


async def test_a_client_taking_a_default_edit_range_gets_it_once_for_every_key(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    await client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(
                text_document=types.TextDocumentClientCapabilities(
                    completion=types.CompletionClientCapabilities(
                        completion_list=types.CompletionListCapabilities(
                            item_defaults=["editRange"]
                        )
                    )
                )
            ),
            root_uri=tmp_path.as_uri(),
            initialization_options={"verify": False},
        )
    )
    paper = tmp_path / "paper.md"
    await _open(client, paper, "---\nbibliography: refs.bib\n---\nsee \n")
    _typed(client, paper, 3, 4, "[@smith:")
    result = await _complete(client, paper, 3, 12, ":")
    assert result is not None and result.item_defaults is not None
    assert result.item_defaults.edit_range == types.Range(
        start=types.Position(line=3, character=6), end=types.Position(line=3, character=12)
    )
    assert [(item.label, item.text_edit) for item in result.items] == [("smith:2020", None)]
