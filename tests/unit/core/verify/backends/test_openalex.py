"""OpenAlex: DOI batches and title search turn recorded works into Records."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from cite_sentinel.core.model import Location, Reference
from cite_sentinel.core.verify.backends.outcome import Answered, Failed
from cite_sentinel.core.verify.backends.session import Backends

from tests.unit.core.verify.backends.conftest import Served

PEERJ = "openalex/openalex_python_fixtures/W2741809807.json"
PREPRINT = "openalex/_decoded/openalex__commonmeta_cassettes__test_posted_content__00.json"


def listing(*works: dict[str, Any]) -> httpx.Response:
    return httpx.Response(200, json={"meta": {"count": len(works)}, "results": list(works)})


async def test_dois_are_looked_up_in_one_filtered_batch_and_missing_ones_are_absent(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    peerj = recorded(PEERJ)
    preprint = recorded(PREPRINT)["response"]["body_json"]
    served.handler = lambda request: listing(peerj, preprint)
    outcomes = await backends.openalex.by_dois(
        ["10.7717/PEERJ.4375", "https://doi.org/10.1101/097196", "10.9999/nothing"]
    )
    assert len(served.requests) == 1
    request = served.requests[0]
    assert request.url.path == "/openalex/works"
    query = dict(request.url.params)
    assert query["filter"] == "doi:10.7717/peerj.4375|10.1101/097196|10.9999/nothing"
    assert query["per_page"] == "100" and "is_retracted" in query["select"]
    assert query["api_key"] == "oa-key-1234"
    found = outcomes["10.7717/PEERJ.4375"]
    assert isinstance(found, Answered)
    record = found.records[0]
    assert record.title.startswith("The state of OA")
    assert record.people[0].family == "Piwowar" and record.year == 2018
    assert record.abstract.startswith("Despite growing interest in Open Access")
    assert record.identifiers.pmcid == "PMC5815332" and not record.is_preprint
    preprint_outcome = outcomes["https://doi.org/10.1101/097196"]
    assert isinstance(preprint_outcome, Answered)
    assert preprint_outcome.records[0].is_preprint
    assert outcomes["10.9999/nothing"] == Answered(())


async def test_more_than_a_hundred_dois_take_several_batches(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: listing()
    dois = [f"10.1000/{number}" for number in range(150)]
    outcomes = await backends.openalex.by_dois(dois)
    assert len(served.requests) == 2
    assert all(outcome == Answered(()) for outcome in outcomes.values())


async def test_an_outage_fails_every_doi_of_the_batch_and_never_says_absent(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(503)
    outcomes = await backends.openalex.by_dois(["10.1000/a", "10.1000/b"])
    assert all(isinstance(outcome, Failed) for outcome in outcomes.values())
    assert "openalex" in str(outcomes["10.1000/a"])


async def test_a_malformed_body_is_a_failure_not_an_empty_answer(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(200, text="<html>oops")
    outcomes = await backends.openalex.by_dois(["10.1000/a"])
    assert isinstance(outcomes["10.1000/a"], Failed)


async def test_title_search_returns_up_to_five_candidates(
    backends: Backends, served: Served, recorded: Callable[[str], Any], data: Any
) -> None:
    works = recorded(
        "openalex/refchecker_cache/77a16807c00dbb7ed71ead52bc3d396a2fec42f04df518dbc17defcc2c3481fd.json"
    )
    served.handler = lambda request: listing(*works[:5])
    reference = Reference(
        key="guo2023",
        location=Location.point("refs.bib", 1, 1),
        title="Class Attention Transfer Based Knowledge Distillation",
        year=2023,
    )
    outcome = await backends.openalex.search(reference)
    assert isinstance(outcome, Answered)
    assert outcome.records[0].title == "Class Attention Transfer Based Knowledge Distillation"
    params = dict(served.requests[0].url.params)
    assert params["search"] == reference.title and params["per_page"] == "5"
    assert "filter" not in params  # a wrong cited year must not hide the work


async def test_authors_are_named_as_the_work_prints_them_not_as_their_profiles(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    """OpenAlex attached Jeff Dean's authorship to the profile of "Jay B. Dean"; the raw name
    the work prints is the one a citation copies."""
    works = recorded(
        "openalex/refchecker_cache/16c72a89a833f710b60193f6f9d7ed698f01a01d580af66a4e17109948f9ff1d.json"
    )
    assert works[0]["authorships"][2]["author"]["display_name"] == "Jay B. Dean"
    served.handler = lambda request: listing(works[0])
    reference = Reference(
        key="hinton2015",
        location=Location.point("refs.bib", 1, 1),
        title="Distilling the knowledge in a neural network",
    )
    outcome = await backends.openalex.search(reference)
    assert isinstance(outcome, Answered)
    people = outcome.records[0].people
    assert [(p.given, p.family) for p in people] == [
        ("Geoffrey", "Hinton"), ("Oriol", "Vinyals"), ("Jeff", "Dean")
    ]  # fmt: skip


async def test_a_raw_name_with_marks_or_digits_gives_way_to_the_profiles_name(
    backends: Backends, served: Served
) -> None:
    work = {
        "id": "https://openalex.org/W1",
        "display_name": "A work",
        "authorships": [
            {"raw_author_name": "A. Smith*1", "author": {"display_name": "Alice Smith"}},
            {"raw_author_name": "", "author": {"display_name": "Bo Li"}},
        ],
    }
    served.handler = lambda request: listing(work)
    reference = Reference(key="k", location=Location.point("refs.bib", 1, 1), title="A work")
    outcome = await backends.openalex.search(reference)
    assert isinstance(outcome, Answered)
    assert [p.display for p in outcome.records[0].people] == ["Alice Smith", "Bo Li"]


async def _records(backends: Backends, served: Served, *works: dict[str, Any]) -> Any:
    served.handler = lambda request: listing(*works)
    reference = Reference(key="k", location=Location.point("refs.bib", 1, 1), title="A work")
    outcome = await backends.openalex.search(reference)
    assert isinstance(outcome, Answered)
    return outcome.records


async def test_index_artefacts_in_names_become_the_people_the_work_prints(
    backends: Backends, served: Served
) -> None:
    """A team fused with the first author, LaTeX markup from dblp, a person known by a
    middle name whose raw name keeps only the first initial."""
    work = {
        "id": "https://openalex.org/W2",
        "display_name": "A work",
        "authorships": [
            {"raw_author_name": "Gemma Team Aishwarya Kamath", "author": {}},
            {"raw_author_name": 'Benedikt B\\"{u}nz', "author": {"display_name": "B. Bünz"}},
            {"raw_author_name": "C. Sullivan", "author": {"display_name": "Bane Sullivan"}},
            {"raw_author_name": "J. Dean", "author": {"display_name": "Jay B. Dean"}},
        ],
    }
    people = (await _records(backends, served, work))[0].people
    assert [p.display for p in people] == [
        "Gemma Team", "Aishwarya Kamath", "Benedikt Bünz", "C. Bane Sullivan", "J. Dean"
    ]  # fmt: skip


async def test_a_journal_article_held_by_a_university_repository_is_no_preprint(
    backends: Backends, served: Served
) -> None:
    def held_by(name: str, kind: str = "article") -> dict[str, Any]:
        source = {"display_name": name, "type": "repository"}
        location = {"source": source, "version": "acceptedVersion"}
        return {
            "id": "https://openalex.org/W3",
            "display_name": "A work",
            "type": kind,
            "primary_location": location,
            "locations": [location],
        }

    records = await _records(
        backends,
        served,
        held_by("Bristol Research (University of Bristol)"),
        held_by("arXiv (Cornell University)"),
        held_by("Digital Access to Scholarship at Harvard", "preprint"),
    )
    assert [r.is_preprint for r in records] == [False, True, True]
    assert records[0].venue_kind == "repository"


async def test_a_common_phrase_title_crowded_off_the_first_page_is_searched_as_a_phrase(
    backends: Backends, served: Served
) -> None:
    def work(number: int, title: str) -> dict[str, Any]:
        return {"id": f"https://openalex.org/W{number}", "display_name": title}

    crowd = [work(n, f"{w} Attention Is All You Need") for n, w in enumerate("ABCDE")]
    original = work(9, "Attention is All you Need")
    served.handler = lambda request: listing(
        *([original] if request.url.params["search"].startswith('"') else crowd)
    )
    reference = Reference(
        key="k", location=Location.point("refs.bib", 1, 1), title="Attention is all you need"
    )
    outcome = await backends.openalex.search(reference)
    assert isinstance(outcome, Answered)
    assert outcome.records[-1].title == "Attention is All you Need"
    phrase = served.requests[1].url.params
    assert phrase["search"] == '"Attention is all you need"' and phrase["per_page"] == "25"


async def test_a_title_found_on_the_first_page_costs_one_request(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: listing(
        {"id": "https://openalex.org/W1", "display_name": "Attention is All you Need"},
        {"id": "https://openalex.org/W2", "display_name": "Channel Attention Is All You Need"},
        {"id": "https://openalex.org/W3", "display_name": "Sparse Attention Is All You Need"},
    )
    reference = Reference(
        key="k", location=Location.point("refs.bib", 1, 1), title="Attention is all you need"
    )
    await backends.openalex.search(reference)
    assert len(served.requests) == 1
