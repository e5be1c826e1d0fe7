"""Cited pages that differ from the record's: a note `check` gives and `fix` corrects."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Record, Reference, Severity, Status, Verdict

_PAGE_NUMBERS = re.compile(r"[0-9A-Za-z]+")
_MATCHED = (Status.VERIFIED, Status.MISCITED)


def pages_differ(reference: Reference, record: Record) -> bool:
    """Both give pages and they name other pages (`21--29` and `21–29` are the same)."""
    return bool(reference.pages and record.pages) and _numbers(reference.pages) != _numbers(
        record.pages
    )


def page_findings(
    references: Sequence[Reference],
    verdicts: Sequence[Verdict],
    severities: Mapping[str, Severity | None] | None = None,
) -> tuple[Finding, ...]:
    """A note on each entry whose matched record gives other pages, so that nothing `fix`
    changes goes unreported by `check`."""
    level = (severities or {}).get(Code.PAGES_DIFFER, Severity.INFO)
    if level is None:
        return ()
    by_subject = {(verdict.key, verdict.subject): verdict for verdict in verdicts}
    findings: list[Finding] = []
    for reference in references:
        verdict = by_subject.get((reference.key, reference.signature)) or by_subject.get(
            (reference.key, "")
        )
        record = verdict.match if verdict is not None else None
        if verdict is None or record is None or verdict.status not in _MATCHED:
            continue
        if pages_differ(reference, record):
            findings.append(
                Finding(
                    code=Code.PAGES_DIFFER,
                    severity=level,
                    message=f"{reference.key}: pages cited {reference.pages}, "
                    f"found {record.pages} ({record.source})",
                    location=reference.key_location or reference.location,
                    key=reference.key,
                    hint=f"correct the pages to {record.pages} (cite-sentinel fix does)",
                )
            )
    return tuple(findings)


def _numbers(pages: str) -> tuple[str, ...]:
    return tuple(_PAGE_NUMBERS.findall(pages))
