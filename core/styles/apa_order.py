"""The order of an APA reference list: authors name by name, then year, then title."""

from __future__ import annotations

from cite_sentinel.core.model import Reference
from cite_sentinel.core.styles.apa_names import family_name, initials, sort_text
from cite_sentinel.core.styles.sentence_case import sentence_case


def apa_sort_key(reference: Reference) -> tuple[str, str, str]:
    """Authors (family then given, name by name), then year, then title."""
    if reference.people:
        authors = " ".join(f"{family_name(p)} {initials(p.given)}" for p in reference.people)
    else:
        authors = apa_title(reference)
    year = reference.date[:4] if reference.date else "9999"
    return (sort_text(authors), year, sort_text(apa_title(reference)))


def apa_cite_sort_key(reference: Reference) -> tuple[str, int, str]:
    """Works cited together, as apa.csl sorts them: the authors as an in-text citation
    counts them (the first alone from three on), undated works first, then the year."""
    many = len(reference.people) >= 3 or reference.others  # "and others": three or more
    people = reference.people[:1] if many else reference.people
    if people:  # whole given names, as citeproc sorts them (initials in the list's order)
        authors = " ".join(f"{family_name(p)} {p.given}" for p in people)
    else:
        authors = apa_title(reference)
    year = reference.date[:4] if reference.date[:4].isdigit() else ""
    return (sort_text(authors), 1 if year else 0, year)


def apa_title(reference: Reference) -> str:
    """The title APA shows: BibTeX titles in sentence case (as pandoc does), others as given."""
    if reference.source_format == "bibtex" and reference.protected_title:
        return sentence_case(reference.protected_title)
    return reference.title or reference.key
