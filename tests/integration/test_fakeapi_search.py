"""The fake search endpoints rank like an engine: title words first, then authors and year."""

from __future__ import annotations

import os
import select
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.fakeapi import FakeApi
from tests.fakeapi.corpus import Corpus, Person, Work

ROOT = Path(__file__).resolve().parents[2]


def work(number: int, title: str, family: str, year: int, doi: str | None = None) -> Work:
    return Work(
        number=number,
        key=f"test:{number}",
        title=title,
        authors=(Person(family, "A."),),
        year=year,
        doi=doi,
        venue="Test Venue",
    )


CORPUS = Corpus.from_works(
    [
        work(0, "Learning to Rank with Gradient Boosting", "Burges", 2010, "10.5555/t.0"),
        work(1, "Learning to Rank with Gradient Boosting", "Nguyen", 2018, "10.5555/t.1"),
        work(2, "A Survey of Gradient Methods", "Burges", 2012, "10.5555/t.2"),
        work(3, "Deep Residual Learning for Image Recognition", "He", 2016),
        work(4, "Residual Networks Behave Like Ensembles", "Veit", 2016, "10.5555/t.4"),
    ]
)


def titles(query: str, rows: int = 5, **options: object) -> list[str]:
    return [hit.work.title for hit in CORPUS.search(query, rows, **options)]  # type: ignore[arg-type]


def test_a_bibliographic_query_without_a_title_finds_the_work_by_volume_page_and_author() -> None:
    """As Crossref's query.bibliographic does for ACS and APS references."""

    def article(number: int, title: str, family: str, **place: str) -> Work:
        people = (Person(family, "A."),)
        return Work(
            number=number, key=f"t:{number}", title=title, authors=people, year=2016, **place
        )

    located = Corpus.from_works(
        [
            article(0, "Spin waves in thin films", "Okafor", volume="116", pages="061102"),
            article(1, "Phonons", "Lindqvist", volume="116", pages="061102"),
            article(2, "Physical review of letters", "Okafor"),
        ]
    )
    query = "A. Okafor, Phys. Rev. Lett. 116, 061102 (2016)."
    (first, *_) = located.search(query, 3, locators=True)
    assert first.work.title == "Spin waves in thin films"
    assert "Spin waves in thin films" not in [hit.work.title for hit in located.search(query, 3)]


def test_the_exact_title_ranks_first() -> None:
    assert titles("deep residual learning for image recognition")[0] == (
        "Deep Residual Learning for Image Recognition"
    )


def test_author_and_year_in_the_query_pick_between_two_works_with_one_title() -> None:
    query = "Nguyen 2018 Learning to rank with gradient boosting"
    (first, *_) = CORPUS.search(query, 2)
    assert (first.work.authors[0].family, first.work.year) == ("Nguyen", 2018)
    (first, *_) = CORPUS.search("Burges. Learning to rank with gradient boosting. 2010", 2)
    assert first.work.year == 2010


def test_rows_bound_the_results_and_unrelated_queries_find_nothing() -> None:
    assert len(titles("learning gradient residual", rows=2)) == 2
    assert titles("zyxwv marmalade") == []


def test_an_author_only_query_finds_the_authors_works() -> None:
    found = titles("", author_query="Burges")
    assert sorted(found) == [
        "A Survey of Gradient Methods",
        "Learning to Rank with Gradient Boosting",
    ]


def test_crossref_search_serves_only_works_with_a_doi() -> None:
    served = FakeApi.start(CORPUS)
    try:
        answer = httpx.get(
            f"{served.base_url}/crossref/works",
            params={"query.bibliographic": "He 2016 Deep residual learning image recognition"},
            timeout=10,
        )
    finally:
        served.close()
    dois = [item["DOI"] for item in answer.json()["message"]["items"]]
    assert dois[0] == "10.5555/t.4"  # the exact title has no DOI, so Crossref lacks it
    assert "Deep Residual Learning for Image Recognition" not in str(answer.json())


@pytest.mark.slow
def test_the_command_prints_its_base_url_and_serves_until_stopped(data: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.fakeapi", "--port", "0", "--corpus", "sample"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "CITE_SENTINEL_SHARED": str(data.parent)},
    )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 60)
        assert ready, "the fake server printed no base URL within 60 s"
        base_url = process.stdout.readline().strip()
        assert base_url.startswith("http://127.0.0.1:")
        answer = httpx.get(f"{base_url}/doi/ra/10.5555", timeout=10)
        assert answer.json() == [{"DOI": "10.5555", "RA": "Crossref"}]
    finally:
        process.terminate()
        process.wait(timeout=10)
