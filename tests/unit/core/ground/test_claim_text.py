"""Citation markers left in a claim are stripped before scoring; what the claim says is kept."""

from __future__ import annotations

from cite_sentinel.core.ground.claim_text import clean_claim, without_keys
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import Claim, Evidence, EvidenceKind, Pair

ABSTRACT = (
    "We enrolled 2,000 adults in a randomised trial.",
    "Daily low-dose aspirin reduced the risk of myocardial infarction by 20%.",
)


def test_numeric_and_author_year_citations_are_removed() -> None:
    text = "Aspirin lowers infarction risk [12] in adults (Smith et al., 2010; Jones 2011a)."
    assert clean_claim(text) == "Aspirin lowers infarction risk in adults."


def test_placeholder_markers_of_citing_sentence_corpora_are_removed() -> None:
    text = "Loc285194 is a tumour suppressor [<|cit|>], as others found [<|other_cit|>,18]."
    assert clean_claim(text) == "Loc285194 is a tumour suppressor, as others found."


def test_parentheses_that_carry_content_are_kept() -> None:
    text = "Aspirin lowered risk (n = 2000, p < 0.05) in 2010."
    assert clean_claim(text) == text


def test_a_claim_scores_the_same_with_or_without_its_citation_markers() -> None:
    evidence = Evidence(EvidenceKind.ABSTRACT, ABSTRACT)
    plain = Claim("Low-dose aspirin reduces the risk of myocardial infarction.")
    marked = Claim("Low-dose aspirin reduces the risk of myocardial infarction [<|cit|>] [4].")
    scorer = LocalScorer()
    with_markers = scorer.judge(Pair(marked, evidence))
    without = scorer.judge(Pair(plain, evidence))
    assert with_markers.relevance == without.relevance
    assert with_markers.evidence == without.evidence


def test_keys_standing_for_their_authors_are_removed_and_other_words_kept() -> None:
    text = "As smith:2020 showed, smith:2020-style trials and tsitsiklis1994 agree."
    assert without_keys(text, ("smith:2020", "tsitsiklis1994")) == (
        "As showed, smith:2020-style trials and agree."
    )
    assert without_keys(text, ()) == text


def test_an_author_in_text_claim_scores_as_if_the_key_were_not_there() -> None:
    evidence = Evidence(EvidenceKind.ABSTRACT, ABSTRACT)
    named = Claim("As smith2010 showed, low-dose aspirin reduces infarction.", keys=("smith2010",))
    plain = Claim("As showed, low-dose aspirin reduces infarction.", keys=("smith2010",))
    scorer = LocalScorer()
    assert (
        scorer.judge(Pair(named, evidence)).relevance
        == scorer.judge(Pair(plain, evidence)).relevance
    )
