"""Repair a bibliography from verified metadata, changing nothing the repair does not need."""

from cite_sentinel.core.fix.allow_table import allow_table
from cite_sentinel.core.fix.bibentry import bibtex_entry
from cite_sentinel.core.fix.changes import Change, EntryFix, FixField, Skipped
from cite_sentinel.core.fix.plan import CERTAIN_CONFIDENCE, plan_fixes, printed_doi
from cite_sentinel.core.fix.published import published_versions
from cite_sentinel.core.fix.rewrite import FIXABLE_SUFFIXES, rewrite, rewrite_entry, unified_diff

__all__ = [
    "CERTAIN_CONFIDENCE",
    "FIXABLE_SUFFIXES",
    "Change",
    "EntryFix",
    "FixField",
    "Skipped",
    "allow_table",
    "bibtex_entry",
    "plan_fixes",
    "printed_doi",
    "published_versions",
    "rewrite",
    "rewrite_entry",
    "unified_diff",
]
