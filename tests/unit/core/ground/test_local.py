"""The local scorer: related abstracts score high, unrelated ones low; it never says supported."""

from __future__ import annotations

from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import (
    Badge,
    Claim,
    Evidence,
    EvidenceKind,
    Judgement,
    Pair,
)

ABSTRACT = (
    "We enrolled 2,000 adults in a randomised trial.",
    "Daily low-dose aspirin reduced the risk of myocardial infarction by 20%.",
    "Bleeding events were more frequent in the aspirin group.",
)
UNRELATED = (
    "We present a compiler for a functional programming language.",
    "The type checker runs in linear time on typical programs.",
)
CLAIM = Claim("Low-dose aspirin reduces the risk of myocardial infarction.")


def _judge(
    claim: Claim, passages: tuple[str, ...], kind: EvidenceKind = EvidenceKind.ABSTRACT
) -> Judgement:
    return LocalScorer().judge(Pair(claim, Evidence(kind, passages)))


def test_an_abstract_about_the_claim_is_more_relevant_than_an_unrelated_one() -> None:
    related = _judge(CLAIM, ABSTRACT)
    unrelated = _judge(CLAIM, UNRELATED)
    assert related.relevance > 0.5 > unrelated.relevance


def test_the_sentence_carrying_the_evidence_comes_first() -> None:
    judgement = _judge(CLAIM, ABSTRACT)
    assert judgement.evidence[0].index == 1
    assert "myocardial infarction" in judgement.evidence[0].text


def test_a_clearly_unrelated_abstract_is_flagged_red_without_a_verdict() -> None:
    judgement = _judge(CLAIM, UNRELATED)
    assert judgement.badge is Badge.RED
    assert judgement.verdict is None


def test_the_local_scorer_never_says_supported_or_paints_green() -> None:
    judgement = _judge(CLAIM, ABSTRACT)
    assert judgement.verdict is None
    assert judgement.badge is Badge.GREY
    assert judgement.support is not None and 0.0 <= judgement.support <= 1.0


def test_a_claim_negating_the_evidence_gets_lower_support_than_one_agreeing() -> None:
    agreeing = _judge(CLAIM, ABSTRACT)
    negated = _judge(
        Claim("Low-dose aspirin does not reduce the risk of myocardial infarction."), ABSTRACT
    )
    assert negated.support is not None and agreeing.support is not None
    assert negated.support < agreeing.support


def test_a_title_alone_is_unverifiable_and_never_red() -> None:
    judgement = _judge(CLAIM, (), EvidenceKind.TITLE_ONLY)
    assert judgement.badge is Badge.GREY
    assert judgement.support is None
    assert "unverifiable" in judgement.note


def test_full_text_chunks_are_cut_into_sentences_that_point_back_to_their_chunk() -> None:
    chunks = (" ".join(UNRELATED), " ".join(ABSTRACT))
    judgement = _judge(CLAIM, chunks, EvidenceKind.FULL_TEXT)
    assert judgement.evidence[0].index == 1
    assert judgement.evidence[0].text == ABSTRACT[1]
