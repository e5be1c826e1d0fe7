"""A record an index holds, written as a new BibTeX entry or CSL-JSON item: the one writer.

Every face that hands out an entry for a record calls these: the MCP server's entries, the
language server's "insert the entry found by its DOI", and the Pandoc filter's corrections
(a CSL item from the record, the cited reference filling what the record lacks). The entry
is the one a careful bibliographer writes for the kind of work (`record_kind`):

- a journal article: `@article` with `journal`, volume, number and pages;
- a conference paper: `@inproceedings` with `booktitle` (OpenAlex types every paper
  `article`; a venue named a proceedings, conference, workshop or symposium says which);
- a preprint: `@misc` with `eprint`, `archivePrefix` and `primaryClass` as arXiv's own
  export writes it (biblatex reads them as `eprinttype` and `eprintclass`), never the
  repository as a journal; CSL's `article` with the repository as publisher and the arXiv
  id as number, as Zotero writes it; another repository's preprint names it in
  `howpublished`;
- a book `@book` with its publisher; a chapter `@incollection` with `booktitle`; a thesis
  `@phdthesis` with its `school`; a report `@techreport` with its `institution`; a data set,
  software and the rest `@misc`, their repository in `howpublished`.
"""

from __future__ import annotations

import re
from typing import Any

from cite_sentinel.core.fix.bibvalues import bibtex_text, bibtex_value
from cite_sentinel.core.fix.changes import Change, FixField
from cite_sentinel.core.fix.csl_names import csl_name
from cite_sentinel.core.fix.plan import printed_doi
from cite_sentinel.core.lexicon.identifiers import normalise_arxiv
from cite_sentinel.core.lexicon.kinds import (
    Kind,
    bibtex_type,
    csl_type,
    kind_of_index_type,
    kind_of_reference,
)
from cite_sentinel.core.matching.fit import is_preprint
from cite_sentinel.core.matching.venues import is_preprint_server
from cite_sentinel.core.model import Record, Reference

_PROCEEDINGS_WORDS = ("proceedings", "conference", "workshop", "symposium")
_VAGUE = frozenset({Kind.UNKNOWN, Kind.OTHER})
_IN_BOOK = frozenset({Kind.PAPER, Kind.CHAPTER})
_PUBLISHED_BY = frozenset({Kind.PAPER, Kind.BOOK, Kind.CHAPTER, Kind.DATASET, Kind.SOFTWARE})
_ARXIV = "10.48550/"  # arXiv's DOI prefix
_DATE = re.compile(r"(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?")


def record_kind(record: Record) -> Kind:
    """The kind of work a record is: a preprint by its flag, DOI or repository; a journal
    "article" in a proceedings a conference paper; else the kind the index's type names."""
    if is_preprint(record):
        return Kind.PREPRINT
    kind = kind_of_index_type(record.kind)
    if kind is Kind.ARTICLE and _in_proceedings(record):
        return Kind.PAPER  # OpenAlex types every paper an article
    if kind in _VAGUE and record.venue:
        return Kind.ARTICLE
    return kind if kind is not Kind.UNKNOWN else Kind.OTHER


def record_bibtex(key: str, record: Record, newline: str = "\n") -> str:
    """`@type{key, …}` on lines of its own, with a line end before and after it: every field
    the record gives that the kind's entry holds, escaped as `fix` escapes."""
    kind = record_kind(record)
    arxiv = _arxiv_id(record) if kind is Kind.PREPRINT else ""
    authors = Change(FixField.AUTHORS, "", record.people)
    pages = Change(FixField.PAGES, record.pages)
    placed = kind is not Kind.PREPRINT  # a preprint has no volume, issue or pages of its own
    fields = [
        ("author", bibtex_value(authors) if record.people else ""),
        ("title", bibtex_text(record.title)),
        (_venue_field(kind), "" if arxiv else bibtex_text(_venue(record, kind))),
        ("year", str(record.year or "")),
        ("volume", bibtex_text(record.volume) if placed else ""),
        ("number", bibtex_text(record.issue) if placed else ""),
        ("pages", bibtex_value(pages) if placed else ""),
        ("publisher", bibtex_text(record.publisher) if kind in _PUBLISHED_BY else ""),
        ("doi", printed_doi(record)),
        ("eprint", arxiv),
        ("archivePrefix", "arXiv" if arxiv else ""),
        ("primaryClass", record.eprint_class if arxiv else ""),
        ("url", f"https://arxiv.org/abs/{arxiv}" if arxiv else ""),
    ]
    lines = "".join(f"  {name} = {{{value}}},{newline}" for name, value in fields if value)
    return f"{newline}@{bibtex_type(kind)}{{{key},{newline}{lines}}}{newline}"


