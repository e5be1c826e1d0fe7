"""Badges only where earned: green needs a verified supported verdict; title only is never red."""

from __future__ import annotations

import pytest
from cite_sentinel.core.ground.badges import badge, badge_meaning
from cite_sentinel.core.ground.scorer import Badge, EvidenceKind, GroundVerdict, Judgement

ABSTRACT = EvidenceKind.ABSTRACT


@pytest.mark.parametrize(
    ("verdict", "verified", "expected"),
    [
        (GroundVerdict.SUPPORTED, True, Badge.GREEN),
        (GroundVerdict.SUPPORTED, False, Badge.YELLOW),
        (GroundVerdict.CONTRADICTED, False, Badge.RED),
        (GroundVerdict.PARTIALLY_SUPPORTED, True, Badge.YELLOW),
        (GroundVerdict.NOT_ENOUGH_INFORMATION, False, Badge.YELLOW),
    ],
)
def test_verdicts_map_to_the_issue_badges(
    verdict: GroundVerdict, verified: bool, expected: Badge
) -> None:
    assert badge(kind=ABSTRACT, relevance=0.9, verdict=verdict, quote_verified=verified) is expected


def test_relevance_only_is_grey_unless_clearly_unrelated() -> None:
    assert badge(kind=ABSTRACT, relevance=0.6, verdict=None) is Badge.GREY
    assert badge(kind=ABSTRACT, relevance=0.01, verdict=None) is Badge.RED


@pytest.mark.parametrize("kind", [EvidenceKind.TITLE_ONLY, EvidenceKind.NONE])
def test_without_abstract_or_full_text_the_badge_is_grey_whatever_the_verdict(
    kind: EvidenceKind,
) -> None:
    assert badge(kind=kind, relevance=0.0, verdict=GroundVerdict.CONTRADICTED) is Badge.GREY


def test_a_judge_finding_nothing_in_a_clearly_unrelated_work_leaves_it_red() -> None:
    nothing = GroundVerdict.NOT_ENOUGH_INFORMATION
    assert badge(kind=ABSTRACT, relevance=0.02, verdict=nothing) is Badge.RED
    assert badge(kind=ABSTRACT, relevance=0.6, verdict=nothing) is Badge.YELLOW


def test_a_badge_means_the_same_words_in_every_face() -> None:
    red = Judgement(relevance=0.02, badge=Badge.RED, evidence_kind=EvidenceKind.ABSTRACT)
    assert (
        badge_meaning(red) == "the cited work looks unrelated to this sentence, or contradicts it"
    )
    title_only = Judgement(relevance=0.5, badge=Badge.GREY, evidence_kind=EvidenceKind.TITLE_ONLY)
    assert badge_meaning(title_only) == "no abstract or full text to judge this sentence against"
    judged = Judgement(relevance=0.5, badge=Badge.GREY, evidence_kind=EvidenceKind.FULL_TEXT)
    assert badge_meaning(judged) == "support not judged"
