"""The fake APIs misbehave exactly as configured, deterministically, and count every request."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from tests.fakeapi import FakeApi, env_for, fixtures

WORK = f"/crossref/works/{fixtures.RETRACTED.doi}"


@pytest.fixture
def client(fake_api: FakeApi) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=fake_api.base_url, timeout=10) as session:
        yield session


def statuses(client: httpx.Client, path: str, count: int) -> list[int]:
    return [client.get(path).status_code for _ in range(count)]


def test_over_the_rate_limit_crossref_answers_429_with_retry_after_and_its_headers(
    fake_api: FakeApi,
    client: httpx.Client,
) -> None:
    fake_api.configure("crossref", rate=0.01, burst=2)
    first, second, third = (client.get(WORK) for _ in range(3))
    assert (first.status_code, second.status_code, third.status_code) == (200, 200, 429)
    assert int(third.headers["retry-after"]) >= 1
    assert third.headers["x-rate-limit-limit"] == "0.01"
    assert third.headers["x-rate-limit-interval"] == "1s"
    assert first.headers["x-rate-limit-limit"] == "0.01"


def test_openalex_and_s2_rate_limits_answer_429_in_their_own_shapes(
    fake_api: FakeApi,
    client: httpx.Client,
) -> None:
    fake_api.configure("openalex", rate=0.01, burst=1)
    fake_api.configure("s2", rate=0.01, burst=1)
    openalex = statuses(client, f"/openalex/works/doi:{fixtures.RETRACTED.doi}", 2)
    limited = client.get(f"/openalex/works/doi:{fixtures.RETRACTED.doi}")
    s2 = statuses(client, "/s2/graph/v1/paper/DOI:10.5555/fixture.published.2022", 2)
    assert (openalex, s2) == ([200, 429], [200, 429])
    assert limited.headers["x-ratelimit-remaining"] == "0"
    assert "retry-after" in limited.headers


def test_a_429_burst_answers_the_next_requests_429_then_recovers(
    fake_api: FakeApi,
    client: httpx.Client,
) -> None:
    fake_api.configure("crossref", burst_429=2)
    assert statuses(client, WORK, 3) == [429, 429, 200]


def test_error_rate_one_answers_every_request_with_a_5xx(
    fake_api: FakeApi,
    client: httpx.Client,
) -> None:
    fake_api.configure("s2", error_rate=1.0)
    codes = statuses(client, "/s2/graph/v1/paper/DOI:10.5555/fixture.published.2022", 3)
    assert all(500 <= code < 600 for code in codes)
    assert client.get(WORK).status_code == 200  # other APIs unaffected


def test_the_same_seed_gives_the_same_faults(
    fake_api: FakeApi,
    client: httpx.Client,
) -> None:
    runs = []
    for _ in range(2):
        fake_api.reset_faults(seed=7)
        fake_api.configure("crossref", error_rate=0.5)
        runs.append(statuses(client, WORK, 12))
    fake_api.reset_faults(seed=8)
    fake_api.configure("crossref", error_rate=0.5)
    other = statuses(client, WORK, 12)
    assert runs[0] == runs[1]
    assert 200 in runs[0] and 500 in runs[0]
    assert other != runs[0]


def test_malformed_bodies_are_not_json(fake_api: FakeApi, client: httpx.Client) -> None:
    fake_api.configure("openalex", malformed_rate=1.0)
    answer = client.get(f"/openalex/works/doi:{fixtures.RETRACTED.doi}")
    assert answer.status_code == 200
    with pytest.raises(json.JSONDecodeError):
        json.loads(answer.content)


def test_timeouts_hold_the_answer_past_the_client_timeout(fake_api: FakeApi) -> None:
    fake_api.configure("datacite", timeout_rate=1.0, timeout_hold_s=3)
    with (
        httpx.Client(base_url=fake_api.base_url, timeout=0.2) as impatient,
        pytest.raises(httpx.ReadTimeout),
    ):
        impatient.get(f"/datacite/dois/{fixtures.DATASET.doi}")


def test_an_api_down_answers_503_or_drops_the_connection(
    fake_api: FakeApi,
    client: httpx.Client,
) -> None:
    fake_api.configure("arxiv", down="503")
    fake_api.configure("doi", down="reset")
    assert client.get("/arxiv/api/query?id_list=2305.01234").status_code == 503
    with pytest.raises(httpx.TransportError):
        client.get(f"/doi/{fixtures.PUBLISHED.doi}")
    fake_api.configure("doi", down=None)
    assert client.get(f"/doi/{fixtures.PUBLISHED.doi}").status_code == 302


def test_env_for_points_each_api_at_its_prefix_and_down_ones_nowhere() -> None:
    env = env_for("http://127.0.0.1:9", down=("crossref",))
    assert env["CITE_SENTINEL_OPENALEX_URL"] == "http://127.0.0.1:9/openalex"
    assert env["CITE_SENTINEL_S2_URL"] == "http://127.0.0.1:9/s2"
    assert len(env) == 6
    with pytest.raises(httpx.ConnectError):
        httpx.get(env["CITE_SENTINEL_CROSSREF_URL"] + "/works/10.1/x", timeout=5)


def test_the_control_endpoint_sets_faults_and_refuses_unknown_settings(
    fake_api: FakeApi,
    client: httpx.Client,
) -> None:
    accepted = client.post("/_control", json={"apis": {"crossref": {"error_rate": 1}}})
    refused = client.post("/_control", json={"apis": {"crossref": {"flakiness": 1}}})
    assert (accepted.status_code, refused.status_code) == (200, 400)
    assert "flakiness" in refused.json()["error"]
    assert client.get(WORK).status_code >= 500
    client.post("/_control", json={"reset": True})
    assert client.get(WORK).status_code == 200


def test_counters_count_api_requests_per_api_and_kind_and_reset(
    fake_api: FakeApi,
    client: httpx.Client,
) -> None:
    assert fake_api.stats().total == 0
    client.get(WORK)
    client.get("/crossref/works", params={"query.bibliographic": "sparse gating"})
    client.post("/s2/graph/v1/paper/batch", json={"ids": ["DOI:10.9/x"]})
    client.get("/_stats")
    over_http = client.get("/_stats").json()
    stats = fake_api.stats()
    assert stats.total == 3 == over_http["total"]
    assert stats.by_api == {"crossref": 2, "s2": 1}
    assert stats.by_kind == {"crossref.query": 1, "crossref.work": 1, "s2.batch": 1}
    client.post("/_stats/reset")
    assert fake_api.stats().total == 0
