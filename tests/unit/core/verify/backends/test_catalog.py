"""The local catalog as the first index: a match verifies offline, an absence proves nothing
unless the catalog was imported complete for the reference's venue and year."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import httpx
import pytest
from cite_sentinel.core.catalog import FORMATS, import_dump
from cite_sentinel.core.catalog.sqlite_store import SqliteCatalog
from cite_sentinel.core.model import (
    Identifiers,
    Location,
    Person,
    Reference,
    SourceStatus,
    Status,
    Verdict,
)
from cite_sentinel.core.verify.engine import Engine

from tests.conftest import DATA
from tests.fakeapi.corpus import Work
from tests.support.dumps import corpus_sample, write_dblp
from tests.unit.core.fakes import VirtualClock

ENV = {
    "CITE_SENTINEL_OPENALEX_URL": "http://fake.test/openalex",
    "CITE_SENTINEL_CROSSREF_URL": "http://fake.test/crossref",
    "CITE_SENTINEL_S2_URL": "http://fake.test/s2",
    "CITE_SENTINEL_DATACITE_URL": "http://fake.test/datacite",
    "CITE_SENTINEL_ARXIV_URL": "http://fake.test/arxiv",
    "CITE_SENTINEL_DOI_URL": "http://fake.test/doi",
}


@pytest.fixture
def dblp_catalog(sample_works: list[Work], tmp_path: Path) -> Path:
    """dblp's AAAI papers of the sample, imported complete, snapshot 2024-05-06."""
    dump = tmp_path / "dblp.xml.gz"
    write_dblp([w for w in sample_works if w.venue_short == "AAAI"], dump)
    path = tmp_path / "catalog.sqlite"
    store = SqliteCatalog(path)
    import_dump(store, FORMATS["dblp"], [dump], complete=True)
    store.close()
    return path


@pytest.fixture(scope="session")
def sample_works() -> list[Work]:
    try:
        return corpus_sample(DATA)
    except FileNotFoundError as missing:
        pytest.skip(f"needs the shared data folder beside the project ({missing} is absent)")


def cited(work: Work, **changes: object) -> Reference:
    reference = Reference(
        key="k1",
        location=Location.point("refs.bib", 1, 1),
        kind="inproceedings",
        title=work.title,
        people=tuple(Person(family=p.family, given=p.given) for p in work.authors),
        year=work.year,
        venue="AAAI",
    )
    return replace(reference, **changes)  # type: ignore[arg-type]


async def verify(
    catalog: Path, reference: Reference, tmp_path: Path, **options: object
) -> tuple[Verdict, list[str]]:
    asked: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        return httpx.Response(503)

    clock = VirtualClock()  # the retries of the 503s and the APIs' spacing take no real time
    env = {**ENV, "CITE_SENTINEL_CATALOG": str(catalog)}
    engine = Engine(
        env,
        cache_dir=tmp_path / "cache",
        transport=httpx.MockTransport(handler),
        clock=clock,
        sleep=clock.sleep,
        **options,  # type: ignore[arg-type]
    )
    async with engine:
        (verdict,) = await engine.verify([reference])
    return verdict, asked


def source(verdict: Verdict, name: str) -> tuple[SourceStatus, str]:
    (found,) = [s for s in verdict.sources if s.name == name]
    return found.status, found.reason


async def test_a_work_the_catalog_holds_is_verified_without_asking_any_index(
    dblp_catalog: Path, sample_works: list[Work], tmp_path: Path
) -> None:
    work = next(w for w in sample_works if w.venue_short == "AAAI")
    verdict, asked = await verify(dblp_catalog, cited(work), tmp_path)
    assert verdict.status is Status.VERIFIED and asked == []
    assert verdict.match is not None and verdict.match.source == "catalog"
    assert source(verdict, "catalog") == (SourceStatus.ANSWERED, "dblp snapshot 2024-05-06")
    assert source(verdict, "crossref") == (
        SourceStatus.SKIPPED,
        "not needed: the local catalog answered",
    )


