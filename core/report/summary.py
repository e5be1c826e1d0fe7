"""The counts and per-reference verdicts every report shows, computed once."""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import CheckResult, Finding, Flag, Severity, Status, Verdict

# Codes whose findings restate a verdict; reports show those through the verdicts instead.
VERDICT_CODES = frozenset(
    {
        Code.FABRICATED,
        Code.MISCITED,
        Code.RETRACTED,
        Code.WITHDRAWN,
        Code.PUBLISHED_VERSION,
        Code.UNVERIFIED,
    }
)

SEVERITY_ORDER = (Severity.ERROR, Severity.WARNING, Severity.INFO, Severity.HINT)

NOT_VERIFIED = (
    "references were not verified: no verification engine ran, so only local checks "
    "(syntax, keys, fields, identifiers) were made"
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """How many references got each verdict, and how many findings of each severity."""

    total: int = 0
    verified: int = 0
    miscited: int = 0
    fabricated: int = 0
    unverified: int = 0
    retracted: int = 0
    judged: bool = False  # whether any verdict exists at all
    errors: int = 0
    warnings: int = 0
    infos: int = 0
    hints: int = 0


def summarize(result: CheckResult) -> Summary:
    """The counts of a check: references by verdict, findings by severity."""
    by_key = verdicts_by_key(result)
    verdicts = [by_key.get(reference.key) for reference in result.references]
    statuses = [verdict.status for verdict in verdicts if verdict is not None]
    severities = [finding.severity for finding in result.findings]
    return Summary(
        total=len(result.references),
        verified=statuses.count(Status.VERIFIED),
        miscited=statuses.count(Status.MISCITED),
        fabricated=statuses.count(Status.FABRICATED),
        unverified=statuses.count(Status.UNVERIFIED),
        retracted=sum(1 for v in verdicts if v is not None and Flag.RETRACTED in v.flags),
        judged=bool(result.verdicts),
        errors=severities.count(Severity.ERROR),
        warnings=severities.count(Severity.WARNING),
        infos=severities.count(Severity.INFO),
        hints=severities.count(Severity.HINT),
    )


def verdicts_by_key(result: CheckResult) -> dict[str, Verdict]:
    """Each judged key's verdict; a key without one was not judged."""
    return {verdict.key: verdict for verdict in result.verdicts}


def local_findings(result: CheckResult) -> tuple[Finding, ...]:
    """The findings that do not restate a verdict, in file order."""
    return tuple(sorted((f for f in result.findings if f.code not in VERDICT_CODES), key=order))


def order(finding: Finding) -> tuple[str, int, int, int]:
    """Sort key: by file, then position, then the most severe first."""
    where = finding.location
    return (where.path, where.line, where.column, SEVERITY_ORDER.index(finding.severity))
