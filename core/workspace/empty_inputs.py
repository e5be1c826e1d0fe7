"""Files that hold nothing to check say so, rather than letting a check pass in silence."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Location, Read, Severity
from cite_sentinel.core.sources import BIBLIOGRAPHY_SUFFIXES

_LISTS = BIBLIOGRAPHY_SUFFIXES | {".txt"}


def empty_input_findings(
    reads: Sequence[tuple[str, Read]], named: Collection[str]
) -> tuple[Finding, ...]:
    """A note on each bibliography without a reference, and on each file named on the command
    line without a reference or citation; a warning when nothing read holds either (the check
    would otherwise pass having checked nothing)."""
    nothing = not any(read.references or read.citations for _, read in reads)
    severity = Severity.WARNING if nothing else Severity.INFO
    findings: list[Finding] = []
    for path, read in reads:
        if read.references or read.citations:
            continue
        listed = Path(path).suffix.lower() in _LISTS
        if not listed and path not in named:
            continue  # a folder's README: not meant as a manuscript
        what = "no reference: the file has no entry" if listed else "no citation and no reference"
        findings.append(
            Finding(
                code=Code.NO_REFERENCES,
                severity=severity,
                message=f"nothing to check: {what}",
                location=Location.point(path, 1, 1),
                hint="check that this is the file you meant to check",
            )
        )
    return tuple(findings)
