"""Locators in a citation's suffix: where one ends, and how apa.csl writes it.

citeproc links a citation's locator with the citation and leaves the rest of the suffix
("for more", ", emphasis added") outside the link, so the styles need to know where it ends.
"""

from __future__ import annotations

import re

_PAGE = ("p.", "pp.")
# pandoc's English locator labels, and how apa.csl names them: (one, several).
_LOCATOR_TERMS = {
    **dict.fromkeys(("p.", "pp.", "page", "pages"), _PAGE),
    **dict.fromkeys(("para.", "paras.", "paragraph", "paragraphs"), ("para.", "paras.")),
    **dict.fromkeys(("chap.", "chaps.", "chapter", "chapters"), ("Chapter", "Chapters")),
    **dict.fromkeys(("sec.", "secs.", "section", "sections"), ("Section", "Sections")),
    **dict.fromkeys(("fig.", "figs.", "figure", "figures"), ("Figure", "Figures")),
    **dict.fromkeys(("vol.", "vols.", "volume", "volumes"), ("Volume", "Volumes")),
    **dict.fromkeys(("l.", "ll.", "line", "lines"), ("Line", "Lines")),
    **dict.fromkeys(("n.", "nn.", "note", "notes"), ("Note", "Notes")),
    **dict.fromkeys(("col.", "cols.", "column", "columns"), ("Column", "Columns")),
}
# The locator's value: words joined by dashes, or by commas before a digit ("3, 7"); what
# follows ("for more", ", emphasis added") is the suffix and stays as written.
_LOCATOR_VALUE = re.compile(r"\w+(?:\s*[-–—]+\s*\w+|,\s*\d\w*)*")


def is_locator(text: str) -> bool:
    """Whether a suffix starts with a locator pandoc recognises: a label, or a number."""
    label = re.split(r"\s", text.strip(), maxsplit=1)[0].lower()
    return text.strip()[:1].isdigit() or label in _LOCATOR_TERMS


def locator_text(locator: str) -> str:
    """A locator as citeproc writes it with apa.csl: "p. 3-4" is "pp. 3–4", "33" is "p. 33",
    "chap. 2" is "Chapter 2"; a suffix that is no locator stays as written."""
    return "".join(apa_locator(locator))


def apa_locator(locator: str) -> tuple[str, str]:
    """(the locator as apa.csl writes it, the rest of the suffix as written): "p. 3-4 for
    more" is ("pp. 3–4", " for more"); a suffix that is no locator is ("", the suffix)."""
    text = locator.strip()
    split = _split(text)
    if split is None:
        return "", text
    terms, value, rest = split
    number = re.sub(r"\s*[-–—]+\s*", "–", value)
    term = terms[1] if re.search("[–,]", number) else terms[0]
    return f"{term} {number}", rest


def split_locator(locator: str) -> tuple[str, str]:
    """(the locator as written, the rest of the suffix): "pp. 3-4 for more" is ("pp. 3-4",
    " for more"); a suffix that is no locator is ("", the suffix)."""
    text = locator.strip()
    split = _split(text)
    if split is None:
        return "", text
    rest = split[2]
    return text[: len(text) - len(rest)], rest


def _split(text: str) -> tuple[tuple[str, str], str, str] | None:
    """(apa.csl's terms, the value, the rest) of a stripped suffix that starts with a locator."""
    label, _, rest = re.sub(r"\s", " ", text, count=1).partition(" ")  # pandoc writes "p.\xa033"
    terms = _LOCATOR_TERMS.get(label.lower())
    if terms is None:
        if not text[:1].isdigit():
            return None
        terms, rest = _PAGE, text  # pandoc reads a bare number as a page
    value = _LOCATOR_VALUE.match(rest.lstrip())
    if value is None:
        return None
    return terms, value.group(), rest.lstrip()[value.end() :]
