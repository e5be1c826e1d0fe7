"""Groundedness over stdio: hints on unrelated citations, the evidence in the hover, on and off."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import _diagnostics, _open, next_push, until
from tests.fakeapi import FakeApi

FULL_TEXT = (
    "Domestic cats sleep between twelve and sixteen hours a day. In a cohort of 240 indoor "
    "cats, daily sleep duration rose with age and fell with the number of play sessions "
    "offered by the owners. Cats given two play sessions a day slept on average ninety "
    "minutes less than cats given none. We conclude that structured play shortens daytime "
    "sleep in indoor cats.\n"
)
BIB = """@article{cats2020,
  author = {Moreau, Lea},
  title = {Play and Sleep in Indoor Cats},
  journal = {Journal of Feline Behaviour},
  year = {2020},
  file = {:cats.txt:text/plain},
}
"""
PAPER = (
    "---\nbibliography: refs.bib\n---\n"
    "Structured play shortens the daytime sleep of indoor cats [@cats2020].\n"
    "\n"
    "The tensile strength of carbon steel girders falls sharply above 600 degrees "
    "Celsius [@cats2020].\n"
)
GROUND = {"ground": True, "debounceMs": 0}
UNRELATED = "unrelated-citation"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "cats.txt").write_text(FULL_TEXT, encoding="utf-8")
    return tmp_path


def _at(line: int, character: int, paper: Path) -> types.HoverParams:
    return types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=paper.as_uri()),
        position=types.Position(line=line, character=character),
    )


async def test_an_unrelated_citation_gets_a_hint_and_a_related_one_nothing(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project, GROUND)
    paper = project / "paper.md"
    await _open(client, paper, PAPER)
    (found,) = await _diagnostics(client, paper.as_uri(), UNRELATED)
    assert found.severity == types.DiagnosticSeverity.Hint
    column = PAPER.splitlines()[5].index("@cats2020") + 1  # the key, after its @
    assert found.range.start == types.Position(line=5, character=column)
    assert found.data["key"] == "cats2020"
    assert "unrelated" in found.message and "full text" in found.message


async def test_the_hover_on_a_citation_shows_relevance_badge_and_quoted_evidence(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project, GROUND)
    paper = project / "paper.md"
    await _open(client, paper, PAPER)
    await _diagnostics(client, paper.as_uri(), UNRELATED)
    related = await client.text_document_hover_async(_at(3, 63, paper))
    assert related is not None and isinstance(related.contents, types.MarkupContent)
    text = related.contents.value
    relevance = re.search(r"relevance \*\*([0-9.]+)\*\*", text)
    assert relevance is not None and float(relevance.group(1)) > 0.5
    assert "badge **grey**" in text and "evidence: full text" in text
    assert "> “We conclude that structured play shortens daytime sleep" in text
    assert "supported" not in text  # the local scorer gives no verdict
    unrelated = await client.text_document_hover_async(_at(5, 90, paper))
    assert unrelated is not None and isinstance(unrelated.contents, types.MarkupContent)
    assert "badge **red**" in unrelated.contents.value


async def test_groundedness_is_off_by_default_and_follows_the_configuration(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project, {"debounceMs": 0})
    paper = project / "paper.md"
    await _open(client, paper, PAPER)
    await until(
        client,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
        lambda: paper.as_uri() in client.diagnostics,
    )
    hover = await client.text_document_hover_async(_at(5, 90, paper))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "groundedness" not in hover.contents.value
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"cite-sentinel": {"ground": True}})
    )
    assert await _diagnostics(client, paper.as_uri(), UNRELATED)
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"cite-sentinel": {"ground": False}})
    )
    uri = paper.as_uri()
    await until(
        client,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
        lambda: not any(d.code == UNRELATED for d in client.diagnostics[uri]),
    )


async def test_a_severity_setting_turns_the_unrelated_hint_into_a_warning(
    client: LanguageClient, project: Path
) -> None:
    await start(client, project, {**GROUND, "severity": {UNRELATED: "warning"}})
    paper = project / "paper.md"
    await _open(client, paper, PAPER)
    (found,) = await _diagnostics(client, paper.as_uri(), UNRELATED)
    assert found.severity == types.DiagnosticSeverity.Warning


async def test_the_abstract_of_the_verified_record_is_the_evidence(
    fake_api: FakeApi, client: LanguageClient, tmp_path: Path
) -> None:
    bib = (
        "@article{retracted2019,\n"
        "  author = {Okafor, Chidi and Lindqvist, Maja and Haddad, Rami},\n"
        "  title = {Sparse Gating Networks Predict Protein Binding Affinity},\n"
        "  journal = {Journal of Machine Learning in Biology},\n"
        "  year = {2019},\n"
        "  doi = {10.5555/fixture.retracted.2019},\n"
        "}\n"
    )
    (tmp_path / "refs.bib").write_text(bib, encoding="utf-8")
    paper = tmp_path / "paper.md"
    text = (
        "---\nbibliography: refs.bib\n---\n"
        "Sparse gating networks predict protein binding affinity [@retracted2019].\n"
    )
    await start(client, tmp_path, {**GROUND, "verify": True})
    await _open(client, paper, text)
    await _diagnostics(client, paper.as_uri(), "retracted")  # the verdict has arrived

    async def hover_text() -> str:
        hover = await client.text_document_hover_async(_at(3, 60, paper))
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        return hover.contents.value

    deadline = asyncio.get_running_loop().time() + 30
    shown = await hover_text()
    while "evidence: abstract" not in shown:  # judged once the verdict's record is known
        await next_push(client, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, deadline)
        shown = await hover_text()
    assert "> “" in shown


async def test_full_texts_are_found_in_the_fulltext_folder_by_key(
    client: LanguageClient, tmp_path: Path
) -> None:
    bib = BIB.replace("  file = {:cats.txt:text/plain},\n", "")
    (tmp_path / "refs.bib").write_text(bib, encoding="utf-8")
    (tmp_path / "papers").mkdir()
    (tmp_path / "papers" / "cats2020.txt").write_text(FULL_TEXT, encoding="utf-8")
    await start(client, tmp_path, {**GROUND, "fulltext": "papers"})
    paper = tmp_path / "paper.md"
    await _open(client, paper, PAPER)
    assert await _diagnostics(client, paper.as_uri(), UNRELATED)
    hover = await client.text_document_hover_async(_at(3, 63, paper))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "evidence: full text" in hover.contents.value
    assert "papers/cats2020.txt" in hover.contents.value
