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
import time
import traceback
from dataclasses import dataclass, replace
from pathlib import Path

from cite_sentinel.core import Config
from cite_sentinel.core.batch import (
    BudgetedTransport,
    Lease,
    RateBudget,
    Screened,
    open_budget,
    open_queue,
    screen,
    worker_name,
)
from cite_sentinel.core.http import Lane
from cite_sentinel.core.verify import Engine, http_settings

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
    budget = open_budget(settings.queue, budget_lanes(settings.config))
    done = 0
    name = worker_name()
    try:
        while True:
            claim = queue.claim(name)
            if claim is None:
                if queue.unfinished() == 0:
                    return done
                time.sleep(settings.poll)  # a worker holds the rest; it may die and free one
                continue
            screened = _screen(claim, settings, env, budget)
            queue.finish(claim, replace(screened, attempts=claim.attempt))
            done += 1
    finally:
        queue.close()
        close = getattr(budget, "close", None)
        if close is not None:
            close()


def budget_lanes(config: Config) -> dict[str, Lane]:
    """The budget's limits: the client's, except that Crossref's public pool is one limit for
    lists and single works together (only the polite pool limits lists on their own)."""
    lanes = dict(http_settings(config).lanes)
    if not config.mailto:
        lanes.pop("crossref/list", None)
    return lanes


def _screen(
    claim: Lease, settings: WorkerSettings, env: dict[str, str], budget: RateBudget
) -> Screened:
    manuscript = claim.manuscript
    engine = Engine(
        env,
        offline=settings.offline,
        settings=http_settings(settings.config),
        sources=settings.config.sources,
        transport=BudgetedTransport(budget, env),
    )
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
                return asyncio.run(_screened(manuscript.name, names, settings.config, engine))
            finally:
                os.chdir(home)
    except Exception as error:  # a bug on one manuscript must not stop the batch
        log.error("%s: screening failed\n%s", manuscript.name, traceback.format_exc())
        return Screened(name=manuscript.name, failure=f"internal error: {type(error).__name__}")


async def _screened(name: str, files: list[str], config: Config, engine: Engine) -> Screened:
    """Screen with the engine open for the manuscript's length (its client closed after)."""
    async with engine:
        return await screen(name, files, config=config, verifier=engine)
