"""Journal names abbreviated by ISO 4, as most styles of the sciences print them.

Through the `pyiso4` package (the List of Title Word Abbreviations; a development
dependency). pyiso4 has quirks of its own: it clips some words the list leaves whole ("Hear."
for Heart, "Sport." for Sports), and fails on a few names with letters it cannot
transliterate or that it gives a stray combining mark ("Cart̡." for Cartilage), which are then
left as they are.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

NEEDS = "needs the pyiso4 package (pip install -e '.[dev,train]')"


def abbreviator(*, full_stops: bool = True) -> Callable[[str], str] | None:
    """A function from a journal's name to its ISO 4 abbreviation ("J. Biol. Chem."; without
    full stops, as MEDLINE prints them: "J Biol Chem"), or None without pyiso4."""
    try:
        from pyiso4.ltwa import Abbreviate
    except ImportError:
        return None
    abbreviate = Abbreviate.create()

    def abbreviated(name: str) -> str:
        try:
            short = str(abbreviate(name, remove_part=True))
        except IndexError:  # a name with letters pyiso4 cannot transliterate
            return name
        if _marks(short) > _marks(name):  # a combining mark pyiso4 made up
            return name
        return short if full_stops else short.replace(".", "")

    return abbreviated


def _marks(text: str) -> int:
    return sum(1 for char in text if unicodedata.combining(char))
