"""The local scorer's fitted parameters, kept in local_params.json beside this file.

The JSON is fitted by benchmarks/train_ground.py on SciFact train only (claims CC BY 4.0,
abstracts ODC-By 1.0); it holds the IDF table, three logistic models (rationale sentences,
relevance, stance) and the fitted threshold; and, when fitted with the `embeddings` extra
installed, a second relevance model that adds the embedding cosines, with its own threshold.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cite_sentinel.core.ground.logistic import Logistic
from cite_sentinel.core.ground.relevance import Idf

OUTPUT = Path(__file__).with_name("local_params.json")
STANCE_SENTENCES = 2  # stance cues read the top this-many evidence sentences


@dataclass(frozen=True, slots=True, kw_only=True)
class LocalParams:
    """Everything the local scorer needs, fitted."""

    idf: Idf
    ranker: Logistic  # rationale sentences (sentence_rank features)
    relevance: Logistic
    stance: Logistic
    unrelated_below: float
    trained_on: str
    relevance_embedding: Logistic | None = None  # lexical + embedding.FEATURE_NAMES
    unrelated_below_embedding: float = 0.0


@cache
def load(path: Path = OUTPUT) -> LocalParams:
    """The shipped parameters (read once per process)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return LocalParams(
        idf=Idf(weights=data["idf"]["weights"], unseen=float(data["idf"]["unseen"])),
        ranker=_logistic(data["ranker"]),
        relevance=_logistic(data["relevance"]),
        stance=_logistic(data["stance"]),
        unrelated_below=float(data["unrelated_below"]),
        trained_on=str(data["trained_on"]),
        relevance_embedding=(
            _logistic(data["relevance_embedding"]) if "relevance_embedding" in data else None
        ),
        unrelated_below_embedding=float(data.get("unrelated_below_embedding", 0.0)),
    )


def save(
    path: Path,
    *,
    idf: Idf,
    ranker: Logistic,
    relevance: Logistic,
    stance: Logistic,
    unrelated_below: float,
    trained_on: str,
    relevance_embedding: Logistic | None = None,
    unrelated_below_embedding: float = 0.0,
) -> None:
    """Write the parameters atomically (the training script's output)."""
    data = {
        "trained_on": trained_on,
        "unrelated_below": unrelated_below,
        "idf": {
            "unseen": round(idf.unseen, 4),
            "weights": {word: round(value, 4) for word, value in sorted(idf.weights.items())},
        },
        "ranker": _plain(ranker),
        "relevance": _plain(relevance),
        "stance": _plain(stance),
    }
    if relevance_embedding is not None:
        data["relevance_embedding"] = _plain(relevance_embedding)
        data["unrelated_below_embedding"] = unrelated_below_embedding
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False, separators=(",", ":"))
    os.chmod(temporary, 0o644)
    os.replace(temporary, path)


def _plain(model: Logistic) -> dict[str, object]:
    return {
        "means": list(model.means),
        "scales": list(model.scales),
        "weights": list(model.weights),
        "bias": model.bias,
    }


def _logistic(data: dict[str, list[float] | float]) -> Logistic:
    means, scales, weights, bias = (data[name] for name in ("means", "scales", "weights", "bias"))
    assert isinstance(means, list) and isinstance(scales, list) and isinstance(weights, list)
    assert isinstance(bias, float | int)
    return Logistic(tuple(means), tuple(scales), tuple(weights), float(bias))
