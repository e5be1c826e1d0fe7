"""The network wave against the fake API server: verdicts arrive as diagnostics and hovers."""

from __future__ import annotations

import shutil
from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.conftest import ROOT
from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import _diagnostics, _open
from tests.fakeapi import FakeApi


async def test_a_fabricated_entry_becomes_an_error_on_its_key(
    fake_api: FakeApi, client: LanguageClient, tmp_path: Path
) -> None:
    shutil.copy(ROOT / "examples" / "refs.bib", tmp_path / "refs.bib")
    await start(client, tmp_path, {"verify": True})
    bib = tmp_path / "refs.bib"
    await _open(client, bib, bib.read_text(encoding="utf-8"))
    found = await _diagnostics(client, bib.as_uri(), "fabricated")
    assert found and all(d.severity == types.DiagnosticSeverity.Error for d in found)
    assert {d.data["key"] for d in found} <= {"alvarez2019", "okafor2021", "whitcombe2017"}
