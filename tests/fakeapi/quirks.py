"""Index quirks: the ways real indexes hold a correct work wrongly, drawn per index and work.

Off by default. With `Quirks(rate=0.1)` about one work in ten, in each index separately, is
held in one of these ways (the draw hashes the seed, the index and the work's key, so it is
the same on every request and every run, and a second index usually holds the work right):

- `arxiv-primary` (OpenAlex, Semantic Scholar): a published journal or conference paper with
  an arXiv version is held as the arXiv record: OpenAlex's primary location is "arXiv (Cornell
  University)" (type repository), the published location kept after it; Semantic Scholar's
  venue is "arXiv.org".
- `arxiv-only` (OpenAlex): as above, and the published location is absent.
- `authors-alphabetised` (all four): the author list sorted by family name.
- `authors-first-only` (all four): only the first author.
- `authors-team` (all four): the authors replaced by a team or consortium name ("Meta Team").
- `transliterated` (all four): one author's name in another transliteration or spelling:
  a hyphenated given name joined or a joined one hyphenated (Dong-Gyun / Donggyun), German
  umlauts spelt out (Müller / Mueller), other diacritics dropped (José / Jose).
- `venue-publisher` (OpenAlex, Semantic Scholar): the venue is a publisher's or a
  repository's name: "{publisher} eBooks" (an OpenAlex ebook platform, as "Society for
  Industrial and Applied Mathematics eBooks"), the publisher itself ("Springer"), or an
  institutional repository ("CaltechAUTHORS").
- `venue-abbreviated` (OpenAlex, Crossref, Semantic Scholar): the venue given only as its
  abbreviation (the corpus's short name where known, else its ISO 4 style abbreviation).

A quirk that cannot apply to a work (no arXiv version, one author, no venue) is not drawn:
the work is held correctly.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, replace
from enum import StrEnum

from .abbreviations import abbreviate
from .works import Person, Work


class Quirk(StrEnum):
    """One way an index holds a work wrongly."""

    ARXIV_PRIMARY = "arxiv-primary"
    ARXIV_ONLY = "arxiv-only"
    AUTHORS_ALPHABETISED = "authors-alphabetised"
    AUTHORS_FIRST_ONLY = "authors-first-only"
    AUTHORS_TEAM = "authors-team"
    TRANSLITERATED = "transliterated"
    VENUE_PUBLISHER = "venue-publisher"
    VENUE_ABBREVIATED = "venue-abbreviated"


_AUTHOR_QUIRKS = (
    Quirk.AUTHORS_ALPHABETISED,
    Quirk.AUTHORS_FIRST_ONLY,
    Quirk.AUTHORS_TEAM,
    Quirk.TRANSLITERATED,
)
BY_INDEX: dict[str, tuple[Quirk, ...]] = {
    "openalex": (
        Quirk.ARXIV_PRIMARY,
        Quirk.ARXIV_ONLY,
        *_AUTHOR_QUIRKS,
        Quirk.VENUE_PUBLISHER,
        Quirk.VENUE_ABBREVIATED,
    ),
    "crossref": (*_AUTHOR_QUIRKS, Quirk.VENUE_ABBREVIATED),
    "s2": (Quirk.ARXIV_PRIMARY, *_AUTHOR_QUIRKS, Quirk.VENUE_PUBLISHER, Quirk.VENUE_ABBREVIATED),
    "datacite": _AUTHOR_QUIRKS,
}
TEAMS = (
    "Meta Team",
    "Gemini Team",
    "The ATLAS Collaboration",
    "GBD Collaborators",
    "Writing Committee",
    "The Consortium",
)
REPOSITORIES = (
    "CaltechAUTHORS",
    "HAL (Le Centre pour la Communication Scientifique Directe)",
    "Zenodo (CERN European Organization for Nuclear Research)",
    "PubMed Central",
)
PUBLISHED_KINDS = frozenset(("journal-article", "proceedings-article"))
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
_JOINED = re.compile(r"^([A-Z][a-z]+)([A-Z][a-z]+)$")


@dataclass(frozen=True, slots=True)
class Quirks:
    """How often an index holds a work in a quirky way (0 = never), and the draw's seed."""

    rate: float = 0.0
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Seen:
    """A work as one index holds it, and the quirk that changed it (None: held correctly)."""

    work: Work
    quirk: Quirk | None = None
    venue_kind: str = ""  # for venue-publisher, the OpenAlex source type: "ebook platform", …


