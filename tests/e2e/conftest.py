"""Fixtures shared by the end-to-end tests."""

from __future__ import annotations

import pytest


@pytest.fixture(params=["pandoc2", "pandoc3"])
def pandoc(request: pytest.FixtureRequest) -> str:
    """Each test once under pandoc 2 and once under pandoc 3 (skipped where one is missing)."""
    path: str = request.getfixturevalue(request.param)
    return path
