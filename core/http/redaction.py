"""Keeps API keys and e-mail addresses out of every log line and cache key."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping

MASK = "***"
# The environment variables that hold the keys of the indexes and scorers.
SECRET_VARIABLES = (
    "OPENALEX_API_KEY",
    "S2_API_KEY",
    "ANTHROPIC_API_KEY",
    "VOYAGE_API_KEY",
    "CITE_SENTINEL_MAILTO",
)

# Query parameters and headers whose values are secret or personal.
SECRET_NAMES = frozenset({"api_key", "api-key", "x-api-key", "key", "mailto", "authorization"})


class Redactor:
    """Replaces each known secret value with a mask wherever it appears in a text."""

    __slots__ = ("_secrets",)

    def __init__(self, secrets: Iterable[str]) -> None:
        # Longest first, so a secret that contains another is masked whole.
        self._secrets = tuple(sorted({s for s in secrets if len(s) >= 4}, key=len, reverse=True))

    def __call__(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, MASK)
        return text


def is_secret_name(name: str) -> bool:
    """Whether a query parameter or header carries a secret by its name alone."""
    return name.lower() in SECRET_NAMES


class MaskingFilter(logging.Filter):
    """A log filter a face puts on its handlers: each record is written with every key masked,
    whoever logged it (httpx logs whole request URLs, query keys included, at INFO)."""

    def __init__(self, environ: Mapping[str, str]) -> None:
        super().__init__()
        self._redact = Redactor(environ.get(name, "") for name in SECRET_VARIABLES)

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = self._redact(record.getMessage())
        record.args = None
        if record.exc_info:
            text = logging.Formatter().formatException(record.exc_info)
            record.exc_info = None
            record.exc_text = None
            record.msg = f"{record.msg}\n{self._redact(text)}"
        return True
