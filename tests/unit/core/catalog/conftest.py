"""Corpus works for the catalog's tests, and a fresh catalog file per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cite_sentinel.core.catalog.sqlite_store import SqliteCatalog

from tests.fakeapi.corpus import Work, load_works


@pytest.fixture(scope="session")
def sample_works() -> list[Work]:
    """The first 400 works of the shared 5k sample (ML venues, 60 % with DOI)."""
    from tests.conftest import DATA

    path = DATA / "corpus" / "works_sample5k.jsonl"
    if not path.is_file():
        pytest.skip(f"needs the shared data folder beside the project ({path} is absent)")
    return load_works(path)[:400]


@pytest.fixture
def catalog(tmp_path: Path) -> Iterator[SqliteCatalog]:
    """An empty catalog file."""
    store = SqliteCatalog(tmp_path / "catalog.sqlite")
    try:
        yield store
    finally:
        store.close()
