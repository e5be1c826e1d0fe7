"""One manuscript of a batch checked and verified: its counts and its reports."""

from __future__ import annotations

import time
from collections.abc import Sequence

from cite_sentinel.core.batch.jobs import Screened
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Severity
from cite_sentinel.core.report.json import render_json
from cite_sentinel.core.report.markdown import render_markdown
from cite_sentinel.core.report.summary import summarize
from cite_sentinel.core.result import CheckResult
from cite_sentinel.core.session import CheckSession


async def screen(name: str, files: Sequence[str], session: CheckSession) -> Screened:
    """Check a manuscript's files (paths as its reports should show them) through the
    worker's session, and summarise it."""
    started = time.perf_counter()
    result = await session.check(list(files))
    counts = summarize(result)
    return Screened(
        name=name,
        references=counts.total,
        verified=counts.verified,
        miscited=counts.miscited,
        fabricated=counts.fabricated,
        unverified=counts.unverified,
        retracted=counts.retracted,
        accepted=counts.accepted,
        errors=counts.errors,
        warnings=counts.warnings,
        seconds=round(time.perf_counter() - started, 3),
        report_json=render_json(result),
        report_markdown=render_markdown(result),
        flagged=_flagged(result),
        unreadable=_unreadable(result),
    )


def _unreadable(result: CheckResult) -> tuple[str, ...]:
    """The files that could not be read (a manuscript, or a bibliography it names), with why
    where a finding says it."""
    why = {
        f.location.path: f.message.removeprefix(f"cannot read {f.location.path}: ")
        for f in result.findings
        if f.code == Code.UNREADABLE_FILE
    }
    return tuple(f"{path}: {why[path]}" if path in why else path for path in result.unreadable)


def _flagged(result: CheckResult) -> tuple[str, ...]:
    """Each reference a verdict finding warns about (not one the author accepted), once."""
    said: dict[str, str] = {}
    for finding in result.findings:
        serious = finding.severity in (Severity.ERROR, Severity.WARNING)
        if finding.code in _FLAGGING and serious and finding.key:
            said.setdefault(finding.key, str(finding.code))
    return tuple(f"{key} ({code})" for key, code in said.items())


_FLAGGING = frozenset({Code.FABRICATED, Code.RETRACTED, Code.WITHDRAWN, Code.MISCITED})
