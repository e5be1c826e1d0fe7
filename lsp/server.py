"""`cite-sentinel lsp`: create the language server and register its handlers, nothing else."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cite_sentinel import __version__
from cite_sentinel.core.http import MaskingFilter
from cite_sentinel.exit_codes import ExitCode
from cite_sentinel.lsp import client_log, large_text
from cite_sentinel.lsp.commands import Commands
from cite_sentinel.lsp.config import setting_problems, settings_for
from cite_sentinel.lsp.convert import path_of
from cite_sentinel.lsp.features import (
    code_actions,
    completion,
    definition,
    hover,
    pull,
    rename,
    symbols,
    watched_files,
)
from cite_sentinel.lsp.features.grounding import Grounding
from cite_sentinel.lsp.features.insert_entry import insert_entry
from cite_sentinel.lsp.features.verification import Wave
from cite_sentinel.lsp.session import Session
from cite_sentinel.lsp.stdio import serve_stdio
from lsprotocol import types
from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)


def build_server(environ: Mapping[str, str] | None = None) -> LanguageServer:
    """A server whose handlers share one Session."""
    server = LanguageServer("cite-sentinel", __version__)
    session = Session(server, environ, wave=Wave, grounding=Grounding)
    commands = Commands()
    told: list[str] = []  # settings problems found at initialize, shown once initialized

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        client_log.forward(server, logging.getLogger().getEffectiveLevel())
        if pull.wants_pull(params.capabilities):  # capabilities are computed after this handler
            session.pull = True
            server.feature(
                types.TEXT_DOCUMENT_DIAGNOSTIC,
                types.DiagnosticOptions(
                    identifier="cite-sentinel",
                    inter_file_dependencies=True,
                    workspace_diagnostics=False,
                ),
            )(on_diagnostic)
        root = _root(params)
        options = params.initialization_options
        session.configure(root, settings_for(root, options, environ=session.environ))
        told.extend(setting_problems(options))
        for folder in _folders(params, root):  # the settings are the first folder's
            _scan(session, folder)

    @server.feature(types.INITIALIZED)
    def initialized(params: types.InitializedParams) -> None:
        _show_problems(server, told)
        session.publish()
        session.complete()
        watched_files.register_soon(server)

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    def on_folders(params: types.DidChangeWorkspaceFoldersParams) -> None:
        for removed in params.event.removed:  # its files are forgotten, unless open
            session.workspace.remove_folder(Path(path_of(removed.uri)))
        for added in params.event.added:
            _scan(session, Path(path_of(added.uri)))
        folders = session.workspace.folders
        if session.root is not None and session.root not in folders and folders:
            watched_files.reload_settings(session, folders[0])  # the next folder's settings
        session.refreshed()  # empty lists for the forgotten files

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def on_watched_files(params: types.DidChangeWatchedFilesParams) -> None:
        watched_files.changed(session, params)

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration(params: types.DidChangeConfigurationParams) -> None:
        _show_problems(server, setting_problems(params.settings))
        session.configure(
            session.root, settings_for(session.root, params.settings, session.settings)
        )
        session.publish()
        session.wave.schedule()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        document = params.text_document
        large_text.adopt(server.workspace, document.uri)  # edits by offsets from now on
        session.changed(document.uri, document.text, document.version, at_once=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        document = server.workspace.get_text_document(params.text_document.uri)
        session.changed(document.uri, document.source, document.version, at_once=False)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        session.workspace.close(path_of(params.text_document.uri))
        session.publish()
        session.complete()

    @server.feature(types.WINDOW_WORK_DONE_PROGRESS_CANCEL)
    def progress_cancel(params: types.WorkDoneProgressCancelParams) -> None:
        if session.wave.is_progress(params.token):
            session.wave.cancel(by_user=True)

    async def on_diagnostic(
        params: types.DocumentDiagnosticParams,
    ) -> types.DocumentDiagnosticReport:
        return pull.document_diagnostic(session, params)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def on_hover(params: types.HoverParams) -> types.Hover | None:
        session.flush()
        return hover.hover(session, params)

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=completion.TRIGGERS),
    )
    async def on_completion(params: types.CompletionParams) -> types.CompletionList | None:
        return completion.completion(session, params)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def on_definition(params: types.DefinitionParams) -> list[types.Location] | None:
        session.flush()
        return definition.definition(session, params)

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    async def on_references(params: types.ReferenceParams) -> list[types.Location] | None:
        session.flush()
        return definition.references(session, params)

    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    async def on_prepare_rename(params: types.PrepareRenameParams) -> types.Range | None:
        session.flush()
        return rename.prepare_rename(session, params)

    @server.feature(types.TEXT_DOCUMENT_RENAME)
    async def on_rename(params: types.RenameParams) -> types.WorkspaceEdit | None:
        session.flush()
        return rename.rename(session, params)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def on_symbols(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        session.flush()
        return symbols.symbols(session, params)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    async def on_code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
        session.flush()
        return code_actions.code_actions(session, params)

    @server.command(code_actions.INSERT_COMMAND)
    async def on_insert(key: str, doi: str, bibliography: str) -> str:
        return await commands.run(insert_entry(session, key, doi, bibliography))

    @server.feature(types.SHUTDOWN)
    async def shutdown(params: Any) -> None:
        await commands.stop()  # answered before pygls walks its requests (lsp/commands.py)
        session.wave.shutdown()  # and the engine: its HTTP client and caches
        session.cancel_all()

    return server


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's options: the server speaks on stdio only."""
    parser.add_argument("--stdio", action="store_true", help="talk on stdin/stdout (the default)")
    parser.add_argument(
        "--log-level",
        default="WARNING",
        help="log level, on stderr and in the editor's log (default WARNING)",
    )


def run_lsp(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
    """Serve one client on stdin and stdout until it exits: 0 after `shutdown`, 1 when the
    client sent `exit` without it (LSP's rule)."""
    logging.basicConfig(stream=sys.stderr, level=str(options.log_level).upper())
    for handler in logging.getLogger().handlers:  # httpx logs whole URLs, query keys included
        handler.addFilter(MaskingFilter(environ))
    status = serve_stdio(build_server(environ))
    return ExitCode.CLEAN if status == 0 else ExitCode.FINDINGS


def _show_problems(server: LanguageServer, problems: Sequence[str]) -> None:
    """Settings the server ignores, said where the writer looks (the log is easily missed)."""
    if problems:
        server.window_show_message(
            types.ShowMessageParams(type=types.MessageType.Warning, message="\n".join(problems))
        )


def _scan(session: Session, folder: Path) -> None:
    try:
        session.workspace.scan(folder)
    except Exception:  # an unreadable folder leaves the open buffers to work on
        log.exception("reading the workspace folder %s failed", folder)


def _folders(params: types.InitializeParams, root: Path | None) -> list[Path]:
    """Every workspace folder, the root first (a client without folders names only a root)."""
    folders = [Path(path_of(folder.uri)) for folder in params.workspace_folders or ()]
    return list(dict.fromkeys([root, *folders] if root is not None else folders))


def _root(params: types.InitializeParams) -> Path | None:
    if params.workspace_folders:
        return Path(path_of(params.workspace_folders[0].uri))
    if params.root_uri:
        return Path(path_of(params.root_uri))
    return Path(params.root_path) if params.root_path else None
