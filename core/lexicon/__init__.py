"""One shared vocabulary of printed references: the words and shapes every reader knows.

Years, months, name particles, the words of journals, proceedings and publishers, the words
that say what kind of work a reference is, and the shapes of identifiers. The free-text
reader's features, its field normalisers and the other readers take them from here, so that
a year is one pattern and "Proc." one word everywhere.
"""

from __future__ import annotations

from cite_sentinel.core.lexicon.dates import MONTHS, YEAR, month_number, year_in
from cite_sentinel.core.lexicon.kinds import (
    KIND_WORDS,
    TYPE_CODES,
    is_descriptor,
    kind_of_genre,
    kind_of_type_code,
)
from cite_sentinel.core.lexicon.names import (
    AND_WORDS,
    EDITOR_WORDS,
    ET_AL_WORDS,
    NAME_PARTICLES,
    NAME_SUFFIXES,
)
from cite_sentinel.core.lexicon.venues import (
    CONFERENCE_WORDS,
    IN_WORDS,
    JOURNAL_WORDS,
    LOCATOR_WORDS,
    PLACE_WORDS,
    PUBLISHER_WORDS,
)

__all__ = [
    "AND_WORDS",
    "CONFERENCE_WORDS",
    "EDITOR_WORDS",
    "ET_AL_WORDS",
    "IN_WORDS",
    "JOURNAL_WORDS",
    "KIND_WORDS",
    "LOCATOR_WORDS",
    "MONTHS",
    "NAME_PARTICLES",
    "NAME_SUFFIXES",
    "PLACE_WORDS",
    "PUBLISHER_WORDS",
    "TYPE_CODES",
    "YEAR",
    "is_descriptor",
    "kind_of_genre",
    "kind_of_type_code",
    "month_number",
    "year_in",
]
