"""The author list `fix` writes: the index's people, never fewer names or initials than cited.

An index's list is often shorter than the work's (cut to a few names) and its given names
are often initials only ("S Smith" for "S M Smith"); writing it over a citation would lose
what the citation got right. So a shorter list is never written, and a cited name that says
as much as the index's, or more, is kept as the entry writes it (its LaTeX accents too).
"""

from __future__ import annotations

import re

from cite_sentinel.core.fix.changes import Change, FixField
from cite_sentinel.core.matching.titles import fold
from cite_sentinel.core.model import Person

_NOT_LETTER = re.compile(r"[\W\d_]+")


def author_change(
    cited: tuple[Person, ...], found: tuple[Person, ...], value: str = ""
) -> Change | None:
    """The change that writes the index's list `found` over `cited`, or None where it would
    name fewer people than the entry does."""
    named = [p for p in found if p.literal or p.family or p.given]
    if not named or len(named) < len(cited):
        return None
    used: set[int] = set()
    kept: list[int] = []
    for person in named:
        at = next(
            (i for i, other in enumerate(cited) if i not in used and says_as_much(other, person)),
            -1,
        )
        if at >= 0:
            used.add(at)
        kept.append(at)
    return Change(FixField.AUTHORS, value, tuple(named), kept=tuple(kept))


def says_as_much(cited: Person, found: Person) -> bool:
    """The cited name is the index's person, written with as much of the name or more: the
    same family name, and a given name that spells out or repeats every initial the index
    gives ("Sarah M." or "S M" for "S"; not "S" for "Sarah")."""
    if cited.literal or found.literal:
        return _letters(cited.literal) == _letters(found.literal) != ""
    if _letters(f"{cited.von}{cited.family}") != _letters(f"{found.von}{found.family}"):
        return False
    mine, theirs = _given_words(cited.given), _given_words(found.given)
    if len(mine) < len(theirs):
        return False
    return all(a.startswith(b) for a, b in zip(mine, theirs, strict=False))


def _letters(text: str) -> str:
    return _NOT_LETTER.sub("", fold(text).lower())


def _given_words(given: str) -> list[str]:
    return _NOT_LETTER.sub(" ", fold(given).lower()).split()
