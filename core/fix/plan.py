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
from dataclasses import dataclass, field
from urllib.parse import unquote

from cite_sentinel.core.findings import Code
from cite_sentinel.core.fix.changes import Change, EntryFix, FixField, Skipped
from cite_sentinel.core.fix.people import author_change
from cite_sentinel.core.lexicon.identifiers import arxiv_of_doi
from cite_sentinel.core.matching.fit import is_preprint
from cite_sentinel.core.matching.pages import completes, doi_in_pages, page_range
from cite_sentinel.core.model import (
    Finding,
    Flag,
    Problem,
    Record,
    Reference,
    Severity,
    Status,
    Verdict,
)
from cite_sentinel.core.workspace.verdict_placing import pages_differ

CERTAIN_CONFIDENCE = 0.9
_WRITTEN = frozenset({"doi", "year", "authors", "venue", "title"})  # fields answered above
_DOI = re.compile(r"^10\.\d{4,9}/\S+$")


def plan_fixes(
    references: Sequence[Reference],
    verdicts: Sequence[Verdict],
    *,
    published: Mapping[str, Record] | None = None,
    findings: Sequence[Finding] | None = None,
    complete: bool = False,
) -> tuple[tuple[EntryFix, ...], tuple[Skipped, ...]]:
    """The fixes to make, in file order, and what is left alone with the reason.

    `findings` are what `check` reported on the same references (after the configuration's
    severities and allow-list): a field changes only where one of them says it is wrong
    (None: every verdict's findings count). `complete` also adds a missing DOI and pages.
    `published` maps keys of preprint citations to the published version's record; only
    those entries are replaced by their published version (`fix --published`). A reported
    field `fix` does not change is named in a Skipped with its `field`, and why.
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
        plan = _changes(
            reference, verdict, verdict.match, published.get(reference.key), reported, complete
        )
        doubt = _doubt(reference, verdict, counts[reference.key])
        if plan.changes and doubt:
            skipped.append(Skipped(reference.key, doubt))
            continue
        if plan.changes:
            fixes.append(EntryFix(reference.key, tuple(plan.changes), tuple(plan.reasons)))
        skipped.extend(Skipped(reference.key, why, field) for field, why in plan.left)
    return tuple(fixes), tuple(skipped)


def _doubt(reference: Reference, verdict: Verdict, copies: int) -> str:
    """Why the match is not certain enough to write, or "" when it is."""
    if copies > 1:
        return f"the key {reference.key} names {copies} entries"
    if verdict.status not in (Status.VERIFIED, Status.MISCITED):
        return f"the verdict is {verdict.status.value}"
    if verdict.confidence < CERTAIN_CONFIDENCE:
        return f"confidence {verdict.confidence:.2f} is below {CERTAIN_CONFIDENCE}"
    fields = {p.field: p for p in verdict.problems if p.severity is not Severity.INFO}
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


@dataclass(slots=True)
class _Plan:
    """What one entry's fix changes, why, and the reported fields it leaves alone, and why."""

    changes: list[Change] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    left: list[tuple[str, str]] = field(default_factory=list)

    def change(self, change: Change, reason: str) -> None:
        self.changes.append(change)
        self.reasons.append(reason)


def _changes(
    reference: Reference,
    verdict: Verdict,
    record: Record,
    published: Record | None,
    reported: _Reported,
    complete: bool,
) -> _Plan:
    plan = _Plan()
    if published is not None and Flag.PUBLISHED_VERSION in verdict.flags:
        changes, reasons = _published(reference, published)
        plan.changes, plan.reasons = changes, reasons
        return plan
    wrong = reported(Code.MISCITED) and verdict.status is Status.MISCITED
    problems = {
        problem.field: problem
        for problem in verdict.problems
        if wrong and problem.severity is not Severity.INFO  # notes ask for no change
    }
    source = record.source
    _doi_change(plan, reference, record, problems, complete)
    if "year" in problems and record.year is not None:
        plan.change(
            Change(FixField.YEAR, str(record.year)),
            f"year cited {reference.year}, found {record.year} ({source})",
        )
    if "authors" in problems:
        _authors_change(plan, reference, record, problems["authors"])
    if "venue" in problems:
        if record.venue and not is_preprint(record):
            plan.change(
                Change(FixField.VENUE, record.venue),
                f"venue cited {reference.venue}, found {record.venue} ({source})",
            )
        else:
            plan.left.append(("venue", _no_venue(record)))
    if "title" in problems:
        plan.left.append(("title", "fix never changes a title; compare it with the record's"))
    for name in sorted(set(problems) - _WRITTEN):
        plan.left.append((name, f"fix does not write the {name}; correct it by hand"))
    _pages_change(plan, reference, record, reported, complete)
    if (
        Flag.RETRACTED in verdict.flags
        and reported(Code.RETRACTED)
        and "retracted" not in reference.field("keywords").lower()
    ):
        plan.change(Change(FixField.RETRACTED, "retracted"), f"mark as retracted ({source})")
    return plan


