"""The visible mark on a citation of a reference that failed, and the words saying why."""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core.model import Verdict

MARK_SYMBOL = "⚠"


@dataclass(frozen=True, slots=True)
class Mark:
    """A failed verdict's mark: the symbol after the citation, its tooltip and CSS class."""

    symbol: str
    tooltip: str  # "miscited: year cited 2019, found 2020"
    css_class: str  # "cite-sentinel-miscited", "cite-sentinel-retracted"


def mark_for(verdict: Verdict | None) -> Mark | None:
    """The mark for a verdict, or None when the reference is verified and not retracted."""
    raise NotImplementedError


def problem_note(verdict: Verdict | None) -> str:
    """What is wrong with a reference, in a sentence for its list entry ("" when nothing)."""
    raise NotImplementedError
