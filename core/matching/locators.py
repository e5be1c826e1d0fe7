"""Where a work sits in its venue: volume and first page (or article number).

Chemistry (ACS) and physics (APS, AIP) print references without titles: "J. Am. Chem. Soc.
2019, 141, 1234", "Phys. Rev. Lett. 116, 061102 (2016)". Venue, volume and first page name
one article as surely as a title does.
"""

from __future__ import annotations

import re

from cite_sentinel.core.matching.titles import fold
from cite_sentinel.core.model import Record, Reference

_PAGE_BREAK = re.compile(r"[-\u2010-\u2015,;:\s]+")
_LABEL = re.compile(r"^(?:pp?|vol|no|art|article)\.?\s*", re.IGNORECASE)


def first_page(pages: str) -> str:
    """The first page or article number of a range: "1234–1240" → "1234", "e525", "L1"; an
    article number as JHEP prints it, "012", is the index's 12."""
    text = _LABEL.sub("", pages.strip()).lower()
    first = _PAGE_BREAK.split(text, maxsplit=1)[0] if text else ""
    return (first.lstrip("0") or first) if first.isdigit() else first


def volume(value: str) -> str:
    """A volume as a key: "Vol. 27" and "27" alike."""
    return " ".join(_LABEL.sub("", value.strip()).lower().split())


def same_place(reference: Reference, record: Record) -> bool:
    """Whether the reference's volume and first page are the record's. A proceedings paper
    has no volume (Angewandte Chemie: "P. Pu, L. Chen in Proceedings of …, 2011, pp. 157"):
    its first page, its year and its first author then name it."""
    cited_volume, cited_page = volume(reference.volume), first_page(reference.pages)
    if not cited_page or cited_page != first_page(record.pages):
        return False
    if cited_volume:
        return cited_volume == volume(record.volume) or _numbered_by_year(cited_volume, record)
    return reference.year == record.year and _same_first_author(reference, record)


def _numbered_by_year(cited: str, record: Record) -> bool:
    """A journal whose volume is its year (JHEP, JCAP): the index keeps volume 2011, issue 9,
    and physicists print the issue as the volume ("JHEP 09 (2011) 012") or, as INSPIRE
    writes it, the year's last two digits and the issue ("JHEP 1109 (2011) 012")."""
    year, issue = volume(record.volume), volume(record.issue)
    if not (year.isdigit() and len(year) == 4 and issue.isdigit() and cited.isdigit()):
        return False
    return int(cited) == int(issue) or cited == f"{year[2:]}{int(issue):02d}"


def _same_first_author(reference: Reference, record: Record) -> bool:
    if not reference.people or not record.people:
        return False
    cited, found = reference.people[0], record.people[0]
    return bool(cited.family) and fold(cited.family).lower() == fold(found.family).lower()
