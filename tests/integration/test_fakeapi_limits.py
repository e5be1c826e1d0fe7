"""Published limits, enforced when asked: Crossref's pools, OpenAlex, S2 and arXiv rates.

Concurrent requests are sent together (a barrier) to a server that holds each answer for a
second, so they overlap whatever the machine's load.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import httpx
import pytest

from tests.fakeapi import FakeApi, fixtures
from tests.fakeapi.corpus import Corpus

WORK = f"/crossref/works/{fixtures.RETRACTED.doi}"
HOLD_MS = 1000.0


@pytest.fixture(scope="module")
def limited_server() -> Iterator[FakeApi]:
    server = FakeApi.start(Corpus.from_works(fixtures.ALL), published_limits=True)
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def limited(limited_server: FakeApi) -> FakeApi:
    """The server with only the published limits (fresh buckets) and zeroed counters."""
    limited_server.reset_faults()
    limited_server.enforce_published_limits()
    limited_server.reset_stats()
    return limited_server


def together(server: FakeApi, paths: list[str]) -> list[httpx.Response]:
    """GET every path at once, each on its own connection."""
    barrier = threading.Barrier(len(paths))
    answers: list[httpx.Response | None] = [None] * len(paths)

    def fetch(at: int) -> None:
        with httpx.Client(base_url=server.base_url, timeout=30) as client:
            barrier.wait()
            answers[at] = client.get(paths[at])

    threads = [threading.Thread(target=fetch, args=(at,)) for at in range(len(paths))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


def test_crossref_public_pool_answers_429_to_a_second_concurrent_request(
    limited: FakeApi,
) -> None:
    limited.configure("crossref", latency_ms=HOLD_MS)
    answers = together(limited, [WORK, WORK])
    assert sorted(a.status_code for a in answers) == [200, 429]
    refused = next(a for a in answers if a.status_code == 429)
    assert refused.headers["x-api-pool"] == "public"
    assert refused.headers["x-concurrency-limit"] == "1"
    assert int(refused.headers["retry-after"]) >= 1
    assert limited.stats().refused == {"crossref": {"concurrency": 1}}


def test_crossref_polite_pool_takes_three_at_a_time_and_refuses_a_fourth(
    limited: FakeApi,
) -> None:
    limited.configure("crossref", latency_ms=HOLD_MS)
    polite = f"{WORK}?mailto=team@example.org"
    answers = together(limited, [polite] * 4)
    assert sorted(a.status_code for a in answers) == [200, 200, 200, 429]
    assert {a.headers["x-concurrency-limit"] for a in answers} == {"3"}
    assert {a.headers["x-api-pool"] for a in answers} == {"polite-single"}


def test_crossref_pools_refuse_requests_over_their_rate(limited: FakeApi) -> None:
    with httpx.Client(base_url=limited.base_url, timeout=10) as client:
        public = [client.get(WORK).status_code for _ in range(8)]
        lists = [
            client.get("/crossref/works", params={"query": "gating", "mailto": "a@b.org"})
            for _ in range(6)
        ]
    assert public[:5] == [200] * 5 and 429 in public[5:]
    assert [a.status_code for a in lists][:3] == [200] * 3 and 429 in [a.status_code for a in lists]
    assert lists[0].headers["x-rate-limit-limit"] == "3"
    assert limited.stats().refused["crossref"]["rate"] >= 2


def test_every_crossref_answer_states_its_pool_even_a_404_or_a_429(limited: FakeApi) -> None:
    with httpx.Client(base_url=limited.base_url, timeout=10) as client:
        answers = [client.get("/crossref/works/10.5555/none") for _ in range(7)]
    assert {a.status_code for a in answers} == {404, 429}
    for answer in answers:
        assert (answer.headers["x-api-pool"], answer.headers["x-rate-limit-limit"]) == (
            "public",
            "5",
        )
        assert answer.headers["x-rate-limit-interval"] == "1s"
        assert answer.headers["x-concurrency-limit"] == "1"


def test_openalex_s2_and_arxiv_refuse_bursts_over_their_published_rates(
    limited: FakeApi,
) -> None:
    with httpx.Client(base_url=limited.base_url, timeout=10) as client:
        openalex = [
            client.get(f"/openalex/works/doi:{fixtures.RETRACTED.doi}").status_code
            for _ in range(8)
        ]
        s2 = [client.get(f"/s2/graph/v1/paper/DOI:{fixtures.PUBLISHED.doi}") for _ in range(2)]
        arxiv = [
            client.get("/arxiv/api/query", params={"id_list": fixtures.ARXIV_ONLY.arxiv})
            for _ in range(2)
        ]
    assert openalex[:2] == [200, 200] and 429 in openalex[2:]
    assert [a.status_code for a in s2] == [200, 429]
    assert [a.status_code for a in arxiv] == [200, 429]
    assert int(arxiv[1].headers["retry-after"]) >= 2
    stats = limited.stats()
    assert set(stats.refused) == {"openalex", "s2", "arxiv"}
    assert stats.too_many("openalex") == openalex.count(429)


def test_without_published_limits_concurrent_crossref_requests_are_all_answered(
    fake_api: FakeApi,
) -> None:
    fake_api.configure("crossref", latency_ms=200)
    answers = together(fake_api, [WORK] * 3)
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert answers[0].headers["x-concurrency-limit"] == "1"
