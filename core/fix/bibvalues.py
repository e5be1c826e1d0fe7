"""Values written into BibTeX by `fix`: names, pages, entry types and LaTeX-safe text."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.fix.changes import Change, FixField
from cite_sentinel.core.model import Person

# The index's type of work, as the BibTeX entry type that cites it.
ENTRY_TYPES = {
    "journal-article": "article",
    "article": "article",
    "proceedings-article": "inproceedings",
    "book-chapter": "incollection",
}
_SPECIAL = re.compile(r"([&%$#_])")
_DASH = re.compile(r"\s*[-\u2010-\u2015]+\s*")


def bibtex_value(change: Change) -> str:
    """The text between the delimiters of the field that `change` writes."""
    if change.field is FixField.AUTHORS:
        return " and ".join(_name(person) for person in change.people)
    if change.field is FixField.PAGES:
        return _DASH.sub("--", change.value.strip())
    if change.field in (FixField.DOI, FixField.YEAR):
        return change.value
    return latex_text(change.value)


def latex_text(text: str) -> str:
    """Plain text made safe in a braced BibTeX value: specials escaped, stray braces dropped."""
    text = text.replace("\\", "").replace("{", "").replace("}", "")
    return _SPECIAL.sub(r"\\\1", text)


def _name(person: Person) -> str:
    if person.literal:
        return "{" + latex_text(person.literal) + "}"
    family = latex_text(f"{person.von} {person.family}".strip())
    parts = [family]
    if person.suffix:
        parts.append(latex_text(person.suffix))
    if person.given:
        parts.append(latex_text(person.given))
    return ", ".join(parts) if len(parts) > 1 else family


def venue_field(kind: str, names: Sequence[str]) -> str:
    """The field an entry keeps its venue in: the one it has, else the one its type uses."""
    for name in ("journal", "journaltitle", "booktitle"):
        if name in names:
            return name
    return "booktitle" if kind in ("inproceedings", "incollection", "conference") else "journal"
