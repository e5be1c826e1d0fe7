"""The keys of `nocite:`: listed and checked as pandoc's citeproc would, never rewritten."""

from __future__ import annotations

import re

import panflute as pf
from cite_sentinel.core import Citation, Location
from cite_sentinel.filters.cites import NOCITE
from cite_sentinel.filters.collect import DOCUMENT

_KEY = re.compile(r"@([^\s,;\]]+)")  # `-M nocite=@a,@b` comes as a string


def nocite_citations(doc: pf.Doc) -> tuple[Citation, ...]:
    """One citation per key `nocite` names (`*` for every entry), in the order written."""
    value = doc.metadata.content.dict.get(NOCITE)
    if value is None:
        return ()
    keys: list[str] = []
    if isinstance(value, pf.MetaString):
        keys.extend(match.group(1) for match in _KEY.finditer(value.text))
    else:

        def look(element: pf.Element, _: pf.Doc) -> None:
            if isinstance(element, pf.Cite):
                keys.extend(str(citation.id) for citation in element.citations)

        value.walk(look)
    where = Location.point(DOCUMENT, 1, 1)
    return tuple(Citation(key=key, location=where) for key in dict.fromkeys(keys))
