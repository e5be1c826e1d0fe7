"""Pick a groundedness scorer by name (`--scorer`, config); remote ones only when installed."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from cite_sentinel.core.config import SCORERS as CONFIG_SCORERS
from cite_sentinel.core.errors import ConfigError
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import Scorer

SCORERS = CONFIG_SCORERS  # one vocabulary, kept with the configuration that names it


def scorer_named(
    name: str, environ: Mapping[str, str], *, local: LocalScorer | None = None
) -> Scorer:
    """The scorer called `name`; remote modules expose `make_scorer(environ, *, local)`, the
    local scorer their relevance and ranked evidence come from (`local`, else the default)."""
    if name == "local":
        return local or LocalScorer()
    if name not in SCORERS:
        raise ConfigError(f"unknown scorer {name!r}; choose one of {', '.join(SCORERS)}")
    try:
        module = importlib.import_module(f"cite_sentinel.core.ground.{name}")
    except ImportError as error:
        raise ConfigError(
            f"the {name} scorer is not available ({error}); "
            f"install it with `pip install 'cite-sentinel[{name}]'` or use --scorer local"
        ) from error
    make = getattr(module, "make_scorer", None)
    if make is None:
        raise ConfigError(f"the {name} scorer module has no make_scorer(); use --scorer local")
    scorer: Scorer = make(environ, local=local)
    return scorer
