"""Schema versions per component (catalog, cache, batch) in one table, migrated forward.

A newer cite-sentinel applies the steps an older database lacks, one transaction each under
an advisory lock, so many workers starting at once migrate once. An older cite-sentinel
refuses a database a newer one has migrated past what it knows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cite_sentinel.core.errors import InputError
from cite_sentinel.core.postgres.connect import shown

if TYPE_CHECKING:
    import psycopg

_TABLE = """CREATE TABLE IF NOT EXISTS cite_sentinel_schema(
    component text PRIMARY KEY, version integer NOT NULL)"""


def migrate(
    db: psycopg.Connection,
    component: str,
    steps: Sequence[Sequence[str]],
    *,
    url: str,
    target: int | None = None,
) -> int:
    """Bring a component's tables to `target` (default: the newest step); the version now."""
    target = len(steps) if target is None else target
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(hashtext('cite-sentinel schema'))")
        db.execute(_TABLE)
        row = db.execute(
            "SELECT version FROM cite_sentinel_schema WHERE component = %s", (component,)
        ).fetchone()
        version = int(row[0]) if row else 0
        if version > len(steps):
            raise InputError(
                f"{shown(url)}: the {component} tables have schema version {version}, newer "
                f"than this cite-sentinel knows ({len(steps)}); upgrade cite-sentinel"
            )
        for number in range(version, target):
            for statement in steps[number]:
                db.execute(statement)
        if target > version:
            db.execute(
                "INSERT INTO cite_sentinel_schema(component, version) VALUES (%s, %s)"
                " ON CONFLICT (component) DO UPDATE SET version = excluded.version",
                (component, target),
            )
    return max(version, target)
