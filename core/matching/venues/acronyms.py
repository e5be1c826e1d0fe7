"""Venue acronyms: whether a name is one, and whether a long proceedings title carries it."""

from __future__ import annotations

import functools
import re

from cite_sentinel.core.matching.titles import fold
from cite_sentinel.core.matching.venues.words import FRAMING, STOPWORDS, is_acronym, words

# Where dblp's long proceedings titles, and others, divide a name into parts:
# "CIDR 2020, 10th Conference on Innovative Data Systems Research, Amsterdam, …".
_PARTS = re.compile(r"[,;:()\[\]/]|\s[-\u2013\u2014]\s")
_YEAR = re.compile(r"^'?(?:1[6-9]|20)\d\d$|^'\d\d$|^\d+(?:st|nd|rd|th)?$")
_ELIDED_YEAR = re.compile(r"(?<=[A-Za-z])'\d\d$")
_EDGE_PUNCTUATION = " .,;:'\"()[]"
_FOLDED = re.compile(r"[^a-z0-9]+")
# Organisers that are no venue on their own: "IEEE" cited as a venue names none.
_ORGANISERS = frozenset({"ieee", "acm", "cvf", "siam", "ifip", "usenix"})


def carries(cited: str, found: str) -> bool:
    """Whether one name is an acronym the other carries as one of its parts, with a year or the
    event's framing at most ("RecSys" and "…, RecSys 2015, Vienna, Austria"), either way."""
    return _carried(acronym(cited), found) or _carried(acronym(found), cited)


@functools.lru_cache(maxsize=16384)
def acronym(name: str) -> str:
    """The acronym a name consists of, framing and year aside ("Proc. RecSys '15", "IEEE S&P",
    "L4DC", "3DV"), folded to lower-case letters and digits; "" when it is not one."""
    tokens = [t for t in _tokens(name) if not _YEAR.match(t)]
    named = [t for t in tokens if not _framing(t)]
    if not named:  # "ACM SIGMOD": the framing word that is an acronym and no mere organiser
        named = [t for t in tokens if is_acronym(t) and _key(t) not in _ORGANISERS]
    if len(named) != 1 or not is_acronym(named[0]):
        return ""
    return _key(named[0])


def _carried(key: str, name: str) -> bool:
    """Whether a part of the name is the acronym, beside a year and framing only."""
    if not key:
        return False
    for part in _PARTS.split(name):
        tokens = [t for t in _tokens(part) if not _YEAR.match(t)]
        if any(_key(t) == key for t in tokens) and all(
            _key(t) == key or _framing(t) for t in tokens
        ):
            return True
    return False


def _tokens(text: str) -> list[str]:
    """The words of a name as written, without edge punctuation or an elided year ("'15")."""
    stripped = (_ELIDED_YEAR.sub("", t.strip(_EDGE_PUNCTUATION)) for t in text.split())
    return [t for t in stripped if t]


def _framing(token: str) -> bool:
    """A word that frames a venue's name: an article or preposition, "Proceedings", "IEEE"."""
    return all(w in STOPWORDS or w in FRAMING or w.isdigit() for w in words(token))


def _key(token: str) -> str:
    return _FOLDED.sub("", fold(token).lower())
