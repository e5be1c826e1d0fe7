"""Groundedness: does the cited work support the sentence that cites it.

Each citing sentence (a claim) is judged against the cited work's abstract or a local full
text by a scorer (local, embeddings, or a remote model); `ground` adds the judgements to a
check's result. Names load on first use: the scorers' dependencies are heavy.
"""

from typing import TYPE_CHECKING

from cite_sentinel.core.exports import lazy

if TYPE_CHECKING:
    from cite_sentinel.core.ground.badges import (
        BADGE_SAYS,
        NOTHING_TO_JUDGE,
        badge_meaning,
    )
    from cite_sentinel.core.ground.citation_support import CitationSupport
    from cite_sentinel.core.ground.evidence import from_records
    from cite_sentinel.core.ground.ground_check import ground
    from cite_sentinel.core.ground.jsonl import judgement_line, read_pairs
    from cite_sentinel.core.ground.local import LocalScorer
    from cite_sentinel.core.ground.remembered import RememberedScorer
    from cite_sentinel.core.ground.scorer import (
        JUDGEABLE,
        Claim,
        Evidence,
        EvidenceKind,
        Judgement,
        Pair,
        Scorer,
    )
    from cite_sentinel.core.ground.scorer_options import scorer_for
    from cite_sentinel.core.ground.support_findings import support_finding

__all__ = [
    "BADGE_SAYS",
    "JUDGEABLE",
    "NOTHING_TO_JUDGE",
    "CitationSupport",
    "Claim",
    "Evidence",
    "EvidenceKind",
    "Judgement",
    "LocalScorer",
    "Pair",
    "RememberedScorer",
    "Scorer",
    "badge_meaning",
    "from_records",
    "ground",
    "judgement_line",
    "read_pairs",
    "scorer_for",
    "support_finding",
]
__getattr__, __dir__ = lazy(
    __name__,
    {
        "badges": ("BADGE_SAYS", "NOTHING_TO_JUDGE", "badge_meaning"),
        "citation_support": ("CitationSupport",),
        "evidence": ("from_records",),
        "ground_check": ("ground",),
        "jsonl": ("judgement_line", "read_pairs"),
        "local": ("LocalScorer",),
        "remembered": ("RememberedScorer",),
        "scorer": ("JUDGEABLE", "Claim", "Evidence", "EvidenceKind", "Judgement", "Pair", "Scorer"),
        "scorer_options": ("scorer_for",),
        "support_findings": ("support_finding",),
    },
)
