"""A batch worker process: take a manuscript from the queue, screen it, store its result, repeat.

Each manuscript is written into a fresh temporary folder and checked from there, so its
reports name its files as the manuscript does (`paper.tex:12:3`), whichever machine runs it.
A bug while screening one manuscript is recorded as that manuscript's failure; the worker
goes on with the next.
"""

from __future__ import annotations

import asyncio
import logging
import os
import tempfile
import traceback
from dataclasses import dataclass, replace
from pathlib import Path

from cite_sentinel.core import CheckSession, Config
from cite_sentinel.core.batch import (
    BudgetedTransport,
    JobQueue,
    Lease,
    RateBudget,
    Screened,
    open_budget,
    open_queue,
    screen,
    worker_name,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True, kw_only=True)
class WorkerSettings:
    """What every worker process of a batch is started with."""

    queue: str  # a postgresql:// URL, or the batch's state file
    batch: str
    env: tuple[tuple[str, str], ...]
    config: Config
    offline: bool = False
    poll: float = 0.5  # seconds between looks at a queue whose last manuscripts others hold


def run_worker(settings: WorkerSettings) -> int:
    """Work until no manuscript is left (pending or held by another worker); how many it did."""
    env = dict(settings.env)
    queue = open_queue(settings.queue, settings.batch)
    budget = open_budget(settings.queue, settings.config)
    try:
        return asyncio.run(_work(settings, env, queue, budget))
    finally:
        queue.close()
        close = getattr(budget, "close", None)
        if close is not None:
            close()


async def _work(
    settings: WorkerSettings, env: dict[str, str], queue: JobQueue, budget: RateBudget
) -> int:
    """One check session for the worker's life, its requests within the batch's budget."""
    session = CheckSession(
        settings.config, env, offline=settings.offline, transport=BudgetedTransport(budget, env)
    )
    done = 0
    name = worker_name()
    async with session:
        while True:
            claim = queue.claim(name)
            if claim is None:
                if queue.unfinished() == 0:
                    return done
                await asyncio.sleep(settings.poll)  # a worker holds the rest; it may die
                continue
            screened = await _screen(claim, session)
            queue.finish(claim, replace(screened, attempts=claim.attempt))
            done += 1


async def _screen(claim: Lease, session: CheckSession) -> Screened:
    """Screen a manuscript from a fresh folder holding its files, so that its reports name
    them as the manuscript does; a bug on it is its failure, and the batch goes on."""
    manuscript = claim.manuscript
    home = os.getcwd()
    try:
        with tempfile.TemporaryDirectory(prefix="cite-sentinel-batch-") as folder:
            root = Path(folder)
            for relative, content in manuscript.files:
                target = root / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(content)
            os.chdir(root)
            try:
                names = [relative for relative, _ in manuscript.files]
                return await screen(manuscript.name, names, session)
            finally:
                os.chdir(home)
    except Exception as error:  # a bug on one manuscript must not stop the batch
        log.error("%s: screening failed\n%s", manuscript.name, traceback.format_exc())
        return Screened(name=manuscript.name, failure=f"internal error: {type(error).__name__}")
