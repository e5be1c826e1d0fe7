"""The rationale ranker puts the sentence carrying the evidence among the first shown."""

from __future__ import annotations

from cite_sentinel.core.ground.local_params import load
from cite_sentinel.core.ground.relevance import relatedness
from cite_sentinel.core.ground.sentence_rank import FEATURE_NAMES, sentence_features

CLAIM = "Metformin reduces hepatic glucose production in type 2 diabetes."
ABSTRACT = (
    "Type 2 diabetes is a growing public health problem worldwide.",
    "We recruited 120 patients from three outpatient clinics.",
    "Metformin reduced hepatic glucose production by 24% (p < 0.01) compared with placebo.",
    "Adverse events were mild and transient.",
)


def test_the_sentence_with_the_finding_is_ranked_first() -> None:
    params = load()
    related = relatedness(CLAIM, ABSTRACT, params.idf, params.ranker)
    best = max(range(len(ABSTRACT)), key=lambda index: related.sentence_scores[index])
    assert best == 2


def test_word_variants_count_through_their_shared_prefix() -> None:
    params = load()
    (row,) = sentence_features("Inhibition of mTOR", ["mTOR inhibitors were given."], params.idf)
    features = dict(zip(FEATURE_NAMES, row, strict=True))
    assert features["prefix_coverage"] > features["coverage"]


def test_every_sentence_gets_one_row_and_the_best_is_zero_below_best() -> None:
    rows = sentence_features(CLAIM, ABSTRACT, load().idf)
    assert len(rows) == len(ABSTRACT)
    below = [dict(zip(FEATURE_NAMES, row, strict=True))["coverage_below_best"] for row in rows]
    assert max(below) == 0.0 and min(below) < 0.0


def test_a_claim_word_only_one_sentence_has_counts_more_than_the_works_topic_word() -> None:
    claim = "Zorblat raises quixan."  # two made-up words, equally rare in the background IDF
    sentences = ["Zorblat was given daily.", "Zorblat dosing was weekly.", "Quixan rose."]
    rows = sentence_features(claim, sentences, load().idf)
    topic, _, distinctive = (dict(zip(FEATURE_NAMES, row, strict=True)) for row in rows)
    assert distinctive["coverage"] == topic["coverage"]
    assert distinctive["local_coverage"] > topic["local_coverage"]
    assert distinctive["local_coverage_below_best"] == 0.0


def test_of_two_identical_findings_the_one_apart_from_the_topic_sentences_ranks_higher() -> None:
    claim = "Zorblat raises quixan in mice."
    finding = "Quixan rose sharply in mice given zorblat."
    sentences = ["Mice received zorblat daily.", finding, "Weather was noted.", finding]
    params = load()
    scores = relatedness(claim, sentences, params.idf, params.ranker).sentence_scores
    assert scores[3] > scores[1]  # position alone would favour the first copy


def test_a_lone_sentence_has_no_neighbour_coverage() -> None:
    (row,) = sentence_features(CLAIM, [ABSTRACT[2]], load().idf)
    features = dict(zip(FEATURE_NAMES, row, strict=True))
    assert features["neighbour_prefix_coverage"] == features["neighbour_local_coverage"] == 0.0
