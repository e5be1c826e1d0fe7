"""What users met on real bibliographies (issue 26): each case in its real shape, checked by
the real engine against the fake API, and repaired by `fix` without losing what it got right."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from cite_sentinel.core import Verdict
from cite_sentinel.core.fix import plan_fixes, rewrite
from cite_sentinel.core.http.client import HttpSettings
from cite_sentinel.core.sources import read_text
from cite_sentinel.core.verify.engine import Engine
from cite_sentinel.core.workspace.verdict_placing import verdict_findings

from tests.fakeapi import FakeApi, abstracts, corpus_path, fixtures
from tests.fakeapi.loading import load_corpus
from tests.support.real_shapes import CASES, Case, bibliography, works

FAST = HttpSettings(timeout=5.0, connect_timeout=2.0, max_attempts=2, max_retry_seconds=1.0)


@pytest.fixture(scope="module")
def shaped() -> Iterator[FakeApi]:
    """A fake serving the sample corpus, the fixtures and every case's works."""
    path = corpus_path("sample")
    if not path.is_file():
        pytest.skip(f"the fake API needs the shared corpus ({path} is absent)")
    corpus = load_corpus(
        path, [*fixtures.ALL, *works(held=True)], abstracts=abstracts.BY_DOI, use_cache=False
    )
    server = FakeApi.start(corpus)
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def judged(shaped: FakeApi, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Verdict]:
    references = read_text(bibliography(), "issue26.bib").references
    engine = Engine(shaped.env(), cache_dir=tmp_path_factory.mktemp("cache"), settings=FAST)

    async def run() -> list[Verdict]:
        async with engine:
            return await engine.verify(references)

    return {verdict.key: verdict for verdict in asyncio.run(run())}


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_careful_reader_agrees_with_the_verdict(case: Case, judged: dict[str, Verdict]) -> None:
    verdict = judged[case.name]
    assert verdict.status in case.expected, (case.what, verdict)


def test_no_correct_case_is_called_fabricated(judged: dict[str, Verdict]) -> None:
    assert [key for key, v in judged.items() if v.status == "fabricated"] == []


def test_fix_keeps_what_every_entry_got_right(judged: dict[str, Verdict]) -> None:
    text = bibliography()
    references = read_text(text, "issue26.bib").references
    fixes, _ = plan_fixes(references, list(judged.values()), complete=True)
    fixed = {r.key: r.raw for r in read_text(rewrite(text, "issue26.bib", fixes), "x").references}
    lost = {c.name: [k for k in c.fix_keeps if k not in fixed[c.name]] for c in CASES}
    assert {name: kept for name, kept in lost.items() if kept} == {}
    wrote = {c.name: [k for k in c.fix_never if k in fixed[c.name]] for c in CASES}
    assert {name: bad for name, bad in wrote.items() if bad} == {}


def test_findings_say_what_a_careful_reader_would_and_nothing_else(
    judged: dict[str, Verdict],
) -> None:
    references = read_text(bibliography(), "issue26.bib").references
    findings = verdict_findings(list(judged.values()), references, ())
    for case in (c for c in CASES if c.says):
        assert any(case.says in f.message for f in findings if f.key == case.name), case.name
    for case in (c for c in CASES if c.never_says):
        said = [f.message for f in findings if f.key == case.name]
        assert not any(case.never_says in message for message in said), (case.name, said)


def test_cases_file_reads_as_one_entry_per_case() -> None:
    read = read_text(bibliography(), "issue26.bib")
    assert [r.key for r in read.references] == [case.name for case in CASES]
    assert read.findings == ()
