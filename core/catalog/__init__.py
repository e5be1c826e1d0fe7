"""The local catalog: scholarly dumps imported into SQLite or PostgreSQL and looked up offline."""

from cite_sentinel.core.catalog.errors import DumpError
from cite_sentinel.core.catalog.formats import FORMATS, Format, detect
from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.importer import ImportProgress, import_dump
from cite_sentinel.core.catalog.rows import Found, Query, query_for
from cite_sentinel.core.catalog.runs import DumpEntry, ImportRun, ImportState, Scope
from cite_sentinel.core.catalog.store import (
    CatalogStore,
    catalog_location,
    default_data_dir,
    is_postgres,
    open_catalog,
)

__all__ = [
    "FORMATS",
    "CatalogStore",
    "DumpEntry",
    "DumpError",
    "Format",
    "Found",
    "ImportProgress",
    "ImportRun",
    "ImportState",
    "Query",
    "ReadOptions",
    "Scope",
    "catalog_location",
    "default_data_dir",
    "detect",
    "import_dump",
    "is_postgres",
    "open_catalog",
    "query_for",
]
