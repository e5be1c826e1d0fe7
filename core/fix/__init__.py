"""Repair a bibliography from verified metadata, changing nothing the repair does not need."""

from cite_sentinel.core.fix.allow_table import allow_table
from cite_sentinel.core.fix.bibentry import bibtex_entry
from cite_sentinel.core.fix.changes import Change, EntryFix, FixField, Skipped
from cite_sentinel.core.fix.csl_names import csl_name
from cite_sentinel.core.fix.entry_to_cite import citation_key, entry_to_cite
from cite_sentinel.core.fix.people import author_change
from cite_sentinel.core.fix.plan import CERTAIN_CONFIDENCE, plan_fixes, printed_doi
from cite_sentinel.core.fix.published import published_versions
from cite_sentinel.core.fix.record_entries import record_bibtex, record_csl, record_kind
from cite_sentinel.core.fix.reference_entries import reference_bibtex, reference_csl
from cite_sentinel.core.fix.rewrite import FIXABLE_SUFFIXES, rewrite, rewrite_entry, unified_diff

__all__ = [
    "CERTAIN_CONFIDENCE",
    "FIXABLE_SUFFIXES",
    "Change",
    "EntryFix",
    "FixField",
    "Skipped",
    "allow_table",
    "author_change",
    "bibtex_entry",
    "citation_key",
    "csl_name",
    "entry_to_cite",
    "plan_fixes",
    "printed_doi",
    "published_versions",
    "record_bibtex",
    "record_csl",
    "record_kind",
    "reference_bibtex",
    "reference_csl",
    "rewrite",
    "rewrite_entry",
    "unified_diff",
]
