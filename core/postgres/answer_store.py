"""The answer cache's store in PostgreSQL: one table of API answers that every machine reads.

It offers the few calls core.cache.ResponseCache makes of diskcache (get, set with expiry,
get with the expiry time, clear, len, close), so the cache's rules stay in one place.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from cite_sentinel.core.postgres.connect import connect
from cite_sentinel.core.postgres.migrations import migrate

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE cs_answers(
            key text PRIMARY KEY, status integer NOT NULL, body bytea NOT NULL,
            headers jsonb NOT NULL, expires double precision)""",
        "CREATE INDEX cs_answers_expires ON cs_answers(expires)",
    ),
)


class PostgresAnswerStore:
    """Cached API answers in a PostgreSQL table; expired ones read as missing."""

    def __init__(self, url: str, clock: Callable[[], float] = time.time) -> None:
        self._db = connect(url)
        migrate(self._db, "cache", MIGRATIONS, url=url)
        self._clock = clock
        self._lock = threading.Lock()  # one connection, used by the HTTP client's threads

    def get(self, key: str, default: Any = None, *, expire_time: bool = False) -> Any:
        with self._lock:
            row = self._db.execute(
                "SELECT status, body, headers, expires FROM cs_answers WHERE key = %s"
                " AND (expires IS NULL OR expires > %s)",
                (key, self._clock()),
            ).fetchone()
        if row is None:
            return (default, None) if expire_time else default
        status, body, headers, expires = row
        value = (int(status), bytes(body), tuple(tuple(pair) for pair in headers))
        return (value, expires) if expire_time else value

    def set(self, key: str, value: tuple[int, bytes, Any], *, expire: float | None = None) -> bool:
        status, body, headers = value
        expires = None if expire is None else self._clock() + expire
        with self._lock:
            self._db.execute(
                "INSERT INTO cs_answers(key, status, body, headers, expires)"
                " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (key) DO UPDATE SET"
                " status = excluded.status, body = excluded.body, headers = excluded.headers,"
                " expires = excluded.expires",
                (key, status, body, json.dumps([list(pair) for pair in headers]), expires),
            )
        return True

    def clear(self) -> int:
        with self._lock:
            return int(self._db.execute("DELETE FROM cs_answers").rowcount)

    def __len__(self) -> int:
        with self._lock:
            row = self._db.execute("SELECT count(*) FROM cs_answers").fetchone()
        return int(row[0]) if row else 0

    def close(self) -> None:
        self._db.close()
