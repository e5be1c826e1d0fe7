"""One manuscript of a batch checked and verified: its counts and its reports."""

from __future__ import annotations

import time
from collections.abc import Sequence

from cite_sentinel.core.batch.jobs import Screened
from cite_sentinel.core.check import Verifier, check
from cite_sentinel.core.config import Config
from cite_sentinel.core.report.json import render_json
from cite_sentinel.core.report.markdown import render_markdown
from cite_sentinel.core.report.summary import summarize


async def screen(
    name: str, files: Sequence[str], *, config: Config, verifier: Verifier | None
) -> Screened:
    """Check a manuscript's files (paths as its reports should show them) and summarise it."""
    started = time.perf_counter()
    result = await check(list(files), config=config, verifier=verifier)
    counts = summarize(result)
    return Screened(
        name=name,
        references=counts.total,
        verified=counts.verified,
        miscited=counts.miscited,
        fabricated=counts.fabricated,
        unverified=counts.unverified,
        retracted=counts.retracted,
        errors=counts.errors,
        warnings=counts.warnings,
        seconds=round(time.perf_counter() - started, 3),
        report_json=render_json(result),
        report_markdown=render_markdown(result),
    )
