"""The real engine run on references against the fake API, timed, with a fresh cache."""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import httpx
from cite_sentinel.core.config import SOURCES
from cite_sentinel.core.http.client import HttpSettings, Lane
from cite_sentinel.core.model import Reference, SourceStatus, Status, Verdict
from cite_sentinel.core.verify.engine import Engine

# For accuracy, not pacing: the fake's limits are off and the client's lanes wide open.
UNLIMITED = HttpSettings(
    lanes={
        name: Lane(200.0, 200.0, 16)
        for name in ("openalex", "crossref", "crossref/list", "semanticscholar", "datacite", "doi")
    }
    | {"arxiv": Lane(50.0, 50.0, 4)}
)
FLAGGED = frozenset((Status.FABRICATED, Status.MISCITED))


def verify(
    env: Mapping[str, str],
    references: Sequence[Reference],
    settings: HttpSettings | None = None,
    *,
    sources: Sequence[str] = SOURCES,
    transport: httpx.AsyncBaseTransport | None = None,
) -> tuple[list[Verdict], float]:
    """The verdicts and the seconds they took, from an empty cache."""
    with tempfile.TemporaryDirectory() as cache:
        engine = Engine(
            env, cache_dir=Path(cache), settings=settings, sources=sources, transport=transport
        )
        started = time.perf_counter()
        verdicts = verified(engine, references)
        return verdicts, time.perf_counter() - started


def verified(engine: Engine, references: Sequence[Reference]) -> list[Verdict]:
    """The engine's verdicts in one event loop, its client closed after (an engine belongs
    to the loop of its first request)."""

    async def run() -> list[Verdict]:
        async with engine:
            return await engine.verify(references)

    return asyncio.run(run())


def problems(verdict: Verdict) -> str:
    """What the verdict found wrong, in one line a reader can act on."""
    found = "; ".join(f"{p.field}: cited {p.cited!r}, found {p.found!r}" for p in verdict.problems)
    failed = "; ".join(
        f"{s.name}: {s.reason}" for s in verdict.sources if s.status is SourceStatus.FAILED
    )
    return " | ".join(part for part in (found, verdict.reason, failed) if part)


def limited_out(verdict: Verdict) -> bool:
    """Whether the reference stayed unverified because an index answered 429 (rate limit)."""
    if verdict.status is not Status.UNVERIFIED:
        return False
    reasons = [s.reason.lower() for s in verdict.sources if s.status is SourceStatus.FAILED]
    reasons.append(verdict.reason.lower())
    return any("429" in r or "rate limit" in r for r in reasons)


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "n/a"
