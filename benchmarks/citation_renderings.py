"""A corpus work cited by its own metadata as people write BibTeX, in one of several renderings.

The entry type follows the kind of work (@article, @inproceedings, @book, @incollection,
@phdthesis, @techreport, @misc for datasets, software and arXiv preprints). The rendering
changes one thing from a plain entry with the full venue and no DOI: the DOI given, the venue
as its ISO 4 style abbreviation (the corpus's short name where known) or as a conference's
acronym, the title's case changed, accented letters written as LaTeX accents ({\\"u}), or
only the first two authors followed by `and others`.
"""

from __future__ import annotations

import re
import unicodedata
from enum import StrEnum

from tests.fakeapi.abbreviations import abbreviate
from tests.fakeapi.works import Person, Work


class Rendering(StrEnum):
    """What one citation changes from the plain entry (full venue, no DOI)."""

    DOI = "full venue, DOI"
    PLAIN = "full venue, no DOI"
    ISO = "ISO abbreviation"
    ACRONYM = "conference acronym"
    CASE = "title case changed"
    ACCENTS = "LaTeX accents"
    OTHERS = "and others"


_ACCENTS = {
    "\u0301": "'", "\u0300": "`", "\u0302": "^", "\u0308": '"', "\u0303": "~", "\u0304": "=",
    "\u0307": ".", "\u0327": "c", "\u030c": "v", "\u030a": "r", "\u0306": "u", "\u030b": "H",
    "\u0328": "k",
}  # fmt: skip
_LETTERS = {"ø": "{\\o}", "Ø": "{\\O}", "ß": "{\\ss}", "æ": "{\\ae}", "Æ": "{\\AE}", "ł": "{\\l}",
            "Ł": "{\\L}", "œ": "{\\oe}", "å": "{\\aa}", "Å": "{\\AA}"}  # fmt: skip
_SMALL = frozenset(("a", "an", "the", "of", "and", "or", "in", "on", "for", "to", "with", "by"))
_ACRONYM = re.compile(r"^[A-Z][A-Za-z]*[A-Z][A-Za-z]*$")
# A conference's acronym as its proceedings name it: "…, CIKM 2016", "CIKM'12", "(MWSCAS)".
_NAMED = re.compile(
    r"\b([A-Z][A-Za-z]*[A-Z][A-Za-z]*)\s*'?(?:19|20)?\d\d\b|\(([A-Z][A-Za-z]*[A-Z][A-Za-z]*)[\s)]"
)


def applicable(work: Work) -> tuple[Rendering, ...]:
    """The renderings that change something for this work."""
    found = [Rendering.PLAIN, Rendering.CASE]
    if work.doi:
        found.append(Rendering.DOI)
    if work.venue and work.kind in ("journal-article", "proceedings-article"):
        if _abbreviation(work) != work.venue:
            found.append(Rendering.ISO)
        if work.kind == "proceedings-article" and _acronym(work):
            found.append(Rendering.ACRONYM)
    if _latex(_names(work.authors) + work.title) != _names(work.authors) + work.title:
        found.append(Rendering.ACCENTS)
    if len(work.authors) >= 3:
        found.append(Rendering.OTHERS)
    return tuple(found)


def bibtex(work: Work, rendering: Rendering, key: str) -> str:
    """The work's BibTeX entry in the rendering."""
    kind, fields = _shape(work, _venue(work, rendering))
    authors = work.authors[:2] if rendering is Rendering.OTHERS else work.authors
    names = _names(authors) + (" and others" if rendering is Rendering.OTHERS else "")
    title = _recased(work.title) if rendering is Rendering.CASE else work.title
    values: list[tuple[str, str]] = [("author", names), ("title", title)]
    if work.editors and kind in ("incollection", "book"):
        values.append(("editor", _names(work.editors)))
    values += fields
    values += [("year", str(work.year or "")), ("volume", work.volume or "")]
    values += [("number", work.issue or ""), ("pages", (work.pages or "").replace("-", "--"))]
    if rendering is Rendering.DOI:
        values.append(("doi", work.doi or ""))
    if rendering is Rendering.ACCENTS:
        values = [(name, _latex(value)) for name, value in values]
    body = ",\n".join(f"  {name} = {{{_clean(value)}}}" for name, value in values if value)
    return f"@{kind}{{{key},\n{body}\n}}\n"