def seen_by(index: str, work: Work, quirks: Quirks) -> Seen:
    """The work as `index` holds it under `quirks` (a work that says how this index holds
    it, `held_as`, is held so whatever the quirks)."""
    for holder, held in work.held_as:
        if holder == index:
            return Seen(held)
    if quirks.rate <= 0 or index not in BY_INDEX:
        return Seen(work)
    digest = hashlib.sha1(f"{quirks.seed}:{index}:{work.key}".encode()).digest()
    if int.from_bytes(digest[:8], "big") / 2**64 >= quirks.rate:
        return Seen(work)
    possible = [q for q in BY_INDEX[index] if _applies(q, work)]
    if not possible:
        return Seen(work)
    quirk = possible[int.from_bytes(digest[8:12], "big") % len(possible)]
    return _held(quirk, work, int.from_bytes(digest[12:16], "big"))


def _applies(quirk: Quirk, work: Work) -> bool:
    people = [p for p in work.authors if not p.is_org]
    if quirk in (Quirk.ARXIV_PRIMARY, Quirk.ARXIV_ONLY):
        return work.kind in PUBLISHED_KINDS and bool(work.venue) and _has_arxiv(work)
    if quirk is Quirk.AUTHORS_ALPHABETISED:
        return len(people) > 1 and _alphabetised(work.authors) != work.authors
    if quirk is Quirk.AUTHORS_FIRST_ONLY:
        return len(work.authors) > 1
    if quirk is Quirk.AUTHORS_TEAM:
        return bool(people)
    if quirk is Quirk.TRANSLITERATED:
        return any(variant(p) is not None for p in work.authors)
    if quirk is Quirk.VENUE_PUBLISHER:
        return bool(work.venue) and work.venue != "arXiv"
    return bool(work.venue) and short_venue(work) != work.venue


def _has_arxiv(work: Work) -> bool:
    return bool(work.arxiv) or any(d.startswith("10.48550/arxiv.") for d in work.has_preprint)


def _held(quirk: Quirk, work: Work, pick: int) -> Seen:
    if quirk is Quirk.AUTHORS_ALPHABETISED:
        return Seen(replace(work, authors=_alphabetised(work.authors)), quirk)
    if quirk is Quirk.AUTHORS_FIRST_ONLY:
        return Seen(replace(work, authors=work.authors[:1]), quirk)
    if quirk is Quirk.AUTHORS_TEAM:
        team = Person(TEAMS[pick % len(TEAMS)], "", is_org=True)
        return Seen(replace(work, authors=(team,)), quirk)
    if quirk is Quirk.TRANSLITERATED:
        at = next(i for i, p in enumerate(work.authors) if variant(p) is not None)
        other = variant(work.authors[at])
        assert other is not None
        authors = (*work.authors[:at], other, *work.authors[at + 1 :])
        return Seen(replace(work, authors=authors), quirk)
    if quirk is Quirk.VENUE_PUBLISHER:
        return _publisher_venue(work, pick)
    if quirk is Quirk.VENUE_ABBREVIATED:
        return Seen(replace(work, venue=short_venue(work)), quirk)
    return Seen(work, quirk)


def _alphabetised(authors: tuple[Person, ...]) -> tuple[Person, ...]:
    return tuple(sorted(authors, key=lambda p: (p.family.casefold(), p.given.casefold())))


def variant(person: Person) -> Person | None:
    """The person's name in another transliteration or spelling, if it has one."""
    if person.is_org:
        return None
    given = person.given
    if "-" in given and given.replace("-", "").isalpha():
        head, _, tail = given.partition("-")
        return replace(person, given=head + tail.lower())
    joined = _JOINED.match(given)
    if joined:
        return replace(person, given=f"{joined.group(1)}-{joined.group(2)}")
    if _ascii(given) != given:
        return replace(person, given=_ascii(given))
    if _ascii(person.family) != person.family:
        return replace(person, family=_ascii(person.family))
    return None


def _ascii(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.translate(_UMLAUTS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def short_venue(work: Work) -> str:
    """The venue as its abbreviation: the corpus's short name where known, else ISO 4 style."""
    if work.venue_short and work.venue_short != work.venue:
        return work.venue_short
    return abbreviate(work.venue)


def _publisher_venue(work: Work, pick: int) -> Seen:
    quirk = Quirk.VENUE_PUBLISHER
    if work.publisher and pick % 3 == 0:
        venue = f"{work.publisher} eBooks"
        return Seen(replace(work, venue=venue, venue_short=""), quirk, "ebook platform")
    if work.publisher and pick % 3 == 1:
        return Seen(replace(work, venue=work.publisher, venue_short=""), quirk, "ebook platform")
    repository = REPOSITORIES[pick % len(REPOSITORIES)]
    return Seen(replace(work, venue=repository, venue_short=""), quirk, "repository")
