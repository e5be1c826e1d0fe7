"""The session-wide fake server fixture; tests/conftest.py registers it as a plugin."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .server import FakeApi, corpus_path


@pytest.fixture(scope="session")
def fake_api_server() -> Iterator[FakeApi]:
    """One fake server (sample corpus plus fixtures) for the whole run, or a skip."""
    path = corpus_path("sample")
    if not path.is_file():
        pytest.skip(f"the fake API needs the shared corpus ({path} is absent)")
    server = FakeApi.start("sample")
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def fake_api(fake_api_server: FakeApi, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeApi]:
    """The shared server with perfect APIs, no quirks, zeroed counters and CITE_SENTINEL_*_URL."""
    fake_api_server.reset_faults()
    fake_api_server.set_quirks(0.0)
    fake_api_server.reset_stats()
    for name, value in fake_api_server.env().items():
        monkeypatch.setenv(name, value)
    yield fake_api_server
    fake_api_server.reset_faults()
    fake_api_server.set_quirks(0.0)
