"""`cite-sentinel-groundedness: true`: a coloured badge beside each citation in HTML output.

The configured scorer (local by default) judges each citing sentence against the abstract
(or full text) of the work it cites, through the build's check session, as `check --ground`
does; the badge colours are core.ground's. A reference
without an abstract gets a grey badge that says so, never a red one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import panflute as pf
from cite_sentinel.core import CheckResult, Citation, Location

if TYPE_CHECKING:  # core.ground loads only in a build that asks for badges
    from cite_sentinel.core.ground import CitationSupport

BADGE_CLASS = "cite-sentinel-badge"
_SYMBOL = {"green": "●", "yellow": "●", "red": "●", "grey": "○"}  # by Badge value
_COLOUR = {"green": "#1a7f37", "yellow": "#9a6700", "red": "#cf222e", "grey": "#6e7781"}

Supports = Mapping[tuple[Location, str], "CitationSupport"]


def supports_by_citation(result: CheckResult) -> Supports:
    """Each judgement under its citation's place and key (a Cite group shares one place)."""
    return {(support.location, support.key): support for support in result.supports}


def badges(citations: Sequence[Citation], supports: Supports) -> list[pf.Inline]:
    """One badge per judged citation of the group, in the group's order."""
    spans: list[pf.Inline] = []
    for citation in citations:
        support = supports.get((citation.location, citation.key))
        if support is not None:
            spans.append(_badge(citation.key, support))
    return spans


def _badge(key: str, support: CitationSupport) -> pf.Span:
    badge = support.judgement.badge.value
    tooltip = f"{key}: {_why(support)}"
    return pf.Span(
        pf.Str(_SYMBOL[badge]),
        classes=[BADGE_CLASS, f"{BADGE_CLASS}-{badge}"],
        attributes={
            "title": tooltip,
            "role": "img",
            "aria-label": f"groundedness {badge}: {tooltip}",
            "style": f"color: {_COLOUR[badge]}",
        },
    )


def _why(support: CitationSupport) -> str:
    from cite_sentinel.core.ground import NOTHING_TO_JUDGE, badge_meaning  # with the badges

    judgement = support.judgement
    said = badge_meaning(judgement)
    if said == NOTHING_TO_JUDGE:
        return said
    if judgement.support is not None:
        said += f" (support {judgement.support:.2f}, relevance {judgement.relevance:.2f})"
    else:
        said += f" (relevance {judgement.relevance:.2f})"
    return f"{said}; {judgement.note}" if judgement.note else said
