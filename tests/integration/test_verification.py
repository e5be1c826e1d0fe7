"""The engine against the fake API server: the examples' verdicts, the cache, and outages."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from cite_sentinel.core import Reference, SourceStatus, Status, Verdict
from cite_sentinel.core.http.client import HttpSettings
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.verify.engine import Engine

from tests.conftest import ROOT
from tests.fakeapi import Down, FakeApi

EXAMPLE_BIB = ROOT / "examples" / "refs.bib"
# What examples/README.md says of each deliberate mistake.
MISCITED = {"back1993": "year", "kumar2024": "authors", "delgrande2008": "doi"}
FABRICATED = {"alvarez2019", "okafor2021", "whitcombe2017"}
FAST = HttpSettings(timeout=2.0, connect_timeout=1.0, max_attempts=2, max_retry_seconds=1.0)


def _references() -> list[Reference]:
    return list(read_bibtex(EXAMPLE_BIB.read_text(encoding="utf-8"), str(EXAMPLE_BIB)).references)


def _verify(fake: FakeApi, cache: Path, **options: object) -> dict[str, Verdict]:
    engine = Engine(fake.env(), cache_dir=cache, settings=FAST, **options)  # type: ignore[arg-type]
    return {v.key: v for v in asyncio.run(_verified(engine))}


async def _verified(engine: Engine) -> list[Verdict]:
    async with engine:
        return await engine.verify(_references())


def test_examples_get_the_verdicts_their_readme_promises(fake_api: FakeApi, tmp_path: Path) -> None:
    verdicts = _verify(fake_api, tmp_path)
    for key, field in MISCITED.items():
        assert verdicts[key].status is Status.MISCITED, verdicts[key]
        assert field in {p.field for p in verdicts[key].problems}
    for key in FABRICATED:
        assert verdicts[key].status is Status.FABRICATED, verdicts[key]
    correct = set(verdicts) - set(MISCITED) - FABRICATED
    assert {k for k in correct if verdicts[k].status is not Status.VERIFIED} == set()


def test_a_doi_of_another_work_is_an_error_naming_both(fake_api: FakeApi, tmp_path: Path) -> None:
    verdict = _verify(fake_api, tmp_path)["delgrande2008"]
    (problem,) = [p for p in verdict.problems if p.field == "doi"]
    assert problem.severity == "error"
    assert problem.cited != problem.found


def test_every_verdict_names_every_index_and_what_it_did(fake_api: FakeApi, tmp_path: Path) -> None:
    for verdict in _verify(fake_api, tmp_path).values():
        names = {s.name for s in verdict.sources}
        assert names == {"openalex", "crossref", "semanticscholar", "datacite", "arxiv", "doi"}
        assert any(s.status is SourceStatus.ANSWERED for s in verdict.sources)


def test_a_warm_cache_answers_a_second_run_without_requests(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    first = _verify(fake_api, tmp_path)
    fake_api.reset_stats()
    second = _verify(fake_api, tmp_path)
    assert fake_api.stats().total == 0
    assert {k: v.status for k, v in second.items()} == {k: v.status for k, v in first.items()}


def test_offline_with_an_empty_cache_calls_nothing_fabricated(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    verdicts = _verify(fake_api, tmp_path, offline=True)
    assert fake_api.stats().total == 0
    assert {v.status for v in verdicts.values()} == {Status.UNVERIFIED}
    assert all("offline" in v.reason for v in verdicts.values())


@pytest.mark.parametrize("api", ["openalex", "crossref"])
def test_with_one_index_down_no_reference_is_called_fabricated(
    fake_api: FakeApi, tmp_path: Path, api: str
) -> None:
    fake_api.configure(api, down=Down.UNAVAILABLE)
    verdicts = _verify(fake_api, tmp_path)
    assert not [k for k, v in verdicts.items() if v.status is Status.FABRICATED]
    for key in FABRICATED:
        assert verdicts[key].status is Status.UNVERIFIED
        assert api in verdicts[key].reason


def test_server_errors_and_bad_bodies_never_make_a_real_work_fabricated(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    for api in ("openalex", "crossref", "s2", "doi"):
        fake_api.configure(api, error_rate=0.3, malformed_rate=0.1)
    verdicts = _verify(fake_api, tmp_path)
    real = set(verdicts) - FABRICATED
    assert not [k for k in real if verdicts[k].status is Status.FABRICATED]
    for verdict in verdicts.values():
        if verdict.status is Status.UNVERIFIED:
            assert verdict.reason


def test_an_index_turned_off_in_the_configuration_is_never_asked(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    verdicts = _verify(fake_api, tmp_path, sources=("crossref", "doi"))
    assert fake_api.stats().by_api.get("openalex", 0) == 0
    for verdict in verdicts.values():
        (openalex,) = [s for s in verdict.sources if s.name == "openalex"]
        assert openalex.status is SourceStatus.SKIPPED
        assert "sources" in openalex.reason
    assert verdicts["back1993"].status is Status.MISCITED


def test_with_a_semantic_scholar_key_dois_openalex_lacks_go_in_one_batch(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    env = {**fake_api.env(), "S2_API_KEY": "test-key"}
    fake_api.configure("openalex", down=Down.UNAVAILABLE)
    verdicts = asyncio.run(_verified(Engine(env, cache_dir=tmp_path, settings=FAST)))
    assert fake_api.stats().by_kind.get("s2.batch") == 1
    real = [v for v in verdicts if v.key not in FABRICATED]
    assert not [v.key for v in real if v.status is Status.FABRICATED]
