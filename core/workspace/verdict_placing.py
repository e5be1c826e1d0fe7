"""Verdicts (and the other pages a matched record gives) become located findings for every face."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from cite_sentinel.core.findings import Code
from cite_sentinel.core.matching.pages import other_pages, page_range
from cite_sentinel.core.model import (
    Citation,
    Finding,
    Flag,
    Location,
    Problem,
    Record,
    Reference,
    Severity,
    SourceStatus,
    Status,
    Verdict,
)

_REFUSAL = re.compile(r"\bHTTP 4(?!08|29)\d\d\b")
# A cited identifier that resolves to another work is never a mere slip.
_IDENTIFIER_FIELDS = frozenset({"doi", "arxiv", "pmid", "pmcid", "isbn", "identifier"})
_MATCHED = (Status.VERIFIED, Status.MISCITED)


def verdict_findings(
    verdicts: Sequence[Verdict],
    references: Sequence[Reference],
    citations: Sequence[Citation],
    severities: Mapping[str, Severity | None] | None = None,
) -> tuple[Finding, ...]:
    """Findings for every verdict, on each reference of its key and on every citation of it.

    For one workspace, where a key names one work; `placed_findings` takes explicit places.
    """
    places: dict[str, list[Location]] = {}
    for reference in references:
        places.setdefault(reference.key, []).append(reference.key_location or reference.location)
    for citation in citations:
        places.setdefault(citation.key, []).append(citation.location)
    return placed_findings([(v, places.get(v.key, [])) for v in verdicts], severities)


def placed_findings(
    placements: Sequence[tuple[Verdict, Sequence[Location]]],
    severities: Mapping[str, Severity | None] | None = None,
) -> tuple[Finding, ...]:
    """Findings for every verdict, at each of its places (its references' keys, its citations).

    `severities` maps a finding code to the level a configuration wants (None: drop it).
    """
    severities = severities or {}
    findings: list[Finding] = []
    for verdict, places in placements:
        for code, severity, message, hint in _messages(verdict):
            level = severities.get(code, severity)
            if level is None:
                continue
            findings.extend(
                Finding(
                    code=code,
                    severity=level,
                    message=message,
                    location=where,
                    key=verdict.key,
                    hint=hint,
                )
                for where in places
            )
    return tuple(findings)


def pages_differ(reference: Reference, record: Record) -> bool:
    """Both give pages and they name other pages (`21--29` and `21–29` are the same, and a
    record holding only the first page, 21, names no other pages)."""
    return other_pages(reference.pages, record.pages)


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
                    hint=_pages_hint(reference.pages, record.pages),
                )
            )
    return tuple(findings)


def _pages_hint(cited: str, found: str) -> str:
    if page_range(cited).last and not page_range(found).last:
        return f"the first page is {found}: correct the range by hand"
    return f"correct the pages to {found} (cite-sentinel fix does)"


def _messages(verdict: Verdict) -> Iterable[tuple[Code, Severity, str, str]]:
    """(code, severity, message, hint) for each thing a verdict says."""
    key = verdict.key
    source = f" ({verdict.match.source})" if verdict.match else ""
    if verdict.status is Status.MISCITED:
        if not verdict.problems:
            yield (
                Code.MISCITED,
                Severity.WARNING,
                f"{key}: cited fields disagree with the record{source}",
                "compare the entry with the record and correct it",
            )
        for problem in verdict.problems:
            yield (
                Code.MISCITED,
                _problem_severity(problem),
                f"{key}: {_difference(problem)}{source}",
                _problem_hint(problem),
            )
    elif verdict.status is Status.FABRICATED:
        yield (
            Code.FABRICATED,
            Severity.ERROR,
            f"{key}: no index holds a matching work{_answered(verdict)}",
            verdict.reason
            or "check the title and authors against the original; remove it if it cannot be found",
        )
    elif verdict.status is Status.UNVERIFIED:
        failures = _failures(verdict)
        why = verdict.reason or failures or "no source could decide"
        if _refused(verdict):
            hint = (
                "an index refused the request itself, so running again will not help: check"
                " this reference by hand, and report the refusal to cite-sentinel"
            )
        elif failures:
            hint = (
                "run the check again when the sources are reachable, or check this reference"
                " by hand"
            )
        else:
            hint = (
                "check this reference by hand; accept it with an [[allow]] table when it is right"
            )
        yield Code.UNVERIFIED, Severity.INFO, f"{key}: not verified: {why}", hint
    yield from _flag_messages(verdict, source)


def _flag_messages(verdict: Verdict, source: str) -> Iterable[tuple[Code, Severity, str, str]]:
    key = verdict.key
    if Flag.RETRACTED in verdict.flags:
        yield (
            Code.RETRACTED,
            Severity.ERROR,
            f"{key}: the cited work has been retracted{source}",
            "cite a retracted work only to discuss its retraction",
        )
    if Flag.WITHDRAWN in verdict.flags:
        yield (
            Code.WITHDRAWN,
            Severity.WARNING,
            f"{key}: the cited work has been withdrawn{source}",
            "cite a version that was not withdrawn, or remove the citation",
        )
    if Flag.PUBLISHED_VERSION in verdict.flags:
        found = _published_version(verdict)
        yield (
            Code.PUBLISHED_VERSION,
            Severity.INFO,
            f"{key}: a preprint is cited; a published version exists{found}{source}",
            "cite the published version (cite-sentinel fix --published writes it)",
        )


def _published_version(verdict: Verdict) -> str:
    """ ": Journal of Nets 2021, doi 10.1/x": where the published version appeared."""
    published = verdict.published
    doi = (published.identifiers.doi if published else "") or (
        verdict.match.published_doi if verdict.match else ""
    )
    where = ""
    if published is not None and published.venue:
        where = published.venue + (f" {published.year}" if published.year else "")
    named = ", ".join(part for part in (where, f"doi {doi}" if doi else "") if part)
    return f": {named}" if named else ""


def _problem_severity(problem: Problem) -> Severity:
    if problem.field.lower() in _IDENTIFIER_FIELDS:
        return Severity.ERROR
    return problem.severity


def _difference(problem: Problem) -> str:
    cited, found = _shown(problem.cited), _shown(problem.found)
    if not problem.cited:
        return f"{problem.field} not cited, found {found}"
    if not problem.found:
        return f"{problem.field} cited {cited}, the record has none"
    return f"{problem.field} cited {cited}, found {found}"


def _shown(value: str) -> str:
    return f'"{value}"' if " " in value or "," in value else value


def _problem_hint(problem: Problem) -> str:
    if problem.field.lower() in _IDENTIFIER_FIELDS:
        return f"the {problem.field} belongs to another work: correct it or remove it"
    return f"correct the {problem.field} to {_shown(problem.found)}" if problem.found else ""


def _answered(verdict: Verdict) -> str:
    names = [s.name for s in verdict.sources if s.status is SourceStatus.ANSWERED]
    return f" ({', '.join(names)} answered)" if names else ""


def _refused(verdict: Verdict) -> bool:
    """Every failed index refused the request (HTTP 4xx other than a rate limit or a
    timeout): the same request will be refused again."""
    failed = [s.reason for s in verdict.sources if s.status is SourceStatus.FAILED]
    return bool(failed) and all(_REFUSAL.search(reason) for reason in failed)


def _failures(verdict: Verdict) -> str:
    failed = [
        f"{s.name}: {s.reason}" if s.reason else s.name
        for s in verdict.sources
        if s.status is SourceStatus.FAILED
    ]
    return f"sources failed ({'; '.join(failed)})" if failed else ""
