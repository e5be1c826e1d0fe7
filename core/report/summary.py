"""The counts every report shows, computed once: overall, and per manuscript for batches."""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass

from cite_sentinel.core.failing import counted_as_accepted
from cite_sentinel.core.findings import VERDICT_CODES
from cite_sentinel.core.model import Citation, Finding, Flag, Severity, SourceStatus, Status
from cite_sentinel.core.result import CheckResult

SEVERITY_ORDER = (Severity.ERROR, Severity.WARNING, Severity.INFO, Severity.HINT)
_CATALOG = "catalog"  # the local catalog's name on a verdict (core.verify.backends.catalog)

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
    accepted: int = 0  # accepted by the author while their verdict says something is wrong
    judged: bool = False  # whether any verdict exists at all
    errors: int = 0
    warnings: int = 0
    infos: int = 0
    hints: int = 0


def summarize(result: CheckResult) -> Summary:
    """The counts of a check: references by verdict, findings by severity. A reference the
    author accepted whose verdict says something is wrong counts as accepted, not under its
    verdict (core.failing)."""
    judged = [result.verdict_for(reference) for reference in result.references]
    verdicts = [v for v in judged if v is not None and not counted_as_accepted(result, v)]
    statuses = [verdict.status for verdict in verdicts]
    severities = [finding.severity for finding in result.findings]
    return Summary(
        total=len(result.references),
        verified=statuses.count(Status.VERIFIED),
        miscited=statuses.count(Status.MISCITED),
        fabricated=statuses.count(Status.FABRICATED),
        unverified=statuses.count(Status.UNVERIFIED),
        retracted=sum(1 for v in verdicts if Flag.RETRACTED in v.flags),
        accepted=sum(1 for v in judged if v is not None and counted_as_accepted(result, v)),
        judged=bool(result.verdicts),
        errors=severities.count(Severity.ERROR),
        warnings=severities.count(Severity.WARNING),
        infos=severities.count(Severity.INFO),
        hints=severities.count(Severity.HINT),
    )


def accepted_note(summary: Summary) -> list[str]:
    """The Markdown line under a counts table naming the accepted references, if any (they are
    in no column: the author accepted them although their verdict says something is wrong)."""
    if not summary.accepted:
        return []
    return [f"{summary.accepted} accepted by the author, not counted under their verdict.", ""]


def unavailable(result: CheckResult) -> int:
    """How many verdicts are unverified because a source failed (not checked at all)."""
    return sum(
        1
        for verdict in result.verdicts
        if verdict.status is Status.UNVERIFIED
        and any(source.status is SourceStatus.FAILED for source in verdict.sources)
    )


def failing_sources(result: CheckResult) -> list[str]:
    """Indexes that failed for an unverified reference, grouped by their most frequent reason:
    "could not ask" those that answered for no reference, "failed for N references" the others
    (a source that did answer must not read as unreachable)."""
    reasons: dict[str, Counter[str]] = {}
    answered: set[str] = set()
    for verdict in result.verdicts:
        for source in verdict.sources:
            if source.status is SourceStatus.ANSWERED:
                answered.add(source.name)
            elif source.status is SourceStatus.FAILED and verdict.status is Status.UNVERIFIED:
                reasons.setdefault(source.name, Counter())[source.reason or "failed"] += 1
    grouped: dict[tuple[str, bool], list[str]] = {}
    for name, counted in reasons.items():
        key = (counted.most_common(1)[0][0], name in answered)
        grouped.setdefault(key, []).append(name)
    said: list[str] = []
    for (reason, partly), names in grouped.items():
        if partly:
            failures = max(reasons[name].total() for name in names)
            noun = "reference" if failures == 1 else "references"
            said.append(f"{', '.join(names)} failed for {failures} {noun} ({reason})")
        else:
            said.append(f"could not ask {', '.join(names)} ({reason})")
    return said


