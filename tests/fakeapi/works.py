"""One work as every fake index knows it, and the normal forms of its identifiers and words."""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

_WORD = re.compile(r"[^\W_]+")
# Scripts written without spaces: each character is a word of its own for search.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
# Letters NFKD leaves whole, written as search engines fold them.
_LETTERS = str.maketrans(
    {"ø": "o", "ß": "ss", "æ": "ae", "œ": "oe", "đ": "d", "ł": "l", "ı": "i", "þ": "th"}
)
_STOPWORDS = frozenset(
    (
        *("a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "into", "is"),
        *("it", "of", "on", "or", "that", "the", "their", "this", "to", "with", "via", "its"),
        *("we", "our", "using", "toward", "towards"),
    )
)


class Agency(StrEnum):
    """Who registered a work's DOI; decides which fake APIs know the DOI."""

    CROSSREF = "Crossref"
    DATACITE = "DataCite"
    JALC = "JaLC"


@dataclass(frozen=True, slots=True)
class Person:
    """One author or editor as the corpus stores it; an organisation has only `family`."""

    family: str
    given: str
    is_org: bool = False

    @property
    def display(self) -> str:
        """The name as indexes display it: "Given Family", or the organisation's name."""
        return f"{self.given} {self.family}".strip()


@dataclass(frozen=True, slots=True, kw_only=True)
class Work:
    """A work as every fake API sees it; each API renders it in its own shape."""

    number: int
    key: str
    title: str
    authors: tuple[Person, ...]
    year: int | None
    venue: str = ""
    venue_short: str = ""
    kind: str = "journal-article"
    doi: str | None = None
    arxiv: str | None = None
    pages: str | None = None
    volume: str | None = None
    issue: str | None = None
    url: str | None = None
    publisher: str | None = None
    abstract: str | None = None
    agency: Agency = Agency.CROSSREF
    resource_type: str | None = None
    retracted: bool = False
    retraction_notice: str | None = None
    retracts: str | None = None
    withdrawn: bool = False
    has_preprint: tuple[str, ...] = ()
    is_preprint_of: tuple[str, ...] = ()
    in_s2: bool = True
    in_openalex: bool = True
    pmid: str | None = None
    pmcid: str | None = None
    isbn: tuple[str, ...] = ()
    issn: str | None = None
    editors: tuple[Person, ...] = ()
    language: str | None = None
    venue_alt: str = ""
    field: str = ""
    origin: str = ""
    # What real indexes hold, for works written to reproduce a real record's shape:
    subtitle: str = ""  # Crossref's `subtitle` (the title is then the main title alone)
    print_year: int | None = None  # the printed issue's year; `year` is the online year
    raw_names: tuple[str, ...] = ()  # OpenAlex's `raw_author_name` of each author, as printed
    venue_kind: str = ""  # OpenAlex's type of the venue's source (repository, …)
    # How one index holds the work where it differs from the others: (index, the work as
    # that index holds it); index is openalex, crossref, s2 or datacite.
    held_as: tuple[tuple[str, Work], ...] = ()

    @property
    def openalex_id(self) -> str:
        return f"W{4_000_000_000 + self.number}"

    @property
    def s2_id(self) -> str:
        return hashlib.sha1(self.key.encode()).hexdigest()

    @property
    def corpus_id(self) -> int:
        return 100_000 + self.number

    @property
    def datacite_doi(self) -> str | None:
        """The DOI DataCite holds: the work's own, or arXiv's 10.48550 one."""
        if self.doi and self.agency is Agency.DATACITE:
            return self.doi
        if self.arxiv:
            return f"10.48550/arxiv.{self.arxiv}"
        return None

    @property
    def iso_language(self) -> str | None:
        """The ISO 639-1 code an index states (as OpenAlex, it guesses from the title too)."""
        code = (self.language or "").rstrip("?")
        return code if len(code) == 2 else None


def tokens(text: str) -> list[str]:
    """Lower-case words of a text, accents folded, stopwords dropped; CJK one per character."""
    if text.isascii():
        words = _WORD.findall(text.lower())
    else:
        words = _WORD.findall(_UNSPACED.sub(r" \g<0> ", _fold(text)))
    return [word for word in words if word not in _STOPWORDS]


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    kept = "".join(c for c in decomposed if not unicodedata.combining(c))
    return kept.translate(_LETTERS)


@functools.lru_cache(maxsize=1 << 18)
def family_tokens(family: str) -> tuple[str, ...]:
    return tuple(tokens(family))


def normalise_doi(value: str) -> str:
    """A bare, lower-case DOI from any of the forms clients send."""
    value = value.strip()
    for prefix in ("https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "doi:", "DOI:"):
        if value.lower().startswith(prefix.lower()):
            value = value[len(prefix) :]
    return value.lower()


def normalise_arxiv(value: str) -> str:
    """An arXiv id without prefix or version."""
    value = value.strip()
    for prefix in ("arxiv:", "ARXIV:", "arXiv:"):
        if value.startswith(prefix):
            value = value[len(prefix) :]
    return re.sub(r"v\d+$", "", value.lower())
