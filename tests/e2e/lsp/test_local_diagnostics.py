"""Local diagnostics over stdio: what a writer sees at once, with no network."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import UTF8, UTF16, start

BIB = """@article{smith2020,
  title = {Deep Nets},
  author = {Smith, Ann},
  year = {2020},
  doi = {not-a-doi},
}

@article{smith2020,
  title = {Deep Nets Again},
  author = {Smith, Ann},
  year = {2021},
}

@book{unused2001,
  title = {Never Cited},
  author = {Nobody, Ned},
  year = {2001},
}
"""
PAPER = "---\nbibliography: refs.bib\n---\nAs shown by [@smith2020] and [@ghost2000].\n"


async def _open(client: LanguageClient, path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="markdown", version=1, text=text
            )
        )
    )


async def _diagnostics(client: LanguageClient, uri: str, code: str) -> list[types.Diagnostic]:
    """The file's diagnostics of one code, once present (after at most 20 pushes)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    pushes = 0
    while pushes < 20:
        found = [d for d in client.diagnostics.get(uri, []) if d.code == code]
        if found:
            return found
        pushes += await next_push(client, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, deadline)
    return []


async def until(
    client: LanguageClient, method: str, done: Callable[[], bool], timeout: float = 60
) -> None:
    """Wait until `done()` holds, re-checking at each notification of a kind (bounded)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not done():
        await next_push(client, method, deadline)


async def next_push(client: LanguageClient, method: str, deadline: float) -> int:
    """1 after the next notification of a kind, 0 after half a second without one.

    The caller re-checks what it waits for either way: a notification handled before this
    wait was registered is never missed, and the whole wait stays bounded by `deadline`.
    """
    left = deadline - asyncio.get_running_loop().time()
    if left <= 0:
        raise TimeoutError(f"no {method} brought what the test waits for")
    try:
        # shielded: a cancelled wait would make the client fail on the notification later
        await asyncio.wait_for(asyncio.shield(client.wait_for_notification(method)), min(0.5, left))
    except TimeoutError:
        return 0
    return 1


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    return tmp_path


async def test_an_undefined_key_is_an_error_on_the_citation(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project)
    await _open(client, project / "paper.md", PAPER)
    (found,) = await _diagnostics(client, (project / "paper.md").as_uri(), "undefined-key")
    assert found.severity == types.DiagnosticSeverity.Error
    assert found.range.start == types.Position(line=3, character=31)
    assert found.code_description is not None
    assert found.code_description.href.endswith("#undefined-key")


async def test_a_duplicate_key_points_to_the_first_copy(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project)
    await _open(client, project / "paper.md", PAPER)
    bib = (project / "refs.bib").as_uri()
    (found,) = await _diagnostics(client, bib, "duplicate-key")
    assert found.range.start.line == 7
    (related,) = found.related_information or []
    assert related.location.uri == bib
    assert related.location.range.start == types.Position(line=0, character=9)


async def test_an_unused_entry_is_a_hint_marked_unnecessary(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project)
    await _open(client, project / "paper.md", PAPER)
    (found,) = await _diagnostics(client, (project / "refs.bib").as_uri(), "unused-entry")
    assert found.severity == types.DiagnosticSeverity.Hint
    assert list(found.tags or ()) == [types.DiagnosticTag.Unnecessary]
    assert found.data["key"] == "unused2001"


async def test_a_malformed_doi_is_reported_on_the_entry_key(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project)
    bib = project / "refs.bib"
    await _open(client, bib, BIB)
    (found,) = await _diagnostics(client, bib.as_uri(), "malformed-doi")
    assert found.range == types.Range(
        start=types.Position(line=0, character=9), end=types.Position(line=0, character=18)
    )


ACCENTED = "---\nbibliography: refs.bib\n---\nÉté 😀 [@ghost2000].\n"


@pytest.mark.parametrize(("encoding", "start_char"), [(UTF16, 9), (UTF8, 13)])
async def test_ranges_on_a_line_with_accents_and_an_emoji_follow_the_encoding(
    client: LanguageClient, project: Path, encoding: str, start_char: int
) -> None:
    result = await start(client, project, encoding=encoding)
    assert result.capabilities.position_encoding == encoding
    await _open(client, project / "paper.md", ACCENTED)
    (found,) = await _diagnostics(client, (project / "paper.md").as_uri(), "undefined-key")
    assert found.range == types.Range(
        start=types.Position(line=3, character=start_char),
        end=types.Position(line=3, character=start_char + len("ghost2000")),
    )


async def test_a_malformed_bibliography_gives_diagnostics_and_the_server_keeps_serving(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project)
    bib = project / "refs.bib"
    await _open(client, bib, "@article{broken,\n  title = {Unclosed\n\n@@@ \x00 {{{\n")
    found = await _diagnostics(client, bib.as_uri(), "parse-error")
    assert found
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=bib.as_uri()))
    )
    assert symbols is not None
