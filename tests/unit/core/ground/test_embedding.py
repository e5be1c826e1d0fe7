"""The optional embedding signal: used for relevance when fitted and present, never required."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from cite_sentinel.core.ground import embedding
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.local_params import LocalParams, load
from cite_sentinel.core.ground.logistic import Logistic
from cite_sentinel.core.ground.relevance import FEATURE_NAMES
from cite_sentinel.core.ground.scorer import Claim, Evidence, EvidenceKind, Pair

PAIR = Pair(
    Claim("Low-dose aspirin reduces the risk of myocardial infarction."),
    Evidence(EvidenceKind.ABSTRACT, ("Aspirin reduced infarction.", "Bleeding was more common.")),
)


class Constant:
    """An embedder that finds every sentence equally close to the claim."""

    def __init__(self, cosine: float) -> None:
        self.cosine = cosine
        self.calls = 0

    def cosines(self, claim: str, sentences: Sequence[str]) -> tuple[float, ...]:
        self.calls += 1
        return tuple(self.cosine for _ in sentences)


def _params_with_embedding_model() -> LocalParams:
    width = len(FEATURE_NAMES) + len(embedding.FEATURE_NAMES)
    model = Logistic(
        means=(0.0,) * width,
        scales=(1.0,) * width,
        weights=(0.0,) * len(FEATURE_NAMES) + (4.0, 4.0),
        bias=-4.0,
    )
    return dataclasses.replace(load(), relevance_embedding=model, unrelated_below_embedding=0.05)


def test_with_embeddings_a_closer_abstract_is_more_relevant() -> None:
    params = _params_with_embedding_model()
    close = LocalScorer(params, embedder=Constant(0.9)).judge(PAIR)
    far = LocalScorer(params, embedder=Constant(0.1)).judge(PAIR)
    assert close.relevance > 0.5 > far.relevance


def test_the_scorer_is_lexical_unless_embeddings_are_asked_for() -> None:
    params = _params_with_embedding_model()
    assert not LocalScorer(params).uses_embeddings
    assert LocalScorer(params, embedder=Constant(0.9)).uses_embeddings


def test_asking_for_embeddings_without_the_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(embedding, "available", lambda: False)
    with pytest.raises(RuntimeError, match=r"cite-sentinel\[embeddings\]"):
        LocalScorer(_params_with_embedding_model(), embeddings=True)


def test_the_embedding_features_are_the_best_and_the_best_two_cosines() -> None:
    assert embedding.features([0.2, 0.8, 0.6]) == pytest.approx((0.8, 0.7))
    assert embedding.features([]) == (0.0, 0.0)


@pytest.mark.skipif(not embedding.available(), reason="extra `embeddings` not installed")
def test_the_bundled_model_finds_a_paraphrase_closer_than_an_unrelated_sentence() -> None:
    cosines = embedding.MiniLm().cosines(
        "Aspirin lowers the risk of heart attacks.",
        ["Aspirin reduced myocardial infarction.", "The compiler checks types in linear time."],
    )
    assert cosines[0] > cosines[1]
