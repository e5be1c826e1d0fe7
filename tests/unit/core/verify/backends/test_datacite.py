"""DataCite: recorded DOIs of datasets and software become Records."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from cite_sentinel.core.matching.fit import fit
from cite_sentinel.core.matching.venues import Placement
from cite_sentinel.core.model import Location, Person, Reference
from cite_sentinel.core.verify.backends.datacite import record_from_doi
from cite_sentinel.core.verify.backends.outcome import Answered, Failed
from cite_sentinel.core.verify.backends.session import Backends

from tests.unit.core.verify.backends.conftest import Served

FIGSHARE = "datacite/_decoded/datacite__commonmeta_cassettes__test_get_datacite__00.json"


async def test_a_dataset_doi_gives_its_title_creators_year_and_kind(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    served.handler = lambda request: httpx.Response(
        200, json=recorded(FIGSHARE)["response"]["body_json"]
    )
    outcome = await backends.datacite.by_doi("10.6084/m9.figshare.1449060")
    assert isinstance(outcome, Answered)
    record = outcome.records[0]
    assert record.title.startswith("Drosophila melanogaster wing images")
    assert record.people[0].family == "Dworkin" and record.people[0].given == "Ian"
    assert (record.year, record.kind, record.publisher) == (2020, "dataset", "figshare")
    assert served.requests[0].url.path == "/datacite/dois/10.6084/m9.figshare.1449060"


async def test_an_unknown_datacite_doi_is_an_empty_answer(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(404, json={"errors": [{"status": "404"}]})
    assert await backends.datacite.by_doi("10.5281/zenodo.0") == Answered(())


async def test_a_title_search_returns_datacite_records_in_the_list_shape(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    work = recorded(FIGSHARE)["response"]["body_json"]["data"]
    served.handler = lambda request: httpx.Response(
        200, json={"data": [work], "meta": {"total": 1}, "links": {}}
    )
    reference = Reference(
        key="dworkin2020",
        location=Location.point("refs.bib", 1, 1),
        kind="dataset",
        title="Drosophila melanogaster wing images (low resolution)",
    )
    outcome = await backends.datacite.search(reference)
    assert isinstance(outcome, Answered)
    assert outcome.records[0].identifiers.doi == "10.6084/m9.figshare.1449060"
    request = served.requests[0]
    assert request.url.path == "/datacite/dois"


async def test_a_search_finds_a_record_that_lacks_a_cited_word_and_ranks_by_relevance(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(
        200, json={"data": [], "meta": {"total": 0}, "links": {}}
    )
    reference = Reference(
        key="k",
        location=Location.point("refs.bib", 1, 1),
        kind="dataset",
        title="Wing images AND shapes (low-resolution)",
        people=(Person(family="Dworkin", given="Ian"),),
    )
    await backends.datacite.search(reference)
    params = served.requests[0].url.params
    # DataCite puts AND between bare words and sorts by last update unless asked otherwise
    assert params["query"] == ("Wing OR images OR and OR shapes OR low OR resolution OR Dworkin")
    assert params["sort"] == "relevance"


def test_a_datasets_repository_named_as_its_container_does_not_refute_the_cited_venue() -> None:
    record = record_from_doi(
        {
            "id": "10.1234/x",
            "attributes": {
                "titles": [{"title": "Ocean temperatures 2010-2020"}],
                "container": {"type": "DataRepository", "title": "Example SeriesInformation"},
                "types": {"resourceTypeGeneral": "Dataset"},
            },
        }
    )
    reference = Reference(
        key="k",
        location=Location.point("refs.bib", 1, 1),
        kind="dataset",
        title="Ocean temperatures 2010-2020",
        venue="Global Ocean Observing System",
    )
    assert fit(reference, record).venue is Placement.UNPLACED


async def test_a_malformed_search_answer_is_a_failure_not_an_absence(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(200, json={"errors": []})
    reference = Reference(key="k", location=Location.point("r.bib", 1, 1), title="Some data")
    outcome = await backends.datacite.search(reference)
    assert isinstance(outcome, Failed)
