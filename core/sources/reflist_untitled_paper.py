"""Papers in proceedings printed without a title, as Angewandte Chemie prints them: "P. Pu, L.
Chen, R. Hu in Proceedings of the 2011 ACM Conference on Recommender Systems, Chicago, 2011,
pp. 157–164.". The authors, every one written initials first, end at " in "; the venue and
its year follow. Read as a titled reference, the last author and the venue became its title.
"""

from __future__ import annotations

import re

from cite_sentinel.core.sources.reflist_initials import initials_first
from cite_sentinel.core.sources.reflist_locator import Untitled
from cite_sentinel.core.sources.reflist_venue import late_year, pages, venue_and_editors, venue_like

_IN = re.compile(r"\s+in:?\s+")
_ET_AL = re.compile(r",?\s*et\s+al\.?$")


def untitled_paper(body: str) -> Untitled | None:
    """Authors, venue, pages and year of a paper printed as "Authors in Venue, Year, pp.", or
    None where the text before " in " is not only names or what follows is no venue."""
    marker = _IN.search(body)
    if marker is None:
        return None
    authors, rest = body[: marker.start()], body[marker.end() :]
    if not _names(authors) or not venue_like(rest):
        return None
    year = late_year(rest)
    venue, _ = venue_and_editors(rest)
    if not year or not venue:
        return None
    return Untitled(
        authors=authors,
        venue=venue,
        volume="",
        issue="",
        pages=pages(rest),
        year=year,
        kind="paper-conference",
    )


def _names(authors: str) -> bool:
    """Whether the text is a list of names written initials first: "P. Pu, L. Chen, R. Hu"."""
    pieces = [piece for piece in _ET_AL.sub("", authors.strip()).split(", ") if piece]
    return bool(pieces) and all(initials_first(piece) for piece in pieces)
