"""Which queue and budget a batch uses: its own SQLite file, or a PostgreSQL database."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core.batch.budget import LocalBudget, RateBudget, budget_lanes
from cite_sentinel.core.batch.jobs import JobQueue
from cite_sentinel.core.batch.local_queue import LocalQueue
from cite_sentinel.core.catalog.store import is_postgres
from cite_sentinel.core.config import Config

STATE_FILE = "batch.sqlite"


def open_queue(location: str, batch: str) -> JobQueue:
    """The queue at a location: a postgresql:// URL, or a batch's state file."""
    if is_postgres(location):
        from cite_sentinel.core.batch.postgres_queue import PostgresQueue

        return PostgresQueue(location, batch)
    return LocalQueue(Path(location))


def open_budget(location: str, config: Config) -> RateBudget:
    """The shared request budget beside the queue, with the configuration's limits
    (core.batch.budget.budget_lanes)."""
    lanes = budget_lanes(config)
    if is_postgres(location):
        from cite_sentinel.core.batch.postgres_queue import PostgresBudget

        return PostgresBudget(location, lanes)
    return LocalBudget(Path(location), lanes)
