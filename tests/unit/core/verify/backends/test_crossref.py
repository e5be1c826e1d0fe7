"""Crossref: recorded works become Records; retractions, preprints and absences are kept apart."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import httpx
from cite_sentinel.core.model import Location, Person, Reference
from cite_sentinel.core.records import record_from_item, strip_jats
from cite_sentinel.core.verify.backends.outcome import Answered, Failed
from cite_sentinel.core.verify.backends.session import Backends

from tests.unit.core.verify.backends.conftest import Served

ONE = "crossref/_decoded/crossref__habanero_cassettes__test-works__test_works_with_one_id__00.json"
ONLINE_FIRST = "crossref/_decoded/crossref__rcrossref_fixtures__cr_works__10.json"
PREPRINTED = (
    "crossref/refchecker_cache/"
    "bd66c83d5409b27882f824a36ddd3afd90073d797e08eea59130da05239abcbf.json"
)


async def test_a_doi_look_up_reads_the_work_in_the_polite_pool(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    cassette = recorded(ONE)["response"]
    served.handler = lambda request: httpx.Response(
        200, json=cassette["body_json"], headers=cassette["headers"]
    )
    outcome = await backends.crossref.by_doi("10.1371/journal.pone.0033693")
    assert isinstance(outcome, Answered)
    record = outcome.records[0]
    assert record.title.startswith("Methylphenidate Exposure Induces Dopamine Neuron Loss")
    assert record.people[0] == Person(family="Sadasivan", given="Shankar")
    assert (record.year, record.venue, record.pages) == (2012, "PLoS ONE", "e33693")
    assert not record.retracted  # a correction notice is not a retraction
    request = served.requests[0]
    assert request.url.path == "/crossref/works/10.1371/journal.pone.0033693"
    assert request.url.params["mailto"] == "me@example.org"


async def test_a_retraction_notice_marks_the_work_retracted(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    body = copy.deepcopy(recorded(ONE)["response"]["body_json"])
    body["message"]["updated-by"].append(
        {"DOI": "10.1371/retraction.1", "type": "retraction", "source": "retraction-watch"}
    )
    served.handler = lambda request: httpx.Response(200, json=body)
    outcome = await backends.crossref.by_doi("10.1371/journal.pone.0033693")
    assert isinstance(outcome, Answered) and outcome.records[0].retracted


async def test_an_unknown_doi_is_an_empty_answer_and_an_outage_a_failure(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(404, text="Resource not found.")
    assert await backends.crossref.by_doi("10.1000/missing") == Answered(())
    served.handler = lambda request: httpx.Response(500)
    assert isinstance(await backends.crossref.by_doi("10.1000/other"), Failed)


async def test_search_sends_the_whole_reference_and_reads_preprint_links(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    item = recorded(PREPRINTED)
    served.handler = lambda request: httpx.Response(
        200, json={"status": "ok", "message": {"items": [item]}}
    )
    reference = Reference(
        key="shin2021",
        location=Location.point("refs.bib", 1, 1),
        title="Protein design and variant prediction using autoregressive generative models",
        people=(Person(family="Shin", given="Jung-Eun"),),
        year=2021,
        venue="Nature Communications",
    )
    outcome = await backends.crossref.search(reference)
    assert isinstance(outcome, Answered)
    record = outcome.records[0]
    assert record.preprint_doi == "10.1101/757252" and not record.is_preprint
    assert record.abstract and "<jats" not in record.abstract
    params = served.requests[0].url.params
    query = params["query.bibliographic"]
    assert "Jung-Eun Shin" in query and reference.title in query and "2021" in query
    assert params["rows"] == "5"


async def test_an_article_online_before_its_issue_keeps_both_years(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    # Nature Nanotechnology: online 10 November 2014, in the January 2015 issue.
    served.handler = lambda request: httpx.Response(
        200, json=recorded(ONLINE_FIRST)["response"]["body_json"]
    )
    outcome = await backends.crossref.by_doi("10.1038/nnano.2014.279")
    assert isinstance(outcome, Answered)
    (record,) = outcome.records
    assert (record.year, record.print_year) == (2014, 2015)


def test_jats_markup_is_stripped_from_abstracts() -> None:
    text = "<jats:title>Abstract</jats:title><jats:p>We show &amp; tell.</jats:p>"
    assert strip_jats(text) == "We show & tell."


async def test_a_paper_by_a_thousand_people_is_searched_by_its_first_authors_and_title(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(
        200, json={"status": "ok", "message": {"items": []}}
    )
    people = tuple(Person(family=f"Physicist{n}", given="Alexandra") for n in range(1000))
    reference = Reference(
        key="atlas2012",
        location=Location.point("refs.bib", 1, 1),
        title="Observation of a new particle in the search for the Standard Model Higgs boson",
        people=people,
        year=2012,
    )
    assert await backends.crossref.search(reference) == Answered(())
    query = served.requests[0].url.params["query.bibliographic"]
    assert query.startswith("Alexandra Physicist0, Alexandra Physicist1, Alexandra Physicist2.")
    assert reference.title in query and "Physicist3" not in query
    assert len(str(served.requests[0].url)) < 2000


def test_a_title_with_an_index_subtitle_is_the_whole_title() -> None:
    item = {"DOI": "10.1145/2939672.2939785", "title": ["XGBoost"],
            "subtitle": ["A Scalable Tree Boosting System"]}  # fmt: skip
    assert record_from_item(item).title == "XGBoost: A Scalable Tree Boosting System"
    latex = {"DOI": "10.1/x", "title": ["Zero-knowledge proofs"],
             "author": [{"family": 'B\\"{u}nz', "given": "Benedikt"}]}  # fmt: skip
    assert record_from_item(latex).people[0].family == "Bünz"
