"""The same scenario through every face, each a real program: the same answer everywhere.

- A fabricated entry the author accepted (`% cite-sentinel: accept`) under fail-on
  fabricated: the CLI exits clean, the Pandoc build passes and marks nothing, the JSON report
  and the MCP server count it as accepted, the language server gives it no diagnostic.
- A `mailto` set only in `.cite-sentinel.toml`: every request the face sends to Crossref
  carries it, so Crossref puts it in the polite pool (the fake counts requests per pool).
- A key defined for two works (a real one in refs.bib, an invented one in other.bib, both
  bibliographies of the paper): every face judges each apart, as `check` keys verdicts (by
  key and content), and the citation takes the verdict of the entry it resolves to (the
  first bibliography's).
- An arXiv preprint written as an entry: `fix --complete` correcting the author's entry, the
  filter's corrected CSL item, the language server's entry inserted by its DOI and the MCP
  server's entry to cite all give one preprint with the same fields (title, authors, year,
  arXiv id, DOI), and none makes the repository a journal.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import panflute as pf
import pytest
import pytest_lsp
from cite_sentinel.core.sources import read_bibtex
from lsprotocol import types
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp_types import ListRootsResult, Root
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.e2e.filter_run import FILTER
from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_insert_entry import insert_command
from tests.e2e.lsp.test_local_diagnostics import _diagnostics, _open
from tests.fakeapi import FakeApi

pytestmark = pytest.mark.slow

VERIFIED = """@article{nowlan1992,
  author  = {Nowlan, Steven J. and Hinton, Geoffrey E.},
  title   = {Simplifying Neural Networks by Soft Weight-Sharing},
  journal = {Neural Computation},
  year    = {1992}
}
"""
FABRICATED = """@article{whitcombe2017,
  author  = {Whitcombe, Harold},
  title   = {A Unified Theory of Belief Revision under Bounded Attention},
  journal = {Journal of Artificial Intelligence Research},
  year    = {2017},
  volume  = {58},
  pages   = {345--377}
}
"""
ACCEPTED_BIB = f"{VERIFIED}\n% cite-sentinel: accept\n{FABRICATED}"
PAPER = "---\nbibliography: refs.bib\n---\n\nSee [@nowlan1992] and [@whitcombe2017].\n"


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[sys.executable, "-m", "cite_sentinel", "lsp"])
)
async def language_server(lsp_client: LanguageClient) -> AsyncIterator[LanguageClient]:
    """A real `cite-sentinel lsp` over stdio, in this test's environment."""
    yield lsp_client
    if not lsp_client.stopped:
        await lsp_client.shutdown_session()


def _project(folder: Path, bib: str = ACCEPTED_BIB) -> Path:
    (folder / "refs.bib").write_text(bib, encoding="utf-8")
    (folder / "paper.md").write_text(PAPER, encoding="utf-8")
    return folder


