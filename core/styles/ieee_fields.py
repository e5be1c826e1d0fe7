"""One part of an IEEE entry as ieee.csl writes it: names, volume and issue, pages, dates."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.model import Person, Reference
from cite_sentinel.core.styles.apa_names import family_name, initials
from cite_sentinel.core.styles.typography import typographic

ET_AL_MIN = 7  # seven or more authors: the first, then "et al."
_MONTHS = (  # ieee.csl's short month names
    *("Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun."),
    *("Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec."),
)
_DASH = re.compile(r"\s*(?:--?|–|—)\s*")


def ieee_names(people: Sequence[Person]) -> str:
    """ "F. Liu", "F. Liu and M. Chen", "F. Liu, M. Chen, and D. Roth"; seven or more:
    "F. Liu et al."."""
    names = [ieee_name(person) for person in people]
    if len(names) >= ET_AL_MIN:
        return f"{names[0]} et al."
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + f", and {names[-1]}"


def in_text_names(people: Sequence[Person]) -> str:
    """The authors as a sentence names them before the number: "Smith", "Smith and Doe",
    "Smith et al."."""
    names = [family_name(person) for person in people]
    if len(names) > 2:
        return f"{names[0]} et al."
    return " and ".join(names)


def ieee_name(person: Person) -> str:
    """`J. A. Smith Jr.`: initials first; an organisation as it is written."""
    if person.literal:
        return typographic(person.literal)
    given = initials(person.given)
    name = f"{given} {family_name(person)}".strip()
    return typographic(f"{name} {person.suffix}" if person.suffix else name)


def editor_label(editors: Sequence[Person]) -> str:
    """`Ed.` or `Eds.`."""
    return "Eds." if len(editors) > 1 else "Ed."


def editors_text(reference: Reference) -> str:
    """`G. Green and W. T. White, Eds.` after a chapter's book or a paper's proceedings."""
    if not reference.editors or not reference.people:
        return ""  # without authors, the editors already lead the entry
    names = [ieee_name(person) for person in reference.editors]
    joined = ", ".join(names[:-1]) + f", and {names[-1]}" if len(names) > 2 else " and ".join(names)
    return f"{joined}, {editor_label(reference.editors)}"


def locators(reference: Reference) -> str:
    """`2nd ed., vol. 4, no. 6`, as far as known."""
    parts = []
    edition = reference.field("edition")
    if edition:
        parts.append(f"{_ordinal(edition)} ed." if edition.isdigit() else f"{edition}.")
    if reference.volume:
        parts.append(f"vol. {reference.volume}")
    if reference.issue:
        parts.append(f"no. {reference.issue}")
    return ", ".join(parts)


def publisher(reference: Reference) -> str:
    """`Berlin: Springer`: the place, when known, before the publisher."""
    place = reference.field("publisher-place") or reference.field("address")
    publisher = reference.publisher
    return ": ".join(part for part in (place, publisher) if part)


def pages_text(pages: str) -> str:
    """`pp. 12–19`, `p. 7`: a range gets an en dash, as citeproc writes it."""
    pages = pages.strip()
    if not pages:
        return ""
    ranged = _DASH.sub("–", pages)
    plural = "–" in ranged or "," in ranged or "&" in ranged
    return f"{'pp.' if plural else 'p.'} {ranged}"


def year_text(reference: Reference) -> str:
    """The year, or "" when the work has no date (IEEE writes no n.d.)."""
    if reference.year is not None:
        return str(reference.year)
    return reference.date[:4] if reference.date[:4].isdigit() else ""


def month_year(reference: Reference) -> str:
    """`Jun. 1992` when the month is known, else the year."""
    year = year_text(reference)
    month = _month(reference.date)
    return f"{month} {year}" if month and year else year


def text_date(date: str) -> str:
    """`Jan. 05, 2024`, `Jan. 2024` or `2024`, as ieee.csl's text dates."""
    year = date[:4] if date[:4].isdigit() else ""
    if not year:
        return ""
    month = _month(date)
    if not month:
        return year
    day = date[8:10] if len(date) >= 10 and date[8:10].isdigit() else ""
    return f"{month} {day}, {year}" if day else f"{month} {year}"


def _ordinal(number: str) -> str:
    value = int(number)
    suffix = "th" if 10 <= value % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix}"


def _month(date: str) -> str:
    if len(date) >= 7 and date[5:7].isdigit() and 1 <= int(date[5:7]) <= 12:
        return _MONTHS[int(date[5:7]) - 1]
    return ""
