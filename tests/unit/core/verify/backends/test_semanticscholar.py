"""Semantic Scholar: batches keep order, null is unknown, a 404 match is no match."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
from cite_sentinel.core.model import Location, Reference
from cite_sentinel.core.verify.backends.outcome import Answered, Failed
from cite_sentinel.core.verify.backends.semanticscholar import record_from_paper
from cite_sentinel.core.verify.backends.session import Backends

from tests.unit.core.verify.backends.conftest import Served

DECODED = "semanticscholar/_decoded/semanticscholar__semanticscholar_py__"
BATCH = DECODED + "test_get_papers_return_not_found__00.json"
MATCH = DECODED + "test_search_paper_match_title__00.json"


async def test_a_batch_answers_each_id_in_order_and_null_means_unknown(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    body = recorded(BATCH)["response"]["body_json"][:2]
    served.handler = lambda request: httpx.Response(200, json=body)
    ids = ["DOI:10.9999/unknown", "DOI:10.2139/ssrn.288970"]
    outcomes = await backends.semanticscholar.by_ids(ids)
    assert outcomes[ids[0]] == Answered(())
    known = outcomes[ids[1]]
    assert isinstance(known, Answered)
    assert (
        known.records[0].title == "How Much Should We Trust Differences-in-Differences Estimates?"
    )
    assert known.records[0].identifiers.doi == "10.2139/ssrn.288970"
    request = served.requests[0]
    assert request.method == "POST" and request.url.path == "/s2/graph/v1/paper/batch"
    assert json.loads(request.content) == {"ids": ids}
    assert not backends.semanticscholar.keyed and "x-api-key" not in request.headers


async def test_a_batch_of_the_wrong_length_fails_rather_than_misassigning(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(200, json=[None])
    outcomes = await backends.semanticscholar.by_ids(["DOI:10.1/a", "DOI:10.1/b"])
    assert all(isinstance(outcome, Failed) for outcome in outcomes.values())


async def test_title_match_gives_the_best_paper_with_its_score_and_404_means_none(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    served.handler = lambda request: httpx.Response(
        200, json=recorded(MATCH)["response"]["body_json"]
    )
    reference = Reference(
        key="agrawal1993",
        location=Location.point("refs.bib", 1, 1),
        title="Mining association rules between sets of items in large databases",
    )
    outcome = await backends.semanticscholar.match(reference)
    assert isinstance(outcome, Answered)
    assert outcome.records[0].score is not None and outcome.records[0].score > 100
    assert served.requests[0].url.params["query"] == reference.title
    served.handler = lambda request: httpx.Response(404, json={"error": "Title match not found"})
    other = Reference(key="x", location=Location.point("refs.bib", 2, 1), title="No such paper")
    assert await backends.semanticscholar.match(other) == Answered(())


def test_a_paper_keeps_its_abstract_and_falls_back_to_its_tldr_without_one(
    recorded: Callable[[str], Any],
) -> None:
    paper = recorded("semanticscholar/semanticscholar_py/Paper.json")
    record = record_from_paper(paper)
    assert record.abstract.startswith("I propose to consider the question")
    withheld = record_from_paper({**paper, "abstract": None})
    assert withheld.abstract == " ".join(paper["tldr"]["text"].split())
    assert record_from_paper({**paper, "abstract": None, "tldr": None}).abstract == ""


async def test_batches_ask_for_the_abstract_and_the_tldr(
    backends: Backends, served: Served
) -> None:
    served.handler = lambda request: httpx.Response(200, json=[None])
    await backends.semanticscholar.by_ids(["DOI:10.1/a"])
    fields = served.requests[0].url.params["fields"].split(",")
    assert {"abstract", "tldr"} <= set(fields)
