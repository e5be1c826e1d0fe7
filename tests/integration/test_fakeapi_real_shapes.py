"""The fake holds a work as a real index does where a case says so: a Crossref subtitle, an
online year before the printed issue's, the names a work prints, one index's own view."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import httpx
import pytest

from tests.fakeapi import FakeApi
from tests.fakeapi.corpus import Corpus
from tests.fakeapi.crossref import LONGEST_QUERY
from tests.fakeapi.works import Person, Work

BASE = Work(
    number=0,
    key="shape:base",
    title="XGBoost",
    subtitle="A Scalable Tree Boosting System",
    authors=(Person("Chen", "Tianqi"), Person("Guestrin", "Carlos")),
    year=2014,
    print_year=2015,
    raw_names=("Team Boost Tianqi Chen",),
    venue="Proceedings of KDD",
    kind="proceedings-article",
    doi="10.5555/shape.base",
)
REPOSITORY = replace(
    BASE, venue="eScholarship (California Digital Library)", venue_kind="repository"
)
CROWD = [
    *(
        Work(number=0, key=f"shape:{w}", title=f"{w} Attention Is All You Need", authors=(),
             year=2020)
        for w in ("Channel", "Sparse", "Local", "Linear", "Axial", "Graph")
    ),
    Work(number=0, key="shape:original", title="Attention Is All You Need", authors=(), year=2017),
]  # fmt: skip


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    works = [replace(BASE, held_as=(("openalex", REPOSITORY),)), *CROWD]
    with (
        FakeApi.start(Corpus.from_works(works)) as fake,
        httpx.Client(base_url=fake.base_url, timeout=10) as session,
    ):
        yield session


def test_crossref_gives_the_main_title_and_its_subtitle_apart(client: httpx.Client) -> None:
    message = client.get(f"/crossref/works/{BASE.doi}").json()["message"]
    assert message["title"] == ["XGBoost"]
    assert message["subtitle"] == ["A Scalable Tree Boosting System"]


def test_crossref_gives_the_online_year_and_the_printed_issues(client: httpx.Client) -> None:
    message = client.get(f"/crossref/works/{BASE.doi}").json()["message"]
    assert message["issued"]["date-parts"] == [[2014]]
    assert message["published-print"]["date-parts"] == [[2015]]


def test_one_index_holds_the_work_in_its_own_way(client: httpx.Client) -> None:
    work = client.get(f"/openalex/works/doi:{BASE.doi}").json()
    assert work["primary_location"]["source"]["display_name"].startswith("eScholarship")
    assert work["primary_location"]["source"]["type"] == "repository"
    assert work["publication_year"] == 2014
    assert work["authorships"][0]["raw_author_name"] == "Team Boost Tianqi Chen"
    assert work["authorships"][0]["author"]["display_name"] == "Tianqi Chen"
    crossref = client.get(f"/crossref/works/{BASE.doi}").json()["message"]
    assert crossref["container-title"] == ["Proceedings of KDD"]


def test_a_quoted_search_finds_only_titles_holding_the_phrase(client: httpx.Client) -> None:
    found = client.get("/openalex/works", params={"search": '"attention is all you need"'})
    titles = [work["display_name"] for work in found.json()["results"]]
    assert titles[0] == "Attention Is All You Need" and len(titles) == len(CROWD)
    other = client.get("/openalex/works", params={"search": '"all you need is love"'})
    assert other.json()["results"] == []


def test_crossref_refuses_a_query_longer_than_it_answers(client: httpx.Client) -> None:
    query = "Aad " * (LONGEST_QUERY // 4 + 1)
    refused = client.get("/crossref/works", params={"query.bibliographic": query})
    assert refused.status_code == 400
    assert refused.json()["message-type"] == "validation-failure"
