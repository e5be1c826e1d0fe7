"""The BibTeX entries the tools hand out, written by core.fix the way `fix` writes them."""

from __future__ import annotations

import re

from cite_sentinel.core import CiteSentinelError, Record, Reference, Status, Verdict
from cite_sentinel.core.fix import (
    ENTRY_TYPES,
    Change,
    FixField,
    bibtex_entry,
    plan_fixes,
    printed_doi,
    rewrite_entry,
)
from cite_sentinel.core.matching import fold

_PROCEEDINGS_WORDS = ("proceedings", "conference", "workshop", "symposium")
_KEY_WORD = re.compile(r"[a-z0-9]+")
_SKIPPED_WORDS = frozenset({"a", "an", "the", "on", "of", "in", "for", "to", "and", "with"})


def entry_to_cite(reference: Reference, verdict: Verdict) -> tuple[str | None, str]:
    """The entry to cite for a verified or miscited reference, and a note saying how it was made.

    A BibTeX reference keeps its own text where `fix` could correct it with certainty (the
    wrong fields changed, a missing DOI and pages added); otherwise the entry is written from
    the matched record, under the reference's key.
    """
    record = verdict.match
    if record is None or verdict.status not in (Status.VERIFIED, Status.MISCITED):
        return None, ""
    note = "written from the matched record"
    if reference.source_format == "bibtex" and reference.raw:
        fixes, skipped = plan_fixes([reference], [verdict], complete=True)
        if fixes:
            try:
                corrected = rewrite_entry(reference.raw, fixes[0]).strip()
            except CiteSentinelError as error:
                note = f"written from the matched record ({error})"
            else:
                return corrected, "your entry, corrected: " + "; ".join(fixes[0].reasons)
        elif skipped:
            reason = skipped[0].reason
            note = f"written from the matched record; your entry was not corrected: {reason}"
        else:
            return reference.raw.strip(), "your entry agrees with the record"
    return record_entry(reference.key or citation_key(record), record), note


def record_entry(key: str, record: Record) -> str:
    """A BibTeX entry with every field the record gives."""
    kind = _entry_type(record)
    changes = [
        Change(FixField.AUTHORS, "", record.people),
        Change(FixField.TITLE, record.title),
        Change(FixField.VENUE, "" if kind == "misc" else record.venue),
        Change(FixField.YEAR, str(record.year or "")),
        Change(FixField.VOLUME, record.volume),
        Change(FixField.ISSUE, record.issue),
        Change(FixField.PAGES, record.pages),
        Change(FixField.DOI, printed_doi(record)),
    ]
    return bibtex_entry(key, kind, changes).strip()


def citation_key(record: Record) -> str:
    """A key in the usual form: first author's family name, year, first word of the title."""
    family = record.people[0].family or record.people[0].literal if record.people else ""
    words = [w for w in _KEY_WORD.findall(fold(record.title).lower()) if w not in _SKIPPED_WORDS]
    name = "".join(_KEY_WORD.findall(fold(family).lower()))
    key = f"{name}{record.year or ''}{words[0] if words else ''}"
    return key or record.id.rsplit("/", 1)[-1] or "work"


def _entry_type(record: Record) -> str:
    """The BibTeX type for the index's type of work; a preprint is @misc."""
    if record.is_preprint or record.kind in {"posted-content", "preprint"}:
        return "misc"
    known = ENTRY_TYPES.get(record.kind)
    if known and known != "article":
        return known
    venue = record.venue.lower()
    if any(word in venue for word in _PROCEEDINGS_WORDS):
        return "inproceedings"  # OpenAlex calls every paper an article
    return known or "article"
