"""A reference read from print, written as a new BibTeX entry or CSL-JSON item.

`cite-sentinel parse` rescues a bibliography from a PDF or a pasted list with these: every
field the reader found, escaped as `fix` escapes, with the reader's confidence beside it (a
BibTeX comment line, a `cite-sentinel-confidence` member in CSL-JSON that processors ignore).
"""

from __future__ import annotations

from typing import Any

from cite_sentinel.core.fix.bibvalues import bibtex_text, bibtex_value
from cite_sentinel.core.fix.changes import Change, FixField
from cite_sentinel.core.fix.csl_names import csl_name
from cite_sentinel.core.lexicon.kinds import bibtex_type, kind_of_csl
from cite_sentinel.core.model import Reference


def reference_bibtex(reference: Reference, key: str) -> str:
    """`@type{key, …}` with the fields the reference holds, preceded by a comment naming the
    reader's confidence in each field it read."""
    kind = bibtex_type(kind_of_csl(reference.kind))
    venue_field = "booktitle" if kind in ("inproceedings", "incollection") else "journal"
    ids = reference.identifiers
    fields: list[tuple[str, str]] = []
    if reference.people:
        authors = Change(FixField.AUTHORS, "", reference.people, reference.others)
        fields.append(("author", bibtex_value(authors)))
    if reference.editors:
        fields.append(("editor", bibtex_value(Change(FixField.AUTHORS, "", reference.editors))))
    fields += [
        ("title", bibtex_text(reference.title)),
        (venue_field if kind != "misc" else "howpublished", bibtex_text(reference.venue)),
        ("year", str(reference.year or "")),
        ("volume", bibtex_text(reference.volume)),
        ("number", bibtex_text(reference.issue)),
        ("pages", bibtex_value(Change(FixField.PAGES, reference.pages))),
        ("publisher", bibtex_text(reference.publisher)),
        ("doi", ids.doi),
        ("eprint", ids.arxiv),
        ("eprinttype", "arxiv" if ids.arxiv else ""),
        ("isbn", ids.isbn),
        ("pmid", ids.pmid),
        ("url", ids.url if not ids.doi else ""),
    ]
    lines = [f"  {name} = {{{value}}},\n" for name, value in fields if value]
    note = _confidence_note(reference)
    return f"{note}@{kind}{{{key},\n{''.join(lines)}}}\n"


def reference_csl(reference: Reference, key: str) -> dict[str, Any]:
    """A CSL-JSON item with the fields the reference holds and the reader's confidence."""
    ids = reference.identifiers
    item: dict[str, Any] = {"id": key, "type": reference.kind or "article"}
    values: dict[str, Any] = {
        "author": [csl_name(person) for person in reference.people],
        "editor": [csl_name(person) for person in reference.editors],
        "title": reference.title,
        "container-title": reference.venue,
        "issued": {"date-parts": [_date_parts(reference)]} if reference.year else None,
        "volume": reference.volume,
        "issue": reference.issue,
        "page": reference.pages,
        "publisher": reference.publisher,
        "DOI": ids.doi,
        "ISBN": ids.isbn,
        "PMID": ids.pmid,
        "PMCID": ids.pmcid,
        "URL": ids.url or (f"https://arxiv.org/abs/{ids.arxiv}" if ids.arxiv else ""),
        "number": f"arXiv:{ids.arxiv}" if ids.arxiv else "",
    }
    item.update({name: value for name, value in values.items() if value})
    if reference.confidence:
        item["cite-sentinel-confidence"] = dict(reference.confidence)
    return item


def _date_parts(reference: Reference) -> list[int]:
    parts = [int(part) for part in reference.date.split("-") if part.isdigit()]
    return parts if parts and parts[0] == reference.year else [reference.year or 0]


def _confidence_note(reference: Reference) -> str:
    if not reference.confidence:
        return ""
    read = ", ".join(f"{name} {value:.2f}" for name, value in reference.confidence)
    return f"% read with confidence: {read}\n"