def _doi_change(
    plan: _Plan,
    reference: Reference,
    record: Record,
    problems: Mapping[str, Problem],
    complete: bool,
) -> None:
    doi = printed_doi(record)
    if not (doi and _DOI.match(doi)):
        if "doi" in problems:
            plan.left.append(("doi", "the record gives no DOI to write in its place"))
        return
    if not reference.identifiers.doi and complete:
        plan.change(Change(FixField.DOI, doi), f"add DOI {doi} ({record.source})")
    elif "doi" in problems:
        plan.change(
            Change(FixField.DOI, doi),
            f"DOI cited {reference.identifiers.doi}, found {doi} ({record.source})",
        )


def _authors_change(plan: _Plan, reference: Reference, record: Record, problem: Problem) -> None:
    """The index's list, where writing it loses no name the entry gives."""
    change = author_change(reference.people, record.people, problem.found)
    if change is None:
        plan.left.append(
            (
                "authors",
                f"the record lists fewer people ({len(record.people)}) than the entry"
                f" ({len(reference.people)}); correct the list by hand",
            )
        )
        return
    plan.change(change, f"authors cited {problem.cited}, found {problem.found} ({record.source})")


def _pages_change(
    plan: _Plan, reference: Reference, record: Record, reported: _Reported, complete: bool
) -> None:
    """Other pages, or the whole range of a cited first page (with `complete`); a DOI the
    entry keeps in its pages moves to a `doi` field rather than being lost."""
    other = pages_differ(reference, record) and reported(Code.PAGES_DIFFER)
    added = complete and bool(record.pages) and not reference.pages
    whole = complete and completes(reference.pages, record.pages)
    if not (other or added or whole):
        return
    if other and not page_range(record.pages).last and page_range(reference.pages).last:
        plan.left.append(
            (
                "pages",
                f"the record gives only the first page, {record.pages}; correct the range"
                f" {reference.pages} by hand",
            )
        )
        return
    kept = doi_in_pages(reference.pages)
    if kept and reference.identifiers.doi and kept != reference.identifiers.doi:
        plan.left.append(("pages", f"the pages field holds the DOI {kept}; move it by hand"))
        return
    if kept and not reference.identifiers.doi and not _writes(plan, FixField.DOI):
        plan.change(Change(FixField.DOI, kept), f"move the DOI {kept} out of the pages")
    if other:
        why = f"pages cited {reference.pages}, found {record.pages} ({record.source})"
    elif added:
        why = f"add pages {record.pages} ({record.source})"
    else:
        why = f"complete the pages {reference.pages} to {record.pages} ({record.source})"
    plan.change(Change(FixField.PAGES, record.pages), why)


def _pages_say_more(reference: Reference, record: Record) -> bool:
    """The record's pages are other pages, or more of them, than the entry's (a record that
    holds only the first page of the cited range says less)."""
    return (
        not reference.pages
        or pages_differ(reference, record)
        or completes(reference.pages, record.pages)
    )


def _writes(plan: _Plan, name: FixField) -> bool:
    return any(change.field is name for change in plan.changes)


def _no_venue(record: Record) -> str:
    if is_preprint(record):
        return f"the index knows only a preprint ({record.venue or 'a preprint server'})"
    return "the record names no venue to write in its place"


def printed_doi(record: Record) -> str:
    """The record's DOI in the letter case its registry prints (identifiers are kept in
    lower case for comparing; the record's link, a DOI URL or landing page, keeps the case;
    arXiv's DOIs are printed `10.48550/arXiv.…`)."""
    doi = record.identifiers.doi
    link = unquote(record.url)
    at = link.lower().find(doi) if doi else -1
    if at >= 0:
        return link[at : at + len(doi)]
    if arxiv_of_doi(doi):
        return "10.48550/arXiv." + arxiv_of_doi(doi)
    return doi


def _published(reference: Reference, record: Record) -> tuple[list[Change], list[str]]:
    """Every field that makes a preprint citation cite the published version."""
    pairs = [
        (FixField.KIND, record.kind),
        (FixField.DOI, printed_doi(record)),
        (FixField.VENUE, record.venue),
        (FixField.YEAR, str(record.year) if record.year else ""),
        (FixField.VOLUME, record.volume),
        (FixField.ISSUE, record.issue),
        (FixField.PAGES, record.pages if _pages_say_more(reference, record) else ""),
    ]
    changes = [Change(name, value) for name, value in pairs if value]
    if len(record.people) > len(reference.people):  # the published version added people
        people = author_change(reference.people, record.people)
        changes.extend([people] if people is not None else [])
    where = record.venue or record.identifiers.doi
    return changes, [f"replace the preprint by its published version in {where} ({record.source})"]
