"""Fixtures every test shares: a clean environment, the shared data, real programs."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

pytest_plugins = ["tests.fakeapi.pytest_fixture", "tests.support.postgres"]

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("CITE_SENTINEL_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "data"

_SECRET_VARIABLES = ("OPENALEX_API_KEY", "S2_API_KEY", "ANTHROPIC_API_KEY", "VOYAGE_API_KEY")
_SDK_BASE_URLS = ("ANTHROPIC_BASE_URL",)  # the anthropic SDK reads it itself


@pytest.fixture(autouse=True)
def clean_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """No test sees the developer's keys, base URLs or catalog; each gets its own cache."""
    for name in list(os.environ):
        if name.startswith("CITE_SENTINEL_") and name != "CITE_SENTINEL_SHARED":
            monkeypatch.delenv(name)
    for name in (
        *_SECRET_VARIABLES,
        *_SDK_BASE_URLS,
        "GITHUB_STEP_SUMMARY",
        "PANDOC_VERSION",
        "FORCE_COLOR",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CITE_SENTINEL_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    # The user's own catalog (catalog import) must not answer for the fakes.
    monkeypatch.setenv("CITE_SENTINEL_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def data() -> Path:
    """../shared/data, or a skip saying it is needed."""
    if not DATA.is_dir():
        pytest.skip(f"needs the shared data folder beside the project ({DATA} is absent)")
    return DATA


@pytest.fixture(scope="session")
def pandoc3() -> str:
    """The pandoc 3 that the pypandoc-binary package ships."""
    try:
        import pypandoc

        return str(pypandoc.get_pandoc_path())
    except (ImportError, OSError) as error:
        pytest.skip(f"pandoc 3 from pypandoc-binary is not installed: {error}")


@pytest.fixture(scope="session")
def pandoc2() -> str:
    """Debian's pandoc 2.17 where it is installed."""
    path = shutil.which("pandoc")
    if path is None:
        pytest.skip("Debian's pandoc is not installed (apt-get install pandoc)")
    return path
