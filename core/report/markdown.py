"""The Markdown report: a summary for a pull request or a review, then each reference."""

from __future__ import annotations

from cite_sentinel.core.failing import counted_as_accepted
from cite_sentinel.core.ground.citation_support import CitationSupport
from cite_sentinel.core.model import Finding, Reference, Verdict
from cite_sentinel.core.report.summary import (
    NOT_VERIFIED,
    accepted_note,
    local_findings,
    summarize,
)
from cite_sentinel.core.result import CheckResult


def render_markdown(result: CheckResult) -> str:
    """A counts table, one section per reference (status, match, differences), local findings."""
    summary = summarize(result)
    lines = [
        "# Reference check",
        "",
        "| total | verified | miscited | fabricated | unverified | retracted |",
        "|---:|---:|---:|---:|---:|---:|",
        f"| {summary.total} | {summary.verified} | {summary.miscited} | {summary.fabricated} "
        f"| {summary.unverified} | {summary.retracted} |",
        "",
        *accepted_note(summary),
    ]
    if summary.total and not summary.judged:
        lines += [f"**Not verified.** {NOT_VERIFIED[0].upper()}{NOT_VERIFIED[1:]}.", ""]
    if result.references:
        lines += ["## References", ""]
        for reference in result.references:
            verdict = result.verdict_for(reference)
            accepted = verdict is not None and counted_as_accepted(result, verdict)
            lines += _reference(reference, verdict, accepted=accepted)
    if result.supports:
        lines += _groundedness(result.supports)
    findings = local_findings(result)
    lines += ["## Local findings", ""]
    lines += [_finding(finding) for finding in findings] or ["None."]
    return "\n".join(lines).rstrip("\n") + "\n"


def _reference(reference: Reference, verdict: Verdict | None, *, accepted: bool) -> list[str]:
    where = reference.key_location or reference.location
    status = verdict.status.value if verdict else "not verified"
    flags = "".join(f", {flag.value}" for flag in verdict.flags) if verdict else ""
    flags += ", accepted by the author" if accepted else ""
    lines = [f"### `{reference.key}`: {status}{flags}", "", f"- defined at `{where}`"]
    if where.page and reference.raw:  # a PDF: the entry as printed, for a reader to compare
        lines += ["", f"> {_text(reference.raw)}", ""]
    if verdict is None:
        return [*lines, ""]
    record = verdict.match
    if record is not None:
        lines += [
            f"- matched title: {_text(record.title)}",
            f"- source: {record.source}",
            f"- DOI: {record.identifiers.doi or 'none'}",
            f"- year: {record.year if record.year is not None else 'unknown'}",
        ]
    lines.append(f"- confidence: {verdict.confidence:.2f}")
    if verdict.reason:
        lines.append(f"- why: {_text(verdict.reason)}")
    if verdict.problems:
        lines += ["", "| field | cited | found |", "|---|---|---|"]
        lines += [f"| {p.field} | {_cell(p.cited)} | {_cell(p.found)} |" for p in verdict.problems]
    return [*lines, ""]


def _groundedness(supports: tuple[CitationSupport, ...]) -> list[str]:
    """Each claim with its badge, then each cited work's relevance and best evidence."""
    lines = ["## Groundedness", ""]
    claims: dict[tuple[str, str], list[CitationSupport]] = {}
    for support in supports:
        claims.setdefault((support.location.path, support.claim), []).append(support)
    for (path, claim), members in claims.items():
        first = members[0]
        lines += [
            f"- **{first.claim_judgement.badge.value}** {_text(claim)} "
            f"(`{path}:{first.location.line}`)",
        ]
        for support in members:
            judgement = support.judgement
            said = f"{judgement.badge.value}, evidence: {judgement.evidence_kind.value}"
            if judgement.evidence:
                said += f", relevance {judgement.relevance:.2f}"
            if judgement.verdict is not None:
                said += f", {judgement.verdict.value}"
                if judgement.quote_verified:
                    said += ", quote found in the evidence"
                said += f" ({judgement.scorer})" if judgement.scorer else ""
            lines.append(f"  - `{support.key}`: {said}")
            quote = judgement.quote or (judgement.evidence[0].text if judgement.evidence else "")
            if quote:
                lines.append(f"    > {_text(quote)}")
            if judgement.note:
                lines.append(f"    ({_text(judgement.note)})")
    return [*lines, ""]


def _finding(finding: Finding) -> str:
    return (
        f"- `{finding.location}` {finding.severity.value} ({finding.code}): "
        f"{_text(finding.message)}"
    )


def _text(value: str) -> str:
    """User text inline: no line breaks, no accidental emphasis or links."""
    escaped = " ".join(value.split())
    for char in "\\`*_[]<>":
        escaped = escaped.replace(char, "\\" + char)
    return escaped


def _cell(value: str) -> str:
    return _text(value).replace("|", "\\|") if value else "—"
