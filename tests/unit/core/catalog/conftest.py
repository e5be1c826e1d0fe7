"""Corpus works for the catalog's tests, and a fresh catalog file per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cite_sentinel.core.catalog.sqlite_store import SqliteCatalog

from tests.conftest import DATA
from tests.fakeapi.corpus import Work
from tests.support.dumps import corpus_sample


@pytest.fixture(scope="session")
def sample_works() -> list[Work]:
    """The first 400 works of the shared 5k sample (ML venues, 60 % with DOI)."""
    try:
        return corpus_sample(DATA)
    except FileNotFoundError as missing:
        pytest.skip(f"needs the shared data folder beside the project ({missing} is absent)")


@pytest.fixture
def catalog(tmp_path: Path) -> Iterator[SqliteCatalog]:
    """An empty catalog file."""
    store = SqliteCatalog(tmp_path / "catalog.sqlite")
    try:
        yield store
    finally:
        store.close()
