"""The learned segmenter: a linear-chain CRF that says what each line is to the reference list.

The model ships beside this module (`model/segmenter.crfsuite`, trained by
`python -m training.train_segmenter`; its data, licences and command are in
`model/PROVENANCE.md`). It is loaded once, on first use; crfsuite's tagger is not thread-safe,
so each thread opens its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from cite_sentinel.core.sources.crf_taggers import thread_tagger
from cite_sentinel.core.sources.segment.features import line_features
from cite_sentinel.core.sources.segment.lines import ListLine, Role

_MODEL = "segmenter.crfsuite"


@dataclass(frozen=True, slots=True)
class Labelling:
    """The role of every line, how sure the model is of each (its marginal), and how likely
    each line is to start an entry or to go on with one."""

    roles: tuple[Role, ...]
    confidence: tuple[float, ...]
    first: tuple[float, ...] = ()
    more: tuple[float, ...] = ()


def model_path() -> Path:
    """Where the shipped model lies."""
    return Path(str(resources.files("cite_sentinel.core.sources.segment") / "model" / _MODEL))


def label_lines(
    lines: Sequence[ListLine],
    *,
    starts: bool = False,
    sure: bool = True,
    model: Path | None = None,
) -> Labelling:
    """Every line's role, by the shipped model (or `model`, for training and tests); with
    `sure`, how sure the model is of each (a long document's reader may do without); with
    `starts`, also how likely each line is to start an entry or to go on with one."""
    if not lines:
        return Labelling((), ())
    tagger = thread_tagger(model or model_path())
    tagger.set(line_features(lines))
    names = tagger.tag()
    roles = tuple(Role(name) for name in names)
    confidence = (
        tuple(tagger.marginal(name, position) for position, name in enumerate(names))
        if sure
        else ()
    )
    if not starts:
        return Labelling(roles, confidence)
    positions = range(len(names))
    return Labelling(
        roles,
        confidence,
        tuple(tagger.marginal(Role.FIRST.value, position) for position in positions),
        tuple(tagger.marginal(Role.MORE.value, position) for position in positions),
    )
