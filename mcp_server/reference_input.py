"""A reference or a query as a tool receives it, read into the engine's Reference."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from cite_sentinel.core import Identifiers, InputError, Location, Read, Reference
from cite_sentinel.core.sources import (
    find_identifiers_in_text,
    normalise_arxiv,
    normalise_doi,
    parse_name,
    read_bibtex,
    read_csl_json,
    read_reflist,
)

InputFormat = Literal["auto", "bibtex", "csl-json", "text"]

_NAMES = {"bibtex": "reference.bib", "csl-json": "reference.json", "text": "reference.txt"}
_QUERY_KEY = "query"
# A bare identifier is at most this long; a longer text is a reference to parse.
_BARE_IDENTIFIER = 200


def read_reference(text: str, form: InputFormat = "auto") -> tuple[Reference, tuple[str, ...]]:
    """The one reference the text states, and what reading it noticed.

    Raises InputError, in words for the model, when the text holds none or several.
    """
    chosen = _format_of(text) if form == "auto" else form
    bare = _bare_identifier(text) if chosen == "text" else None
    if bare is not None:
        return bare, ()
    read = _read(text, chosen)
    notes = tuple(_note(finding.location.line, finding.message) for finding in read.findings)
    if len(read.references) > 1:
        raise InputError(
            f"the text holds {len(read.references)} references; give one, or pass the whole "
            "list to check_bibliography"
        )
    if read.references:
        return read.references[0], notes
    said = f" ({'; '.join(notes)})" if notes else ""
    raise InputError(
        f"no reference could be read from the {chosen} text{said}; give one BibTeX entry, one "
        "CSL-JSON item, or the reference as a bibliography prints it (authors, year, title, "
        "venue), or a DOI"
    )


def query_reference(
    *,
    title: str = "",
    authors: Sequence[str] = (),
    year: int | None = None,
    doi: str = "",
    arxiv: str = "",
) -> Reference:
    """A find_work query as a Reference: what is known of the work sought."""
    identifiers = Identifiers(doi=normalise_doi(doi), arxiv=normalise_arxiv(arxiv))
    if doi.strip() and not identifiers.doi:
        raise InputError(f"{doi!r} is not a DOI; a DOI looks like 10.1234/abcd")
    if arxiv.strip() and not identifiers.arxiv:
        raise InputError(f"{arxiv!r} is not an arXiv id; one looks like 2101.00001")
    if not title.strip() and not identifiers:
        raise InputError("give a title, a DOI or an arXiv id; authors and year only narrow it")
    return Reference(
        key=_QUERY_KEY,
        location=Location.point(_QUERY_KEY, 1, 1),
        title=" ".join(title.split()),
        people=tuple(parse_name(name.strip()) for name in authors if name.strip()),
        year=year,
        identifiers=identifiers,
    )


def _format_of(text: str) -> Literal["bibtex", "csl-json", "text"]:
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("@"):
        return "bibtex"
    if head.startswith(("{", "[")):
        return "csl-json"
    return "text"


def _read(text: str, form: Literal["bibtex", "csl-json", "text"]) -> Read:
    name = _NAMES[form]
    if form == "bibtex":
        return read_bibtex(text, name)
    if form == "csl-json":
        return read_csl_json(text, name)
    return read_reflist(text, name)


def _bare_identifier(text: str) -> Reference | None:
    """A text that is only a DOI or arXiv id (a link to one, `doi:…`, `arXiv:…`), as a
    reference that cites it and nothing else."""
    if len(text.strip()) > _BARE_IDENTIFIER or len(text.split()) != 1:
        return None
    found = find_identifiers_in_text(text)
    doi = found.doi or normalise_doi(text.strip())
    arxiv = "" if doi else found.arxiv or normalise_arxiv(text.strip())
    if not (doi or arxiv):
        return None
    return Reference(  # no raw text: the identifier is all it states, nothing to search for
        key="",  # the entry written from the record takes the usual key
        location=Location.point(_NAMES["text"], 1, 1),
        identifiers=Identifiers(doi=doi, arxiv=arxiv),
        source_format="text",
    )


def _note(line: int, message: str) -> str:
    return f"line {line}: {message}"
