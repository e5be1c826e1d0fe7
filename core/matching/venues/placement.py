"""Whether a cited venue names the venue an index gives, names another one, or cannot be told."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from enum import StrEnum

from cite_sentinel.core.matching.venues.acronyms import carries
from cite_sentinel.core.matching.venues.aliases import canonical_keys
from cite_sentinel.core.matching.venues.alignment import abbreviates
from cite_sentinel.core.matching.venues.hosts import is_host, is_preprint_server, is_umbrella
from cite_sentinel.core.matching.venues.words import STOPWORDS, significant, variants, words

_NO_CLAIM = frozenset({"proceedings", "proc", "conference", "conf", "in", "pp", "vol"})


class Placement(StrEnum):
    """How a cited venue relates to the names an index gives a work's venue."""

    AGREES = "agrees"  # one of the names is the cited venue (or it claims none)
    DIFFERS = "differs"  # the index names a venue that is recognisably another one
    UNPLACED = "unplaced"  # the index's names cannot confirm or refute it


def is_venue_claim(venue: str) -> bool:
    """False for "arXiv preprint", a publisher, a proceedings series: they claim no venue."""
    if not any(w not in STOPWORDS and w not in _NO_CLAIM for w in words(venue)):
        return False  # "Proceedings", "In Proc."
    return not (is_preprint_server(venue) or is_host(venue))


def place(cited: str, names: Iterable[str], *, host: bool = False) -> Placement:
    """Compare a cited venue with every name an index gives the work's venue.

    `host`: the index says its venue is a repository, platform, series or publisher (OpenAlex
    source types), which cannot refute a citation's venue.
    """
    if not is_venue_claim(cited):
        return Placement.AGREES
    given = tuple(dict.fromkeys(n.strip() for n in names if n and not _placeholder(n)))
    if not given:
        return Placement.UNPLACED
    if any(_agrees(cited, name) for name in given):
        return Placement.AGREES
    if _known_apart(cited, given):
        return Placement.DIFFERS
    venues = [name for name in given if not (is_host(name) or is_umbrella(name))]
    if host or not venues:
        return Placement.UNPLACED
    if any(_related(cited, name) for name in venues):
        return Placement.UNPLACED
    return Placement.DIFFERS


@functools.lru_cache(maxsize=65536)
def _agrees(cited: str, name: str) -> bool:
    cited_keys, name_keys = canonical_keys(cited), canonical_keys(name)
    if cited_keys and name_keys:
        return bool(cited_keys & name_keys)  # known venues: their aliases decide
    if carries(cited, name):
        return True  # "CIDR" in "CIDR 2020, 10th Conference on Innovative Data Systems …"
    for a in variants(cited):
        for b in variants(name):
            if _same(words(a), words(b)):
                return True
    return _subtitled(cited, name) or _subtitled(name, cited)


def _subtitled(longer: str, name: str) -> bool:
    """The name with a subtitle that describes it: "Econometrica: Journal of the Econometric
    Society" is "Econometrica". A subtitle that names a part ("Journal of Physics: Condensed
    Matter") makes another venue."""
    head, colon, subtitle = longer.partition(":")
    describes = _DESCRIBING.intersection(words(subtitle)[:3])
    return bool(colon and describes and significant(words(head))) and words(head) == words(name)


_DESCRIBING = frozenset({"journal", "official", "revue", "zeitschrift", "rivista", "revista"})


def _placeholder(name: str) -> bool:
    """An empty name, or what an index writes for none: "(No Title)", "Unknown", "N/A"."""
    return " ".join(words(name)) in _PLACEHOLDERS


_PLACEHOLDERS = frozenset({"", "no title", "untitled", "unknown", "n a", "na", "none", "null"})


def _known_apart(cited: str, names: tuple[str, ...]) -> bool:
    """Both sides name known venues, and different ones ("ICML" and "Machine Learning")."""
    cited_keys = canonical_keys(cited)
    found = [canonical_keys(name) for name in names]
    return bool(cited_keys) and any(found) and not any(cited_keys & keys for keys in found)


def _same(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    if not a or not b:
        return False
    if a == b or "".join(significant(a)) == "".join(significant(b)):
        return True  # "PLoS ONE" and "PLOSONE"; "The Lancet" and "Lancet"
    return abbreviates(a, b) or abbreviates(b, a)


def _related(cited: str, name: str) -> bool:
    """Names that may be one venue or two: one is the other's head ("Journal of Physics" and
    "Journal of Physics: Condensed Matter"), or they are in different scripts."""
    if _script(cited) != _script(name):
        return True
    a, b = significant(words(cited)), significant(words(name))
    shorter, longer = sorted((a, b), key=len)
    return len(shorter) >= 2 and longer[: len(shorter)] == shorter


def _script(text: str) -> str:
    """ "latin" when the name has Latin letters, else "other" (Cyrillic, CJK, Greek …)."""
    return "latin" if re.search(r"[A-Za-z\u00c0-\u024f]", text) else "other"
