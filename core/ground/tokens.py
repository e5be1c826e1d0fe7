"""Words for lexical scoring: lower-cased, lightly stemmed, stopwords dropped, numbers apart."""

from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*", re.UNICODE)
_NUMBER = re.compile(r"^\d+(?:[.,]\d+)?$")
_SUFFIXES = ("ations", "ation", "ness", "ies", "ing", "ed", "es", "ly", "s")


def vocabulary(text: str) -> frozenset[str]:
    """A word list written as one string, as a set."""
    return frozenset(text.split())


STOPWORDS = vocabulary(
    """a about above after again against all also am an and any are as at be been before being
    below between both but by can could did do does doing down during each few for from further
    had has have having he her here hers him his how i if in into is it its itself just me more
    most my no nor not of off on once only or other our ours out over own same she should so some
    such than that the their theirs them then there these they this those through to too under
    until up very was we were what when where which while who whom why will with would you your
    yours may might must shall via using used use et al e g i e ie eg vs versus among within
    without
    we our study studies result results show shows shown showed suggest suggests"""
)


def words(text: str) -> list[str]:
    """Content words of `text`, stemmed, in order (numbers kept as written)."""
    out: list[str] = []
    for match in _WORD.finditer(text.lower()):
        token = match.group()
        if token in STOPWORDS:
            continue
        out.append(stem(token))
    return out


def raw_words(text: str) -> list[str]:
    """Every word of `text`, lower-cased, unstemmed, stopwords included (for cue words)."""
    return [match.group() for match in _WORD.finditer(text.lower())]


def numbers(text: str) -> set[str]:
    """The numbers written in `text` (years, percentages, counts), normalised."""
    found: set[str] = set()
    for token in re.findall(r"\d+(?:[.,]\d+)?", text):
        found.add(token.replace(",", "."))
    return found


@lru_cache(maxsize=1 << 16)
def stem(token: str) -> str:
    """A light suffix stripper: enough to match 'increases' with 'increased', nothing clever."""
    if _NUMBER.match(token) or len(token) <= 4:
        return token
    for suffix in _SUFFIXES:
        if token.endswith(suffix) and len(token) - len(suffix) >= 4:
            return token[: -len(suffix)]
    return token
