"""Workspaces of several folders, or none: each folder's manuscripts are read, and a lone
buffer is served without one."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import capabilities, start
from tests.e2e.lsp.test_local_diagnostics import BIB, _diagnostics, _open, until

PAPER = "---\nbibliography: refs.bib\n---\nAs shown by [@ghost{}].\n"


async def test_the_manuscripts_of_every_workspace_folder_are_read(
    client: LanguageClient, tmp_path: Path
) -> None:
    folders = [tmp_path / "first", tmp_path / "second"]
    for n, folder in enumerate(folders):
        folder.mkdir()
        (folder / "refs.bib").write_text(BIB, encoding="utf-8")
        (folder / "paper.md").write_text(PAPER.format(n), encoding="utf-8")
    await _start_in(client, folders)
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


async def test_a_folder_removed_from_the_workspace_is_forgotten(
    client: LanguageClient, tmp_path: Path
) -> None:
    first, removed = tmp_path / "first", tmp_path / "removed"
    for folder in (first, removed):
        folder.mkdir()
    shared = first / "refs.bib"
    shared.write_text(BIB, encoding="utf-8")
    paper = first / "paper.md"
    paper.write_text(
        "---\nbibliography: refs.bib\n---\nAs shown by [@smith2020] and [@only3].\n", "utf-8"
    )
    (removed / "other.bib").write_text("@book{only3,\n  title = {Only Here},\n}\n", "utf-8")
    (removed / "paper.md").write_text(
        f"---\nbibliography: ['{shared}', other.bib]\n---\nSee [@unused2001] and [@ghost3].\n",
        "utf-8",
    )
    await _start_in(client, [first, removed], debounce=0)
    assert await _diagnostics(client, (removed / "paper.md").as_uri(), "undefined-key")
    assert await _diagnostics(client, shared.as_uri(), "duplicate-key")
    codes = {d.code for d in client.diagnostics[shared.as_uri()]}
    assert "unused-entry" not in codes  # unused2001 is cited from the other folder
    only3 = types.Position(line=3, character=35)
    assert await _definition(client, paper, only3)  # found in the other folder's file

    client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(
                added=[],
                removed=[types.WorkspaceFolder(uri=removed.as_uri(), name="removed")],
            )
        )
    )
    await until(
        client,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
        lambda: not client.diagnostics[(removed / "paper.md").as_uri()],
    )
    unused = await _diagnostics(client, shared.as_uri(), "unused-entry")
    assert [d.data["key"] for d in unused] == ["unused2001"]  # its citer is gone
    assert await _definition(client, paper, only3) is None


async def _definition(
    client: LanguageClient, path: Path, position: types.Position
) -> list[types.Location] | None:
    found = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=position
        )
    )
    assert found is None or isinstance(found, list)
    return [f for f in found if isinstance(f, types.Location)] if found else None


async def test_a_manuscript_created_in_the_second_folder_is_read(
    client: LanguageClient, tmp_path: Path
) -> None:
    folders = [tmp_path / "first", tmp_path / "second"]
    for folder in folders:
        folder.mkdir()
        (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    await _start_in(client, folders)
    chapter = folders[1] / "chapter.md"
    chapter.write_text(PAPER.format(2), encoding="utf-8")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=chapter.as_uri(), type=types.FileChangeType.Created)]
        )
    )
    (found,) = await _diagnostics(client, chapter.as_uri(), "undefined-key")
    assert found.data["key"] == "ghost2"


async def test_a_bibliography_named_through_dotdot_is_the_same_file(
    client: LanguageClient, tmp_path: Path
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        folder.mkdir()
    refs = first / "refs.bib"
    refs.write_text(BIB, encoding="utf-8")
    (first / "paper.md").write_text(
        "---\nbibliography: refs.bib\n---\nSee [@smith2020] and [@ghost1].\n", "utf-8"
    )
    (second / "paper.md").write_text(
        "---\nbibliography: ../first/refs.bib\n---\nSee [@unused2001] and [@ghost2].\n", "utf-8"
    )
    await _start_in(client, [first, second], debounce=0)
    for folder in (first, second):
        assert await _diagnostics(client, (folder / "paper.md").as_uri(), "undefined-key")
    (duplicate,) = await _diagnostics(client, refs.as_uri(), "duplicate-key")
    assert duplicate.range.start.line == 7
    # every entry is cited from one manuscript or the other: none is unused
    assert "unused-entry" not in {d.code for d in client.diagnostics[refs.as_uri()]}
    assert [uri for uri in client.diagnostics if ".." in uri] == []  # no second name


async def test_removing_the_first_folder_applies_the_next_folders_config(
    client: LanguageClient, tmp_path: Path
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    for folder, level in ((first, "warning"), (second, "hint")):
        folder.mkdir()
        (folder / "refs.bib").write_text(BIB, encoding="utf-8")
        (folder / ".cite-sentinel.toml").write_text(
            f'[severity]\nundefined-key = "{level}"\n', "utf-8"
        )
    paper = second / "paper.md"
    paper.write_text(PAPER.format(2), encoding="utf-8")
    await _start_in(client, [first, second], debounce=0)
    (found,) = await _diagnostics(client, paper.as_uri(), "undefined-key")
    assert found.severity == types.DiagnosticSeverity.Warning  # the first folder's settings

    client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(
                added=[], removed=[types.WorkspaceFolder(uri=first.as_uri(), name="first")]
            )
        )
    )

    def hinted() -> bool:
        found = [d for d in client.diagnostics[paper.as_uri()] if d.code == "undefined-key"]
        return bool(found) and found[0].severity == types.DiagnosticSeverity.Hint

    await until(client, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, hinted)


async def _start_in(
    client: LanguageClient, folders: list[Path], *, debounce: int | None = None
) -> None:
    """Initialise with these workspace folders, the first as the root, without the network."""
    options: dict[str, object] = {"verify": False}
    if debounce is not None:
        options["debounceMs"] = debounce
    await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(),
            root_uri=folders[0].as_uri(),
            workspace_folders=[
                types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name) for folder in folders
            ],
            initialization_options=options,
        )
    )
