"""Venue names as comparable words: folded, without years, numbering or punctuation."""

from __future__ import annotations

import functools
import re

from cite_sentinel.core.matching.titles import fold

# Words a venue name may carry or drop without naming another venue: ISO 4 drops articles,
# prepositions and conjunctions, in every language of scholarly publishing (English, French,
# German, Dutch, the Scandinavian, Romance and Slavic languages, Turkish); people add or drop
# the event's framing and its organiser. Words that are also an ISO 4 abbreviation ("am" for
# American, "med" for medical, "ed", "pro", "com") are left out.
STOPWORDS = frozenset({
    "an", "the", "of", "on", "in", "for", "and", "to", "at", "by", "with", "from", "into",
    "its",
    # French
    "de", "des", "du", "la", "le", "les", "et", "au", "aux", "pour", "sur", "dans",
    # German
    "der", "die", "das", "und", "fur", "fuer", "zur", "zum", "im", "von", "vom", "auf", "aus",
    "uber", "ueber",
    # Dutch and the Scandinavian languages
    "van", "voor", "en", "het", "een", "och", "og", "den", "det", "af", "av", "til", "till", "paa",
    # Italian
    "di", "del", "della", "delle", "dello", "dei", "degli", "dell", "il", "lo", "gli", "nel",
    "nella", "nell", "per", "alla", "dal", "dalla", "sul", "sulla",
    # Spanish and Portuguese
    "el", "los", "las", "na", "da", "do", "dos", "em", "no", "nos", "nas", "ao", "para",
    "por",
    # Slavic languages and Turkish
    "za", "ze", "ve", "dla", "oraz",
})  # fmt: skip
# One-letter conjunctions, prepositions, articles and elisions: Italian and Portuguese "e",
# Spanish "y", Czech "a", Polish "i" and "w", French "l'" and "d'". A single letter is also a
# journal's series (Physical Review A and E are two journals, Journal of Physics A and D
# too), so one may be dropped only between two other words of a name, never first or last.
FUNCTION_LETTERS = frozenset({"a", "e", "i", "o", "u", "y", "v", "w", "z", "l", "d"})
FRAMING = frozenset({
    "proceedings", "proc", "conference", "conf", "symposium", "symp", "congress", "meeting",
    "annual", "international", "intl", "int", "th", "st", "nd", "rd", "joint", "edition",
    "ieee", "acm", "cvf", "usenix", "siam", "aaai", "ifip", "sigplan", "sigmod", "sigops",
    "sigcomm", "sigsac", "sigkdd", "sigir", "sigchi", "sigact", "sigarch", "sigmetrics",
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "vol", "volume", "part", "series", "section", "sect",
})  # fmt: skip
_YEAR = re.compile(r"'?\b(1[6-9]|20)\d\d\b|'\d\d\b")
_ORDINAL = re.compile(r"\b\d+(st|nd|rd|th)\b")
_PARENTHESIS = re.compile(r"\(([^()]*)\)")
# A country closing a name: ", UK", and the United States however written ("…, USA", "Proc.
# Natl. Acad. Sci. U S A", "… Sciences of the United States of America").
_COUNTRY = re.compile(
    r"(?:,\s*U\.?\s?K\.?|(?:,\s*|\s+(?:of\s+the\s+)?)(?:U\.?\s?S\.?\s?A\.?"
    r"|United\s+States(?:\s+of\s+America)?))\s*$",
    re.I,
)
# A society's London, which the Royal Society's journals dropped from their names in the
# 1990s: "Proc. R. Soc. Lond. A", MEDLINE's "Philos Trans R Soc Lond B Biol Sci".
_LONDON = re.compile(r"\b(Soc(?:iety)?\.?),?\s+(?:of\s+)?Lond(?:on)?\b\.?", re.I)
_LETTERS = re.compile(r"[^a-z0-9]+")
# An elided article or preposition: "L'Encéphale" is cited "Encephale", "d'anesthésie".
_ELISION = re.compile(r"\b[ld]['\u2019](?=[a-z])")
_ACRONYM = re.compile(r"[A-Z0-9][A-Za-z0-9&+\-]{1,15}")


@functools.lru_cache(maxsize=32768)
def words(text: str) -> tuple[str, ...]:
    """Lower-case folded words of a venue name, without years, ordinals or punctuation."""
    text = fold(text).lower().replace("&", " and ")
    text = _ELISION.sub(" ", _ORDINAL.sub(" ", _YEAR.sub(" ", text)))
    text = re.sub(r"(?<=[a-z])'s\b", "s", text)
    return tuple(w for w in _LETTERS.sub(" ", text).split() if not w.isdigit() or len(w) < 3)


def significant(names: tuple[str, ...]) -> tuple[str, ...]:
    """The words that name the venue: no stopwords, no framing, no numbers."""
    return tuple(w for w in names if w not in STOPWORDS and w not in FRAMING and not w.isdigit())


_SERIES_LETTER = re.compile(r"\s[A-Z]\s*$")  # "… Section A", "… Series B", "… Physics A"


@functools.lru_cache(maxsize=32768)
def variants(name: str) -> tuple[str, ...]:
    """The name, the name without its parenthesised parts, each parenthesised acronym, and a
    series' name without the subject its letter stands for ("Proceedings of the Royal Society
    A: Mathematical, Physical and Engineering Sciences", cited "Proc. R. Soc. A").

    MEDLINE adds places ("Journal of Psychopharmacology (Oxford, England)") and names a
    section after its parent journal ("Brain Research: Brain Research Reviews"); a country
    may close a name (", USA") and a society its London; proceedings titles end with the
    acronym ("… Discrete Algorithms (SODA)").
    """
    found = [name]
    bare = " ".join(_PARENTHESIS.sub(" ", name).split())
    if bare and bare != name:
        found.append(bare)
    unplaced = _LONDON.sub(r"\1", _COUNTRY.sub("", bare)).strip() or bare
    if unplaced != bare:
        found.append(unplaced)  # "Proceedings of the National Academy of Sciences, USA"
    head, colon, part = unplaced.partition(":")
    if colon and words(head) and words(part)[: len(words(head))] == words(head):
        found.append(part.strip())  # MEDLINE's "Brain Research: Brain Research Reviews"
    if colon and _SERIES_LETTER.search(head):
        found.append(head.strip())  # "Journal of Physics A: Mathematical and Theoretical"
    found.extend(_in_each_language(unplaced))
    for inside in _PARENTHESIS.findall(name):
        inside = inside.strip()
        if is_acronym(inside):
            found.append(inside)
    return tuple(dict.fromkeys(found))


def _in_each_language(name: str) -> tuple[str, ...]:
    """Each language's name of a bilingual journal: "Canadian Public Administration/
    Administration publique du Canada". Each side is a whole name (two words that are not
    stopwords, no subtitle), so "MCN: The American Journal of Maternal/Child Nursing" is not
    cut."""
    sides = name.split("/")
    if (
        len(sides) != 2
        or ":" in name
        or not all(len(significant(words(side))) >= 2 for side in sides)
    ):
        return ()
    return tuple(side.strip() for side in sides)


def is_acronym(token: str) -> bool:
    """A venue's acronym as written: "SODA", "RecSys", "S&P", and with digits "L4DC", "3DV"."""
    if not _ACRONYM.fullmatch(token) or not any(c.isalpha() for c in token):
        return False
    capitals = sum(c.isupper() for c in token)
    return capitals >= 2 or (capitals == 1 and any(c.isdigit() for c in token))
