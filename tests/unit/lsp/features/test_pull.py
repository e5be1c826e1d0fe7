"""Pull diagnostics only for a client that pulls and honours refresh."""

from __future__ import annotations

import pytest
from cite_sentinel.lsp.features.pull import wants_pull
from lsprotocol import types


def _client(*, pull: bool, refresh: bool | None) -> types.ClientCapabilities:
    return types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            diagnostic=types.DiagnosticClientCapabilities() if pull else None
        ),
        workspace=types.WorkspaceClientCapabilities(
            diagnostics=None
            if refresh is None
            else types.DiagnosticWorkspaceClientCapabilities(refresh_support=refresh)
        ),
    )


@pytest.mark.parametrize(
    ("pull", "refresh", "expected"),
    [(True, True, True), (True, False, False), (True, None, False), (False, True, False)],
)
def test_pull_needs_both_pull_and_refresh(pull: bool, refresh: bool | None, expected: bool) -> None:
    assert wants_pull(_client(pull=pull, refresh=refresh)) is expected


def test_a_client_saying_nothing_gets_push() -> None:
    assert wants_pull(types.ClientCapabilities()) is False
