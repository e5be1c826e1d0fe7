"""Recorded API responses and a client that serves them through httpx.MockTransport."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from cite_sentinel.core.http.client import HttpSettings
from cite_sentinel.core.verify.backends.session import Backends, open_backends

from tests.unit.core.fakes import FakeClock

Handler = Callable[[httpx.Request], httpx.Response]
ENV = {
    "CITE_SENTINEL_OPENALEX_URL": "http://fake.test/openalex",
    "CITE_SENTINEL_CROSSREF_URL": "http://fake.test/crossref",
    "CITE_SENTINEL_S2_URL": "http://fake.test/s2",
    "CITE_SENTINEL_DATACITE_URL": "http://fake.test/datacite",
    "CITE_SENTINEL_ARXIV_URL": "http://fake.test/arxiv",
    "CITE_SENTINEL_DOI_URL": "http://fake.test/doi",
}


@pytest.fixture
def recorded(data: Path) -> Callable[[str], Any]:
    """Load a file of ../shared/data/recorded; decoded cassettes give their response."""

    def load(relative: str) -> Any:
        return json.loads((data / "recorded" / relative).read_text(encoding="utf-8"))

    return load


class Served:
    """Backends whose requests go to a handler the test sets; requests are kept."""

    def __init__(self) -> None:
        self.handler: Handler = lambda request: httpx.Response(500)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.handler(request)


@pytest.fixture
def served() -> Served:
    return Served()


@pytest.fixture
async def backends(served: Served, tmp_path: Path) -> AsyncIterator[Backends]:
    clock = FakeClock()
    async with open_backends(
        {**ENV, "CITE_SENTINEL_MAILTO": "me@example.org", "OPENALEX_API_KEY": "oa-key-1234"},
        cache_dir=tmp_path / "cache",
        settings=HttpSettings(max_attempts=2, mailto="me@example.org"),
        transport=httpx.MockTransport(served),
        clock=clock,
        sleep=clock.sleep,
    ) as opened:
        yield opened
