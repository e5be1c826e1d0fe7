"""Files changed on disk behind the editor's back: re-read, forgotten, or the config reloaded.

A reloaded config that excludes more forgets the files it now excludes (their diagnostics are
cleared); one that excludes less reads the manuscripts it lets in.

The client watches for us (`workspace/didChangeWatchedFiles`, registered dynamically, as the
protocol offers no static registration for it). A file open in the editor is the editor's
business: its buffer wins over the disk until it is closed.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from cite_sentinel.core import CONFIG_NAME
from cite_sentinel.core.sources import BIBLIOGRAPHY_SUFFIXES
from cite_sentinel.core.workspace import (
    Origin,
    TextFileError,
    Workspace,
    is_excluded,
    read_text_file,
)
from cite_sentinel.lsp.config import reloaded
from cite_sentinel.lsp.convert import path_of
from lsprotocol import types

if TYPE_CHECKING:
    from cite_sentinel.lsp.session import Session
    from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)

REGISTRATION_ID = "cite-sentinel/watched-files"
GLOBS = (
    "**/*.bib",
    "**/*.json",
    "**/*.yaml",
    "**/*.yml",
    "**/*.md",
    "**/*.tex",
    "**/*.typ",
    f"**/{CONFIG_NAME}",
)
_MANUSCRIPTS = frozenset({".md", ".markdown", ".tex", ".typ"})


def can_register(capabilities: types.ClientCapabilities) -> bool:
    """Whether the client lets the server register file watchers."""
    workspace = capabilities.workspace
    watched = workspace.did_change_watched_files if workspace is not None else None
    return bool(watched is not None and watched.dynamic_registration)


_REGISTERING: set[asyncio.Task[None]] = set()  # held until done (the loop keeps weak refs)


def register_soon(server: LanguageServer) -> None:
    """Register the watchers without holding up the `initialized` notification."""
    task = asyncio.ensure_future(register(server))
    _REGISTERING.add(task)
    task.add_done_callback(_REGISTERING.discard)


async def register(server: LanguageServer) -> None:
    """Ask the client to watch bibliographies, manuscripts and the config file."""
    if not can_register(server.client_capabilities):
        return
    options = types.DidChangeWatchedFilesRegistrationOptions(
        watchers=[types.FileSystemWatcher(glob_pattern=glob) for glob in GLOBS]
    )
    try:
        await server.client_register_capability_async(
            types.RegistrationParams(
                registrations=[
                    types.Registration(
                        id=REGISTRATION_ID,
                        method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                        register_options=options,
                    )
                ]
            )
        )
    except Exception as error:  # a client that refuses still serves its open buffers
        log.info("the client did not register the file watchers: %s", error)


def changed(session: Session, params: types.DidChangeWatchedFilesParams) -> None:
    """Re-read what changed on disk and is not open, forget what was deleted, then publish."""
    reload = False
    touched = False
    for event in params.changes:
        path = str(Path(path_of(event.uri)))
        if Path(path).name == CONFIG_NAME or path == session.settings.config.origin:
            reload = True
        elif _apply(session, path, event.type):
            touched = True
    if reload:
        reload_settings(session)
    if reload or touched:
        session.refreshed()


def _apply(session: Session, path: str, change: types.FileChangeType) -> bool:
    """One file's change; whether the workspace changed."""
    workspace = session.workspace
    known = workspace.document(path)
    if known is not None and known.is_open:
        return False  # the editor's buffer wins over the disk
    if change == types.FileChangeType.Deleted:
        if known is None:
            return False
        workspace.close(path)
        return True
    if known is None and not _wanted(session, path):
        return False
    try:
        text = read_text_file(Path(path))
    except TextFileError as error:
        log.info("cannot read %s: %s", path, error)
        return False
    if known is not None and known.text == text:
        return False
    try:
        workspace.update(path, text, origin=Origin.DISK)
    except Exception:  # a reader's bug must not end the server
        log.exception("reading %s failed; please report this with the file", path)
        return False
    return True


def _wanted(session: Session, path: str) -> bool:
    """A new manuscript under a workspace folder, or a bibliography a known file cites from."""
    workspace = session.workspace
    if is_excluded(path, workspace.config.exclude):
        return False
    if Path(path).suffix.lower() in _MANUSCRIPTS:
        folders = session.workspace.folders
        return not folders or any(Path(path).is_relative_to(folder) for folder in folders)
    if any(path in workspace.uses(other) for other in list(workspace.documents)):
        return True
    # a manuscript that names no bibliography cites from every .bib beside it
    folder = Path(path).parent
    return Path(path).suffix.lower() == ".bib" and any(
        Path(other).parent == folder and doc.read.citations and not doc.read.bibliographies
        for other, doc in workspace.documents.items()
    )


def reload_settings(session: Session, root: Path | None = None) -> None:
    """`.cite-sentinel.toml` changed, or the workspace has a new first folder (`root`, whose
    file gives the settings): the client's settings over the file read again."""
    root = session.root if root is None else root
    before = session.settings.config.exclude
    session.configure(root, reloaded(root, session.settings, session.environ))
    workspace = session.workspace
    for name in session.settings.config.bibliography:
        workspace.load(name)  # bibliographies the file now names
    if workspace.config.exclude != before:
        _forget_excluded(workspace)
        for folder in list(session.workspace.folders):
            workspace.scan(folder)  # manuscripts no longer excluded (known ones are kept)
    log.info("configuration reloaded from %s", session.settings.config.origin or "defaults")


def _forget_excluded(workspace: Workspace) -> None:
    """Forget the files read from disk that `exclude` now matches (the next publish clears
    their diagnostics), then the bibliographies only they cited from. Open buffers stay: the
    editor shows them, as when an excluded file is opened."""
    exclude = workspace.config.exclude
    for path, document in list(workspace.documents.items()):
        if not document.is_open and not _is_bibliography(path) and is_excluded(path, exclude):
            workspace.close(path)
    cited = {used for other in workspace.documents for used in workspace.uses(other)}
    for path, document in list(workspace.documents.items()):
        if not document.is_open and _is_bibliography(path) and path not in cited:
            workspace.close(path)  # read for an excluded manuscript only


def _is_bibliography(path: str) -> bool:
    return Path(path).suffix.lower() in BIBLIOGRAPHY_SUFFIXES
