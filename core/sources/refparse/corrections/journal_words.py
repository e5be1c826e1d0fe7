"""What one word says of a journal's name: cut short as journals' abbreviations are ("Phys",
"Cogn"), written more often in venues' names than in titles ("Fertil", "Oncogene"), or a
title's prose ("newly"). The venue rules (`venues`, `journal_names`) and the title rules ask
these questions; each predicate is wider or narrower on purpose, and its docstring names the
words it must take and those it must not."""

from __future__ import annotations

from cite_sentinel.core.lexicon import EDITOR_WORDS, JOURNAL_WORDS
from cite_sentinel.core.lexicon.words import is_word, name_counts, venue_count, word_count
from cite_sentinel.core.sources.refparse.corrections.common import (
    NAME_SMALL_WORDS,
    VENUE_WORDS,
    more_a_name,
)

JOURNAL_NAME_WORDS = 6  # words of a journal's name, at most, where its end is not printed
ABBREVIATION_LETTERS = 7  # letters a journal's abbreviated word has at most
TITLE_WORD_SHARE = 10  # times more often in titles than in venues: a title's word


def mostly_a_venues_word(text: str) -> bool:
    """A word no dictionary holds, or written more often in venues' names than in titles
    ("Fertil", "Steril", "Bioinform", "Oncogene")."""
    lower = text.lower()
    return word_count(lower) == 0 or 2 * venue_count(lower) > word_count(lower)


def prose(text: str) -> bool:
    """A word in lower case that titles write and venues' names hardly ever do: "not",
    "newly", "formed"."""
    return (
        text.isalpha()
        and text.islower()
        and len(text) >= 3
        and text not in NAME_SMALL_WORDS
        and word_count(text) > TITLE_WORD_SHARE * venue_count(text)
    )


def short_venue_word(text: str) -> bool:
    """A capitalised word a journal's name is written with, short enough to be cut short:
    "Class", "Nucl", "Instrum" (not "Clytia", which no venue's name holds, nor an acronym
    such as "AIDS")."""
    return (
        text.isalpha()
        and text.istitle()
        and len(text) <= ABBREVIATION_LETTERS + 1
        and venue_count(text.lower()) > 0
    )


def short_venue_or_unknown_word(text: str) -> bool:
    """A journal's word, or a capitalised one no dictionary holds ("Theoret", "Commn")."""
    return short_venue_word(text) or (text.istitle() and mostly_a_venues_word(text))


def cut_short(text: str) -> bool:
    """A journal's abbreviation, or a word of three letters or more no title and no name
    holds ("Algebr")."""
    return a_journals_abbreviation(text) or (
        len(text) >= 3 and word_count(text) == 0 and name_counts(text) == (0, 0)
    )


def journal_abbreviation(text: str) -> bool:
    """A journal's word of three letters or more, not a translator's or an editor's: "Acad",
    "Sci", "Phys" (not "Trans", "Ed", "N")."""
    lower = text.lower()
    return len(lower) >= 3 and lower in JOURNAL_WORDS and lower not in EDITOR_WORDS


def short_capitalised(text: str) -> bool:
    """A word as a journal's abbreviation prints it: a capital, a few letters, not all
    capitals ("Funct", "Phys"; not "USA", not "Tennessee")."""
    return (
        text.isalpha()
        and text[0].isupper()
        and len(text) <= ABBREVIATION_LETTERS
        and not (len(text) > 1 and text.isupper())
    )


def a_venues_word(text: str) -> bool:
    """A word venues' names are written with ("Proceedings", "Journal"), or one no dictionary
    holds or written more often in venues' names than in titles."""
    return text.lower() in VENUE_WORDS or mostly_a_venues_word(text)


def opens_a_venue(text: str) -> bool:
    """A word that opens venues' names more than titles: "Proceedings", "Annals", "Monthly"."""
    return text.lower() in VENUE_WORDS or (is_word(text) and mostly_a_venues_word(text))


def mostly_a_journals_word(text: str) -> bool:
    """A word of three letters or more that journals' names use, more often than titles do
    ("Res", "Commun", "Macromol"; not a name no list holds)."""
    lower = text.lower()
    return len(text) >= 3 and (
        lower in JOURNAL_WORDS or (venue_count(lower) > 0 and mostly_a_venues_word(text))
    )


def a_journals_abbreviation(text: str) -> bool:
    """A capitalised word written only in venues' names and no name's: "Cogn", "Int", "Nurs"
    (not "Th" nor "Chr", given names cut short, nor a family name in capitals)."""
    return (
        text.isalpha()
        and text[0].isupper()
        and text[1:].islower()
        and not more_a_name(text)
        and (
            text.lower() in JOURNAL_WORDS
            or (len(text) >= 3 and 0 < venue_count(text) == word_count(text))
        )
    )
