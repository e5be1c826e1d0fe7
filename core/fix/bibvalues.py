"""Values written into BibTeX by `fix`: names, pages and LaTeX-safe text."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.fix.changes import Change, FixField
from cite_sentinel.core.fix.name_style import NameStyle, write_name

# Each character LaTeX or BibTeX would not print as itself, as what prints it. Braces become
# commands, not `\{`: BibTeX counts every brace, escaped or not, to find a value's end.
_ESCAPES = {
    "\\": r"\textbackslash{}",
    "{": r"\textbraceleft{}",
    "}": r"\textbraceright{}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
}
# A character that forms a ligature with the next (`--`, ``` `` ```, `''`, `<<`, `!``, …).
_LIGATURE = r"-(?=-)|`(?=`)|'(?=')|<(?=<)|>(?=>)|,(?=,)|[?!](?=`)"
_SPECIAL = re.compile(_LIGATURE + r"|[\\{}~^&%$#_]")
_DASH = re.compile(r"\s*[-\u2010-\u2015]+\s*")
_FIELDS = {
    FixField.DOI: "doi",
    FixField.TITLE: "title",
    FixField.YEAR: "year",
    FixField.AUTHORS: "author",
    FixField.PAGES: "pages",
    FixField.VOLUME: "volume",
    FixField.ISSUE: "number",
}


def bibtex_value(change: Change, *, names: NameStyle | None = None, dash: str = "--") -> str:
    """The text between the delimiters of the field that `change` writes.

    `names` is the form the file writes people in, `dash` what it puts between page numbers.
    """
    if change.field is FixField.AUTHORS:
        style = names or NameStyle()
        written = [write_name(person, style, bibtex_text) for person in change.people]
        return " and ".join([*written, "others"] if change.others else written)
    if change.field is FixField.PAGES:
        return _DASH.sub(dash, change.value.strip())
    if change.field in (FixField.DOI, FixField.YEAR):
        return change.value  # verbatim fields: biblatex prints a backslash as written
    return bibtex_text(change.value)


def bibtex_text(text: str) -> str:
    """Plain text as a braced BibTeX value that LaTeX prints, and our reader reads, as `text`.

    Whitespace is collapsed as every reader does; `--`, ``` `` ```, `''` and the other
    ligatures are kept apart with `{}` so that they do not turn into a dash or quotes.
    """
    return _SPECIAL.sub(_escaped, " ".join(text.split()))


def _escaped(match: re.Match[str]) -> str:
    found = match.group(0)
    return _ESCAPES.get(found) or found + "{}"


def field_name(field: FixField, kind: str, names: Sequence[str]) -> str:
    """The BibTeX field a change writes, in an entry of type `kind` holding fields `names`."""
    if field is FixField.VENUE:
        return venue_field(kind, names)
    if field is FixField.YEAR and "year" not in names and "date" in names:
        return "date"
    return _FIELDS[field]


def venue_field(kind: str, names: Sequence[str]) -> str:
    """The field an entry keeps its venue in: the one it has, else the one its type uses."""
    for name in ("journal", "journaltitle", "booktitle"):
        if name in names:
            return name
    return "booktitle" if kind in ("inproceedings", "incollection", "conference") else "journal"
