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
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp_types import ListRootsResult, Root
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.e2e.filter_run import FILTER
from tests.e2e.lsp.conftest import start
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
