"""The learned labeller: a linear-chain CRF that names the field of every token.

The model ships beside this module (`model/parser.crfsuite`, trained by
`python -m training.train_parser`; its data, licences and command are in
`model/PROVENANCE.md`). It is loaded once, on first use, and shared; crfsuite's tagger is not
thread-safe, so each thread gets its own tagger over the same file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from cite_sentinel.core.sources.crf_taggers import thread_tagger
from cite_sentinel.core.sources.refparse.features import sequence_features
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

_MODEL = "parser.crfsuite"


@dataclass(frozen=True, slots=True)
class Labelling:
    """The label of every token, and how sure the model is of each (its marginal)."""

    labels: tuple[Label, ...]
    confidence: tuple[float, ...]


def model_path() -> Path:
    """Where the shipped model lies."""
    return Path(str(resources.files("cite_sentinel.core.sources.refparse") / "model" / _MODEL))


def label_tokens(tokens: Sequence[Token], *, model: Path | None = None) -> Labelling:
    """Every token's label, by the shipped model (or `model`, for training and tests)."""
    if not tokens:
        return Labelling((), ())
    tagger = thread_tagger(model or model_path())
    tagger.set(sequence_features(tokens))
    names = tagger.tag()
    labels = tuple(Label(name) for name in names)
    confidence = tuple(tagger.marginal(name, position) for position, name in enumerate(names))
    return Labelling(labels, confidence)
