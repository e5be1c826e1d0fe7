"""The request budget every worker shares: the published rate holds for all of them together."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from cite_sentinel.core.batch.budget import BudgetedTransport, LocalBudget, lane_of
from cite_sentinel.core.batch.postgres_queue import PostgresBudget
from cite_sentinel.core.http.client import Api, Lane

LANES = {"crossref": Lane(5.0, 2.0, 1), "crossref/list": Lane(2.0, 1.0, 1)}


def test_workers_sharing_a_budget_file_are_spaced_at_the_rate_after_the_burst(
    tmp_path: Path,
) -> None:
    now = [100.0]
    workers = [LocalBudget(tmp_path / "batch.sqlite", LANES, clock=lambda: now[0]) for _ in "ab"]
    waits = [workers[n % 2].reserve("crossref") for n in range(6)]
    assert waits == pytest.approx([0.0, 0.0, 0.2, 0.4, 0.6, 0.8])
    now[0] += 10.0  # an idle stretch refills the burst, no more
    assert [workers[0].reserve("crossref") for _ in range(3)] == pytest.approx([0.0, 0.0, 0.2])
    assert workers[1].reserve("crossref/list") == 0.0
    for worker in workers:
        worker.close()


def test_one_worker_reserving_from_many_threads_at_once_gets_every_slot(tmp_path: Path) -> None:
    """The HTTP client reserves from a thread per request: one connection, many threads."""
    lanes = {"openalex": Lane(1000.0, 1.0, 1)}
    budget = LocalBudget(tmp_path / "batch.sqlite", lanes, clock=lambda: 100.0)
    with ThreadPoolExecutor(max_workers=16) as pool:
        waits = list(pool.map(lambda _: budget.reserve("openalex"), range(400)))
    budget.close()
    assert sorted(waits) == pytest.approx([n / 1000 for n in range(400)])  # 1 ms apart, none lost


def test_machines_sharing_a_database_budget_together_keep_its_rate(postgres_url: str) -> None:
    lanes = {"arxiv": Lane(0.01, 1.0, 1)}  # one request every 100 s: the test's own pace is noise
    machines = [PostgresBudget(postgres_url, lanes) for _ in range(3)]
    waits = [machines[n % 3].reserve("arxiv") for n in range(6)]
    assert waits == [pytest.approx(100.0 * n, abs=10.0) for n in range(6)]
    for machine in machines:
        machine.close()


def test_requests_are_counted_in_their_api_lane() -> None:
    bases = [("http://127.0.0.1:9/crossref", Api.CROSSREF), ("http://127.0.0.1:9/openalex",
             Api.OPENALEX)]  # fmt: skip
    assert lane_of("http://127.0.0.1:9/crossref/works", {"query.bibliographic": "x"}, bases) == (
        "crossref/list"
    )
    assert lane_of("http://127.0.0.1:9/crossref/works/10.1/x", {}, bases) == "crossref"
    assert lane_of("http://127.0.0.1:9/openalex/works", {"filter": "doi:x"}, bases) == "openalex"
    assert lane_of("http://elsewhere/x", {}, bases) == ""


async def test_the_transport_waits_for_the_budget_before_sending(tmp_path: Path) -> None:
    sent: list[str] = []
    reserved: list[str] = []

    class Budget:
        def reserve(self, lane: str) -> float:
            reserved.append(lane)
            return 0.0

    inner = httpx.MockTransport(
        lambda request: sent.append(str(request.url)) or httpx.Response(200)
    )
    env = {"CITE_SENTINEL_CROSSREF_URL": "http://fake/crossref"}
    async with httpx.AsyncClient(transport=BudgetedTransport(Budget(), env, inner)) as client:
        await client.get("http://fake/crossref/works", params={"query.bibliographic": "x"})
        await client.get("http://other.example/")
    assert reserved == ["crossref/list"] and len(sent) == 2