def _venue(work: Work, rendering: Rendering) -> str:
    if rendering is Rendering.ISO:
        return _abbreviation(work)
    if rendering is Rendering.ACRONYM:
        return _acronym(work)
    return work.venue


def _abbreviation(work: Work) -> str:
    if work.venue_short and work.venue_short != work.venue and not _ACRONYM.match(work.venue_short):
        return work.venue_short
    return abbreviate(work.venue)


def _acronym(work: Work) -> str:
    """The acronym writers use for the conference ("" when it has none that is known): the one
    its name gives ("…, CIKM 2016", "(MWSCAS)"), else the corpus's short name if it is one."""
    words = re.findall(r"[\w-]+", work.venue)
    same = [w for w in words if _ACRONYM.match(w) and w.casefold() == work.venue_short.casefold()]
    named = _NAMED.search(work.venue)
    if same or named:
        return same[0] if same else named.group(1) or named.group(2)  # type: ignore[union-attr]
    return work.venue_short if _ACRONYM.match(work.venue_short or "") else ""


def _shape(work: Work, venue: str) -> tuple[str, list[tuple[str, str]]]:
    """The entry type and the fields that say where the work appeared."""
    publisher = work.publisher or ""
    kind = work.kind
    if kind == "journal-article":
        return "article", [("journal", venue)]
    if kind == "proceedings-article":
        return "inproceedings", [("booktitle", venue), ("publisher", publisher)]
    if kind in ("book", "edited-book", "monograph"):
        return "book", [("series", venue), ("publisher", publisher)]
    if kind in ("book-chapter", "reference-entry"):
        return "incollection", [("booktitle", venue), ("publisher", publisher)]
    if kind == "dissertation":
        return "phdthesis", [("school", venue or publisher)]
    if kind == "report":
        return "techreport", [("institution", publisher or venue)]
    if kind == "posted-content" and work.arxiv:
        return "misc", [("eprint", work.arxiv), ("archivePrefix", "arXiv")]
    if kind in ("dataset", "software"):
        note = "Dataset" if kind == "dataset" else "Software"
        return "misc", [("howpublished", venue or publisher), ("note", note)]
    return "misc", [("howpublished", venue or publisher)]


def _names(people: tuple[Person, ...]) -> str:
    return " and ".join(
        f"{{{p.family}}}" if p.is_org else f"{p.family}, {p.given}" if p.given else p.family
        for p in people
    )


def _recased(title: str) -> str:
    """Title Case for a title written in sentence case, sentence case for one in Title Case."""
    words = title.split()
    capitalised = sum(w[:1].isupper() for w in words[1:])
    if words and capitalised > len(words[1:]) / 2:
        return " ".join([words[0], *(w.lower() for w in words[1:])])
    return " ".join(
        w if w.lower() in _SMALL and i else w[:1].upper() + w[1:] for i, w in enumerate(words)
    )


def _latex(text: str) -> str:
    """Accented letters as LaTeX accent commands: "Müller" -> "M{\\"u}ller"."""
    if text.isascii():
        return text
    out: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        command = _ACCENTS.get(char)
        if command is not None and out:
            base = out.pop()
            base = "\\i" if base == "i" else base
            letter = command.isalpha()  # \c{c}, \v{s}; a symbol takes its letter bare: \'e
            out.append(f"{{\\{command}{{{base}}}}}" if letter else f"{{\\{command}{base}}}")
        else:
            out.append(_LETTERS.get(char, char))
    return unicodedata.normalize("NFC", "".join(out))


def _clean(value: str) -> str:
    """The value with braces balanced: unmatched ones are dropped."""
    depth, kept = 0, []
    for char in value:
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                continue
            depth -= 1
        kept.append(char)
    text = "".join(kept) + "}" * depth
    return text.replace("\n", " ")
