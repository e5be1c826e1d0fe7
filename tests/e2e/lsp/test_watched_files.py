"""Files changed on disk, not open in the editor: re-read, cleared when deleted, config reloaded."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import BIB, PAPER, _diagnostics, _open, until

GHOST = """
@book{ghost2000,
  title = {A Ghost No More},
  author = {Spirit, Sam},
  year = {2000},
}
"""
PUSH = types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS


@pytest.fixture
def asked(client: LanguageClient) -> list[types.RegistrationParams]:
    """The client accepts the server's registrations, and keeps them."""
    registered: list[types.RegistrationParams] = []

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams) -> None:
        registered.append(params)

    return registered


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "paper.md").write_text(PAPER, encoding="utf-8")
    return tmp_path


def _on_disk(client: LanguageClient, path: Path, change: types.FileChangeType) -> None:
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=path.as_uri(), type=change)])
    )


def _codes(client: LanguageClient, path: Path) -> list[str]:
    return [str(d.code) for d in client.diagnostics.get(path.as_uri(), [])]


async def test_the_server_asks_the_client_to_watch_bibliographies_manuscripts_and_config(
    client: LanguageClient, project: Path, asked: list[types.RegistrationParams]
) -> None:
    await start(client, project, watch=True)
    await until(client, PUSH, lambda: bool(asked))
    (registration,) = asked[0].registrations
    assert registration.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
    assert isinstance(registration.register_options, dict)  # as it travels: LSPAny
    globs = {w["globPattern"] for w in registration.register_options["watchers"]}
    assert {"**/*.bib", "**/*.md", "**/*.tex", "**/*.typ", "**/.cite-sentinel.toml"} <= globs


async def test_a_bibliography_changed_on_disk_refreshes_the_manuscript_citing_it(
    client: LanguageClient, project: Path, asked: list[types.RegistrationParams]
) -> None:
    await start(client, project, watch=True)
    paper = project / "paper.md"
    await _open(client, paper, PAPER)
    assert await _diagnostics(client, paper.as_uri(), "undefined-key")
    bib = project / "refs.bib"
    bib.write_text(BIB + GHOST, encoding="utf-8")
    _on_disk(client, bib, types.FileChangeType.Changed)
    await until(client, PUSH, lambda: "undefined-key" not in _codes(client, paper))


async def test_a_manuscript_changed_on_disk_and_not_open_is_read_again(
    client: LanguageClient, project: Path, asked: list[types.RegistrationParams]
) -> None:
    await start(client, project, watch=True)
    paper = project / "paper.md"  # read from the workspace folder, never opened
    assert await _diagnostics(client, paper.as_uri(), "undefined-key")
    paper.write_text(PAPER.replace(" and [@ghost2000]", ""), encoding="utf-8")
    _on_disk(client, paper, types.FileChangeType.Changed)
    await until(client, PUSH, lambda: "undefined-key" not in _codes(client, paper))
    assert "duplicate-key" in _codes(client, project / "refs.bib")


async def test_a_new_manuscript_created_on_disk_is_read(
    client: LanguageClient, project: Path, asked: list[types.RegistrationParams]
) -> None:
    await start(client, project, watch=True)
    chapter = project / "chapter.md"
    chapter.write_text("---\nbibliography: refs.bib\n---\nSee [@phantom1999].\n", "utf-8")
    _on_disk(client, chapter, types.FileChangeType.Created)
    (found,) = await _diagnostics(client, chapter.as_uri(), "undefined-key")
    assert found.data["key"] == "phantom1999"


async def test_a_deleted_file_has_its_diagnostics_cleared(
    client: LanguageClient, project: Path, asked: list[types.RegistrationParams]
) -> None:
    await start(client, project, watch=True)
    paper = project / "paper.md"
    assert await _diagnostics(client, paper.as_uri(), "undefined-key")
    paper.unlink()
    _on_disk(client, paper, types.FileChangeType.Deleted)
    await until(client, PUSH, lambda: _codes(client, paper) == [])
    assert "duplicate-key" in _codes(client, project / "refs.bib")  # the rest stays


async def test_an_edited_config_file_is_reloaded_and_diagnostics_republished(
    client: LanguageClient, project: Path, asked: list[types.RegistrationParams]
) -> None:
    await start(client, project, watch=True)
    paper = project / "paper.md"
    (undefined,) = await _diagnostics(client, paper.as_uri(), "undefined-key")
    assert undefined.severity == types.DiagnosticSeverity.Error
    assert await _diagnostics(client, (project / "refs.bib").as_uri(), "unused-entry")
    config = project / ".cite-sentinel.toml"
    config.write_text('unused-entries = false\n\n[severity]\nundefined-key = "warning"\n', "utf-8")
    _on_disk(client, config, types.FileChangeType.Created)

    def reloaded() -> bool:
        found = [d for d in client.diagnostics[paper.as_uri()] if d.code == "undefined-key"]
        return bool(found) and found[0].severity == types.DiagnosticSeverity.Warning

    await until(client, PUSH, reloaded)
    await until(client, PUSH, lambda: "unused-entry" not in _codes(client, project / "refs.bib"))


async def test_a_config_that_now_excludes_a_manuscript_clears_it_and_reads_it_when_let_in(
    client: LanguageClient, project: Path, asked: list[types.RegistrationParams]
) -> None:
    drafts = project / "drafts"
    drafts.mkdir()
    (drafts / "refs.bib").write_text(GHOST, encoding="utf-8")
    old = drafts / "old.md"
    old.write_text("---\nbibliography: refs.bib\n---\nSee [@phantom1999].\n", "utf-8")
    await start(client, project, watch=True)
    assert await _diagnostics(client, old.as_uri(), "undefined-key")
    assert await _diagnostics(client, (drafts / "refs.bib").as_uri(), "unused-entry")
    config = project / ".cite-sentinel.toml"
    config.write_text('exclude = ["drafts/*"]\n', "utf-8")
    _on_disk(client, config, types.FileChangeType.Created)
    await until(client, PUSH, lambda: _codes(client, old) == [])
    await until(client, PUSH, lambda: _codes(client, drafts / "refs.bib") == [])
    assert "duplicate-key" in _codes(client, project / "refs.bib"), "the rest stays"

    old.write_text("---\nbibliography: refs.bib\n---\nSee [@spectre1998].\n", "utf-8")
    _on_disk(client, old, types.FileChangeType.Changed)  # excluded: not read
    paper = project / "paper.md"
    paper.write_text(PAPER.replace(" and [@ghost2000]", ""), encoding="utf-8")
    _on_disk(client, paper, types.FileChangeType.Changed)  # handled after the change above
    await until(client, PUSH, lambda: "undefined-key" not in _codes(client, paper))
    assert _codes(client, old) == []

    config.write_text("exclude = []\n", "utf-8")
    _on_disk(client, config, types.FileChangeType.Changed)
    (found,) = await _diagnostics(client, old.as_uri(), "undefined-key")
    assert found.data["key"] == "spectre1998"
