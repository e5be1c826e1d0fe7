"""What `fix` means to change in one entry, said once for BibTeX and CSL-JSON alike."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cite_sentinel.core.model import Person


class FixField(StrEnum):
    """The fields `fix` may write; each format maps them onto its own field names."""

    DOI = "doi"
    TITLE = "title"  # only an editor's quick fix writes it: `fix` never changes a title
    YEAR = "year"
    AUTHORS = "authors"
    VENUE = "venue"
    PAGES = "pages"
    VOLUME = "volume"
    ISSUE = "issue"
    KIND = "kind"  # the index's type of work: journal-article, proceedings-article, …
    RETRACTED = "retracted"  # a `retracted` keyword, and a note when the entry has none


@dataclass(frozen=True, slots=True)
class Change:
    """One field's new value; `people` carries the authors when `field` is AUTHORS, and
    `others` says the list is cut short on purpose (BibTeX `and others`). `kept` gives, for
    each of `people`, the position of the entry's own name to keep as written (it says as
    much as the index's, or more: "S M Smith" for the index's "S Smith"), or -1."""

    field: FixField
    value: str
    people: tuple[Person, ...] = ()
    others: bool = False
    kept: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class EntryFix:
    """Every change to one entry and, for a person, why each is made."""

    key: str
    changes: tuple[Change, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Skipped:
    """An entry with something to fix that `fix` leaves alone, and why; `field` names the one
    field left alone where others are changed ("" : the whole entry)."""

    key: str
    reason: str
    field: str = ""