def settled_by_catalog(result: CheckResult) -> list[str]:
    """The references the local catalog judged alone, with no index asked, counted by the
    dump whose records it holds: a reader must see that no online index spoke."""
    counts: Counter[str] = Counter()
    for reference in result.references:
        verdict = result.verdict_for(reference)
        if verdict is None:
            continue
        catalog = [s for s in verdict.sources if s.name == _CATALOG]
        alone = all(s.status is SourceStatus.SKIPPED for s in verdict.sources if s.name != _CATALOG)
        if catalog and catalog[0].status is SourceStatus.ANSWERED and alone:
            counts[catalog[0].reason] += 1
    return [f"{count} by the local catalog ({reason})" for reason, count in counts.most_common()]


def local_findings(result: CheckResult) -> tuple[Finding, ...]:
    """The findings that do not restate a verdict, in file order."""
    return tuple(sorted((f for f in result.findings if f.code not in VERDICT_CODES), key=order))


def order(finding: Finding) -> tuple[str, int, int, int]:
    """Sort key: by file, then position, then the most severe first."""
    where = finding.location
    return (where.path, where.line, where.column, SEVERITY_ORDER.index(finding.severity))


@dataclass(frozen=True, slots=True, kw_only=True)
class ManuscriptRow:
    """One manuscript of a batch: what it cites, how those references fared, its findings."""

    path: str
    citations: int = 0
    references: int = 0  # distinct keys cited
    verified: int = 0
    miscited: int = 0
    fabricated: int = 0
    unverified: int = 0
    retracted: int = 0
    errors: int = 0  # findings located in the manuscript
    warnings: int = 0


ROW_FIELDS = (
    "path",
    "citations",
    "references",
    "verified",
    "miscited",
    "fabricated",
    "unverified",
    "retracted",
    "errors",
    "warnings",
)


def manuscript_rows(result: CheckResult) -> tuple[ManuscriptRow, ...]:
    """A row per file that cites something (per file when none does: a bibliography's row
    counts its entries), worst first.

    Worst means most fabricated, then retracted, errors, miscited, warnings; then by path.
    """
    cited: dict[str, list[Citation]] = {}
    for citation in result.citations:
        cited.setdefault(citation.location.path, []).append(citation)
    paths = list(cited) or list(result.files)
    rows = [_row(path, cited.get(path, []), result) for path in paths]
    return tuple(sorted(rows, key=_worst_first))


def render_summary_markdown(result: CheckResult) -> str:
    """The per-manuscript table in Markdown, worst manuscript first."""
    header = "| " + " | ".join(ROW_FIELDS) + " |"
    rule = "|---|" + "---:|" * (len(ROW_FIELDS) - 1)
    lines = [header, rule]
    for row in manuscript_rows(result):
        cells = [f"`{row.path}`", *(str(getattr(row, name)) for name in ROW_FIELDS[1:])]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"


def render_summary_csv(result: CheckResult) -> str:
    """The per-manuscript table as CSV with a header row, worst manuscript first."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(ROW_FIELDS)
    for row in manuscript_rows(result):
        writer.writerow([getattr(row, name) for name in ROW_FIELDS])
    return buffer.getvalue()


def _row(path: str, citations: list[Citation], result: CheckResult) -> ManuscriptRow:
    """A manuscript's row counts the works it cites; a bibliography checked on its own (it
    cites nothing), its entries. One the author accepted is in no verdict's column."""
    if citations:
        distinct = {citation.key: result.verdict_for_citation(citation) for citation in citations}
        found = list(distinct.values())
    else:
        found = [result.verdict_for(r) for r in result.references if r.location.path == path]
    verdicts = [v for v in found if v is not None and not counted_as_accepted(result, v)]
    statuses = [verdict.status for verdict in verdicts]
    here = [f.severity for f in result.findings if f.location.path == path]
    return ManuscriptRow(
        path=path,
        citations=len(citations),
        references=len(found),
        verified=statuses.count(Status.VERIFIED),
        miscited=statuses.count(Status.MISCITED),
        fabricated=statuses.count(Status.FABRICATED),
        unverified=statuses.count(Status.UNVERIFIED),
        retracted=sum(1 for verdict in verdicts if Flag.RETRACTED in verdict.flags),
        errors=here.count(Severity.ERROR),
        warnings=here.count(Severity.WARNING),
    )


def _worst_first(row: ManuscriptRow) -> tuple[int, int, int, int, int, str]:
    return (-row.fabricated, -row.retracted, -row.errors, -row.miscited, -row.warnings, row.path)