def _program(
    command: list[str], cwd: Path, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=cwd,
        env=dict(env or os.environ),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return _program([sys.executable, "-m", "cite_sentinel", *args], cwd)


def _pandoc(pandoc: str, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return _program([pandoc, "paper.md", "--filter", FILTER, "--wrap=none", *args], cwd)


def test_the_cli_passes_an_accepted_fabrication_under_fail_on_and_reports_it_accepted(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    project = _project(tmp_path)
    run = _cli(project, "check", "paper.md", "--fail-on", "fabricated", "--format", "json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    by_key = {reference["key"]: reference for reference in report["references"]}
    assert by_key["whitcombe2017"]["verdict"] == "fabricated"
    assert by_key["whitcombe2017"]["accepted"] is True
    assert (report["summary"]["fabricated"], report["summary"]["accepted"]) == (0, 1)
    (project / "refs.bib").write_text(f"{VERIFIED}\n{FABRICATED}", encoding="utf-8")
    unaccepted = _cli(project, "check", "paper.md", "--fail-on", "fabricated", "--format", "json")
    assert unaccepted.returncode == 1, "the same entry without the accept comment must fail"


def test_the_filter_neither_fails_nor_marks_an_accepted_fabrication(
    pandoc: str, fake_api: FakeApi, tmp_path: Path
) -> None:
    project = _project(tmp_path)
    run = _pandoc(pandoc, project, "-t", "html", "-M", "cite-sentinel-fail-on=fabricated")
    assert run.returncode == 0, run.stderr
    assert "cite-sentinel-fabricated" not in run.stdout
    counts = next(line for line in run.stderr.splitlines() if "[INFO]" in line)
    assert "0 fabricated" in counts and "1 accepted" in counts
    (project / "refs.bib").write_text(f"{VERIFIED}\n{FABRICATED}", encoding="utf-8")
    unaccepted = _pandoc(pandoc, project, "-t", "html", "-M", "cite-sentinel-fail-on=fabricated")
    assert unaccepted.returncode != 0
    assert "build failed" in unaccepted.stderr and "whitcombe2017" in unaccepted.stderr


async def test_the_mcp_server_counts_an_accepted_fabrication_as_accepted(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    project = _project(tmp_path)

    async def roots(context: object) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=project.as_uri(), name="project")])

    report = await _mcp_check(project, {**os.environ}, roots)
    assert report["summary"]["fabricated"] == 0 and report["summary"]["accepted"] == 1
    (whitcombe,) = [r for r in report["references"] if r["key"] == "whitcombe2017"]
    assert whitcombe["status"] == "fabricated" and whitcombe["accepted"] is True


async def _mcp_check(project: Path, env: Mapping[str, str], roots: Any) -> dict[str, Any]:
    """check_bibliography on the project's paper through a real `cite-sentinel mcp`."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "cite_sentinel", "mcp"],
        env=dict(env),
        cwd=str(project),
    )
    with (project.parent / f"{project.name}-mcp-stderr.txt").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), list_roots_callback=roots) as mcp:
            result = await mcp.call_tool("check_bibliography", {"path": "paper.md"})
    assert result.structured_content is not None, result.content
    structured: dict[str, Any] = result.structured_content
    return structured


async def test_the_language_server_gives_an_accepted_fabrication_no_diagnostic(
    fake_api: FakeApi, language_server: LanguageClient, tmp_path: Path
) -> None:  # fake_api first: the server starts in the environment it sets
    client = language_server
    invented = FABRICATED.replace("whitcombe2017", "whitcombe2018")  # the same, not accepted
    bib_text = f"{ACCEPTED_BIB}\n{invented}"
    project = _project(tmp_path, bib_text)
    await start(client, project, {"verify": True, "debounceMs": 0})
    bib = project / "refs.bib"
    await _open(client, bib, bib_text)
    fabricated = await _diagnostics(client, bib.as_uri(), "fabricated")
    assert {d.data["key"] for d in fabricated} == {"whitcombe2018"}  # type: ignore[index]
    line = bib_text.splitlines().index("@article{whitcombe2017,")
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=bib.as_uri()),
            position=types.Position(line=line, character=12),
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "fabricated" in hover.contents.value and "accepted" in hover.contents.value


MAILTO_CONFIG = 'mailto = "lab@example.org"\n'


@pytest.fixture
def configured_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project whose only contact address is in its configuration file."""
    monkeypatch.delenv("CITE_SENTINEL_MAILTO", raising=False)
    project = _project(tmp_path, f"{VERIFIED}\n{FABRICATED}")
    (project / ".cite-sentinel.toml").write_text(MAILTO_CONFIG, encoding="utf-8")
    return project


def _only_polite(fake: FakeApi) -> None:
    """Crossref was asked, and every request came with the contact address."""
    pools = fake.stats().crossref_pools
    assert pools, "Crossref was never asked: the scenario tests nothing"
    assert "public" not in pools, f"requests without the configured mailto: {pools}"


def test_the_cli_sends_a_file_configured_mailto_to_crossref(
    fake_api: FakeApi, configured_project: Path
) -> None:
    run = _cli(configured_project, "check", "paper.md", "--format", "json")
    assert run.returncode == 1, run.stderr  # the fabricated entry
    _only_polite(fake_api)


def test_the_filter_sends_a_file_configured_mailto_to_crossref(
    pandoc3: str, fake_api: FakeApi, configured_project: Path
) -> None:
    run = _pandoc(pandoc3, configured_project, "-t", "html")
    assert run.returncode == 0, run.stderr
    _only_polite(fake_api)


async def test_the_mcp_server_sends_a_file_configured_mailto_to_crossref(
    fake_api: FakeApi, configured_project: Path
) -> None:
    async def roots(context: object) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=configured_project.as_uri(), name="project")])

    report = await _mcp_check(configured_project, {**os.environ}, roots)
    assert report["summary"]["fabricated"] == 1
    _only_polite(fake_api)


async def test_the_language_server_sends_a_file_configured_mailto_to_crossref(
    fake_api: FakeApi, configured_project: Path, language_server: LanguageClient
) -> None:  # the fixtures in this order: the server starts in the environment they leave
    client = language_server
    await start(client, configured_project, {"verify": True, "debounceMs": 0})
    bib = configured_project / "refs.bib"
    await _open(client, bib, bib.read_text(encoding="utf-8"))
    assert await _diagnostics(client, bib.as_uri(), "fabricated")
    _only_polite(fake_api)


