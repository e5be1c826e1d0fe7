"""Work in flight: shutdown stays clean, and a cancelled wave asks only what changed since."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import _diagnostics, _open, until
from tests.e2e.lsp.test_verdicts import BIB, PAPER, _verifying
from tests.fakeapi import FakeApi

DOI = "10.5555/fixture.published.2022"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "paper.md").write_text(PAPER, encoding="utf-8")
    return tmp_path


def _exit_status(client: LanguageClient) -> int | None:
    server = client._server  # pytest-lsp keeps the server process only here
    return None if server is None else server.returncode


async def test_shutdown_while_a_slow_command_is_running_ends_the_server_cleanly(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    fake_api.configure("*", latency_ms=3000)
    await start(client, project, {"debounceMs": 0})
    bib = project / "refs.bib"
    await _open(client, bib, BIB)
    running = asyncio.ensure_future(
        client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="cite-sentinel.insertEntryByDoi", arguments=[DOI, DOI, str(bib)]
            )
        )
    )
    await asyncio.sleep(0)  # let the request go out before shutdown
    await client.shutdown_session()
    await asyncio.wait_for(asyncio.wait([running]), timeout=10)
    assert client.stopped
    assert _exit_status(client) == 0
    assert client.error is None
    assert "cancel" in str(running.exception())  # answered: cancelled, not left hanging


async def test_shutdown_during_verification_ends_the_server_cleanly(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    await _verifying(fake_api, client, project, latency_ms=3000)
    await client.shutdown_session()
    assert _exit_status(client) == 0
    assert client.error is None


async def test_after_cancelling_progress_only_an_edited_entry_is_verified(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    bib = await _verifying(fake_api, client, project, latency_ms=1500)
    (token,) = client.progress_reports
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    cancelled = client.progress_reports[token]
    await until(
        client, types.PROGRESS, lambda: isinstance(cancelled[-1], types.WorkDoneProgressEnd)
    )
    fake_api.configure("*", latency_ms=0)
    edited = BIB.replace("Recursive Lattice Folding", "Recursive Lattice Unfolding")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=bib.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)],
        )
    )

    def ended_again() -> bool:
        tokens = [t for t in client.progress_reports if t != token]
        return bool(tokens) and isinstance(
            client.progress_reports[tokens[-1]][-1], types.WorkDoneProgressEnd
        )

    await until(client, types.PROGRESS, ended_again)
    (again,) = [t for t in client.progress_reports if t != token]
    assert client.progress_reports[again][-1].message == "1 verified"
    (fabricated,) = await _diagnostics(client, bib.as_uri(), "fabricated")
    assert fabricated.data["key"] == "whitcombe2017"  # asked again: it changed
    codes = {d.data["key"]: d.code for d in client.diagnostics[bib.as_uri()]}
    assert "retracted2019" not in codes and "back1993" not in codes  # cancelled, unchanged
