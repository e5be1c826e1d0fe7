"""Titles run into their venue with no mark between, as the Institute of Physics prints them:
"Wu P, Chen C, Yi J and Metaxas D N 2019 Point Cloud Processing via Recurrent Set Encoding The
Thirty-Third AAAI Conference on Artificial Intelligence pp 5441–9", "… for Neural Sequence
Modeling iclr", "Observation of gravitational waves Phys. Rev. Lett. 116 061102".

The venue starts at the first word that opens a venue's name ("Proceedings", "IEEE", "The
Thirty-Third AAAI Conference", "Journal of", "KDD '22:", "Phys. Rev.") after the title's first
two words, or, where none does, it is the lower-case acronym the text ends with, pages or
not ("… Modeling iclr", "… count data cvpr pp 15665–74"): IOP prints the container of every
paper, so a title does not end the text. Else the whole text stays the title.
"""

from __future__ import annotations

import re

from cite_sentinel.core.sources.reflist_venue import venue_opens

_TITLE_WORDS = 2  # words a title has at least before its venue may start
_LOCATOR_END = re.compile(r"(?:\s+(?:pp?\.?\s*)?[A-Za-z]?\d+(?:\s*[–—-]\s*\d+)?)+\s*\.?$")
# After these a last lower-case word is the title's own: "… a cohort", "… of the data"
_FUNCTION_WORDS = frozenset(("a", "an", "the", "of", "in", "for", "on", "with", "to", "and"))
_ACRONYM_END = re.compile(r"\s(?P<venue>[a-z]{3,10})$")


def split_run_on(text: str) -> tuple[str, str]:
    """The title and what follows it (venue and locator) of a title run into its venue."""
    text = text.strip()
    for match in re.finditer(r"\s+(?=\S)", text):
        if len(text[: match.start()].split()) < _TITLE_WORDS:
            continue
        if venue_opens(text[match.end() :]):
            return text[: match.start()].rstrip(" ,.:;"), text[match.end() :]
    start = _acronym_venue(text)
    if start is not None:
        return text[:start].rstrip(" ,.:;"), text[start:].lstrip()
    return text.rstrip(" ."), ""


def _acronym_venue(text: str) -> int | None:
    """Where the lower-case acronym the text ends with (before any pages) starts, or None
    where the last word reads as the title's own ("… a cohort") or too little comes first."""
    locator = _LOCATOR_END.search(text)
    acronym = _ACRONYM_END.search(text[: locator.start()] if locator else text)
    if acronym is None:
        return None
    before = text[: acronym.start()].split()
    if len(before) <= _TITLE_WORDS or before[-1].lower() in _FUNCTION_WORDS:
        return None
    return acronym.start("venue")
