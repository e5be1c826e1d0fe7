"""The batch queues (SQLite on one machine, PostgreSQL across): each manuscript finished once,
a dead worker's manuscript taken again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cite_sentinel.core.batch.jobs import JobQueue, Screened
from cite_sentinel.core.batch.local_queue import LocalQueue
from cite_sentinel.core.batch.manuscripts import Manuscript
from cite_sentinel.core.batch.postgres_queue import PostgresQueue

MANUSCRIPTS = [Manuscript(f"m{n}", ((f"m{n}.bib", b"@misc{x, title={T}}"),)) for n in range(4)]


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "batch.sqlite")
    return str(request.getfixturevalue("postgres_url"))


def open_queue(location: str) -> JobQueue:
    if location.startswith("postgresql://"):
        return PostgresQueue(location, "pc-12")
    return LocalQueue(Path(location))


def test_two_workers_never_hold_the_same_manuscript_and_each_is_finished_once(
    location: str,
) -> None:
    first, second = open_queue(location), open_queue(location)
    assert first.enqueue(MANUSCRIPTS) == 4 and second.enqueue(MANUSCRIPTS) == 0
    held = set()
    for queue, worker in ((first, "host:1"), (second, "host:2")) * 2:
        claim = queue.claim(worker)
        assert claim is not None and claim.manuscript.name not in held
        held.add(claim.manuscript.name)
        queue.finish(claim, Screened(name=claim.manuscript.name, references=1))
    assert first.claim("host:1") is None and second.unfinished() == 0
    assert [(r.name, r.attempts) for r in second.results()] == [(m.name, 1) for m in MANUSCRIPTS]
    first.close()
    second.close()


def test_a_manuscript_held_by_a_killed_worker_is_taken_again(location: str) -> None:
    queue = open_queue(location)
    queue.enqueue(MANUSCRIPTS[:1])
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD, location],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "m0"
        assert queue.claim("host:9") is None and queue.unfinished() == 1  # held by the living
    finally:
        holder.kill()
        holder.wait(timeout=30)
    claim = _claim_within(queue, seconds=30)
    assert claim.manuscript.name == "m0" and claim.attempt == 2
    queue.finish(claim, Screened(name="m0"))
    assert [(r.name, r.attempts) for r in queue.results()] == [("m0", 2)]
    queue.close()


def test_a_changed_manuscript_is_queued_again_and_an_unchanged_one_is_not(location: str) -> None:
    queue = open_queue(location)
    queue.enqueue(MANUSCRIPTS[:2])
    for _ in range(2):
        claim = queue.claim("host:1")
        assert claim is not None
        queue.finish(claim, Screened(name=claim.manuscript.name))
    edited = Manuscript("m1", (("m1.bib", b"@misc{y, title={New}}"),))
    assert queue.enqueue([MANUSCRIPTS[0], edited]) == 1
    assert [r.name for r in queue.results()] == ["m0"] and queue.unfinished() == 1
    queue.close()


def _claim_within(queue: JobQueue, *, seconds: float) -> object:
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        claim = queue.claim("host:9")
        if claim is not None:
            return claim
        time.sleep(0.05)  # PostgreSQL notices the dead connection within moments
    raise AssertionError("the killed worker's manuscript was never freed")


_HOLD = """
import sys, time
from pathlib import Path
from cite_sentinel.core.batch.local_queue import LocalQueue, worker_name
from cite_sentinel.core.batch.postgres_queue import PostgresQueue
location = sys.argv[1]
if location.startswith("postgresql://"):
    queue = PostgresQueue(location, "pc-12")
else:
    queue = LocalQueue(Path(location))
claim = queue.claim(worker_name())
print(claim.manuscript.name, flush=True)
time.sleep(600)
"""
