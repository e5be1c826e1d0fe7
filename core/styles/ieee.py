"""IEEE reference-list entries for the numbered and HTML styles, as ieee.csl renders them.

Authors, "Title," venue, vol., no., pp., date, then the DOI (or the URL). "Accessed" appears
only where IEEE writes it: web pages, and a URL given with the date it was visited.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.lexicon.kinds import Kind, kind_of_reference
from cite_sentinel.core.model import Reference
from cite_sentinel.core.styles.ieee_fields import (
    editor_label,
    editors_text,
    ieee_names,
    locators,
    month_year,
    pages_text,
    publisher,
    text_date,
    year_text,
)
from cite_sentinel.core.styles.inline import Emph, Inline, Link, Rendered, Text
from cite_sentinel.core.styles.typography import typographic

# The part of IEEE's reference guide that writes each kind of work.
_PARTS = {
    Kind.ARTICLE: "journal", Kind.PAPER: "conference", Kind.CHAPTER: "chapter",
    Kind.BOOK: "book", Kind.REPORT: "report", Kind.THESIS: "thesis", Kind.WEBPAGE: "web",
    Kind.PREPRINT: "preprint",
}  # fmt: skip
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)


def ieee_entry(reference: Reference) -> Rendered:
    """One entry without its number: `F. Liu and M. Chen, “Title,” in Venue, 2021, pp. 1–9.`"""
    kind = work_kind(reference)
    parts: list[Inline] = []
    authors = _authors(reference)
    if authors:
        parts.append(Text(f"{authors}, "))
    body = {
        "journal": _journal,
        "conference": _conference,
        "chapter": _chapter,
        "book": _book,
        "report": _report,
        "thesis": _thesis,
        "web": _web,
        "preprint": _preprint,
    }.get(kind, _other)
    parts += body(reference)
    return Rendered(_merged(parts))


def work_kind(reference: Reference) -> str:
    """journal, conference, chapter, book, report, thesis, web, preprint or other, from the
    entry type (CSL's `article` is a preprint; BibTeX's is a journal article)."""
    kind = kind_of_reference(reference)
    if kind is Kind.UNKNOWN and reference.venue:
        return "journal"
    return _PARTS.get(kind, "other")


def _authors(reference: Reference) -> str:
    if reference.people:
        names = ieee_names(reference.people)
        return f"{names} et al." if reference.others and "et al." not in names else names
    if reference.editors:
        return f"{ieee_names(reference.editors)}, {editor_label(reference.editors)}"
    return ""


def _journal(reference: Reference) -> list[Inline]:
    venue = reference.field("container-title-short") or reference.venue
    fields: list[list[Inline]] = [
        _quoted(reference),
        _emph(venue),
        _text(locators(reference)),
        _text(pages_text(reference.pages)),
        _text(month_year(reference)),
    ]
    parts = _joined(fields, ", ")
    access = _access(reference)
    return [*parts, Text("," if access else "."), *access]


def _conference(reference: Reference) -> list[Inline]:
    head = _joined(
        [
            _quoted(reference),
            _in(reference.venue),
            _text(editors_text(reference)),
        ],
        ", ",
    )
    tail = _joined(
        [
            _text(publisher(reference)),
            _text(month_year(reference)),
            _text(pages_text(reference.pages)),
        ],
        ", ",
    )
    parts = [*head, Text(", ")] if head else []
    parts += [*tail, Text(".")] if tail else []
    return [*parts, *_access(reference)]


def _chapter(reference: Reference) -> list[Inline]:
    fields: list[list[Inline]] = [
        _quoted(reference),
        _in(reference.venue),
        _text(locators(reference)),
        _text(editors_text(reference)),
        _text(publisher(reference)),
        _text(year_text(reference)),
        _text(pages_text(reference.pages)),
    ]
    return [*_ended(_joined(fields, ", "), "."), *_access(reference)]


def _book(reference: Reference) -> list[Inline]:
    head = _joined([_emph(_title(reference)), _text(locators(reference))], ", ")
    tail = _joined(
        [
            _text(publisher(reference)),
            _text(year_text(reference)),
            _text(pages_text(reference.pages)),
        ],
        ", ",
    )
    parts = [*head, Text(". " if tail else ".")] if head else []
    parts += [*tail, Text(".")] if tail else []
    return [*parts, *_access(reference)]


def _report(reference: Reference) -> list[Inline]:
    number = " ".join(
        part for part in (reference.field("genre"), reference.field("number")) if part
    )
    fields: list[list[Inline]] = [
        _quoted(reference),
        _text(publisher(reference)),
        _text(number),
        _text(month_year(reference)),
    ]
    return [*_ended(_joined(fields, ", "), "."), *_access(reference)]


def _thesis(reference: Reference) -> list[Inline]:
    genre = reference.field("genre") or reference.field("type")
    if not genre and reference.kind in ("phdthesis", "mastersthesis"):
        genre = "Ph.D. dissertation" if reference.kind == "phdthesis" else "M.S. thesis"
    fields: list[list[Inline]] = [
        _quoted(reference),
        _text(genre),
        _text(publisher(reference)),
        _text(year_text(reference)),
    ]
    return [*_ended(_joined(fields, ", "), "."), *_access(reference)]


def _web(reference: Reference) -> list[Inline]:
    fields: list[list[Inline]] = [_quoted(reference), _text(reference.venue)]
    parts = _ended(_joined(fields, ", "), ".")
    url = _url(reference)
    if not url:
        return parts
    accessed = text_date(reference.accessed)
    seen = [Text(f" Accessed: {accessed}.")] if accessed else []
    return [*parts, *seen, Text(" [Online]. Available: "), Link(children=(Text(url),), url=url)]


def _preprint(reference: Reference) -> list[Inline]:
    number = reference.field("number")
    server = publisher(reference)
    posted = [*_emph(server), *([Text(f": {number}")] if number and server else _text(number))]
    fields = [_quoted(reference), _text(text_date(reference.date)), posted]
    return [*_ended(_joined(fields, ", "), "."), *_access(reference)]


def _other(reference: Reference) -> list[Inline]:
    head = _joined([_quoted(reference), _emph(reference.venue), _text(locators(reference))], ", ")
    tail = _joined(
        [
            _text(publisher(reference)),
            _text(pages_text(reference.pages)),
            _text(text_date(reference.date)),
        ],
        ", ",
    )
    parts = [*head, Text(". " if tail else ".")] if head else []
    parts += [*tail, Text(".")] if tail else []
    return [*parts, *_access(reference)]


def _access(reference: Reference) -> list[Inline]:
    """` doi: 10.1/x.`, else the URL (`Accessed: …. [Online]. Available: URL` with its date)."""
    doi = _doi(reference)
    if doi:
        return [
            Text(" doi: "),
            Link(children=(Text(doi),), url=f"https://doi.org/{doi}"),
            Text("."),
        ]
    url = _url(reference)
    if not url:
        return []
    accessed = text_date(reference.accessed)
    seen = [Text(f" Accessed: {accessed}. [Online].")] if accessed else []
    return [*seen, Text(" Available: "), Link(children=(Text(url),), url=url)]


def _doi(reference: Reference) -> str:
    written = _DOI_PREFIX.sub("", reference.field("doi").strip())
    return written or reference.identifiers.doi


def _url(reference: Reference) -> str:
    return reference.field("url") or reference.identifiers.url


def _title(reference: Reference) -> str:
    return typographic(reference.title or reference.key)


def _quoted(reference: Reference) -> list[Inline]:
    """“Title” with the quotation marks inside it turned to single ones, as citeproc does."""
    title = _title(reference).replace("“", "‘").replace("”", "’")
    return [Text(f"“{title}”")]


def _text(value: str) -> list[Inline]:
    return [Text(value)] if value else []


def _in(venue: str) -> list[Inline]:
    return [Text("in "), Emph((Text(venue),))] if venue else []


def _emph(value: str) -> list[Inline]:
    return [Emph((Text(value),))] if value else []


def _joined(fields: Sequence[list[Inline]], delimiter: str) -> list[Inline]:
    """The non-empty fields with the delimiter between them."""
    result: list[Inline] = []
    for field in (field for field in fields if field):
        if result:
            result.append(Text(delimiter))
        result += field
    return result


def _ended(parts: list[Inline], end: str) -> list[Inline]:
    return [*parts, Text(end)] if parts else []


def _merged(parts: Sequence[Inline]) -> tuple[Inline, ...]:
    """Adjacent texts as one, typeset with citeproc's punctuation: `”,` becomes `,”`."""
    merged: list[Inline] = []
    for part in parts:
        if isinstance(part, Text) and merged and isinstance(merged[-1], Text):
            merged[-1] = Text(merged[-1].text + part.text)
        elif not (isinstance(part, Text) and not part.text):
            merged.append(part)
    return tuple(_typeset(part) for part in merged)


def _typeset(part: Inline) -> Inline:
    """Typographic quotes and apostrophes in text and italics (links keep theirs)."""
    if isinstance(part, Text):
        return Text(_punctuated(typographic(part.text)))
    if isinstance(part, Emph):
        return Emph(tuple(_typeset(child) for child in part.children))
    return part


def _punctuated(text: str) -> str:
    text = re.sub(r"”([,.])", r"\1”", text)
    text = re.sub(r"([?!.])[,.]”", r"\1”", text)
    return re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)  # "2nd ed." ends its sentence
