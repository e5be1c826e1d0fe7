"""doi.org: only its own 404 or handle code 100 says a DOI does not exist."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from cite_sentinel.core.verify.backends.doi import DoiState
from cite_sentinel.core.verify.backends.session import Backends

from tests.unit.core.verify.backends.conftest import Served

RA = "datacite/_decoded/datacite__commonmeta_cassettes__test_dataset__00.json"


async def test_a_registered_doi_exists(backends: Backends, served: Served) -> None:
    served.handler = lambda request: httpx.Response(
        200, json={"responseCode": 1, "handle": "10.7717/peerj.4375", "values": []}
    )
    status = await backends.doi.exists("10.7717/peerj.4375")
    assert status.state is DoiState.EXISTS
    assert served.requests[0].url.path == "/doi/api/handles/10.7717/peerj.4375"


async def test_a_doi_the_handle_system_does_not_know_is_absent(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(
        404, json={"responseCode": 100, "handle": "10.1234/nope"}
    )
    assert (await backends.doi.exists("10.1234/nope")).state is DoiState.ABSENT


async def test_an_outage_or_odd_answer_leaves_existence_unknown_with_a_reason(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(503)
    status = await backends.doi.exists("10.1234/maybe")
    assert status.state is DoiState.UNKNOWN and "doi" in status.reason
    served.handler = lambda request: httpx.Response(403)
    assert (await backends.doi.exists("10.1234/other")).state is DoiState.UNKNOWN


async def test_the_registration_agency_is_read_from_the_prefix(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    served.handler = lambda request: httpx.Response(200, json=recorded(RA)["response"]["body_json"])
    assert await backends.doi.agency("10.5061/dryad.8515") == "DataCite"
    assert served.requests[0].url.path == "/doi/ra/10.5061"
    served.handler = lambda request: httpx.Response(500)
    assert await backends.doi.agency("10.9999/x") == ""


async def test_one_agency_list_answers_for_many_dois_and_names_the_unregistered(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(
        200,
        json=[
            {"DOI": "10.5061/DRYAD.8515", "RA": "DataCite"},
            {"DOI": "10.1038/nothing-here", "status": "DOI does not exist"},
            {"DOI": "10.9999/not-asked", "RA": "Crossref"},
        ],
    )
    dois = ["10.5061/dryad.8515", "10.1038/nothing-here", "10.1000/silent"]
    agencies = await backends.doi.agencies(dois)
    assert agencies == {"10.5061/dryad.8515": "DataCite", "10.1038/nothing-here": ""}
    (request,) = served.requests
    assert request.url.path == "/doi/ra/" + ",".join(dois)


async def test_the_agency_list_goes_in_batches_and_an_outage_leaves_dois_unknown(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(503)
    dois = [f"10.1000/{number}" for number in range(120)] + ["10.1000/a,b"]
    assert await backends.doi.agencies(dois) == {}
    paths = {request.url.path for request in served.requests}  # retries repeat a path
    assert sorted(path.count(",") + 1 for path in paths) == [20, 50, 50]
    assert not any("a,b" in path for path in paths)  # a comma cannot travel in the list
