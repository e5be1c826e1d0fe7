"""Settings of the wrong type or value: the writer is told in a message, and the server serves."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import capabilities, start
from tests.e2e.lsp.test_local_diagnostics import BIB, PAPER, _diagnostics, _open, until


async def test_wrong_initialization_options_are_shown_and_the_server_still_serves(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    await start(client, tmp_path, {"debounceMs": "fast", "severity": {"unused-entry": 3}})
    await until(client, types.WINDOW_SHOW_MESSAGE, lambda: bool(client.messages))
    (shown,) = client.messages
    assert shown.type == types.MessageType.Warning
    assert "cite-sentinel.debounceMs" in shown.message
    assert "cite-sentinel.severity.unused-entry" in shown.message
    paper = tmp_path / "paper.md"
    await _open(client, paper, PAPER)
    assert await _diagnostics(client, paper.as_uri(), "undefined-key")


async def test_a_changed_configuration_of_the_wrong_type_is_shown_and_the_rest_applies(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    await start(client, tmp_path)
    bib = tmp_path / "refs.bib"
    await _open(client, bib, BIB)
    await _diagnostics(client, bib.as_uri(), "malformed-doi")
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(
            settings={
                "cite-sentinel": {"verify": "no", "severity": {"malformed-doi": "off"}},
            }
        )
    )
    await until(client, types.WINDOW_SHOW_MESSAGE, lambda: bool(client.messages))
    (shown,) = client.messages
    assert "cite-sentinel.verify should be true or false, got 'no'" in shown.message
    await until(
        client,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
        lambda: not any(d.code == "malformed-doi" for d in client.diagnostics[bib.as_uri()]),
    )


async def test_settings_sent_as_an_empty_list_are_no_settings_and_no_warning(
    client: LanguageClient, tmp_path: Path
) -> None:
    # Neovim's Lua encodes `init_options = {}` and `settings = {}` as the JSON array []
    await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(),
            root_uri=tmp_path.as_uri(),
            initialization_options=[],
        )
    )
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=[]))
    paper = tmp_path / "paper.md"
    await _open(client, paper, "As shown [@nowhere2020].\n")  # nothing to verify
    assert await _diagnostics(client, paper.as_uri(), "undefined-key")
    assert client.messages == []
    assert not [m for m in client.log_messages if "settings" in m.message]
