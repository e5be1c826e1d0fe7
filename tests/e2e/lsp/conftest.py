"""A real `cite-sentinel lsp` over stdio for each test, with a client that speaks to it."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

UTF16 = types.PositionEncodingKind.Utf16
UTF8 = types.PositionEncodingKind.Utf8


def capabilities(
    encoding: str = UTF16,
    *,
    progress: bool = True,
    pull: bool = False,
    refresh: bool = False,
    watch: bool = False,
) -> types.ClientCapabilities:
    """A client offering one position encoding, push diagnostics, and optionally progress,
    pull diagnostics, diagnostic refresh and file watchers registered by the server."""
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=[encoding]),
        window=types.WindowClientCapabilities(work_done_progress=progress),
        text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                related_information=True
            ),
            diagnostic=types.DiagnosticClientCapabilities() if pull else None,
        ),
        workspace=types.WorkspaceClientCapabilities(
            diagnostics=types.DiagnosticWorkspaceClientCapabilities(refresh_support=refresh),
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
                dynamic_registration=True
            )
            if watch
            else None,
        ),
    )


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "cite_sentinel", "lsp"],
        server_env=None,
    ),
)
async def client(lsp_client: LanguageClient) -> AsyncIterator[LanguageClient]:
    """A started server; each test initializes it with the capabilities it needs."""
    yield lsp_client
    if not lsp_client.stopped:
        await lsp_client.shutdown_session()


async def start(
    client: LanguageClient, root: Path, options: dict[str, object] | None = None, **kw: object
) -> types.InitializeResult:
    """initialize + initialized for a workspace folder."""
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(**kw),  # type: ignore[arg-type]
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="ws")],
            initialization_options={"verify": False, **(options or {})},
        )
    )
