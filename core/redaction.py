"""Keeps API keys and e-mail addresses out of every log line and cache key."""

from __future__ import annotations

from collections.abc import Iterable

MASK = "***"

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