def test_the_filter_applies_the_configurations_fail_on_as_check_does(
    pandoc3: str, fake_api: FakeApi, tmp_path: Path
) -> None:
    project = _project(tmp_path, f"{VERIFIED}\n{FABRICATED}")
    config = project / ".cite-sentinel.toml"
    config.write_text('fail-on = ["fabricated"]\n', encoding="utf-8")
    run = _pandoc(pandoc3, project, "-t", "html")
    assert run.returncode != 0
    failure = next(line for line in run.stderr.splitlines() if "build failed" in line)
    assert "whitcombe2017" in failure and str(config) in failure
    metadata_wins = _pandoc(pandoc3, project, "-t", "html", "-M", "cite-sentinel-fail-on=none")
    assert metadata_wins.returncode == 0, metadata_wins.stderr
    (project / "refs.bib").write_text(ACCEPTED_BIB, encoding="utf-8")
    accepted = _pandoc(pandoc3, project, "-t", "html")
    assert accepted.returncode == 0, accepted.stderr


TWO_WORKS_PAPER = "---\nbibliography: [refs.bib, other.bib]\n---\n\nSee [@nowlan1992].\n"
INVENTED_UNDER_THE_KEY = FABRICATED.replace("whitcombe2017", "nowlan1992")


def _two_works(folder: Path) -> Path:
    (folder / "refs.bib").write_text(VERIFIED, encoding="utf-8")
    (folder / "other.bib").write_text(INVENTED_UNDER_THE_KEY, encoding="utf-8")
    (folder / "paper.md").write_text(TWO_WORKS_PAPER, encoding="utf-8")
    return folder


def test_the_cli_judges_a_key_defined_for_two_works_apart(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    project = _two_works(tmp_path)
    run = _cli(project, "check", "paper.md", "--format", "json")
    report = json.loads(run.stdout)
    verdicts = {
        Path(reference["location"]["path"]).name: reference["verdict"]
        for reference in report["references"]
        if reference["key"] == "nowlan1992"
    }
    assert verdicts == {"refs.bib": "verified", "other.bib": "fabricated"}, run.stderr


def test_the_filter_judges_a_key_defined_for_two_works_apart(
    pandoc: str, fake_api: FakeApi, tmp_path: Path
) -> None:
    project = _two_works(tmp_path)
    run = _pandoc(pandoc, project, "-t", "html")
    assert run.returncode == 0, run.stderr
    counts = next(line for line in run.stderr.splitlines() if "[INFO]" in line)
    assert "1 verified" in counts and "1 fabricated" in counts, counts
    assert "cite-sentinel-fabricated" not in run.stdout  # the citation resolves to refs.bib's


async def test_the_mcp_server_judges_a_key_defined_for_two_works_apart(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    project = _two_works(tmp_path)

    async def roots(context: object) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=project.as_uri(), name="project")])

    report = await _mcp_check(project, {**os.environ}, roots)
    summary = report["summary"]
    assert (summary["total"], summary["verified"], summary["fabricated"]) == (2, 1, 1)
    (shown,) = report["references"]  # only what is not plainly verified
    assert (Path(shown["path"]).name, shown["status"]) == ("other.bib", "fabricated")


async def test_the_language_server_judges_a_key_defined_for_two_works_apart(
    fake_api: FakeApi, language_server: LanguageClient, tmp_path: Path
) -> None:
    client = language_server
    project = _two_works(tmp_path)
    await start(client, project, {"verify": True, "debounceMs": 0})
    refs, other = project / "refs.bib", project / "other.bib"
    await _open(client, refs, VERIFIED)
    await _open(client, other, INVENTED_UNDER_THE_KEY)
    fabricated = await _diagnostics(client, other.as_uri(), "fabricated")
    assert {d.data["key"] for d in fabricated} == {"nowlan1992"}  # type: ignore[index]
    assert not [d for d in client.diagnostics.get(refs.as_uri(), []) if d.code == "fabricated"]


# An arXiv-only preprint the indexes hold (tests/fakeapi/fixtures.py), cited with the wrong
# year and no DOI: each face writes the record's year and DOI, and keeps it a preprint.
PREPRINT_DOI = "10.48550/arXiv.2305.01234"
PREPRINT_ENTRY = """@misc{verma2023scaling,
  author = {Verma, Priya and Schulz, Tobias and Adeyemi, Tunde},
  title  = {Scaling Laws for Retrieval-Augmented Citation Checking},
  year   = {2019},
  eprint = {2305.01234},
  archivePrefix = {arXiv}
}
"""
PREPRINT_PAPER = "---\nbibliography: refs.bib\n---\n\nAs measured by [@verma2023scaling].\n"
PREPRINT_FIELDS = {
    "title": "Scaling Laws for Retrieval-Augmented Citation Checking",
    "families": ["Verma", "Schulz", "Adeyemi"],
    "year": 2023,
    "arxiv": "2305.01234",
    "doi": PREPRINT_DOI.lower(),
    "venue": "",  # a preprint's repository is never its journal
}


