"""Page ranges compared as people read them: a first page alone is not other pages.

Indexes often hold only a work's first page ("341" for 341–359), and MEDLINE abbreviates the
last page ("341-59" is 341–359); neither says the cited range is wrong. Authors sometimes
keep a DOI in the pages field: it is no page, and it must survive a repair of the pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_DOI = re.compile(r"(?:\bdoi:\s*|https?://(?:dx\.)?doi\.org/)?\b(10\.\d{4,9}/[^\s,;]+)", re.I)
_LABEL = re.compile(r"^(?:pp?|pages?|s|ss|art|article|no)\.?\s+", re.IGNORECASE)
_DASH = re.compile(r"\s*(?:[-\u2010-\u2015\u2212]+|\bto\b)\s*")
_PAGE = re.compile(r"[A-Za-z]{0,3}\d+[A-Za-z]?|[ivxlcdm]+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class PageRange:
    """A first page (or article number) and a last page; "" where not given."""

    first: str = ""
    last: str = ""


def page_range(pages: str) -> PageRange:
    """The range a pages field names, without labels ("pp.") or a DOI written in it; an
    abbreviated last page is written out ("341-59" → 341, 359)."""
    text = _LABEL.sub("", _DOI.sub(" ", pages).strip(" .,;")).strip()
    parts = [p.strip(" .") for p in _DASH.split(text, maxsplit=1)]
    first = parts[0].lower() if parts and _PAGE.fullmatch(parts[0]) else ""
    last = parts[1].lower() if len(parts) > 1 and _PAGE.fullmatch(parts[1]) else ""
    if not first:
        return PageRange()
    last = _written_out(first, last)
    return PageRange(first, "" if last == first else last)


def doi_in_pages(pages: str) -> str:
    """A DOI an author wrote in the pages field, or ""."""
    found = _DOI.search(pages)
    return found.group(1).rstrip(".").lower() if found else ""


def other_pages(cited: str, found: str) -> bool:
    """Whether an index's pages name other pages than the cited ones.

    A side that gives only the first page agrees with a range that starts there: a missing
    last page is not a different one.
    """
    a, b = page_range(cited), page_range(found)
    if not a.first or not b.first:
        return False
    if a.first != b.first:
        return True
    return bool(a.last and b.last) and a.last != b.last


def completes(cited: str, found: str) -> bool:
    """Whether the index gives the whole range of which the citation gives the first page."""
    a, b = page_range(cited), page_range(found)
    return bool(a.first) and a.first == b.first and not a.last and bool(b.last)


def _written_out(first: str, last: str) -> str:
    """ "59" after "341" is 359: the digits an abbreviated last page leaves out are the
    first page's."""
    if first.isdigit() and last.isdigit() and len(last) < len(first):
        full = first[: len(first) - len(last)] + last
        if int(full) >= int(first):
            return full
    return last
