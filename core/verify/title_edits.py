"""How far apart two titles are in words: a word misremembered, or another work's title."""

from __future__ import annotations

from cite_sentinel.core.matching import titles
from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

_SHORT_TITLE = 4  # words: a title shorter than this must be the other's
_LONG_TITLE = 10  # words: a title this long may differ in two
_SAME_LETTERS = 92  # rapidfuzz ratio (0-100) of normalised titles that differ by a slip


def close_titles(asked: str, held: str) -> bool:
    """Whether a title is another's with a word changed (two in a title of ten words or
    more), or a letter or two (a typo in a short title): a misremembered title of the same
    work, not the title of another work."""
    words = title_words(asked)
    if word_edits(words, title_words(held)) <= edits_allowed(len(words)):
        return True
    return fuzz.ratio(titles.normalise(asked), titles.normalise(held)) >= _SAME_LETTERS


def word_edits(asked: list[str], held: list[str]) -> int:
    """Words added, dropped or changed between two titles."""
    return Levenshtein.distance(asked, held)


def edits_allowed(words: int) -> int:
    """The words a title of this length may differ in and still be the same title."""
    return 0 if words < _SHORT_TITLE else 1 if words < _LONG_TITLE else 2


def title_words(title: str) -> list[str]:
    """A title's words as written (a hyphenated word is one), each normalised."""
    return [word for word in (titles.normalise(w).replace(" ", "") for w in title.split()) if word]
