"""Citing sentences become claims; one supporting work makes a claim supported."""

from __future__ import annotations

from cite_sentinel.core.ground.claims import claims_of, strongest
from cite_sentinel.core.ground.scorer import Badge, GroundVerdict, Judgement
from cite_sentinel.core.model import Citation, Location


def _cite(key: str, sentence: str, column: int = 1, context: str = "") -> Citation:
    return Citation(
        key=key, location=Location.point("paper.md", 3, column), sentence=sentence, context=context
    )


def test_two_works_cited_in_one_sentence_make_one_claim_judged_per_work() -> None:
    sentence = "Aspirin lowers the risk of stroke."
    (claim,) = claims_of([_cite("a", sentence), _cite("b", sentence, 20)])
    assert claim.claim.text == sentence
    assert claim.claim.keys == ("a", "b")
    assert [c.key for c in claim.citations] == ["a", "b"]


def test_different_sentences_are_different_claims_with_their_context() -> None:
    claims = claims_of([_cite("a", "First claim.", context="Before."), _cite("b", "Second.")])
    assert [c.claim.text for c in claims] == ["First claim.", "Second."]
    assert claims[0].claim.context == "Before."


def test_a_citation_without_a_sentence_makes_no_claim() -> None:
    assert claims_of([_cite("a", "  ")]) == ()


def test_one_supporting_work_makes_the_claim_supported_not_an_average() -> None:
    contradicted = Judgement(
        relevance=0.9, verdict=GroundVerdict.CONTRADICTED, badge=Badge.RED, support=0.05
    )
    supported = Judgement(
        relevance=0.8, verdict=GroundVerdict.SUPPORTED, badge=Badge.GREEN, support=0.95
    )
    assert strongest([contradicted, supported]) is supported


def test_without_verdicts_the_most_relevant_work_speaks_for_the_claim() -> None:
    weak = Judgement(relevance=0.05, badge=Badge.RED, support=0.01)
    related = Judgement(relevance=0.9, badge=Badge.GREY, support=0.6)
    assert strongest([weak, related]) is related
    assert strongest([]) is None
