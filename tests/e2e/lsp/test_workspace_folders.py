"""Workspaces of several folders, or none: each folder's manuscripts are read, and a lone
buffer is served without one."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import capabilities, start
from tests.e2e.lsp.test_local_diagnostics import BIB, _diagnostics, _open

PAPER = "---\nbibliography: refs.bib\n---\nAs shown by [@ghost{}].\n"


async def test_the_manuscripts_of_every_workspace_folder_are_read(
    client: LanguageClient, tmp_path: Path
) -> None:
    folders = [tmp_path / "first", tmp_path / "second"]
    for n, folder in enumerate(folders):
        folder.mkdir()
        (folder / "refs.bib").write_text(BIB, encoding="utf-8")
        (folder / "paper.md").write_text(PAPER.format(n), encoding="utf-8")
    await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(),
            root_uri=folders[0].as_uri(),
            workspace_folders=[
                types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name) for folder in folders
            ],
            initialization_options={"verify": False},
        )
    )
    for n, folder in enumerate(folders):
        (found,) = await _diagnostics(client, (folder / "paper.md").as_uri(), "undefined-key")
        assert found.data["key"] == f"ghost{n}"


async def test_without_a_workspace_folder_an_open_manuscript_gets_its_diagnostics(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(), initialization_options={"verify": False}
        )
    )
    paper = tmp_path / "paper.md"
    await _open(client, paper, PAPER.format(7))
    (found,) = await _diagnostics(client, paper.as_uri(), "undefined-key")
    assert found.data["key"] == "ghost7"
    assert await _diagnostics(client, (tmp_path / "refs.bib").as_uri(), "duplicate-key")


async def test_a_folder_added_to_the_workspace_is_read(
    client: LanguageClient, tmp_path: Path
) -> None:
    first, added = tmp_path / "first", tmp_path / "added"
    for folder in (first, added):
        folder.mkdir()
        (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    (added / "paper.md").write_text(PAPER.format(3), encoding="utf-8")
    await start(client, first)
    client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(
                added=[types.WorkspaceFolder(uri=added.as_uri(), name="added")], removed=[]
            )
        )
    )
    (found,) = await _diagnostics(client, (added / "paper.md").as_uri(), "undefined-key")
    assert found.data["key"] == "ghost3"
