"""The server's one engine: overlapping waves share the limits, and ask no more than `check`."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.conftest import ROOT
from tests.e2e.lsp.conftest import start
from tests.e2e.lsp.test_local_diagnostics import _open, until
from tests.fakeapi import FakeApi
from tests.fakeapi.corpus import Work

# The published rates. The fake allows a burst of three: it stamps a request when its thread
# gets to it, and on a loaded machine (the suite's other worker, a build beside it) a stall of
# a few of OpenAlex's 100 ms turns can stamp three requests sent well apart together. Two
# engines (one per wave, as before) would still be refused at twice the rate.
LIMITS = {
    "openalex": 10.0,
    "crossref": 5.0,
    "s2": 1.0,
    "datacite": 10.0,
    "arxiv": 1 / 3,
    "doi": 5.0,
}
SEARCHED, BY_DOI, INVENTED = 10, 10, 3


@pytest.fixture
def limited(
    fake_api: FakeApi, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[FakeApi]:
    """The fake API at the published rates; the server's cache in a folder of its own."""
    for api, rate in LIMITS.items():
        fake_api.configure(api, rate=rate, burst=3.0, latency_ms=100)
    monkeypatch.setenv("CITE_SENTINEL_CACHE_DIR", str(tmp_path / "server-cache"))
    yield fake_api


async def test_overlapping_waves_ask_no_more_than_check_and_meet_no_429(
    limited: FakeApi, client: LanguageClient, tmp_path: Path
) -> None:
    works = [w for w in limited.corpus.works if w.doi and w.in_openalex][: SEARCHED + BY_DOI]
    searched = _bibtex(works[:SEARCHED], with_doi=False) + _invented()
    by_doi = _bibtex(works[SEARCHED:], with_doi=True)
    project = tmp_path / "project"
    project.mkdir()
    (project / "searched.bib").write_text(searched, encoding="utf-8")
    (project / "by-doi.bib").write_text(by_doi, encoding="utf-8")

    check = _check(project, tmp_path / "check-cache")
    assert check.returncode == 1, check.stderr  # the invented entries are fabricated
    asked_by_check = limited.stats()
    assert _refused(asked_by_check) == 0
    limited.reset_stats()

    (project / "by-doi.bib").unlink()  # the server first sees one file: the first wave
    await start(client, project, {"verify": True, "debounceMs": 0})
    await _open(client, project / "searched.bib", searched)
    await until(client, types.PROGRESS, lambda: any(client.progress_reports.values()))
    await _open(client, project / "by-doi.bib", by_doi)  # the second wave, while the first runs
    total = SEARCHED + INVENTED + BY_DOI
    (reports,) = client.progress_reports.values()
    await until(client, types.PROGRESS, lambda: isinstance(reports[-1], types.WorkDoneProgressEnd))

    assert reports[-1].message == f"{total} verified"
    assert any(f"/{total}" in (getattr(r, "message", "") or "") for r in reports[1:-1])  # overlap
    asked_by_server = limited.stats()
    assert _refused(asked_by_server) == 0
    assert asked_by_server.total <= asked_by_check.total


def _check(project: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in {"FORCE_COLOR", "CI"}}
    environment["CITE_SENTINEL_CACHE_DIR"] = str(cache)
    return subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "check", str(project)],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _refused(stats: object) -> int:
    by_status = getattr(stats, "by_status", {})
    return sum(codes.get("429", 0) for codes in by_status.values())


def _bibtex(works: list[Work], *, with_doi: bool) -> str:
    entries = []
    for work in works:
        authors = " and ".join(f"{p.family}, {p.given}" for p in work.authors)
        doi = f"  doi = {{{work.doi}}},\n" if with_doi else ""
        entries.append(
            f"@article{{{work.key.replace('/', '_')},\n  title = {{{work.title}}},\n"
            f"  author = {{{authors}}},\n  journal = {{{work.venue}}},\n{doi}"
            f"  year = {{{work.year}}}\n}}\n"
        )
    return "\n".join(entries)


def _invented() -> str:
    return "\n".join(
        f"@article{{invented{number},\n  title = {{Recursive lattice folding {number}}},\n"
        f"  author = {{Whitcombe, Ada}},\n  journal = {{Journal of Invented Results}},\n"
        f"  year = {{2019}}\n}}\n"
        for number in range(INVENTED)
    )
