"""Citing sentences as claims: one per sentence, each cited work judged on its own.

A claim is supported when any of its works supports it: the strongest judgement speaks for
the claim, never an average, so one good citation is not diluted and a misrepresentation is
not averaged away by its neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.ground.scorer import Badge, Claim, GroundVerdict, Judgement
from cite_sentinel.core.model import Citation

# How strongly a judgement backs a claim, for choosing the one that speaks for it.
_VERDICT_RANK = {
    GroundVerdict.SUPPORTED: 4,
    GroundVerdict.PARTIALLY_SUPPORTED: 3,
    GroundVerdict.NOT_ENOUGH_INFORMATION: 2,
    GroundVerdict.CONTRADICTED: 1,
}


@dataclass(frozen=True, slots=True)
class CitedClaim:
    """One citing sentence, with every citation written in it (one per cited key)."""

    claim: Claim
    citations: tuple[Citation, ...]


def claims_of(citations: Sequence[Citation]) -> tuple[CitedClaim, ...]:
    """One claim per citing sentence (per file), keys in the order first cited there."""
    grouped: dict[tuple[str, str, str], list[Citation]] = {}
    for citation in citations:
        if not citation.sentence.strip() or citation.key == "*":
            continue
        # The same sentence written twice in a file is two claims; the context tells them apart.
        where = (citation.location.path, citation.sentence, citation.context)
        grouped.setdefault(where, []).append(citation)
    out: list[CitedClaim] = []
    for members in grouped.values():
        first: dict[str, Citation] = {}
        for citation in members:
            first.setdefault(citation.key, citation)
        keys = tuple(first)
        claim = Claim(" ".join(members[0].sentence.split()), members[0].context, keys)
        out.append(CitedClaim(claim, tuple(first.values())))
    return tuple(out)


def strongest(judgements: Sequence[Judgement]) -> Judgement | None:
    """The judgement that speaks for a claim: any supporting work makes it supported."""
    if not judgements:
        return None
    return max(judgements, key=_strength)


def _strength(judgement: Judgement) -> tuple[int, int, float, float]:
    verdict = 0 if judgement.verdict is None else _VERDICT_RANK[judgement.verdict]
    green = int(judgement.badge is Badge.GREEN)
    return (green, verdict, judgement.support or 0.0, judgement.relevance)
