"""A remote scorer's API key, read from the environment only, with a sentence when it is absent."""

from __future__ import annotations

from collections.abc import Mapping

from cite_sentinel.core.errors import ConfigError


def api_key(environ: Mapping[str, str], variable: str, scorer: str) -> str:
    """The key in `variable`; a ConfigError naming the variable when it is missing."""
    key = environ.get(variable, "").strip()
    if not key:
        raise ConfigError(
            f"the {scorer} scorer needs an API key in {variable}; set {variable} "
            "or use --scorer local (offline)"
        )
    return key