async def test_a_miscited_year_is_caught_from_the_catalog_offline(
    dblp_catalog: Path, sample_works: list[Work], tmp_path: Path
) -> None:
    work = next(w for w in sample_works if w.venue_short == "AAAI" and w.year)
    verdict, asked = await verify(
        dblp_catalog, cited(work, year=(work.year or 0) - 3), tmp_path, offline=True
    )
    assert verdict.status is Status.MISCITED and asked == []
    assert [p.field for p in verdict.problems] == ["year"]


async def test_a_work_missing_from_an_incomplete_catalog_stays_unverified_offline(
    dblp_catalog: Path, sample_works: list[Work], tmp_path: Path
) -> None:
    work = next(w for w in sample_works if w.venue_short != "AAAI" and w.year and w.year < 2024)
    verdict, asked = await verify(
        dblp_catalog, cited(work, venue=work.venue_short), tmp_path, offline=True
    )
    assert verdict.status is Status.UNVERIFIED and asked == []
    status, reason = source(verdict, "catalog")
    assert status is SourceStatus.SKIPPED and "proves nothing" in reason


async def test_a_title_missing_from_a_catalog_complete_for_its_venue_is_fabricated(
    dblp_catalog: Path, sample_works: list[Work], tmp_path: Path
) -> None:
    work = next(w for w in sample_works if w.venue_short == "AAAI" and w.year and w.year < 2024)
    invented = cited(work, title="Hierarchical Quantum Beekeeping for Lunar Logistics")
    verdict, asked = await verify(dblp_catalog, invented, tmp_path, offline=True)
    assert verdict.status is Status.FABRICATED and asked == []
    status, reason = source(verdict, "catalog")
    assert status is SourceStatus.ANSWERED and reason == "complete for aaai up to 2024-05-06 (dblp)"


async def test_a_paper_newer_than_the_complete_catalog_is_still_asked_online(
    dblp_catalog: Path, sample_works: list[Work], tmp_path: Path
) -> None:
    work = next(w for w in sample_works if w.venue_short == "AAAI")
    recent = cited(work, title="Hierarchical Quantum Beekeeping for Lunar Logistics", year=2024)
    verdict, asked = await verify(dblp_catalog, recent, tmp_path)
    assert verdict.status is Status.UNVERIFIED and asked  # the indexes were tried (and failed)
    assert source(verdict, "catalog")[0] is SourceStatus.SKIPPED


async def test_without_a_catalog_no_verdict_names_one(
    tmp_path: Path, sample_works: list[Work]
) -> None:
    failing = httpx.MockTransport(lambda request: httpx.Response(503))
    engine = Engine(ENV, cache_dir=tmp_path, offline=True, transport=failing)
    (verdict,) = await engine.verify([cited(sample_works[0])])
    assert "catalog" not in [s.name for s in verdict.sources]


async def test_a_cited_doi_the_catalog_lacks_is_still_asked_of_the_registries(
    dblp_catalog: Path, sample_works: list[Work], tmp_path: Path
) -> None:
    work = next(w for w in sample_works if w.venue_short == "AAAI")
    made_up = cited(work, identifiers=Identifiers(doi="10.1609/aaai.v35i9.9999999"))
    verdict, asked = await verify(dblp_catalog, made_up, tmp_path)
    assert any("9999999" in url for url in asked)  # the DOI went to the indexes
    assert source(verdict, "catalog") == (SourceStatus.ANSWERED, "dblp snapshot 2024-05-06")


async def test_a_catalog_complete_for_the_venue_says_a_doi_it_lacks_is_wrong_offline(
    dblp_catalog: Path, sample_works: list[Work], tmp_path: Path
) -> None:
    work = next(
        w for w in sample_works if w.venue_short == "AAAI" and w.doi and (w.year or 9999) < 2024
    )
    made_up = cited(work, identifiers=Identifiers(doi=f"{work.doi}77"))
    verdict, asked = await verify(dblp_catalog, made_up, tmp_path, offline=True)
    assert verdict.status is Status.MISCITED and asked == []
    assert [(p.field, p.cited, p.found) for p in verdict.problems] == [
        ("doi", f"{work.doi}77", work.doi)
    ]
