"""The network wave over stdio against the fake API: verdict diagnostics, fixes, progress."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import _diagnostics, _open, next_push, until
from tests.fakeapi import FakeApi

BIB = """@article{retracted2019,
  author = {Okafor, Chidi and Lindqvist, Maja and Haddad, Rami},
  title = {Sparse Gating Networks Predict Protein Binding Affinity},
  journal = {Journal of Machine Learning in Biology},
  year = {2019},
  doi = {10.5555/fixture.retracted.2019},
}

@misc{ferreira2021,
  author = {Ferreira, Ana and Nakamura, Kenji},
  title = {Contrastive Token Dropping for Efficient Vision Transformers},
  year = {2021},
  eprint = {2104.09991},
  archiveprefix = {arXiv},
}

@article{back1993,
  author  = {Back, Andrew D. and Tsoi, Ah Chung},
  title   = {An Adaptive Lattice Architecture for Dynamic Multilayer
             Perceptrons},
  journal = {Neural Computation},
  year    = {1993},
  volume  = {4},
  pages   = {922--931},
}

@article{whitcombe2017,
  author = {Whitcombe, Harriet and Quell, Oswin},
  title = {Recursive Lattice Folding of Entangled Grammar Priors},
  journal = {Journal of Imaginary Results},
  year = {2017},
}
"""
PAPER = (
    "---\nbibliography: refs.bib\n---\n"
    "See [@retracted2019; @ferreira2021; @back1993; @whitcombe2017].\n"
)
ALL_APIS = ("openalex", "crossref", "s2", "datacite", "arxiv", "doi")
VERIFY = {"verify": True, "debounceMs": 0}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "paper.md").write_text(PAPER, encoding="utf-8")
    return tmp_path


async def _verified(client: LanguageClient, project: Path) -> dict[str, types.Diagnostic]:
    """Open the bibliography and wait for its verdicts; each key's verdict diagnostic."""
    bib = project / "refs.bib"
    await _open(client, bib, BIB)
    await _diagnostics(client, bib.as_uri(), "fabricated")
    return {
        d.data["key"]: d
        for d in client.diagnostics.get(bib.as_uri(), [])
        if d.code in {"fabricated", "miscited", "retracted", "published-version", "unverified"}
    }


async def _actions(
    client: LanguageClient, path: Path, found: types.Diagnostic
) -> dict[str, types.CodeAction]:
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            range=found.range,
            context=types.CodeActionContext(diagnostics=[found]),
        )
    )
    return {a.title: a for a in actions or () if isinstance(a, types.CodeAction)}


async def _keys_until(
    client: LanguageClient, uri: str, done: Callable[[dict[str, types.Diagnostic]], bool]
) -> dict[str, types.Diagnostic]:
    """The file's diagnostics by key, once `done` holds (after at most 20 pushes)."""
    deadline = asyncio.get_running_loop().time() + 60
    pushes = 0
    while pushes < 20:
        keys = {d.data["key"]: d for d in client.diagnostics.get(uri, [])}
        if done(keys):
            return keys
        pushes += await next_push(client, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, deadline)
    raise AssertionError(f"the diagnostics of {uri} never settled")


async def _verifying(
    fake_api: FakeApi, client: LanguageClient, project: Path, *, latency_ms: float
) -> Path:
    """Open the bibliography against slow indexes; return once its verification has begun."""
    fake_api.configure("*", latency_ms=latency_ms)
    await start(client, project, VERIFY)
    bib = project / "refs.bib"
    await _open(client, bib, BIB)
    await until(client, types.PROGRESS, lambda: any(client.progress_reports.values()))
    return bib


def _edits(action: types.CodeAction, path: Path) -> list[types.TextEdit]:
    assert action.edit is not None and action.edit.changes is not None
    return list(action.edit.changes[path.as_uri()])


def _applied(text: str, edit: types.TextEdit) -> str:
    """The text after one edit (positions in characters: the test's text is ASCII)."""
    lines = text.splitlines(keepends=True)
    start, end = edit.range.start, edit.range.end
    begin = sum(len(line) for line in lines[: start.line]) + start.character
    stop = sum(len(line) for line in lines[: end.line]) + end.character
    return text[:begin] + edit.new_text + text[stop:]


