"""Finding work identifiers in a reference's fields or text; their forms and normaliser live in
`core.lexicon.identifiers`, so that every reader, index and catalog spells an identifier alike."""

from __future__ import annotations

import re
from collections.abc import Mapping

from cite_sentinel.core.lexicon.identifiers import (
    ARXIV_IN_TEXT,
    CLOSERS,
    DOI_START,
    PMCID_IN_TEXT,
    PMID_IN_TEXT,
    TRAILING_MARKS,
    arxiv_problem,
    arxiv_version,
    doi_problem,
    isbn_problem,
    normalise_arxiv,
    normalise_doi,
    normalise_isbn,
    normalise_pmcid,
    normalise_pmid,
)
from cite_sentinel.core.model import Identifiers

_ISBN_IN_TEXT = re.compile(r"ISBN(?:-1[03])?\s*:?\s*([0-9][0-9\- ]{8,16}[0-9Xx])", re.IGNORECASE)
_URL_IN_TEXT = re.compile(r"https?://[^\s<>\"'{}]+", re.IGNORECASE)

# --- finding them all ------------------------------------------------------------------------

_DOI_PLACES = ("doi", "url", "note", "howpublished", "eprint", "annote", "addendum")
_ARXIV_PLACES = (
    "arxiv",
    "arxivid",
    "eprint",
    "doi",
    "url",
    "note",
    "howpublished",
    "journal",
    "journaltitle",
    "booktitle",
    "container-title",
    "number",
    "volume",
    "publisher",
)


def find_identifiers(fields: Mapping[str, str]) -> Identifiers:
    """Identifiers from BibTeX- or CSL-like fields (lower-case names); ISSN is not one."""

    def get(name: str) -> str:
        return fields.get(name, "") or ""

    eprint_type = (get("archiveprefix") or get("eprinttype")).strip().lower()
    doi = normalise_doi(get("doi"))
    if not doi:
        for name in _DOI_PLACES[1:]:
            if name == "eprint" and eprint_type not in {"", "doi"}:
                continue
            doi = normalise_doi(get(name)) if DOI_START.search(get(name)) else ""
            if doi:
                break
    arxiv = ""
    if eprint_type == "arxiv":
        arxiv = normalise_arxiv(get("eprint"))
    for name in _ARXIV_PLACES:
        if arxiv:
            break
        if name == "eprint" and eprint_type not in {"", "arxiv"}:
            continue
        value = get(name)
        arxiv = normalise_arxiv(value) if name in {"arxiv", "arxivid"} else _arxiv_in_text(value)
    pmid = normalise_pmid(get("pmid"))
    pmcid = normalise_pmcid(get("pmcid"))
    if eprint_type == "pubmed" and not pmid:
        pmid = normalise_pmid(get("eprint"))
    if not pmid or not pmcid:
        for name in ("url", "note", "howpublished"):
            pmid = pmid or _pmid_in_text(get(name))
            pmcid = pmcid or _pmcid_in_text(get(name))
    return Identifiers(
        doi=doi,
        arxiv=arxiv,
        pmid=pmid,
        pmcid=pmcid,
        isbn=normalise_isbn(get("isbn")),
        url=_url_of(fields),
    )


def find_identifiers_in_text(text: str) -> Identifiers:
    """Identifiers written in a free-text reference (`doi:`, links, `arXiv:`, `PMID:`, ISBN)."""
    isbn_match = _ISBN_IN_TEXT.search(text)
    url_match = _URL_IN_TEXT.search(text)
    return Identifiers(
        doi=normalise_doi(text) if DOI_START.search(text) else "",
        arxiv=_arxiv_in_text(text),
        pmid=_pmid_in_text(text),
        pmcid=_pmcid_in_text(text),
        isbn=normalise_isbn(isbn_match.group(1)) if isbn_match else "",
        url=_trim_url(url_match.group(0)) if url_match else "",
    )


def _arxiv_in_text(text: str) -> str:
    match = ARXIV_IN_TEXT.search(text)
    return normalise_arxiv(match.group(0)) if match else ""


def _pmid_in_text(text: str) -> str:
    match = PMID_IN_TEXT.search(text)
    return match.group(1).lstrip("0") if match else ""


def _pmcid_in_text(text: str) -> str:
    match = PMCID_IN_TEXT.search(text)
    return f"PMC{match.group(1)}" if match else ""


def _url_of(fields: Mapping[str, str]) -> str:
    url = (fields.get("url", "") or "").strip()
    url = re.sub(r"^\\url\{(.*)\}$", r"\1", url)
    if url:
        return url
    for name in ("howpublished", "note"):
        match = _URL_IN_TEXT.search(fields.get(name, "") or "")
        if match:
            return _trim_url(match.group(0))
    return ""


def _trim_url(url: str) -> str:
    while url and url[-1] in TRAILING_MARKS:
        opener = CLOSERS.get(url[-1])
        if opener is not None and url.count(opener) >= url.count(url[-1]):
            break
        url = url[:-1]
    return url


__all__ = [
    "arxiv_problem",
    "arxiv_version",
    "doi_problem",
    "find_identifiers",
    "find_identifiers_in_text",
    "isbn_problem",
    "normalise_arxiv",
    "normalise_doi",
    "normalise_isbn",
    "normalise_pmcid",
    "normalise_pmid",
]
