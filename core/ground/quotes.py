"""A judge's quoted span is trusted only if it occurs in the evidence, whitespace aside."""

from __future__ import annotations

from collections.abc import Sequence


def occurs_in(quote: str, passages: Sequence[str]) -> bool:
    """True when the quote, whitespace collapsed, is a substring of the evidence, likewise."""
    wanted = _collapsed(quote)
    if not wanted:
        return False
    return any(wanted in _collapsed(passage) for passage in passages) or wanted in _collapsed(
        " ".join(passages)
    )


def _collapsed(text: str) -> str:
    return " ".join(text.split())
