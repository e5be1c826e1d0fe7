"""Claude as the judge in the editor: the real server, the real SDK, the Messages stand-in.

examples/grounded.md claims that asynchronous Q-learning can diverge; the abstract of
tsitsiklis1994 (served by the fake indexes) proves it converges, and the stand-in judges so.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import _diagnostics, _open
from tests.fakeapi import FakeApi
from tests.fakeapi.anthropic import REFUSED_KEY

pytest.importorskip("anthropic", reason="the anthropic SDK (extra `anthropic`)")

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
GROUNDED = (EXAMPLES / "grounded.md").read_text(encoding="utf-8")
KEY = "sk-ant-test-0f9e8d7c6b5a"
CONTRADICTED = "contradicted-citation"
JUDGE = {"ground": True, "scorer": "anthropic", "verify": True, "debounceMs": 0}


@pytest.fixture
def claude(fake_api: FakeApi, monkeypatch: pytest.MonkeyPatch) -> FakeApi:
    """The fake indexes and the Messages stand-in, with a test key, in the server's environment."""
    for name, value in fake_api.judge_env(KEY).items():
        monkeypatch.setenv(name, value)
    return fake_api


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "cite_sentinel", "lsp", "--log-level", "DEBUG"],
        server_env=None,
    ),
)
async def client(lsp_client: LanguageClient) -> AsyncIterator[LanguageClient]:
    """A server that logs everything to stderr, so that a leaked key would show."""
    yield lsp_client
    if not lsp_client.stopped:
        await lsp_client.shutdown_session()


@pytest.fixture
def refused(fake_api: FakeApi, monkeypatch: pytest.MonkeyPatch) -> FakeApi:
    """As `claude`, with a key the stand-in refuses (401), as Anthropic refuses a revoked key."""
    for name, value in fake_api.judge_env(REFUSED_KEY).items():
        monkeypatch.setenv(name, value)
    return fake_api


@pytest.fixture
def manuscript(tmp_path: Path) -> Path:
    shutil.copy(EXAMPLES / "grounded.bib", tmp_path / "grounded.bib")
    return tmp_path / "grounded.md"


async def test_a_contradicted_claim_gets_a_warning_and_its_hover_quotes_the_evidence(
    claude: FakeApi,
    client: LanguageClient,
    manuscript: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    await _judging(client, manuscript)
    (found,) = await _diagnostics(client, manuscript.as_uri(), CONTRADICTED)
    lines = GROUNDED.splitlines()
    line = next(i for i, ln in enumerate(lines) if "[@tsitsiklis1994]" in ln)
    column = lines[line].index("@tsitsiklis1994") + 1  # the key, after its @
    assert found.severity == types.DiagnosticSeverity.Warning
    assert found.range.start == types.Position(line=line, character=column)
    assert found.range.end == types.Position(line=line, character=column + len("tsitsiklis1994"))
    assert "contradict" in found.message
    warned = [d for d in client.diagnostics[manuscript.as_uri()] if d.code == CONTRADICTED]
    assert warned == [found], "the supported claims stay quiet"

    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=manuscript.as_uri()),
            position=types.Position(line=line, character=column + 2),
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    shown = hover.contents.value
    assert "contradicted" in shown
    assert "> “It follows that Q-learning converges with probability one" in shown
    assert "(verified in the evidence)" in shown

    err = await _stderr_showing(capfd, "/anthropic/v1/messages")
    assert "/anthropic/v1/messages" in err, "the debug log shows the requests to the judge"
    assert KEY not in err, "but never the key that went with them"


async def test_a_refused_key_is_reported_once_and_the_local_scorer_judges_instead(
    refused: FakeApi,
    client: LanguageClient,
    manuscript: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    await _judging(client, manuscript)
    (unrelated,) = await _diagnostics(client, manuscript.as_uri(), "unrelated-citation")
    assert unrelated.data["key"] == "zilli2014"
    codes = {d.code for d in client.diagnostics[manuscript.as_uri()]}
    assert CONTRADICTED not in codes, "the local scorer gives no verdicts"
    err = await _stderr_showing(capfd, "judging with the local scorer")
    warnings = [line for line in err.splitlines() if line.startswith("WARNING:")]
    assert sum("Anthropic refused the key in ANTHROPIC_API_KEY (401)" in w for w in warnings) == 1
    assert "judging with the local scorer" in err
    assert "please report this" not in err
    shown = [m for m in client.log_messages if "refused the key" in m.message]
    assert [m.type for m in shown] == [types.MessageType.Warning], "the editor's log says it too"
    assert REFUSED_KEY not in shown[0].message


async def _judging(client: LanguageClient, manuscript: Path) -> None:
    """The server started with Claude as the judge, examples/grounded.md open in it."""
    await start(client, manuscript.parent, JUDGE)
    await _open(client, manuscript, GROUNDED)


async def _stderr_showing(capfd: pytest.CaptureFixture[str], needle: str) -> str:
    """The server's stderr so far, once `needle` shows in it (or 10 s pass): pytest-lsp forwards
    that pipe in a task of its own, which may lag behind the diagnostics on stdout."""
    seen = ""
    deadline = asyncio.get_running_loop().time() + 10.0
    while True:
        seen += capfd.readouterr().err
        if needle in seen or asyncio.get_running_loop().time() > deadline:
            return seen
        await asyncio.sleep(0.02)  # let the forwarding task run
