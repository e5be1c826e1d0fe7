"""DataCite: recorded DOIs of datasets and software become Records."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from cite_sentinel.core.model import Location, Reference
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
    assert request.url.params["query"] == "Drosophila melanogaster wing images low resolution"


async def test_a_malformed_search_answer_is_a_failure_not_an_absence(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(200, json={"errors": []})
    reference = Reference(key="k", location=Location.point("r.bib", 1, 1), title="Some data")
    outcome = await backends.datacite.search(reference)
    assert isinstance(outcome, Failed)
