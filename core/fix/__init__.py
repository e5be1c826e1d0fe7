"""Repair a bibliography from verified metadata, changing nothing the repair does not need."""

from cite_sentinel.core.fix.changes import Change, EntryFix, FixField, Skipped
from cite_sentinel.core.fix.plan import CERTAIN_CONFIDENCE, plan_fixes, printed_doi
from cite_sentinel.core.fix.published import published_versions
from cite_sentinel.core.fix.rewrite import FIXABLE_SUFFIXES, rewrite, unified_diff

__all__ = [
    "CERTAIN_CONFIDENCE",
    "FIXABLE_SUFFIXES",
    "Change",
    "EntryFix",
    "FixField",
    "Skipped",
    "plan_fixes",
    "printed_doi",
    "published_versions",
    "rewrite",
    "unified_diff",
]
