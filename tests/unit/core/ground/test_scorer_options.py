"""`--embeddings`: the local relevance with MiniLM cosines, or a sentence saying what to install."""

from __future__ import annotations

import sys

import pytest
from cite_sentinel.core.errors import ConfigError
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer_options import scorer_for


def test_without_embeddings_the_local_scorer_stays_lexical() -> None:
    scorer = scorer_for("local", {})
    assert isinstance(scorer, LocalScorer)
    assert not scorer.uses_embeddings


def test_asked_for_embeddings_without_the_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # as if not installed
    with pytest.raises(ConfigError) as raised:
        scorer_for("local", {}, embeddings=True)
    assert "pip install 'cite-sentinel[embeddings]'" in str(raised.value)
    assert "drop --embeddings" in str(raised.value)


def test_an_unknown_scorer_is_named_with_the_choices() -> None:
    with pytest.raises(ConfigError, match="unknown scorer 'oracle'; choose one of local"):
        scorer_for("oracle", {}, embeddings=True)


def test_with_the_extra_installed_the_local_relevance_uses_embeddings() -> None:
    pytest.importorskip("sentence_transformers", reason="the embeddings extra is not installed")
    scorer = scorer_for("local", {}, embeddings=True)
    assert isinstance(scorer, LocalScorer)
    assert scorer.uses_embeddings


def test_a_remote_scorer_takes_the_embedding_relevance_too() -> None:
    pytest.importorskip("sentence_transformers", reason="the embeddings extra is not installed")
    pytest.importorskip("anthropic", reason="the anthropic SDK (extra `anthropic`)")
    from cite_sentinel.core.ground.anthropic import AnthropicScorer

    scorer = scorer_for("anthropic", {"ANTHROPIC_API_KEY": "sk-ant-test"}, embeddings=True)
    assert isinstance(scorer, AnthropicScorer)
    assert scorer.local.uses_embeddings
