"""Author lists written as "Family, Given, Family, Given": ISO 690 ("WU, Yawen, WANG, Zhepeng
and HU, Jingtong"), SIST 02 and MLA-like styles that invert every name ("Thorn, Emily-Clare,
Spence, Jocelyn, Van Gool, Luc, Benford, Steven David").

Read chunk by chunk, the list alternates a family name (capitalised words, particles before
them) and given names (full, hyphenated, or with initials: "Stephen H.", "Marina MC", "A.
Aydin", "Linda C. van der"). Upper-case family names make the pairing certain. Otherwise the
list must read no other way: a one-word chunk after the first two cannot be a whole name, so
where one stands there ("Ess, Andreas, Van Gool, Luc"), or where every family name is one word
and every given part opens with a written-out name ("Garg, Jugal, Murhekar, Aniket"), the list
alternates; lists of whole names ("Liu, Fangyu, Muhao Chen, Nigel Collier") keep their reading.
A name the .bib wrote in lower case ("badlani, rohan") is taken as it stands among the others.
"""

from __future__ import annotations

import re

_PARTICLES = frozenset(
    ("van", "von", "der", "den", "de", "del", "della", "di", "da", "dos", "das", "du", "la", "le")
)
# A given name as written: "Yawen", "Emily-Clare", "I-Chao", "O'Neil", "jiyi" (as the .bib had it)
_GIVEN_WORD = re.compile(r"[^\W\d_][^\W\d_'’]*(?:['’-][^\W\d_]+)*\.?")
# Initials: "A.", "MC", "C.H.", "H.-J."
_INITIALS_WORD = re.compile(r"(?:[^\W\d_a-z]\.?-?){1,3}")
_LONGEST_GIVEN = 4  # words: "Hasan Abed Al Kader"


def alternating_pairs(chunks: list[str]) -> list[tuple[str, str]] | None:
    """(family, given) for each pair of a list that alternates family and given names, or
    None where the chunks do not read so."""
    if len(chunks) < 4 or len(chunks) % 2:
        return None
    families, givens = chunks[::2], chunks[1::2]
    pairs = list(zip(families, givens, strict=True))
    if all(_upper_family(family) for family in families):
        return pairs if all(_given(given, lower=True) for given in givens) else None
    written = [pair for pair in pairs if not _lower_case_name(*pair)]  # "badlani, rohan"
    if len(written) * 2 < len(pairs):
        return None
    if not all(_given(given) and _family(family) for family, given in written):
        return None
    if any(len(chunk.split()) == 1 for chunk in chunks[2:]):
        return pairs  # "Van Gool, Luc": "Luc" alone is no whole name
    if all(len(family.split()) == 1 for family in families) and all(map(_full_given, givens)):
        return pairs
    return None


def _upper_family(chunk: str) -> bool:
    """ "WU", "HÖHNE", "LE NGUYEN", "VAN DER BERG": upper-case words of two letters or more."""
    words = chunk.split()
    return (
        0 < len(words) <= 3
        and all(len(word.strip("-'’")) >= 2 and _letters(word) for word in words)
        and all(word.isupper() for word in words)
    )


def _family(chunk: str) -> bool:
    """ "Thorn", "Bianchi-Berthouze", "van der Schaar", "Van Gool", "Das Gollapalli": one to
    three capitalised words after particles, none upper-case or an initial."""
    words = [word for word in chunk.split() if word not in _PARTICLES]
    return (
        0 < len(words) <= 3
        and len(chunk.split()) <= 4
        and all(
            _letters(word) and word[:1].isupper() and not word.isupper() and len(word) > 1
            for word in words
        )
    )


def _given(chunk: str, *, lower: bool = False) -> bool:
    """Given names as written after a family name: up to four words, none upper-case but for
    initials ("Marina MC", "Evgeny A.", "Jasper C.H."), particles last ("Linda C. van der");
    with `lower`, names the .bib wrote in lower case ("jiyi") too."""
    words = chunk.split()
    while len(words) > 1 and words[-1] in _PARTICLES:
        words.pop()
    if not words or len(words) > _LONGEST_GIVEN or not (lower or words[0][:1].isupper()):
        return False
    return all(
        _INITIALS_WORD.fullmatch(word) or (_GIVEN_WORD.fullmatch(word) and not word.isupper())
        for word in words
    )


def _lower_case_name(family: str, given: str) -> bool:
    """A name the .bib wrote all in lower case, family and given: "badlani, rohan"."""
    return all(_letters(word) and word.islower() for word in f"{family} {given}".split())


def _full_given(chunk: str) -> bool:
    """A given part that opens with a written-out name ("Steven David", "Nilesh A.")."""
    first = chunk.split()[0]
    return len(first.rstrip(".")) > 1 and not _INITIALS_WORD.fullmatch(first)


def _letters(word: str) -> bool:
    return all(char.isalpha() or char in "-'’" for char in word)
