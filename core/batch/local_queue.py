"""A batch's queue in one SQLite file, for worker processes on one machine.

A worker holds a manuscript by writing its host and process id beside it; a manuscript held
by a process that no longer exists on this host is free again, so a killed worker's
manuscript is picked up by the next claim.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from cite_sentinel.core.batch.jobs import JobState, Lease, Screened
from cite_sentinel.core.batch.manuscripts import Manuscript
from cite_sentinel.core.batch.results import dump_result, load_result

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS jobs(
        id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, digest TEXT NOT NULL,
        files TEXT NOT NULL, state TEXT NOT NULL, owner TEXT, attempts INTEGER NOT NULL DEFAULT 0,
        result TEXT)""",
)


class LocalQueue:
    """The jobs table of a batch's state file (OUT/batch.sqlite)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, timeout=60, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        for statement in _SCHEMA:
            self._db.execute(statement)

    def enqueue(self, manuscripts: Sequence[Manuscript]) -> int:
        added = 0
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for manuscript in manuscripts:
                known = self._db.execute(
                    "SELECT digest FROM jobs WHERE name = ?", (manuscript.name,)
                ).fetchone()
                if known is not None and known[0] == manuscript.digest:
                    continue
                files = json.dumps([[n, c.decode("latin-1")] for n, c in manuscript.files])
                self._db.execute(
                    "INSERT INTO jobs(name, digest, files, state) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT(name) DO UPDATE SET digest = excluded.digest,"
                    " files = excluded.files, state = excluded.state, owner = NULL,"
                    " attempts = 0, result = NULL",
                    (manuscript.name, manuscript.digest, files, JobState.PENDING),
                )
                added += 1
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        return added

    def claim(self, worker: str) -> Lease | None:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            row = self._db.execute(
                "SELECT id FROM jobs WHERE state = ? ORDER BY id LIMIT 1", (JobState.PENDING,)
            ).fetchone()
            if row is None:
                held = self._db.execute(
                    "SELECT id, owner FROM jobs WHERE state = ? ORDER BY id", (JobState.RUNNING,)
                ).fetchall()
                row = next(((i,) for i, owner in held if not _alive(str(owner))), None)
            if row is None:
                self._db.execute("COMMIT")
                return None
            self._db.execute(
                "UPDATE jobs SET state = ?, owner = ?, attempts = attempts + 1 WHERE id = ?",
                (JobState.RUNNING, worker, row[0]),
            )
            name, files, attempt = self._db.execute(
                "SELECT name, files, attempts FROM jobs WHERE id = ?", (row[0],)
            ).fetchone()
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        content = tuple((n, c.encode("latin-1")) for n, c in json.loads(files))
        return Lease(int(row[0]), Manuscript(str(name), content), int(attempt))

    def finish(self, claim: Lease, screened: Screened) -> None:
        self._db.execute(
            "UPDATE jobs SET state = ?, owner = NULL, result = ? WHERE id = ?",
            (JobState.DONE, dump_result(screened), claim.id),
        )

    def unfinished(self) -> int:
        row = self._db.execute("SELECT count(*) FROM jobs WHERE state != ?", (JobState.DONE,))
        return int(row.fetchone()[0])

    def held(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM jobs").fetchone()[0])

    def results(self) -> list[Screened]:
        rows = self._db.execute(
            "SELECT result, attempts FROM jobs WHERE state = ? ORDER BY name", (JobState.DONE,)
        )
        return [load_result(str(text), attempts=int(n)) for text, n in rows]

    def close(self) -> None:
        self._db.close()


def worker_name() -> str:
    """This process as a queue knows it: host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _alive(owner: str) -> bool:
    """Whether the process holding a manuscript still runs (another host's: assumed so)."""
    host, _, pid = owner.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return not _zombie(int(pid))


def _zombie(pid: int) -> bool:
    """A killed process its parent has not yet reaped still answers signals (Linux: state Z)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[:1] == ["Z"]
