"""Which entries `fix` may change, and how: what `check` reported, where the match is certain.

By default a change answers a finding of `check` (a miscited field, a retraction, other
pages); `complete` also adds the DOI and pages an entry lacks. A match is certain when the
verdict is verified or miscited with a calibrated confidence of at least CERTAIN_CONFIDENCE,
the cited title is the record's (a title problem means the identity itself is in doubt), the
key names one entry only, and — when the cited authors are badly wrong — the cited DOI is the
record's or both year and venue agree with it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from urllib.parse import unquote

from cite_sentinel.core.findings import Code
from cite_sentinel.core.fix.changes import Change, EntryFix, FixField, Skipped
from cite_sentinel.core.matching.fit import is_preprint
from cite_sentinel.core.model import Finding, Flag, Record, Reference, Severity, Status, Verdict
from cite_sentinel.core.workspace.verdict_placing import pages_differ

CERTAIN_CONFIDENCE = 0.9
_DOI = re.compile(r"^10\.\d{4,9}/\S+$")


def plan_fixes(
    references: Sequence[Reference],
    verdicts: Sequence[Verdict],
    *,
    published: Mapping[str, Record] | None = None,
    findings: Sequence[Finding] | None = None,
    complete: bool = False,
) -> tuple[tuple[EntryFix, ...], tuple[Skipped, ...]]:
    """The fixes to make, in file order, and the entries left alone with the reason.

    `findings` are what `check` reported on the same references (after the configuration's
    severities and allow-list): a field changes only where one of them says it is wrong
    (None: every verdict's findings count). `complete` also adds a missing DOI and pages.
    `published` maps keys of preprint citations to the published version's record; only
    those entries are replaced by their published version (`fix --published`).
    """
    published = published or {}
    by_key = {verdict.key: verdict for verdict in verdicts}
    counts = Counter(reference.key for reference in references)
    said = None if findings is None else {(finding.key, finding.code) for finding in findings}
    fixes: list[EntryFix] = []
    skipped: list[Skipped] = []
    for reference in references:
        verdict = by_key.get(reference.key)
        if verdict is None or verdict.match is None:
            continue
        reported = _Reported(reference.key, said)
        changes, reasons = _changes(
            reference, verdict, verdict.match, published.get(reference.key), reported, complete
        )
        if not changes:
            continue
        doubt = _doubt(reference, verdict, counts[reference.key])
        if doubt:
            skipped.append(Skipped(reference.key, doubt))
        else:
            fixes.append(EntryFix(reference.key, tuple(changes), tuple(reasons)))
    return tuple(fixes), tuple(skipped)


def _doubt(reference: Reference, verdict: Verdict, copies: int) -> str:
    """Why the match is not certain enough to write, or "" when it is."""
    if copies > 1:
        return f"the key {reference.key} names {copies} entries"
    if verdict.status not in (Status.VERIFIED, Status.MISCITED):
        return f"the verdict is {verdict.status.value}"
    if verdict.confidence < CERTAIN_CONFIDENCE:
        return f"confidence {verdict.confidence:.2f} is below {CERTAIN_CONFIDENCE}"
    fields = {problem.field: problem for problem in verdict.problems}
    if "title" in fields:
        return "the cited title differs from the record's, so the work itself is in doubt"
    authors = fields.get("authors")
    if authors is not None and authors.severity is Severity.ERROR:
        record = verdict.match
        same_doi = (
            record is not None
            and bool(record.identifiers.doi)
            and (reference.identifiers.doi == record.identifiers.doi)
        )
        if not same_doi and ("year" in fields or "venue" in fields):
            return "the cited authors, and year or venue, differ from the record's"
    return ""


class _Reported:
    """Whether `check` reported a finding of a code on one key."""

    def __init__(self, key: str, said: Collection[tuple[str, str]] | None) -> None:
        self._key = key
        self._said = said

    def __call__(self, code: Code) -> bool:
        return self._said is None or (self._key, code) in self._said


def _changes(
    reference: Reference,
    verdict: Verdict,
    record: Record,
    published: Record | None,
    reported: _Reported,
    complete: bool,
) -> tuple[list[Change], list[str]]:
    changes: list[Change] = []
    reasons: list[str] = []
    if published is not None and Flag.PUBLISHED_VERSION in verdict.flags:
        return _published(reference, published)
    wrong = reported(Code.MISCITED) and verdict.status is Status.MISCITED
    problems = {problem.field: problem for problem in verdict.problems} if wrong else {}
    doi = printed_doi(record)
    if doi and _DOI.match(doi):
        if not reference.identifiers.doi and complete:
            changes.append(Change(FixField.DOI, doi))
            reasons.append(f"add DOI {doi} ({record.source})")
        elif "doi" in problems and problems["doi"].severity is not Severity.INFO:
            changes.append(Change(FixField.DOI, doi))
            reasons.append(f"DOI cited {reference.identifiers.doi}, found {doi} ({record.source})")
    if "year" in problems and record.year is not None:
        changes.append(Change(FixField.YEAR, str(record.year)))
        reasons.append(f"year cited {reference.year}, found {record.year} ({record.source})")
    if "authors" in problems and record.people:
        problem = problems["authors"]
        changes.append(Change(FixField.AUTHORS, problem.found, record.people))
        reasons.append(f"authors cited {problem.cited}, found {problem.found} ({record.source})")
    if "venue" in problems and record.venue and not is_preprint(record):
        changes.append(Change(FixField.VENUE, record.venue))
        reasons.append(f"venue cited {reference.venue}, found {record.venue} ({record.source})")
    if pages_differ(reference, record) and reported(Code.PAGES_DIFFER):
        changes.append(Change(FixField.PAGES, record.pages))
        reasons.append(f"pages cited {reference.pages}, found {record.pages} ({record.source})")
    elif complete and record.pages and not reference.pages:
        changes.append(Change(FixField.PAGES, record.pages))
        reasons.append(f"add pages {record.pages} ({record.source})")
    if (
        Flag.RETRACTED in verdict.flags
        and reported(Code.RETRACTED)
        and "retracted" not in reference.field("keywords").lower()
    ):
        changes.append(Change(FixField.RETRACTED, "retracted"))
        reasons.append(f"mark as retracted ({record.source})")
    return changes, reasons


def printed_doi(record: Record) -> str:
    """The record's DOI in the letter case its registry prints (identifiers are kept in
    lower case for comparing; the record's link, a DOI URL or landing page, keeps the case)."""
    doi = record.identifiers.doi
    link = unquote(record.url)
    at = link.lower().find(doi) if doi else -1
    return link[at : at + len(doi)] if at >= 0 else doi


def _published(reference: Reference, record: Record) -> tuple[list[Change], list[str]]:
    """Every field that makes a preprint citation cite the published version."""
    pairs = [
        (FixField.KIND, record.kind),
        (FixField.DOI, printed_doi(record)),
        (FixField.VENUE, record.venue),
        (FixField.YEAR, str(record.year) if record.year else ""),
        (FixField.VOLUME, record.volume),
        (FixField.ISSUE, record.issue),
        (FixField.PAGES, record.pages),
    ]
    changes = [Change(name, value) for name, value in pairs if value]
    if record.people and len(record.people) != len(reference.people):
        changes.append(Change(FixField.AUTHORS, "", record.people))
    where = record.venue or record.identifiers.doi
    return changes, [f"replace the preprint by its published version in {where} ({record.source})"]