def record_csl(key: str, record: Record, cited: Reference | None = None) -> dict[str, Any]:
    """A CSL-JSON item with id `key` and the record's fields; a `cited` reference gives its
    kind where the record's says less, and the fields the record lacks, its URL and the date
    it was accessed (the Pandoc filter's corrections)."""
    kind = _kind(record, cited)
    arxiv = _arxiv_id(record) or (cited.identifiers.arxiv if cited else "")
    arxiv = arxiv if kind is Kind.PREPRINT else ""

    def either(own: str, field: str) -> str:
        return own or (str(getattr(cited, field)) if cited is not None else "")

    item: dict[str, Any] = {"id": key, "type": _csl_type(kind, cited)}
    people = record.people or (cited.people if cited else ())
    if people:
        item["author"] = [csl_name(person) for person in people]
    venue = "" if kind is Kind.PREPRINT else either(record.venue, "venue")
    fields = {
        "title": either(record.title, "title"),
        "container-title": venue,
        "volume": either(record.volume, "volume"),
        "issue": either(record.issue, "issue"),
        "page": either(record.pages, "pages").replace("--", "–"),
        "publisher": either(record.publisher, "publisher") or _repository(record, kind, arxiv),
        "number": f"arXiv:{arxiv}" if arxiv else "",
        "DOI": printed_doi(record) or (cited.identifiers.doi if cited else ""),
        "URL": (cited.identifiers.url if cited else "")
        or (f"https://arxiv.org/abs/{arxiv}" if arxiv else ""),
    }
    item.update({name: value for name, value in fields.items() if value})
    issued = _date_parts(record.date, record.year)
    if not issued and cited is not None:
        issued = _date_parts(cited.date, cited.year)
    if issued:
        item["issued"] = {"date-parts": [issued]}
    accessed = _date_parts(cited.accessed, None) if cited is not None else []
    if accessed:
        item["accessed"] = {"date-parts": [accessed]}
    return item


def _kind(record: Record, cited: Reference | None) -> Kind:
    """The record's kind, unless it says less than the citation: a vague type, or OpenAlex's
    `article` for what the citation calls another kind (not a preprint: the record knows)."""
    kind = record_kind(record)
    said = kind_of_reference(cited) if cited is not None else Kind.UNKNOWN
    if said in _VAGUE or said is Kind.PREPRINT:
        return kind
    if kind in _VAGUE or kind is Kind.ARTICLE:
        return said
    return kind


def _csl_type(kind: Kind, cited: Reference | None) -> str:
    """The CSL type of the kind; a CSL item's own where it names that kind more closely
    (`article-magazine`, `post-weblog`)."""
    written = cited is not None and cited.source_format.startswith("csl")
    if written and cited is not None and kind_of_reference(cited) is kind:
        return cited.kind
    return csl_type(kind) or "document"


def _arxiv_id(record: Record) -> str:
    """The preprint's arXiv id: the record's, else the one its arXiv DOI holds."""
    doi = record.identifiers.doi
    return record.identifiers.arxiv or (normalise_arxiv(doi) if doi.startswith(_ARXIV) else "")


def _in_proceedings(record: Record) -> bool:
    if record.venue_kind == "conference":
        return True
    venue = record.venue.lower()
    return any(word in venue for word in _PROCEEDINGS_WORDS)


def _venue_field(kind: Kind) -> str:
    if kind in _IN_BOOK:
        return "booktitle"
    if kind is Kind.ARTICLE:
        return "journal"
    if kind is Kind.THESIS:
        return "school"
    if kind is Kind.REPORT:
        return "institution"
    return "" if kind is Kind.BOOK else "howpublished"


def _venue(record: Record, kind: Kind) -> str:
    """What the kind's venue field holds: a school or institution may be in the publisher."""
    if kind in (Kind.THESIS, Kind.REPORT):
        return record.venue or record.publisher
    if kind in (Kind.DATASET, Kind.SOFTWARE, Kind.OTHER):
        return "" if record.venue == record.publisher else record.venue
    return record.venue


def _repository(record: Record, kind: Kind, arxiv: str) -> str:
    """A preprint's repository, as the publisher of its CSL item."""
    if kind is not Kind.PREPRINT:
        return ""
    if arxiv:
        return "arXiv"
    return record.venue if is_preprint_server(record.venue) else ""


def _date_parts(date: str, year: int | None) -> list[str]:
    found = _DATE.match(date or "")
    if found:
        return [part.lstrip("0") or "0" for part in found.groups() if part]
    return [str(year)] if year else []