def _preprint_project(folder: Path) -> Path:
    (folder / "refs.bib").write_text(PREPRINT_ENTRY, encoding="utf-8")
    (folder / "paper.md").write_text(PREPRINT_PAPER, encoding="utf-8")
    return folder


def _bibtex_fields(text: str) -> dict[str, object]:
    """The fields of the one BibTeX entry in `text` that every face must agree on."""
    (entry,) = read_bibtex(text, "entry.bib").references
    assert entry.kind == "misc", text  # arXiv's own export: @misc with its eprint
    return {
        "title": entry.title,
        "families": [person.family for person in entry.people],
        "year": entry.year,
        "arxiv": entry.identifiers.arxiv,
        "doi": entry.identifiers.doi,
        "venue": entry.venue,
    }


def test_fix_completes_a_preprint_entry_and_keeps_it_a_preprint(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    project = _preprint_project(tmp_path)
    run = _cli(project, "fix", "refs.bib", "--write", "--complete", "--quiet")
    assert run.returncode == 0, run.stderr
    assert _bibtex_fields((project / "refs.bib").read_text(encoding="utf-8")) == PREPRINT_FIELDS


def test_the_filter_corrects_a_preprint_into_a_csl_preprint_with_the_same_fields(
    pandoc3: str, fake_api: FakeApi, tmp_path: Path
) -> None:
    project = _preprint_project(tmp_path)
    run = _pandoc(
        pandoc3,
        project,
        "-t",
        "json",
        "-M",
        "cite-sentinel-correct=true",
        "-M",
        "cite-sentinel-style=none",
    )
    assert run.returncode == 0, run.stderr
    references = pf.load(io.StringIO(run.stdout)).get_metadata("references")
    (item,) = [item for item in references if item["id"] == "verma2023scaling"]
    assert item["type"] == "article"  # CSL's type of a preprint
    assert (item["publisher"], item["number"]) == ("arXiv", "arXiv:2305.01234")
    fields = {
        "title": item["title"],
        "families": [name["family"] for name in item["author"]],
        "year": int(item["issued"]["date-parts"][0][0]),
        "arxiv": item["number"].removeprefix("arXiv:"),
        "doi": item["DOI"].lower(),
        "venue": item.get("container-title", ""),
    }
    assert fields == PREPRINT_FIELDS


async def test_the_language_server_inserts_a_preprint_found_by_its_doi_as_a_preprint(
    fake_api: FakeApi, language_server: LanguageClient, tmp_path: Path
) -> None:
    client = language_server
    applied: list[types.WorkspaceEdit] = []

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
        applied.append(params.edit)
        return types.ApplyWorkspaceEditResult(applied=True)

    project = _preprint_project(tmp_path)
    paper = project / "doi.md"
    text = f"---\nbibliography: refs.bib\n---\n\nAs measured by [@{PREPRINT_DOI}].\n"
    paper.write_text(text, encoding="utf-8")
    await start(client, project, {"debounceMs": 0})
    await _open(client, paper, text)
    command = await insert_command(client, paper)
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command.command, arguments=command.arguments)
    )
    (edit,) = applied
    assert edit.changes is not None
    (insert,) = edit.changes[(project / "refs.bib").as_uri()]
    assert "journal" not in insert.new_text and "Cornell" not in insert.new_text
    assert _bibtex_fields(insert.new_text) == PREPRINT_FIELDS


async def test_the_mcp_server_gives_the_same_preprint_entry_to_cite(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "cite_sentinel", "mcp"], env=dict(os.environ)
    )
    with (tmp_path / "mcp-stderr.txt").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog)) as mcp:
            corrected = await mcp.call_tool("verify_reference", {"reference": PREPRINT_ENTRY})
            written = await mcp.call_tool("verify_reference", {"reference": PREPRINT_DOI})
    entries = []
    for result in (corrected, written):
        assert result.structured_content is not None, result.content
        entries.append(str(result.structured_content["bibtex"]))
    assert entries[0].startswith("@misc{verma2023scaling,")  # the author's entry, corrected
    for entry in entries:
        assert _bibtex_fields(entry) == PREPRINT_FIELDS
