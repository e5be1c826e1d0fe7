"""Which catalog a location names (a SQLite file or a PostgreSQL URL), opened as one interface."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol

from cite_sentinel.core.catalog.importer import ImportTarget
from cite_sentinel.core.catalog.rows import Found, Query
from cite_sentinel.core.catalog.runs import ImportRun, Scope
from cite_sentinel.core.errors import InputError
from cite_sentinel.core.model import Record

CATALOG_FILE = "catalog.sqlite"
_POSTGRES = ("postgresql://", "postgres://")


class CatalogStore(ImportTarget, Protocol):
    """A catalog, wherever it lives."""

    location: str

    def run(self, import_id: int) -> ImportRun: ...
    def runs(self) -> tuple[ImportRun, ...]: ...
    def drop(self, import_ids: Sequence[int]) -> int: ...
    def scopes(self) -> tuple[Scope, ...]: ...
    def find(self, queries: Sequence[Query]) -> list[Found]: ...
    def search(self, text: str, *, limit: int = 10) -> list[Record]: ...
    def size(self) -> int: ...
    def close(self) -> None: ...


def is_postgres(location: str) -> bool:
    """Whether a location is a PostgreSQL connection URL rather than a file."""
    return location.startswith(_POSTGRES)


def open_catalog(location: str, *, readonly: bool = False) -> CatalogStore:
    """The catalog at a location; a read-only SQLite catalog must exist already."""
    if is_postgres(location):
        from cite_sentinel.core.catalog.postgres_store import PostgresCatalog

        return PostgresCatalog(location)
    from cite_sentinel.core.catalog.sqlite_store import SqliteCatalog

    path = Path(location).expanduser()
    if readonly and not path.is_file():
        raise InputError(
            f"{location}: no catalog here; build one with `cite-sentinel catalog import`"
        )
    return SqliteCatalog(path, readonly=readonly)


def catalog_location(env: Mapping[str, str], given: str = "") -> str:
    """The catalog a run uses: as given, else CITE_SENTINEL_CATALOG, else the user data folder's."""
    chosen = given.strip() or env.get("CITE_SENTINEL_CATALOG", "").strip()
    return chosen or str(default_data_dir(env) / CATALOG_FILE)


def default_data_dir(env: Mapping[str, str]) -> Path:
    """CITE_SENTINEL_DATA_DIR, else the platform's user data folder."""
    configured = env.get("CITE_SENTINEL_DATA_DIR", "")
    if configured:
        return Path(configured).expanduser()
    home = Path(env.get("HOME", "") or Path.home())
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "cite-sentinel"
    if os.name == "nt":
        roaming = env.get("APPDATA", "")
        return (Path(roaming) if roaming else home / "AppData" / "Roaming") / "cite-sentinel"
    xdg = env.get("XDG_DATA_HOME", "")
    return (Path(xdg) if xdg else home / ".local" / "share") / "cite-sentinel"
