"""Index quirks: drawn per index and work, the same on every request, visible in the answers."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.fakeapi import FakeApi, fixtures
from tests.fakeapi.quirks import TEAMS, Quirk, Quirks, seen_by, short_venue, variant
from tests.fakeapi.works import Person, Work


@pytest.fixture
def client(fake_api: FakeApi) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=fake_api.base_url, timeout=10) as session:
        yield session


def first_with(fake_api: FakeApi, index: str, quirk: Quirk, quirks: Quirks) -> Work:
    """A work of the served corpus that `index` holds with `quirk` under `quirks`."""
    for work in fake_api.corpus.works:
        if work.doi and seen_by(index, work, quirks).quirk is quirk:
            return work
    raise AssertionError(f"no work with {quirk} in {index}")


def test_quirks_are_off_unless_asked(fake_api: FakeApi, client: httpx.Client) -> None:
    works = [w for w in fake_api.corpus.works if w.doi][:200]
    assert {seen_by("openalex", w, fake_api.corpus.quirks).quirk for w in works} == {None}
    message = client.get(f"/crossref/works/{fixtures.PUBLISHED.doi}").json()["message"]
    assert [a["family"] for a in message["author"]] == ["Ferreira", "Nakamura", "Osei"]


def test_each_index_holds_the_same_quirky_works_on_every_request(
    fake_api: FakeApi, client: httpx.Client
) -> None:
    dois = [w.doi for w in fake_api.corpus.works if w.doi][:40]
    plain = [client.get(f"/crossref/works/{doi}").json()["message"] for doi in dois]
    fake_api.set_quirks(0.5)
    first = [client.get(f"/crossref/works/{doi}").json()["message"] for doi in dois]
    again = [client.get(f"/crossref/works/{doi}").json()["message"] for doi in dois]
    assert first == again
    assert 5 <= sum(a != b for a, b in zip(plain, first, strict=True)) <= 35


def test_a_second_index_usually_holds_a_quirky_work_correctly(fake_api: FakeApi) -> None:
    quirks = Quirks(rate=0.1, seed=3)
    works = list(fake_api.corpus.works)
    openalex = {w.key for w in works if seen_by("openalex", w, quirks).quirk}
    crossref = {w.key for w in works if seen_by("crossref", w, quirks).quirk}
    assert 0.05 * len(works) <= len(openalex) <= 0.1 * len(works)
    assert len(openalex & crossref) <= 0.02 * len(works)


def test_openalex_arxiv_quirk_makes_the_arxiv_record_primary(
    fake_api: FakeApi, client: httpx.Client
) -> None:
    quirks = Quirks(rate=1.0, seed=0)
    fake_api.set_quirks(1.0, seed=0)
    kept = first_with(fake_api, "openalex", Quirk.ARXIV_PRIMARY, quirks)
    absent = first_with(fake_api, "openalex", Quirk.ARXIV_ONLY, quirks)
    work = client.get(f"/openalex/works/doi:{kept.doi}").json()
    primary = work["primary_location"]["source"]
    assert (primary["display_name"], primary["type"]) == (
        "arXiv (Cornell University)",
        "repository",
    )
    assert kept.venue in [
        loc["source"]["display_name"] for loc in work["locations"] if loc["source"]
    ]
    alone = client.get(f"/openalex/works/doi:{absent.doi}").json()
    names = {loc["source"]["display_name"] for loc in alone["locations"] if loc["source"]}
    assert absent.venue not in names


def test_author_quirks_sort_cut_or_replace_the_author_list(
    fake_api: FakeApi, client: httpx.Client
) -> None:
    quirks = Quirks(rate=1.0, seed=0)
    fake_api.set_quirks(1.0, seed=0)

    def families(work: Work) -> list[str]:
        message = client.get(f"/crossref/works/{work.doi}").json()["message"]
        return [a.get("family") or a.get("name") for a in message.get("author", [])]

    sorted_work = first_with(fake_api, "crossref", Quirk.AUTHORS_ALPHABETISED, quirks)
    first_only = first_with(fake_api, "crossref", Quirk.AUTHORS_FIRST_ONLY, quirks)
    team = first_with(fake_api, "crossref", Quirk.AUTHORS_TEAM, quirks)
    assert families(sorted_work) == sorted(
        (p.family for p in sorted_work.authors), key=str.casefold
    )
    assert families(sorted_work) != [p.family for p in sorted_work.authors]
    assert families(first_only) == [first_only.authors[0].family]
    (name,) = families(team)
    assert name in TEAMS


def test_venue_quirks_give_a_publisher_repository_or_abbreviation_as_the_venue(
    fake_api: FakeApi, client: httpx.Client
) -> None:
    quirks = Quirks(rate=1.0, seed=0)
    fake_api.set_quirks(1.0, seed=0)
    abbreviated = first_with(fake_api, "crossref", Quirk.VENUE_ABBREVIATED, quirks)
    message = client.get(f"/crossref/works/{abbreviated.doi}").json()["message"]
    assert message["container-title"] == [short_venue(abbreviated)] != [abbreviated.venue]
    publisher = first_with(fake_api, "openalex", Quirk.VENUE_PUBLISHER, quirks)
    source = client.get(f"/openalex/works/doi:{publisher.doi}").json()["primary_location"]["source"]
    assert source["display_name"] != publisher.venue
    assert source["type"] in ("ebook platform", "repository")


def test_transliteration_variants_join_or_hyphenate_given_names_and_drop_accents() -> None:
    assert variant(Person("Kim", "Dong-Gyun")) == Person("Kim", "Donggyun")
    assert variant(Person("Kim", "DongGyun")) == Person("Kim", "Dong-Gyun")
    assert variant(Person("Müller", "Jörg")) == Person("Müller", "Joerg")
    assert variant(Person("García", "José")) == Person("García", "Jose")
    assert variant(Person("Smith", "John")) is None
    assert variant(Person("Meta Team", "", is_org=True)) is None
