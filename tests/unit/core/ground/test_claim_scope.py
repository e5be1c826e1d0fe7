"""A work cited mid-sentence is judged on the clause its own marker closes, not the others'."""

from __future__ import annotations

from cite_sentinel.core.ground.claim_scope import scoped_claim
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import Claim, Evidence, EvidenceKind, Pair

ABSTRACT = (
    "We randomised 1,062 adults hospitalised with severe COVID-19 to remdesivir or placebo.",
    "Remdesivir shortened the time to recovery and reduced progression to mechanical "
    "ventilation in hospitalised adults.",
)


def test_the_clause_before_this_works_marker_is_its_scope() -> None:
    text = (
        "Remdesivir shortened recovery in hospitalised adults with severe COVID-19 [<|cit|>] "
        "and may lower mortality in ventilated patients [<|other_cit|>]."
    )
    assert (
        scoped_claim(text)
        == "Remdesivir shortened recovery in hospitalised adults with severe COVID-19"
    )


def test_a_clause_after_another_works_citation_starts_after_it() -> None:
    text = (
        "In hypoxia FUNDC1 is dephosphorylated (<|other_cit|>), while BNIP3 and NIX are "
        "transcriptionally upregulated in hypoxic cells (<|cit|>)."
    )
    assert (
        scoped_claim(text)
        == "while BNIP3 and NIX are transcriptionally upregulated in hypoxic cells"
    )


def test_a_superscript_marker_closes_its_own_sentence_of_the_context() -> None:
    text = (
        "Diabetes mellitus is a chronic disease and a growing global epidemic.<|cit|> "
        "Approximately 366 million people worldwide have diabetes.<|other_cit|>"
    )
    assert (
        scoped_claim(text) == "Diabetes mellitus is a chronic disease and a growing global epidemic"
    )


def test_a_narrative_citation_too_short_to_be_a_claim_keeps_the_whole_sentence() -> None:
    text = (
        "Studies by Alhazmi et al. [<|other_cit|>] and Menni et al. [<|cit|>] showed that most "
        "vaccinated subjects reported side effects."
    )
    assert scoped_claim(text) == (
        "Studies by Alhazmi et al. and Menni et al. showed that most vaccinated subjects "
        "reported side effects."
    )


def test_a_claim_without_a_marker_of_this_work_is_scored_whole() -> None:
    text = "Aspirin lowers infarction risk in adults [12] (Smith et al., 2010)."
    assert scoped_claim(text) == "Aspirin lowers infarction risk in adults."


def test_a_work_is_more_relevant_where_its_marker_sits_on_the_clause_it_backs() -> None:
    on_its_clause = (
        "Remdesivir shortened recovery in hospitalised adults with severe COVID-19 [<|cit|>], "
        "whereas dexamethasone lowered mortality among ventilated patients on oxygen "
        "[<|other_cit|>]."
    )
    on_the_other = on_its_clause.replace("<|cit|>", "<|x|>").replace("<|other_cit|>", "<|cit|>")
    on_the_other = on_the_other.replace("<|x|>", "<|other_cit|>")
    evidence = Evidence(EvidenceKind.ABSTRACT, ABSTRACT)
    scorer = LocalScorer()
    right = scorer.judge(Pair(Claim(on_its_clause), evidence))
    wrong = scorer.judge(Pair(Claim(on_the_other), evidence))
    assert right.relevance > wrong.relevance


def test_works_cited_in_one_bracket_share_the_clause_it_closes() -> None:
    text = (
        "Remdesivir shortened recovery in hospitalised adults with severe COVID-19 "
        "[<|other_cit|>, <|cit|>] and may lower mortality in ventilated patients [<|other_cit|>]."
    )
    assert (
        scoped_claim(text)
        == "Remdesivir shortened recovery in hospitalised adults with severe COVID-19"
    )
