"""Client settings that steer the network wave: `backends` chooses the indexes asked."""

from __future__ import annotations

from pathlib import Path

from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import _diagnostics, _open
from tests.e2e.lsp.test_verdicts import BIB, VERIFY
from tests.fakeapi import FakeApi


async def test_backends_limit_verification_to_the_chosen_indexes(
    fake_api: FakeApi, client: LanguageClient, tmp_path: Path
) -> None:
    await start(client, tmp_path, {**VERIFY, "backends": ["Crossref", "nowhere"]})
    bib = tmp_path / "refs.bib"
    await _open(client, bib, BIB)
    (found,) = await _diagnostics(client, bib.as_uri(), "fabricated")
    assert found.data["key"] == "whitcombe2017"
    await _diagnostics(client, bib.as_uri(), "miscited")
    matched = {
        d.data["key"]: d.data["match"]["source"]
        for d in client.diagnostics[bib.as_uri()]
        if d.data.get("match")
    }
    assert matched and set(matched.values()) == {"crossref"}
