"""A connection to a postgresql:// URL, with errors a person can act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cite_sentinel.core.errors import InputError

if TYPE_CHECKING:
    import psycopg


def connect(url: str, *, autocommit: bool = True) -> psycopg.Connection:
    """Open a connection; a missing driver or an unreachable server is an InputError."""
    try:
        import psycopg
    except ImportError as error:
        raise InputError(
            f"{shown(url)}: PostgreSQL needs the optional extra: "
            "pip install 'cite-sentinel[postgres]'"
        ) from error
    try:
        return psycopg.connect(url, autocommit=autocommit, connect_timeout=10)
    except psycopg.Error as error:
        reason = " ".join(str(error).split())
        raise InputError(f"{shown(url)}: cannot connect to PostgreSQL ({reason})") from error


def shown(url: str) -> str:
    """The URL as messages show it: without a password."""
    head, at, tail = url.partition("@")
    if not at or "://" not in head:
        return url
    scheme, _, credentials = head.partition("://")
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{tail}" if ":" in credentials else url
