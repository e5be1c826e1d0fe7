"""Findings become LSP diagnostics: severity, code, documentation link, related places, data."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cite_sentinel.core import Code, Finding, Location, Severity, Verdict, documentation_url
from cite_sentinel.lsp.convert import uri_of
from lsprotocol import types

SOURCE = "cite-sentinel"
_SEVERITIES = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}

RangeOf = Callable[[Location], types.Range]


def diagnostic(finding: Finding, range_of: RangeOf, verdict: Verdict | None) -> types.Diagnostic:
    """One finding as the client shows it; `data` carries what a code action needs."""
    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri_of(where.path), range=range_of(where)),
            message="first defined here" if finding.code == Code.DUPLICATE_KEY else "see here",
        )
        for where in finding.related
    ]
    return types.Diagnostic(
        range=range_of(finding.location),
        message=finding.message,
        severity=_SEVERITIES[finding.severity],
        code=str(finding.code),
        code_description=types.CodeDescription(href=documentation_url(finding.code)),
        source=SOURCE,
        related_information=related or None,
        tags=[types.DiagnosticTag.Unnecessary] if finding.code == Code.UNUSED_ENTRY else None,
        data=diagnostic_data(finding, verdict),
    )


def diagnostic_data(finding: Finding, verdict: Verdict | None) -> dict[str, Any]:
    """The JSON the code actions read back: the key, the file, and the verified record."""
    data: dict[str, Any] = {
        "key": finding.key,
        "code": str(finding.code),
        "path": finding.location.path,
    }
    if verdict is not None:
        data["status"] = str(verdict.status)
        data["problems"] = [[p.field, p.cited, p.found] for p in verdict.problems]
        if verdict.match is not None:
            record = verdict.match
            data["match"] = {
                "source": record.source,
                "title": record.title,
                "authors": [p.display for p in record.people],
                "families": [p.family or p.literal for p in record.people],
                "people": [[p.family, p.given, p.von, p.suffix, p.literal] for p in record.people],
                "year": record.year,
                "venue": record.venue,
                "volume": record.volume,
                "issue": record.issue,
                "pages": record.pages,
                "doi": record.identifiers.doi,
                "published_doi": record.published_doi,
                "kind": record.kind,
            }
    return data


def by_uri(
    findings: Mapping[str, Sequence[Finding]],
    ranges: Callable[[str], RangeOf],
    verdict_of: Callable[[Finding], Verdict | None],
) -> dict[str, list[types.Diagnostic]]:
    """Diagnostics per file URI, each file's locations converted with its own lines, each
    with the verdict it tells of."""
    result: dict[str, list[types.Diagnostic]] = {}
    for path, found in findings.items():
        range_of = ranges(path)
        result[uri_of(path)] = [diagnostic(f, range_of, verdict_of(f)) for f in found]
    return result