async def test_each_verdict_sits_on_the_key_with_its_severity(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    await start(client, project, VERIFY)
    found = await _verified(client, project)
    severity = types.DiagnosticSeverity
    assert {key: (d.code, d.severity) for key, d in found.items()} == {
        "retracted2019": ("retracted", severity.Error),
        "ferreira2021": ("published-version", severity.Information),
        "back1993": ("miscited", severity.Warning),
        "whitcombe2017": ("fabricated", severity.Error),
    }
    assert found["back1993"].range.start == types.Position(line=16, character=9)
    assert found["back1993"].data["match"]["year"] == 1992


async def test_verdicts_also_sit_on_every_citation_of_the_key(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    await start(client, project, VERIFY)
    paper = project / "paper.md"
    await _open(client, paper, PAPER)
    (found,) = await _diagnostics(client, paper.as_uri(), "fabricated")
    assert found.range.start == types.Position(line=3, character=48)
    assert found.severity == types.DiagnosticSeverity.Error


@pytest.fixture
def broken_network(fake_api: FakeApi, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every index refuses connections (set before the server starts)."""
    for name, value in fake_api.env(down=ALL_APIS).items():
        monkeypatch.setenv(name, value)


async def test_a_broken_network_gives_unverified_information_never_errors(
    broken_network: None, client: LanguageClient, project: Path
) -> None:
    await start(client, project, VERIFY)
    bib = project / "refs.bib"
    await _open(client, bib, BIB)
    uri = bib.as_uri()

    def unverified() -> list[types.Diagnostic]:
        return [d for d in client.diagnostics.get(uri, []) if d.code == "unverified"]

    await until(client, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, lambda: len(unverified()) == 4)
    found = unverified()
    assert all(d.severity == types.DiagnosticSeverity.Information for d in found)
    assert "cannot be reached" in found[0].message
    codes = {d.code for d in client.diagnostics[bib.as_uri()]}
    assert not codes & {"fabricated", "miscited", "retracted"}


async def test_a_miscited_entry_gets_its_verified_year_and_the_missing_doi(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    await start(client, project, VERIFY)
    found = await _verified(client, project)
    bib = project / "refs.bib"
    actions = await _actions(client, bib, found["back1993"])
    (replace,) = _edits(actions["Replace back1993's fields with the verified metadata"], bib)
    assert replace.range.start.line == 21
    assert _applied(BIB, replace) == BIB.replace("  year    = {1993},", "  year    = {1992},")
    doi = found["back1993"].data["match"]["doi"]
    (add,) = _edits(actions[f"Add DOI {doi}"], bib)
    assert _applied(BIB, add) == BIB.replace(
        "  pages   = {922--931},\n}", f"  pages   = {{922--931}},\n  doi     = {{{doi}}},\n}}"
    )


async def test_a_preprint_can_be_replaced_by_its_published_version(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    await start(client, project, VERIFY)
    found = await _verified(client, project)
    bib = project / "refs.bib"
    actions = await _actions(client, bib, found["ferreira2021"])
    title = "Cite the published version (doi 10.5555/fixture.published.2022)"
    (edit,) = _edits(actions[title], bib)
    assert "  archiveprefix = {arXiv},\n  doi = {10.5555/fixture.published.2022},\n}" in (
        _applied(BIB, edit)
    )


async def test_accepting_by_comment_makes_the_verdict_go_away(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    await start(client, project, VERIFY)
    found = await _verified(client, project)
    bib = project / "refs.bib"
    actions = await _actions(client, bib, found["whitcombe2017"])
    (edit,) = _edits(actions["Accept whitcombe2017 as verified"], bib)
    assert edit.new_text == "% cite-sentinel: accept\n"
    line = edit.range.start.line
    lines = BIB.splitlines(keepends=True)
    accepted = "".join([*lines[:line], edit.new_text, *lines[line:]])
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=bib.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=accepted)],
        )
    )
    keys = await _keys_until(client, bib.as_uri(), lambda keys: "whitcombe2017" not in keys)
    assert keys["back1993"].code == "miscited"


async def test_keys_in_the_config_files_accept_list_get_no_verdict(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    allow = '[[allow]]\nkey = "whitcombe2017"\nreason = "an unpublished manuscript"\n'
    (project / ".cite-sentinel.toml").write_text(allow, encoding="utf-8")
    await start(client, project, VERIFY)
    bib = project / "refs.bib"
    await _open(client, bib, BIB)
    others = {"retracted2019", "ferreira2021", "back1993"}
    keys = await _keys_until(client, bib.as_uri(), lambda keys: others <= keys.keys())
    assert "whitcombe2017" not in keys


async def test_changed_configuration_sets_severities_and_accepts(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    await start(client, project, VERIFY)
    found = await _verified(client, project)
    assert found["back1993"].severity == types.DiagnosticSeverity.Warning
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(
            settings={
                "cite-sentinel": {"severity": {"miscited": "error"}, "accept": ["whitcombe2017"]}
            }
        )
    )
    bib = (project / "refs.bib").as_uri()
    now = await _keys_until(client, bib, lambda keys: "whitcombe2017" not in keys)
    assert now["back1993"].severity == types.DiagnosticSeverity.Error


async def test_progress_is_created_begun_and_ended(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    await start(client, project, VERIFY)
    await _verified(client, project)
    (reports,) = client.progress_reports.values()
    assert isinstance(reports[0], types.WorkDoneProgressBegin)
    assert reports[0].cancellable is True
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)
    assert reports[-1].message == "4 verified"


async def test_cancelling_the_progress_stops_verification(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    bib = await _verifying(fake_api, client, project, latency_ms=3000)
    (token,) = client.progress_reports
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    last = client.progress_reports[token]
    await until(client, types.PROGRESS, lambda: isinstance(last[-1], types.WorkDoneProgressEnd))
    assert client.progress_reports[token][-1].message == "cancelled"
    codes = {d.code for d in client.diagnostics.get(bib.as_uri(), [])}
    assert not codes & {"fabricated", "miscited", "retracted"}


async def test_an_entry_edited_while_verified_is_verified_again_as_edited(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    bib = await _verifying(fake_api, client, project, latency_ms=1500)
    fixed = BIB.replace("year    = {1993}", "year    = {1992}")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=bib.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    found = await _diagnostics(client, bib.as_uri(), "fabricated")
    assert [d.data["key"] for d in found] == ["whitcombe2017"]
    keys = {d.data["key"]: d.code for d in client.diagnostics[bib.as_uri()]}
    assert "back1993" not in keys  # verified as edited: the year now agrees
    assert keys["retracted2019"] == "retracted"  # its batch-mates were asked again


async def test_a_verdict_can_be_accepted_in_a_new_config_file(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    await start(client, project, VERIFY)
    found = await _verified(client, project)
    bib = project / "refs.bib"
    actions = await _actions(client, bib, found["whitcombe2017"])
    edit = actions["Accept whitcombe2017 in .cite-sentinel.toml"].edit
    assert edit is not None and edit.document_changes is not None
    create, insert = edit.document_changes
    toml = (project / ".cite-sentinel.toml").as_uri()
    assert isinstance(create, types.CreateFile) and create.uri == toml
    assert isinstance(insert, types.TextDocumentEdit)
    (text,) = [e.new_text for e in insert.edits]
    assert text == '[[allow]]\nkey = "whitcombe2017"\nreason = "accepted in the editor"\n'


async def test_accepting_in_a_config_file_with_crlf_line_ends_keeps_them(
    fake_api: FakeApi, client: LanguageClient, project: Path
) -> None:
    toml = project / ".cite-sentinel.toml"
    toml.write_bytes(b"# settings of this project\r\n")
    await start(client, project, VERIFY)
    found = await _verified(client, project)
    bib = project / "refs.bib"
    actions = await _actions(client, bib, found["whitcombe2017"])
    edit = actions["Accept whitcombe2017 in .cite-sentinel.toml"].edit
    assert edit is not None and edit.changes is not None
    (added,) = edit.changes[toml.as_uri()]
    assert added.range.start == types.Position(line=1, character=0)
    assert (
        added.new_text
        == '\r\n[[allow]]\r\nkey = "whitcombe2017"\r\nreason = "accepted in the editor"\r\n'
    )
