"""Titles a free-text reader may have misread: "fabricated" needs a title one can trust.

A reference list in a style the reader does not know (a journal name it takes for the title,
names it cannot pair) gives a "title" that is no title: "Fertility and sterility 2015, 104,
964-971", "U.; Sohn". No index holds a work by such a title, and that proves nothing.
"""

from __future__ import annotations

import re

from cite_sentinel.core.model import Reference

# A year, then a volume or pages: "2015, 104, 964" or "1997, 282-287" (a locator, not a title).
_LOCATOR = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)[a-z]?\s*[,;:.]\s*\d")
_PAGE_RANGE_END = re.compile(r"\d+\s*[-–]\s*\d+\.?\s*$")
_WORD = re.compile(r"[^\W\d_]{3,}")
# A person taken for the title: "A. Belkadi et al.", "R. Chinnuswami".
_PERSON = re.compile(
    r"^(?:[A-Z]\.\s*|[A-Z]\.-[A-Z]\.\s*)+[\w'’-]+(?:\s+et\s+al\.?)?$|\bet\s+al\.?$"
)
# A journal's name taken for the title: "Journal of Magnetic Resonance, Series B 104, 199".
_VENUE_HEAD = re.compile(
    r"^(?:the\s+)?(?:journal|annals|archives|bulletin|proceedings|transactions|acta|annales"
    r"|zeitschrift|revista|revue)\s+(?:of|on|de|der|für|fur|di|do|da)\s",
    re.IGNORECASE,
)
# APS and AIP print "Journal 104, 964 (2015)": a title that ends in the volume.
_VOLUME_THEN_PAGE = r"\s*,\s*[A-Za-z]?\d+\s*\((?:1[5-9]\d\d|20\d\d)\)"


def misread_title(reference: Reference) -> bool:
    """Whether a free-text reference's title reads as a locator or a piece of a name list."""
    if reference.source_format != "reflist" or not reference.title:
        return False
    title = reference.title
    if _LOCATOR.search(title) or _PAGE_RANGE_END.search(title):
        return True
    if title[-1:].isdigit() and re.search(re.escape(title) + _VOLUME_THEN_PAGE, reference.raw):
        return True
    if ";" in title or _VENUE_HEAD.match(title) or _PERSON.search(title):
        return True  # a name list's semicolon, a journal's name, a person
    words = _WORD.findall(title)
    return len(words) < 2 and not any(len(word) >= 5 for word in words)  # "A. B.", "Data"
