"""Datasets and software cited without DOI, searched in DataCite through the fake API server."""

from __future__ import annotations

import asyncio
import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from cite_sentinel.core import Status, Verdict
from cite_sentinel.core.http.client import HttpSettings
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.verify.engine import Engine

from tests.conftest import DATA, ROOT
from tests.fakeapi import Down, FakeApi, fixtures
from tests.fakeapi.loading import load_corpus

XFIELD = DATA / "corpus" / "works_xfield.jsonl.gz"
FAST = HttpSettings(timeout=2.0, connect_timeout=1.0, max_attempts=2, max_retry_seconds=1.0)
INVENTED = """@misc{invented2019,
  author = {Lindqvist, Maja},
  title = {Nocturnal Pollinator Counts Along Twelve Alpine Transects},
  howpublished = {Zenodo},
  note = {Data set},
  year = {2019}
}"""


@pytest.fixture(scope="module")
def datacite_works(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[FakeApi, dict]]:
    """The fake server holding the every-field corpus's DataCite records (datasets, software,
    reports), and the first real dataset among them by a named person."""
    if not XFIELD.is_file():
        pytest.skip(f"needs the shared data folder beside the project ({XFIELD} is absent)")
    with gzip.open(XFIELD, "rt", encoding="utf-8") as lines:
        works = [w for w in map(json.loads, lines) if w.get("source") == "datacite"]
    dataset = next(
        w
        for w in works
        if w.get("type") == "dataset"
        and len(w["title"].split()) >= 6
        and w["authors"]
        and not w["authors"][0].get("is_org")
    )
    path = tmp_path_factory.mktemp("corpus") / "datacite.jsonl"
    path.write_text("".join(json.dumps(w) + "\n" for w in works), encoding="utf-8")
    with FakeApi.start(load_corpus(path, fixtures.ALL, use_cache=False)) as fake:
        yield fake, dataset


def _verify(fake: FakeApi, bibtex: str, cache: Path) -> Verdict:
    (reference,) = read_bibtex(bibtex, "refs.bib").references

    async def verified() -> list[Verdict]:
        async with Engine(fake.env(), cache_dir=cache, settings=FAST) as engine:
            return await engine.verify([reference])

    (verdict,) = asyncio.run(verified())
    return verdict


def _cited_without_doi(work: dict) -> str:
    people = " and ".join(f"{p['family']}, {p['given']}" for p in work["authors"])
    return (
        f"@dataset{{real,\n  author = {{{people}}},\n  title = {{{work['title']}}},\n"
        f"  publisher = {{{work.get('publisher') or ''}}},\n  year = {{{work['year']}}}\n}}"
    )


def test_a_real_dataset_cited_without_its_doi_is_found_by_a_datacite_search(
    datacite_works: tuple[FakeApi, dict], tmp_path: Path
) -> None:
    fake, dataset = datacite_works
    fake.reset_faults()
    fake.reset_stats()
    verdict = _verify(fake, _cited_without_doi(dataset), tmp_path)
    assert verdict.status is Status.VERIFIED, verdict
    assert verdict.match is not None and verdict.match.source == "datacite"
    assert verdict.match.identifiers.doi == dataset["doi"]
    kinds = fake.stats().by_kind
    assert kinds.get("datacite.query") == 1 and "openalex.search" not in kinds


def test_an_invented_dataset_is_fabricated_once_datacite_and_the_paper_indexes_answered(
    datacite_works: tuple[FakeApi, dict], tmp_path: Path
) -> None:
    fake, _ = datacite_works
    fake.reset_faults()
    fake.reset_stats()
    verdict = _verify(fake, INVENTED, tmp_path)
    assert verdict.status is Status.FABRICATED, verdict
    kinds = fake.stats().by_kind
    assert kinds.get("datacite.query") == 1 and kinds.get("openalex.search") == 1


def test_with_datacite_down_an_invented_dataset_is_unverified_naming_datacite(
    datacite_works: tuple[FakeApi, dict], tmp_path: Path
) -> None:
    fake, _ = datacite_works
    fake.reset_faults()
    fake.configure("datacite", down=Down.UNAVAILABLE)
    try:
        verdict = _verify(fake, INVENTED, tmp_path)
    finally:
        fake.reset_faults()
    assert verdict.status is Status.UNVERIFIED
    assert "datacite" in verdict.reason


def test_a_list_of_papers_sends_no_search_to_datacite(fake_api: FakeApi, tmp_path: Path) -> None:
    bib = ROOT / "examples" / "refs.bib"
    references = read_bibtex(bib.read_text(encoding="utf-8"), str(bib)).references

    async def verified() -> list[Verdict]:
        async with Engine(fake_api.env(), cache_dir=tmp_path, settings=FAST) as engine:
            return await engine.verify(references)

    verdicts = asyncio.run(verified())
    assert len(verdicts) == len(references)
    assert fake_api.stats().by_kind.get("datacite.query", 0) == 0
