"""Citing sentences become claims; one supporting work makes a claim supported."""

from __future__ import annotations

import pytest
from cite_sentinel.core.ground.claim_text import clean_claim
from cite_sentinel.core.ground.claims import claims_of, strongest
from cite_sentinel.core.ground.scorer import Badge, GroundVerdict, Judgement
from cite_sentinel.core.ground.tokens import words
from cite_sentinel.core.model import Citation, Location
from cite_sentinel.core.sources.markdown import read_markdown


def _cite(key: str, sentence: str, column: int = 1, context: str = "", mark: int = -1) -> Citation:
    return Citation(
        key=key,
        location=Location.point("paper.md", 3, column),
        sentence=sentence,
        context=context,
        mark=mark,
    )


SENTENCE = "Remdesivir shortens recovery, and steroids lower mortality."
FIRST = SENTENCE.index(",")  # where a citation of the first clause stood
SECOND = SENTENCE.index(".")


def _marked(*cited: tuple[str, int]) -> dict[str, str]:
    """Each key's claim as the scorer that reads markers is asked it."""
    (claim,) = claims_of(
        [_cite(key, SENTENCE, n, mark=mark) for n, (key, mark) in enumerate(cited)]
    )
    return {c.key: claim.claim_for(n).text for n, c in enumerate(claim.citations)}


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


def test_each_work_is_asked_the_sentence_marked_where_it_and_the_others_were_cited() -> None:
    marked = _marked(("a", FIRST), ("b", SECOND))
    assert marked == {
        "a": "Remdesivir shortens recovery <|cit|>, and steroids lower mortality <|other_cit|>.",
        "b": "Remdesivir shortens recovery <|other_cit|>, and steroids lower mortality <|cit|>.",
    }


def test_the_clean_claim_a_report_shows_carries_no_markers() -> None:
    (claim,) = claims_of(
        [_cite("a", SENTENCE, 1, mark=FIRST), _cite("b", SENTENCE, 9, mark=SECOND)]
    )
    assert claim.claim.text == SENTENCE


def test_citations_written_together_or_side_by_side_stand_at_one_place() -> None:
    together = _marked(("a", FIRST), ("b", FIRST), ("c", SECOND))
    assert together["a"] == together["b"]
    assert together["a"].count("<|cit|>") == 1
    side_by_side = _marked(("a", FIRST), ("b", FIRST + 1), ("c", SECOND))  # [@a], [@b]
    assert side_by_side["a"] == side_by_side["b"] == together["a"]


def test_a_work_cited_at_several_places_or_in_the_text_is_asked_the_whole_sentence() -> None:
    marked = _marked(("a", FIRST), ("b", SECOND), ("a", SECOND), ("narrator", -1))
    assert marked["a"] == marked["narrator"] == SENTENCE
    assert marked["b"].count("<|cit|>") == 1


def test_a_work_cited_once_at_the_end_is_asked_the_sentence_as_written() -> None:
    assert _marked(("a", SECOND)) == {"a": SENTENCE}
    assert _marked(("a", FIRST))["a"].count("<|cit|>") == 1  # something is said after it


@pytest.mark.parametrize(
    "text",
    [
        "Remdesivir shortens recovery [@a], and steroids lower mortality [@b; @c].",
        "Steroids (see [@a]) lower mortality in 30% of ventilated patients [-@b], @c says.",
        "Trials [@a] [@b], [@c] disagree on dosing [@d].",
    ],
)
def test_the_marked_sentence_says_what_the_sentence_says(text: str) -> None:
    (cited,) = claims_of(read_markdown(text + "\n", "paper.md").citations)
    for number in range(len(cited.citations)):
        marked = cited.claim_for(number).text
        assert words(clean_claim(marked)) == words(cited.claim.text)
