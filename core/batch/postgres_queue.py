"""A batch's queue and request budget in PostgreSQL, for workers on any number of machines.

A worker holds a manuscript with `SELECT … FOR UPDATE SKIP LOCKED` inside a transaction that
stays open while it screens, and stores the result and commits in one step. A worker that
dies (killed, crashed, its machine gone) drops its connection, PostgreSQL rolls its
transaction back, and the manuscript is free for the next claim: no heartbeats, no timeouts,
and a manuscript is finished exactly once. Each claim is also logged on a second connection
outside that transaction, so a report says how many workers took a manuscript.

The budget is one row per lane holding when its next request may go; a request reserves its
slot with one UPDATE, timed by the database's clock, so machines' clocks need not agree.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence

from cite_sentinel.core.batch.budget import budget_lane
from cite_sentinel.core.batch.jobs import JobState, Lease, Screened
from cite_sentinel.core.batch.manuscripts import Manuscript
from cite_sentinel.core.batch.results import dump_result, load_result
from cite_sentinel.core.http.client import Lane
from cite_sentinel.core.postgres.connect import connect
from cite_sentinel.core.postgres.migrations import migrate

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE cs_jobs(
            id bigserial PRIMARY KEY, batch text NOT NULL, name text NOT NULL,
            digest text NOT NULL, names text[] NOT NULL, contents bytea[] NOT NULL,
            state text NOT NULL, result text, UNIQUE (batch, name))""",
        "CREATE INDEX cs_jobs_pending ON cs_jobs(batch, state, id)",
        """CREATE TABLE cs_claims(
            job_id bigint NOT NULL, worker text NOT NULL,
            at timestamptz NOT NULL DEFAULT clock_timestamp())""",
        "CREATE INDEX cs_claims_job ON cs_claims(job_id)",
        "CREATE TABLE cs_budget(lane text PRIMARY KEY, free double precision NOT NULL)",
    ),
)


class PostgresQueue:
    """One batch's manuscripts in the cs_jobs table."""

    def __init__(self, url: str, batch: str) -> None:
        self._batch = batch
        self._db = connect(url)  # autocommit: counts, enqueues, claim log
        migrate(self._db, "batch", MIGRATIONS, url=url)
        self._holder = connect(url, autocommit=False)  # the open transaction of a claim

    def enqueue(self, manuscripts: Sequence[Manuscript]) -> int:
        """Add new manuscripts and renew changed ones; one a worker holds now is left to it."""
        rows = self._db.execute("SELECT name, digest FROM cs_jobs WHERE batch = %s", (self._batch,))
        known = {str(name): str(digest) for name, digest in rows}
        added = 0
        with self._db.transaction():
            for manuscript in manuscripts:
                if known.get(manuscript.name) == manuscript.digest:
                    continue
                values = (manuscript.digest, [n for n, _ in manuscript.files],
                          [c for _, c in manuscript.files], JobState.PENDING)  # fmt: skip
                if manuscript.name not in known:
                    cursor = self._db.execute(
                        "INSERT INTO cs_jobs(batch, name, digest, names, contents, state)"
                        " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                        (self._batch, manuscript.name, *values),
                    )
                else:  # skip a row a worker holds: it finishes the old version, a rerun renews
                    cursor = self._db.execute(
                        "UPDATE cs_jobs SET digest = %s, names = %s, contents = %s, state = %s,"
                        " result = NULL WHERE id = (SELECT id FROM cs_jobs WHERE batch = %s"
                        " AND name = %s FOR UPDATE SKIP LOCKED)",
                        (*values, self._batch, manuscript.name),
                    )
                added += cursor.rowcount
        return added

    def claim(self, worker: str) -> Lease | None:
        row = self._holder.execute(
            "SELECT id, name, names, contents FROM cs_jobs WHERE batch = %s AND state = %s"
            " ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
            (self._batch, JobState.PENDING),
        ).fetchone()
        if row is None:
            self._holder.rollback()
            return None
        job, name, names, contents = row
        self._db.execute("INSERT INTO cs_claims(job_id, worker) VALUES (%s, %s)", (job, worker))
        attempt = self._db.execute(
            "SELECT count(*) FROM cs_claims WHERE job_id = %s", (job,)
        ).fetchone()
        files = tuple((str(n), bytes(c)) for n, c in zip(names, contents, strict=True))
        return Lease(int(job), Manuscript(str(name), files), int(attempt[0]) if attempt else 1)

    def finish(self, claim: Lease, screened: Screened) -> None:
        self._holder.execute(
            "UPDATE cs_jobs SET state = %s, result = %s WHERE id = %s",
            (JobState.DONE, dump_result(screened), claim.id),
        )
        self._holder.commit()

    def unfinished(self) -> int:
        row = self._db.execute(
            "SELECT count(*) FROM cs_jobs WHERE batch = %s AND state <> %s",
            (self._batch, JobState.DONE),
        ).fetchone()
        return int(row[0]) if row else 0

    def held(self) -> int:
        row = self._db.execute(
            "SELECT count(*) FROM cs_jobs WHERE batch = %s", (self._batch,)
        ).fetchone()
        return int(row[0]) if row else 0

    def results(self) -> list[Screened]:
        rows = self._db.execute(
            "SELECT j.result, (SELECT count(*) FROM cs_claims AS c WHERE c.job_id = j.id)"
            " FROM cs_jobs AS j WHERE j.batch = %s AND j.state = %s ORDER BY j.name",
            (self._batch, JobState.DONE),
        ).fetchall()
        return [load_result(str(text), attempts=int(count)) for text, count in rows]

    def close(self) -> None:
        self._holder.close()
        self._db.close()


class PostgresBudget:
    """The request budget every worker of every machine draws from."""

    def __init__(self, url: str, lanes: Mapping[str, Lane]) -> None:
        self._db = connect(url)
        migrate(self._db, "batch", MIGRATIONS, url=url)
        self._lanes = lanes
        self._known: set[str] = set()
        self._lock = threading.Lock()  # one connection; the HTTP client reserves from threads

    def reserve(self, lane: str) -> float:
        lane, limit = budget_lane(lane, self._lanes)
        interval = 1 / limit.rate
        with self._lock:
            if lane not in self._known:
                self._db.execute(
                    "INSERT INTO cs_budget(lane, free) VALUES (%s, 0) ON CONFLICT DO NOTHING",
                    (lane,),
                )
                self._known.add(lane)
            row = self._db.execute(
                "WITH now AS (SELECT extract(epoch FROM clock_timestamp()) AS t)"
                " UPDATE cs_budget SET free = greatest(free, now.t - %s) + %s FROM now"
                " WHERE lane = %s RETURNING free - %s - now.t",
                ((limit.burst - 1) * interval, interval, lane, interval),
            ).fetchone()
        return max(0.0, float(row[0])) if row else 0.0

    def close(self) -> None:
        self._db.close()
