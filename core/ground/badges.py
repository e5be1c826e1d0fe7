"""The badge rules of issue 6 item 5 in one place, so that no scorer paints its own colours."""

from __future__ import annotations

from cite_sentinel.core.ground.scorer import (
    JUDGEABLE,
    Badge,
    EvidenceKind,
    GroundVerdict,
    Judgement,
)

# Relevance below this (a calibrated probability) means "clearly unrelated"; see local_params.
UNRELATED_BELOW = 0.1

# What each badge tells the writer, in the words every face uses (hover, tooltip, report).
BADGE_SAYS = {
    Badge.GREEN: "the cited work supports this sentence",
    Badge.YELLOW: "the cited work is related; support not confirmed",
    Badge.RED: "the cited work looks unrelated to this sentence, or contradicts it",
    Badge.GREY: "support not judged",
}
NOTHING_TO_JUDGE = "no abstract or full text to judge this sentence against"


def badge(
    *,
    kind: EvidenceKind,
    relevance: float,
    verdict: GroundVerdict | None,
    quote_verified: bool = False,
    unrelated_below: float = UNRELATED_BELOW,
) -> Badge:
    """Green only for a verified supported verdict; never red without abstract or full text."""
    if kind not in JUDGEABLE:
        return Badge.GREY
    if verdict is GroundVerdict.CONTRADICTED:
        return Badge.RED
    if verdict is GroundVerdict.SUPPORTED:
        return Badge.GREEN if quote_verified else Badge.YELLOW
    if verdict is GroundVerdict.PARTIALLY_SUPPORTED:
        return Badge.YELLOW
    # No verdict, or a judge finding nothing on the claim: a work clearly about something
    # else stays red whichever scorer judged it.
    if relevance < unrelated_below:
        return Badge.RED
    return Badge.GREY if verdict is None else Badge.YELLOW


def badge_meaning(judgement: Judgement) -> str:
    """What a judgement's badge tells the writer, in one sentence."""
    if judgement.evidence_kind not in JUDGEABLE:
        return NOTHING_TO_JUDGE
    return BADGE_SAYS[judgement.badge]
