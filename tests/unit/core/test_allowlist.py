"""An accepted reference raises no verdict finding; its local findings and others' stay."""

from __future__ import annotations

from cite_sentinel.core import CheckResult, Finding, Identifiers, Location, Reference, Severity
from cite_sentinel.core.allowlist import accept
from cite_sentinel.core.config import Allowed


def _finding(key: str, code: str) -> Finding:
    return Finding(
        code=code,
        severity=Severity.ERROR,
        message=key,
        location=Location.point("r.bib", 1, 1),
        key=key,
    )


def _result() -> CheckResult:
    references = (
        Reference(key="report2020", location=Location.point("r.bib", 1, 1)),
        Reference(
            key="press2024",
            location=Location.point("r.bib", 9, 1),
            identifiers=Identifiers(doi="10.1000/abc"),
        ),
        Reference(key="ghost2021", location=Location.point("r.bib", 19, 1)),
    )
    findings = (
        _finding("report2020", "fabricated"),
        _finding("report2020", "malformed-doi"),
        _finding("press2024", "fabricated"),
        _finding("ghost2021", "fabricated"),
    )
    return CheckResult(references=references, findings=findings)


def test_references_allowed_by_key_or_doi_lose_their_verdict_findings_only() -> None:
    allow = (Allowed(key="report2020", reason="a report"), Allowed(doi="10.1000/abc", reason="x"))
    kept = {(f.key, f.code) for f in accept(_result(), allow).findings}
    assert kept == {("report2020", "malformed-doi"), ("ghost2021", "fabricated")}
