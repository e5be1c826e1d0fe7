"""Whether one venue name abbreviates another: ISO 4 word by word, initials, framing dropped."""

from __future__ import annotations

import functools

from cite_sentinel.core.matching.venues.words import (
    FRAMING,
    FUNCTION_LETTERS,
    STOPWORDS,
    significant,
)

_MAX_WORDS = 24  # longer names are compared by equality only: nobody abbreviates a paragraph
_MAX_INITIALS = 12  # letters of an acronym
# Words an acronym leaves out though a name must not drop them: "SLT" is the IEEE Spoken
# Language Technology Workshop, but a conference is not its workshop.
_UNSPELT = frozenset({"workshop", "workshops"})
# A digit in an acronym stands for a word it sounds like or counts: "L4DC" is Learning for
# Dynamics and Control, "P2P" peer to peer.
_SPOKEN = {
    "1": ("one",), "2": ("to", "two", "too"), "3": ("three",), "4": ("for", "four"),
    "5": ("five",), "6": ("six",), "7": ("seven",), "8": ("eight",), "9": ("nine",),
}  # fmt: skip


def abbreviates(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """Whether `short` reads as `long` abbreviated, with optional words dropped on either side.

    Each word of `short` stands for one word of `long` (equal, a prefix, or a contraction
    keeping the first letter: "natl" for "national"), or for several as initials ("usa",
    "jhep", "soda" inside "symposium on discrete algorithms"). Stopwords and the framing of an
    event ("proceedings", "annual", "ieee") may be dropped on either side; every other word
    must be accounted for, and at least one must be.
    """
    if not short or not long or len(short) > _MAX_WORDS or len(long) > _MAX_WORDS:
        return False
    return _align(short, long, len(significant(short)) >= 2 and len(significant(long)) >= 2)


@functools.lru_cache(maxsize=65536)
def _align(short: tuple[str, ...], long: tuple[str, ...], clipping: bool) -> bool:
    """`clipping`: both names have several words, so a word may stand for one a letter longer
    (`_clipped`); alone, such a pair may be two venues."""
    # reachable[i][j]: short[:i] and long[:j] accounted for; value: a real word was matched
    n, m = len(short), len(long)
    reachable: dict[tuple[int, int], bool] = {(0, 0): False}
    for i in range(n + 1):
        for j in range(m + 1):
            if (i, j) not in reachable:
                continue
            matched = reachable[(i, j)]
            if j < m and _droppable(long, j):
                _reach(reachable, i, j + 1, matched)
            if i < n and _droppable(short, i):
                _reach(reachable, i + 1, j, matched)
            if (
                i < n
                and j < m
                and (
                    word_abbreviates(short[i], long[j])
                    or (clipping and _clipped(short[i], long[j], last=j == m - 1))
                )
            ):
                _reach(reachable, i + 1, j + 1, matched or not _optional(long[j]))
            if i < n and len(short[i]) >= 2:
                for end in range(j + 2, min(m, j + len(short[i]) + 6) + 1):
                    if _initials(short[i], long[j:end]):
                        _reach(reachable, i + 1, end, True)
    return reachable.get((n, m), False)


def _reach(reachable: dict[tuple[int, int], bool], i: int, j: int, matched: bool) -> None:
    reachable[(i, j)] = reachable.get((i, j), False) or matched


def _droppable(names: tuple[str, ...], index: int) -> bool:
    """A word a name may drop: optional, or a one-letter function word between two others."""
    word = names[index]
    return _optional(word) or (word in FUNCTION_LETTERS and 0 < index < len(names) - 1)


def _optional(word: str) -> bool:
    return word in STOPWORDS or word in FRAMING or word.isdigit()


@functools.lru_cache(maxsize=65536)
def word_abbreviates(short: str, long: str) -> bool:
    """ "j" "journal", "sci" "science", "natl" "national"; never "cell" for "cells"."""
    if short == long:
        return True
    if short[0] != long[0] or len(long) - len(short) < 2:
        return False
    return long.startswith(short) or (len(short) >= 2 and _subsequence(short, long))


def _clipped(short: str, long: str, *, last: bool) -> bool:
    """A word with its last letter cut, as ISO 4's stems cut some ("Abus." for Abuse, "Chang."
    for Change, "Manag." for Manage, "Alloy." for Alloys; MEDLINE's "Glob Chang Biol"). A
    plural's "s" only inside a name: "Mol Cell" and "Mol Cells" are two journals."""
    return (
        len(short) >= 3
        and len(long) == len(short) + 1
        and long.startswith(short)
        and not (last and long.endswith("s"))
    )


def _initials(token: str, words: tuple[str, ...]) -> bool:
    """The token spelled by pieces of the words in order, each piece starting a word; words
    that may be dropped give no piece. At least two words give one."""
    return len(token) <= _MAX_INITIALS and _pieces(token, words) >= 2


@functools.lru_cache(maxsize=65536)
def _pieces(token: str, words: tuple[str, ...], inside: bool = False) -> int:
    """The most words that can give a piece of the token, or -1 when it cannot be spelled.

    `inside`: a word before gave a piece, so a one-letter function word followed by another
    word may give none ("CSNN" for "Česká a slovenská neurologie a neurochirurgie").
    """
    if not words:
        return 0 if not token else -1
    word, rest = words[0], words[1:]
    skippable = _optional(word) or word in _UNSPELT
    skippable = skippable or (inside and bool(rest) and word in FUNCTION_LETTERS)
    best = _pieces(token, rest, inside) if skippable else -1
    if token and word in _SPOKEN.get(token[0], ()):  # "4" for "for" in "L4DC"
        after = _pieces(token[1:], rest, True)
        if after >= 0:
            best = max(best, after + 1)
    if token and token[0] == word[0]:
        for size in range(1, len(token) + 1):
            piece = token[:size]
            if piece == word[:size] or _subsequence(piece, word):
                after = _pieces(token[size:], rest, True)
                if after >= 0:
                    best = max(best, after + 1)
    return best


def _subsequence(short: str, long: str) -> bool:
    letters = iter(long)
    return all(letter in letters for letter in short)
