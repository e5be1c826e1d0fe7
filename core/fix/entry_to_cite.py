"""The BibTeX entry to cite for a verified reference: the author's own, corrected where `fix`
would correct it, else the matched record's, and a note saying which."""

from __future__ import annotations

import re

from cite_sentinel.core.errors import CiteSentinelError
from cite_sentinel.core.fix.plan import plan_fixes
from cite_sentinel.core.fix.record_entries import record_bibtex
from cite_sentinel.core.fix.rewrite import rewrite_entry
from cite_sentinel.core.matching.titles import fold
from cite_sentinel.core.model import Record, Reference, Status, Verdict

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
    return record_bibtex(reference.key or citation_key(record), record).strip(), note


def citation_key(record: Record) -> str:
    """A key in the usual form: first author's family name, year, first word of the title."""
    family = record.people[0].family or record.people[0].literal if record.people else ""
    words = [w for w in _KEY_WORD.findall(fold(record.title).lower()) if w not in _SKIPPED_WORDS]
    name = "".join(_KEY_WORD.findall(fold(family).lower()))
    key = f"{name}{record.year or ''}{words[0] if words else ''}"
    return key or record.id.rsplit("/", 1)[-1] or "work"
